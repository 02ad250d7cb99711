"""Minefield: the source's worked examples, every ruling, options, errors and players.

Expected values come from the source text (book/sources/minefield.ru.txt) and the
rulings, never from the engine's output. Scenarios fix the cells with
``make_layout`` and the order of the barrels, so each test reads like a hand-dealt
example: who opens which cell, and what the rules say happens.
"""

from __future__ import annotations

import functools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from rules import minefield as mf
from rules.cards import deck, parse_card
from rules.errors import IllegalAction, OptionError
from rules.game import RandomPlayer, playout
from rules.simulate import simulate


def game(cells: dict, barrels, players: int = 2, seed: int = 0):
    """A game whose cells ``cells`` are fixed and whose first barrels are ``barrels``."""
    return mf.new_game(players=players, seed=seed, layout=mf.make_layout(cells, seed=seed), barrels=barrels)


def draw(state, times: int = 1):
    for _ in range(times):
        state.apply(state.legal_actions()[0])
    return state


def kinds(state, move=None):
    return [e.kind for e in state.events if move is None or e.move == move]


# Ordinary filler cells: (main, amplifier) pairs without magic and without matches.
F1, F2, F3, F4, F5, F6 = ("5♥", "9♣"), ("6♥", "2♣"), ("7♥", "3♣"), ("8♥", "4♣"), ("9♥", "6♣"), ("10♥", "7♣")


# ---------------------------------------------------------------- set-up and moves


def test_registered_and_described():
    assert rules.GAMES["minefield"] is mf.GAME
    assert (mf.GAME.info.min_players, mf.GAME.info.max_players) == (2, 7)  # "Количество игроков: от 2 до 7"
    assert set(mf.RULES) >= {e for e in mf.EVENT_KINDS.values()}
    for en, ru in mf.RULES.values():
        assert en and ru


def test_the_field_is_two_full_packs_in_54_cells():
    state = mf.new_game(players=3, seed=11)
    assert Counter(state.cards_used()) == Counter(deck(54) * 2)
    assert sorted(state.main) == list(range(54)) and sorted(state.amp) == list(range(54))
    assert state.bag_size() == 54 and state.current_player == 0


def test_a_move_opens_the_cell_of_the_barrel_and_collects_the_main_card():
    state = game({17: ("7♦", "3♣")}, [17])
    draw(state)
    assert state.cell(17) == {"n": 17, "open": True, "main": "7♦", "amp": "3♣"}
    assert state.collection(0) == [(parse_card("7♦"), False)]
    assert state.current_player == 1 and state.bag_size() == 53


def test_the_only_decision_is_to_draw():
    state = mf.new_game(players=4, seed=2)
    actions = state.legal_actions()
    assert actions == [mf.Draw(0)] and actions[0].rule == "minefield.move"
    assert "draws" in actions[0].explain("en") and "бочонок" in actions[0].explain("ru")


def test_the_game_ends_when_the_last_cell_is_opened():
    state = playout(mf.new_game(players=5, seed=3), seed=0)
    assert state.is_over() and state.bag_size() == 0 and all(state.opened)
    assert state.events[-1].kind == "end" and state.events[-1].rule == "minefield.end"
    assert state.result().scores == tuple(state.scores())


# ---------------------------------------------------------------- the source's worked examples


def test_example_quads_from_a_doubled_queen_and_two_more_queens():
    # "две крестовых дамы, потом он открыл две основных карты (две дамы червей и бубей),
    #  итого ... четыре дамы, он собирает обычное каре, выиграв +1 очко"
    state = game({1: ("Q♣", "Q♣"), 2: F1, 3: ("Q♥", "2♦"), 4: F2, 5: ("Q♦", "3♦")}, [1, 2, 3, 4, 5])
    draw(state, 5)
    assert state.scores()[0] == 1
    assert [e.data for e in state.events if e.kind == "quads"] == [(12,)]


