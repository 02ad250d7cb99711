"""A class logs in to JupyterHub together: N students, each opening Durak's app and playing a move.

    .venv/bin/python -m benchmarks.bench_hub                     # 40 students, servers started ahead, then cold
    .venv/bin/python -m benchmarks.bench_hub --mode cold --students 25

It starts the hub of `deploy/jupyterhub` on loopback (JupyterHub's test login, free ports,
a folder of its own) and runs a lesson once or twice:

- ahead: the teacher starts the class's servers first (`python -m classserver.hub_start`,
  its function here), timed; then every student logs in at once.
- cold: nobody's server runs; every student logs in at once, and the hub starts them all
  (forked from its fork server, ``classserver/fork_server.py``; ``--no-fork``: as programs).

Each student comes from a loopback address of its own (127.0.2.1, 127.0.2.2...), as
students' devices do: logs in (the hub's login form), follows the hub to the gallery
(the "starting" page while the server starts, looked at again every second, as the page
does by itself), opens Durak's app with the protocol-level client (`tests/support/appclient.py`:
the page, its kernel's websocket, every widget's state), plays a move, and closes the tab as
a browser does. It prints, for the whole class: seconds from logging in until the move was
answered (median, p95, max), failures, students turned away (a 429 or 503 page met on
the way), memory (PSS) of a server and its kernels with and without an app open, and the
machine's load average before and after (other work on the machine slows everything).

Bounded: at most 60 students, `--deadline` seconds per lesson (default 600), traffic within
127.0.0.0/8 only; the hub and every server it started are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil

from classserver import hub_start
from classserver.fork_server import FORK_SERVER_NAME, SERVER_NAME
from classserver.serve_apps import free_port
from tests.support.appclient import AppSession

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "class-password"
APP = "durak/play.ipynb"
LANG = "ru"  # the class's language: every student opens the app in it


@dataclass
class Lesson:
    seconds: list[float]
    failures: list[str]
    turned_away: int
    cpu: dict[str, float]  # CPU seconds by kind of process, from the first login to the last move answered


def start_hub(
    data: Path, students: int, starting: int | None, preheat: bool, fork: bool = True
) -> tuple[subprocess.Popen, str]:
    if not PROXY.exists():
        raise SystemExit(f"JupyterHub's proxy is missing at {PROXY}; install it with: make hub-proxy")
    port = free_port()
    env = {
        **os.environ,
        "RULEBOOK_HUB_DIR": str(data),
        "RULEBOOK_HUB_PORT": str(port),
        "RULEBOOK_HUB_API_PORT": str(free_port()),
        "RULEBOOK_HUB_PROXY_API_PORT": str(free_port()),
        "RULEBOOK_HUB_TOGETHER_PORT": str(free_port()),
        "RULEBOOK_HUB_AUTHENTICATOR": "dummy",
        "RULEBOOK_HUB_PASSWORD": PASSWORD,
        "RULEBOOK_HUB_MAX_SERVERS": str(max(40, students)),
        "CONFIGPROXY_AUTH_TOKEN": "bench-proxy-token",
        **({"RULEBOOK_HUB_STARTING": str(starting)} if starting else {}),
        "RULEBOOK_HUB_FORK": "1" if fork else "0",
        # the lesson's app drawn ahead in each student's server, as the README's lesson does
        **(
            {"RULEBOOK_HUB_POOL": "1", "RULEBOOK_HUB_POOL_APPS": APP, "RULEBOOK_HUB_POOL_LANG": LANG} if preheat else {}
        ),
    }
    log = (data / "hub.log").open("w")
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG)],
        cwd=data,
        env=env,
        stdout=log,
        stderr=log,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 240
    while True:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/hub/api/", timeout=5).status_code == 200:
                return proc, url
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the hub did not start; see {data / 'hub.log'}")
        time.sleep(0.5)


def stop_hub(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)  # the hub stops its students' servers and its services
    try:
        proc.wait(90)
    except subprocess.TimeoutExpired:
        proc.kill()


async def student(url: str, name: str, source: str) -> tuple[float, int, AppSession]:
    """Log in, reach the gallery, open Durak's app, play a move: (seconds from logging in until
    the move was answered, pages met that turned the student away, the app's open tab)."""
    transport = httpx.AsyncHTTPTransport(local_address=source)
    turned_away = 0
    async with httpx.AsyncClient(base_url=url, transport=transport, follow_redirects=True, timeout=120) as client:
        form = await client.get("/hub/login")
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form.text)
        started = time.perf_counter()
        page = await client.post(
            "/hub/login", data={"username": name, "password": PASSWORD, "_xsrf": xsrf.group(1) if xsrf else ""}
        )
        while f"/user/{name}/" not in str(page.url) or "data-app=" not in page.text:
            if page.status_code in (429, 503):
                turned_away += 1
            if "/hub/login" in str(page.url):
                raise RuntimeError(f"{name}: not logged in")
            await asyncio.sleep(1)  # the starting page looks again by itself
            page = await client.get(f"/user/{name}/")
        cookies = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar if c.path in ("/", f"/user/{name}/"))
    session = AppSession(f"{url}/user/{name}", APP, LANG, headers={"Cookie": cookies}, source=source)
    await session.open(timeout=180)
    await session.click(session.moves()[0])
    return time.perf_counter() - started, turned_away, session


