"""Dummy rummy's bot and what the statistics count in a game."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.game import Action
from rules.games.dummy_rummy.contracts import (
    _CODE_OF,
    _NAT,
    _NATURAL_RANKS,
    _POINTS,
    _WILD,
    CONTRACTS,
    _code,
    _shortfall,
    is_wild,
)
from rules.games.dummy_rummy.state import CutIn, Discard, DrawDiscard, DrawStock, DummyRummyState, GoDown, LayOff


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
        left: dict[int, tuple] = {}  # by natural rank (0: wild): losing any card of a rank costs the same

        def cost(a: Discard) -> tuple:
            c = _code(a.card)
            if planning and _NAT[c] not in left:
                rest = hand.copy()
                rest.remove(c)
                left[_NAT[c]] = self._standing(number, rest, aw)
            return (*left.get(_NAT[c], ()), _WILD[c], -_POINTS[c], c)

        return min(actions, key=cost)

    @staticmethod
    def _standing(number: int, hand: list[int], all_wild: bool) -> tuple:
        """How far ``hand`` stands from contract ``number``, lower is nearer: the cards it lacks."""
        return (_shortfall(number, hand, all_wild),)


#: one card of each natural rank: runs take any suit, so a rank stands for all its cards
_ONE_OF_RANK = tuple(_NAT.index(rank) for rank in _NATURAL_RANKS)


class SharpPlayer(HeuristicPlayer):
    """The book's bot with one change, chosen by playing variants of it against the book's bot
    (``benchmarks/bench_coach.py --versus``): among the discards that leave the contract equally
    near, it keeps the hand with the most outs, the ranks of which one more card would bring the
    contract closer. The strong bot starts from its move (its game's
    :attr:`rules.coach.Coaching.prior`); its playouts play the book's bot."""

    name = "sharp"

    @staticmethod
    def _standing(number: int, hand: list[int], all_wild: bool) -> tuple:
        """The cards ``hand`` lacks for contract ``number``, then its outs, more outs first."""
        short = _shortfall(number, hand, all_wild)
        outs = sum(_shortfall(number, [*hand, card], all_wild) < short for card in _ONE_OF_RANK)
        return (short, -outs)