def test_example_a_joker_matched_by_its_amplifier_scores_at_once():
    # "Если один джокер совпал с усиливающей картой - тогда сразу +1 очко."
    state = game({1: ("RJ", "RJ")}, [1])
    draw(state)
    assert state.scores() == [1, 0] and "jokers" in kinds(state, 1)


def test_example_two_jokers_score_one_point():
    # "Если один игрок собирает два джокера, он получает +1 очко."
    state = game({1: ("RJ", "BJ"), 2: F1, 3: ("BJ", "RJ")}, [1, 2, 3])
    draw(state, 3)
    assert state.scores() == [1, 0]


def test_jokers_score_at_most_once():
    state = game({1: ("RJ", "RJ"), 2: F1, 3: ("BJ", "BJ")}, [1, 2, 3])
    draw(state, 3)
    assert state.scores() == [1, 0]


def test_example_mine_costs_one_point_and_an_amplified_mine_two():
    # "Игрок, открывший мину, получает -1 очко. ... Усиленная мина приносит игроку - 2 очка."
    state = game({1: F1, 2: ("Q♠", "5♦")}, [1, 2])
    draw(state, 2)
    assert state.scores() == [0, -1]
    state = game({1: F1, 2: ("Q♠", "Q♠")}, [1, 2])
    draw(state, 2)
    assert state.scores() == [0, -2]


def test_example_mine_on_the_first_move_is_a_bonus():
    # "если мину открыть на первом ходу, игрок получает не минус, а плюс 1 очко (за усиленную +2 очка)"
    state = game({1: ("Q♠", "5♦")}, [1])
    draw(state)
    assert state.scores() == [1, 0] and "mine_first" in kinds(state, 1)
    state = game({1: ("Q♠", "Q♠")}, [1])
    draw(state)
    assert state.scores() == [2, 0]


def test_example_the_mine_stays_in_play_and_is_relaid():
    # "мина всегда остаётся в игре ... берутся все основные карты поля с миной включительно,
    #  перемешиваются и раскладываются заново. Игрок, её открывший, повторный ход не делает."
    state = game({1: F1, 2: ("Q♠", "5♦")}, [1, 2], players=3)
    closed_before = Counter(state.main[c] for c in range(54) if not state.opened[c])
    draw(state, 2)
    closed = [c for c in range(54) if not state.opened[c]]
    assert len(closed) == 53 and not state.opened[1]  # cell 2 is closed again
    assert Counter(state.main[c] for c in closed) == closed_before - Counter([parse_card("5♥").index])
    assert state.amp[1] == parse_card("5♦").index  # the amplifier stays
    assert state.bag[0] == 1  # its barrel goes to the end of the given order
    assert state.current_player == 2  # the mover does not move again
    assert "relay" in kinds(state, 2)
    assert parse_card("Q♠") not in [c for c, _ in state.collection(1)]


def test_example_the_mine_under_a_shield_takes_no_points():
    # "Мина не действует, если игрок находится под щитом. ... она так же остаётся в игре"
    state = game({1: ("A♥", "4♦"), 2: F1, 3: ("Q♠", "5♦")}, [1, 2, 3])
    draw(state, 3)
    assert state.scores() == [0, 0]
    assert "mine_shielded" in kinds(state, 3) and "relay" in kinds(state, 3)


def test_example_harem_scores_two():
    # "Если собирает "Гарем" ... (3 дамы кроме пиковой и король бубей) получает +2 очка."
    state = mf.scenario("harem")
    draw(state, mf.SCENARIOS["harem"].moves)
    assert state.scores() == [2, 0]


def test_example_ordinary_quads():
    # "если один игрок собирает каре, то есть четыре двойки ... он получает +1 очко"
    cells = {1: ("2♠", "3♦"), 2: F1, 3: ("2♣", "4♦"), 4: F2, 5: ("2♥", "5♦"), 6: F3, 7: ("2♦", "6♦")}
    state = game(cells, range(1, 8))
    draw(state, 7)
    assert state.scores() == [1, 0]


