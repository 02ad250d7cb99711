"""СКИП-6 Домино (SKIP-6 Domino) by Igor Katanugin: a team placement game.

Two teams of one, two or three players sit side by side (A1 A2 B1 B2, clockwise).
In turn each player lays one card on the table: the first card of a trick goes
anywhere; every later card must touch the card laid last, like a domino: to the
left (same suit, one rank lower), to the right (same suit, one rank higher), above
or below (same rank, another suit). The table is a grid with one row per suit and
one column per rank (ace high). A player who cannot place passes; when every member
of one team has passed on the same last card, the team that laid it takes the whole
table as a trick. The game ends when the team that has just won a trick has no
cards left; the team with more cards in its bank wins.

The placement oracle is :class:`Table`:

>>> from rules.cards import parse_card as c
>>> t = Table(deck_size=36)
>>> t.play(c("Q♠"), "first"); t.play(c("Q♣"), "down"); t.play(c("J♣"), "left")
>>> sorted(t.options(c("J♠"))), sorted(t.options(c("J♥")))
(['up'], ['down'])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rules import svg
from rules.cards import Card, Rank, Suit, deck, format_card, parse_cards
from rules.coach import Coach, Coaching
from rules.errors import IllegalAction, OptionError
from rules.game import (
    Action,
    Game,
    GameInfo,
    Note,
    RandomPlayer,
    Result,
    Setup,
    State,
    Variant,
    check_options,
    option,
    playout,
)
from rules.lang import Bi, count, pick

__all__ = [
    "GAME",
    "RULES",
    "VARIANTS",
    "WHERE",
    "Options",
    "Table",
    "Layout",
    "Place",
    "Pass",
    "Trick",
    "DominoState",
    "HeuristicPlayer",
    "guess_state",
    "known_voids",
    "unseen_answers",
    "new_game",
    "position",
    "from_json",
    "seat_name",
    "team_name",
    "draw_table",
    "measure",
    "SETUPS",
    "GameOver",
]

#: rule id -> (English title, Russian title); each id is an anchor of the chapter.
RULES: dict[str, tuple[str, str]] = {
    "domino.deal": ("Teams, seats and the deal", "Команды, места и раздача"),
    "domino.place": ("Placing a card next to the last one", "Как выкладывать карту рядом с предыдущей"),
    "domino.rows": ("One line per suit", "Одна линия для каждой масти"),
    "domino.pass": ("Turn order, forced play and passing", "Очерёдность, обязательный ход и пас"),
    "domino.trick": ("The trick and the next lead", "Взятка и следующий ход"),
    "domino.end": ("The end of the game", "Конец партии"),
    "domino.score": ("The score", "Подсчёт"),
    "domino.duel": ("One against one", "Один на один"),
}

#: the words of :meth:`Table.options`, in a stable order
WHERE: tuple[str, ...] = ("first", "left", "right", "up", "down")

_PLACES = frozenset(WHERE)
_WHERE_RU = {"first": "первой картой", "left": "слева", "right": "справа", "up": "сверху", "down": "снизу"}

#: ranks of each deck size in column order (ace high)
_COLUMNS: dict[int, tuple[Rank, ...]] = {
    36: (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    52: (*tuple(Rank(r) for r in range(2, 14)), Rank.ACE),
}
# column of a rank, indexed by the rank's number (-1: not in this deck)
_COL_OF: dict[int, list[int]] = {n: [-1] * 14 for n in _COLUMNS}
for _n, _ranks in _COLUMNS.items():
    for _i, _r in enumerate(_ranks):
        _COL_OF[_n][_r] = _i

_GEN_RU = {Suit.SPADES: "пик", Suit.CLUBS: "треф", Suit.HEARTS: "червей", Suit.DIAMONDS: "бубен"}
_RANK_PLURAL_EN = {
    1: "aces",
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
}


def _ru(card: Card) -> str:
    return format_card(card, "ru")


def _check_deck_size(deck_size) -> int:
    if deck_size not in _COLUMNS:
        raise OptionError(
            f"Domino is played with a deck of 36 or 52 cards, not {deck_size!r}",
            f"в Домино играют колодой 36 или 52 листа, а не {deck_size!r}",
            rule="domino.deal",
        )
    return deck_size


# ---------------------------------------------------------------- the table of one trick


@dataclass(frozen=True)
class Layout:
    """What to draw: ``rows`` top to bottom (a suit, or ``None`` for a row not opened
    yet), ``columns`` (ranks, ace high), ``cells[(row, col)]`` the cards on the table
    and ``targets[where] = (row, col)`` the cells where a given card may go."""

    rows: tuple[Suit | None, ...]
    columns: tuple[Rank, ...]
    cells: dict[tuple[int, int], Card]
    targets: dict[str, tuple[int, int]]
    last: tuple[int, int] | None


class Table:
    """One trick's table: a grid with a row per suit and a column per rank.

    ``options(card)`` says where a card may go next (words of :data:`WHERE`);
    ``play(card, where)`` lays it there or raises :class:`IllegalAction` saying
    which rule forbids it. Rows are numbered upwards (``up`` is +1) internally;
    :attr:`cells` and :meth:`layout` number them from the top, for drawing.
    """

    __slots__ = ("_col", "cards", "columns", "deck_size", "last", "last_pos", "moves", "pos", "row_of", "used")

    def __init__(self, deck_size: int = 36):
        self.deck_size = _check_deck_size(deck_size)
        self.columns: tuple[Rank, ...] = _COLUMNS[deck_size]
        self._col = _COL_OF[deck_size]
        self.row_of: dict[Suit, int] = {}  # suit -> row height (up is +1)
        self.used: set[int] = set()  # row heights that belong to a suit
        self.cards: list[Card] = []  # in the order laid
        self.moves: list[tuple[Card, str]] = []
        self.pos: dict[Card, tuple[int, int]] = {}  # card -> (height, column)
        self.last: Card | None = None
        self.last_pos: tuple[int, int] | None = None

    # -- reading

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Table({self.deck_size}: {' '.join(f'{c} {w}' for c, w in self.moves)})"

    @property
    def is_empty(self) -> bool:
        return self.last is None

    def copy(self) -> Table:
        new = Table.__new__(Table)
        new.deck_size, new.columns, new._col = self.deck_size, self.columns, self._col
        new.row_of, new.used = dict(self.row_of), set(self.used)
        new.cards, new.moves, new.pos = list(self.cards), list(self.moves), dict(self.pos)
        new.last, new.last_pos = self.last, self.last_pos
        return new

    @property
    def rows(self) -> list[Suit]:
        """The suits that have a row, top to bottom."""
        return sorted(self.row_of, key=lambda s: -self.row_of[s])

    @property
    def cells(self) -> dict[tuple[int, int], Card]:
        """``(row, column) -> card`` with row 0 at the top (row i is ``rows[i]``)."""
        if not self.cards:
            return {}
        top = max(self.used)
        return {(top - y, c): card for card, (y, c) in self.pos.items()}

    def column(self, card: Card) -> int:
        """The card's column (0 = the lowest rank); -1 if its rank is not in this deck."""
        return -1 if card.is_joker else self._col[card.rank]

    def options(self, card: Card) -> set[str]:
        """Where ``card`` may go next: words of :data:`WHERE`; empty: nowhere."""
        return set(self._options(card))

    def _options(self, card: Card) -> tuple[str, ...]:
        last, verdict = self.last, self._verdict
        if last is None:
            return ("first",) if verdict(card, "first") is None else ()
        # a card of the last card's suit can only go beside it, any other only above or below
        a, b = ("left", "right") if card.suit is last.suit else ("up", "down")
        if verdict(card, a) is None:
            return (a, b) if verdict(card, b) is None else (a,)
        return (b,) if verdict(card, b) is None else ()

    def _verdict(self, card: Card, where: str) -> str | None:
        """The one statement of the placement rules: None if ``card`` may go ``where``,
        else the code of the rule it breaks (:meth:`why` words it, :meth:`options` and the
        game's moves keep the places with no code)."""
        if where not in _PLACES:
            return "place"
        col = -1 if card.joker is not None else self._col[card.rank]
        if col < 0:
            return "deck"
        last = self.last
        if last is None:
            code = None if where == "first" else "lead"
        elif where == "first":
            code = "touch"
        elif where == "left" or where == "right":
            ly, lc = self.last_pos
            step = -1 if where == "left" else 1
            if not 0 <= lc + step < len(self.columns):
                return "edge"
            code = None if card.suit is last.suit and col == lc + step else "next"
        elif card.suit is last.suit:
            code = "suit"
        else:
            ly, lc = self.last_pos
            if col != lc:
                return "rank"
            height = ly + (1 if where == "up" else -1)
            row = self.row_of.get(card.suit)
            if row is not None:
                code = None if row == height else "row"
            else:
                code = "row_taken" if height in self.used else None
        return "taken" if code is None and card in self.pos else code

    def next_cards(self) -> list[tuple[Card, str]]:
        """Every ``(card, where)`` of this deck that could be laid next (not on an empty table)."""
        last = self.last
        if last is None:
            return []
        _, lc = self.pos[last]
        out = []
        for dc, where in ((-1, "left"), (1, "right")):
            if 0 <= lc + dc < len(self.columns):
                card = Card(self.columns[lc + dc], last.suit)
                if card not in self.pos:
                    out.append((card, where))
        for suit in Suit:
            if suit is not last.suit:
                card = Card(last.rank, suit)
                out.extend((card, w) for w in self._options(card))
        return out

    def target(self, card: Card, where: str) -> tuple[int, int]:
        """The (height, column) where ``card`` would lie if laid at ``where`` (unchecked)."""
        col = self._col[card.rank]
        if where == "first":
            return 0, col
        ly, lc = self.pos[self.last]
        if where in ("left", "right"):
            return ly, lc + (1 if where == "right" else -1)
        y = self.row_of.get(card.suit)
        return (y if y is not None else ly + (1 if where == "up" else -1)), lc

    def why(self, card: Card, where: str) -> IllegalAction | None:
        """Why ``card`` may not go ``where`` (an IllegalAction naming the rule), or None if it may."""
        code = self._verdict(card, where)
        if code is not None and where in _PLACES and card in self.pos:
            code = "taken"  # the plainest reason first
        return None if code is None else self._words(code, card, where)

    def _words(self, code: str, card: Card, where: str) -> IllegalAction:
        """The words of a verdict's code, in both languages."""
        name_en, name_ru, last = f"{card}", _ru(card), self.last
        if code == "place":
            return IllegalAction(
                f"{where!r} is not a place: say one of {', '.join(WHERE)}",
                f"«{where}» — не место: допустимо {', '.join(WHERE)} (первой картой, слева, справа, сверху, снизу)",
                rule="domino.place",
            )
        if code == "deck":
            return IllegalAction(
                f"{name_en} is not in the {self.deck_size}-card deck",
                f"карты {name_ru} нет в колоде из {self.deck_size} листов",
                rule="domino.deal",
            )
        if code == "taken":
            return IllegalAction(
                f"{name_en} is already on the table: its cell is taken",
                f"{name_ru} уже лежит на столе: эта клетка занята",
                rule="domino.place",
            )
        if code == "lead":
            return IllegalAction(
                f"the table is empty: the first card of a trick goes anywhere ('first'), not {where!r}",
                f"стол пуст: первая карта взятки кладётся куда угодно («first»), а не «{where}»",
                rule="domino.place",
            )
        if code == "touch":
            return IllegalAction(
                f"the table is not empty: {name_en} must touch the card laid last, {last}",
                f"стол не пуст: {name_ru} нужно положить вплотную к последней карте, {_ru(last)}",
                rule="domino.place",
            )
        ly, lc = self.last_pos
        if code in ("edge", "next"):
            step = -1 if where == "left" else 1
            side_en, side_ru = ("left of", "слева от") if step < 0 else ("right of", "справа от")
            if code == "edge":
                edge_en = "the lowest rank" if step < 0 else "the ace, the highest rank"
                edge_ru = "самая младшая карта" if step < 0 else "туз, старшая карта"
                return IllegalAction(
                    f"nothing goes {side_en} {last}: it is {edge_en} of the {self.deck_size}-card deck",
                    f"{side_ru} {_ru(last)} класть нечего: это {edge_ru} колоды из {self.deck_size} листов",
                    rule="domino.place",
                )
            wanted = Card(self.columns[lc + step], last.suit)
            return IllegalAction(
                f"{side_en} {last} goes only {wanted} "
                f"(same suit, one rank {'lower' if step < 0 else 'higher'}), not {name_en}",
                f"{side_ru} {_ru(last)} кладётся только {_ru(wanted)} (та же масть, на одно очко "
                f"{'меньше' if step < 0 else 'больше'}), а не {name_ru}",
                rule="domino.place",
            )
        side_en, side_ru = ("above", "сверху от") if where == "up" else ("below", "снизу от")
        side_short_ru = side_ru.split()[0]
        if code == "suit":
            return IllegalAction(
                f"{name_en} is of the same suit as {last}: a card of the same suit goes left or right, not {side_en}",
                f"{name_ru} той же масти, что и {_ru(last)}: "
                f"карта той же масти кладётся слева или справа, а не {side_short_ru}",
                rule="domino.place",
            )
        if code == "rank":
            return IllegalAction(
                f"{side_en} {last} goes only another {last.rank.name_in('en')} (same rank, other suit), not {name_en}",
                f"{side_ru} {_ru(last)} кладётся только карта того же значения ({last.rank.name_in('ru')}) "
                f"другой масти, а не {name_ru}",
                rule="domino.place",
            )
        if code == "row":
            y = self.row_of[card.suit]
            if y in (ly + 1, ly - 1):
                right_en, right_ru = ("above", "сверху") if y == ly + 1 else ("below", "снизу")
                return IllegalAction(
                    f"{card.suit.name_in('en')} already have their line {right_en} {last}: "
                    f"{name_en} goes there, not {side_en}",
                    f"у масти {_GEN_RU[card.suit]} уже есть своя линия {right_ru} от {_ru(last)}: "
                    f"{name_ru} кладётся туда, а не {side_short_ru}",
                    rule="domino.rows",
                )
            return IllegalAction(
                f"{card.suit.name_in('en')} already have their line, which does not touch {last}: "
                f"every card of a suit lies in that suit's line",
                f"у масти {_GEN_RU[card.suit]} уже есть своя линия, и она не соседствует с {_ru(last)}: "
                f"все карты одной масти лежат на одной линии",
                rule="domino.rows",
            )
        h = ly + (1 if where == "up" else -1)
        owner = next(s for s, hy in self.row_of.items() if hy == h)
        return IllegalAction(
            f"the line {side_en} {last} belongs to {owner.name_in('en')}: {card.suit.name_in('en')} need a free line",
            f"линия {side_ru.split()[0]} от {_ru(last)} занята мастью {_GEN_RU[owner]}: масти "
            f"{_GEN_RU[card.suit]} нужна свободная линия",
            rule="domino.rows",
        )

    # -- changing

    def play(self, card: Card, where: str) -> None:
        """Lay ``card`` at ``where`` or raise :class:`IllegalAction` (the table is then unchanged)."""
        error = self.why(card, where)
        if error is not None:
            raise error
        self._put(card, where)

    def _put(self, card: Card, where: str) -> None:
        if where == "first":
            y, col = 0, self._col[card.rank]
        else:
            y, col = self.last_pos
            if where == "left":
                col -= 1
            elif where == "right":
                col += 1
            else:
                y = self.row_of.get(card.suit, y + 1 if where == "up" else y - 1)
        if card.suit not in self.row_of:
            self.row_of[card.suit] = y
            self.used.add(y)
        self.pos[card] = self.last_pos = (y, col)
        self.cards.append(card)
        self.moves.append((card, where))
        self.last = card

    def answered(self, card: Card, where: str, hand: Iterable[Card]) -> bool:
        """Whether a card of ``hand`` (cards not on the table) could be laid next if ``card`` were
        laid at ``where`` (a legal place): a card of its suit one rank either side (its row has a cell
        there), or one of its rank where the placement rules' own verdict, asked with ``card`` laid for
        the moment, finds a place. The table is left as it was."""
        col, suit, rank = self._col[card.rank], card.suit, card.rank
        same_rank = []
        for c in hand:
            if c.suit is suit:
                if abs(self._col[c.rank] - col) == 1:
                    return True
            elif c.rank is rank:
                same_rank.append(c)
        if not same_rank:
            return False
        last, last_pos, new_row = self.last, self.last_pos, suit not in self.row_of
        self._put(card, where)
        try:
            return any(self._options(c) for c in same_rank)
        finally:
            del self.pos[card]
            self.cards.pop()
            self.moves.pop()
            self.last, self.last_pos = last, last_pos
            if new_row:
                self.used.discard(self.row_of.pop(suit))

    def clear(self) -> list[Card]:
        """Take every card off the table (rows are forgotten); return them in the order laid."""
        taken = self.cards
        self.row_of, self.used, self.cards, self.moves, self.pos = {}, set(), [], [], {}
        self.last = self.last_pos = None
        return taken

    @classmethod
    def from_moves(cls, moves: Iterable[Sequence], deck_size: int = 36) -> Table:
        """A table built by laying ``(card, where)`` in order (cards as Card or notation)."""
        table = cls(deck_size)
        for card, where in moves:
            table.play(card if isinstance(card, Card) else Card.parse(card), where)
        return table

    # -- drawing

    def layout(self, card: Card | None = None) -> Layout:
        """Rows, columns, cells and, for ``card``, the cells where it may go (for drawing)."""
        targets = {w: self.target(card, w) for w in self._options(card)} if card is not None else {}
        heights = set(self.used) | {y for y, _ in targets.values()}
        if not heights:
            heights = {0}
        top, bottom = max(heights), min(heights)
        suit_at = {y: s for s, y in self.row_of.items()}
        rows = tuple(suit_at.get(y) for y in range(top, bottom - 1, -1))
        cells = {(top - y, c): k for k, (y, c) in self.pos.items()}
        last = None
        if self.last is not None:
            ly, lc = self.pos[self.last]
            last = (top - ly, lc)
        return Layout(rows, self.columns, cells, {w: (top - y, c) for w, (y, c) in targets.items()}, last)


