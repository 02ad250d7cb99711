"""Durak speed and the long statistics runs quoted by the chapter.

Target (issue 5): at least 20,000 actions/s in random playouts on one core.

    .venv/bin/python -m benchmarks.bench_durak            # speed, then the statistics
    .venv/bin/python -m benchmarks.bench_durak --speed    # speed only
    .venv/bin/python -m benchmarks.bench_durak --games 20000

Seeds are fixed: speed playouts use game seeds 0..999 (player seed = game seed)
after an untimed warm-up on seeds 1000..1099,
the statistics runs seeds 0..games-1.
"""

from __future__ import annotations

import argparse
import functools
import time

from benchmarks.playout_speed import TARGET, measure
from rules import durak as dk
from rules.game import RandomPlayer
from rules.simulate import simulate

CASES = [
    ("classic, 2 players", 2, {}),
    ("classic, 4 players", 4, {}),
    ("two jokers, 36+2 cards, 6 players", 6, {"variant": "jokers"}),
    ("two jokers, 52+2 cards, 4 players", 4, {"variant": "jokers", "deck": 52}),
]


#: untimed seeds played first, to fill the engine's caches (beat tables per trump card,
#: action objects) as in any long-running process
WARM_UP = range(1000, 1100)


def run(games: int, players: int, bots=None, seed: int = 0, **options) -> dict[str, list]:
    """``games`` single games through the shared runner, as columns (seeds ``seed``.. on every core)."""
    make = functools.partial(dk.new_game, players=players, **options)
    bots = bots or [dk.HeuristicPlayer()] * players
    table = simulate(make, bots, dk.measure, games=games, seed=seed)
    return {name: table.column(name) for name in table.columns}


def statistics(games: int) -> None:
    print(f"\nheuristic players, seeds 0..{games - 1}:")
    for name, players, options in [("classic", 4, {}), ("two jokers", 4, {"variant": "jokers"})]:
        start = time.perf_counter()
        r = run(games, players, **options)
        elapsed = time.perf_counter() - start
        fools = [r["fool"].count(p) / games for p in range(players)]
        draws = r["fool"].count(-1) / games
        stuck = r["fool"].count(-2)
        print(f"  {name}, {players} players ({elapsed:.0f} s):")
        print(
            f"    fool probability by seat: {', '.join(f'{x:.3f}' for x in fools)}; draws {draws:.3f}; "
            f"unfinished after 5000 actions: {stuck}"
        )
        rel = [
            sum(1 for f, a in zip(r["fool"], r["first"], strict=True) if f == (a + k) % players) / games
            for k in range(players)
        ]
        print(f"    fool by seat relative to the first attacker (0 = him): {', '.join(f'{x:.3f}' for x in rel)}")
        print(f"    mean actions {sum(r['actions']) / games:.1f}, mean bouts {sum(r['bouts']) / games:.1f}")
        if options:
            held = [(f, t) for f, t in zip(r["fool"], r["top_joker"], strict=True) if t >= 0]
            fool_holder = sum(1 for f, t in held if f == t) / len(held)
            base = sum(1 for f in r["fool"] if f >= 0) / games / players
            print(
                f"    top joker dealt in {len(held)} games: its holder is the fool in {fool_holder:.3f} "
                f"(any seat: {base:.3f})"
            )
    start = time.perf_counter()
    bots = [dk.HeuristicPlayer(), RandomPlayer()]
    r1 = run(games // 2, 2, bots=bots)
    r2 = run(games // 2, 2, bots=bots[::-1], seed=games // 2)
    h_fool = r1["fool"].count(0) + r2["fool"].count(1)
    r_fool = r1["fool"].count(1) + r2["fool"].count(0)
    print(
        f"  heuristic vs random, 2 players, seats swapped half way ({time.perf_counter() - start:.0f} s): "
        f"heuristic is the fool in {h_fool / games:.3f}, random in {r_fool / games:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", action="store_true", help="only the playout speed")
    parser.add_argument("--games", type=int, default=20_000, help="games per statistics run")
    args = parser.parse_args()
    print(f"random playouts, seeds 0..999, one core, per CPU second (target {TARGET:,} actions/s):")
    for name, players, options in CASES:
        print(f"  {name}: {measure(dk.new_game, players, range(1000), warm_up=WARM_UP, **options).line()}")
    if not args.speed:
        statistics(args.games)


if __name__ == "__main__":
    main()
