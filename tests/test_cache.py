"""Caches: a rerun reuses enrichment and rendering; any change of input or code misses."""

from __future__ import annotations

import marshal
import shutil
from pathlib import Path

import pytest

from generator import cli
from generator.write import cache

from .conftest import copy_project
from .test_build import tree_digest


def _generate(project: Path, *args: str) -> int:
    return cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml"), *args])


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


def test_a_rerun_hits_the_caches_and_gives_the_same_bytes(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _generate(project) == 0
    first = tree_digest(project / "site_src")
    assert (project / ".papersite-cache" / "enrich.marshal").is_file()

    calls = []
    from generator.enrich import papers as enrich
    from generator.plan import related

    real = enrich.enrich_one
    monkeypatch.setattr(enrich, "enrich_one", lambda *a: calls.append(1) or real(*a))
    monkeypatch.setattr(related, "related_ids", lambda *a, **k: calls.append(2) or {})
    assert _generate(project) == 0
    assert calls == []  # every paper, and the related lists, came from the cache
    assert tree_digest(project / "site_src") == first


def test_caches_kept_by_second_processes_are_hit_by_the_next_run(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # With second processes, a forked child writes the enrichment cache and another hashes
    # the corpus for the related cache: what they kept must be what the next run looks up.
    from generator.enrich import papers as enrich
    from generator.pipeline import run as pipeline
    from generator.plan import related

    monkeypatch.setattr(pipeline, "SECOND_PROCESS_FROM", 2)
    monkeypatch.setattr(pipeline, "PARALLEL_ABOVE", 2)
    assert _generate(project, "-j", "2") == 0
    first = tree_digest(project / "site_src")
    (project / ".papersite-cache" / cache.RUN_STATE).unlink()  # or the rerun stops at once

    calls = []
    real = enrich.enrich_one
    monkeypatch.setattr(enrich, "enrich_one", lambda *a: calls.append(1) or real(*a))
    monkeypatch.setattr(related, "related_ids", lambda *a, **k: calls.append(2) or {})
    assert _generate(project, "-j", "2") == 0
    assert calls == []
    assert tree_digest(project / "site_src") == first


def test_a_first_run_hashes_no_key_or_code_until_it_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # With no cache file, every look-up misses whatever the key: the keys and the code's
    # hash wait for the save (which runs in another process at scale).
    from generator.enrich import papers as enrich
    from generator.enrich.topics import load_taxonomy
    from generator.model import Paper, Source

    papers = [Paper(f"We propose Net{i}, a network for graphs.", "ICLR", 2024, Source(Path("a.txt"), i)) for i in range(3)]
    hashed: list[str] = []
    real_key = cache.EnrichCache.key
    monkeypatch.setattr(cache.EnrichCache, "key", lambda self, paper: hashed.append("key") or real_key(self, paper))
    store = cache.EnrichCache(tmp_path, lambda: hashed.append("config") or "config")
    enriched = enrich.enrich(papers, load_taxonomy(), cache=store)
    assert hashed == []
    store.save()
    assert sorted(hashed) == ["config", "key", "key", "key"]
    again = cache.EnrichCache(tmp_path, lambda: "config")
    assert [again.get(paper) for paper in papers] == enriched


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_enrichment_is_cached_even_when_the_pages_cannot_be_written(
    project: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    from generator.enrich import papers as enrich
    from generator.pipeline import run as pipeline

    monkeypatch.setattr(pipeline, "SECOND_PROCESS_FROM", 2)
    papers_dir = project / "site_src" / "papers"
    papers_dir.mkdir(parents=True)
    (papers_dir / "index.md").write_text("mine\n", encoding="utf-8")  # a user's file where a page goes
    assert _generate(project, "-j", jobs) == 2
    assert (papers_dir / "index.md").read_text(encoding="utf-8") == "mine\n"

    (papers_dir / "index.md").unlink()
    calls = []
    real = enrich.enrich_one
    monkeypatch.setattr(enrich, "enrich_one", lambda *a: calls.append(1) or real(*a))
    assert _generate(project) == 0
    assert calls == []  # what the failed run enriched was kept


def test_a_store_with_nothing_new_or_dropped_has_nothing_to_save(tmp_path: Path) -> None:
    store = cache.Store.load(tmp_path, "s.marshal", lambda: "config")
    assert not store.changed
    store.put("k", 1)
    store.put("a", {"text": "é ∀ \U0001F600", "topics": ("x",)})
    assert store.changed
    (tmp_path / "s.json").write_text("{}", encoding="utf-8")  # an earlier version's file
    store.save()
    saved = marshal.loads((tmp_path / "s.marshal").read_bytes())
    assert saved == {"config": "config", "entries": {"a": {"text": "é ∀ \U0001F600", "topics": ("x",)}, "k": 1}}
    assert list(saved["entries"]) == ["a", "k"]  # in key order: the same entries, the same bytes
    assert not (tmp_path / "s.json").exists()
    again = cache.Store.load(tmp_path, "s.marshal", lambda: "config")
    assert again.get("k") == 1 and again.changed  # "a" is no longer used: it is dropped
    assert again.get("a") and not again.changed  # every entry used, none added
    assert not cache.Store.load(None, "s.marshal", lambda: "config").changed  # no file: never anything to write


def test_an_edited_abstract_misses_only_for_that_paper(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _generate(project) == 0
    corpus = project / "data" / "iclr2025.txt"
    corpus.write_text(corpus.read_text(encoding="utf-8").replace("URLOST", "URLOST-2", 1), encoding="utf-8")
    from generator.enrich import papers as enrich

    real = enrich.enrich_one
    seen: list[str] = []
    monkeypatch.setattr(enrich, "enrich_one", lambda paper, *a: seen.append(paper.abstract[:40]) or real(paper, *a))
    assert _generate(project) == 0
    assert len(seen) == 1 and "Unsupervised representation learning" in seen[0]


def test_the_enrichment_key_covers_the_taxonomy_and_all_enriching_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cache.enrichment_fingerprint(b"a") != cache.enrichment_fingerprint(b"b")
    package = tmp_path / "generator"
    shutil.copytree(cache.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "PACKAGE", package)
    first = cache.enrichment_fingerprint(b"a")
    # A module that enrichment reaches only through another one still counts.
    with (package / "enrich" / "titles" / "names.py").open("a", encoding="utf-8") as module:
        module.write("# a new title rule\n")
    second = cache.enrichment_fingerprint(b"a")
    assert second != first
    # So does the __init__.py of a package on the way, which Python runs on import.
    with (package / "enrich" / "tex" / "__init__.py").open("a", encoding="utf-8") as module:
        module.write("# a new export\n")
    assert cache.enrichment_fingerprint(b"a") != second
    second = cache.enrichment_fingerprint(b"a")
    # So does the code that reads the taxonomy file, which enrichment does not import.
    with (package / "enrich" / "topics" / "load.py").open("a", encoding="utf-8") as module:
        module.write("# a new taxonomy field\n")
    third = cache.enrichment_fingerprint(b"a")
    assert third != second
    # Code that only renders or writes pages leaves enrichment's cache valid.
    with (package / "render" / "markdown.py").open("a", encoding="utf-8") as module:
        module.write("# a new filter\n")
    assert cache.enrichment_fingerprint(b"a") == third


def test_no_cache_leaves_no_cache_folder(project: Path) -> None:
    assert _generate(project, "--no-cache") == 0
    assert not (project / ".papersite-cache").exists()


def test_no_cache_hashes_no_key(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object) -> str:
        raise AssertionError("a key was hashed for a cache that keeps nothing")

    monkeypatch.setattr(cache.EnrichCache, "key", refuse)
    monkeypatch.setattr(cache.RelatedCache, "key", refuse)
    monkeypatch.setattr(cache, "enrichment_fingerprint", refuse)
    assert _generate(project, "--no-cache") == 0


def test_a_corrupt_cache_is_ignored(project: Path) -> None:
    assert _generate(project) == 0
    first = tree_digest(project / "site_src")
    (project / ".papersite-cache" / "enrich.marshal").write_bytes(b"{not marshal")
    assert _generate(project) == 0
    assert tree_digest(project / "site_src") == first


def test_a_corrupt_cache_is_no_warning(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # papersite rebuilds the cache itself: nothing for the user to act on.
    assert _generate(project) == 0
    (project / ".papersite-cache" / "enrich.marshal").write_bytes(b"{not marshal")
    assert cli.main(["report", "-f", str(project / "mkdocs.yml")]) == 0  # report reads the cache every time
    err = capsys.readouterr().err
    assert "INFO    -  ignoring an unreadable cache (this run rebuilds it)" in err and "WARNING" not in err


def test_related_lists_are_saved_on_a_first_run_and_found_for_the_same_corpus_only(tmp_path: Path) -> None:
    from dataclasses import replace

    from generator.model import Paper, Source

    papers = [
        Paper(f"abstract {i}", "ICLR", 2024, Source(Path("a.txt"), i), id=f"{i:012d}", title=f"T{i}", text=f"text {i}")
        for i in range(3)
    ]
    lists = {p.id: tuple(q.id for q in papers if q is not p) for p in papers}
    first = cache.RelatedCache(tmp_path, papers)
    assert first.get() is None  # nothing cached yet: a miss without hashing the corpus
    first.put(lists)
    assert (tmp_path / "related.marshal").is_file()
    assert cache.RelatedCache(tmp_path, list(reversed(papers))).get() == lists
    edited = [replace(papers[0], text="another text"), *papers[1:]]
    assert cache.RelatedCache(tmp_path, edited).get() is None
    # The same characters, parted differently between title and text: another corpus.
    shifted = [replace(papers[0], title="T0t", text="ext 0"), *papers[1:]]
    assert cache.RelatedCache(tmp_path, shifted).get() is None


def test_a_rerun_of_one_paper_says_it_came_from_the_cache(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = tmp_path / "colm2024.txt"
    corpus.write_text("COLM 2024 Papers\n\nWe propose FooNet, a network that learns foo from bar.\n", encoding="utf-8")
    report = ["report", "-f", str(project / "mkdocs.yml"), str(corpus)]
    assert cli.main(report) == 0
    assert cli.main(report) == 0  # report runs every stage again: enrichment comes from the cache
    assert "enriched 1 paper, 1 from the cache" in capsys.readouterr().err
