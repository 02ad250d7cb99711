"""Write an nbgrader source assignment of generated exercises, and grade its answers.

    python -m rules.exercises.assignment --game durak --count 5 --seed 7 --out course

writes ``course/source/durak-7/durak-7.ipynb`` (and ``course/nbgrader_config.py`` if there
is none): for each exercise its question in both languages, its picture, an answer cell (the
solution between nbgrader's markers, so that ``nbgrader generate_assignment`` leaves the
student an empty cell) and a locked autograder cell. The student's part of that cell says
how the answer reads and hands it on as plain data (:func:`read_answer`); its hidden part
(never released) holds the exercise and its right answers as data. When the assignment is
collected, :class:`rules.exercises.course.ExecuteAndGrade` takes that hidden part out before
the student's notebook runs, and grades the answer handed in with :func:`grade`, in nbgrader's
own process: no cell of the student's can see the right answers or change the code that grades.

The released notebook never names the exercises' kinds or seeds: those are drawn from the
teacher's seed and the course's key, which is kept outside the course folder (the teacher's
:func:`key_file`, or the variable ``RULEBOOK_COURSE_KEY``), so the same course, game, count, seed
and difficulty always write the same exercises and a teacher can regenerate the assignment at
any time, while the students' kernels, which see neither, cannot.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path

from rules.errors import RulesError
from rules.exercises.core import (
    DIFFICULTIES,
    Bi,
    Exercise,
    ExerciseError,
    accepted_keys,
    answer_key,
    answer_text,
    check,
    games,
    generate,
    kinds,
)
from rules.lang import pick

__all__ = [
    "ANSWER_MIME",
    "GradingError",
    "NotPlain",
    "answer_source",
    "assignment_name",
    "course_key",
    "key_file",
    "exercises",
    "grade",
    "graded_when_collected",
    "handed_in",
    "is_plain",
    "notebook",
    "read_answer",
    "write",
    "main",
]

#: where an older version kept the course key, in the course folder (moved out when found)
KEY_FILE = ".exercises-key"
#: the environment variable that gives the course key (else the teacher's key file, :func:`key_file`)
KEY_ENV = "RULEBOOK_COURSE_KEY"
#: the exercises' seeds are drawn below this (as large as the practice view takes)
SEED_SPACE = 10**9
#: the languages an assignment is written in (its students')
LANGS = ("en", "ru")
#: the type of the output in which a checked cell hands the student's answer to the grader
ANSWER_MIME = "application/vnd.rulebook.answer+json"
#: the longest answer handed in, in characters of JSON (an answer is a few cards or numbers)
MAX_ANSWER = 4000

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


def key_file() -> Path:
    """The teacher's file of course keys, outside every course folder:
    ``$XDG_CONFIG_HOME/rulebook/course-keys.json`` (``~/.config/...`` by default)."""
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "rulebook" / "course-keys.json"


def course_key(course: Path | str) -> str:
    """The course's key: the variable :data:`KEY_ENV` if set, else the one the teacher's
    :func:`key_file` keeps for this course folder (made the first time). A key an older version
    kept inside the course folder (``.exercises-key``) is moved to that file, so the same
    assignments are written again."""
    if os.environ.get(KEY_ENV, "").strip():
        return os.environ[KEY_ENV].strip()
    course = Path(course).resolve()
    path = key_file()
    keys = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    legacy = course / KEY_FILE
    if str(course) not in keys:
        keys[str(course)] = legacy.read_text(encoding="utf-8").strip() if legacy.exists() else secrets.token_hex(16)
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fresh = path.with_suffix(".tmp")
        fresh.write_text(json.dumps(keys, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        fresh.chmod(0o600)
        fresh.replace(path)
    if legacy.exists():
        legacy.unlink()
        print(f"the course key was moved out of the course folder, to {path}", file=sys.stderr)
    return keys[str(course)]


def exercises(game: str, count: int, seed: int, difficulty: int = 2, key: str = "") -> list[Exercise]:
    """``count`` exercises of ``game``: its kinds in a seeded order, each from its own seed, drawn
    from ``seed`` and the course's ``key`` (without the key, nobody can tell the exercises' seeds)."""
    if game not in games():
        raise ExerciseError(
            f"there are no exercises for {game!r}; known: {', '.join(games())}",
            f"для «{game}» упражнений нет; есть: {', '.join(games())}",
        )
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 50:
        raise ExerciseError(f"count is 1 to 50, not {count!r}", f"упражнений от 1 до 50, а не {count!r}")
    rng = random.Random(f"assignment:{key}:{game}:{seed}:{difficulty}")
    order = kinds(game)
    rng.shuffle(order)
    return [generate(order[i % len(order)], rng.randrange(SEED_SPACE), difficulty) for i in range(count)]


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


def _say(lang: str, en: str, ru: str, sep: str = " · ") -> str:
    """A text in the students' language ("en" or "ru"), or in both (an assignment written before
    its language was chosen)."""
    return pick(lang, en, ru) if lang in LANGS else f"{en}{sep}{ru}"


def notebook(items: list[Exercise], title: str, lang: str = "en") -> dict:
    """The source notebook (nbformat 4, as JSON data) in the students' language ``lang``:
    questions, pictures, answer cells and autograder tests."""
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
                + _say(
                    lang,
                    "Answer each exercise in its cell by setting `answer_N`, then run the cell below it: it says "
                    "how your answer reads. The rules engine grades the answers when the assignment is collected.",
                    "Ответьте на каждое упражнение в его ячейке, присвоив `answer_N`, и выполните ячейку под ней: "
                    "она покажет, как прочитан ответ. Ответы оценивает движок правил, когда задание собрано.",
                    "\n\n",
                )
            ),
            "intro",
        )
    )
    nb["cells"].append(
        _nb(_code("from IPython.display import HTML\n\nfrom rules.exercises.assignment import read_answer"), "setup")
    )
    for n, ex in enumerate(items, start=1):
        choices = ""
        if ex.choices:
            label = (lambda c: c.label(lang)) if lang in LANGS else (lambda c: c.label.en)
            listed = ", ".join(f"`{c.key}`" + (f" ({label(c)})" if label(c) != c.key else "") for c in ex.choices)
            choices = "\n\n" + _say(lang, "Choices", "Варианты") + f": {listed}"
        how_en, how_ru = (s.format(example=_EXAMPLES[ex.answer]) for s in _HOW[ex.answer])
        question = ex.question(lang) if lang in LANGS else f"{ex.question.en}\n\n{ex.question.ru}"
        nb["cells"].append(
            _nb(
                _md(
                    f"## {n}. {_say(lang, ex.title.en, ex.title.ru)}\n\n{question}{choices}\n\n"
                    + _say(lang, f"Answer: `answer_{n}` = {how_en}.", f"Ответ: `answer_{n}` = {how_ru}.")
                ),
                f"question-{n}",
            )
        )
        if ex.picture.en:
            nb["cells"].append(_nb(_code(f"HTML({ex.picture(lang if lang in LANGS else 'en')!r})"), f"picture-{n}"))
        nb["cells"].append(
            _nb(
                _code(f"### BEGIN SOLUTION\nanswer_{n} = {answer_source(ex)}\n### END SOLUTION"),
                f"answer-{n}",
                solution=True,
                locked=False,
            )
        )
        form = [ex.answer, [[c.key, c.label.en, c.label.ru] for c in ex.choices], _count(ex), lang]
        exercise = {"kind": ex.kind, "seed": ex.seed, "difficulty": ex.difficulty, "lang": lang}
        nb["cells"].append(
            _nb(
                _code(
                    f'read_answer({_python(form)}, globals().get("answer_{n}"))\n'
                    "### BEGIN HIDDEN TESTS\n"
                    "from rules.exercises.assignment import graded_when_collected\n\n"
                    f'graded_when_collected({exercise!r}, {_python(accepted_keys(ex))}, globals().get("answer_{n}"))\n'
                    "### END HIDDEN TESTS"
                ),
                f"check-{n}",
                grade=True,
                points=1,
            )
        )
    return nb


def _count(ex: Exercise) -> int:
    return len(ex.solution) if ex.answer == "numbers" else 0


def _form(form: list) -> Exercise:
    """An exercise that knows only how it is answered (what :func:`read_answer` needs)."""
    from rules.exercises.core import Choice

    answer, choices, count = form[:3]
    return Exercise(
        kind="",
        seed=0,
        difficulty=1,
        question=Bi("", ""),
        answer=answer,
        rule="",
        solution=(0,) * count,
        solution_text=Bi("", ""),
        choices=tuple(Choice(key, Bi(en, ru)) for key, en, ru in choices),
    )


def read_answer(form: list, answer) -> None:
    """The student's check, in the student's notebook: how ``answer`` reads in both languages, or
    why it cannot be read (``form`` is how the exercise is answered and its choices). It judges
    nothing: it hands the answer, as plain data, to the grader (in an output of type
    :data:`ANSWER_MIME`), which judges it outside the student's notebook when it is collected."""
    from IPython.display import display

    lang = form[3] if len(form) > 3 else ""
    if answer is None:
        print(_say(lang, "No answer yet.", "Ответа пока нет."))
        return
    if not is_plain(answer):
        print(_must_be(form[0], answer, lang))
        shown = NotPlain(type(answer).__name__, repr(answer)[:60])
        display({"text/plain": "", ANSWER_MIME: {"not_plain": shown.type, "shown": shown.shown}}, raw=True)
        return
    handed = json.dumps(answer, ensure_ascii=False)
    if len(handed) > MAX_ANSWER:
        print(
            _say(
                lang,
                f"The answer is too long ({len(handed)} characters).",
                f"Ответ слишком длинный ({len(handed)} симв.).",
            )
        )
        return
    ex = _form(form)
    try:
        answer_key(ex, answer)
    except RulesError as error:
        said = _say(
            lang,
            f"Cannot read the answer: {error.message('en')}",
            f"Ответ не прочитан: {error.message('ru')}",
            "\n",
        )
    else:
        said = _say(
            lang,
            f"Your answer reads: {answer_text(ex, answer, 'en')}",
            f"Ваш ответ прочитан так: {answer_text(ex, answer, 'ru')}",
        )
    display({"text/plain": said, ANSWER_MIME: {"answer": answer}}, raw=True)


