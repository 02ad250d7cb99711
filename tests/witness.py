"""What a seat may see, read from what a page was sent: the cards a text names (in notation and in
words, in both languages), and a :class:`Witness` that replays a game beside a table and knows, at
every step, which cards each seat (and a spectator) has been able to see.

A seat has seen the cards of the zones the engine says it sees, at any moment so far, and the cards
every move put on the table; a spectator sees what all seats see. A card a message names that its
reader never saw is a leak. In games of several decks a card's name stands for all its copies, so
there the check is of names.
"""

from __future__ import annotations

import re

from rules.cards import ALL_CARDS, Card, card_name, format_card
from rules.errors import LANGS
from widgets.game import action_cards

_NAMES = {format_card(c, lang): c for c in ALL_CARDS for lang in LANGS} | {
    card_name(c, lang): c for c in ALL_CARDS for lang in LANGS
}


def longest_first(words) -> str:
    """A pattern matching any of ``words``, the longest where several start at one place: a
    trie of their letters, so that a long page is read in one pass (an alternation of two
    hundred names tries each of them at every character)."""
    trie: dict = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        parts = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not parts:
            return ""
        body = parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(trie)


_CARD = re.compile(longest_first(_NAMES))
#: a joker and the card it stands for in a meld, "BJ(Q♠)": the reading is not a card of the game
_READING = re.compile(r"(RJ|BJ|КДж|ЧДж)\([^)]*\)")


#: a table's or a seat's code (5 or 6 of its letters): random, so it may hold "BJ" or "RJ" and name no card
_CODE = re.compile(r"(?<![0-9A-Za-z])[2-9A-Z]{5,6}(?![0-9A-Za-z])")


def cards_named(text: str) -> set[Card]:
    """Every card a text names: in notation (A♠, Т♠, 10♥, RJ, КДж) or in words (queen of spades, дама пик)."""
    text = _CODE.sub(" ", _READING.sub(lambda m: m.group(1), text))
    return {_NAMES[m] for m in _CARD.findall(text)}


class Witness:
    """What each seat (and a spectator) of a game has been able to see, step by step."""

    def __init__(self, state):
        assert not state.history, "a witness starts from the game's start"
        self.state = state
        n = state.num_players
        self.seen: list[list[set[Card]]] = []  # per step: per seat, then the spectator
        self._now = [set() for _ in range(n + 1)]
        self._look()

    def _look(self) -> None:
        state = self.state
        zones = state.zones()
        everyone = set.intersection(*(state.visible_zones(p) for p in range(state.num_players)))
        for p in range(state.num_players):
            self._now[p] |= {c for name in state.visible_zones(p) for c in zones.get(name, ())}
        self._now[-1] |= {c for name in everyone for c in zones.get(name, ())}
        self.seen.append([set(s) for s in self._now])

    def play(self, action) -> None:
        self.state.apply(action)
        played = set(action_cards(action))  # a card played is laid before everyone
        for seen in self._now:
            seen |= played
        self._look()

    def leaks(self, text: str, viewer: int | None, step: int | None = None) -> set[Card]:
        """Cards ``text`` names that seat ``viewer`` (None: a spectator) had never seen by ``step``."""
        seen = self.seen[len(self.seen) - 1 if step is None else step]
        return cards_named(text) - seen[-1 if viewer is None else viewer]
