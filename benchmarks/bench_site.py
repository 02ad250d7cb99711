"""The static site's figures: how fast the in-browser Python answers, and what the site weighs.

    python -m benchmarks.bench_site [--html _build/html] [--repeat 3]

Needs the built site (``make site``) and Debian's Chromium. The site is served by a
plain local file server and the browser is cut off from everything else, as a reader
offline would be. Prints:

- the time from pressing "Make it live" on a demo of the book (the DoMiMi purchase
  explorer) to the demo drawn live, and to its first answer to typed cards, with a
  cold browser cache and then warm (the same browser, the page reloaded), the browser
  saying it saves data (so nothing starts before the click); then on an unmetered
  connection, where the page starts the demo's Python ahead, from the click once it is;
- for a static app (``STATIC_COLD``) opened full page with a cold cache, the time to its
  first move button;
- for each play app opened full page, the time from asking for the page to its first
  move button with a warm cache (Python started in the page, the table drawn), and the
  time from a click to the redraw it causes (the kernel's answer drawn), the median of
  ``--repeat`` clicks;
- the site's size: the book, the in-browser Python, and what a reader downloads;
- random playouts per second of every game under Pyodide (the site's Pyodide from
  npm, run by Node: the same WebAssembly the browser runs) beside CPython.

``--hint`` measures the coach's Hint in the static apps alone: each play app with a coach
opened full page (warm cache, the link's deal), Hint pressed once the person is to move,
and the time until the three best moves are on the screen, the median of 3 (the page
opened afresh each time); with whether the progress line showed meanwhile and the longest
the page went without drawing a frame (a frozen page would show it). Then the playouts
the Hint's budget (``widgets.coach.HINT_SECONDS``, ``HINT_PLAYOUTS``) reaches under
Pyodide (run by Node) and under CPython, for the first move of the same deal: what the
in-browser Python's speed costs the advice.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]

from benchmarks.playout_speed import measure  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LIVE_PAGE = "/book/domimi/explorer.html"
#: the deal every app is opened with
DEAL = 2026
#: a move a person can make with one tap: a card of the hand with one move, or a move without a
#: card (Take, Pass, Draw); a card with several moves opens its choices instead
FIRST_MOVE = ".rb-cards button.rb-legal:not([title$=' moves']), button.rb-action"
#: each play app: the button clicked, and the part of the page the answer redraws
PLAY_APPS = {  # every play app is the shared game view: its moves and its latest-move line
    f"{game}/play": (FIRST_MOVE, ".rb-last-move")
    for game in ("domimi", "domino", "durak", "minefield", "joker_rummy", "dummy_rummy")
}
#: seeds per game for the playout speed (DoMiMi's random games run to the round limit)
SEEDS = {"domimi": 3}
DEFAULT_SEEDS = 30
WAIT_MS = 300_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(html: Path) -> str:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


#: the host names of this machine (and none: data: and blob: addresses)
LOOPBACK = ("127.0.0.1", "localhost", None, "")


def _offline(context) -> None:
    def route(route):
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in LOOPBACK:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", route)


#: static apps timed from a cold cache to their first move button
STATIC_COLD = ("minefield/play", "durak/play")


def make_it_live(page, base: str, ahead: bool = False) -> tuple[float, float]:
    """Seconds from the click to the demo drawn live, and to its answer to typed cards.

    ``ahead``: the click waits until the page has made the demo ready by itself.
    """
    page.goto(base + LIVE_PAGE)
    # the reader clicks a demo they see: once the page has loaded and drawn its snapshots
    page.locator(".cell_output .jupyter-widgets").first.wait_for(timeout=WAIT_MS)
    page.wait_for_load_state("networkidle")
    bar = page.locator(".live-bar").first
    if ahead:
        bar.scroll_into_view_if_needed()
        page.wait_for_function(
            "() => document.querySelector('.live-bar').dataset.liveState === 'ready'", timeout=WAIT_MS
        )
    start = time.perf_counter()
    bar.locator("button.live-start").click()
    page.wait_for_selector(".live-bar.is-live", timeout=WAIT_MS)
    live = time.perf_counter() - start
    status = page.locator(".live-output .domimi-status").first
    before = status.inner_text()
    revealed = page.locator(".live-output .domimi-revealed input").first
    revealed.fill("K♠ Q♥ 5♦")
    revealed.press("Enter")
    page.wait_for_function(
        "before => document.querySelector('.live-output .domimi-status').innerText !== before",
        arg=before,
        timeout=WAIT_MS,
    )
    return live, time.perf_counter() - start


def first_move_button(browser, base: str, app: str) -> float:
    """Seconds from opening a static app, with a cold cache, to its first move button."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    _offline(context)
    seconds = first_move(context.new_page(), base, app)
    context.close()
    return seconds


