"""Joker rummy: the play app (a :class:`widgets.game.GameView`) and the opening checker.

No game logic here: the table is drawn from ``state.view`` (:mod:`widgets.paint.joker_rummy`),
the moves come from ``legal_actions()``, and the checker asks :func:`rules.joker_rummy.opening_plan`.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from rules import joker_rummy as jr
from rules import svg
from rules.cards import BLACK_JOKER, RANKS, RED_JOKER, SUITS, Card, format_cards, parse_cards
from rules.errors import IllegalAction, check_lang
from rules.lang import POINTS, count, pick
from widgets.common import guarded, rule_link, show, status_line
from widgets.game import GameView, table_style

#: a hand holds at most 15 cards (14 dealt, one drawn); the checker reads no more
MAX_CARDS = jr.MAX_HAND


def _points(n: int, lang: str) -> str:
    return count(n, lang, *POINTS)


class JokerRummyView(GameView):
    """Play «Джокер» against bots or in hot seat; every move and note in the log links its rule.
    The table is :class:`widgets.paint.joker_rummy.JokerRummyPainter`'s."""

    GAME = jr.GAME


class OpeningChecker(w.VBox):
    """Pick or type up to 15 cards: the best opening they hold and its points, or how far from 51."""

    def __init__(self, cards: str = "9♣ 10♣ J♣ 10♥ 10♦ 10♠ 2♦", *, lang: str = "en", seed: int = 0):
        self.lang = check_lang(lang)
        self._rng = random.Random(seed)
        self._status, self._result = status_line(), w.HTML()
        self._result.add_class("jr-check-result")
        self._box = w.Text(
            value=format_cards(parse_cards(cards), self.lang),  # the reader's notation
            description=pick(lang, "Cards", "Карты"),
            placeholder=pick(lang, "e.g. 9♣ 10♣ J♣ or 9C 10C JC", "например 9♣ 10♣ В♣ или 9C 10C JC"),
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="40em", max_width="calc(100% - 12px)"),
        )
        self._box.add_class("jr-check-cards")
        self._box.observe(lambda _change: self._check(), names="value")
        rows = [
            w.HBox([self._pick_button(Card(r, s)) for r in RANKS], layout=w.Layout(flex_flow="row wrap")) for s in SUITS
        ]
        extra = [self._pick_button(RED_JOKER), self._pick_button(BLACK_JOKER)]
        extra.append(self._tool(pick(lang, "Clear", "Очистить"), "jr-clear", lambda: self._set("")))
        extra.append(self._tool(pick(lang, "Random hand", "Случайная рука"), "jr-random", self._random))
        picker = w.VBox([*rows, w.HBox(extra, layout=w.Layout(flex_flow="row wrap"))])
        picker.add_class("jr-picker")
        super().__init__([w.HTML(table_style()), self._box, picker, self._status, self._result])
        self.add_class("jr-checker")
        self._check()

    def _pick_button(self, card: Card) -> w.Button:
        label = format_cards([card], self.lang)
        button = self._tool(label, "jr-pick", lambda: self._set(f"{self._box.value} {label}".strip()))
        button.tooltip = pick(self.lang, f"add {label}", f"добавить {label}")
        return button

    def _tool(self, label: str, cls: str, callback) -> w.Button:
        button = w.Button(description=label, layout=w.Layout(width="auto"))
        button.add_class(cls)
        button.on_click(lambda _b: callback())
        return button

    def _set(self, text: str) -> None:
        self._box.value = text

    def _random(self) -> None:
        self._set(format_cards(self._rng.sample(jr.game_cards(4), 15), self.lang))

    @guarded
    def _check(self) -> None:
        lang, text = self.lang, self._box.value
        self._result.value = ""
        if len(text) > 200:
            raise IllegalAction(f"a hand is at most {count(MAX_CARDS)}", f"на руках не больше {count(MAX_CARDS, 'ru')}")
        cards = list(parse_cards(text))
        if len(cards) > MAX_CARDS:
            raise IllegalAction(
                f"a hand holds at most {count(MAX_CARDS)}, not {len(cards)}",
                f"на руках не больше {count(MAX_CARDS, 'ru')}, а не {len(cards)}",
            )
        self._result.value = opening_html(cards, lang)
        show(
            self._status, pick(lang, f"{count(len(cards), 'en')} read.", f"Прочитано: {count(len(cards), 'ru')}."), "ok"
        )


def _meld_row(meld, lang: str, points: int, text: str | None = None) -> str:
    """A meld's cards and points; ``text`` may say what each joker stands for: 8♣ RJ(9♣) 10♣."""
    return (
        f"<div class='jr-meld'>{svg.row(meld, lang=lang, width=40)}<small>"
        f"{html.escape(text or format_cards(meld, lang))}: {_points(points, lang)}</small></div>"
    )


def opening_html(cards, lang: str) -> str:
    """The best opening ``cards`` hold (:func:`rules.joker_rummy.opening_plan`): its melds in the
    order they are laid, each with its points, and whether they make 51 or how far they fall short."""
    plan = jr.opening_plan(cards)
    points = sum(m.points for m in plan)
    rows = "".join(_meld_row(m.cards, lang, m.points, jr.meld_text(m, lang)) for m in plan)
    if points >= jr.OPENING:
        verdict = pick(lang, f"{points} ≥ 51: these cards open.", f"{points} ≥ 51: с этими картами можно выложиться.")
    else:
        verdict = f"{points}: {pick(lang, *jr.opening_shortfall(cards))}."
    link = rule_link("joker_rummy.opening" if points else "joker_rummy.melds", lang)
    return f"<div><b>{html.escape(verdict)}</b> <small>{link}</small></div><div class='jr-melds'>{rows}</div>"


def melds_points_html(melds, lang: str) -> str:
    """Melds laid toward the opening, each with its points, and their total."""
    melds = [tuple(m) for m in melds]
    rows = "".join(_meld_row(m, lang, jr.opening_points([m])) for m in melds)
    total = _points(jr.opening_points(melds), lang)
    return f"<div class='jr-melds'>{rows}</div><p>{pick(lang, 'Together', 'Вместе')}: <b>{total}</b></p>"


def readings_html(cards, lang: str) -> str:
    """Every reading of ``cards`` as one meld (:func:`rules.joker_rummy.meld_readings`) with its
    points, and what it counts toward the opening: the reading worth most."""
    kinds = {"run": ("run", "лесенка"), "set": ("set", "комбинация одного номинала")}
    items = "".join(
        f"<li>{pick(lang, *kinds[kind])} {html.escape(format_cards(meld, lang))}: {_points(points, lang)}</li>"
        for meld, kind, points in jr.meld_readings(cards)
    )
    best = _points(jr.opening_points([tuple(cards)]), lang)
    return f"<ul>{items}</ul><p>{pick(lang, 'Toward the opening', 'В счёт первого действия')}: <b>{best}</b></p>"


__all__ = [
    "JokerRummyView",
    "OpeningChecker",
    "melds_points_html",
    "opening_html",
    "readings_html",
]
