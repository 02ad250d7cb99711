"""The book's notebooks are committed executed, so nbval really compares them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parents[1] / "book"
NOTEBOOKS = sorted(p for p in BOOK.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
TOC = (BOOK.parent / "_toc.yml").read_text(encoding="utf-8")


def test_the_book_has_notebooks():
    assert NOTEBOOKS, "no notebook found under book/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_code_cell_was_executed(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code, f"{path.name} has no code"
    unexecuted = [i for i, c in enumerate(nb["cells"]) if c in code and c.get("execution_count") is None]
    assert not unexecuted, f"cells {unexecuted} of {path.name} were not executed; nbval would skip them"
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), f"{path.name} was not run top to bottom in one go: {counts}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_widgets_are_saved_with_their_state_so_pages_render_them(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    views = [
        o
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    if views:
        state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
        for view in views:
            model = view["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
            assert model in state, f"{path.name}: widget {model} has no saved state; the page would show nothing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_notebook_is_in_the_table_of_contents(path):
    entry = "book/" + str(path.relative_to(BOOK).with_suffix(""))
    assert entry in TOC, f"{entry} is not in _toc.yml"
