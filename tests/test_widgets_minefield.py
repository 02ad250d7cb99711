"""The Minefield view: buttons call the rules and the view redraws; errors are messages."""

from __future__ import annotations

import pytest

from rules import minefield as mf
from widgets.games.minefield import MinefieldView


def test_a_new_view_shows_a_closed_field_and_whose_move_it_is():
    view = MinefieldView(players=3, seed=4)
    assert view._field.value.count("mf-closed") == 54
    assert "Player 1 draws next" in view._status.value
    assert view._board.value.count("mf-player") == 3


def test_draw_opens_one_cell_and_logs_it():
    view = MinefieldView(players=2, seed=1)
    view._draw.click()
    state = view.state
    assert state.moves == 1
    assert view._field.value.count("mf-open") == sum(state.opened)
    first = state.events[0]
    assert first.explain("en") in view._log.value.replace("&#x27;", "'")
    assert "mf-last" in view._field.value and "<svg" in view._opened.value


def test_russian_texts():
    view = MinefieldView(players=2, seed=1, lang="ru")
    view._draw.click()
    assert "вытягивает бочонок" in view._log.value
    assert "Тянет игрок" in view._status.value or "игра окончена" in view._status.value.lower()


def test_play_to_end_finishes_and_disables_the_buttons():
    view = MinefieldView(players=4, seed=2)
    view._end.click()
    assert view.state.is_over()
    assert view._draw.disabled and view._end.disabled
    assert "Game over" in view._status.value
    assert view._field.value.count("mf-closed") == 0


def test_a_draw_after_the_end_is_an_error_message_and_changes_nothing():
    view = MinefieldView(players=2, seed=3)
    view._end.click()
    before = view.state.replay_key()
    view._draw.click()  # what a stale browser button would send
    assert "the game is over" in view._status.value and "status-error" in view._status.value
    assert view.state.replay_key() == before


# Scores after each scenario's moves, by the rules (not by the engine's output).
EXPECTED = {
    "mine_first": [1, 0],
    "curse_extra_mine": [-1, 0],
    "amplified_curse": [-1, 0],
    "shield_amplified_mine": [0, 0],
    "doctor_evil_shield": [-1, 0],
    "immunity": [0, 0],
    "luck_misfortune": [0, 0],
    "harem": [2, 0],
    "jackpot": [3, 0],
}


def test_every_scenario_has_an_expected_score():
    assert mf.SCENARIOS and set(EXPECTED) == set(mf.SCENARIOS)


@pytest.mark.parametrize("name", list(mf.SCENARIOS))
def test_each_scenario_sets_up_its_effect(name):
    view = MinefieldView(lang="en")
    view._scenario.value = name
    sc = mf.SCENARIOS[name]
    assert sc.text("en")[:30] in view._about.value.replace("&#x27;", "'")
    for _ in range(sc.moves):
        view._draw.click()
    assert view.state.scores() == EXPECTED[name]


def test_scenario_in_the_constructor_and_back_to_a_random_game():
    view = MinefieldView(scenario="mine_first")
    view._draw.click()
    assert view.state.scores()[0] == 1 and "mf-mine_first" in view._log.value
    assert view._players.disabled
    view._scenario.value = ""
    assert view.state.moves == 0 and not view._players.disabled


def test_new_game_uses_players_and_seed():
    view = MinefieldView()
    view._players.value = 5
    view._seed.value = 77
    view._new.click()
    assert view.state.num_players == 5 and view.state.seed == 77
    assert view._board.value.count("mf-player") == 5


def test_the_state_is_a_copy_and_the_view_never_displays_itself():
    view = MinefieldView(players=2, seed=0)
    copy = view.state
    copy.draw()
    assert view.state.moves == 0
    assert len(view.children) == 8


def test_an_unexpected_error_is_a_message(monkeypatch):
    view = MinefieldView(players=2, seed=0)

    def boom():
        raise KeyError("x")

    monkeypatch.setattr(view._state, "draw", boom)
    view._draw.click()
    assert "Unexpected error (KeyError)" in view._status.value


def test_switching_the_language_keeps_the_game_and_the_scenario():
    view = MinefieldView(scenario="harem", lang="en")
    view._draw.click()
    before = view.state.replay_key()
    view._language.value = "ru"
    assert view.state.replay_key() == before
    assert view._scenario.value == "harem" and view._draw.description == "Вытянуть бочонок"
    assert "вытягивает бочонок" in view._log.value and "Тянет игрок 2" in view._status.value
    assert "Гарем" in dict((v, k) for k, v in view._scenario.options)["harem"]
    view._language.value = "en"
    assert view.state.replay_key() == before and "draws barrel" in view._log.value
