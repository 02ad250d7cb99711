"""The class server's pool: a page gets a ready kernel, never one still waiting to start."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from classserver.patches import ready_kernels_first

APP = "durak/play.ipynb"


class FakeKernelManager:
    """Voila's pool as it is: tasks, refills appended at the end, the first one handed out."""

    def __init__(self):
        self._pools = {}
        self.handed = []

    def get_pool_size(self, notebook_name):
        return len(self._pools.get(notebook_name, ()))

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        task = self._pools[notebook_name].pop(0)
        self.handed.append(await task)
        return self.handed[-1]


async def _class_arrives():
    manager = FakeKernelManager()
    ready_kernels_first(manager)
    loop = asyncio.get_running_loop()
    waiting = loop.create_future()  # a refill still waiting for its start
    ready = loop.create_future()
    ready.set_result("kernel A")
    manager._pools[APP] = [waiting, ready]
    counted = manager.get_pool_size(APP)
    handed = await asyncio.wait_for(manager.get_rendered_notebook(APP), 1)
    empty = manager.get_pool_size(APP)
    waiting.cancel()
    return counted, handed, empty


def test_a_page_is_handed_the_ready_kernel_and_a_waiting_refill_does_not_count():
    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever the browser tests left running
        counted, handed, empty = thread.submit(asyncio.run, _class_arrives()).result(timeout=10)
    assert counted == 1, "only the ready kernel counts as preheated"
    assert handed == "kernel A", "the ready kernel is handed out, not the refill ahead of it"
    assert empty == 0, "with only a refill waiting, the next page starts a kernel of its own"


class FakeClient:
    """A kernel client whose kernel runs every code without error, and remembers it."""

    def __init__(self, kernel):
        self.kernel = kernel

    def start_channels(self, **channels):
        pass

    def stop_channels(self):
        pass

    async def wait_for_ready(self, timeout=None):
        pass

    def execute(self, code, **options):
        self.kernel.ran.append(code)
        return f"msg-{len(self.kernel.ran)}"

    async def get_shell_msg(self, timeout=None):
        await asyncio.sleep(self.kernel.answers_after)
        return {"parent_header": {"msg_id": f"msg-{len(self.kernel.ran)}"}, "content": {"status": "ok"}}


class FakeKernel:
    def __init__(self):
        self.ran: list[str] = []
        self.last_activity = None
        self.answers_after = 0.0  # seconds the kernel takes to answer

    def client(self):
        return FakeClient(self)


class FakeKernels:
    """jupyter_server's kernel manager as the warm pool uses it."""

    def __init__(self):
        self.kernels: dict[str, FakeKernel] = {}
        self.culled: list[str] = []

    def __contains__(self, kernel_id):
        return kernel_id in self.kernels

    async def start_kernel(self, kernel_name=None, path=None, env=None, **kwargs):
        kernel_id = f"k{len(self.kernels) + len(self.culled) + 1}"
        self.kernels[kernel_id] = FakeKernel()
        return kernel_id

    def get_kernel(self, kernel_id):
        return self.kernels[kernel_id]

    def cwd_for_path(self, path):
        return f"/book/{path}"

    async def shutdown_kernel(self, kernel_id, now=False):
        self.kernels.pop(kernel_id, None)

    async def cull_kernel_if_idle(self, kernel_id):
        self.culled.append(kernel_id)


async def _until(condition, seconds: float = 5) -> bool:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition() and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.01)
    return condition()


async def _a_lesson():
    import logging

    from classserver.kernel_pool import WarmPool

    kernels = FakeKernels()
    places = {"left": 3}
    pool = WarmPool(
        kernels, 5, ["rules"], lambda: places["left"], logging.getLogger("test"), refill_delay=0.3, spacing=0
    )
    pool.install()
    filled = await _until(lambda: len(pool.ready) == 3)
    settled = len(kernels.kernels)
    # a page asks for a kernel: it gets a warm one, told the page's address and moved to its app's folder
    kernel_id = await kernels.start_kernel(kernel_name="python3", path="durak", env={"QUERY_STRING": "lang=ru"})
    told = kernels.kernels[kernel_id].ran[-1]
    right_after = (len(pool.ready), len(kernels.kernels))
    await kernels.cull_kernel_if_idle(pool.ready[0])  # the culler passes over a kernel standing by
    places["left"] = 1  # the class fills up: one place left
    await asyncio.sleep(0.6)  # past the refill's delay
    refilled_within_room = len(pool.ready) == 2 and len(kernels.kernels) == 3
    places["left"] = 5
    pool._fill_later(0)
    refilled = await _until(lambda: len(pool.ready) == 5, 5)
    return filled, settled, kernel_id, told, right_after, kernels.culled, refilled_within_room, refilled, pool


