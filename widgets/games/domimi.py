"""DoMiMi: the purchase explorer and the play app.

No game logic here: the explorer shows :func:`rules.domimi.explore` (bounded at the
door, lazy groups); the play app is a :class:`widgets.game.GameView` whose table
(:mod:`widgets.paint.domimi`) is the field as a "battery" and the piles; the worked examples come from
:func:`rules.domimi.worked_example`.
"""

from __future__ import annotations

import html
from collections import Counter

import ipywidgets as w

from rules import domimi as dm
from rules import svg
from rules.cards import Card, format_cards, parse_cards
from rules.errors import check_lang
from rules.lang import count, pick
from widgets.common import guarded, rule_link, set_choices, show, status_line
from widgets.game import GameView


def field_html(field: list[Card], *, lang: str = "en", take=(), width: float = 30) -> str:
    """The field as a "battery" (:func:`rules.domimi.draw_field`), the cards of ``take`` highlighted."""
    return dm.draw_field(field, lang=lang, take=take, width=width)


def option_html(option: dm.TurnOption, lang: str = "en") -> str:
    """One option in words, with its rule and the cards that may go back."""
    back = pick(lang, " May go back: ", " Можно вернуть: ") + format_cards(option.returnable, lang)
    back = back if option.returnable else ""
    return (
        f"<div class='domimi-option'><b>{html.escape(option.explain(lang))}</b>"
        f"{html.escape(back)} ({rule_link(option.rule, lang)})</div>"
    )


def example_html(revealed: str, take: str, *, kind: str, decks: int = 1, stage: int = 2, lang: str = "en") -> str:
    """A worked example drawn as cards: the revealed cards, what the source takes, and the engine's verdict.

    The verdict is in ``lang``.
    """
    lang = check_lang(lang)
    cards, found = list(parse_cards(revealed)), dm.worked_example(revealed, take, kind=kind, decks=decks, stage=stage)
    pay = Counter(found.pay) if found else Counter()
    marks = {}
    for i, c in enumerate(cards):
        if pay[c]:
            marks[i], pay[c] = "pay", pay[c] - 1
    taken = list(parse_cards(take))
    row, got = (
        svg.row(cards, lang=lang, width=44, highlight=marks),
        svg.row(taken, lang=lang, width=44, highlight=dict.fromkeys(range(len(taken)), "take")),
    )
    if found:
        verdict = f"✔ {html.escape(found.explain(lang))}"
    else:
        verdict = "✘ " + pick(lang, "the engine finds no such option", "движок не находит такого хода")
    return (
        "<div class='domimi-example' style='display:flex;gap:1em;align-items:center;margin:.4em 0'>"
        f"<div>{row}</div><div style='font-size:150%'>→</div><div>{got}</div><div>{verdict}</div></div>"
    )


def answer_html(revealed, answer, note_en: str, note_ru: str, lang: str = "en") -> str:
    """A position drawn as cards: the revealed cards, then the cards the engine allows, with a note in ``lang``."""
    lang = check_lang(lang)
    row = svg.row(list(parse_cards(revealed)) if isinstance(revealed, str) else list(revealed), lang=lang, width=44)
    got = svg.row(list(answer), lang=lang, width=30, highlight=dict.fromkeys(range(len(answer)), "take"))
    return (
        "<div class='domimi-example' style='display:flex;gap:1em;align-items:center;margin:.4em 0'>"
        f"<div>{row}</div><div style='font-size:150%'>→</div><div>{got}</div>"
        f"<div>✔ {html.escape(pick(lang, note_en, note_ru))}</div></div>"
    )


