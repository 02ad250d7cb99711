"""A tiny real game that proves the protocol in the tests only: high-card war.

Each player is dealt three cards from a shuffled 36-card pack; in turn each plays
one card to the trick; the highest rank (ace high; on equal ranks the first played)
takes the trick. After three tricks, the score is the number of cards taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card, Rank, deck, format_card
from rules.errors import IllegalAction
from rules.game import Action, GameInfo, Result, State, replay

HAND = 3


def _strength(card: Card) -> int:
    return 14 if card.rank == Rank.ACE else int(card.rank)


@dataclass(frozen=True)
class Options:
    pack: int = 36


@dataclass(frozen=True)
class PlayCard(Action):
    card: Card = None
    RULE = "war.play"

    def explain(self, lang: str = "en") -> str:
        if lang == "ru":
            return f"игрок {self.player + 1} кладёт {format_card(self.card, 'ru')}"
        return f"player {self.player + 1} plays {self.card}"


class WarState(State):
    INFO = GameInfo("war", "High-card war", "Война", 2, 4, lambda s: HAND * s.num_players)

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

    def legal_actions(self):
        if self.is_over():
            return []
        return [PlayCard(self.turn, c) for c in dict.fromkeys(self.hands[self.turn])]

    def why_illegal(self, action):
        if isinstance(action, PlayCard) and not self.is_over() and action.player != self.turn:
            return IllegalAction(
                f"it is player {self.turn + 1}'s turn, not player {action.player + 1}'s",
                f"сейчас ход игрока {self.turn + 1}, а не игрока {action.player + 1}",
                rule="war.play",
            )
        return super().why_illegal(action)

    def _play(self, action):
        self.hands[action.player].remove(action.card)
        self.trick.append(action.card)
        self.turn = (self.turn + 1) % self.num_players
        if len(self.trick) == self.num_players:
            best = max(range(len(self.trick)), key=lambda i: (_strength(self.trick[i]), -i))
            winner = (self.leader + best) % self.num_players
            self.won[winner] += self.trick
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


def new_game(players: int = 2, seed: int = 0, **options) -> WarState:
    return WarState(Options(**options), players, seed)


def from_json(text: str) -> WarState:
    return replay(new_game, text)


INFO = WarState.INFO
