"""Durak's bot and what the statistics count in a game."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.game import Action, Note
from rules.games.durak.beats import _code, strength, top_joker
from rules.games.durak.state import Attack, Beat, DurakState, Take, ThrowIn
from rules.games.durak.texts import Discarded, Picked

# ---------------------------------------------------------------- simulated games


def measure(state: DurakState) -> dict[str, int]:
    """What the statistics page counts in one finished game (for :func:`rules.simulate.simulate`).

    ``fool``: the fool's seat, -1 for a draw, -2 if the game had not ended at its
    action bound (the rules have no end for cards that go round for ever);
    ``first``: the first attacker; ``bouts`` and ``takes``; ``top_joker``: the seat
    dealt the top joker, -1 if it stayed in the stock or the variant has none.
    """
    start = state.restart()
    top = -1
    if start.options.variant == "jokers":
        code = _code(top_joker(start.trump_card))
        top = next((p for p, h in enumerate(start.hands) if code in h), -1)
    notes = [type(n) for n in state._story if isinstance(n, Note)]
    takes = notes.count(Picked)
    return {
        "fool": (-1 if state.fool is None else state.fool) if state.is_over() else -2,
        "first": start.attacker,
        "bouts": takes + notes.count(Discarded),
        "takes": takes,
        "top_joker": top,
    }


# ---------------------------------------------------------------- players


def _parse(text: str) -> Card:
    from rules.cards import parse_card

    return parse_card(text)


class HeuristicPlayer:
    """A sound simple player that reads only its view and the legal actions.

    Leads and throws in its cheapest cards (no trumps while the deck lasts), beats
    with the lowest card that beats, saves trumps and jokers, and takes when
    beating would cost too much (a high trump or a joker early in the game).
    """

    name = "heuristic"
    needs_view = True

    def __init__(self, take_threshold: int = 24):
        self.take_threshold = take_threshold

    def _cost(self, card: Card, view: dict) -> int:
        if card.joker is not None:
            return 60 if card.joker.value == view["top_joker"] else 35
        s = strength(card)
        return s + 20 if card.suit.value in view["trump_suits"] else s

    def choose(self, view: dict, actions: Sequence[Action], rng) -> Action:
        first = actions[0]
        cost = self._cost
        endgame = view["deck_count"] == 0
        if isinstance(first, Attack):
            return min(actions, key=lambda a: (cost(a.card, view), str(a.card)))
        if isinstance(first, Beat) or isinstance(actions[-1], Take):
            beats_ = [a for a in actions if isinstance(a, Beat)]
            take = actions[-1]
            unbeaten = [_parse(a) for a, d in view["table"] if d is None]
            if not beats_ or any(all(b.attack != c for b in beats_) for c in unbeaten):
                return take  # some card cannot be beaten at all
            # the cheapest way to cover the most expensive unbeaten card first
            target = max(unbeaten, key=lambda c: (cost(c, view), str(c)))
            options = [a for a in beats_ if a.attack == target]
            best = min(options, key=lambda a: (cost(a.card, view), str(a.card)))
            too_dear = cost(best.card, view) > self.take_threshold and view["deck_count"] > 6
            return take if too_dear and not endgame else best
        # throwing in or adding: cheap cards only, unless the deck is empty
        throws = [a for a in actions if isinstance(a, ThrowIn)]
        passing = actions[-1]
        if not throws:
            return passing
        best = min(throws, key=lambda a: (cost(a.card, view), str(a.card)))
        if cost(best.card, view) <= 11:
            return best
        # dear cards only when the stock is empty, and not always: deterministic players
        # who always throw everything in can pass the same cards round for ever
        if endgame and cost(best.card, view) <= 40 and (rng is None or rng.random() < 0.75):
            return best
        return passing
