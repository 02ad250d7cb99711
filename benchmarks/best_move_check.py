"""Do the "best move here" exercises hold up? Each exercise's position asked again on fresh deals.

For each game with the kind, exercises of seeds ``--first`` on at one difficulty; each position is
rebuilt from the exercise's data and the coach asked again with another seed and four times the
playouts. Prints, per game, how often that fresh look finds another move best, how often it puts the
exercise's best no higher than its second best, and the exercise's lead over its second best against
the fresh look's lead of the same two moves (in percentage points, the mean over the exercises). A
search over many positions keeps some whose lead was luck; the second look of
:func:`rules.exercises.coached.confirmed` is there to leave them out.

    .venv/bin/python -m benchmarks.best_move_check                  # 60 exercises a game, difficulty 2
    .venv/bin/python -m benchmarks.best_move_check --exercises 20 durak
"""

from __future__ import annotations

import argparse
import datetime
import os
import time

import rules
from rules.coach import advise
from rules.exercises import generate
from rules.exercises.coached import position_of

GAMES = ("durak", "domino", "joker_rummy", "dummy_rummy", "domimi")
#: the fresh look's seed offset from the exercise's coach seed, and its playouts against the exercise's
FRESH_SEED, FRESH_TIMES = 1_000_003, 4


def check(game_id: str, seeds: range, difficulty: int) -> dict:
    """The fresh looks at the exercises of ``seeds`` (see the module)."""
    other, behind, leads, fresh_leads = 0, 0, [], []
    for seed in seeds:
        ex = generate(f"{game_id}.best_move", seed=seed, difficulty=difficulty)
        state = position_of(ex)
        estimates = ex.get("estimates")
        best, second = estimates[0][0], estimates[1][0]
        fresh = advise(
            state,
            ex.get("seat"),
            seconds=None,
            seed=ex.get("coach_seed") + FRESH_SEED,
            playouts=FRESH_TIMES * ex.get("playouts"),
        )
        score = {a.action.label: a.score for a in fresh}
        other += fresh[0].action.label != best
        behind += score[best] <= score[second]
        leads.append(estimates[0][1] - estimates[1][1])
        fresh_leads.append(score[best] - score[second])
    n = len(leads)
    return {
        "exercises": n,
        "other": other,
        "behind": behind,
        "lead": 100 * sum(leads) / n,
        "fresh": 100 * sum(fresh_leads) / n,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--exercises", type=int, default=60)
    parser.add_argument("--first", type=int, default=100, help="the first exercise's seed")
    parser.add_argument("--difficulty", type=int, default=2)
    args = parser.parse_args(argv)
    print(
        "| game | exercises | fresh look's best another move | exercise's best not ahead | lead (points) | fresh lead |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id in args.games:
        start = time.process_time()
        row = check(game_id, range(args.first, args.first + args.exercises), args.difficulty)
        print(
            f"| {rules.GAMES[game_id].name('en')} | {row['exercises']} | {row['other']} | {row['behind']} | "
            f"{row['lead']:.1f} | {row['fresh']:.1f} |  ({time.process_time() - start:.0f} s of CPU)",
            flush=True,
        )
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{now}; difficulty {args.difficulty}, seeds from {args.first}; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
