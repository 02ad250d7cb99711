"""Cards, decks and the book's bilingual notation.

Ranks are the numbers 1 (ace) to 13 (king); what an ace is worth is each game's
business. Jokers have neither rank nor suit, only a colour.

>>> parse_cards("T♦ 2♦ 2♠")
[Card.parse('A♦'), Card.parse('2♦'), Card.parse('2♠')]
>>> format_cards(parse_cards("A♥ 10♣ Q♠ RJ"), lang="ru")
'Т♥ 10♣ Д♠ КДж'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum

from rules.errors import RulesError, check_lang, excerpt
from rules.lang import pick

__all__ = [
    "Suit",
    "Rank",
    "Color",
    "Card",
    "CardList",
    "NotationError",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
    "card_name",
    "deck",
    "RED_JOKER",
    "BLACK_JOKER",
    "SUITS",
    "RANKS",
]


class Color(Enum):
    RED = "red"
    BLACK = "black"

    def name_in(self, lang: str) -> str:
        return pick(lang, self.value, _RU_COLOR[self])


class Suit(Enum):
    """The four suits; the value is the symbol used in both languages."""

    SPADES = "♠"
    CLUBS = "♣"
    HEARTS = "♥"
    DIAMONDS = "♦"

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def color(self) -> Color:
        return Color.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Color.BLACK

    def name_in(self, lang: str = "en") -> str:
        """The suit's name: "spades" / "пики"."""
        return _SUIT_NAMES[check_lang(lang)][self]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(IntEnum):
    """Ranks by number: the ace is 1, the king 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    def symbol(self, lang: str = "en") -> str:
        """The rank as written on a card: "A" / "Т", "10", "Q" / "Д"."""
        return _RANK_SYMBOLS[check_lang(lang)][self]

    def name_in(self, lang: str = "en") -> str:
        return _RANK_NAMES[check_lang(lang)][self]

    def plural_in(self, lang: str = "en") -> str:
        """Cards of this rank, as in "a set of 5s" / «набор пятёрок» (Russian: genitive plural)."""
        return _RANK_PLURALS[check_lang(lang)][self]

    @property
    def is_picture(self) -> bool:
        return self >= Rank.JACK

    def __str__(self) -> str:
        return self.symbol("en")

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


RANKS: tuple[Rank, ...] = tuple(Rank)

_RANK_SYMBOLS = {
    "en": {r: ({1: "A", 11: "J", 12: "Q", 13: "K"}.get(r.value) or str(r.value)) for r in Rank},
    "ru": {r: ({1: "Т", 11: "В", 12: "Д", 13: "К"}.get(r.value) or str(r.value)) for r in Rank},
}
_RANK_NAMES = {
    "en": dict(
        zip(
            Rank,
            "ace two three four five six seven eight nine ten jack queen king".split(),
            strict=True,
        )
    ),
    "ru": dict(
        zip(
            Rank,
            "туз двойка тройка четвёрка пятёрка шестёрка семёрка восьмёрка девятка десятка валет дама король".split(),
            strict=True,
        )
    ),
}
_RANK_PLURALS = {
    "en": {r: ({1: "aces", 11: "jacks", 12: "queens", 13: "kings"}.get(r.value) or f"{r.value}s") for r in Rank},
    "ru": dict(
        zip(
            Rank,
            "тузов двоек троек четвёрок пятёрок шестёрок семёрок восьмёрок девяток десяток валетов дам королей".split(),
            strict=True,
        )
    ),
}
_SUIT_NAMES = {
    "en": {Suit.SPADES: "spades", Suit.CLUBS: "clubs", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"},
    "ru": {Suit.SPADES: "пики", Suit.CLUBS: "трефы", Suit.HEARTS: "черви", Suit.DIAMONDS: "бубны"},
}
# Genitive forms for "туз пик", "дама червей".
_SUIT_GENITIVE_RU = {Suit.SPADES: "пик", Suit.CLUBS: "треф", Suit.HEARTS: "червей", Suit.DIAMONDS: "бубен"}
_RU_COLOR = {Color.RED: "красный", Color.BLACK: "чёрный"}
_JOKER_SYMBOLS = {
    "en": {Color.RED: "RJ", Color.BLACK: "BJ"},
    "ru": {Color.RED: "КДж", Color.BLACK: "ЧДж"},
}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card: a rank and a suit, or a joker of a colour.

    Cards compare by value: two aces of spades from two decks are equal cards.
    ``str(card)`` is the canonical English notation, ``repr`` pastes back.
    """

    rank: Rank | None
    suit: Suit | None
    joker: Color | None = None

    def __post_init__(self):
        if self.joker is None:
            if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
                raise TypeError(f"a card needs a Rank and a Suit, got {self.rank!r}, {self.suit!r}")
        elif self.rank is not None or self.suit is not None:
            raise TypeError("a joker has no rank and no suit")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    @property
    def is_joker(self) -> bool:
        return self.joker is not None

    @property
    def color(self) -> Color:
        """Red or black (a joker's own colour)."""
        return self.joker if self.joker is not None else self.suit.color

    @property
    def index(self) -> int:
        """A small integer per distinct card: suits in order ♠♣♥♦, ace..king; jokers 52, 53."""
        if self.joker is not None:
            return 52 if self.joker is Color.RED else 53
        return _SUIT_INDEX[self.suit] * 13 + self.rank - 1

    def __str__(self) -> str:
        return _WRITTEN_EN[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def _repr_svg_(self) -> str:
        from rules import svg

        return svg.card(self)


_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}

