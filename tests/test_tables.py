"""A table shared by devices (classserver/together/tables.py): one true state, every move through
the engine, each seat told only what it may see, refusals in the player's language.

Every snapshot a seat is sent is read for the names of cards (tests/witness.py): a card the seat
never saw is a leak.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

import rules
from classserver.together.tables import (
    BOT,
    CODE_LETTERS,
    HUMAN,
    OPEN,
    Choose,
    Refusal,
    Table,
    new_code,
    painter,
    read_code,
    read_options,
)
from rules.cards import ALL_CARDS, Card, card_name, format_card
from rules.coach import Coach
from rules.errors import LANGS, IllegalAction, OptionError, RulesError, excerpt
from tests.witness import Witness, cards_named
from widgets.game import action_cards

ROOT = Path(__file__).resolve().parents[1]


def test_cards_named_reads_both_languages_and_both_forms():
    assert cards_named("Player 2: 6♥ beats 10♣") == {Card.parse("6♥"), Card.parse("10♣")}
    assert cards_named("бьёт дама пик и Т♦, КДж") == {Card.parse("Q♠"), Card.parse("A♦"), Card.parse("RJ")}
    assert cards_named('<g class="card rank-12 suit-spades"><title>queen of spades (Q♠)</title>') == {Card.parse("Q♠")}
    assert cards_named("melds 10♠ J♠ BJ(Q♠)") == {Card.parse("10♠"), Card.parse("J♠"), Card.parse("BJ")}
    assert cards_named("Trump ♥; deck 12") == set()


# ---------------------------------------------------------------- a table driven in-process


def seated(game: str, players: int, seed: int = 1, **options) -> Table:
    table = Table.open("TABLE", game, players, options, seed=seed)
    for seat in range(players):
        table.sit(f"s{seat}", f"Name {seat}", seat)
    return table


def play_checked(table: Table, *, steps: int, seed: int = 0, tries: float = 0.15) -> int:
    """Play ``table`` with its module's bots choosing for the people, reading every snapshot (each
    seat and a spectator, both languages) and every refusal for cards the reader may not see."""
    module = table.module
    witness = Witness(table.state.restart())
    rng = random.Random(seed)
    bot = module.bot_player()
    checked = 0
    for _ in range(steps):
        for viewer in [*range(len(table.seats)), None]:
            for lang in LANGS:
                text = table.snapshot(viewer, lang)
                leak = witness.leaks(text, viewer)
                assert not leak, (
                    f"{module.id}: seat {viewer} was sent {sorted(map(str, leak))} (step {len(table.state.history)})"
                )
                checked += 1
        if table.over:
            break
        seat = table.state.current_player
        student, step = f"s{seat}", len(table.state.history)
        hand = table.snapshot(seat, "en") and json.loads(table.snapshot(seat, "en"))["hand"]
        if hand and rng.random() < tries:  # a card tried from the hand: played, or refused with a reason
            try:
                action = table.play_cards(student, [rng.choice(hand)["card"]], step)
            except RulesError as error:
                for lang in LANGS:
                    assert not witness.leaks(error.message(lang), seat), error.message(lang)
                assert len(table.state.history) == step
                continue
        else:
            mine = [a for a in table.state.legal_actions() if a.player == seat]
            action = bot.choose(table.state.view(seat), mine, rng)
            table.play(student, action.label, step)
        witness.play(action)
    return checked


@pytest.mark.parametrize(
    ("game", "players", "options", "steps"),
    [
        ("durak", 4, {}, 400),
        ("durak", 3, {"variant": "jokers"}, 400),
        ("domino", 4, {}, 200),
        ("domimi", 3, {}, 60),
        ("minefield", 3, {}, 60),
        ("joker_rummy", 3, {}, 80),
        ("dummy_rummy", 3, {}, 80),
    ],
)
def test_no_seat_and_no_spectator_is_ever_sent_a_card_it_may_not_see(game, players, options, steps):
    table = seated(game, players, seed=3, **options)
    checked = play_checked(table, steps=steps, seed=3)
    assert checked >= 2 * (players + 1) * min(steps, 40)
    if game == "durak":
        assert table.over, "a whole game of Durak was played and checked"


def test_the_leak_check_reads_jokers_but_not_the_codes_that_may_spell_them():
    assert cards_named('{"code":"KBJ7Q","seat_code":"RJ2345","log":"BJ, RJ(Q♠)"}') == {
        Card.parse("BJ"),
        Card.parse("RJ"),
    }


def test_a_seat_is_sent_its_hand_its_moves_with_rules_and_the_others_only_their_counts():
    table = seated("durak", 4, seed=5)
    mine = json.loads(table.snapshot(table.state.current_player, "ru"))
    other = json.loads(table.snapshot((table.state.current_player + 1) % 4, "ru"))
    watcher = json.loads(table.snapshot(None, "ru"))
    assert len(mine["hand"]) == 6 and mine["moves"], "the player to move sees their cards and their moves"
    assert all(m["rule"] and m["href"] and m["title"] and m["explain"] for m in mine["moves"])
    assert len(other["hand"]) == 6 and other["moves"] == []
    assert watcher["hand"] == [] and watcher["moves"] == [] and watcher["you"] is None
    assert all(s["cards"] == "6 карт" for s in watcher["seats"]), "each seat's count, in Russian"
    assert "seat_code" not in watcher and mine["seat_code"] != other["seat_code"]
    assert mine["status"] == "Ваш ход." and mine["title"] == "Дурак"


# ---------------------------------------------------------------- codes and options


def test_codes_are_short_and_never_hold_letters_that_read_alike():
    assert not set("0O1IL") & set(CODE_LETTERS)
    codes = {new_code() for _ in range(200)}
    # 200 codes of about 28 million may share one by chance (1 run in about 1,400): they are varied
    assert len(codes) > 190 and all(len(c) == 5 and set(c) <= set(CODE_LETTERS) for c in codes)
    assert read_code(" k7r-px ") == "K7RPX"
    assert read_code("K7RP0") is None and read_code("K7RPXX") is None and read_code(12345) is None


def test_options_come_from_the_form_and_anything_else_is_refused_by_name():
    durak = rules.GAMES["durak"]
    assert (
        read_options(durak, {"variant": "jokers", "games": "3", "first_bout_five": "on"})
        == {
            "variant": "jokers",
            "deck": 36,
            "first_bout_five": True,
            "draw_order": "defender_last",
            "games": 3,
            "next_lead": "under",
        }
        or read_options(durak, {"variant": "jokers", "games": "3", "first_bout_five": "on"})["games"] == 3
    )
    with pytest.raises(OptionError) as error:
        read_options(durak, {"variant": "poker"})
    assert "Variant" in error.value.message("en") and "Вариант" in error.value.message("ru")
    with pytest.raises(OptionError, match="Games in the match"):
        read_options(durak, {"games": "101"})
    with pytest.raises(OptionError, match="whole number"):
        read_options(durak, {"games": "1e9"})
    with pytest.raises(OptionError, match="unknown option"):
        read_options(durak, {"cheat": "on"})
    with pytest.raises(OptionError):
        Table.open("TABLE", "poker", 2)
    with pytest.raises(OptionError):
        Table.open("TABLE", "durak", 9)
    assert Table.open("TABLE", "domimi", 2, {"decks": ""}).state.options.decks is None


# ---------------------------------------------------------------- seats


def test_seats_are_taken_one_each_and_a_taken_seat_is_refused():
    table = Table.open("TABLE", "durak", 3, seed=2)
    table.sit("ann", "Аня", 0)
    with pytest.raises(Refusal) as error:
        table.sit("bob", "Bob", 0)
    assert "Аня" in error.value.message("en") and "занято" in error.value.message("ru")
    with pytest.raises(Refusal, match="already have a seat"):
        table.sit("ann", "Аня", 1)
    for bad in (3, -1, "1", None, True, 1.0):
        with pytest.raises(Refusal):
            table.sit("bob", "Bob", bad)
    assert [s.kind for s in table.seats] == [HUMAN, OPEN, OPEN]
    with pytest.raises(Refusal, match="only a player"):
        table.fill_with_bots("stranger")
    assert table.fill_with_bots("ann") == [1, 2]
    assert [s.kind for s in table.seats] == [HUMAN, BOT, BOT]
    table.sit("bob", "Bob", 2)  # a person may take a bot's seat
    assert table.seats[2].kind == HUMAN and 2 not in table.bots
    log = [e["text"] for e in json.loads(table.snapshot(None, "en"))["log"]]
    assert "Аня (Player 1) sits down." in log and "Bob (Player 3) takes the bot's seat." in log


def test_a_seat_code_moves_the_seat_to_another_device_of_the_same_person():
    table = seated("durak", 2)
    code = table.seats[1].code
    assert read_code(code, 6) == code
    with pytest.raises(Refusal):
        table.take_with_code("laptop", "Name 1", "AAAAAA")
    table.take_with_code("laptop", "Name 1", code.lower())
    assert table.seat_of("laptop") == 1 and table.seat_of("s1") is None and table.seats[1].code == code


def test_a_seat_left_alone_is_played_by_a_bot_said_in_the_log_until_its_person_comes_back():
    table = seated("durak", 2, seed=4)
    table.connected(0)
    table.connected(1)
    table.disconnected(1, now=100.0)
    assert table.stand_in_for_absent(now=150.0, after=90) == []
    assert table.stand_in_for_absent(now=191.0, after=90) == [1]
    assert table.seats[1].played_by_bot
    snapshot = json.loads(table.snapshot(1, "ru"))
    assert snapshot["moves"] == [], "a seat a bot plays offers no move"
    assert any("за него играет бот" in e["text"] for e in snapshot["log"])
    table.connected(1)
    assert not table.seats[1].stand_in
    assert json.loads(table.snapshot(None, "en"))["log"][-1]["text"] == "Name 1 (Player 2) is back and plays again."


def test_a_person_who_leaves_gives_the_seat_to_a_bot():
    table = seated("durak", 2)
    table.leave("s0")
    assert table.seats[0].kind == BOT and table.seat_of("s0") is None
    with pytest.raises(Refusal):
        table.leave("s0")


def test_once_play_has_begun_a_bots_seat_is_taken_back_only_by_who_left_it_or_given_by_the_teacher():
    """A bot's hand is hidden like anyone's: sitting in a bot's seat mid-game would show it."""
    table = Table.open("TABLE", "durak", 3, seed=2)
    table.sit("ann", "Ann", 0)
    table.sit("bob", "Bob", 1)
    table.fill_with_bots("ann")
    job = table.bot_job()
    if job is None:  # a person is to move
        seat = table.seats[table.state.current_player]
        table.play(seat.student, next(a.label for a in table.state.legal_actions()), 0)
    else:
        assert table.bot_moves(job, job.choose())
    code = table.seats[1].code
    table.leave("bob")
    for who, seat in (("eve", 2), ("eve", 1), ("ann", 1)):  # the bot's seat, Bob's, and a hop by Ann
        if who == "ann":
            table.leave("ann")
        with pytest.raises(Refusal) as error:
            table.sit(who, "Eve", seat)
        assert "teacher" in error.value.message("en") and "учитель" in error.value.message("ru")
        assert json.loads(table.snapshot(None, "en"))["seats"][seat]["kind"] == BOT
    table.sit("bob", "Bob", 1)  # Bob takes his own seat back, with the same code
    assert table.seat_of("bob") == 1 and table.seats[1].code == code
    table.leave("bob")
    table.take_with_code("bob-laptop", "Bob", code)  # or from another device, with the seat's code
    assert table.seat_of("bob-laptop") == 1
    table.seat_by_teacher("eve", "Eve", 2)  # the teacher may seat anyone anywhere
    assert table.seat_of("eve") == 2 and table.seats[2].kind == HUMAN
    table.seat_by_teacher("eve", "Eve", 1)  # and move them: the seat left goes to a bot
    assert table.seat_of("eve") == 1 and table.seat_of("bob-laptop") is None and table.seats[2].kind == BOT
    log = [e["text"] for e in json.loads(table.snapshot(None, "ru"))["log"]]
    assert "Учитель сажает Eve на место «Игрок 2»." in log


