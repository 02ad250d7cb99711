"""A course's nbgrader, run with this environment's tools, and the grader of its exercises.

    .venv/bin/python -m rules.exercises.course course generate_assignment durak-7
    .venv/bin/python -m rules.exercises.course course autograde durak-7
    .venv/bin/python -m rules.exercises.course course generate_feedback durak-7

runs ``nbgrader <command> ...`` in the course folder (nbgrader's root, where
:mod:`rules.exercises.assignment` wrote ``nbgrader_config.py``) with this Python's ``bin``
first on ``PATH``: nbgrader starts ``alembic`` and the kernel by name, which a virtual
environment that is not activated does not provide.

:class:`ExecuteAndGrade` is the step of ``autograde`` that the course's configuration puts in
place of nbgrader's ``Execute``: the student's notebook runs without the hidden part of its
checked cells (the exercise and its right answers never reach the student's kernel), then each
answer the notebook handed in is graded here, in nbgrader's process, by
:func:`rules.exercises.assignment.grade`, and the cell's output becomes the verdict and the
points. Nothing the student's cells do (replace the engine's checkers, print a score, read the
cell being run) reaches the grade.
"""

from __future__ import annotations

import ast
import csv
import html
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import warnings
from pathlib import Path

import nbformat
from nbformat import NotebookNode
from nbgrader.preprocessors import Execute, NbGraderPreprocessor
from traitlets import Dict, Integer

from rules.exercises.assignment import LANGS, _say, grade, handed_in, rule_of
from rules.exercises.sandbox import Limits, SandboxKernelManager, prepare, refusal, strength

__all__ = ["ExecuteAndGrade", "Guard", "RosterError", "autograde", "environment", "export", "languages", "run", "main"]

_BEGIN, _END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
#: written beside a student's autograded notebook that scored 0 because it could not be graded
REVIEW_FILE = "needs-review.txt"
#: the column of grades.csv that says why a submission needs review
REVIEW_COLUMN = "needs_review"
#: the course's roster: nbgrader's students file (``id,first_name,last_name,email``), which
#: ``nbgrader db student import`` reads, with a column :data:`LANG_COLUMN` for each student's language
ROSTER = "students.csv"
LANG_COLUMN = "lang"
#: autograde's exit code when the sandbox cannot be built on this machine (nothing is graded)
SANDBOX_REFUSED = 3
#: autograde's steps: nbgrader's, with this course's checks and grader
SANITIZE = [
    "rules.exercises.course.CheckedCellsOnce",
    "nbgrader.preprocessors.ClearOutput",
    "nbgrader.preprocessors.DeduplicateIds",
    "nbgrader.preprocessors.OverwriteKernelspec",
    "nbgrader.preprocessors.OverwriteCells",
    "nbgrader.preprocessors.CheckCellMetadata",
]
AUTOGRADE = [
    "rules.exercises.course.ExecuteAndGrade",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]
#: what nbgrader logs for every submission that a teacher has nothing to do about
_NOISE = ("Attribute 'checksum' for cell", "SAWarning", "sqlalchemy", "warnings.warn(", "session.add(", "self.db.")


