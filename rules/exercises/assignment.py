"""Write an nbgrader source assignment of generated exercises.

    python -m rules.exercises.assignment --game durak --count 5 --seed 7 --out course

writes ``course/source/durak-7/durak-7.ipynb`` (and a ``course/nbgrader_config.py``
if there is none): for each exercise its question in both languages, its picture,
an answer cell (the solution between nbgrader's markers, so that
``nbgrader generate_assignment`` leaves the student an empty cell) and a locked
autograder cell that asks the rules engine about the answer and prints its verdict
in both languages. The same game, count, seed and difficulty always write the same
exercises, so a teacher can regenerate the assignment at any time.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from rules.exercises.core import DIFFICULTIES, Exercise, ExerciseError, games, generate, kinds

__all__ = ["answer_source", "assignment_name", "exercises", "notebook", "write", "main"]

_HOW = {
    "pick": (
        "a list of the choices you pick, e.g. {example}",
        "список выбранных вариантов, например {example}",
    ),
    "choose": ("the one choice, e.g. {example}", "один вариант, например {example}"),
    "cards": ("the cards in notation, e.g. {example}", "карты нотацией, например {example}"),
    "number": ("a whole number, e.g. {example}", "целое число, например {example}"),
    "numbers": (
        "a list of whole numbers, one per player, e.g. {example}",
        "список чисел, по одному на игрока, например {example}",
    ),
}
_EXAMPLES = {"pick": '["7♥", "Q♠"]', "choose": '"yes"', "cards": '"A♦ 2♦ -> 3♦"', "number": "3", "numbers": "[0, -1]"}


def assignment_name(game: str, seed: int) -> str:
    return f"{game}-{seed}"


def exercises(game: str, count: int, seed: int, difficulty: int = 2) -> list[Exercise]:
    """``count`` exercises of ``game``: its kinds in a seeded order, each from its own seed."""
    if game not in games():
        raise ExerciseError(
            f"there are no exercises for {game!r}; known: {', '.join(games())}",
            f"для «{game}» упражнений нет; есть: {', '.join(games())}",
        )
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
        raise ExerciseError(f"count is 1 to 50, not {count!r}", f"упражнений от 1 до 50, а не {count!r}")
    rng = random.Random(f"assignment:{game}:{seed}:{difficulty}")
    order = kinds(game)
    rng.shuffle(order)
    return [generate(order[i % len(order)], rng.randrange(1_000_000), difficulty) for i in range(count)]


def _md(source: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def _code(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}


def _nb(cell: dict, grade_id: str, *, solution=False, grade=False, points=0, locked=True) -> dict:
    cell["id"] = grade_id
    cell["metadata"]["nbgrader"] = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
        "task": False,
        **({"points": points} if grade else {}),
    }
    return cell


def _python(value) -> str:
    """The answer as Python source, with the cards' own symbols kept readable."""
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_python(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def _solution(ex: Exercise):
    return list(ex.solution) if ex.answer in ("pick", "numbers") else ex.solution


def answer_source(ex: Exercise, value=None) -> str:
    """``value`` (default: the right answer) as the Python an answer cell holds."""
    return _python(_solution(ex) if value is None else value)


def notebook(items: list[Exercise], title: str) -> dict:
    """The source notebook (nbformat 4, as JSON data): questions, pictures, answer cells and autograder tests."""
    nb = {
        "cells": [],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    nb["cells"].append(
        _nb(
            _md(
                f"# {title}\n\n"
                "Answer each exercise in its cell by setting `answer_N`; run the cell below each answer to "
                "check it. The rules engine grades every answer.\n\n"
                "Ответьте на каждое упражнение в его ячейке, присвоив `answer_N`; ячейка под ответом его "
                "проверяет. Каждый ответ оценивает движок правил."
            ),
            "intro",
        )
    )
    nb["cells"].append(
        _nb(
            _code("from IPython.display import HTML\n\nfrom rules.exercises import generate"),
            "setup",
        )
    )
    for n, ex in enumerate(items, start=1):
        choices = ""
        if ex.choices:
            listed = ", ".join(f"`{c.key}`" + (f" ({c.label.en})" if c.label.en != c.key else "") for c in ex.choices)
            choices = f"\n\nChoices · Варианты: {listed}"
        how_en, how_ru = (s.format(example=_EXAMPLES[ex.answer]) for s in _HOW[ex.answer])
        nb["cells"].append(
            _nb(
                _md(
                    f"## {n}. {ex.title.en} · {ex.title.ru}\n\n"
                    f"*{ex.kind}, seed {ex.seed}, difficulty {ex.difficulty}*\n\n"
                    f"{ex.question.en}\n\n{ex.question.ru}{choices}\n\n"
                    f"Answer: `answer_{n}` = {how_en}. · Ответ: `answer_{n}` = {how_ru}."
                ),
                f"question-{n}",
            )
        )
        make = f"generate({ex.kind!r}, {ex.seed}, {ex.difficulty})"
        if ex.picture.en:
            nb["cells"].append(_nb(_code(f"HTML({make}.picture('en'))"), f"picture-{n}"))
        nb["cells"].append(
            _nb(
                _code(f"### BEGIN SOLUTION\nanswer_{n} = {answer_source(ex)}\n### END SOLUTION"),
                f"answer-{n}",
                solution=True,
                locked=False,
            )
        )
        nb["cells"].append(
            _nb(
                _code(
                    f"verdict = {make}.check(answer_{n})\n"
                    'print(verdict.text("en"))\n'
                    'print(verdict.text("ru"))\n'
                    'assert verdict.correct, verdict.text("en")'
                ),
                f"check-{n}",
                grade=True,
                points=1,
            )
        )
    return nb


_CONFIG = """# nbgrader's configuration: run nbgrader's commands in this folder, the course's root
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "rulebook"
"""


def write(out: Path | str, game: str, count: int, seed: int, difficulty: int = 2) -> Path:
    """Write the source assignment under ``out`` (a course directory); return the notebook's path."""
    out = Path(out)
    name = assignment_name(game, seed)
    items = exercises(game, count, seed, difficulty)
    folder = out / "source" / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ipynb"
    title = f"{game}: {count} exercises, seed {seed} · упражнений: {count}, вариант {seed}"
    path.write_text(json.dumps(notebook(items, title), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    config = out / "nbgrader_config.py"
    if not config.exists():
        config.write_text(_CONFIG, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help=f"one of {', '.join(games())}")
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--difficulty", type=int, default=2, choices=DIFFICULTIES)
    parser.add_argument("--out", default="course", help="the course directory (nbgrader's root)")
    args = parser.parse_args(argv)
    try:
        path = write(args.out, args.game, args.count, args.seed, args.difficulty)
    except ExerciseError as error:
        parser.error(f"{error.message('en')} / {error.message('ru')}")
    print(path)


if __name__ == "__main__":
    main()
