"""The Dummy rummy views: the meld checker and the play app, driven in Python."""

from __future__ import annotations

from rules import dummy_rummy as dr
from rules.cards import parse_cards
from widgets.games.dummy_rummy import DummyRummyView, MeldChecker, judged_html


def test_the_checker_draws_an_arrangement_of_the_hand():
    view = MeldChecker(hand="5♥ 5C 5S 9D 10D RJ QC 4S", contract=2)
    answer = view._out.value
    assert "dr-made" in answer and "Contract 2" in answer
    assert "set of 5" in answer and "run 9-Q" in answer
    assert answer.count("<svg") == 1 + 2  # the hand, then one row per meld
    assert "rules.html#dummy-rummy-contracts" in answer


def test_the_checker_says_why_there_is_none_in_russian():
    view = MeldChecker(hand="K♠ K♥ K♦ K♣ 2♠ RJ BJ 5♦", contract=11, lang="ru")
    assert "dr-not-made" in view._out.value
    assert "Из этих карт не собрать контракт 11" in view._out.value
    assert "Не хватает: 1 карта" in view._out.value


def test_the_checker_follows_the_contract_and_the_all_wild_option():
    view = MeldChecker(hand="2♠ 2♥ 2♦ RJ BJ 2♣ 7♠", contract=1)
    assert "dr-not-made" in view._out.value
    view._all_wild.value = True
    assert "dr-made" in view._out.value
    view._contract.value = 12
    assert "dr-not-made" in view._out.value


def test_a_bad_card_is_named_and_nothing_is_drawn():
    view = MeldChecker(hand="5♥ 5♣")
    view._hand.value = "5♥ 5X 7♠"
    assert "card 2, '5X'" in view._status.value.replace("&#x27;", "'")
    assert view._out.value == ""


def test_too_many_cards_are_refused():
    view = MeldChecker()
    view._hand.value = " ".join(["7♠"] * 40)
    assert "at most 30 cards" in view._status.value


def test_dealing_a_hand_is_seeded():
    a, b = MeldChecker(seed=3), MeldChecker(seed=3)
    a._deal()
    b._deal()
    assert a._hand.value == b._hand.value and len(parse_cards(a._hand.value)) == 14


def test_the_sources_examples_are_judged():
    assert "a run" in judged_html("A♠ 2♥ 3♦ 4♣", "en")
    assert "neither a set nor a run" in judged_html("K♠ A♥ 2♦ 3♣", "en")
    assert "набор" in judged_html("9♥ 9♥ 9♠", "ru")


def _log(view) -> str:
    return "\n".join(line.text for line in view.log_entries())


def test_the_game_starts_with_the_bots_and_offers_the_human_moves():
    view = DummyRummyView(players=3, seed=1)
    state = view.state
    assert state.current_player == 0 and not state.is_over()
    assert view.buttons()
    assert "Deal 1" in view.table_html()
    assert "contract 1" in view.table_html() and "contract 1" in view.hand_html()  # each seat's contract
    assert "deals 13 cards each" in _log(view)


def test_the_cut_in_prompt_and_the_priority_in_hot_seat():
    view = DummyRummyView(setup="cut_in", seats=("human", "human", "human"))
    discard = next(a for a in view.state.legal_actions() if type(a) is dr.Discard)
    view.press(f"Discard {discard.card}")
    assert "dr-prompt" in view.table_html() and "may ask for" in view.table_html()
    assert view.buttons() == [f"Player 3: cut in for {discard.card}", "Player 3: let it go"]
    view.press(f"Player 3: cut in for {discard.card}")
    assert view.buttons() == [f"Take {discard.card} myself", "Let Player 3 cut in"]
    view.press("Let Player 3 cut in")
    assert "cuts in" in _log(view)
    assert any(line.href.endswith("rules.html#dummy-rummy-cut-in") for line in view.log_entries())
    assert view.state.current_player == 1 and len(view.state.hands[2]) == 13 + 3


def test_an_illegal_typed_card_is_refused_with_the_rule_and_changes_nothing():
    view = DummyRummyView(setup="discard_restriction", seats=("human", "bot"))
    before = view.state.replay_key()
    view.type_move("9♠")
    assert view.status_text() == (
        "9♠ may not be discarded: it could be laid off on a meld on the table (rule: The discard restriction)"
    )
    assert view.state.replay_key() == before
    view.type_move("K♣")
    assert view.state.history and view.state.history[0].label == "P1 discards K♣"


def test_the_view_speaks_russian():
    view = DummyRummyView(lang="ru", setup="going_out", seats=("human", "bot", "bot"))
    assert "Взять из колоды" in view.buttons()
    assert "Колода" in view.table_html() and "контракт 1" in view.table_html()


def test_the_exercises_worked_answers_in_each_language():
    """Contract 7 with one wild card, contract 12 one card short, and the penalty table's 70 and 40."""
    from widgets.games.dummy_rummy import contract_html, penalties_html

    hand = parse_cards("4♣ 5♦ 7♠ 8♥ 9♣ 2♠ J♦ Q♥ Q♠ RJ 3♥ K♣ 6♣ 10♠")
    assert "Wild cards used: 1." in contract_html(7, hand, "en")
    assert "Использовано карт-джокеров: 1." in contract_html(7, hand, "ru")
    short = parse_cards("5♥ 6♣ 7♠ 9♦ J♣ Q♠ K♦ 3♣ 3♥ 8♣ 4♦")
    assert "Missing: 1 card." in contract_html(12, short, "en")
    assert "Не хватает: 1 карта." in contract_html(12, short, "ru")
    scores = penalties_html({"Игрок 2": "3♠ 3♥ K♦ RJ", "Игрок 3": "A♠ 9♥ 2♣"}, "ru")
    assert "3♠ 3♥ К♦ КДж — <b>70 очков</b>" in scores and "Т♠ 9♥ 2♣ — <b>40 очков</b>" in scores
