"""Joker rummy exercises: melds, their points toward the opening of 51, the best opening, a hand's penalty.

Answers come from :func:`rules.joker_rummy.is_meld`, :func:`~rules.joker_rummy.opening_points`
(whose refusal names why a group is no meld), :func:`~rules.joker_rummy.best_opening`
and :func:`~rules.joker_rummy.hand_penalty`.
"""

from __future__ import annotations

import random
from collections import Counter

from rules import joker_rummy as jr
from rules import svg
from rules.cards import Card, Rank, Suit, format_card, format_cards
from rules.exercises.coached import best_move_kind
from rules.exercises.core import Bi, Choice, groups_picture, kind, picture, yes_no

#: the cards of a game of two to six: two packs and two jokers
PACK = jr.game_cards(2)
_JOKERS = sorted({c for c in PACK if c.is_joker})


def _group(rng: random.Random, left: Counter, joker_odds: float) -> list[Card]:
    """Three or four cards meant as a meld: a set of one rank in different suits, or a run of one suit."""
    size = rng.choice((3, 4))
    if rng.random() < 0.5:
        rank = rng.choice(list(Rank))
        suits = rng.sample(list(Suit), size)
        cards = [Card(rank, s) for s in suits]
    else:
        suit = rng.choice(list(Suit))
        start = rng.randint(1, 14 - size)
        cards = [Card(Rank(start + i), suit) for i in range(size)]
    if rng.random() < joker_odds:
        cards[rng.randrange(size)] = rng.choice(_JOKERS)
    out = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out


def _spoil(rng: random.Random, cards: list[Card], left: Counter) -> list[Card]:
    cards = list(cards)
    card = rng.choice([c for c in left.elements()])
    left[card] -= 1
    cards[rng.randrange(len(cards))] = card
    return cards


def _meld_reason(cards) -> Bi:
    """Why a group is a meld (its best reading and points) or is not (the engine's refusal)."""
    try:
        points = jr.opening_points([cards])
    except jr.MeldError as error:
        return Bi.of(error)
    (kind_, _), *_ = [(k, p) for _, k, p in jr.meld_readings(cards)]
    word = {"run": ("a run", "последовательность"), "set": ("a set", "набор")}[kind_]
    return Bi(f"{word[0]}, worth {points} toward the opening", f"{word[1]}; в счёт первого действия: {points}")


def _row(cards):
    return picture(lambda lang: svg.row(cards, lang=lang, width=40, overlap=0.25))


@kind("joker_rummy.meld", "Which groups are melds?", "Какие группы — комбинации?", "pick")
def meld(rng: random.Random, difficulty: int) -> dict:
    left = Counter(PACK)
    groups = []
    for letter in "ABCD"[: 2 + difficulty if difficulty < 3 else 4]:
        cards = _group(rng, left, 0.2 * difficulty)
        while not cards:  # every card drawn was already used: draw the group again
            cards = _group(rng, left, 0.2 * difficulty)
        if rng.random() < 0.5:
            cards = _spoil(rng, cards, left)
        groups.append((letter, cards))
    good = [letter for letter, cards in groups if jr.is_meld(cards)]
    return dict(
        question=Bi(
            "Which of these groups can be laid as a meld (a joker stands for any card)?",
            "Какие из этих групп можно выложить как комбинацию (джокер заменяет любую карту)?",
        ),
        rule="joker_rummy.melds",
        solution=tuple(good),
        solution_text=Bi(", ".join(good) or "none", ", ".join(good) or "никакие"),
        choices=tuple(
            Choice(letter, Bi(f"{letter}: {format_cards(cards)}", f"{letter}: {format_cards(cards, 'ru')}"))
            for letter, cards in groups
        ),
        picture=groups_picture(groups),
        reasons=tuple((letter, _meld_reason(cards)) for letter, cards in groups),
    )


def _melds(rng: random.Random, count: int, joker_odds: float) -> list[list[Card]]:
    left = Counter(PACK)
    out: list[list[Card]] = []
    while len(out) < count:
        cards = _group(rng, left, joker_odds)
        if len(cards) >= 3 and jr.is_meld(cards):
            out.append(cards)
    return out


def _melds_text(melds, lang: str) -> str:
    return "; ".join(format_cards(m, lang) for m in melds)


@kind("joker_rummy.points", "Points toward the opening", "Очки в счёт первого действия", "number")
def points(rng: random.Random, difficulty: int) -> dict:
    melds = _melds(rng, 1 + difficulty, 0.25 * difficulty)
    total = jr.opening_points(melds)
    each = Bi.join([Bi(f"{format_cards(m)}: ", f"{format_cards(m, 'ru')}: ") + _meld_reason(m) for m in melds])
    return dict(
        question=Bi(
            f"You lay {_melds_text(melds, 'en')}. How many points do they count toward the opening?",
            f"Вы выкладываете {_melds_text(melds, 'ru')}. Сколько очков они дают в счёт первого действия?",
        ),
        rule="joker_rummy.opening",
        solution=total,
        solution_text=Bi(f"{total}: ", f"{total}: ") + each,
        picture=picture(lambda lang: "<br>".join(svg.row(m, lang=lang, width=40) for m in melds)),
        reasons=(("why", each),),
        data=(("melds", " | ".join(format_cards(m) for m in melds)),),
    )


