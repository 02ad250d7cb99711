"""DoMiMi's options, the seats and teams, the moves and the state: a turn's refill, main move,
returns and recipient, and the verdict."""

from __future__ import annotations

import dataclasses
import functools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card, Rank, Suit, format_card
from rules.errors import IllegalAction, OptionError, excerpt
from rules.game import Action, Result, State, check_options, option
from rules.games.domimi.oracle import (
    _ALL,
    _KEPT_BY_PAIR,
    _MONEY,
    _ONE,
    _PAIR_CODES,
    _POINTS_C,
    _RANKK,
    _SUIT_IDX,
    _SUITI,
    BLACK_PAIR,
    MAX_DECKS,
    RED_PAIR,
    SUIT_PAIRS,
    _cards,
    _choices,
    _code,
    _counts,
    _crosses,
    _ct,
    _explain_move,
    _fmt,
    _hand,
    _is_money,
    _is_picture,
    _purchases,
    _suit_choices,
    full_field,
)
from rules.games.domimi.oracle import clear_caches as clear_oracle_caches
from rules.games.domimi.texts import GameOver, Revealed, explain_refusal
from rules.lang import count, pick, player_name


@dataclass(frozen=True)
class Options:
    """The source's variants.

    ``decks``: number of 54-card decks (None: the default of ruling 2);
    ``teams``: "none", "two" (red ♥♦ against black ♣♠, seats alternate),
    "three" (6 or 9 players...), "pairs" (partners sit opposite);
    ``last_breath``: play until no picture remains ("до последнего вздоха");
    ``full_round``: once the game is over, finish the round so everybody has
    played equally often; ``round_limit``: the table's agreed limit of rounds;
    ``second_optional``: a king or a joker taking money cards "allows" two
    («позволяет взять»): with this option the second card may be left.
    """

    decks: int | None = option(
        None,
        "Decks",
        "Колоды",
        choices={None: ("as the rules say", "по правилам"), **{n: (str(n), str(n)) for n in range(1, MAX_DECKS + 1)}},
        low=1,
        high=MAX_DECKS,
    )
    teams: str = option(
        "none",
        "Teams",
        "Команды",
        choices={
            "none": ("each for themselves", "каждый за себя"),
            "two": ("two teams", "две команды"),
            "three": ("three teams", "три команды"),
            "pairs": ("pairs", "пары"),
        },
    )
    last_breath: bool = option(False, "To the last breath", "До последнего вздоха")
    full_round: bool = option(False, "Finish the round", "Доиграть круг")
    round_limit: int = option(200, "Round limit", "Предел кругов", low=1, high=1000)
    second_optional: bool = option(
        False, "King, joker: second card optional", "Король, джокер: вторую карту можно не брать"
    )

    def __post_init__(self):
        check_options(self)


def team_of(players: int, teams: str) -> tuple[int, ...]:
    """Each seat's team (team play) or own index (everyone for themselves)."""
    if teams == "none":
        return tuple(range(players))
    if teams == "two":
        if players % 2 or players < 4:
            raise OptionError(
                f"two teams need an even number of players, at least 4, not {players}",
                f"для игры двумя командами нужно чётное число участников, не меньше 4, а не {players}",
                rule="domimi.teams",
            )
        return tuple(p % 2 for p in range(players))
    if teams == "three":
        if players % 3 or players < 6:
            raise OptionError(
                f"three teams need 6, 9 (a multiple of 3) players, not {players}",
                f"тремя командами играют вшестером, вдевятером (число, кратное 3), а не {players}",
                rule="domimi.teams",
            )
        return tuple(p % 3 for p in range(players))
    if players % 2 or not 4 <= players <= 12:
        raise OptionError(
            f"play in pairs needs an even number of players from 4 to 12, not {players}",
            f"для игры парами нужно чётное число участников от 4 до 12, а не {players}",
            rule="domimi.teams",
        )
    half = players // 2
    return tuple(p % half for p in range(players))


def _assign_pairs(players: int, decks: int) -> list[tuple[Suit, Suit]] | None:
    """Ruling 3: pairs in the source's order, cycling, skipping over-used suits."""
    used = Counter()
    pairs = []
    i = 0
    for _ in range(players):
        for _ in range(len(SUIT_PAIRS)):
            a, b = SUIT_PAIRS[i % len(SUIT_PAIRS)]
            i += 1
            if used[a] < decks and used[b] < decks:
                used[a] += 1
                used[b] += 1
                pairs.append((a, b))
                break
        else:
            return None
    return pairs


def _team_pairs(players: int, teams: str) -> list[tuple[Suit, Suit]]:
    team = team_of(players, teams)
    if teams == "two":
        return [RED_PAIR if t == 0 else BLACK_PAIR for t in team]
    return [SUIT_PAIRS[t] for t in team]


