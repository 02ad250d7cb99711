"""The lock (``requirements/constraints.txt``, written by ``make lock``) and ``pyproject.toml`` agree:
every requirement of every extra is satisfied by a version the lock pins, so ``make setup`` (which
installs within the lock) gets what ``pyproject.toml`` asks for, and a fresh clone the versions tested."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements" / "constraints.txt"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def pins(text: str) -> dict[str, str]:
    """The lock's ``name==version`` lines (comments and their ``# via`` notes skipped)."""
    found = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)(\s*;.*)?", line)
        assert match, f"a line of {LOCK.name} that pins nothing: {line!r}"
        found[canonicalize_name(match[1])] = match[2]
    return found


def disagreements(extras: dict[str, list[str]], locked: dict[str, str]) -> list[str]:
    """What of ``extras``' requirements the pins ``locked`` leave unsatisfied."""
    own = canonicalize_name(PROJECT["name"])
    found = []
    for extra, requirements in extras.items():
        for text in requirements:
            requirement = Requirement(text)
            name = canonicalize_name(requirement.name)
            if name == own:  # another extra of this project: checked as itself
                continue
            if name not in locked:
                found.append(f"[{extra}] {text}: not in the lock")
            elif not requirement.specifier.contains(locked[name], prereleases=True):
                found.append(f"[{extra}] {text}: the lock pins {locked[name]}")
    return found


def test_every_requirement_of_every_extra_is_pinned_by_the_lock_to_a_version_it_allows():
    extras = PROJECT["optional-dependencies"]
    assert extras and PROJECT["dependencies"] == []
    locked = pins(LOCK.read_text(encoding="utf-8"))
    assert len(locked) > 100, "the lock pins every package the extras bring, theirs included"
    assert disagreements(extras, locked) == []


def test_a_lock_out_of_step_with_pyproject_is_caught():
    locked = pins("voila==0.5.12\n    # via card-rulebook\nnumpy==2.0.0\n")
    found = disagreements({"apps": ["voila==0.5.13", "numpy>=1.26", "segno>=1.6", "card-rulebook[widgets]"]}, locked)
    assert found == ["[apps] voila==0.5.13: the lock pins 0.5.12", "[apps] segno>=1.6: not in the lock"]


def test_make_setup_installs_within_the_lock():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "LOCK   := requirements/constraints.txt" in makefile
    assert 'pip install --quiet -c $(LOCK) -e ".[test]"' in makefile
