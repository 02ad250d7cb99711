"""Джокер (Joker rummy, open with 51): two decks, two jokers, 2 to 11 players.

Source: the rules «Джокер» by Григорий Борисов and the Kozlov-Borisov family (the
middle part of ``durak-jokers.joker-rummy.podkidnoy.ru.txt``); where the text is
silent the rulings of the book's clarifications page decide.

One deal, as this engine plays it (players sit clockwise in seat order):

* everybody gets 14 cards, the player after the dealer 15; he starts by
  discarding only (he has, in effect, already drawn);
* a turn: draw the top card of the stock or of the discard pile («сток»), act,
  discard one card; an empty stock is replaced by the discard pile turned over;
* nobody melds in the first round; a player's first melds of a deal, laid in one
  turn, must be worth 51 or more (the opening); melds laid toward the opening
  that do not reach 51 are taken back before the discard;
* after the opening: new melds of any value, laying off on anyone's melds,
  joining two runs that continue each other, taking a joker back from the table
  by the natural card it stands for (that joker must be melded again in the same
  turn or be the going-out discard);
* the first player whose hand is empty goes out (-50; -100 when the last discard
  is a joker, -200 / -400 for two / three jokers discarded together); the others
  score their hands (A 11, K Q J 10 10, 2-9 face value, joker 10, a lone joker 50).

A match is as many deals as players; the lowest total wins.

>>> from rules.cards import parse_cards as cs
>>> is_meld(cs("9♣ 10♣ J♣")), is_meld(cs("10♣ 10♥ 10♦")), is_meld(cs("10♣ 10♣ 10♦"))
(True, True, False)
>>> opening_points([cs("9♣ 10♣ J♣"), cs("10♣ 10♥ 10♦")])
59
>>> opening_points([cs("Q♠ K♠ RJ")])  # the joker read as A♠, the reading worth most
31
>>> hand_penalty(cs("A♠ K♦ 7♣ RJ")), hand_penalty(cs("RJ"))
(38, 50)
"""

from __future__ import annotations

import functools

from rules.coach import Coach
from rules.game import Game, GameInfo, RandomPlayer
from rules.games.joker_rummy.coaching import COACHING
from rules.games.joker_rummy.melds import (
    LONE_JOKER,
    MAX_HAND,
    OPENING,
    MeldError,
    best_opening,
    card_points,
    game_cards,
    hand_penalty,
    is_meld,
    meld_readings,
    opening_points,
    opening_shortfall,
)
from rules.games.joker_rummy.melds import _code as _code
from rules.games.joker_rummy.melds import _hand_melds as _hand_melds
from rules.games.joker_rummy.melds import _held_problem as _held_problem
from rules.games.joker_rummy.melds import _meld_points as _meld_points
from rules.games.joker_rummy.melds import _meld_problem as _meld_problem
from rules.games.joker_rummy.melds import _meld_text as _meld_text
from rules.games.joker_rummy.melds import _readings as _readings
from rules.games.joker_rummy.players import HeuristicPlayer, SharpPlayer, measure
from rules.games.joker_rummy.setups import SETUPS, VARIANTS, position
from rules.games.joker_rummy.state import (
    ACT,
    DRAW,
    Discard,
    Draw,
    Join,
    JokerRummyState,
    LayOff,
    Meld,
    Options,
    TakeBack,
    TakeDiscard,
    TakeJoker,
    _max_actions,
    meld_text,
    opening_plan,
)
from rules.games.joker_rummy.texts import RULES, Opened, StockTurned, WentOut

# _code, _hand_melds, _held_problem, _meld_points, _meld_problem, _meld_text, _readings:
# reached for by the book's pages, the benchmarks and the tests
__all__ = [
    "ACT",
    "DRAW",
    "Discard",
    "Draw",
    "GAME",
    "HeuristicPlayer",
    "Join",
    "JokerRummyState",
    "LONE_JOKER",
    "LayOff",
    "MAX_HAND",
    "Meld",
    "MeldError",
    "OPENING",
    "Opened",
    "Options",
    "RULES",
    "SETUPS",
    "SharpPlayer",
    "StockTurned",
    "TakeBack",
    "TakeDiscard",
    "TakeJoker",
    "VARIANTS",
    "WentOut",
    "best_opening",
    "card_points",
    "from_json",
    "game_cards",
    "hand_penalty",
    "is_meld",
    "measure",
    "meld_readings",
    "meld_text",
    "new_game",
    "opening_points",
    "opening_plan",
    "opening_shortfall",
    "position",
]


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("joker_rummy", "Joker rummy", "Джокер", 2, 11, _max_actions, default_players=4),
    rules=RULES,
    options=Options,
    state=JokerRummyState,
    actions=(Draw, TakeDiscard, Meld, LayOff, TakeJoker, Join, TakeBack, Discard),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={
        # the strong bot's starting move (its coaching's prior; its playouts play the book's bot)
        "sharp": SharpPlayer,
        # the three strengths: random moves, the book's bot, the coach
        "easy": RandomPlayer,
        "heuristic": HeuristicPlayer,
        "strong": functools.partial(Coach, "joker_rummy"),
    },
    bot="heuristic",
    measure=measure,
    view="widgets.games.joker_rummy:JokerRummyView",
    painter="widgets.paint.joker_rummy:JokerRummyPainter",
    coaching=COACHING,
)
new_game, from_json = GAME.new_game, GAME.from_json