def setup_plan(players: int, decks: int | None = None, teams: str = "none") -> tuple[int, list[tuple[Suit, Suit]]]:
    """Ruling 2 and 3: the number of decks and each seat's suit pair.

    >>> setup_plan(2)
    (1, [(Suit.HEARTS, Suit.CLUBS), (Suit.DIAMONDS, Suit.SPADES)])
    """
    base = math.ceil(players / 2)
    if teams != "none":
        pairs = _team_pairs(players, teams)
        use = Counter(s for pair in pairs for s in pair)
        need = max(base, max(use.values()))
        chosen = need if decks is None else decks
    else:
        need = base
        while _assign_pairs(players, need) is None:
            need += 1
        chosen = need if decks is None else decks
        pairs = _assign_pairs(players, chosen) if chosen >= need else None
    if chosen < need:
        raise OptionError(
            f"{players} players need at least {need} decks (one per two players, and enough aces and twos "
            f"for everyone's starting suits), not {chosen}",
            f"{players} участникам нужно не меньше {need} колод (одна на двоих и хватит тузов и двоек "
            f"начальных мастей на всех), а не {chosen}",
            rule="domimi.setup",
        )
    return chosen, pairs


def _collect_moves(acts: list, p: int, suits: tuple, money: Sequence[int], skip=()) -> list:
    """The game's collecting actions for player ``p`` with a hand's suits (:func:`_hand`), those in
    ``skip`` left out, one suit at a time: added to ``acts``, which is returned."""
    for moves in _choices(suits, money, skip, _collecting(p)):
        acts += moves
    return acts


class _CollectingMoves(dict):
    """One player's collecting Moves by the number of their (pay, take) pair (the oracle's
    ``_PAIR_CODES``): each made once and handed out again (a field changes little from one turn to
    the next), forgotten with the numbers."""

    def __init__(self, player: int):
        super().__init__()
        self.player = player

    def __missing__(self, number: int) -> Move:
        pay, take = _PAIR_CODES[number]
        move = self[number] = _move(self.player, "collect", pay, take)
        return move


@functools.cache
def _collecting(p: int) -> _CollectingMoves:
    """Player ``p``'s collecting Moves, kept with the oracle's pair numbers."""
    table = _CollectingMoves(p)
    _KEPT_BY_PAIR.append(table)
    return table


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class DomimiAction(Action):
    """A DoMiMi decision: the sentence names the player, then says what they do (:meth:`says`)."""

    def explain(self, lang: str = "en") -> str:
        return f"{player_name(self.player, lang)}: {self.says(lang)}"

    def says(self, lang: str = "en") -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Refill(DomimiAction):
    """Ruling 4: with one or two cards left, reveal them first or mix them into the discard pile."""

    mode: str = "reveal"
    RULE = "domimi.refill"

    @property
    def label(self) -> str:
        return f"refill: {self.mode}"

    def says(self, lang: str = "en") -> str:
        if self.mode == "reveal":
            return pick(
                lang,
                "reveals the last cards of the personal deck, then shuffles the discard pile and reveals up to three",
                "открывает оставшиеся карты личной колоды, тасует сброс и добирает до трёх",
            )
        return pick(
            lang,
            "mixes the last cards unseen into the discard pile, shuffles and reveals three",
            "не глядя смешивает оставшиеся карты со сбросом, тасует и открывает три",
        )


_PIC_RULE = {Rank.JACK: "domimi.jack", Rank.QUEEN: "domimi.queen", Rank.KING: "domimi.king", None: "domimi.joker"}


def _pic_rule(c: Card) -> str:
    """The rule of a picture's actions (the general turn rule for anything else)."""
    if not isinstance(c, Card):
        return "domimi.refill"
    return _PIC_RULE.get(None if c.joker is not None else c.rank, "domimi.refill")


@dataclass(frozen=True)
class RevealMore(DomimiAction):
    """A jack reveals one more card, a king or a joker two (ruling 5)."""

    picture: Card = None
    count: int = 1

    @property
    def rule(self) -> str:
        return _pic_rule(self.picture)

    @property
    def label(self) -> str:
        return f"{self.picture}: reveal {self.count}"

    def says(self, lang: str = "en") -> str:
        pic = format_card(self.picture, lang)
        return pick(
            lang,
            f"{pic} is played to reveal {self.count} more card{'s' if self.count > 1 else ''}",
            f"{pic} разыгран: открыть ещё {self.count} карт{'у' if self.count == 1 else 'ы'}",
        )


