"""The Joker rummy apps in Voila, in both languages, offline: the opening checker and the game."""

from __future__ import annotations

from playwright.sync_api import expect

CHECKER = "/voila/render/joker_rummy/checker.ipynb"
PLAY = "/voila/render/joker_rummy/play.ipynb"


def test_the_checker_finds_the_opening_and_the_gap(page, voila_url, offline):
    page.goto(voila_url + CHECKER, timeout=60_000)
    result = page.locator(".jr-check-result")
    expect(result).to_contain_text("59 ≥ 51: these cards open.", timeout=60_000)
    expect(result.locator(".jr-meld")).to_have_count(2)
    box = page.locator(".jr-check-cards input")
    box.fill("2C 3C 4C 5D 5S 5H KD")
    box.press("Enter")
    expect(result).to_contain_text("24: the best melds are worth 24 points, 27 short of the 51 an opening needs.")
    page.locator("button.jr-pick", has_text="K♠").click()
    page.locator("button.jr-pick", has_text="K♥").click()
    expect(result).to_contain_text("54 ≥ 51")
    box.fill("Z♠")
    box.press("Enter")
    expect(page.locator(".jr-checker .status-error")).to_contain_text("unknown rank")
    assert "from widgets.games.joker_rummy import" not in page.content(), "the app shows code"


def test_the_checker_speaks_russian(page, voila_url, offline):
    page.goto(voila_url + CHECKER + "?lang=ru", timeout=60_000)
    result = page.locator(".jr-check-result")
    expect(result).to_contain_text("59 ≥ 51: с этими картами можно выложиться.", timeout=60_000)
    box = page.locator(".jr-check-cards input")
    box.fill("Д♠ К♠ КДж")
    box.press("Enter")
    expect(result).to_contain_text("31: лучшие комбинации дают 31 очко, до 51 для первого действия не хватает 20.")


def test_the_game_draws_and_discards_and_the_bots_answer(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?seed=2026", timeout=60_000)
    status = page.locator(".rb-status")
    expect(status).to_contain_text("Player 1, your turn.", timeout=60_000)
    actions = page.locator(".rb-actions button")
    expect(actions.first).to_have_text("Draw from the stock")
    actions.first.click()
    # a card of the hand: it may be discarded, and perhaps melded; its moves appear by the hand
    page.locator(".rb-cards button.rb-legal").first.click()
    discard = page.locator(".rb-choices button", has_text="Discard")
    if not discard.count():  # a card whose one move is its discard: played by the tap
        discard = None
    entries = page.locator(".rb-log li")
    before = entries.count()
    if discard is not None:
        discard.first.click()
    expect(actions.first).to_have_text("Draw from the stock")
    if discard is not None:
        expect(entries).not_to_have_count(before)
    expect(page.locator(".rb-actions button")).to_have_count(2)  # the stock and the discard pile: never 22 buttons
    expect(page.locator(".rb-log a.rule-link").first).to_have_attribute("data-rule", "joker_rummy.deal")
    expect(page.locator(".rb-table .jr-piles")).to_contain_text("stock")


def test_the_game_speaks_russian(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?lang=ru&seed=2026", timeout=60_000)
    expect(page.locator(".rb-status")).to_contain_text("Игрок 1, ваш ход.", timeout=60_000)
    expect(page.locator(".rb-actions button").first).to_have_text("Взять из колоды")
    expect(page.locator(".rb-table .jr-piles")).to_contain_text("сток")