def environment() -> dict[str, str]:
    """The environment nbgrader needs: this Python's tools first on ``PATH``."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(filter(None, [str(Path(sys.executable).parent), env.get("PATH")]))
    env["PYTHONWARNINGS"] = "ignore"
    return env


def _nbgrader(course: Path, *args: str, quiet: bool = True) -> tuple[int, str]:
    """``nbgrader *args`` in ``course``: its exit code and its log, without what is noise to a teacher."""
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args], cwd=course, env=environment(), capture_output=True, text=True
    )
    lines = (done.stdout + done.stderr).splitlines()
    log = "\n".join(line for line in lines if not (quiet and any(n in line for n in _NOISE)))
    if log:
        print(log, file=sys.stderr)
    return done.returncode, log


def run(course: Path | str, *args: str) -> int:
    """``nbgrader *args`` in ``course``; its exit code. ``autograde`` and ``export`` are this module's
    :func:`autograde` and :func:`export`."""
    course = Path(course)
    if not (course / "nbgrader_config.py").is_file():
        print(
            f"{course} is not a course folder (no nbgrader_config.py): write an assignment there first "
            f"with python -m rules.exercises.assignment --out {course}",
            file=sys.stderr,
        )
        return 2
    if args[:1] == ("autograde",) and len(args) >= 2:
        return autograde(course, args[1], *args[2:])
    if args[:1] == ("export",):
        return export(course, *args[1:])
    return _nbgrader(course, *args, quiet=False)[0]


# ---------------------------------------------------------------- autograde, one student at a time


def _students(course: Path, assignment: str, options: tuple[str, ...]) -> list[str]:
    """The students named by ``--student``, else everyone with a submission of ``assignment``."""
    for i, option in enumerate(options):
        if option.startswith("--student="):
            return [option.split("=", 1)[1]]
        if option == "--student" and i + 1 < len(options):
            return [options[i + 1]]
    submitted = course / "submitted"
    return sorted(p.name for p in submitted.iterdir() if (p / assignment).is_dir()) if submitted.is_dir() else []


class RosterError(ValueError):
    """The course's roster cannot be read (its message is in both languages)."""


def languages(course: Path) -> dict[str, str]:
    """Each student's language, from the course's roster (:data:`ROSTER`, column :data:`LANG_COLUMN`:
    ``en`` or ``ru``): the language of that student's feedback. A student with no row or an empty
    cell gets the assignment's language. A missing roster is no roster; a value that is no language
    raises :class:`RosterError` naming its line."""
    path = course / ROSTER
    if not path.is_file():
        return {}
    out = {}
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        fields = [(name or "").strip() for name in reader.fieldnames or []]
        if "id" not in fields:
            raise RosterError(
                _bi(f"{path} has no column 'id' (the student's id)", f"в {path} нет столбца 'id' (id ученика)")
            )
        reader.fieldnames = fields
        for row in reader:
            student = (row.get("id") or "").strip()
            lang = (row.get(LANG_COLUMN) or "").strip().lower()
            if not student or not lang:
                continue
            if lang not in LANGS:
                raise RosterError(
                    _bi(
                        f"{path}, line {reader.line_num}: the language of {student!r} is {lang!r}, not one of "
                        f"{', '.join(LANGS)}",
                        f"{path}, строка {reader.line_num}: язык ученика {student!r} — {lang!r}, а не один из "
                        f"{', '.join(LANGS)}",
                    )
                )
            out[student] = lang
    return out


