"""Durak's table: the trump and the stock, the bout's pairs, each seat attacking, defending or out."""

from __future__ import annotations

import html

from rules import durak as dk
from rules import svg
from rules.cards import Card, format_card
from rules.lang import pick
from widgets.paint import TablePainter


class DurakPainter(TablePainter):
    """Durak's table, either variant, every option of the sources."""

    def draw_table(self, state: dk.DurakState, viewer: int, fresh: frozenset[Card], selected=()) -> str:
        lang, view = self.lang, state.view(viewer)
        trump = state.trump_card
        shown = format_card(trump, lang) if view["trump_card"] else pick(lang, "drawn", "взята")
        suits = " ".join(view["trump_suits"])
        info = pick(
            lang,
            f"Trump {suits} (card {shown}); deck {view['deck_count']}; discard pile {view['discard_count']}.",
            f"Козыри {suits} (карта {shown}); в колоде {view['deck_count']}; в отбое {view['discard_count']}.",
        )
        if state.options.games > 1:
            game, games = min(len(state.fools) + 1, state.options.games), state.options.games
            scores = ", ".join(str(x) for x in view["scores"])
            info += pick(
                lang,
                f" Game {game} of {games}; rating so far: {scores}.",
                f" Игра {game} из {games}; рейтинг: {scores}.",
            )
        stock = svg.back(lang=lang, width=44) if view["deck_count"] else ""
        picture = svg.card(trump, lang=lang, width=44) if view["trump_card"] else ""
        pairs = [
            svg.row(
                pair, lang=lang, width=60, overlap=0.45, highlight={i: "last" for i, c in enumerate(pair) if c in fresh}
            )
            for pair in ([a] if d is None else [a, d] for a, d in state.table())
        ]
        bout = "".join(f"<span class='durak-pair'>{p}</span>" for p in pairs) or html.escape(
            pick(lang, "The table is empty.", "Стол пуст.")
        )
        return (
            "<div class='durak-felt' style='display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center'>"
            f"<div class='durak-trump' style='display:flex;gap:6px;align-items:center;flex-wrap:wrap;max-width:22em'>"
            f"{stock}{picture}<span class='durak-info' style='flex:1 1 9em'>{html.escape(info)}</span></div>"
            "<div class='durak-bout' style='display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center'>"
            f"{bout}</div></div>"
        )

    def hand(self, state: dk.DurakState, viewer: int) -> list[Card]:
        return state.hand(viewer)

    def seat_role(self, state: dk.DurakState, seat: int) -> str:
        return role(state, seat, self.lang)

    def action_text(self, action) -> str:
        lang = self.lang
        card = format_card(action.card, lang) if action.card is not None else ""
        if isinstance(action, dk.Attack):
            return pick(lang, "Lead ", "Ходить ") + card
        if isinstance(action, dk.ThrowIn):
            return pick(lang, "Throw in ", "Подкинуть ") + card
        if isinstance(action, dk.Beat):
            attack = format_card(action.attack, lang)
            return pick(lang, f"Beat {attack} with {card}", f"Побить {attack} картой {card}")
        if isinstance(action, dk.Take):
            return pick(lang, "Take", "Взять")
        return pick(lang, "No more", "Больше нет") if action.after_take else pick(lang, '«Бито» ("beaten")', "«Бито»")


def role(state: dk.DurakState, seat: int, lang: str) -> str:
    """A seat's role now: attacks, defends, out, the fool (or nothing)."""
    if state.is_over():
        return pick(lang, "the fool", "дурак") if seat == state.fool else ""
    if state.out[seat]:
        return pick(lang, "out", "вышел")
    if seat == state.attacker:
        return pick(lang, "attacks", "ходит")
    return pick(lang, "defends", "отбивается") if seat == state.defender else ""


__all__ = ["DurakPainter", "role"]
