"""The class together on the web: the class page, the tables' pages and sockets, the board.

:class:`Together` holds a class's tables (in memory) and its board (SQLite) and gives the
Tornado handlers that reach them (:meth:`Together.handlers`). The class server mounts
them into its own app (``make serve``: same process, same loop, its Host and Origin
checks); :mod:`together.service` runs them alone as a JupyterHub service.

Every request is bounded: a socket's frames (4 KB), its messages per second (a bucket
per connection: a flood gets a refusal, then the socket is closed), the tables a device
may open, the pages per table. A request that cannot be read gets a refusal in the
reader's language and changes nothing; one device's flood costs the others nothing but
the few microseconds of refusing it.

Pages are plain HTML and a little JavaScript (``static/``): no kernel per student.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import datetime
import json
import logging
import random
import re
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

import tornado.web
import tornado.websocket
from tornado.ioloop import PeriodicCallback

from rules.cards import NotationError
from rules.errors import LANGS, RulesError
from rules.lang import pick
from widgets.paint import STYLESHEET

from ..guards import host_name, hub_user_or_login
from ..network import network_addresses, this_computer
from . import pages
from .board import BadName, Board, Student, Verdict, VerdictError, clean_name
from .tables import (
    HUMAN,
    STRENGTHS,
    BotJob,
    Choose,
    Refusal,
    Table,
    new_code,
    read_code,
    read_strength,
    rule_info,
    strength_name,
)
from .thinking import coach_pool, think
from .tokens import NAME_HEADER, NOT_ME_HEADER, STUDENT_HEADER, verdict_subject, verdict_token

log = logging.getLogger("together")

STATIC = Path(__file__).resolve().parent / "static"
#: the device's cookie (a random id signed with the board's secret)
DEVICE_COOKIE = "rulebook_device"
#: the teacher's cookie, set once the board was opened with its key
TEACHER_COOKIE = "rulebook_teacher"
#: a table socket's longest frame, and the board's
MAX_FRAME = 4096
#: a socket's requests: so many a second on average, so many at once
SOCKET_RATE, SOCKET_BURST = 8.0, 16.0
#: the deepest nesting a request may have (a page's requests nest two levels)
MAX_DEPTH = 8
#: the close code a page is given when its table is closed (it then shows the way back)
GONE = 4404
#: refused floods before a socket is closed
SOCKET_STRIKES = 100
#: pages of onlookers per table (a seated player always gets in), tables in all, tables a device may open in
#: ten minutes, onlookers' table pages one device may have open
MAX_ONLOOKERS_PER_TABLE, MAX_TABLES, TABLES_PER_DEVICE, SOCKETS_PER_DEVICE = 40, 300, 10, 16
#: a table at which nobody sits closes after so many seconds without a change
EMPTY_TABLE_SECONDS = 300.0


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether a JSON text nests arrays or objects deeper than ``limit`` (read before parsing it:
    the parser recurses once per level)."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


class Bucket:
    """A token bucket: ``rate`` requests a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float, now: float):
        self.rate, self.burst, self.level, self.at = rate, burst, burst, now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


class Buckets:
    """Buckets by key (a visitor's address, a student), the oldest forgotten past ``size``."""

    def __init__(self, rate: float, burst: float, size: int = 10_000):
        self.rate, self.burst, self.size = rate, burst, size
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str, now: float) -> bool:
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst, now)
        self._buckets[key] = bucket
        while len(self._buckets) > self.size:
            self._buckets.popitem(last=False)
        return bucket.take(now)


