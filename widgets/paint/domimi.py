"""DoMiMi's table: the field as a "battery", the cards the last decision moved, each seat's piles.

A seat's "hand" is the cards revealed on its turn; the piles are counted in its role.
"""

from __future__ import annotations

import html

from rules import domimi as dm
from rules import svg
from rules.cards import Card, format_cards
from rules.lang import count, pick
from widgets.paint import TablePainter

_JQK_RU = ("валет, дама или король", "валета, дамы или короля", "валетов, дам и королей")


class DomimiPainter(TablePainter):
    """DoMiMi's table with the source's options (teams, stages, decks)."""

    HAND_SIZES = False  # the cards are piles, counted in each seat's role

    def draw_table(self, state: dm.DomimiState, viewer: int, fresh: frozenset[Card], selected=()) -> str:
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
            f"<p class='domimi-info'>{html.escape(info)}</p><div class='domimi-table'>{last}"
            f"<div class='domimi-field'>{dm.draw_field(field, lang=lang, width=26)}</div></div>"
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


__all__ = ["DomimiPainter"]
