"""Figures the coach computes for the book's strategy sections: what one kind of move costs or is worth.

A figure compares two moves at many positions of seeded games played by the game's bots: at each
position where both are legal for the seat to move, the coach (:func:`rules.coach.estimates`,
the two moves in the same imagined deals, a fixed number of playouts and no clock) estimates
each, and the figure is the mean difference (the first move's estimate less the second's, in the
game's unit: percentage points of the chance of not being the fool, of winning), with its
standard error over the positions. Everything follows from the seed.

* :func:`trump_lead_cost` (Durak): leading the lowest non-trump rather than the lowest trump, at
  the first card of a bout.
* :func:`take_cost` (Durak): beating the first card of a bout with the weakest card that beats it
  rather than taking it.
* :func:`long_suit_lead` (SKIP-6 Domino): opening a trick with the lowest card of the suit the
  hand holds most of rather than of the suit it holds fewest of.
* :func:`buy_worth` (DoMiMi): buying a picture (the first purchase offered) rather than passing.
* :func:`discard_worth` (Joker rummy, Dummy rummy): taking the discard pile's top card rather than
  drawing from the stock.

>>> from rules import durak
>>> state = durak.position(["6♥ 7♠", "8♠ A♥"], "6♠")  # spades are trumps; P1 leads
>>> pair = durak_lead_pair(state)
>>> [a.label for a in pair]
['P1 leads 6♥', 'P1 leads 7♠']
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from rules.coach import PERCENT_POINTS, estimates
from rules.game import GAMES, Action, State
from rules.lang import Bi, count

__all__ = [
    "HEAD",
    "Figure",
    "buy_pair",
    "buy_worth",
    "compare",
    "discard_pair",
    "discard_worth",
    "domino_lead_pair",
    "durak_beat_pair",
    "durak_lead_pair",
    "long_suit_lead",
    "take_cost",
    "trump_lead_cost",
]


@dataclass(frozen=True)
class Figure:
    """A figure of the coach: ``mean`` difference of the two moves' estimates over ``positions``
    positions, its ``error`` (standard error over the positions), and the ``playouts`` of each
    estimate."""

    mean: float
    error: float
    positions: int
    playouts: int

    def points(self) -> int:
        """The mean in percentage points, rounded."""
        return round(100 * self.mean)

    def row(self, lang: str) -> list[str]:
        """The figure as a table's cells in ``lang``: the mean and its error in percentage points
        (a sign always), the positions and the playouts of each estimate."""

        def dot(text: str) -> str:
            return text if lang == "en" else text.replace(".", ",")

        mean = dot(f"{100 * self.mean:+.1f}").replace("-", "−")
        return [mean, "± " + dot(f"{100 * self.error:.1f}"), str(self.positions), str(self.playouts)]

    def says(self, first: Bi, second: Bi, unit: Bi) -> Bi:
        """What the figure tells a player: which of the two moves is better and by how much, or that
        the coach cannot tell them apart (a mean within two standard errors of nothing)."""
        points = abs(self.points())
        n_en, n_ru = count(points, "en", *PERCENT_POINTS), count(points, "ru", *PERCENT_POINTS)
        if abs(self.mean) <= 2 * self.error:
            return Bi(
                f"The coach cannot tell {first.en} from {second.en}: they differ by less than its noise "
                f"over {self.positions} positions ({n_en} of the {unit.en}).",
                f"Тренер не различает: {first.ru} и {second.ru} — разница меньше его погрешности на "
                f"{self.positions} позициях ({n_ru}, {unit.ru}).",
            )
        better, worse = (first, second) if self.mean > 0 else (second, first)
        return Bi(
            f"{better.en[0].upper()}{better.en[1:]} is better than {worse.en}: by {n_en} of the {unit.en}, "
            f"on average over {self.positions} positions.",
            f"{better.ru[0].upper()}{better.ru[1:]} лучше, чем {worse.ru}: на {n_ru} ({unit.ru}), "
            f"в среднем на {self.positions} позициях.",
        )


#: the heads of a figure's table (:meth:`Figure.row`)
HEAD = (
    Bi("difference, percentage points", "разница, процентных пунктов"),
    Bi("standard error", "стандартная ошибка"),
    Bi("positions", "позиций"),
    Bi("playouts of each estimate", "розыгрышей на оценку"),
)


def compare(state: State, pair: tuple[Action, Action], seed: int, playouts: int) -> float:
    """The coach's estimate of ``pair[0]`` less that of ``pair[1]`` for the seat to move, the two
    moves played in the same imagined deals."""
    seat = state.current_player
    scores = {a.action.label: a.score for a in estimates(state, seat, pair, seed=seed, playouts=playouts)}
    return scores[pair[0].label] - scores[pair[1].label]


def _figure(
    game_id: str,
    pair_of: Callable[[State], tuple[Action, Action] | None],
    positions: int,
    playouts: int,
    seed: int,
    bot: Callable | None = None,
) -> Figure:
    """The mean difference over ``positions`` positions of seeded games of two (one position a game
    at most, the first where ``pair_of`` finds the two moves after a few moves chosen at random),
    the games played by ``bot()`` (default: the game's bot)."""
    game = GAMES[game_id]
    rng = random.Random(f"coach-figure:{game_id}:{seed}")
    diffs: list[float] = []
    for _ in range(40 * positions):
        if len(diffs) == positions:
            break
        state = game.new_game(players=2, seed=rng.randrange(2**31))
        bots = [(bot or game.bot_player)() for _ in range(2)]
        bot_rng = random.Random(rng.randrange(2**62))
        skip = rng.randrange(6)
        limit = state.INFO.max_actions(state)
        while not state.is_over() and len(state.history) < limit:
            pair = pair_of(state)
            if pair is not None:
                if skip == 0:
                    diffs.append(compare(state, pair, rng.randrange(2**31), playouts))
                    break
                skip -= 1
            actions = state.legal_actions()
            mover = state.current_player
            move = actions[0] if len(actions) == 1 else bots[mover].choose(state.view(mover), actions, bot_rng)
            state.apply(move)
    n = len(diffs)
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
    return Figure(mean, error, n, playouts)


# ---------------------------------------------------------------- Durak


def durak_lead_pair(state: State) -> tuple[Action, Action] | None:
    """At the first card of a bout, the lead of the lowest non-trump and of the lowest trump of the
    attacker's hand (None elsewhere, or when the hand lacks either)."""
    from rules import durak as dk
    from rules.games.durak.beats import strength

    if state.is_over() or state.table():
        return None
    leads = [a for a in state.legal_actions() if isinstance(a, dk.Attack)]
    if not leads:
        return None
    trump = state.trump_card

    def low(actions):
        return min(actions, key=lambda a: strength(a.card), default=None)

    plain = low([a for a in leads if not dk.is_trump(a.card, trump)])
    trumps = low([a for a in leads if dk.is_trump(a.card, trump)])
    return None if plain is None or trumps is None else (plain, trumps)


def durak_beat_pair(state: State) -> tuple[Action, Action] | None:
    """Where the defender may beat the first card of a bout or take it: the beat with the weakest
    card that beats it, and the take (None elsewhere)."""
    from rules import durak as dk
    from rules.games.durak.beats import strength

    if state.is_over() or len(state.table()) != 1 or state.table()[0][1] is not None:
        return None
    actions = state.legal_actions()
    beats = [a for a in actions if isinstance(a, dk.Beat)]
    takes = [a for a in actions if isinstance(a, dk.Take)]
    if not beats or not takes:
        return None
    trump = state.trump_card
    weakest = min(beats, key=lambda a: (dk.is_trump(a.card, trump), strength(a.card)))
    return weakest, takes[0]


def take_cost(positions: int = 12, playouts: int = 60, seed: int = 0) -> Figure:
    """Durak, two players, classic: what taking the first card of a bout costs against beating it
    with the weakest card that beats it (positive: beating is better)."""
    return _figure("durak", durak_beat_pair, positions, playouts, seed)


def trump_lead_cost(positions: int = 12, playouts: int = 60, seed: int = 0) -> Figure:
    """Durak, two players, classic: what leading the lowest trump costs against leading the lowest
    non-trump, in the chance of not being the fool (positive: the trump lead is worse)."""
    return _figure("durak", durak_lead_pair, positions, playouts, seed)


# ---------------------------------------------------------------- SKIP-6 Domino


def domino_lead_pair(state: State) -> tuple[Action, Action] | None:
    """At the first card of a trick, the lead of the lowest card of the suit the hand holds most of
    and of the lowest card of the suit it holds fewest of (None elsewhere, or when every suit held
    is as long as the others)."""
    if state.is_over() or state.table.moves:
        return None
    leads = [a for a in state.legal_actions() if getattr(a, "where", None) == "first"]
    if not leads:
        return None
    length = {}
    for a in leads:
        length[a.card.suit] = length.get(a.card.suit, 0) + 1
    suits = sorted(length, key=lambda suit: (length[suit], suit.value))
    short, long = suits[0], suits[-1]
    if length[short] == length[long]:
        return None

    def low(suit):
        return min((a for a in leads if a.card.suit == suit), key=lambda a: (int(a.card.rank) % 14, a.label))

    return low(long), low(short)


def long_suit_lead(positions: int = 16, playouts: int = 60, seed: int = 0) -> Figure:
    """SKIP-6 Domino, two players: what opening a trick from the longest suit of the hand is worth
    against opening from the shortest, in the chance that the team wins (positive: the long suit
    is better)."""
    from rules import domino

    # the book's bot imagining two deals a move rather than eight: the games are played faster
    return _figure("domino", domino_lead_pair, positions, playouts, seed, lambda: domino.HeuristicPlayer(samples=2))


# ---------------------------------------------------------------- DoMiMi


def buy_pair(state: State) -> tuple[Action, Action] | None:
    """Where the seat may buy a picture or pass: the first purchase offered, and the pass."""
    if state.is_over():
        return None
    actions = state.legal_actions()
    buys = [a for a in actions if a.label.startswith("buy ")]
    passes = [a for a in actions if a.label == "pass"]
    return (buys[0], passes[0]) if buys and passes else None


def buy_worth(positions: int = 8, playouts: int = 24, seed: int = 0) -> Figure:
    """DoMiMi, two players: what buying a picture is worth against passing, in the chance of winning
    (positive: buying is better)."""
    return _figure("domimi", buy_pair, positions, playouts, seed)


# ---------------------------------------------------------------- the rummies


def discard_pair(state: State) -> tuple[Action, Action] | None:
    """At a draw, taking the discard pile's top card and drawing from the stock (None elsewhere)."""
    if state.is_over():
        return None
    actions = state.legal_actions()
    take = [a for a in actions if "from the discard pile" in a.label]
    draw = [a for a in actions if a.label.endswith("draws from the stock")]
    return (take[0], draw[0]) if len(take) == 1 and len(draw) == 1 else None


def discard_worth(game_id: str, positions: int = 8, playouts: int = 24, seed: int = 0) -> Figure:
    """Joker rummy or Dummy rummy, two players: what taking the discard pile's top card is worth
    against drawing from the stock, in the chance of winning (positive: taking is better)."""
    return _figure(game_id, discard_pair, positions, playouts, seed)


# ---------------------------------------------------------------- the chapters' questions


@dataclass(frozen=True)
class Question:
    """A question of a chapter's strategy section: is ``first`` better than ``second``, in ``unit``;
    ``compute()`` gives the coach's figure (positive: ``first`` is better)."""

    first: Bi
    second: Bi
    unit: Bi
    compute: Callable[[], Figure]


_FOOL = Bi("chance of not being the fool", "шанс не остаться в дураках")
_WIN = Bi("chance of winning", "шанс выиграть")

#: each coached chapter's questions, bounded to about a second of the coach's work each
QUESTIONS: dict[str, tuple[Question, ...]] = {
    "durak": (
        Question(
            Bi("beating the first card of a bout with the weakest card that beats it", "отбиться слабейшей картой"),
            Bi("taking it", "взять карту"),
            _FOOL,
            take_cost,
        ),
        Question(
            Bi("leading the lowest non-trump", "ход младшей некозырной картой"),
            Bi("leading the lowest trump", "ход младшим козырем"),
            _FOOL,
            lambda: trump_lead_cost(positions=24),
        ),
    ),
    "domino": (
        Question(
            Bi("opening a trick from the longest suit of the hand", "заход с самой длинной масти руки"),
            Bi("opening it from the shortest", "заход с самой короткой"),
            Bi("chance that the team wins", "шанс, что команда выиграет"),
            long_suit_lead,
        ),
    ),
    "joker_rummy": (
        Question(
            Bi("taking the discard pile's top card", "взять верхнюю карту сброса"),
            Bi("drawing from the stock", "взять карту из колоды"),
            _WIN,
            lambda: discard_worth("joker_rummy"),
        ),
    ),
    "dummy_rummy": (
        Question(
            Bi("taking the discard pile's top card", "взять верхнюю карту сброса"),
            Bi("drawing from the stock", "взять карту из колоды"),
            _WIN,
            lambda: discard_worth("dummy_rummy"),
        ),
    ),
    "domimi": (
        Question(
            Bi("buying a picture (the first purchase offered)", "купить «картинку» (первую из предложенных)"),
            Bi("passing", "пропустить ход"),
            _WIN,
            buy_worth,
        ),
    ),
}


def strategy(game_id: str) -> list[tuple[Question, Figure]]:
    """The coach's figures of ``game_id``'s strategy section, computed now (seeded)."""
    return [(q, q.compute()) for q in QUESTIONS[game_id]]
