"""Minefield's one move, the draw, and its state: what opening a cell does (the mine, the magic
cards, quads, the Harem, the jokers, the jackpot) and whose move is next."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.cards import ALL_CARDS, Card, deck, parse_card
from rules.errors import IllegalAction
from rules.game import Action, Result, State
from rules.games.minefield.board import (
    _QUAD_RANK,
    CELLS,
    CURSE,
    DOCTOR_EVIL,
    EXTRA_MINE,
    HAREM,
    IMMUNITY,
    LUCK,
    MAX_ACTIONS,
    MINE,
    MISFORTUNE,
    RED_JOKER,
    SHIELD,
    Options,
)
from rules.games.minefield.texts import (
    _ROLES,
    Curse,
    CurseAmplified,
    CurseAmplifiedShielded,
    CurseDead,
    CurseImmune,
    DoctorEvil,
    Event,
    ExtraMineClears,
    ExtraMineHit,
    ExtraMineShielded,
    GameEnded,
    Harem,
    Immunity,
    ImmunityVoid,
    Jackpot,
    JackpotCard,
    JackpotLost,
    Jokers,
    Luck,
    LuckBlocked,
    MineFirst,
    MineHit,
    MineLast,
    MineRelaid,
    MineShielded,
    Misfortune,
    MisfortuneImmune,
    Opened,
    Quads,
    Shield,
    ShieldBlocked,
    _moves,
)
from rules.lang import pick, player_name

# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Draw(Action):
    """Draw the next barrel from the bag and open its cell: the only decision."""

    RULE = "minefield.move"

    @property
    def label(self) -> str:
        return f"draw {self.player + 1}"

    def explain(self, lang: str = "en") -> str:
        who = player_name(self.player, lang)
        return pick(lang, f"{who} draws a barrel from the bag", f"{who} вытягивает бочонок из мешка")


# ---------------------------------------------------------------- the state


class MinefieldState(State):
    def __init__(self, options: Options, players: int, seed: int):
        super().__init__(options, players, seed)
        layout, barrels = options.layout, options.barrels
        n = players
        rng = self.rng
        if layout is None:
            main = list(range(54))
            amp = list(range(54))
            rng.shuffle(main)
            rng.shuffle(amp)
        else:
            main = [parse_card(m).index for m, _ in layout]
            amp = [parse_card(a).index for _, a in layout]
        self.main = main  # card index per cell (0-based)
        self.amp = amp
        self.opened = [False] * CELLS
        self.amp_seen = [False] * CELLS
        if barrels is None:
            order = list(range(CELLS))
            rng.shuffle(order)
        else:
            first = [b - 1 for b in barrels]
            rest = [c for c in range(CELLS) if c not in set(first)]
            rng.shuffle(rest)
            order = first + rest
        self.fixed_bag = barrels is not None
        self.bag = order[::-1]  # the next barrel is bag[-1]
        self.unopened = CELLS
        self.moves = 0  # barrels drawn so far
        self.turn = 0
        self.luck_extra = 0  # further moves of the current player forced by Luck
        self.misfortune_extra = 0  # further moves of the current player forced by Misfortune
        self.luck_next = 0  # extra moves the next player will have to make (Luck)
        self.owner = [-1] * 54  # who collected each main card
        self.collected = [[] for _ in range(n)]  # (card index, doubled) in order
        self.points = [0] * n  # mine, extra mine, first-move bonus
        self.bonus = [0] * n  # quads, harem, jokers
        self.counts = [[0] * 13 for _ in range(n)]  # weighted count per quad rank
        self.quads = [0] * n  # bit set of ranks scored
        self.harem = [False] * n
        self.jokers = [0] * n
        self.jokers_scored = [False] * n
        self.shield_o = [0] * n  # moves left protected from an ordinary mine
        self.shield_a = [0] * n  # ... from an amplified mine
        self.immune_o = [0] * n
        self.immune_a = [0] * n
        self.doctor = [0] * n  # moves left in which own Shield and Luck have no effect
        self.cursed = [False] * n
        self.curse_amplified = [False] * n
        self.extra_mine_out = False
        self.jackpot: list[int] = []  # amplifier card indexes
        self.jackpot_state = -1  # -1 open, -2 lost, p: won by p
        self._draws = tuple(Draw(p) for p in range(n))

    # ---- protocol

    @property
    def current_player(self):
        return None if self.unopened == 0 else self.turn

    def legal_actions(self):
        if self.unopened == 0:
            return []
        return [self._draws[self.turn]]

    def is_over(self):
        return self.unopened == 0

    def verdict(self, action):
        """The only move is the draw of the player to move (who may have several in a row)."""
        if action.player == self.turn:
            return None
        why = why_ru = ""
        row = self.moves_in_a_row()
        if row > 1:
            why, why_ru = f" ({_moves(row, 'en')} in a row)", f" ({_moves(row, 'ru')} подряд)"
        return IllegalAction(
            f"it is player {self.turn + 1}'s turn{why}, not player {action.player + 1}'s",
            f"сейчас ходит игрок {self.turn + 1}{why_ru}, а не игрок {action.player + 1}",
            rule="minefield.move",
        )

    def _play(self, action):
        p = self.turn
        self.moves += 1
        move = self.moves
        record = self.record
        shield, immune, dc = self._protections(p)
        cell = self.bag.pop()
        m = self.main[cell]
        a = self.amp[cell]
        amplified = m == a
        self.opened[cell] = True
        self.amp_seen[cell] = True
        self.unopened -= 1
        record(Opened, move, p, cell + 1, m, a)

        # jackpot: the first five unmatched amplifiers other than Q♠
        jp = self.jackpot
        if not amplified and a != MINE and len(jp) < 5 and a not in jp:
            jp.append(a)
            record(JackpotCard, move, p, a, len(jp))
            if self.owner[a] >= 0:
                self._check_jackpot(move, p)

        # the amplified curse: an unmatched amplifier K♠ in a cell its holder opens
        if a == EXTRA_MINE and not amplified and self.curse_amplified[p] and self.cursed[p]:
            if shield[False]:
                record(CurseAmplifiedShielded(move, p))
            else:
                self.points[p] -= 1
                record(CurseAmplified(move, p, points=-1))

        if m == MINE:
            self._mine(p, move, cell, amplified, shield[amplified])
        else:
            self._collect(p, move, m, amplified)
            if m in _ROLES:
                self._magic(p, move, m, amplified, shield, immune, dc)

        if self.unopened == 0:
            record(GameEnded(move, p, tuple(self.scores())))
            return
        self._next_move(p)

    def _protections(self, p: int) -> tuple[tuple[int, int], tuple[int, int], int]:
        """The protections at the start of a move of ``p``: (shield, immunity, doctor), each
        counting one of the holder's moves down. An amplified mine, curse or misfortune needs
        the protection against amplified ones: shield[amplified], immune[amplified]."""
        so, sa, io, ia, dc = self.shield_o[p], self.shield_a[p], self.immune_o[p], self.immune_a[p], self.doctor[p]
        if so:
            self.shield_o[p] = so - 1
        if sa:
            self.shield_a[p] = sa - 1
        if io:
            self.immune_o[p] = io - 1
        if ia:
            self.immune_a[p] = ia - 1
        if dc:
            self.doctor[p] = dc - 1
        return (so, sa), (io, ia), dc

    def _next_move(self, p: int) -> None:
        """Who draws next: the same player for each move owed to Luck or Misfortune, else the next."""
        if self.luck_extra:
            self.luck_extra -= 1
        elif self.misfortune_extra:
            self.misfortune_extra -= 1
        else:
            self.turn = (p + 1) % self.num_players
            self.luck_extra = self.luck_next
            self.luck_next = 0

    def _mine(self, p, move, cell, amplified, shielded):
        record = self.record
        amount = 2 if amplified else 1
        if move == 1:
            self.points[p] += amount
            record(MineFirst(move, p, amplified, points=amount))
        elif shielded:
            record(MineShielded(move, p, amplified))
        else:
            self.points[p] -= amount
            record(MineHit(move, p, amplified, points=-amount))
        if self.unopened == 0:
            record(MineLast(move, p))
            return
        # the mine stays in play: re-lay the main cards of the closed cells and the mine
        closed = [c for c in range(CELLS) if not self.opened[c]]
        cards = [self.main[c] for c in closed]
        cards.append(MINE)
        closed.append(cell)
        self.rng.shuffle(cards)
        main = self.main
        for c, card in zip(closed, cards, strict=True):
            main[c] = card
        self.opened[cell] = False
        self.unopened += 1
        if self.fixed_bag:
            self.bag.insert(0, cell)
        else:
            self.bag.insert(self.rng.randrange(len(self.bag) + 1), cell)
        record(MineRelaid, move, p, cell + 1, len(closed) - 1)

    def _collect(self, p, move, m, amplified):
        self.owner[m] = p
        self.collected[p].append((m, amplified))
        w = 2 if amplified else 1
        r = _QUAD_RANK[m]
        record = self.record
        if r:
            counts = self.counts[p]
            before = counts[r]
            counts[r] = before + w
            if before < 4 <= before + w and not (r == 12 and self.harem[p]):
                self.quads[p] |= 1 << r
                self.bonus[p] += 1
                record(Quads(move, p, r, points=1))
        if m in HAREM and not self.harem[p]:
            owner = self.owner
            if owner[24] == p and owner[37] == p and owner[50] == p and owner[51] == p:
                self.harem[p] = True
                replaces = bool(self.quads[p] & (1 << 12))
                if replaces:
                    self.quads[p] &= ~(1 << 12)
                    self.bonus[p] -= 1
                self.bonus[p] += 2
                record(Harem(move, p, replaces, points=1 if replaces else 2))
        elif m >= RED_JOKER:
            self.jokers[p] += w
            if self.jokers[p] >= 2 and not self.jokers_scored[p]:
                self.jokers_scored[p] = True
                self.bonus[p] += 1
                record(Jokers(move, p, amplified, points=1))
        if self.jackpot_state == -1 and m in self.jackpot:
            self._check_jackpot(move, p)

    def _check_jackpot(self, move, p):
        owners = [self.owner[c] for c in self.jackpot]
        holders = sorted({o for o in owners if o >= 0})
        if len(holders) > 1:
            self.jackpot_state = -2
            self.record(JackpotLost(move, p, tuple(holders)))
        elif len(owners) == 5 and holders and all(o == holders[0] for o in owners):
            # the winner may hold the five cards before the fifth amplifier is even opened
            self.jackpot_state = winner = holders[0]
            self.record(Jackpot(move, winner, tuple(self.jackpot), points=3))

    def _magic(self, p, move, m, amplified, shield, immune, dc):
        """What a magic card does when it is opened (jokers are scored in ``_collect``)."""
        effect = _MAGIC.get(m)
        if effect is not None:
            effect(self, p, move, amplified, shield, immune, dc)

    def _luck(self, p, move, amplified, shield, immune, dc):
        if dc:
            self.record(LuckBlocked(move, p))
        else:
            self.luck_next = 2 if amplified else 1
            self.record(Luck(move, p, (p + 1) % self.num_players, self.luck_next + 1))

    def _misfortune(self, p, move, amplified, shield, immune, dc):
        if immune[amplified]:
            self.record(MisfortuneImmune(move, p))
        else:
            extra = 2 if amplified else 1
            self.misfortune_extra += extra
            self.record(Misfortune(move, p, extra))

    def _shield(self, p, move, amplified, shield, immune, dc):
        if dc:
            self.record(ShieldBlocked(move, p))
        else:
            o, a = (6, 3) if amplified else (3, 3)
            self.shield_o[p] = max(self.shield_o[p], o)
            self.shield_a[p] = max(self.shield_a[p], a)
            self.record(Shield(move, p, o, a))

    def _immunity(self, p, move, amplified, shield, immune, dc):
        if self.owner[CURSE] >= 0 and self.owner[MISFORTUNE] >= 0:
            self.record(ImmunityVoid(move, p))
        else:
            o, a = (6, 3) if amplified else (3, 3)
            self.immune_o[p] = max(self.immune_o[p], o)
            self.immune_a[p] = max(self.immune_a[p], a)
            self.record(Immunity(move, p, o, a))

    def _doctor_evil(self, p, move, amplified, shield, immune, dc):
        shields = tuple(q for q in range(self.num_players) if self.shield_o[q] or self.shield_a[q])
        for q in shields:
            self.shield_o[q] = self.shield_a[q] = 0
        cancelled = self.luck_extra + self.luck_next
        self.luck_extra = self.luck_next = 0
        self.doctor[p] = 6 if amplified else 3
        self.record(DoctorEvil(move, p, shields, cancelled, self.doctor[p]))

    def _curse(self, p, move, amplified, shield, immune, dc):
        if self.extra_mine_out:
            self.record(CurseDead(move, p))
        elif immune[amplified]:
            self.record(CurseImmune(move, p))
        else:
            self.cursed[p] = True
            self.curse_amplified[p] = amplified
            self.record(Curse(move, p, amplified))

    def _extra_mine(self, p, move, amplified, shield, immune, dc):
        if self.cursed[p]:
            if shield[amplified]:
                self.record(ExtraMineShielded(move, p))
            else:
                amount = 2 if amplified else 1
                self.points[p] -= amount
                self.record(ExtraMineHit(move, p, amplified, points=-amount))
        lifted = tuple(q for q in range(self.num_players) if self.cursed[q])
        for q in lifted:
            self.cursed[q] = False
        self.extra_mine_out = True
        self.record(ExtraMineClears(move, p, lifted))

    # ---- the checked door, for views and notebooks

    def draw(self) -> list[Event]:
        """The current player draws the next barrel (checked); returns that move's events."""
        if self.unopened == 0:
            raise self.why_illegal(Draw(0))
        self.apply(self._draws[self.turn])
        return self.last_events()

    def play_to_end(self) -> list[Event]:
        """Draw until the last cell is open; returns the events of those moves."""
        start = len(self.events)
        if self.unopened == 0:
            raise self.why_illegal(Draw(0))
        for _ in range(MAX_ACTIONS):
            if self.unopened == 0:
                break
            self.apply(self._draws[self.turn])
        return self.events[start:]

    # ---- scores and results

    def scores(self) -> list[int]:
        """Current points of every player (final once the game is over)."""
        s = [a + b for a, b in zip(self.points, self.bonus, strict=True)]
        if self.jackpot_state >= 0:
            s[self.jackpot_state] += 3
        return s

    def result(self):
        return Result.from_scores(self.scores())

    def moves_in_a_row(self) -> int:
        """How many moves the current player still has to make, this one included."""
        return 0 if self.unopened == 0 else 1 + self.luck_extra + self.misfortune_extra

    def status(self, player: int) -> dict:
        """The player's running effects: moves left of shield, immunity, Doctor Evil; curse."""
        return {
            "shield": self.shield_o[player],
            "shield_amplified": self.shield_a[player],
            "immunity": self.immune_o[player],
            "immunity_amplified": self.immune_a[player],
            "doctor_evil": self.doctor[player],
            "cursed": self.cursed[player],
            "curse_amplified": self.cursed[player] and self.curse_amplified[player],
        }

    def status_text(self, player: int, lang: str = "en") -> str:
        """The player's running effects in words ("" if none)."""
        st = self.status(player)
        parts = []
        if st["shield"] or st["shield_amplified"]:
            o, a = st["shield"], st["shield_amplified"]
            extra = "" if o == a else pick(lang, f" ({a} vs amplified)", f" ({a} от усиленной)")
            parts.append(pick(lang, f"shield: {_moves(o, lang)}", f"щит: {_moves(o, lang)}") + extra)
        if st["immunity"] or st["immunity_amplified"]:
            o, a = st["immunity"], st["immunity_amplified"]
            extra = "" if o == a else pick(lang, f" ({a} vs amplified)", f" ({a} от усиленных)")
            parts.append(pick(lang, f"immunity: {_moves(o, lang)}", f"иммунитет: {_moves(o, lang)}") + extra)
        if st["doctor_evil"]:
            n = _moves(st["doctor_evil"], lang)
            parts.append(pick(lang, f"Doctor Evil: {n}", f"доктор зло: {n}"))
        if st["cursed"]:
            if st["curse_amplified"]:
                parts.append(pick(lang, "amplified curse", "усиленное проклятие"))
            else:
                parts.append(pick(lang, "cursed", "проклятие"))
        return ", ".join(parts)

    def collection(self, player: int) -> list[tuple[Card, bool]]:
        """The main cards ``player`` collected, in order, each with "doubled"."""
        return [(ALL_CARDS[c], d) for c, d in self.collected[player]]

    def cell(self, n: int) -> dict:
        """What is known of cell ``n`` (1..54): open?, its main card if open, amplifier if seen."""
        c = n - 1
        opened = self.opened[c]
        return {
            "n": n,
            "open": opened,
            "main": str(ALL_CARDS[self.main[c]]) if opened else None,
            "amp": str(ALL_CARDS[self.amp[c]]) if self.amp_seen[c] else None,
        }

    def jackpot_cards(self) -> list[Card]:
        return [ALL_CARDS[c] for c in self.jackpot]

    def jackpot_status(self) -> str:
        """ "open" (can still be won), "lost" or "won"."""
        return {-1: "open", -2: "lost"}.get(self.jackpot_state, "won")

    @property
    def events(self) -> list[Event]:
        """Everything that happened so far, move by move (the notes of the game's story)."""
        return [e for e in self._story if isinstance(e, Event)]

    def last_events(self) -> list[Event]:
        """The events of the latest move."""
        events = self.events
        if not events:
            return []
        move = events[-1].move
        i = len(events)
        while i and events[i - 1].move == move:
            i -= 1
        return events[i:]

    def bag_size(self) -> int:
        return len(self.bag)

    def fired(self) -> Counter:
        """How many times each event kind happened so far."""
        return Counter(e.kind for e in self.events)

    # ---- what players see

    def view(self, player):
        return {
            "player": player,
            "to_move": self.current_player,
            "moves_in_a_row": self.moves_in_a_row(),
            "moves": self.moves,
            "bag": len(self.bag),
            # each card appears once: open cells' main cards are in "collected"
            "cells": [
                {"n": c + 1, "open": self.opened[c], "amp": str(ALL_CARDS[self.amp[c]]) if self.amp_seen[c] else None}
                for c in range(CELLS)
            ],
            "collected": [[str(ALL_CARDS[c]) for c, _ in coll] for coll in self.collected],
            "doubled": [[d for _, d in coll] for coll in self.collected],
            "status": [self.status(p) for p in range(self.num_players)],
            "scores": self.scores(),
            "jackpot_cells": [self.amp.index(c) + 1 for c in self.jackpot],
            "jackpot_status": self.jackpot_status(),
            "extra_mine_out": self.extra_mine_out,
            "events": [e.to_json() for e in self.last_events()],
        }

    def zones(self):
        z = {
            "field": [ALL_CARDS[self.main[c]] for c in range(CELLS) if not self.opened[c] and self.main[c] != MINE],
            "mine": [ALL_CARDS[MINE]],
            "amp_closed": [ALL_CARDS[self.amp[c]] for c in range(CELLS) if not self.amp_seen[c]],
            "amp_seen": [ALL_CARDS[self.amp[c]] for c in range(CELLS) if self.amp_seen[c]],
        }
        for p, coll in enumerate(self.collected):
            z[f"collected{p}"] = [ALL_CARDS[c] for c, _ in coll]
        return z

    def visible_zones(self, player):
        return {"mine", "amp_seen"} | {f"collected{p}" for p in range(self.num_players)}

    def cards_used(self):
        return deck(54, copies=2)


#: what each magic card does when it is opened, by its code
_MAGIC = {
    LUCK: MinefieldState._luck,
    MISFORTUNE: MinefieldState._misfortune,
    SHIELD: MinefieldState._shield,
    IMMUNITY: MinefieldState._immunity,
    DOCTOR_EVIL: MinefieldState._doctor_evil,
    CURSE: MinefieldState._curse,
    EXTRA_MINE: MinefieldState._extra_mine,
}
