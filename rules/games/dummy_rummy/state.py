"""Dummy rummy's options, moves and state: the draw, cut-ins, going down, laying off, the discard
restriction, going out and the score; and the verdict, the rules of one move stated once."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from rules.cards import ALL_CARDS, Card, deck, format_cards
from rules.errors import IllegalAction, OptionError
from rules.game import Action, Result, State, check_options, option
from rules.games.dummy_rummy.contracts import (
    _NAT,
    _POINTS,
    _TEXT,
    CONTRACTS,
    CUT_IN_EXTRA,
    CUT_IN_LIMIT,
    HAND,
    MAX_HANDS,
    TURN_LIMIT,
    Meld,
    _arrange,
    _code,
    _pos_rank,
)
from rules.games.dummy_rummy.texts import CutInTaken, Dealt, GameEnded, HandScored, StockRebuilt, _c, _p, _refuse
from rules.lang import pick

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
                f"{who} добавляет {card} {end_ru} к комбинации {self.meld + 1} "
                f"(последовательности игрока {self.owner + 1})",
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


# ---------------------------------------------------------------- the state

ASK, PRIORITY, DRAW, PLAY, OVER = range(5)
PHASES = ("ask", "priority", "draw", "play", "over")
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

    def legal_actions(self) -> list[Action]:  # once per position: the core keeps the answer
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
            if self._draw_discard_reason(p) is None:
                return [_DRAW_STOCK[p], _DRAW_DISCARD[p][self.pile[-1]]]
            return [_DRAW_STOCK[p]]
        # PLAY
        hand = self.hands[p]
        arrangement = self._go_down_arrangement(p)
        out: list[Action] = [] if arrangement is None else [arrangement]
        distinct = sorted(set(hand), key=_SORT_RANK.__getitem__)
        places = self._places() if self.table else None
        if places and self._lay_off_reason(p) is None:
            for c in distinct:
                for m, owner, end in places[_NAT[c]]:
                    out.append(_lay_off(p, c, m, owner, end))
        refused = self._undiscardable(distinct, places)
        discards = _GOING_OUT[p] if len(hand) == 1 else _DISCARDS[p]
        out += [discards[c] for c in distinct if c not in refused]
        return out

    # ---- the rules, each in one place: the moves (legal_actions) and the verdict both use them

    def _draw_discard_reason(self, p: int) -> str | None:
        if self.down[p]:
            return "down_draws_stock"
        if not self.pile:
            return "pile_empty"
        return None

    def _lay_off_reason(self, p: int) -> str | None:
        """Who may lay off: a player who has gone down and keeps a card to discard after it (None),
        else the reason code; where a card goes, :meth:`_places` says."""
        if not self.down[p]:
            return "not_down"
        if len(self.hands[p]) < 2:
            return "keep_one"
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
        card = ALL_CARDS.__getitem__
        return GoDown(p, number, tuple([tuple(map(card, codes)) for _, codes, _ in arranged]))

    def _fits(self, c: int) -> list[tuple[int, int, str]]:
        """Where card code ``c`` may be laid off: (meld index, owner, end)."""
        return self._places()[_NAT[c]]

    def _places(self) -> list[list[tuple[int, int, str]]]:
        """For each natural rank (1-13), and for the wild cards (0), where such a card may be laid
        off: (meld index, owner, end) in the table's order, low end before high; one pass over the table."""
        places: list[list[tuple[int, int, str]]] = [[] for _ in range(14)]
        for m, (owner, kind, codes, key) in enumerate(self.table):
            if kind == "set":  # any wild card; a natural of its rank, or any natural if it has none
                for nat in (0, key) if key else range(14):
                    places[nat].append((m, owner, ""))
                continue
            if len(codes) >= 13:
                continue
            low, high = key, key + len(codes) - 1
            if low > 1:
                places[0].append((m, owner, "low"))
                places[_pos_rank(low - 1)].append((m, owner, "low"))
            if high < 14:
                places[0].append((m, owner, "high"))
                places[_pos_rank(high + 1)].append((m, owner, "high"))
        return places

    def _undiscardable(self, distinct: Collection[int], places: list | None) -> Collection[int]:
        """The discard restriction ("fits_table"): of the hand's cards (``distinct``: each once), those
        that could be laid off (``places``: :meth:`_places`, None while the table is empty) may not be
        discarded, unless every card in hand could be."""
        if not places:
            return ()
        fitting = {c for c in distinct if places[_NAT[c]]}
        return fitting if len(fitting) < len(distinct) else ()

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
        if _code(action.card) in self._undiscardable(set(self.hands[p]), self._places() if self.table else None):
            return _refuse("fits_table", p, action.card)
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
        reason = self._lay_off_reason(p)
        if reason is not None:
            return _refuse(reason, p)
        if not 0 <= m < len(self.table):
            return _refuse("no_meld", p, n=m + 1)
        if (m, action.owner, action.end) in self._fits(_code(action.card)):
            return None
        return _refuse("no_fit", p, action.card, n=m + 1)

    # ---- carrying out actions

    def _play(self, action: Action) -> None:
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
        self.turn = (p + 1) % n
        self.queue = [q for q in _ASKED[n][p] if self._cut_in_eligible(q)]
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
            note_en = f"Nobody completed the contracts in {MAX_HANDS} deals."
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
            # the table's rules and where the turn stands, known to everybody at it
            "options": {
                "cut_ins": self.options.cut_ins,
                "lowest_of_all": self.options.lowest_of_all,
                "last_contract": self.options.last_contract,
            },
            "turns": self.turns,
            "went_down": list(self.went_down),
            "asked": list(self.queue),
            "asker": self.asker,
            "discarder": self.discarder,
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


#: each card code's place in _sort_key's order (the same order, looked up)
_SORT_RANK = [sorted(range(len(ALL_CARDS)), key=_sort_key).index(c) for c in range(len(ALL_CARDS))]

# ---------------------------------------------------------------- action caches (the hot path)

_DRAW_STOCK = [DrawStock(p) for p in range(4)]
#: [player][card code] -> the action, made once: the draw from the discard pile, the discard, the last discard
_DRAW_DISCARD = [[DrawDiscard(p, card) for card in ALL_CARDS] for p in range(4)]
_DISCARDS = [[Discard(p, card, False) for card in ALL_CARDS] for p in range(4)]
_GOING_OUT = [[Discard(p, card, True) for card in ALL_CARDS] for p in range(4)]
#: [players][discarder] -> the players asked about a cut-in, in order: from the one after the next
_ASKED = {n: [tuple((p + k) % n for k in range(2, n)) for p in range(n)] for n in range(2, 5)}
#: (player, card code, meld, owner, end) -> the lay-off, made once: bounded by the seats, cards and melds of a hand
_CACHE: dict[tuple, LayOff] = {}


def _lay_off(p: int, c: int, m: int, owner: int, end: str) -> LayOff:
    key = (p, c, m, owner, end)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = LayOff(p, ALL_CARDS[c], m, owner, end)
    return a