RED_JOKER = Card(None, None, Color.RED)
BLACK_JOKER = Card(None, None, Color.BLACK)
#: Every distinct card, indexed by :attr:`Card.index`.
ALL_CARDS: tuple[Card, ...] = (*tuple(Card(r, s) for s in Suit for r in Rank), RED_JOKER, BLACK_JOKER)


class CardList(list):
    """A plain list of cards that Jupyter draws as a row of card pictures."""

    def __str__(self) -> str:
        return format_cards(self)

    def _repr_svg_(self) -> str:
        from rules import svg

        return svg.row(self)


def card_name(card: Card, lang: str = "en") -> str:
    """A card's name in words: "queen of spades" / "дама пик", "red joker" / "красный джокер"."""
    if card.joker is not None:
        return f"{card.joker.name_in(lang)} {pick(lang, 'joker', 'джокер')}"
    return pick(
        lang,
        f"{card.rank.name_in('en')} of {card.suit.name_in('en')}",
        f"{card.rank.name_in('ru')} {_SUIT_GENITIVE_RU[card.suit]}",
    )


def format_card(card: Card, lang: str = "en") -> str:
    """A card in notation: ``A♠``, ``10♥``, ``RJ``; in Russian ``Т♠``, ``10♥``, ``КДж``. Never fails."""
    check_lang(lang)
    if card.joker is not None:
        return _JOKER_SYMBOLS[lang][card.joker]
    return card.rank.symbol(lang) + card.suit.value


def format_cards(cards: Iterable[Card], lang: str = "en", sep: str = " ") -> str:
    """Cards in notation, separated by ``sep``."""
    return sep.join(format_card(c, lang) for c in cards)


# ---------------------------------------------------------------- parsing


class NotationError(RulesError):
    """A token that is not a card. ``token`` and ``position`` (1-based) say which."""

    def __init__(self, en: str, ru: str, *, token: str, position: int):
        super().__init__(en, ru, rule="notation")
        self.token = token
        self.position = position


# Readable input, case-insensitive; look-alike Latin and Cyrillic letters are read
# the same way (a Russian reader often types with the other keyboard layout).
_RANK_INPUT = {
    "A": Rank.ACE,
    "T": Rank.ACE,  # the sources write the Russian ace with a Latin T
    "Т": Rank.ACE,
    "А": Rank.ACE,  # Cyrillic А looks like A
    "1": Rank.ACE,
    "J": Rank.JACK,
    "В": Rank.JACK,
    "B": Rank.JACK,  # Latin B looks like Cyrillic В
    "Q": Rank.QUEEN,
    "Д": Rank.QUEEN,
    "K": Rank.KING,
    "К": Rank.KING,
    **{str(n): Rank(n) for n in range(2, 11)},
}
_SUIT_INPUT = {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "C": Suit.CLUBS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "H": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "D": Suit.DIAMONDS,
}
_JOKER_INPUT = {
    "RJ": Color.RED,
    "BJ": Color.BLACK,
    "КДЖ": Color.RED,
    "ЧДЖ": Color.BLACK,
}
#: only the documented letters are read in either case (``str.upper`` would also turn
#: look-alikes such as "ſ" into "S" or "ᲀ" into "В")
_UPPER = str.maketrans({ch.lower(): ch for key in (*_RANK_INPUT, *_SUIT_INPUT, *_JOKER_INPUT) for ch in key})
_TOKEN = re.compile(r"[^\s,;]+")
_EXPECTED = {
    "rank": ("a rank: A 2 3 4 5 6 7 8 9 10 J Q K", "достоинство: Т 2 3 4 5 6 7 8 9 10 В Д К"),
    "suit": ("a suit: ♠ ♣ ♥ ♦ (or S C H D)", "масть: ♠ ♣ ♥ ♦ (или S C H D)"),
    "card": (
        "a card such as A♠, 10♥, Q♦, RJ",
        "карта, например Т♠, 10♥, Д♦, КДж",
    ),
}


