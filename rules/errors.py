"""Errors that speak the reader's language.

Every error of the rules package carries its message in English and in Russian;
``str(error)`` is the English one and ``error.message("ru")`` the Russian one.
All of them are ``ValueError``s, so callers that only know Python still catch them.
"""

from __future__ import annotations

import unicodedata

from rules.lang import LANGS, check_lang, pick

__all__ = ["LANGS", "IllegalAction", "OptionError", "RulesError", "SaveError", "check_lang", "excerpt"]


def excerpt(text, limit: int = 40) -> str:
    """A short, printable excerpt of untrusted text for an error message.

    Control and formatting characters (such as the bidi override U+202E, which
    would reorder a status line) become "?"; a long text is cut with "…".
    """
    text = str(text)[: limit + 1]
    text = "".join(ch if ch.isprintable() and unicodedata.category(ch) != "Cf" else "?" for ch in text)
    return text if len(text) <= limit else text[:limit] + "…"


class RulesError(ValueError):
    """Base of the package's errors: a bilingual message and, where known, a rule id."""

    def __init__(self, en: str, ru: str, *, rule: str | None = None):
        super().__init__(en)
        self.en = en
        self.ru = ru
        self.rule = rule

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` ("en" or "ru")."""
        return pick(lang, self.en, self.ru)


class IllegalAction(RulesError):
    """An action the rules forbid; ``rule`` names the rule that forbids it.

    The state the action was tried on is left exactly as it was.
    """


class OptionError(RulesError):
    """Game options that the rules (or the chosen variant) do not allow."""


class SaveError(RulesError):
    """A saved game that cannot be loaded: malformed, too large, or of another game."""
