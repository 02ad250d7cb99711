"""The static site (``make site``): the book's demos and apps run in the browser, offline.

The built site is served by a plain local file server and every request off the
machine is refused (the ``offline`` fixture): the Python that answers is Pyodide with
the project's own wheel, all bundled in the site.
"""

from __future__ import annotations

import functools
import json
import re
import threading

from playwright.sync_api import expect

from tests.browser.conftest import ROOT, _FileServer, _QuietHandler, in_sites_pyodide
from widgets.games.domimi import PurchaseExplorer

#: starting Pyodide on a busy 2-core machine takes a while; these bound the wait, never assert speed
LIVE_TIMEOUT = 240_000


#: runs every notebook the site serves (apps and demos) in the site's own Pyodide, under Node
#: (the browser's WebAssembly, without the browser: every page in seconds)
_RUN_PAGES = r"""
  const [contents, demos] = ARGS;
  const pages = {};
  for (const dir of fs.readdirSync(contents))
    for (const f of fs.readdirSync(path.join(contents, dir)))
      pages[`${dir}/${f}`] = fs.readFileSync(path.join(contents, dir, f), "utf8");
  // a book page's demos: its code cells, as the page's Python runs them (live-host.js)
  for (const f of fs.readdirSync(demos)) {
    const page = JSON.parse(fs.readFileSync(path.join(demos, f), "utf8"));
    const cells = page.cells.map((c) => ({ cell_type: "code", source: c.source }));
    pages[`demos/${f}`] = JSON.stringify({ cells });
  }
  py.globals.set("PAGES", JSON.stringify(pages));
  console.log(py.runPython(`
import contextlib, io, json
failed = {}
for name, text in json.loads(PAGES).items():
    namespace = {}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in json.loads(text)["cells"]:
                if cell["cell_type"] == "code":
                    exec(compile("".join(cell["source"]), name, "exec"), namespace)
    except Exception as error:
        failed[name] = f"{type(error).__name__}: {error}"
json.dumps({"ran": len(json.loads(PAGES)), "failed": failed})
`));
"""


def test_every_app_and_demo_runs_in_the_sites_own_pyodide(site_url):
    """The Python of every app and book page's demos the site serves runs in the bundled Pyodide,
    with the bundled wheels only."""
    lite = ROOT / "_build" / "html" / "lite"
    done = in_sites_pyodide(_RUN_PAGES, str(lite / "files"), str(lite / "demos"))
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    apps = list((lite / "files").rglob("*.ipynb"))
    demos = list((lite / "demos").glob("*.json"))
    assert len(apps) > 10 and len(demos) > 10
    assert report["ran"] == len(apps) + len(demos)
    assert report["failed"] == {}


def _make_live(page, n=0):
    """Press the ``n``-th demo's button; the demo, live, in its snapshot's place."""
    bar = page.locator(".live-bar").nth(n)
    expect(bar).to_contain_text("Snapshot")
    bar.locator("button.live-start").click()
    expect(bar).to_have_class("live-bar is-live", timeout=LIVE_TIMEOUT)
    expect(bar).to_contain_text("runs Python in your browser")
    return bar.locator("xpath=..").locator(".live-output")


def test_a_demo_of_the_book_comes_alive_and_answers_from_the_engine(page, site_url, offline):
    page.goto(site_url + "/book/domimi/explorer.html")
    snapshot_status = page.locator(".cell_output .domimi-status").first
    expect(snapshot_status).to_contain_text(re.compile(r"\d+ options?,"), timeout=30_000)
    before = snapshot_status.inner_text()

    live = _make_live(page)
    expect(page.locator(".cell_output .domimi-status").first).to_be_hidden()
    revealed = live.locator(".domimi-revealed input")
    revealed.fill("K♠ Q♥ 5♦")
    revealed.press("Enter")
    # the same engine, run here by CPython, gives the count the browser must show
    expected = len(PurchaseExplorer("K♠ Q♥ 5♦", decks=1, stage=2, lang="en").options)
    status = live.locator(".domimi-status")
    shown = f"{expected} option{'' if expected == 1 else 's'},"
    expect(status).to_contain_text(shown)
    assert shown not in before, "the new answer must differ from the snapshot"

    # bad input: the engine's own message, and the options stay
    revealed.fill("K♠ Q♥ 5X")
    revealed.press("Enter")
    expect(status).to_contain_text("5X")
    # the other demos of the page are still snapshots
    expect(page.locator(".live-bar").nth(1)).to_contain_text("Snapshot")


