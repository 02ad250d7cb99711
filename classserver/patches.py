"""Every change the class server makes to Voila's and jupyter_server's private internals, in one place.

Each patch below is a function registered in :data:`PATCHES` with the versions it was written
against (``targets``: those ``requirements/constraints.txt`` pins), why the public API cannot do
the same (``why``), and its ``shape``: the private attributes it replaces or reads, with their
signatures, and for code it re-implements or relies on line by line, a digest of that code.
``tests/test_patches.py`` checks every shape against the installed packages and fails naming the
patch whose ground moved: after upgrading Voila, jupyter_server or tornado, read that patch
against the new code, then record the new shape here.

The rest of the class server changes nothing it does not own: it subclasses (the connection
class, the handlers, the application) and sets traits.
"""

from __future__ import annotations

import contextvars
import copy
import hashlib
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass

import jinja2
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from voila.exporter import VoilaExporter
from voila.notebook_renderer import NotebookRenderer
from voila.request_info_handler import RequestInfoSocketHandler

#: the versions every patch below was read against (the lock's pins)
VOILA = "voila 0.5.13"
JUPYTER_SERVER = "jupyter_server 2.21.1"
TORNADO = "tornado 6.6.1"


@dataclass(frozen=True)
class Patch:
    """One change to another package's internals: what it targets, why, and the shape it relies on."""

    name: str
    targets: str
    why: str
    #: what the patch relies on, each a check giving what no longer holds ("" when it holds)
    shape: tuple[Callable[[], str], ...]

    def problems(self) -> list[str]:
        """What no longer holds of this patch's shape in the installed packages (empty: all holds)."""
        found = []
        for check in self.shape:
            try:
                problem = check()
            except Exception as error:  # an attribute gone, a module moved: the shape does not hold
                problem = f"{type(error).__name__}: {error}"
            if problem:
                found.append(problem)
        return found


#: the patches by name, in the order the server applies them
PATCHES: dict[str, Patch] = {}


def patch(targets: str, why: str, *shape: Callable[[], str]):
    """Register the decorated function as a patch (see :class:`Patch`)."""

    def register(function):
        PATCHES[function.__name__] = Patch(function.__name__, targets, why, shape)
        return function

    return register


# --- the shapes the patches rely on -------------------------------------------------------------


def _kernel_manager():
    """A Voila kernel manager, as the class server makes one, with no kernel started (for the shapes)."""
    import tempfile

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config import LoggingConfigurable
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    # a folder of its own, empty: the manager looks through its root for notebooks, and the shared
    # temporary folder's entries come and go under other programs (a FileNotFoundError)
    folder = tempfile.TemporaryDirectory(prefix="rb-patch-shapes-")

    class App(LoggingConfigurable):
        root_dir = folder.name
        notebook_path = None

    manager_class = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 0)
    manager_class._notebook_filter = lambda self, path: False  # no notebook of the temporary folder
    manager = manager_class(parent=App())
    manager.folder = folder  # removed with the manager
    return manager


def _owner(path: str):
    """``module:Class`` or ``module`` or ``kernel_manager`` (a Voila kernel manager instance)."""
    if path == "kernel_manager":
        return _kernel_manager()
    module, _, name = path.partition(":")
    owner = __import__(module, fromlist=["_"])
    return getattr(owner, name) if name else owner


def method(path: str, name: str, params: tuple[str, ...], *, coroutine: bool | None = None) -> Callable[[], str]:
    """``path``'s ``name`` is callable with ``params`` first (and a coroutine function, or not, if said)."""

    def check() -> str:
        function = getattr(_owner(path), name)
        found = tuple(p for p in inspect.signature(function).parameters if p not in ("args", "kwargs"))
        if found[: len(params)] != params:
            return f"{path}.{name} takes {found}, not {params}"
        if coroutine is not None and inspect.iscoroutinefunction(function) != coroutine:
            return f"{path}.{name} is {'no longer' if coroutine else 'now'} a coroutine function"
        return ""

    check.__doc__ = f"{path}.{name}{params}"
    return check


def attribute(path: str, name: str, kind: type) -> Callable[[], str]:
    """``path`` has an attribute ``name`` of type ``kind``."""

    def check() -> str:
        value = getattr(_owner(path), name)
        return "" if isinstance(value, kind) else f"{path}.{name} is a {type(value).__name__}, not a {kind.__name__}"

    check.__doc__ = f"{path}.{name}: {kind.__name__}"
    return check


def source(path: str, name: str, digest: str) -> Callable[[], str]:
    """The code of ``path``'s ``name`` is the code the patch was written against (a SHA-256 prefix)."""

    def check() -> str:
        code = inspect.getsource(getattr(_owner(path), name))
        found = hashlib.sha256(code.encode()).hexdigest()[: len(digest)]
        return "" if found == digest else f"the code of {path}.{name} changed (digest {found}, was {digest})"

    check.__doc__ = f"{path}.{name} unchanged"
    return check


