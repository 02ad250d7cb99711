"""Minefield's words: the rules' titles, the cards' roles, and the notes that tell what happens in
a move, one class per kind of event."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from rules.cards import ALL_CARDS, Card, format_card, format_cards, parse_card
from rules.errors import check_lang
from rules.game import Note
from rules.games.minefield.board import (
    BLACK_JOKER,
    CURSE,
    DOCTOR_EVIL,
    EXTRA_MINE,
    HAREM,
    IMMUNITY,
    LUCK,
    MINE,
    MISFORTUNE,
    RED_JOKER,
    SHIELD,
)
from rules.lang import count, pick, player_name, signed

#: rule id -> (English title, Russian title); each is a label of the chapter
RULES: dict[str, tuple[str, str]] = {
    "minefield.setup": ("The minefield", "Минное поле"),
    "minefield.move": ("A move", "Ход"),
    "minefield.luck": ("Luck (A♦)", "Удача (туз бубей)"),
    "minefield.misfortune": ("Misfortune (A♣)", "Неудача (туз крестей)"),
    "minefield.shield": ("Shield (A♥)", "Щит (туз червей)"),
    "minefield.immunity": ("Immunity (K♥)", "Иммунитет (король червей)"),
    "minefield.doctor_evil": ("Doctor Evil (K♣)", "Доктор зло (король крестей)"),
    "minefield.mine": ("The mine (Q♠)", "Мина (дама пик)"),
    "minefield.curse": ("Curse (A♠)", "Проклятие (туз пик)"),
    "minefield.extra_mine": ("Extra mine (K♠)", "Доп. мина (король пик)"),
    "minefield.quads": ("Quads", "Каре"),
    "minefield.harem": ("Harem", "Гарем"),
    "minefield.jokers": ("Two jokers", "Два джокера"),
    "minefield.jackpot": ("Jackpot", "Джек пот"),
    "minefield.end": ("The end and the score", "Конец игры и подсчёт очков"),
}

_ROLES = {
    MINE: ("mine", "мина"),
    CURSE: ("curse", "проклятие"),
    EXTRA_MINE: ("extra mine", "доп. мина"),
    MISFORTUNE: ("misfortune", "неудача"),
    DOCTOR_EVIL: ("Doctor Evil", "доктор зло"),
    SHIELD: ("shield", "щит"),
    IMMUNITY: ("immunity", "иммунитет"),
    LUCK: ("luck", "удача"),
    RED_JOKER: ("joker", "джокер"),
    BLACK_JOKER: ("joker", "джокер"),
}


def card_role(card: Card | str, lang: str = "en") -> str:
    """The magic name of a card ("mine", "shield"...), or "" for the 44 ordinary cards.

    >>> card_role("Q♠"), card_role("A♥", "ru"), card_role("7♦")
    ('mine', 'щит', '')
    """
    check_lang(lang)
    idx = (parse_card(card) if isinstance(card, str) else card).index
    names = _ROLES.get(idx)
    return "" if names is None else pick(lang, *names)


def _c(idx: int, lang: str = "en") -> str:
    return format_card(ALL_CARDS[idx], lang)


#: "3 moves", "3 хода"
_moves = partial(count, en=("move", "moves"), ru=("ход", "хода", "ходов"))


def _whom(players: Sequence[int], lang: str) -> str:
    """ "player 2" / "players 1, 3"; in Russian the genitive ("у игрока 2", "с игроков 1, 3")."""
    nums = ", ".join(str(p + 1) for p in players)
    return pick(
        lang,
        ("player " if len(players) == 1 else "players ") + nums,
        ("игрока " if len(players) == 1 else "игроков ") + nums,
    )


_QUAD_NAMES = {
    "en": {r: f"{r}s" for r in range(2, 11)} | {11: "jacks", 12: "queens"},
    "ru": dict(
        zip(
            range(2, 13),
            "двоек троек четвёрок пятёрок шестёрок семёрок восьмёрок девяток десяток вальтов дам".split(),
            strict=True,
        )
    ),
}


# ---------------------------------------------------------------- what happens in a move: notes

#: the notes of the game, each a kind of event (its class's ``KIND``), in the order of the rules
_NOTES: dict[str, type[Event]] = {}


def _note(cls: type) -> type:
    """Make ``cls`` a kind of Minefield's notes: a frozen dataclass whose own fields are its details.

    Its ``__init__(move, player, *details, points=0)`` is written for it here, as the
    dataclass module writes its own: a move records several notes, and the frozen
    dataclass's ``__init__`` (one ``object.__setattr__`` per field) would cost a tenth
    of a simulated game.
    """
    cls = dataclass(frozen=True, init=False)(cls)
    cls.DETAILS = details = tuple(f.name for f in dataclasses.fields(cls))[3:]
    args, sets = "".join(f", {d}" for d in details), "".join(f", {d}={d}" for d in details)
    source = (
        f"def __init__(self, move, player{args}, points=0):\n"
        f"    self.__dict__.update(move=move, player=player, points=points{sets})"
    )
    namespace: dict = {}
    exec(source, namespace)
    cls.__init__ = namespace["__init__"]
    _NOTES[cls.KIND] = cls
    return cls


@dataclass(frozen=True, init=False)
class Event(Note):
    """Something that happened in a move, to ``player``: the base of Minefield's notes.

    ``points`` is the change of that player's score (0 if none). Each kind of event is
    a subclass with its rule (``RULE``), its name (``KIND``, a key of ``EVENT_KINDS``),
    its own details as fields (``data`` lists them in order) and its sentence.
    """

    move: int
    player: int
    points: int = 0
    KIND: ClassVar[str] = ""
    DETAILS: ClassVar[tuple[str, ...]] = ()

    @property
    def kind(self) -> str:
        return self.KIND

    @property
    def data(self) -> tuple:
        """The kind's details in order (for readers that take them apart)."""
        return tuple(getattr(self, name) for name in self.DETAILS)

    @property
    def rule_title(self) -> tuple[str, str]:
        return RULES[self.rule]

    def to_json(self) -> dict:
        return {
            "move": self.move,
            "player": self.player,
            "kind": self.kind,
            "rule": self.rule,
            "points": self.points,
            "en": self.explain("en"),
            "ru": self.explain("ru"),
        }