class Together:
    """A class's tables and board, and the handlers of their pages (under ``root``)."""

    def __init__(
        self,
        class_dir: Path | str,
        *,
        root: str = "/together/",
        cookie_path: str = "/",
        away_seconds: float = 90.0,
        bot_pause: float = 0.6,
        hub_auth=None,
        secret: str | None = None,
        socket_rate: float = SOCKET_RATE,
        socket_burst: float = SOCKET_BURST,
        empty_seconds: float = EMPTY_TABLE_SECONDS,
        coach_workers: int | None = None,
    ):
        self.board = Board(class_dir)
        #: the secret of verdict tokens: the board's own, or one shared with the students' servers (JupyterHub)
        self.secret = secret or self.board.secret
        self.root = root if root.endswith("/") else root + "/"
        self.cookie_path = cookie_path
        self.away_seconds = away_seconds
        #: a table at which nobody sits closes after so many seconds without a change
        self.empty_seconds = empty_seconds
        self.bot_pause = bot_pause
        self.hub_auth = hub_auth
        #: a socket's requests a second on average, and at once (see :class:`Bucket`)
        self.socket_rate, self.socket_burst = socket_rate, socket_burst
        self.tables: dict[str, Table] = {}
        self.sockets: dict[str, set[TableSocket]] = {}
        #: table pages open per visitor (:func:`_visitor`)
        self.sockets_of: Counter[str] = Counter()
        self.board_sockets: set[BoardSocket] = set()
        self.clock = time.monotonic
        self.creations = Buckets(TABLES_PER_DEVICE / 600, TABLES_PER_DEVICE)
        self.posts = Buckets(2.0, 20.0)
        self.verdicts = Buckets(5.0, 30.0)
        self.executor = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="together-bot")
        #: the strong bots' processes (started when a strong bot first thinks), and how many
        self.coach_workers = coach_workers
        self._coaches: concurrent.futures.ProcessPoolExecutor | None = None
        self._ticker: PeriodicCallback | None = None
        self._board_pending = False
        self._rng = random.SystemRandom()
        self._restore()

    def _restore(self) -> None:
        """Every table the class folder keeps, where it was (a restart, even after ``kill -9``)."""
        now = self.clock()
        for code, record, _ in self.board.kept_tables():
            try:
                table = Table.from_record(record, now=now)
            except Exception:  # a record no version of the engine can read: said, and left alone
                log.exception("table %s could not be restored", code)
                continue
            self.tables[table.code] = table
            self.sockets[table.code] = set()
        if self.tables:
            log.info("%d tables restored from %s", len(self.tables), self.board.path)

    # ---- the handlers

    def handlers(self) -> list[tuple]:
        root, args = self.root, {"together": self}
        code = r"([A-Za-z0-9]{1,12})"
        return [
            (rf"{root}", ClassPage, args),
            (rf"{root}name", NameHandler, args),
            (rf"{root}tables", TablesHandler, args),
            (rf"{root}join", JoinHandler, args),
            (rf"{root}t/{code}", TablePage, args),
            (rf"{root}ws/t/{code}", TableSocket, args),
            (rf"{root}board", BoardPage, args),
            (rf"{root}board\.csv", BoardCsv, args),
            (rf"{root}board/key", BoardKey, args),
            (rf"{root}board/tables", BoardTables, args),
            (rf"{root}not-me", NewDevice, args),
            (rf"{root}ws/board", BoardSocket, args),
            (rf"{root}api/verdict", VerdictHandler, args),
            # the tables' look, shared with the play apps: that one file of its folder (widgets/)
            (rf"{root}static/({re.escape(STYLESHEET.name)})", StaticHandler, {"path": str(STYLESHEET.parent)}),
            (rf"{root}static/(.*)", StaticHandler, {"path": str(STATIC)}),
        ]

    def start(self) -> None:
        """Start the clock of the tables (bots standing in, idle tables closed); idempotent."""
        if self._ticker is None:
            self._ticker = PeriodicCallback(self._tick, 2000)
            self._ticker.start()

    def teacher_line(self, origin: str) -> str:
        """What the server prints when it starts: where the teacher's board is, with its key if the key
        was made just now (the board keeps only its hash: a forgotten key is replaced, see :mod:`.key`)."""
        key = self.board.teacher_key
        if key:
            return (
                f"  The teacher's board:  {origin}{self.root}board?key={key}\n"
                "  (a new key: keep this address to yourself; the board keeps only a hash of the key)"
            )
        return (
            f"  The teacher's board:  {origin}{self.root}board  (the key given when it was made;\n"
            f"  a new one: python -m classserver.together.key --class-dir {self.board.folder})"
        )

    # ---- students

    def mark_student(self, handler: tornado.web.RequestHandler) -> None:
        """Before an app's page is made: the request tells its kernel which student it is for.

        The header :data:`STUDENT_HEADER` (a verdict token: it can post verdicts for this
        student and nobody else) replaces any the visitor sent; Voila passes it to the
        kernel as ``HTTP_X_RULEBOOK_STUDENT`` (``VoilaConfiguration.http_header_envs``).
        With it go the student's name (:data:`NAME_HEADER`, percent-encoded) and the address of
        "not me" that comes back to this page (:data:`NOT_ME_HEADER`), so that the app can say
        whose rows its answers go to and let the next person at a shared computer start afresh.
        """
        student = self.device_student(handler, create=True)
        headers = handler.request.headers
        headers[STUDENT_HEADER] = verdict_token(self.secret, student.id)
        if getattr(handler, "hub_user", None) is None:  # a device's student: the app offers "not me"
            headers[NAME_HEADER] = quote(student.name)
            headers[NOT_ME_HEADER] = f"{self.root}not-me?next={quote(handler.request.uri or '/', safe='')}"
        else:  # a hub's user is who logged in: nothing to change from an app
            headers[NAME_HEADER] = headers[NOT_ME_HEADER] = ""

    def device_student(self, handler: tornado.web.RequestHandler, *, create: bool = False):
        user = getattr(handler, "hub_user", None)
        if user is not None:
            return self.board.hub_student(user["name"])
        student = self.board.device_student(handler.get_cookie(DEVICE_COOKIE))
        if student is None and create:
            token, student = self.board.new_device()
            handler.set_cookie(
                DEVICE_COOKIE, token, path=self.cookie_path, expires_days=60, httponly=True, samesite="Lax"
            )
        return student

    def rename(self, student, name: str):
        student = self.board.rename(student.id, name)
        for table in self.tables.values():
            before = table.version
            table.rename(student.id, student.name)
            if table.version != before:
                self.changed(table)
        self.board_changed()
        return student

    # ---- tables

    def open_table(
        self, game: str, players: object, options: dict, *, seed: int | None = None, strength: object = "medium"
    ) -> Table:
        if len(self.tables) >= MAX_TABLES:
            self._forget_idle(force=True)
        if len(self.tables) >= MAX_TABLES:
            raise Refusal(
                "the class has too many tables open; close one first", "в классе открыто слишком много столов"
            )
        try:
            players = int(players)
        except (TypeError, ValueError):
            raise Refusal("the number of players is a whole number", "число игроков — целое число") from None
        code = new_code()
        while code in self.tables:
            code = new_code()
        table = Table.open(code, game, players, options, seed=seed, now=self.clock(), strength=strength)
        self.tables[code] = table
        self.sockets[code] = set()
        self.keep(table)
        return table

    def keep(self, table: Table) -> None:
        """Write the table to the class folder if it changed since it was last written."""
        if table.kept_version != table.version and table.code in self.tables:
            self.board.keep_table(table.code, table.record())
            table.kept_version = table.version

    def table(self, code: str) -> Table | None:
        wanted = read_code(code)
        return self.tables.get(wanted) if wanted else None

    def changed(self, table: Table) -> None:
        """Tell every page of ``table`` what its seat now sees, and let a bot move if it is one's turn."""
        table.touch(self.clock())
        self.keep(table)
        self.board_changed()
        for socket in list(self.sockets.get(table.code, ())):
            socket.send_table()
        self._schedule_bots(table)

    def _schedule_bots(self, table: Table) -> None:
        if table.thinking or table.bot_to_move() is None:
            return
        table.thinking = True
        asyncio.get_running_loop().call_later(self.bot_pause, lambda: asyncio.ensure_future(self._bot_turn(table)))

    async def _bot_turn(self, table: Table) -> None:
        """One bot move, chosen off the loop: a quick bot in a worker thread, the strong one (the coach) in
        a worker process (a slow bot holds up no other table, and the loop answers every page meanwhile).
        A table closed, or a game moved on, while the bot thought drops its choice."""
        moved = False
        try:
            job = table.bot_job()
            if job is not None:
                action, bot = await self._think(table, job)
                if self.tables.get(table.code) is not table:
                    return  # closed while the bot thought
                moved = action is not None and table.bot_moves(job, action, bot)
        finally:
            table.thinking = False
        if self.tables.get(table.code) is table and (moved or table.bot_to_move() is not None):
            self.changed(table)

    async def _think(self, table: Table, job: BotJob):
        loop = asyncio.get_running_loop()
        try:
            if job.heavy:
                if self._coaches is None:
                    self._coaches = coach_pool(self.coach_workers)
                return await loop.run_in_executor(self._coaches, think, job.bot, job.view, job.actions, job.rng)
            return await loop.run_in_executor(self.executor, think, job.bot, job.view, job.actions, job.rng)
        except Exception as error:
            log.exception("a bot of table %s failed; a random legal move instead", table.code)
            if isinstance(error, concurrent.futures.process.BrokenProcessPool):
                self._coaches = None  # a worker died: the next strong move starts a new pool
            legal = job.actions
            return (legal[self._rng.randrange(len(legal))] if legal else None), None

    def stop(self) -> None:
        """Stop the clock and the bots' workers (the server is stopping)."""
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self._coaches is not None:
            self._coaches.shutdown(wait=False, cancel_futures=True)
            self._coaches = None

    def _tick(self) -> None:
        now = self.clock()
        for table in list(self.tables.values()):
            if table.stand_in_for_absent(now, self.away_seconds):
                self.changed(table)
        self._forget_idle()

    def _forget_idle(self, force: bool = False) -> None:
        """Tables nobody looks at go: a finished one after 30 minutes, any after 4 hours (or at once when full)."""
        now = self.clock()
        for code, table in list(self.tables.items()):
            idle = now - table.touched
            if idle > self.empty_seconds and not any(s.kind == HUMAN for s in table.seats):
                self.close_table(code)  # nobody sits here: onlookers alone do not keep a table open
                continue
            if self.sockets.get(code):
                continue
            if idle > 4 * 3600 or (table.over and idle > 1800) or (force and idle > 600):
                self.close_table(code)

    def new_seed(self) -> int:
        return self._rng.randrange(10**9)

    def close_table(self, code: str) -> None:
        """The table goes, from memory and from the class folder; its pages are told."""
        self.tables.pop(code, None)
        self.board.drop_table(code)
        for socket in list(self.sockets.pop(code, ())):
            socket.gone()
        self.board_changed()

    # ---- the board

    def board_changed(self) -> None:
        """The board's pages get the new figures within a third of a second (one message for a burst)."""
        if self._board_pending or not self.board_sockets:
            return
        self._board_pending = True
        asyncio.get_running_loop().call_later(0.3, self._send_board)

    def _send_board(self) -> None:
        self._board_pending = False
        texts: dict[tuple, str] = {}
        for socket in list(self.board_sockets):
            key = (socket.lang, socket.since)
            if key not in texts:
                texts[key] = json.dumps(self.board_message(*key), ensure_ascii=False)
            socket.send(texts[key])

    def board_message(self, lang: str, since: float | None = None) -> dict:
        """The teacher's board: the class's practice (from ``since`` on) and every table being played."""
        tables = sorted(self.tables.values(), key=lambda t: (t.over, -t.created))
        return {
            "t": "board",
            **self.board.summary(lang, since),
            "tables": [t.teacher_row(lang) for t in tables],
            "strengths": [[s, strength_name(s, lang)] for s in STRENGTHS],
        }

    def teacher_acts(self, action: str, code: str, seat: str, student_id: str, strength: str = "") -> None:
        """What the teacher does to a table from the board: close it, deal a new game at it, seat a student
        (who leaves any other table still being played: a student is moved), choose a bot seat's strength."""
        table = self.table(code)
        if table is None:
            raise Refusal("no table has this code", "стола с таким кодом нет")
        if action == "close":
            self.close_table(table.code)
        elif action == "again":
            table.play_again(None, seed=self.new_seed(), teacher=True)
        elif action == "strength":
            index = int(seat) if isinstance(seat, str) and seat.isdigit() and len(seat) < 3 else -1
            table.set_strength(None, index, strength, teacher=True)
        elif action == "seat":
            student = self.board.student(student_id) if isinstance(student_id, str) else None
            if student is None or not student.name:
                raise Refusal("choose a student who gave a name", "выберите ученика с именем")
            index = int(seat) if seat.isdigit() and len(seat) < 3 else -1
            for other in self.tables.values():
                if other is not table and not other.over and other.seat_of(student.id) is not None:
                    other.leave(student.id)
                    self.changed(other)
            table.seat_by_teacher(student.id, student.name, index)
            for page in self.sockets.get(table.code, ()):  # the student's open pages of this table follow
                if page.student and page.student.id == student.id and not page.watching and page.viewer != index:
                    page.viewer = index
                    table.connected(index)
        else:
            raise Refusal("unknown action", "неизвестное действие")
        if table.code in self.tables:
            self.changed(table)
        self.board_changed()


