"""Минное поле (Minefield): a game of pure chance with ten magic cards.

Two 54-card packs are laid face down as 54 numbered cells, each holding a main
card (first pack) and an amplifier card (second pack); a cell whose two cards are
identical is *amplified*. In turn, players draw lotto barrels 1..54 from a bag and
open the cell with that number: the mover collects its main card and the card's
magic, if any, takes effect. The mine (Q♠) is never collected: it is shuffled back
into the unopened cells, so anyone can step on it again. The game ends when the
last cell is opened; the highest score wins.

The only decision is "draw the next barrel"; what matters is what happens, so every
move records :class:`Event` s (which rule fired, for whom, with what effect) that
explain themselves in English and Russian.

Seats: the lot for the first player has already been drawn, so seat 0 (player 1)
moves first and play goes clockwise (seat 1, 2, ...).

>>> state = new_game(players=3, seed=1)
>>> state.apply(state.legal_actions()[0])
>>> state.events[0].rule
'minefield.move'
>>> len(state.scores())
3

Teaching scenarios fix the cells and the barrels:

>>> layout = make_layout({1: ("Q♠", "5♦")})
>>> state = new_game(players=2, seed=0, layout=layout, barrels=[1])
>>> state.apply(Draw(0))
>>> state.scores()   # the mine on the game's first move gives +1 instead of -1
[1, 0]
"""

from __future__ import annotations

import functools

from rules.coach import Coach
from rules.game import Game, GameInfo
from rules.games.minefield.board import CELLS, COLS, MAX_ACTIONS, ROWS, Options, make_layout
from rules.games.minefield.players import DrawPlayer, measure, measure_effects, score_table, wins
from rules.games.minefield.setups import SCENARIOS, SETUPS, VARIANTS, Scenario, scenario
from rules.games.minefield.state import Draw, MinefieldState
from rules.games.minefield.texts import EVENT_KINDS, EVENT_NAMES, RULES, Event, card_role, event_name

__all__ = [
    "CELLS",
    "COLS",
    "Draw",
    "DrawPlayer",
    "EVENT_KINDS",
    "EVENT_NAMES",
    "Event",
    "GAME",
    "MAX_ACTIONS",
    "MinefieldState",
    "Options",
    "ROWS",
    "RULES",
    "SCENARIOS",
    "SETUPS",
    "Scenario",
    "card_role",
    "event_name",
    "from_json",
    "make_layout",
    "measure",
    "measure_effects",
    "new_game",
    "scenario",
    "score_table",
    "wins",
]


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("minefield", "Minefield", "Минное поле", 2, 7, lambda state: MAX_ACTIONS),
    rules=RULES,
    options=Options,
    state=MinefieldState,
    actions=(Draw,),
    factories={"scenario": scenario},
    setups=SETUPS,
    variants=VARIANTS,
    # the three strengths are one: every move is the draw of the player to move, so the coach
    # (which has nothing to weigh) plays as the others do
    players={
        "draw": DrawPlayer,
        "easy": DrawPlayer,
        "heuristic": DrawPlayer,
        "strong": functools.partial(Coach, "minefield"),
    },
    measure=measure,
    view="widgets.games.minefield:MinefieldView",
    painter="widgets.paint.minefield:MinefieldPainter",
)
new_game, from_json = GAME.new_game, GAME.from_json
