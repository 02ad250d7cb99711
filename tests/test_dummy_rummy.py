"""Dummy rummy: the meld oracle, the contracts, the turn, cut-ins, the discard
restriction, going out, scoring, the end and the options.

Expected values come from the source text and the rulings (quoted in the
docstrings), or from a brute-force search written here independently of the
engine's oracle, never from the engine's own output.
"""

from __future__ import annotations

import itertools
import random

import pytest

from rules import GAMES, IllegalAction, OptionError, RulesError
from rules import dummy_rummy as dr
from rules.cards import deck, parse_card, parse_cards
from rules.dummy_rummy import (
    CONTRACTS,
    AllowCutIn,
    CutIn,
    Discard,
    DrawDiscard,
    DrawStock,
    GoDown,
    LayOff,
    NoCutIn,
    find_contract,
    is_run,
    is_set,
    penalty,
    position,
)
from rules.game import RandomPlayer, playout


def cs(text):
    return parse_cards(text)


def c(text):
    return parse_card(text)


def labels(state):
    return [a.label for a in state.legal_actions()]


def of(state, kind):
    return [a for a in state.legal_actions() if type(a) is kind]


def test_dummy_rummy_is_registered():
    assert GAMES["dummy_rummy"] is dr.GAME
    assert dr.GAME.info.min_players == 2 and dr.GAME.info.max_players == 4


# ---------------------------------------------------------------- the pack and the deal


def test_two_packs_and_four_jokers_make_108_cards():
    """«Играют двумя стандартными колодами карт, включая четыре джокера, всего 108 карт.»"""
    state = dr.new_game(players=4, seed=3)
    used = state.cards_used()
    assert len(used) == 108
    assert sum(1 for x in used if x.joker is not None) == 4
    assert used.count(c("7♥")) == 2


def test_thirteen_cards_each_and_one_card_starts_the_discard_pile():
    """«Каждому игроку раздаётся по тринадцать карт.» Rulings 1: the next stock card starts the pile."""
    for players in (2, 3, 4):
        state = dr.new_game(players=players, seed=players)
        view = state.view(0)
        assert view["hand_sizes"] == [13] * players
        assert view["discard_count"] == 1
        assert view["stock_count"] == 108 - 13 * players - 1


def test_the_player_left_of_the_dealer_starts():
    """«Игрок слева от раздающего начинает, и ход переходит по часовой стрелке.»"""
    for seed in range(6):
        state = dr.new_game(players=3, seed=seed)
        assert state.current_player == (state.dealer + 1) % 3


# ---------------------------------------------------------------- sets, runs and wild cards


def test_the_sources_sets():
    """«например, три тройки или пять королев ... наборы могут содержать две карты одной масти»"""
    assert is_set(cs("3♠ 3♥ 3♦"))
    assert is_set(cs("Q♠ Q♥ Q♦ Q♣ Q♠"))
    assert is_set(cs("9♥ 9♥ 9♠"))
    assert not is_set(cs("9♥ 9♠"))  # too short
    assert not is_set(cs("9♥ 9♠ 10♠"))


def test_the_sources_runs():
    """«например 2-3-4-5 червей. Тузы могут быть старшей картой (В-Д-К-Т) или младшей (Т-2-3-4),
    но не одновременно (К-Т-2-3).»"""
    assert is_run(cs("2♥ 3♥ 4♥ 5♥"))
    assert is_run(cs("J♠ Q♥ K♦ A♣"))  # suits are free, the ace high
    assert is_run(cs("A♠ 2♥ 3♦ 4♣"))  # the ace low
    assert not is_run(cs("K♠ A♥ 2♦ 3♣"))  # never both: no turning the corner
    assert is_run(cs("5♣ 3♥ 6♦ 4♠"))  # any order


def test_wild_cards_replace_any_card_any_number_of_times():
    """«Двойки и джокеры ... могут использоваться для замены любой желаемой карты.»"""
    assert is_set(cs("K♠ 2♥ RJ"))
    assert is_set(cs("K♠ 2♥ RJ BJ 2♣"))
    assert is_run(cs("5♠ RJ BJ 8♥"))
    assert is_run(cs("9♣ 2♦ J♥ 2♠"))  # a wild in a gap and one at an end
    assert is_run(cs("Q♠ K♠ RJ 2♣"))  # K, then the high ace and nothing above it: a wild goes below
    assert not is_run(cs("K♠ A♠ RJ 3♣"))


