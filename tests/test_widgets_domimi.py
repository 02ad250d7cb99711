"""DoMiMi views driven from Python: what is drawn, the messages, and that bad input changes nothing."""

from __future__ import annotations

import json

from rules import domimi
from rules.cards import parse_cards
from widgets.games.domimi import DomimiGame, PurchaseExplorer, example_html, field_html


def test_explorer_lists_the_sources_options_and_highlights_the_chosen_one():
    view = PurchaseExplorer("4♥ 10♠ 10♣", decks=1, stage=2)
    titles = [t for t, _ in view.groups]
    assert titles, "no groups"
    assert any(t.startswith("buy Q♥") for t in titles) and any(t.startswith("cross: tens") for t in titles)
    group = next(i for i, (t, _) in enumerate(view.groups) if t.startswith("buy Q♠"))
    view._group.value = group
    assert view.selected.take == tuple(parse_cards("Q♠"))
    assert "hl-take" in view._picture.value and "hl-pay" in view._hand.value and "hl-target" in view._hand.value
    assert "rules.html#domimi-buy" in view._detail.value
    assert "4♥" in view._detail.value  # may go back


def test_explorer_in_russian_and_stage_one():
    view = PurchaseExplorer("T♦ 2♦ 2♠", stage=1, lang="ru")
    assert view.groups[0][0].startswith("собирательный ход: бубны")
    assert "Вариантов" in view._status.value
    assert view.selected.returnable == ()


def test_explorer_extra_cards_and_an_edited_field():
    view = PurchaseExplorer("J♥ 6♥ 7♦", extra="9♦", field="Q♥ Q♦ K♥ 9♥", stage=2)
    bought = {o.take[0] for t, opts in view.groups if t.startswith("buy") for o in opts}
    assert bought == set(parse_cards("Q♥ Q♦"))
    assert len(view.field) == 4


def test_bad_input_to_the_explorer_gives_a_message_and_changes_nothing():
    view = PurchaseExplorer("6♦ 2♥ 9♥")
    before = (view.revealed, view.field, [t for t, _ in view.groups], view._picture.value)
    view._revealed.value = "6♦ 2♥ 9X"
    assert "status-error" in view._status.value and "9X" in view._status.value
    assert (view.revealed, view.field, [t for t, _ in view.groups], view._picture.value) == before
    view._revealed.value = "RJ RJ"  # one deck holds one red joker
    assert "status-error" in view._status.value
    assert view.revealed == before[0]


def test_the_game_plays_a_turn_by_buttons_and_bots_answer():
    game = DomimiGame(players=2, seed=3, humans=1, bot="greedy")
    assert game._actions.children, "no buttons for the human player"
    before = len(game.state.history)
    game._actions.children[0].click()
    after = game.state
    assert len(after.history) > before
    assert after.is_over() or after.current_player == 0
    assert "<li>" in game._log.value and "status-ok" in game._status.value


def test_undo_save_and_load():
    game = DomimiGame(players=2, seed=4, humans=1)
    start = game.state.replay_key()
    game._actions.children[0].click()
    game._undo.click()
    assert game.state.replay_key() == start
    game._actions.children[-1].click()
    game._save.click()
    saved = json.loads(game._json.value)
    assert saved["game"] == "domimi"
    key = game.state.replay_key()
    game._new.click()
    game._load.click()
    assert game.state.replay_key() == key


def test_bad_saved_game_gives_a_message_and_changes_nothing():
    game = DomimiGame(players=2, seed=4, humans=1, lang="ru")
    key = game.state.replay_key()
    for bad in ("{bad", '{"game": "durak"}', "[]"):
        game._json.value = bad
        game._load.click()
        assert "status-error" in game._status.value and "сохранение" in game._status.value
        assert game.state.replay_key() == key
    game._undo.click()
    assert "нечего отменять" in game._status.value
    assert game.state.replay_key() == key


def test_hot_seat_and_a_full_bot_game_show_the_final_scores():
    bots = DomimiGame(players=3, seed=1, humans=0, bot="greedy")
    assert bots.state.is_over()
    assert "Game over" in bots._status.value and "place" in bots._status.value
    hot = DomimiGame(players=2, seed=1, humans=2, teams="none")
    assert hot.humans == {0, 1}


def test_team_game_and_bad_team_options_are_refused_without_change():
    game = DomimiGame(players=4, seed=2, humans=1, teams="two")
    assert "team" in game._table.value
    key = game.state.replay_key()
    game._players.value = 5
    game._new.click()
    assert "status-error" in game._status.value and "even" in game._status.value
    assert game.state.replay_key() == key


def test_drawings_for_the_book():
    html = field_html(domimi.full_field(2), take=parse_cards("3♦"))
    assert "hl-take" in html and "×2" in html
    assert "✔" in example_html("T♦ 2♦ 2♠", "3♦", kind="collect", stage=1)
    assert "✘" in example_html("T♦ 2♦ 2♠", "4♦", kind="collect", stage=1)
