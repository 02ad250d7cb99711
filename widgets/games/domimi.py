"""DoMiMi: the purchase explorer and the playable game.

The views hold no game logic: the explorer asks :func:`rules.domimi.turn_options`
(through :func:`rules.domimi.explorer_field` and :func:`rules.domimi.option_groups`);
the game calls :mod:`rules.domimi` (``new_game``, ``apply_label``, ``play_bots``,
``undo``, ``from_json``, ``log_lines``) and redraws from the state.
"""

from __future__ import annotations

import html
import random
from collections import Counter

import ipywidgets as w

from rules import domimi as dm
from rules import svg
from rules.cards import BLACK_JOKER, RED_JOKER, Card, Rank, Suit, format_card, format_cards, parse_cards
from rules.errors import check_lang
from rules.game import play_bots
from widgets.common import guarded, rule_link, show, status_line, text

_SUIT_ROWS = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)


def _bot(name: str):
    from rules.game import RandomPlayer

    return {"random": RandomPlayer, "greedy": dm.GreedyPlayer, "builder": dm.BuilderPlayer}[name]()


def field_html(field: list[Card], *, lang: str = "en", take=(), width: float = 30) -> str:
    """The field as a "battery": money cards as the body (a row per suit, A to 10), pictures as the cap.

    Each distinct card is drawn once with its count; the cards of ``take`` are highlighted.
    """
    counts = Counter(field)
    taken = Counter(take)
    cells, marks = {}, {}
    for r, suit in enumerate(_SUIT_ROWS):
        for col, rank in enumerate(range(1, 14)):
            card = Card(Rank(rank), suit)
            if counts[card]:
                cells[(r, col)] = card
            if taken[card]:
                marks[(r, col)] = "take"
    for col, joker in enumerate((RED_JOKER, BLACK_JOKER)):
        if counts[joker]:
            cells[(4, col)] = joker
        if taken[joker]:
            marks[(4, col)] = "take"
    picture = svg.grid(
        cells,
        5,
        13,
        lang=lang,
        highlight=marks,
        width=width,
        row_labels=[s.symbol for s in _SUIT_ROWS] + ["★"],
        col_labels=[Rank(r).symbol(lang) for r in range(1, 14)],
        title=text(lang, f"field: {len(field)} cards", f"поле: {len(field)} карт"),
    )
    multi = [f"{format_card(c, lang)}×{k}" for c, k in sorted(counts.items(), key=lambda x: x[0].index) if k > 1]
    note = ""
    if multi:
        note = "<div class='domimi-counts'><small>" + html.escape(" ".join(multi)) + "</small></div>"
    return f"<div class='domimi-battery'>{picture}{note}</div>"


def option_html(option: dm.TurnOption, lang: str = "en") -> str:
    """One option in words, with its rule and the cards that may go back."""
    back = ""
    if option.returnable:
        back = text(lang, " May go back: ", " Можно вернуть: ") + format_cards(option.returnable, lang)
    return (
        f"<div class='domimi-option'><b>{html.escape(option.explain(lang))}</b>"
        f"{html.escape(back)} ({rule_link(option.rule, lang)})</div>"
    )


def example_html(revealed: str, take: str, *, kind: str, decks: int = 1, stage: int = 2, extra_field: str = "") -> str:
    """A worked example drawn as cards: the revealed cards, what the source takes, and the engine's verdict."""
    cards = list(parse_cards(revealed))
    wanted = Counter(parse_cards(take))
    field = dm.explorer_field(decks, cards)
    options = dm.turn_options(cards, field, stage=stage)
    found = next((o for o in options if o.kind == kind and Counter(o.take) == wanted), None)
    pay = Counter(found.pay) if found else Counter()
    marks = {}
    for i, c in enumerate(cards):
        if pay[c]:
            marks[i] = "pay"
            pay[c] -= 1
    row = svg.row(cards, width=44, highlight=marks)
    got = svg.row(list(parse_cards(take)), width=44, highlight={i: "take" for i in range(sum(wanted.values()))})
    if found:
        verdict = f"✔ {html.escape(found.explain('en'))}<br><i>{html.escape(found.explain('ru'))}</i>"
    else:
        verdict = "✘ the engine finds no such option · движок не находит такого хода"
    return (
        "<div class='domimi-example' style='display:flex;gap:1em;align-items:center;margin:.4em 0'>"
        f"<div>{row}</div><div style='font-size:150%'>→</div><div>{got}</div><div>{verdict}</div></div>"
    )


