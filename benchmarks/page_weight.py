"""Each page of the built book: what it weighs and how long it takes on a slow phone network.

Serves ``_build/html`` (build the book first: ``make book``) from this machine, gzip-compressing
text as any web host does, and opens every page in Debian's Chromium with an empty cache and
the network throttled through the DevTools protocol to a slow 4G profile (150 ms round trip,
1.6 Mbit/s down, 750 kbit/s up). Prints, per page: requests, bytes transferred (compressed),
bytes after decompression, failed requests, first contentful paint and the load event; then
the heaviest text page and widget page against the book's budgets.

    .venv/bin/python -m benchmarks.page_weight                 # every page
    .venv/bin/python -m benchmarks.page_weight book/durak/play.html --no-throttle
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import threading
from pathlib import Path
from typing import ClassVar

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
#: The budgets of issue "light pages": bytes transferred (compressed) and first paint on slow 4G.
BUDGETS = {"text": 500_000, "widgets": 1_500_000}
FIRST_PAINT_BUDGET_S = 3.0
COMPRESSIBLE = (".html", ".js", ".css", ".svg", ".json", ".txt", ".map", ".ttf", ".eot")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static file server that compresses text the way web hosts do."""

    _cache: ClassVar[dict[Path, bytes]] = {}

    def log_message(self, *args):
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not (path.is_file() and path.suffix in COMPRESSIBLE and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = self._cache.get(path)
        if body is None:
            body = self._cache[path] = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a page closed while a file was still on its way


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(GzipHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def pages_of(html: Path) -> list[str]:
    skip = {"genindex.html"}
    return sorted(
        str(p.relative_to(html))
        for p in html.rglob("*.html")
        if p.name not in skip and not p.relative_to(html).parts[0].startswith("_")
    )


MEASURE = """() => {
  const entries = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')];
  const paint = performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint');
  const nav = entries[0];
  return {
    requests: entries.length,
    transferred: entries.reduce((s, e) => s + (e.transferSize || 0), 0),
    decoded: entries.reduce((s, e) => s + (e.decodedBodySize || 0), 0),
    fcp: paint ? paint.startTime / 1000 : null,
    load: nav.loadEventEnd / 1000,
    widgets: !!document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]'),
  };
}"""


def measure(browser, url: str, throttle: bool) -> dict:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    failed: list[str] = []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))  # a 404 font is both: counted once
    if throttle:
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    try:
        page.goto(url, wait_until="load", timeout=120_000)
    except PlaywrightTimeout:
        failed.append(f"timeout {url}: no load event within 120 s")
    page.wait_for_timeout(300)
    figures = page.evaluate(MEASURE)
    urls = {line.split(" ", 1)[1] for line in failed}
    figures["failed"] = [next(line for line in failed if line.endswith(url)) for url in sorted(urls)]
    context.close()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help="pages relative to the build (default: all)")
    parser.add_argument("--build", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--no-throttle", action="store_true", help="measure at this machine's speed")
    args = parser.parse_args()
    if not (args.build / "index.html").exists():
        parser.error(f"no built book in {args.build}: run `make book` first")
    pages = args.pages or pages_of(args.build)
    server, base = serve(args.build)
    worst = {"text": (0, ""), "widgets": (0, "")}
    slowest_paint = (0.0, "")
    failures = 0
    profile = "no throttling" if args.no_throttle else "slow 4G: 150 ms RTT, 1.6 Mbit/s down"
    print(f"{len(pages)} pages, empty cache, 375 px wide, {profile}; sizes in KB (1000 bytes)")
    print(f"{'page':44} {'kind':7} {'req':>4} {'sent':>7} {'unzipped':>9} {'paint s':>8} {'load s':>7} fails")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for name in pages:
                f = measure(browser, base + name, not args.no_throttle)
                kind = "widgets" if f["widgets"] else "text"
                fcp = f["fcp"] or 0.0
                print(
                    f"{name:44} {kind:7} {f['requests']:>4} {f['transferred'] / 1000:>7.0f} "
                    f"{f['decoded'] / 1000:>9.0f} {fcp:>8.2f} {f['load']:>7.2f} {len(f['failed'])}"
                )
                for line in f["failed"]:
                    print(f"    {line}")
                failures += len(f["failed"])
                worst[kind] = max(worst[kind], (f["transferred"], name))
                slowest_paint = max(slowest_paint, (fcp, name))
            browser.close()
    finally:
        server.shutdown()
    print()
    for kind, (size, name) in worst.items():
        if name:
            verdict = "within" if size <= BUDGETS[kind] else "OVER"
            print(f"heaviest {kind} page: {name}, {size / 1000:.0f} KB sent ({verdict} {BUDGETS[kind] / 1000:.0f} KB)")
    if not args.no_throttle:
        verdict = "within" if slowest_paint[0] <= FIRST_PAINT_BUDGET_S else "OVER"
        print(f"slowest first paint: {slowest_paint[1]}, {slowest_paint[0]:.2f} s ({verdict} {FIRST_PAINT_BUDGET_S} s)")
    print(f"failed requests: {failures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