def test_a_game_of_the_book_comes_alive_and_plays_a_move(page, site_url, offline):
    page.goto(site_url + "/book/durak/play.html")
    live = _make_live(page)
    buttons = live.locator(".rb-cards button.rb-legal, button.rb-action")  # a card to play, or a move without one
    expect(buttons.first).to_be_visible()
    log = live.locator(".rb-log li")
    before = log.count()
    buttons.first.click()
    expect(log).not_to_have_count(before)
    box = live.locator(".rb-typed input")
    box.fill("Z♦")
    box.press("Enter")
    expect(live.locator(".rb-status")).to_contain_text("unknown rank")


def test_the_book_links_its_apps_to_the_static_site(page, site_url, offline):
    page.goto(site_url + "/book/minefield/play.html")
    links = page.locator("a.app-link")
    expect(links.nth(1)).to_have_attribute("href", "../../lite/voici/render/minefield/play.html?lang=ru")
    assert "localhost" not in page.content()


#: every text the loading screen shows, frame by frame (what a reader sees)
_LOADING_SAID = """
window.loadingSaid = [];
(function frame() {
  const heading = document.getElementById("loading_text");
  const text = heading && heading.textContent.trim();
  if (text && window.loadingSaid[window.loadingSaid.length - 1] !== text) window.loadingSaid.push(text);
  if (!document.getElementById("rendered_cells") || heading) requestAnimationFrame(frame);
})();
"""


def test_a_static_app_opens_full_page_in_russian_and_plays(page, site_url, offline):
    page.add_init_script(_LOADING_SAID)
    page.goto(site_url + "/lite/voici/render/minefield/play.html?lang=ru")
    draw = page.locator("button.rb-action")
    expect(draw).to_have_text("Вытянуть бочонок", timeout=LIVE_TIMEOUT)
    # the loading screen spoke Russian all along
    said = page.evaluate("window.loadingSaid")
    assert "Python запускается в браузере…" in said, said
    assert all(
        re.search(r"[\u0400-\u04ff]", text) and not re.search(r"[A-Za-z]{3,}", text.replace("Python", ""))
        for text in said
    ), said
    expect(page.locator(".minefield-next")).to_contain_text("Тянет игрок 1")
    draw.click()
    # the person's draw (the bots draw after it, each a line of its own)
    expect(page.locator(".rb-log li", has_text=re.compile(r"Игрок 1 вытягивает бочонок \d+: в ячейке"))).to_have_count(
        1
    )
    expect(page.locator(".minefield-field td.mf-last")).to_have_count(1)
    # the move's rule link leads to the rule's own section of the same site
    link = page.locator(".rb-last-move a.rule-link").first
    rule = link.get_attribute("data-rule")
    href = link.evaluate("a => a.href")
    assert href.startswith(site_url + "/book/minefield/"), href
    # the page carries the notebook for the browser's kernel, but shows no code
    assert "from widgets.games.minefield import" not in page.locator("body").inner_text(), "the app shows code"
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)
    page.goto(href)
    expect(page.locator("#" + rule.replace(".", "-").replace("_", "-"))).to_be_attached()


