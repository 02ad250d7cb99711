"""Dummy rummy: twelve contracts, wild twos and jokers, cut-ins.

Source: «Dummy rummy: правила и комбинации» (2-4 players, two packs and four
jokers, 108 cards); where the text is silent or contradicts itself the rulings of
the chapter's clarifications page decide.

The meld oracle is public and pure:

>>> from rules.cards import parse_cards as cs
>>> is_set(cs("7♠ 7♠ 2♥")), is_run(cs("Q♦ K♣ A♥ J♠")), is_run(cs("K♠ A♠ 3♠ 4♠"))
(True, True, False)
>>> [m.kind for m in find_contract(2, cs("5♥ 5♣ 5♠ 9♦ 10♦ BJ Q♣ 4♠"))]
['set', 'run']
>>> penalty(cs("3♥ K♠ A♦ 2♣ RJ"))
100
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from rules.cards import ALL_CARDS, Card, Rank, deck, format_card, format_cards
from rules.errors import IllegalAction, OptionError, RulesError, check_lang
from rules.game import Action, Game, GameInfo, Note, Result, Setup, State, Variant, check_options, option
from rules.lang import count, pick, player_name

__all__ = [
    "CONTRACTS",
    "Contract",
    "MeldSpec",
    "Meld",
    "is_wild",
    "is_set",
    "is_run",
    "find_contract",
    "contract_reason",
    "penalty",
    "card_points",
]

#: rule id -> (English title, Russian title); each is an anchor of the chapter
RULES: dict[str, tuple[str, str]] = {
    "dummy_rummy.deal": ("Players, cards and the deal", "Игроки, карты и раздача"),
    "dummy_rummy.contracts": ("The twelve contracts", "Двенадцать контрактов"),
    "dummy_rummy.sets": ("Sets", "Наборы"),
    "dummy_rummy.runs": ("Runs", "Последовательности"),
    "dummy_rummy.wilds": ("Wild cards", "Карты-джокеры"),
    "dummy_rummy.turn": ("Play", "Ход игры"),
    "dummy_rummy.cut_in": ("Cut-ins", "Перехваты"),
    "dummy_rummy.draw": ("Drawing", "Взятие карты"),
    "dummy_rummy.go_down": ("Laying down the contract", "Выкладывание контракта"),
    "dummy_rummy.lay_off": ("Laying off", "Добавление к комбинациям"),
    "dummy_rummy.discard": ("Discarding", "Сброс"),
    "dummy_rummy.discard_restriction": ("The discard restriction", "Запрет сброса"),
    "dummy_rummy.going_out": ("Going out", "Выход"),
    "dummy_rummy.stock": ("The stock runs out", "Когда колода кончается"),
    "dummy_rummy.score": ("Scoring", "Подсчёт очков"),
    "dummy_rummy.end": ("The winner", "Победитель"),
    "dummy_rummy.engine": ("The engine's own decisions", "Решения движка"),
}

HAND = 13
#: a cut-in takes the discard and this many cards from the stock (rulings: 13, 16, 19)
CUT_IN_EXTRA = 2
CUT_IN_LIMIT = 2
#: points of a card left in hand (reconstructed: the source's table is missing)
POINTS = {"low": 5, "high": 10, "ace": 15, "two": 20, "joker": 50}


# ---------------------------------------------------------------- the contracts


@dataclass(frozen=True)
class MeldSpec:
    """One meld a contract asks for: a ``"set"`` or a ``"run"`` of at least ``size`` cards."""

    kind: str
    size: int

    def describe(self, lang: str = "en") -> str:
        if check_lang(lang) == "ru":
            return f"{'набор' if self.kind == 'set' else 'последовательность'} из {self.size} карт"
        return f"a {self.kind} of {self.size}"


@dataclass(frozen=True)
class Contract:
    """Contract ``number`` (1-12): the melds a player must lay down together."""

    number: int
    melds: tuple[MeldSpec, ...]

    @property
    def sets(self) -> tuple[int, ...]:
        return tuple(m.size for m in self.melds if m.kind == "set")

    @property
    def runs(self) -> tuple[int, ...]:
        return tuple(m.size for m in self.melds if m.kind == "run")

    @property
    def cards(self) -> int:
        """The fewest cards that make the contract."""
        return sum(m.size for m in self.melds)

    def describe(self, lang: str = "en") -> str:
        """ "2 sets of 3" / "2 набора по 3 карты" and so on, as the source lists them."""
        check_lang(lang)
        parts = []
        for kind, group in itertools.groupby(self.melds):
            n = len(list(group))
            if lang == "en":
                parts.append(f"{n} {kind.kind}{'s' if n > 1 else ''} of {kind.size}")
            else:
                noun = {"set": ("набор", "набора"), "run": ("последовательность", "последовательности")}[kind.kind]
                parts.append(f"{n} {noun[0] if n == 1 else noun[1]} из {kind.size} карт")
        return (" and " if lang == "en" else " и ").join(parts)


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
                return f"set of wilds {cards}" if lang == "en" else f"набор из джокеров {cards}"
            name = Rank(self.rank).plural_in(lang)
            return f"set of {name}: {cards}" if lang == "en" else f"набор {name}: {cards}"
        lo, hi = Rank(_pos_rank(self.low)).symbol(lang), Rank(_pos_rank(self.high)).symbol(lang)
        return f"run {lo}-{hi}: {cards}" if lang == "en" else f"последовательность {lo}-{hi}: {cards}"


_SKELETONS: dict[tuple, tuple | None] = {}
#: the most shapes kept (about 200 bytes each); past it the memo starts afresh
_SKELETONS_MAX = 200_000
_NATURAL_RANKS = (1, *range(3, 14))
#: run length -> [(lowest position, the rank at each position)]
_WINDOWS = {
    length: [(lo, tuple(_pos_rank(p) for p in range(lo, lo + length))) for lo in range(1, 16 - length)]
    for length in range(4, 14)
}


def _skeleton(number: int, counts: tuple[int, ...], wilds: int, all_wild: bool) -> tuple | None:
    """The cheapest shape of contract ``number`` for a hand of ``counts`` naturals per rank
    (index 1..13, index 2 always 0) and ``wilds`` wild cards, or None.

    A shape is (wilds needed, set ranks, run starts, the natural rank that
    anchors each meld). Suits never matter (runs may mix suits), so only the
    counts do. For fixed ranks and windows, using every natural that fits is never
    worse than a wild (a wild can stand anywhere); what remains is that every meld
    holds a natural of its own (a tiny matching, brute-forced).
    """
    key = (number, counts, wilds, all_wild)
    if key in _SKELETONS:
        return _SKELETONS[key]
    contract = CONTRACTS[number]
    sets, runs = contract.sets, contract.runs
    best = None
    size = sets[0] if sets else 0
    set_ranks = [r for r in _NATURAL_RANKS if (counts[r] or all_wild) and counts[r] + wilds >= size]
    if all_wild:  # ranks with no natural are all alike: keep one
        empty = [r for r in set_ranks if counts[r] == 0]
        set_ranks = [r for r in set_ranks if counts[r]] + empty[:1]
    windows = []
    best_present = 0
    if runs:
        for lo, ranks in _WINDOWS[runs[0]]:
            present = sum(1 for r in ranks if counts[r])
            best_present = max(best_present, present)
            if (present or all_wild) and present + wilds >= runs[0]:
                windows.append((lo, ranks))
    # a quick refusal: the sets alone, or the runs alone, already need more wilds than the hand holds
    if sets:
        usable = sorted((min(counts[r], size * len(sets)) for r in _NATURAL_RANKS), reverse=True)
        if size * len(sets) - sum(usable[: len(sets)]) > wilds:
            return _remember(key, None)
    if runs and len(runs) * (runs[0] - best_present) > wilds:
        return _remember(key, None)
    for chosen in itertools.combinations_with_replacement(windows, len(runs)):
        demand = [0] * 14
        for _, ranks in chosen:
            for r in ranks:
                demand[r] += 1
        base = 0
        for r in _NATURAL_RANKS:
            if demand[r] > counts[r]:
                base += demand[r] - counts[r]
        base += demand[2]
        if base > wilds or (best is not None and base >= best[0]):
            continue
        starts = tuple(lo for lo, _ in chosen)
        for picked in itertools.combinations_with_replacement(set_ranks, len(sets)):
            need = base
            for r in set(picked):
                extra = picked.count(r) * size
                before = demand[r] - counts[r]
                need += max(0, before + extra) - max(0, before)
            if need > wilds or (best is not None and need >= best[0]):
                continue
            full = demand.copy()
            for r in picked:
                full[r] += size
            anchors = _anchors(picked, starts, runs, counts, full, all_wild)
            if anchors is None:
                continue
            best = (need, picked, starts, anchors)
            if need == 0:
                break
        if best is not None and best[0] == 0:
            break
    return _remember(key, best)


def _remember(key: tuple, shape: tuple | None) -> tuple | None:
    if len(_SKELETONS) >= _SKELETONS_MAX:
        _SKELETONS.clear()
    _SKELETONS[key] = shape
    return shape


def _anchors(ranks, starts, runs, counts, demand, all_wild) -> tuple | None:
    """For each meld a rank whose natural it keeps (0: none needed), within what each rank can give."""
    if all_wild:
        return (0,) * (len(ranks) + len(starts))
    choices = [[r] if counts[r] else [] for r in ranks]
    for lo, size in zip(starts, runs, strict=True):
        choices.append([_pos_rank(p) for p in range(lo, lo + size) if counts[_pos_rank(p)]])
    for chosen in itertools.product(*choices):
        if all(chosen.count(r) <= min(counts[r], demand[r]) for r in set(chosen)):
            return chosen
    return None


def _counts(codes: Iterable[int], cap: int) -> tuple[tuple[int, ...], int]:
    counts = [0] * 14
    wilds = 0
    for c in codes:
        n = _NAT[c]
        if n:
            counts[n] += 1
        else:
            wilds += 1
    return tuple(min(x, cap) for x in counts), min(wilds, cap)


def _arrange(number: int, codes: Sequence[int], all_wild: bool) -> list[tuple[str, list[int], int]] | None:
    """Melds of contract ``number`` from the hand ``codes``: [(kind, codes in order, rank or low)]."""
    contract = CONTRACTS[number]
    counts, wilds = _counts(codes, contract.cards)
    shape = _skeleton(number, counts, wilds, all_wild)
    if shape is None:
        return None
    _, ranks, starts, anchors = shape
    pool: dict[int, list[int]] = {}
    wild_pool = []
    for c in sorted(codes, key=lambda c: (-_POINTS[c], c)):  # jokers first, then twos
        if _NAT[c]:
            pool.setdefault(_NAT[c], []).append(c)
        else:
            wild_pool.append(c)
    melds: list[list] = []
    slots = []  # (meld index, position in meld, rank)
    for r, size in zip(ranks, contract.sets, strict=True):
        melds.append(["set", [None] * size, r])
        slots.extend((len(melds) - 1, i, r) for i in range(size))
    for lo, size in zip(starts, contract.runs, strict=True):
        melds.append(["run", [None] * size, lo])
        slots.extend((len(melds) - 1, i, _pos_rank(lo + i)) for i in range(size))
    # each meld's anchor natural first, then every natural that fits, then wilds
    for m, r in enumerate(anchors):
        if r:
            i = next(i for mm, i, rr in slots if mm == m and rr == r and melds[m][1][i] is None)
            melds[m][1][i] = pool[r].pop(0)
    for m, i, r in slots:
        if melds[m][1][i] is None and pool.get(r):
            melds[m][1][i] = pool[r].pop(0)
    for m, i, _ in slots:
        if melds[m][1][i] is None:
            melds[m][1][i] = wild_pool.pop(0)
    return [(kind, cards, key) for kind, cards, key in melds]


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
        if lang == "en":
            return f"Contract {number} ({what}) is made: {shown}"
        return f"Контракт {number} ({what}) собран: {shown}"
    if len(hand) < contract.cards:
        if lang == "en":
            return f"Contract {number} ({what}) needs at least {contract.cards} cards; the hand has {len(hand)}"
        return (
            f"Для контракта {number} ({what}) нужно не меньше {contract.cards} карт, а в руке {count(len(hand), lang)}"
        )
    wilds = sum(1 for c in hand if is_wild(c))
    need = wilds_needed(number, hand, all_wild=all_wild)
    if need is None:  # no number of wild cards would do: too few natural cards to anchor every meld
        if lang == "en":
            return (
                f"Contract {number} ({what}) cannot be made from these cards: every meld of it needs "
                "a natural card of its own besides its wild cards, and these cards have too few that fit"
            )
        return (
            f"Из этих карт не собрать контракт {number} ({what}): в каждой его комбинации "
            "нужна своя обычная карта, кроме карт-джокеров, а подходящих обычных карт слишком мало"
        )
    short = count(need, lang, ru=("карты", "карт", "карт"))
    if lang == "en":
        holds = f"only {wilds}" if wilds else "none"
        return (
            f"Contract {number} ({what}) cannot be made from these cards: the nearest arrangement is {short} short, "
            f"which only wild cards (twos and jokers) can stand in for, and the hand holds {holds}"
        )
    holds = f"только {wilds}" if wilds else "нет"
    return (
        f"Из этих карт не собрать контракт {number} ({what}): в самой близкой раскладке не хватает {short}, "
        f"заменить недостающее могут только карты-джокеры (двойки и джокеры), а в руке их {holds}"
    )


def wilds_needed(number: int, hand: Iterable[Card], *, all_wild: bool = False) -> int | None:
    """The fewest wild cards with which the hand's natural cards would make contract ``number``
    (None: no number of wild cards would, for want of a natural card to anchor each meld)."""
    contract = CONTRACTS[number]
    counts, _ = _counts([_code(c) for c in hand], contract.cards)
    shape = _skeleton(number, counts, contract.cards, all_wild)
    return None if shape is None else shape[0]


# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The rulings' options (see the clarifications page).

    * ``cut_ins``: the source's optional rule of cut-ins (on by default);
    * ``all_wild``: melds of wild cards alone are allowed;
    * ``lowest_of_all``: the lowest total of all players wins, not only of those
      who completed every contract;
    * ``first_contract`` / ``last_contract``: a shorter game (practice): everybody
      starts at the first, and the game ends after the hand in which somebody
      completes the last.
    """

    cut_ins: bool = option(True, "cut-ins", "перехваты")
    all_wild: bool = option(False, "melds of wild cards alone", "комбинации из одних джокеров")
    lowest_of_all: bool = option(False, "lowest total of all wins", "побеждает наименьший счёт среди всех")
    first_contract: int = option(1, "first contract", "первый контракт", low=1, high=12)
    last_contract: int = option(12, "last contract", "последний контракт", low=1, high=12)

    def __post_init__(self):
        check_options(self)
        if self.last_contract < self.first_contract:
            raise OptionError(
                f"the last contract ({self.last_contract}) comes before the first ({self.first_contract})",
                f"последний контракт ({self.last_contract}) идёт раньше первого ({self.first_contract})",
            )


