"""Minefield exercises: the scores after a move, who draws next, the running effects, dangerous cells, the magic.

A position is a teaching set-up of :func:`rules.minefield.new_game` (a layout made
with :func:`rules.minefield.make_layout` and a fixed order of barrels) played for a
few moves; the answer is what the engine's next draw does, read from its events.
"""

from __future__ import annotations

import random

from rules import minefield as mf
from rules import svg
from rules.cards import ALL_CARDS, Card, format_card
from rules.exercises.core import Bi, Choice, kind, picture
from rules.lang import count

#: every card's notation, in the order of ``ALL_CARDS`` (the layouts are drawn as texts)
_TEXTS = tuple(str(c) for c in ALL_CARDS)
#: the ten magic cards and two ordinary ones, as main cards to put in play
_MAGIC = ("Q♠", "A♠", "K♠", "A♣", "K♣", "A♥", "K♥", "A♦", "RJ", "BJ", "Q♥", "Q♦", "Q♣", "K♦")


def _cell_pair(rng: random.Random, main: str, amplified_odds: float) -> tuple[str, str]:
    if rng.random() < amplified_odds:
        return main, main
    amp = rng.choice([t for t in _TEXTS if t != main])
    return main, amp


class _Game:
    """A seeded teaching game: ``layout`` and ``barrels`` fixed, ``played`` draws made."""

    def __init__(self, players: int, seed: int, cells: dict, barrels: list[int], played: int):
        self.players, self.seed, self.barrels, self.played = players, seed, barrels, played
        self.layout = mf.make_layout(cells, seed=seed)
        self.state = self.replay(barrels)

    def replay(self, barrels: list[int]) -> mf.MinefieldState:
        state = mf.new_game(players=self.players, seed=self.seed, layout=self.layout, barrels=barrels)
        for _ in range(self.played):
            state.draw()
        return state


def _game(rng: random.Random, difficulty: int, played: int | None = None) -> _Game:
    players = 2 if difficulty == 1 else rng.choice((2, 3))
    played = rng.randint(1, 2 + 3 * difficulty) if played is None else played
    cells = {}
    magic = list(_MAGIC)
    rng.shuffle(magic)
    order = rng.sample(range(1, mf.CELLS + 1), played + 6)
    odds = {1: 0.0, 2: 0.2, 3: 0.35}[difficulty]
    used_main, used_amp = set(), set()
    for n in order:
        if rng.random() < 0.7 and magic:
            main = magic.pop()
        else:
            main = rng.choice([t for t in _TEXTS if t not in _MAGIC and t not in used_main])
        pair = _cell_pair(rng, main, odds)
        if pair[0] in used_main or pair[1] in used_amp:
            continue
        used_main.add(pair[0])
        used_amp.add(pair[1])
        cells[n] = pair
    barrels = [n for n in order if n in cells]
    return _Game(players, rng.randrange(10_000), cells, barrels, played)


def _scores_text(scores) -> Bi:
    return Bi(
        ", ".join(f"player {p + 1}: {s}" for p, s in enumerate(scores)),
        ", ".join(f"игрок {p + 1}: {s}" for p, s in enumerate(scores)),
    )


def _before(state: mf.MinefieldState) -> Bi:
    """What a player at the table knows: moves so far, scores, running effects and collections."""
    scores = _scores_text(state.scores())
    parts = [
        Bi(
            f"{count(state.moves, 'en', ('barrel', 'barrels'))} drawn so far. Scores: {scores.en}.",
            f"Вытянуто бочонков: {state.moves}. Очки: {scores.ru}.",
        )
    ]
    jackpot = state.jackpot_cards()
    if jackpot:
        status = state.jackpot_status()
        words = {"open": ("still open", "ещё разыгрывается"), "lost": ("lost", "потерян"), "won": ("won", "выигран")}
        en, ru = words[status]
        parts.append(
            Bi(
                f" Jackpot amplifiers so far: {' '.join(map(str, jackpot))} ({en}).",
                f" Усиливающие карты джек пота: {' '.join(format_card(c, 'ru') for c in jackpot)} ({ru}).",
            )
        )
    for p in range(state.num_players):
        effects = Bi(state.status_text(p, "en"), state.status_text(p, "ru"))
        collected = state.collection(p)
        cards_en = " ".join(f"{c}{'×2' if d else ''}" for c, d in collected) or "nothing"
        cards_ru = " ".join(f"{format_card(c, 'ru')}{'×2' if d else ''}" for c, d in collected) or "ничего"
        parts.append(
            Bi(
                f" Player {p + 1} has collected {cards_en}" + (f"; {effects.en}" if effects.en else "") + ".",
                f" Игрок {p + 1} собрал {cards_ru}" + (f"; {effects.ru}" if effects.ru else "") + ".",
            )
        )
    return Bi.join(parts, "")


def _next_move(state: mf.MinefieldState):
    """The next draw, made on a copy: (mover, cell, main, amplifier, events, state after)."""
    after = state.clone()
    mover = after.current_player
    events = after.draw()
    cell, main, amp = next(e.data for e in events if e.kind == "open")
    return mover, cell, ALL_CARDS[main], ALL_CARDS[amp], events, after


