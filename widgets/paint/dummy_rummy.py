"""Dummy rummy's table: the stock and the discard pile, the deal, a cut-in being asked, the melds laid down."""

from __future__ import annotations

import html

from rules import dummy_rummy as dr
from rules import svg
from rules.cards import Card, format_cards
from rules.lang import POINTS, count, pick, player_name
from widgets.paint import TablePainter
from widgets.paint.links import rule_link


class DummyRummyPainter(TablePainter):
    """Dummy rummy's table; each seat's role is its contract, whether it is down, its cut-ins and points."""

    def hand(self, state, viewer: int) -> list[Card]:
        return state.hand(viewer)

    def seat_role(self, state, seat: int) -> str:
        lang = self.lang
        number = state.contract[seat]
        goal = (
            pick(lang, f"contract {number}", f"контракт {number}")
            if number <= 12
            else pick(lang, "all done", "всё выполнено")
        )
        down = pick(lang, ", down", ", выложил") if state.down[seat] else ""
        cuts = (
            pick(lang, f", cut-ins {state.cuts[seat]}", f", перехватов {state.cuts[seat]}") if state.cuts[seat] else ""
        )
        points = count(state.totals[seat], lang, *POINTS)
        return f"{goal}{down}{cuts} · {points}"

    def action_text(self, action) -> str:
        lang, kind = self.lang, type(action)
        card = action.card
        shown = format_cards([card], lang) if isinstance(card, Card) else ""
        if kind is dr.DrawStock:
            return pick(lang, "Draw from the stock", "Взять из колоды")
        if kind is dr.DrawDiscard:
            return (
                pick(lang, f"Take {shown} myself", f"Взять {shown} самому")
                if action.before >= 0
                else pick(lang, f"Take {shown} from the discard pile", f"Взять {shown} из сброса")
            )
        if kind is dr.GoDown:
            return pick(lang, "Go down: ", "Выложить: ") + " | ".join(format_cards(m, lang) for m in action.melds)
        if kind is dr.LayOff:
            end = {"low": pick(lang, " below", " снизу"), "high": pick(lang, " above", " сверху")}.get(action.end, "")
            return pick(
                lang,
                f"Lay off {shown} on meld {action.meld + 1}{end}",
                f"Добавить {shown} к комбинации {action.meld + 1}{end}",
            )
        if kind is dr.Discard:
            return pick(lang, f"Discard {shown}", f"Сбросить {shown}") + (
                pick(lang, " and go out", " и выйти") if action.out else ""
            )
        if kind is dr.CutIn:
            return pick(
                lang,
                f"{player_name(action.player, lang)}: cut in for {shown}",
                f"{player_name(action.player, lang)}: перехватить {shown}",
            )
        if kind is dr.NoCutIn:
            return pick(
                lang,
                f"{player_name(action.player, lang)}: let it go",
                f"{player_name(action.player, lang)}: не перехватывать",
            )
        if kind is dr.AllowCutIn:
            return pick(
                lang,
                f"Let {player_name(action.asker, lang)} cut in",
                f"Разрешить перехват игроку {action.asker + 1}",
            )
        return action.explain(lang)

    def draw_table(self, state, viewer: int, fresh: frozenset[Card], selected=()) -> str:
        lang = self.lang
        top = state.discard_top
        pile = svg.row([top] if top else [], lang=lang, width=50, highlight={0: "last"} if top in fresh else None)
        stock = svg.row([None], lang=lang, width=50)
        piles = (
            f"<div class='dr-piles' style='display:flex;gap:1.2em;align-items:flex-end'>"
            f"<div>{pick(lang, 'Stock', 'Колода')}: {len(state.stock)}<br>{stock}</div>"
            f"<div>{pick(lang, 'Discard pile', 'Сброс')}: {len(state.pile)}<br>{pile}</div>"
            f"<div>{pick(lang, 'Deal', 'Раздача')} {state.hand_no}</div></div>"
        )
        melds = []
        for i, (owner, meld) in enumerate(state.table_melds()):
            marks = {k: "last" for k, c in enumerate(meld.cards) if c in fresh}
            picture = svg.row(meld.cards, lang=lang, width=40, overlap=0.45, highlight=marks)
            melds.append(
                f"<div class='dr-meld' data-meld='{i + 1}'>{i + 1}. {html.escape(player_name(owner, lang))}: "
                f"{html.escape(meld.describe(lang))}<br>{picture}</div>"
            )
        table = "".join(melds) or f"<p>{pick(lang, 'No melds on the table yet.', 'На столе пока нет комбинаций.')}</p>"
        prompt = ""
        if state.phase in (dr.ASK, dr.PRIORITY) and top is not None:
            asker = state.current_player if state.phase == dr.ASK else state.asker
            prompt = pick(
                lang,
                f"Cut-in: {player_name(asker, lang)} may ask for {format_cards([top])}; "
                f"{player_name(state.turn, lang)} draws next and has priority.",
                f"Перехват: {player_name(asker, lang)} может попросить {format_cards([top], 'ru')}; "
                f"следующим берёт {player_name(state.turn, 'ru').lower()}, у него право первенства.",
            )
            link = rule_link("dummy_rummy.cut_in", lang)
            prompt = f"<p class='dr-prompt' role='status'><b>{html.escape(prompt)}</b> {link}</p>"
        return f"{piles}{prompt}<div class='dr-table' style='display:flex;flex-wrap:wrap;gap:.5em 1.2em'>{table}</div>"


__all__ = ["DummyRummyPainter"]
