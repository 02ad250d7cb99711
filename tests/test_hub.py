"""JupyterHub as configured in deploy/jupyterhub (``tests/support/hub.py``): a hub on loopback
with the test authenticator (any name, the class's password), several students each logging in,
landing on the apps' gallery (their server started for them), opening an app and playing a move
through the hub's proxy; the teacher's sheet takes a student to the app on the student's own
server, whether logged in already or not yet. The class together is the hub's service: two
students logged in sit at one table through the hub, and a student's server carries the verdict
token that puts the student's practice on the teacher's board.

A class at once: students logging in together wait in line (one server starts at a time here)
and are told so in both languages, and all get in; the hub's error pages speak both languages
and try again by themselves. The servers' own starts and stops: ``tests/test_hub_servers.py``.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import threading
from pathlib import Path
from urllib.parse import urlparse

import httpx
import pytest

import rules.exercises
from tests.classroom_server import AppSession, run
from tests.support.hub import APP, PASSWORD, STUDENTS, log_in, progress, running_hub, until
from tests.support.together_client import TableClient


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    # servers started as programs (the hub's way without its fork server): a test below reads a
    # server's environment from /proc, where a forked server shows the fork server's; the "starting"
    # page at once, so that a student in line sees it whether the start before takes 2 s or 20
    with running_hub(tmp_path_factory, RULEBOOK_HUB_FORK="0", RULEBOOK_HUB_SLOW_SPAWN="0") as running:
        yield running


def test_a_wrong_password_lets_nobody_in(hub):
    url = hub.url
    client, _ = log_in(url, "mallory", "guess")
    assert "/user/mallory/" not in str(client.get("/hub/home").url)
    assert client.get("/user/mallory/", follow_redirects=False).status_code in (302, 303, 403, 404, 503)


def test_students_land_on_the_gallery_open_an_app_and_play_a_move(hub):
    url, data, _, _ = hub
    clients, watching, said = {}, [], {}
    for name in STUDENTS:  # every student logs in at once: the hub starts each one's server
        clients[name], landed = log_in(url, name, PASSWORD)
        where = landed.url.path
        assert where.startswith((f"/user/{name}/", f"/hub/spawn-pending/{name}")), f"{name} landed on {where}"
        if where.startswith("/hub/spawn-pending/"):  # the hub says, in both languages, that the apps are starting
            assert "Your apps are starting" in landed.text and "Ваши приложения запускаются" in landed.text
            # what the starting page shows, as it follows the start
            watch = threading.Thread(target=lambda n=name: said.__setitem__(n, progress(clients[n], n)))
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
        gallery = until(
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
    ada, _ = log_in(url, "ada", PASSWORD)
    boris, _ = log_in(url, "boris", PASSWORD)
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
    until(boris, "/user/boris/", lambda r: "data-app=" in r.text)  # his server is up (the hub started it)
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
    client, _ = log_in(url, teacher, PASSWORD)
    sheet = until(client, f"/user/{teacher}/sheet", lambda r: "/sheet" in str(r.url) and 'class="url"' in r.text)
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
    boris, _ = log_in(url, "boris", PASSWORD)
    page = until(boris, code, _opened("boris"))
    assert _opened("boris")(page), f"boris: {page.url} -> {page.status_code}"
    assert page.url.params.get("lang") == "ru", "the app opens in the sheet's language"

    # a student who scans the code before logging in logs in, and then lands on the app
    vera, landed = log_in(url, "vera", PASSWORD, start=code)
    page = landed if _opened("vera")(landed) else until(vera, code, _opened("vera"))
    assert _opened("vera")(page), f"vera: {page.url} -> {page.status_code}"
    assert page.url.params.get("lang") == "ru", "the app opens in the sheet's language"


def test_the_hubs_error_pages_speak_both_languages_say_what_next_and_go_on_by_themselves(hub):
    """The page the hub's proxy shows when a student's server does not answer says what happens
    next in both languages and tries again by itself; a page that does not exist leads back to
    the student's apps by itself."""
    lena, _ = log_in(hub.url, "lena", PASSWORD, start="/hub/login?next=/hub/home")  # logged in, no server
    down = lena.get("/hub/error/503", params={"url": "/user/lena/"})
    assert "Your apps do not answer right now" in down.text and "Ваши приложения сейчас не отвечают" in down.text
    assert '<meta http-equiv="refresh" content="30">' in down.text, "the page does not try again by itself"
    assert "Trying again in" in down.text and "Новая попытка через" in down.text

    lost = lena.get("/hub/no-such-page")
    assert lost.status_code == 404
    assert "There is no such page" in lost.text and "Такой страницы нет" in lost.text
    assert '<meta http-equiv="refresh" content="10;url=/hub/">' in lost.text, "the page does not lead back"
