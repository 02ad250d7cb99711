"""Joker rummy's options, moves and state: the draw, melding and the opening of 51, laying off,
joining, jokers taken back, the discard, going out, the scores of a deal and of the match; and
the verdict, the rules of one move stated once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from rules.cards import ALL_CARDS, Card, Rank, format_card, format_cards
from rules.errors import IllegalAction, check_lang
from rules.game import Action, Result, State, check_options, option
from rules.games.joker_rummy.melds import (
    _CODE,
    GOING_OUT,
    HAND,
    OPENING,
    RJ,
    _best_opening,
    _code,
    _codes,
    _hand_part_keys,
    _held_problem,
    _meld_points,
    _meld_problem,
    _meld_text,
    _melds_of,
    _natural,
    _penalty_codes,
    _points,
    best_opening,
    game_cards,
)
from rules.games.joker_rummy.texts import (
    DealScored,
    Dealt,
    MatchOver,
    Opened,
    StockTurned,
    WentOut,
    _card_words,
    _meld_illegal,
    _refusal,
    _who,
)
from rules.lang import pick

JOKER_PENALTIES = (10, 20, 25)
JOIN_RULES = ("any", "own")


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
        return pick(lang, f"{who} draws the top card of the stock", f"{who} берёт верхнюю карту колоды")


@dataclass(frozen=True)
class TakeDiscard(Draw):
    """The start of a turn: the top card of the discard pile («сток»), face up."""

    card: Card = None

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} takes {self.card} from the discard pile"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        return pick(
            lang,
            f"{who} takes {self.card}, the top card of the discard pile",
            f"{who} берёт {format_card(self.card, 'ru')}, верхнюю карту стока",
        )


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
        kind = pick(lang, "a set", "комбинация одного номинала") if self.low == 0 else pick(lang, "a run", "лесенка")
        extra = ""
        if self.opening:
            points = _points(self.points, lang)
            extra = pick(lang, f", {points} toward the opening", f", {points} в счёт первого действия")
        return pick(lang, f"{who} melds {text}: {kind}{extra}", f"{who} выкладывает {text}: {kind}{extra}")


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
        at_en = {"low": " below its lowest card", "high": " above its highest card", "": ""}[self.end]
        at_ru = {"low": " в начало", "high": " в конец", "": ""}[self.end]
        card = self._card_text(lang)
        return pick(
            lang,
            f"{who} lays off {card} on meld {self.meld}{at_en}",
            f"{who} подкладывает {card} к комбинации {self.meld}{at_ru}",
        )


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
        return pick(
            lang,
            f"{who} puts {c} in place of {j} in meld {self.meld} and takes {j}: "
            "it must be melded again this turn or be the going-out discard",
            f"{who} кладёт {c} вместо {j} в комбинации {self.meld} и забирает {j}: "
            "его надо в этот же ход выложить на стол или закончить им игру",
        )


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
        return pick(
            lang,
            f"{who} joins run {self.other} to run {self.meld}, which it continues",
            f"{who} присоединяет лесенку {self.other} к лесенке {self.meld}, которую она продолжает",
        )


@dataclass(frozen=True)
class TakeBack(Action):
    """The melds laid toward an opening that does not reach 51 go back to the hand."""

    RULE: ClassVar[str] = "joker_rummy.opening"

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} takes back the melds"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        return pick(
            lang,
            f"{who} takes back the melds laid this turn: they do not make 51",
            f"{who} забирает обратно выложенные в этот ход комбинации: в них нет 51 очка",
        )


@dataclass(frozen=True)
class Discard(Action):
    """The end of a turn: one card on the discard pile (several only when they are the last jokers)."""

    cards: tuple[Card, ...] = ()
    RULE: ClassVar[str] = "joker_rummy.turn"

    @cached_property
    def codes(self) -> tuple[int, ...]:
        return tuple(_CODE[c] for c in self.cards)

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} discards {format_cards(self.cards)}"

    def explain(self, lang: str = "en") -> str:
        who = _who(self.player, check_lang(lang))
        return pick(
            lang,
            f"{who} discards {format_cards(self.cards)}",
            f"{who} сбрасывает в сток {format_cards(self.cards, 'ru')}",
        )


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
        return self._generate()  # once per position: the core keeps the answer

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
        return self._owed_problem(len(codes) == len(hand) and all(c >= RJ for c in codes))

    def _owed_problem(self, last_jokers: bool) -> str | None:
        """A joker taken from the table this turn and not laid again: the turn may end only by
        discarding the hand's last cards, all jokers (``last_jokers``)."""
        return "owed_joker" if self.owed and not last_jokers else None

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
                out.append(_TAKE_DISCARDS[p][self.discard[-1]])
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
        out: list[Action] = []
        for part in _hand_part_keys(self.hands[p]):
            out += _part_meld_moves(p, opening, part)
        return out

    def _lay_off_moves(self, p: int, distinct: list[int]) -> list[Action]:
        """Candidates only (the cards that could continue each meld); _lay_off_problem decides."""
        out: list[Action] = []
        held = set(distinct)
        jokers = [c for c in distinct if c >= RJ]
        for m in self.melds.values():
            if m.pending:
                continue
            if m.low == 0:
                rank = [c for c in range(m.rank, RJ, 13) if c in held]  # the rank's cards held, by suit
                out += [_lay_off(p, c, m, "") for c in rank + jokers if self._lay_off_problem(c, m, "") is None]
                continue
            for end, pos in (("low", m.low - 1), ("high", m.high + 1)):
                near = [_natural(m.suit, pos)] if 1 <= pos <= 14 else []
                for c in [c for c in near if c in held] + jokers:
                    if self._lay_off_problem(c, m, end) is None:
                        out.append(_lay_off(p, c, m, end))
        return out

    def _take_joker_moves(self, p: int, distinct: list[int]) -> list[Action]:
        """Candidates only (the natural cards held that a joker of the meld stands for, or in a set
        could); _take_problem decides."""
        held = set(distinct)
        out: list[Action] = []
        for m in self.melds.values():
            if m.pending or max(m.cards) < RJ:  # no joker in it
                continue
            for j in sorted({c for c in m.cards if c >= RJ}):
                if m.low:
                    wanted = {m.stands_for(i) for i, c in enumerate(m.cards) if c == j}
                else:
                    wanted = {suit * 13 + m.rank for suit in m.missing_suits()}
                out += [
                    TakeJoker(p, ALL_CARDS[c], ALL_CARDS[j], m.id)
                    for c in sorted(wanted & held)
                    if self._take_problem(c, j, m) is None
                ]
        return out

    def _join_moves(self, p: int) -> list[Action]:
        """Candidates only (a run of the suit starting just above each run); _join_problem decides."""
        runs = sorted((m for m in self.melds.values() if m.low and not m.pending), key=lambda m: m.id)
        starting: dict[tuple[int, int], list[_TableMeld]] = {}
        for m in runs:
            starting.setdefault((m.suit, m.low), []).append(m)
        return [
            Join(p, a.id, b.id)
            for a in runs
            for b in starting.get((a.suit, a.high + 1), ())
            if a is not b and self._join_problem(a, b, p) is None
        ]

    def _discard_moves(self, p: int) -> list[Action]:
        hand = self.hands[p]
        discards = _DISCARDS[p]
        if self._owed_problem(last_jokers=False) is None:  # nothing owed: any one card may go, decided once
            out: list[Action] = list(map(discards.__getitem__, sorted(set(hand))))
        else:
            out = [discards[c] for c in sorted(set(hand)) if self._discard_problem((c,)) is None]
        if len(hand) > 1 and min(hand) >= RJ:  # the last cards, all jokers
            out.append(Discard(p, tuple(ALL_CARDS[c] for c in sorted(hand))))
        return out

    # ---- playing

    def _play(self, action: Action) -> None:
        _CARRY_OUT[type(action)](self, action, self.player, self.hands[self.player])

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
        codes = action.codes
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
            # the table's rules and where the turn stands, known to everybody at it
            "options": {
                "limit": self.options.limit,
                "join": self.options.join,
                "round_limit": self.options.round_limit,
            },
            "turn_no": self.turn_no,
            "took_back": self.took_back,
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
        if any(not isinstance(c, Card) for c in action.cards or ()):
            return self.not_now(action)
        hand = Counter(self.hands[p])
        for c, n in Counter(_code(c) for c in action.cards or ()).items():
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


