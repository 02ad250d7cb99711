"""SKIP-6 Domino: the source's examples, every ruling, the options, errors and bots.

Expected values come from the source text (book/sources/skip6-domino.ru.txt) and
the ruling file, never from the engine's output.
"""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import rules
from rules import IllegalAction, OptionError
from rules.cards import Card, Suit, deck, parse_card
from rules.domino import (
    RULES,
    WHERE,
    HeuristicPlayer,
    Pass,
    Place,
    Table,
    draw_table,
    guess_state,
    known_voids,
    new_game,
    position,
)
from rules.game import RandomPlayer, playout


def move_log(state, lang="en"):
    return [entry.text for entry in state.log(lang)]


def c(text: str) -> Card:
    return parse_card(text)


def table_of(*moves: str, deck_size: int = 36) -> Table:
    """``table_of("Q♠ first", "Q♣ down")``."""
    return Table.from_moves([m.split() for m in moves], deck_size)


# ---------------------------------------------------------------- the source's worked examples


def test_source_example_jack_of_spades_goes_only_above_the_jack_of_clubs():
    # «1-ый игрок ... Даму пик. 2-ой игрок снизу к ней положил Даму крестей. 3-ий игрок
    # слева от Дамы крестей положил Валета крестей. ... Валета пик ... лишь СВЕРХУ от
    # Валета крестей - в одну линию с Дамой пик, но никак не снизу!»
    table = Table(deck_size=36)
    table.play(c("Q♠"), "first")
    table.play(c("Q♣"), "down")
    table.play(c("J♣"), "left")
    assert table.options(c("J♠")) == {"up"}
    lay = table.layout(c("J♠"))
    assert lay.rows[lay.targets["up"][0]] is Suit.SPADES  # in line with the queen of spades
    with pytest.raises(IllegalAction) as err:
        table.play(c("J♠"), "down")
    assert err.value.rule == "domino.rows"
    assert "above" in str(err.value) and "сверху" in err.value.message("ru")


@pytest.mark.parametrize("card", ["J♥", "J♦"])
def test_source_example_a_red_jack_goes_only_below_the_jack_of_clubs(card):
    # «Если же ... Валета червей или бубей, сделать это можно было бы, наоборот, лишь СНИЗУ»
    table = table_of("Q♠ first", "Q♣ down", "J♣ left")
    assert table.options(c(card)) == {"down"}
    with pytest.raises(IllegalAction) as err:
        table.play(c(card), "up")
    assert err.value.rule == "domino.rows"
    assert "spades" in str(err.value) and "пик" in err.value.message("ru")


def test_source_example_jack_left_of_queen_and_king_right_of_queen():
    # «например, Валет слева от Дамы» / «например, Король - справа от Дамы»
    table = table_of("Q♥ first")
    assert table.options(c("J♥")) == {"left"}
    assert table.options(c("K♥")) == {"right"}


def test_source_example_a_seven_above_or_below_a_seven():
    # «например, Семерку - над или под ранее выложенной Семеркой»
    table = table_of("7♦ first")
    for suit in "♠♣♥":
        assert table.options(c("7" + suit)) == {"up", "down"}


def test_source_example_nothing_right_of_the_ace_nor_left_of_the_six_in_36():
    # «нельзя выложить карту справа от Туза, или слева от Шестерки (при колоде 36 карт)»
    ace = table_of("A♣ first")
    assert ace.options(c("K♣")) == {"left"}
    with pytest.raises(IllegalAction) as err:
        ace.play(c("K♣"), "right")
    assert err.value.rule == "domino.place"
    assert "nothing goes right of A♣" in str(err.value) and "справа от Т♣" in err.value.message("ru")
    six = table_of("6♣ first")
    assert six.options(c("7♣")) == {"right"}
    with pytest.raises(IllegalAction) as err:
        six.play(c("5♣"), "left")  # not even in the 36-card deck
    assert err.value.rule == "domino.deal"


