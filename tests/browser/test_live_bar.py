"""The live demos' bar (``book/_ext/live.py``, ``book/_static/live.js``) in the reader's language.

Every word the bar shows (the snapshot note, the button, starting, live, no demo in this build)
is in the page's language and follows the language switch; the demo is asked for in that
language, as an app is. The built book without the static site has no demos (the bar says so);
where a demo runs, a stand-in for the page's Python (a worker that answers as
``lite/live-host.js`` does, without Pyodide) plays its part, so the bar is tested without
starting Pyodide (``test_site.py`` starts the real one).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_pages import _open

# the stand-in is served through page.route, which a service worker would step past; reading
# offline is tested in test_site.py
pytestmark = pytest.mark.browser_context_args(service_workers="block")

PAGE = "book/domimi/explorer.html"
DEMOS = "**/lite/demos/**"
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: a word of Latin letters that is not a name the bar quotes (Python, make site, MB)
LATIN_WORD = re.compile(r"\b(?!Python\b|make\b|site\b)[A-Za-z]{3,}\b")

#: the page's demos as the static site describes them, its Python being the stand-in below:
#: every cell sets up with "pass" and shows itself with "show()"
STAND_IN_PAGE = {
    "python": {"host": "stand-in-host.js", "index": "./", "pack": "none", "snapshot": "none"},
    "cells": [{"index": i, "source": "show()", "setup": "pass"} for i in range(100)],
    "demos": list(range(100)),
}
#: the stand-in for the page's Python: it answers a setup at once and holds each demo's answer
#: (its output names the language it was asked in) until the test calls release()
STAND_IN_HOST = """
var held = [];
self.release = function () {
  var answers = held;
  held = [];
  answers.forEach(function (a) { a(); });
  return answers.length;
};
self.onmessage = function (event) {
  var m = event.data;
  var done = function (sent) { self.postMessage({ type: "done", id: m.id, ok: true, error: "", sent: sent }); };
  if (m.type !== "run" || m.code === "pass") return done([]);
  held.push(function () {
    done([{ type: "output", metadata: {}, buffers: [],
            data: { "text/html": '<p class="stand-in" data-lang="' + m.lang + '">demo</p>' } }]);
  });
};
"""


def _in(lang: str, text: str) -> None:
    """``text`` is in ``lang`` only."""
    text = text.strip()
    assert text, "nothing shown"
    if lang == "ru":
        assert CYRILLIC.search(text) and not LATIN_WORD.search(text), f"not Russian: {text!r}"
    else:
        assert not CYRILLIC.search(text), f"not English: {text!r}"


def _release(page) -> None:
    """Let the stand-in answer the demo's cell, once the page has asked for it."""
    for _ in range(100):
        workers = [w for w in page.workers if w.url.endswith("stand-in-host.js")]
        if workers and workers[0].evaluate("release()"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the demo's cell never reached the page's Python")


def _stand_in(page) -> list[str]:
    """Serve the stand-in as the page's Python; the addresses of the page's demos asked for."""
    asked: list[str] = []

    def demos(route):
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(STAND_IN_PAGE))

    page.route(DEMOS, demos)
    page.route("**/stand-in-host.js", lambda route: route.fulfill(content_type="text/javascript", body=STAND_IN_HOST))
    return asked


def _connection(page, save_data: bool, effective_type: str) -> None:
    """The browser says this of the reader's connection (``navigator.connection``)."""
    said = json.dumps({"saveData": save_data, "effectiveType": effective_type})
    page.add_init_script(f"Object.defineProperty(navigator, 'connection', {{ get: () => ({said}) }});")


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
    asked = _stand_in(page)
    _open(page, f"{book_url}/{PAGE}?lang=ru")
    bar = page.locator(".live-bar").first
    bar.locator("button.live-start").click()
    expect(bar).to_have_class(re.compile("is-starting"))
    _in("ru", bar.locator(".live-status").inner_text())  # starting Python…
    expect(bar.locator("button.live-start")).to_be_disabled()
    assert asked and all("domimi-explorer.json" in url for url in asked), asked
    # the demo's cell was asked for in Russian; it shows once Python answers
    _release(page)
    expect(bar).to_have_class(re.compile("is-live"))
    cell = bar.locator("xpath=..")
    expect(cell.locator(".live-output .stand-in")).to_have_attribute("data-lang", "ru")
    expect(cell.locator(".cell_output:not(.live-output)").first).to_be_hidden()  # the demo took the snapshot's place
    _in("ru", bar.locator(".live-note").inner_text())
    expect(bar.locator(".live-status")).to_be_hidden()

    _switch(page, "en")
    _in("en", bar.locator(".live-note").inner_text())


def test_on_an_unmetered_connection_a_demo_in_view_is_made_ready_ahead_and_the_button_answers_at_once(
    page, book_url, offline
):
    _connection(page, save_data=False, effective_type="4g")
    asked = _stand_in(page)
    _open(page, f"{book_url}/{PAGE}?lang=ru")
    page.locator(".live-demo").first.scroll_into_view_if_needed()
    expect(page.locator("html")).to_have_attribute("data-live-ahead", "started")
    ahead = page.locator(".live-bar[data-live-state]").first
    expect(ahead).to_have_attribute("data-live-state", "preparing")
    assert asked, "the page's demos were not asked for"
    # made ready out of sight: the snapshot and the button stay until the reader asks
    _release(page)
    expect(ahead).to_have_attribute("data-live-state", "ready")
    expect(ahead.locator("button.live-start")).to_be_enabled()
    cell = ahead.locator("xpath=..")
    expect(cell.locator(".cell_output:not(.live-output)").first).to_be_visible()
    expect(cell.locator(".live-output")).to_be_hidden()
    ahead.locator("button.live-start").click()
    expect(ahead).to_have_class(re.compile("is-live"), timeout=1_000)
    expect(cell.locator(".live-output .stand-in")).to_have_attribute("data-lang", "ru")


@pytest.mark.parametrize(
    "save_data, effective_type", [(True, "4g"), (False, "2g"), (False, "slow-2g")], ids=["saves-data", "2g", "slow-2g"]
)
def test_on_a_metered_connection_nothing_starts_before_the_click(page, book_url, offline, save_data, effective_type):
    _connection(page, save_data=save_data, effective_type=effective_type)
    asked = _stand_in(page)
    _open(page, f"{book_url}/{PAGE}")
    page.locator(".live-demo").first.scroll_into_view_if_needed()
    expect(page.locator("html")).to_have_attribute("data-live-ahead", "declined")
    assert asked == [] and page.workers == [], "Python started ahead on a metered connection"
    expect(page.locator(".live-bar[data-live-state]")).to_have_count(0)
