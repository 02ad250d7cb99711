"""Джокер (Joker rummy): the best opening as the moves that lay it, as the checker and the
exercises show it (the oracle against every turn the game accepts: tests/test_joker_rummy.py).
"""

from __future__ import annotations

from rules import joker_rummy as jr
from rules.cards import parse_cards
from rules.joker_rummy import Meld, best_opening, opening_plan, opening_points, position


def cs(text):
    return tuple(parse_cards(text))


def _lay(hand: str) -> tuple[int, bool]:
    """The plan's moves played one by one on a deal where player 1 holds ``hand``, past the first
    round and not opened: the points laid, and whether the game let him open (or go out)."""
    state = position([hand, "4♠ 9♦ K♥"], round=2, drawn=True, seed=1)
    total = 0
    for move in opening_plan(cs(hand)):
        offered = [
            a for a in state.legal_actions() if isinstance(a, Meld) and (a.codes, a.low) == (move.codes, move.low)
        ]
        assert offered, f"the game does not offer {move.label} now"
        state.apply(offered[0])
        total += offered[0].points
    return total, state.opened[0] or bool(state.deal_scores)


def test_the_plan_is_laid_move_by_move_and_opens():
    """8♣ 9♣ 10♣ first; then 9♣ is no longer held and RJ stands for it: 27 + 27 = 54."""
    plan = opening_plan(cs("8♣ 8♣ 9♣ 10♣ 10♣ RJ"))
    assert [jr.meld_text(m) for m in plan] == ["8♣ 9♣ 10♣", "8♣ RJ(9♣) 10♣"]
    assert [jr.meld_text(m, "ru") for m in plan] == ["8♣ 9♣ 10♣", "8♣ КДж(9♣) 10♣"]
    assert _lay("8♣ 8♣ 9♣ 10♣ 10♣ RJ") == (54, True)
    assert _lay("6♣ 6♣ 7♣ 8♣ 8♣ 9♣ 6♥ 6♥ RJ") == (51, True)


def test_each_meld_of_the_plan_has_its_own_points():
    """9♣ 10♣ J♣ (29), then 10♣ BJ(J♣) Q♣ (30): the rows add up to the total."""
    plan = opening_plan(cs("9♣ 10♣ 10♣ J♣ Q♣ BJ"))
    assert [m.points for m in plan] == [29, 30]
    assert sum(m.points for m in plan) == best_opening(cs("9♣ 10♣ 10♣ J♣ Q♣ BJ"))[0] == 59
    assert [opening_points([m.cards]) for m in plan] == [29, 30]


def test_a_joker_still_may_not_stand_for_a_card_kept_in_the_hand():
    """The engine's decision (clarification 8): with 6♣ kept, the joker goes at the end: 8♣."""
    assert [jr.meld_text(m) for m in opening_plan(cs("5♣ 6♣ 7♣ RJ 9♦"))] == ["5♣ 6♣ 7♣ RJ(8♣)"]
    assert _lay("5♣ 6♣ 7♣ RJ 9♦") == (5 + 6 + 7 + 8, False)


def test_the_most_a_game_holds_is_still_read():
    """Three decks and three jokers (8 players or more): RJ RJ BJ and three of a card are a real hand."""
    assert jr.is_meld(cs("RJ RJ BJ 5♣"))
    # A♣ and the three jokers: a set of four aces (44); the other aces, of the same suit, meld with nothing
    assert best_opening(cs("RJ RJ BJ A♣ A♣ A♣"))[0] == 4 * 11
    assert opening_plan(cs("")) == []
