"""The class server's guards: what a request or a page's frame must be before anything reads it.

Pure functions of the request and one handler-class wrapper, shared by the class server
(:mod:`classserver.app`) and the class together run on its own (:mod:`classserver.together.service`):

- :func:`request_problem`: Host and Origin against DNS rebinding and cross-site requests;
- :func:`cross_site`: whether another site asked for a page (a link or a frame there);
- :func:`no_such_path`: a path that can name no file (``..``, NUL, backslash);
- :func:`frame_problem`: a websocket frame from a page that is no kernel message;
- :func:`hub_user_or_login`: under JupyterHub, the server's own user, or the hub's login;
- :func:`guarded`: a handler class with all of the above checked before it runs, and short error pages.

Nothing here imports the class together, the Voila application or its handlers.
"""

from __future__ import annotations

import inspect
import ipaddress
import re
from urllib.parse import unquote, urlparse

import tornado.web
from tornado.httputil import url_concat

from . import gallery

#: the longest frame a page may send: a widget message, or a saved game uploaded (at most
#: 2,000,000 characters, ``rules.game.MAX_SAVE_CHARS``) with room for its encoding
MAX_FRAME_BYTES = 8 * 2**20
#: the parts of a kernel message in one binary frame: the channel, header, parent header,
#: metadata, content, and a few binary buffers (a page's widgets send one or two)
MAX_FRAME_PARTS = 5 + 16
#: the kernel channels a page may name
CHANNELS = ("shell", "control", "iopub", "stdin")


def frame_problem(frame: bytes | str, subprotocol: str | None) -> str | None:
    """Why a frame from a page is no kernel message, or None: checked before anything parses it.

    Jupyter's v1 websocket protocol frames a message as a count of offsets (8 bytes,
    little-endian), the offsets (8 bytes each), then the channel's name and the parts;
    the older protocol frames binary messages as a count (4 bytes, big-endian) and 4-byte
    offsets. jupyter_server trusts these counts and offsets, so a frame of 24 bytes
    claiming twenty million offsets would hold up the whole server while it builds them.
    Here the count is bounded, and the offsets must rise within the frame.
    """
    if len(frame) > MAX_FRAME_BYTES:
        return f"a frame of {len(frame):,} bytes"
    if subprotocol == "v1.kernel.websocket.jupyter.org":
        if not isinstance(frame, bytes):
            return "a text frame where the protocol sends binary frames"
        size, order, least = 8, "little", 2 + 4  # the channel, header, parent, metadata, content and the end
    elif isinstance(frame, bytes):
        size, order, least = 4, "big", 1
    else:
        return None  # the older protocol's JSON text: bounded by its length, parsed by the json module
    if len(frame) < size:
        return "a frame too short for its count of parts"
    count = int.from_bytes(frame[:size], order, signed=size == 4)
    if not least <= count <= MAX_FRAME_PARTS + 1:
        return f"a frame claiming {count} parts"
    head = size * (count + 1)
    if len(frame) < head:
        return "a frame shorter than its table of offsets"
    offsets = [int.from_bytes(frame[size * (i + 1) : size * (i + 2)], order) for i in range(count)]
    if offsets[0] != head or offsets != sorted(offsets):
        return "a frame whose offsets do not rise from the end of their table"
    if offsets[-1] > len(frame):
        return "a frame whose offsets point outside it"
    if size == 8:
        channel = frame[offsets[0] : offsets[1]]
        if channel.decode("ascii", "replace") not in CHANNELS:
            return "a frame naming no kernel channel"
    return None


def host_name(host_header: str) -> str:
    match = re.match(r"^(\[[^\]]*\]|[^:]*)(:\d+)?$", host_header or "")
    return (match.group(1) if match else "").strip("[]").lower()


def request_problem(request, allowed_hosts: list[str]) -> str | None:
    """Why a request is refused (Host or Origin), or None.

    An IP address in Host is safe from DNS rebinding (the attack needs a name that
    resolves to this server); a name must be one the server was told it has.
    """
    host = host_name(request.host)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host not in allowed_hosts:
            return f"unknown Host {host!r}"
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlparse(origin).netloc.lower() != (request.host or "").lower():
        return "cross-site Origin"
    if origin == "null" and request.method != "GET":
        return "opaque Origin"
    return None


