"""What Dummy rummy's coach needs: a deal of the unseen cards from one seat's view, a fast
rollout policy, and an estimate of a game cut short (see :mod:`rules.coach`)."""

from __future__ import annotations

import random
from collections import Counter

from rules.coach import Coaching, chance_ahead, win_share
from rules.games.dummy_rummy.contracts import _CODE_OF, _NAT, _POINTS, _TEXT
from rules.games.dummy_rummy.players import HeuristicPlayer, SharpPlayer
from rules.games.dummy_rummy.state import PHASES, Discard, DrawDiscard, DummyRummyState, Options
from rules.lang import Bi

#: a playout stops at the end of its hand (:func:`stage`), or after this many actions, and the game
#: is estimated there
HORIZON = 120
#: the estimate of a game between hands (:func:`evaluate`), fitted to 4,500 games between the book's
#: bots (``benchmarks/fit_estimates.py``: -68.5 and 36.4, rounded): what a contract ahead is worth in
#: points before anybody is on the last contract (less than nothing: in those games, at the same
#: totals, the player a contract ahead won less often than the one behind), and how many points of
#: difference make a player about 73% sure to finish first. Once somebody is on the last contract the
#: player a contract ahead won every one of those games, so a contract counts there as more than
#: twenty times the scale: certain.
CONTRACT_POINTS, LAST_CONTRACT_POINTS, SCALE = -68.0, 770.0, 36.0


def deal(view: dict, rng: random.Random) -> DummyRummyState:
    """A hand of Dummy rummy that ``view``'s seat cannot tell from the real one, at the same moment.

    Its hand, the melds, the top of the discard pile, the contracts, the totals and
    where the turn stands are as the view says; the cards it has not seen go at random
    to the other hands (their sizes known), under the top of the discard pile (its
    count known) and to the stock. What the seat remembers (the view's ``"memory"``, from
    :func:`remember`) narrows it: the cards it saw discarded and still in the pile lie
    there, and a card it saw the other player of two take from the pile, and not yet
    laid on the table, is in that hand.
    """
    me = view["player"]
    given = view["options"]
    n = len(view["hand_sizes"])
    options = Options(
        cut_ins=given["cut_ins"],
        all_wild=view["all_wild"],
        lowest_of_all=given["lowest_of_all"],
        last_contract=given["last_contract"],
    )
    state = DummyRummyState(options, n, rng.randrange(2**31), deal=False)
    hand = [_CODE_OF[t] for t in view["hand"]]
    table = []
    for meld in view["table"]:
        codes = tuple(_CODE_OF[t] for t in meld["cards"])
        key = meld["low"] if meld["kind"] == "run" else next((_NAT[c] for c in codes if _NAT[c]), 0)
        table.append((meld["owner"], meld["kind"], codes, key))
    memory = view.get("memory") or {}
    top = [_CODE_OF[view["discard_top"]]] if view["discard_top"] is not None else []
    unseen = Counter(state._pack)
    unseen.subtract(hand)
    unseen.subtract(top)
    for _, _, codes, _ in table:
        unseen.subtract(codes)
    known_pile = memory.get("pile") or []
    if len(known_pile) > view["discard_count"] or known_pile[-1:] != [view["discard_top"]]:
        known_pile = []
    buried = []
    for c in (_CODE_OF[t] for t in known_pile[:-1]):
        if unseen[c] > 0:
            unseen[c] -= 1
            buried.append(c)
    held: dict[int, list[int]] = {}
    for p, cards in memory.get("held", {}).items():
        p = int(p)
        for c in [_CODE_OF[t] for t in cards][: view["hand_sizes"][p]] if p != me else []:
            if unseen[c] > 0:
                unseen[c] -= 1
                held.setdefault(p, []).append(c)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    hands = []
    for p, size in enumerate(view["hand_sizes"]):
        if p == me:
            hands.append(hand)
        else:
            known = held.get(p, [])
            rest = size - len(known)
            hands.append(known + pool[:rest])
            del pool[:rest]
    top = buried + top
    under = max(view["discard_count"] - len(top), 0)
    state.hands, state.pile, state.stock = hands, pool[:under] + top, pool[under:]
    state.hand_no = view["hand_number"]
    state._start_hand(view["turn"])
    state.table = table
    state.contract, state.totals = list(view["contracts"]), list(view["totals"])
    state.down, state.went_down, state.cuts = list(view["down"]), list(view["went_down"]), list(view["cut_ins"])
    state.turns, state.queue = view["turns"], list(view["asked"])
    state.asker, state.discarder = view["asker"], view["discarder"]
    state.phase = PHASES.index(view["phase"])
    state._cache = None
    return state


