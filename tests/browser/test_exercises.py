"""The practice apps in Voila: answer, be checked by the engine, get another one, keep the score; offline."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from rules.exercises import generate

APP = "/voila/render/durak/practice.ipynb"


def test_a_student_answers_in_russian_and_gets_another_one(page, voila_url, offline):
    page.goto(voila_url + APP + "?lang=ru", timeout=60_000)
    check = page.locator(".exercise-check")
    expect(check).to_be_visible(timeout=60_000)
    expect(page.locator(".exercise-question")).to_contain_text("вариант 1, сложность 1")

    ex = generate("durak.beats", 1, 1)  # the page's first exercise: seed 1, easy
    answer = {"yes": "да", "no": "нет"}[ex.solution]
    page.locator(".exercise-answer").get_by_role("button", name=answer, exact=True).click()
    check.click()
    verdict = page.locator(".exercise-verdict")
    expect(verdict).to_contain_text("Верно.")
    expect(verdict.locator("a.rule-link")).to_have_attribute("href", re.compile(r"/book/durak/rules\.html#durak-"))
    expect(page.locator(".exercise-score")).to_contain_text("Ответов 1, верных 1, серия 1")

    page.locator(".exercise-another").click()
    expect(page.locator(".exercise-question")).to_contain_text("вариант 2")
    expect(page.locator(".exercise-seed input")).to_have_value("2")
    link = page.locator("a.exercise-report-link")
    expect(link).to_have_attribute("download", "exercises-report.html")
    expect(link).to_have_attribute("href", re.compile(r"^data:text/html;charset=utf-8;base64,"))


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


def test_the_practice_app_fits_a_phone(page, voila_url, offline):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(voila_url + "/voila/render/domino/practice.ipynb", timeout=60_000)
    expect(page.locator(".exercise-check")).to_be_visible(timeout=60_000)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"the page is {overflow} px wider than a phone"
