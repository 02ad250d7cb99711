"""Every engine beside well-known card-game engines, measured in one run.

Random playouts through the checked front door (``legal_actions()`` then ``apply``,
as a view or a table server plays), one process, counted per CPU second; beside them
RLCard's raw Gin Rummy game (pure Python: ``judge.get_legal_actions()`` then
``step``) and OpenSpiel's Gin Rummy (C++ behind Python bindings), when they are
installed (``pip install -e '.[peers]'``).

The ratio column compares each engine with RLCard Gin Rummy played in turns with it:
the engine's CPU time is cut into ``--slices`` slices, each played between two slices
of RLCard Gin Rummy, and the ratio divides the engine's actions per CPU second over
its slices by Gin Rummy's over the slices around them. A virtual machine's speed
drifts from second to second; taken in turns, both sides of a ratio see the same
machine, so the ratio holds still where a whole run's figures do not.

    .venv/bin/python -m benchmarks.bench_peers              # 3 s of CPU per engine
    .venv/bin/python -m benchmarks.bench_peers --seconds 10
    .venv/bin/python -m benchmarks.bench_peers durak domino   # these engines only

Seeds are fixed: game seed n and player seed n for the n-th game of each engine.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

import rules

#: (game id, players) as the figures are quoted: four seats where the game allows it
ENGINES = tuple((gid, min(4, game.info.max_players)) for gid, game in rules.GAMES.items())


class _Timed:
    """Games 0, 1, 2 ... of one engine, played in slices of CPU time; the next slice goes on
    from the next game (so a whole run plays the same games as one long slice would)."""

    def __init__(self, play_one: Callable[[int], int]):
        self.play_one = play_one
        self.games = 0
        self.actions = 0
        self.cpu = 0.0

    def run(self, seconds: float) -> float:
        """Play until ``seconds`` of CPU have passed (at least one game); actions per CPU second."""
        actions = 0
        start = time.process_time()
        while True:
            actions += self.play_one(self.games)
            self.games += 1
            spent = time.process_time() - start
            if spent >= seconds:
                break
        self.actions += actions
        self.cpu += spent
        return actions / spent

    @property
    def speed(self) -> float:
        """Actions per CPU second over every slice played."""
        return self.actions / self.cpu


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


def _compared(engine: _Timed, gin: _Timed, seconds: float, slices: int) -> float:
    """The engine's speed over RLCard Gin Rummy's, played in turns: ``slices`` slices of the
    engine of ``seconds / slices`` CPU seconds each, each between two slices of Gin Rummy."""
    share = seconds / slices
    actions, cpu = gin.actions, gin.cpu
    gin.run(share)
    for _ in range(slices):
        engine.run(share)
        gin.run(share)
    return engine.speed / ((gin.actions - actions) / (gin.cpu - cpu))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per engine")
    parser.add_argument("--slices", type=int, default=10, help="slices each engine's time is cut into")
    parser.add_argument("game", nargs="*", help="game ids to measure (all by default)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the start: {load:.2f}; {args.seconds:g} s of CPU per engine in {args.slices} slices")

    play_gin = rlcard_gin()
    gin = _Timed(play_gin) if play_gin else None
    print(f"{'engine':36} {'actions/s':>12} {'games':>7} {'× RLCard Gin':>13}")
    for gid, players in ENGINES:
        if args.game and gid not in args.game:
            continue
        engine = _Timed(engine_game(gid, players))
        ratio = "-"
        if gin:
            ratio = f"{_compared(engine, gin, args.seconds, args.slices):.2f}×"
        else:
            engine.run(args.seconds)
        name = f"{rules.GAMES[gid].info.name_en} ({players} players)"
        print(f"{name:36} {engine.speed:12,.0f} {engine.games:7,d} {ratio:>13}", flush=True)
    spiel = openspiel_gin()
    spiel_speed = _Timed(spiel).run(args.seconds) if spiel else None
    if gin:
        print(f"{'RLCard Gin Rummy (raw game)':36} {gin.speed:12,.0f} {gin.games:7,d} {'1.00×':>13}")
    else:
        print("RLCard is not installed: pip install -e '.[peers]' for the ratio")
    if spiel_speed:
        ratio = f"{spiel_speed / gin.speed:.2f}×" if gin else "-"
        print(f"{'OpenSpiel Gin Rummy (C++)':36} {spiel_speed:12,.0f} {'':7} {ratio:>13}")
    else:
        print("OpenSpiel is not installed: pip install -e '.[peers]'")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
