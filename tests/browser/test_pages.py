"""Every page of the built book as a reader meets it: on a phone, in one language, with a
screen reader (axe-core), without a failed request (``make test``: a page of each kind;
``make test-long``: every page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import next_frames, serious_accessibility_faults
from tests.long import kept

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "html"
PHONE = {"width": 360, "height": 780}


def book_pages() -> list[str]:
    """The pages of the table of contents (every chapter's page, the intro, the search page)."""
    from yaml import safe_load

    toc = safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries):
        for entry in entries:
            if "file" in entry:
                files.append(entry["file"])
            walk(entry.get("sections", []))
            walk(entry.get("chapters", []))

    walk(toc["parts"])
    return [f"{name}.html" for name in files] + ["search.html"]


PAGES = book_pages()
#: the pages ``make test`` checks on a phone: the intro and the search page, and a page of every chapter, each
#: of another kind with widgets or tables (the theme and its scripts are every page's; the outputs and their
#: widgets are a kind's); ``make test-long`` checks every page
PHONE_PAGES = kept(
    PAGES,
    [
        "book/intro.html",
        "search.html",
        "book/notation/notation.html",
        "book/domimi/explorer.html",
        "book/domino/board.html",
        "book/durak/statistics.html",
        "book/minefield/play.html",
        "book/joker_rummy/exercises.html",
        "book/dummy_rummy/checker.html",
    ],
)


def _open(page, url: str, phone: bool = False):
    if phone:
        page.set_viewport_size(PHONE)
    failed: list[str] = []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.goto(url)
    page.wait_for_load_state("load")
    if page.locator('script[type="application/vnd.jupyter.widget-state+json"]').count():
        expect(page.locator(".jupyter-widgets").first).to_be_visible(timeout=30_000)
    next_frames(page)  # what the page's scripts put off to the next frames (the language marks) is done
    return failed


@pytest.mark.parametrize("name", PHONE_PAGES)
def test_a_page_fits_a_phone_loads_whole_and_has_no_serious_accessibility_fault(page, book_url, offline, name):
    # half the pages in each language: Russian words are the longer, English is the default
    lang = ("ru", "en")[PAGES.index(name) % 2]
    failed = _open(page, f"{book_url}/{name}?lang={lang}", phone=True)
    assert failed == [], f"{name}: requests failed: {failed}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name} is {width} px wide on a {PHONE['width']} px screen"
    bad = serious_accessibility_faults(page)
    assert bad == [], f"{name}: " + "; ".join(bad)


def test_the_phone_menu_opens_the_table_of_contents(page, book_url, offline):
    _open(page, f"{book_url}/book/durak/rules.html", phone=True)
    page.locator("button.sidebar-toggle.primary-toggle:visible").first.click()
    menu = page.locator("#pst-primary-sidebar-modal")
    expect(menu).to_be_visible()
    menu.get_by_role("link", name=re.compile("Minefield")).first.click()
    expect(page).to_have_url(re.compile(r"minefield/index\.html"))


def test_the_desktop_menu_button_hides_and_shows_the_table_of_contents(page, book_url, offline):
    _open(page, f"{book_url}/book/durak/rules.html")
    sidebar = page.locator("#pst-primary-sidebar")
    expect(sidebar).to_be_visible()
    page.locator("button.sidebar-toggle.primary-toggle:visible").first.click()
    expect(sidebar).to_be_hidden()
    page.locator("button.sidebar-toggle.primary-toggle:visible").first.click()
    expect(sidebar).to_be_visible()


