"""The class's board: who is in the class and how their practice went, kept in SQLite.

A student is a name given when they join (no account), known again by a device token
(a cookie of their browser: a random id signed with the board's secret) or, under
JupyterHub, by the hub's user name. Each verdict of the practice apps (the exercise's kind, seed and
difficulty, the rule it teaches, right or wrong) is one row. The teacher's board reads
them per student and per rule, in either language, and exports them as CSV.

The database lives in a folder the teacher chooses; every write is committed before it
is acknowledged (SQLite's write-ahead log), so stopping or killing the server loses
nothing that was acknowledged.
"""

from __future__ import annotations

import csv
import datetime
import hashlib
import hmac
import io
import os
import re
import secrets
import sqlite3
import stat
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import rules
from rules.errors import RulesError, check_lang
from rules.exercises import DIFFICULTIES, games, kind_title, kinds
from rules.lang import pick
from widgets.paint.links import rule_title

#: the longest name a student may give (characters, after normalising)
MAX_NAME = 40
#: a rule id as the engine writes them: ``durak.beat``, ``notation``
_RULE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_\-]+)*$")
#: the seed range the practice apps offer
MAX_SEED = 10**9

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
  id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', hub_user TEXT UNIQUE, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS verdicts (
  id INTEGER PRIMARY KEY, student TEXT NOT NULL REFERENCES students(id), kind TEXT NOT NULL,
  seed INTEGER NOT NULL, difficulty INTEGER NOT NULL, rule TEXT NOT NULL, correct INTEGER NOT NULL,
  at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS verdicts_student ON verdicts(student, rule);
CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, record TEXT NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS left_devices (student TEXT PRIMARY KEY, at REAL NOT NULL);
"""


class BadName(RulesError):
    """A name a student cannot take (empty, too long, control characters)."""


class VerdictError(RulesError):
    """A verdict the board does not accept (unknown kind, a seed out of range...)."""


def clean_name(text: object) -> str:
    """A student's name as given: any script, spaces tidied, at most :data:`MAX_NAME` characters.

    Control and formatting characters (a bidi override would turn the board around) are
    refused, not removed, so that nobody's name silently changes.
    """
    if not isinstance(text, str):
        raise BadName("a name is text", "имя — это текст")
    name = " ".join(unicodedata.normalize("NFC", text[: 4 * MAX_NAME + 1]).split())
    if not name:
        raise BadName("give your name (or a nickname)", "напишите своё имя (или прозвище)")
    if len(name) > MAX_NAME or len(text) > 4 * MAX_NAME:
        raise BadName(f"a name is at most {MAX_NAME} characters", f"имя — не больше {MAX_NAME} символов")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp") for ch in name):
        raise BadName(
            "a name cannot hold control or formatting characters",
            "в имени не может быть управляющих символов",
        )
    return name


@dataclass(frozen=True)
class Student:
    id: str
    name: str


@dataclass(frozen=True)
class Verdict:
    """One practice answer as the board keeps it."""

    kind: str
    seed: int
    difficulty: int
    rule: str
    correct: bool

    @classmethod
    def read(cls, data: object) -> Verdict:
        """A verdict from a kernel's JSON, every field checked (bilingual :class:`VerdictError` otherwise)."""
        if not isinstance(data, dict) or set(data) != {"kind", "seed", "difficulty", "rule", "correct"}:
            raise VerdictError(
                "a verdict has exactly: kind, seed, difficulty, rule, correct",
                "в вердикте ровно поля kind, seed, difficulty, rule, correct",
            )
        kind, seed, difficulty, rule, correct = (data[k] for k in ("kind", "seed", "difficulty", "rule", "correct"))
        known = {k for g in games() for k in kinds(g)}
        if kind not in known:
            raise VerdictError("unknown kind of exercise", "неизвестный вид упражнения")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise VerdictError(
                f"the seed is a whole number from 0 to {MAX_SEED}", f"вариант — целое число от 0 до {MAX_SEED}"
            )
        if difficulty not in DIFFICULTIES or isinstance(difficulty, bool):
            raise VerdictError("unknown difficulty", "неизвестная сложность")
        if not isinstance(rule, str) or len(rule) > 80 or not _RULE.match(rule):
            raise VerdictError("the rule is not a rule id", "правило — не идентификатор правила")
        if not isinstance(correct, bool):
            raise VerdictError("'correct' is true or false", "«correct» — true или false")
        return cls(kind, seed, difficulty, rule, correct)


