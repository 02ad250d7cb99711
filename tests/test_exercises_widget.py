"""The exercise view, driven as the browser drives it: answer, check, another one, the score and the report."""

from __future__ import annotations

import base64
import datetime
import html
import re

import ipywidgets as w
import pytest

from rules.exercises import games, generate, kinds
from widgets.exercises import ExerciseView


def _answer(view, keys=None, typed=None):
    """Toggle the keys' buttons (or type), as a student does, then press Check."""
    ex = view.exercise
    if typed is not None:
        view._inputs[0].value = typed
    elif ex.answer == "pick":
        for choice, box in zip(ex.choices, view._inputs, strict=True):
            box.value = choice.key in keys
    elif ex.answer == "choose":
        view._inputs[0].value = keys
    view._check.click()


def _right(view):
    ex = view.exercise
    if ex.answer in ("pick", "choose"):
        _answer(view, ex.solution)
    elif ex.answer == "numbers":
        _answer(view, typed=" ".join(map(str, ex.solution)))
    else:
        _answer(view, typed=str(ex.solution))


@pytest.mark.parametrize("game", games())
def test_every_kind_of_every_game_takes_the_right_answer_from_its_inputs(game):
    view = ExerciseView(game, seed=11, difficulty=2)
    names = kinds(game)
    assert len(names) >= 5
    for kind_id in names:
        view._kind.value = kind_id
        assert view.exercise == generate(kind_id, 11, 2)
        _right(view)
        assert "Right." in view._verdict.value, (kind_id, view._verdict.value, view._status.value)
        assert 'class="rule-link"' in view._verdict.value
    assert view.session.answered == view.session.right == view.session.streak == len(names)


def test_the_input_fits_the_question():
    view = ExerciseView("durak", kind="durak.beaters")
    assert all(isinstance(b, w.ToggleButton) for b in view._inputs)  # cards are toggled
    view._kind.value = "durak.defence"
    assert all(isinstance(b, w.Checkbox) for b in view._inputs)  # moves are ticked
    view._kind.value = "durak.beats"
    assert isinstance(view._inputs[0], w.ToggleButtons)
    view = ExerciseView("notation", kind="notation.read")
    assert isinstance(view._inputs[0], w.Text)  # cards are typed
    view = ExerciseView("minefield", kind="minefield.score")
    assert isinstance(view._inputs[0], w.Text) and "0 -1 2" in view._inputs[0].placeholder


def test_a_wrong_answer_says_why_and_breaks_the_streak():
    view = ExerciseView("durak", kind="durak.beaters", seed=3, lang="ru")
    _right(view)
    view._another.click()
    ex = view.exercise
    assert (ex.seed, view._seed.value) == (4, 4)
    wrong = set(ex.solution) ^ {ex.choices[0].key}
    _answer(view, wrong)
    assert "Не совсем." in view._verdict.value and "✗" in view._verdict.value
    assert "Ответ:" in view._verdict.value
    assert (view.session.answered, view.session.right, view.session.streak) == (2, 1, 0)
    assert "Ответов 2, верных 1, серия 0" in view._score.value


def test_a_typo_is_a_message_in_the_readers_language_and_is_not_counted():
    view = ExerciseView("notation", kind="notation.read", seed=2, lang="ru")
    _answer(view, typed="Z♦ 2♦")
    assert "status-error" in view._status.value and "«Z♦»" in view._status.value
    assert "неизвестное достоинство" in view._status.value
    assert view.session.answered == 0 and view._verdict.value == ""
    view = ExerciseView("minefield", kind="minefield.score", seed=2)
    _answer(view, typed="one two")
    assert "not a whole number" in view._status.value


def test_checking_again_does_not_count_twice():
    view = ExerciseView("domino", kind="domino.count", seed=5)
    _answer(view, typed=str(view.exercise.solution + 1))
    _right(view)
    assert "Right." in view._verdict.value
    assert (view.session.answered, view.session.right) == (1, 0)


def test_the_seed_and_the_difficulty_are_shown_and_set_the_exercise():
    view = ExerciseView("domimi", kind="domimi.pay", seed=7, difficulty=3)
    assert "(DoMiMi, seed 7, difficulty: hard)" in view._question.value
    view._difficulty.value = 1
    assert view.exercise == generate("domimi.pay", 7, 1)
    view._seed.value = 123
    assert view.exercise == generate("domimi.pay", 123, 1)
    assert "(DoMiMi, seed 123, difficulty: easy)" in view._question.value


def _report(view) -> tuple[str, str]:
    """The report's file name and page, as the download link carries them."""
    link = view._report.value
    name = html.unescape(re.search(r'download="([^"]+)"', link).group(1))
    return name, base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1)).decode("utf-8")


def test_the_report_downloads_as_a_page_of_the_session():
    view = ExerciseView("durak", kind="durak.trumps", seed=1)
    view.today = lambda: datetime.date(2026, 12, 4)
    _right(view)
    view._student.value = "Anna"
    name, page = _report(view)
    assert name == "practice-durak-anna-2026-12-04-seed-1.html"
    assert "Answered 1, right 1, streak 1" in page and "Which cards are trumps?" in page
    assert "Student: Anna" in page and "Date: 2026-12-04" in page and "Chapter: Durak" in page