# ---------------------------------------------------------------- handlers


def _lang(handler: tornado.web.RequestHandler) -> str:
    lang = handler.get_query_argument("lang", "") or ""
    if lang in LANGS:
        return lang
    accept = handler.request.headers.get("Accept-Language", "")
    return "ru" if accept.lower().startswith("ru") else "en"


def _visitor(handler) -> str:
    """Who is asking, for the bounds: the hub's user, else the device's address."""
    user = getattr(handler, "hub_user", None)
    return f"hub:{user['name']}" if user else handler.request.remote_ip or "?"


class _Base(tornado.web.RequestHandler):
    """What every page of the class together shares: the service, the visitor, a login under JupyterHub."""

    #: a hub user must be logged in (under JupyterHub) to use this
    needs_login = True
    hub_user: dict | None = None

    def initialize(self, together: Together) -> None:
        self.together = together

    async def prepare(self):
        self.together.start()
        hub_auth = self.together.hub_auth
        if hub_auth is not None and self.needs_login:
            if not await hub_user_or_login(self, hub_auth):
                return
            self.hub_user = await hub_auth.get_user(self, sync=False)
        if self.request.method == "POST" and not self.settings.get("xsrf_cookies"):
            self.check_xsrf_cookie()  # the class server's app does not check forms itself

    def set_default_headers(self) -> None:
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "same-origin")
        self.set_header("Cache-Control", "no-store")

    def page(self, html_text: str, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        )
        self.finish(html_text)

    def write_error(self, status_code: int, **kwargs) -> None:
        self.page(pages.message_page(status_code, self.together.root), status_code)

    @property
    def lang(self) -> str:
        return _lang(self)

    @property
    def form_lang(self) -> str:
        """The language a posted form was filled in (English if it names none we have)."""
        lang = self.get_body_argument("lang", "en")
        return lang if lang in LANGS else "en"

    def context(self, **extra) -> dict:
        student = self.together.device_student(self)
        return {
            "root": self.together.root,
            "lang": self.lang,
            "xsrf": self.xsrf_form_html(),
            "student": student,
            "hub": self.hub_user is not None,
            **extra,
        }

    def class_page(self, error: str | None = None, status: int = 200, lang: str | None = None) -> None:
        """The class page (your name, the tables open now, a new table), with a refusal if there is one."""
        lang = lang or self.lang
        # tables waiting for players first, then those being played, then finished ones; newest first in each
        tables = sorted(self.together.tables.values(), key=lambda t: (t.over, not t.open_seats(), -t.created))[:60]
        summaries = [t.summary(lang) for t in tables]
        self.page(pages.class_page(**self.context(error=error, tables=summaries, lang=lang)), status)

    def back_to(self, default: str) -> str:
        """Where a form sends the visitor back: a page of the class together, never elsewhere."""
        wanted = self.get_body_argument("next", "")
        root = self.together.root
        ok = wanted.startswith(root) and "//" not in wanted and "\\" not in wanted and len(wanted) < 200
        return wanted if ok else default

    @property
    def visitor(self) -> str:
        """Who is asking, for the bounds: the hub's user, else the device's address."""
        return _visitor(self)

    def too_fast(self) -> bool:
        if self.together.posts.take(self.visitor, self.together.clock()):
            return False
        self.set_status(429)
        self.set_header("Retry-After", "5")
        self.page(pages.message_page(429, self.together.root, self.lang), 429)
        return True


