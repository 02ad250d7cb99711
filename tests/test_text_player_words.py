"""What a player reads says its numbers and its terms plainly, in both languages.

Every game of the registry (``rules.GAMES``) is played at random, seeded, for every player
count, and its teaching set-ups too; every explanation of a legal action, every note, result
and refusal, every option label and rule title, every label and drawing of its play app, and
every page of the book (Markdown and the notebooks' Markdown and saved outputs) is read
(:mod:`tests.player_texts`). None of them may hedge a plural («карт(ы)», «колод(ах)»,
"deck(s)"), put a number beside the wrong form of its noun ("1 cards", «2 чисел»), abbreviate
«оч.», or use a word the shared glossary (``book/notation/glossary.md``) gives to another idea.
"""

from __future__ import annotations

import re

import pytest

from rules import GAMES
from tests import player_texts

#: a word with an ending in brackets: «карт(ы)», «колод(ах)», «выполнил(и)», "deck(s)", "option(s)"
HEDGED = re.compile(r"[A-Za-zА-Яа-яЁё]\((?:s|es|ы|и|а|я|ах|ях|ов|ев|ей|у|ю|ем|ом|ой|ые|ий|ая|ое|ям|ями)\)")

#: abbreviated nouns a count should spell out
ABBREVIATED = re.compile(r"(?<![\w-])оч(?:к)?\.(?!\w)|\b\d+ pts\b")

#: English nouns a count names: "1 card" but "2 cards"
EN_NOUNS = "card|point|move|deck|barrel|joker|option|round|deal|trick|cell|turn|wild card|number|meld"
#: a number after these names a player or a seat, and the word after it is a verb ("player 1 deals")
EN_NAMED = r"(?<![Pp]layer )(?<![Ss]eat )(?<![Tt]eam )(?<![Pp]layers )"
EN_ONE_WITH_PLURAL = re.compile(rf"(?<![\d.,/–-]){EN_NAMED}\b1 (?:{EN_NOUNS})s\b")
EN_MANY_WITH_SINGULAR = re.compile(rf"(?<![\d.,/–-]){EN_NAMED}\b(?:0|[2-9]|\d\d+) (?:{EN_NOUNS})\b(?![s-])")

#: Russian nouns a count names, in the forms a number takes in the nominative and accusative:
#: 1 (21, 31 ...), 2–4 (22–24 ...) and the rest (5–20, 25–30 ...)
RU_NOUNS = {
    "карта": ("карта", "карты", "карт"),
    "карту": ("карту", "карты", "карт"),
    "очко": ("очко", "очка", "очков"),
    "ход": ("ход", "хода", "ходов"),
    "число": ("число", "числа", "чисел"),
    "джокер": ("джокер", "джокера", "джокеров"),
    "бочонок": ("бочонок", "бочонка", "бочонков"),
}
#: after these words a number and its noun are in the genitive («из 4 карт», «не больше 21 карты»)
RU_GOVERNING = ("из", "до", "от", "больше", "меньше", "более", "менее", "около", "нет", "хватает", "без", "для", "счёт")
RU_COUNT = re.compile(
    r"(?:(\w+) )?(?<![\d,.])(\d+) (" + "|".join(sorted({f for forms in RU_NOUNS.values() for f in forms})) + r")\b"
)


def ru_form_index(n: int) -> int:
    """Which of the three forms a number takes: 0 for 1, 21, 101; 1 for 2–4, 22–24; 2 for the rest."""
    last, last_two = n % 10, n % 100
    if last == 1 and last_two != 11:
        return 0
    if last in (2, 3, 4) and last_two not in (12, 13, 14):
        return 1
    return 2


def ru_disagreements(text: str) -> list[str]:
    """The counts whose noun is in the wrong form for its number."""
    wrong = []
    for match in RU_COUNT.finditer(text):
        before, number, word = match.group(1), int(match.group(2)), match.group(3)
        if before and before.lower() in RU_GOVERNING:
            continue
        expected = {forms[ru_form_index(number)] for forms in RU_NOUNS.values() if word in forms}
        if word not in expected:
            wrong.append(f"{number} {word}")
    return wrong


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
    return [*player_texts.engine_texts(), *player_texts.app_texts(), *player_texts.chapter_texts()]


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


def test_every_count_agrees_with_its_noun(said):
    found = [(t, m.group(0)) for t in said if t.lang == "en" for m in EN_ONE_WITH_PLURAL.finditer(t.text)]
    found += [(t, m.group(0)) for t in said if t.lang == "en" for m in EN_MANY_WITH_SINGULAR.finditer(t.text)]
    found += [(t, bad) for t in said if t.lang == "ru" for bad in ru_disagreements(t.text)]
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


def test_the_counts_check_knows_russian_number_agreement():
    """The checker itself: forms of 1, 2–4 and 5–20, 21, 22, 111, and the genitive after «из»."""
    assert ru_disagreements("взял 1 карту, 2 карты, 5 карт, 21 карту, 22 карты, 111 карт") == []
    assert ru_disagreements("набор из 3 карт, не больше 21 карты") == []
    assert ru_disagreements("только 1 карт, 2 чисел, 5 очка, 24 карт") == ["1 карт", "2 чисел", "5 очка", "24 карт"]
    assert HEDGED.search("только 3 карт(ы)") and HEDGED.search("2 deck(s)") and not HEDGED.search("f(x)")
    assert EN_ONE_WITH_PLURAL.search("held only 1 cards") and not EN_ONE_WITH_PLURAL.search("21 cards")
