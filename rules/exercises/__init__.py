"""Classroom exercises that answer back: generated from a seed, checked by the engine.

``generate(kind, seed, difficulty)`` makes an :class:`Exercise` (its question in
English and Russian); ``exercise.check(answer)`` returns a :class:`Verdict`
saying what was right, what was wrong and why, and the rule. One module per game
holds that game's kinds; ``kinds(game)`` lists them.

>>> ex = generate("durak.beats", seed=7, difficulty=1)
>>> ex.check(ex.solution).correct
True
"""

from __future__ import annotations

from rules.exercises import (  # noqa: F401  (registers the kinds)
    domimi,
    domino,
    dummy_rummy,
    durak,
    joker_rummy,
    minefield,
    notation,
)
from rules.exercises.core import (
    ANSWERS,
    DIFFICULTIES,
    Bi,
    Choice,
    Exercise,
    ExerciseError,
    Session,
    Verdict,
    check,
    games,
    generate,
    kind_title,
    kind_wait,
    kinds,
)

__all__ = [
    "ANSWERS",
    "DIFFICULTIES",
    "Bi",
    "Choice",
    "Exercise",
    "ExerciseError",
    "Session",
    "Verdict",
    "check",
    "games",
    "generate",
    "kind_title",
    "kind_wait",
    "kinds",
]
