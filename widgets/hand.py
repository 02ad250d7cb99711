"""The viewer's hand as cards to tap: the way to play a card game on a screen.

Each card of the hand is a button drawn as the card (its picture is the button's
background, from :mod:`rules.svg`; its text, read by screen readers, names the card and
its move). Which moves a card belongs to comes from the engine only: a legal action's
cards (``action.cards`` or its ``card``, :func:`widgets.game.action_cards`) that are in
the hand. So:

- a card that belongs to one move is played by a tap (with the other cards of the hand that move plays);
- a card that fits several moves is selected, and the moves appear by the hand as buttons;
  tapping more cards narrows them (a meld of several cards is chosen by tapping its cards);
  when the cards selected make exactly one move, it is played;
- cards that some move plays are raised, the others dimmed; a card of no move says so.

Moves that play no card of the hand (Take, Pass, Draw) stay buttons of the view.
"""

from __future__ import annotations

import functools
import html
import urllib.parse
from collections import Counter
from collections.abc import Callable

import ipywidgets as w

from rules import svg
from rules.cards import Card, card_name, format_card, format_cards
from rules.game import Action
from rules.lang import count, pick
from widgets.common import shared, sharing

_SUIT_CODES = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
#: a card's picture is drawn at this width (CSS scales it to the hand's card size)
PICTURE_WIDTH = 100


def card_class(card: Card) -> str:
    """The CSS class whose background is ``card``'s picture (``rb-c-10H``, ``rb-c-BJ``)."""
    return "rb-c-" + str(card).translate(_SUIT_CODES)


@functools.lru_cache(maxsize=256)
def _picture_rule(card: Card, lang: str) -> str:
    picture = urllib.parse.quote(svg.card(card, lang=lang, width=PICTURE_WIDTH), safe=" =:/,.()-'")
    return f'.rb-game button.{card_class(card)}{{background-image:url("data:image/svg+xml,{picture}")}}'


def pictures_style(cards, lang: str) -> str:
    """A ``<style>`` giving each of ``cards`` its picture (only the cards held: a hand's worth)."""
    return "<style>" + "".join(_picture_rule(c, lang) for c in sorted(set(cards))) + "</style>"


def cards_of(action: Action, held: list[Card], of_action: Callable[[Action], tuple[Card, ...]]) -> Counter:
    """The cards of the hand ``held`` that ``action`` plays (as a multiset: two decks repeat cards)."""
    return Counter(of_action(action)) & Counter(held)


