"""The book's own Sphinx additions.

``{app}`path/to/notebook.ipynb``` links a page to the same notebook as an app, in
either language: the static site's in-browser app, or a Voila server's when
``rulebook_voila_url`` is set (see ``live.app_url``); the path is relative to ``book/``.

One language at a time. A reader picks Русский or English once (the switch in the page
header, remembered in ``localStorage``, or ``?lang=ru`` in the address); every page then
shows only the blocks of that language. A block is marked for one language by:

- a ``{lang}`` directive (``:::{lang} ru`` … ``:::``), in Markdown pages and notebook
  Markdown cells;
- a sphinx-design tab set with ``:sync-group: lang`` whose tabs have ``:sync: ru`` and
  ``:sync: en`` (the tabs become the two language blocks);
- the cell tags ``lang-ru`` / ``lang-en`` on a notebook code cell (its outputs);
- a title written ``English · Русский`` (the one separator of the book's titles; a title
  written ``English / Русский`` is shown with it too), or a game's name followed by its
  English name in brackets, ``Дурак (Durak)``.

The blocks get ``lang="ru"`` / ``lang="en"`` (so screen readers use the right voice) and the
classes ``lang-ru`` / ``lang-en``, which ``rulebook.css`` hides for the other language.
Text outside such blocks is shown in both languages and marked by its script: a Russian
paragraph gets ``lang="ru"``, a Russian quotation inside English text a ``<span lang="ru">``.

Search understands both languages: the index stems Russian words with the Russian
Snowball stemmer and the others with the English (Porter) one, and so does the page's
search script (``EnglishRussianSearch``).
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import live
import sphinx.search
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.search import SearchLanguage
from sphinx.search.en import english_stopwords
from sphinx.search.ru import russian_stopwords
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

LABELS = {"en": "▶ Open as an app (English)", "ru": "▶ Открыть как приложение (по-русски)"}
#: the game views' page script, shared with the apps' template
TABLE_JS = Path(__file__).resolve().parents[2] / "classserver" / "voila" / "templates" / "rulebook" / "table.js"
#: the tables' look, shared with the apps (widgets.paint.STYLESHEET): the pictures of tables and melds
#: a page's cells draw are markup with class names
TABLE_CSS = Path(__file__).resolve().parents[2] / "widgets" / "table.css"
LANGS = ("en", "ru")
#: The separator of a bilingual title: ``English · Русский``.
TITLE_SEPARATOR = " · "
#: Also read as a title's separator (and shown as the one above): ``English / Русский``.
SEPARATORS = (TITLE_SEPARATOR, " / ")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: A chapter's title: a game's Russian name and its English name in brackets, "Дурак (Durak)".
NAMED_TWICE = re.compile(
    r"^(?P<ru>[^()A-Za-z]*[\u0400-\u04ff][^()A-Za-z]*) \((?P<en>[^()\u0400-\u04ff]*[A-Za-z][^()\u0400-\u04ff]*)\)$"
)
LATIN = re.compile(r"[A-Za-z]")
#: A run of Russian words (with the punctuation and figures between them) inside other text.
RUSSIAN_RUN = re.compile(r"[«„\"(]?[\u0400-\u04ff][\u0400-\u04ff0-9\s\-–—,.:;!?()«»„“\"'/]*[\u0400-\u04ff0-9»“\")]")


def app_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """Two buttons: the app in English and in Russian (``?lang=ru``)."""
    env = inliner.document.settings.env
    links = []
    for lang, label in LABELS.items():
        url = live.app_url(env, text.strip().lstrip("/"), lang)
        classes = ["app-link", f"lang-{lang}", f"language-{lang}"]
        links.append(nodes.reference(rawtext, label, refuri=url, classes=classes))
        links.append(nodes.Text(" "))
    return links, []


def language_block(lang: str, children=(), source: str = "") -> nodes.container:
    """A block shown only to readers of ``lang`` and read aloud in that language."""
    return nodes.container(source, *children, classes=[f"lang-{lang}", f"language-{lang}"], is_div=True)


class LangDirective(SphinxDirective):
    """``:::{lang} ru`` … ``:::``: content in one language only."""

    required_arguments = 1
    has_content = True

    def run(self):
        lang = directives.choice(self.arguments[0].strip(), LANGS)
        block = language_block(lang, source="\n".join(self.content))
        self.set_source_info(block)
        self.state.nested_parse(self.content, self.content_offset, block)
        return [block]


def script_of(text: str) -> str | None:
    """``ru`` when most letters are Cyrillic, ``en`` when most are Latin, else None."""
    cyrillic, latin = len(CYRILLIC.findall(text)), len(LATIN.findall(text))
    if cyrillic == latin == 0:
        return None
    return "ru" if cyrillic > latin else "en"


def cyrillic_share(text: str) -> float:
    """The share of Cyrillic among the letters of ``text`` (0 when it has none)."""
    cyrillic, latin = len(CYRILLIC.findall(text)), len(LATIN.findall(text))
    return cyrillic / (cyrillic + latin) if cyrillic + latin else 0.0


def halves_languages(parts: list[str]) -> list[str] | None:
    """The languages of a bilingual title's two halves, or None if it is not one.

    The half with more Cyrillic is the Russian one, so an English half may quote a Russian
    name: "Play «Джокер» · Играть в «Джокер»", "Play Dummy rummy · Играть в Dummy rummy".

    >>> halves_languages(["Play «Джокер»", "Играть в «Джокер»"])
    ['en', 'ru']
    >>> halves_languages(["Rules", "Правила"]), halves_languages(["A", "B"])
    (['en', 'ru'], None)
    """
    if len(parts) != 2:
        return None
    shares = [cyrillic_share(part) for part in parts]
    if shares[0] == shares[1] or not any(LATIN.search(part) for part in parts) or max(shares) < 0.5:
        return None
    return ["ru", "en"] if shares[0] > shares[1] else ["en", "ru"]


def title_halves(text: str) -> tuple[list[str], list[str]] | None:
    """A title's two halves and their languages, or None if it is in one language.

    >>> title_halves("Rules · Правила")
    (['Rules', 'Правила'], ['en', 'ru'])
    >>> title_halves("СКИП-6 Домино (SKIP-6 Domino)")
    (['СКИП-6 Домино', 'SKIP-6 Domino'], ['ru', 'en'])
    >>> title_halves("Dummy rummy"), title_halves("Правила (1998)")
    (None, None)
    """
    separator = next((sep for sep in SEPARATORS if sep in text), None)
    if separator is not None:
        parts = text.split(separator)
        langs = halves_languages(parts)
        return (parts, langs) if langs else None
    named = NAMED_TWICE.match(text.strip())
    return ([named["ru"], named["en"]], ["ru", "en"]) if named else None


def declared_lang(node: nodes.Node) -> str | None:
    """The language a node or its nearest marked ancestor is declared in."""
    while node is not None:
        for cls in node.get("classes", []) if isinstance(node, nodes.Element) else []:
            if cls.startswith("language-"):
                return cls[len("language-") :]
        node = node.parent
    return None


def unmarked_text(node: nodes.Node) -> str:
    """The text of a node outside its parts already marked with a language."""
    if isinstance(node, nodes.Text):
        return str(node)
    if any(cls.startswith("language-") for cls in node.get("classes", [])):
        return ""
    return "".join(unmarked_text(child) for child in node.children)


def mark(node: nodes.Element, lang: str, *, only: bool = False) -> None:
    classes = node.setdefault("classes", [])
    for cls in [f"language-{lang}"] + ([f"lang-{lang}"] if only else []):
        if cls not in classes:
            classes.append(cls)


class OneLanguageAtATime(SphinxTransform):
    """Mark every block of a page with its language (see the module's docstring)."""

    default_priority = 400  # before sphinx-design builds its HTML tabs

    def apply(self, **kwargs):
        self.tabs_to_blocks()
        self.tagged_cells()
        self.split_titles()
        self.pair_twins()
        self.mark_by_script()
        self.chart_alt_text()

    def tabs_to_blocks(self):
        for tab_set in list(self.document.findall(nodes.container)):
            if tab_set.get("design_component") != "tab-set":
                continue
            items = [child for child in tab_set.children if child.get("design_component") == "tab-item"]
            labels = [item.children[0] for item in items if item.children]
            if not labels or any(label.get("sync_group") != "lang" for label in labels):
                continue
            blocks = []
            for item in items:
                lang = item.children[0].get("sync_id")
                content = [child for child in item.children[1:] if child.get("design_component") == "tab-content"]
                body = content[0].children if content else item.children[1:]
                blocks.append(language_block(lang, [child.deepcopy() for child in body]))
            others = [child for child in tab_set.children if child not in items]
            tab_set.replace_self([*others, nodes.container("", *blocks, classes=["lang-pair"], is_div=True)])

    def tagged_cells(self):
        for node in self.document.findall(nodes.container):
            for lang in LANGS:
                if f"tag_lang-{lang}" in node.get("classes", []):
                    mark(node, lang, only=True)

    def split_titles(self):
        for title in list(self.document.findall(nodes.title)):
            halves = title_halves(title.astext())
            if halves is None or not all(isinstance(c, nodes.Text) for c in title.children):
                continue
            parts, langs = halves
            spans = []
            for part, lang in zip(parts, langs, strict=True):
                spans.append(nodes.inline(part, part, classes=[f"lang-{lang}", f"language-{lang}"]))
                spans.append(nodes.inline(TITLE_SEPARATOR, TITLE_SEPARATOR, classes=["lang-separator"]))
            title.children = []
            title.extend(spans[:-1])
            mark(title, "en")  # the heading's own language; each half carries its own

    def pair_twins(self):
        """English paragraphs followed at once by as many Russian ones (their twins): one language each.

        This is how the notebooks' Markdown cells and many pages give a text in both languages;
        a Russian quotation is a block quote and stays visible in both.
        """
        text_blocks = (nodes.paragraph, nodes.bullet_list, nodes.enumerated_list, nodes.definition_list)
        for parent in list(self.document.findall(nodes.Element)):
            if declared_lang(parent) is not None:
                continue
            run: list[tuple[nodes.Element, str]] = []
            for child in [*parent.children, None]:
                lang = None
                if isinstance(child, text_blocks) and not any(c.startswith("language-") for c in child["classes"]):
                    lang = script_of(unmarked_text(child))
                if lang is not None:
                    run.append((child, lang))
                    continue
                self._pair(run)
                run = []

    @staticmethod
    def _pair(run):
        """Mark a run of twins and hold them in a pair of language blocks, as a tab set's are
        (so that a wide screen can set each paragraph beside its twin: ``rulebook.js``)."""
        langs = [lang for _, lang in run]
        for first, second in (("en", "ru"), ("ru", "en")):
            half = len(langs) // 2
            if half and len(langs) == 2 * half and langs == [first] * half + [second] * half:
                for block, lang in run:
                    mark(block, lang, only=True)
                parent = run[0][0].parent
                at = parent.index(run[0][0])
                for block, _ in run:
                    parent.remove(block)
                halves = [language_block(lang, [block for block, of in run if of == lang]) for lang in (first, second)]
                parent.insert(at, nodes.container("", *halves, classes=["lang-pair"], is_div=True))
                return

    def chart_alt_text(self):
        """A notebook's chart without alt text is described by its section's title, not its file name."""
        for image in self.document.findall(nodes.image):
            if image.get("alt") not in (None, "", image.get("uri")):
                continue
            section = image.parent
            while section is not None and not isinstance(section, nodes.section):
                section = section.parent
            if section is None or not section.children or not isinstance(section[0], nodes.title):
                continue
            title = section[0].astext().replace(" · ", " / ")
            image["alt"] = f"Chart · График: {title}"

    def mark_by_script(self):
        blocks = (nodes.paragraph, nodes.title, nodes.rubric, nodes.caption, nodes.line, nodes.term, nodes.attribution)
        for block in list(self.document.findall(lambda n: isinstance(n, blocks))):
            lang = declared_lang(block)
            if lang is None:
                lang = script_of(unmarked_text(block))
                if lang is None:
                    continue
                mark(block, lang)
            if lang == "en":
                self.mark_russian_runs(block)

    def mark_russian_runs(self, block: nodes.Element):
        """A Russian quotation inside English text is read with a Russian voice."""
        for text in list(block.findall(nodes.Text)):
            parent = text.parent
            if isinstance(parent, nodes.FixedTextElement | nodes.literal | nodes.raw) or declared_lang(parent) == "ru":
                continue
            value = str(text)
            pieces, last = [], 0
            for match in RUSSIAN_RUN.finditer(value):
                pieces.append(nodes.Text(value[last : match.start()]))
                pieces.append(nodes.inline(match.group(), match.group(), classes=["language-ru"]))
                last = match.end()
            if not pieces:
                continue
            pieces.append(nodes.Text(value[last:]))
            parent.replace(text, [piece for piece in pieces if piece.astext()])


# --- search in both languages -------------------------------------------------------

_MINIFIED = Path(sphinx.search.__file__).parent / "minified-js"


def _stemmer_js() -> str:
    code = [(_MINIFIED / name).read_text(encoding="utf-8") for name in ("base-stemmer.js", "porter-stemmer.js")]
    code.append((_MINIFIED / "russian-stemmer.js").read_text(encoding="utf-8"))
    code.append(
        "var Stemmer = function() {\n"
        "  var russian = new RussianStemmer(), english = new PorterStemmer();\n"
        "  this.stemWord = function(word) {\n"
        "    return /[\\u0400-\\u04ff]/.test(word) ? russian.stemWord(word) : english.stemWord(word);\n"
        "  };\n"
        "};\n"
    )
    return "\n".join(code)


class EnglishRussianSearch(SearchLanguage):
    """Index and query words of both languages, each with its own Snowball stemmer."""

    lang = "en-ru"
    language_name = "English and Russian"
    stopwords = english_stopwords | russian_stopwords
    js_stemmer_code = _stemmer_js()

    def init(self, options):
        import snowballstemmer

        self.english = snowballstemmer.stemmer("porter")
        self.russian = snowballstemmer.stemmer("russian")

    def stem(self, word: str) -> str:
        word = word.lower()
        return (self.russian if CYRILLIC.search(word) else self.english).stemWord(word)


# --- light pages ----------------------------------------------------------------------

#: The theme's icons the book's pages use, drawn by CSS instead of the theme's 1.5 MB icon script.
ICONS = (
    "bars list magnifying-glass circle-half-stroke sun moon expand compress download file file-pdf "
    "chevron-down chevron-right angle-left angle-right arrow-up outdent indent xmark copy check"
).split()


def icon_css(fontawesome_js: str) -> str:
    """CSS masks for ``ICONS``, with the paths of the theme's own Font Awesome (CC BY 4.0)."""
    rules = []
    for name in ICONS:
        pattern = rf'[,{{]"?{re.escape(name)}"?:\[(\d+),(\d+),\[[^\]]*\],"[0-9a-f]*","([^"]+)"\]'
        matches = re.findall(pattern, fontawesome_js)
        if not matches:
            continue
        width, height, path = matches[-1]  # the solid style, the theme's, is defined last
        svg = f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}'><path d='{path}'/></svg>"
        url = "data:image/svg+xml," + quote(svg, safe=" /=:'<>,.-")
        rules.append(f'i.fa-{name}{{--rb-icon:url("{url}");width:{int(width) / int(height):.3f}em}}')
    head = (
        "/* Generated by book/_ext/rulebook.py from the theme's Font Awesome icons (CC BY 4.0). */\n"
        ":where(i[class*='fa-']:not(.fa)){display:inline-block;height:1em;vertical-align:-0.125em;background:currentColor;"
        "-webkit-mask:var(--rb-icon) center/contain no-repeat;mask:var(--rb-icon) center/contain no-repeat}\n"
        ":where(i[class*='fa-']:not(.fa))::before{content:none!important}\n"
        "html[data-mode] .theme-switch-button .theme-switch{display:none}\n"
        "html[data-mode=auto] .theme-switch-button .theme-switch[data-mode=auto],"
        "html[data-mode=dark] .theme-switch-button .theme-switch[data-mode=dark],"
        "html[data-mode=light] .theme-switch-button .theme-switch[data-mode=light]{display:inline-block}\n"
        "i.fa-lg{font-size:1.25em}\n"
    )
    return head + "\n".join(rules) + "\n"


