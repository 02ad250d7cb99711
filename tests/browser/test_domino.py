"""The Domino apps in Voila, offline: the placement board and a game against bots."""

from __future__ import annotations

import re

from playwright.sync_api import expect

PLAY = "/voila/render/domino/play.ipynb"
BOARD = "/voila/render/domino/board.ipynb"


def test_the_board_lights_up_the_cells_and_names_the_rule(page, voila_url, offline):
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


def test_the_game_starts_with_the_bots_moves_explained(page, voila_url, offline):
    page.goto(voila_url + PLAY, timeout=60_000)
    status = page.locator(".domino-game-status")
    # seed 2026: the lot gives team B the lead, so the bots move before A1
    expect(status).to_have_text(re.compile(r"A1(, your move|: no card fits)"), timeout=60_000)
    log = page.locator(".domino-game-log li")
    expect(log.first).to_contain_text("B1 leads")
    expect(page.locator(".domino-game-log a").first).to_have_attribute("href", re.compile(r"rules\.html#domino-"))
    expect(page.locator(".domino-game-table g.card")).not_to_have_count(0)

    content = page.content()
    assert "from widgets.games.domino import" not in content, "the app shows code"


def test_hot_seat_refuses_a_wrong_place_and_lays_a_right_one(page, voila_url, offline):
    page.goto(voila_url + PLAY, timeout=60_000)
    status = page.locator(".domino-game-status")
    expect(status).to_contain_text("A1", timeout=60_000)
    page.locator(".domino-game-hot-seat input").check()
    page.locator("button.domino-game-new").click()
    # seed 2026, every seat by hand: B1 leads
    expect(status).to_contain_text("B1, your move")
    log = page.locator(".domino-game-log li")
    expect(log).to_have_count(0)
    cards = page.locator(".domino-game-cards")
    table = page.locator(".domino-game-table")

    cards.locator("button", has_text="10♠").click()
    expect(status).to_contain_text("10♠ may go: first (empty table)")
    page.locator(".domino-game-where-left").click()
    expect(status.locator(".status-error")).to_contain_text("the table is empty")
    expect(status).to_contain_text("(rule: Placing a card next to the last one)")
    page.locator(".domino-game-where-first").click()
    expect(log).to_have_count(1)
    expect(log.first).to_contain_text("B1 leads 10♠")
    expect(status).to_contain_text("B2, your move")

    cards.locator("button", has_text="9♠").click()
    expect(table.locator(".hl-target")).to_have_count(1)
    page.locator(".domino-game-where-right").click()
    expect(status.locator(".status-error")).to_contain_text("right of 10♠ goes only J♠")
    expect(log).to_have_count(1)
    page.locator(".domino-game-where-left").click()
    expect(log.nth(1)).to_contain_text("B2 lays 9♠ left of 10♠")
    expect(table.locator("g.card")).to_have_count(2)


def test_the_game_opens_in_russian(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?lang=ru", timeout=60_000)
    expect(page.locator(".domino-game-status")).to_have_text(
        re.compile(r"А1(, ваш ход|: положить нечего)"), timeout=60_000
    )
    expect(page.locator(".domino-game-log li").first).to_contain_text("Б1 открывает взятку")