def test_runs_never_wrap_and_never_repeat_a_rank():
    assert not is_run(cs("Q♠ K♠ A♠ 3♠"))
    assert not is_run(cs("5♠ 5♥ 6♠ 7♠"))
    assert not is_run(cs("A♠ A♥ 3♠ 4♠ 5♠"))  # one ace cannot be both
    thirteen = cs("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")
    assert is_run(thirteen)
    assert not is_run([*thirteen, c("RJ")])  # fourteen would need the ace both low and high


def test_melds_of_wild_cards_alone_are_refused_unless_the_option():
    """Rulings 3: each meld has at least one natural card (option: allow all-wild)."""
    assert not is_set(cs("2♠ 2♥ RJ"))
    assert not is_run(cs("2♠ 2♥ RJ BJ"))
    assert is_set(cs("2♠ 2♥ RJ"), all_wild=True)
    assert is_run(cs("2♠ 2♥ RJ BJ"), all_wild=True)


def test_penalty_points_follow_the_reconstructed_table():
    """Rulings 7: 3-9 = 5, 10 J Q K = 10, A = 15, 2 = 20, joker = 50."""
    assert penalty(cs("3♠ 9♥")) == 10
    assert penalty(cs("10♠ J♥ Q♦ K♣")) == 40
    assert penalty(cs("A♠")) == 15
    assert penalty(cs("2♠")) == 20
    assert penalty(cs("RJ BJ")) == 100
    assert penalty([]) == 0


# ---------------------------------------------------------------- the twelve contracts

#: contract -> (a hand that makes it, a hand one card short of it), from the source's list
CONTRACT_HANDS = {
    1: ("5♥ 5♣ 5♠ 9♦ 9♣ 9♥ K♠", "5♥ 5♣ 5♠ 9♦ 9♣ 10♥ K♠"),  # 2 sets of 3
    2: ("5♥ 5♣ 5♠ 9♦ 10♦ J♥ Q♣", "5♥ 5♣ 5♠ 9♦ 10♦ J♥ K♣"),  # a set of 3 and a run of 4
    3: ("4♥ 4♣ 4♠ 4♦ 8♦ 8♣ RJ 8♠ K♠", "4♥ 4♣ 4♠ 4♦ 8♦ 8♣ 9♥ 8♠ K♠"),  # 2 sets of 4
    4: ("3♥ 4♣ 5♠ 6♦ 9♣ 10♣ J♥ Q♠ K♦", "3♥ 4♣ 5♠ 7♦ 9♣ 10♣ J♥ Q♠ K♦"),  # 2 runs of 4
    5: ("K♥ K♣ K♠ 2♦ 6♣ 7♣ 8♥ 9♠", "K♥ K♣ K♠ 3♦ 6♣ 7♣ 8♥ 9♠"),  # a set of 4 and a run of 4
    6: ("7♥ 7♣ 7♠ J♦ J♣ J♥ A♠ 2♥ 3♥ 4♣", "7♥ 7♣ 7♠ J♦ J♣ J♥ A♠ 5♥ 3♥ 4♣"),  # 2 sets of 3, a run A-2-3-4
    7: ("Q♥ Q♣ Q♠ 4♣ 5♣ 6♥ 7♠ 8♦ 9♣ 10♥", "Q♥ Q♣ Q♠ 4♣ 5♣ 6♥ 7♠ 8♦ 9♣ J♥"),  # a set of 3 and a run of 7
    8: ("3♥ 3♣ 3♠ 6♦ 6♣ 6♥ 10♠ 10♥ RJ", "3♥ 3♣ 3♠ 6♦ 6♣ 6♥ 10♠ 9♥ 8♠"),  # 3 sets of 3
    9: ("9♥ 9♣ 9♠ 9♦ 9♥ A♣ A♥ A♠ 2♦ BJ", "9♥ 9♣ 9♠ 9♦ 9♥ A♣ A♥ A♠ 3♦ BJ"),  # 2 sets of 5
    10: ("3♥ 4♣ 5♠ 6♦ 7♣ 9♥ 10♣ J♠ Q♦ K♣", "3♥ 4♣ 5♠ 6♦ 8♣ 9♥ 10♣ J♠ Q♦ K♣"),  # 2 runs of 5
    11: ("8♥ 8♣ 8♠ 8♦ 8♥ 8♣ 2♠ RJ", "8♥ 8♣ 8♠ 8♦ 8♥ 8♣ 2♠ 9♠"),  # a set of 8
    12: ("5♥ 6♣ 7♠ 8♦ 9♣ 10♥ J♣ Q♠ K♦ A♣", "5♥ 6♣ 7♠ 8♦ 9♣ 10♥ J♣ Q♠ K♦ 3♣"),  # a run of 10
}


