"""Where a table's bots think: the quick ones in a thread, the strong one (the coach) in a process.

A bot's choice is :func:`think`: the bot, the seat's view, its legal moves and a seeded
generator in; the move and the bot as it stands after choosing (the coach remembers what
its seat saw) out. The quick bots (easy, medium) think in a thread of the server. The
coach thinks in a pool of worker processes (:func:`coach_pool`), each its own
interpreter: however long it thinks, the server's loop keeps answering every socket,
and the pool's size bounds how much of the machine the class's strong bots take
(:func:`coach_workers`: half the cores, at least one; eight tables of strong bots
queue for it rather than take every core away from the class's apps).

This module imports only the rules engine, so a worker process starts quickly.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import random
import threading
from collections.abc import Sequence

from rules.game import Action, Player

__all__ = ["coach_pool", "coach_workers", "think"]


def think(bot: Player, view: dict, actions: Sequence[Action], rng: random.Random) -> tuple[Action, Player]:
    """The move ``bot`` chooses from ``view`` among ``actions``, and the bot after choosing."""
    return bot.choose(view, actions, rng), bot


def coach_workers() -> int:
    """How many strong bots think at once: half the machine's cores, at least one."""
    return max(1, (os.cpu_count() or 2) // 2)


def _ready() -> None:
    """A worker's start: the games imported once, before the first move is asked for; and a watch on the
    server, so that a worker whose server was killed (``kill -9``: no goodbye) ends too."""
    import rules
    import rules.coach  # noqa: F401

    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), daemon=True, name="server-watch").start()


def _end_with(parent) -> None:
    parent.join()  # returns when the server's process has ended, however it ended
    os._exit(0)


def coach_pool(workers: int | None = None) -> concurrent.futures.ProcessPoolExecutor:
    """A pool of ``workers`` processes for the strong bots (default :func:`coach_workers`).

    The processes are spawned afresh (not forked from a server that holds threads, sockets
    and a database), each when first needed.
    """
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=workers or coach_workers(), mp_context=multiprocessing.get_context("spawn"), initializer=_ready
    )
