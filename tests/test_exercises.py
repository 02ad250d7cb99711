"""Classroom exercises: every kind is seeded and reproducible, accepts the right answer,
refuses a wrong one saying why, and answers bad input in both languages without failing."""

from __future__ import annotations

import dataclasses

import pytest

import rules
from rules import domimi as dmm
from rules import domino as dm
from rules import durak as dk
from rules.cards import parse_card, parse_cards
from rules.exercises import ExerciseError, Session, games, generate, kinds
from rules.exercises.core import KINDS
from tests.long import kept

ALL_KINDS = kinds()
SEEDS = (0, 1, 7, 42)


def test_every_game_and_the_notation_have_five_kinds_or_more():
    assert games() == ["notation", *rules.GAMES]
    for game in games():
        assert len(kinds(game)) >= 5, game


def _wrong(ex):
    """An answer that differs from the exercise's solution in one place."""
    if ex.answer == "pick":
        first = ex.choices[0].key
        chosen = set(ex.solution) ^ {first}
        return sorted(chosen)
    if ex.answer == "choose":  # (the best move here: a move the coach finds clearly worse)
        return next(c.key for c in ex.choices if c.key != ex.solution and c.key not in ex.accepted)
    if ex.answer == "number":
        return ex.solution + 1
    if ex.answer == "numbers":
        return [ex.solution[0] + 1, *ex.solution[1:]]
    # cards typed in notation
    if ex.kind == "domimi.collect":
        pay, take = ex.solution.split(" -> ")
        return f"{pay} -> {take.split()[0]}" if len(take.split()) > 1 else f"{pay} -> {take} {take}"
    if ex.kind == "domimi.pay":
        unused = [c for c in parse_cards(ex.get("revealed")) if c not in parse_cards(ex.solution)]
        return f"{ex.solution} {unused[0]}" if unused else " ".join(ex.solution.split()[1:])
    if ex.kind == "notation.write_ru":
        return ex.get("cards")  # the English notation: right cards, wrong language
    # a card that is not part of the answer
    want = set(parse_cards(ex.solution))
    extra = next(c for c in parse_cards("7♥ 8♣ 9♠ 10♦ J♥") if c not in want)
    return f"{ex.solution} {extra}"


def _bad_input(ex):
    return {"number": "три", "numbers": "x y"}.get(ex.answer, "Z♠ 1♥")