def autograde(course: Path, assignment: str, *options: str) -> int:
    """nbgrader's ``autograde`` of ``assignment`` for each student in turn (``--student NAME``: one),
    each between two checks of the course (:class:`Guard`), all in this process: a notebook nbgrader
    cannot grade scores 0 with its reason ("needs review") and the others are graded all the same.
    Exit code 0 when every submission has a grade (some perhaps needing review), 1 when the course
    was found changed (and put back), 2 when the roster is wrong and :data:`SANDBOX_REFUSED` when this
    machine cannot build the sandbox (then nobody is graded). Each student's feedback is in the
    language :func:`languages` gives."""
    from nbgrader.apps.api import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    try:
        spoken = languages(course)
    except RosterError as error:
        print(error, file=sys.stderr)
        return 2
    refused = refusal()
    if refused is not None:
        print(
            "Nothing was graded: the students' notebooks run only in the sandbox, and it cannot be built here. "
            "· Ничего не оценено: тетради учеников выполняются только в песочнице, а её здесь не построить.\n"
            + refused,
            file=sys.stderr,
        )
        return SANDBOX_REFUSED
    os.environ["PATH"] = environment()["PATH"]  # nbgrader starts alembic by name
    warnings.simplefilter("ignore")  # SQLAlchemy's and nbformat's, once per submission: nothing to act on
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    config.CourseDirectory.root = str(course.resolve())
    config.Autograde.sanitize_preprocessors = SANITIZE
    config.Autograde.autograde_preprocessors = AUTOGRADE  # whatever the configuration file says
    config.ExecuteAndGrade.languages = spoken
    api = NbGraderAPI(config=config)
    tampered = False
    for student in _students(course, assignment, options):
        guard = Guard(course, assignment, student)
        result = api.autograde(assignment, student, force=True, create=True)
        log = "\n".join(
            line
            for line in (result.get("log", "") + result.get("error", "")).splitlines()
            if not any(n in line for n in _NOISE)
        )
        changes = guard.undo()
        for change in changes:
            print(f"TAMPERING while grading {student}: {change} (undone)", file=sys.stderr)
        tampered = tampered or bool(changes)
        folder = course / "autograded" / student / assignment
        review = folder / REVIEW_FILE
        if not result.get("success") or not any(folder.glob("*.ipynb")) or changes:
            said = "; ".join(changes) or _last_error(log)
            reason = f"nbgrader could not grade it · nbgrader не смог оценить: {said}"
            _zero(course, assignment, student)
            folder.mkdir(parents=True, exist_ok=True)
            review.write_text(reason + "\n", encoding="utf-8")
        if review.exists():
            print(f"{student}: 0, needs review: {review.read_text(encoding='utf-8').strip()}", file=sys.stderr)
            continue
        for line in log.splitlines():  # what nbgrader says of a graded notebook that a teacher should read
            if line.startswith(("[WARNING]", "[ERROR]", "[CRITICAL]")) and "Removing existing" not in line:
                print(f"{student}: {line}", file=sys.stderr)
        print(f"{student}: graded", file=sys.stderr)
    return 1 if tampered else 0


def _last_error(log: str) -> str:
    for line in reversed(log.splitlines()):
        if "BrokenNotebook: " in line:
            return line.split("BrokenNotebook: ", 1)[1].strip()
    errors = [line for line in log.splitlines() if "ERROR" in line or "Error" in line]
    return (errors[-1] if errors else "no notebook was written").strip()[-300:]


def _zero(course: Path, assignment: str, student: str) -> None:
    """Every grade of ``student``'s ``assignment`` 0, flagged for review by hand."""
    from nbgrader.api import Gradebook, MissingEntry

    os.environ["PATH"] = environment()["PATH"]  # the gradebook starts alembic by name
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        gb.update_or_create_student(student)
        try:
            submission = gb.find_submission(assignment, student)
        except MissingEntry:
            submission = gb.add_submission(assignment, student)
        for notebook in submission.notebooks:
            for grade_ in notebook.grades:
                grade_.auto_score, grade_.manual_score, grade_.needs_manual_grade = 0, None, True
        gb.db.commit()


