"""A tiny real game that proves the protocol in the tests only: high-card war.

Each player is dealt three cards from a shuffled 36-card pack; in turn each plays
one card to the trick; the highest rank (ace high; on equal ranks the first played)
takes the trick. After three tricks, the score is the number of cards taken.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from rules.cards import Card, Rank, deck, format_card, parse_cards
from rules.errors import IllegalAction
from rules.game import Action, GameInfo, Note, Result, State, check_options, load, option
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


def new_game(players: int = 2, seed: int = 0, **options) -> WarState:
    return WarState(Options(**options), players, seed)


def position(hands: list[str], leader: int = 0, pack: int = 36) -> WarState:
    """A hand-set deal: ``hands[p]`` in notation; the rest of the pack is the stock."""
    state = WarState(Options(pack=pack), len(hands), 0)
    held = [parse_cards(h) for h in hands]
    if any(len(h) != HAND for h in held):
        raise IllegalAction(f"each hand holds {HAND} cards", f"в каждой руке {HAND} карты", rule="war.play")
    state.hands = [sorted(h) for h in held]
    state.stock = [c for c in deck(pack) if c not in {c for h in held for c in h}]
    state.leader = state.turn = leader
    return state.started_by("position", hands=list(hands), leader=leader, pack=pack)


def from_json(text: str) -> WarState:
    return load(sys.modules[__name__], text)


FACTORIES = ("new_game", "position")

#: the teaching set-ups: the ace takes the trick; a tie goes to the card played first
SETUPS = {
    "ace_takes": lambda: position(["A♠ 6♠ 7♠", "K♥ Q♥ J♥"]),
    "tie": lambda: position(["9♠ 6♣ 7♣", "9♥ 6♦ 7♦"], leader=1),
}

INFO = WarState.INFO


# ---------------------------------------------------------------- its play app


def _view_class():
    """The war's play app: the whole game-specific part of a view is its table."""
    from rules import svg
    from widgets.game import GameView

    class WarView(GameView):
        GAME = sys.modules[__name__]

        def draw_table(self, state, viewer, fresh):
            marks = {i: "last" for i, c in enumerate(state.trick) if c in fresh}
            won = pick(self.lang, "cards won", "взято карт") + ": " + ", ".join(str(len(w)) for w in state.won)
            return svg.row(state.trick, lang=self.lang, highlight=marks, width=56) + f"<p>{won}</p>"

        def seat_role(self, state, seat):
            return pick(self.lang, "leads", "ходит первым") if seat == state.leader and not state.trick else ""

    return WarView


def __getattr__(name):
    if name == "WarView":  # built on first use, so the engine's tests need no widgets
        return _view_class()
    raise AttributeError(name)
