"""The coach's figures of the strategy sections: the right moves compared, the right sign and size."""

from __future__ import annotations

import itertools
import random

import pytest

from rules import domimi, durak
from rules import domino as dm
from rules import dummy_rummy as dr
from rules import joker_rummy as jr
from rules.coach import estimates
from rules.coach_figures import (
    buy_pair,
    compare,
    discard_pair,
    domino_lead_pair,
    durak_beat_pair,
    durak_lead_pair,
    trump_lead_cost,
)


def _minimax(state, seat: int = 0) -> float:
    """The seat's exact value of a small endgame with every card known: both sides play their best."""
    if state.is_over():
        return state.GAME.coaching.value(state, seat)
    values = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        values.append(_minimax(after, seat))
    return max(values) if state.current_player == seat else min(values)


def test_the_lead_pair_is_the_lowest_non_trump_and_the_lowest_trump():
    state = durak.position(["A♥ 6♥ 9♠ 7♠ 8♦", "8♥ 10♣ Q♣ K♣ A♣"], "6♠")  # spades trumps; the ace ranks high
    assert [a.label for a in durak_lead_pair(state)] == ["P1 leads 6♥", "P1 leads 7♠"]
    assert durak_lead_pair(durak.position(["6♥ 7♥", "8♠ 9♠"], "6♠")) is None  # no trump to lead
    state.apply_label("P1 leads 6♥")
    assert durak_lead_pair(state) is None  # not the first card of a bout


@pytest.mark.parametrize(
    ("hands", "trump"),
    [
        (["6♥ 10♠ 7♦", "Q♥ 8♦ 9♠"], "6♠"),  # the trump lead is beaten, then P1 takes 8♦: the fool
        (["6♥ A♠", "7♥ K♠"], "8♠"),  # the ace of trumps cannot be beaten: P2 takes, P1 goes out
    ],
)
def test_the_coachs_lead_gap_has_the_sign_and_rough_size_of_the_exact_one(hands, trump):
    state = durak.position(hands, trump)  # stock empty, every other card out: the seat knows all
    pair = durak_lead_pair(state)
    exact = []
    for action in pair:
        after = state.clone()
        after.apply(action)
        exact.append(_minimax(after))
    exact_gap = exact[0] - exact[1]
    assert abs(exact_gap) == 0.5  # a draw against a loss or a win
    coach_gap = compare(state, pair, seed=3, playouts=200)
    assert coach_gap * exact_gap > 0 and 0.2 <= abs(coach_gap) <= 0.7


@pytest.mark.parametrize("hands", [["7♥ 8♦", "9♥ 6♣"], ["7♥ 8♦", "9♥ 9♦"]])
def test_beating_rather_than_taking_is_worth_about_what_the_exact_endgame_says(hands):
    state = durak.position(hands, "6♠")
    state.apply_label("P1 leads 7♥")
    beat, take = durak_beat_pair(state)
    assert (beat.label, take.label) == ("P2 beats 7♥ with 9♥", "P2 takes")
    exact = []
    for action in (beat, take):
        after = state.clone()
        after.apply(action)
        exact.append(_minimax(after, seat=1))
    assert exact == [1.0, 0.0]  # beating wins: P2 then leads a card P1 cannot beat; taking loses
    assert 0.3 <= compare(state, (beat, take), seed=3, playouts=200) <= 1.0


