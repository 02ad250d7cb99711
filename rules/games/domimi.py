"""ДоМиМи (DoMiMi), a deck-building card game by Anton Fedorov.

Every player starts with a personal deck of four cards (an ace and a two of two
suits) and, turn after turn, reveals three cards of it and uses them to take
cards from the common field: money cards (A..10) of one suit for the same sum
(collecting), a card of a rank shown twice (cross), or a picture for a large sum
(buying). Pictures score; money only buys. The rulings of the book's
clarifications are followed throughout (numbers in comments refer to them).

A turn is a sequence of decisions, each an action: the refill choice, a picture's
"reveal more", the main move, returns, the recipient (team play).

The teaching oracle :func:`turn_options` lists what a player can do with some
revealed cards and a field; the game's legal actions use the same code.

>>> [o.take for o in turn_options("A♦ 2♦ 2♠", "3♦ 3♠", stage=1)]
[(Card.parse('3♦'),)]
"""

from __future__ import annotations

import html
import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rules import svg
from rules.cards import ALL_CARDS, BLACK_JOKER, RED_JOKER, Card, Rank, Suit, card_name, format_card, parse_cards
from rules.errors import IllegalAction, OptionError, check_lang, excerpt
from rules.game import Action, Game, GameInfo, Note, Result, Setup, State, Variant, check_options, option
from rules.lang import count, pick, player_name

__all__ = [
    "GAME",
    "RULES",
    "VARIANTS",
    "Options",
    "DomimiState",
    "TurnOption",
    "OptionList",
    "turn_options",
    "full_field",
    "new_game",
    "scenario",
    "explorer_field",
    "explore",
    "worked_example",
    "option_groups",
    "draw_field",
    "measure",
    "from_json",
    "SETUPS",
    "MAX_REVEALED",
    "MAX_DECKS",
    "GreedyPlayer",
    "BuilderPlayer",
    "POINTS",
    "PRICES",
]

RULES: dict[str, tuple[str, str]] = {
    "domimi.setup": ("Set-up: decks, field and personal decks", "Подготовка: колоды, поле и личные колоды"),
    "domimi.refill": ("A turn: revealing three cards", "Ход: открыть три карты"),
    "domimi.collect": ("Collecting move", "Собирательный ход"),
    "domimi.cross": ("Cross move", "Поперечный ход"),
    "domimi.buy": ("Stage 2: buying a picture", "2 этап: взятие «картинки»"),
    "domimi.jack": ("The jack's actions", "Действия Валета"),
    "domimi.queen": ("The queen's actions", "Действия Дамы"),
    "domimi.king": ("The king's actions", "Действия Короля"),
    "domimi.joker": ("The joker's actions", "Действия Джокера"),
    "domimi.steal": ("Stealing a card", "Стащить карту"),
    "domimi.return": ("Returning unused cards", "Возврат"),
    "domimi.teams": ("Team play", "Командная игра"),
    "domimi.end": ("End of the game", "Окончание игры"),
    "domimi.score": ("Score and tie-break", "Подсчёт очков"),
    "domimi.pass": ("Doing nothing", "Не делать ничего"),
}

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


# ---------------------------------------------------------------- options


#: the most decks a table of DoMiMi needs (20 players, or 18 in three teams); more is no game
MAX_DECKS = 12
#: the most cards revealed in one turn: three, and two more by a king or a joker (rulings 4, 5)
MAX_REVEALED = 5


@dataclass(frozen=True)
class Options:
    """The source's variants.

    ``decks``: number of 54-card decks (None: the default of ruling 2);
    ``teams``: "none", "two" (red ♥♦ against black ♣♠, seats alternate),
    "three" (6 or 9 players...), "pairs" (partners sit opposite);
    ``last_breath``: play until no picture remains ("до последнего вздоха");
    ``full_round``: once the game is over, finish the round so everybody has
    played equally often; ``round_limit``: the table's agreed limit of rounds;
    ``second_optional``: a king or a joker taking money cards "allows" two
    («позволяет взять»): with this option the second card may be left.
    """

    decks: int | None = option(
        None,
        "Decks",
        "Колоды",
        choices={None: ("as the rules say", "по правилам"), **{n: (str(n), str(n)) for n in range(1, MAX_DECKS + 1)}},
        low=1,
        high=MAX_DECKS,
    )
    teams: str = option(
        "none",
        "Teams",
        "Команды",
        choices={
            "none": ("each for themselves", "каждый за себя"),
            "two": ("two teams", "две команды"),
            "three": ("three teams", "три команды"),
            "pairs": ("pairs", "пары"),
        },
    )
    last_breath: bool = option(False, "To the last breath", "До последнего вздоха")
    full_round: bool = option(False, "Finish the round", "Доиграть круг")
    round_limit: int = option(200, "Round limit", "Предел кругов", low=1, high=1000)
    second_optional: bool = option(
        False, "King, joker: second card optional", "Король, джокер: вторую карту можно не брать"
    )

    def __post_init__(self):
        check_options(self)


def team_of(players: int, teams: str) -> tuple[int, ...]:
    """Each seat's team (team play) or own index (everyone for themselves)."""
    if teams == "none":
        return tuple(range(players))
    if teams == "two":
        if players % 2 or players < 4:
            raise OptionError(
                f"two teams need an even number of players, at least 4, not {players}",
                f"для игры двумя командами нужно чётное число участников, не меньше 4, а не {players}",
                rule="domimi.teams",
            )
        return tuple(p % 2 for p in range(players))
    if teams == "three":
        if players % 3 or players < 6:
            raise OptionError(
                f"three teams need 6, 9 (a multiple of 3) players, not {players}",
                f"тремя командами играют вшестером, вдевятером (число, кратное 3), а не {players}",
                rule="domimi.teams",
            )
        return tuple(p % 3 for p in range(players))
    if players % 2 or not 4 <= players <= 12:
        raise OptionError(
            f"play in pairs needs an even number of players from 4 to 12, not {players}",
            f"для игры парами нужно чётное число участников от 4 до 12, а не {players}",
            rule="domimi.teams",
        )
    half = players // 2
    return tuple(p % half for p in range(players))


def _assign_pairs(players: int, decks: int) -> list[tuple[Suit, Suit]] | None:
    """Ruling 3: pairs in the source's order, cycling, skipping over-used suits."""
    used = Counter()
    pairs = []
    i = 0
    for _ in range(players):
        for _ in range(len(SUIT_PAIRS)):
            a, b = SUIT_PAIRS[i % len(SUIT_PAIRS)]
            i += 1
            if used[a] < decks and used[b] < decks:
                used[a] += 1
                used[b] += 1
                pairs.append((a, b))
                break
        else:
            return None
    return pairs


def _team_pairs(players: int, teams: str) -> list[tuple[Suit, Suit]]:
    team = team_of(players, teams)
    if teams == "two":
        return [RED_PAIR if t == 0 else BLACK_PAIR for t in team]
    return [SUIT_PAIRS[t] for t in team]


def setup_plan(players: int, decks: int | None = None, teams: str = "none") -> tuple[int, list[tuple[Suit, Suit]]]:
    """Ruling 2 and 3: the number of decks and each seat's suit pair.

    >>> setup_plan(2)
    (1, [(Suit.HEARTS, Suit.CLUBS), (Suit.DIAMONDS, Suit.SPADES)])
    """
    base = math.ceil(players / 2)
    if teams != "none":
        pairs = _team_pairs(players, teams)
        use = Counter(s for pair in pairs for s in pair)
        need = max(base, max(use.values()))
        chosen = need if decks is None else decks
    else:
        need = base
        while _assign_pairs(players, need) is None:
            need += 1
        chosen = need if decks is None else decks
        pairs = _assign_pairs(players, chosen) if chosen >= need else None
    if chosen < need:
        raise OptionError(
            f"{players} players need at least {need} decks (one per two players, and enough aces and twos "
            f"for everyone's starting suits), not {chosen}",
            f"{players} участникам нужно не меньше {need} колод (одна на двоих и хватит тузов и двоек "
            f"начальных мастей на всех), а не {chosen}",
            rule="domimi.setup",
        )
    return chosen, pairs


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
        what = "collecting move" if lang == "en" else "собирательный ход"
        return f"{'; '.join(parts)}: {what}"
    if kind == "cross":
        if lang == "en":
            return (
                f"{_fmt(pay, lang, ' = ')} → {_fmt(take, lang)}: cross move (cards of one rank take one of that rank)"
            )
        return (
            f"{_fmt(pay, lang, ' = ')} → {_fmt(take, lang)}: поперечный ход (карты одного достоинства берут такую же)"
        )
    picture = take[0]
    total = sum(_value(c) for c in pay)
    price = _price(picture)
    if lang == "en":
        return f"{_fmt(pay, lang)} = {total} ≥ {price}: buys {format_card(picture, lang)} ({card_name(picture)} costs {price})"
    return (
        f"{_fmt(pay, lang)} = {total} ≥ {price}: покупка {format_card(picture, lang)} "
        f"({card_name(picture, 'ru')} стоит {price})"
    )


