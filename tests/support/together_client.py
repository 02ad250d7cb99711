"""A device at the class together, without a browser: what a table's page says and hears.

It keeps its cookies (its device), gives its name, opens or joins a table, connects
to the table's socket, sends requests as the page's script does, and keeps every
message the server sent it (the tests read them all for cards the seat may not see;
the benchmark times them).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx
import websockets

from classserver.serve_apps import free_port, supervised

_XSRF = re.compile(r'name="_xsrf" value="([^"]+)"')


@contextlib.contextmanager
def running(class_dir: Path, log_path: Path, *, ip: str = "127.0.0.1", port: int | None = None, args=()):
    """The class together on its own (``service.py``) on a loopback port; yields (class page's address,
    process). ``args``: more of the service's options (``--away 2``...)."""
    port = port or free_port(ip)
    with log_path.open("a") as log:
        command = [
            sys.executable,
            "-m",
            "classserver.together.service",
            "--ip",
            ip,
            "--port",
            str(port),
            "--class-dir",
            str(class_dir),
        ]
        process = subprocess.Popen([*command, *args], stdout=log, stderr=log)
    root = f"http://{ip}:{port}/together/"
    with supervised(
        process, lambda: socket.create_connection((ip, port), timeout=1).close(), "the class together", log_path
    ):
        yield root, process


class TableClient:
    """One device: ``root`` is the class page's address (``http://host:port/together/``)."""

    def __init__(
        self, root: str, *, lang: str = "en", headers: dict | None = None, cookies=None, source: str | None = None
    ):
        self.root = root if root.endswith("/") else root + "/"
        self.lang = lang
        #: the device's own address (another 127.0.0.x for each device of a load test)
        self.source = source
        transport = httpx.AsyncHTTPTransport(local_address=source) if source else None
        self.http = httpx.AsyncClient(
            headers=headers or {}, cookies=cookies, timeout=60, follow_redirects=False, transport=transport
        )
        self.messages: list[dict] = []  # every message of the socket, in order
        self.received_at: list[float] = []  # when each arrived (time.perf_counter)
        self.raw: list[str] = []  # the same, as sent
        self.code = ""
        self._ws = None
        self._reader: asyncio.Task | None = None
        self._arrived = asyncio.Condition()

    # ---- pages

    async def _xsrf(self) -> str:
        page = await self.http.get(self.root, params={"lang": self.lang})
        match = _XSRF.search(page.text)
        return match.group(1) if match else self.http.cookies.get("_xsrf", "")

    async def join_class(self, name: str) -> httpx.Response:
        """Give a name on the class page (the form's post)."""
        xsrf = await self._xsrf()
        return await self.http.post(self.root + "name", data={"name": name, "lang": self.lang, "_xsrf": xsrf})

    async def open_table(self, game: str, players: int, options: dict | None = None, seed: int | None = None) -> str:
        """Open a table (the class page's form); its code."""
        xsrf = await self._xsrf()
        form = {"game": game, "players": str(players), "lang": self.lang, "_xsrf": xsrf, **(options or {})}
        if seed is not None:
            form["seed"] = str(seed)
        response = await self.http.post(self.root + "tables", data=form)
        if response.status_code != 303:
            raise RuntimeError(f"no table: HTTP {response.status_code}")
        self.code = response.headers["location"].split("/t/")[1].split("?")[0]
        return self.code

    async def join(self, typed_code: str) -> str:
        """A table code typed on the class page (any case, spaces): the code of the table it leads to."""
        response = await self.http.get(self.root + "join", params={"code": typed_code, "lang": self.lang})
        if response.status_code != 303:
            raise RuntimeError(f"no table {typed_code!r}: HTTP {response.status_code}")
        self.code = response.headers["location"].split("/t/")[1].split("?")[0]
        return self.code

    @property
    def student_id(self) -> str:
        """The student this device is (the id its cookie names)."""
        return self.http.cookies.get("rulebook_device", "").split(".")[0]

    # ---- the socket

    async def connect(self, code: str | None = None, *, watch: bool = False, origin: str | None = None) -> None:
        """Open the table's page (its cookie) and connect to its socket as the page does."""
        self.code = code or self.code
        page = await self.http.get(f"{self.root}t/{self.code}", params={"lang": self.lang})
        if page.status_code != 200:
            raise RuntimeError(f"table {self.code}: HTTP {page.status_code}")
        base = urlparse(self.root)
        query = f"?lang={self.lang}" + ("&watch=1" if watch else "")
        url = f"ws://{base.netloc}{base.path}ws/t/{self.code}{query}"
        cookie = "; ".join(f"{name}={value}" for name, value in self.http.cookies.items())
        headers = {**self.http.headers, "Cookie": cookie, "Origin": origin or f"http://{base.netloc}"}
        headers.pop("host", None)
        extra = {"local_addr": (self.source, 0)} if self.source else {}
        self._ws = await websockets.connect(
            url, additional_headers=headers, open_timeout=30, max_size=2**24, compression="deflate", **extra
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in self._ws:
                now = time.perf_counter()
                async with self._arrived:
                    self.raw.append(text)
                    self.messages.append(json.loads(text))
                    self.received_at.append(now)
                    self._arrived.notify_all()
        async with self._arrived:
            self._arrived.notify_all()

    async def send(self, request: dict | str) -> None:
        await self._ws.send(request if isinstance(request, str) else json.dumps(request, ensure_ascii=False))

    async def wait_for(self, test, timeout: float = 30, since: int = 0) -> dict:
        """The first message from index ``since`` on that passes ``test``."""
        deadline = time.monotonic() + timeout
        async with self._arrived:
            while True:
                for message in self.messages[since:]:
                    if test(message):
                        return message
                since = len(self.messages)
                left = deadline - time.monotonic()
                if left <= 0 or (self._reader is not None and self._reader.done()):
                    raise TimeoutError(f"no such message within {timeout} s (table {self.code})")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._arrived.wait(), left)

    @property
    def table(self) -> dict | None:
        """The last table this device was sent."""
        return next((m for m in reversed(self.messages) if m.get("t") == "table"), None)

    async def snapshot(self, timeout: float = 30) -> dict:
        return await self.wait_for(lambda m: m.get("t") == "table", timeout)

    async def answer(self, request: dict, timeout: float = 30) -> dict:
        """Send ``request`` and wait for the server's answer: a refusal, or a table newer than before."""
        mark = len(self.messages)
        before = self.table["version"] if self.table else -1
        await self.send(request)
        return await self.wait_for(
            lambda m: m.get("t") in ("refused", "choose") or (m.get("t") == "table" and m["version"] > before),
            timeout,
            since=mark,
        )

    async def sit(self, seat: int, timeout: float = 30) -> dict:
        """Take seat ``seat``: the table as this seat sees it, or the refusal."""
        mark = len(self.messages)
        await self.send({"t": "sit", "seat": seat})
        return await self.wait_for(
            lambda m: m.get("t") in ("refused", "choose") or (m.get("t") == "table" and m.get("you") == seat),
            timeout,
            since=mark,
        )

    async def disconnect(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            if self._reader is not None:
                await self._reader
            self._ws = None

    @property
    def closed(self) -> bool:
        return self._reader is not None and self._reader.done()

    async def aclose(self) -> None:
        await self.disconnect()
        await self.http.aclose()
