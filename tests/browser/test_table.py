"""Every play app as a card table, in Voila, as a reader meets it on a phone (360×740), a
laptop (1280×720) and a classroom's projector (1920×1080, the projector setting on): in one
language, with the viewer's hand, the move buttons and the status line on the first screen
(at the start and after 20 moves), no text under 11 px on the phone, nothing cut off, every
control usable from the keyboard, and the card that glows after a move is the card that move
played. Screenshots of every app looked at, at every size, are kept in _build/screenshots/table/.
``make test`` looks at two of the apps from a phone to a projector, ``make test-long`` at all six."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rules.cards import parse_cards
from tests.browser.conftest import next_frames, serious_accessibility_faults, settled, tap_a_move
from tests.long import kept

ROOT = Path(__file__).resolve().parents[2]
APPS = sorted(p.parent.name for p in ROOT.glob("book/*/play.ipynb"))
SIZES = ((360, 740), (1280, 720), (1920, 1080))
PHONE = SIZES[0]
SHOTS = ROOT / "_build" / "screenshots" / "table"
MOVES = 20

#: JavaScript: what a reader would see as broken on the page
LAYOUT_PROBLEMS = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    out.push(`the page scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}`);
  }
  const seats = [...document.querySelectorAll('.rb-seat')].map(e => e.getBoundingClientRect());
  const overlap = (a, b) =>
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  seats.forEach((a, i) => seats.slice(i + 1).forEach(b => {
    if (overlap(a, b)) out.push('two seats overlap');
  }));
  for (const b of document.querySelectorAll('.rb-game button, .rb-game .widget-label')) {
    if (b.offsetParent === null) continue;
    // a card's words are for screen readers: its face is its picture
    if (!b.classList.contains('rb-card') && b.scrollWidth > b.clientWidth + 2) {
      out.push(`cut label: ${b.textContent.trim().slice(0, 40)}`);
    }
    const r = b.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) out.push(`off the screen: ${b.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""

#: JavaScript: the parts of the table that must be on the first screen, and where they are
FIRST_SCREEN = """() => {
  const box = (selector) => {
    const e = document.querySelector(selector);
    if (!e || !e.checkVisibility()) return null;
    const r = e.getBoundingClientRect();
    return r.height ? {top: Math.round(r.top), bottom: Math.round(r.bottom)} : null;
  };
  // the moves: their buttons, else the hand's cards, else (a finished game) Play again
  return {hand: box('.rb-game .rb-hand'),
          moves: box('.rb-game .rb-actions:has(button)') || box('.rb-game .rb-hand') || box('.rb-game .rb-again'),
          status: box('.rb-game .rb-status'),
          seat: box('.rb-game .rb-me'), height: window.innerHeight};
}"""

#: JavaScript: every piece of text a reader sees (HTML and SVG), its size in CSS px and its words
VISIBLE_TEXT = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, text = node.nodeValue.trim(), el = node.parentElement;
    // a card's words are for screen readers (transparent): its face is its picture
    if (!text || !el || el.closest('script, style, title, noscript, [aria-hidden="true"], .rb-card')) continue;
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const visible = rects.some(r => r.bottom > 0 && r.right > 0 && r.left < window.innerWidth);
    if (!visible) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      const ctm = el.getScreenCTM();
      size = size * Math.hypot(ctm.a, ctm.b);
    }
    out.push({text, size: Math.round(size * 10) / 10, lang: el.closest('[lang]')?.lang || '',
              switch: !!el.closest('.rb-lang-switch, .rb-language')});
  }
  return out;
}"""

#: words of the other language a page may show: a Russian term the English text teaches, a card
#: in Russian notation (typed moves accept it), the name of a game, cards typed in Latin letters
ALLOWED = {
    "en": re.compile(r"«[^»]*»|[ВДКТ][♠♣♥♦]|[КЧ]Дж"),
    "ru": re.compile(r"\b(Dummy|rummy|JSON|RJ|BJ|[2-9]?[SCHD])\b"),
}
OTHER = {"en": re.compile(r"[\u0400-\u04ff]"), "ru": re.compile(r"[A-Za-z]{2,}")}


