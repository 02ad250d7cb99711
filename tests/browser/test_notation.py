"""The notation app in Voila, and the notation page of the built book, offline."""

from __future__ import annotations

from playwright.sync_api import expect

APP = "/voila/render/notation/notation.ipynb"


def _type(page, text):
    box = page.locator(".notation-input input")
    box.fill(text)
    box.press("Enter")


def test_the_app_reads_russian_cards_and_keeps_them_after_a_bad_token(page, voila_url, offline):
    page.goto(voila_url + APP, timeout=60_000)
    picture = page.locator(".notation-picture")
    expect(page.locator(".notation-input input")).to_be_visible(timeout=60_000)

    _type(page, "T♦ 2♦ 2♠")
    expect(picture.locator("g.card")).to_have_count(3)
    expect(picture.locator("g.card.suit-diamonds")).to_have_count(2)

    _type(page, "Z♦ 2♦")
    status = page.locator(".notation-status")
    expect(status).to_contain_text("Z♦")
    expect(status).to_contain_text("unknown rank")
    expect(picture.locator("g.card")).to_have_count(3)
    assert "from widgets.notation import" not in page.content(), "the app shows code"


def test_the_app_speaks_russian_when_asked(page, voila_url, offline):
    page.goto(voila_url + APP + "?lang=ru", timeout=60_000)
    expect(page.locator(".notation-input input")).to_be_visible(timeout=60_000)
    _type(page, "Z♦ 2♦")
    expect(page.locator(".notation-status")).to_contain_text("неизвестное достоинство «Z»")


def test_the_built_page_shows_the_saved_widget_without_internet(page, book_url, offline):
    page.goto(book_url + "/book/notation/notation.html")
    # the page holds the view in both languages; the reader's one is shown
    widget = page.locator(".notation-picture:visible")
    expect(widget.locator("g.card")).to_have_count(3, timeout=30_000)
    expect(page.locator(".notation-input input:visible")).to_have_value("T♦ 2♦ 2♠")


def test_the_language_tab_choice_holds_across_pages(page, book_url, offline):
    page.goto(book_url + "/book/intro.html")
    page.get_by_text("English", exact=True).first.click()
    expect(page.get_by_text("This book teaches card games").first).to_be_visible()
    page.reload()
    expect(page.get_by_text("This book teaches card games").first).to_be_visible()
    page.get_by_text("Русский", exact=True).first.click()
    expect(page.get_by_text("Эта книга учит").first).to_be_visible()
