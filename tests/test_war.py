"""The template game's own tests, as every game has them: its rules' examples, its bot."""

from __future__ import annotations

import functools
import random

import pytest

from rules.cards import parse_card
from rules.errors import IllegalAction
from rules.game import RandomPlayer
from rules.simulate import simulate
from tests import war


def _play(state, *cards):
    for card in cards:
        state.apply(next(a for a in state.legal_actions() if str(a.card) == card))
    return state


def test_the_highest_rank_takes_the_trick_and_the_ace_is_high():
    state = _play(war.GAME.setups["ace_takes"](), "A♠", "K♥")
    assert [len(w) for w in state.won] == [2, 0] and state.current_player == 0
    assert state.log()[-1].text == "Player 1 takes the trick: 2 cards"


def test_on_equal_ranks_the_card_played_first_takes_the_trick():
    state = _play(war.GAME.setups["tie"](), "9♥", "9♠")
    assert [len(w) for w in state.won] == [0, 2], "player 2 led the nine first"


def test_a_card_not_in_the_hand_is_refused_by_its_rule_and_changes_nothing():
    state = war.GAME.setups["ace_takes"]()
    key = state.replay_key()
    with pytest.raises(IllegalAction) as err:
        state.apply(war.PlayCard(0, parse_card("K♥")))
    assert err.value.rule == "war.play" and "K♥" in err.value.message("en")
    assert "нет карты" in err.value.message("ru") and state.replay_key() == key


@pytest.mark.parametrize(
    ("hand", "trick", "plays"),
    [
        (["6♠", "9♠", "K♠"], ["8♥"], "9♠"),  # the cheapest card that takes the trick
        (["6♠", "7♠", "8♠"], ["J♥"], "6♠"),  # none takes it: the cheapest card goes
        (["6♠", "9♠", "K♠"], [], "K♠"),  # leading: the highest card
    ],
)
def test_the_bot_takes_a_trick_as_cheaply_as_it_can(hand, trick, plays):
    actions = [war.PlayCard(0, parse_card(c)) for c in hand]
    view = {"hand": hand, "trick": trick}
    assert str(war.HeuristicPlayer().choose(view, actions, random.Random(0)).card) == plays


@pytest.mark.parametrize("seat", [0, 1])
def test_the_bot_takes_more_cards_than_a_random_player_from_either_seat(seat):
    players = [RandomPlayer(), RandomPlayer()]
    players[seat] = war.HeuristicPlayer()
    table = simulate(functools.partial(war.new_game, players=2), players, war.measure, games=300, seed=7, processes=1)
    won = [sum(row["won"][p] for row in table.rows) for p in range(2)]
    assert won[seat] > 1.1 * won[1 - seat], won
