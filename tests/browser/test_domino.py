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
    expect(status.locator(".status-error")).to_contain_text("spades already have their line above J♣")
    expect(table.locator("g.card")).to_have_count(3)

    page.locator(".domino-board-where-up").first.click()
    expect(status).to_contain_text("J♠ laid")
    expect(table.locator("g.card")).to_have_count(4)
    expect(cards.locator("button", has_text="J♠")).to_have_count(0)


def test_the_game_starts_with_the_bots_moves_explained(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?seed=2026", timeout=60_000)
    status = page.locator(".rb-status")
    # seed 2026: the lot gives team B the lead, so the bots move before A1
    expect(status).to_have_text("Player 1, your turn.", timeout=60_000)
    log = page.locator(".rb-log li")
    expect(log.first).to_contain_text("B1 leads 6♦")
    expect(page.locator(".rb-last")).to_contain_text("B2 lays 6♥ above 6♦")
    expect(page.locator(".rb-last a")).to_have_attribute("href", re.compile(r"rules\.html#domino-rows"))
    expect(page.locator(".rb-table g.card")).to_have_count(2)
    expect(page.locator(".rb-seat.rb-me")).to_contain_text("A1")  # the viewer's seat, by the hand

    content = page.content()
    assert "from widgets.games.domino import" not in content, "the app shows code"


def test_a_wrong_place_is_refused_with_its_rule_and_the_pass_is_played(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?seed=2026", timeout=60_000)
    status = page.locator(".rb-status")
    expect(status).to_have_text("Player 1, your turn.", timeout=60_000)
    # the hand once, its cards dimmed (none may go), and one Pass
    expect(page.locator(".rb-cards button")).to_have_count(9)
    expect(page.locator(".rb-cards button.rb-dim")).to_have_count(9)
    expect(page.locator("button", has_text="Pass")).to_have_count(1)
    page.locator(".rb-cards button", has_text="ace of spades").click()
    expect(status).to_contain_text("No move plays A♠ now")
    box = page.locator(".rb-typed input")
    box.fill("A♠ left")
    box.press("Enter")
    expect(status.locator(".status-error")).to_contain_text("nothing goes left of 6♥")
    expect(status).to_contain_text("(rule: Placing a card next to the last one)")
    expect(page.locator(".rb-table g.card")).to_have_count(2)
    page.locator("button.rb-action", has_text="Pass").click()
    expect(page.locator(".rb-log li").nth(2)).to_contain_text("A1 passes: no card can be placed")


def test_the_game_opens_in_russian(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?lang=ru&seed=2026", timeout=60_000)
    expect(page.locator(".rb-status")).to_have_text("Игрок 1, ваш ход.", timeout=60_000)
    expect(page.locator(".rb-log li").first).to_contain_text("Б1 открывает взятку")
