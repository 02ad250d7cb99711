"""The classroom app server (:mod:`classserver.serve_apps`) for a test, and its protocol-level client."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import time
from pathlib import Path

from classserver import serve_apps
from tests.support.appclient import AppError, AppSession

ROOT = Path(__file__).resolve().parents[1]
status = serve_apps.status

__all__ = ["AppError", "AppSession", "classroom_server", "run", "status", "wait_for_pool"]


def run(coroutine, seconds: float = 300):
    """Run ``coroutine`` to its end in a thread of its own (Playwright's sync API holds this one's loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, seconds)).result()


def wait_for_pool(url: str, kernels: int, seconds: float = 90) -> None:
    """Until ``kernels`` kernels are alive (the pool has started)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if status(url)["kernels_alive"] >= kernels:
            return
        time.sleep(0.5)
    raise RuntimeError(f"the pool did not reach {kernels} kernels within {seconds} s")


@contextlib.contextmanager
def classroom_server(log_path: Path, book_url: str | None = None, **options):
    """The server as `make serve` runs it, with ``options`` of ``serve_apps.command``; yields its URL."""
    with serve_apps.running(log_path, book_url, **options) as (url, _):
        yield url