def _open(page, voila_url, app, lang, size=PHONE, seed=None):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    deal = "" if seed is None else f"&seed={seed}"
    page.goto(f"{voila_url}/voila/render/{app}/play.ipynb?lang={lang}{deal}", timeout=90_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text({"en": "Player", "ru": "Игрок"}[lang], timeout=90_000)
    page.wait_for_timeout(300)


def _projector(page, on: bool) -> bool:
    """The projector setting, switched as a teacher would: in the Settings drawer; whether it changed."""
    if page.locator(".rb-game.rb-projector").count() == int(on):
        return False
    page.locator(".rb-toggle-settings").click()
    box = page.locator(".rb-projector-toggle input")
    box.check() if on else box.uncheck()
    page.locator(".rb-toggle-settings").click()
    expect(page.locator(".rb-game.rb-projector")).to_have_count(int(on))
    return True


def _look(page, app, lang, stage):
    """The page at each size: the table on the first screen, nothing broken, one language."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if _projector(page, width >= 1920):
            settled(page, 300)  # the table redrawn for the projector has all arrived
        next_frames(page)  # and has been fitted to the new size (table.js, in the frame after a resize)
        page.evaluate("document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; })")
        page.screenshot(path=str(SHOTS / f"{app}-{lang}-{width}-{stage}.png"))
        where = f"{app} in {lang} at {width}×{height}, {stage}"
        assert page.evaluate(LAYOUT_PROBLEMS) == [], where
        parts = page.evaluate(FIRST_SCREEN)
        for name in ("moves", "status", "seat") + (("hand",) if parts["hand"] else ()):
            box = parts[name]
            assert box is not None, f"{where}: no {name}"
            assert box["top"] >= 0 and box["bottom"] <= parts["height"], (
                f"{where}: the {name} is off the first screen: {box}"
            )
        texts = page.evaluate(VISIBLE_TEXT)
        assert texts, where
        # the language switch names both languages, each in its own (as the book's header does)
        foreign = [t["text"] for t in texts if not t["switch"] and OTHER[lang].search(ALLOWED[lang].sub("", t["text"]))]
        assert foreign == [], f"{where}: text of the other language: {foreign[:5]}"
        if (width, height) == PHONE:
            small = [(t["text"][:30], t["size"]) for t in texts if t["size"] < 11]
            assert small == [], f"{where}: text under 11 px: {small[:8]}"


def _play(page, moves: int) -> int:
    """Play as a reader would, by the cards (a different one each time) and the buttons; the moves played."""
    played = 0
    for k in range(moves * 3):  # a tap that only selects a card shows its moves: the next tap plays one
        if played == moves:
            break
        before = page.evaluate(f"() => {NOW}")
        if not tap_a_move(page, k * 7):
            settled(page, 300)  # the page may have been redrawing the hand: look once more
            if not tap_a_move(page, k * 7):
                break
        settled(page, 300)
        played += page.evaluate(f"() => {NOW}") != before
    return played


def test_there_are_play_apps():
    assert len(APPS) == 6, APPS


#: the language each app is opened in; the other is switched to in place (the apps alternate,
#: so each language is checked after 20 moves on half of them and at the start on all)
FIRST_LANG = {app: ("en", "ru")[i % 2] for i, app in enumerate(APPS)}
OTHER_LANG = {"en": "ru", "ru": "en"}
TITLE_END = {"en": " · play", "ru": " · игра"}


def _switch_language(page, lang):
    """The page's language switch, as a reader presses it: the game is redrawn in place."""
    page.locator(f".rb-lang-switch button[data-set-lang='{lang}']").click()
    expect(page.locator(".rb-game .rb-status")).to_contain_text({"en": "Player", "ru": "Игрок"}[lang])
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert page.title().endswith(TITLE_END[lang]), page.title()
    settled(page, 300)


def _intro_is_folded(page, lang):
    """The introduction is one line, How to play, that opens by keyboard, in the page's language."""
    toggle = page.locator("button.rb-intro-toggle")
    expect(toggle).to_have_text({"en": "How to play", "ru": "Как играть"}[lang])
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#rb-intro")).to_be_hidden()
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    shown = page.locator("#rb-intro").inner_text()
    assert shown.strip() and not OTHER[lang].search(ALLOWED[lang].sub("", shown)), shown[:300]
    page.keyboard.press("Enter")
    expect(page.locator("#rb-intro")).to_be_hidden()
    heading = page.locator(".jp-RenderedMarkdown h1").inner_text()
    assert "·" not in heading and not OTHER[lang].search(ALLOWED[lang].sub("", heading)), heading


#: the app ``make test`` looks at from a phone to a projector: joker rummy (opened in English,
#: then in Russian: the most crowded table, melds on it and a long hand); ``make test-long`` looks at all six
FIRST_SCREEN_APPS = kept(APPS, ("joker_rummy",))


@pytest.mark.parametrize("app", FIRST_SCREEN_APPS)
def test_the_table_is_the_first_screen_from_a_phone_to_a_projector(page, voila_url, offline, app):
    """In both languages at the start, and after 20 moves, at the three sizes; no serious axe fault."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    first = FIRST_LANG[app]
    second = OTHER_LANG[first]
    _open(page, voila_url, app, first)
    assert page.evaluate("document.documentElement.lang") == first
    assert page.title().endswith(TITLE_END[first]), page.title()
    _intro_is_folded(page, first)
    # one main landmark holds the title, the language switch and the table (axe's "region")
    assert page.locator("[role=main] .rb-lang-switch, [role=main] .rb-table").count() >= 2
    serious = serious_accessibility_faults(page)
    assert serious == [], f"{app} on a phone: {serious}"
    _look(page, app, first, "start")
    _switch_language(page, second)
    _look(page, app, second, "start")
    page.set_viewport_size({"width": 1280, "height": 720})
    _projector(page, False)
    assert _play(page, MOVES) >= 1
    _look(page, app, second, f"after-{MOVES}-moves")


def test_the_language_switches_in_place_keeping_the_game_and_is_remembered(page, voila_url, offline):
    _open(page, voila_url, "durak", "en", (1280, 720), seed=2026)
    hand = page.locator(".rb-cards button").evaluate_all("(cards) => cards.map((c) => c.className)")
    page.locator(".rb-lang-switch button[data-set-lang='ru']").click()
    expect(page.locator(".rb-status")).to_have_text("Игрок 1, ваш ход.")
    assert page.evaluate("document.documentElement.lang") == "ru" and "lang=ru" in page.url
    expect(page).to_have_title("Дурак · игра")
    same = page.locator(".rb-cards button").evaluate_all("(cards) => cards.map((c) => c.className)")
    assert same == hand, "the same game, redrawn"
    expect(page.locator(".jp-RenderedMarkdown h1")).to_have_text("Играть в дурака", use_inner_text=True)
    # the choice is remembered: the address without ?lang= opens in Russian
    page.goto(f"{voila_url}/voila/render/durak/play.ipynb", timeout=90_000)
    expect(page.locator(".rb-game .rb-status")).to_have_text("Игрок 1, ваш ход.", timeout=90_000)
    assert "lang=ru" in page.url


def _tab_to(page, selector: str, limit: int = 80):
    """Press Tab until the focus is on ``selector``; fail if it never gets there."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} cannot be reached with Tab")


