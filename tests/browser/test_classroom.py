"""The apps for a class, as the teacher and the students see them: the gallery and its
printable sheet, the projector sheet of an app, the book beside the apps, preheated and
warm apps in either language, a closed tab freeing its kernel, and a short run of the
load test (protocol-level visitors and Chromium pages).

The server listens on 127.0.0.2, standing for the address a class reaches it by (a phone
never reaches the 127.0.0.1 of the teacher's computer): every link a student follows
must work at the address the page came from."""

from __future__ import annotations

import json
import re
import subprocess
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from benchmarks import load_test
from tests.classroom_server import run, serve_apps, status, wait_for_pool

NOTATION = "notation/notation.ipynb"
DURAK = "durak/play.ipynb"
PRACTICE = "durak/practice.ipynb"
#: the class's address in these tests: loopback, but not the 127.0.0.1 of the server's own links
CLASS_ADDRESS = "127.0.0.2"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory, book_url):
    """The server as `make serve` runs it (the book beside the apps), at the class's address,
    with two apps' pages drawn ahead and two warm kernels for the others."""
    assert book_url  # the book is built (the fixture builds it when it is missing)
    log = tmp_path_factory.mktemp("classroom") / "voila.log"
    with serve_apps.running(log, ip=CLASS_ADDRESS, warm=2, pool=1, pool_apps=[NOTATION, DURAK]) as (url, proc):
        yield url, proc, log


@pytest.fixture(autouse=True)
def _tabs_closed_as_a_visitor_closes_them(request):
    """Every tab a test opened is closed at its end as a visitor closes it (the page's beacon
    frees its kernel), so no kernel an earlier test left is shut down as idle while a later
    test counts the kernels in use."""
    page = request.getfixturevalue("page") if "page" in request.fixturenames else None
    yield
    if page is not None:
        for tab in page.context.pages:
            tab.close(run_before_unload=True)


def _apps_of_the_book() -> set[str]:
    """The notebooks whose page links to itself as an app, read straight from the files."""
    apps = set()
    for path in serve_apps.BOOK.glob("*/*.ipynb"):
        relative = path.relative_to(serve_apps.BOOK).as_posix()
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
    expect(page.locator(".rb-cards button.rb-legal, button.rb-action").first).to_be_visible(timeout=90_000)
    expect(page.locator("button.rb-new")).to_contain_text("Новая партия")


@pytest.mark.parametrize(
    ("app", "part"), [("minefield/play.ipynb", ".mf-table"), ("joker_rummy/checker.ipynb", ".jr-melds")]
)
def test_a_gallery_picture_of_a_table_is_laid_out_as_in_its_app(page, offline, app, part):
    """A card's picture is what its app drew (its saved widgets): markup with class names, whose
    look the gallery page carries (the tables' stylesheet)."""
    from classserver import gallery

    (found,) = [a for a in gallery.find_apps(serve_apps.BOOK) if a.path == app]
    assert part[1:] in found.picture and "<style" not in found.picture, "the picture is markup only"
    page.set_content(gallery.gallery_html([found]))
    drawn = page.locator(f".thumb {part}").first
    expect(drawn).to_be_attached()
    assert drawn.evaluate("(e) => getComputedStyle(e).display") == "flex", f"{part} is not laid out in the picture"


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


def test_a_rule_link_of_an_app_opens_the_book_at_the_address_the_page_came_from(page, classroom, offline):
    url, _, _ = classroom
    assert url.startswith(f"http://{CLASS_ADDRESS}:")
    page.goto(url + f"/voila/render/{DURAK}?lang=ru", timeout=60_000)
    link = page.locator("a.rule-link").first
    expect(link).to_be_attached(timeout=60_000)
    target = link.evaluate("a => a.href")  # as the browser resolves it
    assert target.startswith(f"{url}/book/book/durak/"), f"the rule link leaves the class's address: {target}"
    anchor = target.split("#", 1)[1]
    response = page.goto(target)
    assert response.status == 200
    expect(page.locator(f"[id='{anchor}']")).to_be_attached()
    page.goto(url + "/")  # the gallery links to the book too
    page.get_by_role("link", name=re.compile("The book")).click()
    expect(page).to_have_url(re.compile(rf"^{re.escape(url)}/book/"))
    expect(page.locator("main, article").first).to_be_visible()


def _network_addresses() -> set[str]:
    """This machine's IPv4 addresses on its networks, as `ip` lists them (psutil where `ip` is missing)."""
    try:
        listed = json.loads(subprocess.run(["ip", "-j", "-4", "addr", "show", "up"], capture_output=True).stdout)
        found = {a["local"] for i in listed for a in i.get("addr_info", []) if a.get("scope") == "global"}
    except (OSError, ValueError):
        import psutil

        found = {a.address for addrs in psutil.net_if_addrs().values() for a in addrs if a.family == 2}
    return {a for a in found if not a.startswith(("127.", "169.254."))}


@pytest.mark.parametrize("opened_at", ["127.0.0.1", "localhost"])
def test_a_sheet_opened_at_this_computer_says_so_and_carries_its_network_address(classroom, opened_at):
    url, _, _ = classroom
    port = url.rsplit(":", 1)[1]
    request = urllib.request.Request(url + "/sheet", headers={"Host": f"{opened_at}:{port}"})
    with urllib.request.urlopen(request, timeout=60) as response:  # sent to 127.0.0.2, named as the teacher typed it
        sheet = response.read().decode("utf-8")
    assert "an address only this computer reaches" in sheet and "доступен только этому компьютеру" in sheet
    printed = set(re.findall(r'<div class="url">http://([^:/]+):', sheet))
    assert opened_at not in printed and "127.0.0.1" not in printed
    addresses = _network_addresses()
    if addresses:
        assert printed and printed <= addresses, f"the codes carry {printed}, the machine's addresses are {addresses}"
        for address in addresses:
            assert f"address={address}" in sheet, f"the sheet offers no code for {address}"
    else:
        assert "no network address" in sheet
    # the server listens on a loopback address only: the sheet says how to open it to the class
    assert "make serve APPS_IP=0.0.0.0" in sheet


