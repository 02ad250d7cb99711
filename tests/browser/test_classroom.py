"""The apps for a class, as the teacher and the students see them: the gallery and its
printable sheet, preheated apps in either language, a closed tab freeing its kernel, and
a short run of the load test (protocol-level visitors and Chromium pages)."""

from __future__ import annotations

import json
import re
import sys
import time

import pytest
from playwright.sync_api import expect

from tests.classroom_server import ROOT, run, serve_apps, status, wait_for_pool

sys.path.insert(0, str(ROOT / "benchmarks"))
import load_test

NOTATION = "notation/notation.ipynb"
DURAK = "durak/play.ipynb"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory, book_url):
    log = tmp_path_factory.mktemp("classroom") / "voila.log"
    with serve_apps.running(log, book_url, pool=1, pool_apps=[NOTATION, DURAK]) as (url, proc):
        yield url, proc, log


def _apps_of_the_book() -> set[str]:
    """The notebooks whose page links to itself as an app, read straight from the files."""
    apps = set()
    for path in ROOT.glob("book/*/*.ipynb"):
        relative = path.relative_to(ROOT / "book").as_posix()
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if any(f"{{app}}`{relative}`" in "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"):
            apps.add(relative)
    return apps


def test_the_gallery_lists_every_app_in_both_languages(page, classroom, offline):
    url, _, _ = classroom
    apps = _apps_of_the_book()
    assert {NOTATION, DURAK, "durak/explorer.ipynb", "minefield/play.ipynb"} <= apps
    page.goto(url + "/")
    cards = page.locator("li.app")
    expect(cards).to_have_count(len(apps))
    assert {cards.nth(i).get_attribute("data-app") for i in range(len(apps))} == apps
    durak = page.locator(f'li.app[data-app="{DURAK}"]')
    expect(durak.locator("h2")).to_contain_text("Play Durak")
    expect(durak.locator("h2")).to_contain_text("Играть в дурака")
    expect(durak.locator("p[lang=en]")).to_contain_text("You are player 1")
    expect(durak.locator("p[lang=ru]")).to_contain_text("Вы — игрок 1")
    expect(durak.locator(".thumb svg").first).to_be_attached()
    for i in range(len(apps)):
        card = cards.nth(i)
        assert card.locator("h2 [lang=en]").inner_text().strip(), "every app has an English title"
        assert card.locator("h2 [lang=ru]").inner_text().strip(), "every app has a Russian title"
        assert card.locator("p[lang=en]").inner_text().strip() and card.locator("p[lang=ru]").inner_text().strip()

    durak.get_by_text("Открыть по-русски").click()
    expect(page.locator("button.rb-action").first).to_be_visible(timeout=90_000)
    expect(page.locator("button.rb-new")).to_contain_text("Новая партия")


