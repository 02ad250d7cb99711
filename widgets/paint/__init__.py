"""The table of a game as HTML, with no widgets: one painter per game, shared by every screen that shows it.

A painter turns a game's state, the seat it is seen from and a language into what a person
sees of the table: its centre (piles, tricks, melds, the field), each seat's role, the cards
a seat holds, the words of each move. The play apps (:class:`widgets.game.GameView`) and
the class together's server (:mod:`classserver.together.tables`) draw with the same painter,
so a table looks the same in a solo app and at a shared table, and the server needs no
ipywidgets. Nothing here imports them: a painter is a frozen value of its language and
reads only the state it is given. A game names its painter in its declaration
(``Game(painter="widgets.paint.durak:DurakPainter")``) and refines, as a view did::

    class WarPainter(TablePainter):
        def draw_table(self, state, viewer, fresh, selected=()):
            return svg.row(state.trick, lang=self.lang, highlight=...)

and may refine :meth:`TablePainter.seat_role`, :meth:`TablePainter.hand` or
:meth:`TablePainter.action_text`.

A painter writes markup with class names and no style of its own: every table's look, a
game's own parts included, is in one stylesheet, :data:`STYLESHEET` (``widgets/table.css``),
which each screen that shows a table loads once: the play apps (:func:`widgets.game.table_style`),
the class together's table page, the book's pages and the gallery.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import rules
from rules.cards import Card
from rules.errors import check_lang
from rules.game import Action, Game, State
from rules.moves import cards_of as action_cards

#: the look of every table the painters draw, and of the play app around it
STYLESHEET = Path(__file__).resolve().parent.parent / "table.css"


@functools.cache
def table_css() -> str:
    """The text of :data:`STYLESHEET`, read once."""
    return STYLESHEET.read_text(encoding="utf-8")


@dataclass(frozen=True)
class TablePainter:
    """A game's table as HTML in ``lang``; subclasses draw the centre and may name roles, hands and moves."""

    lang: str = "en"
    #: whether each seat shows how many cards it holds (not in games without hands)
    HAND_SIZES: ClassVar[bool] = True

    def __post_init__(self):
        check_lang(self.lang)

    def draw_table(self, state: State, viewer: int, fresh: frozenset[Card], selected: Sequence[Card] = ()) -> str:
        """The centre of the table as ``viewer`` sees it (HTML/SVG).

        ``fresh`` are the cards the last action moved: draw them with the highlight
        ``"last"`` (class ``hl-last``), which the page makes glow. ``selected`` are the
        cards of the viewer's hand chosen and not played yet (a game may light up where
        they can go); a shared table has none.
        """
        raise NotImplementedError

    def hand(self, state: State, viewer: int) -> list[Card]:
        """The cards ``viewer`` holds, in the order they are shown."""
        return list(state.zones().get(f"hand{viewer}", []))

    def seat_role(self, state: State, seat: int) -> str:
        """A seat's role now, in ``self.lang`` ("attacks", "dealer", "team A"); empty if none."""
        return ""

    def action_text(self, action: Action) -> str:
        """A move's words on its button."""
        return action.explain(self.lang)


def moved_cards(action: Action) -> frozenset[Card]:
    """The cards an action moved where the reader can see them: those it plays, and
    the one card it names (a card taken from the discard pile)."""
    card = action.card
    return frozenset(action_cards(action)) | ({card} if isinstance(card, Card) else set())


def painter(game: Game | str, lang: str) -> TablePainter:
    """The painter of ``game`` (a declaration, or a registered game's id) in ``lang``."""
    game = rules.GAMES[game] if isinstance(game, str) else game
    return _painter(game, check_lang(lang))


@functools.cache
def _painter(game: Game, lang: str) -> TablePainter:
    return game.painter_class()(lang=lang)


__all__ = ["STYLESHEET", "TablePainter", "action_cards", "moved_cards", "painter", "table_css"]
