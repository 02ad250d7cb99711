"""What a warm kernel of the class server runs before anyone asks for it (``kernel_pool.WarmPool``).

The server sends this file's source with ``MODULES``, the modules the apps import; it is
run in a namespace of its own, so the app's notebook finds the kernel's namespace empty.

- It imports ``MODULES``: an app's notebook then runs in a tenth of a second, where a new
  kernel takes a second or two to import them.
- It keeps the widgets' comm messages to itself until a page is there. Creating a widget
  publishes its whole state (about 150 messages as a game's page is drawn), and no page
  hears them: the page connects once its HTML has arrived, and then asks for every
  widget's state at once (ipywidgets 8's ``jupyter.widget.control`` comm). Only the
  server heard them, parsing each one while a class waited for their pages. The first
  comm message from a page (its ``request_states``) turns publishing back on.
"""

from __future__ import annotations

import importlib

from ipykernel.comm.comm import BaseComm
from ipykernel.kernelbase import Kernel

MODULES: list[str] = globals().get("MODULES", [])  # given by the server

for _name in MODULES:
    importlib.import_module(_name)

_publish = BaseComm.publish_msg


def _held_until_a_page_is_here(self, msg_type, *args, **kwargs):
    """A comm message sent before any page is connected: nobody hears it, so it is not sent.

    The comm is tied to the kernel as sending would tie it: ipywidgets sends nothing
    through a comm without a kernel, so its widgets would stay silent once a page is there.
    """
    if self.kernel is None:
        self.kernel = Kernel.instance()


def _a_page_is_here() -> None:
    BaseComm.publish_msg = _publish


def _heard(handler):
    def handle(*args, **kwargs):
        _a_page_is_here()
        return handler(*args, **kwargs)

    return handle


if Kernel.initialized():  # in a kernel; imported elsewhere (the doctests' collection) it changes nothing
    BaseComm.publish_msg = _held_until_a_page_is_here
    _kernel = Kernel.instance()
    for _msg_type in ("comm_open", "comm_msg"):
        _kernel.shell_handlers[_msg_type] = _heard(_kernel.shell_handlers[_msg_type])