def test_each_gallery_card_has_a_projector_sheet_and_says_how_fast_its_app_opens(page, classroom, offline, tmp_path):
    url, _, _ = classroom
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(url + "/")
    cards = page.locator("li.app")
    for i in range(cards.count()):
        card = cards.nth(i)
        app = card.get_attribute("data-app")
        expected = "preheated" if app in (NOTATION, DURAK) else "warm"  # the fixture's pool and warm kernels
        assert card.get_attribute("data-ready") == expected, app
        expect(card.locator(f".ready-{expected}")).to_be_visible()
        assert card.locator("a.projector-en").get_attribute("href").endswith(f"/sheet/{app}?lang=en")
    page.locator(f'li.app[data-app="{PRACTICE}"] a.projector-ru').click()
    expect(page.locator("main.projector")).to_have_attribute("data-lang", "ru")
    address = f"{url}/voila/render/{PRACTICE}?lang=ru"
    expect(page.locator(".big-url")).to_have_text(address)
    code = page.locator(".big-qr svg")
    expect(code).to_have_count(1)
    assert code.locator("title").text_content() == address, "the code carries the address printed under it"
    box = code.bounding_box()
    assert box["width"] >= 400 and box["height"] >= 400, f"a projector's code is large: {box}"
    page.screenshot(path=str(tmp_path / "projector.png"), full_page=True)
    page.get_by_role("link", name="English").click()
    expect(page.locator(".big-url")).to_have_text(f"{url}/voila/render/{PRACTICE}?lang=en")
    from tests.browser.conftest import serious_accessibility_faults

    for path in ("/", "/sheet", f"/sheet/{PRACTICE}?lang=en"):
        page.goto(url + path)
        serious = serious_accessibility_faults(page)
        assert serious == [], f"{path}: {serious}"


def test_an_app_with_no_page_drawn_ahead_opens_from_a_warm_kernel_in_its_language(page, classroom, offline):
    url, _, log = classroom
    deadline = time.monotonic() + 90
    while status(url)["warm_ready"] < 1 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert status(url)["warm_ready"] >= 1, "no warm kernel stands ready"
    before = status(url)["warm_taken"]
    page.goto(url + f"/voila/render/{PRACTICE}?lang=ru", timeout=60_000)
    expect(page.locator(".exercise-check button, button.exercise-check").first).to_contain_text(
        "Проверить", timeout=60_000
    )
    assert "Using a warm kernel" in log.read_text()
    assert status(url)["warm_taken"] == before + 1, "the app took a warm kernel"
    question = page.locator(".exercise-question")
    expect(question).not_to_be_empty()
    first = question.inner_text()
    page.locator("button.exercise-another").click()  # the app answers: another exercise
    expect(question).not_to_have_text(first)


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


def _kernel_of(page) -> str:
    """The id of the kernel behind an app's page (Voila's page configuration)."""
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def _shut_down_within(log, kernel_id: str, seconds: float = 20) -> bool:
    """Whether the server logs ``kernel_id``'s shutdown within ``seconds`` (followed by its id, not
    by a count of kernels in use, which earlier tests' tabs change as they close)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if f"Kernel shutdown: {kernel_id}" in log.read_text():
            return True
        time.sleep(0.3)
    return False


def test_a_closed_tab_frees_its_kernel_at_once(page, classroom, offline):
    url, _, log = classroom
    other = page.context.new_page()
    other.goto(url + f"/voila/render/{NOTATION}", timeout=60_000)
    expect(other.locator(".notation-input input")).to_be_visible(timeout=60_000)
    kernel = _kernel_of(other)
    assert kernel and f"Kernel shutdown: {kernel}" not in log.read_text()
    other.close(run_before_unload=True)
    assert _shut_down_within(log, kernel), "the closed tab's kernel is still running"


#: what the page says before Voila's own listeners hear of it: its "beforeunload" never comes,
#: as on a phone whose tab is swiped away
NO_BEFOREUNLOAD = "addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), true);"


def test_a_tab_closed_without_beforeunload_frees_its_kernel(page, classroom, offline):
    url, _, log = classroom
    other = page.context.new_page()
    other.add_init_script(NO_BEFOREUNLOAD)
    other.goto(url + f"/voila/render/{NOTATION}", timeout=60_000)
    expect(other.locator(".notation-input input")).to_be_visible(timeout=60_000)
    kernel = _kernel_of(other)
    assert kernel and f"Kernel shutdown: {kernel}" not in log.read_text()
    other.close(run_before_unload=True)  # only "pagehide" is heard
    assert _shut_down_within(log, kernel), "the tab closed without beforeunload kept its kernel"


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
    sessions = 1 if browsers else 3  # the benchmark's browser mode, once: more browsers measure the browsers
    result = run(load_test.run_class(url, DURAK, sessions, 2, browsers, proc.pid, lang="ru"), 240)
    assert result.failures == []
    assert len(result.interactive) == sessions
    assert len(result.redraw) == 2 * sessions, "every move was answered and redrawn"
    assert result.kernels_in_use >= sessions
    assert len(result.kernel_pss_mb) >= sessions and result.total_pss_mb > sum(result.kernel_pss_mb)
    report = load_test.report(result, load_test.parser().parse_args(["--sessions", str(sessions), "--pool", "1"]))
    assert "time until interactive: median" in report and "failures: 0" in report
