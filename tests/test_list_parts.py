"""All papers in pages, and its rows in parts for the filter (issue 34): what the generator writes.

A corpus of a few thousand made-up papers over ten years, with pages of ``PAGE`` rows and
parts of ``PART`` rows: without scripts the pages reach every paper; the parts hold every
row of the whole list, in its order, as the pages' form describes them; no page grows with
the corpus.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from generator import urls
from generator.model import Paper, Source
from generator.plan import listings
from generator.plan.permalinks import ledger
from generator.render import lists
from generator.render import markdown as render

PAGE = 100
PART = 70
YEARS = list(range(2016, 2026))
TOPICS = ("Graphs", "Agents", "Vision & language", "Optimization")


def corpus(count: int) -> list[Paper]:
    """Return ``count`` made-up papers, spread over ten years and four topics, some with code."""
    return [
        Paper(
            f"abstract {i}", "ICLR", YEARS[i % len(YEARS)], Source(Path("t.txt"), i),
            title=f"A [paper] *about* things, number {i:05d}", id=f"id{i:05d}", slug=f"paper-{i:05d}",
            text=f"Text {i}", summary=f"What paper {i} found, in one sentence of about this length.",
            topics=TOPICS[i % 4 : i % 4 + 1 + i % 2], github=("https://github.com/a/b",) if i % 3 == 0 else (),
        )  # fmt: skip
        for i in range(count)
    ]


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listings, "PAGE_ROWS", PAGE)
    monkeypatch.setattr(listings, "LIST_PART_ROWS", PART)


def all_papers(papers: list[Paper]) -> dict[str, str]:
    """Return the Markdown of every page of All papers, by source."""
    topics = [(name, urls.slug(name)) for name in listings.filter_topics(papers)]
    specs = listings.all_papers_pages(papers, topics, sorted({p.year for p in papers}, reverse=True))
    return {source: text.decode() for source, text in render.render_pages(specs).items()}


def links(page: str, markdown: str) -> list[str]:
    """Return the sources a page's Markdown links, resolved from the page's own folder."""
    folder = page.rsplit("/", 1)[0].split("/")
    found = []
    for target in re.findall(r"\]\(([^)]+\.md)\)", markdown):
        parts = list(folder)
        for part in target.split("/"):
            if part == "..":
                parts.pop()
            else:
                parts.append(part)
        found.append("/".join(parts))
    return found


def test_the_pages_of_all_papers_reach_every_paper_once_in_list_order(small: None) -> None:
    papers = corpus(2_500)
    pages = all_papers(papers)
    sources = [urls.all_papers_source(n) for n in range(1, len(pages) + 1)]
    assert sorted(pages) == sorted(sources) and len(pages) == 25
    rows = []
    for source in sources:
        papers_linked = [s for s in links(source, pages[source]) if not s.startswith(f"{urls.PAPERS_DIR}/page/") and s != urls.ALL_PAPERS]
        assert len(papers_linked) <= PAGE
        rows += papers_linked
        # The pager links every other page: from any page, every paper is two clicks away.
        pager = pages[source][pages[source].index('<nav class="ps-pager"') :]
        assert set(links(source, pager)) == set(sources) - {source}
    assert rows == [urls.paper_page(p) for p in listings.all_papers_order(papers)]
    # A page's address can never be a paper's: those are papers/<year>/<slug>/.
    for source in sources:
        assert not ledger._ADDRESS.fullmatch(urls.url_of(source))
        assert source not in {urls.paper_page(p) for p in papers}


def test_no_list_page_grows_with_the_corpus(small: None) -> None:
    def largest(count: int) -> dict[str, int]:
        papers = corpus(count)
        by_topic = {name: [p for p in papers if name in p.topics] for name in TOPICS}
        kinds = {
            "all papers": all_papers(papers).values(),
            "topic": [render.Renderer().page(s).decode() for name, ps in by_topic.items() for s in listings.topic_pages(name, urls.slug(name), "", ps, YEARS)],
            "year": [render.Renderer().page(s).decode() for y in YEARS for s in listings.year_pages(y, [p for p in papers if p.year == y])],
        }  # fmt: skip
        return {kind: max(len(text.encode()) for text in texts) for kind, texts in kinds.items()}

    small_corpus, large_corpus = largest(2_000), largest(6_000)
    for kind in small_corpus:
        # Three times the papers: a page's rows are the same number; only its pager grows, by a link a page.
        assert large_corpus[kind] < small_corpus[kind] * 1.15, kind
        assert large_corpus[kind] < PAGE * 1_000, kind


def parts_of(files: dict[str, bytes]) -> list[list[list]]:
    """Return the rows of each part, in order (a part is ``__psList(n,[...]);``)."""
    found = []
    for n in range(len(files)):
        text = files[urls.list_part(n)].decode()
        assert text.startswith(f"__psList({n},") and text.endswith(");\n")
        found.append(json.loads(text[len(f"__psList({n},") : -3]))
    return found


def test_the_parts_hold_every_row_of_the_list_in_its_order(small: None) -> None:
    papers = corpus(2_500)
    topics = listings.filter_topics(papers)
    files = lists.list_files(papers, topics)
    assert sorted(files) == sorted(urls.list_part(n) for n in range(-(-2_500 // PART)))
    parts = parts_of(files)
    assert all(len(part) == PART for part in parts[:-1]) and 0 < len(parts[-1]) <= PART
    rows = [row for part in parts for row in part]
    ordered = listings.all_papers_order(papers)
    assert [row[1] for row in rows] == [urls.url_of(urls.paper_page(p)) for p in ordered]
    for row, paper in zip(rows, ordered):
        assert row[0] == paper.title and row[2] == paper.year and row[5] == paper.summary
        assert [topics[i] for i in row[3]] == list(paper.topics)
        assert row[4] == (1 if paper.github else 0)
    # The page's form says how the list is cut: part size, and each part's newest and oldest year.
    form = re.search(r"<form [^>]*data-ps-filter[^>]*>", all_papers(papers)[urls.ALL_PAPERS]).group(0)
    assert f'data-ps-part-rows="{PART}"' in form and 'data-ps-total="2500"' in form
    spans = json.loads(re.search(r'data-ps-parts="([^"]*)"', form).group(1))
    assert spans == [[part[0][2], part[-1][2]] for part in parts]
    # The topic menu lists the topics in the order the rows number them.
    menu = re.findall(r'<option value="([^"]+)">', all_papers(papers)[urls.ALL_PAPERS])
    assert menu[: len(topics)] == [urls.slug(name) for name in topics]


def test_every_page_says_where_its_first_row_is_in_the_whole_list(small: None) -> None:
    pages = all_papers(corpus(350))
    firsts = [re.search(r'data-ps-first="(\d+)"', pages[urls.all_papers_source(n)]).group(1) for n in range(1, 5)]
    assert firsts == ["0", "100", "200", "300"]


def test_the_parts_are_the_same_bytes_whatever_the_input_order(small: None) -> None:
    papers = corpus(500)
    shuffled = random.Random(3).sample(papers, len(papers))
    assert lists.list_files(papers, listings.filter_topics(papers)) == lists.list_files(shuffled, listings.filter_topics(shuffled))
    assert all_papers(papers) == all_papers(shuffled)


