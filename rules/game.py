"""The protocol every game speaks, its players and playouts.

A game module ``rules.<id>`` provides:

* ``INFO``: a :class:`GameInfo` (names, player counts, a bound on the game length);
* ``Options``: a frozen dataclass of the source's variants;
* ``new_game(players=..., seed=..., **options) -> State``;
* ``from_json(text) -> State``;
* its ``State`` class, a subclass of :class:`State`, and its actions, subclasses of
  :class:`Action`.

A state holds one play-through: the options, the seed, its own ``random.Random``
and the history of actions. ``apply`` is the checked front door (an illegal
action raises :class:`IllegalAction` and changes nothing); ``_play`` is the fast
path for actions taken from ``legal_actions()`` and is used only by playouts.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from rules.cards import Card
from rules.errors import IllegalAction, OptionError, check_lang

__all__ = [
    "Action",
    "GameInfo",
    "Result",
    "State",
    "Player",
    "RandomPlayer",
    "playout",
    "from_json",
    "make_options",
]


@dataclass(frozen=True)
class GameInfo:
    """Facts a game declares about itself; the conformance suite checks them."""

    id: str
    name_en: str
    name_ru: str
    min_players: int
    max_players: int
    #: an upper bound on the number of actions of one game (for the given state's options)
    max_actions: Callable[[State], int]

    def name(self, lang: str = "en") -> str:
        return self.name_ru if check_lang(lang) == "ru" else self.name_en


@dataclass(frozen=True)
class Action:
    """One decision of one player. Subclasses are frozen dataclasses.

    ``label`` is unique among the legal actions of a state and stable, so a
    history of labels replays a game; ``rule`` is the id of the rule that allows
    the action (an anchor of the book); ``explain(lang)`` is one sentence.
    """

    player: int

    #: default rule id of the action's class; an action may override ``rule``
    RULE: ClassVar[str] = ""

    @property
    def rule(self) -> str:
        return self.RULE

    @property
    def label(self) -> str:
        """A short stable text naming the action (English notation)."""
        return self.explain("en")

    def explain(self, lang: str = "en") -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores[p]`` is player p's score; ``places[p]`` is 1 for the winners, and
    players with equal standing share a place. ``note_en``/``note_ru`` say how the
    game ended when that is worth saying (a round limit, a draw).
    """

    scores: tuple[float, ...]
    places: tuple[int, ...]
    note_en: str = ""
    note_ru: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(p for p, place in enumerate(self.places) if place == 1)

    def note(self, lang: str = "en") -> str:
        return self.note_ru if check_lang(lang) == "ru" else self.note_en

    @classmethod
    def from_scores(cls, scores: Sequence[float], *, higher_is_better: bool = True, **notes) -> Result:
        """Places from scores: equal scores share a place (1, 1, 3, ...)."""
        key = [s if higher_is_better else -s for s in scores]
        places = tuple(1 + sum(1 for other in key if other > mine) for mine in key)
        return cls(tuple(scores), places, **notes)


def make_options(options_cls: type, given: dict[str, Any]):
    """Build a game's Options from keyword arguments, refusing unknown names."""
    names = {f.name for f in dataclasses.fields(options_cls)}
    unknown = sorted(set(given) - names)
    if unknown:
        raise OptionError(
            f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(names))}",
            f"неизвестные параметры {', '.join(unknown)}; известны: {', '.join(sorted(names))}",
        )
    return options_cls(**given)


