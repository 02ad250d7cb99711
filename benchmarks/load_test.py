"""A class at once: N visitors open the apps together, wait until they are interactive, and play.

    .venv/bin/python -m benchmarks.load_test                  # a class of 30, three apps, as `make serve`
    .venv/bin/python -m benchmarks.load_test --apps durak/play.ipynb      # one app (Durak)
    .venv/bin/python -m benchmarks.load_test --sessions 10 --browsers     # real Chromium pages

It starts the app server itself, as `make serve` does with its defaults (a warm pool of
kernels for any app, the ceilings; `--warm`, `--pool` and `--max-kernels` change them),
on a free loopback port, waits until its kernels stand ready, or give `--url` of one
already running on this machine. The visitors take the apps in turn (visitor 1 the
first app, visitor 2 the second...; by default a lesson: Durak's game, Durak's practice and
Minefield's game), each from a loopback address of its own (127.0.1.1, 127.0.1.2...,
standing for a student's device, so the server's ceiling per visitor applies as in a
class; browser pages all come from 127.0.0.1, so with `--browsers` that ceiling is the
whole server's). It prints, for the whole class: time until interactive and
click-to-redraw (median, p95, max), kernels alive, memory per kernel and in total (PSS,
server and kernels), failures, and the machine's load average before and after (other
work on the machine slows everything).

- Protocol-level (default): each visitor requests the page over HTTP, connects to its
  kernel's websocket and reads every widget's state as a page's widget manager does
  (one ``request_states`` on the widget control comm; interactive = all of that done),
  then clicks: a move button in a play app, "another one like this" in a practice app;
  a click is redrawn when the kernel has sent every change it made (idle after the click).
- Browsers (`--browsers`): Debian's /usr/bin/chromium through Playwright, one page per
  visitor in one browser; interactive = the first button to click drawn; a click is
  redrawn at the first change of the page after it (then the next frame).

Before each click a visitor looks at the page for `--think` seconds on average (2 s;
drawn from a seeded generator, so every run is the same class): a class does not click
in the same millisecond. `--think 0` makes every visitor click as soon as the last
click is redrawn, the worst burst a server can get.

Everything is bounded: at most 200 visitors, `--deadline` seconds for the whole
run (default 300), traffic within 127.0.0.0/8 only, and the server it started is stopped
at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from classserver import serve_apps
from tests.support.appclient import MOVES, AppSession

ROOT = Path(__file__).resolve().parents[1]

#: what a visitor clicks, by the app's kind: in a play app a card of the hand that can be played
#: or a move without a card (tests.support.appclient.MOVES); in a practice app "another one like
#: this" (widgets/exercises.py)
CLICK = {"play": MOVES, "practice": ("exercise-another",)}
#: a lesson: the game, then practice, and another game
THREE_APPS = ("durak/play.ipynb", "durak/practice.ipynb", "minefield/play.ipynb")


def click_class(app: str) -> tuple[str, ...]:
    """The CSS classes of the buttons a visitor of ``app`` clicks."""
    kind = Path(app).stem
    if kind not in CLICK:
        raise SystemExit(f"{app}: the load test clicks in play and practice apps only ({', '.join(CLICK)})")
    return CLICK[kind]


LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: visitors at most: each comes from a loopback address of its own (visitor_address)
MAX_VISITORS = 200


@dataclass
class Result:
    interactive: list[float] = field(default_factory=list)
    redraw: list[float] = field(default_factory=list)
    page: list[float] = field(default_factory=list)  # of which the page's HTML (protocol client)
    failures: list[str] = field(default_factory=list)
    kernels_alive: int = 0
    kernels_in_use: int = 0
    kernel_pss_mb: list[float] = field(default_factory=list)
    total_pss_mb: float = 0.0
    wall_seconds: float = 0.0
    server_cpu: float = 0.0  # CPU seconds of the server and its kernels until the class was interactive
    client_cpu: float = 0.0  # of this client (and its browsers), the same span
    played: int = 0  # visitors who have played their moves
    #: the machine's load average (1 min) before the server started, as the class arrived, and after
    load_before: float = 0.0
    load_at_arrival: float = 0.0
    load_after: float = 0.0


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.3f} s, p95 {p95:.3f} s, max {ordered[-1]:.3f} s (n={len(ordered)})"


def thinking(think: float, rng: random.Random) -> float:
    """Seconds a visitor looks at the table before a move: ``think`` on average (half to one and a half times it)."""
    return think * rng.uniform(0.5, 1.5)


def visitor_address(number: int) -> str:
    """The loopback address visitor ``number`` (from 0) comes from: 127.0.1.1, 127.0.1.2..."""
    return f"127.0.{1 + number // 254}.{1 + number % 254}"


async def protocol_visitor(
    url: str,
    app: str,
    lang: str,
    moves: int,
    result: Result,
    hold: asyncio.Event,
    think: float,
    rng: random.Random,
    source: str | None = None,
) -> None:
    session = AppSession(url, app, lang, source=source)
    try:
        result.interactive.append(await session.open())
        result.page.append(session.page_seconds)
        for move in range(moves):
            buttons = session.buttons(*click_class(app))
            if not buttons:
                if move == 0:
                    raise RuntimeError(f"no move to play: {len(session.models)} widgets, {len(session.shown())} shown")
                break  # the game is over
            await asyncio.sleep(thinking(think, rng))
            result.redraw.append(await session.click(buttons[0]))
        result.played += 1
        await hold.wait()  # every visitor keeps the app open until the class is counted
    except Exception as error:
        result.failures.append(f"{type(error).__name__}: {error}")
    finally:
        await session.shut_down()


async def browser_visitor(browser, url, app, lang, moves, result: Result, hold: asyncio.Event, think, rng) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    selector = ", ".join(f"button.{c}" for c in click_class(app))
    try:
        start = time.perf_counter()
        await page.goto(f"{url}/voila/render/{app}?lang={lang}", timeout=120_000)
        await page.locator(selector).first.wait_for(state="visible", timeout=120_000)
        result.interactive.append(time.perf_counter() - start)
        for _ in range(moves):
            if await page.locator(selector).count() == 0:
                break
            await asyncio.sleep(thinking(think, rng))
            milliseconds = await page.evaluate(
                """(selector) => new Promise((resolve, reject) => {
                    const start = performance.now();
                    const watch = new MutationObserver(() => {
                        watch.disconnect();
                        requestAnimationFrame(() => resolve(performance.now() - start));
                    });
                    watch.observe(document.body, {subtree: true, childList: true, characterData: true});
                    setTimeout(() => reject(new Error("no redraw within 30 s")), 30000);
                    document.querySelector(selector).click();
                })""",
                selector,
            )
            result.redraw.append(milliseconds / 1000)
        result.played += 1
        await hold.wait()
    except Exception as error:
        result.failures.append(f"{type(error).__name__}: {error}".splitlines()[0])
    finally:
        await page.close(run_before_unload=True)  # as a closed tab: the page's beacon shuts its kernel down
        await context.close()


def cpu_seconds(pid: int | None) -> float:
    """CPU seconds used so far by a process and everything it started that still runs."""
    if pid is None:
        return 0.0
    import psutil

    total = 0.0
    with contextlib.suppress(psutil.Error):
        root = psutil.Process(pid)
        for process in [root, *root.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):  # ended meanwhile
                times = process.cpu_times()
                total += times.user + times.system
    return total


def memory(server_pid: int | None) -> tuple[list[float], float]:
    """PSS in MB of each kernel of the server, and of the server and its kernels together."""
    if server_pid is None:
        return [], 0.0
    import psutil

    server = psutil.Process(server_pid)
    per_kernel = []
    for child in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):  # a kernel shut down meanwhile
            if "ipykernel" in " ".join(child.cmdline()):
                per_kernel.append(child.memory_full_info().pss / 2**20)
    return per_kernel, server.memory_full_info().pss / 2**20 + sum(per_kernel)


async def run_class(url, apps, sessions, moves, browsers, server_pid, lang="en", stagger=0.0, think=0.0) -> Result:
    """``sessions`` visitors open ``apps`` (one app, or several taken in turn) at once and play."""
    apps = [apps] if isinstance(apps, str) else list(apps)
    result = Result()
    rng = random.Random(1)  # the same class every run
    cpu_start = (cpu_seconds(server_pid), cpu_seconds(os.getpid()))
    hold = asyncio.Event()
    result.load_at_arrival = os.getloadavg()[0]
    start = time.perf_counter()
    if browsers:
        from playwright.async_api import async_playwright

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            tasks = []
            for i in range(sessions):
                app = apps[i % len(apps)]
                tasks.append(
                    asyncio.create_task(browser_visitor(browser, url, app, lang, moves, result, hold, think, rng))
                )
                await asyncio.sleep(stagger)
            await _count_then_release(tasks, result, hold, url, server_pid, sessions, cpu_start)
            await browser.close()
    else:
        tasks = []
        for i in range(sessions):
            app = apps[i % len(apps)]
            visitor = protocol_visitor(url, app, lang, moves, result, hold, think, rng, visitor_address(i))
            tasks.append(asyncio.create_task(visitor))
            await asyncio.sleep(stagger)
        await _count_then_release(tasks, result, hold, url, server_pid, sessions, cpu_start)
    result.wall_seconds = time.perf_counter() - start
    return result


async def _count_then_release(tasks, result, hold, url, server_pid, sessions, cpu_start) -> None:
    """Once every visitor has played (or failed), count kernels and memory, then let them go."""
    while len(result.interactive) + len(result.failures) < sessions and not all(t.done() for t in tasks):
        await asyncio.sleep(0.1)
    result.server_cpu = cpu_seconds(server_pid) - cpu_start[0]
    result.client_cpu = cpu_seconds(os.getpid()) - cpu_start[1]
    while result.played + len(result.failures) < sessions and not all(t.done() for t in tasks):
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.0)  # the last clicks land
    counts = await asyncio.to_thread(serve_apps.status, url)
    result.kernels_alive, result.kernels_in_use = counts["kernels_alive"], counts["kernels_in_use"]
    result.kernel_pss_mb, result.total_pss_mb = await asyncio.to_thread(memory, server_pid)
    hold.set()
    await asyncio.gather(*tasks)


def report(result: Result, args) -> str:
    kind = "Chromium pages" if args.browsers else "protocol-level sessions"
    server = (
        f"warm {args.warm}, pool {args.pool}, ceilings {args.max_kernels} and {per_visitor(args)} per visitor"
        if not args.url
        else f"the server at {args.url}"
    )
    lines = [
        f"{args.sessions} {kind} opening {', '.join(args.apps)} at once, {args.moves} clicks each "
        f"({args.think:g} s of thought before a click on average) "
        f"({server}); {result.wall_seconds:.1f} s in all",
        f"  time until interactive: {summary(result.interactive)}",
        *([f"    of which the page:    {summary(result.page)}"] if result.page else []),
        f"  click to redraw:        {summary(result.redraw)}",
        f"  kernels alive: {result.kernels_alive} (in use by visitors: {result.kernels_in_use})",
    ]
    if result.server_cpu or result.client_cpu:
        lines.append(
            f"  CPU until the class was interactive: server and kernels {result.server_cpu:.1f} s, "
            f"{'browsers' if args.browsers else 'this client'} {result.client_cpu:.1f} s"
        )
    if result.kernel_pss_mb:
        lines.append(
            f"  memory per kernel (PSS): median {statistics.median(result.kernel_pss_mb):.0f} MB, "
            f"max {max(result.kernel_pss_mb):.0f} MB; server and kernels in all {result.total_pss_mb:.0f} MB"
        )
    lines.append(
        f"  load average (1 min): {result.load_before:.2f} before the server started, "
        f"{result.load_at_arrival:.2f} as the class arrived, {result.load_after:.2f} after"
    )
    lines.append(f"  failures: {len(result.failures)}")
    lines.extend(f"    {failure}" for failure in result.failures[:10])
    return "\n".join(lines)


def _wait_for_kernels(url: str, warm: int, preheated: int, seconds: float) -> None:
    """Until ``warm`` kernels stand ready and ``preheated`` pages wait for their request (or ``seconds`` passed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            counts = serve_apps.status(url)
            if counts["warm_ready"] >= warm and counts["pool_ready"] >= preheated:
                return
        except OSError:  # the server is busy starting its kernels
            pass
        time.sleep(1)


def load_test(args) -> Result:
    """Start a server (unless ``args.url``), let its kernels warm up, run the class, stop the server."""

    def the_class(url, pid):
        return asyncio.run(
            asyncio.wait_for(
                run_class(
                    url,
                    args.apps,
                    args.sessions,
                    args.moves,
                    args.browsers,
                    pid,
                    stagger=args.stagger,
                    think=args.think,
                ),
                args.deadline,
            )
        )

    if args.url:
        if urlparse(args.url).hostname not in LOOPBACK:
            raise SystemExit("the load test only targets this machine (127.0.0.1, localhost)")
        return the_class(args.url, None)
    with tempfile.TemporaryDirectory(prefix="load_test_") as tmp:
        options = {
            "warm": args.warm,
            "pool": args.pool,
            "pool_apps": args.apps if args.pool else [],
            "max_kernels": args.max_kernels,
            "max_per_client": per_visitor(args),
        }
        with serve_apps.running(Path(tmp) / "voila.log", **options) as (url, proc):
            _wait_for_kernels(url, args.warm, args.pool * len(args.apps), min(240, args.deadline / 2))
            try:
                return the_class(url, proc.pid)
            except TimeoutError:
                traceback.print_exc()
                raise SystemExit(f"the class did not finish within {args.deadline} s; see {tmp}/voila.log") from None


def per_visitor(args) -> int:
    """The server's ceiling per visitor: `make serve`'s, unless every visitor shares one address
    (browser pages all come from 127.0.0.1)."""
    return args.max_kernels if args.browsers else args.max_per_client


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sessions", type=int, default=30, help="visitors opening the apps at once")
    p.add_argument(
        "--apps",
        nargs="+",
        default=list(THREE_APPS),
        help=f"play or practice apps (paths under book/), taken in turn (default, a lesson: {' '.join(THREE_APPS)})",
    )
    p.add_argument("--moves", type=int, default=3, help="clicks each visitor makes")
    defaults = serve_apps.CLASS
    p.add_argument("--warm", type=int, default=defaults["warm"], help="warm kernels for any app (make serve's)")
    p.add_argument("--pool", type=int, default=defaults["pool"], help="preheated pages per app (make serve's)")
    p.add_argument("--max-kernels", type=int, default=defaults["max_kernels"], help="the server's kernel ceiling")
    p.add_argument(
        "--max-per-client", type=int, default=defaults["max_per_client"], help="the server's ceiling per visitor"
    )
    p.add_argument("--browsers", action="store_true", help="real Chromium pages instead of the protocol client")
    p.add_argument("--stagger", type=float, default=0.0, help="seconds between two visitors' arrivals")
    p.add_argument(
        "--think",
        type=float,
        default=2.0,
        help="seconds a visitor looks at the page before each click, on average (0: every click at once)",
    )
    p.add_argument("--deadline", type=float, default=300, help="seconds the whole class may take")
    p.add_argument("--url", help="a server already running on this machine (else one is started)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for app in args.apps:
        click_class(app)
    if not 1 <= args.sessions <= MAX_VISITORS:
        raise SystemExit(f"from 1 to {MAX_VISITORS} visitors: each comes from a loopback address of its own")
    if args.browsers and args.sessions > 10:
        raise SystemExit("up to 10 browser pages: the browsers share the machine's cores with the server")
    before = os.getloadavg()[0]
    result = load_test(args)
    result.load_before, result.load_after = before, os.getloadavg()[0]
    print(report(result, args))
    return 1 if result.failures else 0


if __name__ == "__main__":
    sys.exit(main())
