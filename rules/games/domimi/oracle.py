"""DoMiMi's cards and the turn-options oracle: what the revealed cards may do on this field
(collecting, cross and buying moves, rulings 6-8), counted exactly and listed on demand."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.cards import ALL_CARDS, Card, Rank, Suit, card_name, format_card, parse_cards
from rules.errors import OptionError, check_lang
from rules.lang import count, pick

#: points of the pictures (money cards score nothing)
POINTS = {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, None: 7}
#: the sum of money cards needed to buy a picture (key None: the joker)
PRICES = {Rank.JACK: 15, Rank.QUEEN: 20, Rank.KING: 25, None: 30}
#: suit pairs of the starting cards, in the source's order (ruling 3)
SUIT_PAIRS: tuple[tuple[Suit, Suit], ...] = (
    (Suit.HEARTS, Suit.CLUBS),
    (Suit.HEARTS, Suit.SPADES),
    (Suit.DIAMONDS, Suit.SPADES),
    (Suit.DIAMONDS, Suit.CLUBS),
    (Suit.HEARTS, Suit.DIAMONDS),
    (Suit.CLUBS, Suit.SPADES),
)
RED_PAIR = (Suit.HEARTS, Suit.DIAMONDS)
BLACK_PAIR = (Suit.CLUBS, Suit.SPADES)
TEAM_MODES = ("none", "two", "three", "pairs")

_SUITS = tuple(Suit)
_SUIT_IDX = {s: i for i, s in enumerate(_SUITS)}
_JOKER_KEY = 0  # the "rank" of jokers in cross moves
#: the revealed cards a cross move pays with: two of one rank (a third of that rank stays unused)
CROSS_PAYS = 2


def _is_money(c: Card) -> bool:
    return c.joker is None and c.rank <= 10


def _is_picture(c: Card) -> bool:
    return c.joker is not None or c.rank >= 11


def _value(c: Card) -> int:
    return c.rank if c.joker is None else 0


def _rank_key(c: Card) -> int:
    return _JOKER_KEY if c.joker is not None else int(c.rank)


def _points(c: Card) -> int:
    if c.joker is not None:
        return 7
    return POINTS.get(c.rank, 0)


def _price(c: Card) -> int:
    return PRICES[None if c.joker is not None else c.rank]


def _sort_key(c: Card):
    return c.index


def _fmt(cards: Iterable[Card], lang: str, sep: str = "+") -> str:
    return sep.join(format_card(c, lang) for c in cards)


def _decks_hold(decks: int) -> str:
    """ "1 deck holds", "2 decks hold": the subject of a sentence about the cards of the decks."""
    return f"{count(decks, 'en', ('deck', 'decks'))} {'holds' if decks == 1 else 'hold'}"


def _in_decks(decks: int) -> str:
    """«в 1 колоде», «в 2 колодах»."""
    return "в " + count(decks, "ru", ru=("колоде", "колодах", "колодах"))


# ---------------------------------------------------------------- bounds of a table


#: the most decks a table of DoMiMi needs (20 players, or 18 in three teams); more is no game
MAX_DECKS = 12
#: the most cards revealed in one turn: three, and two more by a king or a joker (rulings 4, 5)
MAX_REVEALED = 5


def full_field(decks: int = 1) -> list[Card]:
    """All cards of ``decks`` 54-card decks (the field before anyone takes starting cards)."""
    return [*ALL_CARDS] * decks


# ---------------------------------------------------------------- the oracle

# Inside the engine a card is its code, Card.index (0..51 suits ♠♣♥♦ x A..K, 52/53 jokers).
_ALL = ALL_CARDS
_MONEY = tuple(c < 52 and c % 13 < 10 for c in range(54))
_RANKK = tuple(c % 13 + 1 if c < 52 else 0 for c in range(54))  # rank key: jokers 0
_SUITI = tuple(c // 13 if c < 52 else -1 for c in range(54))
_PRICE_C = tuple(PRICES[None] if c >= 52 else PRICES.get(Rank(c % 13 + 1), 0) for c in range(54))
_POINTS_C = tuple(7 if c >= 52 else POINTS.get(Rank(c % 13 + 1), 0) for c in range(54))
_PICTURE_CODES = tuple(c for c in range(54) if not _MONEY[c])
_CODE_OF_ID = {id(c): i for i, c in enumerate(ALL_CARDS)}


def _code(card: Card) -> int:
    """A card's code; fast for the canonical cards the engine's own actions hold."""
    code = _CODE_OF_ID.get(id(card))
    return card.index if code is None else code


@dataclass(frozen=True, slots=True)
class TurnOption:
    """One thing a player can do with the revealed cards.

    ``kind`` is "collect", "cross" or "buy"; ``pay`` the revealed cards used,
    ``take`` the field cards taken, ``returnable`` the revealed cards that may go
    back to the field (ruling 11).
    """

    kind: str
    pay: tuple[Card, ...]
    take: tuple[Card, ...]
    returnable: tuple[Card, ...] = ()

    @property
    def rule(self) -> str:
        return "domimi." + self.kind

    def explain(self, lang: str = "en") -> str:
        return _explain_move(self.kind, self.pay, self.take, lang)


def _explain_move(kind: str, pay: Sequence[Card], take: Sequence[Card], lang: str) -> str:
    check_lang(lang)
    if kind == "collect":
        parts = []
        for s in _SUITS:
            p = [c for c in pay if c.suit is s]
            if p:
                t = [c for c in take if c.suit is s]
                total = sum(c.rank for c in p)
                parts.append(f"{_fmt(p, lang)} = {total} = {_fmt(t, lang)}")
        what = pick(lang, "collecting move", "собирательный ход")
        return f"{'; '.join(parts)}: {what}"
    if kind == "cross":
        what = pick(
            lang,
            "cross move (cards of one rank take one of that rank)",
            "поперечный ход (карты одного достоинства берут такую же)",
        )
        return f"{_fmt(pay, lang, ' = ')} → {_fmt(take, lang)}: {what}"
    picture = take[0]
    total = sum(_value(c) for c in pay)
    price = _price(picture)
    return pick(
        lang,
        f"{_fmt(pay, lang)} = {total} ≥ {price}: buys {format_card(picture, lang)} "
        f"({card_name(picture)} costs {price})",
        f"{_fmt(pay, lang)} = {total} ≥ {price}: покупка {format_card(picture, lang)} "
        f"({card_name(picture, 'ru')} стоит {price})",
    )


def _partitions(total: int, avail: Sequence[int], base: int = 0) -> list[tuple[int, ...]]:
    """Every multiset of ranks 1..10 (at most avail[r] of rank r) summing to ``total``, as
    descending tuples of ``base + rank``: a walk over ranks with counts, never over field
    subsets, from the highest rank down and the most cards of a rank first. A rank is tried
    only while the ranks below it can still make up the rest."""
    top = len(avail) - 1
    reach = [0] * (top + 1)  # reach[r]: the most that ranks 1..r can make
    most = 0
    for r in range(1, top + 1):
        most += r * avail[r]
        reach[r] = most
    if most < total:
        return []
    found: list[tuple[int, ...]] = []
    _walk_partitions(top, total, avail, reach, base, [], found)
    return found


def _walk_partitions(
    r: int, n: int, avail: Sequence[int], reach: list[int], base: int, head: list[int], found: list
) -> None:
    """The step of :func:`_partitions`: make up ``n`` from ranks ``r`` and below after the cards
    in ``head``, appending each way to ``found``. (A plain function, not a closure over its own
    name: a recursive closure is a reference cycle that only the cycle collector frees.)"""
    while r and (not avail[r] or r > n):
        r -= 1
    if reach[r] < n:
        return
    code = base + r
    for k in range(min(avail[r], n // r), -1, -1):
        rest = n - k * r
        if rest == 0:
            found.append((*head, *(code,) * k))
        elif reach[r - 1] >= rest:
            head.extend((code,) * k)
            _walk_partitions(r - 1, rest, avail, reach, base, head, found)
            if k:
                del head[-k:]


_SUBS: dict = {}


def _submultisets(ranks: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Distinct non-empty sub-multisets of ``ranks`` (descending tuples)."""
    found = _SUBS.get(ranks)
    if found is not None:
        return found
    cnt = Counter(ranks)
    keys = sorted(cnt, reverse=True)
    out = []
    for ks in itertools.product(*(range(cnt[k] + 1) for k in keys)):
        sub = tuple(r for r, k in zip(keys, ks, strict=True) for _ in range(k))
        if sub:
            out.append(sub)
    _SUBS[ranks] = out
    return out


