"""What Joker rummy's coach needs: a deal of the unseen cards from one seat's view, a fast
rollout policy, and an estimate of a deal cut short (see :mod:`rules.coach`)."""

from __future__ import annotations

import bisect
import random
from collections import Counter

from rules.cards import parse_card
from rules.coach import Coaching, chance_ahead, win_share
from rules.games.joker_rummy.melds import _code, _penalty_codes
from rules.games.joker_rummy.players import HeuristicPlayer, SharpPlayer, read_view
from rules.games.joker_rummy.state import PHASES, Discard, JokerRummyState, Meld, Options, _TableMeld
from rules.lang import Bi

#: a playout stops at the end of its deal (:func:`stage`), or after this many actions, and the game
#: is estimated there
HORIZON = 120
#: how many points of difference in the estimate make one player about 73% sure of the lowest total
#: at the end, fitted between deals to 4,500 games between the book's bots
#: (``benchmarks/fit_estimates.py``: 58.0)
SCALE = 58.0
#: one deal's result between the book's bots at two players, one player's score less the other's:
#: its percentiles from 50.5% to 99.5% over the 9,000 deals of 4,500 games, each deal counted from
#: both seats (``benchmarks/fit_estimates.py``); those below the middle mirror them
DEAL_RESULT_UPPER = (
    52, 52, 52, 52, 52, 52, 53, 53, 53, 54, 54, 54, 55, 55, 56, 56, 57, 58, 58, 59, 60, 60, 61, 62, 63,
    64, 65, 66, 67, 69, 70, 71, 72, 74, 76, 79, 82, 85, 90, 94, 100, 101, 104, 110, 117, 125, 133, 140, 150, 163
)  # fmt: skip
#: the percentiles 0.5%, 1.5% ... 99.5% of that result
DEAL_RESULT = tuple(-x for x in reversed(DEAL_RESULT_UPPER)) + DEAL_RESULT_UPPER


def deal(view: dict, rng: random.Random) -> JokerRummyState:
    """A deal of Joker rummy that ``view``'s seat cannot tell from the real one, at the same moment.

    Its hand, the discard pile, the melds, the totals and where the turn stands are as
    the view says; the cards it has not seen go at random to the other hands (their
    sizes known) and to the stock. A card the seat saw the other player of two take from the
    discard pile and not play since (the view's ``"memory"``, from :func:`remember`) stays
    in that hand. The other hands are those the book's bot could have left at the end of its last
    turn, as the playouts play them (:func:`_as_left`): up to :data:`TRIES` deals are tried until one is.
    """
    me = view["player"]
    given = view["options"]
    options = Options(
        deals=view["deals"],
        limit=given["limit"],
        joker_penalty=view["joker_penalty"],
        join=given["join"],
        round_limit=given["round_limit"],
    )
    n = len(view["hand_sizes"])
    state = JokerRummyState(options, n, rng.randrange(2**31))
    hand = [_code(parse_card(c)) for c in view["hand"]]
    discard = [_code(parse_card(c)) for c in view["discard"]]
    melds = {
        m["id"]: _TableMeld(m["id"], m["owner"], m["low"], [_code(parse_card(c)) for c in m["cards"]], m["pending"])
        for m in view["melds"]
    }
    unseen = Counter(state._pack)
    unseen.subtract(hand)
    unseen.subtract(discard)
    for m in melds.values():
        unseen.subtract(m.cards)
    held: dict[int, list[int]] = {}
    for p, cards in (view.get("memory") or {}).get("held", {}).items():
        p = int(p)
        if p == me:
            continue
        for c in [_code(parse_card(t)) for t in cards][: view["hand_sizes"][p]]:
            if unseen[c] > 0:
                unseen[c] -= 1
                held.setdefault(p, []).append(c)
    pool = sorted(unseen.elements())
    for _ in range(TRIES):
        rng.shuffle(pool)
        hands, rest_pool = [], list(pool)
        for p, size in enumerate(view["hand_sizes"]):
            if p == me:
                hands.append(sorted(hand))
            else:
                known = held.get(p, [])
                rest = size - len(known)
                hands.append(sorted(known + rest_pool[:rest]))
                del rest_pool[:rest]
        if all(_as_left(view, p, hands[p]) for p in range(n) if p != me):
            break
    pool = rest_pool
    state.hands, state.stock, state.discard = hands, pool, discard
    state.melds = melds
    state.next_meld = max(melds, default=0) + 1
    state.opened = list(view["opened"])
    state.opened_round = [None] * n
    state.pending, state.owed = view["pending"], view["owed"]
    state.phase = PHASES.index(view["phase"])
    state.player, state.turn_no, state.took_back = view["turn"], view["turn_no"], view["took_back"]
    state.totals = list(view["totals"])
    state.deal_scores = [tuple(s) for s in view["deal_scores"]]
    state.deal_log = [{} for _ in state.deal_scores]
    state.dealer = view["dealer"]
    state.deals = view["deals"]
    state._cache = None
    return state


#: the deals of the unseen cards :func:`deal` tries before it keeps one the other players' last turns rule out
TRIES = 20


def _as_left(view: dict, p: int, hand: list[int]) -> bool:
    """Whether player ``p`` could hold ``hand`` (card codes) at the end of its last turn, played as
    the book's bot plays (:meth:`HeuristicPlayer.could_leave`): any hand before it has had a turn in
    which it could meld (the first round, when nobody melds)."""
    n = len(view["hand_sizes"])
    last = view["turn_no"] - (view["turn"] - p) % n  # p's last turn in this deal
    return last < n or HeuristicPlayer.could_leave(hand, view["opened"][p])


