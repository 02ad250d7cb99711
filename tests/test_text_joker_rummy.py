"""The Joker rummy chapter keeps the whole source text, in order, beside its translation.

The Russian tabs of ``book/joker_rummy/rules.md`` hold exactly the middle part of the
source file, from «Раздача.» to the signature, with the ♥ signs the file lost restored;
the clarifications quote the source for each ruling.
"""

from __future__ import annotations

import re

import pytest

from rules import joker_rummy as jr
from tests.test_text_durak_minefield import BOOK, EMAIL, REF, SOURCES, parse_page
from tests.test_text_translation import (
    test_every_question_is_asked_in_both_languages as check_questions,
)
from tests.test_text_translation import (
    test_every_ruling_heading_has_its_russian_twin as check_headings,
)
from tests.test_text_translation import (
    test_the_note_on_top_of_each_page_says_everything_in_both_languages as check_note,
)

FIRST, LAST = "Раздача.", "Семья Козловых-Борисовых"
#: the source's own headings in this part
HEADINGS = (
    "Раздача.",
    "Ход.",
    "Описание действий.",
    "Джокер .",
    "Запреты и рекомендации.",
    "P.S. Джокер тремя колодами",
)
RULINGS = 10


def normalise(text: str) -> str:
    """Whitespace collapsed, no space before a comma; ♥ removed (the source lost every one)."""
    text = " ".join(text.replace("♥", "").split())
    return re.sub(r" ,", ",", text)


def source_lines() -> list[str]:
    lines = [
        line.strip() for line in (SOURCES / "durak-jokers.joker-rummy.podkidnoy.ru.txt").read_text("utf-8").splitlines()
    ]
    assert lines.count(FIRST) == 1 and lines.count(LAST) == 1, "the part's markers moved"
    part = lines[lines.index(FIRST) : lines.index(LAST) + 1]
    return [line for line in part if line]


def pages():
    return [parse_page(BOOK / "joker_rummy" / name) for name in ("rules.md", "clarifications.md")]


def test_every_source_paragraph_is_in_the_russian_tabs_in_order():
    page = parse_page(BOOK / "joker_rummy" / "rules.md")
    russian = [normalise(p) for ts in page.tab_sets for p in ts.paragraphs("ru")]
    body = [normalise(line) for line in source_lines() if line not in HEADINGS]
    assert russian and body
    assert " ".join(russian) == " ".join(body)


def test_the_lost_hearts_are_restored_where_the_text_needs_a_suit():
    text = (BOOK / "joker_rummy" / "rules.md").read_text("utf-8")
    assert "10♣, 10♥, 10♦, 10♠" in text and "D♠, D♥, J" in text
    assert "10♣, 10 , 10♦" not in text


def test_source_headings_are_section_headings():
    page = parse_page(BOOK / "joker_rummy" / "rules.md")
    russian = [h.split(" · ", 1)[1].strip(" .") for h in page.headings if " · " in h]
    for heading in HEADINGS:
        assert any(heading.strip(" .") in r for r in russian), heading


def test_the_authors_are_credited_and_the_words_explained():
    index = (BOOK / "joker_rummy" / "index.md").read_text("utf-8")
    rules = (BOOK / "joker_rummy" / "rules.md").read_text("utf-8")
    for text in (index, rules):
        assert "Григорий Борисов" in text or "Борисов" in text
        assert "Kozlov-Borisov" in text
    assert "discard pile" in rules and "«сток»" in rules
    assert "trick-taking" in rules and "trick-taking" in index


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.path.name)
def test_both_tabs_have_the_same_number_of_paragraphs(page):
    assert page.tab_sets
    for ts in page.tab_sets:
        assert [(title, sync) for title, sync, _ in ts.tabs] == [("Русский", "ru"), ("English", "en")], ts.line
        assert len(ts.paragraphs("ru")) == len(ts.paragraphs("en")), ts.line


def test_every_rule_of_the_engine_has_its_label():
    labels = {label for p in pages() for label, _ in p.labels}
    assert set(jr.RULES) <= labels
    for page in pages():
        for label, number in page.labels:
            assert label.startswith("joker_rummy."), label
            assert page.lines[number].startswith("#"), f"{page.path.name}:{number}: {label} is not before a heading"


def test_one_clarification_per_ruling_each_quoting_the_source():
    page = parse_page(BOOK / "joker_rummy" / "clarifications.md")
    rulings = [label for label, _ in page.labels if ".ruling-" in label]
    assert rulings == [f"joker_rummy.ruling-{n}" for n in range(1, RULINGS + 1)]
    assert "\n".join(page.lines).count("\n> ") >= RULINGS


def test_references_resolve_and_no_email_addresses():
    known = set()
    for md in BOOK.rglob("*.md"):
        known.update(re.findall(r"^\(([A-Za-z0-9_.\-]+)\)=\s*$", md.read_text("utf-8"), flags=re.M))
    for name in ("index.md", "rules.md", "clarifications.md"):
        text = (BOOK / "joker_rummy" / name).read_text("utf-8")
        for target in REF.findall(text):
            assert target in known, f"{name}: unknown reference {target}"
        assert not EMAIL.search(text)


def test_the_clarifications_speak_both_languages_as_the_book_does():
    """The book's shared checks: bilingual headings, each question in both tabs, a bilingual note."""
    path = BOOK / "joker_rummy" / "clarifications.md"
    check_headings(path)
    check_questions(path)
    check_note(path)
