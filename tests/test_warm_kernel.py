"""A warm kernel of the class server (``classserver/warm_kernel.py``), in a real kernel: it
imports what the apps import, leaves the kernel's namespace as it was, sends no widget
message before a page is there, and answers the page as usual once it is."""

from __future__ import annotations

import pytest
from jupyter_client.manager import start_new_kernel

from classserver import kernel_pool


@pytest.fixture(scope="module")
def kernel():
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def _run(client, code: str) -> list[dict]:
    """Run ``code``; every iopub message it caused, its own status messages left out."""
    heard = []
    reply = client.execute_interactive(code, timeout=60, output_hook=heard.append)
    assert reply["content"]["status"] == "ok", reply["content"]
    return [m for m in heard if m["msg_type"] not in ("status", "execute_input")]


def _printed(messages: list[dict]) -> str:
    return "".join(m["content"]["text"] for m in messages if m["msg_type"] == "stream")


def test_a_warm_kernel_holds_widget_messages_until_a_page_speaks_then_answers_it(kernel):
    names = "print(sorted(name for name in globals() if not name.startswith('_')))"
    before = _printed(_run(kernel, names))
    _run(kernel, kernel_pool.warm_code(["ipywidgets", "rules.cards"]))
    assert _printed(_run(kernel, names)) == before, "the warm code left names in the notebook's namespace"
    assert _printed(_run(kernel, "import sys; print('rules.cards' in sys.modules)")).strip() == "True"

    made = _run(
        kernel,
        "import ipywidgets as w\n"
        "typed, shown = w.Text(), w.HTML('nothing yet')\n"
        "typed.observe(lambda change: setattr(shown, 'value', 'read ' + change['new']), names='value')\n"
        "print(typed.comm.comm_id, shown.comm.comm_id)",
    )
    assert not [m for m in made if m["msg_type"].startswith("comm")], "widget messages went out before a page"
    typed, shown = _printed(made).split()

    # the page speaks (as ipywidgets' manager does: a new value for the text box)
    kernel.shell_channel.send(
        kernel.session.msg(
            "comm_msg", {"comm_id": typed, "data": {"method": "update", "state": {"value": "Z"}, "buffer_paths": []}}
        )
    )
    answers = []
    while not any(m["msg_type"] == "status" and m["content"]["execution_state"] == "idle" for m in answers[1:]):
        answers.append(kernel.get_iopub_msg(timeout=30))
    updates = {m["content"]["comm_id"]: m["content"]["data"] for m in answers if m["msg_type"] == "comm_msg"}
    assert updates.get(shown, {}).get("state") == {"value": "read Z"}, f"the page was not answered: {updates}"