@dataclass(frozen=True)
class Move(DomimiAction):
    """A main move from :func:`turn_options`: collect, cross or buy."""

    kind: str = "collect"
    pay: tuple[Card, ...] = ()
    take: tuple[Card, ...] = ()

    @property
    def rule(self) -> str:
        return "domimi." + self.kind

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move plays: those paid, then those taken (typed notation names them)."""
        return self.pay + self.take

    @property
    def label(self) -> str:
        if self.kind == "buy":
            return f"buy {self.take[0]} with {_fmt(self.pay, 'en')}"
        return f"{self.kind} {_fmt(self.pay, 'en')} -> {_fmt(self.take, 'en')}"

    def says(self, lang: str = "en") -> str:
        return _explain_move(self.kind, self.pay, self.take, lang)


def _move(p: int, kind: str, pay: tuple[int, ...], take: tuple[int, ...]) -> Move:
    """A Move from codes, built without the dataclass's checks (hot path): its fields written
    straight into it."""
    m = _NEW(Move)
    fields = m.__dict__
    fields["player"] = p
    fields["kind"] = kind
    fields["pay"] = _ct(pay)
    fields["take"] = _ct(take)
    return m


_NEW = object.__new__


def clear_caches() -> None:
    """Forget every position kept (the oracle's tables, the field rows' cards): a benchmark or a
    test then starts from cold caches."""
    _ROW_CARDS.clear()
    clear_oracle_caches()


@dataclass(frozen=True)
class EndCollect(DomimiAction):
    """Stop collecting: the collecting move may go on in another suit, or end here."""

    RULE = "domimi.collect"

    @property
    def label(self) -> str:
        return "stop collecting"

    def says(self, lang: str = "en") -> str:
        return pick(lang, "collects in no other suit", "больше не собирает по другим мастям")


@dataclass(frozen=True)
class PictureTake(DomimiAction):
    """A picture takes a money card (jack, queen) or the first of two (king, joker)."""

    picture: Card = None
    card: Card = None
    second: bool = False

    @property
    def rule(self) -> str:
        return _pic_rule(self.picture)

    @property
    def label(self) -> str:
        return f"{self.picture}: take {'second ' if self.second else ''}{self.card}"

    def says(self, lang: str = "en") -> str:
        pic, card = format_card(self.picture, lang), format_card(self.card, lang)
        key = None if self.picture.joker is not None else self.picture.rank
        why = pick(lang, *_PICTURE_TAKES[key])
        second = pick(lang, "its second card, ", "вторую карту, ") if self.second else ""
        return pick(lang, f"{pic} takes {second}{card} ({why})", f"{pic} берёт {second}{card} ({why})")


#: what each picture takes, by its rank (None: the joker)
_PICTURE_TAKES = {
    Rank.JACK: (
        "a money card of a suit among the revealed cards",
        "«денежную» карту масти, которая есть среди выпавших",
    ),
    Rank.QUEEN: (
        "a money card of a suit absent from the revealed cards",
        "«денежную» карту масти, которой нет среди выпавших",
    ),
    Rank.KING: (
        "one of two money cards of suits among the revealed cards",
        "одну из двух «денежных» карт мастей, которые есть среди выпавших",
    ),
    None: ("one of two money cards of any suits", "одну из двух «денежных» карт любых мастей"),
}


@dataclass(frozen=True)
class KeepOne(DomimiAction):
    """Option ``second_optional``: a king or a joker that took one money card takes no second."""

    picture: Card = None

    @property
    def rule(self) -> str:
        return _pic_rule(self.picture)

    @property
    def label(self) -> str:
        return f"{self.picture}: no second card"

    def says(self, lang: str = "en") -> str:
        pic = format_card(self.picture, lang)
        return pick(lang, f"{pic} takes no second card", f"{pic} не берёт вторую карту")


@dataclass(frozen=True)
class Steal(DomimiAction):
    """A queen or a joker steals the top card of a neighbour's personal deck (ruling 10)."""

    picture: Card = None
    victim: int = 0
    RULE = "domimi.steal"

    @property
    def label(self) -> str:
        return f"{self.picture}: steal from P{self.victim + 1}"

    def says(self, lang: str = "en") -> str:
        pic, victim = format_card(self.picture, lang), self.victim + 1
        return pick(
            lang,
            f"{pic} steals the top card of player {victim}'s personal deck into their own discard pile",
            f"{pic} стаскивает себе в сброс верхнюю карту личной колоды игрока {victim}",
        )


@dataclass(frozen=True)
class Pass(DomimiAction):
    """No main move this turn (a return may follow in stage 2)."""

    RULE = "domimi.pass"

    @property
    def label(self) -> str:
        return "pass"

    def says(self, lang: str = "en") -> str:
        return pick(lang, "passes", "пропускает ход")


@dataclass(frozen=True)
class ReturnCard(DomimiAction):
    """Stage 2: an unused revealed card goes back to the field (ruling 11)."""

    card: Card = None
    RULE = "domimi.return"

    @property
    def label(self) -> str:
        return f"return {self.card}"

    def says(self, lang: str = "en") -> str:
        card = format_card(self.card, lang)
        return pick(
            lang,
            f"returns {card} to the field (it was not used this turn)",
            f"возвращает {card} на поле (карта не использовалась в этот ход)",
        )


@dataclass(frozen=True)
class EndTurn(DomimiAction):
    """Stop returning: the cards kept go to the discard pile."""

    RULE = "domimi.return"

    @property
    def label(self) -> str:
        return "end turn"

    def says(self, lang: str = "en") -> str:
        return pick(
            lang,
            "returns nothing more and puts the cards on the discard pile",
            "больше ничего не возвращает и кладёт карты в сброс",
        )


