"""The shared core of the exercises: an exercise, its answer's verdict, the kinds and a session.

An :class:`Exercise` is a frozen value: its question in English and Russian, a
picture in each language, how it is answered (:data:`ANSWERS`), the choices
offered, the rule it teaches and the data its checker needs. The right answer is
never written by hand: each kind's generator computes it with the game's own
public functions, and each kind's checker asks the engine again about the
student's answer, so the reason given for a wrong answer is the engine's.

>>> ex = generate("notation.name", seed=3)
>>> ex.kind, ex.seed
('notation.name', 3)
>>> generate("notation.name", seed=3) == ex
True
>>> check(ex, ex.solution).correct
True
"""

from __future__ import annotations

import html
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from rules.cards import Card, NotationError, format_cards, parse_cards
from rules.errors import RulesError, check_lang
from rules.lang import Bi

__all__ = [
    "ANSWERS",
    "DIFFICULTIES",
    "Bi",
    "Choice",
    "Exercise",
    "Kind",
    "Verdict",
    "Session",
    "ExerciseError",
    "kind",
    "judge",
    "kinds",
    "kind_title",
    "kind_wait",
    "games",
    "generate",
    "check",
    "answer_key",
    "answer_text",
    "accepted_keys",
    "MOVE_ARROW",
]

#: how an exercise is answered: several of the choices, one of them, cards typed in
#: notation, a whole number, or one whole number per player
ANSWERS = ("pick", "choose", "cards", "number", "numbers")
#: 1 easy, 2 medium, 3 hard
DIFFICULTIES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the things offered to pick: ``key`` is what an answer holds; ``card`` when it is a card."""

    key: str
    label: Bi
    card: Card | None = None


class ExerciseError(RulesError):
    """A request for an exercise that does not exist (unknown kind, bad seed or difficulty)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise, ready to ask and to check.

    ``answer`` is one of :data:`ANSWERS`; ``choices`` what may be picked (``pick``,
    ``choose``); ``solution`` one right answer in the form the checker reads;
    ``data`` what the kind's checker needs to ask the engine again (text only, so
    the exercise pastes into an assignment); ``picture`` SVG in each language.
    """

    kind: str
    seed: int
    difficulty: int
    question: Bi
    answer: str
    rule: str
    solution: object
    solution_text: Bi
    choices: tuple[Choice, ...] = ()
    picture: Bi = Bi("", "")
    data: tuple[tuple[str, object], ...] = ()
    #: per choice key, why it is (or is not) part of the answer
    reasons: tuple[tuple[str, Bi], ...] = ()
    #: every right answer when there are several (a move the student chooses); else the solution alone
    accepted: tuple = ()

    @property
    def game(self) -> str:
        return self.kind.split(".", 1)[0]

    @property
    def title(self) -> Bi:
        return KINDS[self.kind].title

    def get(self, name: str):
        """One item of ``data``."""
        return dict(self.data)[name]

    def reason(self, key: str) -> Bi | None:
        return dict(self.reasons).get(key)

    def check(self, answer) -> Verdict:
        """The verdict on ``answer`` (see :func:`check`)."""
        return check(self, answer)

    def another(self, seed: int | None = None, difficulty: int | None = None) -> Exercise:
        """Another exercise of the same kind: the next seed unless one is given."""
        return generate(
            self.kind, self.seed + 1 if seed is None else seed, self.difficulty if difficulty is None else difficulty
        )


@dataclass(frozen=True)
class Verdict:
    """What the engine says of an answer.

    ``correct``; ``readable`` is False when the answer could not be read (a typo'd
    card, a word for a number): then ``wrong`` holds the message and nothing was
    judged. ``right`` and ``wrong`` list what was right and what was wrong, each
    with its reason; ``solution`` says the right answer; ``rule`` the rule taught.
    """

    correct: bool
    rule: str
    right: tuple[Bi, ...] = ()
    wrong: tuple[Bi, ...] = ()
    solution: Bi = Bi("", "")
    readable: bool = True

    def text(self, lang: str = "en") -> str:
        """The verdict as plain text in ``lang``."""
        check_lang(lang)
        if not self.readable:
            head = Bi("Cannot read the answer: ", "Ответ не прочитан: ")(lang)
            return head + " ".join(w(lang) for w in self.wrong)
        lines = [Bi("Right.", "Верно.")(lang) if self.correct else Bi("Not quite.", "Не совсем.")(lang)]
        lines += [f"✓ {r(lang)}" for r in self.right]
        lines += [f"✗ {w(lang)}" for w in self.wrong]
        if not self.correct and self.solution.en:
            lines.append(Bi("Answer: ", "Ответ: ")(lang) + self.solution(lang))
        return "\n".join(lines)


# ---------------------------------------------------------------- kinds


@dataclass(frozen=True)
class Kind:
    """A kind of exercise: ``make(rng, difficulty)`` builds one; ``judge`` (optional) checks one."""

    id: str
    title: Bi
    answer: str
    make: Callable[[random.Random, int], dict]
    judge: Callable[[Exercise, object], Verdict] | None = field(default=None)
    #: what to tell the student while one is being made, for a kind that takes seconds (None: instant)
    wait: Bi | None = field(default=None)


KINDS: dict[str, Kind] = {}


def kind(kind_id: str, title_en: str, title_ru: str, answer: str, wait: Bi | None = None):
    """Register the decorated ``make(rng, difficulty) -> dict of Exercise fields`` as a kind; ``wait``
    is what to tell the student while one is made, if that takes seconds."""
    if answer not in ANSWERS:
        raise ValueError(f"answer must be one of {ANSWERS}, not {answer!r}")

    def register(make):
        KINDS[kind_id] = Kind(kind_id, Bi(title_en, title_ru), answer, make, wait=wait)
        return make

    return register


def judge(kind_id: str):
    """Register the decorated ``judge(exercise, answer) -> Verdict`` as the checker of ``kind_id``."""

    def register(function):
        KINDS[kind_id] = replace(KINDS[kind_id], judge=function)
        return function

    return register


def games() -> list[str]:
    """The games (and the notation chapter) that have exercises, in the book's order."""
    from rules import GAME_IDS

    order = ("notation", *GAME_IDS)
    present = {k.split(".", 1)[0] for k in KINDS}
    return [g for g in order if g in present] + sorted(present - set(order))


