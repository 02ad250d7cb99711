"""The numbers of a hand, the twelve contracts and the meld oracle: sets, runs and wild cards, and
whether (and how, with the fewest wild cards) a hand makes a contract."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from rules.cards import ALL_CARDS, Card, Rank, format_cards
from rules.errors import RulesError, check_lang
from rules.lang import count, pick

HAND = 13
#: a cut-in takes the discard and this many cards from the stock (rulings: 13, 16, 19)
CUT_IN_EXTRA = 2
CUT_IN_LIMIT = 2
#: points of a card left in hand (reconstructed: the source's table is missing)
POINTS = {"low": 5, "high": 10, "ace": 15, "two": 20, "joker": 50}
#: a hand that nobody has gone out of after this many turns ends (the engine's bound)
TURN_LIMIT = 200
#: the game ends after this many hands even if nobody completes the contracts (the engine's bound)
MAX_HANDS = 60


# ---------------------------------------------------------------- the contracts


@dataclass(frozen=True)
class MeldSpec:
    """One meld a contract asks for: a ``"set"`` or a ``"run"`` of at least ``size`` cards."""

    kind: str
    size: int

    def describe(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"a {self.kind} of {self.size}",
            f"{'набор' if self.kind == 'set' else 'последовательность'} из {self.size} карт",
        )


@dataclass(frozen=True)
class Contract:
    """Contract ``number`` (1-12): the melds a player must lay down together (its sets, runs and
    fewest cards are worked out once: the search asks for them at every turn)."""

    number: int
    melds: tuple[MeldSpec, ...]

    @cached_property
    def sets(self) -> tuple[int, ...]:
        return tuple(m.size for m in self.melds if m.kind == "set")

    @cached_property
    def runs(self) -> tuple[int, ...]:
        return tuple(m.size for m in self.melds if m.kind == "run")

    @cached_property
    def cards(self) -> int:
        """The fewest cards that make the contract."""
        return sum(m.size for m in self.melds)

    def describe(self, lang: str = "en") -> str:
        """ "2 sets of 3" / "2 набора по 3 карты" and so on, as the source lists them."""
        parts = []
        for kind, group in itertools.groupby(self.melds):
            n = len(list(group))
            noun = {"set": ("набор", "набора"), "run": ("последовательность", "последовательности")}[kind.kind]
            parts.append(
                pick(
                    lang,
                    f"{n} {kind.kind}{'s' if n > 1 else ''} of {kind.size}",
                    f"{n} {noun[0] if n == 1 else noun[1]} из {kind.size} карт",
                )
            )
        return pick(lang, " and ", " и ").join(parts)


def _contract(number: int, *melds: tuple[str, int]) -> Contract:
    return Contract(number, tuple(MeldSpec(k, s) for k, s in melds))


S, R = "set", "run"
#: the twelve contracts in the source's order
CONTRACTS: dict[int, Contract] = {
    c.number: c
    for c in (
        _contract(1, (S, 3), (S, 3)),
        _contract(2, (S, 3), (R, 4)),
        _contract(3, (S, 4), (S, 4)),
        _contract(4, (R, 4), (R, 4)),
        _contract(5, (S, 4), (R, 4)),
        _contract(6, (S, 3), (S, 3), (R, 4)),
        _contract(7, (S, 3), (R, 7)),
        _contract(8, (S, 3), (S, 3), (S, 3)),
        _contract(9, (S, 5), (S, 5)),
        _contract(10, (R, 5), (R, 5)),
        _contract(11, (S, 8)),
        _contract(12, (R, 10)),
    )
}


# ---------------------------------------------------------------- cards as codes (the hot path)

_NCODES = len(ALL_CARDS)  # 54: 52 cards and the two jokers
_ID_CODE = {id(c): i for i, c in enumerate(ALL_CARDS)}
#: natural rank of a code (1 ace .. 13 king), 0 for a wild card (a two or a joker)
_NAT = [0 if c.joker is not None or c.rank == Rank.TWO else int(c.rank) for c in ALL_CARDS]
_WILD = [n == 0 for n in _NAT]


def _points(card: Card) -> int:
    if card.joker is not None:
        return POINTS["joker"]
    r = card.rank
    if r == Rank.TWO:
        return POINTS["two"]
    if r == Rank.ACE:
        return POINTS["ace"]
    return POINTS["high"] if r >= Rank.TEN else POINTS["low"]


_POINTS = [_points(c) for c in ALL_CARDS]
#: notation of each code, and back (views and players read and write cards as text)
_TEXT = [str(c) for c in ALL_CARDS]
_CODE_OF = {t: i for i, t in enumerate(_TEXT)}


def _code(card: Card) -> int:
    code = _ID_CODE.get(id(card))
    return card.index if code is None else code


def _pos_rank(pos: int) -> int:
    """Run positions are 1 (ace low) .. 14 (ace high); the rank at a position."""
    return 1 if pos == 14 else pos


def is_wild(card: Card) -> bool:
    """Twos and jokers are wild."""
    return _WILD[_code(card)]


def card_points(card: Card) -> int:
    """What one card left in hand costs: 3-9 five, 10-K ten, ace 15, two 20, joker 50."""
    return _POINTS[_code(card)]


def penalty(cards: Iterable[Card]) -> int:
    """The points of the cards left in a hand (the reconstructed table of the rulings)."""
    return sum(_POINTS[_code(c)] for c in cards)


# ---------------------------------------------------------------- single melds


def _set_verdict(codes: Sequence[int], all_wild: bool) -> tuple[str | None, int]:
    """(reason code or None, the set's rank or 0) for cards meant as one set."""
    if len(codes) < 3:
        return "set_short", 0
    ranks = {_NAT[c] for c in codes} - {0}
    if len(ranks) > 1:
        return "set_ranks", 0
    if not ranks and not all_wild:
        return "all_wild", 0
    return None, next(iter(ranks), 0)


def _run_window(codes: Sequence[int], all_wild: bool) -> tuple[str | None, int]:
    """(reason code or None, the lowest position) for cards meant as one run.

    Positions run from 1 (ace low) to 14 (ace high); an ace is one or the other,
    never both, so no run is longer than 13 cards and none turns the corner.
    """
    n = len(codes)
    if n < 4:
        return "run_short", 0
    if n > 13:
        return "run_long", 0
    naturals = [_NAT[c] for c in codes if _NAT[c]]
    if not naturals:
        return (None, 1) if all_wild else ("all_wild", 0)
    if len(set(naturals)) < len(naturals):
        return "run_repeat", 0
    aces = naturals.count(1)
    others = [r for r in naturals if r != 1]
    for ace in (1, 14) if aces else (None,):
        pos = [*others, ace] if ace else others
        lo, hi = min(pos), max(pos)
        if hi - lo + 1 <= n:
            # the lowest window that holds them and stays within 1..14
            start = max(1, min(lo, 14 - n + 1))
            if start <= lo and start + n - 1 >= hi:
                return None, start
    return "run_gap", 0


def is_set(cards: Iterable[Card], *, all_wild: bool = False) -> bool:
    """Three or more cards of one rank (suits may repeat), wilds standing in for any of them.

    A set of wild cards alone is refused unless ``all_wild`` (a rulings' option).
    """
    return _set_verdict([_code(c) for c in cards], all_wild)[0] is None


def is_run(cards: Iterable[Card], *, all_wild: bool = False) -> bool:
    """Four or more cards of consecutive ranks in any suits, in any order, wilds filling gaps.

    The ace is high (Q-K-A) or low (A-2-3), never both: K-A-2 is no run.
    """
    return _run_window([_code(c) for c in cards], all_wild)[0] is None


# ---------------------------------------------------------------- the contract oracle


@dataclass(frozen=True)
class Meld:
    """A meld on the table or in an arrangement.

    ``cards`` are in order (a run from its low end); a set has its ``rank`` (0 for
    wilds alone); a run spans positions ``low``..``high`` (1 is the low ace, 14
    the high ace).
    """

    kind: str
    cards: tuple[Card, ...]
    rank: int = 0
    low: int = 0
    high: int = 0

    def describe(self, lang: str = "en") -> str:
        check_lang(lang)
        cards = format_cards(self.cards, lang)
        if self.kind == "set":
            if not self.rank:
                return pick(lang, f"set of wilds {cards}", f"набор из джокеров {cards}")
            name = Rank(self.rank).plural_in(lang)
            return pick(lang, f"set of {name}: {cards}", f"набор {name}: {cards}")
        lo, hi = Rank(_pos_rank(self.low)).symbol(lang), Rank(_pos_rank(self.high)).symbol(lang)
        return pick(lang, f"run {lo}-{hi}: {cards}", f"последовательность {lo}-{hi}: {cards}")


_SKELETONS: dict[tuple, tuple | None] = {}
#: the most shapes kept (about 200 bytes each); past it the memo starts afresh
_SKELETONS_MAX = 200_000
_NATURAL_RANKS = (1, *range(3, 14))
#: run length -> [(lowest position, the rank at each position, those ranks as bits (1 << rank))]
_WINDOWS = {
    length: [
        (lo, ranks, sum(1 << r for r in ranks))
        for ranks, lo in ((tuple(_pos_rank(p) for p in range(lo, lo + length)), lo) for lo in range(1, 16 - length))
    ]
    for length in range(4, 14)
}
#: the order a hand's cards are given out to an arrangement: jokers first, then twos, then naturals
_ARRANGE_ORDER = sorted(range(len(ALL_CARDS)), key=lambda c: (-_POINTS[c], c))
_ARRANGE_RANK = [_ARRANGE_ORDER.index(c) for c in range(len(ALL_CARDS))]


def _parts(contract: Contract) -> tuple[int, int, int, int]:
    """(set size, number of sets, run length, number of runs) of a contract, as the search takes them."""
    sets, runs = contract.sets, contract.runs
    if len(set(sets)) > 1 or len(set(runs)) > 1 or len(runs) > 2:
        raise ValueError(
            f"contract {contract.number}: the search takes sets of one size and at most two runs of one length"
        )
    return (sets[0] if sets else 0, len(sets), runs[0] if runs else 0, len(runs))


#: contract number -> its parts (see _parts)
_PARTS = {number: _parts(contract) for number, contract in CONTRACTS.items()}
_UNKNOWN = object()


def _skeleton(number: int, counts: tuple[int, ...], wilds: int, all_wild: bool) -> tuple | None:
    """The cheapest shape of contract ``number`` for a hand of ``counts`` naturals per rank
    (index 1..13, index 2 always 0) and ``wilds`` wild cards, or None; memoised in _SKELETONS.

    A shape is (wilds needed, set ranks, run starts, the natural rank that
    anchors each meld). Suits never matter (runs may mix suits), so only the
    counts do. For fixed ranks and windows, using every natural that fits is never
    worse than a wild (a wild can stand anywhere); what remains is that every meld
    holds a natural of its own (a tiny matching, brute-forced). Of the shapes that
    need the fewest wilds, the first in the search's order: run windows, then set
    ranks, each in the order of ``itertools.combinations_with_replacement``.
    """
    key = (number, counts, wilds, all_wild)
    shape = _SKELETONS.get(key, _UNKNOWN)
    if shape is _UNKNOWN:
        shape = _remember(key, _cheapest(number, counts, wilds, all_wild))
    return shape


def _cheapest(number: int, counts: tuple[int, ...], wilds: int, all_wild: bool) -> tuple | None:
    """:func:`_skeleton`'s search, not memoised."""
    size, nsets, length, nruns = _PARTS[number]
    # the fewest wilds any shape can need: the sets' shortfall with the most naturals they could
    # have, plus the runs' with the fullest window (no wild serves two melds); above the hand's
    # wilds it refuses at once, and a shape that needs no more ends the search
    floor = 0
    if nsets:
        floor = size * nsets
        for n in sorted(counts, reverse=True)[:nsets] if nsets > 1 else (max(counts),):
            floor -= min(n, size * nsets)
    windows, once = [], 0
    if nruns:
        held, once = _held(counts)
        windows, most = _run_windows(length, held, wilds, all_wild)
        floor += nruns * (length - most)
    if floor > wilds:
        return None
    set_ranks, rows = _set_ranks(size, nsets, nruns, counts, wilds, all_wild)
    best = None
    for base, chosen in _run_picks(windows, nruns, once):
        if base > wilds or (best is not None and base >= best[0]):
            continue
        costs = _costs_beside(rows, chosen) if nsets else None
        limit = (wilds if best is None else best[0] - 1) - base
        for extra, picked in _set_picks(set_ranks, nsets, costs, limit):
            need = base + extra
            if best is not None and need >= best[0]:
                continue
            anchors = _anchors(picked, chosen, counts, all_wild)
            if anchors is not None:
                best = (need, picked, tuple(w[0] for w in chosen), anchors)
                if need == floor:
                    return best
    return best


def _held(counts: tuple[int, ...]) -> tuple[int, int]:
    """The ranks held, and those held exactly once, as bits (1 << rank)."""
    held = once = 0
    for r in _NATURAL_RANKS:
        if counts[r]:
            held |= 1 << r
            if counts[r] == 1:
                once |= 1 << r
    return held, once


def _run_windows(length: int, held: int, wilds: int, all_wild: bool) -> tuple[list[tuple], int]:
    """The windows a run of ``length`` may take with the ranks ``held`` (bits) and ``wilds`` wild
    cards, each (lowest position, ranks, bits, naturals missing); and the most naturals any window holds."""
    windows = []
    most = 0
    for lo, ranks, bits in _WINDOWS[length]:
        present = (held & bits).bit_count()
        if present > most:
            most = present
        if (present or all_wild) and present + wilds >= length:
            windows.append((lo, ranks, bits, length - present))
    return windows, most


def _run_picks(windows: list[tuple], n: int, once: int):
    """(wilds the runs need, the windows) for the choices of ``n`` windows (repeats allowed) in the
    order of ``itertools.combinations_with_replacement``. A run lacks the ranks its window misses;
    two runs also lack one natural of each rank both take that the hand holds only ``once`` (bits)."""
    if n == 0:
        yield 0, ()
    elif n == 1:
        for w in windows:
            yield w[3], (w,)
    else:  # two runs (_parts allows no more)
        for i, a in enumerate(windows):
            for b in windows[i:]:
                yield a[3] + b[3] + (a[2] & b[2] & once).bit_count(), (a, b)


def _set_ranks(size, nsets, nruns, counts, wilds, all_wild) -> tuple[list[int], list[list] | None]:
    """The ranks a set may take, and their costs (see :class:`_SetCosts`) in rows by rank: row k
    for a rank that k runs also take."""
    if not nsets:
        return [], None
    set_ranks = [r for r in _NATURAL_RANKS if (counts[r] or all_wild) and counts[r] + wilds >= size]
    if all_wild:  # ranks with no natural are all alike: keep one
        empty = [r for r in set_ranks if counts[r] == 0]
        set_ranks = [r for r in set_ranks if counts[r]] + empty[:1]
    costs = _SET_COSTS[size, nsets]
    rows = []
    for taken in range(nruns + 1):
        row = [None] * 14
        for r in set_ranks:
            row[r] = costs[taken - counts[r]]
        rows.append(row)
    return set_ranks, rows


def _costs_beside(rows: list[list], chosen: tuple) -> list:
    """Each rank's set costs beside the chosen run windows: its row in ``rows`` by how many take it."""
    if not chosen:
        return rows[0]
    costs = rows[0].copy()
    taken = [0] * 14
    for w in chosen:
        for r in w[1]:
            taken[r] += 1
            costs[r] = rows[taken[r]][r]
    return costs


class _SetCosts(dict):
    """For sets of ``size``: a rank's shortfall before them (negative: naturals to spare) -> the
    wilds that 0..n such sets add to it. Filled as asked: a few dozen lists at most, kept."""

    def __init__(self, size: int, n: int):
        super().__init__()
        self.size, self.n = size, n

    def __missing__(self, before: int) -> list[int]:
        costs = self[before] = [max(0, before + k * self.size) - max(0, before) for k in range(self.n + 1)]
        return costs


#: (set size, number of sets) -> their costs (see _SetCosts)
_SET_COSTS = {(size, n): _SetCosts(size, n) for size, n, _, _ in _PARTS.values() if n}


def _set_picks(ranks: list[int], n: int, costs: Sequence[list[int]], limit: int):
    """(wilds added, ranks) for the choices of ``n`` set ranks (repeats allowed) in the order of
    ``itertools.combinations_with_replacement``, leaving out those that add more than ``limit``.

    A rank's cost never falls as it takes more sets, so a choice whose first ranks already
    cost too much is dropped with all that continue it.
    """
    if n == 0:
        yield 0, ()
        return
    if n > 3:  # no contract has more than three sets; kept general all the same
        yield from _any_set_picks(ranks, n, costs, limit)
        return
    m = len(ranks)
    for i in range(m):
        a = ranks[i]
        ca = costs[a]
        if ca[1] > limit:
            continue
        if n == 1:
            yield ca[1], (a,)
            continue
        for j in range(i, m):
            b = ranks[j]
            cb = costs[b]
            two = ca[2] if j == i else ca[1] + cb[1]
            if two > limit:
                continue
            if n == 2:
                yield two, (a, b)
            else:
                yield from _third_set_picks(ranks, i, j, two, costs, limit)


def _third_set_picks(ranks: list[int], i: int, j: int, two: int, costs: Sequence[list[int]], limit: int):
    """:func:`_set_picks` of three sets, the first two ranks ``ranks[i] <= ranks[j]`` costing ``two``."""
    a, b = ranks[i], ranks[j]
    ca, cb = costs[a], costs[b]
    for k in range(j, len(ranks)):
        c = ranks[k]
        if k == i:
            three = ca[3]
        elif k == j:
            three = ca[1] + cb[2]
        else:
            three = two + costs[c][1]
        if three <= limit:
            yield three, (a, b, c)


def _any_set_picks(ranks: list[int], n: int, costs: Sequence[list[int]], limit: int):
    """:func:`_set_picks` for any ``n``, choice by choice."""
    for picked in itertools.combinations_with_replacement(ranks, n):
        extra = sum(costs[r][picked.count(r)] for r in set(picked))
        if extra <= limit:
            yield extra, picked


def _remember(key: tuple, shape: tuple | None) -> tuple | None:
    if len(_SKELETONS) >= _SKELETONS_MAX:
        _SKELETONS.clear()
    _SKELETONS[key] = shape
    return shape


def _anchors(ranks: tuple[int, ...], chosen: tuple, counts: tuple[int, ...], all_wild: bool) -> tuple | None:
    """For each meld (the sets of ``ranks``, then the runs of the ``chosen`` windows) a rank whose
    natural it keeps (0: none needed), no rank kept more often than the hand holds it.

    (A meld that keeps a rank also needs a card of it, so the melds' demand never binds before the hand does.)
    """
    if all_wild:
        return (0,) * (len(ranks) + len(chosen))
    if not chosen:  # sets alone: each keeps a natural of its own rank
        return ranks if all(ranks.count(r) <= counts[r] for r in ranks) else None
    choices = [[r] if counts[r] else [] for r in ranks]
    choices.extend([r for r in w[1] if counts[r]] for w in chosen)
    for kept in itertools.product(*choices):  # every rank offered is held: kept once, it fits
        if len(set(kept)) == len(kept) or all(kept.count(r) <= counts[r] for r in kept):
            return kept
    return None


def _counts(codes: Iterable[int], cap: int) -> tuple[tuple[int, ...], int]:
    """(naturals of each rank, index 1..13, and 0 at index 0; wild cards), each at most ``cap``."""
    counts = [0] * 14
    for c in codes:
        counts[_NAT[c]] += 1
    wilds = counts[0]
    counts[0] = 0
    if max(counts) > cap:
        return tuple([n if n < cap else cap for n in counts]), min(wilds, cap)
    return tuple(counts), min(wilds, cap)


def _arrange(number: int, codes: Sequence[int], all_wild: bool) -> list[tuple[str, list[int], int]] | None:
    """Melds of contract ``number`` from the hand ``codes``: [(kind, codes in order, rank or low)]."""
    counts, wilds = _counts(codes, CONTRACTS[number].cards)
    shape = _skeleton(number, counts, wilds, all_wild)
    if shape is None:
        return None
    _, ranks, starts, anchors = shape
    size, _, length, _ = _PARTS[number]
    # the cards of each rank in the order they are given out (index 0: the wild cards, jokers
    # first, then twos; the naturals of a rank by code, as their points are equal)
    pool: list[list[int]] = [[] for _ in range(14)]
    for c in sorted(codes):
        pool[_NAT[c]].append(c)
    wild_pool = pool[0]
    wild_pool.sort(key=_ARRANGE_RANK.__getitem__)
    # the rank of each place of each meld: the sets', then the runs' (a window's ranks)
    layouts = [(r,) * size for r in ranks] + [_WINDOWS[length][lo - 1][1] for lo in starts]
    melds: list[list] = [[None] * len(places) for places in layouts]
    # each meld's anchor natural first, then every natural that fits, then wilds
    for cards, places, r in zip(melds, layouts, anchors, strict=True):
        if r:
            cards[places.index(r)] = pool[r].pop(0)
    for cards, places in zip(melds, layouts, strict=True):
        for i, r in enumerate(places):
            if cards[i] is None and pool[r]:
                cards[i] = pool[r].pop(0)
    for cards in melds:
        for i, c in enumerate(cards):
            if c is None:
                cards[i] = wild_pool.pop(0)
    keys = [("set", r) for r in ranks] + [("run", lo) for lo in starts]
    return [(kind, cards, key) for (kind, key), cards in zip(keys, melds, strict=True)]


def _as_meld(kind: str, codes: Sequence[int], key: int) -> Meld:
    cards = tuple(ALL_CARDS[c] for c in codes)
    if kind == "set":
        ranks = {_NAT[c] for c in codes} - {0}
        return Meld("set", cards, rank=next(iter(ranks), 0))
    return Meld("run", cards, low=key, high=key + len(codes) - 1)


def find_contract(number: int, hand: Iterable[Card], *, all_wild: bool = False) -> list[Meld] | None:
    """Melds of the hand's own cards that make contract ``number`` (1-12), or None.

    Exact: an arrangement is found whenever one exists. Of all arrangements it
    returns one with the fewest wild cards (jokers laid before twos); each meld has
    exactly the contract's size (further cards are laid off afterwards).

    >>> from rules.cards import parse_cards as cs
    >>> [m.describe() for m in find_contract(4, cs("3♥ 4♣ 2♠ 6♦ 9♣ 10♣ J♥ Q♠"))]
    ['run 3-6: 3♥ 4♣ 2♠ 6♦', 'run 9-Q: 9♣ 10♣ J♥ Q♠']
    >>> find_contract(11, cs("K♠ K♥ K♦ K♣ 2♠ RJ BJ")) is None
    True
    """
    if number not in CONTRACTS:
        raise RulesError(
            f"there are twelve contracts, numbered 1 to 12, not {number!r}",
            f"контрактов двенадцать, с номерами от 1 до 12, а не {number!r}",
            rule="dummy_rummy.contracts",
        )
    arranged = _arrange(number, [_code(c) for c in hand], all_wild)
    if arranged is None:
        return None
    return [_as_meld(kind, codes, key) for kind, codes, key in arranged]


def contract_reason(number: int, hand: Sequence[Card], lang: str = "en", *, all_wild: bool = False) -> str:
    """Why the hand makes contract ``number`` or not, in one sentence of the reader's language."""
    check_lang(lang)
    contract = CONTRACTS[number]
    melds = find_contract(number, hand, all_wild=all_wild)
    what = contract.describe(lang)
    if melds is not None:
        shown = "; ".join(m.describe(lang) for m in melds)
        return pick(lang, f"Contract {number} ({what}) is made: {shown}", f"Контракт {number} ({what}) собран: {shown}")
    if len(hand) < contract.cards:
        return pick(
            lang,
            f"Contract {number} ({what}) needs at least {contract.cards} cards; the hand has {len(hand)}",
            f"Для контракта {number} ({what}) нужно не меньше {contract.cards} карт, а в руке {count(len(hand), lang)}",
        )
    wilds = sum(1 for c in hand if is_wild(c))
    need = wilds_needed(number, hand, all_wild=all_wild)
    if need is None:  # no number of wild cards would do: too few natural cards to anchor every meld
        return pick(
            lang,
            f"Contract {number} ({what}) cannot be made from these cards: every meld of it needs "
            "a natural card of its own besides its wild cards, and these cards have too few that fit",
            f"Из этих карт не собрать контракт {number} ({what}): в каждой его комбинации "
            "нужна своя обычная карта, кроме карт-джокеров, а подходящих обычных карт слишком мало",
        )
    short = count(need, lang, ru=("карты", "карт", "карт"))
    return pick(
        lang,
        f"Contract {number} ({what}) cannot be made from these cards: the nearest arrangement is {short} short, "
        "which only wild cards (twos and jokers) can stand in for, "
        f"and the hand holds {f'only {wilds}' if wilds else 'none'}",
        f"Из этих карт не собрать контракт {number} ({what}): в самой близкой раскладке не хватает {short}, "
        f"заменить недостающее могут только карты-джокеры (двойки и джокеры), а в руке их "
        f"{f'только {wilds}' if wilds else 'нет'}",
    )


def wilds_needed(number: int, hand: Iterable[Card], *, all_wild: bool = False) -> int | None:
    """The fewest wild cards with which the hand's natural cards would make contract ``number``
    (None: no number of wild cards would, for want of a natural card to anchor each meld)."""
    contract = CONTRACTS[number]
    counts, _ = _counts([_code(c) for c in hand], contract.cards)
    shape = _skeleton(number, counts, contract.cards, all_wild)
    return None if shape is None else shape[0]


# ---------------------------------------------------------------- how far a hand is from a contract (for the bots)


def shortfall(number: int, hand: Iterable[Card], *, all_wild: bool = False) -> int:
    """How many cards the hand lacks for contract ``number``: 0 when it is made.

    The cheapest arrangement's places that no natural card of the hand fills,
    less the hand's wild cards. A planning measure for players and the book.
    """
    codes = [_code(c) for c in hand]
    return _shortfall(number, codes, all_wild)


def _shortfall(number: int, codes: Sequence[int], all_wild: bool) -> int:
    cards = CONTRACTS[number].cards
    counts, wilds = _counts(codes, cards)
    shape = _skeleton(number, counts, cards, all_wild)
    if shape is None:  # no natural card at all
        return cards - wilds if cards > wilds else 0
    return max(0, shape[0] - wilds)