def remember(memory: dict | None, view: dict, action) -> dict:
    """What the seat remembers after its ``view`` now and its ``action`` (see :class:`rules.coach.Coaching`).

    The discard pile's cards from the top down as far as the seat saw them go on it
    (``pile``, the top last), and at two players the cards the other player took from it
    (``held``): the seat's discard gone from the pile when its turn comes again (the pile
    no higher than it left it) was drawn by the other player, who holds it until a card of
    its name comes to the table or the pile. A new hand starts the memory afresh.
    """
    me, n = view["player"], len(view["hand_sizes"])
    if memory is None or memory["hand"] != view["hand_number"]:
        memory = {"hand": view["hand_number"], "pile": [], "count": 0, "held": {}, "shown": {}}
    top, count = view["discard_top"], view["discard_count"]
    pile = list(memory["pile"])
    held = {int(p): list(cards) for p, cards in memory["held"].items()}
    before = memory["count"]
    if count == before + 1:  # a card discarded on the pile seen
        pile.append(top)
    elif count == before and pile and n == 2 and memory.get("mine"):  # the seat's discard taken, another put
        held.setdefault(1 - me, []).append(pile.pop())
        pile.append(top)
    elif not (count == before and pile[-1:] == [top]):
        pile = [top] if top is not None else []
    shown = Counter(t for meld in view["table"] for t in meld["cards"])
    grew = shown - Counter(memory["shown"])
    if count > before and top is not None:  # a discard of the other player's
        grew[top] += 1
    for cards in held.values():
        for card in list(cards):
            if grew[card] > 0:
                grew[card] -= 1
                cards.remove(card)
    mine = isinstance(action, Discard)
    if mine:
        pile.append(str(action.card))
        count += 1
    elif isinstance(action, DrawDiscard) and pile:
        pile.pop()
        count -= 1
    pile = pile[-count:] if count else []
    return {"hand": view["hand_number"], "pile": pile, "count": count, "held": held, "shown": dict(shown), "mine": mine}


_BOT = HeuristicPlayer()


def policy(state: DummyRummyState, actions: list, rng: random.Random):
    """The heuristic bot's choice, given only the part of the view it reads."""
    p = actions[0].player
    view = {
        "player": p,
        "hand": [_TEXT[c] for c in state.hands[p]],
        "down": state.down,
        "contracts": state.contract,
        "all_wild": state.options.all_wild,
    }
    return _BOT.choose(view, actions, rng)


def stage(state: DummyRummyState) -> int:
    """The hand a state is in: a playout stops at the end of its hand."""
    return state.hand_no


def evaluate(state: DummyRummyState, seat: int) -> float:
    """The seat's chance of finishing first, guessed from the contracts made, the totals and, in a
    hand under way, the contract made in it and the points still in hand; between hands (nothing
    played yet in one) the contracts and totals alone."""
    fresh = state.turns == 0 and not any(state.down)
    contracts = [c + (0 if fresh else d) for c, d in zip(state.contract, state.went_down, strict=True)]
    points = [state.totals[q] + (0 if fresh else sum(_POINTS[c] for c in hand)) for q, hand in enumerate(state.hands)]
    if state.options.lowest_of_all:
        worth = 0.0
    elif max(contracts) >= state.options.last_contract:
        worth = LAST_CONTRACT_POINTS
    else:
        worth = CONTRACT_POINTS
    guess = [worth * c - t for c, t in zip(contracts, points, strict=True)]
    return chance_ahead(guess[seat], guess[:seat] + guess[seat + 1 :], SCALE)


COACHING = Coaching(
    deal=deal,
    value=win_share,
    evaluate=evaluate,
    horizon=HORIZON,
    stage=stage,
    policy=policy,
    remember=remember,
    unit=Bi("chance of winning the game", "шанс выиграть партию"),
    prior=SharpPlayer.name,  # the strong bot's starting move; its playouts play the book's bot (_BOT)
    playouts=450,  # its reach in 0.2 s a move (README, "The coach")
)
