"""What Durak's coach needs: a deal of the unseen cards from one seat's view, and the value
of a game for a seat (see :mod:`rules.coach`)."""

from __future__ import annotations

import random

from rules.cards import ALL_CARDS, parse_card
from rules.coach import Coaching
from rules.games.durak.beats import _RANK_KEY, _code, strength, top_joker, trump_suits
from rules.games.durak.state import ADD, PHASES, THROW, Attack, DurakState, Options, Take
from rules.lang import Bi


def deal(view: dict, rng: random.Random) -> DurakState:
    """A game of Durak that ``view``'s seat cannot tell from the real one, at the same moment.

    Its own hand, the table, the turned-up card, the hands' sizes, the deck's and the
    discard pile's counts are as the view says; every other card of the pack is dealt
    at random to the other hands, the deck (under the turned-up card) and the
    discard pile. The imagined game is the last of its match.
    """
    me = view["player"]
    given = view["options"]
    options = Options(
        variant=view["variant"],
        deck=given["deck"],
        first_bout_five=given["first_bout_five"],
        draw_order=given["draw_order"],
    )
    n = len(view["hand_sizes"])
    state = DurakState(options, n, rng.randrange(2**31), deal=False)
    hand = [_code(parse_card(c)) for c in view["hand"]]
    table = [(_code(parse_card(a)), None if d is None else _code(parse_card(d))) for a, d in view["table"]]
    seen = set(hand) | {a for a, _ in table} | {d for _, d in table if d is not None}
    turned = view["trump_card"]
    if turned is not None:
        trump = _code(parse_card(turned))
        seen.add(trump)
    else:  # the turned-up card was drawn: any card of its colour and suits stands for it
        trump = _stand_in(state, view)
    unseen = [c for c in state._pack if c not in seen]
    rng.shuffle(unseen)
    hands = []
    for p, size in enumerate(view["hand_sizes"]):
        if p == me:
            hands.append(hand)
        else:
            hands.append(unseen[:size])
            del unseen[:size]
    in_deck = max(view["deck_count"] - 1, 0)
    deck = ([trump] if turned is not None else []) + unseen[:in_deck]
    discard = unseen[in_deck:]
    state._lay(trump, deck, discard)
    state.hands = hands
    state.out = list(view["out"])
    state.discarded_yet = view["discard_count"] > 0
    state.table_attack = [a for a, _ in table]
    state.table_defence = [d for _, d in table]
    state._ranks = {_RANK_KEY[c] for pair in table for c in pair if c is not None}
    state._undefended = sum(d is None for _, d in table)
    state.attacker, state.defender = view["attacker"], view["defender"]
    state.bout_limit, state.cap = view["bout_limit"], view["cap"]
    a, d = state.attacker, state.defender
    state.order = [a] + [q for q in ((a + k) % n for k in range(1, n)) if q != d and not state.out[q]]
    state.phase = PHASES.index(view["phase"])
    state.ptr = state.order.index(view["turn"]) if state.phase in (THROW, ADD) else 0
    state.lead_how = "set"
    return state


def _stand_in(state: DurakState, view: dict) -> int:
    """A card that makes the same trumps as the turned-up card the view no longer shows."""
    suits = view["trump_suits"]
    if len(suits) > 1:  # a turned-up joker: the joker of its colour
        return next(c for c in state._pack if ALL_CARDS[c].joker is not None and _colour(c) == view["top_joker"])
    return next(c for c in state._pack if ALL_CARDS[c].joker is None and ALL_CARDS[c].suit.value == suits[0])


def _colour(code: int) -> str:
    return top_joker(ALL_CARDS[code]).color.value


def value(state: DurakState, seat: int) -> float:
    """Not the fool: 1; a draw: one half; the fool: 0."""
    fool = state.fools[-1] if state.fools else None
    if fool is None:
        return 0.5
    return 0.0 if fool == seat else 1.0


_COSTS: dict[int, list[int]] = {}


def _costs(trump: int) -> list[int]:
    """The heuristic bot's price of every card code under this trump (see :class:`HeuristicPlayer`)."""
    costs = _COSTS.get(trump)
    if costs is None:
        turned = ALL_CARDS[trump]
        top = top_joker(turned)
        suits = trump_suits(turned)
        costs = _COSTS[trump] = [
            (60 if card == top else 35)
            if card.joker is not None
            else strength(card) + (20 if card.suit in suits else 0)
            for card in ALL_CARDS
        ]
    return costs


def policy(state: DurakState, actions: list, rng: random.Random):
    """:class:`HeuristicPlayer`'s choice, read from the state's card codes (for the coach's playouts)."""
    costs = _costs(state.trump)
    first, last = actions[0], actions[-1]
    if type(first) is Attack:
        return min(actions, key=lambda a: costs[_code(a.card)])
    if type(last) is Take:
        beats = actions[:-1]
        if not beats:
            return last
        covered = {_code(b.attack) for b in beats}
        unbeaten = [a for a, d in zip(state.table_attack, state.table_defence, strict=True) if d is None]
        if any(u not in covered for u in unbeaten):
            return last
        target = max(unbeaten, key=costs.__getitem__)
        best = min((b for b in beats if _code(b.attack) == target), key=lambda b: costs[_code(b.card)])
        if costs[_code(best.card)] > 24 and len(state.deck) > 6:
            return last
        return best
    if len(actions) == 1:
        return last
    best = min(actions[:-1], key=lambda a: costs[_code(a.card)])
    cost = costs[_code(best.card)]
    if cost <= 11 or (not state.deck and cost <= 40 and rng.random() < 0.75):
        return best
    return last


COACHING = Coaching(
    deal=deal,
    value=value,
    policy=policy,
    unit=Bi("chance of not being the fool", "шанс не остаться в дураках"),
)