class _Said(Event):
    """A kind whose sentence is one template: {Who}/{who} the player (at the start of a
    sentence / inside it), {num} the player's number, {pts} the points with their sign,
    {points} without."""

    EN: ClassVar[str] = ""
    RU: ClassVar[str] = ""

    def explain(self, lang: str = "en") -> str:
        words = {
            "Who": player_name(self.player, lang),
            "who": player_name(self.player, lang, capital=False),
            "num": self.player + 1,
            "pts": signed(self.points, lang),
            "points": abs(self.points),
        }
        return pick(lang, self.EN, self.RU).format(**words)


@_note
class Opened(Event):
    """The barrel drawn opens cell ``cell``: its main card ``main`` and its amplifier ``amp`` (card indexes)."""

    cell: int
    main: int
    amp: int
    KIND, RULE = "open", "minefield.move"

    def explain(self, lang: str = "en") -> str:
        cell, main, amp = self.cell, self.main, self.amp
        amplified = main == amp
        who = player_name(self.player, lang)
        role = card_role(ALL_CARDS[main], lang) if main != MINE else ""
        role = f" ({role})" if role else ""
        if main == MINE:
            what, take = pick(lang, f"the mine {_c(main)}", f"мина {_c(main, 'ru')}"), ""
        else:
            what = _c(main, lang)
            twice = pick(lang, " and counts twice", " и считается дважды") if amplified else ""
            take = pick(lang, f"; {_c(main)} is collected", f"; {_c(main, 'ru')} идёт в сбор") + twice
        if amplified:
            amp_text = pick(lang, "the same card: the cell is amplified", "та же карта: ячейка усиленная")
        else:
            amp_text = pick(lang, f"amplifier {_c(amp)}", f"усиливающая {_c(amp, 'ru')}")
        return pick(
            lang,
            f"{who} draws barrel {cell}: cell {cell} holds {what}{role}, {amp_text}{take}",
            f"{who} вытягивает бочонок {cell}: в ячейке {cell} {what}{role}, {amp_text}{take}",
        )


