"""Dummy rummy exercises: does a hand make a contract, which contracts, what is a meld, what a hand costs.

Answers come from :func:`rules.dummy_rummy.find_contract` (an exact oracle),
:func:`~rules.dummy_rummy.contract_reason`, :func:`~rules.dummy_rummy.shortfall`,
:func:`~rules.dummy_rummy.is_set`, :func:`~rules.dummy_rummy.is_run` and
:func:`~rules.dummy_rummy.penalty`.
"""

from __future__ import annotations

import random
from collections import Counter

from rules import dummy_rummy as dr
from rules import svg
from rules.cards import Card, Rank, Suit, deck, format_card, format_cards
from rules.exercises.coached import best_move_kind
from rules.exercises.core import Bi, Choice, groups_picture, kind, picture, yes_no

#: the game's cards: two packs and four jokers
PACK = deck(54, copies=2)
_NATURAL = [r for r in Rank if r != Rank.TWO]
_CONTRACTS_BY_DIFFICULTY = {1: range(1, 5), 2: range(1, 9), 3: range(1, 13)}


class _Pool:
    """Cards taken from the 108-card pack, never more copies than it holds."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.left = Counter(PACK)

    def take(self, card: Card) -> Card | None:
        if self.left[card] <= 0:
            return None
        self.left[card] -= 1
        return card

    def any(self) -> Card:
        card = self.rng.choice(list(self.left.elements()))
        self.left[card] -= 1
        return card

    def wild(self) -> Card | None:
        wilds = [c for c in self.left.elements() if dr.is_wild(c)]
        return self.take(self.rng.choice(wilds)) if wilds else None

    def rank(self, rank: Rank) -> Card | None:
        suits = list(Suit)
        self.rng.shuffle(suits)
        for suit in suits:
            card = self.take(Card(rank, suit))
            if card is not None:
                return card
        return None


def _meld_cards(pool: _Pool, spec, wild_odds: float) -> list[Card]:
    """Cards meant to make one meld of the contract (the engine decides whether they do)."""
    rng = pool.rng
    if spec.kind == "set":
        rank = rng.choice(_NATURAL)
        ranks = [rank] * spec.size
    else:
        start = rng.randint(3, 14 - spec.size)
        ranks = [Rank(start + i) for i in range(spec.size)]
    cards = [pool.rank(r) for r in ranks]
    if rng.random() < wild_odds:
        i = rng.randrange(1, len(cards))  # the first card stays natural
        if cards[i] is not None:
            pool.left[cards[i]] += 1
        cards[i] = pool.wild()
    return [c for c in cards if c is not None]


def _hand(rng: random.Random, number: int, size: int, make: bool, wild_odds: float = 0.4) -> list[Card]:
    """A hand of ``size`` cards, built to make contract ``number`` (or to miss it by a card)."""
    pool = _Pool(rng)
    cards: list[Card] = []
    for spec in dr.CONTRACTS[number].melds:
        cards += _meld_cards(pool, spec, wild_odds)
    if not make and cards:
        cards.pop(rng.randrange(len(cards)))
    cards = cards[:size]
    while len(cards) < size:
        cards.append(pool.any())
    rng.shuffle(cards)
    return sorted(cards)


def _hand_picture(cards):
    return picture(lambda lang: svg.row(cards, lang=lang, width=40, overlap=0.3))


def _contract_words(number: int) -> Bi:
    c = dr.CONTRACTS[number]
    return Bi(f"contract {number}: {c.describe('en')}", f"контракт {number}: {c.describe('ru')}")


def _reason(number: int, hand) -> Bi:
    return Bi(dr.contract_reason(number, hand, "en"), dr.contract_reason(number, hand, "ru"))


@kind("dummy_rummy.contract", "Does the hand make the contract?", "Собран ли контракт?", "choose")
def contract(rng: random.Random, difficulty: int) -> dict:
    number = rng.choice(_CONTRACTS_BY_DIFFICULTY[difficulty])
    spec = dr.CONTRACTS[number]
    size = min(dr.HAND, spec.cards + rng.randint(1, 1 + difficulty))
    want = rng.random() < 0.5  # as many hands that miss as hands that make it
    for _ in range(40):
        hand = _hand(rng, number, size, make=want, wild_odds=0.3 * difficulty)
        made = dr.find_contract(number, hand) is not None
        if made == want:
            break
    choices, solution = yes_no(made)
    why = _reason(number, hand)
    words = _contract_words(number)
    return dict(
        question=Bi(
            f"Your hand: {format_cards(hand)}. Can you lay down {words.en} (twos and jokers are wild)?",
            f"Ваши карты: {format_cards(hand, 'ru')}. Можно ли выложить {words.ru} (двойки и джокеры — карты-джокеры)?",
        ),
        rule="dummy_rummy.contracts",
        solution=solution,
        solution_text=Bi("yes" if made else "no", "да" if made else "нет") + Bi(": ", ": ") + why,
        choices=choices,
        picture=_hand_picture(hand),
        reasons=(("yes", why), ("no", why)),
        data=(("number", number), ("hand", format_cards(hand))),
    )


@kind("dummy_rummy.contracts", "Which contracts does the hand make?", "Какие контракты собраны?", "pick")
def contracts(rng: random.Random, difficulty: int) -> dict:
    numbers = list(_CONTRACTS_BY_DIFFICULTY[difficulty])[:6] if difficulty < 3 else list(range(1, 9))
    base = rng.choice(numbers)
    hand = _hand(rng, base, dr.HAND - 4 + difficulty, make=True, wild_odds=0.3)
    good = [n for n in numbers if dr.find_contract(n, hand) is not None]
    return dict(
        question=Bi(
            f"Your hand: {format_cards(hand)}. Which of these contracts could you lay down now?",
            f"Ваши карты: {format_cards(hand, 'ru')}. Какие из этих контрактов вы могли бы выложить сейчас?",
        ),
        rule="dummy_rummy.contracts",
        solution=tuple(str(n) for n in good),
        solution_text=Bi.join([_contract_words(n) for n in good], "; ") if good else Bi("none", "никакие"),
        choices=tuple(Choice(str(n), _contract_words(n)) for n in numbers),
        picture=_hand_picture(hand),
        reasons=tuple((str(n), _reason(n, hand)) for n in numbers),
        data=(("hand", format_cards(hand)),),
    )


def _meld_words(cards) -> Bi:
    if dr.is_set(cards):
        return Bi("a set: three or more cards of one rank", "набор: три или больше карт одного достоинства")
    if dr.is_run(cards):
        return Bi("a run: four or more cards of consecutive ranks", "последовательность: четыре или больше карт подряд")
    return Bi("neither a set nor a run", "ни набор, ни последовательность")


@kind("dummy_rummy.meld", "Which groups are melds?", "Какие группы — комбинации?", "pick")
def meld(rng: random.Random, difficulty: int) -> dict:
    pool = _Pool(rng)
    groups = []
    for letter in "ABCD"[: 2 + difficulty if difficulty < 3 else 4]:
        spec = dr.MeldSpec(rng.choice(("set", "run")), rng.choice((3, 4, 5)))
        cards = _meld_cards(pool, spec, 0.5)
        if rng.random() < 0.5 and len(cards) > 2:
            cards[rng.randrange(len(cards))] = pool.any()  # spoil it, perhaps
        groups.append((letter, sorted(cards)))
    good = [letter for letter, cards in groups if dr.is_set(cards) or dr.is_run(cards)]
    return dict(
        question=Bi(
            "Which of these groups could be laid as a meld (twos and jokers are wild)?",
            "Какие из этих групп можно выложить как комбинацию (двойки и джокеры — карты-джокеры)?",
        ),
        rule="dummy_rummy.runs" if any(dr.is_run(c) for _, c in groups) else "dummy_rummy.sets",
        solution=tuple(good),
        solution_text=Bi(", ".join(good) or "none", ", ".join(good) or "никакие"),
        choices=tuple(
            Choice(letter, Bi(f"{letter}: {format_cards(cards)}", f"{letter}: {format_cards(cards, 'ru')}"))
            for letter, cards in groups
        ),
        picture=groups_picture(groups),
        reasons=tuple((letter, _meld_words(cards)) for letter, cards in groups),
    )


@kind("dummy_rummy.penalty", "What do the cards left score?", "Сколько очков дают оставшиеся карты?", "number")
def penalty(rng: random.Random, difficulty: int) -> dict:
    pool = _Pool(rng)
    hand = sorted(pool.any() for _ in range(2 + 2 * difficulty))
    points = dr.penalty(hand)
    each = Bi(
        ", ".join(f"{c} {dr.card_points(c)}" for c in hand),
        ", ".join(f"{format_card(c, 'ru')} {dr.card_points(c)}" for c in hand),
    )
    return dict(
        question=Bi(
            f"Somebody went out; you still hold {format_cards(hand)}. How many points do they cost you?",
            f"Кто-то вышел; у вас остались {format_cards(hand, 'ru')}. Сколько очков они вам стоят?",
        ),
        rule="dummy_rummy.score",
        solution=points,
        solution_text=Bi(f"{points} ({each.en})", f"{points} ({each.ru})"),
        picture=_hand_picture(hand),
        reasons=(("why", each),),
    )


@kind("dummy_rummy.shortfall", "How many cards short?", "Скольких карт не хватает?", "number")
def shortfall(rng: random.Random, difficulty: int) -> dict:
    number = rng.choice(_CONTRACTS_BY_DIFFICULTY[difficulty])
    spec = dr.CONTRACTS[number]
    hand = _hand(rng, number, min(dr.HAND, spec.cards + difficulty), make=False, wild_odds=0.3)
    short = dr.shortfall(number, hand)
    words = _contract_words(number)
    return dict(
        question=Bi(
            f"Your hand: {format_cards(hand)}. How many more cards do you need for {words.en}? (0: it is made.)",
            f"Ваши карты: {format_cards(hand, 'ru')}. Скольких карт не хватает для контракта {number}: "
            f"{spec.describe('ru')}? (0 — контракт уже собран.)",
        ),
        rule="dummy_rummy.contracts",
        solution=short,
        solution_text=Bi(str(short), str(short)) + Bi(": ", ": ") + _reason(number, hand),
        picture=_hand_picture(hand),
        reasons=(("why", _reason(number, hand)),),
        data=(("number", number), ("hand", format_cards(hand))),
    )


# ---------------------------------------------------------------- the best move here, by the coach

best_move_kind("dummy_rummy", playouts=80, moves={1: (2, 2), 2: (2, 3), 3: (2, 4)})
