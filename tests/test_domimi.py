"""DoMiMi: the source's worked examples, one test each (expected values from the source text)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import IllegalAction, OptionError, domimi
from rules.cards import parse_card, parse_cards
from rules.domimi import Move, PictureTake, RevealMore, scenario, turn_options


def C(text):
    return parse_card(text)


def bag(text):
    return Counter(parse_cards(text))


def takes(options, kind=None):
    """The field cards each option takes, as multisets of notation."""
    return [Counter(o.take) for o in options if kind is None or o.kind == kind]


def has(options, kind, pay, take):
    return any(o.kind == kind and Counter(o.pay) == bag(pay) and Counter(o.take) == bag(take) for o in options)


FULL = domimi.full_field(1)


def field_without(text, decks=1):
    """A full field of ``decks`` decks without the given cards (they are in the player's hands)."""
    field = Counter(domimi.full_field(decks))
    field.subtract(parse_cards(text))
    return list(field.elements())


# ---- collecting move


def test_ace_and_two_take_a_three():
    # Выпало T♦ 2♦ 2♠, игрок берет 3♦ (1+2=3).
    opts = turn_options("T♦ 2♦ 2♠", field_without("T♦ 2♦ 2♠"), stage=1)
    assert has(opts, "collect", "A♦ 2♦", "3♦")


def test_three_and_seven_take_a_ten():
    # Выпало 3♥ 7♥ 8♣, игрок берет 10♥ (3+7=10).
    opts = turn_options("3♥ 7♥ 8♣", field_without("3♥ 7♥ 8♣"), stage=1)
    assert has(opts, "collect", "3♥ 7♥", "10♥")


def test_three_five_six_take_ten_and_four_not_ten_alone():
    # Выпало 3♠ 5♠ 6♠, игрок берет 10♠ и 4♠ (3+5+6=14=10+4); одну десятку без четверки нельзя;
    # можно взять только 9♠ (3+6) или только 8♠ (3+5).
    opts = turn_options("3♠ 5♠ 6♠", field_without("3♠ 5♠ 6♠"), stage=1)
    assert has(opts, "collect", "3♠ 5♠ 6♠", "10♠ 4♠")
    assert not any(o.kind == "collect" and Counter(o.take) == bag("10♠") and len(o.pay) == 3 for o in opts)
    assert has(opts, "collect", "3♠ 6♠", "9♠")
    assert has(opts, "collect", "3♠ 5♠", "8♠")


def test_the_exact_sum_is_made_of_what_the_field_has():
    # Если на поле нет желаемой карты, приходится составлять комбинацию из того, что есть.
    opts = turn_options("3♠ 5♠ 6♠", "9♠ 7♠ 2♠", stage=1)
    assert has(opts, "collect", "3♠ 6♠", "9♠")
    assert has(opts, "collect", "3♠ 6♠", "7♠ 2♠")
    assert not has(opts, "collect", "3♠ 5♠ 6♠", "10♠ 4♠")


def test_four_and_five_take_the_second_nine_but_a_nine_never_takes_a_nine():
    # Выпало 4♦ 5♦ 9♦, игрок берет 9♦ (4+5=9); взять за карту точно такую же карту нельзя.
    field = field_without("4♦ 5♦ 9♦", decks=2)
    opts = turn_options("4♦ 5♦ 9♦", field, stage=1)
    assert has(opts, "collect", "4♦ 5♦", "9♦")
    assert not any(o.kind == "collect" and Counter(o.pay) == bag("9♦") and C("9♦") in o.take for o in opts)
    assert has(opts, "collect", "9♦", "8♦ A♦")  # the nine may take other cards of the same sum


def test_collecting_in_two_suits_at_once():
    # Выпало 4♣ 6♣ 9♥, игрок берет 10♣ 8♥ T♥ (4+6=10 и 9=8+1).
    opts = turn_options("4♣ 6♣ 9♥", field_without("4♣ 6♣ 9♥"), stage=1)
    assert has(opts, "collect", "4♣ 6♣ 9♥", "10♣ 8♥ A♥")


# ---- cross


def test_two_sevens_take_a_seven_of_another_suit():
    # Выпало 7♠ 7♣ 4♥, игрок берет 7♦.
    opts = turn_options("7♠ 7♣ 4♥", field_without("7♠ 7♣ 4♥"), stage=1)
    assert has(opts, "cross", "7♠ 7♣", "7♦")


def test_a_cross_may_take_an_identical_card():
    # Выпало 10♦ 10♣ 3♣, игрок берет 10♦.
    opts = turn_options("10♦ 10♣ 3♣", field_without("10♦ 10♣ 3♣", decks=2), stage=1)
    assert has(opts, "cross", "10♦ 10♣", "10♦")


def test_two_jokers_take_a_joker():
    # Выпало Joker Joker 8♦, игрок берет Joker.
    opts = turn_options("RJ BJ 8♦", field_without("RJ BJ 8♦", decks=2), stage=2)
    assert has(opts, "cross", "RJ BJ", "RJ")
    assert has(opts, "cross", "RJ BJ", "BJ")


def test_collecting_and_cross_are_never_one_move():
    # Выпало T♣ 5♣ 5♥, игрок берет либо 6♣ (1+5=6), либо 5♠ (5⋂5=5).
    opts = turn_options("T♣ 5♣ 5♥", field_without("T♣ 5♣ 5♥"), stage=1)
    assert has(opts, "collect", "A♣ 5♣", "6♣")
    assert has(opts, "cross", "5♣ 5♥", "5♠")
    assert not any(Counter(o.take) == bag("6♣ 5♠") for o in opts)


# ---- buying pictures


def test_six_and_nine_buy_a_jack_and_the_two_may_go_back():
    # Выпало 6♦ 2♥ 9♥, игрок берет В♥ или В♦ (6+9=15) и может вернуть на поле двойку.
    opts = [o for o in turn_options("6♦ 2♥ 9♥", field_without("6♦ 2♥ 9♥"), stage=2) if o.kind == "buy"]
    jacks = {o.take[0]: o for o in opts if o.take[0].rank == 11}
    assert set(jacks) == {C("J♥"), C("J♦")}
    for option in jacks.values():
        assert Counter(option.pay) == bag("6♦ 9♥")
        assert option.returnable == (C("2♥"),)


def test_twenty_four_buys_a_queen_of_three_suits_and_the_four_goes_back_unless_it_gave_the_suit():
    # Выпало 4♥ 10♠ 10♣, игрок берет Д♥ или Д♠, или Д♣ (4+10+10=24). С Дамой треф или пик можно
    # вернуть четверку червей; с Дамой червей нельзя: она дала масть. Можно и поперечный ход.
    opts = turn_options("4♥ 10♠ 10♣", field_without("4♥ 10♠ 10♣"), stage=2)
    queens = {o.take[0]: o for o in opts if o.kind == "buy" and o.take[0].rank == 12}
    assert set(queens) == {C("Q♥"), C("Q♠"), C("Q♣")}
    assert queens[C("Q♠")].returnable == (C("4♥"),)
    assert queens[C("Q♣")].returnable == (C("4♥"),)
    assert queens[C("Q♥")].returnable == ()
    assert Counter(queens[C("Q♥")].pay) == bag("4♥ 10♠ 10♣")
    assert has(opts, "cross", "10♠ 10♣", "10♥")


def test_the_first_picture_may_already_return_cards_in_stage_one():
    # ruling 11: the move that takes the first picture may return cards; others in stage 1 may not.
    opts = turn_options("6♦ 2♥ 9♥", field_without("6♦ 2♥ 9♥"), stage=1)
    assert all(o.returnable == () for o in opts if o.kind != "buy")
    assert all(o.returnable == (C("2♥"),) for o in opts if o.kind == "buy" and o.take[0].rank == 11)


# ---- the pictures' actions (in a game position)


def _labels(state):
    return [a.label for a in state.legal_actions()]


def test_a_jack_takes_a_money_card_of_a_revealed_suit():
    # Выпало В♥ 6♥ 7♦, игрок берет 10♥ или 10♦, либо, если нет десяток, карту меньшего достоинства.
    state = scenario("J♥ 6♥ 7♦", field_without("J♥ 6♥ 7♦"))
    taken = {a.card for a in state.legal_actions() if isinstance(a, PictureTake)}
    assert {C("10♥"), C("10♦")} <= taken
    assert all(c.suit.symbol in "♥♦" for c in taken)
    no_tens = scenario("J♥ 6♥ 7♦", "9♥ 2♦ 10♠ 10♣")
    assert {a.card for a in no_tens.legal_actions() if isinstance(a, PictureTake)} == {C("9♥"), C("2♦")}


def test_a_jack_reveals_one_more_card_and_the_rest_buy_a_queen():
    # Выпало В♥ 6♥ 7♦ плюс открыли 9♦, можно взять Д♥ или Д♦ (6+7+9=22).
    state = scenario("J♥ 6♥ 7♦", field_without("J♥ 6♥ 7♦ 9♦"), draw="9♦")
    state.apply(next(a for a in state.legal_actions() if isinstance(a, RevealMore)))
    assert C("9♦") in state.revealed_cards()
    bought = {a.take[0] for a in state.legal_actions() if isinstance(a, Move) and a.kind == "buy"}
    assert {C("Q♥"), C("Q♦")} <= bought
    assert not any(c.rank == 13 or c.joker for c in bought)
    assert not any(isinstance(a, RevealMore | PictureTake) for a in state.legal_actions())  # the jack is spent


def test_a_queen_takes_a_money_card_of_an_absent_suit():
    # Выпало Д♣ 8♦ 5♥, игрок берет 10♠, либо любую другую пиковую карту.
    state = scenario("Q♣ 8♦ 5♥", field_without("Q♣ 8♦ 5♥"))
    taken = {a.card for a in state.legal_actions() if isinstance(a, PictureTake)}
    assert C("10♠") in taken
    assert {c.suit.symbol for c in taken} == {"♠"}
    assert len(taken) == 10


def test_a_king_reveals_two_more_and_thirty_two_buys_a_joker():
    # Выпало К♣ 7♠ 8♣, плюс открыли 8♥ 9♣, игрок берет Joker (7+8+8+9=32).
    state = scenario("K♣ 7♠ 8♣", field_without("K♣ 7♠ 8♣ 8♥ 9♣"), draw="8♥ 9♣")
    state.apply(next(a for a in state.legal_actions() if isinstance(a, RevealMore)))
    bought = {a.take[0] for a in state.legal_actions() if isinstance(a, Move) and a.kind == "buy"}
    assert {C("RJ"), C("BJ")} <= bought
    joker = next(a for a in state.legal_actions() if isinstance(a, Move) and a.kind == "buy" and a.take[0].joker)
    assert Counter(joker.pay) == bag("7♠ 8♣ 8♥ 9♣")


def test_the_spent_king_cannot_form_a_cross_but_the_jacks_can():
    # Выпало К♦ В♠ 6♠ плюс открыли К♣ В♣: любого Валета поперечным ходом можно, короля нельзя.
    state = scenario("K♦ J♠ 6♠", field_without("K♦ J♠ 6♠ K♣ J♣", decks=2), decks=2, draw="K♣ J♣")
    state.apply(RevealMore(0, C("K♦"), 2))
    crosses = [a for a in state.legal_actions() if isinstance(a, Move) and a.kind == "cross"]
    assert {a.take[0] for a in crosses} == {C("J♠"), C("J♣"), C("J♥"), C("J♦")}
    assert all(a.take[0].rank == 11 for a in crosses)


def test_a_king_takes_two_money_cards_of_revealed_suits():
    # Король позволяет взять с поля две любых «денежных» карты тех мастей, которые есть среди выпавших.
    state = scenario("K♣ 7♠ 8♣", field_without("K♣ 7♠ 8♣"))
    first = next(a for a in state.legal_actions() if isinstance(a, PictureTake) and a.card == C("10♠"))
    state.apply(first)
    second = [a for a in state.legal_actions() if isinstance(a, PictureTake)]
    assert second and all(a.second and a.card.suit.symbol in "♠♣" for a in second)


def test_a_joker_takes_two_money_cards_of_any_suits_or_steals():
    # Джокер: взять две «денежных» карты любых мастей, открыть еще две или стащить.
    state = scenario("RJ 7♠ 8♣", field_without("RJ 7♠ 8♣ 2♦ 3♦ A♥ 2♥"), draw="2♦ 3♦")
    acts = state.legal_actions()
    suits = {a.card.suit for a in acts if isinstance(a, PictureTake)}
    assert len(suits) == 4
    assert any(isinstance(a, RevealMore) and a.count == 2 for a in acts)
    assert any(a.label == "RJ: steal from P2" for a in acts)


def test_a_queen_steals_and_the_stolen_card_cannot_go_back():
    # Дама: стащить верхнюю карту из колоды соседа; возвращать ее сразу на поле нельзя.
    state = scenario("Q♣ 8♦ 5♥", field_without("Q♣ 8♦ 5♥ A♥ 2♥"))  # the opponent owns A♥ 2♥
    top = state.draw[1][-1]
    state.apply_label("Q♣: steal from P2")
    assert state.discard[0] == [top]
    assert all(a.label != f"return {domimi._ALL[top]}" for a in state.legal_actions())


# ---- end and score


def test_the_points_of_one_deck_add_up_to_fifty():
    # Общее число очков в одной колоде – 50; «до последнего вздоха» сумма 50 × число колод.
    assert sum(domimi._points(c) for c in domimi.full_field(1)) == 50
    assert sum(domimi._points(c) for c in domimi.full_field(3)) == 150


@pytest.mark.parametrize("players", [2, 3, 4])
def test_to_the_last_breath_all_points_are_shared_out(players):
    from rules.game import playout

    finished = []
    for seed in range(3):
        state = domimi.new_game(players=players, seed=seed, last_breath=True)
        playout(state, [domimi.BuilderPlayer()] * players, seed=seed)
        if not state.ended_by_limit:
            finished.append(state)
    assert finished, "no game ended before the round limit"
    for state in finished:
        assert sum(state.field_pictures()) == 0
        assert sum(state.result().scores) == 50 * state.decks


def test_the_tie_break_is_the_lowest_money_card():
    # При равном числе очков побеждает участник с наименьшей «денежной» картой.
    state = scenario("2♠", "3♠", players=2)
    state.draw = [[parse_card("Q♥").index, parse_card("3♣").index], [parse_card("Q♦").index, parse_card("A♣").index]]
    state.discard = [[], []]
    state.revealed = []
    state._finish()
    result = state.result()
    assert result.scores == (3, 3)
    assert result.places == (2, 1)


# ---- the shared shape: options, set-ups, malformed actions, the explorer's bounds


def test_a_save_asking_for_a_million_decks_is_refused_at_once():
    from rules import RulesError

    save = (
        '{"format": 2, "game": "domimi", "factory": "new_game", '
        '"args": {"players": 2, "seed": 1, "decks": 1000000}, "history": []}'
    )
    with pytest.raises(RulesError) as err:  # by the option's bound, before any deck is made
        domimi.from_json(save)
    assert "Decks" in err.value.message("en") and "Колоды" in err.value.message("ru")


def test_options_outside_the_rules_are_refused_by_name():
    with pytest.raises(OptionError, match="Round limit"):
        domimi.new_game(players=2, round_limit=0)
    with pytest.raises(OptionError, match="Teams"):
        domimi.new_game(players=4, teams="four")


def test_a_malformed_picture_action_is_an_illegal_action_not_a_crash():
    state = scenario("J♥ 2♠ 3♠", "J♠ RJ 3♦ 4♦", stage=2)
    before = state.replay_key()
    for bad in (RevealMore(0, C("2♠"), 1), RevealMore(0, None, 1), PictureTake(0, C("Q♦"), C("3♦"))):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        # a picture that is no card at all is malformed (the core says so, naming the field)
        assert "picture" in err.value.message("en") and ("картинка" in err.value.message("ru") or bad.picture is None)
    assert state.replay_key() == before


def test_a_scenario_saves_loads_and_undoes():
    state = scenario("K♣ 7♠ 8♣", draw="8♥ 9♣")
    start = state.replay_key()
    state.apply_label("K♣: reveal 2")
    restored = domimi.from_json(state.to_json())
    assert restored.replay_key() == state.replay_key()
    assert bag("K♣ 7♠ 8♣ 8♥ 9♣") == Counter(restored.revealed_cards())
    assert state.undo().replay_key() == start


def test_the_king_may_leave_its_second_card_when_the_table_agrees():
    forced = scenario("K♥ 5♥ 5♠", "6♥ 4♥ 10♥ J♠ RJ", stage=2)
    forced.apply_label("K♥: take 10♥")
    assert {a.label for a in forced.legal_actions()} == {"K♥: take second 6♥", "K♥: take second 4♥"}
    free = domimi.new_game(players=2, seed=0, second_optional=True)
    state = scenario("K♥ 5♥ 5♠", "6♥ 4♥ 10♥ J♠ RJ", stage=2)
    state.options = free.options
    state.apply_label("K♥: take 10♥")
    assert "K♥: no second card" in {a.label for a in state.legal_actions()}


def test_the_refusal_and_the_options_come_from_the_same_generator():
    revealed, field = "3♠ 5♠ 6♠ 10♦ 10♣", field_without("3♠ 5♠ 6♠ 10♦ 10♣")
    options = list(turn_options(revealed, field, stage=2))
    for o in options[:300]:
        assert domimi.explain_refusal(o.kind, o.pay, o.take, revealed, field, stage=2) is None, o
    offered = {(o.kind, tuple(sorted(o.pay)), tuple(sorted(o.take))) for o in options}
    for pay, take in (("3♠ 5♠", "8♠ A♠"), ("3♠ 6♠", "9♠"), ("5♠", "5♠"), ("10♦ 10♣", "10♠")):
        kind = "cross" if pay == "10♦ 10♣" else "collect"
        expected = (kind, tuple(sorted(parse_cards(pay))), tuple(sorted(parse_cards(take)))) in offered
        verdict = domimi.explain_refusal(kind, pay, take, revealed, field, stage=2)
        assert (verdict is None) == expected, (pay, take)


def test_the_explorer_is_bounded_by_the_rules_and_answers_lazily():
    with pytest.raises(OptionError, match="at most 5"):
        domimi.explore("A♠ 2♠ 3♠ 4♠ 5♠ 6♠")
    with pytest.raises(OptionError, match="too long"):
        domimi.explore("A♠", field="A♠ " * 33333)
    with pytest.raises(OptionError, match="1 deck holds no more"):
        domimi.explore("A♠", field="2♠ 2♠", decks=1)
    with pytest.raises(OptionError, match="at most 5"):
        turn_options("A♠ " * 22, "2♠", stage=1)
    big = domimi.explore("10♠ 10♠ 9♠ 9♠ 8♠", decks=4)
    (title, shown), *_ = big.groups
    assert len(shown) == 100 and f"({big.options.count('collect')})" in title
    assert big.options.count("collect") > 1000


def test_the_log_tells_the_cards_revealed_and_the_final_score():
    state = scenario("K♣ 7♠ 8♣", draw="8♥ 9♣")
    state.apply_label("K♣: reveal 2")
    told = [(e.kind, e.text, e.rule) for e in state.log("en")]
    assert told == [
        ("note", "Player 1 reveals K♣ 7♠ 8♣", "domimi.refill"),
        ("action", "Player 1: K♣ is played to reveal 2 more cards", "domimi.king"),
        ("note", "Player 1 reveals 8♥ 9♣", "domimi.refill"),
    ]
    assert state.log("ru")[0].text == "Игрок 1 открывает К♣ 7♠ 8♣"
    from rules.game import playout

    over = playout(domimi.new_game(players=2, seed=11, round_limit=3), [domimi.GreedyPlayer()] * 2, seed=1)
    last = over.log("ru")[-1]
    assert last.kind == "note" and last.rule == "domimi.score"
    assert last.text.startswith("игра окончена: Игрок 1 0 очков, Игрок 2 0 очков") and "пределу кругов, 3" in last.text
