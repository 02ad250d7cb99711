"""The students' servers under the hub of deploy/jupyterhub (``tests/support/hub.py``), a hub
of their own beside ``tests/test_hub.py``'s. In Debian's Chromium, as a student sees it: logging
in leads to the gallery by itself (the hub's "starting" page, in both languages, follows the
start), and a server stopped meanwhile (as the idle culler does) starts again by itself when the
student opens an app. A port held by another program is skipped (the server starts on another)
or, given to the server itself, stops it at once with a clear message; the kernels take no TCP
port; past the server limit the page says the class is full; servers started ahead by the
teacher's command land a student straight on a running gallery with a warm kernel. Servers are
forked from the hub's fork server; with it gone, they start as programs.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx
import psutil
import pytest

from classserver.fork_server import FORK_SERVER_NAME, SERVER_NAME
from classserver.serve_apps import PORT_TAKEN, port_taken
from tests.classroom_server import AppSession, run
from tests.support.hub import (
    APP,
    CONFIG,
    LANDING_SECONDS,
    PASSWORD,
    Student,
    log_in,
    running_hub,
    server_process,
    until,
)


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    # the lesson's app drawn ahead in each server, as a teacher sets it for a lesson
    with running_hub(tmp_path_factory, RULEBOOK_HUB_POOL="1", RULEBOOK_HUB_POOL_APPS=APP) as running:
        yield running


def test_in_a_browser_a_student_lands_on_the_gallery_and_a_stopped_server_comes_back(hub):
    url = hub.url

    async def student():
        async with Student(url) as dina:
            await dina.log_in("dina")
            await dina.page.wait_for_selector('li.app[data-app="durak/play.ipynb"]', timeout=LANDING_SECONDS * 1000)
            assert dina.page.url.rstrip("/").endswith("/user/dina"), dina.page.url
            assert "/hub/spawn-pending/dina" in dina.visited, f"no starting page on the way: {dina.visited}"
            starting = dina.hub_pages["/hub/spawn-pending/dina"]
            assert "Your apps are starting" in starting and "Ваши приложения запускаются" in starting
            assert '<button type="button" id="stop-server-btn"' not in starting, (
                "the starting page offers to stop the server"
            )

            # the idle culler stopped her server; she opens an app (a tab left open, a bookmark):
            # the hub says, in both languages, that her apps were stopped, starts them, and the
            # app opens
            await dina.stop_my_server("dina")
            dina.visited.clear()
            await dina.page.goto(f"{url}/user/dina/voila/render/{APP}?lang=ru")
            await dina.page.wait_for_selector(
                ".rb-cards button.rb-legal, button.rb-action", timeout=LANDING_SECONDS * 1000
            )
            assert urlparse(dina.page.url).path == f"/user/dina/voila/render/{APP}", dina.visited
            assert "lang=ru" in urlparse(dina.page.url).query, "the app opens in the language asked for"
            stopped = dina.hub_pages.get(f"/hub/user/dina/voila/render/{APP}", "")
            assert "Your apps were stopped" in stopped and "Приложения остановлены" in stopped, dina.visited
            assert dina.left_the_machine == []

    run(student(), 3 * LANDING_SECONDS)


def test_a_server_whose_port_is_held_stops_at_once_and_says_why(tmp_path):
    """A server given a port another program holds stops at once, with a clear message in both
    languages (it never moves to another port, where the hub would not look for it)."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        env = {
            **os.environ,
            "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}/user/ada/",
            "JUPYTERHUB_SERVICE_PREFIX": "/user/ada/",
            "JUPYTERHUB_API_TOKEN": "not-used",
        }
        started = time.monotonic()
        stopped = subprocess.run(
            [sys.executable, "-m", "classserver", "--hub"], env=env, capture_output=True, text=True, timeout=60
        )
    assert stopped.returncode == PORT_TAKEN, stopped.stderr
    assert f"Port {port} of 127.0.0.1 is taken" in stopped.stderr
    assert f"Порт {port} адреса 127.0.0.1 занят" in stopped.stderr
    assert time.monotonic() - started < 30, "the server did not stop at once"


