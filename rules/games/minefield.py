"""Минное поле (Minefield): a game of pure chance with ten magic cards.

Two 54-card packs are laid face down as 54 numbered cells, each holding a main
card (first pack) and an amplifier card (second pack); a cell whose two cards are
identical is *amplified*. In turn, players draw lotto barrels 1..54 from a bag and
open the cell with that number: the mover collects its main card and the card's
magic, if any, takes effect. The mine (Q♠) is never collected: it is shuffled back
into the unopened cells, so anyone can step on it again. The game ends when the
last cell is opened; the highest score wins.

The only decision is "draw the next barrel"; what matters is what happens, so every
move records :class:`Event` s (which rule fired, for whom, with what effect) that
explain themselves in English and Russian.

Seats: the lot for the first player has already been drawn, so seat 0 (player 1)
moves first and play goes clockwise (seat 1, 2, ...).

>>> state = new_game(players=3, seed=1)
>>> state.apply(state.legal_actions()[0])
>>> state.events[0].rule
'minefield.move'
>>> len(state.scores())
3

Teaching scenarios fix the cells and the barrels:

>>> layout = make_layout({1: ("Q♠", "5♦")})
>>> state = new_game(players=2, seed=0, layout=layout, barrels=[1])
>>> state.apply(Draw(0))
>>> state.scores()   # the mine on the game's first move gives +1 instead of -1
[1, 0]
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from rules.cards import ALL_CARDS, Card, NotationError, deck, format_card, format_cards, parse_card
from rules.errors import IllegalAction, OptionError, check_lang
from rules.game import Action, Game, GameInfo, Note, Result, Setup, State, Variant, check_options
from rules.lang import count, pick, player_name, signed

__all__ = [
    "GAME",
    "RULES",
    "Options",
    "Draw",
    "Event",
    "MinefieldState",
    "new_game",
    "from_json",
    "make_layout",
    "SCENARIOS",
    "Scenario",
    "scenario",
    "SETUPS",
    "measure",
    "measure_effects",
    "score_table",
    "wins",
    "EVENT_KINDS",
    "EVENT_NAMES",
    "event_name",
    "DrawPlayer",
    "CELLS",
    "ROWS",
    "COLS",
    "MAX_ACTIONS",
    "card_role",
]

CELLS = 54
ROWS, COLS = 6, 9
#: A bound on the number of moves of one game. The mine can in principle be hit
#: forever; with k unopened cells it is hit with probability 1/k, so a game lasts
#: about 58.5 moves on average and more than 1000 moves essentially never.
MAX_ACTIONS = 1000

# ---------------------------------------------------------------- the cards, as Card.index
# ♠ 0..12, ♣ 13..25, ♥ 26..38, ♦ 39..51 (ace..king), red joker 52, black joker 53.
MINE = 11  # Q♠
CURSE = 0  # A♠
EXTRA_MINE = 12  # K♠
MISFORTUNE = 13  # A♣
DOCTOR_EVIL = 25  # K♣
SHIELD = 26  # A♥
IMMUNITY = 38  # K♥
LUCK = 39  # A♦
RED_JOKER, BLACK_JOKER = 52, 53
HAREM = (24, 37, 50, 51)  # Q♣ Q♥ Q♦ K♦
QUEENS = (24, 37, 50)

#: rank number used for counting quads, per card index (0 = not counted)
_QUAD_RANK = [0] * 54
for _i in range(52):
    _r = _i % 13 + 1
    if 2 <= _r <= 11 or (_r == 12 and _i != MINE):
        _QUAD_RANK[_i] = _r

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
    return "" if names is None else names[lang == "ru"]


def _c(idx: int, lang: str = "en") -> str:
    return format_card(ALL_CARDS[idx], lang)


#: "3 moves", "3 хода"
_moves = partial(count, en=("move", "moves"), ru=("ход", "хода", "ходов"))


def _whom(players: Sequence[int], lang: str) -> str:
    """ "player 2" / "players 1, 3"; in Russian the genitive ("у игрока 2", "с игроков 1, 3")."""
    nums = ", ".join(str(p + 1) for p in players)
    if lang == "en":
        return ("player " if len(players) == 1 else "players ") + nums
    return ("игрока " if len(players) == 1 else "игроков ") + nums


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
    source = f"def __init__(self, move, player{args}, points=0):\n    self.__dict__.update(move=move, player=player, points=points{sets})"
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
                lang, f"{who} steps on the amplified mine: {pts}", f"{who} подрывается на усиленной мине: {pts}"
            )
        return pick(lang, f"{who} steps on the mine: {pts}", f"{who} подрывается на мине: {pts}")


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
        return pick(
            lang,
            f"The mine stays in play: the main cards of the {self.cells} unopened cells and the mine are shuffled "
            f"and laid again; barrel {self.cell} goes back into the bag; {who} makes no repeat move",
            f"Мина остаётся в игре: основные карты {self.cells} закрытых ячеек вместе с миной перемешиваются "
            f"и раскладываются заново; бочонок {self.cell} возвращается в мешок; {who} не ходит повторно",
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
            f"Усиливающая {_c(self.card, 'ru')} — карта {self.number} из 5 джек пота",
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


# ---------------------------------------------------------------- options


def _card_text(value: Any, where_en: str, where_ru: str) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, str):
        try:
            return str(parse_card(value))
        except NotationError as err:
            raise OptionError(f"{where_en}: {err.message('en')}", f"{where_ru}: {err.message('ru')}") from None
    raise OptionError(f"{where_en}: {value!r} is not a card", f"{where_ru}: {value!r} — не карта")


@dataclass(frozen=True)
class Options:
    """Minefield has no variants: the source plays one way.

    A teaching set-up may fix the cells and the order of the bag (see
    :func:`scenario`): ``layout``, the 54 (main card, amplifier card) pairs of
    cells 1..54 (see :func:`make_layout`), the main cards one full 54-card pack
    and the amplifiers another; ``barrels``, the order in which barrels leave the
    bag (distinct numbers 1..54; if fewer than 54 are given, the others follow in
    a seeded random order). ``None``: shuffled with the seed. A barrel put back
    into the bag (the mine's) goes to the end of that order.
    """

    layout: tuple[tuple[str, str], ...] | None = None
    barrels: tuple[int, ...] | None = None

    def __post_init__(self):
        if self.layout is not None:
            object.__setattr__(self, "layout", _check_layout(self.layout))
        if self.barrels is not None:
            object.__setattr__(self, "barrels", _check_barrels(self.barrels))
        check_options(self)


def _check_layout(layout) -> tuple[tuple[str, str], ...]:
    if isinstance(layout, str | bytes) or not isinstance(layout, Sequence) or len(layout) != CELLS:
        n = len(layout) if isinstance(layout, Sequence) else "no"
        raise OptionError(
            f"layout must be 54 (main card, amplifier card) pairs, one per cell, got {n}",
            f"раскладка — это 54 пары (основная карта, усиливающая карта), по одной на ячейку, а дано {n}",
        )
    cells = []
    for n, pair in enumerate(layout, start=1):
        if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise OptionError(
                f"cell {n} of the layout must be a (main card, amplifier card) pair, not {pair!r}",
                f"ячейка {n} раскладки должна быть парой (основная, усиливающая), а не {pair!r}",
            )
        cells.append(
            (
                _card_text(pair[0], f"cell {n}, main card", f"ячейка {n}, основная карта"),
                _card_text(pair[1], f"cell {n}, amplifier card", f"ячейка {n}, усиливающая карта"),
            )
        )
    full = Counter(str(c) for c in deck(54))
    for k, (en, ru) in enumerate((("main", "основные"), ("amplifier", "усиливающие"))):
        got = Counter(pair[k] for pair in cells)
        if got != full:
            twice = sorted(c for c, m in got.items() if m > 1)
            missing = sorted(c for c in full if c not in got)
            raise OptionError(
                f"the {en} cards of the layout must be one full 54-card pack: "
                f"twice {' '.join(twice) or '-'}, missing {' '.join(missing) or '-'}",
                f"{ru} карты раскладки должны составлять одну полную колоду из 54 карт: "
                f"дважды {' '.join(twice) or '-'}, не хватает {' '.join(missing) or '-'}",
            )
    return tuple(cells)


def _check_barrels(barrels) -> tuple[int, ...]:
    if isinstance(barrels, str | bytes) or not isinstance(barrels, Sequence):
        raise OptionError(
            f"barrels must be a list of barrel numbers 1..54, not {barrels!r}",
            f"бочонки — это список номеров от 1 до 54, а не {barrels!r}",
        )
    seen = set()
    for b in barrels:
        if isinstance(b, bool) or not isinstance(b, int) or not 1 <= b <= CELLS:
            raise OptionError(
                f"there is no barrel {b!r}: barrels are numbered 1 to 54",
                f"бочонка {b!r} нет: бочонки пронумерованы от 1 до 54",
            )
        if b in seen:
            raise OptionError(
                f"barrel {b} is listed twice: the bag holds one barrel of each number",
                f"бочонок {b} указан дважды: в мешке по одному бочонку каждого номера",
            )
        seen.add(b)
    return tuple(barrels)


def make_layout(cells: Mapping[int, tuple[Any, Any]] | None = None, seed: int = 0) -> tuple[tuple[str, str], ...]:
    """A full layout with the given cells fixed (cell number -> (main, amplifier)).

    The remaining main cards and amplifier cards are dealt to the other cells in a
    random order fixed by ``seed``.

    >>> layout = make_layout({1: ("A♥", "A♥")})
    >>> layout[0], len(layout)
    (('A♥', 'A♥'), 54)
    """
    cells = dict(cells or {})
    fixed = {}
    for n, pair in cells.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= CELLS:
            raise OptionError(f"there is no cell {n!r}: cells are 1 to 54", f"ячейки {n!r} нет: ячейки от 1 до 54")
        fixed[n] = (
            _card_text(pair[0], f"cell {n}, main card", f"ячейка {n}, основная карта"),
            _card_text(pair[1], f"cell {n}, amplifier card", f"ячейка {n}, усиливающая карта"),
        )
    rng = random.Random(seed)
    rest = []
    for k in (0, 1):
        left = Counter(str(c) for c in deck(54))
        left.subtract(pair[k] for pair in fixed.values())
        if any(v < 0 for v in left.values()):
            twice = sorted(c for c, v in left.items() if v < 0)
            one = len(twice) == 1
            raise OptionError(
                f"{'card' if one else 'cards'} {' '.join(twice)} placed twice among the "
                f"{'main' if k == 0 else 'amplifier'} cards",
                f"{'карта' if one else 'карты'} {' '.join(twice)} дважды среди "
                f"{'основных' if k == 0 else 'усиливающих'} карт",
            )
        cards = [c for c in (str(x) for x in deck(54)) if left[c] > 0]
        rng.shuffle(cards)
        rest.append(cards)
    free = [n for n in range(1, CELLS + 1) if n not in fixed]
    for i, n in enumerate(free):
        fixed[n] = (rest[0][i], rest[1][i])
    return tuple(fixed[n] for n in range(1, CELLS + 1))


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Draw(Action):
    """Draw the next barrel from the bag and open its cell: the only decision."""

    RULE = "minefield.move"

    @property
    def label(self) -> str:
        return f"draw {self.player + 1}"

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang)
        return pick(lang, f"{who} draws a barrel from the bag", f"{who} вытягивает бочонок из мешка")


# ---------------------------------------------------------------- the state


class MinefieldState(State):
    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        layout, barrels = options.layout, options.barrels
        n = players
        rng = self.rng
        if layout is None:
            main = list(range(54))
            amp = list(range(54))
            rng.shuffle(main)
            rng.shuffle(amp)
        else:
            main = [parse_card(m).index for m, _ in layout]
            amp = [parse_card(a).index for _, a in layout]
        self.main = main  # card index per cell (0-based)
        self.amp = amp
        self.opened = [False] * CELLS
        self.amp_seen = [False] * CELLS
        if barrels is None:
            order = list(range(CELLS))
            rng.shuffle(order)
        else:
            first = [b - 1 for b in barrels]
            rest = [c for c in range(CELLS) if c not in set(first)]
            rng.shuffle(rest)
            order = first + rest
        self.fixed_bag = barrels is not None
        self.bag = order[::-1]  # the next barrel is bag[-1]
        self.unopened = CELLS
        self.moves = 0  # barrels drawn so far
        self.turn = 0
        self.luck_extra = 0  # further moves of the current player forced by Luck
        self.misfortune_extra = 0  # further moves of the current player forced by Misfortune
        self.luck_next = 0  # extra moves the next player will have to make (Luck)
        self.owner = [-1] * 54  # who collected each main card
        self.collected = [[] for _ in range(n)]  # (card index, doubled) in order
        self.points = [0] * n  # mine, extra mine, first-move bonus
        self.bonus = [0] * n  # quads, harem, jokers
        self.counts = [[0] * 13 for _ in range(n)]  # weighted count per quad rank
        self.quads = [0] * n  # bit set of ranks scored
        self.harem = [False] * n
        self.jokers = [0] * n
        self.jokers_scored = [False] * n
        self.shield_o = [0] * n  # moves left protected from an ordinary mine
        self.shield_a = [0] * n  # ... from an amplified mine
        self.immune_o = [0] * n
        self.immune_a = [0] * n
        self.doctor = [0] * n  # moves left in which own Shield and Luck have no effect
        self.cursed = [False] * n
        self.curse_amplified = [False] * n
        self.extra_mine_out = False
        self.jackpot: list[int] = []  # amplifier card indexes
        self.jackpot_state = -1  # -1 open, -2 lost, p: won by p
        self._draws = tuple(Draw(p) for p in range(n))

    # ---- protocol

    @property
    def current_player(self):
        return None if self.unopened == 0 else self.turn

    def legal_actions(self):
        if self.unopened == 0:
            return []
        return [self._draws[self.turn]]

    def is_over(self):
        return self.unopened == 0

    def verdict(self, action):
        """The only move is the draw of the player to move (who may have several in a row)."""
        if action.player == self.turn:
            return None
        why = why_ru = ""
        row = self.moves_in_a_row()
        if row > 1:
            why, why_ru = f" ({_moves(row, 'en')} in a row)", f" ({_moves(row, 'ru')} подряд)"
        return IllegalAction(
            f"it is player {self.turn + 1}'s turn{why}, not player {action.player + 1}'s",
            f"сейчас ходит игрок {self.turn + 1}{why_ru}, а не игрок {action.player + 1}",
            rule="minefield.move",
        )

    def _play(self, action):
        p = self.turn
        self.moves += 1
        move = self.moves
        record = self.record
        shield, immune, dc = self._protections(p)
        cell = self.bag.pop()
        m = self.main[cell]
        a = self.amp[cell]
        amplified = m == a
        self.opened[cell] = True
        self.amp_seen[cell] = True
        self.unopened -= 1
        record(Opened(move, p, cell + 1, m, a))

        # jackpot: the first five unmatched amplifiers other than Q♠
        jp = self.jackpot
        if not amplified and a != MINE and len(jp) < 5 and a not in jp:
            jp.append(a)
            record(JackpotCard(move, p, a, len(jp)))
            if self.owner[a] >= 0:
                self._check_jackpot(move, p)

        # the amplified curse: an unmatched amplifier K♠ in a cell its holder opens
        if a == EXTRA_MINE and not amplified and self.curse_amplified[p] and self.cursed[p]:
            if shield[False]:
                record(CurseAmplifiedShielded(move, p))
            else:
                self.points[p] -= 1
                record(CurseAmplified(move, p, points=-1))

        if m == MINE:
            self._mine(p, move, cell, amplified, shield[amplified])
        else:
            self._collect(p, move, m, amplified)
            if m in _ROLES:
                self._magic(p, move, m, amplified, shield, immune, dc)

        if self.unopened == 0:
            record(GameEnded(move, p, tuple(self.scores())))
            return
        self._next_move(p)

    def _protections(self, p: int) -> tuple[tuple[int, int], tuple[int, int], int]:
        """The protections at the start of a move of ``p``: (shield, immunity, doctor), each
        counting one of the holder's moves down. An amplified mine, curse or misfortune needs
        the protection against amplified ones: shield[amplified], immune[amplified]."""
        so, sa, io, ia, dc = self.shield_o[p], self.shield_a[p], self.immune_o[p], self.immune_a[p], self.doctor[p]
        if so:
            self.shield_o[p] = so - 1
        if sa:
            self.shield_a[p] = sa - 1
        if io:
            self.immune_o[p] = io - 1
        if ia:
            self.immune_a[p] = ia - 1
        if dc:
            self.doctor[p] = dc - 1
        return (so, sa), (io, ia), dc

    def _next_move(self, p: int) -> None:
        """Who draws next: the same player for each move owed to Luck or Misfortune, else the next."""
        if self.luck_extra:
            self.luck_extra -= 1
        elif self.misfortune_extra:
            self.misfortune_extra -= 1
        else:
            self.turn = (p + 1) % self.num_players
            self.luck_extra = self.luck_next
            self.luck_next = 0

    def _mine(self, p, move, cell, amplified, shielded):
        record = self.record
        amount = 2 if amplified else 1
        if move == 1:
            self.points[p] += amount
            record(MineFirst(move, p, amplified, points=amount))
        elif shielded:
            record(MineShielded(move, p, amplified))
        else:
            self.points[p] -= amount
            record(MineHit(move, p, amplified, points=-amount))
        if self.unopened == 0:
            record(MineLast(move, p))
            return
        # the mine stays in play: re-lay the main cards of the closed cells and the mine
        closed = [c for c in range(CELLS) if not self.opened[c]]
        cards = [self.main[c] for c in closed]
        cards.append(MINE)
        closed.append(cell)
        self.rng.shuffle(cards)
        main = self.main
        for c, card in zip(closed, cards, strict=True):
            main[c] = card
        self.opened[cell] = False
        self.unopened += 1
        if self.fixed_bag:
            self.bag.insert(0, cell)
        else:
            self.bag.insert(self.rng.randrange(len(self.bag) + 1), cell)
        record(MineRelaid(move, p, cell + 1, len(closed) - 1))

    def _collect(self, p, move, m, amplified):
        self.owner[m] = p
        self.collected[p].append((m, amplified))
        w = 2 if amplified else 1
        r = _QUAD_RANK[m]
        record = self.record
        if r:
            counts = self.counts[p]
            before = counts[r]
            counts[r] = before + w
            if before < 4 <= before + w and not (r == 12 and self.harem[p]):
                self.quads[p] |= 1 << r
                self.bonus[p] += 1
                record(Quads(move, p, r, points=1))
        if m in HAREM and not self.harem[p]:
            owner = self.owner
            if owner[24] == p and owner[37] == p and owner[50] == p and owner[51] == p:
                self.harem[p] = True
                replaces = bool(self.quads[p] & (1 << 12))
                if replaces:
                    self.quads[p] &= ~(1 << 12)
                    self.bonus[p] -= 1
                self.bonus[p] += 2
                record(Harem(move, p, replaces, points=1 if replaces else 2))
        elif m >= RED_JOKER:
            self.jokers[p] += w
            if self.jokers[p] >= 2 and not self.jokers_scored[p]:
                self.jokers_scored[p] = True
                self.bonus[p] += 1
                record(Jokers(move, p, amplified, points=1))
        if self.jackpot_state == -1 and m in self.jackpot:
            self._check_jackpot(move, p)

    def _check_jackpot(self, move, p):
        owners = [self.owner[c] for c in self.jackpot]
        holders = sorted({o for o in owners if o >= 0})
        if len(holders) > 1:
            self.jackpot_state = -2
            self.record(JackpotLost(move, p, tuple(holders)))
        elif len(owners) == 5 and holders and all(o == holders[0] for o in owners):
            # the winner may hold the five cards before the fifth amplifier is even opened
            self.jackpot_state = winner = holders[0]
            self.record(Jackpot(move, winner, tuple(self.jackpot), points=3))

    def _magic(self, p, move, m, amplified, shield, immune, dc):
        record = self.record
        if m == LUCK:
            if dc:
                record(LuckBlocked(move, p))
            else:
                self.luck_next = 2 if amplified else 1
                record(Luck(move, p, (p + 1) % self.num_players, self.luck_next + 1))
        elif m == MISFORTUNE:
            if immune[amplified]:
                record(MisfortuneImmune(move, p))
            else:
                extra = 2 if amplified else 1
                self.misfortune_extra += extra
                record(Misfortune(move, p, extra))
        elif m == SHIELD:
            if dc:
                record(ShieldBlocked(move, p))
            else:
                o, a = (6, 3) if amplified else (3, 3)
                self.shield_o[p] = max(self.shield_o[p], o)
                self.shield_a[p] = max(self.shield_a[p], a)
                record(Shield(move, p, o, a))
        elif m == IMMUNITY:
            if self.owner[CURSE] >= 0 and self.owner[MISFORTUNE] >= 0:
                record(ImmunityVoid(move, p))
            else:
                o, a = (6, 3) if amplified else (3, 3)
                self.immune_o[p] = max(self.immune_o[p], o)
                self.immune_a[p] = max(self.immune_a[p], a)
                record(Immunity(move, p, o, a))
        elif m == DOCTOR_EVIL:
            shields = tuple(q for q in range(self.num_players) if self.shield_o[q] or self.shield_a[q])
            for q in shields:
                self.shield_o[q] = self.shield_a[q] = 0
            cancelled = self.luck_extra + self.luck_next
            self.luck_extra = self.luck_next = 0
            self.doctor[p] = 6 if amplified else 3
            record(DoctorEvil(move, p, shields, cancelled, self.doctor[p]))
        elif m == CURSE:
            if self.extra_mine_out:
                record(CurseDead(move, p))
            elif immune[amplified]:
                record(CurseImmune(move, p))
            else:
                self.cursed[p] = True
                self.curse_amplified[p] = amplified
                record(Curse(move, p, amplified))
        elif m == EXTRA_MINE:
            if self.cursed[p]:
                if shield[amplified]:
                    record(ExtraMineShielded(move, p))
                else:
                    amount = 2 if amplified else 1
                    self.points[p] -= amount
                    record(ExtraMineHit(move, p, amplified, points=-amount))
            lifted = tuple(q for q in range(self.num_players) if self.cursed[q])
            for q in lifted:
                self.cursed[q] = False
            self.extra_mine_out = True
            record(ExtraMineClears(move, p, lifted))
        # jokers are scored in _collect

    # ---- the checked door, for views and notebooks

    def draw(self) -> list[Event]:
        """The current player draws the next barrel (checked); returns that move's events."""
        if self.unopened == 0:
            raise self.why_illegal(Draw(0))
        self.apply(self._draws[self.turn])
        return self.last_events()

    def play_to_end(self) -> list[Event]:
        """Draw until the last cell is open; returns the events of those moves."""
        start = len(self.events)
        if self.unopened == 0:
            raise self.why_illegal(Draw(0))
        for _ in range(MAX_ACTIONS):
            if self.unopened == 0:
                break
            self.apply(self._draws[self.turn])
        return self.events[start:]

    # ---- scores and results

    def scores(self) -> list[int]:
        """Current points of every player (final once the game is over)."""
        s = [a + b for a, b in zip(self.points, self.bonus, strict=True)]
        if self.jackpot_state >= 0:
            s[self.jackpot_state] += 3
        return s

    def result(self):
        return Result.from_scores(self.scores())

    def moves_in_a_row(self) -> int:
        """How many moves the current player still has to make, this one included."""
        return 0 if self.unopened == 0 else 1 + self.luck_extra + self.misfortune_extra

    def status(self, player: int) -> dict:
        """The player's running effects: moves left of shield, immunity, Doctor Evil; curse."""
        return {
            "shield": self.shield_o[player],
            "shield_amplified": self.shield_a[player],
            "immunity": self.immune_o[player],
            "immunity_amplified": self.immune_a[player],
            "doctor_evil": self.doctor[player],
            "cursed": self.cursed[player],
            "curse_amplified": self.cursed[player] and self.curse_amplified[player],
        }

    def status_text(self, player: int, lang: str = "en") -> str:
        """The player's running effects in words ("" if none)."""
        check_lang(lang)
        st = self.status(player)
        parts = []
        en = lang == "en"
        if st["shield"] or st["shield_amplified"]:
            o, a = st["shield"], st["shield_amplified"]
            extra = "" if o == a else (f" ({a} vs amplified)" if en else f" ({a} от усиленной)")
            parts.append((f"shield: {_moves(o, lang)}" if en else f"щит: {_moves(o, lang)}") + extra)
        if st["immunity"] or st["immunity_amplified"]:
            o, a = st["immunity"], st["immunity_amplified"]
            extra = "" if o == a else (f" ({a} vs amplified)" if en else f" ({a} от усиленных)")
            parts.append((f"immunity: {_moves(o, lang)}" if en else f"иммунитет: {_moves(o, lang)}") + extra)
        if st["doctor_evil"]:
            parts.append(
                f"Doctor Evil: {_moves(st['doctor_evil'], lang)}"
                if en
                else f"доктор зло: {_moves(st['doctor_evil'], lang)}"
            )
        if st["cursed"]:
            if st["curse_amplified"]:
                parts.append("amplified curse" if en else "усиленное проклятие")
            else:
                parts.append("cursed" if en else "проклятие")
        return ", ".join(parts)

    def collection(self, player: int) -> list[tuple[Card, bool]]:
        """The main cards ``player`` collected, in order, each with "doubled"."""
        return [(ALL_CARDS[c], d) for c, d in self.collected[player]]

    def cell(self, n: int) -> dict:
        """What is known of cell ``n`` (1..54): open?, its main card if open, amplifier if seen."""
        c = n - 1
        opened = self.opened[c]
        return {
            "n": n,
            "open": opened,
            "main": str(ALL_CARDS[self.main[c]]) if opened else None,
            "amp": str(ALL_CARDS[self.amp[c]]) if self.amp_seen[c] else None,
        }

    def jackpot_cards(self) -> list[Card]:
        return [ALL_CARDS[c] for c in self.jackpot]

    def jackpot_status(self) -> str:
        """ "open" (can still be won), "lost" or "won"."""
        return {-1: "open", -2: "lost"}.get(self.jackpot_state, "won")

    @property
    def events(self) -> list[Event]:
        """Everything that happened so far, move by move (the notes of the game's story)."""
        return [e for e in self._story if isinstance(e, Event)]

    def last_events(self) -> list[Event]:
        """The events of the latest move."""
        events = self.events
        if not events:
            return []
        move = events[-1].move
        i = len(events)
        while i and events[i - 1].move == move:
            i -= 1
        return events[i:]

    def bag_size(self) -> int:
        return len(self.bag)

    def fired(self) -> Counter:
        """How many times each event kind happened so far."""
        return Counter(e.kind for e in self.events)

    # ---- what players see

    def view(self, player):
        return {
            "player": player,
            "to_move": self.current_player,
            "moves_in_a_row": self.moves_in_a_row(),
            "moves": self.moves,
            "bag": len(self.bag),
            # each card appears once: open cells' main cards are in "collected"
            "cells": [
                {"n": c + 1, "open": self.opened[c], "amp": str(ALL_CARDS[self.amp[c]]) if self.amp_seen[c] else None}
                for c in range(CELLS)
            ],
            "collected": [[str(ALL_CARDS[c]) for c, _ in coll] for coll in self.collected],
            "doubled": [[d for _, d in coll] for coll in self.collected],
            "status": [self.status(p) for p in range(self.num_players)],
            "scores": self.scores(),
            "jackpot_cells": [self.amp.index(c) + 1 for c in self.jackpot],
            "jackpot_status": self.jackpot_status(),
            "extra_mine_out": self.extra_mine_out,
            "events": [e.to_json() for e in self.last_events()],
        }

    def zones(self):
        z = {
            "field": [ALL_CARDS[self.main[c]] for c in range(CELLS) if not self.opened[c] and self.main[c] != MINE],
            "mine": [ALL_CARDS[MINE]],
            "amp_closed": [ALL_CARDS[self.amp[c]] for c in range(CELLS) if not self.amp_seen[c]],
            "amp_seen": [ALL_CARDS[self.amp[c]] for c in range(CELLS) if self.amp_seen[c]],
        }
        for p, coll in enumerate(self.collected):
            z[f"collected{p}"] = [ALL_CARDS[c] for c, _ in coll]
        return z

    def visible_zones(self, player):
        return {"mine", "amp_seen"} | {f"collected{p}" for p in range(self.num_players)}

    def cards_used(self):
        return deck(54, copies=2)


#: The conformance suite also plays a fixed layout with a fixed bag order.
VARIANTS = (
    Variant(),
    Variant(
        {"layout": make_layout({1: ("Q♠", "Q♠"), 2: ("A♠", "A♠"), 3: ("A♥", "A♥")}, seed=5), "barrels": (3, 1, 2)},
        players=(2, 3, 7),
    ),
)


# ---------------------------------------------------------------- players


class DrawPlayer:
    """The only sensible player: reads its view and draws when it is its move.

    Minefield has no decisions, so every player is as strong as any other; this
    bot exists so that the book's players all speak the same protocol.
    """

    name = "draw"
    needs_view = True

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        for action in actions:
            if isinstance(action, Draw) and action.player == view["to_move"]:
                return action
        return actions[0]


# ---------------------------------------------------------------- teaching scenarios


@dataclass(frozen=True)
class Scenario:
    """A set-up that shows one rare effect within a few moves."""

    id: str
    title_en: str
    title_ru: str
    text_en: str
    text_ru: str
    players: int
    cells: tuple[tuple[int, str, str], ...]  # (cell, main, amplifier)
    barrels: tuple[int, ...]
    moves: int  # draws that show the effect
    seed: int = 0

    def title(self, lang: str = "en") -> str:
        return self.title_ru if check_lang(lang) == "ru" else self.title_en

    def text(self, lang: str = "en") -> str:
        return self.text_ru if check_lang(lang) == "ru" else self.text_en

    def layout(self) -> tuple[tuple[str, str], ...]:
        return make_layout({n: (m, a) for n, m, a in self.cells}, seed=self.seed)

    def new_game(self) -> MinefieldState:
        return new_game(players=self.players, seed=self.seed, layout=self.layout(), barrels=self.barrels)


SCENARIOS: dict[str, Scenario] = {
    s.id: s
    for s in (
        Scenario(
            "mine_first",
            "Mine on the first move",
            "Мина на первом ходу",
            "Player 1 opens the mine on the game's very first move: +1 instead of -1; the mine is laid again.",
            "Игрок 1 открывает мину на самом первом ходу игры: +1 вместо -1; мину раскладывают заново.",
            2,
            ((1, "Q♠", "5♦"),),
            (1,),
            1,
        ),
        Scenario(
            "curse_extra_mine",
            "Curse, then the extra mine",
            "Проклятие, затем доп. мина",
            "Player 1 opens the curse (A♠), player 2 an ordinary card, then player 1 opens the extra mine (K♠): -1, "
            "and the curse is over.",
            "Игрок 1 открывает проклятие (Т♠), игрок 2 — обычную карту, затем игрок 1 открывает доп. мину (К♠): -1, "
            "и проклятие снято.",
            2,
            ((1, "A♠", "7♦"), (2, "5♥", "9♣"), (3, "K♠", "3♦")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "amplified_curse",
            "Amplified curse and the amplifier K♠",
            "Усиленное проклятие и усиливающая карта К♠",
            "Player 1 opens an amplified curse; later a cell with an unmatched amplifier K♠ costs player 1 a point.",
            "Игрок 1 открывает усиленное проклятие; позже ячейка с несовпавшей усиливающей К♠ стоит ему очка.",
            2,
            ((1, "A♠", "A♠"), (2, "5♥", "9♣"), (3, "7♣", "K♠")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "shield_amplified_mine",
            "Amplified mine under a shield",
            "Усиленная мина под щитом",
            "Player 1 opens an amplified shield (6 moves against the mine, 3 against an amplified one), player 2 an "
            "ordinary card, then player 1 opens the amplified mine: no points lost.",
            "Игрок 1 открывает усиленный щит (6 ходов от мины, 3 от усиленной), игрок 2 — обычную карту, затем "
            "игрок 1 открывает усиленную мину: очки не теряются.",
            2,
            ((1, "A♥", "A♥"), (2, "5♥", "9♣"), (3, "Q♠", "Q♠")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "doctor_evil_shield",
            "Doctor Evil breaks a shield",
            "Доктор зло снимает щит",
            "Player 1 opens the shield, player 2 opens Doctor Evil (K♣): the shield ends, and player 1 steps on the "
            "mine: -1.",
            "Игрок 1 открывает щит, игрок 2 — доктора зло (К♣): щит снят, и игрок 1 подрывается на мине: -1.",
            2,
            ((1, "A♥", "4♦"), (2, "K♣", "9♣"), (3, "Q♠", "8♦")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "immunity",
            "Immunity against Curse and Misfortune",
            "Иммунитет от проклятия и неудачи",
            "Player 1 opens Immunity (K♥); the curse (A♠) and Misfortune (A♣) that player 1 opens next have no effect.",
            "Игрок 1 открывает иммунитет (К♥); проклятие (Т♠) и неудача (Т♣), которые он открывает потом, не действуют.",
            2,
            ((1, "K♥", "4♦"), (2, "5♥", "9♣"), (3, "A♠", "8♦"), (4, "6♥", "2♣"), (5, "A♣", "3♦")),
            (1, 2, 3, 4, 5),
            5,
        ),
        Scenario(
            "luck_misfortune",
            "Luck and Misfortune",
            "Удача и неудача",
            "Player 1 opens Luck: player 2 makes two moves in a row; player 2's second move opens Misfortune: one "
            "more move.",
            "Игрок 1 открывает удачу: игрок 2 ходит дважды подряд; второй ход игрока 2 открывает неудачу: ещё один ход.",
            2,
            ((1, "A♦", "4♦"), (2, "5♥", "9♣"), (3, "A♣", "8♦"), (4, "6♥", "2♣")),
            (1, 2, 3, 4),
            4,
        ),
        Scenario(
            "harem",
            "Harem",
            "Гарем",
            "Player 1 collects Q♥ Q♦ Q♣ and K♦: the Harem, +2.",
            "Игрок 1 собирает Д♥ Д♦ Д♣ и К♦: «Гарем», +2.",
            2,
            (
                (1, "Q♥", "2♦"),
                (2, "5♥", "9♣"),
                (3, "Q♦", "3♦"),
                (4, "6♥", "2♣"),
                (5, "Q♣", "4♦"),
                (6, "7♥", "3♣"),
                (7, "K♦", "5♦"),
            ),
            (1, 2, 3, 4, 5, 6, 7),
            7,
        ),
        Scenario(
            "jackpot",
            "Jackpot",
            "Джек пот",
            "The first five amplifiers 3♠ 2♠ 4♠ 5♠ 6♠ make the jackpot; player 1 collects all five main cards: +3.",
            "Первые пять усиливающих 3♠ 2♠ 4♠ 5♠ 6♠ составляют джек пот; игрок 1 собирает все пять основных: +3.",
            2,
            (
                (1, "2♠", "3♠"),
                (2, "9♥", "2♠"),
                (3, "3♠", "4♠"),
                (4, "10♥", "5♠"),
                (5, "4♠", "6♠"),
                (6, "J♥", "9♣"),
                (7, "5♠", "10♣"),
                (8, "8♥", "J♣"),
                (9, "6♠", "7♣"),
            ),
            tuple(range(1, 10)),
            9,
        ),
    )
}


def scenario(name: str) -> MinefieldState:
    """A new game set up for the teaching scenario ``name`` (a key of SCENARIOS)."""
    if name not in SCENARIOS:
        raise OptionError(
            f"unknown scenario {name!r:.40}; known: {', '.join(SCENARIOS)}",
            f"неизвестный сценарий {name!r:.40}; известны: {', '.join(SCENARIOS)}",
        )
    return SCENARIOS[name].new_game().started_by("scenario", name=name)


#: the book's teaching set-ups: the nine scenarios
SETUPS = {name: Setup(sc.title_en, sc.title_ru, partial(scenario, name)) for name, sc in SCENARIOS.items()}


# ---------------------------------------------------------------- simulated games


def measure(state: MinefieldState) -> dict[str, int]:
    """What the statistics count in one game (for :func:`rules.simulate.simulate`, whose rows
    also hold the moves as ``actions``): ``jackpot_winner``, the seat that won the jackpot (-1: nobody), and each
    seat's score (``score1``, ``score2``...)."""
    row = {"jackpot_winner": max(state.jackpot_state, -1)}
    row.update({f"score{p + 1}": score for p, score in enumerate(state.scores())})
    return row


def measure_effects(state: MinefieldState) -> dict[str, int]:
    """:func:`measure` and how often each kind of event happened (a column per kind of EVENT_KINDS)."""
    return {**measure(state), **{kind: 0 for kind in EVENT_KINDS}, **state.fired()}


def score_table(table, players: int):
    """The simulated games' final scores as a numpy array: one row per game, one column per seat."""
    import numpy as np

    return np.column_stack([table.array(f"score{p + 1}") for p in range(players)])


def wins(scores):
    """Per game and seat: 1 for a sole winner, 1/k for each of k tied winners (``scores`` from :func:`score_table`)."""
    best = scores.max(axis=1, keepdims=True)
    top = (scores == best).astype(float)
    return top / top.sum(axis=1, keepdims=True)


# ---------------------------------------------------------------- the declaration

GAME = Game(
    info=GameInfo("minefield", "Minefield", "Минное поле", 2, 7, lambda state: MAX_ACTIONS),
    rules=RULES,
    options=Options,
    state=MinefieldState,
    actions=(Draw,),
    factories={"scenario": scenario},
    setups=SETUPS,
    variants=VARIANTS,
    players={"draw": DrawPlayer},
    measure=measure,
    view="widgets.games.minefield:MinefieldView",
)
new_game, from_json = GAME.new_game, GAME.from_json
