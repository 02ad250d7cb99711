"""The Minefield app in Voila, and its page in the built book, offline."""

from __future__ import annotations

import re

from playwright.sync_api import expect

APP = "/voila/render/minefield/play.ipynb"


def test_the_app_draws_plays_a_scenario_and_finishes(page, voila_url, offline):
    page.goto(voila_url + APP, timeout=60_000)
    draw = page.locator("button.minefield-draw")
    expect(draw).to_be_visible(timeout=60_000)
    field = page.locator(".minefield-field")
    expect(field.locator("td.mf-closed")).to_have_count(54)
    status = page.locator(".minefield-status")
    expect(status).to_contain_text("Player 1 draws next")

    draw.click()
    expect(field.locator("td.mf-last")).to_have_count(1)
    expect(page.locator(".minefield-log li.mf-open")).to_have_count(1)
    expect(page.locator(".minefield-opened g.card")).to_have_count(2)

    # the scenario menu: the mine on the first move gives +1
    page.locator(".minefield-scenario select").select_option(label="Mine on the first move")
    expect(page.locator(".minefield-about")).to_contain_text("very first move")
    expect(page.locator(".minefield-log li")).to_have_count(0)
    draw.click()
    expect(page.locator(".minefield-log li.mf-mine_first")).to_have_count(1)
    expect(page.locator(".mf-player[data-player='1'] .mf-score")).to_have_text("1")

    page.locator("button.minefield-end").click()
    expect(status).to_contain_text("Game over", timeout=30_000)
    expect(field.locator("td.mf-closed")).to_have_count(0)
    expect(draw).to_be_disabled()
    expect(page.locator(".minefield-log li.mf-end")).to_have_count(1)

    # the language switch: the same game, told in Russian
    page.locator(".minefield-lang button", has_text="Русский").click()
    expect(status).to_contain_text("Игра окончена")
    expect(page.locator(".minefield-log li.mf-end")).to_contain_text("Открыта последняя ячейка")
    expect(field.locator("td.mf-closed")).to_have_count(0)

    content = page.content()
    assert "from widgets.games.minefield import" not in content, "the app shows code"


def test_the_app_opens_in_russian(page, voila_url, offline):
    page.goto(voila_url + APP + "?lang=ru", timeout=60_000)
    draw = page.locator("button.minefield-draw")
    expect(draw).to_have_text("Вытянуть бочонок", timeout=60_000)
    expect(page.locator(".minefield-status")).to_contain_text("Тянет игрок 1")
    draw.click()
    expect(page.locator(".minefield-log li.mf-open")).to_contain_text("вытягивает бочонок")


def test_the_built_play_page_shows_the_saved_field_without_internet(page, book_url, offline):
    page.goto(book_url + "/book/minefield/play.html")
    expect(page.locator(".minefield-field td.mf-closed")).to_have_count(54, timeout=30_000)
    links = page.locator("a.app-link")
    expect(links.first).to_have_attribute("href", re.compile(r"minefield/play\.html\?lang=en$"))
    expect(links.nth(1)).to_have_attribute("href", re.compile(r"minefield/play\.html\?lang=ru$"))
