"""Minefield: the field of 54 cells, the bag, the players and the narrated event log.

The view holds no game logic: every button calls :mod:`rules.minefield`
(``state.draw()``, ``state.play_to_end()``, ``scenario(name)``, ``new_game``) and
redraws from the state. The scenario menu sets up each rare effect in a few moves.
"""

from __future__ import annotations

import html

import ipywidgets as w

from rules import minefield as mf
from rules import svg
from rules.cards import ALL_CARDS, format_card, parse_card
from rules.errors import check_lang
from widgets.common import guarded, rule_link, show, status_line, text

_MAGIC_COLOURS = {
    "mine": "#cf222e",
    "curse": "#8250df",
    "extra mine": "#cf222e",
    "misfortune": "#8250df",
    "Doctor Evil": "#8250df",
    "shield": "#1a7f37",
    "immunity": "#1a7f37",
    "luck": "#1a7f37",
    "joker": "#d4a017",
}


class MinefieldView(w.VBox):
    """The playable game: set-up (players, seed or a scenario), the field, the players, the log."""

    def __init__(self, players: int = 3, seed: int = 0, *, scenario: str | None = None, lang: str = "en"):
        self.lang = check_lang(lang)
        self._relabelling = False
        self._state = mf.new_game(players=players, seed=seed)
        self._language = w.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value=self.lang)
        self._scenario = w.Dropdown(options=_scenario_choices(lang), value="")
        self._players = w.Dropdown(options=list(range(2, 8)), value=players)
        self._seed = w.BoundedIntText(value=seed, min=0, max=10**9)
        self._new = w.Button(icon="refresh")
        self._draw = w.Button(button_style="primary")
        self._end = w.Button()
        for widget, cls in (
            (self._language, "minefield-lang"),
            (self._scenario, "minefield-scenario"),
            (self._players, "minefield-players"),
            (self._seed, "minefield-seed"),
            (self._new, "minefield-new"),
            (self._draw, "minefield-draw"),
            (self._end, "minefield-end"),
        ):
            widget.add_class(cls)
        self._about = w.HTML()
        self._about.add_class("minefield-about")
        self._field = w.HTML()
        self._field.add_class("minefield-field")
        self._opened = w.HTML()
        self._opened.add_class("minefield-opened")
        self._board = w.HTML()
        self._board.add_class("minefield-board")
        self._log = w.HTML()
        self._log.add_class("minefield-log")
        self._status = status_line()
        self._status.add_class("minefield-status")
        setup = w.HBox([self._scenario, self._players, self._seed, self._new], layout=w.Layout(flex_flow="row wrap"))
        buttons = w.HBox([self._draw, self._end])
        table = w.HBox([self._field, self._opened], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._language, setup, self._about, buttons, self._status, table, self._board, self._log])
        self._relabel()
        self._new.on_click(self._on_new)
        self._draw.on_click(self._on_draw)
        self._end.on_click(self._on_end)
        self._scenario.observe(self._on_scenario, names="value")
        self._language.observe(self._on_language, names="value")
        if scenario:
            self._scenario.value = scenario
        else:
            self._redraw()

    @property
    def state(self) -> mf.MinefieldState:
        """The game shown (a copy: changing it does not change the view)."""
        return self._state.clone()

    # ---- callbacks: event -> rules -> redraw

    @guarded
    def _on_new(self, _button=None) -> None:
        if self._scenario.value:
            self._state = mf.scenario(self._scenario.value)
        else:
            self._state = mf.new_game(players=self._players.value, seed=self._seed.value)
        self._redraw()

    @guarded
    def _on_scenario(self, change) -> None:
        if not self._relabelling:  # renaming the menu's entries is not choosing one
            self._on_new()

    @guarded
    def _on_draw(self, _button=None) -> None:
        self._state.draw()
        self._redraw()

    @guarded
    def _on_end(self, _button=None) -> None:
        self._state.play_to_end()
        self._redraw()

    @guarded
    def _on_language(self, change) -> None:
        self.lang = check_lang(change["new"])
        self._relabel()
        self._redraw()

    # ---- drawing

    def _relabel(self) -> None:
        """Every label in ``self.lang``; the game and the chosen scenario stay as they are."""
        lang = self.lang
        self._scenario.description = text(lang, "Set-up:", "Партия:")
        self._players.description = text(lang, "Players:", "Игроки:")
        self._seed.description = text(lang, "Seed:", "Зерно:")
        self._new.description = text(lang, "New game", "Новая партия")
        self._draw.description = text(lang, "Draw a barrel", "Вытянуть бочонок")
        self._end.description = text(lang, "Play to the end", "Доиграть до конца")
        chosen = self._scenario.value
        self._relabelling = True
        try:
            self._scenario.options = _scenario_choices(lang)
            self._scenario.value = chosen
        finally:
            self._relabelling = False

    def _redraw(self) -> None:
        state, lang = self._state, self.lang
        sc = mf.SCENARIOS.get(self._scenario.value)
        self._about.value = f"<p class='minefield-about-text'>{html.escape(sc.text(lang))}</p>" if sc else ""
        self._players.disabled = self._seed.disabled = bool(sc)
        over = state.is_over()
        self._draw.disabled = self._end.disabled = over
        self._field.value = _field_html(state, lang)
        self._opened.value = _opened_html(state, lang)
        self._board.value = _board_html(state, lang)
        self._log.value = _log_html(state, lang)
        if over:
            result = state.result()
            winners = ", ".join(str(p + 1) for p in result.winners)
            show(
                self._status,
                text(lang, f"Game over: player(s) {winners} win.", f"Игра окончена: победил(и) игрок(и) {winners}."),
                "ok",
            )
        else:
            p = state.current_player
            n = state.moves_in_a_row()
            extra = (
                text(lang, f" ({n} moves in a row)", f" ({_count_ru(n, 'ход', 'хода', 'ходов')} подряд)")
                if n > 1
                else ""
            )
            show(
                self._status,
                text(
                    lang,
                    f"Player {p + 1} draws next{extra}; {_barrels(state.bag_size(), 'en')} in the bag.",
                    f"Тянет игрок {p + 1}{extra}; в мешке {_barrels(state.bag_size(), 'ru')}.",
                ),
                "info",
            )


