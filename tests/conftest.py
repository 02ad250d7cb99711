"""The order the tests are handed to the workers in.

``make test`` runs the tests on both cores, a file at a time on one worker
(``--dist loadfile --no-loadscope-reorder``): a file's servers start once. The workers take
the files in the order collected, so the files that take longest are put first and the many
short ones fill in after them, and the two workers end together instead of one of them
finishing a long file alone at the end.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the files that take longest, longest first: each file's tests' durations (pytest --durations=0 on two
#: workers, 2026-12-06 08:06 to 08:24 UTC, load 5 to 10), less the parts of the exhaustive checks that
#: make test no longer keeps (``tests/long.py``)
LONGEST_FIRST = (
    "tests/test_exercises.py",
    "tests/browser/test_table.py",
    "tests/browser/test_classroom.py",
    "tests/test_hub_servers.py",
    "tests/browser/test_site.py",
    "tests/test_text_player_words.py",
    "tests/test_conformance.py",
    "tests/test_nbgrader.py",
    "tests/browser/test_hostile.py",
    "tests/browser/test_pages.py",
    "tests/test_tables.py",
    "tests/browser/test_exercises.py",
    "tests/browser/test_static_lang.py",
    "tests/test_together.py",
    "tests/browser/test_joker_rummy.py",
    "tests/browser/test_dummy_rummy.py",
    "tests/browser/test_play_by_cards.py",
    "tests/browser/test_domino.py",
    "book/domino/statistics.ipynb",
    "tests/browser/test_live_bar.py",
    "tests/browser/test_domimi.py",
    "tests/browser/test_notation.py",
    "tests/browser/test_durak.py",
    "tests/browser/test_together_pages.py",
    "tests/test_sandbox.py",
    "tests/test_hub.py",
    "tests/browser/test_minefield.py",
    "tests/browser/test_book_reading.py",
    "book/minefield/statistics.ipynb",
    "book/durak/statistics.ipynb",
)


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        path = Path(str(item.fspath)).resolve()
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else ""
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: every file keeps its tests' order, the rest keep theirs
