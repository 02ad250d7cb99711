"""A statistics chart in each language, described for a reader who cannot see it."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from widgets.charts import chart


def _bars(lang):
    figure, axes = plt.subplots()
    axes.bar([1, 2], [3, 4])
    axes.set_title({"en": "Wins", "ru": "Победы"}[lang])
    return figure


def test_a_saved_page_holds_the_chart_in_both_languages_with_its_description(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    page = chart(_bars, lambda lang: {"en": "Player 2 wins <more> often", "ru": "Игрок 2 чаще выигрывает"}[lang]).data
    en, ru = page.split('<div class="lang-ru" lang="ru">')
    assert 'alt="Player 2 wins &lt;more&gt; often"' in en and "data:image/png;base64," in en
    assert 'alt="Игрок 2 чаще выигрывает"' in ru and "data:image/png;base64," in ru
    assert not plt.get_fignums(), "the figures are closed, not shown a second time"


def test_figures_are_written_as_each_language_writes_them():
    from widgets.charts import number, percent

    assert number(4.125, "en", 2) == "4.12" and number(4.125, "ru", 2) == "4,12"
    assert number(10000, "en", 0) == "10,000" and number(10000, "ru", 0) == "10\u202f000"
    assert number(-1.55, "ru", 2, sign=True) == "\u22121,55" and number(0.05, "en", 2, sign=True) == "+0.05"
    assert percent(0.213, "en") == "21%" and percent(0.2134, "ru", 1) == "21,3\u00a0%"


def test_a_chart_is_stored_in_few_colours_on_white(monkeypatch):
    import base64
    import io
    import re

    from PIL import Image

    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    page = chart(_bars, lambda lang: "bars").data
    png = base64.b64decode(re.search(r"base64,([^\"]+)", page)[1])
    picture = Image.open(io.BytesIO(png))
    assert picture.mode == "P" and len(picture.getcolors()) <= 256
    assert picture.convert("RGB").getpixel((0, 0)) == (255, 255, 255)
