"""What the explorer page asks of the rules: a field, the options of some revealed cards in groups,
the source's worked example, and the field drawn."""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass

from rules import svg
from rules.cards import ALL_CARDS, BLACK_JOKER, RED_JOKER, Card, Rank, Suit, format_card, parse_cards
from rules.errors import OptionError, check_lang
from rules.games.domimi.oracle import (
    MAX_DECKS,
    MAX_REVEALED,
    OptionList,
    TurnOption,
    _cards,
    _decks_hold,
    _fmt,
    _in_decks,
    _rank_key,
    _sort_key,
    _too_many_revealed,
    full_field,
    turn_options,
)
from rules.lang import count, pick


def explorer_field(decks: int, revealed=()) -> list[Card]:
    """A full field of ``decks`` decks without the revealed cards (the player holds them).

    >>> len(explorer_field(1, "A♦ 2♦ 2♠"))
    51
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise OptionError(
            f"decks must be 1 to {MAX_DECKS}, not {decks!r:.20}",
            f"колод должно быть от 1 до {MAX_DECKS}, а не {decks!r:.20}",
        )
    field = Counter(full_field(decks))
    cards = _cards(revealed)
    field.subtract(cards)
    short = [c for c, k in field.items() if k < 0]
    if short:
        raise OptionError(
            f"{_decks_hold(decks)} fewer {_fmt(short, 'en', ' ')} than revealed",
            f"{_in_decks(decks)} меньше карт {_fmt(short, 'ru', ' ')}, чем открыто",
            rule="domimi.setup",
        )
    return sorted(field.elements(), key=_sort_key)


def option_groups(options: OptionList, lang: str = "en", limit: int = 100) -> list[tuple[str, list[TurnOption]]]:
    """Options grouped for reading: collecting by suit, then over several suits, cross by
    rank, buying by picture. Each group is (title, options); the title says how many
    options the group has, and only its first ``limit`` options are made (the rest may
    be hundreds of thousands)."""
    check_lang(lang)
    groups: list[tuple[str, list[TurnOption]]] = []
    counts = options.suit_counts
    for i, n in enumerate(counts):
        opts = options.suit_group(i, limit)
        suit = opts[0].pay[0].suit
        title = pick(lang, f"collect in {suit.name_in('en')}", f"собирательный ход: {suit.name_in('ru')}")
        groups.append((f"{title} ({n})", opts))
    several = options.count("collect") - sum(counts)
    if several:
        title = pick(lang, "collect in several suits at once", "собирательный ход по нескольким мастям")
        groups.append((f"{title} ({several})", options.several_suits(limit)))
    for kind, key in (("cross", lambda o: _rank_key(o.take[0])), ("buy", lambda o: o.take[0].index)):
        seen: dict = {}
        for o in options.others:
            if o.kind == kind:
                seen.setdefault(key(o), []).append(o)
        for opts in seen.values():
            card = opts[0].take[0]
            if kind == "cross":
                name = "jokers" if card.joker else card.rank.name_in("en") + "s"
                title = pick(lang, f"cross: {name}", f"поперечный ход: {_rank_word_ru(card)}")
            else:
                title = pick(lang, f"buy {format_card(card, 'en')}", f"взять {format_card(card, 'ru')}")
            groups.append((f"{title} ({len(opts)})", opts[:limit]))
    return groups


@dataclass(frozen=True)
class Exploration:
    """What the purchase explorer shows: the revealed cards, the field, the options and their groups."""

    revealed: tuple[Card, ...]
    field: tuple[Card, ...]
    options: OptionList
    groups: list[tuple[str, list[TurnOption]]]


def _read(text, what_en: str, what_ru: str, most: int) -> list[Card]:
    """Cards typed by a reader: the text's length is checked before it is read."""
    if not isinstance(text, str):
        raise OptionError(f"{what_en}: expected text", f"{what_ru}: ожидался текст")
    if len(text) > 8 * most + 16:
        raise OptionError(
            f"{what_en}: the text is too long ({len(text):,} characters) for at most {most} cards",
            f"{what_ru}: текст слишком длинный ({len(text):,} символов) для не больше чем {most} карт",
            rule="domimi.setup",
        )
    return list(parse_cards(text))


