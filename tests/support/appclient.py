"""A client of the served apps that speaks what a page speaks, without a browser.

It requests an app's page over HTTP, connects to its kernel's websocket, asks for the
state of every widget (the widget comm protocol, as the page's widget manager does),
clicks buttons and sets values, and times the answers. The load test drives many of
them at once; the tests also send hostile messages through it.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from urllib.parse import urlparse

import websockets
from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

#: the kernel websocket protocol the pages speak (binary frames the server relays as they are)
PROTOCOL = "v1.kernel.websocket.jupyter.org"
_KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')
#: the widget manager's control comm (ipywidgets 8), which fetches every widget's state at once
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"
_MODEL_ID = re.compile(r'"model_id"\s*:\s*"([0-9a-f]{32})"')
#: the buttons that make a move in a play app: a card of the hand that can be played
#: (widgets/hand.py), a move without a card (Take, Pass, Draw: widgets/game.py)
MOVES = ("rb-legal", "rb-action")


# a class opens its pages at once: no queue of ten at a time in the client
AsyncHTTPClient.configure(None, max_clients=500)


class AppError(RuntimeError):
    """The app did not behave as a page expects (refused, no kernel, no answer)."""


def _pack(part: dict) -> bytes:
    return json.dumps(part).encode("utf-8")


def _message(msg_type: str, content: dict, session: str, channel: str = "shell") -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "student",
            "session": session,
            "date": datetime.datetime.now(datetime.UTC).isoformat(),
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "channel": channel,
        "buffers": [],
    }


def _cookies(header: str) -> list[tuple[str, str]]:
    """The cookies of a ``Cookie`` header, as (name, value) pairs."""
    pairs = (part.strip().partition("=") for part in header.split(";"))
    return [(name, value) for name, _, value in pairs if name]


def _changes_a_widget(msg: dict) -> bool:
    """Whether a kernel's message changes what the page shows: a widget's new state, or a new widget."""
    msg_type = msg.get("header", {}).get("msg_type")
    if msg_type == "comm_open":
        return True
    data = msg.get("content", {}).get("data")
    return msg_type == "comm_msg" and isinstance(data, dict) and data.get("method") == "update"


@dataclass
class AppSession:
    """One visitor's page of one app: its kernel, its widgets and what the kernel sent."""

    base_url: str
    app: str
    lang: str = "en"
    headers: dict = field(default_factory=dict)
    #: headers of the page's request only, as a browser sends on navigation (``Sec-Fetch-Site``)
    page_headers: dict = field(default_factory=dict)
    #: the address this visitor's connections come from (a loopback address of its own stands
    #: for a student's device: the server counts its kernels by address); None: the system's choice
    source: str | None = None
    status: int = 0
    html: str = ""
    kernel_id: str = ""
    models: dict = field(default_factory=dict)  # comm id -> widget state
    received: list = field(default_factory=list)  # every message the kernel sent this page
    cookies: dict = field(default_factory=dict)
    page_seconds: float = 0.0  # until the page's HTML had arrived whole
    closed_status: int = 0  # the server's answer to the tab's closing beacon (:meth:`shut_down`)
    _ws: object = None
    _session: str = field(default_factory=lambda: uuid.uuid4().hex)

    async def open(self, timeout: float = 120) -> float:
        """Request the page, connect to its kernel and read every widget: seconds until interactive."""
        start = time.perf_counter()
        url = f"{self.base_url}/voila/render/{self.app}?lang={self.lang}"
        request = HTTPRequest(
            url,
            headers={**self.headers, **self.page_headers},
            request_timeout=timeout,
            follow_redirects=False,
            network_interface=self.source,
        )
        try:
            response = await AsyncHTTPClient().fetch(request)
        except HTTPClientError as error:
            self.status = error.code
            self.html = error.response.body.decode("utf-8", "replace") if error.response else ""
            raise AppError(f"{self.app}: HTTP {error.code}") from None
        self.status = response.code
        self.html = response.body.decode("utf-8")
        for cookie in response.headers.get_list("Set-Cookie"):
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        match = _KERNEL_ID.search(self.html)
        if not match:
            title = re.search(r"<title>(.*?)</title>", self.html, re.S)
            raise AppError(
                f"{self.app}: the page names no kernel (HTTP {self.status}, "
                f"{len(self.html)} characters, title {title.group(1).strip() if title else None!r})"
            )
        self.kernel_id = match.group(1)
        self.page_seconds = time.perf_counter() - start
        await self.connect()
        await self.read_widgets(timeout)
        return time.perf_counter() - start

    async def connect(self, origin: str | None = None) -> None:
        base = urlparse(self.base_url)
        ws_url = f"ws://{base.netloc}{base.path.rstrip('/')}/api/kernels/{self.kernel_id}/channels?session_id={self._session}"
        headers = dict(self.headers)
        if origin is not None:
            headers["Origin"] = origin
        self._ws = await websockets.connect(
            ws_url,
            additional_headers=headers,
            max_size=2**26,
            open_timeout=30,
            subprotocols=[PROTOCOL],
            **({"local_addr": (self.source, 0)} if self.source else {}),
        )

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            self._ws = None

    async def shut_down(self) -> None:
        """What the page does when its tab closes: the unload beacon, as a browser sends it.

        ``navigator.sendBeacon`` posts a FormData (multipart) with the ``_xsrf`` field (the
        ``_xsrf`` cookie the page reads), the page's Origin, and every cookie the browser holds
        for the address: those the page came with (under JupyterHub, the hub's login to this
        server, and the ``_xsrf`` cookie the server set earlier) and those the page set.
        """
        await self.close()
        jar = dict(_cookies(self.headers.get("Cookie", "")))
        jar.update(self.cookies)
        boundary = uuid.uuid4().hex
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n'
            f"{jar.get('_xsrf', '')}\r\n--{boundary}--\r\n"
        )
        base = urlparse(self.base_url)
        headers = {
            **self.headers,
            "Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()),
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "Origin": f"{base.scheme}://{self.headers.get('Host', base.netloc)}",
            "Sec-Fetch-Site": "same-origin",
        }
        request = HTTPRequest(
            f"{self.base_url}/voila/api/shutdown/{self.kernel_id}",
            method="POST",
            body=body,
            headers=headers,
            network_interface=self.source,
        )
        try:
            response = await AsyncHTTPClient().fetch(request)
            self.closed_status = response.code
        except HTTPClientError as error:
            self.closed_status = error.code

    async def send(self, msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> str:
        msg = _message(msg_type, content, self._session, channel)
        msg["metadata"] = metadata or {}
        await self._ws.send(serialize_msg_to_ws_v1(msg, channel, pack=_pack))
        return msg["header"]["msg_id"]

    async def send_raw(self, text: str | bytes) -> None:
        await self._ws.send(text)

    async def receive(self, timeout: float) -> dict | None:
        try:
            raw = await asyncio.wait_for(self._ws.recv(), timeout)
        except TimeoutError:
            return None
        if isinstance(raw, bytes):  # the page's protocol: channel, header, parent, metadata, content, buffers
            channel, parts = deserialize_msg_from_ws_v1(raw)
            header, parent, metadata, content = (json.loads(part) for part in parts[:4])
            msg = {"channel": channel, "header": header, "parent_header": parent, "metadata": metadata}
            msg.update(content=content, buffers=len(parts) - 4)
        else:
            msg = json.loads(raw)
        self.received.append(msg)
        msg_type = msg.get("header", {}).get("msg_type")
        content = msg.get("content", {})
        if msg_type == "comm_msg" and content.get("data", {}).get("method") in ("update", "echo_update"):
            self.models.setdefault(content["comm_id"], {}).update(content["data"].get("state", {}))
        elif msg_type == "comm_open":  # a widget the kernel made after the page was drawn
            self.models[content["comm_id"]] = dict(content.get("data", {}).get("state", {}))
        elif msg_type == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        return msg

    async def until_idle(self, parent_id: str, timeout: float = 30) -> float:
        """Read messages until the kernel is idle after ``parent_id``: seconds waited."""
        start = time.perf_counter()
        deadline = start + timeout
        while time.perf_counter() < deadline:
            msg = await self.receive(deadline - time.perf_counter())
            if msg is None:
                break
            header = msg.get("parent_header") or {}
            if (
                msg.get("header", {}).get("msg_type") == "status"
                and header.get("msg_id") == parent_id
                and msg["content"].get("execution_state") == "idle"
            ):
                return time.perf_counter() - start
        raise AppError(f"{self.app}: no answer to {parent_id} within {timeout} s")

    async def read_widgets(self, timeout: float = 60) -> None:
        """Ask the kernel for every widget's state at once, as the page's widget manager does.

        ipywidgets 8's manager opens the control comm (``jupyter.widget.control``) and
        sends one ``request_states``; the kernel answers with every widget in one
        ``update_states`` message.
        """
        control = uuid.uuid4().hex
        await self.send(
            "comm_open",
            {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}},
            metadata={"version": CONTROL_VERSION},
        )
        msg_id = await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        states = None
        deadline = time.perf_counter() + timeout
        while states is None and time.perf_counter() < deadline:
            msg = await self.receive(deadline - time.perf_counter())
            content = (msg or {}).get("content", {})
            if content.get("comm_id") == control and content.get("data", {}).get("method") == "update_states":
                states = content["data"]["states"]
        if states is None:
            raise AppError(f"{self.app}: the kernel sent no widget states")
        for model_id, model in states.items():
            self.models.setdefault(model_id, {}).update(model["state"])
        await self.until_idle(msg_id, timeout)

    def shown(self) -> set[str]:
        """The widgets on the page now: those the page's outputs show, and their children, recursively."""
        seen: set[str] = set()
        todo = _MODEL_ID.findall(self.html)
        while todo:
            comm_id = todo.pop()
            if comm_id in seen or comm_id not in self.models:
                continue
            seen.add(comm_id)
            todo.extend(re.findall(r"IPY_MODEL_([0-9a-f]{32})", json.dumps(self.models[comm_id])))
        return seen

    def buttons(self, *css_classes: str) -> list[str]:
        """The enabled buttons on the page carrying one of ``css_classes``, in the order the kernel made them."""
        shown = self.shown()
        return [
            comm_id
            for comm_id, state in self.models.items()
            if comm_id in shown
            and state.get("_model_name") == "ButtonModel"
            and any(c in state.get("_dom_classes", ()) for c in css_classes)
            and not state.get("disabled")
        ]

    def moves(self) -> list[str]:
        """What a player taps to move in a play app: the cards of the hand that can be played (a
        card with one move plays it), then the moves without a card (Take, Pass, Draw)."""
        return self.buttons(*MOVES)

    def find(self, css_class: str) -> list[str]:
        return [c for c, s in self.models.items() if css_class in s.get("_dom_classes", ())]

    async def click(self, comm_id: str, timeout: float = 30) -> float:
        """Click a button: seconds until the kernel has sent every change it made.

        A click the page would not see answered (the kernel changed no widget) is an AppError.
        """
        seen = len(self.received)
        msg_id = await self.send(
            "comm_msg", {"comm_id": comm_id, "data": {"method": "custom", "content": {"event": "click"}}}
        )
        seconds = await self.until_idle(msg_id, timeout)
        if not any(_changes_a_widget(msg) for msg in self.received[seen:]):
            raise AppError(f"{self.app}: a click changed nothing on the page")
        return seconds

    async def set_value(self, comm_id: str, state: dict, timeout: float = 30) -> float:
        msg_id = await self.send(
            "comm_msg", {"comm_id": comm_id, "data": {"method": "update", "state": state, "buffer_paths": []}}
        )
        return await self.until_idle(msg_id, timeout)
