"""The class together as a person meets it in Chromium: the class page, a table on a phone and on
a desk, the teacher's board; each fits its screen and has no serious accessibility fault (axe-core).

The screenshots are kept in the test's folder (``pytest --basetemp=DIR`` to look at them).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

import rules
import rules.exercises
from classserver.together.tokens import verdict_token
from tests.browser.conftest import serious_accessibility_faults
from tests.support.together_client import TableClient, running

ROOT = Path(__file__).resolve().parents[2]

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def together(tmp_path_factory):
    folder = tmp_path_factory.mktemp("together")
    with running(folder / "class", folder / "server.log", args=["--bot-pause", "0.05"]) as (root, _):
        yield root, folder


def _check(page, shots: Path, name: str) -> None:
    """The page fits its width, has no serious accessibility fault, and is kept as a picture."""
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    width, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= screen, f"{name} is {width} px wide on a {screen} px screen"
    bad = serious_accessibility_faults(page)
    assert bad == [], f"{name}: " + "; ".join(bad)


def test_a_student_names_themselves_opens_a_table_plays_it_on_a_phone_and_the_teacher_sees_the_board(
    page, offline, together, tmp_path
):
    root, folder = together
    page.set_viewport_size(PHONE)
    page.goto(root + "?lang=ru")
    page.get_by_label("Ваше имя").fill("Аня")
    page.get_by_role("button", name="Войти в класс").click()
    expect(page.locator("main")).to_contain_text("Аня")
    page.locator("details[data-game=durak] summary").click()
    _check(page, tmp_path, "class-page-phone")

    page.locator("details[data-game=durak] button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9]+"))
    page.locator("#bots").click()  # the empty seats to the book's bots
    hand = page.locator("button.card.legal")
    expect(hand.first).to_be_visible(timeout=15_000)  # the game is on and it is our move, or soon
    _check(page, tmp_path, "table-phone")
    before = page.locator("#log li").count()
    hand.first.click()
    expect(page.locator("#log li")).not_to_have_count(before)
    page.set_viewport_size(DESK)
    _check(page, tmp_path, "table-desk")

    _answer(root, folder / "class", "Аня", "notation.read", correct=False)  # as her practice app would
    _answer(root, folder / "class", "Аня", "notation.read", correct=False)
    key = (folder / "class" / "teacher-key.txt").read_text().strip()
    page.goto(f"{root}board?key={key}&lang=en")
    expect(page.locator("main")).to_contain_text("Аня")
    expect(page.locator("main")).to_contain_text("Notation")  # the rule she is stuck on
    expect(page.locator(".board-table")).not_to_have_count(0)  # her table, with the teacher's tools
    _check(page, tmp_path, "board-desk")
    page.set_viewport_size(PHONE)  # on a phone each row is a card, every value with its heading
    cell = page.locator("#by-student tr[data-student] td").nth(1)
    assert page.evaluate("(td) => getComputedStyle(td, '::before').content", cell.element_handle()).startswith('"')
    _check(page, tmp_path, "board-phone")


def _answer(root: str, folder: Path, name: str, kind: str, correct: bool) -> None:
    """A verdict for the student called ``name``, posted as a practice app's kernel posts it."""
    with sqlite3.connect(folder / "board.sqlite") as db:
        secret = db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()[0]
        (student,) = db.execute("SELECT id FROM students WHERE name = ?", (name,)).fetchone()
    rule = rules.exercises.generate(kind, 1, 1).rule
    body = {"kind": kind, "seed": 1, "difficulty": 1, "rule": rule, "correct": correct}
    headers = {"Authorization": f"Bearer {verdict_token(secret, student)}"}
    assert httpx.post(root + "api/verdict", json=body, headers=headers).status_code == 204


def _table_waiting(root: str, game: str, players: int) -> str:
    """A table opened by a student on another device, waiting for players: its code."""
    from tests.classroom_server import run

    async def open_one():
        host = TableClient(root)
        await host.join_class("Host")
        code = await host.open_table(game, players, seed=3)
        await host.aclose()
        return code

    return run(open_one())


@pytest.mark.parametrize(
    ("game", "part"), [("domimi", ".domimi-table"), ("joker_rummy", ".jr-melds"), ("minefield", ".mf-table")]
)
def test_a_table_page_lays_out_the_games_own_parts_with_the_apps_stylesheet(page, offline, together, game, part):
    """The painter draws markup only; the table's page loads the tables' stylesheet, the play apps' own."""
    root, _ = together
    code = _table_waiting(root, game, rules.GAMES[game].info.min_players)
    page.set_viewport_size(DESK)
    page.goto(f"{root}t/{code}?lang=en")
    drawn = page.locator(f"#centre {part}").first
    expect(drawn).to_be_attached()
    assert page.locator("#centre style").count() == 0
    assert drawn.evaluate("(e) => getComputedStyle(e).display") == "flex", f"{part} is not laid out by the sheet"


