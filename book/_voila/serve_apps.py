"""Serve every notebook of the book as an app with Voila (used by `make serve` and the tests).

    python book/_voila/serve_apps.py [--port 8866] [--book-url http://localhost:8000]

Code is never shown, tracebacks never reach the page, nothing is loaded from the
internet (the `rulebook` template), and the kernel of a tab that was closed is shut
down after five idle minutes.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOOK = HERE.parent

HIDDEN = ("__pycache__", "*.pyc", "_*", "sources", "*.md", "*.txt", "*.py")

CULL = [
    # a kernel with no browser tab connected is shut down after 5 idle minutes
    "--MappingKernelManager.cull_idle_timeout=300",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
]


def command(port: int) -> list[str]:
    return [
        sys.executable,
        "-m",
        "voila",
        str(BOOK),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--template=rulebook",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.strip_sources=True",
        "--VoilaConfiguration.file_allowlist=.*\\.(svg|png|css)",
        # the list of apps shows the chapters' notebooks, not the book's machinery
        *(f"--ContentsManager.hide_globs={glob}" for glob in HIDDEN),
        *CULL,
    ]


def environment(book_url: str = "http://localhost:8000") -> dict[str, str]:
    """The apps' environment: our templates, and where the book is (for rule links)."""
    env = dict(os.environ)
    env["RULEBOOK_BOOK_URL"] = book_url
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(HERE), env.get("JUPYTER_PATH")]))
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--book-url", default="http://localhost:8000", help="where the book is served")
    args = parser.parse_args()
    cmd = command(args.port)
    os.execve(cmd[0], cmd, environment(args.book_url))


if __name__ == "__main__":
    main()