def answer_html(revealed, answer, note_en: str, note_ru: str) -> str:
    """A position drawn as cards: the revealed cards, then the cards the engine allows, with a note."""
    row = svg.row(list(parse_cards(revealed)) if isinstance(revealed, str) else list(revealed), width=44)
    cards = list(answer)
    got = svg.row(cards, width=30, highlight={i: "take" for i in range(len(cards))})
    return (
        "<div class='domimi-example' style='display:flex;gap:1em;align-items:center;margin:.4em 0'>"
        f"<div>{row}</div><div style='font-size:150%'>→</div><div>{got}</div>"
        f"<div>✔ {html.escape(note_en)}<br><i>{html.escape(note_ru)}</i></div></div>"
    )


class PurchaseExplorer(w.VBox):
    """Pick revealed cards and a field; see every option by kind and suit; choose one to see it on the field."""

    def __init__(
        self,
        revealed: str = "6♦ 2♥ 9♥",
        *,
        extra: str = "",
        decks: int = 1,
        stage: int = 2,
        field: str | None = None,
        lang: str = "en",
    ):
        self.lang = check_lang(lang)
        self._cards: list[Card] = []
        self._field: list[Card] = []
        self._options: dm.OptionList | None = None
        self._groups: list = []
        self._revealed = w.Text(
            description=text(lang, "Revealed:", "Выпало:"),
            placeholder=text(lang, "e.g. 6♦ 2♥ 9♥", "например 6♦ 2♥ 9♥"),
            continuous_update=False,
        )
        self._extra = w.Text(
            description=text(lang, "Extra:", "Открыли:"),
            placeholder=text(
                lang, "cards a jack, king or joker revealed", "карты, открытые валетом, королём, джокером"
            ),
            continuous_update=False,
        )
        self._decks = w.Dropdown(options=[1, 2, 3, 4], value=decks, description=text(lang, "Decks:", "Колод:"))
        self._stage = w.ToggleButtons(
            options=[(text(lang, "stage 1", "1 этап"), 1), (text(lang, "stage 2", "2 этап"), 2)],
            value=stage,
        )
        self._mode = w.ToggleButtons(
            options=[
                (text(lang, "full field", "полное поле"), "full"),
                (text(lang, "edit the field", "своё поле"), "edit"),
            ],
            value="full" if field is None else "edit",
        )
        self._field_text = w.Textarea(
            description=text(lang, "Field:", "Поле:"),
            placeholder=text(lang, "the field's cards", "карты поля"),
            continuous_update=False,
            layout=w.Layout(width="100%", max_width="48em"),
        )
        self._group = w.Dropdown(description=text(lang, "Group:", "Группа:"), layout=w.Layout(width="30em"))
        self._choice = w.Select(rows=8, layout=w.Layout(width="100%", max_width="48em"))
        self._summary = w.HTML()
        self._detail = w.HTML()
        self._hand = w.HTML()
        self._picture = w.HTML()
        self._status = status_line()
        for widget, cls in (
            (self._revealed, "domimi-revealed"),
            (self._extra, "domimi-extra"),
            (self._decks, "domimi-decks"),
            (self._stage, "domimi-stage"),
            (self._mode, "domimi-mode"),
            (self._field_text, "domimi-field-text"),
            (self._group, "domimi-group"),
            (self._choice, "domimi-choice"),
            (self._summary, "domimi-summary"),
            (self._detail, "domimi-detail"),
            (self._hand, "domimi-hand"),
            (self._picture, "domimi-field"),
            (self._status, "domimi-status"),
        ):
            widget.add_class(cls)
        row1 = w.HBox([self._revealed, self._extra], layout=w.Layout(flex_flow="row wrap"))
        row2 = w.HBox([self._decks, self._stage, self._mode], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            [
                row1,
                row2,
                self._field_text,
                self._status,
                self._summary,
                self._group,
                self._choice,
                self._detail,
                self._hand,
                self._picture,
            ]
        )
        self._revealed.value = revealed
        self._extra.value = extra
        self._field_text.value = field or ""
        self._recompute()
        for widget in (self._revealed, self._extra, self._decks, self._stage, self._mode, self._field_text):
            widget.observe(self._on_input, names="value")
        self._group.observe(self._on_group, names="value")
        self._choice.observe(self._on_choice, names="value")

    # ---- read-only state

    @property
    def revealed(self) -> list[Card]:
        return list(self._cards)

    @property
    def field(self) -> list[Card]:
        return list(self._field)

    @property
    def options(self) -> dm.OptionList | None:
        return self._options

    @property
    def groups(self) -> list[tuple[str, list[dm.TurnOption]]]:
        return list(self._groups)

    @property
    def selected(self) -> dm.TurnOption | None:
        if not self._groups or self._group.value is None or self._choice.value is None:
            return None
        return self._groups[self._group.value][1][self._choice.value]

    # ---- callbacks

    def _on_input(self, _change) -> None:
        self._recompute()

    def _on_group(self, _change) -> None:
        self._fill_choices()

    def _on_choice(self, _change) -> None:
        self._draw()

    @guarded
    def _recompute(self) -> None:
        found = dm.explore(
            self._revealed.value,
            self._extra.value,
            decks=self._decks.value,
            stage=self._stage.value,
            field=None if self._mode.value == "full" else self._field_text.value,
            lang=self.lang,
        )
        self._cards, self._field = list(found.revealed), list(found.field)
        self._options, groups = found.options, found.groups
        self._groups = groups
        self._field_text.layout.display = "none" if self._mode.value == "full" else ""
        self._summary.value = self._summary_html()
        self._group.options = [(title, i) for i, (title, _) in enumerate(groups)]
        self._group.value = 0 if groups else None
        self._fill_choices()
        n = len(found.options)
        show(
            self._status,
            text(self.lang, f"{n} option(s), and doing nothing.", f"Вариантов: {n}, и можно ничего не делать."),
            "ok",
        )

    def _fill_choices(self) -> None:
        if self._group.value is None or not self._groups:
            self._choice.options = []
        else:
            opts = self._groups[self._group.value][1]
            self._choice.options = [(o.explain(self.lang), i) for i, o in enumerate(opts)]
            self._choice.value = 0 if opts else None
        self._draw()

    # ---- drawing

    def _summary_html(self) -> str:
        opts, lang = self._options, self.lang
        kinds = [("collect", "domimi.collect"), ("cross", "domimi.cross"), ("buy", "domimi.buy")]
        items = [f"<li>{rule_link(rule, lang)}: {opts.count(kind)}</li>" for kind, rule in kinds]
        return "<ul class='domimi-kinds'>" + "".join(items) + "</ul>"

    def _draw(self) -> None:
        option = self.selected
        marks: dict[int, str] = {}
        take: tuple = ()
        if option is not None:
            pay = Counter(option.pay)
            back = Counter(option.returnable)
            for i, c in enumerate(self._cards):
                if pay[c]:
                    marks[i] = "pay"
                    pay[c] -= 1
                elif back[c]:
                    marks[i] = "target"
                    back[c] -= 1
            take = option.take
            self._detail.value = option_html(option, self.lang)
        else:
            self._detail.value = html.escape(text(self.lang, "No option to show.", "Нет варианта для показа."))
        self._hand.value = svg.row(self._cards, lang=self.lang, width=52, highlight=marks)
        self._picture.value = field_html(self._field, lang=self.lang, take=take)


