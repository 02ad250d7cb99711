"""Type cards in either language and see them drawn: the model for every view.

The view holds no game logic: it calls :func:`rules.cards.parse_cards` and draws
the answer with :mod:`rules.svg`. A bad token leaves the previous picture as it was
and says which token is wrong, in the reader's language.
"""

from __future__ import annotations

import ipywidgets as w

from rules import svg
from rules.cards import CardList, format_cards, parse_cards
from rules.errors import RulesError, check_lang
from rules.lang import count, pick
from widgets.common import guarded, show, status_line

#: the longest text the box reads, and the most cards it draws (six full packs with jokers)
MAX_TEXT, MAX_DRAWN = 2_000, 324


class NotationView(w.VBox):
    """A text box, the cards it names drawn below, and a status line."""

    def __init__(self, value: str = "", *, lang: str = "en"):
        self.lang = check_lang(lang)
        self._cards = CardList()
        self._input = w.Text(
            value="",
            placeholder=pick(lang, "cards, e.g. A♠ 10♥ QD RJ", "карты, например Т♠ 10♥ ДD КДж"),
            description=pick(lang, "Cards:", "Карты:"),
            continuous_update=False,
            layout=w.Layout(width="100%", max_width="40em"),
        )
        self._input.add_class("notation-input")
        self._picture = w.HTML()
        self._picture.add_class("notation-picture")
        self._status = status_line()
        self._status.add_class("notation-status")
        super().__init__([self._input, self._picture, self._status])
        self._input.observe(self._on_text, names="value")
        self._input.value = value

    @property
    def cards(self) -> CardList:
        """The cards drawn now (a copy)."""
        return CardList(self._cards)

    def _on_text(self, change) -> None:
        self._read(change["new"])

    @guarded
    def _read(self, value: str) -> None:
        if len(value) > MAX_TEXT:
            raise RulesError(
                f"the text is {len(value):,} characters long; at most {MAX_TEXT:,} are read",
                f"в тексте {count(len(value), 'ru', ru=('символ', 'символа', 'символов'))}; "
                f"читается не больше {MAX_TEXT:,}",
                rule="notation",
            )
        cards = parse_cards(value)
        if len(cards) > MAX_DRAWN:
            raise RulesError(
                f"{count(len(cards), 'en')}: at most {MAX_DRAWN} are drawn",
                f"{count(len(cards), 'ru')}: рисуется не больше {MAX_DRAWN}",
                rule="notation",
            )
        self._cards = cards
        self._picture.value = svg.row(self._cards, lang=self.lang, width=56)
        both = f"{format_cards(self._cards, 'en')}  |  {format_cards(self._cards, 'ru')}"
        show(self._status, pick(self.lang, "Read: ", "Прочитано: ") + both if self._cards else "", "ok")