_CLICK_TO_REDRAW = """async ([click, changed]) => {
  const button = document.querySelector(click);
  if (button.disabled) return null;  // the game moved on to where this click means nothing
  const before = document.querySelector(changed).innerHTML;
  const began = performance.now();
  button.click();
  while (document.querySelector(changed).innerHTML === before) {
    if (performance.now() - began > 60000) return -1;
    await new Promise(requestAnimationFrame);
  }
  return performance.now() - began;
}"""


def first_move(page, base: str, app: str, seed: int = DEAL) -> float:
    """Seconds from asking for the static app to its first move button on the screen."""
    click, _changed = PLAY_APPS[app]
    start = time.perf_counter()
    # the link's deal (as a teacher gives a class): a fresh deal may offer only cards with several moves
    page.goto(f"{base}/lite/voici/render/{app}.html?seed={seed}")
    page.wait_for_selector(click, state="visible", timeout=WAIT_MS)
    return time.perf_counter() - start


def click_to_redraw(page, base: str, app: str, repeat: int) -> tuple[float, int]:
    """Median milliseconds from a click in the full-page static app (open) to the redraw."""
    click, changed = PLAY_APPS[app]
    page.wait_for_timeout(500)
    times = []
    for _ in range(repeat):
        page.wait_for_selector(click, timeout=WAIT_MS)
        answer = page.evaluate(_CLICK_TO_REDRAW, [click, changed])
        if answer is None:
            break
        times.append(answer)
        page.wait_for_timeout(300)
    return statistics.median(times), len(times)


def browser_figures(html: Path, repeat: int) -> None:
    from playwright.sync_api import sync_playwright

    base = serve(html)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        _offline(context)
        page = context.new_page()
        # the browser saves data: the page starts nothing before the click
        context.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
        for label, target in (("cold cache", 8), ("warm cache", 4)):
            live, answer = make_it_live(page, base)
            print(
                f"make it live ({label}): drawn live in {live:.1f} s, "
                f"first answer in {answer:.1f} s (target: {target} s)"
            )
        ahead = context.new_page()  # an unmetered connection: the page starts the demo ahead
        live, answer = make_it_live(ahead, base, ahead=True)
        print(f"make it live (started ahead): drawn live in {live:.1f} s, first answer in {answer:.1f} s (target: 1 s)")
        ahead.close()
        for app in STATIC_COLD:
            seconds = first_move_button(browser, base, app)
            print(f"static app {app} (cold cache): first move button in {seconds:.1f} s (target: 6 s)")
        for app in PLAY_APPS:
            seconds = first_move(page, base, app)
            print(f"first move button, {app}: {seconds:.1f} s after the page was asked for (warm cache; target: 3 s)")
            ms, clicks = click_to_redraw(page, base, app, repeat)
            print(f"click to redraw, {app}: {ms:.0f} ms (median of {clicks}; target: 200 ms)")
        context.close()
        browser.close()


#: a proxy nobody answers on, for every address but this machine's: the browser reaches nothing
#: outside and, unlike Playwright's request routing (which turns the browser's HTTP cache off),
#: keeps its cache as a reader's browser does, and with it the compiled WebAssembly
NOWHERE = {"server": "http://127.0.0.1:9", "bypass": "127.0.0.1,localhost"}


def warm_figures(html: Path) -> None:
    """Each play app opened once, then timed opened again: its files come from the site's service
    worker and the browser's cache, which keeps Pyodide compiled (``--warm-apps``: this figure alone)."""
    from playwright.sync_api import sync_playwright

    base = serve(html)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], proxy=NOWHERE
        )
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        outside = []
        context.on("request", lambda r: outside.append(r.url) if urlparse(r.url).hostname not in LOOPBACK else None)
        page = context.new_page()
        for app in PLAY_APPS:
            first_move(page, base, app)  # the first visit: the worker keeps the app's files
            seconds = [first_move(page, base, app) for _ in range(3)]
            print(
                f"first move button, {app}: {statistics.median(seconds):.1f} s after the page was asked for "
                f"(warm cache, median of 3: {', '.join(f'{s:.1f}' for s in seconds)}; target: 3 s)",
                flush=True,
            )
        context.close()
        browser.close()
    if outside:
        print(f"requests outside this machine (refused): {len(outside)}, the first {outside[0]}")


#: the Hint button and the panel its advice is written in (widgets/coach.py)
HINT_BUTTON, HINT_TEXT = "button.rb-hint", ".rb-hint-text"