@_note
class MineHit(Event):
    amplified: bool
    KIND, RULE = "mine", "minefield.mine"

    def explain(self, lang: str = "en") -> str:
        who, pts = player_name(self.player, lang), signed(self.points, lang)
        if self.amplified:
            return pick(
                lang, f"{who} is blown up by the amplified mine: {pts}", f"{who} подрывается на усиленной мине: {pts}"
            )
        return pick(lang, f"{who} is blown up by the mine: {pts}", f"{who} подрывается на мине: {pts}")


@_note
class MineFirst(_Said):
    KIND, RULE = "mine_first", "minefield.mine"
    EN = "The mine on the game's first move: {who} gets {pts} instead of -{points}"
    RU = "Мина на первом ходу игры: {who} получает {pts} вместо -{points}"
    amplified: bool


@_note
class MineShielded(Event):
    amplified: bool
    KIND, RULE = "mine_shielded", "minefield.shield"

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang)
        kind = pick(lang, "amplified mine", "усиленная мина") if self.amplified else pick(lang, "mine", "мина")
        return pick(
            lang, f"{who} is under a shield: the {kind} takes no points", f"{who} под щитом: {kind} не отнимает очков"
        )


@_note
class MineRelaid(Event):
    """The mine stays in play: ``cells`` unopened cells take it again; barrel ``cell`` goes back."""

    cell: int
    cells: int
    KIND, RULE = "relay", "minefield.mine"

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang, capital=False)
        cells_en = count(self.cells, "en", ("unopened cell", "unopened cells"))
        cells_ru = count(self.cells, "ru", ("", ""), ("закрытой ячейки", "закрытых ячеек", "закрытых ячеек"))
        return pick(
            lang,
            f"The mine stays in play: the main cards of the {cells_en} and the mine are shuffled and laid again; "
            f"barrel {self.cell} goes back into the bag; {who} makes no repeat move",
            f"Мина остаётся в игре: основные карты {cells_ru} вместе с миной перемешиваются и раскладываются заново; "
            f"бочонок {self.cell} возвращается в мешок; {who} не ходит повторно",
        )


@_note
class MineLast(_Said):
    KIND, RULE = "mine_last", "minefield.mine"
    EN = "The mine was in the last closed cell: it is not laid again"
    RU = "Мина была в последней закрытой ячейке: заново её не раскладывают"


@_note
class Luck(Event):
    """Luck: ``next_player`` must make ``moves`` moves in a row."""

    next_player: int
    moves: int
    KIND, RULE = "luck", "minefield.luck"

    def explain(self, lang: str = "en") -> str:
        who, n = player_name(self.next_player, lang, capital=False), _moves(self.moves, lang)
        return pick(lang, f"Luck: {who} must make {n} in a row", f"Удача: {who} должен сделать {n} подряд")


@_note
class LuckBlocked(_Said):
    KIND, RULE = "luck_blocked", "minefield.doctor_evil"
    EN = "Luck has no effect: {who} is under Doctor Evil"
    RU = "Удача не действует: {who} под действием доктора зло"


@_note
class Misfortune(Event):
    moves: int
    KIND, RULE = "misfortune", "minefield.misfortune"

    def explain(self, lang: str = "en") -> str:
        who, n = player_name(self.player, lang, capital=False), _moves(self.moves, lang)
        more = count(self.moves, "en", ("more move", "more moves"))
        return pick(lang, f"Misfortune: {who} makes {more}", f"Неудача: {who} делает ещё {n}")


@_note
class MisfortuneImmune(_Said):
    KIND, RULE = "misfortune_immune", "minefield.immunity"
    EN = "{Who} has immunity: Misfortune gives no extra move"
    RU = "У игрока {num} иммунитет: неудача не даёт лишнего хода"


