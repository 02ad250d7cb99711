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

The machinery every game shares lives here, so a game writes only its rules:

* the log: the base records every action; a game's ``_play`` records the
  consequences (:class:`Note` objects) with :meth:`State.record`; :meth:`State.log`
  tells the story in either language;
* undo and saving: a state remembers its origin (``new_game`` or a hand-set
  position made by one of the module's ``FACTORIES``) and rebuilds from it
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
import json
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from rules.cards import Card
from rules.errors import IllegalAction, OptionError, RulesError, SaveError, check_lang
from rules.errors import excerpt as _excerpt

__all__ = [
    "Action",
    "GameInfo",
    "LogEntry",
    "Note",
    "Result",
    "State",
    "Player",
    "RandomPlayer",
    "check_options",
    "from_json",
    "load",
    "make_options",
    "option",
    "play_bots",
    "playout",
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
    return ru if check_lang(lang) == "ru" else en


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
        raise OptionError(
            f"unknown {'option' if len(unknown) == 1 else 'options'} {', '.join(unknown)}; known: {', '.join(sorted(names))}",
            f"{'неизвестный параметр' if len(unknown) == 1 else 'неизвестные параметры'} {', '.join(unknown)}; известны: {', '.join(sorted(names))}",
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
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(
                f"the seed is a whole number, not {seed!r:.40}", f"зерно — целое число, а не {seed!r:.40}"
            )
        self.options = options
        self.num_players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        #: the story so far: every action and every note, in order (see :meth:`log`)
        self._story: list[Action | Note] = []
        #: how to build this state again: a factory of the game's module and its arguments
        self.origin: tuple[str, dict] = (
            "new_game",
            {"players": players, "seed": seed, **_jsonable(_options_dict(options))},
        )

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
            f"{_shown(action)} is not a legal action now",
            f"«{_shown(action, 'ru')}» сейчас не разрешено",
        )

    # ---- the checked front door

    def apply(self, action: Action) -> None:
        """Carry out ``action`` if legal; otherwise raise IllegalAction and change nothing."""
        try:
            legal = action in self.legal_actions()
        except Exception:  # an action so malformed that it cannot even be compared
            legal = False
        if not legal:
            raise self._refusal(action)
        self._advance(action)

    def _refusal(self, action) -> IllegalAction:
        """Why ``action`` is refused; a game's explanation that fails on a malformed action
        falls back on the general one, so ``apply`` only ever raises IllegalAction."""
        try:
            error = self.why_illegal(action)
        except Exception:
            error = None
        return error if isinstance(error, IllegalAction) else State.why_illegal(self, action)

    def _advance(self, action: Action) -> None:
        """Play a legal action and write it into the history and the story."""
        self._story.append(action)
        self._play(action)
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
        return new

    # ---- the story of the game

    def record(self, note: Note) -> None:
        """Write what followed from an action into the story (called from ``_play``)."""
        self._story.append(note)

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

    def started_by(self, factory: str, **args) -> State:
        """Mark this fresh state as built by ``factory(**args)`` of its module, and return it.

        A hand-set position calls it last, so the position saves, loads and undoes
        like a dealt game; ``args`` are JSON-ready (cards as notation).
        """
        if self.history:
            raise ValueError("a state's origin is set before any action is played")
        self.origin = (factory, _jsonable(args))
        return self

    def restart(self) -> State:
        """A new state built the way this one was, before any action."""
        factory, args = self.origin
        return getattr(sys.modules[type(self).__module__], factory)(**copy.deepcopy(args))

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
    new = random.Random.__new__(random.Random)
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
    if cls is random.Random:
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
    if "format" not in data and {"players", "seed"} <= data.keys():  # the first format: a dealt game
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise _refuse("'options' is not an object", "«options» — не объект")
        data = {
            "format": SAVE_FORMAT,
            "game": data.get("game"),
            "factory": "new_game",
            "args": {"players": data["players"], "seed": data["seed"], **options},
            "history": data.get("history", []),
        }
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


def load(module, text) -> State:
    """Restore a game of ``module`` saved with :meth:`State.to_json` (a game's ``from_json``).

    The save is checked as a whole before anything is built: its size and shape,
    its game, its format, a factory the module allows (``FACTORIES``), integer
    seed and player count, options within the rules, and a history no longer than
    the game allows. Only :class:`rules.RulesError` subclasses escape.
    """
    data = _read_save(text)
    info = module.INFO
    if data.get("game") != info.id:
        shown = _excerpt(repr(data.get("game")))
        raise _refuse(
            f"it is a save of {shown}, not of {info.name_en}", f"это сохранение {shown}, а не «{info.name_ru}»"
        )
    factory = data.get("factory")
    if factory not in getattr(module, "FACTORIES", ("new_game",)):
        shown = _excerpt(repr(factory))
        raise _refuse(f"unknown set-up {shown}", f"неизвестная расстановка {shown}")
    try:
        state = getattr(module, factory)(**data["args"])
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
    """Restore any game saved with ``State.to_json``."""
    from rules import GAMES

    data = _read_save(text)
    game = data.get("game")
    if game not in GAMES:
        shown = _excerpt(repr(game))
        raise _refuse(
            f"unknown game {shown}; known: {', '.join(GAMES)}",
            f"неизвестная игра {shown}; известны: {', '.join(GAMES)}",
        )
    return GAMES[game].from_json(text)


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
        view = state.view(seat) if getattr(bot, "needs_view", True) else {}
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
