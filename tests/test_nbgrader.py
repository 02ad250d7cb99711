"""A generated assignment goes through nbgrader as the README's commands run it, with no activated
environment: generate, autograde right, wrong, cheating and attacking submissions, feedback, grades.

Every attack a student could hand in is one submission, all graded in one autograde run between honest
classmates (alice first, zed last): each scores 0 and the course is left exactly as it was."""

from __future__ import annotations

import csv
import hashlib
import html
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

import rules
from rules.exercises import generate
from rules.exercises.assignment import (
    ANSWER_MIME,
    KEY_ENV,
    GradingError,
    answer_source,
    course_key,
    exercises,
    grade,
    graded_when_collected,
    handed_in,
    main,
    notebook,
)
from rules.exercises.core import accepted_keys
from rules.exercises.course import ROSTER, RosterError, exercise_of, languages

GAME, COUNT, SEED, KEY = "durak", 3, 7, "a teacher's key"
NAME = f"{GAME}-{SEED}"
BOOK = "http://127.0.0.1:8866"
ROOT = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    """The commands of the README's "Practice and the classroom" section, as a teacher types them."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Practice and the classroom", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def _run(command: str, course: Path, config: Path) -> subprocess.CompletedProcess:
    """One README command, from the project's folder, with the environment not activated: its
    ``bin`` is not on PATH (nbgrader alone then fails to find alembic); the teacher's configuration
    (where the course key is kept) in ``config``."""
    args = shlex.split(command)
    assert args[0] == ".venv/bin/python", command
    args = [sys.executable] + [str(course) if a == "course" else a for a in args[1:]]
    here = str(Path(sys.executable).parent)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", KEY_ENV)}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != here)
    env["XDG_CONFIG_HOME"] = str(config)
    env["RULEBOOK_BOOK_URL"] = BOOK  # where the feedback links each exercise's rule
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def _wrong(ex) -> str:
    """A readable answer that is not right."""
    if ex.answer == "pick":
        return answer_source(ex, sorted(set(ex.solution) ^ {ex.choices[0].key}))
    if ex.answer == "choose":
        return answer_source(ex, next(c.key for c in ex.choices if c.key != ex.solution))
    if ex.answer == "number":
        return answer_source(ex, ex.solution + 1)
    if ex.answer == "numbers":
        return answer_source(ex, [ex.solution[0] + 1, *ex.solution[1:]])
    return answer_source(ex, "2♣")


def attack_targets(course: Path, key_file: Path) -> dict:
    """What the attacking submissions' cells name (``str.format`` fields): the course's secret
    files, a classmate's notebook, and the assignment they try to regenerate."""
    return {
        "key_file": str(key_file),
        "course": str(course),
        "source": str(course / "source" / NAME / f"{NAME}.ipynb"),
        "gradebook": str(course / "gradebook.db"),
        "classmate": str(course / "submitted" / "zed" / NAME / f"{NAME}.ipynb"),
        "config": str(course / "nbgrader_config.py"),
        "game": GAME,
        "count": COUNT,
        "seed": SEED,
    }


