"""One digest of every legal-action list along seeded random playouts: a speed change
must leave it as it was.

For each number of players (2 up to 4, as the game allows) and seeds 0, 1, ... the
game is played at random (the same choices as ``bench_peers.py``); the repr of every
``legal_actions()`` list and the end of each game are hashed. Run it in two checkouts
and compare the lines:

    .venv/bin/python -m benchmarks.playout_digest domimi joker_rummy --seeds 40
"""

from __future__ import annotations

import argparse
import hashlib
import random

import rules
from benchmarks.bench_peers import random_playout
from rules.errors import OptionError


def digest(game, seeds: int) -> tuple[int, str]:
    """(positions seen, sha256 prefix) over the playouts of one game."""
    h = hashlib.sha256()
    positions = 0

    def look(actions: list) -> None:
        nonlocal positions
        h.update(repr(actions).encode())
        positions += 1

    for players in range(2, min(4, game.info.max_players) + 1):
        try:
            game.new_game(players=players)
        except OptionError:  # a number of players the game does not allow (Domino: 2, 4 or 6)
            continue
        for seed in range(seeds):
            state = game.new_game(players=players, seed=seed)
            random_playout(state, random.Random(seed), look)
            h.update(repr(state.is_over()).encode())
    return positions, h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", help="game ids (all by default)")
    parser.add_argument("--seeds", type=int, default=20, help="games per number of players")
    args = parser.parse_args()
    for gid, game in rules.GAMES.items():
        if args.game and gid not in args.game:
            continue
        positions, hexdigest = digest(game, args.seeds)
        print(f"{gid:<12} {positions:>8} positions  {hexdigest}")


if __name__ == "__main__":
    main()
