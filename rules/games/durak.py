"""Дурак (Durak): classic podkidnoy and the two-joker variant.

Sources: «подкидной дурак» (2-4 players, 36 cards) and «Дурак с двумя
Джокерами» (2-6 players, 36 or 52 cards and a red and a black joker); where the
texts are silent the rulings of the book's clarifications page decide.

One bout, as this engine plays it (players sit clockwise in seat order, so the
left-hand neighbour of seat ``p`` is ``p + 1``):

* the attacker leads any card to the left-hand neighbour, the defender;
* the throwing-in right goes to the first attacker, then to the others
  clockwise; whoever holds it adds cards whose rank is already on the table or
  says «Бито» ("beaten"); the defender never throws in;
* when the holder says «Бито» with unbeaten cards on the table, the defender
  beats them one by one (any unbeaten card first) or takes; once everything is
  beaten the throwing-in right starts again at the first attacker;
* a bout holds at most 6 attacking cards and never more than the defender held
  when the bout began (option: 5 until the first discard);
* when everybody has said «Бито» in turn with all cards beaten, the cards are
  discarded and the defender attacks next; after a take, the others may still
  add cards (each once, in the same order) and the player on the taker's left
  attacks next;
* everybody draws up to six (first attacker, the others clockwise, defender
  last; option: strict clockwise); with the deck empty a player without cards
  leaves; the last player holding cards is the fool, or the game is a draw.

A player with no card that may be added is skipped (his «Бито» is automatic).

>>> from rules.cards import parse_card as c
>>> beats(c("7♥"), c("9♥"), trump=c("6♠")), beats(c("A♥"), c("6♠"), trump=c("6♠"))
(True, True)
>>> beats(c("8♠"), c("8♣"), trump=c("BJ"))  # equal trumps never beat each other
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, partial
from typing import ClassVar

from rules.cards import ALL_CARDS, BLACK_JOKER, RED_JOKER, Card, Color, Rank, Suit, card_name, format_card
from rules.errors import IllegalAction, OptionError, check_lang
from rules.game import Action, Game, GameInfo, Note, Result, Setup, State, Variant, check_options, make_options, option
from rules.lang import count, pick, player_name

__all__ = [
    "GAME",
    "RULES",
    "VARIANTS",
    "Options",
    "DurakState",
    "Attack",
    "ThrowIn",
    "Beat",
    "Take",
    "Pass",
    "beats",
    "beat_reason",
    "beaters",
    "beat_table",
    "trump_suits",
    "top_joker",
    "is_trump",
    "strength",
    "game_deck",
    "new_game",
    "position",
    "from_json",
    "SETUPS",
    "HeuristicPlayer",
    "measure",
    "ordered_pack",
    "closest_in_pack",
    "Dealt",
    "Picked",
    "Discarded",
    "Drew",
    "Left",
    "GameOver",
    "HAND",
    "RATING",
]

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

HAND = 6
BOUT_LIMIT = 6
#: rating of one game (source): not the fool 2, draw 1, the fool 0
RATING = {"win": 2, "draw": 1, "fool": 0}

VARIANT_NAMES = {"classic": ("classic podkidnoy", "подкидной дурак"), "jokers": ("two jokers", "с двумя джокерами")}
DRAW_ORDERS = {
    "defender_last": ("defender draws last", "отбивавшийся берёт последним"),
    "clockwise": ("strictly clockwise", "строго по часовой"),
}
NEXT_LEADS = {"under": ("under the fool", "под дурака"), "from_under": ("from under the fool", "из-под дурака")}


# ---------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The variants of the sources.

    * ``variant``: ``"classic"`` (podkidnoy, 2-4 players, 36 cards) or ``"jokers"``
      (2-6 players, 36 or 52 cards plus the red and the black joker);
    * ``deck``: 36 (6..A) or 52 (2..A, jokers variant only);
    * ``first_bout_five``: at most 5 cards in a bout until the first discard;
    * ``draw_order``: ``"defender_last"`` (first attacker, the others clockwise,
      the defender last) or ``"clockwise"`` (strictly clockwise from the first
      attacker, as the two-joker text reads);
    * ``games``: how many games the match has (the rating adds up);
    * ``next_lead``: who leads in later games: ``"under"`` (the fool's right-hand
      neighbour attacks the fool, «под дурака») or ``"from_under"`` (the fool's
      left-hand neighbour leads, «из-под дурака»).
    """

    variant: str = option("classic", "Variant", "Вариант", choices=VARIANT_NAMES)
    deck: int = option(36, "Cards", "Карт", choices=(36, 52))
    first_bout_five: bool = option(False, "5 cards before the first discard", "5 карт до первого отбоя")
    draw_order: str = option("defender_last", "Drawing", "Добор", choices=DRAW_ORDERS)
    games: int = option(1, "Games in the match", "Игр в матче", low=1, high=100)
    next_lead: str = option("under", "Next games", "Дальше ходят", choices=NEXT_LEADS)

    def __post_init__(self):
        check_options(self)
        if self.deck == 52 and self.variant == "classic":
            raise OptionError(
                "classic podkidnoy is played with 36 cards; 52 cards only with the two jokers",
                "подкидной дурак играется колодой в 36 карт; 52 карты — только в варианте с двумя джокерами",
            )

    @property
    def max_players(self) -> int:
        return 4 if self.variant == "classic" else 6

    def cards(self) -> list[Card]:
        return game_deck(self.deck, jokers=self.variant == "jokers")


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
        "{d} does not beat {a}: the {c} joker led counts as a non-trump card above the ace; only a trump or the top joker beats it",
        "{d} не бьёт {a}: {cn} джокер при ходе считается некозырной картой старше туза; его бьёт только козырь или старший джокер",
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
    template = _REASONS[code][0 if lang == "en" else 1]
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


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class _Move(Action):
    """An action of Durak; its label is the seat and what the action does: "P1 leads 7♥", "P2 takes"."""

    @cached_property
    def label(self) -> str:
        return f"P{self.player + 1} {self._does()}"

    def _does(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Attack(_Move):
    """The lead of a bout: any card, against the defender."""

    card: Card = None
    defender: int = 0
    RULE: ClassVar[str] = "durak.attack"

    def _does(self) -> str:
        return f"leads {self.card}"

    def explain(self, lang: str = "en") -> str:
        if check_lang(lang) == "ru":
            return f"Игрок {self.player + 1} ходит {format_card(self.card, 'ru')} под игрока {self.defender + 1}"
        return f"Player {self.player + 1} leads {self.card} against player {self.defender + 1}"


@dataclass(frozen=True)
class ThrowIn(_Move):
    """A card added to the bout: its rank is already on the table (a joker matches only the other joker)."""

    card: Card = None
    after_take: bool = False

    @property
    def rule(self) -> str:
        return "durak.take" if self.after_take else "durak.throw_in"

    def _does(self) -> str:
        return f"{'adds' if self.after_take else 'throws in'} {self.card}"

    def explain(self, lang: str = "en") -> str:
        c = self.card
        if check_lang(lang) == "ru":
            what = "джокер к джокеру на столе" if c.joker else f"достоинство {c.rank.symbol('ru')} уже есть на столе"
            verb = "подкидывает берущему" if self.after_take else "подкидывает"
            return f"Игрок {self.player + 1} {verb} {format_card(c, 'ru')}: {what}"
        what = "a joker matches the joker on the table" if c.joker else f"the rank {c.rank} is already on the table"
        verb = "throws in to the taker" if self.after_take else "throws in"
        return f"Player {self.player + 1} {verb} {c}: {what}"


@dataclass(frozen=True)
class Beat(_Move):
    """The defender covers ``attack`` with ``card``; ``trump`` is the turned-up card (for the explanation)."""

    attack: Card = None
    card: Card = None
    trump: Card = None
    RULE: ClassVar[str] = "durak.beat"

    @property
    def rule(self) -> str:
        return "durak.jokers" if self.card.joker is not None or self.attack.joker is not None else "durak.beat"

    def _does(self) -> str:
        return f"beats {self.attack} with {self.card}"

    def explain(self, lang: str = "en") -> str:
        who = "Player" if check_lang(lang) == "en" else "Игрок"
        return f"{who} {self.player + 1}: {beat_reason(self.attack, self.card, self.trump, lang)}"


@dataclass(frozen=True)
class Take(_Move):
    """The defender gives up and takes every card of the bout (after the others have added theirs)."""

    RULE: ClassVar[str] = "durak.take"

    def _does(self) -> str:
        return "takes"

    def explain(self, lang: str = "en") -> str:
        if check_lang(lang) == "ru":
            return f"Игрок {self.player + 1} не отбивается и забирает карты со стола; остальные ещё могут подкинуть"
        return f"Player {self.player + 1} does not beat the cards and takes them; the others may still throw in"


@dataclass(frozen=True)
class Pass(_Move):
    """«Бито»: the holder of the throwing-in right adds no more cards now."""

    after_take: bool = False

    @property
    def rule(self) -> str:
        return "durak.take" if self.after_take else "durak.pass"

    def _does(self) -> str:
        return "adds no more" if self.after_take else "done"

    def explain(self, lang: str = "en") -> str:
        if check_lang(lang) == "ru":
            if self.after_take:
                return f"Игрок {self.player + 1} больше не подкидывает берущему"
            return f"Игрок {self.player + 1}: «Бито» — больше не подкидывает"
        if self.after_take:
            return f"Player {self.player + 1} throws in no more to the taker"
        return f'Player {self.player + 1} says «Бито» ("beaten"): they throw in no more now'


# ---------------------------------------------------------------- the state

ATTACK, THROW, DEFEND, ADD, OVER = range(5)
PHASES = ("attack", "throw", "defend", "add", "over")


def _max_actions(state: DurakState) -> int:
    return 5000 * state.options.games


class DurakState(State):
    def __init__(self, options: Options, players: int, seed: int, *, deal: bool = True):
        super().__init__(options, players, seed)
        if players > options.max_players:
            raise OptionError(
                f"classic podkidnoy is played by 2 to 4 players, not {players}; the two-joker variant by 2 to 6",
                f"в подкидного дурака играют от 2 до 4 игроков, а не {players}; в вариант с двумя джокерами — от 2 до 6",
            )
        self._pack = [_code(c) for c in options.cards()]
        self.scores = [0] * players
        #: per finished game: the fool's seat, or None for a draw
        self.fools: list[int | None] = []
        self.dealer = self.rng.randrange(players)
        if deal:
            self._deal(previous_fool=None)

    # ---- set-up of one game

    def _deal(self, previous_fool: int | None) -> None:
        n = self.num_players
        cards = list(self._pack)
        self.rng.shuffle(cards)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(HAND * n):  # one at a time, starting left of the dealer
            self.hands[(self.dealer + 1 + i) % n].append(cards[i])
        rest = cards[HAND * n :]
        # the next card is turned up and put under the deck: drawn last; deck[0] is the trump card
        self._lay(rest[0], [rest[0], *rest[:0:-1]], [])
        # who leads the game
        how = "lowest_trump"
        if previous_fool is not None:
            if self.options.next_lead == "under":
                attacker, how = (previous_fool - 1) % n, "under"
            else:
                attacker, how = (previous_fool + 1) % n, "from_under"
        else:
            attacker, low = None, None
            holders = []
            for p, hand in enumerate(self.hands):
                for c in hand:
                    card = ALL_CARDS[c]
                    if card.joker is None and card.suit in self._trump_suits:
                        s = _STRENGTH[c]
                        if low is None or s < low:
                            low, holders = s, [p]
                        elif s == low and p not in holders:
                            holders.append(p)
            if holders:
                attacker = holders[0] if len(holders) == 1 else self.rng.choice(holders)
                how = "lowest_trump" if len(holders) == 1 else "lowest_trump_lot"
            else:
                attacker, how = self.rng.randrange(n), "lot"
        self.lead_how = how
        self.record(Dealt(len(self.fools), self.dealer, ALL_CARDS[self.trump], attacker, how))
        self._start_bout(attacker)

    def _lay(self, trump: int, deck: list[int], discard: list[int]) -> None:
        """A game's cards in place: the trump card, the deck (drawn from the end), the discard pile."""
        self.trump = trump
        self.deck: list[int] = deck
        _beat_rows(trump)  # the beat table of this trump, kept for the process (not in the state)
        self._trump_suits = trump_suits(ALL_CARDS[trump])
        self.discard: list[int] = discard
        self.out = [False] * self.num_players
        self.out_order: list[int] = []
        self.discarded_yet = False
        self.table_attack: list[int] = []
        self.table_defence: list[int | None] = []
        self._ranks: set[int] = set()
        self._undefended = 0

    def _next_active(self, p: int) -> int:
        n = self.num_players
        for k in range(1, n + 1):
            q = (p + k) % n
            if not self.out[q]:
                return q
        return p

    def _start_bout(self, attacker: int) -> None:
        n = self.num_players
        self.attacker = attacker
        self.defender = d = self._next_active(attacker)
        limit = 5 if self.options.first_bout_five and not self.discarded_yet else BOUT_LIMIT
        self.bout_limit = limit
        self.cap = min(limit, len(self.hands[d]))
        self.order = [attacker] + [q for q in ((attacker + k) % n for k in range(1, n)) if q != d and not self.out[q]]
        self.ptr = 0
        self.phase = ATTACK

    # ---- the protocol

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == ATTACK:
            return self.attacker
        if phase == DEFEND:
            return self.defender
        if phase == OVER:
            return None
        return self.order[self.ptr]

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == ATTACK:
            p, d = self.attacker, self.defender
            return [_attack(p, c, d) for c in self.hands[p]]
        if phase == DEFEND:
            p = self.defender
            hand = self.hands[p]
            rows = _BEAT_CACHE[self.trump]
            trump = self.trump
            out = []
            cache = _CACHE
            for a, dfn in zip(self.table_attack, self.table_defence, strict=True):
                if dfn is None:
                    row = rows[a] or _beat_row(rows, trump, a)
                    base = ((p * 64 + a) * 64 + trump) * 64 + 1_000_000_000
                    for c in hand:
                        if row[c]:
                            act = cache.get(base + c)
                            out.append(act if act is not None else _beat(p, a, c, trump))
            out.append(_TAKE[p])
            return out
        if phase == OVER:
            return []
        p = self.order[self.ptr]
        after = phase == ADD
        throw = self._throw_code
        out = [_throw(p, c, after) for c in self.hands[p] if throw(c) is None]
        out.append(_PASS[after][p])
        return out

    def _throw_code(self, c: int) -> str | None:
        """The throwing-in rule for card code ``c``, stated once (the moves, the skipping of a
        player with nothing to add, and the refusal all ask it): None if it may be added,
        "full" if the bout holds its most cards, "rank" if its rank is not on the table."""
        if len(self.table_attack) >= self.cap:
            return "full"
        return None if _RANK_KEY[c] in self._ranks else "rank"

    def _can_throw(self, p: int) -> bool:
        throw = self._throw_code
        for c in self.hands[p]:  # noqa: SIM110 - a plain loop is faster than any() on the hot path
            if throw(c) is None:
                return True
        return False

    def _settle(self) -> None:
        """Skip players without a choice; end the bout when everybody is done."""
        while True:
            phase = self.phase
            if phase == THROW:
                if self.ptr >= len(self.order):
                    self._end_bout(taken=False)
                    return
                if self._can_throw(self.order[self.ptr]):
                    return
                if self._undefended:
                    self.phase = DEFEND
                    return
                self.ptr += 1
            elif phase == ADD:
                if self.ptr >= len(self.order):
                    self._end_bout(taken=True)
                    return
                if self._can_throw(self.order[self.ptr]):
                    return
                self.ptr += 1
            else:
                return

    def _place(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self.table_attack.append(c)
        self.table_defence.append(None)
        self._ranks.add(_RANK_KEY[c])
        self._undefended += 1

    def _play(self, action: Action) -> None:
        kind = type(action)
        if kind is Attack:
            self._place(action.player, _code(action.card))
            self.phase = THROW
            self.ptr = 0
        elif kind is ThrowIn:
            self._place(action.player, _code(action.card))
        elif kind is Pass:
            if self.phase == THROW and self._undefended:
                self.phase = DEFEND
                return
            self.ptr += 1
        elif kind is Beat:
            a, c = _code(action.attack), _code(action.card)
            self.hands[action.player].remove(c)
            i = self.table_attack.index(a)
            self.table_defence[i] = c
            self._ranks.add(_RANK_KEY[c])
            self._undefended -= 1
            if self._undefended:
                return
            self.phase = THROW
            self.ptr = 0
        elif kind is Take:
            self.phase = ADD
            self.ptr = 0
        else:  # pragma: no cover - apply() refuses anything else
            raise TypeError(f"not a durak action: {action!r}")
        self._settle()

    # ---- end of a bout, drawing, leaving, the end

    def _end_bout(self, taken: bool) -> None:
        d = self.defender
        cards = self.table_attack + [c for c in self.table_defence if c is not None]
        if taken:
            self.hands[d].extend(cards)
            self.record(Picked(d, len(cards)))
        else:
            self.discard.extend(cards)
            self.discarded_yet = True
            self.record(Discarded(d, len(cards)))
        self.table_attack, self.table_defence = [], []
        self._ranks = set()
        self._undefended = 0
        if self.deck:
            self._draw_up()
        # leaving
        left = []
        if not self.deck:
            for p in range(self.num_players):
                if not self.out[p] and not self.hands[p]:
                    self.out[p] = True
                    left.append(p)
            if left:
                self.out_order.extend(left)
                self.record(Left(tuple(left)))
        active = [p for p in range(self.num_players) if not self.out[p]]
        if len(active) <= 1:
            self._end_game(active[0] if active else None, left)
            return
        # after a take the taker's left-hand neighbour attacks; after a discard the defender
        attacker = d if not taken and not self.out[d] else self._next_active(d)
        self._start_bout(attacker)

    def _draw_up(self) -> None:
        """Everybody draws up to six: the first attacker, the others clockwise, the defender
        last (or strictly clockwise, as the option says)."""
        n, a, d = self.num_players, self.attacker, self.defender
        if self.options.draw_order == "clockwise":
            order = [(a + k) % n for k in range(n)]
        else:
            order = [(a + k) % n for k in range(n) if (a + k) % n != d] + [d]
        drawn = []
        deck = self.deck
        for p in order:
            if self.out[p]:
                continue
            hand = self.hands[p]
            k = 0
            while len(hand) < HAND and deck:
                hand.append(deck.pop())
                k += 1
            if k:
                drawn.append((p, k))
        self.record(Drew(tuple(drawn)))

    def _end_game(self, fool: int | None, last_out: list[int]) -> None:
        for p in range(self.num_players):
            if p == fool:
                continue
            self.scores[p] += RATING["draw"] if fool is None and p in last_out else RATING["win"]
        self.fools.append(fool)
        self.record(GameOver(fool, tuple(last_out)))
        if len(self.fools) < self.options.games:
            if fool is not None:
                self.dealer = fool
            else:
                self.dealer = (self.dealer + 1) % self.num_players
            self._deal(previous_fool=fool)
        else:
            self.phase = OVER

    # ---- results and views

    def result(self) -> Result:
        fool = self.fools[-1] if self.fools else None
        if self.options.games == 1:
            if fool is None:
                en, ru = "A draw: the last cards went out together.", "Ничья: последние карты вышли одновременно."
            else:
                en, ru = f"Player {fool + 1} is the fool.", f"Игрок {fool + 1} — дурак."
        else:
            en = "The fools, game by game: " + ", ".join(
                "a draw" if f is None else f"player {f + 1}" for f in self.fools
            )
            ru = "Дураки по играм: " + ", ".join("ничья" if f is None else f"игрок {f + 1}" for f in self.fools)
            en, ru = en + ".", ru + "."
        return Result.from_scores(self.scores, note_en=en, note_ru=ru)

    @property
    def trump_card(self) -> Card:
        """The turned-up card of the current game."""
        return ALL_CARDS[self.trump]

    @property
    def fool(self) -> int | None:
        """The fool of the last finished game (None: not finished or a draw)."""
        return self.fools[-1] if self.fools else None

    def hand(self, player: int) -> list[Card]:
        """Player's cards, sorted (trumps last, by strength)."""
        return [ALL_CARDS[c] for c in sorted(self.hands[player], key=self._sort_key)]

    def _sort_key(self, c: int) -> tuple:
        card = ALL_CARDS[c]
        if card.joker is not None:
            return (3, 1 if c == _code(top_joker(self.trump_card)) else 0, 0)
        return (1 if card.suit in self._trump_suits else 0, _STRENGTH[c], card.suit.value)

    def table(self) -> list[tuple[Card, Card | None]]:
        """The bout's cards: (attack, defence or None)."""
        return [
            (ALL_CARDS[a], None if d is None else ALL_CARDS[d])
            for a, d in zip(self.table_attack, self.table_defence, strict=True)
        ]

    def view(self, player: int) -> dict:
        trump = ALL_CARDS[self.trump]
        return {
            "player": player,
            "variant": self.options.variant,
            "games_played": len(self.fools),
            "games": self.options.games,
            "hand": [str(c) for c in self.hand(player)],
            "hand_sizes": [len(h) for h in self.hands],
            "out": list(self.out),
            "deck_count": len(self.deck),
            "trump_card": str(trump) if self.deck else None,
            "trump_suits": sorted(s.value for s in self._trump_suits),
            "top_joker": trump.color.value if self.options.variant == "jokers" else None,
            "table": [
                [str(ALL_CARDS[a]), None if d is None else str(ALL_CARDS[d])]
                for a, d in zip(self.table_attack, self.table_defence, strict=True)
            ],
            "attacker": self.attacker,
            "defender": self.defender,
            "phase": PHASES[self.phase],
            "turn": self.current_player,
            "cap": self.cap,
            "discard_count": len(self.discard),
            "scores": list(self.scores),
            "fools": list(self.fools),
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {f"hand{p}": [ALL_CARDS[c] for c in h] for p, h in enumerate(self.hands)}
        z["deck"] = [ALL_CARDS[c] for c in self.deck[1:]]
        z["trump"] = [ALL_CARDS[self.deck[0]]] if self.deck else []
        z["table"] = [ALL_CARDS[c] for c in self.table_attack] + [
            ALL_CARDS[c] for c in self.table_defence if c is not None
        ]
        z["discard"] = [ALL_CARDS[c] for c in self.discard]
        return z

    def visible_zones(self, player: int) -> set[str]:
        return {f"hand{player}", "trump", "table"}

    def cards_used(self) -> list[Card]:
        return self.options.cards()

    # ---- the verdict: the rules of one action, stated once

    def verdict(self, action: Action) -> IllegalAction | None:
        p = action.player
        if p != self.current_player:
            return self._not_yours(action)
        if isinstance(action, Attack | ThrowIn | Beat) and _code(action.card) not in self.hands[p]:
            return IllegalAction(
                f"player {p + 1} does not hold {action.card}",
                f"у игрока {p + 1} нет карты {format_card(action.card, 'ru')}",
                rule="durak.attack",
            )
        if self.phase == ATTACK:
            return self._lead_verdict(action)
        if isinstance(action, Attack):
            return IllegalAction(
                "the bout has been led already: add cards by throwing in",
                "заход уже сделан: добавлять карты можно только подкидывая",
                rule="durak.throw_in",
            )
        if self.phase == DEFEND:
            return self._defence_verdict(action)
        return self._throw_verdict(action)

    def _role(self) -> tuple[str, str]:
        return {
            ATTACK: ("to lead", "ходить"),
            THROW: ("to throw in or say «Бито»", "подкидывать или сказать «Бито»"),
            DEFEND: ("to beat or take", "отбиваться или брать"),
            ADD: ("to throw in to the taker or stop", "подкидывать берущему или закончить"),
        }[self.phase]

    def _not_yours(self, action: Action) -> IllegalAction:
        """An action of a player whose turn it is not: the plainest reason first."""
        p, turn = action.player, self.current_player
        if (
            isinstance(action, ThrowIn)
            and p != self.defender
            and self.phase != ATTACK
            and self._throw_code(_code(action.card)) == "full"
        ):
            return self._full(action.card)
        if isinstance(action, ThrowIn | Pass) and p == self.defender:
            return IllegalAction(
                f"player {p + 1} is the defender, and the defender never throws in",
                f"игрок {p + 1} отбивается, а отбивающийся не имеет права подкидывать",
                rule="durak.throw_in",
            )
        if isinstance(action, Beat | Take) and p != self.defender:
            return IllegalAction(
                f"only the defender, player {self.defender + 1}, beats or takes; not player {p + 1}",
                f"бьёт или берёт только отбивающийся, игрок {self.defender + 1}, а не игрок {p + 1}",
                rule="durak.beat",
            )
        role_en, role_ru = self._role()
        return IllegalAction(
            f"it is player {turn + 1}'s turn {role_en}, not player {p + 1}'s",
            f"сейчас очередь игрока {turn + 1} ({role_ru}), а не игрока {p + 1}",
            rule="durak.throw_in" if self.phase in (THROW, ADD) else "durak.attack",
        )

    def _lead_verdict(self, action: Action) -> IllegalAction | None:
        """The lead: any card, against the left-hand neighbour."""
        p = action.player
        if not isinstance(action, Attack):
            return IllegalAction(
                f"player {p + 1} must first lead a card (any card)",
                f"игрок {p + 1} должен сначала пойти любой картой",
                rule="durak.attack",
            )
        if action.defender != self.defender:
            return IllegalAction(
                f"the attack goes to the left-hand neighbour, player {self.defender + 1}",
                f"ходят под игрока слева — игрока {self.defender + 1}",
                rule="durak.attack",
            )
        return None

    def _defence_verdict(self, action: Action) -> IllegalAction | None:
        """The defender beats an unbeaten card (the beat oracle, :func:`beats`) or takes."""
        if isinstance(action, Take):
            return None
        if not isinstance(action, Beat):
            p = action.player
            return IllegalAction(
                f"player {p + 1} must beat the cards or take them",
                f"игрок {p + 1} должен отбиться или взять карты",
                rule="durak.beat",
            )
        table = self.table()
        if (action.attack, None) not in table:
            onboard = format_cards_list([a for a, d in table if d is None])
            return IllegalAction(
                f"{action.attack} is not an unbeaten card on the table (unbeaten: {onboard[0]})",
                f"{format_card(action.attack, 'ru')} нет среди небитых карт на столе (небитые: {onboard[1]})",
                rule="durak.beat",
            )
        if action.trump != self.trump_card:
            return IllegalAction(
                f"the trump card of this game is {self.trump_card}, not {action.trump}",
                f"козырь этой игры — {format_card(self.trump_card, 'ru')}, а не {format_card(action.trump, 'ru')}",
                rule="durak.trump",
            )
        if beats(action.attack, action.card, self.trump_card):
            return None
        return IllegalAction(
            beat_reason(action.attack, action.card, self.trump_card, "en"),
            beat_reason(action.attack, action.card, self.trump_card, "ru"),
            rule="durak.jokers" if action.card.is_joker or action.attack.is_joker else "durak.beat",
        )

    def _throw_verdict(self, action: Action) -> IllegalAction | None:
        """Throwing in (or adding to a taker's cards), or saying «Бито»."""
        phase = self.phase
        if isinstance(action, Beat | Take):
            role_en, role_ru = self._role()
            turn = self.current_player
            return IllegalAction(
                f"there is nothing to beat or take now; it is player {turn + 1}'s turn {role_en}",
                f"сейчас нечего бить или брать; очередь игрока {turn + 1} ({role_ru})",
                rule="durak.beat",
            )
        if action.after_take != (phase == ADD):
            if phase == ADD:
                en, ru = (
                    "the defender is taking: throw in to them or stop",
                    "отбивающийся берёт: подкидывайте ему или закончите",
                )
            else:
                en, ru = (
                    "nobody is taking now: throw in or say «Бито»",
                    "сейчас никто не берёт: подкидывайте или скажите «Бито»",
                )
            return IllegalAction(en, ru, rule="durak.take")
        if isinstance(action, Pass):
            return None
        code, card = self._throw_code(_code(action.card)), action.card
        if code == "full":
            return self._full(card)
        if code is None:
            return None
        if card.is_joker:
            return IllegalAction(
                f"{card} cannot be thrown in: a joker has no rank and matches only the other joker on the table",
                f"{format_card(card, 'ru')} нельзя подкинуть: у джокера нет достоинства, его подкидывают только к другому джокеру",
                rule="durak.jokers",
            )
        ranks_en = " ".join(sorted({str(c.rank) for c, _ in self._table_cards() if not c.is_joker}))
        ranks_ru = " ".join(sorted({c.rank.symbol("ru") for c, _ in self._table_cards() if not c.is_joker}))
        return IllegalAction(
            f"{card} cannot be thrown in: only ranks already on the table may be added ({ranks_en})",
            f"{format_card(card, 'ru')} нельзя подкинуть: подкидывают только карты того же достоинства, что на столе ({ranks_ru})",
            rule="durak.throw_in",
        )

    def _full(self, card: Card) -> IllegalAction:
        if self.cap < self.bout_limit:
            en = f"the defender held only {count(self.cap, 'en')} when the bout began"
            ru_ = f"у отбивающегося в начале кона было только {count(self.cap, 'ru', ru=('карта', 'карты', 'карт'))}"
        elif self.cap == 5:
            en, ru_ = "5 cards before the first discard", "до первого отбоя — не более 5 карт"
        else:
            en, ru_ = "at most 6 cards in a bout", "не более шести карт за один кон"
        return IllegalAction(
            f"{card} cannot be thrown in: the bout is full ({en})",
            f"{format_card(card, 'ru')} нельзя подкинуть: больше подкидывать нельзя ({ru_})",
            rule="durak.throw_in",
        )

    def _table_cards(self):
        for a, d in zip(self.table_attack, self.table_defence, strict=True):
            yield ALL_CARDS[a], None
            if d is not None:
                yield ALL_CARDS[d], None


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


# ---------------------------------------------------------------- action caches (the hot path)

_CACHE: dict[tuple, Action] = {}


def _attack(p: int, c: int, d: int) -> Attack:
    key = (0, p, c, d)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Attack(p, ALL_CARDS[c], d)
    return a


def _throw(p: int, c: int, after: bool) -> ThrowIn:
    key = (1, p, c, after)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = ThrowIn(p, ALL_CARDS[c], after)
    return a


def _beat(p: int, a: int, c: int, t: int) -> Beat:
    key = ((p * 64 + a) * 64 + t) * 64 + 1_000_000_000 + c
    act = _CACHE.get(key)
    if act is None:
        act = _CACHE[key] = Beat(p, ALL_CARDS[a], ALL_CARDS[c], ALL_CARDS[t])
    return act


_TAKE = [Take(p) for p in range(6)]
_PASS = {False: [Pass(p, False) for p in range(6)], True: [Pass(p, True) for p in range(6)]}


# ---------------------------------------------------------------- the module protocol


def position(
    hands: Sequence[str],
    trump: str,
    *,
    stock: str = "",
    attacker: int = 0,
    seed: int = 0,
    **options,
) -> DurakState:
    """A game set up by hand (worked examples, exercises, tests) with ``attacker`` to lead.

    ``hands[p]`` is player p's cards in notation; ``trump`` the turned-up card;
    ``stock`` the cards left to draw, from the top (the trump card lies under
    them; a stock of the trump card alone is the deck's last card). With an empty
    stock the trump card is in a hand or out of play. Every other card
    of the pack is out of play (discarded). The position saves, loads and undoes
    like a dealt game.

    >>> s = position(["7♥ 9♠", "8♥ 6♣"], "6♣")
    >>> [a.label for a in s.legal_actions()]
    ['P1 leads 7♥', 'P1 leads 9♠']
    """
    from rules.cards import parse_card, parse_cards

    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise OptionError("hands are a list, one text of cards per player", "руки — список, по строке карт на игрока")
    opts = make_options(Options, options)
    state = DurakState(opts, len(hands), seed, deal=False)
    if not isinstance(attacker, int) or isinstance(attacker, bool) or not 0 <= attacker < len(hands):
        raise OptionError(
            f"the attacker is a seat from 0 to {len(hands) - 1}, not {attacker!r:.20}",
            f"ходящий — место от 0 до {len(hands) - 1}, а не {attacker!r:.20}",
        )
    parsed = [[_code(c) for c in parse_cards(h)] for h in hands]
    if not all(parsed):
        raise OptionError("every player of a position holds a card", "в позиции у каждого игрока есть карты")
    trump_code = _code(parse_card(trump))
    rest = [_code(c) for c in parse_cards(stock)]
    pack = list(state._pack)
    if rest and rest[-1] == trump_code:
        rest.pop()  # given as the last card of the stock: where it lies anyway
    used = [c for h in parsed for c in h] + rest
    under = bool(rest) or stock.strip() != ""
    if under and trump_code in used:
        raise OptionError(
            f"the trump card {trump} lies under the stock, so it cannot be in a hand or in the stock",
            f"козырь {trump} лежит под колодой, поэтому его не может быть на руках или в колоде",
        )
    if under:
        used.append(trump_code)
    for c in used:
        if c not in pack:
            raise OptionError(
                f"{format_card(ALL_CARDS[c])} is not in this game's pack, or is given twice",
                f"карты {format_card(ALL_CARDS[c], 'ru')} нет в колоде этой игры, или она указана дважды",
            )
        pack.remove(c)
    state.hands = parsed
    state._lay(trump_code, [trump_code, *rest[::-1]] if under else [], pack)
    state.discarded_yet = not opts.first_bout_five
    state.lead_how = "set"
    state.record(Dealt(0, state.dealer, ALL_CARDS[trump_code], attacker, "set"))
    state._start_bout(attacker)
    return state.started_by(
        "position", hands=list(hands), trump=trump, stock=stock, attacker=attacker, seed=seed, **options
    )


#: options the conformance suite also plays
VARIANTS = (
    Variant(players=(2, 3, 4)),
    Variant({"variant": "jokers"}, players=(2, 3, 6)),
    Variant({"variant": "jokers", "deck": 52}, players=(2, 5)),
    Variant({"first_bout_five": True, "draw_order": "clockwise"}, players=(2, 3)),
    Variant({"games": 2, "next_lead": "from_under"}, players=(2,)),
    Variant({"variant": "jokers", "games": 2, "next_lead": "under"}, players=(3,)),
)

#: the book's teaching positions (the explorer and exercises pages): name -> (titles, position's arguments)
_POSITIONS = {
    "throw_in_and_beat": (
        ("Throwing in and beating, three players", "Подкидывание и отбивание, три игрока"),
        {"hands": ["7♥ 7♣ 8♣ K♥", "9♥ 10♣ 6♦ A♦", "9♣ 7♦ Q♥"], "trump": "6♠", "stock": "6♥ 8♥ 8♦ 9♦ J♦ Q♦ K♦ A♥"},
    ),
    "bout_cap": (
        ("No more cards than the defender holds", "Не больше карт, чем у отбивающегося"),
        {"hands": ["7♥ 7♣ 7♦ 10♠ J♦ K♦", "8♥ 9♣ 6♠"], "trump": "Q♠", "stock": "A♦ A♣"},
    ),
    "drawing_order": (
        ("The order of drawing", "Порядок добора"),
        {
            "hands": ["7♥ 6♣ A♣ A♥ A♦ K♣", "9♥ 10♣ J♣ Q♣ 6♦ K♥", "7♣ 8♣ 9♣ Q♥ J♥ 10♥"],
            "trump": "6♠",
            "stock": "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 8♥",
        },
    ),
    "taker_skipped": (
        ("The taker loses their turn to attack", "Взявший пропускает ход"),
        {
            "hands": ["Q♥ K♥ A♥", "7♥ 8♣ 9♣", "6♦ 7♦ J♠", "10♥ J♥ 8♥"],
            "trump": "6♠",
            "stock": "A♦ K♦ Q♦ J♦ 10♦ 9♦",
            "attacker": 1,
        },
    ),
    "last_cards": (
        ("The last cards: who is the fool", "Последние карты: кто дурак"),
        {"hands": ["7♥", "9♥"], "trump": "6♠"},
    ),
    "jokers": (
        ("The black joker turned up", "Козырь — чёрный джокер"),
        {"hands": ["8♠ RJ 9♣", "BJ 8♣ 7♦"], "trump": "BJ", "variant": "jokers"},
    ),
}
SETUPS = {name: Setup(*titles, partial(position, **args)) for name, (titles, args) in _POSITIONS.items()}


# ---------------------------------------------------------------- simulated games


def measure(state: DurakState) -> dict[str, int]:
    """What the statistics page counts in one finished game (for :func:`rules.simulate.simulate`).

    ``fool``: the fool's seat, -1 for a draw, -2 if the game had not ended at its
    action bound (the rules have no end for cards that go round for ever);
    ``first``: the first attacker; ``bouts`` and ``takes``; ``top_joker``: the seat
    dealt the top joker, -1 if it stayed in the stock or the variant has none.
    """
    start = state.restart()
    top = -1
    if start.options.variant == "jokers":
        code = _code(top_joker(start.trump_card))
        top = next((p for p, h in enumerate(start.hands) if code in h), -1)
    notes = [type(n) for n in state._story if isinstance(n, Note)]
    takes = notes.count(Picked)
    return {
        "fool": (-1 if state.fool is None else state.fool) if state.is_over() else -2,
        "first": start.attacker,
        "bouts": takes + notes.count(Discarded),
        "takes": takes,
        "top_joker": top,
    }


# ---------------------------------------------------------------- players


def _parse(text: str) -> Card:
    from rules.cards import parse_card

    return parse_card(text)


class HeuristicPlayer:
    """A sound simple player that reads only its view and the legal actions.

    Leads and throws in its cheapest cards (no trumps while the deck lasts), beats
    with the lowest card that beats, saves trumps and jokers, and takes when
    beating would cost too much (a high trump or a joker early in the game).
    """

    name = "heuristic"
    needs_view = True

    def __init__(self, take_threshold: int = 24):
        self.take_threshold = take_threshold

    def _cost(self, card: Card, view: dict) -> int:
        if card.joker is not None:
            return 60 if card.joker.value == view["top_joker"] else 35
        s = strength(card)
        return s + 20 if card.suit.value in view["trump_suits"] else s

    def choose(self, view: dict, actions: Sequence[Action], rng) -> Action:
        first = actions[0]
        cost = self._cost
        endgame = view["deck_count"] == 0
        if isinstance(first, Attack):
            return min(actions, key=lambda a: (cost(a.card, view), str(a.card)))
        if isinstance(first, Beat) or isinstance(actions[-1], Take):
            beats_ = [a for a in actions if isinstance(a, Beat)]
            take = actions[-1]
            unbeaten = [_parse(a) for a, d in view["table"] if d is None]
            if not beats_ or any(all(b.attack != c for b in beats_) for c in unbeaten):
                return take  # some card cannot be beaten at all
            # the cheapest way to cover the most expensive unbeaten card first
            target = max(unbeaten, key=lambda c: (cost(c, view), str(c)))
            options = [a for a in beats_ if a.attack == target]
            best = min(options, key=lambda a: (cost(a.card, view), str(a.card)))
            too_dear = cost(best.card, view) > self.take_threshold and view["deck_count"] > 6
            return take if too_dear and not endgame else best
        # throwing in or adding: cheap cards only, unless the deck is empty
        throws = [a for a in actions if isinstance(a, ThrowIn)]
        passing = actions[-1]
        if not throws:
            return passing
        best = min(throws, key=lambda a: (cost(a.card, view), str(a.card)))
        if cost(best.card, view) <= 11:
            return best
        # dear cards only when the stock is empty, and not always: deterministic players
        # who always throw everything in can pass the same cards round for ever
        if endgame and cost(best.card, view) <= 40 and (rng is None or rng.random() < 0.75):
            return best
        return passing


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("durak", "Durak", "Дурак", 2, 6, _max_actions),
    rules=RULES,
    options=Options,
    state=DurakState,
    actions=(Attack, ThrowIn, Beat, Take, Pass),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={"heuristic": HeuristicPlayer},
    bot="heuristic",
    measure=measure,
    view="widgets.games.durak:DurakGame",
)
new_game, from_json = GAME.new_game, GAME.from_json
