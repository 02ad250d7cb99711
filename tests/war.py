"""A tiny real game that proves the protocol in the tests only: high-card war.

Each player is dealt three cards from a shuffled 36-card pack; in turn each plays
one card to the trick; the highest rank (ace high; on equal ranks the first played)
takes the trick. After three tricks, the score is the number of cards taken.

It is built exactly as the book's games are (README: "add a game"): rules, options,
actions and notes, the state with its verdict (a ruling per candidate move, worded only
when it refuses), a hand-set position, set-ups and variants, a bot, what a simulation
measures, and last the declaration. Its app is ``tests/war_view.py``, its golden
transcript ``tests/golden/war.json``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card, Rank, deck, format_card, parse_card, parse_cards
from rules.errors import IllegalAction
from rules.game import Action, Game, GameInfo, Note, Result, Setup, State, Variant, check_options, make_options, option
from rules.lang import count, pick, player_name

HAND = 3


def _strength(card: Card) -> int:
    return 14 if card.rank == Rank.ACE else int(card.rank)


RULES = {"war.play": ("Playing a card", "Ход картой"), "war.trick": ("Taking the trick", "Взятка")}


@dataclass(frozen=True)
class Options:
    pack: int = option(36, "Pack", "Колода", choices=(36, 52))

    def __post_init__(self):
        check_options(self)


@dataclass(frozen=True)
class PlayCard(Action):
    card: Card = None
    RULE = "war.play"

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def explain(self, lang: str = "en") -> str:
        return pick(lang, "{} plays {}", "{} кладёт {}").format(
            player_name(self.player, lang), format_card(self.card, lang)
        )


@dataclass(frozen=True)
class TrickTaken(Note):
    player: int
    cards: int
    RULE = "war.trick"

    def explain(self, lang: str = "en") -> str:
        who, n = player_name(self.player, lang), count(self.cards, lang)
        return pick(lang, f"{who} takes the trick: {n}", f"{who} берёт взятку: {n}")


def _max_actions(state: WarState) -> int:
    return HAND * state.num_players


class WarState(State):
    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        cards = deck(options.pack)
        self.rng.shuffle(cards)
        self.hands = [sorted(cards[i * HAND : (i + 1) * HAND]) for i in range(players)]
        self.stock = cards[players * HAND :]
        self.trick: list[Card] = []
        self.won: list[list[Card]] = [[] for _ in range(players)]
        self.leader = 0
        self.turn = 0

    @property
    def current_player(self):
        return None if self.is_over() else self.turn

    def candidates(self):
        """What the player to move could try: each card of their hand (the verdict decides)."""
        return [PlayCard(self.turn, c) for c in dict.fromkeys(self.hands[self.turn])]

    def legal_actions(self):
        """The candidates the verdict allows (:meth:`_ruling`), in their order."""
        if self.is_over():
            return []
        return [action for action in self.candidates() if self._ruling(action) is None]

    def verdict(self, action):
        """The rules of one card played (:meth:`_ruling`), a refusal in words (:meth:`_words`)."""
        code = self._ruling(action)
        return None if code is None else self._words(code, action)

    def _ruling(self, action):
        """The rules of one card played, stated once: None if it may be played now, else the code of
        the rule it breaks, the plainest first (whose turn it is, then what the player holds)."""
        if action.player != self.turn:
            return "turn"
        if action.card not in self.hands[action.player]:
            return "hold"
        return None

    def _words(self, code, action):
        """The refusal of a code of :meth:`_ruling`, in both languages, with its rule."""
        if code == "turn":
            return self.refuse_turn(action, rule="war.play")
        return IllegalAction(
            f"player {action.player + 1} does not hold {format_card(action.card)}",
            f"у игрока {action.player + 1} нет карты {format_card(action.card, 'ru')}",
            rule="war.play",
        )

    def _play(self, action):
        self.hands[action.player].remove(action.card)
        self.trick.append(action.card)
        self.turn = (self.turn + 1) % self.num_players
        if len(self.trick) == self.num_players:
            best = max(range(len(self.trick)), key=lambda i: (_strength(self.trick[i]), -i))
            winner = (self.leader + best) % self.num_players
            self.won[winner] += self.trick
            self.record(TrickTaken(winner, len(self.trick)))
            self.trick = []
            self.leader = self.turn = winner

    def is_over(self):
        return not any(self.hands) and not self.trick

    def result(self):
        return Result.from_scores([len(w) for w in self.won])

    def view(self, player):
        return {
            "hand": [str(c) for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [str(c) for c in self.trick],
            "won": [[str(c) for c in w] for w in self.won],
            "turn": self.current_player,
        }

    def zones(self):
        z = {f"hand{p}": list(h) for p, h in enumerate(self.hands)}
        z.update({f"won{p}": list(w) for p, w in enumerate(self.won)})
        z["trick"], z["stock"] = list(self.trick), list(self.stock)
        return z

    def visible_zones(self, player):
        return {f"hand{player}", "trick"} | {f"won{p}" for p in range(self.num_players)}

    def cards_used(self):
        return deck(self.options.pack)


def position(hands: list[str], leader: int = 0, pack: int = 36) -> WarState:
    """A hand-set deal: ``hands[p]`` in notation; the rest of the pack is the stock."""
    state = WarState(make_options(Options, {"pack": pack}), len(hands), 0)
    held = [parse_cards(h) for h in hands]
    if any(len(h) != HAND for h in held):
        raise IllegalAction(f"each hand holds {HAND} cards", f"в каждой руке {HAND} карты", rule="war.play")
    state.hands = [sorted(h) for h in held]
    state.stock = [c for c in deck(pack) if c not in {c for h in held for c in h}]
    state.leader = state.turn = leader
    return state.started_by("position", hands=list(hands), leader=leader, pack=pack)


#: the teaching set-ups: the ace takes the trick; a tie goes to the card played first
SETUPS = {
    "ace_takes": Setup("The ace takes the trick", "Туз берёт взятку", lambda: position(["A♠ 6♠ 7♠", "K♥ Q♥ J♥"])),
    "tie": Setup(
        "A tie: the first card played",
        "Ничья: первая сыгранная карта",
        lambda: position(["9♠ 6♣ 7♣", "9♥ 6♦ 7♦"], leader=1),
    ),
}

#: options the conformance suite also plays
VARIANTS = (Variant(), Variant({"pack": 52}, players=(3,)))


# ---------------------------------------------------------------- the players


class HeuristicPlayer:
    """Takes the trick as cheaply as it can: it leads its highest card; following, it
    plays its lowest card that beats every card on the trick, or its lowest card if
    none does. It reads only its view (its hand and the trick)."""

    name = "heuristic"
    needs_view = True

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        by_strength = sorted(actions, key=lambda a: (_strength(a.card), a.card))
        trick = [parse_card(c) for c in view["trick"]]
        if not trick:
            return by_strength[-1]
        best = max(_strength(c) for c in trick)
        return next((a for a in by_strength if _strength(a.card) > best), by_strength[0])


def measure(state: WarState) -> dict:
    """What a simulation counts in a finished game: the winner (the first, on a tie)
    and the cards each seat took."""
    return {"winner": state.result().winners[0], "won": [len(w) for w in state.won]}


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("war", "High-card war", "Война", 2, 4, _max_actions),
    rules=RULES,
    options=Options,
    state=WarState,
    actions=(PlayCard,),
    factories={"position": position},
    setups=SETUPS,
    variants=VARIANTS,
    players={"heuristic": HeuristicPlayer},
    bot="heuristic",
    measure=measure,
    view="tests.war_view:WarView",
    painter="tests.war_paint:WarPainter",
)
new_game, from_json = GAME.new_game, GAME.from_json
