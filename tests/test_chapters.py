"""Every registered game has its chapter: the pages a reader expects, in the table of
contents, with a section for every rule the engine names, and its play app on the play page.

The games are found from the registry (``rules.GAMES``), so a game added to it without
its chapter fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import rules
from rules.game import Game

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
TOC = (ROOT / "_toc.yml").read_text(encoding="utf-8")
#: the pages of every chapter: the rules beside their translation, the rulings, the play app, practice
PAGES = ("index.md", "rules.md", "clarifications.md", "play.ipynb", "practice.ipynb")
LABEL = re.compile(r"^\((?P<label>[\w.\-]+)\)=\s*$", re.MULTILINE)

GAMES = list(rules.GAMES.values())


def test_the_registry_holds_the_books_games():
    assert GAMES, "rules.GAMES is empty: the chapters would not be checked"
    chapters = re.findall(r"- file: book/(\w+)/index", TOC)
    assert [g for g in chapters if g in rules.GAMES] == list(rules.GAMES), "the book's order is the registry's"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_has_every_page_of_its_chapter_in_the_table_of_contents(game: Game):
    folder = BOOK / game.id
    missing = [page for page in PAGES if not (folder / page).exists()]
    assert not missing, f"book/{game.id} lacks {missing}"
    for page in PAGES:
        name = f"book/{game.id}/{Path(page).stem}"
        assert re.search(rf"- file: {re.escape(name)}\s*$", TOC, re.MULTILINE), f"{name} is not in _toc.yml"


def _labels(game: Game) -> set[str]:
    return {m["label"] for page in (BOOK / game.id).glob("*.md") for m in LABEL.finditer(page.read_text("utf-8"))}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_rule_id_of_a_game_is_a_label_of_its_chapter(game: Game):
    assert game.rules, f"{game.id} declares no rules"
    assert all(rule.startswith(f"{game.id}.") for rule in game.rules), "a rule id starts with its game's id"
    missing = sorted(set(game.rules) - _labels(game))
    assert not missing, f"{game.id}: rules without a section in book/{game.id}: {missing}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_moves_and_the_story_name_only_the_games_rules(game: Game):
    """Every rule a move, a note or a refusal names is one of the game's (so every link has a section)."""
    for name, setup in game.setups.items():
        state = setup()
        for _ in range(30):
            for action in state.legal_actions():
                assert action.rule in game.rules, f"set-up {name}: {action.label!r} names {action.rule!r}"
            if state.is_over():
                break
            state.apply(state.legal_actions()[0])
        for entry in state.log("en"):
            assert entry.rule in game.rules, f"set-up {name}: {entry.text!r} names {entry.rule!r}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_play_page_shows_the_games_declared_view(game: Game):
    from widgets.game import GameView

    view = game.view_class()
    assert issubclass(view, GameView) and view.GAME is game
    notebook = json.loads((BOOK / game.id / "play.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    assert view.__name__ in code, f"book/{game.id}/play.ipynb does not show {view.__name__}"


def test_graded_assignments_are_on_the_teachers_page_not_on_the_students_practice_pages():
    from rules.exercises import games

    teaching = (BOOK / "notation" / "teaching.md").read_text(encoding="utf-8")
    assert "book/notation/teaching" in TOC
    for chapter in games():
        practice = json.loads((BOOK / chapter / "practice.ipynb").read_text(encoding="utf-8"))
        text = "".join("".join(cell["source"]) for cell in practice["cells"])
        assert "nbgrader" not in text and "generate_assignment" not in text, chapter
        assert f"`{chapter}`" in teaching, f"the teachers' page names the chapter {chapter} for --game"
    assert "rules.exercises.course course autograde" in teaching
