"""Every play app played to its end as a person plays at a card table: by tapping the cards
(a card of one move plays it; a card of several shows them by the hand) and the buttons of
the moves that play no card (Take, Pass, Draw), on a phone and on a laptop, with settings
that keep a game short; one game by the keyboard alone. The end shows the result and Play
again on the first screen, without the move box, and axe finds nothing serious there.
``make test`` plays two of the games to their end by taps, ``make test-long`` all six."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    DEVICES,
    MOST_TAPS,
    SHORT_GAMES,
    TABLE_NOW,
    game_over,
    open_short,
    play_by_taps,
    serious_accessibility_faults,
    settled,
)
from tests.long import kept

#: each game at one size, the sizes alternating (every game at both would double the file's run time);
#: ``make test`` plays one of them to the end: DoMiMi on a phone (cards with several moves each), beside
#: durak by keyboard below; the end screen is the shared view's, and every game's first moves by tapping
#: are its own browser test file's (tests/browser/test_<game>.py)
PLAYED = kept([(app, list(DEVICES)[k % 2]) for k, app in enumerate(SHORT_GAMES)], [("domimi", "phone")])


def _the_end_invites_the_next_game(page, where: str) -> None:
    result = page.locator(".rb-result-box")
    expect(result).to_contain_text("Game over")
    players = page.locator(".rb-seat").count()  # every seat, the viewer's included
    expect(result.locator("tbody tr")).to_have_count(players)
    again = page.locator("button.rb-again")
    expect(again).to_be_visible()
    box = again.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], f"{where}: {box}"
    expect(page.locator(".rb-typed")).to_be_hidden()
    serious = serious_accessibility_faults(page)
    assert serious == [], f"{where}: {serious}"
    again.click()
    expect(result).to_have_count(0)
    expect(page.locator(".rb-typed")).to_be_visible()


@pytest.mark.parametrize(("app", "size"), PLAYED)
def test_every_game_plays_to_its_end_by_tapping_the_cards(page, voila_url, offline, app, size):
    open_short(page, voila_url, app, DEVICES[size])
    cards_tapped = play_by_taps(page, app)
    if app != "minefield":  # Minefield's moves draw barrels: no card is held
        assert cards_tapped, f"{app}: no card was tapped"
    _the_end_invites_the_next_game(page, f"{app} on a {size}")


def _focused(page, selector: str) -> bool:
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)


def _tab_to(page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        if _focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} cannot be reached with Tab")


def _key_move(page) -> None:
    """One move with the keyboard alone: a move shown by the selected cards, else a card that plays
    (found with the arrow keys), else a move's button."""
    if page.locator(".rb-choices button").count():
        _tab_to(page, ".rb-choices button")
    elif page.locator(".rb-cards button.rb-legal").count():
        if not _focused(page, ".rb-cards, .rb-cards button"):
            _tab_to(page, ".rb-cards button")
        for _ in range(40):
            if _focused(page, ".rb-cards button.rb-legal"):
                break
            page.keyboard.press("ArrowRight")
        assert _focused(page, ".rb-cards button.rb-legal"), "the arrows do not reach a card that plays"
        label = page.evaluate("document.activeElement.textContent")
        assert ":" in label, f"a card without its move for a screen reader: {label!r}"
    else:
        _tab_to(page, ".rb-actions button")
    page.keyboard.press("Enter")


def test_a_game_plays_to_its_end_by_keyboard_alone_on_a_phone(page, voila_url, offline):
    open_short(page, voila_url, "durak", DEVICES["phone"])
    page.locator(".rb-toggle-settings").focus()  # the keyboard starts at the top of the table
    for _ in range(MOST_TAPS):
        if game_over(page):
            break
        before = page.evaluate(f"() => {TABLE_NOW}")
        _key_move(page)
        settled(page)
        if page.evaluate(f"() => {TABLE_NOW}") != before:  # a move was played: focus stays with the moves
            assert _focused(page, ".rb-cards, .rb-cards button, .rb-actions, .rb-actions button, .rb-again"), (
                page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
            )
    assert game_over(page), f"the game did not end within {MOST_TAPS} key moves"
    _tab_to(page, "button.rb-again")
    page.keyboard.press("Enter")
    expect(page.locator(".rb-result-box")).to_have_count(0)
