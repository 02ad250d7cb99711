"""JupyterHub as configured in deploy/jupyterhub: a hub on loopback with the test
authenticator (any name, the class's password), several students each logging in,
landing on the apps' gallery (their server started for them), opening an app and playing
a move through the hub's proxy; the teacher's sheet takes a student to the app on the
student's own server, whether logged in already or not yet. In Debian's Chromium, as a
student sees it: logging in leads to the gallery by itself (the hub's "starting" page, in
both languages, follows the start), and a server stopped meanwhile (as the idle culler
does) starts again by itself when the student opens an app. The class together is the hub's
service: two students logged in sit at one table through the hub, and a student's server
carries the verdict token that puts the student's practice on the teacher's board.

A class at once: students logging in together wait in line (one server starts at a time
here) and are told so in both languages, and all get in; a port held by another program
is skipped (the server starts on another) or, given to the server itself, stops it at once
with a clear message; the kernels take no TCP port; the hub's error pages speak both
languages and try again by themselves; servers started ahead by the teacher's command land
a student straight on a running gallery with a warm kernel.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlparse

import httpx
import pytest

import rules.exercises
from classserver.serve_apps import PORT_TAKEN, free_port, port_taken
from tests.classroom_server import AppSession, run
from tests.support.together_client import TableClient

CHROMIUM = "/usr/bin/chromium"

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
STUDENTS = ("ada", "boris", "vera")
PASSWORD = "class-password"
APP = "durak/play.ipynb"


class Hub(NamedTuple):
    url: str  # the hub's address
    data: Path  # its folder (RULEBOOK_HUB_DIR)
    together: str  # where the class together listens itself (the hub's service), on loopback
    ports: range  # the ports the hub hands to students' servers (RULEBOOK_HUB_PORTS)


def _free_block(size: int) -> range:
    """``size`` consecutive ports of 127.0.0.1 nobody listens on, below the system's ephemeral ports
    (where a firewall's range for the students' servers would be)."""
    for _ in range(200):
        first = random.randrange(20000, 30000 - size)
        block = range(first, first + size)
        if not any(port_taken("127.0.0.1", port) for port in block):
            return block
    raise RuntimeError(f"no {size} consecutive free ports between 20000 and 30000")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if not PROXY.exists():
        pytest.fail(f"JupyterHub's proxy is missing at {PROXY}; install it with: make hub-proxy")
    data = tmp_path_factory.mktemp("hub")
    port, together_port = free_port(), free_port()
    ports = _free_block(12)
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}; install it with: apt-get install -y chromium")
    env = {
        **os.environ,
        "RULEBOOK_HUB_DIR": str(data),
        "RULEBOOK_HUB_PORT": str(port),
        "RULEBOOK_HUB_AUTHENTICATOR": "dummy",
        "RULEBOOK_HUB_PASSWORD": PASSWORD,
        "RULEBOOK_HUB_IDLE": "600",
        "RULEBOOK_HUB_TOGETHER_PORT": str(together_port),
        "RULEBOOK_HUB_API_PORT": str(free_port()),
        "RULEBOOK_HUB_PROXY_API_PORT": str(free_port()),
        "RULEBOOK_HUB_PORTS": f"{ports.start}-{ports.stop - 1}",
        "RULEBOOK_HUB_STARTING": "1",  # one server starts at a time: students logging in together wait in line
        "CONFIGPROXY_AUTH_TOKEN": "test-proxy-token",
    }
    hub_bin = Path(sys.executable).parent / "jupyterhub"
    log = (data / "hub.log").open("w")
    proc = subprocess.Popen(
        [str(hub_bin), "-f", str(CONFIG)],
        cwd=data,
        env=env,
        stdout=log,
        stderr=log,
        preexec_fn=_stoppable_by_sigint,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # the hub waits for its services (up to 120 s on a busy machine)
        while True:
            try:
                if httpx.get(f"{url}/hub/api/", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not start; see {data / 'hub.log'}")
            time.sleep(0.5)
        yield Hub(url, data, f"http://127.0.0.1:{together_port}", ports)
    finally:
        proc.terminate()  # the hub stops its students' servers and its proxy
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def _stoppable_by_sigint() -> None:
    """The hub stops its services and its students' servers with SIGINT (then waits 30 s before
    SIGTERM): a test run started in the background inherits SIGINT ignored, and Python keeps it
    so, which left the hub's cleanup waiting until the fixture killed it, and its servers running."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _log_in(url: str, name: str, password: str, start: str = "/hub/login") -> tuple[httpx.Client, httpx.Response]:
    """A student's browser: opens ``start`` (the login page, or an address that leads to it) and
    logs in; the client and the page it landed on."""
    client = httpx.Client(base_url=url, follow_redirects=True, timeout=120)
    form = client.get(start)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form.text)
    action = re.search(r'<form[^>]*action="([^"]*)"', form.text)
    target = (action.group(1) if action else "/hub/login").replace("&amp;", "&")
    landed = client.post(target, data={"username": name, "password": password, "_xsrf": xsrf.group(1) if xsrf else ""})
    return client, landed


