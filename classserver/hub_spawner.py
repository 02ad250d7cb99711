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

Each server is forked from the hub's fork server (``fork_server_socket``,
:mod:`classserver.fork_server`), which has imported everything a server imports once for the
whole class: a start then costs a fraction of its CPU. The spawner starts the fork server
itself with the first student, keeps each server's pid, learns from the fork server when it
ends (and why) and stops it by signal as any other. If the fork server is missing, does not
answer or died, the server starts as a separate program instead (the log says so), and a new
fork server is started for the next students.

Configured by ``deploy/jupyterhub/jupyterhub_config.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import struct
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from subprocess import Popen
from typing import ClassVar

import psutil
from jupyterhub.spawner import SimpleLocalProcessSpawner
from jupyterhub.utils import random_port
from traitlets import Float, Instance, Int, Unicode, Union

from rules.lang import count

from .fork_server import MAX_MESSAGE, pack
from .serve_apps import PORT_TAKEN, port_taken

#: how often the spawner looks whether the server listens yet (seconds)
LOOK_EVERY = 0.2
STUDENTS = ("student", "students"), ("ученик", "ученика", "учеников")


def both(en: str, ru: str) -> str:
    """A progress line in both languages, as every page of the hub speaks."""
    return f"{en} · {ru}"


class ServerDidNotStart(RuntimeError):
    """The student's server stopped before it listened, or found no free port."""


class ForkServerUnavailable(RuntimeError):
    """The fork server could not fork this server (missing, not answering, refusing, gone)."""


async def read_message(reader: asyncio.StreamReader) -> dict | None:
    """The fork server's next message (:func:`classserver.fork_server.read_message`); None at the end."""
    try:
        (size,) = struct.unpack("!I", await reader.readexactly(4))
        if size > MAX_MESSAGE:
            return None
        return json.loads(await reader.readexactly(size))
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        return None


class ForkedServer:
    """A student's server forked by the fork server, seen as ``subprocess.Popen`` sees a child
    (what JupyterHub's LocalProcessSpawner uses of it: ``poll``, ``wait``, ``with``).

    Its exit status comes over the fork server's connection. If the fork server dies first,
    the server lives on (adopted by the system) and is polled by its pid, as JupyterHub
    polls a server it did not start itself.
    """

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.pid = pid
        self.returncode: int | None = None
        self._writer = writer
        self._created = None
        with contextlib.suppress(psutil.Error):
            self._created = psutil.Process(pid).create_time()
        self._watch = asyncio.ensure_future(self._until_exit(reader))

    async def _until_exit(self, reader: asyncio.StreamReader) -> None:
        message = await read_message(reader)
        if message is not None and "exit" in message:
            self.returncode = int(message["exit"])
        self.close()

    def _alive(self) -> bool:
        try:
            process = psutil.Process(self.pid)
            return process.create_time() == self._created and process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    def poll(self) -> int | None:
        if self.returncode is None and self._watch.done() and not self._alive():
            self.returncode = 0  # ended after the fork server: its status is lost
        return self.returncode

    def wait(self, timeout: float | None = None) -> int | None:
        """The exit status once known (called only after :meth:`poll` gave it)."""
        return self.poll()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._writer.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class ForkServerProcess:
    """The hub's one fork server: started by the first spawner that needs it, which waits until it
    is ready. If it dies, the start that finds it dead does not wait: that server starts as a
    program, and a new fork server starts for the next students (at most once every
    ``RESTART_EVERY`` seconds: a broken one does not hold every start up)."""

    RESTART_EVERY = 60.0
    process: ClassVar[subprocess.Popen | None] = None
    started_at: ClassVar[float] = -1e9

    @classmethod
    def running(cls) -> bool:
        return cls.process is not None and cls.process.poll() is None

    @classmethod
    def ensure(cls, path: str, env: dict, log) -> None:
        """A fork server running, or else the reason this start cannot wait for one."""
        if cls.running():
            return
        if cls.process is None:  # the hub's first: this start waits until it is ready
            cls._start(path, env, log)
            return
        log.warning("The fork server (pid %d) stopped: %s", cls.process.pid, cls.process.returncode)
        if time.monotonic() - cls.started_at >= cls.RESTART_EVERY:
            cls._start(path, env, log)
            raise ForkServerUnavailable("it stopped; a new one starts for the next students")
        raise ForkServerUnavailable(
            f"it stopped within {cls.RESTART_EVERY:.0f} s of its start; a new one starts after that"
        )

    @classmethod
    def _start(cls, path: str, env: dict, log) -> None:
        cls.started_at = time.monotonic()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # a socket left by a fork server that died
        cls.process = subprocess.Popen(
            [sys.executable, "-m", "classserver.fork_server", "--socket", path, "--parent", str(os.getpid())],
            env=env,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # the hub's ^C is not its
        )
        log.info("Started the fork server of students' servers (pid %d, %s)", cls.process.pid, path)


