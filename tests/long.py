"""The exhaustive checks and their part in ``make test``.

A check repeated over every game, page or seed keeps a representative part in ``make test``,
so that the whole run stays short enough to run after every change on a 2-core machine;
``make test-long`` sets ``RULEBOOK_LONG=1`` and runs the whole of each. The README lists what
each keeps (under "The two commands").
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

#: ``make test-long``: every game, page and seed of the checks that call :func:`kept`
LONG = os.environ.get("RULEBOOK_LONG", "") not in ("", "0")


def kept(everything: Sequence[T], part: Iterable[T]) -> list[T]:
    """``everything`` under ``make test-long``, else ``part``, in ``everything``'s order.

    Each item of ``part`` must be one of ``everything`` (a renamed game or page fails here,
    rather than leaving the short run with nothing to check).
    """
    part = list(part)
    missing = [item for item in part if item not in everything]
    if missing:
        raise ValueError(f"not among the items this check covers: {missing}")
    return list(everything) if LONG else [item for item in everything if item in part]
