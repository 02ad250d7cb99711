"""Language helpers every game shares: choosing a language, player names, counts.

>>> count(3, "ru")
'3 карты'
>>> count(21, "ru", ru=("очко", "очка", "очков"))
'21 очко'
>>> player_name(0, "en")
'Player 1'
>>> player_name(1, "ru", capital=False)
'игрок 2'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["LANGS", "Bi", "check_lang", "count", "pick", "player_name", "plural_ru", "signed"]

#: the book's languages: English, and Russian, the sources' own
LANGS = ("en", "ru")


def check_lang(lang: str) -> str:
    """Return ``lang`` if the book speaks it, else raise ``ValueError``."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected one of {LANGS}")
    return lang


def pick(lang: str, en, ru):
    """The text in the reader's language: the one way the book chooses between its two.

    Every text in both languages is chosen here, whether written at the point of use
    (``pick(lang, "the table", "стол")``) or kept as a pair (an error's messages, a
    game's name, a set-up's title: each a method that asks ``pick``).
    """
    return ru if check_lang(lang) == "ru" else en


def player_name(seat: int, lang: str = "en", *, capital: bool = True) -> str:
    """A seat's name for the reader: seats count from 0, players from 1.

    ``capital=False`` for the name inside a sentence: "... then player 2 leads".
    """
    name = pick(lang, f"Player {seat + 1}", f"Игрок {seat + 1}")
    return name if capital else name[0].lower() + name[1:]


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for ``n``: 1 карта, 2 карты, 5 карт, 11 карт, 21 карта."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


#: the noun of scores: ``count(n, lang, *POINTS)`` says "1 point", "31 очко", "30 очков"
POINTS = ("point", "points"), ("очко", "очка", "очков")


def count(
    n: int,
    lang: str = "en",
    en: tuple[str, str] = ("card", "cards"),
    ru: tuple[str, str, str] = ("карта", "карты", "карт"),
) -> str:
    """``n`` and the noun in the right number: "1 card", "3 cards", "5 карт"."""
    return pick(lang, f"{n} {en[0] if abs(n) == 1 else en[1]}", f"{n} {plural_ru(n, *ru)}")


def signed(n: int, lang: str = "en", en: tuple[str, str] = POINTS[0], ru: tuple[str, str, str] = POINTS[1]) -> str:
    """A score change with its sign: "+2 points", "-1 очко"."""
    sign = "+" if n > 0 else "-" if n < 0 else ""
    return sign + count(abs(n), lang, en, ru)


@dataclass(frozen=True, slots=True)
class Bi:
    """A text in both languages; ``text(lang)`` is the one in the reader's.

    >>> Bi("a move", "ход")("ru")
    'ход'
    """

    en: str
    ru: str

    def __call__(self, lang: str = "en") -> str:
        return pick(lang, self.en, self.ru)

    def __add__(self, other: Bi) -> Bi:
        return Bi(self.en + other.en, self.ru + other.ru)

    @classmethod
    def join(cls, parts: Iterable[Bi], sep: str = "; ") -> Bi:
        parts = list(parts)
        return cls(sep.join(p.en for p in parts), sep.join(p.ru for p in parts))

    @classmethod
    def of(cls, error) -> Bi:
        """The two messages of a :class:`rules.errors.RulesError`."""
        return cls(error.message("en"), error.message("ru"))
