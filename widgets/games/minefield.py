"""Minefield: the play app (a :class:`widgets.game.GameView`) and the book's pictures.

No game logic here: the field, the players' effects and collections, the jackpot
and the bag are drawn from the state (:mod:`widgets.paint.minefield`, the table the
class together draws too); the only move, a draw, and the log, the set-ups (the nine
scenarios), undo, saving and the language switch are the shared view's. Every seat is a
person by default: one click, one barrel.
"""

from __future__ import annotations

import html

import ipywidgets as w

from rules import minefield as mf
from rules import svg
from rules.cards import ALL_CARDS, parse_card
from rules.errors import check_lang
from rules.lang import pick, player_name
from widgets.common import guarded
from widgets.game import GameView
from widgets.paint.minefield import jackpot_html


class MinefieldView(GameView):
    """The playable game: the field, the players, the log; ``scenario`` starts one of the nine set-ups."""

    GAME = mf.GAME

    def __init__(self, players: int = 3, seed: int | None = 0, *, scenario: str | None = None, seats=None, lang="en"):
        # a game: the reader and bots, as every game; a scenario is stepped through draw by draw, every seat by hand
        seats = seats or (["human"] * mf.GAME.info.max_players if scenario else None)
        super().__init__(lang=lang, seed=seed, players=players, seats=seats, setup=scenario)

    def special_input(self) -> list[w.Widget]:
        button = w.Button(
            description=pick(self.lang, "Play to the end", "Доиграть до конца"), layout=w.Layout(width="auto")
        )
        button.add_class("minefield-end")
        button.disabled = self._state.is_over()
        button.on_click(self._to_the_end)
        return [button]

    @guarded
    def _to_the_end(self, _button=None) -> None:
        self._state.play_to_end()
        self._after_move()


def scores_html(state: mf.MinefieldState, lang: str) -> str:
    """Every player's score after the moves played so far (the move's number when the game is not over)."""
    scores = ", ".join(f"{player_name(p, lang, capital=False)}: {s}" for p, s in enumerate(state.scores()))
    moves = max((e.move for e in state.events), default=0)
    head = (
        pick(lang, "Scores", "Очки")
        if state.is_over()
        else pick(lang, f"Scores after move {moves}", f"Очки после хода {moves}")
    )
    return f"<div class='mf-scores'><b>{head}:</b> {scores}</div>"


# ---------------------------------------------------------------- pictures for the book's pages


def moves_html(state: mf.MinefieldState, lang: str, *, first_move: int = 1) -> str:
    """The moves of ``state`` from ``first_move`` on as a card, in ``lang``: each opened cell drawn,
    its events in the engine's words, then the scores; a scenario's game starts with what it shows.
    Pure drawing: everything shown comes from the state's events."""
    check_lang(lang)
    blocks = []
    moves: dict[int, list[mf.Event]] = {}
    for e in state.events:
        if e.move >= first_move:
            moves.setdefault(e.move, []).append(e)
    for move, events in moves.items():
        opened = next(e for e in events if e.kind == "open")
        cell, main, amp = opened.data
        label = pick(lang, f"move {move}, cell {cell}", f"ход {move}, ячейка {cell}")
        picture = svg.row([ALL_CARDS[main], ALL_CARDS[amp]], lang=lang, width=34, title=label)
        lines = "".join(
            f"<li class='mf-event mf-{e.kind}' data-rule='{e.rule}'>{html.escape(e.explain(lang))}</li>" for e in events
        )
        blocks.append(
            f"<div class='mf-move' style='display:flex;gap:.6em;align-items:flex-start;margin:.3em 0'>"
            f"<div style='min-width:5.5em;font-size:90%;color:#555'>{label}<br>{picture}</div>"
            f"<ul style='margin:0;padding-left:1.2em'>{lines}</ul></div>"
        )
    about = ""
    if state.origin[0] == "scenario":
        about = f"<p class='minefield-about'>{html.escape(mf.SCENARIOS[state.origin[1]['name']].text(lang))}</p>"
    return (
        f"{about}<div class='mf-moves' style='border:1px solid #d0d7de;border-radius:6px;padding:.4em .8em'>"
        f"{''.join(blocks)}{scores_html(state, lang)}</div>"
    )


def cells_html(cells: dict[int, tuple[str, str]], lang: str) -> str:
    """Some cells of a layout (cell number -> (main, amplifier)) drawn as small card pairs."""
    check_lang(lang)
    parts = []
    for n, (main, amp) in sorted(cells.items()):
        label = pick(lang, f"cell {n}", f"ячейка {n}")
        picture = svg.row([parse_card(main), parse_card(amp)], lang=lang, width=34, title=label)
        parts.append(f"<div class='mf-cellpair' style='text-align:center;font-size:90%'>{label}<br>{picture}</div>")
    return f"<div class='mf-cells' style='display:flex;flex-wrap:wrap;gap:.8em'>{''.join(parts)}</div>"


__all__ = ["MinefieldView", "cells_html", "jackpot_html", "moves_html", "scores_html"]