#: JavaScript: the focused control's ring and its contrast with what is around it
FOCUS_RING = """() => {
  const e = document.activeElement, cs = getComputedStyle(e);
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let n = e.parentElement, behind = 'rgb(255, 255, 255)';
  while (n) {
    const bg = getComputedStyle(n).backgroundColor;
    if (bg && !bg.includes('rgba(0, 0, 0, 0)') && bg !== 'transparent') { behind = bg; break; }
    n = n.parentElement;
  }
  const [a, b] = [lum(rgb(cs.outlineColor)), lum(rgb(behind))];
  const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return {width: parseFloat(cs.outlineWidth), style: cs.outlineStyle, contrast};
}"""


#: JavaScript: what changes on the table when a move is played (the last move and the hand)
NOW = "document.querySelector('.rb-last-move').textContent + document.querySelector('.rb-hand-box').innerHTML"


#: the keyboard is the shared view's: three tables of different shapes (a hand, a field of cards
#: and a hand, a field of cells and no hand) stand for all six in ``make test-long``; ``make test``
#: takes the field of cards and a hand (DoMiMi)
KEYBOARD_APPS = kept(("domimi", "durak", "minefield"), ("domimi",))
#: a move the keyboard reaches: a card with one move (a card of several only shows them), or a move's button
MOVE = ".rb-cards button.rb-legal:not([title$=' moves']), button.rb-action"