def _sample(kind_id: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seeds and difficulties the generic tests ask of ``kind_id``: the coach's kind ("the best
    move here") reviews positions of whole games, so it is asked two seeds at one difficulty
    (``benchmarks/exercise_seeds.py`` runs more)."""
    return (SEEDS[:2], (1,)) if kind_id.endswith(".best_move") else (SEEDS, (1, 2, 3))


def _asked(kind_id: str, *pairs: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The (seed, difficulty) pairs a test asks of ``kind_id``: for the coach's kind, pairs the other
    tests ask for too (seed 0 at difficulty 2, seed 1 at difficulty 1), whose searches
    :mod:`rules.exercises.coached` keeps, so each position is found once in the file."""
    shared = ((0, 2), (1, 1))
    return shared[: len(pairs)] if kind_id.endswith(".best_move") else pairs


@pytest.mark.parametrize("kind_id", ALL_KINDS)
def test_a_seed_and_a_difficulty_give_the_same_exercise(kind_id):
    seeds, difficulties = _sample(kind_id)
    for difficulty in difficulties:
        exercises = [generate(kind_id, seed, difficulty) for seed in seeds]
        again = [generate(kind_id, seed, difficulty) for seed in seeds]
        assert exercises == again
        # and different seeds give different exercises
        assert len({(e.question, e.picture, e.choices) for e in exercises}) > 1


@pytest.mark.parametrize("kind_id", ALL_KINDS)
def test_the_right_answer_is_accepted_and_a_wrong_one_refused_with_a_reason(kind_id):
    seeds, difficulties = _sample(kind_id)
    for difficulty in difficulties:
        for seed in seeds:
            ex = generate(kind_id, seed, difficulty)
            assert ex.question.en and ex.question.ru and ex.question.en != ex.question.ru
            assert ex.rule.split(".")[0] == ex.game or ex.rule == "notation"
            right = ex.check(ex.solution)
            assert right.correct and right.readable, right.text()
            wrong = ex.check(_wrong(ex))
            assert wrong.readable, wrong.text()
            assert not wrong.correct, (seed, difficulty, wrong.text())
            assert wrong.wrong, "a refusal says what was wrong"
            assert all(w.en and w.ru for w in wrong.wrong)
            assert wrong.solution.en and wrong.solution.ru
            assert "Not quite" in wrong.text("en") and "Не совсем" in wrong.text("ru")


@pytest.mark.parametrize("kind_id", ALL_KINDS)
def test_bad_input_is_a_message_in_both_languages(kind_id):
    [(seed, difficulty)] = _asked(kind_id, (3, 2))
    ex = generate(kind_id, seed, difficulty)
    verdict = ex.check(_bad_input(ex))
    assert not verdict.readable and not verdict.correct
    assert verdict.text("en").startswith("Cannot read the answer")
    assert verdict.text("ru").startswith("Ответ не прочитан")
    assert verdict.wrong[0].en != verdict.wrong[0].ru


def test_unknown_kinds_seeds_and_difficulties_are_refused_in_both_languages():
    with pytest.raises(ExerciseError) as error:
        generate("durak.nothing", 1)
    assert "durak.beats" in str(error.value) and "упражнения" in error.value.message("ru")
    with pytest.raises(ExerciseError, match="seed"):
        generate("durak.beats", -1)
    with pytest.raises(ExerciseError, match="difficulty"):
        generate("durak.beats", 1, 4)
    with pytest.raises(ExerciseError):
        generate("durak.beats", True)


def test_another_one_like_this_is_the_next_seed_of_the_same_kind():
    ex = generate("domino.where", 5, 2)
    nxt = ex.another()
    assert (nxt.kind, nxt.seed, nxt.difficulty) == ("domino.where", 6, 2)
    assert nxt == generate("domino.where", 6, 2)
    assert ex.another(difficulty=3).difficulty == 3


# ---------------------------------------------------------------- the answers are the engine's


def test_durak_beaters_and_their_reasons_are_the_engines():
    for seed in range(20):
        ex = generate("durak.beaters", seed, 3)
        attack, trump = parse_card(ex.get("attack")), parse_card(ex.get("trump"))
        hand = [c.card for c in ex.choices]
        assert set(ex.solution) == {str(c) for c in hand if dk.beats(attack, c, trump)}
        for c in hand:
            assert ex.reason(str(c)).ru == dk.beat_reason(attack, c, trump, "ru")


def test_durak_a_card_that_cannot_be_thrown_in_is_refused_with_the_engines_reason():
    refusals = 0
    for seed in range(30):
        ex = generate("durak.throw_in", seed, 3)
        cannot = [c.key for c in ex.choices if c.key not in ex.solution]
        if cannot:
            verdict = ex.check([*ex.solution, cannot[0]])
            assert not verdict.correct
            assert "cannot be thrown in" in verdict.wrong[0].en
            assert "нельзя подкинуть" in verdict.wrong[0].ru
            refusals += 1
    assert refusals > 10


def test_domimi_the_sources_example_checked_as_a_typed_collecting_move():
    # the source: with A♦ 2♦ 2♠ revealed, A♦+2♦ = 3 collects 3♦; 2♠ cannot collect 3♠
    ex = dataclasses.replace(
        generate("domimi.collect", 0, 1), data=(("revealed", "A♦ 2♦ 2♠"), ("field", "3♦ 3♠ 10♦"), ("stage", 1))
    )
    assert ex.check("Т♦ 2♦ -> 3♦").correct  # typed in Russian
    refused = ex.check("2♠ -> 3♠")
    assert not refused.correct and "sums of ♠ differ" in refused.wrong[0].en
    assert "суммы по масти ♠ не равны" in refused.wrong[0].ru
    assert not ex.check("A♦ 2♦").readable  # no arrow: how to write a move is explained


def test_domimi_paying_more_than_needed_is_refused():
    for seed in range(10):
        ex = generate("domimi.pay", seed, 3)
        unused = [c for c in parse_cards(ex.get("revealed")) if c not in parse_cards(ex.solution)]
        if unused:
            verdict = ex.check(f"{ex.solution} {unused[0]}")
            assert not verdict.correct and "more than needed" in verdict.wrong[0].en
            return
    pytest.fail("no exercise with a card to spare")


def test_domimi_buyable_pictures_are_the_turn_options():
    for seed in range(10):
        ex = generate("domimi.buyable", seed, 2)
        options = dmm.turn_options(ex.get("revealed"), ex.get("field"), stage=ex.get("stage"))
        assert set(ex.solution) == {str(o.take[0]) for o in options if o.kind == "buy"}


def _table(ex) -> dm.Table:
    return dm.Table.from_moves([m.split() for m in ex.get("moves").split(", ")])


def test_domino_the_places_of_a_card_are_the_tables_options():
    for seed in range(20):
        ex = generate("domino.legal", seed, 2)
        card, place = parse_card(ex.get("card")), ex.get("place")
        assert (ex.solution == "yes") == (place in _table(ex).options(card))
        ex = generate("domino.where", seed, 3)
        table = dm.Table.from_moves([m.split() for m in ex.get("moves").split(", ")], deck_size=52)
        assert set(ex.solution) == table.options(parse_card(ex.get("card")))


def test_domino_a_refused_place_says_the_tables_reason():
    for seed in range(20):
        ex = generate("domino.where", seed, 1)
        table, card = _table(ex), parse_card(ex.get("card"))
        for place in ("left", "right", "up", "down"):
            if place not in ex.solution:
                verdict = ex.check([*ex.solution, place])
                assert not verdict.correct
                assert table.why(card, place).message("ru") in verdict.wrong[0].ru


def test_notation_writing_in_russian_accepts_russian_and_explains_english():
    ex = dataclasses.replace(generate("notation.write_ru", 0, 3), data=(("cards", "A♥ 10♣ Q♠ RJ"),))
    assert ex.check("Т♥ 10♣ Д♠ КДж").correct
    assert ex.check("т♥ 10c д♠ кдж").correct  # case and suit letters do not matter
    verdict = ex.check("A♥ 10♣ Q♠ RJ")
    assert not verdict.correct
    assert any("in the Russian notation it is written Т♥" in w.en for w in verdict.wrong)
    assert any("красный джокер" in w.ru for w in verdict.wrong)


def test_notation_typo_is_the_token_the_reader_refuses():
    for seed in range(10):
        ex = generate("notation.typo", seed, 2)
        with pytest.raises(ValueError) as error:
            parse_cards(ex.get("text"))
        assert ex.solution == str(error.value.position)


def test_minefield_scores_are_those_of_the_engines_next_draw():
    ex = generate("minefield.score", 4, 3)
    verdict = ex.check(list(ex.solution))
    assert verdict.correct
    assert any("draws barrel" in r.en for r in verdict.right)  # the move's events explain the score


# ---------------------------------------------------------------- the session


def test_the_session_counts_answers_right_answers_and_the_streak():
    session = Session()
    ex = generate("durak.beats", 1)
    session.record(ex, ex.check(ex.solution), "yes")
    session.record(ex, ex.check(ex.solution), "yes")
    assert (session.answered, session.right, session.streak) == (2, 2, 2)
    session.record(ex, ex.check("Z♠"), "Z♠")  # unreadable: not counted
    assert session.answered == 2
    session.record(ex, ex.check(_wrong(ex)), "no")
    assert (session.answered, session.right, session.streak, session.best_streak) == (3, 2, 0, 2)
    assert session.score_text("ru") == "Ответов 3, верных 2, серия 0 (лучшая 2)"
    page = session.report_html("ru")
    assert page.startswith("<!DOCTYPE html>") and 'lang="ru"' in page
    assert page.count("<tr>") == 4 and "Бьёт ли?" in page


def test_kinds_are_registered_with_a_title_in_both_languages():
    assert ALL_KINDS
    for kind_id in ALL_KINDS:
        spec = KINDS[kind_id]
        assert spec.title.en and spec.title.ru and spec.title.en != spec.title.ru


def test_dummy_rummy_contract_answers_are_the_exact_oracles():
    from rules import dummy_rummy as dr

    answers = set()
    for seed in range(15):
        ex = generate("dummy_rummy.contract", seed, 2)
        hand = parse_cards(ex.get("hand"))
        made = dr.find_contract(ex.get("number"), hand) is not None
        assert ex.solution == ("yes" if made else "no")
        assert dr.contract_reason(ex.get("number"), hand, "ru") in ex.solution_text.ru
        answers.add(ex.solution)
    assert answers == {"yes", "no"}  # both answers occur: the exercise is not a guess


def test_joker_rummy_can_open_exactly_when_the_best_opening_reaches_51():
    from rules import joker_rummy as jr

    answers = set()
    for seed in range(15):
        ex = generate("joker_rummy.opens", seed, 2)
        value, _ = jr.best_opening(parse_cards(ex.get("hand")))
        assert ex.solution == ("yes" if value >= 51 else "no")
        answers.add(ex.solution)
    assert answers == {"yes", "no"}


#: prints one digest per exercise (every kind, seeds 0..3, every difficulty; the coach's kinds, which review
#: whole games, seed 0 at the difficulties given as arguments) of all a student sees and is judged on
_DIGESTS = """
import hashlib, json, sys
from rules.exercises import DIFFICULTIES, generate, kinds
digests = {}
for kind_id in kinds():
    coached = kind_id.endswith(".best_move")
    for seed in range(1 if coached else 4):
        for difficulty in [int(d) for d in sys.argv[1:]] if coached else DIFFICULTIES:
            ex = generate(kind_id, seed, difficulty)
            seen = (ex.question, ex.choices, ex.data, ex.solution, ex.solution_text, ex.reasons, ex.picture)
            digests[f"{kind_id} seed {seed} difficulty {difficulty}"] = hashlib.sha1(repr(seen).encode()).hexdigest()
print(json.dumps(digests))
"""


def test_a_seed_gives_the_same_exercise_in_every_process():
    """A class given "seed 7" gets one set: nothing generated follows Python's hash order
    (a set or dict of cards iterates in an order that changes with PYTHONHASHSEED)."""
    import json
    import os
    import subprocess
    import sys

    from rules.exercises import DIFFICULTIES

    # the coach's kinds at one difficulty here (their hash order is the same code at every difficulty), at all
    # three under make test-long
    hard = kept(list(DIFFICULTIES), [DIFFICULTIES[-1]])
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _DIGESTS, *map(str, hard)],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            stdout=subprocess.PIPE,
            text=True,
        )
        for hash_seed in (1, 2)
    ]
    runs = [json.loads(proc.communicate(timeout=300)[0]) for proc in procs]
    coached = sum(k.endswith(".best_move") for k in kinds())
    assert len(runs[0]) == 3 * 4 * (len(kinds()) - coached) + len(hard) * coached > 0
    differ = sorted(name for name in runs[0] if runs[0][name] != runs[1][name])
    assert differ == [], f"{len(differ)} exercises differ between processes, e.g. {differ[:5]}"


