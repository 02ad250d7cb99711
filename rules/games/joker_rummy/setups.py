"""Deals set up by hand (the text's example, exercises, tests), the teaching set-ups, and the
variants the conformance suite plays."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.cards import ALL_CARDS, format_cards
from rules.errors import OptionError
from rules.game import Setup, Variant, make_options
from rules.games.joker_rummy.melds import _codes, _meld_error, _run_problem, _set_problem
from rules.games.joker_rummy.state import ACT, DRAW, JokerRummyState, Options, _TableMeld

# ---------------------------------------------------------------- making games


def position(
    hands: Sequence[str],
    *,
    melds: Sequence[tuple[int, str]] = (),
    discard: str = "",
    opened: Sequence[int] = (),
    player: int = 0,
    drawn: bool = True,
    round: int = 2,
    seed: int = 0,
    **options,
) -> JokerRummyState:
    """A hand-set deal for teaching and tests: the hands in notation, the melds on the table as
    (owner, cards in meld order), the discard pile (bottom first), the players who have opened,
    whose turn it is and whether he has drawn; the rest of the packs is the stock, shuffled by
    ``seed``. ``round`` 2 or more is past the first round.
    """
    from rules.cards import parse_cards

    args = {
        "hands": list(hands),
        "melds": [[owner, text] for owner, text in melds],
        "discard": discard,
        "opened": list(opened),
        "player": player,
        "drawn": drawn,
        "round": round,
        "seed": seed,
        **options,
    }
    opts = make_options(Options, options)
    state = JokerRummyState(opts, len(hands), seed)
    state._story = []  # the hand-set deal replaces the dealt one
    pool = Counter(state._pack)
    state.hands = [sorted(_codes(parse_cards(h))) for h in hands]
    table: list[_TableMeld] = []
    for i, (owner, text) in enumerate(melds, start=1):
        codes = _codes(parse_cards(text))
        low = _low_of(codes)
        table.append(_TableMeld(i, owner, low, codes))
    pile = _codes(parse_cards(discard)) if discard else []
    used = Counter(c for h in state.hands for c in h) + Counter(c for m in table for c in m.cards) + Counter(pile)
    if used - pool:
        extra = format_cards(ALL_CARDS[c] for c in (used - pool).elements())
        raise OptionError(f"more copies of {extra} than the packs hold", f"карт {extra} больше, чем есть в колодах")
    stock = list((pool - used).elements())
    state.rng.shuffle(stock)
    state._start_deal(stock, pile, player)
    state.melds = {m.id: m for m in table}
    state.next_meld = len(table) + 1
    for q in opened:
        state.opened[q] = True
    state.turn_no = (round - 1) * len(hands) + (1 if round == 1 and player != 0 else 0)
    state.phase = ACT if drawn else DRAW
    return state.started_by("position", **args)


def _low_of(codes: Sequence[int]) -> int:
    """The reading of table cards given in meld order: a set if possible, else the run they spell."""
    if _set_problem(codes) is None:
        return 0
    for low in range(1, 16 - len(codes)):
        if _run_problem(codes, low) is None:
            return low
    raise _meld_error(codes)


_EXAMPLE_HAND = "9♣ 10♣ J♣ 10♣ 10♥ 10♦ 4♠ 7♦ K♣ 2♥ 5♠ 8♦ Q♥ 3♣"


#: the book's teaching set-ups (each a hand-set deal, so it saves, loads and undoes like any game)
SETUPS = {
    "source_example": Setup(
        "The text's example: 59 points",
        "Пример из текста: 59 очков",
        lambda: position([_EXAMPLE_HAND, "2♠ 3♠ 6♥ 7♥ 8♥ 9♥ J♠ Q♠ K♦ A♦ 5♦ 6♣ 4♥ 2♣"], discard="5♥", seed=1),
    ),
    "joker_take_back": Setup(
        "Taking a joker back",
        "Взять джокер со стола",
        lambda: position(
            ["5♣ Q♦ 9♦ 9♠ 2♥ 7♠", "4♠ 5♠ 6♦ 8♦ K♥ A♥"],
            melds=[(1, "3♣ 4♣ RJ"), (1, "Q♠ Q♥ BJ")],
            opened=[0, 1],
            seed=2,
        ),
    ),
    "ace_low_or_high": Setup(
        "The ace below the two or above the king",
        "Туз перед двойкой или после короля",
        lambda: position(
            ["A♠ A♦ 6♥ 9♣", "4♥ 5♥ 6♦ 8♦ K♥ A♥"],
            melds=[(1, "2♠ 3♠ 4♠"), (1, "J♦ Q♦ K♦")],
            opened=[0, 1],
            seed=3,
        ),
    ),
    "going_out_on_jokers": Setup(
        "Going out on two jokers",
        "Закончить двумя джокерами",
        lambda: position(["RJ BJ 8♣", "4♥ 5♥ 6♦ 8♦ K♥ A♥"], melds=[(1, "5♣ 6♣ 7♣")], opened=[0, 1], seed=4),
    ),
}


#: option sets the conformance suite plays (one deal each keeps it quick; the match is tested apart)
VARIANTS = (
    Variant({"deals": 1, "round_limit": 12}),
    Variant({"deals": 1, "round_limit": 15, "joker_penalty": 25, "join": "own"}, players=(2, 3)),
)