class Guard:
    """What a student's run may not change, kept before it: the configuration, the sources, the
    released and submitted notebooks, and every row of the gradebook but this student's grades of
    this assignment (whose hand-given scores are kept too). :meth:`undo` puts back what changed
    and says what it was."""

    TREES = ("nbgrader_config.py", "source", "release", "submitted")

    def __init__(self, course: Path, assignment: str, student: str):
        self.course, self.assignment, self.student = course, assignment, student
        self.files = {path: path.read_bytes() for path in self._files()}
        self.rows = self._rows()

    def _files(self) -> list[Path]:
        out = []
        for name in self.TREES:
            path = self.course / name
            out += [path] if path.is_file() else [p for p in sorted(path.rglob("*")) if p.is_file() or p.is_symlink()]
        return out

    def _db(self) -> sqlite3.Connection | None:
        path = self.course / "gradebook.db"
        return sqlite3.connect(path) if path.exists() else None

    def _rows(self) -> dict[str, dict]:
        """Every row of the gradebook, by table and id; this student's rows of this assignment apart."""
        db = self._db()
        if db is None:
            return {}
        try:
            tables = [t for (t,) in db.execute("select name from sqlite_master where type='table'")]
            out = {}
            for table in tables:
                columns = [c[1] for c in db.execute(f"pragma table_info('{table}')")]
                if "id" not in columns:
                    continue
                out[table] = {
                    row[columns.index("id")]: dict(zip(columns, row, strict=True))
                    for row in db.execute(f"select * from '{table}'")
                }
            return out
        finally:
            db.close()

    def _own(self, rows: dict[str, dict]) -> set[tuple[str, str]]:
        """The rows autograde writes for this student and assignment: (table, id)."""
        assignments = {i for i, r in rows.get("assignment", {}).items() if r.get("name") == self.assignment}
        subs = {
            i
            for i, r in rows.get("submitted_assignment", {}).items()
            if r.get("assignment_id") in assignments and r.get("student_id") == self.student
        }
        notebooks = {i for i, r in rows.get("submitted_notebook", {}).items() if r.get("assignment_id") in subs}
        own = {("submitted_assignment", i) for i in subs} | {("submitted_notebook", i) for i in notebooks}
        own |= {("student", self.student)}
        for table in ("grade", "comment"):
            own |= {(table, i) for i, r in rows.get(table, {}).items() if r.get("notebook_id") in notebooks}
        return own

    def undo(self) -> list[str]:
        changes = []
        now = {path: path.read_bytes() for path in self._files()}
        for path, data in self.files.items():
            if now.get(path) != data:
                changes.append(f"{path.relative_to(self.course)} was {'changed' if path in now else 'deleted'}")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
        for path in now.keys() - self.files.keys():
            changes.append(f"{path.relative_to(self.course)} was added")
            path.unlink()
        after = self._rows()
        own = self._own(self.rows) | self._own(after)
        db = self._db()
        if db is None:
            return changes
        try:
            for table in self.rows.keys() | after.keys():
                before, later = self.rows.get(table, {}), after.get(table, {})
                for key in before.keys() | later.keys():
                    old, new = before.get(key), later.get(key)
                    if (table, key) in own:
                        if table == "grade" and new and new.get("manual_score") != (old or {}).get("manual_score"):
                            changes.append(f"a score given by hand in the gradebook ({table} {key})")
                            db.execute(
                                "update grade set manual_score = ? where id = ?", ((old or {}).get("manual_score"), key)
                            )
                        continue
                    if old == new:
                        continue
                    changes.append(f"the gradebook's {table} row {key} was {'added' if old is None else 'changed'}")
                    if new is not None:
                        db.execute(f"delete from '{table}' where id = ?", (key,))
                    if old is not None:
                        names = list(old)
                        db.execute(
                            f"insert into '{table}' ({', '.join(names)}) values ({', '.join('?' * len(names))})",
                            [old[n] for n in names],
                        )
            db.commit()
        finally:
            db.close()
        return changes


def export(course: Path, *options: str) -> int:
    """nbgrader's ``export`` (``grades.csv``), with a last column saying why a score needs review."""
    code = _nbgrader(course, "export", *options)[0]
    path = course / "grades.csv"
    if code != 0 or not path.exists():
        return code
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    fields = [*(rows[0].keys() if rows else ["assignment", "student_id"]), REVIEW_COLUMN]
    for row in rows:
        review = course / "autograded" / row["student_id"] / row["assignment"] / REVIEW_FILE
        row[REVIEW_COLUMN] = review.read_text(encoding="utf-8").strip() if review.exists() else ""
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return 0


def _split_hidden(source: str) -> tuple[str, str]:
    """A cell's source without its hidden tests, and the hidden tests."""
    shown, hidden, inside = [], [], False
    for line in source.split("\n"):
        if _BEGIN in line:
            inside = True
        elif _END in line:
            inside = False
        else:
            (hidden if inside else shown).append(line)
    return "\n".join(shown), "\n".join(hidden)


