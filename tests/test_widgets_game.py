"""The one game view, driven through the test game's app as a reader would use it
(by its public driver: buttons, press, type_move, status_text, log_entries, ...)."""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as w
import pytest

from rules.cards import card_name
from tests.war_view import WarView


def _view(**kw):
    return WarView(**kw)


def test_the_human_plays_by_button_and_the_bots_answer():
    view = _view(players=3, seed=4)
    assert view.state.current_player == 0 and view.humans == {0}
    offered = view.buttons()
    assert offered, "the human to move is offered moves"
    view.press(offered[0])
    state = view.state
    assert state.current_player == 0 and len(state.history) >= 3, "the bots played until the human's turn"
    assert {a.player for a in state.history[1:]} >= {1, 2} and all(a.player for a in state.history[1:])
    assert "rb-current" in view.hand_html() and view.status_text() == "Player 1, your turn."
    assert any(line.rule == "war.trick" and line.href.endswith("#war-trick") for line in view.log_entries())


def test_the_other_seats_sit_above_the_table_and_the_viewer_below_with_the_hand():
    view = _view(players=3, seed=4)
    table, hand = view.table_html(), view.hand_html()
    assert "data-seat='1'" in table and "data-seat='2'" in table and "data-seat='0'" not in table
    assert "data-seat='0'" in hand and "rb-me" in hand
    names = [card_name(c) for c in view.state.hands[0]]
    assert [text.split(":")[0] for text in view.cards()] == names  # the hand: one button per card


def test_pressing_a_move_that_is_not_offered_names_the_offered_ones():
    view = _view(seed=1)
    with pytest.raises(LookupError, match="offered"):
        view.press("Fly to the moon")


def test_a_typed_card_plays_it_and_a_wrong_one_is_explained_without_changing_anything():
    view = _view(seed=2)
    card = view.state.hands[0][0]
    key = view.state.replay_key()
    view.type_move("Z♠")
    assert view.status_kind() == "error" and "Z♠" in view.status_text()
    other = next(c for c in view.state.stock)
    view.type_move(str(other))
    # why, in the engine's words, with the rule that says so
    assert view.status_text() == f"player 1 does not hold {other} (rule: war.play)"
    assert view.state.replay_key() == key
    view.type_move(str(card))
    assert view.state.history[0].card == card
    assert view.control("rb-typed").value == "", "a move played empties the box for the next one"


def test_undo_takes_back_the_humans_move_and_the_bots_answers():
    view = _view(seed=5)
    start = view.state.replay_key()
    view.press(view.buttons()[0])
    view.undo()
    assert view.state.replay_key() == start
    view.undo()
    assert view.status_text() == "nothing to undo" and view.status_kind() == "error"


def test_save_and_load_restore_the_game_and_a_bad_save_changes_nothing():
    view = _view(seed=6)
    view.press(view.buttons()[0])
    saved = json.loads(view.save())
    assert saved["game"] == "war" and "download=" in view.control("rb-download").value
    key = view.state.replay_key()
    view.new_game()
    assert view.state.replay_key() != key
    view.load(json.dumps(saved))
    assert view.state.replay_key() == key and view.status_text() == "Game loaded."
    for bad in ("{", '{"format": 2, "game": "durak"}', "[" * 5000):
        view.load(bad)
        assert view.status_kind() == "error"
        assert view.state.replay_key() == key


def test_the_language_switch_relabels_everything_and_keeps_the_game():
    view = _view(seed=1)
    view.press(view.buttons()[0])
    key = view.state.replay_key()
    view.set_language("ru")
    assert view.state.replay_key() == key
    assert view.status_text() == "Игрок 1, ваш ход."
    assert all("кладёт" in b.tooltip for b in view.control("rb-actions").children)
    assert view.control("rb-toggle-log").description == "Журнал"
    assert all(any(ch in line.text for ch in "абвгдеёжзийклмнопрстуфхцчшщыьэюя") for line in view.log_entries())
    assert "rb-lang-ru" in view._dom_classes and "rb-lang-en" not in view._dom_classes


def test_the_view_tells_the_page_its_language_and_the_title_of_its_tab():
    view = _view(seed=1, lang="ru")
    meta = view.control("rb-meta").value
    assert "data-lang='ru'" in meta and f"data-title='{WarView.GAME.info.name('ru')} · игра'" in meta
    view.set_language("en")
    assert f"data-title='{WarView.GAME.info.name('en')} · play'" in view.control("rb-meta").value


def test_hot_seat_shows_the_hand_of_the_player_to_move():
    view = _view(seats=("human", "human"), seed=3)
    view.press(view.buttons()[0])
    assert view.state.current_player == 1 and view.viewer == 1
    assert "Hand of Player 2" in view.hand_html() and "data-seat='0'" in view.table_html()


def test_step_by_step_bots_wait_for_the_button():
    view = _view(seed=8)
    view.set_speed("step")
    view.press(view.buttons()[0])
    assert view.state.current_player == 1 and view.waiting
    assert view.buttons() == [] and "Next bot move" in view.status_text()
    view.next_bot_move()
    assert len(view.state.history) == 2, "one bot move per press"
    assert view.waiting == (view.state.current_player != 0)


def test_a_teaching_setup_opens_from_the_menu():
    view = _view()
    view.set_up("ace_takes")
    assert sorted(map(str, view.state.hands[0])) == ["6♠", "7♠", "A♠"]
    view.type_move("A♠")
    assert any("takes the trick" in line.text for line in view.log_entries())


def test_new_game_takes_the_settings_and_refuses_an_unknown_one():
    view = _view(seed=1)
    view.new_game(players=3, seed=9)
    assert view.state.num_players == 3 and view.state.seed == 9
    with pytest.raises(LookupError, match="no setting 'colour'"):
        view.new_game(colour="red")