@_note
class Shield(Event):
    """A shield for ``ordinary`` moves against an ordinary mine and ``amplified`` against an amplified one."""

    ordinary: int
    amplified: int
    KIND, RULE = "shield", "minefield.shield"

    def explain(self, lang: str = "en") -> str:
        who, o, a = (
            player_name(self.player, lang, capital=False),
            _moves(self.ordinary, lang),
            _moves(self.amplified, lang),
        )
        if self.ordinary == self.amplified:
            return pick(lang, f"Shield: {who} is protected from the mine for {o}", f"Щит: {who} защищён от мины на {o}")
        return pick(
            lang,
            f"Amplified shield: {who} is protected from an ordinary mine for {o} and from an amplified one for {a}",
            f"Усиленный щит: {who} защищён от обычной мины на {o} и от усиленной на {a}",
        )


@_note
class ShieldBlocked(_Said):
    KIND, RULE = "shield_blocked", "minefield.doctor_evil"
    EN = "The shield has no effect: {who} is under Doctor Evil"
    RU = "Щит не действует: {who} под действием доктора зло"


@_note
class Immunity(Event):
    ordinary: int
    amplified: int
    KIND, RULE = "immunity", "minefield.immunity"

    def explain(self, lang: str = "en") -> str:
        who, o, a = (
            player_name(self.player, lang, capital=False),
            _moves(self.ordinary, lang),
            _moves(self.amplified, lang),
        )
        if self.ordinary == self.amplified:
            return pick(
                lang,
                f"Immunity: {who} is protected from Curse and Misfortune for {o}",
                f"Иммунитет: {who} защищён от проклятия и неудачи на {o}",
            )
        return pick(
            lang,
            f"Amplified immunity: {who} is protected from ordinary Curse and Misfortune for {o} "
            f"and from amplified ones for {a}",
            f"Усиленный иммунитет: {who} защищён от обычных проклятия и неудачи на {o} и от усиленных на {a}",
        )


@_note
class ImmunityVoid(_Said):
    KIND, RULE = "immunity_void", "minefield.immunity"
    EN = "Immunity has no effect: Curse and Misfortune are both out of the game"
    RU = "Иммунитет не действует: проклятие и неудача уже выбыли из игры"


@_note
class DoctorEvil(Event):
    """Doctor Evil: the shields of ``shields`` end, ``luck`` pending Luck moves are cancelled,
    and for the holder's next ``moves`` moves Shield and Luck have no effect."""

    shields: tuple[int, ...]
    luck: int
    moves: int
    KIND, RULE = "doctor_evil", "minefield.doctor_evil"

    def explain(self, lang: str = "en") -> str:
        shields, luck, n = self.shields, self.luck, _moves(self.moves, lang)
        if shields:
            parts = [pick(lang, f"shields end for {_whom(shields, lang)}", f"щит снят у {_whom(shields, lang)}")]
        else:
            parts = [pick(lang, "no shield is active", "действующих щитов нет")]
        if luck:
            parts.append(
                pick(
                    lang,
                    count(luck, "en", ("pending Luck move", "pending Luck moves")),
                    f"отменено ходов удачи: {luck}",
                )
                + pick(lang, " cancelled", "")
            )
        who = player_name(self.player, lang, capital=False)
        return pick(
            lang,
            f"Doctor Evil: {'; '.join(parts)}; for {who}'s next {n} Shield and Luck have no effect",
            f"Доктор зло: {'; '.join(parts)}; следующие {n} игрока {self.player + 1} щит и удача не действуют",
        )


@_note
class Curse(Event):
    amplified: bool
    KIND, RULE = "curse", "minefield.curse"

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang, capital=False)
        extra = ""
        if self.amplified:
            extra = pick(
                lang,
                " (amplified: an unmatched amplifier K♠ in a cell they open also costs 1 point)",
                " (усиленное: открытая им несовпавшая усиливающая К♠ тоже отнимает 1 очко)",
            )
        return pick(
            lang,
            f"Curse: {who} is cursed until the extra mine is opened{extra}",
            f"Проклятие: {who} проклят, пока не откроют доп. мину{extra}",
        )


@_note
class CurseImmune(_Said):
    KIND, RULE = "curse_immune", "minefield.immunity"
    EN = "{Who} has immunity: the curse has no effect"
    RU = "У игрока {num} иммунитет: проклятие не действует"


@_note
class CurseDead(_Said):
    KIND, RULE = "curse_dead", "minefield.curse"
    EN = "The curse has no effect: the extra mine is already open"
    RU = "Проклятие не действует: доп. мина уже открыта"


