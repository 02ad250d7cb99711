"""Joker rummy's table: the stock and the discard pile, the deal and the totals, the melds on the table."""

from __future__ import annotations

import html

from rules import joker_rummy as jr
from rules import svg
from rules.cards import Card, format_cards
from rules.lang import pick, player_name
from widgets.paint import TablePainter


class JokerRummyPainter(TablePainter):
    """«Джокер»'s table: the piles, the deal and the totals, every meld with its owner (dashed while it
    counts toward an opening not yet made)."""

    def draw_table(self, state, viewer: int, fresh: frozenset[Card], selected=()) -> str:
        lang, view = self.lang, state.view(viewer)
        top = [Card.parse(view["discard"][-1])] if view["discard"] else []
        heading = pick(
            lang,
            f"Deal {view['deal']} of {view['deals']} · round {view['round']}",
            f"Сдача {view['deal']} из {view['deals']} · круг {view['round']}",
        )
        piles = (
            f"<div class='jr-piles'><div>{svg.back(lang=lang, width=44)}<br><small>"
            f"{pick(lang, 'stock', 'колода')}: {view['stock_count']}</small></div><div>"
            + (svg.row(top, lang=lang, width=44, highlight={0: "last"} if top[0] in fresh else None) if top else "—")
            + f"<br><small>{pick(lang, 'discard pile', 'сток')}: {len(view['discard'])}</small></div>"
            f"<div><b>{html.escape(heading)}</b><br>{self._totals(view)}</div></div>"
        )
        notes = []
        if view["pending"]:
            notes.append(
                pick(
                    lang,
                    f"Opening so far: {view['pending']} of 51",
                    f"В счёт первого действия: {view['pending']} из 51",
                )
            )
        if view["owed"]:
            notes.append(
                pick(
                    lang,
                    "The joker taken must be melded again this turn (or be the going-out discard)",
                    "Взятый джокер надо выложить в этот же ход (или закончить им игру)",
                )
            )
        owed = "".join(f"<div class='jr-owed' role='status'>{html.escape(n)}</div>" for n in notes)
        melds = "".join(self._meld_html(m, fresh) for m in view["melds"])
        empty = pick(lang, "No melds on the table yet.", "На столе пока нет комбинаций.")
        return f"{piles}{owed}<div class='jr-melds'>{melds or html.escape(empty)}</div>"

    def _meld_html(self, meld: dict, fresh: frozenset[Card]) -> str:
        lang = self.lang
        cards = [Card.parse(c) for c in meld["cards"]]
        glow = [i for i, c in enumerate(cards) if c in fresh]
        who = player_name(meld["owner"], lang)
        text = pick(lang, meld["text"], meld["text_ru"])
        pending = " jr-pending" if meld["pending"] else ""
        return (
            f"<div class='jr-meld{pending}' data-meld='{meld['id']}'>"
            f"<small>{pick(lang, 'meld ', '№')}{meld['id']} · {html.escape(who)}</small>"
            f"{svg.row(cards, lang=lang, width=40, overlap=0.45, highlight={i: 'last' for i in glow}, title=text)}"
            f"<small>{html.escape(text)}</small></div>"
        )

    def _totals(self, view: dict) -> str:
        lang = self.lang
        scores = " · ".join(f"{player_name(p, lang)}: {t}" for p, t in enumerate(view["totals"]))
        return f"<small>{pick(lang, 'Totals', 'Сумма очков')}: {html.escape(scores)}</small>"

    def seat_role(self, state, seat: int) -> str:
        view = state.view(seat)
        parts = []
        if seat == view["dealer"]:
            parts.append(pick(self.lang, "dealer", "сдаёт"))
        if view["opened"][seat]:
            parts.append(pick(self.lang, "opened", "выложился"))
        return ", ".join(parts)

    def action_text(self, action) -> str:
        lang = self.lang
        if isinstance(action, jr.TakeDiscard):
            return pick(lang, "Take ", "Взять ") + format_cards([action.card], lang)
        if isinstance(action, jr.Draw):
            return pick(lang, "Draw from the stock", "Взять из колоды")
        if isinstance(action, jr.Meld):
            return pick(lang, "Meld ", "Выложить ") + jr._meld_text(action.codes, action.low, lang)
        if isinstance(action, jr.LayOff):
            return (
                f"{format_cards(action.cards, lang)} → {pick(lang, 'meld ', '№')}{action.meld}"
                + {"low": " ◂", "high": " ▸", "": ""}[action.end]
            )
        if isinstance(action, jr.TakeJoker):
            j, c = format_cards([action.joker], lang), format_cards([action.card], lang)
            return pick(lang, f"Take {j} from meld {action.meld} for {c}", f"Взять {j} из №{action.meld} за {c}")
        if isinstance(action, jr.Join):
            return pick(
                lang,
                f"Join meld {action.other} to meld {action.meld}",
                f"Присоединить №{action.other} к №{action.meld}",
            )
        if isinstance(action, jr.TakeBack):
            return pick(lang, "Take the melds back", "Забрать комбинации")
        if isinstance(action, jr.Discard):
            return pick(lang, "Discard ", "Сбросить ") + format_cards(action.cards, lang)
        return action.explain(lang)


__all__ = ["JokerRummyPainter"]