def exercise_of(source: str) -> tuple[dict, list] | None:
    """The exercise and its right answers that a checked cell's hidden tests hold (the literal
    arguments of ``graded_when_collected``), read as data, never run; None if it holds none."""
    _shown, hidden = _split_hidden(source)
    try:
        tree = ast.parse(hidden)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "graded_when_collected":
            try:
                exercise, accepted = (ast.literal_eval(arg) for arg in node.args[:2])
            except (ValueError, TypeError, SyntaxError):
                return None
            ok = isinstance(exercise, dict) and {"kind", "seed", "difficulty"} <= exercise.keys()
            return (exercise, accepted) if ok and isinstance(accepted, list) else None
    return None


class BrokenNotebook(ValueError):
    """A submitted notebook whose checked cells are not the assignment's, each once."""


class CheckedCellsOnce(NbGraderPreprocessor):
    """The first step of ``autograde``'s sanitizing: every checked cell of the assignment is in the
    student's notebook once, with its own metadata. nbgrader itself would keep the last of two cells
    with one id (a pasted copy of a check cell, run after every answer) and drop a cell whose metadata
    was edited away; here the notebook is refused instead, and :func:`autograde` scores it 0 for
    review."""

    def preprocess(self, nb: NotebookNode, resources: dict):
        from nbgrader.api import Gradebook

        ids = [
            cell.metadata.nbgrader.get("grade_id")
            for cell in nb.cells
            if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        ]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise BrokenNotebook(
                _bi(f"two checked cells have the id {twice[0]!r}", f"у двух проверочных ячеек один id {twice[0]!r}")
            )
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gb:
            notebook = gb.find_notebook(info["notebook"], info["assignment"])
            wanted = {cell.name for cell in notebook.grade_cells}
        missing = sorted(wanted - set(ids))
        if missing:
            raise BrokenNotebook(
                _bi(
                    f"the checked cell {missing[0]!r} is missing or its metadata was edited",
                    f"проверочной ячейки {missing[0]!r} нет или её метаданные изменены",
                )
            )
        return nb, resources