@pytest.mark.parametrize("app", KEYBOARD_APPS)
def test_new_game_and_undo_work_by_keyboard_alone(page, voila_url, offline, app):
    _open(page, voila_url, app, "en", (1280, 720), seed=2026)
    start = page.evaluate(f"() => {NOW}")

    def now():
        return page.evaluate(f"() => {NOW}")

    # a move by keyboard (a card of one move, or a move's button): focus then rests on the hand's group or
    # the group of moves, not on a relabelled button
    _tab_to(page, MOVE)
    ring = page.evaluate(FOCUS_RING)
    assert ring["style"] != "none" and ring["width"] >= 2 and ring["contrast"] >= 3, ring
    page.keyboard.press("Enter")
    page.wait_for_function(f"(s) => {NOW} !== s", arg=start)
    settled(page, 300)
    assert page.evaluate("document.activeElement.matches('.rb-actions, .rb-cards')"), "focus left the moves"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") in ("Your moves", "Hand of Player 1")
    page.keyboard.press("Enter")  # a second Enter plays nothing
    page.wait_for_timeout(500)
    played = now()

    # Undo takes the move back
    _tab_to(page, "button.rb-undo")
    page.keyboard.press("Enter")
    page.wait_for_function(f"(s) => {NOW} === s", arg=start)

    # the move again, then New game from the Settings drawer
    _tab_to(page, MOVE)
    page.keyboard.press("Enter")
    page.wait_for_function(f"(s) => {NOW} !== s", arg=start)
    settled(page, 300)  # as before ``played`` was read: the bots' answers arrive one by one
    assert now() == played, "the same move gives the same table"
    settings = page.locator("button.rb-toggle-settings")
    expect(settings).to_have_attribute("aria-expanded", "false")
    settings.focus()
    page.keyboard.press("Enter")
    expect(settings).to_have_attribute("aria-expanded", "true")
    expect(page.locator(".rb-drawer-settings")).to_be_visible()
    page.keyboard.press("Escape")
    expect(settings).to_have_attribute("aria-expanded", "false")
    expect(page.locator(".rb-drawer-settings")).to_be_hidden()
    page.keyboard.press("Enter")
    _tab_to(page, "button.rb-new", limit=40)
    page.keyboard.press("Enter")
    # the deal came with the link: New game deals the next one, the same for a class that opened that link
    expect(page.locator(".rb-deal-no")).to_have_text("Deal 2027")
    expect(settings).to_have_attribute("aria-expanded", "false")
    assert page.evaluate("document.activeElement.classList.contains('rb-toggle-settings')"), (
        "focus went back to Settings"
    )

    # the Log and Save · load drawers open the same way, and the page has no serious accessibility fault
    for name in ("log", "files"):
        toggle = page.locator(f"button.rb-toggle-{name}")
        toggle.focus()
        page.keyboard.press("Enter")
        expect(toggle).to_have_attribute("aria-expanded", "true")
        expect(page.locator(f".rb-drawer-{name}")).to_be_visible()
    serious = serious_accessibility_faults(page)
    assert serious == [], serious


