"""Джокер (Joker rummy): the oracle, the deal, the turn, the opening, laying off, jokers, going
out, the penalties, the stock, the match, refusals and the players.

Expected values come from the source text and the rulings (quoted in the docstrings), never
from the engine's own output.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import GAMES, IllegalAction, OptionError
from rules import joker_rummy as jr
from rules.cards import Suit, format_cards, parse_card, parse_cards
from rules.game import RandomPlayer, playout
from rules.joker_rummy import (
    Discard,
    Draw,
    Join,
    LayOff,
    Meld,
    TakeBack,
    TakeDiscard,
    TakeJoker,
    best_opening,
    hand_penalty,
    is_meld,
    opening_points,
    position,
)


def c(text):
    return parse_card(text)


def cs(text):
    return tuple(parse_cards(text))


def labels(state):
    return [a.label for a in state.legal_actions()]


def find(state, cls, **fields):
    found = [a for a in state.legal_actions() if type(a) is cls and all(getattr(a, k) == v for k, v in fields.items())]
    assert found, f"no legal {cls.__name__} with {fields}: {labels(state)}"
    return found[0]


def refused(state, action, rule):
    before = state.replay_key()
    legal = labels(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.rule == rule, err.value.message("en")
    assert err.value.message("en") and err.value.message("ru")
    after = state.replay_key()
    assert after == before and labels(state) == legal, "a refused action changed the state"
    return err.value


def test_joker_rummy_is_registered_and_importable():
    import rules.joker_rummy

    assert GAMES["joker_rummy"] is jr.GAME and jr is rules.joker_rummy
    assert jr.GAME.info.min_players == 2 and jr.GAME.info.max_players == 11


# ---------------------------------------------------------------- the oracle


def test_the_source_worked_example_makes_59():
    """«9♣, 10♣, J♣ ... три десятки ... 10♣, 10♥, 10♦ ... В предложенных примерах 29 и 30, т.е. 59 очков»"""
    assert is_meld(cs("9♣ 10♣ J♣")) and is_meld(cs("10♣ 10♥ 10♦"))
    assert opening_points([cs("9♣ 10♣ J♣")]) == 29
    assert opening_points([cs("10♣ 10♥ 10♦")]) == 30
    assert opening_points([cs("9♣ 10♣ J♣"), cs("10♣ 10♥ 10♦")]) == 59 >= jr.OPENING
    assert best_opening(cs("9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦"))[0] == 59


def test_runs_are_one_suit_in_sequence():
    """«лесенка из карт одной масти»"""
    assert is_meld(cs("5♦ 6♦ 7♦ 8♦"))
    assert not is_meld(cs("5♦ 6♦ 7♣"))
    assert not is_meld(cs("5♦ 6♦ 8♦"))
    assert not is_meld(cs("5♦ 6♦"))  # «минимальная комбинация 3 карты»


def test_sets_are_one_rank_in_different_suits():
    """«одного номинала, но именно разных мастей»: two decks give two 10♣, which never share a set."""
    assert is_meld(cs("10♠ 10♣ 10♥ 10♦"))
    assert not is_meld(cs("10♣ 10♣ 10♦"))
    assert not is_meld(cs("10♠ 10♣ 10♥ 10♦ 10♦"))  # at most four


def test_the_ace_is_low_after_the_two_or_high_after_the_king():
    """«туз можно продолжить так же после двойки за единицу»; ruling 5: both in one run, no wrap."""
    assert is_meld(cs("A♥ 2♥ 3♥")) and is_meld(cs("Q♥ K♥ A♥"))
    assert not is_meld(cs("K♥ A♥ 2♥"))
    assert is_meld(cs("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"))


def test_the_low_ace_counts_nothing_toward_the_opening():
    """«данное 1 очко не учитывается при подсчете первого действия»; the high ace counts 11."""
    assert opening_points([cs("A♣ 2♣ 3♣")]) == 0 + 2 + 3
    assert opening_points([cs("Q♣ K♣ A♣")]) == 10 + 10 + 11
    assert opening_points([cs("A♣ A♦ A♥")]) == 33


def test_a_joker_counts_as_the_card_it_stands_for_in_the_reading_worth_most():
    """Ruling 6: «Q♠ K♠ joker: J♠ or A♠ ... here A♠: 31»; «5♣ в линии 3♣,4♣,J»."""
    assert opening_points([cs("Q♠ K♠ RJ")]) == 31
    assert opening_points([cs("3♣ 4♣ BJ")]) == 3 + 4 + 5
    assert opening_points([cs("Q♠ Q♥ RJ")]) == 30  # «D♠, D♥, J»: the joker is a queen


def test_a_meld_needs_a_natural_card_and_a_bad_meld_is_named():
    with pytest.raises(jr.MeldError) as err:
        opening_points([cs("5♦ 6♦ 8♣")])
    assert "5♦ 6♦ 8♣" in str(err.value) and err.value.message("ru")
    assert not is_meld(cs("RJ BJ RJ"))


def test_hand_penalties():
    """«туз 11, картинки 10, остальные - номинал, джокер ... 10 (иногда - 20-25) ... единственной картой ... 50»"""
    assert hand_penalty(cs("A♠ K♦ Q♣ J♥ 10♠ 2♦")) == 11 + 10 + 10 + 10 + 10 + 2
    assert hand_penalty(cs("7♣ RJ")) == 17
    assert hand_penalty(cs("7♣ RJ"), joker=25) == 32
    assert hand_penalty(cs("BJ")) == 50
    assert hand_penalty(cs("RJ BJ")) == 20


def test_best_opening_says_how_far_from_51():
    points, melds = best_opening(cs("2♣ 3♣ 4♣ 5♦ 5♠ 5♥ K♦"))
    assert points == 2 + 3 + 4 + 15
    assert sorted(len(m) for m in melds) == [3, 3]
    assert best_opening(cs("2♣ 9♦ K♠")) == (0, [])


# ---------------------------------------------------------------- the pack and the deal


@pytest.mark.parametrize(("players", "size", "jokers"), [(2, 106, 2), (7, 106, 2), (8, 159, 3), (11, 159, 3)])
def test_two_decks_and_two_jokers_three_for_eight_or_more(players, size, jokers):
    """Ruling 1; «При наличии 8-10 игроков ... еще одну колоду в 52 карты и одного джокера ... 159 карт»"""
    state = jr.new_game(players=players, seed=1)
    cards = state.cards_used()
    assert len(cards) == size
    assert sum(1 for x in cards if x.is_joker) == jokers


def test_the_deal_gives_14_and_15_to_the_next_player_who_only_discards():
    """«Раздается всем игрокам по 14 карт, последнюю карту сдающий кладет следующему по часовой стрелке»"""
    state = jr.new_game(players=4, seed=3)
    starter = (state.dealer + 1) % 4
    sizes = [len(h) for h in state.hands]
    assert sizes[starter] == 15 and sorted(sizes) == [14, 14, 14, 15]
    assert state.current_player == starter
    assert all(isinstance(a, Discard) for a in state.legal_actions())
    assert len(state.zones()["stock"]) == 106 - 57 and not state.discard
    refused(state, Draw(starter), "joker_rummy.deal")


def test_the_dealer_moves_clockwise_from_deal_to_deal():
    state = jr.new_game(players=3, seed=2, deals=3)
    dealers = [state.dealer]
    deals = 1
    rng = random.Random(0)
    while not state.is_over():
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
        if len(state.deal_scores) == deals and not state.is_over():
            dealers.append(state.dealer)
            deals += 1
    assert dealers == [(dealers[0] + k) % 3 for k in range(3)]
    assert len(state.deal_scores) == 3


# ---------------------------------------------------------------- the turn


def test_a_turn_draws_from_the_stock_or_the_top_of_the_discard_pile():
    """«Карта со стола берётся на выбор: верхняя из колоды (закрытая) или верхняя из стока (открытая)»"""
    state = jr.new_game(players=3, seed=5)
    p = state.current_player
    discard = state.legal_actions()[0]
    state.apply(discard)
    q = state.current_player
    assert q == (p + 1) % 3
    acts = state.legal_actions()
    assert [type(a) for a in acts] == [Draw, TakeDiscard]
    assert acts[1].card == discard.cards[0]
    refused(state, TakeDiscard(q, c("A♠") if discard.cards[0] != c("A♠") else c("2♠")), "joker_rummy.turn")
    refused(state, state.legal_actions()[0].__class__(p), "joker_rummy.turn")  # not his turn
    state.apply(acts[1])
    assert discard.cards[0] in state.hand(q) and not state.discard
    refused(state, Draw(q), "joker_rummy.turn")  # already drawn


def test_no_melding_in_the_first_round():
    """«Действия нельзя совершать во время первого круга»; «Нельзя выкладываться до тех пор пока каждый
    игрок не сходит по одному разу»"""
    state = position(["9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦", "2♠ 3♠ 9♦"], round=1, player=1)
    assert not any(isinstance(a, Meld) for a in state.legal_actions())
    refused(state, Meld(1, cs("2♠ 3♠ 9♦"), 0, True), "joker_rummy.first_round")
    later = position(["9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦", "2♠ 3♠ 9♦"], round=2)
    assert any(isinstance(a, Meld) for a in later.legal_actions())


def test_the_stock_is_turned_over_when_it_runs_out():
    """«Если колода заканчивается, то стопка рядом с ней переворачивается становясь колодой»"""
    state = jr.new_game(players=2, seed=4)
    rng = random.Random(1)
    while state.stock or state.phase != jr.DRAW:
        acts = [a for a in state.legal_actions() if not (isinstance(a, Draw) and a.card is not None)]
        melds = [a for a in acts if not isinstance(a, Meld | LayOff | TakeJoker | Join)]
        state.apply((melds or acts)[rng.randrange(len(melds or acts))])
        if state.turnovers:
            break
    assert state.turnovers == 1
    assert not state.discard
    assert any(isinstance(n, jr.StockTurned) for n in state._story)


def test_the_turned_pile_keeps_its_order():
    """Ruling 3: turned over, not shuffled: the first card discarded is the first drawn."""
    state = position(["2♣ 3♦", "4♠ 5♥"], discard="7♣ 8♦ 9♠", player=0)
    state.stock = []
    state.apply(find(state, Discard, cards=cs("2♣")))
    assert state.stock[-1] == jr._code(c("7♣"))
    assert state.stock[0] == jr._code(c("2♣"))
    state.apply(Draw(1))
    assert c("7♣") in state.hand(1)


# ---------------------------------------------------------------- the opening


def test_the_opening_needs_51_in_one_turn_else_the_melds_go_back():
    """«выкладываясь первый раз ... за сдачу необходимо выложить на стол не менее 51 очка»"""
    state = position(["9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦ 5♥", "4♠ 5♠ 6♠"])
    run = find(state, Meld, cards=cs("9♣ 10♣ J♣"))
    assert run.opening and run.rule == "joker_rummy.opening"
    state.apply(run)
    assert state.pending == 29 and not state.opened[0]
    err = refused(state, Discard(0, cs("2♦")), "joker_rummy.opening")
    assert "29" in err.message("en")
    # taking back returns the melds, and then only a discard is allowed
    back = state.clone()
    back.apply(find(back, TakeBack))
    assert c("9♣") in back.hand(0) and not back.melds
    assert all(isinstance(a, Discard) for a in back.legal_actions())
    # the three tens make 59: opened
    state.apply(find(state, Meld, cards=cs("10♠ 10♥ 10♦")))
    assert state.opened[0] and state.pending == 0
    assert any(isinstance(n, jr.Opened) and n.points == 59 for n in state._story)
    assert not any(isinstance(a, TakeBack) for a in state.legal_actions())
    # after the opening a meld of any value
    small = position(["2♦ 3♦ 4♦ 9♠", "4♠ 5♠ 6♠"], opened=[0])
    meld = find(small, Meld, cards=cs("2♦ 3♦ 4♦"))
    assert not meld.opening
    small.apply(meld)
    assert small.legal_actions()[-1] == Discard(0, cs("9♠"))


def test_laying_off_and_joining_come_only_after_the_opening():
    """«Игрок совершивший первое действие ... имеет право подкладывать недостающие карты»"""
    state = position(["8♣ 2♦ 9♠", "4♠ 5♠ 6♠"], melds=[(1, "5♣ 6♣ 7♣")])
    assert not any(isinstance(a, LayOff) for a in state.legal_actions())
    refused(state, LayOff(0, c("8♣"), 1, "high"), "joker_rummy.lay_off")
    opened = position(["8♣ 2♦ 9♠", "4♠ 5♠ 6♠"], melds=[(1, "5♣ 6♣ 7♣")], opened=[0, 1])
    lay = find(opened, LayOff, card=c("8♣"))
    assert lay.meld == 1 and lay.end == "high"
    opened.apply(lay)
    assert opened.melds[1].cards[-1] == jr._code(c("8♣"))


def test_laying_off_on_sets_and_on_either_end_of_runs():
    state = position(["4♣ 9♣ Q♦ Q♣ Q♥ 2♥", "4♠ 5♠ 6♠"], melds=[(1, "5♣ 6♣ 7♣ 8♣"), (1, "Q♠ Q♥ Q♦")], opened=[0, 1])
    offs = {(a.card, a.meld, a.end) for a in state.legal_actions() if isinstance(a, LayOff)}
    assert (c("4♣"), 1, "low") in offs and (c("9♣"), 1, "high") in offs
    assert (c("Q♣"), 2, "") in offs
    assert (c("Q♦"), 2, "") not in offs and (c("Q♥"), 2, "") not in offs  # that suit is in the set
    refused(state, LayOff(0, c("Q♦"), 2, ""), "joker_rummy.melds")
    refused(state, LayOff(0, c("2♥"), 1, "high"), "joker_rummy.lay_off")


def test_an_ace_continues_a_run_after_the_two_or_the_king():
    """«к комбинации лестница, туз можно продолжить так же после двойки за единицу»"""
    state = position(["A♠ A♠ 5♦", "4♠ 5♠ 6♠"], melds=[(1, "2♠ 3♠ 4♠"), (1, "J♠ Q♠ K♠")], opened=[0])
    offs = {(a.meld, a.end) for a in state.legal_actions() if isinstance(a, LayOff)}
    assert offs == {(1, "low"), (2, "high")}
    low = find(state, LayOff, meld=1, end="low")
    assert low.rule == "joker_rummy.ace"
    three_decks = ["A♠ 5♦", "2♦", "3♦", "4♦", "6♦", "7♦", "8♦", "9♦"]  # a third ace of spades needs the third deck
    full = position(three_decks, melds=[(1, "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")], opened=[0])
    assert not any(isinstance(a, LayOff) for a in full.legal_actions())
    refused(full, LayOff(0, c("A♠"), 1, "high"), "joker_rummy.ace")


def test_two_runs_that_continue_each_other_are_joined():
    """«игрок выложивший комбинацию в свой ход может присоединить "свою" комбинацию к другой»"""
    melds = [(1, "2♥ 3♥ 4♥"), (0, "5♥ 6♥ 7♥"), (1, "9♥ 10♥ J♥")]
    state = position(["2♣ 9♠", "4♠ 5♠ 6♠"], melds=melds, opened=[0])
    joins = [a for a in state.legal_actions() if isinstance(a, Join)]
    assert [(a.meld, a.other) for a in joins] == [(1, 2)]
    state.apply(joins[0])
    assert list(state.melds) == [1, 3] and len(state.melds[1].cards) == 6
    refused(state, Join(0, 1, 3), "joker_rummy.join")
    own = position(["2♣ 9♠", "4♠ 5♠ 6♠", "2♦"], melds=[(1, "2♥ 3♥ 4♥"), (2, "5♥ 6♥ 7♥")], opened=[0], join="own")
    assert not any(isinstance(a, Join) for a in own.legal_actions())
    refused(own, Join(0, 1, 2), "joker_rummy.join")


# ---------------------------------------------------------------- jokers


def test_a_joker_in_a_run_is_a_definite_card():
    """«в комбинации "лесенка" джокер заменяет конкретную карту (Н-р, 5♣ в линии 3♣,4♣,J)»"""
    state = position(["3♣ 4♣ RJ 9♦ 9♠", "4♠ 5♠ 6♠"], opened=[0])
    runs = {a.label for a in state.legal_actions() if isinstance(a, Meld) and a.low}
    assert "P1 melds 3♣ 4♣ RJ(5♣)" in runs and "P1 melds RJ(2♣) 3♣ 4♣" in runs
    sets = {a.label for a in state.legal_actions() if isinstance(a, Meld) and not a.low}
    assert "P1 melds 9♠ 9♦ RJ" in sets


def test_taking_a_joker_back_by_its_natural_card():
    """«игрок имеющий в своих картах на руках карту которая может заменить лежащий на столе джокер»;
    in a set «может быть потенциально двумя разными картами (D♣, D♦ в комбинации D♠, D♥, J)»"""
    state = position(["5♣ Q♣ Q♦ 9♠ 2♦", "4♠ 5♠ 6♠"], melds=[(1, "3♣ 4♣ RJ"), (1, "Q♠ Q♥ BJ")], opened=[0, 1])
    takes = {(a.card, a.joker, a.meld) for a in state.legal_actions() if isinstance(a, TakeJoker)}
    assert takes == {(c("5♣"), c("RJ"), 1), (c("Q♣"), c("BJ"), 2), (c("Q♦"), c("BJ"), 2)}
    refused(state, TakeJoker(0, c("9♠"), c("RJ"), 1), "joker_rummy.take_joker")
    state.apply(TakeJoker(0, c("5♣"), c("RJ"), 1))
    assert c("RJ") in state.hand(0) and state.melds[1].cards[-1] == jr._code(c("5♣"))


def test_a_joker_taken_must_be_melded_this_turn_or_be_the_going_out_discard():
    """«Взяв джокер со стола игрок должен в этот же ход либо выложить его на стол либо закончить им игру»"""
    state = position(["5♣ 9♠ 2♦", "4♠ 5♠ 6♠"], melds=[(1, "3♣ 4♣ RJ"), (1, "Q♠ Q♥ Q♦")], opened=[0, 1])
    state.apply(TakeJoker(0, c("5♣"), c("RJ"), 1))
    assert not any(isinstance(a, Discard) for a in state.legal_actions())
    refused(state, Discard(0, cs("9♠")), "joker_rummy.take_joker")
    refused(state, Discard(0, cs("RJ")), "joker_rummy.take_joker")  # not going out: two cards stay
    state.apply(find(state, LayOff, card=c("RJ"), meld=2))
    assert any(isinstance(a, Discard) for a in state.legal_actions())


def test_going_out_with_the_taken_joker_scores_minus_100():
    state = position(["5♣", "4♠ 5♠ 6♠"], melds=[(1, "3♣ 4♣ RJ")], opened=[0, 1])
    state.apply(TakeJoker(0, c("5♣"), c("RJ"), 1))
    assert labels(state)[-1] == "P1 discards RJ"
    state.apply(Discard(0, cs("RJ")))
    assert state.deal_scores[0] == (-100, 15)


# ---------------------------------------------------------------- going out and scoring


def test_going_out_scores_minus_50_and_the_others_their_hands():
    """«Игрок выложивший карты на стол получает -50 очков» ... «Остальные игроки ... по классической
    классификации блек джека»"""
    state = position(["9♦", "A♠ K♦ 7♣", "RJ"], opened=[0], deals=1)
    state.apply(Discard(0, cs("9♦")))
    assert state.is_over()
    assert state.deal_scores == [(-50, 11 + 10 + 7, 50)]  # a lone joker counts 50
    assert state.result().winners == (0,)


def test_going_out_by_laying_off_the_last_card():
    state = position(["8♣", "4♠ 5♠ 6♠"], melds=[(1, "5♣ 6♣ 7♣")], opened=[0], deals=1)
    state.apply(find(state, LayOff, card=c("8♣")))
    assert state.deal_scores == [(-50, 15)]


@pytest.mark.parametrize(("players", "hand", "score"), [(2, "RJ", -100), (2, "RJ BJ", -200), (8, "RJ BJ RJ", -400)])
def test_going_out_on_jokers(players, hand, score):
    """«если игрок сможет при этом положить в сток джокер, то -100 очков (если игрок положит сразу 2 джокера,
    то - 200 очков, а сразу 3 джокера - 400 очков)»"""
    hands = [hand] + [f"{r}♠" for r in range(2, players + 1)]
    state = position(hands, opened=[0], deals=1)
    going_out = state.legal_actions()[-1]
    assert going_out.cards == cs(hand) or sorted(going_out.cards) == sorted(cs(hand))
    state.apply(going_out)
    assert state.deal_scores[0][0] == score
    several = position(["RJ 5♦", "2♠"], opened=[0])
    refused(several, Discard(0, cs("RJ 5♦")), "joker_rummy.going_out")


def test_the_joker_penalty_option():
    """«джокер оценивается в 10 (иногда - 20-25 очков, для прибавления динамизма)»"""
    state = position(["9♦", "RJ 2♣"], opened=[0], deals=1, joker_penalty=20)
    state.apply(Discard(0, cs("9♦")))
    assert state.deal_scores == [(-50, 22)]
    with pytest.raises(OptionError):
        jr.new_game(players=2, joker_penalty=15)


def test_a_match_is_as_many_deals_as_players_and_the_lowest_total_wins():
    """«Желательно играть количество раундов (сдач), равное количеству игроков за столом»"""
    state = playout(jr.new_game(players=3, seed=8, round_limit=20), seed=2)
    assert len(state.deal_scores) == 3
    totals = [sum(s[p] for s in state.deal_scores) for p in range(3)]
    assert list(state.result().scores) == totals
    best = min(totals)
    assert state.result().winners == tuple(p for p in range(3) if totals[p] == best)


def test_the_match_may_stop_at_an_agreed_total():
    """«Можно также играть до достижения максимального проигрыша любым игроком»"""
    state = playout(jr.new_game(players=2, seed=1, deals=30, limit=150, round_limit=20), seed=1)
    assert max(state.totals) >= 150
    assert len(state.deal_scores) < 30


def test_a_deal_nobody_finishes_ends_at_the_round_limit():
    state = position(["2♣ 7♦", "4♠ 9♠"], round=10, deals=1, round_limit=10)
    state.player = 1
    state.turn_no = 10 * 2 - 1
    state.phase = jr.ACT
    state.apply(Discard(1, cs("4♠")))
    assert state.is_over() and state.deal_scores == [(9, 9)]


# ---------------------------------------------------------------- generator and refusals agree


def _brute_melds(hand):
    """Every (cards in meld order, low) some sub-multiset of the hand can be laid as, via the oracle."""
    found = set()
    for k in range(3, min(len(hand), 6) + 1):
        for sub in set(itertools.combinations(sorted(hand), k)):
            found.update(r for r in jr._readings(sub) if jr._held_problem(*r, hand) is None)
    return found


@pytest.mark.parametrize("seed", range(25))
def test_the_listed_melds_are_exactly_the_melds_of_the_hand(seed):
    rng = random.Random(seed)
    pool = [x for x in range(52) if x % 13 in (0, 1, 2, 3, 4, 10, 11, 12)] * 2 + [52, 53]
    hand = rng.sample(pool, 9)
    listed = {(m, low) for m, low in jr._hand_melds(hand) if len(m) <= 6}
    assert listed == _brute_melds(hand)
    for m, low in listed:
        assert jr._meld_problem(m, low) is None
        assert not Counter(m) - Counter(hand)


@pytest.mark.parametrize("seed", range(15))
def test_cards_of_a_suit_far_from_the_others_hide_or_add_no_run(seed):
    """Runs are looked for only among the cards of a suit that can be in one with the hand's
    jokers (a window of three with no more gaps than jokers): the listed melds stay exactly the
    hand's, without a joker, with one and with two."""
    rng = random.Random(seed)
    jokers = [52, 53][: seed % 3]
    hand = rng.sample(list(range(26)) * 2, 10 - len(jokers)) + jokers  # two suits, both decks
    listed = {(m, low) for m, low in jr._hand_melds(hand) if len(m) <= 6}
    assert listed == _brute_melds(hand)


