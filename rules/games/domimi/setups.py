"""Turns set up by hand (the source's worked examples, exercises, tests), the teaching set-ups,
and the variants the conformance suite plays."""

from __future__ import annotations

from collections import Counter

from rules.errors import OptionError
from rules.game import Setup, Variant
from rules.games.domimi.oracle import _ALL, _MONEY, _cards, _counts, _ct, _decks_hold, _fmt, _in_decks, full_field
from rules.games.domimi.state import MAIN, DomimiState
from rules.games.domimi.texts import Revealed


def scenario(
    revealed,
    field=None,
    *,
    players: int = 2,
    decks: int = 1,
    stage: int | None = None,
    draw=(),
    discard=(),
    teams: str = "none",
    turn: int = 0,
    seed: int = 0,
) -> DomimiState:
    """A position for teaching and tests: player ``turn`` has just revealed ``revealed``.

    ``field`` is the field (default: every card of the decks not placed elsewhere);
    ``draw`` the player's personal deck, top card first; ``discard`` their discard pile. The
    cards left over go to the other players' personal decks. ``stage`` defaults to 2 when
    the player owns a picture, else 1. Cards are Card values or
    notation text. Like a dealt game, a scenario saves, loads and undoes.

    >>> s = scenario("T♦ 2♦ 2♠", "3♦ 3♠ 10♦")
    >>> [a.label for a in s.legal_actions()]
    ['collect A♦+2♦ -> 3♦', 'pass']
    """
    state = DomimiState.GAME.new_game(players=players, seed=seed, decks=decks, teams=teams)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < players:
        raise OptionError(
            f"the player to move must be a seat from 0 to {players - 1}, not {turn!r:.20}",
            f"ходить должен игрок с номером места от 0 до {players - 1}, а не {turn!r:.20}",
            rule="domimi.setup",
        )
    if stage not in (None, 1, 2):
        raise OptionError(f"stage must be 1 or 2, not {stage!r:.20}", f"этап — 1 или 2, а не {stage!r:.20}")
    pool = Counter(c.index for c in full_field(decks))

    def take(cards, where_en, where_ru):
        codes = [c.index for c in _cards(cards)]
        pool.subtract(codes)
        short = [c for c, k in pool.items() if k < 0]
        if short:
            raise OptionError(
                f"{where_en}: {_decks_hold(decks)} too few {_fmt([_ALL[c] for c in short], 'en', ' ')}",
                f"{where_ru}: {_in_decks(decks)} не хватает {_fmt([_ALL[c] for c in short], 'ru', ' ')}",
                rule="domimi.setup",
            )
        return codes

    rev = take(revealed, "revealed cards", "открытые карты")
    mine = take(draw, "personal deck", "личная колода")
    disc = take(discard, "discard pile", "сброс")
    if field is None:
        field_codes, rest = list(pool.elements()), []
    else:
        field_codes = take(field, "field", "поле")
        rest = list(pool.elements())
        state.rng.shuffle(rest)
    others = [q for q in range(players) if q != turn]
    state.draw = [[] for _ in range(players)]
    state.discard = [[] for _ in range(players)]
    for i, c in enumerate(rest):
        state.draw[others[i % len(others)]].append(c)
    state.draw[turn] = list(reversed(mine))
    state.discard[turn] = list(disc)
    state.money, state.pics = _counts(field_codes)
    if stage is None:
        stage = 2 if any(not _MONEY[c] for c in rev + mine + disc) else 1
    state.stage = stage
    state.first = state.turn = turn
    state._begin_turn()
    state.draw[turn] = list(reversed(mine))
    state.discard[turn] = list(disc)
    state.revealed = rev
    state.phase = MAIN
    state._story = [Revealed(turn, _ct(tuple(rev)))]  # the story starts with this turn
    return state.started_by(
        "scenario",
        revealed=_notation(revealed),
        field=None if field is None else _notation(field),
        players=players,
        decks=decks,
        stage=stage,
        draw=_notation(draw),
        discard=_notation(discard),
        teams=teams,
        turn=turn,
        seed=seed,
    )


def _notation(cards) -> str:
    return " ".join(str(c) for c in _cards(cards))


#: the chapter's teaching positions (the source's worked examples), each a turn about to be played
SETUPS = {
    # collecting: A♦+2♦ take 3♦
    "collect": Setup(
        "Collecting: A♦+2♦ take 3♦",
        "Собирательный ход: Т♦+2♦ берут 3♦",
        lambda: scenario("A♦ 2♦ 2♠", "3♦ 3♠ 10♦ J♠ RJ"),
    ),
    # the queen takes a money card of a suit absent from the revealed cards
    "queen": Setup(
        "The queen takes an absent suit", "Дама берёт отсутствующую масть", lambda: scenario("Q♣ 8♦ 5♥", stage=1)
    ),
    # the king reveals 8♥ 9♣ and 7+8+8+9 = 32 buys a joker
    "king_reveals": Setup(
        "The king reveals two more", "Король открывает ещё две", lambda: scenario("K♣ 7♠ 8♣", draw="8♥ 9♣")
    ),
    # 4♥ 10♠ 10♣ buy a queen of hearts, spades or clubs; the rest may go back
    "buy_queen": Setup("Buying a queen", "Покупка дамы", lambda: scenario("4♥ 10♠ 10♣", stage=2)),
    # two tens take a ten of any suit (two decks)
    "cross": Setup(
        "Cross move: two tens", "Поперечный ход: две десятки", lambda: scenario("10♦ 10♣ 3♣", decks=2, stage=1)
    ),
    # stage 2 on a small field: a jack, a joker and two money cards
    "small_field": Setup(
        "Stage 2 on a small field", "Этап 2 на маленьком поле", lambda: scenario("J♥ 2♠ 3♠", "J♠ RJ 3♦ 4♦", stage=2)
    ),
}


# The conformance suite plays random games; random players rarely finish DoMiMi (they
# return pictures to the field), so every variant carries a short round limit.
VARIANTS = (
    Variant({"round_limit": 6}),
    Variant({"round_limit": 5, "decks": 3}, players=(2, 3)),
    Variant({"round_limit": 4, "teams": "two"}, players=(4, 6)),
    Variant({"round_limit": 3, "teams": "three"}, players=(6,)),
    Variant({"round_limit": 4, "teams": "pairs"}, players=(4, 6)),
    Variant({"round_limit": 5, "last_breath": True, "full_round": True}, players=(3,)),
)
