"""Practice that answers back: one view for every kind of exercise of :mod:`rules.exercises`.

The student answers the way the question asks (toggle the cards or cells, tick the
legal moves, type cards in notation, enter a score); the engine's verdict comes
back with the rule link. "Another one like this" makes the next exercise of the
same kind from the next seed; the seed and the difficulty stay on screen, so a
teacher can give a whole class the same set, and an app's address picks them
(``?kind=durak.beats&seed=7&difficulty=2``, see :func:`practice`): the view shows the
link to the exercise on screen. The session keeps the score and a report the student
can download. The view holds no game logic.
"""

from __future__ import annotations

import base64
import datetime
import html
import os
from urllib.parse import parse_qs, urlencode

import ipywidgets as w

from rules import GAMES
from rules.errors import RulesError, check_lang, excerpt
from rules.exercises import (
    DIFFICULTIES,
    Bi,
    Exercise,
    ExerciseError,
    Session,
    Verdict,
    generate,
    kind_title,
    kind_wait,
    kinds,
)
from rules.lang import pick
from widgets.classboard import board_student, page_again, someone_else_here, tell_board
from widgets.common import bilingual, guarded, in_app, page_lang, rule_link, show, status_line

_DIFFICULTY_NAMES = {1: ("easy", "легко"), 2: ("medium", "средне"), 3: ("hard", "трудно")}
#: choices with labels longer than this are ticked in a list rather than toggled in a row
_SHORT = 10


#: the largest seed the view takes
SEED_MAX = 10**9