@dataclass(frozen=True)
class NotPlain:
    """What a checked cell hands in for an answer that is not plain data: its type and how it looked."""

    type: str
    shown: str


def _must_be(form: str, answer, lang: str = "") -> str:
    """Why ``answer`` (a fraction, True or False, an object) is no answer of ``form``, in both languages."""
    kind = answer.type if isinstance(answer, NotPlain) else type(answer).__name__
    shown = answer.shown if isinstance(answer, NotPlain) else repr(answer)[:60]
    what_en, what_ru = {
        "float": ("a fraction", "дробное число"),
        "bool": ("True or False", "True или False"),
    }.get(kind, (f"an object of type {kind}", f"объект типа {kind}"))
    how_en, how_ru = (s.format(example=_EXAMPLES[form]) for s in _HOW[form])
    return _say(
        lang,
        f"The answer must be {how_en}, not {what_en} ({shown}).",
        f"Ответ должен быть таким: {how_ru}, а не {what_ru} ({shown}).",
    )


def is_plain(value, depth: int = 0) -> bool:
    """A whole number, a text, or a list of those: what an answer is (no object of the notebook's own)."""
    if type(value) in (int, str):
        return True
    return depth < 3 and type(value) in (list, tuple) and all(is_plain(v, depth + 1) for v in value)


