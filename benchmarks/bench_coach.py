"""The three strengths of every coached game, against each other, and the coach's playouts per second.

Each pair of strengths (easy, heuristic, strong) plays ``--games`` games of two players
(the stronger in seat 0 in even games, in seat 1 in odd ones: seats alternate); a row
gives the stronger side's share of the games (a win 1, a draw one half, by the game's
own :class:`rules.coach.Coaching` value) with its 95% interval, and the playouts per
second the coach managed while advising. The coach thinks ``--seconds`` a move (0.2 by
default) with no cap on its playouts.

    .venv/bin/python -m benchmarks.bench_coach                     # 200 games a pair
    .venv/bin/python -m benchmarks.bench_coach --games 20 --game durak

Game ``i`` of a pair is dealt with seed ``i``; the players choose with seed ``i`` too.
Run on a quiet machine: the coach's strength follows its playouts, so a busy machine
makes it weaker.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time

import rules
from rules.coach import STRENGTH_NAMES, STRENGTHS, Coach, win_share
from rules.game import play_bots

PAIRS = [("easy", "heuristic"), ("heuristic", "strong"), ("easy", "strong")]


def _player(game, name: str, seconds: float, playouts: int | None):
    if name == "strong":
        return Coach(game.id, seconds=seconds, playouts=playouts)
    return game.players[name]()


def play_pair(game, weak: str, strong: str, games: int, seconds: float, playouts: int | None = None):
    """The stronger side's results game by game, and the coach's (playouts, seconds)."""
    results, spent = [], [0, 0.0]
    value = game.coaching.value if game.coaching is not None else win_share
    for i in range(games):
        state = game.new_game(players=2, seed=i)
        up = i % 2  # the stronger side's seat
        players = {up: _player(game, strong, seconds, playouts), 1 - up: _player(game, weak, seconds, playouts)}
        play_bots(state, players, random.Random(i))
        results.append(value(state, up) if state.is_over() else 0.5)
        for p in players.values():
            if isinstance(p, Coach):
                spent[0] += p.spent[0]
                spent[1] += p.spent[1]
    return results, spent


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--game", action="append", help="a game id (default: every coached game)")
    args = parser.parse_args(argv)
    ids = args.game or [g.id for g in rules.GAMES.values() if set(STRENGTHS) <= set(g.players)]
    print(
        f"load average at the start: {os.getloadavg()[0]:.2f}; coach {args.seconds} s a move; {args.games} games a pair"
    )
    print("| game | pair (weaker v stronger) | stronger's share | 95% interval | coach playouts/s |")
    print("| --- | --- | --- | --- | --- |")
    for game_id in ids:
        game = rules.GAMES[game_id]
        for weak, strong in PAIRS:
            start = time.perf_counter()
            results, (n, secs) = play_pair(game, weak, strong, args.games, args.seconds)
            share = sum(results) / len(results)
            sd = math.sqrt(sum((r - share) ** 2 for r in results) / max(len(results) - 1, 1))
            half = 1.96 * sd / math.sqrt(len(results))
            rate = f"{n / secs:,.0f}" if secs else "-"
            names = f"{STRENGTH_NAMES[weak]('en')} v {STRENGTH_NAMES[strong]('en')}"
            print(
                f"| {game.name('en')} | {names} | {100 * share:.1f}% | {100 * max(share - half, 0):.1f} to "
                f"{100 * min(share + half, 1):.1f}% | {rate} |  ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