def test_the_contracts_are_the_sources_twelve_in_order():
    """The source's list: «2 набора по 3 карты ... 1 последовательность из 10 карт»."""
    shapes = {n: [(m.kind, m.size) for m in CONTRACTS[n].melds] for n in CONTRACTS}
    assert shapes == {
        1: [("set", 3), ("set", 3)],
        2: [("set", 3), ("run", 4)],
        3: [("set", 4), ("set", 4)],
        4: [("run", 4), ("run", 4)],
        5: [("set", 4), ("run", 4)],
        6: [("set", 3), ("set", 3), ("run", 4)],
        7: [("set", 3), ("run", 7)],
        8: [("set", 3), ("set", 3), ("set", 3)],
        9: [("set", 5), ("set", 5)],
        10: [("run", 5), ("run", 5)],
        11: [("set", 8)],
        12: [("run", 10)],
    }
    assert CONTRACTS[6].describe("en") == "2 sets of 3 and 1 run of 4"
    assert CONTRACTS[6].describe("ru") == "2 набора из 3 карт и 1 последовательность из 4 карт"


@pytest.mark.parametrize("number", sorted(CONTRACT_HANDS))
def test_every_contract_is_found_when_made_and_refused_when_short(number):
    made, short = CONTRACT_HANDS[number]
    melds = find_contract(number, cs(made))
    assert melds is not None
    for meld, spec in zip(melds, CONTRACTS[number].melds, strict=True):
        assert meld.kind == spec.kind and len(meld.cards) == spec.size
        assert (is_set if spec.kind == "set" else is_run)(meld.cards)
    used = [card for m in melds for card in m.cards]
    pool = list(cs(made))
    for card in used:
        pool.remove(card)  # every card of the arrangement is the hand's own, used once
    assert find_contract(number, cs(short)) is None
    assert "cannot be made" in dr.contract_reason(number, cs(short), "en")
    assert "не собрать" in dr.contract_reason(number, cs(short), "ru")


def test_the_arrangement_uses_as_few_wild_cards_as_possible():
    melds = find_contract(1, cs("5♥ 5♣ RJ 5♠ 9♦ 9♣ 9♥ 2♣"))
    assert not any(dr.is_wild(x) for m in melds for x in m.cards)
    melds = find_contract(1, cs("5♥ 5♣ RJ 9♦ 9♣ 9♥ 2♣"))
    assert sum(dr.is_wild(x) for m in melds for x in m.cards) == 1


def test_a_contract_of_wilds_alone_needs_the_option():
    hand = cs("2♠ 2♥ 2♦ RJ BJ 2♣ 7♠")
    assert find_contract(1, hand) is None
    assert find_contract(1, hand, all_wild=True) is not None


def test_a_bad_contract_number_is_a_clear_error():
    with pytest.raises(RulesError, match="1 to 12"):
        find_contract(13, cs("5♥"))


def _brute_force(number, hand, all_wild):
    """Any choice of disjoint card groups of the contract's sizes that is_set / is_run accept."""
    specs = CONTRACTS[number].melds

    def search(i, free):
        if i == len(specs):
            return True
        judge = is_set if specs[i].kind == "set" else is_run
        for combo in itertools.combinations(sorted(free), specs[i].size):
            if judge([hand[j] for j in combo], all_wild=all_wild) and search(i + 1, free - set(combo)):
                return True
        return False

    return search(0, frozenset(range(len(hand))))


def test_find_contract_agrees_with_a_brute_force_search():
    rng = random.Random(11)
    # a narrow pool of ranks and many wilds, so that about a fifth of the hands make their contract
    pool = [
        x for x in deck(52, jokers=2, copies=2) if x.joker is not None or x.rank in (1, 2, 3, 4, 5, 6, 7, 8, 12, 13)
    ]
    made = 0
    for _ in range(500):
        number = rng.choice([1, 2, 4, 5, 6, 7, 8, 10])
        hand = rng.sample(pool, rng.randint(CONTRACTS[number].cards, 10))
        all_wild = rng.random() < 0.3
        expected = _brute_force(number, hand, all_wild)
        made += expected
        assert (find_contract(number, hand, all_wild=all_wild) is not None) == expected, (number, hand)
    assert 50 < made < 450