def draw_table(
    table: Table,
    card: Card | None = None,
    *,
    lang: str = "en",
    width: float = 40,
    error: tuple[int, int] | None = None,
) -> str:
    """The table as SVG: the last card outlined, the cells where ``card`` may go lit up."""
    lay = table.layout(card)
    marks = {cell: "target" for cell in lay.targets.values()}
    if lay.last is not None:
        marks.setdefault(lay.last, "last")
    if error is not None:
        marks[error] = "error"
    labels = [s.symbol if s else "·" for s in lay.rows]
    cols = [r.symbol(lang) for r in lay.columns]
    title = (pick(lang, "table: ", "стол: ")) + (
        " ".join(format_card(c, lang) for c in table.cards) or (pick(lang, "empty", "пусто"))
    )
    return svg.grid(
        lay.cells,
        len(lay.rows),
        len(lay.columns),
        lang=lang,
        highlight=marks,
        width=width,
        row_labels=labels,
        col_labels=cols,
        title=title,
    )


# ---------------------------------------------------------------- options and actions


@dataclass(frozen=True)
class Options:
    """The source's variants.

    ``deck_size``: 36 (6..A) or 52 (2..A); one against one uses 36 with four
    cards removed unseen. ``voluntary_pass``: the source's alternative rule, a
    player may pass at will (the lead of a trick is still compulsory).
    """

    deck_size: int = option(36, "Deck", "Колода", choices=tuple(_COLUMNS))
    voluntary_pass: bool = option(False, "Pass at will", "Пас по желанию")

    def __post_init__(self):
        check_options(self)


