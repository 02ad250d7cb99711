"""The class server's handlers: the kernel channels as a page sees them, the apps within the
ceilings, the gallery and its sheets, the book, the counts.

Each is guarded (:func:`classserver.guards.guarded`) when :class:`classserver.app.ClassroomVoila`
mounts it; ``self.settings["classroom"]`` is that application.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import TYPE_CHECKING

import tornado.web
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from voila.tornado.handler import TornadoVoilaHandler

from . import gallery, patches
from .guards import cross_site, frame_problem, host_name
from .kernel_pool import VISITOR
from .network import network_addresses, this_computer
from .together import mount as together_mount

if TYPE_CHECKING:
    from .app import ClassroomVoila

_TRACEBACK = "Traceback (most recent call last)"


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


def reach_of(handler) -> gallery.Reach:
    """Where the sheets' codes send a student: the address the sheet was opened at, unless only
    this computer reaches it (localhost, 127.0.0.1): then a network address of the machine
    (``?address=`` picks one), with a note saying so."""
    classroom: ClassroomVoila = handler.settings["classroom"]
    request = handler.request
    origin = f"{request.protocol}://{request.host}"
    if not this_computer(host_name(request.host)):
        return gallery.Reach(origin, classroom.student_prefix)
    port = re.sub(r"^(\[[^\]]*\]|[^:]*)", "", request.host or "")
    addresses = network_addresses()
    asked = handler.get_argument("address", "")
    chosen = asked if asked in addresses else next(iter(addresses), "")
    return gallery.Reach(
        f"{request.protocol}://{chosen}{port}" if chosen else origin,
        classroom.student_prefix,
        opened_at=origin,
        this_computer_only=classroom.listens_here_only,
        addresses=addresses,
        port=port,
    )


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
        if classroom.together is not None:
            classroom.together.mark_student(self)  # the app's practice verdicts go to the student's name
        claim = classroom.ledger.claim(visitor)
        token = VISITOR.set(claim)
        try:
            await self.draw(path)
        finally:
            VISITOR.reset(token)
            classroom.ledger.release(claim)

    #: bytes of the page kept before they are sent (Voila sends each piece at once: ninety writes a page)
    FLUSH_BYTES = 64 * 1024

    @tornado.web.authenticated
    async def draw(self, path: str) -> None:
        """The page, as Voila draws it, sent in a few large writes; a heartbeat (Voila's keep-alive
        while a cell runs long) goes out at once."""
        kept = 0
        async for piece in self.get_generator(path=path):
            self.write(piece)
            kept += len(piece)
            if kept >= self.FLUSH_BYTES or "voila_heartbeat" in piece:
                self.flush()
                kept = 0


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
        classroom = self.classroom
        self.finish(
            gallery.gallery_html(
                classroom.apps,
                classroom.server_url,
                classroom.readiness(),
                bool(classroom.book_dir),
                classroom.warm_ready(),
                together=together_mount.gallery_link(classroom),
            )
        )


class SheetHandler(_PageHandler):
    """The printable sheet of every app: its codes carry an address a student's device reaches."""

    def get(self):
        self.finish(gallery.sheet_html(self.classroom.apps, reach_of(self), self.classroom.server_url))


class ProjectorSheetHandler(_PageHandler):
    """One app's code and address, projector size (``?lang=ru`` for the Russian app)."""

    def get(self, path: str):
        app = next((app for app in self.classroom.apps if app.path == path), None)
        if app is None:
            raise tornado.web.HTTPError(404)
        lang = "ru" if self.get_argument("lang", "en") == "ru" else "en"
        self.finish(gallery.projector_html(app, lang, reach_of(self), self.classroom.server_url))


class BookHandler(tornado.web.StaticFileHandler):
    """The built book, beside the apps: its rule links then work at any address of the server."""

    def set_default_headers(self):
        self.set_header("X-Content-Type-Options", "nosniff")


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
                    "pool_ready": patches.preheated_waiting(),
                    # how many that is when the pool is full: `pool` for each app that has one
                    "pool_expected": classroom.pool * len(classroom.pooled_apps()),
                    # kernels with everything imported, standing by for whichever app is asked for
                    "warm": classroom.warm,
                    "warm_ready": classroom.warm_ready(),
                    "warm_starting": classroom.warm_pool.starting if classroom.warm_pool else 0,
                    # warm kernels handed to pages since the server started
                    "warm_taken": classroom.warm_pool.taken if classroom.warm_pool else 0,
                    "apps": len(classroom.apps),
                }
            )
        )
