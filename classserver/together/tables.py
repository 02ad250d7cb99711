"""A game table shared by devices: one true state, each seat told only what it may see.

A :class:`Table` holds the state of one game (any game of :data:`rules.GAMES`), its
seats (open, a person, or a bot) and what followed from them (who sat down, who left,
a bot standing in for a seat left alone). Every move goes through the engine's
``apply``; a move the rules forbid comes back with the engine's own reason, in the
player's language, and changes nothing.

What a seat is sent (:meth:`Table.snapshot`) is built from the engine's protocol only:
the game's table painter for that seat (:mod:`widgets.paint`: the same picture as the
solo app's, drawn without widgets), the seat's own hand and its legal moves with their
explanations and rules, the seats' roles and card counts, and the log. A spectator (the
projector) gets the same without any hand or move. The tests read every message each seat receives and
look for a card that seat has never been able to see.

Nothing here knows about the network: :mod:`together.web` carries snapshots and
requests between tables and devices.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import random
import secrets
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

import rules
from rules import svg
from rules.cards import Card, NotationError, card_name, format_card, parse_card
from rules.coach import Coach, remembered
from rules.coach import strength_name as coach_strength_name
from rules.errors import IllegalAction, OptionError, RulesError, check_lang, excerpt
from rules.game import Action, Game, Player, State, make_options
from rules.game import from_json as load_game
from rules.lang import count, pick, player_name
from rules.moves import cards_of as action_cards
from widgets.paint import TablePainter, moved_cards, painter
from widgets.paint.links import rule_href, rule_title

#: the letters of table and seat codes: no 0/O, 1/I/L, which read alike
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
TABLE_CODE_LENGTH = 5
SEAT_CODE_LENGTH = 6
#: the log entries a snapshot carries (the latest ones)
LOG_SHOWN = 150
#: the longest label a move request may name (the engine's own bound on labels)
MAX_LABEL = 300
#: the most cards one request may name
MAX_CARDS = 24

OPEN, HUMAN, BOT = "open", "human", "bot"

#: a bot seat's strengths, weakest first: a random or simple bot, the book's bot, the coach
STRENGTHS = ("easy", "medium", "strong")
DEFAULT_STRENGTH = "medium"


class Refusal(RulesError):
    """A request a table turns down that is not a move of the game: no seat, not your turn,
    a seat already taken. Bilingual, like the engine's errors; nothing changes."""


class Choose(RulesError):
    """The cards asked for can be played in several ways: ``labels`` are the moves to choose from."""

    def __init__(self, en: str, ru: str, labels: list[str]):
        super().__init__(en, ru)
        self.labels = labels


def new_code(length: int = TABLE_CODE_LENGTH, rng: random.Random | None = None) -> str:
    """A code of ``length`` letters of :data:`CODE_LETTERS` (secure randomness unless ``rng``)."""
    choice = rng.choice if rng is not None else secrets.choice
    return "".join(choice(CODE_LETTERS) for _ in range(length))