def _shown(view: dict) -> Counter:
    return Counter(view["discard"]) + Counter(c for m in view["melds"] for c in m["cards"])


def remember(memory: dict | None, view: dict, action) -> dict:
    """What the seat remembers after its ``view`` now and its ``action`` (see :class:`rules.coach.Coaching`).

    At two players: the discard pile as the seat left it with its discard; the cards gone
    from it when its turn comes again were taken by the other player, who holds them until
    a card of that name comes to the table or the pile. A new deal starts the memory afresh.
    """
    me, n = view["player"], len(view["hand_sizes"])
    if memory is None or memory["deal"] != view["deal"]:
        memory = {"deal": view["deal"], "pile": None, "held": {}, "shown": {}}
    pile, shown = view["discard"], _shown(view)
    held = {int(p): list(cards) for p, cards in memory["held"].items()}
    before = memory["pile"]
    if before is not None and n == 2:
        k = 0
        while k < min(len(before), len(pile)) and before[k] == pile[k]:
            k += 1
        if before[k:]:
            held.setdefault(1 - me, []).extend(before[k:])
    grew = shown - Counter(memory["shown"])
    for cards in held.values():
        for card in list(cards):
            if grew[card] > 0:
                grew[card] -= 1
                cards.remove(card)
    after = None
    if isinstance(action, Discard):
        after = [*pile, *(str(c) for c in action.cards)]
    return {"deal": view["deal"], "pile": after, "held": held, "shown": dict(shown)}


_BOT = HeuristicPlayer()
_SHARP = SharpPlayer()


def policy(state: JokerRummyState, actions: list, rng: random.Random):
    """The book bot's choice, read from the imagined state's card codes."""
    p = state.player
    table = [(m.cards, m.low) for m in state.melds.values()] if state.opened[p] else []
    return _BOT.decide(p, state.hands[p], state.opened, state.pending, state.owed, table, actions, rng)


#: the strong bot's shortlist: the best discards by the sharp bot's measure, and the largest new melds
SHORT_DISCARDS, SHORT_MELDS = 3, 2


def shortlist(view: dict, actions: list, usual) -> list:
    """The moves the strong bot weighs against its starting move ``usual`` (see
    :attr:`rules.coach.Coaching.shortlist`): ``usual``, every draw, lay-off, joker taken and meld
    joined, the :data:`SHORT_MELDS` largest new melds (to meld now or to wait) and the
    :data:`SHORT_DISCARDS` discards the sharp bot ranks best (a turn of 14 cards offers 14)."""
    hand, table = read_view(view)
    worth = _SHARP._discard_worth(hand, {**view, "melds": table})
    discards = [a for a in actions if isinstance(a, Discard)]
    melds = [a for a in actions if isinstance(a, Meld)]
    best = {a.label for a in sorted(discards, key=lambda a: -worth(a.codes[0]))[:SHORT_DISCARDS]}
    best |= {a.label for a in sorted(melds, key=lambda a: -len(a.cards))[:SHORT_MELDS]}
    return [a for a in actions if a == usual or a.label in best or not isinstance(a, (Discard, Meld))]


def stage(state: JokerRummyState) -> int:
    """The deal a state is in: a playout stops at the end of its deal."""
    return len(state.deal_scores)


def lead_holds(lead: float) -> float:
    """The chance that a lead of ``lead`` points in the totals (the other player's less the seat's) still
    stands after one more deal of two players: that the deal's result (the seat's score less the other's,
    :data:`DEAL_RESULT`) is less than it. Read off the percentiles, straight between them.

    >>> lead_holds(0), round(lead_holds(56), 2), lead_holds(-400)
    (0.5, 0.65, 0.005)
    """
    q = DEAL_RESULT
    k = bisect.bisect_left(q, lead)
    if k == 0:
        return 0.5 / len(q)
    if k == len(q):
        return 1 - 0.5 / len(q)
    j = bisect.bisect_right(q, lead)
    if j > k:  # lead is a percentile: the middle of its run
        return (k + j) / 2 / len(q)
    low, high = q[k - 1], q[k]
    return (k - 0.5 + (lead - low) / (high - low)) / len(q)


def evaluate(state: JokerRummyState, seat: int) -> float:
    """The seat's chance of the lowest total, guessed from the totals and, in a deal under way, the
    points in hand: an opened hand is likely to shed half of them before the deal ends. Between
    deals (nothing played yet in one) the totals alone: the hands just dealt are luck to come; before
    the last deal of two players, the chance that the seat's lead holds through it (:func:`lead_holds`)."""
    joker = state.options.joker_penalty
    fresh = state.turn_no == 0 and not state.melds
    if fresh and state.num_players == 2 and state.deals - len(state.deal_scores) == 1:
        return lead_holds(state.totals[1 - seat] - state.totals[seat])
    guess = [
        total + (0 if fresh else _penalty_codes(hand, joker) * (0.5 if opened else 1.0))
        for total, hand, opened in zip(state.totals, state.hands, state.opened, strict=True)
    ]
    # the lowest total wins: a total counts against its player
    return chance_ahead(-guess[seat], [-g for q, g in enumerate(guess) if q != seat], SCALE)


COACHING = Coaching(
    deal=deal,
    value=win_share,
    evaluate=evaluate,
    horizon=HORIZON,
    stage=stage,
    policy=policy,
    remember=remember,
    unit=Bi("chance of the lowest total", "шанс на наименьшую сумму очков"),
    prior=SharpPlayer.name,  # the strong bot's starting move; its playouts play the book's bot (_BOT)
    shortlist=shortlist,
    playouts=190,  # its reach in 0.2 s a move (README, "The coach")
)