class ClassPage(_Base):
    """The class page: your name, the open tables, a new table, a code to join."""

    def get(self):
        self.class_page()


class NameHandler(_Base):
    """A student gives (or changes) the name the class knows them by."""

    def post(self):
        if self.too_fast():
            return
        lang = self.form_lang
        student = self.together.device_student(self, create=True)
        try:
            self.together.rename(student, self.get_body_argument("name", ""))
        except BadName as error:
            self.class_page(error.message(lang), 400, lang)
            return
        self.redirect(self.back_to(f"{self.together.root}?lang={lang}"), status=303)


class TablesHandler(_Base):
    """Open a table: a game, its players and options; the one who opens it sits at seat 1."""

    def post(self):
        if self.too_fast():
            return
        lang = self.form_lang
        student = self.together.device_student(self, create=True)
        if not self.together.creations.take(self.visitor, self.together.clock()):
            self.page(pages.message_page(429, self.together.root, lang), 429)
            return
        form = {k: self.get_body_argument(k) for k in self.request.body_arguments}
        game, players, seed = form.pop("game", ""), form.pop("players", ""), form.pop("seed", "").strip()
        bots, strength = form.pop("bots", "") == "on", form.pop("strength", "medium")
        for name in ("_xsrf", "lang", "next"):
            form.pop(name, None)
        try:
            if seed and not (seed.isdigit() and len(seed) <= 9):
                raise Refusal("the seed is a whole number (at most 9 digits)", "зерно — целое число (до 9 цифр)")
            strength = read_strength(strength)
            if bots and not student.name:
                raise Refusal(
                    "give your name first: you sit at the table and the bots take the other seats",
                    "сначала напишите своё имя: вы садитесь за стол, а остальные места занимают боты",
                )
            table = self.together.open_table(game, players, form, seed=int(seed) if seed else None, strength=strength)
            table.opener = student.id
            if student.name:
                table.sit(student.id, student.name, 0)
            if bots:
                table.fill_with_bots(student.id)
                self.together.changed(table)  # a bot may have the first move
        except RulesError as error:
            self.class_page(error.message(lang), 400, lang)
            return
        self.redirect(f"{self.together.root}t/{table.code}?lang={lang}", status=303)


