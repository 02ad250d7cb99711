"""The saved pages' outputs in the reader's language: a view saved in both languages
(``widgets.common.bilingual``, ``widgets.charts.chart``) shows only the reader's one, its
controls and charts speak that language, and a screen reader is told which it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

import rules
from tests.browser.conftest import next_frames
from tests.browser.test_pages import _open
from tests.long import kept

CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: a word of the other language's alphabet (card notation is one or two letters: A♠, RJ, КДж)
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
RUSSIAN_WORD = re.compile(r"[\u0400-\u04ff]{3,}")
#: what English text may hold in Russian: a quoted Russian term («Бито»), the jokers' Russian notation
QUOTED = re.compile(r"«[^»]*»|[КЧ]Дж")

BOOK = Path(__file__).resolve().parents[2] / "book"
#: the saved pages whose outputs are made in both languages: every notebook of every game's
#: chapter (found from the registry) and of the notation chapter, but the play apps (live views)
PAGES = [
    f"book/{folder}/{notebook.stem}.html"
    for folder in (*rules.GAMES, "notation")
    for notebook in sorted((BOOK / folder).glob("*.ipynb"))
    if notebook.stem != "play"
]
#: the pages ``make test`` reads in both languages: an explorer, exercises, statistics' charts and tables,
#: a checker and the notation's examples (the board, scenarios and practice apps are drawn by the same
#: bilingual functions), each kind made by the same functions in every chapter; ``make test-long`` reads
#: every page
BOTH_LANGUAGES = kept(
    PAGES,
    [
        "book/domimi/explorer.html",
        "book/durak/exercises.html",
        "book/durak/statistics.html",
        "book/joker_rummy/checker.html",
        "book/notation/notation.html",
    ],
)

#: what a reader sees of the outputs: the widgets' labels, buttons, choices and status lines,
#: the charts' descriptions (the alt text a screen reader reads), the text of the reader's
#: language blocks (closed solutions too), and how many blocks of the other language are drawn
SEEN = r"""() => {
  const shown = (el) => el.checkVisibility();
  const texts = (selector) => [...document.querySelectorAll(selector)].filter(shown)
    .map((el) => el.textContent.replace(/\s+/g, " ").trim()).filter((t) => /\p{L}/u.test(t));
  return {
    labels: texts(".cell_output .widget-label, .cell_output label"),
    buttons: texts(".cell_output button"),
    choices: texts(".cell_output select option"),
    status: texts(".cell_output .status"),
    alts: [...document.querySelectorAll(".cell_output img")].filter(shown).map((img) => img.alt),
    otherBlocks: [...document.querySelectorAll(".cell_output .lang-en, .cell_output .lang-ru")]
      .filter((el) => !el.classList.contains("lang-" + document.documentElement.lang))
      .filter((el) => getComputedStyle(el).display !== "none").length,
    blocks: [...document.querySelectorAll(".cell_output .lang-" + document.documentElement.lang)].map((el) => {
      const copy = el.cloneNode(true);
      // the language switch of a game view names each language in itself (English, Русский);
      // code is identifiers (an exercise's kind), not words
      copy.querySelectorAll("svg, style, script, .rb-language, code").forEach((x) => x.remove());
      return copy.textContent.replace(/\s+/g, " ").trim();
    }).filter((t) => /\p{L}/u.test(t)),
    unmarked: [...document.querySelectorAll(".cell_output .lang-en, .cell_output .lang-ru")]
      .filter((el) => el.lang !== (el.classList.contains("lang-ru") ? "ru" : "en")).length,
  };
}"""


def _seen(page, url: str) -> dict:
    _open(page, url)  # the saved widgets drawn, and the next frames, where the page script marks the blocks
    return page.evaluate(SEEN)


def _check_russian(name: str, seen: dict) -> None:
    assert seen["otherBlocks"] == 0, f"{name}: an English block of the outputs is shown to a Russian reader"
    assert seen["unmarked"] == 0, f"{name}: a language block without its lang attribute"
    assert seen["blocks"], f"{name}: no output in Russian"
    for kind in ("labels", "buttons", "choices", "status", "alts", "blocks"):
        english = [t for t in seen[kind] if not CYRILLIC.search(t) or LATIN_WORD.search(_without_names(t))]
        assert english == [], f"{name}: {kind} not in Russian: {english}"


def _without_names(text: str) -> str:
    """``text`` without the names a game keeps in Russian as they are (Dummy rummy's own name)."""
    for game in rules.GAMES.values():
        if game.info.name("en") == game.info.name("ru"):
            text = text.replace(game.info.name("ru"), "")
    return text


def _check_english(name: str, seen: dict) -> None:
    assert seen["otherBlocks"] == 0, f"{name}: a Russian block of the outputs is shown to an English reader"
    assert seen["unmarked"] == 0, f"{name}: a language block without its lang attribute"
    assert seen["blocks"], f"{name}: no output in English"
    for kind in ("labels", "buttons", "choices", "status", "alts", "blocks"):
        russian = [t for t in seen[kind] if RUSSIAN_WORD.search(QUOTED.sub("", t))]
        assert russian == [], f"{name}: {kind} not in English: {russian}"


@pytest.mark.parametrize("name", BOTH_LANGUAGES)
def test_each_reader_sees_the_outputs_in_their_language_only(page, book_url, offline, name):
    # half the pages opened in each language (from the address), then switched to the other in the page's header
    first, then = (("ru", "en"), ("en", "ru"))[PAGES.index(name) % 2]
    check = {"ru": _check_russian, "en": _check_english}
    check[first](name, _seen(page, f"{book_url}/{name}?lang={first}"))
    page.locator(f".rb-lang-switch button[data-set-lang='{then}']").click()
    expect(page.locator("html")).to_have_attribute("lang", then)
    next_frames(page)  # the switch is done at once; the page script marks the blocks on the next frame
    check[then](name, page.evaluate(SEEN))


def test_the_domimi_explorer_names_its_list_of_options_with_a_visible_label(page, book_url, offline):
    for lang, said in (("ru", "Вариант:"), ("en", "Option:")):
        _open(page, f"{book_url}/book/domimi/explorer.html?lang={lang}")
        choice = page.locator(".domimi-choice:visible").first
        label = choice.locator("label.widget-label")
        expect(label).to_be_visible(timeout=30_000)
        expect(label).to_have_text(said)
        expect(choice.locator("select")).to_have_accessible_name(re.compile(said.rstrip(":")))


def test_a_russian_reader_of_the_statistics_reads_figures_written_the_russian_way(page, book_url, offline):
    seen = _seen(page, f"{book_url}/book/minefield/statistics.html?lang=ru")
    described = " ".join(seen["alts"])
    assert len(seen["alts"]) == 3, "every chart is described"
    assert re.search(r"\b\d+,\d+\u00a0%", described), "a share in per cent with a decimal comma"
    assert "2 игрока: " in described and "\u2212" in described, "counted players, negative scores with a true minus"
    tables = page.locator(".rb-stats:visible table")
    expect(tables.first.locator("th").first).to_have_text("игроков")


def test_a_russian_reader_plays_the_domino_board_in_russian(page, book_url, offline):
    _open(page, f"{book_url}/book/domino/board.html?lang=ru")
    board = page.locator(".lang-ru .domino-board-cards").first
    expect(board).to_be_visible(timeout=30_000)
    expect(board.locator("label.widget-label")).to_have_text("Рука:")
    expect(board.locator("button").first).to_have_text("В♠")
    expect(
        page.locator(".lang-ru .domino-board-where-up button, .lang-ru button.domino-board-where-up").first
    ).to_have_text("↑ сверху")
    expect(page.locator(".lang-en .domino-board-cards").first).to_be_hidden()


def test_a_link_to_a_section_is_named_in_the_readers_language_only(page, book_url, offline):
    cases = [
        ("book/durak/explorer.html", "en", "#durak-ruling-10", "10. A joker turned up as trump"),
        ("book/notation/notation.html", "en", "glossary.html", "Glossary"),
        ("book/notation/notation.html", "ru", "glossary.html", "Словарь"),
    ]
    for name, lang, target, said in cases:
        _open(page, f"{book_url}/{name}?lang={lang}")
        link = page.locator(f'.bd-article p.lang-{lang} a.reference[href*="{target}"]').first
        assert link.inner_text().strip() == said, f"{name} ({lang}): the link reads {link.inner_text()!r}"
