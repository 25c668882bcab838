"""Plan the list pages: All papers, and every paper of a topic or year, its abstract folded, in pages.

A page lists at most ``PAGE_ROWS`` papers, so no page grows with the corpus: at 10,000 papers
a year in one page would be about 9 MB of Markdown, slow to build and heavy to open. The first
page keeps the plain path (``topics/<slug>.md``, linked from everywhere); the others go beside
it, in a folder of the same name (``topics/<slug>/2.md``). Every page shows the same header
and a pager; rows keep the order one long page would have, and a group cut by a page break
carries its heading on into the next page.

All papers is paged the same way (``papers/index.md``, then ``papers/page/2.md``): its filter
looks through every paper, not just a page's, by loading the rows of the whole list in parts
(``render.lists``) as the reader filters or scrolls. Its form says how the parts are cut.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from .. import urls
from ..model import Paper
from . import trends
from .spec import PageSpec, html_text

#: Papers per topic or year page (a row with its folded abstract is about 2 KB of Markdown).
PAGE_ROWS = 250

#: Papers in each part of All papers' rows (render.lists): about 300 KB of script, what a
#: reader's scroll past a page or one step of a filter loads.
LIST_PART_ROWS = 1000

#: Front matter of listing pages: search finds the papers on their own pages.
INDEX_PAGE = {"search": {"exclude": True}}


def sort_key(paper: Paper) -> tuple[str, str]:
    """Return the order of papers in a list: by title, then id."""
    return (paper.title.casefold(), paper.id)


@dataclass(frozen=True)
class Row:
    """A paper in a list: the paper, the link to its page, and what that list adds.

    An object, not a dict: templates read its fields as attributes, which Jinja2 looks up
    directly (on a dict it first tries an attribute and fails: tens of thousands of rows).
    """

    paper: Paper
    link: str
    shared: tuple[str, ...] = ()  #: related papers: the topics the two papers share
    topic_slugs: tuple[str, ...] = ()  #: All papers: the topics the filter matches


def all_papers_order(papers: Sequence[Paper]) -> list[Paper]:
    """Return the papers in the order of All papers: newest year first, then by title."""
    return sorted(papers, key=lambda p: (-p.year, *sort_key(p)))


def filter_topics(papers: Sequence[Paper]) -> list[str]:
    """Return the topics the papers have, by name: the topic filter's list, and the order topic lists show."""
    return sorted({name for paper in papers for name in paper.topics}, key=lambda name: (name.casefold(), name))


def part_years(ordered: Sequence[Paper]) -> list[list[int]]:
    """Return the newest and oldest year of each part of All papers' rows (a year filter skips the others)."""
    parts = [ordered[i : i + LIST_PART_ROWS] for i in range(0, len(ordered), LIST_PART_ROWS)]
    return [[part[0].year, part[-1].year] for part in parts]


def all_papers_pages(
    papers: Sequence[Paper], topics: Sequence[tuple[str, str]], years: list[int]
) -> list[PageSpec]:
    """Return the pages of All papers; ``topics`` are the (name, slug) pairs of the topic filter, in its order."""
    slugs = dict(topics)
    ordered = all_papers_order(papers)
    parts = part_years(ordered)
    front = {
        "title": "All papers",
        "description": "Every paper, filterable by words, topic, year and code.",
        "hide": ["toc"],
        **INDEX_PAGE,
    }
    specs = []
    for page in _paginate([(None, p) for p in ordered], urls.all_papers_source):
        rows = [
            Row(r.paper, r.link, topic_slugs=tuple(slugs[name] for name in r.paper.topics))
            for _, group in page.groups for r in group
        ]  # fmt: skip
        number = int(page.pager["number"]) if page.pager else 1
        context = {
            "page_title": _titled("All papers", page),
            "rows": rows,
            "count": len(ordered),
            "first": (number - 1) * PAGE_ROWS,  # the first row's place in the whole list
            "parts": parts,
            "part_rows": LIST_PART_ROWS,
            "topics": [{"name": name, "slug": slug} for name, slug in topics],
            "years": years,
            "pager": page.pager,
        }
        front = {**front, "title": _titled("All papers", page)}
        specs.append(PageSpec(page.source, "all_papers.md.j2", context, front, ascii=True))
    return specs


def row(paper: Paper, from_source: str, **extra: tuple[str, ...]) -> Row:
    """Return what a list shows of a paper, linked from the page ``from_source``."""
    return Row(paper, urls.link(from_source, urls.paper_page(paper)), **extra)