_HINT = """async ([button, out]) => {
  const panel = document.querySelector(out);
  let busy = false, worst = 0;
  const began = performance.now();
  let last = began;
  document.querySelector(button).click();
  while (panel.querySelectorAll("li").length === 0) {
    if (panel.querySelector(".rb-hint-busy")) busy = true;
    await new Promise(requestAnimationFrame);
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (now - began > 60000) return null;
  }
  return [performance.now() - began, busy, worst, panel.querySelectorAll("li").length];
}"""


def _press_hint(page) -> list:
    """Press Hint once the person is to move: milliseconds to the advice, whether the progress line
    showed, the longest frame meanwhile (ms), the moves shown."""
    page.wait_for_selector(HINT_BUTTON, state="visible", timeout=WAIT_MS)
    answer = page.evaluate(_HINT, [HINT_BUTTON, HINT_TEXT])
    if answer is None:
        raise SystemExit(f"{page.url}: no hint within 60 s")
    return answer


def hint_figures(html: Path, repeat: int = 3) -> dict[str, float]:
    """Each coached play app's Hint, timed in Chromium from the press to the best moves shown."""
    from playwright.sync_api import sync_playwright

    import rules

    base = serve(html)
    medians = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], proxy=NOWHERE
        )
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        for app in PLAY_APPS:
            game = rules.GAMES[app.split("/")[0]]
            if game.coaching is None:
                print(f"hint, {app}: no coach (no decision to weigh)", flush=True)
                continue
            # the first visits: the worker keeps the app's files, and the first deal from the link's on
            # where the person has three moves or more to choose from (the Hint then shows three; in a game
            # whose first choice is always between two, such as drawing from the deck or the pile, two)
            for seed in range(DEAL, DEAL + 5):
                first_move(page, base, app, seed)
                if _press_hint(page)[3] >= 3:
                    break
            runs = []
            for _ in range(repeat):
                first_move(page, base, app, seed)
                runs.append(_press_hint(page))
            ms = statistics.median(r[0] for r in runs)
            medians[game.id] = ms
            print(
                f"hint, {app} (deal {seed}): the {runs[0][3]} best moves shown {ms / 1000:.2f} s after the press "
                f"(median of {len(runs)}: {', '.join(f'{r[0] / 1000:.2f}' for r in runs)}; target 1.5 s); "
                f"progress line shown: {sum(r[1] for r in runs)} of {len(runs)}; "
                f"longest frame meanwhile {max(r[2] for r in runs):.0f} ms",
                flush=True,
            )
        context.close()
        browser.close()
    return medians


_PYODIDE_HINT = """
const fs = require("fs");
const [pyodideDir, wheel, deal, code] = process.argv.slice(2);
(async () => {
  const { loadPyodide } = require(pyodideDir + "/pyodide.js");
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: "/lib/python3.13/site-packages",
  });
  pyodide.globals.set("DEAL", Number(deal));
  console.log(pyodide.runPython(fs.readFileSync(code, "utf8") + "\\nimport json\\njson.dumps(reach(DEAL))"));
})();
"""

#: the Hint's playouts for the first move of a deal (run by CPython here, by Pyodide under Node)
_REACH = """
def reach(deal):
    import time
    import rules
    from rules.coach import advise
    HINT_SECONDS, HINT_PLAYOUTS = %r, %r
    out = {}
    for gid, game in rules.GAMES.items():
        if game.coaching is None:
            continue
        state = game.new_game(seed=deal)
        while len([a for a in state.legal_actions() if a.player == state.current_player]) < 2:
            state.apply(state.legal_actions()[0])
        advise(state, state.current_player, seconds=0.05, seed=1, playouts=HINT_PLAYOUTS)  # warm
        start = time.perf_counter()
        advice = advise(state, state.current_player, seconds=HINT_SECONDS, seed=0, playouts=HINT_PLAYOUTS)
        out[gid] = [sum(a.playouts for a in advice), time.perf_counter() - start]
    return out
"""


