"""DoMiMi exercises: collecting moves, what can be bought and how to pay, returns, the kinds of move.

Every answer is one of :func:`rules.domimi.turn_options` for the revealed cards and
the field, and a typed move that is not one is refused with
:func:`rules.domimi.explain_refusal`, the same words the explorer uses.
"""

from __future__ import annotations

import random
from collections import Counter

from rules import domimi as dmm
from rules import svg
from rules.cards import Card, card_name, format_card, format_cards, parse_cards
from rules.exercises.coached import best_move_kind
from rules.exercises.core import (
    MOVE_ARROW,
    Bi,
    Choice,
    Exercise,
    ExerciseError,
    Verdict,
    card_choices,
    cards_bi,
    judge,
    kind,
    picture,
)

_KIND_WORDS = {
    "collect": Bi("a collecting move", "собирательный ход"),
    "cross": Bi("a cross move", "поперечный ход"),
    "buy": Bi("buying a picture", "взятие «картинки»"),
}


def _money(c: Card) -> bool:
    return not c.is_joker and c.rank <= 10


def _position(rng: random.Random, difficulty: int, wanted, revealed_count: int = 3, money_only: bool = True):
    """Revealed cards and a field (one deck) with ``wanted(options)`` true; the stage is 1 or 2."""
    everything = dmm.full_field(1)
    size = {1: 8, 2: 12, 3: 16}[difficulty]
    for _ in range(2000):
        pool = list(everything)
        rng.shuffle(pool)
        money = [c for c in pool if _money(c)]
        revealed = sorted(money[:revealed_count] if money_only else pool[:revealed_count])
        field = sorted(rng.sample([c for c in pool if c not in revealed], size))
        stage = rng.choice((1, 2))
        options = dmm.turn_options(revealed, field, stage=stage)
        if wanted(options, revealed, field):
            return revealed, field, stage, options
    raise AssertionError("no position found")  # pragma: no cover


def _show(revealed, field):
    def draw(lang):
        return svg.row(revealed, lang=lang, width=44, highlight=range(len(revealed))) + svg.row(
            field, lang=lang, width=34
        )

    return picture(draw)


def _situation(revealed, field, stage) -> Bi:
    return Bi(
        f"Stage {stage}. You revealed {format_cards(revealed)}; the field is {format_cards(field)}.",
        f"{stage}-й этап. Вы открыли {format_cards(revealed, 'ru')}; на поле {format_cards(field, 'ru')}.",
    )


def _data(revealed, field, stage, **more) -> tuple:
    return (("revealed", format_cards(revealed)), ("field", format_cards(field)), ("stage", stage), *more.items())


def _option_text(o: dmm.TurnOption) -> Bi:
    return Bi(o.explain("en"), o.explain("ru"))


def _move_text(o: dmm.TurnOption) -> str:
    return f"{format_cards(o.pay)} -> {format_cards(o.take)}"


def _read_move(answer) -> tuple[list[Card], list[Card]]:
    text = str(answer)
    parts = MOVE_ARROW.split(text.strip(), maxsplit=1)
    if len(parts) != 2:
        raise ExerciseError(
            f"write the move as the cards you pay, an arrow and the cards you take, e.g. «A♦ 2♦ -> 3♦», not {text!r}",
            f"запишите ход так: карты, которыми платите, стрелка и карты, которые берёте, например «Т♦ 2♦ -> 3♦», "
            f"а не «{text}»",
        )
    return list(parse_cards(parts[0])), list(parse_cards(parts[1]))


def _judge_move(exercise: Exercise, answer, kind_: str, take=None) -> Verdict:
    pay, took = _read_move(answer) if take is None else (list(parse_cards(str(answer))), take)
    revealed, field, stage = exercise.get("revealed"), exercise.get("field"), exercise.get("stage")
    refusal = dmm.explain_refusal(kind_, pay, took, revealed, field, stage=stage)
    said = Bi(
        f"{format_cards(pay)} -> {format_cards(took)}",
        f"{format_cards(pay, 'ru')} -> {format_cards(took, 'ru')}",
    )
    if refusal is None:
        return Verdict(True, exercise.rule, (said + Bi(f": {kind_}", f": {kind_}"),), (), exercise.solution_text)
    return Verdict(False, refusal.rule or exercise.rule, (), (Bi.of(refusal),), exercise.solution_text)