def _opens(mover: int, cell: int, main: Card, amp: Card) -> Bi:
    same = main == amp
    return Bi(
        f" Now player {mover + 1} draws barrel {cell}: the cell holds {main}, amplifier {amp}"
        + (" (amplified)." if same else "."),
        f" Теперь игрок {mover + 1} вытягивает бочонок {cell}: в ячейке {format_card(main, 'ru')}, усиливающая "
        f"{format_card(amp, 'ru')}" + (" (ячейка усиленная)." if same else "."),
    )


def _events_text(events) -> Bi:
    return Bi(" ".join(e.explain("en") + "." for e in events), " ".join(e.explain("ru") + "." for e in events))


def _main_rule(events) -> str:
    """The rule that matters most in a move: one that changed a score, else the first magic, else the move."""
    scored = [e.rule for e in events if e.points]
    magic = [e.rule for e in events if e.kind not in ("open", "jackpot_card")]
    return (scored or magic or [e.rule for e in events if e.kind != "open"] or ["minefield.move"])[0]


def _collections(state: mf.MinefieldState):
    def draw(lang):
        return "".join(
            svg.row([c for c, _ in state.collection(p)], lang=lang, width=30, title=f"{p + 1}")
            for p in range(state.num_players)
        )

    return picture(draw)


def _interesting(rng, difficulty, test):
    for _ in range(500):
        game = _game(rng, difficulty)
        if not game.state.is_over():
            found = _next_move(game.state)
            if test(game, found):
                return game, found
    raise AssertionError("no position found")  # pragma: no cover


@kind("minefield.score", "The scores after a move", "Очки после хода", "numbers")
def score(rng: random.Random, difficulty: int) -> dict:
    def test(game, found):
        events = found[4]
        return any(e.points for e in events) or rng.random() < 0.2

    game, (mover, cell, main, amp, events, after) = _interesting(rng, difficulty, test)
    scores = after.scores()
    return dict(
        question=_before(game.state)
        + _opens(mover, cell, main, amp)
        + Bi(
            " What are the scores after this move (one number per player, in seat order)?",
            " Сколько очков будет у игроков после этого хода (по числу на игрока, по порядку мест)?",
        ),
        rule=_main_rule(events),
        solution=tuple(scores),
        solution_text=_scores_text(scores),
        picture=_collections(game.state),
        reasons=(("why", _events_text(events)),),
    )


@kind("minefield.next", "Who draws next?", "Кто тянет следующим?", "choose")
def next_player(rng: random.Random, difficulty: int) -> dict:
    def test(game, found):
        after = found[5]
        return after.current_player == found[0] or rng.random() < 0.3

    game, (mover, cell, main, amp, events, after) = _interesting(rng, difficulty, test)
    nxt = after.current_player
    choices = tuple(Choice(str(p + 1), Bi(f"player {p + 1}", f"игрок {p + 1}")) for p in range(game.state.num_players))
    if nxt is None:  # pragma: no cover - positions are never the last cell
        raise AssertionError("the game ended")
    again = after.moves_in_a_row()
    why = _events_text(events) + Bi(
        f" Player {nxt + 1} draws next ({count(again, 'en', ('move', 'moves'))} in a row).",
        f" Следующим тянет игрок {nxt + 1} (ходов подряд: {again}).",
    )
    return dict(
        question=_before(game.state)
        + _opens(mover, cell, main, amp)
        + Bi(" Who draws the next barrel?", " Кто вытягивает следующий бочонок?"),
        rule=_main_rule(events),
        solution=str(nxt + 1),
        solution_text=Bi(f"player {nxt + 1}", f"игрок {nxt + 1}"),
        choices=choices,
        picture=_collections(game.state),
        reasons=tuple((c.key, why) for c in choices),
    )


_EFFECTS = {
    "shield": (Bi("a shield", "щит"), lambda st: st["shield"] or st["shield_amplified"]),
    "immunity": (Bi("immunity", "иммунитет"), lambda st: st["immunity"] or st["immunity_amplified"]),
    "doctor_evil": (Bi("Doctor Evil's spell", "действие доктора зло"), lambda st: st["doctor_evil"]),
    "cursed": (Bi("a curse", "проклятие"), lambda st: st["cursed"]),
}


@kind("minefield.effects", "Running effects after a move", "Действующие эффекты после хода", "pick")
def effects(rng: random.Random, difficulty: int) -> dict:
    def test(game, found):
        events = found[4]
        return any(e.kind not in ("open", "quads", "jackpot_card") for e in events)

    game, (mover, cell, main, amp, events, after) = _interesting(rng, difficulty, test)
    status = after.status(mover)
    good = [k for k, (_, on) in _EFFECTS.items() if on(status)]
    now = Bi(after.status_text(mover, "en") or "none", after.status_text(mover, "ru") or "нет")
    return dict(
        question=_before(game.state)
        + _opens(mover, cell, main, amp)
        + Bi(
            f" Which effects are on player {mover + 1} after this move?",
            f" Какие эффекты действуют на игрока {mover + 1} после этого хода?",
        ),
        rule=_main_rule(events),
        solution=tuple(good),
        solution_text=now,
        choices=tuple(Choice(k, label) for k, (label, _) in _EFFECTS.items()),
        picture=_collections(game.state),
        reasons=tuple((k, _events_text(events) + Bi(f" Now: {now.en}.", f" Теперь: {now.ru}.")) for k in _EFFECTS),
    )