def test_example_jackpot_scores_three():
    # "Игрок, выигравший Джек пот, получает +3 очка. Для этого необходимо собрать все пять основных карт"
    state = mf.scenario("jackpot")
    draw(state, mf.SCENARIOS["jackpot"].moves)
    assert [str(c) for c in state.jackpot_cards()] == ["3♠", "2♠", "4♠", "5♠", "6♠"]
    assert state.scores() == [3, 0] and state.jackpot_status() == "won"


def test_example_luck_forces_two_moves_and_amplified_three():
    # "Удача ... вынуждает следующего игрока сделать два хода ... Усиленная удача вынуждает сделать три хода."
    state = game({1: ("A♦", "4♦"), 2: F1, 3: F2, 4: F3}, [1, 2, 3, 4], players=3)
    draw(state)
    assert state.current_player == 1 and state.moves_in_a_row() == 2
    draw(state, 2)
    assert state.current_player == 2
    state = game({1: ("A♦", "A♦"), 2: F1, 3: F2, 4: F3, 5: F4}, [1, 2, 3, 4, 5], players=3)
    draw(state)
    movers = []
    for _ in range(4):
        movers.append(state.current_player)
        draw(state)
    assert movers == [1, 1, 1, 2]


def test_example_misfortune_one_more_move_and_amplified_two():
    # "Неудача. Игрок, открывший неудачу, делает ещё один ход. Усиленную неудачу - ещё 2 хода."
    state = game({1: ("A♣", "4♦"), 2: F1, 3: F2}, [1, 2, 3])
    draw(state)
    assert state.current_player == 0
    draw(state)
    assert state.current_player == 1
    state = game({1: ("A♣", "A♣"), 2: F1, 3: F2, 4: F3}, [1, 2, 3, 4])
    draw(state)
    movers = []
    for _ in range(3):
        movers.append(state.current_player)
        draw(state)
    assert movers == [0, 0, 1]


# ---------------------------------------------------------------- rulings


def test_ruling_2_matching_jokers_by_colour_only():
    state = game({1: ("RJ", "BJ")}, [1])
    draw(state)
    assert state.collection(0) == [(parse_card("RJ"), False)] and state.scores() == [0, 0]


def test_ruling_3_shield_lasts_three_of_the_holders_own_moves():
    # shield on move 1 (player 1); player 1's moves 3, 5, 7 are protected; move 9 is not
    cells = {1: ("A♥", "4♦"), 2: ("2♣", "3♥"), 3: F1, 4: ("3♣", "4♥"), 5: F2, 6: ("4♣", "5♦"), 7: F3}
    cells.update({8: ("5♣", "6♦"), 9: ("Q♠", "7♦")})
    state = game(cells, range(1, 10))
    draw(state, 8)
    assert state.status(0)["shield"] == 0
    draw(state)
    assert state.scores()[0] == -1 and "mine" in kinds(state, 9)
    # the third move after the shield is still protected
    cells[7], cells[9] = ("Q♠", "7♦"), F3
    state = game(cells, range(1, 10))
    draw(state, 7)
    assert state.scores()[0] == 0 and "mine_shielded" in kinds(state, 7)


def test_ruling_5_amplified_shield_six_moves_against_an_ordinary_mine():
    cells = {1: ("A♥", "A♥"), 2: ("2♣", "3♥"), 3: F1, 4: ("3♣", "4♥"), 5: F2, 6: ("4♣", "5♦"), 7: F3}
    cells.update({8: ("5♣", "6♦"), 9: F4, 10: ("6♣", "8♦"), 11: F5, 12: ("7♣", "9♦"), 13: ("Q♠", "10♦")})
    state = game(cells, range(1, 14))
    draw(state, 13)  # player 1's 6th move after the shield
    assert state.scores()[0] == 0 and "mine_shielded" in kinds(state, 13)