def test_a_held_port_is_skipped_and_the_kernels_take_no_tcp_port(hub):
    """Every port of the hub's range but one is held by another program: the student's server
    starts on the one left, and its kernels speak to it over Unix sockets."""
    held = []
    try:
        for port in hub.ports:
            if not port_taken("127.0.0.1", port):
                holder = socket.socket()
                holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers bind: past TIME_WAIT
                holder.bind(("127.0.0.1", port))
                holder.listen()
                held.append(holder)
        free = held.pop()  # the one port left for the student's server
        left = free.getsockname()[1]
        free.close()
        kit, _ = log_in(hub.url, "kit", PASSWORD)
        gallery = until(kit, "/user/kit/", lambda r: "data-app=" in r.text, LANDING_SECONDS)
        assert "data-app=" in gallery.text, f"kit: {gallery.url} -> {gallery.status_code}"
    finally:
        for holder in held:
            holder.close()
    server = server_process("kit", hub)
    listening = {c.laddr.port for c in server.net_connections("tcp") if c.status == "LISTEN"}
    assert listening == {left}, f"kit's server listens on {listening}, the port left was {left}"

    # the warm kernel started for kit: its channels are Unix sockets (nothing to collide with)
    deadline = time.monotonic() + 60
    while not (kernels := [p for p in server.children() if "ipykernel_launcher" in " ".join(p.cmdline())]):
        assert time.monotonic() < deadline, "kit's server started no kernel"
        time.sleep(0.5)
    for kernel in kernels:
        cmdline = kernel.cmdline()
        connection = json.loads(Path(cmdline[cmdline.index("-f") + 1]).read_text())
        assert connection["transport"] == "ipc", connection
        assert all(connection[f"{channel}_port"] for channel in ("shell", "iopub", "stdin", "control", "hb"))


def test_the_full_class_page_tells_the_student_to_wait_and_tries_again():
    """Past the hub's server limit JupyterHub says "Active user limit exceeded" (HTTP 429): the
    student reads, in both languages, that the class is full and that the page tries again."""
    import jinja2

    stock = Path(sys.prefix) / "share" / "jupyterhub" / "templates"
    loader = jinja2.ChoiceLoader(  # as JupyterHub loads its templates: ours first, its own as templates/...
        [
            jinja2.PrefixLoader({"templates": jinja2.FileSystemLoader(str(stock))}, "/"),
            jinja2.FileSystemLoader([str(CONFIG.parent / "templates"), str(stock)]),
        ]
    )
    page = (
        jinja2.Environment(loader=loader, autoescape=True)
        .get_template("error.html")
        .render(
            status_code=429,
            status_message="Too Many Requests",
            message="Active user limit exceeded. Try again in a few minutes.",
            base_url="/hub/",
            prefix="/",
            static_url=lambda *args, **kwargs: "/hub/static/",
        )
    )
    assert "The class is full for now" in page and "Сейчас класс заполнен" in page
    assert "tries again by itself" in page and "попробует снова сама" in page
    assert '<meta http-equiv="refresh" content="30">' in page
    assert "Too many users" not in page


