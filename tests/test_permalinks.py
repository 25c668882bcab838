"""The ledger of addresses: a paper keeps its address, key and feed id for ever (generator.plan.permalinks)."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from generator import cli
from generator.enrich.papers import paper_id, title_slug
from generator.model import Paper, Source
from generator.errors import InputError
from generator.plan.permalinks import NEAR_COPY, Ledger, Previous, check_retirement, place
from generator.plan.permalinks.ledger import source_of
from generator.plan.permalinks import ledger as ledgers
from generator.plan.permalinks.sketch import sketch, similarity

from .conftest import FIXTURES, ROOT, copy_project

CORPUS = FIXTURES / "permalinks" / "iclr2024.jsonl"
RECORDS = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]


def _paper(abstract: str, title: str = "", *, given: bool = False, year: int = 2024, url: str = "") -> Paper:
    paper = Paper(abstract, "ICLR", year, Source(Path("papers.jsonl"), 1), url=url)
    title = title or " ".join(abstract.split()[:6])
    paper = replace(paper, title=title, title_source="given" if given else "inferred")
    return replace(paper, id=paper_id(paper), slug=title_slug(title))


def _typo(abstract: str) -> str:
    """The abstract with one word misspelt and a number corrected, as a user's small edit."""
    words = abstract.split()
    middle = len(words) // 2
    words[middle] = words[middle][::-1]
    return " ".join(words) + " (v2)"


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=\.)\s+", text)


# --- the near-copy rule, both sides ---


def test_a_typo_fix_is_a_near_copy_of_the_abstract() -> None:
    for record in RECORDS:
        abstract = record["abstract"]
        assert similarity(sketch(abstract), sketch(_typo(abstract))) >= NEAR_COPY, abstract[:60]


def test_another_paper_with_the_same_opening_is_not_a_near_copy() -> None:
    for first, second in zip(RECORDS, RECORDS[1:]):
        ours, theirs = _sentences(first["abstract"]), _sentences(second["abstract"])
        # Two sentences in common, the rest another paper's.
        other = " ".join(ours[:2] + theirs[2:])
        assert similarity(sketch(first["abstract"]), sketch(other)) < NEAR_COPY, first["abstract"][:60]


def test_a_typo_fix_keeps_the_address_and_a_similar_opening_does_not_take_it() -> None:
    a, b = RECORDS[0]["abstract"], RECORDS[1]["abstract"]
    first = place([_paper(a), _paper(b)], Ledger())
    entry = {e.content: e for e in first.entries}[paper_id(_paper(a))]

    edited = _paper(_typo(a), "A better title")
    impostor_text = " ".join(_sentences(a)[:2] + _sentences(b)[2:])
    impostor = _paper(impostor_text, "Another paper")
    second = place([edited, impostor, _paper(b)], Ledger(first.entries))
    by_abstract = {p.abstract: p for p in second.papers}
    kept = by_abstract[edited.abstract]
    assert (kept.id, kept.slug, kept.cite_key, kept.feed_id) == (entry.id, entry.slug, entry.bibtex, entry.feed_id)
    assert kept.title == "A better title"  # the page shows the new title at the old address
    newcomer = by_abstract[impostor_text]
    assert newcomer.id != entry.id and newcomer.slug != entry.slug
    assert second.edited == 1 and second.new == 1 and second.retired_added == 0


# --- placing papers ---


def _ledger(papers: list[Paper]) -> Ledger:
    return Ledger(place(papers, Ledger()).entries, Path("permalinks.json"))


def test_a_new_title_changes_the_title_and_not_the_address() -> None:
    papers = [_paper(r["abstract"]) for r in RECORDS[:5]]
    ledger = _ledger(papers)
    retitled = [replace(p, title=r["title"], title_source="given", slug=title_slug(r["title"])) for p, r in zip(papers, RECORDS)]
    placed = place(retitled, ledger)
    before = {e.content: e for e in ledger.entries}
    for paper in placed.papers:
        entry = before[paper_id(paper)]
        assert (paper.slug, paper.cite_key, paper.feed_id) == (entry.slug, entry.bibtex, entry.feed_id)
    assert placed.retitled == 5
    # The ledger keeps the given title (for the retired page, should the paper leave), not the address.
    assert {e.title for e in placed.entries} == {r["title"] for r in RECORDS[:5]}
    assert {e.address for e in placed.entries} == {e.address for e in ledger.entries}


def test_a_removed_paper_is_retired_and_gets_its_address_back_when_it_returns() -> None:
    papers = [_paper(r["abstract"]) for r in RECORDS[:4]]
    ledger = _ledger(papers)
    gone = place(papers[1:], ledger, Previous(topics={ledger.entries[0].id: ("Optimization",)}))
    retired = [e for e in gone.entries if e.retired]
    assert len(retired) == 1 and gone.retired_added == 1
    back = place(papers, Ledger(gone.entries, ledger.path))
    assert not any(e.retired for e in back.entries)
    assert sorted(p.slug for p in back.papers) == sorted(e.slug for e in ledger.entries)


