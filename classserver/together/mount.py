"""The class together inside the class server (``make serve``), or beside the students' servers.

:func:`for_class_server` gives the class server (``classroom.ClassroomVoila``) its tables and
board: the pages at ``<base>together/``, the board in the class folder (``--class-dir``,
by default ``data/class`` in the project), the teacher's key printed, and the address the
practice apps' kernels send their verdicts to. Under JupyterHub a student's server holds no
class of its own: the hub's service does (``deploy/jupyterhub``), and the gallery links to it.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from ..network import network_addresses
from .web import Together

ROOT = Path(__file__).resolve().parents[2]
#: where the class's board is kept unless the teacher chooses another folder
DEFAULT_CLASS_DIR = ROOT / "data" / "class"
#: what the students' servers are told under JupyterHub (``deploy/jupyterhub``): the class page's
#: address for the gallery, where verdicts go, and the student's verdict token
PAGE_VARIABLE, URL_VARIABLE, TOKEN_VARIABLE = (
    "RULEBOOK_TOGETHER_PAGE",
    "RULEBOOK_TOGETHER_URL",
    "RULEBOOK_TOGETHER_TOKEN",
)


def for_class_server(app) -> Together | None:
    """The class together of a class server (a :class:`classroom.ClassroomVoila`), or None under
    JupyterHub. Its kernels learn where to send verdicts from the environment they inherit."""
    if app.hub_auth is not None:
        return None
    together = Together(app.class_dir or os.environ.get("RULEBOOK_CLASS_DIR") or DEFAULT_CLASS_DIR, root=_root(app))
    loopback = "127.0.0.1" if app.ip in ("", "0.0.0.0", "::", "localhost") else app.ip
    os.environ[URL_VARIABLE] = f"http://{_host(loopback)}:{app.port}{together.root}api/verdict"
    seen_as = "localhost" if loopback == "127.0.0.1" else _host(app.ip)
    lines = [together.teacher_line(f"http://{seen_as}:{app.port}")]
    if app.ip in ("0.0.0.0", "::"):
        lines += [
            f"  The class page for the students:  http://{a}:{app.port}{together.root}" for a in network_addresses()
        ]
    else:
        lines.append("  This server answers only on this computer: for a class, make serve APPS_IP=0.0.0.0")
    lines.append(f"  The class's board is kept in {together.board.path}.")
    quiet_the_noise(app.log)
    announce_when_quiet("\n".join(lines))
    return together


#: what the server's log says at every start that is no news to a teacher (each notebook "not trusted":
#: the apps run their own code, never a visitor's)
NOISE = ("is not trusted",)


class _Noise(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not any(words in record.getMessage() for words in NOISE)


def quiet_the_noise(logger: logging.Logger) -> None:
    logger.addFilter(_Noise())
    for handler in logger.handlers:
        handler.addFilter(_Noise())


class _LastRecord(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.at = time.monotonic()

    def emit(self, record: logging.LogRecord) -> None:
        self.at = time.monotonic()


def announce_when_quiet(text: str, *, quiet: float = 2.0, longest: float = 60.0) -> None:
    """Print ``text`` framed, once the server has started and its log has been quiet ``quiet`` seconds (at most
    ``longest`` after the start): the teacher's addresses and key are the last thing on the screen."""
    from tornado.ioloop import IOLoop

    watch = _LastRecord()
    logging.getLogger().addHandler(watch)
    started = time.monotonic()

    def check() -> None:
        now = time.monotonic()
        if now - watch.at < quiet and now - started < longest:
            IOLoop.current().call_later(0.5, check)
            return
        logging.getLogger().removeHandler(watch)
        print(frame(text), flush=True)

    IOLoop.current().call_later(quiet, check)


def frame(text: str) -> str:
    """``text`` between two rules, a blank line before and after."""
    rule = "=" * min(100, max(len(line) for line in text.splitlines()) + 2)
    return f"\n{rule}\n{text}\n{rule}\n"


def gallery_link(app) -> str:
    """The class page's address for the gallery: this server's, or the hub's service's ("" if none)."""
    if getattr(app, "together", None) is not None:
        return app.together.root
    return os.environ.get(PAGE_VARIABLE, "")


def _root(app) -> str:
    return f"{(app.server_url or app.base_url or '/').rstrip('/')}/together/"


def _host(ip: str) -> str:
    return f"[{ip}]" if ":" in ip else ip


__all__ = ["DEFAULT_CLASS_DIR", "for_class_server", "gallery_link"]