def test_ruling_5_amplified_shield_three_moves_against_an_amplified_mine():
    cells = {1: ("A♥", "A♥"), 2: ("2♣", "3♥"), 3: F1, 4: ("3♣", "4♥"), 5: F2, 6: ("4♣", "5♦"), 7: F3}
    cells.update({8: ("5♣", "6♦"), 9: ("Q♠", "Q♠")})
    state = game(cells, range(1, 10))
    draw(state, 9)  # player 1's 4th move after the shield: amplified mine not covered
    assert state.scores()[0] == -2
    state = mf.scenario("shield_amplified_mine")
    draw(state, 3)
    assert state.scores() == [0, 0]


def test_ruling_5_immunity_protects_from_the_curse_and_misfortune():
    state = game({1: ("K♥", "4♦"), 2: F1, 3: ("A♠", "5♦"), 4: F2, 5: ("A♣", "6♦"), 6: F3, 7: F4}, range(1, 8))
    draw(state, 5)
    assert not state.status(0)["cursed"]
    assert "curse_immune" in kinds(state, 3) and "misfortune_immune" in kinds(state, 5)
    assert state.current_player == 1  # no extra move


def test_ruling_5_immunity_has_no_effect_when_both_evil_aces_are_out():
    state = game({1: ("A♠", "4♦"), 2: ("A♣", "5♦"), 3: F1, 4: ("K♥", "6♦")}, range(1, 5))
    draw(state, 4)
    assert "immunity_void" in kinds(state, 4) and state.status(0)["immunity"] == 0


def test_ruling_6_doctor_evil_ends_every_shield():
    state = mf.scenario("doctor_evil_shield")
    draw(state, 3)
    assert state.scores() == [-1, 0]
    ev = next(e for e in state.events if e.kind == "doctor_evil")
    assert ev.data[0] == (0,) and ev.player == 1


def test_ruling_6_doctor_evil_cancels_pending_luck():
    # player 1 opens luck (player 2 owes 2 moves); player 2's first move opens Doctor Evil
    state = game({1: ("A♦", "4♦"), 2: ("K♣", "5♦"), 3: F1, 4: F2}, range(1, 5))
    draw(state, 2)
    assert state.current_player == 0


def test_ruling_6_doctor_evil_blocks_the_openers_own_shield_and_luck():
    cells = {1: ("K♣", "4♦"), 2: F1, 3: ("A♥", "5♦"), 4: F2, 5: ("A♦", "6♦"), 6: F3, 7: F4}
    state = game(cells, range(1, 8))
    draw(state, 5)
    assert "shield_blocked" in kinds(state, 3) and "luck_blocked" in kinds(state, 5)
    assert state.status(0)["shield"] == 0 and state.current_player == 1 and state.moves_in_a_row() == 1


def test_ruling_7_mine_in_the_last_cell_is_not_relaid():
    layout = list(mf.make_layout({54: ("Q♠", "5♦")}))
    state = mf.new_game(players=2, seed=0, layout=layout, barrels=list(range(1, 55)))
    draw(state, 54)
    assert state.is_over() and "mine_last" in kinds(state, 54) and "mine" in kinds(state, 54)


def test_ruling_7_other_pending_extra_moves_still_happen():
    # amplified misfortune: two more moves; the mine on the first of them does not end them
    state = game({1: ("A♣", "A♣"), 2: ("Q♠", "5♦"), 3: F1}, [1, 2, 3])
    draw(state, 2)
    assert state.current_player == 0 and state.scores()[0] == -1


def test_ruling_8_curse_then_extra_mine():
    state = mf.scenario("curse_extra_mine")
    draw(state, 3)
    assert state.scores() == [-1, 0] and not state.status(0)["cursed"] and state.extra_mine_out


def test_ruling_8_amplified_extra_mine_costs_two():
    state = game({1: ("A♠", "4♦"), 2: F1, 3: ("K♠", "K♠")}, [1, 2, 3])
    draw(state, 3)
    assert state.scores() == [-2, 0]


