"""The Domino apps in Voila, offline: the placement board and a game against bots."""

from __future__ import annotations

import re

from playwright.sync_api import expect

PLAY = "/voila/render/domino/play.ipynb"
BOARD = "/voila/render/domino/board.ipynb"


def test_the_board_lights_up_the_cells_and_names_the_rule(page, voila_url, offline):
    attempts, errors = offline
    page.goto(voila_url + BOARD, timeout=60_000)
    cards = page.locator(".domino-board-cards").first
    expect(cards).to_be_visible(timeout=60_000)
    table = page.locator(".domino-board-table").first
    status = page.locator(".domino-board-status").first
    expect(table.locator("g.card")).to_have_count(3)  # Q♠, Q♣ below, J♣ to the left
    expect(status).to_contain_text("Choose a card")

    cards.locator("button", has_text="J♠").click()
    expect(table.locator(".hl-target")).to_have_count(1)
    expect(status).to_contain_text("J♠ may go: ↑ above")

    page.locator(".domino-board-where-down").first.click()
    expect(status.locator(".status-error")).to_contain_text("spades already have their row above J♣")
    expect(table.locator("g.card")).to_have_count(3)

    page.locator(".domino-board-where-up").first.click()
    expect(status).to_contain_text("J♠ laid")
    expect(table.locator("g.card")).to_have_count(4)
    expect(cards.locator("button", has_text="J♠")).to_have_count(0)

    content = page.content()
    assert "Traceback" not in content
    assert attempts == [], f"the app tried to reach the internet: {attempts}"
    assert not errors, errors


def test_a_game_against_bots_refuses_a_wrong_place_and_plays_on(page, voila_url, offline):
    attempts, errors = offline
    page.goto(voila_url + PLAY, timeout=60_000)
    status = page.locator(".domino-game-status")
    expect(status).to_contain_text("A1, your move", timeout=60_000)
    log = page.locator(".domino-game-log li")
    expect(log).to_have_count(2)  # seed 2026: B1 leads 8♦, B2 passes
    expect(log.first).to_contain_text("B1 leads 8♦")
    table = page.locator(".domino-game-table")
    expect(table.locator("g.card")).to_have_count(1)

    page.locator(".domino-game-cards button", has_text="9♦").click()
    expect(status).to_contain_text("9♦ may go: right →")
    expect(table.locator(".hl-target")).to_have_count(1)

    page.locator(".domino-game-where-up").click()
    expect(status.locator(".status-error")).to_contain_text("same suit")
    expect(log).to_have_count(2)

    page.locator(".domino-game-where-right").click()
    expect(log.nth(2)).to_contain_text("A1 lays 9♦ right of 8♦", timeout=30_000)
    expect(status).to_have_text(re.compile(r"your move|no card fits|Game over"), timeout=30_000)
    assert log.count() > 3
    expect(page.locator(".domino-game-log a").first).to_have_attribute("href", re.compile(r"rules\.html#domino-"))

    content = page.content()
    assert "from widgets.domino import" not in content, "the app shows code"
    assert "Traceback" not in content
    assert attempts == [], f"the app tried to reach the internet: {attempts}"
    assert not errors, errors


def test_the_game_opens_in_russian(page, voila_url, offline):
    attempts, errors = offline
    page.goto(voila_url + PLAY + "?lang=ru", timeout=60_000)
    expect(page.locator(".domino-game-status")).to_contain_text("А1, ваш ход", timeout=60_000)
    expect(page.locator(".domino-game-log li").first).to_contain_text("Б1 открывает взятку")
    assert attempts == [], f"the app tried to reach the internet: {attempts}"
    assert not errors, errors