#: A field row (the counts of one suit's ranks, index 0 unused) packed into one number, a byte per
#: rank: the count in its low seven bits under a guard bit. Taking a take's counts away from a
#: packed row leaves every guard standing exactly when the row holds all the cards the take needs.
_GUARDS = int.from_bytes(bytes([0x80] * 11), "little")
_COUNT_BYTES = tuple(0x7F << 8 * r for r in range(11))
_ALL_BYTES = (1 << 88) - 1
#: one money card in its suit's packed row, by code
_ONE = tuple(1 << 8 * (c % 13 + 1) if _MONEY[c] else 0 for c in range(54))


def _needs(take: tuple[int, ...], base: int) -> int:
    """The cards a take needs, packed as a row is (each card's rank counted in its byte)."""
    return sum(1 << 8 * (c - base) for c in take)


#: _SMALL_TAKES[suit][total]: every take of that suit that sums to ``total`` (up to 10) on a field
#: holding everything, as (needs, take codes), in the order :func:`_partitions` lists them
_SMALL_TAKES = tuple(
    (
        (),
        *(
            tuple(
                (_needs(take, si * 13 - 1), take)
                for take in _partitions(total, (0, *(total // r for r in range(1, total + 1))), si * 13 - 1)
            )
            for total in range(1, 11)
        ),
    )
    for si in range(4)
)

#: one suit's revealed money codes -> what collecting with them can take, whatever the field (_suit_table)
_CHOICES: dict = {}
#: a payment and the field's counts it may take from, as one number (see _choices) -> its (payment,
#: take) pairs as one number: their numbers in _PAIR_CODES, _PAIR_BITS bits each, the first lowest
#: (0: none). A field changes little from one turn to the next, so most are found again; and the
#: table holds only numbers, which the garbage collector never walks.
_PARTS: dict = {}
#: every (payment codes, take codes) pair found -> its number; by number, the pair
_PAIR_IDS: dict = {}
_PAIR_CODES: list = [None]
_PAIR_BITS = 20
_PAIR_MASK = (1 << _PAIR_BITS) - 1


def _numbered(pairs: tuple) -> int:
    """These (payment codes, take codes) pairs as one number (see :data:`_PARTS`)."""
    if len(_PARTS) > 100_000 or len(_PAIR_CODES) > _PAIR_MASK - len(pairs):
        _forget_takes()
    ids = _PAIR_IDS
    packed = 0
    for pair in reversed(pairs):
        found = ids.get(pair)
        if found is None:
            found = ids[pair] = len(_PAIR_CODES)
            _PAIR_CODES.append(pair)
        packed = packed << _PAIR_BITS | found
    return packed


#: tables that others keep by pair number (the game's collecting Moves), emptied with the numbers
_KEPT_BY_PAIR: list[dict] = []


def _forget_takes() -> None:
    """Empty the takes kept and their pairs' numbers (in place: a caller's references stay good),
    and every table kept by those numbers."""
    _PARTS.clear()
    _PAIR_IDS.clear()
    del _PAIR_CODES[1:]
    for table in _KEPT_BY_PAIR:
        table.clear()


def _codes_key(codes: Sequence[int]) -> int:
    """A number naming a short sequence of card codes, six bits a card (code + 1, so none is 0)."""
    key = 0
    for c in codes:
        key = key << 6 | c + 1
    return key


def _may_take(pay_ranks: Iterable[int]) -> int:
    """Ruling 6's exception, stated once: a collecting payment never takes the identical card, so
    in its own suit it takes only ranks it does not pay with. The mask of a packed field row (see
    :data:`_GUARDS`) that keeps the counts of those ranks."""
    return _ALL_BYTES ^ sum(_COUNT_BYTES[r] for r in set(pay_ranks))


def _suit_table(codes: tuple[int, ...]) -> tuple:
    """What collecting with these revealed money cards of one suit (codes, by rank downwards) can
    take, whatever the field: for each distinct sub-multiset of them (a payment), (its codes named
    as one number above the 88 bits of a packed row, the mask that keeps the field's counts of the
    ranks it may take, (its codes, its sum, its candidate takes, those of them that need at most
    two cards of a rank)). Ruling 6: never the identical card, so the payment's own ranks are
    masked out. A candidate is (the cards it needs, packed as a row is; the pair (payment codes,
    take codes) a collecting choice is made of); with a sum over 10 there are too many to list
    and None stands instead (see :func:`_big_takes`). The
    table holds only numbers and tuples of them, so the garbage collector soon stops walking it."""
    found = _CHOICES.get(codes)
    if found is not None:
        return found
    si = _SUITI[codes[0]]
    base = si * 13 - 1
    table = []
    for pay in _submultisets(tuple(_RANKK[c] for c in codes)):
        pay_codes = tuple(base + r for r in reversed(pay))
        total = sum(pay)
        keep = _may_take(pay)
        takes = few = None
        if total <= 10:
            keep = keep & (1 << 8 * total + 8) - 1 | _GUARDS  # a field card above the sum never fits
            takes = tuple((need, (pay_codes, take)) for need, take in _SMALL_TAKES[si][total] if need & keep == need)
            few = tuple(candidate for candidate in takes if not candidate[0] + _THREE_UP & _GUARDS)
        table.append((_codes_key(pay_codes) << 88, keep, (pay_codes, total, takes, few)))
    if len(_CHOICES) > 5_000:
        _CHOICES.clear()
    table = _CHOICES[codes] = tuple(table)
    return table


def _takes(payment: tuple, avail: int) -> tuple[tuple[tuple, tuple], ...]:
    """The (payment codes, take codes) pairs of one payment (an entry of :func:`_suit_table`) on
    a field row (``avail``: packed, the ranks the payment may not take masked out)."""
    pay_codes, total, takes, few = payment
    counts = avail & ~_GUARDS
    if takes is None:
        return tuple([(pay_codes, take) for take in _big_takes(_SUITI[pay_codes[0]], total, counts)])
    if not counts + _THREE_UP & _GUARDS:
        takes = few  # at most two cards of a rank: the takes that need no more
    guards = _GUARDS
    return tuple([pair for need, pair in takes if (avail - need) & guards == guards])


#: (suit, counts of ranks 6 to 10 packed) -> the field's ways to pick cards of those ranks, as
#: (sum, codes) highest first; (suit, counts of ranks 1 to 5 packed) -> {sum: codes, highest first}
_HALVES: dict = {}


def _big_takes(si: int, total: int, counts: int) -> list[tuple[int, ...]]:
    """The takes of suit ``si`` summing to ``total`` (over 10) from a field row (``counts``: packed,
    without guards), in the order of :func:`_partitions`. With at most two cards of each rank (two
    decks) they are made of the row's halves: each way to pick high cards (6 to 10), highest first,
    completed by each way to pick low cards (ace to 5) to the sum, highest first. The halves are
    kept: they take few values, a whole row many. A fuller row is walked by :func:`_partitions`."""
    if counts + _THREE_UP & _GUARDS:
        return _partitions(total, counts.to_bytes(11, "little"), si * 13 - 1)
    highs = _half(si, counts >> 48, 6)
    lows = _half(si, counts >> 8 & (1 << 40) - 1, 1)
    out = []
    for high_sum, high in highs:
        rest = lows.get(total - high_sum)
        if rest:
            out += [high + low for low in rest]
    return out


#: added to a packed row (without guards), sets a guard bit where a rank has more than two cards
_THREE_UP = int.from_bytes(bytes([0x80 - 3] * 11), "little")


def _half(si: int, counts: int, first: int):
    """Every pick of cards of ranks ``first``..``first + 4`` (``counts``: theirs, packed a byte each),
    most cards of the highest rank first: as (sum, codes) for the high half, by sum for the low."""
    key = (si, first, counts)
    found = _HALVES.get(key)
    if found is None:
        base = si * 13 - 1
        picks: list[tuple[int, tuple[int, ...]]] = [(0, ())]
        for r in range(first, first + 5):  # each higher rank goes in front of the picks below it
            n = counts >> 8 * (r - first) & 0x7F
            if n:
                code = base + r
                picks = [(k * r + low, (code,) * k + codes) for k in range(n, -1, -1) for low, codes in picks]
        if first == 6:
            found = tuple(picks)
        else:
            by_sum: dict[int, list[tuple[int, ...]]] = {}
            for total, codes in picks:
                by_sum.setdefault(total, []).append(codes)
            found = {total: tuple(codes) for total, codes in by_sum.items()}
        if len(_HALVES) > 4_000:
            _HALVES.clear()
        _HALVES[key] = found
    return found


#: a hand of usable cards (their codes, sorted) -> what its moves depend on, worked out once (_hand)
_HANDS: dict = {}


def _hand(usable: Sequence[int]) -> tuple:
    """What the moves of these usable cards depend on, whatever the field: (their pictures;
    for collecting, (suit, its table of :func:`_suit_table`) for each suit with money, by suit;
    for crossing, (rank, the distinct pairs of that rank) for each rank with two cards or more,
    by rank; for buying, the money cards and their value)."""
    key = tuple(usable)
    found = _HANDS.get(key)
    if found is None:
        if len(_HANDS) > 50_000:
            _HANDS.clear()
        found = _HANDS[key] = _new_hand(key)
    return found


def _new_hand(codes: tuple[int, ...]) -> tuple:
    """:func:`_hand` of these sorted codes, worked out (cards of one suit lie together)."""
    money_cards = tuple([c for c in codes if _MONEY[c]])
    pictures = tuple(sorted(set(codes).difference(money_cards))) if len(money_cards) < len(codes) else ()
    suits = tuple(
        [(si, _suit_table(tuple(same)[::-1])) for si, same in itertools.groupby(money_cards, _SUITI.__getitem__)]
    )
    ranks = [_RANKK[c] for c in codes]
    pairs = ()
    if len(set(ranks)) < len(ranks):  # two cards of a rank or more
        by_rank: dict[int, list[int]] = {}
        for c, rank in zip(codes, ranks, strict=True):
            by_rank.setdefault(rank, []).append(c)
        pairs = tuple(
            (rank, tuple(sorted(set(itertools.combinations(group, CROSS_PAYS)))))
            for rank, group in sorted(by_rank.items())
            if len(group) > 1
        )
    return pictures, suits, pairs, money_cards, _worth(money_cards)


def _worth(money_cards: Sequence[int]) -> int:
    """What these money cards are worth (their ranks added up)."""
    return sum(map(_VALUE_C.__getitem__, money_cards))


def _suit_choices(usable: Sequence[int], money: Sequence[int], skip=()) -> list[tuple]:
    """Collecting (ruling 6), suit by suit: for each suit with revealed money, its (pay, take) choices."""
    return _choices(_hand(usable)[1], money, skip)


def _new_takes(pay_key: int, payment: tuple, avail: int) -> int:
    """The takes (as :data:`_PARTS` keeps them) of a payment on a field row not met with it
    before: those of the row cut down to what the payment's sum can use, if that was met; else
    worked out, and kept for the cut-down row too. (A take never holds two cards of a rank
    above half its sum, so with at most two cards of each rank a row with one such card or two
    has the same takes.)"""
    clamped = avail
    if not (avail & ~_GUARDS) + _THREE_UP & _GUARDS:
        second = avail & _SECONDS_OVER_HALF[min(payment[1], 20)]
        clamped = avail ^ second | second >> 1
    if clamped != avail:
        found = _PARTS.get(pay_key | clamped)
        if found is not None:
            return found
    found = _PARTS[pay_key | clamped] = _numbered(_takes(payment, clamped))
    return found


#: by a payment's sum (20 for any more): the bit that says "two" in the packed count of each
#: rank above half the sum
_SECONDS_OVER_HALF = tuple(sum(2 << 8 * r for r in range(1, 11) if 2 * r > total) for total in range(21))


def _choices(suits: tuple, money: Sequence[int], skip=(), pairs: Sequence = _PAIR_CODES) -> list[list]:
    """:func:`_suit_choices` of a hand's suits (:func:`_hand`) but those in ``skip``. Each payment's
    takes are kept by the payment and the field's counts it may take from. ``pairs`` gives each
    choice by its pair's number: the (pay, take) pair itself, or what a caller makes of it (a
    table of :data:`_KEPT_BY_PAIR`)."""
    per_suit = []
    parts = _PARTS
    for si, table in suits:
        if si in skip:
            continue
        packed = money[si]
        choices = []
        for pay_key, keep, payment in table:
            avail = packed & keep
            found = parts.get(pay_key | avail)
            if found is None:
                found = parts[pay_key | avail] = _new_takes(pay_key, payment, avail)
            while found:
                choices.append(pairs[found & _PAIR_MASK])
                found >>= _PAIR_BITS
        if choices:
            per_suit.append(choices)
    return per_suit


def _option_codes(
    usable: list[int], money: Sequence[int], pics: dict[int, int], returns: bool | None, collect=True
) -> list:
    """The oracle over codes: (kind, pay, take, returnable) tuples, grouped by kind.

    ``usable``: sorted codes of the revealed cards that may be used; ``money[suit]`` (a packed row, see
    :func:`_counts`) and ``pics[code]``: the field; ``returns``: stage 2 (unused cards may go back);
    None when the caller does not need the returnable cards. Collecting moves are
    listed one suit at a time (the game combines suits step by step); ``collect=False``
    leaves them out.
    """
    out = []

    def returnable(pay, took_picture):
        if returns is None or not (returns or took_picture):
            return ()
        rest = list(usable)
        for c in pay:
            rest.remove(c)
        return tuple(rest)

    if collect:
        for choices in _suit_choices(usable, money):
            for pay, take in choices:
                out.append(("collect", pay, take, returnable(pay, False)))
    for pay, take in _cross_codes(usable, money, pics):
        out.append(("cross", pay, take, returnable(pay, not _MONEY[take[0]])))
    for pay, take in _buy_codes(usable, pics):
        out.append(("buy", pay, take, returnable(pay, True)))
    return out


def _cross_codes(usable: list[int], money: Sequence[int], pics: dict[int, int]) -> list:
    """Cross moves (ruling 7), (pay, take) codes: two cards of one rank take one field card of that rank."""
    return _crosses(_hand(usable)[2], money, pics)


def _crosses(pairs: tuple, money: Sequence[int], pics: dict[int, int]) -> list:
    """:func:`_cross_codes` of a hand's pairs (:func:`_hand`)."""
    out = []
    for rank, pays in pairs:
        if rank == 0:
            targets = [c for c in (52, 53) if pics.get(c)]
        elif rank > 10:
            targets = [si * 13 + rank - 1 for si in range(4) if pics.get(si * 13 + rank - 1)]
        else:
            targets = [si * 13 + rank - 1 for si in range(4) if money[si] >> 8 * rank & 0x7F]
        out += [(pay, (t,)) for pay in pays for t in targets]
    return out


def _buy_codes(usable: list[int], pics: dict[int, int]) -> list:
    """Buying (ruling 8), (pay, take) codes: the inclusion-minimal paying sets of money cards
    for each picture on the field, pictures by price."""
    hand = _hand(usable)
    return _purchases(hand[3], hand[4], pics)


def _purchases(money_cards: tuple[int, ...], total: int, pics: dict[int, int]) -> list:
    """:func:`_buy_codes` of a hand's money cards, worth ``total`` (:func:`_hand`)."""
    if total < _LOWEST_PRICE or not pics:
        return []
    out = []
    for picture, pairs in _buys(money_cards):
        if picture in pics:
            out += pairs
    return out


#: a money card's value, by code (0: not a money card)
_VALUE_C = tuple(c % 13 + 1 if _MONEY[c] else 0 for c in range(54))
#: the pictures in the order their purchases are listed: by price, then by code
_PICTURES_BY_PRICE = tuple(sorted(_PICTURE_CODES, key=lambda c: (_PRICE_C[c], c)))
#: a picture's (price, suit) as :func:`_buys` files its purchases (suit -1: a joker), by code
_BUY_KEYS = tuple((_PRICE_C[c], _SUITI[c]) for c in range(54))
#: the one-card take of a purchase, by code
_ALONE = tuple((c,) for c in range(54))
_BUYS: dict = {}


#: the price of the cheapest picture
_LOWEST_PRICE = min(PRICES.values())
#: a sum no purchase reaches: what dropping a card leaves when the payment has no card of the picture's suit
_NEVER = 1_000


def _buys(money_cards: tuple[int, ...]) -> tuple:
    """The purchases these money cards can make, worked out once per hand of money cards: for
    each picture they can buy, by price then code, (the picture, its purchases as (pay, take)
    pairs). A purchase is a minimal paying set: its money reaches the price, with a card of the
    picture's suit among it unless the picture is a joker, and dropping any one card breaks it.

    For each distinct subset that reaches the lowest price, what dropping a card can leave is
    worked out for each suit (and last, for a joker): the most money that remains when one card
    the purchase could spare is dropped. A card may be spared unless it is the only one of the
    picture's suit; _NEVER when no card has the picture's suit. A subset is a minimal purchase
    when its sum reaches the price and that remainder does not."""
    found = _BUYS.get(money_cards)
    if found is None:
        subsets = []
        seen = set()
        for n in range(1, len(money_cards) + 1):
            for sub in itertools.combinations(money_cards, n):
                if sub not in seen:
                    seen.add(sub)
                    values = [_VALUE_C[c] for c in sub]
                    total = sum(values)
                    if total >= _LOWEST_PRICE:
                        subsets.append((sub, total, _remainders(sub, values, total)))
        worth = _worth(money_cards)
        minimal: dict[tuple[int, int], tuple] = {}
        found = []
        for picture in _PICTURES_BY_PRICE:
            key = _BUY_KEYS[picture]
            if worth < key[0]:
                break
            subs = minimal.get(key)
            if subs is None:
                subs = minimal[key] = _minimal_buys(subsets, *key)
            if subs:
                take = _ALONE[picture]
                found.append((picture, tuple([(sub, take) for sub in subs])))
        if len(_BUYS) > 20_000:
            _BUYS.clear()
        found = _BUYS[money_cards] = tuple(found)
    return found


def _remainders(sub: tuple[int, ...], values: list[int], total: int) -> tuple[int, ...]:
    """For each suit, then for a joker: the most money a paying set keeps when one card it can
    spare is dropped (see :func:`_buys`)."""
    drop_any = total - min(values)
    suits = [_SUITI[c] for c in sub]
    remainders = [_NEVER] * 4 + [drop_any]
    for si in set(suits):
        if suits.count(si) > 1:
            remainders[si] = drop_any
        else:  # the only card of the picture's suit cannot be spared; any other can
            others = [v for v, s in zip(values, suits, strict=True) if s != si]
            remainders[si] = total - min(others) if others else 0
    return tuple(remainders)


def _minimal_buys(subsets: list, price: int, suit: int) -> tuple[tuple[int, ...], ...]:
    """The paying sets that buy a picture of ``price`` and ``suit`` (:func:`_buy_code` allows them)."""
    return tuple([sub for sub, total, remainders in subsets if _buy_code(total, remainders, price, suit) is None])


def _buy_code(total: int, remainders: Sequence[int], price: int, suit: int) -> str | None:
    """Ruling 8 for one paying set of money cards, stated once: None if, worth ``total`` with
    ``remainders`` (:func:`_remainders`), it buys a picture of ``price`` and ``suit`` (-1: a
    joker), else what it lacks: "price" (not enough money), "suit" (no paying card of the
    picture's suit) or "minimal" (a card could be left out and the rest would still buy it)."""
    if total < price:
        return "price"
    spare = remainders[suit]
    if spare == _NEVER:
        return "suit"
    return "minimal" if spare >= price else None


def _cards_t(codes) -> tuple[Card, ...]:
    return tuple(_ALL[c] for c in codes)


_CT: dict = {}


def _ct(codes: tuple[int, ...]) -> tuple[Card, ...]:
    """Cached :func:`_cards_t` for the hot path."""
    found = _CT.get(codes)
    if found is None:
        if len(_CT) > 200_000:
            _CT.clear()
        found = _CT[codes] = tuple(_ALL[c] for c in codes)
    return found


def _counts(codes: Iterable[int]) -> tuple[list[int], dict[int, int]]:
    """The field of these codes: its money as one packed row per suit (see :data:`_GUARDS`;
    ``row >> 8 * rank & 0x7F`` is a rank's count), its pictures counted by code."""
    money = [_GUARDS] * 4
    pics: dict[int, int] = {}
    for c in codes:
        if _MONEY[c]:
            money[c // 13] += _ONE[c]
        else:
            pics[c] = pics.get(c, 0) + 1
    return money, pics


def _cards(value) -> list[Card]:
    """Cards from notation text or a sequence of cards (or of notation)."""
    if isinstance(value, str):
        return list(parse_cards(value))
    return [c if isinstance(c, Card) else Card.parse(c) for c in value]


class OptionList(Sequence):
    """The options of :func:`turn_options`, a read-only sequence of :class:`TurnOption`.

    Collecting moves over several suits are one option per combination of the
    suits' choices; with three decks there can be hundreds of thousands of them,
    so they are made only when read (by index or by iteration). ``len`` is exact.
    ``suit_choices`` holds each suit's own collecting options; ``others`` the
    cross and buying options.
    """

    def __init__(self, per_suit: list[list], others: list[TurnOption], usable: list[int], returns: bool):
        self._per_suit = per_suit
        self._radix = [len(ch) + 1 for ch in per_suit]
        self._ncollect = math.prod(self._radix) - 1 if per_suit else 0
        self._usable = usable
        self._returns = returns
        self.others = others

    @property
    def suit_choices(self) -> list[list[TurnOption]]:
        """Each suit's collecting options on their own, suits in the order ♠ ♣ ♥ ♦."""
        return [[self._make(((p, t),)) for p, t in ch] for ch in self._per_suit]

    @property
    def suit_counts(self) -> list[int]:
        """How many collecting options each suit has on its own (suits as in :attr:`suit_choices`)."""
        return [len(ch) for ch in self._per_suit]

    def suit_group(self, i: int, limit: int) -> list[TurnOption]:
        """The first ``limit`` collecting options of the ``i``-th suit alone (made only these)."""
        return [self._make(((p, t),)) for p, t in itertools.islice(self._per_suit[i], limit)]

    def several_suits(self, limit: int) -> list[TurnOption]:
        """The first ``limit`` collecting options over every suit with choices at once."""
        if len(self._per_suit) < 2:
            return []
        return [self._make(parts) for parts in itertools.islice(itertools.product(*self._per_suit), limit)]

    def count(self, kind: str | None = None) -> int:  # type: ignore[override]
        """How many options (of one kind)."""
        if kind is None:
            return len(self)
        if kind == "collect":
            return self._ncollect
        return sum(1 for o in self.others if o.kind == kind)

    def __len__(self) -> int:
        return self._ncollect + len(self.others)

    def _make(self, parts) -> TurnOption:
        pay: tuple = ()
        take: tuple = ()
        for p, t in parts:
            pay += p
            take += t
        pay = tuple(sorted(pay))
        ret: tuple = ()
        if self._returns:
            rest = list(self._usable)
            for c in pay:
                rest.remove(c)
            ret = _cards_t(rest)
        return TurnOption("collect", _cards_t(pay), _cards_t(take), ret)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("option index out of range")
        if i >= self._ncollect:
            return self.others[i - self._ncollect]
        k = i + 1  # index 0 of the product is "no suit at all"
        digits = []
        for r in reversed(self._radix):
            digits.append(k % r)
            k //= r
        digits.reverse()
        return self._make(ch[d - 1] for ch, d in zip(self._per_suit, digits, strict=True) if d)

    def __iter__(self):
        for combo in itertools.product(*([None, *ch] for ch in self._per_suit)):
            parts = [c for c in combo if c is not None]
            if parts:
                yield self._make(parts)
        yield from self.others

    def __repr__(self) -> str:
        return f"<{len(self)} options: {self._ncollect} collect, {self.count('cross')} cross, {self.count('buy')} buy>"


def turn_options(revealed, field, *, stage: int) -> OptionList:
    """Every collecting, cross and buying option of these revealed cards on this field.

    ``revealed`` and ``field`` are cards (or notation text); ``stage`` is 1 or 2.
    Options come grouped by kind (collect, cross, buy), each a :class:`TurnOption`;
    a collecting move over several suits is one option per combination.
    In stage 1 an option lists returnable cards only if it takes a picture.

    >>> [str(o.take[0]) for o in turn_options("4♥ 10♠ 10♣", "Q♥ Q♠", stage=2) if o.kind == "buy"]
    ['Q♠', 'Q♥']
    """
    if stage not in (1, 2):
        raise OptionError(f"stage must be 1 or 2, not {stage!r:.20}", f"этап должен быть 1 или 2, а не {stage!r:.20}")
    revealed, field = _cards(revealed), _cards(field)
    if len(revealed) > MAX_REVEALED:
        raise _too_many_revealed(len(revealed))
    most = MAX_DECKS * len(ALL_CARDS)
    if len(field) > most or (field and max(Counter(field).values()) > MAX_DECKS):
        raise OptionError(
            f"a field holds at most {most} cards, each at most {MAX_DECKS} times ({MAX_DECKS} decks)",
            f"на поле не больше {most} карт, каждая не больше {MAX_DECKS} раз ({MAX_DECKS} колод)",
            rule="domimi.setup",
        )
    usable = sorted(c.index for c in revealed)
    money, pics = _counts(c.index for c in field)
    others = [
        TurnOption(kind, _cards_t(pay), _cards_t(take), _cards_t(ret))
        for kind, pay, take, ret in _option_codes(usable, money, pics, stage == 2, collect=False)
    ]
    return OptionList(_suit_choices(usable, money), others, usable, stage == 2)


# ---------------------------------------------------------------- the rules of one main move

#: the kinds of main move the oracle lists
MOVE_KINDS = ("collect", "cross", "buy")


def option_ruling(kind: str, pay: Sequence[int], take: Sequence[int]) -> tuple[str, int | None] | None:
    """The rules of one main move, stated once, over card codes: None if paying ``pay`` (revealed
    cards) for ``take`` (field cards) is a ``kind`` move the rules allow, else the code of the rule
    it breaks and what it concerns (a suit, a card, a sum; else None). Whether the cards are
    revealed and on the field is asked before.

    The oracle lists exactly these moves: collecting, each suit's payment with the takes of its
    sum (:func:`_partitions`) in the ranks :func:`_may_take` leaves; crossing, two cards of a rank
    (:func:`_new_hand`) with a field card of that rank; buying, the paying sets :func:`_buy_code`
    allows. The refusals' words say these codes (:func:`rules.games.domimi.texts.explain_refusal`)."""
    if not pay or not take:
        return "empty", None
    if kind == "collect":
        return _collect_ruling(pay, take)
    if kind == "cross":
        one_rank = len({_RANKK[c] for c in (*pay, *take)}) == 1
        return None if len(pay) == CROSS_PAYS and len(take) == 1 and one_rank else ("cross", None)
    if kind == "buy":
        return _buy_ruling(pay, take)
    return "kind", None


def _collect_ruling(pay: Sequence[int], take: Sequence[int]) -> tuple[str, int | None] | None:
    """:func:`option_ruling` of a collecting move (ruling 6), suit by suit."""
    if not all(_MONEY[c] for c in (*pay, *take)):
        return "picture", None
    for si in range(4):
        paid = [c for c in pay if _SUITI[c] == si]
        taken = [c for c in take if _SUITI[c] == si]
        if sum(map(_VALUE_C.__getitem__, paid)) != sum(map(_VALUE_C.__getitem__, taken)):
            return "sum", si
        keep = _may_take(_RANKK[c] for c in paid)
        same = [c for c in taken if _ONE[c] & keep != _ONE[c]]
        if same:
            return "same", same[0]
    return None


def _buy_ruling(pay: Sequence[int], take: Sequence[int]) -> tuple[str, int | None] | None:
    """:func:`option_ruling` of a purchase (ruling 8): one picture, money cards, :func:`_buy_code`."""
    if len(take) != 1 or _MONEY[take[0]] or not all(_MONEY[c] for c in pay):
        return "buy", None
    values = [_VALUE_C[c] for c in pay]
    total = sum(values)
    code = _buy_code(total, _remainders(tuple(pay), values, total), *_BUY_KEYS[take[0]])
    return None if code is None else (code, total)


def _too_many_revealed(n: int) -> OptionError:
    return OptionError(
        f"{n} revealed cards: a turn reveals at most {MAX_REVEALED} (three, and two more by a king or a joker)",
        f"открытых карт {n}: за ход открывают не больше {MAX_REVEALED} (три и ещё две королём или джокером)",
        rule="domimi.refill",
    )


def clear_caches() -> None:
    """Forget every position the oracle has kept (collecting choices, takes, halves of field
    rows, purchases, card tuples): a benchmark or a test then starts from cold caches."""
    for cache in (_SUBS, _CHOICES, _HALVES, _BUYS, _CT, _HANDS):
        cache.clear()
    _forget_takes()
