"""What a player reads says its numbers and its terms plainly, in both languages.

Every game of the registry (``rules.GAMES``) is played at random, seeded, for every player
count, and its teaching set-ups too; every explanation of a legal action, every note, result
and refusal, every option label and rule title, every label and drawing of its play app, and
every page of the book (Markdown and the notebooks' Markdown and saved outputs) is read
and the chapters' explorers and every exercise kind as a reader works them
(:mod:`tests.player_texts`). None of them may hedge a plural («карт(ы)», «колод(ах)»,
"deck(s)"), break the grammar of a count, a verb or a preposition as a morphological analyser
reads it (:mod:`tests.grammar`: "1 cards", «1 закрытых ячеек», «1 карта бьют», «за игрок 3»),
abbreviate «оч.», or use a word the shared glossary (``book/notation/glossary.md``) gives to
another idea.
"""

from __future__ import annotations

import re

import pytest

from rules import GAMES
from tests import grammar, player_texts

#: a word with an ending in brackets: «карт(ы)», «колод(ах)», «выполнил(и)», "deck(s)", "option(s)"
HEDGED = re.compile(r"[A-Za-zА-Яа-яЁё]\((?:s|es|ы|и|а|я|ах|ях|ов|ев|ей|у|ю|ем|ом|ой|ые|ий|ая|ое|ям|ями)\)")

#: abbreviated nouns a count should spell out
ABBREVIATED = re.compile(r"(?<![\w-])оч(?:к)?\.(?!\w)|\b\d+ pts\b")

#: words the glossary gives to another idea, in every text: (language, pattern, the glossary's word)
CONFLICTS = [
    ("en", r"\byour move\b", "a player's go is their turn (ход, очередь игрока)"),
    ("en", r"\bdraw, act, discard\b", "a rummy turn is draw, meld, discard"),
    ("en", r'(?<!literally ")\bthe first action\b', "«первое действие» is the opening"),
    ("en", r"\bout of one's turn\b", "«вне своего хода» is out of turn"),
    ("en", r"\bactions? (?:may|can) be made\b", "actions are taken"),
    ("en", r"\bdefinite card\b", "a joker in a run stands for a specific card"),
    ("en", r"\b(?:a|the) stake\b", "«игровой залог» is a deposit; «ставки» are the stakes"),
    ("en", r"\bWinner: [^.]*, ", "more than one winner are the winners"),
    ("ru", r"\bв первое действие\b", "points count «в счёт первого действия»"),
    ("ru", r"[Пп]одкидывание и отбой|\bход/отбой\b", "«отбой» is the discard pile, not beating (отбивание)"),
    ("ru", r"\bдикие карты\b", "twos and jokers are «карты-джокеры»"),
    ("ru", r"\(Игрок \d+\)|\((?:набор|последовательность), игрок", "a player is named in the sentence's case"),
    ("ru", r"Победитель: [^.;]*, ", "more than one winner are «победители»"),
    ("ru", r"\bза двоих перехват", "with two players: «вдвоём»"),
]
#: in the texts of one game: (game, language, pattern, the glossary's word)
GAME_CONFLICTS = [
    (
        "joker_rummy",
        "ru",
        r"\bоткрыти[еяю]\b|\bоткрыть?ся\b|\bоткрылс[яь]\b",
        "the opening is «первое действие», to open «выложиться»",
    ),
    ("joker_rummy", "en", r"\blay(?:s|ing)? out\b|\blaid out\b", "rummy's word is meld or lay down"),
]
#: the engines' and apps' own words only (the chapters quote the source, which says «комбинация» for both)
OWN_CONFLICTS = [
    (
        "dummy_rummy",
        "ru",
        r"\b(?:выполни\w*|собран\w*|собрать|выложи\w*) (?:свою |последнюю |все |назначенную )?комбинаци",
        "Dummy rummy's contract is «контракт»; «комбинация» is a meld",
    ),
]


def _said() -> list[player_texts.Text]:
    return [
        *player_texts.engine_texts(),
        *player_texts.app_texts(),
        *player_texts.explorer_texts(),
        *player_texts.exercise_texts(),
        *player_texts.chapter_texts(),
    ]


@pytest.fixture(scope="module")
def said() -> list[player_texts.Text]:
    return _said()


def _shown(found: list[tuple[player_texts.Text, str]]) -> str:
    seen, lines = set(), []
    for text, bad in found:
        key = (text.where.split(":")[0].split(" ")[0], bad)
        if key not in seen:
            seen.add(key)
            lines.append(f"{text.where} ({text.lang}): {bad!r} in {text.text[:160]!r}")
    return "\n".join(lines[:25])


def test_every_game_and_its_app_and_chapter_are_read(said):
    """The check reads every registered game: its engine, its play app and its chapter."""
    wheres = {t.where for t in said}
    for gid in GAMES:
        assert any(w.startswith(f"{gid} ") for w in wheres), gid
        assert any(w.startswith(f"{gid} app") for w in wheres), gid
        assert any(w.startswith(f"book/{gid}/") for w in wheres), gid
    kinds = {t.where.rsplit(": ", 1)[-1] for t in said if ": " in t.where}
    assert {"action", "note", "refusal", "result"} <= kinds


def test_no_hedged_plural_reaches_a_player(said):
    found = [(t, m.group(0)) for t in said for m in HEDGED.finditer(t.text)]
    assert not found, _shown(found)


def test_no_abbreviated_count_reaches_a_player(said):
    found = [(t, m.group(0)) for t in said for m in ABBREVIATED.finditer(t.text)]
    assert not found, _shown(found)