def test_a_joker_does_not_stand_for_a_card_the_player_still_holds():
    """The engine's decision (clarification 8): the natural card is laid instead."""
    state = position(["5♣ 6♣ 7♣ RJ 9♦", "4♠ 5♠ 6♠"], opened=[0])
    runs = {a.label for a in state.legal_actions() if isinstance(a, Meld) and a.low}
    assert "P1 melds 5♣ 6♣ 7♣ RJ(8♣)" in runs and "P1 melds 5♣ RJ(6♣) 7♣" not in runs
    refused(state, Meld(0, cs("5♣ RJ 7♣"), 5, False), "joker_rummy.melds")


def test_a_typed_meld_that_is_no_meld_is_refused_with_its_reason():
    state = position(["5♦ 6♦ 8♦ 9♠", "4♠ 5♠ 6♠"], opened=[0])
    err = refused(state, Meld(0, cs("5♦ 6♦ 8♦"), 5, False), "joker_rummy.melds")
    assert "5♦ 6♦ 8♦" in err.message("en") and "5♦ 6♦ 8♦" in err.message("ru")
    refused(state, Meld(0, cs("5♠ 6♠ 7♠"), 5, False), "joker_rummy.turn")  # not held


def test_a_random_playout_keeps_the_cards():
    state = jr.new_game(players=5, seed=11, deals=1, round_limit=15)
    deck = Counter(state.cards_used())
    rng = random.Random(3)
    while not state.is_over():
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
        held = Counter()
        for cards in state.zones().values():
            held.update(cards)
        assert held == deck


