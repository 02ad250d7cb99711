"""DoMiMi's words: the rules' titles, the notes of the story, and the refusal of a typed main move
(the move generator decides; these words say why not)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from rules.cards import Card, card_name, format_card
from rules.errors import IllegalAction
from rules.game import Note
from rules.games.domimi.oracle import (
    _SUITS,
    _cards,
    _cards_t,
    _fmt,
    _is_money,
    _is_option,
    _is_picture,
    _price,
    _rank_key,
    turn_options,
)
from rules.lang import count, pick, player_name

RULES: dict[str, tuple[str, str]] = {
    "domimi.setup": ("Set-up: decks, field and personal decks", "Подготовка: колоды, поле и личные колоды"),
    "domimi.refill": ("A turn: revealing three cards", "Ход: открыть три карты"),
    "domimi.collect": ("Collecting move", "Собирательный ход"),
    "domimi.cross": ("Cross move", "Поперечный ход"),
    "domimi.buy": ("Stage 2: buying a picture", "Этап 2: взятие «картинки»"),
    "domimi.jack": ("The jack's actions", "Действия Валета"),
    "domimi.queen": ("The queen's actions", "Действия Дамы"),
    "domimi.king": ("The king's actions", "Действия Короля"),
    "domimi.joker": ("The joker's actions", "Действия Джокера"),
    "domimi.steal": ("Stealing a card", "Стащить карту"),
    "domimi.return": ("Returning unused cards", "Возврат"),
    "domimi.teams": ("Team play", "Командная игра"),
    "domimi.end": ("End of the game", "Окончание игры"),
    "domimi.score": ("Score and tie-break", "Подсчёт очков"),
    "domimi.pass": ("Doing nothing", "Не делать ничего"),
}


# ---------------------------------------------------------------- what follows from the decisions


@dataclass(frozen=True)
class Revealed(Note):
    """The cards a player reveals: at the start of a turn, after a refill, or by a jack, king or joker."""

    player: int
    cards: tuple[Card, ...]
    RULE: ClassVar[str] = "domimi.refill"

    @classmethod
    def of_codes(cls, player: int, codes: tuple[int, ...]) -> Revealed:
        """The note of the cards with these codes. A game records the codes (a tuple of numbers,
        which the garbage collector soon stops walking) and the story builds the note when read."""
        return cls(player, _cards_t(codes))

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang)
        if not self.cards:
            return pick(lang, f"{who} has no card left to reveal", f"{who}: открывать больше нечего")
        shown = " ".join(format_card(c, lang) for c in self.cards)
        return pick(lang, f"{who} reveals {shown}", f"{who} открывает {shown}")


@dataclass(frozen=True)
class GameOver(Note):
    """The end of the game and its score (ruling 14); ``limit``: the round limit that stopped it, if any."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    limit: int | bool = False
    RULE: ClassVar[str] = "domimi.score"

    def explain(self, lang: str = "en") -> str:
        scores = ", ".join(
            f"{player_name(p, lang)} {count(s, lang, ('point', 'points'), ('очко', 'очка', 'очков'))}"
            for p, s in enumerate(self.scores)
        )
        winners = ", ".join(player_name(p, lang) for p in self.winners)
        text = pick(
            lang, f"game over: {scores}; first place: {winners}", f"игра окончена: {scores}; первое место: {winners}"
        )
        if self.limit:
            text += pick(
                lang, f" (stopped by the round limit, {self.limit})", f" (остановлена по пределу кругов, {self.limit})"
            )
        return text


def explain_refusal(kind: str, pay, take, revealed, field, *, stage: int) -> IllegalAction | None:
    """Why a typed collect/cross/buy is not an option (None if it is one).

    Whether it is one, the move generator says (:func:`_is_option`); the checks after
    it only find the words for a refusal.
    """
    pay, take, revealed, field = _cards(pay), _cards(take), _cards(revealed), _cards(field)
    rule = f"domimi.{kind}" if kind in _REFUSAL_WORDS else "domimi.refill"
    missing = Counter(pay) - Counter(revealed)
    if missing:
        m = list(missing)
        return IllegalAction(
            f"{_fmt(m, 'en')} is not among the revealed cards", f"{_fmt(m, 'ru')} нет среди открытых карт", rule=rule
        )
    absent = Counter(take) - Counter(field)
    if absent:
        m = list(absent)
        return IllegalAction(f"{_fmt(m, 'en')} is not on the field", f"{_fmt(m, 'ru')} нет на поле", rule=rule)
    if not pay or not take:
        return IllegalAction(
            "a move needs revealed cards to pay and field cards to take",
            "для хода нужны открытые карты, которыми платят, и карты поля, которые берут",
            rule=rule,
        )
    if kind not in _REFUSAL_WORDS:
        return IllegalAction(
            f"unknown kind of move {kind!r:.20}: collect, cross or buy",
            f"неизвестный ход {kind!r:.20}: collect, cross или buy",
            rule="domimi.refill",
        )
    if _is_option(kind, pay, take, field):
        return None
    error = _REFUSAL_WORDS[kind](pay, take, rule, stage)
    if error is not None:
        return error
    return IllegalAction(
        f"{_fmt(pay, 'en')} -> {_fmt(take, 'en')} is not a {kind} option here",
        f"{_fmt(pay, 'ru')} -> {_fmt(take, 'ru')}: такого хода здесь нет",
        rule=rule,
    )