def _sources() -> str:
    """The Russian sources' words, quoted as they stand in the chapters (their grammar is theirs)."""
    return " ".join(
        " ".join(p.read_text(encoding="utf-8").split()) for p in (player_texts.BOOK / "sources").glob("*.txt")
    )


def _own(text: player_texts.Text, sources: str) -> str:
    """What of ``text`` is the book's own: a chapter's line less the parts quoted from a source."""
    if not text.where.startswith("book/"):
        return text.text
    parts = re.split(r" · |\|| — |(?<=[.:,]) ", text.text)
    return " · ".join(p for p in parts if " ".join(p.strip("#>|.,:; ").split()) not in sources)


def test_every_count_agrees_with_its_noun_and_verb(said):
    """Read by a morphological analyser (:mod:`tests.grammar`): counts and their nouns and adjectives
    in the case the phrase needs, verbs beside a count, a noun after a preposition, in both languages."""
    sources = _sources()
    english = [t.text for t in said if t.lang == "en"]
    nouns, verbs = grammar.en_vocabulary(english)
    found = [(t, bad) for t in said if t.lang == "en" for bad in grammar.en_problems(t.text, nouns, verbs)]
    found += [(t, bad) for t in said if t.lang == "ru" for bad in grammar.ru_problems(_own(t, sources))]
    assert not found, _shown(found)


def test_no_word_the_glossary_gives_to_another_idea(said):
    found = []
    for lang, pattern, why in CONFLICTS:
        rx = re.compile(pattern)
        found += [(t, f"{m.group(0)} ({why})") for t in said if t.lang == lang for m in rx.finditer(t.text)]
    for game, lang, pattern, why in GAME_CONFLICTS:
        rx = re.compile(pattern)
        mine = [t for t in said if t.lang == lang and (t.where.startswith(f"{game} ") or f"/{game}/" in t.where)]
        found += [(t, f"{m.group(0)} ({why})") for t in mine for m in rx.finditer(t.text)]
    engines_and_apps = [t for t in said if not t.where.startswith("book/")]
    for game, lang, pattern, why in OWN_CONFLICTS:
        rx = re.compile(pattern)
        mine = [t for t in engines_and_apps if t.lang == lang and t.where.startswith(f"{game} ")]
        found += [(t, f"{m.group(0)} ({why})") for t in mine for m in rx.finditer(t.text)]
    assert not found, _shown(found)


def test_the_games_sentences_begin_with_a_capital(said):
    """A move, a note or a result is a sentence; a status line puts a result after a full stop."""
    told = [t for t in said if t.where.rsplit(": ", 1)[-1] in ("action", "note", "result") and t.text]
    found = [(t, t.text[:20]) for t in told if t.text[0].islower()]
    assert not found, _shown(found)


def test_the_grammar_check_marks_what_a_teacher_marks():
    """The checker itself, on the faults once shipped and their corrections."""
    wrong_ru = {
        "Скольких карт не хватает для контракт 2?": "для контракт",
        "Д♠ бьют 1 карта.": "бьют",
        "то же значение, на линии масти трефы": "масти трефы",
        "основные карты 1 закрытых ячеек перемешиваются": "1 закрытых ячеек",
        "За игрок 3 играет бот": "За игрок",
        "не хватает 2 карты": "2 карты",
        "только 1 карт, 2 чисел, 5 очка, 24 карт": "24 карт",
        "21 закрытый ячейка": "21 закрытый ячейка",
        "Контракты: игрок 1 1, игрок 2 1": "игрок 1 1",
    }
    for text, quote in wrong_ru.items():
        assert any(quote in p for p in grammar.ru_problems(text)), text
    right_ru = [
        "Скольких карт не хватает для контракта 2? (0 — уже собран.)",
        "Д♠ бьёт 1 карта. 1 карта бьёт Д♠, 2 карты бьют Д♠.",
        "то же значение, на линии масти треф; у масти пик",
        "основные карты 1 закрытой ячейки и карты 22 закрытых ячеек; 5 закрытых ячеек, 2 закрытые ячейки",
        "За игрока 3 играет бот; с 2 закрытыми ячейками; 21 закрытая ячейка",
        "взял 1 карту, 2 карты, 5 карт, 21 карту, 22 карты, 111 карт; набор из 3 карт, не больше 21 карты",
        "Контракты: у игрока 1 — контракт 1; ходят по часовой стрелке",
    ]
    for text in right_ru:
        assert grammar.ru_problems(text) == [], text
    nouns, verbs = grammar.en_vocabulary(["2 cards, a card, 3 cells, a cell, 4 moves, one move", "Player 2 beats Q♠"])
    wrong_en = {
        "the main cards of the 1 unopened cells": "1 unopened cells",
        "player 2 held 1 cards when the bout began": "1 cards",
        "1 card beat Q♠": "beat",
        "Contracts: player 1 1, player 2 1": "player 1 1",
        "BJ → №1": "№",
        "it takes 3 move": "3 move",
    }
    for text, quote in wrong_en.items():
        assert any(quote in p for p in grammar.en_problems(text, nouns, verbs)), text
    right_en = [
        "the main cards of the 1 unopened cell; 3 unopened cells; 1 card beats Q♠; 2 cards beat Q♠; player 2 moves"
    ]
    for text in right_en:
        assert grammar.en_problems(text, nouns, verbs) == [], text
    assert HEDGED.search("только 3 карт(ы)") and HEDGED.search("2 deck(s)") and not HEDGED.search("f(x)")
