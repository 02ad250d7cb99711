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


def test_rule_links_go_to_the_page_that_holds_the_rule(monkeypatch):
    from widgets.common import rule_href, rule_link

    monkeypatch.delenv("RULEBOOK_BOOK_URL", raising=False)
    assert rule_href("durak.throw_in") == "../durak/rules.html#durak-throw-in"
    assert rule_href("domimi.ruling-6") == "../domimi/clarifications.html#domimi-ruling-6"
    monkeypatch.setenv("RULEBOOK_BOOK_URL", "http://localhost:8000/")
    assert rule_href("minefield.doctor_evil") == "http://localhost:8000/book/minefield/rules.html#minefield-doctor-evil"
    link = rule_link("durak.throw_in", "ru")
    assert 'data-rule="durak.throw_in"' in link and "Подкидывание" in link and "#durak-throw-in" in link


def test_every_rule_of_every_game_has_a_page():
    import rules
    from widgets.paint.links import _label_pages

    pages = _label_pages()
    assert rules.GAMES
    for gid, game in rules.GAMES.items():
        missing = [r for r in game.rules if r not in pages]
        assert not missing, f"{gid}: rules without a label in the book: {missing}"


def test_a_saved_page_holds_both_languages_each_in_its_block(monkeypatch):
    from IPython.display import HTML

    from widgets.common import bilingual

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    page = bilingual(lambda lang: HTML({"en": "<b>Take</b>", "ru": "<b>Взять</b>"}[lang])).data
    assert '<div class="lang-en" lang="en"><b>Take</b></div>' in page
    assert '<div class="lang-ru" lang="ru"><b>Взять</b></div>' in page
    view = bilingual(lambda lang: __import__("ipywidgets").Label(lang))
    assert [(box._dom_classes, box.children[0].value) for box in view.children] == [
        (("lang-en",), "en"),
        (("lang-ru",), "ru"),
    ]


def test_an_app_builds_only_the_language_its_address_asks(monkeypatch):
    from widgets.common import bilingual

    monkeypatch.setenv("QUERY_STRING", "lang=ru")
    built = []
    view = bilingual(lambda lang: built.append(lang) or f"<b>{lang}</b>")
    assert built == ["ru"]
    # a page's markup is shown as markup, not as the text of a Python string
    assert view._repr_html_() == "<b>ru</b>"


def test_a_preheated_app_builds_before_the_request_and_again_only_for_another_language(monkeypatch):
    import ipywidgets

    from widgets import common

    def request(query):
        monkeypatch.setenv("QUERY_STRING", query)  # what Voila's wait_for_request brings

    built, views = [], []

    def make(lang):
        built.append(lang)
        views.append(ipywidgets.VBox([ipywidgets.Label(lang)]))
        return views[-1]

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr("voila.utils.wait_for_request", lambda: request("lang=en"))
    assert common.bilingual(make).children[0].value == "en" and built == ["en"]

    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.setattr("voila.utils.wait_for_request", lambda: request("lang=ru"))
    view = common.bilingual(make)
    assert view.children[0].value == "ru" and built == ["en", "en", "ru"]
    english = views[1]
    assert english.comm is None and english.children[0].comm is None, "the unused English view left the kernel"
    assert view.comm is not None

    # a class's pool draws its pages in the class's language: a Russian page is then built once
    monkeypatch.setenv("RULEBOOK_PREHEAT_LANG", "ru")
    monkeypatch.delenv("QUERY_STRING")
    view = common.bilingual(make)
    assert view.children[0].value == "ru" and built == ["en", "en", "ru", "ru"]
