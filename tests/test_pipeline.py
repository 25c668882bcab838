"""The generate stage gives the same files however its work is spread over processes."""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from generator.config import load_settings
from generator.pipeline import run as pipeline
from generator.render import markdown as render


def test_two_processes_share_the_paper_pages_and_change_no_byte(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = {"config_file": project / "mkdocs.yml", "use_cache": False}
    alone = pipeline.prepare(load_settings(**settings, jobs=1)).files

    monkeypatch.setattr(pipeline, "SECOND_PROCESS_FROM", 2)
    monkeypatch.setattr(pipeline, "PARALLEL_ABOVE", 2)
    page = render.Renderer.page

    def signed(self: render.Renderer, spec: render.PageSpec) -> bytes:
        # Which process rendered a page rides in the page: a forked child's own memory is
        # lost with it. Slowly, so that no process can take every page before the other starts.
        time.sleep(0.005)
        return page(self, spec) + f"rendered-by {os.getpid()}".encode()

    monkeypatch.setattr(render.Renderer, "page", signed)
    together = pipeline.prepare(load_settings(**settings, jobs=2)).files

    renderers = set()
    for path, data in together.items():
        if b"rendered-by " in data:  # a page, not a data file
            together[path], _, pid = data.rpartition(b"rendered-by ")
            if path.startswith("papers/20"):
                renderers.add(int(pid))
    assert len(renderers) == 2 and os.getpid() in renderers  # each process rendered a share
    assert together == alone
    assert sum(path.startswith("papers/20") for path in alone) >= 30


def test_the_summary_line_counts_in_words() -> None:
    from generator.pipeline.run import Generated
    from generator.plan.identity import Identity
    from generator.plan.report import Addresses, Report
    from generator.write.writer import WriteStats

    SITE = Identity("X 2024 Papers", "Abstracts.", "the paper of X 2024")  # noqa: N806

    quiet = Report(1, 1, 0, 0, (), 0, ())
    one = Generated(1, 1, [2024], WriteStats(1, 0, 0), 0.5, quiet, SITE)
    assert one.summary() == "1 paper, 1 topic, 1 year; 1 page written, 0 unchanged, 0 removed in 0.50 s"
    moved = replace(quiet, addresses=Addresses(kept=1, retitled=1, redirects=3, redirects_added=1, retired_added=2))
    assert Generated(1, 1, [2024], WriteStats(1, 0, 0), 0.5, moved, SITE).summary().endswith(
        "in 0.50 s; 1 address kept under a new title, 1 redirect added, 2 pages retired"
    )
    many = Generated(1111, 36, [2025, 2024], WriteStats(3236, 2, 1), 12.0, quiet, SITE)
    assert many.summary().startswith("1,111 papers, 36 topics, 2 years; 3,236 pages written")
