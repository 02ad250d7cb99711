"""Voila for a class: the book's apps, and nothing else, served to many visitors at once.

- Preheated kernels: ``pool`` kernels per app have imported everything before anyone asks;
  the notebook then waits in ``widgets.common.page_lang()`` for the request's language.
- A ceiling on kernels in use, for the whole server and per visitor (address): past it the
  visitor gets a page saying, in both languages, that the class is full (HTTP 503) or that
  their computer has too many apps open (HTTP 429), and to try again in a minute.
- Only the apps are served: no other notebook runs, no file but the pictures and styles the
  apps need is served, no code is accepted from a page (Voila's kernel channels refuse
  ``execute_request``), and no traceback or error output of a kernel reaches a page.
- Host and Origin checks against DNS rebinding: a request must name this server by an IP
  address or by one of ``allowed_hosts``; a cross-site Origin is refused.
- The start page is the teacher's gallery (``/``) with a printable sheet (``/sheet``);
  ``/voila/classroom/status`` gives the counts (kernels in use, standing by).

Run it through ``serve_apps.py`` (``make serve``).
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import ipaddress
import json
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import tornado.web
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.httputil import url_concat
from traitlets import Bool, Float, Int, List, Type, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gallery  # noqa: E402

#: the request for which a kernel is being started or taken from the pool
VISITOR: contextvars.ContextVar[Claim | None] = contextvars.ContextVar("visitor", default=None)

_TRACEBACK = "Traceback (most recent call last)"

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


class QuietConnection(ZMQChannelsWebsocketConnection):
    """The kernel channels as a page sees them: no error output, no traceback, no stderr.

    A kernel reports a failed comm or callback on its stderr stream or in an ``error``
    message, with server paths in it; the views show their own short message instead.
    """

    def connect(self):
        """Connect, and send each message at once: without ``TCP_NODELAY`` a page waits
        about 40 ms for each answer (Nagle's algorithm meets the peer's delayed ACK)."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()

    def handle_incoming_message(self, incoming_msg):
        """A message a page sent: a binary frame that is no kernel message closes that page's
        socket (nothing else is touched); a text frame or a message that cannot be read is
        dropped, the socket open."""
        problem = frame_problem(incoming_msg, self.subprotocol)
        if problem and isinstance(incoming_msg, str):
            self.log.warning("dropped %s from a page", problem)
            return
        if problem:
            self.log.warning("closed a page's kernel socket: %s", problem)
            self.websocket_handler.close(1003, "malformed frame")
            return
        try:
            super().handle_incoming_message(incoming_msg)
        except Exception as error:
            self.log.warning("dropped a malformed message from a page (%s)", type(error).__name__)

    def handle_outgoing_message(self, stream, outgoing_msg):
        identities, parts = self.session.feed_identities(outgoing_msg)
        try:  # read, not verified: the signature is checked once, by the base class
            msg_type = self.session.unpack(parts[1]).get("msg_type", "")
            if msg_type == "error":
                return
            if msg_type != "stream" and not msg_type.endswith("_reply"):
                super().handle_outgoing_message(stream, outgoing_msg)  # widget messages, status: as they are
                return
            content = self.session.unpack(parts[4]) or {}
        except Exception:
            self.log.warning("dropped a kernel message that could not be read")
            return
        if msg_type == "stream" and content.get("name") == "stderr":
            return
        if msg_type == "stream" and _TRACEBACK in str(content.get("text", "")):
            return
        if "traceback" in content or content.get("status") == "error":
            clean = {k: v for k, v in content.items() if k not in ("traceback", "evalue")}
            if "ename" in clean:
                clean["ename"] = "Error"
            packed = [parts[1], parts[2], parts[3], self.session.pack(clean)]
            parts = [self.session.sign(packed), *packed, *parts[5:]]
            outgoing_msg = [*identities, b"<IDS|MSG>", *parts]
        super().handle_outgoing_message(stream, outgoing_msg)


@dataclass
class Claim:
    """A visitor's request for a kernel: pending until the kernel it gets is recorded."""

    visitor: str
    recorded: bool = False


