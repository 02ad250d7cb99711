"""Exercises of the notation chapter: read, write, name and pick cards, find the typo.

Every answer is read with :func:`rules.cards.parse_cards`, the same reader the
book's views use, and the right answer is written with :func:`rules.cards.format_cards`.
"""

from __future__ import annotations

import random

from rules import svg
from rules.cards import ALL_CARDS, Card, NotationError, card_name, format_card, format_cards, parse_cards
from rules.exercises.core import (
    Bi,
    Choice,
    Exercise,
    Verdict,
    cards_bi,
    judge,
    kind,
    picture,
    read_cards,
    typed,
)

RULE = "notation"


def _pool(rng: random.Random, difficulty: int, count: int) -> list[Card]:
    """``count`` distinct cards: 6..A at difficulty 1, every rank at 2, and the jokers at 3."""
    if difficulty == 1:
        pool = [c for c in ALL_CARDS[:52] if c.rank == 1 or c.rank >= 6]
    elif difficulty == 2:
        pool = list(ALL_CARDS[:52])
    else:
        pool = list(ALL_CARDS)
    cards = rng.sample(pool, count)
    if difficulty == 3 and not any(c.is_joker for c in cards):
        cards[rng.randrange(count)] = rng.choice(ALL_CARDS[52:])
    return cards


def _row(cards):
    return picture(lambda lang: svg.row(cards, lang=lang, width=48))


@kind("notation.read", "Read the cards", "Прочитайте карты", "cards")
def read(rng: random.Random, difficulty: int) -> dict:
    cards = _pool(rng, difficulty, 2 + 2 * difficulty)
    return dict(
        question=Bi(
            "Type the cards of the picture in notation (either language, in any order).",
            "Запишите карты с картинки нотацией (на любом языке, в любом порядке).",
        ),
        rule=RULE,
        solution=format_cards(cards),
        solution_text=cards_bi(cards),
        picture=_row(cards),
    )


@kind("notation.write_ru", "Write in Russian notation", "Запишите по-русски", "cards")
def write_ru(rng: random.Random, difficulty: int) -> dict:
    cards = _pool(rng, difficulty, 2 + 2 * difficulty)
    if all(format_card(c) == format_card(c, "ru") for c in cards):
        # at least one card whose letters differ between the languages (A J Q K, jokers)
        lettered = [c for c in ALL_CARDS if format_card(c) != format_card(c, "ru") and c not in cards]
        cards[rng.randrange(len(cards))] = rng.choice(lettered[:52] if difficulty < 3 else lettered)
    text = format_cards(cards)
    return dict(
        question=Bi(
            f"Write {text} in the Russian notation (Т В Д К, КДж ЧДж).",
            f"Запишите {text} в русской нотации (Т В Д К, КДж ЧДж).",
        ),
        rule=RULE,
        solution=format_cards(cards, "ru"),
        solution_text=Bi(format_cards(cards, "ru"), format_cards(cards, "ru")),
        data=(("cards", text),),
    )


_SUIT_LETTERS = str.maketrans({"S": "♠", "C": "♣", "H": "♥", "D": "♦", "\ufe0f": None})


@judge("notation.write_ru")
def _judge_write_ru(exercise: Exercise, answer) -> Verdict:
    want = parse_cards(exercise.get("cards"))
    text = typed(answer)
    got = parse_cards(text)
    tokens = text.replace(",", " ").replace(";", " ").split()
    right, wrong = [], []
    if sorted(got) != sorted(want):
        missing = [c for c in want if c not in got]
        extra = [c for c in got if c not in want]
        if missing:
            wrong.append(Bi("missing: ", "не хватает: ") + cards_bi(missing))
        if extra:
            wrong.append(Bi("not asked: ", "не просили: ") + cards_bi(extra))
    for token, card in zip(tokens, got, strict=True):
        russian = format_card(card, "ru")
        if token.upper().translate(_SUIT_LETTERS) == russian.upper():
            right.append(Bi(f"{russian} = {card}", f"{russian} = {card}"))
        elif card in want:
            wrong.append(
                Bi(
                    f"{token} is the {card_name(card)}: in the Russian notation it is written {russian}",
                    f"{token} — это {card_name(card, 'ru')}: в русской нотации пишется {russian}",
                )
            )
    return Verdict(not wrong, RULE, tuple(right), tuple(wrong), exercise.solution_text)


