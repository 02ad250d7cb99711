"""A table shared by devices (classserver/together/tables.py): one true state, every move through
the engine, each seat told only what it may see, refusals in the player's language.

Every snapshot a seat is sent is read for the names of cards (tests/witness.py): a card the seat
never saw is a leak.
"""

from __future__ import annotations

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
    read_code,
    read_options,
)
from rules.cards import Card, format_card
from rules.errors import LANGS, IllegalAction, OptionError, RulesError
from tests.witness import Witness, cards_named

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
    assert len(codes) == 200 and all(len(c) == 5 and set(c) <= set(CODE_LETTERS) for c in codes)
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
        (other, label, step, Refusal, "not yours"),  # another seat's move
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
            seat = table.state.current_player
            table.play("ann", table.state.legal_actions()[0].label, len(table.state.history))
        else:
            step, seat, choose = job
            action = choose()
            assert not table.bot_moves(step + 1, seat, action), "a choice made before the last move is dropped"
            assert table.bot_moves(step, seat, action)
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
