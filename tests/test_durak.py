"""Durak: the beat oracle, the bout, drawing, leaving, the end, matches, options, errors.

Expected values come from the source texts and the rulings (quoted in the
docstrings), never from the engine's own output.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import GAMES, IllegalAction, OptionError
from rules import durak as dk
from rules.cards import ALL_CARDS, parse_card, parse_cards
from rules.durak import Beat, Pass, Take, ThrowIn, beats, position
from rules.game import RandomPlayer, playout


def c(text):
    return parse_card(text)


def labels(state):
    return [a.label for a in state.legal_actions()]


def play(state, *moves):
    for m in moves:
        state.apply_label(m)
    return state


def test_durak_is_registered():
    assert GAMES["durak"] is dk.GAME
    assert set(dk.RULES) >= {
        "durak.deal",
        "durak.trump",
        "durak.attack",
        "durak.throw_in",
        "durak.beat",
        "durak.take",
        "durak.draw",
        "durak.end",
        "durak.jokers",
    }


# ---------------------------------------------------------------- the beat oracle, classic


def test_a_higher_card_of_the_same_suit_beats():
    """«отбить ... необходимо положить карту старшего значения той же масти»"""
    assert beats(c("7♥"), c("9♥"), trump=c("6♠"))
    assert not beats(c("9♥"), c("7♥"), trump=c("6♠"))
    assert not beats(c("7♥"), c("9♦"), trump=c("6♠"))  # another suit, not a trump


def test_the_ace_is_the_highest_and_the_six_the_lowest():
    """«самая старшая по достоинству карта — туз, а самая младшая — шестерка»"""
    assert beats(c("K♥"), c("A♥"), trump=c("6♠"))
    assert not beats(c("A♥"), c("K♥"), trump=c("6♠"))
    assert beats(c("6♥"), c("7♥"), trump=c("6♠"))


def test_any_trump_beats_a_non_trump():
    """«Если карта ... не является козырем, то можно отбить ее козырем»"""
    assert beats(c("A♥"), c("6♠"), trump=c("10♠"))
    assert not beats(c("6♠"), c("A♥"), trump=c("10♠"))


def test_a_trump_is_beaten_only_by_a_higher_trump():
    """«Если эта карта козырь, то ... отбить ее можно, козырной картой старшего значения»"""
    assert beats(c("9♠"), c("J♠"), trump=c("10♠"))
    assert not beats(c("J♠"), c("9♠"), trump=c("10♠"))


def test_the_game_asks_the_oracle():
    """The bout's legal beats are exactly the hand's cards that ``beats`` accepts."""
    s = position(["8♠ 7♥", "8♣ 9♣ 9♠ RJ BJ 7♠"], "BJ", variant="jokers")
    s.apply_label("P1 leads 8♠")
    offered = [a.card for a in s.legal_actions() if isinstance(a, Beat)]
    assert offered == [card for card in [ALL_CARDS[k] for k in s.hands[1]] if beats(c("8♠"), card, c("BJ"))]
    assert c("8♣") not in offered and c("9♣") in offered


@given(st.sampled_from(ALL_CARDS[:52]), st.sampled_from(ALL_CARDS), st.sampled_from(ALL_CARDS))
@settings(max_examples=400, deadline=None)
def test_beating_is_never_mutual(trump, a, d):
    assert not (beats(a, d, trump) and beats(d, a, trump))


# ---------------------------------------------------------------- the jokers (rulings 9-11)


def test_red_trump_red_joker_is_the_highest_card():
    """«Если козырная масть бубна или черва, то красный джокер это самая старшая карта в игре»"""
    trump = c("7♦")
    for card in ALL_CARDS:
        if card != c("RJ"):
            assert beats(card, c("RJ"), trump), card
            assert not beats(c("RJ"), card, trump), card


def test_red_trump_black_joker_beats_any_black_card():
    """«а черный джокер просто бьет любую карту черной масти»"""
    trump = c("7♥")
    for card in parse_cards("A♠ K♣ 2♠ 6♣"):
        assert beats(card, c("BJ"), trump)
    assert not beats(c("7♦"), c("BJ"), trump)  # a trump
    assert not beats(c("2♥"), c("BJ"), trump)  # a red card


def test_black_trump_the_colours_swap():
    """«Если козырная масть трефа или пика, то черный джокер это самая старшая карта ..., а красный
    джокер просто бьет любую карту красной масти»"""
    trump = c("9♣")
    assert beats(c("A♣"), c("BJ"), trump) and beats(c("RJ"), c("BJ"), trump)
    assert not beats(c("BJ"), c("A♣"), trump)
    assert beats(c("A♥"), c("RJ"), trump) and beats(c("A♦"), c("RJ"), trump)
    assert not beats(c("6♠"), c("RJ"), trump)
    assert not beats(c("6♣"), c("RJ"), trump)


def test_the_low_joker_led_is_beaten_by_any_trump_and_by_the_top_joker():
    """Ruling 9: led, the other joker counts as a non-trump above the ace of its colour."""
    trump = c("7♦")
    assert beats(c("BJ"), c("6♦"), trump)
    assert beats(c("BJ"), c("RJ"), trump)
    assert not beats(c("BJ"), c("A♠"), trump)
    assert not beats(c("BJ"), c("A♥"), trump)


def test_a_turned_up_joker_makes_both_suits_of_its_colour_trumps():
    """«при черном джокере козырными являются все карты пиковой и трефовой масти»"""
    trump = c("BJ")
    assert beats(c("A♥"), c("6♣"), trump) and beats(c("A♦"), c("6♠"), trump)
    red = c("RJ")
    assert beats(c("A♠"), c("6♥"), red) and beats(c("A♣"), c("6♦"), red)


def test_equal_trumps_cannot_beat_each_other_under_a_joker():
    """«при черном джокере, 8 треф не может отбить 8 пик» (ruling 10: 9♣ can)"""
    trump = c("BJ")
    assert not beats(c("8♠"), c("8♣"), trump)
    assert beats(c("8♠"), c("9♣"), trump)
    assert beats(c("8♠"), c("9♠"), trump)
    assert not beats(c("9♣"), c("8♠"), trump)


def test_the_turned_up_joker_is_the_highest_and_the_other_behaves_as_in_ruling_9():
    """Ruling 10: the turned-up joker beats all; the other beats non-trumps of its colour."""
    trump = c("BJ")
    assert beats(c("A♣"), c("BJ"), trump) and beats(c("RJ"), c("BJ"), trump)
    assert beats(c("A♥"), c("RJ"), trump) and beats(c("K♦"), c("RJ"), trump)
    assert not beats(c("6♠"), c("RJ"), trump)
    assert beats(c("RJ"), c("6♠"), trump)  # led, any trump beats it
    assert not beats(c("RJ"), c("A♥"), trump)


def test_beat_reasons_speak_both_languages():
    en = dk.beat_reason(c("8♠"), c("8♣"), c("BJ"), "en")
    ru = dk.beat_reason(c("8♠"), c("8♣"), c("BJ"), "ru")
    assert "8♣ does not beat 8♠" in en and "equal rank" in en
    assert "8♣ не бьёт 8♠" in ru and "равные" in ru
    assert "чёрной масти" in dk.beat_reason(c("A♠"), c("BJ"), c("7♥"), "ru")
    assert dk.beaters(c("8♠"), c("BJ"), parse_cards("8♣ 9♣ 7♠ 9♠ RJ BJ")) == parse_cards("9♣ 9♠ BJ")
    table = dk.beat_table(c("6♠"), parse_cards("7♥ 9♥"))
    assert table == [[False, True], [False, False]]


# ---------------------------------------------------------------- deal, trump, first attacker


def _lowest_trump_holders(state):
    trumps = dk.trump_suits(state.trump_card)
    best, holders = None, []
    for p in range(state.num_players):
        for card in state.hand(p):
            if not card.is_joker and card.suit in trumps:
                s = dk.strength(card)
                if best is None or s < best:
                    best, holders = s, [p]
                elif s == best and p not in holders:
                    holders.append(p)
    return holders


@pytest.mark.parametrize("options", [{}, {"variant": "jokers"}, {"variant": "jokers", "deck": 52}])
def test_deal_six_each_trump_under_the_deck_lowest_trump_leads(options):
    """«каждому игроку сдается по 6 карт»; «Верхняя карта ... кладется под колоду»;
    «Первый ход принадлежит игроку, у которого на руках имеется козырь наименьшего достоинства»"""
    checked = 0
    for seed in range(40):
        s = dk.new_game(players=4, seed=seed, **options)
        assert all(len(s.hand(p)) == 6 for p in range(4))
        size = options.get("deck", 36) + (2 if options else 0)
        assert len(s.deck) == size - 24
        assert ALL_CARDS[s.deck[0]] == s.trump_card  # under the deck: drawn last
        holders = _lowest_trump_holders(s)
        if holders:
            assert s.attacker in holders
            checked += 1
        assert s.defender == (s.attacker + 1) % 4  # the attack goes to the left
    assert checked > 30


def test_the_trump_card_is_drawn_last():
    """«Верхняя карта с колоды снимается, открывается и кладется под колоду.»"""
    s = position(["6♥ 10♣ J♣ Q♣ K♣ A♣", "7♥ 8♣ 9♣ 10♦ J♦ Q♥"], "9♠", stock="K♦ Q♦")
    play(s, "P1 leads 6♥", "P2 beats 6♥ with 7♥")  # nothing more to throw in: the bout ends
    # P1 (first attacker) draws the top card, the defender the next; the trump card stays
    assert c("K♦") in s.hand(0) and c("Q♦") in s.hand(1)
    assert s.zones()["trump"] == [c("9♠")] and s.zones()["deck"] == []
    assert s.view(0)["trump_card"] == "9♠"


# ---------------------------------------------------------------- the bout


def three_players():
    # trump ♠; P1 attacks P2; P3 sits on P2's left
    return position(["7♥ 7♣ 8♣ K♥", "9♥ 10♣ 6♦ A♦", "9♣ 7♦ Q♥"], "6♠", stock="6♥ 8♥ 8♦ 9♦ J♦ Q♦ K♦ A♥")


def test_throw_in_only_ranks_on_the_table_first_attacker_first():
    """«подкидывать карты того же значения, что лежат на столе. Право подкидывать первым
    принадлежит игроку, который сделал первый ход, далее ... по часовой стрелке»"""
    s = three_players()
    play(s, "P1 leads 7♥")
    assert labels(s) == ["P1 throws in 7♣", "P1 done"]
    play(s, "P1 done", "P2 beats 7♥ with 9♥")
    # the right goes back to the first attacker: ranks 7 and 9 are on the table
    assert s.current_player == 0 and labels(s) == ["P1 throws in 7♣", "P1 done"]
    play(s, "P1 done")
    assert s.current_player == 2 and labels(s) == ["P3 throws in 9♣", "P3 throws in 7♦", "P3 done"]


def test_the_defender_never_throws_in():
    """«Отбивающийся не имеет права подкидывать карты.»"""
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done", "P2 beats 7♥ with 9♥")
    before = s.replay_key()
    with pytest.raises(IllegalAction) as err:
        s.apply(ThrowIn(1, c("10♣")))
    assert "never throws in" in err.value.message("en")
    assert "не имеет права подкидывать" in err.value.message("ru")
    assert s.replay_key() == before


def test_a_bout_ends_when_everybody_has_said_bito_and_the_defender_attacks_next():
    """«Если игрок, который отбивается, отобьет все выложенные карты, то карты идут в отбой»;
    pagat/ruling 6: the defender attacks next."""
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done", "P2 beats 7♥ with 9♥", "P1 done", "P3 done")
    assert s.discard[-2:] == [dk._code(c("7♥")), dk._code(c("9♥"))]
    assert (s.attacker, s.defender) == (1, 2)


def test_taking_the_others_add_then_the_takers_left_attacks():
    """«забирает все эти карты себе»; «если ему подкинуто менее шести карт, то любой другой
    игрок может подкинуть ему карты дополнительно»; the taker loses the turn."""
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done", "P2 takes")
    assert labels(s) == ["P1 adds 7♣", "P1 adds no more"]
    play(s, "P1 adds 7♣")  # P1 has no other seven: the right passes on by itself
    assert labels(s) == ["P3 adds 7♦", "P3 adds no more"]
    play(s, "P3 adds 7♦")
    assert {c("7♥"), c("7♣"), c("7♦")} <= set(s.hand(1))
    assert (s.attacker, s.defender) == (2, 0)  # P3, on the taker's left, attacks P1


def _full_bout(**options):
    # trump ♠ (the 10♠ lies under the stock); P2 holds 8 cards, so the cap is 6
    return position(
        ["6♥ 6♣ 6♦ 7♣ 7♦ 8♥ 8♦", "7♥ 9♣ A♦ 8♣ 9♥ 10♦ J♦ Q♦"],
        "10♠",
        stock="K♥ K♣",
        **options,
    )


def test_at_most_six_cards_in_a_bout():
    """«в общей сумме подкинутых карт должно быть не более шести»"""
    s = _full_bout()
    play(s, "P1 leads 6♥", "P1 throws in 6♣", "P1 throws in 6♦")
    play(s, "P2 beats 6♥ with 7♥", "P2 beats 6♣ with 9♣", "P2 beats 6♦ with A♦")
    play(s, "P1 throws in 7♣", "P1 throws in 7♦", "P2 beats 7♣ with 8♣", "P2 beats 7♦ with 10♦")
    play(s, "P1 throws in 8♥")  # the sixth card
    assert len(s.table()) == 6
    assert s.current_player == 1  # nothing more may be added: the defender's turn
    before = s.replay_key()
    with pytest.raises(IllegalAction) as err:
        s.apply(ThrowIn(0, c("8♦")))
    assert "at most 6" in err.value.message("en") and "шести" in err.value.message("ru")
    assert s.replay_key() == before


def test_option_five_cards_before_the_first_discard():
    s = _full_bout(first_bout_five=True)
    play(s, "P1 leads 6♥", "P1 throws in 6♣", "P1 throws in 6♦")
    play(s, "P2 beats 6♥ with 7♥", "P2 beats 6♣ with 9♣", "P2 beats 6♦ with A♦")
    play(s, "P1 throws in 7♣", "P1 throws in 7♦")  # the fifth card ends the throwing in
    assert s.cap == 5 and s.current_player == 1
    play(s, "P2 beats 7♣ with 8♣", "P2 beats 7♦ with 10♦")
    # the bout ends with the first discard: from now on six
    assert s.discarded_yet and s.bout_limit == 6


def test_never_more_cards_than_the_defender_held():
    """Ruling 4: «never more than the defender held at the start of the bout»."""
    s = position(["7♥ 7♣ 7♦ K♠", "9♥ 10♣"], "6♠", stock="A♦")
    assert s.cap == 2
    play(s, "P1 leads 7♥", "P1 throws in 7♣")
    with pytest.raises(IllegalAction) as err:
        s.apply(ThrowIn(0, c("7♦")))
    assert "only 2 cards" in str(err.value) and "только 2" in err.value.message("ru")


def test_a_rank_not_on_the_table_cannot_be_thrown_in():
    s = three_players()
    play(s, "P1 leads 7♥")
    with pytest.raises(IllegalAction) as err:
        s.apply(ThrowIn(0, c("K♥")))
    assert "only ranks already on the table" in str(err.value)
    assert "того же достоинства" in err.value.message("ru")


def test_a_joker_may_be_led_and_thrown_in_only_to_the_other_joker():
    """Ruling 11: jokers have no rank; a joker matches only the other joker."""
    s = position(["RJ BJ 6♥ 7♥", "6♣ 9♥ A♥ K♦"], "9♣", stock="Q♠", variant="jokers")
    assert "P1 leads RJ" in labels(s)
    play(s, "P1 leads RJ", "P1 done", "P2 beats RJ with 6♣")  # any trump beats the low joker
    assert labels(s) == ["P1 throws in BJ", "P1 throws in 6♥", "P1 done"]
    s2 = position(["RJ 7♥ 9♦", "6♣ 9♥ A♥ K♦"], "9♣", stock="Q♠", variant="jokers")
    play(s2, "P1 leads 7♥", "P2 beats 7♥ with 9♥")
    with pytest.raises(IllegalAction) as err:
        s2.apply(ThrowIn(0, c("RJ")))
    assert "only the other joker" in str(err.value) and err.value.rule == "durak.jokers"


def test_a_card_that_does_not_beat_is_refused_with_the_reason():
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done")
    before = s.replay_key()
    with pytest.raises(IllegalAction) as err:
        s.apply(Beat(1, c("7♥"), c("6♦"), s.trump_card))
    assert "6♦ does not beat 7♥" in err.value.message("en")
    assert "6♦ не бьёт 7♥" in err.value.message("ru")
    assert s.replay_key() == before


def test_errors_name_the_player_and_the_card():
    s = three_players()
    with pytest.raises(IllegalAction) as err:
        s.apply(dk.Attack(0, c("A♠"), 1))
    assert "does not hold A♠" in str(err.value) and "нет карты Т♠" in err.value.message("ru")
    with pytest.raises(IllegalAction) as err:
        s.apply(Take(1))
    assert "player 1's turn to lead" in str(err.value) and "очередь игрока 1" in err.value.message("ru")
    with pytest.raises(IllegalAction) as err:
        s.apply(Pass(0))
    assert "must first lead" in str(err.value) and "должен сначала пойти" in err.value.message("ru")


# ---------------------------------------------------------------- drawing


def _drawing(order):
    # P1 attacks P2; P3 also throws in; the stock from the top: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 8♥
    s = position(
        ["7♥ 6♣ A♣ A♥ A♦ K♣", "9♥ 10♣ J♣ Q♣ 6♦ K♥", "7♣ 8♣ 9♣ Q♥ J♥ 10♥"],
        "6♠",
        stock="K♦ Q♦ J♦ 10♦ 9♦ 8♦ 8♥",
        draw_order=order,
    )
    # P1 has no seven or nine to add: the throwing-in right passes to P3 by itself
    return play(s, "P1 leads 7♥", "P2 beats 7♥ with 9♥", "P3 throws in 7♣", "P3 done")


def test_draw_order_first_attacker_then_clockwise_defender_last():
    """«Карты из колоды берет сначала ведущий, затем все остальные игроки по часовой стрелке.
    Последним добирает карты тот, кто отбивался.»"""
    s = _drawing("defender_last")
    play(s, "P2 beats 7♣ with 10♣", "P3 done")
    assert c("K♦") in s.hand(0)  # P1 first: one card
    assert c("Q♦") in s.hand(2)  # P3 next: one card
    assert {c("J♦"), c("10♦")} <= set(s.hand(1))  # the defender last: two cards
    assert len(s.deck) == 4 and [len(s.hand(p)) for p in range(3)] == [6, 6, 6]


def test_draw_order_option_strict_clockwise():
    """The two-joker text: «первым берет игрок, который делал первый ход, затем все остальные
    игроки по часовой стрелке»."""
    s = _drawing("clockwise")
    play(s, "P2 beats 7♣ with 10♣", "P3 done")
    assert c("K♦") in s.hand(0)
    assert {c("Q♦"), c("J♦")} <= set(s.hand(1))  # the defender, next clockwise
    assert c("10♦") in s.hand(2)


# ---------------------------------------------------------------- leaving, the fool, the draw


def test_the_last_player_with_cards_is_the_fool():
    """«Тот же единственный, кто остался с картами на руках и есть дурак.» Rating: 2 / 0."""
    s = position(["7♥", "9♥ 6♣"], "6♠")
    play(s, "P1 leads 7♥", "P2 beats 7♥ with 9♥")
    assert s.is_over() and s.fool == 1
    assert s.result().scores == (2, 0) and s.result().winners == (0,)


def test_the_last_cards_going_out_together_is_a_draw():
    """«Допускается ничья, в случае если у двух последних не вышедших игроков не осталось карт»;
    «за ничью игрок получает 1 очко»"""
    s = position(["7♥", "9♥"], "6♠")
    play(s, "P1 leads 7♥", "P2 beats 7♥ with 9♥")
    assert s.is_over() and s.fool is None
    assert s.result().scores == (1, 1)
    assert s.result().note("en").startswith("A draw") and s.result().note("ru").startswith("Ничья")


def test_a_player_without_cards_leaves_and_the_others_play_on():
    """«тот игрок, у которого первого не осталось карт, выходит из игры» (2 points for him)."""
    s = position(["7♥", "9♥ 8♠ 6♦", "10♥ J♥"], "6♠")
    play(s, "P1 leads 7♥", "P2 beats 7♥ with 9♥")
    assert s.out == [True, False, False] and not s.is_over()
    # P2 beat everything and attacks P3
    assert (s.attacker, s.defender) == (1, 2)
    play(s, "P2 leads 6♦", "P3 takes")
    # P3 took: the player on his left (P1 is out, so P2) attacks him again
    assert (s.attacker, s.defender) == (1, 2)
    play(s, "P2 leads 8♠", "P3 takes")
    assert s.is_over() and s.fool == 2 and s.result().scores == (2, 2, 0)


def test_draw_among_three_earlier_leaver_wins():
    s = position(["7♥", "9♥ 8♠", "10♠ J♥"], "6♠")
    play(s, "P1 leads 7♥", "P2 beats 7♥ with 9♥")  # P1 out
    play(s, "P2 leads 8♠", "P3 beats 8♠ with 10♠")
    # P2 is out of cards; P3 still holds J♥: the fool
    assert s.fool == 2 and s.result().scores == (2, 2, 0)
    s = position(["7♥", "9♥ 8♠", "10♠"], "6♠")
    play(s, "P1 leads 7♥", "P2 beats 7♥ with 9♥")
    play(s, "P2 leads 8♠", "P3 beats 8♠ with 10♠")
    assert s.fool is None and s.result().scores == (2, 1, 1)


# ---------------------------------------------------------------- matches


def _first_game_fool(options, players, seed):
    s = dk.new_game(players=players, seed=seed, **options)
    import random

    rng = random.Random(seed)
    while not s.fools:
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return s


@pytest.mark.parametrize(("lead", "offset"), [("under", -1), ("from_under", +1)])
def test_later_games_under_or_from_under_the_fool(lead, offset):
    """«под дурака, то есть первым ходит игрок, который сидит справа от дурака; из-под дурака,
    первым ходит игрок, который сидит слева от дурака»"""
    checked = 0
    for seed in range(12):
        s = _first_game_fool({"games": 2, "next_lead": lead}, 4, seed)
        fool = s.fools[0]
        if fool is None:
            continue
        assert s.attacker == (fool + offset) % 4
        if lead == "under":
            assert s.defender == fool
        assert s.dealer == fool  # «в следующей игре сдает карты игрок, который проиграл»
        checked += 1
    assert checked >= 8


def test_a_match_adds_up_the_rating():
    """«за победу игрок получает 2 очка, за ничью 1, за поражение ... не получает очков»"""
    for seed in range(6):
        s = playout(dk.new_game(players=3, seed=seed, games=4), seed=seed)
        assert len(s.fools) == 4
        if None in s.fools:
            continue
        expected = [sum(0 if p == fool else 2 for fool in s.fools) for p in range(3)]
        assert list(s.result().scores) == expected
        restored = dk.from_json(s.to_json())
        assert restored.replay_key() == s.replay_key()


# ---------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("options", "en", "ru"),
    [
        ({"variant": "podkidnoy"}, "'Variant' cannot be 'podkidnoy'", "«Вариант» не может быть"),
        ({"deck": 52}, "36 cards", "36 карт"),
        ({"deck": 40}, "allowed: 36, 52", "допустимо: 36, 52"),
        ({"draw_order": "random"}, "'Drawing' cannot be 'random'", "«Добор»"),
        ({"games": 0}, "from 1 to 100, not 0", "от 1 до 100"),
        ({"next_lead": "left"}, "'Next games'", "«Дальше ходят»"),
        ({"first_bout_five": "yes"}, "yes or no", "да или нет"),
    ],
)
def test_bad_options_are_refused_in_both_languages(options, en, ru):
    with pytest.raises(OptionError) as err:
        dk.new_game(players=2, **options)
    assert en in err.value.message("en") and ru in err.value.message("ru")


def test_classic_is_for_two_to_four_players_jokers_up_to_six():
    with pytest.raises(OptionError) as err:
        dk.new_game(players=5)
    assert "2 to 4" in str(err.value)
    assert dk.new_game(players=6, variant="jokers").num_players == 6


def test_the_52_card_pack_has_two_jokers():
    s = dk.new_game(players=2, variant="jokers", deck=52)
    assert len(s.cards_used()) == 54 and c("RJ") in s.cards_used()
    assert len(dk.new_game(players=2).cards_used()) == 36


# ---------------------------------------------------------------- views, logs, JSON


def test_the_view_hides_the_others_cards_and_shows_the_trump():
    s = three_players()
    v = s.view(0)
    assert v["hand"] == [str(x) for x in s.hand(0)]
    assert v["trump_card"] == "6♠" and v["trump_suits"] == ["♠"]
    assert "9♥" not in json.dumps(v, ensure_ascii=False)


def test_the_log_explains_every_move_in_both_languages():
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done", "P2 beats 7♥ with 9♥")
    en, ru = [e.text for e in s.log("en")], [e.text for e in s.log("ru")]
    assert "Player 1 leads 7♥ against player 2" in en
    assert any("9♥ beats 7♥: a higher card of the same suit" in line for line in en)
    assert any("9♥ бьёт 7♥: старшая карта той же масти" in line for line in ru)


def test_a_set_position_saves_loads_and_undoes():
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done", "P2 beats 7♥ with 9♥")
    restored = dk.from_json(s.to_json())
    assert restored.replay_key() == s.replay_key()
    assert [a.label for a in restored.undo(2).history] == ["P1 leads 7♥"]
    assert restored.undo(3).hand(0) == three_players().hand(0)


def test_the_log_tells_a_take_with_the_russian_plural():
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done", "P2 takes")
    while dk.PHASES[s.phase] == "add":
        s.apply(s.legal_actions()[-1])  # the others add no more
    ru = [e.text for e in s.log("ru")]
    assert "Игрок 2 забирает 1 карту" in ru


def test_position_refuses_cards_given_twice():
    with pytest.raises(OptionError) as err:
        position(["7♥", "7♥"], "6♠")
    assert "twice" in str(err.value)


# ---------------------------------------------------------------- players


def test_the_heuristic_player_beats_random_players():
    fools = {"heuristic": 0, "random": 0}
    for seed in range(120):
        seat = seed % 2
        players = [dk.HeuristicPlayer(), RandomPlayer()] if seat == 0 else [RandomPlayer(), dk.HeuristicPlayer()]
        s = playout(dk.new_game(players=2, seed=seed), players, seed=seed)
        if s.fool is not None:
            fools[players[s.fool].name] += 1
    assert fools["heuristic"] * 2 < fools["random"]


def test_the_heuristic_player_reads_only_the_view():
    s = three_players()
    play(s, "P1 leads 7♥", "P1 done")
    view = json.loads(json.dumps(s.view(1), ensure_ascii=False))
    action = dk.HeuristicPlayer().choose(view, s.legal_actions(), None)
    assert action.label == "P2 beats 7♥ with 9♥"  # the lowest card that beats, no trump


def test_the_heuristic_player_saves_trumps_early():
    s = position(["7♥ 8♥", "6♠ A♠ 7♦"], "K♠", stock=" ".join(["6♥ 9♥ 10♥ J♥ Q♥ 6♦ 8♦ 9♦"]))
    play(s, "P1 leads 8♥")
    # only trumps beat: too dear with nine cards in the stock
    action = dk.HeuristicPlayer().choose(s.view(1), s.legal_actions(), None)
    assert isinstance(action, Take)


# ---------------------------------------------------------------- the book


def test_every_rule_id_is_an_anchor_of_the_chapter():
    from pathlib import Path

    chapter = Path(__file__).resolve().parents[1] / "book" / "durak"
    pages = [p.read_text(encoding="utf-8") for p in sorted(chapter.glob("*.md"))]
    assert pages, "book/durak has no pages"
    text = "\n".join(pages)
    assert dk.RULES
    missing = [rule for rule in dk.RULES if f"({rule})=" not in text]
    assert not missing, f"rule ids without a label in book/durak: {missing}"
    actions = {a.rule for s in (three_players(),) for a in s.legal_actions()}
    assert actions <= set(dk.RULES)


def test_ruling_3_a_tie_between_two_trump_suits_is_settled_by_lot():
    """Ruling 3: with a joker turned up two suits are trumps, so two players may hold the lowest."""
    ties = [
        s for s in (dk.new_game(players=6, seed=k, variant="jokers") for k in range(80)) if s.lead_how.endswith("lot")
    ]
    assert ties
    for s in ties:
        holders = _lowest_trump_holders(s)
        assert len(holders) >= 2 and s.attacker in holders
        assert s.trump_card.is_joker


def test_ruling_3_nobody_holds_a_trump_then_by_lot():
    games = [dk.new_game(players=2, seed=k) for k in range(400)]
    lots = [s for s in games if s.lead_how == "lot"]
    assert lots
    for s in lots:
        assert _lowest_trump_holders(s) == []
    assert "chosen by lot" in lots[0].log("en")[0].text and "жребием" in lots[0].log("ru")[0].text