def test_the_log_names_a_rule_for_every_line():
    state = playout(jr.new_game(players=2, seed=3, deals=1, round_limit=12), seed=5)
    for lang in ("en", "ru"):
        entries = state.log(lang)
        assert len(entries) > len(state.history)
        assert all(e.rule in jr.RULES for e in entries)
        assert {e.kind for e in entries} == {"action", "note"}


# ---------------------------------------------------------------- players


def test_the_heuristic_beats_random_players():
    """Two-player deals, seats alternating: the heuristic scores less on average."""
    diffs = []
    for seed in range(8):
        seat = seed % 2
        players = [RandomPlayer(), RandomPlayer()]
        players[seat] = jr.HeuristicPlayer()
        state = playout(jr.new_game(players=2, seed=seed, deals=1, round_limit=30), players, seed=seed)
        diffs.append(state.totals[1 - seat] - state.totals[seat])
    assert sum(d > 0 for d in diffs) >= 6, diffs


def _choices(state):
    """What the book's bot and the sharp bot play in ``state``, by label."""
    view, actions = state.view(state.current_player), state.legal_actions()
    return tuple(bot.choose(view, actions, random.Random(0)).label for bot in (jr.HeuristicPlayer(), jr.SharpPlayer()))


def test_the_sharp_bot_takes_the_discard_only_when_it_completes_a_meld():
    # 4♥ and 8♥ both go with the 6♥ (two ranks apart), which the book's bot takes; no meld comes of it
    state = position(["4♥ 8♥ K♣ 2♦ 9♠", "3♣ 3♦ 3♠"], discard="6♥", drawn=False)
    assert _choices(state) == ("P1 takes 6♥ from the discard pile", "P1 draws from the stock")
    # with 5♥ and 7♥ the 6♥ makes a run: both take it
    state = position(["5♥ 7♥ K♣ 2♦ 9♠", "3♣ 3♦ 3♠"], discard="6♥", drawn=False)
    assert _choices(state) == ("P1 takes 6♥ from the discard pile",) * 2


