"""What one player of two can read of the other's hand in Joker rummy from the turns it saw played.

The coach keeps a set of hands the other player may hold (:data:`HANDS` of them) and follows each
through every turn of that player it sees: the card drawn (the discard pile's top, seen, or one from
the stock, guessed among the cards the seat had not seen, or the one card the rest of the turn shows
it must have been), the cards it put on the table, the card it discarded. A hand is kept only while
the book's bot, holding it, would have played that turn as the other player did (:func:`disagrees`):
taken the pile's top card or left it, opened or not, laid down and laid off all it could, discarded
the card it counts the best discard. When no hand survives (a player who does not play as the book's
bot), the set starts again from the cards unseen, read against the last turn alone. Everything it
reads is public: the seat's own hand, the table, the discard pile and their changes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import ALL_CARDS, parse_card
from rules.games.joker_rummy.melds import RJ, _code, _hand_melds, game_cards
from rules.games.joker_rummy.players import HeuristicPlayer, _can_open, _connections, _player_plan, _table_ends

#: the hands the seat keeps of what the other player may hold
HANDS = 48
#: the cards of a hand that may be swapped for others so that the other player's last turn agrees
#: with it (:func:`_agree`)
SWAPS = 10
#: how much less likely a hand is for each card the other player showed that it did not hold
#: (:func:`follow` puts the card in, in place of another, rather than drop the hand)
REPAIRED = 0.25

_BOT = HeuristicPlayer()


def codes(cards: Sequence[str]) -> list[int]:
    return [_code(parse_card(c)) for c in cards]


def names(cards) -> list[str]:
    return [str(ALL_CARDS[c]) for c in cards]


def table_cards(view: dict) -> list[int]:
    return [c for m in view["melds"] for c in codes(m["cards"])]


def table_ends(view: dict) -> set[int]:
    return _table_ends([(codes(m["cards"]), m["low"]) for m in view["melds"]])


def unseen(view: dict) -> Counter:
    """The cards the seat cannot see now: the pack less its hand, the discard pile and the table."""
    left = Counter(_code(c) for c in game_cards(len(view["hand_sizes"])))
    left.subtract(codes(view["hand"]) + codes(view["discard"]) + table_cards(view))
    return +left


def wants(card: int, hand: Sequence[int], opened: bool, ends: set[int]) -> bool:
    """Whether the book's bot holding ``hand`` takes ``card`` from the discard pile (its ``_wants``)."""
    return card >= RJ or (opened and card in ends) or _connections(card, set(hand)) >= 2


def disagrees(hand: Sequence[int], discarded: int, opened: bool, melding: bool, ends: set[int]) -> int:
    """How many of its choices the book's bot would have made otherwise than the other player did,
    holding ``hand`` (card codes) when it discarded ``discarded``: not yet open, it would have
    opened if it could (``melding``: past the first round); open, it would have laid down a meld
    or laid off a natural card on a meld's end (``ends``); and it would have discarded another
    card it counts a better discard. A player who could have gone down, or who kept a lone king
    and threw a connected five, is not likely to hold that hand."""
    return sum(1 for cards in _offending(hand, discarded, opened, melding, ends) if cards)


def _offending(hand: Sequence[int], discarded: int, opened: bool, melding: bool, ends: set[int]) -> list[list[int]]:
    """For each choice of :func:`disagrees`, the cards of ``hand`` that make the book's bot choose
    otherwise (none where it agrees): an opening's cards, a meld's, those it could lay off, those
    it would rather throw."""
    found = []
    if not opened:
        plan = _player_plan(list(hand))[1] if melding and _can_open(list(hand)) else []
        found.append([c for codes_, _low in plan for c in codes_])
    else:
        melds = _hand_melds(sorted(hand))
        found.append(list(melds[0][0]) if melds else [])
        found.append([c for c in hand if c < RJ and c in ends])
    held = set(hand)
    worth = _BOT._discard_value(discarded, held)
    found.append([c for c in hand if _BOT._discard_value(c, held) > worth])
    return found


def left_by(view: dict) -> dict:
    """What the seat remembers of the table as it leaves it with its discard (``view`` is its view
    before that discard), to read the other player's turn against when its own comes again."""
    other = 1 - view["player"]
    return {"table": names(table_cards(view)), "opened": view["opened"][other], "ends": names(table_ends(view))}


def follow(hands, left: dict | None, pile_left: list[str] | None, view: dict, held=(), read_last: bool = True):
    """The hands the other player may hold now, at the seat's draw (``view``), from those it may
    have held as the seat left the table (``hands``; ``left``, :func:`left_by`; ``pile_left``, the
    discard pile after the seat's discard); ``held``, cards the seat saw it take and not play since.
    Without ``read_last`` (a deal's first view, nobody's turn seen yet), hands dealt at random."""
    rng = random.Random(f"joker_rummy/{view['deal']}/{view['turn_no']}/{view['player']}")
    other = 1 - view["player"]
    size = view["hand_sizes"][other]
    pile = codes(view["discard"])
    hidden = unseen(view)
    last = None
    if pile and read_last:
        melding = view["turn_no"] > len(view["hand_sizes"])  # that turn was past the first round
        last = (pile[-1], view["opened"][other], melding, table_ends(view))
    kept, fixed = [], Counter(held)
    if hands and left is not None and pile_left and last is not None:
        turn = _turn(left, codes(pile_left), pile, view)
        if turn is not None:
            kept = _survivors(hands, turn, hidden, last, fixed, rng)
    if not kept:
        kept = [_fresh(hidden, list(held), size, last, rng) for _ in range(HANDS)]
    return kept[:HANDS] if len(kept) >= HANDS else kept + [rng.choice(kept) for _ in range(HANDS - len(kept))]


