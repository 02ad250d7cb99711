"""The beat oracle: which card beats which, and why, for every trump (jokers too); the game's
pack and its order in the book's pictures; the fast tables the moves read."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.cards import ALL_CARDS, BLACK_JOKER, RED_JOKER, Card, Color, Rank, Suit, format_card
from rules.errors import check_lang
from rules.games.durak.texts import _COLOUR_WORDS, _NO_COLOUR, _REASONS
from rules.lang import pick


def game_deck(size: int = 36, *, jokers: bool = False) -> list[Card]:
    """The pack of a game: 36 (6..A) or 52 cards, with the red and black jokers if ``jokers``."""
    low = 6 if size == 36 else 2
    cards = [c for c in ALL_CARDS[:52] if c.rank == Rank.ACE or c.rank >= low]
    return [*cards, RED_JOKER, BLACK_JOKER] if jokers else cards


# ---------------------------------------------------------------- the beat oracle


def strength(card: Card) -> int:
    """A card's rank for beating: 2..10, J 11, Q 12, K 13, A 14 (jokers 0: they have no rank)."""
    if card.joker is not None:
        return 0
    return 14 if card.rank == Rank.ACE else int(card.rank)


def trump_suits(trump: Card) -> frozenset[Suit]:
    """The trump suits for the turned-up card: its suit, or both suits of a turned-up joker's colour."""
    if trump.joker is not None:
        return frozenset(s for s in Suit if s.color is trump.joker)
    return frozenset((trump.suit,))


def top_joker(trump: Card) -> Card:
    """The highest card of the game: the joker of the trump colour (or the turned-up joker)."""
    return RED_JOKER if trump.color is Color.RED else BLACK_JOKER


def is_trump(card: Card, trump: Card) -> bool:
    """Ordinary cards of a trump suit; the top joker is above every trump (and is counted as one)."""
    if card.joker is not None:
        return card == top_joker(trump)
    return card.suit in trump_suits(trump)


def _verdict(attack: Card, defence: Card, trump: Card) -> tuple[bool, str, Color | None]:
    """(beats?, reason code, colour named by the reason) for ``defence`` played on ``attack``."""
    if attack == defence:
        return False, "no_same_card", None
    if defence.joker is not None or attack.joker is not None:
        return _joker_verdict(attack, defence, trump)
    trumps = trump_suits(trump)
    a_trump, d_trump = attack.suit in trumps, defence.suit in trumps
    sa, sd = strength(attack), strength(defence)
    if a_trump and d_trump:
        if attack.suit is not defence.suit:
            if sd > sa:
                return True, "cross_trump", trump.joker
            return False, "no_equal_trumps" if sd == sa else "no_lower_trump", trump.joker
        return (True, "higher_trump", None) if sd > sa else (False, "no_lower_trump", None)
    if d_trump:
        return True, "trump_on_plain", None
    if a_trump:
        return False, "no_lower_trump", None
    if attack.suit is defence.suit:
        return (True, "same_suit", None) if sd > sa else (False, "no_same_suit_lower", None)
    return False, "no_other_suit", None


def _joker_verdict(attack: Card, defence: Card, trump: Card) -> tuple[bool, str, Color | None]:
    """:func:`_verdict` when a joker is played or beaten (rulings 9-10)."""
    top = top_joker(trump)
    if defence.joker is not None:
        if defence == top:
            return True, "top_joker", defence.joker
        # the low joker
        if attack.joker is None and attack.suit not in trump_suits(trump) and attack.color is defence.joker:
            return True, "low_joker", defence.joker
        return False, "no_low_joker", defence.joker
    if attack == top:
        return False, "no_top_joker", attack.joker
    if defence.suit in trump_suits(trump):
        return True, "trump_on_low_joker", attack.joker
    return False, "no_plain_on_low_joker", attack.joker