def _collect_words(pay: list[Card], take: list[Card], rule: str, stage: int) -> IllegalAction | None:
    """Why paying ``pay`` does not collect ``take`` (ruling 6)."""
    if any(not _is_money(c) for c in pay + take):
        return IllegalAction(
            "pictures neither pay nor are taken in a collecting move",
            "«картинки» не участвуют в собирательном ходе",
            rule=rule,
        )
    for s in _SUITS:
        ps = [c for c in pay if c.suit is s]
        ts = [c for c in take if c.suit is s]
        if sum(c.rank for c in ps) != sum(c.rank for c in ts):
            return IllegalAction(
                f"the sums of {s} differ: {_fmt(pay, 'en')} and {_fmt(take, 'en')}; a collecting move needs "
                f"exactly the same sum in each suit",
                f"суммы по масти {s} не равны: {_fmt(pay, 'ru')} и {_fmt(take, 'ru')}; собирательный ход требует "
                f"точно ту же сумму в каждой масти",
                rule=rule,
            )
        same = set(ps) & set(ts)
        if same:
            c = next(iter(same))
            return IllegalAction(
                f"{c} cannot take an identical {c}: a collecting move never takes the very same card",
                f"{format_card(c, 'ru')} не может взять такую же карту {format_card(c, 'ru')}: при собирательном ходе "
                f"взять за карту точно такую же нельзя",
                rule=rule,
            )
    return None


def _cross_words(pay: list[Card], take: list[Card], rule: str, stage: int) -> IllegalAction | None:
    """Why ``pay`` does not take ``take`` across (ruling 7)."""
    keys = {_rank_key(c) for c in pay + take}
    if len(pay) < 2 or len(take) != 1 or len(keys) != 1:
        return IllegalAction(
            "a cross move needs two or more revealed cards of one rank and takes one card of that rank",
            "поперечный ход: две (или больше) выпавшие карты одного достоинства берут одну карту того же достоинства",
            rule=rule,
        )
    return None


def _buy_words(pay: list[Card], take: list[Card], rule: str, stage: int) -> IllegalAction | None:
    """Why ``pay`` does not buy ``take`` (ruling 8)."""
    money = [c for c in pay if _is_money(c)]
    if len(take) != 1 or not _is_picture(take[0]) or len(money) != len(pay):
        return IllegalAction(
            "buying takes one picture paid with money cards (A to 10)",
            "«картинку» берут одну, платя «денежными» картами (от туза до десятки)",
            rule=rule,
        )
    pic = take[0]
    total, price = sum(c.rank for c in money), _price(pic)
    p_en, p_ru = _fmt(pay, "en"), _fmt(pay, "ru")
    if total < price:
        return IllegalAction(
            f"{p_en} = {total} is less than {price}, the price of {card_name(pic)}",
            f"{p_ru} = {total}, а {card_name(pic, 'ru')} стоит {price}",
            rule=rule,
        )
    if pic.suit is not None and pic.suit not in {c.suit for c in money}:
        return IllegalAction(
            f"{pic} has a suit none of {p_en} has: a picture is bought in a suit of the paying cards",
            f"у {p_ru} нет масти {pic.suit}: «картинку» берут той масти, что есть на выпавших картах",
            rule=rule,
        )
    minimal = turn_options(pay, take, stage=stage)
    if not any(o.kind == "buy" and Counter(o.pay) == Counter(pay) for o in minimal):
        return IllegalAction(
            f"{p_en} pays more than needed: leave out the cards not needed, they may be returned",
            f"{p_ru}: лишние карты в оплате; ненужные карты можно вернуть",
            rule=rule,
        )
    return None


#: the words of a refusal of each kind of main move
_REFUSAL_WORDS = {"collect": _collect_words, "cross": _cross_words, "buy": _buy_words}
