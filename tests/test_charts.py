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
