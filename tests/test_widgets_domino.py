"""The Domino views: choices call the rules and the views redraw; errors are messages."""

from __future__ import annotations

from rules import domino as dm
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
    assert "у масти пики уже есть своя линия сверху" in board._status.value
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


def _play_first_legal(game: DominoGame) -> None:
    action = game._state.legal_actions()[0]
    if isinstance(action, dm.Pass):
        game._pass.click()
    else:
        game._cards.value = str(action.card)
        game._where[action.where].click()


def test_the_game_starts_with_the_human_to_move_and_bots_after_each_move():
    game = DominoGame(players=4, seed=1, opponents="random")
    assert game._state.current_player == 0
    assert "A1, your move" in game._status.value
    _play_first_legal(game)
    assert game._state.current_player in (0, None)
    assert game._log.value.count("<li") == len(game._state.log())
    assert "rules.html#domino-place" in game._log.value


def test_an_illegal_pass_or_place_is_refused_with_the_rule_and_changes_nothing():
    game = DominoGame(players=4, seed=1, opponents="random")
    before = game.state.replay_key()
    game._pass.click()  # on the lead
    assert "pass is not allowed" in game._status.value
    assert "(rule: The trick and the next lead)" in game._status.value
    hand = game._state.hands[0]
    game._cards.value = str(hand[0])
    game._where["left"].click()
    assert "the table is empty" in game._status.value
    assert game.state.replay_key() == before


def test_a_whole_game_by_clicks_ends_with_the_verdict_and_disabled_buttons():
    game = DominoGame(players=2, seed=3, opponents="heuristic", lang="ru")
    for _ in range(200):
        if game._state.is_over():
            break
        _play_first_legal(game)
    assert game._state.is_over()
    assert "Партия окончена" in game._status.value
    assert game._pass.disabled and all(b.disabled for b in game._where.values())
    game._pass.click()
    assert "игра окончена" in game._status.value


def test_hot_seat_shows_the_hand_of_whoever_is_to_move():
    game = DominoGame(players=4, seed=2, hot_seat=True)
    seats = set()
    for _ in range(12):
        seats.add(game.seat)
        assert game._state.current_player == game.seat
        assert [o[1] for o in game._cards.options] == [str(c) for c in game._state.hands[game.seat]]
        _play_first_legal(game)
    assert len(seats) > 1


def test_new_game_takes_the_options():
    game = DominoGame(players=4, seed=0, opponents="random")
    game._players.value = 6
    game._deck.value = 52
    game._voluntary.value = True
    game._new.click()
    state = game.state
    assert state.num_players == 6 and state.options.deck_size == 52 and state.options.voluntary_pass
    assert [len(h) for h in state.hands][:3] == [9, 9, 8] or sum(len(h) for h in state.hands) < 52
    game._players.value = 2
    game._new.click()  # one against one with 52 cards is not a variant: a message, the game stays
    assert "one against one" in game._status.value
    assert game.state.num_players == 6