def test_a_bots_turn_is_said_with_the_player_declined_after_the_preposition():
    table = Table.open("TABLE", "durak", 2, seed=1)
    table.sit("ann", "Аня", 0)
    table.fill_with_bots("ann")
    while table.state.current_player != 1:
        table.play("ann", next(a.label for a in table.state.legal_actions() if a.player == 0), len(table.state.history))
    assert json.loads(table.snapshot(0, "ru"))["status"] == "За игрока 2 играет бот."
    assert json.loads(table.snapshot(0, "en"))["status"] == "A bot plays for player 2."


# ---------------------------------------------------------------- moves


def _current(table: Table) -> tuple[str, int]:
    return f"s{table.state.current_player}", len(table.state.history)


def test_every_refused_move_leaves_the_game_exactly_as_it_was():
    table = seated("durak", 3, seed=6)
    before = table.state.to_json()
    student, step = _current(table)
    other = f"s{(table.state.current_player + 1) % 3}"
    label = next(a.label for a in table.state.legal_actions())
    cases = [
        (other, label, step, Refusal, "not your turn"),  # another seat's move
        (student, label, step + 1, Refusal, "moved on"),  # a page that had not seen the last move
        (student, "Player 1 leads A♠ and wins", step, IllegalAction, "no legal move"),  # forged
        (student, "x" * 100_000, step, Refusal, "label"),
        (student, {"label": label}, step, Refusal, "label"),
        ("nobody", label, step, Refusal, "no seat"),
    ]
    for who, what, at, kind, words in cases:
        with pytest.raises(kind, match=words):
            table.play(who, what, at)
        assert table.state.to_json() == before
    table.play(student, label, step)
    assert len(table.state.history) == 1


