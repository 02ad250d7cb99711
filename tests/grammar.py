"""Grammar a reader checks, read by a morphological analyser rather than by word lists.

Russian words are parsed by pymorphy3 with its Russian dictionary: every form a word may be
(part of speech, number, case, gender) is known, so a count is checked against its noun
whatever the noun, with the adjectives between them, in the case the phrase needs (after a
preposition, «не хватает», «больше»); a verb beside a count of one is singular; a noun after a
preposition is in a case that preposition takes («за игрока 3», not «за игрок 3»); the name of a
suit after «масти» is in the genitive plural («масти треф»).

English nouns are told singular or plural by ``inflect``; which words are counted nouns and
which are verbs in the third person is learnt from the texts read (the words after a count of
two or more, the words after "Player 3"), so no list of the games' nouns is kept here.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

import inflect
import pymorphy3

from rules.cards import Suit

_MORPH = pymorphy3.MorphAnalyzer(lang="ru")
_INFLECT = inflect.engine()

#: the cases each Russian preposition takes
PREP_CASES: dict[str, frozenset[str]] = {
    word: frozenset(cases.split())
    for words, cases in (
        (
            "без для до из от у около после кроме вместо против среди вокруг возле мимо ради вне сверх из-за из-под",
            "gent",
        ),
        ("к ко", "datv"),
        ("по", "datv loct accs"),
        ("о об обо", "loct accs"),
        ("при", "loct"),
        ("в во на", "accs loct"),
        ("за под подо", "accs ablt"),
        ("над перед передо", "ablt"),
        ("между", "ablt gent"),
        ("с со", "gent ablt accs"),
        ("через про сквозь", "accs"),
    )
    for word in words.split()
}
#: words after which a count is in the genitive («не хватает 2 карт», «больше 21 карты»)
GENITIVE_AFTER = frozenset("больше меньше более менее свыше около нет хватает недостаёт недостает".split())
_CASE = {"gen1": "gent", "gen2": "gent", "acc1": "accs", "acc2": "accs", "loc1": "loct", "loc2": "loct"}

#: a word (hyphenated words whole), a number, or anything else but spaces (a break between phrases);
#: quotation marks are read through («за «денежную» карту»)
_TOKEN = re.compile(r"(?P<word>[А-Яа-яЁёA-Za-z]+(?:-[А-Яа-яЁёA-Za-z]+)*)|(?P<num>\d+)|(?P<other>[^\s«»“”\"']+)")


@functools.cache
def parses(word: str) -> tuple:
    """Every reading of a Russian word: (part of speech, number, case, gender, animacy, lemma)."""
    found = []
    for p in _MORPH.parse(word.lower()):
        tag = p.tag
        case = str(tag.case) if tag.case else None
        found.append(
            (
                tag.POS,
                tag.number and str(tag.number),
                _CASE.get(case, case),
                tag.gender and str(tag.gender),
                tag.animacy and str(tag.animacy),
                p.normal_form,
            )
        )
    return tuple(found)


def _is(word: str, *pos: str) -> bool:
    """Every reading of ``word`` is one of ``pos`` (no doubt about what the word is)."""
    return all(p[0] in pos for p in parses(word))


def _singular_noun(word: str) -> bool:
    """Every noun reading of ``word`` is singular: a number after it names («игрок 3», «бочонок 17»)."""
    return all(p[1] == "sing" for p in parses(word) if p[0] == "NOUN")


@functools.cache
def _top(word: str) -> str | None:
    return _MORPH.parse(word.lower())[0].tag.POS


def _tokens(text: str) -> list[tuple[str, str]]:
    return [(m.lastgroup, m.group(0)) for m in _TOKEN.finditer(text)]


def category(n: int) -> str:
    """Which form a Russian count takes: "one" for 1, 21, 101; "few" for 2–4, 22–24; "many" else."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def _noun_ok(word: str, cat: str, cases: frozenset[str] | None) -> list[tuple]:
    """The readings of ``word`` that a count of category ``cat`` allows (``cases`` after a governing word)."""
    ok = []
    for r in parses(word):
        if r[0] != "NOUN":
            continue
        _pos, number, case, _gender, animacy, _lemma = r
        if (cases is None or "accs" in cases) and (  # a subject or an object: the count's own forms
            (cat == "one" and number == "sing" and case in ("nomn", "accs"))
            or (cat == "few" and number == "sing" and case == "gent")
            or (cat == "few" and number == "plur" and case == "accs" and animacy == "anim")
            or (cat == "many" and number == "plur" and case in ("gent", "accs"))
        ):
            ok.append((r, "count"))
        if cases is not None:
            want = "sing" if cat == "one" else "plur"
            if number == want and case in cases:
                ok.append((r, case))
    return ok


