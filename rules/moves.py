"""Reading a typed move: what a person types in a play app, read against the moves offered.

A typed move is, in either language:

- a move's own words: its label or its button text ("Take", "P1 takes", "Взять из колоды");
- a move word: ``take``/``беру``, ``pass``/``пас``/``бито``, ``draw``/``тяну`` (the offered
  move of that kind, as the engine names its kinds of actions);
- cards in notation, with a place word for a game that lays cards somewhere
  (``9♥``, ``9H left``, ``9♥ слева``): the offered move that plays these cards, or the
  moves they fit when there are several.

What is typed is read only against the moves the engine offers; a refusal comes from the
engine's own verdict, with its rule: the typed card put in place of the card of each
offered move of the same kind (``8♥`` for a defender: "8♥ does not beat 9♠ …").

>>> from rules import durak
>>> state = durak.position(hands=["7♥ 9♥", "8♥"], trump="6♠", attacker=0)
>>> read_move(state, state.legal_actions(), "7h").label
'P1 leads 7♥'
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

from rules.cards import Card, format_card, parse_cards
from rules.errors import IllegalAction, excerpt
from rules.game import Action, State

#: the longest text a move box accepts (a hand of cards, not a book)
MAX_TYPED = 200

#: Move words in both languages, by the kinds of action they name (a word names the offered
#: actions whose kind, the class name, holds one of the kinds: "take" → Take, TakeDiscard).
MOVE_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "take": ("take",),
    "беру": ("take",),
    "взять": ("take",),
    "забрать": ("take",),
    "забираю": ("take",),
    "pass": ("pass", "nocutin"),
    "пас": ("pass", "nocutin"),
    "пасую": ("pass", "nocutin"),
    "бито": ("pass",),
    "done": ("pass",),
    "хватит": ("pass",),
    "draw": ("draw",),
    "тяну": ("draw",),
    "тянуть": ("draw",),
    "вытянуть": ("draw",),
    "из колоды": ("draw",),
    "stock": ("draw",),
}

#: Place words of a game that lays a card somewhere (an action's ``where``), in both languages.
PLACE_WORDS: dict[str, str] = {
    "first": "first",
    "первой": "first",
    "left": "left",
    "слева": "left",
    "влево": "left",
    "←": "left",
    "right": "right",
    "справа": "right",
    "вправо": "right",
    "→": "right",
    "up": "up",
    "above": "up",
    "сверху": "up",
    "вверх": "up",
    "↑": "up",
    "down": "down",
    "below": "down",
    "снизу": "down",
    "вниз": "down",
    "↓": "down",
}


def cards_of(action: Action) -> tuple[Card, ...]:
    """The cards an action plays (``cards``, or its one ``card``)."""
    cards = action.cards if action.cards is not None else (action.card,)
    return tuple(c for c in cards if isinstance(c, Card))


def named_cards(action: Action) -> Counter:
    """The cards a typed move may name to mean ``action``: those it plays and the one card it names
    (a card taken from the discard pile)."""
    card = action.card
    played = Counter(cards_of(action))
    if isinstance(card, Card) and not played[card]:
        played[card] += 1
    return played


def read_move(
    state: State,
    actions: list[Action],
    typed: str,
    lang: str = "en",
    texts: Callable[[Action, str], str] | None = None,
) -> Action:
    """The one move of ``actions`` (the moves offered to the person typing) that ``typed`` names,
    else :class:`IllegalAction` saying why (with the rule, where the engine names one) or which
    moves the text fits. ``texts(action, lang)`` is a move's button text in a language (read as
    its name too); by default its explanation."""
    texts = texts or (lambda action, lang: action.explain(lang))
    if len(typed) > MAX_TYPED:
        raise IllegalAction(f"a move is at most {MAX_TYPED} characters", f"ход — не больше {MAX_TYPED} символов")
    text = " ".join(typed.split()).casefold()
    named = [a for a in actions if text in {a.label.casefold(), *(texts(a, x).casefold() for x in ("en", "ru"))}]
    if named:
        return named[0]
    if text in MOVE_WORDS:
        return _by_word(state, actions, text, MOVE_WORDS[text], texts, lang)
    words = typed.split()  # the cards as typed: a refusal quotes them so
    place = PLACE_WORDS.get(words[-1].casefold()) if len(words) > 1 else None
    wanted = Counter(parse_cards(" ".join(words[:-1] if place else words)))
    if not wanted:
        raise IllegalAction("type a move: its cards, or its words", "введите ход: его карты или его слова")
    offered = [a for a in actions if place is None or getattr(a, "where", None) == place]
    exact = [a for a in offered if Counter(cards_of(a)) == wanted]
    fits = exact or [a for a in offered if named_cards(a) >= wanted]
    if len(fits) == 1:
        return fits[0]
    shown = " ".join(format_card(c, lang) for c in wanted.elements())
    if fits:
        raise IllegalAction(
            f"{shown} fits {len(fits)} moves: {_listed(fits, texts, 'en')}; type one of them or tap it",
            f"{shown} подходит для {len(fits)} ходов: {_listed(fits, texts, 'ru')}; введите один или нажмите его",
        )
    raise _refusal(state, actions, wanted, place, shown, texts)


def _by_word(state: State, actions, word: str, kinds: tuple[str, ...], texts, lang: str) -> Action:
    of_kind = [a for a in actions if any(kind in type(a).__name__.casefold() for kind in kinds)]
    plain = [a for a in of_kind if not named_cards(a)] or of_kind  # "draw": the stock before a card in view
    if len(plain) == 1:
        return plain[0]
    shown = excerpt(word, 20)
    if plain:
        raise IllegalAction(
            f"«{shown}» fits {len(plain)} moves: {_listed(plain, texts, 'en')}; type one of them",
            f"«{shown}» подходит для {len(plain)} ходов: {_listed(plain, texts, 'ru')}; введите один из них",
        )
    for kind in state.GAME.actions:  # the engine's verdict on that kind of move, when it needs only a player
        if any(k in kind.__name__.casefold() for k in kinds) and state.current_player is not None:
            try:
                error = state.why_illegal(kind(state.current_player))
            except (TypeError, ValueError):
                continue
            if error.rule:
                raise error
    raise IllegalAction(
        f"«{shown}» is not a move now; the moves: {_listed(actions, texts, 'en')}",
        f"«{shown}» сейчас не ход; ходы: {_listed(actions, texts, 'ru')}",
    )


def _refusal(state: State, actions, wanted: Counter, place, shown: str, texts) -> IllegalAction:
    """Why no offered move plays ``wanted``: the engine's verdict on each offered move of a kind
    that plays one card, with the typed card in its place (and the typed place)."""
    if sum(wanted.values()) == 1:
        card = next(iter(wanted))
        for action in actions:
            if not isinstance(action.card, Card) or len(cards_of(action)) != 1:
                continue
            changes = {"card": card} | ({"where": place} if place and hasattr(action, "where") else {})
            if "cards" in {f.name for f in dataclasses.fields(action)}:
                changes["cards"] = (card,)
            try:
                tried = dataclasses.replace(action, **changes)
                error = state.why_illegal(tried)
            except (TypeError, ValueError):  # a kind of move this card cannot make at all
                continue
            if error.rule:
                return error
        player = state.current_player
        for kind in state.GAME.actions:  # no such move offered: the kind of move that lays one card somewhere
            names = {f.name for f in dataclasses.fields(kind)}
            if player is None or not {"card", "where"} <= names or not place:
                continue
            try:
                error = state.why_illegal(kind(player, card=card, where=place))
            except (TypeError, ValueError):
                continue
            if error.rule:
                return error
    return IllegalAction(
        f"no move plays {shown} now; the moves: {_listed(actions, texts, 'en')}",
        f"сейчас нет хода, который играет {shown}; ходы: {_listed(actions, texts, 'ru')}",
    )


def _listed(actions, texts, lang: str, most: int = 6) -> str:
    more = len(actions) - most
    return "; ".join(texts(a, lang) for a in actions[:most]) + (f" (+{more})" if more > 0 else "")


__all__ = ["MAX_TYPED", "MOVE_WORDS", "PLACE_WORDS", "cards_of", "named_cards", "read_move"]