def beats(attack: Card, defence: Card, trump: Card) -> bool:
    """Does ``defence`` beat ``attack`` when ``trump`` is the turned-up card (a joker if one was turned up)?

    Classic: a higher card of the same suit, or any trump on a non-trump; a trump
    only by a higher trump. Jokers (rulings 9-10): the joker of the trump colour
    (or the turned-up joker) beats anything and nothing beats it; the other joker
    beats any non-trump card of its colour and, led, is beaten by any trump; with
    a joker turned up both suits of its colour are trumps, and between them only a
    higher rank beats.
    """
    return _verdict(attack, defence, trump)[0]


def beat_reason(attack: Card, defence: Card, trump: Card, lang: str = "en") -> str:
    """The sentence of rule that says why ``defence`` beats ``attack`` (or why not)."""
    check_lang(lang)
    _, code, colour = _verdict(attack, defence, trump)
    words = _COLOUR_WORDS[colour] if colour else _NO_COLOUR
    template = _REASONS[code][pick(lang, 0, 1)]
    return template.format(a=format_card(attack, lang), d=format_card(defence, lang), **words)


#: the suits in the order of the book's pictures
SUIT_ORDER = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)


def ordered_pack(size: int = 36) -> list[Card]:
    """The two-joker pack of ``size`` cards in the order of the book's pictures:
    ♠ ♣ ♥ ♦, each from the lowest rank to the ace, then the red and the black joker."""
    pack = game_deck(size, jokers=True)
    suits = [sorted((c for c in pack if c.joker is None and c.suit is s), key=strength) for s in SUIT_ORDER]
    return [c for row in suits for c in row] + [RED_JOKER, BLACK_JOKER]


def closest_in_pack(card: Card, size: int) -> Card:
    """``card`` if the two-joker pack of ``size`` holds it, else the lowest card of its suit
    there (a 2♣ becomes 6♣ in 36 cards).

    >>> from rules.cards import parse_card as c
    >>> str(closest_in_pack(c("2♣"), 36)), str(closest_in_pack(c("8♥"), 36))
    ('6♣', '8♥')
    """
    pack = ordered_pack(size)
    return card if card in pack else next(c for c in pack if c.joker is None and c.suit is card.suit)


def beaters(attack: Card, trump: Card, cards: Iterable[Card] | None = None) -> list[Card]:
    """The cards among ``cards`` (default: the 52 cards and both jokers) that beat ``attack``."""
    pool = list(ALL_CARDS) if cards is None else list(cards)
    return [d for d in pool if beats(attack, d, trump)]


def beat_table(trump: Card, cards: Sequence[Card]) -> list[list[bool]]:
    """``table[i][j]`` is True when ``cards[j]`` beats ``cards[i]`` (rows: attacks, columns: defences)."""
    return [[beats(a, d, trump) for d in cards] for a in cards]


# ---------------------------------------------------------------- fast tables

_NCODES = len(ALL_CARDS)  # 54
_ID_CODE = {id(c): i for i, c in enumerate(ALL_CARDS)}
_JOKER_KEY = 99  # jokers match only each other when thrown in
_RANK_KEY = [_JOKER_KEY if c.joker is not None else int(c.rank) for c in ALL_CARDS]
_STRENGTH = [strength(c) for c in ALL_CARDS]
_BEAT_CACHE: dict[int, list[tuple[bool, ...] | None]] = {}


def _code(card: Card) -> int:
    code = _ID_CODE.get(id(card))
    return card.index if code is None else code


def _beat_rows(trump_code: int) -> list[tuple[bool, ...] | None]:
    """The game's beat table for one trump card: ``rows[a][d]`` is ``beats(a, d, trump)`` on
    card codes. Rows are filled on first use (:func:`_beat_row`) and kept for the process."""
    rows = _BEAT_CACHE.get(trump_code)
    if rows is None:
        rows = _BEAT_CACHE[trump_code] = [None] * _NCODES
    return rows


def _beat_row(rows: list, trump_code: int, a: int) -> tuple[bool, ...]:
    trump, attack = ALL_CARDS[trump_code], ALL_CARDS[a]
    row = rows[a] = tuple(beats(attack, d, trump) for d in ALL_CARDS)
    return row
