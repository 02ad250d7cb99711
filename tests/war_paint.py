"""The war's table: as for every game, the whole game-specific part of its picture (no widgets)."""

from __future__ import annotations

from rules import svg
from rules.lang import pick
from widgets.paint import TablePainter


class WarPainter(TablePainter):
    def draw_table(self, state, viewer, fresh, selected=()):
        marks = {i: "last" for i, c in enumerate(state.trick) if c in fresh}
        won = pick(self.lang, "cards won", "взято карт") + ": " + ", ".join(str(len(w)) for w in state.won)
        return svg.row(state.trick, lang=self.lang, highlight=marks, width=56) + f"<p>{won}</p>"

    def seat_role(self, state, seat):
        return pick(self.lang, "leads", "ходит первым") if seat == state.leader and not state.trick else ""
