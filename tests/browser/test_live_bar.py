"""The live demos' bar (``book/_ext/live.py``, ``book/_static/live.js``) in the reader's language.

Every word the bar shows (the snapshot note, the button, starting, live, no demo in this build)
is in the page's language and follows the language switch; the demo is asked for in that
language, as an app is. The built book without the static site has no demos (the bar says so);
where a demo runs, a stand-in page served at the demo's address plays the demo's part, so the
bar is tested without starting Pyodide (``test_site.py`` starts the real one).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.browser.test_pages import _open

PAGE = "book/domimi/explorer.html"
DEMOS = "**/lite/voici/render/demos/**"
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: a word of Latin letters that is not a name the bar quotes (Python, make site, MB)
LATIN_WORD = re.compile(r"\b(?!Python\b|make\b|site\b)[A-Za-z]{3,}\b")

#: the demo's stand-in: Voici's page while it loads (rendered cells hidden), drawn on demand
STAND_IN = """<!doctype html><html><body>
<div id="rendered_cells" style="display:none"></div>
<script>window.draw = function () {
  var cells = document.getElementById("rendered_cells");
  cells.innerHTML = '<div class="jupyter-widgets" style="height:120px">demo</div>';
  cells.style.display = "block";
};</script></body></html>"""


def _in(lang: str, text: str) -> None:
    """``text`` is in ``lang`` only."""
    text = text.strip()
    assert text, "nothing shown"
    if lang == "ru":
        assert CYRILLIC.search(text) and not LATIN_WORD.search(text), f"not Russian: {text!r}"
    else:
        assert not CYRILLIC.search(text), f"not English: {text!r}"


def _switch(page, lang: str) -> None:
    page.locator(f".rb-lang-switch button[data-set-lang='{lang}']").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_bar_and_its_button_speak_the_readers_language(page, book_url, offline, lang):
    _open(page, f"{book_url}/{PAGE}?lang={lang}")
    bar = page.locator(".live-bar").first
    button = bar.locator("button.live-start")
    expect(button).to_be_visible()
    _in(lang, bar.locator(".live-note").inner_text())
    _in(lang, button.inner_text())
    # the button's name, read by a screen reader, is the shown one only
    assert button.evaluate("b => b.checkVisibility()")
    name = button.evaluate("b => [...b.children].filter(s => s.checkVisibility()).map(s => s.textContent).join('')")
    _in(lang, name)
    expect(button.locator(f".lang-{lang}")).to_have_attribute("lang", lang)


def test_without_the_static_site_the_bar_says_so_in_the_readers_language_and_follows_the_switch(
    page, book_url, offline
):
    # a book built without the static site: no demo at the demo's address (whether this build has one or not)
    page.route(DEMOS, lambda route: route.fulfill(status=404, content_type="text/html", body="not found"))
    _open(page, f"{book_url}/{PAGE}?lang=ru")
    bar = page.locator(".live-bar").first
    bar.locator("button.live-start").click()
    expect(bar).to_have_class(re.compile("is-failed"))
    status = bar.locator(".live-status")
    _in("ru", status.inner_text())
    assert "make site" in status.inner_text()
    _switch(page, "en")
    _in("en", status.inner_text())
    _in("en", bar.locator(".live-note").inner_text())
    _in("en", bar.locator("button.live-start").inner_text())


def test_a_demo_is_asked_for_in_the_readers_language_and_the_bar_says_it_is_live(page, book_url, offline):
    asked: list[str] = []

    def demo(route):
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body=STAND_IN)

    page.route(DEMOS, demo)
    _open(page, f"{book_url}/{PAGE}?lang=ru")
    bar = page.locator(".live-bar").first
    bar.locator("button.live-start").click()
    expect(bar).to_have_class(re.compile("is-starting"))
    _in("ru", bar.locator(".live-status").inner_text())  # starting Python…
    frame = page.locator("iframe.live-frame").first
    expect(frame).to_be_attached()
    src = frame.get_attribute("src")
    assert parse_qs(urlparse(src).query)["lang"] == ["ru"], src
    assert any("lang=ru" in url for url in asked), asked
    _in("ru", frame.get_attribute("title"))

    frame.content_frame.locator("body").evaluate("() => window.draw()")
    expect(bar).to_have_class(re.compile("is-live"))
    expect(bar.locator("xpath=..").locator(".cell_output").first).to_be_hidden()  # the demo took the snapshot's place
    _in("ru", bar.locator(".live-note").inner_text())
    expect(bar.locator(".live-status")).to_be_hidden()

    _switch(page, "en")
    _in("en", bar.locator(".live-note").inner_text())
    _in("en", frame.get_attribute("title"))
