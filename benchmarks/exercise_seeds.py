"""Every kind of exercise generated from many seeds at every difficulty: none may fail, and each
one's own solution must be judged right. Prints the failures and the CPU time per kind.

    .venv/bin/python benchmarks/exercise_seeds.py --seeds 10000
    .venv/bin/python benchmarks/exercise_seeds.py --seeds 10000 --kinds joker_rummy.meld durak.beats

``tests/test_exercises.py`` runs the same check on fewer seeds, within about half a minute.
"""

from __future__ import annotations

import argparse
import time

from rules.exercises import generate, kinds
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10_000)
    parser.add_argument("--kinds", nargs="*", default=None)
    args = parser.parse_args()
    failed, total = [], 0.0
    for kind_id in args.kinds or kinds():
        start = time.process_time()
        found = problems(kind_id, range(args.seeds))
        spent = time.process_time() - start
        total += spent
        failed += found
        print(
            f"{kind_id:28} {args.seeds:,} seeds × {len(DIFFICULTIES)} difficulties: {spent:7.1f} s CPU, "
            f"{len(found)} failures",
            flush=True,
        )
        for line in found[:5]:
            print("   ", line)
    print(f"all: {total:.1f} s CPU, {len(failed)} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
