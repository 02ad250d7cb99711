"""The protocol every game speaks, its declaration, its players and playouts.

A game module ``rules.<id>`` holds only its rules: its ``Options`` (a frozen
dataclass of the source's variants), its ``State`` class (a subclass of
:class:`State`), its actions (subclasses of :class:`Action`) and notes (of
:class:`Note`), its hand-set positions and bots, and ends with one declaration,
``GAME = Game(...)`` (see :class:`Game`), from which the core supplies
``new_game``, ``from_json``, undo, saving and the registry :data:`GAMES`.

A state holds one play-through: the options, the seed, its own ``random.Random``
and the history of actions. ``apply`` is the checked front door (an illegal
action raises :class:`IllegalAction` and changes nothing); ``_play`` is the fast
path for actions taken from ``legal_actions()`` and is used only by playouts.

The machinery every game shares lives here, so a game writes only its rules:

* the log: the base records every action; a game's ``_play`` records the
  consequences (:class:`Note` objects) with :meth:`State.record`; :meth:`State.log`
  tells the story in either language;
* undo and saving: a state remembers its origin (``new_game`` or a hand-set
  position made by one of the game's ``factories``) and rebuilds from it
  (:meth:`State.undo`, :meth:`State.to_json`, :func:`load`);
* copies: :meth:`State.clone` copies every attribute all the way down, sharing only
  frozen values (:func:`fresh_copy`), so a game declares nothing about copying;
* options with their labels and bounds (:func:`option`, :func:`check_options`);
* the bots loop (:func:`play_bots`) and playouts (:func:`playout`).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import json
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, Protocol

from rules.cards import Card
from rules.errors import IllegalAction, OptionError, RulesError, SaveError, check_lang
from rules.errors import excerpt as _excerpt
from rules.lang import pick

__all__ = [
    "GAMES",
    "Action",
    "Game",
    "GameInfo",
    "LogEntry",
    "Note",
    "Result",
    "Setup",
    "State",
    "Variant",
    "Player",
    "RandomPlayer",
    "check_options",
    "from_json",
    "load",
    "make_options",
    "option",
    "play_bots",
    "playout",
    "register",
]

#: the version of the save format :meth:`State.to_json` writes
SAVE_FORMAT = 2
#: a save longer than this is refused before it is read
MAX_SAVE_CHARS = 2_000_000
#: a history label longer than this is no label of any game
MAX_LABEL_CHARS = 300


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
    #: the player count of ``new_game()`` without one (default: the fewest players)
    default_players: int | None = None

    def __post_init__(self):
        if self.default_players is None:
            object.__setattr__(self, "default_players", self.min_players)

    def name(self, lang: str = "en") -> str:
        return pick(lang, self.name_en, self.name_ru)


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
    # Two facts every action answers, which a game's action class declares as fields when it has
    # them. They are left unannotated here: an annotation would make them (class) fields of the
    # base, and a subclass's field of the same name would then take the base's place in the
    # order of its fields, changing what its positional arguments mean.
    #: ``Card | None``: the one card the action names (played, taken, laid off), if any
    card = None
    #: ``tuple[Card, ...] | None``: the cards the action plays together (a meld, a collection),
    #: if it plays several; None for an action class with no such field
    cards = None

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
        return pick(lang, self.note_en, self.note_ru)

    @classmethod
    def from_scores(cls, scores: Sequence[float], *, higher_is_better: bool = True, **notes) -> Result:
        """Places from scores: equal scores share a place (1, 1, 3, ...)."""
        key = [s if higher_is_better else -s for s in scores]
        places = tuple(1 + sum(1 for other in key if other > mine) for mine in key)
        return cls(tuple(scores), places, **notes)


@dataclass(frozen=True)
class Note:
    """Something that happens without a decision: cards drawn, a trick taken, a score.

    A game's ``_play`` records its notes with :meth:`State.record`; like an
    action, a note knows its rule (``RULE``, the book's anchor) and tells itself
    in one sentence (``explain(lang)``). A note about one player has a
    ``player`` field.
    """

    RULE: ClassVar[str] = ""

    @property
    def rule(self) -> str:
        return self.RULE

    def explain(self, lang: str = "en") -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's story: a sentence, the rule behind it, who, and when."""

    text: str
    rule: str
    player: int | None
    #: the number of actions played before this entry
    step: int
    #: "action" for a decision, "note" for what followed from it
    kind: str


def option(
    default,
    en: str,
    ru: str,
    *,
    choices: Sequence | Mapping | None = None,
    low: int | None = None,
    high: int | None = None,
):
    """A field of a game's frozen ``Options``: its default, its label in both languages
    and the values the rules allow (``choices``, or an integer range ``low``..``high``).

    ``choices`` may map each value to its name in both languages, ``{"under":
    ("under the fool", "под дурака")}``. Views build their controls from these
    fields; :func:`check_options` enforces them.
    """
    meta = {
        "label": (en, ru),
        "choices": tuple(choices) if choices is not None else None,
        "choice_labels": dict(choices) if isinstance(choices, Mapping) else {},
        "low": low,
        "high": high,
    }
    return dataclasses.field(default=default, metadata=meta)


def option_label(field: dataclasses.Field, lang: str = "en") -> str:
    """The option's name for the reader."""
    en, ru = field.metadata.get("label", (field.name.replace("_", " "), field.name.replace("_", " ")))
    return pick(lang, en, ru)


def check_options(options) -> None:
    """Refuse any option outside what the rules allow (call it from ``__post_init__``).

    A flag must be ``True`` or ``False``, a number an integer within its range, a
    choice one of its values (an option whose default is ``None``, the rules' own
    choice, may also be ``None``); the error names the option and the value in both
    languages. Nothing is ever silently replaced by a default.
    """
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        meta = field.metadata
        en, ru = option_label(field, "en"), option_label(field, "ru")
        shown = repr(value)[:40]
        if value is None and field.default is None:
            continue  # "as the rules say": the game works the value out itself
        if isinstance(field.default, bool) and not isinstance(value, bool):
            raise OptionError(f"option {en!r} is yes or no, not {shown}", f"параметр «{ru}» — да или нет, а не {shown}")
        if meta.get("choices") is not None and value not in meta["choices"]:
            allowed = ", ".join(str(getattr(c, "value", c)) for c in meta["choices"])
            raise OptionError(
                f"option {en!r} cannot be {shown}; allowed: {allowed}",
                f"параметр «{ru}» не может быть {shown}; допустимо: {allowed}",
            )
        low, high = meta.get("low"), meta.get("high")
        if low is not None or high is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(
                    f"option {en!r} is a whole number, not {shown}", f"параметр «{ru}» — целое число, а не {shown}"
                )
            if (low is not None and value < low) or (high is not None and value > high):
                raise OptionError(
                    f"option {en!r} must be from {low} to {high}, not {value}",
                    f"параметр «{ru}» должен быть от {low} до {high}, а не {value}",
                )


def make_options(options_cls: type, given: dict[str, Any]):
    """Build a game's Options from keyword arguments, refusing unknown names."""
    names = {f.name for f in dataclasses.fields(options_cls)}
    unknown = sorted(set(given) - names)
    if unknown:
        given_text, known_text = ", ".join(unknown), ", ".join(sorted(names))
        one = len(unknown) == 1
        raise OptionError(
            f"unknown {'option' if one else 'options'} {given_text}; known: {known_text}",
            f"{'неизвестный параметр' if one else 'неизвестные параметры'} {given_text}; известны: {known_text}",
        )
    return options_cls(**given)


class State(ABC):
    """One play-through of a game. Subclasses write only their rules.

    Subclasses implement ``current_player``, ``verdict`` (the rules for one action,
    with the error naming the rule that forbids it), ``candidates`` (what the player to
    move could try: the legal actions are those the verdict allows), ``_play``,
    ``is_over``, ``result``, ``view``, ``zones``, ``visible_zones`` and
    ``cards_used``; never ``why_illegal``, which the core builds from the verdict. The
    game's declaration (:class:`Game`) sets ``GAME`` and ``INFO``.

    A game's ``legal_actions`` is worked out once per position: the core keeps its
    answer in ``_cache`` until the next action is played (:meth:`_advance`), a
    hand-set position is marked (:meth:`started_by`) or the state is cloned, so a
    caller's ``legal_actions()`` and the check of ``apply`` share one generation, and
    ``apply`` knows an action taken from that list without comparing fields. Code
    that changes a position by hand afterwards (or calls ``_play`` itself) sets
    ``_cache`` to None.
    """

    #: the game this state belongs to, and its facts (bound by the game's declaration)
    GAME: ClassVar[Game]
    INFO: ClassVar[GameInfo]
    #: the legal actions of the position as the game's ``legal_actions`` gave them (None:
    #: not asked yet, or the position changed); never handed out, only copies of it
    _cache: list[Action] | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        generate = cls.__dict__.get("legal_actions")
        if generate is not None and not hasattr(generate, "generate"):
            cls.legal_actions = _once_per_position(generate)

    def __init__(self, options: Any, players: int, seed: int):
        info = self.INFO
        if not isinstance(players, int) or not info.min_players <= players <= info.max_players:
            raise OptionError(
                f"{info.name_en} is played by {info.min_players} to {info.max_players} players, not {players!r}",
                f"в «{info.name_ru}» играют от {info.min_players} до {info.max_players} игроков, а не {players!r}",
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(
                f"the seed is a whole number, not {seed!r:.40}", f"зерно — целое число, а не {seed!r:.40}"
            )
        self.options = options
        self.num_players = players
        self.seed = seed
        self.rng = GameRandom(seed)
        self.history: list[Action] = []
        #: the story so far: every action and every note, in order (see :attr:`_story`)
        self._events: list[Action | Note | tuple] = []
        #: how this state was built, if not by ``new_game`` (see :attr:`origin`)
        self._origin: tuple[str, dict] | None = None

    # ---- the protocol

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the game is over."""

    def legal_actions(self) -> list[Action]:
        """Every legal action in a stable order; empty exactly when the game is over.

        The :meth:`candidates` that the :meth:`verdict` allows. A game with many moves
        keeps the verdict's decision apart from its words: a ruling that gives a short code
        per candidate (None: legal), worded only for an action refused (Domino's
        ``Table._verdict``), and lists the candidates whose code is None (Durak, whose moves are
        a playout's hot path, asks only the part of its ``_ruling`` a candidate can fail); the
        conformance suite checks that the moves and the verdict agree, on moves met in
        play and on every card in every kind of move.
        """
        if self.is_over():
            return []
        verdict = self.verdict
        return [action for action in self.candidates() if verdict(action) is None]

    def candidates(self) -> list[Action]:
        """What the player to move could try now, a superset of the legal actions in a
        stable order (for the default :meth:`legal_actions`)."""
        raise NotImplementedError(f"{type(self).__name__} defines neither legal_actions nor candidates")

    @abstractmethod
    def verdict(self, action: Action) -> IllegalAction | None:
        """The game's rules for one action, stated once: ``None`` if ``action`` may be played
        now, else the error naming the rule that forbids it, in both languages.

        The core asks it only while the game is on and only about a well-formed action of
        one of the game's kinds (:meth:`why_illegal` checks those first); the legal moves
        come from the same decisions (:meth:`legal_actions`).
        """

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
        """The error for an action that is not legal now: the core's checks (the game is
        over; not a move of this game; a malformed move), then the game's :meth:`verdict`.
        Games write their verdict, never this."""
        error = self._outside_rules(action)
        if error is None:
            error = self.verdict(action)
        if error is None:  # the verdict allows what the moves do not: the conformance suite forbids it
            error = self.not_now(action)
        return error

    def not_now(self, action) -> IllegalAction:
        """The general refusal, for an action that no rule of the game words better."""
        return IllegalAction(
            f"{_shown(action)} is not a legal action now", f"«{_shown(action, 'ru')}» сейчас не разрешено"
        )

    def _outside_rules(self, action) -> IllegalAction | None:
        """What the core refuses before the game's verdict is asked."""
        game = self.GAME
        if self.is_over():
            end = f"{game.id}.end"
            return IllegalAction("the game is over", "игра окончена", rule=end if end in game.rules else None)
        if not isinstance(action, game.actions):
            return IllegalAction(
                f"{_shown(action)} is not a move of {game.name('en')}",
                f"«{_shown(action, 'ru')}» — не ход в игре «{game.name('ru')}»",
            )
        field = misfit(action, self.num_players)
        if field is not None:
            kind, value = type(action).__name__, _excerpt(repr(getattr(action, field)))
            if field == "player":
                en, ru = f"a seat from 0 to {self.num_players - 1}", f"место от 0 до {self.num_players - 1}"
            else:
                en, ru = _hint_words(dict(_field_hints(type(action)))[field])
            return IllegalAction(
                f"this {kind} is malformed: its {field} must be {en}, not {value}",
                f"ход {kind} задан неверно: {field} — это {ru}, а не {value}",
            )
        return None

    def refuse_turn(self, action: Action, rule: str | None = None) -> IllegalAction:
        """The plainest refusal: it is another player's turn."""
        turn = self.current_player
        return IllegalAction(
            f"it is player {turn + 1}'s turn, not player {action.player + 1}'s",
            f"сейчас ход игрока {turn + 1}, а не игрока {action.player + 1}",
            rule=rule,
        )

    # ---- the checked front door

    def apply(self, action: Action) -> None:
        """Carry out ``action`` if legal; otherwise raise IllegalAction and change nothing."""
        legal = self._cache
        # an action handed out by legal_actions() is found at once by identity
        if (legal is None or not any(map(is_, legal, repeat(action)))) and self._legal_copy(action) is None:
            raise self._refusal(action)
        self._advance(action)

    def _legal_copy(self, action) -> Action | None:
        """The legal action equal to ``action`` (itself when it was taken from
        ``legal_actions()``: found by identity, without comparing fields), or None."""
        legal = self._cache
        if legal is None:
            self.legal_actions()
            legal = self._cache
        if any(map(is_, legal, repeat(action))):
            return action
        try:
            for known in legal:
                if known == action:
                    return known
        except Exception:  # an action so malformed that it cannot even be compared
            pass
        return None

    def _refusal(self, action) -> IllegalAction:
        """Why ``action`` is refused. ``apply`` only ever raises IllegalAction: should a
        verdict fail (the conformance suite asks it directly, so a failure shows there),
        the refusal is the general one."""
        try:
            return self.why_illegal(action)
        except Exception:
            return self.not_now(action)

    def _advance(self, action: Action) -> None:
        """Play a legal action and write it into the history and the story."""
        self._events.append(action)
        self._play(action)
        self._cache = None
        self.history.append(action)

    def apply_label(self, label: str) -> Action:
        """Carry out the legal action whose label is ``label`` and return it."""
        for action in self.legal_actions():
            if action.label == label:
                self.apply(action)
                return action
        raise IllegalAction(
            f"no legal action is labelled {_excerpt(label)!r}",
            f"нет разрешённого хода с меткой «{_excerpt(label)}»",
        )

    def clone(self) -> State:
        """An independent copy: playing on it leaves this state as it is.

        The core copies every attribute of the state (see :func:`fresh_copy`): frozen
        values are shared, containers and other objects are copied all the way down,
        so no game keeps a table of what to copy, and none can get it wrong.
        """
        new = object.__new__(type(self))
        memo: dict[int, Any] = {}
        shared = _SHARED
        new.__dict__.update(
            {name: value if type(value) in shared else fresh_copy(value, memo) for name, value in self.__dict__.items()}
        )
        new._cache = None  # a copy's moves are worked out anew: it may be changed by hand
        return new

    # ---- the story of the game

    def record(self, note: Note | Callable[..., Note], *fields) -> None:
        """Write what followed from an action into the story (called from ``_play``).

        ``record(Note(...))`` writes a note; ``record(NoteClass, *fields)`` (or any maker of
        a note, such as a class method building it from card codes) writes the same note
        built only when the story is read (:attr:`_story`, :meth:`log`), so a playout that
        never reads it does not pay for it. The fields are values that do not change
        afterwards (numbers, cards, tuples)."""
        self._events.append((note, fields) if fields or isinstance(note, type) else note)

    @property
    def _story(self) -> list[Action | Note]:
        """The story so far: every action and every note, in order (see :meth:`log`);
        the notes recorded as a maker and its fields are built here, once."""
        events = self._events
        for i, event in enumerate(events):
            if type(event) is tuple:
                cls, fields = event
                events[i] = cls(*fields)
        return events

    @_story.setter
    def _story(self, story: list[Action | Note]) -> None:
        self._events = story

    def log(self, lang: str = "en") -> list[LogEntry]:
        """The game so far, one entry per action and per note, in ``lang``."""
        check_lang(lang)
        entries, step = [], 0
        for event in self._story:
            is_action = isinstance(event, Action)
            entries.append(
                LogEntry(
                    event.explain(lang),
                    event.rule,
                    getattr(event, "player", None),
                    step,
                    "action" if is_action else "note",
                )
            )
            step += is_action
        return entries

    # ---- origin, undo, saving

    @property
    def origin(self) -> tuple[str, dict]:
        """How to build this state again: a factory of the game's module and its arguments
        (JSON-ready); a dealt game's is worked out when first asked."""
        origin = self._origin
        if origin is None:
            args = {"players": self.num_players, "seed": self.seed, **_jsonable(_options_dict(self.options))}
            origin = self._origin = ("new_game", args)
        return origin

    @origin.setter
    def origin(self, origin: tuple[str, dict]) -> None:
        self._origin = origin

    def started_by(self, factory: str, **args) -> State:
        """Mark this fresh state as built by ``factory(**args)`` of its game, and return it.

        A hand-set position calls it last, so the position saves, loads and undoes
        like a dealt game; ``args`` are JSON-ready (cards as notation).
        """
        if self.history:
            raise ValueError("a state's origin is set before any action is played")
        self.origin = (factory, _jsonable(args))
        self._cache = None  # the position was set by hand: its moves are worked out again
        return self

    def restart(self) -> State:
        """A new state built the way this one was, before any action."""
        factory, args = self.origin
        return self.GAME.make(factory, **copy.deepcopy(args))

    def undo(self, n: int = 1) -> State:
        """A new state without the last ``n`` actions; this one is left as it is."""
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(self.history):
            raise IllegalAction(
                f"cannot undo {n!r} of {len(self.history)} actions",
                f"нельзя отменить {n!r} из {len(self.history)} ходов",
            )
        state = self.restart()
        for action in self.history[: len(self.history) - n]:
            state._advance(action)
        return state

    def to_json(self) -> str:
        """The game as JSON: the game, how it was set up, and the labels of its actions."""
        factory, args = self.origin
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.INFO.id,
                "factory": factory,
                "args": args,
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


def _once_per_position(generate: Callable[[State], list[Action]]) -> Callable[[State], list[Action]]:
    """A game's ``legal_actions`` that generates once per position (kept in ``State._cache``)
    and hands out a copy each time, so a caller may change the list it gets."""

    @functools.wraps(generate)
    def legal_actions(self: State) -> list[Action]:
        legal = self._cache
        if legal is None:
            legal = self._cache = generate(self)
        return legal[:]

    legal_actions.generate = generate
    return legal_actions


State.legal_actions = _once_per_position(State.legal_actions)


@functools.cache
def _field_hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The compared fields of an action class and their annotations (resolved once)."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints.get(f.name, Any)) for f in dataclasses.fields(cls) if f.compare)


def _fits(value, hint) -> bool:
    """Does ``value`` have the type ``hint`` names (``int``, ``Card | None``, ``tuple[Card, ...]``...)?"""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(args) == len(value) and all(_fits(v, a) for v, a in zip(value, args, strict=True))
    if origin is not None:
        return isinstance(value, origin)
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


#: what a value of each type is, in words
_TYPE_WORDS = {
    int: ("a whole number", "целое число"),
    bool: ("yes or no (True or False)", "да или нет (True или False)"),
    str: ("text", "текст"),
    Card: ("a card", "карта"),
}


def _hint_words(hint) -> tuple[str, str]:
    if typing.get_origin(hint) is tuple:
        return "a tuple of cards", "кортеж карт"
    args = [h for h in typing.get_args(hint) if h is not type(None)] or [hint]
    return _TYPE_WORDS.get(args[0], (getattr(args[0], "__name__", "?"), getattr(args[0], "__name__", "?")))


def misfit(action: Action, players: int) -> str | None:
    """The first field of ``action`` whose value its class does not allow (the player must
    be a seat of the game), or None: a well-formed action."""
    for name, hint in _field_hints(type(action)):
        value = getattr(action, name)
        if not _fits(value, hint) or (name == "player" and not 0 <= value < players):
            return name
    return None


def _options_dict(options) -> dict:
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)} if options is not None else {}


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


