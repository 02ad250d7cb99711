"""SKIP-6 Domino: the placement board of one trick and the play app.

No game logic here: the board asks :class:`rules.domino.Table` where a card may go
and lays it with ``table.play``; the play app is a :class:`widgets.game.GameView`
whose table :mod:`widgets.paint.domino` draws, with the placement grid (choose a card: the cells where it
may go light up; press a place: the engine lays it or says which rule forbids it).
Pictures come from :func:`rules.domino.draw_table` and :mod:`rules.svg`.
"""

from __future__ import annotations

import html

import ipywidgets as w

from rules import domino as dm
from rules import svg
from rules.cards import Card, format_card, parse_card, parse_cards
from rules.errors import IllegalAction, check_lang
from rules.lang import pick
from widgets.common import guarded, rule_title, set_choices, show, status_line
from widgets.game import GameView
from widgets.paint.domino import WHERE_LABELS


def _where_words(words, lang: str) -> str:
    return ", ".join(pick(lang, *WHERE_LABELS[x]) for x in dm.WHERE if x in words)


def _hand_buttons(cls: str, lang: str, hand: list[Card], chosen: Card | None, on_card) -> w.ToggleButtons:
    buttons = w.ToggleButtons(options=[], description=pick(lang, "Hand:", "Рука:"), style={"button_width": "4.4em"})
    buttons.add_class(cls)
    set_choices(buttons, [(format_card(c, lang), str(c)) for c in hand], str(chosen) if chosen in hand else None)
    buttons.observe(on_card, names="value")
    return buttons


def _where_buttons(prefix: str, lang: str, on_place) -> dict[str, w.Button]:
    buttons = {}
    for where in dm.WHERE:
        b = w.Button(description=pick(lang, *WHERE_LABELS[where]), layout=w.Layout(width="auto"))
        b.add_class(f"{prefix}-where-{where}")
        b.on_click(lambda _b, where=where: on_place(where))
        buttons[where] = b
    return buttons


def _where_message(table: dm.Table, card: Card, lang: str) -> tuple[str, str]:
    """The status after choosing a card: where it may go, or that it fits nowhere."""
    name, where = format_card(card, lang), table.options(card)
    if where:
        return pick(lang, f"{name} may go: ", f"{name} можно положить: ") + _where_words(where, lang), "info"
    last = format_card(table.last, lang)
    return pick(lang, f"{name} cannot be laid next to {last}.", f"{name} нельзя положить рядом с {last}."), "error"


def _refused(status: w.HTML, error: IllegalAction, lang: str) -> None:
    """Show the engine's refusal and the title of the rule that forbids the move."""
    known = error.rule in dm.RULES
    rule = pick(lang, " (rule: {})", " (правило: {})").format(rule_title(error.rule, lang)) if known else ""
    show(status, error.message(lang) + rule, "error")


def _parse_moves(moves) -> list[tuple[Card, str]]:
    """``"Q♠ first, Q♣ down"`` or ``[("Q♠", "first"), ...]`` as (card, where) pairs."""
    if isinstance(moves, str):
        moves = [m.split() for m in moves.split(",") if m.strip()]
    return [(c if isinstance(c, Card) else parse_card(c), where) for c, where in moves]