class State(ABC):
    """One play-through of a game. Subclasses write only their rules.

    Subclasses set ``INFO`` and implement ``current_player``, ``legal_actions``,
    ``_play``, ``is_over``, ``result``, ``view``, ``zones`` and
    ``visible_zones``; they may refine ``why_illegal`` to say which rule forbids
    an action.
    """

    INFO: ClassVar[GameInfo]

    def __init__(self, options: Any, players: int, seed: int):
        info = self.INFO
        if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise OptionError(
                f"{info.name_en} is played by {info.min_players} to {info.max_players} players, not {players!r}",
                f"в «{info.name_ru}» играют от {info.min_players} до {info.max_players} игроков, а не {players!r}",
            )
        self.options = options
        self.num_players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []

    # ---- the protocol

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action in a stable order; empty exactly when the game is over."""

    @abstractmethod
    def _play(self, action: Action) -> None:
        """Carry out an action known to be legal (fast path; no checks)."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Scores and places; only for a finished game."""

    @abstractmethod
    def view(self, player: int) -> dict:
        """What ``player`` may see, as JSON-ready data (cards as notation strings)."""

    @abstractmethod
    def zones(self) -> dict[str, list[Card]]:
        """Every card of the game by zone (hands, piles, table...): together, the decks used."""

    @abstractmethod
    def visible_zones(self, player: int) -> set[str]:
        """Names of the zones whose cards ``player`` may see."""

    @abstractmethod
    def cards_used(self) -> list[Card]:
        """The packs this game was set up with (``zones()`` always holds exactly these)."""

    def why_illegal(self, action: Action) -> IllegalAction:
        """The error for an action that is not legal now; games say which rule forbids it."""
        if self.is_over():
            return IllegalAction("the game is over", "игра окончена", rule="end")
        return IllegalAction(
            f"{action} is not a legal action now",
            f"«{action.explain('ru') if isinstance(action, Action) else action}» сейчас не разрешено",
        )

    # ---- the checked front door

    def apply(self, action: Action) -> None:
        """Carry out ``action`` if legal; otherwise raise IllegalAction and change nothing."""
        if action not in self.legal_actions():
            raise self.why_illegal(action)
        self._play(action)
        self.history.append(action)

    def apply_label(self, label: str) -> Action:
        """Carry out the legal action whose label is ``label`` and return it."""
        for action in self.legal_actions():
            if action.label == label:
                self.apply(action)
                return action
        raise IllegalAction(
            f"no legal action is labelled {label!r}",
            f"нет разрешённого хода с меткой «{label}»",
        )

    def clone(self) -> State:
        return copy.deepcopy(self)

    # ---- saving and replaying

    def to_json(self) -> str:
        """The game as JSON: id, options, players, seed and the labels of its actions."""
        return json.dumps(
            {
                "game": self.INFO.id,
                "players": self.num_players,
                "seed": self.seed,
                "options": _jsonable(dataclasses.asdict(self.options)),
                "history": [a.label for a in self.history],
            },
            ensure_ascii=False,
        )

    def replay_key(self) -> str:
        """Everything that defines the state: equal keys mean equal states."""
        return json.dumps(
            {
                "zones": {k: [str(c) for c in v] for k, v in sorted(self.zones().items())},
                "views": [self.view(p) for p in range(self.num_players)],
                "current": self.current_player,
                "history": [a.label for a in self.history],
                "rng": self.rng.getstate()[1][:8],
            },
            ensure_ascii=False,
            sort_keys=True,
            default=str,
        )


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Card):
        return str(value)
    if hasattr(value, "value") and not isinstance(value, int | float | str | bool):
        return value.value  # enums
    return value


def from_json(text: str) -> State:
    """Restore any game saved with ``State.to_json`` by replaying its actions."""
    from rules import GAMES

    data = json.loads(text)
    game = data.get("game")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} in saved data; known: {', '.join(sorted(GAMES))}")
    return GAMES[game].from_json(text)


def replay(new_game: Callable[..., State], text: str) -> State:
    """Helper for games' ``from_json``: new game from the saved set-up, then every action."""
    data = json.loads(text)
    state = new_game(players=data["players"], seed=data["seed"], **data["options"])
    for label in data["history"]:
        state.apply_label(label)
    return state


# ---------------------------------------------------------------- players


class Player(Protocol):
    """A player decides from its own view and the legal actions only."""

    name: str

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]


def playout(
    state: State,
    players: Sequence[Player] | None = None,
    *,
    seed: int = 0,
    max_actions: int | None = None,
) -> State:
    """Play ``state`` to the end (in place) and return it.

    ``players[p]`` decides for seat p (default: random players); ``seed`` seeds
    the players' own choices, separately from the game's chance.
    """
    players = players or [RandomPlayer()] * state.num_players
    rng = random.Random(seed)
    limit = max_actions if max_actions is not None else state.INFO.max_actions(state)
    for _ in range(limit):
        if state.is_over():
            return state
        p = state.current_player
        actions = state.legal_actions()
        view = state.view(p) if getattr(players[p], "needs_view", True) else {}
        action = players[p].choose(view, actions, rng)
        state._play(action)
        state.history.append(action)
    if not state.is_over():
        raise RuntimeError(f"{state.INFO.id}: game not over after {limit} actions")
    return state
