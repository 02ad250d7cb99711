"""The numbers of the rummies' estimates between deals, fitted to games between the book's bots.

The coach's playouts in Dummy rummy and Joker rummy stop at the end of the hand (deal) they are
played in, and the game is estimated there from what stands between deals
(:attr:`rules.coach.Coaching.stage`). This script plays games of two players between the book's
bots and prints the constants of those estimates, to be copied into the games' ``coaching.py``:

* Dummy rummy: a logistic regression of the game's winner on the contracts ahead (before anybody
  is on the last contract, and once somebody is) and the points ahead, at the start of every hand
  but the first (``CONTRACT_POINTS``, ``SCALE``), and how often the player a contract ahead won
  once somebody was on the last contract (every time: ``LAST_CONTRACT_POINTS`` makes that
  certain);
* Joker rummy: the percentiles of one deal's result, a player's score less the other's
  (``DEAL_RESULT_UPPER``, the half above the middle: a lead holds through the last deal where that
  deal's result is less than it),
  and a logistic regression of the winner on the points ahead at the start of the second deal
  (``SCALE``, for the deals before the last).

It then says how well each estimate, as the game declares it now, foretells the winner at the
start of each hand of other games: the mean log-loss (a coin toss scores log 2, about 0.693;
lower is better). ``tests/test_coach.py`` checks a short run of the same.

    .venv/bin/python -m benchmarks.fit_estimates                 # 4,500 games each, 300 to check
    .venv/bin/python -m benchmarks.fit_estimates --games 300     # a quick look
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator

import numpy as np

import rules
from rules.game import State

#: the games the constants were fitted to: (first seed, games), each game's players choosing with
#: the seed of its place in its sample (0, 1, 2 ...)
FIT_SAMPLES = ((10_000, 1_500), (20_000, 3_000))


def played(game_id: str, samples: tuple[tuple[int, int], ...]) -> Iterator[tuple[State, list[State]]]:
    """Games of two between the book's bots, each sample's (first seed, games) dealt with seeds
    ``first`` on (the players choosing with seeds 0 on): each game's end, with a copy of the state at
    the start of every deal (hand) but the first."""
    game = rules.GAMES[game_id]
    for first, games in samples:
        for i in range(games):
            state = game.new_game(players=2, seed=first + i)
            bot, rng = game.bot_player(), random.Random(i)
            stage, kept = game.coaching.stage, []
            at = stage(state)
            while not state.is_over():
                state._advance(bot.choose(state.view(state.current_player), state.legal_actions(), rng))
                if not state.is_over() and stage(state) != at:
                    at = stage(state)
                    kept.append(state.clone())
            yield state, kept


def boundaries(game_id: str, samples: tuple[tuple[int, int], ...]) -> Iterator[tuple[State, float]]:
    """The start of every deal (hand) but the first of :func:`played`'s games, with seat 0's result
    of the game (1, one half or 0)."""
    value = rules.GAMES[game_id].coaching.value
    for end, kept in played(game_id, samples):
        result = value(end, 0)
        for start in kept:
            yield start, result


def log_loss(pairs: list[tuple[float, float]]) -> float:
    """The mean log-loss of chances foretold against results (1, one half, 0)."""
    total = 0.0
    for chance, result in pairs:
        chance = min(max(chance, 1e-6), 1 - 1e-6)
        total -= result * math.log(chance) + (1 - result) * math.log(1 - chance)
    return total / len(pairs)


def fit_logistic(x: np.ndarray, y: np.ndarray, steps: int = 50, ridge: float = 0.1) -> np.ndarray:
    """The weights ``w`` of chance = 1 / (1 + exp(-x @ w)) that best explain ``y`` (Newton's method
    on the log-likelihood; results of one half count as half a win and half a loss). A small
    ``ridge`` keeps a weight finite where the data leave it unbounded (a feature that foretells
    every result it touches)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + ridge * np.eye(len(w))
        w += np.linalg.solve(hessian, x.T @ (y - p) - ridge * w)
    return w


def fit_dummy_rummy(samples: tuple[tuple[int, int], ...] = FIT_SAMPLES) -> str:
    """The constants of Dummy rummy's estimate: ``CONTRACT_POINTS`` and ``SCALE`` from the fit;
    ``LAST_CONTRACT_POINTS`` is where a contract ahead decides the game (the fit's weight for it
    has no bound when the player ahead won every such game), so the script reports how often
    the player ahead won there."""
    rows, last_won, last_games = [], 0.0, 0
    for state, result in boundaries("dummy_rummy", samples):
        c, t = state.contract, state.totals
        last = max(c) >= state.options.last_contract
        rows.append((c[0] - c[1], (c[0] - c[1]) * last, t[1] - t[0], result))
        if last and c[0] != c[1]:
            last_games += 1
            last_won += result if c[0] > c[1] else 1 - result
    data = np.array(rows, dtype=float)
    ahead, _, points = fit_logistic(data[:, :3], data[:, 3])
    return (
        f"Dummy rummy, {len(rows):,} hands of {sum(games for _, games in samples):,} games:\n"
        f"CONTRACT_POINTS = {ahead / points:.1f}, SCALE = {1 / points:.1f}\n"
        f"once somebody is on the last contract, the player a contract ahead won {last_won:,g} of {last_games:,}"
    )


def fit_joker_rummy(samples: tuple[tuple[int, int], ...] = FIT_SAMPLES) -> str:
    """The constants of Joker rummy's estimates between deals: ``DEAL_RESULT_UPPER``, the percentiles
    above the middle of one deal's result (a player's score less the other's, each deal counted from
    both seats, so that those below mirror them), which say
    whether a lead in the totals holds through the last deal; and ``SCALE``, the points of difference
    in the totals that make a player about 73% sure of the lowest total at the end, for the deals
    before it."""
    rows, results = [], []
    value = rules.GAMES["joker_rummy"].coaching.value
    for end, kept in played("joker_rummy", samples):
        result = value(end, 0)
        rows += [(start.totals[1] - start.totals[0], result) for start in kept]
        results += [a - b for a, b in end.deal_scores] + [b - a for a, b in end.deal_scores]
    data = np.array(rows, dtype=float)
    (points,) = fit_logistic(data[:, :1], data[:, 1])
    results.sort()
    # every deal counted from both seats: the percentiles below the middle mirror those above it
    upper = tuple(results[int((k + 0.5) / 100 * len(results))] for k in range(50, 100))
    return (
        f"Joker rummy, {len(data):,} deals of {sum(games for _, games in samples):,} games:\n"
        f"SCALE = {1 / points:.1f}\nDEAL_RESULT_UPPER = {upper}"
    )


#: each game's fit
FITS = {"dummy_rummy": fit_dummy_rummy, "joker_rummy": fit_joker_rummy}


def check(game_id: str, games: int) -> float:
    """The log-loss of the game's estimate at the start of each deal (hand) of ``games`` games from
    seed 0."""
    evaluate = rules.GAMES[game_id].coaching.evaluate
    return log_loss([(evaluate(state, 0), result) for state, result in boundaries(game_id, ((0, games),))])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="games of the fit (default: FIT_SAMPLES's)")
    parser.add_argument("--check", type=int, default=300, help="games of the check (seeds from 0)")
    args = parser.parse_args(argv)
    for game_id, fit in FITS.items():
        start = time.perf_counter()
        print(fit(((FIT_SAMPLES[0][0], args.games),) if args.games else FIT_SAMPLES))
        loss = check(game_id, args.check)
        print(f"The estimate's log-loss at the start of a deal, {args.check} games from seed 0: {loss:.3f}")
        print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
