"""The hub's fork server: students' servers forked from a process that has already imported them.

    python -m classserver.fork_server --socket hub-data/fork-server.sock

A student's server spends most of its start importing (jupyter_server, Voila, nbconvert, the
hub's login, the rules of every game) and compiling the pages' templates: the same work,
giving the same result, for every student of a class. This process does it once, then
waits on a Unix socket. A spawner connects and asks whether it is ready; it forks, and the
child reads the spawner's request (the student's command line, environment and working
folder, exactly as JupyterHub would start it), answers with its pid and runs the same code
as ``python -m classserver --hub`` (:func:`classserver.serve_apps.main`) without importing
anything again. The connection stays open and carries the child's exit status when it
ends, so the spawner knows the server stopped and why (a port taken,
:data:`classserver.serve_apps.PORT_TAKEN`). This process reaps every child.

What the child does before it runs the student's server, so that it starts as a new
process would: a session of its own (``setsid``: the hub's signals are not forwarded),
the default signal handlers and none blocked, the fork server's socket and connections
closed (nothing of one student's start reaches another's), ``random`` seeded anew
(a forked child starts with its parent's generator: Python reseeds the module's own at a
fork, and it is done here again for any fork; ``secrets`` and ``os.urandom`` ask the
kernel), the student's environment in place of the fork server's, their folder as the
working folder.

What it protects: the socket is created readable and writable by the hub's own user only
(0600, in the hub's data folder), and a peer of another user is refused (``SO_PEERCRED``).
The fork server holds no student's secret: it is started with the spawner's kept
variables only (``Spawner.env_keep``: no token of the hub, the proxy or the class
together), and it never reads a request: each student's token arrives in their own child
alone, so no later child inherits it.
When the hub that started it is gone, it stops listening, and ends once its servers have
(a hub started again finds them by their pids). Turned off by ``RULEBOOK_HUB_FORK=0``
(``deploy/jupyterhub/jupyterhub_config.py``): servers then start as separate programs.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import gc
import json
import os
import random
import selectors
import signal
import socket
import struct
import sys
import threading
from collections.abc import Callable
from pathlib import Path

#: the name the fork server and its children show (``ps -o comm``, ``top``): the kernel keeps 15 bytes
FORK_SERVER_NAME = "rb-fork-server"
SERVER_NAME = "rb-server"
#: a request longer than this is refused (a command line and an environment take a few KB)
MAX_MESSAGE = 1 << 20
#: the module a request's command must run (``python -m classserver``)
COMMAND_MODULE = "classserver"
#: the exit status of a child that was asked nothing it could run
REFUSED = 2


# --- messages: a 4-byte length, then JSON ---------------------------------------------------------


def pack(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return struct.pack("!I", len(body)) + body


def read_message(connection: socket.socket) -> dict | None:
    """The next message on a blocking ``connection``; None at its end."""
    head = _read_exactly(connection, 4)
    if head is None:
        return None
    (size,) = struct.unpack("!I", head)
    if size > MAX_MESSAGE:
        raise ValueError(f"a message of {size} bytes (at most {MAX_MESSAGE})")
    body = _read_exactly(connection, size)
    if body is None:
        return None
    return json.loads(body)


def _read_exactly(connection: socket.socket, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


# --- ahead of any student ------------------------------------------------------------------------


def prepare() -> None:
    """Import everything a student's server imports as it starts and draws its first page, read
    every app's notebook and compile the pages' templates (what each server would do again)."""
    from .serve_apps import environment

    # as a student's server has it when it imports (the class server's templates and kernel)
    os.environ["JUPYTER_PATH"] = environment()["JUPYTER_PATH"]
    import jupyterhub.services.auth  # noqa: F401 (the hub's login, imported by a student's server)
    import voila.handler
    import voila.utils  # noqa: F401

    from . import app, serve_apps

    app.prepare_pages_ahead(serve_apps.BOOK)


def name_process(name: str) -> None:
    """The process's name as ``ps -o comm`` and ``top`` show it (Linux only; elsewhere nothing)."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.prctl(15, name.encode()[:15], 0, 0, 0)  # PR_SET_NAME


# --- the child -----------------------------------------------------------------------------------


