"""A JupyterHub as deploy/jupyterhub configures it, on loopback, for the tests
(``tests/test_hub.py``, ``tests/test_hub_servers.py``), and a student's ways into it: a
client that logs in as a browser does, and Debian's Chromium."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlparse

import httpx
import pytest

from classserver.serve_apps import free_port, port_taken

CHROMIUM = "/usr/bin/chromium"

ROOT = Path(__file__).resolve().parents[2]
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


def free_block(size: int) -> range:
    """``size`` consecutive ports of 127.0.0.1 nobody listens on, below the system's ephemeral ports
    (where a firewall's range for the students' servers would be)."""
    for _ in range(200):
        first = random.randrange(20000, 30000 - size)
        block = range(first, first + size)
        if not any(port_taken("127.0.0.1", port) for port in block):
            return block
    raise RuntimeError(f"no {size} consecutive free ports between 20000 and 30000")


@contextlib.contextmanager
def running_hub(tmp_path_factory, **settings: str):
    """The hub of deploy/jupyterhub on loopback (a test authenticator, one server starting at a
    time, every port free, and ``settings`` of its environment), until the block ends: then it
    stops its students' servers too."""
    if not PROXY.exists():
        pytest.fail(f"JupyterHub's proxy is missing at {PROXY}; install it with: make hub-proxy")
    data = tmp_path_factory.mktemp("hub")
    port, together_port = free_port(), free_port()
    ports = free_block(12)
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
        **settings,
    }
    hub_bin = Path(sys.executable).parent / "jupyterhub"
    log = (data / "hub.log").open("w")
    proc = subprocess.Popen(
        [str(hub_bin), "-f", str(CONFIG)],
        cwd=data,
        env=env,
        stdout=log,
        stderr=log,
        preexec_fn=stoppable_by_sigint,
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


def stoppable_by_sigint() -> None:
    """The hub stops its services and its students' servers with SIGINT (then waits 30 s before
    SIGTERM): a test run started in the background inherits SIGINT ignored, and Python keeps it
    so, which left the hub's cleanup waiting until the fixture killed it, and its servers running."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def log_in(url: str, name: str, password: str, start: str = "/hub/login") -> tuple[httpx.Client, httpx.Response]:
    """A student's browser: opens ``start`` (the login page, or an address that leads to it) and
    logs in; the client and the page it landed on."""
    client = httpx.Client(base_url=url, follow_redirects=True, timeout=120)
    form = client.get(start)
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form.text)
    action = re.search(r'<form[^>]*action="([^"]*)"', form.text)
    target = (action.group(1) if action else "/hub/login").replace("&amp;", "&")
    landed = client.post(target, data={"username": name, "password": password, "_xsrf": xsrf.group(1) if xsrf else ""})
    return client, landed


def progress(client: httpx.Client, name: str, seconds: float = 240) -> list[dict]:
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


def until(client: httpx.Client, path: str, ready, seconds: float = 120) -> httpx.Response:
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


def server_process(user: str, hub: Hub):
    """``user``'s server under this hub (a process of the hub's own user), by the pid the hub keeps
    (a server forked from the fork server shows the fork server's command line and environment)."""
    import psutil

    token = (hub.data / "class-start-token").read_text().strip()
    model = httpx.get(f"{hub.url}/hub/api/users/{user}", headers={"Authorization": f"token {token}"}, timeout=30)
    pid = (model.json().get("servers", {}).get("", {}).get("state") or {}).get("pid")
    if not pid:
        raise AssertionError(f"no server of {user} under this hub: {model.status_code} {model.text[:300]}")
    return psutil.Process(pid)
