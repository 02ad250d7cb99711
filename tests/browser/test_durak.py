"""The Durak apps in Voila: the beat explorer and the game, offline."""

from __future__ import annotations

from playwright.sync_api import expect

EXPLORER = "/voila/render/durak/explorer.ipynb"
PLAY = "/voila/render/durak/play.ipynb"


def test_the_beat_explorer_lights_the_cards_that_beat(page, voila_url, offline):
    page.goto(voila_url + EXPLORER, timeout=60_000)
    trump = page.locator(".durak-trump select")
    expect(trump).to_be_visible(timeout=60_000)
    grid = page.locator(".durak-beaters")
    # the black joker turned up, 8♠ led: all higher spades and clubs (not 8♣) and the black joker
    expect(grid.locator("g.card.hl-take")).to_have_count(13)
    expect(grid.locator("g.card.rank-9.suit-clubs.hl-take")).to_have_count(1)
    expect(grid.locator("g.card.rank-8.suit-clubs.hl-take")).to_have_count(0)
    expect(page.locator(".durak-reasons")).to_contain_text("9♣ beats 8♠")

    trump.select_option(label="7♥ — seven of hearts")
    page.locator(".durak-attack select").select_option(label="A♥ — ace of hearts")
    # the ace of trumps: only the red joker, the highest card, beats it
    expect(grid.locator("g.card.hl-take")).to_have_count(1)
    expect(grid.locator("g.card.joker-red.hl-take")).to_have_count(1)
    expect(page.locator(".durak-reasons")).to_contain_text("the red joker is the highest card in the game")
    expect(page.locator(".durak-status")).to_contain_text("Trump card 7♥")

    page.locator(".durak-pack button", has_text="52").click()
    expect(grid.locator("g.card")).to_have_count(54)
    # back to 36 cards with the 2♣ turned up: the explorer says what it had to change
    trump.select_option(label="2♣ — two of clubs")
    page.locator(".durak-pack button", has_text="36").click()
    expect(grid.locator("g.card")).to_have_count(38)
    expect(page.locator(".durak-status")).to_contain_text("2♣ is not in the 36-card pack: 6♣ instead")

    content = page.content()
    assert "from widgets.games.durak import" not in content, "the app shows code"


def test_the_game_plays_a_move_and_refuses_a_wrong_card(page, voila_url, offline):
    page.goto(voila_url + PLAY + "?seed=2026", timeout=60_000)  # the link's deal: player 1 defends against 6♣
    cards = page.locator(".rb-cards button.rb-legal")
    expect(cards.first).to_be_visible(timeout=60_000)
    expect(page.locator(".durak-info")).to_contain_text("Trump")
    expect(page.locator(".rb-actions button")).to_have_text(["Take"])  # the one move without a card
    log = page.locator(".rb-log li")
    before = log.count()
    cards.first.click()  # a card that beats 6♣ in one way: played by the tap
    expect(log).not_to_have_count(before)
    box = page.locator(".rb-typed input")
    box.fill("Z♦")
    box.press("Enter")
    expect(page.locator(".rb-status")).to_contain_text("unknown rank")


def test_the_explorer_speaks_russian_when_the_address_asks(page, voila_url, offline):
    page.goto(voila_url + EXPLORER + "?lang=ru", timeout=60_000)
    expect(page.locator(".durak-status")).to_contain_text("Козырь ЧДж", timeout=60_000)
    expect(page.locator(".durak-reasons")).to_contain_text("9♣ бьёт 8♠")
