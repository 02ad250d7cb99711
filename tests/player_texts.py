"""Every text a player reads, gathered from the engines, the apps and the chapters.

The games come from the registry (:data:`rules.GAMES`), their apps from their declarations: a
game added to the book is read here without a line changed. From the engines: the explanation
of every legal action and every note over random seeded games of every player count, the
refusals of actions that were legal a moment earlier, the results' notes, the options' labels
and their choices, the rules' and the set-ups' names. From the apps: every label, button,
status and drawing of each game's play view, in both languages, while bots play it. From the
chapters: the Markdown pages and the notebooks' Markdown cells and saved outputs.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import importlib
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

from rules import GAMES
from rules.errors import RulesError
from rules.game import option_label

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
LANGS = ("en", "ru")

#: random games per player count, and the actions read per game (a bounded, seeded sample)
GAMES_PER_COUNT, ACTIONS_READ = 2, 400
#: the legal actions read at one step (all of them, or a seeded sample of this many)
READ_PER_STEP = 12
#: the moves of an app's game after which its whole view is read (its buttons are read with the
#: engines' texts, for every legal action of every game played there)
SHOWN_AT = (0, 1, 2, 3, 5, 8, 13)


@dataclasses.dataclass(frozen=True)
class Text:
    """One text a player reads: where it comes from (for the failure message), its language, the words."""

    where: str
    lang: str
    text: str


def _plain(markup: str) -> str:
    """The words of an HTML fragment: tags and SVG drawings dropped (their titles kept), entities
    read; a block (a paragraph, a cell of a table, a drawing's title) on a line of its own."""
    markup = re.sub(r"<(style|script|text)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"<title>(.*?)</title>", r"\n\1\n", markup, flags=re.S)
    markup = re.sub(r"</?(?:div|p|li|ul|ol|tr|td|th|table|br|h\d|svg|section|details|summary)\b[^>]*>", "\n", markup)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


# ---------------------------------------------------------------- the engines


def _option_texts(gid: str, game) -> Iterator[Text]:
    for field in dataclasses.fields(game.options):
        for lang in LANGS:
            yield Text(f"{gid} option {field.name}", lang, option_label(field, lang))
        for value, names in (field.metadata.get("choice_labels") or {}).items():
            for lang, name in zip(LANGS, names, strict=True):
                yield Text(f"{gid} option {field.name}={value}", lang, name)
    for rule, names in game.rules.items():
        for lang, name in zip(LANGS, names, strict=True):
            yield Text(f"{gid} rule {rule}", lang, name)
    for name, setup in game.setups.items():
        for lang in LANGS:
            yield Text(f"{gid} set-up {name}", lang, setup.title(lang))


def _states(gid: str, game) -> Iterator:
    """Fresh states of the game: seeded deals of every player count, and its teaching set-ups."""
    info = game.info
    for players in range(info.min_players, info.max_players + 1):
        for seed in range(GAMES_PER_COUNT):
            try:
                state = game.new_game(players=players, seed=seed)
            except RulesError as error:  # a count the game's options do not allow: its refusal is read
                yield f"{gid} {players} players", error
                break
            yield f"{gid} {players} players, seed {seed}", state
    for name, setup in game.setups.items():
        yield f"{gid} set-up {name}", setup()


def _played(where: str, state, rng: random.Random, buttons: dict) -> Iterator[Text]:
    """Play ``state`` at random, reading what every legal action, refusal and note says, and the
    button the game's play app (``buttons[lang]``) shows for each legal action."""
    gid = state.INFO.id
    earlier: list = []
    for _ in range(ACTIONS_READ):
        if state.is_over():
            break
        actions = state.legal_actions()
        read = actions if len(actions) <= READ_PER_STEP else rng.sample(actions, READ_PER_STEP)
        for action in read:
            for lang in LANGS:
                yield Text(f"{where}: action", lang, action.explain(lang))
                yield Text(f"{gid} app button ({where})", lang, buttons[lang].action_text(action))
        for action in earlier[:6]:  # what was legal a move ago and may be refused now
            if action not in actions:
                error = state.why_illegal(action)
                for lang in LANGS:
                    yield Text(f"{where}: refusal", lang, error.message(lang))
        earlier = rng.sample(actions, min(len(actions), 6))
        state.apply(actions[rng.randrange(len(actions))])
    for lang in LANGS:
        for entry in state.log(lang):
            yield Text(f"{where}: {entry.kind}", lang, entry.text)
        if state.is_over():
            yield Text(f"{where}: result", lang, state.result().note(lang))


def _distinct(texts) -> tuple[Text, ...]:
    """Each text once, where it was first read."""
    first: dict[tuple[str, str], Text] = {}
    for text in texts:
        first.setdefault((text.lang, text.text), text)
    return tuple(first.values())


@functools.cache
def engine_texts() -> tuple[Text, ...]:
    """What the engines of every registered game say to a player, and their apps' buttons."""
    found: list[Text] = []
    views = play_views()
    for gid, game in GAMES.items():
        found += _option_texts(gid, game)
        buttons = {lang: views[gid](lang=lang) for lang in LANGS}
        for i, (where, state) in enumerate(_states(gid, game)):
            if isinstance(state, RulesError):
                found += [Text(f"{where}: refusal", lang, state.message(lang)) for lang in LANGS]
            else:
                found += _played(where, state, random.Random(i), buttons)
        for view in buttons.values():
            view.close()
    return _distinct(found)


# ---------------------------------------------------------------- the apps


def play_views() -> dict[str, type]:
    """Each registered game's play view (the ``GameView`` its declaration names)."""
    return {gid: game.view_class() for gid, game in GAMES.items()}


def widget_texts(widget) -> Iterator[str]:
    """Every text a widget tree shows: labels, values, choices, titles, tooltips, placeholders."""
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            yield value
    labels = getattr(widget, "_options_labels", None)
    value = getattr(widget, "value", None)
    if labels is not None:  # a choice shows its labels, not its values
        yield from labels
    elif isinstance(value, str) and value:
        yield _plain(value)
    for title in getattr(widget, "titles", ()) or ():
        if title:
            yield title
    for child in getattr(widget, "children", ()) or ():
        yield from widget_texts(child)


@functools.cache
def app_texts() -> tuple[Text, ...]:
    """What each game's play app shows, in both languages, at the start and while bots play it."""
    found: list[Text] = []
    for gid, cls in play_views().items():
        info = GAMES[gid].info
        for lang in LANGS:
            for players in sorted({info.min_players, info.max_players}):
                view = cls(lang=lang, players=players, seed=players, seats=["human"] * players)
                rng = random.Random(players)
                if view._state is None:  # a count the default options do not allow: the refusal is read
                    found += [Text(f"{gid} app, {players} players", lang, t) for t in widget_texts(view)]
                    continue
                for step in range(SHOWN_AT[-1] + 1):
                    if step in SHOWN_AT:
                        found += [Text(f"{gid} app, {players} players", lang, t) for t in widget_texts(view)]
                    state = view._state
                    if state.is_over():
                        break
                    actions = state.legal_actions()
                    view._act(actions[rng.randrange(len(actions))])
                if players == info.min_players:
                    for seat in range(players):  # bots play the game to its end
                        view._set_seat(seat, "bot")
                    found += [Text(f"{gid} app, game over", lang, t) for t in widget_texts(view)]
                view.close()
    return _distinct(found)


#: the chapters' explorers (widgets a reader plays with beside the rules), each made in both
#: languages and worked at random: its choices changed and its buttons pressed, this many times
EXPLORER_STEPS = 16


def explorers() -> list[type]:
    """The widgets of :mod:`widgets.games` a chapter shows beside its rules (not the play views)."""
    import ipywidgets as w

    from widgets.game import GameView

    found = []
    for gid in sorted(GAMES):
        mod = importlib.import_module(GAMES[gid].view_class().__module__)
        for name, cls in sorted(vars(mod).items()):
            if (
                isinstance(cls, type)
                and cls.__module__ == mod.__name__
                and issubclass(cls, w.Widget)
                and not issubclass(cls, GameView)
                and not name.startswith("_")
            ):
                found.append(cls)
    return found


def _controls(widget) -> Iterator:
    import ipywidgets as w

    if (isinstance(widget, (w.Dropdown, w.ToggleButtons, w.Select, w.RadioButtons)) and not widget.disabled) or (
        isinstance(widget, w.Button) and not widget.disabled
    ):
        yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _controls(child)


def _work(view, rng: random.Random) -> Iterator[str]:
    """What ``view`` shows as its choices are changed and its buttons pressed at random."""
    import ipywidgets as w

    yield from widget_texts(view)
    for _ in range(EXPLORER_STEPS):
        controls = list(_controls(view))
        if not controls:
            return
        control = controls[rng.randrange(len(controls))]
        if isinstance(control, w.Button):
            control.click()
        elif control.options:
            values = [o[1] if isinstance(o, tuple) else o for o in control.options]
            control.value = values[rng.randrange(len(values))]
        yield from widget_texts(view)


@functools.cache
def explorer_texts() -> tuple[Text, ...]:
    """What the chapters' explorers and the exercise view show while a reader works them."""
    from rules.exercises import games as exercise_games
    from widgets.exercises import ExerciseView

    found: list[Text] = []
    for lang in LANGS:
        for i, cls in enumerate(explorers()):
            view = cls(lang=lang)
            found += [Text(f"{cls.__name__} ({lang})", lang, t) for t in _work(view, random.Random(i))]
            view.close()
        for i, game in enumerate(exercise_games()):
            view = ExerciseView(game, lang=lang, seed=i)
            found += [Text(f"exercises {game} ({lang})", lang, t) for t in _work(view, random.Random(i))]
            view.close()
    return _distinct(found)


#: the seeds and difficulties of every exercise kind read
EXERCISE_SEEDS = range(3)


def _wrong_answer(exercise) -> object:
    """An answer that is not the solution, in the form the kind reads."""
    solution, keys = exercise.solution, [c.key for c in exercise.choices]
    if exercise.answer == "number":
        return int(solution) + 1
    if exercise.answer == "numbers":
        return tuple(int(x) + 1 for x in solution)
    if exercise.answer == "choose":
        return next((k for k in keys if k != solution), "")
    if exercise.answer == "pick":
        chosen = set(solution)
        return tuple(k for k in keys if k not in chosen)[:2]
    return "2♣"


@functools.cache
def exercise_texts() -> tuple[Text, ...]:
    """Every exercise kind's title, question, choices, solution, reasons and verdicts, over seeds
    and difficulties."""
    from rules.exercises import DIFFICULTIES, generate, kind_title, kinds

    found: list[Text] = []
    for kind_id in kinds():
        for lang in LANGS:
            found.append(Text(f"{kind_id} title", lang, kind_title(kind_id)(lang)))
        coached = kind_id.endswith(".best_move")  # the coach reviews whole games: one exercise of it
        for seed in EXERCISE_SEEDS[:1] if coached else EXERCISE_SEEDS:
            for difficulty in (1,) if coached else DIFFICULTIES:
                ex = generate(kind_id, seed, difficulty)
                where = f"{kind_id} seed {seed} difficulty {difficulty}"
                bis = [ex.question, ex.solution_text, *(c.label for c in ex.choices), *(b for _, b in ex.reasons)]
                for lang in LANGS:
                    found += [Text(where, lang, _plain(b(lang))) for b in bis]
                    for answer in (ex.solution, _wrong_answer(ex)):
                        found.append(Text(f"{where}: verdict", lang, ex.check(answer).text(lang)))
    return _distinct(found)


# ---------------------------------------------------------------- the chapters


def _halves(text: str) -> Iterator[tuple[str, str]]:
    """A page's text by language: the tabs marked ``:sync: en`` / ``ru``, and the rest as both."""
    for lang in LANGS:
        for part in re.findall(rf":sync: {lang}\n(.*?)\n:::\n", text, flags=re.S):
            yield lang, part


def chapter_files() -> list[Path]:
    return sorted(p for p in BOOK.rglob("*") if p.suffix in (".md", ".ipynb") and "_build" not in p.parts)


@functools.cache
def chapter_texts() -> tuple[Text, ...]:
    """The book's pages: Markdown files, and the notebooks' Markdown cells and saved outputs.

    The language of a passage is told by its letters (a page mixes both, side by side).
    """
    found: list[Text] = []
    for path in chapter_files():
        where = str(path.relative_to(ROOT))
        if path.suffix == ".md":
            parts = [path.read_text(encoding="utf-8")]
            if path.parent.name == "sources":
                continue  # the sources' own words, quoted as they stand
        else:
            parts = _notebook_parts(json.loads(path.read_text(encoding="utf-8")))
        for part in parts:
            part = re.sub(r"^(```|~~~).*?^\1", "", part, flags=re.S | re.M)  # code is not read as prose
            for line in part.splitlines():
                if line.strip():
                    found.append(Text(where, _lang_of(line), line))
    return tuple(found)


def _notebook_parts(notebook: dict) -> list[str]:
    """What a notebook shows a reader: its Markdown cells, its saved outputs and the words
    of its saved widgets."""
    parts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        parts += [_output_text(output) for output in cell.get("outputs", [])]
    for state in notebook.get("metadata", {}).get("widgets", {}).values():
        for model in state.get("state", {}).values():
            for key in ("description", "value", "tooltip", "placeholder", "_options_labels", "_titles"):
                value = model.get("state", {}).get(key)
                values = value if isinstance(value, list) else [value]
                parts += [_plain(v) for v in values if isinstance(v, str) and v]
    return parts


def _output_text(output: dict) -> str:
    data = output.get("data", {})
    if "text/html" in data:
        return _plain("".join(data["text/html"]))
    if "text/plain" in data:
        return "".join(data["text/plain"])
    return "".join(output.get("text", ""))


_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def _lang_of(line: str) -> str:
    return "ru" if _CYRILLIC.search(line) else "en"


def messages(error: RulesError) -> dict[str, str]:
    return {lang: error.message(lang) for lang in LANGS}
