"""Card pictures as SVG text: pure functions, no images, fonts or network.

Suits are drawn as paths, so no font needs suit glyphs. Every picture has class
names (``card rank-10 suit-hearts``) and a ``<title>`` with the card's name, so it
is accessible and easy to assert on. The same input always gives the same text.

Every word on a card stays readable (11 CSS pixels or more) at the size it is drawn:
a card at least :data:`PIPS_FROM` pixels wide has its corner index and pips; a
smaller one shows only its rank and suit, large (a "mini" card, as card-game apps draw
a field of many cards), down to :data:`SMALLEST` pixels.

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

__all__ = ["card", "back", "row", "grid", "is_mini", "HIGHLIGHTS", "PIPS_FROM", "SMALLEST"]

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
#: the narrowest card (CSS px) drawn with its corner index and pips; narrower cards are minis
PIPS_FROM = 54
#: the narrowest card whose words stay 11 px or more (a mini card's rank is 54 units of 100)
SMALLEST = 21
#: the corner index's rank (user units of a 100-wide card): 11.9 px at PIPS_FROM
INDEX_SIZE = 22
#: a mini card's rank, and a grid's labels next to mini cards
MINI_SIZE = 54

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
    squeeze = ' textLength="24" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    text = (
        f'<text x="13" y="23" font-family="{FONT}" font-size="{INDEX_SIZE}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}"{squeeze}>{escape(rank)}</text>'
    )
    corner = text + _suit_shape(card.suit, 13, 35, 12, ink)
    return corner + f'<g transform="rotate(180 {W / 2} {H / 2})">{corner}</g>'


def _mini_face(card: Card, lang: str) -> str:
    """A small card's face: its rank (or the joker's name) and suit, large; no pips."""
    ink = _ink(card)
    name = format_card(card, lang)
    if card.is_joker:
        star = " ".join(
            f"{_num(50 + r * _cos(k))},{_num(100 + r * _sin(k))}"
            for k, r in ((k, 24 if k % 2 == 0 else 10) for k in range(10))
        )
        return (
            f'<text x="50" y="64" font-family="{FONT}" font-size="{MINI_SIZE}" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}" textLength="{min(90, len(name) * 34)}" '
            f'lengthAdjust="spacingAndGlyphs">{escape(name)}</text><polygon points="{star}" fill="{ink}"/>'
        )
    rank = name[:-1]
    squeeze = ' textLength="80" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    return (
        f'<text x="50" y="64" font-family="{FONT}" font-size="{MINI_SIZE}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}"{squeeze}>{escape(rank)}</text>' + _suit_shape(card.suit, 50, 102, 44, ink)
    )


def _face(card: Card, lang: str) -> str:
    ink = _ink(card)
    if card.is_joker:
        word = pick(lang, "JOKER", "ДЖОКЕР")
        letters = "".join(
            f'<text x="12" y="{24 + 19 * i}" font-family="{FONT}" font-size="21" font-weight="bold" '
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


def _card_group(
    c: Card | None, x: float, y: float, *, lang: str, highlight: str | None, face_down: bool, mini: bool = False
) -> str:
    if face_down or c is None:
        title = pick(lang, "face-down card", "карта рубашкой вверх")
        body = _back_body(highlight)
        cls = "card back" + (f" hl-{highlight}" if highlight else "")
    else:
        title = f"{card_name(c, lang)} ({format_card(c, lang)})"
        body = _outline(highlight) + (_mini_face(c, lang) if mini else _face(c, lang))
        cls = _classes(c, highlight) + (" mini" if mini else "")
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


def is_mini(width: float) -> bool:
    """Whether a card ``width`` CSS pixels wide is drawn as a mini card (see the module's docstring)."""
    return width < PIPS_FROM


def card(c: Card, *, lang: str = "en", highlight: str | None = None, width: float = 60) -> str:
    """One card face as a standalone ``<svg>``; ``highlight`` is a key of HIGHLIGHTS."""
    return _svg(
        W,
        H,
        _card_group(c, 0, 0, lang=lang, highlight=highlight, face_down=False, mini=is_mini(width)),
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
    mini = is_mini(width)
    step = W * (1 - overlap) + (0 if overlap else 8)
    if mini and overlap:  # a mini card shows its rank in the middle: fan less, so it stays in view
        step = max(step, W * 0.8)
    total = max(1, len(cards))
    body = "".join(
        _card_group(c, i * step, 0, lang=lang, highlight=marks.get(i), face_down=c is None, mini=mini)
        for i, c in enumerate(cards)
    )
    if not cards:
        words = pick(lang, ("no", "cards"), ("нет", "карт"))
        said = (
            "".join(
                f'<text x="50" y="{66 + 30 * k}" font-family="{FONT}" font-size="26" text-anchor="middle" '
                f'fill="#57606a">{word}</text>'
                for k, word in enumerate(words)
            )
            if width * 26 / W >= 11
            else ""  # too small to read: the dashed outline and the title say it
        )
        body = (
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="8" fill="none" stroke="#6e7781" '
            f'stroke-dasharray="6 4"/>{said}'
        )
    width_units = (total - 1) * step + W
    text = title or (
        " ".join(format_card(c, lang) if c else "?" for c in cards) or (pick(lang, "no cards", "нет карт"))
    )
    return _svg(width_units, H, body, width / W, text, "cards row" + (" mini" if mini else ""))


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
    mini = is_mini(width)
    # the labels are as readable as the cards: 11 px or more at the size drawn
    size = MINI_SIZE if mini else max(24, 11 * W / width)
    left = size * 0.9 + 8 if row_labels else 0
    top = size + 8 if col_labels else 0
    parts = []
    for c, text in enumerate(col_labels or ()):
        parts.append(
            f'<text x="{_num(left + c * (W + gap) + W / 2)}" y="{_num(size)}" font-family="{FONT}" '
            f'font-size="{_num(size)}" text-anchor="middle" fill="#424a53">{escape(text)}</text>'
        )
    for r, text in enumerate(row_labels or ()):
        parts.append(
            f'<text x="{_num(left / 2 - 2)}" y="{_num(top + r * (H + gap) + H / 2 + size * 0.35)}" '
            f'font-family="{FONT}" font-size="{_num(size)}" text-anchor="middle" fill="#424a53">{escape(text)}</text>'
        )
    for r in range(rows):
        for c in range(cols):
            x, y = left + c * (W + gap), top + r * (H + gap)
            mark = highlight.get((r, c))
            if (r, c) in cells:
                parts.append(
                    _card_group(
                        cells[(r, c)], x, y, lang=lang, highlight=mark, face_down=cells[(r, c)] is None, mini=mini
                    )
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
    return _svg(
        total_w,
        total_h,
        "".join(parts),
        width / W,
        title or pick(lang, "table", "стол"),
        "cards grid" + (" mini" if mini else ""),
    )


def _marks(highlight) -> dict[int, str]:
    if highlight is None:
        return {}
    if isinstance(highlight, Mapping):
        return dict(highlight)
    return {i: "select" for i in highlight}
