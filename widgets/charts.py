"""The book's statistics charts: each drawn in the reader's language, with a description.

A chart is a picture a screen reader cannot see: its ``alt`` text says what it shows
(what is plotted against what, and what the reader should notice), in the same
language as its labels. A saved page holds both languages (``widgets.common.bilingual``).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable

from IPython.display import HTML

from rules.lang import pick
from widgets.common import bilingual

#: the width the charts are drawn for (CSS pixels); they shrink with the page on a phone
WIDTH = 720


def chart(draw: Callable[[str], object], describe: Callable[[str], str]) -> object:
    """``draw(lang)`` returns a matplotlib figure with its labels in ``lang``;
    ``describe(lang)`` says in ``lang`` what the chart shows (its ``alt`` text)."""

    def picture(lang: str) -> HTML:
        import matplotlib.pyplot as plt

        figure = draw(lang)
        png = io.BytesIO()
        figure.savefig(png, format="png", dpi=100, bbox_inches="tight")
        plt.close(figure)
        data = base64.b64encode(_few_colours(png.getvalue())).decode("ascii")
        alt = html.escape(describe(lang), quote=True)
        return HTML(
            f'<figure class="rb-chart"><img src="data:image/png;base64,{data}" alt="{alt}" '
            f'style="max-width:100%;height:auto" width="{WIDTH}"></figure>'
        )

    return bilingual(picture)


def _few_colours(png: bytes) -> bytes:
    """The picture in at most 256 colours on white: a chart has few, and weighs a third as much."""
    from PIL import Image

    picture = Image.open(io.BytesIO(png)).convert("RGBA")
    on_white = Image.alpha_composite(Image.new("RGBA", picture.size, "white"), picture).convert("RGB")
    smaller = io.BytesIO()
    on_white.quantize(256).save(smaller, format="PNG", optimize=True)
    return smaller.getvalue()


def number(x: float, lang: str, digits: int = 1, *, sign: bool = False) -> str:
    """``x`` as the reader writes it: ``4.13`` / ``4,13``, ``10,000`` / ``10 000``, a true minus;
    ``sign=True`` writes a plus before a positive number."""
    written = f"{x:+,.{digits}f}" if sign else f"{x:,.{digits}f}"
    written = pick(lang, written, written.replace(",", "\u202f").replace(".", ","))
    return written.replace("-", "\u2212")


def percent(share: float, lang: str, digits: int = 0) -> str:
    """A share (0..1) in per cent: ``21%`` / ``21 %``."""
    return number(100 * share, lang, digits) + pick(lang, "%", "\u00a0%")


def table_html(head: list[str], rows: list[list[str]], *, cls: str = "rb-stats") -> str:
    """A small table of figures (cells are text, escaped here); it scrolls inside its box on a phone
    (its spacing: ``.rb-stats`` in ``book/_static/rulebook.css``)."""

    def line(tag: str, cells: list[str]) -> str:
        return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"

    body = line("th", head) + "".join(line("td", row) for row in rows)
    return f'<div class="{cls}" style="overflow-x:auto"><table>{body}</table></div>'


def coach_figures_table(figures, lang: str) -> HTML:
    """The coach's figures of a chapter's strategy section (:func:`rules.coach_figures.strategy`): a row
    per pair of moves compared, then what each figure says, in ``lang``."""
    from rules.coach_figures import HEAD

    head = [pick(lang, "first move / second move", "первый ход / второй ход"), *(h(lang) for h in HEAD)]
    rows = [[f"{q.first(lang)} / {q.second(lang)}", *f.row(lang)] for q, f in figures]
    says = "".join(f"<p>{html.escape(f.says(q.first, q.second, q.unit)(lang))}</p>" for q, f in figures)
    return HTML(table_html(head, rows) + says)


def strengths_table(rows: dict[str, dict], lang: str) -> HTML:
    """The three strengths of a game's bots against each other, as ``benchmarks/bench_coach.py
    --record`` kept them (``rows``: its rows of one game, by "weak-strong" pair): a row per
    pair played: easy against medium, medium against strong, easy against strong."""
    from rules.coach import PAIRS, STRENGTH_NAMES

    head = [
        pick(lang, "weaker v stronger", "слабее — сильнее"),
        pick(lang, "games", "партий"),
        pick(lang, "stronger's share", "доля сильнейшего"),
        pick(lang, "95% interval", "95-процентный интервал"),
        pick(lang, "coach's playouts a move", "розыгрышей тренера на ход"),
        pick(lang, "when, load average", "когда (всемирное время), средняя загрузка"),
    ]
    order = [f"{weak}-{strong}" for weak, strong in PAIRS]
    body = []
    for pair in sorted(rows, key=order.index):
        row, (weak, strong) = rows[pair], pair.split("-")
        body.append(
            [
                pick(lang, "{} v {}", "{} — {}").format(STRENGTH_NAMES[weak](lang), STRENGTH_NAMES[strong](lang)),
                number(row["games"], lang, 0),
                percent(row["share"], lang, 1),
                f"{percent(row['low'], lang, 1)} – {percent(row['high'], lang, 1)}",
                "—" if row["playouts"] is None else str(row["playouts"]),
                f"{pick(lang, row['when'], row['when'].replace(' to ', '–').replace(' UTC', ''))}, "
                f"{number(row['load'][0], lang)} → {number(row['load'][1], lang)}",
            ]
        )
    return HTML(table_html(head, body))
