"""Джокер (Joker rummy, open with 51): two decks, two jokers, 2 to 11 players.

Source: the rules «Джокер» by Григорий Борисов and the Kozlov-Borisov family (the
middle part of ``durak-jokers.joker-rummy.podkidnoy.ru.txt``); where the text is
silent the rulings of the book's clarifications page decide.

One deal, as this engine plays it (players sit clockwise in seat order):

* everybody gets 14 cards, the player after the dealer 15; he starts by
  discarding only (he has, in effect, already drawn);
* a turn: draw the top card of the stock or of the discard pile («сток»), act,
  discard one card; an empty stock is replaced by the discard pile turned over;
* nobody melds in the first round; a player's first melds of a deal, laid in one
  turn, must be worth 51 or more (the opening); melds laid toward the opening
  that do not reach 51 are taken back before the discard;
* after the opening: new melds of any value, laying off on anyone's melds,
  joining two runs that continue each other, taking a joker back from the table
  by the natural card it stands for (that joker must be melded again in the same
  turn or be the going-out discard);
* the first player whose hand is empty goes out (-50; -100 when the last discard
  is a joker, -200 / -400 for two / three jokers discarded together); the others
  score their hands (A 11, K Q J 10 10, 2-9 face value, joker 10, a lone joker 50).

A match is as many deals as players; the lowest total wins.

>>> from rules.cards import parse_cards as cs
>>> is_meld(cs("9♣ 10♣ J♣")), is_meld(cs("10♣ 10♥ 10♦")), is_meld(cs("10♣ 10♣ 10♦"))
(True, True, False)
>>> opening_points([cs("9♣ 10♣ J♣"), cs("10♣ 10♥ 10♦")])
59
>>> opening_points([cs("Q♠ K♠ RJ")])  # the joker read as A♠, the reading worth most
31
>>> hand_penalty(cs("A♠ K♦ 7♣ RJ")), hand_penalty(cs("RJ"))
(38, 50)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from rules.cards import ALL_CARDS, BLACK_JOKER, RED_JOKER, Card, Rank, deck, format_card, format_cards
from rules.errors import IllegalAction, OptionError, RulesError, check_lang
from rules.game import Action, Game, GameInfo, Note, Result, Setup, State, Variant, check_options, make_options, option
from rules.lang import POINTS, count

__all__ = [
    "GAME",
    "POINTS",
    "RULES",
    "VARIANTS",
    "Options",
    "JokerRummyState",
    "Draw",
    "TakeDiscard",
    "Meld",
    "LayOff",
    "TakeJoker",
    "Join",
    "TakeBack",
    "Discard",
    "MeldError",
    "is_meld",
    "meld_readings",
    "opening_points",
    "best_opening",
    "opening_shortfall",
    "opening_plan",
    "meld_text",
    "hand_penalty",
    "card_points",
    "game_cards",
    "new_game",
    "position",
    "from_json",
    "HeuristicPlayer",
    "OPENING",
    "SETUPS",
    "measure",
]

#: rule id -> (English title, Russian title); each is an anchor of the chapter
RULES: dict[str, tuple[str, str]] = {
    "joker_rummy.deck": ("Two decks and two jokers", "Две колоды и два джокера"),
    "joker_rummy.deal": ("The deal", "Раздача"),
    "joker_rummy.turn": ("The turn: draw, meld, discard", "Ход: взять карту, выложиться, сбросить"),
    "joker_rummy.stock": ("The stock turned over", "Когда колода заканчивается"),
    "joker_rummy.first_round": ("No melding in the first round", "Первый круг"),
    "joker_rummy.melds": ("Runs and sets", "Комбинации"),
    "joker_rummy.ace": ("The ace, low or high", "Туз после двойки"),
    "joker_rummy.opening": ("The opening: 51 points", "Первое действие: не менее 51 очка"),
    "joker_rummy.lay_off": ("Laying off", "Подкладывание карт"),
    "joker_rummy.join": ("Joining runs", "Присоединение лесенок"),
    "joker_rummy.joker": ("The joker in a meld", "Джокер в комбинации"),
    "joker_rummy.take_joker": ("Taking a joker back", "Джокер со стола"),
    "joker_rummy.going_out": ("Going out", "Выложить все карты"),
    "joker_rummy.penalties": ("The hand penalties", "Очки за карты на руках"),
    "joker_rummy.match": ("The match", "Сколько сдач играть"),
    "joker_rummy.round_limit": ("A deal nobody finishes", "Сдача без победителя"),
}

#: the opening must be worth at least this much
OPENING = 51
HAND = 14
#: the most cards a player holds when laying melds: the deal's 14 and the card drawn
MAX_HAND = HAND + 1
JOKER_PENALTIES = (10, 20, 25)
LONE_JOKER = 50
JOIN_RULES = ("any", "own")
#: going out: by the number of jokers in the last discard
GOING_OUT = {0: -50, 1: -100, 2: -200, 3: -400}


# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The variants of the source and the book's rulings.

    * ``deals``: the deals of a match; 0 (default) means as many as players;
    * ``limit``: stop the match early once a total reaches this many points
      (0: no such limit; «до достижения максимального проигрыша»);
    * ``joker_penalty``: a joker left in hand counts 10 (source), 20 or 25;
    * ``join``: ``"any"`` (ruling 7: any two runs that continue each other) or
      ``"own"`` (one of them must be the player's own, as the source's «свою» reads);
    * ``round_limit``: a deal nobody finishes ends after this many rounds (the
      book's ruling; the source turns the stock over without end).
    """

    deals: int = option(0, "Deals (0: as many as players)", "Сдач (0 — по числу игроков)", low=0, high=30)
    limit: int = option(0, "Stop at this total (0: never)", "Закончить при такой сумме (0 — нет)", low=0, high=10_000)
    joker_penalty: int = option(10, "A joker in hand counts", "Джокер на руках стоит", choices=JOKER_PENALTIES)
    join: str = option(
        "any",
        "Joining runs",
        "Присоединять лесенки",
        choices={"any": ("any two runs", "любые две лесенки"), "own": ("one of them one's own", "одна из них своя")},
    )
    round_limit: int = option(
        60, "Rounds before a deal ends unfinished", "Кругов до конца сдачи без победителя", low=10, high=500
    )

    def __post_init__(self):
        check_options(self)


def game_cards(players: int) -> list[Card]:
    """The pack: two decks and two jokers (106 cards); 8 or more players: three and three (159)."""
    decks = 3 if players >= 8 else 2
    jokers = [RED_JOKER, BLACK_JOKER, RED_JOKER][:decks]
    return list(deck(52, copies=decks)) + jokers


# ---------------------------------------------------------------- card codes and values
#
# Inside the engine a card is its code ``Card.index``: suit * 13 + rank - 1 for the 52
# cards (suits ♠ ♣ ♥ ♦, ace first), 52 the red joker, 53 the black joker. A run is read by
# positions 1..14: 1 is the ace below the two, 2..13 the two to the king, 14 the ace above
# the king.

_CODE = {c: c.index for c in ALL_CARDS}
RJ, BJ = 52, 53
_JOKERS = (RJ, BJ)
#: the copies of each card in the largest game's packs (three decks, two red jokers and a black)
_MOST_COPIES = Counter(_CODE[c] for c in game_cards(8))


def _code(card: Card) -> int:
    return _CODE[card]


def _natural(suit: int, pos: int) -> int:
    """The card of ``suit`` at run position ``pos`` (1 and 14 are both the ace)."""
    return suit * 13 + (0 if pos == 14 else pos - 1)


def _positions(code: int) -> tuple[int, ...]:
    r = code % 13
    return (1, 14) if r == 0 else (r + 1,)