class ClassSpawner(SimpleLocalProcessSpawner):
    #: the server's process: a program started (Popen) or a child of the fork server
    proc = Union([Instance(Popen), Instance(ForkedServer)], allow_none=True)

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
    fork_server_socket = Unicode(
        "",
        config=True,
        help="The fork server's Unix socket (made 0600): servers are forked from it (empty: each starts as a program).",
    )
    fork_server_timeout = Float(
        90.0, config=True, help="Seconds to wait for the fork server to be ready (it imports what a server imports)."
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
                address = await self._start_process()
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

    async def _start_process(self) -> tuple[str, int]:
        """Fork the server from the fork server, or else start it as a program (and say why)."""
        if self.fork_server_socket and not self.shell_cmd:
            try:
                return await self._start_forked()
            except ForkServerUnavailable as why:
                self.log.warning(
                    "The fork server did not fork %s's server (%s): starting it as a program", self.user.name, why
                )
        return await super().start()

    def _fork_server_env(self) -> dict[str, str]:
        """The fork server's environment: the variables every server keeps, nobody's token."""
        return {name: os.environ[name] for name in self.env_keep if name in os.environ}

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A connection to the fork server, ready to fork (started first if it does not run)."""
        path = self.fork_server_socket
        if len(os.fsencode(path)) > 107:  # sun_path
            raise ForkServerUnavailable(f"its socket's path is too long for a Unix socket: {path}")
        ForkServerProcess.ensure(path, self._fork_server_env(), self.log)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.fork_server_timeout
        while True:  # its socket appears as it starts; it answers once it has imported everything
            try:
                reader, writer = await asyncio.open_unix_connection(path, limit=MAX_MESSAGE)
                writer.write(pack({"ping": True}))
                await writer.drain()
                answer = await asyncio.wait_for(read_message(reader), max(0.1, deadline - loop.time()))
            except (OSError, TimeoutError) as error:
                if not ForkServerProcess.running():
                    raise ForkServerUnavailable("it is not running") from error
                if loop.time() > deadline:
                    raise ForkServerUnavailable(f"not ready within {self.fork_server_timeout:.0f} s") from error
                await asyncio.sleep(LOOK_EVERY)
                continue
            if answer is not None and "ready" in answer:
                return reader, writer
            writer.close()
            raise ForkServerUnavailable(f"it answered {answer}")

    async def _start_forked(self) -> tuple[str, int]:
        if self.port == 0:
            self.port = random_port()
        request = {"argv": [*self.cmd, *self.get_args()], "env": self.get_env(), "cwd": self.home_dir}
        reader, writer = await self._connect()
        try:
            writer.write(pack(request))
            await writer.drain()
            answer = await asyncio.wait_for(read_message(reader), 60)
        except (OSError, TimeoutError) as error:
            writer.close()
            raise ForkServerUnavailable(f"no answer to the request ({type(error).__name__})") from error
        if answer is None or "pid" not in answer:
            writer.close()
            raise ForkServerUnavailable((answer or {}).get("error", "it closed the connection"))
        forked = ForkedServer(int(answer["pid"]), reader, writer)
        try:
            self.pid, self.proc = forked.pid, forked
        except BaseException:  # a server nobody would know of, holding the student's token
            os.kill(forked.pid, signal.SIGKILL)
            raise
        self.log.info("Forked %s's server from the fork server: pid %d", self.user.name, self.pid)
        return (self.ip or "127.0.0.1", self.port)

    async def stop(self, now=False):
        await super().stop(now=now)
        if ClassSpawner._ports.get(self.port) is self:
            del ClassSpawner._ports[self.port]
