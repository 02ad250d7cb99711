"""The class server's pool: a page gets a ready kernel, never one still waiting to start."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_voila"))

from classroom import ready_kernels_first

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