#: opening value of a run position: the low ace counts 0 toward the opening
_OPEN_POS = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
#: value of a rank (1..13) in a set and in hand: ace 11, pictures 10
_RANK_VALUE = (0, 11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def card_points(card: Card, joker: int = 10) -> int:
    """A card left in hand: A 11, K Q J 10 10, 2-9 face value, a joker ``joker`` (10, 20 or 25)."""
    return joker if card.is_joker else _RANK_VALUE[card.rank]


def hand_penalty(hand: Iterable[Card], joker: int = 10) -> int:
    """The points a hand scores when somebody else goes out (a lone joker: 50).

    >>> from rules.cards import parse_cards as cs
    >>> hand_penalty(cs("10♦ J♦ Q♦ K♦ A♦")), hand_penalty(cs("2♣ RJ"), joker=25)
    (51, 27)
    """
    cards = list(hand)
    if len(cards) == 1 and cards[0].is_joker:
        return LONE_JOKER
    return sum(card_points(c, joker) for c in cards)


def _penalty_codes(codes: Sequence[int], joker: int) -> int:
    if len(codes) == 1 and codes[0] >= RJ:
        return LONE_JOKER
    return sum(joker if c >= RJ else _RANK_VALUE[c % 13 + 1] for c in codes)


# ---------------------------------------------------------------- melds: the one check


class MeldError(RulesError):
    """Cards that are not a meld, with the reason in both languages."""


#: why cards are not a meld (or not this meld): code -> (English, Russian)
_MELD_REASONS = {
    "short": ("a meld has at least 3 cards", "в комбинации не меньше 3 карт"),
    "no_natural": (
        "a meld needs at least one card that is not a joker",
        "в комбинации нужна хотя бы одна карта — не джокер",
    ),
    "set_rank": ("the cards of a set all have one rank", "в комбинации одного номинала все карты одного достоинства"),
    "set_suits": (
        "the cards of a set are all of different suits (so at most 4)",
        "в комбинации одного номинала все масти разные (поэтому не больше 4 карт)",
    ),
    "run_suit": ("the cards of a run are all of one suit", "в лесенке все карты одной масти"),
    "run_order": (
        "the cards of a run follow each other in order (the ace below the 2 or above the K)",
        "карты лесенки идут подряд (туз — перед двойкой или после короля)",
    ),
    "joker_held": (
        "a joker in a new run stands only for a card the player does not hold: lay the natural card",
        "джокер в новой лесенке заменяет только карту, которой нет на руках: выложите настоящую карту",
    ),
    "run_bounds": (
        "a run goes at most from the ace below the 2 to the ace above the K",
        "лесенка не длиннее, чем от туза перед двойкой до туза после короля",
    ),
}


def _run_problem(codes: Sequence[int], low: int) -> str | None:
    """Are ``codes``, in this order, the run starting at position ``low``? (reason code or None)"""
    if len(codes) < 3:
        return "short"
    if low < 1 or low + len(codes) - 1 > 14:
        return "run_bounds"
    suit = None
    for i, c in enumerate(codes):
        if c >= RJ:
            continue
        if suit is None:
            suit = c // 13
        elif c // 13 != suit:
            return "run_suit"
        if low + i not in _positions(c):
            return "run_order"
    return "no_natural" if suit is None else None


def _set_problem(codes: Sequence[int]) -> str | None:
    if len(codes) < 3:
        return "short"
    naturals = [c for c in codes if c < RJ]
    if not naturals:
        return "no_natural"
    if len({c % 13 for c in naturals}) > 1:
        return "set_rank"
    if len({c // 13 for c in naturals}) < len(naturals) or len(codes) > 4:
        return "set_suits"
    return None


def _held_problem(codes: Sequence[int], low: int, hand: Sequence[int]) -> str | None:
    """A joker of a new run stands for a card the player still holds after laying it (the engine's
    rule: he lays the natural card instead)."""
    if low == 0:
        return None
    rest = Counter(hand)
    rest.subtract(codes)
    suit = _suit_of(codes)
    for i, c in enumerate(codes):
        if c >= RJ and rest[_natural(suit, low + i)] > 0:
            return "joker_held"
    return None


def _meld_problem(codes: Sequence[int], low: int) -> str | None:
    """The one check of a meld: ``low`` 0 reads the cards as a set, else as the run from ``low``."""
    return _set_problem(codes) if low == 0 else _run_problem(codes, low)


def _meld_points(codes: Sequence[int], low: int) -> int:
    """Value toward the opening of a meld read this way (a joker counts as the card it stands for)."""
    if low == 0:
        rank = next(c % 13 for c in codes if c < RJ) + 1
        return _RANK_VALUE[rank] * len(codes)
    return sum(_OPEN_POS[low : low + len(codes)])


def _readings(codes: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every way to lay ``codes`` as one meld: (cards in meld order, low); low 0 is a set."""
    out = []
    if _set_problem(codes) is None:
        out.append((tuple(sorted(codes, key=lambda c: (c >= RJ, c // 13, c))), 0))
    naturals = [c for c in codes if c < RJ]
    jokers = sorted(c for c in codes if c >= RJ)
    n = len(codes)
    if n < 3 or not naturals or n > 14 or len({c // 13 for c in naturals}) > 1:
        return out
    seen = set()
    for low in range(1, 16 - n):
        slots: list[int | None] = [None] * n
        ok = True
        # aces are placed after the others: an ace fits at 1 or 14
        for c in sorted(naturals, key=lambda c: c % 13 == 0):
            for pos in _positions(c):
                i = pos - low
                if 0 <= i < n and slots[i] is None:
                    slots[i] = c
                    break
            else:
                ok = False
                break
        if not ok:
            continue
        # the jokers fill the gaps; with two colours, every order of colours is a reading
        gaps = [i for i, s in enumerate(slots) if s is None]
        for order in sorted(set(itertools.permutations(jokers))):  # sorted: no hash order, on any platform
            filled = list(slots)
            for i, j in zip(gaps, order, strict=True):
                filled[i] = j
            key = (tuple(filled), low)
            if key not in seen:
                seen.add(key)
                out.append(key)
    return out


def _codes(cards: Iterable[Card]) -> list[int]:
    """The codes of typed cards, refusing more copies of a card than the largest game's packs hold."""
    try:
        codes = [_CODE[c] for c in cards]
    except (KeyError, TypeError) as err:
        raise MeldError(f"not a card: {err}", f"это не карта: {err}") from None
    extra = Counter(codes) - _MOST_COPIES
    if extra:
        card = ALL_CARDS[min(extra)]
        most = _MOST_COPIES[_CODE[card]]
        held = Counter(codes)[_CODE[card]]
        raise MeldError(
            f"{held} × {card}: the packs hold at most {most}",
            f"{held} × {format_card(card, 'ru')}: в колодах их не больше {most}",
            rule="joker_rummy.deck",
        )
    return codes


def is_meld(cards: Iterable[Card]) -> bool:
    """Can these cards be laid as one meld: a run of one suit in sequence, or a set of one rank
    in different suits? A joker stands for any card.

    >>> from rules.cards import parse_cards as cs
    >>> is_meld(cs("A♥ 2♥ 3♥")), is_meld(cs("Q♥ K♥ A♥")), is_meld(cs("K♥ A♥ 2♥"))
    (True, True, False)
    """
    return bool(_readings(_codes(cards)))


def meld_readings(cards: Iterable[Card]) -> list[tuple[tuple[Card, ...], str, int]]:
    """Every reading of the cards as one meld: (cards in meld order, ``"run"`` or ``"set"``, points)."""
    return [
        (tuple(ALL_CARDS[c] for c in codes), "set" if low == 0 else "run", _meld_points(codes, low))
        for codes, low in _readings(_codes(cards))
    ]


def _why_not_meld(codes: Sequence[int]) -> str:
    """The most telling reason why ``codes`` are no meld."""
    if len(codes) < 3:
        return "short"
    naturals = [c for c in codes if c < RJ]
    if not naturals:
        return "no_natural"
    if len({c % 13 for c in naturals}) == 1:
        return _set_problem(codes) or "set_suits"
    if len({c // 13 for c in naturals}) > 1:
        return "run_suit" if len({c % 13 for c in naturals}) < len(naturals) else "set_rank"
    return "run_bounds" if len(codes) > 14 else "run_order"


def _meld_error(codes: Sequence[int], code: str | None = None) -> MeldError:
    code = code or _why_not_meld(codes)
    en, ru = _MELD_REASONS[code]
    cards = [ALL_CARDS[c] for c in codes]
    return MeldError(
        f"{format_cards(cards)} is not a meld: {en}",
        f"{format_cards(cards, 'ru')} — не комбинация: {ru}",
        rule="joker_rummy.melds",
    )


def opening_points(melds: Iterable[Iterable[Card]]) -> int:
    """Value of melds toward the opening of 51: A 11 (a low ace 0), J Q K 10, others face value;
    a joker counts as the card it stands for, in the reading worth most.

    A meld that is not one raises :class:`MeldError`, naming the cards and the reason.
    """
    total = 0
    for meld in melds:
        codes = _codes(meld)
        readings = _readings(codes)
        if not readings:
            raise _meld_error(codes)
        total += max(_meld_points(m, low) for m, low in readings)
    return total


# ---------------------------------------------------------------- the melds a hand can lay


_NATURAL = [[None] + [_natural(suit, pos) for pos in range(1, 15)] for suit in range(4)]
_HAND_MELDS: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}


def _hand_melds(hand: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every meld (cards in meld order, low) that can be laid from ``hand``; low 0 is a set."""
    key = tuple(sorted(hand))
    found = _HAND_MELDS.get(key)
    if found is None:
        if len(_HAND_MELDS) > 50_000:
            _HAND_MELDS.clear()
        found = _HAND_MELDS[key] = _find_hand_melds(key)
    return found


def _find_hand_melds(hand: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    counts = Counter(hand)
    jokers = sorted(c for c in counts if c >= RJ)
    njokers = sum(counts[j] for j in jokers)
    out: list[tuple[tuple[int, ...], int]] = []
    # sets: naturals of one rank in different suits, topped up with jokers to 3 or 4 cards
    by_rank: dict[int, list[int]] = {}
    for c in counts:
        if c < RJ:
            by_rank.setdefault(c % 13, []).append(c)
    fewest = max(1, 3 - njokers)
    if any(len(naturals) >= fewest for naturals in by_rank.values()):
        joker_sets = {k: _joker_choices(counts, jokers, k) for k in range(min(njokers, 3) + 1)}
        for naturals in by_rank.values():
            naturals.sort()
            for m in range(fewest, min(len(naturals), 4) + 1):
                for chosen in itertools.combinations(naturals, m):
                    for size in (3, 4):
                        k = size - m
                        if 0 <= k <= njokers:
                            for js in joker_sets[k]:
                                out.append((chosen + js, 0))
    # runs: every window of positions, each natural slot filled by the natural card (if held)
    # or by a joker, each other slot by a joker
    by_suit: dict[int, set[int]] = {}
    for c in counts:
        if c < RJ:
            for pos in _positions(c):
                by_suit.setdefault(c // 13, set()).add(pos)
    orders = {k: _joker_orders(counts, jokers, k) for k in range(njokers + 1)}
    for suit, held in by_suit.items():
        if njokers == 0 and len(held) < 3:
            continue
        natural = _NATURAL[suit]
        two_aces = counts[suit * 13] >= 2
        for low in range(1, 13):
            if njokers == 0 and low not in held:
                continue
            missing = 0
            present: list[int] = []
            for high in range(low, 15):
                if high in held:
                    present.append(high)
                else:
                    missing += 1
                    if missing > njokers:
                        break
                if high - low < 2 or not present:
                    continue
                # jokers fill the places whose card the hand lacks (a joker never stands for a card
                # the player still holds); a single ace cannot stand at both ends of the full run
                if low == 1 and high == 14 and not two_aces:
                    if missing + 1 > njokers:
                        continue
                    variants = [[p for p in range(1, 15) if p not in held or p == end] for end in (1, 14)]
                else:
                    variants = [[p for p in range(low, high + 1) if p not in held]]
                for slots in variants:
                    for js in orders[len(slots)]:
                        cards = natural[low : high + 1]
                        for p, j in zip(slots, js, strict=True):
                            cards[p - low] = j
                        out.append((tuple(cards), low))
    return out


def _joker_choices(counts: Counter, jokers: list[int], k: int) -> list[tuple[int, ...]]:
    """The multisets of k jokers from the hand (as sorted tuples)."""
    pool = [j for j in jokers for _ in range(counts[j])]
    return sorted(set(itertools.combinations(pool, k)))


def _joker_orders(counts: Counter, jokers: list[int], k: int) -> list[tuple[int, ...]]:
    """The sequences of k jokers from the hand (colours in every order)."""
    pool = [j for j in jokers for _ in range(counts[j])]
    return sorted(set(itertools.permutations(pool, k)))


def best_opening(hand: Iterable[Card]) -> tuple[int, list[tuple[Card, ...]]]:
    """The opening worth most that ``hand`` can lay in one turn: (points, melds in meld order,
    in the order the game accepts them).

    Points are counted as :func:`opening_points` counts them; (0, []) when the hand
    holds no meld at all. A hand the game never holds (more than :data:`MAX_HAND` cards, or
    more copies of a card than the packs have) raises :class:`MeldError` saying so.

    >>> from rules.cards import parse_cards as cs
    >>> best_opening(cs("9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦"))[0]
    59
    """
    codes = _codes(hand)
    if len(codes) > MAX_HAND:
        raise MeldError(
            f"a hand of {len(codes)} cards: a player holds at most {MAX_HAND} when laying melds",
            f"на руках {count(len(codes), 'ru')}: выкладывая комбинации, игрок держит не больше {MAX_HAND}",
            rule="joker_rummy.opening",
        )
    points, melds = _best_opening(tuple(sorted(codes)))
    return points, [tuple(ALL_CARDS[c] for c in m) for m, _ in melds]


def opening_plan(hand: Iterable[Card]) -> list[Meld]:
    """The moves that lay the best opening of ``hand`` (player 1's, toward the opening), in the
    order the game accepts them in one turn; each knows its reading (``low``) and its points.

    >>> from rules.cards import parse_cards as cs
    >>> [(m.label, m.points) for m in opening_plan(cs("9♣ 10♣ 10♣ J♣ Q♣ BJ"))]
    [('P1 melds 9♣ 10♣ J♣', 29), ('P1 melds 10♣ BJ(J♣) Q♣', 30)]
    """
    best_opening(hand)  # the same refusals
    _points, plan = _best_opening(tuple(sorted(_codes(hand))))
    return [_meld(0, codes, low, True) for codes, low in plan]


def meld_text(meld: Meld, lang: str = "en") -> str:
    """A meld's cards in notation, each joker of a run with the card it stands for: 8♣ RJ(9♣) 10♣."""
    return _meld_text(meld.codes, meld.low, check_lang(lang))


def opening_shortfall(hand: Iterable[Card]) -> tuple[str, str] | None:
    """Why ``hand`` cannot open, in English and Russian, naming the rule that fails; None if it can.

    With melds worth less than 51: how far they fall short. With no meld at all: the group
    of the hand nearest to a meld (most cards of one rank, or of one suit, with the jokers)
    and why it is none, as :func:`opening_points` would refuse it.

    >>> from rules.cards import parse_cards as cs
    >>> opening_shortfall(cs("10♣ 10♣ 10♥"))[0]
    '10♣ 10♣ 10♥ is not a meld: the cards of a set are all of different suits (so at most 4)'
    """
    points, melds = best_opening(hand)
    if points >= OPENING:
        return None
    if melds:
        gap = OPENING - points
        return (
            f"the best melds are worth {count(points, 'en', *POINTS[:1])}, {gap} short of the {OPENING} an opening needs",
            f"лучшие комбинации дают {count(points, 'ru', ru=POINTS[1])}, до {OPENING} для первого действия "
            f"не хватает {gap}",
        )
    codes = _codes(hand)
    jokers = [c for c in codes if c >= RJ]
    naturals = sorted(c for c in codes if c < RJ)
    groups = [[c for c in naturals if c % 13 == r] for r in range(13)]
    groups += [[c for c in naturals if c // 13 == suit] for suit in range(4)]
    nearest = max(groups, key=len, default=[])
    error = _meld_error(sorted(nearest) + jokers if len(nearest) + len(jokers) >= 3 else codes)
    return error.message("en"), error.message("ru")


_BEST_CACHE: dict[tuple[int, ...], tuple[int, list]] = {}


def _best_opening(hand: tuple[int, ...]) -> tuple[int, list[tuple[tuple[int, ...], int]]]:
    """The best opening of a sorted hand: melds laid one after another in one turn, each one a
    meld the game offers for the cards left at that moment (:func:`_hand_melds`, the game's
    own generator of melds), so the plan found is a plan the game accepts, in its order.

    The order matters: a joker of a new run stands only for a card the player no longer
    holds, and a card already laid this turn is no longer held.
    """
    cached = _BEST_CACHE.get(hand)
    if cached is not None:
        return cached
    memo: dict[tuple[int, ...], tuple[int, tuple]] = {}

    def best(rest: tuple[int, ...]) -> tuple[int, tuple]:
        found = memo.get(rest)
        if found is not None:
            return found
        answer: tuple[int, tuple] = (0, ())
        for codes, low in _hand_melds(rest):
            left = list(rest)
            for c in codes:
                left.remove(c)
            points, plan = best(tuple(left))
            points += _meld_points(codes, low)
            if points > answer[0]:
                answer = (points, ((codes, low), *plan))
        memo[rest] = answer
        return answer

    points, plan = best(hand)
    result = (points, list(plan))
    if len(_BEST_CACHE) > 20_000:
        _BEST_CACHE.clear()
    _BEST_CACHE[hand] = result
    return result


# ---------------------------------------------------------------- the table


@dataclass
class _TableMeld:
    """A meld on the table: its number in the deal, owner, low (0: a set) and cards in meld order."""

    id: int
    owner: int
    low: int
    cards: list[int]
    pending: bool = False

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def __post_init__(self):
        natural = next(c for c in self.cards if c < RJ)
        #: a run's suit and a set's rank (0 the ace .. 12 the king) never change
        self.suit = natural // 13
        self.rank = natural % 13

    def copy(self) -> _TableMeld:
        return _TableMeld(self.id, self.owner, self.low, list(self.cards), self.pending)

    def stands_for(self, i: int) -> int | None:
        """The natural card the joker at index ``i`` of a run stands for (None in a set)."""
        return _natural(self.suit, self.low + i) if self.low else None

    def missing_suits(self) -> set[int]:
        return {0, 1, 2, 3} - {c // 13 for c in self.cards if c < RJ}


def _joker_text(code: int, stands: int | None, lang: str) -> str:
    joker = format_card(ALL_CARDS[code], lang)
    return joker if stands is None else f"{joker}({format_card(ALL_CARDS[stands], lang)})"


#: the jokers counted in the texts (points: ``rules.lang.POINTS``)
JOKERS = ("joker", "jokers"), ("джокер", "джокера", "джокеров")


def _points(n: int, lang: str) -> str:
    return count(n, lang, *POINTS)


def _meld_text(codes: Sequence[int], low: int, lang: str = "en") -> str:
    """Cards of a meld in notation; a joker in a run shows the card it stands for: RJ(A♠)."""
    parts = []
    for i, c in enumerate(codes):
        if c >= RJ:
            parts.append(_joker_text(c, _natural(_suit_of(codes), low + i) if low else None, lang))
        else:
            parts.append(format_card(ALL_CARDS[c], lang))
    return " ".join(parts)


def _suit_of(codes: Sequence[int]) -> int:
    return next(c // 13 for c in codes if c < RJ)


# ---------------------------------------------------------------- actions


def _who(p: int, lang: str) -> str:
    return f"Player {p + 1}" if lang == "en" else f"Игрок {p + 1}"


@dataclass(frozen=True)
class Draw(Action):
    """The start of a turn: the top card of the stock (face down)."""

    RULE: ClassVar[str] = "joker_rummy.turn"
    #: the card taken when it is seen (only from the discard pile)
    card: ClassVar[Card | None] = None
    #: a draw plays no card from the hand
    cards: ClassVar[tuple[Card, ...]] = ()

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} draws from the stock"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        return f"{who} draws the top card of the stock" if lang == "en" else f"{who} берёт верхнюю карту колоды"


@dataclass(frozen=True)
class TakeDiscard(Draw):
    """The start of a turn: the top card of the discard pile («сток»), face up."""

    card: Card = None

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} takes {self.card} from the discard pile"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        if lang == "en":
            return f"{who} takes {self.card}, the top card of the discard pile"
        return f"{who} берёт {format_card(self.card, 'ru')}, верхнюю карту стока"


@dataclass(frozen=True)
class Meld(Action):
    """A new meld from the hand: ``cards`` in meld order; ``low`` is the run's first position
    (1 the low ace ... 14 the high ace), 0 for a set. ``opening`` marks a meld toward the opening."""

    cards: tuple[Card, ...] = ()
    low: int = 0
    opening: bool = False

    @property
    def rule(self) -> str:
        if self.opening:
            return "joker_rummy.opening"
        if any(c.is_joker for c in self.cards):
            return "joker_rummy.joker"
        return "joker_rummy.melds"

    @cached_property
    def codes(self) -> tuple[int, ...]:
        return tuple(_CODE[c] for c in self.cards)

    @property
    def points(self) -> int:
        return _meld_points(self.codes, self.low)

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} melds {_meld_text(self.codes, self.low)}"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        text = _meld_text(self.codes, self.low, lang)
        if lang == "en":
            kind = "a set" if self.low == 0 else "a run"
            extra = f", {_points(self.points, lang)} toward the opening" if self.opening else ""
            return f"{who} melds {text}: {kind}{extra}"
        kind = "комбинация одного номинала" if self.low == 0 else "лесенка"
        extra = f", {_points(self.points, lang)} в счёт первого действия" if self.opening else ""
        return f"{who} выкладывает {text}: {kind}{extra}"


@dataclass(frozen=True)
class LayOff(Action):
    """A card from the hand added to a meld on the table (meld number ``meld``) at its
    ``end`` (``"low"`` or ``"high"`` of a run, ``""`` for a set)."""

    card: Card | None = None
    meld: int = 0
    end: str = ""
    RULE: ClassVar[str] = "joker_rummy.lay_off"

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    @property
    def rule(self) -> str:
        if self.card.is_joker:
            return "joker_rummy.joker"
        if self.card.rank == Rank.ACE and self.end == "low":
            return "joker_rummy.ace"
        return "joker_rummy.lay_off"

    def _card_text(self, lang: str) -> str:
        if self.card.is_joker:
            return format_card(self.card, lang)
        return format_card(self.card, lang)

    @cached_property
    def label(self) -> str:
        at = f" at the {self.end} end" if self.end else ""
        return f"P{self.player + 1} lays off {self._card_text('en')} on meld {self.meld}{at}"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        if lang == "en":
            at = {"low": " below its lowest card", "high": " above its highest card", "": ""}[self.end]
            return f"{who} lays off {self._card_text(lang)} on meld {self.meld}{at}"
        at = {"low": " в начало", "high": " в конец", "": ""}[self.end]
        return f"{who} подкладывает {self._card_text(lang)} к комбинации {self.meld}{at}"


@dataclass(frozen=True)
class TakeJoker(Action):
    """The natural ``card`` from the hand replaces ``joker`` in meld ``meld``; the joker goes to the hand."""

    card: Card | None = None
    joker: Card | None = None
    meld: int = 0
    RULE: ClassVar[str] = "joker_rummy.take_joker"

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} takes {self.joker} from meld {self.meld} with {self.card}"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        j, c = format_card(self.joker, lang), format_card(self.card, lang)
        if lang == "en":
            return f"{who} puts {c} in place of {j} in meld {self.meld} and takes {j}: it must be melded again this turn or be the going-out discard"
        return f"{who} кладёт {c} вместо {j} в комбинации {self.meld} и забирает {j}: его надо в этот же ход выложить на стол или закончить им игру"


@dataclass(frozen=True)
class Join(Action):
    """Meld ``other`` (a run) joined to the end of meld ``meld``, a run of the same suit it continues."""

    meld: int = 0
    other: int = 0
    RULE: ClassVar[str] = "joker_rummy.join"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} joins meld {self.other} to meld {self.meld}"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        if lang == "en":
            return f"{who} joins run {self.other} to run {self.meld}, which it continues"
        return f"{who} присоединяет лесенку {self.other} к лесенке {self.meld}, которую она продолжает"


@dataclass(frozen=True)
class TakeBack(Action):
    """The melds laid toward an opening that does not reach 51 go back to the hand."""

    RULE: ClassVar[str] = "joker_rummy.opening"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} takes back the melds"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        if lang == "en":
            return f"{who} takes back the melds laid this turn: they do not make 51"
        return f"{who} забирает обратно выложенные в этот ход комбинации: в них нет 51 очка"


@dataclass(frozen=True)
class Discard(Action):
    """The end of a turn: one card on the discard pile (several only when they are the last jokers)."""

    cards: tuple[Card, ...] = ()
    RULE: ClassVar[str] = "joker_rummy.turn"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} discards {format_cards(self.cards)}"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        return (
            f"{who} discards {format_cards(self.cards)}"
            if lang == "en"
            else f"{who} сбрасывает в сток {format_cards(self.cards, 'ru')}"
        )


# ---------------------------------------------------------------- notes (what happens by itself)


@dataclass(frozen=True)
class _Note(Note):
    player: int | None = None


@dataclass(frozen=True)
class Dealt(_Note):
    RULE: ClassVar[str] = "joker_rummy.deal"
    deal: int = 1
    dealer: int = 0

    def explain(self, lang: str = "en") -> str:
        d, s = self.dealer + 1, self.player + 1
        if check_lang(lang) == "en":
            return f"Deal {self.deal}: player {d} deals 14 cards each and 15 to player {s}, who starts by discarding"
        return f"Сдача {self.deal}: игрок {d} сдаёт по 14 карт, игроку {s} — 15; он начинает со сброса"


@dataclass(frozen=True)
class StockTurned(_Note):
    RULE: ClassVar[str] = "joker_rummy.stock"
    cards: int = 0

    def explain(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return f"The stock is empty: the discard pile ({count(self.cards)}) is turned over and becomes the stock"
        return f"Колода кончилась: сток ({count(self.cards, 'ru')}) переворачивается и становится колодой"


@dataclass(frozen=True)
class Opened(_Note):
    RULE: ClassVar[str] = "joker_rummy.opening"
    points: int = 0

    def explain(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return f"Player {self.player + 1} has opened with {_points(self.points, 'en')} (51 needed)"
        return f"Игрок {self.player + 1} выложился: {_points(self.points, 'ru')} (нужно не менее 51)"


@dataclass(frozen=True)
class WentOut(_Note):
    RULE: ClassVar[str] = "joker_rummy.going_out"
    jokers: int = 0

    def explain(self, lang: str = "en") -> str:
        score = GOING_OUT[self.jokers]
        if check_lang(lang) == "en":
            if self.jokers:
                how = "a joker" if self.jokers == 1 else f"{count(self.jokers, 'en', *JOKERS)} at once"
                return f"Player {self.player + 1} goes out by discarding {how}: {_points(score, 'en')}"
            return f"Player {self.player + 1} has no cards left: {_points(score, 'en')}"
        if self.jokers:
            how = "джокер" if self.jokers == 1 else f"сразу {count(self.jokers, 'ru', *JOKERS)}"
            return f"Игрок {self.player + 1} заканчивает игру, сбросив в сток {how}: {_points(score, 'ru')}"
        return f"У игрока {self.player + 1} не осталось карт: {_points(score, 'ru')}"


@dataclass(frozen=True)
class DealScored(_Note):
    RULE: ClassVar[str] = "joker_rummy.penalties"
    scores: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    unfinished: bool = False

    def explain(self, lang: str = "en") -> str:
        s = ", ".join(f"{x:+d}" if x < 0 else str(x) for x in self.scores)
        t = ", ".join(str(x) for x in self.totals)
        if check_lang(lang) == "en":
            why = "Nobody went out within the round limit. " if self.unfinished else ""
            return f"{why}Scores of the deal: {s}; totals: {t}"
        why = "За отведённое число кругов никто не выложил все карты. " if self.unfinished else ""
        return f"{why}Очки за сдачу: {s}; всего: {t}"


@dataclass(frozen=True)
class MatchOver(_Note):
    RULE: ClassVar[str] = "joker_rummy.match"
    winners: tuple[int, ...] = ()

    def explain(self, lang: str = "en") -> str:
        w = ", ".join(str(p + 1) for p in self.winners)
        if check_lang(lang) == "en":
            who = "player" if len(self.winners) == 1 else "players"
            return f"The match is over: the lowest total wins ({who} {w})"
        who = "игрок" if len(self.winners) == 1 else "игроки"
        return f"Партия окончена: побеждает меньшая сумма очков ({who} {w})"


# ---------------------------------------------------------------- refusals

#: why an action is refused: code -> (English, Russian, rule id); {p} the player, {c} a card,
#: {m} a meld number, {n} a number of points (its words in each language)
_REASONS = {
    "over": ("the match is over", "партия окончена", "joker_rummy.match"),
    "not_turn": (
        "it is player {t}'s turn, not player {p}'s",
        "сейчас ход игрока {t}, а не игрока {p}",
        "joker_rummy.turn",
    ),
    "draw_first": (
        "a turn starts by taking a card from the stock or the discard pile",
        "ход начинается с того, что игрок берёт карту из колоды или из стока",
        "joker_rummy.turn",
    ),
    "drawn": ("player {p} has already drawn this turn", "игрок {p} уже взял карту в этот ход", "joker_rummy.turn"),
    "starter": (
        "the player dealt 15 cards starts by discarding only",
        "игрок, получивший 15 карт, начинает только со сброса",
        "joker_rummy.deal",
    ),
    "empty_discard": ("the discard pile is empty", "сток пуст", "joker_rummy.turn"),
    "wrong_top": (
        "the top card of the discard pile is {c}",
        "верхняя карта стока — {c}",
        "joker_rummy.turn",
    ),
    "first_round": (
        "nobody melds until every player has had one turn (the first round)",
        "выкладываться нельзя, пока каждый игрок не сходит по одному разу (первый круг)",
        "joker_rummy.first_round",
    ),
    "taken_back": (
        "player {p} took their melds back this turn and may only discard now",
        "игрок {p} забрал свои комбинации в этот ход и теперь может только сбросить карту",
        "joker_rummy.opening",
    ),
    "not_held": ("player {p} does not hold {c}", "у игрока {p} нет карты {c}", "joker_rummy.turn"),
    "not_opened": (
        "player {p} has not opened yet: laying off, joining and taking jokers come after the opening of 51",
        "игрок {p} ещё не выложился: подкладывать, присоединять и брать джокеры можно только после первого действия (51 очко)",
        "joker_rummy.lay_off",
    ),
    "opening_short": (
        "the melds laid toward the opening are worth {n}, and the opening needs at least 51: lay more or take them back",
        "выложенные комбинации стоят {n}, а для первого действия нужно не менее 51: выложите ещё или заберите их",
        "joker_rummy.opening",
    ),
    "nothing_to_take_back": (
        "there are no melds laid toward an opening to take back",
        "нет комбинаций первого действия, которые можно забрать",
        "joker_rummy.opening",
    ),
    "owed_joker": (
        "the joker taken from the table must be melded again this turn or be the going-out discard",
        "джокер, взятый со стола, надо в этот же ход выложить на стол или закончить им игру",
        "joker_rummy.take_joker",
    ),
    "joker_nowhere": (
        "the joker taken could not be melded again anywhere this turn",
        "взятый джокер в этот ход некуда будет выложить",
        "joker_rummy.take_joker",
    ),
    "several": (
        "one card is discarded; several only when they are the last cards and all jokers",
        "в сток кладут одну карту; несколько — только последние карты, и все они джокеры",
        "joker_rummy.going_out",
    ),
    "no_meld": ("there is no meld {m} on the table", "на столе нет комбинации {m}", "joker_rummy.lay_off"),
    "no_melds": ("melds {m} are not both on the table", "на столе нет одной из комбинаций {m}", "joker_rummy.join"),
    "pending_melds": (
        "one of melds {m} is part of an opening not yet complete",
        "одна из комбинаций {m} — часть ещё не законченного первого действия",
        "joker_rummy.opening",
    ),
    "pending_meld": (
        "meld {m} is part of an opening not yet complete",
        "комбинация {m} — часть ещё не законченного первого действия",
        "joker_rummy.opening",
    ),
    "lay_off_no": (
        "{c} does not continue meld {m}",
        "{c} не продолжает и не дополняет комбинацию {m}",
        "joker_rummy.lay_off",
    ),
    "set_full": (
        "meld {m} already holds a card of every suit of its rank",
        "в комбинации {m} уже есть все масти",
        "joker_rummy.melds",
    ),
    "run_full": (
        "meld {m} cannot be continued at that end",
        "комбинацию {m} нельзя продолжить с этой стороны",
        "joker_rummy.ace",
    ),
    "no_joker_there": ("meld {m} holds no {c}", "в комбинации {m} нет карты {c}", "joker_rummy.take_joker"),
    "wrong_natural": (
        "{c} is not the card the joker stands for in meld {m}",
        "{c} — не та карта, которую заменяет джокер в комбинации {m}",
        "joker_rummy.take_joker",
    ),
    "join_no": (
        "melds {m} do not continue each other (two runs of one suit, one right after the other)",
        "комбинации {m} не продолжают друг друга (две лесенки одной масти, одна сразу за другой)",
        "joker_rummy.join",
    ),
    "join_own": (
        "one of the joined runs must be player {p}'s own",
        "одна из присоединяемых лесенок должна быть своей",
        "joker_rummy.join",
    ),
    "unknown": ("{a} is not a move of Joker rummy", "«{a}» — не ход в «Джокере»", "joker_rummy.turn"),
}


def _refusal(code: str, **values) -> IllegalAction:
    en, ru, rule = _REASONS[code]
    ru_values = {k: (v[1] if isinstance(v, tuple) else v) for k, v in values.items()}
    en_values = {k: (v[0] if isinstance(v, tuple) else v) for k, v in values.items()}
    return IllegalAction(en.format(**en_values), ru.format(**ru_values), rule=rule)


def _card_words(card: Card) -> tuple[str, str]:
    return str(card), format_card(card, "ru")


# ---------------------------------------------------------------- the state

DRAW, ACT, OVER = range(3)
PHASES = ("draw", "act", "over")


def _max_actions(state: JokerRummyState) -> int:
    per_turn = 60
    return state.deals * (state.options.round_limit * state.num_players + 1) * per_turn


class JokerRummyState(State):
    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        self.deals = options.deals or players
        self.totals = [0] * players
        #: per finished deal: the scores of the deal
        self.deal_scores: list[tuple[int, ...]] = []
        #: per finished deal: who went out (None: nobody), the round, whose first opening came when
        self.deal_log: list[dict] = []
        self.dealer = self.rng.randrange(players)
        self._pack = [_code(c) for c in game_cards(players)]
        self._deal()

    # ---- the deal

    def _deal(self) -> None:
        n = self.num_players
        pack = list(self._pack)
        self.rng.shuffle(pack)
        self.hands = [[] for _ in range(n)]
        starter = (self.dealer + 1) % n
        for _ in range(HAND):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(pack.pop())
        self.hands[starter].append(pack.pop())
        self._start_deal(pack, [], starter)
        self.dealt_jokers = [sum(1 for c in h if c >= RJ) for h in self.hands]
        self.record(Dealt(player=starter, deal=len(self.deal_scores) + 1, dealer=self.dealer))

    def _start_deal(self, stock: list[int], discard: list[int], starter: int) -> None:
        n = self.num_players
        for h in self.hands:
            h.sort()
        self.stock = stock
        self.discard = discard
        self.melds: dict[int, _TableMeld] = {}
        self.next_meld = 1
        self.opened = [False] * n
        self.opened_round: list[int | None] = [None] * n
        self.turn_no = 0  # turns started in this deal
        self.player = starter
        self.starter = starter
        self.phase = ACT  # the starter only discards
        self.pending = 0
        self.owed = 0
        self.took_back = False
        self.turnovers = 0
        self.dealt_jokers = [0] * n
        self._cache = None

    @property
    def round(self) -> int:
        """The round of the current turn in this deal (1 is the first round)."""
        return self.turn_no // self.num_players + 1

    # ---- the protocol

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.player

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self._cache is None:
            self._cache = self._generate()
        return list(self._cache)

    # ---- gates: the one place each rule is decided (generator and refusals both ask here)

    def _gate(self, kind: type, p: int) -> str | None:
        """Why player ``p`` may not make a move of this kind now (None: he may)."""
        if self.phase == OVER:
            return "over"
        if p != self.player:
            return "not_turn"
        if kind is Draw or kind is TakeDiscard:
            return None if self.phase == DRAW else ("starter" if self.turn_no == 0 else "drawn")
        if self.phase == DRAW:
            return "draw_first"
        if kind is Discard:
            if 0 < self.pending < OPENING:
                return "opening_short"
            return None
        if kind is TakeBack:
            return None if 0 < self.pending < OPENING else "nothing_to_take_back"
        if self.turn_no < self.num_players:
            return "first_round"
        if kind is Meld:
            return "taken_back" if self.took_back else None
        if not self.opened[p]:
            return "not_opened"
        return None

    def _draw_problem(self, card: Card | None) -> str | None:
        if card is None:
            return None
        if not self.discard:
            return "empty_discard"
        return None if _code(card) == self.discard[-1] else "wrong_top"

    def _discard_problem(self, codes: Sequence[int]) -> str | None:
        hand = self.hands[self.player]
        if len(codes) > 1 and (len(codes) != len(hand) or any(c < RJ for c in codes) or sorted(codes) != sorted(hand)):
            return "several"
        if self.owed and not (len(codes) == len(hand) and all(c >= RJ for c in codes)):
            return "owed_joker"
        return None

    def _lay_off_problem(self, code: int, meld: _TableMeld | None, end: str) -> str | None:
        if meld is None:
            return "no_meld"
        if meld.pending:
            return "pending_meld"
        if meld.low == 0:
            if end:
                return "lay_off_no"
            if len(meld.cards) >= 4:
                return "set_full"
            if code >= RJ:
                return None
            if code % 13 != meld.rank:
                return "lay_off_no"
            return None if code // 13 in meld.missing_suits() else "set_full"
        pos = meld.low - 1 if end == "low" else meld.high + 1 if end == "high" else None
        if pos is None:
            return "lay_off_no"
        if not 1 <= pos <= 14:
            return "run_full"
        if code >= RJ:
            return None
        return None if code == _natural(meld.suit, pos) else "lay_off_no"

    def _take_problem(self, code: int, joker: int, meld: _TableMeld | None) -> str | None:
        if meld is None:
            return "no_meld"
        if meld.pending:
            return "pending_meld"
        if joker not in meld.cards:
            return "no_joker_there"
        if meld.low:
            if not any(j == joker and meld.stands_for(i) == code for i, j in enumerate(meld.cards)):
                return "wrong_natural"
        elif code >= RJ or code % 13 != meld.rank or code // 13 not in meld.missing_suits():
            return "wrong_natural"
        if not self._joker_placeable(self.player, code, meld.id):
            return "joker_nowhere"
        return None

    def _joker_placeable(self, p: int, natural: int, meld_id: int) -> bool:
        """After the swap, could the joker be laid off somewhere (or be the last card)?"""
        if len(self.hands[p]) == 1:
            return True  # the hand becomes the joker alone: it is the going-out discard
        for m in self.melds.values():
            if m.pending:
                continue
            if m.low == 0:
                size = len(m.cards)
                if size < 4:
                    return True
            elif m.low > 1 or m.high < 14:
                return True
        return False

    def _join_problem(self, first: _TableMeld | None, second: _TableMeld | None, p: int) -> str | None:
        if first is None or second is None:
            return "no_melds"
        if first.pending or second.pending:
            return "pending_melds"
        if first.low == 0 or second.low == 0 or first.suit != second.suit or first.high + 1 != second.low:
            return "join_no"
        if self.options.join == "own" and p not in (first.owner, second.owner):
            return "join_own"
        return None

    # ---- the move generator

    def _generate(self) -> list[Action]:
        if self.phase == OVER:
            return []
        p = self.player
        if self.phase == DRAW:
            out: list[Action] = [_DRAW_STOCK[p]]
            if self.discard:
                out.append(_draw_discard(p, self.discard[-1]))
            return out
        out = []
        if self._gate(Meld, p) is None:
            out += self._meld_moves(p)
        if self._gate(LayOff, p) is None:
            distinct = sorted(set(self.hands[p]))
            out += self._lay_off_moves(p, distinct)
            out += self._take_joker_moves(p, distinct)
            out += self._join_moves(p)
        if self._gate(TakeBack, p) is None:
            out.append(_TAKE_BACK[p])
        if self._gate(Discard, p) is None:
            out += self._discard_moves(p)
        return out

    def _meld_moves(self, p: int) -> list[Action]:
        opening = not self.opened[p]
        return [_meld(p, codes, low, opening) for codes, low in dict.fromkeys(_hand_melds(self.hands[p]))]

    def _lay_off_moves(self, p: int, distinct: list[int]) -> list[Action]:
        """Candidates only (the cards that could continue each meld); _lay_off_problem decides."""
        out: list[Action] = []
        jokers = [c for c in distinct if c >= RJ]
        for m in self.melds.values():
            if m.pending:
                continue
            if m.low == 0:
                for c in distinct:
                    if (c >= RJ or c % 13 == m.rank) and self._lay_off_problem(c, m, "") is None:
                        out.append(_lay_off(p, c, m, ""))
                continue
            for end, pos in (("low", m.low - 1), ("high", m.high + 1)):
                near = [_natural(m.suit, pos)] if 1 <= pos <= 14 else []
                for c in [c for c in near if c in distinct] + jokers:
                    if self._lay_off_problem(c, m, end) is None:
                        out.append(_lay_off(p, c, m, end))
        return out

    def _take_joker_moves(self, p: int, distinct: list[int]) -> list[Action]:
        out: list[Action] = []
        for m in self.melds.values():
            if m.pending or all(c < RJ for c in m.cards):
                continue
            for j in sorted({c for c in m.cards if c >= RJ}):
                out += [
                    TakeJoker(p, ALL_CARDS[c], ALL_CARDS[j], m.id)
                    for c in distinct
                    if c < RJ and self._take_problem(c, j, m) is None
                ]
        return out

    def _join_moves(self, p: int) -> list[Action]:
        runs = sorted((m for m in self.melds.values() if m.low and not m.pending), key=lambda m: m.id)
        return [Join(p, a.id, b.id) for a in runs for b in runs if a is not b and self._join_problem(a, b, p) is None]

    def _discard_moves(self, p: int) -> list[Action]:
        hand = self.hands[p]
        out: list[Action] = [_discard(p, c) for c in sorted(set(hand)) if self._discard_problem((c,)) is None]
        if len(hand) > 1 and all(c >= RJ for c in hand):
            out.append(Discard(p, tuple(ALL_CARDS[c] for c in sorted(hand))))
        return out

    # ---- playing

    def _play(self, action: Action) -> None:
        _CARRY_OUT[type(action)](self, action, self.player, self.hands[self.player])
        self._cache = None

    def _play_draw(self, action: Draw, p: int, hand: list[int]) -> None:
        hand.append(self.stock.pop() if type(action) is Draw else self.discard.pop())
        hand.sort()
        self.phase = ACT

    def _play_meld(self, action: Meld, p: int, hand: list[int]) -> None:
        codes = action.codes
        for c in codes:
            hand.remove(c)
        meld = _TableMeld(self.next_meld, p, action.low, list(codes), pending=not self.opened[p])
        self.melds[meld.id] = meld
        self.next_meld += 1
        self._jokers_placed(codes)
        if meld.pending:
            self.pending += _meld_points(codes, action.low)
            if self.pending >= OPENING:
                self._open(p)
        self._check_out(p)

    def _play_lay_off(self, action: LayOff, p: int, hand: list[int]) -> None:
        c = _code(action.card)
        hand.remove(c)
        m = self.melds[action.meld]
        if action.end == "low":
            m.cards.insert(0, c)
            m.low -= 1
        else:
            m.cards.append(c)
        self._jokers_placed((c,))
        self._check_out(p)

    def _play_take_joker(self, action: TakeJoker, p: int, hand: list[int]) -> None:
        c, j = _code(action.card), _code(action.joker)
        m = self.melds[action.meld]
        i = next(i for i, x in enumerate(m.cards) if x == j and m.stands_for(i) == c) if m.low else m.cards.index(j)
        m.cards[i] = c
        hand.remove(c)
        hand.append(j)
        hand.sort()
        self.owed += 1

    def _play_join(self, action: Join, p: int, hand: list[int]) -> None:
        a, b = self.melds[action.meld], self.melds.pop(action.other)
        a.cards.extend(b.cards)

    def _play_take_back(self, action: TakeBack, p: int, hand: list[int]) -> None:
        for mid in [mid for mid, m in self.melds.items() if m.pending]:
            hand.extend(self.melds.pop(mid).cards)
        hand.sort()
        self.pending = 0
        self.took_back = True

    def _play_discard(self, action: Discard, p: int, hand: list[int]) -> None:
        codes = [_code(c) for c in action.cards]
        for c in codes:
            hand.remove(c)
        self.discard.extend(codes)
        if not hand:
            self._go_out(p, sum(1 for c in codes if c >= RJ))
        else:
            self._next_turn()

    def _jokers_placed(self, codes: Iterable[int]) -> None:
        if self.owed:
            self.owed = max(0, self.owed - sum(1 for c in codes if c >= RJ))

    def _open(self, p: int) -> None:
        self.opened[p] = True
        self.opened_round[p] = self.round
        for m in self.melds.values():
            m.pending = False
        self.record(Opened(player=p, points=self.pending))
        self.pending = 0

    def _check_out(self, p: int) -> None:
        if not self.hands[p] and self.opened[p]:
            self._go_out(p, 0)

    def _next_turn(self) -> None:
        n = self.num_players
        self.turn_no += 1
        self.pending = 0
        self.owed = 0
        self.took_back = False
        if self.turn_no >= self.options.round_limit * n:
            self._score(None)
            return
        self.player = (self.player + 1) % n
        self.phase = DRAW
        if not self.stock:
            pile = self.discard
            self.stock = pile[::-1]
            self.discard = []
            self.turnovers += 1
            self.record(StockTurned(cards=len(pile)))

    def _go_out(self, p: int, jokers: int) -> None:
        self.record(WentOut(player=p, jokers=jokers))
        self._score(p, GOING_OUT[jokers])

    def _score(self, winner: int | None, bonus: int = 0) -> None:
        joker = self.options.joker_penalty
        scores = tuple(bonus if q == winner else _penalty_codes(self.hands[q], joker) for q in range(self.num_players))
        for q, s in enumerate(scores):
            self.totals[q] += s
        self.deal_scores.append(scores)
        self.deal_log.append(
            {
                "winner": winner,
                "rounds": min(self.round, self.options.round_limit),
                "opened_round": list(self.opened_round),
                "turnovers": self.turnovers,
                "dealt_jokers": list(self.dealt_jokers),
            }
        )
        self.record(DealScored(scores=scores, totals=tuple(self.totals), unfinished=winner is None))
        limit = self.options.limit
        if len(self.deal_scores) >= self.deals or (limit and max(self.totals) >= limit):
            self.phase = OVER
            self.record(MatchOver(winners=self.result().winners))
            return
        self.dealer = (self.dealer + 1) % self.num_players
        self._deal()

    # ---- results and views

    def result(self) -> Result:
        return Result.from_scores(self.totals, higher_is_better=False)

    def hand(self, player: int) -> list[Card]:
        return [ALL_CARDS[c] for c in self.hands[player]]

    def table(self) -> list[dict]:
        """The melds on the table in order: id, owner, kind, cards, the card each joker stands for."""
        out = []
        for m in self.melds.values():
            out.append(
                {
                    "id": m.id,
                    "owner": m.owner,
                    "kind": "set" if m.low == 0 else "run",
                    "cards": [str(ALL_CARDS[c]) for c in m.cards],
                    "text": _meld_text(m.cards, m.low),
                    "text_ru": _meld_text(m.cards, m.low, "ru"),
                    "low": m.low,
                    "pending": m.pending,
                }
            )
        return out

    def view(self, player: int) -> dict:
        return {
            "player": player,
            "hand": [str(ALL_CARDS[c]) for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "discard": [str(ALL_CARDS[c]) for c in self.discard],
            "melds": self.table(),
            "opened": list(self.opened),
            "pending": self.pending,
            "owed": self.owed,
            "phase": PHASES[self.phase],
            "turn": self.current_player,
            "round": self.round,
            "deal": len(self.deal_scores) + (0 if self.phase == OVER else 1),
            "deals": self.deals,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "deal_scores": [list(s) for s in self.deal_scores],
            "joker_penalty": self.options.joker_penalty,
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {f"hand{p}": [ALL_CARDS[c] for c in h] for p, h in enumerate(self.hands)}
        z["stock"] = [ALL_CARDS[c] for c in self.stock]
        z["discard"] = [ALL_CARDS[c] for c in self.discard]
        z["table"] = [ALL_CARDS[c] for m in self.melds.values() for c in m.cards]
        return z

    def visible_zones(self, player: int) -> set[str]:
        return {f"hand{player}", "discard", "table"}

    def cards_used(self) -> list[Card]:
        return [ALL_CARDS[c] for c in self._pack]

    # ---- refusals

    def verdict(self, action: Action) -> IllegalAction | None:
        """The rules of one action, stated once: the gates and problems above decide, and the
        move generator asks the same ones."""
        p = action.player
        gate = self._gate(type(action), p)
        if gate:
            return _refusal(
                gate, p=p + 1, t=self.player + 1, n=(_points(self.pending, "en"), _points(self.pending, "ru"))
            )
        if any(not isinstance(c, Card) for c in getattr(action, "cards", ())):
            return self.not_now(action)
        hand = Counter(self.hands[p])
        for c, n in Counter(_code(c) for c in getattr(action, "cards", ())).items():
            if hand[c] < n:
                return _refusal("not_held", p=p + 1, c=_card_words(ALL_CARDS[c]))
        return _KIND_VERDICTS[type(action)](self, action)

    def _take_discard_verdict(self, action: TakeDiscard) -> IllegalAction | None:
        code = self._draw_problem(action.card)
        if code:
            top = ALL_CARDS[self.discard[-1]] if self.discard else None
            return _refusal(code, c=_card_words(top) if top else "")
        return None

    def _meld_verdict(self, action: Meld) -> IllegalAction | None:
        codes = [_code(c) for c in action.cards]
        problem = _meld_problem(codes, action.low) or _held_problem(codes, action.low, self.hands[action.player])
        if problem:
            return _meld_illegal(codes, problem)
        if action.opening != (not self.opened[action.player]):
            return _meld_illegal(codes, None, opening=not self.opened[action.player])
        return None if action in self.legal_actions() else self.not_now(action)

    def _lay_off_verdict(self, action: LayOff) -> IllegalAction | None:
        code = self._lay_off_problem(_code(action.card), self.melds.get(action.meld), action.end)
        return _refusal(code, c=_card_words(action.card), m=action.meld) if code else None

    def _take_joker_verdict(self, action: TakeJoker) -> IllegalAction | None:
        if action.joker is None or not action.joker.is_joker:
            return _refusal("no_joker_there", m=action.meld, c=("a joker", "джокера"))
        code = self._take_problem(_code(action.card), _code(action.joker), self.melds.get(action.meld))
        if code:
            words = _card_words(action.joker) if code == "no_joker_there" else _card_words(action.card)
            return _refusal(code, c=words, m=action.meld)
        return None

    def _join_verdict(self, action: Join) -> IllegalAction | None:
        code = self._join_problem(self.melds.get(action.meld), self.melds.get(action.other), action.player)
        return _refusal(code, m=f"{action.meld}, {action.other}", p=action.player + 1) if code else None

    def _discard_verdict(self, action: Discard) -> IllegalAction | None:
        code = self._discard_problem([_code(c) for c in action.cards]) if action.cards else "several"
        return _refusal(code) if code else None


#: how each kind of move is carried out
_CARRY_OUT = {
    Draw: JokerRummyState._play_draw,
    TakeDiscard: JokerRummyState._play_draw,
    Meld: JokerRummyState._play_meld,
    LayOff: JokerRummyState._play_lay_off,
    TakeJoker: JokerRummyState._play_take_joker,
    Join: JokerRummyState._play_join,
    TakeBack: JokerRummyState._play_take_back,
    Discard: JokerRummyState._play_discard,
}

#: the verdict of each kind of move, after the gate and the cards held
_KIND_VERDICTS = {
    Draw: lambda state, action: None,
    TakeDiscard: JokerRummyState._take_discard_verdict,
    Meld: JokerRummyState._meld_verdict,
    LayOff: JokerRummyState._lay_off_verdict,
    TakeJoker: JokerRummyState._take_joker_verdict,
    Join: JokerRummyState._join_verdict,
    TakeBack: lambda state, action: None,
    Discard: JokerRummyState._discard_verdict,
}


def _meld_illegal(codes: Sequence[int], problem: str | None, opening: bool | None = None) -> IllegalAction:
    if opening is not None:
        if opening:
            return IllegalAction(
                "the player has not opened: this meld counts toward the opening of 51",
                "игрок ещё не выложился: эта комбинация идёт в счёт первого действия (51 очко)",
                rule="joker_rummy.opening",
            )
        return IllegalAction(
            "the player has opened already: this meld is not part of an opening",
            "игрок уже выложился: эта комбинация не идёт в счёт первого действия",
            rule="joker_rummy.melds",
        )
    err = _meld_error(codes, problem)
    return IllegalAction(err.en, err.ru, rule="joker_rummy.melds")


# ---------------------------------------------------------------- action caches

_DRAW_STOCK = [Draw(p) for p in range(11)]
_TAKE_BACK = [TakeBack(p) for p in range(11)]
_DISCARD_CACHE: dict[tuple[int, int], Discard] = {}
_DRAW_CACHE: dict[tuple[int, int], TakeDiscard] = {}


def _discard(p: int, c: int) -> Discard:
    key = (p, c)
    act = _DISCARD_CACHE.get(key)
    if act is None:
        act = _DISCARD_CACHE[key] = Discard(p, (ALL_CARDS[c],))
    return act


def _draw_discard(p: int, c: int) -> TakeDiscard:
    key = (p, c)
    act = _DRAW_CACHE.get(key)
    if act is None:
        act = _DRAW_CACHE[key] = TakeDiscard(p, ALL_CARDS[c])
    return act


_MELD_CACHE: dict[tuple, Meld] = {}


def _meld(p: int, codes: tuple[int, ...], low: int, opening: bool) -> Meld:
    key = (p, codes, low, opening)
    act = _MELD_CACHE.get(key)
    if act is None:
        if len(_MELD_CACHE) > 100_000:
            _MELD_CACHE.clear()
        act = _MELD_CACHE[key] = Meld(p, tuple(ALL_CARDS[c] for c in codes), low, opening)
    return act


def _lay_off(p: int, c: int, m: _TableMeld, end: str) -> LayOff:
    return LayOff(p, ALL_CARDS[c], m.id, end)


# ---------------------------------------------------------------- making games


def position(
    hands: Sequence[str],
    *,
    melds: Sequence[tuple[int, str]] = (),
    discard: str = "",
    opened: Sequence[int] = (),
    player: int = 0,
    drawn: bool = True,
    round: int = 2,
    seed: int = 0,
    **options,
) -> JokerRummyState:
    """A hand-set deal for teaching and tests: the hands in notation, the melds on the table as
    (owner, cards in meld order), the discard pile (bottom first), the players who have opened,
    whose turn it is and whether he has drawn; the rest of the packs is the stock, shuffled by
    ``seed``. ``round`` 2 or more is past the first round.
    """
    from rules.cards import parse_cards

    args = {
        "hands": list(hands),
        "melds": [[owner, text] for owner, text in melds],
        "discard": discard,
        "opened": list(opened),
        "player": player,
        "drawn": drawn,
        "round": round,
        "seed": seed,
        **options,
    }
    opts = make_options(Options, options)
    state = JokerRummyState(opts, len(hands), seed)
    state._story = []  # the hand-set deal replaces the dealt one
    pool = Counter(state._pack)
    state.hands = [sorted(_codes(parse_cards(h))) for h in hands]
    table: list[_TableMeld] = []
    for i, (owner, text) in enumerate(melds, start=1):
        codes = _codes(parse_cards(text))
        low = _low_of(codes)
        table.append(_TableMeld(i, owner, low, codes))
    pile = _codes(parse_cards(discard)) if discard else []
    used = Counter(c for h in state.hands for c in h) + Counter(c for m in table for c in m.cards) + Counter(pile)
    if used - pool:
        extra = format_cards(ALL_CARDS[c] for c in (used - pool).elements())
        raise OptionError(f"more copies of {extra} than the packs hold", f"карт {extra} больше, чем есть в колодах")
    stock = list((pool - used).elements())
    state.rng.shuffle(stock)
    state._start_deal(stock, pile, player)
    state.melds = {m.id: m for m in table}
    state.next_meld = len(table) + 1
    for q in opened:
        state.opened[q] = True
    state.turn_no = (round - 1) * len(hands) + (1 if round == 1 and player != 0 else 0)
    state.phase = ACT if drawn else DRAW
    return state.started_by("position", **args)


def _low_of(codes: Sequence[int]) -> int:
    """The reading of table cards given in meld order: a set if possible, else the run they spell."""
    if _set_problem(codes) is None:
        return 0
    for low in range(1, 16 - len(codes)):
        if _run_problem(codes, low) is None:
            return low
    raise _meld_error(codes)


_EXAMPLE_HAND = "9♣ 10♣ J♣ 10♣ 10♥ 10♦ 4♠ 7♦ K♣ 2♥ 5♠ 8♦ Q♥ 3♣"


#: the book's teaching set-ups (each a hand-set deal, so it saves, loads and undoes like any game)
SETUPS = {
    "source_example": Setup(
        "The text's example: 59 points",
        "Пример из текста: 59 очков",
        lambda: position([_EXAMPLE_HAND, "2♠ 3♠ 6♥ 7♥ 8♥ 9♥ J♠ Q♠ K♦ A♦ 5♦ 6♣ 4♥ 2♣"], discard="5♥", seed=1),
    ),
    "joker_take_back": Setup(
        "Taking a joker back",
        "Взять джокер со стола",
        lambda: position(
            ["5♣ Q♦ 9♦ 9♠ 2♥ 7♠", "4♠ 5♠ 6♦ 8♦ K♥ A♥"],
            melds=[(1, "3♣ 4♣ RJ"), (1, "Q♠ Q♥ BJ")],
            opened=[0, 1],
            seed=2,
        ),
    ),
    "ace_low_or_high": Setup(
        "The ace below the two or above the king",
        "Туз перед двойкой или после короля",
        lambda: position(
            ["A♠ A♦ 6♥ 9♣", "4♥ 5♥ 6♦ 8♦ K♥ A♥"],
            melds=[(1, "2♠ 3♠ 4♠"), (1, "J♦ Q♦ K♦")],
            opened=[0, 1],
            seed=3,
        ),
    ),
    "going_out_on_jokers": Setup(
        "Going out on two jokers",
        "Закончить двумя джокерами",
        lambda: position(["RJ BJ 8♣", "4♥ 5♥ 6♦ 8♦ K♥ A♥"], melds=[(1, "5♣ 6♣ 7♣")], opened=[0, 1], seed=4),
    ),
}


#: option sets the conformance suite plays (one deal each keeps it quick; the match is tested apart)
VARIANTS = (
    Variant({"deals": 1, "round_limit": 12}),
    Variant({"deals": 1, "round_limit": 15, "joker_penalty": 25, "join": "own"}, players=(2, 3)),
)


# ---------------------------------------------------------------- players


def measure(state: JokerRummyState) -> dict:
    """What the statistics read from a finished one-deal game (the first deal of a match):
    the round of the first opening (0: nobody opened), whether somebody went out, the rounds
    played, and per seat the score and the jokers dealt."""
    deal = state.deal_log[0]
    opened = [r for r in deal["opened_round"] if r is not None]
    row = {
        "first_opening": min(opened) if opened else 0,
        "went_out": int(deal["winner"] is not None),
        "rounds": deal["rounds"],
    }
    for p in range(state.num_players):
        row[f"score{p}"] = state.deal_scores[0][p]
        row[f"jokers{p}"] = deal["dealt_jokers"][p]
    return row


def _parse(text: str) -> int:
    from rules.cards import parse_card

    return _code(parse_card(text))


class HeuristicPlayer:
    """A plain rummy player: opens as soon as the best opening reaches 51, then melds and lays off
    all it can; draws the discard when that card joins a meld; discards the card least likely to
    join one, the costliest first; keeps jokers (and goes out on one when it can)."""

    name = "heuristic"
    needs_view = True

    def choose(self, view: dict, actions: Sequence[Action], rng) -> Action:
        first = actions[0]
        p = view["player"]
        hand = [_parse(c) for c in view["hand"]]
        if isinstance(first, Draw):
            for a in actions:
                if a.card is not None and self._wants(_code(a.card), hand, view):
                    return a
            return first
        melds = [a for a in actions if isinstance(a, Meld)]
        if melds:
            if view["opened"][p] or view["pending"]:
                pick = self._opening_step(hand, melds) if not view["opened"][p] else max(melds, key=_meld_size)
                if pick is not None:
                    return pick
            else:
                points, _plan = _player_plan(hand)
                if points >= OPENING:
                    pick = self._opening_step(hand, melds)
                    if pick is not None:
                        return pick
        for a in actions:
            if isinstance(a, LayOff) and not a.card.is_joker:
                return a
        for a in actions:
            if isinstance(a, LayOff) and (a.card.is_joker and (len(hand) > 2 or view["owed"])):
                return a
        for a in actions:
            if isinstance(a, TakeBack):
                return a
        discards = [a for a in actions if isinstance(a, Discard)]
        if not discards:
            return actions[rng.randrange(len(actions))]
        for a in discards:
            if len(a.cards) == len(hand):
                return a  # going out
        return max(discards, key=lambda a: self._discard_value(_code(a.cards[0]), hand, view))

    @staticmethod
    def _opening_step(hand: list[int], melds: list[Meld]) -> Meld | None:
        _points, plan = _player_plan(hand)
        if not plan:
            return None
        want = plan[0]
        for a in melds:
            if (a.codes, a.low) == want:
                return a
        return None

    @staticmethod
    def _wants(card: int, hand: list[int], view: dict) -> bool:
        if card >= RJ:
            return True
        if view["opened"][view["player"]]:
            for m in view["melds"]:
                codes = [_parse(c) for c in m["cards"]]
                low = m["low"]
                if low == 0:
                    if (
                        len(codes) < 4
                        and card % 13 == _first_natural(codes) % 13
                        and card // 13 not in {c // 13 for c in codes if c < RJ}
                    ):
                        return True
                else:
                    s = _first_natural(codes) // 13
                    high = low + len(codes) - 1
                    if card in (_natural(s, low - 1) if low > 1 else -1, _natural(s, high + 1) if high < 14 else -1):
                        return True
        return _connections(card, hand) >= 2

    @staticmethod
    def _discard_value(card: int, hand: list[int], view: dict) -> float:
        """Higher is a better discard: costly, unconnected, never a joker."""
        if card >= RJ:
            return -1000
        value = _RANK_VALUE[card % 13 + 1]
        return value - 12 * _connections(card, hand)


def _player_plan(hand: list[int]) -> tuple[int, list]:
    """The best opening, for a hand no bigger than a dealt one (a hand-set deal may hold more)."""
    return _best_opening(tuple(sorted(hand))) if len(hand) <= MAX_HAND else (0, [])


def _meld_size(a: Meld) -> int:
    return len(a.cards)


def _first_natural(codes: Sequence[int]) -> int:
    return next(c for c in codes if c < RJ)


def _connections(card: int, hand: Sequence[int]) -> int:
    """Other hand cards that could join ``card`` in a meld: same rank other suit, same suit within 2."""
    s, r = card // 13, card % 13
    n = 0
    seen = set()
    for c in hand:
        if c == card or c >= RJ or c in seen:
            continue
        seen.add(c)
        if c % 13 == r and c // 13 != s:
            n += 1
        elif c // 13 == s:
            d = abs(c % 13 - r)
            if d in (1, 2) or d in (11, 12):
                n += 1
    return n


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("joker_rummy", "Joker rummy", "Джокер", 2, 11, _max_actions, default_players=4),
    rules=RULES,
    options=Options,
    state=JokerRummyState,
    actions=(Draw, TakeDiscard, Meld, LayOff, TakeJoker, Join, TakeBack, Discard),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={"heuristic": HeuristicPlayer},
    bot="heuristic",
    measure=measure,
    view="widgets.games.joker_rummy:JokerRummyView",
)
new_game, from_json = GAME.new_game, GAME.from_json