def _fail(token: str, position: int, what: str, detail_en: str, detail_ru: str) -> NotationError:
    exp_en, exp_ru = _EXPECTED[what]
    shown = excerpt(token, 12)
    return NotationError(
        f"card {position}, {shown!r}: {detail_en}; expected {exp_en}",
        f"карта {position}, «{shown}»: {detail_ru}; ожидается {exp_ru}",
        token=shown,
        position=position,
    )


def _parse_token(token: str, position: int) -> Card:
    text = token.replace("\ufe0f", "").translate(_UPPER)
    if text in _JOKER_INPUT:
        return Card(None, None, _JOKER_INPUT[text])
    if len(text) < 2:
        raise _fail(token, position, "card", "too short", "слишком коротко")
    suit = _SUIT_INPUT.get(text[-1])
    rank_text = text[:-1]
    if suit is None:
        if text[-1] in _RANK_INPUT or text[-1].isdigit():
            raise _fail(token, position, "suit", "the suit is missing", "нет масти")
        last = excerpt(token[-1], 1)
        raise _fail(token, position, "suit", f"unknown suit {last!r}", f"неизвестная масть «{last}»")
    rank = _RANK_INPUT.get(rank_text)
    if rank is None:
        raw = excerpt(token[: len(rank_text)], 6)
        if not rank_text:
            raise _fail(token, position, "rank", "the rank is missing", "нет достоинства")
        raise _fail(token, position, "rank", f"unknown rank {raw!r}", f"неизвестное достоинство «{raw}»")
    return Card(rank, suit)


def parse_card(text: str) -> Card:
    """One card from notation in either language.

    >>> parse_card("10♥"), parse_card("Д♦"), parse_card("bj")
    (Card.parse('10♥'), Card.parse('Q♦'), Card.parse('BJ'))
    """
    written = _AS_WRITTEN.get(text)  # a card as the engines write it: read once, when the module loads
    if written is not None:
        return written
    tokens = _TOKEN.findall(text)
    if len(tokens) != 1:
        shown = excerpt(text)
        raise NotationError(
            f"expected exactly one card, got {len(tokens)} tokens in {shown!r}",
            f"ожидалась одна карта, а в «{shown}» их {len(tokens)}",
            token=shown,
            position=1,
        )
    return _parse_token(tokens[0], 1)


def parse_cards(text: str) -> CardList:
    """Cards separated by spaces, commas or semicolons, in either language.

    An empty text gives no cards. A bad token raises :class:`NotationError`
    naming the token and its position (counting cards from 1).
    """
    return CardList(_parse_token(tok, i) for i, tok in enumerate(_TOKEN.findall(text), start=1))


# ---------------------------------------------------------------- decks

_DECK_RANKS = {
    36: (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    52: RANKS,
}


def deck(size: int = 52, *, jokers: int = 0, copies: int = 1) -> CardList:
    """A new, unshuffled pack: ``size`` 36 (6..A), 52 or 54 (52 and two jokers).

    ``jokers`` adds jokers (red first, alternating); ``copies`` repeats the pack.
    """
    if size == 54:
        size, jokers = 52, jokers + 2
    if size not in _DECK_RANKS:
        raise ValueError(f"deck size must be 36, 52 or 54, not {size!r}")
    if jokers < 0 or copies < 1:
        raise ValueError(f"need jokers >= 0 and copies >= 1, got jokers={jokers}, copies={copies}")
    one = [Card(r, s) for s in Suit for r in _DECK_RANKS[size]]
    one += [RED_JOKER if i % 2 == 0 else BLACK_JOKER for i in range(jokers)]
    return CardList(one * copies)


#: every card as the engines write it, in both languages, read by the parser itself (a game's
#: saved options and teaching layouts are read again at every replay)
_AS_WRITTEN: dict[str, Card] = {
    format_card(card, lang): _parse_token(format_card(card, lang), 1)
    for card in deck(52, jokers=2)
    for lang in ("en", "ru")
}
#: each card's English notation, written once (``str(card)`` is the engines' commonest call)
_WRITTEN_EN: list[str] = [format_card(card, "en") for card in sorted(deck(52, jokers=2), key=lambda c: c.index)]
