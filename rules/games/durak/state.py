"""Durak's options, moves and state: the bout, throwing in, beating and taking, drawing up to six,
leaving, the fool; and the verdict, the rules of one move stated once."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from rules.cards import ALL_CARDS, Card, format_card
from rules.errors import IllegalAction, OptionError
from rules.game import Action, Result, State, check_options, option
from rules.games.durak.beats import (
    _RANK_KEY,
    _STRENGTH,
    _beat_row,
    _beat_rows,
    _code,
    beat_reason,
    game_deck,
    top_joker,
    trump_suits,
)
from rules.games.durak.texts import (
    DRAW_ORDERS,
    NEXT_LEADS,
    VARIANT_NAMES,
    Dealt,
    Discarded,
    Drew,
    GameOver,
    Left,
    Picked,
    format_cards_list,
)
from rules.lang import count, pick, player_name

HAND = 6
BOUT_LIMIT = 6
#: rating of one game (source): not the fool 2, draw 1, the fool 0
RATING = {"win": 2, "draw": 1, "fool": 0}


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
        return pick(
            lang,
            f"Player {self.player + 1} leads {self.card} against player {self.defender + 1}",
            f"Игрок {self.player + 1} ходит {format_card(self.card, 'ru')} под игрока {self.defender + 1}",
        )


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
        c, who = self.card, player_name(self.player, lang)
        if c.joker:
            what = pick(lang, "a joker matches the joker on the table", "джокер к джокеру на столе")
        else:
            what = pick(
                lang,
                f"the rank {c.rank} is already on the table",
                f"достоинство {c.rank.symbol('ru')} уже есть на столе",
            )
        if self.after_take:
            verb = pick(lang, "throws in to the taker", "подкидывает берущему")
        else:
            verb = pick(lang, "throws in", "подкидывает")
        return f"{who} {verb} {format_card(c, lang)}: {what}"


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
        who = pick(lang, "Player", "Игрок")
        return f"{who} {self.player + 1}: {beat_reason(self.attack, self.card, self.trump, lang)}"


@dataclass(frozen=True)
class Take(_Move):
    """The defender gives up and takes every card of the bout (after the others have added theirs)."""

    RULE: ClassVar[str] = "durak.take"

    def _does(self) -> str:
        return "takes"

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"Player {self.player + 1} does not beat the cards and takes them",
            f"Игрок {self.player + 1} не отбивается и забирает карты со стола",
        )


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
        who = player_name(self.player, lang)
        if self.after_take:
            return pick(lang, f"{who} throws in no more to the taker", f"{who} больше не подкидывает берущему")
        # said whether or not the cards are beaten yet (a lead, then nothing more to add): no «Бито» claimed
        return pick(lang, f"{who} throws in no more for now", f"{who} пока больше не подкидывает")


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
                f"в подкидного дурака играют от 2 до 4 игроков, а не {players}; "
                "в вариант с двумя джокерами — от 2 до 6",
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
        """What the verdict (:meth:`_ruling`) allows the player to move, in a stable order: each
        card of their hand in each kind of move their role has (a beat against each card of the
        bout), and the moves with no card.

        Each is the player to move's and names a card of their hand by construction, so of the
        ruling only the role's own part is asked, on the cards' codes: a lead is any card, a beat
        is :meth:`_beat_code`'s, a throw :meth:`_throw_code`'s (the parts :meth:`_ruling` asks
        too). Asking the whole ruling of each candidate made the moves three times slower."""
        phase = self.phase
        if phase == OVER:
            return []
        p = self.current_player
        hand = self.hands[p]
        if phase == ATTACK:
            d = self.defender
            return [_attack(p, c, d) for c in hand]
        if phase == DEFEND:
            trump, beat_code = self.trump, self._beat_code
            out: list[Action] = [
                _beat(p, a, c, trump) for a in self.table_attack for c in hand if beat_code(a, c) is None
            ]
            out.append(_TAKE[p])
            return out
        after = phase == ADD
        out = [_throw(p, c, after) for c in self._throwable(hand)]
        out.append(_PASS[after][p])
        return out

    def _beat_code(self, a: int, c: int) -> str | None:
        """Why card code ``c`` may not beat attack code ``a`` now: None if it may, "unbeaten" if
        ``a`` is not an unbeaten card of the bout, "weak" if ``c`` does not beat it (the beat oracle)."""
        attack = self.table_attack
        if a not in attack or self.table_defence[attack.index(a)] is not None:
            return "unbeaten"
        rows = _beat_rows(self.trump)
        row = rows[a] or _beat_row(rows, self.trump, a)
        return None if row[c] else "weak"

    def _throwable(self, cards: Iterable[int]) -> list[int]:
        """The throwing-in rule, stated once: the card codes of ``cards`` that may be added
        to the bout now, in their order: none once the bout holds its most cards, else those
        whose rank is on the table. The moves, the skipping of a player with nothing to add
        and the refusal (:meth:`_throw_code`) all ask it."""
        if len(self.table_attack) >= self.cap:
            return []
        ranks = self._ranks
        return [c for c in cards if _RANK_KEY[c] in ranks]

    def _throw_code(self, c: int) -> str | None:
        """Why card code ``c`` may not be thrown in now (:meth:`_throwable`): None if it
        may, else which of its two conditions fails: "full" (the bout holds its most cards;
        no card may be added) or "rank" (its rank is not on the table)."""
        if self._throwable((c,)):
            return None
        return "full" if len(self.table_attack) >= self.cap else "rank"

    def _can_throw(self, p: int) -> bool:
        return bool(self._throwable(self.hands[p]))

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
            self.record(Picked, d, len(cards))
        else:
            self.discard.extend(cards)
            self.discarded_yet = True
            self.record(Discarded, d, len(cards))
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
                self.record(Left, tuple(left))
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
        self.record(Drew, tuple(drawn))

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
            # the table's rules, known to everybody at it
            "options": {
                "deck": self.options.deck,
                "first_bout_five": self.options.first_bout_five,
                "draw_order": self.options.draw_order,
            },
            "bout_limit": self.bout_limit,
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
        """The rules of one action (:meth:`_ruling`), a refusal in words (:meth:`_words`)."""
        code = self._ruling(action)
        return None if code is None else self._words(code, action)

    def _ruling(self, action: Action) -> str | None:
        """The rules of one action, stated once: None if ``action`` may be played now, else the
        code of the rule it breaks, the plainest first. The moves are the candidates it allows
        (:meth:`legal_actions`); :meth:`_words` says a code in both languages.

        Who may act is decided before what they hold, so an action of a seat not to move is
        refused the same way whatever cards it names."""
        p, phase = action.player, self.phase
        if p != self.current_player:
            return self._not_yours(action)
        if not isinstance(action, Take | Pass) and _code(action.card) not in self.hands[p]:
            return "hold"
        if phase == ATTACK:  # the lead: any card, against the left-hand neighbour
            if not isinstance(action, Attack):
                return "lead_first"
            return None if action.defender == self.defender else "left"
        if isinstance(action, Attack):
            return "led"
        if phase == DEFEND:
            return self._defence_ruling(action)
        return self._throw_ruling(action)

    def _defence_ruling(self, action: Action) -> str | None:
        """:meth:`_ruling` of the defender's move: beat an unbeaten card (the beat oracle) or take."""
        if isinstance(action, Take):
            return None
        if not isinstance(action, Beat):
            return "beat_or_take"
        code = self._beat_code(_code(action.attack), _code(action.card))
        if code == "unbeaten":
            return code
        return "trump" if _code(action.trump) != self.trump else code

    def _throw_ruling(self, action: Action) -> str | None:
        """:meth:`_ruling` of throwing in (or adding to a taker's cards), or saying «Бито»."""
        if isinstance(action, Beat | Take):
            return "nothing_to_beat"
        if action.after_take != (self.phase == ADD):
            return "taking" if self.phase == ADD else "not_taking"
        if isinstance(action, Pass):
            return None
        return self._throw_code(_code(action.card))

    def _not_yours(self, action: Action) -> str:
        """The code of an action of a seat whose turn it is not: the plainest reason first."""
        p = action.player
        if (
            isinstance(action, ThrowIn)
            and p != self.defender
            and self.phase != ATTACK
            and self._throw_code(_code(action.card)) == "full"
        ):
            return "full"
        if isinstance(action, ThrowIn | Pass) and p == self.defender:
            return "defender_throws"
        if isinstance(action, Beat | Take) and p != self.defender:
            return "not_defender"
        return "turn"

    def _role(self) -> tuple[str, str]:
        return {
            ATTACK: ("to lead", "ходить"),
            THROW: ("to throw in or say «Бито»", "подкидывать или сказать «Бито»"),
            DEFEND: ("to beat or take", "отбиваться или брать"),
            ADD: ("to throw in to the taker or stop", "подкидывать берущему или закончить"),
        }[self.phase]

    def _words(self, code: str, action: Action) -> IllegalAction:
        """The refusal of a code of :meth:`_ruling`, in both languages, with its rule."""
        p, turn = action.player, self.current_player
        if code == "turn":
            role_en, role_ru = self._role()
            return IllegalAction(
                f"it is player {turn + 1}'s turn {role_en}, not player {p + 1}'s",
                f"сейчас очередь игрока {turn + 1} ({role_ru}), а не игрока {p + 1}",
                rule="durak.throw_in" if self.phase in (THROW, ADD) else "durak.attack",
            )
        if code == "full":
            return self._full(action.card)
        if code == "rank":
            return self._wrong_rank(action.card)
        if code == "weak":
            attack, card, trump = action.attack, action.card, self.trump_card
            return IllegalAction(
                beat_reason(attack, card, trump, "en"),
                beat_reason(attack, card, trump, "ru"),
                rule="durak.jokers" if card.is_joker or attack.is_joker else "durak.beat",
            )
        en, ru, rule = self._seat_words(code, action) or self._table_words(code, action)
        return IllegalAction(en, ru, rule=rule)

    def _seat_words(self, code: str, action: Action) -> tuple[str, str, str] | None:
        """(English, Russian, rule) of a code of :meth:`_ruling` about who does what; None for another code."""
        p, d = action.player, self.defender
        if code == "defender_throws":
            return (
                f"player {p + 1} is the defender, and the defender never throws in",
                f"игрок {p + 1} отбивается, а отбивающийся не имеет права подкидывать",
                "durak.throw_in",
            )
        if code == "not_defender":
            return (
                f"only the defender, player {d + 1}, beats or takes; not player {p + 1}",
                f"бьёт или берёт только отбивающийся, игрок {d + 1}, а не игрок {p + 1}",
                "durak.beat",
            )
        if code == "hold":
            card = action.card
            return (
                f"player {p + 1} does not hold {card}",
                f"у игрока {p + 1} нет карты {format_card(card, 'ru')}",
                "durak.attack",
            )
        if code == "lead_first":
            return (
                f"player {p + 1} must first lead a card (any card)",
                f"игрок {p + 1} должен сначала пойти любой картой",
                "durak.attack",
            )
        if code == "left":
            return (
                f"the attack goes to the left-hand neighbour, player {d + 1}",
                f"ходят под игрока слева — игрока {d + 1}",
                "durak.attack",
            )
        if code == "beat_or_take":
            return (
                f"player {p + 1} must beat the cards or take them",
                f"игрок {p + 1} должен отбиться или взять карты",
                "durak.beat",
            )
        return None

    def _table_words(self, code: str, action: Action) -> tuple[str, str, str]:
        """(English, Russian, rule) of a code of :meth:`_ruling` about the cards on the table."""
        turn = self.current_player
        if code == "led":
            return (
                "the bout has been led already: add cards by throwing in",
                "заход уже сделан: добавлять карты можно только подкидывая",
                "durak.throw_in",
            )
        if code == "unbeaten":
            attack, table = action.attack, self.table()
            onboard = format_cards_list([a for a, dfn in table if dfn is None])
            return (
                f"{attack} is not an unbeaten card on the table (unbeaten: {onboard[0]})",
                f"{format_card(attack, 'ru')} нет среди небитых карт на столе (небитые: {onboard[1]})",
                "durak.beat",
            )
        if code == "trump":
            trump, named = self.trump_card, action.trump
            return (
                f"the trump card of this game is {trump}, not {named}",
                f"козырь этой игры — {format_card(trump, 'ru')}, а не {format_card(named, 'ru')}",
                "durak.trump",
            )
        if code == "nothing_to_beat":
            role_en, role_ru = self._role()
            return (
                f"there is nothing to beat or take now; it is player {turn + 1}'s turn {role_en}",
                f"сейчас нечего бить или брать; очередь игрока {turn + 1} ({role_ru})",
                "durak.beat",
            )
        if code == "taking":
            return (
                "the defender is taking: throw in to them or stop",
                "отбивающийся берёт: подкидывайте ему или закончите",
                "durak.take",
            )
        if code == "not_taking":
            return (
                "nobody is taking now: throw in or say «Бито»",
                "сейчас никто не берёт: подкидывайте или скажите «Бито»",
                "durak.take",
            )
        raise ValueError(f"no words for the verdict {code!r}")

    def _wrong_rank(self, card: Card) -> IllegalAction:
        if card.is_joker:
            return IllegalAction(
                f"{card} cannot be thrown in: a joker has no rank and matches only the other joker on the table",
                f"{format_card(card, 'ru')} нельзя подкинуть: у джокера нет достоинства, "
                "его подкидывают только к другому джокеру",
                rule="durak.jokers",
            )
        ranks_en = " ".join(sorted({str(c.rank) for c, _ in self._table_cards() if not c.is_joker}))
        ranks_ru = " ".join(sorted({c.rank.symbol("ru") for c, _ in self._table_cards() if not c.is_joker}))
        return IllegalAction(
            f"{card} cannot be thrown in: only ranks already on the table may be added ({ranks_en})",
            f"{format_card(card, 'ru')} нельзя подкинуть: "
            f"подкидывают только карты того же достоинства, что на столе ({ranks_ru})",
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
