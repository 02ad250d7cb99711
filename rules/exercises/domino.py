"""SKIP-6 Domino exercises: where a card may go, which cards of a hand can be laid, what goes next.

Tables are built by laying cards with :class:`rules.domino.Table` (each step one of
:meth:`~rules.domino.Table.next_cards`); answers come from ``Table.options`` and
``Table.next_cards``, and the reason a place is refused is ``Table.why``.
"""

from __future__ import annotations

import functools
import random

from rules import domino as dm
from rules import svg
from rules.cards import Card, deck, format_card
from rules.exercises.coached import best_move_kind
from rules.exercises.core import Bi, Choice, card_choices, cards_bi, kind, picture, yes_no
from rules.lang import count as count_of
from rules.lang import plural_ru

_WHERE_WORDS = {
    "left": Bi("left of the last card", "слева от последней карты"),
    "right": Bi("right of the last card", "справа от последней карты"),
    "up": Bi("above the last card", "над последней картой"),
    "down": Bi("below the last card", "под последней картой"),
}
_PLACES = ("left", "right", "up", "down")


def _table(rng: random.Random, difficulty: int) -> dm.Table:
    """A trick's table after a few legal cards: 3-4, 5-7 or 8-12 of them, 52 cards at difficulty 3."""
    table = dm.Table(deck_size=52 if difficulty == 3 else 36)
    table.play(rng.choice(deck(table.deck_size)), "first")
    lo, hi = {1: (3, 4), 2: (5, 7), 3: (8, 12)}[difficulty]
    for _ in range(rng.randint(lo, hi) - 1):
        moves = table.next_cards()
        if not moves:
            break
        # changing rows is what the rules make hard: favour it
        ups = [m for m in moves if m[1] in ("up", "down")]
        card, where = rng.choice(ups if ups and rng.random() < 0.6 else moves)
        table.play(card, where)
    return table


def _free_cards(table: dm.Table) -> list[Card]:
    return [c for c in deck(table.deck_size) if c not in table.cards]


def _near(table: dm.Table, rng: random.Random) -> Card:
    """A card worth asking about: one that may go, or one of the last card's suit or rank that may not."""
    last = table.last
    free = _free_cards(table)
    playable = [c for c, _ in table.next_cards()]
    near = [c for c in free if (c.suit == last.suit or c.rank == last.rank) and c not in playable]
    pool = playable if playable and (rng.random() < 0.5 or not near) else near or free
    return rng.choice(pool)


def _drawing(table: dm.Table, hand=()):
    def draw(lang):
        out = dm.draw_table(table, lang=lang, width=34)
        return out + (svg.row(hand, lang=lang, width=48) if hand else "")

    return picture(draw)


_STEP = {
    "first": Bi("", ""),
    "left": Bi(" to the left", " слева"),
    "right": Bi(" to the right", " справа"),
    "up": Bi(" above", " сверху"),
    "down": Bi(" below", " снизу"),
}


def _laid(table: dm.Table) -> Bi:
    steps = [Bi(str(c), format_card(c, "ru")) + _STEP[w] for c, w in table.moves]
    return Bi(
        f"Laid in this trick, each next to the one before: {Bi.join(steps, ', ').en}; the last card is {table.last}.",
        f"Выложено в этой взятке, каждая рядом с предыдущей: {Bi.join(steps, ', ').ru}; "
        f"последняя карта — {format_card(table.last, 'ru')}.",
    )


def _moves(table: dm.Table) -> tuple[str, str]:
    """The table as data: ``card where`` pairs, for :meth:`rules.domino.Table.from_moves`."""
    return "moves", ", ".join(f"{c} {w}" for c, w in table.moves)


def _may(card: Card, where: str) -> Bi:
    return Bi(
        f"{card} may go {_WHERE_WORDS[where].en}", f"{format_card(card, 'ru')} можно положить {_WHERE_WORDS[where].ru}"
    )


def _refusal(table: dm.Table, card: Card, where: str) -> Bi:
    error = table.why(card, where)
    return _may(card, where) if error is None else Bi.of(error)


def _closest_refusal(table: dm.Table, card: Card) -> Bi:
    """Why a card goes nowhere, asked at the place a reader would try first."""
    last = table.last
    where = "up"
    if card.suit is last.suit:
        where = "left" if table.column(card) < table.column(last) else "right"
    return _refusal(table, card, where)


@kind("domino.where", "Where may this card go?", "Куда можно положить карту?", "pick")
def where(rng: random.Random, difficulty: int) -> dict:
    table = _table(rng, difficulty)
    card = _near(table, rng)
    good = [w for w in _PLACES if w in table.options(card)]
    choices = tuple(Choice(w, _WHERE_WORDS[w]) for w in _PLACES)
    return dict(
        question=_laid(table)
        + Bi(
            f" Where may {card} go? (Tick none if nowhere.)",
            f" Куда можно положить {format_card(card, 'ru')}? (Если никуда — ничего не отмечайте.)",
        ),
        rule="domino.rows" if any(w in ("up", "down") for w in good) else "domino.place",
        solution=tuple(good),
        solution_text=Bi.join([_WHERE_WORDS[w] for w in good], ", ") if good else Bi("nowhere", "никуда"),
        choices=choices,
        picture=_drawing(table, [card]),
        reasons=tuple((w, _refusal(table, card, w)) for w in _PLACES),
        data=(("card", str(card)), _moves(table)),
    )