@dataclass(frozen=True)
class GiveTo(DomimiAction):
    """Team play: all cards taken from the field go to one player's discard (ruling 12)."""

    recipient: int = 0
    RULE = "domimi.teams"

    @property
    def label(self) -> str:
        return "keep" if self.recipient == self.player else f"give to P{self.recipient + 1}"

    def says(self, lang: str = "en") -> str:
        if self.recipient == self.player:
            return pick(lang, "keeps the cards taken", "оставляет взятые карты себе")
        teammate = player_name(self.recipient, lang)
        return pick(lang, f"gives the cards taken to teammate {teammate}", f"отдаёт взятые карты товарищу: {teammate}")


# ---------------------------------------------------------------- shared actions

# Actions are frozen values, so every position that offers the same one hands out one object, made
# once: fewer objects for the garbage collector to count. Each cache is keyed by small numbers (seat,
# card codes) and bounded by the table: at most a few thousand actions per number of seats.


@functools.cache
def _returnings(p: int) -> tuple[ReturnCard, ...]:
    """Player ``p``'s returns, by the code of the card returned."""
    return tuple(ReturnCard(p, card) for card in _ALL)


@functools.cache
def _picture_takings(p: int, pic: int, second: bool) -> tuple[PictureTake | None, ...]:
    """Player ``p``'s takes with picture ``pic`` (a second take with ``second``), by the code of
    the money card taken (None for a picture's code)."""
    return tuple(PictureTake(p, _ALL[pic], _ALL[c], second) if _MONEY[c] else None for c in range(54))


@functools.cache
def _revealing_more(p: int, pic: int, n: int) -> RevealMore:
    return RevealMore(p, _ALL[pic], n)


@functools.cache
def _stealing(p: int, pic: int, victim: int) -> Steal:
    return Steal(p, _ALL[pic], victim)


@functools.cache
def _keeping_one(p: int, pic: int) -> KeepOne:
    return KeepOne(p, _ALL[pic])


@functools.cache
def _plain(kind: type, *fields: int | str) -> DomimiAction:
    """The action ``kind(*fields)`` of fields that are numbers or words (a pass, a refill, a recipient...)."""
    return kind(*fields)


# ---------------------------------------------------------------- the state

