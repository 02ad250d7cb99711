"""Live demos: every widget of the book can run in the reader's browser.

Each code cell whose saved output is a widget gets a bar: it says the widget is a
saved snapshot, and its "Make it live" button (``_static/live.js``) puts the same demo,
running, in place of the snapshot. The Python that runs it is the static site's (``make
site``: ``lite/build_site.py``): one per book page, in a web worker, shared by all the
page's demos; ``lite/demos/<chapter>-<page>.json`` holds the page's code cells, which it
runs when a demo is asked for.

It also decides where the ``{app}`` links go: the site's static apps
(``lite/voici/render/<notebook>.html``) unless ``rulebook_voila_url`` (or the
``RULEBOOK_VOILA_URL`` environment variable, which ``make serve`` sets) names a Voila
server: an address, or a path relative to the site's root (``make serve``'s "..": the
class server serves the book at /book/ beside its apps).
"""

from __future__ import annotations

import html
import os

from docutils import nodes

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: where the static site keeps each page's demos (``<chapter>-<page>.json``), inside ``lite/``
DEMOS = "demos"
#: the static apps, relative to the site's root
APPS = "lite/voici/render"

#: the bar's words in each language; the page shows the reader's one (``rulebook.css``)
SNAPSHOT = {
    "en": "Snapshot: this widget shows its saved state and does not answer yet.",
    "ru": "Снимок: виджет показывает сохранённое состояние и пока не отвечает.",
}
MAKE_LIVE = {"en": "▶ Make it live", "ru": "▶ Оживить"}


def in_each_language(words: dict[str, str]) -> str:
    """``words`` as one span per language, marked for the book's language switch and for screen readers."""
    return "".join(
        f'<span class="lang-{lang}" lang="{lang}">{html.escape(text)}</span>' for lang, text in words.items()
    )


def is_widget_demo(outputs) -> bool:
    """Whether a code cell's saved outputs show a widget."""
    return any(WIDGET_VIEW in output.get("data", {}) for output in outputs)


def page_name(docname: str) -> str:
    """The name the site gives a page's demos, e.g. ``domimi-explorer`` for ``book/domimi/explorer``."""
    return "-".join(docname.removeprefix("book/").split("/"))


def root_prefix(docname: str) -> str:
    """The relative path from a page to the site's root."""
    return "../" * docname.count("/")


def app_url(env, notebook: str, lang: str) -> str:
    """Where the ``{app}`` link of ``notebook`` (relative to ``book/``) points."""
    voila = env.config.rulebook_voila_url
    if voila and not voila.startswith("/") and "://" not in voila:  # relative to the site's root ("..")
        voila = f"{root_prefix(env.docname)}{voila}"
    if voila:
        return f"{voila.rstrip('/')}/voila/render/{notebook}?lang={lang}"
    page = notebook.removesuffix(".ipynb")
    return f"{root_prefix(env.docname)}{APPS}/{page}.html?lang={lang}"


def _voila_from_environment(app, config) -> None:
    if os.environ.get("RULEBOOK_VOILA_URL") is not None:
        config.rulebook_voila_url = os.environ["RULEBOOK_VOILA_URL"]


def _is_widget_output(node) -> bool:
    return isinstance(node, nodes.raw) and WIDGET_VIEW in node.astext()


def add_live_bars(app, doctree, docname) -> None:
    """Put a live bar on top of every code cell whose output is a widget."""
    for cell in list(doctree.findall(nodes.container)):
        if cell.get("nb_element") != "cell_code" or "cell_index" not in cell.attributes:
            continue
        if not any(_is_widget_output(n) for n in cell.findall(nodes.raw)):
            continue
        src = f"{root_prefix(docname)}lite/{DEMOS}/{page_name(docname)}.json"
        bar = (
            f'<div class="live-bar" data-live-src="{html.escape(src)}" data-live-cell="{cell["cell_index"]}">'
            f'<span class="live-note">{in_each_language(SNAPSHOT)}</span> '
            f'<button type="button" class="live-start">{in_each_language(MAKE_LIVE)}</button>'
            f'<span class="live-status" role="status"></span></div>'
        )
        cell["classes"].append("live-demo")
        cell.insert(0, nodes.raw("", bar, format="html"))


def setup(app):
    app.connect("config-inited", _voila_from_environment)
    app.connect("doctree-resolved", add_live_bars)
    app.add_js_file("live.js", defer="defer")
    app.add_css_file("live.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