def explore(
    revealed: str, extra: str = "", *, decks: int = 1, stage: int = 2, field: str | None = None, lang: str = "en"
) -> Exploration:
    """The purchase explorer's answer for typed cards, bounded at the door by what the rules
    allow: at most :data:`MAX_REVEALED` revealed cards, ``decks`` from 1 to :data:`MAX_DECKS`,
    a field (``None``: every card of the decks not revealed) that the decks can hold.

    >>> e = explore("4♥ 10♠ 10♣")
    >>> len(e.field), e.options.count("buy")
    (51, 6)
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise OptionError(
            f"decks must be 1 to {MAX_DECKS}, not {decks!r:.20}",
            f"колод должно быть от 1 до {MAX_DECKS}, а не {decks!r:.20}",
        )
    cards = _read(revealed, "revealed cards", "открытые карты", MAX_REVEALED)
    cards += _read(extra, "cards revealed more", "открытые дополнительно", MAX_REVEALED)
    if len(cards) > MAX_REVEALED:
        raise _too_many_revealed(len(cards))
    cards_field = explorer_field(decks, cards)
    if field is not None:
        typed = _read(field, "field", "поле", decks * len(ALL_CARDS))
        extra_cards = Counter(typed) - Counter(cards_field)
        if extra_cards:
            shown = list(extra_cards)[:6]
            raise OptionError(
                f"{_decks_hold(decks)} no more {_fmt(shown, 'en', ' ')} for the field "
                "(the revealed cards are not on it)",
                f"{_in_decks(decks)} больше нет {_fmt(shown, 'ru', ' ')} для поля (открытых карт на поле нет)",
                rule="domimi.setup",
            )
        cards_field = sorted(typed, key=_sort_key)
    options = turn_options(cards, cards_field, stage=stage)
    return Exploration(tuple(cards), tuple(cards_field), options, option_groups(options, lang))


def worked_example(revealed: str, take: str, *, kind: str, decks: int = 1, stage: int = 2) -> TurnOption | None:
    """The option of ``kind`` that takes exactly ``take`` with these revealed cards on a full
    field (the source's worked examples), or None if the rules allow no such option.

    >>> worked_example("T♦ 2♦ 2♠", "3♦", kind="collect", stage=1).explain()  # an option: no player yet
    'A♦+2♦ = 3 = 3♦: collecting move'
    """
    wanted = Counter(parse_cards(take))
    found = explore(revealed, decks=decks, stage=stage)
    return next((o for o in found.options if o.kind == kind and Counter(o.take) == wanted), None)


_SUIT_ROWS = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)


def draw_field(field: list[Card], *, lang: str = "en", take=(), width: float = 30) -> str:
    """The field as a "battery": money cards as the body (a row per suit, A to 10), pictures as the cap.

    Each distinct card is drawn once with its count; the cards of ``take`` are highlighted.
    """
    counts, taken = Counter(field), Counter(take)
    cells, marks = {}, {}
    places = [((r, col), Card(Rank(col + 1), suit)) for r, suit in enumerate(_SUIT_ROWS) for col in range(13)]
    places += [((4, 0), RED_JOKER), ((4, 1), BLACK_JOKER)]
    for cell, card in places:
        if counts[card]:
            cells[cell] = card
        if taken[card]:
            marks[cell] = "take"
    picture = svg.grid(
        cells,
        5,
        13,
        lang=lang,
        highlight=marks,
        width=width,
        row_labels=[s.symbol for s in _SUIT_ROWS] + ["★"],
        col_labels=[Rank(r).symbol(lang) for r in range(1, 14)],
        title=pick(lang, f"field: {count(len(field), 'en')}", f"поле: {count(len(field), 'ru')}"),
    )
    multi = [f"{format_card(c, lang)}×{k}" for c, k in sorted(counts.items(), key=lambda x: x[0].index) if k > 1]
    note = f"<div class='domimi-counts'><small>{html.escape(' '.join(multi))}</small></div>" if multi else ""
    return f"<div class='domimi-battery'>{picture}{note}</div>"


def _rank_word_ru(card: Card) -> str:
    return "джокеры" if card.joker else card.rank.symbol("ru")
