"""Pieces every view shares: the status line, messages in the reader's language,
and a guard that turns any unexpected error into a message instead of a traceback."""

from __future__ import annotations

import functools
import html
import logging
import os
from collections.abc import Callable
from urllib.parse import parse_qs

import ipywidgets as w

from rules.errors import LANGS, RulesError, check_lang
from rules.lang import pick
from widgets.paint.links import rule_href, rule_link, rule_title

# the rule links are pure (the class together draws them too); the views take them from here with the rest
__all__ = [
    "bilingual",
    "classed",
    "close_tree",
    "guarded",
    "in_app",
    "link_seed",
    "log_html",
    "message",
    "moves_html",
    "page_lang",
    "rule_href",
    "rule_link",
    "rule_title",
    "set_choices",
    "shared",
    "sharing",
    "show",
    "status_line",
]

log = logging.getLogger(__name__)

_STYLES = {
    "ok": "color:#1a7f37",
    "error": "color:#cf222e;font-weight:bold",
    "info": "color:#444",
}


#: the kernel's shared layouts and styles, by kind and settings (:func:`shared`)
_SHARED: dict[tuple, w.Widget] = {}


def shared(kind: type[w.Widget], **settings) -> w.Widget:
    """The kernel's one layout or style of ``kind`` with ``settings``, for widgets that never change theirs.

    ipywidgets gives every widget a layout and a style of its own, each a model the kernel sends
    and the page builds before it shows anything: they were half of a game view's 195 widgets.
    Shared, they are made once. A widget whose layout or style changes later (a button shown and
    hidden) is made with one of its own.
    """
    key = (kind, tuple(sorted(settings.items())))
    part = _SHARED.get(key)
    if part is None or part.comm is None:  # none yet, or closed (``Widget.close_all``)
        part = _SHARED[key] = kind(**settings)
    return part


def is_shared(part: w.Widget) -> bool:
    return any(part is kept for kept in _SHARED.values())


def sharing(widget_class: type[w.Widget], *, layout=None, style=None, **traits) -> w.Widget:
    """A ``widget_class`` with the kernel's shared layout and style for ``layout`` and ``style``
    (settings as a dict, or nothing for the defaults); a ``w.Layout`` given is the widget's own."""
    declared = widget_class.class_traits()
    for name, given in (("layout", layout), ("style", style)):
        if isinstance(given, w.Widget):
            traits[name] = given
        elif name in declared:
            traits[name] = shared(declared[name].klass, **(given or {}))
    return widget_class(**traits)


def status_line() -> w.HTML:
    """An empty status line; fill it with :func:`show`."""
    return sharing(w.HTML, value="", layout={"min_height": "1.6em"})


def classed(widget: w.Widget, *names: str) -> w.Widget:
    """``widget`` with the CSS classes ``names`` (the hooks of the book's styles and browser tests)."""
    for name in names:
        widget.add_class(name)
    return widget


def close_tree(*widgets: w.Widget, keep: tuple[w.Widget, ...] = ()) -> None:
    """Close ``widgets``, what they hold and their layouts and styles, except ``keep``.

    A widget that is no longer shown still lives in the kernel and is sent to every page
    that connects; views close what they replace so a long game does not pile them up.
    """
    kept = {id(widget) for widget in keep}
    for widget in widgets:
        if id(widget) in kept or not isinstance(widget, w.Widget):
            continue
        close_tree(*getattr(widget, "children", ()), keep=keep)
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
            if isinstance(part, w.Widget) and not is_shared(part):
                part.close()
        widget.close()


def set_choices(widget: w.Widget, options: list, value: object) -> None:
    """New ``options`` of a choice widget and its ``value``, sent to the page in one message:
    sent apart, a page could show the new list, let the reader pick, and then have the pick
    undone by the value arriving after it."""
    with widget.hold_sync():
        widget.options = options
        widget.value = value


def show(line: w.HTML, text: str, kind: str = "info") -> None:
    """Put ``text`` (plain text, escaped here) in the status line."""
    role = ' role="alert"' if kind == "error" else ' role="status"'  # both are announced by screen readers
    line.value = f'<span class="status status-{kind}"{role} style="{_STYLES[kind]}">{html.escape(text)}</span>'


def message(error: Exception, lang: str) -> str:
    """The error as a reader sees it: the rules' own words, or a short apology."""
    if isinstance(error, RulesError):
        return error.message(check_lang(lang))
    kind = type(error).__name__
    return pick(
        lang,
        f"Unexpected error ({kind}); nothing was changed.",
        f"Непредвиденная ошибка ({kind}); состояние не изменилось.",
    )


