"""Golden transcripts: recorded games of every registered game (and the template game), told in English and Russian.

Each case is rebuilt with its recorded factory and arguments, replays the recorded
action labels, and must tell the same story, sentence for sentence, in both
languages (:meth:`rules.game.State.log`). The transcripts are written by
``tests/golden/record.py`` (see there how to record a new game or retell one).
"""

from __future__ import annotations

import pytest

from tests.golden.record import GAMES, LANGS, cases, replay

CASES = [pytest.param(game, case, id=f"{game.id}-{case['name']}") for game in GAMES.values() for case in cases(game)]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.id)
def test_every_game_has_a_transcript(game):
    recorded = cases(game)
    assert recorded, f"{game.id} has no golden transcript: python -m tests.golden.record {game.id}"
    assert {"new_game"} <= {case["factory"] for case in recorded}, "a dealt game is among the cases"


@pytest.mark.parametrize(("game", "case"), CASES)
def test_a_recorded_game_tells_the_same_story(game, case):
    state = replay(game, case)
    for lang in LANGS:
        told = [entry.text for entry in state.log(lang)]
        then = case["log"][lang]
        for i, (now, before) in enumerate(zip(told, then, strict=False)):
            assert now == before, f"{lang}, line {i}"
        assert len(told) == len(then), f"{lang}: the story has {len(told)} lines, the transcript {len(then)}"
