"""The three strengths of every coached game, against each other, and the coach's playouts per second.

Each pair of strengths (easy, heuristic, strong) plays ``--games`` games of two players
(the stronger in seat 0 in even games, in seat 1 in odd ones: seats alternate); a row
gives the stronger side's share of the games (a win 1, a draw one half, by the game's
own :class:`rules.coach.Coaching` value) with its 95% interval, the coach's playouts
per move and the playouts per second it managed while advising.

By default the coach thinks a fixed number of playouts a move, the game's
:attr:`rules.coach.Coaching.playouts` (as the class tables' strong bots do), whatever the time it
takes: the figures then depend on the seeds alone, not on the machine's load. That number is what
the coach reaches in 0.2 s a move on a quiet machine; ``--reach`` measures it again when the
engines' speed changes, from the coach's playouts per second of processor time over 10 moves of each
game against the book's bot (processor time, so that a busy machine does not lower the figure).
``--seconds S`` bounds each move's time too (0: no bound) and ``--playouts N`` sets the cap (0:
none).

    .venv/bin/python -m benchmarks.bench_coach                     # 200 games a pair
    .venv/bin/python -m benchmarks.bench_coach --games 60 --game durak --pair heuristic-strong
    .venv/bin/python -m benchmarks.bench_coach --reach             # the playouts of 0.2 s a move
    .venv/bin/python -m benchmarks.bench_coach --game domino --record  # and keep the rows in RECORD
    .venv/bin/python -m benchmarks.bench_coach --game domimi --jobs 2  # its games on two processes
    .venv/bin/python -m benchmarks.bench_coach --table             # the README's table of RECORD
    .venv/bin/python -m benchmarks.bench_coach --versus --games 4000  # each prior against its book bot

``--versus`` plays, where a game's strong bot starts from a sharper player than the game's bot
(its :attr:`rules.coach.Coaching.prior`), that player against the game's bot, with no coach: the
figure by which its settings were chosen.

With ``--record`` each row is also kept in :data:`RECORD` (by game and pair, a later run of
the same pair replacing the earlier), which the chapters' statistics pages show and the
README quotes (``tests/test_coach_strengths.py`` checks that they agree).

Game ``i`` of a pair is dealt with seed ``i``; the players choose with seed ``i`` too. ``--first N``
plays seeds from N instead, another sample of games (the kept rows are always from seed 0).

Two settings of a coach are best told apart on the same seeds, game by game: ``--games-file F``
writes each game's result (one JSON line: game, pair, seed, result), and ``--compare F G`` prints the
mean difference of G's results from F's over the games both played, with its standard error (the
games in which both did the same add no noise: where few games change, this needs far fewer games
than two shares; in Joker rummy a third of them change, and it spares little).

    .venv/bin/python -m benchmarks.bench_coach --game joker_rummy --pair heuristic-strong --games-file a.jsonl
    .venv/bin/python -m benchmarks.bench_coach --compare a.jsonl b.jsonl
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import functools
import json
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

import rules
from rules.coach import PAIRS, STRENGTH_NAMES, STRENGTHS, Coach, paired_noise, strong_playouts, win_share
from rules.game import play_bots

#: the rows kept by ``--record``: {game id: {"weak-strong": row}}
RECORD = Path(__file__).with_name("coach_strengths.json")


def record(game_id: str, weak: str, strong: str, row: dict, path: Path = RECORD) -> None:
    """Keep ``row`` as the figures of ``weak`` against ``strong`` in ``game_id`` (several runs may
    record at once: the file is locked while it is read and written)."""
    with open(path, "a+", encoding="utf-8") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        file.seek(0)
        text = file.read()
        kept = json.loads(text) if text.strip() else {}
        kept.setdefault(game_id, {})[f"{weak}-{strong}"] = row
        ordered = {g: dict(sorted(pairs.items())) for g, pairs in sorted(kept.items())}
        file.seek(0)
        file.truncate()
        file.write(json.dumps(ordered, indent=1, ensure_ascii=False) + "\n")


def _player(game, name: str, seconds: float, playouts: int | None):
    if name == "strong":
        return Coach(game.id, seconds=seconds, playouts=playouts)
    return game.players[name]()


def table(path: Path = RECORD) -> str:
    """The README's table of the kept rows (``--table`` prints it): a game at a time, in the
    file's order, its pairs weakest first."""
    kept = json.loads(path.read_text(encoding="utf-8"))
    lines = [
        "<!-- coach strengths: benchmarks/coach_strengths.json -->",
        "| game | weaker v stronger | games | stronger's share | 95% interval | coach's playouts a move "
        "| when, load average |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for game_id, rows in kept.items():
        for weak, strong in PAIRS:
            row = rows.get(f"{weak}-{strong}")
            if row is None:
                continue
            lines.append(
                f"| {rules.GAMES[game_id].name('en')} | {STRENGTH_NAMES[weak]('en')} v {STRENGTH_NAMES[strong]('en')} "
                f"| {row['games']} | {100 * row['share']:.1f}% | {100 * row['low']:.1f} to {100 * row['high']:.1f}% "
                f"| {'-' if row['playouts'] is None else row['playouts']} | {row['when']}, "
                f"{row['load'][0]} to {row['load'][1]} |"
            )
    return "\n".join(lines) + "\n"


def write_games(path: Path, game_id: str, weak: str, strong: str, first: int, results: list[float]) -> None:
    """Each game's result as a JSON line (``--games-file``), after those the file already holds."""
    with path.open("a") as f:
        for seed, result in enumerate(results, start=first):
            f.write(json.dumps({"game": game_id, "pair": f"{weak}-{strong}", "seed": seed, "result": result}) + "\n")


def compare(before: Path, after: Path) -> str:
    """The paired difference of ``after``'s results from ``before``'s (``--compare``), by game, pair and seed."""

    def read(path: Path) -> dict:
        rows = (json.loads(line) for line in path.read_text().splitlines() if line.strip())
        return {(r["game"], r["pair"], r["seed"]): r["result"] for r in rows}

    first, second = read(before), read(after)
    both = sorted(first.keys() & second.keys())
    if len(both) < 2:
        return f"{len(both)} games in both files: nothing to compare"
    after_results, before_results = [second[k] for k in both], [first[k] for k in both]
    mean = (sum(after_results) - sum(before_results)) / len(both)
    se = paired_noise(after_results, before_results)  # the coach's own measure of a paired difference
    differ = sum(1 for a, b in zip(after_results, before_results, strict=True) if a != b)
    shares = [100 * sum(results[k] for k in both) / len(both) for results in (first, second)]
    return (
        f"{len(both)} games in both; {differ} ended differently; {after.name} minus {before.name}: "
        f"{100 * mean:+.1f} points (standard error {100 * se:.1f}); "
        f"shares {shares[0]:.1f}% and {shares[1]:.1f}%"
    )


def play_game(game_id: str, weak: str, strong: str, i: int, seconds: float | None, playouts: int | None):
    """Game ``i`` of a pair: the stronger side's result, and the coach's (playouts, seconds, moves thought,
    moves where it left its starting move)."""
    game = rules.GAMES[game_id]
    value = game.coaching.value if game.coaching is not None else win_share
    state = game.new_game(players=2, seed=i)
    up = i % 2  # the stronger side's seat
    players = {up: _player(game, strong, seconds, playouts), 1 - up: _player(game, weak, seconds, playouts)}
    play_bots(state, players, random.Random(i))
    coaches = [p for p in players.values() if isinstance(p, Coach)]
    spent = (
        sum(c.spent[0] for c in coaches),
        sum(c.spent[1] for c in coaches),
        sum(c.thought for c in coaches),
        sum(c.left for c in coaches),
    )
    return (value(state, up) if state.is_over() else 0.5), spent


def share(results: list[float]) -> tuple[float, float, float]:
    """The mean of ``results`` (each from 0 to 1) and its 95% interval, within 0 and 1."""
    mean = sum(results) / len(results)
    sd = math.sqrt(sum((r - mean) ** 2 for r in results) / max(len(results) - 1, 1))
    half = 1.96 * sd / math.sqrt(len(results))
    return mean, max(mean - half, 0), min(mean + half, 1)


def play_pair(
    game,
    weak: str,
    strong: str,
    games: int,
    seconds: float | None,
    playouts: int | None = None,
    jobs: int = 1,
    first: int = 0,
):
    """The stronger side's results game by game (games ``first`` to ``first + games - 1``), and the
    coach's (playouts, seconds, moves thought, moves left). With ``jobs`` above 1 the games are shared among
    that many processes: each game is dealt and played from its own seed, so the results are the same."""
    results, spent = [], [0, 0.0, 0, 0]
    play = functools.partial(play_game, game.id, weak, strong, seconds=seconds, playouts=playouts)
    with multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for result, used in (pool.imap if pool is not None else map)(play, range(first, first + games)):
            results.append(result)
            for k in range(4):
                spent[k] += used[k]
            print(
                f"  {game.id} {weak} v {strong}: game {len(results)} (seed {first + len(results) - 1}) {result:g}, "
                f"{sum(results) / len(results):.3f} so far",
                file=sys.stderr,
                flush=True,
            )
    return results, spent


def reach(game, seconds: float, moves: int = 10, probe: int = 100) -> tuple[float, float, float]:
    """The playouts the coach reaches in ``seconds`` of thought a move: it thinks ``probe``
    playouts a move for its first ``moves`` moves with a choice, in games against the book's
    bot, and its playouts per second of this process's processor time give the playouts of
    ``seconds`` on a machine with a core to spare (a busy machine slows the clock on the wall,
    not the processor time). Returns (playouts a move, playouts per processor second, playouts
    per second on the wall)."""
    coach = Coach(game.id, seconds=None, playouts=probe)
    seed = 0
    while coach.thought < moves:
        state = game.new_game(players=2, seed=seed)
        coach.memory = None
        players = {seed % 2: coach, 1 - seed % 2: game.bot_player()}
        rng = random.Random(seed)
        while coach.thought < moves and not state.is_over():
            seat = state.current_player
            state._advance(players[seat].choose(state.view(seat), state.legal_actions(), rng))
        seed += 1
    n, wall, cpu = coach.spent
    return seconds * n / cpu, n / cpu, n / wall


def versus(ids: list[str], games: int, jobs: int = 1) -> None:
    """Print, for each game of ``ids`` whose strong bot starts from a player of its own (the
    coaching's ``prior``), that player's share of ``games`` games against the game's bot."""
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {os.getloadavg()[0]:.2f}")
    for game_id in ids:
        game = rules.GAMES[game_id]
        prior = game.coaching.prior
        if prior is not None:
            mean, low, high = share(play_pair(game, game.bot, prior, games, None, jobs=jobs)[0])
            print(
                f"{game.name('en')}: {prior} v {game.bot}, {games} games: {100 * mean:.1f}% "
                f"({100 * low:.1f} to {100 * high:.1f}%)"
            )


def print_reach(ids: list[str], seconds: float, moves: int) -> None:
    """``--reach``'s table: each coached game's playouts in ``seconds`` a move (see :func:`reach`)."""
    now = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"{now}; load average {os.getloadavg()[0]:.2f}; the coach's playouts in {seconds} s of processor time, "
        f"over its first {moves} moves with a choice"
    )
    print("| game | coach playouts/move | playouts/processor s | playouts/s on the wall |")
    print("| --- | --- | --- | --- |")
    for game_id in ids:
        if rules.GAMES[game_id].coaching is not None:
            per_move, rate, wall = reach(rules.GAMES[game_id], seconds, moves)
            print(f"| {rules.GAMES[game_id].name('en')} | {per_move:,.0f} | {rate:,.0f} | {wall:,.0f} |", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=0, help="the coach's time a move (0: no time bound)")
    parser.add_argument(
        "--playouts",
        type=int,
        default=None,
        help="the coach's playouts a move (0: no cap; default: the game's Coaching.playouts)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes that share a pair's games (the results do not change)"
    )
    parser.add_argument(
        "--first", type=int, default=0, help="the first game's seed (another sample; not kept by --record)"
    )
    parser.add_argument("--game", action="append", help="a game id (default: every coached game)")
    parser.add_argument(
        "--pair", action="append", choices=[f"{w}-{s}" for w, s in PAIRS], help="a pair to play (default: all three)"
    )
    parser.add_argument("--reach", action="store_true", help="measure the playouts of 0.2 s a move (see above)")
    parser.add_argument("--moves", type=int, default=10, help="the moves --reach measures over (default 10)")
    parser.add_argument("--record", action="store_true", help=f"keep each row in {RECORD.name} (see above)")
    parser.add_argument("--versus", action="store_true", help="each game's prior against its bot (see above)")
    parser.add_argument("--table", action="store_true", help=f"print the README's table of {RECORD.name}")
    parser.add_argument("--games-file", type=Path, help="add each game's result to this file (see above)")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"), help="two --games-file files")
    args = parser.parse_args(argv)
    if args.compare:
        print(compare(*args.compare))
        return
    ids = args.game or [g.id for g in rules.GAMES.values() if set(STRENGTHS) <= set(g.players)]
    if args.table:
        print(table(), end="")
        return
    if args.versus:
        versus(ids, args.games, args.jobs)
        return
    if args.reach:
        print_reach(ids, args.seconds or 0.2, args.moves)
        return
    if args.record and args.first:
        parser.error("--record keeps games from seed 0 only: the kept rows and the book's tables say so")
    pairs = [p for p in PAIRS if not args.pair or f"{p[0]}-{p[1]}" in args.pair]
    seconds = args.seconds or None
    if seconds is None and args.playouts == 0:
        parser.error("the coach needs a bound: --seconds or --playouts")
    bound = f"{seconds} s" if seconds else "no time bound"
    if args.playouts is None:
        cap = "the game's Coaching.playouts"
    else:
        cap = f"{args.playouts:,} playouts" if args.playouts else "no cap on the playouts"
    load, now = os.getloadavg()[0], time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"{now}; load average {load:.2f}; coach: {bound} and {cap} a move; {args.games} games a pair")
    print(
        "| game | pair (weaker v stronger) | stronger's share | 95% interval | coach playouts/move | coach playouts/s |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for game_id in ids:
        game = rules.GAMES[game_id]
        playouts = strong_playouts(game) if args.playouts is None else args.playouts or None
        for weak, strong in pairs:
            start, began, load_before = time.perf_counter(), time.gmtime(), os.getloadavg()[0]
            results, (n, secs, moves, left) = play_pair(
                game, weak, strong, args.games, seconds, playouts, args.jobs, args.first
            )
            if args.games_file:
                write_games(args.games_file, game_id, weak, strong, args.first, results)
            mean, low, high = share(results)
            rate = f"{n / secs:,.0f}" if secs else "-"
            per_move = f"{n / moves:,.0f}" if moves else "-"
            names = f"{STRENGTH_NAMES[weak]('en')} v {STRENGTH_NAMES[strong]('en')}"
            if args.record:
                row = {
                    "games": len(results),
                    "share": round(mean, 6),
                    "low": round(low, 6),
                    "high": round(high, 6),
                    "playouts": round(n / moves) if moves else None,
                    "when": f"{time.strftime('%Y-%m-%d %H:%M', began)} to {time.strftime('%H:%M UTC', time.gmtime())}",
                    "load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
                }
                record(game_id, weak, strong, row)
            print(
                f"| {game.name('en')} | {names} | {100 * mean:.1f}% | {100 * low:.1f} to {100 * high:.1f}% "
                f"| {per_move} | {rate} |  "
                f"({len(results)} games, {time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.2f}"
                f"{f'; the coach left its starting move in {left:,} of {moves:,} choices' if moves else ''})",
                flush=True,
            )
    print(f"{time.strftime('%H:%M UTC', time.gmtime())}; load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
