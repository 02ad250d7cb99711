"""The protocol, checked the same way for every registered game and the test game.

Every game added to ``rules.GAMES`` passes through here automatically: random
seeded playouts with every player count the game allows (up to six) and each of
the variants the game lists in ``VARIANTS``. One seed a case here; ``make conformance``
plays more (``CONFORMANCE_SEEDS``, 20 by default) for a longer search.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import random
from collections import Counter

import pytest

import rules
from rules.cards import Card, NotationError, parse_card
from rules.errors import IllegalAction
from rules.game import Action, Game, State, Variant, from_json, playout
from tests import war

SEEDS = range(int(os.environ.get("RULEBOOK_CONFORMANCE_SEEDS", "1")))


def _games():
    return [*rules.GAMES.values(), war.GAME]


def _cases():
    cases = []
    for game in _games():
        info = game.info
        for variant in game.variants:
            for players in range(info.min_players, min(info.max_players, 6) + 1):
                if variant.allows(players):
                    options = dict(variant.options)
                    cases.append(pytest.param(game, players, options, id=f"{info.id}-{players}p-{_name(options)}"))
    return cases


def _name(options):
    return ",".join(f"{k}={_short(v)}" for k, v in sorted(options.items())) or "default"


def _short(value):
    return value if isinstance(value, int | str | bool) else type(value).__name__


def test_the_registry_is_not_empty():
    assert rules.GAMES, "rules.GAMES is empty: the conformance suite would check nothing"
    assert all(gid == game.id and isinstance(game, Game) for gid, game in rules.GAMES.items())


def test_cases_exist_for_every_registered_game():
    ids = {c.values[0].id for c in _cases()}
    assert ids == set(rules.GAMES) | {"war"}


def _cards_in(data) -> Counter:
    """Every string in ``data`` that is exactly one card in notation."""
    found = Counter()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str) and 1 < len(item) <= 4:
            card = _card_or_none(item)
            if card is not None:
                found[card] += 1
    return found


@functools.lru_cache(maxsize=1 << 16)
def _card_or_none(text: str):
    """The card ``text`` is in notation, or None: parsed once per string (views repeat the same
    few hundred strings at every step of every playout, and a refused parse raises)."""
    try:
        return parse_card(text)
    except NotationError:
        return None


def _check_step(state: State, deck: Counter):
    over = state.is_over()
    actions = state.legal_actions()
    assert (not actions) == over, "legal_actions must be empty exactly when the game is over"
    assert (state.current_player is None) == over
    labels = [a.label for a in actions]
    assert len(set(labels)) == len(labels), f"labels are not unique: {labels}"
    for a in actions:
        assert a.rule in state.GAME.rules, f"{a} names {a.rule!r}, which is not one of the game's rules"
        assert a.explain("en") and a.explain("ru")
    zones = Counter()
    for cards in state.zones().values():
        zones.update(cards)
    assert zones == deck, "cards are not conserved"
    for p in range(state.num_players):
        visible = Counter()
        for name in state.visible_zones(p):
            visible.update(state.zones()[name])
        shown = _cards_in(state.view(p))
        leaked = {str(c): n for c, n in (shown - visible).items()}
        assert not leaked, f"view({p}) shows cards it may not see: {leaked}"
    return actions


def _illegal_candidates(state: State, actions: list[Action]):
    """Actions that are surely not legal now: a legal one given to another player."""
    legal = set(actions)
    for a in actions:
        for p in range(state.num_players):
            other = dataclasses.replace(a, player=p)
            if other not in legal:
                yield other


def _check_log(state: State) -> None:
    """The story has one entry per action, each a sentence with its rule, in both languages."""
    en, ru = state.log("en"), state.log("ru")
    assert len(en) == len(ru), "the log has a different length in Russian"
    assert sum(e.kind == "action" for e in en) == len(state.history), "the log misses actions"
    for e, r in zip(en, ru, strict=True):
        assert e.text and r.text and e.rule == r.rule and e.step == r.step
        assert e.rule in state.GAME.rules, f"{e.text!r} names {e.rule!r}, which is not one of the game's rules"
    assert [e.text for e in en if e.kind == "action"] == [a.explain("en") for a in state.history]


def _malformed(actions: list[Action]) -> list[Action]:
    """Legal actions with one field replaced by a value of the wrong kind."""
    out = []
    for a in actions[:2]:
        for field in dataclasses.fields(a):
            if field.name == "player" or not field.compare:
                continue
            for junk in (None, -1, "?"):
                with contextlib.suppress(Exception):
                    out.append(dataclasses.replace(a, **{field.name: junk}))
    return out


def _check_verdict(game: Game, state: State, actions: list[Action], tried) -> None:
    """The verdict and the moves agree: every legal move is allowed, and every other move
    tried (moves legal earlier in the game, or given to another seat) is refused in both
    languages by a rule of the game."""
    legal = set(actions)
    for action in actions:
        assert state.verdict(action) is None, f"the verdict refuses the legal move {action.label!r}"
    for action in tried:
        if action in legal:
            continue
        error = state.why_illegal(action)  # asked directly: a failing verdict shows here
        assert isinstance(error, IllegalAction) and error.message("en") and error.message("ru")
        assert error.rule is None or error.rule in game.rules, f"{error.rule!r} is not a rule of {game.id}"
        if not state.is_over():
            assert state.verdict(action) is not None or state._outside_rules(action) is not None, (
                f"the verdict allows {action.label!r}, which is not a legal move"
            )


def _thorough(step: int) -> bool:
    """Steps at which the costly checks run: the first few, then every 29th."""
    return step < 6 or step % 29 == 0


@pytest.mark.parametrize(("game", "players", "options"), _cases())
def test_random_playouts_keep_the_protocol(game, players, options):
    for seed in SEEDS:
        state = game.new_game(players=players, seed=seed, **options)
        deck = Counter(state.cards_used())
        bound = state.INFO.max_actions(state)
        rng = random.Random(seed)
        step = 0
        previous = None  # the state before the last action, kept when the next step is a thorough one
        seen: dict[Action, None] = {}  # moves legal earlier in this game, the latest last
        while True:
            actions = _check_step(state, deck)
            thorough = _thorough(step) or not actions
            if thorough:
                others = list(_illegal_candidates(state, actions))[:6] if actions else []
                _check_verdict(game, state, actions, [*list(seen)[-40:], *others])
                restored = game.from_json(state.to_json())
                assert restored.replay_key() == state.replay_key(), "to_json/from_json does not round-trip"
                _check_log(state)
                if previous is not None:
                    key = state.replay_key()
                    undone = state.undo(1)
                    assert undone.replay_key() == previous, "undo(1) does not give the state before the last action"
                    assert state.replay_key() == key, "undo changed the original state"
                for bad in _malformed(actions)[:3]:
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
            if not actions:
                break
            for bad in list(_illegal_candidates(state, actions))[:2]:
                before = state.replay_key() if thorough else len(state.history)
                with pytest.raises(IllegalAction) as err:
                    state.apply(bad)
                assert err.value.message("en") and err.value.message("ru")
                after = state.replay_key() if thorough else len(state.history)
                assert after == before, "an illegal action changed the state"
                assert state.legal_actions() == actions, "an illegal action changed the legal actions"
            previous = state.replay_key() if _thorough(step + 1) else None
            for action in actions[:8]:
                seen.pop(action, None)
                seen[action] = None
            state.apply(actions[rng.randrange(len(actions))])
            step += 1
            assert step <= bound, f"game not over after its declared bound of {bound} actions"
        result = state.result()
        assert len(result.scores) == len(result.places) == players
        assert min(result.places) == 1
        replayed = game.new_game(players=players, seed=seed, **options)
        for action in state.history:
            replayed.apply(action)
        assert replayed.replay_key() == state.replay_key(), "replaying the history gives another game"
        saved = json.loads(state.to_json())
        assert saved["game"] == game.info.id


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_legality_is_stated_once_in_the_verdict(game):
    """A game states its rules in its verdict; the refusal is the core's (never the game's own)."""
    assert "verdict" in vars(game.state) or any("verdict" in vars(c) for c in game.state.__mro__[1:-2])
    overrides = [c.__name__ for c in game.state.__mro__ if c is not State and "why_illegal" in vars(c)]
    assert not overrides, f"{overrides} write their own why_illegal: state the rules in the verdict"


#: the most actions of one playout looking for the kinds of a game's moves
KINDS_PLAYOUT_ACTIONS = 400
#: the most positions of one game at which every card is tried in every kind of move
CARD_PROBE_POSITIONS = 6


def _kinds_met(game: Game) -> dict[type, Action]:
    """One action of each kind of the game's moves, the first met in seeded random playouts of the
    game's variants and its default options, by up to four players, until every kind has been met (a
    kind random players hardly ever reach, such as DoMiMi's optional second card, may stay unmet)."""
    found: dict[type, Action] = {}
    info = game.info
    plays = [
        (dict(variant.options), players, seed)
        for seed in range(3)
        for variant in (*game.variants, Variant())
        for players in range(info.min_players, min(info.max_players, 4) + 1)
        if variant.allows(players)
    ]
    for options, players, seed in plays:
        state = game.new_game(players=players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(KINDS_PLAYOUT_ACTIONS):
            if state.is_over() or len(found) == len(game.actions):
                break
            actions = state.legal_actions()
            for action in actions:
                found.setdefault(type(action), action)
            state.apply(actions[rng.randrange(len(actions))])
        if len(found) == len(game.actions):
            break
    return found


def _with_every_card(template: Action, player: int, cards) -> list[Action]:
    """``template`` made ``player``'s, with each card of ``cards`` in each of its card fields in turn (a
    field holding a card, or the first card of a field holding a tuple of cards); the template itself
    when it has no card field."""
    base = dataclasses.replace(template, player=player)
    out = []
    for field in dataclasses.fields(template):
        if not field.init or not field.compare or field.name == "player":
            continue
        value = getattr(template, field.name)
        if isinstance(value, Card):
            out += [dataclasses.replace(base, **{field.name: card}) for card in cards]
        elif isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
            out += [dataclasses.replace(base, **{field.name: (card, *value[1:])}) for card in cards]
    return out or [base]


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_every_card_in_every_kind_of_move_is_refused_with_a_reason_unless_legal(game):
    """Moves never met in play, not only moves legal earlier: at a few positions of a game (each the
    first where the legal moves are of kinds not seen together before, as a new phase brings), each
    kind of the game's moves with each card of the game's decks in each of its card fields, made the
    seat to move's and another seat's. Every one that is not a legal move is refused by the game's
    verdict (or the core's checks) in both languages, with a rule of the game, and leaves the state
    as it was."""
    kinds = _kinds_met(game)
    assert kinds, f"{game.id}: no move met in play"
    state = game.new_game(seed=11)
    cards = sorted(set(state.cards_used()), key=str)
    rng = random.Random(11)
    tried, situations = 0, set()
    for _ in range(state.INFO.max_actions(state)):
        if state.is_over() or len(situations) == CARD_PROBE_POSITIONS:
            break
        legal = state.legal_actions()
        situation = frozenset(map(type, legal))
        if situation not in situations:
            situations.add(situation)
            tried += _probe_every_card(game, state, legal, kinds.values(), cards)
        state.apply(legal[rng.randrange(len(legal))])
    assert tried > 0


def _probe_every_card(game: Game, state: State, legal: list[Action], templates, cards) -> int:
    """Try every card in every kind of move (:func:`_with_every_card`) for the seat to move and the
    next one; return how many moves were refused."""
    key = state.replay_key()
    mover, tried = state.current_player, 0
    for seat in dict.fromkeys((mover, (mover + 1) % state.num_players)):
        for template in templates:
            for action in _with_every_card(template, seat, cards):
                if action in legal:
                    continue
                error = state.why_illegal(action)
                assert isinstance(error, IllegalAction), f"{action!r} is refused with {error!r}"
                assert error.message("en") and error.message("ru"), f"{action!r}: a refusal without words"
                assert error.rule is None or error.rule in game.rules, f"{error.rule!r} is not a rule of {game.id}"
                assert state.verdict(action) is not None or state._outside_rules(action) is not None, (
                    f"the verdict allows {action!r}, which is not a legal move"
                )
                with pytest.raises(IllegalAction):
                    state.apply(action)
                tried += 1
    assert state.replay_key() == key, "a refused move changed the state"
    assert state.legal_actions() == legal, "a refused move changed the legal moves"
    return tried


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_every_action_says_its_card_and_cards_as_the_protocol_declares_them(game):
    """``action.card`` is a card or None and ``action.cards`` a tuple of cards or None, for every
    legal action of a game (the views and the class together read them without asking)."""
    state = game.new_game(players=game.info.min_players, seed=5)
    seen = set()
    rng = random.Random(5)
    while not state.is_over() and len(seen) < 400:
        actions = state.legal_actions()
        for action in actions:
            assert action.card is None or isinstance(action.card, Card), action
            assert action.cards is None or all(isinstance(c, Card) for c in action.cards), action
            seen.add(type(action))
        state.apply(actions[rng.randrange(len(actions))])
    assert seen
    for make in game.players.values():
        player = make()
        assert isinstance(player.needs_view, bool), f"{game.id}: {player!r} says whether it reads its view"


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_acting_after_the_end_is_refused(game):
    state = game.new_game(players=game.info.min_players, seed=1)
    playout(state, seed=1)
    assert state.is_over()
    last = state.history[-1]
    with pytest.raises(IllegalAction):
        state.apply(last)


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_too_many_or_too_few_players_is_a_clear_error(game):
    info = game.info
    for bad in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(rules.OptionError) as err:
            game.new_game(players=bad, seed=0)
        assert str(bad) in str(err.value)


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_the_same_seed_gives_the_same_game(game):
    a = playout(game.new_game(players=game.info.min_players, seed=7), seed=3)
    b = playout(game.new_game(players=game.info.min_players, seed=7), seed=3)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game", list(rules.GAMES.values()), ids=lambda g: g.id)
def test_any_saved_game_is_restored_by_its_id(game):
    state = game.new_game(players=game.info.min_players, seed=5)
    for _ in range(3):
        state.apply(state.legal_actions()[-1])
    restored = from_json(state.to_json())
    assert type(restored) is type(state)
    assert restored.replay_key() == state.replay_key()


def test_a_saved_game_of_an_unknown_kind_is_refused():
    with pytest.raises(rules.SaveError, match="unknown game 'chess'"):
        from_json('{"game": "chess", "players": 2, "seed": 0, "options": {}, "history": []}')


#: a save of the game under test (``%s``) made by ``new_game``, up to its arguments
_NEW_GAME = '{"format": 2, "game": "%s", "factory": "new_game", '
HOSTILE_SAVES = {
    "not JSON": "{",
    "nested": "[" * 100_000 + "]" * 100_000,
    "a list": "[]",
    "huge": '{"format": 2, "history": [' + '"x",' * 600_000 + '"x"]}',
    "null seed": _NEW_GAME + '"args": {"players": 2, "seed": null}, "history": []}',
    "text seed": _NEW_GAME + '"args": {"players": 2, "seed": "1"}, "history": []}',
    "float seed": _NEW_GAME + '"args": {"players": 2, "seed": 1.5}, "history": []}',
    "bool players": _NEW_GAME + '"args": {"players": true, "seed": 1}, "history": []}',
    "unknown factory": '{"format": 2, "game": "%s", "factory": "__init__", "args": {}, "history": []}',
    "unknown argument": _NEW_GAME + '"args": {"players": 2, "seed": 1, "x": 1}, "history": []}',
    "bad history": _NEW_GAME + '"args": {"players": 2, "seed": 1}, "history": [1]}',
    "bad label": _NEW_GAME + '"args": {"players": 2, "seed": 1}, "history": ["\u202eno"]}',
    "future format": '{"format": 99, "game": "%s", "factory": "new_game", "args": {}, "history": []}',
    "unknown field": '{"format": 2, "game": "%s", "factory": "new_game", "args": {}, "history": [], "eval": 1}',
}


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
@pytest.mark.parametrize("name", list(HOSTILE_SAVES))
def test_a_malformed_save_is_refused_in_both_languages(game, name):
    text = HOSTILE_SAVES[name].replace("%s", game.info.id)
    with pytest.raises(rules.RulesError) as err:
        game.from_json(text)
    assert err.value.message("en") and err.value.message("ru")
    assert len(str(err.value)) < 300, "an error message must quote a bounded excerpt"
    assert "\u202e" not in err.value.message("en")


@pytest.mark.parametrize("game", list(rules.GAMES.values()), ids=lambda g: g.id)
def test_a_save_of_another_game_is_refused(game):
    other = next(m for m in _games() if m is not game)
    saved = other.new_game(players=max(other.info.min_players, game.info.min_players), seed=0).to_json()
    with pytest.raises(rules.SaveError, match="not of"):
        game.from_json(saved)


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_undo_takes_back_actions_and_is_refused_beyond_the_start(game):
    state = game.new_game(players=game.info.min_players, seed=2)
    start = state.replay_key()
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert state.undo(3).replay_key() == start
    assert len(state.undo(1).history) == 2 and len(state.history) == 3
    with pytest.raises(IllegalAction):
        state.undo(4)


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_every_setup_saves_loads_and_plays_on(game):
    assert game.setups, f"{game.info.id} has no teaching set-ups"
    for name, make in game.setups.items():
        state = make()
        assert state.origin[0] in ("new_game", *game.factories), name
        start = state.replay_key()
        rng = random.Random(name)
        for _ in range(12):
            restored = game.from_json(state.to_json())
            assert restored.replay_key() == state.replay_key(), f"set-up {name!r} does not round-trip"
            if state.is_over():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        assert state.undo(len(state.history)).replay_key() == start, f"set-up {name!r} does not undo to its start"


def _snapshot(state: State) -> tuple:
    """What a reader of ``state`` could notice: its save, its legal moves, every zone, every view."""
    zones = {name: [str(c) for c in cards] for name, cards in state.zones().items()}
    return state.to_json(), [a.label for a in state.legal_actions()], zones, state.replay_key()


def _conserved(state: State, deck: Counter) -> None:
    held = Counter()
    for cards in state.zones().values():
        held.update(cards)
    assert dict.__eq__(held, deck), f"cards are not conserved after {len(state.history)} actions"  # at C speed


def _starts(game):
    """Random games of every player count (up to four) and every teaching set-up."""
    info = game.info
    for players in range(info.min_players, min(info.max_players, 4) + 1):
        with contextlib.suppress(rules.OptionError):  # a count the game's default options do not allow
            yield f"{players} players", game.new_game(players=players, seed=players)
    for name, make in game.setups.items():
        yield name, make()


#: moves played on each copy, and the original's actions after which a copy is tried
COPY_MOVES, COPY_STEPS = 12, 300


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.id)
def test_playing_on_a_copy_leaves_the_original_as_it_was(game):
    """A copy is independent: random moves on copies, taken at many states of random games
    and of every set-up, leave the original's save, legal moves, zones and views as they were."""
    tried = 0
    for name, state in _starts(game):
        deck = Counter(state.cards_used())
        rng = random.Random(name)
        for step in range(COPY_STEPS):
            if state.is_over():
                break
            if step < 20 or step % 5 == 0:
                before = _snapshot(state)
                copy = state.clone()
                for _ in range(COPY_MOVES):
                    if copy.is_over():
                        break
                    actions = copy.legal_actions()
                    copy.apply(actions[rng.randrange(len(actions))])
                    _conserved(copy, deck)
                if tried % 8 == 0:
                    restored = game.from_json(copy.to_json())
                    assert restored.replay_key() == copy.replay_key(), f"{name}: a copy plays unlike its game"
                assert _snapshot(state) == before, f"{name}: moves on a copy changed the original at action {step}"
                tried += 1
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            _conserved(state, deck)
    assert tried >= 10, f"only {tried} copies tried"