# ---------------------------------------------------------------- the answer key an assignment holds


def _candidates(ex):
    """Answers a student might give: every subset of the choices, every choice, numbers around the
    solution; for a move, every way to pay with the revealed cards and take field cards."""
    from itertools import chain, combinations

    def subsets(items, most=None):
        return chain.from_iterable(combinations(items, k) for k in range(len(items) + 1 if most is None else most + 1))

    keys = [c.key for c in ex.choices]
    if ex.answer == "pick":
        return [list(s) for s in subsets(keys)]
    if ex.answer == "choose":
        return keys
    if ex.answer == "number":
        return list(range(ex.solution - 3, ex.solution + 4))
    if ex.answer == "numbers":
        return [[n + d, *ex.solution[1:]] for n in ex.solution[:1] for d in range(-2, 3)]
    if ex.kind in ("domimi.collect", "domimi.pay"):
        revealed, field = parse_cards(ex.get("revealed")), parse_cards(ex.get("field"))
        pays = [" ".join(map(str, p)) for p in subsets(revealed) if p]
        if ex.kind == "domimi.pay":
            return pays
        return [f"{p} -> {' '.join(map(str, t))}" for p in pays for t in subsets(field, 3) if t]
    return [ex.solution, _wrong(ex)]


@pytest.mark.parametrize("kind_id", ALL_KINDS)
def test_an_assignments_answer_key_agrees_with_the_engine(kind_id):
    """The right answers an assignment holds as data are those the engine judges right (in the Russian
    notation exercise, the key holds the cards and the engine also judges how they are written)."""
    from rules.exercises.core import accepted_keys, answer_key

    for seed, difficulty in _asked(kind_id, (0, 2), (5, 2)):
        ex = generate(kind_id, seed, difficulty)
        accepted = accepted_keys(ex)
        for answer in _candidates(ex):
            verdict, held = ex.check(answer), answer_key(ex, answer) in accepted
            assert held >= verdict.correct, (seed, answer, verdict.text())
            if kind_id != "notation.write_ru":
                assert held == verdict.correct, (seed, answer, verdict.text())


