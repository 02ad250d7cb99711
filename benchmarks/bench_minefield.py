"""Minefield speed: random playouts on one core, and the shared statistics runner on every core.

Target (issue 6): 100,000 simulated games in under three minutes on a 2-core machine.

    .venv/bin/python -m benchmarks.bench_minefield             # the full 100,000 games
    .venv/bin/python -m benchmarks.bench_minefield --games 20000
    .venv/bin/python -m benchmarks.bench_minefield --by-players 20000   # the figures the statistics page quotes

Seeds are fixed: playouts use game seeds 0..1999, the runner seeds 0..games-1.
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import time

from benchmarks.playout_speed import measure
from rules import minefield as mf
from rules.game import RandomPlayer
from rules.simulate import simulate

TARGET_SECONDS = 180
TARGET_GAMES = 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=TARGET_GAMES, help="games for the statistics runner")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--by-players", type=int, default=0, metavar="GAMES", help="also GAMES games for each of 2..7 players"
    )
    parser.add_argument("--speed", action="store_true", help="only the playout speed")
    args = parser.parse_args()

    print(f"playout, one core, {args.players} players, seeds 0..1999:")
    print(f"  {measure(mf.new_game, args.players, range(2000)).line()}")
    if args.speed:
        return

    cores = os.cpu_count() or 1
    start, cpu = time.perf_counter(), _cpu()
    table = run(args.games, args.players)
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    scores = mf.score_table(table, args.players)
    print(
        f"statistics runner, {cores} cores, {args.games:,} games of {args.players} players, seeds 0..{args.games - 1}:"
    )
    print(f"  {elapsed:.1f} s   {args.games / elapsed:,.0f} games/s   {table.mean('actions'):.2f} moves per game")
    print(f"  CPU time of all processes: {cpu:.1f} s (on a busy machine the wall clock also counts others' turns)")
    projected = TARGET_GAMES / (args.games / elapsed)
    verdict = "meets" if projected < TARGET_SECONDS else "MISSES"
    print(f"  {TARGET_GAMES:,} games take {projected:.0f} s here: {verdict} the target of {TARGET_SECONDS} s")
    print(f"  mean score per seat: {', '.join(f'{x:.3f}' for x in scores.mean(axis=0))}")
    print(f"  jackpot won in {100 * (table.array('jackpot_winner') >= 0).mean():.2f}% of games")
    if args.by_players:
        by_players(args.by_players)


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def run(games: int, players: int):
    """``games`` random games of ``players`` through the shared runner (seeds 0..games-1, every core)."""
    make = functools.partial(mf.new_game, players=players)
    return simulate(make, [RandomPlayer()] * players, mf.measure, games=games, seed=0)


def by_players(games: int) -> None:
    """Win share by seat, mean score and jackpot frequency for 2..7 players (seeds 0..games-1)."""
    print(f"by number of players, {games:,} games each, seeds 0..{games - 1}:")
    for n in range(2, 8):
        table = run(games, n)
        scores = mf.score_table(table, n)
        share = mf.wins(scores).mean(axis=0)
        seats = " ".join(f"{x:.3f}" for x in share)
        print(
            f"  {n} players: mean score {scores.mean():+.3f}; win share by seat {seats} (fair {1 / n:.3f}); "
            f"jackpot won in {100 * (table.array('jackpot_winner') >= 0).mean():.2f}% of games"
        )


if __name__ == "__main__":
    main()
