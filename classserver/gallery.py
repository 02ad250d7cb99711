"""The teacher's gallery: every app of the book with its picture, title and one line in
both languages, and a printable sheet of links with QR codes.

An app is a notebook of a chapter (``book/<chapter>/<name>.ipynb``) whose page links to
itself as an app (the ``{app}`` role in a markdown cell): the list follows the book,
so a new chapter's apps appear here as soon as its pages link to them.
"""

from __future__ import annotations

import html
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlparse

from widgets.paint import table_css

_APP_ROLE = re.compile(r"\{app\}`([^`]+)`")
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")
_MARKUP = re.compile(r"\*\*|`|\*|_(?=\w)|(?<=\w)_")


@dataclass(frozen=True)
class App:
    path: str  # relative to book/, e.g. "durak/play.ipynb"
    title_en: str
    title_ru: str
    line_en: str
    line_ru: str
    picture: str  # HTML of the first picture the notebook shows (its saved widget state), or ""
    chapter: str = ""  # the chapter's title as the book's index page gives it, e.g. "Дурак (Durak)"

    def href(self, lang: str) -> str:
        return f"voila/render/{quote(self.path)}?lang={lang}"


def _first_sentence(paragraph: str) -> str:
    """The paragraph's first sentence (a full stop inside brackets does not end it), markup removed."""
    text = _MARKUP.sub("", " ".join(paragraph.split()))
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char in ".!?" and (i + 1 == len(text) or text[i + 1] == " "):
            return text[: i + 1]
    return text


def _is_russian(paragraph: str) -> bool:
    return len(_CYRILLIC.findall(paragraph)) > len(re.findall(r"[A-Za-z]", paragraph))


def _intro(cell: str) -> tuple[str, str, str, str]:
    """Title and first sentence in each language from the notebook's first cell."""
    lines = cell.strip().splitlines()
    heading = lines[0].lstrip("#").strip() if lines and lines[0].startswith("#") else ""
    title_en, _, title_ru = heading.partition(" · ")
    paragraphs = [p for p in "\n".join(lines[1:]).split("\n\n") if p.strip()]
    english = next((p for p in paragraphs if not _is_russian(p)), "")
    russian = next((p for p in paragraphs if _is_russian(p)), "")
    return title_en.strip(), (title_ru or title_en).strip(), _first_sentence(english), _first_sentence(russian)


def _picture(notebook: dict) -> str:
    """The first card picture among the saved widgets, else the first table (a board)."""
    state = notebook.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    values = [m.get("state", {}).get("value") for m in state.get("state", {}).values()]
    values = [v for v in values if isinstance(v, str)]
    for marker in ("<svg", "<table"):
        for value in values:
            if marker in value and len(value) > 1000:
                return value
    return ""


def read_app(book: Path, notebook_path: Path) -> App | None:
    """The gallery entry of a notebook, or None if the notebook is not an app."""
    notebook = json.loads(notebook_path.read_text(encoding="utf-8"))
    relative = notebook_path.relative_to(book).as_posix()
    cells = notebook.get("cells", [])
    markdown = ["".join(c.get("source", "")) for c in cells if c.get("cell_type") == "markdown"]
    if not any(relative in (m.strip() for m in _APP_ROLE.findall(text)) for text in markdown):
        return None
    title_en, title_ru, line_en, line_ru = _intro(markdown[0])
    return App(relative, title_en, title_ru, line_en, line_ru, _picture(notebook), _chapter(notebook_path.parent))


def _chapter(folder: Path) -> str:
    index = folder / "index.md"
    if not index.exists():
        return ""
    heading = next((line for line in index.read_text(encoding="utf-8").splitlines() if line.startswith("# ")), "")
    return heading[2:].strip()


#: (book, notebook, its modification time and size) -> its gallery entry: each notebook is read once
#: while it stays the same (the hub's fork server reads them for every student's server)
_READ: dict[tuple[Path, Path, int, int], App | None] = {}