def names(path: str, name: str, *words: str) -> Callable[[], str]:
    """The code of ``path``'s ``name`` still names ``words`` (the classes a patch filters by name)."""

    def check() -> str:
        code = inspect.getsource(getattr(_owner(path), name))
        missing = [word for word in words if word not in code]
        return f"{path}.{name} no longer names {missing}" if missing else ""

    check.__doc__ = f"{path}.{name} names {words}"
    return check


# --- the patches ----------------------------------------------------------------------------------


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


@patch(
    VOILA,
    "nbconvert's exporters build their Jinja environment in the private _create_environment and take no "
    "bytecode cache; Voila makes a new exporter for each page",
    method("voila.exporter:VoilaExporter", "_create_environment", ("self",)),
)
def compile_templates_once(exporter_class=VoilaExporter) -> CompiledTemplates:
    """Every page's template environment shares one :class:`CompiledTemplates` (installed once: the
    hub's fork server compiles the templates ahead, and its children find them compiled)."""
    installed = getattr(exporter_class._create_environment, "compiled_templates", None)
    if installed is not None:
        return installed
    cache = CompiledTemplates()
    create_environment = exporter_class._create_environment

    def _create_environment(self):
        environment = create_environment(self)
        environment.bytecode_cache = cache
        return environment

    _create_environment.compiled_templates = cache
    exporter_class._create_environment = _create_environment
    return cache


@patch(
    VOILA,
    "NotebookRenderer reads the notebook in load_notebook for each page and has no setting to keep it",
    method("voila.notebook_renderer:NotebookRenderer", "load_notebook", ("self", "path"), coroutine=True),
)
def read_notebooks_once(renderer_class=NotebookRenderer) -> dict:
    """Every page reads its app's notebook from memory, not from the disk.

    Voila read, validated and checked the signature of the whole notebook for every page,
    the saved snapshot of its widgets included (300 KB for Durak's play app), then copied
    it: a tenth of a second of the server's CPU per page. Here each notebook is read once
    (again if the file changes), without what an app's page does not use (the saved
    widgets and outputs: the kernel draws them live), and each page gets a copy.
    """
    installed = getattr(renderer_class.load_notebook, "notebooks", None)
    if installed is not None:  # installed once: the hub's fork server reads them ahead for its children
        return installed
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

    load_notebook.notebooks = notebooks
    renderer_class.load_notebook = load_notebook
    return notebooks


@patch(
    JUPYTER_SERVER,
    "the kernel manager's activity watcher is one method that parses every iopub message whole; it has no "
    "hook, so it is re-implemented here with the same rules (the digest guards them) on the private _kernels "
    "and the kernel's _activity_stream",
    method("kernel_manager", "start_watching_activity", ("kernel_id",)),
    method("kernel_manager", "track_message_type", ("message_type",)),
    attribute("kernel_manager", "_kernels", dict),
    source(
        "jupyter_server.services.kernels.kernelmanager:MappingKernelManager", "start_watching_activity", "4de25ab45ea5"
    ),
)
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


@patch(
    VOILA,
    "the page handler calls the module-level voila.handler.get_page_config for each page; there is no "
    "setting to keep its answer",
    method("voila.handler", "get_page_config", ("base_url", "settings", "log", "voila_configuration")),
)
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


@patch(
    VOILA,
    "Voila's pool has one refill delay (fill_delay) and starts every refill due at once; fill_if_needed "
    "is the only place a refill is scheduled",
    method("kernel_manager", "fill_if_needed", ("delay", "notebook_name")),
    attribute("kernel_manager", "fill_delay", float),
)
def stagger_refills(kernel_manager, spacing: float) -> None:
    """Refill the pool one kernel every ``spacing`` seconds, not all at once.

    Voila replaces each preheated kernel taken by a page after ``fill_delay``; the
    server itself renders the new kernel's page, so thirty refills started together
    hold up every page being served. Queued refills start ``spacing`` apart.
    """
    import asyncio

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


@patch(
    VOILA,
    "Voila's pool (the private _pools: a list of tasks per notebook, handed out first to last by "
    "get_rendered_notebook) counts refills still starting as ready; nothing public orders or counts them",
    attribute("kernel_manager", "_pools", dict),
    method("kernel_manager", "get_pool_size", ("notebook_name",)),
    method("kernel_manager", "get_rendered_notebook", ("notebook_name",), coroutine=True),
    source("voila.voila_kernel_manager", "voila_kernel_manager_factory", "5e28ac2d11a0"),
)
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


