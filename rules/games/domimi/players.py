"""DoMiMi's bots and what the statistics count in a game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.cards import Card
from rules.game import Action
from rules.games.domimi.oracle import _is_money, _is_picture, _points
from rules.games.domimi.state import DomimiState, Move, PictureTake, Refill, ReturnCard, RevealMore, Steal


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
        return max(actions, key=self.score)  # the first listed of the best

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
    small money cards (A to ``returns_up_to``, 4 by default) in stage 2. A money card
    taken is worth its rank to the power ``money_power`` (2: a ten is worth four
    fives). At a refill it reveals the cards left in its deck (``reveal_on_refill``)
    rather than mixing them unseen into its discard pile.
    """

    name = "builder"
    needs_view = True

    def __init__(self, returns_up_to: int = 4, money_power: float = 2.0, reveal_on_refill: bool = True):
        self.returns_up_to = returns_up_to
        self.money_power = money_power
        self.reveal_on_refill = reveal_on_refill

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        stage = view.get("stage", 1)
        return max(actions, key=lambda a: self.score(a, stage))  # the first listed of the best

    def score(self, a: Action, stage: int) -> float:
        if isinstance(a, Move):
            power = self.money_power
            gain = sum(10.0 * _points(c) if _is_picture(c) else (c.rank / 10.0) ** power for c in a.take)
            return gain + 0.05 * len(a.take) - (0.0 if a.kind == "buy" else 0.01 * len(a.pay))
        if isinstance(a, PictureTake):
            return (a.card.rank / 10.0) ** 2
        if isinstance(a, RevealMore):
            return 1.2 if a.count == 2 else 0.6
        if isinstance(a, Steal):
            return 0.7
        if isinstance(a, ReturnCard):
            return 1.0 if _is_money(a.card) and a.card.rank <= self.returns_up_to else -1.0
        if isinstance(a, Refill):
            if a.mode == "reveal":
                return 0.1 if self.reveal_on_refill else -1.0
            return 0.0
        return 0.0


class SharpBuilderPlayer(BuilderPlayer):
    """The builder with settings chosen by playing variants of it against the builder: it returns
    money cards up to the 6 in stage 2, values a money card by the fourth power of its rank (a ten
    is worth sixteen fives: it takes the big cards that buy pictures) and at a refill mixes the
    cards left unseen into its discard pile. The strong bot starts from its move and plays it in
    its playouts (``benchmarks/bench_coach.py`` measures the strong bot against the builder)."""

    name = "sharp builder"

    def __init__(self):
        super().__init__(returns_up_to=6, money_power=4.0, reveal_on_refill=False)