def test_a_card_that_cannot_be_played_is_refused_with_the_engines_reason_and_rule():
    table = seated("durak", 2, seed=0)
    state = table.state
    while not any(type(a).__name__ == "Beat" for a in state.legal_actions()):  # until someone must beat
        seat = state.current_player
        table.play(f"s{seat}", state.legal_actions()[0].label, len(state.history))
    defender = state.current_player
    beaters = {a.card for a in state.legal_actions() if type(a).__name__ == "Beat"}
    weak = next(c for c in state.hand(defender) if c not in beaters)
    with pytest.raises(IllegalAction) as error:
        table.play_cards(f"s{defender}", [format_card(weak, "ru")], len(state.history))
    assert error.value.rule.startswith("durak.")
    assert format_card(weak, "ru") in error.value.message("ru") and str(weak) in error.value.message("en")
    strong = next(iter(beaters))
    fits = [a for a in state.legal_actions() if a.card == strong]
    if len(fits) == 1:
        assert table.play_cards(f"s{defender}", [str(strong)], len(state.history)) == fits[0]
    else:
        with pytest.raises(Choose) as choice:
            table.play_cards(f"s{defender}", [str(strong)], len(state.history))
        assert sorted(choice.value.labels) == sorted(a.label for a in fits)


def test_naming_cards_badly_or_out_of_turn_is_refused():
    table = seated("durak", 2, seed=0)
    student, step = _current(table)
    waiting = f"s{1 - table.state.current_player}"
    for cards, words in (("A♠", "one card"), ([], "one card"), (["Z9"], "Z9"), (["A♠"] * 30, "one card")):
        with pytest.raises(RulesError, match=words):
            table.play_cards(student, cards, step)
    with pytest.raises(Refusal, match="not your turn"):
        table.play_cards(waiting, [str(table.state.hand(1 - table.state.current_player)[0])], step)
    assert not table.state.history


