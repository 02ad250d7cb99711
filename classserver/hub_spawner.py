"""JupyterHub's spawner for a class: students' servers start in line, on ports checked, and say so.

A class logs in within the same minute. Servers started all at once on a small machine
share its cores and all arrive late; JupyterHub's ``concurrent_spawn_limit`` turns the
others away with an error page. Here every student is taken: a few servers start at once
(``starting_at_once``), the rest wait in line, and each student's "starting" page says,
in both languages, how many are ahead of them (the spawner's progress events).

No student is lost to a port: each server gets a port that nobody listens on (checked
when it is handed out, never one handed to another running server, from ``port_range``
if one is given), the server listens there or stops at once (``classserver.serve_apps``
never moves to another port), and the spawner waits until the server's own process
listens on that port before telling the hub where it is: a port another program took
meanwhile makes the spawner start the server again on another port, a few times.

Configured by ``deploy/jupyterhub/jupyterhub_config.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from typing import ClassVar

import psutil
from jupyterhub.spawner import SimpleLocalProcessSpawner
from jupyterhub.utils import random_port
from traitlets import Int, Unicode

from rules.lang import count

from .serve_apps import PORT_TAKEN, port_taken

#: how often the spawner looks whether the server listens yet (seconds)
LOOK_EVERY = 0.2
STUDENTS = ("student", "students"), ("ученик", "ученика", "учеников")


def both(en: str, ru: str) -> str:
    """A progress line in both languages, as every page of the hub speaks."""
    return f"{en} · {ru}"


class ServerDidNotStart(RuntimeError):
    """The student's server stopped before it listened, or found no free port."""


