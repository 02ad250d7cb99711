"""The coach in the play app: the Hint panel, and the strength of each bot seat.

:class:`HintPanel` is a button (**Hint**, keyboard H on the app's page) and the
coach's three best moves for the player to move, each with its estimate, what it
risks and a link to the rule it rests on, in the reader's language. The coach
thinks for at most :data:`HINT_SECONDS` (and :data:`HINT_PLAYOUTS` playouts) from
the view of the seat to move only, so a hint never tells what that player could
not know. A game view mounts the panel with a few lines::

    self._hint = HintPanel(self)          # in the view's layout
    self._hint.clear()                    # after every move

:func:`seat_choices` and :func:`seat_bot` give the seat chooser its choices: a
person, or a bot of one of the game's strengths (easy, medium, strong).
"""

from __future__ import annotations

import functools
import html
import time

import ipywidgets as w

from rules.coach import STRENGTH_NAMES, STRENGTHS, CoachError, Mistake, advise, review, strength_name
from rules.game import Game, Player
from rules.lang import pick
from widgets.common import guarded, rule_link, shared, sharing, show

__all__ = ["HINT_PLAYOUTS", "HINT_SECONDS", "HintPanel", "seat_bot", "seat_choices"]

#: the most time a hint takes (the page stays answerable), and its most playouts
HINT_SECONDS, HINT_PLAYOUTS = 0.5, 4000
#: how many of the best moves a hint shows
SHOWN = 3
#: a review's bound for each position of the game (time and playouts)
REVIEW_SECONDS, REVIEW_PLAYOUTS = 0.1, 200
#: the least time between two redraws of a review's progress bar (a long game takes a dozen seconds)
PROGRESS_EVERY = 0.25
#: the seat kinds besides a person: "bot" is the game's own bot (its middle strength)
BOT = "bot"


def seat_choices(game: Game, lang: str) -> list[tuple[str, str]]:
    """The seat chooser's options: a person, then the game's bots from weak to strong."""
    person = pick(lang, "person", "человек")
    bot = pick(lang, "bot", "бот")
    choices = [(person, "human")]
    for strength in STRENGTHS:
        if strength == "heuristic" or strength not in game.players:
            continue
        choices.append((f"{bot}: {strength_name(strength, lang, game)}", strength))
        if strength == "easy":
            choices.append((f"{bot}: {STRENGTH_NAMES['heuristic'](lang)}", BOT))
    if BOT not in (value for _, value in choices):
        choices.append((bot, BOT))
    return choices


def seat_bot(game: Game, kind: str) -> Player:
    """A fresh bot for a seat of this kind ("bot": the game's own; "easy", "strong": that strength)."""
    if kind in game.players and kind in STRENGTHS:
        return game.players[kind]()
    return game.bot_player()


def _thinking(lang: str) -> str:
    """The progress line while the coach thinks (a status a screen reader announces)."""
    return f"<p class='rb-hint-busy' role='status'>{pick(lang, 'The coach is thinking…', 'Тренер думает…')}</p>"


