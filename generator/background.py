"""Compute one value in a forked process while this one goes on with other work.

The child inherits the parent's memory, so the function's arguments are never copied
or pickled; only the result comes back, through a pipe. Where fork is unavailable, or
the child fails or is killed, the value is computed here instead: the outcome is the
same, only the time differs.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


def _child(send: object, function: Callable[[], object]) -> None:
    try:
        send.send(function())  # type: ignore[attr-defined]
    except BaseException:  # noqa: BLE001 - any failure: the parent computes it itself
        pass
    finally:
        # Skip the parent's atexit handlers and buffered output, inherited by fork.
        os._exit(0)


class Background(Generic[T]):
    """The value of ``function()``, computed in a forked child when ``enabled``."""

    def __init__(self, function: Callable[[], T], enabled: bool = True) -> None:
        self._function = function
        self._process = None
        if enabled and "fork" in multiprocessing.get_all_start_methods():
            context = multiprocessing.get_context("fork")
            self._receive, send = context.Pipe(duplex=False)
            self._process = context.Process(target=_child, args=(send, function), daemon=True)
            self._process.start()
            send.close()

    def result(self) -> T:
        """Return the value, waiting for the child if it is still at work."""
        if self._process is None:
            return self._function()
        try:
            value: T = self._receive.recv()
        except (EOFError, OSError):
            log.debug("background computation failed; computing it here")
            value = self._function()
        finally:
            self._receive.close()
            self._process.join()
        return value
