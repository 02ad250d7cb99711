"""Browser tests: Voila apps and built book pages driven in Debian's Chromium.

The browser is /usr/bin/chromium (never a downloaded one). When it is missing the
tests fail with the command that installs it: a missing browser never skips them.
Every page runs with the network cut off except this machine, and the tests assert
that nothing tried to leave it.
"""

from __future__ import annotations

import functools
import http.server
import ipaddress
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

#: an expectation waits up to 20 s (Playwright's 5 s by default): a kernel's answer on two cores
#: busy with both workers' servers and browsers can take longer than 5 s, and a page that is right
#: sooner passes as soon as it is
expect.set_options(timeout=20_000)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
INSTALL = "apt-get install -y chromium"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}; install it with: {INSTALL}")
    return {
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args():
    return {"viewport": {"width": 1280, "height": 900}, "locale": "en-US"}


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory, book_url):
    """Voila serving the book's notebooks exactly as `make serve` does (rule links go to ``book_url``)."""
    from classserver import serve_apps

    with serve_apps.running(tmp_path_factory.mktemp("voila") / "voila.log", book_url) as (url, _):
        yield url


@pytest.fixture(scope="session")
def book_url():
    """The built book (``_build/html``) from a local file server."""
    html = ROOT / "_build" / "html"
    if not (html / "index.html").exists():
        jb = shutil.which("jupyter-book", path=str(Path(__import__("sys").executable).parent))
        subprocess.run([jb, "build", str(ROOT), "-q"], check=True)
    handler = functools.partial(_QuietHandler, directory=str(html))
    server = _FileServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def site_url(book_url):
    """The book's file server, once the in-browser Python is built into it."""
    if not (ROOT / "_build" / "html" / "lite" / "voici").is_dir():
        subprocess.run([sys.executable, str(ROOT / "lite" / "build_site.py")], check=True)
    return book_url


#: Node with the static site's own Pyodide (the browser's WebAssembly, without the browser) and
#: the site's wheels, as ``py``; the arguments after Pyodide's folder are ``ARGS``
_PYODIDE_IN_NODE = r"""
const fs = require("fs"), path = require("path");
const [pyodideDir, ...ARGS] = process.argv.slice(1);
(async () => {
  const { loadPyodide } = require(path.join(pyodideDir, "pyodide.js"));
  const py = await loadPyodide({ indexURL: pyodideDir + "/" });
  for (const f of fs.readdirSync(pyodideDir).filter((f) => f.endsWith(".whl"))) {
    if (/^(pyodide_kernel|piplite|ipykernel)-/.test(f)) continue;  // the kernel's own, for a browser
    const wheel = new Uint8Array(fs.readFileSync(path.join(pyodideDir, f)));
    py.unpackArchive(wheel, "wheel", { extractDir: "/lib/python3.13/site-packages" });
  }
  /* the program */
})();
"""