def _adjective_ok(word: str, noun: tuple, how: str, cat: str) -> bool:
    """An adjective between a count and its noun agrees with them both."""
    for pos, number, case, gender, _animacy, _lemma in parses(word):
        if pos not in ("ADJF", "PRTF"):
            continue
        if how == "count":
            if cat == "one" and number == "sing" and case == noun[2] and gender in (None, noun[3]):
                return True
            if cat == "few" and number == "plur" and case in ("gent", "nomn", "accs"):
                return True
            if cat == "many" and number == "plur" and case in ("gent", "accs"):
                return True
        elif number == ("sing" if cat == "one" else "plur") and case == how:
            return True
    return False


def _count_problem(words: list[str], cat: str, cases: frozenset[str] | None) -> str | None:
    """``words``: the adjectives and the noun after a count. The noun must take the count's form, each
    adjective must agree. None when it does (or when what follows is not a noun at all)."""
    *adjectives, noun = words
    readings = _noun_ok(noun, cat, cases)
    if not readings:
        return "noun"
    for reading, how in readings:
        if all(_adjective_ok(a, reading, how, cat) for a in adjectives):
            return None
    return "adjective"


def _phrase(tokens: list[tuple[str, str]], start: int) -> list[str] | None:
    """The adjectives and the noun from ``tokens[start]`` on, or None if no noun follows them."""
    words = []
    for kind, text in tokens[start : start + 4]:
        if kind != "word" or not re.match(r"[а-яё]", text):
            return None
        top = _top(text)
        if top == "NOUN":
            return [*words, text]
        if top not in ("ADJF", "PRTF"):
            return None
        words.append(text)
    return None


_MONTHS = frozenset("январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь".split())
#: words that begin a clause after a preposition («у которой линия уже есть»)
_RELATIVE = frozenset({"который", "какой", "чей"})


@functools.cache
def _suits_genitive() -> tuple[frozenset[str], frozenset[str]]:
    names = frozenset(s.name_in("ru").lower() for s in Suit)
    return names, frozenset(p[5] for n in names for p in parses(n) if p[0] == "NOUN")


def ru_problems(text: str) -> list[str]:
    """What a Russian teacher would mark in ``text``, line by line: each a short quote with the reason."""
    return [problem for line in text.splitlines() for problem in _ru_line(line)]


def _ru_line(text: str) -> list[str]:
    tokens = _tokens(text)
    starts = [m.start() for m in _TOKEN.finditer(text)]
    found = [f"«{m.group(0)}»: a player's number run into a count" for m in re.finditer(r"\bигрок\w* \d+ \d+\b", text)]
    for i, (kind, tok) in enumerate(tokens):
        if kind == "num":
            found += _count_problems(text, tokens, starts, i)
        elif kind == "word" and tok.lower() in PREP_CASES and _top(tok) == "PREP":
            found += _preposition_problems(text, tokens, starts, i)
        elif kind == "word":
            found += _suit_problems(tokens, i)
    return found