def test_the_ace_is_high_in_52_too():
    table = table_of("2♠ first", deck_size=52)
    assert table.options(c("3♠")) == {"right"}
    assert table.options(c("A♠")) == set()  # the ace is not below the two
    assert table_of("A♠ first", deck_size=52).options(c("K♠")) == {"left"}


def test_neighbours_may_be_fewer_than_four():
    # «число возможных вариантов очередного хода уменьшается до трёх, двух, одного, либо ...
    # вообще ход может оказаться невозможным»
    table = table_of("9♠ first", "9♥ down", "9♣ down")  # spades, hearts, clubs rows
    # on 9♣ (bottom row): 9♦ only below (above is the hearts row); 9♠ and 9♥ are on the table
    assert table.options(c("9♦")) == {"down"}
    assert table.options(c("9♠")) == set()
    assert table.options(c("10♣")) == {"right"} and table.options(c("8♣")) == {"left"}
    table.play(c("9♦"), "down")
    assert {w for _, w in table.next_cards()} == {"left", "right"}  # all four nines are down


# ---------------------------------------------------------------- placement rules (ruling 3)


def test_the_first_card_of_a_trick_goes_anywhere():
    for card in deck(36):
        assert Table(36).options(card) == {"first"}


def test_a_card_must_touch_the_card_laid_last_not_an_earlier_one():
    table = table_of("Q♠ first", "K♠ right")
    assert table.options(c("J♠")) == set()  # touches Q♠, which is not the last card
    with pytest.raises(IllegalAction) as err:
        table.play(c("J♠"), "left")
    assert "K♠" in str(err.value) and "К♠" in err.value.message("ru")


def test_a_suit_keeps_its_row_for_the_whole_trick():
    table = table_of("10♥ first", "10♠ up", "J♠ right", "J♥ down")
    assert table.rows == [Suit.SPADES, Suit.HEARTS]
    # J♥ lies in the hearts row, below J♠
    assert table.cells[(1, table.column(c("J♥")))] == c("J♥")
    # a new suit opens a row only directly above or below the last card, if that row is free
    table.play(c("Q♥"), "right")
    assert table.options(c("Q♦")) == {"down"}  # above Q♥ is the spades row
    with pytest.raises(IllegalAction) as err:
        table.play(c("Q♦"), "up")
    assert "spades" in str(err.value) and err.value.rule == "domino.rows"


def test_a_suit_whose_row_does_not_touch_the_last_card_cannot_go_up_or_down():
    table = table_of("8♠ first", "8♥ down", "8♦ down")  # spades above hearts above diamonds
    assert table.options(c("8♣")) == {"down"}
    table = table_of("8♠ first", "8♥ down", "8♦ down", "9♦ right")
    assert table.options(c("9♠")) == set()  # the spades row is two rows up
    with pytest.raises(IllegalAction) as err:
        table.play(c("9♠"), "up")
    assert err.value.rule == "domino.rows"


def test_an_occupied_cell_is_refused_and_the_table_is_unchanged():
    table = table_of("Q♠ first", "Q♣ down")
    before = (list(table.moves), dict(table.row_of))
    with pytest.raises(IllegalAction) as err:
        table.play(c("Q♠"), "up")
    assert "already on the table" in str(err.value)
    assert "уже лежит на столе" in err.value.message("ru")
    assert (list(table.moves), dict(table.row_of)) == before


@pytest.mark.parametrize(
    ("moves", "card", "where", "words_en", "words_ru"),
    [
        (["Q♠ first"], "J♠", "first", "not empty", "не пуст"),
        ([], "J♠", "left", "empty", "пуст"),
        (["Q♠ first"], "10♠", "left", "J♠", "В♠"),
        (["Q♠ first"], "Q♠", "right", "already", "уже"),
        (["Q♠ first"], "K♠", "up", "same suit", "той же масти"),
        (["Q♠ first"], "J♥", "up", "queen", "дама"),
        (["Q♠ first"], "Q♥", "sideways", "not a place", "не место"),
    ],
)
def test_placement_errors_say_why_in_both_languages(moves, card, where, words_en, words_ru):
    table = table_of(*moves)
    with pytest.raises(IllegalAction) as err:
        table.play(c(card), where)
    assert words_en in err.value.message("en")
    assert words_ru in err.value.message("ru")
    assert err.value.rule in RULES
    assert len(table) == len(moves)