class ExecuteAndGrade(Execute):
    """nbgrader's ``Execute``, with the student's kernel in a sandbox (:mod:`rules.exercises.sandbox`)
    and the exercises' answers graded outside it. A notebook that cannot be run to its end (its
    kernel dies or ends, a cell runs out of time or prints too much) scores 0 with the
    reason, and :func:`autograde` marks it "needs review" (two checked cells with one id are
    refused before, by :class:`CheckedCellsOnce`)."""

    memory_mb = Integer(1024, help="memory per process of a student's kernel, MiB").tag(config=True)
    cpu_seconds = Integer(120, help="CPU seconds of a student's kernel").tag(config=True)
    processes = Integer(64, help="processes and threads of a student's kernel").tag(config=True)
    languages = Dict(help="each student's language (en or ru), from the course's roster").tag(config=True)
    #: what one cell may print or show, in characters (more is cut: nbgrader's own process keeps it)
    max_output = 200_000

    def create_kernel_manager(self):
        limits = Limits(self.memory_mb, self.cpu_seconds, self.processes)
        self.km = SandboxKernelManager(kernel_name=self.kernel_name or "python3", base=self._base, limits=limits)
        return self.km

    def output(self, outs, msg, display_id, cell_index):
        self._printed[cell_index] = self._printed.get(cell_index, 0) + len(json.dumps(msg.get("content", {})))
        if self._printed[cell_index] > self.max_output:
            self._overflow = True
            return None
        return super().output(outs, msg, display_id, cell_index)

    def preprocess(self, nb: NotebookNode, resources=None, km=None):
        held, failure = {}, None
        for index, cell in enumerate(nb.cells):
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if cell.cell_type != "code" or not meta.get("grade") or not meta.get("grade_id"):
                continue
            found = exercise_of(cell.source)
            if found is not None:
                held[index] = (cell.source, found)
                cell.source = _split_hidden(cell.source)[0]
        name = Path((resources or {}).get("metadata", {}).get("name") or "notebook").name + ".ipynb"
        self._base, self._overflow, self._printed = prepare(nbformat.writes(nb), name), False, {}
        try:
            nb, resources = super().preprocess(nb, resources, km=km)
        except Exception as error:
            failure = _failure(error)
        finally:
            for index, (source, _found) in held.items():
                nb.cells[index].source = source
            confined = strength(self._base)
            shutil.rmtree(self._base, ignore_errors=True)
        if confined.startswith("refused"):
            self.log.error("the student's kernel was not started: %s", confined)
        if failure is None:
            failure = _timed_out(nb)
        if failure is None and self._overflow:
            failure = _bi("a cell printed too much", "ячейка вывела слишком много")
        if failure is not None:
            self.log.error("needs review: %s", failure)
            folder = Path((resources or {}).get("metadata", {}).get("path") or ".")
            (folder / REVIEW_FILE).write_text(failure + "\n", encoding="utf-8")
        student = (resources or {}).get("nbgrader", {}).get("student")
        self._grade_cells(nb, held, failure, self.languages.get(student))
        return nb, resources

    @staticmethod
    def _grade_cells(nb: NotebookNode, held: dict, failure: str | None, lang: str | None = None) -> None:
        """Each check cell's verdict, its rule and its points written as its outputs (0 and the reason
        for review when the notebook could not be run), in the student's language ``lang`` (else the
        assignment's)."""
        for index, (_source, (exercise, accepted)) in held.items():
            exercise = {**exercise, "lang": lang} if lang in LANGS else exercise
            cell = nb.cells[index]
            if failure is None:
                right, said = grade(exercise, accepted, handed_in(cell.get("outputs", [])))
            else:
                right, said = 0, _say(exercise.get("lang", ""), "Needs review", "Нужна проверка") + f": {failure}"
            points = float(cell.metadata["nbgrader"].get("points", 1)) * right
            rule = []
            if failure is None:  # the rule the exercise teaches, named, and linked where the book is served
                title, href = rule_of(exercise)
                named = _say(exercise.get("lang", ""), f"Rule: {title}", f"Правило: {title}")
                link = f'<a href="{html.escape(href)}" target="_blank">{html.escape(title)}</a>' if href else ""
                shown = html.escape(named).replace(html.escape(title), link, 1) if link else html.escape(named)
                rule = [
                    NotebookNode(
                        output_type="display_data",
                        metadata={},
                        data={"text/plain": named, "text/html": f"<p>{shown}</p>"},
                    )
                ]
            cell.outputs = [
                NotebookNode(output_type="stream", name="stdout", text=said + "\n"),
                *rule,
                NotebookNode(
                    output_type="execute_result",
                    execution_count=cell.get("execution_count"),
                    metadata={},
                    data={"text/plain": f"{points:g}"},
                ),
            ]


def _bi(en: str, ru: str) -> str:
    return f"{en} · {ru}"


def _failure(error: Exception) -> str:
    """Why a notebook could not be run to its end, in both languages."""
    kind = type(error).__name__
    if kind == "DeadKernelError":
        return _bi(
            "its kernel ended before the last cell (os._exit, a crash or a limit)",
            "его ядро завершилось раньше последней ячейки",
        )
    if kind in ("CellTimeoutError", "TimeoutError", "UnresponsiveKernelError"):
        return _bi("a cell ran out of time and could not be stopped", "ячейка не уложилась во время и не остановилась")
    return _bi(f"it could not be run ({kind}: {str(error)[:200]})", f"его не удалось выполнить ({kind})")


def _timed_out(nb: NotebookNode) -> str | None:
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error" and output.get("ename") in (
                "CellTimeoutError",
                "KeyboardInterrupt",
            ):
                return _bi("a cell ran out of time", "ячейка не уложилась во время")
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return run(argv[0], *argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