def _submit(course: Path, student: str, answers: list[str], extra: list[dict] = ()) -> None:
    """The released notebook with each answer cell replaced (and ``extra`` cells added at its end), as
    a student hands it in."""
    nb = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    assert len(cells) == len(answers)
    for cell, answer in zip(cells, answers, strict=True):
        assert "raise NotImplementedError()" in "".join(cell["source"])  # the solution was removed
        cell["source"] = answer
    nb["cells"] += [dict(cell) for cell in extra]
    folder = course / "submitted" / student / NAME
    folder.mkdir(parents=True)
    (folder / f"{NAME}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


#: an answer cell that replaces the engine's checkers (and the grading functions) so every answer passes
_REPLACE_THE_CHECKER = """
import rules.exercises
import rules.exercises.assignment
import rules.exercises.core as core

def always_right(exercise, answer):
    return core.Verdict(True, exercise.rule)

core.check = rules.exercises.check = rules.exercises.assignment.check = always_right
core.Exercise.check = always_right
rules.exercises.assignment.grade = lambda *args: (1, "Right.")
rules.exercises.assignment.graded_when_collected = lambda *args: print("Right.")
answer_{n} = None
"""

#: an answer cell that reads each cell before it runs, to answer from what a hidden test holds, and
#: shows every whole number as 1 (a grade cell's shown number is its points)
_READ_THE_HIDDEN_TESTS = """
import ast
import re

def peek(info):
    with open("cells-seen.txt", "a", encoding="utf-8") as seen:
        seen.write(info.raw_cell + "\\n")
    for n, call in re.findall(r'answer_(\\d+).*graded_when_collected\\((.*)\\)', info.raw_cell, re.S):
        accepted = ast.literal_eval(ast.parse("f(" + call + ")").body[0].value.args[1])
        get_ipython().user_ns["answer_" + n] = accepted[0]

get_ipython().events.register("pre_run_cell", peek)
text = get_ipython().display_formatter.formatters["text/plain"]
text.for_type(int, lambda value, printer, cycle: printer.text("1"))
text.for_type(float, lambda value, printer, cycle: printer.text("1"))
answer_1 = None
"""


#: eve's first answer cell: it finds the course key (the teacher's key file at its real path, an older
#: course's ``.exercises-key`` in any folder above, the key's variable), regenerates the assignment and
#: answers every exercise; it also prints the key for her feedback. {key_file} is the teacher's file.
_FIND_THE_KEY = """
import json, os, pathlib
from rules.exercises.assignment import answer_source, exercises

def stolen_key():
    found = [os.environ.get("RULEBOOK_COURSE_KEY", "")]
    try:
        found += json.loads(pathlib.Path({key_file!r}).read_text()).values()
    except OSError:
        pass
    for folder in [pathlib.Path.cwd(), *pathlib.Path.cwd().parents, pathlib.Path({course!r})]:
        try:
            found.append((folder / ".exercises-key").read_text().strip())
        except OSError:
            pass
    return next((key for key in found if key), None)

key = stolen_key()
print("the course key:", key)
if key:
    for n, ex in enumerate(exercises({game!r}, {count}, {seed}, key=key), start=1):
        exec(f"answer_{{n}} = {{answer_source(ex)}}")
"""

#: eve's second and third answer cells: the right answers read from the source notebook's hidden
#: tests, and from the copy of the checked cells nbgrader keeps in the gradebook
_READ_THE_SOURCE = """
import ast, json, pathlib, sqlite3
from rules.exercises import generate

def solution_in(text):
    for line in text.splitlines():
        if line.startswith("graded_when_collected("):
            ex = ast.literal_eval(ast.parse(line).body[0].value.args[0])
            return generate(ex["kind"], ex["seed"], ex["difficulty"]).solution

try:
    cells = json.loads(pathlib.Path({source!r}).read_text())["cells"]
    answer_2 = solution_in("".join(next(c["source"] for c in cells if c.get("id") == "check-2")))
except OSError:
    pass
try:
    with sqlite3.connect({gradebook!r}) as db:
        answer_3 = solution_in(db.execute("select source from source_cell where name = 'check-3'").fetchone()[0])
except sqlite3.Error:
    pass
"""

#: mallory's answer cells: full marks set by hand in the gradebook, a classmate's submission blanked,
#: and a line added to the course's configuration that would give every later submission full marks
_TAMPER = [
    """
import sqlite3
try:
    with sqlite3.connect({gradebook!r}) as db:
        db.execute(
            "update grade set manual_score = "
            "(select max_score from grade_cell where grade_cell.id = grade.cell_id)"
        )
except sqlite3.Error as error:
    print(error)
answer_1 = None
""",
    """
try:
    open({classmate!r}, "w").write("{{}}")
except OSError as error:
    print(error)
answer_2 = None
""",
    """
try:
    with open({config!r}, "a") as config:
        config.write("\\nc.Autograde.autograde_preprocessors = ['nbgrader.preprocessors.SaveAutoGrades']\\n")
except OSError as error:
    print(error)
answer_3 = None
""",
]

#: peggy's answer cells: 2 GiB at once, then a fork bomb (each child holds on), which prints how many
#: processes it made
_EXHAUST = [
    "big = bytearray(2 * 2**30)\nanswer_1 = None",
    """
import os, time
made = 0
try:
    while made < 10_000:
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
        made += 1
except OSError:
    pass
print("processes made:", made)
answer_2 = None
""",
]


def _code_cell(source: str, **nbgrader) -> dict:
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
    if nbgrader:
        cell["metadata"]["nbgrader"] = nbgrader
    return cell


def _tree(course: Path) -> dict[str, str]:
    """A digest of every file a grading run may not change."""
    paths = [course / "nbgrader_config.py"]
    for name in ("source", "release", "submitted"):
        paths += sorted(p for p in (course / name).rglob("*") if p.is_file())
    return {str(p.relative_to(course)): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """A course taken through the README's commands: right, wrong, cheating and attacking submissions
    graded in one run, then the feedback and the grades."""
    teacher = tmp_path_factory.mktemp("teacher")
    course, config = teacher / "course", teacher / "config"
    course.mkdir()
    key_file = config / "rulebook" / "course-keys.json"
    key_file.parent.mkdir(parents=True)
    key_file.write_text(json.dumps({str(course.resolve()): KEY}))  # a known key: the cheats are checked to be wrong
    commands = _readme_commands()
    assert [c.split()[3:5] for c in commands] == [
        ["--game", "durak"],
        ["course", "generate_assignment"],
        ["course", "autograde"],
        ["course", "generate_feedback"],
        ["course", "export"],
    ]
    assert f"--count 5 --seed {SEED}" in commands[0]
    _run(commands[0].replace("--count 5", f"--count {COUNT}"), course, config)
    assert not (course / ".exercises-key").exists() and json.loads(key_file.read_text()) == {str(course.resolve()): KEY}
    _run(commands[1], course, config)

    items = exercises(GAME, COUNT, SEED, key=KEY)
    right = [f"answer_{n} = {answer_source(ex)}" for n, ex in enumerate(items, start=1)]
    wrong = list(right)
    wrong[0] = f"answer_1 = {_wrong(items[0])}"
    wrong[1] = 'answer_2 = ["Z♠"]'  # a typo'd card: not read, scores 0
    # carol's answers: the exercise regenerated as one would guess it (the question's kind and the
    # assignment's seed), and objects that claim to equal anything
    anything = "class Anything:\n    def __eq__(self, other):\n        return True\n\n\n"
    cheats = []
    for n, ex in enumerate(items, start=1):
        if n % 2 == 0:
            cheats.append(f"{anything}answer_{n} = Anything()")
            continue
        guess = generate(ex.kind, SEED, 2).solution
        assert not ex.check(guess).correct, "the guessed exercise must differ for this test to mean anything"
        cheats.append(f"from rules.exercises import generate\nanswer_{n} = generate({ex.kind!r}, {SEED}, 2).solution")
    nothing = [f"answer_{n} = None" for n in range(2, COUNT + 1)]
    paths = attack_targets(course, key_file)
    _submit(course, "alice", right)
    _submit(course, "bob", wrong)
    _submit(course, "carol", cheats)
    # dave's first answer cell tampers with his kernel: it reads each cell before it runs, shows every
    # number as 1, and replaces the engine's checkers and the grading functions; his last cell shows
    # what the hook saw
    seen = _code_cell('print(open("cells-seen.txt", encoding="utf-8").read())')
    _submit(course, "dave", [_READ_THE_HIDDEN_TESTS + _REPLACE_THE_CHECKER.format(n=1), *nothing], [seen])
    _submit(course, "eve", [_FIND_THE_KEY.format(**paths), _READ_THE_SOURCE.format(**paths), "pass"])
    _submit(course, "mallory", [cell.format(**paths) for cell in _TAMPER])
    # oscar pastes a copy of the first locked check cell (same grade_id) at the end of right answers
    nb = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    check = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade"))
    _submit(course, "oscar", right, [check])
    _submit(course, "peggy", [*_EXHAUST, "answer_3 = None"])
    # trent answers everything right, then his kernel ends itself
    _submit(course, "trent", [*right[:-1], right[-1] + "\nimport os\nos._exit(0)"])
    _submit(course, "zed", right)
    # the roster: zed reads Russian, alice English (the assignment's language), the others are not listed;
    # the same file is nbgrader's list of students
    (course / ROSTER).write_text(
        "id,first_name,last_name,email,lang\nalice,Alice,Adams,,en\nzed,Zed,Zorin,,ru\n", encoding="utf-8"
    )
    _run(f".venv/bin/python -m rules.exercises.course course db student import {course / ROSTER}", course, config)
    before = _tree(course)
    graded = _run(commands[2], course, config)
    assert _tree(course) == before, "the grading run changed the course"
    _run(commands[3], course, config)
    _run(commands[4], course, config)
    (teacher / "autograde.log").write_text(graded.stderr, encoding="utf-8")
    return course


def _score(course: Path, student: str) -> tuple[float, float]:
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission(NAME, student)
        return submission.score, submission.max_score


def _outputs(course: Path, student: str) -> str:
    """Every output of ``student``'s graded notebook, as text."""
    nb = json.loads((course / "autograded" / student / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    return json.dumps([c.get("outputs", []) for c in nb["cells"]], ensure_ascii=False)


def _printed(course: Path, student: str) -> str:
    """What ``student``'s graded notebook printed, joined: the kernel may send one print in several
    pieces (its output is flushed on a clock), and a forking cell makes that likely."""
    nb = json.loads((course / "autograded" / student / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    pieces = [o for c in nb["cells"] for o in c.get("outputs", []) if o.get("output_type") == "stream"]
    return "".join("".join(o["text"]) if isinstance(o["text"], list) else o["text"] for o in pieces)


def _grades(course: Path) -> dict[str, dict]:
    with (course / "grades.csv").open(encoding="utf-8", newline="") as f:
        return {row["student_id"]: row for row in csv.DictReader(f)}


def test_the_engine_grades_a_right_and_a_wrong_submission(course):
    assert _score(course, "alice") == (COUNT, COUNT)
    assert _score(course, "bob") == (1, COUNT)


def test_honest_classmates_graded_after_every_attack_keep_their_marks(course):
    assert _score(course, "zed") == (COUNT, COUNT)
    assert float(_grades(course)["zed"]["score"]) == COUNT and _grades(course)["zed"]["needs_review"] == ""


@pytest.mark.parametrize("student", ["carol", "dave", "eve", "mallory", "oscar", "peggy", "trent"])
def test_cheats_and_attacks_score_nothing(course, student):
    """carol copies generate(kind, seed, 2).solution or answers with objects equal to anything; dave reads
    each cell before it runs, shows every number as 1, and replaces the checkers; eve reads the course key
    and regenerates, reads the source notebook and the gradebook; mallory writes to the gradebook, a
    classmate's submission and the configuration; oscar pastes a locked check cell; peggy takes 2 GiB
    and forks without end; trent answers right, then ends his kernel."""
    assert _score(course, student) == (0, COUNT)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for nb in gradebook.find_submission(NAME, student).notebooks:
            assert all(g.manual_score is None for g in nb.grades)


def test_eves_attacks_would_have_scored_outside_the_sandbox(course, monkeypatch, tmp_path):
    """The same cells, run with the teacher's rights, find the key, the source notebook and the
    gradebook's copy of the checked cells, and answer right: it is the sandbox that stops them."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(course.parent / "config"))
    nb = json.loads((course / "submitted" / "eve" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    space: dict = {}
    for cell in cells[:2]:
        exec("".join(cell["source"]), space)
    assert course_key(course) == KEY == space["key"]
    for n, ex in enumerate(exercises(GAME, COUNT, SEED, key=KEY), start=1):
        assert ex.check(space[f"answer_{n}"]).correct


def test_no_key_reaches_a_students_kernel_or_feedback(course):
    assert "the course key: None" in _outputs(course, "eve")
    for student in ("alice", "eve", "mallory"):
        feedback = (course / "feedback" / student / NAME / f"{NAME}.html").read_text(encoding="utf-8")
        assert KEY not in feedback


def test_tampering_is_refused_by_the_sandbox(course):
    said = _outputs(course, "mallory")
    assert said.count("No such file or directory") + said.count("unable to open database") == 3, said


def test_the_kernel_is_limited_in_memory_and_processes(course):
    said = _outputs(course, "peggy")
    assert "MemoryError" in said
    made = int(re.search(r"processes made: (\d+)", _printed(course, "peggy")).group(1))
    assert 0 < made < 64  # the kernel's threads count too


@pytest.mark.parametrize(
    ("student", "reason"),
    [("oscar", "two checked cells have the id 'check-1'"), ("trent", "its kernel ended before the last cell")],
)
def test_a_broken_notebook_needs_review_and_says_why(course, student, reason):
    row = _grades(course)[student]
    assert float(row["score"]) == 0 and reason in row["needs_review"]
    assert f"{student}: 0, needs review:" in (course.parent / "autograde.log").read_text(encoding="utf-8")
    if student == "trent":  # his notebook ran: its feedback says why it scored nothing
        assert reason in (course / "feedback" / student / NAME / f"{NAME}.html").read_text(encoding="utf-8")


def test_the_grading_log_says_only_what_a_teacher_should_read(course):
    log = (course.parent / "autograde.log").read_text(encoding="utf-8")
    assert "checksum" not in log and "SAWarning" not in log and "TAMPERING" not in log
    assert log.count(": graded") == 8 and log.count("needs review") == 2, log


def test_the_right_answers_never_reach_the_students_notebook(course):
    nb = json.loads((course / "autograded" / "dave" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    seen = "".join("".join(o.get("text", "")) for o in nb["cells"][-1]["outputs"])
    assert seen.count("read_answer(") == COUNT  # the hook saw every checked cell run
    assert "graded_when_collected" not in seen and "accepted" not in seen
    for ex in exercises(GAME, COUNT, SEED, key=KEY):
        assert ex.kind not in seen


def test_a_wrong_answers_feedback_is_the_verdict_and_the_right_answer_not_a_traceback(course):
    feedback = (course / "feedback" / "bob" / NAME / f"{NAME}.html").read_text(encoding="utf-8")
    assert "Not quite." in feedback and "Answer:" in feedback  # the engine's verdict, in the students' language
    assert "Не совсем." not in feedback and "Ответ:" not in feedback
    assert "Cannot read the answer" in feedback and "Ответ не прочитан" not in feedback
    # each item names its rule and links it in the book
    for ex in exercises(GAME, COUNT, SEED, key=KEY):
        title = rules.GAMES[GAME].rules[ex.rule][0]
        assert f'Rule: <a href="{BOOK}/book/' in feedback and html.escape(title) in feedback
    assert "most recent call last" not in feedback and "AssertionError" not in feedback and "Error:" not in feedback
    assert "Right." in (course / "feedback" / "alice" / NAME / f"{NAME}.html").read_text(encoding="utf-8")


def test_each_student_gets_feedback_in_their_own_language(course):
    """One assignment, written in English; the roster gives zed Russian and alice English."""
    alice = (course / "feedback" / "alice" / NAME / f"{NAME}.html").read_text(encoding="utf-8")
    zed = (course / "feedback" / "zed" / NAME / f"{NAME}.html").read_text(encoding="utf-8")
    assert alice.count("Right.") == COUNT and alice.count("Rule: <a") == COUNT
    assert "Верно." not in alice and "Правило:" not in alice
    assert zed.count("Верно.") == COUNT and zed.count("Правило: <a") == COUNT
    assert "Right." not in zed and "Rule: <a" not in zed
    for ex in exercises(GAME, COUNT, SEED, key=KEY):
        en, ru = rules.GAMES[GAME].rules[ex.rule]
        assert html.escape(ru) in zed and html.escape(en) in alice
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assert gradebook.find_student("zed").last_name == "Zorin"  # the roster is nbgrader's too


def test_the_roster_gives_each_students_language_and_names_a_wrong_one(tmp_path):
    assert languages(tmp_path) == {}  # no roster: every student reads the assignment's language
    roster = tmp_path / ROSTER
    roster.write_text("id,first_name,lang\nalice,Alice,en\nzed,Zed, RU \nbob,Bob,\n", encoding="utf-8")
    assert languages(tmp_path) == {"alice": "en", "zed": "ru"}
    roster.write_text("id,lang\nalice,en\nzed,fr\n", encoding="utf-8")
    with pytest.raises(RosterError) as error:
        languages(tmp_path)
    assert "line 3" in str(error.value) and "'fr'" in str(error.value) and "строка 3" in str(error.value)
    roster.write_text("student,lang\nzed,ru\n", encoding="utf-8")
    with pytest.raises(RosterError, match="no column 'id'"):
        languages(tmp_path)


def test_the_students_notebook_does_not_tell_how_to_regenerate_its_exercises(course):
    released = (course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8")
    feedback = (course / "feedback" / "alice" / NAME / f"{NAME}.html").read_text(encoding="utf-8")
    for ex in exercises(GAME, COUNT, SEED, key=KEY):
        for text in (released, feedback):
            assert ex.kind not in text and str(ex.seed) not in text
    assert "HIDDEN TESTS" not in released and "HIDDEN TESTS" not in feedback
    assert "generate(" not in released
    source = (course / "source" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8")
    assert "BEGIN HIDDEN TESTS" in source  # the teacher's copy keeps them


def test_a_course_keeps_its_key_so_the_teacher_regenerates_the_same_assignment(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv(KEY_ENV, raising=False)
    main(["--game", "domino", "--count", "4", "--seed", "3", "--out", str(tmp_path / "a")])
    first = (tmp_path / "a" / "source" / "domino-3" / "domino-3.ipynb").read_text(encoding="utf-8")
    main(["--game", "domino", "--count", "4", "--seed", "3", "--out", str(tmp_path / "a")])
    assert (tmp_path / "a" / "source" / "domino-3" / "domino-3.ipynb").read_text(encoding="utf-8") == first
    # another course (another key) gets other exercises from the same seed
    main(["--game", "domino", "--count", "4", "--seed", "3", "--out", str(tmp_path / "b")])
    assert (tmp_path / "b" / "source" / "domino-3" / "domino-3.ipynb").read_text(encoding="utf-8") != first
    nb = json.loads(first)
    graded = [c for c in nb["cells"] if c["metadata"]["nbgrader"].get("grade")]
    assert len(graded) == 4 and all(c["metadata"]["nbgrader"]["points"] == 1 for c in graded)
    assert (tmp_path / "a" / "nbgrader_config.py").exists()
    assert str(tmp_path / "a") in capsys.readouterr().out
    # the keys are the teacher's, outside the courses; a key left in an older course folder is moved there
    assert not list(tmp_path.glob("*/.exercises-key"))
    assert set(json.loads((tmp_path / "config" / "rulebook" / "course-keys.json").read_text())) == {
        str((tmp_path / "a").resolve()),
        str((tmp_path / "b").resolve()),
    }
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / ".exercises-key").write_text("an older course's key\n")
    assert course_key(tmp_path / "c") == "an older course's key" and not (tmp_path / "c" / ".exercises-key").exists()
    monkeypatch.setenv(KEY_ENV, "given")
    assert course_key(tmp_path / "a") == "given"


def test_an_assignment_speaks_its_students_language(tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, KEY)
    main(["--game", "durak", "--count", "3", "--seed", "3", "--lang", "ru", "--out", str(tmp_path)])
    nb = json.loads((tmp_path / "source" / "durak-3" / "durak-3.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Дурак: 3 упражнения" in text and "Ответьте" in text and "Answer each" not in text
    ex = next(e for e in (generate("durak.defence", s, 2) for s in range(50)) if len(e.choices) > 1)
    listed = notebook([ex], "t", "ru")["cells"][2]["source"]
    assert ex.choices[0].label.ru in listed and "Варианты" in listed and "Choices" not in listed
    exercise, accepted = _held(ex)
    points, said = grade({**exercise, "lang": "ru"}, accepted, "сдаться")
    assert points == 0 and "Ответ не прочитан" in said and "Ответ:" in said
    assert "Cannot" not in said and "Answer:" not in said


def test_the_command_refuses_an_unknown_game_in_both_languages(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--game", "chess", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert "no exercises for 'chess'" in err and "упражнений нет" in err


# ---------------------------------------------------------------- the grader, without nbgrader


def _held(ex) -> tuple[dict, list]:
    return {"kind": ex.kind, "seed": ex.seed, "difficulty": ex.difficulty}, accepted_keys(ex)


def test_the_grader_reads_yes_and_no_in_either_language_and_says_the_right_answer_when_wrong():
    ex = next(e for e in (generate("durak.beats", s, 2) for s in range(20)) if e.solution == "yes")
    for said in ("yes", "YES", "Да", "дА", ["да"]):
        assert grade(*_held(ex), said)[0] == 1, said
    points, text = grade(*_held(ex), "НЕТ")
    assert points == 0 and "Not quite." in text and "Не совсем." in text
    assert "Answer: yes" in text and "Ответ: да" in text


def test_the_grader_never_raises_on_an_answer():
    ex = generate("notation.read", 3, 2)
    for answer in (None, "Z♠", [], 7, [[["deep"]]], {"a": 1}, "x" * 10_000):
        points, text = grade(*_held(ex), answer)
        assert points == 0 and "Answer:" in text and "Ответ:" in text, answer
    assert grade(*_held(ex), ex.solution)[0] == 1


def test_the_hidden_part_is_read_as_data_and_never_run():
    ex = generate("durak.trumps", 4, 2)
    cell = next(c for c in notebook([ex], "t")["cells"] if c["metadata"]["nbgrader"].get("grade"))
    exercise, accepted = _held(ex)
    assert exercise_of(cell["source"]) == ({**exercise, "lang": "en"}, accepted)
    assert (
        exercise_of(
            'x = 1\n### BEGIN HIDDEN TESTS\ngraded_when_collected(__import__("os").getpid(), [])\n### END HIDDEN TESTS'
        )
        is None
    )


def test_run_while_collected_without_the_grader_the_hidden_part_earns_nothing(monkeypatch, capsys):
    ex = generate("durak.beats", 2, 2)
    graded_when_collected(*_held(ex), ex.solution)  # a teacher trying the source notebook
    assert "Right." in capsys.readouterr().out
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(GradingError, match="ExecuteAndGrade"):
        graded_when_collected(*_held(ex), ex.solution)


def test_only_plain_data_of_a_bounded_size_is_handed_in():
    def out(answer):
        return [{"output_type": "display_data", "data": {ANSWER_MIME: {"answer": answer}}}]

    assert handed_in(out(["7♥", "Q♠"])) == ["7♥", "Q♠"]
    assert handed_in(out("x" * 5000)) is None
    assert handed_in(out({"not": "plain"})) is None
    assert handed_in([{"output_type": "stream", "name": "stdout", "text": "1"}]) is None


@pytest.mark.parametrize(("answer", "said"), [(43.0, "a fraction"), (True, "True or False")])
def test_a_fraction_or_a_boolean_is_told_what_the_answer_must_be(answer, said):
    ex = generate("joker_rummy.points", 3, 2)  # a whole number
    handed = {"output_type": "display_data", "data": {ANSWER_MIME: {"not_plain": type(answer).__name__, "shown": "x"}}}
    assert handed_in([handed]).type == type(answer).__name__
    for given in (answer, handed_in([handed])):
        points, text = grade(*_held(ex), given)
        assert points == 0 and "No answer" not in text
        assert f"The answer must be a whole number, e.g. 3, not {said}" in text
        assert "Ответ должен быть таким: целое число" in text
