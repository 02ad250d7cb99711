"""The one game view, driven through the test game's app as a reader would use it."""

from __future__ import annotations

import json

import pytest

from tests.war_view import WarView


def _view(**kw):
    return WarView(**kw)


def _buttons(view):
    return {b.description: b for b in view._actions.children}


def test_the_human_plays_by_button_and_the_bots_answer():
    view = _view(players=3, seed=4)
    assert view.state.current_player == 0 and view.humans == {0}
    first = view._actions.children[0]
    first.click()
    state = view.state
    assert state.current_player == 0 and len(state.history) >= 3, "the bots played until the human's turn"
    assert {a.player for a in state.history[1:]} >= {1, 2} and all(a.player for a in state.history[1:])
    assert "rb-current" in view._table.value and "Player 1, your turn." in view._status.value
    assert "war-trick" in view._log.value or "Taking the trick" in view._log.value


def test_a_typed_card_plays_it_and_a_wrong_one_is_explained_without_changing_anything():
    view = _view(seed=2)
    card = view.state.hands[0][0]
    key = view.state.replay_key()
    view._typed_box.value = "Z♠"
    assert "status-error" in view._status.value and "Z♠" in view._status.value
    other = next(c for c in view.state.stock)
    view._typed_box.value = str(other)
    assert "no legal move plays" in view._status.value
    assert view.state.replay_key() == key
    view._typed_box.value = str(card)
    assert view.state.history[0].card == card


def test_undo_takes_back_the_humans_move_and_the_bots_answers():
    view = _view(seed=5)
    start = view.state.replay_key()
    view._actions.children[0].click()
    view._undo()
    assert view.state.replay_key() == start
    view._undo()
    assert "nothing to undo" in view._status.value


def test_save_and_load_restore_the_game_and_a_bad_save_changes_nothing():
    view = _view(seed=6)
    view._actions.children[0].click()
    view._save()
    saved = json.loads(view._json.value)
    assert saved["game"] == "war" and "download" in view._download.value
    key = view.state.replay_key()
    view._new_game()
    view._json.value = json.dumps(saved)
    view._load()
    assert view.state.replay_key() == key
    for bad in ("{", '{"format": 2, "game": "durak"}', "[" * 5000):
        view._json.value = bad
        view._load()
        assert "status-error" in view._status.value
        assert view.state.replay_key() == key


def test_the_language_switch_relabels_everything_and_keeps_the_game():
    view = _view(seed=1)
    view._actions.children[0].click()
    key = view.state.replay_key()
    view._set_language("ru")
    assert view.state.replay_key() == key
    assert "Игрок 1, ваш ход." in view._status.value
    assert all("кладёт" in b.tooltip for b in view._actions.children)
    assert "Весь журнал" in view._log.value


def test_hot_seat_shows_the_hand_of_the_player_to_move():
    view = _view(seats=("human", "human"), seed=3)
    view._actions.children[0].click()
    assert view.state.current_player == 1 and view.viewer == 1
    assert "Hand of Player 2" in view._hand_box.value


def test_step_by_step_bots_wait_for_the_button():
    view = _view(seed=8)
    view._speed = "step"
    view._actions.children[0].click()
    assert view.state.current_player == 1 and view._waiting
    assert not view._actions.children and "Next bot move" in view._status.value
    view._next_bot_move()
    assert len(view.state.history) == 2, "one bot move per press"
    assert view._waiting == (view.state.current_player != 0)


def test_a_teaching_setup_opens_from_the_menu():
    view = _view(setup="ace_takes")
    assert sorted(map(str, view.state.hands[0])) == ["6♠", "7♠", "A♠"]
    view._typed_box.value = "A♠"
    assert "takes the trick" in view._log.value


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_options_become_controls_with_labels_in_the_readers_language(lang):
    view = _view(lang=lang)
    pack = view._inputs["pack"]
    assert pack.description == ("Pack" if lang == "en" else "Колода")
    assert [v for _, v in pack.options] == [36, 52]