def cross_site(request) -> bool:
    """Whether the browser says another site asked for this page (a link or a frame there).

    ``Sec-Fetch-Site`` is sent by every current browser: ``none`` for a typed address, a
    bookmark or a QR code, ``same-origin`` for the gallery's links. Where it is missing, a
    Referer or Origin naming another host says the same.
    """
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site == "cross-site"
    host = (request.host or "").lower()
    for name in ("Origin", "Referer"):
        value = request.headers.get(name)
        if value and value != "null" and urlparse(value).netloc.lower() != host:
            return True
    return False


def no_such_path(path: str) -> bool:
    """Whether ``path`` can name no file of the apps: a way up (``..``), a NUL byte or a backslash.

    Answered 404 before any handler sees it (a NUL byte made the file handlers fail with 500).
    """
    path = unquote(path)
    return ".." in path.split("/") or "\x00" in path or "\\" in path


def guarded(handler_class):
    """The handler class, refusing requests with a foreign Host or Origin before anything else,
    and answering every error with a short page of its own (no traceback in the log)."""

    class Guarded(handler_class):
        async def prepare(self, *args, **kwargs):
            if no_such_path(self.request.path):
                self.send_error(404)
                return None
            problem = request_problem(self.request, self.settings["classroom_allowed_hosts"])
            if problem:
                self.settings["classroom_log"].warning(
                    "refused %s %s: %s", self.request.method, self.request.uri, problem
                )
                self.send_error(403)
                return None
            hub_auth = self.settings.get("classroom_hub_auth")
            if hub_auth is not None and not await hub_user_or_login(self, hub_auth):
                return None
            result = super().prepare(*args, **kwargs)
            if inspect.isawaitable(result):
                result = await result
            return result

        def write_error(self, status_code: int, **kwargs) -> None:
            """jupyter_server's error page needs the visitor's identity, which a request refused
            before it was read never has ("Uncaught exception in write_error"): this one needs nothing."""
            self.clear_header("Content-Security-Policy")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(gallery.error_html(status_code, self.settings.get("base_url", "/")))

        if issubclass(handler_class, tornado.web.StaticFileHandler):

            def parse_url_path(self, url_path: str) -> str:
                """A file's path as the handler reads it; one it cannot read is not found (not a 500)."""
                try:
                    return super().parse_url_path(url_path)
                except ValueError:
                    raise tornado.web.HTTPError(404) from None

    Guarded.__name__ = Guarded.__qualname__ = handler_class.__name__
    return Guarded


#: the socket on which a preheated kernel waits for its page's request (Voila's ``wait_for_request``)
KERNEL_WAITS_FOR_REQUEST = re.compile(r"/voila/query/(?P<kernel>[0-9a-f-]{36})$")


def own_kernel_waiting(handler) -> bool:
    """Whether the request is one of this server's kernels waiting for its page's request. The
    kernel connects straight to its server with no login; whatever comes through the hub's proxy
    carries the proxy's X-Forwarded-For, and a kernel's name is a random UUID the server knows."""
    request = handler.request
    found = KERNEL_WAITS_FOR_REQUEST.search(request.path)
    if not found or "X-Forwarded-For" in request.headers or "X-Real-Ip" in request.headers:
        return False
    try:
        loopback = ipaddress.ip_address(request.remote_ip or "").is_loopback
    except ValueError:
        return False
    return loopback and found["kernel"] in handler.settings["kernel_manager"].list_kernel_ids()


async def hub_user_or_login(handler, hub_auth) -> bool:
    """Under JupyterHub: True for the server's own user (and for its own kernels waiting for their
    page's request); else a page goes to the hub's login, the rest get 403."""
    if handler.request.path == urlparse(hub_auth.oauth_redirect_uri).path or handler.request.path.rstrip("/").endswith(
        "/voila/classroom/status"
    ):
        return True
    if own_kernel_waiting(handler):
        return True
    user = await hub_auth.get_user(handler, sync=False)
    if user and hub_auth.check_scopes(hub_auth.access_scopes, user):
        return True
    is_page = handler.request.method == "GET" and "Upgrade" not in handler.request.headers
    if user or not is_page:
        handler.set_status(403)
        handler.finish("Forbidden")
        return False
    params = {}
    verifier = None
    if hub_auth.pkce_enabled:
        verifier, challenge, method = hub_auth.generate_pkce_code_challenge()
        params.update(code_challenge=challenge, code_challenge_method=method)
    params["state"] = hub_auth.set_state_cookie(handler, next_url=handler.request.uri, code_verifier=verifier)
    handler.redirect(url_concat(hub_auth.login_url, params))
    return False