# ---------------------------------------------------------------- actions


def _p(seat: int, lang: str) -> str:
    return player_name(seat, lang)


def _c(card: Card, lang: str) -> str:
    return format_card(card, lang)


@dataclass(frozen=True)
class DrawStock(Action):
    """The turn's draw from the stock (the only draw left to a player who has gone down)."""

    RULE: ClassVar[str] = "dummy_rummy.draw"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} draws from the stock"

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"{_p(self.player, lang)} draws a card from the stock",
            f"{_p(self.player, lang)} берёт закрытую карту из колоды",
        )


@dataclass(frozen=True)
class DrawDiscard(Action):
    """The turn's draw from the discard pile; ``before`` is a player whose cut-in this draw refuses."""

    card: Card = None
    before: int = -1
    RULE: ClassVar[str] = "dummy_rummy.draw"

    @property
    def rule(self) -> str:
        return "dummy_rummy.cut_in" if self.before >= 0 else "dummy_rummy.draw"

    @cached_property
    def label(self) -> str:
        tail = f" before P{self.before + 1}" if self.before >= 0 else ""
        return f"P{self.player + 1} takes {self.card} from the discard pile{tail}"

    def explain(self, lang: str = "en") -> str:
        who, card = _p(self.player, lang), _c(self.card, lang)
        if self.before >= 0:
            other = _p(self.before, lang).lower()
            return pick(
                lang,
                f"{who} takes {card} from the discard pile as the turn's draw: the player about to draw "
                f"comes before {other}'s cut-in",
                f"{who} берёт {card} из сброса своим ходом: у игрока, чей ход, право первенства перед "
                f"перехватом игрока {self.before + 1}",
            )
        return pick(lang, f"{who} takes {card} from the discard pile", f"{who} берёт {card} из сброса")