class ExerciseView(w.VBox):
    """Ask one exercise of ``game``, check the answer, make another one; keep the session's score.

    ``on_verdict(exercise, verdict)``, if given, hears every answer counted (a class's board, say).
    """

    def __init__(self, game: str, *, kind: str | None = None, seed: int = 0, difficulty: int = 1, lang: str = "en"):
        self.lang = check_lang(lang)
        self.game = game
        self.session = Session()
        #: the date the report carries (a function, so that a test can fix it)
        self.today = datetime.date.today
        self.on_verdict = None
        names = kinds(game)
        if not names:
            raise ValueError(f"no exercises for {game!r}")
        self._kind = w.Dropdown(
            options=[(kind_title(k)(lang), k) for k in names],
            value=kind or names[0],
            description=pick(lang, "Exercise:", "Упражнение:"),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="100%"),
        )
        self._difficulty = w.ToggleButtons(
            options=[(pick(lang, *_DIFFICULTY_NAMES[d]), d) for d in DIFFICULTIES],
            value=difficulty,
            description=pick(lang, "Difficulty:", "Сложность:"),
            style={"button_width": "6.5em"},
        )
        self._seed = w.BoundedIntText(
            value=seed,
            min=0,
            max=SEED_MAX,
            description=pick(lang, "Seed:", "Зерно:"),
            style={"description_width": "initial"},
            layout=w.Layout(width="11em"),
        )
        self._another = w.Button(
            description=pick(lang, "Another one like this", "Ещё одно такое же"),
            icon="refresh",
            layout=w.Layout(width="auto"),
        )
        self._question = w.HTML()
        self._picture = w.HTML()
        self._answer = w.VBox()
        self._check = w.Button(description=pick(lang, "Check", "Проверить"), button_style="primary", icon="check")
        self._verdict = w.HTML()
        self._status = status_line()
        self._score = w.HTML(layout=w.Layout(margin="2px 1.5em 2px 2px"))  # apart from the name beside it
        self._report = w.HTML()
        self._student = w.Text(
            placeholder=pick(lang, "for the report", "для отчёта"),
            description=pick(lang, "Your name:", "Ваше имя:"),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="24em"),
        )
        #: the address of this exercise, for a class (only in an app: a book page has no address of its own)
        self._link = w.HTML()
        self.linked = False
        #: what the address asked for but could not be used, above the question where a student sees it
        self._notice = w.HTML()
        #: whose rows on the class's board the answers go to, with "not me" (only in an app served for a class)
        self._board = w.HTML(self._board_line())
        for widget, cls in (
            (self._kind, "exercise-kind"),
            (self._difficulty, "exercise-difficulty"),
            (self._seed, "exercise-seed"),
            (self._another, "exercise-another"),
            (self._question, "exercise-question"),
            (self._picture, "exercise-picture"),
            (self._answer, "exercise-answer"),
            (self._check, "exercise-check"),
            (self._verdict, "exercise-verdict"),
            (self._status, "exercise-status"),
            (self._score, "exercise-score"),
            (self._report, "exercise-report"),
            (self._student, "exercise-student"),
            (self._link, "exercise-link"),
            (self._notice, "exercise-notice"),
            (self._board, "exercise-board"),
        ):
            widget.add_class(cls)
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                w.HBox([self._kind, self._seed, self._another], layout=wrap),
                self._difficulty,
                self._link,
                self._notice,
                self._question,
                self._picture,
                self._answer,
                self._check,
                self._status,
                self._verdict,
                w.HBox([self._score, self._student, self._report], layout=wrap),
                self._board,
            ]
        )
        self.exercise: Exercise | None = None
        self._counted = False
        self._inputs: list = []
        self._kind.observe(self._on_setting, names="value")
        self._difficulty.observe(self._on_setting, names="value")
        self._seed.observe(self._on_setting, names="value")
        self._another.on_click(self._on_another)
        self._check.on_click(self._on_check)
        self._student.observe(self._on_student, names="value")
        self._new()
        self._show_score()

    # ---- callbacks

    def _on_setting(self, change) -> None:
        self._new()

    def _on_another(self, button) -> None:
        self._seed.value = self._seed.value + 1  # observing the seed makes the exercise

    def _on_check(self, button) -> None:
        self._judge()

    def _on_student(self, change) -> None:
        self._show_score()

    @guarded
    def _new(self) -> None:
        wait = kind_wait(self._kind.value)
        if wait is not None:  # seconds of work: the page says so before the kernel is busy
            show(self._status, wait(self.lang))
        self.exercise = generate(self._kind.value, self._seed.value, self._difficulty.value)
        self._counted = False
        self._draw_question()
        self._draw_link()
        self._answer.children = self._make_inputs()
        self._verdict.value = ""
        show(self._status, "")

    @guarded
    def _judge(self) -> None:
        answer = self.answer_value()
        verdict = self.exercise.check(answer)
        if not verdict.readable:
            show(self._status, verdict.text(self.lang), "error")
            return
        show(self._status, "")
        if not self._counted:
            self.session.record(self.exercise, verdict, answer)
            # to the class's board, when the app is served for a class
            tell_board(self.exercise, verdict, when_left=self._redraw_board_line)
            self._counted = True
            if self.on_verdict is not None:
                self.on_verdict(self.exercise, verdict)
        self._verdict.value = self._verdict_html(verdict)
        self._show_score()

    # ---- drawing

    def _draw_question(self) -> None:
        ex, lang = self.exercise, self.lang
        level = pick(lang, *_DIFFICULTY_NAMES[ex.difficulty])
        where = pick(
            lang,
            f"{chapter_name(self.game, lang)}, seed {ex.seed}, difficulty: {level}",
            f"{chapter_name(self.game, lang)}, зерно {ex.seed}, сложность: {level}",
        )
        self._question.value = (
            f"<p><b>{html.escape(ex.title(lang))}</b> "
            f'<span class="exercise-id" data-kind="{html.escape(ex.kind)}" style="color:#595959">({where})</span></p>'
            f"<p>{html.escape(ex.question(lang))}</p>"
        )
        self._picture.value = ex.picture(lang)

    def _draw_link(self) -> None:
        """The exercise's own address (this page with ``?kind=&seed=&difficulty=``), for the class."""
        if not self.linked:
            self._link.value = ""
            return
        ex, lang = self.exercise, self.lang
        query = urlencode({"kind": ex.kind, "seed": ex.seed, "difficulty": ex.difficulty, "lang": lang})
        label = pick(lang, "Link to this exercise", "Ссылка на это упражнение")
        hint = pick(lang, "the same exercise for everyone who opens it", "то же упражнение у всех, кто её откроет")
        self._link.value = (
            f'<a class="exercise-link-a" href="?{html.escape(query)}">{label}</a> <small>({hint})</small>'
        )

    def _board_line(self) -> str:
        """ "Your answers go to the board as: <name>", and "Not me" (the class server's page for the
        next person at a shared computer, coming back here), when the app is served for a class."""
        known = board_student()
        if known is None:
            return ""
        name, not_me = known
        lang = self.lang
        if someone_else_here():
            return self._someone_else_line(name)
        shown = f"<b>{html.escape(name)}</b>" if name else pick(lang, "a student with no name yet", "ученик без имени")
        href = html.escape(f"{not_me}&lang={lang}" if "?" in not_me else f"{not_me}?lang={lang}")
        return (
            f"<p>{pick(lang, 'Your answers go to the board as: ', 'Ваши ответы идут на доску как: ')}{shown}. "
            f'<a class="exercise-not-me" href="{href}" target="_top">{pick(lang, "Not me", "Это не я")}</a></p>'
        )

    def _redraw_board_line(self) -> None:
        self._board.value = self._board_line()

    def _someone_else_line(self, name: str) -> str:
        """ "Not me" was said at this computer since this page was opened: its answers no longer go
        to the board, and the page opened again is the new student's."""
        lang = self.lang
        again = page_again()
        link = (
            f' <a class="exercise-again" href="{html.escape(again)}" target="_top">'
            f"{pick(lang, 'Open this page again', 'Открыть страницу заново')}</a>"
            if again
            else ""
        )
        whose = f" ({html.escape(name)})" if name else ""
        return (
            '<p role="alert">'
            + pick(
                lang,
                f"This computer has a new student: answers from this page no longer go to the board{whose}.",
                f"За этим компьютером новый ученик: ответы с этой страницы больше не идут на доску{whose}.",
            )
            + f"{link}</p>"
        )

    def _make_inputs(self) -> list:
        ex, lang = self.exercise, self.lang
        labels = [c.label(lang) for c in ex.choices]
        short = all(len(label) <= _SHORT for label in labels)
        if ex.answer == "pick":
            if short:
                self._inputs = [
                    w.ToggleButton(description=label, layout=w.Layout(width="auto", min_width="3.5em"))
                    for label in labels
                ]
                box = w.HBox(self._inputs, layout=w.Layout(flex_flow="row wrap"))
            else:
                self._inputs = [w.Checkbox(description=label, indent=False) for label in labels]
                box = w.VBox(self._inputs)
            return [box]
        if ex.answer == "choose":
            options = list(zip(labels, [c.key for c in ex.choices], strict=True))
            widget = (
                w.ToggleButtons(options=options, value=None, style={"button_width": "auto"})
                if short
                else w.RadioButtons(options=options, value=None, layout=w.Layout(width="auto"))
            )
            self._inputs = [widget]
            return [widget]
        placeholder = {
            "cards": pick(lang, "cards, e.g. A♠ 10♥ QD", "карты, например Т♠ 10♥ ДD"),
            "number": pick(lang, "a whole number, e.g. -1", "целое число, например -1"),
            "numbers": pick(lang, "one number per player, e.g. 0 -1 2", "по числу на игрока, например 0 -1 2"),
        }[ex.answer]
        box = w.Text(placeholder=placeholder, layout=w.Layout(width="100%", max_width="40em"))
        box.add_class("exercise-text")
        self._inputs = [box]
        return [box]

    def answer_value(self) -> object:
        """What the student has answered now, as the checker reads it."""
        ex = self.exercise
        if ex.answer == "pick":
            return [c.key for c, box in zip(ex.choices, self._inputs, strict=True) if box.value]
        if ex.answer == "choose":
            value = self._inputs[0].value
            return [] if value is None else [value]
        return self._inputs[0].value

    def _verdict_html(self, verdict: Verdict) -> str:
        lang = self.lang
        colour = "#1a7f37" if verdict.correct else "#cf222e"
        head = pick(lang, "Right.", "Верно.") if verdict.correct else pick(lang, "Not quite.", "Не совсем.")
        items = [f'<li class="right">✓ {html.escape(r(lang))}</li>' for r in verdict.right if r(lang)]
        items += [f'<li class="wrong">✗ {html.escape(x(lang))}</li>' for x in verdict.wrong if x(lang)]
        answer = ""
        if not verdict.correct:
            answer = f"<p><b>{pick(lang, 'Answer', 'Ответ')}:</b> {html.escape(verdict.solution(lang))}</p>"
        rule = f"<p>{pick(lang, 'Rule', 'Правило')}: {_rule_link(verdict.rule, lang)}</p>"
        return (
            f'<div role="status"><p style="color:{colour};font-weight:bold">{head}</p>'
            f'<ul style="margin:0;padding-left:1.2em">{"".join(items)}</ul>{answer}{rule}</div>'
        )

    def _show_score(self) -> None:
        lang = self.lang
        self._score.value = f'<span class="exercise-score-text">{html.escape(self.session.score_text(lang))}</span>'
        student, day = self._student.value.strip()[:80], self.today().isoformat()
        report = self.session.report_html(lang, game=self.game, student=student, day=day)
        page = base64.b64encode(report.encode("utf-8")).decode("ascii")
        name = html.escape(self.session.report_name(lang, self.game, student, day), quote=True)
        label = pick(lang, "Download the report", "Скачать отчёт")
        self._report.value = (
            f'<a class="exercise-report-link" style="margin-left:1em" download="{name}" '
            f'href="data:text/html;charset=utf-8;base64,{page}">{label}</a>'
        )


