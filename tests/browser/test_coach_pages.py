"""The coach as a reader meets it in a play app: H (or Hint) shows the three best moves, each with
its estimate and a link to its rule, in the reader's language, after a progress line, on a phone;
a game over offers Review, whose costliest moves each load their position again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DEVICES, open_short, play_by_taps, serious_accessibility_faults, settled

#: the words of the Durak coach's estimate, by language (rules/games/durak/coaching.py's unit)
UNIT = {"en": "chance of not being the fool", "ru": "шанс не остаться в дураках"}


def _watch_for(page, selector: str) -> None:
    """From now on, remember whether ``selector`` ever showed in the coach's panel (``window.rbSeen``):
    a line or bar that is gone again by the time the coach has answered."""
    page.evaluate(
        """(s) => {
          window.rbSeen = false;
          const panel = document.querySelector('.rb-hint-panel');
          new MutationObserver(() => { if (panel.querySelector(s)) window.rbSeen = true; })
            .observe(panel, {subtree: true, childList: true, characterData: true});
        }""",
        selector,
    )


def _fits_the_width(page, selector: str) -> list[str]:
    """The parts of ``selector`` that reach past the window's right edge (none on a page that fits)."""
    return page.evaluate(
        """(s) => [...document.querySelectorAll(s)]
             .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
             .map((e) => e.textContent.slice(0, 60))""",
        selector,
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_h_shows_the_coachs_three_best_moves_with_their_rules_on_a_phone(page, voila_url, offline, lang):
    page.set_viewport_size({"width": DEVICES["phone"][0], "height": DEVICES["phone"][1]})
    page.goto(f"{voila_url}/voila/render/durak/play.ipynb?seed=7&lang={lang}", timeout=90_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text("Player" if lang == "en" else "Игрок", timeout=90_000)
    settled(page)
    hint = page.locator("button.rb-hint")
    expect(hint).to_have_text("Hint" if lang == "en" else "Подсказка")

    # an h typed in the move box is part of a card's name (9h: nine of hearts), not a call for the coach
    box = page.locator(".rb-typed input").first
    box.fill("")
    box.press("h")
    expect(box).to_have_value("h")
    assert page.locator(".rb-hint-text li").count() == 0
    box.fill("")

    _watch_for(page, ".rb-hint-busy")
    page.evaluate("document.activeElement.blur()")  # away from the box: the key is the page's
    page.keyboard.press("h")
    moves = page.locator(".rb-hint-text li")
    expect(moves).to_have_count(3, timeout=30_000)
    assert page.evaluate("window.rbSeen"), "no progress line while the coach thought"
    region = page.get_by_role(
        "region", name="The coach's best moves" if lang == "en" else "Лучшие ходы по мнению тренера"
    )
    expect(region).to_be_visible()
    for k in range(3):
        move = moves.nth(k)
        expect(move).to_contain_text(UNIT[lang])
        expect(move).to_contain_text("%")
        link = move.locator("a[href]")
        expect(link).to_have_count(1)
        assert "#" in (link.get_attribute("href") or ""), "a rule link points at the rule, not only its page"
    estimates = [int(t.split(UNIT[lang] + ": ")[1].split("%")[0]) for t in moves.all_text_contents()]
    assert estimates == sorted(estimates, reverse=True), estimates
    assert _fits_the_width(page, ".rb-hint-text li") == []
    serious = serious_accessibility_faults(page)
    assert serious == [], serious


def test_review_after_a_game_loads_a_costly_moves_position_again(page, voila_url, offline):
    open_short(page, voila_url, "durak", DEVICES["phone"])
    play_by_taps(page, "durak")
    expect(page.locator("button.rb-hint")).to_be_hidden()
    review = page.locator("button.rb-review")
    expect(review).to_be_visible()
    _watch_for(page, ".rb-review-progress progress")
    review.click()

    again = page.locator("button.rb-try-again")
    expect(again.first).to_be_visible(timeout=60_000)
    rows = page.locator(".rb-review-moves > *")
    assert 1 <= rows.count() <= 3
    for k in range(rows.count()):
        expect(rows.nth(k)).to_contain_text("percentage point")
        expect(rows.nth(k).locator("a[href]")).to_have_count(1)
    assert _fits_the_width(page, ".rb-review-moves > *") == []
    assert page.evaluate("window.rbSeen"), "no bar of the moves gone through while the coach reviewed"
    expect(page.locator(".rb-review-progress progress")).to_have_count(0)
    serious = serious_accessibility_faults(page)
    assert serious == [], serious

    again.first.click()
    expect(page.locator(".rb-result-box")).to_have_count(0, timeout=30_000)
    expect(page.locator("button.rb-hint")).to_be_visible()
    expect(review).to_be_hidden()
    expect(page.locator(".rb-game .rb-status")).to_contain_text("Back before move ", timeout=30_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text("try another move")
