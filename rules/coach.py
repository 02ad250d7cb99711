"""The coach: which move is best here, how good it is, and why, from one seat's view only.

:func:`advise` ranks the legal moves of the seat to move, best first. Each
:class:`Advice` holds the move, its estimate (``score``: the seat's expected
result, in the unit the game declares, such as the chance of not being the fool)
and ``why``, a sentence in both languages saying what the move does, what it
risks and the rule it rests on.

The method is determinized Monte Carlo over the engines' fast playouts. The coach
sees what the seat sees, nothing more: it asks the game to deal the cards this
seat has not seen in a way consistent with its view (the game's
:class:`Coaching`, declared on its :class:`rules.game.Game`), plays every move in
that imagined deal, lets the game's bots play on (cut short and the position
evaluated where whole games are long), and averages over many such deals. Every
move is tried in the same imagined deals with the same bots' seeds, so the
comparison between moves is not blurred by the luck of the deal. Moves that fall
clearly behind stop being tried, so the best ones get the most playouts.

The work is bounded twice: by ``seconds`` (wall clock) and by ``playouts`` (a
count, the same on any machine): with ``seconds=None`` the advice depends only on
the seed and the position as the seat sees it.

>>> from rules import durak
>>> state = durak.position(["7♥ 9♠ A♣", "8♥ 6♣ 10♣"], "6♣")
>>> best = advise(state, 0, seconds=None, playouts=60, seed=1)[0]
>>> best.action.label, 0 <= best.score <= 1
('P1 leads 9♠', True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rules.errors import RulesError
from rules.game import Action, Player, RandomPlayer, State, play_bots
from rules.lang import Bi, count, pick

__all__ = [
    "PAIRS",
    "STRENGTHS",
    "Advice",
    "Coach",
    "CoachError",
    "Coaching",
    "Mistake",
    "advise",
    "estimates",
    "paired_noise",
    "remembered",
    "review",
    "strength_name",
    "win_share",
]

#: the three strengths of every game's bots, weakest first: keys of a game's ``players``
STRENGTHS = ("easy", "heuristic", "strong")
#: the pairs of strengths that play each other (``benchmarks/bench_coach.py``), in the order the book
#: and the README list them: easy against medium, medium against strong, easy against strong
PAIRS = ((STRENGTHS[0], STRENGTHS[1]), (STRENGTHS[1], STRENGTHS[2]), (STRENGTHS[0], STRENGTHS[2]))
#: their names for the reader
STRENGTH_NAMES = {
    "easy": Bi("easy", "лёгкий"),
    "heuristic": Bi("medium", "средний"),
    "strong": Bi("strong", "сильный"),
}
#: what a seat chooser adds to "strong" where the benchmark did not show the coach stronger than
#: the game's own bot (:attr:`Coaching.shown_stronger`)
NOT_SHOWN_STRONGER = Bi("not proven", "не доказано")
#: the noun of a difference of estimates: "3 percentage points", "на 3 процентных пункта"
PERCENT_POINTS = (
    ("percentage point", "percentage points"),
    ("процентный пункт", "процентных пункта", "процентных пунктов"),
)
#: the playouts of one piece of advice when no cap is given (the seconds bound it first)
DEFAULT_PLAYOUTS = 20_000
#: the strong bot's playouts a move by count where a game does not set its own
#: (:attr:`Coaching.playouts`)
STRONG_PLAYOUTS = 100


class CoachError(RulesError):
    """Advice asked for where there is none to give (the game is over, another seat's turn)."""


def strength_name(strength: str, lang: str, game=None) -> str:
    """A bot's strength (one of :data:`STRENGTHS`) for the reader: "strong"; for ``game``'s strong
    bot where the benchmark did not show it stronger than the game's own, "strong (not proven)",
    short enough for a seat chooser on a phone."""
    name = STRENGTH_NAMES[strength](lang)
    coaching = None if game is None else game.coaching
    if strength == "strong" and coaching is not None and not coaching.shown_stronger:
        return f"{name} ({NOT_SHOWN_STRONGER(lang)})"
    return name


def strong_playouts(game) -> int:
    """The strong bot's playouts a move in ``game`` where it thinks by count (its
    :attr:`Coaching.playouts`; a game without a coaching has nothing to weigh, and the default's)."""
    return STRONG_PLAYOUTS if game.coaching is None else game.coaching.playouts


def win_share(state: State, seat: int) -> float:
    """The seat's share of the win of a finished game: 1 alone in first place, 1/k for
    each of k sharing it, 0 otherwise."""
    places = state.result().places
    if places[seat] != 1:
        return 0.0
    return 1.0 / places.count(1)


def chance_ahead(mine: float, others: Sequence[float], scale: float) -> float:
    """The chance that a guessed score ``mine`` ends ahead of each of ``others`` (higher is better),
    each gap read through a logistic curve of width ``scale``: the estimate of a game cut short.

    >>> round(chance_ahead(10, [10], 5), 2), round(chance_ahead(10, [0, 0], 5), 2)
    (0.5, 0.78)
    """
    chance = 1.0
    for other in others:
        chance /= 1 + math.exp((other - mine) / scale)
    return chance


@dataclass(frozen=True)
class Coaching:
    """What the coach needs to know of one game, declared on its :class:`rules.game.Game`.

    * ``deal(view, rng)``: a full state that the view's seat cannot tell from the real
      one: its own cards and everything public as the view says, the cards it has not
      seen dealt at random where they may lie (counts, known cards, cards shown and
      taken), and its own chance (``rng``) for what is still to come. It reads the view
      only, so the coach never learns a hidden card.
    * ``value(state, seat)``: the seat's result of a finished game, in ``unit``
      (default :func:`win_share`).
    * ``evaluate(state, seat)``: an estimate of the same for an unfinished state, used
      when a playout is cut short after ``horizon`` actions (None: play to the end).
    * ``stage(state)``: where whole games are many deals, the deal (or hand) a state is in: a
      playout stops where it changes, and the position is evaluated there, between deals, where
      only the totals stand (None: the playout runs to the horizon). The next deal's fresh
      hands would only add their own luck to the estimate of the move played in this one.
      It needs a ``policy``.
    * ``rollout``: the key of the game's ``players`` who play the playouts (None: the
      game's bot); or ``policy(state, actions, rng)``, the same bot's choice read straight
      from an imagined state (every card of which is the coach's own invention), which
      spares the playouts a view per move.
    * ``remember(memory, view, action)``: what the seat remembers of the game so far, the
      ``memory`` it had (None at first) brought up to date by its ``view`` now and the
      ``action`` it plays from it (None: not chosen yet): the cards it saw played and where
      they went (into a hand that took them, out of the game). Only what the table saw goes
      in. :class:`Coach` keeps it from move to move and hands it to ``deal`` as the view's
      ``"memory"``; without it the deal reads the view alone.
    * ``unit``: what a score means, for the reader.
    * ``prior``: the key of the game's ``players`` whose move the strong bot starts from and
      keeps unless another move is surely better (None: the game's bot): a sharper player than
      the game's bot where one is known (DoMiMi's, Joker rummy's, Dummy rummy's).
    * ``own_judgement``: the strong bot plays its own best estimate (among the moves it kept
      trying to the end) rather than the game's bot's move unless another was surely better:
      for a game whose bot is itself a Monte Carlo player of the same playouts, with fewer of
      them and its own measure of a good result (Domino's).
    * ``shortlist(view, actions, usual)``: where a move offers too many choices for the strong
      bot's playouts to tell apart in its time (Joker rummy's discards and openings), the few it
      weighs against its starting move ``usual`` (which the list holds): the rest are left
      untried, so each of these gets more imagined deals (None: all of them). The Hint and the
      Review still rank every move.
    * ``playouts``: the strong bot's playouts a move where it thinks by count rather than by time
      (``benchmarks/bench_coach.py``'s rows and the class tables' strong bots, whose play then
      depends on the seed alone): what it reaches in 0.2 s a move on a quiet machine
      (``bench_coach --reach``; the README gives the date and the load average).
    * ``shown_stronger``: ``benchmarks/bench_coach.py`` showed the strong bot stronger than the
      game's bot (its medium v strong row's 95% interval lies above one half;
      ``tests/test_coach_strengths.py`` checks this against the kept rows). Where it did not, the
      seat choosers say so beside "strong" (:func:`strength_name`).
    """

    deal: Callable[[dict, random.Random], State]
    value: Callable[[State, int], float] = win_share
    evaluate: Callable[[State, int], float] | None = None
    horizon: int | None = None
    stage: Callable[[State], int] | None = None
    rollout: str | None = None
    policy: Callable[[State, list[Action], random.Random], Action] | None = None
    remember: Callable[[dict | None, dict, Action | None], dict] | None = None
    unit: Bi = Bi("chance of winning", "шанс выиграть")
    prior: str | None = None
    own_judgement: bool = False
    shortlist: Callable[[dict, Sequence[Action], Action], list[Action]] | None = None
    playouts: int = STRONG_PLAYOUTS
    shown_stronger: bool = True

    def __post_init__(self):
        if self.stage is not None and self.policy is None:
            raise ValueError("a coaching that stops its playouts at a stage plays them with a policy")


@dataclass(frozen=True)
class Advice:
    """One legal move as the coach sees it.

    ``score`` is the seat's expected result after this move (in the game's unit,
    from 0 to 1), over ``playouts`` imagined continuations; ``lost`` the share of
    them in which the move did worse than the best move did in the same imagined
    deal; ``noise`` the standard error of its difference from the best move over the
    imagined deals both were played in (for the best move, of its difference from the
    second): a gap of a few of them is more than the luck of the deals explains;
    ``why`` the sentence for the reader (``risk`` its part that says what the move
    risks).
    """

    action: Action
    score: float
    playouts: int
    lost: float
    why: Bi
    rule: str = ""
    rank: int = 0
    unit: Bi = field(default=Bi("", ""), compare=False)
    risk: Bi = field(default=Bi("", ""), compare=False)
    noise: float = field(default=0.0, compare=False)

    def text(self, lang: str = "en") -> str:
        return self.why(lang)


def advise(
    state: State,
    seat: int,
    seconds: float | None = 0.5,
    seed: int = 0,
    *,
    playouts: int | None = None,
    recall: bool = True,
    memory: dict | None = None,
) -> list[Advice]:
    """The legal moves of ``seat`` ranked best first (see the module's text).

    ``seconds`` bounds the time and ``playouts`` the number of playouts (default:
    :data:`DEFAULT_PLAYOUTS`); ``seconds=None`` is bounded by the count alone, so the
    same seed gives the same advice. Only the seat's views and the seat's legal moves are
    read: ``state.view(seat)`` now and, with ``recall`` (where the game declares what a
    seat remembers), its views at its earlier moves (:func:`remembered`), or ``memory``, what
    :func:`remembered` would give, where the caller kept it move by move as the game went.
    """
    if state.is_over():
        raise CoachError("the game is over: there is no move to advise", "игра окончена: советовать нечего")
    if state.current_player != seat:
        turn = state.current_player
        raise CoachError(
            f"it is player {turn + 1}'s move, not player {seat + 1}'s",
            f"сейчас ходит игрок {turn + 1}, а не игрок {seat + 1}",
        )
    start = time.perf_counter()
    if memory is None and recall:
        memory = remembered(state, seat)
    view = _with_memory(state.GAME, state.view(seat), memory)
    if seconds is not None:  # the replay counts in the time
        seconds = max(seconds - (time.perf_counter() - start), 0.0)
    return _advise(state.GAME, view, seat, state.legal_actions(), seconds, seed, playouts)[0]


def estimates(state: State, seat: int, moves: Sequence[Action], seed: int = 0, *, playouts: int = 200) -> list[Advice]:
    """The coach's advice on ``moves`` alone (some of the seat's legal moves), ranked: each tried in
    the same imagined deals, ``playouts`` in all and no clock, so the result depends on the seed.
    The book's strategy figures compare two moves this way (:mod:`rules.coach_figures`)."""
    legal = {a.label for a in state.legal_actions()}
    if state.is_over() or state.current_player != seat or not moves or any(m.label not in legal for m in moves):
        raise CoachError(
            "estimates are of legal moves of the seat to move",
            "оценивать можно только разрешённые ходы того, чей сейчас ход",
        )
    view = _with_memory(state.GAME, state.view(seat), remembered(state, seat))
    return _advise(state.GAME, view, seat, list(moves), None, seed, playouts)[0]


def remembered(state: State, seat: int) -> dict | None:
    """What ``seat`` remembers of ``state``'s game before its move now (see :class:`Coaching`):
    the game replayed from its start, the seat's view read at each of its own moves (and the
    move), as the strong bot keeps it. None where the game declares no memory."""
    coaching = state.GAME.coaching
    remember = coaching.remember if coaching is not None else None
    if remember is None or not state.history:
        return None
    replay, memory = state.restart(), None
    for action in state.history:
        if action.player == seat:
            memory = remember(memory, replay.view(seat), action)
        replay._advance(action)
    return memory


def _with_memory(game, view: dict, memory: dict | None) -> dict:
    """The view with what the seat remembers, brought up to date by the view itself."""
    remember = _coaching(game).remember
    if remember is None:
        return view
    return dict(view, memory=remember(memory, view, None))


@dataclass(frozen=True)
class Mistake:
    """A move of a finished (or unfinished) game the coach would not have played.

    ``step`` is the number of actions played before it (``state.undo(len(history) -
    step)`` is the position), ``played`` the coach's view of the move played and
    ``best`` of its best move there; ``cost`` how much the estimate fell.
    """

    step: int
    played: Advice
    best: Advice

    @property
    def cost(self) -> float:
        return self.best.score - self.played.score

    def text(self, lang: str = "en") -> str:
        return pick(
            lang,
            f"Move {self.step + 1}: {self.played.action.explain('en')} ({_percent(self.played.score)}); "
            f"better: {self.best.action.explain('en')} ({_percent(self.best.score)})",
            f"Ход {self.step + 1}: {self.played.action.explain('ru')} ({_percent(self.played.score)}); "
            f"лучше: {self.best.action.explain('ru')} ({_percent(self.best.score)})",
        )


def review(
    state: State,
    seat: int,
    *,
    playouts: int = 200,
    seconds: float | None = None,
    shown: int = 3,
    progress: Callable[[int, int], None] | None = None,
):
    """The ``shown`` moves of ``seat`` in ``state``'s game that cost the most, by the coach's
    estimates before each of them (``playouts`` and at most ``seconds`` for each position),
    costliest first; moves that cost nothing are left out. Each position is judged from the
    seat's view then, as the advice is. ``progress(moves, of)`` is told after each position
    judged how many of the game's moves it has gone through."""
    replay = state.restart()
    game = state.GAME
    remember = game.coaching.remember if game.coaching is not None else None
    mistakes, memory = [], None
    for step, action in enumerate(state.history):
        if action.player == seat:
            view = replay.view(seat)
            actions = replay.legal_actions()
            if len(actions) > 1:
                seen = _with_memory(game, view, memory)
                advice = _advise(game, seen, seat, actions, seconds, step, playouts)[0]
                played = next(a for a in advice if a.action.label == action.label)
                if played.rank > 0 and advice[0].score > played.score:
                    mistakes.append(Mistake(step, played, advice[0]))
                if progress is not None:
                    progress(step + 1, len(state.history))
            if remember is not None:
                memory = remember(memory, view, action)
        replay._advance(action)
    mistakes.sort(key=lambda m: (-m.cost, m.step))
    return mistakes[:shown]


def _coaching(game) -> Coaching:
    coaching = game.coaching
    if coaching is None:
        raise CoachError(
            f"{game.name('en')} has no coach", f"для игры «{game.name('ru')}» нет тренера"
        )  # pragma: no cover (every game of the book declares one)
    return coaching


def _rollout_players(game, coaching: Coaching, players: int) -> list[Player]:
    name = coaching.rollout or game.bot
    if name == "random":
        return [RandomPlayer()] * players
    return [game.players[name]() for _ in range(players)]


def _advise(
    game,
    view: dict,
    seat: int,
    actions: Sequence[Action],
    seconds: float | None,
    seed: int,
    playouts: int | None,
    prior: int | None = None,
) -> tuple[list[Advice], Action]:
    """The advice, ranked by estimate, and the move to play: the best by estimate, or, given
    ``prior`` (the index of the move the game's bot would play), that move unless another did
    better than it in the same imagined deals by more than one standard error."""
    coaching = _coaching(game)
    rng = random.Random(seed)
    cap = DEFAULT_PLAYOUTS if playouts is None else max(1, playouts)
    deadline = None if seconds is None else time.perf_counter() + seconds
    n = len(actions)
    labels = [a.label for a in actions]
    totals, squares, counts = [0.0] * n, [0.0] * n, [0] * n
    runs: list[list[float]] = [[] for _ in range(n)]
    #: per action, how often it did worse than the best of the same imagined deal
    behind = [0] * n
    alive = list(range(n))
    done, sweeps = 0, 0
    bots: list[Player] | None = None
    value, evaluate, horizon, policy = coaching.value, coaching.evaluate, coaching.horizon, coaching.policy
    stage = coaching.stage
    while done < cap:
        world = coaching.deal(view, random.Random(rng.randrange(2**62)))
        if bots is None and policy is None:
            bots = _rollout_players(game, coaching, world.num_players)
        bot_seed = rng.randrange(2**62)
        stop = None if stage is None else _left_stage(stage, stage(world))
        moves = {a.label: a for a in world.legal_actions()}
        results = {}
        for k in alive:
            imagined = world.clone()
            move = moves.get(labels[k])
            if move is None:
                raise RuntimeError(f"{game.id}: the imagined deal lacks the move {labels[k]!r} of the view")
            imagined._advance(move)
            v = _play_on(imagined, seat, bots or policy, random.Random(bot_seed), value, evaluate, horizon, stop)
            results[k] = v
            runs[k].append(v)
            totals[k] += v
            squares[k] += v * v
            counts[k] += 1
            done += 1
        top = max(results.values())
        for k, v in results.items():
            behind[k] += v < top - 1e-9
        sweeps += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
        if len(alive) > 3 and sweeps in (8, 16, 32, 64, 128):
            alive = _survivors(alive, totals, squares, counts, prior)
    advice = _ranked(game, coaching, actions, totals, counts, behind, runs)
    if prior is None:
        return advice, advice[0].action
    if coaching.own_judgement:  # the best estimate of the moves tried the most, the bot's on a tie
        most = max(counts)
        tried = [k for k in range(n) if counts[k] == most]
        return advice, actions[max(tried, key=lambda k: (totals[k] / counts[k], k == prior))]
    return advice, actions[_better_than(prior, runs, 0.0 if coaching.horizon is None else LEAST_GAIN)]


#: the least gain, in the game's unit, for which the strong bot leaves its game's bot's move where
#: playouts are cut short and estimated (a difference smaller than this cannot be told from the
#: estimate's own bias); where they are played to the end, any sure gain counts
LEAST_GAIN = 0.02
#: the fewest imagined deals in which a move must have been compared with the bot's move (at least 2,
#: for a spread)
LEAST_PAIRS = 6


def _better_than(prior: int, runs: list[list[float]], least_gain: float = LEAST_GAIN) -> int:
    """The move that beat ``prior`` in the same imagined deals by the widest sure margin, or
    ``prior`` itself when none did. A margin is sure when the mean difference exceeds what the
    best of the k other moves would show by chance alone: sqrt(2 ln k) standard errors (at
    least one, at most two and a half), so a move with many rivals is not left on noise; and
    when it is at least ``least_gain`` over at least :data:`LEAST_PAIRS` deals. A move's
    spread is never taken below the middle spread of all the rivals: a few deals that
    happened to agree do not make a sure margin."""
    base = runs[prior]
    paired = []
    for k, run in enumerate(runs):
        m = min(len(run), len(base))
        if k == prior or m < LEAST_PAIRS:
            continue
        mean = (sum(run[:m]) - sum(base[:m])) / m
        paired.append((k, m, mean, paired_noise(run, base) * math.sqrt(m)))
    if not paired:
        return prior
    z = min(max(math.sqrt(2 * math.log(max(len(paired), 1))), 1.0), 2.5)
    spreads = sorted(sd for _, _, _, sd in paired)
    middle = spreads[len(spreads) // 2]
    choice, margin = prior, least_gain
    for k, m, mean, sd in paired:
        sure = mean - z * max(sd, middle) / math.sqrt(m)
        if sure > margin:
            choice, margin = k, sure
    return choice


def _left_stage(stage: Callable[[State], int], start: int) -> Callable[[State], bool]:
    """Whether a state has left the stage (deal, hand) ``start`` (see :attr:`Coaching.stage`)."""
    return lambda state: stage(state) != start


def _play_on(state, seat, bots, rng, value, evaluate, horizon, stop=None) -> float:
    """Let the bots (a list of players, or a policy reading the state) play on from an
    imagined position; the seat's value at the end, or where the horizon (a count of actions)
    or ``stop(state)`` (a policy's playouts only: :attr:`Coaching.stage`) cuts it short."""
    limit = state.INFO.max_actions(state) if horizon is None else horizon
    if isinstance(bots, list):
        play_bots(state, dict(enumerate(bots)), rng, limit=limit)
    else:
        advance, legal, over = state._advance, state.legal_actions, state.is_over
        for _ in range(limit):
            if over() or (stop is not None and stop(state)):
                break
            actions = legal()
            advance(actions[0] if len(actions) == 1 else bots(state, actions, rng))
    if state.is_over():
        return value(state, seat)
    if evaluate is None:
        return 0.5  # a game stopped at the engine's bound: neither won nor lost
    return evaluate(state, seat)


def _survivors(alive: list[int], totals, squares, counts, prior: int | None = None) -> list[int]:
    """The moves worth more playouts: those not clearly behind the best (a margin of two
    standard errors), at least the three best, and the bot's own move (``prior``)."""
    means = {k: totals[k] / counts[k] for k in alive}
    best = max(alive, key=lambda k: means[k])
    n = counts[best]
    var = max(squares[best] / n - means[best] ** 2, 0.05)
    margin = 2 * math.sqrt(2 * var / n)
    ordered = sorted(alive, key=lambda k: -means[k])
    keep = [k for k in ordered if means[k] >= means[best] - margin]
    if len(keep) < 3:
        keep = ordered[:3]
    if prior is not None and prior not in keep:
        keep.append(prior)
    return sorted(keep)


def _ranked(game, coaching: Coaching, actions, totals, counts, behind, runs) -> list[Advice]:
    order = sorted(range(len(actions)), key=lambda k: (-totals[k] / counts[k], -counts[k], k))
    best = order[0]
    best_score = totals[best] / counts[best]
    out = []
    for rank, k in enumerate(order):
        score = totals[k] / counts[k]
        lost = behind[k] / counts[k]
        noise = paired_noise(runs[best], runs[order[1] if rank == 0 and len(order) > 1 else k])
        risk, why = _why(game, coaching, actions[k], score, best_score, lost, counts[k], rank, len(actions))
        out.append(Advice(actions[k], score, counts[k], lost, why, actions[k].rule, rank, coaching.unit, risk, noise))
    return out


def paired_noise(first: Sequence[float], second: Sequence[float]) -> float:
    """The standard error of the mean difference between two moves' results over the imagined
    deals both were played in (the first ``min(len)`` of each: a move left behind stops being
    tried, never starts late); 0 for a move compared with itself or with fewer than two deals.

    >>> round(paired_noise([1, 0, 1, 1], [0, 0, 1, 0]), 3)  # differences 1, 0, 0, 1
    0.289
    """
    m = min(len(first), len(second))
    if m < 2:
        return 0.0
    diffs = [a - b for a, b in zip(first[:m], second[:m], strict=True)]
    mean = sum(diffs) / m
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (m - 1) / m)


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def _why(game, coaching: Coaching, action: Action, score, best, lost, n, rank, moves) -> tuple[Bi, Bi]:
    """What the move risks, and the whole sentence: what it does, its estimate, the risk
    and the rule it rests on."""
    title_en, title_ru = game.rules.get(action.rule, ("", ""))

    def risk(lang: str) -> str:
        if moves == 1:
            return pick(lang, "the only legal move", "единственный разрешённый ход")
        if rank == 0:
            return pick(
                lang,
                f"the best of the {moves} moves; in {_percent(lost)} of the imagined deals another move did better",
                f"лучший из ходов ({moves}); в {_percent(lost)} воображаемых раздач другой ход был лучше",
            )
        gap = count(round(100 * (best - score)), lang, *PERCENT_POINTS)
        return pick(
            lang,
            f"{gap} below the best move; it did worse than the best in {_percent(lost)} of the imagined deals",
            f"на {gap} хуже лучшего хода; хуже лучшего в {_percent(lost)} воображаемых раздач",
        )

    def say(lang: str) -> str:
        title = pick(lang, title_en, title_ru)
        rests = pick(lang, f" Rule: {title}.", f" Правило: {title}.") if title else ""
        unit = coaching.unit(lang)  # a sentence of its own: "Chance of winning: 62% (...)"
        return f"{action.explain(lang)}. {unit[:1].upper()}{unit[1:]}: {_percent(score)} ({risk(lang)}).{rests}"

    return Bi(risk("en"), risk("ru")), Bi(say("en"), say("ru"))


class Coach:
    """The strongest bot: plays the coach's best move (a :class:`rules.game.Player`).

    It starts from the move the game's own bot (or the game's ``prior``, see :class:`Coaching`)
    would play and plays another only when
    that move did better in the same imagined deals by more than the playouts' noise
    (:func:`_better_than`), so a coach short of time plays as well as the bot, and better
    as it has more.

    ``Coach("durak", seconds=0.2)``: the game by its id (found in the registry when it
    first plays); ``playouts=`` alone gives play that does not depend on the machine's
    speed.
    """

    name = "strong"
    needs_view = True

    def __init__(self, game: str, seconds: float | None = 0.2, playouts: int | None = None):
        if seconds is None and playouts is None:
            raise ValueError("a coach needs a bound: seconds, playouts or both")
        self.game = game
        self.seconds = seconds
        self.playouts = playouts
        #: playouts, seconds and seconds of this process's processor time spent so far (for the
        #: benchmark's playouts per second), the moves it thought about (those with a choice), and
        #: those of them where it played another move than the one it started from
        self.spent = [0, 0.0, 0.0]
        self.thought = 0
        self.left = 0
        #: what the seat remembers of the game so far (see :class:`Coaching`)
        self.memory: dict | None = None

    def choose(self, view: dict, actions: Sequence[Action], rng: random.Random) -> Action:
        from rules.game import GAMES

        game = GAMES[self.game]
        if len(actions) == 1:
            return self._played(game, view, actions[0])
        start, cpu = time.perf_counter(), time.process_time()
        seat = actions[0].player
        seed = rng.randrange(2**62)
        starter = game.players[game.coaching.prior]() if game.coaching.prior else game.bot_player()
        usual = starter.choose(view, actions, random.Random(seed))
        shortlist = game.coaching.shortlist
        weighed = list(actions) if shortlist is None else shortlist(view, actions, usual)
        prior = next(i for i, a in enumerate(weighed) if a is usual or a == usual)
        if len(weighed) == 1:  # nothing to weigh it against
            return self._played(game, view, usual)
        seen = _with_memory(game, view, self.memory)
        advice, move = _advise(game, seen, seat, weighed, self.seconds, seed, self.playouts, prior)
        self.spent[0] += sum(a.playouts for a in advice)
        self.spent[1] += time.perf_counter() - start
        self.spent[2] += time.process_time() - cpu
        self.thought += 1
        self.left += move != usual
        return self._played(game, view, move)

    def _played(self, game, view: dict, action: Action) -> Action:
        """``action``, once the seat's memory has taken in its view and this move (see :class:`Coaching`)."""
        remember = game.coaching.remember if game.coaching is not None else None
        if remember is not None:
            self.memory = remember(self.memory, view, action)
        return action