#: the kinds that ask a yes-or-no question
YES_NO = [k for k in ALL_KINDS if {c.key for c in generate(k, 0, 2).choices} == {"yes", "no"}]


def test_the_yes_or_no_questions_are_found():
    assert {"durak.beats", "domino.legal", "joker_rummy.opens", "dummy_rummy.contract"} <= set(YES_NO)


@pytest.mark.parametrize("kind_id", YES_NO)
def test_yes_and_no_in_either_language_and_any_case_answer_a_question(kind_id):
    for seed in range(4):
        ex = generate(kind_id, seed, 2)
        labels = {c.key: c.label for c in ex.choices}
        said = labels[ex.solution]
        for word in (said.en, said.ru, said.en.upper(), said.ru.upper(), said.ru.capitalize()):
            assert ex.check(word).correct and ex.check([word]).correct, word
        other = labels["no" if ex.solution == "yes" else "yes"]
        for word in (other.ru, other.en.title()):
            verdict = ex.check(word)
            assert verdict.readable and not verdict.correct


def test_the_report_names_the_student_the_date_the_chapter_and_the_seeds_in_the_readers_language():
    session = Session()
    beats = next(e for e in (generate("durak.beats", s, 1) for s in range(20)) if e.solution == "no")
    session.record(beats, beats.check("Нет"), "Нет")
    defence = generate("durak.defence", 8, 1)
    wrong = _wrong(defence)
    session.record(defence, defence.check(wrong), wrong)
    assert session.seeds() == [beats.seed, 8]
    ru = session.report_html("ru", game="durak", student="Анна Петрова", day="2026-12-04")
    for said in ("Учащийся: Анна Петрова", "Дата: 2026-12-04", "Глава: Дурак", f"Варианты: {beats.seed}, 8"):
        assert said in ru
    answers = [row.split("<td>")[5].removesuffix("</td>") for row in ru.split("<tr>")[2:]]
    assert answers[0] == "нет"
    labels = {c.key: c.label for c in defence.choices}
    assert answers[1] == ", ".join(labels[k].ru for k in wrong)  # the moves as the Russian page names them
    assert not any(word in ru for word in ("beat ", "take ", ">no<", ">yes<"))
    en = session.report_html("en", game="durak", student="Anna", day="2026-12-04")
    assert "Student: Anna" in en and "Chapter: Durak" in en and "<td>no</td>" in en
    assert session.report_name("ru", "durak", "Анна Петрова", "2026-12-04") == (
        f"тренировка-дурак-анна-петрова-2026-12-04-зёрна-{min(beats.seed, 8)}-{max(beats.seed, 8)}.html"
    )
    one = Session()
    one.record(beats, beats.check("no"), "no")
    assert (
        one.report_name("en", "durak", "", "2026-12-04") == f"practice-durak-student-2026-12-04-seed-{beats.seed}.html"
    )


