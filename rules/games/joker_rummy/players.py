"""Joker rummy's bot and what the statistics count in a deal."""

from __future__ import annotations

from collections.abc import Sequence

from rules.game import Action
from rules.games.joker_rummy.melds import (
    _RANK_VALUE,
    MAX_HAND,
    OPENING,
    RJ,
    _best_opening,
    _code,
    _hand_melds,
    _natural,
)
from rules.games.joker_rummy.state import Discard, Draw, JokerRummyState, LayOff, Meld, TakeBack

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


def read_view(view: dict) -> tuple[list[int], list[tuple[list[int], int]]]:
    """A seat's view as the bots read it: its hand's card codes, and each meld on the table as
    (card codes, low end)."""
    hand = [_parse(c) for c in view["hand"]]
    return hand, [([_parse(c) for c in m["cards"]], m["low"]) for m in view["melds"]]


class HeuristicPlayer:
    """A plain rummy player: opens as soon as the best opening reaches 51, then melds and lays off
    all it can; draws the discard when that card joins a meld; discards the card least likely to
    join one, the costliest first; keeps jokers (and goes out on one when it can)."""

    name = "heuristic"
    needs_view = True

    def choose(self, view: dict, actions: Sequence[Action], rng) -> Action:
        hand, table = read_view(view)
        return self.decide(view["player"], hand, view["opened"], view["pending"], view["owed"], table, actions, rng)

    def decide(self, p: int, hand: list[int], opened, pending: int, owed: int, table, actions, rng) -> Action:
        """The choice itself, from card codes: ``table`` holds each meld's codes and low end (the
        book's bot reads it only once ``p`` has opened; the sharp bot, to see what it would feed)."""
        view = {"player": p, "opened": opened, "pending": pending, "owed": owed, "melds": table}
        if isinstance(actions[0], Draw):
            return self._draw(actions, hand, view)
        return (
            self._meld([a for a in actions if isinstance(a, Meld)], hand, view)
            or self._lay_off_or_take_back(actions, hand, view)
            or self._discard([a for a in actions if isinstance(a, Discard)], hand, view)
            or actions[rng.randrange(len(actions))]
        )

    def _draw(self, actions: Sequence[Action], hand: list[int], view: dict) -> Action:
        """The discard when that card joins a meld, else the stock (the first draw)."""
        for a in actions:
            if a.card is not None and self._wants(_code(a.card), hand, view):
                return a
        return actions[0]

    def _meld(self, melds: list[Meld], hand: list[int], view: dict) -> Meld | None:
        """Once open: the largest meld; while opening (or once the best opening reaches 51): the
        next meld of that opening."""
        if not melds:
            return None
        if view["opened"][view["player"]]:
            return max(melds, key=_meld_size)
        if view["pending"] or _opens(hand):
            return self._opening_step(hand, melds)
        return None

    @staticmethod
    def could_leave(hand: Sequence[int], opened: bool) -> bool:
        """Whether this bot could end a turn in which it may meld holding ``hand`` (card codes):
        :meth:`_meld` opens as soon as the hand holds an opening and, once open, lays every meld
        it holds."""
        return not _hand_melds(hand) if opened else not _opens(hand)

    @staticmethod
    def _lay_off_or_take_back(actions: Sequence[Action], hand: list[int], view: dict) -> Action | None:
        """A natural card laid off first, a joker only while the hand is not nearly out (or a debt
        is owed), then a joker taken back."""
        for a in actions:
            if isinstance(a, LayOff) and not a.card.is_joker:
                return a
        for a in actions:
            if isinstance(a, LayOff) and (a.card.is_joker and (len(hand) > 2 or view["owed"])):
                return a
        return next((a for a in actions if isinstance(a, TakeBack)), None)

    def _discard(self, discards: list[Discard], hand: list[int], view: dict) -> Discard | None:
        """Going out if a discard empties the hand, else the card least likely to join a meld."""
        if not discards:
            return None
        for a in discards:
            if len(a.cards) == len(hand):
                return a  # going out
        worth = self._discard_worth(hand, view)
        return max(discards, key=lambda a: worth(a.codes[0]))  # the game offers one discard per card name

    def _discard_worth(self, hand: list[int], view: dict):
        """How good a discard each card of ``hand`` is, as a function of its code (higher is better)."""
        held = set(hand)
        return lambda card: self._discard_value(card, held)

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

    def _wants(self, card: int, hand: list[int], view: dict) -> bool:
        """Whether to take ``card`` from the discard pile: a joker, a card it can lay off once it
        has opened, or one that goes with the hand (:meth:`_goes_with`)."""
        if card >= RJ or (view["opened"][view["player"]] and card in _table_ends(view["melds"])):
            return True
        return self._goes_with(card, hand)

    @staticmethod
    def _goes_with(card: int, hand: list[int]) -> bool:
        """Two cards of the hand could join ``card`` in a meld."""
        return _connections(card, set(hand)) >= 2

    @staticmethod
    def _discard_value(card: int, held: set[int]) -> float:
        """Higher is a better discard: costly, unconnected, never a joker."""
        if card >= RJ:
            return -1000
        value = _RANK_VALUE[card % 13 + 1]
        return value - 12 * _connections(card, held)