def _fewest_wilds(number, hand, all_wild):
    """The fewest wild cards of any choice of disjoint card groups that make the contract (None: none)."""
    specs = CONTRACTS[number].melds

    def search(i, free):
        if i == len(specs):
            return 0
        judge = is_set if specs[i].kind == "set" else is_run
        best = None
        for combo in itertools.combinations(sorted(free), specs[i].size):
            group = [hand[j] for j in combo]
            if judge(group, all_wild=all_wild):
                rest = search(i + 1, free - set(combo))
                if rest is not None:
                    total = rest + sum(dr.is_wild(x) for x in group)
                    best = total if best is None else min(best, total)
        return best

    return search(0, frozenset(range(len(hand))))


def test_the_arrangement_uses_as_few_wilds_as_a_brute_force_search():
    """Two runs may share a rank the hand holds once: one of them then needs a wild card there."""
    rng = random.Random(5)
    # few ranks (aces, twos to sixes, kings): about half of the hands make their contract, most with wilds
    pool = [x for x in deck(52, jokers=2, copies=2) if x.joker is not None or x.rank in (1, 2, 3, 4, 5, 6, 13)]
    made = 0
    for _ in range(60):
        number = rng.choice([2, 4, 5, 6, 10])
        hand = rng.sample(pool, rng.randint(CONTRACTS[number].cards, CONTRACTS[number].cards + 3))
        all_wild = rng.random() < 0.3
        melds = find_contract(number, hand, all_wild=all_wild)
        used = None if melds is None else sum(dr.is_wild(x) for m in melds for x in m.cards)
        assert used == _fewest_wilds(number, hand, all_wild), (number, hand, all_wild)
        made += melds is not None
    assert 15 < made < 45


# ---------------------------------------------------------------- drawing


def test_a_player_draws_from_the_stock_or_the_discard_pile():
    """«Взять верхнюю карту из сброса ... Взять закрытую карту с верхней части неразданной колоды.»"""
    state = position(["5♥ 5♣ 5♠ 9♦ 10♦ RJ Q♣ 4♠ 7♥ 8♥ J♣ K♣ K♦", "3♠"], discard="4♦ 6♦", stock="A♠ 7♣")
    assert labels(state) == ["P1 draws from the stock", "P1 takes 6♦ from the discard pile"]
    with pytest.raises(IllegalAction, match="only the top card"):
        state.apply(DrawDiscard(0, c("4♦")))
    state.apply(DrawStock(0))
    assert c("A♠") in state.hand(0)


def test_after_going_down_only_the_stock():
    """«Если игрок уже выложил свою комбинацию, он должен брать из неразданной колоды.»"""
    state = position(["7♥ 8♥ 3♣", "4♠ 4♦"], melds=[[0, "5♥ 5♣ 5♠"], [0, "9♦ 9♣ 9♥"]], discard="6♦", contracts=[1, 1])
    assert labels(state) == ["P1 draws from the stock"]
    with pytest.raises(IllegalAction, match="must draw from the stock") as err:
        state.apply(DrawDiscard(0, c("6♦")))
    assert err.value.rule == "dummy_rummy.draw"
    assert "из колоды" in err.value.message("ru")


# ---------------------------------------------------------------- going down and laying off


def test_going_down_with_exactly_the_contract_then_laying_off():
    """Rulings 4: go down with exactly the contract's melds, lay off, then discard."""
    state = position(["5♥ 5♣ 5♠ 5♦ 9♦ 10♦ J♥ Q♣ A♥ A♠ 3♦ 3♣ 8♥", "3♠ 3♥"], stock="4♠", contracts=[2, 1])
    state.apply(DrawStock(0))
    go = of(state, GoDown)
    assert len(go) == 1 and go[0].number == 2
    assert sorted(len(m) for m in go[0].melds) == [3, 4]
    assert not of(state, LayOff)  # not before going down
    with pytest.raises(IllegalAction, match="only after going down"):
        state.apply(LayOff(0, c("5♦"), 0, 0, ""))
    state.apply(go[0])
    assert state.down[0] and len(state.hands[0]) == 14 - 7
    lay = of(state, LayOff)
    assert any(a.meld == 0 and a.card.rank == 5 for a in lay)  # the fourth five on the set
    run_end = [a for a in lay if a.meld == 1]
    # the run is 8-9-10-J or 9-10-J-Q: the card left over goes on at one end
    assert len(run_end) == 1 and run_end[0].card in (c("8♥"), c("Q♣")) and run_end[0].end in ("low", "high")
    with pytest.raises(IllegalAction, match="already"):
        state.apply(go[0])