class Board:
    """The class's names and verdicts in ``folder/board.sqlite``."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o700)  # the class's names, answers, tables and secret: the server's user only
        self.path = self.folder / "board.sqlite"
        self.path.touch(0o600)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # with WAL: a killed process loses no commit
        self.db.execute("PRAGMA busy_timeout=2000")
        self.db.executescript(SCHEMA)
        private(self.folder)
        self.secret = self._meta("secret", lambda: secrets.token_hex(32))
        #: the teacher's key, known only when it was made just now (the board keeps only its hash)
        self.teacher_key: str | None = None
        old = self.db.execute("SELECT value FROM meta WHERE key = 'teacher_key'").fetchone()
        if old:  # a board of an earlier version kept the key itself: keep its hash instead
            self.db.execute("DELETE FROM meta WHERE key = 'teacher_key'")
            self._set_meta("teacher_key_hash", _key_hash(old[0]))
        if self._get_meta("teacher_key_hash") is None:
            self.new_teacher_key()

    def _get_meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # ---- the teacher's key

    def new_teacher_key(self) -> str:
        """A new key for the teacher's board: the old one and every board opened with it stop working."""
        key = secrets.token_urlsafe(12)
        self._set_meta("teacher_key_hash", _key_hash(key))
        self.teacher_key = key
        return key

    def is_teacher_key(self, key: object) -> bool:
        if not isinstance(key, str) or not key or len(key) > 100:
            return False
        return hmac.compare_digest(_key_hash(key), self._get_meta("teacher_key_hash") or "")

    def teacher_pass(self) -> str:
        """What the teacher's cookie holds: a signature of the present key's hash (a new key voids it)."""
        return hmac.new(
            self.secret.encode(), f"teacher:{self._get_meta('teacher_key_hash')}".encode(), hashlib.sha256
        ).hexdigest()

    def is_teacher_pass(self, given: object) -> bool:
        return isinstance(given, str) and hmac.compare_digest(given.encode(), self.teacher_pass().encode())

    def _meta(self, key: str, make) -> str:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row:
            return row[0]
        value = make()
        self.db.execute("INSERT INTO meta(key, value) VALUES (?, ?)", (key, value))
        return value

    def close(self) -> None:
        self.db.close()

    # ---- students

    def new_device(self) -> tuple[str, Student]:
        """A device seen for the first time: its token (for its cookie) and its student.

        Nothing is written: the token names the student and is signed with the board's
        secret, so a visitor who never gives a name nor answers costs the board nothing.
        """
        sid = secrets.token_hex(8)
        return f"{sid}.{self._sign(sid)}", Student(sid, "")

    def device_student(self, token: str | None) -> Student | None:
        """The student a device's token names, if the token is genuine."""
        if not isinstance(token, str) or len(token) > 100 or token.count(".") != 1:
            return None
        sid, mac = token.split(".")
        if not hmac.compare_digest(self._sign(sid), mac):
            return None
        return self.student(sid) or Student(sid, "")

    def _sign(self, sid: str) -> str:
        return hmac.new(self.secret.encode(), f"device:{sid}".encode(), hashlib.sha256).hexdigest()[:32]

    def hub_student(self, user: str) -> Student:
        """The student a JupyterHub user is (their name on the board is the hub's until they give one)."""
        row = self.db.execute("SELECT id, name FROM students WHERE hub_user = ?", (user,)).fetchone()
        if row:
            return Student(*row)
        sid, name = secrets.token_hex(8), clean_name(user[:MAX_NAME])
        self.db.execute(
            "INSERT INTO students(id, name, hub_user, created) VALUES (?, ?, ?, ?)", (sid, name, user, time.time())
        )
        return Student(sid, name)

    def student(self, sid: str) -> Student | None:
        row = self.db.execute("SELECT id, name FROM students WHERE id = ?", (sid,)).fetchone()
        return Student(*row) if row else None

    def rename(self, sid: str, name: str) -> Student:
        """The student's name (checked by :func:`clean_name`); the student is on the board from now on."""
        name = clean_name(name)
        self.db.execute(
            "INSERT INTO students(id, name, created) VALUES (?, ?, ?) "
            "ON CONFLICT(id) DO UPDATE SET name = excluded.name",
            (sid, name, time.time()),
        )
        return Student(sid, name)

    def leave_device(self, sid: str) -> None:
        """Student ``sid`` is no longer the one at their computer ("not me"): an app still open there
        under their name stops sending answers to their rows (:meth:`left_device`)."""
        self.db.execute("INSERT OR IGNORE INTO left_devices(student, at) VALUES (?, ?)", (sid, time.time()))

    def left_device(self, sid: str) -> bool:
        """Whether "not me" was said at student ``sid``'s computer."""
        return self.db.execute("SELECT 1 FROM left_devices WHERE student = ?", (sid,)).fetchone() is not None

    # ---- the tables being played

    def keep_table(self, code: str, record: str) -> None:
        """Keep a table's record (committed when this returns: a killed server loses no move)."""
        self.db.execute(
            "INSERT INTO tables(code, record, at) VALUES (?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET record = excluded.record, at = excluded.at",
            (code, record, time.time()),
        )

    def drop_table(self, code: str) -> None:
        self.db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def kept_tables(self) -> list[tuple[str, str, float]]:
        """Every table kept: its code, record and when it was last written (wall clock)."""
        return self.db.execute("SELECT code, record, at FROM tables ORDER BY at").fetchall()

    # ---- verdicts

    def record(self, sid: str, verdict: Verdict, at: float | None = None) -> int:
        """Keep one verdict of student ``sid`` (committed when this returns); its row id."""
        self.db.execute("INSERT OR IGNORE INTO students(id, name, created) VALUES (?, '', ?)", (sid, time.time()))
        cursor = self.db.execute(
            "INSERT INTO verdicts(student, kind, seed, difficulty, rule, correct, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                sid,
                verdict.kind,
                verdict.seed,
                verdict.difficulty,
                verdict.rule,
                int(verdict.correct),
                at or time.time(),
            ),
        )
        return cursor.lastrowid

    def count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0]

    # ---- what the teacher sees

    def summary(self, lang: str, since: float | None = None) -> dict:
        """Per student (answers, right, each rule) and per rule (who tried, who is stuck), in ``lang``;
        only the answers given from ``since`` on (seconds since the epoch), if given.

        A student is stuck on a rule when their last two answers on it were wrong. Students who
        answered come first; two students of the same name are told apart by their ids' first letters.
        """
        check_lang(lang)
        students = {
            sid: {"id": sid, "name": name, "answered": 0, "right": 0, "last": 0.0, "rules": {}}
            for sid, name in self.db.execute("SELECT id, name FROM students ORDER BY created")
        }
        rules_seen: dict[str, dict] = {}
        rows = self.db.execute(
            "SELECT student, rule, correct, at FROM verdicts WHERE at >= ? ORDER BY id", (since or 0.0,)
        )
        recent: dict[tuple[str, str], list[int]] = {}
        for sid, rule, correct, at in rows:
            student = students.get(sid)
            if student is None:
                continue
            student["answered"] += 1
            student["right"] += correct
            student["last"] = max(student["last"], at)
            mine = student["rules"].setdefault(rule, [0, 0])
            mine[0] += correct
            mine[1] += 1
            recent.setdefault((sid, rule), []).append(correct)
            entry = rules_seen.setdefault(rule, {"rule": rule, "right": 0, "answered": 0, "students": set()})
            entry["right"] += correct
            entry["answered"] += 1
            entry["students"].add(sid)
        stuck: dict[str, list[str]] = {}
        for (sid, rule), marks in recent.items():
            if marks[-2:] == [0, 0]:
                stuck.setdefault(rule, []).append(students[sid]["name"] or _unnamed(sid, lang))
        rule_rows = [
            {
                "rule": rule,
                "title": _rule_title(rule, lang),
                "right": e["right"],
                "answered": e["answered"],
                "students": len(e["students"]),
                "stuck": sorted(stuck.get(rule, [])),
            }
            for rule, e in sorted(rules_seen.items())
        ]
        people = [
            {
                **s,
                "name": s["name"] or _unnamed(s["id"], lang),
                "named": bool(s["name"]),
                "rules": [
                    {"rule": r, "title": _rule_title(r, lang), "right": v[0], "answered": v[1]}
                    for r, v in sorted(s["rules"].items())
                ],
                "stuck": sorted(
                    _rule_title(r, lang) for (sid, r), m in recent.items() if sid == s["id"] and m[-2:] == [0, 0]
                ),
            }
            for s in students.values()
        ]
        names = Counter(p["name"] for p in people)
        for person in people:
            person["tell"] = person["id"][:4] if names[person["name"]] > 1 else ""
        people.sort(key=lambda p: (p["answered"] == 0, p["name"].casefold(), p["id"]))
        answered = sum(p["answered"] for p in people)
        return {"students": people, "rules": rule_rows, "verdicts": answered}

    def csv(self, lang: str, since: float | None = None) -> str:
        """Every verdict (from ``since`` on, seconds since the epoch, if given) as a CSV row in ``lang``:
        when, who, the exercise, its seed and difficulty, the rule, right."""
        check_lang(lang)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(
            [
                pick(lang, "time (UTC)", "время (UTC)"),
                pick(lang, "student", "ученик"),
                pick(lang, "exercise", "упражнение"),
                pick(lang, "kind", "вид"),
                pick(lang, "seed", "вариант"),
                pick(lang, "difficulty", "сложность"),
                pick(lang, "rule", "правило"),
                pick(lang, "rule id", "код правила"),
                pick(lang, "right", "верно"),
            ]
        )
        rows = self.db.execute(
            "SELECT v.at, s.id, s.name, v.kind, v.seed, v.difficulty, v.rule, v.correct "
            "FROM verdicts v JOIN students s ON s.id = v.student WHERE v.at >= ? ORDER BY v.id",
            (since or 0.0,),
        )
        for at, sid, name, kind, seed, difficulty, rule, correct in rows:
            when = datetime.datetime.fromtimestamp(at, datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")
            writer.writerow(
                [
                    when,
                    _cell(name or _unnamed(sid, lang)),
                    _cell(kind_title(kind)(lang)),
                    kind,
                    seed,
                    difficulty,
                    _cell(_rule_title(rule, lang)),
                    rule,
                    pick(lang, "yes", "да") if correct else pick(lang, "no", "нет"),
                ]
            )
        return out.getvalue()


def _key_hash(key: str) -> str:
    return hashlib.sha256(f"rulebook-teacher:{key}".encode()).hexdigest()


def private(folder: Path) -> None:
    """The class folder and the database's files readable and writable by the server's user only."""
    folder.chmod(0o700)
    for path in folder.glob("board.sqlite*"):
        path.chmod(0o600)


def _unnamed(sid: str, lang: str) -> str:
    return pick(lang, f"(no name, {sid[:4]})", f"(без имени, {sid[:4]})")


def _rule_title(rule: str, lang: str) -> str:
    if rule == "notation":
        return pick(lang, "Notation", "Обозначения")
    if rule.split(".", 1)[0] not in rules.GAMES:
        return rule
    return rule_title(rule, lang)


def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write_key(folder: Path, key: str) -> Path:
    """The teacher's key in a file only the server's user can read (for a hub, whose log is not the
    teacher's): made private before the key is in it, and put in place whole, so that no one reads
    it half written or while others may."""
    path = folder / "teacher-key.txt"
    fresh = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    os.replace(fresh, path)
    return path


__all__ = ["MAX_NAME", "Board", "BadName", "Student", "Verdict", "VerdictError", "clean_name", "write_key"]