class SharpPlayer(HeuristicPlayer):
    """The book's bot with three changes, chosen by playing variants of it against the book's bot
    (``benchmarks/bench_coach.py --versus``): it takes the discard pile's top card only when that
    card completes a meld with cards of its hand (a joker, or once it has opened a card it can lay
    off, as before), not for two cards it merely goes with; it keeps the cards of the melds its hand
    already holds; and once another player has opened it does not discard a card that could be laid
    off on the table, which would hand that player a card to shed. The strong bot starts from its
    move (its game's :attr:`rules.coach.Coaching.prior`); its playouts play the book's bot."""

    name = "sharp"
    #: what a card of a meld in hand, and a card the other players could lay off, take off a discard's value
    KEEP_MELDED = 40
    FEEDS_OTHERS = 30

    @staticmethod
    def _goes_with(card: int, hand: list[int]) -> bool:
        """``card`` completes a meld with cards of the hand."""
        return any(card in codes for codes, _low in _hand_melds([*hand, card]))

    def _discard_worth(self, hand: list[int], view: dict):
        held = set(hand)
        melded = {c for codes, _low in _hand_melds(sorted(held)) for c in codes}
        me = view["player"]
        others_opened = any(opened for p, opened in enumerate(view["opened"]) if p != me)
        feeding = _table_ends(view["melds"]) if others_opened else set()

        def worth(card: int) -> float:
            value = self._discard_value(card, held)
            if card in melded:
                value -= self.KEEP_MELDED
            if card in feeding:
                value -= self.FEEDS_OTHERS
            return value

        return worth


def _table_ends(table) -> set[int]:
    """The natural cards that could be laid off on ``table``'s melds (codes, low end): a set of
    fewer than four takes its rank in a suit it lacks, a run a card at either end."""
    ends = set()
    for codes, low in table:
        first = _first_natural(codes)
        if low == 0:
            if len(codes) < 4:
                suits = {c // 13 for c in codes if c < RJ}
                ends.update(s * 13 + first % 13 for s in range(4) if s not in suits)
        else:
            s, high = first // 13, low + len(codes) - 1
            if low > 1:
                ends.add(_natural(s, low - 1))
            if high < 14:
                ends.add(_natural(s, high + 1))
    return ends


def _opens(hand: Sequence[int]) -> bool:
    """The hand holds an opening of :data:`OPENING` points, which the book's bot lays at once."""
    return _player_plan(hand)[0] >= OPENING


def _player_plan(hand: Sequence[int]) -> tuple[int, list]:
    """The best opening, for a hand no bigger than a dealt one (a hand-set deal may hold more)."""
    return _best_opening(tuple(sorted(hand))) if len(hand) <= MAX_HAND else (0, [])


def _meld_size(a: Meld) -> int:
    return len(a.cards)


def _first_natural(codes: Sequence[int]) -> int:
    return next(c for c in codes if c < RJ)


def _partners(card: int) -> tuple[int, ...]:
    """The cards that could join ``card`` in a meld: the same rank in another suit, the same suit
    within two ranks (the ace next to both the two and the king)."""
    s, r = card // 13, card % 13
    same_rank = [q * 13 + r for q in range(4) if q != s]
    same_suit = [s * 13 + x for x in range(13) if abs(x - r) in (1, 2, 11, 12)]
    return tuple(same_rank + same_suit)


#: each natural card's partners (:func:`_partners`), by code
_PARTNERS = tuple(_partners(card) for card in range(52))


def _connections(card: int, held: set[int]) -> int:
    """Other cards of the hand (``held``: its codes) that could join ``card`` in a meld
    (:func:`_partners`), each counted once however many copies the hand holds."""
    return sum(1 for c in _PARTNERS[card] if c in held)
