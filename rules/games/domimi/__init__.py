"""ДоМиМи (DoMiMi), a deck-building card game by Anton Fedorov.

Every player starts with a personal deck of four cards (an ace and a two of two
suits) and, turn after turn, reveals three cards of it and uses them to take
cards from the common field: money cards (A..10) of one suit for the same sum
(collecting), a card of a rank shown twice (cross), or a picture for a large sum
(buying). Pictures score; money only buys. The rulings of the book's
clarifications are followed throughout (numbers in comments refer to them).

A turn is a sequence of decisions, each an action: the refill choice, a picture's
"reveal more", the main move, returns, the recipient (team play).

The teaching oracle :func:`turn_options` lists what a player can do with some
revealed cards and a field; the game's legal actions use the same code.

>>> [o.take for o in turn_options("A♦ 2♦ 2♠", "3♦ 3♠", stage=1)]
[(Card.parse('3♦'),)]
"""

from __future__ import annotations

import functools

from rules.coach import Coach
from rules.game import Game, GameInfo
from rules.games.domimi.coaching import COACHING
from rules.games.domimi.explorer import Exploration, draw_field, explore, explorer_field, option_groups, worked_example
from rules.games.domimi.oracle import _ALL as _ALL
from rules.games.domimi.oracle import (
    MAX_DECKS,
    MAX_REVEALED,
    POINTS,
    PRICES,
    OptionList,
    TurnOption,
    full_field,
    turn_options,
)
from rules.games.domimi.oracle import _points as _points
from rules.games.domimi.oracle import _price as _price
from rules.games.domimi.oracle import _rank_key as _rank_key
from rules.games.domimi.players import BuilderPlayer, GreedyPlayer, SharpBuilderPlayer, measure
from rules.games.domimi.setups import SETUPS, VARIANTS, scenario
from rules.games.domimi.state import (
    DomimiState,
    EndCollect,
    EndTurn,
    GiveTo,
    KeepOne,
    Move,
    Options,
    Pass,
    PictureTake,
    Refill,
    ReturnCard,
    RevealMore,
    Steal,
    _max_actions,
    clear_caches,
    setup_plan,
)
from rules.games.domimi.texts import RULES, explain_refusal

# _ALL, _points, _price, _rank_key: reached for by the book's pages, the benchmarks and the tests
__all__ = [
    "BuilderPlayer",
    "DomimiState",
    "EndCollect",
    "EndTurn",
    "Exploration",
    "GAME",
    "GiveTo",
    "GreedyPlayer",
    "SharpBuilderPlayer",
    "KeepOne",
    "MAX_DECKS",
    "MAX_REVEALED",
    "Move",
    "OptionList",
    "Options",
    "POINTS",
    "PRICES",
    "Pass",
    "PictureTake",
    "RULES",
    "Refill",
    "ReturnCard",
    "RevealMore",
    "SETUPS",
    "Steal",
    "TurnOption",
    "VARIANTS",
    "clear_caches",
    "draw_field",
    "explain_refusal",
    "explore",
    "explorer_field",
    "from_json",
    "full_field",
    "measure",
    "new_game",
    "option_groups",
    "scenario",
    "setup_plan",
    "turn_options",
    "worked_example",
]


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("domimi", "DoMiMi", "ДоМиМи", 2, 20, _max_actions),
    rules=RULES,
    options=Options,
    state=DomimiState,
    actions=(Refill, RevealMore, Move, EndCollect, PictureTake, KeepOne, Steal, Pass, ReturnCard, EndTurn, GiveTo),
    factories={"scenario": scenario},
    setups=SETUPS,
    variants=VARIANTS,
    players={
        "greedy": GreedyPlayer,
        "builder": BuilderPlayer,
        # the strong bot's starting move and its playouts' bot (its coaching's prior)
        "sharp builder": SharpBuilderPlayer,
        # the three strengths: the greedy bot, the builder, the coach
        "easy": GreedyPlayer,
        "heuristic": BuilderPlayer,
        "strong": functools.partial(Coach, "domimi"),
    },
    bot="builder",  # the strongest of the simple bots
    measure=measure,
    view="widgets.games.domimi:DomimiGame",
    painter="widgets.paint.domimi:DomimiPainter",
    coaching=COACHING,
)
new_game, from_json = GAME.new_game, GAME.from_json
