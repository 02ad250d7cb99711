"""The rules of the book's card games: pure Python, no Jupyter.

``GAMES`` maps each game id to its module; every module speaks the protocol of
:mod:`rules.game`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from rules.errors import IllegalAction, OptionError, RulesError

__all__ = ["GAMES", "IllegalAction", "OptionError", "RulesError"]

#: Game ids in the book's order; each names the module ``rules.<id>``.
GAME_IDS: tuple[str, ...] = ("domimi", "domino", "durak", "minefield")

GAMES: dict[str, ModuleType] = {gid: importlib.import_module(f"rules.{gid}") for gid in GAME_IDS}
