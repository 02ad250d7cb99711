"""The kind "the best move here", shared by every game with decisions: positions the coach reviewed.

A seeded game of two players is played by the game's own bots; at the positions of one seat,
the coach (:func:`rules.coach.advise`, a fixed number of playouts and no clock, so the result
depends on the seed alone) ranks the seat's legal moves. A position becomes an exercise when the
coach finds a best move clearly ahead of the others: its estimate ahead of the second best by
at least :data:`MIN_GAP` and by more than :data:`CLEAR` standard errors of the difference in
the same imagined deals, which the luck of the deals does not explain; and a second look, on
other imagined deals, still finds it the best (:func:`confirmed`). The learner picks a
move; it is accepted when it is the best or its estimate is within :data:`WITHIN` standard
errors of the best's (so a move the coach could not tell from the best is never marked
wrong). The feedback gives the coach's estimates of the learner's move and of the best, the
coach's reason for each (:attr:`rules.coach.Advice.why`) and the rule.

Each game registers its kind with :func:`best_move_kind` in its own module of exercises.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules import svg
from rules.coach import PERCENT_POINTS, Advice, advise
from rules.exercises.core import Bi, Choice, Exercise, Verdict, judge, kind, picture, read_keys, unreadable
from rules.game import GAMES, State
from rules.lang import count, plural_ru

__all__ = ["CLEAR", "MIN_GAP", "WITHIN", "best_move_kind", "clear_best", "confirmed", "accepted_moves", "position_of"]

#: the best move's lead over the second best, in the game's unit, below which a position teaches
#: too little to ask about (5 percentage points)
MIN_GAP = 0.05
#: standard errors of the difference by which the best must lead the second best
CLEAR = 2.5
#: standard errors of the difference within which a move counts as good as the best (the feedback
#: says "two")
WITHIN = 2.0
#: positions the coach reviews in one game, and games played, before the search gives up
PER_GAME, GAMES_TRIED = 12, 40

#: what a zone of a game's table is called, for the picture (``hand`` is the seat's own)
_ZONES = {
    "hand": Bi("Your hand", "Ваши карты"),
    "trump": Bi("The trump card", "Козырь"),
    "table": Bi("On the table", "На столе"),
    "discard": Bi("The discard pile (its top last)", "Сброс (верхняя карта последней)"),
    "field": Bi("The field", "Поле"),
    "revealed": Bi("Revealed this turn", "Открыто в этот ход"),
    "taken": Bi("Taken this turn", "Взято в этот ход"),
    "bankA": Bi("Team A's bank", "Банк команды А"),
    "bankB": Bi("Team B's bank", "Банк команды Б"),
}
#: said while a position is looked for (a few seconds in the rummies and DoMiMi)
_WAIT = Bi(
    "The coach is reviewing a game for a position to ask about: a few seconds…",
    "Тренер разбирает партию, чтобы найти позицию для вопроса: несколько секунд…",
)
#: at most this many cards of a pile are drawn (its top ones), and this many a line
_PILE, _LINE = 10, 8


def clear_best(advice: list[Advice]) -> bool:
    """Whether the coach's best move is clearly ahead of the second best: by :data:`MIN_GAP` at least
    and by more than :data:`CLEAR` standard errors of their difference in the same imagined deals.

    >>> from rules.coach import Advice
    >>> from rules.lang import Bi
    >>> def a(score, noise):
    ...     return Advice(None, score, 100, 0.0, Bi("", ""), noise=noise)
    >>> clear_best([a(0.70, 0.02), a(0.55, 0.02)]), clear_best([a(0.70, 0.06), a(0.55, 0.06)])
    (True, False)
    """
    if len(advice) < 2:
        return False
    gap = advice[0].score - advice[1].score
    return gap >= MIN_GAP and gap > CLEAR * advice[0].noise


def confirmed(first: list[Advice], again: list[Advice]) -> bool:
    """Whether a second look (``again``: the same position and playouts, other imagined deals) bears
    out the first's clear best: the same move best, ahead of the second best by more than one standard
    error of their difference. A search over many positions keeps those whose lead passed
    :func:`clear_best` by luck as well as by right; the second look, which did not choose the
    position, tells them apart.

    >>> from rules.coach import Advice
    >>> from rules.lang import Bi
    >>> def a(move, score, noise=0.02):
    ...     return Advice(move, score, 100, 0.0, Bi("", ""), noise=noise)
    >>> first = [a("x", 0.70), a("y", 0.55)]
    >>> confirmed(first, [a("x", 0.66), a("y", 0.58)]), confirmed(first, [a("y", 0.62), a("x", 0.60)])
    (True, False)
    """
    return len(again) > 1 and again[0].action == first[0].action and again[0].score - again[1].score > again[0].noise


def position_of(exercise: Exercise) -> State:
    """A "best move here" exercise's position, rebuilt from its data: the game of two dealt with its
    ``game_seed``, then its ``moves``."""
    state = GAMES[exercise.game].new_game(players=2, seed=exercise.get("game_seed"))
    for label in exercise.get("moves"):
        state.apply_label(label)
    return state


def _promising(advice: list[Advice]) -> bool:
    """Whether a glance (few playouts) shows a lead worth a full review: :data:`MIN_GAP` and half
    of :data:`CLEAR` standard errors."""
    gap = advice[0].score - advice[1].score
    return gap >= MIN_GAP and gap > advice[0].noise


def accepted_moves(advice: list[Advice]) -> list[Advice]:
    """The moves accepted as right: the best and every move whose estimate is within :data:`WITHIN`
    standard errors of the difference from the best's."""
    best = advice[0].score
    return [a for a in advice if a.rank == 0 or best - a.score <= WITHIN * a.noise]


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def _points(x: float) -> Bi:
    n = round(100 * x)
    return Bi(count(n, "en", *PERCENT_POINTS), count(n, "ru", *PERCENT_POINTS))


