"""Random-playout speed, measured the same way for every game.

``rules.game.playout`` with ``RandomPlayer`` in every seat, one game per seed. The
figure for "one core" is per CPU second of this process: on a shared machine the
wall clock also counts the time other processes held the core (it is printed too).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rules.game import RandomPlayer, State, playout

TARGET = 20_000  # actions per second on one core


@dataclass(frozen=True)
class Speed:
    actions_per_s: float
    games_per_s: float
    actions_per_game: float
    wall_actions_per_s: float

    def line(self) -> str:
        flag = "ok" if self.actions_per_s >= TARGET else "BELOW TARGET"
        return (
            f"{self.actions_per_s:,.0f} actions/s, {self.games_per_s:,.1f} games/s, "
            f"{self.actions_per_game:.1f} actions/game [{flag}] (wall clock {self.wall_actions_per_s:,.0f} actions/s)"
        )


def measure(
    new_game: Callable[..., State], players: int, seeds: Iterable[int], *, warm_up: Iterable[int] = (), **options
) -> Speed:
    """Play one random game per seed; ``warm_up`` seeds are played first, untimed (caches)."""
    randoms = [RandomPlayer()] * players
    for seed in warm_up:
        playout(new_game(players=players, seed=seed, **options), randoms, seed=seed)
    seeds = list(seeds)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        actions += len(playout(new_game(players=players, seed=seed, **options), randoms, seed=seed).history)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return Speed(actions / cpu, len(seeds) / cpu, actions / len(seeds), actions / wall)
