"""Dummy rummy speed, the meld oracle's worst case, and the long statistics runs quoted by the chapter.

Targets (issue 11): random playouts through ``apply`` at least 30,000 actions/s on one
core; ``find_contract`` well under 50 ms on any 19-card hand.

    .venv/bin/python -m benchmarks.bench_dummy_rummy             # everything
    .venv/bin/python -m benchmarks.bench_dummy_rummy --speed     # playouts and the oracle only
    .venv/bin/python -m benchmarks.bench_dummy_rummy --games 600 # statistics runs of 600 games

Seeds are fixed: playouts use game seeds 0..N-1 after an untimed warm-up on seeds
1000..1004; the oracle search seeds 0; the statistics runs seeds 0..games-1.
"""

from __future__ import annotations

import argparse
import functools
import random
import time

from rules import dummy_rummy as dr
from rules.cards import deck, format_cards, parse_cards
from rules.game import RandomPlayer
from rules.simulate import simulate

TARGET = 30_000  # actions per second through apply, one core
ORACLE_TARGET_MS = 50


def apply_speed(players: int, games: int) -> tuple[float, float]:
    """Random games played through the checked front door (legal_actions, then apply)."""
    for seed in range(1000, 1005):  # warm-up: the oracle's memo and the action caches
        _random_game(players, seed)
    actions = 0
    cpu = time.process_time()
    for seed in range(games):
        actions += _random_game(players, seed)
    cpu = time.process_time() - cpu
    return actions / cpu, actions / games


def _random_game(players: int, seed: int) -> int:
    state = dr.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return len(state.history)


def _time_ms(number: int, hand) -> float:
    dr._SKELETONS.clear()  # the worst case is the first, unmemoised call
    start = time.perf_counter()
    dr.find_contract(number, hand)
    return 1000 * (time.perf_counter() - start)


#: hands built to be hard: every rank once or twice (many shapes to try) and a few wild cards
CRAFTED = [
    "A♠ 3♠ 4♥ 5♠ 6♠ 7♥ 8♠ 9♠ 10♥ J♠ Q♠ K♥ 2♣ RJ A♥ 5♥ 9♥ K♠ 7♣",
    "A♠ 3♠ 4♥ 5♠ 6♠ 7♥ 8♠ 9♠ 10♥ J♠ Q♠ K♥ 2♣ A♦ 5♥ 9♥ K♠ 7♣ 3♥",
    "A♠ 3♠ 4♥ 5♠ 6♠ 7♥ 8♠ 9♠ 10♥ J♠ Q♠ K♥ 2♣ 2♦ RJ BJ 9♥ K♠ 7♣",
]


def oracle_worst(samples: int, climbs: int) -> dict[int, tuple[float, list]]:
    """The slowest 19-card hand found per contract: crafted and random hands, then a hill climb from the slowest."""
    rng = random.Random(0)
    pack = deck(52, jokers=2, copies=2)
    worst = {}
    for number in dr.CONTRACTS:
        best_ms, best = 0.0, None
        starts = [parse_cards(text) for text in CRAFTED] + [rng.sample(pack, 19) for _ in range(samples)]
        for hand in starts:
            ms = min(_time_ms(number, hand) for _ in range(2))
            if ms > best_ms:
                best_ms, best = ms, hand
        for _ in range(climbs):  # swap one card for another and keep the slower hand
            hand = best.copy()
            hand[rng.randrange(19)] = rng.choice(pack)
            ms = min(_time_ms(number, hand) for _ in range(2))
            if ms > best_ms:
                best_ms, best = ms, hand
        worst[number] = (min(_time_ms(number, best) for _ in range(5)), best)
    return worst


def _hands(n: int) -> list:
    return [dr.HeuristicPlayer()] * n


def _no_cut_in_first(n: int, seed: int) -> list:
    return [dr.HeuristicPlayer(cut_ins=False), *[dr.HeuristicPlayer()] * (n - 1)]


def _heuristic_first(n: int, seed: int) -> list:
    return [dr.HeuristicPlayer(), *[RandomPlayer()] * (n - 1)]


def statistics(games: int) -> None:
    for n in (2, 3, 4):
        start = time.perf_counter()
        table = simulate(functools.partial(dr.new_game, players=n), _hands(n), dr.measure, games=games)
        hands = table.column("hands")
        stall = {k: sum(table.column(f"spent_{k}")) / max(1, sum(table.column(f"made_{k}"))) for k in dr.CONTRACTS}
        slow = max(stall, key=stall.get)
        cut = sum(table.column("cut_down")) / max(1, sum(table.column("cut_hands")))
        plain = sum(table.column("plain_down")) / max(1, sum(table.column("plain_hands")))
        print(
            f"  {n} heuristic players, {games} games ({time.perf_counter() - start:.0f} s): "
            f"{sum(hands) / games:.2f} hands a game (min {min(hands)}, max {max(hands)}); "
            f"{table.mean('actions'):.0f} actions; cut-ins {table.mean('cut_ins'):.2f} a game"
        )
        print("    hands per contract made: " + ", ".join(f"{k}: {v:.2f}" for k, v in stall.items()))
        print(f"    slowest contract: {slow} ({stall[slow]:.2f} hands)")
        print(f"    went down in {100 * cut:.1f}% of hands with a cut-in, {100 * plain:.1f}% without")
        for name, make in (("without cut-ins", _no_cut_in_first), ("heuristic among random players", _heuristic_first)):
            table = simulate(
                functools.partial(dr.new_game, players=n), functools.partial(make, n), dr.measure, games=games
            )
            share = table.share("winner", 0)
            print(f"    seat 1 {name}: wins {100 * share:.1f}% (fair share {100 / n:.1f}%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per statistics run")
    parser.add_argument("--speed", action="store_true", help="playouts and the oracle only")
    args = parser.parse_args()

    print("random playouts through apply, one core, 60 games each:")
    for n in (2, 3, 4):
        speed, per_game = apply_speed(n, 60)
        flag = "ok" if speed >= TARGET else "BELOW TARGET"
        print(f"  {n} players: {speed:,.0f} actions/s [{flag}], {per_game:,.0f} actions a game")

    print(
        "find_contract on 19 cards, the slowest hand found "
        "(3 crafted and 400 random hands, a 300-step climb per contract):"
    )
    worst = oracle_worst(400, 300)
    for number, (ms, hand) in worst.items():
        print(f"  contract {number:2}: {ms:6.2f} ms  {format_cards(hand)}")
    top = max(ms for ms, _ in worst.values())
    verdict = "ok" if top < ORACLE_TARGET_MS else "ABOVE TARGET"
    print(f"  worst of all: {top:.2f} ms [{verdict}: target under {ORACLE_TARGET_MS} ms]")
    if args.speed:
        return
    print(f"statistics (seeds 0..{args.games - 1}, every core):")
    statistics(args.games)


if __name__ == "__main__":
    main()
