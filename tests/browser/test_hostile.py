"""A hostile visitor against the running app server: nothing they send runs code, reads a
file beyond the apps, reaches a traceback, or takes more than their share of kernels.

The messages go over HTTP and the kernel websocket exactly as a page's would (the
protocol-level client of ``tests/support/appclient.py``), from several visitors' addresses
(the server is told to trust the proxy headers that name them).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
import urllib.error
import urllib.request

import pytest
import websockets

from tests.classroom_server import AppError, AppSession, classroom_server, run, status

APP = "notation/notation.ipynb"
GAME = "durak/play.ipynb"
LEAKS = ("Traceback", "site-packages", "/work/", 'File "', '.py", line')


@pytest.fixture(scope="module")
def server_log(tmp_path_factory):
    return tmp_path_factory.mktemp("hostile") / "voila.log"


@pytest.fixture(scope="module")
def server(server_log):
    with classroom_server(server_log, max_kernels=3, max_per_client=2, trust_forwarded=True) as url:
        yield url


def visitor(address: str) -> dict:
    return {"X-Real-Ip": address}


def _get(url: str, headers: dict | None = None) -> tuple[int, str, dict]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode("utf-8", "replace"), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace"), dict(error.headers)


def _leaks(session: AppSession) -> list[str]:
    text = json.dumps(session.received)
    return [marker for marker in LEAKS if marker in text]


async def _drain(session: AppSession, seconds: float) -> None:
    while await session.receive(seconds) is not None:
        pass


def test_no_code_from_a_page_runs_on_any_channel(server, tmp_path):
    proof = tmp_path / "ran"

    async def attack():
        session = AppSession(server, APP, headers=visitor("10.0.0.1"))
        await session.open()
        code = f"open({str(proof)!r}, 'w').write('x')"
        asked = []
        for channel in ("shell", "control", "stdin", "iopub"):
            asked.append(await session.send("execute_request", {"code": code, "silent": False}, channel))
        for msg_type in ("inspect_request", "complete_request", "history_request", "debug_request"):
            asked.append(await session.send(msg_type, {"code": code, "cursor_pos": 1}))
        await _drain(session, 3)
        answered = [m for m in session.received if m.get("parent_header", {}).get("msg_id") in asked]
        await session.until_idle(await session.send("kernel_info_request", {}))  # what a page may ask is answered
        await session.shut_down()
        return answered

    answered = run(attack())
    assert answered == [], f"the kernel answered a request a page may not send: {answered}"
    assert not proof.exists(), "code sent by a page ran on the server"


def test_malformed_widget_messages_get_no_traceback_and_leave_the_app_working(server):
    async def attack():
        session = AppSession(server, GAME, headers=visitor("10.0.0.2"))
        await session.open()
        # comm_open with nonsense: no target, unknown target, the widget target with garbage state
        await session.send("comm_open", {"comm_id": "x", "target_name": "jupyter.widget", "data": {"state": 7}})
        await session.send("comm_open", {"comm_id": "y", "target_name": "no.such.target", "data": {}})
        await session.send("comm_open", {"target_name": "jupyter.widget", "data": None})
        await session.send(
            "comm_open",
            {"comm_id": "z", "target_name": "jupyter.widget", "data": {"state": {"_model_name": "NoSuchModel"}}},
        )
        # comm_msg to nobody, and messages a widget cannot make sense of
        await session.send("comm_msg", {"comm_id": "nobody", "data": {"method": "update", "state": {}}})
        action = session.moves()[0]
        for data in (
            {"method": "update", "state": {"description": {"a": [1, 2]}}, "buffer_paths": []},
            {"method": "update", "state": {"children": "IPY_MODEL_nothing"}, "buffer_paths": [["x", 3]]},
            {"method": "custom", "content": {"event": "click", "extra": "A♠ " * 10_000}},
            {"method": "no such method"},
            "not even a dict",
        ):
            await session.send("comm_msg", {"comm_id": action, "data": data})
        box = session.find("rb-typed")
        text = [c for c in session.shown() if session.models[c].get("_model_name") == "TextModel"]
        for comm_id in text:
            await session.send(
                "comm_msg", {"comm_id": comm_id, "data": {"method": "update", "state": {"value": 12345}}}
            )
        await session.send("comm_close", {"comm_id": "x"})
        await session.send_raw("this is not a message")
        await session.send_raw(json.dumps({"channel": "shell", "header": "broken"}))
        await _drain(session, 3)
        # the game still plays: a legal move is answered, and only the page's own widgets changed
        before = len(session.moves())
        seconds = await session.click(session.moves()[0])
        await session.shut_down()
        return session, box, before, seconds

    session, box, before, seconds = run(attack())
    assert box, "the box for a typed card is on the page"
    assert before > 0 and seconds < 30
    assert _leaks(session) == [], f"server details reached the page: {_leaks(session)}"
    assert not any(m.get("header", {}).get("msg_type") == "error" for m in session.received)
    assert not any(m.get("content", {}).get("name") == "stderr" for m in session.received)


def test_an_oversized_message_closes_that_socket_only(server):
    async def attack():
        session = AppSession(server, APP, headers=visitor("10.0.0.3"))
        await session.open()
        with pytest.raises(websockets.ConnectionClosed):
            await session.send_raw("x" * (24 * 2**20))
            await session.receive(10)
            await session.send("kernel_info_request", {})
            await session.receive(10)
        other = AppSession(server, APP, headers=visitor("10.0.0.3"))
        other.kernel_id, other.cookies = session.kernel_id, session.cookies
        await other.connect()
        await other.read_widgets()  # the kernel and the server still answer
        await other.shut_down()

    run(attack())


#: frames a hostile page could send on its kernel socket: each claims more than it holds
MALFORMED_FRAMES = (
    (20_000_000).to_bytes(8, "little") + bytes(16),  # 24 bytes claiming twenty million offsets
    random.Random(4).randbytes(4096),  # 4 KB of noise
    (2**63).to_bytes(8, "little"),  # a count and nothing else
    (6).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in (56, 900, 10, 20, 30, 40)),
    (6).to_bytes(8, "little") + b"".join((2**60).to_bytes(8, "little") for _ in range(6)),
    b"",
    b"\x00" * 7,
)


def test_frame_problem_passes_a_page_s_messages_and_names_each_malformed_frame():
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    from classserver import guards

    v1 = "v1.kernel.websocket.jupyter.org"
    message = {"header": {"msg_type": "comm_msg"}, "parent_header": {}, "metadata": {}, "content": {"data": "A♠"}}
    pack = lambda part: json.dumps(part).encode()  # noqa: E731
    framed = serialize_msg_to_ws_v1(message, "shell", pack=pack)
    assert guards.frame_problem(framed, v1) is None
    with_buffers = serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"{}", b"\x01" * 100, b"\x02"], "shell")
    assert guards.frame_problem(with_buffers, v1) is None
    for frame in MALFORMED_FRAMES:
        assert guards.frame_problem(frame, v1), f"{frame[:16]!r}... passed"
    assert guards.frame_problem(serialize_msg_to_ws_v1(message, "nowhere", pack=pack), v1)
    assert guards.frame_problem(framed.replace(b"shell", b"stdin"), v1) is None
    assert guards.frame_problem("text", v1), "the v1 protocol sends binary frames only"
    assert guards.frame_problem(b"x" * (guards.MAX_FRAME_BYTES + 1), v1)
    # the older protocol: a big-endian count of 4 bytes and its offsets
    assert guards.frame_problem((2**31 - 1).to_bytes(4, "big") + bytes(8), None)
    assert guards.frame_problem((1).to_bytes(4, "big") + (8).to_bytes(4, "big") + b"{}", None) is None
    assert guards.frame_problem('{"channel": "shell"}', None) is None


def test_malformed_frames_close_only_their_socket_while_another_visitor_plays(server):
    """A page sending frames no page sends loses its socket; the class does not notice."""
    answers: list[float] = []

    async def watch_status(stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            start = time.perf_counter()
            await loop.run_in_executor(None, status, server)
            answers.append(time.perf_counter() - start)
            await asyncio.sleep(0.1)

    async def attack() -> int:
        closed = 0
        for frame in MALFORMED_FRAMES:
            hostile = AppSession(server, APP, headers=visitor("10.0.3.1"))
            await hostile.open()
            try:
                await hostile.send_raw(frame)
                await hostile.receive(5)
                await hostile.send("kernel_info_request", {})
                await hostile.receive(5)
            except websockets.ConnectionClosed:
                closed += 1
            await hostile.shut_down()
        return closed

    async def play() -> tuple[float, list[float]]:
        player = AppSession(server, GAME, headers=visitor("10.0.3.2"))
        interactive = await player.open()
        clicks = [await player.click(player.moves()[0]) for _ in range(3)]
        await player.shut_down()
        return interactive, clicks

    async def lesson():
        stop = asyncio.Event()
        watcher = asyncio.create_task(watch_status(stop))
        try:
            return await asyncio.gather(attack(), play())
        finally:
            stop.set()
            await watcher

    closed, (interactive, clicks) = run(lesson())
    assert closed == len(MALFORMED_FRAMES), "every malformed frame closes its socket"
    assert interactive < 30 and max(clicks) < 5, (interactive, clicks)
    # a server parsing the 24-byte frame took 10 s per answer, and minutes for the noise; a
    # guarded one answers at once, a first answer or two at most slowed by the pages opening
    # on a busy machine
    assert answers and statistics.median(answers) < 0.5, f"the status page took {statistics.median(answers):.2f} s"
    assert max(answers) < 2, f"the status page took up to {max(answers):.2f} s"


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "iframe"},
        {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate"},
        {"Referer": "http://evil.example/page.html"},
    ],
    ids=["hidden-frame", "link", "old-browser"],
)
def test_an_app_asked_for_by_another_site_starts_no_kernel(server, headers):
    before = status(server)["kernels_alive"]
    code, body, _ = _get(server + f"/voila/render/{APP}?lang=ru", {**visitor("10.0.4.1"), **headers})
    assert code == 403
    assert "Another site asked for this app" in body and "Это приложение запросил другой сайт" in body
    assert f'href="/voila/render/{APP}?lang=ru"' in body, "a link on this server opens the app"
    assert status(server)["kernels_alive"] == before, "a kernel started for another site's request"


@pytest.mark.parametrize(
    "headers",
    [{"Sec-Fetch-Site": "none"}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "same-site"}, {}],
    ids=["typed-or-qr", "gallery-link", "same-site", "no-header"],
)
def test_an_app_asked_for_by_a_student_opens(server, headers):
    async def visit():
        session = AppSession(server, APP, headers=visitor("10.0.4.2"), page_headers=headers)
        await session.open()
        await session.shut_down()
        return session.status

    assert run(visit()) == 200


def test_a_page_long_out_of_sight_gives_its_place_to_a_newcomer():
    from classserver.kernel_pool import KernelLedger

    class Kernels:
        def __init__(self):
            self.ids: list[str] = []

        def list_kernel_ids(self):
            return list(self.ids)

        async def shutdown_kernel(self, kernel_id):
            self.ids.remove(kernel_id)

    async def lesson():
        kernels = Kernels()
        ledger = KernelLedger(kernels, max_kernels=2, max_per_visitor=1, away_grace=20)
        now = asyncio.get_running_loop().time()
        for kernel_id, student in (("k1", "10.9.1.1"), ("k2", "10.9.1.2")):
            kernels.ids.append(kernel_id)
            ledger.record(kernel_id, ledger.claim(student))
        assert not ledger.mark_away("k1", "10.9.1.2", True, now), "only a page's own visitor says it went away"
        assert ledger.mark_away("k1", "10.9.1.1", True, now - 5)
        assert await ledger.refusal_making_room("10.9.1.3") == ("class", 2), "five seconds away is not gone"
        assert ledger.mark_away("k1", "10.9.1.1", True, now - 60)  # still the first time it went away
        assert ledger.mark_away("k2", "10.9.1.2", True, now - 30)
        assert ledger.mark_away("k2", "10.9.1.2", False, now), "k2 came back"
        ledger.away["k1"] = now - 60
        assert await ledger.refusal_making_room("10.9.1.3") is None
        assert kernels.ids == ["k2"], "the page longest out of sight gave its place; the one back kept it"
        kernels.ids.append("k3")
        ledger.record("k3", ledger.claim("10.9.1.3"))
        ledger.mark_away("k3", "10.9.1.3", True, now - 60)
        assert await ledger.refusal_making_room("10.9.1.3") is None, "a student's own hidden tab makes room"
        assert "k3" not in kernels.ids

    run(lesson())


def test_a_foreign_host_or_origin_is_refused(server):
    port = server.rsplit(":", 1)[1]
    code, _, _ = _get(server + "/", {"Host": f"rebind.example:{port}"})
    assert code == 403, "a DNS-rebinding name must be refused"
    code, body, _ = _get(server + f"/voila/render/{APP}", {"Host": f"evil.example:{port}"})
    assert code == 403 and "notation" not in body
    assert _get(server + "/", {"Host": f"localhost:{port}"})[0] == 200
    assert _get(server + "/", {"Host": f"127.0.0.1:{port}"})[0] == 200
    # the book beside the apps is behind the same guards
    assert _get(server + "/book/", {"Host": f"rebind.example:{port}"})[0] == 403
    assert _get(server + "/book/", {"Origin": "http://evil.example"})[0] == 403
    assert _get(server + "/book/", {"Host": f"127.0.0.1:{port}"})[0] == 200

    async def cross_site():
        session = AppSession(server, APP, headers=visitor("10.0.0.4"))
        await session.open()
        await session.close()
        with pytest.raises(websockets.InvalidStatus) as refused:
            await session.connect(origin="http://evil.example")
        assert refused.value.response.status_code == 403
        with pytest.raises(websockets.InvalidStatus):
            await websockets.connect(
                f"ws://127.0.0.1:{port}/api/kernels/{session.kernel_id}/channels",
                additional_headers={"Host": f"rebind.example:{port}"},
            )
        await session.connect(origin=server)  # the page's own origin is welcome
        await session.shut_down()

    run(cross_site())


@pytest.mark.parametrize(
    "path",
    [
        "/voila/files/notation/notation.ipynb",
        "/voila/files/durak/rules.md",
        "/voila/files/_voila/classroom.py",
        "/voila/files/../pyproject.toml",
        "/voila/files/%2e%2e/pyproject.toml",
        "/voila/render/durak/statistics.ipynb",
        "/voila/render/durak/rules.md",
        "/voila/render/../pyproject.toml",
        "/voila/render/_voila/classroom.py",
        "/voila/api/contents/durak",
        "/voila/api/contents/durak/play.ipynb?content=1",
        "/voila/static/../../../../../etc/passwd",
        "/voila/templates/rulebook/../../../../../../etc/passwd",
        "/api/contents/durak/play.ipynb",
        "/api/kernels",
        "/tree",
        "/lab",
        "/files/pyproject.toml",
    ],
)
def test_no_file_beyond_the_apps_is_served(server, path):
    code, body, _ = _get(server + path, visitor("10.0.0.5"))
    assert code in (403, 404, 405), f"{path} answered {code}"
    assert "import" not in body and "root:" not in body and "[project]" not in body


@pytest.mark.parametrize(
    "path",
    [
        "/voila/templates/rulebook/index.html.j2",  # a template's source, not one of its static files
        "/voila/templates/rulebook/conf.json",
        "/voila/files/durak/cards%00.svg",  # a NUL byte, which no file name holds
        "/voila/render/durak/play.ipynb%00",
        "/voila/static/%00",
        "/voila/render/%2e%2e/pyproject.toml",
        "/voila/templates/lab/static/..%5c..%5cconf.json",  # a backslash as a way up
        "/book/..%2f..%2fpyproject.toml",
    ],
)
def test_a_path_no_app_has_is_not_found_and_leaves_no_traceback_in_the_log(server, server_log, path):
    seen = len(server_log.read_bytes())
    code, body, _ = _get(server + path, visitor("10.0.0.7"))
    assert code == 404, f"{path} answered {code}"
    assert "Not found" in body and "Не найдено" in body
    logged = server_log.read_bytes()[seen:].decode("utf-8", "replace")
    assert "Traceback" not in logged and "Uncaught" not in logged, logged


def test_pages_show_the_apps_but_not_their_code(server):
    async def visit():
        session = AppSession(server, APP, headers=visitor("10.0.0.6"))
        await session.open()
        await session.shut_down()
        return session.html

    body = run(visit())
    assert "page_lang" not in body and "from widgets" not in body, "the app's code reached the page"
    listing = _get(server + "/voila/tree/durak", visitor("10.0.0.6"))[1]
    assert "statistics.ipynb" not in listing and "rules.md" not in listing


def test_the_ceilings_turn_visitors_away_in_both_languages_and_free_a_place_when_a_tab_closes(server):
    async def crowd():
        first = [AppSession(server, APP, headers=visitor("10.0.1.1")) for _ in range(2)]
        for session in first:
            await session.open()
        third = AppSession(server, APP, headers=visitor("10.0.1.1"))
        with pytest.raises(AppError):
            await third.open()
        assert third.status == 429
        assert "This computer already has 2 apps open" in third.html
        assert "На этом компьютере уже открыто приложений: 2" in third.html

        other = AppSession(server, APP, headers=visitor("10.0.1.2"))
        await other.open()  # 3 of 3: the class is now full
        late = AppSession(server, APP, headers=visitor("10.0.1.3"))
        with pytest.raises(AppError):
            await late.open()
        assert late.status == 503
        assert "The class is full" in late.html and "Класс заполнен" in late.html
        assert "try again in a minute" in late.html.lower() and "через минуту" in late.html
        assert status(server)["kernels_in_use"] == 3

        await first[0].shut_down()  # the tab closes: its kernel goes at once
        again = AppSession(server, APP, headers=visitor("10.0.1.3"))
        await again.open()
        for session in (first[1], other, again):
            await session.shut_down()
        return status(server)

    after = run(crowd())
    assert after["kernels_in_use"] == 0


def test_the_full_page_asks_to_retry_in_a_minute(server):
    async def fill_then_knock():
        held = []
        for address in ("10.0.2.1", "10.0.2.2", "10.0.2.3"):
            session = AppSession(server, APP, headers=visitor(address))
            await session.open()
            held.append(session)
        try:
            return _get(server + f"/voila/render/{APP}", visitor("10.0.2.4"))
        finally:
            for session in held:
                await session.shut_down()

    code, body, headers = run(fill_then_knock())
    assert code == 503 and headers.get("Retry-After") == "60"
    assert '<meta http-equiv="refresh" content="60">' in body


def test_a_kernel_being_drawn_counts_once_against_the_ceilings():
    from classserver.kernel_pool import KernelLedger

    class Kernels:
        def __init__(self):
            self.ids: list[str] = []

        def list_kernel_ids(self):
            return list(self.ids)

    kernels = Kernels()
    ledger = KernelLedger(kernels, max_kernels=3, max_per_visitor=2)
    first = ledger.claim("10.9.0.1")
    assert ledger.in_use("10.9.0.1") == 1 and ledger.refusal("10.9.0.1") is None
    kernels.ids.append("k1")
    ledger.record("k1", first)  # the page is still being drawn: the kernel counts, the claim no longer
    assert ledger.in_use("10.9.0.1") == 1 and ledger.refusal("10.9.0.1") is None
    ledger.release(first)
    second = ledger.claim("10.9.0.1")
    assert ledger.refusal("10.9.0.1") == ("client", 2)
    ledger.release(second)  # refused or failed before any kernel: nothing held
    assert ledger.in_use() == 1
    kernels.ids.clear()  # shut down (a closed tab, the culler)
    assert ledger.in_use() == 0 and ledger.refusal("10.9.0.1") is None