@dataclass(frozen=True)
class _Turn:
    """The other player's turn as the seat saw it: whether it took the seat's discard (``top``) or
    drew from the stock, the cards it put on the table and discarded (``shown``), the jokers it took
    from the table (``taken``), what the stock may have held, its hand's size after it, and the
    table as the seat had left it (``opened``, ``ends``: what it could take the top card for)."""

    took: bool
    top: int
    shown: Counter
    taken: Counter
    stock: Counter
    size: int
    opened: bool
    ends: frozenset


def _turn(left: dict, before: list[int], pile: list[int], view: dict) -> _Turn | None:
    if len(pile) == len(before) and pile[:-1] == before[:-1]:
        took = True  # it drew the seat's discard
    elif len(pile) == len(before) + 1 and pile[:-1] == before:
        took = False  # it drew from the stock
    else:
        return None  # the stock was turned over: nothing to follow
    then = Counter(codes(left["table"]))
    now = Counter(table_cards(view))
    stock = Counter(_code(c) for c in game_cards(len(view["hand_sizes"])))
    stock.subtract(codes(view["hand"]) + before + list(then.elements()))
    return _Turn(
        took=took,
        top=before[-1],
        shown=(now - then) + Counter(pile[-1:]),
        taken=then - now,
        stock=+stock,
        size=view["hand_sizes"][1 - view["player"]],
        opened=left["opened"],
        ends=frozenset(_code(parse_card(c)) for c in left["ends"]),
    )


def _survivors(hands, turn: _Turn, hidden: Counter, last, fixed: Counter, rng) -> list[tuple[int, ...]]:
    """The hands that the other player's turn, as the seat saw it, agrees with, each brought up to
    now, as many as :data:`HANDS`, the likelier drawn more often."""
    out, weights = [], []
    for hand in hands:
        followed = _through(hand, turn, hidden, fixed, rng)
        if followed is None:
            continue
        hand_now, changed = followed
        agreed = _agree(hand_now, last, hidden, fixed, rng)
        if agreed is not None:
            out.append(tuple(sorted(agreed[0])))
            weights.append(REPAIRED ** (changed + agreed[1]))
    if not out:
        return []
    return out + rng.choices(out, weights, k=max(HANDS - len(out), 0))


def _through(hand, turn: _Turn, hidden: Counter, fixed: Counter, rng) -> tuple[list[int], int] | None:
    """``hand`` brought through the turn (None: the book's bot holding it would have drawn
    otherwise), and how many of the cards the turn showed it had to be given in place of others
    (never one the seat knows it holds, ``fixed``)."""
    prior = Counter(hand)
    needed = sorted((turn.shown - (prior + turn.taken + Counter([turn.top] if turn.took else []))).elements())
    drawn = turn.top if turn.took else None
    if not turn.took and needed:  # the card from the stock: one the rest of the turn shows it needed
        drawn = needed.pop(rng.randrange(len(needed)))
        if (turn.stock - prior)[drawn] <= 0:
            return None
    # a card it showed that this hand lacks: the hand held it in place of one of its other cards
    spare = sorted((prior - turn.shown - fixed).elements())
    if len(needed) > len(spare):
        return None
    for card in needed:
        prior[spare.pop(rng.randrange(len(spare)))] -= 1
        prior[card] += 1
    prior = +prior
    if wants(turn.top, list(prior.elements()), turn.opened, turn.ends) != turn.took:
        return None
    if drawn is None:  # a card it drew and still holds
        kept = sorted((hidden - prior).elements())
        if not kept:
            return None
        drawn = rng.choice(kept)
    after = prior + turn.taken + Counter([drawn]) - turn.shown
    if after.total() != turn.size or after - hidden:
        return None
    return sorted(after.elements()), len(needed)


def _agree(hand: list[int], last, hidden: Counter, fixed: Counter, rng, most: int = 0) -> tuple[list[int], int] | None:
    """``hand`` with as few as it takes (at most :data:`SWAPS`) of its cards swapped for hidden ones so
    that the last turn (``last``: the card discarded, opened, melding, the table's ends) agrees with
    it, and how many were swapped; a card that makes the bot choose otherwise goes first (one it
    would rather have thrown, one of an opening or a meld it would have laid down, one it would have
    laid off), and the cards the seat knows are there (``fixed``) stay (None: no such hand within
    the swaps)."""
    if last is None:
        return hand, 0
    discarded, opened, melding, ends = last
    hand = list(hand)
    most = most or SWAPS
    for swaps in range(most + 1):
        offending = [c for cards in _offending([*hand, discarded], discarded, opened, melding, ends) for c in cards]
        if not offending:
            return hand, swaps
        free = Counter(hand) - fixed
        pool = sorted((hidden - Counter(hand)).elements())
        if swaps == most or not free or not pool:
            return None
        movable = [c for c in offending if free[c] > 0]
        hand.remove(rng.choice(movable or sorted(free.elements())))
        hand.append(rng.choice(pool))  # any hidden card: a chosen one would bend the guess toward it
    return None  # pragma: no cover (the loop returns)


def _fresh(hidden: Counter, known: list[int], size: int, last, rng: random.Random) -> tuple[int, ...]:
    """A hand of ``size`` from the ``hidden`` cards with the ``known`` ones that the last turn agrees
    with (:func:`_agree`), or, where none is found, one dealt at random."""
    pool = sorted((hidden - Counter(known)).elements())
    rng.shuffle(pool)
    hand = known + pool[: size - len(known)]
    agreed = _agree(hand, last, hidden, Counter(known), rng, most=len(hand))
    return tuple(sorted(hand if agreed is None else agreed[0]))