class KernelLedger:
    """Who holds which kernel, and the ceilings.

    A page out of sight (a tab in the background, a phone asleep or a tab closed without
    a word, as phones do) says so; its kernel keeps its place until someone needs the
    place: then the kernel longest out of sight, for ``away_grace`` seconds at least, is
    shut down to make room.
    """

    def __init__(self, kernel_manager, max_kernels: int, max_per_visitor: int, away_grace: float = 20.0):
        self.kernel_manager = kernel_manager
        self.max_kernels = max_kernels
        self.max_per_visitor = max_per_visitor
        self.away_grace = away_grace
        self.owners: dict[str, str] = {}
        self.pending: Counter[str] = Counter()
        #: kernel id -> when its page went out of sight (the event loop's clock)
        self.away: dict[str, float] = {}

    def _prune(self) -> None:
        alive = set(self.kernel_manager.list_kernel_ids())
        for kernel_id in [k for k in self.owners if k not in alive]:
            del self.owners[kernel_id]
        for kernel_id in [k for k in self.away if k not in self.owners]:
            del self.away[kernel_id]

    def mark_away(self, kernel_id: str, visitor: str, away: bool, now: float) -> bool:
        """The page of ``kernel_id`` went out of sight or came back; only its visitor may say so."""
        if self.owners.get(kernel_id) != visitor:
            return False
        if away:
            self.away.setdefault(kernel_id, now)
        else:
            self.away.pop(kernel_id, None)
        return True

    def reclaimable(self, visitor: str, kind: str, now: float) -> str | None:
        """The kernel to shut down to make room for ``visitor``: the one longest out of sight
        (of this visitor's for their own ceiling, of anyone's for the class's), or None."""
        self._prune()
        candidates = [
            (since, kernel_id)
            for kernel_id, since in self.away.items()
            if now - since >= self.away_grace and (kind == "class" or self.owners.get(kernel_id) == visitor)
        ]
        return min(candidates)[1] if candidates else None

    async def refusal_making_room(self, visitor: str) -> tuple[str, int] | None:
        """:meth:`refusal`, after shutting down kernels long out of sight that stand in the way."""
        while (refusal := self.refusal(visitor)) is not None:
            kernel_id = self.reclaimable(visitor, refusal[0], asyncio.get_running_loop().time())
            if kernel_id is None:
                return refusal
            self.away.pop(kernel_id, None)
            await self.kernel_manager.shutdown_kernel(kernel_id)
            self._prune()
        return None

    def in_use(self, visitor: str | None = None) -> int:
        self._prune()
        if visitor is None:
            return len(self.owners) + sum(self.pending.values())
        return sum(1 for v in self.owners.values() if v == visitor) + self.pending[visitor]

    def refusal(self, visitor: str) -> tuple[str, int] | None:
        """("client", n) or ("class", n) when ``visitor`` may not start another kernel."""
        held = self.in_use(visitor)
        if held >= self.max_per_visitor:
            return "client", held
        total = self.in_use()
        if total >= self.max_kernels:
            return "class", total
        return None

    def claim(self, visitor: str) -> Claim:
        self.pending[visitor] += 1
        return Claim(visitor)

    def release(self, claim: Claim) -> None:
        """The request is over: a claim that got no kernel stops counting."""
        if not claim.recorded:
            self._unpend(claim.visitor)

    def record(self, kernel_id: str, claim: Claim | None) -> None:
        """The kernel ``claim`` got: it counts as the visitor's from now on, no longer as pending."""
        if claim is None or claim.recorded:
            return
        self.owners[kernel_id] = claim.visitor
        claim.recorded = True
        self._unpend(claim.visitor)

    def _unpend(self, visitor: str) -> None:
        self.pending[visitor] -= 1
        if self.pending[visitor] <= 0:
            del self.pending[visitor]

    def watch(self, kernel_manager) -> None:
        """Record the visitor of every kernel started, or taken from the pool, for a page."""
        start_kernel = kernel_manager.start_kernel

        async def start_for_visitor(*args, **kwargs):
            kernel_id = await start_kernel(*args, **kwargs)
            self.record(kernel_id, VISITOR.get())
            return kernel_id

        kernel_manager.start_kernel = start_for_visitor
        take = getattr(kernel_manager, "get_rendered_notebook", None)
        if take is None:
            return

        async def take_for_visitor(*args, **kwargs):
            claim = VISITOR.get()
            token = VISITOR.set(None)  # the pool's refill belongs to nobody
            try:
                render_task, rendered, kernel_id = await take(*args, **kwargs)
            finally:
                VISITOR.reset(token)
            self.record(kernel_id, claim)
            return render_task, rendered, kernel_id

        kernel_manager.get_rendered_notebook = take_for_visitor


def stagger_refills(kernel_manager, spacing: float) -> None:
    """Refill the pool one kernel every ``spacing`` seconds, not all at once.

    Voila replaces each preheated kernel taken by a page after ``fill_delay``; the
    server itself renders the new kernel's page, so thirty refills started together
    hold up every page being served. Queued refills start ``spacing`` apart.
    """
    fill_if_needed = kernel_manager.fill_if_needed
    queue = {"free_at": 0.0}

    def staggered(delay=None, notebook_name=None, **kwargs):
        if delay is None:  # a refill after a page took a kernel (start-up fills pass 0)
            loop = asyncio.get_event_loop()
            start = max(loop.time() + kernel_manager.fill_delay, queue["free_at"] + spacing)
            queue["free_at"] = start
            delay = start - loop.time()
        return fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)

    kernel_manager.fill_if_needed = staggered