def guarded(method):
    """Run a callback; any error is shown in ``self._status`` in ``self.lang``.

    Errors of the rules are expected (a wrong card, an illegal move); anything else
    is logged for the developer and shown to the reader as a short message.
    """

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except RulesError as error:
            show(self._status, message(error, self.lang), "error")
        except Exception as error:  # a view must never show a traceback
            log.exception("unexpected error in %s", method.__qualname__)
            show(self._status, message(error, self.lang), "error")
        return None

    return wrapper


def page_lang(default: str = "en") -> str:
    """The language asked for in the app's address (``?lang=ru``), else ``default``.

    Voila gives the kernel the page's query string in ``QUERY_STRING``; in the book
    (and under nbval) there is none, so pages are drawn in ``default``. A preheated
    kernel (``VOILA_PREHEAT``) has run the notebook up to here before anyone asked for
    it: it waits here for the request, once, and reads the address after it.
    """
    if _preheating():
        from voila.utils import wait_for_request

        wait_for_request()
        os.environ.setdefault("QUERY_STRING", "")
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [default])[0]
    return asked if asked in LANGS else default


def link_seed() -> int | None:
    """The deal asked for in the app's address (``?seed=42``: a teacher gives a class one deal),
    else ``None``; a seed that is not a whole number from 0 to 10⁹ is no seed."""
    asked = parse_qs(os.environ.get("QUERY_STRING", "")).get("seed", [""])[0].strip()
    return int(asked) if asked.isdigit() and len(asked) <= 9 else None


def _preheating() -> bool:
    """Whether this is a preheated Voila kernel whose request has not come yet."""
    return os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ


def in_app() -> bool:
    """Whether a reader's app runs this notebook (Voila, or Voici in the static site).

    An app has an address (``QUERY_STRING``), or will have one once a preheated
    kernel's request arrives; the book's build and nbval have neither.
    """
    return "QUERY_STRING" in os.environ or _preheating()


def bilingual(make: Callable[[str], object]) -> object:
    """What ``make(lang)`` shows, in the reader's language.

    In an app the address names the language, so ``make`` runs once, for it. A saved
    page of the book has no reader yet: it holds both, each in a block of class
    ``lang-en`` / ``lang-ru`` that the book shows for the reader's choice of language
    (``book/_ext/rulebook.py``). ``make`` returns a widget or anything with an HTML
    form (``IPython.display.HTML``, a table, a figure's SVG).
    """
    if in_app():
        view = _for_the_request(make)
        if isinstance(view, str):  # markup: shown as a page, not as the repr of a string
            from IPython.display import HTML

            return HTML(view)
        return view
    views = {lang: make(lang) for lang in LANGS}
    if all(isinstance(view, w.Widget) for view in views.values()):
        return w.VBox([classed(w.VBox([view]), f"lang-{lang}") for lang, view in views.items()])
    from IPython.display import HTML

    return HTML(
        "".join(f'<div class="lang-{lang}" lang="{lang}">{_html_of(view)}</div>' for lang, view in views.items())
    )


#: the environment variable naming the language a preheated page is drawn in (the class's), else the first
PREHEAT_LANG = "RULEBOOK_PREHEAT_LANG"


def _for_the_request(make: Callable[[str], object]) -> object:
    """An app's view, in the language of its address.

    A preheated Voila kernel runs the notebook before anyone asks for it: it builds the
    view then, in the class's language (:data:`PREHEAT_LANG`), and after the request only
    builds it again if the address asks for another language (closing the first one's widgets).
    """
    if not _preheating():
        return make(page_lang())
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    first = os.environ.get(PREHEAT_LANG) if os.environ.get(PREHEAT_LANG) in LANGS else LANGS[0]
    view = make(first)
    lang = page_lang()  # waits for the request
    if lang == first and link_seed() is None:
        return view
    close_tree(*(widget for model_id, widget in list(_instances.items()) if model_id not in before))
    return make(lang)


def _html_of(view: object) -> str:
    if isinstance(view, str):
        return view
    form = getattr(view, "_repr_html_", None)
    if form is None:
        raise TypeError(f"bilingual(): {type(view).__name__} has no HTML form (_repr_html_)")
    return form()


def log_html(state, lang: str, *, since: int = 0, last: int | None = None) -> str:
    """A game's log in ``lang`` as its engine tells it (``State.log``): every move and note
    from entry ``since`` on, or only the ``last`` ones."""
    entries = state.log(check_lang(lang))[since:]
    if last:
        entries = entries[-last:]
    items = "".join(
        f"<li class='rb-{entry.kind}' data-rule='{html.escape(entry.rule)}'>{html.escape(entry.text)}</li>"
        for entry in entries
    )
    return f"<ol class='rb-log-lines'>{items}</ol>"


def moves_html(actions, lang: str) -> str:
    """Moves as a list, each as its engine explains it."""
    return "<ul class='rb-moves'>" + "".join(f"<li>{html.escape(a.explain(lang))}</li>" for a in actions) + "</ul>"
