"""Hands set up by hand (the book's examples, exercises, tests), the teaching set-ups, and the
variants the conformance suite plays."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import ALL_CARDS, format_card, format_cards
from rules.errors import OptionError
from rules.game import Setup, Variant
from rules.games.dummy_rummy.contracts import CUT_IN_LIMIT, _code, _run_window, _set_verdict
from rules.games.dummy_rummy.state import DRAW, PLAY, DummyRummyState, Options
from rules.lang import count


def position(
    hands: Sequence[str],
    *,
    melds: Sequence[Sequence] = (),
    discard: str = "",
    stock: str | None = None,
    contracts: Sequence[int] | None = None,
    down: Sequence[int] = (),
    cut_ins_made: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    turn: int = 0,
    phase: str = "draw",
    seed: int = 0,
    **options,
) -> DummyRummyState:
    """A hand set up by hand (the book's examples, exercises, tests).

    ``hands[p]`` is player p's cards; ``melds`` are ``[owner, "cards"]`` on the
    table (a run's cards from its low end); ``down`` the seats that have gone down
    (the owners of melds are added); ``discard`` the pile from the bottom (its
    last card is on top); ``stock`` the cards to draw, the next first: by default every card not placed,
    in a seeded order; when given, exactly those, and the cards not placed lie
    under the discard pile. ``contracts[p]`` is the contract each plays,
    ``cut_ins_made[p]`` how many cut-ins each has made this hand, ``totals[p]`` the
    score so far; ``turn`` whose turn
    it is and ``phase`` "draw" or "play".

    >>> s = position(["5♥ 5♣ 5♠ 9♦ 10♦ RJ Q♣ 4♠ 7♥ 8♥ J♣ K♣ K♦", "3♠"], discard="6♦", contracts=[2, 1])
    >>> [a.label for a in s.legal_actions()]
    ['P1 draws from the stock', 'P1 takes 6♦ from the discard pile']
    """
    from rules.cards import parse_cards
    from rules.game import make_options

    args = {
        "hands": list(hands),
        "melds": [list(m) for m in melds],
        "discard": discard,
        "stock": stock,
        "contracts": list(contracts) if contracts is not None else None,
        "down": list(down),
        "cut_ins_made": list(cut_ins_made) if cut_ins_made is not None else None,
        "totals": list(totals) if totals is not None else None,
        "turn": turn,
        "phase": phase,
        "seed": seed,
        **options,
    }
    opts = make_options(Options, options)
    n = len(hands)
    state = DummyRummyState(opts, n, seed, deal=False)
    _check_seats(n, melds, contracts, down, cut_ins_made, totals)
    if not isinstance(turn, int) or not 0 <= turn < n or phase not in ("draw", "play"):
        raise OptionError(
            f"turn must be a seat 0..{n - 1} and phase 'draw' or 'play', not {turn!r}, {phase!r}",
            f"ход — номер места 0..{n - 1}, фаза — 'draw' или 'play', а не {turn!r}, {phase!r}",
        )
    pack = list(state._pack)

    def take(text: str) -> list[int]:
        codes = [_code(c) for c in parse_cards(text)]
        for c in codes:
            if c not in pack:
                raise OptionError(
                    f"{format_card(ALL_CARDS[c])} is given more times than the two packs hold",
                    f"карта {format_card(ALL_CARDS[c], 'ru')} указана больше раз, чем есть в двух колодах",
                )
            pack.remove(c)
        return codes

    state.hands = [take(h) for h in hands]
    table = []
    for owner, text in melds:
        codes = take(text)
        kind, key = _table_meld(codes, opts.all_wild)
        table.append((owner, kind, tuple(codes), key))
    pile = take(discard)
    given = take(stock) if stock is not None else None
    state.rng.shuffle(pack)
    if given is None:
        state.pile, state.stock = pile, pack
    else:
        state.pile, state.stock = [*pack, *pile], given[::-1]  # drawn from the end
    if contracts is not None:
        state.contract = list(contracts)
    state.hand_no = 1
    state._start_hand(turn)
    state.table = table
    for p in {*down, *(m[0] for m in table)}:
        state.down[p] = state.went_down[p] = True
    if cut_ins_made is not None:
        state.cuts = list(cut_ins_made)
    if totals is not None:
        state.totals = list(totals)
    state.phase = DRAW if phase == "draw" else PLAY
    return state.started_by("position", **args)


def _check_seats(n, melds, contracts, down, cut_ins_made, totals) -> None:
    """Refuse a position whose per-seat numbers do not fit the players."""

    def bad(what_en: str, what_ru: str) -> OptionError:
        return OptionError(f"the position's {what_en}", f"в позиции неверно: {what_ru}")

    def ints(values, low, high) -> bool:
        return all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values)

    numbers = count(n, "ru", ru=("число", "числа", "чисел"))
    for meld in melds:
        if len(meld) != 2 or not ints([meld[0]], 0, n - 1) or not isinstance(meld[1], str):
            raise bad("melds are [owner seat, cards]", "комбинации — [место владельца, карты]")
    if contracts is not None and (len(contracts) != n or not ints(contracts, 1, 12)):
        raise bad(f"contracts are {n} numbers from 1 to 12", f"контракты — {numbers} от 1 до 12")
    if not ints(down, 0, n - 1):
        raise bad("seats that have gone down are not seats", "номера выложивших — не места за столом")
    if cut_ins_made is not None and (len(cut_ins_made) != n or not ints(cut_ins_made, 0, CUT_IN_LIMIT)):
        raise bad(f"cut-ins made are {n} numbers from 0 to 2", f"перехваты — {numbers} от 0 до 2")
    if totals is not None and (len(totals) != n or not ints(totals, 0, 10**6)):
        raise bad(f"totals are {n} scores", f"счёт — {numbers}")


def _table_meld(codes: list[int], all_wild: bool) -> tuple[str, int]:
    """The kind and key of a meld given as cards in order (a run from its low end)."""
    reason, rank = _set_verdict(codes, all_wild)
    if reason is None:
        return "set", rank
    reason, low = _run_window(codes, all_wild)
    if reason is None:
        return "run", low
    shown = format_cards(ALL_CARDS[c] for c in codes)
    raise OptionError(f"{shown} is neither a set nor a run", f"{shown} — не набор и не последовательность")


#: the book's teaching set-ups, each a hand-set position (so every state reached from one saves and loads)
SETUPS = {
    "go_down": Setup(
        "Going down with contract 2",
        "Выкладываем контракт 2",
        lambda: position(
            ["5♥ 5♣ 5♠ 5♦ 9♦ 10♦ J♥ Q♣ A♥ A♠ 3♦ 3♣ 8♥", "3♠ 3♥ 7♦ 7♣ K♠ K♥ 6♠ 6♣ 10♠ J♠ 4♥ 4♦ 9♠"],
            stock="4♠",
            contracts=[2, 1],
            seed=1,
        ),
    ),
    "discard_restriction": Setup(
        "The discard restriction",
        "Запрет сброса",
        lambda: position(
            ["9♠ K♣ 3♥ 2♦ 6♣", "4♠ 4♦ J♥ Q♥ 8♠"],
            melds=[[1, "9♦ 9♣ 9♥"], [1, "5♥ 6♥ 7♥ 8♥"]],
            contracts=[1, 2],
            phase="play",
            seed=2,
        ),
    ),
    "cut_in": Setup(
        "A cut-in",
        "Перехват",
        lambda: position(
            [
                "5♥ 5♣ 9♦ 10♦ K♣ 7♠ 7♦ 3♣ 4♥ Q♦ J♠ 6♥ 8♣ A♣",
                "3♠ 3♥ 4♦ 8♦ 10♣ J♦ Q♠ 6♦ 9♣ A♥ 5♠ 7♥ 10♥",
                "K♠ K♥ 6♣ 7♣ 8♥ 9♥ Q♣ J♣ 4♣ 3♦ A♦ 10♠ 5♦",
            ],
            discard="6♠",
            contracts=[1, 1, 1],
            phase="play",
            seed=3,
        ),
    ),
    "going_out": Setup(
        "Laying off and going out",
        "Добавление карт и выход",
        lambda: position(
            ["J♠ 10♣ 4♦", "3♠ 3♥ K♦ RJ 8♣", "A♠ 9♥ 6♦ 6♠"],
            melds=[[0, "5♥ 5♣ 5♠"], [0, "9♦ 9♣ 9♠"], [2, "8♥ 9♥ 10♥ J♥"], [2, "Q♣ Q♦ Q♠"]],
            stock="7♠",
            contracts=[1, 1, 2],
            seed=4,
        ),
    ),
}

#: options the conformance suite also plays
VARIANTS = (
    Variant({"last_contract": 1}, players=(2, 3, 4)),
    Variant({"first_contract": 6, "last_contract": 7, "cut_ins": False}, players=(2, 4)),
    Variant({"first_contract": 11, "last_contract": 11, "all_wild": True, "lowest_of_all": True}, players=(3,)),
)