def test_a_finished_game_offers_new_game_under_the_table_with_the_next_deal():
    view = _view(seed=6)
    assert view.control("rb-again").layout.display == "none", "no New game under a game that goes on"
    with pytest.raises(LookupError, match="only when the game is over"):
        view.play_again()
    while not view.state.is_over():
        view.press(view.buttons()[0])
    assert view.buttons() == [] and view.status_text().startswith("Game over.")
    assert view.control("rb-again").layout.display is None and view.control("rb-again").description == "Play again"
    result = view.control("rb-result").value
    places = view.state.result().places
    assert "Game over" in result and result.count("<tr") == 1 + len(places)  # a row per player, under its head
    assert view.control("rb-typed").layout.display == "none", "no move box under a finished game"
    view.play_again()
    # the seed 6 was the page's own: the next deal is the next seed, so a class that began together stays so
    assert view.state.seed == 7 and view.state.history == [] and view.control("rb-option-seed").value == 7
    assert view.status_text() == "Player 1, your turn." and view.control("rb-again").layout.display == "none"
    assert view.control("rb-result").value == "" and view.control("rb-typed").layout.display is None


def test_new_game_deals_afresh_unless_a_seed_was_chosen_and_shows_the_seed_in_use():
    view = _view(seed=None)  # no seed chosen: each New game is a fresh deal
    seeds = {view.state.seed}
    for _ in range(4):
        view.new_game()
        seeds.add(view.state.seed)
        assert f"Deal {view.state.seed}" in view.control("rb-deal").value
        assert view.control("rb-option-seed").value == view.state.seed  # Settings show the seed in use
    assert len(seeds) > 1
    view.new_game(seed=123457 if view.state.seed != 123457 else 123458)  # typed: that deal
    typed = view.state.seed
    assert typed in (123457, 123458)
    view.new_game()  # a chosen seed: the next deals follow it, the same for every reader who typed it
    assert view.state.seed == typed + 1


def test_the_projector_setting_marks_the_view_and_survives_a_language_switch():
    view = _view(seed=1)
    view.control("rb-projector-toggle").value = True
    assert "rb-projector" in view._dom_classes
    view.set_language("ru")
    assert "rb-projector" in view._dom_classes and view.control("rb-projector-toggle").value is True


def test_settings_save_and_the_log_are_drawers_behind_buttons():
    view = _view(seed=1)
    for name in ("settings", "files", "log"):
        toggle, drawer = view.control(f"rb-toggle-{name}"), view.control(f"rb-drawer-{name}")
        assert "rb-toggle" in toggle._dom_classes and "rb-drawer" in drawer._dom_classes
    assert view.control("rb-new") is _find_in(view.control("rb-drawer-settings"), "rb-new")
    assert view.control("rb-undo").description == "Undo", "Undo is on the bar, not in a drawer"


def test_the_table_wears_its_stylesheet_once_and_keeps_it_from_game_to_game():
    css = (Path(__file__).resolve().parents[1] / "widgets" / "table.css").read_text(encoding="utf-8")
    view = _view(seed=1)

    def styles():
        return [c for c in view.children if isinstance(c, w.HTML) and "<style>" in c.value]

    first = styles()
    assert len(first) == 1 and css in first[0].value and ".rb-hand" in css
    view.set_language("ru")
    view.new_game()
    assert styles() == first and first[0].comm is not None, "the same stylesheet, not a new copy per redraw"


def _find_in(widget, css_class):
    from widgets.game import _find

    return _find(widget, css_class)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_options_become_controls_with_labels_in_the_readers_language(lang):
    view = _view(lang=lang)
    pack = view.control("rb-option-pack")
    assert pack.description == ("Pack" if lang == "en" else "Колода")
    assert [v for _, v in pack.options] == [36, 52]


def _open_widgets(root: w.Widget) -> list[w.Widget]:
    """``root`` and everything it holds, with their layouts and styles: what the page is sent."""
    found, todo = [], [root]
    while todo:
        widget = todo.pop()
        found.append(widget)
        todo.extend(getattr(widget, "children", ()))
        todo.extend(p for p in (getattr(widget, "layout", None), getattr(widget, "style", None)) if p is not None)
    return found


def test_a_view_shares_its_plain_layouts_and_hiding_one_control_hides_no_other():
    first, second = _view(seed=6), _view(seed=8)
    parts = [p for p in _open_widgets(first) if isinstance(p, w.Layout) or type(p).__name__.endswith("Style")]
    assert len({id(p) for p in parts}) < len(parts) / 3, "every control has a layout and a style of its own"
    # a game over shows Play again and hides the move box and Next bot move: nothing else appears or goes
    shown = {id(c): c.layout.display for c in _open_widgets(first) if hasattr(c, "layout")}
    while not first.state.is_over():
        first.press(first.buttons()[0])
    changed = {
        c._dom_classes
        for c in _open_widgets(first)
        if hasattr(c, "layout") and shown.get(id(c), "?") not in ("?", c.layout.display)
    }
    assert changed <= {("rb-again",), ("rb-typed",), ("rb-review",), ("rb-hint",)}, changed
    assert second.control("rb-again").layout.display == "none" and second.control("rb-typed").layout.display is None
    # a new game closes the controls it replaces, never what the other view still shows
    first.play_again()
    assert all(p.comm is not None for p in _open_widgets(second)), "a closed layout or style in a view still shown"
    # closing every widget of the kernel leaves the next view with parts of its own that are open
    w.Widget.close_all()
    third = _view(seed=9)
    assert all(p.comm is not None for p in _open_widgets(third))
