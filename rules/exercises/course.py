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
import os
import subprocess
import sys
from pathlib import Path

from nbformat import NotebookNode
from nbgrader.preprocessors import Execute

from rules.exercises.assignment import grade, handed_in

__all__ = ["ExecuteAndGrade", "environment", "run", "main"]

_BEGIN, _END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"


def environment() -> dict[str, str]:
    """The environment nbgrader needs: this Python's tools first on ``PATH``."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(filter(None, [str(Path(sys.executable).parent), env.get("PATH")]))
    return env


def run(course: Path | str, *args: str) -> int:
    """``nbgrader *args`` in ``course``; its exit code."""
    course = Path(course)
    if not (course / "nbgrader_config.py").is_file():
        print(
            f"{course} is not a course folder (no nbgrader_config.py): write an assignment there first "
            f"with python -m rules.exercises.assignment --out {course}",
            file=sys.stderr,
        )
        return 2
    return subprocess.call([sys.executable, "-m", "nbgrader", *args], cwd=course, env=environment())


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


class ExecuteAndGrade(Execute):
    """nbgrader's ``Execute``, with the exercises' answers graded outside the student's kernel."""

    def preprocess(self, nb: NotebookNode, resources=None, km=None):
        held = {}
        for index, cell in enumerate(nb.cells):
            meta = cell.get("metadata", {}).get("nbgrader", {})
            if cell.cell_type != "code" or not meta.get("grade") or not meta.get("grade_id"):
                continue
            found = exercise_of(cell.source)
            if found is not None:
                held[index] = (cell.source, found)
                cell.source = _split_hidden(cell.source)[0]
        try:
            nb, resources = super().preprocess(nb, resources, km=km)
        finally:
            for index, (source, _found) in held.items():
                nb.cells[index].source = source
        for index, (_source, (exercise, accepted)) in held.items():
            cell = nb.cells[index]
            right, said = grade(exercise, accepted, handed_in(cell.get("outputs", [])))
            points = float(cell.metadata["nbgrader"].get("points", 1)) * right
            cell.outputs = [
                NotebookNode(output_type="stream", name="stdout", text=said + "\n"),
                NotebookNode(
                    output_type="execute_result",
                    execution_count=cell.get("execution_count"),
                    metadata={},
                    data={"text/plain": f"{points:g}"},
                ),
            ]
        return nb, resources


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return run(argv[0], *argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