@kind("notation.name", "The card named in words", "Карта, названная словами", "cards")
def name(rng: random.Random, difficulty: int) -> dict:
    (card,) = _pool(rng, difficulty, 1)
    # the name in the other language from the one the student types in teaches both
    return dict(
        question=Bi(
            f"Type the card «{card_name(card, 'ru')}» ({card_name(card)}) in notation.",
            f"Запишите нотацией карту «{card_name(card, 'ru')}».",
        ),
        rule=RULE,
        solution=format_card(card),
        solution_text=cards_bi([card]),
    )


_BAD_RANKS = ("1", "11", "0", "Z", "X", "15", "R")
_BAD_SUITS = ("X", "Ж", "Z", "")


@kind("notation.typo", "Find the token that is not a card", "Найдите, что не является картой", "choose")
def typo(rng: random.Random, difficulty: int) -> dict:
    cards = _pool(rng, difficulty, 3 + 2 * difficulty)
    lang = rng.choice(("en", "ru"))
    for _ in range(100):
        tokens = [format_card(c, lang) for c in cards]
        spot = rng.randrange(len(tokens))
        good = tokens[spot]
        if rng.random() < 0.5 and not cards[spot].is_joker:
            tokens[spot] = rng.choice(_BAD_RANKS) + good[-1]
        else:
            tokens[spot] = good[:-1] + rng.choice(_BAD_SUITS) if not cards[spot].is_joker else "J" + good
        text = " ".join(tokens)
        try:
            parse_cards(text)
        except NotationError as error:
            bad = error
            break
    else:  # pragma: no cover - a corrupted token always fails within a few tries
        raise AssertionError("no typo found")
    choices = tuple(Choice(str(i), Bi(f"{i}: {t}", f"{i}: {t}")) for i, t in enumerate(tokens, start=1))
    return dict(
        question=Bi(
            f"Which token of «{text}» is not a card?",
            f"Какая запись в «{text}» — не карта?",
        ),
        rule=RULE,
        solution=str(bad.position),
        solution_text=Bi(f"token {bad.position}, {bad.token}", f"запись {bad.position}, {bad.token}"),
        choices=choices,
        reasons=tuple(
            (str(i), Bi.of(bad) if i == bad.position else _is_card(t)) for i, t in enumerate(tokens, start=1)
        ),
        data=(("text", text),),
    )


def _is_card(token: str) -> Bi:
    try:
        (card,) = parse_cards(token)
    except (NotationError, ValueError):
        return Bi("", "")
    return Bi(f"a card: the {card_name(card)}", f"это карта: {card_name(card, 'ru')}")


@kind("notation.pick", "Pick the cards written", "Выберите записанные карты", "pick")
def pick(rng: random.Random, difficulty: int) -> dict:
    n = 1 + difficulty
    offered = _pool(rng, difficulty, 3 * n)
    wanted = offered[:n]
    rng.shuffle(offered)
    lang = rng.choice(("en", "ru"))
    text = format_cards(wanted, lang)
    return dict(
        question=Bi(f"Pick the cards written «{text}».", f"Выберите карты, записанные как «{text}»."),
        rule=RULE,
        solution=tuple(format_card(c) for c in parse_cards(text)),
        solution_text=cards_bi(wanted),
        # named in words: the notation on the buttons would give the answer away
        choices=tuple(Choice(format_card(c), Bi(card_name(c), card_name(c, "ru")), c) for c in offered),
    )


__all__ = ["read", "write_ru", "name", "typo", "pick", "read_cards"]
