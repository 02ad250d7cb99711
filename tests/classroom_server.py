"""Start the classroom app server (``book/_voila/serve_apps.py``) for a test, on loopback."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VOILA = ROOT / "book" / "_voila"
if str(VOILA) not in sys.path:
    sys.path.insert(0, str(VOILA))

import serve_apps  # noqa: E402
from appclient import AppError, AppSession  # noqa: E402

__all__ = ["AppError", "AppSession", "classroom_server", "status", "wait_for_pool"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(url: str) -> dict:
    with urllib.request.urlopen(f"{url}/voila/classroom/status", timeout=10) as response:
        return json.load(response)


def wait_for_pool(url: str, kernels: int, seconds: float = 90) -> None:
    """Until ``kernels`` kernels are alive (the pool has started)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if status(url)["kernels_alive"] >= kernels:
            return
        time.sleep(0.5)
    raise RuntimeError(f"the pool did not reach {kernels} kernels within {seconds} s")


@contextlib.contextmanager
def classroom_server(log_path: Path, book_url: str = "http://localhost:8000", **options):
    """The server as `make serve` runs it, with ``options`` of ``serve_apps.command``; yields its URL."""
    port = free_port()
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            serve_apps.command(port, **options), env=serve_apps.environment(book_url), stdout=log, stderr=log
        )
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
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
