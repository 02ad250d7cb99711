"""Durak's words: the rules' titles, the names of the options' choices, the reasons of the beat
oracle, and the notes that tell what follows from an action."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rules.cards import Card, Color, card_name, format_card
from rules.game import Note
from rules.lang import count, pick, player_name

#: rule id -> (English title, Russian title); each is an anchor of the chapter
RULES: dict[str, tuple[str, str]] = {
    "durak.deal": ("The deal", "Раздача"),
    "durak.trump": ("The trump", "Козырь"),
    "durak.attack": ("Leading", "Заход"),
    "durak.throw_in": ("Throwing in", "Подкидывание"),
    "durak.beat": ("Beating", "Как бить карты"),
    "durak.take": ("Taking the cards", "Если не отбился"),
    "durak.draw": ("Drawing up to six", "Добор карт"),
    "durak.end": ("The end of the game, the fool and the rating", "Конец игры"),
    "durak.jokers": ("The two jokers", "Два джокера"),
    "durak.first": ("The first lead", "Первый ход"),
    "durak.pass": ('Saying «Бито» ("beaten")', "«Бито»"),
    "durak.score": ("The rating", "Подведение итогов и рейтинг"),
}

VARIANT_NAMES = {"classic": ("classic podkidnoy", "подкидной дурак"), "jokers": ("two jokers", "с двумя джокерами")}
DRAW_ORDERS = {
    "defender_last": ("defender draws last", "отбивавшийся берёт последним"),
    "clockwise": ("strictly clockwise", "строго по часовой"),
}
NEXT_LEADS = {"under": ("under the fool", "под дурака"), "from_under": ("from under the fool", "из-под дурака")}


# reasons: code -> (English, Russian); {a} the attack, {d} the defence, {t} the trump card, {c} colour
_REASONS = {
    # why the defence beats
    "same_suit": (
        "{d} beats {a}: a higher card of the same suit",
        "{d} бьёт {a}: старшая карта той же масти",
    ),
    "trump_on_plain": (
        "{d} beats {a}: a trump beats any card that is not a trump",
        "{d} бьёт {a}: козырь бьёт любую некозырную карту",
    ),
    "higher_trump": (
        "{d} beats {a}: a higher trump beats a lower one",
        "{d} бьёт {a}: старший козырь бьёт младший",
    ),
    "cross_trump": (
        "{d} beats {a}: with the {c} joker turned up both {c} suits are trumps, and the higher rank beats",
        "{d} бьёт {a}: при {cp} козырном джокере обе масти этого цвета козырные, и старшая карта бьёт младшую",
    ),
    "top_joker": (
        "{d} beats {a}: the {c} joker is the highest card in the game and beats anything",
        "{d} бьёт {a}: {cn} джокер — самая старшая карта в игре и бьёт любую карту",
    ),
    "low_joker": (
        "{d} beats {a}: the {c} joker beats any card of a {c} suit that is not a trump",
        "{d} бьёт {a}: {cn} джокер бьёт любую некозырную карту {cg} масти",
    ),
    "trump_on_low_joker": (
        "{d} beats {a}: the {c} joker led counts as a non-trump card above the ace, so any trump beats it",
        "{d} бьёт {a}: {cn} джокер при ходе считается некозырной картой старше туза, поэтому его бьёт любой козырь",
    ),
    # why it does not
    "no_same_suit_lower": (
        "{d} does not beat {a}: a card of the same suit must be higher",
        "{d} не бьёт {a}: карта той же масти должна быть старше",
    ),
    "no_other_suit": (
        "{d} does not beat {a}: it is neither of the same suit nor a trump",
        "{d} не бьёт {a}: это не та же масть и не козырь",
    ),
    "no_lower_trump": (
        "{d} does not beat {a}: a trump is beaten only by a higher trump",
        "{d} не бьёт {a}: козырь бьётся только старшим козырем",
    ),
    "no_equal_trumps": (
        "{d} does not beat {a}: with a joker turned up, trumps of equal rank cannot beat each other",
        "{d} не бьёт {a}: при козырном джокере равные по значению козыри не могут перебивать друг друга",
    ),
    "no_top_joker": (
        "{d} does not beat {a}: nothing beats the {c} joker, the highest card in the game",
        "{d} не бьёт {a}: {cn} джокер — самая старшая карта, его не бьёт ничто",
    ),
    "no_plain_on_low_joker": (
        "{d} does not beat {a}: the {c} joker led counts as a non-trump card above the ace; "
        "only a trump or the top joker beats it",
        "{d} не бьёт {a}: {cn} джокер при ходе считается некозырной картой старше туза; "
        "его бьёт только козырь или старший джокер",
    ),
    "no_low_joker": (
        "{d} does not beat {a}: the {c} joker beats only non-trump cards of a {c} suit",
        "{d} не бьёт {a}: {cn} джокер бьёт только некозырные карты {cg} масти",
    ),
    "no_same_card": ("{d} cannot beat itself", "карта {d} не может бить сама себя"),
}

_COLOUR_WORDS = {
    Color.RED: {"c": "red", "cn": "красный", "cp": "красном", "cg": "красной"},
    Color.BLACK: {"c": "black", "cn": "чёрный", "cp": "чёрном", "cg": "чёрной"},
}
_NO_COLOUR = {"c": "", "cn": "", "cp": "", "cg": ""}


def format_cards_list(cards: Sequence[Card]) -> tuple[str, str]:
    return " ".join(format_card(c) for c in cards), " ".join(format_card(c, "ru") for c in cards)


# ---------------------------------------------------------------- what follows from an action

#: how the first attacker of a game was found: (English, Russian) after "this player" / the colon
_LEAD_HOW = {
    "lowest_trump": ("holds the lowest trump", "у него младший козырь"),
    "lowest_trump_lot": (
        "holds the lowest trump (a tie settled by lot)",
        "у него младший козырь (равенство решил жребий)",
    ),
    "lot": ("was chosen by lot (nobody holds a trump)", "выбран жребием (козырей ни у кого нет)"),
    "under": (
        "sits on the fool's right and attacks the fool («под дурака»)",
        "сидит справа от дурака и ходит под дурака",
    ),
    "from_under": ("sits on the fool's left («из-под дурака»)", "сидит слева от дурака и ходит из-под дурака"),
}


@dataclass(frozen=True)
class Dealt(Note):
    """A game is dealt (or a position set up, ``how == "set"``) and its first attacker found."""

    game: int
    dealer: int
    trump: Card
    player: int  # the first attacker
    how: str
    RULE: ClassVar[str] = "durak.first"

    def explain(self, lang: str = "en") -> str:
        t, p = self.trump, self.player
        trump = f"{format_card(t, lang)} ({card_name(t, lang)})"
        if self.how == "set":
            return pick(
                lang,
                f"A position: the trump card is {trump}; player {p + 1} leads",
                f"Позиция: козырь {trump}; ходит игрок {p + 1}",
            )
        why = pick(lang, *_LEAD_HOW[self.how])
        return pick(
            lang,
            f"Game {self.game + 1}: player {self.dealer + 1} deals six cards each; the trump card {trump} "
            f"is turned up and put under the deck; player {p + 1} leads: this player {why}",
            f"Игра {self.game + 1}: игрок {self.dealer + 1} сдаёт по шесть карт; козырь {trump} "
            f"открыт и положен под колоду; первым ходит игрок {p + 1}: {why}",
        )


@dataclass(frozen=True)
class Picked(Note):
    """The defender takes the bout's cards into his hand."""

    player: int
    cards: int
    RULE: ClassVar[str] = "durak.take"

    def explain(self, lang: str = "en") -> str:
        n = count(self.cards, lang, ru=("карту", "карты", "карт"))
        return pick(lang, f"{player_name(self.player)} takes {n}", f"{player_name(self.player, 'ru')} забирает {n}")