def test_a_demo_started_ahead_comes_alive_at_once_in_the_readers_language(page, site_url, offline):
    # an unmetered connection: the demo in view is made ready before the reader asks
    page.add_init_script(
        "Object.defineProperty(navigator, 'connection', {get: () => ({saveData: false, effectiveType: '4g'})})"
    )
    page.goto(site_url + "/book/domimi/explorer.html?lang=ru")
    bar = page.locator(".live-bar").first
    bar.scroll_into_view_if_needed()
    expect(bar).to_have_attribute("data-live-state", "ready", timeout=LIVE_TIMEOUT)
    expect(bar.locator("button.live-start")).to_have_accessible_name("▶ Оживить")
    bar.locator("button.live-start").click()
    expect(bar).to_have_class(re.compile("is-live"), timeout=2_000)
    expect(bar.locator(".live-note .lang-ru")).to_be_visible()
    expect(bar.locator(".live-note .lang-en")).to_be_hidden()
    live = bar.locator("xpath=..").locator(".live-output")
    # the demo itself was asked for in Russian: its status line counts «вариантов»
    expect(live.locator(".domimi-status").first).to_contain_text("Вариант")


# ---------------------------------------------------------------- reading offline, installing


def test_a_visited_page_and_app_open_again_without_a_network_and_the_site_installs(browser, site_url):
    """Once visited, the book's page and a static app reload with the network cut (the site's own
    server stopped too, so nothing but the service worker's cache can answer)."""
    html = ROOT / "_build" / "html"
    server = _FileServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="allow")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(base + "/book/durak/rules.html?lang=ru")
        expect(page.locator("html")).to_have_attribute("data-offline", "kept", timeout=30_000)
        # installable: the manifest names the site, its start page and its icons, and Chromium finds no fault
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"] == base + "/manifest.webmanifest"
        said = json.loads(manifest["data"])
        assert said["display"] == "standalone" and said["start_url"] == "book/intro.html"
        assert {icon["sizes"] for icon in said["icons"]} == {"192x192", "512x512"}
        faults = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        assert set(faults) <= {"in-incognito"}, faults  # a test's browser context is always a private one

        page.goto(base + "/lite/voici/render/minefield/play.html?lang=ru")
        expect(page.locator("button.rb-action")).to_be_visible(timeout=LIVE_TIMEOUT)
        expect(page.locator("html")).to_have_attribute("data-offline", "kept", timeout=30_000)

        server.shutdown()
        server.server_close()
        context.set_offline(True)
        page.reload()
        draw = page.locator("button.rb-action")
        expect(draw).to_have_text("Вытянуть бочонок", timeout=LIVE_TIMEOUT)
        draw.click()
        # the draw is answered offline (the bots draw after it, each a line of its own)
        expect(page.locator(".rb-log li", has_text=re.compile(r"Игрок 1 вытягивает бочонок \d+"))).to_have_count(1)

        page.goto(base + "/book/durak/rules.html?lang=ru")
        expect(page.locator("h1 .lang-ru")).to_have_text("Правила")
        expect(page.locator(".rb-lang-switch")).to_be_visible()  # the page's scripts came from the cache too
        # a page never opened says so in both languages
        response = page.goto(base + "/book/domino/rules.html")
        assert response.status == 503
        expect(page.locator("body")).to_contain_text("This page has not been opened on this device yet")
        expect(page.locator("body")).to_contain_text("Эта страница на этом устройстве ещё не открывалась")
        assert errors == [], errors
    finally:
        context.close()
        server.shutdown()


def test_the_coach_answers_a_hint_in_the_static_app_with_links_into_the_site(page, site_url, offline):
    """The coach runs in the reader's browser: H in a static app shows the three best moves, each
    linked to its rule's section on the same site."""
    page.goto(site_url + "/lite/voici/render/durak/play.html?seed=7")
    hint = page.locator("button.rb-hint")
    expect(hint).to_be_visible(timeout=LIVE_TIMEOUT)
    expect(page.locator(".rb-cards button.rb-legal, button.rb-action").first).to_be_visible()
    page.evaluate("document.activeElement.blur()")  # the key is the page's, not a box's
    page.keyboard.press("h")
    moves = page.locator(".rb-hint-text li")
    expect(moves).to_have_count(3, timeout=60_000)
    expect(moves.first).to_contain_text("chance of not being the fool")
    for k in range(3):
        href = moves.nth(k).locator("a.rule-link").evaluate("a => a.href")
        assert href.startswith(site_url + "/book/durak/") and "#" in href, href