class JoinHandler(_Base):
    """A table code typed on the class page: its table's page."""

    def get(self):
        code = read_code(self.get_query_argument("code", ""))
        if code is None or code not in self.together.tables:
            error = pick(self.lang, "No table has this code.", "Стола с таким кодом нет.")
            self.class_page(error, 404)
            return
        self.redirect(f"{self.together.root}t/{code}?lang={self.lang}", status=303)


class TablePage(_Base):
    """A table's page (the script connects to the table's socket)."""

    def head(self, code: str):
        """Whether the table is still there (a page that cannot reconnect asks)."""
        if self.together.table(code) is None:
            raise tornado.web.HTTPError(404)
        self.finish()

    def get(self, code: str):
        table = self.together.table(code)
        if table is None:
            raise tornado.web.HTTPError(404)
        if table.code != code:
            self.redirect(f"{self.together.root}t/{table.code}?lang={self.lang}")
            return
        self.together.device_student(self, create=True)  # the device's cookie, before the socket needs it
        watch = self.get_query_argument("watch", "") == "1"
        origin, notice = reach(self)
        self.page(pages.table_page(**self.context(table=table, watch=watch, origin=origin, notice=notice)))


def reach(handler: tornado.web.RequestHandler) -> tuple[str, str]:
    """The origin a table's QR code carries, and what the teacher must know about it, by the gallery sheet's
    rule: the page's own address, unless only this computer reaches it (localhost, 127.0.0.1): then the
    machine's network address, with a warning when the server itself answers only on this computer."""
    request = handler.request
    origin = f"{request.protocol}://{request.host}"
    if not this_computer(host_name(request.host)):
        return origin, ""
    addresses = network_addresses()
    classroom = handler.settings.get("classroom")
    if not addresses:
        return origin, pick(
            _lang(handler),
            "This computer has no network address: connect it to the class's network, then open this page again.",
            "У этого компьютера нет сетевого адреса: подключите его к сети класса и откройте страницу снова.",
        )
    port = re.sub(r"^(\[[^\]]*\]|[^:]*)", "", request.host or "")
    origin = f"{request.protocol}://{addresses[0]}{port}"
    here_only = handler.settings.get("together_here_only", False)
    if (classroom is not None and classroom.listens_here_only) or here_only:
        return origin, pick(
            _lang(handler),
            "This server answers only on this computer: for the class, start it with make serve APPS_IP=0.0.0.0.",
            "Этот сервер отвечает только этому компьютеру: для класса запустите его командой "
            "make serve APPS_IP=0.0.0.0.",
        )
    return origin, ""


