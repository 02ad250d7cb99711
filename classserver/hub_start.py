"""Start the class's servers on JupyterHub before the lesson, each with a warm app kernel.

    python -m classserver.hub_start --names names.txt [--hub http://127.0.0.1:8000]
        [--token-file hub-data/class-start-token] [--seconds 600]

``names.txt`` holds the names the students log in with, one a line (``#`` starts a comment).
The command asks the hub (its REST API, as the hub's service ``class-start``, whose token
``deploy/jupyterhub/jupyterhub_config.py`` keeps in ``$RULEBOOK_HUB_DIR/class-start-token``)
to create each student and start their server; the servers start in line, a few at a time,
as when a class logs in. It waits until every server answers and has a kernel standing by
with everything imported, and prints how many are ready as they come. A student who then
logs in lands at once on the running gallery. The servers stay up while they are used, and
are stopped after the hub's idle time unused (``RULEBOOK_HUB_IDLE``, 15 minutes): start them
within that time before the lesson.

The exit status is 0 when every server is ready, 1 otherwise (the names not ready are printed).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import httpx


def read_names(path: Path) -> list[str]:
    """The names of ``path``, one a line, as the hub keeps them (lowercase), each once, in order."""
    names: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip().lower()
        if name:
            names[name] = None
    return list(names)


class Hub:
    """The hub's REST API with the class-start service's token."""

    def __init__(self, url: str, token: str, timeout: float = 30):
        self.url = url.rstrip("/")
        self.api = httpx.Client(
            base_url=f"{self.url}/hub/api", headers={"Authorization": f"token {token}"}, timeout=timeout
        )

    def create(self, names: list[str]) -> None:
        """Create the students the hub does not know yet."""
        missing = [name for name in names if self.api.get(f"/users/{quote(name)}").status_code == 404]
        if missing:
            answer = self.api.post("/users", json={"usernames": missing})
            if answer.status_code not in (201, 409):
                raise SystemExit(f"the hub did not create the students: HTTP {answer.status_code} {answer.text}")

    def start(self, name: str) -> str:
        """Ask for ``name``'s server: "asked", "running", or the hub's refusal."""
        answer = self.api.post(f"/users/{quote(name)}/server")
        if answer.status_code in (201, 202):
            return "asked"
        if answer.status_code == 400 and "already running" in answer.text:
            return "running"
        return f"HTTP {answer.status_code}: {answer.json().get('message', answer.text) if answer.text else ''}"

    def server(self, name: str) -> dict | None:
        """``name``'s server as the hub sees it (``ready``, ``pending``), or None if it has none."""
        answer = self.api.get(f"/users/{quote(name)}")
        answer.raise_for_status()
        return answer.json().get("servers", {}).get("")

    def warm(self, name: str) -> bool:
        """Whether ``name``'s server has a kernel standing by and, if it preheats pages, every page
        drawn ahead (its status, through the hub's proxy)."""
        try:
            answer = httpx.get(f"{self.url}/user/{quote(name)}/voila/classroom/status", timeout=10)
            status = answer.json() if answer.status_code == 200 else {}
        except (httpx.HTTPError, ValueError):
            return False
        return status.get("warm_ready", 0) >= 1 and status.get("pool_ready", 0) >= status.get("pool_expected", 0)


#: requests to the hub's API in flight at once while the servers are asked for
ASKING_AT_ONCE = 16


def start_class(hub: Hub, names: list[str], seconds: float, say=print) -> list[str]:
    """Start every student's server and wait until each is ready and warm: the names not ready."""
    hub.create(names)
    # asked for all at once: the hub answers each request only when that server is up or after its
    # slow_spawn_timeout (10 s), so one after another they took ten seconds a student to ask for
    with ThreadPoolExecutor(ASKING_AT_ONCE) as asking:
        outcomes = dict(zip(names, asking.map(hub.start, names), strict=True))
    refused = {name: outcome for name, outcome in outcomes.items() if outcome not in ("asked", "running")}
    for name, why in refused.items():
        say(f"{name}: the hub refused to start the server ({why}) · сервер не запущен ({why})")
    waiting = [name for name in names if name not in refused]
    started = time.monotonic()
    deadline = started + seconds
    ready: list[str] = []
    again = dict.fromkeys(waiting, 2)  # a server that stopped (a failed start) is asked for twice more
    while waiting and time.monotonic() < deadline:
        for name in list(waiting):
            server = hub.server(name)
            if server is None:
                if again[name] > 0:
                    again[name] -= 1
                    hub.start(name)
            elif server.get("ready") and hub.warm(name):
                waiting.remove(name)
                ready.append(name)
                say(
                    f"{len(ready)}/{len(names)} ready after {time.monotonic() - started:.0f} s: {name}"
                    f" · готово {len(ready)} из {len(names)}"
                )
        if waiting:
            time.sleep(1)
    return [*refused, *waiting]


def token_from(path: Path | None) -> str:
    if os.environ.get("RULEBOOK_HUB_START_TOKEN"):
        return os.environ["RULEBOOK_HUB_START_TOKEN"]
    path = path or Path(os.environ.get("RULEBOOK_HUB_DIR", "hub-data")) / "class-start-token"
    if not path.exists():
        raise SystemExit(
            f"no token at {path}: the hub makes it when it starts (give --token-file, or RULEBOOK_HUB_DIR)"
        )
    return path.read_text(encoding="utf-8").strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", type=Path, required=True, help="the students' names, one a line")
    parser.add_argument("--hub", default=os.environ.get("RULEBOOK_HUB_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--token-file", type=Path, help="default: $RULEBOOK_HUB_DIR/class-start-token")
    parser.add_argument("--seconds", type=float, default=600, help="how long to wait for every server")
    args = parser.parse_args(argv)
    names = read_names(args.names)
    if not names:
        raise SystemExit(f"no names in {args.names}")
    started = time.monotonic()
    not_ready = start_class(Hub(args.hub, token_from(args.token_file)), names, args.seconds)
    seconds = time.monotonic() - started
    if not_ready:
        print(
            f"{len(names) - len(not_ready)} of {len(names)} servers ready in {seconds:.0f} s; not ready:"
            f" {', '.join(not_ready)} · не готовы: {', '.join(not_ready)}"
        )
        return 1
    n = len(names)
    print(f"All {n} servers ready in {seconds:.0f} s · серверов готово: {n} из {n}, за {seconds:.0f} с")
    return 0


if __name__ == "__main__":
    sys.exit(main())