def test_the_reader_chooses_russian_once_and_every_page_speaks_it(page, book_url, offline):
    _open(page, f"{book_url}/book/durak/clarifications.html")
    english = page.get_by_text("Classic game: a 36-card deck").first
    russian = page.get_by_text("Классическая игра: колода из 36 карт").first
    expect(english).to_be_visible()
    expect(russian).to_be_hidden()
    page.locator(".rb-lang-switch button", has_text="Русский").click()
    expect(russian).to_be_visible()
    expect(english).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(russian.locator("xpath=ancestor-or-self::*[@lang][1]")).to_have_attribute("lang", "ru")
    # the theme's words and the titles follow
    expect(page.locator("h1 .lang-ru")).to_be_visible()
    expect(page.locator("h1 .lang-en")).to_be_hidden()
    expect(page).to_have_title(re.compile("Уточнения"))
    # another page, opened later, is in Russian too
    _open(page, f"{book_url}/book/domino/rules.html")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("h1 .lang-en")).to_be_hidden()
    expect(page.locator(".admonition-title .lang-ru").first).to_have_text("Источник и перевод")
    expect(page.locator(".admonition-title .lang-en").first).to_be_hidden()
    _open(page, f"{book_url}/book/domino/clarifications.html")
    expect(page.locator(".admonition-title").first).to_have_text("Примечание")
    # the address can ask for the other language, and that choice is remembered
    _open(page, f"{book_url}/book/intro.html?lang=en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    _open(page, f"{book_url}/book/durak/rules.html")
    expect(page.locator("html")).to_have_attribute("lang", "en")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_chapters_title_is_the_games_name_in_the_readers_language(page, book_url, offline, lang):
    """ "Дурак (Durak)" is written once in the chapter's source: each reader reads one name."""
    page.set_viewport_size({"width": 1280, "height": 900})
    _open(page, f"{book_url}/book/durak/index.html?lang={lang}")
    own, other = {"ru": ("Дурак", "Durak"), "en": ("Durak", "Дурак")}[lang]
    heading = page.locator(".bd-article h1").first.inner_text()
    assert own in heading and other not in heading, heading
    assert page.title().startswith(f"4. {own} — "), page.title()
    sidebar = page.locator("#pst-primary-sidebar nav.bd-docs-nav").inner_text()
    names = {
        "ru": ("ДоМиМи", "СКИП-6 Домино", "Минное поле", "Джокер"),
        "en": ("DoMiMi", "SKIP-6 Domino", "Joker rummy"),
    }
    assert all(name in sidebar for name in names[lang]), sidebar
    if lang == "ru":
        assert not re.search(r"[A-Za-z]{2,}", sidebar.replace("Dummy rummy", "")), sidebar
    else:
        assert not re.search(r"[\u0400-\u04ff]", sidebar), sidebar


def test_search_finds_the_forms_of_a_russian_word(page, book_url, offline):
    found = {}
    for word in ("козырь", "козырем", "козыри"):
        _open(page, f"{book_url}/search.html?q={word}")
        expect(page.locator("#search-results .search-summary")).to_contain_text(re.compile(r"\d"), timeout=15_000)
        links = page.locator("#search-results ul.search li > a")
        found[word] = sorted(set(links.evaluate_all("els => els.map(e => e.pathname)")))
        assert found[word], f"nothing found for {word}"
    assert found["козырь"] == found["козырем"] == found["козыри"]


def test_the_phone_header_holds_what_a_phone_reader_uses_and_not_the_download_menu(page, book_url, offline):
    page.set_viewport_size({"width": 375, "height": 740})
    _open(page, f"{book_url}/book/durak/rules.html?lang=en")
    header = page.locator(".bd-header-article")
    expect(header.locator(".dropdown-download-buttons")).to_be_hidden()
    expect(header.locator(".btn-fullscreen-button")).to_be_hidden()
    for control in ("button.primary-toggle", ".rb-lang-switch", ".search-button__button", "button.secondary-toggle"):
        shown = header.locator(f"{control}:visible").first
        expect(shown).to_be_visible()
        box = shown.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, f"{control} is outside the phone's screen: {box}"
    header.locator(".rb-lang-switch button[data-set-lang='ru']").click()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("h1 .lang-ru")).to_be_visible()
    header.locator("button.primary-toggle:visible").first.click()
    expect(page.locator("#pst-primary-sidebar-modal")).to_be_visible()
    # on a desktop the download menu is there
    page.set_viewport_size({"width": 1280, "height": 900})
    page.keyboard.press("Escape")
    expect(header.locator(".dropdown-download-buttons")).to_be_visible()
