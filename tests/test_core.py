"""The shared core: language helpers, options, the story, loading saves, the simulation runner."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass

import pytest

from rules import OptionError, RulesError
from rules.game import GameRandom, RandomPlayer, check_options, option
from rules.lang import count, plural_ru, signed
from rules.simulate import simulate
from tests import war


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "карта"),
        (2, "карты"),
        (4, "карты"),
        (5, "карт"),
        (11, "карт"),
        (12, "карт"),
        (21, "карта"),
        (22, "карты"),
        (111, "карт"),
    ],
)
def test_russian_plurals_follow_the_grammar(n, form):
    assert plural_ru(n, "карта", "карты", "карт") == form


def test_counts_and_signed_scores_read_naturally():
    assert count(1, "en") == "1 card" and count(3, "en") == "3 cards"
    assert signed(-1, "ru") == "-1 очко" and signed(2, "en") == "+2 points"


@dataclass(frozen=True)
class _Options:
    decks: int = option(1, "Decks", "Колоды", low=1, high=3)
    pass_at_will: bool = option(False, "Pass at will", "Пас по желанию")
    mode: str = option("a", "Mode", "Режим", choices=("a", "b"))

    def __post_init__(self):
        check_options(self)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({"decks": 1_000_000}, "from 1 to 3"),
        ({"decks": "2"}, "whole number"),
        ({"decks": True}, "whole number"),
        ({"pass_at_will": 1}, "yes or no"),
        ({"mode": "c"}, "allowed: a, b"),
    ],
)
def test_options_outside_the_rules_are_refused_by_name(given, said):
    with pytest.raises(OptionError) as err:
        _Options(**given)
    assert said in str(err.value)
    assert err.value.message("ru") != str(err.value)


def test_a_save_of_the_first_format_still_loads():
    state = war.new_game(players=2, seed=3)
    state.apply(state.legal_actions()[1])
    old = json.dumps(
        {"game": "war", "players": 2, "seed": 3, "options": {"pack": 36}, "history": [state.history[0].label]}
    )
    assert war.from_json(old).replay_key() == state.replay_key()


def test_a_hand_set_position_keeps_its_origin_through_undo_and_saving():
    state = war.GAME.setups["ace_takes"]()
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert [e.kind for e in state.log()] == ["action", "action", "note"]
    assert state.log("ru")[-1].text == "Игрок 1 берёт взятку: 2 карты"
    again = war.from_json(state.to_json())
    assert again.hands == state.hands and again.won == state.won
    assert state.undo(2).hands == war.GAME.setups["ace_takes"]().hands


def test_the_legal_actions_a_caller_gets_are_its_own_and_follow_every_move():
    state = war.new_game(players=2, seed=3)
    first = state.legal_actions()
    first.clear()  # the caller's list: the game's answer stays whole
    actions = state.legal_actions()
    assert actions and actions == war.new_game(players=2, seed=3).legal_actions()
    equal = war.PlayCard(actions[0].player, actions[0].card)  # made by the caller, not taken from the list
    state.apply(equal)
    assert state.history == [equal] and {a.player for a in state.legal_actions()} == {1}
    with pytest.raises(RulesError):
        state.apply(actions[1])  # the first seat's other card: legal before the move, not after
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(state.legal_actions()) == len(actions) and len(state.history) == 1  # the original is untouched


def test_a_dealt_game_names_its_options_in_its_origin_and_save():
    state = war.new_game(players=2, seed=3, pack=52)
    assert state.origin == ("new_game", {"players": 2, "seed": 3, "pack": 52})
    assert json.loads(state.to_json())["args"] == {"players": 2, "seed": 3, "pack": 52}


def test_a_game_shuffles_exactly_as_python_random_does():
    # the seeds deal the games the save files and the book's examples name
    for seed in range(300):
        ours, python = GameRandom(seed), random.Random(seed)
        pack = list(range(seed % 110))
        mine, theirs = pack[:], pack[:]
        ours.shuffle(mine)
        python.shuffle(theirs)
        assert mine == theirs and ours.getstate() == python.getstate()


def test_a_position_with_a_wrong_hand_is_refused_on_load():
    saved = war.GAME.setups["tie"]().to_json().replace("9♠ 6♣ 7♣", "9♠ 6♣")
    with pytest.raises(RulesError) as err:
        war.from_json(saved)
    assert "3" in str(err.value)


def test_simulation_is_seeded_and_the_same_on_any_number_of_processes():
    make = functools.partial(war.new_game, players=3)
    one = simulate(make, [RandomPlayer()] * 3, war.measure, games=240, seed=5, processes=1)
    two = simulate(make, [RandomPlayer()] * 3, war.measure, games=240, seed=5, processes=2)
    assert one.rows == two.rows
    assert len(one) == 240 and one.column("seed")[:2] == [5, 6]
    assert all(one.column("finished")) and one.mean("actions") == 9
    assert abs(sum(one.share("winner", p) for p in range(3)) - 1) < 1e-9


def test_simulation_refuses_a_wrong_number_of_games():
    with pytest.raises(OptionError):
        simulate(war.new_game, [RandomPlayer()] * 2, war.measure, games=0)
