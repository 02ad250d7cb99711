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
- Handlers: :meth:`ClassroomVoila.classroom_handlers` lists the class server's own pages
  (:mod:`classserver.handlers`); the request guards are :mod:`classserver.guards`, the kernels'
  ledger and warm pool :mod:`classserver.kernel_pool`, and every change to Voila's and
  jupyter_server's internals :mod:`classserver.patches`.

Run it through :mod:`classserver.serve_apps` (``python -m classserver``, ``make serve``).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
from pathlib import Path
from urllib.parse import urlparse

import jinja2
import jinja2.meta
import tornado.ioloop
import tornado.web
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from nbformat.sign import MemorySignatureStore, NotebookNotary
from traitlets import Bool, Enum, Float, Int, List, Type, Unicode
from voila.app import Voila
from voila.notebook_renderer import NotebookRenderer
from voila.tornado.handler import TornadoVoilaHandler

from . import gallery, patches
from .guards import MAX_FRAME_BYTES, guarded
from .handlers import (
    AppHandler,
    AwayHandler,
    BookHandler,
    GalleryHandler,
    NotFoundHandler,
    ProjectorSheetHandler,
    QuietConnection,
    SheetHandler,
    StatusHandler,
)
from .kernel_pool import KernelLedger, WarmPool, imports_of
from .together import mount as together_mount

#: the filters Voila registers only as it draws a page (VoilaExporter.generate_from_notebook_node)
PAGE_FILTERS = ("highlight_code", "trusted")


def compile_with_references(environment: jinja2.Environment, name: str, seen: set | None = None) -> None:
    """Compile template ``name`` and every template it extends, includes or imports, by name
    (the first page otherwise compiles the twenty it pulls in as it is drawn: a fifth of a second
    of CPU, which under JupyterHub every student's first page pays)."""
    seen = set() if seen is None else seen
    if name in seen:
        return
    seen.add(name)
    source, _, _ = environment.loader.get_source(environment, name)
    for reference in jinja2.meta.find_referenced_templates(environment.parse(source)):
        if reference:  # None: a name computed as the page is drawn
            compile_with_references(environment, reference, seen)
    with contextlib.suppress(jinja2.TemplateAssertionError):  # a filter only a page's drawing brings
        environment.get_template(name)


#: the apps whose pages this process prepared before any server ran in it (the hub's fork server's
#: children inherit them: their notebooks read, their templates compiled)
PREPARED_AHEAD: set[str] = set()


async def prepare_pages(paths: list[str], **renderer: object) -> None:
    """Read the notebooks of ``paths`` and compile their page's templates, into the caches every
    page reads them from (``patches.read_notebooks_once``, ``patches.compile_templates_once``).
    ``renderer``: what Voila's ``NotebookRenderer`` is made with, but the notebook's path."""
    page = None
    for path in paths:
        page = NotebookRenderer(notebook_path=path, **renderer)
        await page.initialize()
    if page is not None:  # every app's page has the same templates
        environment = page.exporter.environment
        for name in PAGE_FILTERS:  # stand-ins for the compiling: the page's own are looked up as it is drawn
            environment.filters.setdefault(name, lambda value, *args, **kwargs: value)
        compile_with_references(environment, page.exporter.template.name)


def prepare_pages_ahead(book: Path) -> None:
    """What the hub's fork server does for every student's server, once, before any (no server
    runs here: the managers a server would have, made as it makes them): every app's notebook
    read and every page template compiled, as the server's :meth:`ClassroomVoila.prepare_pages`
    would do, into the caches its children inherit."""
    import asyncio

    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    from traitlets.config import Config
    from voila.configuration import VoilaConfiguration
    from voila.paths import collect_template_paths

    patches.compile_templates_once()
    patches.read_notebooks_once()
    configuration = VoilaConfiguration(template="rulebook", strip_sources=True)
    contents = LargeFileManager(root_dir=str(book))
    contents.notary = BookNotary(parent=contents)  # as the server's: no signature database opened
    # a loop of its own, never made the current one: a server started afterwards in this process
    # (a fork server's child) makes its own, as a new process does
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(
            prepare_pages(
                [app.path for app in gallery.find_apps(book)],
                voila_configuration=configuration,
                traitlet_config=Config(),
                template_paths=collect_template_paths(["voila", "nbconvert"], "rulebook"),
                config_manager=None,
                contents_manager=contents,
                base_url="/",
                kernel_spec_manager=KernelSpecManager(),
                page_config={},
            )
        )
    finally:
        loop.close()
    PREPARED_AHEAD.update(app.path for app in gallery.find_apps(book))