def test_the_sharp_bot_keeps_the_cards_of_a_meld_it_holds():
    # every card goes with two others; the book's bot lets the costliest go, the ace of its run Q♣ K♣ A♣
    state = position(["Q♣ K♣ A♣ 2♦ 4♦ 2♥ 4♥", "3♣ 3♦ 3♠"])
    book, sharp = _choices(state)
    assert book == "P1 discards A♣"
    assert sharp in ("P1 discards 4♦", "P1 discards 4♥")


def test_the_sharp_bot_does_not_discard_a_card_the_other_player_could_lay_off():
    # the 8♠ would continue the other player's run 5♠ 6♠ 7♠ once that player has opened
    hands = ["8♠ 3♦ 2♣", "3♣ 3♦ 3♠"]
    opened = position(hands, melds=[(1, "5♠ 6♠ 7♠")], opened=[1])
    assert _choices(opened) == ("P1 discards 8♠", "P1 discards 3♦")
    closed = position(hands, melds=[(1, "5♠ 6♠ 7♠")])
    assert _choices(closed) == ("P1 discards 8♠",) * 2


#: K♠, Q♦ and J♣ go with no other card; the rest are two melds and a pair
LONE_TENS = ["K♠ Q♦ J♣ 3♥ 3♦ 3♠ 5♣ 6♣ 7♣ 9♥ 9♦", "4♠ 5♠ 6♠"]