def test_another_arrangement_of_the_contract_is_refused_with_the_engines_rule():
    """The engine lays a contract down in one arrangement (the fewest wilds); the rest is laid off after."""
    state = position(["5♥ 5♣ 5♠ 5♦ 9♦ 10♦ J♥ Q♣ A♥ A♠ 3♦ 3♣ 8♥", "3♠ 3♥"], stock="4♠", contracts=[2, 1])
    state.apply(DrawStock(0))
    other = GoDown(0, 2, (tuple(cs("5♥ 5♣ 5♦")), tuple(cs("9♦ 10♦ J♥ Q♣"))))  # a valid contract, not the one offered
    assert other not in state.legal_actions() and of(state, GoDown)
    with pytest.raises(IllegalAction, match="one arrangement") as err:
        state.apply(other)
    assert err.value.rule == "dummy_rummy.engine"


def test_a_hand_without_its_contract_cannot_go_down():
    state = position(["5♥ 5♣ 9♠ 9♦ 10♦ J♥ Q♣ 4♠ 7♥ 8♥ K♦ 6♦ 3♣", "3♠ 3♥"], stock="K♣", contracts=[1, 1])
    state.apply(DrawStock(0))
    assert not of(state, GoDown)
    with pytest.raises(IllegalAction, match="contract 1") as err:
        state.apply(GoDown(0, 1, (tuple(cs("5♥ 5♣ 9♠")), tuple(cs("9♦ 10♦ J♥")))))
    assert err.value.rule == "dummy_rummy.go_down"


def test_laying_off_on_another_players_meld_and_keeping_a_card_to_discard():
    """«они могут добавлять карты к комбинациям других игроков» / «Он всегда должен завершить свой ход сбросом.»"""
    state = position(
        ["10♠ 4♣", "3♠ 3♥ 3♦"],
        melds=[[0, "5♥ 5♣ 5♠"], [0, "9♦ 9♣ 9♥"], [1, "J♦ Q♦ K♦ A♦"]],
        contracts=[2, 2],
        phase="play",
    )
    assert [a.label for a in of(state, LayOff)] == ["P1 lays off 10♠ on meld 3 at the low end"]
    state.apply(of(state, LayOff)[0])
    assert state.table_melds()[2][1].describe() == "run 10-A: 10♠ J♦ Q♦ K♦ A♦"
    assert not of(state, LayOff)  # the last card stays for the discard
    assert labels(state) == ["P1 discards 4♣ and goes out"]


# ---------------------------------------------------------------- the discard restriction


def test_a_card_that_could_be_laid_off_may_not_be_discarded():
    """Rulings 5 (the source: «игрок не может сбросить карту, если она образует комбинацию»)."""
    state = position(
        ["9♠ K♣ 3♥", "3♠ 3♥ 3♦"],
        melds=[[1, "9♦ 9♣ 9♥"], [1, "5♥ 6♥ 7♥ 8♥"]],
        contracts=[1, 2],
        phase="play",
    )
    assert not state.down[0]  # the restriction holds for a player who has not gone down too
    assert set(labels(state)) == {"P1 discards 3♥", "P1 discards K♣"}
    with pytest.raises(IllegalAction, match="could be laid off") as err:
        state.apply(Discard(0, c("9♠")))
    assert err.value.rule == "dummy_rummy.discard_restriction"
    assert "нельзя сбрасывать" in err.value.message("ru")


def test_when_every_card_could_be_laid_off_any_may_be_discarded():
    state = position(
        ["9♠ 4♥", "3♠ 3♥ 3♦"],
        melds=[[1, "9♦ 9♣ 9♥"], [1, "5♥ 6♥ 7♥ 8♥"]],
        contracts=[1, 2],
        phase="play",
    )
    assert set(labels(state)) == {"P1 discards 4♥", "P1 discards 9♠"}