def test_bots_play_their_seats_from_their_own_view_and_never_a_stale_choice():
    table = Table.open("TABLE", "durak", 2, seed=8)
    table.sit("ann", "Ann", 0)
    table.fill_with_bots("ann")
    played = 0
    while not table.over and played < 500:
        job = table.bot_job()
        if job is None:
            table.play("ann", table.state.legal_actions()[0].label, len(table.state.history))
        else:
            action = job.choose()
            stale = dataclasses.replace(job, step=job.step + 1)
            assert not table.bot_moves(stale, action), "a choice made before the last move is dropped"
            assert table.bot_moves(job, action)
        played += 1
    assert table.over


def test_table_notes_sit_between_the_moves_they_followed():
    table = seated("durak", 2, seed=1)
    student, step = _current(table)
    table.play(student, table.state.legal_actions()[0].label, step)
    table.leave("s1")
    texts = [e["text"] for e in json.loads(table.snapshot(None, "en"))["log"]]
    assert texts.index("Name 1 (Player 2) leaves the table; a bot plays for them.") > texts.index(
        table.state.log("en")[0].text
    )
    # the deal was made when the table opened; people sit down after it and before the first move
    first_move = texts.index(table.state.log("en")[1].text)
    assert texts[1:3] == ["Name 0 (Player 1) sits down.", "Name 1 (Player 2) sits down."] and first_move == 3