@kind("minefield.danger", "Which cells cost points?", "Какие ячейки отнимут очки?", "pick")
def danger(rng: random.Random, difficulty: int) -> dict:
    for _ in range(200):
        game = _game(rng, difficulty)
        state = game.state
        if state.is_over():
            continue
        mover = state.current_player
        done = set(game.barrels[: game.played])
        candidates = [n for n in game.barrels if n not in done][:5]
        outcome, consistent = {}, True
        for n in candidates:
            barrels = [*game.barrels[: game.played], n]
            trial = game.replay(barrels)
            if trial.scores() != state.scores() or trial.current_player != mover:
                consistent = False  # the mine went back into the cells: this barrel order is another game
                break
            before = trial.scores()[mover]
            events = trial.draw()
            cell, main, amp = next(e.data for e in events if e.kind == "open")
            if cell != n:
                consistent = False
                break
            outcome[n] = (trial.scores()[mover] - before, events, ALL_CARDS[main], ALL_CARDS[amp])
        if consistent and len(outcome) >= 3 and any(d < 0 for d, *_ in outcome.values()):
            break
    else:  # pragma: no cover
        raise AssertionError("no position found")
    choices = tuple(
        Choice(
            str(n),
            Bi(
                f"cell {n}: {main} / {amp}",
                f"ячейка {n}: {format_card(main, 'ru')} / {format_card(amp, 'ru')}",
            ),
            main,
        )
        for n, (_, _, main, amp) in outcome.items()
    )
    good = [str(n) for n, (d, *_) in outcome.items() if d < 0]
    reasons = tuple(
        (str(n), Bi(f"{d:+d}: ", f"{d:+d}: ") + _events_text(events)) for n, (d, events, _, _) in outcome.items()
    )
    rules = [_main_rule(outcome[int(k)][1]) for k in good]
    return dict(
        question=_before(state)
        + Bi(
            f" Player {mover + 1} draws next. Which of these cells (main card / amplifier) would cost player "
            f"{mover + 1} points if it were opened now?",
            f" Следующим тянет игрок {mover + 1}. Какие из этих ячеек (основная карта / усиливающая) отняли бы у "
            f"него очки, если бы открылись сейчас?",
        ),
        rule=rules[0],
        solution=tuple(good),
        solution_text=Bi.join([c.label for c in choices if c.key in good], ", "),
        choices=choices,
        picture=_collections(state),
        reasons=reasons,
    )


_ROLE_CHOICES = ("mine", "curse", "extra mine", "misfortune", "Doctor Evil", "shield", "immunity", "luck", "joker", "")


def _key(role_name: str) -> str:
    return role_name.lower().replace(" ", "_") or "ordinary"


@kind("minefield.role", "What does this card do?", "Что делает эта карта?", "choose")
def role(rng: random.Random, difficulty: int) -> dict:
    magic = [c for c in ALL_CARDS if mf.card_role(c)]
    pool = [*magic, Card.parse("7♥"), Card.parse("J♠")] if difficulty == 1 or rng.random() < 0.6 else list(ALL_CARDS)
    card = rng.choice(pool)
    name_en, name_ru = mf.card_role(card, "en"), mf.card_role(card, "ru")
    # what the card does, as the engine tells it: open it on the game's second move, not amplified
    first, amp_1, amp_2 = [c for c in ("5♥", "9♣", "3♦", "4♣") if c != str(card)][:3]
    layout = mf.make_layout({1: (first, amp_1), 2: (str(card), amp_2)})
    game = mf.new_game(players=2, seed=0, layout=layout, barrels=[1, 2])
    game.draw()
    events = game.draw()
    choices = []
    for en in _ROLE_CHOICES:
        probe = next((c for c in ALL_CARDS if mf.card_role(c) == en), None) if en else None
        ru = mf.card_role(probe, "ru") if probe is not None else "обычная карта"
        choices.append(Choice(_key(en), Bi(en or "an ordinary card", ru)))
    key = _key(name_en)
    why = _events_text(events)
    return dict(
        question=Bi(f"What is {card} in Minefield?", f"Что такое {format_card(card, 'ru')} в «Минном поле»?"),
        rule=_main_rule(events),
        solution=key,
        solution_text=Bi(name_en or "an ordinary card", name_ru or "обычная карта") + Bi(": ", ": ") + why,
        choices=tuple(choices),
        picture=picture(lambda lang: svg.card(card, lang=lang, width=60)),
        reasons=tuple((c.key, why if c.key == key else Bi("", "")) for c in choices),
    )