def _progress(client: httpx.Client, name: str, seconds: float = 240) -> list[dict]:
    """The events the starting page follows (the hub's progress stream of ``name``'s server), until
    the server is ready or failed."""
    xsrf = next((c.value for c in client.cookies.jar if c.name == "_xsrf"), "")
    events = []
    deadline = time.monotonic() + seconds
    with client.stream(
        "GET", f"/hub/api/users/{name}/server/progress", headers={"X-XSRFToken": xsrf}, timeout=seconds
    ) as stream:
        for line in stream.iter_lines():
            if line.startswith("data:"):
                events.append(json.loads(line[5:]))
                if events[-1].get("ready") or events[-1].get("failed"):
                    break
            if time.monotonic() > deadline:
                break
    return events


def _until(client: httpx.Client, path: str, ready, seconds: float = 120) -> httpx.Response:
    """GET ``path`` until ``ready(response)`` (the hub shows a "starting" page until the server answers)."""
    deadline = time.monotonic() + seconds
    while True:
        response = client.get(path)
        if ready(response) or time.monotonic() > deadline:
            return response
        time.sleep(1)


class Student:
    """A student's browser (Debian's Chromium), cut off from everything but this machine; it
    records the addresses its tab went through and the text of the hub's pages on the way."""

    def __init__(self, url: str):
        self.url = url
        self.visited: list[str] = []
        self.hub_pages: dict[str, str] = {}
        self.left_the_machine: list[str] = []

    async def __aenter__(self):
        from playwright.async_api import async_playwright

        self._playwright = await async_playwright().start()
        self._browser = await self._playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
        )
        context = await self._browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
        await context.route("**/*", self._only_this_machine)
        self.page = await context.new_page()
        self.page.on(
            "framenavigated", lambda frame: frame.parent_frame or self.visited.append(urlparse(frame.url).path)
        )
        self.page.on("response", self._keep_hub_page)
        return self

    async def __aexit__(self, *exc):
        await self._browser.close()
        await self._playwright.stop()

    async def _only_this_machine(self, route):
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            await route.continue_()
        else:
            self.left_the_machine.append(route.request.url)
            await route.abort()

    async def _keep_hub_page(self, response):
        if (
            response.request.resource_type == "document"
            and "/hub/" in response.url
            and not 300 <= response.status < 400
        ):
            with contextlib.suppress(Exception):  # a page the tab left before it was read
                self.hub_pages[urlparse(response.url).path] = await response.text()

    async def log_in(self, name: str, start: str = "/hub/login") -> None:
        await self.page.goto(f"{self.url}{start}")
        await self.page.fill("input[name=username]", name)
        await self.page.fill("input[name=password]", PASSWORD)
        await self.page.click("input[type=submit], button[type=submit]")

    async def stop_my_server(self, name: str) -> None:
        """What the idle culler does to a server nobody used: stop it (the hub's API, as the hub's
        home page calls it), and wait until the hub says it is stopped."""
        api = self.page.context.request
        xsrf = next(c["value"] for c in await self.page.context.cookies(f"{self.url}/hub/") if c["name"] == "_xsrf")
        headers = {"X-XSRFToken": xsrf}
        answer = await api.delete(f"{self.url}/hub/api/users/{name}/server", headers=headers)
        assert answer.status in (202, 204), f"the hub did not stop {name}'s server: {answer.status}"
        for _ in range(120):
            user = await (await api.get(f"{self.url}/hub/api/users/{name}", headers=headers)).json()
            if not user.get("servers"):
                return
            await asyncio.sleep(0.5)
        raise AssertionError(f"{name}'s server did not stop")


