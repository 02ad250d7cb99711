"""Joker rummy's views as a reader uses them: the play app and the opening checker."""

from __future__ import annotations

from rules import joker_rummy as jr
from widgets.games.joker_rummy import JokerRummyView, OpeningChecker


def _buttons(view):
    return {b.description: b for b in view._actions.children}


def test_the_human_draws_and_discards_and_the_bots_answer():
    view = JokerRummyView(players=3, seed=1)
    state = view.state
    assert state.current_player == 0 and next(iter(_buttons(view))) == "Draw from the stock"
    _buttons(view)["Draw from the stock"].click()
    discard = next(b for d, b in _buttons(view).items() if d.startswith("Discard "))
    discard.click()
    after = view.state
    assert after.current_player == 0 and len(after.history) > len(state.history) + 2
    assert "joker-rummy-turn" in view._log.value and "Player 1, your turn." in view._status.value


def test_the_source_example_is_melded_by_button_and_the_opening_is_told():
    view = JokerRummyView(setup="source_example", players=2)
    _buttons(view)["Meld 9♣ 10♣ J♣"].click()
    assert "Opening so far: 29 of 51" in view._table.value
    assert "Take the melds back" in _buttons(view)
    _buttons(view)["Meld 10♣ 10♥ 10♦"].click()
    assert "has opened with 59 points" in view._log.value
    assert "joker-rummy-opening" in view._log.value


def test_a_joker_take_back_is_shown_step_by_step():
    view = JokerRummyView(setup="joker_take_back", players=2, lang="ru")
    _buttons(view)["Взять КДж из №1 за 5♣"].click()
    assert "Взятый джокер надо выложить" in view._table.value
    assert not any(d.startswith("Сбросить") for d in _buttons(view))
    lay = next(b for d, b in _buttons(view).items() if d.startswith("КДж"))
    lay.click()
    assert "Взятый джокер" not in view._table.value
    assert any(d.startswith("Сбросить") for d in _buttons(view))


def test_a_typed_meld_plays_it_and_a_wrong_one_changes_nothing():
    view = JokerRummyView(setup="source_example", players=2)
    key = view.state.replay_key()
    view._typed_box.value = "2♠ 3♠ 4♠"
    assert "status-error" in view._status.value and view.state.replay_key() == key
    view._typed_box.value = "9C 10C JC"
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