def hint_reach(html: Path) -> None:
    """The playouts of one Hint, under Pyodide (Node) and CPython, for the first move of the apps' deal."""
    from widgets.coach import HINT_PLAYOUTS, HINT_SECONDS

    pyodide = html / "lite" / "static" / "pyodide"
    wheel = next(pyodide.glob("card_rulebook-*.whl"))
    source = _REACH % (HINT_SECONDS, HINT_PLAYOUTS)
    with tempfile.TemporaryDirectory() as tmp:
        script, code = Path(tmp) / "hint.js", Path(tmp) / "reach.py"
        script.write_text(_PYODIDE_HINT)
        code.write_text(source + "\n")
        done = subprocess.run(
            ["node", str(script), str(pyodide), str(wheel), str(DEAL), str(code)],
            capture_output=True,
            text=True,
            check=True,
        )
    in_pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    space: dict = {}
    exec(source, space)
    in_cpython = space["reach"](DEAL)
    print(f"a Hint's playouts (budget {HINT_SECONDS} s, at most {HINT_PLAYOUTS}), the first move of deal {DEAL}:")
    print(f"  {'game':<12} {'CPython':>16} {'Pyodide (Node)':>18}  ratio")
    for gid, (playouts, seconds) in in_cpython.items():
        other, other_s = in_pyodide[gid]
        ratio = other / max(playouts, 1)
        print(f"  {gid:<12} {playouts:>7} in {seconds:.2f} s {other:>9} in {other_s:.2f} s  {ratio:.2f}")


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def size_figures(html: Path) -> None:
    lite = html / "lite"
    pyodide = lite / "static" / "pyodide"
    wheels = sum(p.stat().st_size for p in pyodide.glob("*.whl"))
    start = sum(p.stat().st_size for p in pyodide.glob("python-start-*"))
    print(f"site: {_size(html) / 1e6:.1f} MB in all ({html})")
    print(f"  the book's pages and pictures: {(_size(html) - _size(lite)) / 1e6:.1f} MB")
    print(f"  the in-browser Python (lite/): {_size(lite) / 1e6:.1f} MB")
    print(f"    Pyodide from npm: {(_size(pyodide) - wheels - start) / 1e6:.1f} MB; the wheels: {wheels / 1e6:.1f} MB")
    print(f"    what Python starts from (its pack of files and memory snapshot): {start / 1e6:.1f} MB")
    print(f"    the apps' pages (voici/render): {_size(lite / 'voici' / 'render') / 1e6:.1f} MB")


_PYODIDE_BENCH = """
const fs = require("fs");
const [pyodideDir, wheel, benchDir, seeds] = process.argv.slice(2);
(async () => {
  const { loadPyodide } = require(pyodideDir + "/pyodide.js");
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", {
    extractDir: "/lib/python3.13/site-packages",
  });
  pyodide.FS.mkdirTree("/bench/benchmarks");
  pyodide.FS.writeFile("/bench/benchmarks/__init__.py", "");
  pyodide.FS.writeFile("/bench/benchmarks/playout_speed.py", fs.readFileSync(benchDir + "/playout_speed.py"));
  pyodide.globals.set("SEEDS", seeds);
  const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import rules
from benchmarks.playout_speed import measure
seeds = json.loads(SEEDS)
json.dumps({gid: measure(m.new_game, m.info.min_players, range(seeds[gid]), warm_up=[99]).wall_actions_per_s
            for gid, m in rules.GAMES.items()})
`);
  console.log(out);
})();
"""


def pyodide_figures(html: Path) -> None:
    import rules

    pyodide = html / "lite" / "static" / "pyodide"
    wheel = next(pyodide.glob("card_rulebook-*.whl"))
    seeds = {gid: SEEDS.get(gid, DEFAULT_SEEDS) for gid in rules.GAMES}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bench.js"
        script.write_text(_PYODIDE_BENCH)
        done = subprocess.run(
            ["node", str(script), str(pyodide), str(wheel), str(ROOT / "benchmarks"), json.dumps(seeds)],
            capture_output=True,
            text=True,
            check=True,
        )
    in_pyodide = json.loads(done.stdout.strip().splitlines()[-1])
    print("random playouts, actions/s on one core (wall clock; min players, one game per seed):")
    print(f"  {'game':<12} {'CPython':>10} {'Pyodide':>10}  ratio")
    for gid, module in rules.GAMES.items():
        cpython = measure(module.new_game, module.info.min_players, range(seeds[gid]), warm_up=[99]).wall_actions_per_s
        print(f"  {gid:<12} {cpython:>10,.0f} {in_pyodide[gid]:>10,.0f}  {in_pyodide[gid] / cpython:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="the built site (make site)")
    parser.add_argument("--repeat", type=int, default=3, help="clicks per play app")
    parser.add_argument("--warm-apps", action="store_true", help="only each play app's first move button, warm")
    parser.add_argument("--hint", action="store_true", help="only the coach's Hint in each play app (see above)")
    args = parser.parse_args()
    if not (args.html / "lite" / "voici").is_dir():
        print(f"no static site in {args.html}: building it (make site)", flush=True)
        subprocess.run(["make", "-C", str(ROOT), "site"], check=True)
    print("load average (1, 5, 15 min): {:.1f} {:.1f} {:.1f} on {} cores".format(*os.getloadavg(), os.cpu_count()))
    if args.warm_apps:
        warm_figures(args.html)
        print("load average (1, 5, 15 min): {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
        return
    if args.hint:
        print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
        hint_figures(args.html, args.repeat)
        hint_reach(args.html)
        print("load average (1, 5, 15 min): {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
        return
    size_figures(args.html)
    pyodide_figures(args.html)
    browser_figures(args.html, args.repeat)


if __name__ == "__main__":
    main()
