"""Dummy rummy: twelve contracts, wild twos and jokers, cut-ins.

Source: «Dummy rummy: правила и комбинации» (2-4 players, two packs and four
jokers, 108 cards); where the text is silent or contradicts itself the rulings of
the chapter's clarifications page decide.

The meld oracle is public and pure:

>>> from rules.cards import parse_cards as cs
>>> is_set(cs("7♠ 7♠ 2♥")), is_run(cs("Q♦ K♣ A♥ J♠")), is_run(cs("K♠ A♠ 3♠ 4♠"))
(True, True, False)
>>> [m.kind for m in find_contract(2, cs("5♥ 5♣ 5♠ 9♦ 10♦ BJ Q♣ 4♠"))]
['set', 'run']
>>> penalty(cs("3♥ K♠ A♦ 2♣ RJ"))
100
"""

from __future__ import annotations

import functools

from rules.coach import Coach
from rules.game import Game, GameInfo, RandomPlayer
from rules.games.dummy_rummy.coaching import COACHING
from rules.games.dummy_rummy.contracts import _SKELETONS as _SKELETONS
from rules.games.dummy_rummy.contracts import (
    CONTRACTS,
    HAND,
    Contract,
    Meld,
    MeldSpec,
    card_points,
    contract_reason,
    find_contract,
    is_run,
    is_set,
    is_wild,
    penalty,
    shortfall,
    wilds_needed,
)
from rules.games.dummy_rummy.contracts import _code as _code
from rules.games.dummy_rummy.players import HeuristicPlayer, SharpPlayer, measure
from rules.games.dummy_rummy.setups import SETUPS, VARIANTS, position
from rules.games.dummy_rummy.state import (
    ASK,
    PRIORITY,
    AllowCutIn,
    CutIn,
    Discard,
    DrawDiscard,
    DrawStock,
    DummyRummyState,
    GoDown,
    LayOff,
    NoCutIn,
    Options,
    _max_actions,
)
from rules.games.dummy_rummy.texts import RULES

# _SKELETONS, _code: reached for by the book's pages, the benchmarks and the tests
__all__ = [
    "ASK",
    "AllowCutIn",
    "CONTRACTS",
    "Contract",
    "CutIn",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "GAME",
    "GoDown",
    "HAND",
    "HeuristicPlayer",
    "LayOff",
    "Meld",
    "MeldSpec",
    "NoCutIn",
    "PRIORITY",
    "SharpPlayer",
    "card_points",
    "contract_reason",
    "find_contract",
    "from_json",
    "is_run",
    "is_set",
    "is_wild",
    "measure",
    "new_game",
    "penalty",
    "position",
    "shortfall",
    "wilds_needed",
]


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("dummy_rummy", "Dummy rummy", "Dummy rummy", 2, 4, _max_actions),
    rules=RULES,
    options=Options,
    state=DummyRummyState,
    actions=(DrawStock, DrawDiscard, GoDown, LayOff, Discard, CutIn, NoCutIn, AllowCutIn),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={
        # the strong bot's starting move (its coaching's prior; its playouts play the book's bot)
        "sharp": SharpPlayer,
        # the three strengths: random moves, the book's bot, the coach
        "easy": RandomPlayer,
        "heuristic": HeuristicPlayer,
        "strong": functools.partial(Coach, "dummy_rummy"),
    },
    bot="heuristic",
    measure=measure,
    view="widgets.games.dummy_rummy:DummyRummyView",
    painter="widgets.paint.dummy_rummy:DummyRummyPainter",
    coaching=COACHING,
)
new_game, from_json = GAME.new_game, GAME.from_json
