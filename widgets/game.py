"""The one game view: every game's play app is a :class:`GameView` subclass.

The base owns everything the games share: option controls made from the game's
``Options`` fields, the seed, New game and the teaching set-ups, hot seat or a bot
per seat, the action buttons from ``legal_actions()`` with their explanations,
typed moves in card notation, undo, save and load, the log with rule links, the
language switch, the bots' speed (instant, normal, step by step), the projector
setting, and the act → bots → redraw loop. A game supplies its table as a painter
(:mod:`widgets.paint`: pure HTML, which the class together's server draws with too),
named in its declaration, so that its view is only::

    class WarView(GameView):
        GAME = war.GAME

and may add :meth:`GameView.special_input`. Callbacks are
short: event → engine → redraw; errors go to the status line in the reader's
language and the game stays as it was.

The view is laid out as a card table that fits one screen: a bar of controls
(Settings, Undo, Save · load, Log: the three drawers open over the table), the
other seats above the centre of the table, the last move, the viewer's seat and
hand, the status line ("Player 1, your turn.") and the move buttons (once the game is
over, New game: the next deal). The page's
script (``classserver/voila/templates/rulebook/table.js``) opens and closes the
drawers on the page itself, without a round trip to Python.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import html
import random
import re
import secrets
import time
from typing import NamedTuple

import ipywidgets as w

from rules.cards import Card
from rules.errors import IllegalAction, check_lang
from rules.game import Action, Game, State, option_label, play_bots
from rules.lang import count, pick, player_name
from rules.moves import cards_of as action_cards
from rules.moves import read_move
from widgets.coach import HintPanel, seat_bot, seat_choices
from widgets.common import (
    close_tree,
    guarded,
    in_app,
    link_seed,
    rule_href,
    rule_link,
    rule_title,
    shared,
    sharing,
    show,
    status_line,
)
from widgets.hand import Hand
from widgets.paint import TablePainter, moved_cards, table_css
from widgets.paint import painter as game_painter

#: seconds between two bot moves at the "normal" speed, and the moves shown that way
STEP_PAUSE, PAUSED_MOVES = 0.45, 12
#: the log lines the Log drawer holds (the newest; the engine keeps them all)
LOG_LINES = 120
#: the moves of the bots since the person's last move shown under the table (the rest: the Log)
LAST_LINES = 6
#: a fresh deal's seed is below this (a number a teacher can read out to a class)
FRESH_SEEDS = 10**6


@functools.cache
def table_style() -> str:
    """The tables' stylesheet (``widgets/table.css``, :data:`widgets.paint.STYLESHEET`) as a ``<style>`` element."""
    return f"<style>{table_css()}</style>"


_SPEEDS = (("instant", "Instant", "Сразу"), ("normal", "Normal", "Обычно"), ("step", "Step by step", "По шагу"))
_TAGS = re.compile(r"<[^>]+>")


class LogLine(NamedTuple):
    """One line of the Log drawer: its text as the reader sees it and the rule it links to."""

    text: str
    rule: str

    @property
    def href(self) -> str:
        return rule_href(self.rule)


def plain(markup: str) -> str:
    """The text of a line of HTML, as a reader sees it (tags dropped, entities read)."""
    return html.unescape(_TAGS.sub("", markup)).strip()


