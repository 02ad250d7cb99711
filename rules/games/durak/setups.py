"""Positions set by hand (the book's worked examples, its exercises and tests), the teaching
set-ups, and the variants the conformance suite plays."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from rules.cards import ALL_CARDS, format_card
from rules.errors import OptionError
from rules.game import Setup, Variant, make_options
from rules.games.durak.beats import _code
from rules.games.durak.state import DurakState, Options
from rules.games.durak.texts import Dealt


def position(
    hands: Sequence[str],
    trump: str,
    *,
    stock: str = "",
    attacker: int = 0,
    seed: int = 0,
    **options,
) -> DurakState:
    """A game set up by hand (worked examples, exercises, tests) with ``attacker`` to lead.

    ``hands[p]`` is player p's cards in notation; ``trump`` the turned-up card;
    ``stock`` the cards left to draw, from the top (the trump card lies under
    them; a stock of the trump card alone is the deck's last card). With an empty
    stock the trump card is in a hand or out of play. Every other card
    of the pack is out of play (discarded). The position saves, loads and undoes
    like a dealt game.

    >>> s = position(["7♥ 9♠", "8♥ 6♣"], "6♣")
    >>> [a.label for a in s.legal_actions()]
    ['P1 leads 7♥', 'P1 leads 9♠']
    """
    from rules.cards import parse_card, parse_cards

    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise OptionError("hands are a list, one text of cards per player", "руки — список, по строке карт на игрока")
    opts = make_options(Options, options)
    state = DurakState(opts, len(hands), seed, deal=False)
    if not isinstance(attacker, int) or isinstance(attacker, bool) or not 0 <= attacker < len(hands):
        raise OptionError(
            f"the attacker is a seat from 0 to {len(hands) - 1}, not {attacker!r:.20}",
            f"ходящий — место от 0 до {len(hands) - 1}, а не {attacker!r:.20}",
        )
    parsed = [[_code(c) for c in parse_cards(h)] for h in hands]
    if not all(parsed):
        raise OptionError("every player of a position holds a card", "в позиции у каждого игрока есть карты")
    trump_code = _code(parse_card(trump))
    rest = [_code(c) for c in parse_cards(stock)]
    pack = list(state._pack)
    if rest and rest[-1] == trump_code:
        rest.pop()  # given as the last card of the stock: where it lies anyway
    used = [c for h in parsed for c in h] + rest
    under = bool(rest) or stock.strip() != ""
    if under and trump_code in used:
        raise OptionError(
            f"the trump card {trump} lies under the stock, so it cannot be in a hand or in the stock",
            f"козырь {trump} лежит под колодой, поэтому его не может быть на руках или в колоде",
        )
    if under:
        used.append(trump_code)
    for c in used:
        if c not in pack:
            raise OptionError(
                f"{format_card(ALL_CARDS[c])} is not in this game's pack, or is given twice",
                f"карты {format_card(ALL_CARDS[c], 'ru')} нет в колоде этой игры, или она указана дважды",
            )
        pack.remove(c)
    state.hands = parsed
    state._lay(trump_code, [trump_code, *rest[::-1]] if under else [], pack)
    state.discarded_yet = not opts.first_bout_five
    state.lead_how = "set"
    state.record(Dealt(0, state.dealer, ALL_CARDS[trump_code], attacker, "set"))
    state._start_bout(attacker)
    return state.started_by(
        "position", hands=list(hands), trump=trump, stock=stock, attacker=attacker, seed=seed, **options
    )


#: options the conformance suite also plays
VARIANTS = (
    Variant(players=(2, 3, 4)),
    Variant({"variant": "jokers"}, players=(2, 3, 6)),
    Variant({"variant": "jokers", "deck": 52}, players=(2, 5)),
    Variant({"first_bout_five": True, "draw_order": "clockwise"}, players=(2, 3)),
    Variant({"games": 2, "next_lead": "from_under"}, players=(2,)),
    Variant({"variant": "jokers", "games": 2, "next_lead": "under"}, players=(3,)),
)

#: the book's teaching positions (the explorer and exercises pages): name -> (titles, position's arguments)
_POSITIONS = {
    "throw_in_and_beat": (
        ("Throwing in and beating, three players", "Подкидывание и отбивание, три игрока"),
        {"hands": ["7♥ 7♣ 8♣ K♥", "9♥ 10♣ 6♦ A♦", "9♣ 7♦ Q♥"], "trump": "6♠", "stock": "6♥ 8♥ 8♦ 9♦ J♦ Q♦ K♦ A♥"},
    ),
    "bout_cap": (
        ("No more cards than the defender holds", "Не больше карт, чем у отбивающегося"),
        {"hands": ["7♥ 7♣ 7♦ 10♠ J♦ K♦", "8♥ 9♣ 6♠"], "trump": "Q♠", "stock": "A♦ A♣"},
    ),
    "drawing_order": (
        ("The order of drawing", "Порядок добора"),
        {
            "hands": ["7♥ 6♣ A♣ A♥ A♦ K♣", "9♥ 10♣ J♣ Q♣ 6♦ K♥", "7♣ 8♣ 9♣ Q♥ J♥ 10♥"],
            "trump": "6♠",
            "stock": "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 8♥",
        },
    ),
    "taker_skipped": (
        ("The taker loses their turn to attack", "Взявший пропускает ход"),
        {
            "hands": ["Q♥ K♥ A♥", "7♥ 8♣ 9♣", "6♦ 7♦ J♠", "10♥ J♥ 8♥"],
            "trump": "6♠",
            "stock": "A♦ K♦ Q♦ J♦ 10♦ 9♦",
            "attacker": 1,
        },
    ),
    "last_cards": (
        ("The last cards: who is the fool", "Последние карты: кто дурак"),
        {"hands": ["7♥", "9♥"], "trump": "6♠"},
    ),
    "jokers": (
        ("The black joker turned up", "Козырь — чёрный джокер"),
        {"hands": ["8♠ RJ 9♣", "BJ 8♣ 7♦"], "trump": "BJ", "variant": "jokers"},
    ),
}
SETUPS = {name: Setup(*titles, partial(position, **args)) for name, (titles, args) in _POSITIONS.items()}
