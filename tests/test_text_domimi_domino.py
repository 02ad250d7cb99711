"""The bilingual rules pages of DoMiMi and SKIP-6 Domino keep the whole source text.

Each rules page puts the Russian source, paragraph by paragraph, in «Русский» tabs and the
translation in «English» tabs.  These tests read the Markdown files (no Sphinx build) and check
that

- every line of the source appears, in order, in the Russian tabs and headings of its page
  (whitespace and Markdown markup ignored), apart from the parts a page explicitly leaves out;
- the two tabs of every tab-set have the same number of paragraphs (paragraph i of the English
  tab translates paragraph i of the Russian tab), in the rules and the clarifications;
- labels stand right before a heading and are unique in the whole book, every ruling has its
  section, and no e-mail address is reproduced.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
SOURCES = BOOK / "sources"

# game id -> (source file, number of rulings)
GAMES = {
    "domimi": ("domimi.ru.txt", 14),
    "domino": ("skip6-domino.ru.txt", 7),
}

# Source lines a page leaves out on purpose (each page says so, and why).
# Domino: the «***» lines only separate topics; the page's section headings replace them.
EXCLUDED = {
    "domimi": set(),
    "domino": {"***"},
}

TAB_RE = re.compile(r"^(:{3,})\{tab-item\}\s*(Русский|English)\s*$")
HEADING_RE = re.compile(r"^#{1,6}\s+(.*)$")
LABEL_RE = re.compile(r"^\(([^()\s]+)\)=\s*$")
TABLE_RULE_RE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")
OPTION_RE = re.compile(r"^:[\w-]+:")
MARKUP = str.maketrans("", "", "|*`•")


def normalise(text: str) -> str:
    """Text without whitespace and Markdown markup: the form in which source and page are compared."""
    return "".join(text.translate(MARKUP).split())


def tab_items(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The tab items of a page, in order, as (language, content lines)."""
    items = []
    i = 0
    while i < len(lines):
        m = TAB_RE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang = m.groups()
        body = []
        i += 1
        while lines[i].rstrip() != fence:
            body.append(lines[i])
            i += 1
        items.append((lang, body))
        i += 1
    return items


def paragraphs(body: list[str]) -> list[str]:
    """Blocks separated by blank lines, directive options (``:sync: ru``) left out."""
    text = "\n".join(line for line in body if not OPTION_RE.match(line.strip()))
    return [block.strip() for block in re.split(r"\n\s*\n", text) if block.strip()]