@_note
class ExtraMineHit(Event):
    amplified: bool
    KIND, RULE = "extra_mine", "minefield.extra_mine"

    def explain(self, lang: str = "en") -> str:
        who, pts = player_name(self.player, lang), signed(self.points, lang)
        if self.amplified:
            kind = pick(lang, "the amplified extra mine", "усиленную доп. мину")
        else:
            kind = pick(lang, "the extra mine", "доп. мину")
        return pick(lang, f"{who} is cursed and opens {kind}: {pts}", f"{who} под проклятием открывает {kind}: {pts}")


@_note
class ExtraMineShielded(_Said):
    KIND, RULE = "extra_mine_shielded", "minefield.shield"
    EN = "{Who} is cursed but under a shield: the extra mine takes no points"
    RU = "{Who} под проклятием, но под щитом: доп. мина не отнимает очков"


@_note
class ExtraMineClears(Event):
    """The extra mine is open: the curse is lifted from ``lifted`` and ends for the game."""

    lifted: tuple[int, ...]
    KIND, RULE = "extra_mine_clears", "minefield.extra_mine"

    def explain(self, lang: str = "en") -> str:
        if self.lifted:
            what = pick(
                lang,
                f"the curse is lifted from {_whom(self.lifted, lang)}",
                f"проклятие снято с {_whom(self.lifted, lang)}",
            )
        else:
            what = pick(lang, "nobody is cursed", "проклятых нет")
        return pick(
            lang,
            f"The extra mine is open: {what}, and the curse has no effect for the rest of the game",
            f"Доп. мина открыта: {what}, и до конца игры проклятие не действует",
        )


@_note
class CurseAmplified(_Said):
    KIND, RULE = "curse_amplified", "minefield.curse"
    EN = "{Who} is under the amplified curse and the cell shows an unmatched amplifier K♠: {pts}"
    RU = "{Who} под усиленным проклятием, а в ячейке несовпавшая усиливающая К♠: {pts}"


@_note
class CurseAmplifiedShielded(_Said):
    KIND, RULE = "curse_amplified_shielded", "minefield.shield"
    EN = "{Who} is under a shield: the amplifier K♠ takes no points"
    RU = "{Who} под щитом: усиливающая К♠ не отнимает очков"


@_note
class Quads(Event):
    rank: int
    KIND, RULE = "quads", "minefield.quads"

    def explain(self, lang: str = "en") -> str:
        who, pts = player_name(self.player, lang), signed(self.points, lang)
        return pick(
            lang,
            f"{who} collects four {_QUAD_NAMES['en'][self.rank]}: {pts}",
            f"{who} собирает каре {_QUAD_NAMES['ru'][self.rank]}: {pts}",
        )


@_note
class Harem(Event):
    replaces: bool
    KIND, RULE = "harem", "minefield.harem"

    def explain(self, lang: str = "en") -> str:
        who, cards = player_name(self.player, lang), format_cards([ALL_CARDS[i] for i in HAREM], lang)
        note = pick(lang, " (it replaces the +1 of four queens)", " (вместо +1 за каре дам)") if self.replaces else ""
        return pick(
            lang, f"{who} collects the Harem {cards}: +2 points{note}", f"{who} собирает «Гарем» {cards}: +2 очка{note}"
        )


@_note
class Jokers(Event):
    doubled: bool
    KIND, RULE = "jokers", "minefield.jokers"

    def explain(self, lang: str = "en") -> str:
        if self.doubled:
            how = pick(lang, "a joker matched by its amplifier", "джокер, совпавший с усиливающей картой")
        else:
            how = pick(lang, "both jokers", "оба джокера")
        return pick(
            lang, f"{player_name(self.player, lang)} has {how}: +1 point", f"У игрока {self.player + 1} {how}: +1 очко"
        )


@_note
class JackpotCard(Event):
    """Amplifier ``card`` is jackpot card ``number`` of 5."""

    card: int
    number: int
    KIND, RULE = "jackpot_card", "minefield.jackpot"

    def explain(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"Amplifier {_c(self.card)} is jackpot card {self.number} of 5",
            f"Усиливающая {_c(self.card, 'ru')} — {self.number}-я из пяти карт джек пота",
        )


