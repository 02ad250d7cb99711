"""The minefield: 54 cells, each a main card and an amplifier card; the cards with a role; the
options that fix a teaching layout and the order of the bag."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, NotationError, deck, parse_card
from rules.errors import OptionError
from rules.game import check_options

CELLS = 54
ROWS, COLS = 6, 9
#: A bound on the number of moves of one game. The mine can in principle be hit
#: forever; with k unopened cells it is hit with probability 1/k, so a game lasts
#: about 58.5 moves on average and more than 1000 moves essentially never.
MAX_ACTIONS = 1000

# ---------------------------------------------------------------- the cards, as Card.index
# ♠ 0..12, ♣ 13..25, ♥ 26..38, ♦ 39..51 (ace..king), red joker 52, black joker 53.
MINE = 11  # Q♠
CURSE = 0  # A♠
EXTRA_MINE = 12  # K♠
MISFORTUNE = 13  # A♣
DOCTOR_EVIL = 25  # K♣
SHIELD = 26  # A♥
IMMUNITY = 38  # K♥
LUCK = 39  # A♦
RED_JOKER, BLACK_JOKER = 52, 53
HAREM = (24, 37, 50, 51)  # Q♣ Q♥ Q♦ K♦
QUEENS = (24, 37, 50)

#: rank number used for counting quads, per card index (0 = not counted)
_QUAD_RANK = [0] * 54
for _i in range(52):
    _r = _i % 13 + 1
    if 2 <= _r <= 11 or (_r == 12 and _i != MINE):
        _QUAD_RANK[_i] = _r


# ---------------------------------------------------------------- options: a teaching layout


def _card_text(value: Any, where_en: str, where_ru: str) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, str):
        try:
            return str(parse_card(value))
        except NotationError as err:
            raise OptionError(f"{where_en}: {err.message('en')}", f"{where_ru}: {err.message('ru')}") from None
    raise OptionError(f"{where_en}: {value!r} is not a card", f"{where_ru}: {value!r} — не карта")


@dataclass(frozen=True)
class Options:
    """Minefield has no variants: the source plays one way.

    A teaching set-up may fix the cells and the order of the bag (see
    :func:`scenario`): ``layout``, the 54 (main card, amplifier card) pairs of
    cells 1..54 (see :func:`make_layout`), the main cards one full 54-card pack
    and the amplifiers another; ``barrels``, the order in which barrels leave the
    bag (distinct numbers 1..54; if fewer than 54 are given, the others follow in
    a seeded random order). ``None``: shuffled with the seed. A barrel put back
    into the bag (the mine's) goes to the end of that order.
    """

    layout: tuple[tuple[str, str], ...] | None = None
    barrels: tuple[int, ...] | None = None

    def __post_init__(self):
        if self.layout is not None:
            object.__setattr__(self, "layout", _check_layout(self.layout))
        if self.barrels is not None:
            object.__setattr__(self, "barrels", _check_barrels(self.barrels))
        check_options(self)


def _check_layout(layout) -> tuple[tuple[str, str], ...]:
    """``layout`` as 54 pairs of card texts, or an OptionError naming the cell and the card.
    A layout given as tuples is checked once: replaying a teaching set-up (an exercise replays
    its game once per cell) gives the same layout again and again."""
    if isinstance(layout, tuple):
        try:
            hash(layout)
        except TypeError:  # a tuple holding lists: checked as any sequence
            pass
        else:
            return _checked_layout(layout)
    return _read_layout(layout)


def _read_layout(layout) -> tuple[tuple[str, str], ...]:
    if isinstance(layout, str | bytes) or not isinstance(layout, Sequence) or len(layout) != CELLS:
        n = len(layout) if isinstance(layout, Sequence) else "no"
        raise OptionError(
            f"layout must be 54 (main card, amplifier card) pairs, one per cell, got {n}",
            f"раскладка — это 54 пары (основная карта, усиливающая карта), по одной на ячейку, а дано {n}",
        )
    cells = []
    for n, pair in enumerate(layout, start=1):
        if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise OptionError(
                f"cell {n} of the layout must be a (main card, amplifier card) pair, not {pair!r}",
                f"ячейка {n} раскладки должна быть парой (основная, усиливающая), а не {pair!r}",
            )
        cells.append(
            (
                _card_text(pair[0], f"cell {n}, main card", f"ячейка {n}, основная карта"),
                _card_text(pair[1], f"cell {n}, amplifier card", f"ячейка {n}, усиливающая карта"),
            )
        )
    full = Counter(str(c) for c in deck(54))
    for k, (en, ru) in enumerate((("main", "основные"), ("amplifier", "усиливающие"))):
        got = Counter(pair[k] for pair in cells)
        if got != full:
            twice = sorted(c for c, m in got.items() if m > 1)
            missing = sorted(c for c in full if c not in got)
            raise OptionError(
                f"the {en} cards of the layout must be one full 54-card pack: "
                f"twice {' '.join(twice) or '-'}, missing {' '.join(missing) or '-'}",
                f"{ru} карты раскладки должны составлять одну полную колоду из 54 карт: "
                f"дважды {' '.join(twice) or '-'}, не хватает {' '.join(missing) or '-'}",
            )
    return tuple(cells)


_checked_layout = functools.lru_cache(maxsize=64)(_read_layout)


def _check_barrels(barrels) -> tuple[int, ...]:
    if isinstance(barrels, str | bytes) or not isinstance(barrels, Sequence):
        raise OptionError(
            f"barrels must be a list of barrel numbers 1..54, not {barrels!r}",
            f"бочонки — это список номеров от 1 до 54, а не {barrels!r}",
        )
    seen = set()
    for b in barrels:
        if isinstance(b, bool) or not isinstance(b, int) or not 1 <= b <= CELLS:
            raise OptionError(
                f"there is no barrel {b!r}: barrels are numbered 1 to 54",
                f"бочонка {b!r} нет: бочонки пронумерованы от 1 до 54",
            )
        if b in seen:
            raise OptionError(
                f"barrel {b} is listed twice: the bag holds one barrel of each number",
                f"бочонок {b} указан дважды: в мешке по одному бочонку каждого номера",
            )
        seen.add(b)
    return tuple(barrels)


def make_layout(cells: Mapping[int, tuple[Any, Any]] | None = None, seed: int = 0) -> tuple[tuple[str, str], ...]:
    """A full layout with the given cells fixed (cell number -> (main, amplifier)).

    The remaining main cards and amplifier cards are dealt to the other cells in a
    random order fixed by ``seed``.

    >>> layout = make_layout({1: ("A♥", "A♥")})
    >>> layout[0], len(layout)
    (('A♥', 'A♥'), 54)
    """
    cells = dict(cells or {})
    fixed = {}
    for n, pair in cells.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= CELLS:
            raise OptionError(f"there is no cell {n!r}: cells are 1 to 54", f"ячейки {n!r} нет: ячейки от 1 до 54")
        fixed[n] = (
            _card_text(pair[0], f"cell {n}, main card", f"ячейка {n}, основная карта"),
            _card_text(pair[1], f"cell {n}, amplifier card", f"ячейка {n}, усиливающая карта"),
        )
    rng = random.Random(seed)
    rest = []
    for k in (0, 1):
        left = Counter(str(c) for c in deck(54))
        left.subtract(pair[k] for pair in fixed.values())
        if any(v < 0 for v in left.values()):
            twice = sorted(c for c, v in left.items() if v < 0)
            one = len(twice) == 1
            raise OptionError(
                f"{'card' if one else 'cards'} {' '.join(twice)} placed twice among the "
                f"{'main' if k == 0 else 'amplifier'} cards",
                f"{'карта' if one else 'карты'} {' '.join(twice)} дважды среди "
                f"{'основных' if k == 0 else 'усиливающих'} карт",
            )
        cards = [c for c in (str(x) for x in deck(54)) if left[c] > 0]
        rng.shuffle(cards)
        rest.append(cards)
    free = [n for n in range(1, CELLS + 1) if n not in fixed]
    for i, n in enumerate(free):
        fixed[n] = (rest[0][i], rest[1][i])
    return tuple(fixed[n] for n in range(1, CELLS + 1))