def test_ruling_8_extra_mine_opened_by_another_lifts_the_curse():
    state = game({1: ("A♠", "4♦"), 2: ("K♠", "5♦"), 3: F1}, [1, 2, 3])
    draw(state, 2)
    assert not state.status(0)["cursed"] and state.scores() == [0, 0]


def test_ruling_8_curse_is_dead_after_the_extra_mine():
    state = game({1: ("K♠", "4♦"), 2: ("A♠", "5♦"), 3: F1}, [1, 2, 3])
    draw(state, 2)
    assert not state.status(1)["cursed"] and "curse_dead" in kinds(state, 2)


def test_ruling_8_shield_protects_a_cursed_player_from_the_extra_mine():
    # "игрок под проклятием, открывший щит, защищается также и от доп. мины"
    state = game({1: ("A♠", "4♦"), 2: F1, 3: ("A♥", "5♦"), 4: F2, 5: ("K♠", "6♦")}, range(1, 6))
    draw(state, 5)
    assert state.scores() == [0, 0] and "extra_mine_shielded" in kinds(state, 5)


def test_ruling_8_amplified_curse_and_an_unmatched_amplifier_king_of_spades():
    state = mf.scenario("amplified_curse")
    draw(state, 3)
    assert state.scores() == [-1, 0] and "curse_amplified" in kinds(state, 3)
    # an ordinary curse does not care about the amplifier K♠
    state = game({1: ("A♠", "4♦"), 2: F1, 3: ("7♣", "K♠")}, [1, 2, 3])
    draw(state, 3)
    assert state.scores() == [0, 0]


def test_ruling_9_quads_with_two_doubled_cards():
    state = game({1: ("7♠", "7♠"), 2: F1, 3: ("7♦", "7♦")}, [1, 2, 3])
    draw(state, 3)
    assert state.scores() == [1, 0]


def test_ruling_9_harem_replaces_four_queens():
    cells = {1: ("Q♣", "Q♣"), 2: F1, 3: ("Q♥", "2♦"), 4: F2, 5: ("Q♦", "3♦"), 6: F3, 7: ("K♦", "4♦")}
    state = game(cells, range(1, 8))
    draw(state, 5)
    assert state.scores()[0] == 1
    draw(state, 2)
    assert state.scores()[0] == 2


def test_ruling_9_quads_need_one_player():
    cells = {1: ("2♠", "3♦"), 2: ("2♣", "4♦"), 3: ("2♥", "5♦"), 4: ("2♦", "6♦")}
    state = game(cells, range(1, 5))
    draw(state, 4)
    assert state.scores() == [0, 0]


def test_ruling_11_jackpot_skips_matched_amplifiers_and_the_queen_of_spades():
    cells = {1: ("5♥", "5♥"), 2: ("6♥", "Q♠"), 3: ("7♥", "2♠")}
    state = game(cells, [1, 2, 3])
    draw(state, 3)
    assert [str(c) for c in state.jackpot_cards()] == ["2♠"]


def test_ruling_11_jackpot_won_when_another_player_opens_the_fifth_amplifier():
    # player 1 takes 2♠ from a cell whose amplifier is Q♠ (no jackpot card), then 3♠..6♠
    # while their amplifiers 4♠ 5♠ 6♠ 3♠ join the jackpot; player 2 opens only matched
    # cells until the fifth amplifier, 2♠: player 1 holds all five and wins it then
    cells = {1: ("2♠", "Q♠"), 3: ("3♠", "4♠"), 5: ("4♠", "5♠"), 7: ("5♠", "6♠"), 9: ("6♠", "3♠")}
    cells.update({2: ("5♥", "5♥"), 4: ("6♥", "6♥"), 6: ("7♥", "7♥"), 8: ("8♥", "8♥"), 10: ("9♥", "2♠")})
    state = game(cells, range(1, 11))
    draw(state, 9)
    assert state.jackpot_status() == "open" and state.scores()[0] == 0
    draw(state)
    assert [str(c) for c in state.jackpot_cards()] == ["4♠", "5♠", "6♠", "3♠", "2♠"]
    assert state.jackpot_status() == "won" and state.scores() == [3, 0]
    won = next(e for e in state.events if e.kind == "jackpot")
    assert won.player == 0 and won.move == 10


