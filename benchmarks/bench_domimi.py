"""DoMiMi speed: random playouts and the worst-case latency of ``turn_options``.

Target (issue 3): at least 20,000 actions/s in random playouts on one core, and
``turn_options`` well under 20 ms with three decks, five revealed cards and a full field.

    .venv/bin/python -m benchmarks.bench_domimi            # speed, then the bot match
    .venv/bin/python -m benchmarks.bench_domimi --speed    # speed only
    .venv/bin/python -m benchmarks.bench_domimi --games 200

Seeds are fixed: speed playouts use game seeds 0..games-1 (player seed = game seed).
Random players almost never finish a game of DoMiMi (they give pictures back to the
field), so random playouts run to the engine's round limit (default 200 rounds);
the figures are per action and per game of that length.

CPU time of this process is the figure for "one core"; the wall clock is printed too
(on a shared machine it also counts time other processes held the core). Each figure is
the best of ``--repeat`` runs (as ``timeit`` does): on a busy machine the other runs
measure the neighbours as much as the engine.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

from benchmarks.playout_speed import TARGET, measure
from rules import domimi
from rules.game import RandomPlayer
from rules.simulate import simulate

#: hands for the latency of turn_options on a full field of three decks
HANDS = [
    "10♠ 9♠ 8♠ 7♠ 6♠",
    "10♠ 9♠ 10♥ 9♥ 8♦",
    "10♠ 9♣ 8♥ 7♦ 6♠",
    "10♠ 10♣ 10♥ 10♦ 9♠",
    "A♠ 2♠ 3♠ 4♠ 5♠",
    "K♠ Q♥ J♦ RJ 10♣",
    "10♠ 10♥ 5♦ 4♣ 3♠",
]


def bench_turn_options() -> list[tuple[str, float, int, float]]:
    """Per hand: seconds for turn_options (cold caches), its number of options, and the
    seconds to read every suit's own options and all cross and buying options."""
    field = domimi.full_field(3)
    rows = []
    for hand in HANDS:
        domimi.clear_caches()
        start = time.process_time()
        options = domimi.turn_options(hand, field, stage=2)
        answer = time.process_time() - start
        start = time.process_time()
        n_read = sum(len(s) for s in options.suit_choices) + len(options.others)
        read = time.process_time() - start
        rows.append((hand, answer, len(options), read, n_read))
    return rows


def bench_explorer() -> list[tuple[str, int, float, int]]:
    """The explorer's whole answer (rules.domimi.explore: checks, options, groups) on the
    largest field its page offers (four decks), per hand: decks, seconds, options."""
    rows = []
    for hand in HANDS:
        domimi.clear_caches()
        start = time.process_time()
        found = domimi.explore(hand, decks=4)
        rows.append((hand, 4, time.process_time() - start, len(found.options)))
    return rows


def _swapped(a, b, seed: int) -> list:
    """``a`` in seat 1 on even seeds, in seat 2 on odd ones."""
    return [a, b] if seed % 2 == 0 else [b, a]


def bot_match(games: int) -> None:
    print(f"\nbots, two players, game seeds 0..{games - 1} (seats swapped on odd seeds):")
    for a, b in [(domimi.GreedyPlayer(), RandomPlayer()), (domimi.BuilderPlayer(), domimi.GreedyPlayer())]:
        table = simulate(partial(domimi.new_game, players=2), partial(_swapped, a, b), domimi.measure, games=games)
        wins = sum(row["places"][row["seed"] % 2] == 1 for row in table)
        print(f"  {a.name} against {b.name}: {a.name} first (or shared first) in {wins}/{games} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="random playouts per player count")
    parser.add_argument("--bot-games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is printed")
    parser.add_argument("--speed", action="store_true", help="speed only")
    args = parser.parse_args()
    print(
        f"random playouts (rules.game.playout, RandomPlayer), seeds 0..{args.games - 1}, target {TARGET:,} actions/s:"
    )
    for players in (2, 4, 6):
        runs = [measure(domimi.new_game, players, range(args.games)) for _ in range(args.repeat)]
        best = max(runs, key=lambda speed: speed.actions_per_s)
        print(f"  {players} players ({domimi.setup_plan(players)[0]} deck(s)): {best.line()}")
    print("\nturn_options, full field of three decks (162 cards), stage 2, caches cleared:")
    runs = [bench_turn_options() for _ in range(args.repeat)]
    best = [min(rows, key=lambda row: row[1]) for rows in zip(*runs, strict=True)]
    for hand, answer, n, read, n_read in best:
        print(
            f"  {hand:22} answers in {answer * 1000:6.2f} ms: {n:>9,} options; "
            f"{n_read} per-suit/cross/buy read in {read * 1000:6.2f} ms"
        )
    print("\nthe explorer's answer (explore: checks, options, groups of at most 100), four decks, caches cleared:")
    for hand, _decks, seconds, n in bench_explorer():
        print(f"  {hand:22} {seconds * 1000:7.1f} ms: {n:>9,} options")
    if not args.speed:
        bot_match(args.bot_games)


if __name__ == "__main__":
    main()
