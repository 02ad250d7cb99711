"""Durak exercises: which card beats which, what is a trump, what may be thrown in, the defender's moves.

Answers come from :func:`rules.durak.beats`, :func:`rules.durak.beat_reason`,
:func:`rules.durak.is_trump` and the legal actions of a position set up with
:func:`rules.durak.position`; the reason for a wrong pick is the engine's refusal.
"""

from __future__ import annotations

import random

from rules import durak as dk
from rules import svg
from rules.cards import Card, card_name, format_card, format_cards
from rules.exercises.coached import best_move_kind
from rules.exercises.core import Bi, Choice, card_choices, cards_bi, kind, picture, yes_no
from rules.lang import count, pick

_VARIANT = {1: {}, 2: {}, 3: {"variant": "jokers"}}


def _pack(difficulty: int, rng: random.Random) -> list[Card]:
    if difficulty < 3:
        return dk.game_deck(36)
    return dk.game_deck(rng.choice((36, 52)), jokers=True)


def _trump_for(difficulty: int, rng: random.Random, pack: list[Card]) -> Card:
    """The turned-up card; at difficulty 3 a joker is turned up half the time."""
    if difficulty == 3 and rng.random() < 0.5:
        return rng.choice([c for c in pack if c.is_joker])
    return rng.choice([c for c in pack if not c.is_joker])


def _trump_text(trump: Card) -> Bi:
    return Bi(f"the trump card is {trump}", f"козырь — {format_card(trump, 'ru')}")


def _beat_reason(attack: Card, defence: Card, trump: Card) -> Bi:
    return Bi(dk.beat_reason(attack, defence, trump, "en"), dk.beat_reason(attack, defence, trump, "ru"))


def _rule_of(*cards: Card) -> str:
    return "durak.jokers" if any(c.is_joker for c in cards) else "durak.beat"


def _cards_picture(cards, marks=None, hand=()):
    """The cards of the question (the trump card marked) and, below them, the cards to pick from."""

    def draw(lang):
        top = svg.row(cards, lang=lang, width=48, highlight=marks)
        return top + ("<br>" + svg.row(hand, lang=lang, width=40) if hand else "")

    return picture(draw)


@kind("durak.beats", "Does it beat?", "Бьёт ли?", "choose")
def beats(rng: random.Random, difficulty: int) -> dict:
    pack = _pack(difficulty, rng)
    trump = _trump_for(difficulty, rng, pack)
    rest = [c for c in pack if c != trump]
    attack = rng.choice(rest)
    # near misses teach: a card of the attack's suit, a trump or a joker half the time
    near = [c for c in rest if c != attack and (c.suit == attack.suit or dk.is_trump(c, trump) or c.is_joker)]
    defence = rng.choice(near if near and rng.random() < 0.7 else [c for c in rest if c != attack])
    answer = dk.beats(attack, defence, trump)
    choices, solution = yes_no(answer)
    why = _beat_reason(attack, defence, trump)
    return dict(
        question=Bi(
            f"The trump card is {trump}. {attack} is led. Does {defence} beat it?",
            f"Козырь — {format_card(trump, 'ru')}. Ходят {format_card(attack, 'ru')}. "
            f"Бьёт ли её {format_card(defence, 'ru')}?",
        ),
        rule=_rule_of(attack, defence, trump),
        solution=solution,
        solution_text=Bi("yes" if answer else "no", "да" if answer else "нет") + Bi(": ", ": ") + why,
        choices=choices,
        picture=_cards_picture([trump, attack, defence], {0: "select"}),
        reasons=((solution, why), ("no" if answer else "yes", why)),
        data=(("attack", str(attack)), ("defence", str(defence)), ("trump", str(trump))),
    )


