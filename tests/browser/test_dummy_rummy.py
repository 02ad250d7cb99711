"""The Dummy rummy apps in Voila, in both languages: the meld checker and the game, offline."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

CHECKER = "/voila/render/dummy_rummy/checker.ipynb"
PLAY = "/voila/render/dummy_rummy/play.ipynb"
#: where the screenshots go when DUMMY_RUMMY_SHOTS names a folder (for a person to look at)
SHOTS = os.environ.get("DUMMY_RUMMY_SHOTS")


def _shot(page, name):
    if SHOTS:
        page.locator(".dr-checker, .rb-game").first.screenshot(path=f"{SHOTS}/{name}.png")


def test_the_checker_draws_the_arrangement_and_names_a_bad_card(page, voila_url, offline):
    page.goto(voila_url + CHECKER, timeout=60_000)
    answer = page.locator(".dr-answer")
    expect(answer).to_contain_text("Contract 2 (1 set of 3 and 1 run of 4) is made", timeout=60_000)
    expect(answer.locator("svg.cards")).to_have_count(3)  # the hand and the two melds
    box = page.locator(".dr-hand input")
    box.fill("K♠ A♥ 2♦ 3♣ 5♥ 5♣ 5♠ 9♦")
    box.press("Enter")
    expect(answer).to_contain_text("cannot be made")
    expect(answer.locator("a.rule-link").first).to_have_attribute(
        "href", re.compile(r"/book/dummy_rummy/rules\.html#dummy-rummy-contracts$")
    )
    box.fill("5♥ 5X")
    box.press("Enter")
    expect(page.locator(".dr-checker .status")).to_contain_text("unknown suit")
    _shot(page, "checker-en-desktop")


def test_the_checker_speaks_russian(page, voila_url, offline):
    page.goto(voila_url + CHECKER + "?lang=ru", timeout=60_000)
    answer = page.locator(".dr-answer")
    expect(answer).to_contain_text("Контракт 2", timeout=60_000)
    expect(answer).to_contain_text("собран")
    page.locator(".dr-contract select").select_option(label="11: 1 набор из 8 карт")
    expect(answer).to_contain_text("не собрать")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_game_plays_a_move_and_refuses_a_wrong_card(page, voila_url, offline, lang):
    page.goto(voila_url + PLAY + f"?lang={lang}&seed=2026", timeout=60_000)
    buttons = page.locator("button.rb-action")
    expect(buttons.first).to_be_visible(timeout=60_000)  # drawing, or a cut-in: moves without a card of the hand
    expect(page.locator(".rb-status")).to_contain_text("your turn" if lang == "en" else "ваш ход")
    log = page.locator(".rb-log li")
    before = log.count()
    buttons.first.click()
    expect(log).not_to_have_count(before)
    box = page.locator(".rb-typed input")
    box.fill("Z♦")
    box.press("Enter")
    expect(page.locator(".rb-status")).to_contain_text("unknown rank" if lang == "en" else "неизвестное достоинство")
    _shot(page, f"play-{lang}-desktop")


# the game at the link's deal: a fresh deal may open on a cut-in, decided by tapping a card (no button)
@pytest.mark.parametrize("app", [CHECKER, PLAY + "?seed=2026"])
def test_the_apps_fit_a_phone(page, voila_url, offline, app):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(voila_url + app, timeout=60_000)
    expect(page.locator(".dr-answer, button.rb-action").first).to_be_visible(timeout=60_000)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    _shot(page, f"{app.split('/')[-1].split('.')[0]}-phone")
    assert overflow <= 1, f"the page is {overflow} px wider than a phone"
