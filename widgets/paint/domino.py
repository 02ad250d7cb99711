"""SKIP-6 Domino's table: the cross of the trick being played (lit where a chosen card may go) and the banks."""

from __future__ import annotations

import html

from rules import domino as dm
from rules.cards import Card, format_card
from rules.lang import pick
from widgets.paint import TablePainter

#: the places a card may go, as a button and a line of text say them
WHERE_LABELS = {
    "first": ("first (empty table)", "первой картой (пустой стол)"),
    "left": ("← left", "← слева"),
    "right": ("right →", "справа →"),
    "up": ("↑ above", "↑ сверху"),
    "down": ("↓ below", "↓ снизу"),
}


class DominoPainter(TablePainter):
    """Domino's table: a card of the hand chosen (``selected``, one card) lights up the cells where it may go."""

    def draw_table(self, state: dm.DominoState, viewer: int, fresh: frozenset[Card], selected=()) -> str:
        a, b = len(state.banks[0]), len(state.banks[1])
        banks = pick(self.lang, f"banks: team A {a}, team B {b}", f"копилки: команда А {a}, команда Б {b}")
        chosen = selected[0] if len(selected) == 1 else None
        picture = dm.draw_table(state.table, chosen, lang=self.lang, width=40)
        return f"{picture}<p class='domino-banks'>{html.escape(banks)}</p>"

    def seat_role(self, state: dm.DominoState, seat: int) -> str:
        return state.seat_name(seat, self.lang)

    def action_text(self, action) -> str:
        if isinstance(action, dm.Place):
            return f"{format_card(action.card, self.lang)} {pick(self.lang, *WHERE_LABELS[action.where])}"
        return pick(self.lang, "Pass", "Пас")


__all__ = ["WHERE_LABELS", "DominoPainter"]
