"""The class server's kernels: who holds which (the ledger and its ceilings) and the warm pool.

- :class:`KernelLedger`: the kernels in use per visitor (address) and for the whole server,
  the ceilings, and the kernels of pages long out of sight that make room when needed.
- :class:`WarmPool`: kernels started ahead with everything the apps import, each given to
  whichever app a visitor opens; refilled once the class has arrived.
- :data:`VISITOR`: the request a kernel is being started or taken from a pool for; the
  kernel manager's hooks (:mod:`classserver.patches`) read it to record the kernel's visitor.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import contextvars
import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from jupyter_server._tz import utcnow

from . import patches

HERE = Path(__file__).resolve().parent

#: the request for which a kernel is being started or taken from the pool
VISITOR: contextvars.ContextVar[Claim | None] = contextvars.ContextVar("visitor", default=None)


@dataclass
class Claim:
    """A visitor's request for a kernel: pending until the kernel it gets is recorded."""

    visitor: str
    recorded: bool = False


class KernelLedger:
    """Who holds which kernel, and the ceilings.

    A page out of sight (a tab in the background, a phone asleep or a tab closed without
    a word, as phones do) says so; its kernel keeps its place until someone needs the
    place: then the kernel longest out of sight, for ``away_grace`` seconds at least, is
    shut down to make room.
    """

    def __init__(self, kernel_manager, max_kernels: int, max_per_visitor: int, away_grace: float = 20.0):
        self.kernel_manager = kernel_manager
        self.max_kernels = max_kernels
        self.max_per_visitor = max_per_visitor
        self.away_grace = away_grace
        self.owners: dict[str, str] = {}
        self.pending: Counter[str] = Counter()
        #: kernel id -> when its page went out of sight (the event loop's clock)
        self.away: dict[str, float] = {}

    def _prune(self) -> None:
        alive = set(self.kernel_manager.list_kernel_ids())
        for kernel_id in [k for k in self.owners if k not in alive]:
            del self.owners[kernel_id]
        for kernel_id in [k for k in self.away if k not in self.owners]:
            del self.away[kernel_id]

    def mark_away(self, kernel_id: str, visitor: str, away: bool, now: float) -> bool:
        """The page of ``kernel_id`` went out of sight or came back; only its visitor may say so."""
        if self.owners.get(kernel_id) != visitor:
            return False
        if away:
            self.away.setdefault(kernel_id, now)
        else:
            self.away.pop(kernel_id, None)
        return True

    def reclaimable(self, visitor: str, kind: str, now: float) -> str | None:
        """The kernel to shut down to make room for ``visitor``: the one longest out of sight
        (of this visitor's for their own ceiling, of anyone's for the class's), or None."""
        self._prune()
        candidates = [
            (since, kernel_id)
            for kernel_id, since in self.away.items()
            if now - since >= self.away_grace and (kind == "class" or self.owners.get(kernel_id) == visitor)
        ]
        return min(candidates)[1] if candidates else None

    async def refusal_making_room(self, visitor: str) -> tuple[str, int] | None:
        """:meth:`refusal`, after shutting down kernels long out of sight that stand in the way."""
        while (refusal := self.refusal(visitor)) is not None:
            kernel_id = self.reclaimable(visitor, refusal[0], asyncio.get_running_loop().time())
            if kernel_id is None:
                return refusal
            self.away.pop(kernel_id, None)
            await self.kernel_manager.shutdown_kernel(kernel_id)
            self._prune()
        return None

    def in_use(self, visitor: str | None = None) -> int:
        self._prune()
        if visitor is None:
            return len(self.owners) + sum(self.pending.values())
        return sum(1 for v in self.owners.values() if v == visitor) + self.pending[visitor]

    def refusal(self, visitor: str) -> tuple[str, int] | None:
        """("client", n) or ("class", n) when ``visitor`` may not start another kernel."""
        held = self.in_use(visitor)
        if held >= self.max_per_visitor:
            return "client", held
        total = self.in_use()
        if total >= self.max_kernels:
            return "class", total
        return None

    def claim(self, visitor: str) -> Claim:
        self.pending[visitor] += 1
        return Claim(visitor)

    def release(self, claim: Claim) -> None:
        """The request is over: a claim that got no kernel stops counting."""
        if not claim.recorded:
            self._unpend(claim.visitor)

    def record(self, kernel_id: str, claim: Claim | None) -> None:
        """The kernel ``claim`` got: it counts as the visitor's from now on, no longer as pending."""
        if claim is None or claim.recorded:
            return
        self.owners[kernel_id] = claim.visitor
        claim.recorded = True
        self._unpend(claim.visitor)

    def _unpend(self, visitor: str) -> None:
        self.pending[visitor] -= 1
        if self.pending[visitor] <= 0:
            del self.pending[visitor]

    def watch(self, kernel_manager) -> None:
        """Record the visitor of every kernel started, or taken from the pool, for a page."""
        patches.record_kernels_given(kernel_manager, self.record, VISITOR)