def kinds(game: str | None = None) -> list[str]:
    """The kinds of exercise (of one game), in a stable order."""
    return [k for k in KINDS if game is None or k.split(".", 1)[0] == game]


def kind_title(kind_id: str) -> Bi:
    """The title of a kind of exercise, in both languages."""
    return KINDS[kind_id].title


def kind_wait(kind_id: str) -> Bi | None:
    """What to tell the student while an exercise of ``kind_id`` is made, if that takes seconds."""
    return KINDS[kind_id].wait if kind_id in KINDS else None


def generate(kind_id: str, seed: int = 0, difficulty: int = 1) -> Exercise:
    """A new exercise of ``kind_id``: the same seed and difficulty always give the same exercise."""
    if kind_id not in KINDS:
        raise ExerciseError(
            f"there is no exercise {kind_id!r}; known: {', '.join(KINDS)}",
            f"упражнения «{kind_id}» нет; есть: {', '.join(KINDS)}",
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ExerciseError(
            f"the seed is a whole number 0 or more, not {seed!r}",
            f"зерно — целое число от 0, а не {seed!r}",
        )
    if difficulty not in DIFFICULTIES or isinstance(difficulty, bool):
        raise ExerciseError(
            f"the difficulty is 1, 2 or 3, not {difficulty!r}",
            f"сложность — 1, 2 или 3, а не {difficulty!r}",
        )
    spec = KINDS[kind_id]
    rng = random.Random(f"{kind_id}:{seed}:{difficulty}")
    fields = spec.make(rng, difficulty)
    return Exercise(kind=kind_id, seed=seed, difficulty=difficulty, answer=spec.answer, **fields)


def check(exercise: Exercise, answer) -> Verdict:
    """Judge ``answer``: the kind's own checker, else the generic one of its answer form.

    Never raises on a student's input: what cannot be read gives a verdict with
    ``readable=False`` and a message in both languages.
    """
    spec = KINDS[exercise.kind]
    try:
        if spec.judge is not None:
            return spec.judge(exercise, answer)
        return _GENERIC[exercise.answer](exercise, answer)
    except RulesError as error:
        return Verdict(False, exercise.rule, wrong=(Bi.of(error),), readable=False)


# ---------------------------------------------------------------- reading answers


def unreadable(exercise: Exercise, en: str, ru: str) -> Verdict:
    return Verdict(False, exercise.rule, wrong=(Bi(en, ru),), readable=False)


#: Cyrillic letters that look like the Latin letters a choice may be named by («В» typed for B)
_LOOKALIKES = str.maketrans("АВСЕНКМОРТХ", "ABCEHKMOPTX")


def _norm(text: str) -> str:
    return " ".join(str(text).split()).upper()


def read_keys(exercise: Exercise, answer) -> list[str]:
    """The picked keys: an iterable of keys, or keys in one text separated by spaces or commas.

    A choice is named by its key or by its label in either language, in any case ("да", "No",
    «побить 10♦ картой К♦»), a Cyrillic letter that looks like its Latin letter («В» for B) too.
    """
    if answer is None:
        return []
    known: dict[str, str] = {}
    for c in exercise.choices:
        for name in (c.key, c.label.en, c.label.ru):
            known.setdefault(_norm(name), c.key)
    if isinstance(answer, str):
        parts = [p for p in re.split(r"[,;]", answer) if p.strip()]
        if parts and all(_norm(p) in known for p in parts):  # whole labels, words and all
            return [known[_norm(p)] for p in parts]
    items = _items(answer, ",")
    out = []
    for i, item in enumerate(items, start=1):
        key = known.get(_norm(item))
        if key is None:
            # a card may be typed in either language: read it as a card, then match
            try:
                key = known.get(format_cards(parse_cards(item)).upper())
            except NotationError:
                key = None
        if key is None and len(item.strip()) == 1:
            key = known.get(item.strip().upper().translate(_LOOKALIKES))
        if key is None:
            raise ExerciseError(
                f"item {i}, {item!r}, is not one of the choices: {'; '.join(c.label.en for c in exercise.choices)}",
                f"пункт {i}, «{item}», — не из предложенных: {'; '.join(c.label.ru for c in exercise.choices)}",
            )
        out.append(key)
    return out


def read_int(text, what: Bi = Bi("a score", "число очков")) -> int:
    """A whole number typed by the student (``-2``, ``+3``, `` 4 ``); a word raises a bilingual error."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    s = str(text).strip().replace("−", "-")
    try:
        return int(s)
    except ValueError:
        raise ExerciseError(
            f"{s!r} is not a whole number ({what.en} such as 3 or -1)",
            f"«{s}» — не целое число (нужно {what.ru}, например 3 или -1)",
        ) from None


def read_ints(text, count: int) -> list[int]:
    """``count`` whole numbers, separated by spaces, commas or semicolons."""
    items = _items(text, ",;")
    if len(items) != count:
        raise ExerciseError(
            f"expected {count} numbers, one per player, got {len(items)}",
            f"нужно {count} числа, по одному на игрока, а дано {len(items)}",
        )
    return [read_int(t) for t in items]


def read_cards(text) -> list[Card]:
    """Cards typed in notation (either language); a bad token raises the notation's bilingual error."""
    if isinstance(text, str):
        return list(parse_cards(text))
    if not isinstance(text, list | tuple):
        return list(parse_cards(str(text)))
    return [c if isinstance(c, Card) else parse_cards(str(c))[0] for c in text]


def typed(answer) -> str:
    """An answer as one text: a text as it is, a list's items joined by spaces, nothing as ""."""
    return answer if isinstance(answer, str) else "" if answer is None else " ".join(_items(answer, ""))


def _items(answer, separators: str) -> list[str]:
    """The items of an answer: a text split at spaces and ``separators``, a list's items, or the one value."""
    if isinstance(answer, str):
        for sep in separators:
            answer = answer.replace(sep, " ")
        return answer.split()
    return [str(a) for a in answer] if isinstance(answer, list | tuple) else [str(answer)]


#: between the cards paid and the cards taken in a move typed as cards: «A♦ 2♦ -> 3♦»
MOVE_ARROW = re.compile(r"\s*(?:->|→|=>|=|:)\s*")


def answer_key(exercise: Exercise, answer) -> object:
    """``answer`` as plain data that every way of writing the same answer shares: the keys picked
    (sorted), the key chosen, the number(s), or the cards (sorted; a move's cards paid and taken).
    What cannot be read raises the reading's bilingual :class:`~rules.errors.RulesError`.

    >>> ex = generate("notation.read", seed=1)
    >>> answer_key(ex, ex.solution) == answer_key(ex, format_cards(reversed(read_cards(ex.solution)), "ru"))
    True
    """
    form = exercise.answer
    if form == "pick":
        return sorted(set(read_keys(exercise, answer)))
    if form == "choose":
        return read_keys(exercise, answer)
    if form == "number":
        return read_int(answer)
    if form == "numbers":
        return read_ints(answer, len(exercise.solution))
    text = typed(answer)
    return [sorted(format_cards([c]) for c in read_cards(part)) for part in MOVE_ARROW.split(text.strip(), maxsplit=1)]


def answer_text(exercise: Exercise, answer, lang: str = "en") -> str:
    """``answer`` as it reads, written in ``lang``: the choices by their labels («да», «нет»), the cards
    in that language's notation (a move as «Т♦ 2♦ -> 3♦»), the numbers; an answer that cannot be
    read, and cards typed in the notation chapter (where how they are written is the answer), as
    they were given.

    >>> ex = generate("durak.beats", seed=7, difficulty=1)
    >>> answer_text(ex, "YES", "ru"), answer_text(ex, ["no"], "en"), answer_text(ex, "ага", "ru")
    ('да', 'no', 'ага')
    """
    check_lang(lang)
    given = typed(answer).strip()
    if exercise.answer == "cards" and exercise.rule == "notation":
        return given
    try:
        key = answer_key(exercise, answer)
    except RulesError:
        return given
    form = exercise.answer
    if form in ("pick", "choose"):
        return ", ".join(_label(exercise, k)(lang) for k in key)
    if form == "number":
        return str(key)
    if form == "numbers":
        return " ".join(map(str, key))
    return " -> ".join(format_cards(parse_cards(" ".join(part)), lang) for part in key)


def accepted_keys(exercise: Exercise) -> list:
    """The :func:`answer_key` of every right answer."""
    return [answer_key(exercise, a) for a in (exercise.accepted or (exercise.solution,))]


def _label(exercise: Exercise, key: str) -> Bi:
    for c in exercise.choices:
        if c.key == key:
            return c.label
    return Bi(key, key)


def _why(exercise: Exercise, key: str) -> Bi:
    label = _label(exercise, key)
    reason = exercise.reason(key)
    return label + (Bi(": ", ": ") + reason if reason else Bi("", ""))


def _judge_pick(exercise: Exercise, answer) -> Verdict:
    picked = read_keys(exercise, answer)
    wanted = set(exercise.solution)
    chosen = set(picked)
    right = tuple(_why(exercise, k) for k in sorted(chosen & wanted, key=_order(exercise)))
    wrong = tuple(
        Bi("picked, but it is not: ", "выбрано, но это не так: ") + _why(exercise, k)
        for k in sorted(chosen - wanted, key=_order(exercise))
    ) + tuple(Bi("missed: ", "пропущено: ") + _why(exercise, k) for k in sorted(wanted - chosen, key=_order(exercise)))
    return Verdict(chosen == wanted, exercise.rule, right, wrong, exercise.solution_text)


def _judge_choose(exercise: Exercise, answer) -> Verdict:
    picked = read_keys(exercise, answer)
    if len(picked) != 1:
        return unreadable(exercise, "choose exactly one answer", "выберите ровно один ответ")
    key = picked[0]
    if key == exercise.solution:
        return Verdict(True, exercise.rule, (_why(exercise, key),), (), exercise.solution_text)
    return Verdict(False, exercise.rule, (), (_why(exercise, key),), exercise.solution_text)


def _judge_number(exercise: Exercise, answer) -> Verdict:
    n = read_int(answer)
    reason = exercise.reason("why") or Bi("", "")
    if n == exercise.solution:
        return Verdict(True, exercise.rule, (reason,), (), exercise.solution_text)
    said = Bi(f"{n} is not right", f"{n} — неверно")
    return Verdict(False, exercise.rule, (), (said + Bi(": ", ": ") + reason,), exercise.solution_text)


def _judge_numbers(exercise: Exercise, answer) -> Verdict:
    want = list(exercise.solution)
    got = read_ints(answer, len(want))
    right, wrong = [], []
    for p, (g, w) in enumerate(zip(got, want, strict=True)):
        if g == w:
            right.append(Bi(f"player {p + 1}: {g}", f"игрок {p + 1}: {g}"))
        else:
            wrong.append(Bi(f"player {p + 1}: not {g}", f"игрок {p + 1}: не {g}"))
    reason = exercise.reason("why")
    if reason and wrong:
        wrong.append(reason)
    elif reason:
        right.append(reason)
    return Verdict(not wrong, exercise.rule, tuple(right), tuple(wrong), exercise.solution_text)


def _judge_cards(exercise: Exercise, answer) -> Verdict:
    got = Counter(read_cards(answer))
    want = Counter(read_cards(exercise.solution))
    extra, missing = got - want, want - got
    right = (Bi(format_cards(sorted((got & want).elements())), format_cards(sorted((got & want).elements()), "ru")),)
    wrong = ()
    if extra:
        e = sorted(extra.elements())
        wrong += (Bi(f"not part of the answer: {format_cards(e)}", f"не входит в ответ: {format_cards(e, 'ru')}"),)
    if missing:
        m = sorted(missing.elements())
        wrong += (Bi(f"missing: {format_cards(m)}", f"не хватает: {format_cards(m, 'ru')}"),)
    reason = exercise.reason("why")
    if reason:
        wrong = (*wrong, reason) if wrong else wrong
        right = right if wrong else (*right, reason)
    return Verdict(not wrong, exercise.rule, right if got & want else (), wrong, exercise.solution_text)


def _order(exercise: Exercise):
    index = {c.key: i for i, c in enumerate(exercise.choices)}
    return lambda k: index.get(k, len(index))


_GENERIC = {
    "pick": _judge_pick,
    "choose": _judge_choose,
    "number": _judge_number,
    "numbers": _judge_numbers,
    "cards": _judge_cards,
}


# ---------------------------------------------------------------- helpers for the games' kinds


def card_choices(cards: Iterable[Card]) -> tuple[Choice, ...]:
    """Cards to pick, keyed by their English notation (each card once)."""
    out, seen = [], set()
    for c in cards:
        if c not in seen:
            seen.add(c)
            out.append(Choice(format_cards([c]), Bi(format_cards([c]), format_cards([c], "ru")), c))
    return tuple(out)


def cards_bi(cards: Iterable[Card], empty: Bi = Bi("none", "нет")) -> Bi:
    cards = list(cards)
    if not cards:
        return empty
    return Bi(format_cards(cards), format_cards(cards, "ru"))


def yes_no(yes: bool) -> tuple[tuple[Choice, ...], str]:
    return (Choice("yes", Bi("yes", "да")), Choice("no", Bi("no", "нет"))), "yes" if yes else "no"


def picture(draw: Callable[[str], str]) -> Bi:
    return Bi(draw("en"), draw("ru"))


def groups_picture(groups) -> Bi:
    """Lettered groups of cards, each on its own line after its letter."""
    from rules import svg

    def draw(lang):
        return "<br>".join(f"<b>{letter}</b> " + svg.row(cards, lang=lang, width=36) for letter, cards in groups)

    return picture(draw)


def frozen(mapping: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    return tuple(mapping.items())


# ---------------------------------------------------------------- a session


@dataclass
class Session:
    """A student's session: answered, right, the current and best streak, and a report.

    Unreadable answers are not counted: the student is asked to type again.
    """

    answered: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0
    #: each answer counted: the exercise, the verdict and the answer as the student gave it
    log: list[tuple[Exercise, Verdict, object]] = field(default_factory=list)

    def record(self, exercise: Exercise, verdict: Verdict, answer: object = None) -> None:
        """Count ``answer`` (what the checker read) to ``exercise`` and its ``verdict``."""
        if not verdict.readable:
            return
        self.answered += 1
        if verdict.correct:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        self.log.append((exercise, verdict, answer))

    def score_text(self, lang: str = "en") -> str:
        return Bi(
            f"Answered {self.answered}, right {self.right}, streak {self.streak} (best {self.best_streak})",
            f"Ответов {self.answered}, верных {self.right}, серия {self.streak} (лучшая {self.best_streak})",
        )(lang)

    def seeds(self) -> list[int]:
        """The seeds of the exercises answered, in order, each once."""
        return list(dict.fromkeys(ex.seed for ex, _, _ in self.log))

    def report_name(self, lang: str, game: str, student: str, day: str, seeds: Iterable[int] = ()) -> str:
        """The report's file name in ``lang``: the chapter, the student, the date and the seeds,
        e.g. ``practice-durak-anna-2026-12-04-seed-7.html`` / ``тренировка-дурак-анна-…-зерно-7.html``."""
        seeds = list(seeds) or self.seeds()
        words = Bi("practice", "тренировка")(lang), chapter_name(game, lang), student or Bi("student", "учащийся")(lang)
        seed = Bi("seed", "зерно")(lang) if len(seeds) <= 1 else Bi("seeds", "зёрна")(lang)
        span = "-".join(str(n) for n in (seeds[:1] if len(seeds) <= 1 else (min(seeds), max(seeds))))
        parts = [*words, day, seed, span] if seeds else [*words, day]
        return "-".join(_slug(part) for part in parts if _slug(part)) + ".html"

    def report_html(
        self, lang: str = "en", *, game: str = "", student: str = "", day: str = "", seeds: Iterable[int] = ()
    ) -> str:
        """A short page the student can save: who, when, which chapter and seeds, the score, and
        one line per answer (the answer as the student gave it, in the student's language)."""
        check_lang(lang)
        esc = html.escape
        rows = "".join(
            f"<tr><td>{i}</td><td>{esc(ex.title(lang))}</td><td>{ex.seed}</td><td>{ex.difficulty}</td>"
            f"<td>{esc(answer_text(ex, answer, lang))}</td><td>{'✓' if v.correct else '✗'}</td>"
            f"<td>{esc(v.solution(lang))}</td></tr>"
            for i, (ex, v, answer) in enumerate(self.log, start=1)
        )
        head = Bi(
            "<th>#</th><th>exercise</th><th>seed</th><th>difficulty</th><th>answer</th><th>right?</th><th>solution</th>",
            "<th>№</th><th>упражнение</th><th>зерно</th><th>сложность</th><th>ответ</th><th>верно?</th><th>решение</th>",
        )(lang)
        title = Bi("Exercises: report", "Упражнения: отчёт")(lang)
        seeds = list(seeds) or self.seeds()
        who = [
            (Bi("Student", "Учащийся")(lang), student or "—"),
            (Bi("Date", "Дата")(lang), day or "—"),
            (Bi("Chapter", "Глава")(lang), chapter_name(game, lang) if game else "—"),
            (Bi("Seeds", "Варианты")(lang), ", ".join(map(str, seeds)) or "—"),
        ]
        about = "".join(f"<li>{esc(label)}: {esc(value)}</li>" for label, value in who)
        return (
            f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body><h1>{title}</h1><ul>{about}</ul><p>{esc(self.score_text(lang))}</p>"
            f'<table border="1" cellpadding="4"><tr>{head}</tr>{rows}</table></body></html>'
        )


def chapter_name(game: str, lang: str = "en") -> str:
    """The name of the chapter of ``game`` (or of the notation) in ``lang``."""
    from rules import GAMES

    if game in GAMES:
        return GAMES[game].name(lang)
    return {"notation": Bi("Notation", "Обозначения")}.get(game, Bi(game, game))(lang)


def _slug(text: str) -> str:
    """Letters and digits of any alphabet, lower case, words joined by hyphens (for a file name)."""
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())
