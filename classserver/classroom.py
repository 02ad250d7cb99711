"""Voila for a class: the book's apps and the book, and nothing else, served to many visitors at once.

- Warm kernels (``warm``, ``WarmPool``): kernels started ahead with everything the apps
  import, each given to whichever app a visitor opens; refilled once the class has arrived.
- Preheated pages (``pool``): kernels per app that have also run the app's notebook before
  anyone asks; the notebook then waits in ``widgets.common.page_lang()`` for the request's
  language.
- A ceiling on kernels in use, for the whole server and per visitor (address): past it the
  visitor gets a page saying, in both languages, that the class is full (HTTP 503) or that
  their computer has too many apps open (HTTP 429), and to try again in a minute.
- Only the apps are served, and the built book at ``/book/`` (so every rule link works at
  the address a student reached the server by): no other notebook runs, no file but the
  pictures and styles the apps need is served, no code is accepted from a page (Voila's
  kernel channels refuse ``execute_request``), every frame a page sends is checked before
  it is parsed, and no traceback or error output of a kernel reaches a page.
- Host and Origin checks against DNS rebinding: a request must name this server by an IP
  address or by one of ``allowed_hosts``; a cross-site Origin is refused, and an app asked
  for by another site starts no kernel.
- The start page is the teacher's gallery (``/``) with a printable sheet (``/sheet``) and a
  projector sheet per app (``/sheet/<app>``), whose codes carry an address a student's
  device reaches; ``/voila/classroom/status`` gives the counts (kernels in use, standing by).
- Handlers: :meth:`ClassroomVoila.classroom_handlers` lists the class server's own pages.

Run it through :mod:`classserver.serve_apps` (``python -m classserver``, ``make serve``).
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import contextvars
import copy
import inspect
import ipaddress
import json
import os
import re
import socket
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import jinja2
import tornado.ioloop
import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.httputil import url_concat
from traitlets import Bool, Float, Int, List, Type, Unicode
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.notebook_renderer import NotebookRenderer
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler

from . import gallery
from .together import mount as together_mount

HERE = Path(__file__).resolve().parent

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


class CompiledTemplates(jinja2.BytecodeCache):
    """The page templates, compiled once for the server's life.

    Voila makes a new template environment for every page it draws for a new kernel, and
    compiled the page's eighty-odd templates again each time: a third of a second of the
    server's CPU per page, most of a warm kernel's page. Jinja checks each template's
    source against its compiled code, so a changed template is compiled again.
    """

    def __init__(self):
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


def compile_templates_once(exporter_class=VoilaExporter) -> CompiledTemplates:
    """Every page's template environment shares one :class:`CompiledTemplates`."""
    cache = CompiledTemplates()
    create_environment = exporter_class._create_environment

    def _create_environment(self):
        environment = create_environment(self)
        environment.bytecode_cache = cache
        return environment

    exporter_class._create_environment = _create_environment
    return cache


def read_notebooks_once(renderer_class=NotebookRenderer) -> dict:
    """Every page reads its app's notebook from memory, not from the disk.

    Voila read, validated and checked the signature of the whole notebook for every page,
    the saved snapshot of its widgets included (300 KB for Durak's play app), then copied
    it: a tenth of a second of the server's CPU per page. Here each notebook is read once
    (again if the file changes), without what an app's page does not use (the saved
    widgets and outputs: the kernel draws them live), and each page gets a copy.
    """
    read = renderer_class.load_notebook
    notebooks: dict[tuple[str, object], object] = {}

    async def load_notebook(self, path):
        model = await ensure_async(self.contents_manager.get(path=path, content=False))
        key = (path, model.get("last_modified"))
        if key not in notebooks:
            notebook = await read(self, path)
            notebook.metadata.pop("widgets", None)
            for cell in notebook.cells:
                if cell.cell_type == "code":
                    cell.outputs, cell.execution_count = [], None
            for stale in [k for k in notebooks if k[0] == path]:
                del notebooks[stale]
            notebooks[key] = notebook
        return copy.deepcopy(notebooks[key])

    renderer_class.load_notebook = load_notebook
    return notebooks


