"""Every play app as a card table, in Voila: at phone, desktop and projector widths, in
both languages, nothing is cut off or overlaps, and the card that glows after a move is
the card that move played."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rules.cards import parse_cards

ROOT = Path(__file__).resolve().parents[2]
APPS = sorted(p.parent.name for p in ROOT.glob("book/*/play.ipynb"))
WIDTHS = (360, 1280, 1920)
SHOTS = ROOT / "test-results" / "table"

#: JavaScript: what a reader would see as broken on the page
LAYOUT_PROBLEMS = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
  const seats = [...document.querySelectorAll('.rb-seat')].map(e => e.getBoundingClientRect());
  seats.forEach((a, i) => seats.slice(i + 1).forEach(b => {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push('two seats overlap');
  }));
  for (const b of document.querySelectorAll('.rb-game button, .rb-game .widget-label')) {
    if (b.offsetParent === null) continue;
    if (b.scrollWidth > b.clientWidth + 2) out.push(`cut label: ${b.textContent.trim().slice(0, 40)}`);
    const r = b.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) out.push(`off the screen: ${b.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""


def _open(page, voila_url, app, lang, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{voila_url}/voila/render/{app}/play.ipynb?lang={lang}", timeout=90_000)
    expect(page.locator(".rb-game .rb-seat").first).to_be_visible(timeout=90_000)


def test_there_are_play_apps():
    assert APPS, "no book/*/play.ipynb found"


@pytest.mark.parametrize("app", APPS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_holds_from_a_phone_to_a_projector(page, voila_url, offline, app, lang):
    SHOTS.mkdir(parents=True, exist_ok=True)
    _open(page, voila_url, app, lang, WIDTHS[0])
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        if width == 1920:  # the projector setting, as a teacher would switch it on
            page.locator(".rb-game .jupyter-widget-Collapse-header").first.click()
            page.locator(".rb-projector-toggle input").check()
            expect(page.locator(".rb-game.rb-projector")).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{app}-{lang}-{width}.png"), full_page=True)
        problems = page.evaluate(LAYOUT_PROBLEMS)
        assert problems == [], f"{app} at {width} px in {lang}: {problems}"
    word = {"en": "Player 1", "ru": "Игрок 1"}[lang]
    expect(page.locator(".rb-seat").first).to_contain_text(word)


@pytest.mark.parametrize("app", APPS)
def test_the_card_that_glows_is_the_card_just_played(page, voila_url, offline, app):
    _open(page, voila_url, app, "en", 1280)
    page.locator(".rb-game .jupyter-widget-Collapse-header").first.click()
    page.locator(".rb-speed select").select_option(label="Step by step")
    buttons = page.locator("button.rb-action")
    expect(buttons.first).to_be_visible(timeout=30_000)
    chosen, named = buttons.first, []
    for i in range(buttons.count()):
        cards = _cards_named(buttons.nth(i).get_attribute("title") or "")
        if cards:
            chosen, named = buttons.nth(i), cards
            break
    before = page.locator(".rb-last-move").inner_text()
    chosen.click()
    expect(page.locator(".rb-last-move")).not_to_have_text(before)
    if not named:
        return  # a move that plays no card the reader may see (drawing a barrel, a card from the stock)
    glowing = page.locator(".rb-game .hl-last")
    expect(glowing.first).to_be_attached()
    cards = page.locator(".rb-game g.card.hl-last")
    for k in range(cards.count()):
        classes = cards.nth(k).get_attribute("class")
        assert any(_card_class(c) in classes for c in named), f"{app}: {classes} glows, but the move played {named}"


def _cards_named(text: str) -> list:
    found = []
    for token in re.findall(r"(?:10|[2-9AJQK])[♠♣♥♦]|RJ|BJ", text):
        found.extend(parse_cards(token))
    return list(dict.fromkeys(found))


def _card_class(card) -> str:
    if card.is_joker:
        return f"joker-{card.joker.value}"
    return f"rank-{str(card)[:-1]} suit-{card.suit.name_in('en')}"