def test_the_strong_bot_weighs_the_three_costliest_lone_cards_and_every_move_that_is_not_a_discard():
    # the three lone cards cost 10 each: the strong bot tries those three discards against its
    # starting move, and the two melds, not the eight other discards, so each gets more imagined deals
    state = position(LONE_TENS, round=2)
    view, actions = state.view(0), state.legal_actions()
    usual = jr.SharpPlayer().choose(view, actions, random.Random(0))
    weighed = GAMES["joker_rummy"].coaching.shortlist(view, actions, usual)
    discards = {a.label for a in weighed if isinstance(a, Discard)}
    assert discards == {"P1 discards K♠", "P1 discards Q♦", "P1 discards J♣"}
    assert usual.label in discards
    others = [a.label for a in actions if not isinstance(a, Discard)]
    assert others and all(label in {a.label for a in weighed} for label in others)
    assert len(actions) == len(weighed) + 8


def test_the_strong_bot_thinks_about_its_shortlist_alone(monkeypatch):
    from rules import coach

    state = position(LONE_TENS, round=2)
    view, actions = state.view(0), state.legal_actions()
    thought = []
    advise = coach._advise
    monkeypatch.setattr(
        coach,
        "_advise",
        lambda game, seen, seat, moves, *rest: thought.append(moves) or advise(game, seen, seat, moves, *rest),
    )
    move = coach.Coach("joker_rummy", seconds=None, playouts=20).choose(view, actions, random.Random(0))
    usual = jr.SharpPlayer().choose(view, actions, random.Random(0))
    assert [a.label for a in thought[0]] == [
        a.label for a in GAMES["joker_rummy"].coaching.shortlist(view, actions, usual)
    ]
    assert move.label in {a.label for a in thought[0]}