def ready_kernels_first(kernel_manager) -> None:
    """A page gets a preheated kernel only if one is ready, else a kernel of its own.

    Voila's pool holds the refills as tasks from the moment they are scheduled; a page
    that took a refill still waiting for its start would wait for it. Here the pool
    counts only ready kernels and hands them out first, so refills can wait until a
    class has arrived (``fill_delay``) without anyone waiting for them.
    """
    pools = kernel_manager._pools
    get_rendered_notebook = kernel_manager.get_rendered_notebook

    def ready_pool_size(notebook_name: str) -> int:
        return sum(
            task.done() and not task.cancelled() and task.exception() is None for task in pools.get(notebook_name, ())
        )

    async def ready_first(notebook_name, *args, **kwargs):
        pool = pools.get(notebook_name, [])
        pool.sort(key=lambda task: not task.done())  # stable: the oldest ready kernel first
        return await get_rendered_notebook(notebook_name, *args, **kwargs)

    kernel_manager.get_pool_size = ready_pool_size
    kernel_manager.get_rendered_notebook = ready_first


def _host_name(host_header: str) -> str:
    match = re.match(r"^(\[[^\]]*\]|[^:]*)(:\d+)?$", host_header or "")
    return (match.group(1) if match else "").strip("[]").lower()


def request_problem(request, allowed_hosts: list[str]) -> str | None:
    """Why a request is refused (Host or Origin), or None.

    An IP address in Host is safe from DNS rebinding (the attack needs a name that
    resolves to this server); a name must be one the server was told it has.
    """
    host = _host_name(request.host)
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


def _guarded(handler_class):
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


async def hub_user_or_login(handler, hub_auth) -> bool:
    """Under JupyterHub: True for the server's own user; else a page goes to the hub's login, the rest get 403."""
    if handler.request.path == urlparse(hub_auth.oauth_redirect_uri).path or handler.request.path.rstrip("/").endswith(
        "/voila/classroom/status"
    ):
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