def test_wild_cards_may_not_be_discarded_while_a_meld_is_on_the_table():
    state = position(["2♠ K♣", "3♠ 3♥ 3♦"], melds=[[1, "9♦ 9♣ 9♥"]], contracts=[1, 2], phase="play")
    assert labels(state) == ["P1 discards K♣"]


# ---------------------------------------------------------------- cut-ins


def _cut_in_table(**options):
    """Three players; player 1 is to play, player 2 draws next, player 3 may cut in."""
    return position(
        ["5♥ 5♣ 9♦ 10♦ K♣", "3♠ 3♥ 4♦ 8♣", "K♠ K♥ 6♣ 7♣"],
        stock="A♠ 4♣ 6♠ J♣ Q♣ 10♥ 3♣",
        contracts=[1, 1, 1],
        phase="play",
        **options,
    )


def test_a_cut_in_takes_the_discard_and_two_from_the_stock():
    """Rulings 6: the cut-in takes the card plus 2 from the stock (hands go 13, 16, 19)."""
    state = _cut_in_table()
    state.apply(Discard(0, c("K♣")))
    assert labels(state) == ["P3 cuts in for K♣", "P3 lets K♣ go"]
    state.apply(CutIn(2, c("K♣")))
    # the player about to draw decides: take it as the turn's draw, or allow the cut-in
    assert labels(state) == ["P2 takes K♣ from the discard pile before P3", "P2 lets P3 cut in"]
    before = len(state.hands[2])
    state.apply(AllowCutIn(1, 2, c("K♣")))
    assert len(state.hands[2]) == before + 3
    assert c("K♣") in state.hand(2) and c("A♠") in state.hand(2) and c("4♣") in state.hand(2)
    assert state.current_player == 1 and labels(state)[0] == "P2 draws from the stock"
    assert any("cuts in" in e.text for e in state.log("en"))
    assert any("перехватывает" in e.text for e in state.log("ru"))


def test_the_player_about_to_draw_has_priority():
    """«Решение о том, разрешить это или взять карту самому, остаётся за игроком, чей ход.»"""
    state = _cut_in_table()
    state.apply(Discard(0, c("K♣")))
    state.apply(CutIn(2, c("K♣")))
    hand3 = state.hand(2)
    state.apply(DrawDiscard(1, c("K♣"), 2))
    assert c("K♣") in state.hand(1) and state.hand(2) == hand3
    assert state.current_player == 1 and all(type(a) in (Discard, GoDown) for a in state.legal_actions())


def test_others_are_asked_in_order_from_the_drawers_left():
    state = position(["5♥ 5♣ K♣", "3♠ 3♥", "K♠ K♥", "Q♠ Q♥"], stock="A♠ 4♣ 6♠ J♣ Q♣ 10♥ 3♣", phase="play", turn=3)
    state.apply(Discard(3, c("Q♥")))  # player 4 discards; player 1 draws next
    assert state.current_player == 1  # player 2 (left of player 1) is asked first, then player 3
    with pytest.raises(IllegalAction, match="after player 2") as err:
        state.apply(CutIn(2, c("Q♥")))  # player 3 waits for player 2's answer
    assert "после игрока 2" in err.value.message("ru")
    state.apply(NoCutIn(1, c("Q♥")))
    assert state.current_player == 2
    state.apply(NoCutIn(2, c("Q♥")))
    assert state.current_player == 0 and labels(state)[-1] == "P1 takes Q♥ from the discard pile"


def test_at_most_two_cut_ins_a_hand():
    """«... но не более двух раз.»"""
    state = position(
        ["5♥ 5♣ 9♦ 10♦ K♣", "3♠ 3♥ 4♦ 8♣", "K♠ K♥ 6♣ 7♣"],
        stock="A♠ 4♣ 6♠ J♣ Q♣ 10♥ 3♣",
        cut_ins_made=[0, 0, 2],
        phase="play",
    )
    state.apply(Discard(0, c("K♣")))
    assert state.current_player == 1 and labels(state)[0] == "P2 draws from the stock"
    with pytest.raises(IllegalAction, match="at most 2") as err:
        state.apply(CutIn(2, c("K♣")))
    assert err.value.rule == "dummy_rummy.cut_in"