@_note
class JackpotLost(Event):
    holders: tuple[int, ...]
    KIND, RULE = "jackpot_lost", "minefield.jackpot"

    def explain(self, lang: str = "en") -> str:
        whom = _whom(self.holders, lang)
        return pick(
            lang,
            f"Jackpot cards are held by {whom}: nobody can win the jackpot now",
            f"Карты джек пота у {whom}: джек пот уже никто не выиграет",
        )


@_note
class Jackpot(Event):
    cards: tuple[int, ...]
    KIND, RULE = "jackpot", "minefield.jackpot"

    def explain(self, lang: str = "en") -> str:
        who, text = player_name(self.player, lang), format_cards([ALL_CARDS[i] for i in self.cards], lang)
        return pick(
            lang,
            f"{who} holds all five jackpot cards {text}: +3 points",
            f"{who} собрал все пять карт джек пота {text}: +3 очка",
        )


@_note
class GameEnded(Event):
    scores: tuple[int, ...]
    KIND, RULE = "end", "minefield.end"

    def explain(self, lang: str = "en") -> str:
        text = ", ".join(str(s) for s in self.scores)
        return pick(
            lang,
            f"The last cell is open: the game is over; scores {text}",
            f"Открыта последняя ячейка: игра окончена; очки {text}",
        )


#: event kind -> rule id, in the order of the rules
EVENT_KINDS: dict[str, str] = {kind: cls.RULE for kind, cls in _NOTES.items()}

#: each kind of event (a key of ``EVENT_KINDS``) as a reader names it, in both languages
EVENT_NAMES: dict[str, tuple[str, str]] = {
    "open": ("a cell opened", "открыта ячейка"),
    "mine": ("the mine hits", "подрыв на мине"),
    "mine_first": ("the mine on the first move (+1)", "мина на первом ходу (+1)"),
    "mine_shielded": ("the mine under a shield", "мина под щитом"),
    "relay": ("the mine laid again", "мина разложена заново"),
    "mine_last": ("the mine in the last cell", "мина в последней ячейке"),
    "luck": ("Luck", "удача"),
    "luck_blocked": ("Luck blocked by Doctor Evil", "удача отменена доктором зло"),
    "misfortune": ("Misfortune", "неудача"),
    "misfortune_immune": ("Misfortune against immunity", "неудача против иммунитета"),
    "shield": ("a shield", "щит"),
    "shield_blocked": ("a shield blocked by Doctor Evil", "щит отменён доктором зло"),
    "immunity": ("immunity", "иммунитет"),
    "immunity_void": ("immunity with nothing to stop", "иммунитет без действия"),
    "doctor_evil": ("Doctor Evil", "доктор зло"),
    "curse": ("the curse", "проклятие"),
    "curse_immune": ("the curse against immunity", "проклятие против иммунитета"),
    "curse_dead": ("the curse after the extra mine", "проклятие после доп. мины"),
    "extra_mine": ("the extra mine hits", "подрыв на доп. мине"),
    "extra_mine_shielded": ("the extra mine under a shield", "доп. мина под щитом"),
    "extra_mine_clears": ("the extra mine lifts the curse", "доп. мина снимает проклятие"),
    "curse_amplified": ("the amplified curse costs a point", "усиленное проклятие отнимает очко"),
    "curse_amplified_shielded": ("the amplified curse under a shield", "усиленное проклятие под щитом"),
    "quads": ("quads", "каре"),
    "harem": ("the Harem", "«Гарем»"),
    "jokers": ("two jokers", "два джокера"),
    "jackpot_card": ("a jackpot card", "карта джек пота"),
    "jackpot_lost": ("the jackpot lost", "джек пот потерян"),
    "jackpot": ("the jackpot won", "джек пот выигран"),
    "end": ("the game's end", "конец игры"),
}


def event_name(kind: str, lang: str) -> str:
    """The reader's name of a kind of event (a key of ``EVENT_KINDS``), e.g. for the statistics."""
    return pick(lang, *EVENT_NAMES[kind])