def find_apps(book: Path) -> list[App]:
    """Every app of the book, chapter by chapter (alphabetical), as the book links them."""
    apps = []
    for path in sorted(book.glob("*/*.ipynb")):
        if path.parent.name.startswith("_"):
            continue
        stat = path.stat()
        key = (book, path, stat.st_mtime_ns, stat.st_size)
        if key not in _READ:
            _READ[key] = read_app(book, path)
        apps.append(_READ[key])
    return [app for app in apps if app is not None]


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #222; }
h1 { font-size: 1.6rem; margin: 0.2rem 0 0.4rem; }
.lead { color: #444; margin: 0 0 1rem; }
.apps { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: 1rem; padding: 0; }
.app { list-style: none; border: 1px solid #ccc; border-radius: 8px; padding: 0.75rem;
  display: flex; flex-direction: column; }
.app h2 { font-size: 1.1rem; margin: 0.5rem 0 0.2rem; }
.app .ru { color: #333; }
.app p { margin: 0.2rem 0; font-size: 0.92rem; }
.thumb { height: 9rem; overflow: hidden; border-radius: 4px; background: #f6f8f6; position: relative; }
.thumb > div { transform: scale(0.7); transform-origin: top left; width: 143%; pointer-events: none; }
.open { margin-top: auto; padding-top: 0.5rem; display: flex; gap: 0.5rem; flex-wrap: wrap; }
.open a { display: inline-block; padding: 0.35rem 0.7rem; border-radius: 4px; background: #1f5fbf; color: #fff;
  text-decoration: none; font-weight: 600; }
.open a:focus, .open a:hover { background: #143f80; }
.sheet-link { margin: 0 0 1rem; }
table.sheet { border-collapse: collapse; width: 100%; }
table.sheet td { border: 1px solid #999; padding: 0.4rem; vertical-align: top; }
table.sheet tr { break-inside: avoid; page-break-inside: avoid; }
.chapter { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: #555; margin-top: 0.4rem; }
.url { font-family: monospace; font-size: 0.8rem; word-break: break-all; }
.ready { font-size: 0.85rem; color: #1a5e20; font-weight: 600; }
.on-projector { font-size: 0.85rem; }
.reach { border: 2px solid #b35c00; background: #fff4e5; padding: 0.3rem 0.8rem; margin: 0 0 1rem; border-radius: 6px; }
main.projector { text-align: center; }
main.projector h1 { font-size: 2.4rem; }
.big-qr svg { display: block; margin: 0 auto; width: min(70vh, 90vw); height: auto; }
.big-url { font-family: monospace; font-size: clamp(1.2rem, 3.2vw, 2.6rem); font-weight: 700; word-break: break-all; }
@media print { .noprint { display: none; } body { max-width: none; } }
"""


def _page(title: str, body: str, *, tables: bool = False) -> str:
    """A page of the gallery's look; ``tables``: with the tables' look too (its pictures are tables)."""
    style = _STYLE + (table_css() if tables else "")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{style}</style></head>"
        f"<body>{body}</body></html>"
    )


@dataclass(frozen=True)
class Reach:
    """Where the class reaches the apps, for the sheets: the address their codes carry and
    what the teacher must know about it."""

    origin: str  # what the codes carry, e.g. "http://192.168.1.20:8866"
    prefix: str = "/"  # the path before an app's address: the server's, or under JupyterHub the hub's user-redirect
    opened_at: str = ""  # the address the sheet was opened at, when only this computer reaches it
    this_computer_only: bool = False  # the server listens only on this computer (127.0.0.1)
    addresses: tuple[str, ...] = ()  # the machine's network addresses, each a choice for the codes
    port: str = ""  # the port of the server's address (with its colon), kept on each network address

    def url(self, app: App, lang: str) -> str:
        return f"{self.origin}{self.prefix}{app.href(lang)}"


def _ready_badge(ready: str) -> str:
    """A card's mark: how fast its app opens on this server (``preheated``: its page drawn ahead; ``warm``:
    a kernel with everything imported waits for it)."""
    words = {
        "preheated": ("Preheated: opens at once", "Прогрето: открывается сразу"),
        "warm": ("Opens from a warm kernel", "Открывается с готового ядра"),
    }.get(ready)
    if not words:
        return ""
    return f'<p class="ready ready-{ready}"><span lang="en">{words[0]}</span> · <span lang="ru">{words[1]}</span></p>'


def gallery_html(
    apps: list[App],
    base_url: str = "/",
    ready: dict[str, str] | None = None,
    book: bool = False,
    warm: int = 0,
    together: str = "",
) -> str:
    """The start page: every app as a card, openable in English or in Russian, with its
    projector sheet and its mark of how fast it opens (``ready``: app path -> "preheated" or
    "warm"); ``warm`` kernels wait for any app; ``book``: the server serves the book too;
    ``together``: the address of the class page (tables across devices), if the class has one."""
    ready = ready or {}
    cards = []
    for app in apps:
        picture = f'<div class="thumb" aria-hidden="true" inert><div>{app.picture}</div></div>' if app.picture else ""
        projector = f"{base_url}sheet/{quote(app.path)}"
        cards.append(
            f'<li class="app" data-app="{html.escape(app.path)}" data-ready="{ready.get(app.path, "cold")}">{picture}'
            + (f'<div class="chapter">{html.escape(app.chapter)}</div>' if app.chapter else "")
            + f'<h2><span lang="en">{html.escape(app.title_en)}</span> · '
            f'<span lang="ru" class="ru">{html.escape(app.title_ru)}</span></h2>'
            f'<p lang="en">{html.escape(app.line_en)}</p><p lang="ru" class="ru">{html.escape(app.line_ru)}</p>'
            + _ready_badge(ready.get(app.path, ""))
            + f'<div class="open"><a lang="en" href="{base_url}{app.href("en")}">Open in English</a>'
            f'<a lang="ru" href="{base_url}{app.href("ru")}">Открыть по-русски</a></div>'
            f'<p class="on-projector noprint">On the projector · <span lang="ru">На проектор</span>: '
            f'<a class="projector-en" href="{projector}?lang=en">English</a> · '
            f'<a class="projector-ru" lang="ru" href="{projector}?lang=ru">по-русски</a></p></li>'
        )
    warm_line = (
        f'<p class="warm">Kernels standing ready, everything imported, for whichever app a visitor opens: {warm}. · '
        f'<span lang="ru">Готовых ядер (всё импортировано) для любого приложения: {warm}.</span></p>'
        if warm
        else ""
    )
    book_link = f'<a href="{base_url}book/">The book · <span lang="ru">Книга</span></a> · ' if book else ""
    body = (
        "<main><h1>Card games, rule by rule: the apps · "
        '<span lang="ru">Карточные игры: приложения</span></h1>'
        '<p class="lead">Every app of the book. Each opens in its own tab; a closed tab frees its place. · '
        '<span lang="ru">Все приложения книги. Каждое открывается в своей вкладке; закрытая вкладка '
        "освобождает место.</span></p>"
        + warm_line
        + f'<p class="sheet-link noprint">{book_link}<a href="{base_url}sheet">A printable sheet of links and QR '
        'codes for the class · <span lang="ru">Лист ссылок и QR-кодов для печати</span></a></p>'
        + together_html(together)
        + f'<ul class="apps">{"".join(cards)}</ul></main>'
    )
    return _page("Card games, rule by rule · apps", body, tables=True)


def together_html(href: str) -> str:
    """The gallery's way to the class page: play each other at a table, from each one's device."""
    if not href:
        return ""
    return (
        f'<p class="together-link"><a class="together" href="{html.escape(href)}">Play together: a table for '
        'the class, each at their own device · <span lang="ru">Играть вместе: стол для класса, каждый со своего '
        "устройства</span></a></p>"
    )


def qr_svg(url: str, fluid: bool = False) -> str:
    """A QR code of ``url`` as inline SVG (segno: pure Python); ``fluid``: as wide as its box
    (no size of its own, only its proportions), else 4 px a module."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, title=url, omitsize=fluid
    )
    return out.getvalue().decode("utf-8")


def reach_notice(reach: Reach, page: str) -> str:
    """What the teacher must know before printing: the sheet was opened at an address only this
    computer reaches (then the codes carry a network address of the machine, one link per
    address), or the server itself listens only on this computer. ``page``: this sheet's path."""
    if not reach.opened_at:
        return ""
    parts = [
        f"<p>You opened this sheet at <code>{html.escape(reach.opened_at)}</code>, an address only this computer "
        "reaches: a code carrying it opens nothing on a student's device. · "
        f'<span lang="ru">Этот лист открыт по адресу <code>{html.escape(reach.opened_at)}</code>, который '
        "доступен только этому компьютеру: код с ним ничего не откроет на устройстве ученика.</span></p>"
    ]
    if reach.addresses:
        choices = " · ".join(
            f'<a href="{html.escape(page)}{"&" if "?" in page else "?"}address={address}"'
            + (' aria-current="true"' if reach.origin.endswith(f"//{address}{reach.port}") else "")
            + f">{address}</a>"
            for address in reach.addresses
        )
        parts.append(
            f"<p>The codes carry this computer's network address instead: <strong>{html.escape(reach.origin)}"
            f"</strong>. Its network addresses: {choices}. · "
            '<span lang="ru">Поэтому коды несут сетевой адрес этого компьютера: '
            f"<strong>{html.escape(reach.origin)}</strong>. Его сетевые адреса: {choices}.</span></p>"
        )
    else:
        parts.append(
            "<p>This computer has no network address: connect it to the class's network (Wi-Fi or cable), "
            "then open this sheet again. · "
            '<span lang="ru">У этого компьютера нет сетевого адреса: подключите его к сети класса (Wi-Fi или '
            "кабель) и откройте лист снова.</span></p>"
        )
    if reach.this_computer_only:
        parts.append(
            "<p><strong>This server answers only on this computer.</strong> For the class, stop it and start it "
            "with <code>make serve APPS_IP=0.0.0.0</code>. · "
            '<span lang="ru"><strong>Этот сервер отвечает только этому компьютеру.</strong> Для класса '
            "остановите его и запустите командой <code>make serve APPS_IP=0.0.0.0</code>.</span></p>"
        )
    printed = "" if reach.this_computer_only else " noprint"  # the codes work: the note is the teacher's alone
    return f'<div class="reach{printed}" role="note">{"".join(parts)}</div>'


def sheet_html(apps: list[App], reach: Reach, base_url: str = "/") -> str:
    """A printable sheet: for every app its title and, per language, the address and its QR code."""
    rows = []
    for app in apps:
        cells = []
        for lang, label in (("en", "English"), ("ru", "по-русски")):
            url = reach.url(app, lang)
            cells.append(
                f'<td class="qr" lang="{lang}">{qr_svg(url)}<div>{label}</div>'
                f'<div class="url">{html.escape(url)}</div></td>'
            )
        rows.append(
            f'<tr data-app="{html.escape(app.path)}"><td>'
            + (f'<div class="chapter">{html.escape(app.chapter)}</div>' if app.chapter else "")
            + f"<strong>{html.escape(app.title_en)}</strong><br>"
            f'<span lang="ru">{html.escape(app.title_ru)}</span></td>{"".join(cells)}</tr>'
        )
    body = (
        '<main><h1>Card games, rule by rule · <span lang="ru">Карточные игры</span></h1>'
        + reach_notice(reach, f"{base_url}sheet")
        + '<p class="lead">Scan a code or type the address. · <span lang="ru">Отсканируйте код или наберите '
        f'адрес.</span> <a class="noprint" href="{base_url}">← the apps · приложения</a></p>'
        f'<table class="sheet">{"".join(rows)}</table></main>'
    )
    return _page("Card games: links for the class", body)


def projector_html(app: App, lang: str, reach: Reach, base_url: str = "/") -> str:
    """One app for the projector: its title, one big QR code and its address, large enough to
    scan and type from the back of the room; a link to the same in the other language."""
    url = reach.url(app, lang)
    other = "ru" if lang == "en" else "en"
    page = f"{base_url}sheet/{quote(app.path)}"
    chosen = f"&address={urlparse(reach.origin).hostname}" if reach.opened_at and reach.addresses else ""
    label = {"en": "English", "ru": "по-русски"}
    body = (
        f'<main class="projector" data-app="{html.escape(app.path)}" data-lang="{lang}">'
        f'<h1><span lang="en">{html.escape(app.title_en)}</span> · '
        f'<span lang="ru">{html.escape(app.title_ru)}</span></h1>'
        + reach_notice(reach, f"{page}?lang={lang}")
        + f'<div class="big-qr" lang="{lang}">{qr_svg(url, fluid=True)}</div>'
        f'<p class="big-url">{html.escape(url)}</p>'
        f'<p class="noprint"><a href="{page}?lang={other}{chosen}" lang="{other}">{label[other]}</a> · '
        f'<a href="{base_url}">← the apps · <span lang="ru">приложения</span></a></p></main>'
    )
    return _page(f"{app.title_en} · {app.title_ru}", body)


_FULL = {
    "class": (
        "The class is full",
        "The class is full: every place on this server is taken. Try again in a minute "
        "(this page retries by itself), or ask a classmate to close a tab they no longer use.",
        "Класс заполнен",
        "Класс заполнен: все места на этом сервере заняты. Попробуйте через минуту "
        "(страница повторит попытку сама) или попросите соседа закрыть ненужную вкладку.",
    ),
    "client": (
        "Too many apps open",
        "This computer already has {n} apps open. Close a tab you no longer use, then try again in a minute "
        "(this page retries by itself).",
        "Открыто слишком много приложений",
        "На этом компьютере уже открыто приложений: {n}. Закройте ненужную вкладку и попробуйте через минуту "
        "(страница повторит попытку сама).",
    ),
}


def full_html(kind: str, n: int, retry_seconds: int = 60) -> str:
    """The page a visitor gets when the server's ("class") or their own ("client") ceiling is reached."""
    title_en, text_en, title_ru, text_ru = _FULL[kind]
    body = (
        f'<main class="class-full" data-ceiling="{kind}"><h1>{title_en} · <span lang="ru">{title_ru}</span></h1>'
        f'<p lang="en">{html.escape(text_en.format(n=n))}</p>'
        f'<p lang="ru">{html.escape(text_ru.format(n=n))}</p></main>'
    )
    page = _page(f"{title_en} · {title_ru}", body)
    return page.replace("<head>", f'<head><meta http-equiv="refresh" content="{retry_seconds}">', 1)


def cross_site_html(path: str) -> str:
    """The page for an app asked for by another site (a link or a hidden frame there): no
    kernel has started; a link on this server opens the app for a visitor who wants it."""
    href = html.escape(path if path.startswith("/") and not path.startswith("//") else "/")
    body = (
        '<main class="cross-site"><h1>Open the app here · <span lang="ru">Откройте приложение здесь</span></h1>'
        '<p lang="en">Another site asked for this app, so it has not started. '
        f'To open it, <a href="{href}">follow this link</a>.</p>'
        '<p lang="ru">Это приложение запросил другой сайт, поэтому оно не запущено. '
        f'Чтобы открыть его, <a href="{href}">перейдите по этой ссылке</a>.</p></main>'
    )
    return _page("Open the app here · Откройте приложение здесь", body)


_ERRORS = {
    403: ("Forbidden", "Доступ запрещён"),
    404: ("Not found", "Не найдено"),
    405: ("Not allowed", "Не разрешено"),
}


def error_html(status: int, base_url: str = "/") -> str:
    """The short page of an error (no server detail), in both languages, with the way back to the apps."""
    en, ru = _ERRORS.get(status, ("Something went wrong on the server", "Ошибка на сервере"))
    body = (
        f'<main class="error" data-status="{status}"><h1>{status} · {en} · <span lang="ru">{ru}</span></h1>'
        f'<p><a href="{html.escape(base_url)}">← the apps · <span lang="ru">приложения</span></a></p></main>'
    )
    return _page(f"{en} · {ru}", body)