def watch_activity_lightly(kernel_manager) -> None:
    """Watch each kernel's activity reading only what the culler needs.

    jupyter_server notes when each kernel was last busy from its iopub messages, and parsed
    every one whole, dates and all, to read its type: a Durak page's kernel sends about 150
    as it draws its widgets, and the server parsed them once more for that. Here only the
    header is read (and a status message's state), with the same rules as jupyter_server's
    ``start_watching_activity``.
    """

    def start_watching_activity(kernel_id: str) -> None:
        kernel = kernel_manager._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = kernel.session
        tracked = kernel_manager.track_message_type

        def record_activity(msg_list):
            try:
                _, parts = session.feed_identities(msg_list)
                msg_type = json.loads(parts[1]).get("msg_type")
                parent_type = json.loads(parts[2]).get("msg_type")
                if tracked(msg_type) or tracked(parent_type) or kernel.execution_state == "busy":
                    kernel_manager.last_kernel_activity = kernel.last_activity = utcnow()
                if msg_type == "status":
                    state = json.loads(parts[4]).get("execution_state")
                    if tracked(parent_type):
                        kernel.execution_state = state
                    elif kernel.execution_state == "starting" and state != "starting":
                        kernel.execution_state = "idle"
            except Exception:  # a message that cannot be read says nothing of the kernel's state
                kernel_manager.log.debug("an unreadable iopub message from kernel %s", kernel_id)

        kernel._activity_stream.on_recv(record_activity)

    kernel_manager.start_watching_activity = start_watching_activity


def page_config_once() -> None:
    """Every page's configuration (the JupyterLab extensions it loads) from memory: Voila read
    every extension's package file from the disk for each page. The extensions do not change
    while the server runs; each page gets its own copy."""
    import voila.handler

    read = voila.handler.get_page_config
    configs: dict[str, dict] = {}

    def get_page_config(base_url, settings, log, voila_configuration):
        if base_url not in configs:
            configs[base_url] = read(base_url, settings, log, voila_configuration)
        return copy.deepcopy(configs[base_url])

    voila.handler.get_page_config = get_page_config


def imports_of(notebooks: list[Path]) -> list[str]:
    """The modules ``notebooks`` import in their code cells (top-level ``import`` statements)."""
    found: dict[str, None] = {"ipywidgets": None}
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        for cell in cells:
            if cell.get("cell_type") != "code":
                continue
            try:
                tree = ast.parse("".join(cell.get("source", "")))
            except SyntaxError:
                continue
            for node in tree.body:
                if isinstance(node, ast.Import):
                    found.update(dict.fromkeys(alias.name for alias in node.names))
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found[node.module] = None
    return list(found)


def warm_code(modules: list[str]) -> str:
    """The code a warm kernel runs before anyone asks for it: ``warm_kernel.py`` with ``modules``,
    in a namespace of its own (the app's notebook then finds the kernel's namespace as it was)."""
    source = (HERE / "warm_kernel.py").read_text(encoding="utf-8")
    return f"exec({source!r}, {{'__name__': '_warm_kernel', 'MODULES': {modules!r}}})"