@kind("domino.playable", "Which cards can be laid?", "Какие карты можно положить?", "pick")
def playable(rng: random.Random, difficulty: int) -> dict:
    table = _table(rng, difficulty)
    free = _free_cards(table)
    nexts = list(dict.fromkeys(c for c, _ in table.next_cards()))
    size = 4 + difficulty
    some = rng.sample(nexts, min(len(nexts), rng.randint(0, 2)))
    near = [c for c in free if c not in nexts and (c.suit == table.last.suit or c.rank == table.last.rank)]
    hand = some + rng.sample(near, min(len(near), 2))
    hand += rng.sample([c for c in free if c not in hand], size - len(hand))
    hand.sort()
    good = [c for c in hand if table.options(c)]
    reasons = []
    for c in hand:
        opts = [w for w in _PLACES if w in table.options(c)]
        reasons.append((str(c), _may(c, opts[0]) if opts else _closest_refusal(table, c)))
    return dict(
        question=_laid(table)
        + Bi(
            " Pick every card of your hand that you may lay now (none: you pass).",
            " Выберите все карты руки, которые можно положить сейчас (если ни одной — пас).",
        ),
        rule="domino.pass" if not good else "domino.place",
        solution=tuple(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none: pass", "ни одной: пас")),
        choices=card_choices(hand),
        picture=_drawing(table, hand),
        reasons=tuple(reasons),
        data=(_moves(table),),
    )


@kind("domino.next", "Which cards go there?", "Какие карты туда ложатся?", "cards")
def next_cards(rng: random.Random, difficulty: int) -> dict:
    table = _table(rng, difficulty)
    moves = table.next_cards()
    places = [w for w in _PLACES if any(m[1] == w for m in moves)] or list(_PLACES)
    place = rng.choice(places)
    good = sorted({c for c, w in moves if w == place})
    return dict(
        question=_laid(table)
        + Bi(
            f" Type every card of the deck that may go {_WHERE_WORDS[place].en} (leave empty if none).",
            f" Запишите все карты колоды, которые можно положить {_WHERE_WORDS[place].ru} (пусто, если таких нет).",
        ),
        rule="domino.rows" if place in ("up", "down") else "domino.place",
        solution=" ".join(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none", "никакие")),
        picture=_drawing(table),
        data=(("place", place), _moves(table)),
    )


@kind("domino.legal", "May it go there?", "Можно ли туда?", "choose")
def legal(rng: random.Random, difficulty: int) -> dict:
    table = _table(rng, difficulty)
    card = _near(table, rng)
    opts = table.options(card)
    place = rng.choice(sorted(opts)) if opts and rng.random() < 0.5 else rng.choice(_PLACES)
    allowed = place in opts
    choices, solution = yes_no(allowed)
    why = _refusal(table, card, place)
    return dict(
        question=_laid(table)
        + Bi(
            f" May {card} go {_WHERE_WORDS[place].en}?",
            f" Можно ли положить {format_card(card, 'ru')} {_WHERE_WORDS[place].ru}?",
        ),
        rule="domino.rows" if place in ("up", "down") else "domino.place",
        solution=solution,
        solution_text=Bi("yes" if allowed else "no", "да" if allowed else "нет") + Bi(": ", ": ") + why,
        choices=choices,
        picture=_drawing(table, [card]),
        reasons=(("yes", why), ("no", why)),
        data=(("card", str(card)), ("place", place), _moves(table)),
    )


@kind("domino.count", "How many cards can follow?", "Сколько карт может лечь следующей?", "number")
def count(rng: random.Random, difficulty: int) -> dict:
    table = _table(rng, difficulty)
    cards = sorted({c for c, _ in table.next_cards()})
    return dict(
        question=_laid(table)
        + Bi(
            f" How many cards of the {table.deck_size}-card deck could be laid next?",
            f" Сколько карт колоды из {table.deck_size} листов могут лечь следующими?",
        ),
        rule="domino.place",
        solution=len(cards),
        solution_text=Bi(f"{len(cards)}: ", f"{len(cards)}: ") + cards_bi(cards),
        picture=_drawing(table),
        data=(_moves(table),),
        reasons=(("why", Bi("the cards that may follow: ", "следующими могут лечь: ") + cards_bi(cards)),),
    )


# ---------------------------------------------------------------- the best move here, by the coach


def _scene(state, seat: int) -> tuple[Bi, Bi]:
    """The trick on the table as it is laid out, the seat's hand below it."""
    hand = list(state.hands[seat])
    n = sum(len(h) for p, h in enumerate(state.hands) if p != seat)
    words = Bi(
        f" The other player holds {count_of(n)}; the cards of this trick are laid out above your hand.",
        f" У другого игрока {n} {plural_ru(n, 'карта', 'карты', 'карт')}; карты этой взятки выложены над вашей рукой.",
    )
    if not state.table.moves:
        return words, picture(lambda lang: svg.row(hand, lang=lang, width=48))
    return words, _drawing(state.table, hand)


#: the book's bot imagining two deals a move, not eight: the seeded games are played four times as fast
best_move_kind(
    "domino",
    playouts=120,
    moves={1: (2, 3), 2: (2, 6), 3: (2, 12)},
    scene=_scene,
    bot=functools.partial(dm.HeuristicPlayer, samples=2),
)
