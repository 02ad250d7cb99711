"""The CPU one student's server costs to start under JupyterHub: as a program, and forked.

    .venv/bin/python -m benchmarks.bench_server_start [--starts 3]

Starts a student's server as the hub's spawner does (``python -m classserver --hub`` with the
environment JupyterHub gives it, one warm kernel, on a free port of 127.0.0.1), one at a time:
``--starts`` times as a program of its own, then as many times forked from the hub's fork
server (``classserver/fork_server.py``, asked over its socket as the spawner asks it). For each
it measures the CPU seconds (user and system) of the server's process and of its kernel until
the server listens, and until its warm kernel is ready and the apps' pages are prepared (the
server idle again). CPU seconds, unlike seconds of wall time, hardly depend on what else the
machine does. It prints the medians, and the fork server's own CPU (paid once for the class).

Bounded: servers on 127.0.0.1 only, at most 10 starts of each kind, two minutes each.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

from classserver.fork_server import pack, read_message
from classserver.serve_apps import free_port

ROOT = Path(__file__).resolve().parents[1]
#: a server is idle again once its CPU grows by less than this in ``QUIET`` seconds
QUIET, QUIET_CPU = 1.5, 0.03


def hub_env(port: int, home: Path) -> dict[str, str]:
    """What JupyterHub gives a student's server (ada's; the hub itself is not needed to start)."""
    keep = {k: os.environ[k] for k in ("PATH", "PYTHONPATH", "LANG", "LC_ALL") if k in os.environ}
    return {
        **keep,
        "USER": "ada",
        "HOME": str(home),
        "SHELL": "/bin/bash",
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}/user/ada/",
        "JUPYTERHUB_SERVICE_PREFIX": "/user/ada/",
        "JUPYTERHUB_BASE_URL": "/",
        "JUPYTERHUB_API_TOKEN": "0" * 32,
        "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",
        "JUPYTERHUB_USER": "ada",
        "JUPYTERHUB_CLIENT_ID": "jupyterhub-user-ada",
        "JUPYTERHUB_OAUTH_CALLBACK_URL": "/user/ada/oauth_callback",
    }


def command() -> list[str]:
    return [sys.executable, "-m", "classserver", "--hub", "--warm=1", "--pool=0", "--max-kernels=4"]


def cpu(process: psutil.Process, seen: dict[int, tuple[str, float]]) -> None:
    """Record the CPU so far of ``process`` and its children (a child gone keeps its last figure)."""
    for p in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            kind = "kernel" if "ipykernel_launcher" in " ".join(p.cmdline()) else "server"
            seen[p.pid] = (kind, sum(p.cpu_times()[:2]))


def total(seen: dict[int, tuple[str, float]], kind: str | None = None) -> float:
    return sum(seconds for k, seconds in seen.values() if kind in (None, k))


def listens(process: psutil.Process, port: int) -> bool:
    with contextlib.suppress(psutil.Error):
        return any(c.status == psutil.CONN_LISTEN and c.laddr.port == port for c in process.net_connections("tcp"))
    return False


def warm_ready(port: int) -> bool:
    url = f"http://127.0.0.1:{port}/user/ada/voila/classroom/status"
    with contextlib.suppress(OSError, ValueError), urllib.request.urlopen(url, timeout=5) as answer:
        return json.load(answer).get("warm_ready", 0) >= 1
    return False


def measure(process: psutil.Process, port: int) -> dict[str, float]:
    """Follow one server from its start: CPU until it listens, and until it is ready and idle."""
    seen: dict[int, tuple[str, float]] = {}
    started = time.monotonic()
    result: dict[str, float] = {}
    quiet_since, last = None, -1.0
    while time.monotonic() - started < 120:
        cpu(process, seen)
        if "listening" not in result and listens(process, port):
            result["listening"] = total(seen)
            result["listening_wall"] = time.monotonic() - started
        if "listening" in result and "ready_wall" not in result and warm_ready(port):
            result["ready_wall"] = time.monotonic() - started
        if "ready_wall" in result:
            now = total(seen)
            if now - last > QUIET_CPU:
                quiet_since, last = time.monotonic(), now
            elif time.monotonic() - quiet_since >= QUIET:
                result.update(server=total(seen, "server"), kernel=total(seen, "kernel"), all=now)
                return result
        time.sleep(0.1)
    raise RuntimeError(f"the server on port {port} was not ready within two minutes")


def stop(process: psutil.Process) -> None:
    with contextlib.suppress(psutil.Error):
        process.send_signal(signal.SIGTERM)
        process.wait(30)


def plain(home: Path, log) -> dict[str, float]:
    port = free_port()
    proc = subprocess.Popen(command(), env=hub_env(port, home), cwd=home, stdout=log, stderr=log)
    try:
        return measure(psutil.Process(proc.pid), port)
    finally:
        stop(psutil.Process(proc.pid))
        proc.wait(30)


def forked(home: Path, socket_path: Path) -> dict[str, float]:
    port = free_port()
    with socket.socket(socket.AF_UNIX) as connection:
        connection.settimeout(120)
        connection.connect(str(socket_path))
        connection.sendall(pack({"ping": True}))
        read_message(connection)  # ready
        connection.sendall(pack({"argv": command(), "env": hub_env(port, home), "cwd": str(home)}))
        answer = read_message(connection)
        if not answer or "pid" not in answer:
            raise RuntimeError(f"the fork server did not fork: {answer}")
        process = psutil.Process(answer["pid"])
        try:
            return measure(process, port)
        finally:
            stop(process)
            read_message(connection)  # its exit status: the fork server has reaped it


def report(title: str, runs: list[dict[str, float]]) -> None:
    m = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    print(
        f"{title} ({len(runs)} starts, medians): until it listens {m('listening'):.2f} s of CPU"
        f" ({m('listening_wall'):.1f} s of wall time); ready and idle: {m('all'):.2f} s of CPU"
        f" (the server {m('server'):.2f} s, its warm kernel {m('kernel'):.2f} s; {m('ready_wall'):.1f} s of wall time)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--only", choices=("plain", "forked"), help="measure one kind of start only")
    args = parser.parse_args()
    starts = max(1, min(args.starts, 10))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="bench-start-") as folder:
        home = Path(folder) / "ada"
        home.mkdir()
        log = (Path(folder) / "servers.log").open("w")
        if args.only != "forked":
            report("as a program", [plain(home, log) for _ in range(starts)])
        if args.only != "plain":
            socket_path = Path(folder) / "fork-server.sock"
            env = {k: os.environ[k] for k in ("PATH", "PYTHONPATH", "LANG", "LC_ALL") if k in os.environ}
            fork_server = subprocess.Popen(
                [sys.executable, "-m", "classserver.fork_server", "--socket", str(socket_path)],
                env=env,
                stdout=log,
                stderr=log,
            )
            try:
                while not socket_path.exists():
                    time.sleep(0.1)
                runs = [forked(home, socket_path) for _ in range(starts)]
                own = sum(psutil.Process(fork_server.pid).cpu_times()[:2])
                report("forked", runs)
                print(f"  the fork server itself: {own:.2f} s of CPU, once for the whole class")
            finally:
                fork_server.terminate()
                fork_server.wait(30)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
