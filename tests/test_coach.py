"""The coach: advice from one seat's view only, reproducible by seed, ranked, explained in
both languages; the three strengths of every game's bots."""

from __future__ import annotations

import random

import pytest

import rules
from rules import durak
from rules.coach import STRENGTHS, Coach, CoachError, advise
from rules.game import GAMES, playout

#: a small fixed budget: the advice then depends on the seed alone
PLAYOUTS = 40


def _state_at(game, seed: int, steps: int):
    """A seeded game of ``game`` played by its bots for ``steps`` actions (or to a choice after them)."""
    state = game.new_game(players=2, seed=seed)
    bots = [game.bot_player() for _ in range(2)]
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.current_player
        state._advance(bots[seat].choose(state.view(seat), state.legal_actions(), rng))
    while not state.is_over() and len(state.legal_actions()) < 2:
        state._advance(state.legal_actions()[0])
    return state


def test_durak_two_deals_alike_to_the_seat_get_the_same_advice():
    # the same hand, table and counts; the opponent's hand and the deck hold different cards
    seen = ["7♥ 9♠ A♣ 10♥ 8♦ 6♦", None]
    one = durak.position([seen[0], "8♥ 6♠ 10♣ J♣ Q♦ K♦"], "6♣", stock="7♣ 9♦ J♥ Q♣ A♦ K♠")
    two = durak.position([seen[0], "J♥ Q♣ A♦ K♠ 9♦ 7♣"], "6♣", stock="10♣ J♣ K♦ Q♦ 6♠ 8♥")
    assert one.view(0) == two.view(0)
    assert one.zones()["hand1"] != two.zones()["hand1"]
    a = advise(one, 0, seconds=None, playouts=PLAYOUTS, seed=5)
    b = advise(two, 0, seconds=None, playouts=PLAYOUTS, seed=5)
    assert [(x.action.label, x.score, x.playouts) for x in a] == [(x.action.label, x.score, x.playouts) for x in b]


def test_the_imagined_deal_keeps_what_the_seat_sees_and_deals_the_rest_anew():
    state = _state_at(rules.GAMES["durak"], 7, 9)
    seat = state.current_player
    view = state.view(seat)
    imagined = [durak.GAME.coaching.deal(view, random.Random(s)) for s in range(5)]
    for world in imagined:
        assert world.view(seat) == view
        assert sorted(str(c) for cards in world.zones().values() for c in cards) == sorted(map(str, state.cards_used()))
    other = 1 - seat
    assert len({tuple(map(str, w.hand(other))) for w in imagined}) > 1


def test_advice_ranks_every_legal_move_once_with_reasons_in_both_languages():
    state = _state_at(rules.GAMES["durak"], 3, 4)
    seat = state.current_player
    advice = advise(state, seat, seconds=None, playouts=PLAYOUTS, seed=1)
    assert sorted(a.action.label for a in advice) == sorted(a.label for a in state.legal_actions())
    assert [a.score for a in advice] == sorted((a.score for a in advice), reverse=True)
    for a in advice:
        assert 0 <= a.score <= 1 and a.playouts >= 1
        assert a.rule == a.action.rule and a.rule in durak.RULES
        title_en, title_ru = durak.RULES[a.rule]
        assert title_en in a.why("en") and title_ru in a.why("ru")
        assert a.action.explain("ru") in a.why("ru")
        assert "не остаться в дураках" in a.why("ru") and "not being the fool" in a.why("en")
    assert advise(state, seat, seconds=None, playouts=PLAYOUTS, seed=1) == advice


def test_the_coach_sees_the_last_card_that_wins():
    # two cards each, the deck empty, clubs trumps: the ace of trumps cannot be beaten, so
    # leading it makes the opponent take, and the 7♥ led next goes out: a sure win, whatever
    # the opponent holds; leading the 7♥ first wins only if the opponent cannot beat it
    state = durak.position(["A♣ 7♥", "8♥ 6♠"], "6♣")
    advice = advise(state, 0, seconds=None, playouts=PLAYOUTS, seed=2)
    assert advice[0].action.label == "P1 leads A♣"
    assert advice[0].score == 1.0 > advice[1].score


def test_advice_for_a_seat_not_to_move_is_refused_in_both_languages():
    state = durak.position(["7♥ 9♠", "8♥ 6♣"], "6♣")
    with pytest.raises(CoachError) as error:
        advise(state, 1, seconds=None, playouts=PLAYOUTS)
    assert "player 2" in error.value.message("en") and "игрок 2" in error.value.message("ru")


@pytest.mark.parametrize("game_id", ["durak", "domino"])
def test_every_game_declares_three_strengths_and_the_strong_one_plays(game_id):
    game = GAMES[game_id]
    assert set(STRENGTHS) <= set(game.players)
    state = game.new_game(players=2, seed=11)
    players = [Coach(game_id, seconds=None, playouts=8), game.players["easy"]()]
    playout(state, players, seed=3)
    assert state.is_over()