def _partitions(total: int, counts: Sequence[int], banned: frozenset, base: int = 0) -> list[tuple[int, ...]]:
    """Every multiset of ranks 1..10 (at most counts[r] of rank r, none in ``banned``) summing
    to ``total``, as descending tuples of ``base + rank``: a walk over ranks with counts, never
    over field subsets. Sub-answers (the ways to make n with ranks up to r) are shared."""
    avail = [0 if r in banned else counts[r] for r in range(11)]
    reach = [0] * 11
    for r in range(1, 11):
        reach[r] = reach[r - 1] + r * avail[r]
    memo: dict = {}

    def ways(r: int, n: int) -> list[tuple[int, ...]]:
        if n == 0:
            return [()]
        while r and (not avail[r] or r > n):
            r -= 1
        if r == 0 or reach[r] < n:
            return []
        found = memo.get((r, n))
        if found is None:
            found = []
            for k in range(min(avail[r], n // r), -1, -1):
                head = (base + r,) * k
                found += [head + tail for tail in ways(r - 1, n - k * r)]
            memo[(r, n)] = found
        return found

    return ways(10, total)


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


_CHOICES: dict = {}
_PARTS: dict = {}
_PAYS: dict = {}


def _pay_subsets(si: int, ranks: tuple[int, ...]) -> list:
    """For each distinct sub-multiset of a suit's revealed ranks: (ranks, codes, sum, banned ranks)."""
    key = (si, ranks)
    found = _PAYS.get(key)
    if found is None:
        base = si * 13 - 1
        found = _PAYS[key] = [
            (
                pay,
                tuple(base + r for r in reversed(pay)),
                sum(pay),
                frozenset(pay),
            )  # ruling 6: never the identical card
            for pay in _submultisets(ranks)
        ]
    return found


_ZEROS = [(0,) * (10 - k) for k in range(11)]


def _collect_choices(si: int, ranks: tuple[int, ...], counts: tuple[int, ...]) -> list[tuple[tuple, tuple]]:
    """(pay codes, take codes) of one suit: each sub-multiset of the suit's revealed money, each exact sum."""
    key = (si, ranks, counts)
    found = _CHOICES.get(key)
    if found is not None:
        return found
    base = si * 13 - 1
    choices = []
    for _pay, pay_codes, total, banned in _pay_subsets(si, ranks):
        # only the field's cards up to the paying sum matter: a smaller key is found more often
        top = min(total, 10)
        pkey = (si, total, banned, counts[: top + 1])
        takes = _PARTS.get(pkey)
        if takes is None:
            takes = _PARTS[pkey] = _partitions(total, counts, banned, base)
        choices.extend([(pay_codes, take) for take in takes])
    if len(_CHOICES) > 50_000:
        _CHOICES.clear()
        _PARTS.clear()
    _CHOICES[key] = choices
    return choices


def _suit_choices(usable: Sequence[int], money: Sequence[Sequence[int]], skip=()) -> list[list]:
    """Collecting (ruling 6), suit by suit: for each suit with revealed money, its (pay, take) choices."""
    by_suit: dict[int, list[int]] = {}
    for c in reversed(usable):
        if _MONEY[c] and c // 13 not in skip:
            by_suit.setdefault(c // 13, []).append(c % 13 + 1)
    per_suit = []
    for si in sorted(by_suit):
        ranks = by_suit[si]
        top = min(sum(ranks), 10)  # a field card above the paying sum can never be taken
        row = money[si]
        choices = _collect_choices(si, tuple(ranks), tuple(row[: top + 1]) + _ZEROS[top])
        if choices:
            per_suit.append(choices)
    return per_suit


_MOVES: dict = {}


def _collect_moves(p: int, usable: Sequence[int], money: Sequence[Sequence[int]], skip=()) -> list:
    """The game's collecting actions for player ``p``, one suit at a time (cached: Moves are values)."""
    out: list = []
    for choices in _suit_choices(usable, money, skip):
        key = (p, id(choices))
        found = _MOVES.get(key)
        if found is None or found[0] is not choices:
            if len(_MOVES) > 50_000:
                _MOVES.clear()
            found = _MOVES[key] = (choices, [_move(p, "collect", pay, take) for pay, take in choices])
        out += found[1]
    return out


def _option_codes(
    usable: list[int], money: Sequence[Sequence[int]], pics: dict[int, int], returns: bool | None, collect=True
) -> list:
    """The oracle over codes: (kind, pay, take, returnable) tuples, grouped by kind.

    ``usable``: sorted codes of the revealed cards that may be used; ``money[suit][rank]``
    and ``pics[code]``: the field; ``returns``: stage 2 (unused cards may go back);
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
    # cross (ruling 7): two cards of one rank take one field card of that rank
    by_rank: dict[int, list[int]] = {}
    if len({_RANKK[c] for c in usable}) < len(usable):
        for c in usable:
            by_rank.setdefault(_RANKK[c], []).append(c)
    for key in sorted(by_rank):
        group = by_rank[key]
        if len(group) < 2:
            continue
        if key == 0:
            targets = [c for c in (52, 53) if pics.get(c)]
        elif key > 10:
            targets = [si * 13 + key - 1 for si in range(4) if pics.get(si * 13 + key - 1)]
        else:
            targets = [si * 13 + key - 1 for si in range(4) if money[si][key]]
        if not targets:
            continue
        for pay in sorted(set(itertools.combinations(group, 2))):
            for t in targets:
                out.append(("cross", pay, (t,), returnable(pay, not _MONEY[t])))
    # buying (ruling 8): inclusion-minimal paying sets of money cards
    money_cards = [c for c in usable if _MONEY[c]]
    total = sum(c % 13 + 1 for c in money_cards)
    if total >= 15 and pics:
        subsets = []
        seen = set()
        for n in range(1, len(money_cards) + 1):
            for sub in itertools.combinations(money_cards, n):
                if sub not in seen:
                    seen.add(sub)
                    subsets.append((sub, sum(c % 13 + 1 for c in sub), [c // 13 for c in sub]))
        for picture in sorted(pics, key=lambda c: (_PRICE_C[c], c)):
            price = _PRICE_C[picture]
            if total < price:
                continue
            suit = _SUITI[picture]
            for sub, s, suits in subsets:
                if s < price or (suit >= 0 and suit not in suits):
                    continue
                # minimal: dropping any one card breaks the purchase
                if all(
                    s - c % 13 - 1 < price or (suit >= 0 and c // 13 == suit and suits.count(suit) == 1) for c in sub
                ):
                    out.append(("buy", sub, (picture,), returnable(sub, True)))
    return out


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


def _counts(codes: Iterable[int]):
    money = [[0] * 11 for _ in range(4)]
    pics: dict[int, int] = {}
    for c in codes:
        if _MONEY[c]:
            money[c // 13][c % 13 + 1] += 1
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


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class DomimiAction(Action):
    """A DoMiMi decision: the sentence names the player, then says what they do (:meth:`says`)."""

    def explain(self, lang: str = "en") -> str:
        return f"{player_name(self.player, lang)}: {self.says(lang)}"

    def says(self, lang: str = "en") -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Refill(DomimiAction):
    """Ruling 4: with one or two cards left, reveal them first or mix them into the discard pile."""

    mode: str = "reveal"
    RULE = "domimi.refill"

    @property
    def label(self) -> str:
        return f"refill: {self.mode}"

    def says(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            if self.mode == "reveal":
                return "reveals the last cards of the personal deck, then shuffles the discard pile and reveals up to three"
            return "mixes the last cards unseen into the discard pile, shuffles and reveals three"
        if self.mode == "reveal":
            return "открывает оставшиеся карты личной колоды, тасует сброс и добирает до трёх"
        return "не глядя смешивает оставшиеся карты со сбросом, тасует и открывает три"


_PIC_RULE = {Rank.JACK: "domimi.jack", Rank.QUEEN: "domimi.queen", Rank.KING: "domimi.king", None: "domimi.joker"}


def _pic_rule(c: Card) -> str:
    """The rule of a picture's actions (the general turn rule for anything else)."""
    if not isinstance(c, Card):
        return "domimi.refill"
    return _PIC_RULE.get(None if c.joker is not None else c.rank, "domimi.refill")


@dataclass(frozen=True)
class RevealMore(DomimiAction):
    """A jack reveals one more card, a king or a joker two (ruling 5)."""

    picture: Card = None
    count: int = 1

    @property
    def rule(self) -> str:
        return _pic_rule(self.picture)

    @property
    def label(self) -> str:
        return f"{self.picture}: reveal {self.count}"

    def says(self, lang: str = "en") -> str:
        pic = format_card(self.picture, lang)
        if check_lang(lang) == "en":
            return f"{pic} is played to reveal {self.count} more card{'s' if self.count > 1 else ''}"
        return f"{pic} разыгран: открыть ещё {self.count} карт{'у' if self.count == 1 else 'ы'}"


@dataclass(frozen=True)
class Move(DomimiAction):
    """A main move from :func:`turn_options`: collect, cross or buy."""

    kind: str = "collect"
    pay: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()

    @property
    def rule(self) -> str:
        return "domimi." + self.kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move plays: those paid, then those taken (typed notation names them)."""
        return self.pay + self.take

    @property
    def label(self) -> str:
        if self.kind == "buy":
            return f"buy {self.take[0]} with {_fmt(self.pay, 'en')}"
        return f"{self.kind} {_fmt(self.pay, 'en')} -> {_fmt(self.take, 'en')}"

    def says(self, lang: str = "en") -> str:
        return _explain_move(self.kind, self.pay, self.take, lang)


def _move(p: int, kind: str, pay: tuple[int, ...], take: tuple[int, ...]) -> Move:
    """A Move from codes, built without the dataclass's checks (hot path)."""
    m = object.__new__(Move)
    m.__dict__.update(player=p, kind=kind, pay=_ct(pay), take=_ct(take))
    return m


@dataclass(frozen=True)
class EndCollect(DomimiAction):
    """Stop collecting: the collecting move may go on in another suit, or end here."""

    RULE = "domimi.collect"

    @property
    def label(self) -> str:
        return "stop collecting"

    def says(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return "collects in no other suit"
        return "больше не собирает по другим мастям"


@dataclass(frozen=True)
class PictureTake(DomimiAction):
    """A picture takes a money card (jack, queen) or the first of two (king, joker)."""

    picture: Card = None
    card: Card = None
    second: bool = False

    @property
    def rule(self) -> str:
        return _pic_rule(self.picture)

    @property
    def label(self) -> str:
        return f"{self.picture}: take {'second ' if self.second else ''}{self.card}"

    def says(self, lang: str = "en") -> str:
        pic, card = format_card(self.picture, lang), format_card(self.card, lang)
        key = None if self.picture.joker is not None else self.picture.rank
        if check_lang(lang) == "en":
            why = {
                Rank.JACK: "a money card of a suit among the revealed cards",
                Rank.QUEEN: "a money card of a suit absent from the revealed cards",
                Rank.KING: "money cards of suits among the revealed cards",
                None: "two money cards of any suits",
            }[key]
            return f"{pic} takes {'its second card, ' if self.second else ''}{card} ({why})"
        why = {
            Rank.JACK: "«денежную» карту масти, которая есть среди выпавших",
            Rank.QUEEN: "«денежную» карту масти, которой нет среди выпавших",
            Rank.KING: "две «денежные» карты мастей, которые есть среди выпавших",
            None: "две «денежные» карты любых мастей",
        }[key]
        return f"{pic} берёт {'вторую карту, ' if self.second else ''}{card} ({why})"


@dataclass(frozen=True)
class KeepOne(DomimiAction):
    """Option ``second_optional``: a king or a joker that took one money card takes no second."""

    picture: Card = None

    @property
    def rule(self) -> str:
        return _pic_rule(self.picture)

    @property
    def label(self) -> str:
        return f"{self.picture}: no second card"

    def says(self, lang: str = "en") -> str:
        pic = format_card(self.picture, lang)
        return pick(lang, f"{pic} takes no second card", f"{pic} не берёт вторую карту")


@dataclass(frozen=True)
class Steal(DomimiAction):
    """A queen or a joker steals the top card of a neighbour's personal deck (ruling 10)."""

    picture: Card = None
    victim: int = 0
    RULE = "domimi.steal"

    @property
    def label(self) -> str:
        return f"{self.picture}: steal from P{self.victim + 1}"

    def says(self, lang: str = "en") -> str:
        pic, victim = format_card(self.picture, lang), self.victim + 1
        return pick(
            lang,
            f"{pic} steals the top card of player {victim}'s personal deck into their own discard pile",
            f"{pic} стаскивает себе в сброс верхнюю карту личной колоды игрока {victim}",
        )


@dataclass(frozen=True)
class Pass(DomimiAction):
    """No main move this turn (a return may follow in stage 2)."""

    RULE = "domimi.pass"

    @property
    def label(self) -> str:
        return "pass"

    def says(self, lang: str = "en") -> str:
        return "makes no move" if check_lang(lang) == "en" else "не делает хода"


@dataclass(frozen=True)
class ReturnCard(DomimiAction):
    """Stage 2: an unused revealed card goes back to the field (ruling 11)."""

    card: Card = None
    RULE = "domimi.return"

    @property
    def label(self) -> str:
        return f"return {self.card}"

    def says(self, lang: str = "en") -> str:
        card = format_card(self.card, lang)
        if check_lang(lang) == "en":
            return f"returns {card} to the field (it was not used this turn)"
        return f"возвращает {card} на поле (карта не использовалась в этот ход)"


@dataclass(frozen=True)
class EndTurn(DomimiAction):
    """Stop returning: the cards kept go to the discard pile."""

    RULE = "domimi.return"

    @property
    def label(self) -> str:
        return "end turn"

    def says(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            return "returns nothing more and puts the cards on the discard pile"
        return "больше ничего не возвращает и кладёт карты в сброс"


@dataclass(frozen=True)
class GiveTo(DomimiAction):
    """Team play: all cards taken from the field go to one player's discard (ruling 12)."""

    recipient: int = 0
    RULE = "domimi.teams"

    @property
    def label(self) -> str:
        return "keep" if self.recipient == self.player else f"give to P{self.recipient + 1}"

    def says(self, lang: str = "en") -> str:
        if check_lang(lang) == "en":
            if self.recipient == self.player:
                return "keeps the cards taken"
            return f"gives the cards taken to teammate {player_name(self.recipient, lang)}"
        if self.recipient == self.player:
            return "оставляет взятые карты себе"
        return f"отдаёт взятые карты товарищу: {player_name(self.recipient, lang)}"


# ---------------------------------------------------------------- what follows from the decisions


@dataclass(frozen=True)
class Revealed(Note):
    """The cards a player reveals: at the start of a turn, after a refill, or by a jack, king or joker."""

    player: int
    cards: tuple[Card, ...]
    RULE: ClassVar[str] = "domimi.refill"

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang)
        if not self.cards:
            return pick(lang, f"{who} has no card left to reveal", f"{who}: открывать больше нечего")
        shown = " ".join(format_card(c, lang) for c in self.cards)
        return pick(lang, f"{who} reveals {shown}", f"{who} открывает {shown}")


@dataclass(frozen=True)
class GameOver(Note):
    """The end of the game and its score (ruling 14); ``limit``: the round limit that stopped it, if any."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    limit: int | bool = False
    RULE: ClassVar[str] = "domimi.score"

    def explain(self, lang: str = "en") -> str:
        scores = ", ".join(
            f"{player_name(p, lang)} {count(s, lang, ('point', 'points'), ('очко', 'очка', 'очков'))}"
            for p, s in enumerate(self.scores)
        )
        winners = ", ".join(player_name(p, lang) for p in self.winners)
        text = pick(
            lang, f"game over: {scores}; first place: {winners}", f"игра окончена: {scores}; первое место: {winners}"
        )
        if self.limit:
            text += pick(
                lang, f" (stopped by the round limit, {self.limit})", f" (остановлена по пределу кругов, {self.limit})"
            )
        return text


# ---------------------------------------------------------------- the state

REFILL, MAIN, COLLECT, SECOND, RETURN, GIVE, OVER = "refill", "main", "collect", "second", "return", "give", "over"


def _max_actions(state: DomimiState) -> int:
    return (state.options.round_limit + 1) * state.num_players * 16


class DomimiState(State):
    """One game of DoMiMi. Cards inside are codes (``Card.index``); actions and views use cards."""

    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        self.team = team_of(players, options.teams)
        self.decks, self.pairs = setup_plan(players, options.decks, options.teams)
        field = Counter(c.index for c in full_field(self.decks))
        self.draw: list[list[int]] = []
        self.discard: list[list[int]] = [[] for _ in range(players)]
        for a, b in self.pairs:
            mine = [_SUIT_IDX[s] * 13 + r for s in (a, b) for r in (0, 1)]  # the ace and the two of each suit
            for c in mine:
                field[c] -= 1
            self.rng.shuffle(mine)
            self.draw.append(mine)
        self.money, self.pics = _counts(field.elements())
        self.stage = 1
        self.first = self.rng.randrange(players)  # ruling 3: the first player is drawn by lot
        self.turn = self.first
        self.turns_played = 0
        self.steals: list[list[int]] = [[] for _ in range(players)]
        self.ended_by_limit = False
        self.end_met = False
        self._over = False
        self._begin_turn()

    # ---- field bookkeeping

    def _field_add(self, c: int) -> None:
        if _MONEY[c]:
            self.money[c // 13][c % 13 + 1] += 1
        else:
            self.pics[c] = self.pics.get(c, 0) + 1

    def _field_take(self, c: int) -> None:
        if _MONEY[c]:
            self.money[c // 13][c % 13 + 1] -= 1
        else:
            n = self.pics[c] - 1
            if n:
                self.pics[c] = n
            else:
                del self.pics[c]
            self.stage = 2  # ruling 8: the first picture taken starts stage 2

    def _field_codes(self) -> list[int]:
        out = []
        for si in range(4):
            row = self.money[si]
            for r in range(1, 11):
                if row[r]:
                    out += [si * 13 + r - 1] * row[r]
        for c in sorted(self.pics):
            out += [c] * self.pics[c]
        return sorted(out)

    def field_cards(self) -> list[Card]:
        """The field, sorted by suit (♠♣♥♦) and rank, jokers last."""
        return [_ALL[c] for c in self._field_codes()]

    # ---- turn flow

    def _begin_turn(self) -> None:
        p = self.turn
        self.revealed: list[int] = []
        self.spent: int | None = None  # the picture played this turn
        self.locked: list[int] = []  # revealed cards used (never returnable)
        self.needed_suits: set[int] = set()
        self.taken: list[int] = []
        self.returned: list[int] = []
        self.second_for: int | None = None
        self.collected: set[int] = set()  # suits of this turn's collecting move
        self.may_return = False
        self._ret: list[int] = []  # the cards that may be returned now (phase RETURN)
        self._cache = None
        draw = self.draw[p]
        # ruling 4: a choice only with one or two cards left and enough cards in the discard
        if len(draw) >= 3 or not draw or len(draw) + len(self.discard[p]) <= 3:
            self._reveal(3)
            self.phase = MAIN
        else:
            self.phase = REFILL

    def _reveal(self, n: int, since: int | None = None) -> None:
        """Reveal ``n`` more cards (the discard pile reshuffled when the personal deck runs out) and tell
        the story of the cards revealed since index ``since`` of this turn's (default: these)."""
        p = self.turn
        draw = self.draw[p]
        start = len(self.revealed) if since is None else since
        for _ in range(n):
            if not draw:
                if not self.discard[p]:
                    break
                draw.extend(self.discard[p])
                self.discard[p].clear()
                self.rng.shuffle(draw)
            self.revealed.append(draw.pop())
        self.record(Revealed(p, _ct(tuple(self.revealed[start:]))))

    def _usable(self) -> list[int]:
        rest = sorted(self.revealed)
        if self.spent is not None:
            rest.remove(self.spent)
        return rest

    def _after_main(self, took_picture: bool = False) -> None:
        """After the main move: returns (stage 2), then the recipient, then the end of the turn."""
        self.may_return = self.stage == 2 or took_picture
        if self.may_return:
            self._ret = self._returnable()
        if self.may_return and self._ret:
            self.phase = RETURN
        else:
            self._to_give()

    def _to_give(self) -> None:
        if self.taken and self.options.teams != "none":
            self.phase = GIVE
        else:
            self._end_turn(self.turn)

    def _kept(self) -> list[int]:
        """The cards revealed this turn and not returned."""
        kept = list(self.revealed)
        for c in self.returned:
            kept.remove(c)
        return kept

    def _returnable(self) -> list[int]:
        kept = self._kept()
        free = list(kept)
        for c in self.locked:
            free.remove(c)
        out = []
        for c in sorted(set(free)):
            si = _SUITI[c]
            if si in self.needed_suits and sum(1 for k in kept if _SUITI[k] == si) <= 1:
                continue  # it gives the suit of a card a picture took
            out.append(c)
        return out

    def _end_turn(self, recipient: int) -> None:
        p = self.turn
        self.discard[p].extend(self._kept())
        self.discard[recipient].extend(self.taken)
        self.revealed, self.taken, self.returned, self.locked = [], [], [], []
        self.spent = None
        self.turns_played += 1
        if not self.end_met and self._end_condition():
            self.end_met = True
        n = self.num_players
        if self.end_met and (not self.options.full_round or self.turns_played % n == 0):
            self._finish()
        elif self.turns_played >= self.options.round_limit * n:
            self.ended_by_limit = True
            self._finish()
        else:
            self.turn = (p + 1) % n
            self._begin_turn()

    def field_pictures(self) -> tuple[int, int]:
        """(jacks, queens and kings on the field; jokers on the field)."""
        jokers = self.pics.get(52, 0) + self.pics.get(53, 0)
        return sum(self.pics.values()) - jokers, jokers

    def _end_condition(self) -> bool:
        jqk, jokers = self.field_pictures()
        if self.options.last_breath:
            return jqk + jokers == 0
        return jqk == 0 or jokers == 0

    def _finish(self) -> None:
        self._over = True
        self.phase = OVER
        self._cache = None
        result = self.result()
        self.record(GameOver(tuple(result.scores), result.winners, self.ended_by_limit and self.options.round_limit))

    # ---- the protocol

    @property
    def current_player(self):
        return None if self._over else self.turn

    def is_over(self) -> bool:
        return self._over

    def legal_actions(self) -> list[Action]:
        if self._cache is None:
            self._cache = self._legal()
        return list(self._cache)

    def _legal(self) -> list[Action]:
        p = self.turn
        phase = self.phase
        if phase == MAIN:
            return self._main_actions()
        if phase == RETURN:
            return [*(ReturnCard(p, _ALL[c]) for c in self._ret), EndTurn(p)]
        if phase == COLLECT:
            return [*_collect_moves(p, self._usable(), self.money, self.collected), EndCollect(p)]
        if phase == SECOND:
            pic = _ALL[self.second_for]
            takes: list[Action] = [PictureTake(p, pic, _ALL[c], True) for c in self._take_targets(self.second_for)]
            return [*takes, KeepOne(p, pic)] if self.options.second_optional else takes
        if phase == REFILL:
            return [Refill(p, "reveal"), Refill(p, "mix")]
        if phase == GIVE:
            return [GiveTo(p, q) for q in range(self.num_players) if self.team[q] == self.team[p]]
        return []

    def _main_actions(self) -> list[Action]:
        p = self.turn
        acts: list[Action] = []
        usable = self._usable()
        if self.spent is None:
            owns_more = bool(self.draw[p] or self.discard[p])
            for c in sorted({c for c in usable if not _MONEY[c]}):
                pic = _ALL[c]
                rank = _RANKK[c]
                if rank != 12 and owns_more:
                    acts.append(RevealMore(p, pic, 1 if rank == 11 else 2))
                acts.extend(PictureTake(p, pic, _ALL[t]) for t in self._take_targets(c))
                if rank in (0, 12):
                    acts.extend(Steal(p, pic, v) for v in self._victims())
        acts += _collect_moves(p, usable, self.money)
        for kind, pay, take, _ in _option_codes(usable, self.money, self.pics, None, collect=False):
            acts.append(_move(p, kind, pay, take))
        acts.append(Pass(p))
        return acts

    def _present_suits(self) -> set[int]:
        return {_SUITI[c] for c in self.revealed if c < 52}

    def _take_targets(self, pic: int) -> list[int]:
        rank = _RANKK[pic]
        if rank == 0:
            suits = range(4)
        elif rank == 12:
            present = self._present_suits()
            suits = [si for si in range(4) if si not in present]
        else:
            suits = sorted(self._present_suits())
        return [si * 13 + r - 1 for si in suits for r in range(10, 0, -1) if self.money[si][r]]

    def _victims(self) -> list[int]:
        p, n = self.turn, self.num_players
        if n == 2:
            cands = [1 - p]
        else:
            cands = sorted({(p + 1) % n, (p - 1) % n})
            last = self.steals[p][-2:]
            cands = [v for v in cands if not (len(last) == 2 and last[0] == last[1] == v)]
        return [v for v in cands if self.draw[v]]

    def _play(self, action: Action) -> None:
        self._cache = None
        _CARRY_OUT[type(action)](self, action)

    def _play_move(self, action: Move) -> None:
        took_picture = False
        for card in action.take:
            c = _code(card)
            took_picture = took_picture or not _MONEY[c]
            self._field_take(c)
            self.taken.append(c)
        self.locked.extend(_code(c) for c in action.pay)
        if action.kind == "collect":
            self.collected.add(_SUITI[self.locked[-1]])
            if _suit_choices(self._usable(), self.money, self.collected):
                self.phase = COLLECT
                return
        self._after_main(took_picture)

    def _return_card(self, action: ReturnCard) -> None:
        c = _code(action.card)
        self.returned.append(c)
        self._field_add(c)
        self._ret = self._returnable()
        if not self._ret:
            self._to_give()

    def _picture_take(self, action: PictureTake) -> None:
        c, pic = _code(action.card), _code(action.picture)
        self._field_take(c)
        self.taken.append(c)
        if not action.second:
            self._spend(pic)
        rank = _RANKK[pic]
        if rank in (11, 13) and _SUITI[c] != _SUITI[pic]:
            self.needed_suits.add(_SUITI[c])
        if rank in (0, 13) and not action.second and self._take_targets(pic):
            self.second_for = pic
            self.phase = SECOND
        else:
            self.second_for = None
            self._after_main()

    def _spend(self, pic: int) -> None:
        """The picture played this turn acts once and stays revealed."""
        self.spent = pic
        self.locked.append(pic)

    def _keep_one(self, action: KeepOne) -> None:
        self.second_for = None
        self._after_main()

    def _reveal_more(self, action: RevealMore) -> None:
        self._spend(_code(action.picture))
        self._reveal(action.count)

    def _steal(self, action: Steal) -> None:
        self._spend(_code(action.picture))
        self.discard[self.turn].append(self.draw[action.victim].pop())
        self.steals[self.turn].append(action.victim)
        self._after_main()

    def _refill(self, action: Refill) -> None:
        p = self.turn
        draw = self.draw[p]
        if action.mode == "reveal":
            self.revealed.extend(reversed(draw))
            draw.clear()
            self._reveal(3 - len(self.revealed), since=0)
        else:
            self.discard[p].extend(draw)
            draw.clear()
            self._reveal(3)
        self.phase = MAIN

    def verdict(self, action: Action) -> IllegalAction | None:
        """Whether an action may be played, the move generator says (it is the rules' one
        statement: the oracle of :func:`_option_codes` and the phases above); the checks
        here find the words of a refusal."""
        if action.player != self.turn:
            return self.refuse_turn(action, rule="domimi.refill")
        picture = getattr(action, "picture", None)
        if isinstance(action, RevealMore | PictureTake | Steal | KeepOne) and (
            not _is_picture(picture) or picture not in self.revealed_cards()
        ):
            shown = excerpt(picture)
            return IllegalAction(
                f"{shown} is not a picture revealed this turn: only a revealed jack, queen, king or joker acts",
                f"{shown} — не «картинка», открытая в этот ход: действуют только открытые валет, дама, король, джокер",
                rule="domimi.refill",
            )
        if action in self.legal_actions():
            return None
        if isinstance(action, Move) and self.phase in (MAIN, COLLECT):
            err = explain_refusal(
                action.kind, action.pay, action.take, self.usable_cards(), self.field_cards(), stage=self.stage
            )
            if err is not None:
                return err
        return IllegalAction(
            f"not allowed now ({self._phase_text('en')}): {action.explain('en')}",
            f"сейчас нельзя ({self._phase_text('ru')}): {action.explain('ru')}",
            rule=action.rule or "domimi.refill",
        )

    def _phase_text(self, lang: str) -> str:
        en = {
            REFILL: "choose how to refill: reveal the last cards or mix them into the discard pile",
            MAIN: "choose one main move",
            COLLECT: "collect in another suit or stop",
            SECOND: "take the picture's second card",
            RETURN: "return unused cards or end the turn",
            GIVE: "choose who gets the cards taken",
        }
        ru = {
            REFILL: "выберите, как добрать карты: открыть оставшиеся или смешать их со сбросом",
            MAIN: "выберите один ход",
            COLLECT: "соберите по другой масти или остановитесь",
            SECOND: "возьмите вторую карту картинкой",
            RETURN: "верните неиспользованные карты или закончите ход",
            GIVE: "выберите, кому отдать взятые карты",
        }
        return (en if lang == "en" else ru)[self.phase]

    # ---- what the widgets and the book ask

    def revealed_cards(self) -> list[Card]:
        """The cards revealed this turn and not returned (the played picture included)."""
        return [_ALL[c] for c in self._kept()]

    def usable_cards(self) -> list[Card]:
        """The revealed cards that may still pay (the played picture is spent)."""
        return [_ALL[c] for c in self._usable()]

    def move(self, kind: str, pay, take) -> Move:
        """The legal Move with these cards (notation accepted), or IllegalAction saying why not."""
        pay_t, take_t = tuple(_cards(pay)), tuple(_cards(take))
        suits = {c.suit for c in pay_t + take_t}
        if kind == "collect" and len(suits) > 1 and not self._over:
            raise IllegalAction(
                "in a game a collecting move over several suits is made one suit at a time: "
                "collect in one suit, then choose the next",
                "в партии собирательный ход по нескольким мастям делается по одной масти: "
                "соберите по одной, затем выберите следующую",
                rule="domimi.collect",
            )
        if self.phase in (MAIN, COLLECT) and not self._over:
            for a in self.legal_actions():
                if (
                    isinstance(a, Move)
                    and a.kind == kind
                    and Counter(a.pay) == Counter(pay_t)
                    and Counter(a.take) == Counter(take_t)
                ):
                    return a
        return_err = self.why_illegal(Move(self.turn, kind, pay_t, take_t))
        raise return_err

    # ---- scores

    def owned(self, p: int) -> list[Card]:
        """Every card player ``p`` owns: personal deck, discard pile and (on their turn) the revealed cards."""
        codes = self.draw[p] + self.discard[p]
        if p == self.turn and not self._over:
            codes = codes + self._kept()
        return [_ALL[c] for c in codes]

    def points(self, p: int) -> int:
        """Ruling 14: J 2, Q 3, K 4, joker 7 over all of a player's cards."""
        codes = self.draw[p] + self.discard[p]
        if p == self.turn and not self._over:
            codes = codes + self._kept()
        return sum(_POINTS_C[c] for c in codes)

    def result(self) -> Result:
        n = self.num_players
        teams = sorted(set(self.team))
        score = {t: sum(self.points(p) for p in range(n) if self.team[p] == t) for t in teams}
        low = {}
        for t in teams:
            money = [c.rank for p in range(n) if self.team[p] == t for c in self.owned(p) if _is_money(c)]
            low[t] = min(money) if money else 99
        key = {t: (score[t], -low[t]) for t in teams}  # ruling 14: the lower lowest money card wins a tie
        places = tuple(1 + sum(1 for u in teams if key[u] > key[self.team[p]]) for p in range(n))
        note_en = note_ru = ""
        if self.ended_by_limit:
            note_en = f"Stopped by the round limit ({count(self.options.round_limit, 'en', ('round', 'rounds'))})."
            note_ru = f"Игра остановлена по пределу кругов ({self.options.round_limit})."
        return Result(tuple(score[self.team[p]] for p in range(n)), places, note_en, note_ru)

    # ---- views and zones

    def view(self, player: int) -> dict:
        kept = self._kept()
        return {
            "player": player,
            "turn": self.current_player,
            "phase": self.phase,
            "stage": self.stage,
            "decks": self.decks,
            "team": list(self.team),
            "field": [str(_ALL[c]) for c in self._field_codes()],
            "revealed": [str(_ALL[c]) for c in kept],
            "spent": kept.index(self.spent) if self.spent is not None else None,
            "returned": len(self.returned),
            "taken": [str(_ALL[c]) for c in self.taken],
            "draw_sizes": [len(d) for d in self.draw],
            "discard_sizes": [len(d) for d in self.discard],
            "discard": [str(_ALL[c]) for c in self.discard[player]],
            "turns_played": self.turns_played,
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {"field": self.field_cards(), "revealed": self.revealed_cards(), "taken": [_ALL[c] for c in self.taken]}
        for p in range(self.num_players):
            z[f"draw{p}"] = [_ALL[c] for c in self.draw[p]]
            z[f"discard{p}"] = [_ALL[c] for c in self.discard[p]]
        return z

    def visible_zones(self, player: int) -> set[str]:
        return {"field", "revealed", "taken", f"discard{player}"}

    def cards_used(self) -> list[Card]:
        return full_field(self.decks)


#: how each kind of action is carried out
_CARRY_OUT = {
    Move: DomimiState._play_move,
    ReturnCard: DomimiState._return_card,
    EndTurn: lambda state, action: state._to_give(),
    EndCollect: lambda state, action: state._after_main(),
    PictureTake: DomimiState._picture_take,
    GiveTo: lambda state, action: state._end_turn(action.recipient),
    KeepOne: DomimiState._keep_one,
    Pass: lambda state, action: state._after_main(),
    RevealMore: DomimiState._reveal_more,
    Steal: DomimiState._steal,
    Refill: DomimiState._refill,
}


def _is_option(kind: str, pay: list[Card], take: list[Card], field: list[Card]) -> bool:
    """The move generator's own answer: is ``kind`` paying ``pay`` and taking ``take`` one of
    the options of these paying cards on this field? (An option of some revealed cards
    uses only its paying cards, so asking about them alone is the same question.)"""
    codes = sorted(c.index for c in pay)
    wanted = sorted(c.index for c in take)
    money, pics = _counts(c.index for c in field)
    if kind == "collect":
        if not all(_MONEY[c] for c in codes + wanted):
            return False
        made = {
            (pay_codes, tuple(sorted(take_codes))) for ch in _suit_choices(codes, money) for pay_codes, take_codes in ch
        }
        suits = {_SUITI[c] for c in codes + wanted}
        return all(
            (tuple(c for c in codes if _SUITI[c] == si), tuple(c for c in wanted if _SUITI[c] == si)) in made
            for si in suits
        )
    return any(
        k == kind and list(p) == codes and sorted(t) == wanted
        for k, p, t, _ in _option_codes(codes, money, pics, None, collect=False)
    )


def explain_refusal(kind: str, pay, take, revealed, field, *, stage: int) -> IllegalAction | None:
    """Why a typed collect/cross/buy is not an option (None if it is one).

    Whether it is one, the move generator says (:func:`_is_option`); the checks after
    it only find the words for a refusal.
    """
    pay, take, revealed, field = _cards(pay), _cards(take), _cards(revealed), _cards(field)
    rule = f"domimi.{kind}" if kind in _REFUSAL_WORDS else "domimi.refill"
    missing = Counter(pay) - Counter(revealed)
    if missing:
        m = list(missing)
        return IllegalAction(
            f"{_fmt(m, 'en')} is not among the revealed cards", f"{_fmt(m, 'ru')} нет среди открытых карт", rule=rule
        )
    absent = Counter(take) - Counter(field)
    if absent:
        m = list(absent)
        return IllegalAction(f"{_fmt(m, 'en')} is not on the field", f"{_fmt(m, 'ru')} нет на поле", rule=rule)
    if not pay or not take:
        return IllegalAction(
            "a move needs revealed cards to pay and field cards to take",
            "для хода нужны открытые карты, которыми платят, и карты поля, которые берут",
            rule=rule,
        )
    if kind not in _REFUSAL_WORDS:
        return IllegalAction(
            f"unknown kind of move {kind!r:.20}: collect, cross or buy",
            f"неизвестный ход {kind!r:.20}: collect, cross или buy",
            rule="domimi.refill",
        )
    if _is_option(kind, pay, take, field):
        return None
    error = _REFUSAL_WORDS[kind](pay, take, rule, stage)
    if error is not None:
        return error
    return IllegalAction(
        f"{_fmt(pay, 'en')} -> {_fmt(take, 'en')} is not a {kind} option here",
        f"{_fmt(pay, 'ru')} -> {_fmt(take, 'ru')}: такого хода здесь нет",
        rule=rule,
    )


def _collect_words(pay: list[Card], take: list[Card], rule: str, stage: int) -> IllegalAction | None:
    """Why paying ``pay`` does not collect ``take`` (ruling 6)."""
    if any(not _is_money(c) for c in pay + take):
        return IllegalAction(
            "pictures neither pay nor are taken in a collecting move",
            "«картинки» не участвуют в собирательном ходе",
            rule=rule,
        )
    for s in _SUITS:
        ps = [c for c in pay if c.suit is s]
        ts = [c for c in take if c.suit is s]
        if sum(c.rank for c in ps) != sum(c.rank for c in ts):
            return IllegalAction(
                f"the sums of {s} differ: {_fmt(pay, 'en')} and {_fmt(take, 'en')}; a collecting move needs "
                f"exactly the same sum in each suit",
                f"суммы по масти {s} не равны: {_fmt(pay, 'ru')} и {_fmt(take, 'ru')}; собирательный ход требует "
                f"точно ту же сумму в каждой масти",
                rule=rule,
            )
        same = set(ps) & set(ts)
        if same:
            c = next(iter(same))
            return IllegalAction(
                f"{c} cannot take an identical {c}: a collecting move never takes the very same card",
                f"{format_card(c, 'ru')} не может взять такую же карту {format_card(c, 'ru')}: при собирательном ходе "
                f"взять за карту точно такую же нельзя",
                rule=rule,
            )
    return None


def _cross_words(pay: list[Card], take: list[Card], rule: str, stage: int) -> IllegalAction | None:
    """Why ``pay`` does not take ``take`` across (ruling 7)."""
    keys = {_rank_key(c) for c in pay + take}
    if len(pay) < 2 or len(take) != 1 or len(keys) != 1:
        return IllegalAction(
            "a cross move needs two or more revealed cards of one rank and takes one card of that rank",
            "поперечный ход: две (или больше) выпавшие карты одного достоинства берут одну карту того же достоинства",
            rule=rule,
        )
    return None


def _buy_words(pay: list[Card], take: list[Card], rule: str, stage: int) -> IllegalAction | None:
    """Why ``pay`` does not buy ``take`` (ruling 8)."""
    money = [c for c in pay if _is_money(c)]
    if len(take) != 1 or not _is_picture(take[0]) or len(money) != len(pay):
        return IllegalAction(
            "buying takes one picture paid with money cards (A to 10)",
            "«картинку» берут одну, платя «денежными» картами (от туза до десятки)",
            rule=rule,
        )
    pic = take[0]
    total, price = sum(c.rank for c in money), _price(pic)
    p_en, p_ru = _fmt(pay, "en"), _fmt(pay, "ru")
    if total < price:
        return IllegalAction(
            f"{p_en} = {total} is less than {price}, the price of {card_name(pic)}",
            f"{p_ru} = {total}, а {card_name(pic, 'ru')} стоит {price}",
            rule=rule,
        )
    if pic.suit is not None and pic.suit not in {c.suit for c in money}:
        return IllegalAction(
            f"{pic} has a suit none of {p_en} has: a picture is bought in a suit of the paying cards",
            f"у {p_ru} нет масти {pic.suit}: «картинку» берут той масти, что есть на выпавших картах",
            rule=rule,
        )
    minimal = turn_options(pay, take, stage=stage)
    if not any(o.kind == "buy" and Counter(o.pay) == Counter(pay) for o in minimal):
        return IllegalAction(
            f"{p_en} pays more than needed: leave out the cards not needed, they may be returned",
            f"{p_ru}: лишние карты в оплате; ненужные карты можно вернуть",
            rule=rule,
        )
    return None


#: the words of a refusal of each kind of main move
_REFUSAL_WORDS = {"collect": _collect_words, "cross": _cross_words, "buy": _buy_words}


# ---------------------------------------------------------------- game construction


def scenario(
    revealed,
    field=None,
    *,
    players: int = 2,
    decks: int = 1,
    stage: int | None = None,
    draw=(),
    discard=(),
    teams: str = "none",
    turn: int = 0,
    seed: int = 0,
) -> DomimiState:
    """A position for teaching and tests: player ``turn`` has just revealed ``revealed``.

    ``field`` is the field (default: every card of the decks not placed elsewhere);
    ``draw`` the player's personal deck, top card first; ``discard`` their discard pile. The
    cards left over go to the other players' personal decks. ``stage`` defaults to 2 when
    the player owns a picture, else 1. Cards are Card values or
    notation text. Like a dealt game, a scenario saves, loads and undoes.

    >>> s = scenario("T♦ 2♦ 2♠", "3♦ 3♠ 10♦")
    >>> [a.label for a in s.legal_actions()]
    ['collect A♦+2♦ -> 3♦', 'pass']
    """
    state = new_game(players=players, seed=seed, decks=decks, teams=teams)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < players:
        raise OptionError(
            f"the player to move must be a seat from 0 to {players - 1}, not {turn!r:.20}",
            f"ходить должен игрок с номером места от 0 до {players - 1}, а не {turn!r:.20}",
            rule="domimi.setup",
        )
    if stage not in (None, 1, 2):
        raise OptionError(f"stage must be 1 or 2, not {stage!r:.20}", f"этап — 1 или 2, а не {stage!r:.20}")
    pool = Counter(c.index for c in full_field(decks))

    def take(cards, where_en, where_ru):
        codes = [c.index for c in _cards(cards)]
        pool.subtract(codes)
        short = [c for c, k in pool.items() if k < 0]
        if short:
            raise OptionError(
                f"{where_en}: {_decks_hold(decks)} too few {_fmt([_ALL[c] for c in short], 'en', ' ')}",
                f"{where_ru}: {_in_decks(decks)} не хватает {_fmt([_ALL[c] for c in short], 'ru', ' ')}",
                rule="domimi.setup",
            )
        return codes

    rev = take(revealed, "revealed cards", "открытые карты")
    mine = take(draw, "personal deck", "личная колода")
    disc = take(discard, "discard pile", "сброс")
    if field is None:
        field_codes, rest = list(pool.elements()), []
    else:
        field_codes = take(field, "field", "поле")
        rest = list(pool.elements())
        state.rng.shuffle(rest)
    others = [q for q in range(players) if q != turn]
    state.draw = [[] for _ in range(players)]
    state.discard = [[] for _ in range(players)]
    for i, c in enumerate(rest):
        state.draw[others[i % len(others)]].append(c)
    state.draw[turn] = list(reversed(mine))
    state.discard[turn] = list(disc)
    state.money, state.pics = _counts(field_codes)
    if stage is None:
        stage = 2 if any(not _MONEY[c] for c in rev + mine + disc) else 1
    state.stage = stage
    state.first = state.turn = turn
    state._begin_turn()
    state.draw[turn] = list(reversed(mine))
    state.discard[turn] = list(disc)
    state.revealed = rev
    state.phase = MAIN
    state._cache = None
    state._story = [Revealed(turn, _ct(tuple(rev)))]  # the story starts with this turn
    return state.started_by(
        "scenario",
        revealed=_notation(revealed),
        field=None if field is None else _notation(field),
        players=players,
        decks=decks,
        stage=stage,
        draw=_notation(draw),
        discard=_notation(discard),
        teams=teams,
        turn=turn,
        seed=seed,
    )


def _notation(cards) -> str:
    return " ".join(str(c) for c in _cards(cards))


#: the chapter's teaching positions (the source's worked examples), each a turn about to be played
SETUPS = {
    # collecting: A♦+2♦ take 3♦
    "collect": Setup(
        "Collecting: A♦+2♦ take 3♦",
        "Собирательный ход: Т♦+2♦ берут 3♦",
        lambda: scenario("A♦ 2♦ 2♠", "3♦ 3♠ 10♦ J♠ RJ"),
    ),
    # the queen takes a money card of a suit absent from the revealed cards
    "queen": Setup(
        "The queen takes an absent suit", "Дама берёт отсутствующую масть", lambda: scenario("Q♣ 8♦ 5♥", stage=1)
    ),
    # the king reveals 8♥ 9♣ and 7+8+8+9 = 32 buys a joker
    "king_reveals": Setup(
        "The king reveals two more", "Король открывает ещё две", lambda: scenario("K♣ 7♠ 8♣", draw="8♥ 9♣")
    ),
    # 4♥ 10♠ 10♣ buy a queen of hearts, spades or clubs; the rest may go back
    "buy_queen": Setup("Buying a queen", "Покупка дамы", lambda: scenario("4♥ 10♠ 10♣", stage=2)),
    # two tens take a ten of any suit (two decks)
    "cross": Setup(
        "Cross move: two tens", "Поперечный ход: две десятки", lambda: scenario("10♦ 10♣ 3♣", decks=2, stage=1)
    ),
    # stage 2 on a small field: a jack, a joker and two money cards
    "small_field": Setup(
        "Stage 2 on a small field", "2 этап на маленьком поле", lambda: scenario("J♥ 2♠ 3♠", "J♠ RJ 3♦ 4♦", stage=2)
    ),
}


# The conformance suite plays random games; random players rarely finish DoMiMi (they
# return pictures to the field), so every variant carries a short round limit.
VARIANTS = (
    Variant({"round_limit": 6}),
    Variant({"round_limit": 5, "decks": 3}, players=(2, 3)),
    Variant({"round_limit": 4, "teams": "two"}, players=(4, 6)),
    Variant({"round_limit": 3, "teams": "three"}, players=(6,)),
    Variant({"round_limit": 4, "teams": "pairs"}, players=(4, 6)),
    Variant({"round_limit": 5, "last_breath": True, "full_round": True}, players=(3,)),
)


# ---------------------------------------------------------------- helpers for the views


def explorer_field(decks: int, revealed=()) -> list[Card]:
    """A full field of ``decks`` decks without the revealed cards (the player holds them).

    >>> len(explorer_field(1, "A♦ 2♦ 2♠"))
    51
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise OptionError(
            f"decks must be 1 to {MAX_DECKS}, not {decks!r:.20}",
            f"колод должно быть от 1 до {MAX_DECKS}, а не {decks!r:.20}",
        )
    field = Counter(full_field(decks))
    cards = _cards(revealed)
    field.subtract(cards)
    short = [c for c, k in field.items() if k < 0]
    if short:
        raise OptionError(
            f"{_decks_hold(decks)} fewer {_fmt(short, 'en', ' ')} than revealed",
            f"{_in_decks(decks)} меньше карт {_fmt(short, 'ru', ' ')}, чем открыто",
            rule="domimi.setup",
        )
    return sorted(field.elements(), key=_sort_key)


def option_groups(options: OptionList, lang: str = "en", limit: int = 100) -> list[tuple[str, list[TurnOption]]]:
    """Options grouped for reading: collecting by suit, then over several suits, cross by
    rank, buying by picture. Each group is (title, options); the title says how many
    options the group has, and only its first ``limit`` options are made (the rest may
    be hundreds of thousands)."""
    check_lang(lang)
    groups: list[tuple[str, list[TurnOption]]] = []
    counts = options.suit_counts
    for i, n in enumerate(counts):
        opts = options.suit_group(i, limit)
        suit = opts[0].pay[0].suit
        title = pick(lang, f"collect in {suit.name_in('en')}", f"собирательный ход: {suit.name_in('ru')}")
        groups.append((f"{title} ({n})", opts))
    several = options.count("collect") - sum(counts)
    if several:
        title = pick(lang, "collect in several suits at once", "собирательный ход по нескольким мастям")
        groups.append((f"{title} ({several})", options.several_suits(limit)))
    for kind, key in (("cross", lambda o: _rank_key(o.take[0])), ("buy", lambda o: o.take[0].index)):
        seen: dict = {}
        for o in options.others:
            if o.kind == kind:
                seen.setdefault(key(o), []).append(o)
        for opts in seen.values():
            card = opts[0].take[0]
            if kind == "cross":
                name = "jokers" if card.joker else card.rank.name_in("en") + "s"
                title = pick(lang, f"cross: {name}", f"поперечный ход: {_rank_word_ru(card)}")
            else:
                title = pick(lang, f"buy {format_card(card, 'en')}", f"взять {format_card(card, 'ru')}")
            groups.append((f"{title} ({len(opts)})", opts[:limit]))
    return groups


@dataclass(frozen=True)
class Exploration:
    """What the purchase explorer shows: the revealed cards, the field, the options and their groups."""

    revealed: tuple[Card, ...]
    field: tuple[Card, ...]
    options: OptionList
    groups: list[tuple[str, list[TurnOption]]]


def _read(text, what_en: str, what_ru: str, most: int) -> list[Card]:
    """Cards typed by a reader: the text's length is checked before it is read."""
    if not isinstance(text, str):
        raise OptionError(f"{what_en}: expected text", f"{what_ru}: ожидался текст")
    if len(text) > 8 * most + 16:
        raise OptionError(
            f"{what_en}: the text is too long ({len(text):,} characters) for at most {most} cards",
            f"{what_ru}: текст слишком длинный ({len(text):,} символов) для не больше чем {most} карт",
            rule="domimi.setup",
        )
    return list(parse_cards(text))


def explore(
    revealed: str, extra: str = "", *, decks: int = 1, stage: int = 2, field: str | None = None, lang: str = "en"
) -> Exploration:
    """The purchase explorer's answer for typed cards, bounded at the door by what the rules
    allow: at most :data:`MAX_REVEALED` revealed cards, ``decks`` from 1 to :data:`MAX_DECKS`,
    a field (``None``: every card of the decks not revealed) that the decks can hold.

    >>> e = explore("4♥ 10♠ 10♣")
    >>> len(e.field), e.options.count("buy")
    (51, 6)
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise OptionError(
            f"decks must be 1 to {MAX_DECKS}, not {decks!r:.20}",
            f"колод должно быть от 1 до {MAX_DECKS}, а не {decks!r:.20}",
        )
    cards = _read(revealed, "revealed cards", "открытые карты", MAX_REVEALED)
    cards += _read(extra, "cards revealed more", "открытые дополнительно", MAX_REVEALED)
    if len(cards) > MAX_REVEALED:
        raise _too_many_revealed(len(cards))
    cards_field = explorer_field(decks, cards)
    if field is not None:
        typed = _read(field, "field", "поле", decks * len(ALL_CARDS))
        extra_cards = Counter(typed) - Counter(cards_field)
        if extra_cards:
            shown = list(extra_cards)[:6]
            raise OptionError(
                f"{_decks_hold(decks)} no more {_fmt(shown, 'en', ' ')} for the field (the revealed cards are not on it)",
                f"{_in_decks(decks)} больше нет {_fmt(shown, 'ru', ' ')} для поля (открытых карт на поле нет)",
                rule="domimi.setup",
            )
        cards_field = sorted(typed, key=_sort_key)
    options = turn_options(cards, cards_field, stage=stage)
    return Exploration(tuple(cards), tuple(cards_field), options, option_groups(options, lang))


def worked_example(revealed: str, take: str, *, kind: str, decks: int = 1, stage: int = 2) -> TurnOption | None:
    """The option of ``kind`` that takes exactly ``take`` with these revealed cards on a full
    field (the source's worked examples), or None if the rules allow no such option.

    >>> worked_example("T♦ 2♦ 2♠", "3♦", kind="collect", stage=1).explain()  # an option: no player yet
    'A♦+2♦ = 3 = 3♦: collecting move'
    """
    wanted = Counter(parse_cards(take))
    found = explore(revealed, decks=decks, stage=stage)
    return next((o for o in found.options if o.kind == kind and Counter(o.take) == wanted), None)


def _too_many_revealed(n: int) -> OptionError:
    return OptionError(
        f"{n} revealed cards: a turn reveals at most {MAX_REVEALED} (three, and two more by a king or a joker)",
        f"открытых карт {n}: за ход открывают не больше {MAX_REVEALED} (три и ещё две королём или джокером)",
        rule="domimi.refill",
    )


_SUIT_ROWS = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)


def draw_field(field: list[Card], *, lang: str = "en", take=(), width: float = 30) -> str:
    """The field as a "battery": money cards as the body (a row per suit, A to 10), pictures as the cap.

    Each distinct card is drawn once with its count; the cards of ``take`` are highlighted.
    """
    counts, taken = Counter(field), Counter(take)
    cells, marks = {}, {}
    places = [((r, col), Card(Rank(col + 1), suit)) for r, suit in enumerate(_SUIT_ROWS) for col in range(13)]
    places += [((4, 0), RED_JOKER), ((4, 1), BLACK_JOKER)]
    for cell, card in places:
        if counts[card]:
            cells[cell] = card
        if taken[card]:
            marks[cell] = "take"
    picture = svg.grid(
        cells,
        5,
        13,
        lang=lang,
        highlight=marks,
        width=width,
        row_labels=[s.symbol for s in _SUIT_ROWS] + ["★"],
        col_labels=[Rank(r).symbol(lang) for r in range(1, 14)],
        title=pick(lang, f"field: {count(len(field), 'en')}", f"поле: {count(len(field), 'ru')}"),
    )
    multi = [f"{format_card(c, lang)}×{k}" for c, k in sorted(counts.items(), key=lambda x: x[0].index) if k > 1]
    note = f"<div class='domimi-counts'><small>{html.escape(' '.join(multi))}</small></div>" if multi else ""
    return f"<div class='domimi-battery'>{picture}{note}</div>"


def _rank_word_ru(card: Card) -> str:
    return "джокеры" if card.joker else card.rank.symbol("ru")


def measure(state: DomimiState) -> dict:
    """What the statistics page counts in one finished game (see :func:`rules.simulate.simulate`)."""
    result = state.result()
    buys = [a for a in state.history if type(a) is Move and a.kind == "buy"]
    return {
        "rounds": state.turns_played / state.num_players,
        "first": state.first,
        "limit": state.ended_by_limit,
        "buys": len(buys),
        "joker_buys": sum(1 for a in buys if a.take[0].joker is not None),
        "scores": result.scores,
        "places": result.places,
    }


# ---------------------------------------------------------------- bots


def _card_value(c: Card) -> float:
    """How much a bot likes owning a card: pictures by points, money by rank."""
    if _is_picture(c):
        return 10.0 * _points(c)
    return c.rank / 10.0


class GreedyPlayer:
    """Takes the most valuable cards now: pictures first, then the biggest money."""

    name = "greedy"
    needs_view = False

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        return max(actions, key=lambda a: (self.score(a), -actions.index(a)))

    def score(self, a: Action) -> float:
        if isinstance(a, Move):
            return sum(_card_value(c) for c in a.take) + 0.01 * len(a.take)
        if isinstance(a, PictureTake):
            return _card_value(a.card)
        if isinstance(a, Steal):
            return 0.5
        if isinstance(a, RevealMore):
            return 0.3
        if isinstance(a, ReturnCard):
            return -1.0
        return 0.0


class BuilderPlayer:
    """A deck-builder: keeps its deck thin and strong.

    Buys the dearest picture it can, reveals more with a jack or king when it
    has not yet bought, prefers taking big money cards in stage 1 and returns
    small money cards (A to 4) in stage 2.
    """

    name = "builder"
    needs_view = True

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        stage = view.get("stage", 1)
        return max(actions, key=lambda a: (self.score(a, stage), -actions.index(a)))

    def score(self, a: Action, stage: int) -> float:
        if isinstance(a, Move):
            gain = sum(10.0 * _points(c) if _is_picture(c) else (c.rank / 10.0) ** 2 for c in a.take)
            return gain + 0.05 * len(a.take) - (0.0 if a.kind == "buy" else 0.01 * len(a.pay))
        if isinstance(a, PictureTake):
            return (a.card.rank / 10.0) ** 2
        if isinstance(a, RevealMore):
            return 1.2 if a.count == 2 else 0.6
        if isinstance(a, Steal):
            return 0.7
        if isinstance(a, ReturnCard):
            return 1.0 if _is_money(a.card) and a.card.rank <= 4 else -1.0
        if isinstance(a, Refill):
            return 0.1 if a.mode == "reveal" else 0.0
        return 0.0


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("domimi", "DoMiMi", "ДоМиМи", 2, 20, _max_actions),
    rules=RULES,
    options=Options,
    state=DomimiState,
    actions=(Refill, RevealMore, Move, EndCollect, PictureTake, KeepOne, Steal, Pass, ReturnCard, EndTurn, GiveTo),
    factories={"scenario": scenario},
    setups=SETUPS,
    variants=VARIANTS,
    players={"greedy": GreedyPlayer, "builder": BuilderPlayer},
    bot="builder",  # the strongest of the bots
    measure=measure,
    view="widgets.games.domimi:DomimiGame",
)
new_game, from_json = GAME.new_game, GAME.from_json
