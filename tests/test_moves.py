"""Typed moves (rules.moves.read_move): what a person types does what the move box's hint says."""

from __future__ import annotations

import pytest

import rules
from rules import durak, joker_rummy
from rules.cards import parse_card
from rules.errors import IllegalAction
from rules.moves import read_move


def _state(game: str, players: int, seed: int, player: int = 0):
    state = rules.GAMES[game].new_game(players=players, seed=seed)
    while state.current_player != player:
        state.apply(state.legal_actions()[0])
    return state


def test_a_typed_card_plays_the_move_that_names_it_among_other_cards():
    state = _state("domimi", 2, 2026)  # "collect A♥+2♥ → 3♥" is offered
    assert read_move(state, state.legal_actions(), "3♥").label == "collect A♥+2♥ -> 3♥"
    assert read_move(state, state.legal_actions(), "3h").label == "collect A♥+2♥ -> 3♥"


def test_a_typed_card_takes_the_discard_it_names():
    state = joker_rummy.new_game(players=2, seed=2026)
    state.apply(state.legal_actions()[0])  # player 2 discards: player 1 may take that card
    top = state.legal_actions()[1]
    assert type(top).__name__ == "TakeDiscard"
    assert read_move(state, state.legal_actions(), str(top.card)) == top


@pytest.mark.parametrize("word", ["take", "Take", "беру", "взять", "ЗАБРАТЬ"])
def test_take_in_either_language_is_the_take(word):
    state = durak.position(hands=["7♥ 9♥", "8♥ 6♣"], trump="6♠", attacker=0)
    state.apply(state.legal_actions()[0])  # 7♥ led against player 2
    while state.current_player != 1:
        state.apply(next(a for a in state.legal_actions() if type(a).__name__ == "Pass"))
    assert type(read_move(state, state.legal_actions(), word)).__name__ == "Take"


@pytest.mark.parametrize(
    ("word", "kind"), [("pass", "Pass"), ("пас", "Pass"), ("draw", "DrawStock"), ("тяну", "DrawStock")]
)
def test_move_words_name_the_offered_move_of_their_kind(word, kind):
    state = _state("domino", 2, 3) if kind == "Pass" else _state("dummy_rummy", 2, 2026, player=1)
    offered = state.legal_actions()
    if kind == "Pass" and not any(type(a).__name__ == "Pass" for a in offered):
        with pytest.raises(IllegalAction) as refused:  # no pass now: the engine says why, with its rule
            read_move(state, offered, word)
        assert refused.value.rule == "domino.pass" and "compulsory" in str(refused.value)
        return
    assert type(read_move(state, offered, word)).__name__ == kind


def test_a_word_that_is_no_move_says_so_and_never_reads_as_a_card():
    state = durak.position(hands=["7♥ 9♥", "8♥"], trump="6♠", attacker=0)
    with pytest.raises(IllegalAction) as refused:
        read_move(state, state.legal_actions(), "take")
    assert "unknown suit" not in str(refused.value) and refused.value.rule == "durak.attack"


def test_a_card_no_move_plays_is_refused_by_the_engine_with_its_rule():
    state = durak.position(hands=["7♥ 9♥", "8♥ 6♣"], trump="6♠", attacker=0)
    state.apply(state.legal_actions()[0])  # 7♥ led
    while state.current_player != 1:
        state.apply(next(a for a in state.legal_actions() if type(a).__name__ == "Pass"))
    with pytest.raises(IllegalAction) as refused:
        read_move(state, state.legal_actions(), "6♣")  # a lower card of another suit beats nothing
    assert refused.value.rule == "durak.beat" and "6♣" in str(refused.value)
    assert read_move(state, state.legal_actions(), "8♥").card == parse_card("8♥")


def test_a_card_that_fits_several_moves_lists_them():
    state = _state("domino", 4, 2026)
    while not any(
        sum(1 for a in state.legal_actions() if getattr(a, "card", None) == c) > 1
        for c in state.hands[state.current_player]
    ):
        state.apply(state.legal_actions()[0])
    card = next(
        c
        for c in state.hands[state.current_player]
        if sum(getattr(a, "card", None) == c for a in state.legal_actions()) > 1
    )
    with pytest.raises(IllegalAction, match="fits 2 moves"):
        read_move(state, state.legal_actions(), str(card))
    assert read_move(state, state.legal_actions(), f"{card} below").where == "down"
    assert read_move(state, state.legal_actions(), f"{card} снизу").where == "down"