#: the maker of a Revealed note from card codes (bound once, not on every turn)
_REVEALED = Revealed.of_codes
#: a card's suit as a bit of a set of suits (0 for a joker), by code
_SUIT_BIT = tuple(1 << c // 13 if c < 52 else 0 for c in range(54))
#: a set of suits as bits -> those suits, in order
_SUITS_OF = tuple(tuple(si for si in range(4) if mask >> si & 1) for mask in range(16))
#: suits, in order -> the other suits, in order
_ABSENT_SUITS = {suits: tuple(si for si in range(4) if si not in suits) for suits in _SUITS_OF}
#: the money ranks, highest first (the order a picture's targets are listed in)
_MONEY_RANKS_DOWN = range(10, 0, -1)
#: (a suit's packed field row, the suit) -> the codes of its money cards on the field, highest first
_ROW_CARDS: dict[tuple[int, int], tuple[int, ...]] = {}


def _money_down(si: int, row: int) -> tuple[int, ...]:
    """The codes of the money cards of suit ``si`` in the field row ``row`` (packed), each once,
    highest first (kept: a row takes few values from one turn to the next)."""
    found = _ROW_CARDS.get((row, si))
    if found is None:
        base = si * 13 - 1
        found = tuple([base + r for r in _MONEY_RANKS_DOWN if row >> 8 * r & 0x7F])
        if len(_ROW_CARDS) >= 20_000:
            _ROW_CARDS.clear()
        _ROW_CARDS[row, si] = found
    return found


#: no suits (this turn's suits collected and suits needed, as a turn starts)
_NO_SUITS: frozenset[int] = frozenset()

REFILL, MAIN, COLLECT, SECOND, RETURN, GIVE, OVER = "refill", "main", "collect", "second", "return", "give", "over"


def _max_actions(state: DomimiState) -> int:
    return (state.options.round_limit + 1) * state.num_players * 16


class DomimiState(State):
    """One game of DoMiMi. Cards inside are codes (``Card.index``); actions and views use cards."""

    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        self.team = team_of(players, options.teams)
        self.decks, self.pairs = setup_plan(players, options.decks, options.teams)
        field = Counter(c.index for c in full_field(self.decks))
        self.draw: list[list[int]] = []
        self.discard: list[list[int]] = [[] for _ in range(players)]
        for a, b in self.pairs:
            mine = [_SUIT_IDX[s] * 13 + r for s in (a, b) for r in (0, 1)]  # the ace and the two of each suit
            for c in mine:
                field[c] -= 1
            self.rng.shuffle(mine)
            self.draw.append(mine)
        self.money, self.pics = _counts(field.elements())
        self.stage = 1
        self.first = self.rng.randrange(players)  # ruling 3: the first player is drawn by lot
        self.turn = self.first
        self.turns_played = 0
        self.steals: list[list[int]] = [[] for _ in range(players)]
        self.ended_by_limit = False
        self.end_met = False
        #: whether pictures came to or left the field since the end of the game was last looked for
        self._pictures_moved = True
        self._over = False
        self._begin_turn()

    # ---- field bookkeeping

    def _field_add(self, c: int) -> None:
        if _MONEY[c]:
            self.money[c // 13] += _ONE[c]
        else:
            self.pics[c] = self.pics.get(c, 0) + 1
            self._pictures_moved = True

    def _field_take(self, c: int) -> None:
        if _MONEY[c]:
            self.money[c // 13] -= _ONE[c]
        else:
            n = self.pics[c] - 1
            if n:
                self.pics[c] = n
            else:
                del self.pics[c]
            self._pictures_moved = True
            self.stage = 2  # ruling 8: the first picture taken starts stage 2

    def _field_codes(self) -> list[int]:
        out = []
        for si in range(4):
            row = self.money[si]
            for r in range(1, 11):
                out += [si * 13 + r - 1] * (row >> 8 * r & 0x7F)
        for c in sorted(self.pics):
            out += [c] * self.pics[c]
        return sorted(out)

    def field_cards(self) -> list[Card]:
        """The field, sorted by suit (♠♣♥♦) and rank, jokers last."""
        return [_ALL[c] for c in self._field_codes()]

    # ---- turn flow

    def _begin_turn(self) -> None:
        p = self.turn
        self.revealed: list[int] = []
        self.spent: int | None = None  # the picture played this turn
        self.locked: list[int] = []  # revealed cards used (never returnable)
        self.needed_suits: frozenset[int] = _NO_SUITS
        self.taken: list[int] = []
        self.returned: list[int] = []
        self.second_for: int | None = None
        self.collected: frozenset[int] = _NO_SUITS  # suits of this turn's collecting move
        self.may_return = False
        self._ret: list[int] = []  # the cards that may be returned now (phase RETURN)
        draw = self.draw[p]
        # ruling 4: a choice only with one or two cards left and enough cards in the discard
        if len(draw) >= 3 or not draw or len(draw) + len(self.discard[p]) <= 3:
            self._reveal(3)
            self.phase = MAIN
        else:
            self.phase = REFILL

    def _reveal(self, n: int, since: int | None = None) -> None:
        """Reveal ``n`` more cards (the discard pile reshuffled when the personal deck runs out) and tell
        the story of the cards revealed since index ``since`` of this turn's (default: these)."""
        p = self.turn
        draw = self.draw[p]
        revealed = self.revealed
        start = len(revealed) if since is None else since
        if 0 < n <= len(draw):  # the usual turn: the top cards of the personal deck, one by one
            revealed += draw[: -n - 1 : -1]
            del draw[-n:]
            n = 0
        for _ in range(n):
            if not draw:
                if not self.discard[p]:
                    break
                draw.extend(self.discard[p])
                self.discard[p].clear()
                self.rng.shuffle(draw)
            revealed.append(draw.pop())
        self.record(_REVEALED, p, tuple(revealed[start:]))

    def _usable(self) -> list[int]:
        rest = sorted(self.revealed)
        if self.spent is not None:
            rest.remove(self.spent)
        return rest

    def _after_main(self, took_picture: bool = False) -> None:
        """After the main move: returns (stage 2), then the recipient, then the end of the turn."""
        self.may_return = self.stage == 2 or took_picture
        if self.may_return:
            self._ret = self._returnable()
        if self.may_return and self._ret:
            self.phase = RETURN
        else:
            self._to_give()

    def _to_give(self) -> None:
        if self.taken and self.options.teams != "none":
            self.phase = GIVE
        else:
            self._end_turn(self.turn)

    def _kept(self) -> list[int]:
        """The cards revealed this turn and not returned."""
        kept = list(self.revealed)
        for c in self.returned:
            kept.remove(c)
        return kept

    def _returnable(self) -> list[int]:
        kept = self._kept()
        free = list(kept)
        for c in self.locked:
            free.remove(c)
        free = sorted(set(free))
        needed = self.needed_suits
        if not needed:
            return free
        # a card that gives the suit of a card a picture took stays
        return [c for c in free if _SUITI[c] not in needed or sum(1 for k in kept if _SUITI[k] == _SUITI[c]) > 1]

    def _end_turn(self, recipient: int) -> None:
        p = self.turn
        self.discard[p].extend(self._kept())
        self.discard[recipient].extend(self.taken)
        self.turns_played += 1
        if not self.end_met and self._pictures_moved:  # the end depends only on the field's pictures
            self._pictures_moved = False
            self.end_met = self._end_condition()
        n = self.num_players
        options = self.options
        if self.end_met and (not options.full_round or self.turns_played % n == 0):
            self._finish()
        elif self.turns_played >= options.round_limit * n:
            self.ended_by_limit = True
            self._finish()
        else:
            self.turn = (p + 1) % n
            self._begin_turn()  # it starts the next turn's cards afresh

    def field_pictures(self) -> tuple[int, int]:
        """(jacks, queens and kings on the field; jokers on the field)."""
        jokers = self.pics.get(52, 0) + self.pics.get(53, 0)
        return sum(self.pics.values()) - jokers, jokers

    def _end_condition(self) -> bool:
        jqk, jokers = self.field_pictures()
        if self.options.last_breath:
            return jqk + jokers == 0
        return jqk == 0 or jokers == 0

    def _finish(self) -> None:
        self.revealed, self.taken, self.returned, self.locked = [], [], [], []
        self.spent = None
        self._over = True
        self.phase = OVER
        result = self.result()
        self.record(GameOver(tuple(result.scores), result.winners, self.ended_by_limit and self.options.round_limit))

    # ---- the protocol

    @property
    def current_player(self):
        return None if self._over else self.turn

    def is_over(self) -> bool:
        return self._over

    def legal_actions(self) -> list[Action]:
        """The legal actions, worked out once per position (the core keeps the answer)."""
        p = self.turn
        phase = self.phase
        if phase == MAIN:
            return self._main_actions()
        if phase == RETURN:
            by_card = _returnings(p)
            returns: list[Action] = [by_card[c] for c in self._ret]
            returns.append(_plain(EndTurn, p))
            return returns
        if phase == COLLECT:
            suits = _hand(self._usable())[1]
            acts = _collect_moves([], p, suits, self.money, self.collected)
            acts.append(_plain(EndCollect, p))
            return acts
        if phase == SECOND:
            pic = self.second_for
            takes: list[Action] = self._picture_takes(pic, True)
            return [*takes, _keeping_one(p, pic)] if self.options.second_optional else takes
        if phase == REFILL:
            return [_plain(Refill, p, "reveal"), _plain(Refill, p, "mix")]
        if phase == GIVE:
            return [_plain(GiveTo, p, q) for q in range(self.num_players) if self.team[q] == self.team[p]]
        return []

    def _main_actions(self) -> list[Action]:
        p = self.turn
        acts: list[Action] = []
        usable = self._usable()
        pictures, suits, pairs, money_cards, value = _hand(usable)
        if pictures and self.spent is None:
            owns_more = bool(self.draw[p] or self.discard[p])
            for c in pictures:
                rank = _RANKK[c]
                if rank != 12 and owns_more:
                    acts.append(_revealing_more(p, c, 1 if rank == 11 else 2))
                acts += self._picture_takes(c, False)
                if rank in (0, 12):
                    acts += [_stealing(p, c, v) for v in self._victims()]
        money = self.money
        _collect_moves(acts, p, suits, money)
        if pairs:
            acts += [_move(p, "cross", pay, take) for pay, take in _crosses(pairs, money, self.pics)]
        acts += [_move(p, "buy", pay, take) for pay, take in _purchases(money_cards, value, self.pics)]
        acts.append(_plain(Pass, p))
        return acts

    def _present_suits(self) -> tuple[int, ...]:
        """The suits among the cards revealed this turn (jokers have none), in order."""
        mask = 0
        for c in self.revealed:
            mask |= _SUIT_BIT[c]
        return _SUITS_OF[mask]

    def _take_suits(self, pic: int) -> Sequence[int]:
        """The suits whose money cards picture ``pic`` may take (ruling 5), in order."""
        rank = _RANKK[pic]
        if rank == 0:
            return range(4)
        if rank == 12:
            return _ABSENT_SUITS[self._present_suits()]
        return self._present_suits()

    def _take_targets(self, pic: int) -> list[int]:
        """The money cards picture ``pic`` may take: each of each suit it may take from, highest first."""
        money = self.money
        return [c for si in self._take_suits(pic) for c in _money_down(si, money[si])]

    def _picture_takes(self, pic: int, second: bool) -> list[PictureTake]:
        takes = _picture_takings(self.turn, pic, second)
        return [takes[c] for c in self._take_targets(pic)]

    def _victims(self) -> list[int]:
        p, n = self.turn, self.num_players
        if n == 2:
            cands = [1 - p]
        else:
            cands = sorted({(p + 1) % n, (p - 1) % n})
            last = self.steals[p][-2:]
            cands = [v for v in cands if not (len(last) == 2 and last[0] == last[1] == v)]
        return [v for v in cands if self.draw[v]]

    def _play(self, action: Action) -> None:
        _CARRY_OUT[type(action)](self, action)

    def _play_move(self, action: Move) -> None:
        took_picture = False
        for card in action.take:
            c = _code(card)
            took_picture = took_picture or not _MONEY[c]
            self._field_take(c)
            self.taken.append(c)
        self.locked += [_code(c) for c in action.pay]
        if action.kind == "collect":
            self.collected |= {_SUITI[self.locked[-1]]}
            if _suit_choices(self._usable(), self.money, self.collected):
                self.phase = COLLECT
                return
        self._after_main(took_picture)

    def _return_card(self, action: ReturnCard) -> None:
        c = _code(action.card)
        self.returned.append(c)
        self._field_add(c)
        if self.needed_suits:
            self._ret = self._returnable()
        elif self.revealed.count(c) - self.returned.count(c) - self.locked.count(c) < 1:
            # no suit to keep: what may go back is what did, less this card once no free copy stays
            self._ret = [r for r in self._ret if r != c]
        if not self._ret:
            self._to_give()

    def _picture_take(self, action: PictureTake) -> None:
        c, pic = _code(action.card), _code(action.picture)
        self._field_take(c)
        self.taken.append(c)
        if not action.second:
            self._spend(pic)
        rank = _RANKK[pic]
        if rank in (11, 13) and _SUITI[c] != _SUITI[pic]:
            self.needed_suits |= {_SUITI[c]}
        if rank in (0, 13) and not action.second and self._take_targets(pic):
            self.second_for = pic
            self.phase = SECOND
        else:
            self.second_for = None
            self._after_main()

    def _spend(self, pic: int) -> None:
        """The picture played this turn acts once and stays revealed."""
        self.spent = pic
        self.locked.append(pic)

    def _keep_one(self, action: KeepOne) -> None:
        self.second_for = None
        self._after_main()

    def _reveal_more(self, action: RevealMore) -> None:
        self._spend(_code(action.picture))
        self._reveal(action.count)

    def _steal(self, action: Steal) -> None:
        self._spend(_code(action.picture))
        self.discard[self.turn].append(self.draw[action.victim].pop())
        self.steals[self.turn].append(action.victim)
        self._after_main()

    def _refill(self, action: Refill) -> None:
        p = self.turn
        draw = self.draw[p]
        if action.mode == "reveal":
            self.revealed.extend(reversed(draw))
            draw.clear()
            self._reveal(3 - len(self.revealed), since=0)
        else:
            self.discard[p].extend(draw)
            draw.clear()
            self._reveal(3)
        self.phase = MAIN

    def verdict(self, action: Action) -> IllegalAction | None:
        """Whether an action may be played, the moves say (the phases above and the oracle,
        :func:`_option_codes`). A main move they do not hold is refused in the words of the
        oracle's ruling on it (:func:`option_ruling`, the rules the oracle's lists are made by);
        a collecting move over several suits, because a game lists one suit at a time."""
        if action.player != self.turn:
            return self.refuse_turn(action, rule="domimi.refill")
        picture = getattr(action, "picture", None)
        if isinstance(action, RevealMore | PictureTake | Steal | KeepOne) and (
            not _is_picture(picture) or picture not in self.revealed_cards()
        ):
            shown = excerpt(picture)
            return IllegalAction(
                f"{shown} is not a picture revealed this turn: only a revealed jack, queen, king or joker acts",
                f"{shown} — не «картинка», открытая в этот ход: действуют только открытые валет, дама, король, джокер",
                rule="domimi.refill",
            )
        if action in self.legal_actions():
            return None
        if isinstance(action, Move) and self.phase in (MAIN, COLLECT):
            if action.kind == "collect" and len({c.suit for c in action.cards if c.joker is None}) > 1:
                return IllegalAction(
                    "in a game a collecting move over several suits is made one suit at a time: "
                    "collect in one suit, then choose the next",
                    "в партии собирательный ход по нескольким мастям делается по одной масти: "
                    "соберите по одной, затем выберите следующую",
                    rule="domimi.collect",
                )
            err = explain_refusal(
                action.kind, action.pay, action.take, self.usable_cards(), self.field_cards(), stage=self.stage
            )
            if err is not None:
                return err
        return IllegalAction(
            f"not allowed now ({self._phase_text('en')}): {action.explain('en')}",
            f"сейчас нельзя ({self._phase_text('ru')}): {action.explain('ru')}",
            rule=action.rule or "domimi.refill",
        )

    def _phase_text(self, lang: str) -> str:
        en = {
            REFILL: "choose how to refill: reveal the last cards or mix them into the discard pile",
            MAIN: "choose one main move",
            COLLECT: "collect in another suit or stop",
            SECOND: "take the picture's second card",
            RETURN: "return unused cards or end the turn",
            GIVE: "choose who gets the cards taken",
        }
        ru = {
            REFILL: "выберите, как добрать карты: открыть оставшиеся или смешать их со сбросом",
            MAIN: "выберите один ход",
            COLLECT: "соберите по другой масти или остановитесь",
            SECOND: "возьмите вторую карту картинкой",
            RETURN: "верните неиспользованные карты или закончите ход",
            GIVE: "выберите, кому отдать взятые карты",
        }
        return (pick(lang, en, ru))[self.phase]

    # ---- what the widgets and the book ask

    def revealed_cards(self) -> list[Card]:
        """The cards revealed this turn and not returned (the played picture included)."""
        return [_ALL[c] for c in self._kept()]

    def usable_cards(self) -> list[Card]:
        """The revealed cards that may still pay (the played picture is spent)."""
        return [_ALL[c] for c in self._usable()]

    def move(self, kind: str, pay, take) -> Move:
        """The legal Move with these cards (notation accepted), or IllegalAction saying why not."""
        pay_t, take_t = tuple(_cards(pay)), tuple(_cards(take))
        if self.phase in (MAIN, COLLECT) and not self._over:
            for a in self.legal_actions():
                if (
                    isinstance(a, Move)
                    and a.kind == kind
                    and Counter(a.pay) == Counter(pay_t)
                    and Counter(a.take) == Counter(take_t)
                ):
                    return a
        return_err = self.why_illegal(Move(self.turn, kind, pay_t, take_t))
        raise return_err

    # ---- scores

    def owned(self, p: int) -> list[Card]:
        """Every card player ``p`` owns: personal deck, discard pile and (on their turn) the revealed cards."""
        codes = self.draw[p] + self.discard[p]
        if p == self.turn and not self._over:
            codes = codes + self._kept()
        return [_ALL[c] for c in codes]

    def points(self, p: int) -> int:
        """Ruling 14: J 2, Q 3, K 4, joker 7 over all of a player's cards."""
        codes = self.draw[p] + self.discard[p]
        if p == self.turn and not self._over:
            codes = codes + self._kept()
        return sum(_POINTS_C[c] for c in codes)

    def result(self) -> Result:
        n = self.num_players
        teams = sorted(set(self.team))
        score = {t: sum(self.points(p) for p in range(n) if self.team[p] == t) for t in teams}
        low = {}
        for t in teams:
            money = [c.rank for p in range(n) if self.team[p] == t for c in self.owned(p) if _is_money(c)]
            low[t] = min(money) if money else 99
        key = {t: (score[t], -low[t]) for t in teams}  # ruling 14: the lower lowest money card wins a tie
        places = tuple(1 + sum(1 for u in teams if key[u] > key[self.team[p]]) for p in range(n))
        note_en = note_ru = ""
        if self.ended_by_limit:
            note_en = f"Stopped by the round limit ({count(self.options.round_limit, 'en', ('round', 'rounds'))})."
            note_ru = f"Игра остановлена по пределу кругов ({self.options.round_limit})."
        return Result(tuple(score[self.team[p]] for p in range(n)), places, note_en, note_ru)

    # ---- views and zones

    def view(self, player: int) -> dict:
        kept = self._kept()
        return {
            "player": player,
            "turn": self.current_player,
            "phase": self.phase,
            "stage": self.stage,
            "decks": self.decks,
            "team": list(self.team),
            "field": [str(_ALL[c]) for c in self._field_codes()],
            "revealed": [str(_ALL[c]) for c in kept],
            "spent": kept.index(self.spent) if self.spent is not None else None,
            "returned": len(self.returned),
            "taken": [str(_ALL[c]) for c in self.taken],
            "draw_sizes": [len(d) for d in self.draw],
            "discard_sizes": [len(d) for d in self.discard],
            "discard": [str(_ALL[c]) for c in self.discard[player]],
            "turns_played": self.turns_played,
            # where the turn stands and the table's rules, known to everybody at it (for the coach);
            # the cards of this turn named again by their codes (Card.index), each shown once above
            "turn_state": {
                "first": self.first,
                "returned": list(self.returned),
                "locked": list(self.locked),
                "returnable": list(self._ret),
                "needed_suits": sorted(self.needed_suits),
                "collected": sorted(self.collected),
                "second_for": self.second_for,
                "may_return": self.may_return,
                "steals": [list(s) for s in self.steals],
                "end_met": self.end_met,
                "options": dataclasses.asdict(self.options),
            },
        }

    def zones(self) -> dict[str, list[Card]]:
        z = {"field": self.field_cards(), "revealed": self.revealed_cards(), "taken": [_ALL[c] for c in self.taken]}
        for p in range(self.num_players):
            z[f"draw{p}"] = [_ALL[c] for c in self.draw[p]]
            z[f"discard{p}"] = [_ALL[c] for c in self.discard[p]]
        return z

    def visible_zones(self, player: int) -> set[str]:
        return {"field", "revealed", "taken", f"discard{player}"}

    def cards_used(self) -> list[Card]:
        return full_field(self.decks)


#: how each kind of action is carried out
_CARRY_OUT = {
    Move: DomimiState._play_move,
    ReturnCard: DomimiState._return_card,
    EndTurn: lambda state, action: state._to_give(),
    EndCollect: lambda state, action: state._after_main(),
    PictureTake: DomimiState._picture_take,
    GiveTo: lambda state, action: state._end_turn(action.recipient),
    KeepOne: DomimiState._keep_one,
    Pass: lambda state, action: state._after_main(),
    RevealMore: DomimiState._reveal_more,
    Steal: DomimiState._steal,
    Refill: DomimiState._refill,
}
