"""How well the coach's imagined deals foretell who finishes a deal of Joker rummy first.

Games of two between the book's bots; at each draw of seat 0 from its second turn on, the coach's
imagined deals from seat 0's view (what it remembers included) are each played by the book's bot to
the end of the deal, as the strong bot's playouts are, and give the chance that the other player
goes out first. Beside it, what happened. The table groups the positions by that chance and by what
the other player shows (opened or not, its cards in hand); the Brier score (mean squared error,
lower is better) is set against the other player's rate over all positions, which knows nothing
of the deal, and against the same playouts told the other player's real hand (the stock still
guessed): a measure of what the hand would be worth, which no player of the book is given. Where
the imagined deals are calibrated but tell little more than that rate, what the strong bot lacks is
not a fairer guess of the hidden hand but the hand itself.

    .venv/bin/python -m benchmarks.deal_calibration               # 200 games, 16 imagined deals a position
    .venv/bin/python -m benchmarks.deal_calibration --games 20    # a quick look
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter, defaultdict

import rules
from rules.coach import _with_memory, remembered


def positions(games: int, worlds: int):
    """(what the other player shows, the chance it goes out first by the imagined deals, the same
    told its hand, whether it did) at each draw of seat 0 from its second turn on, in games dealt
    with seeds 0 on."""
    game = rules.GAMES["joker_rummy"]
    coaching = game.coaching
    for seed in range(games):
        state = game.new_game(players=2, seed=seed)
        bot, rng = game.bot_player(), random.Random(seed)
        marks = []
        while not state.is_over():
            view = state.view(state.current_player)
            if state.current_player == 0 and view["phase"] == "draw" and view["turn_no"] >= 2:
                seen = _with_memory(game, view, remembered(state, 0))
                chance = random.Random(f"{seed}/{len(state.history)}")
                out = sum(_other_goes_out(coaching, seen, chance) for _ in range(worlds)) / worlds
                hand = state.hands[1]
                told = sum(_other_goes_out(coaching, seen, chance, hand) for _ in range(worlds)) / worlds
                marks.append((len(state.deal_scores), view["opened"][1], view["hand_sizes"][1], out, told))
            actions = state.legal_actions()
            state._advance(actions[0] if len(actions) == 1 else bot.choose(view, actions, rng))
        for deal, opened, size, out, told in marks:
            yield opened, size, out, told, state.deal_log[deal]["winner"] == 1


def _other_goes_out(coaching, view: dict, rng: random.Random, hand: list[int] | None = None) -> bool:
    """Whether the other player goes out first in one imagined deal played on by the book's bot; given
    ``hand`` (card codes), the other player holds it and the rest of the cards unseen make the stock."""
    world = coaching.deal(view, random.Random(rng.randrange(2**62)))
    if hand is not None:
        hidden = Counter(world.hands[1]) + Counter(world.stock)
        hidden.subtract(hand)
        stock = sorted(hidden.elements())
        rng.shuffle(stock)
        world.hands[1], world.stock = sorted(hand), stock
    start = coaching.stage(world)
    while not world.is_over() and coaching.stage(world) == start:
        actions = world.legal_actions()
        world._advance(actions[0] if len(actions) == 1 else coaching.policy(world, actions, rng))
    return world.deal_log[start].get("winner") == 1


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=16, help="imagined deals a position")
    args = parser.parse_args(argv)
    began, load = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), os.getloadavg()[0]
    found = list(positions(args.games, args.worlds))
    groups: dict[str, list] = defaultdict(list)
    for opened, size, out, told, went in found:
        low = min(int(out * 5), 4) / 5
        shown = f"{min(size, 8)}+ cards" if size >= 8 else f"{size} card{'' if size == 1 else 's'}"
        for name in (f"the chance {low:.1f} to {low + 0.2:.1f}", f"opened, {shown}" if opened else "not opened"):
            groups[name].append((out, told, went))
    print(f"{began}, load average {load:.2f}: {args.games} games, {len(found)} positions, {args.worlds} deals each")
    print("| positions (the other player) | count | the imagined deals' chance | told its hand | it went out first |")
    print("| --- | --- | --- | --- | --- |")
    for name in sorted(groups):
        rows = groups[name]
        chance, told, went = (sum(x) / len(rows) for x in zip(*rows, strict=True))
        print(f"| {name} | {len(rows)} | {chance:.2f} | {told:.2f} | {went:.2f} |")
    rate = sum(w for *_, w in found) / len(found)
    brier = sum((out - went) ** 2 for _, _, out, _, went in found) / len(found)
    told = sum((out - went) ** 2 for _, _, _, out, went in found) / len(found)
    plain = sum((rate - went) ** 2 for *_, went in found) / len(found)
    print(
        f"Brier score: the imagined deals {brier:.3f}; the other player's rate alone ({rate:.2f}) {plain:.3f}; "
        f"the imagined deals told the other player's hand {told:.3f}"
    )


if __name__ == "__main__":
    main()
