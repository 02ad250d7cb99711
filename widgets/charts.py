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
        data = base64.b64encode(png.getvalue()).decode("ascii")
        alt = html.escape(describe(lang), quote=True)
        return HTML(
            f'<figure class="rb-chart"><img src="data:image/png;base64,{data}" alt="{alt}" '
            f'style="max-width:100%;height:auto" width="{WIDTH}"></figure>'
        )

    return bilingual(picture)