class TableSocket(tornado.websocket.WebSocketHandler):
    """One page of one table: it sends requests, it is sent what its seat (or a spectator) sees."""

    needs_login = True
    hub_user: dict | None = None

    def initialize(self, together: Together) -> None:
        self.together = together
        self.table: Table | None = None
        self.viewer: int | None = None
        self.student = None
        self.lang = "en"
        self.sent_version = -1
        self.strikes = 0
        self.bucket = Bucket(together.socket_rate, together.socket_burst, together.clock())
        self._refused_at = 0.0
        self.visitor = "?"
        self.counted = False
        self.watching = False
        self.table_closed = False
        #: not a seated player's page: counted against the table's and the device's budgets
        self.onlooker = False

    prepare = _Base.prepare

    @property
    def max_message_size(self) -> int:
        return MAX_FRAME

    def get_compression_options(self) -> dict:
        """Compressed frames (permessage-deflate): a table's picture is mostly the same SVG again."""
        return {"compression_level": 5, "mem_level": 8}

    @property
    def ping_interval(self) -> float:
        return 20.0

    @property
    def ping_timeout(self) -> float:
        return 30.0

    async def get(self, code: str):
        together = self.together
        table = together.table(code)
        if table is None:
            raise tornado.web.HTTPError(404)
        student = together.device_student(self)
        seated = student is not None and table.seat_of(student.id) is not None
        self.visitor = _visitor(self)
        if not seated:  # a player always gets to their seat; onlookers share the table's budget and their own
            onlookers = sum(1 for s in together.sockets.get(table.code, ()) if s.onlooker)
            if onlookers >= MAX_ONLOOKERS_PER_TABLE:
                raise tornado.web.HTTPError(503)
            if together.sockets_of[self.visitor] >= SOCKETS_PER_DEVICE:
                raise tornado.web.HTTPError(429)
            self.onlooker = True
        self.table = table
        await super().get(code)

    def open(self, code: str):
        table, together = self.table, self.together
        self.set_nodelay(True)
        self.lang = _lang(self)
        self.student = together.device_student(self)
        self.watching = watching = self.get_query_argument("watch", "") == "1"
        together.sockets[table.code].add(self)
        if self.onlooker:
            together.sockets_of[self.visitor] += 1
            self.counted = True
        if self.student is not None and not watching:
            self.viewer = table.seat_of(self.student.id)
        if self.viewer is not None:
            table.connected(self.viewer)
            together.changed(table)
        else:
            self.send_table()

    def on_close(self):
        table = self.table
        if table is None or self.table_closed:
            return
        self.together.sockets.get(table.code, set()).discard(self)
        if self.counted:
            self.counted = False
            self.together.sockets_of[self.visitor] -= 1
            if self.together.sockets_of[self.visitor] <= 0:
                del self.together.sockets_of[self.visitor]
        if self.viewer is not None and table.seats[self.viewer].student == getattr(self.student, "id", None):
            table.disconnected(self.viewer, self.together.clock())
            self.together.changed(table)

    def send_table(self) -> None:
        table = self.table
        if table.version == self.sent_version or self.ws_connection is None:
            return
        viewer = (
            self.viewer if self.viewer is not None and table.seats[self.viewer].student == self.student.id else None
        )
        if viewer is None:
            self.viewer = None
        self.sent_version = table.version
        self._send(table.snapshot(viewer, self.lang))

    def _send(self, text: str) -> None:
        with contextlib.suppress(tornado.websocket.WebSocketClosedError):
            self.write_message(text)

    def gone(self) -> None:
        """The table was closed: the page says so (with the way back to the class page) and stops."""
        self.table_closed = True
        text = {lang: pick(lang, "This table was closed.", "Этот стол закрыт.") for lang in LANGS}
        self._send(json.dumps({"t": "gone", "text": text[self.lang]}, ensure_ascii=False))
        self.close(GONE, "the table was closed")

    def refuse(self, error: RulesError) -> None:
        message = {"t": "refused", "text": error.message(self.lang), "rule": error.rule or ""}
        if isinstance(error, Choose):
            message.update(t="choose", labels=error.labels)
        if error.rule:
            message.update(rule_info(error.rule, self.lang))
        self._send(json.dumps(message, ensure_ascii=False))

    def on_message(self, text):
        together, table = self.together, self.table
        if not self.bucket.take(together.clock()):
            self.strikes += 1
            if self.strikes > SOCKET_STRIKES:
                self.close(1008, "too many requests")
            elif together.clock() - self._refused_at > 1:
                self._refused_at = together.clock()
                self.refuse(Refusal("too many requests: wait a moment", "слишком много запросов: подождите немного"))
            return
        if not isinstance(text, str) or too_deep(text):
            self.close(1003, "not a request")  # no page sends this: nothing to explain
            return
        try:
            request = json.loads(text)
        except ValueError:
            request = None
        if not isinstance(request, dict) or not isinstance(request.get("t"), str):
            self.refuse(Refusal("a request this table does not understand", "запрос, непонятный этому столу"))
            return
        try:
            self.handle(request)
        except Closed:
            return
        except (RulesError, NotationError) as error:
            self.refuse(error)
            return
        together.changed(table)

    def handle(self, request: dict) -> None:
        """One request of the page: its language (anyone), or what a student asks of the table."""
        kind = request["t"]
        if kind == "lang":
            self._set_lang(request)
            return
        student = self.student
        if student is None:
            raise Refusal("open the table's page again", "откройте страницу стола ещё раз")
        step = self._STEPS.get(kind)
        if step is None:
            raise Refusal("a request this table does not understand", "запрос, непонятный этому столу")
        step(self, student, request)

    def _set_lang(self, request: dict) -> None:
        if request.get("lang") not in LANGS:
            raise Refusal("unknown language", "неизвестный язык")
        self.lang, self.sent_version = request["lang"], -1

    def _rename(self, student: Student, request: dict) -> None:
        self.student = student = self.together.rename(student, request.get("name"))
        self._send(json.dumps({"t": "named", "name": student.name}, ensure_ascii=False))

    def _move(self, student: Student, request: dict) -> None:
        self.table.play(student.id, request.get("label"), request.get("step"))

    def _cards(self, student: Student, request: dict) -> None:
        self.table.play_cards(student.id, request.get("cards"), request.get("step"))

    def _bots(self, student: Student, request: dict) -> None:
        self.table.fill_with_bots(student.id)

    def _strength(self, student: Student, request: dict) -> None:
        self.table.set_strength(student.id, request.get("seat"), request.get("strength"))

    def _close_table(self, student: Student, request: dict) -> None:
        if student.id != self.table.opener:
            raise Refusal(
                "only the one who opened this table (or the teacher) can close it",
                "закрыть стол может только тот, кто его открыл (или учитель)",
            )
        self.together.close_table(self.table.code)
        raise Closed

    def _again(self, student: Student, request: dict) -> None:
        self.table.play_again(student.id, seed=self.together.new_seed())

    def _leave(self, student: Student, request: dict) -> None:
        self.table.leave(student.id)
        self.viewer = None

    def _sit(self, student: Student, request: dict) -> None:
        """A seat taken by its number (``sit``) or by its code (``code``); every page of this person
        at the table then shows it."""
        if not student.name:
            raise Refusal("give your name first", "сначала напишите своё имя")
        table = self.table
        seat = (
            table.sit(student.id, student.name, request.get("seat"))
            if request["t"] == "sit"
            else table.take_with_code(student.id, student.name, request.get("code"))
        )
        for page in self.together.sockets.get(table.code, ()):
            if page.student and page.student.id == student.id and not page.watching and page.viewer != seat.index:
                page.viewer = seat.index
                table.connected(seat.index)

    #: what a student may ask of the table, by the request's kind
    _STEPS: ClassVar[dict[str, Callable]] = {
        "name": _rename,
        "move": _move,
        "cards": _cards,
        "bots": _bots,
        "strength": _strength,
        "close": _close_table,
        "again": _again,
        "leave": _leave,
        "sit": _sit,
        "code": _sit,
    }