def handed_in(outputs: list) -> object:
    """The answer a checked cell handed in (the last output of type :data:`ANSWER_MIME`), if it is
    plain data of a bounded size; a :class:`NotPlain` if the student's answer was a fraction, True
    or False or another object; else None."""
    for output in reversed(outputs):
        data = output.get("data", {}) if output.get("output_type") in ("display_data", "execute_result") else {}
        handed = data.get(ANSWER_MIME)
        if isinstance(handed, dict) and isinstance(handed.get("not_plain"), str):
            return NotPlain(handed["not_plain"][:40], str(handed.get("shown", ""))[:60])
        if isinstance(handed, dict) and "answer" in handed:
            answer = handed["answer"]
            ok = is_plain(answer) and len(json.dumps(answer, ensure_ascii=False)) <= MAX_ANSWER
            return answer if ok else None
    return None


def grade(exercise: dict, accepted: list, answer) -> tuple[int, str]:
    """The grader's verdict on ``answer`` to ``exercise`` (its kind, seed and difficulty), whose right
    answers (as :func:`~rules.exercises.core.answer_key` reads them) are ``accepted``: 1 or 0, and
    the verdict in the students' language (``exercise["lang"]``; both languages if it has none)
    with, when it is not right, the right answer. Never raises on an answer.

    The answer earns its point only if the engine judges it right and it is one of the answers the
    assignment holds (for the exercise the students were given, whatever the engine says later).
    """
    ex = generate(exercise["kind"], exercise["seed"], exercise["difficulty"])
    lang = exercise.get("lang", "")
    solution = _say(lang, f"Answer: {ex.solution_text.en}", f"Ответ: {ex.solution_text.ru}")
    if answer is None:
        return 0, _say(lang, "No answer.", "Нет ответа.") + f"\n{solution}"
    if isinstance(answer, NotPlain) or not is_plain(answer):
        return 0, f"{_must_be(ex.answer, answer, lang)}\n{solution}"
    verdict = check(ex, answer)
    said = verdict.text(lang) if lang in LANGS else f"{verdict.text('en')}\n{verdict.text('ru')}"
    if not verdict.readable:
        return 0, f"{said}\n{solution}"
    try:
        key = answer_key(ex, answer)
    except RulesError:
        return 0, f"{said}\n{solution}"
    if verdict.correct and key in accepted:
        return 1, said
    if verdict.correct:  # the engine has changed since the assignment was written: its answers stand
        return 0, _say(lang, "Not one of this assignment's answers.", "Не из ответов этого задания.") + f"\n{solution}"
    return 0, said


