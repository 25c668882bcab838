"""Work in forked processes gives what one process would, whatever the children do."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from generator.pipeline import background
from generator.pipeline.background import Background, shared_map

PARENT = os.getpid()


def _square_here(item: int) -> tuple[int, int]:
    """The item squared, and which process computed it; slowly enough that no process takes it all."""
    time.sleep(0.0005)
    return item * item, os.getpid()


@pytest.mark.parametrize(("count", "processes"), [(0, 2), (1, 2), (9, 2), (500, 2), (900, 3), (500, 1)])
def test_a_shared_map_is_the_plain_map_in_order(count: int, processes: int) -> None:
    results = shared_map(_square_here, range(count), processes)
    assert [value for value, _ in results] == [i * i for i in range(count)]
    if count >= 500:
        assert len({pid for _, pid in results}) == processes  # every process took a share


def test_each_process_works_on_its_own_end() -> None:
    results = shared_map(_square_here, range(400), 2)
    pids = [pid for _, pid in results]
    assert pids[0] != PARENT and pids[-1] == PARENT  # children from the front, this one from the back
    assert pids == sorted(pids, key=lambda pid: pid == PARENT)  # one run each: the ends meet once


def test_what_a_child_does_not_deliver_is_computed_here() -> None:
    def fails_in_children(item: int) -> int:
        if os.getpid() != PARENT and item % 7 == 3:
            raise RuntimeError("a child fails")
        return -item

    assert shared_map(fails_in_children, range(300), 2) == [-i for i in range(300)]


def test_a_child_killed_at_work_loses_nothing() -> None:
    def dies_in_children(item: int) -> int:
        if os.getpid() != PARENT and item == 70:
            os._exit(9)  # killed: no exception, no clean-up
        return item + 1

    assert shared_map(dies_in_children, range(300), 2) == [i + 1 for i in range(300)]


def test_an_error_of_the_function_itself_is_raised_here() -> None:
    def always_fails(item: int) -> int:
        raise ValueError(f"bad item {item}")

    with pytest.raises(ValueError, match="bad item"):
        shared_map(always_fails, range(300), 2)


def test_an_error_here_stops_the_children() -> None:
    def fails_here(item: int) -> int:
        if os.getpid() == PARENT:
            raise ValueError("failed here")
        time.sleep(0.05)  # a child would be at work for seconds
        return item

    before = set(multiprocessing.active_children())
    with pytest.raises(ValueError, match="failed here"):
        shared_map(fails_here, range(300), 2)
    assert set(multiprocessing.active_children()) == before


@pytest.mark.parametrize("processes", [1, 2])
def test_meanwhile_runs_once_in_this_process(processes: int) -> None:
    calls = []
    shared_map(_square_here, range(200), processes, meanwhile=lambda: calls.append(os.getpid()))
    assert calls == [PARENT]


def test_without_shared_memory_one_process_does_it_all(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(38, "Function not implemented")  # what a container without /dev/shm says

    monkeypatch.setattr(background._Ends, "__init__", refuse)
    results = shared_map(_square_here, range(50), 2)
    assert results == [(i * i, PARENT) for i in range(50)]


def test_claims_cover_every_item_once_and_shrink_where_the_ends_meet() -> None:
    ends = background._Ends(1000, 2, multiprocessing.get_context("fork"))
    front, back = [], []
    while True:
        taken = ends.claim(front=len(front) <= len(back))
        if not taken:
            break
        (front if taken.start == sum(map(len, front)) else back).append(taken)
    covered = sorted(i for claim in front + back for i in claim)
    assert covered == list(range(1000))
    sizes = [len(claim) for claim in front + back]
    assert max(sizes) == background.LARGEST_SLICE
    last = [len(front[-1]), len(back[-1])]
    assert max(last) <= background.SMALLEST_SLICE


def test_background_computes_the_value_in_a_child_or_here() -> None:
    assert Background(lambda: os.getpid(), enabled=True).result() != PARENT
    assert Background(lambda: os.getpid(), enabled=False).result() == PARENT
