"""The three strengths' results, as ``benchmarks/bench_coach.py --record`` kept them: every game's
statistics page shows its rows (nbval re-executes the page against the kept file), and the
README quotes the same figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.bench_coach import PAIRS, RECORD, compare, play_pair, record, table, write_games
from rules import GAMES
from rules.coach import STRENGTH_NAMES

ROOT = Path(__file__).resolve().parents[1]
KEPT = json.loads(RECORD.read_text(encoding="utf-8"))


def test_a_recorded_row_replaces_the_same_pair_and_keeps_the_others(tmp_path):
    path = tmp_path / "strengths.json"
    record("durak", "heuristic", "strong", {"games": 2, "share": 0.5}, path)
    record("durak", "easy", "heuristic", {"games": 4, "share": 1.0}, path)
    record("durak", "heuristic", "strong", {"games": 6, "share": 0.75}, path)
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept == {
        "durak": {"easy-heuristic": {"games": 4, "share": 1.0}, "heuristic-strong": {"games": 6, "share": 0.75}}
    }


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if g != "minefield"))
def test_every_coached_game_has_the_coach_against_the_books_bot(game_id):
    rows = KEPT[game_id]
    assert "heuristic-strong" in rows
    known = {f"{w}-{s}" for w, s in PAIRS}
    for pair, row in rows.items():
        assert pair in known
        assert row["games"] > 0
        assert row["low"] <= row["share"] <= row["high"]


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if GAMES[g].coaching is not None))
def test_the_strong_bot_is_offered_as_stronger_only_where_the_benchmark_showed_it(game_id):
    # the seat choosers add "not proven" where the kept row's interval reaches one half
    row = KEPT[game_id]["heuristic-strong"]
    assert GAMES[game_id].coaching.shown_stronger == (row["low"] > 0.5)


def test_the_readme_quotes_the_kept_figures():
    # the table bench_coach --table prints from the kept file, as it is, in the README
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert table() in readme
    for game_id, rows in KEPT.items():  # and every row kept is in it, with its share
        for pair, row in rows.items():
            weak, strong = pair.split("-")
            names = f"{STRENGTH_NAMES[weak]('en')} v {STRENGTH_NAMES[strong]('en')}"
            assert f"| {GAMES[game_id].name('en')} | {names} | {row['games']} | {100 * row['share']:.1f}% |" in readme


def test_games_shared_among_processes_give_the_same_results_as_one_process():
    # --jobs 2 halves a pair's time on two cores; every game is dealt and played from its own seed
    one = play_pair(GAMES["durak"], "heuristic", "strong", 4, None, 12, jobs=1)
    two = play_pair(GAMES["durak"], "heuristic", "strong", 4, None, 12, jobs=2)
    assert one[0] == two[0] and len(one[0]) == 4
    assert one[1][0] == two[1][0] and one[1][2] == two[1][2] > 0  # the same playouts over the same moves
    assert one[1][3] == two[1][3] <= one[1][2]  # and the same moves where the coach left its starting one


def test_two_settings_are_compared_game_by_game_on_the_seeds_both_played(tmp_path):
    # seeds 10 to 13 before, 11 to 14 after: three in both (11, 12, 13), of which one changed, a loss
    # turned into a win: +1/3 of a game on average, the differences (1, 0, 0) giving an error of 1/3
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    write_games(before, "durak", "heuristic", "strong", 10, [1.0, 0.0, 1.0, 0.5])
    write_games(after, "durak", "heuristic", "strong", 11, [1.0, 1.0, 0.5, 0.0])
    said = compare(before, after)
    assert said.startswith("3 games in both; 1 ended differently")
    assert "+33.3 points (standard error 33.3)" in said
    assert "shares 50.0% and 83.3%" in said
    write_games(after, "durak", "easy", "strong", 11, [0.0])  # another pair's games are not these
    assert compare(before, after) == said