@pytest.mark.parametrize("width", [375, 1280])
def test_the_gallery_fits_a_phone_and_a_desktop(page, classroom, offline, width, tmp_path):
    url, _, _ = classroom
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(url + "/")
    expect(page.locator("li.app").first).to_be_visible()
    page.screenshot(path=str(tmp_path / f"gallery-{width}.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the gallery scrolls sideways by {overflow} px at {width} px"
    button = page.locator("li.app .open a").first.bounding_box()
    assert button["height"] >= 24, "the open buttons are big enough to tap"


def test_the_sheet_has_a_qr_code_and_an_address_for_every_app_and_language(page, classroom, offline):
    url, _, _ = classroom
    page.goto(url + "/sheet")
    rows = page.locator("tr[data-app]")
    apps = _apps_of_the_book()
    expect(rows).to_have_count(len(apps))
    expect(page.locator("td.qr svg")).to_have_count(2 * len(apps))
    addresses = page.locator(".url").all_inner_texts()
    assert f"{url}/voila/render/{DURAK}?lang=ru" in addresses
    assert f"{url}/voila/render/{NOTATION}?lang=en" in addresses
    # the QR code is drawn: dark modules on a light ground, a real symbol of version 3 or more
    path = page.locator("td.qr svg path").first.get_attribute("d")
    assert len(re.findall(r"[hv]", path or "")) > 100


def test_a_preheated_app_reads_the_language_after_the_request(page, classroom, offline):
    url, _, log = classroom
    wait_for_pool(url, 2)
    deadline = time.monotonic() + 120
    while status(url)["pool_ready"] < 2 and time.monotonic() < deadline:
        time.sleep(0.5)
    page.goto(url + f"/voila/render/{NOTATION}?lang=ru", timeout=60_000)
    box = page.locator(".notation-input input")
    expect(box).to_be_visible(timeout=60_000)
    box.fill("Z♦ 2♦")
    box.press("Enter")
    expect(page.locator(".notation-status")).to_contain_text("неизвестное достоинство «Z»")
    assert "Using pre-heated kernel" in log.read_text() and NOTATION in log.read_text()

    page.goto(url + f"/voila/render/{NOTATION}?lang=en", timeout=60_000)
    expect(box).to_be_visible(timeout=60_000)
    box.fill("Z♦ 2♦")
    box.press("Enter")
    expect(page.locator(".notation-status")).to_contain_text("unknown rank")


def _settled(url: str, seconds: float = 20) -> int:
    """Kernels in use once the count has held for a second (earlier tests' tabs are closing)."""
    deadline, last, since = time.monotonic() + seconds, None, time.monotonic()
    while time.monotonic() < deadline:
        now = status(url)["kernels_in_use"]
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 1:
            break
        time.sleep(0.2)
    return last


def test_a_closed_tab_frees_its_kernel_at_once(page, classroom, offline):
    url, _, _ = classroom
    before = _settled(url)
    other = page.context.new_page()
    other.goto(url + f"/voila/render/{NOTATION}", timeout=60_000)
    expect(other.locator(".notation-input input")).to_be_visible(timeout=60_000)
    assert status(url)["kernels_in_use"] == before + 1
    other.close(run_before_unload=True)
    deadline = time.monotonic() + 20
    while status(url)["kernels_in_use"] > before and time.monotonic() < deadline:
        time.sleep(0.3)
    assert status(url)["kernels_in_use"] == before, "the closed tab's kernel is still running"


#: what the page says before Voila's own listeners hear of it: its "beforeunload" never comes,
#: as on a phone whose tab is swiped away
NO_BEFOREUNLOAD = "addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), true);"


def _until_in_use(url: str, count: int, seconds: float = 20) -> int:
    deadline = time.monotonic() + seconds
    while status(url)["kernels_in_use"] != count and time.monotonic() < deadline:
        time.sleep(0.3)
    return status(url)["kernels_in_use"]


def test_a_tab_closed_without_beforeunload_frees_its_kernel(page, classroom, offline):
    url, _, _ = classroom
    before = _settled(url)
    other = page.context.new_page()
    other.add_init_script(NO_BEFOREUNLOAD)
    other.goto(url + f"/voila/render/{NOTATION}", timeout=60_000)
    expect(other.locator(".notation-input input")).to_be_visible(timeout=60_000)
    assert status(url)["kernels_in_use"] == before + 1
    other.close(run_before_unload=True)  # only "pagehide" is heard
    assert _until_in_use(url, before) == before, "the tab closed without beforeunload kept its kernel"


def test_a_page_out_of_sight_says_so_and_comes_back(page, classroom, offline):
    url, _, _ = classroom
    page.goto(url + f"/voila/render/{NOTATION}", timeout=60_000)
    expect(page.locator(".notation-input input")).to_be_visible(timeout=60_000)
    seen = []
    page.on("request", lambda request: seen.append(request.url) if "/classroom/away/" in request.url else None)
    for state in ("hidden", "visible"):
        page.evaluate(
            """(state) => {
                Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
                document.dispatchEvent(new Event("visibilitychange"));
            }""",
            state,
        )
    deadline = time.monotonic() + 10
    while len(seen) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert len(seen) == 2, f"the page did not say it went away and came back: {seen}"
    page.locator(".notation-input input").fill("A♠")  # still alive after coming back
    page.locator(".notation-input input").press("Enter")
    expect(page.locator(".notation-status")).not_to_be_empty()


@pytest.mark.parametrize("browsers", [False, True], ids=["protocol", "chromium"])
def test_a_short_load_test_plays_every_visitor_without_failure(classroom, browsers):
    url, proc, _ = classroom
    sessions = 2 if browsers else 3
    result = run(load_test.run_class(url, DURAK, sessions, 2, browsers, proc.pid, lang="ru"), 240)
    assert result.failures == []
    assert len(result.interactive) == sessions
    assert len(result.redraw) == 2 * sessions, "every move was answered and redrawn"
    assert result.kernels_in_use >= sessions
    assert len(result.kernel_pss_mb) >= sessions and result.total_pss_mb > sum(result.kernel_pss_mb)
    report = load_test.report(result, load_test.parser().parse_args(["--sessions", str(sessions), "--pool", "1"]))
    assert "time until interactive: median" in report and "failures: 0" in report
