"""The Minefield app in Voila, and its page in the built book, offline."""

from __future__ import annotations

import re

from playwright.sync_api import expect

APP = "/voila/render/minefield/play.ipynb"


def test_the_app_draws_plays_a_scenario_and_finishes(page, voila_url, offline):
    page.goto(voila_url + APP + "?seed=2026", timeout=60_000)
    draw = page.locator("button.rb-action")
    expect(draw).to_have_text("Draw a barrel", timeout=60_000)
    field = page.locator(".minefield-field")
    expect(field.locator("td.mf-closed")).to_have_count(54)
    expect(page.locator(".minefield-next")).to_contain_text("Player 1 draws next")

    expect(page.locator(".rb-seat", has_text="(bot)")).to_have_count(2)  # one person and bots, as every game
    draw.click()
    expect(field.locator("td.mf-last")).to_have_count(1)
    expect(page.locator(".rb-log li", has_text="draws barrel")).to_have_count(3)  # the person's, then the bots'
    expect(page.locator(".rb-last li", has_text="draws a barrel")).to_have_count(2)  # the bots' since the person's
    expect(page.locator(".minefield-next")).to_contain_text("Player 1 draws next")

    # a scenario from the settings: the mine on the first move gives +1
    page.locator("button.rb-toggle-settings").click()
    page.locator(".rb-setup select").select_option(label="Mine on the first move")
    page.locator("button.rb-setup-go").click()
    expect(page.locator(".minefield-about")).to_contain_text("very first move")
    expect(page.locator(".rb-log li")).to_have_count(0)  # a fresh set-up: nothing has happened yet
    page.locator("button.rb-action").click()
    expect(page.locator(".rb-log li", has_text="The mine on the game's first move")).to_have_count(1)
    expect(page.locator(".mf-player[data-player='1'] .mf-score")).to_have_text("1")

    status = page.locator(".rb-status")
    page.locator("button.minefield-end").click()
    expect(status).to_contain_text("Game over", timeout=30_000)
    expect(field.locator("td.mf-closed")).to_have_count(0)
    expect(page.locator("button.rb-action")).to_have_count(0)
    expect(page.locator(".rb-log li", has_text="The last cell is open")).to_have_count(1)

    # the language switch: the same game, told in Russian
    page.locator("button.rb-toggle-settings").click()
    page.locator(".rb-language button", has_text="Русский").click()
    expect(status).to_contain_text("Партия окончена")
    expect(page.locator(".rb-log li", has_text="Открыта последняя ячейка")).to_have_count(1)
    expect(field.locator("td.mf-closed")).to_have_count(0)

    content = page.content()
    assert "from widgets.games.minefield import" not in content, "the app shows code"


def test_the_app_opens_in_russian(page, voila_url, offline):
    page.goto(voila_url + APP + "?lang=ru&seed=2026", timeout=60_000)
    draw = page.locator("button.rb-action")
    expect(draw).to_have_text("Вытянуть бочонок", timeout=60_000)
    expect(page.locator(".minefield-next")).to_contain_text("Тянет игрок 1")
    draw.click()
    expect(page.locator(".rb-log li", has_text=re.compile(r"вытягивает бочонок \d+: в ячейке"))).to_have_count(3)


def test_the_built_play_page_shows_the_saved_field_without_internet(page, book_url, offline):
    page.goto(book_url + "/book/minefield/play.html")
    # the saved page holds the game in both languages; the reader's one (English here) is shown
    expect(page.locator(".lang-en .minefield-field td.mf-closed")).to_have_count(54, timeout=30_000)
    expect(page.locator(".lang-ru .minefield-field td.mf-closed").first).to_be_hidden()
    links = page.locator("a.app-link")
    expect(links.first).to_have_attribute("href", re.compile(r"minefield/play\.html\?lang=en$"))
    expect(links.nth(1)).to_have_attribute("href", re.compile(r"minefield/play\.html\?lang=ru$"))
