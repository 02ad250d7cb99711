"""The rules pages of Durak and Minefield keep the whole source text, in order.

Each rules page shows every paragraph of its Russian source in the Russian tabs,
beside an English tab with the same number of paragraphs. These tests parse the
Markdown pages (no Sphinx needed) and compare them with ``book/sources``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
SOURCES = BOOK / "sources"

LABEL = re.compile(r"^\(([A-Za-z0-9_.\-]+)\)=\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*\S)\s*$")
REF = re.compile(r"\{ref\}`(?:[^`<]*<)?([A-Za-z0-9_.\-]+)>?`")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")


@dataclass
class TabSet:
    line: int
    tabs: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (title, sync, paragraphs)

    def paragraphs(self, sync: str) -> list[str]:
        return next(paras for _, s, paras in self.tabs if s == sync)


@dataclass
class Page:
    path: Path
    headings: list[str]
    labels: list[tuple[str, int]]
    tab_sets: list[TabSet]
    lines: list[str]


def normalise(text: str) -> str:
    """Whitespace collapsed; ♥ removed (the only symbol the book restores in the sources)."""
    return " ".join(text.replace("♥", "").split())


def split_paragraphs(lines: list[str]) -> list[str]:
    paras, current = [], []
    for line in [*lines, ""]:
        if line.strip():
            current.append(line.strip())
        elif current:
            paras.append(" ".join(current))
            current = []
    return paras


def parse_page(path: Path) -> Page:
    lines = path.read_text(encoding="utf-8").splitlines()
    headings, labels, tab_sets = [], [], []
    current_set: TabSet | None = None
    tab: tuple[str, str, list[str]] | None = None
    body: list[str] = []
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if current_set is None:
            if stripped.startswith("::::{tab-set}"):
                current_set = TabSet(number)
            elif m := LABEL.match(stripped):
                labels.append((m.group(1), number))
            elif m := HEADING.match(line):
                headings.append(m.group(2))
            continue
        if tab is None:
            if stripped.startswith(":::{tab-item}"):
                tab = (stripped.removeprefix(":::{tab-item}").strip(), "", [])
                body = []
            elif stripped == "::::":
                tab_sets.append(current_set)
                current_set = None
            elif stripped and not stripped.startswith(":sync-group:"):
                raise AssertionError(f"{path.name}:{number}: text outside a tab: {stripped!r}")
            continue
        if stripped == ":::":
            title, sync, _ = tab
            current_set.tabs.append((title, sync, split_paragraphs(body)))
            tab = None
        elif not body and stripped.startswith(":sync:"):
            tab = (tab[0], stripped.removeprefix(":sync:").strip(), tab[2])
        else:
            body.append(line)
    assert current_set is None, f"{path.name}: unclosed tab-set at line {current_set.line}"
    return Page(path, headings, labels, tab_sets, lines)


@dataclass(frozen=True)
class Source:
    game: str
    file: str
    headings: tuple[str, ...]  # source lines that are the source's own headings
    left_out: tuple[str, str] | None = None  # first and last line of a part the page leaves out


SOURCE_TEXTS = [
    Source(
        "durak",
        "durak-jokers.joker-rummy.podkidnoy.ru.txt",
        headings=(
            "Дурак с двумя Джокерами",
            "Начало игры",
            "Ход игры",
            "Конец игры",
            "Подведение итогов и составление рейтинга по игре в «Дурака»",
        ),
        # The middle part is the rummy game «Джокер»: another chapter, said so on the page.
        left_out=("Раздача.", "Семья Козловых-Борисовых"),
    ),
    Source("minefield", "minefield.ru.txt", headings=()),
]
RULINGS = {"durak": 11, "minefield": 12}


def source_lines(src: Source) -> list[str]:
    lines = [line.strip() for line in (SOURCES / src.file).read_text(encoding="utf-8").splitlines()]
    if src.left_out:
        first, last = src.left_out
        assert lines.count(first) == 1 and lines.count(last) == 1, "the left-out part's markers moved"
        start, end = lines.index(first), lines.index(last)
        assert start < end
        lines = lines[:start] + lines[end + 1 :]
    return [line for line in lines if line]


def rules_page(game: str) -> Page:
    return parse_page(BOOK / game / "rules.md")


def all_pages() -> list[Page]:
    pages = [parse_page(BOOK / game / name) for game in RULINGS for name in ("rules.md", "clarifications.md")]
    assert pages
    return pages


@pytest.mark.parametrize("src", SOURCE_TEXTS, ids=lambda s: s.game)
def test_every_source_paragraph_is_in_the_russian_tabs_in_order(src):
    page = rules_page(src.game)
    russian = [normalise(p) for ts in page.tab_sets for p in ts.paragraphs("ru")]
    assert russian
    stream = " ".join(russian)
    body = [line for line in source_lines(src) if line not in src.headings]
    assert body
    position = 0
    for line in body:
        found = stream.find(normalise(line), position)
        assert found >= 0, f"source paragraph missing (or out of order) on {page.path.name}: {line[:80]!r}"
        position = found + len(normalise(line))
    # nothing but the source in the Russian tabs
    assert stream == " ".join(normalise(line) for line in body)


@pytest.mark.parametrize("src", SOURCE_TEXTS, ids=lambda s: s.game)
def test_source_headings_are_section_headings(src):
    page = rules_page(src.game)
    # a bilingual heading is "English · Русский", the one separator of the book's titles
    russian_halves = [normalise(h.split(" · ", 1)[1]) for h in page.headings if " · " in h]
    for heading in src.headings:
        assert normalise(heading) in russian_halves, heading


def test_left_out_part_is_named_on_the_page():
    text = (BOOK / "durak" / "rules.md").read_text(encoding="utf-8")
    assert "«Раздача.»" in text and "another chapter" in text


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: f"{p.path.parent.name}/{p.path.name}")
def test_both_tabs_have_the_same_number_of_paragraphs(page):
    assert page.tab_sets
    for ts in page.tab_sets:
        assert [(title, sync) for title, sync, _ in ts.tabs] == [("Русский", "ru"), ("English", "en")], ts.line
        ru, en = ts.paragraphs("ru"), ts.paragraphs("en")
        assert ru, f"{page.path.name}:{ts.line}: empty Russian tab"
        assert len(ru) == len(en), f"{page.path.name}:{ts.line}: {len(ru)} Russian vs {len(en)} English paragraphs"
    assert all("sync-group: lang" in page.lines[ts.line] for ts in page.tab_sets)


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: f"{p.path.parent.name}/{p.path.name}")
def test_labels_stand_before_headings_and_references_resolve(page):
    game = page.path.parent.name
    assert page.labels
    for label, number in page.labels:
        assert label.startswith(f"{game}."), label
        assert HEADING.match(page.lines[number]), f"{page.path.name}:{number}: label {label} is not before a heading"
    known = {label for p in all_pages() for label, _ in p.labels}
    known |= {label for label, _ in parse_page(BOOK / "notation" / "glossary.md").labels}  # the shared glossary
    for target in REF.findall("\n".join(page.lines)):
        assert target in known, f"{page.path.name}: unknown reference {target}"


def test_labels_are_unique_in_the_book():
    mine = [label for p in all_pages() for label, _ in p.labels]
    assert len(mine) == len(set(mine))
    everywhere: dict[str, int] = {}
    for md in BOOK.rglob("*.md"):
        for line in md.read_text(encoding="utf-8").splitlines():
            if m := LABEL.match(line.strip()):
                everywhere[m.group(1)] = everywhere.get(m.group(1), 0) + 1
    assert all(everywhere[label] == 1 for label in mine), [label for label in mine if everywhere[label] > 1]


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_one_clarification_per_ruling(game):
    page = parse_page(BOOK / game / "clarifications.md")
    expected = [f"{game}.ruling-{n}" for n in range(1, RULINGS[game] + 1)]
    assert [label for label, _ in page.labels if ".ruling-" in label] == expected
    text = "\n".join(page.lines)
    assert text.count("\n> ") >= RULINGS[game], "each ruling quotes the source"
    engine = sum(1 for label, _ in page.labels if label.endswith(".engine"))  # the engine's own decisions
    assert len(page.tab_sets) == RULINGS[game] + engine


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: f"{p.path.parent.name}/{p.path.name}")
def test_no_email_addresses(page):
    assert not EMAIL.search("\n".join(page.lines))