def test_ruling_11_jackpot_lost_when_two_players_hold_its_cards():
    cells = {1: ("2♠", "3♠"), 2: ("3♠", "2♠")}
    state = game(cells, [1, 2])
    draw(state, 2)
    assert state.jackpot_status() == "lost" and "jackpot_lost" in kinds(state, 2)


def test_ruling_12_ties_share_first_place():
    state = playout(mf.new_game(players=2, seed=0), seed=0)
    scores = state.scores()
    result = state.result()
    assert result.places == tuple(1 + sum(o > s for o in scores) for s in scores)


# ---------------------------------------------------------------- options and errors


def test_bad_layouts_are_refused_in_both_languages():
    with pytest.raises(OptionError) as err:
        mf.new_game(layout=[("A♠", "A♠")] * 54)
    assert "twice A♠" in err.value.message("en") and "дважды" in err.value.message("ru")
    with pytest.raises(OptionError) as err:
        mf.new_game(layout=[("A♠", "A♠")])
    assert "54" in str(err.value)
    bad = list(mf.make_layout())
    bad[3] = ("Z♠", bad[3][1])
    with pytest.raises(OptionError) as err:
        mf.new_game(layout=bad)
    assert "cell 4" in err.value.message("en") and "ячейка 4" in err.value.message("ru")


def test_bad_barrels_are_refused():
    for barrels, word in (([0], "0"), ([55], "55"), ([3, 3], "twice"), ("12", "list")):
        with pytest.raises(OptionError) as err:
            mf.new_game(barrels=barrels)
        assert word in err.value.message("en") and err.value.message("ru")


def test_unknown_options_and_scenarios_are_refused():
    with pytest.raises(OptionError, match="jokers"):
        mf.new_game(jokers=3)
    with pytest.raises(OptionError):
        mf.scenario("nothing")


def test_a_scenario_saves_by_its_name_and_plays_on_after_loading():
    state = mf.scenario("doctor_evil_shield")
    draw(state, 2)
    saved = json.loads(state.to_json())
    assert (saved["factory"], saved["args"]) == ("scenario", {"name": "doctor_evil_shield"})
    restored = mf.from_json(state.to_json())
    draw(restored)  # the third move: player 1 steps on the mine, the shield gone
    assert restored.scores() == [-1, 0]
    assert restored.undo(3).replay_key() == mf.scenario("doctor_evil_shield").replay_key()


def test_a_malformed_draw_is_refused_in_both_languages():
    state = mf.new_game(players=2, seed=1)
    for bad in (mf.Draw("1"), mf.Draw(None), mf.Draw(1.0)):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert "player must be a seat from 0 to 1" in err.value.message("en")
        assert "место от 0 до 1" in err.value.message("ru")
    assert state.moves == 0


def test_a_draw_out_of_turn_names_the_player_and_changes_nothing():
    state = game({1: ("A♦", "4♦")}, [1], players=3)
    draw(state)
    before = state.replay_key()
    with pytest.raises(IllegalAction) as err:
        state.apply(mf.Draw(2))
    assert "player 2's turn (2 moves in a row)" in err.value.message("en")
    assert "ходит игрок 2" in err.value.message("ru") and err.value.rule == "minefield.move"
    assert state.replay_key() == before


def test_a_draw_after_the_end_is_refused():
    state = playout(mf.new_game(players=2, seed=4), seed=0)
    with pytest.raises(IllegalAction) as err:
        state.apply(mf.Draw(0))
    assert "over" in err.value.message("en") and "окончена" in err.value.message("ru")


