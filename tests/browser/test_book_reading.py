"""Reading the book: the rules in both languages side by side on a wide screen, the reader's
place kept when the language changes, the note on the source folded on a phone, and a click
on a widget's snapshot (which looks like the demo) starting the demo or saying it is a picture."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import next_frames, serious_accessibility_faults
from tests.browser.test_live_bar import DEMOS, _release, _stand_in
from tests.browser.test_pages import _open

# a click on a snapshot is served by a stand-in of the page's Python (page.route), which a
# service worker would step past; reading offline is tested in test_site.py
pytestmark = pytest.mark.browser_context_args(service_workers="block")

RULES = "book/durak/rules.html"
WIDE = {"width": 1920, "height": 1080}


def _top(locator) -> float:
    return locator.evaluate("e => e.getBoundingClientRect().top")


def test_on_a_wide_screen_each_english_paragraph_stands_beside_its_russian_twin(page, book_url, offline):
    page.set_viewport_size(WIDE)
    _open(page, f"{book_url}/{RULES}?lang=en")
    both = page.locator("button.rb-both")
    expect(both).to_have_accessible_name("Both languages side by side")
    both.click()
    expect(both).to_have_attribute("aria-pressed", "true")
    pair = page.locator("#the-first-lead .lang-pair").first
    ru, en = pair.locator(":scope > .lang-ru > *"), pair.locator(":scope > .lang-en > *")
    assert ru.count() == en.count() >= 2
    for i in range(ru.count()):
        expect(ru.nth(i)).to_be_visible()
        expect(en.nth(i)).to_be_visible()
        left, right = ru.nth(i).bounding_box(), en.nth(i).bounding_box()
        assert abs(left["y"] - right["y"]) < 2, f"paragraph {i}: the twins are not on one line"
        assert left["x"] + left["width"] <= right["x"], "the Russian source is not on the left"
    assert "первым" in ru.first.inner_text() and "first" in en.first.inner_text()
    # the chrome stays in the reader's language, and nothing is serious for a screen reader
    expect(page.locator(".admonition-title .lang-ru").first).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDE["width"]
    assert serious_accessibility_faults(page) == []
    # the choice holds on the next page, and is undone by the same button
    _open(page, f"{book_url}/book/minefield/rules.html")
    expect(page.locator("button.rb-both")).to_have_attribute("aria-pressed", "true")
    page.locator("button.rb-both").click()
    expect(page.locator(".lang-pair > .lang-ru").first).to_be_hidden()
    # a phone has no room for two columns: no button
    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.locator("button.rb-both")).to_be_hidden()


@pytest.mark.parametrize("both", [False, True], ids=["one-language", "side-by-side"])
def test_changing_the_language_keeps_the_paragraph_in_view_where_it_was(page, book_url, offline, both):
    page.set_viewport_size({"width": 1280, "height": 720})
    _open(page, f"{book_url}/{RULES}?lang=en")
    paragraph = page.locator("#attacking-and-beating .lang-pair > .lang-en > p").nth(1)
    if both:
        page.locator("button.rb-both").click()
    # the paragraph read is the first that begins under the page's header
    paragraph.evaluate(
        """p => { const header = document.querySelector('.bd-header-article').getBoundingClientRect().bottom;
                  const top = window.scrollY + p.getBoundingClientRect().top - header - 12;
                  window.scrollTo({top, behavior: 'instant'}); }"""
    )
    before = _top(paragraph)
    # clicked where it is (Playwright's own click would first scroll the sticky header's button "into view")
    page.locator(".rb-lang-switch button[data-set-lang='ru']").dispatch_event("click")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    next_frames(page)
    twin = page.locator("#attacking-and-beating .lang-pair > .lang-ru > p").nth(1)
    expect(twin).to_be_visible()
    assert abs(_top(twin) - before) <= 2, f"the Russian twin is at {_top(twin)}, the paragraph was at {before}"
    if not both:
        expect(paragraph).to_be_hidden()


def test_the_note_on_the_source_is_folded_under_one_line_on_a_phone(page, book_url, offline):
    _open(page, f"{book_url}/{RULES}?lang=ru", phone=True)
    note = page.locator(".bd-article .admonition.dropdown").first
    title = note.locator(".admonition-title")
    expect(title.locator(".lang-ru")).to_have_text("Источник и перевод")
    assert title.bounding_box()["height"] < 60, "the summary takes more than a line"
    expect(note.get_by_text("Источники.", exact=False).first).to_be_hidden()
    # the rules begin on the first screen
    heading = page.locator(".bd-article h2").first
    assert heading.bounding_box()["y"] < 740, "the rules do not start on the phone's first screen"
    title.locator(".lang-ru").click()  # the title's words open it, as the rest of the title does
    expect(note.get_by_text("Часть 1, «Дурак с двумя Джокерами»", exact=False).first).to_be_visible()
    title.locator(".lang-ru").click()
    expect(note.get_by_text("Часть 1, «Дурак с двумя Джокерами»", exact=False).first).to_be_hidden()


def test_a_click_on_a_snapshot_starts_the_demo_and_says_so_where_it_landed(page, book_url, offline):
    _stand_in(page)
    _open(page, f"{book_url}/book/domimi/explorer.html?lang=ru")
    cell = page.locator(".live-demo").first
    snapshot = cell.locator(".cell_output:not(.live-output) button:visible").first
    snapshot.click()
    tip = cell.locator(".live-tip")
    expect(tip.locator(".lang-ru")).to_have_text("Пример запускается…")
    near, at = tip.bounding_box(), snapshot.bounding_box()
    assert abs(near["y"] - (at["y"] + at["height"] / 2)) < 60, "the note is not where the click landed"
    _release(page)
    expect(cell.locator(".live-bar")).to_have_class(re.compile("is-live"))
    expect(cell.locator(".live-output .stand-in")).to_have_attribute("data-lang", "ru")
    expect(tip).to_have_count(0)


def test_in_a_book_without_its_python_a_click_on_a_snapshot_says_it_is_a_picture(page, book_url, offline):
    page.route(DEMOS, lambda route: route.fulfill(status=404, content_type="text/html", body="not found"))
    _open(page, f"{book_url}/book/domimi/explorer.html?lang=en")
    cell = page.locator(".live-demo").first
    cell.locator(".cell_output:not(.live-output) button:visible").first.click()
    tip = cell.locator(".live-tip")
    expect(tip.locator(".lang-en")).to_contain_text("This is a picture of the demo (a snapshot)")
    # a second click says so at once, and the snapshot stays
    cell.locator(".cell_output:not(.live-output) select:visible").first.click()
    expect(tip.locator(".lang-en")).to_contain_text("picture")
    expect(cell.locator(".cell_output:not(.live-output)").first).to_be_visible()