def test_the_russian_texts_count_points_cards_and_jokers_in_the_right_form():
    """29 очков, 31 очко, 54 очка, 2 джокера: no abbreviated «очк.» and no number with a wrong noun form."""
    state = position(["9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦ 5♥", "4♠ 5♠ 6♠"])
    run = find(state, Meld, cards=cs("9♣ 10♣ J♣"))
    assert run.explain("ru").endswith("29 очков в счёт первого действия")
    state.apply(run)
    assert "выложенные комбинации стоят 29 очков," in refused(
        state, Discard(0, cs("2♦")), "joker_rummy.opening"
    ).message("ru")
    high = [a for a in position(["Q♠ K♠ RJ 5♥", "4♠ 5♠ 6♠"]).legal_actions() if type(a) is Meld]
    assert any(m.explain("ru").endswith("31 очко в счёт первого действия") for m in high)  # Q♠ K♠ RJ(A♠)
    assert jr.Opened(player=0, points=54).explain("ru") == "Игрок 1 выложился: 54 очка (нужно не менее 51)"
    assert jr.Opened(player=0, points=54).explain("en") == "Player 1 has opened with 54 points (51 needed)"
    assert jr.StockTurned(cards=21).explain("ru").startswith("Колода кончилась: сток (21 карта)")
    two = jr.WentOut(player=1, jokers=2).explain("ru")
    assert two == "Игрок 2 заканчивает игру, сбросив в сток сразу 2 джокера: -200 очков"
    assert jr.WentOut(player=1, jokers=1).explain("en") == "Player 2 goes out by discarding a joker: -100 points"