def team_name(team: int, lang: str = "en") -> str:
    return (pick(lang, "AB", "АБ"))[team]


def seat_name(seat: int, team_size: int, lang: str = "en") -> str:
    """Seat names: teams A and B, members numbered clockwise (A1 A2 B1 B2)."""
    return f"{team_name(seat // team_size, lang)}{seat % team_size + 1}"


_TEAM_SIZE = {2: 1, 4: 2, 6: 3}


@dataclass(frozen=True)
class Place(Action):
    """Lay ``card`` at ``where`` (a word of :data:`WHERE`) next to the card laid last."""

    card: Card = None
    where: str = "first"
    #: the card it touches (for the explanation only; not part of the action's identity)
    next_to: Card | None = field(default=None, compare=False)
    team_size: int = field(default=2, compare=False)

    RULE: ClassVar[str] = "domino.place"

    @property
    def rule(self) -> str:
        if self.where in ("up", "down"):
            return "domino.rows"
        return "domino.place"

    @property
    def label(self) -> str:
        return f"{self.card} {self.where}"

    def explain(self, lang: str = "en") -> str:
        who = seat_name(self.player, self.team_size, lang)
        c, n = self.card, self.next_to
        if self.where == "first" or n is None:
            return pick(
                lang,
                f"{who} leads {c} on the empty table: the first card of a trick goes anywhere",
                f"{who} открывает взятку: {_ru(c)} на пустой стол — первая карта кладётся любая",
            )
        if self.where in ("left", "right"):
            lower = self.where == "left"
            return pick(
                lang,
                f"{who} lays {c} {self.where} of {n}: same suit, one rank {'lower' if lower else 'higher'}",
                f"{who} кладёт {_ru(c)} {_WHERE_RU[self.where]} от {_ru(n)}: та же масть, на одно очко "
                f"{'меньше' if lower else 'больше'}",
            )
        return pick(
            lang,
            f"{who} lays {c} {'above' if self.where == 'up' else 'below'} {n}: same rank, "
            f"in the {c.suit.name_in('en')} line",
            f"{who} кладёт {_ru(c)} {_WHERE_RU[self.where]} от {_ru(n)}: то же значение, "
            f"на линии масти {_GEN_RU[c.suit]}",
        )