def _shown(action, lang: str = "en") -> str:
    try:
        return _excerpt(action.explain(lang) if isinstance(action, Action) else action, 80)
    except Exception:
        return _excerpt(type(action).__name__)


# ---------------------------------------------------------------- chance


class GameRandom(random.Random):
    """A game's own ``random.Random``: the same numbers from the same seed, with
    ``shuffle`` written out for speed (a deal shuffles whole packs). It draws exactly
    as ``random.Random.shuffle`` does, so seeds deal the same games."""

    def shuffle(self, x: list) -> None:
        getrandbits = self.getrandbits
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:  # as random.Random._randbelow: draw again above the bound
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


# ---------------------------------------------------------------- copies

#: types whose values never change once made: a copy shares them
_FROZEN_TYPES = (int, float, complex, bool, str, bytes, type(None), range, frozenset, type, Card)


def _copy_list(value: list, memo: dict) -> list:
    new = memo[id(value)] = value.copy()
    if not set(map(type, value)) <= _SHARED:
        for i, item in enumerate(new):
            if type(item) not in _SHARED:
                new[i] = fresh_copy(item, memo)
    return new


def _copy_dict(value: dict, memo: dict) -> dict:
    new = memo[id(value)] = value.copy()
    if not set(map(type, value.values())) <= _SHARED:
        for key, item in new.items():
            if type(item) not in _SHARED:
                new[key] = fresh_copy(item, memo)
    return new


