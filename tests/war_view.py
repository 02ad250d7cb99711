"""The war's play app: as for every game, the view is the shared one; its table is :mod:`tests.war_paint`'s."""

from __future__ import annotations

from tests import war
from widgets.game import GameView


class WarView(GameView):
    GAME = war.GAME