class Hand(w.VBox):
    """The hand's card buttons and, under them, the moves the selected cards fit.

    ``play(action)`` plays a move; ``say(text, kind)`` writes the status line;
    ``label(action)`` is a move's button text; ``of_action(action)`` its cards.
    """

    def __init__(self, *, play, say, label, of_action):
        self._play, self._say, self._label, self._of_action = play, say, label, of_action
        self._buttons: list[w.Button] = []
        self._choice_buttons: list[w.Button] = []
        self.held: list[Card] = []
        self.moves: list[Action] = []
        self.selected: set[int] = set()
        self.choices: list[Action] = []
        self.lang = "en"
        self.active = False
        self._fresh: frozenset[Card] = frozenset()
        #: called when the selection changes (a game may light up where the selected cards go)
        self.on_select = lambda: None
        self._cards = sharing(w.HBox)
        self._cards.add_class("rb-hand")
        self._cards.add_class("rb-cards")
        self._choices = sharing(w.HBox)
        self._choices.add_class("rb-choices")
        self._pictures = sharing(w.HTML, layout={"display": "none"})
        super().__init__([self._pictures, self._cards, self._choices], layout=shared(w.Layout))
        self.add_class("rb-hand-cards")

    # ---- what the view tells it

    def show(self, held: list[Card], moves: list[Action], fresh: frozenset[Card], lang: str) -> None:
        """Draw ``held`` (the viewer's hand) for the moves offered now (``moves``: the person's)."""
        if (held, moves, lang) != (self.held, self.moves, self.lang):
            self.selected = set()
        self.held, self.lang = list(held), lang
        self.moves = [m for m in moves if cards_of(m, self.held, self._of_action)]
        self.active = bool(moves)  # the person is to move: the cards no move plays are dimmed
        self._pictures.value = pictures_style(self.held, lang)
        while len(self._buttons) < len(self.held):
            button = sharing(w.Button)
            button.on_click(functools.partial(self._tapped, len(self._buttons)))
            self._buttons.append(button)
        self._cards.children = self._buttons[: len(self.held)]
        self._fresh = fresh
        self._draw()

    def card_moves(self, index: int) -> list[Action]:
        card = self.held[index]
        return [m for m in self.moves if cards_of(m, self.held, self._of_action)[card]]

    # ---- the reader's taps

    def tap(self, index: int) -> None:
        """Tap the card at ``index`` of the hand (select it, unselect it, or play its one move)."""
        chosen = self.selected ^ {index}
        fits = self._fitting(chosen)
        if index in chosen and not fits:  # not with the others: a new choice starting from this card
            chosen = {index}
            fits = self._fitting(chosen)
        if index in chosen and not fits:
            name = format_card(self.held[index], self.lang)
            self._say(pick(self.lang, f"No move plays {name} now.", f"Сейчас нет хода картой {name}."), "error")
            self.selected = set()
            self._draw()
            self.on_select()
            return
        wanted = Counter(self.held[i] for i in chosen)
        exact = [m for m in fits if cards_of(m, self.held, self._of_action) == wanted]
        if chosen and len(fits) == 1 and (exact or chosen == {index}):  # the card's one move, or the cards' one
            self.selected = set()
            self._play(fits[0])
            return
        self.selected = chosen
        self._draw()
        self.on_select()
        if chosen:
            shown = format_cards(wanted.elements(), self.lang)
            self._say(
                pick(
                    self.lang,
                    f"{shown}: choose the move below, or tap more cards.",
                    f"{shown}: выберите ход ниже или отметьте ещё карты.",
                )
            )

    def select_for(self, action: Action) -> None:
        """Select the cards ``action`` plays, as a reader taps them (its move is then among the choices)."""
        wanted, chosen = cards_of(action, self.held, self._of_action), set()
        for i, card in enumerate(self.held):
            if wanted[card]:
                wanted[card] -= 1
                chosen.add(i)
        self.selected = chosen
        self._draw()
        self.on_select()

    def press_choice(self, label: str) -> bool:
        for button in self._choices.children:
            if button.description == label:
                button.click()
                return True
        return False

    def _tapped(self, index: int, _button=None) -> None:
        self.tap(index)

    def _chose(self, index: int, _button=None) -> None:
        action = self.choices[index]
        self.selected = set()
        self._play(action)

    def _fitting(self, chosen: set[int]) -> list[Action]:
        if not chosen:
            return []
        wanted = Counter(self.held[i] for i in chosen)
        return [m for m in self.moves if cards_of(m, self.held, self._of_action) >= wanted]

    # ---- drawing

    def _draw(self) -> None:
        lang = self.lang
        for i, (button, card) in enumerate(zip(self._buttons, self.held, strict=False)):
            moves = self.card_moves(i)
            state = "rb-selected" if i in self.selected else "rb-legal" if moves else "rb-dim" if self.active else ""
            classes = ["rb-card", card_class(card), *([state] if state else [])]
            if card in self._fresh:  # the card the last move brought into the hand glows as on the table
                classes.append("hl-last")
            with button.hold_sync():
                button._dom_classes = tuple(classes)
                button.description = self._card_text(card, moves)
                button.tooltip = button.description
        self.choices = self._fitting(self.selected)
        while len(self._choice_buttons) < len(self.choices):
            button = sharing(w.Button)
            button.add_class("rb-action")
            button.add_class("rb-choice")
            button.on_click(functools.partial(self._chose, len(self._choice_buttons)))
            self._choice_buttons.append(button)
        for button, action in zip(self._choice_buttons, self.choices, strict=False):
            with button.hold_sync():
                button.description, button.tooltip = self._label(action), action.explain(lang)
        self._choices.children = self._choice_buttons[: len(self.choices)]

    def _card_text(self, card: Card, moves: list[Action]) -> str:
        """What a screen reader hears: the card, and its move (or how many it has)."""
        lang, name = self.lang, html.unescape(card_name(card, self.lang))
        if len(moves) == 1:
            return f"{name}: {self._label(moves[0])}"
        if moves:
            return f"{name}: {count(len(moves), lang, ('move', 'moves'), ('ход', 'хода', 'ходов'))}"
        return f"{name}: {pick(lang, 'no move now', 'сейчас не ходит')}"


__all__ = ["Hand", "card_class", "cards_of", "pictures_style"]