def test_a_new_paper_never_takes_an_address_or_key_the_ledger_gave() -> None:
    original = _paper(RECORDS[0]["abstract"], "Deep Learning for Graphs")
    ledger = _ledger([original, _paper(RECORDS[1]["abstract"])])
    # The first paper leaves; another wants its title, so its address and key.
    newcomer = _paper(RECORDS[2]["abstract"], "Deep Learning for Graphs")
    placed = place([newcomer, _paper(RECORDS[1]["abstract"])], ledger)
    old = next(e for e in placed.entries if e.retired)
    fresh = next(p for p in placed.papers if p.abstract == newcomer.abstract)
    assert fresh.slug != old.slug and fresh.slug.startswith(old.slug)
    assert fresh.cite_key != old.bibtex


def test_a_corrected_year_moves_the_page_and_the_old_address_redirects() -> None:
    paper = _paper(RECORDS[0]["abstract"], year=2023)
    ledger = _ledger([paper, _paper(RECORDS[1]["abstract"])])
    moved = _paper(RECORDS[0]["abstract"], year=2024)  # another content id: found as a near copy
    placed = place([moved, _paper(RECORDS[1]["abstract"])], ledger)
    old = next(e for e in ledger.entries if e.year == 2023)
    assert placed.redirects == {old.source: old.source.replace("/2023/", "/2024/")}
    assert placed.redirects_added == 1


def test_an_address_renamed_by_hand_in_the_file_redirects_on_any_machine(tmp_path: Path) -> None:
    """A fresh clone (the Pages workflow) has no previous build: the ledger alone tells the rename."""
    papers = [_paper(r["abstract"]) for r in RECORDS[:2]]
    path = tmp_path / "permalinks.json"
    ledgers.save(Ledger((), path), place(papers, Ledger()).entries)
    old = ledgers.load(path).entries[0].address
    path.write_text(path.read_text(encoding="utf-8").replace(f'"address": "{old}"', '"address": "papers/2024/a-shorter-name/"'), encoding="utf-8")
    placed = place(papers, ledgers.load(path))  # no previous output
    assert placed.redirects == {source_of(old): "papers/2024/a-shorter-name.md"}
    assert placed.redirects_added == 1
    # Written back, the entry has the new address as its published one: the next build adds nothing.
    again = place(papers, Ledger(placed.entries, path))
    assert again.redirects == placed.redirects and again.redirects_added == 0


def test_a_rename_in_a_ledger_without_published_addresses_is_found_from_the_last_build() -> None:
    papers = [_paper(r["abstract"]) for r in RECORDS[:2]]
    ledger = _ledger(papers)
    entry = ledger.entries[0]
    renamed = replace(entry, address="papers/2024/a-shorter-name/", published="")  # as 0c181f3 wrote them
    placed = place(papers, Ledger((renamed, *ledger.entries[1:]), ledger.path), Previous(addresses={entry.id: entry.address}))
    assert placed.redirects == {entry.source: "papers/2024/a-shorter-name.md"}


def test_an_input_with_none_of_the_ledger_papers_stops_unless_asked_and_loses_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    papers = [_paper(r["abstract"]) for r in RECORDS[:3]]
    ledger = _ledger(papers)
    wrong = place([_paper(r["abstract"]) for r in RECORDS[3:6]], ledger)
    with pytest.raises(InputError, match="would retire 3 of the 3 pages") as stopped:
        check_retirement(ledger, wrong)
    assert stopped.value.path == ledger.path
    check_retirement(ledger, wrong, allowed=True)
    assert "3 papers left the input: their pages are retired" in caplog.text
    right = place(papers, Ledger(wrong.entries, ledger.path))
    # Back with the right input: every paper at its address, the others' retired pages kept.
    assert {p.slug for p in right.papers} == {e.slug for e in ledger.entries}
    assert len(right.retired) == 3


def test_placing_does_not_depend_on_input_order() -> None:
    papers = [_paper(r["abstract"], "Same Title") for r in RECORDS[:6]]
    forward = place(papers, Ledger())
    backward = place(list(reversed(papers)), Ledger())
    assert ledgers.dumps(forward.entries) == ledgers.dumps(backward.entries)


# --- the file ---