@dataclass(frozen=True)
class GoDown(Action):
    """The player lays down the contract's melds (one arrangement with the fewest wilds)."""

    number: int = 0
    melds: tuple[tuple[Card, ...], ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.go_down"

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for meld in self.melds for c in meld)

    @cached_property
    def label(self) -> str:
        shown = " | ".join(format_cards(m) for m in self.melds)
        return f"P{self.player + 1} goes down with contract {self.number}: {shown}"

    def explain(self, lang: str = "en") -> str:
        shown = " | ".join(format_cards(m, lang) for m in self.melds)
        what = CONTRACTS[self.number].describe(lang) if self.number in CONTRACTS else "?"
        return pick(
            lang,
            f"{_p(self.player, lang)} goes down with contract {self.number} ({what}): {shown}",
            f"{_p(self.player, lang)} выкладывает контракт {self.number} ({what}): {shown}",
        )


@dataclass(frozen=True)
class LayOff(Action):
    """A card added to meld ``meld`` (0-based, table order) of ``owner``; ``end`` of a run: "low" or "high"."""

    card: Card = None
    meld: int = 0
    owner: int = 0
    end: str = ""
    RULE: ClassVar[str] = "dummy_rummy.lay_off"

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    @cached_property
    def label(self) -> str:
        tail = f" at the {self.end} end" if self.end else ""
        return f"P{self.player + 1} lays off {self.card} on meld {self.meld + 1}{tail}"

    def explain(self, lang: str = "en") -> str:
        who, card, owner = _p(self.player, lang), _c(self.card, lang), _p(self.owner, lang).lower()
        if self.end:
            end_en = "below its low end" if self.end == "low" else "above its high end"
            end_ru = "снизу" if self.end == "low" else "сверху"
            return pick(
                lang,
                f"{who} lays off {card} on meld {self.meld + 1} ({owner}'s run), {end_en}",
                f"{who} добавляет {card} {end_ru} к комбинации {self.meld + 1} (последовательности игрока {self.owner + 1})",
            )
        return pick(
            lang,
            f"{who} lays off {card} on meld {self.meld + 1} ({owner}'s set)",
            f"{who} добавляет {card} к комбинации {self.meld + 1} (набору игрока {self.owner + 1})",
        )


@dataclass(frozen=True)
class Discard(Action):
    """The card that ends the turn, face up on the discard pile; the last card goes out."""

    card: Card = None
    out: bool = False
    RULE: ClassVar[str] = "dummy_rummy.discard"

    @property
    def rule(self) -> str:
        return "dummy_rummy.going_out" if self.out else "dummy_rummy.discard"

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} discards {self.card}{' and goes out' if self.out else ''}"

    def explain(self, lang: str = "en") -> str:
        who, card = _p(self.player, lang), _c(self.card, lang)
        if self.out:
            return pick(
                lang,
                f"{who} discards the last card, {card}, and goes out",
                f"{who} сбрасывает последнюю карту, {card}, и выходит",
            )
        return pick(lang, f"{who} discards {card}", f"{who} сбрасывает {card}")


@dataclass(frozen=True)
class CutIn(Action):
    """A player who has not gone down asks for the card just discarded."""

    card: Card = None
    RULE: ClassVar[str] = "dummy_rummy.cut_in"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} cuts in for {self.card}"

    def explain(self, lang: str = "en") -> str:
        who, card = _p(self.player, lang), _c(self.card, lang)
        return pick(
            lang,
            f"{who} asks to cut in for {card} (the card and {CUT_IN_EXTRA} from the stock)",
            f"{who} просит перехватить {card} (эту карту и ещё {CUT_IN_EXTRA} из колоды)",
        )


@dataclass(frozen=True)
class NoCutIn(Action):
    """A player asked in turn lets the discard go."""

    card: Card = None
    RULE: ClassVar[str] = "dummy_rummy.cut_in"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} lets {self.card} go"

    def explain(self, lang: str = "en") -> str:
        who, card = _p(self.player, lang), _c(self.card, lang)
        return pick(lang, f"{who} does not cut in for {card}", f"{who} не перехватывает {card}")


@dataclass(frozen=True)
class AllowCutIn(Action):
    """The player about to draw lets ``asker`` take the discard."""

    asker: int = 0
    card: Card = None
    RULE: ClassVar[str] = "dummy_rummy.cut_in"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} lets P{self.asker + 1} cut in"

    def explain(self, lang: str = "en") -> str:
        who, other, card = _p(self.player, lang), _p(self.asker, lang).lower(), _c(self.card, lang)
        return pick(
            lang,
            f"{who} does not want {card} and lets {other} cut in",
            f"{who} не берёт {card} и разрешает перехват игроку {self.asker + 1}",
        )


# ---------------------------------------------------------------- notes


@dataclass(frozen=True)
class Dealt(Note):
    """A hand is dealt: thirteen cards each, the next card starts the discard pile."""

    hand: int = 0
    dealer: int = 0
    first: int = 0
    upcard: Card = None
    contracts: tuple[int, ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.deal"

    def explain(self, lang: str = "en") -> str:
        en = check_lang(lang) == "en"
        goals = ", ".join(f"{_p(p, lang).lower()} {n}" for p, n in enumerate(self.contracts))
        if en:
            return (
                f"Hand {self.hand}: {_p(self.dealer, lang).lower()} deals {HAND} cards each; {self.upcard} starts "
                f"the discard pile; {_p(self.first, lang).lower()} plays first. Contracts: {goals}"
            )
        goals = ", ".join(f"у игрока {p + 1} — {n}" for p, n in enumerate(self.contracts))
        return (
            f"Раздача {self.hand}: {_p(self.dealer, lang).lower()} сдаёт по {HAND} карт; "
            f"{_c(self.upcard, lang)} открывает сброс; первым ходит {_p(self.first, lang).lower()}. "
            f"Контракты: {goals}"
        )


@dataclass(frozen=True)
class CutInTaken(Note):
    """A cut-in is carried out: the discard and cards from the stock."""

    player: int = 0
    card: Card = None
    extra: int = CUT_IN_EXTRA
    number: int = 1
    forced: bool = False
    RULE: ClassVar[str] = "dummy_rummy.cut_in"

    def explain(self, lang: str = "en") -> str:
        who, card = _p(self.player, lang), _c(self.card, lang)
        why_en = " (the player about to draw has gone down and may not take it)" if self.forced else ""
        why_ru = " (игрок, чей ход, уже выложил контракт и не может её взять)" if self.forced else ""
        return pick(
            lang,
            f"{who} cuts in: takes {card} and {count(self.extra, lang)} from the stock{why_en}; "
            f"cut-in {self.number} of {CUT_IN_LIMIT} this hand",
            f"{who} перехватывает: берёт {card} и {count(self.extra, lang)} из колоды{why_ru}; "
            f"перехват {self.number} из {CUT_IN_LIMIT} в этой раздаче",
        )


@dataclass(frozen=True)
class StockRebuilt(Note):
    """The stock ran out: the discard pile but its top card is shuffled into a new stock."""

    cards: int = 0
    RULE: ClassVar[str] = "dummy_rummy.stock"

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"The stock has run out: the discard pile but its top card ({count(self.cards, lang)}) "
            f"is shuffled into a new stock",
            f"Колода кончилась: сброс, кроме верхней карты ({count(self.cards, lang)}), перемешан в новую колоду",
        )