@st.composite
def random_tables(draw):
    size = draw(st.sampled_from([36, 52]))
    table = Table(size)
    cards = list(deck(size))
    for _ in range(draw(st.integers(0, 25))):
        moves = [(card, w) for card in cards for w in sorted(table.options(card))]
        if not moves:
            break
        card, where = draw(st.sampled_from(moves))
        table.play(card, where)
    return table


@settings(max_examples=80, deadline=None)
@given(random_tables(), st.data())
def test_every_table_keeps_one_row_per_suit_and_options_agree_with_play(table, data):
    # one row per suit, one suit per row, rows contiguous; every card touched the previous one
    heights = list(table.row_of.values())
    assert len(set(heights)) == len(heights)
    if heights:
        assert sorted(heights) == list(range(min(heights), max(heights) + 1))
    for card, (y, _) in table.pos.items():
        assert table.row_of[card.suit] == y
    for (a, _), (b, _) in zip(table.moves, table.moves[1:], strict=False):
        (ya, ca), (yb, cb) = table.pos[a], table.pos[b]
        assert abs(ya - yb) + abs(ca - cb) == 1
    # the oracle and the checked door agree, and a refused card leaves the table unchanged
    card = data.draw(st.sampled_from(list(deck(table.deck_size))))
    allowed = table.options(card)
    assert allowed <= set(WHERE)
    for where in WHERE:
        trial = table.copy()
        if where in allowed:
            trial.play(card, where)
            assert trial.last == card
        else:
            with pytest.raises(IllegalAction) as err:
                trial.play(card, where)
            assert err.value.message("ru") and err.value.rule in RULES
            assert trial.moves == table.moves
    if not table.is_empty:
        expected = {(k, w) for k in deck(table.deck_size) for w in table.options(k)}
        assert set(table.next_cards()) == expected


def _fixed(table: Table) -> tuple:
    return (list(table.moves), dict(table.row_of), set(table.used), dict(table.pos), table.last, table.last_pos)


@settings(max_examples=80, deadline=None)
@given(random_tables(), st.data())
def test_the_coach_asks_whether_a_placement_can_be_answered_and_the_table_stays_as_it_was(table, data):
    # the coach's playouts take the table where the opponent has no answer: the answer is the one the
    # table gives once the card is really laid, and asking changes nothing
    places = [(k, w) for k in deck(table.deck_size) for w in sorted(table.options(k))]
    assume(places)  # not a table where nothing fits
    card, where = data.draw(st.sampled_from(places))
    unplayed = [k for k in deck(table.deck_size) if k != card and k not in table.pos]
    hand = data.draw(st.lists(st.sampled_from(unplayed), max_size=12))
    before = _fixed(table)
    answered = table.answered(card, where, hand)
    assert _fixed(table) == before
    laid = table.copy()
    laid.play(card, where)
    assert answered == any(laid.options(k) for k in hand)


def test_layout_and_drawing_light_up_the_cells_where_a_card_may_go():
    table = table_of("Q♠ first", "Q♣ down", "J♣ left")
    lay = table.layout(c("J♥"))
    assert lay.rows == (Suit.SPADES, Suit.CLUBS, None)
    assert lay.targets == {"down": (2, table.column(c("J♣")))}
    picture = draw_table(table, c("J♥"), lang="ru")
    assert picture.count("hl-target") == 1 and "hl-last" in picture
    assert "валет треф" in picture


# ---------------------------------------------------------------- deal and seats (rulings 1, 2, 7)


