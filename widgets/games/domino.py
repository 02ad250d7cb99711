"""SKIP-6 Domino: the placement board of one trick and the playable game.

The views hold no game logic: the board asks :class:`rules.domino.Table` where a
card may go and lays it with ``table.play``; the game calls
``state.place``/``state.apply`` and lets the bots move with
:func:`rules.game.play_bots`. Pictures come from :func:`rules.domino.draw_table`
and :mod:`rules.svg`; an illegal choice leaves everything as it was and the
status line says which rule forbids it, in the reader's language.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from rules import domino as dm
from rules import svg
from rules.cards import Card, format_card, parse_card, parse_cards
from rules.errors import IllegalAction, check_lang
from rules.game import RandomPlayer, play_bots
from widgets.common import guarded, rule_link, rule_title, show, status_line, text

_WHERE_LABELS = {
    "first": ("first (empty table)", "первой (пустой стол)"),
    "left": ("← left", "← слева"),
    "right": ("right →", "справа →"),
    "up": ("↑ above", "↑ сверху"),
    "down": ("↓ below", "↓ снизу"),
}


def _where_words(words, lang: str) -> str:
    return ", ".join(text(lang, *_WHERE_LABELS[x]) for x in dm.WHERE if x in words)


def _hand_buttons(cls: str, lang: str) -> w.ToggleButtons:
    buttons = w.ToggleButtons(options=[], description=text(lang, "Hand:", "Рука:"), style={"button_width": "3.6em"})
    buttons.add_class(cls)
    return buttons


def _where_buttons(prefix: str, lang: str) -> dict[str, w.Button]:
    buttons = {}
    for where in dm.WHERE:
        b = w.Button(description=text(lang, *_WHERE_LABELS[where]), layout=w.Layout(width="auto"))
        b.add_class(f"{prefix}-where-{where}")
        buttons[where] = b
    return buttons


def _where_message(table: dm.Table, card: Card, lang: str) -> tuple[str, str]:
    """The status after choosing a card: where it may go, or that it fits nowhere."""
    name, where = format_card(card, lang), table.options(card)
    if where:
        return text(lang, f"{name} may go: ", f"{name} можно положить: ") + _where_words(where, lang), "info"
    last = format_card(table.last, lang)
    return text(lang, f"{name} cannot be laid next to {last}.", f"{name} нельзя положить рядом с {last}."), "error"


def _refused(status: w.HTML, error: IllegalAction, lang: str) -> None:
    """Show the engine's refusal and the title of the rule that forbids the move."""
    known = error.rule in dm.RULES
    rule = text(lang, " (rule: {})", " (правило: {})").format(rule_title(error.rule, lang)) if known else ""
    show(status, error.message(lang) + rule, "error")


def _lay_selected(view, lay) -> Card | None:
    """Lay the view's selected card with ``lay(card)`` and return it; a missing card or the
    engine's refusal goes to the view's status line (and nothing changes)."""
    card = view.selected
    if card is None:
        show(view._status, text(view.lang, "Choose a card first.", "Сначала выберите карту."), "error")
        return None
    try:
        lay(card)
    except IllegalAction as error:
        _refused(view._status, error, view.lang)
        return None
    return card


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
        self._table = dm.Table(deck_size)
        self._hand: list[Card] = []
        self._picture = w.HTML()
        self._picture.add_class("domino-board-table")
        self._hand_picture = w.HTML()
        self._hand_picture.add_class("domino-board-hand")
        self._cards = _hand_buttons("domino-board-cards", lang)
        self._where = _where_buttons("domino-board", lang)
        self._reset = w.Button(description=text(lang, "Start again", "Сначала"), icon="refresh")
        self._reset.add_class("domino-board-reset")
        self._status = status_line()
        self._status.add_class("domino-board-status")
        places = w.HBox([*self._where.values(), self._reset], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._picture, self._hand_picture, self._cards, places, self._status])
        self._cards.observe(self._on_card, names="value")
        for where, button in self._where.items():
            button.on_click(lambda _b, where=where: self._on_place(where))
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
        return parse_card(self._cards.value) if self._cards.value else None

    # ---- callbacks: event -> rules -> redraw

    @guarded
    def _on_reset(self, _button=None) -> None:
        moves, hand, size = self._start
        self._table = dm.Table.from_moves(moves, size)
        self._hand = list(hand)
        self._redraw()
        show(self._status, text(self.lang, "Choose a card from the hand.", "Выберите карту из руки."), "info")

    @guarded
    def _on_card(self, change) -> None:
        self._redraw()
        card = self.selected
        if card is not None:
            self._say_where(card)

    @guarded
    def _on_place(self, where: str) -> None:
        card = _lay_selected(self, lambda c: self._table.play(c, where))
        if card is None:
            return
        self._hand.remove(card)
        self._redraw()
        name = format_card(card, self.lang)
        show(
            self._status,
            text(self.lang, f"{name} laid: ", f"{name} положена: ") + _where_words([where], self.lang),
            "ok",
        )

    # ---- drawing

    def _say_where(self, card: Card) -> None:
        show(self._status, *_where_message(self._table, card, self.lang))

    def _redraw(self) -> None:
        lang = self.lang
        card = self.selected if self._cards.value in {str(c) for c in self._hand} else None
        self._cards.unobserve(self._on_card, names="value")
        self._cards.options = [(format_card(c, lang), str(c)) for c in self._hand]
        self._cards.value = str(card) if card is not None else None
        self._cards.observe(self._on_card, names="value")
        self._picture.value = dm.draw_table(self._table, card, lang=lang, width=46)
        marks = {i: "select" for i, c in enumerate(self._hand) if c == card}
        self._hand_picture.value = svg.row(self._hand, lang=lang, highlight=marks, width=46)


