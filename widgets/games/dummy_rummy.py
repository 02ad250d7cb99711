"""Dummy rummy views: the meld checker and the play app (a :class:`widgets.game.GameView`).

Both only draw what the engine says: the checker asks :func:`rules.dummy_rummy.find_contract`
and :func:`rules.dummy_rummy.contract_reason`; the play app shows the state
(:mod:`widgets.paint.dummy_rummy`) and lets the base view offer the legal actions (cut-in
prompts included) and tell the log.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from rules import dummy_rummy as dr
from rules import svg
from rules.cards import deck, format_cards, parse_cards
from rules.errors import RulesError, check_lang
from rules.lang import POINTS, count, pick
from widgets.common import guarded, rule_link, show, status_line
from widgets.game import GameView

#: the most cards the checker takes (two packs and more would be no hand)
MAX_HAND = 30
_PACK = deck(52, jokers=2, copies=2)


def melds_html(melds, lang: str, width: float = 44) -> str:
    """Melds drawn as rows of cards, each with its description."""
    rows = []
    for meld in melds:
        rows.append(
            f"<div class='dr-meld'><div>{html.escape(meld.describe(lang))}</div>"
            f"{svg.row(meld.cards, lang=lang, width=width, overlap=0.45)}</div>"
        )
    return "<div class='dr-melds' style='display:flex;flex-wrap:wrap;gap:.4em 1.2em'>" + "".join(rows) + "</div>"


class MeldChecker(w.VBox):
    """Type (or deal) a hand and pick a contract: see an arrangement drawn as cards, or why there is none."""

    def __init__(self, *, lang: str = "en", hand: str = "", contract: int = 1, seed: int = 0, all_wild: bool = False):
        self.lang = check_lang(lang)
        self._rng = random.Random(seed)
        t = lambda en, ru: pick(self.lang, en, ru)  # noqa: E731
        self._hand = w.Text(
            value=format_cards(parse_cards(hand), self.lang),  # the reader's notation
            description=t("Hand", "Рука"),
            placeholder=t("e.g. 5♥ 5C 5S 9D 10D RJ QC", "например 5♥ 5C 5S 9D 10D КДж ДC"),
            continuous_update=False,
            style={"description_width": "initial"},
            layout=w.Layout(width="96%", max_width="42em"),
        )
        self._contract = w.Dropdown(
            options=[(f"{n}: {dr.CONTRACTS[n].describe(self.lang)}", n) for n in dr.CONTRACTS],
            value=contract,
            description=t("Contract", "Контракт"),
            style={"description_width": "initial"},
            layout=w.Layout(max_width="100%"),
        )
        self._all_wild = w.Checkbox(
            value=all_wild, description=t("melds of wilds alone", "комбинации из одних карт-джокеров"), indent=False
        )
        self._size = w.BoundedIntText(
            value=14,
            min=8,
            max=20,
            description=t("cards", "карт"),
            style={"description_width": "initial"},
            layout=w.Layout(width="8em"),
        )
        deal = w.Button(description=t("Deal a hand", "Сдать руку"), icon="random")
        self._status, self._out = status_line(), w.HTML()
        for widget, cls in ((self._hand, "dr-hand"), (self._contract, "dr-contract"), (deal, "dr-deal")):
            widget.add_class(cls)
        self._out.add_class("dr-answer")
        for widget in (self._hand, self._contract, self._all_wild):
            widget.observe(lambda _ch: self._check(), names="value")
        deal.on_click(lambda _b: self._deal())
        bar = w.HBox([self._contract, self._all_wild, self._size, deal], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._hand, bar, self._status, self._out])
        self.add_class("dr-checker")
        self._check()

    @guarded
    def _deal(self) -> None:
        self._hand.value = format_cards(self._rng.sample(_PACK, self._size.value), self.lang)

    @guarded
    def _check(self) -> None:
        lang, number = self.lang, self._contract.value
        self._out.value, self._status.value = "", ""
        cards = parse_cards(self._hand.value[: MAX_HAND * 6])
        if len(cards) > MAX_HAND:
            raise RulesError(f"a hand of at most {MAX_HAND} cards, please", f"не больше {MAX_HAND} карт в руке")
        if not cards:
            show(self._status, pick(lang, "Type a hand or deal one.", "Введите руку или сдайте её."))
            return
        hand = f"<div>{svg.row(cards, lang=lang, width=40, overlap=0.35)}</div>"
        self._out.value = hand + contract_html(number, cards, lang, all_wild=self._all_wild.value)


def contract_html(number: int, cards, lang: str, *, all_wild: bool = False) -> str:
    """The engine's verdict on ``cards`` for contract ``number``: the arrangement with the fewest
    wild cards, drawn, and how many it uses; or why there is none and how many cards are missing."""
    reason = dr.contract_reason(number, cards, lang, all_wild=all_wild)
    melds = dr.find_contract(number, cards, all_wild=all_wild)
    if melds:
        wilds = sum(dr.is_wild(c) for m in melds for c in m.cards)
        more = pick(lang, f" Wild cards used: {wilds}.", f" Использовано карт-джокеров: {wilds}.")
    else:
        short = dr.shortfall(number, cards, all_wild=all_wild)
        more = pick(lang, f" Missing: {count(short, lang)}.", f" Не хватает: {count(short, lang)}.")
    verdict = "dr-made" if melds else "dr-not-made"
    links = f"{rule_link('dummy_rummy.contracts', lang)} · {rule_link('dummy_rummy.wilds', lang)}"
    drawn = melds_html(melds, lang) if melds else ""
    return f"<p class='{verdict}'>{html.escape(reason)}.{html.escape(more)} <small>{links}</small></p>{drawn}"


class DummyRummyView(GameView):
    """Play Dummy rummy against bots or in hot seat; the table is
    :class:`widgets.paint.dummy_rummy.DummyRummyPainter`'s."""

    GAME = dr.GAME


def judged_html(text: str, lang: str) -> str:
    """Cards in notation, drawn, with the oracle's verdict: a set, a run, or neither."""
    cards = parse_cards(text)
    kinds = [k for k, judge in (("set", dr.is_set), ("run", dr.is_run)) if judge(cards)]
    words = {"set": pick(lang, "a set", "набор"), "run": pick(lang, "a run", "последовательность")}
    verdict = " · ".join(words[k] for k in kinds) or pick(
        lang, "neither a set nor a run", "ни набор, ни последовательность"
    )
    rule = rule_link("dummy_rummy.runs" if "run" in kinds or not kinds else "dummy_rummy.sets", lang)
    return (
        f"<div class='dr-judged' style='display:flex;gap:1em;align-items:center'>"
        f"{svg.row(cards, lang=lang, width=40, overlap=0.3)}<span><b>{html.escape(verdict)}</b> {rule}</span></div>"
    )


def penalties_html(hands: dict[str, str], lang: str) -> str:
    """What the cards left in each hand cost (:func:`rules.dummy_rummy.penalty`): ``hands`` maps
    a player's name in ``lang`` to his cards in notation."""
    rows = "".join(
        f"<li>{html.escape(who)}: {html.escape(format_cards(parse_cards(text), lang))} — "
        f"<b>{count(dr.penalty(parse_cards(text)), lang, *POINTS)}</b></li>"
        for who, text in hands.items()
    )
    return f"<ul>{rows}</ul>"


__all__ = [
    "DummyRummyView",
    "MeldChecker",
    "contract_html",
    "judged_html",
    "melds_html",
    "penalties_html",
]