@pytest.mark.parametrize(
    ("players", "size", "hands"),
    [
        (4, 36, [9, 9, 9, 9]),
        (6, 36, [6, 6, 6, 6, 6, 6]),
        (4, 52, [13, 13, 13, 13]),
        (6, 52, [9, 9, 8, 9, 9, 8]),  # «1-ые и 2-ые номера ... по 9 карт, третьи – по 8»
        (2, 36, [16, 16]),  # one against one: four cards removed unseen
    ],
)
def test_the_deal(players, size, hands):
    state = new_game(players=players, seed=5, deck_size=size)
    assert [len(h) for h in state.hands] == hands
    assert len(state.removed) == (4 if players == 2 else 0)
    assert sum(hands) + len(state.removed) == size


def test_the_removed_cards_are_unseen_by_both_players():
    state = new_game(players=2, seed=3)
    for p in (0, 1):
        view = state.view(p)
        assert view["removed"] == 4
        assert not {str(k) for k in state.removed} & set(map(str, _strings(view)))


def _strings(data):
    if isinstance(data, dict):
        for v in data.values():
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)
    else:
        yield data


def test_partners_sit_side_by_side_and_a_lot_picks_the_first_team():
    leaders = {new_game(players=6, seed=s).current_player for s in range(30)}
    assert leaders == {0, 3}  # A1 or B1
    state = new_game(players=6, seed=0)
    assert [state.seat_name(p) for p in range(6)] == ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert [state.team_of(p) for p in range(6)] == [0, 0, 0, 1, 1, 1]
    assert state.seat_name(4, "ru") == "Б2"


# ---------------------------------------------------------------- play, pass, trick, end (rulings 4-6)


