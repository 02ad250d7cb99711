"""The practice apps in Voila: answer, be checked by the engine, get another one, keep the score; offline."""

from __future__ import annotations

import base64
import json
import re

from playwright.sync_api import expect

from rules.exercises import generate, kinds
from tests.browser.conftest import in_sites_pyodide
from tests.long import kept

APP = "/voila/render/durak/practice.ipynb"


def test_a_student_answers_in_russian_and_gets_another_one(page, voila_url, offline):
    page.goto(voila_url + APP + "?lang=ru", timeout=60_000)
    check = page.locator(".exercise-check")
    expect(check).to_be_visible(timeout=60_000)
    # the exercise's line names its chapter, seed and difficulty in words, and the tab names the game
    expect(page.locator(".exercise-question .exercise-id")).to_have_text("(Дурак, зерно 1, сложность: легко)")
    expect(page).to_have_title("Тренировка: дурак")

    ex = generate("durak.beats", 1, 1)  # the page's first exercise: seed 1, easy
    answer = {"yes": "да", "no": "нет"}[ex.solution]
    page.locator(".exercise-answer").get_by_role("button", name=answer, exact=True).click()
    check.click()
    verdict = page.locator(".exercise-verdict")
    expect(verdict).to_contain_text("Верно.")
    expect(verdict.locator("a.rule-link")).to_have_attribute("href", re.compile(r"/book/durak/rules\.html#durak-"))
    expect(page.locator(".exercise-score")).to_contain_text("Ответов 1, верных 1, серия 1")

    page.locator(".exercise-another").click()
    expect(page.locator(".exercise-question")).to_contain_text("зерно 2")
    expect(page.locator(".exercise-seed input")).to_have_value("2")
    name = page.locator(".exercise-student input")
    name.fill("Анна Петрова")
    name.press("Enter")
    link = page.locator("a.exercise-report-link")
    expect(link).to_have_attribute(
        "download", re.compile(r"^тренировка-дурак-анна-петрова-\d{4}-\d\d-\d\d-зерно-1\.html$")
    )
    href = link.get_attribute("href")
    assert href.startswith("data:text/html;charset=utf-8;base64,")
    report = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert "Учащийся: Анна Петрова" in report and "Глава: Дурак" in report and "Варианты: 1" in report
    assert f"<td>{answer}</td>" in report  # the answer in the page's language


def test_a_typo_is_answered_with_the_notation_message(page, voila_url, offline):
    page.goto(voila_url + "/voila/render/notation/practice.ipynb", timeout=60_000)
    expect(page.locator(".exercise-check")).to_be_visible(timeout=60_000)
    page.locator(".exercise-kind select").select_option(label="Read the cards")
    box = page.locator(".exercise-text input")
    box.fill("Z♦ 2♦")
    box.press("Enter")
    page.locator(".exercise-check").click()
    status = page.locator(".exercise-status")
    expect(status).to_contain_text("unknown rank")
    expect(status).to_contain_text("Z♦")
    expect(page.locator(".exercise-score")).to_contain_text("Answered 0")


def test_the_practice_app_fits_a_phone_and_shows_nothing_of_the_teachers(page, voila_url, offline):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(voila_url + "/voila/render/domino/practice.ipynb", timeout=60_000)
    expect(page.locator(".exercise-check")).to_be_visible(timeout=60_000)
    expect(page.locator(".exercise-student input")).to_be_visible()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"the page is {overflow} px wider than a phone"
    # the book's section on graded assignments is for the teacher, not on the students' app
    expect(page.get_by_text("nbgrader")).to_have_count(0)
    expect(page.get_by_text("For teachers")).to_have_count(0)
    expect(page.get_by_text("only shown")).to_have_count(0)  # the book's page says it; the app is for answering


# ---------------------------------------------------------------- one link for the class


def test_a_teachers_link_opens_the_same_exercise_for_everyone(page, voila_url, offline):
    ex = generate("durak.trumps", 7, 2)
    page.goto(voila_url + APP + "?kind=durak.trumps&seed=7&difficulty=2&lang=ru", timeout=60_000)
    expect(page.locator(".exercise-check")).to_be_visible(timeout=60_000)
    question = page.locator(".exercise-question")
    expect(question).to_contain_text("зерно 7, сложность: средне")
    expect(question).to_contain_text(ex.question("ru"))
    link = page.locator(".exercise-link a")
    expect(link).to_have_text("Ссылка на это упражнение")
    expect(link).to_have_attribute("href", "?kind=durak.trumps&seed=7&difficulty=2&lang=ru")
    page.locator(".exercise-another").click()  # the link follows the exercise on the screen
    expect(link).to_have_attribute("href", "?kind=durak.trumps&seed=8&difficulty=2&lang=ru")


def test_a_bad_link_says_what_it_cannot_use(page, voila_url, offline):
    page.goto(voila_url + APP + "?kind=durak.nothing&seed=7", timeout=60_000)
    expect(page.locator(".exercise-check")).to_be_visible(timeout=60_000)
    expect(page.locator(".exercise-notice")).to_contain_text(
        "the link asks for an exercise this chapter does not have ('durak.nothing')"
    )
    expect(page.locator(".exercise-question")).to_contain_text("seed 7, difficulty: easy")


# ---------------------------------------------------------------- the same exercise in the browser's Python

#: every kind's exercises made by the site's own Pyodide (32-bit WebAssembly), under Node
_DIGESTS_IN_PYODIDE = r"""
  console.log(py.runPython(ARGS[0]));
"""


#: the seeds of every kind and difficulty made in Pyodide: ``make test`` makes one,
#: ``make test-long`` two
PYODIDE_SEEDS = kept((0, 7), (7,))

#: one digest per exercise of all a student sees and is judged on
_DIGESTS = (
    f"SEEDS = {tuple(PYODIDE_SEEDS)!r}"
    + """
import hashlib, json
from rules.exercises import DIFFICULTIES, generate, kinds
digests = {}
for kind_id in kinds():
    coached = kind_id.endswith(".best_move")  # the coach reviews whole games: one exercise of it, the
    for seed in SEEDS[:1] if coached else SEEDS:  # hardest (its positions, with more moves, come soonest)
        for difficulty in DIFFICULTIES[-1:] if coached else DIFFICULTIES:
            ex = generate(kind_id, seed, difficulty)
            seen = (ex.question, ex.choices, ex.data, ex.solution, ex.solution_text, ex.reasons, ex.picture)
            digests[f"{kind_id} seed {seed} difficulty {difficulty}"] = hashlib.sha1(repr(seen).encode()).hexdigest()
json.dumps(digests)
"""
)


def test_the_browsers_python_makes_the_same_exercises(site_url):
    """The static site's Pyodide is 32-bit WebAssembly, where tuples hash differently: every kind,
    made there, must be the exercise CPython makes here."""
    done = in_sites_pyodide(_DIGESTS_IN_PYODIDE, _DIGESTS, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    in_pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    here: dict = {}
    exec(_DIGESTS.replace("json.dumps(digests)", "result = digests"), here)
    coached = sum(k.endswith(".best_move") for k in kinds())
    assert len(in_pyodide) == len(PYODIDE_SEEDS) * 3 * (len(kinds()) - coached) + coached > 0
    differ = sorted(name for name in here["result"] if here["result"][name] != in_pyodide.get(name))
    assert differ == [], f"{len(differ)} exercises differ in Pyodide, e.g. {differ[:5]}"