class PlacementBoard(w.VBox):
    """One trick's table, a hand of cards and the five places a card may go.

    Choose a card: the cells where it may go light up. Press a place: the card
    is laid there, or the status line says which rule forbids it.
    """

    def __init__(self, moves=(), hand: str = "", *, deck_size: int = 36, lang: str = "en"):
        self.lang = check_lang(lang)
        self._start = (_parse_moves(moves), list(parse_cards(hand)), deck_size)
        self._table, self._hand, self._chosen = dm.Table(deck_size), [], None
        self._picture, self._hand_picture = w.HTML(), w.HTML()
        self._cards = _hand_buttons("domino-board-cards", lang, [], None, self._on_card)
        self._picture.add_class("domino-board-table")
        self._hand_picture.add_class("domino-board-hand")
        self._reset = w.Button(description=pick(lang, "Start again", "Сначала"), icon="refresh")
        self._reset.add_class("domino-board-reset")
        self._status = status_line()
        self._status.add_class("domino-board-status")
        self._where = _where_buttons("domino-board", lang, self._on_place)
        row = w.HBox([*self._where.values(), self._reset], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._picture, self._hand_picture, self._cards, row, self._status])
        self._reset.on_click(self._on_reset)
        self._on_reset()

    @property
    def state(self) -> dm.Table:
        """The table shown (a copy)."""
        return self._table.copy()

    @property
    def hand(self) -> list[Card]:
        return list(self._hand)

    @property
    def selected(self) -> Card | None:
        return self._chosen

    @guarded
    def _on_reset(self, _button=None) -> None:
        moves, hand, size = self._start
        self._table, self._hand, self._chosen = dm.Table.from_moves(moves, size), list(hand), None
        self._redraw()
        show(self._status, pick(self.lang, "Choose a card from the hand.", "Выберите карту из руки."), "info")

    @guarded
    def _on_card(self, change) -> None:
        self._chosen = parse_card(change["new"]) if change["new"] else None
        self._redraw()
        if self._chosen is not None:
            show(self._status, *_where_message(self._table, self._chosen, self.lang))

    @guarded
    def _on_place(self, where: str) -> None:
        card = self._chosen
        if card is None:
            show(self._status, pick(self.lang, "Choose a card first.", "Сначала выберите карту."), "error")
            return
        try:
            self._table.play(card, where)
        except IllegalAction as error:
            _refused(self._status, error, self.lang)
            return
        self._hand.remove(card)
        self._chosen = None
        self._redraw()
        name = format_card(card, self.lang)
        show(
            self._status,
            pick(self.lang, f"{name} laid: ", f"{name} положена: ") + _where_words([where], self.lang),
            "ok",
        )

    def _redraw(self) -> None:
        lang, card = self.lang, self._chosen
        self._cards.unobserve(self._on_card, names="value")
        set_choices(
            self._cards, [(format_card(c, lang), str(c)) for c in self._hand], str(card) if card is not None else None
        )
        self._cards.observe(self._on_card, names="value")
        self._picture.value = dm.draw_table(self._table, card, lang=lang, width=46)
        marks = {i: "select" for i, c in enumerate(self._hand) if c == card}
        self._hand_picture.value = svg.row(self._hand, lang=lang, highlight=marks, width=46)


class DominoGame(GameView):
    """Play Domino: you (A1) and bot partners against bots, or every seat by hand (hot seat).

    Tap a card of the hand: where it may go lights up on the table and its places appear
    by the hand (a card with one place is laid at once); Pass is a button when it is the move.
    """

    GAME = dm.GAME

    def __init__(self, players: int = 4, seed: int | None = 0, *, lang: str = "en", seats=None, setup=None, **options):
        super().__init__(lang=lang, seed=seed, players=players, seats=seats, setup=setup, **options)


# ---------------------------------------------------------------- pictures for the book's pages


def answer_html(table: dm.Table, card: Card | str, lang: str, *, width: float = 34) -> str:
    """The table with the cells where ``card`` may go lit up, and the engine's answer in words."""
    card = card if isinstance(card, Card) else parse_card(card)
    words, _kind = _where_message(table, card, lang)
    picture = dm.draw_table(table, card, lang=lang, width=width)
    return f"{picture}<p class='domino-answer'>{html.escape(words)}</p>"


def hand_answer_html(table: dm.Table, hand, lang: str) -> str:
    """For each card of ``hand``, where it may go on ``table`` (or that it fits nowhere)."""
    cards = parse_cards(hand) if isinstance(hand, str) else hand
    items = "".join(f"<li>{html.escape(_where_message(table, c, lang)[0])}</li>" for c in cards)
    return f"<ul class='domino-answers'>{items}</ul>"


def refusal_html(table: dm.Table, card: Card | str, where: str, lang: str) -> str:
    """Why the engine refuses ``card`` at ``where``, with the rule's title (or that it may go there)."""
    card = card if isinstance(card, Card) else parse_card(card)
    error = table.why(card, where)
    if error is None:
        words = pick(lang, "{} may go: ", "{} можно положить: ").format(format_card(card, lang))
        return f"<p class='domino-answer'>{html.escape(words + _where_words([where], lang))}</p>"
    rule = pick(lang, " (rule: {})", " (правило: {})").format(rule_title(error.rule, lang))
    return f"<p class='domino-refusal'>{html.escape(error.message(lang) + rule)}</p>"


def trick_html(trick: dm.Trick, lang: str, *, width: float = 26) -> str:
    """A taken trick as it lay on the table, and the engine's words for who took it."""
    picture = dm.draw_table(dm.Table.from_moves(trick.moves), lang=lang, width=width)
    return f"<p class='domino-trick'>{html.escape(trick.explain(lang))}</p>{picture}"


def deal_html(state: dm.DominoState, lang: str) -> str:
    """How many cards each seat was dealt, as a small table."""
    head = pick(lang, "<tr><th>seat</th><th>cards</th></tr>", "<tr><th>место</th><th>карт</th></tr>")
    rows = "".join(
        f"<tr><td>{html.escape(state.seat_name(seat, lang))}</td><td>{len(hand)}</td></tr>"
        for seat, hand in enumerate(state.hands)
    )
    return f"<table class='domino-deal'>{head}{rows}</table>"


__all__ = [
    "DominoGame",
    "PlacementBoard",
    "answer_html",
    "deal_html",
    "hand_answer_html",
    "refusal_html",
    "trick_html",
]