@kind("domimi.collect", "A collecting move", "Собирательный ход", "cards")
def collect(rng: random.Random, difficulty: int) -> dict:
    revealed, field, stage, options = _position(rng, difficulty, lambda o, r, f: o.count("collect") > 0)
    first = next(o for o in options if o.kind == "collect")
    n = options.count("collect")
    return dict(
        question=_situation(revealed, field, stage)
        + Bi(
            " Write a collecting move: the revealed cards you pay, «->», the field cards you take "
            "(e.g. «A♦ 2♦ -> 3♦»).",
            " Запишите собирательный ход: открытые карты, которыми платите, «->», карты поля, которые берёте "
            "(например «Т♦ 2♦ -> 3♦»).",
        ),
        rule="domimi.collect",
        solution=_move_text(first),
        accepted=tuple(_move_text(o) for o in options if o.kind == "collect"),
        solution_text=_option_text(first)
        + (
            Bi(" (the only collecting move)", " (единственный собирательный ход)")
            if n == 1
            else Bi(f" (one of {n} collecting moves)", f" (один из {n} возможных собирательных ходов)")
        ),
        picture=_show(revealed, field),
        data=_data(revealed, field, stage),
    )


@judge("domimi.collect")
def _judge_collect(exercise: Exercise, answer) -> Verdict:
    return _judge_move(exercise, answer, "collect")


