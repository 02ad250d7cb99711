"""A class playing together: how long a move takes to reach the other players of its table.

The class together (``python -m classserver.together.service``) is started on a loopback port, and
30 students (each its own device: its own address 127.0.0.x, its own cookie and socket) join
the class by name and sit at 8 tables of Durak (classic and two-joker, 4 or 3 players); every
device plays its moves after a short pause (0.2 to 1 s, seeded: faster than a class thinks).
A move's time is from the moment its device sends it to the moment each other device of the
table has the table at the new step; the figures are over every (move, other device) pair.
When a game ends its table is opened again, so the class plays for the whole run.

    .venv/bin/python -m benchmarks.bench_together                 # 30 students, 8 tables, 60 s
    .venv/bin/python -m benchmarks.bench_together --students 40 --tables 10 --seconds 120
    .venv/bin/python -m benchmarks.bench_together --faults        # a lesson with faults (below)
    .venv/bin/python -m benchmarks.bench_together --strong-bots   # and a strong bot at every table

``--strong-bots``: every table has one seat more, taken by a strong bot (the coach) once the
students sit (every table then plays Durak with two jokers, which seats five); the coach
thinks in the server's worker processes (half the cores), so the figures say whether the
tables' moves still reach their players in time while eight coaches think.

``--faults`` is a lesson as it goes wrong: one more device floods the first table with junk, and
30 s in the server is killed (SIGKILL, no goodbye) and started again on the same class folder.
Each device reconnects as a table's page does (every half second until the server answers) and
must be back at its seat, at the step its table had, within 10 s of the restart; no table may be
lost. The moves' figures leave out the moves sent between the kill and the last device's return.
The server runs with the `make serve` defaults (a page may send 8 requests a second).

Traffic stays within 127.0.0.0/8; the run is bounded in time and in moves. The target is a
p95 of 200 ms or less on the project's 2-core machine; the load average is printed beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from classserver.serve_apps import free_port
from classserver.together.web import SOCKET_RATE
from tests.support.together_client import TableClient, running

ROOT = Path(__file__).resolve().parents[1]

#: the tables' games, in turn: Durak classic and with two jokers
VARIANTS = ({"variant": "classic"}, {"variant": "jokers"})
TARGET_MS = 200


def seats(students: int, tables: int) -> list[int]:
    """Players at each table: ``students`` shared as evenly as the tables allow (2 to 6 at Durak)."""
    base, extra = divmod(students, tables)
    counts = [base + (i < extra) for i in range(tables)]
    if min(counts) < 2 or max(counts) > 6:
        raise SystemExit(f"{students} students at {tables} tables: Durak seats 2 to 6 at a table")
    return counts


class Lesson:
    """The devices, their tables, and every move's time to each other device of its table."""

    def __init__(
        self, root: str, counts: list[int], seed: int, deadline: float, max_moves: int, strong_bots: bool = False
    ):
        self.root, self.counts, self.seed = root, counts, seed
        self.strong_bots = strong_bots
        self.deadline, self.max_moves = deadline, max_moves
        self.delays: list[float] = []  # seconds, one per (move, other device)
        self.moves = self.refused = self.games = 0
        self.devices: list[TableClient] = []
        self.flooded = 0  # junk requests the flooding device sent (--flood)
        #: the server's restart (--faults): when it was killed, when it answered again, the tables' steps
        #: before the kill, and each device's time back at its seat after the restart
        self.killed_at = self.restarted_at = None
        self.back_at: list[float] = []
        self.steps_before: dict[str, int] = {}
        self.steps_after: dict[str, int] = {}
        self.outage = asyncio.Event()  # set while the server is down
        self.outage_over = asyncio.Event()
        self.outage_over.set()
        self.seats: dict[TableClient, int] = {}

    async def seat_table(self, index: int, first_address: int) -> list[TableClient]:
        """One table's devices, named, seated by code (the first opens it)."""
        devices = []
        for i in range(self.counts[index]):
            source = f"127.0.0.{first_address + i}"
            device = TableClient(self.root, lang=("ru", "en")[i % 2], source=source)
            response = await device.join_class(f"Student {first_address + i - 10}")
            if response.status_code != 303:
                raise RuntimeError(f"{source} could not join the class: HTTP {response.status_code}")
            devices.append(device)
        self.devices += devices
        await self.open_and_sit(index, devices, self.seed + index)
        return devices

    async def open_and_sit(self, index: int, devices: list[TableClient], seed: int) -> None:
        # a strong bot's extra seat: five at a table, which the two-joker game seats (classic: 2 to 4)
        options = {"variant": "jokers"} if self.strong_bots else VARIANTS[index % len(VARIANTS)]
        bots = {"strength": "strong"} if self.strong_bots else {}
        code = await devices[0].open_table("durak", len(devices) + self.strong_bots, {**options, **bots}, seed=seed)
        await devices[0].disconnect()
        await devices[0].connect(code)
        for seat, device in enumerate(devices[1:], 1):
            await device.join(code)
            await device.disconnect()
            await device.connect(code)
            taken = await device.sit(seat)
            if taken.get("t") != "table":
                raise RuntimeError(f"table {code}: seat {seat} refused: {taken}")
        if self.strong_bots:  # the last seat to a strong bot, once everyone sits
            filled = await devices[0].answer({"t": "bots"})
            if filled.get("t") != "table" or filled["seats"][-1]["strength"] != "strong":
                raise RuntimeError(f"table {code}: no strong bot: {filled}")
        self.seats.update({device: seat for seat, device in enumerate(devices)})

    async def back_to_seat(self, device: TableClient) -> None:
        """As a table's page does when its socket closes: try again every half second until the server
        answers, then wait for the table as this seat sees it."""
        while True:
            with contextlib.suppress(Exception):
                await device.disconnect()
            try:
                mark = len(device.messages)
                await device.connect()
                await device.wait_for(
                    lambda m: m.get("t") == "table" and m["you"] == self.seats[device], 10, since=mark
                )
                return
            except Exception:
                await asyncio.sleep(0.5)

    async def play(self, index: int, devices: list[TableClient]) -> None:
        """The table's devices play until the run ends, a new game whenever one ends."""
        rng = random.Random(self.seed * 1000 + index)
        game = 0
        while time.monotonic() < self.deadline and self.moves < self.max_moves:
            await self.outage_over.wait()
            tables = [d.table for d in devices]
            step = max(t["step"] for t in tables)
            if any(t["over"] for t in tables):
                self.games += 1
                game += 1
                await self.open_and_sit(index, devices, self.seed + 100 * game + index)
                continue
            movers = [d for d in devices if d.table["step"] == step and d.table["moves"]]
            if not movers:  # a device has not yet seen the last step: wait for it
                await asyncio.gather(*(self.until_step(d, step) for d in devices))
                await asyncio.sleep(0.01)
                continue
            await asyncio.sleep(rng.uniform(0.2, 1.0))  # a person looks, then plays
            await self.outage_over.wait()
            mover = rng.choice(movers)
            label = rng.choice(mover.table["moves"])["label"]
            marks = {d: len(d.messages) for d in devices if d is not mover}
            sent = time.perf_counter()
            try:
                answer = await mover.answer({"t": "move", "label": label, "step": step})
                if answer.get("t") != "table":
                    self.refused += 1  # another seat moved first, or a choice to make: look again
                    continue
                self.moves += 1
                times = []
                for other, mark in marks.items():
                    seen = await other.wait_for(
                        lambda m, s=step: m.get("t") == "table" and m["step"] > s, 30, since=mark
                    )
                    times.append(other.received_at[other.messages.index(seen, mark)] - sent)
            except Exception:  # the server went away mid-move: wait until every device is back
                await self.outage_over.wait()
                continue
            if not self.outage.is_set() and self.outage_over.is_set():
                self.delays += times

    async def flood(self, code: str) -> None:
        """A misbehaving device: junk and forged moves at one table as fast as it can, again when cut off."""
        self.flooded = 0
        device = TableClient(self.root, source="127.0.0.250")
        try:
            while time.monotonic() < self.deadline:
                with contextlib.suppress(Exception):
                    await device.disconnect()
                    await device.connect(code, watch=True)
                    while time.monotonic() < self.deadline and not device.closed:
                        await device.send({"t": "move", "label": "x" * 200, "step": 0})
                        self.flooded += 1
                        await asyncio.sleep(0)
                await asyncio.sleep(0.5)
        finally:
            with contextlib.suppress(Exception):
                await device.aclose()

    async def until_step(self, device: TableClient, step: int) -> None:
        with contextlib.suppress(Exception):
            await device.wait_for(lambda m: m.get("t") == "table" and m["step"] >= step, 30)

    async def kill_and_restart(self, after: float, server) -> None:
        """``after`` seconds into the play: SIGKILL the server, start it again, every device back to its seat."""
        await asyncio.sleep(after)
        self.outage.set()
        self.outage_over.clear()
        self.steps_before = {d.code: d.table["step"] for d in self.devices if d.table}
        self.killed_at = time.monotonic()
        await asyncio.to_thread(server.restart)
        self.restarted_at = time.monotonic()

        async def back(device):
            await self.back_to_seat(device)
            self.back_at.append(time.monotonic() - self.restarted_at)
            self.steps_after[device.code] = device.table["step"]

        await asyncio.gather(*(back(d) for d in self.devices))
        self.outage.clear()
        self.outage_over.set()