def _copy_set(value: set, memo: dict) -> set:
    new = memo[id(value)] = value.copy()  # the members of a set are hashable values
    return new


def _copy_tuple(value: tuple, memo: dict) -> tuple:
    if set(map(type, value)) <= _SHARED:
        return value  # a tuple of frozen values is itself frozen
    items = [fresh_copy(item, memo) for item in value]
    return value if all(a is b for a, b in zip(items, value, strict=True)) else type(value)(items)


def _copy_rng(value: random.Random, memo: dict) -> random.Random:
    new = type(value).__new__(type(value))
    new.setstate(value.getstate())
    return new


def _copy_object(value, memo: dict):
    """An object of a plain class: a new one whose attributes (and slots) are copies."""
    cls = type(value)
    new = memo[id(value)] = object.__new__(cls)
    if hasattr(value, "__dict__"):
        new.__dict__.update({k: fresh_copy(v, memo) for k, v in value.__dict__.items()})
    for klass in cls.__mro__:
        for slot in klass.__dict__.get("__slots__", ()):
            if slot not in ("__dict__", "__weakref__") and hasattr(value, slot):
                object.__setattr__(new, slot, fresh_copy(getattr(value, slot), memo))
    return new


def _share(value, memo: dict):
    return value


def _copier(cls: type) -> Callable:
    """How to copy values of ``cls``: share what is frozen, copy the rest all the way down."""
    if issubclass(cls, _FROZEN_TYPES) or issubclass(cls, enum.Enum):
        return _share
    params = getattr(cls, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return _share  # the project's values (actions, notes, options, melds) are frozen dataclasses
    if cls is random.Random or cls is GameRandom:
        return _copy_rng
    if cls.__module__ == "builtins" or not (hasattr(cls, "__dict__") or hasattr(cls, "__slots__")):
        return lambda value, memo: copy.deepcopy(value, memo)
    return _copy_object


_COPIERS: dict[type, Callable] = {list: _copy_list, dict: _copy_dict, set: _copy_set, tuple: _copy_tuple}
_COPIERS.update(dict.fromkeys(_FROZEN_TYPES, _share))
#: the classes found frozen so far (a fast test for containers of frozen values)
_SHARED: set[type] = set(_FROZEN_TYPES)


def fresh_copy(value, memo: dict | None = None):
    """A copy of ``value`` that shares nothing that can change: frozen values (numbers,
    text, cards, enums, frozen dataclasses) are shared, lists, dicts, sets and objects are
    copied all the way down; two references to one container stay two references to one copy."""
    memo = {} if memo is None else memo
    cls = type(value)
    how = _COPIERS.get(cls)
    if how is None:
        how = _COPIERS[cls] = _copier(cls)
        if how is _share:
            _SHARED.add(cls)
    if how is _share:
        return value
    done = memo.get(id(value))
    return done if done is not None else how(value, memo)


# ---------------------------------------------------------------- loading


def _refuse(en: str, ru: str) -> SaveError:
    return SaveError(f"cannot load this save: {en}", f"не удаётся загрузить сохранение: {ru}")


def _read_save(text) -> dict:
    """Parse and check the shape of a save before anything is built from it."""
    data = _upgraded(_parsed(text))
    unknown = sorted(set(data) - {"format", "game", "factory", "args", "history"})
    if unknown:
        names = _excerpt(", ".join(map(str, unknown)))
        raise _refuse(
            f"unknown {'field' if len(unknown) == 1 else 'fields'} {names}",
            f"{'неизвестное поле' if len(unknown) == 1 else 'неизвестные поля'} {names}",
        )
    if data.get("format") != SAVE_FORMAT:
        shown = _excerpt(repr(data.get("format")))
        raise _refuse(
            f"unknown format {shown} (expected {SAVE_FORMAT})", f"неизвестный формат {shown} (нужен {SAVE_FORMAT})"
        )
    args, history = data.get("args"), data.get("history")
    if not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
        raise _refuse("'args' is not an object", "«args» — не объект")
    for name in ("players", "seed"):
        if name in args and (not isinstance(args[name], int) or isinstance(args[name], bool)):
            shown = _excerpt(repr(args[name]))
            raise _refuse(f"'{name}' must be a whole number, not {shown}", f"«{name}» — целое число, а не {shown}")
    if not isinstance(history, list) or not all(isinstance(h, str) and len(h) <= MAX_LABEL_CHARS for h in history):
        raise _refuse("'history' is not a list of action labels", "«history» — не список меток ходов")
    return data


def _parsed(text) -> dict:
    """The JSON object of a save: UTF-8 text of a bounded size."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse("it is not UTF-8 text", "это не текст в UTF-8") from None
    if not isinstance(text, str):
        raise _refuse(f"expected text, got {type(text).__name__}", f"ожидался текст, а не {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise _refuse(
            f"it is {len(text):,} characters long (at most {MAX_SAVE_CHARS:,})",
            f"в нём {len(text):,} символов (не больше {MAX_SAVE_CHARS:,})",
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _refuse(
            f"it is not JSON (line {error.lineno}, column {error.colno})",
            f"это не JSON (строка {error.lineno}, столбец {error.colno})",
        ) from None
    except (ValueError, RecursionError):  # nested too deep, or a number too long
        raise _refuse("it is not JSON that a save can hold", "это не JSON, который может быть сохранением") from None
    if not isinstance(data, dict):
        raise _refuse("it is not a JSON object", "это не объект JSON")
    return data


def _upgraded(data: dict) -> dict:
    """A save of the first format (a dealt game: players, seed, options) in today's."""
    if "format" in data or not {"players", "seed"} <= data.keys():
        return data
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _refuse("'options' is not an object", "«options» — не объект")
    return {
        "format": SAVE_FORMAT,
        "game": data.get("game"),
        "factory": "new_game",
        "args": {"players": data["players"], "seed": data["seed"], **options},
        "history": data.get("history", []),
    }


def load(game: Game, text) -> State:
    """Restore a game of ``game`` saved with :meth:`State.to_json` (:meth:`Game.from_json`).

    The save is checked as a whole before anything is built: its size and shape,
    its game, its format, one of the game's factories, integer seed and player
    count, options within the rules, and a history no longer than the game allows.
    Only :class:`rules.RulesError` subclasses escape.
    """
    data = _read_save(text)
    info = game.info
    if data.get("game") != info.id:
        shown = _excerpt(repr(data.get("game")))
        raise _refuse(
            f"it is a save of {shown}, not of {info.name_en}", f"это сохранение {shown}, а не «{info.name_ru}»"
        )
    factory = data.get("factory")
    if factory != "new_game" and factory not in game.factories:
        shown = _excerpt(repr(factory))
        raise _refuse(f"unknown set-up {shown}", f"неизвестная расстановка {shown}")
    try:
        state = game.make(factory, **data["args"])
    except RulesError:
        raise
    except Exception as error:  # a wrong argument name or type of the set-up
        raise _refuse(
            f"its set-up is invalid ({type(error).__name__})", f"неверная расстановка ({type(error).__name__})"
        ) from None
    if len(data["history"]) > info.max_actions(state):
        raise _refuse("its history is longer than any game", "его история длиннее любой партии")
    try:
        for label in data["history"]:
            state.apply_label(label)
    except RulesError as error:
        raise SaveError(
            f"cannot load this save: {error.message('en')}", f"не удаётся загрузить сохранение: {error.message('ru')}"
        ) from None
    return state


def from_json(text: str) -> State:
    """Restore a save of any registered game (:data:`GAMES`)."""
    data = _read_save(text)
    game = data.get("game")
    if game not in GAMES:
        shown = _excerpt(repr(game))
        raise _refuse(
            f"unknown game {shown}; known: {', '.join(GAMES)}",
            f"неизвестная игра {shown}; известны: {', '.join(GAMES)}",
        )
    return GAMES[game].from_json(text)


# ---------------------------------------------------------------- the declaration of a game


@dataclass(frozen=True)
class Setup:
    """A teaching set-up: a hand-set position, named for the reader, that saves, loads
    and undoes like a dealt game (``make`` calls one of the game's factories)."""

    title_en: str
    title_ru: str
    make: Callable[[], State]

    def title(self, lang: str = "en") -> str:
        return pick(lang, self.title_en, self.title_ru)

    def __call__(self) -> State:
        return self.make()


@dataclass(frozen=True)
class Variant:
    """Options the conformance suite also plays, and the player counts to play them with
    (empty: every count the game allows)."""

    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    players: tuple[int, ...] = ()

    def allows(self, players: int) -> bool:
        return not self.players or players in self.players


@dataclass(frozen=True, eq=False)
class Game:
    """Everything the core, the views and the tests know of one game, declared once.

    A game module ends with its declaration::

        GAME = Game(
            info=GameInfo("war", "High-card war", "Война", 2, 4, max_actions),
            rules=RULES, options=Options, state=WarState, actions=(PlayCard,),
            factories={"position": position}, setups=SETUPS, variants=VARIANTS,
            players={"heuristic": HeuristicPlayer}, bot="heuristic",
            measure=measure, view="widgets.games.war:WarView", painter="widgets.paint.war:WarPainter",
        )
        new_game, from_json = GAME.new_game, GAME.from_json

    The core supplies ``new_game`` (options checked and built from ``options``),
    ``from_json``, undo and saving (through ``factories``), and the registry
    (:data:`GAMES`, filled by :mod:`rules`). Declaring binds the state class to
    its game: ``state.GAME`` and ``state.INFO``.
    """

    info: GameInfo
    #: rule id -> (English title, Russian title); each id is an anchor of the game's chapter
    rules: Mapping[str, tuple[str, str]]
    #: the frozen dataclass of the source's variants (see :func:`option`)
    options: type
    state: type[State]
    #: the kinds of the game's moves (every action is an instance of one of them)
    actions: tuple[type[Action], ...]
    #: hand-set positions besides ``new_game``: name -> function building a state
    factories: Mapping[str, Callable[..., State]] = dataclasses.field(default_factory=dict)
    #: the book's teaching set-ups, by name
    setups: Mapping[str, Setup] = dataclasses.field(default_factory=dict)
    #: options the conformance suite plays besides the defaults
    variants: Sequence[Variant] = (Variant(),)
    #: the game's bots by name (each a class or function making a :class:`Player`)
    players: Mapping[str, Callable[[], Player]] = dataclasses.field(default_factory=dict)
    #: the bot a view seats (a key of ``players``, or "random")
    bot: str = "random"
    #: what the statistics pages count in a finished game (for :func:`rules.simulate.simulate`)
    measure: Callable[[State], dict] | None = None
    #: the play app, "module:class" (imported only when asked for: the engine needs no widgets)
    view: str = ""
    #: the table's painter, "module:class" (a :class:`widgets.paint.TablePainter`: the table as HTML,
    #: with no widgets), which both the play app and the class together's server draw with
    painter: str = ""
    #: how the coach reads the game (a :class:`rules.coach.Coaching`: dealing the unseen cards
    #: from a view, the value of a position for a seat); None: the game has no coach
    coaching: Any = None

    def __post_init__(self):
        if self.bot != "random" and self.bot not in self.players:
            raise ValueError(f"{self.info.id}: the bot {self.bot!r} is not one of the players {list(self.players)}")
        if "new_game" in self.factories:
            raise ValueError(f"{self.info.id}: new_game is the core's, not a factory of the game")
        self.state.GAME = self
        self.state.INFO = self.info

    @property
    def id(self) -> str:
        return self.info.id

    def name(self, lang: str = "en") -> str:
        return self.info.name(lang)

    def new_game(self, players: int | None = None, seed: int = 0, **options) -> State:
        """A new game: ``players`` seats, ``seed`` for all chance, and the game's options by name."""
        players = self.info.default_players if players is None else players
        return self.state(make_options(self.options, options), players, seed)

    def from_json(self, text) -> State:
        """Restore a game saved with :meth:`State.to_json` (see :func:`load`)."""
        return load(self, text)

    def make(self, factory: str, **args) -> State:
        """A state built by one of the game's factories ("new_game" or a hand-set position)."""
        return self.new_game(**args) if factory == "new_game" else self.factories[factory](**args)

    def bot_player(self) -> Player:
        """A fresh instance of the bot a view seats."""
        return RandomPlayer() if self.bot == "random" else self.players[self.bot]()

    def view_class(self) -> type:
        """The game's play app (a :class:`widgets.game.GameView` subclass), imported now."""
        return _imported(self.view, "view", self)

    def painter_class(self) -> type:
        """The game's table painter (a :class:`widgets.paint.TablePainter` subclass), imported now."""
        return _imported(self.painter, "painter", self)

    def __repr__(self) -> str:
        return f"<Game {self.info.id}>"

    def __reduce__(self):
        # pickled by reference (its state class), so a simulation's workers get the same game
        return _game_of, (self.state,)


def _imported(path: str, what: str, game: Game) -> type:
    """The class ``path`` names ("module:class"), imported now."""
    if not path:
        raise LookupError(f"{game.info.id}: the game's declaration names no {what}")
    import importlib

    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def _game_of(state: type[State]) -> Game:
    return state.GAME


#: the registry: every game of the book by id, in the book's order (filled by :mod:`rules`)
GAMES: dict[str, Game] = {}


def register(*games: Game) -> dict[str, Game]:
    """Add games to the registry (:data:`GAMES`) and return it; an id is registered once."""
    for game in games:
        if game.id in GAMES and GAMES[game.id] is not game:
            raise ValueError(f"a game with the id {game.id!r} is registered already")
        GAMES[game.id] = game
    return GAMES


# ---------------------------------------------------------------- players


class Player(Protocol):
    """A player decides from its own view and the legal actions only.

    ``needs_view``: whether :meth:`choose` reads its view; a player that decides from the
    legal actions alone (a random player) says False, and is then given an empty view
    (working out a view costs a playout as much as the move itself).
    """

    name: str
    needs_view: bool

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]


def play_bots(
    state: State, bots: Mapping[int, Player], rng: random.Random, *, limit: int | None = None
) -> list[Action]:
    """Let the bots (``bots[seat]``) act until a seat without a bot must decide or the game ends.

    Each bot sees only its own view; at most ``limit`` actions (default: the
    game's bound), so a view never waits for a game that goes round for ever.
    Returns the actions played.
    """
    played: list[Action] = []
    limit = state.INFO.max_actions(state) if limit is None else limit
    while len(played) < limit and not state.is_over():
        seat = state.current_player
        bot = bots.get(seat)
        if bot is None:
            break
        view = state.view(seat) if bot.needs_view else {}
        action = bot.choose(view, state.legal_actions(), rng)
        state._advance(action)
        played.append(action)
    return played


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
    limit = max_actions if max_actions is not None else state.INFO.max_actions(state)
    play_bots(state, dict(enumerate(players)), random.Random(seed), limit=limit)
    if not state.is_over():
        raise RuntimeError(f"{state.INFO.id}: game not over after {limit} actions")
    return state