def chapter_name(game: str, lang: str) -> str:
    """The name of the chapter whose exercises ``game`` names: a game's, or the notation's.

    >>> chapter_name("durak", "ru"), chapter_name("notation", "en")
    ('Дурак', 'Notation')
    """
    if game == "notation":
        return pick(lang, "Notation", "Обозначения")
    return GAMES[game].info.name(lang)


def _rule_link(rule: str, lang: str) -> str:
    """The rule's link; the notation is a chapter of its own rather than a rule of a game."""
    if rule != "notation":
        return rule_link(rule, lang)
    base = os.environ.get("RULEBOOK_BOOK_URL")
    href = f"{base.rstrip('/')}/book/notation/notation.html" if base else "../notation/notation.html"
    return (
        f'<a class="rule-link" data-rule="notation" href="{href}" target="_blank">'
        f"{pick(lang, 'Notation', 'Обозначения')}</a>"
    )


_ANSWER_WORDS = {
    "pick": ("pick all that apply", "выбрать все подходящие"),
    "choose": ("choose one", "выбрать один ответ"),
    "cards": ("type cards", "записать карты"),
    "number": ("enter a number", "ввести число"),
    "numbers": ("enter a score per player", "ввести очки каждого игрока"),
}


def kinds_table(game: str, lang: str) -> str:
    """The kinds of exercise of ``game`` as an HTML table in ``lang``: id, title, answer, rule taught."""
    lang = check_lang(lang)
    rows = []
    for kind_id in kinds(game):
        ex = generate(kind_id, 0, 1)
        rows.append(
            f"<tr><td><code>{kind_id}</code></td><td>{html.escape(ex.title(lang))}</td>"
            f"<td>{pick(lang, *_ANSWER_WORDS[ex.answer])}</td><td>{_rule_link(ex.rule, lang)}</td></tr>"
        )
    head = "".join(
        f"<th>{pick(lang, en, ru)}</th>"
        for en, ru in (("id", "код"), ("exercise", "упражнение"), ("answer", "ответ"), ("rule", "правило"))
    )
    return f'<table class="exercise-kinds"><tr>{head}</tr>{"".join(rows)}</table>'