def _turn(hand: list):
    """Player 1's turn past the first round, not opened yet, holding ``hand`` (player 2 holds three other cards)."""
    other = sorted((Counter(jr.game_cards(2)) - Counter(hand)).elements())[:3]
    return position([format_cards(hand), format_cards(other)], round=2)


def _best_played(hand: list) -> int:
    """The most points of melds the game lets a player lay in one turn from ``hand`` (before
    opening, past the first round), found by playing every sequence of Meld actions."""
    state = _turn(hand)
    memo: dict[tuple, int] = {}

    def best(state) -> int:
        key = tuple(sorted(state.hand(0)))
        if key not in memo:
            memo[key] = 0
            for action in state.legal_actions():
                if isinstance(action, Meld):
                    after = state.clone()
                    after.apply(action)
                    memo[key] = max(memo[key], action.points + best(after))
        return memo[key]

    return best(state)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(min_value=6, max_value=jr.MAX_HAND))
def test_the_best_opening_is_the_best_the_game_accepts_in_one_turn(rng, size):
    """The oracle and the game agree: the best opening found is the best sequence of melds the
    game accepts, and its plan, laid in its order, is accepted meld by meld."""
    pack = jr.game_cards(2)
    suit = rng.choice(list(Suit))  # a hand rich in one suit and in jokers: runs, sets and jokers meet
    rich = [c for c in pack if c.is_joker or c.suit == suit]
    hand = rng.sample(rich, min(size // 2, len(rich)))
    rest = Counter(pack) - Counter(hand)
    hand += rng.sample(sorted(rest.elements()), size - len(hand))
    points, melds = best_opening(hand)
    assert points == _best_played(hand)
    state = _turn(hand)
    for meld in melds:
        offered = {a.cards: a for a in state.legal_actions() if isinstance(a, Meld)}
        assert tuple(meld) in offered, f"{format_cards(meld)} is not offered after {state.history}"
        state.apply(offered[tuple(meld)])
    assert sum(a.points for a in state.history) == points


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("8♣ 8♣ 9♣ 10♣ 10♣ RJ", 54),  # 8♣ 9♣ 10♣, then 8♣ RJ(9♣) 10♣: the first 9♣ is laid already
        ("9♣ 10♣ 10♣ J♣ Q♣ BJ", 59),  # 9♣ 10♣ J♣ 29 and 10♣ BJ(J♣) Q♣ 30
        ("6♣ 6♣ 7♣ 8♣ 8♣ 9♣ 6♥ 6♥ RJ", 51),  # 6♣ 7♣ 8♣ 21, then 6♣ RJ(7♣) 8♣ 9♣ 30
    ],
)
def test_a_joker_may_stand_for_a_card_laid_earlier_in_the_turn(hand, points):
    assert best_opening(cs(hand))[0] == points


def test_a_hand_no_game_holds_is_refused_at_once_with_the_reason():
    with pytest.raises(jr.MeldError) as error:
        best_opening(cs("RJ " * 12 + "A♣ A♣"))
    assert "12 × RJ" in error.value.message("en") and "12 × КДж" in error.value.message("ru")
    with pytest.raises(jr.MeldError, match="4 × A♣"):
        is_meld(cs("A♣ A♣ A♣ A♣"))
    with pytest.raises(jr.MeldError) as error:
        best_opening(cs("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♦ 3♦ 4♦"))
    assert "16 cards" in error.value.message("en") and "16 карт" in error.value.message("ru")
