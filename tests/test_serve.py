"""``papersite serve``: an edited abstract is regenerated and served, with a whole search index."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from generator.render import search

from .conftest import copy_project, index_part


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait(check: Callable[[], bool], what: str, timeout: float = 120.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if check():
                return
        except (OSError, ValueError):
            pass  # not serving yet, or a file caught mid-write
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(params=[[], ["--full"]], ids=["changed-pages", "full"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """Yield a project under ``papersite serve`` (with the given options) and its base URL."""
    project = copy_project(tmp_path / "project")
    base = f"http://127.0.0.1:{_free_port()}/"
    command = [sys.executable, "-m", "generator", "serve", "-q", "-a", base[7:-1], *request.param]
    with open(tmp_path / "serve.log", "wb") as log:
        server = subprocess.Popen(command, cwd=project, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            _wait(lambda: "</html>" in _get(base), "the first build")
            yield project, base
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 - loopback only
        return response.read().decode("utf-8")


def _search_cards(base: str) -> list[dict]:
    """Return the cards of the served search index, one per paper (read again if caught mid-write)."""
    cards: list[dict] = []

    def read() -> bool:
        count = index_part(_get(base + "searchindex/meta.js"))["docs"]  # type: ignore[index]
        cards[:] = [index_part(_get(base + search.card_path(i))) for i in range(count)]
        return True

    _wait(read, "a readable search index")
    return cards


def test_an_edited_abstract_is_served_and_searchable_once_beside_every_other_page(served: tuple[Path, str]) -> None:
    project, base = served
    before = Counter(card["u"] for card in _search_cards(base))
    assert before and max(before.values()) == 1

    # New words that move the paper's topics and its neighbours' related lists, so more
    # than one page is rebuilt.
    corpus = sorted((project / "data").glob("*.txt"))[-1]
    header, first, *rest = corpus.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    marker = "zebracrossingmarker"
    edited = first.rstrip(".") + f" with {marker} graph neural networks, reinforcement learning and diffusion models."
    corpus.write_text("\n\n".join([header, edited, *rest]) + "\n", encoding="utf-8")

    _wait(lambda: marker in (project / "site_src" / "papers.json").read_text(encoding="utf-8"), "papersite")
    records = json.loads((project / "site_src" / "papers.json").read_text(encoding="utf-8"))
    page = next(base + r["url"] for r in records if marker in r["abstract"])
    _wait(lambda: marker in _get(page), "the rebuilt page")
    _wait(lambda: marker in _get(base + "searchindex/w/ze.js"), "the search index")

    cards = _search_cards(base)
    after = Counter(card["u"] for card in cards)
    assert after == before  # every paper still found, each once: no stale twin, none lost
    assert sum(marker in card["a"] for card in cards) == 1


def test_a_new_abstract_updates_the_home_page_that_includes_the_counts(served: tuple[Path, str]) -> None:
    project, base = served
    papers = len(json.loads((project / "site_src" / "papers.json").read_text(encoding="utf-8")))
    assert f"<strong>{papers}</strong> papers" in _get(base)

    # index.md is the user's page and does not change; the counts it includes do.
    corpus = sorted((project / "data").glob("*.txt"))[-1]
    added = "We propose ZebraNet, a sorter of striped images, and show that ZebraNet sorts them fast."
    corpus.write_text(corpus.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + added + "\n", encoding="utf-8")

    _wait(lambda: f"<strong>{papers + 1}</strong> papers" in _get(base), "the home page's new count")


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize(
    ("signal_name", "to_group"),
    [("SIGINT", True), ("SIGTERM", True), ("SIGTERM", False), ("SIGHUP", True)],
    ids=["ctrl-c", "kill-group", "kill-papersite", "hangup"],
)
def test_stopping_the_preview_stops_its_server_and_deletes_the_temporary_site(
    tmp_path: Path, signal_name: str, to_group: bool
) -> None:
    # MkDocs serves a site it builds in a temporary folder: hundreds of megabytes at 10,000
    # papers, left behind at every stop unless MkDocs gets to delete it.
    project = copy_project(tmp_path / "project")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    base = f"http://127.0.0.1:{_free_port()}/"
    command = [sys.executable, "-m", "generator", "serve", "-q", "-a", base[7:-1]]
    env = {**os.environ, "TMPDIR": str(temporary)}
    with open(tmp_path / "serve.log", "wb") as log:
        server = subprocess.Popen(
            command, cwd=project, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        _wait(lambda: "</html>" in _get(base), "the first build")
        assert any(entry.name.startswith("mkdocs_") for entry in temporary.iterdir())

        number = getattr(signal, signal_name)
        if to_group:
            os.killpg(server.pid, number)  # as a terminal's Ctrl-C, or a process manager, does
        else:
            server.send_signal(number)
        assert server.wait(timeout=60) == 0
        _wait(lambda: not _group_alive(server.pid), "MkDocs to stop too", timeout=30)
        assert list(temporary.iterdir()) == []
    finally:
        with suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