_PLAYERS = {
    2: ("one against one", "один на один"),
    4: ("two against two", "двое на двое"),
    6: ("three against three", "трое на трое"),
}


class DominoGame(w.VBox):
    """Play Domino: you (A1) and bot partners against bots, or every seat by hand (hot seat)."""

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        *,
        deck_size: int = 36,
        voluntary_pass: bool = False,
        opponents: str = "heuristic",
        hot_seat: bool = False,
        lang: str = "en",
    ):
        self.lang = check_lang(lang)
        self._players = w.Dropdown(
            options=[(text(lang, *v), k) for k, v in _PLAYERS.items()],
            value=players,
            description=text(lang, "Teams:", "Команды:"),
        )
        self._deck = w.Dropdown(options=[36, 52], value=deck_size, description=text(lang, "Deck:", "Колода:"))
        self._voluntary = w.Checkbox(value=voluntary_pass, description=text(lang, "pass at will", "пас по желанию"))
        self._opponents = w.Dropdown(
            options=[
                (text(lang, "heuristic bots", "сильные боты"), "heuristic"),
                (text(lang, "random bots", "случайные боты"), "random"),
            ],
            value=opponents,
            description=text(lang, "Bots:", "Боты:"),
        )
        self._hot_seat = w.Checkbox(
            value=hot_seat, description=text(lang, "hot seat (all by hand)", "все игроки — люди")
        )
        self._seed = w.BoundedIntText(value=seed, min=0, max=10**9, description=text(lang, "Seed:", "Зерно:"))
        self._new = w.Button(description=text(lang, "New game", "Новая партия"), icon="refresh")
        self._about = w.HTML()
        self._picture = w.HTML()
        self._hand_picture = w.HTML()
        self._cards = _hand_buttons("domino-game-cards", lang)
        self._where = _where_buttons("domino-game", lang)
        self._pass = w.Button(description=text(lang, "Pass", "Пас"), button_style="warning")
        self._status = status_line()
        self._log = w.HTML()
        for widget, cls in (
            (self._players, "domino-game-players"),
            (self._deck, "domino-game-deck"),
            (self._voluntary, "domino-game-voluntary"),
            (self._opponents, "domino-game-opponents"),
            (self._hot_seat, "domino-game-hot-seat"),
            (self._seed, "domino-game-seed"),
            (self._new, "domino-game-new"),
            (self._about, "domino-game-about"),
            (self._picture, "domino-game-table"),
            (self._hand_picture, "domino-game-hand"),
            (self._pass, "domino-game-pass"),
            (self._status, "domino-game-status"),
            (self._log, "domino-game-log"),
        ):
            widget.add_class(cls)
        wrap = w.Layout(flex_flow="row wrap")
        setup = w.VBox(
            [
                w.HBox([self._players, self._deck, self._opponents], layout=wrap),
                w.HBox([self._voluntary, self._hot_seat, self._seed, self._new], layout=wrap),
            ]
        )
        places = w.HBox([*self._where.values(), self._pass], layout=wrap)
        super().__init__(
            [setup, self._about, self._picture, self._hand_picture, self._cards, places, self._status, self._log]
        )
        self._new.on_click(self._on_new)
        self._cards.observe(self._on_card, names="value")
        for where, button in self._where.items():
            button.on_click(lambda _b, where=where: self._on_place(where))
        self._pass.on_click(self._on_pass)
        self._state: dm.DominoState = None
        self._on_new()

    @property
    def state(self) -> dm.DominoState:
        """The game shown (a copy: changing it does not change the view)."""
        return self._state.clone()

    @property
    def seat(self) -> int:
        """The seat whose hand is shown: A1, or in hot seat whoever is to move."""
        if self._hot_seat.value and self._state.current_player is not None:
            return self._state.current_player
        return 0

    @property
    def selected(self) -> Card | None:
        return parse_card(self._cards.value) if self._cards.value else None

    # ---- callbacks: event -> rules -> redraw

    @guarded
    def _on_new(self, _button=None) -> None:
        self._state = dm.new_game(
            players=self._players.value,
            seed=self._seed.value,
            deck_size=self._deck.value,
            voluntary_pass=self._voluntary.value,
        )
        self._rng = random.Random(self._seed.value)
        bot = dm.HeuristicPlayer(samples=4) if self._opponents.value == "heuristic" else RandomPlayer()
        n = self._state.num_players
        self._bots = {} if self._hot_seat.value else {p: bot for p in range(1, n)}
        self._bots_move()

    @guarded
    def _on_card(self, change) -> None:
        self._redraw()
        if self.selected is not None and not self._state.is_over():
            show(self._status, *_where_message(self._state.table, self.selected, self.lang))

    @guarded
    def _on_place(self, where: str) -> None:
        if _lay_selected(self, lambda c: self._state.place(c, where)) is not None:
            self._bots_move()

    @guarded
    def _on_pass(self, _button=None) -> None:
        try:
            self._state.apply(dm.Pass(self.seat if self._state.current_player is not None else -1))
        except IllegalAction as error:
            _refused(self._status, error, self.lang)
            return
        self._bots_move()

    def _bots_move(self) -> None:
        play_bots(self._state, self._bots, self._rng)
        self._redraw()
        self._tell()

    # ---- drawing

    def _tell(self) -> None:
        state, lang = self._state, self.lang
        if state.is_over():
            verdict = state.log(lang)[-1].text
            show(self._status, verdict[:1].upper() + verdict[1:] + ".", "ok")
            return
        who = state.seat_name(state.current_player, lang)
        if state.current_player in self._bots:
            show(self._status, text(lang, f"{who} is thinking…", f"{who} думает…"))
            return
        can = [a for a in state.legal_actions() if isinstance(a, dm.Place)]
        if not can:
            show(
                self._status,
                text(lang, f"{who}: no card fits — press Pass.", f"{who}: положить нечего — нажмите «Пас»."),
            )
        else:
            show(self._status, text(lang, f"{who}, your move: choose a card.", f"{who}, ваш ход: выберите карту."))

    def _redraw(self) -> None:
        state, lang = self._state, self.lang
        hand = state.hands[self.seat]
        card = self.selected if self._cards.value in {str(c) for c in hand} else None
        self._cards.unobserve(self._on_card, names="value")
        self._cards.options = [(format_card(c, lang), str(c)) for c in hand]
        self._cards.value = str(card) if card is not None else None
        self._cards.observe(self._on_card, names="value")
        over = state.is_over()
        for b in (*self._where.values(), self._pass):
            b.disabled = over
        self._picture.value = dm.draw_table(state.table, card, lang=lang, width=40)
        marks = {i: "select" for i, c in enumerate(hand) if c == card}
        self._hand_picture.value = svg.row(hand, lang=lang, highlight=marks, width=44, overlap=0.45)
        self._about.value = _about_html(state, self.seat, lang)
        self._log.value = _log_html(state, lang)


