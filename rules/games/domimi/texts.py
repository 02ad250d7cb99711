"""DoMiMi's words: the rules' titles, the notes of the story, and the refusal of a typed main move
(the oracle's ruling decides, :func:`rules.games.domimi.oracle.option_ruling`; these are its words)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from rules.cards import Card, card_name, format_card
from rules.errors import IllegalAction
from rules.game import Note
from rules.games.domimi.oracle import (
    _ALL,
    _SUITS,
    MOVE_KINDS,
    _cards,
    _cards_t,
    _fmt,
    _price,
    option_ruling,
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

    The cards paid must be revealed and those taken on the field; then the oracle's ruling
    on the move (:func:`option_ruling`, the rules its lists are made by) decides, and the
    refusal says its code. ``stage`` changes only what may be returned, never the move.
    """
    pay, take, revealed, field = _cards(pay), _cards(take), _cards(revealed), _cards(field)
    rule = f"domimi.{kind}" if kind in MOVE_KINDS else "domimi.refill"
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
    ruling = option_ruling(kind, sorted(c.index for c in pay), sorted(c.index for c in take))
    if ruling is None:
        return None
    code, about = ruling
    en, ru = _REFUSAL_WORDS[code](about, pay, take)
    if code == "kind":
        en, ru = en.format(kind=kind), ru.format(kind=kind)
    return IllegalAction(en, ru, rule=rule)


def _sums_differ(si: int, pay: list[Card], take: list[Card]) -> tuple[str, str]:
    s = _SUITS[si]
    return (
        f"the sums of {s} differ: {_fmt(pay, 'en')} and {_fmt(take, 'en')}; a collecting move needs "
        f"exactly the same sum in each suit",
        f"суммы по масти {s} не равны: {_fmt(pay, 'ru')} и {_fmt(take, 'ru')}; собирательный ход требует "
        f"точно ту же сумму в каждой масти",
    )


def _identical(code: int, pay: list[Card], take: list[Card]) -> tuple[str, str]:
    c = _ALL[code]
    return (
        f"{c} cannot take an identical {c}: a collecting move never takes the very same card",
        f"{format_card(c, 'ru')} не может взять такую же карту {format_card(c, 'ru')}: при собирательном ходе "
        f"взять за карту точно такую же нельзя",
    )


def _too_little(total: int, pay: list[Card], take: list[Card]) -> tuple[str, str]:
    pic = take[0]
    price = _price(pic)
    return (
        f"{_fmt(pay, 'en')} = {total} is less than {price}, the price of {card_name(pic)}",
        f"{_fmt(pay, 'ru')} = {total}, а {card_name(pic, 'ru')} стоит {price}",
    )


def _other_suit(total: int, pay: list[Card], take: list[Card]) -> tuple[str, str]:
    pic = take[0]
    return (
        f"{pic} has a suit none of {_fmt(pay, 'en')} has: a picture is bought in a suit of the paying cards",
        f"у {_fmt(pay, 'ru')} нет масти {pic.suit}: «картинку» берут той масти, что есть на выпавших картах",
    )


def _more_than_needed(total: int, pay: list[Card], take: list[Card]) -> tuple[str, str]:
    return (
        f"{_fmt(pay, 'en')} pays more than needed: leave out the cards not needed, they may be returned",
        f"{_fmt(pay, 'ru')}: лишние карты в оплате; ненужные карты можно вернуть",
    )


def _said(en: str, ru: str):
    """The words of a code that concern nothing in particular."""
    return lambda about, pay, take: (en, ru)


#: the words of each code of the oracle's ruling (:func:`option_ruling`): (what it concerns, the
#: cards paid, the cards taken) -> (English, Russian)
_REFUSAL_WORDS = {
    "empty": _said(
        "a move needs revealed cards to pay and field cards to take",
        "для хода нужны открытые карты, которыми платят, и карты поля, которые берут",
    ),
    "kind": _said(
        "unknown kind of move {kind!r:.20}: collect, cross or buy",
        "неизвестный ход {kind!r:.20}: collect, cross или buy",
    ),
    "picture": _said(
        "pictures neither pay nor are taken in a collecting move", "«картинки» не участвуют в собирательном ходе"
    ),
    "sum": _sums_differ,
    "same": _identical,
    "cross": _said(
        "a cross move pays two revealed cards of one rank (of the two or three that came up) and takes one card "
        "of that rank",
        "поперечный ход: две выпавшие карты одного достоинства (из двух или трёх выпавших) берут одну карту того же "
        "достоинства",
    ),
    "buy": _said(
        "buying takes one picture paid with money cards (A to 10)",
        "«картинку» берут одну, платя «денежными» картами (от туза до десятки)",
    ),
    "price": _too_little,
    "suit": _other_suit,
    "minimal": _more_than_needed,
}
