"""What Durak's coach needs: a deal of the unseen cards from one seat's view, and the value
of a game for a seat (see :mod:`rules.coach`)."""

from __future__ import annotations

import random

from rules.cards import ALL_CARDS, parse_card
from rules.coach import Coaching
from rules.games.durak.beats import _RANK_KEY, _code, strength, top_joker, trump_suits
from rules.games.durak.state import ADD, PHASES, THROW, Attack, Beat, DurakState, Options, Take, ThrowIn
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
    memory = view.get("memory") or {}
    turned = view["trump_card"]
    held: dict[int, list[int]] = {}
    if turned is not None:
        trump = _code(parse_card(turned))
        seen.add(trump)
    elif memory.get("trump") is not None:  # the turned-up card was drawn: the seat saw which it was
        trump = _code(parse_card(memory["trump"]))
        if trump not in seen and n == 2 and trump not in _codes(memory.get("gone", ())):
            held[1 - me] = [trump]
    else:  # a card of its colour and suits stands for it
        trump = _stand_in(state, view)
    gone = [c for c in _codes(memory.get("gone", ())) if c not in seen][: view["discard_count"]]
    placed = set(gone)
    for p, cards in memory.get("held", {}).items():
        p = int(p)
        if p != me:
            mine = held.setdefault(p, [])
            mine += [c for c in _codes(cards) if c not in seen and c not in placed and c not in mine]
            del mine[view["hand_sizes"][p] :]
    for cards in held.values():
        placed.update(cards)
    unseen = [c for c in state._pack if c not in seen and c not in placed]
    rng.shuffle(unseen)
    hands = []
    for p, size in enumerate(view["hand_sizes"]):
        if p == me:
            hands.append(hand)
        else:
            known = held.get(p, [])
            rest = size - len(known)
            hands.append(known + unseen[:rest])
            del unseen[:rest]
    in_deck = max(view["deck_count"] - 1, 0)
    deck = ([trump] if turned is not None else []) + unseen[:in_deck]
    discard = gone + unseen[in_deck:]
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


def _suit(card: str) -> str | None:
    """The suit of a card named in a view (None: a joker)."""
    parsed = parse_card(card)
    return None if parsed.joker is not None else parsed.suit.value


def _codes(cards) -> list[int]:
    return [_code(parse_card(c)) for c in cards]


def _cards_of(view: dict) -> list[str]:
    return [c for pair in view["table"] for c in pair if c is not None]


def remember(memory: dict | None, view: dict, action) -> dict:
    """What the seat remembers after its ``view`` now and its ``action`` (see :class:`rules.coach.Coaching`).

    The cards of a bout it saw went, when the bout ended, out of the game (the defender
    beat them: the defender leads next) or into the defender's hand (it took them: another
    player leads); a card remembered in a hand leaves it when it is played again. The
    turned-up card is remembered after it was drawn. A new game of the match (or a deck
    larger than before) starts the memory afresh.
    """
    me = view["player"]
    if memory is None or memory["games"] != view["games_played"] or view["deck_count"] > memory["deck"]:
        memory = {"games": view["games_played"], "deck": view["deck_count"], "table": [], "gone": [], "held": {}}
        memory["discard"], memory["open"] = view["discard_count"], []
        memory["attacker"], memory["defender"], memory["trump"] = view["attacker"], view["defender"], None
    table = _cards_of(view)
    gone = list(memory["gone"])
    held = {int(p): list(cards) for p, cards in memory["held"].items()}
    before = memory["table"]
    if before and not set(before) <= set(table):  # the bout seen last is over
        defender = memory["defender"]
        if view["attacker"] != defender:
            if defender != me:
                held.setdefault(defender, []).extend(before)
        else:
            gone.extend(before)
            if defender != me and view["discard_count"] - memory["discard"] > len(before):
                # the defender beat the last cards unseen: any card that could have beaten them may be gone
                open_suits = {_suit(a) for a in memory["open"]} | set(view["trump_suits"]) | {None}
                held[defender] = [c for c in held.get(defender, []) if _suit(c) not in open_suits]
        before = []
    shown = set(table) | set(view["hand"])
    held = {p: [c for c in cards if c not in shown] for p, cards in held.items()}
    card = getattr(action, "card", None)
    covered = {a for a, d in view["table"] if d is not None}
    if isinstance(action, Beat):
        covered.add(str(action.attack))
    if card is not None and isinstance(action, Attack | ThrowIn | Beat):
        table = [*table, str(card)]
    return {
        "discard": view["discard_count"],
        "open": [a for a, _ in view["table"] if a not in covered]
        + ([str(card)] if isinstance(action, Attack | ThrowIn) else []),
        "games": view["games_played"],
        "deck": view["deck_count"],
        "table": table,
        "gone": gone,
        "held": held,
        "attacker": view["attacker"],
        "defender": view["defender"],
        "trump": view["trump_card"] if view["trump_card"] is not None else memory["trump"],
    }


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
    remember=remember,
    unit=Bi("chance of not being the fool", "шанс не остаться в дураках"),
    playouts=370,  # its reach in 0.2 s a move (README, "The coach")
)