@dataclass(frozen=True)
class Discarded(Note):
    """Everything is beaten: the bout's cards go out of play."""

    player: int
    cards: int
    RULE: ClassVar[str] = "durak.beat"

    def explain(self, lang: str = "en") -> str:
        n = count(self.cards, lang)
        return pick(
            lang,
            f"{player_name(self.player)} has beaten off: {n} go to the discard pile; they lead next",
            f"{player_name(self.player, 'ru')} отбился: {n} уходят в отбой; он ходит следующим",
        )


@dataclass(frozen=True)
class Drew(Note):
    """Everybody draws up to six: (seat, cards drawn) in the order of drawing."""

    draws: tuple[tuple[int, int], ...]
    RULE: ClassVar[str] = "durak.draw"

    def explain(self, lang: str = "en") -> str:
        if not self.draws:
            return pick(lang, "Nobody draws", "Никто не добирает")
        en = ", ".join(f"{player_name(p, capital=False)} draws {count(k, 'en')}" for p, k in self.draws)
        ru = ", ".join(
            f"{player_name(p, 'ru', capital=False)} берёт {count(k, 'ru', ru=('карту', 'карты', 'карт'))}"
            for p, k in self.draws
        )
        return pick(lang, f"Drawing up to six: {en}", f"Добор до шести: {ru}")


@dataclass(frozen=True)
class Left(Note):
    """The deck is empty and these players have no cards: they are out of the game."""

    players: tuple[int, ...]
    RULE: ClassVar[str] = "durak.end"

    def explain(self, lang: str = "en") -> str:
        who = ", ".join(str(p + 1) for p in self.players)
        if len(self.players) == 1:
            return pick(
                lang,
                f"The deck is empty and player {who} has no cards: out of the game",
                f"Колода пуста, у игрока {who} нет карт: он выходит из игры",
            )
        return pick(
            lang,
            f"The deck is empty and players {who} have no cards: out of the game",
            f"Колода пуста, у игроков {who} нет карт: они выходят из игры",
        )


@dataclass(frozen=True)
class GameOver(Note):
    """The game ends: ``fool`` is left with cards, or None for a draw."""

    fool: int | None
    last_out: tuple[int, ...]
    RULE: ClassVar[str] = "durak.end"

    @property
    def player(self) -> int | None:
        return self.fool

    def explain(self, lang: str = "en") -> str:
        if self.fool is None:
            return pick(
                lang,
                "The last cards went out together: the game is a draw",
                "Последние карты вышли одновременно: ничья",
            )
        return pick(
            lang,
            f"Player {self.fool + 1} is left with cards: the fool",
            f"У игрока {self.fool + 1} остались карты: он дурак",
        )