def test_servers_started_ahead_take_students_straight_to_a_running_gallery(hub, tmp_path):
    """The teacher's command starts the class's servers before the lesson, each with a kernel
    standing by; a student logging in then lands on the gallery with no starting page."""
    names = tmp_path / "names.txt"
    names.write_text("# the class\nMila\nnoah\n\nmila\n", encoding="utf-8")
    started = subprocess.run(
        [sys.executable, "-m", "classserver.hub_start", "--names", str(names), "--hub", hub.url, "--seconds", "240"],
        env={**os.environ, "RULEBOOK_HUB_DIR": str(hub.data)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert started.returncode == 0, started.stdout + started.stderr
    assert "All 2 servers ready" in started.stdout and "серверов готово: 2 из 2" in started.stdout
    for name in ("mila", "noah"):
        status = httpx.get(f"{hub.url}/user/{name}/voila/classroom/status", timeout=30).json()
        assert status["warm_ready"] >= 1, f"{name}'s server has no kernel standing by: {status}"
        # the lesson's app is drawn: its kernel, which reaches its server with no login, waits for the page
        assert status["pool_ready"] == status["pool_expected"] == 1, f"{name}'s lesson app is not drawn: {status}"

    client, landed = log_in(hub.url, "mila", PASSWORD)
    assert landed.url.path == "/user/mila/", f"mila landed on {landed.url.path}"
    assert 'data-app="durak/play.ipynb"' in landed.text
    assert not any("/hub/spawn-pending/" in str(r.url) for r in landed.history), "a starting page on the way"

    async def play() -> list:
        cookie = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar if c.path in ("/", "/user/mila/"))
        session = AppSession(f"{hub.url}/user/mila", APP, "ru", headers={"Cookie": cookie})
        await session.open()
        moves = session.moves()
        await session.shut_down()
        return moves

    assert run(play(), 120), "the lesson's app offers no move"
    status = httpx.get(f"{hub.url}/user/mila/voila/classroom/status", timeout=30).json()
    assert status["pool_ready"] == 0 and status["warm_taken"] == 0, f"the page did not take the drawn app: {status}"
    # a request through the proxy to where a kernel waits is the hub's login's, whatever the kernel's name
    kernel = "0" * 8 + "-0000-4000-8000-" + "0" * 12
    asked = httpx.get(f"{hub.url}/user/noah/voila/query/{kernel}", follow_redirects=False, timeout=30)
    assert asked.status_code in (302, 403), asked.status_code


def test_the_start_command_without_a_token_says_where_it_looked(tmp_path):
    names = tmp_path / "names.txt"
    names.write_text("ada\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_HUB_START_TOKEN"}
    missing = subprocess.run(
        [sys.executable, "-m", "classserver.hub_start", "--names", str(names), "--token-file", str(tmp_path / "none")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert missing.returncode != 0 and f"no token at {tmp_path / 'none'}" in missing.stderr


def _hub_api(hub, method: str, path: str) -> httpx.Response:
    token = (hub.data / "class-start-token").read_text().strip()
    return httpx.request(method, f"{hub.url}/hub/api{path}", headers={"Authorization": f"token {token}"}, timeout=30)


def _stop_server(hub, name: str) -> None:
    assert _hub_api(hub, "DELETE", f"/users/{name}/server").status_code in (202, 204)
    deadline = time.monotonic() + 120
    while _hub_api(hub, "GET", f"/users/{name}").json().get("servers"):
        assert time.monotonic() < deadline, f"{name}'s server did not stop"
        time.sleep(0.5)


def _fork_server(hub) -> psutil.Process:
    """The fork server of ``hub``: of the processes started with its socket on their command line (it
    and the students' servers it forked, which keep that command line), the one whose parent is not
    one of them (the pids' order says nothing once they wrap around)."""
    socket_path = str(hub.data / "fork-server.sock")
    started = [p for p in psutil.process_iter(["cmdline", "ppid"]) if socket_path in (p.info["cmdline"] or [])]
    pids = {p.pid for p in started}
    roots = [p for p in started if p.info["ppid"] not in pids]
    assert roots, f"no fork server listens on {socket_path}"
    return roots[0]


def test_a_server_forked_from_the_fork_server_serves_its_student_and_stops_without_a_trace(hub):
    """A student's server is forked from the hub's fork server (whose socket only the hub's user
    opens), serves the student an app through the hub, and once stopped is gone, kernels and all
    (reaped: no zombie left)."""
    client, _ = log_in(hub.url, "fay", PASSWORD)
    gallery = until(client, "/user/fay/", lambda r: "data-app=" in r.text, LANDING_SECONDS)
    assert 'data-app="durak/play.ipynb"' in gallery.text, f"fay: {gallery.url} -> {gallery.status_code}"
    server = server_process("fay", hub)
    fork_server = _fork_server(hub)
    assert server.ppid() == fork_server.pid, f"fay's server is not forked: {server.cmdline()}"
    assert server.name() == SERVER_NAME and fork_server.name() == FORK_SERVER_NAME
    assert stat.S_IMODE((hub.data / "fork-server.sock").stat().st_mode) == 0o600
    # the fork server holds no token: a student's arrives with their server's start, in the child only
    assert not any(k.startswith("JUPYTERHUB_API_TOKEN") for k in fork_server.environ())

    async def play() -> list:
        cookie = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar if c.path in ("/", "/user/fay/"))
        session = AppSession(f"{hub.url}/user/fay", APP, "ru", headers={"Cookie": cookie})
        await session.open()
        moves = session.moves()
        await session.click(moves[0])
        await session.shut_down()
        return moves

    assert run(play(), 180), "the app offers no move"
    family = [server, *server.children(recursive=True)]
    _stop_server(hub, "fay")
    deadline = time.monotonic() + 30
    while left := [p for p in family if p.is_running()]:  # is_running: the same process, not a reused pid
        zombies = [p.pid for p in left if p.status() == psutil.STATUS_ZOMBIE]
        assert time.monotonic() < deadline, f"still there after the stop: {left} (zombies: {zombies})"
        time.sleep(0.5)
    assert fork_server.is_running(), "the fork server stopped with a student's server"


def test_when_the_fork_server_dies_the_next_server_starts_as_a_program(hub):
    """The fork server killed: the next student's server starts as a program of its own (the
    hub's log says so), and the student lands on the gallery as ever."""
    hal, _ = log_in(hub.url, "hal", PASSWORD)  # the hub's fork server runs once a server was asked for
    assert "data-app=" in until(hal, "/user/hal/", lambda r: "data-app=" in r.text, LANDING_SECONDS).text
    for user in _hub_api(hub, "GET", "/users").json():  # no forked server left orphaned by the kill
        if user.get("servers"):
            _stop_server(hub, user["name"])
    fork_server = _fork_server(hub)
    fork_server.kill()
    deadline = time.monotonic() + 30
    while fork_server.is_running() and fork_server.status() != psutil.STATUS_ZOMBIE:  # the hub reaps it later
        assert time.monotonic() < deadline, "the fork server did not die"
        time.sleep(0.2)
    client, _ = log_in(hub.url, "gus", PASSWORD)
    gallery = until(client, "/user/gus/", lambda r: "data-app=" in r.text, LANDING_SECONDS)
    assert "data-app=" in gallery.text, f"gus: {gallery.url} -> {gallery.status_code}"
    server = server_process("gus", hub)
    assert "classserver.app" in server.cmdline(), f"gus's server was not started as a program: {server.cmdline()}"
    log = (hub.data / "hub.log").read_text()
    assert "The fork server did not fork gus's server" in log and "starting it as a program" in log