def _scenario_choices(lang: str) -> list[tuple[str, str]]:
    choices = [(text(lang, "a random game", "случайная партия"), "")]
    return choices + [(sc.title(lang), sc.id) for sc in mf.SCENARIOS.values()]


def _count_ru(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {one}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {few}"
    return f"{n} {many}"


def _barrels(n: int, lang: str) -> str:
    if lang == "ru":
        return _count_ru(n, "бочонок", "бочонка", "бочонков")
    return f"{n} barrel" + ("" if n == 1 else "s")


def _cell_html(state: mf.MinefieldState, n: int, last: int | None, lang: str) -> str:
    cell = state.cell(n)
    cls = ["mf-cell"]
    style = (
        "border:1px solid #bbb;border-radius:4px;width:4.2em;height:2.8em;text-align:center;font-size:12px;padding:1px"
    )
    body = f"<div style='color:#777;font-size:10px'>{n}</div>"
    if cell["open"]:
        cls.append("mf-open")
        main, amp = parse_card(cell["main"]), parse_card(cell["amp"])
        role = mf.card_role(main)
        colour = _MAGIC_COLOURS.get(role, "#1a1a1a")
        doubled = main == amp
        if doubled:
            cls.append("mf-amplified")
        body += (
            f"<b style='color:{colour}'>{html.escape(format_card(main, lang))}</b>"
            f"<span style='color:#777'>/{html.escape(format_card(amp, lang))}</span>"
        )
        style += ";background:" + ("#fff3c4" if doubled else "#f6f8fa")
    else:
        cls.append("mf-closed")
        style += ";background:#d0d7de"
        if cell["amp"]:
            body += f"<span style='color:#555'>?/{html.escape(format_card(parse_card(cell['amp']), lang))}</span>"
    if n == last:
        cls.append("mf-last")
        style += ";outline:3px solid #8250df"
    return f"<td class='{' '.join(cls)}' data-cell='{n}' style='{style}'>{body}</td>"


def _last_cell(state: mf.MinefieldState) -> int | None:
    for e in reversed(state.events):
        if e.kind == "open":
            return e.data[0]
    return None


def _field_html(state: mf.MinefieldState, lang: str) -> str:
    last = _last_cell(state)
    rows = []
    for r in range(mf.ROWS):
        rows.append(
            "<tr>" + "".join(_cell_html(state, r * mf.COLS + c + 1, last, lang) for c in range(mf.COLS)) + "</tr>"
        )
    caption = text(lang, "The field: cell, main card / amplifier", "Поле: ячейка, основная / усиливающая")
    return (
        f"<table class='mf-field' style='border-collapse:separate;border-spacing:3px'>"
        f"<caption style='text-align:left'>{caption}</caption>{''.join(rows)}</table>"
    )


def _opened_html(state: mf.MinefieldState, lang: str) -> str:
    last = _last_cell(state)
    if last is None:
        return (
            "<div class='mf-opened-none'>"
            + text(lang, "No cell is open yet.", "Ни одна ячейка ещё не открыта.")
            + "</div>"
        )
    e = next(e for e in reversed(state.events) if e.kind == "open")
    _, main, amp = e.data
    cards = [ALL_CARDS[main], ALL_CARDS[amp]]
    title = text(lang, f"Cell {last}: main and amplifier", f"Ячейка {last}: основная и усиливающая")
    return f"<div style='margin-left:1em'><div>{title}</div>{svg.row(cards, lang=lang, width=70, title=title)}</div>"


def _board_html(state: mf.MinefieldState, lang: str) -> str:
    scores = state.scores()
    head = text(
        lang,
        "<tr><th>player</th><th>points</th><th>status</th><th>collected</th></tr>",
        "<tr><th>игрок</th><th>очки</th><th>состояние</th><th>собранные карты</th></tr>",
    )
    rows = []
    for p in range(state.num_players):
        coll = state.collection(p)
        marks = {i: "take" for i, (_, doubled) in enumerate(coll) if doubled}
        picture = svg.row([c for c, _ in coll], lang=lang, width=34, overlap=0.5, highlight=marks) if coll else ""
        turn = " ▶" if state.current_player == p else ""
        rows.append(
            f"<tr class='mf-player' data-player='{p + 1}'><td>{p + 1}{turn}</td>"
            f"<td class='mf-score'>{scores[p]}</td><td>{html.escape(state.status_text(p, lang))}</td>"
            f"<td>{picture}</td></tr>"
        )
    jp = state.jackpot_cards()
    status = {
        "open": text(lang, "can be won", "можно выиграть"),
        "lost": text(lang, "cannot be won", "уже не выиграть"),
        "won": text(lang, "won", "выигран"),
    }[state.jackpot_status()]
    jackpot = (
        text(lang, "Jackpot", "Джек пот")
        + f" ({len(jp)}/5, {status}): "
        + html.escape(" ".join(format_card(c, lang) for c in jp))
    )
    bag = text(lang, "Bag: ", "Мешок: ") + _barrels(state.bag_size(), lang)
    return (
        f"<table class='mf-board' style='margin-left:0'>{head}{''.join(rows)}</table>"
        f"<div class='mf-jackpot'>{jackpot}</div><div class='mf-bag'>{bag}</div>"
    )


def _log_html(state: mf.MinefieldState, lang: str) -> str:
    lines = []
    for e in reversed(state.events[-200:]):
        lines.append(
            f"<li class='mf-event mf-{e.kind}' data-rule='{e.rule}'><span style='color:#777'>{e.move}.</span> "
            f"{html.escape(e.explain(lang))} <small>{rule_link(e.rule, lang)}</small></li>"
        )
    head = text(lang, "Events, latest first", "События, последние сверху")
    return (
        f"<div class='mf-log-box' style='max-height:16em;overflow-y:auto'><b>{head}</b>"
        f"<ul style='margin:0'>{''.join(lines)}</ul></div>"
    )


# ---------------------------------------------------------------- pictures for the book's pages


def moves_html(state: mf.MinefieldState, lang: str = "en", *, first_move: int = 1) -> str:
    """The moves of ``state`` from ``first_move`` on as a card: each opened cell drawn, its events in words,
    then the scores. ``lang="both"`` writes each event in English with the Russian below it.
    Pure drawing: everything shown comes from the state's events."""
    both = lang == "both"
    lang = "en" if both else check_lang(lang)
    blocks = []
    moves: dict[int, list[mf.Event]] = {}
    for e in state.events:
        if e.move >= first_move:
            moves.setdefault(e.move, []).append(e)
    for move, events in moves.items():
        opened = next(e for e in events if e.kind == "open")
        cell, main, amp = opened.data
        label = text(lang, f"move {move}, cell {cell}", f"ход {move}, ячейка {cell}")
        picture = svg.row([ALL_CARDS[main], ALL_CARDS[amp]], lang=lang, width=34, title=label)
        lines = "".join(
            f"<li class='mf-event mf-{e.kind}' data-rule='{e.rule}'>{html.escape(e.explain(lang))}"
            + (f"<br><i style='color:#666'>{html.escape(e.explain('ru'))}</i>" if both else "")
            + "</li>"
            for e in events
        )
        blocks.append(
            f"<div class='mf-move' style='display:flex;gap:.6em;align-items:flex-start;margin:.3em 0'>"
            f"<div style='min-width:5.5em;font-size:90%;color:#555'>{label}<br>{picture}</div>"
            f"<ul style='margin:0'>{lines}</ul></div>"
        )
    scores = ", ".join(text(lang, f"player {p + 1}: {s}", f"игрок {p + 1}: {s}") for p, s in enumerate(state.scores()))
    head = "Scores · Очки" if both else text(lang, "Scores", "Очки")
    return (
        f"<div class='mf-moves' style='border:1px solid #d0d7de;border-radius:6px;padding:.4em .8em'>"
        f"{''.join(blocks)}<div class='mf-scores'><b>{head}:</b> {scores}</div></div>"
    )


def cells_html(cells: dict[int, tuple[str, str]], lang: str = "en") -> str:
    """Some cells of a layout (cell number -> (main, amplifier)) drawn as small card pairs."""
    check_lang(lang)
    parts = []
    for n, (main, amp) in sorted(cells.items()):
        label = text(lang, f"cell {n}", f"ячейка {n}")
        picture = svg.row([parse_card(main), parse_card(amp)], lang=lang, width=34, title=label)
        parts.append(f"<div class='mf-cellpair' style='text-align:center;font-size:90%'>{label}<br>{picture}</div>")
    return f"<div class='mf-cells' style='display:flex;flex-wrap:wrap;gap:.8em'>{''.join(parts)}</div>"
