"""Reading offline and installing the book on a phone.

Once visited, the book and its apps open without a network: the site's service worker
(``offline-sw.js``, written at the site's root as ``sw.js``) keeps each page and file a
reader opens, and ``_static/offline.js`` registers it from every page. The site is
installable as an app: ``manifest.webmanifest`` at the root, with icons drawn here at
build time (``icon_png``). The static apps share the worker and the manifest
(``lite/build_site.py`` calls :func:`stamp` once it has added them, so that a new build
gets a new cache).
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICON_SIZES = (192, 512)
THEME = "#1a5fc7"
#: what the home screen shows
NAMES = {
    "name": "Card games, rule by rule · Карточные игры: правило за правилом",
    "short_name": "Card games · Карты",
    "description": "A bilingual rulebook of seven card games, with every rule to try · "
    "Двуязычная книга правил семи карточных игр, где каждое правило можно попробовать",
}


def icon_png(size: int) -> bytes:
    """The book's icon, ``size`` pixels square: a white card with a red heart on the book's blue.

    >>> icon_png(16)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    blue, white, red = (0x1A, 0x5F, 0xC7), (0xFF, 0xFF, 0xFF), (0xC6, 0x28, 0x28)
    rows = []
    card_w, card_h, corner = 0.56 * size, 0.74 * size, 0.07 * size
    left, top = (size - card_w) / 2, (size - card_h) / 2
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            colour = blue
            # the card: a rectangle with rounded corners
            dx = max(left + corner - px, 0, px - (left + card_w - corner))
            dy = max(top + corner - py, 0, py - (top + card_h - corner))
            if left <= px <= left + card_w and top <= py <= top + card_h and dx * dx + dy * dy <= corner * corner:
                colour = white
                # the heart: (x² + y² − 1)³ − x²·y³ ≤ 0, y upwards, centred on the card
                hx = (px - size / 2) / (0.19 * size)
                hy = -(py - size / 2) / (0.19 * size) + 0.1
                if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy**3 <= 0:
                    colour = red
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def manifest() -> dict:
    icons = [
        {"src": f"rulebook-icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
        for size in ICON_SIZES
    ]
    return {
        **NAMES,
        "start_url": "book/intro.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": icons,
    }


def stamp(site: Path) -> str:
    """Write ``sw.js`` at the site's root with a version that changes whenever a file of the site does."""
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        if relative in (WORKER, "lite/service-worker.js"):
            continue
        info = path.stat()
        digest.update(f"{relative}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    version = digest.hexdigest()[:16]
    worker = (HERE / "offline-sw.js").read_text(encoding="utf-8").replace("__VERSION__", version)
    (site / WORKER).write_text(worker, encoding="utf-8")
    return version


def write_files(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    (out / MANIFEST).write_text(json.dumps(manifest(), ensure_ascii=False, indent=1), encoding="utf-8")
    for size in ICON_SIZES:
        icon = out / f"rulebook-icon-{size}.png"
        if not icon.exists():
            icon.write_bytes(icon_png(size))
    stamp(out)


def head_links(app, pagename, templatename, context, doctree) -> None:
    """Every page names the manifest and the colour of the installed app's bar."""
    root = context.get("content_root", "")
    context["metatags"] = context.get("metatags", "") + (
        f'\n<link rel="manifest" href="{root}{MANIFEST}">\n<meta name="theme-color" content="{THEME}">\n'
        f'<link rel="apple-touch-icon" href="{root}rulebook-icon-192.png">\n'
    )


def setup(app):
    app.add_js_file("offline.js", loading_method="defer")
    app.connect("html-page-context", head_links)
    app.connect("build-finished", write_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
