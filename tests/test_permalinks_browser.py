"""Addresses that last, end to end: a corpus rebuilt after many changes, its old links followed in chromium.

The corpus is built, then rebuilt after 20 papers get their real titles, 20 abstracts get small
edits, 10 papers are removed, two pages are renamed in the ledger by hand, and every inferred
title changes (a stand-in title function). Every address of the first build is then opened in
chromium, hosted under a sub-path and from the offline bundle.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import bibtexparser
import feedparser
import pytest
from playwright.sync_api import Browser

from generator import cli
from generator.enrich import titles
from generator.enrich.papers import paper_id
from generator.read import read_inputs

from .browser import serve
from .conftest import FIXTURES, copy_project

pytestmark = pytest.mark.browser

RECORDS = [json.loads(line) for line in (FIXTURES / "permalinks" / "iclr2024.jsonl").read_text(encoding="utf-8").splitlines()]
TITLED = range(0, 20)
EDITED = range(20, 40)
REMOVED = range(40, 50)
RENAMED = range(50, 52)  # by hand, in the ledger
SITE_URL = "https://example.org/repo/"


def _write(corpus: Path, rows: list[dict]) -> None:
    corpus.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")


def _edit(abstract: str) -> str:
    words = abstract.split()
    words[len(words) // 3] = words[len(words) // 3].upper()  # a small edit, as a user's correction
    return " ".join(words).replace(" the ", " teh ", 1)


@dataclass(frozen=True)
class Build:
    """What one build published: each paper's record, BibTeX key and feed id, by paper id; the ledger's lines."""

    records: dict[str, dict]
    keys: dict[str, str]
    feed_ids: dict[str, str]
    ledger: dict[str, str]


def _published(project: Path) -> Build:
    docs = project / "site_src"
    records = {r["id"]: r for r in json.loads((docs / "papers.json").read_text(encoding="utf-8"))}
    by_url = {SITE_URL + r["url"]: i for i, r in records.items()}
    bib = bibtexparser.loads((docs / "papers.bib").read_text(encoding="utf-8"))
    keys = {by_url[entry["url"]]: entry["ID"] for entry in bib.entries}
    feed = feedparser.parse((docs / "feed.xml").read_bytes())
    feed_ids = {by_url[entry.link]: entry.id for entry in feed.entries}
    lines = (project / "permalinks.json").read_text(encoding="utf-8").splitlines()
    ledger = {json.loads(line.rstrip(","))["id"]: line for line in lines if line.startswith('{"address"')}
    return Build(records, keys, feed_ids, ledger)


@dataclass(frozen=True)
class Rebuilt:
    project: Path
    first: Build
    second: Build
    ids: list[str]  #: the paper id of each record (by the first build)
    renamed: dict[str, str]  #: new address by paper id


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rebuilt]:
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setenv("PAPERSITE_SITE_URL", SITE_URL)
    project = copy_project(tmp_path_factory.mktemp("permalinks") / "project")
    config = str(project / "mkdocs.yml")
    corpus = project / "iclr2024.jsonl"
    _write(corpus, [{"abstract": r["abstract"]} for r in RECORDS])
    assert cli.main(["generate", "-q", "--no-cache", "-f", config, str(corpus)]) == 0
    first = _published(project)
    # A first build gives each paper the id of its abstract as read (mended, normalised).
    ids = [paper_id(paper) for paper in read_inputs([corpus])]
    assert sorted(ids) == sorted(first.records)

    # Two pages renamed by hand in the ledger.
    ledger = project / "permalinks.json"
    text = ledger.read_text(encoding="utf-8")
    renamed = {}
    for n, i in enumerate(RENAMED):
        old = first.records[ids[i]]["url"]
        new = f"papers/2024/renamed-by-hand-{n}/"
        text = text.replace(f'"address": "{old}"', f'"address": "{new}"')
        renamed[ids[i]] = new
    ledger.write_text(text, encoding="utf-8")

    rows = []
    for i, record in enumerate(RECORDS):
        if i in TITLED:
            rows.append({"title": record["title"], "abstract": record["abstract"]})
        elif i in EDITED:
            rows.append({"abstract": _edit(record["abstract"])})
        elif i not in REMOVED:
            rows.append({"abstract": record["abstract"]})
    _write(corpus, rows)
    infer = titles.infer_title
    monkeypatch.setattr(titles, "infer_title", lambda text, shared=frozenset(): "Revised: " + infer(text, shared))
    assert cli.main(["generate", "-q", "--no-cache", "-f", config, str(corpus)]) == 0
    monkeypatch.undo()
    yield Rebuilt(project, first, _published(project), ids, renamed)


def _kept(rebuilt: Rebuilt) -> list[str]:
    return [i for n, i in enumerate(rebuilt.ids) if n not in REMOVED]


def test_every_kept_paper_keeps_its_id_key_and_feed_id(rebuilt: Rebuilt) -> None:
    second = rebuilt.second
    for kept_id in _kept(rebuilt):
        assert kept_id in second.records
        assert second.keys[kept_id] == rebuilt.first.keys[kept_id]
        assert second.feed_ids[kept_id] == rebuilt.first.feed_ids[kept_id]
    # Every inferred title changed, and the given ones are the papers' own.
    for n, kept_id in enumerate(rebuilt.ids):
        if n in TITLED:
            assert second.records[kept_id]["title"] == RECORDS[n]["title"]
        elif n not in REMOVED:
            assert second.records[kept_id]["title"].startswith("Revised: ")
            assert second.records[kept_id]["title"] != rebuilt.first.records[kept_id]["title"]


def test_the_ledger_diff_holds_only_the_changed_entries(rebuilt: Rebuilt) -> None:
    first, second = rebuilt.first.ledger, rebuilt.second.ledger
    assert first.keys() == second.keys()  # no entry is ever dropped
    changed = {paper_id for paper_id in first if first[paper_id] != second[paper_id]}
    expected = {rebuilt.ids[n] for n in [*TITLED, *EDITED, *REMOVED, *RENAMED]}
    assert changed == expected


def test_the_report_says_what_happened(rebuilt: Rebuilt, capsys: pytest.CaptureFixture[str]) -> None:
    config = str(rebuilt.project / "mkdocs.yml")
    corpus = rebuilt.project / "iclr2024.jsonl"
    assert cli.main(["report", "-f", config, str(corpus)]) == 0
    out = capsys.readouterr().out
    assert "redirects added (2 in all)" in out and "pages retired (10 in all)" in out


@pytest.fixture(scope="module", params=["hosted", "offline"])
def site(request: pytest.FixtureRequest, rebuilt: Rebuilt) -> Iterator[tuple[str, Callable[[str], str]]]:
    config = str(rebuilt.project / "mkdocs.yml")
    corpus = str(rebuilt.project / "iclr2024.jsonl")
    work = rebuilt.project.parent
    if request.param == "hosted":
        www = work / "www"
        assert cli.main(["build", "-q", "-f", config, "-d", str(www / "repo"), corpus]) == 0
        with serve(www) as base:
            yield request.param, lambda address: f"{base}/repo/{address}"
    else:
        bundle = work / "bundle.zip"
        assert cli.main(["bundle", "-q", "-f", config, "-o", str(bundle), corpus]) == 0
        with zipfile.ZipFile(bundle) as archive:
            archive.extractall(work / "unzipped")
        root = work / "unzipped" / "bundle"
        yield request.param, lambda address: (root / (address.rstrip("/") + ".html")).as_uri()


def test_every_old_address_leads_to_its_paper_or_says_it_left(browser: Browser, rebuilt: Rebuilt, site) -> None:
    name, url_of = site
    # The site's builds infer titles with the real function again: the pages show what it gives.
    papers = json.loads((rebuilt.project / "site_src" / "papers.json").read_text(encoding="utf-8"))
    published = {r["id"]: r for r in papers}
    context = browser.new_context()
    page = context.new_page()
    try:
        for n, paper_id in enumerate(rebuilt.ids):
            old = rebuilt.first.records[paper_id]["url"]
            page.goto(url_of(old))
            if n in REMOVED:
                assert page.locator("h1").inner_text() == rebuilt.first.records[paper_id]["title"]
                notice = page.locator("article .admonition.note")
                assert notice.locator(".admonition-title").inner_text() == "No longer on this site"
                assert page.locator('meta[name="robots"]').get_attribute("content") == "noindex"
                assert page.locator("article a", has_text="ICLR 2024").count() == 1  # its year's page
                continue
            if paper_id in rebuilt.renamed:
                page.wait_for_url(url_of(rebuilt.renamed[paper_id]))
            else:
                assert page.url == url_of(old)
            title = published[paper_id]["title"]
            assert page.locator("h1").first.inner_text() == title, (name, old)
    finally:
        context.close()