def _domino_endgame(seed: int):
    """The first trick's lead of a seeded game of two of the book's bots (imagining two deals a move)
    where both hands are down to four cards and the lead pair of the strategy figure exists."""
    state, rng, bot = dm.new_game(players=2, seed=seed), random.Random(seed), dm.HeuristicPlayer(samples=2)
    while not (max(len(h) for h in state.hands) <= 4 and domino_lead_pair(state)):
        state.apply(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
    return state


def _over_every_deal(state, action) -> float:
    """The seat's value after ``action`` averaged over every hand the opponent may hold (of the cards
    the seat has not seen, none its forced passes showed it lacks), each played to the end by both
    sides at their best with every card known: what the coach's imagined deals estimate."""
    seat = state.current_player
    other = 1 - seat
    voids = dm.known_voids(state.view(seat))[other]
    unseen = state.hands[other] + state.removed
    values = []
    for hand in itertools.combinations(unseen, len(state.hands[other])):
        if any(str(c) in voids for c in hand):
            continue
        deal = state.clone()
        deal.hands[other] = list(hand)
        deal.removed = [c for c in unseen if c not in hand]
        deal.apply(action)
        values.append(_minimax(deal, seat))
    return sum(values) / len(values)


@pytest.mark.parametrize("seed", [73, 129, 152])  # a lead that wins outright; better by 2/3; worse by 0.4
def test_in_domino_the_coachs_lead_gap_has_the_sign_and_size_of_the_exact_one(seed):
    state = _domino_endgame(seed)
    pair = domino_lead_pair(state)
    exact_gap = _over_every_deal(state, pair[0]) - _over_every_deal(state, pair[1])
    assert abs(exact_gap) >= 0.25  # a position where the lead matters
    coach_gap = compare(state, pair, seed=3, playouts=200)
    assert coach_gap * exact_gap > 0 and abs(coach_gap - exact_gap) <= 0.1


def test_the_trump_lead_figure_is_seeded_and_averages_the_positions_asked():
    figure = trump_lead_cost(positions=3, playouts=20, seed=4)
    assert figure.positions == 3 and figure.playouts == 20
    assert trump_lead_cost(positions=3, playouts=20, seed=4) == figure
    assert -1 <= figure.mean <= 1 and figure.error >= 0


def test_the_discard_pair_is_taking_the_top_card_against_drawing():
    state = jr.position(["5♥ 6♥ 9♣ K♦", "2♠ 3♠ 4♠ 8♦"], discard="9♦ 7♥", drawn=False)
    take, draw = discard_pair(state)
    assert "7♥" in take.label and "discard pile" in take.label and draw.label.endswith("draws from the stock")
    state.apply(take)
    assert discard_pair(state) is None  # the draw is made: nothing more to choose between


def test_taking_the_top_card_that_lets_the_seat_go_out_is_a_sure_win_to_the_coach():
    # P1 has opened and holds 5♥ 6♥ 9♣: with the 7♥ on top of the pile it melds the run, discards
    # 9♣ and goes out, which wins a match of one deal whatever the other hand holds.
    # Drawing instead leaves the other player, who has opened too, a turn to go out first.
    state = jr.position(
        ["5♥ 6♥ 9♣", "8♦ K♣"], melds=[(1, "8♠ 8♥ 8♣")], discard="9♦ 7♥", drawn=False, opened=[0, 1], deals=1
    )
    take, draw = discard_pair(state)
    scores = {a.action.label: a.score for a in estimates(state, 0, (take, draw), seed=1, playouts=60)}
    assert scores[take.label] == 1.0
    assert scores[draw.label] < 0.95
    assert compare(state, (take, draw), seed=2, playouts=60) > 0.05


def test_in_dummy_rummy_taking_the_card_that_makes_the_contract_and_goes_out_is_a_sure_win_to_the_coach():
    # the last hand of the game (contract 1, two sets of three): with the 4♣ on top of the pile P1 goes
    # down with 4♠ 4♥ 4♣ and 6♠ 6♦ 6♣ and goes out by discarding 9♣; drawing instead leaves the other
    # player, already down, a turn to go out first
    state = dr.position(
        ["4♠ 4♥ 6♠ 6♦ 6♣ 9♣", "8♦ K♣"],
        melds=[[1, "8♠ 8♥ 8♣"], [1, "10♠ 10♥ 10♣"]],
        discard="2♦ 4♣",
        contracts=[1, 1],
        last_contract=1,
    )
    take, draw = discard_pair(state)
    assert "4♣" in take.label
    scores = {a.action.label: a.score for a in estimates(state, 0, (take, draw), seed=1, playouts=60)}
    assert scores[take.label] == 1.0
    assert scores[draw.label] < 0.95


def test_in_domimi_buying_the_last_king_ahead_is_a_sure_win_to_the_coach():
    # P1 owns the four jacks, three queens and K♥ (21 points), the other player Q♠ K♦ K♣ and a
    # joker (18). The field holds one king and one joker: buying the K♠ with 10+10+5 (its price,
    # 25) leaves no jack, queen or king there, which ends the game with P1 ahead, 25 to 18.
    # Passing leaves the other player a turn to buy the king or the joker and finish ahead.
    state = domimi.scenario("10♦ 10♠ 5♥", "K♠ BJ", discard="J♥ J♦ J♣ J♠ Q♥ Q♦ Q♣ K♥")
    buy, pass_ = buy_pair(state)
    assert buy.label == "buy K♠ with 10♠+5♥+10♦" and pass_.label == "pass"
    bought = state.clone()
    bought.apply(buy)
    while not bought.is_over():  # what is left of the turn: the returns, then its end
        bought.apply(bought.legal_actions()[-1])
    assert bought.result().scores == (25, 18) and bought.result().winners == (0,)
    scores = {a.action.label: a.score for a in estimates(state, 0, (buy, pass_), seed=1, playouts=60)}
    assert scores[buy.label] == 1.0
    assert scores[pass_.label] < 0.95
    assert compare(state, (buy, pass_), seed=2, playouts=60) > 0.05
