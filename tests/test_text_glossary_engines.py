"""The games' own sentences (log, explanations, button texts) speak the shared glossary's words.

The chapters were translated in the terms of ``book/notation/glossary.md``; the engines' and the
views' texts are read by the same readers, next to the chapters, so they use the same words.
Every recorded game of ``tests/golden`` is replayed; at every step the explanation of every legal
action and its button text are read in both languages, with the story told so far.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from tests.golden.record import cases

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = (ROOT / "book" / "notation" / "glossary.md").read_text(encoding="utf-8")


def _texts(gid: str) -> dict[str, dict[str, set[str]]]:
    """Every sentence of the recorded games, by the class that says it and by language."""
    game = rules.GAMES[gid]
    view_class = game.view_class()
    views = {lang: view_class(lang=lang) for lang in ("en", "ru")}
    said: dict[str, dict[str, set[str]]] = {}

    def note(kind: str, lang: str, text: str) -> None:
        said.setdefault(kind, {"en": set(), "ru": set()})[lang].add(text)

    for case in cases(game):
        state = game.make(case["factory"], **case["args"])
        for label in case["history"]:
            for action in state.legal_actions():
                for lang, view in views.items():
                    note(type(action).__name__, lang, action.explain(lang))
                    note(type(action).__name__ + " button", lang, view.action_text(action))
            state.apply_label(label)
        for lang in ("en", "ru"):
            for entry in state.log(lang):
                note(entry.kind, lang, entry.text)
    return said


@pytest.fixture(scope="module", params=sorted(rules.GAMES))
def told(request):
    return request.param, _texts(request.param)


def _all(said, lang: str) -> str:
    return "\n".join(text for by_lang in said.values() for text in by_lang[lang])


# words the glossary does not use for these games, and the glossary's word instead
WRONG = {
    "en": [
        (r"\(done\)", '«Бито» has one gloss in the glossary, "beaten"'),
        (r"draw pile", "DoMiMi's is the personal deck"),
        (r"the discard(?! pile)", "the glossary's term is the discard pile"),
        (r"adds to the taker|add cards to his|may still add cards|adds no more", "after a take the others throw in"),
        (r"\bleader\b", "ведущий is the attacker"),
    ],
    "ru": [
        (r"доклад", "in Durak the others подкидывают; докладывать is rummy's lay off"),
        (r"в начале хода|за один ход", "Durak's bout is кон"),
    ],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_sentence_of_the_games_uses_a_word_the_glossary_does_not(told, lang):
    game, said = told
    assert said, game
    text = _all(said, lang)
    for pattern, why in WRONG[lang]:
        found = re.search(pattern, text)
        assert not found, (
            f"{game} ({lang}): {found.group(0)!r} in {text[max(0, found.start() - 80) : found.end() + 40]!r}: {why}"
        )


def test_every_button_text_is_in_the_readers_language(told):
    """No Russian button falls back to an English label, no English one shows Russian words."""
    game, said = told
    latin_word = re.compile(r"\b[a-z]{3,}\b")
    for kind, by_lang in said.items():
        if kind.endswith(" button"):
            for text in by_lang["ru"]:
                assert not latin_word.search(text), f"{game}: Russian button {text!r}"
            for text in by_lang["en"]:
                assert not re.search(r"[а-яё]{3,}", text.replace("«Бито»", "")), f"{game}: English button {text!r}"


def _gloss(russian: str) -> str:
    """The English column of the shared glossary's row for ``russian``."""
    row = next(line for line in GLOSSARY.splitlines() if line.startswith(f"| {russian} |"))
    return row.split("|")[2].strip()


def test_durak_says_bito_and_throws_in_as_the_glossary_does():
    said = _texts("durak")
    beaten = re.search(r'"(\w+)"', _gloss("«Бито»")).group(1)  # the glossary's one gloss
    assert beaten == "beaten"
    # the log says what a pass does (no more cards thrown in), never «Бито» before anything was beaten;
    # the button the defender's attackers press once the cards are beaten is the glossary's «Бито»
    assert all(" throws in no more " in text for text in said["Pass"]["en"])
    assert all(" больше не подкидывает" in text for text in said["Pass"]["ru"])
    assert any(f'«Бито» ("{beaten}")' == text for text in said["Pass button"]["en"])
    thrown = [t for t in said["ThrowIn"]["en"]]
    assert thrown and all(" throws in " in t for t in thrown)  # after a take as well
    assert all(" подкидывает " in t for t in said["ThrowIn"]["ru"])
    assert any("discard pile" in t for t in said["note"]["en"]) and any("отбой" in t for t in said["note"]["ru"])
    assert "discard pile" in _gloss("отбой; идти в отбой")


def test_domimi_speaks_of_the_personal_deck_and_the_discard_pile():
    said = _texts("domimi")
    chapter = (ROOT / "book" / "domimi" / "rules.md").read_text(encoding="utf-8")
    assert "| личная колода | personal deck |" in chapter and "| сброс | discard pile |" in chapter
    refills, steals = said["Refill"]["en"], said["Steal"]["en"]
    assert len({t.split(": ", 1)[1] for t in refills}) == 2 and steals  # both ways to refill, and a steal
    assert all("personal deck" in t for t in steals) and any("personal deck" in t for t in refills)
    assert all("discard pile" in t for t in refills | steals | said["EndTurn"]["en"])
    assert all("личной колоды" in t for t in said["Refill"]["ru"] | said["Steal"]["ru"] if "колод" in t)