def topic_pages(
    name: str,
    slug: str,
    description: str,
    papers: Sequence[Paper],
    all_years: list[int],
    family: Mapping[str, object] | None = None,
) -> list[PageSpec]:
    """Return the pages of one topic: its papers by year (newest first), then by title.

    ``family`` is the topic's place among topics (``pages._family``): its parent and subtopics.
    """
    by_year: dict[int, list[Paper]] = defaultdict(list)
    for paper in papers:
        by_year[paper.year].append(paper)
    ordered = [(year, p) for year in sorted(by_year, reverse=True) for p in sorted(by_year[year], key=sort_key)]
    # One bar would say nothing the count beside it does not: a corpus of one year has none.
    spark = trends.sparkline(Counter(p.year for p in papers), sorted(all_years), name) if len(set(all_years)) > 1 else ""
    specs = []
    for page in _paginate(ordered, lambda number: urls.topic_source(slug, number)):
        front = {"title": html_text(_titled(name, page)), "description": html_text(description), **INDEX_PAGE}
        context = {
            "topic": {"name": name, "description": description},
            "family": family or {"parent": None, "children": [], "theme": False},
            "page_title": _titled(name, page),
            "count": len(papers),
            "per_year": [{"year": year, "count": len(by_year[year])} for year in sorted(by_year, reverse=True)],
            "groups": [{"year": year, "rows": rows} for year, rows in page.groups],
            "spark": spark,
            "pager": page.pager,
            "filter_link": _filter_link(page.source, "topic", slug),
        }
        specs.append(PageSpec(page.source, "topic.md.j2", context, front, ascii=True))
    return specs


def year_pages(year: int, papers: Sequence[Paper]) -> list[PageSpec]:
    """Return the pages of one year: its papers by main topic, then by title."""
    by_main: dict[str, list[Paper]] = defaultdict(list)
    for paper in papers:
        by_main[paper.topics[0] if paper.topics else ""].append(paper)
    ordered = [
        (name or "Unsorted", p) for name in sorted(by_main, key=str.casefold) for p in sorted(by_main[name], key=sort_key)
    ]
    venues = sorted({p.venue for p in papers})
    specs = []
    for page in _paginate(ordered, lambda number: urls.year_source(year, number)):
        front = {"title": _titled(str(year), page), "description": f"Papers of {year}, by main topic.", **INDEX_PAGE}
        context = {
            "year": year,
            "page_title": _titled(str(year), page),
            "count": len(papers),
            "venues": venues,
            "groups": [{"name": name, "rows": rows} for name, rows in page.groups],
            "pager": page.pager,
            "filter_link": _filter_link(page.source, "year", str(year)),
        }
        specs.append(PageSpec(page.source, "year.md.j2", context, front, ascii=True))
    return specs


@dataclass(frozen=True)
class _Page:
    """One page of a paginated list: its path, its rows in groups, and its pager (None if alone)."""

    source: str
    groups: list[tuple[object, list[dict[str, object]]]]
    pager: dict[str, object] | None


def _paginate(ordered: list[tuple[object, Paper]], source: Callable[[int], str]) -> list[_Page]:
    """Cut (group, paper) pairs, in list order, into pages of PAGE_ROWS rows."""
    chunks = [ordered[i : i + PAGE_ROWS] for i in range(0, len(ordered), PAGE_ROWS)] or [[]]
    sources = [source(number) for number in range(1, len(chunks) + 1)]
    pages = []
    for index, chunk in enumerate(chunks):
        here = sources[index]
        groups = [
            (group, [row(paper, here) for _, paper in pairs])
            for group, pairs in groupby(chunk, key=lambda pair: pair[0])
        ]
        pages.append(_Page(here, groups, _pager(sources, index) if len(chunks) > 1 else None))
    return pages


def _pager(sources: list[str], index: int) -> dict[str, object]:
    """Return the pager of page ``index`` among ``sources``: links to every other page, and its neighbours."""
    here = sources[index]

    def link(i: int) -> str | None:
        return urls.link(here, sources[i]) if 0 <= i < len(sources) and i != index else None

    return {
        "number": index + 1,
        "count": len(sources),
        "pages": [{"number": i + 1, "link": link(i)} for i in range(len(sources))],
        "previous": link(index - 1),
        "next": link(index + 1),
    }


def _filter_link(source: str, facet: str, value: str) -> str:
    """Return the link from ``source`` to All papers filtered by one facet (its filter reads the address)."""
    return f"{urls.link(source, urls.ALL_PAPERS)}?{facet}={value}"


def _titled(title: str, page: _Page) -> str:
    """Return a page's title: the list's own on the first page, with the page number after it."""
    if page.pager is None or page.pager["number"] == 1:
        return title
    return f"{title} (page {page.pager['number']} of {page.pager['count']})"