#: seconds a student may wait, from logging in or opening a code, for the gallery or the app
LANDING_SECONDS = 90


def test_a_wrong_password_lets_nobody_in(hub):
    url = hub.url
    client, _ = _log_in(url, "mallory", "guess")
    assert "/user/mallory/" not in str(client.get("/hub/home").url)
    assert client.get("/user/mallory/", follow_redirects=False).status_code in (302, 303, 403, 404, 503)


def test_students_land_on_the_gallery_open_an_app_and_play_a_move(hub):
    url, data, _, _ = hub
    clients, watching, said = {}, [], {}
    for name in STUDENTS:  # every student logs in at once: the hub starts each one's server
        clients[name], landed = _log_in(url, name, PASSWORD)
        where = landed.url.path
        assert where.startswith((f"/user/{name}/", f"/hub/spawn-pending/{name}")), f"{name} landed on {where}"
        if where.startswith("/hub/spawn-pending/"):  # the hub says, in both languages, that the apps are starting
            assert "Your apps are starting" in landed.text and "Ваши приложения запускаются" in landed.text
            # what the starting page shows, as it follows the start
            watch = threading.Thread(target=lambda n=name: said.__setitem__(n, _progress(clients[n], n)))
            watch.start()
            watching.append(watch)
    for watch in watching:
        watch.join(240)
    # one server starts at a time here: the students after the first wait in line, are told so, and get in
    assert all(events and events[-1].get("ready") for events in said.values()), said
    # the lines of the start (the hub's own last line, "Server ready", the page says in both languages)
    lines = [event.get("message", "") for events in said.values() for event in events if not event.get("ready")]
    assert any("Waiting in line" in line and "Ожидание в очереди" in line for line in lines), lines
    assert all(" · " in line for line in lines), f"a progress line in one language: {lines}"
    for name, client in clients.items():
        gallery = _until(
            client, f"/user/{name}/", lambda r, name=name: f"/user/{name}/" in str(r.url) and "data-app=" in r.text
        )
        assert gallery.status_code == 200, f"{name}: {gallery.url} -> {gallery.status_code}"
        assert f'data-app="{APP}"' in gallery.text and "Играть в дурака" in gallery.text
        assert 'class="together" href="/services/together/"' in gallery.text, (
            "the gallery does not lead to the class together"
        )

    async def play(name: str, client: httpx.Client):
        # the cookies a browser sends to the student's server: those of its path and of the whole site
        cookie = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar if c.path in ("/", f"/user/{name}/"))
        session = AppSession(f"{url}/user/{name}", APP, "ru", headers={"Cookie": cookie})
        await session.open()
        action = session.moves()
        assert action, f"{name}: no move to play"
        await session.click(action[0])
        descriptions = [session.models[c]["description"] for c in session.moves()]
        await session.shut_down()  # the tab closes, as a browser closes it: its kernel goes at once
        assert session.closed_status == 204, f"{name}: closing the tab was answered {session.closed_status}"
        return descriptions

    for name, client in clients.items():
        assert run(play(name, client), 180), f"{name}: the game did not answer the move"

    # a student cannot use another's server: the hub's login does not reach it
    other = clients["ada"].get("/user/boris/", follow_redirects=True)
    assert 'data-app="' not in other.text
    assert not any(data.glob("students/*/*.ipynb")), "no notebook was copied to a student"