class Closed(Exception):
    """The request closed the table: there is no table left to tell."""


class _TeacherMixin:
    def is_teacher(self) -> bool:
        given = self.get_cookie(TEACHER_COOKIE) or ""
        return self.together.board.is_teacher_pass(given) or bool(self.hub_user and self.hub_user.get("admin"))

    def let_teacher_in(self) -> None:
        self.set_cookie(
            TEACHER_COOKIE,
            self.together.board.teacher_pass(),
            path=self.together.root,
            expires_days=30,
            httponly=True,
            samesite="Strict",
        )


class BoardPage(_TeacherMixin, _Base):
    """The teacher's board (the key once in the address; a cookie after that)."""

    def get(self):
        key = self.get_query_argument("key", "")
        if key:
            if not self.together.board.is_teacher_key(key):
                raise tornado.web.HTTPError(403)
            self.let_teacher_in()
            self.redirect(f"{self.together.root}board?lang={self.lang}")  # the key leaves the address bar
            return
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        day, since = read_day(self.get_query_argument("since", ""))
        summary = self.together.board_message(self.lang, since)
        self.page(pages.board_page(**self.context(summary=summary, since=day, xsrf_token=self.xsrf_token.decode())))


def read_day(text: str) -> tuple[str, float | None]:
    """A day as a date field gives it (``2026-12-05``): the day, and its start in UTC; ("", None) if none."""
    try:
        day = datetime.date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        return "", None
    return day.isoformat(), datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC).timestamp()


class BoardTables(_TeacherMixin, _Base):
    """The teacher acts on a table from the board (close, a new game, seat or move a student)."""

    def post(self):
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        lang = self.form_lang
        try:
            self.together.teacher_acts(
                self.get_body_argument("action", ""),
                self.get_body_argument("code", ""),
                self.get_body_argument("seat", ""),
                self.get_body_argument("student", ""),
                self.get_body_argument("strength", ""),
            )
        except RulesError as error:
            self.set_status(400)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"error": error.message(lang)}, ensure_ascii=False))
            return
        self.set_status(204)
        self.finish()


class BoardKey(_TeacherMixin, _Base):
    """The teacher asks for a new key: the old one, and every other board opened with it, stop working."""

    def post(self):
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        key = self.together.board.new_teacher_key()
        self.let_teacher_in()  # this board stays open
        address = f"{self.request.protocol}://{self.request.host}{self.together.root}board?key={key}"
        self.page(pages.new_key_page(root=self.together.root, lang=self.form_lang, address=address))


