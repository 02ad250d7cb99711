"""Serve the book and its apps with Voila, for one reader or a class (used by `make serve` and the tests).

    python -m classserver [--port 8866] [--book-dir _build/html] [--book-url URL]
        [--warm 30] [--pool 0] [--pool-apps durak/play.ipynb ...] [--max-kernels 40]
        [--max-per-client 6] [--ip 127.0.0.1] [--allowed-host NAME ...]

Code is never shown, tracebacks never reach the page, nothing is loaded from the
internet (the `rulebook` template), only the book's apps are served (the gallery at
`/` lists them, `/sheet` prints their links and QR codes) and the built book (at
`/book/`, so that every rule link of an app works from any address the server is
reached by). `--warm` kernels stand ready with everything imported for whichever app
is opened, `--pool` kernels per app have drawn its page ahead, the kernel of a closed
tab is shut down at once (and one whose page never connected after a minute idle), and
past `--max-kernels` (whole server) or `--max-per-client` (one visitor's address) a
visitor is asked to try again in a minute. See `app.py`.

No two servers on one machine can take each other's ports: a kernel's channels to its
server are Unix sockets (``--KernelManager.transport=ipc``) in the server's own connection
folder (Voila makes a new private one for each server), where ports chosen ahead and handed
to the kernel could be taken by anyone meanwhile; the server listens on the port it was
given or stops at once with a clear message and the exit status :data:`PORT_TAKEN` (it never
moves to another port, where nobody would look for it: JupyterHub's spawner starts it again
on another, ``classserver/hub_spawner.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: the book's folder, whose apps are served
BOOK = ROOT / "book"
#: the built book (`make book`), served beside the apps at /book/
BUILT_BOOK = ROOT / "_build" / "html"

#: the exit status of a server whose port another program holds (EADDRINUSE on Linux)
PORT_TAKEN = 98

HIDDEN = ("__pycache__", "*.pyc", "_*", "sources", "*.md", "*.txt", "*.py")


def cull(idle_seconds: int = 60) -> list[str]:
    """A kernel with no page connected is shut down after ``idle_seconds`` idle.

    A closed tab shuts its kernel down at once (the page's unload beacon); this catches
    the rest (a page that never connected, a browser that died).
    """
    return [
        f"--MappingKernelManager.cull_idle_timeout={idle_seconds}",
        f"--MappingKernelManager.cull_interval={max(5, idle_seconds // 4)}",
        "--MappingKernelManager.cull_connected=False",
    ]


#: what `make serve` serves a class with, unless told otherwise: 30 kernels standing by with
#: everything imported, each for whichever app a student opens (a class of 30 opening three
#: apps at once is interactive within about a second: README, "Apps for a class"), and the ceilings
CLASS = {"warm": 30, "pool": 0, "max_kernels": 40, "max_per_client": 6}

#: the JupyterLab extensions an app's page needs: the widgets and Voila's manager of them
PAGE_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")


def command(
    port: int,
    *,
    warm: int = 0,
    warm_refill_delay: float = 20.0,
    pool: int = 0,
    pool_apps: list[str] = (),
    pool_lang: str = "en",
    max_kernels: int = 40,
    max_per_client: int = 40,
    ip: str = "127.0.0.1",
    allowed_hosts: list[str] = ("localhost",),
    base_url: str = "/",
    cull_seconds: int = 60,
    trust_forwarded: bool = False,
    book_dir: Path | None = BUILT_BOOK,
    class_dir: str = "",
) -> list[str]:
    return [
        sys.executable,
        "-m",
        "classserver.app",
        str(BOOK),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        f"--Voila.base_url={base_url}",
        "--template=rulebook",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.file_allowlist=.*\\.(svg|png|css)",
        # a page loads only the widgets' JavaScript, not every JupyterLab extension of the environment
        *(f"--VoilaConfiguration.extension_allowlist={name}" for name in PAGE_EXTENSIONS),
        # the book's machinery is never listed nor served
        *(f"--ContentsManager.hide_globs={glob}" for glob in HIDDEN),
        f"--ClassroomVoila.warm={warm}",
        f"--ClassroomVoila.warm_refill_delay={warm_refill_delay}",
        f"--ClassroomVoila.pool={pool}",
        *(f"--ClassroomVoila.pool_apps={app}" for app in pool_apps),
        f"--ClassroomVoila.pool_lang={pool_lang}",
        f"--ClassroomVoila.max_kernels={max_kernels}",
        f"--ClassroomVoila.max_kernels_per_client={max_per_client}",
        *(f"--ClassroomVoila.allowed_hosts={host}" for host in allowed_hosts),
        f"--ClassroomVoila.trust_forwarded={trust_forwarded}",
        f"--ClassroomVoila.book_dir={book_dir or ''}",
        # the class together: its board's folder, and the student an app's verdicts are for (a request header)
        *([f"--ClassroomVoila.class_dir={class_dir}"] if class_dir else []),
        # (with its name and the address of "not me", for the app to say whose rows its answers go to)
        *(
            f"--VoilaConfiguration.http_header_envs={h}"
            for h in ("X-Rulebook-Student", "X-Rulebook-Name", "X-Rulebook-Not-Me")
        ),
        # a used preheated kernel is replaced as a warm one is (20 s later, 120 s under the hub), refills
        # 2 s apart (ClassroomVoila.refill_spacing): a class arrives together, and a kernel starting costs
        # as much CPU as ten pages served; meanwhile a page finding no ready kernel gets one of its own
        # (patches.ready_kernels_first)
        f"--VoilaKernelManager.fill_delay={warm_refill_delay:g}",
        *cull(cull_seconds),
        # the kernels' channels take no TCP port (Unix sockets in the server's own connection folder),
        # and the server listens on its own port or not at all
        "--KernelManager.transport=ipc",
        "--Voila.port_retries=0",
    ]


def served_book_url(base_url: str = "/") -> str:
    """Where the server's own book is, as a path on the server: a rule link built on it works
    at whatever address a visitor reached the server by (127.0.0.1, the class's address, a name)."""
    return f"{base_url.rstrip('/')}/book"


def port_taken(ip: str, port: int) -> bool:
    """Whether another program holds ``port`` of ``ip`` (nobody can listen there now)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as tornado binds: a closed port is free
        try:
            s.bind((ip, port))
        except OSError:
            return True
    return False


def environment(book_url: str | None = None, base_url: str = "/") -> dict[str, str]:
    """The apps' environment: our templates, and where the book is (for rule links): the
    server's own book unless ``book_url`` names another (a published copy)."""
    env = dict(os.environ)
    env["RULEBOOK_BOOK_URL"] = book_url or served_book_url(base_url)
    # our templates, and the apps' kernel (kernels/python3: the same as ipykernel's, saying only errors,
    # not a warning per kernel that it runs over loopback TCP)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("JUPYTER_PATH")]))
    env.pop("QUERY_STRING", None)
    return env


def free_port(ip: str = "127.0.0.1") -> int:
    """A port of ``ip`` no one listens on now."""
    with socket.socket() as s:
        s.bind((ip, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def supervised(process: subprocess.Popen, ready: Callable[[], object], what: str, log_path: Path):
    """Wait until ``ready()`` stops raising OSError (two minutes at most, or until the process
    dies: then RuntimeError naming ``what`` and its log), yield, and stop the process at the end."""
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                ready()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"{what} did not start; see {log_path}") from None
                time.sleep(0.25)
        yield
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def status(url: str) -> dict:
    """The server's counts: kernels alive and in use, the ceilings, the pool."""
    with urllib.request.urlopen(f"{url}/voila/classroom/status", timeout=10) as response:
        return json.load(response)


@contextlib.contextmanager
def running(log_path: Path, book_url: str | None = None, **options):
    """A server on a free port of ``options["ip"]`` (127.0.0.1 by default), with ``options`` of
    :func:`command`; yields (url, process). The book is the server's own unless ``book_url``."""
    port = free_port()
    ip = options.get("ip", "127.0.0.1")
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            command(port, **options),
            env=environment(book_url, options.get("base_url", "/")),
            stdout=log,
            stderr=log,
        )
    url = f"http://{'127.0.0.1' if ip in ('0.0.0.0', '') else ip}:{port}"
    with supervised(proc, lambda: status(url), "the app server", log_path):
        yield url, proc


def main(argv: list[str] | None = None, *, in_process: bool = False) -> None:
    """The command. The server runs as ``python -m classserver.app`` (this process becomes it), or
    with ``in_process`` in this very process (a child of the hub's fork server,
    :mod:`classserver.fork_server`, which has imported it already)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument(
        "--book-dir",
        type=Path,
        default=BUILT_BOOK,
        help="the built book, served at /book/ (default: _build/html, as `make book` builds it)",
    )
    parser.add_argument(
        "--book-url",
        default=os.environ.get("RULEBOOK_BOOK_URL"),
        help="where rule links go if not to the book this server serves (a published copy)",
    )
    parser.add_argument(
        "--warm",
        type=int,
        default=CLASS["warm"],
        help="kernels standing by with everything imported, for whichever app is asked for (0: none)",
    )
    parser.add_argument(
        "--warm-refill-delay",
        type=float,
        help="seconds after the last warm kernel taken before it is replaced (default: 20, and 120 with --hub:"
        " a student's own server does not see the class arrive, and replacing its kernel in the middle of the"
        " arrival would take the CPU the next students' logins need)",
    )
    parser.add_argument(
        "--pool", type=int, default=CLASS["pool"], help="preheated kernels per app, each app's page drawn (0: none)"
    )
    parser.add_argument(
        "--pool-apps", nargs="*", action="extend", default=[], help="the apps that get a pool (default: all)"
    )
    parser.add_argument(
        "--pool-lang",
        choices=("en", "ru"),
        default="en",
        help="the language the preheated pages are drawn in (a page asking for the other is drawn again)",
    )
    parser.add_argument(
        "--max-kernels", type=int, default=CLASS["max_kernels"], help="kernels in use at most, whole server"
    )
    parser.add_argument(
        "--max-per-client", type=int, default=CLASS["max_per_client"], help="kernels in use at most per visitor"
    )
    parser.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: the class's network)")
    parser.add_argument(
        "--allowed-host", action="append", default=["localhost"], help="a name the class reaches this server by"
    )
    parser.add_argument("--base-url", default="/")
    parser.add_argument(
        "--class-dir", default="", help="the class's folder for the teacher's board (default: data/class)"
    )
    parser.add_argument(
        "--hub",
        action="store_true",
        help="a student's server spawned by JupyterHub: address, port and prefix from the hub, logins through it",
    )
    args = parser.parse_args(argv)
    trust_forwarded = False
    if args.hub:  # JupyterHub says where to listen; its proxy names the visitor
        service = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        args.ip, args.port = service.hostname, service.port
        args.base_url = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", service.path or "/")
        trust_forwarded = True
    if args.warm_refill_delay is None:
        args.warm_refill_delay = 120.0 if args.hub else 20.0
    cmd = command(
        args.port,
        warm=args.warm,
        warm_refill_delay=args.warm_refill_delay,
        pool=args.pool,
        pool_apps=args.pool_apps,
        pool_lang=args.pool_lang,
        max_kernels=args.max_kernels,
        max_per_client=args.max_per_client,
        ip=args.ip,
        allowed_hosts=args.allowed_host,
        base_url=args.base_url,
        trust_forwarded=trust_forwarded,
        book_dir=args.book_dir,
        class_dir=args.class_dir,
    )
    if not args.book_url and not (args.book_dir / "index.html").exists():
        print(f"The book is not built in {args.book_dir} (make book): the apps' rule links will not open.")
    if port_taken(args.ip, args.port):  # said at once, not after the server's start-up, and never moved
        print(
            f"Port {args.port} of {args.ip} is taken by another program: the app server did not start."
            f" · Порт {args.port} адреса {args.ip} занят другой программой: сервер приложений не запущен.",
            file=sys.stderr,
            flush=True,
        )
        raise SystemExit(PORT_TAKEN)
    env = environment(args.book_url, args.base_url)
    if not in_process:
        os.execve(cmd[0], cmd, env)
    from .app import main as run_app

    os.environ.clear()
    os.environ.update(env)
    sys.argv = [str(HERE / "app.py"), *cmd[3:]]
    run_app(argv=cmd[3:])


if __name__ == "__main__":
    main()
