"""The DoMiMi apps in Voila, offline: pick cards, see the options, choose one, play a turn."""

from __future__ import annotations

import re

from playwright.sync_api import expect

EXPLORER = "/voila/render/domimi/explorer.ipynb"
PLAY = "/voila/render/domimi/play.ipynb"


def test_the_explorer_lists_the_options_of_the_cards_picked(page, voila_url, book_url, offline):
    page.goto(voila_url + EXPLORER, timeout=60_000)
    revealed = page.locator(".domimi-revealed input").first
    expect(revealed).to_be_visible(timeout=60_000)
    status = page.locator(".domimi-status").first
    expect(status).to_contain_text(re.compile(r"\d+ options?,"))
    first_hand = status.inner_text()
    revealed.fill("6♦ 2♥ 9♥")
    revealed.press("Enter")
    # the count of the new hand, written last, says the whole answer has reached the page
    expect(status).not_to_have_text(first_hand)
    expect(status).to_contain_text(re.compile(r"\d+ options?,"))
    group = page.locator(".domimi-group select").first
    expect(group.locator("option", has_text="buy J♥")).to_have_count(1)
    group.select_option(label="buy J♥ (1)")
    detail = page.locator(".domimi-detail").first
    expect(detail).to_contain_text("9♥+6♦ = 15 ≥ 15: buys J♥")
    expect(detail).to_contain_text("May go back: 2♥")
    link = detail.locator("a.rule-link")
    expect(link).to_have_attribute("href", f"{book_url}/book/domimi/rules.html#domimi-buy")
    expect(page.locator(".domimi-field").first.locator(".hl-take")).to_have_count(1)
    expect(page.locator(".domimi-hand").first.locator(".hl-pay")).to_have_count(2)

    # a wrong card: a message, and the options stay as they were
    revealed.fill("6♦ 2♥ 9X")
    revealed.press("Enter")
    expect(status).to_contain_text("9X")
    expect(detail).to_contain_text("buys J♥")

    content = page.content()
    assert "from widgets.games.domimi import" not in content, "the app shows code"
    # the worked examples are drawn as cards, not printed as the markup's text
    expect(page.locator(".domimi-example").first).to_be_attached()
    assert "&lt;div class=" not in content, "the app prints markup as text"

    # the rule link leads to the rule's section of the served book
    page.goto(link.get_attribute("href"))
    expect(page.locator("#domimi-buy")).to_be_attached()


def test_the_game_plays_a_turn_with_the_buttons(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?seed=2026", timeout=60_000)
    status = page.locator(".rb-status")
    expect(status).to_have_text("Player 1, your turn.", timeout=60_000)
    card = page.locator(".rb-cards button.rb-legal")
    expect(card).to_have_count(2)  # two of the cards revealed are in the one collect offered
    expect(card.first).to_contain_text("collect A♥+2♥ → 3♥")  # the card's one move, as a screen reader hears it
    card = card.first
    expect(page.locator(".rb-table .domimi-battery svg")).to_have_count(1)
    expect(page.locator(".rb-cards button")).to_have_count(3)
    before = page.locator(".rb-log li").count()
    box = page.locator(".rb-typed input")
    box.fill("3♥")  # the card the hint names: the move that plays it
    box.press("Enter")
    expect(page.locator(".rb-log li")).not_to_have_count(before)
    expect(page.locator(".rb-log")).to_contain_text("Player 1: A♥+2♥ = 3 = 3♥: collecting move")
    expect(status).to_have_text("Player 1, your turn.")
    page.locator("button.rb-undo").click()
    expect(status).to_contain_text("Took back")
    page.locator("button.rb-toggle-files").click()
    page.locator("button.rb-save").click()
    expect(page.locator(".rb-json textarea")).to_have_value(re.compile('"game": "domimi"'))


def test_the_game_opens_in_russian(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?lang=ru&seed=2026", timeout=60_000)
    expect(page.locator(".rb-status")).to_have_text("Игрок 1, ваш ход.", timeout=60_000)
    expect(page.locator(".rb-cards button.rb-legal").first).to_contain_text("собрать Т♥+2♥ → 3♥")
