"""DoMiMi: the purchase explorer and the play app.

No game logic here: the explorer shows :func:`rules.domimi.explore` (bounded at the
door, lazy groups); the play app is a :class:`widgets.game.GameView` that draws the
field as a "battery" and the piles; the worked examples come from
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

#: The play app's centre: the cards the last decision moved beside the field on a wide screen
#: (above it on a phone: the field needs 310 px, the whole width, for its thirteen columns of
#: mini cards to stay 21 px wide); with the projector setting the field takes the height the table has.
_TABLE_STYLE = (
    "<style>.rb-centre .domimi-info{margin:0 0 .3em}.domimi-table{display:flex;flex-wrap:wrap;gap:.4em 1.5em;align-items:flex-start}"
    ".domimi-table>.domimi-field{flex:1 1 310px;min-width:0}"
    ".rb-centre .domimi-field svg.cards.grid{display:block;max-width:100%;height:auto}"
    ".rb-projector .rb-centre .domimi-field svg.cards.grid{width:auto;height:calc(var(--rb-centre-max) - 2.4em);"
    "min-height:180px;max-height:none}</style>"
)


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
    """A worked example drawn as cards: the revealed cards, what the source takes, and the engine's verdict in ``lang``."""
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


_JQK_RU = ("валет, дама или король", "валета, дамы или короля", "валетов, дам и королей")


class DomimiGame(GameView):
    """Play DoMiMi against bots or in hot seat, with the source's options."""

    GAME = dm.GAME
    HAND_SIZES = False  # the cards are piles, counted in each seat's role

    def __init__(self, players: int = 2, seed: int = 0, *, lang: str = "en", seats=None, setup=None, **options):
        super().__init__(lang=lang, seed=seed, players=players, seats=seats, setup=setup, **options)

    def draw_table(self, state: dm.DomimiState, viewer: int, fresh: frozenset[Card]) -> str:
        lang, (jqk, jokers) = self.lang, state.field_pictures()
        stage = pick(lang, f"stage {state.stage}", f"этап {state.stage}")
        rounds = state.turns_played // state.num_players + 1
        pictures = count(jqk, lang, ("jack, queen or king", "jacks, queens and kings"), _JQK_RU)
        jokers = count(jokers, lang, ("joker", "jokers"), ("джокер", "джокера", "джокеров"))
        info = pick(
            lang,
            f"{stage}; round {rounds}; on the field: {pictures}, {jokers}",
            f"{stage}; круг {rounds}; на поле: {pictures}, {jokers}",
        )
        field = state.field_cards()
        moved = sorted(fresh)  # the cards the last decision paid, took or put back glow
        last = svg.row(moved, lang=lang, width=40, highlight={i: "last" for i in range(len(moved))}) if moved else ""
        return (
            f"{_TABLE_STYLE}<p class='domimi-info'>{html.escape(info)}</p><div class='domimi-table'>{last}"
            f"<div class='domimi-field'>{field_html(field, lang=lang, width=26)}</div></div>"
        )

    def hand(self, state: dm.DomimiState, viewer: int) -> list[Card]:
        """The cards revealed this turn (on the player's turn)."""
        return state.revealed_cards() if viewer == state.current_player else []

    def seat_role(self, state: dm.DomimiState, seat: int) -> str:
        view, lang = state.view(seat), self.lang
        team = (
            pick(lang, f" · team {state.team[seat] + 1}", f" · команда {state.team[seat] + 1}")
            if state.options.teams != "none"
            else ""
        )
        piles = pick(lang, "personal deck {}, discard pile {}", "личная колода {}, сброс {}").format(
            view["draw_sizes"][seat], view["discard_sizes"][seat]
        )
        return piles + team

    def action_text(self, action) -> str:
        lang = self.lang
        if isinstance(action, dm.Move):
            word = {"collect": ("collect", "собрать"), "cross": ("cross", "поперечный"), "buy": ("buy", "купить")}
            pay, take = format_cards(action.pay, lang, "+"), format_cards(action.take, lang, "+")
            if action.kind == "buy":
                return f"{pick(lang, *word['buy'])} {take} {pick(lang, 'with', 'за')} {pay}"
            return f"{pick(lang, *word[action.kind])} {pay} → {take}"
        short = _short_text(action, lang)
        if short:
            return short
        said = action.says(lang)
        return said if len(said) < 40 else action.label


def _short_text(action, lang: str) -> str:
    """A button's words for a decision whose sentence is too long for a button (the sentence is its tooltip)."""
    if isinstance(action, dm.Refill):
        return (
            pick(lang, "Reveal the last cards", "Открыть оставшиеся")
            if action.mode == "reveal"
            else pick(lang, "Mix into the discard pile", "Смешать со сбросом")
        )
    pic = format_cards([action.picture], lang) if getattr(action, "picture", None) is not None else ""
    if isinstance(action, dm.RevealMore):
        return pick(lang, f"{pic}: reveal {action.count} more", f"{pic}: открыть ещё {action.count}")
    if isinstance(action, dm.PictureTake):
        card = format_cards([action.card], lang)
        return pick(lang, f"{pic}: take {card}", f"{pic}: взять {card}")
    if isinstance(action, dm.KeepOne):
        return pick(lang, f"{pic}: no second card", f"{pic}: без второй карты")
    if isinstance(action, dm.Steal):
        victim = action.victim + 1
        return pick(lang, f"{pic}: steal from player {victim}", f"{pic}: стащить у игрока {victim}")
    if isinstance(action, dm.ReturnCard):
        return pick(lang, "Return ", "Вернуть ") + format_cards([action.card], lang)
    if isinstance(action, dm.EndTurn):
        return pick(lang, "End the turn", "Закончить ход")
    if isinstance(action, dm.EndCollect):
        return pick(lang, "Stop collecting", "Больше не собирать")
    if isinstance(action, dm.Pass):
        return pick(lang, "Do nothing", "Ничего не делать")
    if isinstance(action, dm.GiveTo):
        if action.recipient == action.player:
            return pick(lang, "Keep the cards", "Оставить себе")
        return pick(lang, f"Give to player {action.recipient + 1}", f"Отдать игроку {action.recipient + 1}")
    return ""


__all__ = ["PurchaseExplorer", "DomimiGame", "field_html", "option_html", "example_html", "answer_html"]
