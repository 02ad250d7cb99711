"""Joker rummy's words: the rules' titles, the notes that tell what follows from an action, and
the reasons of every refusal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rules.cards import Card, format_card
from rules.errors import IllegalAction
from rules.game import Note
from rules.games.joker_rummy.melds import GOING_OUT, JOKERS, _meld_error, _points
from rules.lang import count, pick

#: rule id -> (English title, Russian title); each is an anchor of the chapter
RULES: dict[str, tuple[str, str]] = {
    "joker_rummy.deck": ("Two decks and two jokers", "Две колоды и два джокера"),
    "joker_rummy.deal": ("The deal", "Раздача"),
    "joker_rummy.turn": ("The turn: draw, meld, discard", "Ход: взять карту, выложить комбинации, сбросить"),
    "joker_rummy.stock": ("The stock turned over", "Когда колода заканчивается"),
    "joker_rummy.first_round": ("No melding in the first round", "Первый круг"),
    "joker_rummy.melds": ("Runs and sets", "Комбинации"),
    "joker_rummy.ace": ("The ace, low or high", "Туз после двойки"),
    "joker_rummy.opening": ("The opening: 51 points", "Первое действие: не менее 51 очка"),
    "joker_rummy.lay_off": ("Laying off", "Подкладывание карт"),
    "joker_rummy.join": ("Joining runs", "Присоединение лесенок"),
    "joker_rummy.joker": ("The joker in a meld", "Джокер в комбинации"),
    "joker_rummy.take_joker": ("Taking a joker back", "Джокер со стола"),
    "joker_rummy.going_out": ("Going out", "Выложить все карты"),
    "joker_rummy.penalties": ("The hand penalties", "Очки за карты на руках"),
    "joker_rummy.match": ("The match", "Сколько сдач играть"),
    "joker_rummy.round_limit": ("A deal nobody finishes", "Сдача без победителя"),
}


# ---------------------------------------------------------------- names in the moves' sentences


def _who(p: int, lang: str) -> str:
    return pick(lang, f"Player {p + 1}", f"Игрок {p + 1}")


# ---------------------------------------------------------------- notes (what happens by itself)


@dataclass(frozen=True)
class _Note(Note):
    player: int | None = None


@dataclass(frozen=True)
class Dealt(_Note):
    RULE: ClassVar[str] = "joker_rummy.deal"
    deal: int = 1
    dealer: int = 0

    def explain(self, lang: str = "en") -> str:
        d, s = self.dealer + 1, self.player + 1
        return pick(
            lang,
            f"Deal {self.deal}: player {d} deals 14 cards each and 15 to player {s}, who starts by discarding",
            f"Сдача {self.deal}: игрок {d} сдаёт по 14 карт, игроку {s} — 15; он начинает со сброса",
        )


@dataclass(frozen=True)
class StockTurned(_Note):
    RULE: ClassVar[str] = "joker_rummy.stock"
    cards: int = 0

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"The stock is empty: the discard pile ({count(self.cards)}) is turned over and becomes the stock",
            f"Колода кончилась: сток ({count(self.cards, 'ru')}) переворачивается и становится колодой",
        )


@dataclass(frozen=True)
class Opened(_Note):
    RULE: ClassVar[str] = "joker_rummy.opening"
    points: int = 0

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"Player {self.player + 1} has opened with {_points(self.points, 'en')} (51 needed)",
            f"Игрок {self.player + 1} выложился: {_points(self.points, 'ru')} (нужно не менее 51)",
        )


@dataclass(frozen=True)
class WentOut(_Note):
    RULE: ClassVar[str] = "joker_rummy.going_out"
    jokers: int = 0

    def explain(self, lang: str = "en") -> str:
        score, p, n = _points(GOING_OUT[self.jokers], lang), self.player + 1, self.jokers
        if not n:
            return pick(lang, f"Player {p} has no cards left: {score}", f"У игрока {p} не осталось карт: {score}")
        if n == 1:
            how = pick(lang, "a joker", "джокер")
        else:
            how = pick(lang, f"{count(n, 'en', *JOKERS)} at once", f"сразу {count(n, 'ru', *JOKERS)}")
        return pick(
            lang,
            f"Player {p} goes out by discarding {how}: {score}",
            f"Игрок {p} заканчивает игру, сбросив в сток {how}: {score}",
        )


@dataclass(frozen=True)
class DealScored(_Note):
    RULE: ClassVar[str] = "joker_rummy.penalties"
    scores: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    unfinished: bool = False

    def explain(self, lang: str = "en") -> str:
        s = ", ".join(f"{x:+d}" if x < 0 else str(x) for x in self.scores)
        t = ", ".join(str(x) for x in self.totals)
        why = ""
        if self.unfinished:
            why = pick(
                lang,
                "Nobody went out within the round limit. ",
                "За отведённое число кругов никто не выложил все карты. ",
            )
        return why + pick(lang, f"Scores of the deal: {s}; totals: {t}", f"Очки за сдачу: {s}; всего: {t}")


@dataclass(frozen=True)
class MatchOver(_Note):
    RULE: ClassVar[str] = "joker_rummy.match"
    winners: tuple[int, ...] = ()

    def explain(self, lang: str = "en") -> str:
        w = ", ".join(str(p + 1) for p in self.winners)
        one = len(self.winners) == 1
        return pick(
            lang,
            f"The match is over: the lowest total wins ({'player' if one else 'players'} {w})",
            f"Игра окончена: побеждает меньшая сумма очков ({'игрок' if one else 'игроки'} {w})",
        )


# ---------------------------------------------------------------- refusals

#: why an action is refused: code -> (English, Russian, rule id); {p} the player, {c} a card,
#: {m} a meld number, {n} a number of points (its words in each language)
_REASONS = {
    "over": ("the match is over", "игра окончена", "joker_rummy.match"),
    "not_turn": (
        "it is player {t}'s turn, not player {p}'s",
        "сейчас ход игрока {t}, а не игрока {p}",
        "joker_rummy.turn",
    ),
    "draw_first": (
        "a turn starts by taking a card from the stock or the discard pile",
        "ход начинается с того, что игрок берёт карту из колоды или из стока",
        "joker_rummy.turn",
    ),
    "drawn": ("player {p} has already drawn this turn", "игрок {p} уже взял карту в этот ход", "joker_rummy.turn"),
    "starter": (
        "the player dealt 15 cards starts by discarding only",
        "игрок, получивший 15 карт, начинает только со сброса",
        "joker_rummy.deal",
    ),
    "empty_discard": ("the discard pile is empty", "сток пуст", "joker_rummy.turn"),
    "wrong_top": (
        "the top card of the discard pile is {c}",
        "верхняя карта стока — {c}",
        "joker_rummy.turn",
    ),
    "first_round": (
        "nobody melds until every player has had one turn (the first round)",
        "выкладываться нельзя, пока каждый игрок не сходит по одному разу (первый круг)",
        "joker_rummy.first_round",
    ),
    "taken_back": (
        "player {p} took their melds back this turn and may only discard now",
        "игрок {p} забрал свои комбинации в этот ход и теперь может только сбросить карту",
        "joker_rummy.opening",
    ),
    "not_held": ("player {p} does not hold {c}", "у игрока {p} нет карты {c}", "joker_rummy.turn"),
    "not_opened": (
        "player {p} has not opened yet: laying off, joining and taking jokers come after the opening of 51",
        "игрок {p} ещё не выложился: подкладывать, присоединять и брать джокеры можно только "
        "после первого действия (51 очко)",
        "joker_rummy.lay_off",
    ),
    "opening_short": (
        "the melds laid toward the opening are worth {n}, and the opening needs at least 51: "
        "lay more or take them back",
        "выложенные комбинации стоят {n}, а для первого действия нужно не менее 51: выложите ещё или заберите их",
        "joker_rummy.opening",
    ),
    "nothing_to_take_back": (
        "there are no melds laid toward an opening to take back",
        "нет комбинаций первого действия, которые можно забрать",
        "joker_rummy.opening",
    ),
    "owed_joker": (
        "the joker taken from the table must be melded again this turn or be the going-out discard",
        "джокер, взятый со стола, надо в этот же ход выложить на стол или закончить им игру",
        "joker_rummy.take_joker",
    ),
    "joker_nowhere": (
        "the joker taken could not be melded again anywhere this turn",
        "взятый джокер в этот ход некуда будет выложить",
        "joker_rummy.take_joker",
    ),
    "several": (
        "one card is discarded; several only when they are the last cards and all jokers",
        "в сток кладут одну карту; несколько — только последние карты, и все они джокеры",
        "joker_rummy.going_out",
    ),
    "no_meld": ("there is no meld {m} on the table", "на столе нет комбинации {m}", "joker_rummy.lay_off"),
    "no_melds": ("melds {m} are not both on the table", "на столе нет одной из комбинаций {m}", "joker_rummy.join"),
    "pending_melds": (
        "one of melds {m} is part of an opening not yet complete",
        "одна из комбинаций {m} — часть ещё не законченного первого действия",
        "joker_rummy.opening",
    ),
    "pending_meld": (
        "meld {m} is part of an opening not yet complete",
        "комбинация {m} — часть ещё не законченного первого действия",
        "joker_rummy.opening",
    ),
    "lay_off_no": (
        "{c} does not continue meld {m}",
        "{c} не продолжает и не дополняет комбинацию {m}",
        "joker_rummy.lay_off",
    ),
    "set_full": (
        "meld {m} already holds a card of every suit of its rank",
        "в комбинации {m} уже есть все масти",
        "joker_rummy.melds",
    ),
    "run_full": (
        "meld {m} cannot be continued at that end",
        "комбинацию {m} нельзя продолжить с этой стороны",
        "joker_rummy.ace",
    ),
    "no_joker_there": ("meld {m} holds no {c}", "в комбинации {m} нет карты {c}", "joker_rummy.take_joker"),
    "wrong_natural": (
        "{c} is not the card the joker stands for in meld {m}",
        "{c} — не та карта, которую заменяет джокер в комбинации {m}",
        "joker_rummy.take_joker",
    ),
    "join_no": (
        "melds {m} do not continue each other (two runs of one suit, one right after the other)",
        "комбинации {m} не продолжают друг друга (две лесенки одной масти, одна сразу за другой)",
        "joker_rummy.join",
    ),
    "join_own": (
        "one of the joined runs must be player {p}'s own",
        "одна из присоединяемых лесенок должна быть своей",
        "joker_rummy.join",
    ),
    "unknown": ("{a} is not a move of Joker rummy", "«{a}» — не ход в «Джокере»", "joker_rummy.turn"),
}


def _refusal(code: str, **values) -> IllegalAction:
    en, ru, rule = _REASONS[code]
    ru_values = {k: (v[1] if isinstance(v, tuple) else v) for k, v in values.items()}
    en_values = {k: (v[0] if isinstance(v, tuple) else v) for k, v in values.items()}
    return IllegalAction(en.format(**en_values), ru.format(**ru_values), rule=rule)


def _card_words(card: Card) -> tuple[str, str]:
    return str(card), format_card(card, "ru")


def _meld_illegal(codes: Sequence[int], problem: str | None, opening: bool | None = None) -> IllegalAction:
    if opening is not None:
        if opening:
            return IllegalAction(
                "the player has not opened: this meld counts toward the opening of 51",
                "игрок ещё не выложился: эта комбинация идёт в счёт первого действия (51 очко)",
                rule="joker_rummy.opening",
            )
        return IllegalAction(
            "the player has opened already: this meld is not part of an opening",
            "игрок уже выложился: эта комбинация не идёт в счёт первого действия",
            rule="joker_rummy.melds",
        )
    err = _meld_error(codes, problem)
    return IllegalAction(err.en, err.ru, rule="joker_rummy.melds")