def test_a_finished_game_offers_its_result_and_a_new_game_on_the_first_screen_by_keyboard(page, voila_url, offline):
    _open(page, voila_url, "minefield", "en", (360, 740))
    again = page.locator("button.rb-again")
    expect(again).to_be_hidden()
    page.locator("button.minefield-end").click()
    expect(page.locator(".rb-status")).to_contain_text("Game over", timeout=30_000)
    expect(again).to_be_visible()
    box = again.bounding_box()
    assert box and box["y"] + box["height"] <= 740, f"New game is off the first screen: {box}"
    _tab_to(page, "button.rb-again")
    page.keyboard.press("Enter")
    expect(page.locator(".rb-status")).to_have_text("Player 1, your turn.")
    expect(again).to_be_hidden()
    page.wait_for_function("document.activeElement.classList.contains('rb-actions')")
    expect(page.locator(".minefield-field td.mf-open")).to_have_count(0)


#: the tables ``make test`` plays a glowing card on: a hand against an attack (durak) and a grid (Domino);
#: ``make test-long`` all six
GLOW_APPS = kept(APPS, ("domino", "durak"))


@pytest.mark.parametrize("app", GLOW_APPS)
def test_the_card_that_glows_is_the_card_just_played(page, voila_url, offline, app):
    # the link's deal: a fresh one may leave the reader only cards with several moves
    _open(page, voila_url, app, "en", (1280, 720), seed=2026)
    page.locator(".rb-toggle-settings").click()
    page.locator(".rb-speed select").select_option(label="Step by step")
    page.locator(".rb-toggle-settings").click()
    buttons = page.locator(MOVE)
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
    # the card glows where it landed: on the table, or in the hand (a card taken from the discard pile).
    # The table, the last move and the hand are parts of the page that arrive one after the other:
    # wait until a card the move played glows, and until nothing more arrives, then look at all that glows
    played = ", ".join(
        f".rb-game g.card.hl-last.{_card_class(c)}, .rb-game button.rb-card.hl-last.{_face(c)}" for c in named
    )
    expect(page.locator(played).first).to_be_attached()
    settled(page, 300)
    glowing = page.locator(".rb-game g.card.hl-last, .rb-game button.rb-card.hl-last").evaluate_all(
        "(cards) => cards.map((c) => [c.getAttribute('class'), getComputedStyle(c).animationName])"
    )
    assert glowing, f"{app}: nothing glows after {named}"
    for classes, animation in glowing:
        assert any(_card_class(c).replace(".", " ") in classes or _face(c) in classes.split() for c in named), (
            f"{app}: {classes} glows, but the move played {named}"
        )
        assert animation == "rb-glow", f"{app}: {classes} is marked but does not glow ({animation})"


def _cards_named(text: str) -> list:
    found = []
    for token in re.findall(r"(?:10|[2-9AJQK])[♠♣♥♦]|RJ|BJ", text):
        found.extend(parse_cards(token))
    return list(dict.fromkeys(found))


def _card_class(card) -> str:
    """The classes of ``card``'s picture on the table, as a CSS selector (``rank-10.suit-hearts``)."""
    if card.is_joker:
        return f"joker-{card.joker.value}"
    return f"rank-{str(card)[:-1]}.suit-{card.suit.name_in('en')}"


def _face(card) -> str:
    """The class of a hand's button that shows ``card`` (``rb-c-10H``, ``rb-c-RJ``)."""
    return "rb-c-" + str(card).translate(str.maketrans("♠♥♦♣", "SHDC"))


#: the book's pages with grids of small cards: on a phone, every word readable
SMALL_CARD_PAGES = ("domimi/explorer", "domimi/play", "notation/notation", "domino/board")


@pytest.mark.parametrize("name", SMALL_CARD_PAGES)
def test_small_cards_in_the_book_stay_readable_on_a_phone(page, book_url, offline, name):
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(f"{book_url}/book/{name}.html?lang=ru")
    expect(page.locator(".bd-article svg.cards").first).to_be_attached(timeout=30_000)
    page.wait_for_timeout(500)
    texts = page.evaluate(VISIBLE_TEXT.replace("document.body", "document.querySelector('.bd-article')"))
    cards = page.evaluate("document.querySelectorAll('.bd-article svg.cards text').length")
    assert cards, f"{name}: no card shows its rank"
    small = sorted({(t["text"][:30], t["size"]) for t in texts if t["size"] < 11})
    assert small == [], f"{name}: text under 11 px on a phone: {small[:10]}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0], f"{name} scrolls sideways"
