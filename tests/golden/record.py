"""The golden transcripts' recorder: games told in English and Russian, kept as JSON.

A transcript (``tests/golden/<game id>.json``) holds cases; each case is how a game
was set up (one of its factories and the arguments), the labels of the actions
played, and the story :meth:`rules.game.State.log` told of them in both languages.
``tests/test_golden.py`` replays every case of every game and asks for the same
story, sentence for sentence::

    .venv/bin/python -m tests.golden.record joker_rummy     # a game without a transcript
    .venv/bin/python -m tests.golden.record --retell durak  # tell the recorded games again

The first form records a game's default cases, keeping any case the file already
holds: a seeded game played by the game's bots (up to :data:`ACTIONS` actions),
and each teaching set-up played on by them. ``--retell`` keeps every case's set-up
and actions and records the story anew: after a deliberate change of wording,
read the difference (``git diff tests/golden``) before committing it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import rules
from rules.game import Game, State
from tests import war

GOLDEN = Path(__file__).resolve().parent
#: the most actions of a recorded seeded game, and of a set-up played on
ACTIONS, SETUP_ACTIONS = 300, 60
LANGS = ("en", "ru")
#: the games with a transcript: the book's (the registry) and the template game
GAMES: dict[str, Game] = {**rules.GAMES, war.GAME.id: war.GAME}


def path(game: Game) -> Path:
    return GOLDEN / f"{game.id}.json"


def cases(game: Game) -> list[dict]:
    """The game's recorded cases (none if it has no transcript yet)."""
    file = path(game)
    if not file.exists():
        return []
    data = json.loads(file.read_text(encoding="utf-8"))
    if data.get("game") != game.id:
        raise ValueError(f"{file} is the transcript of {data.get('game')!r}, not of {game.id!r}")
    return data["cases"]


def replay(game: Game, case: dict) -> State:
    """The state a case's set-up and actions lead to."""
    state = game.make(case["factory"], **case["args"])
    for label in case["history"]:
        state.apply_label(label)
    return state


def story(state: State) -> dict[str, list[str]]:
    return {lang: [entry.text for entry in state.log(lang)] for lang in LANGS}


def record(game: Game, name: str, state: State) -> dict:
    """A case of ``state`` as it stands: its origin, its actions and its story."""
    factory, args = state.origin
    case = {"name": name, "factory": factory, "args": args, "history": [a.label for a in state.history]}
    again = replay(game, case)
    assert again.replay_key() == state.replay_key(), f"{game.id}: {name} does not replay from its save"
    return {**case, "log": story(again)}


def played(state: State, game: Game, seed: int, limit: int) -> State:
    """``state`` played on by the game's bots (the view's bot in every seat), seeded."""
    rng = random.Random(seed)
    bots = [game.bot_player() for _ in range(state.num_players)]
    while not state.is_over() and len(state.history) < limit:
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), state.legal_actions(), rng)
        state.apply(action)
    return state


def default_cases(game: Game) -> list[dict]:
    players = game.info.default_players
    seeded = played(game.new_game(players=players, seed=1), game, seed=1, limit=ACTIONS)
    out = [record(game, f"{players} players, seed 1, the game's bots", seeded)]
    for name, setup in game.setups.items():
        out.append(record(game, f"set-up {name}", played(setup(), game, seed=2, limit=SETUP_ACTIONS)))
    return out


def write(game: Game, recorded: list[dict]) -> None:
    text = json.dumps({"game": game.id, "cases": recorded}, ensure_ascii=False, indent=1)
    path(game).write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", choices=sorted(GAMES), help="game ids")
    parser.add_argument("--retell", action="store_true", help="tell the recorded cases again")
    args = parser.parse_args(argv)
    for gid in args.games:
        game = GAMES[gid]
        kept = cases(game)
        if args.retell:
            recorded = [{**case, "log": story(replay(game, case))} for case in kept]
        else:
            names = {case["name"] for case in kept}
            recorded = kept + [case for case in default_cases(game) if case["name"] not in names]
        write(game, recorded)
        print(f"{path(game).relative_to(GOLDEN.parents[1])}: {len(recorded)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
