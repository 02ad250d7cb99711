"""Links from what a reader sees to the book's rules: where each rule id is explained, and its title.

Pure (no widgets): the views, the class together's tables and board, and the exercises'
assignments link their rules with these.
"""

from __future__ import annotations

import functools
import html
import os
import re
from pathlib import Path

from rules.lang import pick

#: the book's sources, where each rule id stands as a MyST label ``(<rule id>)=``
BOOK = Path(__file__).resolve().parents[2] / "book"
_LABEL = re.compile(r"^\((?P<label>[\w.\-]+)\)=\s*$", re.MULTILINE)


@functools.cache
def _label_pages() -> dict[str, str]:
    """Rule id -> the page that holds its label, as ``<chapter>/<page>.html``."""
    pages = {}
    for source in sorted(BOOK.glob("*/*.md")):
        for match in _LABEL.finditer(source.read_text(encoding="utf-8")):
            pages.setdefault(match["label"], f"{source.parent.name}/{source.stem}.html")
    return pages


def rule_href(rule: str) -> str:
    """Where the book explains ``rule``.

    In the book a page of a chapter links relatively; in an app (``serve_apps``
    sets ``RULEBOOK_BOOK_URL``) the link goes to the served book.
    """
    chapter = rule.split(".", 1)[0]
    page = _label_pages().get(rule, f"{chapter}/rules.html")
    anchor = re.sub(r"[._]", "-", rule)  # Sphinx's anchor for the label
    base = os.environ.get("RULEBOOK_BOOK_URL")
    return f"{base.rstrip('/')}/book/{page}#{anchor}" if base else f"../{page}#{anchor}"


def rule_title(rule: str, lang: str) -> str:
    """The rule's title from its game's ``RULES`` (the id itself if it has none)."""
    import rules

    game = rules.GAMES.get(rule.split(".", 1)[0])
    en, ru = game.rules.get(rule, (rule, rule)) if game is not None else (rule, rule)
    return pick(lang, en, ru)


def rule_link(rule: str, lang: str) -> str:
    """An HTML link to the rule's section, titled in the reader's language."""
    title = rule_title(rule, lang)
    return (
        f'<a class="rule-link" data-rule="{html.escape(rule)}" href="{html.escape(rule_href(rule))}" '
        f'target="_blank">{html.escape(title)}</a>'
    )


__all__ = ["BOOK", "rule_href", "rule_link", "rule_title"]
