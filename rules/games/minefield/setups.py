"""The teaching scenarios, each showing one rare effect within a few moves, and the variants the
conformance suite plays."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from rules.errors import OptionError
from rules.game import Setup, Variant
from rules.games.minefield.board import make_layout
from rules.games.minefield.state import MinefieldState
from rules.lang import pick

#: The conformance suite also plays a fixed layout with a fixed bag order.
VARIANTS = (
    Variant(),
    Variant(
        {"layout": make_layout({1: ("Q♠", "Q♠"), 2: ("A♠", "A♠"), 3: ("A♥", "A♥")}, seed=5), "barrels": (3, 1, 2)},
        players=(2, 3, 7),
    ),
)


@dataclass(frozen=True)
class Scenario:
    """A set-up that shows one rare effect within a few moves."""

    id: str
    title_en: str
    title_ru: str
    text_en: str
    text_ru: str
    players: int
    cells: tuple[tuple[int, str, str], ...]  # (cell, main, amplifier)
    barrels: tuple[int, ...]
    moves: int  # draws that show the effect
    seed: int = 0

    def title(self, lang: str = "en") -> str:
        return pick(lang, self.title_en, self.title_ru)

    def text(self, lang: str = "en") -> str:
        return pick(lang, self.text_en, self.text_ru)

    def layout(self) -> tuple[tuple[str, str], ...]:
        return make_layout({n: (m, a) for n, m, a in self.cells}, seed=self.seed)

    def new_game(self) -> MinefieldState:
        game = MinefieldState.GAME
        return game.new_game(players=self.players, seed=self.seed, layout=self.layout(), barrels=self.barrels)


SCENARIOS: dict[str, Scenario] = {
    s.id: s
    for s in (
        Scenario(
            "mine_first",
            "Mine on the first move",
            "Мина на первом ходу",
            "Player 1 opens the mine on the game's very first move: +1 instead of -1; the mine is laid again.",
            "Игрок 1 открывает мину на самом первом ходу игры: +1 вместо -1; мину раскладывают заново.",
            2,
            ((1, "Q♠", "5♦"),),
            (1,),
            1,
        ),
        Scenario(
            "curse_extra_mine",
            "Curse, then the extra mine",
            "Проклятие, затем доп. мина",
            "Player 1 opens the curse (A♠), player 2 an ordinary card, then player 1 opens the extra mine (K♠): -1, "
            "and the curse is over.",
            "Игрок 1 открывает проклятие (Т♠), игрок 2 — обычную карту, затем игрок 1 открывает доп. мину (К♠): -1, "
            "и проклятие снято.",
            2,
            ((1, "A♠", "7♦"), (2, "5♥", "9♣"), (3, "K♠", "3♦")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "amplified_curse",
            "Amplified curse and the amplifier K♠",
            "Усиленное проклятие и усиливающая карта К♠",
            "Player 1 opens an amplified curse; later a cell with an unmatched amplifier K♠ costs player 1 a point.",
            "Игрок 1 открывает усиленное проклятие; позже ячейка с несовпавшей усиливающей К♠ стоит ему очка.",
            2,
            ((1, "A♠", "A♠"), (2, "5♥", "9♣"), (3, "7♣", "K♠")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "shield_amplified_mine",
            "Amplified mine under a shield",
            "Усиленная мина под щитом",
            "Player 1 opens an amplified shield (6 moves against the mine, 3 against an amplified one), player 2 an "
            "ordinary card, then player 1 opens the amplified mine: no points lost.",
            "Игрок 1 открывает усиленный щит (6 ходов от мины, 3 от усиленной), игрок 2 — обычную карту, затем "
            "игрок 1 открывает усиленную мину: очки не теряются.",
            2,
            ((1, "A♥", "A♥"), (2, "5♥", "9♣"), (3, "Q♠", "Q♠")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "doctor_evil_shield",
            "Doctor Evil breaks a shield",
            "Доктор зло снимает щит",
            "Player 1 opens the shield, player 2 opens Doctor Evil (K♣): "
            "the shield ends, and player 1 is blown up by the mine: -1.",
            "Игрок 1 открывает щит, игрок 2 — доктора зло (К♣): щит снят, и игрок 1 подрывается на мине: -1.",
            2,
            ((1, "A♥", "4♦"), (2, "K♣", "9♣"), (3, "Q♠", "8♦")),
            (1, 2, 3),
            3,
        ),
        Scenario(
            "immunity",
            "Immunity against Curse and Misfortune",
            "Иммунитет от проклятия и неудачи",
            "Player 1 opens Immunity (K♥); the curse (A♠) and Misfortune (A♣) that player 1 opens next have no effect.",
            "Игрок 1 открывает иммунитет (К♥); "
            "проклятие (Т♠) и неудача (Т♣), которые он открывает потом, не действуют.",
            2,
            ((1, "K♥", "4♦"), (2, "5♥", "9♣"), (3, "A♠", "8♦"), (4, "6♥", "2♣"), (5, "A♣", "3♦")),
            (1, 2, 3, 4, 5),
            5,
        ),
        Scenario(
            "luck_misfortune",
            "Luck and Misfortune",
            "Удача и неудача",
            "Player 1 opens Luck: player 2 makes two moves in a row; "
            "player 2's second move opens Misfortune: one more move.",
            "Игрок 1 открывает удачу: игрок 2 ходит дважды подряд; "
            "второй ход игрока 2 открывает неудачу: ещё один ход.",
            2,
            ((1, "A♦", "4♦"), (2, "5♥", "9♣"), (3, "A♣", "8♦"), (4, "6♥", "2♣")),
            (1, 2, 3, 4),
            4,
        ),
        Scenario(
            "harem",
            "Harem",
            "Гарем",
            "Player 1 collects Q♥ Q♦ Q♣ and K♦: the Harem, +2.",
            "Игрок 1 собирает Д♥ Д♦ Д♣ и К♦: «Гарем», +2.",
            2,
            (
                (1, "Q♥", "2♦"),
                (2, "5♥", "9♣"),
                (3, "Q♦", "3♦"),
                (4, "6♥", "2♣"),
                (5, "Q♣", "4♦"),
                (6, "7♥", "3♣"),
                (7, "K♦", "5♦"),
            ),
            (1, 2, 3, 4, 5, 6, 7),
            7,
        ),
        Scenario(
            "jackpot",
            "Jackpot",
            "Джек пот",
            "The first five amplifiers 3♠ 2♠ 4♠ 5♠ 6♠ make the jackpot; player 1 collects all five main cards: +3.",
            "Первые пять усиливающих 3♠ 2♠ 4♠ 5♠ 6♠ составляют джек пот; игрок 1 собирает все пять основных: +3.",
            2,
            (
                (1, "2♠", "3♠"),
                (2, "9♥", "2♠"),
                (3, "3♠", "4♠"),
                (4, "10♥", "5♠"),
                (5, "4♠", "6♠"),
                (6, "J♥", "9♣"),
                (7, "5♠", "10♣"),
                (8, "8♥", "J♣"),
                (9, "6♠", "7♣"),
            ),
            tuple(range(1, 10)),
            9,
        ),
    )
}


def scenario(name: str) -> MinefieldState:
    """A new game set up for the teaching scenario ``name`` (a key of SCENARIOS)."""
    if name not in SCENARIOS:
        raise OptionError(
            f"unknown scenario {name!r:.40}; known: {', '.join(SCENARIOS)}",
            f"неизвестный сценарий {name!r:.40}; известны: {', '.join(SCENARIOS)}",
        )
    return SCENARIOS[name].new_game().started_by("scenario", name=name)


#: the book's teaching set-ups: the nine scenarios
SETUPS = {name: Setup(sc.title_en, sc.title_ru, partial(scenario, name)) for name, sc in SCENARIOS.items()}