def test_json_round_trip_keeps_a_teaching_layout():
    state = mf.scenario("jackpot")
    draw(state, 4)
    again = mf.from_json(state.to_json())
    assert again.replay_key() == state.replay_key() and again.scores() == state.scores()


# ---------------------------------------------------------------- events, views, scenarios


def test_every_event_explains_itself_in_both_languages():
    seen = set()
    for seed in range(40):
        state = playout(mf.new_game(players=3, seed=seed), seed=seed)
        for e in state.events:
            seen.add(e.kind)
            assert e.explain("en") and e.explain("ru") and e.rule in mf.RULES
    for name in mf.SCENARIOS:
        state = mf.scenario(name)
        playout(state, seed=0)
        for e in state.events:
            seen.add(e.kind)
            assert e.explain("en") and e.explain("ru")
    assert len(seen) >= 20


@pytest.mark.parametrize("name", list(mf.SCENARIOS))
def test_each_scenario_shows_its_effect_in_its_moves(name):
    expected = {
        "mine_first": "mine_first",
        "curse_extra_mine": "extra_mine",
        "amplified_curse": "curse_amplified",
        "shield_amplified_mine": "mine_shielded",
        "doctor_evil_shield": "doctor_evil",
        "immunity": "misfortune_immune",
        "luck_misfortune": "misfortune",
        "harem": "harem",
        "jackpot": "jackpot",
    }
    sc = mf.SCENARIOS[name]
    state = sc.new_game()
    draw(state, sc.moves)
    assert expected[name] in kinds(state)
    assert sc.title("en") and sc.title("ru") and sc.text("ru")


def test_the_view_hides_closed_cells():
    state = draw(mf.new_game(players=2, seed=5), 3)
    view = state.view(1)
    closed = [c for c in view["cells"] if not c["open"]]
    assert closed and all(c["amp"] is None for c in closed if not state.amp_seen[c["n"] - 1])
    assert "main" not in view["cells"][0]


def test_status_text_in_both_languages():
    state = game({1: ("A♥", "A♥")}, [1])
    draw(state)
    assert state.status_text(0, "en") == "shield: 6 moves (3 vs amplified)"
    assert state.status_text(0, "ru") == "щит: 6 ходов (3 от усиленной)"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 7))
def test_properties_of_random_games(seed, players):
    state = playout(mf.new_game(players=players, seed=seed), seed=seed)
    scores = state.scores()
    mines = sum(e.points for e in state.events if e.kind in ("mine", "mine_first", "extra_mine", "curse_amplified"))
    assert sum(scores) == mines + sum(state.bonus) + (3 if state.jackpot_status() == "won" else 0)
    assert sum(len(state.collection(p)) for p in range(players)) == 53  # every main card but the mine
    assert len(state.jackpot_cards()) <= 5
    clone = state.clone()
    assert clone.replay_key() == state.replay_key()


def test_clone_is_independent():
    state = draw(mf.new_game(players=3, seed=8), 5)
    copy = state.clone()
    draw(copy, 3)
    assert state.moves == 5 and copy.moves == 8 and state.replay_key() != copy.replay_key()


# ---------------------------------------------------------------- players and simulation


def test_the_draw_player_plays_the_same_game_as_random():
    # no decisions in Minefield: every player is as good as another
    a = playout(mf.new_game(players=3, seed=9), [mf.DrawPlayer()] * 3, seed=1)
    b = playout(mf.new_game(players=3, seed=9), [RandomPlayer()] * 3, seed=1)
    assert a.to_json() == b.to_json()


