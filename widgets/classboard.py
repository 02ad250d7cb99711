"""A practice app's verdicts go to the class's board, when the app is served for a class.

The class server (``make serve``) tells each app's kernel where the board takes verdicts
(``RULEBOOK_TOGETHER_URL``) and, with the page's request, whose answers these are (a token
naming the student, ``HTTP_X_RULEBOOK_STUDENT``); under JupyterHub the student's server is
told both (``RULEBOOK_TOGETHER_TOKEN``). Anywhere else (the book, nbval, the in-browser
apps) nothing is set and nothing is sent.

A verdict is posted from a thread of its own, a few at most waiting: the student never
waits for the board, and a board that is down costs a dropped line, not a stuck app. A
board that answers "gone" (410: someone said "not me" at this computer since the page was
opened) gets nothing more from this kernel, and the app is told so.
"""

from __future__ import annotations

import json
import os
import queue
import threading
import urllib.error
import urllib.request
from collections.abc import Callable
from urllib.parse import parse_qs, unquote, urlsplit

#: verdicts waiting to be sent, at most (more are dropped: the board is behind)
WAITING = 50
_queue: queue.Queue = queue.Queue(WAITING)
_sender: threading.Thread | None = None
#: set once the board said this computer has a new student: the page's student is not the one here
_left = threading.Event()


def board_address() -> tuple[str, str] | None:
    """Where this kernel's verdicts go and the token they carry, or None outside a class."""
    url = os.environ.get("RULEBOOK_TOGETHER_URL")
    # under JupyterHub the server's own token comes first: a page's header is the visitor's to choose
    token = os.environ.get("RULEBOOK_TOGETHER_TOKEN") or os.environ.get("HTTP_X_RULEBOOK_STUDENT")
    return (url, token) if url and token else None


def board_student() -> tuple[str, str] | None:
    """Whose rows this kernel's verdicts go to and the path of "not me", when the class server's page
    named a device's student (``HTTP_X_RULEBOOK_NAME``, percent-encoded, ``HTTP_X_RULEBOOK_NOT_ME``);
    None elsewhere, and under JupyterHub, where the student is who logged in."""
    if board_address() is None or os.environ.get("RULEBOOK_TOGETHER_TOKEN"):
        return None
    not_me = os.environ.get("HTTP_X_RULEBOOK_NOT_ME", "")
    if not _own_path(not_me):
        return None  # only a path on the class server itself
    return unquote(os.environ.get("HTTP_X_RULEBOOK_NAME", ""))[:100], not_me


def _own_path(path: str) -> bool:
    """Whether ``path`` is a path on the class server itself (never another site, however spelt)."""
    return path.startswith("/") and "//" not in path and "\\" not in path and path.isprintable()


def page_again() -> str | None:
    """The path that opens this app's page again (for the student now at the computer), from the
    address of "not me" the class server gave; None if there is none."""
    known = board_student()
    if known is None:
        return None
    wanted = parse_qs(urlsplit(known[1]).query).get("next", [""])[0]
    return wanted if _own_path(wanted) else None


def someone_else_here() -> bool:
    """Whether the board said that "not me" was said at this computer since the page was opened."""
    return _left.is_set()


def tell_board(exercise, verdict, when_left: Callable[[], None] | None = None) -> bool:
    """Send ``verdict`` on ``exercise`` to the class's board, if there is one; whether it was queued.

    ``when_left`` is called (from the sending thread) if the board answers that this computer has a
    new student since the page was opened; nothing is sent after that.
    """
    global _sender
    address = board_address()
    if address is None or not verdict.readable or _left.is_set():
        return False
    fields = {
        "kind": exercise.kind,
        "seed": exercise.seed,
        "difficulty": exercise.difficulty,
        "rule": verdict.rule,
        "correct": bool(verdict.correct),
    }
    try:
        _queue.put_nowait((*address, json.dumps(fields).encode("utf-8"), when_left))
    except queue.Full:
        return False
    if _sender is None or not _sender.is_alive():
        _sender = threading.Thread(target=_send_all, name="class-board", daemon=True)
        _sender.start()
    return True


def _send_all() -> None:
    while True:
        url, token, body, when_left = _queue.get()
        request = urllib.request.Request(
            url,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        )
        try:
            if _left.is_set():
                continue  # the page's student is not the one at the computer: nothing more for their rows
            with urllib.request.urlopen(request, timeout=5) as response:
                response.read()
        except urllib.error.HTTPError as refused:
            if refused.code == 410:
                _left.set()
                if when_left is not None:
                    when_left()
        except Exception:  # the board is down or refused it: the practice goes on
            pass
        finally:
            _queue.task_done()


def wait_sent(timeout: float = 10) -> bool:
    """Until every queued verdict was sent or given up (for tests); whether they all were."""
    done = threading.Event()
    threading.Thread(target=lambda: (_queue.join(), done.set()), daemon=True).start()
    return done.wait(timeout)


__all__ = ["board_address", "board_student", "page_again", "someone_else_here", "tell_board", "wait_sent"]
