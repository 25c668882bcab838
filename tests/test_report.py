"""The quality report: figures and notices a user should see, grouped by kind."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from generator import cli
from generator.enrich.topics import load_taxonomy
from generator.errors import Notice, collecting, notice
from generator.model import Paper, Source
from generator.plan.report import build_report
from generator.read import DUPLICATES_LISTED

from .conftest import copy_project


def _paper(title_source: str, topics: tuple[str, ...], github: tuple[str, ...] = ()) -> Paper:
    return Paper(
        abstract="x", venue="V", year=2024, source=Source(Path("f.txt"), 3),
        title="T", title_source=title_source, topics=topics, github=github,
    )


def test_figures_and_empty_topics() -> None:
    taxonomy = load_taxonomy()
    first, second = taxonomy.topics[0].name, taxonomy.fallback.name
    papers = [_paper("inferred", (first,), ("https://github.com/a/b",)), _paper("given", (second,))]
    report = build_report(papers, taxonomy, [])
    assert (report.papers, report.inferred_titles, report.with_code, report.fallback) == (2, 1, 1, 1)
    empty = {n.message for n in report.notices if n.kind == "empty topic"}
    assert len(empty) == len(taxonomy.topics) - 1
    assert not any(first in message for message in empty)
    assert "1 of 2 inferred" in report.summary()


def test_the_summary_counts_one_in_the_singular() -> None:
    taxonomy = load_taxonomy()
    fallback = taxonomy.fallback.name
    papers = [_paper("inferred", (fallback,), ("https://github.com/a/b",))]
    notices = [Notice("unknown macro", "a.txt:3", "unknown macro \\foo")]
    summary = build_report(papers, taxonomy, notices).summary()
    assert "1 paper fell back to the catch-all topic" in summary
    assert "0 topics came from the corpus" in summary
    assert "Code: 1 paper (100%) with a link to a GitHub repository; 0 with a link to a project page." in summary
    assert "Notices: empty topic (" in summary and "unknown macro (1)." in summary


def test_notices_are_collected_from_logging_with_paths_made_relative(tmp_path: Path) -> None:
    log = logging.getLogger("generator.somewhere")
    where = tmp_path / "data" / "a.txt"
    with collecting() as notices:
        log.warning("%s: unknown macro \\foo", f"{where}:7", extra=notice("unknown macro", f"{where}:7", quiet=True))
        log.warning("%s: folded duplicate", f"{where}:9", extra=notice("duplicate abstract", f"{where}:9", folded=True))
        log.warning("not a notice")
    report = build_report([], load_taxonomy(), notices, [tmp_path / "data"])
    groups = report.by_kind()
    assert groups["unknown macro"] == [Notice("unknown macro", "a.txt:7", "unknown macro \\foo")]
    assert groups["duplicate abstract"] == [Notice("duplicate abstract", "a.txt:9", "folded duplicate")]
    assert str(tmp_path) not in repr(report)


def test_notices_are_listed_by_file_then_line_number() -> None:
    places = ["b.txt:2", "a.txt:10", "a.txt", "a.txt:9", "taxonomy"]
    notices = [Notice("unknown macro", where, "unknown macro \\foo") for where in places]
    report = build_report([], load_taxonomy(), notices)
    listed = [n.where for n in report.by_kind()["unknown macro"]]
    assert listed == ["a.txt", "a.txt:9", "a.txt:10", "b.txt:2", "taxonomy"]


def test_report_command_prints_notices_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = copy_project(tmp_path / "project")
    corpus = tmp_path / "dup.txt"
    corpus.write_text(
        "ICLR 2025 Papers\n\nWe propose FooNet for $x^2$ and {\\mname}.\n\nWe propose  FooNet for $x^2$ and {\\mname}.\n",
        encoding="utf-8",
    )
    assert cli.main(["report", "-q", "-f", str(project / "mkdocs.yml"), str(corpus)]) == 0
    out = capsys.readouterr().out
    assert "duplicate abstract (1):" in out and "dup.txt:5" in out
    assert "Titles: 1 of 1 inferred" in out
    assert not (project / "site_src" / "papers").exists()


@pytest.mark.parametrize("verbose", [False, True])
def test_many_duplicates_fold_on_the_console_but_not_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verbose: bool
) -> None:
    project = copy_project(tmp_path / "project")
    corpus = tmp_path / "dup.txt"
    extra = DUPLICATES_LISTED + 3
    corpus.write_text("ICLR 2025 Papers\n\n" + "We propose FooNet for graphs.\n\n" * (1 + extra), encoding="utf-8")
    args = ["report", "-f", str(project / "mkdocs.yml"), str(corpus)]
    assert cli.main([*args, "-v"] if verbose else args) == 0
    out, err = capsys.readouterr()
    assert f"duplicate abstract ({extra}):" in out  # the report lists every one
    listed = err.count("already read at")
    assert listed == (extra if verbose else DUPLICATES_LISTED)
    assert f"skipped {extra} duplicate abstracts in all" in err


def test_the_report_page_lists_the_first_notices_of_each_kind_and_counts_them_all(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.plan import pages
    from generator.plan.report import Report
    from generator.render.markdown import Renderer

    monkeypatch.setattr(pages, "REPORT_NOTICES", 5)
    notices = tuple(Notice("near-duplicate abstract", f"a.txt:{i}", f"like b.txt:{i}") for i in range(12))
    notices += (Notice("unknown macro", "a.txt:3", "unknown macro \\foo"),)
    report = Report(papers=12, inferred_titles=0, with_code=0, with_project_page=0, fallback=0, topics=(), notices=notices)
    text = Renderer().page(pages.report_page(report)).decode()
    assert "### near-duplicate abstract (12)" in text and "### unknown macro (1)" in text
    assert [int(n) for n in re.findall(r"<code>a\.txt:(\d+)</code>: like", text)] == [0, 1, 2, 3, 4]
    assert "The first 5 of them; `papersite report` lists every one." in text
    assert text.count("lists every one") == 1  # not under a kind it lists whole
