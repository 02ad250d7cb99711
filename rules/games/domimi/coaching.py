"""What DoMiMi's coach needs: a deal of the unseen cards from one seat's view, and an estimate
of a game cut short (see :mod:`rules.coach`)."""

from __future__ import annotations

import random
from collections import Counter

from rules.cards import parse_card
from rules.coach import Coaching, chance_ahead, win_share
from rules.games.domimi.oracle import _POINTS_C, _SUIT_IDX, _code, _counts, full_field
from rules.games.domimi.players import SharpBuilderPlayer
from rules.games.domimi.state import DomimiState, Move, Options, PictureTake, ReturnCard, setup_plan
from rules.lang import Bi

#: a playout is cut short after this many actions and the game estimated
HORIZON = 60
#: how many points of difference in the estimate make one side about 73% sure to do better
SCALE = 6.0


def _codes(cards) -> list[int]:
    return [_code(parse_card(c)) for c in cards]


def deal(view: dict, rng: random.Random) -> DomimiState:
    """A game of DoMiMi that ``view``'s seat cannot tell from the real one, at the same moment.

    The field, the cards revealed and taken this turn, the seat's own discard pile and
    the sizes of every personal deck and discard pile are as the view says; every
    other card (the cards the seat has not seen, or no longer sees) goes at random to
    the personal decks and the other discard piles. Where the seat remembers the cards it
    owns (the view's ``"memory"``, from :func:`remember`), its personal deck is dealt from
    them (in a random order: it was shuffled), so the others own the rest.
    """
    me, turn = view["player"], view["turn_state"]
    n = len(view["draw_sizes"])
    state = DomimiState(Options(**turn["options"]), n, rng.randrange(2**31))
    field, kept, taken = _codes(view["field"]), _codes(view["revealed"]), _codes(view["taken"])
    returned, mine = list(turn["returned"]), _codes(view["discard"])
    unseen = Counter(c.index for c in full_field(state.decks))
    for known in (field, kept, taken, mine):
        unseen.subtract(known)
    owned = (view.get("memory") or {}).get("owned")
    mine_left: list[int] = []
    if owned is not None:  # the seat's personal deck: what it owns and does not see now
        left = Counter(owned)
        for known in (kept, mine):
            left.subtract(known)
        left &= unseen  # never more than is unseen (a card stolen from it is elsewhere)
        mine_left = sorted(left.elements())
        rng.shuffle(mine_left)
        del mine_left[view["draw_sizes"][me] :]
        unseen.subtract(mine_left)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    state.money, state.pics = _counts(field)
    draw, discard = [], []
    for p in range(n):
        size = view["draw_sizes"][p]
        if p == me and owned is not None:
            size -= len(mine_left)
        draw.append((mine_left if p == me else []) + pool[:size])
        del pool[:size]
        if p == me:
            discard.append(mine)
        else:
            size = view["discard_sizes"][p]
            discard.append(pool[:size])
            del pool[:size]
    state.draw, state.discard = draw, discard
    state.stage, state.first, state.turn = view["stage"], turn["first"], view["turn"]
    state.turns_played, state.steals = view["turns_played"], [list(s) for s in turn["steals"]]
    state.end_met, state._pictures_moved, state._over = turn["end_met"], True, False
    state.revealed, state.returned, state.taken = kept + returned, returned, taken
    state.spent = None if view["spent"] is None else kept[view["spent"]]
    state.locked = list(turn["locked"])
    state.needed_suits, state.collected = frozenset(turn["needed_suits"]), frozenset(turn["collected"])
    state.second_for = turn["second_for"]
    state.may_return, state._ret = turn["may_return"], list(turn["returnable"])
    state.phase = view["phase"]
    state._cache = None
    return state


def remember(memory: dict | None, view: dict, action) -> dict:
    """What the seat remembers after its ``view`` now and its ``action`` (see :class:`rules.coach.Coaching`):
    the cards it owns, when every player plays for themselves.

    It starts with its starting cards (the ace and the two of its two suits) when its first
    turn is the first it sees; each of its turns adds the cards it took and takes away the
    cards it returned to the field, once the turn is over. A card a neighbour's queen stole
    from its personal deck stays in the memory: the deal gives the personal deck only as many
    cards as it holds. Where it cannot know (teams, whose cards go to a partner, or a game
    seen from its middle) the memory holds no cards.
    """
    me, n, turn = view["player"], len(view["draw_sizes"]), view["turn_state"]
    played = view["turns_played"]
    if memory is None:
        owned = None
        if turn["options"]["teams"] == "none" and played < n:
            _decks, pairs = setup_plan(n, turn["options"]["decks"], "none")
            owned = [_SUIT_IDX[s] * 13 + r for s in pairs[me] for r in (0, 1)]
        memory = {"played": played, "owned": owned, "taken": [], "returned": []}
    owned = memory["owned"]
    if owned is not None and played != memory["played"]:  # the seat's last turn is over
        left = Counter(owned) + Counter(memory["taken"])
        left.subtract(memory["returned"])
        owned = sorted((+left).elements())
    taken = _codes(view["taken"])
    returned = list(turn["returned"])
    if isinstance(action, Move):
        taken += [_code(c) for c in action.take]
    elif isinstance(action, PictureTake):
        taken.append(_code(action.card))
    elif isinstance(action, ReturnCard):
        returned.append(_code(action.card))
    return {"played": played, "owned": owned, "taken": taken, "returned": returned}


#: the player of the playouts: the strong bot's prior (``COACHING.prior``), read from the imagined state
_BOT = SharpBuilderPlayer()


def policy(state: DomimiState, actions: list, rng: random.Random):
    """The sharp builder's choice (it reads only the stage of the game)."""
    return _BOT.choose({"stage": state.stage}, actions, rng)


def evaluate(state: DomimiState, seat: int) -> float:
    """The seat's chance of the best score, guessed from the points its side owns now
    (the cards taken this turn counted for the player taking them)."""
    n = state.num_players
    points = [state.points(p) for p in range(n)]
    if not state.is_over():
        points[state.turn] += sum(_POINTS_C[c] for c in state.taken)
    sides = sorted(set(state.team))
    score = {t: sum(points[p] for p in range(n) if state.team[p] == t) for t in sides}
    return chance_ahead(score[state.team[seat]], [score[t] for t in sides if t != state.team[seat]], SCALE)


COACHING = Coaching(
    deal=deal,
    value=win_share,
    evaluate=evaluate,
    horizon=HORIZON,
    policy=policy,
    remember=remember,
    unit=Bi("chance of winning", "шанс выиграть"),
    prior=SharpBuilderPlayer.name,  # the player of the playouts too (_BOT)
    playouts=140,  # its reach in 0.2 s a move (README, "The coach")
)
