"""The README's layout tree names what the repository holds, nested as it is nested."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def layout_paths(readme: str) -> list[str]:
    """The paths the README's layout tree names, each with its parents' (``<id>`` and ``<oracle>``
    stand for any name). Indentation nests a line under the folder above it."""
    block = readme.split("## Layout", 1)[1].split("```", 2)[1]
    parents: list[tuple[int, str]] = []
    found = []
    for line in block.splitlines():
        match = re.match(r"( *)(\S+(?: \S+\.\w+)*)(?:\s{2,}|$)", line)
        if not match or not line.strip() or line.startswith(" " * 10):
            continue  # a description's second line
        depth, names = len(match[1]), match[2].split(" ")
        while parents and parents[-1][0] >= depth:
            parents.pop()
        prefix = parents[-1][1] if parents else ""
        for name in names:
            found.append(prefix + name)
        if names[-1].endswith("/"):
            parents.append((depth, prefix + names[-1]))
    return found


def test_every_path_of_the_layout_tree_is_in_the_repository():
    paths = layout_paths((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(paths) > 40
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = tracked.splitlines()
    missing = []
    for path in paths:
        pattern = re.escape(path).replace(re.escape("<id>"), "[^/]+").replace(re.escape("<oracle>"), "[^/]+")
        if path.endswith("/"):
            pattern += ".*"
        if not any(re.fullmatch(pattern, file) for file in files):
            missing.append(path)
    assert missing == []


def test_a_misplaced_line_is_caught():
    readme = "## Layout\n\n```\ndeploy/   the hub\n  _ext/   extensions\nbook/\n```\n"
    assert layout_paths(readme) == ["deploy/", "deploy/_ext/", "book/"]
