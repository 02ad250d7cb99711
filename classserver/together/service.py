"""The class together on its own: the tables and the board as a server of their own.

    python -m classserver.together.service [--port 8870] [--ip 127.0.0.1] [--class-dir DIR]
        [--allowed-host NAME ...] [--away SECONDS] [--bot-pause SECONDS]
    python -m classserver.together.service --hub --class-dir DIR [--bind 0.0.0.0]    (a JupyterHub service)

`make serve` does not need this: the class server mounts the same pages itself. Under
JupyterHub (``deploy/jupyterhub``) the hub starts this as a service
(``c.JupyterHub.services``): every student of the hub reaches it at
``/services/together/`` behind the hub's login (OAuth), and the practice apps of each
student's server post their verdicts to it on the hub's machine.

The same guards as the class server's: a request must name the server by an IP address
or an allowed name, a cross-site Origin is refused (``guards.guarded``).
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import os
from pathlib import Path
from urllib.parse import urlparse

import tornado.ioloop
import tornado.web

from ..guards import guarded  # the class server's guard, the same code
from .board import write_key
from .mount import DEFAULT_CLASS_DIR
from .web import EMPTY_TABLE_SECONDS, SOCKET_RATE, Together

log = logging.getLogger("together")


class NotFound(tornado.web.RequestHandler):
    def prepare(self):
        raise tornado.web.HTTPError(404)


def application(
    together: Together, *, allowed_hosts: list[str], hub_auth=None, here_only: bool = False
) -> tornado.web.Application:
    """The Tornado app of ``together`` alone, behind the class server's Host and Origin guard."""
    handlers = together.handlers()
    if hub_auth is not None:
        from jupyterhub.services.auth import HubOAuthCallbackHandler

        handlers.insert(0, (urlparse(hub_auth.oauth_redirect_uri).path, HubOAuthCallbackHandler))
    settings = {
        "xsrf_cookies": True,
        "xsrf_cookie_kwargs": {"path": together.root},
        "cookie_secret": together.board.secret,
        "websocket_max_message_size": 64 * 1024,
        "classroom_allowed_hosts": [h.lower() for h in allowed_hosts],
        "classroom_log": log,
        "classroom_hub_auth": None,  # the login is the pages' own (the verdicts' address takes a token instead)
        "hub_auth": hub_auth,
        "default_handler_class": guarded(NotFound),
        "base_url": together.root,
        "together_here_only": here_only,  # the server answers only on this computer (a table's QR code says so)
    }
    return tornado.web.Application([(h[0], guarded(h[1]), *h[2:]) for h in handlers], **settings)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8870)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--class-dir", default=os.environ.get("RULEBOOK_CLASS_DIR", str(DEFAULT_CLASS_DIR)))
    parser.add_argument("--allowed-host", action="append", default=["localhost"])
    parser.add_argument("--root", default="/together/", help="the address of the class page")
    parser.add_argument("--away", type=float, default=90.0, help="seconds before a bot plays for a seat left alone")
    parser.add_argument("--bot-pause", type=float, default=0.6, help="seconds before a bot moves")
    parser.add_argument(
        "--empty-after", type=float, default=EMPTY_TABLE_SECONDS, help="seconds before a table nobody sits at closes"
    )
    parser.add_argument(
        "--socket-rate", type=float, default=SOCKET_RATE, help="requests a second one page may send (on average)"
    )
    parser.add_argument(
        "--coach-workers",
        type=int,
        default=None,
        help="strong bots that think at once, each in a process of its own (default: half the cores, at least 1)",
    )
    parser.add_argument(
        "--hub", action="store_true", help="a JupyterHub service: address, prefix and login from the hub"
    )
    parser.add_argument(
        "--bind",
        default=None,
        help="with --hub: the address to listen on, if not the host of the service's URL (0.0.0.0 in a hub's pod)",
    )
    args = parser.parse_args(argv)
    # its own lines and the libraries' warnings (not the hub's libraries' chatter in the hub's log)
    logging.basicConfig(level=logging.WARNING, format="[together %(levelname)s] %(message)s")
    log.setLevel(logging.INFO)
    hub_auth, secret, xheaders = None, None, False
    if args.hub:
        from jupyterhub.services.auth import HubOAuth

        service = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
        args.ip, args.port = args.bind or service.hostname, service.port
        args.root = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/together/")
        hub_auth = HubOAuth.instance(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)
        secret = os.environ.get("RULEBOOK_TOGETHER_SECRET")  # shared with the students' servers
        xheaders = True  # behind the hub's proxy: the visitor is X-Forwarded-For
    together = Together(
        args.class_dir,
        root=args.root,
        cookie_path=args.root,
        away_seconds=args.away,
        bot_pause=args.bot_pause,
        hub_auth=hub_auth,
        secret=secret,
        socket_rate=args.socket_rate,
        socket_burst=2 * args.socket_rate,
        empty_seconds=args.empty_after,
        coach_workers=args.coach_workers,
    )
    here_only = not args.hub and ipaddress.ip_address(args.ip).is_loopback if args.ip[:1].isdigit() else False
    app = application(together, allowed_hosts=args.allowed_host, hub_auth=hub_auth, here_only=here_only)
    kept = None
    if together.board.teacher_key:  # a hub's log is not the teacher's: a new key is also left in a private file
        kept = write_key(Path(args.class_dir), together.board.teacher_key)  # before anyone can ask for the board
    app.listen(args.port, args.ip, xheaders=xheaders)
    origin = "" if args.hub else f"http://{args.ip}:{args.port}"
    print(together.teacher_line(origin), flush=True)
    print(f"  The class's board is kept in {together.board.path}.", flush=True)
    if kept is not None:
        print(f"  The key is also in {kept}.", flush=True)
    try:
        tornado.ioloop.IOLoop.current().start()
    except KeyboardInterrupt:  # Ctrl-C, or the hub stopping its services: every verdict is stored already
        together.stop()
        print("  The class together stopped.", flush=True)


if __name__ == "__main__":
    main()