def test_the_simulation_measures_each_game_as_played_and_in_any_number_of_processes():
    np = pytest.importorskip("numpy")
    make = functools.partial(mf.new_game, players=3)
    one = simulate(make, [RandomPlayer()] * 3, mf.measure_effects, games=300, seed=10, processes=1)
    two = simulate(make, [RandomPlayer()] * 3, mf.measure_effects, games=300, seed=10, processes=2)
    assert one.rows == two.rows
    scores = mf.score_table(one, 3)
    assert scores.shape == (300, 3)
    assert np.allclose(mf.wins(scores).sum(axis=1), 1)
    state = playout(mf.new_game(players=3, seed=10), seed=10)
    assert list(scores[0]) == state.scores()
    assert one.rows[0]["actions"] == state.moves
    assert {k: one.rows[0][k] for k in mf.EVENT_KINDS} == {k: state.fired()[k] for k in mf.EVENT_KINDS}


def test_a_tie_shares_the_win():
    np = pytest.importorskip("numpy")
    assert mf.wins(np.array([[2, 2, 1], [0, 3, -1]])).tolist() == [[0.5, 0.5, 0], [0, 1, 0]]


def test_card_roles():
    roles = {str(c): mf.card_role(c) for c in deck(54) if mf.card_role(c)}
    assert len(roles) == 10  # "10 волшебных"
    assert sum(1 for c in deck(54) if not mf.card_role(c)) == 44  # "44 обычных"


def test_every_rule_id_is_a_label_of_the_chapter():
    from pathlib import Path

    chapter = Path(__file__).resolve().parents[1] / "book" / "minefield"
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(chapter.glob("*.md")))
    assert mf.RULES
    missing = [rule for rule in mf.RULES if f"({rule})=" not in text]
    assert not missing, f"rule ids without a (<id>)= label in book/minefield: {missing}"


def test_ruling_5_amplified_immunity_six_moves_against_ordinary_three_against_amplified():
    # player 1's moves after the amplified immunity: 3, 5, 7, 9 (4th) ...
    cells = {1: ("K♥", "K♥"), 2: ("2♣", "3♥"), 3: F1, 4: ("3♣", "4♥"), 5: F2, 6: ("4♣", "5♦"), 7: F3}
    cells.update({8: ("5♣", "6♦"), 9: ("A♠", "7♦")})
    state = game(cells, range(1, 10))
    draw(state, 9)  # an ordinary curse on the 4th move: still immune (6 moves)
    assert "curse_immune" in kinds(state, 9) and not state.status(0)["cursed"]
    cells[9] = ("A♠", "A♠")
    state = game(cells, range(1, 10))
    draw(state, 9)  # an amplified curse on the 4th move: immunity against it lasted 3 moves
    assert "curse" in kinds(state, 9) and state.status(0)["curse_amplified"]


def test_ruling_6_amplified_doctor_evil_blocks_six_moves():
    cells = {1: ("K♣", "K♣"), 2: ("2♣", "3♥"), 3: F1, 4: ("3♣", "4♥"), 5: F2, 6: ("4♣", "5♦"), 7: F3}
    cells.update({8: ("5♣", "6♦"), 9: F4, 10: ("6♣", "8♦"), 11: F5, 12: ("7♣", "9♦"), 13: ("A♥", "10♦")})
    state = game(cells, range(1, 14))
    draw(state, 13)  # player 1's 6th move after Doctor Evil: the shield is still blocked
    assert "shield_blocked" in kinds(state, 13)
    cells[13], cells[15] = ("8♣", "10♦"), ("A♥", "J♦")
    cells[14] = ("9♣", "Q♦")
    state = game(cells, range(1, 16))
    draw(state, 15)  # the 7th move: the shield works
    assert "shield" in kinds(state, 15)


def test_the_chapter_opening_example_runs():
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "book" / "minefield" / "index.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert blocks
    scope: dict = {}
    exec(blocks[0], scope)
    assert scope["state"].scores() == [2, 0]  # the comment on the page says so


def test_every_kind_of_event_has_a_name_in_both_languages():
    from rules import minefield as mf

    assert set(mf.EVENT_NAMES) == set(mf.EVENT_KINDS)
    assert all(en and ru and en != ru for en, ru in mf.EVENT_NAMES.values())
    assert mf.event_name("harem", "ru") == "«Гарем»"