def read_code(text: object, length: int = TABLE_CODE_LENGTH) -> str | None:
    """A code as typed (any case, spaces or dashes between letters), or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 3 * length:
        return None
    code = "".join(text.split()).replace("-", "").upper()
    return code if len(code) == length and all(c in CODE_LETTERS for c in code) else None


# ---------------------------------------------------------------- options from a form


def option_fields(module: Game) -> list[dataclasses.Field]:
    """The options of a game a table can be opened with (those with a label), in their order."""
    return [f for f in dataclasses.fields(module.options) if "label" in f.metadata]


def choice_text(value: object) -> str:
    """How a choice travels in a form: its value as text ("" for the rules' own choice)."""
    return "" if value is None else str(getattr(value, "value", value))


def choice_label(field: dataclasses.Field, value: object, lang: str) -> str:
    labels = field.metadata.get("choice_labels") or {}
    if value in labels:
        return pick(lang, *labels[value])
    return pick(lang, "as the rules say", "по правилам") if value is None else choice_text(value)


def read_options(module: Game, values: Mapping[str, object]) -> dict:
    """A game's options from a form's values (text; a flag is "on" when ticked, absent when not).

    A value outside what the rules allow, or an unknown option, is a bilingual
    :class:`rules.OptionError` naming it; nothing is ever replaced by a default.
    """
    fields = {f.name: f for f in option_fields(module)}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        names = excerpt(", ".join(map(str, unknown)))
        if len(unknown) == 1:
            raise OptionError(f"unknown option {names}", f"неизвестный параметр {names}")
        raise OptionError(f"unknown options {names}", f"неизвестные параметры {names}")
    given: dict = {}
    for name, field in fields.items():
        raw = values.get(name)
        if isinstance(field.default, bool):
            given[name] = raw in ("on", "true", "1", True)
            continue
        if raw is None:
            continue
        shown = excerpt(raw)
        choices = field.metadata.get("choices")
        if choices is not None:
            by_text = {choice_text(c): c for c in choices}
            if raw not in by_text:
                raise OptionError(
                    f"option {field.metadata['label'][0]!r} cannot be {shown!r}",
                    f"параметр «{field.metadata['label'][1]}» не может быть «{shown}»",
                )
            given[name] = by_text[raw]
        else:
            text = raw.strip() if isinstance(raw, str) else ""
            if not (text.lstrip("-").isdigit() and len(text) <= 9):
                raise OptionError(
                    f"option {field.metadata['label'][0]!r} is a whole number, not {shown!r}",
                    f"параметр «{field.metadata['label'][1]}» — целое число, а не «{shown}»",
                )
            given[name] = int(text)
    make_options(module.options, given)  # the game's own checks of ranges and choices
    return given


# ---------------------------------------------------------------- bots' strengths


def read_strength(value: object) -> str:
    """A bot's strength as a form or a page names it (one of :data:`STRENGTHS`), else a bilingual refusal."""
    if isinstance(value, str) and value in STRENGTHS:
        return value
    shown = excerpt(value)
    raise Refusal(
        f"a bot is easy, medium or strong, not {shown!r}", f"бот бывает лёгкий, средний или сильный, а не «{shown}»"
    )


def strength_name(strength: str, lang: str, module: Game | None = None) -> str:
    """The strength for the reader: "strong", «сильный» (said of a bot); for ``module``'s strong bot
    where the benchmark did not show it stronger than the game's own, with that said."""
    return coach_strength_name("heuristic" if strength == "medium" else strength, lang, module)


def make_bot(module: Game, strength: str, state: State, seat: int) -> Player:
    """The bot of this strength for ``seat`` of ``state``: the game's easy bot, its own bot (medium),
    or the coach with the game's :attr:`rules.coach.Coaching.playouts` a move (a fixed count, so that its
    play depends on the seed alone; those of the benchmark's rows), remembering what its seat saw so far."""
    if strength == "easy" and "easy" in module.players:
        return module.players["easy"]()
    if strength == "strong" and module.coaching is not None:
        coach = Coach(module.id, seconds=None, playouts=module.coaching.playouts)
        coach.memory = remembered(state, seat)
        return coach
    return module.bot_player()


@dataclass
class BotJob:
    """What a bot needs to choose its move, taken when it was its turn: its own view, its legal moves,
    a seeded generator; and where the table was then (:meth:`Table.bot_moves` plays the choice only
    if nothing changed meanwhile)."""

    step: int
    index: int
    deal: int
    bot: Player
    view: dict
    actions: list[Action]
    rng: random.Random

    @property
    def heavy(self) -> bool:
        """The coach with a choice to weigh: it thinks for a while (in a process of its own)."""
        return isinstance(self.bot, Coach) and len(self.actions) > 1

    def choose(self) -> Action:
        return self.bot.choose(self.view, self.actions, self.rng)


# ---------------------------------------------------------------- seats and tables


@dataclass
class Seat:
    """One seat of a table: open, a person's (``student``, by their id) or a bot's."""

    index: int
    kind: str = OPEN
    student: str | None = None
    name: str = ""
    #: the seat's own code: whoever types it (another device of the same person) takes the seat
    code: str = ""
    #: how many of the person's pages are connected now
    connected: int = 0
    #: since when no page of the person is connected (seconds of the table's clock)
    away_since: float | None = None
    #: a bot plays for the person, who left the table alone for long
    stand_in: bool = False
    #: the person who gave this seat to a bot (they may take it back)
    left_by: str | None = None
    #: how strong a bot playing this seat is (one of :data:`STRENGTHS`)
    strength: str = DEFAULT_STRENGTH

    @property
    def played_by_bot(self) -> bool:
        return self.kind == BOT or self.stand_in


@dataclass(frozen=True)
class TableNote:
    """Something the table says in its log that is not a move: a seat taken, a bot standing in."""

    step: int  # the number of moves played when it happened
    en: str
    ru: str


class Table:
    """One game, its seats, and what each seat (or a spectator) may see of it."""

    def __init__(self, code: str, game_id: str, state: State, *, now: float = 0.0, bot_seed: int = 0):
        self.code = code
        self.game_id = game_id
        self.module: Game = rules.GAMES[game_id]
        self.state = state
        self.seats = [Seat(i) for i in range(state.num_players)]
        self.notes: list[TableNote] = []
        self.bots: dict[int, object] = {}
        self.rng = random.Random(bot_seed)
        self.created = self.touched = now
        self.seed = bot_seed
        #: the student who opened the table (they may close it)
        self.opener: str | None = None
        #: grows with every change a page should see (a move, a seat taken, a note)
        self.version = 0
        #: the version last written to the class folder
        self.kept_version = -1
        #: a bot of this table is choosing its move (in a worker thread or process)
        self.thinking = False
        #: grows with every new deal at this table (a bot's choice for an earlier deal is dropped)
        self.deal = 0
        self._cache: dict[tuple, str] = {}
        self._logs: dict[str, list[dict]] = {}

    @classmethod
    def open(
        cls,
        code: str,
        game_id: str,
        players: int,
        options: Mapping[str, object] | None = None,
        *,
        seed: int | None = None,
        now: float = 0.0,
        strength: object = DEFAULT_STRENGTH,
    ) -> Table:
        """A new table for ``game_id`` (options as a form gives them, see :func:`read_options`), its bots of
        ``strength`` until the opener chooses otherwise seat by seat."""
        strength = read_strength(strength)
        if game_id not in rules.GAMES:
            shown = excerpt(game_id)
            raise OptionError(f"unknown game {shown!r}", f"неизвестная игра «{shown}»")
        module = rules.GAMES[game_id]
        given = read_options(module, options or {})
        seed = secrets.randbelow(10**9) if seed is None else seed
        state = module.new_game(players=players, seed=seed, **given)
        table = cls(code, game_id, state, now=now, bot_seed=seed)
        for seat in table.seats:
            seat.strength = strength
        return table

    # ---- kept in the class folder

    def record(self) -> str:
        """The table as the class folder keeps it: the game in the engine's save format, the seats, the
        log's notes (what a restart needs to put everyone back where they were), as JSON text."""
        return json.dumps(
            {
                "code": self.code,
                "game": self.game_id,
                "state": self.state.to_json(),
                "seats": [
                    {
                        "kind": s.kind,
                        "student": s.student,
                        "name": s.name,
                        "code": s.code,
                        "left_by": s.left_by,
                        "strength": s.strength,
                    }
                    for s in self.seats
                ],
                "notes": [[n.step, n.en, n.ru] for n in self.notes],
                "seed": self.seed,
                "opener": self.opener,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_record(cls, text: str, *, now: float) -> Table:
        """A table as :meth:`record` kept it: the same step, seats and log; every person counts as away
        since ``now`` (a bot stands in for whoever does not come back)."""
        data = json.loads(text)
        state = load_game(data["state"])
        table = cls(data["code"], data["game"], state, now=now, bot_seed=data["seed"] + len(state.history))
        table.seed, table.opener = data["seed"], data.get("opener")
        for seat, kept in zip(table.seats, data["seats"], strict=True):
            seat.kind, seat.student, seat.name, seat.code = kept["kind"], kept["student"], kept["name"], kept["code"]
            seat.left_by = kept.get("left_by")
            # a save from before the bots had strengths: the book's bot, as they played then
            strength = kept.get("strength")
            seat.strength = strength if strength in STRENGTHS else DEFAULT_STRENGTH
            seat.away_since = now if seat.kind == HUMAN else None
        table.notes = [TableNote(step, en, ru) for step, en, ru in data["notes"]]
        return table

    # ---- who sits where

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def seat_of(self, student: str | None) -> int | None:
        """The seat ``student`` holds at this table, if any."""
        return next((s.index for s in self.seats if student is not None and s.student == student), None)

    def open_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.kind == OPEN]

    def sit(self, student: str, name: str, index: object) -> Seat:
        """``student`` takes seat ``index`` (open, or a bot's); one seat per person per table."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.seats):
            raise Refusal(f"there is no seat {excerpt(index)}", f"места {excerpt(index)} нет")
        seat = self.seats[index]
        if seat.student == student:
            return seat
        if seat.kind == HUMAN:
            raise Refusal(
                f"{player_name(index)}'s seat is taken by {seat.name}",
                f"место «{player_name(index, 'ru')}» занято: {seat.name}",
            )
        if self.seat_of(student) is not None:
            raise Refusal("you already have a seat at this table", "у вас уже есть место за этим столом")
        was_bot = seat.kind == BOT
        if was_bot and self.state.history and seat.left_by != student:
            # a bot's hand has been played from: whoever sat there now would read what it kept
            raise Refusal(
                f"a bot plays {player_name(index, capital=False)}'s seat: once the game has begun, only the "
                "player who left it (with the seat's code) or the teacher can seat someone there",
                f"за место «{player_name(index, 'ru')}» играет бот: после начала партии сесть туда может "
                "только тот, кто его оставил (с кодом места), или ученика посадит учитель",
            )
        self._give(seat, student, name, keep_code=was_bot and seat.left_by == student)
        who = f"{name} ({player_name(index)})"
        who_ru = f"{name} ({player_name(index, 'ru')})"
        if was_bot:
            self._note(f"{who} takes the bot's seat.", f"{who_ru} занимает место бота.")
        else:
            self._note(f"{who} sits down.", f"{who_ru} садится за стол.")
        return seat

    def take_with_code(self, student: str, name: str, code: object) -> Seat:
        """The seat whose code is ``code`` passes to ``student`` (the same person on another device)."""
        wanted = read_code(code, SEAT_CODE_LENGTH)
        seat = next((s for s in self.seats if wanted and s.code == wanted), None)
        if seat is None:
            raise Refusal("no seat of this table has that code", "ни у одного места этого стола нет такого кода")
        if seat.student != student:
            if self.seat_of(student) is not None:
                raise Refusal("you already have a seat at this table", "у вас уже есть место за этим столом")
            self._give(seat, student, name, keep_code=True)
            who = f"{name} ({player_name(seat.index)})"
            self._note(
                f"{who} continues on another device.",
                f"{name} ({player_name(seat.index, 'ru')}) продолжает с другого устройства.",
            )
        return seat

    def seat_by_teacher(self, student: str, name: str, index: object) -> Seat:
        """The teacher seats ``student`` at seat ``index`` (open or a bot's, at any point of the game);
        a seat the student had at this table before is left to a bot."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.seats):
            raise Refusal(f"there is no seat {excerpt(index)}", f"места {excerpt(index)} нет")
        seat = self.seats[index]
        if seat.student == student:
            return seat
        if seat.kind == HUMAN:
            self.leave(seat.student)
        if self.seat_of(student) is not None:
            self.leave(student)
        self._give(seat, student, name)
        self._note(
            f"The teacher seats {name} at {player_name(index, capital=False)}'s place.",
            f"Учитель сажает {name} на место «{player_name(index, 'ru')}».",
        )
        return seat

    def _give(self, seat: Seat, student: str, name: str, *, keep_code: bool = False) -> None:
        seat.kind, seat.student, seat.name, seat.left_by = HUMAN, student, name, None
        seat.code = seat.code if keep_code and seat.code else new_code(SEAT_CODE_LENGTH)
        seat.connected, seat.away_since, seat.stand_in = 0, None, False
        self.bots.pop(seat.index, None)
        self._changed()

    def rename(self, student: str, name: str) -> None:
        index = self.seat_of(student)
        if index is not None and self.seats[index].name != name:
            self.seats[index].name = name
            self._changed()

    def fill_with_bots(self, student: str) -> list[int]:
        """Bots take every open seat (asked by a person seated here); the seats filled."""
        if self.seat_of(student) is None:
            raise Refusal("only a player of this table can call the bots", "звать ботов может только игрок этого стола")
        filled = self.open_seats()
        for index in filled:
            self.seats[index].kind = BOT
        if filled:
            names = ", ".join(player_name(i) for i in filled)
            names_ru = ", ".join(player_name(i, "ru") for i in filled)
            self._note(f"Bots play for {names}.", f"Боты играют за: {names_ru}.")
        return filled

    def set_strength(self, student: str | None, index: object, strength: object, *, teacher: bool = False) -> None:
        """The bot playing seat ``index`` plays at ``strength`` from its next move (asked by the one who
        opened the table, or by the teacher); said in the log."""
        strength = read_strength(strength)
        if not teacher and (student is None or student != self.opener):
            raise Refusal(
                "only the one who opened this table (or the teacher) chooses how strong its bots are",
                "силу ботов выбирает тот, кто открыл стол (или учитель)",
            )
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.seats):
            raise Refusal(f"there is no seat {excerpt(index)}", f"места {excerpt(index)} нет")
        seat = self.seats[index]
        if not seat.played_by_bot:
            raise Refusal(
                f"no bot plays {player_name(index, capital=False)}'s seat",
                f"на месте «{player_name(index, 'ru')}» не играет бот",
            )
        if seat.strength == strength:
            return
        seat.strength = strength
        self.bots.pop(index, None)
        en, ru = (strength_name(strength, lang, self.module) for lang in ("en", "ru"))
        self._note(
            f"The bot at {player_name(index, capital=False)}'s seat is now {en}.",
            f"Бот на месте «{player_name(index, 'ru')}» теперь {ru}.",
        )

    def leave(self, student: str) -> None:
        """The person gives up their seat: a bot plays it from now on."""
        index = self.seat_of(student)
        if index is None:
            raise Refusal("you have no seat at this table", "у вас нет места за этим столом")
        seat = self.seats[index]
        name = seat.name
        # the seat keeps its code: its player may come back to it (and nobody else, once play began)
        seat.kind, seat.student, seat.name, seat.stand_in, seat.left_by = BOT, None, "", False, student
        self._note(
            f"{name} ({player_name(index)}) leaves the table; a bot plays for them.",
            f"{name} ({player_name(index, 'ru')}) уходит из-за стола; за него играет бот.",
        )

    def play_again(self, student: str | None, *, seed: int, teacher: bool = False) -> None:
        """A new deal of the same game at this table, everyone in the same seat (a player of a finished
        game asks, or the teacher at any time)."""
        if not teacher:
            if self.seat_of(student) is None:
                raise Refusal("only a player of this table can deal again", "сдать заново может только игрок стола")
            if not self.over:
                raise Refusal("the game is not over yet", "партия ещё не окончена")
        factory, args = self.state.origin
        self.state = self.module.make(factory, **{**args, "seed": seed})
        self.seed, self.rng = seed, random.Random(seed)
        self.deal += 1
        self.bots.clear()
        self.notes = [
            TableNote(0, "A new game at this table, the same seats.", "Новая партия за этим столом, те же места.")
        ]
        self._changed()

    # ---- pages coming and going

    def connected(self, index: int) -> None:
        """A page of the seat's person connected: a bot standing in gives the seat back."""
        seat = self.seats[index]
        seat.connected += 1
        seat.away_since = None
        if seat.stand_in:
            seat.stand_in = False
            self._note(
                f"{seat.name} ({player_name(index)}) is back and plays again.",
                f"{seat.name} ({player_name(index, 'ru')}) вернулся и снова играет.",
            )
        else:
            self._changed()

    def disconnected(self, index: int, now: float) -> None:
        seat = self.seats[index]
        seat.connected = max(0, seat.connected - 1)
        if seat.connected == 0 and seat.kind == HUMAN:
            seat.away_since = now
        self._changed()

    def stand_in_for_absent(self, now: float, after: float) -> list[int]:
        """A bot plays for each person whose pages have all been gone ``after`` seconds; the seats."""
        gone = []
        for seat in self.seats:
            if seat.kind == HUMAN and seat.connected == 0 and seat.away_since is None:
                seat.away_since = now  # seated from a page that never connected to the table
            if (
                seat.kind == HUMAN
                and not seat.stand_in
                and seat.away_since is not None
                and now - seat.away_since >= after
            ):
                seat.stand_in = True
                gone.append(seat.index)
                self._note(
                    f"{seat.name} ({player_name(seat.index)}) has left the table; "
                    "a bot plays for them until they come back.",
                    f"{seat.name} ({player_name(seat.index, 'ru')}) ушёл из-за стола; "
                    "пока он не вернётся, за него играет бот.",
                )
        return gone

    # ---- moves

    def play(self, student: str, label: object, step: object) -> Action:
        """The move labelled ``label`` for ``student``'s seat, if the table is still at ``step``."""
        index = self._mover(student, step)
        if not isinstance(label, str) or len(label) > MAX_LABEL:
            raise Refusal("a move is named by its label", "ход называется своей меткой")
        mine = [a for a in self.state.legal_actions() if a.player == index]
        action = next((a for a in mine if a.label == label), None)
        if action is None:
            # One answer for every label that is not a move of this seat, whatever it names: whether
            # another seat could make it would tell which cards that seat holds.
            self._refuse_not_your_turn(index, mine)
            shown = excerpt(label)
            raise IllegalAction(
                f"no legal move is labelled {shown!r} now", f"сейчас нет разрешённого хода с меткой «{shown}»"
            )
        return self._apply(action)

    def play_cards(self, student: str, cards: object, step: object) -> Action:
        """The move that plays exactly ``cards`` (notation, either language) for ``student``'s seat.

        One such move is played; several are a :class:`Choose`; none is refused with the
        engine's reason for the nearest move (the same move with this card instead),
        or, failing that, with what is wrong in general.
        """
        index = self._mover(student, step)
        if not isinstance(cards, list) or not 0 < len(cards) <= MAX_CARDS or not all(isinstance(c, str) for c in cards):
            raise Refusal("name one card or a few", "назовите карту или несколько карт")
        wanted = Counter(parse_card(c) for c in cards)
        mine = [a for a in self.state.legal_actions() if a.player == index]
        self._refuse_not_your_turn(index, mine)
        fits = [a for a in mine if Counter(action_cards(a)) == wanted]
        if not fits and len(wanted) == 1:  # one card tapped: the moves it takes part in (DoMiMi's sums)
            card = next(iter(wanted))
            fits = [a for a in mine if card in action_cards(a)]
        if len(fits) == 1:
            return self._apply(fits[0])
        shown_en = " ".join(format_card(c, "en") for c in wanted.elements())
        shown_ru = " ".join(format_card(c, "ru") for c in wanted.elements())
        if fits:
            raise Choose(
                f"{shown_en} can be played in {len(fits)} ways: choose one of the moves",
                f"{shown_ru} можно сыграть {len(fits)} способами: выберите ход",
                [a.label for a in fits],
            )
        if len(wanted) == 1:
            reason = self._nearest_reason(mine, next(iter(wanted)))
            if reason is not None:
                raise reason
        # no move of this seat holds a card (take, pass, draw...): what the seat may do, and its rule
        moves_en = "; ".join(painter(self.game_id, "en").action_text(a) for a in mine[:4])
        moves_ru = "; ".join(painter(self.game_id, "ru").action_text(a) for a in mine[:4])
        raise IllegalAction(
            f"no legal move plays {shown_en} now; your moves: {moves_en}",
            f"сейчас нет хода, который играет {shown_ru}; ваши ходы: {moves_ru}",
            rule=mine[0].rule,
        )

    def _nearest_reason(self, mine: list[Action], card: Card) -> IllegalAction | None:
        """The engine's reason against the legal move of this seat with ``card`` in place of its card."""
        for action in mine:
            if not isinstance(action.card, Card):
                continue
            try:
                candidate = dataclasses.replace(action, card=card)
                reason = self.state.why_illegal(candidate)
            except Exception:  # a move that cannot hold that card: ask the next one
                continue
            if isinstance(reason, IllegalAction) and reason.rule:
                return reason
        return None

    def _mover(self, student: str, step: object) -> int:
        index = self.seat_of(student)
        if index is None:
            raise Refusal("you have no seat at this table", "у вас нет места за этим столом")
        if step != len(self.state.history):
            raise Refusal(
                "the game has moved on since: look at the table again", "с тех пор игра ушла вперёд: посмотрите на стол"
            )
        if self.over:
            raise IllegalAction("the game is over", "игра окончена", rule="end")
        return index

    def _refuse_not_your_turn(self, index: int, mine: list[Action]) -> None:
        if mine:
            return
        current = self.state.current_player
        raise Refusal(
            f"it is not your turn: {self._who(current, 'en')} is to move",
            f"сейчас не ваш ход: ходит {self._who(current, 'ru')}",
        )

    def _apply(self, action: Action) -> Action:
        self.state.apply(action)  # the engine's front door: an illegal move raises and changes nothing
        self._changed()
        return action

    # ---- bots

    def bot_to_move(self) -> int | None:
        """The seat a bot plays that must move now, if any."""
        if self.over:
            return None
        current = self.state.current_player
        return current if current is not None and self.seats[current].played_by_bot else None

    def bot_job(self) -> BotJob | None:
        """What the bot to move needs to choose (see :class:`BotJob`), taken now; None if no bot is to move."""
        index = self.bot_to_move()
        if index is None:
            return None
        bot = self.bots.get(index)
        if bot is None:
            bot = self.bots[index] = make_bot(self.module, self.seats[index].strength, self.state, index)
        view = self.state.view(index) if bot.needs_view else {}
        actions = [a for a in self.state.legal_actions() if a.player == index]
        rng = random.Random(self.rng.getrandbits(64))
        return BotJob(len(self.state.history), index, self.deal, bot, view, actions, rng)

    def bot_moves(self, job: BotJob, action: Action, bot: Player | None = None) -> bool:
        """Play the bot's ``action`` if the table is where the bot looked at it, the same deal, and the
        seat still that bot's; ``bot``: the bot as it stands after choosing (a copy from another process).
        A choice that comes too late is dropped."""
        current = self.bots.get(job.index)
        if (
            job.deal != self.deal
            or job.step != len(self.state.history)
            or self.bot_to_move() != job.index
            or current is not job.bot
        ):
            if isinstance(job.bot, Coach) and current is job.bot:
                self.bots.pop(job.index)  # its memory took in a move not made: it is rebuilt from the game
            return False
        legal = next((a for a in self.state.legal_actions() if a == action and a.player == job.index), None)
        if legal is None:
            return False
        if bot is not None:
            self.bots[job.index] = bot
        self._apply(legal)
        return True

    # ---- what a seat sees

    def snapshot(self, viewer: int | None, lang: str) -> str:
        """The table as seat ``viewer`` sees it (``None``: a spectator), as JSON text for its pages."""
        key = (self.version, viewer, lang)
        text = self._cache.get(key)
        if text is None:
            if len(self._cache) > 64:
                self._cache.clear()
            text = json.dumps(self._picture(viewer, check_lang(lang)), ensure_ascii=False, separators=(",", ":"))
            self._cache[key] = text
        return text

    def _picture(self, viewer: int | None, lang: str) -> dict:
        state, paint = self.state, painter(self.game_id, lang)
        last = state.history[-1] if state.history else None
        fresh = moved_cards(last) if last else frozenset()
        seat_view = viewer if viewer is not None else 0  # a spectator sees the public table: no hand, no moves
        log = self._log(lang)
        latest = next((e for e in reversed(log) if e["kind"] == "action"), None)
        picture = {
            "t": "table",
            "code": self.code,
            "game": self.game_id,
            "title": self.module.name(lang),
            "lang": lang,
            "step": len(state.history),
            "version": self.version,
            "over": self.over,
            "seats": [self._seat_picture(s, paint, lang) for s in self.seats],
            "you": viewer,
            "centre": paint.draw_table(state, seat_view, fresh),
            "last": latest,
            "status": self._status(viewer, lang),
            "log": log[-LOG_SHOWN:],
            "log_total": len(log),
            "hand": [],
            "moves": [],
            "opener_seat": self.seat_of(self.opener),
            "strengths": [[s, strength_name(s, lang, self.module)] for s in STRENGTHS],
        }
        if viewer is not None:
            picture["seat_code"] = self.seats[viewer].code
            picture["hand"] = self._hand(paint, viewer, fresh, lang)
            if not self.seats[viewer].played_by_bot:
                picture["moves"] = [
                    {
                        "label": a.label,
                        "text": paint.action_text(a),
                        "explain": a.explain(lang),
                        **rule_info(a.rule, lang),
                    }
                    for a in state.legal_actions()
                    if a.player == viewer
                ]
        return picture

    def _seat_picture(self, seat: Seat, paint: TablePainter, lang: str) -> dict:
        state = self.state
        cards = count(len(paint.hand(state, seat.index)), lang) if paint.HAND_SIZES else ""
        return {
            "seat": seat.index,
            "player": player_name(seat.index, lang),
            "name": seat.name,
            "kind": seat.kind,
            "stand_in": seat.stand_in,
            "bot": seat.played_by_bot,
            "strength": seat.strength,
            "strength_name": strength_name(seat.strength, lang, self.module),
            "here": seat.connected > 0,
            "role": paint.seat_role(state, seat.index),
            "cards": cards,
            "current": seat.index == state.current_player and not self.over,
        }

    def _hand(self, paint: TablePainter, viewer: int, fresh: frozenset[Card], lang: str) -> list[dict]:
        legal = {c for a in self.state.legal_actions() if a.player == viewer for c in action_cards(a)}
        return [
            {
                "card": format_card(c, lang),
                "name": card_name(c, lang),
                "legal": c in legal,
                "svg": svg.card(c, lang=lang, width=56, highlight="last" if c in fresh else None),
            }
            for c in paint.hand(self.state, viewer)
        ]

    def _who(self, seat: int | None, lang: str) -> str:
        if seat is None:
            return ""
        name = self.seats[seat].name
        return f"{name} ({player_name(seat, lang)})" if name else player_name(seat, lang, capital=False)

    def _status(self, viewer: int | None, lang: str) -> str:
        state = self.state
        if self.over:
            result = state.result()
            winners = ", ".join(self._who(p, lang) for p in result.winners)
            return pick(lang, f"Game over. Winners: {winners}.", f"Партия окончена. Победители: {winners}.") + (
                f" {result.note(lang)}" if result.note(lang) else ""
            )
        current = state.current_player
        seat = self.seats[current]
        if current == viewer and not seat.played_by_bot:
            return pick(lang, "Your move.", "Ваш ход.")
        if seat.kind == OPEN:
            return pick(
                lang,
                f"Waiting for someone to take {player_name(current)}'s seat (table {self.code}).",
                f"Ждём, кто займёт место «{player_name(current, 'ru')}» (стол {self.code}).",
            )
        if seat.played_by_bot:
            # after «за» the player is in the accusative: «за игрока 3»; a name stays as its owner wrote it
            whom = f"игрока {current + 1}" + (f" ({seat.name})" if seat.name else "")
            return pick(lang, f"A bot plays for {self._who(current, 'en')}.", f"За {whom} играет бот.")
        return pick(lang, f"{self._who(current, 'en')} is to move.", f"Ходит {self._who(current, 'ru')}.")

    def _log(self, lang: str) -> list[dict]:
        """The engine's log in ``lang`` with the table's notes in their places."""
        cached = self._logs.get(lang)
        if cached is not None:
            return cached
        entries = self.state.log(lang)
        notes = iter(self.notes)
        note = next(notes, None)
        out: list[dict] = []
        for entry in entries:
            # a note made after n moves comes after the n-th move and what followed from it
            while note is not None and (note.step < entry.step or (note.step == entry.step and entry.kind == "action")):
                out.append({"text": pick(lang, note.en, note.ru), "kind": "table", "rule": ""})
                note = next(notes, None)
            out.append({"text": entry.text, "kind": entry.kind, **rule_info(entry.rule, lang)})
        while note is not None:
            out.append({"text": pick(lang, note.en, note.ru), "kind": "table", "rule": ""})
            note = next(notes, None)
        self._logs[lang] = out
        return out

    # ---- changes

    def _note(self, en: str, ru: str) -> None:
        self.notes.append(TableNote(len(self.state.history), en, ru))
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._cache.clear()
        self._logs.clear()

    def touch(self, now: float) -> None:
        self.touched = now

    def teacher_row(self, lang: str) -> dict:
        """What the teacher's board lists of a table: its game, who sits where, the step and the last move
        (nothing any seat keeps hidden)."""
        log = self._log(lang)
        latest = next((e["text"] for e in reversed(log) if e["kind"] == "action"), "")
        return {
            "code": self.code,
            "game": self.module.name(lang),
            "step": len(self.state.history),
            "over": self.over,
            "last": latest,
            "seats": [
                {
                    "seat": s.index,
                    "player": player_name(s.index, lang),
                    "name": s.name,
                    "kind": s.kind,
                    "bot": s.played_by_bot,
                    "strength": s.strength,
                    "strength_name": strength_name(s.strength, lang, self.module),
                }
                for s in self.seats
            ],
        }

    def summary(self, lang: str) -> dict:
        """What the class page lists of a table: its game, code and seats (names are the players' own)."""
        return {
            "code": self.code,
            "game": self.module.name(lang),
            "players": len(self.seats),
            "open": len(self.open_seats()),
            "names": [s.name for s in self.seats if s.kind == HUMAN],
            "over": self.over,
        }


@functools.cache
def _rule_parts(rule: str, lang: str) -> tuple[tuple[str, str], ...]:
    if not rule:
        return (("rule", ""),)
    return (("rule", rule), ("href", rule_href(rule)), ("title", rule_title(rule, lang)))


def rule_info(rule: str, lang: str) -> dict:
    """A rule's id, its address in the book and its title in ``lang`` (for a rule link)."""
    return dict(_rule_parts(rule, lang))


def escape(text: str) -> str:
    return html.escape(text, quote=True)


__all__ = [
    "BOT",
    "CODE_LETTERS",
    "DEFAULT_STRENGTH",
    "STRENGTHS",
    "BotJob",
    "HUMAN",
    "OPEN",
    "Choose",
    "NotationError",
    "Refusal",
    "Seat",
    "Table",
    "choice_label",
    "make_bot",
    "choice_text",
    "new_code",
    "option_fields",
    "painter",
    "read_code",
    "read_options",
    "read_strength",
    "strength_name",
]