def test_forced_play_a_pass_is_refused_while_a_card_fits():
    state = position(["Q♠ 6♦", "K♠ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    assert state.legal_actions() == [Place(1, c("K♠"), "right")]
    before = state.replay_key()
    with pytest.raises(IllegalAction) as err:
        state.apply(Pass(1))
    assert err.value.rule == "domino.pass"
    assert "compulsory" in str(err.value) and "обязателен" in err.value.message("ru")
    assert state.replay_key() == before


def test_voluntary_pass_option_allows_a_pass_at_will_but_not_on_the_lead():
    state = position(["Q♠ 6♦", "K♠ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0, voluntary_pass=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(Pass(0))
    assert err.value.rule == "domino.trick"
    state.place("Q♠", "first")
    assert Pass(1) in state.legal_actions()
    state.apply(Pass(1))
    assert state.current_player == 2


def test_both_opponents_pass_so_the_team_that_laid_the_last_card_takes_even_one_card():
    # «Если ОБОИМ игрокам какой-либо одной команды НЕЧЕМ ОТВЕТИТЬ ... (даже если это всего
    # лишь одна карта), берёт себе в качестве взятки другая команда»
    state = position(["Q♠ 6♦", "7♥ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    state.apply(Pass(1))  # A2 (partner) has nothing either: does not matter
    state.apply(Pass(2))
    assert not state.tricks
    state.apply(Pass(3))
    assert state.banks == [[c("Q♠")], []]
    assert state.table.is_empty and state.table.row_of == {}  # rows reset
    # «После взятки партию продолжает 1-ый по часовой стрелке игрок той команды»
    assert state.current_player == 0


def test_after_a_trick_the_next_teammate_with_cards_leads():
    state = position(["Q♠", "7♥ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    for p in (1, 2, 3):
        state.apply(Pass(p))
    assert state.banks[0] == [c("Q♠")]
    assert state.current_player == 1  # A1 has no cards: A2 leads


def test_the_trick_goes_to_the_team_of_the_last_card_and_passes_reset_on_a_card():
    # B1 answers A1, A's players both pass on B1's card: team B takes both cards
    state = position(["Q♠ 6♦", "7♥ 7♦", "K♠ 9♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    state.apply(Pass(1))
    state.place("K♠", "right")
    state.apply(Pass(3))  # B2: partner of the last card, not counted
    state.apply(Pass(0))
    assert not state.tricks
    state.apply(Pass(1))
    assert state.banks == [[], [c("Q♠"), c("K♠")]]
    assert state.current_player == 2  # B1, the first seat of team B with cards


def test_the_game_ends_when_the_team_that_just_won_has_no_cards_and_the_others_cards_do_not_count():
    # «пока ... команда, только что выигравшая очередную взятку ..., не сможет сделать свой
    # очередной ход в силу отсутствия карт на руках у всех членов этой команды (даже если у
    # членов другой команды ещё остаются карты на руках)»
    state = position(["Q♠", "", "7♥ 7♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    for p in (1, 2, 3):
        state.apply(Pass(p))
    assert state.is_over() and state.current_player is None and state.legal_actions() == []
    result = state.result()
    assert result.scores == (1, 1, 0, 0) and result.winners == (0, 1)
    assert "team A wins" in move_log(state)[-1]
    assert "побеждает команда А" in move_log(state, "ru")[-1]
    with pytest.raises(IllegalAction):
        state.apply(Pass(2))


def test_equal_banks_are_a_draw():
    # «При равном количестве карт фиксируется ничья»
    state = position(["10♦ J♦ Q♠", "K♠"], leader=0)  # one against one
    state.place("10♦", "first")
    state.apply(Pass(1))  # A: 10♦
    state.place("J♦", "first")
    state.apply(Pass(1))  # A: 10♦ J♦
    state.place("Q♠", "first")
    state.place("K♠", "right")
    state.apply(Pass(0))  # B: Q♠ K♠, and B has no cards left
    assert state.is_over()
    result = state.result()
    assert result.scores == (2, 2) and result.places == (1, 1)
    assert result.note("en").startswith("A draw") and result.note("ru").startswith("Ничья")
    assert move_log(state)[-1].endswith("a draw")


def test_move_log_explains_every_placement_pass_and_trick():
    state = position(["Q♠ 6♦", "7♥ 7♦", "K♠ 9♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    state.apply(Pass(1))
    state.place("K♠", "right")
    for p in (3, 0, 1):
        state.apply(Pass(p))
    en, ru = move_log(state, "en"), move_log(state, "ru")
    assert en[0].startswith("A1 leads Q♠")
    assert en[2] == "B1 lays K♠ right of Q♠: same suit, one rank higher"
    assert ru[2] == "Б1 кладёт К♠ справа от Д♠: та же масть, на одно очко больше"
    assert en[-1].startswith("Team B takes the trick (2 cards)") and "B1 leads" in en[-1]
    assert "Команда Б берёт взятку" in ru[-1]


# ---------------------------------------------------------------- errors of the game


def test_wrong_turn_and_missing_card_are_refused_with_the_state_unchanged():
    state = position(["Q♠ 6♦", "K♠ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0)
    before = state.replay_key()
    with pytest.raises(IllegalAction) as err:
        state.apply(Place(2, c("8♦"), "first"))
    assert "A1's turn, not B1's" in str(err.value) and "А1" in err.value.message("ru")
    with pytest.raises(IllegalAction) as err:
        state.place("K♠", "first")
    assert "does not hold K♠" in str(err.value) and "нет карты К♠" in err.value.message("ru")
    with pytest.raises(IllegalAction) as err:
        state.place("Q♠", "left")
    assert "empty" in str(err.value)
    assert state.replay_key() == before


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (3, {}, "2, 4 or 6"),
        (5, {}, "2, 4 or 6"),
        (4, {"deck_size": 40}, "allowed: 36, 52"),
        (2, {"deck_size": 52}, "one against one"),
        (4, {"voluntary_pass": "yes"}, "yes or no"),
        (4, {"jokers": 2}, "unknown option"),
    ],
)
def test_bad_options_are_refused_clearly(players, options, words):
    with pytest.raises(OptionError) as err:
        new_game(players=players, seed=0, **options)
    assert words in str(err.value)
    assert err.value.message("ru")


def test_a_hand_set_position_saves_loads_and_undoes():
    state = position(["Q♠ J♠ 10♦", "Q♣ 9♠ K♥", "J♣ 8♣ 7♥", "6♦ 7♠ 6♣"], leader=0)
    start = state.replay_key()
    state.apply_label("J♠ first")
    restored = rules.domino.from_json(state.to_json())
    assert restored.replay_key() == state.replay_key()
    assert [str(c) for c in restored.table.cards] == ["J♠"]
    assert state.undo().replay_key() == start


def test_the_log_tells_the_trick_and_the_score_with_russian_plurals():
    state = position(["Q♠", "", "7♥ 7♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    for seat in (1, 2, 3):
        state.apply(Pass(seat))
    entries = state.log("ru")
    assert [e.kind for e in entries] == ["action"] * 4 + ["note", "note"]
    assert "берёт взятку (1 карта)" in entries[-2].text and entries[-2].rule == "domino.trick"
    assert entries[-1].rule == "domino.score" and entries[-1].step == 4


def test_the_places_offered_and_the_refusals_come_from_one_verdict():
    table = Table.from_moves([("Q♠", "first"), ("Q♣", "down"), ("J♣", "left")])
    for card in deck(36):
        for where in WHERE:
            assert (where in table.options(card)) == (table.why(card, where) is None), (card, where)


def test_position_refuses_bad_hands():
    with pytest.raises(OptionError, match="twice"):
        position(["Q♠", "Q♠"])
    with pytest.raises(OptionError, match="not in the 36-card deck"):
        position(["2♠", "Q♠"])


# ---------------------------------------------------------------- registry, rules, bots


def test_registered_with_rules_for_every_action():
    assert rules.GAMES["domino"] is rules.domino.GAME and rules.domino.GAME.info.id == "domino"
    assert Place(0, c("Q♠"), "up").rule == "domino.rows"
    assert Place(0, c("Q♠"), "left").rule == "domino.place" and Pass(0).rule == "domino.pass"
    for rule, (en, ru) in RULES.items():
        assert rule.startswith("domino.") and en and ru


def test_games_end_within_the_bound_for_every_variant():
    for players in (2, 4, 6):
        for size in (36, 52) if players > 2 else (36,):
            for voluntary in (False, True):
                state = playout(new_game(players=players, seed=11, deck_size=size, voluntary_pass=voluntary), seed=2)
                assert state.is_over()
                banked = sum(len(b) for b in state.banks)
                in_hands = sum(len(h) for h in state.hands)
                assert banked + in_hands + len(state.removed) == size
                assert not any(state.hands[p] for p in range(players) if state.team_of(p) == state.tricks[-1].team)


def test_guess_state_keeps_what_the_player_sees_and_deals_the_rest():
    state = new_game(players=4, seed=4)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    view = state.view(state.current_player)
    import random

    guess = guess_state(view, random.Random(1))
    public = {k: v for k, v in view.items() if k not in ("history", "trick_ends")}
    assert {k: v for k, v in guess.view(view["player"]).items() if k in public} == public
    assert sorted(k for zone in guess.zones().values() for k in zone) == sorted(deck(36))
    assert [len(h) for h in guess.hands] == view["hand_sizes"]


def _match(bot, players, seeds, **options):
    """Games won / lost by the bot's team, the bot sitting in each team in turn."""
    won = lost = 0
    ts = players // 2
    for seed in seeds:
        for team in (0, 1):
            seats = [bot if p // ts == team else RandomPlayer() for p in range(players)]
            state = playout(new_game(players=players, seed=seed, **options), seats, seed=seed)
            a, b = len(state.banks[team]), len(state.banks[1 - team])
            won, lost = won + (a > b), lost + (a < b)
    return won, lost


def test_the_heuristic_beats_random_one_against_one():
    won, lost = _match(HeuristicPlayer(samples=8), 2, range(10))
    assert won > 1.5 * lost, (won, lost)


def test_the_heuristic_beats_random_with_the_voluntary_pass():
    won, lost = _match(HeuristicPlayer(samples=2), 4, range(8), voluntary_pass=True)
    assert won > 3 * lost, (won, lost)


def test_the_heuristic_reads_only_its_view():
    class Spy(dict):
        """A view that records which keys are read."""

        read: ClassVar[set] = set()

        def __getitem__(self, key):
            Spy.read.add(key)
            return super().__getitem__(key)

    state = new_game(players=4, seed=2)
    state.apply(state.legal_actions()[0])
    view = Spy(state.view(state.current_player))
    action = HeuristicPlayer(samples=2).choose(view, state.legal_actions(), __import__("random").Random(0))
    assert action in state.legal_actions()
    assert Spy.read <= set(state.view(0))


def test_every_rule_id_is_an_anchor_of_the_chapter():
    from pathlib import Path

    chapter = Path(__file__).resolve().parents[1] / "book" / "domino"
    pages = [p.read_text(encoding="utf-8") for p in sorted(chapter.glob("*.md"))]
    assert pages, "the chapter has no pages"
    text = "\n".join(pages)
    missing = [rule for rule in RULES if f"({rule})=" not in text]
    assert not missing, f"rule ids without a label in book/domino/: {missing}"


def test_three_against_three_needs_all_three_opponents_to_pass():
    # ruling 5: «every member of one team has passed in a row on the same last card»
    hands = ["Q♠", "6♦", "7♦", "8♦", "9♦", "10♦"]
    state = position(hands, leader=0)  # A1 A2 A3 B1 B2 B3
    state.place("Q♠", "first")
    for seat in (1, 2, 3, 4):
        state.apply(Pass(seat))
        assert not state.tricks
    state.apply(Pass(5))
    assert state.banks[0] == [c("Q♠")]
    assert state.current_player == 1  # A1 has no cards: A2 leads


def test_voluntary_pass_on_the_own_teams_card_keeps_the_trick_for_the_team():
    state = position(["Q♠ 6♦", "K♠ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0, voluntary_pass=True)
    state.place("Q♠", "first")
    state.apply(Pass(1))  # A2 could lay K♠ but passes at will
    assert "by choice" in state.history[-1].explain("en") and "по желанию" in state.history[-1].explain("ru")
    state.apply(Pass(2))
    state.apply(Pass(3))
    assert state.banks[0] == [c("Q♠")]


def test_forced_passes_tell_which_cards_a_player_does_not_hold():
    import random

    state = position(["Q♠ 6♦", "7♥ 7♦", "K♠ 9♦", "10♦ 6♥"], leader=0)
    state.place("Q♠", "first")
    state.apply(Pass(1))  # A2 holds none of J♠ K♠ Q♣ Q♥ Q♦
    view = state.view(2)
    voids = known_voids(view)
    assert voids[1] == {"J♠", "K♠", "Q♣", "Q♥", "Q♦"}
    assert voids[0] == voids[2] == voids[3] == set()
    for seed in range(20):
        guess = guess_state(view, random.Random(seed), voids)
        assert not {str(k) for k in guess.hands[1]} & voids[1]
    # with the voluntary pass a pass says nothing
    free = position(["Q♠ 6♦", "7♥ 7♦", "K♠ 9♦", "10♦ 6♥"], leader=0, voluntary_pass=True)
    free.place("Q♠", "first")
    free.apply(Pass(1))
    assert known_voids(free.view(2)) == [set(), set(), set(), set()]


def test_the_heuristic_beats_random_two_against_two():
    won, lost = _match(HeuristicPlayer(samples=6), 4, range(1000, 1008))
    assert won > lost, (won, lost)


def test_beside_the_ace_and_the_lowest_card_the_refusal_names_them_in_good_russian():
    # the book's clarification: nothing goes right of the ace nor left of the deck's lowest card
    ace = Table.from_moves([("A♣", "first")]).why(c("K♣"), "right")
    six = Table.from_moves([("6♣", "first")]).why(c("7♣"), "left")
    assert "это туз, старшая карта колоды из 36 листов" in ace.message("ru")
    assert "это самая младшая карта колоды из 36 листов" in six.message("ru")
    assert "the ace, the highest rank" in ace.message("en")
