"""Every play app played to its end as a person plays at a card table: by tapping the cards
(a card of one move plays it; a card of several shows them by the hand) and the buttons of
the moves that play no card (Take, Pass, Draw), on a phone and on a laptop, with settings
that keep a game short; one game by the keyboard alone. The end shows the result and Play
again on the first screen, without the move box, and axe finds nothing serious there.
``make test`` plays two of the games to their end by taps, ``make test-long`` all six."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TABLE_NOW, serious_accessibility_faults, tap_a_move
from tests.long import kept

#: settings that keep a game short: the fewest players, and the shortest match the options allow
SHORT = {
    "domimi": {"players": "2", "round_limit": "2"},
    "domino": {"players": "2"},
    "durak": {"players": "2"},
    "joker_rummy": {"players": "2", "deals": "1", "round_limit": "10"},
    "dummy_rummy": {"players": "2", "first_contract": "1", "last_contract": "1"},
    "minefield": {"players": "2"},
}
SIZES = {"phone": (360, 740), "laptop": (1280, 720)}
#: each game at one size, the sizes alternating (every game at both would double the file's run time);
#: ``make test`` plays one of them to the end: DoMiMi on a phone (cards with several moves each), beside
#: durak by keyboard below; the end screen is the shared view's, and every game's first moves by tapping
#: are its own browser test file's (tests/browser/test_<game>.py)
PLAYED = kept([(app, list(SIZES)[k % 2]) for k, app in enumerate(SHORT)], [("domimi", "phone")])
#: taps at most in one game (a bound: the short games above end in far fewer)
MOST_TAPS = 400


def _settled(page, quiet_ms: int = 600) -> None:
    """Until the table has not changed for ``quiet_ms`` (the bots' answers have all arrived)."""
    page.evaluate(
        """(ms) => new Promise((done) => {
          let timer;
          const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, ms); });
          const finish = () => { observer.disconnect(); done(); };
          observer.observe(document.querySelector('.rb-game'), {subtree: true, childList: true, characterData: true,
                                                                attributes: true});
          timer = setTimeout(finish, ms);
        })""",
        quiet_ms,
    )


def _watch(page) -> None:
    """Count the table's changes from now on (``window.rbChanges``)."""
    page.evaluate(
        """() => {
          window.rbChanges = 0;
          window.rbWatcher?.disconnect();
          window.rbWatcher = new MutationObserver(() => { window.rbChanges += 1; });
          window.rbWatcher.observe(document.querySelector('.rb-game'), {subtree: true, childList: true,
                                                                        characterData: true, attributes: true});
        }"""
    )


def _answered(page) -> None:
    """Until the table has changed since ``_watch`` (the kernel answered the tap; on a busy
    machine that can take seconds), then has stayed still a moment (the bots' moves came with it)."""
    page.wait_for_function("window.rbChanges > 0", timeout=30_000)
    _settled(page, 300)


def _open_short(page, voila_url, app: str, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{voila_url}/voila/render/{app}/play.ipynb?seed=7", timeout=90_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text("Player", timeout=90_000)
    page.locator(".rb-toggle-settings").click()
    for name, value in SHORT[app].items():
        control = page.locator(f".rb-option-{name} select, .rb-option-{name} input").first
        if control.evaluate("(e) => e.tagName") == "SELECT":
            control.select_option(label=value)
        else:
            control.fill(value)
            control.press("Tab")
    page.locator(".rb-new").click()
    expect(page.locator(".rb-drawer-settings")).to_be_hidden()
    _settled(page)


def _ended(page) -> bool:
    return page.locator(".rb-result-box").count() > 0


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
    _open_short(page, voila_url, app, SIZES[size])
    cards_tapped = 0
    for k in range(MOST_TAPS):
        if _ended(page):
            break
        _watch(page)
        pressed = tap_a_move(page, k)
        if not pressed:  # the page may still be drawing the last answer: once it has, a move or the end
            _settled(page, 2000)
            pressed = _ended(page) or tap_a_move(page, k)
            if pressed is True:
                break
        assert pressed, f"{app}: the game goes on, but no card and no button offers a move"
        cards_tapped += ":" in pressed  # a card's text: its name, then its move(s)
        _answered(page)
        assert page.locator(".rb-status .status-error").count() == 0, page.locator(".rb-status").inner_text()
    assert _ended(page), f"{app} did not end within {MOST_TAPS} taps"
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
    _open_short(page, voila_url, "durak", SIZES["phone"])
    page.locator(".rb-toggle-settings").focus()  # the keyboard starts at the top of the table
    for _ in range(MOST_TAPS):
        if _ended(page):
            break
        before = page.evaluate(f"() => {TABLE_NOW}")
        _key_move(page)
        _settled(page)
        if page.evaluate(f"() => {TABLE_NOW}") != before:  # a move was played: focus stays with the moves
            assert _focused(page, ".rb-cards, .rb-cards button, .rb-actions, .rb-actions button, .rb-again"), (
                page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
            )
    assert _ended(page), f"the game did not end within {MOST_TAPS} key moves"
    _tab_to(page, "button.rb-again")
    page.keyboard.press("Enter")
    expect(page.locator(".rb-result-box")).to_have_count(0)
