"""JupyterHub as configured in deploy/jupyterhub: a hub on loopback with the test
authenticator (any name, the class's password), several students each logging in,
landing on the apps' gallery (their server started for them), opening an app and playing
a move through the hub's proxy; the teacher's sheet takes a student, once logged in, to
the app on the student's own server.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx
import pytest

from tests.classroom_server import AppSession, run

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PROXY = ROOT / "deploy" / "jupyterhub" / "node_modules" / ".bin" / "configurable-http-proxy"
STUDENTS = ("ada", "boris", "vera")
PASSWORD = "class-password"
APP = "durak/play.ipynb"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    if not PROXY.exists():
        pytest.fail(f"JupyterHub's proxy is missing at {PROXY}; install it with: make hub-proxy")
    data = tmp_path_factory.mktemp("hub")
    port = _free_port()
    env = {
        **os.environ,
        "RULEBOOK_HUB_DIR": str(data),
        "RULEBOOK_HUB_PORT": str(port),
        "RULEBOOK_HUB_AUTHENTICATOR": "dummy",
        "RULEBOOK_HUB_PASSWORD": PASSWORD,
        "RULEBOOK_HUB_IDLE": "600",
        "CONFIGPROXY_AUTH_TOKEN": "test-proxy-token",
    }
    hub_bin = Path(sys.executable).parent / "jupyterhub"
    log = (data / "hub.log").open("w")
    proc = subprocess.Popen(
        [str(hub_bin), "-f", str(CONFIG), "--JupyterHub.hub_port", str(_free_port())],
        cwd=data,
        env=env,
        stdout=log,
        stderr=log,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{url}/hub/api/", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not start; see {data / 'hub.log'}")
            time.sleep(0.5)
        yield url, data
    finally:
        proc.terminate()  # the hub stops its students' servers and its proxy
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


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


def _until(client: httpx.Client, path: str, ready, seconds: float = 120) -> httpx.Response:
    """GET ``path`` until ``ready(response)`` (the hub shows a "starting" page until the server answers)."""
    deadline = time.monotonic() + seconds
    while True:
        response = client.get(path)
        if ready(response) or time.monotonic() > deadline:
            return response
        time.sleep(1)


def test_a_wrong_password_lets_nobody_in(hub):
    url, _ = hub
    client, _ = _log_in(url, "mallory", "guess")
    assert "/user/mallory/" not in str(client.get("/hub/home").url)
    assert client.get("/user/mallory/", follow_redirects=False).status_code in (302, 303, 403, 404, 503)


def test_students_land_on_the_gallery_open_an_app_and_play_a_move(hub):
    url, data = hub
    clients = {}
    for name in STUDENTS:  # every student logs in at once: the hub starts each one's server
        clients[name], landed = _log_in(url, name, PASSWORD)
        where = landed.url.path
        assert where.startswith((f"/user/{name}/", f"/hub/spawn-pending/{name}")), f"{name} landed on {where}"
    for name, client in clients.items():
        gallery = _until(
            client, f"/user/{name}/", lambda r, name=name: f"/user/{name}/" in str(r.url) and "data-app=" in r.text
        )
        assert gallery.status_code == 200, f"{name}: {gallery.url} -> {gallery.status_code}"
        assert f'data-app="{APP}"' in gallery.text and "Играть в дурака" in gallery.text

    async def play(name: str, client: httpx.Client):
        cookie = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar if c.path.startswith(("/user", "/")))
        session = AppSession(f"{url}/user/{name}", APP, "ru", headers={"Cookie": cookie})
        await session.open()
        action = session.buttons("rb-action")
        assert action, f"{name}: no move to play"
        await session.click(action[0])
        descriptions = [session.models[c]["description"] for c in session.buttons("rb-action")]
        await session.shut_down()
        return descriptions

    for name, client in clients.items():
        assert run(play(name, client), 180), f"{name}: the game did not answer the move"

    # a student cannot use another's server: the hub's login does not reach it
    other = clients["ada"].get("/user/boris/", follow_redirects=True)
    assert 'data-app="' not in other.text
    assert not any(data.glob("students/*/*.ipynb")), "no notebook was copied to a student"


def test_the_teachers_sheet_takes_each_student_to_the_app_on_their_own_server(hub):
    url, _ = hub
    teacher, _ = _log_in(url, "teacher", PASSWORD)
    sheet = _until(teacher, "/user/teacher/sheet", lambda r: "/sheet" in str(r.url) and 'class="url"' in r.text)
    addresses = re.findall(r'<div class="url">([^<]+)</div>', sheet.text)
    durak = next(a for a in addresses if f"{APP}?lang=ru" in a)
    address = urlparse(durak.replace("&amp;", "&"))
    assert address.path.startswith("/hub/user-redirect/"), f"the sheet sends students to {durak}"
    assert "/user/teacher/" not in durak
    # the hub listens on this computer's loopback here: a student's device reaches the same path
    # at the hub's network address, which these tests never send to; they follow the path here
    code = f"{address.path}?{address.query}"

    def opened(name: str):
        return lambda r: r.url.path == f"/user/{name}/voila/render/{APP}" and '"kernelId"' in r.text

    # a student already logged in goes straight to the app on their own server
    ada, _ = _log_in(url, "ada", PASSWORD)
    page = _until(ada, code, opened("ada"))
    assert opened("ada")(page), f"ada: {page.url} -> {page.status_code}"
    assert page.url.params.get("lang") == "ru", "the app opens in the sheet's language"
    # a student who scans the code before logging in logs in, and then lands on the app
    gleb, landed = _log_in(url, "gleb", PASSWORD, start=code)
    assert "/hub/home" not in landed.url.path, "the student was left on the hub's page"
    page = _until(gleb, code, opened("gleb"))
    assert opened("gleb")(page), f"gleb: {page.url} -> {page.status_code}"
