"""The generate stage gives the same files however its work is spread over processes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator import enrich, pipeline, render
from generator.config import load_settings


def test_two_processes_share_the_paper_pages_and_change_no_byte(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = {"config_file": project / "mkdocs.yml", "use_cache": False}
    alone = pipeline.prepare(load_settings(**settings, jobs=1)).files

    monkeypatch.setattr(pipeline, "SECOND_PROCESS_FROM", 2)
    monkeypatch.setattr(enrich, "PARALLEL_ABOVE", 2)
    render_pages = render.render_pages

    def recording(specs, pages=None):  # type: ignore[no-untyped-def]
        specs = list(specs)
        out = render_pages(specs, pages)
        if specs and specs[0].template == "paper.md.j2":
            # Which processes rendered paper pages rides in the results: a forked
            # child's own memory is lost with it.
            out = {**out, f"rendered-by/{os.getpid()}": b""}
        return out

    monkeypatch.setattr(render, "render_pages", recording)
    together = pipeline.prepare(load_settings(**settings, jobs=2)).files

    renderers = {int(path.split("/")[1]) for path in list(together) if path.startswith("rendered-by/")}
    for pid in renderers:
        del together[f"rendered-by/{pid}"]
    assert len(renderers) == 2 and os.getpid() in renderers  # each process rendered a share
    assert together == alone
    assert sum(path.startswith("papers/20") for path in alone) >= 30