def test_a_russian_report_says_the_answers_and_moves_in_russian():
    view = ExerciseView("durak", kind="durak.beats", seed=1, lang="ru")
    view.today = lambda: datetime.date(2026, 12, 4)
    _answer(view, "no" if view.exercise.solution == "yes" else "yes")
    view._kind.value = "durak.defence"
    ex = view.exercise
    _answer(view, [ex.choices[0].key])
    view._student.value = "Анна Петрова"
    name, page = _report(view)
    assert name == "тренировка-дурак-анна-петрова-2026-12-04-зерно-1.html"
    assert "Учащийся: Анна Петрова" in page and "Глава: Дурак" in page and "Варианты: 1" in page
    assert ("<td>нет</td>" in page) or ("<td>да</td>" in page)
    assert f"<td>{html.escape(ex.choices[0].label.ru)}</td>" in page
    assert ex.choices[0].key not in page  # the move as the Russian page names it, not its English key


def test_every_answer_counted_is_heard_by_a_listener():
    heard = []
    view = ExerciseView("domino", kind="domino.count", seed=5)
    view.on_verdict = lambda exercise, verdict: heard.append((exercise.seed, verdict.correct))
    _answer(view, typed="nine")  # unreadable: not counted, not heard
    _right(view)
    _right(view)  # checked again: counted once
    assert heard == [(5, True)]


def test_notation_answers_link_to_the_notation_chapter():
    view = ExerciseView("notation", kind="notation.name", seed=1)
    _right(view)
    assert 'href="../notation/notation.html"' in view._verdict.value


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="no exercises"):
        ExerciseView("chess")


# ---------------------------------------------------------------- one link for the class


def test_an_apps_address_picks_the_exercise_and_the_view_links_to_it(monkeypatch):
    from widgets.exercises import practice

    monkeypatch.setenv("QUERY_STRING", "kind=durak.trumps&seed=7&difficulty=2&lang=ru")
    view = practice("durak")
    assert view.exercise == generate("durak.trumps", 7, 2)
    assert view.lang == "ru" and "status-error" not in view._status.value
    link = view._link.value
    assert 'href="?kind=durak.trumps&amp;seed=7&amp;difficulty=2&amp;lang=ru"' in link
    assert "Ссылка на это упражнение" in link
    view._another.click()  # the link follows the exercise on the screen
    assert "seed=8" in view._link.value


def test_a_short_kind_name_is_read_in_its_chapter(monkeypatch):
    from widgets.exercises import practice

    monkeypatch.setenv("QUERY_STRING", "kind=beats&seed=3")
    assert practice("durak").exercise == generate("durak.beats", 3, 1)


@pytest.mark.parametrize(
    ("query", "en", "ru"),
    [
        (
            "kind=joker_rummy.best",
            "the link asks for an exercise this chapter does not have ('joker_rummy.best'): "
            "here is the chapter's first, «Does it beat?»",
            "в ссылке упражнение, которого в этой главе нет («joker_rummy.best»): "
            "вот первое упражнение главы, «Бьёт ли?»",
        ),
        ("seed=-4", "the seed is a whole number 0 or more, not -4", "целое число от 0, а не -4"),
        ("seed=seven", "not 'seven'", "а не 'seven'"),
        ("seed=12345678901", "the seed is at most 1,000,000,000", "не больше 1 000 000 000"),
        ("difficulty=9", "the difficulty is 1, 2 or 3, not 9", "сложность — 1, 2 или 3, а не 9"),
    ],
)
def test_a_bad_address_says_what_it_cannot_use_and_keeps_the_rest(monkeypatch, query, en, ru):
    from widgets.exercises import practice

    for lang, words in (("en", en), ("ru", ru)):
        monkeypatch.setenv("QUERY_STRING", f"{query}&lang={lang}")
        view = practice("durak")
        # said above the question, where a student opening the link sees it, not under the answer
        notice = html.unescape(view._notice.value)
        assert "status-error" in notice and words in notice, notice
        assert view.children.index(view._notice) < view.children.index(view._question)
        assert view.exercise is not None  # the page still asks an exercise: the first kind, seed 1
        assert view.exercise.seed == 1 or "seed" not in query


def test_the_book_page_shows_no_link(monkeypatch):
    from widgets.exercises import practice

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    shown = practice("domino")  # both languages, each from seed 1
    views = [box.children[0] for box in shown.children]
    assert [v.lang for v in views] == ["en", "ru"]
    assert all(v.exercise.seed == 1 and v._link.value == "" for v in views)


