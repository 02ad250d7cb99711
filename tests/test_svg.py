"""Card pictures: self-contained, accessible, deterministic."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from rules import svg
from rules.cards import ALL_CARDS, parse_card, parse_cards

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_is_valid_svg_with_classes_and_a_title(card):
    text = svg.card(card)
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    group = root.find(f"{NS}g")
    classes = group.get("class").split()
    assert "card" in classes
    if card.is_joker:
        assert f"joker-{card.color.value}" in classes
    else:
        assert f"suit-{card.suit.name_in('en')}" in classes
    assert group.find(f"{NS}title").text


def test_classes_and_titles_name_the_card():
    text = svg.card(parse_card("10♥"), lang="ru")
    assert 'class="card rank-10 suit-hearts"' in text
    assert "<title>десятка червей (10♥)</title>" in text


def test_nothing_is_loaded_from_outside():
    text = svg.row(ALL_CARDS) + svg.back() + svg.grid({(0, 0): ALL_CARDS[0]}, 2, 2, highlight={(1, 1): "target"})
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
    assert "<image" not in text and "@font-face" not in text and "href=" not in text


def test_the_same_cards_give_the_same_picture():
    cards = parse_cards("A♠ 10♥ Q♦ RJ")
    assert svg.row(cards, highlight={1: "take"}) == svg.row(list(cards), highlight={1: "take"})


def test_highlight_marks_the_chosen_cards():
    text = svg.row(parse_cards("A♠ 10♥ Q♦"), highlight={0: "pay", 2: "take"})
    assert text.count("hl-pay") == 1 and text.count("hl-take") == 1
    assert svg.row(parse_cards("A♠ 10♥"), highlight=[1]).count("hl-select") == 1


def test_an_empty_row_says_so():
    assert "нет карт" in svg.row([], lang="ru") and "no cards" in svg.row([])


def test_face_down_cards_do_not_reveal_anything():
    text = svg.row([None, None])
    assert text.count('class="card back"') == 2 and "suit-" not in text


def test_grid_draws_cards_and_marked_empty_slots():
    text = svg.grid({(0, 1): parse_card("Q♠")}, 2, 3, highlight={(1, 1): "target"})
    root = ET.fromstring(text)
    slots = [el for el in root.iter(f"{NS}rect") if "slot" in (el.get("class") or "")]
    assert len(slots) == 5
    assert sum("hl-target" in el.get("class") for el in slots) == 1


def test_cards_and_card_lists_display_as_svg_in_jupyter():
    assert parse_card("A♠")._repr_svg_().startswith("<svg")
    assert parse_cards("A♠ K♥")._repr_svg_().count('class="card ') == 2
