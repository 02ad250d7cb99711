"""Card pictures as SVG text: pure functions, no images, fonts or network.

Suits are drawn as paths, so no font needs suit glyphs. Every picture has class
names (``card rank-10 suit-hearts``) and a ``<title>`` with the card's name, so it
is accessible and easy to assert on. The same input always gives the same text.

>>> from rules.cards import parse_card
>>> 'suit-hearts' in card(parse_card("10♥"))
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape

from rules.cards import Card, Color, Suit, card_name, format_card
from rules.lang import pick

__all__ = ["card", "back", "row", "grid", "HIGHLIGHTS"]

W, H = 100, 140  # one card, in user units
RED, BLACK = "#c8102e", "#1a1a1a"
#: highlight kind -> outline colour (kinds are also class names: ``hl-<kind>``)
HIGHLIGHTS = {
    "select": "#1f6feb",
    "pay": "#1f6feb",
    "take": "#1a7f37",
    "target": "#d4a017",
    "error": "#cf222e",
    "last": "#8250df",
}
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

_SUIT_PATHS = {
    Suit.DIAMONDS: "M0 -0.5 L0.38 0 L0 0.5 L-0.38 0 Z",
    Suit.HEARTS: (
        "M0 0.44 C-0.15 0.3 -0.5 0.06 -0.5 -0.17 C-0.5 -0.4 -0.24 -0.5 0 -0.27 "
        "C0.24 -0.5 0.5 -0.4 0.5 -0.17 C0.5 0.06 0.15 0.3 0 0.44 Z"
    ),
    Suit.SPADES: (
        "M0 -0.48 C0.15 -0.3 0.5 -0.1 0.5 0.12 C0.5 0.32 0.25 0.4 0.06 0.24 L0.14 0.48 "
        "L-0.14 0.48 L-0.06 0.24 C-0.25 0.4 -0.5 0.32 -0.5 0.12 C-0.5 -0.1 -0.15 -0.3 0 -0.48 Z"
    ),
}
# Clubs are three circles and a stem (see _suit_shape).
_CLUB_CIRCLES = ((0.0, -0.24), (-0.22, 0.07), (0.22, 0.07))

_PIPS = {
    1: [(50, 70)],
    2: [(50, 30), (50, 110)],
    3: [(50, 30), (50, 70), (50, 110)],
    4: [(32, 30), (68, 30), (32, 110), (68, 110)],
    5: [(32, 30), (68, 30), (50, 70), (32, 110), (68, 110)],
    6: [(32, 30), (68, 30), (32, 70), (68, 70), (32, 110), (68, 110)],
    7: [(32, 30), (68, 30), (50, 50), (32, 70), (68, 70), (32, 110), (68, 110)],
    8: [(32, 30), (68, 30), (50, 50), (32, 70), (68, 70), (50, 90), (32, 110), (68, 110)],
    9: [(32, 30), (68, 30), (32, 56.7), (68, 56.7), (50, 70), (32, 83.3), (68, 83.3), (32, 110), (68, 110)],
    10: [(32, 30), (68, 30), (50, 43), (32, 56.7), (68, 56.7), (32, 83.3), (68, 83.3), (50, 97), (32, 110), (68, 110)],
}
_COURT_MARKS = {
    11: "M-14 6 L-14 -4 L0 -12 L14 -4 L14 6 Z",  # jack: a cap
    12: "M-16 6 L-12 -10 L-6 0 L0 -14 L6 0 L12 -10 L16 6 Z",  # queen: a tiara
    13: "M-18 6 L-18 -12 L-9 -2 L0 -16 L9 -2 L18 -12 L18 6 Z",  # king: a crown
}


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _suit_shape(suit: Suit, x: float, y: float, size: float, fill: str, flip: bool = False) -> str:
    rot = " rotate(180)" if flip else ""
    head = f'<g transform="translate({_num(x)} {_num(y)}) scale({_num(size)}){rot}" fill="{fill}">'
    if suit is Suit.CLUBS:
        circles = "".join(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="0.21"/>' for cx, cy in _CLUB_CIRCLES)
        return head + circles + '<path d="M-0.06 0.05 L-0.15 0.48 L0.15 0.48 L0.06 0.05 Z"/></g>'
    return head + f'<path d="{_SUIT_PATHS[suit]}"/></g>'


def _ink(card: Card) -> str:
    return RED if card.color is Color.RED else BLACK


def _classes(card: Card, highlight: str | None) -> str:
    if card.is_joker:
        names = ["card", "joker", f"joker-{card.joker.value}"]
    else:
        names = ["card", f"rank-{format_card(card).rstrip('♠♣♥♦')}", f"suit-{card.suit.name_in('en')}"]
    if highlight:
        names.append(f"hl-{highlight}")
    return " ".join(names)


def _outline(highlight: str | None) -> str:
    if not highlight:
        return (
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8" fill="#fff" stroke="#888" stroke-width="1.5"/>'
        )
    color = HIGHLIGHTS.get(highlight, HIGHLIGHTS["select"])
    return (
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8" fill="#fff"/>'
        f'<rect x="2.5" y="2.5" width="{W - 5}" height="{H - 5}" rx="7" fill="none" stroke="{color}" stroke-width="5"/>'
    )


def _index(card: Card, ink: str, lang: str) -> str:
    rank = format_card(card, lang)[:-1]
    text = (
        f'<text x="11" y="22" font-family="{FONT}" font-size="19" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{escape(rank)}</text>'
    )
    corner = text + _suit_shape(card.suit, 11, 33, 12, ink)
    return corner + f'<g transform="rotate(180 {W / 2} {H / 2})">{corner}</g>'


def _face(card: Card, lang: str) -> str:
    ink = _ink(card)
    if card.is_joker:
        word = pick(lang, "JOKER", "ДЖОКЕР")
        letters = "".join(
            f'<text x="11" y="{20 + 14 * i}" font-family="{FONT}" font-size="13" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{ch}</text>'
            for i, ch in enumerate(word)
        )
        star = " ".join(
            f"{_num(58 + r * _cos(k))},{_num(72 + r * _sin(k))}"
            for k, r in ((k, 26 if k % 2 == 0 else 11) for k in range(10))
        )
        return letters + f'<polygon points="{star}" fill="{ink}"/>'
    rank = int(card.rank)
    parts = [_index(card, ink, lang)]
    if rank in _PIPS:
        size = 44 if rank == 1 else (16 if rank >= 9 else 19)
        parts += [_suit_shape(card.suit, x, y, size, ink, flip=y > 72) for x, y in _PIPS[rank]]
    else:
        letter = format_card(card, lang)[:-1]
        parts.append(
            f'<rect x="24" y="24" width="52" height="92" rx="4" fill="none" stroke="{ink}" stroke-width="2"/>'
            f'<g transform="translate(50 48)"><path d="{_COURT_MARKS[rank]}" fill="{ink}"/></g>'
            f'<text x="50" y="88" font-family="{FONT}" font-size="34" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{escape(letter)}</text>' + _suit_shape(card.suit, 50, 104, 14, ink)
        )
    return "".join(parts)


def _cos(k: int) -> float:
    return math.cos(math.pi * (k / 5 - 0.5))


def _sin(k: int) -> float:
    return math.sin(math.pi * (k / 5 - 0.5))


def _card_group(c: Card | None, x: float, y: float, *, lang: str, highlight: str | None, face_down: bool) -> str:
    if face_down or c is None:
        title = pick(lang, "face-down card", "карта рубашкой вверх")
        body = _back_body(highlight)
        cls = "card back" + (f" hl-{highlight}" if highlight else "")
    else:
        title = f"{card_name(c, lang)} ({format_card(c, lang)})"
        body = _outline(highlight) + _face(c, lang)
        cls = _classes(c, highlight)
    return f'<g class="{cls}" transform="translate({_num(x)} {_num(y)})"><title>{escape(title)}</title>{body}</g>'


def _back_body(highlight: str | None) -> str:
    lines = "".join(
        f'<line x1="{8 + i * 12}" y1="8" x2="{8 + i * 12 - 84}" y2="132" stroke="#7aa6d8" stroke-width="2"/>'
        for i in range(14)
    )
    stroke = HIGHLIGHTS.get(highlight, "#888") if highlight else "#888"
    return (
        f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8" fill="#fff" stroke="{stroke}" stroke-width="3"/>'
        f'<clipPath id="back-clip"><rect x="8" y="8" width="84" height="124" rx="4"/></clipPath>'
        f'<rect x="8" y="8" width="84" height="124" rx="4" fill="#1f4e8c"/>'
        f'<g clip-path="url(#back-clip)">{lines}</g>'
    )


def _svg(width: float, height: float, body: str, scale: float, title: str, cls: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="img" '
        f'width="{_num(width * scale)}" height="{_num(height * scale)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}"><title>{escape(title)}</title>{body}</svg>'
    )


def card(c: Card, *, lang: str = "en", highlight: str | None = None, width: float = 60) -> str:
    """One card face as a standalone ``<svg>``; ``highlight`` is a key of HIGHLIGHTS."""
    return _svg(
        W,
        H,
        _card_group(c, 0, 0, lang=lang, highlight=highlight, face_down=False),
        width / W,
        card_name(c, lang),
        "cards",
    )


def back(*, lang: str = "en", width: float = 60) -> str:
    """A face-down card."""
    title = pick(lang, "face-down card", "карта рубашкой вверх")
    return _svg(W, H, _card_group(None, 0, 0, lang=lang, highlight=None, face_down=True), width / W, title, "cards")


def row(
    cards: Iterable[Card | None],
    *,
    lang: str = "en",
    highlight: Mapping[int, str] | Iterable[int] | None = None,
    width: float = 60,
    overlap: float = 0.0,
    title: str | None = None,
) -> str:
    """Cards side by side (``None`` draws a face-down card).

    ``highlight`` maps positions to a highlight kind, or is a collection of
    positions to mark as selected. ``overlap`` (0..0.8) fans the cards.
    """
    cards = list(cards)
    marks = _marks(highlight)
    step = W * (1 - overlap) + (0 if overlap else 8)
    total = max(1, len(cards))
    body = "".join(
        _card_group(c, i * step, 0, lang=lang, highlight=marks.get(i), face_down=c is None) for i, c in enumerate(cards)
    )
    if not cards:
        empty = pick(lang, "no cards", "нет карт")
        body = (
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8" fill="none" stroke="#aaa" '
            f'stroke-dasharray="6 4"/><text x="50" y="75" font-family="{FONT}" font-size="13" '
            f'text-anchor="middle" fill="#777">{empty}</text>'
        )
    width_units = (total - 1) * step + W
    text = title or (
        " ".join(format_card(c, lang) if c else "?" for c in cards) or (pick(lang, "no cards", "нет карт"))
    )
    return _svg(width_units, H, body, width / W, text, "cards row")


def grid(
    cells: Mapping[tuple[int, int], Card | None],
    rows: int,
    cols: int,
    *,
    lang: str = "en",
    highlight: Mapping[tuple[int, int], str] | None = None,
    width: float = 40,
    row_labels: Sequence[str] | None = None,
    col_labels: Sequence[str] | None = None,
    title: str = "",
) -> str:
    """Cards on a rows x cols grid; empty cells are dashed slots.

    ``cells[(r, c)]`` is a card (or ``None`` for a face-down card);
    ``highlight[(r, c)]`` marks a cell, empty or not (e.g. where a card may go).
    """
    highlight = highlight or {}
    gap = 8
    left = 36 if row_labels else 0
    top = 24 if col_labels else 0
    parts = []
    for c, text in enumerate(col_labels or ()):
        parts.append(
            f'<text x="{left + c * (W + gap) + W / 2}" y="17" font-family="{FONT}" font-size="16" '
            f'text-anchor="middle" fill="#444">{escape(text)}</text>'
        )
    for r, text in enumerate(row_labels or ()):
        parts.append(
            f'<text x="16" y="{top + r * (H + gap) + H / 2 + 6}" font-family="{FONT}" font-size="18" '
            f'text-anchor="middle" fill="#444">{escape(text)}</text>'
        )
    for r in range(rows):
        for c in range(cols):
            x, y = left + c * (W + gap), top + r * (H + gap)
            mark = highlight.get((r, c))
            if (r, c) in cells:
                parts.append(
                    _card_group(cells[(r, c)], x, y, lang=lang, highlight=mark, face_down=cells[(r, c)] is None)
                )
            else:
                stroke = HIGHLIGHTS.get(mark, "#bbb") if mark else "#ccc"
                fill = "#fff8dc" if mark else "none"
                cls = "slot" + (f" hl-{mark}" if mark else "")
                parts.append(
                    f'<rect class="{cls}" data-cell="{r},{c}" x="{x + 2}" y="{y + 2}" width="{W - 4}" '
                    f'height="{H - 4}" rx="8" fill="{fill}" stroke="{stroke}" stroke-width="{4 if mark else 1.5}" '
                    f'stroke-dasharray="8 5"/>'
                )
    total_w = left + cols * (W + gap) - gap
    total_h = top + rows * (H + gap) - gap
    return _svg(total_w, total_h, "".join(parts), width / W, title or pick(lang, "table", "стол"), "cards grid")


def _marks(highlight) -> dict[int, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, Mapping):
        return dict(highlight)
    return {i: "select" for i in highlight}
