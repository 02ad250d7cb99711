"""The Minefield view: buttons call the rules and the view redraws; errors are messages."""

from __future__ import annotations

import pytest

from rules import minefield as mf
from widgets.games.minefield import MinefieldView


def _draw(view):
    view._actions.children[0].click()


def test_a_new_view_shows_a_closed_field_and_whose_move_it_is():
    view = MinefieldView(players=3, seed=4)
    assert view._table.value.count("mf-closed") == 54
    assert "Player 1 draws next; 54 barrels in the bag." in view._table.value
    assert view._table.value.count("mf-player") == 3
    assert [b.description for b in view._actions.children] == ["Draw a barrel"]


def test_draw_opens_one_cell_and_logs_it():
    view = MinefieldView(players=2, seed=1)
    _draw(view)
    state = view.state
    assert state.moves == 1 and state.current_player == 1  # every seat a person: one click, one barrel
    assert view._table.value.count("mf-open") == sum(state.opened)
    first = state.events[0]
    assert first.explain("en") in view._log.value.replace("&#x27;", "'")
    assert "mf-last" in view._table.value and "<svg" in view._table.value


def test_russian_texts():
    view = MinefieldView(players=2, seed=1, lang="ru")
    _draw(view)
    assert "вытягивает бочонок" in view._log.value
    # the first cell held the mine: its barrel went back into the bag, and 54 takes the "few" form
    assert "relay" in view.state.fired()
    assert "Тянет игрок 2; в мешке 54 бочонка." in view._table.value


def test_play_to_end_finishes_and_leaves_no_move():
    view = MinefieldView(players=4, seed=2)
    view._special.children[0].click()
    assert view.state.is_over()
    assert not view._actions.children and view._special.children[0].disabled
    assert "Game over" in view._status.value
    assert view._table.value.count("mf-closed") == 0


def test_a_draw_after_the_end_is_an_error_message_and_changes_nothing():
    view = MinefieldView(players=2, seed=3)
    stale = view._special.children[0]
    stale.click()
    before = view.state.replay_key()
    stale.click()  # what a stale browser button would send
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
    view = MinefieldView(scenario=name, lang="en")
    sc = mf.SCENARIOS[name]
    assert sc.text("en")[:30] in view._table.value.replace("&#x27;", "'")
    for _ in range(sc.moves):
        _draw(view)
    assert view.state.scores() == EXPECTED[name]


def test_the_scenarios_are_offered_by_their_titles_and_saved_by_name():
    view = MinefieldView(lang="ru")
    chooser = next(w for w in view.children[1].children[0].children[0].children if "rb-setup" in w._dom_classes)
    assert ("Гарем", "harem") in chooser.options
    view._begin(mf.SETUPS["mine_first"]())
    _draw(view)
    view._save()
    assert '"factory": "scenario"' in view._json.value and view.state.scores()[0] == 1


def test_new_game_uses_players_and_seed():
    view = MinefieldView()
    view._inputs["players"].value = 5
    view._inputs["seed"].value = 77
    view._new_game()
    assert view.state.num_players == 5 and view.state.seed == 77
    assert view._table.value.count("mf-player") == 5


def test_the_state_is_a_copy():
    view = MinefieldView(players=2, seed=0)
    copy = view.state
    copy.draw()
    assert view.state.moves == 0


def test_an_unexpected_error_is_a_message(monkeypatch):
    view = MinefieldView(players=2, seed=0)

    def boom():
        raise KeyError("x")

    monkeypatch.setattr(view._state, "play_to_end", boom)
    view._special.children[0].click()
    assert "Unexpected error (KeyError)" in view._status.value


def test_switching_the_language_keeps_the_game_and_the_scenario():
    view = MinefieldView(scenario="harem", lang="en")
    _draw(view)
    before = view.state.replay_key()
    view._set_language("ru")
    assert view.state.replay_key() == before
    assert [b.description for b in view._actions.children] == ["Вытянуть бочонок"]
    assert "вытягивает бочонок" in view._log.value and "Тянет игрок 2" in view._table.value
    assert "Игрок 1 собирает" in view._table.value or "Д♥" in view._table.value
    view._set_language("en")
    assert view.state.replay_key() == before and "draws barrel" in view._log.value


def test_the_pages_moves_and_scores_are_in_one_language():
    from rules import minefield as mf
    from widgets.games.minefield import moves_html

    state = mf.scenario("mine_first")
    state.draw()
    ru = moves_html(state, "ru")
    assert "Игрок 1 открывает мину" in ru and "Очки после хода 1:</b> игрок 1: 1, игрок 2: 0" in ru
    assert "Player" not in ru and "Scores" not in ru and "move 1" not in ru
    en = moves_html(state, "en")
    assert "Scores after move 1:</b> player 1: 1, player 2: 0" in en and "Игрок" not in en