async def lesson(url: str, names: list[str], deadline: float, hub_pid: int) -> tuple[Lesson, dict]:
    """Every student at once; then, every tab still open, the memory; then every tab closed as a
    browser closes it (a close the server refuses is a failure)."""

    async def one(i: int, name: str):
        return await student(url, name, f"127.0.2.{i + 1}")

    cpu_before = cpu_by_kind(hub_pid)

    results = await asyncio.wait_for(
        asyncio.gather(*(one(i, n) for i, n in enumerate(names)), return_exceptions=True), deadline
    )
    done = [r for r in results if not isinstance(r, BaseException)]
    failures = [f"{type(r).__name__}: {r}" for r in results if isinstance(r, BaseException)]
    open_apps = memory(hub_pid)
    cpu = {kind: seconds - cpu_before.get(kind, 0.0) for kind, seconds in cpu_by_kind(hub_pid).items()}
    for _, _, session in done:
        await session.shut_down()
        if session.closed_status != 204:
            failures.append(f"closing {session.base_url}'s tab was answered {session.closed_status}")
    return Lesson([r[0] for r in done], failures, sum(r[1] for r in done), cpu), open_apps


#: the processes of a hub, told apart by their name (a server forked from the fork server shows the
#: fork server's command line) or else their command line (the first that matches)
NAMES = {SERVER_NAME: "servers", FORK_SERVER_NAME: "fork server"}
KINDS = (("kernels", "ipykernel_launcher"), ("servers", "classserver.app"), ("proxy", "configurable-http-proxy"))


def kind_of(process: psutil.Process) -> str:
    if process.name() in NAMES:
        return NAMES[process.name()]
    line = " ".join(process.cmdline())
    return next((name for name, mark in KINDS if mark in line), "other")


def cpu_by_kind(hub_pid: int) -> dict[str, float]:
    """CPU seconds (user and system) used so far by the hub, its proxy, the fork server, the students'
    servers and their kernels (the processes alive now: a kernel already shut down is not counted)."""
    hub = psutil.Process(hub_pid)
    seconds = {"hub": sum(hub.cpu_times()[:2])}
    for child in hub.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            kind = kind_of(child)
            seconds[kind] = seconds.get(kind, 0.0) + sum(child.cpu_times()[:2])
    return seconds


def servers(hub_pid: int) -> list[psutil.Process]:
    found = []
    for child in psutil.Process(hub_pid).children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if kind_of(child) == "servers":
                found.append(child)
    return found


def memory(hub_pid: int) -> dict[str, float]:
    """PSS in MB: each server alone, each kernel, each server with its kernels (medians), and in all."""
    alone, kernels, whole = [], [], []
    for server in servers(hub_pid):
        with contextlib.suppress(psutil.Error):
            own = server.memory_full_info().pss / 2**20
            theirs = [k.memory_full_info().pss / 2**20 for k in server.children(recursive=True)]
            alone.append(own)
            kernels.extend(theirs)
            whole.append(own + sum(theirs))
    median = lambda values: statistics.median(values) if values else 0.0  # noqa: E731
    return {
        "forked": sum(1 for server in servers(hub_pid) if server.name() == SERVER_NAME),
        "servers": len(whole),
        "server": median(alone),
        "kernel": median(kernels),
        "per_student": median(whole),
        "total": sum(whole),
        "kernels": len(kernels),
    }