class HintPanel(w.VBox):
    """The Hint button and the coach's best moves for the seat to move (see the module's text).

    ``view`` is the game view it belongs to: the panel reads its game (``view.state``,
    a copy), its human seats and its language, and says what went wrong on the view's
    status line.
    """

    def __init__(self, view, *, seconds: float = HINT_SECONDS, playouts: int = HINT_PLAYOUTS):
        self._view = view
        self.seconds, self.playouts = seconds, playouts
        lang = view.lang
        self._button = sharing(
            w.Button,
            layout=w.Layout(),  # its own: hidden when the game is over
            description=pick(lang, "Hint", "Подсказка"),
            tooltip=pick(lang, "The coach's three best moves (H)", "Три лучших хода по мнению тренера (H)"),
        )
        self._button.add_class("rb-hint")
        self._button.on_click(self._hint)
        self._out = sharing(w.HTML)
        self._out.add_class("rb-hint-text")
        self._review = sharing(
            w.Button,
            layout=w.Layout(),  # its own: shown when the game is over
            description=pick(lang, "Review", "Разбор"),
            tooltip=pick(lang, "The three moves that cost the most", "Три хода, которые обошлись дороже всего"),
        )
        self._review.add_class("rb-review")
        self._review.on_click(self._review_game)
        self._mistakes = sharing(w.VBox)
        self._mistakes.add_class("rb-review-moves")
        # a review's progress, beside the status line "The coach is thinking…" and apart from it, so
        # that a screen reader hears that line once and may read the bar when it likes
        self._progress = sharing(w.HTML, value="")
        self._progress.add_class("rb-review-progress")
        self._progress_at = 0.0
        # no coach for the game: the panel is hidden for good; else it shares the default one
        hidden = view.GAME.coaching is None
        super().__init__(
            [self._button, self._review, self._out, self._progress, self._mistakes],
            layout=shared(w.Layout, display="none") if hidden else shared(w.Layout),
        )
        self.add_class("rb-hint-panel")
        self.lang = lang

    @property
    def _status(self) -> w.HTML:
        return self._view._status

    def clear(self) -> None:
        """Forget the hint and the review shown (the position changed); offer Hint while the game
        is on and Review once it is over."""
        self._out.value = ""
        self._mistakes.children = []
        over = self._view._state.is_over()
        self._button.layout.display = "none" if over else None
        self._review.layout.display = None if over else "none"

    def hint_html(self) -> str:
        return self._out.value

    def press(self) -> None:
        """Press Hint."""
        self._hint()

    def review_html(self) -> str:
        return self._out.value + "".join(
            child.children[0].value for child in self._mistakes.children if isinstance(child, w.HBox)
        )

    def press_review(self) -> None:
        """Press Review."""
        self._review_game()

    def try_again(self, index: int) -> None:
        """Press "Try again from here" under the review's mistake ``index`` (0: the costliest)."""
        self._mistakes.children[index].children[1].click()

    @guarded
    def _review_game(self, _button=None) -> None:
        view, lang = self._view, self._view.lang
        self.lang = lang
        state = view.state
        seat = min(view.humans, default=0)
        self._out.value = _thinking(lang)
        self._progress_at = time.monotonic()
        try:
            mistakes = review(
                state, seat, playouts=REVIEW_PLAYOUTS, seconds=REVIEW_SECONDS, progress=self._show_progress
            )
        finally:
            self._progress.value = ""
        if not mistakes:
            self._out.value = pick(
                lang,
                "<p>The coach found no move that cost anything.</p>",
                "<p>Тренер не нашёл ни одного дорогого хода.</p>",
            )
            return
        self._out.value = pick(
            lang, "<p>The moves that cost the most:</p>", "<p>Ходы, которые обошлись дороже всего:</p>"
        )
        rows = []
        for m in mistakes:
            cost = round(100 * m.cost)
            text = w.HTML(
                f"{html.escape(m.text(lang))}; {pick(lang, f'cost {cost} percentage points', f'потеря {cost} п. п.')} "
                f"<small>{rule_link(m.best.rule, lang)}</small>"
            )
            again = w.Button(description=pick(lang, "Try again from here", "Сыграть отсюда"))
            again.add_class("rb-try-again")
            again.on_click(functools.partial(self._try_again, state, m))
            rows.append(w.HBox([text, again], layout=w.Layout(flex_flow="row wrap", align_items="center")))
        self._mistakes.children = rows

    def _show_progress(self, moves: int, of: int) -> None:
        """Redraw the review's progress bar (at most every :data:`PROGRESS_EVERY` seconds)."""
        now = time.monotonic()
        if now - self._progress_at < PROGRESS_EVERY:
            return
        self._progress_at = now
        label = pick(self.lang, f"Moves looked at: {moves} of {of}", f"Просмотрено ходов: {moves} из {of}")
        self._progress.value = (
            f'<progress max="{of}" value="{moves}" aria-label="{html.escape(label)}"></progress> '
            f'<small aria-hidden="true">{html.escape(label)}</small>'
        )

    @guarded
    def _try_again(self, state, mistake: Mistake, _button=None) -> None:
        """Load the position before ``mistake`` and say so: the same move to choose again."""
        view = self._view
        view.load(state.undo(len(state.history) - mistake.step).to_json())
        played = view.action_text(mistake.played.action)
        show(
            self._status,
            pick(
                view.lang,
                f"Back before move {mistake.step + 1} (you played: {played}): try another move.",
                f"Снова позиция перед ходом {mistake.step + 1} (вы сыграли: {played}): попробуйте другой ход.",
            ),
            "ok",
        )

    @guarded
    def _hint(self, _button=None) -> None:
        view, lang = self._view, self._view.lang
        self.lang = lang
        state = view.state
        seat = state.current_player
        if state.is_over():
            raise CoachError("the game is over: there is no move to advise", "игра окончена: советовать нечего")
        if seat not in view.humans:
            raise CoachError(
                "a hint is for a person's move; it is a bot's move now",
                "подсказка — для хода человека, а сейчас ходит бот",
            )
        self._out.value = _thinking(lang)
        advice = advise(state, seat, seconds=self.seconds, seed=len(state.history), playouts=self.playouts)
        self._out.value = self._html(advice[:SHOWN], lang)
        show(self._status, pick(lang, "The coach's best moves are below.", "Лучшие ходы по мнению тренера — ниже."))

    def _html(self, advice, lang: str) -> str:
        items = []
        for a in advice:
            does = html.escape(self._view.action_text(a.action))
            estimate = f"{a.unit(lang)}: {round(100 * a.score)}%"
            items.append(
                f"<li><b>{does}</b> — {html.escape(estimate)} ({html.escape(a.risk(lang))}). "
                f"<small>{rule_link(a.rule, lang)}</small></li>"
            )
        heading = pick(lang, "The coach's best moves", "Лучшие ходы по мнению тренера")
        return f'<div role="region" aria-label="{html.escape(heading)}"><ol>{"".join(items)}</ol></div>'