def test_the_ledger_reads_back_what_it_wrote(tmp_path: Path) -> None:
    placed = place([_paper(r["abstract"]) for r in RECORDS[:5]], Ledger())
    path = tmp_path / "permalinks.json"
    assert ledgers.save(Ledger((), path), placed.entries)
    assert ledgers.load(path).entries == placed.entries
    assert not ledgers.save(ledgers.load(path), placed.entries)  # the same: not written again
    lines = path.read_text(encoding="utf-8").splitlines()
    entry_lines = [line for line in lines if line.startswith('{"address"')]
    assert len(entry_lines) == 5 and entry_lines == sorted(entry_lines)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda text: text.replace('"papers": [', '"papers": [,', 1), "not valid JSON"),
        (lambda text: text.replace('"bibtex": "', '"bibtex": 3, "x": "', 1), "'bibtex' is missing or not a string"),
        (lambda text: text.replace('"address": "papers/2024/', '"address": "papers/2023/', 1), "not in the folder of its year"),
        (lambda text: text.replace('"address": "papers/2024/', '"address": "Papers 2024/', 1), "is not a paper address"),
        (lambda text: re.sub(r'"address": "[^"]+"', '"address": "papers/2024/same/"', text, count=2), "is also the address of line 4"),
    ],
)
def test_a_broken_ledger_stops_the_build_naming_the_file_and_line(
    project: Path, edit, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    config = str(project / "mkdocs.yml")
    assert cli.main(["generate", "-q", "-f", config, str(CORPUS)]) == 0
    ledger = project / "permalinks.json"
    before = ledger.read_text(encoding="utf-8")
    broken = edit(before)
    ledger.write_text(broken, encoding="utf-8")
    pages = sorted((project / "site_src" / "papers").rglob("*.md"))
    assert cli.main(["generate", "-q", "-f", config, str(CORPUS)]) == 2
    error = capsys.readouterr().err
    assert f"{ledger}:" in error and message in error
    assert re.search(rf"{re.escape(str(ledger))}:\d+:", error), error
    assert ledger.read_text(encoding="utf-8") == broken  # nothing rewritten
    assert sorted((project / "site_src" / "papers").rglob("*.md")) == pages


def test_the_committed_ledger_is_what_a_build_of_the_bundled_corpus_leaves(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parent.parent
    project = copy_project(tmp_path / "project")
    committed = (root / "permalinks.json").read_text(encoding="utf-8")
    (project / "permalinks.json").write_text(committed, encoding="utf-8")
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml")]) == 0
    assert (project / "permalinks.json").read_text(encoding="utf-8") == committed


def test_the_first_build_writes_the_ledger_and_a_changed_build_says_what_it_did(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = str(project / "mkdocs.yml")
    corpus = project / "iclr2024.jsonl"
    corpus.write_text("".join(json.dumps({"abstract": r["abstract"]}) + "\n" for r in RECORDS[:12]), encoding="utf-8")
    assert cli.main(["generate", "-q", "-f", config, str(corpus)]) == 0
    assert len(ledgers.load(project / "permalinks.json").entries) == 12
    capsys.readouterr()
    # Two papers get their titles, one leaves.
    rows = [{"abstract": r["abstract"], **({"title": r["title"]} if i < 2 else {})} for i, r in enumerate(RECORDS[:11])]
    corpus.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    assert cli.main(["generate", "-q", "-f", config, str(corpus)]) == 0
    out = capsys.readouterr().out
    assert "2 addresses kept under a new title, 0 redirects added, 1 page retired" in out
    assert cli.main(["report", "-f", config, str(corpus)]) == 0
    assert "Addresses: 11 papers kept theirs (0 under a new title" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("directory_urls", "old", "href"),
    [(True, "papers/2024/old/index.html", "../new/"), (False, "papers/2024/old.html", "new.html")],
    ids=["hosted", "offline-bundle"],
)
def test_papersite_writes_a_page_at_each_old_address_leading_to_the_new_one(
    tmp_path: Path, directory_urls: bool, old: str, href: str
) -> None:
    from generator import urls
    from generator.engine import finish

    docs, site = tmp_path / "docs", tmp_path / "site"
    (docs / urls.REDIRECTS).parent.mkdir(parents=True)
    (docs / urls.REDIRECTS).write_text('{"papers/2024/old.md": "papers/2024/new.md"}', encoding="utf-8")
    finish.redirects(site, docs, directory_urls)
    page = (site / old).read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{href}">' in page
    assert f'content="0; url={href}"' in page
    assert f'location.replace("{href}" + location.hash)' in page  # a link's #fragment is kept
    assert '<meta name="robots" content="noindex">' in page


def test_the_bundled_ledger_records_the_titles_a_build_gives_the_bundled_papers(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new user's first build of the clone says nothing of addresses: the committed ledger is up to date."""
    shutil.copy2(ROOT / "permalinks.json", project / "permalinks.json")
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml")]) == 0
    out = capsys.readouterr().out
    assert "35 papers" in out and "under a new title" not in out