class GameView(w.VBox):
    """Play a game against bots or in hot seat; subclasses set ``GAME`` and draw the table.

    What a reader does can also be done by name, which is how the tests drive a view
    (they never read its private parts)::

        view.buttons()            # the moves offered now (by the cards or as buttons), by their labels, in order
        view.move_buttons()       # the labels of the buttons shown now (moves without a card, the choices)
        view.press("Take")        # play an offered move as a reader does: its button, or its cards then it
        view.cards()              # the hand's cards as a screen reader hears them ("nine of hearts: …")
        view.tap(2)               # tap the hand's third card
        view.type_move("9♥")      # type a move in the move box and press Enter
        view.status_text()        # the status line: "Player 1, your turn."
        view.status_kind()        # "ok", "info" or "error"
        view.log_entries()        # the Log drawer's lines: LogLine(text, rule), .href
        view.table_html()         # the table: the other seats and the centre (HTML)
        view.hand_html()          # the viewer's seat and hand (HTML)
        view.undo()               # press Undo
        view.save()               # press Save; the saved game (JSON text)
        view.load(text)           # paste a saved game and press Load
        view.new_game(players=4, seed=7, **options)  # set the settings, press New game
        view.set_up("jacks")      # choose a teaching set-up and press Set up
        view.set_language("ru"), view.set_seat(1, "human"), view.set_speed("step")
        view.next_bot_move()      # press Next bot move (the "step by step" speed)
        view.play_again()         # press New game under a finished game (the next seed)
        view.waiting              # whether a bot waits for Next bot move
        view.control("domino-game-pass")  # a game's own control, by its CSS class
    """

    GAME: Game

    def __init__(
        self, *, lang: str = "en", seed: int | None = 0, players: int | None = None, seats=None, setup=None, **options
    ):
        self.lang = check_lang(lang)
        info = self.GAME.info
        seed, self._seed_chosen = deal_seed(seed)
        self._seed_typed = False
        self._values = {"players": players or info.min_players, "seed": seed, **options}
        self._seats = list(seats) if seats else None
        self._speed, self._waiting, self._rng = "instant", False, random.Random(seed)
        self._projector = False
        self._status, self._last, self._hand_box = status_line(), sharing(w.HTML), sharing(w.HTML)
        self._hand = Hand(play=self._act, say=self._say, label=self.action_text, of_action=action_cards)
        self._hand.on_select = self._draw_table
        self._fresh: frozenset[Card] = frozenset()
        self._result = sharing(w.HTML)
        self._style = sharing(w.HTML, value=table_style(), layout={"display": "none"})  # kept from game to game
        for widget, name in (
            (self._status, "rb-status"),
            (self._last, "rb-last-move"),
            (self._hand_box, "rb-hand-box"),
            (self._result, "rb-result"),
        ):
            widget.add_class(name)
        self._state: State | None = None
        super().__init__(layout=shared(w.Layout))
        self.add_class("rb-game")
        self.add_class(f"rb-game-{info.id}")
        if setup is not None:
            self._begin(self.GAME.setups[setup]())
        else:
            self._new_game()

    # ---- the table, as the game's painter draws it (widgets.paint)

    @property
    def painter(self) -> TablePainter:
        """The game's table painter in the view's language."""
        return game_painter(self.GAME, self.lang)

    @property
    def HAND_SIZES(self) -> bool:
        """Whether each seat shows how many cards it holds (not in games without hands)."""
        return self.painter.HAND_SIZES

    def draw_table(self, state: State, viewer: int, fresh: frozenset[Card]) -> str:
        """The centre of the table as ``viewer`` sees it, the hand's chosen cards lit where they may go."""
        return self.painter.draw_table(state, viewer, fresh, tuple(self.selected_cards()))

    def hand(self, state: State, viewer: int) -> list[Card]:
        return self.painter.hand(state, viewer)

    def seat_role(self, state: State, seat: int) -> str:
        """A seat's role now, in ``self.lang`` ("attacks", "dealer", "team A"); empty if none."""
        return self.painter.seat_role(state, seat)

    def action_text(self, action: Action) -> str:
        """A button's text for ``action``."""
        return self.painter.action_text(action)

    # ---- what a game may add

    def selected_cards(self) -> list[Card]:
        """The cards of the hand the reader has selected (a game may light up where they go)."""
        return [self._hand.held[i] for i in sorted(self._hand.selected)]

    def special_input(self) -> list[w.Widget]:
        """Extra controls of a game (Domino's placement grid); called at every redraw."""
        return []

    # ---- read-only state

    @property
    def state(self) -> State:
        """The game shown (a copy: changing it does not change the view)."""
        return self._state.clone()

    @property
    def humans(self) -> set[int]:
        return {p for p, kind in enumerate(self._seats) if kind == "human"}

    @property
    def viewer(self) -> int:
        """The seat whose hand is shown: the human to move, else the first human seat."""
        current = self._state.current_player
        if current in self.humans:
            return current
        return min(self.humans, default=0)

    @property
    def waiting(self) -> bool:
        """Whether a bot is to move and waits for Next bot move (the "step by step" speed)."""
        return self._waiting

    # ---- the test driver: what a reader does, by name

    def buttons(self) -> list[str]:
        """The labels of the moves offered now (played by tapping cards or by a button), in the engine's order."""
        return [self.action_text(a) for a in self._offered]

    def move_buttons(self) -> list[str]:
        """The labels of the move buttons shown now: the choices by the hand, then the moves without a card."""
        return [b.description for b in (*self._hand.children[2].children, *self._actions.children)]

    def press(self, label: str) -> None:
        """Play the offered move labelled ``label`` as a reader does: press its button, or tap
        its cards and press it among the choices that appear by the hand."""
        for button in self._actions.children:
            if button.description == label:
                button.click()
                return
        if self._hand.press_choice(label):
            return
        for action in self._hand.moves:
            if self.action_text(action) == label:
                self._hand.select_for(action)
                self._hand.press_choice(label)
                return
        raise LookupError(f"no move {label!r}; offered: {self.buttons()}")

    def cards(self) -> list[str]:
        """The hand's card buttons as a screen reader hears them: the card and its move."""
        return [button.description for button in self._hand.children[1].children]

    def tap(self, index: int) -> None:
        """Tap the hand's card at ``index`` (0 is the leftmost)."""
        self._hand.children[1].children[index].click()

    def type_move(self, text: str) -> None:
        """Type ``text`` in the move box and press Enter."""
        self._typed_box.value = ""  # the same text again is a new Enter
        self._typed_box.value = text

    def status_text(self) -> str:
        return plain(self._status.value)

    def status_kind(self) -> str:
        """``"error"`` after a refusal, ``"ok"`` after a success, ``"info"`` otherwise."""
        found = re.search(r"status-(\w+)", self._status.value)
        return found[1] if found else ""

    def log_entries(self) -> list[LogLine]:
        """The lines the Log drawer shows (the newest :data:`LOG_LINES`), oldest first."""
        return [LogLine(e.text, e.rule) for e in self._state.log(self.lang)[-LOG_LINES:]]

    def table_html(self) -> str:
        return self._table.value

    def hand_html(self) -> str:
        return self._hand_box.value

    def undo(self) -> None:
        self.control("rb-undo").click()

    def save(self) -> str:
        """Press Save; the saved game as the page shows it (JSON text)."""
        self.control("rb-save").click()
        return self._json.value

    def load(self, text: str) -> None:
        """Paste ``text`` in the saved-game box and press Load."""
        self._json.value = text
        self.control("rb-load").click()

    def new_game(self, **choices) -> None:
        """Set the settings named (``players``, ``seed``, any option) and press New game."""
        for name, value in choices.items():
            if name not in self._inputs:
                raise LookupError(f"no setting {name!r}; there are: {sorted(self._inputs)}")
            self._inputs[name].value = value
        self.control("rb-new").click()

    def set_up(self, name: str) -> None:
        """Choose the teaching set-up ``name`` and press Set up."""
        self.control("rb-setup").value = name
        self.control("rb-setup-go").click()

    def set_language(self, lang: str) -> None:
        self.control("rb-language").value = check_lang(lang)

    def set_seat(self, seat: int, kind: str) -> None:
        """Make ``seat`` a ``"human"`` (hot seat) or a ``"bot"``."""
        self.control(f"rb-seat-{seat}").value = kind

    def set_speed(self, speed: str) -> None:
        """The bots' speed: ``"instant"``, ``"normal"`` or ``"step"``."""
        self.control("rb-speed").value = speed

    def next_bot_move(self) -> None:
        self.control("rb-step").click()

    def play_again(self) -> None:
        """Press Play again under a finished game (LookupError while the game goes on)."""
        if not self._state.is_over():
            raise LookupError("New game is offered under the table only when the game is over")
        self.control("rb-again").click()

    def control(self, css_class: str) -> w.Widget:
        """The control of this view that carries ``css_class`` (the class the page's styles use)."""
        found = _find(self, css_class)
        if found is None:
            raise LookupError(f"no control with the class {css_class!r} in this view")
        return found

    # ---- building the controls

    def _controls(self) -> w.Widget:
        lang, fields = self.lang, [f for f in dataclasses.fields(self.GAME.options) if "label" in f.metadata]
        info = self.GAME.info
        wide = {"description_width": "initial"}
        made = {
            "players": sharing(
                w.Dropdown,
                options=list(range(info.min_players, info.max_players + 1)),
                description=pick(lang, "Players", "Игроки"),
                style=wide,
            )
        }
        for f in fields:
            choices, labels = f.metadata.get("choices"), f.metadata.get("choice_labels") or {}
            if isinstance(f.default, bool):
                made[f.name] = sharing(w.Checkbox, description=option_label(f, lang), indent=False, style=wide)
            elif choices is not None:
                opts = [(pick(lang, *labels[c]) if c in labels else str(getattr(c, "value", c)), c) for c in choices]
                made[f.name] = sharing(w.Dropdown, options=opts, description=option_label(f, lang), style=wide)
            elif f.metadata.get("low") is not None:
                made[f.name] = sharing(
                    w.BoundedIntText,
                    min=f.metadata["low"],
                    max=f.metadata["high"],
                    description=option_label(f, lang),
                    style=wide,
                )
        made["seed"] = sharing(w.BoundedIntText, min=0, max=10**9, description=pick(lang, "Seed", "Зерно"), style=wide)
        for name, widget in made.items():
            widget.value = self._values.get(name, getattr(self.GAME.options, name, widget.value))
            widget.add_class(f"rb-option-{name}")
        made["seed"].observe(self._seed_typed_in, names="value")
        self._inputs = made
        new = self._button(pick(lang, "New game", "Новая партия"), "rb-new", self._new_deal)
        new.button_style = "primary"
        parts = [*made.values(), new]
        setups = self.GAME.setups
        if setups:
            chooser = sharing(
                w.Dropdown,
                options=[(setup.title(lang), k) for k, setup in setups.items()],
                description=pick(lang, "Set-up", "Расстановка"),
                style=wide,
            )
            chooser.add_class("rb-setup")
            parts += [
                chooser,
                self._button(
                    pick(lang, "Set up", "Расставить"), "rb-setup-go", lambda _b: self._begin(setups[chooser.value]())
                ),
            ]
        box = sharing(w.HBox, children=parts, layout={"flex_flow": "row wrap"})
        box.add_class("rb-bar")
        return box

    def _button(self, label: str, cls: str, callback=None, tooltip: str = "", *, hidden_at_times=False) -> w.Button:
        """A button; one ``hidden_at_times`` has a layout of its own (it is shown and hidden)."""
        layout = w.Layout() if hidden_at_times else None
        button = sharing(w.Button, description=label, tooltip=tooltip or label, layout=layout)
        button.add_class(cls)
        if callback is not None:
            button.on_click(callback)
        return button

    def _toolbar(self) -> w.Widget:
        lang = self.lang
        language = sharing(
            w.ToggleButtons,
            options=[("English", "en"), ("Русский", "ru")],
            value=lang,
            description=pick(lang, "Language", "Язык"),
            style={"description_width": "initial"},
        )
        language.observe(lambda ch: self._set_language(ch["new"]), names="value")
        speed = sharing(
            w.Dropdown,
            options=[(pick(lang, en, ru), k) for k, en, ru in _SPEEDS],
            value=self._speed,
            description=pick(lang, "Bots", "Боты"),
            style={"description_width": "initial"},
        )
        speed.observe(lambda ch: setattr(self, "_speed", ch["new"]), names="value")
        projector = sharing(
            w.Checkbox, value=self._projector, description=pick(lang, "Projector", "Проектор"), indent=False
        )
        projector.observe(lambda ch: self._set_projector(ch["new"]), names="value")
        seats = [self._seat_toggle(p) for p in range(self._state.num_players)]
        for widget, cls in ((language, "rb-language"), (speed, "rb-speed"), (projector, "rb-projector-toggle")):
            widget.add_class(cls)
        box = sharing(w.HBox, children=[language, speed, projector, *seats], layout={"flex_flow": "row wrap"})
        box.add_class("rb-bar")
        return box

    def _seat_toggle(self, seat: int) -> w.Widget:
        toggle = sharing(
            w.Dropdown,
            options=seat_choices(self.GAME, self.lang),
            value=self._seats[seat],
            description=player_name(seat, self.lang),
            style={"description_width": "initial"},
            layout={"width": "auto"},
        )
        toggle.add_class(f"rb-seat-{seat}")
        toggle.observe(lambda ch: self._set_seat(seat, ch["new"]), names="value")
        return toggle

    def _drawer(self, name: str, label: str, tooltip: str, *content: w.Widget) -> tuple[w.Button, w.Widget]:
        """A disclosure button and the drawer it opens over the table (the page's script opens it)."""
        toggle = self._button(label, f"rb-toggle-{name}", tooltip=tooltip)
        toggle.add_class("rb-toggle")
        drawer = sharing(w.VBox, children=[sharing(w.HTML, value=f"<h2>{html.escape(tooltip)}</h2>"), *content])
        drawer.add_class("rb-drawer")
        drawer.add_class(f"rb-drawer-{name}")
        return toggle, drawer

    # ---- callbacks: event -> engine -> redraw

    @guarded
    def _new_game(self) -> None:
        if hasattr(self, "_inputs"):
            self._values.update({k: v.value for k, v in self._inputs.items()})
        options = {k: v for k, v in self._values.items() if k not in ("players", "seed")}
        self._begin(self.GAME.new_game(players=self._values["players"], seed=self._values["seed"], **options))

    def _seed_typed_in(self, _change) -> None:
        self._seed_typed = True

    def _next_seed(self) -> int:
        """The next deal's seed: the one typed in Settings; after a seed that was chosen (typed,
        or given by the link) the next one, so a class that started together stays together;
        else a fresh one."""
        box = self._inputs["seed"]
        if self._seed_typed:
            self._seed_chosen = True
            return box.value
        if self._seed_chosen:
            return (self._values["seed"] + 1) % (box.max + 1)
        return secrets.randbelow(FRESH_SEEDS)

    def _new_deal(self, _button=None) -> None:
        """New game (in Settings, or Play again under a finished game): the settings, a new deal."""
        box = self._inputs["seed"]
        box.unobserve(self._seed_typed_in, names="value")
        box.value = self._next_seed()  # shown in Settings: the seed in use
        box.observe(self._seed_typed_in, names="value")
        self._new_game()

    def _begin(self, state: State) -> None:
        self._state = state
        self._seed_typed = False
        n = state.num_players
        if not self._seats or len(self._seats) != n:
            self._seats = (list(self._seats or ["human"]) + ["bot"] * n)[:n]
        self._values.update(state.origin[1] if state.origin[0] == "new_game" else {})
        self._bots = {p: seat_bot(self.GAME, kind) for p, kind in enumerate(self._seats)}
        self._rng = random.Random(state.seed)
        self._rebuild()
        self._after_move()

    def _bot(self):
        return self.GAME.bot_player()

    def _set_seat(self, seat: int, kind: str) -> None:
        self._seats[seat] = kind
        self._bots[seat] = seat_bot(self.GAME, kind)
        self._after_move()

    def _set_projector(self, on: bool) -> None:
        self._projector = on
        (self.add_class if on else self.remove_class)("rb-projector")

    def _set_language(self, lang: str) -> None:
        self._values.update({k: v.value for k, v in self._inputs.items()})
        self.lang = lang
        self._rebuild()
        self._redraw()
        self._tell()

    @guarded
    def _act(self, action: Action) -> None:
        self._state.apply(action)
        self._after_move()

    @guarded
    def _typed(self, change) -> None:
        typed = change["new"].strip()
        if typed:
            try:
                action = self._match(typed)
            except IllegalAction as error:  # why, and the rule that says so
                rule = (
                    f" ({pick(self.lang, 'rule', 'правило')}: {rule_title(error.rule, self.lang)})"
                    if error.rule
                    else ""
                )
                show(self._status, error.message(self.lang) + rule, "error")
                return
            self._act(action)
            if self._status.value and "status-error" not in self._status.value:
                self._typed_box.value = ""  # played: the box is ready for the next move

    def _match(self, typed: str) -> Action:
        """The legal action a typed move names (:func:`rules.moves.read_move`): its words, its cards."""
        mine = [a for a in self._state.legal_actions() if a.player in self.humans]
        return read_move(self._state, mine, typed, self.lang, self._move_text)

    def _move_text(self, action: Action, lang: str) -> str:
        """A move's button text in ``lang`` (the view's own words in its language)."""
        return self.action_text(action) if lang == self.lang else action.explain(lang)

    def _say(self, text: str, kind: str = "info") -> None:
        show(self._status, text, kind)

    @guarded
    def _undo(self, _button=None) -> None:
        history = self._state.history
        back = next((len(history) - i for i in range(len(history) - 1, -1, -1) if history[i].player in self.humans), 0)
        if not back:
            raise IllegalAction("nothing to undo", "нечего отменять")
        self._state = self._state.undo(back)
        self._redraw()
        show(
            self._status,
            pick(
                self.lang,
                f"Took back {count(back, 'en', ('move', 'moves'))}.",
                f"Отменено: {count(back, 'ru', ('ход', 'хода', 'ходов'))}.",
            ),
            "ok",
        )

    @guarded
    def _save(self, _button=None) -> None:
        text = self._state.to_json()
        self._json.value = text
        data = base64.b64encode(text.encode()).decode()
        label = pick(self.lang, "Download the save", "Скачать сохранение")
        self._download.value = (
            f'<a download="{self.GAME.id}.json" href="data:application/json;base64,{data}">{label}</a>'
        )
        show(
            self._status,
            pick(self.lang, "Saved: copy the text or download it.", "Сохранено: скопируйте текст или скачайте файл."),
            "ok",
        )

    @guarded
    def _load(self, _button=None) -> None:
        self._begin(self.GAME.from_json(self._json.value))
        show(self._status, pick(self.lang, "Game loaded.", "Партия загружена."), "ok")

    def _after_move(self) -> None:
        """Let the bots play at the chosen speed, then redraw and say whose turn it is."""
        bots = {p: b for p, b in self._bots.items() if p not in self.humans}
        self._waiting = False
        if self._speed == "step":
            self._waiting = self._state.current_player in bots
        elif self._speed == "normal":
            for _ in range(PAUSED_MOVES):
                if not self._state_step(bots, 1):
                    break
                self._redraw()
                time.sleep(STEP_PAUSE)
        if self._speed != "step":
            self._state_step(bots, None)
        self._redraw()
        self._tell()

    def _state_step(self, bots, limit) -> int:
        return len(play_bots(self._state, bots, self._rng, limit=limit))

    @guarded
    def _next_bot_move(self, _button=None) -> None:
        bots = {p: b for p, b in self._bots.items() if p not in self.humans}
        self._state_step(bots, 1)
        self._waiting = self._state.current_player in bots
        self._redraw()
        self._tell()

    # ---- drawing

    def _rebuild(self) -> None:
        lang = self.lang
        # the controls this view replaces (another language, a new game), not the lines it keeps
        close_tree(
            *self.children, keep=(self._style, self._status, self._last, self._hand_box, self._hand, self._result)
        )
        self._table, self._actions, self._log = sharing(w.HTML), sharing(w.HBox), sharing(w.HTML)
        self._buttons, self._offered, self._button_moves = [], [], []
        self._typed_box = sharing(
            w.Text,
            layout=w.Layout(),  # its own: hidden when the game is over
            placeholder=pick(lang, "type a move, e.g. 9♥ or 9H", "введите ход, например 9♥ или 9H"),
            description=pick(lang, "Move", "Ход"),
            continuous_update=False,
        )
        self._typed_box.observe(self._typed, names="value")
        self._json = sharing(
            w.Textarea,
            placeholder=pick(lang, "saved game (JSON)", "сохранённая партия (JSON)"),
            layout={"width": "100%", "height": "5em"},
        )
        self._json.add_class("rb-json")
        self._download = sharing(w.HTML)
        self._download.add_class("rb-download")
        self._step = self._button(
            pick(lang, "Next bot move", "Следующий ход бота"), "rb-step", self._next_bot_move, hidden_at_times=True
        )
        self._again = self._button(
            pick(lang, "Play again", "Сыграть ещё"),
            "rb-again",
            self._new_deal,
            pick(lang, "A new deal with the same settings", "Новая раздача с теми же настройками"),
            hidden_at_times=True,
        )
        self._again.button_style = "primary"
        for widget, cls in (
            (self._table, "rb-table"),
            (self._actions, "rb-actions"),
            (self._log, "rb-log"),
            (self._typed_box, "rb-typed"),
        ):
            widget.add_class(cls)
        files = sharing(
            w.HBox,
            children=[
                self._button(pick(lang, "Save", "Сохранить"), "rb-save", self._save),
                self._button(pick(lang, "Load", "Загрузить"), "rb-load", self._load),
                self._download,
            ],
            layout={"flex_flow": "row wrap", "align_items": "center"},
        )
        settings = self._drawer(
            "settings",
            pick(lang, "Settings", "Настройки"),
            pick(lang, "Game settings", "Настройки партии"),
            self._controls(),
            self._toolbar(),
        )
        saving = self._drawer(
            "files",
            pick(lang, "Save · load", "Сохранение"),
            pick(lang, "Save or load a game", "Сохранить или загрузить партию"),
            files,
            self._json,
        )
        log = self._drawer("log", pick(lang, "Log", "Журнал"), pick(lang, "The whole log", "Весь журнал"), self._log)
        undo = self._button(
            pick(lang, "Undo", "Отменить"),
            "rb-undo",
            self._undo,
            pick(lang, "Take back the last move", "Отменить свой ход"),
        )
        self._deal = sharing(w.HTML)
        self._deal.add_class("rb-deal")
        topbar = sharing(w.HBox, children=[*settings, undo, *saving, *log])
        topbar.add_class("rb-topbar")
        status = sharing(w.HBox, children=[self._status, self._deal])  # whose turn, and the deal's number beside it
        status.add_class("rb-status-row")
        # the viewer's seat, hand, status and moves: docked at the foot of a phone's screen while the page scrolls
        dock = sharing(w.VBox, children=[self._hand_box, self._hand, status, self._actions, self._step])
        dock.add_class("rb-dock")
        self._meta = sharing(w.HTML, value=self._meta_html(), layout={"display": "none"})
        self._meta.add_class("rb-meta")
        self._special = sharing(w.VBox)
        self._special.add_class("rb-special")
        self._hint = HintPanel(self)
        self.children = [
            self._style,
            self._meta,
            topbar,
            self._result,  # a finished game: its result and Play again on the first screen, above the table
            self._again,
            self._table,
            self._last,
            dock,
            self._special,
            self._typed_box,
            self._hint,
        ]
        for cls in ("rb-lang-en", "rb-lang-ru"):
            self.remove_class(cls)
        self.add_class(f"rb-lang-{lang}")

    def _meta_html(self) -> str:
        """What the page takes from the view: its language and the title of its tab ("Durak · play")."""
        lang = self.lang
        title = f"{self.GAME.info.name(lang)} · {pick(lang, 'play', 'игра')}"
        moves = pick(lang, "Your moves", "Ваши ходы")
        return (
            f"<span class='rb-meta-data' data-lang='{lang}' data-title='{html.escape(title)}' "
            f"data-moves='{html.escape(moves)}'></span>"
        )

    def _redraw(self) -> None:
        self._hint.clear()
        state, lang, viewer = self._state, self.lang, self.viewer
        last = state.history[-1] if state.history else None
        fresh = moved_cards(last) if last else frozenset()
        mine = [] if self._waiting else [a for a in state.legal_actions() if a.player in self.humans]
        self._hand.show(self.hand(state, viewer), [a for a in mine if a.player == viewer], fresh, lang)
        self._fresh = fresh
        self._draw_table()
        entries = state.log(lang)
        self._last.value = self._last_html(entries)
        self._hand_box.value = self._hand_html(state, viewer, fresh)
        self._offer(mine)
        over = state.is_over()
        self._step.layout.display = None if self._waiting else "none"
        self._again.layout.display = None if over else "none"
        self._typed_box.layout.display = "none" if over else None
        self._result.value = self._result_html(state) if over else ""
        self._deal.value = self._deal_html(state)
        replaced = self._special.children
        self._special.children = self.special_input()
        close_tree(*(old for old in replaced if old not in self._special.children))
        shown = entries[-LOG_LINES:]
        items = "".join(
            f"<li class='rb-{e.kind}'>{html.escape(e.text)} <small>{rule_link(e.rule, lang)}</small></li>"
            for e in shown
        )
        older = len(entries) - len(shown)
        earlier_en = "The earlier line is" if older == 1 else f"The {older} earlier lines are"
        note = (
            pick(
                lang,
                f"<p>{earlier_en} in the saved game.</p>",
                f"<p>Ещё {count(older, 'ru', ru=('строка', 'строки', 'строк'))} — в сохранённой партии.</p>",
            )
            if older
            else ""
        )
        empty = pick(lang, "Nothing has happened yet.", "Пока ничего не произошло.")
        self._log.value = f"<div class='rb-log-lines'>{note}<ol>{items}</ol>{'' if items else html.escape(empty)}</div>"

    def _draw_table(self) -> None:
        """The other seats and the centre (drawn again when the hand's selection changes)."""
        state, lang, viewer = self._state, self.lang, self.viewer
        others = [p for p in _around(viewer, state.num_players) if p != viewer]
        seats = "".join(self._seat_html(state, p) for p in others)
        centre = self.draw_table(state, viewer, self._fresh)
        table, others_label = pick(lang, "table", "стол"), pick(lang, "Other players", "Другие игроки")
        self._table.value = (
            f"<div class='rb-seats' role='list' aria-label='{others_label}'>{seats}</div>"
            f"<div class='rb-centre' role='region' tabindex='0' aria-label='{table}'>{centre}</div>"
        )

    def _seat_html(self, state: State, seat: int, *, me: bool = False) -> str:
        lang = self.lang
        current = seat == state.current_player
        size = " · " + count(len(self.hand(state, seat)), lang) if self.HAND_SIZES else ""
        role = self.seat_role(state, seat)
        who = "" if seat in self.humans else pick(lang, " (bot)", " (бот)")
        mark = "▶ " if current else ""
        role_html = f"<span class='rb-role'>{html.escape(role)}</span>" if role else ""
        details = " · ".join(part for part in (html.escape(size.removeprefix(" · ")), role_html) if part)
        aria = " aria-current='true'" if current else ""
        cls = "rb-seat" + (" rb-current" if current else "") + (" rb-me" if me else "")
        return (
            f"<div class='{cls}' role='listitem' data-seat='{seat}'{aria}><span class='rb-who'>{mark}"
            f"<b>{html.escape(player_name(seat, lang))}</b>{html.escape(who)}</span>"
            + (f"<span class='rb-details'>{' · ' if me else ''}{details}</span>" if details else "")
            + "</div>"
        )

    def _hand_html(self, state: State, viewer: int, fresh: frozenset[Card]) -> str:
        """The viewer's seat (the hand's cards are buttons under it: :class:`widgets.hand.Hand`)."""
        lang = self.lang
        title = pick(lang, f"Hand of {player_name(viewer, 'en')}", f"Карты игрока {viewer + 1}")
        seat = self._seat_html(state, viewer, me=True)
        return (
            f"<div role='list' aria-label='{html.escape(pick(lang, 'Your seat', 'Ваше место'))}'>{seat}</div>"
            f"<span class='rb-hand-title' hidden>{html.escape(title)}</span>"  # the page names the hand's cards by it
        )

    def _last_html(self, entries) -> str:
        """The moves since the person's last one (the bots' answers, all of them), or the last move."""
        humans, moves = self.humans, [e for e in entries if e.kind == "action"]
        mine = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].player in humans), None)
        since = moves[mine + 1 :] if mine is not None and mine + 1 < len(moves) else moves[-1:]
        lines = "".join(
            f"<li>{html.escape(e.text)} <small>{rule_link(e.rule, self.lang)}</small></li>" for e in since[-LAST_LINES:]
        )
        more = len(since) - LAST_LINES
        if more > 0:
            lines = f"<li>{pick(self.lang, f'… {more} more in the Log', f'… ещё {more} в журнале')}</li>" + lines
        return f"<ol class='rb-last' aria-live='polite'>{lines}</ol>" if lines else ""

    def _result_html(self, state: State) -> str:
        """A finished game's result: each player's place and score, and how it ended."""
        lang, result = self.lang, state.result()
        rows = "".join(
            f"<tr{' class=rb-winner' if place == 1 else ''}><td>{place}</td>"
            f"<td>{html.escape(player_name(p, lang))}{'' if p in self.humans else pick(lang, ' (bot)', ' (бот)')}</td>"
            f"<td>{result.scores[p]:g}</td></tr>"
            for p, place in sorted(enumerate(result.places), key=lambda item: (item[1], item[0]))
        )
        head = pick(lang, "<th>Place</th><th>Player</th><th>Score</th>", "<th>Место</th><th>Игрок</th><th>Очки</th>")
        note = html.escape(result.note(lang))
        title = pick(lang, "Game over", "Партия окончена")
        return (
            f"<div class='rb-result-box' role='region' aria-label='{title}'><h2>{title}</h2>"
            f"{f'<p>{note}</p>' if note else ''}"
            f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
        )

    def _deal_html(self, state: State) -> str:
        """The seed of a dealt game, to give a class one deal (typed in Settings, or ``?seed=`` in the link)."""
        if state.origin[0] != "new_game":
            return ""
        seed = state.seed
        hint = pick(
            self.lang,
            f"To deal these cards again: type {seed} as the seed in Settings, or add ?seed={seed} to the address",
            f"Чтобы сдать те же карты: введите зерно {seed} в настройках или добавьте ?seed={seed} к адресу",
        )
        return (
            f"<span class='rb-deal-no' title='{html.escape(hint)}'>{pick(self.lang, 'Deal', 'Раздача')} {seed}</span>"
        )

    def _offer(self, actions: list[Action]) -> None:
        """One button per legal move of the person that plays no card of the hand (the hand's
        cards play the others). The buttons are kept and relabelled from move to move: a click
        then sends the page only what changed, not new widgets."""
        self._offered = list(actions)
        carded = {id(m) for m in self._hand.moves}
        actions = [a for a in actions if id(a) not in carded]
        while len(self._buttons) < len(actions):
            button = sharing(w.Button)
            button.add_class("rb-action")
            button.on_click(functools.partial(self._act_offered, len(self._buttons)))
            self._buttons.append(button)
        for button, action in zip(self._buttons, actions, strict=False):
            with button.hold_sync():  # one message per button, not one per trait
                button.description, button.tooltip = self.action_text(action), action.explain(self.lang)
        self._button_moves = list(actions)
        self._actions.children = self._buttons[: len(actions)]

    def _act_offered(self, index: int, _button=None) -> None:
        self._act(self._button_moves[index])

    def _tell(self) -> None:
        state, lang = self._state, self.lang
        if state.is_over():
            result = state.result()
            winners = ", ".join(player_name(p, lang) for p in result.winners)
            note = result.note(lang)
            one = len(result.winners) == 1
            show(
                self._status,
                pick(
                    lang,
                    f"Game over. {'Winner' if one else 'Winners'}: {winners}. {note}",
                    f"Партия окончена. {'Победитель' if one else 'Победители'}: {winners}. {note}",
                ).strip(),
                "ok",
            )
        elif self._waiting:
            show(
                self._status,
                pick(lang, "A bot is to move: press “Next bot move”.", "Ходит бот: нажмите «Следующий ход бота»."),
            )
        else:
            who = player_name(state.current_player, lang)
            show(self._status, pick(lang, f"{who}, your turn.", f"{who}, ваш ход."))


def deal_seed(seed: int | None) -> tuple[int, bool]:
    """The first deal's seed, and whether it was chosen rather than drawn.

    In an app the address chooses it (``?seed=42``); without one, each visitor gets a fresh
    deal. In the book (and in tests) the page's own ``seed`` deals, so the page is the same
    at every build; ``None`` asks for a fresh deal there too.
    """
    if in_app():
        asked = link_seed()
        return (asked, True) if asked is not None else (secrets.randbelow(FRESH_SEEDS), False)
    return (seed, True) if seed is not None else (secrets.randbelow(FRESH_SEEDS), False)


def _around(viewer: int, players: int) -> list[int]:
    """The seats in playing order starting after ``viewer`` (the players to the viewer's left first)."""
    return [(viewer + k) % players for k in range(1, players + 1)]


def _find(widget: w.Widget, css_class: str) -> w.Widget | None:
    if css_class in getattr(widget, "_dom_classes", ()):
        return widget
    for child in getattr(widget, "children", ()):
        found = _find(child, css_class)
        if found is not None:
            return found
    return None


__all__ = ["GameView", "LogLine", "action_cards", "moved_cards", "plain"]