def _about_html(state: dm.DominoState, seat: int, lang: str) -> str:
    names = [state.seat_name(p, lang) for p in range(state.num_players)]
    hands = ", ".join(f"{n} {len(h)}" for n, h in zip(names, state.hands, strict=True))
    a, b = len(state.banks[0]), len(state.banks[1])
    you = text(lang, f"You: {names[seat]}", f"Вы: {names[seat]}")
    banks = text(lang, f"banks: team A {a}, team B {b}", f"копилки: команда А {a}, команда Б {b}")
    cards = text(lang, f"cards in hand: {hands}", f"карт на руках: {hands}")
    return f"<p class='domino-about-text'>{html.escape(you)} · {html.escape(banks)} · {html.escape(cards)}</p>"


def _log_html(state: dm.DominoState, lang: str, last: int = 60) -> str:
    entries = state.log(lang)[-last:]
    items = "".join(
        f"<li class='domino-log-{e.rule.split('.')[-1]}'>{html.escape(e.text)} <small>{rule_link(e.rule, lang)}</small></li>"
        for e in entries
    )
    title = text(lang, "Moves", "Ходы")
    return (
        f"<details open><summary>{title}</summary><ol style='max-height:18em;overflow:auto;font-size:13px'>"
        f"{items}</ol></details>"
    )