def _server_environment(user: str, together: str) -> dict[str, str]:
    """The environment of ``user``'s server under this hub (read from /proc: the hub's own processes)."""
    for environ in Path("/proc").glob("[0-9]*/environ"):
        with contextlib.suppress(OSError):
            pairs = dict(item.split("=", 1) for item in environ.read_text().split("\0") if "=" in item)
            if pairs.get("JUPYTERHUB_USER") == user and pairs.get("RULEBOOK_TOGETHER_URL", "").startswith(together):
                return pairs
    raise AssertionError(f"no server of {user} under this hub")


def test_two_students_sit_at_one_table_of_the_hubs_class_together_and_practice_reaches_the_board(hub):
    url, data, together, _ = hub
    ada, _ = _log_in(url, "ada", PASSWORD)
    boris, _ = _log_in(url, "boris", PASSWORD)
    for client in (ada, boris):  # the hub's login takes each student to the service (no confirmation page)
        page = client.get("/services/together/", params={"lang": "en"})
        assert page.status_code == 200 and page.url.path == "/services/together/", f"{page.url} -> {page.status_code}"
    nobody = httpx.get(f"{url}/services/together/", follow_redirects=True, timeout=30)
    assert nobody.url.path == "/hub/login", "the class together let in someone not logged in"

    def device(client: httpx.Client) -> TableClient:  # the student's browser: the hub's cookies for the service
        jar = {c.name: c.value for c in client.cookies.jar if not c.path.startswith(("/hub", "/user"))}
        return TableClient(f"{url}/services/together/", cookies=jar)

    async def one_table():
        first, second = device(ada), device(boris)
        code = await first.open_table("durak", 2, seed=7)  # ada opens a table and sits at it
        await first.connect(code)
        assert await second.join(code) == code  # boris types its code
        await second.connect(code)
        taken = await second.sit(1)
        seen = await first.wait_for(lambda m: m.get("t") == "table" and all(s["name"] for s in m["seats"]))
        for client in (first, second):
            await client.aclose()
        return taken, seen

    taken, seen = run(one_table(), 60)
    assert taken["t"] == "table" and taken["you"] == 1, taken
    assert seen["you"] == 0
    assert [s["name"] for s in seen["seats"]] == ["ada", "boris"], "the seats do not carry the hub's names"

    # boris's server posts his practice with the token the hub gave it (on loopback, past the proxy)
    _until(boris, "/user/boris/", lambda r: "data-app=" in r.text)  # his server is up (the hub started it)
    environment = _server_environment("boris", together)
    assert environment["RULEBOOK_TOGETHER_PAGE"] == "/services/together/"
    kind = rules.exercises.kinds("durak")[0]
    rule = rules.exercises.generate(kind, 2, 1).rule
    verdict = {"kind": kind, "seed": 1, "difficulty": 2, "rule": rule, "correct": True}
    posted = httpx.post(
        environment["RULEBOOK_TOGETHER_URL"],
        json=verdict,
        headers={"Authorization": f"Bearer {environment['RULEBOOK_TOGETHER_TOKEN']}"},
    )
    assert posted.status_code == 204, posted.text
    forged = environment["RULEBOOK_TOGETHER_TOKEN"].replace("hub:boris", "hub:ada")
    refused = httpx.post(
        environment["RULEBOOK_TOGETHER_URL"], json=verdict, headers={"Authorization": f"Bearer {forged}"}
    )
    assert refused.status_code == 403, "a token made for one student posted for another"

    # the teacher (a user of the hub, with the key the service kept) reads it on the board
    key = (data / "class" / "teacher-key.txt").read_text().strip()
    assert ada.get("/services/together/board.csv", params={"lang": "en"}).status_code == 403
    assert ada.get("/services/together/board", params={"key": key}).status_code == 200
    sheet = ada.get("/services/together/board.csv", params={"lang": "en"})
    rows = list(csv.reader(io.StringIO(sheet.text)))[1:]
    assert [(row[1], row[3]) for row in rows] == [("boris", kind)], sheet.text