def write_icons(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    theme_js = Path(app.outdir) / "_static" / "scripts" / "fontawesome.js"
    if theme_js.exists():
        (Path(app.outdir) / "_static" / "rulebook-icons.css").write_text(
            icon_css(theme_js.read_text(encoding="utf-8")), encoding="utf-8"
        )
        # Nothing loads it any more; a stale copy would only be downloaded by mistake.
        theme_js.unlink()
        for extra in theme_js.parent.glob("fontawesome.js.*"):
            extra.unlink()


def drop_thebe(app, pagename, templatename, context, doctree):
    """Remove the live-code launcher: the book's live demos are its Voila apps.

    It would load its code from a CDN, and its set-up script is included twice
    (a JavaScript error on every page).
    """
    for key in ("script_files", "css_files"):
        if key in context:
            context[key] = [f for f in context[key] if "thebe" not in (str(f) + str(getattr(f, "attributes", "")))]


def add_table_css(app, config) -> None:
    """The tables' stylesheet among the book's static files, at ``_static/table.css``."""
    config.html_static_path = [*config.html_static_path, str(TABLE_CSS)]


def setup(app):
    app.add_config_value("rulebook_voila_url", "", "env")
    app.connect("config-inited", add_table_css)
    app.add_css_file(TABLE_CSS.name)
    app.add_role("app", app_role)
    app.add_directive("lang", LangDirective)
    app.add_transform(OneLanguageAtATime)
    app.add_search_language(EnglishRussianSearch)
    app.add_css_file("rulebook-icons.css")
    app.add_js_file(None, body=(Path(__file__).with_name("rulebook-lang.js")).read_text(encoding="utf-8"), priority=100)
    app.add_js_file("rulebook.js", loading_method="defer")
    # the game table's drawers and focus, the same script as the apps' (the class server's template, classserver/voila)
    app.add_js_file(None, body=TABLE_JS.read_text(encoding="utf-8"))
    app.connect("html-page-context", drop_thebe, priority=900)
    app.connect("build-finished", write_icons)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "2"}