def _zone_name(zone: str, seat: int) -> Bi | None:
    if zone in (f"hand{seat}", f"hand {seat + 1}"):
        return _ZONES["hand"]
    if zone.startswith("discard"):
        return _ZONES["discard"]
    return _ZONES.get(zone)


def zones_picture(state: State, seat: int) -> Bi:
    """What the seat sees of the table, zone by zone (its hand first), each under its name."""
    zones = state.zones()
    seen = sorted(state.visible_zones(seat), key=lambda z: (_zone_name(z, seat) is not _ZONES["hand"], z))
    rows = []
    for zone in seen:
        name, cards = _zone_name(zone, seat), list(zones.get(zone, ()))
        if name is None or not cards:
            continue
        rows.append((name, cards[-_PILE:] if zone.startswith("discard") else cards))

    def draw(lang: str) -> str:
        # a long zone (the melds on a rummy table) goes on several lines, so the picture fits a phone
        return "<br>".join(
            f"<b>{name(lang)}</b><br>"
            + "<br>".join(svg.row(cards[i : i + _LINE], lang=lang, width=40) for i in range(0, len(cards), _LINE))
            for name, cards in rows
        )

    return picture(draw)


def _others(state: State, seat: int) -> Bi:
    """The other seats' card counts, as the table shows them."""
    view = state.view(seat)
    sizes = view.get("hand_sizes") or ()
    parts_en, parts_ru = [], []
    for p, n in enumerate(sizes):
        if p != seat:
            parts_en.append(f"player {p + 1} holds {count(n, 'en')}")
            parts_ru.append(f"у игрока {p + 1} на руках {n} {plural_ru(n, 'карта', 'карты', 'карт')}")
    for key in ("deck_count", "stock_count"):
        n = view.get(key)
        if n == 0:
            parts_en.append("the stock is empty")
            parts_ru.append("колода пуста")
        elif n is not None:
            parts_en.append(f"{count(n, 'en')} in the stock")
            parts_ru.append(f"в колоде {n} {plural_ru(n, 'карта', 'карты', 'карт')}")
    if not parts_en:
        return Bi("", "")
    return Bi(" " + "; ".join(parts_en).capitalize() + ".", " " + "; ".join(parts_ru).capitalize() + ".")


