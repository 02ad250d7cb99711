"""The class together inside the class server (``make serve``), or beside the students' servers.

:func:`for_class_server` gives the class server (``classroom.ClassroomVoila``) its tables and
board: the pages at ``<base>together/``, the board in the class folder (``--class-dir``,
by default ``data/class`` in the project), the teacher's key printed, and the address the
practice apps' kernels send their verdicts to. Under JupyterHub a student's server holds no
class of its own: the hub's service does (``deploy/jupyterhub``), and the gallery links to it.
"""

from __future__ import annotations

import os
from pathlib import Path

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
    print(together.teacher_line(f"http://{seen_as}:{app.port}"), flush=True)
    print(f"  The class's board is kept in {together.board.path}.", flush=True)
    return together


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
