"""Дурак (Durak): classic podkidnoy and the two-joker variant.

Sources: «подкидной дурак» (2-4 players, 36 cards) and «Дурак с двумя
Джокерами» (2-6 players, 36 or 52 cards and a red and a black joker); where the
texts are silent the rulings of the book's clarifications page decide.

One bout, as this engine plays it (players sit clockwise in seat order, so the
left-hand neighbour of seat ``p`` is ``p + 1``):

* the attacker leads any card to the left-hand neighbour, the defender;
* the throwing-in right goes to the first attacker, then to the others
  clockwise; whoever holds it adds cards whose rank is already on the table or
  says «Бито» ("beaten"); the defender never throws in;
* when the holder says «Бито» with unbeaten cards on the table, the defender
  beats them one by one (any unbeaten card first) or takes; once everything is
  beaten the throwing-in right starts again at the first attacker;
* a bout holds at most 6 attacking cards and never more than the defender held
  when the bout began (option: 5 until the first discard);
* when everybody has said «Бито» in turn with all cards beaten, the cards are
  discarded and the defender attacks next; after a take, the others may still
  add cards (each once, in the same order) and the player on the taker's left
  attacks next;
* everybody draws up to six (first attacker, the others clockwise, defender
  last; option: strict clockwise); with the deck empty a player without cards
  leaves; the last player holding cards is the fool, or the game is a draw.

A player with no card that may be added is skipped (his «Бито» is automatic).

>>> from rules.cards import parse_card as c
>>> beats(c("7♥"), c("9♥"), trump=c("6♠")), beats(c("A♥"), c("6♠"), trump=c("6♠"))
(True, True)
>>> beats(c("8♠"), c("8♣"), trump=c("BJ"))  # equal trumps never beat each other
False
"""

from __future__ import annotations

import functools

from rules.coach import Coach
from rules.game import Game, GameInfo, RandomPlayer
from rules.games.durak.beats import (
    SUIT_ORDER,
    beat_reason,
    beat_table,
    beaters,
    beats,
    closest_in_pack,
    game_deck,
    is_trump,
    ordered_pack,
    strength,
    top_joker,
    trump_suits,
)
from rules.games.durak.beats import _code as _code
from rules.games.durak.coaching import COACHING
from rules.games.durak.players import HeuristicPlayer, measure
from rules.games.durak.setups import SETUPS, VARIANTS, position
from rules.games.durak.state import (
    ATTACK,
    HAND,
    PHASES,
    RATING,
    THROW,
    Attack,
    Beat,
    DurakState,
    Options,
    Pass,
    Take,
    ThrowIn,
    _max_actions,
)
from rules.games.durak.texts import RULES, Dealt, Discarded, Drew, GameOver, Left, Picked

# _code: reached for by the book's pages, the benchmarks and the tests
__all__ = [
    "ATTACK",
    "Attack",
    "Beat",
    "Dealt",
    "Discarded",
    "Drew",
    "DurakState",
    "GAME",
    "GameOver",
    "HAND",
    "HeuristicPlayer",
    "Left",
    "Options",
    "PHASES",
    "Pass",
    "Picked",
    "RATING",
    "RULES",
    "SETUPS",
    "SUIT_ORDER",
    "THROW",
    "Take",
    "ThrowIn",
    "VARIANTS",
    "beat_reason",
    "beat_table",
    "beaters",
    "beats",
    "closest_in_pack",
    "from_json",
    "game_deck",
    "is_trump",
    "measure",
    "new_game",
    "ordered_pack",
    "position",
    "strength",
    "top_joker",
    "trump_suits",
]


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("durak", "Durak", "Дурак", 2, 6, _max_actions),
    rules=RULES,
    options=Options,
    state=DurakState,
    actions=(Attack, ThrowIn, Beat, Take, Pass),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={"easy": RandomPlayer, "heuristic": HeuristicPlayer, "strong": functools.partial(Coach, "durak")},
    bot="heuristic",
    measure=measure,
    view="widgets.games.durak:DurakGame",
    painter="widgets.paint.durak:DurakPainter",
    coaching=COACHING,
)
new_game, from_json = GAME.new_game, GAME.from_json
