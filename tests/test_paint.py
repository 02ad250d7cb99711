"""The table painters (widgets/paint/): one picture of a game's table for the solo apps and the class together.

The class together's server draws its tables without ipywidgets (a class's server need not hold
the widgets at all), and a seat at a shared table sees the very table the solo app draws for the
same game, seat and language.
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

import rules
from classserver.together.tables import Table
from widgets.paint import TablePainter, painter

ROOT = Path(__file__).resolve().parents[1]

#: moves played at each table before it is painted (the last one glows)
MOVES = 6


def _seated(game_id: str, seed: int = 5) -> Table:
    """A table of ``game_id`` at its fewest seats, everyone seated, a few moves in (the first legal move each time)."""
    players = rules.GAMES[game_id].info.min_players
    table = Table.open("TABLE", game_id, players, seed=seed)
    for seat in range(players):
        table.sit(f"s{seat}", f"Name {seat}", seat)
    for _ in range(MOVES):
        if table.over:
            break
        action = table.state.legal_actions()[0]
        table.play(f"s{action.player}", action.label, len(table.state.history))
    return table


# the same tables as _seated, painted by a Python that cannot import ipywidgets
_WITHOUT_WIDGETS = """
import json, sys
sys.modules["ipywidgets"] = None  # as where ipywidgets is not installed: "import ipywidgets" fails
try:
    import ipywidgets
except ImportError:
    blocked = True
else:
    blocked = False
import classserver.together
import classserver.together.service
import rules
from tests.test_paint import _seated

tables = {}
for game_id in rules.GAMES:
    table = _seated(game_id)
    tables[game_id] = {lang: json.loads(table.snapshot(table.state.current_player, lang)) for lang in ("en", "ru")}
views = ("ipywidgets", "widgets.game", "widgets.common")
loaded = sorted(m for m, module in sys.modules.items() if module is not None and m.startswith(views))
print(json.dumps({"blocked": blocked, "loaded": loaded, "tables": tables}, ensure_ascii=False))
"""


@pytest.fixture(scope="module")
def painted_without_widgets() -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_WIDGETS], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_class_together_paints_every_game_where_ipywidgets_cannot_be_imported(painted_without_widgets):
    found = painted_without_widgets
    assert found["blocked"], "the check itself: ipywidgets should not import in that Python"
    assert found["loaded"] == [], "the class together imported widgets"
    assert len(rules.GAMES) >= 6 and sorted(found["tables"]) == sorted(rules.GAMES)
    for game_id, by_lang in found["tables"].items():
        for lang, snapshot in by_lang.items():
            assert snapshot["game"] == game_id and snapshot["lang"] == lang
            assert len(snapshot["centre"]) > 200, f"{game_id} ({lang}): {snapshot['centre']!r}"
            assert snapshot["moves"], f"{game_id} ({lang}): the seat to move is offered no move"
            assert all(m["text"] for m in snapshot["moves"])
            assert snapshot["step"] > 0, f"{game_id}: no move was played"


def test_a_painted_table_is_markup_whose_look_is_the_one_stylesheet(painted_without_widgets):
    """No painter writes a style of its own: every screen that shows a table loads the tables'
    stylesheet instead (the play apps, the class together's table page, the book, the gallery)."""
    tables = painted_without_widgets["tables"]
    assert sorted(tables) == sorted(rules.GAMES)
    for game_id, by_lang in tables.items():
        for lang, snapshot in by_lang.items():
            assert "<style" not in snapshot["centre"].lower(), f"{game_id} ({lang}) draws a style of its own"


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_shared_table_is_the_table_the_solo_app_draws(game_id, lang, painted_without_widgets):
    """The same game loaded in the play app (hot seat, so no bot moves) shows the centre and the
    seats' roles the class together sent the seat to move, painted there without widgets."""
    snapshot = painted_without_widgets["tables"][game_id][lang]
    table = _seated(game_id)
    players = table.state.num_players
    view = rules.GAMES[game_id].view_class()(lang=lang, players=players, seats=["human"] * players)
    try:
        view.load(table.state.to_json())
        assert view.state.to_json() == table.state.to_json()
        assert view.viewer == snapshot["you"]
        drawn = view.table_html() + view.hand_html()
        assert snapshot["centre"] in view.table_html()
        for seat in snapshot["seats"]:
            assert html.escape(seat["role"]) in drawn, f"seat {seat['seat']}: {seat['role']!r}"
        moves = {m["text"] for m in snapshot["moves"]}
        assert moves and moves <= set(view.buttons())  # the app, every seat a person's, offers the others' too
    finally:
        view.close()


def test_a_painter_is_a_frozen_value_of_its_language():
    first = painter("durak", "ru")
    assert isinstance(first, TablePainter) and first.lang == "ru" and painter("durak", "ru") is first
    assert painter(rules.GAMES["durak"], "ru") is first
    with pytest.raises(AttributeError):
        first.lang = "en"
    with pytest.raises(ValueError):
        painter("durak", "de")