def test_a_player_who_has_gone_down_does_not_cut_in_and_cannot_refuse_one():
    state = position(
        ["5♥ 9♦ K♣", "3♠ 4♦", "K♠ K♥ 6♣ 7♣"],
        melds=[[1, "8♠ 8♥ 8♦"], [1, "Q♣ Q♦ Q♥"]],
        stock="A♠ 4♣ 6♠ J♣ Q♣ 10♥ 3♣",
        phase="play",
    )
    state.apply(Discard(0, c("5♥")))
    assert labels(state) == ["P3 cuts in for 5♥", "P3 lets 5♥ go"]
    state.apply(CutIn(2, c("5♥")))
    # player 2 has gone down and may not take the discard: the cut-in goes through
    assert c("5♥") in state.hand(2) and state.current_player == 1
    assert "has gone down" in state.log("en")[-1].text


def test_cut_ins_off():
    state = _cut_in_table(cut_ins=False)
    state.apply(Discard(0, c("K♣")))
    assert state.current_player == 1 and labels(state)[0] == "P2 draws from the stock"


def test_two_players_never_cut_in():
    state = position(["5♥ 5♣ K♣", "3♠ 3♥"], stock="A♠ 4♣ 6♠", phase="play")
    state.apply(Discard(0, c("K♣")))
    assert labels(state) == ["P2 draws from the stock", "P2 takes K♣ from the discard pile"]


# ---------------------------------------------------------------- going out, scoring, the stock


def test_going_out_scores_the_hand_and_advances_the_contracts():
    """«Игрок, который вышел, получает ноль очков ... Противники подсчитывают общую стоимость карт»."""
    state = position(
        ["4♣", "3♠ 3♥ K♦ RJ", "A♠ 9♥"],
        melds=[[0, "5♥ 5♣ 5♠"], [0, "9♦ 9♣ 9♠"]],
        contracts=[1, 1, 3],
        phase="play",
    )
    state.apply(Discard(0, c("4♣"), out=True))
    assert state.totals == [0, 5 + 5 + 10 + 50, 15 + 5]
    assert state.contract == [2, 1, 3]  # only the player who went down completed the contract
    assert state.hand_no == 2 and state.view(0)["hand_sizes"] == [13, 13, 13]
    scored = [e for e in state.log("en") if e.rule == "dummy_rummy.score"]
    assert scored and "Player 1 went out" in scored[-1].text


def test_the_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top():
    """Rulings 4: «the discard pile but its top card is shuffled into a new stock»."""
    state = position(["5♥ 5♣ K♣", "3♠ 3♥"], discard="7♠", stock="A♠", phase="draw")
    under = len(state.pile)  # the cards not placed lie under the discard pile
    assert under == 108 - 5 - 1  # every card but the five in hands and the one in the stock
    state.apply(DrawStock(0))
    assert not state.stock
    state.apply(Discard(0, c("K♣")))
    assert state.pile == [dr._code(c("K♣"))] and len(state.stock) == under
    assert labels(state)[0] == "P2 draws from the stock"
    assert [e.rule for e in state.log("en")][-1] == "dummy_rummy.stock"


# ---------------------------------------------------------------- the end and the winner


def test_the_game_ends_after_the_hand_in_which_the_last_contract_is_completed():
    """Rulings 2: the lowest total among the players who completed all twelve wins."""
    state = position(
        ["4♣", "3♠ 3♥", "A♠"],
        melds=[[0, "5♥ 6♣ 7♠ 8♦ 9♣ 10♥ J♣ Q♠ K♦ A♣"]],
        contracts=[12, 12, 12],
        phase="play",
    )
    state.apply(Discard(0, c("4♣"), out=True))
    assert state.is_over()
    assert state.result().winners == (0,)


def test_only_finishers_win_unless_lowest_of_all():
    def finish(**options):
        state = position(
            ["4♣", "3♠ 3♥", "K♠"],
            melds=[[2, "5♥ 5♣ 5♠"], [2, "9♦ 9♣ 9♠"], [0, "8♥ 8♣ 8♠ 8♦ 8♥ 8♣ 8♠ 8♦"]],
            contracts=[11, 11, 12],
            turn=0,
            phase="play",
            totals=[100, 0, 10],
            **options,
        )
        state.apply(Discard(0, c("4♣"), out=True))
        return state

    state = finish()
    assert state.is_over()
    assert state.result().winners == (2,)  # player 3 completed contract 12
    assert finish(lowest_of_all=True).result().winners == (1,)  # player 2's 10 points are the lowest


