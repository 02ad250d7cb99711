"""DoMiMi: each ruling of the clarifications, the options, the errors and the bots."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import IllegalAction, OptionError, domimi
from rules.cards import Suit, parse_card, parse_cards
from rules.domimi import (
    EndTurn,
    GiveTo,
    Move,
    Pass,
    PictureTake,
    Refill,
    ReturnCard,
    RevealMore,
    Steal,
    scenario,
    setup_plan,
    turn_options,
)
from rules.game import RandomPlayer, playout

C = parse_card
H, D, S, K = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


def field_without(text, decks=1):
    field = Counter(domimi.full_field(decks))
    field.subtract(parse_cards(text))
    return list(field.elements())


# ---- ruling 2 and 3: decks and starting suits


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (10, 5)])
def test_default_decks_is_one_per_two_players(players, decks):
    assert setup_plan(players)[0] == decks


def test_suit_pairs_follow_the_source_order_skipping_used_suits():
    assert setup_plan(2)[1] == [(H, K), (D, S)]
    assert setup_plan(6)[1] == [(H, K), (H, S), (D, S), (D, K), (H, D), (K, S)]
    assert setup_plan(2, decks=2)[1] == [(H, K), (H, S)]


def test_every_player_gets_an_ace_and_a_two_of_two_suits():
    state = domimi.new_game(players=4, seed=3)
    for p, (a, b) in enumerate(state.pairs):
        assert Counter(state.owned(p)) == Counter(parse_cards(f"A{a} 2{a} A{b} 2{b}"))


def test_the_first_player_is_drawn_by_lot_and_play_goes_clockwise():
    firsts = {domimi.new_game(players=4, seed=seed).first for seed in range(20)}
    assert len(firsts) > 1
    state = domimi.new_game(players=4, seed=0)
    seats = []
    while len(seats) < 6:
        if not seats or seats[-1] != state.turn:
            seats.append(state.turn)
        state.apply(state.legal_actions()[-1])
    assert seats == [(state.first + i) % 4 for i in range(6)]


def test_the_field_is_a_multiset_and_any_copy_may_be_taken():
    state = domimi.new_game(players=4, seed=0)
    assert Counter(state.field_cards())[C("9♦")] == 2
    assert len(state.field_cards()) == 2 * 54 - 4 * 4


def test_fewer_decks_than_needed_is_a_clear_error():
    with pytest.raises(OptionError) as err:
        domimi.new_game(players=5, decks=2)
    assert "3" in str(err.value) and "колод" in err.value.message("ru")


def test_team_suits_red_against_black_and_three_different_pairs():
    state = domimi.new_game(players=4, teams="two", seed=1)
    assert state.team == (0, 1, 0, 1)
    assert [set(p) for p in state.pairs] == [{H, D}, {K, S}, {H, D}, {K, S}]
    three = domimi.new_game(players=6, teams="three", seed=1)
    assert len({frozenset(p) for p in three.pairs}) == 3
    assert three.decks == 4  # one suit is in two teams' pairs: 4 players hold its ace
    pairs = domimi.new_game(players=6, teams="pairs", seed=1)
    assert pairs.team == (0, 1, 2, 0, 1, 2)  # partners sit opposite


@pytest.mark.parametrize(
    ("players", "teams"), [(5, "two"), (2, "two"), (4, "three"), (8, "three"), (3, "pairs"), (14, "pairs")]
)
def test_impossible_teams_are_refused(players, teams):
    with pytest.raises(OptionError) as err:
        domimi.new_game(players=players, teams=teams)
    assert str(players) in str(err.value) and err.value.message("ru")


@pytest.mark.parametrize(
    "options",
    [{"teams": "four"}, {"decks": "2"}, {"round_limit": 0}, {"last_breath": "yes"}, {"full_round": 1}, {"colour": 1}],
)
def test_bad_options_are_refused_never_replaced(options):
    with pytest.raises(OptionError) as err:
        domimi.new_game(players=2, **options)
    assert err.value.message("en") and err.value.message("ru")


# ---- ruling 4: refill


def _at_turn_start(draw, discard):
    state = scenario("2♠", "3♠ 4♠ 5♠", draw="", discard="")
    state.draw[0] = [C(c).index for c in reversed(draw.split())]
    state.discard[0] = [C(c).index for c in discard.split()]
    state.revealed = []
    state._begin_turn()
    return state


def test_with_two_cards_left_the_player_chooses_how_to_refill():
    state = _at_turn_start("9♠ 8♠", "A♥ 2♥ 3♥")
    assert [a.label for a in state.legal_actions()] == ["refill: reveal", "refill: mix"]
    state.apply(Refill(0, "reveal"))
    assert state.revealed_cards()[:2] == [C("9♠"), C("8♠")]
    assert len(state.revealed_cards()) == 3 and len(state.draw[0]) == 2 and not state.discard[0]


def test_a_player_owning_three_cards_or_fewer_just_reveals_them():
    state = _at_turn_start("9♠", "A♥ 2♥")
    assert state.phase == "main"
    assert Counter(state.revealed_cards()) == Counter(parse_cards("9♠ A♥ 2♥"))


def test_mixing_puts_the_last_cards_unseen_into_the_discard():
    state = _at_turn_start("9♠", "A♥ 2♥ 3♥")
    state.apply(Refill(0, "mix"))
    assert len(state.revealed_cards()) == 3 and len(state.draw[0]) == 1
    assert Counter(state.revealed_cards() + [domimi._ALL[c] for c in state.draw[0]]) == Counter(
        parse_cards("9♠ A♥ 2♥ 3♥")
    )


def test_with_no_cards_left_the_discard_is_shuffled_and_few_cards_are_all_revealed():
    state = _at_turn_start("", "A♥ 2♥")
    assert state.phase == "main" and Counter(state.revealed_cards()) == Counter(parse_cards("A♥ 2♥"))


def test_extra_reveals_reshuffle_the_discard_but_not_the_revealed_cards():
    state = scenario("J♥ 6♥ 7♦", field_without("J♥ 6♥ 7♦ 9♦"), discard="9♦")
    state.apply(RevealMore(0, C("J♥"), 1))
    assert C("9♦") in state.revealed_cards() and not state.discard[0]


# ---- ruling 5: one picture, one main move


def test_only_one_picture_is_played_and_it_is_spent():
    state = scenario("J♥ Q♣ 7♦", field_without("J♥ Q♣ 7♦ 2♦ 3♦ A♥ 2♥"), draw="2♦")
    state.apply(RevealMore(0, C("J♥"), 1))
    acts = state.legal_actions()
    assert not any(isinstance(a, PictureTake | Steal | RevealMore) for a in acts)
    state.apply(Pass(0))
    # stage 2: the queen was not used, the jack was (it was played)
    assert {a.label for a in state.legal_actions()} >= {"return Q♣", "return 7♦", "end turn"}
    assert "return J♥" not in {a.label for a in state.legal_actions()}


# ---- ruling 6 and 7


def test_pictures_neither_pay_nor_are_taken_when_collecting():
    opts = turn_options("J♠ 5♠ 6♠", field_without("J♠ 5♠ 6♠"), stage=2)
    assert all(not c.rank or c.rank <= 10 for o in opts if o.kind == "collect" for c in o.pay + o.take)


def test_a_collecting_move_over_several_suits_is_one_option_per_combination():
    opts = turn_options("4♣ 6♣ 9♥", "10♣ 8♥ A♥ 9♥", stage=1)
    collects = [Counter(o.take) for o in opts if o.kind == "collect"]
    # ♣: 4+6 = 10♣; ♥: 9 = 8+A (9♥ may not take 9♥): alone or together
    assert Counter(parse_cards("10♣")) in collects
    assert Counter(parse_cards("8♥ A♥")) in collects
    assert Counter(parse_cards("10♣ 8♥ A♥")) in collects
    assert len(collects) == 3


def test_in_a_game_a_collecting_move_goes_suit_by_suit():
    # 4♣ 6♣ 9♥ -> 10♣ 8♥ A♥ in one turn: the ♣ part, then the ♥ part, one main move
    state = scenario("4♣ 6♣ 9♥", field_without("4♣ 6♣ 9♥"))
    state.apply(state.move("collect", "4♣ 6♣", "10♣"))
    assert state.phase == "collect"
    assert all(a.label.startswith("collect 9♥") or a.label == "stop collecting" for a in state.legal_actions())
    state.apply(state.move("collect", "9♥", "8♥ A♥"))
    assert state.turn == 1
    assert Counter(parse_cards("10♣ 8♥ A♥")) <= Counter(domimi._ALL[c] for c in state.discard[0])
    with pytest.raises(IllegalAction) as err:
        scenario("4♣ 6♣ 9♥", field_without("4♣ 6♣ 9♥")).move("collect", "4♣ 6♣ 9♥", "10♣ 8♥ A♥")
    assert "one suit at a time" in str(err.value)


# ---- ruling 8: buying


@pytest.mark.parametrize(
    ("revealed", "buys"),
    [
        ("9♠ 4♠ A♥", []),
        ("10♠ 4♠ A♥", ["J♠", "J♥"]),
        ("10♠ 5♠ 2♥", ["J♠", "J♥"]),
        ("10♠ 10♥ 5♦", ["J♠", "J♥", "J♦", "Q♠", "Q♥", "Q♦", "K♠", "K♥", "K♦"]),
    ],
)
def test_the_price_and_the_suit_of_a_picture(revealed, buys):
    field = "J♠ J♥ J♦ J♣ Q♠ Q♥ Q♦ K♠ K♥ K♦ RJ"
    opts = turn_options(revealed, field, stage=2)
    assert sorted({str(o.take[0]) for o in opts if o.kind == "buy"}) == sorted(buys)


def test_buying_lists_only_inclusion_minimal_paying_sets():
    opts = [o for o in turn_options("10♠ 9♠ 8♠ 7♥", "J♠ J♥", stage=2) if o.kind == "buy"]
    pays = {(str(o.take[0]), tuple(sorted(map(str, o.pay)))) for o in opts}
    assert ("J♠", ("10♠", "9♠")) in pays and ("J♠", ("10♠", "8♠")) in pays and ("J♠", ("8♠", "9♠")) in pays
    assert not any(len(p) == 3 and j == "J♠" for j, p in pays)
    assert ("J♥", ("10♠", "7♥")) in pays and ("J♥", ("7♥", "8♠")) in pays


def test_buying_in_stage_one_starts_stage_two():
    state = domimi.new_game(players=2, seed=0)
    state = scenario("10♠ 9♠ 2♥", field_without("10♠ 9♠ 2♥ A♥ A♦"))
    assert state.stage == 1
    state.apply(state.move("buy", "10♠ 9♠", "J♠"))
    assert state.stage == 2
    assert [a.label for a in state.legal_actions()] == ["return 2♥", "end turn"]


# ---- ruling 9: the pictures' own suit counts as present


def test_the_played_pictures_own_suit_is_present():
    state = scenario("J♣ 6♥ 7♥", field_without("J♣ 6♥ 7♥"))
    suits = {a.card.suit for a in state.legal_actions() if isinstance(a, PictureTake)}
    assert suits == {K, H}
    queen = scenario("Q♣ 6♥ 7♥", field_without("Q♣ 6♥ 7♥"))
    assert {a.card.suit for a in queen.legal_actions() if isinstance(a, PictureTake)} == {S, D}


def test_a_card_that_gave_the_suit_to_a_jack_cannot_be_returned():
    state = scenario("J♣ 6♥ 7♦", field_without("J♣ 6♥ 7♦"))
    state.apply(PictureTake(0, C("J♣"), C("10♥")))
    labels = [a.label for a in state.legal_actions()]
    assert labels == ["return 7♦", "end turn"]


# ---- ruling 10: steal


def test_steal_from_the_opponent_or_a_neighbour_never_three_times_in_a_row():
    state = scenario("Q♣ 8♦ 5♥", field_without("Q♣ 8♦ 5♥"), players=4, decks=2)
    assert sorted(a.victim for a in state.legal_actions() if isinstance(a, Steal)) == [1, 3]
    state.steals[0] = [1, 1]
    state._cache = None
    assert [a.victim for a in state.legal_actions() if isinstance(a, Steal)] == [3]


def test_no_steal_from_an_empty_draw_pile():
    state = scenario("Q♣ 8♦ 5♥", field_without("Q♣ 8♦ 5♥"))
    assert not state.draw[1]
    assert not any(isinstance(a, Steal) for a in state.legal_actions())


# ---- ruling 11: returns


def test_no_return_in_stage_one_without_a_picture():
    state = scenario("A♦ 2♦ 2♠", field_without("A♦ 2♦ 2♠"))
    state.apply(state.move("collect", "A♦ 2♦", "3♦"))
    assert state.current_player == 1  # the turn is over: nothing to decide
    assert Counter(domimi._ALL[c] for c in state.discard[0]) == Counter(parse_cards("A♦ 2♦ 2♠ 3♦"))


def test_a_return_may_be_the_whole_turn():
    state = scenario("J♥ 2♠ 3♠", field_without("J♥ 2♠ 3♠"), stage=2)
    state.apply(Pass(0))
    state.apply(ReturnCard(0, C("2♠")))
    state.apply(ReturnCard(0, C("3♠")))
    assert state.legal_actions() == [ReturnCard(0, C("J♥")), EndTurn(0)]
    state.apply(EndTurn(0))
    assert state.turn == 1 and C("2♠") in state.field_cards()


# ---- ruling 12: teams


def test_the_player_chooses_who_gets_the_cards_taken():
    state = scenario("A♥ 2♥ 5♣", field_without("A♥ 2♥ 5♣"), players=4, decks=2, teams="two")
    state.apply(state.move("collect", "A♥ 2♥", "3♥"))
    state.apply_label("stop collecting")
    assert state.legal_actions() == [GiveTo(0, 0), GiveTo(0, 2)]
    state.apply(GiveTo(0, 2))
    assert C("3♥").index in state.discard[2] and C("3♥").index not in state.discard[0]


def test_team_scores_are_sums_and_places_are_shared():
    state = domimi.new_game(players=4, teams="two", seed=2)
    playout(state, [domimi.GreedyPlayer()] * 4, seed=2)
    r = state.result()
    assert r.scores[0] == r.scores[2] == state.points(0) + state.points(2)
    assert r.places[0] == r.places[2] and r.places[1] == r.places[3]


# ---- ruling 13: end


def test_the_game_ends_after_the_turn_that_takes_the_last_jack_queen_or_king():
    state = scenario("10♠ 9♠ 2♥", "J♠ RJ 3♥ 4♥ 5♥", players=2)
    state.apply(state.move("buy", "10♠ 9♠", "J♠"))
    state.apply(EndTurn(0))
    assert state.is_over() and not state.ended_by_limit


def test_to_the_last_breath_the_jokers_must_go_too():
    state = scenario("10♠ 9♠ 2♥", "J♠ RJ 3♥ 4♥ 5♥", players=2)
    state.options = domimi.Options(last_breath=True)
    state.apply(state.move("buy", "10♠ 9♠", "J♠"))
    state.apply(EndTurn(0))
    assert not state.is_over()


def test_finishing_the_round_lets_everyone_play_equally_often():
    state = scenario("10♠ 9♠ 2♥", "J♠ RJ 3♥ 4♥ 5♥", players=3, decks=2)
    state.options = domimi.Options(decks=2, full_round=True)
    state.apply(state.move("buy", "10♠ 9♠", "J♠"))
    state.apply(EndTurn(0))
    assert not state.is_over() and state.turn == 1
    playout(state, seed=0)
    assert state.is_over() and state.turns_played == 3


def test_the_round_limit_always_ends_the_game_and_says_so():
    state = domimi.new_game(players=2, seed=0, round_limit=3)
    playout(state, seed=0)
    assert state.is_over() and state.turns_played == 6
    assert "round limit" in state.result().note("en") and "кругов" in state.result().note("ru")


# ---- errors: bilingual, naming the rule, state unchanged


@pytest.mark.parametrize(
    ("kind", "pay", "take", "rule", "en", "ru"),
    [
        ("collect", "9♦", "9♦", "domimi.collect", "identical", "такую же"),
        ("collect", "4♦ 5♦", "10♦", "domimi.collect", "sums", "суммы"),
        ("collect", "7♣", "7♣", "domimi.collect", "not among the revealed", "нет среди открытых"),
        ("buy", "4♦ 5♦", "J♦", "domimi.buy", "less than 15", "валет бубен стоит 15"),
        ("buy", "4♦ 5♦ 9♦", "J♠", "domimi.buy", "suit", "масти"),
        ("cross", "4♦ 5♦", "4♠", "domimi.cross", "one rank", "одного достоинства"),
    ],
)
def test_a_wrong_move_is_refused_with_the_rule_in_both_languages(kind, pay, take, rule, en, ru):
    state = scenario("4♦ 5♦ 9♦", field_without("4♦ 5♦ 9♦", decks=2), decks=2)
    before = state.replay_key()
    with pytest.raises(IllegalAction) as err:
        state.move(kind, pay, take)
    assert err.value.rule == rule
    assert en in err.value.message("en") and ru in err.value.message("ru")
    assert state.replay_key() == before
    with pytest.raises(IllegalAction):
        state.apply(Move(0, kind, tuple(parse_cards(pay)), tuple(parse_cards(take))))
    assert state.replay_key() == before


def test_a_move_out_of_turn_names_the_player():
    state = scenario("4♦ 5♦ 9♦", field_without("4♦ 5♦ 9♦", decks=2), decks=2)
    with pytest.raises(IllegalAction) as err:
        state.apply(Pass(1))
    assert "player 1" in str(err.value) and "игрока 1" in err.value.message("ru")


def test_explanations_read_like_the_source():
    move = scenario("3♠ 5♠ 6♠", field_without("3♠ 5♠ 6♠")).move("collect", "3♠ 5♠ 6♠", "10♠ 4♠")
    assert move.explain("en") == "Player 1: 3♠+5♠+6♠ = 14 = 10♠+4♠: collecting move"
    assert move.explain("ru") == "Игрок 1: 3♠+5♠+6♠ = 14 = 10♠+4♠: собирательный ход"
    assert move.says("en") == "3♠+5♠+6♠ = 14 = 10♠+4♠: collecting move"
    assert move.rule == "domimi.collect"
    buy = turn_options("6♦ 2♥ 9♥", "J♥", stage=2)[0]
    assert "≥ 15" in buy.explain("en") and "валет червей" in buy.explain("ru")


def test_every_action_names_a_known_rule():
    for seed in range(3):
        state = domimi.new_game(players=4, teams="two", seed=seed, round_limit=20)
        playout(state, seed=seed)
        assert state.history
        assert {a.rule for a in state.history} <= set(domimi.RULES)


# ---- the oracle: properties and speed


cards_st = st.lists(st.sampled_from(domimi.full_field(1)), min_size=1, max_size=5)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(revealed=cards_st, seed=st.integers(0, 10_000))
def test_every_option_obeys_its_rule(revealed, seed):
    """Every option of a turn, on a field of up to 60 cards drawn from three decks (so with
    copies of a card). On a whole three-deck field a turn can have over half a million options,
    a minute to check one by one: the speed test below lists such turns, unchecked."""
    field = field_without(" ".join(map(str, revealed)), decks=3)
    random.Random(seed).shuffle(field)
    field = field[: random.Random(seed).randrange(10, 60)]
    have, on_field = Counter(revealed), Counter(field)  # counted once: a turn can have thousands of options
    for o in turn_options(revealed, field, stage=2):
        assert not Counter(o.pay) - have and not Counter(o.take) - on_field
        rest = have - Counter(o.pay)
        assert Counter(o.returnable) == rest
        if o.kind == "collect":
            for s in Suit:
                ps = [c.rank for c in o.pay if c.suit is s]
                ts = [c.rank for c in o.take if c.suit is s]
                assert sum(ps) == sum(ts) and not set(ps) & set(ts)
        elif o.kind == "cross":
            assert len(o.pay) == 2 and len({domimi._rank_key(c) for c in (*o.pay, *o.take)}) == 1
        else:
            price = domimi._price(o.take[0])
            assert sum(c.rank for c in o.pay) >= price
            assert o.take[0].joker or o.take[0].suit in {c.suit for c in o.pay}


def _is_money(card) -> bool:
    return card.joker is None and card.rank <= 10


def _sub_multisets(ranks: Counter) -> list[Counter]:
    keys = sorted(ranks)
    return [
        Counter({r: k for r, k in zip(keys, ks, strict=True) if k})
        for ks in itertools.product(*(range(ranks[r] + 1) for r in keys))
    ]


def _worth(ranks: Counter) -> int:
    return sum(r * k for r, k in ranks.items())


@settings(max_examples=40, deadline=None)
@given(revealed=cards_st, seed=st.integers(0, 10_000))
def test_collecting_lists_every_payment_and_take_of_a_suit_once(revealed, seed):
    """On two decks' fields (where the takes of a sum over 10 are built from the field's low and
    high cards apart): each suit's own collecting options are exactly every payment of its
    revealed money cards with every take of the field's cards of that suit, of other ranks, of
    the same sum."""
    rng = random.Random(seed)
    field = field_without(" ".join(map(str, revealed)), decks=2)
    rng.shuffle(field)
    field = field[: rng.randrange(10, 60)]
    wanted = []
    for suit in Suit:
        paying = Counter(int(c.rank) for c in revealed if _is_money(c) and c.suit is suit)
        on_field = Counter(int(c.rank) for c in field if _is_money(c) and c.suit is suit)
        pairs = [
            (frozenset(pay.items()), frozenset(take.items()))
            for pay in _sub_multisets(paying)
            if pay
            for take in _sub_multisets(on_field)
            if _worth(take) == _worth(pay) and not set(take) & set(pay)
        ]
        if pairs:
            wanted.append(Counter(pairs))
    found = [
        Counter(
            (
                frozenset(Counter(int(c.rank) for c in o.pay).items()),
                frozenset(Counter(int(c.rank) for c in o.take).items()),
            )
            for o in options
        )
        for options in turn_options(revealed, field, stage=2).suit_choices
    ]
    assert found == wanted and all(n == 1 for options in found for n in options.values())


@settings(max_examples=40, deadline=None)
@given(revealed=cards_st, seed=st.integers(0, 10_000))
def test_buying_lists_every_minimal_paying_set_once(revealed, seed):
    """Ruling 8: a picture is bought with revealed money cards worth its price at least, one of
    them of its suit (any suit for a joker), none of which could be left out."""
    rng = random.Random(seed)
    field = domimi.full_field(1)
    rng.shuffle(field)
    field = field[: rng.randrange(5, 54)]
    money = Counter(c for c in revealed if _is_money(c))
    wanted = set()
    for picture in {c for c in field if not _is_money(c)}:
        price = domimi._price(picture)
        for pay in _sub_multisets(money):

            def buys(cards, picture=picture, price=price):
                suited = picture.joker is not None or any(c.suit is picture.suit for c in cards)
                return suited and sum(c.rank * k for c, k in cards.items()) >= price

            if buys(pay) and not any(buys(pay - Counter([c])) for c in pay):
                wanted.add((picture, frozenset(pay.items())))
    found = [
        (o.take[0], frozenset(Counter(o.pay).items()))
        for o in turn_options(revealed, field, stage=2)
        if o.kind == "buy"
    ]
    assert set(found) == wanted and len(found) == len(wanted)


def test_turn_options_are_fast_on_a_full_three_deck_field():
    field = domimi.full_field(3)
    hands = ["10♠ 9♠ 8♠ 7♠ 6♠", "10♠ 9♠ 10♥ 9♥ 8♦", "10♠ 10♣ 10♥ 10♦ 9♠", "A♠ 2♠ 3♠ 4♠ 5♠"]
    domimi.clear_caches()
    worst = 0.0
    for hand in hands:
        t = time.process_time()
        turn_options(hand, field, stage=2)
        worst = max(worst, time.process_time() - t)
    assert worst < 0.25  # generous for a loaded machine; the benchmark quotes the real figure (about 7 ms)


# ---- bots


def test_bots_read_only_the_view_and_greedy_beats_random():
    wins = 0
    games = 16
    for seed in range(games):
        state = domimi.new_game(players=2, seed=seed, round_limit=120)
        seats = [domimi.GreedyPlayer(), RandomPlayer()] if seed % 2 == 0 else [RandomPlayer(), domimi.GreedyPlayer()]
        playout(state, seats, seed=seed)
        greedy = 0 if seed % 2 == 0 else 1
        wins += state.result().places[greedy] == 1
    assert wins >= 13


def test_the_builder_beats_greedy_more_often_than_not():
    wins = 0
    games = 12
    for seed in range(games):
        state = domimi.new_game(players=2, seed=100 + seed)
        seats = [domimi.BuilderPlayer(), domimi.GreedyPlayer()]
        if seed % 2:
            seats.reverse()
        playout(state, seats, seed=seed)
        builder = seed % 2
        wins += state.result().places[builder] == 1
    assert wins > games // 2
