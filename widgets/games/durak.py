"""Durak: the beat explorer, the play app (a :class:`widgets.game.GameView`) and the book's pictures.

No game logic here: the explorer asks :func:`rules.durak.beaters` and
:func:`rules.durak.beat_reason` about the pack of :func:`rules.durak.ordered_pack`;
the play app's table is drawn by :mod:`widgets.paint.durak` and the rest is the shared view's.
"""

from __future__ import annotations

import html

import ipywidgets as w

from rules import durak as dk
from rules import svg
from rules.cards import Card, card_name, format_card, parse_card
from rules.errors import check_lang
from rules.lang import count, pick, player_name, plural_ru
from widgets.common import classed, guarded, rule_link, show, status_line
from widgets.game import GameView
from widgets.paint.durak import role as seat_role


class BeatExplorer(w.VBox):
    """Choose the trump card and an attacking card: every card that beats it lights up, with the reason."""

    def __init__(self, trump: str = "7♥", attack: str = "8♠", *, deck: int = 36, lang: str = "en"):
        self.lang = check_lang(lang)
        self._size = deck
        self._deck = classed(
            w.ToggleButtons(
                options=[(pick(lang, "36 cards + 2 jokers", "36 карт + 2 джокера"), 36), ("52 + 2", 52)],
                value=deck,
                description=pick(lang, "Pack:", "Колода:"),
            ),
            "durak-pack",
        )
        self._trump = classed(w.Dropdown(description=pick(lang, "Trump card:", "Козырь:")), "durak-trump")
        self._attack = classed(w.Dropdown(description=pick(lang, "Attack:", "Ход:")), "durak-attack")
        self._picture, self._reasons = classed(w.HTML(), "durak-beaters"), classed(w.HTML(), "durak-reasons")
        self._table, self._status = classed(w.HTML(), "durak-table"), classed(status_line(), "durak-status")
        self._fill_choices(parse_card(trump), parse_card(attack))
        controls = w.HBox([self._trump, self._attack], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._deck, controls, self._status, self._picture, self._reasons, self._table])
        self._deck.observe(lambda change: self._set_deck(change["new"]), names="value")
        self._trump.observe(lambda _change: self._redraw(), names="value")
        self._attack.observe(lambda _change: self._redraw(), names="value")
        self._redraw()

    @property
    def trump(self) -> Card:
        return parse_card(self._trump.value)

    @property
    def attack(self) -> Card:
        return parse_card(self._attack.value)

    @property
    def beaters(self) -> list[Card]:
        """The cards that beat the attack now (from the engine)."""
        return dk.beaters(self.attack, self.trump, dk.ordered_pack(self._size))

    def _fill_choices(self, trump: Card, attack: Card) -> None:
        options = [(f"{format_card(c, self.lang)} — {card_name(c, self.lang)}", str(c)) for c in self._pack()]
        with self._trump.hold_sync(), self._attack.hold_sync():  # each list with its choice, in one message
            self._trump.options = self._attack.options = options
            self._trump.value, self._attack.value = str(trump), str(attack)

    @guarded
    def _set_deck(self, size: int) -> None:
        wanted = (self.trump, self.attack)
        self._size = size
        kept = tuple(dk.closest_in_pack(c, size) for c in wanted)
        self._fill_choices(*kept)
        self._redraw()
        moved = [(old, new) for old, new in zip(wanted, kept, strict=True) if old != new]
        if moved:
            en = "; ".join(f"{o} is not in the {size}-card pack: {n} instead" for o, n in moved)
            ru = "; ".join(
                f"{format_card(o, 'ru')} нет в колоде из {size} карт: вместо неё {format_card(n, 'ru')}"
                for o, n in moved
            )
            show(self._status, pick(self.lang, en, ru) + ". " + self._head(), "info")

    def _pack(self) -> list[Card]:
        return dk.ordered_pack(self._size)

    def _head(self) -> str:
        lang, trump, attack = self.lang, self.trump, self.attack
        trumps = " ".join(s.value for s in dk.SUIT_ORDER if s in dk.trump_suits(trump))
        top, n = card_name(dk.top_joker(trump), lang), len(self.beaters)
        return pick(
            lang,
            f"Trump card {trump}: trumps {trumps}; the highest card is the {top}. "
            f"{count(n, 'en')} {'beats' if n == 1 else 'beat'} {attack}.",
            f"Козырь {format_card(trump, 'ru')}: козыри {trumps}; старшая карта — {top}. "
            f"{format_card(attack, 'ru')} {'бьёт' if plural_ru(n, 'one', '', '') == 'one' else 'бьют'} "
            f"{count(n, 'ru', ru=('карта', 'карты', 'карт'))}.",
        )

    @guarded
    def _redraw(self) -> None:
        lang, trump, attack, pack = self.lang, self.trump, self.attack, self._pack()
        good = set(self.beaters)
        width = (len(pack) - 2) // 4
        cells = {(i // width, i % width): c for i, c in enumerate(pack[:-2])} | {(4, 0): pack[-2], (4, 1): pack[-1]}
        marks = {pos: "select" if c == attack else "take" for pos, c in cells.items() if c == attack or c in good}
        self._picture.value = svg.grid(
            cells,
            5,
            width,
            lang=lang,
            highlight=marks,
            width=34,
            row_labels=[s.value for s in dk.SUIT_ORDER] + [""],
            title=pick(lang, f"cards that beat {attack}", f"карты, которые бьют {format_card(attack, 'ru')}"),
        )
        show(self._status, self._head(), "ok")
        lines = [
            f"<li class='beater'>{html.escape(dk.beat_reason(attack, d, trump, lang))}</li>" for d in pack if d in good
        ]
        nothing = pick(lang, f"Nothing beats {attack}.", f"{format_card(attack, 'ru')} не бьёт ничто.")
        lines = lines or [f"<li class='no-beater'>{html.escape(nothing)}</li>"]
        link = rule_link("durak.jokers" if attack.is_joker or trump.is_joker else "durak.beat", lang)
        self._reasons.value = f"<ul class='durak-reason-list'>{''.join(lines)}</ul><p>{link}</p>"
        self._table.value = self._who_beats_whom(pack, trump)

    def _who_beats_whom(self, pack: list[Card], trump: Card) -> str:
        lang = self.lang
        head = pick(lang, "attack", "ход") + "</th><th>" + pick(lang, "beaten by", "бьётся картами")
        rows = []
        for a in pack:
            cell = " ".join(format_card(b, lang) for b in dk.beaters(a, trump, pack)) or "—"
            mark = " class='chosen'" if a == self.attack else ""
            rows.append(f"<tr{mark}><td>{format_card(a, lang)}</td><td>{cell}</td></tr>")
        return (
            f"<details class='durak-who'><summary>{pick(lang, 'Who beats whom', 'Кто кого бьёт')} "
            f"({format_card(trump, lang)})</summary><table><tr><th>{head}</th></tr>{''.join(rows)}</table></details>"
        )


class DurakGame(GameView):
    """Play Durak against heuristic bots or in hot seat: either variant, every option of the sources.

    The table is :class:`widgets.paint.durak.DurakPainter`'s (the class together draws it too)."""

    GAME = dk.GAME


def beat_html(attack: str, defence: str, trump: str, lang: str = "en") -> str:
    """A worked case on cards: the trump card, the attack and the defence, and the engine's verdict in ``lang``."""
    lang = check_lang(lang)
    a, d, t = parse_card(attack), parse_card(defence), parse_card(trump)
    ok = dk.beats(a, d, t)
    verdict = (pick(lang, "✔ beats", "✔ бьёт"), "take") if ok else (pick(lang, "✘ does not beat", "✘ не бьёт"), "error")
    cards = svg.row([a, d], lang=lang, width=46, highlight={1: verdict[1]})
    return (
        "<div class='durak-case' style='display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center;margin:.4em 0'>"
        f"<div style='text-align:center'>{svg.card(t, lang=lang, width=40)}<br>"
        f"<small>{pick(lang, 'trump', 'козырь')}</small></div>"
        f"<div>{cards}</div>"
        f"<div style='flex:1 1 14em'><b>{verdict[0]}</b><br>{html.escape(dk.beat_reason(a, d, t, lang))}</div></div>"
    )


def hands_html(state: dk.DurakState, lang: str = "en") -> str:
    """Every hand face up (for worked examples and exercises, never for a real game), the table and the trump."""
    rows = []
    for p in range(state.num_players):
        role = "" if state.is_over() or state.out[p] else seat_role(state, p, lang)
        name = player_name(p, lang) + (f" ({role})" if role else "")
        rows.append(f"<div><b>{html.escape(name)}</b> {svg.row(state.hand(p), lang=lang, width=36)}</div>")
    table = state.table()
    if table:
        pics = "".join(svg.row([a] if d is None else [a, d], lang=lang, width=36, overlap=0.45) for a, d in table)
        rows.append(f"<div><b>{html.escape(pick(lang, 'Table', 'Стол'))}</b> {pics}</div>")
    trump, stock = format_card(state.trump_card, lang), state.view(0)["deck_count"]
    line = pick(
        lang, f"Trump card {trump}; deck {count(stock, 'en')}", f"Козырь {trump}; в колоде {count(stock, 'ru')}"
    )
    return f"<div class='durak-position'>{''.join(rows)}<div>{html.escape(line)}</div></div>"


__all__ = ["BeatExplorer", "DurakGame", "beat_html", "hands_html"]
