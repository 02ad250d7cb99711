"""The one game view: every game's play app is a :class:`GameView` subclass.

The base owns everything the games share: option controls made from the game's
``Options`` fields, the seed, New game and the teaching set-ups, hot seat or a bot
per seat, the action buttons from ``legal_actions()`` with their explanations,
typed moves in card notation, undo, save and load, the log with rule links, the
language switch, the bots' speed (instant, normal, step by step), the projector
setting, and the act → bots → redraw loop. A game supplies its table::

    class WarView(GameView):
        GAME = war.GAME

        def draw_table(self, state, viewer, fresh):
            return svg.row(state.trick, lang=self.lang, highlight=...)

and may refine :meth:`GameView.seat_role`, :meth:`GameView.hand`,
:meth:`GameView.action_text` or :meth:`GameView.special_input`. Callbacks are
short: event → engine → redraw; errors go to the status line in the reader's
language and the game stays as it was.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import html
import random
import time
from collections import Counter

import ipywidgets as w

from rules import svg
from rules.cards import Card, format_card, parse_cards
from rules.errors import IllegalAction, check_lang
from rules.game import Action, Game, State, option_label, play_bots
from rules.lang import count, pick, player_name
from widgets.common import close_tree, guarded, rule_link, show, status_line

#: the longest text a move box accepts (a hand of cards, not a book)
MAX_TYPED = 200
#: seconds between two bot moves at the "normal" speed, and the moves shown that way
STEP_PAUSE, PAUSED_MOVES = 0.45, 12

STYLE = """<style>
.rb-game .rb-bar{display:flex;flex-wrap:wrap;gap:.3em .8em;align-items:center}
.rb-game .rb-seats{display:flex;flex-wrap:wrap;gap:.4em;margin:.3em 0}
.rb-game .rb-seat{border:1px solid #8c959f;border-radius:.4em;padding:.15em .6em;background:#fff;color:#1f2328}
.rb-game .rb-seat.rb-current{border:3px solid #0550ae;background:#ddf4ff}
.rb-game .rb-seat .rb-role{color:#57606a;font-style:italic}
.rb-game .rb-centre{border-radius:.6em;background:#e6f2ea;padding:.5em;overflow-x:auto;min-height:4em}
.rb-game .rb-hand{display:flex;flex-wrap:wrap;gap:.25em;padding-top:10px}
.rb-game .rb-hand .rb-legal{transform:translateY(-8px)}
.rb-game .rb-hand .rb-dim{opacity:.5}
.rb-game .hl-last{animation:rb-glow 1.8s ease-out}
@keyframes rb-glow{0%{filter:drop-shadow(0 0 9px #bf8700)}100%{filter:none}}
.rb-game .rb-last{font-weight:600;margin:.3em 0}
.rb-game .rb-log ol{max-height:16em;overflow:auto}
.rb-game .widget-button,.rb-game .widget-toggle-button{width:auto;min-width:4em}
.rb-game .widget-label{width:auto;min-width:0;max-width:none;white-space:normal}
.rb-projector{--jp-widgets-font-size:22px;--jp-widgets-inline-height:44px;--jp-widgets-inline-label-width:auto}
.rb-projector .widget-html-content{font-size:24px;line-height:1.35}
.rb-projector .rb-centre svg{width:auto;height:200px}
.rb-projector .rb-hand svg{width:auto;height:180px}
.rb-projector .rb-seat{border-width:3px}
.rb-projector .rb-seat.rb-current{border-width:6px;background:#b6e3ff}
.rb-projector .widget-button{height:auto;padding:.3em .8em;font-weight:600}
.rb-projector .rb-typed{width:100%;max-width:40em}
@media (prefers-reduced-motion: reduce){.rb-game .hl-last{animation:none}}
</style>"""

_SPEEDS = (("instant", "Instant", "Сразу"), ("normal", "Normal", "Обычно"), ("step", "Step by step", "По шагу"))


def action_cards(action: Action) -> tuple[Card, ...]:
    """The cards an action plays (``cards``, or its one ``card``), for typed moves and highlights."""
    cards = getattr(action, "cards", None)
    if cards is None:
        card = getattr(action, "card", None)
        cards = (card,) if isinstance(card, Card) else ()
    return tuple(c for c in cards if isinstance(c, Card))


def moved_cards(action: Action) -> frozenset[Card]:
    """The cards an action moved where the reader can see them: those it plays, and
    the one card it names (a card taken from the discard pile)."""
    card = getattr(action, "card", None)
    return frozenset(action_cards(action)) | ({card} if isinstance(card, Card) else set())


class GameView(w.VBox):
    """Play a game against bots or in hot seat; subclasses set ``GAME`` and draw the table."""

    GAME: Game
    #: whether each seat shows how many cards it holds (not in games without hands)
    HAND_SIZES: bool = True

    def __init__(
        self, *, lang: str = "en", seed: int = 0, players: int | None = None, seats=None, setup=None, **options
    ):
        self.lang = check_lang(lang)
        info = self.GAME.info
        self._values = {"players": players or info.min_players, "seed": seed, **options}
        self._seats = list(seats) if seats else None
        self._speed, self._waiting, self._rng = "instant", False, random.Random(seed)
        self._status, self._last, self._hand_box = status_line(), w.HTML(), w.HTML()
        for widget, name in (
            (self._status, "rb-status"),
            (self._last, "rb-last-move"),
            (self._hand_box, "rb-hand-box"),
        ):
            widget.add_class(name)
        self._state: State | None = None
        super().__init__()
        self.add_class("rb-game")
        self.add_class(f"rb-game-{info.id}")
        if setup is not None:
            self._begin(self.GAME.setups[setup]())
        else:
            self._new_game()

    # ---- what a game may refine

    def draw_table(self, state: State, viewer: int, fresh: frozenset[Card]) -> str:
        """The centre of the table as ``viewer`` sees it (HTML/SVG).

        ``fresh`` are the cards the last action moved: draw them with the
        highlight ``"last"`` (class ``hl-last``), which the view makes glow.
        """
        raise NotImplementedError

    def hand(self, state: State, viewer: int) -> list[Card]:
        return list(state.zones().get(f"hand{viewer}", []))

    def seat_role(self, state: State, seat: int) -> str:
        """A seat's role now, in ``self.lang`` ("attacks", "dealer", "team A"); empty if none."""
        return ""

    def action_text(self, action: Action) -> str:
        """A button's text for ``action``."""
        return action.explain(self.lang)

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

    # ---- building the controls

    def _controls(self) -> w.Widget:
        lang, fields = self.lang, [f for f in dataclasses.fields(self.GAME.options) if "label" in f.metadata]
        info = self.GAME.info
        made = {
            "players": w.Dropdown(
                options=list(range(info.min_players, info.max_players + 1)), description=pick(lang, "Players", "Игроки")
            )
        }
        for f in fields:
            choices, labels = f.metadata.get("choices"), f.metadata.get("choice_labels") or {}
            if isinstance(f.default, bool):
                made[f.name] = w.Checkbox(description=option_label(f, lang), indent=False)
            elif choices is not None:
                opts = [(pick(lang, *labels[c]) if c in labels else str(getattr(c, "value", c)), c) for c in choices]
                made[f.name] = w.Dropdown(options=opts, description=option_label(f, lang))
            elif f.metadata.get("low") is not None:
                made[f.name] = w.BoundedIntText(
                    min=f.metadata["low"], max=f.metadata["high"], description=option_label(f, lang)
                )
        made["seed"] = w.BoundedIntText(min=0, max=10**9, description=pick(lang, "Seed", "Зерно"))
        for name, widget in made.items():
            widget.value = self._values.get(name, getattr(self.GAME.options, name, widget.value))
            widget.style = {"description_width": "initial"}
            widget.add_class(f"rb-option-{name}")
        self._inputs = made
        new = self._button(pick(lang, "New game", "Новая партия"), "rb-new", lambda _b: self._new_game(), "refresh")
        parts = [*made.values(), new]
        setups = self.GAME.setups
        if setups:
            chooser = w.Dropdown(
                options=[(setup.title(lang), k) for k, setup in setups.items()],
                description=pick(lang, "Set-up", "Расстановка"),
                style={"description_width": "initial"},
            )
            chooser.add_class("rb-setup")
            parts += [
                chooser,
                self._button(
                    pick(lang, "Set up", "Расставить"), "rb-setup-go", lambda _b: self._begin(setups[chooser.value]())
                ),
            ]
        box = w.HBox(parts, layout=w.Layout(flex_flow="row wrap"))
        box.add_class("rb-bar")
        return box

    def _button(self, label: str, cls: str, callback, icon: str = "") -> w.Button:
        button = w.Button(description=label, tooltip=label, icon=icon)
        button.add_class(cls)
        button.on_click(callback)
        return button

    def _toolbar(self) -> w.Widget:
        lang = self.lang
        language = w.ToggleButtons(
            options=[("English", "en"), ("Русский", "ru")],
            value=lang,
            description=pick(lang, "Language", "Язык"),
            style={"description_width": "initial"},
        )
        language.observe(lambda ch: self._set_language(ch["new"]), names="value")
        speed = w.Dropdown(
            options=[(pick(lang, en, ru), k) for k, en, ru in _SPEEDS],
            value=self._speed,
            description=pick(lang, "Bots", "Боты"),
            style={"description_width": "initial"},
        )
        speed.observe(lambda ch: setattr(self, "_speed", ch["new"]), names="value")
        projector = w.Checkbox(
            value="rb-projector" in self._dom_classes, description=pick(lang, "Projector", "Проектор"), indent=False
        )
        projector.observe(
            lambda ch: (self.add_class if ch["new"] else self.remove_class)("rb-projector"), names="value"
        )
        seats = [self._seat_toggle(p) for p in range(self._state.num_players)]
        for widget, cls in ((language, "rb-language"), (speed, "rb-speed"), (projector, "rb-projector-toggle")):
            widget.add_class(cls)
        box = w.HBox([language, speed, projector, *seats], layout=w.Layout(flex_flow="row wrap"))
        box.add_class("rb-bar")
        return box

    def _seat_toggle(self, seat: int) -> w.Widget:
        toggle = w.Dropdown(
            options=[(pick(self.lang, "person", "человек"), "human"), (pick(self.lang, "bot", "бот"), "bot")],
            value=self._seats[seat],
            description=player_name(seat, self.lang),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        toggle.add_class(f"rb-seat-{seat}")
        toggle.observe(lambda ch: self._set_seat(seat, ch["new"]), names="value")
        return toggle

    # ---- callbacks: event -> engine -> redraw

    @guarded
    def _new_game(self) -> None:
        if hasattr(self, "_inputs"):
            self._values.update({k: v.value for k, v in self._inputs.items()})
        options = {k: v for k, v in self._values.items() if k not in ("players", "seed")}
        self._begin(self.GAME.new_game(players=self._values["players"], seed=self._values["seed"], **options))

    def _begin(self, state: State) -> None:
        self._state = state
        n = state.num_players
        if not self._seats or len(self._seats) != n:
            self._seats = (list(self._seats or ["human"]) + ["bot"] * n)[:n]
        self._values.update(state.origin[1] if state.origin[0] == "new_game" else {})
        self._bots = {p: self._bot() for p in range(n)}
        self._rng = random.Random(state.seed)
        self._rebuild()
        self._after_move()

    def _bot(self):
        return self.GAME.bot_player()

    def _set_seat(self, seat: int, kind: str) -> None:
        self._seats[seat] = kind
        self._after_move()

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
            self._act(self._match(typed))

    def _match(self, typed: str) -> Action:
        """The legal action a typed move names: its cards in notation, or its label."""
        lang, state = self.lang, self._state
        if len(typed) > MAX_TYPED:
            raise IllegalAction(f"a move is at most {MAX_TYPED} characters", f"ход — не больше {MAX_TYPED} символов")
        mine = [a for a in state.legal_actions() if a.player in self.humans]
        named = [a for a in mine if typed.casefold() in (a.label.casefold(), self.action_text(a).casefold())]
        if named:
            return named[0]
        wanted = Counter(parse_cards(typed))
        fits = [a for a in mine if Counter(action_cards(a)) == wanted]
        if len(fits) == 1:
            return fits[0]
        shown = " ".join(format_card(c, lang) for c in wanted.elements())
        if fits:
            raise IllegalAction(
                f"{shown} can be played in {len(fits)} ways: use the buttons",
                f"{shown} можно сыграть {len(fits)} способами: выберите кнопкой",
            )
        raise IllegalAction(f"no legal move plays {shown} now", f"сейчас нет хода, который играет {shown}")

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
        close_tree(*self.children, keep=(self._status, self._last, self._hand_box))
        self._table, self._actions, self._log = w.HTML(), w.HBox(layout=w.Layout(flex_flow="row wrap")), w.HTML()
        self._buttons, self._offered = [], []
        self._typed_box = w.Text(
            placeholder=pick(lang, "type a move, e.g. 9♥ or 9H", "введите ход, например 9♥ или 9H"),
            description=pick(lang, "Move", "Ход"),
            continuous_update=False,
        )
        self._typed_box.observe(self._typed, names="value")
        self._json = w.Textarea(
            placeholder=pick(lang, "saved game (JSON)", "сохранённая партия (JSON)"),
            layout=w.Layout(width="100%", height="4em"),
        )
        self._json.add_class("rb-json")
        self._download = w.HTML()
        self._step = self._button(pick(lang, "Next bot move", "Следующий ход бота"), "rb-step", self._next_bot_move)
        tools = [
            self._button(pick(lang, "Undo", "Отменить"), "rb-undo", self._undo, "undo"),
            self._button(pick(lang, "Save", "Сохранить"), "rb-save", self._save),
            self._button(pick(lang, "Load", "Загрузить"), "rb-load", self._load),
            self._download,
        ]
        for widget, cls in (
            (self._table, "rb-table"),
            (self._actions, "rb-actions"),
            (self._log, "rb-log"),
            (self._typed_box, "rb-typed"),
        ):
            widget.add_class(cls)
        files = w.Accordion(
            [w.VBox([w.HBox(tools, layout=w.Layout(flex_flow="row wrap")), self._json])], selected_index=None
        )
        files.set_title(0, pick(lang, "Undo, save, load", "Отмена, сохранение, загрузка"))
        settings = w.Accordion([w.VBox([self._controls(), self._toolbar()])], selected_index=None)
        settings.set_title(0, pick(lang, "Game settings", "Настройки партии"))
        self._special = w.VBox()
        self.children = [
            w.HTML(STYLE),
            settings,
            self._table,
            self._last,
            self._hand_box,
            self._special,
            self._actions,
            self._step,
            self._typed_box,
            self._status,
            files,
            self._log,
        ]

    def _redraw(self) -> None:
        state, lang, viewer = self._state, self.lang, self.viewer
        last = state.history[-1] if state.history else None
        fresh = moved_cards(last) if last else frozenset()
        seats = "".join(self._seat_html(state, p) for p in range(state.num_players))
        centre = self.draw_table(state, viewer, fresh)
        self._table.value = f"<div class='rb-seats' role='list'>{seats}</div><div class='rb-centre' role='region' aria-label='{pick(lang, 'table', 'стол')}'>{centre}</div>"
        entries = state.log(lang)
        latest = next((e for e in reversed(entries) if e.kind == "action"), None)
        self._last.value = (
            f"<div class='rb-last' aria-live='polite'>{html.escape(latest.text)} <small>{rule_link(latest.rule, lang)}</small></div>"
            if latest
            else ""
        )
        self._hand_box.value = self._hand_html(state, viewer, fresh)
        mine = [] if self._waiting else [a for a in state.legal_actions() if a.player in self.humans]
        self._offer(mine)
        self._step.layout.display = None if self._waiting else "none"
        replaced = self._special.children
        self._special.children = self.special_input()
        close_tree(*(old for old in replaced if old not in self._special.children))
        items = "".join(
            f"<li class='rb-{e.kind}'>{html.escape(e.text)} <small>{rule_link(e.rule, lang)}</small></li>"
            for e in entries[-80:]
        )
        self._log.value = f"<details class='rb-log'><summary>{pick(lang, 'The whole log', 'Весь журнал')} ({len(entries)})</summary><ol>{items}</ol></details>"

    def _seat_html(self, state: State, seat: int) -> str:
        lang = self.lang
        current = seat == state.current_player
        size = " · " + count(len(self.hand(state, seat)), lang) if self.HAND_SIZES else ""
        role = self.seat_role(state, seat)
        who = "" if seat in self.humans else pick(lang, " (bot)", " (бот)")
        mark = "▶ " if current else ""
        role_html = f" · <span class='rb-role'>{html.escape(role)}</span>" if role else ""
        aria = " aria-current='true'" if current else ""
        return (
            f"<div class='rb-seat{' rb-current' if current else ''}' role='listitem' data-seat='{seat}'{aria}>"
            f"{mark}<b>{html.escape(player_name(seat, lang))}</b>{html.escape(who)}{html.escape(size)}{role_html}</div>"
        )

    def _hand_html(self, state: State, viewer: int, fresh: frozenset[Card]) -> str:
        lang = self.lang
        legal = {c for a in state.legal_actions() if a.player == viewer for c in action_cards(a)}
        cards = []
        for c in self.hand(state, viewer):
            cls = "rb-legal" if c in legal else "rb-dim" if legal else ""
            glow = "last" if c in fresh else None  # a card the last action brought into the hand
            cards.append(f"<span class='{cls}'>{svg.card(c, lang=lang, width=56, highlight=glow)}</span>")
        title = pick(lang, f"Hand of {player_name(viewer, 'en')}", f"Карты игрока {viewer + 1}")
        return f"<div><b>{html.escape(title)}</b></div><div class='rb-hand' role='group' aria-label='{html.escape(title)}'>{''.join(cards)}</div>"

    def _offer(self, actions: list[Action]) -> None:
        """One button per legal move of the person. The buttons are kept and relabelled
        from move to move: a click then sends the page only what changed, not new widgets."""
        while len(self._buttons) < len(actions):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("rb-action")
            button.on_click(functools.partial(self._act_offered, len(self._buttons)))
            self._buttons.append(button)
        for button, action in zip(self._buttons, actions, strict=False):
            with button.hold_sync():  # one message per button, not one per trait
                button.description, button.tooltip = self.action_text(action), action.explain(self.lang)
        self._offered = list(actions)
        self._actions.children = self._buttons[: len(actions)]

    def _act_offered(self, index: int, _button=None) -> None:
        self._act(self._offered[index])

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


__all__ = ["GameView", "action_cards", "moved_cards"]