@pytest.mark.parametrize("kind_id", ALL_KINDS)
def test_any_plain_answer_gets_a_verdict_never_an_error(kind_id):
    """An assignment's answer cell may hold any number, text or list: each gets a verdict."""
    [(seed, difficulty)] = _asked(kind_id, (2, 2))
    ex = generate(kind_id, seed, difficulty)
    for answer in (None, 7, -1, "", " ", [], [7], [[["deep"]]], ["да", 3], "->", "A♦ -> -> 3♦", "да" * 2000):
        verdict = ex.check(answer)
        assert verdict.text("en") and verdict.text("ru"), answer


def _seeds(kind_id: str) -> range:
    """As many seeds as the test suite affords for ``kind_id`` (about fifteen seconds for every kind);
    ``benchmarks/exercise_seeds.py --seeds 10000`` runs the same check on ten thousand."""
    if kind_id.endswith(".best_move"):  # the coach reviews whole games: about 1 to 10 s an exercise
        return range(1)
    return range(8 if kind_id.startswith("minefield.") else 60)


@pytest.mark.parametrize("kind_id", ALL_KINDS)
def test_every_seed_at_every_difficulty_makes_an_exercise_whose_solution_is_right(kind_id):
    from benchmarks.exercise_seeds import problems

    assert problems(kind_id, _seeds(kind_id)) == []