def imports_of(notebooks: list[Path]) -> list[str]:
    """The modules ``notebooks`` import in their code cells (top-level ``import`` statements)."""
    found: dict[str, None] = {"ipywidgets": None}
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        for cell in cells:
            if cell.get("cell_type") != "code":
                continue
            try:
                tree = ast.parse("".join(cell.get("source", "")))
            except SyntaxError:
                continue
            for node in tree.body:
                if isinstance(node, ast.Import):
                    found.update(dict.fromkeys(alias.name for alias in node.names))
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found[node.module] = None
    return list(found)


def warm_code(modules: list[str]) -> str:
    """The code a warm kernel runs before anyone asks for it: ``warm_kernel.py`` with ``modules``,
    in a namespace of its own (the app's notebook then finds the kernel's namespace as it was)."""
    source = (HERE / "warm_kernel.py").read_text(encoding="utf-8")
    return f"exec({source!r}, {{'__name__': '_warm_kernel', 'MODULES': {modules!r}}})"


class WarmPool:
    """Kernels started ahead, with everything the apps import already imported, each given to
    whichever app a visitor opens.

    Voila's own pools hold one app's page each (``pool``), so a lesson of several apps
    needs a pool per app. Here a page that finds no preheated page of its app asks for a
    kernel (Voila's ``start_kernel``) and gets a warm one: told its request (address and
    language, what Voila would have put in a new kernel's environment) and moved to its
    app's folder, it runs the app's notebook in a tenth of a second, where a new kernel
    takes one to two seconds of CPU to start and import. Kernels taken are replaced once
    the class has arrived (``refill_delay`` after the last one taken), one at a time, ``spacing``
    apart, so that starting them does not slow the class's clicks; the kernels standing by
    are never more than the places left under the ceiling (``room``), and none is started
    while the machine has less than ``min_free_mb`` of memory free.
    """

    def __init__(
        self,
        kernel_manager,
        size: int,
        modules: list[str],
        room: Callable[[], int],
        log,
        *,
        refill_delay: float = 20.0,
        spacing: float = 1.0,
        startup_parallel: int = 2,
        min_free_mb: int = 1024,
        kernel_name: str = "python3",
    ):
        self.kernel_manager = kernel_manager
        self.size = size
        self.room = room
        self.log = log
        self.refill_delay = refill_delay
        self.spacing = spacing
        self.startup_parallel = startup_parallel
        self.min_free_mb = min_free_mb
        self.kernel_name = kernel_name
        self.warm_code = warm_code(modules)
        self.ready: list[str] = []  # kernel ids, oldest first
        self.handing: set[str] = set()  # kernel ids taken from ``ready``, being told their page's request
        self.starting = 0
        self.waiting = 0  # pages waiting for a warm kernel still starting
        self._started: asyncio.Condition | None = None  # told each time a warm kernel's start ends
        self.taken = 0
        self._failures = 0
        self._not_before = 0.0
        self._filler: asyncio.Task | None = None
        self._shells: dict[str, object] = {}  # kernel id -> a client with its shell channel open
        self._start_kernel = kernel_manager.start_kernel

    def install(self) -> None:
        """Hand warm kernels to pages, keep the culler off them, and start filling."""
        patches.hand_out_warm_kernels(self.kernel_manager, self.start_kernel, self.standing_by)
        asyncio.get_event_loop().call_soon(self._fill_later, 0.0)

    def standing_by(self, kernel_id: str) -> bool:
        """A kernel the culler leaves alone: waiting for a page, or being handed to one (idle since
        it was warmed, minutes ago perhaps, but about to be used)."""
        return kernel_id in self.ready or kernel_id in self.handing

    def wanted(self) -> int:
        """Kernels to start now: up to ``size`` standing by, within the places left."""
        for gone in [k for k in self.ready if k not in self.kernel_manager]:
            self.ready.remove(gone)
            with contextlib.suppress(Exception):
                self._shells.pop(gone).stop_channels()
        return max(0, min(self.size, self.room()) - len(self.ready) - self.starting)

    async def start_kernel(self, kernel_name=None, path=None, env=None, **kwargs):
        """Voila's ``start_kernel`` for a page: a warm kernel if one stands by, or one still
        starting that no other page waits for, else a new one."""
        env = env or {}
        if kernel_name in (None, self.kernel_name) and env.get("VOILA_PREHEAT") != "True":
            while True:
                while self.ready:
                    kernel_id = self.ready.pop(0)
                    if await self._hand_over(kernel_id, path, env):
                        return kernel_id
                if self.starting <= self.waiting or not await self._one_started():
                    break
        self._fill_later(self.refill_delay)
        return await self._start_kernel(kernel_name=kernel_name, path=path, env=env, **kwargs)

    async def _hand_over(self, kernel_id: str, path: str | None, env: dict) -> bool:
        # the filling waits from the moment the kernel leaves the pool, not from when its page has it:
        # else the filler, finding the pool short meanwhile, starts a kernel during the class's arrival
        self._fill_later(self.refill_delay)
        self.handing.add(kernel_id)
        try:
            adopted = await self._adopt(kernel_id, path, env)
        finally:
            self.handing.discard(kernel_id)
        if adopted:
            self.taken += 1
        return adopted

    async def _one_started(self, seconds: float = 60.0) -> bool:
        """Wait until a warm kernel's start ends (ready or failed): a page that arrives while its
        server's warm kernel starts (a student's first page, as the server comes up) would
        otherwise start a second kernel, as costly as the first and no sooner ready. False if
        none ended within ``seconds``."""
        self._started = self._started or asyncio.Condition()
        self._fill_later(self.refill_delay)  # the kernel starting is this page's: nothing to refill yet
        self.waiting += 1
        try:
            async with self._started:
                await asyncio.wait_for(self._started.wait(), seconds)
            return True
        except TimeoutError:
            return False
        finally:
            self.waiting -= 1

    async def _adopt(self, kernel_id: str, path: str | None, env: dict) -> bool:
        """Give a warm kernel the request Voila would have started a kernel with."""
        shell = self._shells.pop(kernel_id, None)
        if kernel_id not in self.kernel_manager or shell is None:
            return False
        changed = {name: value for name, value in env.items() if os.environ.get(name) != value}
        folder = self.kernel_manager.cwd_for_path(path or "")
        code = (
            "import json as _json, os as _os\n"
            f"_os.environ.update(_json.loads({json.dumps(changed)!r}))\n"
            f"_os.chdir({folder!r})\n"
            "del _json, _os"
        )
        try:
            told = await self._ask(shell, code, timeout=10)
        finally:
            shell.stop_channels()
        if not told:
            await self._shut_down(kernel_id)
            return False
        self.kernel_manager.get_kernel(kernel_id).last_activity = utcnow()  # idle from now, not from its warming
        self.log.info("Using a warm kernel: %s (%d standing by)", kernel_id, len(self.ready))
        return True

    async def _ask(self, client, code: str, timeout: float) -> bool:
        """Run ``code`` through ``client``'s shell channel: True if it ran without error."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            msg_id = client.execute(code, silent=True, store_history=False, allow_stdin=False)
            while True:
                reply = await client.get_shell_msg(timeout=max(0.01, deadline - loop.time()))
                if reply["parent_header"].get("msg_id") == msg_id:
                    return reply["content"]["status"] == "ok"
        except Exception as error:
            self.log.warning("a warm kernel did not answer (%s)", type(error).__name__)
            return False

    async def _warm_up(self, kernel_id: str) -> bool:
        """Wait until a new kernel answers, run the warm code in it, and keep a shell channel to
        it open (opening one costs the server a few milliseconds a page otherwise)."""
        client = self.kernel_manager.get_kernel(kernel_id).client()
        client.start_channels(shell=True, iopub=True, stdin=False, hb=False, control=False)
        try:
            await client.wait_for_ready(timeout=120)
            if not await self._ask(client, self.warm_code, timeout=120):
                return False
        except Exception as error:
            self.log.warning("a warm kernel did not answer (%s)", type(error).__name__)
            return False
        finally:
            client.stop_channels()
        shell = self.kernel_manager.get_kernel(kernel_id).client()
        shell.start_channels(shell=True, iopub=False, stdin=False, hb=False, control=False)
        self._shells[kernel_id] = shell
        return True

    async def _shut_down(self, kernel_id: str) -> None:
        with contextlib.suppress(Exception):
            await self.kernel_manager.shutdown_kernel(kernel_id, now=True)

    def _fill_later(self, delay: float) -> None:
        """Fill the pool ``delay`` seconds from now (a kernel taken pushes the filling back)."""
        loop = asyncio.get_event_loop()
        self._not_before = max(self._not_before, loop.time() + delay)
        if self._filler is None or self._filler.done():
            self._filler = loop.create_task(self._fill(), context=contextvars.Context())  # nobody's kernels

    async def _fill(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            while loop.time() < self._not_before:
                await asyncio.sleep(self._not_before - loop.time())
            wanted = self.wanted()
            if wanted == 0 or self._failures >= 3 or not self._memory_left():
                return
            # at start-up nobody is waiting: as many at once as there are cores; afterwards one by one
            batch = min(wanted, self.startup_parallel if self.taken == 0 else 1)
            await asyncio.gather(*(self._start_one() for _ in range(batch)))
            await asyncio.sleep(self.spacing if self.taken else 0)

    def _memory_left(self) -> bool:
        import psutil  # a dependency of ipykernel

        free_mb = psutil.virtual_memory().available / 2**20
        if free_mb < self.min_free_mb:
            self.log.warning("no warm kernel started: %d MB of memory free", free_mb)
            return False
        return True

    async def _start_one(self) -> None:
        self.starting += 1
        kernel_id = None
        try:
            kernel_id = await self._start_kernel(kernel_name=self.kernel_name, path="", env=dict(os.environ))
            if await self._warm_up(kernel_id):
                self.ready.append(kernel_id)
                self._failures = 0
                return
            self._failures += 1
            await self._shut_down(kernel_id)
        except Exception:
            self._failures += 1
            self.log.exception("a warm kernel did not start")
            if kernel_id is not None:
                await self._shut_down(kernel_id)
        finally:
            self.starting -= 1
            if self._started is not None:
                async with self._started:
                    self._started.notify_all()