@kind("domimi.buyable", "Which pictures can you buy?", "Какие «картинки» можно взять?", "pick")
def buyable(rng: random.Random, difficulty: int) -> dict:
    def wanted(options, revealed, field):
        pictures = [c for c in field if not _money(c)]
        return len(pictures) >= 2 and sum(c.rank for c in revealed) >= 15

    revealed, field, stage, options = _position(rng, difficulty, wanted)
    pictures = sorted({c for c in field if not _money(c)})
    good = sorted({o.take[0] for o in options if o.kind == "buy"})
    reasons = []
    for pic in pictures:
        option = next((o for o in options if o.kind == "buy" and o.take[0] == pic), None)
        if option is not None:
            reasons.append((str(pic), _option_text(option)))
        else:
            reasons.append((str(pic), Bi.of(dmm.explain_refusal("buy", revealed, [pic], revealed, field, stage=stage))))
    return dict(
        question=_situation(revealed, field, stage)
        + Bi(" Which pictures can you buy?", " Какие «картинки» можно взять?"),
        rule="domimi.buy",
        solution=tuple(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none", "никакие")),
        choices=card_choices(pictures),
        picture=_show(revealed, field),
        reasons=tuple(reasons),
        data=_data(revealed, field, stage),
    )


@kind("domimi.pay", "Pay for a picture", "Оплата «картинки»", "cards")
def pay(rng: random.Random, difficulty: int) -> dict:
    count = 2 + difficulty  # 3, 4 or 5 revealed: more ways to overpay

    def wanted(options, revealed, field):
        return any(o.kind == "buy" for o in options)

    revealed, field, stage, options = _position(rng, difficulty, wanted, revealed_count=count)
    buys = [o for o in options if o.kind == "buy"]
    target = rng.choice(sorted({o.take[0] for o in buys}))
    ways = [o for o in buys if o.take[0] == target]
    price = dmm.PRICES[None if target.is_joker else target.rank]
    return dict(
        question=_situation(revealed, field, stage)
        + Bi(
            f" You buy {target} ({card_name(target)}, price {price}). Type the revealed cards you pay with "
            f"(no card more than needed).",
            f" Вы берёте {format_card(target, 'ru')} ({card_name(target, 'ru')}, цена {price}). Запишите открытые "
            f"карты, которыми платите (без лишних).",
        ),
        rule="domimi.buy",
        solution=format_cards(ways[0].pay),
        accepted=tuple(format_cards(o.pay) for o in ways),
        solution_text=Bi.join([_option_text(o) for o in ways], " | "),
        picture=_show(revealed, field),
        data=_data(revealed, field, stage, target=str(target)),
    )


@judge("domimi.pay")
def _judge_pay(exercise: Exercise, answer) -> Verdict:
    return _judge_move(exercise, answer, "buy", take=[Card.parse(exercise.get("target"))])


@kind("domimi.returns", "What goes back to the field?", "Что можно вернуть на поле?", "pick")
def returns(rng: random.Random, difficulty: int) -> dict:
    def wanted(options, revealed, field):
        return len(options) > 0

    revealed, field, stage, options = _position(rng, difficulty, wanted, revealed_count=2 + difficulty)
    all_options = list(options)
    # a picture taken, or a collecting move in stage 1, are the cases the rule tells apart
    option = rng.choice(all_options)
    back = set(option.returnable)
    used = Counter(option.pay)
    reasons = []
    for c in revealed:
        if used[c]:
            reasons.append(
                (str(c), Bi(f"{c} pays for the move: it is spent", f"{format_card(c, 'ru')} идёт в оплату хода"))
            )
        elif c in back:
            reasons.append(
                (
                    str(c),
                    Bi(
                        f"{c} is unused and may go back to the field",
                        f"{format_card(c, 'ru')} не использована и может вернуться на поле",
                    ),
                )
            )
        else:
            reasons.append(
                (
                    str(c),
                    Bi(
                        f"{c} is unused, but in stage 1 unused cards go back only after taking a picture",
                        f"{format_card(c, 'ru')} не использована, но на 1-м этапе неиспользованные карты "
                        f"возвращают только после взятия «картинки»",
                    ),
                )
            )
    good = [c for c in revealed if c in back]
    return dict(
        question=_situation(revealed, field, stage)
        + Bi(
            f" You make this move: {option.explain('en')}. Which revealed cards may you return to the field?",
            f" Вы делаете ход: {option.explain('ru')}. Какие открытые карты можно вернуть на поле?",
        ),
        rule="domimi.return",
        solution=tuple(str(c) for c in good),
        solution_text=cards_bi(good, Bi("none", "никакие")),
        choices=card_choices(revealed),
        picture=_show(revealed, field),
        reasons=tuple(reasons),
        data=_data(revealed, field, stage, move=_move_text(option)),
    )


@kind("domimi.kinds", "Which kinds of move?", "Какие ходы возможны?", "pick")
def kinds_of_move(rng: random.Random, difficulty: int) -> dict:
    def wanted(options, revealed, field):
        return rng.random() < 0.3 or options.count("cross") > 0 or options.count("buy") > 0

    revealed, field, stage, options = _position(rng, difficulty, wanted, money_only=False)
    good = [k for k in _KIND_WORDS if options.count(k)]
    reasons = []
    for k in _KIND_WORDS:
        example = next((o for o in options if o.kind == k), None)
        if example is not None:
            reasons.append(
                (k, Bi(f"{options.count(k)}, e.g. ", f"{options.count(k)}, например ") + _option_text(example))
            )
        else:
            reasons.append((k, Bi("no option of this kind", "таких вариантов нет")))
    return dict(
        question=_situation(revealed, field, stage)
        + Bi(
            " Which kinds of move can you make? (None: you do nothing.)",
            " Какие ходы вы можете сделать? (Никакие — ничего не делаете.)",
        ),
        rule="domimi.pass" if not good else "domimi.refill",
        solution=tuple(good),
        solution_text=Bi.join([_KIND_WORDS[k] for k in good], ", ") if good else Bi("none", "никакие"),
        choices=tuple(Choice(k, w) for k, w in _KIND_WORDS.items()),
        picture=_show(revealed, field),
        reasons=tuple(reasons),
        data=_data(revealed, field, stage),
    )


# ---------------------------------------------------------------- the best move here, by the coach

best_move_kind("domimi", playouts=60, moves={1: (2, 2), 2: (2, 3), 3: (2, 4)})
