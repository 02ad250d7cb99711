"""The book's own Sphinx additions.

``{app}`path/to/notebook.ipynb``` links a page to the same notebook as an app, in
either language: the static site's in-browser app, or a Voila server's when
``rulebook_voila_url`` is set (see ``live.app_url``); the path is relative to ``book/``.
"""

from __future__ import annotations

import live
from docutils import nodes

LABELS = {"en": "▶ Open as an app (English)", "ru": "▶ Открыть как приложение (по-русски)"}


def app_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """Two buttons: the app in English and in Russian (``?lang=ru``)."""
    env = inliner.document.settings.env
    links = []
    for lang, label in LABELS.items():
        url = live.app_url(env, text.strip().lstrip("/"), lang)
        links.append(nodes.reference(rawtext, label, refuri=url, classes=["app-link"]))
        links.append(nodes.Text(" "))
    return links, []


def drop_thebe(app, pagename, templatename, context, doctree):
    """Remove the live-code launcher: the book's live demos are its Voila apps.

    It would load its code from a CDN, and its set-up script is included twice
    (a JavaScript error on every page).
    """
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [f for f in context[key] if "thebe" not in (str(f) + str(getattr(f, "attributes", "")))]


def setup(app):
    app.add_config_value("rulebook_voila_url", "", "env")
    app.add_role("app", app_role)
    app.connect("html-page-context", drop_thebe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