# ---------------------------------------------------------------- action caches

_DRAW_STOCK = [Draw(p) for p in range(11)]
_TAKE_BACK = [TakeBack(p) for p in range(11)]
#: every player's discard of one card and take of the discard pile's top card, by the card's code:
#: a few hundred moves made once
_DISCARDS = [[Discard(p, (card,)) for card in ALL_CARDS] for p in range(11)]
_TAKE_DISCARDS = [[TakeDiscard(p, card) for card in ALL_CARDS] for p in range(11)]


_MELD_CACHE: dict[tuple, Meld] = {}


_PART_MOVES: dict[int, tuple[Meld, ...]] = {}


def _part_meld_moves(p: int, opening: bool, part: int) -> tuple[Meld, ...]:
    """The Meld moves of one part of a hand (a key of :func:`_hand_part_keys`), built once: no two
    parts share a meld (a set holds naturals of its rank, a run of its suit), so each part is
    deduplicated alone. Keyed by one int: the part, the player (< 16) and whether he opens."""
    key = (part << 4 | p) << 1 | opening
    moves = _PART_MOVES.get(key)
    if moves is None:
        if len(_PART_MOVES) > 50_000:
            _PART_MOVES.clear()
        moves = _PART_MOVES[key] = tuple(_meld(p, codes, low, opening) for codes, low in dict.fromkeys(_melds_of(part)))
    return moves


def _meld(p: int, codes: tuple[int, ...], low: int, opening: bool) -> Meld:
    key = (p, codes, low, opening)
    act = _MELD_CACHE.get(key)
    if act is None:
        if len(_MELD_CACHE) > 100_000:
            _MELD_CACHE.clear()
        act = _MELD_CACHE[key] = Meld(p, tuple(ALL_CARDS[c] for c in codes), low, opening)
    return act


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


def _lay_off(p: int, c: int, m: _TableMeld, end: str) -> LayOff:
    return LayOff(p, ALL_CARDS[c], m.id, end)