def in_sites_pyodide(program: str, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run ``program`` (JavaScript that uses ``py`` and ``ARGS``) under Node with the site's Pyodide
    (``site_url`` builds the site first)."""
    script = _PYODIDE_IN_NODE.replace("  /* the program */", program)
    pyodide = ROOT / "_build" / "html" / "lite" / "static" / "pyodide"
    return subprocess.run(["node", "-e", script, str(pyodide), *args], capture_output=True, text=True, timeout=timeout)


def _this_machine(host: str) -> bool:
    """localhost or a loopback address (127.0.0.2 stands for a class's address in the tests)."""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _FileServer(http.server.ThreadingHTTPServer):
    """The book's file server: a browser that leaves a page while a file is on its way (a
    test moving on) closes the connection, which is no fault; any other failure is shown."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture
def offline(page):
    """Cut the page off from everything but this machine.

    After the test, whatever it did: nothing tried to leave the machine, no script
    failed, no traceback reached the page, and an app showed no code.
    """
    attempts: list[str] = []

    def route(route):
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or _this_machine(host):
            route.continue_()
        else:
            attempts.append(route.request.url)
            route.abort()

    page.context.route("**/*", route)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield attempts, errors
    assert attempts == [], f"the page tried to reach the internet: {attempts}"
    assert not errors, f"scripts failed on the page: {errors}"
    assert "Traceback" not in page.content(), "a traceback reached the page"
    if "/voila/render/" in page.url:
        assert page.locator(".jp-InputArea-editor").count() == 0, "the app shows code"


@pytest.fixture(autouse=True)
def saves_data(request):
    """The browser says it saves data, so no book page starts its live demos' Python ahead.

    A page with a demo in view would otherwise start Python in the background of every
    test (``book/_static/live.js``); ``test_site.py`` asks for it where it tests it.
    """
    if "page" in request.fixturenames:
        page = request.getfixturevalue("page")
        page.context.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})


def serious_accessibility_faults(page) -> list[str]:
    """axe-core's critical and serious violations on the page as it stands, each with where it is."""
    violations = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in violations
        if v["impact"] in ("critical", "serious")
    ]


def next_frames(page, count: int = 3) -> None:
    """Until the page has drawn ``count`` more frames: work a page script put off to the next
    frame (the book's language marks, an app's fitting of its table to a new size) is done."""
    page.evaluate(
        """(n) => new Promise((done) => {
             const next = (k) => (k ? requestAnimationFrame(() => next(k - 1)) : done());
             next(n);
           })""",
        count,
    )


#: JavaScript: what changes when a move is played (the last moves and the viewer's seat)
TABLE_NOW = "document.querySelector('.rb-last-move').textContent + document.querySelector('.rb-hand-box').innerHTML"


def tap_a_move(page, k: int = 0) -> str:
    """Make one move as a reader does on the table: a move offered by the selected cards, else
    a card that some move plays (the ``k``-th, turning), else a button of a move without a card;
    what was pressed (its text), or "" when nothing is offered."""
    for selector in (
        ".rb-game .rb-choices button",
        ".rb-game .rb-cards button.rb-legal",
        ".rb-game .rb-actions button",
    ):
        found = page.locator(selector)
        count = found.count()
        if count:
            target = found.nth(k % count if "rb-cards" in selector else 0)
            try:
                text = target.text_content(timeout=5_000) or ""
                target.click(timeout=5_000)
            except PlaywrightTimeout:  # the page redrew the hand between the count and the tap: look again
                return ""
            return text
    return ""


#: the sizes of a phone and a laptop's window (width, height)
DEVICES = {"phone": (360, 740), "laptop": (1280, 720)}
#: settings that keep a game short: the fewest players, and the shortest match the options allow
SHORT_GAMES = {
    "domimi": {"players": "2", "round_limit": "2"},
    "domino": {"players": "2"},
    "durak": {"players": "2"},
    "joker_rummy": {"players": "2", "deals": "1", "round_limit": "10"},
    "dummy_rummy": {"players": "2", "first_contract": "1", "last_contract": "1"},
    "minefield": {"players": "2"},
}
#: taps at most in one short game (a bound: the short games above end in far fewer)
MOST_TAPS = 400


def settled(page, quiet_ms: int = 600) -> None:
    """Until the table has not changed for ``quiet_ms`` (the bots' answers have all arrived)."""
    page.evaluate(
        """(ms) => new Promise((done) => {
          let timer;
          const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(finish, ms); });
          const finish = () => { observer.disconnect(); done(); };
          observer.observe(document.querySelector('.rb-game'), {subtree: true, childList: true, characterData: true,
                                                                attributes: true});
          timer = setTimeout(finish, ms);
        })""",
        quiet_ms,
    )


def watch_changes(page) -> None:
    """Count the table's changes from now on (``window.rbChanges``)."""
    page.evaluate(
        """() => {
          window.rbChanges = 0;
          window.rbWatcher?.disconnect();
          window.rbWatcher = new MutationObserver(() => { window.rbChanges += 1; });
          window.rbWatcher.observe(document.querySelector('.rb-game'), {subtree: true, childList: true,
                                                                        characterData: true, attributes: true});
        }"""
    )


def answered(page) -> None:
    """Until the table has changed since :func:`watch_changes` (the kernel answered the tap; on a busy
    machine that can take seconds), then has stayed still a moment (the bots' moves came with it)."""
    page.wait_for_function("window.rbChanges > 0", timeout=30_000)
    settled(page, 300)


def open_short(page, voila_url, app: str, size) -> None:
    """``app``'s play page at ``size``, its settings set to :data:`SHORT_GAMES`'s and a new game dealt."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{voila_url}/voila/render/{app}/play.ipynb?seed=7", timeout=90_000)
    expect(page.locator(".rb-game .rb-status")).to_contain_text("Player", timeout=90_000)
    page.locator(".rb-toggle-settings").click()
    for name, value in SHORT_GAMES[app].items():
        control = page.locator(f".rb-option-{name} select, .rb-option-{name} input").first
        if control.evaluate("(e) => e.tagName") == "SELECT":
            control.select_option(label=value)
        else:
            control.fill(value)
            control.press("Tab")
    page.locator(".rb-new").click()
    expect(page.locator(".rb-drawer-settings")).to_be_hidden()
    settled(page)


def game_over(page) -> bool:
    return page.locator(".rb-result-box").count() > 0


def play_by_taps(page, app: str) -> int:
    """Play the game on the page to its end by taps (:func:`tap_a_move`), each answered without an
    error; the cards tapped (rather than buttons of moves without a card)."""
    cards_tapped = 0
    for k in range(MOST_TAPS):
        if game_over(page):
            break
        watch_changes(page)
        pressed = tap_a_move(page, k)
        if not pressed:  # the page may still be drawing the last answer: once it has, a move or the end
            settled(page, 2000)
            pressed = game_over(page) or tap_a_move(page, k)
            if pressed is True:
                break
        assert pressed, f"{app}: the game goes on, but no card and no button offers a move"
        cards_tapped += ":" in pressed  # a card's text: its name, then its move(s)
        answered(page)
        assert page.locator(".rb-status .status-error").count() == 0, page.locator(".rb-status").inner_text()
    assert game_over(page), f"{app} did not end within {MOST_TAPS} taps"
    return cards_tapped