@kind("durak.beaters", "Which cards beat it?", "Какие карты её бьют?", "pick")
def beaters(rng: random.Random, difficulty: int) -> dict:
    pack = _pack(difficulty, rng)
    trump = _trump_for(difficulty, rng, pack)
    rest = [c for c in pack if c != trump]
    attack = rng.choice(rest)
    hand = rng.sample([c for c in rest if c != attack], 4 + difficulty)
    good = dk.beaters(attack, trump, hand)
    return dict(
        question=Bi(
            f"The trump card is {trump}; {attack} is led. Pick every card of the hand that beats it.",
            f"Козырь — {format_card(trump, 'ru')}; ходят {format_card(attack, 'ru')}. "
            f"Выберите все карты руки, которые её бьют.",
        ),
        rule=_rule_of(attack, trump, *hand),
        solution=tuple(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none of them", "ни одна")),
        choices=card_choices(hand),
        picture=_cards_picture([trump, attack], {0: "select"}, hand),
        reasons=tuple((str(c), _beat_reason(attack, c, trump)) for c in hand),
        data=(("attack", str(attack)), ("trump", str(trump))),
    )


@kind("durak.trumps", "Which cards are trumps?", "Какие карты козырные?", "pick")
def trumps(rng: random.Random, difficulty: int) -> dict:
    pack = dk.game_deck(36 if difficulty == 1 else 52, jokers=difficulty > 1)
    jokers = [c for c in pack if c.is_joker]
    trump = rng.choice(jokers) if difficulty == 3 or (difficulty == 2 and rng.random() < 0.5) else None
    if trump is None:
        trump = rng.choice([c for c in pack if not c.is_joker])
    offered = rng.sample([c for c in pack if c != trump], 6 + difficulty)
    good = [c for c in offered if dk.is_trump(c, trump)]
    suits = sorted(dk.trump_suits(trump), key=lambda s: s.value)
    suits_en = " and ".join(s.name_in("en") for s in suits)
    suits_ru = " и ".join(s.name_in("ru") for s in suits)
    top = dk.top_joker(trump)

    def reason(c: Card) -> Bi:
        if c == top:
            return Bi(
                f"the {card_name(c)} is the top joker, the highest trump",
                f"{card_name(c, 'ru')} — старший джокер, самый старший козырь",
            )
        if c.is_joker:
            return Bi(
                f"the {card_name(c)} is not of the trump colour: not a trump",
                f"{card_name(c, 'ru')} не козырного цвета: не козырь",
            )
        yes = dk.is_trump(c, trump)
        return Bi(
            f"{c} is {'' if yes else 'not '}of a trump suit ({suits_en})",
            f"{format_card(c, 'ru')} {'' if yes else 'не '}козырной масти ({suits_ru})",
        )

    return dict(
        question=Bi(
            f"The turned-up card is {trump}. Pick the trumps.",
            f"Козырная карта — {format_card(trump, 'ru')}. Выберите козыри.",
        ),
        rule="durak.jokers" if difficulty > 1 else "durak.trump",
        solution=tuple(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none of them", "ни одна")),
        choices=card_choices(offered),
        picture=_cards_picture([trump], {0: "select"}, offered),
        reasons=tuple((str(c), reason(c)) for c in offered),
        data=(("trump", str(trump)),),
    )


# ---------------------------------------------------------------- positions from a bout


def _deal(rng: random.Random, difficulty: int):
    """A two- or three-player position: hands, the turned-up card and a stock, valid for the engine."""
    options = _VARIANT[difficulty]
    pack = dk.game_deck(36) if difficulty < 3 else dk.game_deck(36, jokers=True)
    rng.shuffle(pack)
    players = 2 if difficulty == 1 else rng.choice((2, 3))
    sizes = [6] * players
    if difficulty == 3:
        sizes[1] = rng.choice((2, 3, 6))  # a defender short of cards limits the bout
    hands, i = [], 0
    for n in sizes:
        hands.append(pack[i : i + n])
        i += n
    trump = next(c for c in pack[i:] if not c.is_joker)
    stock = [c for c in pack[i : i + 6] if c != trump]
    state = dk.position([format_cards(h) for h in hands], str(trump), stock=format_cards(stock), **options)
    return state, options


def _walk(rng: random.Random, state, phase: str, steps: int):
    """Play random moves of the first bout (never taking) until ``phase`` after ``steps`` moves.

    None if the bout ends first.
    """
    for n in range(40):
        if dk.PHASES[state.phase] == phase and n >= steps:
            return state
        moves = [a for a in state.legal_actions() if not isinstance(a, dk.Take)]
        if not moves or state.is_over():
            return None
        # prefer throwing in and beating so that the table fills up
        busy = [a for a in moves if isinstance(a, dk.ThrowIn | dk.Beat)]
        state.apply(rng.choice(busy if busy and rng.random() < 0.75 else moves))
        if not state.table():
            return None
    return None


def _position(rng: random.Random, difficulty: int, phase: str):
    for _ in range(200):
        state, options = _deal(rng, difficulty)
        found = _walk(rng, state, phase, rng.randrange(1, 2 + 2 * difficulty))
        if found is not None:
            return found, options
    raise AssertionError(f"no {phase} position found")  # pragma: no cover


def _table_text(state) -> Bi:
    pairs_en, pairs_ru = [], []
    for a, d in state.table():
        pairs_en.append(f"{a}" + (f"/{d}" if d else ""))
        pairs_ru.append(format_card(a, "ru") + (f"/{format_card(d, 'ru')}" if d else ""))
    return Bi(" ".join(pairs_en), " ".join(pairs_ru))


def _table_picture(state, hand):
    cards = [c for pair in state.table() for c in pair if c is not None]

    def draw(lang):
        return svg.row([state.trump_card], lang=lang, width=40, highlight={0: "select"}) + (
            svg.row(cards, lang=lang, width=40) + "<br>" + svg.row(hand, lang=lang, width=48)
        )

    return picture(draw)


def _held(state) -> int:
    """How many cards the defender held when the bout began: in hand now, plus those he beat with."""
    return len(state.hand(state.defender)) + sum(1 for _, d in state.table() if d is not None)


@kind("durak.throw_in", "May it be thrown in?", "Можно ли подкинуть?", "pick")
def throw_in(rng: random.Random, difficulty: int) -> dict:
    state, options = _position(rng, difficulty, "throw")
    p = state.current_player
    hand = state.hand(p)
    legal = {a.card for a in state.legal_actions() if isinstance(a, dk.ThrowIn)}
    reasons = []
    for c in hand:
        action = dk.ThrowIn(p, c)
        if c in legal:
            reasons.append((str(c), Bi(action.explain("en"), action.explain("ru"))))
        else:
            reasons.append((str(c), Bi.of(state.why_illegal(action))))
    good = [c for c in hand if c in legal]
    defender = state.defender + 1
    return dict(
        question=Bi(
            f"The trump card is {state.trump_card}. On the table: {_table_text(state).en} (attack/defence); "
            f"player {defender} defends and held {count(_held(state), 'en')} when the bout began. "
            f"You are player {p + 1}: which of your cards may you throw in now?",
            f"Козырь — {format_card(state.trump_card, 'ru')}. На столе: {_table_text(state).ru} (ход/чем побита); "
            f"отбивается игрок {defender}, в начале кона у него было карт: {_held(state)}. "
            f"Вы — игрок {p + 1}: какие свои карты вы можете сейчас подкинуть?",
        ),
        rule="durak.throw_in",
        solution=tuple(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none: say «Бито»", "никакие: «Бито»")),
        choices=card_choices(hand),
        picture=_table_picture(state, hand),
        reasons=tuple(reasons),
        data=(("variant", options.get("variant", "classic")),),
    )


def _move_label(action, lang: str) -> str:
    if isinstance(action, dk.Beat):
        attack, card = format_card(action.attack, lang), format_card(action.card, lang)
        return pick(lang, f"beat {attack} with {card}", f"побить {attack} картой {card}")
    return pick(lang, "take the cards", "взять карты")


@kind("durak.defence", "The defender's legal moves", "Допустимые ходы отбивающегося", "pick")
def defence(rng: random.Random, difficulty: int) -> dict:
    state, options = _position(rng, difficulty, "defend")
    p = state.current_player
    hand = state.hand(p)
    unbeaten = [a for a, d in state.table() if d is None]
    legal = state.legal_actions()
    candidates = [dk.Beat(p, a, c, state.trump_card) for a in unbeaten for c in hand] + [dk.Take(p)]
    choices, reasons, good = [], [], []
    for action in candidates:
        key = action.label
        choices.append(Choice(key, Bi(_move_label(action, "en"), _move_label(action, "ru"))))
        if action in legal:
            good.append(key)
            reasons.append((key, Bi(action.explain("en"), action.explain("ru"))))
        else:
            reasons.append((key, Bi.of(state.why_illegal(action))))
    words = Bi.join([c.label for c in choices if c.key in good], ", ")
    return dict(
        question=Bi(
            f"The trump card is {state.trump_card}. On the table: {_table_text(state).en} (attack/defence). "
            f"You are player {p + 1}, the defender: tick every legal move.",
            f"Козырь — {format_card(state.trump_card, 'ru')}. На столе: {_table_text(state).ru} (ход/чем побита). "
            f"Вы — игрок {p + 1}, отбивающийся: отметьте все допустимые ходы.",
        ),
        rule=_rule_of(state.trump_card, *hand, *unbeaten),
        solution=tuple(good),
        solution_text=words,
        choices=tuple(choices),
        picture=_table_picture(state, hand),
        reasons=tuple(reasons),
        data=(("variant", options.get("variant", "classic")),),
    )


# ---------------------------------------------------------------- the best move here, by the coach

best_move_kind("durak", playouts=120, moves={1: (2, 3), 2: (2, 6), 3: (2, 12)})
