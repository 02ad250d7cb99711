"""DoMiMi chapter: every rule id is an anchor, and the worked examples on the page agree with the source."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rules import domimi

CHAPTER = Path(__file__).resolve().parents[1] / "book" / "domimi"


def test_every_rule_id_is_a_label_in_the_chapter():
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(CHAPTER.glob("*.md")))
    labels = set(re.findall(r"^\((domimi\.[\w.-]+)\)=\s*$", text, flags=re.M))
    assert domimi.RULES, "RULES is empty"
    missing = sorted(set(domimi.RULES) - labels)
    assert not missing, f"rule ids without a (<id>)= label in book/domimi/: {missing}"


def test_the_explorer_page_draws_every_worked_example_with_the_engines_agreement():
    nb = json.loads((CHAPTER / "explorer.ipynb").read_text(encoding="utf-8"))
    html = "".join(
        "".join(o.get("data", {}).get("text/html", ""))
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
    )
    assert html.count("domimi-example") >= 15
    assert "✘" not in html and html.count("✔") >= 15


def test_the_exercises_are_at_least_six_and_each_has_a_computed_solution():
    nb = json.loads((CHAPTER / "exercises.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(c["source"]) for c in nb["cells"]]
    exercises = [s for s in sources if s.startswith("```{exercise}")]
    assert len(exercises) >= 6
    assert sum(s.startswith("```{solution-start}") for s in sources) == len(exercises)