@dataclass(frozen=True)
class HandScored(Note):
    """The hand ends: the player who went out scores 0, the others their cards' points."""

    out: int = -1
    why: str = ""  # "" (somebody went out), "stock" (nothing left to draw) or "turns" (the turn limit)
    points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    completed: tuple[int, ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.score"

    def explain(self, lang: str = "en") -> str:
        en = check_lang(lang) == "en"
        scores = ", ".join(
            f"{_p(p, lang).lower()} +{pts} ({'total' if en else 'всего'} {tot})"
            for p, (pts, tot) in enumerate(zip(self.points, self.totals, strict=True))
        )
        if self.out >= 0:
            head = pick(lang, f"{_p(self.out, lang)} went out", f"{_p(self.out, lang)} вышел")
        elif self.why == "stock":
            head = pick(
                lang,
                "Nothing is left to draw: the hand ends with nobody out",
                "Брать больше нечего: раздача кончается, никто не вышел",
            )
        else:
            head = pick(
                lang,
                f"The hand ends after {TURN_LIMIT} turns with nobody out",
                f"Раздача кончается после {TURN_LIMIT} ходов, никто не вышел",
            )
        done = ", ".join(_p(p, lang).lower() for p in self.completed)
        did = "Свой контракт выполнил" if len(self.completed) == 1 else "Свой контракт выполнили"
        tail = pick(lang, f". Completed their contract: {done}", f". {did}: {done}") if done else ""
        return f"{head}. {pick(lang, 'Points', 'Очки')}: {scores}{tail}"


@dataclass(frozen=True)
class GameEnded(Note):
    """The game ends; the winners and why."""

    winners: tuple[int, ...] = ()
    finishers: tuple[int, ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.end"

    def explain(self, lang: str = "en") -> str:
        who = ", ".join(_p(p, lang).lower() for p in self.winners)
        done = ", ".join(_p(p, lang).lower() for p in self.finishers)
        one = len(self.winners) == 1
        winner = pick(lang, "the winner" if one else "the winners", "победитель" if one else "победители")
        if self.finishers:
            did = "выполнил" if len(self.finishers) == 1 else "выполнили"
            return pick(
                lang,
                f"The game is over: {done} completed the last contract; {winner}: {who}",
                f"Игра окончена: последний контракт {did} {done}; {winner}: {who}",
            )
        return pick(
            lang,
            f"The game is over after {MAX_HANDS} hands without anybody completing the contracts; {winner}: {who}",
            f"Игра окончена после {MAX_HANDS} раздач: никто не выполнил все контракты; {winner}: {who}",
        )


# ---------------------------------------------------------------- refusals: one source of truth

#: reason code -> (rule, English, Russian); {p} the player, {c} the card, {n} a number
_REASONS = {
    "not_turn": ("dummy_rummy.turn", "it is not player {p}'s turn", "сейчас не очередь игрока {p}"),
    "draw_first": ("dummy_rummy.turn", "player {p} must draw first", "игрок {p} должен сначала взять карту"),
    "drawn": ("dummy_rummy.turn", "player {p} has drawn already this turn", "игрок {p} уже взял карту на этом ходу"),
    "asking": (
        "dummy_rummy.cut_in",
        "the discard is offered for cut-ins first",
        "сначала решается, перехватит ли кто-нибудь сброшенную карту",
    ),
    "deciding": (
        "dummy_rummy.cut_in",
        "player {p} must first take the discard or allow the cut-in",
        "игрок {p} должен сначала взять сброшенную карту или разрешить перехват",
    ),
    "down_draws_stock": (
        "dummy_rummy.draw",
        "player {p} has gone down and must draw from the stock",
        "игрок {p} уже выложил контракт и должен брать из колоды",
    ),
    "pile_empty": ("dummy_rummy.draw", "the discard pile is empty", "сброс пуст"),
    "not_top": (
        "dummy_rummy.draw",
        "only the top card of the discard pile may be taken",
        "из сброса можно взять только верхнюю карту",
    ),
    "not_in_hand": ("dummy_rummy.turn", "player {p} has no {c}", "у игрока {p} нет карты {c}"),
    "down_already": (
        "dummy_rummy.go_down",
        "player {p} has gone down already: only laying off is left",
        "игрок {p} уже выложил контракт: можно только добавлять карты",
    ),
    "no_contract": (
        "dummy_rummy.go_down",
        "these cards do not make contract {n} exactly",
        "эти карты не составляют в точности контракт {n}",
    ),
    "one_arrangement": (
        "dummy_rummy.engine",
        "contract {n} goes down in one arrangement, the one with the fewest wild cards; lay the other cards off after it",
        "контракт {n} выкладывается в одной раскладке, с наименьшим числом карт-джокеров; остальные карты добавьте после",
    ),
    "not_down": (
        "dummy_rummy.lay_off",
        "player {p} may lay off only after going down with the contract",
        "игрок {p} может добавлять карты только после того, как выложил свой контракт",
    ),
    "keep_one": (
        "dummy_rummy.going_out",
        "player {p} must keep a card to discard: going out ends with a discard",
        "игрок {p} должен оставить карту для сброса: выход всегда завершается сбросом",
    ),
    "no_meld": ("dummy_rummy.lay_off", "there is no meld {n} on the table", "на столе нет комбинации {n}"),
    "no_fit": (
        "dummy_rummy.lay_off",
        "{c} does not fit meld {n} there",
        "карту {c} нельзя так добавить к комбинации {n}",
    ),
    "fits_table": (
        "dummy_rummy.discard_restriction",
        "{c} may not be discarded: it could be laid off on a meld on the table",
        "{c} нельзя сбрасывать: её можно добавить к комбинации на столе",
    ),
    "no_cut_in": (
        "dummy_rummy.cut_in",
        "player {p} may not cut in now (cut-ins are for players who have not gone down, at most {n} a hand, "
        "with cards in the stock)",
        "игрок {p} сейчас не может перехватить (перехват — для тех, кто ещё не выложил контракт, "
        "не больше {n} за раздачу, пока в колоде есть карты)",
    ),
    "asked_later": (
        "dummy_rummy.cut_in",
        "player {p} is asked about the cut-in after player {n}: the players are asked in order, starting with the player to the left of the player about to draw",
        "игрока {p} спросят о перехвате после игрока {n}: спрашивают по порядку, начиная слева от того, кто берёт карту",
    ),
    "not_asked": (
        "dummy_rummy.cut_in",
        "nobody asks to cut in now",
        "сейчас никто не просит перехвата",
    ),
    "wrong_card": ("dummy_rummy.cut_in", "the card offered is {c}", "предлагается карта {c}"),
}


def _refuse(code: str, player: int = 0, card: Card | None = None, n: int = 0) -> IllegalAction:
    rule, en, ru = _REASONS[code]
    c_en = format_card(card) if isinstance(card, Card) else "?"
    c_ru = format_card(card, "ru") if isinstance(card, Card) else "?"
    return IllegalAction(
        en.format(p=player + 1, c=c_en, n=n),
        ru.format(p=player + 1, c=c_ru, n=n),
        rule=rule,
    )


# ---------------------------------------------------------------- the state

ASK, PRIORITY, DRAW, PLAY, OVER = range(5)
PHASES = ("ask", "priority", "draw", "play", "over")
#: a hand that nobody has gone out of after this many turns ends (the engine's bound)
TURN_LIMIT = 200
#: the game ends after this many hands even if nobody completes the contracts (the engine's bound)
MAX_HANDS = 60
#: the most actions of one turn: asks, the priority, the draw, going down, lay-offs, the discard
_TURN_ACTIONS = 3 + 1 + 1 + 1 + 40 + 1


def _max_actions(state: DummyRummyState) -> int:
    return MAX_HANDS * TURN_LIMIT * _TURN_ACTIONS


class DummyRummyState(State):
    def __init__(self, options: Options, players: int, seed: int, *, deal: bool = True):
        super().__init__(options, players, seed)
        self._pack = [_code(c) for c in deck(52, jokers=2, copies=2)]
        self.contract = [options.first_contract] * players
        self.totals = [0] * players
        self.hand_no = 0
        self.hand_stats: list[dict] = []
        self.finishers: tuple[int, ...] = ()
        self.dealer = self.rng.randrange(players)
        self.phase = OVER
        self._legal: list[Action] | None = None
        if deal:
            self._deal()

    # ---- one hand

    def _deal(self) -> None:
        n = self.num_players
        cards = list(self._pack)
        self.rng.shuffle(cards)
        self.hands: list[list[int]] = [cards[i * HAND : (i + 1) * HAND] for i in range(n)]
        self.pile: list[int] = [cards[n * HAND]]
        self.stock: list[int] = cards[n * HAND + 1 :]
        self.hand_no += 1
        self._start_hand((self.dealer + 1) % n)
        self.record(Dealt(self.hand_no, self.dealer, self.turn, ALL_CARDS[self.pile[-1]], tuple(self.contract)))

    def _start_hand(self, first: int) -> None:
        n = self.num_players
        #: the melds on the table, each a frozen (owner, kind, codes, rank of a set or low position of a run):
        #: a lay-off puts a new tuple in its place, so copies of the state never share a changing meld
        self.table: list[tuple[int, str, tuple[int, ...], int]] = []
        self.down = [False] * n
        self.went_down = [False] * n
        self.cuts = [0] * n
        self.turn = first
        self.turns = 0
        self.queue: list[int] = []
        self.asker = -1
        self.discarder = -1
        self.phase = DRAW
        self._legal = None

    # ---- the protocol

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == ASK:
            return self.queue[0]
        if phase == OVER:
            return None
        return self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return list(legal)

    def _generate(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == ASK:
            q, card = self.queue[0], ALL_CARDS[self.pile[-1]]
            return [CutIn(q, card), NoCutIn(q, card)]
        p = self.turn
        if phase == PRIORITY:
            card = ALL_CARDS[self.pile[-1]]
            return [DrawDiscard(p, card, self.asker), AllowCutIn(p, self.asker, card)]
        if phase == DRAW:
            out: list[Action] = [_DRAW_STOCK[p]]
            if self._draw_discard_reason(p) is None:
                out.append(_draw_discard(p, self.pile[-1]))
            return out
        # PLAY
        out = []
        hand = self.hands[p]
        arrangement = self._go_down_arrangement(p)
        if arrangement is not None:
            out.append(arrangement)
        distinct = sorted(set(hand), key=_sort_key)
        if self.down[p] and len(hand) > 1:
            for c in distinct:
                for m, owner, end in self._fits(c):
                    out.append(_lay_off(p, c, m, owner, end))
        fitting = self._fitting_cards(p)
        last = len(hand) == 1
        for c in distinct:
            if self._discard_reason(c, fitting) is None:
                out.append(_discard(p, c, last))
        return out

    # ---- the rules, each in one place: the moves (legal_actions) and the verdict both use them

    def _draw_discard_reason(self, p: int) -> str | None:
        if self.down[p]:
            return "down_draws_stock"
        if not self.pile:
            return "pile_empty"
        return None

    def _go_down_arrangement(self, p: int) -> GoDown | None:
        """The GoDown this player may make now (fewest wilds), or None."""
        if self.down[p] or self.contract[p] > 12:
            return None
        number = self.contract[p]
        hand = self.hands[p]
        if len(hand) <= CONTRACTS[number].cards:  # a card must be left to discard
            return None
        arranged = _arrange(number, hand, self.options.all_wild)
        if arranged is None:
            return None
        return GoDown(p, number, tuple(tuple(ALL_CARDS[c] for c in codes) for _, codes, _ in arranged))

    def _fits(self, c: int) -> list[tuple[int, int, str]]:
        """Where card code ``c`` may be laid off: (meld index, owner, end)."""
        nat = _NAT[c]
        out = []
        for m, (owner, kind, codes, key) in enumerate(self.table):
            if kind == "set":
                if not nat or not key or key == nat:
                    out.append((m, owner, ""))
                continue
            if len(codes) >= 13:
                continue
            low, high = key, key + len(codes) - 1
            if low > 1 and (not nat or _pos_rank(low - 1) == nat):
                out.append((m, owner, "low"))
            if high < 14 and (not nat or _pos_rank(high + 1) == nat):
                out.append((m, owner, "high"))
        return out

    def _fitting_cards(self, p: int) -> set[int]:
        return {c for c in set(self.hands[p]) if self._fits(c)} if self.table else set()

    def _discard_reason(self, c: int, fitting: set[int]) -> str | None:
        """The discard restriction: no card that could be laid off, unless every card in hand could be."""
        if c in fitting and len(fitting) < len(set(self.hands[self.turn])):
            return "fits_table"
        return None

    def _cut_in_eligible(self, q: int) -> bool:
        return (
            self.options.cut_ins
            and not self.down[q]
            and self.cuts[q] < CUT_IN_LIMIT
            and len(self.stock) >= CUT_IN_EXTRA
            and bool(self.pile)
        )

    # ---- the verdict: the rules of one action, stated once (the moves above use the same rules)

    def verdict(self, action: Action) -> IllegalAction | None:
        if action.player != self.current_player:
            return self._not_yours(action)
        return _PHASE_VERDICTS[self.phase](self, action)

    def _not_yours(self, action: Action) -> IllegalAction:
        p, kind = action.player, type(action)
        if kind in (CutIn, NoCutIn) and self.phase == ASK and p in self.queue:
            return _refuse("asked_later", p, n=self.queue[0] + 1)
        if kind is CutIn and self.phase in (ASK, PRIORITY, DRAW):
            return _refuse("no_cut_in", p, n=CUT_IN_LIMIT)
        return _refuse("not_turn", p)

    def _ask_verdict(self, action: Action) -> IllegalAction | None:
        """A player asked in turn cuts in for the discard or lets it go."""
        top = ALL_CARDS[self.pile[-1]]
        if type(action) not in (CutIn, NoCutIn):
            return _refuse("asking", action.player)
        return None if action.card == top else _refuse("wrong_card", action.player, top)

    def _priority_verdict(self, action: Action) -> IllegalAction | None:
        """The player about to draw takes the discard first or lets the asker cut in."""
        top, kind = ALL_CARDS[self.pile[-1]], type(action)
        if kind is DrawDiscard and action.card == top and action.before == self.asker:
            return None
        if kind is AllowCutIn and action.card == top and action.asker == self.asker:
            return None
        return _refuse("deciding", action.player)

    def _draw_verdict(self, action: Action) -> IllegalAction | None:
        """The turn's draw: from the stock, or the discard pile's top card."""
        p, kind = action.player, type(action)
        if kind in _CUT_IN_MOVES:
            return _refuse("no_cut_in" if kind is CutIn else "not_asked", p, n=CUT_IN_LIMIT)
        if kind in (GoDown, LayOff, Discard):
            return _refuse("draw_first", p)
        if kind is DrawStock:
            return None
        reason = self._draw_discard_reason(p)
        if reason is None and action.card != ALL_CARDS[self.pile[-1]]:
            reason = "not_top"
        if reason is not None:
            return _refuse(reason, p)
        return None if action.before == -1 else self.not_now(action)

    def _play_verdict(self, action: Action) -> IllegalAction | None:
        """After the draw: going down, laying off, the discard."""
        p, kind = action.player, type(action)
        if kind in _CUT_IN_MOVES:
            return _refuse("no_cut_in" if kind is CutIn else "not_asked", p, n=CUT_IN_LIMIT)
        if kind in (DrawStock, DrawDiscard):
            return _refuse("drawn", p)
        if kind is GoDown:
            return self._go_down_verdict(action)
        if _code(action.card) not in self.hands[p]:
            return _refuse("not_in_hand", p, action.card)
        if kind is LayOff:
            return self._lay_off_verdict(action)
        reason = self._discard_reason(_code(action.card), self._fitting_cards(p))
        if reason is not None:
            return _refuse(reason, p, action.card)
        return None if action.out == (len(self.hands[p]) == 1) else self.not_now(action)

    def _go_down_verdict(self, action: GoDown) -> IllegalAction | None:
        p = action.player
        if self.down[p]:
            return _refuse("down_already", p)
        offered = self._go_down_arrangement(p)
        if offered is None:
            return _refuse("no_contract", p, n=self.contract[p])
        return None if action == offered else _refuse("one_arrangement", p, n=self.contract[p])

    def _lay_off_verdict(self, action: LayOff) -> IllegalAction | None:
        p, m = action.player, action.meld
        if not self.down[p]:
            return _refuse("not_down", p)
        if len(self.hands[p]) < 2:
            return _refuse("keep_one", p)
        if not 0 <= m < len(self.table):
            return _refuse("no_meld", p, n=m + 1)
        if (m, action.owner, action.end) in self._fits(_code(action.card)):
            return None
        return _refuse("no_fit", p, action.card, n=m + 1)

    # ---- carrying out actions

    def _play(self, action: Action) -> None:
        self._legal = None
        kind = type(action)
        p = action.player
        if kind is Discard:
            self._discard(p, _code(action.card))
        elif kind is LayOff:
            self._lay_off(p, _code(action.card), action.meld, action.end)
        elif kind is DrawStock:
            self.hands[p].append(self.stock.pop())
            self.phase = PLAY
        elif kind is DrawDiscard:
            self.hands[p].append(self.pile.pop())
            self.phase = PLAY
        elif kind is GoDown:
            self._go_down(p, action.number)
        else:
            self._answer_cut_in(action)

    def _discard(self, p: int, c: int) -> None:
        hand = self.hands[p]
        hand.remove(c)
        self.pile.append(c)
        if not hand:
            self._end_hand(out=p, why="")
            return
        self.turns += 1
        if self.turns >= TURN_LIMIT:
            self._end_hand(out=-1, why="turns")
            return
        self._after_discard(p)

    def _go_down(self, p: int, number: int) -> None:
        hand = self.hands[p]
        # the legal GoDown is the arrangement of _arrange: the same call gives kinds and keys
        for kind, codes, key in _arrange(number, hand, self.options.all_wild):
            for c in codes:
                hand.remove(c)
            self.table.append((p, kind, tuple(codes), key))
        self.down[p] = self.went_down[p] = True

    def _answer_cut_in(self, action: Action) -> None:
        kind, p = type(action), action.player
        if kind is NoCutIn:
            self.queue.pop(0)
            if not self.queue:
                self._begin_draw()
        elif kind is CutIn:
            self.queue = []
            if self.down[self.turn]:
                self._cut_in(p, forced=True)
                self._begin_draw()
            else:
                self.asker = p
                self.phase = PRIORITY
        else:  # AllowCutIn
            self._cut_in(action.asker, forced=False)
            self._begin_draw()

    def _lay_off(self, p: int, c: int, m: int, end: str) -> None:
        self.hands[p].remove(c)
        owner, kind, codes, key = self.table[m]
        if kind == "set":
            self.table[m] = (owner, kind, (*codes, c), key or _NAT[c])
        elif end == "low":
            self.table[m] = (owner, kind, (c, *codes), key - 1)
        else:
            self.table[m] = (owner, kind, (*codes, c), key)

    def _after_discard(self, p: int) -> None:
        n = self.num_players
        self.discarder = p
        self.turn = d = (p + 1) % n
        self.queue = [q for q in ((d + k) % n for k in range(1, n)) if q != p and self._cut_in_eligible(q)]
        if self.queue:
            self.phase = ASK
        else:
            self._begin_draw()

    def _cut_in(self, q: int, forced: bool) -> None:
        hand = self.hands[q]
        card = self.pile.pop()
        hand.append(card)
        for _ in range(CUT_IN_EXTRA):
            hand.append(self.stock.pop())
        self.cuts[q] += 1
        self.asker = -1
        self.record(CutInTaken(q, ALL_CARDS[card], CUT_IN_EXTRA, self.cuts[q], forced))

    def _begin_draw(self) -> None:
        self.asker = -1
        self.queue = []
        if not self.stock:
            if len(self.pile) < 2:
                self._end_hand(out=-1, why="stock")
                return
            top = self.pile.pop()
            self.stock, self.pile = self.pile, [top]
            self.rng.shuffle(self.stock)
            self.record(StockRebuilt(len(self.stock)))
        self.phase = DRAW

    def _end_hand(self, out: int, why: str) -> None:
        n = self.num_players
        points = tuple(0 if p == out else sum(_POINTS[c] for c in self.hands[p]) for p in range(n))
        completed = tuple(p for p in range(n) if self.went_down[p])
        self.hand_stats.append(
            {
                "contracts": tuple(self.contract),
                "down": tuple(self.went_down),
                "cuts": tuple(self.cuts),
                "points": points,
                "out": out,
                "turns": self.turns + (out >= 0),
            }
        )
        for p in range(n):
            self.totals[p] += points[p]
        for p in completed:
            self.contract[p] += 1
        self.record(HandScored(out, why, points, tuple(self.totals), completed))
        last = self.options.last_contract
        finishers = tuple(p for p in range(n) if self.contract[p] > last)
        if finishers or self.hand_no >= MAX_HANDS:
            self.finishers = finishers
            self.phase = OVER
            self._legal = None
            self.record(GameEnded(self.result().winners, finishers))
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    # ---- results and views

    def result(self) -> Result:
        totals = tuple(self.totals)
        if self.options.lowest_of_all:
            keys = [(t,) for t in totals]
        else:
            keys = [(-self.contract[p], totals[p]) for p in range(self.num_players)]
        places = tuple(1 + sum(1 for other in keys if other < mine) for mine in keys)
        note_en = note_ru = ""
        if not self.finishers and self.is_over():
            note_en = f"Nobody completed the contracts in {MAX_HANDS} hands."
            note_ru = f"За {MAX_HANDS} раздач никто не выполнил все контракты."
        return Result(totals, places, note_en, note_ru)

    def table_melds(self) -> list[tuple[int, Meld]]:
        """The melds on the table in order: (owner, meld)."""
        out = []
        for owner, kind, codes, key in self.table:
            cards = tuple(ALL_CARDS[c] for c in codes)
            if kind == "set":
                out.append((owner, Meld("set", cards, rank=key)))
            else:
                out.append((owner, Meld("run", cards, low=key, high=key + len(codes) - 1)))
        return out

    def hand(self, player: int) -> list[Card]:
        """The player's cards, sorted."""
        return [ALL_CARDS[c] for c in sorted(self.hands[player], key=_sort_key)]

    @property
    def discard_top(self) -> Card | None:
        return ALL_CARDS[self.pile[-1]] if self.pile else None

    def view(self, player: int) -> dict:
        return {
            "player": player,
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "hand_number": self.hand_no,
            "hand": [_TEXT[c] for c in sorted(self.hands[player], key=_sort_key)],
            "hand_sizes": [len(h) for h in self.hands],
            "table": [
                {"owner": owner, "kind": kind, "cards": [_TEXT[c] for c in codes], "low": key if kind == "run" else 0}
                for owner, kind, codes, key in self.table
            ],
            "discard_top": _TEXT[self.pile[-1]] if self.pile else None,
            "discard_count": len(self.pile),
            "stock_count": len(self.stock),
            "contracts": list(self.contract),
            "down": list(self.down),
            "cut_ins": list(self.cuts),
            "totals": list(self.totals),
            "all_wild": self.options.all_wild,
        }

    def zones(self) -> dict[str, list[Card]]:
        zones = {
            "stock": [ALL_CARDS[c] for c in self.stock],
            "discard": [ALL_CARDS[c] for c in self.pile],
            "table": [ALL_CARDS[c] for meld in self.table for c in meld[2]],
        }
        for p, hand in enumerate(self.hands):
            zones[f"hand {p + 1}"] = [ALL_CARDS[c] for c in hand]
        return zones

    def visible_zones(self, player: int) -> set[str]:
        return {"discard", "table", f"hand {player + 1}"}

    def cards_used(self) -> list[Card]:
        return [ALL_CARDS[c] for c in self._pack]


#: the verdict of each phase (ASK, PRIORITY, DRAW, PLAY)
_PHASE_VERDICTS = {
    ASK: DummyRummyState._ask_verdict,
    PRIORITY: DummyRummyState._priority_verdict,
    DRAW: DummyRummyState._draw_verdict,
    PLAY: DummyRummyState._play_verdict,
}
_CUT_IN_MOVES = (CutIn, NoCutIn, AllowCutIn)


def _sort_key(c: int) -> tuple:
    nat = _NAT[c]
    return (1, c) if not nat else (0, 14 if nat == 1 else nat, c)


# ---------------------------------------------------------------- action caches (the hot path)

_DRAW_STOCK = [DrawStock(p) for p in range(4)]
_CACHE: dict[tuple, Action] = {}


def _draw_discard(p: int, c: int) -> DrawDiscard:
    key = (0, p, c)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = DrawDiscard(p, ALL_CARDS[c])
    return a


def _discard(p: int, c: int, out: bool) -> Discard:
    key = (1, p, c, out)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Discard(p, ALL_CARDS[c], out)
    return a


def _lay_off(p: int, c: int, m: int, owner: int, end: str) -> LayOff:
    key = (2, p, c, m, owner, end)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = LayOff(p, ALL_CARDS[c], m, owner, end)
    return a


# ---------------------------------------------------------------- the module protocol


def position(
    hands: Sequence[str],
    *,
    melds: Sequence[Sequence] = (),
    discard: str = "",
    stock: str | None = None,
    contracts: Sequence[int] | None = None,
    down: Sequence[int] = (),
    cut_ins_made: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    turn: int = 0,
    phase: str = "draw",
    seed: int = 0,
    **options,
) -> DummyRummyState:
    """A hand set up by hand (the book's examples, exercises, tests).

    ``hands[p]`` is player p's cards; ``melds`` are ``[owner, "cards"]`` on the
    table (a run's cards from its low end); ``down`` the seats that have gone down
    (the owners of melds are added); ``discard`` the pile from the bottom (its
    last card is on top); ``stock`` the cards to draw, the next first: by default every card not placed,
    in a seeded order; when given, exactly those, and the cards not placed lie
    under the discard pile. ``contracts[p]`` is the contract each plays,
    ``cut_ins_made[p]`` how many cut-ins each has made this hand, ``totals[p]`` the
    score so far; ``turn`` whose turn
    it is and ``phase`` "draw" or "play".

    >>> s = position(["5♥ 5♣ 5♠ 9♦ 10♦ RJ Q♣ 4♠ 7♥ 8♥ J♣ K♣ K♦", "3♠"], discard="6♦", contracts=[2, 1])
    >>> [a.label for a in s.legal_actions()]
    ['P1 draws from the stock', 'P1 takes 6♦ from the discard pile']
    """
    from rules.cards import parse_cards
    from rules.game import make_options

    args = {
        "hands": list(hands),
        "melds": [list(m) for m in melds],
        "discard": discard,
        "stock": stock,
        "contracts": list(contracts) if contracts is not None else None,
        "down": list(down),
        "cut_ins_made": list(cut_ins_made) if cut_ins_made is not None else None,
        "totals": list(totals) if totals is not None else None,
        "turn": turn,
        "phase": phase,
        "seed": seed,
        **options,
    }
    opts = make_options(Options, options)
    n = len(hands)
    state = DummyRummyState(opts, n, seed, deal=False)
    _check_seats(n, melds, contracts, down, cut_ins_made, totals)
    if not isinstance(turn, int) or not 0 <= turn < n or phase not in ("draw", "play"):
        raise OptionError(
            f"turn must be a seat 0..{n - 1} and phase 'draw' or 'play', not {turn!r}, {phase!r}",
            f"ход — номер места 0..{n - 1}, фаза — 'draw' или 'play', а не {turn!r}, {phase!r}",
        )
    pack = list(state._pack)

    def take(text: str) -> list[int]:
        codes = [_code(c) for c in parse_cards(text)]
        for c in codes:
            if c not in pack:
                raise OptionError(
                    f"{format_card(ALL_CARDS[c])} is given more times than the two packs hold",
                    f"карта {format_card(ALL_CARDS[c], 'ru')} указана больше раз, чем есть в двух колодах",
                )
            pack.remove(c)
        return codes

    state.hands = [take(h) for h in hands]
    table = []
    for owner, text in melds:
        codes = take(text)
        kind, key = _table_meld(codes, opts.all_wild)
        table.append((owner, kind, tuple(codes), key))
    pile = take(discard)
    given = take(stock) if stock is not None else None
    state.rng.shuffle(pack)
    if given is None:
        state.pile, state.stock = pile, pack
    else:
        state.pile, state.stock = [*pack, *pile], given[::-1]  # drawn from the end
    if contracts is not None:
        state.contract = list(contracts)
    state.hand_no = 1
    state._start_hand(turn)
    state.table = table
    for p in {*down, *(m[0] for m in table)}:
        state.down[p] = state.went_down[p] = True
    if cut_ins_made is not None:
        state.cuts = list(cut_ins_made)
    if totals is not None:
        state.totals = list(totals)
    state.phase = DRAW if phase == "draw" else PLAY
    state._legal = None
    return state.started_by("position", **args)


def _check_seats(n, melds, contracts, down, cut_ins_made, totals) -> None:
    """Refuse a position whose per-seat numbers do not fit the players."""

    def bad(what_en: str, what_ru: str) -> OptionError:
        return OptionError(f"the position's {what_en}", f"в позиции неверно: {what_ru}")

    def ints(values, low, high) -> bool:
        return all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values)

    numbers = count(n, "ru", ru=("число", "числа", "чисел"))
    for meld in melds:
        if len(meld) != 2 or not ints([meld[0]], 0, n - 1) or not isinstance(meld[1], str):
            raise bad("melds are [owner seat, cards]", "комбинации — [место владельца, карты]")
    if contracts is not None and (len(contracts) != n or not ints(contracts, 1, 12)):
        raise bad(f"contracts are {n} numbers from 1 to 12", f"контракты — {numbers} от 1 до 12")
    if not ints(down, 0, n - 1):
        raise bad("seats that have gone down are not seats", "номера выложивших — не места за столом")
    if cut_ins_made is not None and (len(cut_ins_made) != n or not ints(cut_ins_made, 0, CUT_IN_LIMIT)):
        raise bad(f"cut-ins made are {n} numbers from 0 to 2", f"перехваты — {numbers} от 0 до 2")
    if totals is not None and (len(totals) != n or not ints(totals, 0, 10**6)):
        raise bad(f"totals are {n} scores", f"счёт — {numbers}")


def _table_meld(codes: list[int], all_wild: bool) -> tuple[str, int]:
    """The kind and key of a meld given as cards in order (a run from its low end)."""
    reason, rank = _set_verdict(codes, all_wild)
    if reason is None:
        return "set", rank
    reason, low = _run_window(codes, all_wild)
    if reason is None:
        return "run", low
    shown = format_cards(ALL_CARDS[c] for c in codes)
    raise OptionError(f"{shown} is neither a set nor a run", f"{shown} — не набор и не последовательность")


#: the book's teaching set-ups, each a hand-set position (so every state reached from one saves and loads)
SETUPS = {
    "go_down": Setup(
        "Going down with contract 2",
        "Выкладываем контракт 2",
        lambda: position(
            ["5♥ 5♣ 5♠ 5♦ 9♦ 10♦ J♥ Q♣ A♥ A♠ 3♦ 3♣ 8♥", "3♠ 3♥ 7♦ 7♣ K♠ K♥ 6♠ 6♣ 10♠ J♠ 4♥ 4♦ 9♠"],
            stock="4♠",
            contracts=[2, 1],
            seed=1,
        ),
    ),
    "discard_restriction": Setup(
        "The discard restriction",
        "Запрет сброса",
        lambda: position(
            ["9♠ K♣ 3♥ 2♦ 6♣", "4♠ 4♦ J♥ Q♥ 8♠"],
            melds=[[1, "9♦ 9♣ 9♥"], [1, "5♥ 6♥ 7♥ 8♥"]],
            contracts=[1, 2],
            phase="play",
            seed=2,
        ),
    ),
    "cut_in": Setup(
        "A cut-in",
        "Перехват",
        lambda: position(
            [
                "5♥ 5♣ 9♦ 10♦ K♣ 7♠ 7♦ 3♣ 4♥ Q♦ J♠ 6♥ 8♣ A♣",
                "3♠ 3♥ 4♦ 8♦ 10♣ J♦ Q♠ 6♦ 9♣ A♥ 5♠ 7♥ 10♥",
                "K♠ K♥ 6♣ 7♣ 8♥ 9♥ Q♣ J♣ 4♣ 3♦ A♦ 10♠ 5♦",
            ],
            discard="6♠",
            contracts=[1, 1, 1],
            phase="play",
            seed=3,
        ),
    ),
    "going_out": Setup(
        "Laying off and going out",
        "Добавление карт и выход",
        lambda: position(
            ["J♠ 10♣ 4♦", "3♠ 3♥ K♦ RJ 8♣", "A♠ 9♥ 6♦ 6♠"],
            melds=[[0, "5♥ 5♣ 5♠"], [0, "9♦ 9♣ 9♠"], [2, "8♥ 9♥ 10♥ J♥"], [2, "Q♣ Q♦ Q♠"]],
            stock="7♠",
            contracts=[1, 1, 2],
            seed=4,
        ),
    ),
}

#: options the conformance suite also plays
VARIANTS = (
    Variant({"last_contract": 1}, players=(2, 3, 4)),
    Variant({"first_contract": 6, "last_contract": 7, "cut_ins": False}, players=(2, 4)),
    Variant({"first_contract": 11, "last_contract": 11, "all_wild": True, "lowest_of_all": True}, players=(3,)),
)


def measure(state: DummyRummyState) -> dict:
    """What the book's statistics count in a finished game (numbers only, for :func:`rules.simulate.simulate`).

    ``spent_<n>``: hands that players spent on contract n (one per player and hand);
    ``made_<n>``: how many times contract n was made, so ``spent / made`` is how many
    hands contract n takes. ``cut_hands`` / ``cut_down``: a player's hands with a
    cut-in, and how many of them ended with the player down; ``plain_hands`` /
    ``plain_down`` the same for hands without one; ``stalled``: hands that ended
    with nobody out (the turn bound, or nothing left to draw).
    """
    stats = state.hand_stats
    result = state.result()
    row = {
        "hands": len(stats),
        "winner": result.winners[0] if len(result.winners) == 1 else -1,
        "completed": int(bool(state.finishers)),
        "cut_ins": sum(sum(h["cuts"]) for h in stats),
        "low_total": min(state.totals),
        "stalled": sum(1 for h in stats if h["out"] < 0),
        "cut_hands": 0,
        "cut_down": 0,
        "plain_hands": 0,
        "plain_down": 0,
    }
    for n in CONTRACTS:
        row[f"spent_{n}"] = row[f"made_{n}"] = 0
    for h in stats:
        for contract, down, cuts in zip(h["contracts"], h["down"], h["cuts"], strict=True):
            if contract <= 12:
                row[f"spent_{contract}"] += 1
                row[f"made_{contract}"] += down
            kind = "cut" if cuts else "plain"
            row[f"{kind}_hands"] += 1
            row[f"{kind}_down"] += down
    return row


# ---------------------------------------------------------------- players


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


class HeuristicPlayer:
    """Plans toward its own contract from its view only.

    It takes the discard (or cuts in for it) when the card brings the contract
    closer, goes down as soon as it can, lays off everything it may, and
    discards the card whose loss costs the contract least (the dearest of those).
    """

    name = "heuristic"
    needs_view = True

    def __init__(self, cut_ins: bool = True):
        self.cut_ins = cut_ins

    def _wants(self, view: dict, card: Card) -> bool:
        me = view["player"]
        if view["down"][me] or view["contracts"][me] > 12:
            return False
        if is_wild(card):
            return True
        hand = [_CODE_OF[t] for t in view["hand"]]
        number, aw = view["contracts"][me], view["all_wild"]
        return _shortfall(number, [*hand, _code(card)], aw) < _shortfall(number, hand, aw)

    def choose(self, view: dict, actions: Sequence[Action], rng) -> Action:
        first = actions[0]
        kind = type(first)
        if kind is CutIn:
            return first if self.cut_ins and self._wants(view, first.card) else actions[1]
        if kind is DrawDiscard:  # the priority: take it or allow the cut-in
            return first if self._wants(view, first.card) else actions[1]
        if kind is DrawStock:
            if len(actions) > 1 and self._wants(view, actions[1].card):
                return actions[1]
            return first
        if kind is GoDown:
            return first
        for a in actions:
            if type(a) is LayOff:
                return a
        return self._discard(view, actions)

    def _discard(self, view: dict, actions: Sequence[Action]) -> Action:
        me = view["player"]
        hand = [_CODE_OF[t] for t in view["hand"]]
        number, aw = view["contracts"][me], view["all_wild"]
        planning = not view["down"][me] and number <= 12
        lost: dict[int, int] = {}  # by natural rank (0: wild): losing any card of a rank costs the same

        def cost(a: Discard) -> tuple:
            c = _code(a.card)
            if planning and _NAT[c] not in lost:
                rest = hand.copy()
                rest.remove(c)
                lost[_NAT[c]] = _shortfall(number, rest, aw)
            return (lost.get(_NAT[c], 0), _WILD[c], -_POINTS[c], c)

        return min(actions, key=cost)


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("dummy_rummy", "Dummy rummy", "Dummy rummy", 2, 4, _max_actions),
    rules=RULES,
    options=Options,
    state=DummyRummyState,
    actions=(DrawStock, DrawDiscard, GoDown, LayOff, Discard, CutIn, NoCutIn, AllowCutIn),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={"heuristic": HeuristicPlayer},
    bot="heuristic",
    measure=measure,
    view="widgets.games.dummy_rummy:DummyRummyView",
)
new_game, from_json = GAME.new_game, GAME.from_json
