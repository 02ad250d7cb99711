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
    view._inputs["revealed"].value = "6♦ 2♥ 9X"
    assert "status-error" in view._status.value and "9X" in view._status.value
    assert (view.revealed, view.field, [t for t, _ in view.groups], view._picture.value) == before
    view._inputs["revealed"].value = "RJ RJ"  # one deck holds one red joker
    assert "status-error" in view._status.value
    assert view.revealed == before[0]


def test_the_game_shows_the_field_the_revealed_cards_and_short_buttons():
    game = DomimiGame(players=2, seed=2026)
    state = game.state
    assert state.current_player == 0
    assert "domimi-battery" in game.table_html() and "stage 1; round 1" in game.table_html()
    assert "personal deck 1, discard pile 0" in game.hand_html()  # the viewer's own seat, beside the hand
    assert len(game.cards()) == 3  # the three cards revealed, as cards to tap
    assert game.buttons() == ["collect A♥+2♥ → 3♥", "Do nothing"]
    game.press("collect A♥+2♥ → 3♥")
    assert game.state.current_player == 0 and len(game.state.history) >= 2
    lines = game.log_entries()
    assert any(line.text.startswith("Player 2: ") for line in lines)
    assert any(line.href.endswith("rules.html#domimi-collect") for line in lines)


def test_a_tap_on_a_card_of_one_move_plays_that_move_with_its_other_cards():
    game = DomimiGame(setup="collect")  # A♦ 2♦ 2♠ in view: A♦ and 2♦ together collect 3♦
    assert game.cards()[0] == "ace of diamonds: collect A♦+2♦ → 3♦"
    game.tap(0)
    mine = [a for a in game.state.history if a.player == 0]
    assert [a.label for a in mine] == ["collect A♦+2♦ -> 3♦"]
    assert game.status_kind() != "error"


def test_a_typed_move_names_its_cards():
    game = DomimiGame(players=2, seed=2026)
    game.type_move("A♥ 2♥ 3♥")
    mine = [a for a in game.state.history if a.player == 0]
    assert mine[0].label == "collect A♥+2♥ -> 3♥"


def test_undo_save_and_load_a_teaching_setup():
    game = DomimiGame(setup="king_reveals", seats=["human", "human"])
    start = game.state.replay_key()
    game.press(game.buttons()[0])  # K♣ reveals two more
    assert len(game.state.revealed_cards()) == 5
    game.undo()
    assert game.state.replay_key() == start
    game.press(game.buttons()[0])
    saved, key = game.save(), game.state.replay_key()
    assert json.loads(saved)["factory"] == "scenario"
    game.new_game()
    game.load(saved)
    assert game.state.replay_key() == key


def test_bad_saves_and_options_give_a_message_and_change_nothing():
    game = DomimiGame(players=2, seed=4, lang="ru")
    key = game.state.replay_key()
    for bad in (
        "{bad",
        '{"format": 2, "game": "domimi", "factory": "new_game", '
        '"args": {"players": 2, "seed": 1, "decks": 1000000}, "history": []}',
    ):
        game.load(bad)
        assert game.status_kind() == "error"
        assert game.state.replay_key() == key
    game.new_game(players=5, teams="two")
    assert game.status_kind() == "error" and "чётное" in game.status_text()
    assert game.state.replay_key() == key


def test_a_team_game_and_a_game_of_bots_to_the_end():
    team = DomimiGame(players=4, seed=2, teams="two")
    seats = team.table_html() + team.hand_html()
    assert "team 1" in seats and "team 2" in seats
    bots = DomimiGame(players=3, seed=1, seats=["bot"] * 3)
    assert bots.state.is_over() and bots.status_text().startswith("Game over")


def test_drawings_for_the_book():
    html = field_html(domimi.full_field(2), take=parse_cards("3♦"))
    assert "hl-take" in html and "×2" in html
    assert "✔" in example_html("T♦ 2♦ 2♠", "3♦", kind="collect", stage=1)
    assert "✘" in example_html("T♦ 2♦ 2♠", "4♦", kind="collect", stage=1)


def test_hostile_text_in_the_explorer_is_refused_at_the_door_and_changes_nothing():
    view = PurchaseExplorer("6♦ 2♥ 9♥")
    before = (view.revealed, view.field, [t for t, _ in view.groups])
    view._inputs["mode"].value = "edit"
    view._inputs["field-text"].value = "A♠ " * 33333
    assert "status-error" in view._status.value and "too long" in view._status.value
    view._inputs["revealed"].value = "10♠ " * 22
    assert "status-error" in view._status.value
    view._inputs["mode"].value = "full"
    view._inputs["revealed"].value = "6♦ 2♥ 9♥"
    assert (view.revealed, view.field, [t for t, _ in view.groups]) == before
