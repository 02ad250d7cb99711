"""The class together's bots off the server's loop: the strong one (the coach) thinks in a process of
its own while the loop answers everyone else, and a choice that comes too late is dropped."""

from __future__ import annotations

import asyncio
import logging

import rules
from classserver.together.tables import Table
from classserver.together.web import Together
from rules.coach import Coach
from tests.classroom_server import run


async def _until(test, seconds: float = 120.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if test():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not in time")


def _bots_turn(table: Table) -> None:
    """Play the person's moves until a bot with several moves to weigh is to move."""
    while True:
        current = table.state.current_player
        moves = [a for a in table.state.legal_actions() if a.player == current]
        if table.seats[current].played_by_bot and len(moves) > 1:
            return
        if table.seats[current].played_by_bot:
            job = table.bot_job()
            table.bot_moves(job, job.choose())
        else:
            table.play(table.seats[current].student, moves[0].label, len(table.state.history))


def _table(together: Together, seed: int) -> Table:
    table = together.open_table("durak", 2, {}, seed=seed, strength="strong")
    table.opener = "ann"
    table.sit("ann", "Ann", 0)
    table.fill_with_bots("ann")
    _bots_turn(table)
    return table


def test_a_strong_bot_thinks_off_the_loop_and_a_table_closed_or_dealt_again_meanwhile_drops_its_choice(
    tmp_path, caplog
):
    caplog.set_level(logging.WARNING, logger="together")

    async def scenario():
        together = Together(tmp_path / "class", bot_pause=0.0, coach_workers=1)
        try:
            # the loop goes round while the coach thinks (the first time its process starts, too)
            table = _table(together, seed=3)
            step = len(table.state.history)
            rounds, made = [], []
            plays = table.bot_moves

            def recorded(job, action, bot=None):
                made.append((job, action, bot))
                return plays(job, action, bot)

            table.bot_moves = recorded

            async def count():
                while True:
                    rounds.append(table.thinking)
                    await asyncio.sleep(0)

            counting = asyncio.ensure_future(count())
            together.changed(table)
            await _until(lambda: len(table.state.history) > step)
            counting.cancel()
            moved = table.state.history[step]
            assert moved.player == 1 and rounds.count(True) > 100, rounds.count(True)
            # the move is the coach's with the table's playouts and the job's seed (its generator went to
            # the worker as a copy); the bot comes back from the worker with what its seat remembers
            job, action, bot = made[0]
            mirror = Coach("durak", seconds=None, playouts=rules.GAMES["durak"].coaching.playouts)
            mirror.memory = job.bot.memory
            assert action == moved == mirror.choose(job.view, job.actions, job.rng)
            assert bot is not job.bot and table.bots[1] is bot and bot.memory == mirror.memory

            # a table closed while its bot thinks: the choice goes nowhere, nothing is kept of the table
            closed = _table(together, seed=4)
            before = len(closed.state.history)
            together.changed(closed)
            await _until(lambda: closed.thinking)
            await asyncio.sleep(0.02)
            together.close_table(closed.code)
            await _until(lambda: not closed.thinking)
            assert len(closed.state.history) == before
            assert closed.code not in together.tables
            assert closed.code not in [code for code, _, _ in together.board.kept_tables()]

            # a new deal while the bot thinks: its choice for the old deal is dropped, the new game goes on
            again = _table(together, seed=5)
            answers = []
            plays = again.bot_moves

            def recorded(job, action, bot=None):
                answers.append((job.deal, plays(job, action, bot)))
                return answers[-1][1]

            again.bot_moves = recorded
            together.changed(again)
            await _until(lambda: again.thinking)
            await asyncio.sleep(0.02)
            again.play_again(None, seed=6, teacher=True)
            together.changed(again)
            await _until(lambda: answers)
            assert answers[0] == (0, False)
            assert again.deal == 1 and all(a.player in (0, 1) for a in again.state.history)
        finally:
            together.stop()

    run(scenario())  # in a thread of its own: a test before it in this process may hold this thread's loop
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