@dataclass(frozen=True)
class Pass(Action):
    """Say «Пас!»: no card to place (or, with ``voluntary_pass``, by choice)."""

    forced: bool = field(default=True, compare=False)
    team_size: int = field(default=2, compare=False)

    RULE: ClassVar[str] = "domino.pass"

    @property
    def label(self) -> str:
        return "pass"

    def explain(self, lang: str = "en") -> str:
        who = seat_name(self.player, self.team_size, lang)
        return pick(
            lang,
            f"{who} passes" + (": no card can be placed" if self.forced else " by choice"),
            f"{who}: «Пас!»" + (" — положить нечего" if self.forced else " — по желанию"),
        )


@dataclass(frozen=True)
class Trick(Note):
    """A trick taken: after action number ``at`` of the history, ``team`` took ``cards``."""

    at: int
    team: int
    cards: tuple[Card, ...]
    last_seat: int
    leader: int | None  # who leads next (None: the game is over)
    #: the placements of the trick, ``(card, where)`` in order (``Table.from_moves`` redraws it)
    moves: tuple[tuple[Card, str], ...] = ()
    team_size: int = field(default=2, compare=False)

    RULE: ClassVar[str] = "domino.trick"

    @property
    def player(self) -> int:
        return self.last_seat

    def explain(self, lang: str = "en") -> str:
        ts = self.team_size
        n, t = count(len(self.cards), lang), team_name(self.team, lang)
        who = seat_name(self.last_seat, ts, lang)
        text = pick(
            lang,
            f"Team {t} takes the trick ({n}): every opponent passed on {self.cards[-1]}, laid by {who}",
            f"Команда {t} берёт взятку ({n}): все соперники спасовали на {_ru(self.cards[-1])}, которую положил {who}",
        )
        if self.leader is None:
            return text + pick(
                lang,
                f"; team {t} has no cards left: the game is over",
                f"; у команды {t} больше нет карт — партия окончена",
            )
        return text + pick(lang, "; {} leads", "; ходит {}").format(seat_name(self.leader, ts, lang))


