"""Long fuzz run: hostile notation, saves and actions against every game.

Checks that only ``rules.RulesError`` subclasses ever escape, that a refused
action leaves the state as it was, and that nothing takes long. Prints the counts
the README quotes. Bounded in time (``--seconds`` per part, default 60)::

    .venv/bin/python -m benchmarks.fuzz --seconds 60
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import random
import string
import time

import rules
from rules.cards import parse_cards
from rules.errors import IllegalAction, RulesError
from rules.game import playout

ALPHABET = string.printable + "♠♣♥♦♤♧♡♢ТВДКАЧЖжтвдкачſᲀᲁᲄ\u202e\u200b\ufe0f1234567890 ,;"


def fuzz_notation(rng: random.Random, seconds: float) -> tuple[int, float]:
    done, worst, end = 0, 0.0, time.monotonic() + seconds
    while time.monotonic() < end:
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 60)))
        start = time.perf_counter()
        try:
            parse_cards(text)
        except RulesError as error:
            assert len(error.message("en")) < 200 and "\u202e" not in error.message("ru"), text
        worst = max(worst, time.perf_counter() - start)
        done += 1
    return done, worst


def _mutations(text: str, rng: random.Random):
    data = json.loads(text)
    yield text[: rng.randrange(len(text))]
    for key in list(data):
        broken = dict(data)
        broken[key] = rng.choice([None, -1, 10**12, "x", [], {}, 1.5, True, "🂡" * 50])
        yield json.dumps(broken)
    args = dict(data.get("args", {}))
    for key in list(args):
        broken_args = dict(args)
        broken_args[key] = rng.choice([None, -1, 10**9, "x", [], 2.5, True])
        yield json.dumps({**data, "args": broken_args})
    history = list(data.get("history", []))
    if history:
        i = rng.randrange(len(history))
        history[i] = history[i][::-1]
        yield json.dumps({**data, "history": history})


def fuzz_saves(rng: random.Random, seconds: float) -> tuple[int, float]:
    done, worst, end = 0, 0.0, time.monotonic() + seconds
    modules = list(rules.GAMES.values())
    while time.monotonic() < end:
        module = rng.choice(modules)
        state = module.new_game(players=module.info.min_players, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(30)):
            if state.is_over():
                break
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        for text in _mutations(state.to_json(), rng):
            start = time.perf_counter()
            with contextlib.suppress(RulesError):
                module.from_json(text)
            worst = max(worst, time.perf_counter() - start)
            done += 1
    return done, worst


def fuzz_actions(rng: random.Random, seconds: float) -> tuple[int, int]:
    tried, refused, end = 0, 0, time.monotonic() + seconds
    modules = list(rules.GAMES.values())
    junk = [None, -1, 10**9, "x", (), frozenset(), 1.5]
    while time.monotonic() < end:
        module = rng.choice(modules)
        state = module.new_game(players=module.info.min_players, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 40)):
            if state.is_over():
                break
            actions = state.legal_actions()
            action = rng.choice(actions)
            fields = [f for f in dataclasses.fields(action) if f.compare]
            field = rng.choice(fields)
            with_junk = dataclasses.replace(action, **{field.name: rng.choice(junk)})
            key = state.replay_key()
            tried += 1
            try:
                state.apply(with_junk)
            except IllegalAction:
                refused += 1
                assert state.replay_key() == key, f"{module.info.id}: a refused action changed the state"
            else:
                state = state.undo(1)
            state.apply(action)
    return tried, refused


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="time for each of the three parts")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n, worst = fuzz_notation(rng, args.seconds)
    print(f"notation: {n:,} random texts, only NotationError raised, slowest {worst * 1000:.2f} ms")
    n, worst = fuzz_saves(rng, args.seconds)
    print(
        f"saves: {n:,} damaged saves of {len(rules.GAMES)} games, only RulesError raised, slowest {worst * 1000:.1f} ms"
    )
    tried, refused = fuzz_actions(rng, args.seconds)
    print(f"actions: {tried:,} malformed actions, {refused:,} refused with IllegalAction, state unchanged each time")
    playout(rules.GAMES["durak"].new_game(players=2, seed=1))  # the games still play after all this


if __name__ == "__main__":
    main()
