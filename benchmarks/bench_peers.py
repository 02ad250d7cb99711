"""Every engine beside well-known card-game engines, measured in one run.

Random playouts through the checked front door (``legal_actions()`` then ``apply``,
as a view or a table server plays), one process, counted per CPU second; beside them
RLCard's raw Gin Rummy game (pure Python: ``judge.get_legal_actions()`` then
``step``) and OpenSpiel's Gin Rummy (C++ behind Python bindings), when they are
installed (``pip install -e '.[peers]'``). The ratio column divides each engine's
figure by RLCard Gin Rummy's measured just before and just after it (their mean), so
a machine that gets busier during the run slows both sides of each ratio alike.

    .venv/bin/python benchmarks/bench_peers.py              # 3 s of CPU per engine
    .venv/bin/python benchmarks/bench_peers.py --seconds 10
    .venv/bin/python benchmarks/bench_peers.py durak domino   # these engines only

Seeds are fixed: game seed n and player seed n for the n-th game of each engine.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules

#: (game id, players) as the figures are quoted: four seats where the game allows it
ENGINES = tuple((gid, min(4, game.info.max_players)) for gid, game in rules.GAMES.items())


def _timed(play_one: Callable[[int], int], seconds: float) -> tuple[float, int]:
    """Play games 0, 1, 2 ... until ``seconds`` of CPU have passed; (actions per CPU second, games)."""
    actions, games = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += play_one(games)
        games += 1
    return actions / (time.process_time() - start), games


def random_playout(state, rng: random.Random, look: Callable[[list], object] | None = None) -> int:
    """Play ``state`` to its end (or to its game's limit of actions), each action drawn by ``rng``
    from ``legal_actions()`` and played through ``apply``; ``look`` sees every list of legal
    actions. The number of actions played."""
    limit = state.INFO.max_actions(state)
    n = 0
    while not state.is_over() and n < limit:
        actions = state.legal_actions()
        if look is not None:
            look(actions)
        state.apply(actions[rng.randrange(len(actions))])
        n += 1
    return n


def engine_game(gid: str, players: int) -> Callable[[int], int]:
    module = rules.GAMES[gid]

    def play_one(seed: int) -> int:
        return random_playout(module.new_game(players=players, seed=seed), random.Random(seed))

    return play_one


def rlcard_gin() -> Callable[[int], int] | None:
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return None

    def play_one(seed: int) -> int:
        game = GinRummyGame()
        game.np_random.seed(seed)
        rng = random.Random(seed)
        game.init_game()
        n = 0
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return play_one


def openspiel_gin() -> Callable[[int], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def play_one(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return play_one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per engine")
    parser.add_argument("game", nargs="*", help="game ids to measure (all by default)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the start: {load:.2f}; {args.seconds:g} s of CPU per engine")

    gin = rlcard_gin()
    gins = [_timed(gin, args.seconds)[0]] if gin else []
    print(f"{'engine':36} {'actions/s':>12} {'games':>7} {'× RLCard Gin':>13}")
    for gid, players in ENGINES:
        if args.game and gid not in args.game:
            continue
        speed, games = _timed(engine_game(gid, players), args.seconds)
        ratio = "-"
        if gin:
            gins.append(_timed(gin, args.seconds)[0])
            ratio = f"{speed / ((gins[-2] + gins[-1]) / 2):.2f}×"
        name = f"{rules.GAMES[gid].info.name_en} ({players} players)"
        print(f"{name:36} {speed:12,.0f} {games:7,d} {ratio:>13}", flush=True)
    reference = sum(gins) / len(gins) if gins else None
    spiel = openspiel_gin()
    spiel_speed = _timed(spiel, args.seconds)[0] if spiel else None
    if gin:
        print(f"{'RLCard Gin Rummy (raw game)':36} {reference:12,.0f} {'':7} {'1.00×':>13}")
        print(f"  ({len(gins)} runs between the engines: {min(gins):,.0f} to {max(gins):,.0f})")
    else:
        print("RLCard is not installed: pip install -e '.[peers]' for the ratio")
    if spiel_speed:
        ratio = f"{spiel_speed / reference:.2f}×" if reference else "-"
        print(f"{'OpenSpiel Gin Rummy (C++)':36} {spiel_speed:12,.0f} {'':7} {ratio:>13}")
    else:
        print("OpenSpiel is not installed: pip install -e '.[peers]'")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
