"""Minefield's player and what the statistics count in a game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.game import Action
from rules.games.minefield.state import Draw, MinefieldState
from rules.games.minefield.texts import EVENT_KINDS

# ---------------------------------------------------------------- players


class DrawPlayer:
    """The only sensible player: reads its view and draws when it is its move.

    Minefield has no decisions, so every player is as strong as any other; this
    bot exists so that the book's players all speak the same protocol.
    """

    name = "draw"
    needs_view = True

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        for action in actions:
            if isinstance(action, Draw) and action.player == view["to_move"]:
                return action
        return actions[0]


# ---------------------------------------------------------------- simulated games


def measure(state: MinefieldState) -> dict[str, int]:
    """What the statistics count in one game (for :func:`rules.simulate.simulate`, whose rows
    also hold the moves as ``actions``): ``jackpot_winner``, the seat that won the jackpot (-1: nobody), and each
    seat's score (``score1``, ``score2``...)."""
    row = {"jackpot_winner": max(state.jackpot_state, -1)}
    row.update({f"score{p + 1}": score for p, score in enumerate(state.scores())})
    return row


def measure_effects(state: MinefieldState) -> dict[str, int]:
    """:func:`measure` and how often each kind of event happened (a column per kind of EVENT_KINDS)."""
    return {**measure(state), **{kind: 0 for kind in EVENT_KINDS}, **state.fired()}


def score_table(table, players: int):
    """The simulated games' final scores as a numpy array: one row per game, one column per seat."""
    import numpy as np

    return np.column_stack([table.array(f"score{p + 1}") for p in range(players)])


def wins(scores):
    """Per game and seat: 1 for a sole winner, 1/k for each of k tied winners (``scores`` from :func:`score_table`)."""
    best = scores.max(axis=1, keepdims=True)
    top = (scores == best).astype(float)
    return top / top.sum(axis=1, keepdims=True)