def test_a_new_phone_from_the_qr_code_names_itself_and_sits_with_no_reload(browser, together, tmp_path):
    root, _ = together
    code = _table_waiting(root, "durak", 2)
    context = browser.new_context(viewport=PHONE, locale="ru-RU")  # a phone that never saw the class
    page = context.new_page()
    page.goto(f"{root}t/{code}")
    sit = page.get_by_role("button", name=re.compile("Сесть сюда"))
    expect(sit).to_be_disabled()
    page.get_by_label("Ваше имя").fill("Боря")
    page.get_by_role("button", name="Сохранить").click()
    expect(page.locator("#name-form")).to_be_hidden()
    expect(sit).to_be_enabled()
    sit.click()
    expect(page.locator("#mine")).to_be_visible()
    expect(page.locator("#hand button.card")).to_have_count(6)
    expect(page.locator("#my-seat-code")).to_have_text("")  # the seat code only when asked for
    page.locator("#move-device summary").click()
    expect(page.locator("#my-seat-code")).to_have_text(re.compile(r"^[2-9A-Z]{6}$"))
    _check(page, tmp_path, "table-phone-from-qr")
    context.close()


def test_the_projector_shows_the_qr_code_for_the_back_row_then_the_cards_fill_the_screen(browser, together, tmp_path):
    root, _ = together
    code = _table_waiting(root, "durak", 2)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{root}t/{code}?watch=1&lang=en")
    qr = page.locator(".share .qr svg")
    expect(page.locator("#status")).to_contain_text("Waiting")
    assert qr.bounding_box()["height"] >= 0.4 * 1080
    assert page.locator(".share .url").inner_text().startswith("http"), "the address the code carries"
    sizes = page.evaluate(
        "[parseFloat(getComputedStyle(document.querySelector('h1')).fontSize),"
        " parseFloat(getComputedStyle(document.querySelector('#status')).fontSize)]"
    )
    assert sizes[0] > sizes[1], f"the title ({sizes[0]} px) is larger than the text ({sizes[1]} px)"
    page.screenshot(path=str(tmp_path / "projector-waiting.png"))
    # a player takes the other seat: the game is on, and the cards take the screen
    from tests.classroom_server import run

    async def join():
        guest = TableClient(root)
        await guest.join_class("Guest")
        await guest.connect(code)
        await guest.sit(1)
        await guest.aclose()

    run(join())
    expect(page.locator("#status")).not_to_contain_text("Waiting")
    centre = page.locator("#centre svg").first.bounding_box()
    assert centre["height"] >= 0.5 * 1080, centre
    assert qr.bounding_box()["height"] < 0.4 * 1080
    page.screenshot(path=str(tmp_path / "projector-playing.png"))
    context.close()


def test_the_opener_plays_strong_bots_sees_each_ones_strength_and_makes_one_easy(page, offline, together, tmp_path):
    """Bots take the other seats when the table opens, strong as chosen in the form; each bot seat says
    its strength beside its name (as text, which a screen reader reads); the opener changes one."""
    root, folder = together
    page.set_viewport_size(DESK)
    page.goto(root + "?lang=en")
    page.get_by_label("Your name").fill("Opener")
    page.get_by_role("button", name="Join the class").click()
    game = page.locator("details[data-game=durak]")
    game.locator("summary").click()
    expect(game.locator("select[name=strength]")).to_have_value("medium")  # the default
    game.locator("select[name=players]").select_option("3")
    game.locator("input[name=bots]").check()
    game.locator("select[name=strength]").select_option("strong")
    game.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9]+"))
    seats = page.locator("#seats li")
    expect(seats).to_have_count(3)
    for seat in (1, 2):
        expect(seats.nth(seat).locator(".notes")).to_contain_text("bot: strong")
        expect(seats.nth(seat).get_by_label(f"Bot's strength: Player {seat + 1}")).to_have_value("strong")
    expect(seats.nth(0).locator("select")).to_have_count(0)  # the opener's own seat is a person's
    _check(page, tmp_path, "table-strong-bots")
    chooser = seats.nth(2).get_by_label("Bot's strength: Player 3")
    chooser.select_option("easy")
    expect(seats.nth(2).locator(".notes")).to_contain_text("bot: easy")
    expect(page.locator("#log li.log-table").last).to_have_text("The bot at player 3's seat is now easy.")
    expect(seats.nth(1).locator(".notes")).to_contain_text("bot: strong")
    # the strong bots play on to the opener's turn: a card to play or a move (take, «Бито») is offered
    expect(page.locator("button.card.legal, #moves button").first).to_be_visible(timeout=30_000)

    key = (folder / "class" / "teacher-key.txt").read_text().strip()
    page.goto(f"{root}board?key={key}&lang=ru")
    board = page.locator(".board-table").filter(has_text="Opener").first
    expect(board.locator("select.strength")).to_have_count(2)
    expect(board.locator("select.strength").first).to_have_value("strong")
    _check(page, tmp_path, "board-strengths")
