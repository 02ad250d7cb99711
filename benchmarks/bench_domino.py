"""SKIP-6 Domino speed and the long statistics runs quoted by the chapter.

Target (issue 4): at least 20,000 actions/s in random playouts on one core.

    .venv/bin/python -m benchmarks.bench_domino            # speed, then the statistics
    .venv/bin/python -m benchmarks.bench_domino --speed    # speed only
    .venv/bin/python -m benchmarks.bench_domino --games 20000

Seeds are fixed: speed playouts use game seeds 0..999 (player seed = game seed);
the statistics use game seeds 0..games-1 (the heuristic match: 0..bot_games-1,
with the teams swapped on each seed).
"""

from __future__ import annotations

import argparse
import statistics as stats
import time
from functools import partial

from benchmarks.playout_speed import TARGET, measure
from rules import domino as dm
from rules.game import RandomPlayer
from rules.simulate import simulate

CASES = [
    ("one against one, 36 cards (4 removed)", 2, {}),
    ("two against two, 36 cards", 4, {}),
    ("two against two, 52 cards", 4, {"deck_size": 52}),
    ("three against three, 36 cards", 6, {}),
    ("three against three, 52 cards", 6, {"deck_size": 52}),
    ("two against two, 36 cards, voluntary pass", 4, {"voluntary_pass": True}),
]


def teams(a, b, players: int) -> list:
    """Player ``a`` in every seat of team A, ``b`` in team B (seats A1 A2 .. B1 B2 ..)."""
    return [a] * (players // 2) + [b] * (players // 2)


def columns(table) -> dict[str, list]:
    return {name: table.column(name) for name in table.columns}


def statistics(games: int, bot_games: int) -> None:
    print(f"\nrandom players, game seeds 0..{games - 1}:")
    for name, players, options in CASES:
        randoms = [RandomPlayer()] * players
        r = columns(simulate(partial(dm.new_game, players=players, **options), randoms, dm.measure, games=games))
        sizes = [n for game in r["trick_sizes"] for n in game]
        first_wins = sum(
            (a > b) if f == 0 else (b > a) for a, b, f in zip(r["bank_a"], r["bank_b"], r["first_team"], strict=True)
        )
        first_losses = sum(
            (a < b) if f == 0 else (b < a) for a, b, f in zip(r["bank_a"], r["bank_b"], r["first_team"], strict=True)
        )
        draws = sum(a == b for a, b in zip(r["bank_a"], r["bank_b"], strict=True))
        banked = [a + b for a, b in zip(r["bank_a"], r["bank_b"], strict=True)]
        print(f"  {name}:")
        print(
            f"    trick size mean {stats.mean(sizes):.2f}, median {stats.median(sizes):.0f}, max {max(sizes)}; "
            f"tricks per game {stats.mean(r['tricks']):.1f}; cards banked per game {stats.mean(banked):.1f}"
        )
        print(
            f"    the team that leads first wins {first_wins / games:.3f}, loses {first_losses / games:.3f}, "
            f"draws {draws / games:.3f}"
        )
    print(f"\nheuristic (8 samples) vs random, game seeds 0..{bot_games - 1}, teams swapped on each seed:")
    bot = dm.HeuristicPlayer(samples=8)
    for name, players, options in [CASES[0], CASES[1], CASES[3], CASES[5]]:
        start = time.perf_counter()
        won = lost = 0
        for team, pair in ((0, [bot, RandomPlayer()]), (1, [RandomPlayer(), bot])):
            seats = teams(*pair, players)
            game = partial(dm.new_game, players=players, **options)
            r = columns(simulate(game, seats, dm.measure, games=bot_games, processes=1))
            mine, theirs = (r["bank_a"], r["bank_b"]) if team == 0 else (r["bank_b"], r["bank_a"])
            won += sum(m > t for m, t in zip(mine, theirs, strict=True))
            lost += sum(m < t for m, t in zip(mine, theirs, strict=True))
        n = 2 * bot_games
        print(
            f"  {name}: heuristic team wins {won / n:.3f}, loses {lost / n:.3f} "
            f"({n} games, {time.perf_counter() - start:.0f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="only the speed figures")
    parser.add_argument("--games", type=int, default=10_000, help="games per statistics case")
    parser.add_argument("--bot-games", type=int, default=100, help="seeds per heuristic match (x2 games)")
    args = parser.parse_args()
    print(f"random playouts, game seeds 0..999, one core, per CPU second (target {TARGET:,} actions/s):")
    for name, players, options in CASES:
        print(f"  {name}: {measure(dm.new_game, players, range(1000), **options).line()}")
    if not args.speed:
        statistics(args.games, args.bot_games)


if __name__ == "__main__":
    main()
