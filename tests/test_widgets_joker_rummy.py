"""Joker rummy's views as a reader uses them: the play app and the opening checker."""

from __future__ import annotations

from rules import joker_rummy as jr
from widgets.games.joker_rummy import JokerRummyView, OpeningChecker


def _log(view) -> str:
    return "\n".join(line.text for line in view.log_entries())


def _rules(view) -> list[str]:
    return [line.rule for line in view.log_entries()]


def test_the_human_draws_and_discards_and_the_bots_answer():
    view = JokerRummyView(players=3, seed=1)
    state = view.state
    assert state.current_player == 0 and view.buttons()[0] == "Draw from the stock"
    view.press("Draw from the stock")
    view.press(next(d for d in view.buttons() if d.startswith("Discard ")))
    after = view.state
    assert after.current_player == 0 and len(after.history) > len(state.history) + 2
    assert "joker_rummy.turn" in _rules(view) and view.status_text() == "Player 1, your turn."


def test_the_source_example_is_melded_by_button_and_the_opening_is_told():
    view = JokerRummyView(setup="source_example", players=2)
    view.press("Meld 9♣ 10♣ J♣")
    assert "Opening so far: 29 of 51" in view.table_html()
    assert "Take the melds back" in view.buttons()
    view.press("Meld 10♣ 10♥ 10♦")
    assert "has opened with 59 points" in _log(view)
    assert "joker_rummy.opening" in _rules(view)


def test_a_joker_take_back_is_shown_step_by_step():
    view = JokerRummyView(setup="joker_take_back", players=2, lang="ru")
    view.press("Взять КДж из №1 за 5♣")
    assert "Взятый джокер надо выложить" in view.table_html()
    assert not any(d.startswith("Сбросить") for d in view.buttons())
    view.press(next(d for d in view.buttons() if d.startswith("КДж")))
    assert "Взятый джокер" not in view.table_html()
    assert any(d.startswith("Сбросить") for d in view.buttons())


def test_a_typed_meld_plays_it_and_a_wrong_one_changes_nothing():
    view = JokerRummyView(setup="source_example", players=2)
    key = view.state.replay_key()
    view.type_move("2♠ 3♠ 4♠")
    assert view.status_kind() == "error" and view.state.replay_key() == key
    view.type_move("9C 10C JC")
    assert isinstance(view.state.history[-1], jr.Meld)


def test_the_checker_finds_the_best_opening_or_the_gap():
    checker = OpeningChecker()
    assert "59 ≥ 51" in checker._result.value
    checker._box.value = "2♣ 3♣ 4♣ 5♦ 5♠ 5♥ K♦"
    assert "24: the best melds are worth 24 points, 27 short of the 51 an opening needs" in checker._result.value
    russian = OpeningChecker("Д♠ К♠ КДж", lang="ru")
    assert "31: лучшие комбинации дают 31 очко, до 51 для первого действия не хватает 20" in russian._result.value
    checker._box.value = "10♣ 10♣ 10♥"  # no meld: the rule that fails, not a bare 0
    assert "the cards of a set are all of different suits" in checker._result.value


def test_the_checker_picks_cards_and_refuses_bad_input_in_the_readers_language():
    checker = OpeningChecker("", lang="ru")
    picks = [b for b in checker.children[2].children[0].children]
    assert picks and picks[0].description == "Т♠"
    picks[0].click()
    assert checker._box.value == "Т♠"
    checker._box.value = "Z♠"
    assert "status-error" in checker._status.value and "Z" in checker._status.value and not checker._result.value
    checker._box.value = " ".join(["2♠"] * 16)
    assert "не больше 15" in checker._status.value


def test_the_exercises_worked_answers_in_each_language():
    """The source's 29 + 30 = 59, the joker read as the ace (31), and a best opening of 54."""
    from rules.cards import parse_cards
    from widgets.games.joker_rummy import melds_points_html, opening_html, readings_html

    melds = [parse_cards("9♣ 10♣ J♣"), parse_cards("10♣ 10♥ 10♦")]
    assert "9♣ 10♣ J♣: 29 points" in melds_points_html(melds, "en")
    assert "Вместе: <b>59 очков</b>" in melds_points_html(melds, "ru")
    readings = readings_html(parse_cards("Q♠ K♠ RJ"), "ru")
    assert "лесенка Д♠ К♠ КДж: 31 очко" in readings and "В счёт первого действия: <b>31 очко</b>" in readings
    best = opening_html(parse_cards("A♣ 2♣ 3♣ 4♣ 5♦ 5♠ 5♥ 9♥ K♦ K♠ K♥"), "ru")
    assert "54 ≥ 51: с этими картами можно выложиться." in best and "2♣ 3♣ 4♣: 9 очков" in best


def test_a_meld_is_chosen_by_tapping_its_cards_and_the_moves_narrow_as_they_are_tapped():
    view = JokerRummyView(setup="source_example", players=2)
    hand = [str(c) for c in view.state.hand(0)]
    assert view.move_buttons() == [], "no move button while every move plays a card of the hand"
    view.tap(hand.index("10♣"))  # three moves: shown by the hand, nothing played yet
    assert view.move_buttons() == ["Meld 10♣ 10♥ 10♦", "Meld 9♣ 10♣ J♣", "Discard 10♣"]
    assert view.state.history == [] and "choose the move below" in view.status_text()
    view.tap(hand.index("9♣"))  # with the 9♣: only the run is left
    assert view.move_buttons() == ["Meld 9♣ 10♣ J♣"]
    view.tap(hand.index("J♣"))  # the meld's last card: the one move those cards make, played
    assert [a.label for a in view.state.history] == ["P1 melds 9♣ 10♣ J♣"]
    assert view.move_buttons() == ["Take the melds back"] and len(view.cards()) == len(hand) - 3


def test_tapping_a_selected_card_again_unselects_it_and_a_card_of_no_move_says_so():
    view = JokerRummyView(setup="source_example", players=2)
    hand = [str(c) for c in view.state.hand(0)]
    view.tap(hand.index("9♣"))
    assert view.move_buttons() == ["Meld 9♣ 10♣ J♣", "Discard 9♣"]
    view.tap(hand.index("9♣"))
    assert view.move_buttons() == [] and view.state.history == []
    view.type_move("беру")  # a move word of no move offered now: refused, nothing changes
    assert view.status_kind() == "error" and view.state.history == []