def test_in_a_class_the_view_says_whose_rows_the_answers_go_to_with_not_me(monkeypatch):
    """Served for a class, a device's student sees their name and "not me"; the book, and a hub's
    logged-in student, see no such line."""
    for name in ("RULEBOOK_TOGETHER_URL", "RULEBOOK_TOGETHER_TOKEN", "HTTP_X_RULEBOOK_STUDENT"):
        monkeypatch.delenv(name, raising=False)
    assert ExerciseView("durak", lang="ru")._board.value == "", "the book has no board"
    monkeypatch.setenv("RULEBOOK_TOGETHER_URL", "http://127.0.0.1:1/together/api/verdict")
    monkeypatch.setenv("HTTP_X_RULEBOOK_STUDENT", "abc.def")
    monkeypatch.setenv("HTTP_X_RULEBOOK_NAME", "%3Cb%3E%D0%90%D0%BD%D1%8F")  # "<b>Аня", as the server encodes it
    monkeypatch.setenv("HTTP_X_RULEBOOK_NOT_ME", "/together/not-me?next=%2Fvoila%2Frender%2Fdurak%2Fpractice.ipynb")
    line = ExerciseView("durak", lang="ru")._board.value
    assert "Ваши ответы идут на доску как: <b>&lt;b&gt;Аня</b>." in line
    href = re.search(r'class="exercise-not-me" href="([^"]+)"', line)[1]
    assert html.unescape(href) == "/together/not-me?next=%2Fvoila%2Frender%2Fdurak%2Fpractice.ipynb&lang=ru"
    assert "Your answers go to the board as: " in ExerciseView("durak", lang="en")._board.value
    monkeypatch.setenv("HTTP_X_RULEBOOK_NOT_ME", "//elsewhere.example/not-me")
    assert ExerciseView("durak", lang="en")._board.value == "", "a link only to this server"
    monkeypatch.setenv("HTTP_X_RULEBOOK_NOT_ME", "/together/not-me")
    monkeypatch.setenv("RULEBOOK_TOGETHER_TOKEN", "hub:ann.0")
    assert ExerciseView("durak", lang="en")._board.value == "", "under JupyterHub the student is who logged in"


def test_an_app_left_open_after_not_me_stops_answering_as_the_previous_student(monkeypatch):
    """ "Not me" said at this computer from another tab: the board answers 410 to this page's first
    verdict after it; the page says so, links to itself opened again, and sends nothing more."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from widgets import classboard

    posts = []

    class Gone(BaseHTTPRequestHandler):
        def do_POST(self):
            posts.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(410)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    board = ThreadingHTTPServer(("127.0.0.1", 0), Gone)
    threading.Thread(target=board.serve_forever, daemon=True).start()
    monkeypatch.setattr(classboard, "_left", threading.Event())
    monkeypatch.delenv("RULEBOOK_TOGETHER_TOKEN", raising=False)
    monkeypatch.setenv("RULEBOOK_TOGETHER_URL", f"http://127.0.0.1:{board.server_port}/together/api/verdict")
    monkeypatch.setenv("HTTP_X_RULEBOOK_STUDENT", "abc.def")
    monkeypatch.setenv("HTTP_X_RULEBOOK_NAME", "%D0%90%D0%BD%D1%8F")
    monkeypatch.setenv("HTTP_X_RULEBOOK_NOT_ME", "/together/not-me?next=%2Fvoila%2Frender%2Fdurak%2Fpractice.ipynb")
    try:
        view = ExerciseView("durak", kind="durak.beaters", seed=3, lang="ru")
        assert "Ваши ответы идут на доску как: <b>Аня</b>" in view._board.value
        _right(view)
        assert classboard.wait_sent(10) and len(posts) == 1
        line = view._board.value
        assert "За этим компьютером новый ученик" in line and 'role="alert"' in line
        again = re.search(r'class="exercise-again" href="([^"]+)"', line)[1]
        assert html.unescape(again) == "/voila/render/durak/practice.ipynb"
        view._another.click()
        _right(view)
        assert classboard.wait_sent(10) and len(posts) == 1, "nothing more goes to the previous student's rows"
        assert view.session.answered == 2, "the practice itself goes on"
        assert "новый ученик" in ExerciseView("durak", lang="ru")._board.value
    finally:
        board.shutdown()


def test_a_kind_that_takes_seconds_says_so_before_the_kernel_is_busy(monkeypatch):
    """The best move here reviews a whole game: while it is made the student reads why they wait,
    and the line is cleared once the exercise is shown; an instant kind says nothing."""
    import widgets.exercises as module

    views, seen = [], []
    real = module.generate

    def watched(kind_id, seed, difficulty):
        seen.append((kind_id, views[0]._status.value if views else None))
        return real(kind_id, seed, difficulty)

    monkeypatch.setattr(module, "generate", watched)
    views.append(ExerciseView("durak", kind="durak.beaters", lang="ru"))
    view = views[0]
    view._kind.value = "durak.best_move"
    assert seen[-1][0] == "durak.best_move" and "Тренер разбирает партию" in seen[-1][1]
    assert "Тренер" not in view._status.value and view.exercise.kind == "durak.best_move"
    view._kind.value = "durak.beaters"
    assert seen[-1][0] == "durak.beaters" and "Тренер" not in seen[-1][1]
