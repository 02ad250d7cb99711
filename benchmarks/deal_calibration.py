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
    .venv/bin/python -m benchmarks.deal_calibration --takes       # would the other player take the discard?

``--takes`` asks where the hand's worth lies in the choice of cards: at each single-card discard of
seat 0 from its second turn on, whether the other player, holding its real hand, would take that
card from the pile at its next draw (the book bot's rule: a joker, a card it can lay off once it
has opened, a card two of its cards go with), against the share of the imagined deals' hands for
that player that would. A discard the imagined hands take less often than the real one is a
discard whose cost the strong bot's playouts underrate: it feeds the other player.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter, defaultdict

import rules
from rules.coach import _with_memory, remembered
from rules.games.joker_rummy.players import HeuristicPlayer
from rules.games.joker_rummy.state import Discard


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


def takes(games: int, worlds: int) -> list[tuple[float, bool]]:
    """Seat 0's single-card discards (from its second turn on, not going out) in games dealt with
    seeds 0 on: for each, the share of the imagined deals' hands for the other player that would
    take it from the pile, and whether its real hand would (see the module)."""
    game = rules.GAMES["joker_rummy"]
    other, found = HeuristicPlayer(), []
    for seed in range(games):
        state = game.new_game(players=2, seed=seed)
        bot, rng = game.bot_player(), random.Random(seed)
        while not state.is_over():
            view = state.view(state.current_player)
            actions = state.legal_actions()
            move = actions[0] if len(actions) == 1 else bot.choose(view, actions, rng)
            if _takeable(state, view, move):
                card = move.codes[0]
                table = {"player": 1, "opened": state.opened, "melds": [(m.cards, m.low) for m in state.melds.values()]}
                seen = _with_memory(game, view, remembered(state, 0))
                chance = random.Random(f"{seed}/{len(state.history)}")
                worlds_dealt = (game.coaching.deal(seen, random.Random(chance.randrange(2**62))) for _ in range(worlds))
                imagined = sum(other._wants(card, world.hands[1], table) for world in worlds_dealt) / worlds
                found.append((imagined, other._wants(card, state.hands[1], table)))
            state._advance(move)
    return found


def _takeable(state, view: dict, move) -> bool:
    """A discard of seat 0 the other player could take next: one card, not its last, from its second
    turn on."""
    one = isinstance(move, Discard) and 1 == len(move.codes) < len(state.hands[0])
    return one and state.current_player == 0 and view["turn_no"] >= 2


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=16, help="imagined deals a position")
    parser.add_argument("--takes", action="store_true", help="would the other player take seat 0's discard?")
    args = parser.parse_args(argv)
    began, load = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), os.getloadavg()[0]
    if args.takes:
        found = takes(args.games, args.worlds)
        real = sum(took for _, took in found) / len(found)
        imagined = sum(chance for chance, _ in found) / len(found)
        brier = sum((chance - took) ** 2 for chance, took in found) / len(found)
        plain = sum((real - took) ** 2 for _, took in found) / len(found)
        print(
            f"{began}, load average {load:.2f}: {args.games} games, {len(found)} discards of seat 0, "
            f"{args.worlds} imagined deals each; the other player would take {100 * real:.1f}% of them with its "
            f"real hand, {100 * imagined:.1f}% with the imagined deals' hands. Brier score of the imagined "
            f"deals' chance {brier:.3f}; of the rate alone {plain:.3f}"
        )
        return
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