def test_the_leak_check_finds_another_seats_hand():
    """The check above can fail: seat 2's own page, read as if seat 1 had been sent it, names cards
    seat 1 has never seen (its hand), in both languages."""
    table = seated("durak", 2, seed=5)
    witness = Witness(table.state.restart())
    for lang in LANGS:
        leaked = witness.leaks(table.snapshot(1, lang), viewer=0)
        assert leaked and leaked <= set(table.state.hand(1)), lang
        assert not witness.leaks(table.snapshot(0, lang), viewer=0)


# ---------------------------------------------------------------- probing for another seat's cards


def _probe_answer(table: Table, student: str, request, masks: list[str]) -> tuple[str, str, str]:
    """What a table answers a move request (the refusal's kind and words in both languages),
    with the probed text itself masked out: the answer must not depend on anything else."""
    step = len(table.state.history)
    before = table.state.to_json()
    try:
        if isinstance(request, list):
            table.play_cards(student, request, step)
        else:
            table.play(student, request, step)
    except RulesError as error:
        kind, texts = type(error).__name__, [error.message(lang) for lang in LANGS]
    else:
        raise AssertionError(f"{request!r} was played for {student}")
    assert table.state.to_json() == before
    for mask in sorted(masks, key=len, reverse=True):
        texts = [t.replace(mask, "<probe>") for t in texts]
    return (kind, *texts)


def _forms(table: Table) -> list[tuple[str, Card]]:
    """One legal move of each kind that names a card (any seat's), with the card it names first."""
    forms: dict[tuple, tuple[str, Card]] = {}
    for action in table.state.legal_actions():
        for card in action_cards(action):
            if str(card) in action.label:
                forms.setdefault((action.player, type(action).__name__), (action.label, card))
                break
    return list(forms.values())


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("durak", 2, {}),
        ("durak", 3, {"variant": "jokers"}),
        ("domino", 4, {}),
        ("domimi", 3, {}),
        ("minefield", 3, {}),
        ("joker_rummy", 3, {}),
        ("dummy_rummy", 3, {}),
    ],
)
def test_a_move_probed_with_another_seats_card_is_answered_as_one_with_a_card_out_of_play(game, players, options):
    """A seat that names, in any move's label or as cards to play, a card held by another seat gets
    the very answer it gets for a card in no hand: the refusals tell nothing hidden."""
    table = seated(game, players, seed=4, **options)
    paint = painter(game, "en")
    rng = random.Random(4)
    bot = table.module.bot_player()
    probed, named_cards = 0, set()
    for step in range(60):
        if table.over:
            break
        state = table.state
        if step % 12 == 3:
            mover = state.current_player
            for seat in (mover, (mover + 1) % players):  # a seat that is to move and one that is not
                zones, visible = state.zones(), state.visible_zones(seat)
                mine = {c for name in visible for c in zones.get(name, ())}  # names this seat sees now
                hidden = {c for name, cards in zones.items() if name not in visible for c in cards} - mine
                held = {c for p in range(players) if p != seat for c in paint.hand(state, p)} & hidden
                nowhere = set(ALL_CARDS) - {c for cards in zones.values() for c in cards}
                # another seat's cards, the stock's or a mine's, and cards not in this game at all
                picks = sorted(held, key=str)[:4] + sorted(hidden - held, key=str)[:4] + sorted(nowhere, key=str)[:3]
                if len(picks) < 2:
                    continue
                answers = set()
                for label, card in _forms(table):
                    for probe in picks:
                        forged = label.replace(str(card), str(probe), 1)
                        answers.add(_probe_answer(table, f"s{seat}", forged, [forged, excerpt(forged)]))
                        probed += 1
                assert len(answers) <= 1, f"{game}, seat {seat}: {sorted(answers)}"
                cards_answers = set()
                for probe in picks:
                    masks = [f(probe, lang) for lang in LANGS for f in (format_card, card_name)]
                    cards_answers.add(_probe_answer(table, f"s{seat}", [format_card(probe, "ru")], masks))
                assert len(cards_answers) == 1, f"{game}, seat {seat}: {sorted(cards_answers)}"
        seat = state.current_player
        mine = [a for a in state.legal_actions() if a.player == seat]
        action = bot.choose(state.view(seat), mine, rng)
        named_cards |= {str(c) for c in action_cards(action) if str(c) in action.label}
        table.play(f"s{seat}", action.label, len(state.history))
    assert probed > 0 or not named_cards, f"{game}: moves name cards, and none was probed"


