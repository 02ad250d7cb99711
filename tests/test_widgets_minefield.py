"""The Minefield view: buttons call the rules and the view redraws; errors are messages."""

from __future__ import annotations

import pytest

from rules import minefield as mf
from widgets.games.minefield import MinefieldView


def _draw(view):
    view.press(view.buttons()[0])


def _log(view) -> str:
    return "\n".join(line.text for line in view.log_entries())


def test_a_new_view_shows_a_closed_field_and_whose_move_it_is():
    view = MinefieldView(players=3, seed=4)
    assert view.table_html().count("mf-closed") == 54
    assert "Player 1 draws next; 54 barrels in the bag." in view.table_html()
    assert view.table_html().count("mf-player") == 3
    assert view.buttons() == ["Draw a barrel"]


def test_a_new_game_seats_one_person_and_bots_as_every_game_does():
    view = MinefieldView(players=3, seed=4)
    assert view.humans == {0} and "(bot)" in view.table_html()
    _draw(view)  # the person draws, then the bots: the person's turn again
    assert view.state.current_player == 0 and view.state.moves == 3


def test_draw_opens_one_cell_and_logs_it():
    view = MinefieldView(players=2, seed=1, seats=("human", "human"))
    _draw(view)
    state = view.state
    assert state.moves == 1 and state.current_player == 1  # every seat a person: one click, one barrel
    assert view.table_html().count("mf-open") == sum(state.opened)
    first = state.events[0]
    assert first.explain("en") in _log(view)
    assert "mf-last" in view.table_html() and "<svg" in view.table_html()


def test_russian_texts():
    view = MinefieldView(players=2, seed=1, lang="ru", seats=("human", "human"))
    _draw(view)
    assert "вытягивает бочонок" in _log(view)
    # the first cell held the mine: its barrel went back into the bag, and 54 takes the "few" form
    assert "relay" in view.state.fired()
    assert "Тянет игрок 2; в мешке 54 бочонка." in view.table_html()


def test_play_to_end_finishes_and_leaves_no_move():
    view = MinefieldView(players=4, seed=2)
    view.control("minefield-end").click()
    assert view.state.is_over()
    assert view.buttons() == [] and view.control("minefield-end").disabled
    assert view.status_text().startswith("Game over")
    assert view.table_html().count("mf-closed") == 0


def test_a_draw_after_the_end_is_an_error_message_and_changes_nothing():
    view = MinefieldView(players=2, seed=3)
    stale = view.control("minefield-end")
    stale.click()
    before = view.state.replay_key()
    stale.click()  # what a stale browser button would send
    assert "the game is over" in view.status_text() and view.status_kind() == "error"
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
    assert sc.text("en")[:30] in view.table_html().replace("&#x27;", "'")
    for _ in range(sc.moves):
        _draw(view)
    assert view.state.scores() == EXPECTED[name]


def test_the_scenarios_are_offered_by_their_titles_and_saved_by_name():
    view = MinefieldView(lang="ru")
    assert ("Гарем", "harem") in view.control("rb-setup").options
    view.set_up("mine_first")
    _draw(view)
    assert '"factory": "scenario"' in view.save() and view.state.scores()[0] == 1


def test_new_game_uses_players_and_seed():
    view = MinefieldView()
    view.new_game(players=5, seed=77)
    assert view.state.num_players == 5 and view.state.seed == 77
    assert view.table_html().count("mf-player") == 5


def test_the_state_is_a_copy():
    view = MinefieldView(players=2, seed=0)
    copy = view.state
    copy.draw()
    assert view.state.moves == 0


def test_an_unexpected_error_is_a_message(monkeypatch):
    view = MinefieldView(players=2, seed=0)

    def boom(self):
        raise KeyError("x")

    monkeypatch.setattr(type(view.state), "play_to_end", boom)
    view.control("minefield-end").click()
    assert "Unexpected error (KeyError)" in view.status_text()


def test_switching_the_language_keeps_the_game_and_the_scenario():
    view = MinefieldView(scenario="harem", lang="en")
    _draw(view)
    before = view.state.replay_key()
    view.set_language("ru")
    assert view.state.replay_key() == before
    assert view.buttons() == ["Вытянуть бочонок"]
    assert "вытягивает бочонок" in _log(view) and "Тянет игрок 2" in view.table_html()
    assert "Игрок 1 собирает" in view.table_html() or "Д♥" in view.table_html()
    view.set_language("en")
    assert view.state.replay_key() == before and "draws barrel" in _log(view)


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
