"""The rules of the book's card games: pure Python, no Jupyter.

The shared core is the modules of this package (:mod:`rules.cards`,
:mod:`rules.svg`, :mod:`rules.game`, :mod:`rules.errors`, ...); each game is a
module of :mod:`rules.games` holding only its own rules. ``GAMES`` maps each game
id to its module, which is importable as ``rules.<id>`` too
(``from rules import durak``, ``import rules.durak``).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from rules.errors import IllegalAction, OptionError, RulesError, SaveError

__all__ = ["GAMES", "IllegalAction", "OptionError", "RulesError", "SaveError"]

#: Game ids in the book's order; each names the module ``rules.games.<id>``.
GAME_IDS: tuple[str, ...] = ("domimi", "domino", "durak", "minefield", "joker_rummy", "dummy_rummy")


def _register(gid: str) -> ModuleType:
    """Import ``rules.games.<gid>`` and make it reachable as ``rules.<gid>`` as well."""
    module = importlib.import_module(f"rules.games.{gid}")
    sys.modules[f"{__name__}.{gid}"] = module
    globals()[gid] = module
    return module


GAMES: dict[str, ModuleType] = {gid: _register(gid) for gid in GAME_IDS}
