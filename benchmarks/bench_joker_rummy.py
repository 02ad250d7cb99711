"""Joker rummy: random playouts through ``apply`` on one core, the heuristic against random
players, and the simulated statistics the chapter quotes (large runs on every core).

    .venv/bin/python -m benchmarks.bench_joker_rummy --speed      # only the playout speed
    .venv/bin/python -m benchmarks.bench_joker_rummy              # speed, bots, statistics
    .venv/bin/python -m benchmarks.bench_joker_rummy --deals 20000

Target (issue 12): 30,000 actions/s on one core. Every playout goes through the checked
front door ``State.apply`` (each action is looked up among ``legal_actions()``), not the
fast path. Seeds are fixed: playouts use game seeds 0..N-1, the statistics seeds 0..deals-1.
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections import Counter

from rules import joker_rummy as jr
from rules.game import RandomPlayer
from rules.simulate import simulate

TARGET = 30_000


def random_playouts_through_apply(players: int, seeds: range, **options) -> tuple[float, float, float]:
    """(actions per CPU second, games per CPU second, actions per game)."""
    actions = 0
    cpu = time.process_time()
    for seed in seeds:
        state = jr.new_game(players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        actions += len(state.history)
    cpu = time.process_time() - cpu
    return actions / cpu, len(seeds) / cpu, actions / len(seeds)


def speed() -> None:
    for players, games in ((2, 40), (4, 20), (8, 6)):
        decks = "3 decks" if players >= 8 else "2 decks"
        rate, per_s, length = random_playouts_through_apply(players, range(games))
        flag = "ok" if rate >= TARGET else "BELOW TARGET"
        print(
            f"  {players} players ({decks}), full match of {players} deals: {rate:,.0f} actions/s, "
            f"{per_s:,.2f} matches/s, {length:,.0f} actions/match [{flag}]"
        )


def _heuristic_in_seat_0(players: int, seed: int):
    return [jr.HeuristicPlayer(), *[RandomPlayer()] * (players - 1)]


def bots(deals: int) -> None:
    for players in (2, 4):
        table = simulate(
            functools.partial(jr.new_game, players=players, deals=1),
            functools.partial(_heuristic_in_seat_0, players),
            jr.measure,
            games=deals,
        )
        mine = table.column("score0")
        others = [row[f"score{p}"] for row in table for p in range(1, players)]
        won = sum(row["score0"] <= min(row[f"score{p}"] for p in range(players)) for row in table)
        print(
            f"  heuristic (seat 1) against {players - 1} random: mean deal score {sum(mine) / len(mine):+.1f} "
            f"against {sum(others) / len(others):+.1f}; lowest score in {won / len(table):.1%} of {len(table):,} deals"
        )


def statistics(deals: int, players: int) -> None:
    table = simulate(
        functools.partial(jr.new_game, players=players, deals=1),
        [jr.HeuristicPlayer()] * players,
        jr.measure,
        games=deals,
    )
    first = Counter(table.column("first_opening"))
    shown = ", ".join(f"round {r}: {first[r] / len(table):.1%}" for r in sorted(first) if r)
    print(
        f"  {players} heuristic players, {len(table):,} deals: first opening {shown}; none: {first[0] / len(table):.1%}"
    )
    print(f"  somebody went out in {sum(table.column('went_out')) / len(table):.1%}; rounds {table.mean('rounds'):.1f}")
    by_jokers: dict[int, list[int]] = {}
    for row in table:
        for p in range(players):
            by_jokers.setdefault(row[f"jokers{p}"], []).append(row[f"score{p}"])
    for j in sorted(by_jokers):
        scores = by_jokers[j]
        print(f"  dealt {j} joker(s): mean deal score {sum(scores) / len(scores):+.1f} ({len(scores):,} hands)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="only the playout speed")
    parser.add_argument("--deals", type=int, default=4000, help="deals for the bots and the statistics")
    args = parser.parse_args()
    print("random playouts through apply, one core, seeds 0..N-1:")
    speed()
    if args.speed:
        return
    start = time.perf_counter()
    print("heuristic against random players, one deal each, every core:")
    bots(args.deals // 4)
    print("statistics, heuristic players, one deal each, every core:")
    statistics(args.deals, 4)
    print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
