"""Joker rummy's cards and melds: runs and sets with jokers, what a meld is worth, the melds a hand
holds, and the best opening a hand can lay (the oracle the game's own moves are made from)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

from rules.cards import ALL_CARDS, BLACK_JOKER, RED_JOKER, Card, deck, format_card, format_cards
from rules.errors import RulesError
from rules.lang import POINTS, count

#: the opening must be worth at least this much
OPENING = 51
HAND = 14
#: the most cards a player holds when laying melds: the deal's 14 and the card drawn
MAX_HAND = HAND + 1
LONE_JOKER = 50
#: going out: by the number of jokers in the last discard
GOING_OUT = {0: -50, 1: -100, 2: -200, 3: -400}


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
    """The melds of a sorted hand: its sets rank by rank, then its runs suit by suit."""
    out: list[tuple[tuple[int, ...], int]] = []
    for part in _hand_part_keys(hand):
        out += _melds_of(part)
    return out


#: a card's bit in the hand's bitmask of distinct cards (bit ``code``)
_BIT = tuple(1 << code for code in range(54))
#: the 13 bits of one suit (ace first) in that bitmask, shifted down to the bottom
_SUIT_BITS = (1 << 13) - 1


def _hand_part_keys(hand: Sequence[int]) -> list[int]:
    """The parts of a hand whose melds :func:`_find_hand_melds` lists, in its order: each rank
    that may hold a set (ranks in the order they first come in the sorted hand), then each suit
    that may hold a run. A part is one number (see :func:`_hand_part`), so a cache keyed by it
    hashes an int, and holds nothing the garbage collector has to walk.

    The hand is read as a bitmask of its distinct cards, so no card is grouped one by one."""
    red, black = hand.count(RJ), hand.count(BJ)  # how many of each: all the melds need to know of them
    njokers = red + black
    jokers = (red << 2 | black) << 1
    bits = 0
    for code in hand:  # (a plain loop is the fastest way, faster than map or reduce)
        bits |= _BIT[code]
    masks = a, b, c, d = bits & _SUIT_BITS, bits >> 13 & _SUIT_BITS, bits >> 26 & _SUIT_BITS, bits >> 39 & _SUIT_BITS
    # sets: naturals of one rank in different suits, topped up with jokers to 3 or 4 cards
    if njokers >= 2:
        ranks = a | b | c | d  # any natural makes a set with two jokers
    elif njokers == 1:
        ranks = a & (b | c | d) | b & (c | d) | c & d  # two suits and the joker
    else:
        ranks = a & b & (c | d) | c & d & (a | b)  # three suits
    parts = [_set_key(a, b, c, d, rank) | jokers for rank in _ranks_in_order(ranks, masks)] if ranks else []
    # runs: suit by suit, from the naturals of that suit that can be in a run
    in_runs = _RUN_RANKS[njokers] if njokers < 2 else None  # two jokers make a run with any card
    for suit, mask in enumerate(masks):
        if in_runs:
            mask = in_runs[mask]
        if mask:
            two_aces = mask & 1 and hand.count(suit * 13) > 1
            parts.append(((mask << 1 | two_aces) << 2 | suit) << 5 | jokers | 1)
    return parts


def _ranks_in_order(ranks: int, masks: tuple[int, ...]) -> list[int]:
    """The ranks of bitmask ``ranks`` in the order they first come in a sorted hand whose suits
    hold ``masks``: by their lowest suit held, then by rank."""
    out = []
    for mask in masks:
        here = ranks & mask
        ranks ^= here
        while here:
            low = here & -here
            here ^= low
            out.append(low.bit_length() - 1)
    return out


def _set_key(a: int, b: int, c: int, d: int, rank: int) -> int:
    """A set's part key (see :func:`_hand_part`) but its jokers: the rank and the suits holding it."""
    return ((a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3) << 9 | rank << 5


#: run positions 1..12: where a window of three positions may start
_STARTS = (1 << 13) - 2


def _run_ranks(ranks: int, njokers: int) -> int:
    """The ranks held in one suit (bit 0 the ace) that can be in a run with ``njokers`` (0 or 1)
    jokers: those in a window of three positions with at most ``njokers`` gaps (0 when none is).

    Leaving out the others changes no run :func:`_run_melds` finds (a window that held one of
    them would have too many gaps), and makes suits that differ only by such cards one part."""
    held = ranks << 1 | (ranks & 1) << 14  # run positions: bit 1 the low ace ... bit 14 the high ace
    after, next_after = held >> 1, held >> 2
    both = held & after  # position p and p + 1 held
    # the windows' first positions: with a joker two of the three held, without one all three
    starts = (both | held & next_after | after & next_after) & _STARTS if njokers else both & next_after
    cover = (starts | starts << 1 | starts << 2) & held
    return (cover >> 1 | cover >> 14) & _SUIT_BITS


#: :func:`_run_ranks` of every suit's ranks held, without a joker and with one (tuples of ints)
_RUN_RANKS = tuple(tuple(_run_ranks(ranks, njokers) for ranks in range(1 << 13)) for njokers in (0, 1))


def _hand_part(key: int) -> tuple:
    """The part of a hand a key of :func:`_hand_part_keys` stands for: (finder, part, jokers),
    the finder an index into :data:`_FINDERS` (0: a rank's naturals, 1: a suit's (suit, naturals,
    both aces held)), the jokers (red, black).

    Key bits, lowest first: 1 the finder, 2+2 the black and red jokers, then for a set 4 the
    rank (0 the ace) and 4 its suits held; for a run 2 the suit, 1 both aces held, 13 its ranks held.
    """
    find, jokers, rest = key & 1, (key >> 3 & 3, key >> 1 & 3), key >> 5
    if find == 0:
        rank, suits = rest & 15, rest >> 4
        return 0, tuple(suit * 13 + rank for suit in range(4) if suits >> suit & 1), jokers
    suit, two_aces, mask = rest & 3, bool(rest >> 2 & 1), rest >> 3
    return 1, (suit, tuple(suit * 13 + rank for rank in range(13) if mask >> rank & 1), two_aces), jokers


_PART_MELDS: dict[int, tuple[tuple[tuple[int, ...], int], ...]] = {}


def _melds_of(part: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The melds of one part of a hand (a key of :func:`_hand_part_keys`: one rank's naturals, or
    one suit's run positions, with the hand's jokers), worked out once: a hand changes by a card or
    two a turn, its parts seldom. The cache holds only numbers and tuples of them."""
    found = _PART_MELDS.get(part)
    if found is None:
        if len(_PART_MELDS) > 50_000:
            _PART_MELDS.clear()
        find, cards, jokers = _hand_part(part)
        found = _PART_MELDS[part] = tuple(_FINDERS[find](cards, jokers))
    return found


def _set_melds(naturals: tuple[int, ...], jokers: tuple[int, int]) -> list[tuple[tuple[int, ...], int]]:
    """The sets of one rank: ``naturals`` (its distinct cards held) topped up with jokers to 3 or 4."""
    njokers = jokers[0] + jokers[1]
    fewest = max(1, 3 - njokers)
    joker_sets = {k: _joker_choices(jokers, k) for k in range(min(njokers, 3) + 1)}
    out = []
    for m in range(fewest, min(len(naturals), 4) + 1):
        for chosen in itertools.combinations(naturals, m):
            for size in (3, 4):
                k = size - m
                if 0 <= k <= njokers:
                    for js in joker_sets[k]:
                        out.append((chosen + js, 0))
    return out


def _run_melds(part: tuple[int, tuple[int, ...], bool], jokers: tuple[int, int]) -> list[tuple[tuple[int, ...], int]]:
    """The runs of one suit: every window of positions, each natural slot filled by the natural
    card (if held) or by a joker, each other slot by a joker. ``part``: the suit, its distinct
    cards held, and whether both its aces are held."""
    suit, naturals, two_aces = part
    held = {pos for c in naturals for pos in _positions(c)}
    njokers = jokers[0] + jokers[1]
    orders = {k: _joker_orders(jokers, k) for k in range(njokers + 1)}
    natural = _NATURAL[suit]
    out = []
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


#: the finders of :func:`_hand_part`: a rank's sets (0), a suit's runs (1)
_FINDERS = (_set_melds, _run_melds)


def _joker_choices(jokers: tuple[int, int], k: int) -> list[tuple[int, ...]]:
    """The multisets of k jokers from the hand's (red, black) jokers (as sorted tuples)."""
    pool = [RJ] * jokers[0] + [BJ] * jokers[1]
    return sorted(set(itertools.combinations(pool, k)))


def _joker_orders(jokers: tuple[int, int], k: int) -> list[tuple[int, ...]]:
    """The sequences of k jokers from the hand's (red, black) jokers (colours in every order)."""
    pool = [RJ] * jokers[0] + [BJ] * jokers[1]
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
            f"the best melds are worth {count(points, 'en', *POINTS[:1])}, "
            f"{gap} short of the {OPENING} an opening needs",
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