def _hand(rng: random.Random, size: int, joker_odds: float) -> list[Card]:
    left = Counter(PACK)
    cards: list[Card] = []
    while len(cards) < size - 3:
        cards += _group(rng, left, joker_odds)
    cards = cards[:size]
    while len(cards) < size:
        card = rng.choice(list(left.elements()))
        left[card] -= 1
        cards.append(card)
    return sorted(cards)


def _best(hand) -> Bi:
    """The best opening: its total, then each meld in the order laid (a joker with the card it
    stands for) and its points; with no meld, why the nearest group is none."""
    plan = jr.opening_plan(hand)
    if not plan:
        en, ru = jr.opening_shortfall(hand)
        return Bi(f"0, no meld at all ({en})", f"0, ни одной комбинации ({ru})")
    value = sum(m.points for m in plan)
    melds = {lang: "; ".join(f"{jr.meld_text(m, lang)} ({m.points})" for m in plan) for lang in ("en", "ru")}
    return Bi(f"{value}: {melds['en']}", f"{value}: {melds['ru']}")


@kind("joker_rummy.opens", "Can the hand open?", "Можно ли выложиться?", "choose")
def opens(rng: random.Random, difficulty: int) -> dict:
    want = rng.random() < 0.5  # as many hands that cannot open as hands that can
    for _ in range(40):
        hand = _hand(rng, rng.randint(5 + difficulty, 8 + 2 * difficulty), 0.15 * difficulty)
        value, _ = jr.best_opening(hand)
        if (value >= jr.OPENING) == want:
            break
    can = value >= jr.OPENING
    choices, solution = yes_no(can)
    why = Bi("the best opening is worth ", "лучшее первое действие стоит ") + _best(hand)
    return dict(
        question=Bi(
            f"Your hand: {format_cards(hand)}. Can you open, laying melds worth {jr.OPENING} or more in one turn?",
            f"Ваши карты: {format_cards(hand, 'ru')}. Можно ли выложиться, то есть выложить за один ход комбинации "
            f"на {jr.OPENING} очко или больше?",
        ),
        rule="joker_rummy.opening",
        solution=solution,
        solution_text=Bi("yes" if can else "no", "да" if can else "нет") + Bi(": ", ": ") + why,
        choices=choices,
        picture=_row(hand),
        reasons=(("yes", why), ("no", why)),
        data=(("hand", format_cards(hand)),),
    )


@kind("joker_rummy.best", "The best opening", "Лучшее первое действие", "number")
def best(rng: random.Random, difficulty: int) -> dict:
    hand = _hand(rng, 5 + 2 * difficulty, 0.2 * difficulty)
    value, _ = jr.best_opening(hand)
    return dict(
        question=Bi(
            f"Your hand: {format_cards(hand)}. What is the most your melds from it could count toward the opening?",
            f"Ваши карты: {format_cards(hand, 'ru')}. Сколько очков самое большее дадут выложенные из них "
            f"комбинации в счёт первого действия?",
        ),
        rule="joker_rummy.opening",
        solution=value,
        solution_text=_best(hand),
        picture=_row(hand),
        reasons=(("why", _best(hand)),),
        data=(("hand", format_cards(hand)),),
    )


@kind("joker_rummy.penalty", "What does the hand cost?", "Сколько стоит рука?", "number")
def penalty(rng: random.Random, difficulty: int) -> dict:
    left = list(PACK)
    rng.shuffle(left)
    hand = sorted(left[: 1 + 2 * difficulty]) if rng.random() < 0.9 else [rng.choice(_JOKERS)]
    cost = jr.hand_penalty(hand)
    each = Bi(
        ", ".join(f"{c} {jr.card_points(c)}" for c in hand),
        ", ".join(f"{format_card(c, 'ru')} {jr.card_points(c)}" for c in hand),
    )
    if len(hand) == 1 and hand[0].is_joker:
        each = Bi(f"a lone joker: {jr.LONE_JOKER}", f"одинокий джокер: {jr.LONE_JOKER}")
    return dict(
        question=Bi(
            f"Somebody went out; you still hold {format_cards(hand)}. How many penalty points do you score?",
            f"Кто-то вышел; у вас остались {format_cards(hand, 'ru')}. Сколько штрафных очков вы получаете?",
        ),
        rule="joker_rummy.penalties",
        solution=cost,
        solution_text=Bi(f"{cost} ({each.en})", f"{cost} ({each.ru})"),
        picture=_row(hand),
        reasons=(("why", each),),
    )


# ---------------------------------------------------------------- the best move here, by the coach

best_move_kind("joker_rummy", playouts=60, moves={1: (2, 2), 2: (2, 3), 3: (2, 4)})