class ClassSpawner(SimpleLocalProcessSpawner):
    starting_at_once = Int(
        2, config=True, help="Servers starting at the same time; the others wait in line (about one per core)."
    )
    port_range = Unicode(
        "", config=True, help="The ports handed to servers, as 'first-last' (empty: any free port of the system)."
    )
    port_tries = Int(5, config=True, help="Ports tried for one start before it fails.")
    listen_timeout = Int(
        180,
        config=True,
        help="Seconds a server may take to listen once its turn came (the hub's start_timeout also counts the line).",
    )

    #: spawners waiting for their turn, first come first served, and those starting now
    _line: ClassVar[list[ClassSpawner]] = []
    _starting: ClassVar[set[ClassSpawner]] = set()
    _moved: ClassVar[asyncio.Condition | None] = None
    #: port -> the spawner it was handed to
    _ports: ClassVar[dict[int, ClassSpawner]] = {}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._events: list[dict] = []
        self._new_event = asyncio.Event()

    # the student's "starting" page -------------------------------------------------------------

    def _tell(self, progress: int, en: str, ru: str) -> None:
        self._events.append({"progress": progress, "message": both(en, ru)})
        self._new_event.set()

    async def _generate_progress(self) -> AsyncIterator[dict]:
        """What the hub's "starting" page shows, from the request on (JupyterHub's own first line,
        "Server requested", is English only)."""
        if not self._spawn_pending:
            return
        yield {"progress": 0, "message": both("Your apps were asked for", "Приложения запрошены")}
        async with contextlib.aclosing(self.progress()) as events:
            async for event in events:
                yield event

    async def progress(self) -> AsyncIterator[dict]:
        """Every event of this start, the past ones first (a page reloaded sees them all), until the
        hub stops asking (the server is up, or did not start)."""
        sent = 0
        while True:
            while sent < len(self._events):
                yield self._events[sent]
                sent += 1
            self._new_event.clear()
            with contextlib.suppress(TimeoutError):  # another page of the same start may have cleared it
                await asyncio.wait_for(self._new_event.wait(), 1)

    # the line ------------------------------------------------------------------------------------

    @classmethod
    def _condition(cls) -> asyncio.Condition:
        if cls._moved is None:
            cls._moved = asyncio.Condition()
        return cls._moved

    def _ahead(self) -> int | None:
        """Students ahead of this one who must start first; None when it is this one's turn."""
        position = ClassSpawner._line.index(self)
        free = self.starting_at_once - len(ClassSpawner._starting)
        return None if position < free else position - max(0, free)

    async def _wait_turn(self) -> None:
        cls = ClassSpawner
        moved = self._condition()
        cls._line.append(self)
        said = -1
        try:
            async with moved:
                while (ahead := self._ahead()) is not None:
                    if ahead != said:
                        self._tell(
                            10,
                            f"Waiting in line: {count(ahead + 1, 'en', *STUDENTS)} ahead of you",
                            f"Ожидание в очереди: перед вами {count(ahead + 1, 'ru', *STUDENTS)}",
                        )
                        said = ahead
                    await moved.wait()
        finally:
            cls._line.remove(self)
        cls._starting.add(self)

    async def _leave_turn(self) -> None:
        ClassSpawner._starting.discard(self)
        moved = self._condition()
        async with moved:
            moved.notify_all()

    # ports -----------------------------------------------------------------------------------------

    def _held_by_another(self, port: int) -> bool:
        holder = ClassSpawner._ports.get(port)
        return holder is not None and holder is not self and bool(holder.pid) and holder.proc is not None

    def _free_port(self, tried: set[int]) -> int:
        """A port nobody listens on, not handed to another running server, not tried already."""
        ip = self.ip or "127.0.0.1"
        if self.port_range:
            first, last = (int(p) for p in self.port_range.split("-"))
            candidates = list(range(first, last + 1))
            random.shuffle(candidates)  # servers of different hubs in one range rarely meet
        else:
            candidates = (random_port() for _ in range(50))
        for port in candidates:
            if port not in tried and not self._held_by_another(port) and not port_taken(ip, port):
                ClassSpawner._ports[port] = self
                return port
        raise ServerDidNotStart(
            both(
                f"No free port for the apps' server (ports {self.port_range or 'of the system'})",
                f"Нет свободного порта для сервера приложений (порты {self.port_range or 'системы'})",
            )
        )

    def _listening(self, port: int) -> bool:
        """Whether the server's own process listens on ``port`` (not some other program)."""
        try:
            connections = psutil.Process(self.pid).net_connections(kind="tcp")
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return False
        return any(c.status == psutil.CONN_LISTEN and c.laddr.port == port for c in connections)

    async def _until_listening(self, port: int) -> str:
        """ "up" once the server listens on ``port``, "taken" if it stopped because the port was
        taken, "stopped" if it stopped for another reason, "slow" past the start timeout."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.listen_timeout
        while loop.time() < deadline:
            status = self.proc.poll()
            if status is not None:
                with contextlib.suppress(Exception):
                    self.proc.wait(1)
                self.clear_state()
                taken = status == PORT_TAKEN or port_taken(self.ip or "127.0.0.1", port)
                return "taken" if taken else "stopped"
            if self._listening(port):
                return "up"
            await asyncio.sleep(LOOK_EVERY)
        return "slow"

    # starting and stopping -------------------------------------------------------------------

    async def start(self):
        self._events = []
        try:
            await self._wait_turn()
            self._tell(30, "Starting your apps", "Запускаем ваши приложения")
            tried: set[int] = set()
            for _ in range(self.port_tries):
                self.port = self._free_port(tried)
                tried.add(self.port)
                address = await super().start()
                outcome = await self._until_listening(self.port)
                if outcome == "up":
                    self._tell(80, "Your apps are up; opening them", "Приложения запущены, открываем их")
                    return address
                if outcome == "slow":
                    await super().stop(now=True)
                    raise ServerDidNotStart(
                        both(
                            f"The apps' server did not start within {self.listen_timeout} s (the machine is busy)",
                            f"Сервер приложений не запустился за {self.listen_timeout} с (компьютер перегружен)",
                        )
                    )
                if outcome == "stopped":
                    raise ServerDidNotStart(
                        both(
                            "The apps' server stopped as it started (the hub's log says why)",
                            "Сервер приложений остановился при запуске (причина в журнале сервера)",
                        )
                    )
                self.log.warning(
                    "Port %d was taken before %s's server listened: trying another", self.port, self.user.name
                )
                self._tell(40, f"Port {self.port} was taken; trying another", f"Порт {self.port} занят, пробуем другой")
            raise ServerDidNotStart(
                both(
                    f"Every port tried was taken ({', '.join(map(str, sorted(tried)))})",
                    f"Все опробованные порты заняты ({', '.join(map(str, sorted(tried)))})",
                )
            )
        finally:
            await self._leave_turn()

    async def stop(self, now=False):
        await super().stop(now=now)
        if ClassSpawner._ports.get(self.port) is self:
            del ClassSpawner._ports[self.port]
