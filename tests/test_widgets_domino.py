"""The Domino views: choices call the rules and the views redraw; errors are messages."""

from __future__ import annotations

from rules.cards import parse_card
from widgets.games.domino import DominoGame, PlacementBoard

EXAMPLE = "Q♠ first, Q♣ down, J♣ left"  # the source's example


def test_the_board_draws_the_table_and_the_hand():
    board = PlacementBoard(EXAMPLE, "J♠ J♥ 10♣", lang="en")
    assert board._picture.value.count('<g class="card ') == 3
    assert "hl-last" in board._picture.value and "hl-target" not in board._picture.value
    assert [o[1] for o in board._cards.options] == ["J♠", "J♥", "10♣"]
    assert "Choose a card" in board._status.value


def test_choosing_a_card_lights_up_where_it_may_go():
    board = PlacementBoard(EXAMPLE, "J♠ J♥ 8♦")
    board._cards.value = "J♠"
    assert board._picture.value.count("hl-target") == 1
    assert "J♠ may go: ↑ above" in board._status.value
    board._cards.value = "J♥"
    assert "↓ below" in board._status.value and "above" not in board._status.value
    board._cards.value = "8♦"
    assert "cannot be laid next to J♣" in board._status.value
    assert "hl-target" not in board._picture.value


def test_an_illegal_place_names_the_rule_and_changes_nothing():
    board = PlacementBoard(EXAMPLE, "J♠ J♥ 10♣", lang="ru")
    board._cards.value = "J♠"
    board._where["down"].click()
    assert "status-error" in board._status.value
    assert "у масти пик уже есть своя линия сверху" in board._status.value
    assert "(правило: Одна линия для каждой масти)" in board._status.value
    assert len(board.state) == 3 and len(board.hand) == 3


def test_a_legal_place_lays_the_card_and_start_again_restores_the_example():
    board = PlacementBoard(EXAMPLE, "J♠ J♥ 10♣")
    board._cards.value = "J♠"
    board._where["up"].click()
    assert board.state.last == parse_card("J♠") and board.state.options(parse_card("10♠")) == {"left"}
    assert "J♠" not in [o[1] for o in board._cards.options]
    assert board._cards.value is None
    board._reset.click()
    assert len(board.state) == 3 and len(board.hand) == 3


def test_a_place_without_a_card_is_a_message():
    board = PlacementBoard(EXAMPLE, "J♠")
    board._where["up"].click()
    assert "Choose a card first" in board._status.value
    assert len(board.state) == 3


def test_a_bad_example_is_shown_as_a_message_not_a_traceback():
    board = PlacementBoard("Q♠ first, K♥ left", "J♠")
    assert "status-error" in board._status.value and "K♥" in board._status.value


def _log(game) -> str:
    return "\n".join(line.text for line in game.log_entries())


def test_the_game_opens_with_the_human_to_move_after_the_bots():
    game = DominoGame(players=4, seed=2026)  # the lot gives team B the lead
    state = game.state
    assert state.current_player == 0 and state.history, "the bots led before A1"
    assert game.status_text() == "Player 1, your turn."
    assert "B1 leads" in _log(game)
    assert any(line.href.endswith("rules.html#domino-place") for line in game.log_entries())
    assert "banks: team A 0, team B 0" in game.table_html() and '<g class="card ' in game.table_html()
    assert ">A1<" in game.hand_html() and ">B1<" in game.table_html()


def test_a_card_of_one_place_is_laid_by_a_tap_and_a_wrong_place_typed_names_the_rule():
    game = DominoGame(players=4, seed=2026, seats=["human"] * 4)  # hot seat: B1 leads
    hand = game.state.hands[game.state.current_player]
    key = game.state.replay_key()
    game.type_move("10♠ left")
    assert game.status_text().startswith("the table is empty")
    assert game.status_text().endswith("(rule: Placing a card next to the last one)")
    game.type_move("пас")
    assert "a pass is not allowed (rule: The trick and the next lead)" in game.status_text()
    assert game.state.replay_key() == key
    assert game.cards()[hand.index(parse_card("10♠"))] == "ten of spades: 10♠ first (empty table)"
    game.tap(hand.index(parse_card("10♠")))  # one place only: laid at once
    assert game.state.table.cards == [parse_card("10♠")]
    assert game.status_text() == "Player 4, your turn."  # B2


def test_a_card_of_two_places_lights_them_up_and_offers_both_by_the_hand():
    game = DominoGame(players=4, seed=2026, seats=["human"] * 4)
    while not any(text.endswith(": 2 moves") for text in game.cards()):  # the first moves until a card fits twice
        game.press(game.buttons()[0])
    hand = game.state.hands[game.state.current_player]
    two = next(i for i, text in enumerate(game.cards()) if text.endswith(": 2 moves"))
    game.tap(two)
    name = str(hand[two])
    assert game.move_buttons() == [f"{name} ↑ above", f"{name} ↓ below"]  # by the hand; no Pass: not a move now
    assert game.table_html().count("hl-target") == 2 and len(game.state.history) < 10
    game.press(f"{name} ↓ below")
    assert game.state.table.cards[-1] == hand[two] and game.state.history[-1].where == "down"


def test_buttons_are_the_moves_without_a_card_and_every_card_plays_its_own():
    game = DominoGame(players=2, seed=3, seats=["human", "human"])
    assert all(label.endswith("first (empty table)") for label in game.buttons())
    assert game.move_buttons() == [] and len(game.cards()) == len(game.state.hands[0])
    game.press(game.buttons()[0])
    assert len(game.state.history) == 1


def test_a_whole_game_against_the_bots_ends_with_the_verdict_in_russian():
    game = DominoGame(players=2, seed=3, lang="ru")
    for _ in range(40):
        if game.state.is_over():
            break
        game.press(game.buttons()[0])
    assert game.state.is_over()
    assert game.status_text().startswith("Партия окончена")
    assert "Партия окончена: карт в копилках" in _log(game)
    assert game.buttons() == []
    assert game.cards() == [] or all(text.endswith(": ни одного хода") or "не ходит" in text for text in game.cards())


def test_a_teaching_setup_saves_and_loads_from_the_view():
    game = DominoGame(setup="jacks", seats=["human"] * 4)
    game.press(game.buttons()[0])
    saved, key = game.save(), game.state.replay_key()
    game.new_game()
    game.load(saved)
    assert game.state.replay_key() == key and game.state.origin[0] == "position"


def test_the_pages_answers_are_in_the_readers_language():
    from rules.domino import Table, new_game
    from widgets.games.domino import answer_html, deal_html, hand_answer_html, refusal_html

    table = Table.from_moves([m.split() for m in EXAMPLE.split(",")])
    assert "J♠ may go: ↑ above" in answer_html(table, "J♠", "en")
    ru = answer_html(table, "J♠", "ru")
    assert "В♠ можно положить: ↑ сверху" in ru and "may go" not in ru
    assert "нельзя положить рядом с В♣" in hand_answer_html(table, "8♦", "ru")
    ace = Table.from_moves([("A♣", "first")])
    refusal = refusal_html(ace, "K♣", "right", "ru")
    assert "Т♣" in refusal and "правило: " in refusal and "rule" not in refusal
    deal = deal_html(new_game(players=6, seed=0, deck_size=52), "ru")
    assert "<td>Б3</td><td>8</td>" in deal and "<th>место</th>" in deal