def report(title: str, result: Lesson, students: int) -> None:
    s = sorted(result.seconds)
    p95 = s[min(len(s) - 1, int(0.95 * len(s)))] if s else float("nan")
    print(f"{title}: {students} students")
    if s:
        print(f"  login -> move answered: median {statistics.median(s):.1f} s, p95 {p95:.1f} s, max {s[-1]:.1f} s")
    print(f"  failed: {len(result.failures)}; turned away (a 429/503 page met): {result.turned_away}")
    for failure in result.failures[:5]:
        print(f"    {failure}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--mode", choices=("ahead", "cold", "both"), default="both")
    parser.add_argument("--starting", type=int, help="servers starting at once (default: the hub's, the cores)")
    parser.add_argument("--deadline", type=float, default=600)
    parser.add_argument(
        "--preheat", action="store_true", help=f"each server draws the lesson's app ({APP}) ahead of its student"
    )
    parser.add_argument(
        "--no-fork",
        action="store_true",
        help="servers start as programs of their own, not forked from the hub's fork server (RULEBOOK_HUB_FORK=0)",
    )
    args = parser.parse_args()
    students = max(1, min(args.students, 60))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="bench-hub-") as folder:
        data = Path(folder)
        proc, url = start_hub(data, students, args.starting, args.preheat, fork=not args.no_fork)
        try:
            modes = ("ahead", "cold") if args.mode == "both" else (args.mode,)
            for mode in modes:
                names = [f"{mode}{i:02d}" for i in range(1, students + 1)]
                if mode == "ahead":
                    token = (data / "class-start-token").read_text().strip()
                    started = time.monotonic()
                    late = hub_start.start_class(hub_start.Hub(url, token), names, args.deadline, say=lambda _: None)
                    print(
                        f"ahead: {students - len(late)} of {students} servers started, each with a warm kernel,"
                        f" in {time.monotonic() - started:.0f} s (load average {os.getloadavg()[0]:.2f})"
                    )
                    before = memory(proc.pid)
                    print(
                        f"  memory (PSS) of a student's server with no app open: {before['per_student']:.0f} MB"
                        f" (the server {before['server']:.0f} MB, its warm kernel {before['kernel']:.0f} MB);"
                        f" {before['servers']} servers {before['total'] / 1024:.2f} GB"
                    )
                result, open_apps = asyncio.run(lesson(url, names, args.deadline, proc.pid))
                report(mode, result, students)
                print(f"  load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
                print(
                    f"  memory (PSS), every student's app open: a kernel with Durak's app {open_apps['kernel']:.0f} MB,"
                    f" a student's server with it {open_apps['per_student']:.0f} MB;"
                    f" {open_apps['servers']} servers, {open_apps['kernels']} kernels:"
                    f" {open_apps['total'] / 1024:.2f} GB; {open_apps['forked']} of the servers forked from the"
                    " hub's fork server, the others started as programs"
                )
                cpu, cores = result.cpu, os.cpu_count() or 1
                parts = ", ".join(
                    f"{kind} {seconds:.1f} s" for kind, seconds in sorted(cpu.items(), key=lambda kv: -kv[1])
                )
                print(
                    f"  CPU from the first login to the last move answered: {sum(cpu.values()):.1f} s in all ({parts}),"
                    f" at least {sum(cpu.values()) / cores:.1f} s of wall time on {os.cpu_count()} cores"
                )
                if mode == "ahead" and len(modes) > 1:  # the class leaves: their servers stop before the cold lesson
                    hub = hub_start.Hub(url, (data / "class-start-token").read_text().strip())
                    for name in names:
                        hub.api.delete(f"/users/{name}/server")
                    deadline = time.monotonic() + 300
                    while any(hub.server(name) for name in names) and time.monotonic() < deadline:
                        time.sleep(2)
        finally:
            stop_hub(proc)


if __name__ == "__main__":
    main()
