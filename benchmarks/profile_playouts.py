"""Where the time of a random playout goes: cProfile over the checked front door.

The same playouts as ``bench_peers.py`` (``legal_actions()`` then ``apply``, seeds 0,
1, 2 ...), under cProfile, for one game or all; prints the functions that cost the
most of their own time, then the most cumulative time.

    .venv/bin/python -m benchmarks.profile_playouts durak
    .venv/bin/python -m benchmarks.profile_playouts --games 20 --top 25
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

import rules
from benchmarks.bench_peers import ENGINES, engine_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (all by default)")
    parser.add_argument("--games", type=int, default=10, help="games played per engine")
    parser.add_argument("--top", type=int, default=20, help="lines printed per table")
    args = parser.parse_args()
    for gid, players in ENGINES:
        if args.game and gid not in args.game:
            continue
        play_one = engine_game(gid, players)
        play_one(10_000)  # warm the caches outside the profile
        profile = cProfile.Profile()
        actions = 0
        profile.enable()
        for seed in range(args.games):
            actions += play_one(seed)
        profile.disable()
        print(f"==== {rules.GAMES[gid].info.name_en} ({players} players): {actions} actions")
        stats = pstats.Stats(profile).strip_dirs()
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
