"""Reruns: unchanged input writes nothing and reads nothing; one edited abstract rewrites its pages only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator import cli, urls
from generator.render import search
from generator.write import writer

from .conftest import copy_project
from .test_build import tree_digest


def _generate(project: Path, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml"), *args]) == 0
    return capsys.readouterr().out


def _mtimes(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_mtime_ns for p in sorted(root.rglob("*")) if p.is_file()}


def _records(project: Path) -> dict[str, dict]:
    records = json.loads((project / "site_src" / urls.PAPERS_JSON).read_text(encoding="utf-8"))
    return {r["id"]: r for r in records}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


def test_an_unchanged_rerun_reads_no_input_and_writes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _generate(project, capsys)
    docs = project / "site_src"
    digest, mtimes = tree_digest(docs), _mtimes(docs)

    from generator import read as readers

    def no_reading(*args: object) -> None:
        raise AssertionError("an unchanged rerun parsed the input")

    monkeypatch.setattr(readers, "read_inputs", no_reading)
    again = _generate(project, capsys)
    assert "0 pages written" in again and "0 removed" in again
    # The same figures as the first run: papers, topics, years and the report summary.
    assert again.split(";", 1)[0] == first.split(";", 1)[0]
    assert again.split("\n", 1)[1] == first.split("\n", 1)[1]
    assert tree_digest(docs) == digest and _mtimes(docs) == mtimes


@pytest.mark.parametrize("change", ["deleted", "edited", "input", "site_url", "epoch"])
def test_a_rerun_does_the_work_when_anything_it_depends_on_changed(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    _generate(project, capsys)
    docs = project / "site_src"
    page = sorted((docs / "papers" / "2024").glob("*.md"))[0]
    calls: list[int] = []
    from generator import read as readers

    real = readers.read_inputs
    monkeypatch.setattr(readers, "read_inputs", lambda *a: calls.append(1) or real(*a))
    if change == "deleted":
        page.unlink()
        _generate(project, capsys)
        assert page.is_file()
    elif change == "edited":
        page.write_text(page.read_text(encoding="utf-8") + "my notes\n", encoding="utf-8")
        status = cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml")])
        assert status == 2 and "changed by hand" in capsys.readouterr().err
    elif change == "input":
        corpus = project / "data" / "iclr2024.txt"
        corpus.write_text(corpus.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # same papers
        assert "0 pages written" in _generate(project, capsys)
    elif change == "site_url":
        monkeypatch.setenv("PAPERSITE_SITE_URL", "https://example.org/papers/")
        assert "0 pages written" not in _generate(project, capsys)
    else:
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
        _generate(project, capsys)
        assert "1970-01-02" in (docs / urls.FEED).read_text(encoding="utf-8")
    assert calls == [1]


def _shows(paper: dict, slugs: dict[str, str]) -> set[str]:
    """Return the files that show a paper's own text: its page, its year page, its topics."""
    files = {urls.paper_source(paper["year"], paper["url"].rstrip("/").rsplit("/", 1)[1])}
    files.add(urls.year_source(paper["year"]))
    for topic in paper["topics"]:
        files |= {urls.topic_source(slugs[topic]), urls.topic_json(slugs[topic])}
    return files


def test_one_edited_abstract_rewrites_only_the_pages_that_show_it(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _generate(project, capsys)
    docs = project / "site_src"
    before_digest, before_mtimes, before = tree_digest(docs), _mtimes(docs), _records(project)

    # A word added to the end of one abstract: its title, summary, topics and terms stay,
    # so no other paper's related list can move ("very" is a stop word).
    corpus = project / "data" / "iclr2025.txt"
    text = corpus.read_text(encoding="utf-8")
    paragraphs = text.split("\n\n")
    target = 3
    assert paragraphs[target].endswith(".")
    paragraphs[target] = paragraphs[target][:-1] + " very."
    corpus.write_text("\n\n".join(paragraphs), encoding="utf-8")
    out = _generate(project, capsys)
    after = _records(project)

    # The edited paper keeps its id (the ledger of addresses): only its record changed.
    assert set(after) == set(before)
    (edited_id,) = {i for i in after if after[i] != before[i]}
    edited = after[edited_id]
    assert {k: v for k, v in edited.items() if k != "abstract"} == {
        k: v for k, v in before[edited_id].items() if k != "abstract"
    }
    slugs = {name: urls.slug(name) for r in after.values() for name in r["topics"]}
    # papers.json holds every abstract; the feed shows no abstract, and the paper's entry id is kept.
    expected = _shows(edited, slugs) | {urls.PAPERS_JSON}
    # Its search card holds the abstract; the index's terms are the same ("very" is not one).
    expected.add(search.card_path(sorted(r["url"] for r in after.values()).index(edited["url"])))

    after_digest = tree_digest(docs)
    changed = {rel for rel in after_digest if before_digest.get(rel) != after_digest[rel]}
    changed.discard(writer.MANIFEST)
    # The search index's postings and word lists weigh every term by corpus-wide figures (how
    # many papers have it, the average length), so a new word moves them; the cards do not.
    corpus_wide = {rel for rel in changed if rel.startswith((f"{urls.SEARCH_DIR}/p/", f"{urls.SEARCH_DIR}/w/"))}
    assert changed - corpus_wide == expected
    after_mtimes = _mtimes(docs)
    touched = {rel for rel in after_mtimes if before_mtimes.get(rel) != after_mtimes[rel]} - {writer.MANIFEST}
    assert touched == expected | corpus_wide  # every other file kept its bytes and its mtime
    assert f"{len(expected) + len(corpus_wide)} pages written" in out