def rule_of(exercise: dict) -> tuple[str, str]:
    """The rule ``exercise`` teaches: its title in the students' language, and its address in the book
    when the book's address is known (``RULEBOOK_BOOK_URL``, e.g. the class server's), else ""."""
    ex = generate(exercise["kind"], exercise["seed"], exercise["difficulty"])
    lang = exercise.get("lang", "")
    if ex.rule == "notation":
        title, page = _say(lang, "Notation", "Обозначения"), "notation/notation.html"
    else:
        import rules

        game = rules.GAMES.get(ex.rule.split(".", 1)[0])
        en, ru = game.rules.get(ex.rule, (ex.rule, ex.rule)) if game is not None else (ex.rule, ex.rule)
        title, page = _say(lang, en, ru), None
    base = os.environ.get("RULEBOOK_BOOK_URL", "").rstrip("/")
    if not base:
        return title, ""
    if page is None:
        from widgets.paint.links import rule_href

        return title, rule_href(ex.rule)
    return title, f"{base}/book/{page}"


class GradingError(RuntimeError):
    """An answer graded inside a student's notebook while it is being collected."""


def graded_when_collected(exercise: dict, accepted: list, answer=None) -> None:
    """The hidden part of a checked cell. Collected with this course's configuration, that part never
    runs: :class:`rules.exercises.course.ExecuteAndGrade` takes it out before the student's notebook
    runs and grades, outside that notebook, the answer the cell handed in. If it runs while nbgrader
    collects (``NBGRADER_EXECUTION`` is set), the course's configuration lacks that grader: the cell
    fails, so it earns nothing. Anywhere else (a teacher trying the source notebook) it prints the
    verdict on ``answer``."""
    if os.environ.get("NBGRADER_EXECUTION"):
        raise GradingError(
            "this course's nbgrader_config.py does not grade with rules.exercises.course.ExecuteAndGrade: "
            "write it again with python -m rules.exercises.assignment"
        )
    print(grade(exercise, accepted, answer)[1])


_CONFIG = """# nbgrader's configuration: run nbgrader's commands in this folder, the course's root
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "rulebook"
# the exercises are graded outside the students' notebooks: ExecuteAndGrade runs a notebook
# without its hidden tests (the exercises and their right answers), then grades the answers
# it handed in (nbgrader's own Execute, then the engine in this process)
c.Autograde.autograde_preprocessors = [
    "rules.exercises.course.ExecuteAndGrade",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]
# the feedback shows the verdicts, not the hidden tests
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "nbgrader.preprocessors.ClearHiddenTests",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
]
"""
#: what a course's configuration must say for its answers to be graded
_GRADER = "rules.exercises.course.ExecuteAndGrade"


def write(out: Path | str, game: str, count: int, seed: int, difficulty: int = 2, lang: str = "en") -> Path:
    """Write the source assignment under ``out`` (a course directory); return the notebook's path."""
    out = Path(out)
    name = assignment_name(game, seed)
    items = exercises(game, count, seed, difficulty, key=course_key(out))
    folder = out / "source" / name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.ipynb"
    from rules.exercises.core import chapter_name
    from rules.lang import count as counted

    words = ("exercise", "exercises"), ("упражнение", "упражнения", "упражнений")
    title = _say(
        lang,
        f"{chapter_name(game)}: {counted(count, 'en', *words)}",
        f"{chapter_name(game, 'ru')}: {counted(count, 'ru', *words)}",
    )
    path.write_text(json.dumps(notebook(items, title, lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    config = out / "nbgrader_config.py"
    if not config.exists():
        config.write_text(_CONFIG, encoding="utf-8")
    elif _GRADER not in config.read_text(encoding="utf-8"):
        print(
            f"warning: {config} does not grade with {_GRADER}; every answer would score 0. "
            f"Move it away and write the assignment again, or add what {__name__} writes there.",
            file=sys.stderr,
        )
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help=f"one of {', '.join(games())}")
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--difficulty", type=int, default=2, choices=DIFFICULTIES)
    parser.add_argument("--out", default="course", help="the course directory (nbgrader's root)")
    parser.add_argument("--lang", default="en", choices=LANGS, help="the students' language")
    args = parser.parse_args(argv)
    try:
        path = write(args.out, args.game, args.count, args.seed, args.difficulty, args.lang)
    except ExerciseError as error:
        parser.error(f"{error.message('en')} / {error.message('ru')}")
    print(path)


if __name__ == "__main__":
    main()
