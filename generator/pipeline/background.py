"""Work in forked processes: one value computed beside this process, or a map shared by several.

A child inherits the parent's memory, so a function and its arguments are never copied
or pickled; only results come back. Where fork is unavailable, or a child fails or is
killed, what it did not deliver is computed here instead: the outcome is the same, only
the time differs.

- ``Background``: one value, computed in a child while this process goes on with other work.
- ``shared_map``: a function over a sequence, this process and its children taking slices
  until none is left.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import tempfile
from collections.abc import Callable, Sequence
from typing import IO, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
R = TypeVar("R")


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


#: The most items a process claims at once: a claim takes the lock, and its results are
#: written in one piece.
LARGEST_SLICE = 64

#: The fewest, where the two ends meet: the process done first waits for at most this many.
SMALLEST_SLICE = 8


class _Ends:
    """The items nobody has claimed yet, ``[front, back)``, in memory the forked processes share."""

    def __init__(self, count: int, processes: int, context: multiprocessing.context.BaseContext) -> None:
        self._ends = context.RawArray("q", [0, count])
        self._lock = context.Lock()
        self._processes = processes

    def claim(self, front: bool) -> range:
        """Claim the next slice at the front (children) or the back (the parent); empty once none is left.

        Slices shrink as fewer items are left, so the processes finish close together.
        """
        with self._lock:
            first, last = self._ends
            left = last - first
            size = min(left, max(SMALLEST_SLICE, min(LARGEST_SLICE, left // (4 * self._processes))))
            if front:
                self._ends[0] = first + size
                return range(first, first + size)
            self._ends[1] = last - size
            return range(last - size, last)


def shared_map(
    function: Callable[[T], R], items: Sequence[T], processes: int, meanwhile: Callable[[], object] | None = None
) -> list[R]:
    """Return ``[function(item) for item in items]``, computed by up to ``processes`` processes.

    ``processes - 1`` forked children claim slices from the front, this process from the
    back, until none is left: every process works to the end, whatever each slice costs.
    A child writes its results to a file of its own (through a pipe it would wait whenever
    this process, busy with its own slices, did not read); they are read once the children
    are done. ``meanwhile`` is called in this process once the children are at work (before
    anything is computed here, in any case).
    """
    ends = _shared_ends(len(items), processes)
    if ends is None:
        if meanwhile is not None:
            meanwhile()
        return [function(item) for item in items]
    context = multiprocessing.get_context("fork")
    children = []
    for _ in range(processes - 1):
        out = tempfile.TemporaryFile()
        child = context.Process(target=_map_in_child, args=(function, items, ends, out), daemon=True)
        child.start()
        children.append((child, out))
    if meanwhile is not None:
        meanwhile()
    results: list = [_MISSING] * len(items)
    try:
        while taken := ends.claim(front=False):
            results[taken.start : taken.stop] = [function(items[i]) for i in taken]
    except BaseException:
        for child, out in children:  # their work is of no use now
            child.terminate()
            child.join()
            out.close()
        raise
    for child, out in children:
        child.join()
        _read_results(out, results)
    missing = sum(result is _MISSING for result in results)
    if missing:
        log.debug("%d items were not delivered by a child process; computing them here", missing)
    return [function(items[i]) if result is _MISSING else result for i, result in enumerate(results)]


def _shared_ends(count: int, processes: int) -> _Ends | None:
    """Return the claims ``processes`` processes share over ``count`` items, or None if one process must do."""
    if processes <= 1 or count < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    try:
        return _Ends(count, processes, multiprocessing.get_context("fork"))
    except OSError as error:  # no shared memory or semaphores (some containers): one process it is
        log.debug("working in one process: %s", error)
        return None


#: A result not delivered (``None`` may be a result).
_MISSING = object()


def _map_in_child(function: Callable[[T], R], items: Sequence[T], ends: _Ends, out: IO[bytes]) -> None:
    try:
        while taken := ends.claim(front=True):
            pickle.dump((taken.start, [function(items[i]) for i in taken]), out, pickle.HIGHEST_PROTOCOL)
    except BaseException:  # noqa: BLE001 - the parent computes what is not delivered (and raises, if it must)
        pass
    finally:
        try:
            out.flush()
        finally:
            os._exit(0)  # skip the parent's atexit handlers and buffered output, inherited by fork


def _read_results(out: IO[bytes], results: list) -> None:
    """Put the slices a child wrote into ``results``; a slice cut short (a killed child) is left out."""
    out.seek(0)
    while True:
        try:
            start, values = pickle.load(out)
        except Exception:  # noqa: BLE001 - EOFError at the end, or a record cut short
            break
        results[start : start + len(values)] = values
    out.close()


def default_jobs() -> int:
    """Return how many processes a run may use: the CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