def after_fork(inherited: list[int]) -> None:
    """In a forked child: become a new process, as far as anything in it can tell."""
    os.setsid()
    signal.set_wakeup_fd(-1)
    for fd in inherited:  # the fork server's socket, its pipe and its connections (another student's too)
        with contextlib.suppress(OSError):
            os.close(fd)
    for number in range(1, signal.NSIG):  # as a new Python process starts
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for number in (signal.SIGPIPE, signal.SIGXFSZ):  # Python ignores these at start-up
        signal.signal(number, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    random.seed()  # from os.urandom: every child its own numbers
    name_process(SERVER_NAME)


def run_student_server(request: dict) -> int:
    """In the forked child: the student's environment and folder, then their server, as
    ``python -m classserver --hub`` runs it. Returns the exit status."""
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = [str(Path(__file__).with_name("__main__.py")), *request["argv"][3:]]
    from . import serve_apps

    serve_apps.main(request["argv"][3:], in_process=True)
    return 0


def exit_status(run: Callable[[dict], int], request: dict) -> int:
    """What ``run(request)`` gives, as a process's exit status (SystemExit's included)."""
    try:
        return run(request)
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    except BaseException:
        import traceback

        traceback.print_exc()
        return 1


def check_request(request: dict) -> str:
    """What is wrong with a request ("" when nothing is)."""
    argv, env, cwd = request.get("argv"), request.get("env"), request.get("cwd")
    if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv) and len(argv) >= 3):
        return "argv must be a command line"
    if argv[1:3] != ["-m", COMMAND_MODULE]:
        return f"only `python -m {COMMAND_MODULE}` is forked, not {argv[1:3]}"
    if os.path.realpath(argv[0]) != os.path.realpath(sys.executable):
        return f"another Python ({argv[0]}) than the fork server's ({sys.executable})"
    if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
        return "env must map names to strings"
    if not (isinstance(cwd, str) and os.path.isabs(cwd)):
        return "cwd must be an absolute path"
    return ""


# --- the server ----------------------------------------------------------------------------------


