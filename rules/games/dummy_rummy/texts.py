"""Dummy rummy's words: the rules' titles, the notes that tell what follows from an action, and
the reasons of every refusal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.cards import Card, format_card
from rules.errors import IllegalAction
from rules.game import Note
from rules.games.dummy_rummy.contracts import CUT_IN_EXTRA, CUT_IN_LIMIT, HAND, MAX_HANDS, TURN_LIMIT
from rules.lang import count, pick, player_name

#: rule id -> (English title, Russian title); each is an anchor of the chapter
RULES: dict[str, tuple[str, str]] = {
    "dummy_rummy.deal": ("Players, cards and the deal", "Игроки, карты и раздача"),
    "dummy_rummy.contracts": ("The twelve contracts", "Двенадцать контрактов"),
    "dummy_rummy.sets": ("Sets", "Наборы"),
    "dummy_rummy.runs": ("Runs", "Последовательности"),
    "dummy_rummy.wilds": ("Wild cards", "Карты-джокеры"),
    "dummy_rummy.turn": ("Play", "Ход игры"),
    "dummy_rummy.cut_in": ("Cut-ins", "Перехваты"),
    "dummy_rummy.draw": ("Drawing", "Взятие карты"),
    "dummy_rummy.go_down": ("Laying down the contract", "Выкладывание контракта"),
    "dummy_rummy.lay_off": ("Laying off", "Добавление к комбинациям"),
    "dummy_rummy.discard": ("Discarding", "Сброс"),
    "dummy_rummy.discard_restriction": ("The discard restriction", "Запрет сброса"),
    "dummy_rummy.going_out": ("Going out", "Выход"),
    "dummy_rummy.stock": ("The stock runs out", "Когда колода кончается"),
    "dummy_rummy.score": ("Scoring", "Подсчёт очков"),
    "dummy_rummy.end": ("The winner", "Победитель"),
    "dummy_rummy.engine": ("The engine's own decisions", "Решения движка"),
}


# ---------------------------------------------------------------- names in the moves' sentences


def _p(seat: int, lang: str) -> str:
    return player_name(seat, lang)


def _c(card: Card, lang: str) -> str:
    return format_card(card, lang)


# ---------------------------------------------------------------- notes


@dataclass(frozen=True)
class Dealt(Note):
    """A hand is dealt: thirteen cards each, the next card starts the discard pile."""

    hand: int = 0
    dealer: int = 0
    first: int = 0
    upcard: Card = None
    contracts: tuple[int, ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.deal"

    def explain(self, lang: str = "en") -> str:
        dealer, first = _p(self.dealer, lang).lower(), _p(self.first, lang).lower()
        return pick(
            lang,
            f"Deal {self.hand}: {dealer} deals {HAND} cards each; {self.upcard} starts the discard pile; "
            f"{first} plays first. Contracts: "
            + ", ".join(f"{n} for {_p(p, lang).lower()}" for p, n in enumerate(self.contracts)),
            f"Раздача {self.hand}: {dealer} сдаёт по {HAND} карт; {_c(self.upcard, lang)} открывает сброс; "
            f"первым ходит {first}. Контракты: "
            + ", ".join(f"у игрока {p + 1} — {n}" for p, n in enumerate(self.contracts)),
        )


@dataclass(frozen=True)
class CutInTaken(Note):
    """A cut-in is carried out: the discard and cards from the stock."""

    player: int = 0
    card: Card = None
    extra: int = CUT_IN_EXTRA
    number: int = 1
    forced: bool = False
    RULE: ClassVar[str] = "dummy_rummy.cut_in"

    def explain(self, lang: str = "en") -> str:
        who, card = _p(self.player, lang), _c(self.card, lang)
        why_en = " (the player about to draw has gone down and may not take it)" if self.forced else ""
        why_ru = " (игрок, чей ход, уже выложил контракт и не может её взять)" if self.forced else ""
        return pick(
            lang,
            f"{who} cuts in: takes {card} and {count(self.extra, lang)} from the stock{why_en}; "
            f"cut-in {self.number} of {CUT_IN_LIMIT} this deal",
            f"{who} перехватывает: берёт {card} и {count(self.extra, lang)} из колоды{why_ru}; "
            f"перехват {self.number} из {CUT_IN_LIMIT} в этой раздаче",
        )


@dataclass(frozen=True)
class StockRebuilt(Note):
    """The stock ran out: the discard pile but its top card is shuffled into a new stock."""

    cards: int = 0
    RULE: ClassVar[str] = "dummy_rummy.stock"

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"The stock has run out: the discard pile but its top card ({count(self.cards, lang)}) "
            f"is shuffled into a new stock",
            f"Колода кончилась: сброс, кроме верхней карты ({count(self.cards, lang)}), перемешан в новую колоду",
        )


@dataclass(frozen=True)
class HandScored(Note):
    """The hand ends: the player who went out scores 0, the others their cards' points."""

    out: int = -1
    why: str = ""  # "" (somebody went out), "stock" (nothing left to draw) or "turns" (the turn limit)
    points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    completed: tuple[int, ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.score"

    def explain(self, lang: str = "en") -> str:
        total = pick(lang, "total", "всего")
        scores = ", ".join(
            f"{_p(p, lang).lower()} +{pts} ({total} {tot})"
            for p, (pts, tot) in enumerate(zip(self.points, self.totals, strict=True))
        )
        if self.out >= 0:
            head = pick(lang, f"{_p(self.out, lang)} went out", f"{_p(self.out, lang)} вышел")
        elif self.why == "stock":
            head = pick(
                lang,
                "Nothing is left to draw: the deal ends with nobody out",
                "Брать больше нечего: раздача кончается, никто не вышел",
            )
        else:
            head = pick(
                lang,
                f"The deal ends after {TURN_LIMIT} turns with nobody out",
                f"Раздача кончается после {TURN_LIMIT} ходов, никто не вышел",
            )
        done = ", ".join(_p(p, lang).lower() for p in self.completed)
        did = "Свой контракт выполнил" if len(self.completed) == 1 else "Свой контракт выполнили"
        tail = pick(lang, f". Completed their contract: {done}", f". {did}: {done}") if done else ""
        return f"{head}. {pick(lang, 'Points', 'Очки')}: {scores}{tail}"


@dataclass(frozen=True)
class GameEnded(Note):
    """The game ends; the winners and why."""

    winners: tuple[int, ...] = ()
    finishers: tuple[int, ...] = ()
    RULE: ClassVar[str] = "dummy_rummy.end"

    def explain(self, lang: str = "en") -> str:
        who = ", ".join(_p(p, lang).lower() for p in self.winners)
        done = ", ".join(_p(p, lang).lower() for p in self.finishers)
        one = len(self.winners) == 1
        winner = pick(lang, "the winner" if one else "the winners", "победитель" if one else "победители")
        if self.finishers:
            did = "выполнил" if len(self.finishers) == 1 else "выполнили"
            return pick(
                lang,
                f"The game is over: {done} completed the last contract; {winner}: {who}",
                f"Игра окончена: последний контракт {did} {done}; {winner}: {who}",
            )
        return pick(
            lang,
            f"The game is over after {MAX_HANDS} deals without anybody completing the contracts; {winner}: {who}",
            f"Игра окончена после {MAX_HANDS} раздач: никто не выполнил все контракты; {winner}: {who}",
        )


# ---------------------------------------------------------------- refusals: one source of truth

#: reason code -> (rule, English, Russian); {p} the player, {c} the card, {n} a number
_REASONS = {
    "not_turn": ("dummy_rummy.turn", "it is not player {p}'s turn", "сейчас не очередь игрока {p}"),
    "draw_first": ("dummy_rummy.turn", "player {p} must draw first", "игрок {p} должен сначала взять карту"),
    "drawn": ("dummy_rummy.turn", "player {p} has drawn already this turn", "игрок {p} уже взял карту на этом ходу"),
    "asking": (
        "dummy_rummy.cut_in",
        "the discard is offered for cut-ins first",
        "сначала решается, перехватит ли кто-нибудь сброшенную карту",
    ),
    "deciding": (
        "dummy_rummy.cut_in",
        "player {p} must first take the discard or allow the cut-in",
        "игрок {p} должен сначала взять сброшенную карту или разрешить перехват",
    ),
    "down_draws_stock": (
        "dummy_rummy.draw",
        "player {p} has gone down and must draw from the stock",
        "игрок {p} уже выложил контракт и должен брать из колоды",
    ),
    "pile_empty": ("dummy_rummy.draw", "the discard pile is empty", "сброс пуст"),
    "not_top": (
        "dummy_rummy.draw",
        "only the top card of the discard pile may be taken",
        "из сброса можно взять только верхнюю карту",
    ),
    "not_in_hand": ("dummy_rummy.turn", "player {p} has no {c}", "у игрока {p} нет карты {c}"),
    "down_already": (
        "dummy_rummy.go_down",
        "player {p} has gone down already: only laying off is left",
        "игрок {p} уже выложил контракт: можно только добавлять карты",
    ),
    "no_contract": (
        "dummy_rummy.go_down",
        "these cards do not make contract {n} exactly",
        "эти карты не составляют в точности контракт {n}",
    ),
    "one_arrangement": (
        "dummy_rummy.engine",
        "contract {n} goes down in one arrangement, the one with the fewest wild cards; "
        "lay the other cards off after it",
        "контракт {n} выкладывается в одной раскладке, с наименьшим числом карт-джокеров; "
        "остальные карты добавьте после",
    ),
    "not_down": (
        "dummy_rummy.lay_off",
        "player {p} may lay off only after going down with the contract",
        "игрок {p} может добавлять карты только после того, как выложил свой контракт",
    ),
    "keep_one": (
        "dummy_rummy.going_out",
        "player {p} must keep a card to discard: going out ends with a discard",
        "игрок {p} должен оставить карту для сброса: выход всегда завершается сбросом",
    ),
    "no_meld": ("dummy_rummy.lay_off", "there is no meld {n} on the table", "на столе нет комбинации {n}"),
    "no_fit": (
        "dummy_rummy.lay_off",
        "{c} does not fit meld {n} there",
        "карту {c} нельзя так добавить к комбинации {n}",
    ),
    "fits_table": (
        "dummy_rummy.discard_restriction",
        "{c} may not be discarded: it could be laid off on a meld on the table",
        "{c} нельзя сбрасывать: её можно добавить к комбинации на столе",
    ),
    "no_cut_in": (
        "dummy_rummy.cut_in",
        "player {p} may not cut in now (cut-ins are for players who have not gone down, at most {n} a deal, "
        "with cards in the stock)",
        "игрок {p} сейчас не может перехватить (перехват — для тех, кто ещё не выложил контракт, "
        "не больше {n} за раздачу, пока в колоде есть карты)",
    ),
    "asked_later": (
        "dummy_rummy.cut_in",
        "player {p} is asked about the cut-in after player {n}: the players are asked in order, "
        "starting with the player to the left of the player about to draw",
        "игрока {p} спросят о перехвате после игрока {n}: спрашивают по порядку, "
        "начиная слева от того, кто берёт карту",
    ),
    "not_asked": (
        "dummy_rummy.cut_in",
        "nobody asks to cut in now",
        "сейчас никто не просит перехвата",
    ),
    "wrong_card": ("dummy_rummy.cut_in", "the card offered is {c}", "предлагается карта {c}"),
}


def _refuse(code: str, player: int = 0, card: Card | None = None, n: int = 0) -> IllegalAction:
    rule, en, ru = _REASONS[code]
    c_en = format_card(card) if isinstance(card, Card) else "?"
    c_ru = format_card(card, "ru") if isinstance(card, Card) else "?"
    return IllegalAction(
        en.format(p=player + 1, c=c_en, n=n),
        ru.format(p=player + 1, c=c_ru, n=n),
        rule=rule,
    )
