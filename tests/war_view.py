"""The war's play app: as for every game, the whole game-specific part of a view is its table."""

from __future__ import annotations

from rules import svg
from rules.lang import pick
from tests import war
from widgets.game import GameView


class WarView(GameView):
    GAME = war.GAME

    def draw_table(self, state, viewer, fresh):
        marks = {i: "last" for i, c in enumerate(state.trick) if c in fresh}
        won = pick(self.lang, "cards won", "взято карт") + ": " + ", ".join(str(len(w)) for w in state.won)
        return svg.row(state.trick, lang=self.lang, highlight=marks, width=56) + f"<p>{won}</p>"

    def seat_role(self, state, seat):
        return pick(self.lang, "leads", "ходит первым") if seat == state.leader and not state.trick else ""
