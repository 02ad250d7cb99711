"""Practice that answers back: one view for every kind of exercise of :mod:`rules.exercises`.

The student answers the way the question asks (toggle the cards or cells, tick the
legal moves, type cards in notation, enter a score); the engine's verdict comes
back with the rule link. "Another one like this" makes the next exercise of the
same kind from the next seed; the seed and the difficulty stay on screen, so a
teacher can give a whole class the same set. The session keeps the score and a
report the student can download. The view holds no game logic.
"""

from __future__ import annotations

import base64
import html
import os

import ipywidgets as w

from rules.errors import check_lang
from rules.exercises import DIFFICULTIES, Exercise, Session, Verdict, generate, kind_title, kinds
from widgets.common import guarded, rule_link, show, status_line, text

_DIFFICULTY_NAMES = {1: ("easy", "легко"), 2: ("medium", "средне"), 3: ("hard", "трудно")}
#: choices with labels longer than this are ticked in a list rather than toggled in a row
_SHORT = 10


class ExerciseView(w.VBox):
    """Ask one exercise of ``game``, check the answer, make another one; keep the session's score."""

    def __init__(self, game: str, *, kind: str | None = None, seed: int = 0, difficulty: int = 1, lang: str = "en"):
        self.lang = check_lang(lang)
        self.session = Session()
        names = kinds(game)
        if not names:
            raise ValueError(f"no exercises for {game!r}")
        self._kind = w.Dropdown(
            options=[(kind_title(k)(lang), k) for k in names],
            value=kind or names[0],
            description=text(lang, "Exercise:", "Упражнение:"),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", max_width="100%"),
        )
        self._difficulty = w.ToggleButtons(
            options=[(text(lang, *_DIFFICULTY_NAMES[d]), d) for d in DIFFICULTIES],
            value=difficulty,
            description=text(lang, "Difficulty:", "Сложность:"),
            style={"button_width": "6.5em"},
        )
        self._seed = w.BoundedIntText(
            value=seed,
            min=0,
            max=10**9,
            description=text(lang, "Seed:", "Вариант:"),
            style={"description_width": "initial"},
            layout=w.Layout(width="11em"),
        )
        self._another = w.Button(
            description=text(lang, "Another one like this", "Ещё одно такое же"),
            icon="refresh",
            layout=w.Layout(width="auto"),
        )
        self._question = w.HTML()
        self._picture = w.HTML()
        self._answer = w.VBox()
        self._check = w.Button(description=text(lang, "Check", "Проверить"), button_style="primary", icon="check")
        self._verdict = w.HTML()
        self._status = status_line()
        self._score = w.HTML()
        self._report = w.HTML()
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
        ):
            widget.add_class(cls)
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            [
                w.HBox([self._kind, self._seed, self._another], layout=wrap),
                self._difficulty,
                self._question,
                self._picture,
                self._answer,
                self._check,
                self._status,
                self._verdict,
                w.HBox([self._score, self._report], layout=wrap),
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
        self._new()
        self._show_score()

    # ---- callbacks

    def _on_setting(self, change) -> None:
        self._new()

    def _on_another(self, button) -> None:
        self._seed.value = self._seed.value + 1  # observing the seed makes the exercise

    def _on_check(self, button) -> None:
        self._judge()

    @guarded
    def _new(self) -> None:
        self.exercise = generate(self._kind.value, self._seed.value, self._difficulty.value)
        self._counted = False
        self._draw_question()
        self._answer.children = self._make_inputs()
        self._verdict.value = ""
        show(self._status, "")

    @guarded
    def _judge(self) -> None:
        answer, shown = self.answer_value()
        verdict = self.exercise.check(answer)
        if not verdict.readable:
            show(self._status, verdict.text(self.lang), "error")
            return
        show(self._status, "")
        if not self._counted:
            self.session.record(self.exercise, verdict, shown)
            self._counted = True
        self._verdict.value = self._verdict_html(verdict)
        self._show_score()

    # ---- drawing

    def _draw_question(self) -> None:
        ex, lang = self.exercise, self.lang
        where = text(
            lang,
            f"seed {ex.seed}, difficulty {ex.difficulty}",
            f"вариант {ex.seed}, сложность {ex.difficulty}",
        )
        self._question.value = (
            f"<p><b>{html.escape(ex.title(lang))}</b> "
            f'<span class="exercise-id" style="color:#666">(<code>{html.escape(ex.kind)}</code>, {where})</span></p>'
            f"<p>{html.escape(ex.question(lang))}</p>"
        )
        self._picture.value = ex.picture(lang)

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
            "cards": text(lang, "cards, e.g. A♠ 10♥ QD", "карты, например Т♠ 10♥ ДD"),
            "number": text(lang, "a whole number, e.g. -1", "целое число, например -1"),
            "numbers": text(lang, "one number per player, e.g. 0 -1 2", "по числу на игрока, например 0 -1 2"),
        }[ex.answer]
        box = w.Text(placeholder=placeholder, layout=w.Layout(width="100%", max_width="40em"))
        box.add_class("exercise-text")
        self._inputs = [box]
        return [box]

    def answer_value(self) -> tuple[object, str]:
        """What the student has answered now, as the checker reads it, and as text for the report."""
        ex = self.exercise
        if ex.answer == "pick":
            keys = [c.key for c, box in zip(ex.choices, self._inputs, strict=True) if box.value]
            return keys, " ".join(keys)
        if ex.answer == "choose":
            value = self._inputs[0].value
            return ([] if value is None else [value]), value or ""
        return self._inputs[0].value, self._inputs[0].value

    def _verdict_html(self, verdict: Verdict) -> str:
        lang = self.lang
        colour = "#1a7f37" if verdict.correct else "#cf222e"
        head = text(lang, "Right.", "Верно.") if verdict.correct else text(lang, "Not quite.", "Не совсем.")
        items = [f'<li class="right">✓ {html.escape(r(lang))}</li>' for r in verdict.right if r(lang)]
        items += [f'<li class="wrong">✗ {html.escape(x(lang))}</li>' for x in verdict.wrong if x(lang)]
        answer = ""
        if not verdict.correct:
            answer = f"<p><b>{text(lang, 'Answer', 'Ответ')}:</b> {html.escape(verdict.solution(lang))}</p>"
        rule = f"<p>{text(lang, 'Rule', 'Правило')}: {_rule_link(verdict.rule, lang)}</p>"
        return (
            f'<div role="status"><p style="color:{colour};font-weight:bold">{head}</p>'
            f'<ul style="margin:0;padding-left:1.2em">{"".join(items)}</ul>{answer}{rule}</div>'
        )

    def _show_score(self) -> None:
        lang = self.lang
        self._score.value = f'<span class="exercise-score-text">{html.escape(self.session.score_text(lang))}</span>'
        page = base64.b64encode(self.session.report_html(lang).encode("utf-8")).decode("ascii")
        label = text(lang, "Download the report", "Скачать отчёт")
        self._report.value = (
            f'<a class="exercise-report-link" style="margin-left:1em" download="exercises-report.html" '
            f'href="data:text/html;charset=utf-8;base64,{page}">{label}</a>'
        )


def _rule_link(rule: str, lang: str) -> str:
    """The rule's link; the notation is a chapter of its own rather than a rule of a game."""
    if rule != "notation":
        return rule_link(rule, lang)
    base = os.environ.get("RULEBOOK_BOOK_URL")
    href = f"{base.rstrip('/')}/book/notation/notation.html" if base else "../notation/notation.html"
    return (
        f'<a class="rule-link" data-rule="notation" href="{href}" target="_blank">'
        f"{text(lang, 'Notation', 'Обозначения')}</a>"
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
            f"<td>{text(lang, *_ANSWER_WORDS[ex.answer])}</td><td>{_rule_link(ex.rule, lang)}</td></tr>"
        )
    head = "".join(
        f"<th>{text(lang, en, ru)}</th>"
        for en, ru in (("id", "код"), ("exercise", "упражнение"), ("answer", "ответ"), ("rule", "правило"))
    )
    return f'<table class="exercise-kinds"><tr>{head}</tr>{"".join(rows)}</table>'
