"""The coach as a reader meets it in a play app: H (or Hint) shows the three best moves, each with
its estimate and a link to its rule, in the reader's language, after a progress line, on a phone;
a game over offers Review, whose costliest moves each load their position again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import serious_accessibility_faults, tap_a_move
from tests.browser.test_play_by_cards import SIZES, _answered, _ended, _open_short, _settled, _watch

#: the words of the Durak coach's estimate, by language (rules/games/durak/coaching.py's unit)
UNIT = {"en": "chance of not being the fool", "ru": "шанс не остаться в дураках"}
#: JavaScript: from now on, whether the progress line ever showed in the hint's place
WATCH_BUSY = """() => {
  window.rbBusy = false;
  const panel = document.querySelector('.rb-hint-panel');
  new MutationObserver(() => { if (panel.querySelector('.rb-hint-busy')) window.rbBusy = true; })
    .observe(panel, {subtree: true, childList: true, characterData: true});
}"""
#: JavaScript: from now on, whether a review's progress bar ever showed
WATCH_BAR = """() => {
  window.rbBar = false;
  const panel = document.querySelector('.rb-hint-panel');
  new MutationObserver(() => { if (panel.querySelector('.rb-review-progress progress')) window.rbBar = true; })
    .observe(panel, {subtree: true, childList: true});
}"""
MOST_TAPS = 400


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
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    page.goto(f"{voila_url}/voila/render/durak/play.ipynb?seed=7&lang={lang}", timeout=90_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text("Player" if lang == "en" else "Игрок", timeout=90_000)
    _settled(page)
    hint = page.locator("button.rb-hint")
    expect(hint).to_have_text("Hint" if lang == "en" else "Подсказка")

    # an h typed in the move box is part of a card's name (9h: nine of hearts), not a call for the coach
    box = page.locator(".rb-typed input").first
    box.fill("")
    box.press("h")
    expect(box).to_have_value("h")
    assert page.locator(".rb-hint-text li").count() == 0
    box.fill("")

    page.evaluate(WATCH_BUSY)
    page.evaluate("document.activeElement.blur()")  # away from the box: the key is the page's
    page.keyboard.press("h")
    moves = page.locator(".rb-hint-text li")
    expect(moves).to_have_count(3, timeout=30_000)
    assert page.evaluate("window.rbBusy"), "no progress line while the coach thought"
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
    _open_short(page, voila_url, "durak", SIZES["phone"])
    for k in range(MOST_TAPS):
        if _ended(page):
            break
        _watch(page)
        if not tap_a_move(page, k):
            _settled(page, 2000)
            continue
        _answered(page)
    assert _ended(page), f"the game did not end within {MOST_TAPS} taps"
    expect(page.locator("button.rb-hint")).to_be_hidden()
    review = page.locator("button.rb-review")
    expect(review).to_be_visible()
    page.evaluate(WATCH_BAR)
    review.click()

    again = page.locator("button.rb-try-again")
    expect(again.first).to_be_visible(timeout=60_000)
    rows = page.locator(".rb-review-moves > *")
    assert 1 <= rows.count() <= 3
    for k in range(rows.count()):
        expect(rows.nth(k)).to_contain_text("percentage point")
        expect(rows.nth(k).locator("a[href]")).to_have_count(1)
    assert _fits_the_width(page, ".rb-review-moves > *") == []
    assert page.evaluate("window.rbBar"), "no bar of the moves gone through while the coach reviewed"
    expect(page.locator(".rb-review-progress progress")).to_have_count(0)
    serious = serious_accessibility_faults(page)
    assert serious == [], serious

    again.first.click()
    expect(page.locator(".rb-result-box")).to_have_count(0, timeout=30_000)
    expect(page.locator("button.rb-hint")).to_be_visible()
    expect(review).to_be_hidden()
    expect(page.locator(".rb-game .rb-status")).to_contain_text("Back before move ", timeout=30_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text("try another move")