class WarmPool:
    """Kernels started ahead, with everything the apps import already imported, each given to
    whichever app a visitor opens.

    Voila's own pools hold one app's page each (``pool``), so a lesson of several apps
    needs a pool per app. Here a page that finds no preheated page of its app asks for a
    kernel (Voila's ``start_kernel``) and gets a warm one: told its request (address and
    language, what Voila would have put in a new kernel's environment) and moved to its
    app's folder, it runs the app's notebook in a tenth of a second, where a new kernel
    takes one to two seconds of CPU to start and import. Kernels taken are replaced once
    the class has arrived (``refill_delay`` after the last one taken), one at a time, ``spacing``
    apart, so that starting them does not slow the class's clicks; the kernels standing by
    are never more than the places left under the ceiling (``room``), and none is started
    while the machine has less than ``min_free_mb`` of memory free.
    """

    def __init__(
        self,
        kernel_manager,
        size: int,
        modules: list[str],
        room: Callable[[], int],
        log,
        *,
        refill_delay: float = 20.0,
        spacing: float = 1.0,
        startup_parallel: int = 2,
        min_free_mb: int = 1024,
        kernel_name: str = "python3",
    ):
        self.kernel_manager = kernel_manager
        self.size = size
        self.room = room
        self.log = log
        self.refill_delay = refill_delay
        self.spacing = spacing
        self.startup_parallel = startup_parallel
        self.min_free_mb = min_free_mb
        self.kernel_name = kernel_name
        self.warm_code = warm_code(modules)
        self.ready: list[str] = []  # kernel ids, oldest first
        self.starting = 0
        self.taken = 0
        self._failures = 0
        self._not_before = 0.0
        self._filler: asyncio.Task | None = None
        self._shells: dict[str, object] = {}  # kernel id -> a client with its shell channel open
        self._start_kernel = kernel_manager.start_kernel

    def install(self) -> None:
        """Hand warm kernels to pages, keep the culler off them, and start filling."""
        self.kernel_manager.start_kernel = self.start_kernel
        cull_kernel_if_idle = self.kernel_manager.cull_kernel_if_idle

        async def cull_unless_standing_by(kernel_id):
            if kernel_id not in self.ready:
                await cull_kernel_if_idle(kernel_id)

        self.kernel_manager.cull_kernel_if_idle = cull_unless_standing_by
        asyncio.get_event_loop().call_soon(self._fill_later, 0.0)

    def wanted(self) -> int:
        """Kernels to start now: up to ``size`` standing by, within the places left."""
        for gone in [k for k in self.ready if k not in self.kernel_manager]:
            self.ready.remove(gone)
            with contextlib.suppress(Exception):
                self._shells.pop(gone).stop_channels()
        return max(0, min(self.size, self.room()) - len(self.ready) - self.starting)

    async def start_kernel(self, kernel_name=None, path=None, env=None, **kwargs):
        """Voila's ``start_kernel`` for a page: a warm kernel if one stands by, else a new one."""
        env = env or {}
        while self.ready and kernel_name in (None, self.kernel_name) and env.get("VOILA_PREHEAT") != "True":
            kernel_id = self.ready.pop(0)
            if await self._adopt(kernel_id, path, env):
                self.taken += 1
                self._fill_later(self.refill_delay)
                return kernel_id
        self._fill_later(self.refill_delay)
        return await self._start_kernel(kernel_name=kernel_name, path=path, env=env, **kwargs)

    async def _adopt(self, kernel_id: str, path: str | None, env: dict) -> bool:
        """Give a warm kernel the request Voila would have started a kernel with."""
        shell = self._shells.pop(kernel_id, None)
        if kernel_id not in self.kernel_manager or shell is None:
            return False
        changed = {name: value for name, value in env.items() if os.environ.get(name) != value}
        folder = self.kernel_manager.cwd_for_path(path or "")
        code = (
            "import json as _json, os as _os\n"
            f"_os.environ.update(_json.loads({json.dumps(changed)!r}))\n"
            f"_os.chdir({folder!r})\n"
            "del _json, _os"
        )
        try:
            told = await self._ask(shell, code, timeout=10)
        finally:
            shell.stop_channels()
        if not told:
            await self._shut_down(kernel_id)
            return False
        self.kernel_manager.get_kernel(kernel_id).last_activity = utcnow()  # idle from now, not from its warming
        self.log.info("Using a warm kernel: %s (%d standing by)", kernel_id, len(self.ready))
        return True

    async def _ask(self, client, code: str, timeout: float) -> bool:
        """Run ``code`` through ``client``'s shell channel: True if it ran without error."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            msg_id = client.execute(code, silent=True, store_history=False, allow_stdin=False)
            while True:
                reply = await client.get_shell_msg(timeout=max(0.01, deadline - loop.time()))
                if reply["parent_header"].get("msg_id") == msg_id:
                    return reply["content"]["status"] == "ok"
        except Exception as error:
            self.log.warning("a warm kernel did not answer (%s)", type(error).__name__)
            return False

    async def _warm_up(self, kernel_id: str) -> bool:
        """Wait until a new kernel answers, run the warm code in it, and keep a shell channel to
        it open (opening one costs the server a few milliseconds a page otherwise)."""
        client = self.kernel_manager.get_kernel(kernel_id).client()
        client.start_channels(shell=True, iopub=True, stdin=False, hb=False, control=False)
        try:
            await client.wait_for_ready(timeout=120)
            if not await self._ask(client, self.warm_code, timeout=120):
                return False
        except Exception as error:
            self.log.warning("a warm kernel did not answer (%s)", type(error).__name__)
            return False
        finally:
            client.stop_channels()
        shell = self.kernel_manager.get_kernel(kernel_id).client()
        shell.start_channels(shell=True, iopub=False, stdin=False, hb=False, control=False)
        self._shells[kernel_id] = shell
        return True

    async def _shut_down(self, kernel_id: str) -> None:
        with contextlib.suppress(Exception):
            await self.kernel_manager.shutdown_kernel(kernel_id, now=True)

    def _fill_later(self, delay: float) -> None:
        """Fill the pool ``delay`` seconds from now (a kernel taken pushes the filling back)."""
        loop = asyncio.get_event_loop()
        self._not_before = max(self._not_before, loop.time() + delay)
        if self._filler is None or self._filler.done():
            self._filler = loop.create_task(self._fill(), context=contextvars.Context())  # nobody's kernels

    async def _fill(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            while loop.time() < self._not_before:
                await asyncio.sleep(self._not_before - loop.time())
            wanted = self.wanted()
            if wanted == 0 or self._failures >= 3 or not self._memory_left():
                return
            # at start-up nobody is waiting: as many at once as there are cores; afterwards one by one
            batch = min(wanted, self.startup_parallel if self.taken == 0 else 1)
            await asyncio.gather(*(self._start_one() for _ in range(batch)))
            await asyncio.sleep(self.spacing if self.taken else 0)

    def _memory_left(self) -> bool:
        import psutil  # a dependency of ipykernel

        free_mb = psutil.virtual_memory().available / 2**20
        if free_mb < self.min_free_mb:
            self.log.warning("no warm kernel started: %d MB of memory free", free_mb)
            return False
        return True

    async def _start_one(self) -> None:
        self.starting += 1
        kernel_id = None
        try:
            kernel_id = await self._start_kernel(kernel_name=self.kernel_name, path="", env=dict(os.environ))
            if await self._warm_up(kernel_id):
                self.ready.append(kernel_id)
                self._failures = 0
                return
            self._failures += 1
            await self._shut_down(kernel_id)
        except Exception:
            self._failures += 1
            self.log.exception("a warm kernel did not start")
            if kernel_id is not None:
                await self._shut_down(kernel_id)
        finally:
            self.starting -= 1


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


#: the names a teacher opens this computer by, which no student's device reaches (the other
#: 127.x addresses are loopback too, but nobody types them: the tests use them to stand for
#: a class's address)
THIS_COMPUTER = ("localhost", "127.0.0.1", "::1")


def this_computer(host: str) -> bool:
    return host in THIS_COMPUTER or host.endswith(".localhost")


def network_addresses() -> tuple[str, ...]:
    """This machine's IPv4 addresses on its networks (interfaces up; not loopback, not
    link-local), private ones first, as its interfaces list them: nothing is sent anywhere."""
    import psutil  # a dependency of ipykernel

    stats = psutil.net_if_stats()
    found = set()
    for name, addresses in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for address in addresses:
            if address.family != socket.AF_INET:
                continue
            ip = ipaddress.ip_address(address.address)
            if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
                found.add(ip)
    return tuple(str(ip) for ip in sorted(found, key=lambda ip: (not ip.is_private, ip)))


def reach_of(handler) -> gallery.Reach:
    """Where the sheets' codes send a student: the address the sheet was opened at, unless only
    this computer reaches it (localhost, 127.0.0.1): then a network address of the machine
    (``?address=`` picks one), with a note saying so."""
    classroom: ClassroomVoila = handler.settings["classroom"]
    request = handler.request
    origin = f"{request.protocol}://{request.host}"
    if not this_computer(_host_name(request.host)):
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
                    "pool_ready": len(RequestInfoSocketHandler._waiters),
                    # kernels with everything imported, standing by for whichever app is asked for
                    "warm": classroom.warm,
                    "warm_ready": classroom.warm_ready(),
                    "warm_starting": classroom.warm_pool.starting if classroom.warm_pool else 0,
                    "apps": len(classroom.apps),
                }
            )
        )


class ClassroomVoila(Voila):
    name = "classroom"
    description = __doc__.splitlines()[0]

    warm = Int(
        0,
        config=True,
        help="Kernels standing by with everything imported, each for whichever app is asked for (0: none).",
    )
    warm_refill_delay = Float(20.0, config=True, help="Seconds after the last warm kernel taken before refilling.")
    pool = Int(0, config=True, help="Preheated kernels standing by for each app, its page drawn (0: none).")
    pool_apps = List(Unicode(), [], config=True, help="The apps that get a pool (default: every app).")
    max_kernels = Int(40, config=True, help="Kernels in use at most, the whole server (the pool not counted).")
    max_kernels_per_client = Int(6, config=True, help="Kernels in use at most per visitor's address.")
    allowed_hosts = List(
        Unicode(), ["localhost"], config=True, help="Names this server may be reached by (IP addresses always)."
    )

    refill_spacing = Float(
        2.0, config=True, help="Seconds between two refills of the pool (the server renders each refill's page)."
    )
    book_dir = Unicode(
        "", config=True, help="The built book (_build/html), served at /book/ beside the apps (empty: none)."
    )
    class_dir = Unicode("", config=True, help="The class's folder: the board of names and verdicts (SQLite).")
    #: the class together (classserver/together): its tables and board, set up with the settings
    together = None
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
        # where a preheated kernel asks for its request (Voila's wait_for_request): an address this
        # server listens on (Voila assumes 127.0.0.1, which it does not when given another address)
        os.environ["VOILA_APP_IP"] = "127.0.0.1" if self.ip in ("", "0.0.0.0", "::", "localhost") else self.ip
        compile_templates_once()
        read_notebooks_once()
        page_config_once()
        self.together = together_mount.for_class_server(self)  # tables across devices, the teacher's board
        settings = super().init_settings()
        if self.pool > 0:
            stagger_refills(self.kernel_manager, self.refill_spacing)
            ready_kernels_first(self.kernel_manager)
        self.warm_pool = None
        watch_activity_lightly(self.kernel_manager)
        self.log.setLevel(self.log_level)  # traitlets leaves it at DEBUG: a record made for each message, then dropped
        if self.warm > 0:  # installed first: the ledger records the kernel a page gets, warm or new
            self.warm_pool = WarmPool(
                self.kernel_manager,
                self.warm,
                imports_of([Path(self.root_dir) / path for path in sorted(self.app_paths)]),
                lambda: self.max_kernels - self.ledger.in_use(),
                self.log,
                refill_delay=self.warm_refill_delay,
            )
            self.warm_pool.install()
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

    @property
    def student_prefix(self) -> str:
        """The path before an app's address for a student: this server's own, or under JupyterHub
        the hub's user-redirect, which takes each student to their own server."""
        if self.hub_auth is not None:
            return f"{os.environ.get('JUPYTERHUB_BASE_URL', '/').rstrip('/')}/hub/user-redirect/"
        return self.server_url

    @property
    def listens_here_only(self) -> bool:
        """Whether the server answers only on this computer (under JupyterHub, the hub decides)."""
        if self.hub_auth is not None:
            return False
        try:
            return ipaddress.ip_address(self.ip).is_loopback
        except ValueError:
            return self.ip == "localhost"

    def readiness(self) -> dict[str, str]:
        """How fast each app opens: "preheated" (its page drawn ahead), "warm" (a kernel with
        everything imported waits for it), or missing (a kernel starts for it)."""
        preheated = set(self.pool_apps or self.app_paths) if self.pool > 0 else set()
        warm = "warm" if self.warm_pool is not None and self.warm_pool.size > 0 else ""
        return {
            path: "preheated" if path in preheated else warm for path in self.app_paths if path in preheated or warm
        }

    def warm_ready(self) -> int:
        """Kernels ready now for whichever app is asked for."""
        return len(self.warm_pool.ready) if self.warm_pool is not None else 0

    async def prepare_pages(self) -> None:
        """Read every app's notebook and compile the page's templates before the first visitor:
        the first pages of a class otherwise pay for it (a third of a second of the server's CPU
        for the templates and the notebooks' schema, and each notebook read and checked)."""
        from voila.utils import get_page_config

        try:
            renderer = None
            for path in sorted(self.app_paths):
                renderer = NotebookRenderer(
                    voila_configuration=self.voila_configuration,
                    traitlet_config=self.config,
                    notebook_path=path,
                    template_paths=self.template_paths,
                    config_manager=self.config_manager,
                    contents_manager=self.contents_manager,
                    base_url=self.base_url,
                    kernel_spec_manager=self.kernel_spec_manager,
                    page_config=get_page_config(self.base_url, self.app.settings, self.log, self.voila_configuration),
                )
                await renderer.initialize()
            if renderer is not None:
                _ = renderer.exporter.template  # every app's page has the same templates
        except Exception:  # the pages are then prepared by their first visitors, as Voila does
            self.log.exception("the apps' pages could not be prepared ahead")

    def listen(self):
        if self.trust_forwarded:
            listen = self.app.listen
            self.app.listen = lambda port, address="", **kwargs: listen(port, address, xheaders=True, **kwargs)
        tornado.ioloop.IOLoop.current().add_callback(self.prepare_pages)
        super().listen()

    def classroom_handlers(self, base: str) -> list[tuple]:
        """The class server's own pages, before Voila's: a new page of the class goes here
        (every handler, these and Voila's, is guarded by Host, Origin and the hub's login)."""
        handlers = [
            (f"{base}/", GalleryHandler),
            (f"{base}/voila/tree(/.*)?", GalleryHandler),
            (f"{base}/sheet", SheetHandler),
            (f"{base}/sheet/(.+)", ProjectorSheetHandler),
            (f"{base}/voila/classroom/status", StatusHandler),
            (f"{base}/voila/classroom/away/([0-9a-f-]{{36}})", AwayHandler),
        ]
        if self.book_dir:
            handlers += [
                (f"{base}/book", tornado.web.RedirectHandler, {"url": f"{base}/book/"}),
                (f"{base}/book/(.*)", BookHandler, {"path": self.book_dir, "default_filename": "index.html"}),
            ]
        if self.together is not None:
            handlers += self.together.handlers()  # tables across devices, the teacher's board
        return handlers

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
        handlers[:0] = self.classroom_handlers(base)
        if self.hub_auth is not None:
            from jupyterhub.services.auth import HubOAuthCallbackHandler

            handlers.insert(0, (urlparse(self.hub_auth.oauth_redirect_uri).path, HubOAuthCallbackHandler))
        return [(h[0], _guarded(h[1]), *h[2:]) for h in handlers]


main = ClassroomVoila.launch_instance

if __name__ == "__main__":
    main()