def _count_problems(text: str, tokens: list[tuple[str, str]], starts: list[int], i: int) -> list[str]:
    """A number and the phrase it counts: the noun's and adjectives' case and number, and a verb
    beside «1 карта» in the plural."""
    tok = tokens[i][1]
    before = tokens[i - 1] if i else ("other", "")
    n = int(tok)
    if before[0] == "num" or (before[0] == "word" and _top(before[1]) == "NOUN" and _singular_noun(before[1])):
        return []  # a number that names: «игрок 3», «бочонок 17», «раздача 2»
    if starts[i] and not text[starts[i] - 1].isspace():
        return []  # part of a larger figure or a range: «2,5», «1–3», «№3», «+2»
    cases = _cases_before(before)
    phrase = _phrase(tokens, i + 1)
    if phrase is None or any(p[5] in _MONTHS for p in parses(phrase[-1])):
        return []  # no noun, or a date («14 июля»)
    cat = category(n)
    problem = _count_problem(phrase, cat, cases)
    quote = " ".join([before[1]] if cases else []) + (" " if cases else "") + f"{n} {' '.join(phrase)}"
    if problem == "noun":
        return [f"«{quote}»: the noun does not agree with {n}"]
    if problem == "adjective":
        return [f"«{quote}»: an adjective does not agree with {n} and its noun"]
    if cat != "one" or cases is not None:
        return []
    subject = all(p[2] == "nomn" for p in parses(phrase[-1]) if p[0] == "NOUN")
    after = tokens[i + 1 + len(phrase)] if i + 1 + len(phrase) < len(tokens) else ("other", "")
    return [
        f"«{n} {' '.join(phrase)}» with «{neighbour[1]}»: the verb is plural"
        for neighbour in (before, after)
        if subject
        and neighbour[0] == "word"
        and _is(neighbour[1], "VERB")
        and all(p[1] == "plur" for p in parses(neighbour[1]))
    ]


def _cases_before(before: tuple[str, str]) -> frozenset[str] | None:
    """The cases a count takes after the word ``before`` (a preposition, «не хватает», a noun), or None."""
    if before[0] != "word":
        return None
    low = before[1].lower()
    if low in PREP_CASES:
        return PREP_CASES[low]
    if low in GENITIVE_AFTER:
        return frozenset({"gent"})
    if _top(before[1]) == "NOUN":  # «карты 22 закрытых ячеек»: a count of what the noun is of
        return frozenset({"gent", "accs"})
    return None


def _preposition_problems(text: str, tokens: list[tuple[str, str]], starts: list[int], i: int) -> list[str]:
    """A preposition and the noun it governs, adjectives between them skipped."""
    tok = tokens[i][1]
    if re.match(r"\s*[«\"“]", text[starts[i] + len(tok) :]):
        return []  # a title quoted as it stands
    cases = PREP_CASES[tok.lower()]
    j = i + 1
    while j < len(tokens) and tokens[j][0] == "word" and _top(tokens[j][1]) in ("ADJF", "PRTF"):
        if any(p[5] in _RELATIVE for p in parses(tokens[j][1])):
            break  # «у которой линия …»: a clause begins
        j += 1
    if j < len(tokens) and tokens[j][0] == "word" and re.match(r"[а-яё]", tokens[j][1], re.I):
        word = tokens[j][1]
        if _top(word) == "NOUN" and not any(p[2] in cases for p in parses(word)):
            return [f"«{tok} {word}»: «{tok}» takes {'/'.join(sorted(cases))}"]
    return []


def _suit_problems(tokens: list[tuple[str, str]], i: int) -> list[str]:
    """«масти» followed by a suit's name not in the genitive («масти трефы»)."""
    tok = tokens[i][1]
    if i + 1 >= len(tokens) or not any(p[5] == "масть" for p in parses(tok)):
        return []
    if any(p[1] == "sing" and p[2] in ("nomn", "accs") for p in parses(tok)):
        return []
    suit_names, suit_lemmas = _suits_genitive()
    nxt = tokens[i + 1]
    if (
        nxt[0] == "word"
        and nxt[1].lower() in suit_names | suit_lemmas
        and not any(p[1] == "plur" and p[2] == "gent" for p in parses(nxt[1]))
    ):
        return [f"«{tok} {nxt[1]}»: the suit's name after «масти» is in the genitive"]
    return []