def test_the_seeds_benchmark_runs_the_kinds_asked_and_says_each_ones_speed(capsys):
    from benchmarks.exercise_seeds import chosen, main

    assert chosen([]) == ALL_KINDS
    assert chosen(["durak.beats", "notation", "durak.beats"]) == ["durak.beats", *kinds("notation")]
    with pytest.raises(ValueError, match="'chess'"):
        chosen(["chess"])
    assert main(["--seeds", "3", "notation.name", "durak.beats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["notation.name", "durak.beats"]
    assert all("3 seeds × 3 difficulties" in line and " seeds/s, 0 failures" in line for line in lines[:2])
    assert lines[2].startswith("all 2 kinds:") and "load average" in lines[2] and len(lines) == 3


def test_a_meld_exercise_never_draws_an_empty_group():
    """Seed 807 drew a group whose cards had all been used: it was spoiled with an empty range."""
    for difficulty in (1, 2, 3):
        ex = generate("joker_rummy.meld", 807, difficulty)
        assert all(c.label.en.split(": ", 1)[1] for c in ex.choices)
        assert ex.check(ex.solution).correct


def _first(kind_id, test):
    return next(ex for ex in (generate(kind_id, seed, 2) for seed in range(200)) if test(ex))


def test_a_move_is_answered_by_its_russian_label_as_a_student_types_it():
    ex = _first("durak.defence", lambda ex: len(ex.solution) == 2)
    labels = [next(c.label.ru for c in ex.choices if c.key == key) for key in ex.solution]
    assert all(" " in label for label in labels)  # «побить Д♣ картой 7♠»: words, not a key
    assert ex.check(labels).correct
    assert ex.check(", ".join(label.upper() for label in labels)).correct
    assert not ex.check(labels[:1]).correct


def test_a_cyrillic_letter_that_looks_like_the_latin_choice_names_it():
    ex = _first("joker_rummy.meld", lambda ex: ex.solution and set(ex.solution) <= set("ABC"))
    cyrillic = [letter.translate(str.maketrans("ABC", "АВС")) for letter in ex.solution]
    assert cyrillic != list(ex.solution) and ex.check(cyrillic).correct
    assert ex.check(" ".join(cyrillic).lower()).correct


def test_a_number_typed_for_a_numbered_choice_names_it():
    ex = generate("notation.typo", 3, 2)
    assert ex.check(int(ex.solution)).correct and ex.check([int(ex.solution)]).correct


def test_a_choice_that_is_not_offered_is_told_with_the_choices_in_each_language():
    ex = _first("durak.defence", lambda ex: True)
    verdict = ex.check("сдаться")
    assert not verdict.readable
    assert ex.choices[0].label.ru in verdict.text("ru") and ex.choices[0].label.en in verdict.text("en")
    assert ex.choices[0].label.ru not in verdict.text("en")
