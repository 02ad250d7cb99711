"""The notation view: type cards, see them; a bad token changes nothing."""

from __future__ import annotations

from rules.cards import parse_cards
from widgets.notation import NotationView


def _typed(view, value):
    view._input.value = value  # what the browser sends when the reader presses Enter


def test_typing_russian_cards_draws_them():
    view = NotationView()
    _typed(view, "T♦ 2♦ 2♠")
    assert view.cards == parse_cards("A♦ 2♦ 2♠")
    assert view._picture.value.count('class="card ') == 3
    assert "A♦ 2♦ 2♠" in view._status.value and "Т♦ 2♦ 2♠" in view._status.value


def test_a_bad_token_keeps_the_previous_picture_and_names_the_token():
    view = NotationView("T♦ 2♦ 2♠", lang="ru")
    picture = view._picture.value
    _typed(view, "Z♦ 2♦")
    assert view._picture.value == picture
    assert view.cards == parse_cards("A♦ 2♦ 2♠")
    assert "Z♦" in view._status.value and "неизвестное достоинство" in view._status.value
    assert "status-error" in view._status.value


def test_the_view_does_not_display_itself_and_hides_its_parts():
    view = NotationView("A♠")
    assert view.cards == parse_cards("A♠")
    view.cards.append(parse_cards("K♠")[0])  # a copy: the view is unchanged
    assert len(view.cards) == 1
    assert len(view.children) == 3


def test_clearing_the_box_clears_the_picture():
    view = NotationView("A♠ K♠")
    _typed(view, "")
    assert view.cards == [] and "no cards" in view._picture.value


def test_a_huge_text_is_refused_and_the_picture_stays():
    from widgets.notation import NotationView

    view = NotationView("A♠ K♥")
    picture = view._picture.value
    view._input.value = "A♠ " * 33_333
    assert "status-error" in view._status.value and len(view._status.value) < 400
    assert view._picture.value == picture and len(view.cards) == 2