@patch(
    VOILA,
    "a kernel is started for a page, or taken from a pool, inside Voila's page handler, which says nobody "
    "which request it was for; wrapping the kernel manager's two methods is the only place to learn it",
    method("kernel_manager", "start_kernel", ("kernel_id", "path"), coroutine=True),
    method("kernel_manager", "get_rendered_notebook", ("notebook_name",), coroutine=True),
)
def record_kernels_given(kernel_manager, record: Callable[[str, object], None], visitor: contextvars.ContextVar):
    """``record(kernel_id, claim)`` for every kernel started, or taken from the pool, for a page:
    ``claim`` is ``visitor``'s value in the request's context (a pool's refill belongs to nobody)."""
    start_kernel = kernel_manager.start_kernel

    async def start_for_visitor(*args, **kwargs):
        kernel_id = await start_kernel(*args, **kwargs)
        record(kernel_id, visitor.get())
        return kernel_id

    kernel_manager.start_kernel = start_for_visitor
    take = getattr(kernel_manager, "get_rendered_notebook", None)
    if take is None:  # a kernel manager with no pools (not Voila's): nothing is taken from a pool
        return

    async def take_for_visitor(*args, **kwargs):
        claim = visitor.get()
        token = visitor.set(None)  # the pool's refill belongs to nobody
        try:
            render_task, rendered, kernel_id = await take(*args, **kwargs)
        finally:
            visitor.reset(token)
        record(kernel_id, claim)
        return render_task, rendered, kernel_id

    kernel_manager.get_rendered_notebook = take_for_visitor


@patch(
    JUPYTER_SERVER,
    "Voila's page handler starts a kernel with the kernel manager's start_kernel, and the culler culls "
    "through cull_kernel_if_idle; neither has a hook for kernels started ahead",
    method("kernel_manager", "start_kernel", ("kernel_id", "path"), coroutine=True),
    method("kernel_manager", "cull_kernel_if_idle", ("kernel_id",), coroutine=True),
)
def hand_out_warm_kernels(kernel_manager, start_kernel, standing_by: Callable[[str], bool]) -> None:
    """Pages get their kernel from ``start_kernel`` (the warm pool's), and the culler leaves the
    kernels ``standing_by`` alone (they wait for a page, idle by design)."""
    kernel_manager.start_kernel = start_kernel
    cull_kernel_if_idle = kernel_manager.cull_kernel_if_idle

    async def cull_unless_standing_by(kernel_id):
        if not standing_by(kernel_id):
            await cull_kernel_if_idle(kernel_id)

    kernel_manager.cull_kernel_if_idle = cull_unless_standing_by


@patch(
    VOILA,
    "the preheated kernels waiting for their request are known only to RequestInfoSocketHandler's private "
    "class attribute _waiters (kernel id -> socket)",
    attribute("voila.request_info_handler:RequestInfoSocketHandler", "_waiters", dict),
)
def preheated_waiting() -> int:
    """Preheated kernels that have run their notebook up to the request and wait for it (read only)."""
    return len(RequestInfoSocketHandler._waiters)


#: Voila's handlers the class server leaves out, by class name: the file tree (the gallery replaces
#: it) and the contents listing (no listing of files)
UNLISTED = ("TornadoVoilaTreeHandler", "VoilaContentsHandler")


@patch(
    VOILA,
    "Voila.init_handlers returns one list with no setting to leave the tree or the contents out; the tree "
    "handler is imported inside it, so it is known by its class name only",
    method("voila.app:Voila", "init_handlers", ("self",)),
    names("voila.app:Voila", "init_handlers", *UNLISTED, "TornadoVoilaHandler"),
)
def without_file_listing(handlers: list[tuple], page_handler, app_handler) -> list[tuple]:
    """Voila's ``handlers`` without the file tree and the contents listing, the app page's handler
    (``page_handler``, Voila's ``TornadoVoilaHandler``) replaced by ``app_handler``."""
    kept = []
    for handler in handlers:
        pattern, handler_class = handler[0], handler[1]
        if handler_class.__name__ in UNLISTED:
            continue
        if handler_class is page_handler:
            handler = (pattern, app_handler, *handler[2:])
        kept.append(handler)
    return kept


@patch(
    f"{VOILA}, {TORNADO}",
    "Voila.listen calls its tornado application's listen(port, address) and passes no server options, "
    "so X-Real-Ip / X-Forwarded-For (tornado's xheaders) can only be turned on in that call",
    method("tornado.web:Application", "listen", ("self", "port", "address")),
    names("voila.app:Voila", "listen", "self.app.listen(port, self.ip)"),
)
def listen_behind_proxy(app) -> None:
    """``app``'s tornado application reads the visitor's address from the proxy's headers."""
    listen = app.app.listen
    app.app.listen = lambda port, address="", **kwargs: listen(port, address, xheaders=True, **kwargs)