def test_a_shorter_game_ends_with_its_last_contract():
    state = dr.new_game(players=2, seed=4, last_contract=1)
    playout(state, [dr.HeuristicPlayer()] * 2, seed=4)
    assert state.is_over()
    # nobody went down before the last hand, and somebody did in it
    assert not any(any(h["down"]) for h in state.hand_stats[:-1])
    assert any(state.hand_stats[-1]["down"]) and 2 in state.contract


# ---------------------------------------------------------------- options and bad input


def test_options_are_checked():
    with pytest.raises(OptionError, match="last contract"):
        dr.new_game(players=2, first_contract=5, last_contract=3)
    with pytest.raises(OptionError):
        dr.new_game(players=2, cut_ins="yes")
    with pytest.raises(OptionError):
        dr.new_game(players=5)


def test_a_position_with_too_many_copies_of_a_card_is_refused():
    with pytest.raises(OptionError, match="more times than the two packs hold"):
        position(["A♠ A♠ A♠", "3♥"])


def test_an_illegal_action_changes_nothing():
    state = _cut_in_table()
    key = state.replay_key()
    for bad in (DrawStock(0), Discard(1, c("3♠")), Discard(0, c("A♥")), CutIn(2, c("K♣"))):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.message("en") and err.value.message("ru")
    assert state.replay_key() == key


# ---------------------------------------------------------------- players


def test_the_sharp_bot_keeps_the_hand_with_more_outs():
    # contract 1 is two sets of three: with 5 5 5, K K and 9 9 one card is lacking whichever
    # of K, 9 or 4 goes. The book's bot sheds a king, the dearest; the sharp bot sheds the 4,
    # keeping both pairs, so that a king or a nine would complete the contract, not only a nine
    state = position(["5♥ 5♣ 5♠ K♣ K♦ 9♦ 9♣ 4♠", "3♠ 3♥"], contracts=[1, 1], phase="play")
    view, actions = state.view(0), state.legal_actions()
    book = dr.HeuristicPlayer().choose(view, actions, random.Random(0))
    sharp = dr.SharpPlayer().choose(view, actions, random.Random(0))
    assert book.label in ("P1 discards K♣", "P1 discards K♦")
    assert sharp.label == "P1 discards 4♠"


def test_the_heuristic_beats_random_players_clearly():
    wins = 0
    for seed in range(6):
        state = dr.new_game(players=3, seed=seed, last_contract=4)
        playout(state, [dr.HeuristicPlayer(), RandomPlayer(), RandomPlayer()], seed=seed)
        wins += 0 in state.result().winners
    assert wins >= 5  # a fair share would be 2 of 6


def test_the_shortfall_counts_missing_cards():
    assert dr.shortfall(1, cs("5♥ 5♣ 5♠ 9♦ 9♣")) == 1
    assert dr.shortfall(1, cs("5♥ 5♣ 5♠ 9♦ 9♣ RJ")) == 0
    assert dr.shortfall(12, cs("5♥ 6♣ 7♠ 8♦")) == 6


@pytest.mark.parametrize(
    ("number", "hand", "en", "ru"),
    [
        # no wild card at all: the gap is named, not the rule about wild cards
        (1, "3♥ 3♣ 3♠ 9♣ 9♦ K♣", "is 1 card short, which only wild cards", "а в руке их нет"),
        (1, "3♥ 3♣ 2♠ RJ 9♦ 8♣", "is 3 cards short", "а в руке их только 2"),
        (4, "3♥ 4♣ 5♠ 9♣ 10♣ J♥ Q♠ A♦", "is 1 card short", "не хватает 1 карты"),
    ],
)
def test_a_contract_not_made_says_how_far_the_hand_is_from_it(number, hand, en, ru):
    assert en in dr.contract_reason(number, cs(hand), "en")
    assert ru in dr.contract_reason(number, cs(hand), "ru")
    assert "natural card" not in dr.contract_reason(number, cs(hand), "en")


def test_wilds_needed_is_what_the_arrangement_lacks():
    assert dr.wilds_needed(1, cs("3♥ 3♣ 3♠ 9♣ 9♦ K♣")) == 1
    assert dr.wilds_needed(1, cs("3♥ 3♣ 3♠ 9♣ 9♦ 2♣")) == 1, "the two is the wild card the hand lacked"
    assert find_contract(1, cs("3♥ 3♣ 3♠ 9♣ 9♦ 2♣")) is not None
    assert dr.wilds_needed(1, cs("3♥ 3♣ 3♠ 9♣ 9♦ 9♥")) == 0