class BookNotary(NotebookNotary):
    """The book's own apps, served by the book's server, are trusted as its files are.

    Reading a notebook otherwise hashes it whole to check its signature, the saved widgets
    included: a third of a second of CPU for Durak's play app, twenty apps read as the server
    starts (each student's server under JupyterHub). Trust changes nothing a page shows:
    the saved outputs are dropped as a notebook is read (``patches.read_notebooks_once``), and
    Voila marks the outputs its kernel draws trusted itself.
    """

    def __init__(self, **kwargs):
        # nothing is checked, so no signature database is opened (each student's server made one in
        # its student's folder; the hub's fork server would have shared its connection with every child)
        super().__init__(store_factory=MemorySignatureStore, **kwargs)

    def check_signature(self, nb) -> bool:
        return True


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
    pool_lang = Enum(["en", "ru"], "en", config=True, help="The language preheated pages are drawn in (the class's).")
    max_kernels = Int(40, config=True, help="Kernels in use at most, the whole server (the pool not counted).")
    max_kernels_per_client = Int(6, config=True, help="Kernels in use at most per visitor's address.")
    allowed_hosts = List(
        Unicode(), ["localhost"], config=True, help="Names this server may be reached by (IP addresses always)."
    )

    iopub_timeout = Int(
        60,
        config=True,
        help=(
            "Seconds a page's cell may take to send its outputs once it has run (nbclient waits 4 s, then"
            " goes on without them: on a busy machine an app then drew its widgets but never showed them)."
        ),
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
        unknown = set(self.pool_apps) - self.app_paths
        if unknown:
            raise ValueError(f"not apps of the book: {sorted(unknown)}; the apps are {sorted(self.app_paths)}")
        if self.pool > 0:
            self.voila_configuration.preheat_kernel = True
            self.config.VoilaKernelManager.kernel_pools_config = {
                "default": {"pool_size": 0},
                **{
                    path: {
                        "pool_size": self.pool,
                        "kernel_env_variables": {"RULEBOOK_PREHEAT_LANG": self.pool_lang},
                    }  # widgets.common.PREHEAT_LANG
                    for path in self.pooled_apps()
                },
            }
        self.hub_auth = None
        if os.environ.get("JUPYTERHUB_API_TOKEN"):  # a student's server spawned by JupyterHub
            from jupyterhub.services.auth import HubOAuth

            # the instance JupyterHub's OAuth callback handler uses too (it keeps the login's state)
            self.hub_auth = HubOAuth.instance(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)
        # where a preheated kernel asks for its request (Voila's wait_for_request): an address this
        # server listens on (Voila assumes 127.0.0.1, which it does not when given another address)
        os.environ["VOILA_APP_IP"] = "127.0.0.1" if self.ip in ("", "0.0.0.0", "::", "localhost") else self.ip
        self.config.VoilaExecutor.iopub_timeout = self.iopub_timeout  # the executor reads the app's config
        patches.compile_templates_once()
        patches.read_notebooks_once()
        patches.page_config_once()
        self.together = together_mount.for_class_server(self)  # tables across devices, the teacher's board
        settings = super().init_settings()
        self.contents_manager.notary = BookNotary(parent=self.contents_manager)  # no database opened
        if self.pool > 0:
            patches.stagger_refills(self.kernel_manager, self.refill_spacing)
            patches.ready_kernels_first(self.kernel_manager)
        self.warm_pool = None
        patches.watch_activity_lightly(self.kernel_manager)
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
            default_handler_class=guarded(NotFoundHandler),
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
        preheated = set(self.pooled_apps())
        warm = "warm" if self.warm_pool is not None and self.warm_pool.size > 0 else ""
        return {
            path: "preheated" if path in preheated else warm for path in self.app_paths if path in preheated or warm
        }

    def pooled_apps(self) -> list[str]:
        """The apps whose pages are preheated (none without a pool)."""
        return (self.pool_apps or sorted(self.app_paths)) if self.pool > 0 else []

    def warm_ready(self) -> int:
        """Kernels ready now for whichever app is asked for."""
        return len(self.warm_pool.ready) if self.warm_pool is not None else 0

    async def prepare_pages(self) -> None:
        """Read every app's notebook and compile the page's templates before the first visitor:
        the first pages of a class otherwise pay for it (a third of a second of the server's CPU
        for the templates and the notebooks' schema, and each notebook read and checked). In a
        server forked from the hub's fork server, they were read and compiled there, once for
        the class (:func:`prepare_pages`): here they are found ready."""
        from voila.utils import get_page_config

        if self.app_paths <= PREPARED_AHEAD:  # in the fork server, before this server was forked from it
            return
        try:
            await prepare_pages(
                sorted(self.app_paths),
                voila_configuration=self.voila_configuration,
                traitlet_config=self.config,
                template_paths=self.template_paths,
                config_manager=self.config_manager,
                contents_manager=self.contents_manager,
                base_url=self.base_url,
                kernel_spec_manager=self.kernel_spec_manager,
                page_config=get_page_config(self.base_url, self.app.settings, self.log, self.voila_configuration),
            )
        except Exception:  # the pages are then prepared by their first visitors, as Voila does
            self.log.exception("the apps' pages could not be prepared ahead")

    def listen(self):
        if self.trust_forwarded:
            patches.listen_behind_proxy(self)
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
        # the gallery replaces the file tree; no listing of files; the apps within the ceilings
        handlers = patches.without_file_listing(super().init_handlers(), TornadoVoilaHandler, AppHandler)
        handlers[:0] = self.classroom_handlers(self.server_url.rstrip("/"))
        if self.hub_auth is not None:
            from jupyterhub.services.auth import HubOAuthCallbackHandler

            handlers.insert(0, (urlparse(self.hub_auth.oauth_redirect_uri).path, HubOAuthCallbackHandler))
        return [(h[0], guarded(h[1]), *h[2:]) for h in handlers]


main = ClassroomVoila.launch_instance

if __name__ == "__main__":
    main()
