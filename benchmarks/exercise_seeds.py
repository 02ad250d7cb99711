"""Every kind of exercise generated from many seeds at every difficulty: none may fail, and each
one's own solution must be judged right. Prints, per kind, the failures, the CPU time and the seeds
checked per CPU second (each seed at every difficulty), then the date and the load average.

    .venv/bin/python -m benchmarks.exercise_seeds --seeds 10000
    nice -n 10 .venv/bin/python -m benchmarks.exercise_seeds --seeds 10000 joker_rummy.meld durak

runs every kind, or only the kinds named (a game's name stands for all its kinds). Every kind at
10,000 seeds takes about 50 min of CPU, two fifths of it Minefield's: on a shared machine, run a few
at a time. ``tests/test_exercises.py`` runs the same check on 60 seeds (Minefield's on 8).
"""

from __future__ import annotations

import argparse
import datetime
import os
import time

from rules.exercises import games, generate, kinds
from rules.exercises.core import DIFFICULTIES


def problems(kind_id: str, seeds: range) -> list[str]:
    """What went wrong for ``kind_id`` over ``seeds`` at every difficulty (empty: nothing)."""
    out = []
    for difficulty in DIFFICULTIES:
        for seed in seeds:
            try:
                ex = generate(kind_id, seed, difficulty)
                if not ex.check(ex.solution).correct:
                    out.append(f"{kind_id} seed {seed} difficulty {difficulty}: its own solution is judged wrong")
            except Exception as error:  # every failure is reported, then the run goes on
                out.append(f"{kind_id} seed {seed} difficulty {difficulty}: {type(error).__name__}: {error}")
    return out


def chosen(names: list[str]) -> list[str]:
    """The kinds ``names`` stand for (a kind, or a game for all its kinds), in order, each once;
    every kind when ``names`` is empty. An unknown name raises ValueError naming it."""
    if not names:
        return kinds()
    out: list[str] = []
    for name in names:
        if name in games():
            found = kinds(name)
        elif name in kinds():
            found = [name]
        else:
            raise ValueError(f"no kind or game {name!r}; games: {', '.join(games())}; kinds: {', '.join(kinds())}")
        out += [k for k in found if k not in out]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10_000, help="seeds 0 to N-1 of each kind (default 10000)")
    parser.add_argument("names", nargs="*", metavar="KIND", help="kinds or games to run (default: every kind)")
    parser.add_argument("--kinds", nargs="*", default=[], help="the same as KIND ... (kept for older commands)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error(f"--seeds must be at least 1, not {args.seeds}")
    try:
        todo = chosen([*args.names, *args.kinds])
    except ValueError as error:
        parser.error(str(error))
    failed, total = [], 0.0
    for kind_id in todo:
        start = time.process_time()
        found = problems(kind_id, range(args.seeds))
        spent = time.process_time() - start
        total += spent
        failed += found
        rate = args.seeds / spent if spent > 0 else float("inf")
        print(
            f"{kind_id:28} {args.seeds:,} seeds × {len(DIFFICULTIES)} difficulties: {spent:7.1f} s CPU, "
            f"{rate:8.1f} seeds/s, {len(found)} failures",
            flush=True,
        )
        for line in found[:5]:
            print("   ", line)
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"all {len(todo)} kinds: {total:.1f} s CPU, {len(failed)} failures ({now}, load average {load})")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
