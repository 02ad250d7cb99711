"""Card values and the bilingual notation (the stable interface of rules.cards)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import (
    ALL_CARDS,
    BLACK_JOKER,
    RED_JOKER,
    Card,
    Color,
    NotationError,
    Rank,
    Suit,
    card_name,
    deck,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)


def test_the_sources_russian_ace_is_a_latin_t():
    # DoMiMi's first example: «Выпало T♦ 2♦ 2♠, игрок берет 3♦».
    cards = parse_cards("T♦ 2♦ 2♠")
    assert [(c.rank, c.suit) for c in cards] == [
        (Rank.ACE, Suit.DIAMONDS),
        (Rank.TWO, Suit.DIAMONDS),
        (Rank.TWO, Suit.SPADES),
    ]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("A♠", Rank.ACE, Suit.SPADES),
        ("Т♠", Rank.ACE, Suit.SPADES),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("QD", Rank.QUEEN, Suit.DIAMONDS),
        ("Д♦", Rank.QUEEN, Suit.DIAMONDS),
        ("В♣", Rank.JACK, Suit.CLUBS),
        ("J♣", Rank.JACK, Suit.CLUBS),
        ("К♥", Rank.KING, Suit.HEARTS),
        ("ks", Rank.KING, Suit.SPADES),
        ("7♥️", Rank.SEVEN, Suit.HEARTS),  # with an emoji variation selector
    ],
)
def test_either_language_reads_the_same_card(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit, card.is_joker) == (rank, suit, False)


def test_jokers_in_both_languages():
    assert parse_cards("RJ BJ КДж ЧДж rj") == [RED_JOKER, BLACK_JOKER, RED_JOKER, BLACK_JOKER, RED_JOKER]
    assert RED_JOKER.is_joker and RED_JOKER.suit is None and RED_JOKER.rank is None
    assert RED_JOKER.color is Color.RED and BLACK_JOKER.color is Color.BLACK


def test_commas_and_spaces_both_separate():
    assert parse_cards("A♠,10♥, Q♦  K♣;2♠") == parse_cards("A♠ 10♥ Q♦ K♣ 2♠")
    assert parse_cards("") == [] and parse_cards("  , ") == []


def test_canonical_text_and_repr():
    ten = parse_card("10♥")
    assert str(ten) == "10♥" and str(parse_card("ТS")) == "A♠" and str(RED_JOKER) == "RJ"
    assert eval(repr(ten), {"Card": Card}) == ten
    assert format_cards(parse_cards("A♥ 10♣ Q♠ J♦ K♥ RJ BJ"), lang="ru") == "Т♥ 10♣ Д♠ В♦ К♥ КДж ЧДж"


@pytest.mark.parametrize(
    ("text", "token", "position", "en_words", "ru_words"),
    [
        ("Z♦ 2♦", "Z♦", 1, "unknown rank 'Z'", "неизвестное достоинство «Z»"),
        ("A♠ 10", "10", 2, "suit is missing", "нет масти"),
        ("A♠ K♠ 7X", "7X", 3, "unknown suit 'X'", "неизвестная масть «X»"),
        ("11♠", "11♠", 1, "unknown rank '11'", "неизвестное достоинство «11»"),
        ("♠", "♠", 1, "too short", "слишком коротко"),
    ],
)
def test_a_bad_token_is_named_with_its_position_in_both_languages(text, token, position, en_words, ru_words):
    with pytest.raises(NotationError) as err:
        parse_cards(text)
    e = err.value
    assert isinstance(e, ValueError)
    assert (e.token, e.position) == (token, position)
    assert token in e.message("en") and en_words in e.message("en") and f"card {position}" in e.message("en")
    assert token in e.message("ru") and ru_words in e.message("ru") and f"карта {position}" in e.message("ru")


def test_parse_card_wants_exactly_one_card():
    with pytest.raises(NotationError):
        parse_card("A♠ K♠")


@pytest.mark.parametrize(("size", "count", "lowest"), [(36, 36, Rank.SIX), (52, 52, Rank.TWO), (54, 54, Rank.TWO)])
def test_decks(size, count, lowest):
    pack = deck(size)
    assert len(pack) == count == len(set(pack))
    assert min(c.rank for c in pack if not c.is_joker if c.rank != Rank.ACE) == lowest
    assert sum(c.is_joker for c in pack) == (2 if size == 54 else 0)


def test_several_decks_hold_equal_cards():
    two = deck(54, copies=2)
    assert len(two) == 108
    assert set(Counter(two).values()) == {2}
    assert deck(36, jokers=2).count(RED_JOKER) == 1


def test_bad_deck_requests_are_refused():
    with pytest.raises(ValueError, match="36, 52 or 54"):
        deck(40)


def test_names_in_words():
    assert card_name(parse_card("Q♠")) == "queen of spades"
    assert card_name(parse_card("Q♠"), "ru") == "дама пик"
    assert card_name(parse_card("10♥"), "ru") == "десятка червей"
    assert card_name(BLACK_JOKER, "ru") == "чёрный джокер"


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12), st.sampled_from(["en", "ru"]), st.sampled_from([" ", ", "]))
def test_format_then_parse_gives_the_cards_back(cards, lang, sep):
    assert parse_cards(format_cards(cards, lang, sep)) == cards


@given(st.sampled_from(ALL_CARDS))
def test_each_card_has_a_distinct_index(card):
    assert ALL_CARDS[card.index] == card
    assert format_card(card, "en") == str(card)


@pytest.mark.parametrize("text", ["Aſ", "ᲀ♠", "ᲁ♠", "КᲁЖ", "ᲄ♠", "Aﬆ", "KⅠ♠"])
def test_only_the_documented_letters_are_read(text):
    with pytest.raises(NotationError):
        parse_cards(text)


def test_either_case_of_the_documented_letters_is_read():
    assert str(parse_cards("a♠ кдж чДж rj 10h q♦ в♣ т♥ д♠")) == "A♠ RJ BJ RJ 10♥ Q♦ J♣ A♥ Q♠"


@pytest.mark.parametrize("text", ["Z" * 1_000_000, "A♠ \u202eZ♠", "x\u202e" * 50 + " " + "A♠" * 5000])
def test_an_error_quotes_a_short_clean_excerpt(text):
    with pytest.raises(NotationError) as err:
        parse_cards(text)
    for lang in ("en", "ru"):
        said = err.value.message(lang)
        assert len(said) < 160 and "\u202e" not in said