class AppHandler(TornadoVoilaHandler):
    """An app: only the book's apps, within the ceilings."""

    async def get(self, path=None):
        classroom = self.settings["classroom"]
        if path not in classroom.app_paths:
            raise tornado.web.HTTPError(404)
        visitor = self.request.remote_ip or "?"
        if cross_site(self.request):
            classroom.log.warning("refused %s for %s: asked for by another site", path, visitor)
            self.set_status(403)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(gallery.cross_site_html(self.request.uri))
            return
        refusal = await classroom.ledger.refusal_making_room(visitor)
        if refusal:
            kind, held = refusal
            classroom.log.warning("refused %s for %s: %s ceiling (%d)", path, visitor, kind, held)
            self.set_status(429 if kind == "client" else 503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(gallery.full_html(kind, held))
            return
        _ = self.xsrf_token  # the page's unload beacon, which shuts its kernel down, needs the _xsrf cookie
        claim = classroom.ledger.claim(visitor)
        token = VISITOR.set(claim)
        try:
            await super().get(path)
        finally:
            VISITOR.reset(token)
            classroom.ledger.release(claim)


class AwayHandler(tornado.web.RequestHandler):
    """A page says it went out of sight (``away=1``) or came back (``away=0``): see KernelLedger."""

    def post(self, kernel_id: str):
        self.check_xsrf_cookie()
        classroom: ClassroomVoila = self.settings["classroom"]
        away = self.get_body_argument("away", "1") != "0"
        now = asyncio.get_running_loop().time()
        known = classroom.ledger.mark_away(kernel_id, self.request.remote_ip or "?", away, now)
        self.set_status(204 if known else 404)
        self.finish()


class _PageHandler(tornado.web.RequestHandler):
    def set_default_headers(self):
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("X-Frame-Options", "DENY")

    @property
    def classroom(self) -> ClassroomVoila:
        return self.settings["classroom"]


class GalleryHandler(_PageHandler):
    def get(self, path=None):
        self.finish(gallery.gallery_html(self.classroom.apps, self.classroom.server_url))


class SheetHandler(_PageHandler):
    def get(self):
        origin = f"{self.request.protocol}://{self.request.host}"
        self.finish(gallery.sheet_html(self.classroom.apps, origin, self.classroom.server_url))


class NotFoundHandler(tornado.web.RequestHandler):
    """Any address the server has no handler for."""

    def prepare(self):
        raise tornado.web.HTTPError(404)


class StatusHandler(tornado.web.RequestHandler):
    def get(self):
        classroom: ClassroomVoila = self.settings["classroom"]
        alive = len(classroom.kernel_manager.list_kernel_ids())
        in_use = classroom.ledger.in_use()
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(
            json.dumps(
                {
                    "kernels_alive": alive,
                    "kernels_in_use": in_use,
                    "max_kernels": classroom.max_kernels,
                    "max_kernels_per_client": classroom.max_kernels_per_client,
                    "pool": classroom.pool,
                    # preheated kernels that have run their notebook up to the request and wait for it
                    "pool_ready": len(RequestInfoSocketHandler._waiters),
                    "apps": len(classroom.apps),
                }
            )
        )


class ClassroomVoila(Voila):
    name = "classroom"
    description = __doc__.splitlines()[0]

    pool = Int(0, config=True, help="Preheated kernels standing by for each app (0: none).")
    pool_apps = List(Unicode(), [], config=True, help="The apps that get a pool (default: every app).")
    max_kernels = Int(40, config=True, help="Kernels in use at most, the whole server (the pool not counted).")
    max_kernels_per_client = Int(6, config=True, help="Kernels in use at most per visitor's address.")
    allowed_hosts = List(
        Unicode(), ["localhost"], config=True, help="Names this server may be reached by (IP addresses always)."
    )

    refill_spacing = Float(
        2.0, config=True, help="Seconds between two refills of the pool (the server renders each refill's page)."
    )
    trust_forwarded = Bool(
        False, config=True, help="Behind a proxy: the visitor's address is the proxy's X-Real-Ip / X-Forwarded-For."
    )

    kernel_websocket_connection_class = Type(
        default_value=QuietConnection, klass=ZMQChannelsWebsocketConnection, config=True
    )

    def init_settings(self):
        self.apps = gallery.find_apps(Path(self.root_dir))
        self.app_paths = {app.path for app in self.apps}
        pooled = self.pool_apps or sorted(self.app_paths)
        unknown = set(pooled) - self.app_paths
        if unknown:
            raise ValueError(f"not apps of the book: {sorted(unknown)}; the apps are {sorted(self.app_paths)}")
        if self.pool > 0:
            self.voila_configuration.preheat_kernel = True
            self.config.VoilaKernelManager.kernel_pools_config = {
                "default": {"pool_size": 0},
                **{path: {"pool_size": self.pool} for path in pooled},
            }
        self.hub_auth = None
        if os.environ.get("JUPYTERHUB_API_TOKEN"):  # a student's server spawned by JupyterHub
            from jupyterhub.services.auth import HubOAuth

            # the instance JupyterHub's OAuth callback handler uses too (it keeps the login's state)
            self.hub_auth = HubOAuth.instance(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)
        settings = super().init_settings()
        if self.pool > 0:
            stagger_refills(self.kernel_manager, self.refill_spacing)
            ready_kernels_first(self.kernel_manager)
        self.ledger = KernelLedger(self.kernel_manager, self.max_kernels, self.max_kernels_per_client)
        self.ledger.watch(self.kernel_manager)
        settings.update(
            classroom=self,
            websocket_max_message_size=MAX_FRAME_BYTES,  # tornado closes a socket sent a longer frame
            classroom_allowed_hosts=[h.lower() for h in self.allowed_hosts],
            classroom_log=self.log,
            allow_remote_access=False,
            classroom_hub_auth=self.hub_auth,
            default_handler_class=_guarded(NotFoundHandler),
            hub_auth=self.hub_auth,  # what JupyterHub's OAuth callback handler reads
        )
        return settings

    def listen(self):
        if self.trust_forwarded:
            listen = self.app.listen
            self.app.listen = lambda port, address="", **kwargs: listen(port, address, xheaders=True, **kwargs)
        super().listen()

    def init_handlers(self):
        handlers = []
        base = self.server_url.rstrip("/")
        for handler in super().init_handlers():
            pattern, handler_class = handler[0], handler[1]
            if handler_class.__name__ in ("TornadoVoilaTreeHandler", "VoilaContentsHandler"):
                continue  # the gallery replaces the file tree; no listing of files
            if handler_class is TornadoVoilaHandler:
                handler = (pattern, AppHandler, *handler[2:])
            handlers.append(handler)
        handlers[:0] = [
            (f"{base}/", GalleryHandler),
            (f"{base}/voila/tree(/.*)?", GalleryHandler),
            (f"{base}/sheet", SheetHandler),
            (f"{base}/voila/classroom/status", StatusHandler),
            (f"{base}/voila/classroom/away/([0-9a-f-]{{36}})", AwayHandler),
        ]
        if self.hub_auth is not None:
            from jupyterhub.services.auth import HubOAuthCallbackHandler

            handlers.insert(0, (urlparse(self.hub_auth.oauth_redirect_uri).path, HubOAuthCallbackHandler))
        return [(h[0], _guarded(h[1]), *h[2:]) for h in handlers]


main = ClassroomVoila.launch_instance

if __name__ == "__main__":
    main()