class DomimiGame(w.VBox):
    """Play DoMiMi: hot seat for the first ``humans`` seats, bots at the others, with the source's options."""

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        humans: int = 1,
        bot: str = "builder",
        teams: str = "none",
        last_breath: bool = False,
        full_round: bool = False,
        lang: str = "en",
    ):
        self.lang = check_lang(lang)
        self._players = w.Dropdown(
            options=list(range(2, 7)), value=players, description=text(lang, "Players:", "Игроки:")
        )
        self._humans = w.BoundedIntText(value=humans, min=0, max=6, description=text(lang, "People:", "Людей:"))
        self._bot = w.Dropdown(
            options=[
                (text(lang, "random", "случайный"), "random"),
                (text(lang, "greedy", "жадный"), "greedy"),
                (text(lang, "builder", "строитель"), "builder"),
            ],
            value=bot,
            description=text(lang, "Bots:", "Боты:"),
        )
        self._teams = w.Dropdown(
            options=[
                (text(lang, "each for themselves", "каждый за себя"), "none"),
                (text(lang, "two teams", "две команды"), "two"),
                (text(lang, "three teams", "три команды"), "three"),
                (text(lang, "pairs", "пары"), "pairs"),
            ],
            value=teams,
            description=text(lang, "Teams:", "Команды:"),
        )
        self._last_breath = w.Checkbox(
            value=last_breath, description=text(lang, "to the last breath", "до последнего вздоха")
        )
        self._full_round = w.Checkbox(value=full_round, description=text(lang, "finish the round", "доиграть круг"))
        self._seed = w.BoundedIntText(value=seed, min=0, max=10**9, description=text(lang, "Seed:", "Зерно:"))
        self._new = w.Button(description=text(lang, "New game", "Новая игра"), icon="refresh")
        self._undo = w.Button(description=text(lang, "Undo", "Отменить ход"), icon="undo")
        self._save = w.Button(description=text(lang, "Save", "Сохранить"), icon="download")
        self._load = w.Button(description=text(lang, "Load", "Загрузить"), icon="upload")
        self._json = w.Textarea(
            placeholder=text(lang, "the saved game (JSON)", "сохранённая партия (JSON)"),
            layout=w.Layout(width="100%", max_width="48em", height="4em"),
        )
        self._info = w.HTML()
        self._battery = w.HTML()
        self._table = w.HTML()
        self._revealed = w.HTML()
        self._actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._more = w.Dropdown(description=text(lang, "All moves:", "Все ходы:"), layout=w.Layout(width="40em"))
        self._play = w.Button(description=text(lang, "Play", "Сыграть"))
        self._log = w.HTML()
        self._status = status_line()
        for widget, cls in (
            (self._players, "domimi-players"),
            (self._humans, "domimi-humans"),
            (self._bot, "domimi-bot"),
            (self._teams, "domimi-teams"),
            (self._last_breath, "domimi-last-breath"),
            (self._full_round, "domimi-full-round"),
            (self._seed, "domimi-seed"),
            (self._new, "domimi-new"),
            (self._undo, "domimi-undo"),
            (self._save, "domimi-save"),
            (self._load, "domimi-load"),
            (self._json, "domimi-json"),
            (self._info, "domimi-info"),
            (self._battery, "domimi-battery-view"),
            (self._table, "domimi-table"),
            (self._revealed, "domimi-revealed-view"),
            (self._actions, "domimi-actions"),
            (self._more, "domimi-more"),
            (self._play, "domimi-play"),
            (self._log, "domimi-log"),
            (self._status, "domimi-status"),
        ):
            widget.add_class(cls)
        setup = w.HBox(
            [
                self._players,
                self._humans,
                self._bot,
                self._teams,
                self._last_breath,
                self._full_round,
                self._seed,
                self._new,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        files = w.HBox([self._undo, self._save, self._load])
        super().__init__(
            [
                setup,
                self._info,
                self._status,
                self._revealed,
                self._actions,
                w.HBox([self._more, self._play]),
                self._table,
                self._battery,
                self._log,
                files,
                self._json,
            ]
        )
        self._new.on_click(self._on_new)
        self._undo.on_click(self._on_undo)
        self._save.on_click(self._on_save)
        self._load.on_click(self._on_load)
        self._play.on_click(self._on_play)
        self._state: dm.DomimiState | None = None
        self._start()

    @property
    def state(self) -> dm.DomimiState:
        """The game being played (a copy: the view's own game cannot be changed from outside)."""
        return self._state.clone()

    @property
    def humans(self) -> set[int]:
        return set(self._seats)

    # ---- callbacks

    def _on_new(self, _button) -> None:
        self._start()

    @guarded
    def _start(self) -> None:
        players = self._players.value
        state = dm.new_game(
            players=players,
            seed=self._seed.value,
            teams=self._teams.value,
            last_breath=self._last_breath.value,
            full_round=self._full_round.value,
        )
        self._begin(state, min(self._humans.value, players))
        show(self._status, self._turn_text(), "info")

    def _begin(self, state: dm.DomimiState, humans: int) -> None:
        self._state = state
        self._seats = range(humans)
        self._rng = random.Random(state.seed)
        self._bots = {p: _bot(self._bot.value) for p in range(humans, state.num_players)}
        play_bots(state, self._bots, self._rng)
        self._redraw()

    def _on_label(self, label: str) -> None:
        self._act(lambda: self._state.apply_label(label))

    def _on_play(self, _button) -> None:
        if self._more.value is not None:
            self._on_label(self._more.value)

    @guarded
    def _act(self, move) -> None:
        move()
        play_bots(self._state, self._bots, self._rng)
        self._redraw()
        show(self._status, self._turn_text(), "ok")

    @guarded
    def _on_undo(self, _button) -> None:
        mine = [i for i, a in enumerate(self._state.history) if a.player in self._seats]
        if not mine:
            raise dm.IllegalAction("nothing to undo", "нечего отменять", rule="domimi.refill")
        self._state = self._state.undo(len(self._state.history) - mine[-1])
        self._redraw()
        show(self._status, text(self.lang, "Undone. ", "Ход отменён. ") + self._turn_text(), "ok")

    @guarded
    def _on_save(self, _button) -> None:
        self._json.value = self._state.to_json()
        show(self._status, text(self.lang, "Saved below as JSON.", "Партия сохранена ниже как JSON."), "ok")

    @guarded
    def _on_load(self, _button) -> None:
        state = dm.from_json(self._json.value)
        self._begin(state, min(self._humans.value, state.num_players))
        show(self._status, text(self.lang, "Loaded. ", "Загружено. ") + self._turn_text(), "ok")

    # ---- drawing

    def _turn_text(self) -> str:
        s, lang = self._state, self.lang
        if s.is_over():
            r = s.result()
            scores = ", ".join(
                text(
                    lang,
                    f"player {p + 1}: {r.scores[p]} (place {r.places[p]})",
                    f"игрок {p + 1}: {r.scores[p]} ({r.places[p]} место)",
                )
                for p in range(s.num_players)
            )
            end = text(lang, "Game over. ", "Игра окончена. ")
            return end + scores + (f". {r.note(lang)}" if r.note(lang) else "")
        p = s.current_player
        return text(lang, f"Player {p + 1} to decide.", f"Решает игрок {p + 1}.")

    def _redraw(self) -> None:
        s, lang = self._state, self.lang
        over = s.is_over()
        p = s.current_player
        view = s.view(p if p is not None else 0)
        jqk, jokers = s.field_pictures()
        stage = text(lang, f"stage {s.stage}", f"{s.stage} этап")
        self._info.value = html.escape(
            text(
                lang,
                f"{stage}; round {s.turns_played // s.num_players + 1}; on the field: {jqk} jacks, queens, kings "
                f"and {jokers} jokers",
                f"{stage}; круг {s.turns_played // s.num_players + 1}; на поле {jqk} валетов, дам, королей "
                f"и {jokers} джокеров",
            )
        )
        self._battery.value = field_html(s.field_cards(), lang=lang, width=26)
        rows = []
        for q in range(s.num_players):
            who = text(lang, f"Player {q + 1}", f"Игрок {q + 1}")
            if q in self._seats:
                who += text(lang, " (you)", " (вы)")
            team = f" · {text(lang, 'team', 'команда')} {s.team[q] + 1}" if s.options.teams != "none" else ""
            mark = " ◀" if q == p else ""
            rows.append(
                f"<tr data-player='{q + 1}'><td>{html.escape(who + team)}{mark}</td>"
                f"<td>{view['draw_sizes'][q]}</td><td>{view['discard_sizes'][q]}</td></tr>"
            )
        head = text(lang, "<th></th><th>deck</th><th>discard</th>", "<th></th><th>колода</th><th>сброс</th>")
        self._table.value = f"<table class='domimi-players'><tr>{head}</tr>{''.join(rows)}</table>"
        spent = view["spent"]
        cards = s.revealed_cards()
        title = text(lang, "Revealed", "Открыто")
        self._revealed.value = f"<b>{title}</b> " + svg.row(
            cards, lang=lang, width=52, highlight={spent: "last"} if spent is not None else None
        )
        buttons = []
        labels = []
        if not over and p in self._seats:
            actions = s.legal_actions()
            labels = [(a.explain(lang), a.label) for a in actions]
            for action in actions[:40]:
                button = w.Button(description=_short(action, lang), tooltip=action.explain(lang))
                button.add_class("domimi-action")
                button.on_click(lambda _b, label=action.label: self._on_label(label))
                buttons.append(button)
        self._actions.children = buttons
        self._more.options = labels
        self._more.layout.display = "" if len(labels) > 40 else "none"
        self._play.layout.display = self._more.layout.display
        who = text(lang, "P", "И")
        lines = [f"{who}{e.player + 1}: {e.text}" for e in s.log(lang)[-12:]]
        self._log.value = (
            "<ol class='domimi-log-lines'>" + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + "</ol>"
        )


def _short(action, lang: str) -> str:
    """A button's text."""
    if isinstance(action, dm.Move):
        return action.label if lang == "en" else _ru_label(action)
    return action.explain(lang) if len(action.explain(lang)) < 40 else action.label


def _ru_label(action: dm.Move) -> str:
    pay, take = format_cards(action.pay, "ru", "+"), format_cards(action.take, "ru", "+")
    word = {"collect": "собрать", "cross": "поперечный", "buy": "купить"}[action.kind]
    if action.kind == "buy":
        return f"{word} {take} за {pay}"
    return f"{word} {pay} → {take}"


__all__ = ["PurchaseExplorer", "DomimiGame", "field_html", "option_html", "example_html", "answer_html"]