@dataclass(frozen=True)
class GameOver(Note):
    """The score: the cards in each team's bank."""

    bank_a: int
    bank_b: int

    RULE: ClassVar[str] = "domino.score"

    def explain(self, lang: str = "en") -> str:
        a, b = self.bank_a, self.bank_b
        if a == b:
            verdict = pick(lang, "a draw", "ничья")
        else:
            verdict = pick(lang, f"team {'A' if a > b else 'B'} wins", f"побеждает команда {'А' if a > b else 'Б'}")
        return pick(
            lang,
            f"Game over: cards in the banks, team A {a}, team B {b} — {verdict}",
            f"Партия окончена: карт в копилках — у команды А {a}, у команды Б {b}; {verdict}",
        )


# ---------------------------------------------------------------- the game

_new = object.__new__
_set = object.__setattr__


def _place(p: int, card: Card, where: str, last: Card | None, ts: int) -> Place:
    """Place(p, card, where, last, ts) without the dataclass __init__ (the hot path)."""
    action = _new(Place)
    _set(action, "__dict__", {"player": p, "card": card, "where": where, "next_to": last, "team_size": ts})
    return action


#: every card of each deck, in the order of :attr:`Card.index`
_DECKS = {n: tuple(deck(n)) for n in _COLUMNS}
_ORDER = {card: card.index for card in _DECKS[52]}


def _max_actions(state: DominoState) -> int:
    # between two placements at most players - 1 passes; every card is placed at most once
    return state.options.deck_size * state.num_players + 1