class NewDevice(_Base):
    """ "Not me": this computer becomes a new student (a shared computer, the next person at it).

    The class page posts here with no name (the new student then gives one there); a practice
    app links to the page of :meth:`get`, which posts the new student's name with it and goes
    back to the app, whose next page is then the new student's.
    """

    def get(self):
        if self.hub_user is not None:  # under JupyterHub the student is who logged in
            self.redirect(f"{self.together.root}?lang={self.lang}")
            return
        self.not_me_page()

    def not_me_page(self, error: str | None = None, status: int = 200, lang: str | None = None) -> None:
        lang = lang or self.lang
        wanted = self.get_argument("next", "")
        back = wanted if _same_site_path(wanted) else f"{self.together.root}?lang={lang}"
        self.page(pages.not_me_page(**self.context(lang=lang, next_url=back, error=error)), status)

    def post(self):
        if self.too_fast():
            return
        lang = self.form_lang
        name = self.get_body_argument("name", None)
        if name is not None:
            try:
                clean_name(name)  # refused before anything changes
            except BadName as error:
                self.not_me_page(error.message(lang), 400, lang)
                return
        before = self.together.device_student(self) if self.hub_user is None else None
        if before is not None:  # an app still open under the previous student must not answer as them
            self.together.board.leave_device(before.id)
        token, student = self.together.board.new_device()
        self.set_cookie(
            DEVICE_COOKIE, token, path=self.together.cookie_path, expires_days=60, httponly=True, samesite="Lax"
        )
        default = f"{self.together.root}?lang={lang}"
        if name is None:
            self.redirect(self.back_to(default), status=303)
            return
        self.together.rename(student, name)
        wanted = self.get_body_argument("next", "")
        self.redirect(wanted if _same_site_path(wanted) else default, status=303)


def _same_site_path(url: object) -> bool:
    """Whether ``url`` is a path on this server (never another site, however it is spelt)."""
    return (
        isinstance(url, str)
        and url.startswith("/")
        and "//" not in url
        and "\\" not in url
        and len(url) < 400
        and url.isprintable()
        and url.isascii()
    )


class BoardCsv(_TeacherMixin, _Base):
    def get(self):
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        lang = self.lang
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        name = pick(lang, "class-board", "доска-класса")
        self.set_header("Content-Disposition", f"attachment; filename*=UTF-8''{quote(name)}.csv")
        since = read_day(self.get_query_argument("since", ""))[1]  # the board's date filter, if it has one
        self.finish("\ufeff" + self.together.board.csv(lang, since))  # the mark spreadsheets read as UTF-8


class BoardSocket(_TeacherMixin, tornado.websocket.WebSocketHandler):
    """The teacher's board, live: the figures again whenever a verdict arrives."""

    needs_login = True
    hub_user: dict | None = None

    def initialize(self, together: Together) -> None:
        self.together = together
        self.lang = "en"
        self.since: float | None = None

    prepare = _Base.prepare

    @property
    def max_message_size(self) -> int:
        return 256

    async def get(self, *args):
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        await super().get(*args)

    def open(self):
        self.set_nodelay(True)
        self.lang = _lang(self)
        self.since = read_day(self.get_query_argument("since", ""))[1]
        self.together.board_sockets.add(self)
        self.send(json.dumps(self.together.board_message(self.lang, self.since), ensure_ascii=False))

    def on_message(self, message):
        pass  # the board only listens

    def on_close(self):
        self.together.board_sockets.discard(self)

    def send(self, text: str) -> None:
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            self.together.board_sockets.discard(self)


class VerdictHandler(_Base):
    """A practice kernel posts a verdict for its student (``Authorization: Bearer <verdict token>``)."""

    needs_login = False

    def check_xsrf_cookie(self) -> None:
        """No cookie is read here: the verdict token in the header is the credential."""

    def post(self):
        together = self.together
        header = self.request.headers.get("Authorization", "")
        token = header[7:] if header.startswith("Bearer ") else None
        subject = verdict_subject(together.secret, token)
        if subject is None:
            raise tornado.web.HTTPError(403)
        if not together.verdicts.take(subject, together.clock()):
            raise tornado.web.HTTPError(429)
        if len(self.request.body) > 1000:
            raise tornado.web.HTTPError(413)
        student_id = together.board.hub_student(subject[4:]).id if subject.startswith("hub:") else subject
        if together.board.left_device(student_id):  # "not me" was said at that computer since the app opened
            self.set_status(410)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"error": "this computer has a new student: the page must be opened again"}))
            return
        try:
            verdict = Verdict.read(json.loads(self.request.body))
        except (ValueError, VerdictError) as error:
            self.set_status(400)
            self.set_header("Content-Type", "application/json")
            message = error.message("en") if isinstance(error, RulesError) else "not JSON"
            self.finish(json.dumps({"error": message}))
            return
        together.board.record(student_id, verdict)
        together.board_changed()
        self.set_status(204)
        self.finish()


class StaticHandler(tornado.web.StaticFileHandler):
    """The pages' scripts and styles (nothing else is in ``static/``) and the tables' stylesheet."""

    def set_extra_headers(self, path):
        self.set_header("X-Content-Type-Options", "nosniff")


__all__ = [
    "DEVICE_COOKIE",
    "STUDENT_HEADER",
    "TEACHER_COOKIE",
    "Together",
    "clean_name",
    "verdict_subject",
    "verdict_token",
]
