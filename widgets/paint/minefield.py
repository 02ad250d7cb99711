"""Minefield's table: the field of 54 cells, the last cell opened, the players' board and the jackpot.

Nobody holds cards: the field is the table, and a seat's "hand" is its collection.
"""

from __future__ import annotations

import html

from rules import minefield as mf
from rules import svg
from rules.cards import ALL_CARDS, Card, format_card, parse_card
from rules.lang import count, pick, player_name
from widgets.paint import TablePainter

#: colours of the magic cards, each 4.5:1 or more on an open cell (white, grey or yellow)
_MAGIC_COLOURS = {
    "mine": "#a40e26",
    "curse": "#6639ba",
    "extra mine": "#a40e26",
    "misfortune": "#6639ba",
    "Doctor Evil": "#6639ba",
    "shield": "#116329",
    "immunity": "#116329",
    "luck": "#116329",
    "joker": "#7d5a00",
}
_BARRELS = ("barrel", "barrels"), ("бочонок", "бочонка", "бочонков")


class MinefieldPainter(TablePainter):
    """The field, the players, the jackpot; a scenario's table says what it shows."""

    HAND_SIZES = False  # nobody holds cards: the field is the table

    def hand(self, state: mf.MinefieldState, viewer: int) -> list[Card]:
        """A player's collected main cards (the seats show how many)."""
        return [c for c, _ in state.collection(viewer)]

    def seat_role(self, state: mf.MinefieldState, seat: int) -> str:
        return state.status_text(seat, self.lang)

    def action_text(self, action) -> str:
        return pick(self.lang, "Draw a barrel", "Вытянуть бочонок")

    def draw_table(self, state: mf.MinefieldState, viewer: int, fresh: frozenset[Card], selected=()) -> str:
        lang, about = self.lang, ""
        if state.origin[0] == "scenario":
            text = mf.SCENARIOS[state.origin[1]["name"]].text(lang)
            about = f"<p class='minefield-about'>{html.escape(text)}</p>"
        return (
            f"{about}<div class='minefield-next'>{html.escape(_next(state, lang))}</div>"
            f"<div class='mf-table'>{_field_html(state, lang)}"
            f"<div class='mf-side'>{_opened_html(state, lang)}{_board_html(state, lang)}</div></div>"
        )


def _next(state: mf.MinefieldState, lang: str) -> str:
    """Who draws next, how many times in a row, and what is left in the bag."""
    if state.is_over():
        return pick(lang, "Every cell is open.", "Все ячейки открыты.")
    n, bag = state.moves_in_a_row(), state.bag_size()
    row = (
        pick(lang, f" ({n} moves in a row)", f" ({count(n, 'ru', ru=('ход', 'хода', 'ходов'))} подряд)")
        if n > 1
        else ""
    )
    who = player_name(state.current_player, lang, capital=pick(lang, True, False))
    return pick(
        lang,
        f"{who} draws next{row}; {count(bag, 'en', *_BARRELS)} in the bag.",
        f"Тянет {who}{row}; в мешке {count(bag, 'ru', *_BARRELS)}.",
    )


def _cell_html(state: mf.MinefieldState, n: int, last: int | None, lang: str) -> str:
    cell = state.cell(n)
    cls = ["mf-cell"]
    # the cell's number, dark enough for 4.5:1 on a closed (grey) cell too
    body = f"<div class='mf-n'>{n}</div>"
    if cell["open"]:
        main, amp = parse_card(cell["main"]), parse_card(cell["amp"])
        colour = _MAGIC_COLOURS.get(mf.card_role(main), "#1a1a1a")
        cls += ["mf-open", "mf-amplified"] if main == amp else ["mf-open"]
        body += (
            f"<b style='color:{colour}'>{html.escape(format_card(main, lang))}</b>"
            f"<span class='mf-amp'>/{html.escape(format_card(amp, lang))}</span>"
        )
        style = "background:" + ("#fff3c4" if main == amp else "#f6f8fa")
    else:
        cls.append("mf-closed")
        style = "background:#d0d7de"
        if cell["amp"]:
            body += f"?<span class='mf-amp'>/{html.escape(format_card(parse_card(cell['amp']), lang))}</span>"
    if n == last:
        cls += ["mf-last", "hl-last"]
        style += ";outline:3px solid #8250df"
    return f"<td class='{' '.join(cls)}' data-cell='{n}' style='{style}'>{body}</td>"


def _last_open(state: mf.MinefieldState) -> mf.Event | None:
    return next((e for e in reversed(state.events) if e.kind == "open"), None)


def _field_html(state: mf.MinefieldState, lang: str) -> str:
    last = _last_open(state)
    last = last.data[0] if last else None
    rows = (
        "<tr>" + "".join(_cell_html(state, r * mf.COLS + c + 1, last, lang) for c in range(mf.COLS)) + "</tr>"
        for r in range(mf.ROWS)
    )
    caption = pick(lang, "The field: cell, main card / amplifier", "Поле: ячейка, основная / усиливающая")
    return f"<table class='mf-field minefield-field'><caption>{caption}</caption>{''.join(rows)}</table>"


def _opened_html(state: mf.MinefieldState, lang: str) -> str:
    opened = _last_open(state)
    if opened is None:
        none = pick(lang, "No cell is open yet.", "Ни одна ячейка ещё не открыта.")
        return f"<div class='minefield-opened mf-opened-none'>{none}</div>"
    cell, main, amp = opened.data
    title = pick(lang, f"Cell {cell}: main and amplifier", f"Ячейка {cell}: основная и усиливающая")
    picture = svg.row([ALL_CARDS[main], ALL_CARDS[amp]], lang=lang, width=70, title=title)
    return f"<div class='minefield-opened'><div>{title}</div>{picture}</div>"


def _board_html(state: mf.MinefieldState, lang: str) -> str:
    scores = state.scores()
    head = pick(
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
    return f"<table class='mf-board minefield-board'>{head}{''.join(rows)}</table>{jackpot_html(state, lang)}"


def jackpot_html(state: mf.MinefieldState, lang: str) -> str:
    """The jackpot's cards so far and whether it can still be won."""
    jp = state.jackpot_cards()
    words = {
        "open": ("can be won", "можно выиграть"),
        "lost": ("cannot be won", "уже не выиграть"),
        "won": ("won", "выигран"),
    }
    status = pick(lang, *words[state.jackpot_status()])
    cards = html.escape(" ".join(format_card(c, lang) for c in jp))
    jackpot = pick(lang, "Jackpot", "Джек пот") + f" ({len(jp)}/5, {status}): {cards}"
    return f"<div class='mf-jackpot'>{jackpot}</div>"


__all__ = ["MinefieldPainter", "jackpot_html"]