class DominoState(State):
    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        if players not in _TEAM_SIZE:
            raise OptionError(
                "Domino is played one against one, two against two or three against three: "
                f"2, 4 or 6 players, not {players}",
                f"в Домино играют один на один, двое на двое или трое на трое: 2, 4 или 6 игроков, а не {players}",
                rule="domino.deal",
            )
        if players == 2 and options.deck_size != 36:
            raise OptionError(
                f"one against one is played with the 36-card deck (four cards removed unseen), not {options.deck_size}",
                f"один на один играют колодой 36 листов (четыре карты вынимаются не глядя), а не {options.deck_size}",
                rule="domino.duel",
            )
        ts = self.team_size = _TEAM_SIZE[players]
        cards = list(_DECKS[options.deck_size])
        self.rng.shuffle(cards)
        self.removed: list[Card] = sorted(cards[:4]) if players == 2 else []
        cards = cards[len(self.removed) :]
        per_team = len(cards) // 2
        sizes = [per_team // ts + (1 if p % ts < per_team % ts else 0) for p in range(players)]
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        # one card at a time, clockwise, to every player who still needs cards
        i, seat = 0, 0
        while i < len(cards):
            if len(self.hands[seat]) < sizes[seat]:
                self.hands[seat].append(cards[i])
                i += 1
            seat = (seat + 1) % players
        for h in self.hands:
            h.sort(key=_ORDER.__getitem__)
        self.table = Table(options.deck_size)
        self.banks: list[list[Card]] = [[], []]
        self.tricks: list[Trick] = []
        self.first_team = self.rng.randrange(2)
        self.turn: int | None = self.first_team * ts
        self.last_seat: int | None = None  # who laid the card last
        self.passes = 0  # opponents of the last card's team who passed on it

    # -- reading

    def team_of(self, seat: int) -> int:
        return seat // self.team_size

    def seat_name(self, seat: int, lang: str = "en") -> str:
        return seat_name(seat, self.team_size, lang)

    @property
    def current_player(self) -> int | None:
        return self.turn

    def is_over(self) -> bool:
        return self.turn is None

    def legal_actions(self) -> list[Action]:
        p = self.turn
        if p is None:
            return []
        hand = self.hands[p]
        table = self.table
        ts = self.team_size
        last = table.last
        if last is None:
            return [_place(p, c, "first", None, ts) for c in hand]
        acts: list[Action] = []
        suit, rank = last.suit, last.rank
        for c in hand:
            if c.suit is suit or c.rank is rank:  # only these can touch the last card; the verdict decides
                for where in table._options(c):
                    acts.append(_place(p, c, where, last, ts))
        if not acts:
            acts.append(_PASSES[ts][p][1])
        elif self.options.voluntary_pass:
            acts.append(_PASSES[ts][p][0])
        return acts

    def _play(self, action: Action) -> None:
        p = action.player
        n = self.num_players
        if type(action) is Place:
            self.hands[p].remove(action.card)
            self.table._put(action.card, action.where)
            self.last_seat = p
            self.passes = 0
            self.turn = (p + 1) % n
            return
        # a pass
        ts = self.team_size
        if p // ts != self.last_seat // ts:
            self.passes += 1
            if self.passes == ts:
                self._take_trick()
                return
        self.turn = (p + 1) % n

    def _take_trick(self) -> None:
        ts = self.team_size
        team = self.last_seat // ts
        moves = tuple(self.table.moves)
        cards = self.table.clear()
        self.banks[team].extend(cards)
        leader = None
        for seat in range(team * ts, team * ts + ts):
            if self.hands[seat]:
                leader = seat
                break
        trick = Trick(len(self.history), team, tuple(cards), self.last_seat, leader, moves, ts)
        self.tricks.append(trick)
        self.record(trick)
        if leader is None:
            self.record(GameOver(len(self.banks[0]), len(self.banks[1])))
        self.turn = leader
        self.last_seat = None
        self.passes = 0

    def verdict(self, action: Action) -> IllegalAction | None:
        """The rules of one move: the player to move places a card next to the last one
        (the table's verdict, :meth:`Table.why`), or passes when the rules let them."""
        p = self.turn
        if action.player != p:
            me, me_ru = self.seat_name(action.player), self.seat_name(action.player, "ru")
            return IllegalAction(
                f"it is {self.seat_name(p)}'s turn, not {me}'s: play goes clockwise",
                f"сейчас ход игрока {self.seat_name(p, 'ru')}, а не {me_ru}: ходят по часовой стрелке",
                rule="domino.pass",
            )
        if isinstance(action, Pass):
            return self._pass_verdict()
        if action.card not in self.hands[p]:
            return IllegalAction(
                f"{self.seat_name(p)} does not hold {action.card}",
                f"у игрока {self.seat_name(p, 'ru')} нет карты {_ru(action.card)}",
                rule="domino.place",
            )
        return self.table.why(action.card, action.where)

    def _pass_verdict(self) -> IllegalAction | None:
        me, me_ru = self.seat_name(self.turn), self.seat_name(self.turn, "ru")
        if self.table.is_empty:
            return IllegalAction(
                f"{me} leads the trick: the table is empty, so any card may be laid and a pass is not allowed",
                f"{me_ru} начинает взятку: стол пуст, можно положить любую карту, пасовать нельзя",
                rule="domino.trick",
            )
        can = [a for a in self.legal_actions() if isinstance(a, Place)]
        if not can or self.options.voluntary_pass:
            return None
        shown = ", ".join(a.label for a in can[:4])
        shown_ru = ", ".join(f"{_ru(a.card)} {_WHERE_RU[a.where]}" for a in can[:4])
        return IllegalAction(
            f"{me} can place a card ({shown}): a move, if possible, is compulsory",
            f"{me_ru} может положить карту ({shown_ru}): ход, если он возможен, обязателен",
            rule="domino.pass",
        )

    def place(self, card: Card | str, where: str) -> Place:
        """Checked: the current player lays ``card`` (Card or notation) at ``where``."""
        if isinstance(card, str):
            card = Card.parse(card)
        action = Place(self.turn if self.turn is not None else -1, card, where, self.table.last, self.team_size)
        self.apply(action)
        return self.history[-1]

    def apply(self, action: Action) -> None:
        # keep the engine's own copy (with the card it touches) in the history
        legal = self._legal_copy(action)
        if legal is None:
            raise self._refusal(action)
        self._advance(legal)

    def result(self) -> Result:
        a, b = len(self.banks[0]), len(self.banks[1])
        scores = [float(a if self.team_of(p) == 0 else b) for p in range(self.num_players)]
        if a == b:
            return Result.from_scores(scores, note_en="A draw: equal banks.", note_ru="Ничья: в копилках поровну карт.")
        won = 0 if a > b else 1
        return Result.from_scores(
            scores,
            note_en=f"Team {team_name(won, 'en')} wins: banks {max(a, b)} to {min(a, b)}.",
            note_ru=f"Побеждает команда {team_name(won, 'ru')}: в копилках {max(a, b)} против {min(a, b)}.",
        )

    def view(self, player: int) -> dict:
        ts = self.team_size
        return {
            "player": player,
            "seat": self.seat_name(player),
            "team": player // ts,
            "team_size": ts,
            "deck_size": self.options.deck_size,
            "voluntary_pass": self.options.voluntary_pass,
            "hand": [str(c) for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "table": [[str(c), w] for c, w in self.table.moves],
            "last_seat": self.last_seat,
            "passes": self.passes,
            "banks": [[str(c) for c in b] for b in self.banks],
            "removed": len(self.removed),
            "turn": self.turn,
            # everything said at the table so far: [seat, action label]; after which actions a trick was taken
            "history": [[a.player, a.label] for a in self.history],
            "trick_ends": [t.at for t in self.tricks],
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {f"hand{p}": list(h) for p, h in enumerate(self.hands)}
        z["table"] = list(self.table.cards)
        z["bankA"], z["bankB"] = list(self.banks[0]), list(self.banks[1])
        z["removed"] = list(self.removed)
        return z

    def visible_zones(self, player: int) -> set[str]:
        return {f"hand{player}", "table", "bankA", "bankB"}

    def cards_used(self) -> list[Card]:
        return deck(self.options.deck_size)


# Pass actions are all alike: _PASSES[team size][seat][forced]
_PASSES = {ts: [(Pass(p, False, ts), Pass(p, True, ts)) for p in range(2 * ts)] for ts in (1, 2, 3)}

#: option sets the conformance suite also plays
VARIANTS = (
    Variant(players=(2, 4, 6)),
    Variant({"deck_size": 52}, players=(4, 6)),
    Variant({"voluntary_pass": True}, players=(2, 4, 6)),
    Variant({"deck_size": 52, "voluntary_pass": True}, players=(6,)),
)


def position(hands: Sequence[str | Iterable[Card]], *, leader: int = 0, **options) -> DominoState:
    """A game set up by hand, for examples and exercises: ``hands[p]`` in notation.

    Seat ``leader`` leads the first trick; cards of the deck not in any hand are
    out of play, unseen (like the four cards removed in one against one). The
    position saves, loads and undoes like a dealt game.
    """
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise OptionError(
            "hands are a list with one hand (in notation) per seat",
            "руки — список, по одной руке (в нотации) на место",
            rule="domino.deal",
        )
    state = new_game(players=len(hands), seed=0, **options)
    dealt = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
    everything = deck(state.options.deck_size)
    flat = [c for h in dealt for c in h]
    for card in flat:
        if card not in everything:
            raise OptionError(
                f"{card} is not in the {state.options.deck_size}-card deck",
                f"карты {_ru(card)} нет в колоде из {state.options.deck_size} листов",
                rule="domino.deal",
            )
    if len(set(flat)) != len(flat):
        twice = sorted({str(c) for c in flat if flat.count(c) > 1})
        raise OptionError(f"dealt twice: {' '.join(twice)}", f"сдано дважды: {' '.join(twice)}", rule="domino.deal")
    if not isinstance(leader, int) or not 0 <= leader < state.num_players or not dealt[leader]:
        raise OptionError(
            f"the leader must be a seat with cards, not {leader!r:.20}",
            f"первым ходит игрок с картами, а не {leader!r:.20}",
            rule="domino.deal",
        )
    state.hands = [sorted(h) for h in dealt]
    state.removed = sorted(c for c in everything if c not in set(flat))
    state.first_team, state.turn = leader // state.team_size, leader
    notation = [" ".join(str(c) for c in h) for h in state.hands]
    return state.started_by("position", hands=notation, leader=leader, **options)


#: the chapter's teaching positions (two against two, A1 leads)
SETUPS = {
    # a trick taken: A1 leads Q♠, B1 passes, A2 lays K♠, nobody answers it
    "trick": Setup("A trick taken", "Взятка", lambda: position(["Q♠ 6♦", "7♥ 7♦", "K♠ 9♦", "10♦ 6♥"], leader=0)),
    # the last trick: team A lays its last card and the game ends
    "last_card": Setup("The last trick", "Последняя взятка", lambda: position(["Q♠", "", "7♥ 7♦", "10♦ 6♥"], leader=0)),
    # a save of a hand-set game
    "jacks": Setup(
        "Jacks and queens",
        "Валеты и дамы",
        lambda: position(["Q♠ J♠ 10♦", "Q♣ 9♠ K♥", "J♣ 8♣ 7♥", "6♦ 7♠ 6♣"], leader=0),
    ),
    # the same deal with the voluntary pass
    "pass_at_will": Setup(
        "Pass at will",
        "Пас по желанию",
        lambda: position(["Q♠ 6♦", "K♠ 7♦", "8♦ 9♦", "10♦ 6♥"], leader=0, voluntary_pass=True),
    ),
}


def measure(state: DominoState) -> dict:
    """What the statistics pages count in one finished game (see :func:`rules.simulate.simulate`)."""
    return {
        "bank_a": len(state.banks[0]),
        "bank_b": len(state.banks[1]),
        "first_team": state.first_team,
        "tricks": len(state.tricks),
        "trick_sizes": tuple(len(t.cards) for t in state.tricks),
    }


def known_voids(view: dict) -> list[set[str]]:
    """For each seat, the cards (in notation) it is known not to hold, from its forced passes.

    A player passes only without a card to place, so every card that could have
    been laid on the table at that moment is not in that hand, then or later
    (hands only shrink). With the voluntary pass nothing can be concluded.
    """
    voids: list[set[str]] = [set() for _ in view["hand_sizes"]]
    if view["voluntary_pass"]:
        return voids
    ends = set(view["trick_ends"])
    table = Table(view["deck_size"])
    for i, (seat, label) in enumerate(view["history"]):
        if label == "pass":
            if not table.is_empty:
                voids[seat].update(str(c) for c, _ in table.next_cards())
        else:
            card, where = label.split()
            table._put(Card.parse(card), where)
        if i in ends:
            table.clear()
    return voids


def guess_state(view: dict, rng: random.Random, voids: list[set[str]] | None = None) -> DominoState:
    """A state that ``view``'s player cannot tell from the real one (its history is not rebuilt).

    The cards this player has not seen (not in its hand, on the table or in a
    bank) are dealt at random to the other hands (their sizes are known) and to
    the removed cards, never to a seat known not to hold them (``voids``, by
    default :func:`known_voids`). Bots use it to imagine how the game may go on.
    """
    players, me = len(view["hand_sizes"]), view["player"]
    voids = known_voids(view) if voids is None else voids
    state = DominoState(Options(view["deck_size"], view["voluntary_pass"]), players, rng.randrange(2**31))
    seen = set(view["hand"]) | {c for c, _ in view["table"]} | {c for b in view["banks"] for c in b}
    unseen = [c for c in _DECKS[view["deck_size"]] if str(c) not in seen]
    room = {p: n for p, n in enumerate(view["hand_sizes"]) if p != me}
    room[-1] = len(unseen) - sum(room.values())  # -1: the removed cards
    allowed = {c: [p for p in room if p == -1 or str(c) not in voids[p]] for c in unseen}
    dealt = None
    for _ in range(20):  # the most constrained cards first; a dead end starts again
        rng.shuffle(unseen)
        left, hands = dict(room), {p: [] for p in room}
        for card in sorted(unseen, key=lambda c: len(allowed[c])):
            seats = [p for p in allowed[card] if left[p] > 0]
            if not seats:
                break
            p = rng.choices(seats, weights=[left[q] for q in seats])[0]
            hands[p].append(card)
            left[p] -= 1
        else:
            dealt = hands
            break
    if dealt is None:  # the constraints could not be met: deal without them
        rng.shuffle(unseen)
        dealt, i = {}, 0
        for p, n in room.items():
            dealt[p], i = unseen[i : i + n], i + n
    state.hands = [
        [Card.parse(c) for c in view["hand"]] if p == me else sorted(dealt[p], key=_ORDER.__getitem__)
        for p in range(players)
    ]
    state.removed = sorted(dealt[-1], key=_ORDER.__getitem__)
    state.table = Table.from_moves(view["table"], view["deck_size"])
    state.banks = [[Card.parse(c) for c in b] for b in view["banks"]]
    state.turn, state.last_seat, state.passes = view["turn"], view["last_seat"], view["passes"]
    return state


def unseen_answers(view: dict, action: Place) -> int:
    """How many cards this player has not seen could be laid on ``action``'s card."""
    table = Table.from_moves(view["table"], view["deck_size"])
    table._put(action.card, action.where)
    return len({str(c) for c, _ in table.next_cards()} - set(view["hand"]))


class HeuristicPlayer:
    """Imagines the rest of the game from what it may see and takes the best placement.

    For each legal action it deals the cards it has not seen at random to the
    other hands, keeping away from each player the cards that its forced passes
    showed it does not hold (:func:`guess_state`, :func:`known_voids`), plays the
    game out with random players ``samples`` times (the same imagined deals for
    every action) and keeps the action whose team ends with the largest lead in
    cards. With the voluntary pass, it passes on its own team's card unless it
    has a card nobody could answer (a trick for its team). It reads only its
    view: its hand, the hand sizes, the table, the banks and what was played and
    passed so far.
    """

    name = "heuristic"
    needs_view = True

    def __init__(self, samples: int = 8):
        self.samples = samples

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        if len(actions) == 1:
            return actions[0]
        places = [a for a in actions if isinstance(a, Place)]
        passes = [a for a in actions if isinstance(a, Pass)]
        last = view["last_seat"]
        if passes and last is not None and last // view["team_size"] == view["team"]:
            safe = [a for a in places if unseen_answers(view, a) == 0]
            return safe[rng.randrange(len(safe))] if safe else passes[0]
        team = view["team"]
        totals = [0] * len(places)
        randoms = [_RANDOM] * len(view["hand_sizes"])
        voids = known_voids(view)
        for _ in range(self.samples):
            imagined = guess_state(view, rng, voids)
            seed = rng.randrange(2**31)
            for i, action in enumerate(places):
                state = imagined.clone()
                state._play(action)
                playout(state, randoms, seed=seed)
                totals[i] += len(state.banks[team]) - len(state.banks[1 - team])
        top = max(totals)
        best = [a for a, t in zip(places, totals, strict=True) if t == top]
        return best[rng.randrange(len(best))]


_RANDOM = RandomPlayer()


# ---------------------------------------------------------------- the coach


def _team_won(state: DominoState, seat: int) -> float:
    """The seat's team won: 1; a draw: one half; lost: 0."""
    team = state.team_of(seat)
    mine, theirs = len(state.banks[team]), len(state.banks[1 - team])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def _taking_policy(state: DominoState, actions: list[Action], rng: random.Random) -> Action:
    """The coach's playouts: one against one, a placement the opponent cannot answer (it takes the
    table), at random among such; otherwise, and with teams, any move at random."""
    if state.num_players == 2:
        table, opponent = state.table, state.hands[1 - state.turn]
        taking = [a for a in actions if type(a) is Place and not table.answered(a.card, a.where, opponent)]
        if taking:
            return taking[rng.randrange(len(taking))]
    return actions[rng.randrange(len(actions))]


#: the coach deals the unseen cards as the heuristic bot imagines them (:func:`guess_state`:
#: hand sizes, and the cards a forced pass showed a seat not to hold) and plays on, taking the table
#: where one can; the heuristic bot is a Monte Carlo player of random playouts (8 deals, the lead in
#: cards), so the strong bot trusts its own estimate (many more deals, the chance of winning) over
#: the bot's move
COACHING = Coaching(
    deal=guess_state,
    value=_team_won,
    policy=_taking_policy,
    unit=Bi("chance that the team wins", "шанс, что команда выиграет"),
    own_judgement=True,
    playouts=350,  # its reach in 0.2 s a move (README, "The coach")
)


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("domino", "SKIP-6 Domino", "СКИП-6 Домино", 2, 6, _max_actions, default_players=4),
    rules=RULES,
    options=Options,
    state=DominoState,
    actions=(Place, Pass),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={"easy": RandomPlayer, "heuristic": HeuristicPlayer, "strong": functools.partial(Coach, "domino")},
    bot="heuristic",
    measure=measure,
    view="widgets.games.domino:DominoGame",
    painter="widgets.paint.domino:DominoPainter",
    coaching=COACHING,
)
new_game, from_json = GAME.new_game, GAME.from_json