def russian_stream(lines: list[str]) -> tuple[str, str, list[int]]:
    """Headings and Russian tab contents of a page, in page order, normalised.

    Returns the full stream, the stream of the tabs alone (so that a source paragraph split
    across two sections is still found whole) and, for each character of the second, its
    index in the first.
    """
    parts: list[tuple[str, bool]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = HEADING_RE.match(line)
        tab = TAB_RE.match(line)
        if heading:
            parts.append((heading.group(1), True))
        elif tab:
            fence, lang = tab.groups()
            i += 1
            while lines[i].rstrip() != fence:
                if lang == "Русский" and not TABLE_RULE_RE.match(lines[i]) and not OPTION_RE.match(lines[i].strip()):
                    parts.append((lines[i], False))
                i += 1
        i += 1
    full, tabs, index = [], [], []
    for text, is_heading in parts:
        for char in normalise(text):
            if not is_heading:
                index.append(len(full))
                tabs.append(char)
            full.append(char)
    return "".join(full), "".join(tabs), index


def source_lines(game: str) -> list[str]:
    text = (SOURCES / GAMES[game][0]).read_text(encoding="utf-8")
    out = []
    for line in text.splitlines():
        if not line.strip() or line.strip() in EXCLUDED[game]:
            continue
        out.append(line.strip())
    return out


def page_lines(game: str, page: str) -> list[str]:
    return (BOOK / game / f"{page}.md").read_text(encoding="utf-8").splitlines()


PAGES = [(game, page) for game in GAMES for page in ("rules", "clarifications")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_source_line_is_in_the_russian_tabs_in_order(game):
    lines = source_lines(game)
    assert lines, "the source should not be empty"
    full, tabs, index = russian_stream(page_lines(game, "rules"))
    assert tabs
    pos = 0  # in `full`
    for line in lines:
        needle = normalise(line)
        found = full.find(needle, pos)
        if found >= 0:
            pos = found + len(needle)
            continue
        # a paragraph the page splits across sections, with a heading in between
        start = next((k for k, at in enumerate(index) if at >= pos), len(tabs))
        found = tabs.find(needle, start)
        assert found >= 0, f"{game}: source line missing (or out of order) in the Russian tabs: {line!r}"
        pos = index[found + len(needle) - 1] + 1


@pytest.mark.parametrize(("game", "page"), PAGES)
def test_tabs_come_in_pairs_with_equal_paragraph_counts(game, page):
    items = tab_items(page_lines(game, page))
    assert items, f"{game}/{page}: no tab items"
    assert len(items) % 2 == 0, f"{game}/{page}: a tab-set lacks one of its tabs"
    for (lang_ru, ru), (lang_en, en) in zip(items[::2], items[1::2], strict=True):
        assert (lang_ru, lang_en) == ("Русский", "English")
        ru_par, en_par = paragraphs(ru), paragraphs(en)
        assert ru_par, f"{game}/{page}: empty Russian tab"
        assert len(ru_par) == len(en_par), (
            f"{game}/{page}: {len(ru_par)} Russian paragraphs but {len(en_par)} English ones, "
            f"in the tab-set starting {ru_par[0][:60]!r}"
        )


@pytest.mark.parametrize(("game", "page"), PAGES)
def test_labels_stand_before_headings(game, page):
    lines = page_lines(game, page)
    labels = [i for i, line in enumerate(lines) if LABEL_RE.match(line)]
    assert labels
    for i in labels:
        j = i + 1
        while LABEL_RE.match(lines[j]):
            j += 1
        assert HEADING_RE.match(lines[j]), f"{game}/{page}: label {lines[i]!r} is not followed by a heading"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_ruling_has_a_section(game):
    text = "\n".join(page_lines(game, "clarifications"))
    count = GAMES[game][1]
    for n in range(1, count + 1):
        assert f"({game}.ruling-{n})=" in text
    assert f"({game}.ruling-{count + 1})=" not in text
    # each ruling quotes the source (a blockquote) and decides in both languages
    sections = re.split(rf"^\({game}\.ruling-\d+\)=$", text, flags=re.M)[1:]
    assert len(sections) == count
    for n, section in enumerate(sections, 1):
        assert re.search(r"^> ", section, flags=re.M), f"ruling {n}: no quotation of the source"
        assert "{tab-item} Русский" in section and "{tab-item} English" in section, f"ruling {n}: no decision tabs"


def test_labels_are_unique_in_the_book():
    seen: dict[str, Path] = {}
    files = sorted(BOOK.rglob("*.md")) + sorted(BOOK.rglob("*.ipynb"))
    assert files
    for path in files:
        if "_build" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":
            cells = json.loads(text).get("cells", [])
            text = "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells)
        for label in re.findall(r"^\(([^()\s]+)\)=\s*$", text, flags=re.M):
            assert label not in seen, f"label {label} in {path} and {seen[label]}"
            seen[label] = path
    for game in GAMES:
        assert f"{game}.ruling-1" in seen


@pytest.mark.parametrize(("game", "page"), PAGES)
def test_no_email_address(game, page):
    text = "\n".join(page_lines(game, page))
    assert not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text)


def test_ruling_references_point_to_existing_rulings():
    for game, (_, count) in GAMES.items():
        text = "\n".join(page_lines(game, "rules"))
        refs = [int(n) for n in re.findall(rf"<{game}\.ruling-(\d+)>", text)]
        assert refs, f"{game}: the rules page points to no ruling"
        assert all(1 <= n <= count for n in refs)