def test_a_finished_table_deals_again_with_everyone_in_the_same_seat():
    table = Table.open("TABLE", "durak", 2, seed=8)
    table.sit("ann", "Ann", 0)
    table.fill_with_bots("ann")
    with pytest.raises(Refusal, match="not over"):
        table.play_again("ann", seed=9)
    while not table.over:
        job = table.bot_job()
        if job is None:
            table.play("ann", table.state.legal_actions()[0].label, len(table.state.history))
        else:
            table.bot_moves(job, job.choose())
    first_hand = table.state.restart().hand(0)
    with pytest.raises(Refusal, match="only a player"):
        table.play_again("eve", seed=9)
    table.play_again("ann", seed=9)
    assert not table.over and table.state.history == [] and table.state.hand(0) != first_hand
    assert [s.kind for s in table.seats] == [HUMAN, BOT] and table.seat_of("ann") == 0
    assert json.loads(table.snapshot(0, "ru"))["log"][-1]["text"].startswith("Новая партия за этим столом")


def test_a_domimi_card_tapped_plays_the_one_move_it_fits_or_offers_the_several():
    """A tap sends one card; DoMiMi's moves take two or three: the moves with that card are what it asks."""
    for seed in range(40):
        table = seated("domimi", 3, seed=seed)
        seat = table.state.current_player
        mine = [a for a in table.state.legal_actions() if a.player == seat]
        hand = json.loads(table.snapshot(seat, "en"))["hand"]
        fits = {
            c["card"]: [a.label for a in mine if Card.parse(c["card"]) in action_cards(a)] for c in hand if c["legal"]
        }
        one = next((card for card, labels in fits.items() if len(labels) == 1), None)
        several = next((card for card, labels in fits.items() if len(labels) > 1), None)
        if one and several:
            break
    assert one and several, "a deal with a card in one move and a card in several"
    with pytest.raises(Choose) as choice:
        table.play_cards(f"s{seat}", [several], 0)
    assert sorted(choice.value.labels) == sorted(fits[several])
    assert table.play_cards(f"s{seat}", [one], 0).label == fits[one][0]
    assert len(table.state.history) == 1


# ---------------------------------------------------------------- bots' strengths