class PurchaseExplorer(w.VBox):
    """Pick revealed cards and a field; see every option by kind and suit; choose one to see it on the field."""

    def __init__(self, revealed="6♦ 2♥ 9♥", *, extra="", decks=1, stage=2, field: str | None = None, lang="en"):
        self.lang = check_lang(lang)
        self._found: dm.Exploration | None = None
        made = {
            "revealed": w.Text(description=pick(lang, "Revealed:", "Выпало:"), continuous_update=False),
            "extra": w.Text(description=pick(lang, "Extra:", "Открыли:"), continuous_update=False),
            "decks": w.Dropdown(options=[1, 2, 3, 4], value=decks, description=pick(lang, "Decks:", "Колод:")),
            "stage": w.ToggleButtons(
                options=[(pick(lang, "stage 1", "этап 1"), 1), (pick(lang, "stage 2", "этап 2"), 2)], value=stage
            ),
            "mode": w.ToggleButtons(
                options=[
                    (pick(lang, "full field", "полное поле"), "full"),
                    (pick(lang, "edit the field", "своё поле"), "edit"),
                ],
                value="full" if field is None else "edit",
            ),
            "field-text": w.Textarea(
                description=pick(lang, "Field:", "Поле:"),
                continuous_update=False,
                layout=w.Layout(width="100%", max_width="48em"),
            ),
        }
        made["extra"].placeholder = pick(
            lang, "cards a jack, king or joker revealed", "карты, открытые валетом, королём, джокером"
        )
        self._inputs = made
        self._group = w.Dropdown(
            description=pick(lang, "Group:", "Группа:"), layout=w.Layout(width="100%", max_width="30em")
        )
        self._choice = w.Select(
            description=pick(lang, "Option:", "Вариант:"),
            rows=8,
            style={"description_width": "initial"},
            layout=w.Layout(width="100%", max_width="48em"),
        )
        self._summary, self._detail, self._hand, self._picture = w.HTML(), w.HTML(), w.HTML(), w.HTML()
        self._status = status_line()
        shown = {"group": self._group, "choice": self._choice, "summary": self._summary, "detail": self._detail}
        shown.update({"hand": self._hand, "field": self._picture, "status": self._status})
        for name, widget in {**made, **shown}.items():
            widget.add_class(f"domimi-{name}")
        wrap = w.Layout(flex_flow="row wrap")
        rows = [
            w.HBox([made["revealed"], made["extra"]], layout=wrap),
            w.HBox([made["decks"], made["stage"], made["mode"]], layout=wrap),
        ]
        super().__init__(
            [
                *rows,
                made["field-text"],
                self._status,
                self._summary,
                self._group,
                self._choice,
                self._detail,
                self._hand,
                self._picture,
            ]
        )
        made["revealed"].value, made["extra"].value, made["field-text"].value = revealed, extra, field or ""
        self._recompute()
        for widget in made.values():
            widget.observe(self._recompute, names="value")
        self._group.observe(self._fill_choices, names="value")
        self._choice.observe(self._draw, names="value")

    @property
    def revealed(self) -> list[Card]:
        return list(self._found.revealed) if self._found else []

    @property
    def field(self) -> list[Card]:
        return list(self._found.field) if self._found else []

    @property
    def options(self) -> dm.OptionList | None:
        return self._found.options if self._found else None

    @property
    def groups(self) -> list[tuple[str, list[dm.TurnOption]]]:
        return list(self._found.groups) if self._found else []

    @property
    def selected(self) -> dm.TurnOption | None:
        if not self.groups or self._group.value is None or self._choice.value is None:
            return None
        return self.groups[self._group.value][1][self._choice.value]

    @guarded
    def _recompute(self, _change=None) -> None:
        made, lang = self._inputs, self.lang
        field = None if made["mode"].value == "full" else made["field-text"].value
        found = dm.explore(
            made["revealed"].value,
            made["extra"].value,
            decks=made["decks"].value,
            stage=made["stage"].value,
            field=field,
            lang=lang,
        )
        self._found = found
        made["field-text"].layout.display = "none" if field is None else ""
        kinds = [("collect", "domimi.collect"), ("cross", "domimi.cross"), ("buy", "domimi.buy")]
        items = "".join(f"<li>{rule_link(rule, lang)}: {found.options.count(kind)}</li>" for kind, rule in kinds)
        self._summary.value = f"<ul class='domimi-kinds'>{items}</ul>"
        set_choices(self._group, [(title, i) for i, (title, _) in enumerate(found.groups)], 0 if found.groups else None)
        self._fill_choices()
        n = len(found.options)
        show(
            self._status,
            pick(
                lang,
                f"{count(n, 'en', ('option', 'options'))}, and doing nothing.",
                f"Вариантов: {n}, и можно ничего не делать.",
            ),
            "ok",
        )

    def _fill_choices(self, _change=None) -> None:
        opts = self.groups[self._group.value][1] if self._group.value is not None and self.groups else []
        set_choices(self._choice, [(o.explain(self.lang), i) for i, o in enumerate(opts)], 0 if opts else None)
        self._draw()

    def _draw(self, _change=None) -> None:
        option, lang = self.selected, self.lang
        marks: dict[int, str] = {}
        if option is not None:
            pay, back = Counter(option.pay), Counter(option.returnable)
            for i, c in enumerate(self.revealed):
                for bag, mark in ((pay, "pay"), (back, "target")):
                    if bag[c] and i not in marks:
                        marks[i], bag[c] = mark, bag[c] - 1
            self._detail.value = option_html(option, lang)
        else:
            self._detail.value = html.escape(pick(lang, "No option to show.", "Нет варианта для показа."))
        self._hand.value = svg.row(self.revealed, lang=lang, width=52, highlight=marks)
        self._picture.value = field_html(self.field, lang=lang, take=option.take if option else ())


class DomimiGame(GameView):
    """Play DoMiMi against bots or in hot seat, with the source's options; the table is
    :class:`widgets.paint.domimi.DomimiPainter`'s."""

    GAME = dm.GAME

    def __init__(self, players: int = 2, seed: int = 0, *, lang: str = "en", seats=None, setup=None, **options):
        super().__init__(lang=lang, seed=seed, players=players, seats=seats, setup=setup, **options)


__all__ = ["PurchaseExplorer", "DomimiGame", "field_html", "option_html", "example_html", "answer_html"]