def asked_settings(game: str, query: str) -> tuple[dict, list[Bi]]:
    """The kind, seed and difficulty an address asks for (``kind=durak.beats&seed=7&difficulty=2``),
    and what in it cannot be used, each said in both languages (that part is left at its default).

    >>> asked_settings("durak", "kind=durak.beats&seed=7&difficulty=2&lang=ru")
    ({'kind': 'durak.beats', 'seed': 7, 'difficulty': 2}, [])
    >>> asked_settings("durak", "kind=beats&seed=-1")[0]
    {'kind': 'durak.beats'}
    """
    asked = {name: values[0] for name, values in parse_qs(query).items()}
    settings: dict = {}
    problems: list[Bi] = []
    if "kind" in asked:
        kind = asked["kind"] if "." in asked["kind"] else f"{game}.{asked['kind']}"
        if kind in kinds(game):
            settings["kind"] = kind
        else:
            shown, first = excerpt(asked["kind"]), kind_title(kinds(game)[0])
            problems.append(
                Bi(
                    f"the link asks for an exercise this chapter does not have ({shown!r}): "
                    f"here is the chapter's first, «{first('en')}»; "
                    "choose another under Exercise",
                    f"в ссылке упражнение, которого в этой главе нет («{shown}»): "
                    f"вот первое упражнение главы, «{first('ru')}»; "
                    "другое можно выбрать в поле «Упражнение»",
                )
            )
    for name in ("seed", "difficulty"):
        if name in asked:
            value = _whole(asked[name])
            try:
                if name == "seed" and isinstance(value, int) and value > SEED_MAX:
                    raise ExerciseError(
                        f"the seed is at most {SEED_MAX:,}, not {value}",
                        f"зерно — не больше {SEED_MAX:,}".replace(",", " ") + f", а не {value}",
                    )
                generate(settings.get("kind", kinds(game)[0]), **{name: value})
            except RulesError as error:
                problems.append(Bi.of(error))
            else:
                settings[name] = value
    return settings, problems


def _whole(text: str) -> int | str:
    """A whole number from the address, or the text as it was (so its refusal quotes it)."""
    text = text.strip()
    digits = text.removeprefix("-")
    return int(text) if digits.isascii() and digits.isdigit() and len(digits) <= 30 else excerpt(text, 20)


def practice(game: str, *, seed: int = 1) -> object:
    """The practice page of ``game``: in an app, the exercise its address asks for and a link to
    the exercise shown; in the book, the view in both languages from ``seed``.

    A preheated Voila kernel waits for the request here first (:func:`widgets.common.page_lang`),
    so the address is read before the view is made.
    """
    settings: dict = {"seed": seed}
    problems: list[Bi] = []
    app = in_app()
    if app:
        page_lang()  # a preheated kernel waits here for the request, then QUERY_STRING is the address's
        asked, problems = asked_settings(game, os.environ.get("QUERY_STRING", ""))
        settings.update(asked)

    def make(lang: str) -> ExerciseView:
        view = ExerciseView(game, lang=lang, **settings)
        if app:
            view.linked = True
            view._draw_link()
        if problems:
            show(view._notice, "; ".join(problem(lang) for problem in problems), "error")
        return view

    return bilingual(make)
