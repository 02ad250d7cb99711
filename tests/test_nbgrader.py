"""A generated assignment goes through nbgrader: generate, autograde two submissions, feedback, grades."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from rules.exercises.assignment import answer_source, exercises, main, write

GAME, COUNT, SEED = "durak", 3, 7
NAME = f"{GAME}-{SEED}"
ROOT = Path(__file__).resolve().parents[1]


def _nbgrader(course: Path, *args: str) -> None:
    env = dict(os.environ)
    # nbgrader runs alembic and the kernel from the environment's bin; the kernel imports this tree's rules
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args, "--force"],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _submit(course: Path, student: str, answers: list[str]) -> None:
    """The released notebook with each answer cell filled in, as a student hands it in."""
    nb = json.loads((course / "release" / NAME / f"{NAME}.ipynb").read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    assert len(cells) == len(answers)
    for cell, answer in zip(cells, answers, strict=True):
        assert "raise NotImplementedError()" in "".join(cell["source"])  # the solution was removed
        cell["source"] = answer
    folder = course / "submitted" / student / NAME
    folder.mkdir(parents=True)
    (folder / f"{NAME}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def test_nbgrader_grades_a_right_and_a_wrong_submission_with_the_engine(tmp_path):
    course = tmp_path / "course"
    source = write(course, GAME, COUNT, SEED)
    assert source == course / "source" / NAME / f"{NAME}.ipynb"
    _nbgrader(course, "generate_assignment", NAME)

    items = exercises(GAME, COUNT, SEED)
    right = [f"answer_{n} = {answer_source(ex)}" for n, ex in enumerate(items, start=1)]
    wrong = list(right)
    first = items[0]
    # one wrong pick and one typo'd card; the third answer stays right
    wrong[0] = f"answer_1 = {answer_source(first, sorted(set(first.solution) ^ {first.choices[0].key}))}"
    wrong[1] = 'answer_2 = ["Z♠"]'
    _submit(course, "alice", right)
    _submit(course, "bob", wrong)

    _nbgrader(course, "autograde", NAME)
    _nbgrader(course, "generate_feedback", NAME)

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        alice = gradebook.find_submission(NAME, "alice")
        bob = gradebook.find_submission(NAME, "bob")
        assert (alice.score, alice.max_score) == (COUNT, COUNT)
        assert (bob.score, bob.max_score) == (1, COUNT)

    feedback = (course / "feedback" / "bob" / NAME / f"{NAME}.html").read_text(encoding="utf-8")
    assert "Not quite." in feedback and "Не совсем." in feedback  # the engine's verdict, in both languages
    assert "Cannot read the answer" in feedback and "Ответ не прочитан" in feedback
    assert "Right." in (course / "feedback" / "alice" / NAME / f"{NAME}.html").read_text(encoding="utf-8")


def test_the_command_writes_the_same_assignment_for_the_same_seed(tmp_path, capsys):
    main(["--game", "domino", "--count", "4", "--seed", "3", "--out", str(tmp_path / "a")])
    main(["--game", "domino", "--count", "4", "--seed", "3", "--out", str(tmp_path / "b")])
    first = (tmp_path / "a" / "source" / "domino-3" / "domino-3.ipynb").read_text(encoding="utf-8")
    assert first == (tmp_path / "b" / "source" / "domino-3" / "domino-3.ipynb").read_text(encoding="utf-8")
    nb = json.loads(first)
    graded = [c for c in nb["cells"] if c["metadata"]["nbgrader"].get("grade")]
    assert len(graded) == 4 and all(c["metadata"]["nbgrader"]["points"] == 1 for c in graded)
    assert (tmp_path / "a" / "nbgrader_config.py").exists()
    assert str(tmp_path / "a") in capsys.readouterr().out


def test_the_command_refuses_an_unknown_game_in_both_languages(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["--game", "chess", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert "no exercises for 'chess'" in err and "упражнений нет" in err
