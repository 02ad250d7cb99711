"""What every view shares: the reader's language from the app's address, messages."""

from __future__ import annotations

import pytest

from rules.errors import IllegalAction
from widgets.common import message, page_lang


@pytest.mark.parametrize(
    ("query", "expected"),
    [("", "en"), ("lang=ru", "ru"), ("lang=en", "en"), ("x=1&lang=ru", "ru"), ("lang=de", "en")],
)
def test_the_app_reads_the_language_from_its_address(monkeypatch, query, expected):
    monkeypatch.setenv("QUERY_STRING", query)
    assert page_lang() == expected


def test_without_an_address_the_book_default_holds(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert page_lang() == "en" and page_lang("ru") == "ru"


def test_messages_speak_the_readers_language():
    error = IllegalAction("not your turn", "сейчас не ваш ход", rule="x")
    assert message(error, "ru") == "сейчас не ваш ход"
    assert "nothing was changed" in message(KeyError("boom"), "en")
    assert "состояние не изменилось" in message(KeyError("boom"), "ru")