#: positions found, by the search's arguments and the generator's state before it: the same
#: exercise asked again in one process (its check, "another one like this" and back) is not searched
#: again; the search is deterministic, so this changes nothing but the time
_FOUND: dict[tuple, tuple] = {}


def _position(game_id: str, rng: random.Random, lo: int, hi: int, playouts: int, bot: Callable | None):
    key = (game_id, rng.getstate(), lo, hi, playouts)
    if key not in _FOUND:
        if len(_FOUND) >= 64:
            _FOUND.pop(next(iter(_FOUND)))
        _FOUND[key] = _search(game_id, rng, lo, hi, playouts, bot), rng.getstate()
    found, after = _FOUND[key]
    rng.setstate(after)
    state, *rest = found
    return (state.clone(), *rest)


def _search(game_id: str, rng: random.Random, lo: int, hi: int, playouts: int, bot: Callable | None):
    """A position of a seeded game where the coach's best move is clearly ahead: the state, the seat,
    the game's seed, the coach's seed and its advice.

    The game is played to its end by the game's bots first; the coach then reviews the seat's
    positions from the last one back (as a review after the game does), where the playouts are
    short and a move decides the most."""
    game = GAMES[game_id]
    for _ in range(GAMES_TRIED):
        game_seed = rng.randrange(2**31)
        state = game.new_game(players=2, seed=game_seed)
        seat = rng.randrange(2)
        bots = [(bot or game.bot_player)() for _ in range(2)]
        bot_rng = random.Random(rng.randrange(2**62))
        limit = state.INFO.max_actions(state)
        remember = game.coaching.remember
        positions, memory = [], None  # the positions, each with what the seat remembers there
        while not state.is_over() and len(state.history) < limit:
            actions = state.legal_actions()
            mover = state.current_player
            view = state.view(mover) if mover == seat or len(actions) > 1 else None
            if mover == seat and lo <= len(actions) <= hi:
                positions.append((state.clone(), memory))
            move = actions[0] if len(actions) == 1 else bots[mover].choose(view, actions, bot_rng)
            if mover == seat and remember is not None:
                memory = remember(memory, view, move)
            state.apply(move)
        for position, recalled in positions[::-1][:PER_GAME]:
            coach_seed = rng.randrange(2**31)
            # a glance first (a quarter of the playouts, the same first deals), the full review only
            # where the glance shows a lead
            few = max(playouts // 4, 2 * len(position.legal_actions()))
            if _promising(advise(position, seat, seconds=None, seed=coach_seed, playouts=few, memory=recalled)):
                advice = advise(position, seat, seconds=None, seed=coach_seed, playouts=playouts, memory=recalled)
                if clear_best(advice):
                    # the second look's deals come from the next seed, so the search draws nothing more
                    again = advise(
                        position, seat, seconds=None, seed=coach_seed + 1, playouts=playouts, memory=recalled
                    )
                    if confirmed(advice, again):
                        return position, seat, game_seed, coach_seed, advice
    raise AssertionError(f"{game_id}: no position with a clear best move found")  # pragma: no cover


def _choice_label(action) -> Bi:
    return Bi(action.explain("en"), action.explain("ru"))


def best_move_kind(
    game_id: str,
    playouts: int,
    moves: dict[int, tuple[int, int]],
    scene: Callable[[State, int], tuple[Bi, Bi]] | None = None,
    bot: Callable | None = None,
) -> None:
    """Register ``<game_id>.best_move``: the coach reviews positions of seeded games with
    ``playouts`` a position; at difficulty ``d`` the seat has ``moves[d]`` (lowest, highest)
    legal moves to choose from. ``scene(state, seat)`` gives the position's words and picture
    (default: the seat's card counts and the zones it sees); ``bot()`` makes the players of the
    seeded games (default: the game's own bot)."""
    kind_id = f"{game_id}.best_move"

    @kind(kind_id, "The best move here", "Лучший ход здесь", "choose", wait=_WAIT)
    def make(rng: random.Random, difficulty: int) -> dict:
        lo, hi = moves[difficulty]
        state, seat, game_seed, coach_seed, advice = _position(game_id, rng, lo, hi, playouts, bot)
        words, drawing = scene(state, seat) if scene else (_others(state, seat), zones_picture(state, seat))
        unit = advice[0].unit
        ok = accepted_moves(advice)
        best = advice[0]
        order = sorted(advice, key=lambda a: [x.label for x in state.legal_actions()].index(a.action.label))
        return dict(
            question=Bi(
                f"You are player {seat + 1}.{words.en} Which move does the coach find best here? "
                f"(The coach's estimate: the {unit.en}.)",
                f"Вы — игрок {seat + 1}.{words.ru} Какой ход здесь тренер считает лучшим? "
                f"(Оценка тренера — {unit.ru}.)",
            ),
            rule=best.rule,
            solution=best.action.label,
            solution_text=_choice_label(best.action) + Bi(f" ({_percent(best.score)})", f" ({_percent(best.score)})"),
            choices=tuple(Choice(a.action.label, _choice_label(a.action)) for a in order),
            picture=drawing,
            reasons=tuple((a.action.label, a.why) for a in advice),
            accepted=tuple(a.action.label for a in ok),
            data=(
                # the position: a game of two dealt with this seed, then these moves
                ("game_seed", game_seed),
                ("moves", tuple(a.label for a in state.history)),
                ("seat", seat),
                ("coach_seed", coach_seed),
                ("playouts", playouts),
                ("unit", (unit.en, unit.ru)),
                # per move: its estimate and the standard error of its difference from the best
                ("estimates", tuple((a.action.label, round(a.score, 4), round(a.noise, 4), a.rule) for a in advice)),
            ),
        )

    @judge(kind_id)
    def check_move(exercise: Exercise, answer) -> Verdict:
        picked = read_keys(exercise, answer)
        if len(picked) != 1:
            return unreadable(exercise, "choose exactly one move", "выберите ровно один ход")
        key = picked[0]
        estimates = {label: (score, noise, rule) for label, score, noise, rule in exercise.get("estimates")}
        best_label = exercise.solution
        best_score = estimates[best_label][0]
        score, noise, rule = estimates[key]
        # the coach's sentence names the move, its estimate, what it risks and its rule
        yours = Bi("Your move. ", "Ваш ход. ") + exercise.reason(key)
        rule_text = Bi(
            "A move is accepted when it is the coach's best or its estimate is within two standard errors "
            f"of the difference from the best's in the same imagined deals (here {_points(WITHIN * noise).en}).",
            "Ход засчитывается, если он лучший по оценке тренера или его оценка отстаёт от лучшей не больше "
            "чем на две стандартные ошибки разности в тех же воображаемых раздачах "
            f"(здесь на {_points(WITHIN * noise).ru}).",
        )
        if key == best_label:
            return Verdict(True, rule, (yours, rule_text), (), exercise.solution_text)
        best = Bi("The coach's best move. ", "Лучший ход по оценке тренера. ") + exercise.reason(best_label)
        gap = best_score - score
        if key in exercise.accepted:
            near = Bi(
                f"{_points(gap).en} below the best: within the noise of its playouts.",
                f"На {_points(gap).ru} ниже лучшего — в пределах шума розыгрышей.",
            )
            return Verdict(True, rule, (yours, near, best, rule_text), (), exercise.solution_text)
        far = Bi(
            f"{_points(gap).en} below the best: more than the noise of its playouts explains.",
            f"На {_points(gap).ru} ниже лучшего — больше, чем объясняет шум розыгрышей.",
        )
        return Verdict(False, exercise.rule, (best, rule_text), (yours, far), exercise.solution_text)