class Server:
    """The class together on a port, which can be killed (SIGKILL) and started again on the same folder."""

    def __init__(self, folder: Path, log: Path, args: list[str]):
        self.folder, self.log, self.args = folder, log, args
        self.port = free_port("127.0.0.1")
        self.stack = contextlib.ExitStack()
        self.root, self.process = self.stack.enter_context(self._running())

    def _running(self):
        return running(self.folder / "class", self.log, port=self.port, args=self.args)

    def restart(self) -> None:
        self.process.kill()
        self.process.wait(10)
        self.root, self.process = self.stack.enter_context(self._running())

    def close(self) -> None:
        self.stack.close()


def cpu_seconds(pid: int) -> float:
    """The server process's CPU time so far (user + system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds(pid: int) -> float:
    """The CPU time so far of the server's living child processes (the strong bots' workers)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def lesson(server: Server, args) -> dict:
    counts = seats(args.students, args.tables)
    deadline = time.monotonic() + args.seconds + 120  # the seating is not timed
    run = Lesson(server.root, counts, args.seed, deadline, args.max_moves, args.strong_bots)
    first = [11 + sum(counts[:i]) for i in range(len(counts))]
    started = time.monotonic()
    tables = [await run.seat_table(i, first[i]) for i in range(len(counts))]
    seated = time.monotonic() - started
    run.deadline = time.monotonic() + args.seconds
    cpu_before, wall_before = cpu_seconds(server.process.pid), time.monotonic()
    workers_before = children_cpu_seconds(server.process.pid)
    try:
        flood = [run.flood(tables[0][0].code)] if args.flood else []
        kill = [run.kill_and_restart(args.kill_at, server)] if args.kill_at else []
        await asyncio.gather(*(run.play(i, devices) for i, devices in enumerate(tables)), *flood, *kill)
    finally:
        cpu = cpu_seconds(server.process.pid) - (0 if args.kill_at else cpu_before)
        workers = children_cpu_seconds(server.process.pid) - (0 if args.kill_at else workers_before)
        wall = time.monotonic() - wall_before
        for device in run.devices:
            with contextlib.suppress(Exception):
                await device.aclose()
    return {"run": run, "seated": seated, "cpu": cpu, "wall": wall, "workers": workers}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the class plays (after sitting down)")
    parser.add_argument("--max-moves", type=int, default=20_000, help="the run stops after so many moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flood", action="store_true", help="and one device floods the first table with junk")
    parser.add_argument("--kill-at", type=float, default=0, help="SIGKILL the server so many seconds in, restart it")
    parser.add_argument("--faults", action="store_true", help="--flood --kill-at 30")
    parser.add_argument("--socket-rate", type=float, default=SOCKET_RATE, help="the server's --socket-rate")
    parser.add_argument("--strong-bots", action="store_true", help="a strong bot (the coach) at every table")
    args = parser.parse_args(argv)
    if args.faults:
        args.flood, args.kill_at = True, args.kill_at or 30.0
    if args.students > 200:
        raise SystemExit("at most 200 students (127.0.0.11 to 127.0.0.210)")
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "server.log"
        server = Server(Path(folder), log, ["--socket-rate", str(args.socket_rate)])
        try:
            load_before = os.getloadavg()
            figures = asyncio.run(lesson(server, args))
            load_after = os.getloadavg()
        finally:
            server.close()
    run, ms = figures["run"], sorted(d * 1000 for d in figures["run"].delays)
    if not ms:
        raise SystemExit("no move was played")
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(
        f"{args.students} students at {args.tables} tables of Durak"
        + (" (and a strong bot at each)" if args.strong_bots else "")
        + f", {figures['wall']:.0f} s of play "
        f"(seated in {figures['seated']:.1f} s), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )
    print(
        f"  moves played: {run.moves} ({run.moves / figures['wall']:.1f}/s), games finished: {run.games}, "
        f"moves refused as stale: {run.refused}"
    )
    print(
        f"  a move seen by the other players of its table (ms, {len(ms)} deliveries): "
        f"median {statistics.median(ms):.1f}, p95 {p95:.1f}, max {ms[-1]:.1f} "
        f"(target p95 <= {TARGET_MS}: {'met' if p95 <= TARGET_MS else 'NOT met'})"
    )
    if args.flood:
        print(f"  meanwhile one device sent the first table {run.flooded} junk requests (cut off, it came back)")
    if args.kill_at:
        lost = sorted(c for c, step in run.steps_before.items() if run.steps_after.get(c, -1) < step)
        back = max(run.back_at) if run.back_at else float("nan")
        print(
            f"  killed (SIGKILL) {args.kill_at:.0f} s in; started again in {run.restarted_at - run.killed_at:.1f} s; "
            f"{len(run.back_at)} of {len(run.devices)} devices back at their seats, the last "
            f"{back:.1f} s after the restart (target 10 s: {'met' if back <= 10 else 'NOT met'}); "
            f"tables lost: {len(lost)} of {len(run.steps_before)}" + (f" ({', '.join(lost)})" if lost else "")
        )
    share = 100 * figures["cpu"] / figures["wall"]
    print(f"  server CPU: {figures['cpu']:.1f} s in {figures['wall']:.0f} s ({share:.0f}% of one core)")
    if figures["workers"]:
        share = 100 * figures["workers"] / figures["wall"]
        print(f"  the strong bots' worker processes: {figures['workers']:.1f} s of CPU ({share:.0f}% of one core)")
    print(
        "  load average (1, 5, 15 min): before {:.2f} {:.2f} {:.2f}, after {:.2f} {:.2f} {:.2f}; {} cores".format(
            *load_before, *load_after, os.cpu_count()
        )
    )


if __name__ == "__main__":
    main()