def test_the_warm_pool_gives_a_ready_kernel_to_any_app_and_stays_within_the_places_left():
    with ThreadPoolExecutor(1) as thread:
        filled, settled, kernel_id, told, right_after, culled, within_room, refilled, pool = thread.submit(
            asyncio.run, _a_lesson()
        ).result(timeout=30)
    assert filled and settled == 3, "no more kernels standing by than places left under the ceiling"
    assert kernel_id in ("k1", "k2", "k3"), "the page got a warm kernel, not a new one"
    assert '"QUERY_STRING": "lang=ru"' in told and "chdir('/book/durak')" in told
    assert right_after == (2, 3), "the kernel taken is not replaced at once (the class is still arriving)"
    assert culled == [], "a kernel standing by is never culled"
    assert within_room, "with one place left (and two kernels standing by), no kernel is started"
    assert refilled and pool.taken == 1


async def _a_page_while_the_culler_passes():
    import logging

    from classserver.kernel_pool import WarmPool

    kernels = FakeKernels()
    pool = WarmPool(kernels, 1, ["rules"], lambda: 5, logging.getLogger("test"), refill_delay=30, spacing=0)
    pool.install()
    await _until(lambda: len(pool.ready) == 1)
    warm = pool.ready[0]
    kernels.kernels[warm].answers_after = 0.2  # a busy machine: the kernel is slow to hear its page's request
    page = asyncio.create_task(kernels.start_kernel(kernel_name="python3", path="durak", env={}))
    await asyncio.sleep(0.05)  # the page has taken the kernel and is telling it the request
    await kernels.cull_kernel_if_idle(warm)  # the culler's round comes now (the kernel idle since it was warmed)
    return warm, await page, kernels.culled


def test_the_culler_leaves_a_warm_kernel_alone_while_it_is_handed_to_a_page():
    """Servers started ahead of a lesson wait minutes: their warm kernels are idle past the
    culler's limit, and one culled as a student's page takes it would leave that page on a dead
    kernel (the page fails with "Kernel died before replying to kernel_info")."""
    with ThreadPoolExecutor(1) as thread:
        warm, handed, culled = thread.submit(asyncio.run, _a_page_while_the_culler_passes()).result(timeout=30)
    assert handed == warm, "the page got the warm kernel"
    assert culled == [], "the culler passed over the kernel being handed to the page"


async def _pages_while_the_warm_kernel_starts():
    import logging

    from classserver.kernel_pool import WarmPool

    kernels = FakeKernels()
    slow_start = kernels.start_kernel

    async def start_slowly(**kwargs):  # a server just up on a busy machine: the warm kernel takes its time
        kernel_id = await slow_start(**kwargs)
        kernels.kernels[kernel_id].answers_after = 0.3
        return kernel_id

    kernels.start_kernel = start_slowly
    pool = WarmPool(kernels, 1, ["rules"], lambda: 5, logging.getLogger("test"), refill_delay=30, spacing=0)
    pool.install()
    await _until(lambda: pool.starting == 1)
    first = asyncio.create_task(kernels.start_kernel(kernel_name="python3", path="durak", env={}))
    await asyncio.sleep(0.01)
    second = asyncio.create_task(kernels.start_kernel(kernel_name="python3", path="domino", env={}))
    handed = await first, await second, pool.taken
    await asyncio.sleep(0.3)  # the filler's turn: the class is arriving, nothing is refilled yet
    return *handed, len(kernels.kernels)


def test_a_page_arriving_while_the_warm_kernel_starts_waits_for_it_and_only_one_page_does():
    """A student's first page comes as their server comes up, its warm kernel still starting: a
    second kernel for the page would cost as much and be ready no sooner."""
    with ThreadPoolExecutor(1) as thread:
        first, second, taken, alive = thread.submit(asyncio.run, _pages_while_the_warm_kernel_starts()).result(
            timeout=30
        )
    assert first == "k1" and taken == 1, "the first page got the warm kernel it waited for"
    assert second == "k2", "the second page, with nothing else starting for it, started its own"
    assert alive == 2, "a kernel was started to refill the pool while the class arrives"