def _mirror(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def test_each_bot_seat_plays_at_its_strength_the_strong_one_the_coachs_moves_the_easy_one_the_easy_bots(
    monkeypatch,
):
    """The same seeds, the same moves: the strong seat plays what the coach plays with the table's
    playouts, the easy seat what the game's easy bot plays; and both differ from the book's bot."""
    durak = rules.GAMES["durak"]
    fewer = dataclasses.replace(durak, coaching=dataclasses.replace(durak.coaching, playouts=40))
    monkeypatch.setitem(rules.GAMES, "durak", fewer)  # the tables' and the coach's game alike
    table = Table.open("TABLE", "durak", 3, seed=5)
    table.opener = "ann"
    table.sit("ann", "Ann", 0)
    table.fill_with_bots("ann")
    table.set_strength("ann", 1, "strong")
    table.set_strength("ann", 2, "easy")
    mirrors = {1: Coach("durak", seconds=None, playouts=40), 2: durak.players["easy"]()}
    unlike_the_book = {1: 0, 2: 0}
    moves = {1: 0, 2: 0}
    while not table.over:
        job = table.bot_job()
        if job is None:
            table.play("ann", table.state.legal_actions()[0].label, len(table.state.history))
            continue
        expected = mirrors[job.index].choose(job.view, job.actions, _mirror(job.rng))
        book = durak.bot_player().choose(table.state.view(job.index), job.actions, _mirror(job.rng))
        action = job.choose()
        assert action == expected, f"seat {job.index} at step {job.step}"
        moves[job.index] += 1
        unlike_the_book[job.index] += action != book
        assert table.bot_moves(job, action)
    assert isinstance(table.bots.get(1), Coach)
    assert all(moves.values()) and all(unlike_the_book.values()), (moves, unlike_the_book)


def test_a_bots_strength_is_chosen_by_the_opener_or_the_teacher_said_in_the_log_and_bad_input_changes_nothing():
    table = Table.open("TABLE", "durak", 3, seed=2, strength="easy")
    table.opener = "ann"
    table.sit("ann", "Ann", 0)
    table.sit("bob", "Bob", 1)
    table.fill_with_bots("ann")
    assert [s.strength for s in table.seats] == ["easy"] * 3  # the opening form's choice
    before = (table.version, table.record())
    for who, seat, strength, said in (
        ("ann", 2, "grandmaster", ("a bot is easy, medium or strong, not 'grandmaster'", "бот бывает лёгкий")),
        ("ann", 2, None, ("not 'None'", "а не «None»")),
        ("bob", 2, "strong", ("only the one who opened this table", "силу ботов выбирает тот, кто открыл стол")),
        ("ann", 1, "strong", ("no bot plays player 2's seat", "на месте «Игрок 2» не играет бот")),
        ("ann", 7, "strong", ("there is no seat 7", "места 7 нет")),
        ("ann", "2", "strong", ("there is no seat", "места")),
    ):
        with pytest.raises(Refusal) as refused:
            table.set_strength(who, seat, strength)
        assert said[0] in refused.value.message("en") and said[1] in refused.value.message("ru")
        assert (table.version, table.record()) == before
    table.set_strength("ann", 2, "strong")
    assert table.seats[2].strength == "strong"
    table.set_strength(None, 2, "medium", teacher=True)
    seen = table.snapshot(0, "ru")
    assert "Бот на месте «Игрок 3» теперь сильный." in seen and "Бот на месте «Игрок 3» теперь средний." in seen
    assert "The bot at player 3's seat is now strong." in table.snapshot(None, "en")
    seat = json.loads(table.snapshot(None, "ru"))["seats"][2]
    assert (seat["bot"], seat["strength"], seat["strength_name"]) == (True, "medium", "средний")
    # a person's seat left alone: the bot standing in plays at the seat's strength, the opener may change it
    table.stand_in_for_absent(now=1000.0, after=10.0)  # never connected: away from now on
    table.stand_in_for_absent(now=1011.0, after=10.0)
    table.set_strength("ann", 1, "strong")
    assert table.seats[1].stand_in and table.seats[1].strength == "strong"
    with pytest.raises(Refusal, match="easy, medium or strong"):
        Table.open("TABLE", "durak", 2, strength="hard")


def test_strengths_are_kept_in_the_class_folders_record_and_an_old_record_loads_its_bots_as_medium():
    table = Table.open("TABLE", "domino", 4, seed=3)
    table.opener = "ann"
    table.sit("ann", "Ann", 0)
    table.fill_with_bots("ann")
    table.set_strength("ann", 1, "strong")
    table.set_strength("ann", 3, "easy")
    back = Table.from_record(table.record(), now=0.0)
    assert [s.strength for s in back.seats] == ["medium", "strong", "medium", "easy"]
    job = back.bot_job() if back.bot_to_move() is not None else None
    if job is not None:
        assert isinstance(job.bot, Coach) == (job.index == 1)
    old = json.loads(table.record())
    for seat in old["seats"]:
        del seat["strength"]
    assert [s.strength for s in Table.from_record(json.dumps(old), now=0.0).seats] == ["medium"] * 4