def _sheet_code(url: str, teacher: str = "ada") -> str:
    """The address the sheet printed on a teacher's server gives the Durak app (a path and query:
    the hub listens on this computer's loopback here; a student's device reaches the same path
    at the hub's network address, which these tests never send to)."""
    client, _ = _log_in(url, teacher, PASSWORD)
    sheet = _until(client, f"/user/{teacher}/sheet", lambda r: "/sheet" in str(r.url) and 'class="url"' in r.text)
    addresses = re.findall(r'<div class="url">([^<]+)</div>', sheet.text)
    durak = next(a for a in addresses if f"{APP}?lang=ru" in a)
    address = urlparse(durak.replace("&amp;", "&"))
    assert address.path.startswith("/hub/user-redirect/"), f"the sheet sends students to {durak}"
    assert f"/user/{teacher}/" not in durak
    return f"{address.path}?{address.query}"


def _opened(name: str):
    return lambda r: r.url.path == f"/user/{name}/voila/render/{APP}" and '"kernelId"' in r.text


def test_the_teachers_sheet_takes_each_student_to_the_app_on_their_own_server(hub):
    url = hub.url
    code = _sheet_code(url)  # the teacher is a user of the hub as the students are

    # a student already logged in goes straight to the app on their own server
    boris, _ = _log_in(url, "boris", PASSWORD)
    page = _until(boris, code, _opened("boris"))
    assert _opened("boris")(page), f"boris: {page.url} -> {page.status_code}"
    assert page.url.params.get("lang") == "ru", "the app opens in the sheet's language"

    # a student who scans the code before logging in logs in, and then lands on the app
    vera, landed = _log_in(url, "vera", PASSWORD, start=code)
    page = landed if _opened("vera")(landed) else _until(vera, code, _opened("vera"))
    assert _opened("vera")(page), f"vera: {page.url} -> {page.status_code}"
    assert page.url.params.get("lang") == "ru", "the app opens in the sheet's language"


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


def _server_process(user: str, hub: Hub):
    """``user``'s server under this hub (a process of the hub's own user)."""
    import psutil

    for process in psutil.process_iter(["pid"]):
        with contextlib.suppress(psutil.Error):
            environ = process.environ()
            if environ.get("JUPYTERHUB_USER") == user and environ.get("RULEBOOK_TOGETHER_URL", "").startswith(
                hub.together
            ):
                return process
    raise AssertionError(f"no server of {user} under this hub")


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
        kit, _ = _log_in(hub.url, "kit", PASSWORD)
        gallery = _until(kit, "/user/kit/", lambda r: "data-app=" in r.text, LANDING_SECONDS)
        assert "data-app=" in gallery.text, f"kit: {gallery.url} -> {gallery.status_code}"
    finally:
        for holder in held:
            holder.close()
    server = _server_process("kit", hub)
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


def test_the_hubs_error_pages_speak_both_languages_say_what_next_and_go_on_by_themselves(hub):
    """The page the hub's proxy shows when a student's server does not answer says what happens
    next in both languages and tries again by itself; a page that does not exist leads back to
    the student's apps by itself."""
    lena, _ = _log_in(hub.url, "lena", PASSWORD, start="/hub/login?next=/hub/home")  # logged in, no server
    down = lena.get("/hub/error/503", params={"url": "/user/lena/"})
    assert "Your apps do not answer right now" in down.text and "Ваши приложения сейчас не отвечают" in down.text
    assert '<meta http-equiv="refresh" content="30">' in down.text, "the page does not try again by itself"
    assert "Trying again in" in down.text and "Новая попытка через" in down.text

    lost = lena.get("/hub/no-such-page")
    assert lost.status_code == 404
    assert "There is no such page" in lost.text and "Такой страницы нет" in lost.text
    assert '<meta http-equiv="refresh" content="10;url=/hub/">' in lost.text, "the page does not lead back"


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

    _, landed = _log_in(hub.url, "mila", PASSWORD)
    assert landed.url.path == "/user/mila/", f"mila landed on {landed.url.path}"
    assert 'data-app="durak/play.ipynb"' in landed.text
    assert not any("/hub/spawn-pending/" in str(r.url) for r in landed.history), "a starting page on the way"


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