# ---------------------------------------------------------------- English

_EN_WORD = re.compile(r"[A-Za-z]+(?:['-][A-Za-z]+)*|\d+(?:[.,]\d+)?|[^\sA-Za-z\d]+")
#: words between a count and its noun ("2 more cards", "the 3 unopened cells")
_EN_BETWEEN = re.compile(r"(?:more|other|extra|money|wild|new|free|open|\w+ed|\w+en|\w+ing)$")
#: words after which a number names rather than counts ("No. 3", "seat 2", "stage 2")
_EN_NAMING = frozenset({"no", "#", "seat", "team", "stage", "level", "chapter", "seed"})
_EN_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do"}


@functools.cache
def _singular(word: str) -> str | None:
    """The singular of a plural English noun, or None when ``word`` is not a plural."""
    if not word.isalpha():
        return None
    s = _INFLECT.singular_noun(word)
    return s if s and s != word else None


def en_vocabulary(texts: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """From what is read: the nouns counted (their singulars: "card" from "3 cards") and the verbs
    in the third person singular ("beats" from "Player 2 beats Q♠")."""
    plurals, singulars, verbs = set(), set(), set()
    for text in texts:
        for m in re.finditer(r"(?<![^\s(])(?:[2-9]|\d\d+) ([a-z]+)\b", text):
            if s := _singular(m.group(1)):
                plurals.add(s)
        singulars.update(re.findall(r"\b(?:1|[Aa]n?|[Oo]ne|[Ee]ach|[Ee]very) ([a-z]+)\b", text))
        verbs.update(re.findall(r"\b[Pp]layer \d+ ([a-z]+s)\b", text))
    return frozenset(plurals & singulars), frozenset(verbs) | frozenset(_EN_IRREGULAR)


def en_problems(text: str, nouns: frozenset[str], verbs: frozenset[str]) -> list[str]:
    """Counts whose noun is in the wrong number, verbs that disagree with a count, a name's number
    run into a count ("player 1 1"), and the Russian «№» in English."""
    found = []
    if "№" in text:
        found.append("«№» in English: No. or the number alone")
    for m in re.finditer(r"\bplayer \d+ \d+\b", text):  # inside a sentence, not a name tag
        found.append(f"{m.group(0)!r}: a player's number run into a count")
    for line in text.splitlines():
        found += _en_line(line, nouns, verbs)
    return found


def _en_line(text: str, nouns: frozenset[str], verbs: frozenset[str]) -> list[str]:
    found = []
    matches = list(_EN_WORD.finditer(text))
    tokens = [m.group(0) for m in matches]
    for i, tok in enumerate(tokens):
        if not tok.isdigit() or (matches[i].start() and not text[matches[i].start() - 1].isspace()):
            continue
        before = tokens[i - 1] if i else ""
        if before.lower() in nouns or before.lower() in _EN_NAMING or before.isdigit():
            continue  # a number that names: "player 3", "barrel 17", "deal 2"
        n, j = int(tok), i + 1
        while j < len(tokens) and j < i + 3 and _EN_BETWEEN.match(tokens[j]) and tokens[j].lower() not in nouns:
            j += 1
        if j >= len(tokens):
            continue
        word = tokens[j]
        single = _singular(word)
        phrase = " ".join(tokens[i : j + 1])
        if n == 1 and single in nouns:
            found.append(f"{phrase!r}: one takes the singular")
            continue
        after = tokens[j + 1] if j + 1 < len(tokens) else ""
        if n != 1 and word in nouns and not _singular(after):  # not "10 game roubles"
            found.append(f"{phrase!r}: {n} takes the plural")
            continue
        if (
            n == 1
            and word in nouns
            and (after + "s" in verbs or after + "es" in verbs or after in _EN_IRREGULAR.values())
        ):
            found.append(f"{phrase} {after!r}: the verb of one is singular")
        if n != 1 and single in nouns and after in verbs:
            found.append(f"{phrase} {after!r}: the verb of {n} is plural")
    return found
