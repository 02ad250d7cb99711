"""One simulation runner for every game: seeded games on every core, one row per game.

A game supplies only what it measures::

    from rules import durak
    table = simulate(
        functools.partial(durak.new_game, players=4),   # seed -> a fresh game
        [durak.HeuristicPlayer()] * 4,                 # or seed -> players
        durak.measure,                                 # final state -> {name: number}
        games=1000,
    )
    table.mean("actions")

Game ``i`` is dealt with seed ``seed + i`` and its players choose with the same
seed, so the table does not depend on the number of processes. Every row also
holds ``seed``, ``actions`` and ``finished`` (``False`` for a game stopped at its
action bound: some rules, such as Durak's, have no end for cards going round).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules.errors import OptionError
from rules.game import Player, State, playout

__all__ = ["Table", "simulate"]

#: below this many games the runner stays in one process (a pool costs more than it saves)
IN_PROCESS = 200


@dataclass(frozen=True)
class Table:
    """The simulated games, one row (a dict) per game, in seed order."""

    rows: tuple[dict[str, Any], ...]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    @property
    def columns(self) -> list[str]:
        return list(self.rows[0]) if self.rows else []

    def column(self, name: str) -> list:
        """Every game's value of ``name``."""
        if self.rows and name not in self.rows[0]:
            raise KeyError(f"no column {name!r}; columns: {', '.join(self.columns)}")
        return [row[name] for row in self.rows]

    def array(self, name: str):
        """The column as a numpy array (numpy is needed only here)."""
        import numpy as np

        return np.asarray(self.column(name))

    def mean(self, name: str) -> float:
        values = self.column(name)
        return sum(values) / len(values) if values else float("nan")

    def share(self, name: str, value: Any) -> float:
        """The fraction of games whose ``name`` equals ``value``."""
        values = self.column(name)
        return sum(1 for v in values if v == value) / len(values) if values else float("nan")


def _play_games(
    make_state: Callable[[int], State],
    players: Sequence[Player] | Callable[[int], Sequence[Player]],
    measure: Callable[[State], dict],
    seeds: Sequence[int],
    max_actions: int | None,
) -> list[dict]:
    rows = []
    for seed in seeds:
        state = make_state(seed=seed)
        seats = players(seed) if callable(players) else list(players)
        with contextlib.suppress(RuntimeError):  # stopped at the action bound
            playout(state, seats, seed=seed, max_actions=max_actions)
        rows.append({"seed": seed, "actions": len(state.history), "finished": state.is_over(), **measure(state)})
    return rows


def _chunk(args) -> list[dict]:
    return _play_games(*args)


def simulate(
    make_state: Callable[[int], State],
    players: Sequence[Player] | Callable[[int], Sequence[Player]],
    measure: Callable[[State], dict],
    *,
    games: int,
    seed: int = 0,
    processes: int | None = None,
    progress: bool = False,
    max_actions: int | None = None,
) -> Table:
    """Play ``games`` seeded games and return one row per game (see the module's text).

    ``processes``: how many processes share the work (default: every core); the
    three callables must then be picklable (module-level functions, or
    ``functools.partial`` of them). ``progress`` draws a bar on standard error.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise OptionError(
            f"games must be a positive number, not {games!r}", f"число партий должно быть > 0, а не {games!r}"
        )
    seeds = list(range(seed, seed + games))
    workers = processes or os.cpu_count() or 1
    if workers <= 1 or games < IN_PROCESS:
        chunks = [seeds[i : i + 50] for i in range(0, games, 50)]
        parts = (_play_games(make_state, players, measure, c, max_actions) for c in chunks)
        return Table(tuple(_collect(parts, len(chunks), progress)))
    import multiprocessing

    size = max(1, -(-games // (workers * 8)))
    chunks = [(make_state, players, measure, seeds[i : i + size], max_actions) for i in range(0, games, size)]
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers) as pool:
        return Table(tuple(_collect(pool.imap(_chunk, chunks), len(chunks), progress)))


def _collect(parts, total: int, progress: bool) -> list[dict]:
    rows: list[dict] = []
    for done, part in enumerate(parts, 1):
        rows.extend(part)
        if progress:
            bar = "#" * (30 * done // total)
            print(f"\r[{bar:<30}] {len(rows)} games", end="" if done < total else "\n", file=sys.stderr, flush=True)
    return rows