class ForkServer:
    """Listens on ``path`` and forks a student's server for each request (see the module's text)."""

    def __init__(self, path: Path, parent: int | None = None, run: Callable[[dict], int] = run_student_server):
        self.path = path
        self.run = run  # what a child runs
        self.parent = parent  # the process that started us: when it is gone, so are we
        self.selector = selectors.DefaultSelector()
        self.children: dict[int, socket.socket | None] = {}  # pid -> the connection that asked for it
        self.listener = self._listen(path)
        self.inode = path.stat().st_ino  # the socket file this server made (a new one may replace it)
        self.wakeup_r, self.wakeup_w = os.pipe()
        os.set_blocking(self.wakeup_r, False)
        os.set_blocking(self.wakeup_w, False)

    @staticmethod
    def _listen(path: Path) -> socket.socket:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)  # created 0600: nobody but the hub's user connects
        try:
            listener.bind(str(path))
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        listener.listen(64)
        return listener

    def serve(self) -> None:
        signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes the selector (the wakeup fd) to reap
        signal.set_wakeup_fd(self.wakeup_w)
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(number, self._stop)
        self.selector.register(self.listener, selectors.EVENT_READ, "listener")
        self.selector.register(self.wakeup_r, selectors.EVENT_READ, "wakeup")
        print(f"[fork server] ready on {self.path} (pid {os.getpid()})", file=sys.stderr, flush=True)
        try:
            while True:
                for key, _ in self.selector.select(timeout=2.0):
                    if key.data == "listener":
                        self._accept()
                    else:  # a child ended (SIGCHLD): reaped below
                        with contextlib.suppress(BlockingIOError):
                            os.read(self.wakeup_r, 4096)
                self._reap()
                if self.parent is not None and os.getppid() != self.parent:
                    print("[fork server] the hub is gone: stopping once its servers stop", file=sys.stderr, flush=True)
                    self.drain()
                    return
        finally:
            self.close()

    def _stop(self, number, frame) -> None:
        raise SystemExit(0)

    def close(self) -> None:
        """Stop listening; the socket's file goes too, unless a new fork server has put its own there."""
        with contextlib.suppress(OSError):
            if self.path.stat().st_ino == self.inode:
                self.path.unlink()
        self.listener.close()

    def drain(self) -> None:
        """Reap the children until none is left (a server whose hub is gone still runs: a hub
        started again finds it by its pid), then return."""
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(self.listener)
        self.close()
        for connection in {c for c in self.children.values() if c is not None}:
            self._forget(connection)
        while self.children:
            self.selector.select(timeout=2.0)
            with contextlib.suppress(BlockingIOError):
                os.read(self.wakeup_r, 4096)
            self._reap()

    def _let_go(self) -> None:
        """In a child: close everything of the fork server's (its socket, its pipe, its selector,
        the connections of other children), the Python objects with their descriptors: an object
        left holding a closed descriptor's number would close whatever the child opens under that
        number later."""
        signal.set_wakeup_fd(-1)
        for held in [self.listener, *(c for c in self.children.values() if c is not None)]:
            with contextlib.suppress(OSError):
                os.close(held.detach())
        self.children.clear()
        with contextlib.suppress(OSError):
            self.selector.close()
        for fd in (self.wakeup_r, self.wakeup_w):
            with contextlib.suppress(OSError):
                os.close(fd)

    def _accept(self) -> None:
        with contextlib.suppress(BlockingIOError, InterruptedError):
            connection, _ = self.listener.accept()
            connection.setblocking(True)
            connection.settimeout(10)
            try:
                self._serve_one(connection)
            except (OSError, ValueError) as error:
                print(f"[fork server] a request failed: {error}", file=sys.stderr, flush=True)
                connection.close()

    def _serve_one(self, connection: socket.socket) -> None:
        """A spawner's connection: it asks whether we are ready, then we fork, and the child reads
        the student's request itself. The fork server never reads a request (a student's token):
        its memory, which every later child inherits, holds nobody's secret."""
        _, uid, _ = struct.unpack("3i", connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12))
        if uid != os.getuid():
            connection.sendall(pack({"error": f"refused: user {uid} is not the hub's"}))
            connection.close()
            return
        ping = read_message(connection)
        if not (ping and ping.get("ping")):
            connection.sendall(pack({"error": "ask whether the fork server is ready first ({'ping': true})"}))
            connection.close()
            return
        connection.sendall(pack({"ready": os.getpid()}))
        sys.stdout.flush()
        sys.stderr.flush()
        child = os.fork()
        if child == 0:  # the student's server
            code = 1
            try:
                self._let_go()
                after_fork([])
                code = self._child(connection)
            finally:
                import atexit

                with contextlib.suppress(BaseException):
                    atexit._run_exitfuncs()
                with contextlib.suppress(BaseException):
                    sys.stdout.flush()
                    sys.stderr.flush()
                os._exit(code)
        # the connection is the child's to read; here it only carries the child's exit status, later
        self.children[child] = connection

    def _child(self, connection: socket.socket) -> int:
        """In the child: read the request, say who we are (or what is wrong), run it."""
        try:
            request = read_message(connection)
        except (OSError, ValueError):
            request = None
        if request is None:
            return REFUSED
        problem = check_request(request)
        if not problem:
            try:
                os.makedirs(request["cwd"], 0o755, exist_ok=True)
            except OSError as error:
                problem = f"cannot make {request['cwd']}: {error}"
        try:
            connection.sendall(pack({"error": problem} if problem else {"pid": os.getpid()}))
        except OSError:  # the spawner is gone: nobody would know of this server
            problem = "the spawner is gone"
        connection.close()  # the fork server tells the spawner when this process ends
        if problem:
            return REFUSED
        return exit_status(self.run, request)

    def _forget(self, connection: socket.socket) -> None:
        for pid, known in list(self.children.items()):
            if known is connection:
                self.children[pid] = None  # still reaped, nobody to tell
        connection.close()

    def _reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            connection = self.children.pop(pid, None)
            if connection is None:
                continue
            with contextlib.suppress(OSError):
                connection.sendall(pack({"exit": os.waitstatus_to_exitcode(status)}))
            connection.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", type=Path, required=True, help="the Unix socket to listen on (made 0600)")
    parser.add_argument("--parent", type=int, help="stop when this process (the hub) is gone")
    args = parser.parse_args(argv)
    name_process(FORK_SERVER_NAME)
    server = ForkServer(args.socket.resolve(), args.parent)  # listening at once: a request waits for prepare()
    prepare()
    if threading.active_count() != 1:  # a fork keeps the calling thread only
        raise SystemExit(f"the fork server's imports started threads: {threading.enumerate()}")
    zmq = sys.modules.get("zmq")
    if zmq is not None and zmq.Context._instance is not None:  # a ZMQ context is not usable across a fork
        raise SystemExit("the fork server's imports made a ZMQ context")
    gc.collect()
    gc.freeze()  # what is imported stays shared with every child: the collector leaves it alone
    server.serve()


if __name__ == "__main__":
    main()
