"""Figures the coach computes for the book's strategy sections: what one kind of move costs or is worth.

A figure compares two moves at many positions of seeded games played by the game's bots: at each
position where both are legal for the seat to move, the coach (:func:`rules.coach.estimates`,
the two moves in the same imagined deals, a fixed number of playouts and no clock) estimates
each, and the figure is the mean difference (the first move's estimate less the second's, in the
game's unit: percentage points of the chance of not being the fool, of winning), with its
standard error over the positions. Everything follows from the seed.

* :func:`trump_lead_cost` (Durak): leading the lowest non-trump rather than the lowest trump, at
  the first card of a bout.
* :func:`discard_worth` (Joker rummy, Dummy rummy): taking the discard pile's top card rather than
  drawing from the stock.

>>> from rules import durak
>>> state = durak.position(["6♥ 7♠", "8♠ A♥"], "6♠")  # spades are trumps; P1 leads
>>> pair = durak_lead_pair(state)
>>> [a.label for a in pair]
['P1 leads 6♥', 'P1 leads 7♠']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from rules.coach import estimates
from rules.game import GAMES, Action, State

__all__ = ["Figure", "compare", "discard_pair", "discard_worth", "durak_lead_pair", "trump_lead_cost"]


@dataclass(frozen=True)
class Figure:
    """A figure of the coach: ``mean`` difference of the two moves' estimates over ``positions``
    positions, its ``error`` (standard error over the positions), and the ``playouts`` of each
    estimate."""

    mean: float
    error: float
    positions: int
    playouts: int

    def points(self) -> int:
        """The mean in percentage points, rounded."""
        return round(100 * self.mean)


def compare(state: State, pair: tuple[Action, Action], seed: int, playouts: int) -> float:
    """The coach's estimate of ``pair[0]`` less that of ``pair[1]`` for the seat to move, the two
    moves played in the same imagined deals."""
    seat = state.current_player
    scores = {a.action.label: a.score for a in estimates(state, seat, pair, seed=seed, playouts=playouts)}
    return scores[pair[0].label] - scores[pair[1].label]


def _figure(
    game_id: str,
    pair_of: Callable[[State], tuple[Action, Action] | None],
    positions: int,
    playouts: int,
    seed: int,
) -> Figure:
    """The mean difference over ``positions`` positions of seeded games of two (one position a game
    at most, the first where ``pair_of`` finds the two moves after a few moves chosen at random)."""
    game = GAMES[game_id]
    rng = random.Random(f"coach-figure:{game_id}:{seed}")
    diffs: list[float] = []
    for _ in range(40 * positions):
        if len(diffs) == positions:
            break
        state = game.new_game(players=2, seed=rng.randrange(2**31))
        bots = [game.bot_player() for _ in range(2)]
        bot_rng = random.Random(rng.randrange(2**62))
        skip = rng.randrange(6)
        limit = state.INFO.max_actions(state)
        while not state.is_over() and len(state.history) < limit:
            pair = pair_of(state)
            if pair is not None:
                if skip == 0:
                    diffs.append(compare(state, pair, rng.randrange(2**31), playouts))
                    break
                skip -= 1
            actions = state.legal_actions()
            mover = state.current_player
            move = actions[0] if len(actions) == 1 else bots[mover].choose(state.view(mover), actions, bot_rng)
            state.apply(move)
    n = len(diffs)
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
    return Figure(mean, error, n, playouts)


# ---------------------------------------------------------------- Durak


def durak_lead_pair(state: State) -> tuple[Action, Action] | None:
    """At the first card of a bout, the lead of the lowest non-trump and of the lowest trump of the
    attacker's hand (None elsewhere, or when the hand lacks either)."""
    from rules import durak as dk
    from rules.games.durak.beats import strength

    if state.is_over() or state.table():
        return None
    leads = [a for a in state.legal_actions() if isinstance(a, dk.Attack)]
    if not leads:
        return None
    trump = state.trump_card

    def low(actions):
        return min(actions, key=lambda a: strength(a.card), default=None)

    plain = low([a for a in leads if not dk.is_trump(a.card, trump)])
    trumps = low([a for a in leads if dk.is_trump(a.card, trump)])
    return None if plain is None or trumps is None else (plain, trumps)


def trump_lead_cost(positions: int = 12, playouts: int = 60, seed: int = 0) -> Figure:
    """Durak, two players, classic: what leading the lowest trump costs against leading the lowest
    non-trump, in the chance of not being the fool (positive: the trump lead is worse)."""
    return _figure("durak", durak_lead_pair, positions, playouts, seed)


# ---------------------------------------------------------------- the rummies


def discard_pair(state: State) -> tuple[Action, Action] | None:
    """At a draw, taking the discard pile's top card and drawing from the stock (None elsewhere)."""
    if state.is_over():
        return None
    actions = state.legal_actions()
    take = [a for a in actions if "from the discard pile" in a.label]
    draw = [a for a in actions if a.label.endswith("draws from the stock")]
    return (take[0], draw[0]) if len(take) == 1 and len(draw) == 1 else None


def discard_worth(game_id: str, positions: int = 8, playouts: int = 24, seed: int = 0) -> Figure:
    """Joker rummy or Dummy rummy, two players: what taking the discard pile's top card is worth
    against drawing from the stock, in the chance of winning (positive: taking is better)."""
    return _figure(game_id, discard_pair, positions, playouts, seed)
