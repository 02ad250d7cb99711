"""Every game's play app, played to the end in both languages as a reader plays it.

The games come from the registry (and the template game, ``tests/war.py``): each one's
declared view is opened twice, in English and in Russian, with the same seed; the reader
presses the same seeded move button in both until the game is over, and the bots answer.
Both views must show one and the same game throughout, every button and line of the story
in the view's own language, and the end of the game with its winners.

The view is driven through its buttons, status line and log only (the helpers below, the
reader's side of :class:`widgets.game.GameView`).
"""

from __future__ import annotations

import random
import re

import pytest

import rules
from rules.lang import pick, player_name
from tests import war

LANGS = ("en", "ru")
GAMES = [*rules.GAMES.values(), war.GAME]

# ---------------------------------------------------------------- the reader's side of a view

# the view's own driver (widgets.game.GameView): what a reader does and reads, by name


def buttons(view) -> list[str]:
    """The labels of the move buttons offered now, in their order on the page."""
    return view.buttons()


def press(view, label: str) -> None:
    """Press the move button labelled ``label`` (LookupError if it is not offered)."""
    view.press(label)


def status_text(view) -> str:
    return view.status_text()


def log_entries(view) -> list[tuple[str, str]]:
    """The lines of the log the view shows, oldest first: (text, rule id)."""
    return [(line.text, line.rule) for line in view.log_entries()]


# ---------------------------------------------------------------- what a reader of each language reads

_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def _foreign(text: str, lang: str) -> str | None:
    """The words of ``text`` in the other language, if any: Russian quoted in «» (the
    players' own calls, «Бито») is English text too."""
    found = pick(lang, _CYRILLIC.search(re.sub(r"«[^»]*»", "", text)), _LATIN_WORD.search(text))
    return found[0] if found else None


def _in_its_language(texts, lang: str, where: str) -> None:
    for text in texts:
        assert _foreign(text, lang) is None, f"{where} ({lang}) speaks the other language: {text!r}"


def test_the_games_are_found():
    assert len(GAMES) == len(rules.GAMES) + 1 >= 2


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_is_played_to_the_end_in_both_languages(game):
    app = game.view_class()
    players = game.info.min_players
    views = {lang: app(lang=lang, players=players, seed=1) for lang in LANGS}
    rng = random.Random(game.id)
    bound = game.info.max_actions(views["en"].state)
    for _ in range(bound):
        if views["en"].state.is_over():
            break
        offered = {lang: buttons(view) for lang, view in views.items()}
        assert offered["en"], "the reader is to move and is offered a button"
        for lang, view in views.items():
            labels = offered[lang]
            assert len(set(labels)) == len(labels), f"two buttons say the same ({lang}): {labels}"
            _in_its_language(labels, lang, "a move button")
            turn = player_name(view.state.current_player, lang)
            assert status_text(view) == pick(lang, f"{turn}, your turn.", f"{turn}, ваш ход.")
        choice = rng.randrange(len(offered["en"]))
        for lang, view in views.items():
            moves = len(view.state.history)
            press(view, offered[lang][choice])
            assert len(view.state.history) > moves, f"pressing {offered[lang][choice]!r} played it"
        assert views["en"].state.replay_key() == views["ru"].state.replay_key(), "one game in both views"
    en, ru = views["en"].state, views["ru"].state
    assert en.is_over(), f"the game ends within {bound} moves"
    winners = {lang: ", ".join(player_name(p, lang) for p in en.result().winners) for lang in LANGS}
    assert status_text(views["en"]).startswith(("Game over. Winner: ", "Game over. Winners: "))
    assert winners["en"] in status_text(views["en"])
    assert status_text(views["ru"]).startswith(("Партия окончена. Победитель: ", "Партия окончена. Победители: "))
    assert winners["ru"] in status_text(views["ru"])
    story = {lang: log_entries(view) for lang, view in views.items()}
    assert story["en"], "the log tells the game"
    for lang in LANGS:
        told = [(entry.text, entry.rule) for entry in views[lang].state.log(lang)]
        assert story[lang] == told[-len(story[lang]) :], f"the view's log is the game's story ({lang})"
        _in_its_language([text for text, _ in story[lang]], lang, "the log")
    for (text_en, rule_en), (text_ru, rule_ru) in zip(story["en"], story["ru"], strict=True):
        assert rule_en == rule_ru and rule_en in game.rules, f"{text_en!r} links its rule"
        assert text_en != text_ru, f"told in Russian too: {text_en!r}"
    for view in views.values():
        assert not buttons(view), "no move is offered once the game is over"
        view.close()
    assert ru.replay_key() == en.replay_key()
