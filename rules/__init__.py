"""The rules of the book's card games: pure Python, no Jupyter.

The shared core is the modules of this package (:mod:`rules.cards`,
:mod:`rules.svg`, :mod:`rules.game`, :mod:`rules.errors`, ...); each game is a
module (or package) of :mod:`rules.games` holding only its own rules and ending
with its declaration, a :class:`rules.game.Game`. ``GAMES`` maps each game id
to that declaration, in the book's order; each game's module is importable as
``rules.<id>`` too (``from rules import durak``, ``import rules.durak``).

>>> list(GAMES)
['domimi', 'domino', 'durak', 'minefield', 'joker_rummy', 'dummy_rummy']
>>> GAMES["durak"].new_game(players=3, seed=1).INFO.name("ru")
'Дурак'
"""

from __future__ import annotations

import sys

from rules.errors import IllegalAction, OptionError, RulesError, SaveError
from rules.game import GAMES, Game, register
from rules.games import domimi, domino, dummy_rummy, durak, joker_rummy, minefield

__all__ = ["GAMES", "GAME_IDS", "Game", "IllegalAction", "OptionError", "RulesError", "SaveError"]

#: the book's games, in its order: each registered once
for _module in (domimi, domino, durak, minefield, joker_rummy, dummy_rummy):
    register(_module.GAME)
    sys.modules[f"{__name__}.{_module.GAME.id}"] = _module

#: the games' ids in the book's order
GAME_IDS: tuple[str, ...] = tuple(GAMES)
