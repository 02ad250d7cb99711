"""Serve the book's apps with Voila, for one reader or a class (used by `make serve` and the tests).

    python book/_voila/serve_apps.py [--port 8866] [--book-url http://localhost:8000]
        [--pool 2] [--pool-apps durak/play.ipynb ...] [--max-kernels 40] [--max-per-client 6]
        [--ip 127.0.0.1] [--allowed-host NAME ...]

Code is never shown, tracebacks never reach the page, nothing is loaded from the
internet (the `rulebook` template), only the book's apps are served (the gallery at
`/` lists them, `/sheet` prints their links and QR codes), `--pool` kernels per app are
preheated, the kernel of a closed tab is shut down at once (and one whose page never
connected after a minute idle), and past `--max-kernels` (whole server) or
`--max-per-client` (one visitor's address) a visitor is asked to try again in a minute.
See `classroom.py`.
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
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent
BOOK = HERE.parent

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


#: the JupyterLab extensions an app's page needs: the widgets and Voila's manager of them
PAGE_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8")


def command(
    port: int,
    *,
    pool: int = 0,
    pool_apps: list[str] = (),
    max_kernels: int = 40,
    max_per_client: int = 40,
    ip: str = "127.0.0.1",
    allowed_hosts: list[str] = ("localhost",),
    base_url: str = "/",
    cull_seconds: int = 60,
    trust_forwarded: bool = False,
) -> list[str]:
    return [
        sys.executable,
        str(HERE / "classroom.py"),
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
        f"--ClassroomVoila.pool={pool}",
        *(f"--ClassroomVoila.pool_apps={app}" for app in pool_apps),
        f"--ClassroomVoila.max_kernels={max_kernels}",
        f"--ClassroomVoila.max_kernels_per_client={max_per_client}",
        *(f"--ClassroomVoila.allowed_hosts={host}" for host in allowed_hosts),
        f"--ClassroomVoila.trust_forwarded={trust_forwarded}",
        # a used preheated kernel is replaced 20 s later, refills 2 s apart (ClassroomVoila.refill_spacing):
        # a class arrives together, and a kernel starting costs as much CPU as ten pages served;
        # meanwhile a page finding no ready kernel gets one of its own (classroom.ready_kernels_first)
        "--VoilaKernelManager.fill_delay=20",
        *cull(cull_seconds),
    ]


def environment(book_url: str = "http://localhost:8000") -> dict[str, str]:
    """The apps' environment: our templates, and where the book is (for rule links)."""
    env = dict(os.environ)
    env["RULEBOOK_BOOK_URL"] = book_url
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("JUPYTER_PATH")]))
    env.pop("QUERY_STRING", None)
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(url: str) -> dict:
    """The server's counts: kernels alive and in use, the ceilings, the pool."""
    with urllib.request.urlopen(f"{url}/voila/classroom/status", timeout=10) as response:
        return json.load(response)


@contextlib.contextmanager
def running(log_path: Path, book_url: str = "http://localhost:8000", **options):
    """A server on a free loopback port, with ``options`` of :func:`command`; yields (url, process)."""
    port = _free_port()
    with log_path.open("w") as log:
        proc = subprocess.Popen(command(port, **options), env=environment(book_url), stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                status(url)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the app server did not start; see {log_path}") from None
                time.sleep(0.3)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument(
        "--book-url",
        default=os.environ.get("RULEBOOK_BOOK_URL", "http://localhost:8000"),
        help="where the book is served",
    )
    parser.add_argument("--pool", type=int, default=1, help="preheated kernels per app (0: none)")
    parser.add_argument("--pool-apps", nargs="*", default=[], help="the apps that get a pool (default: all)")
    parser.add_argument("--max-kernels", type=int, default=40, help="kernels in use at most, whole server")
    parser.add_argument("--max-per-client", type=int, default=6, help="kernels in use at most per visitor")
    parser.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0: the class's network)")
    parser.add_argument(
        "--allowed-host", action="append", default=["localhost"], help="a name the class reaches this server by"
    )
    parser.add_argument("--base-url", default="/")
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
    cmd = command(
        args.port,
        pool=args.pool,
        pool_apps=args.pool_apps,
        max_kernels=args.max_kernels,
        max_per_client=args.max_per_client,
        ip=args.ip,
        allowed_hosts=args.allowed_host,
        base_url=args.base_url,
        trust_forwarded=trust_forwarded,
    )
    os.execve(cmd[0], cmd, environment(args.book_url))


if __name__ == "__main__":
    main()
