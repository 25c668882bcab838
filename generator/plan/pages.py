"""Plan the site: turn enriched papers into page specs (papers, topics, years, home)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import quote_plus

from .. import urls
from ..enrich.topics.assign import Taxonomy
from ..model import Paper
from .permalinks.ledger import Entry
from . import cite, listings, paper_map, related, trends
from .report import Report
from .identity import Identity
from .spec import PageSpec, html_text


@dataclass(frozen=True)
class TopicRef:
    """A topic as a page shows it: name, description and link."""

    name: str
    slug: str
    description: str
    source: str
    parent: str = ""  # the topic a subtopic is a part of (written in the taxonomy, or learned: a theme)
    learned: bool = False  # a subtopic learned from the corpus: its parent is the corpus's theme


@dataclass(frozen=True)
class Chip:
    """A topic or keyword as a paper page shows it: a name that links somewhere."""

    name: str
    link: str


def topic_refs(taxonomy: Taxonomy) -> dict[str, TopicRef]:
    """Return every topic of the taxonomy (fallback included) by name, with its page path."""
    refs: dict[str, TopicRef] = {}
    seen: dict[str, str] = {}
    for topic in [*taxonomy.topics, taxonomy.fallback]:
        slug = urls.slug(topic.name) or "topic"
        if slug in seen:
            raise ValueError(f"topics {seen[slug]!r} and {topic.name!r} have the same slug {slug!r}")
        seen[slug] = topic.name
        refs[topic.name] = TopicRef(
            topic.name, slug, topic.description, urls.topic_source(slug), topic.parent, topic.learned
        )
    return refs


def paper_order(papers: Sequence[Paper]) -> list[Paper]:
    """Return the papers in the order of their pages: by year, then slug."""
    return sorted(papers, key=lambda p: (p.year, p.slug))


def paper_planner(
    papers: Sequence[Paper], taxonomy: Taxonomy, site_url: str | None = None, bibtex: Mapping[str, str] | None = None
) -> Callable[[Paper], PageSpec]:
    """Return what plans the page of one of ``papers`` (the only pages showing related papers).

    Related papers are found among all ``papers``; each page is planned alone, so
    processes can each plan and render a share.
    """
    refs = topic_refs(taxonomy)
    entries = cite.bibtex_entries(papers, site_url) if bibtex is None else bibtex
    by_id = {paper.id: paper for paper in papers}
    return lambda paper: _paper_page(paper, refs, by_id, entries[paper.id], site_url)


def plan_papers(
    papers: Sequence[Paper], taxonomy: Taxonomy, site_url: str | None = None, bibtex: Mapping[str, str] | None = None
) -> list[PageSpec]:
    """Return the spec of every paper page, by year and slug."""
    plan = paper_planner(papers, taxonomy, site_url, bibtex)
    return [plan(paper) for paper in paper_order(papers)]


def plan_indexes(papers: Sequence[Paper], taxonomy: Taxonomy, site: Identity) -> list[PageSpec]:
    """Return the spec of every index page: topics, years, all papers, the map, trends, and the home and About parts."""
    refs = topic_refs(taxonomy)
    by_topic: dict[str, list[Paper]] = defaultdict(list)
    by_year: dict[int, list[Paper]] = defaultdict(list)
    for paper in papers:
        for name in paper.topics:
            by_topic[name].append(paper)
        by_year[paper.year].append(paper)
    years = sorted(by_year, reverse=True)

    used = [refs[name] for name in listings.filter_topics(papers)]
    specs = [
        spec
        for ref in used
        for spec in listings.topic_pages(
            ref.name, ref.slug, ref.description, by_topic[ref.name], years, _family(ref, used, refs, by_topic)
        )
    ]
    specs.append(_topics_index(used, by_topic, years, len(papers)))
    specs += [spec for year in years for spec in listings.year_pages(year, by_year[year])]
    specs.append(_years_index(years, by_year))
    specs += listings.all_papers_pages(papers, [(ref.name, ref.slug) for ref in used], years)
    specs.append(_map(papers))
    specs.append(_trends(papers, years, refs))
    specs.append(_home(papers, used, by_topic, years, site))
    specs.append(_about(papers, used, site))
    return specs


def _paper_page(
    paper: Paper, refs: dict[str, TopicRef], by_id: dict[str, Paper], bibtex: str, site_url: str | None
) -> PageSpec:
    source = urls.paper_page(paper)
    page_url = urls.absolute(site_url, source)
    topics = [
        Chip(name, urls.link(source, refs[name].source)) for name in paper.topics
    ]
    # The topics as Material's tags too: a site that keeps a Tags page of its own (a tags.md
    # with Material's marker) lists them there. Material would show them above the title; the
    # page shows its own topic chips, linking to the topic pages, so Material's are hidden.
    front = {
        "title": html_text(paper.title),
        "description": html_text(paper.summary),
        "tags": list(paper.topics),
        "hide": ["tags"],
        # papersite's own index finds it (render.search): Material's would hold every abstract.
        "search": {"exclude": True},
        # Google Scholar's citation_* tags; theme/main.html writes them into <head>.
        "citation": [{"name": n, "content": c} for n, c in cite.citation_meta(paper, page_url)],
    }
    neighbours = [by_id[i] for i in paper.related if i in by_id]
    search = urls.link(source, "index.md")
    context = {
        "paper": paper,
        "topics": topics,
        "keywords": [Chip(k, f"{search}?q={quote_plus(k)}") for k in paper.keywords],
        "year_link": urls.link(source, urls.year_source(paper.year)),
        "related": [
            listings.row(other, source, shared=related.shared_topics(paper, other)) for other in neighbours
        ],
        "bibtex": bibtex,
    }
    return PageSpec(source, "paper.md.j2", context, front)


def _family(
    ref: TopicRef, used: list[TopicRef], refs: Mapping[str, TopicRef], by_topic: Mapping[str, list[Paper]]
) -> dict[str, object]:
    """Return what a topic page shows of its place among topics: its parent, its subtopics with papers, and
    whether it is the corpus's theme (split into subtopics learned from the papers)."""
    source = urls.topic_source(ref.slug)
    parent = refs.get(ref.parent)
    children = sorted((r for r in used if r.parent == ref.name), key=lambda r: (-len(by_topic[r.name]), r.name.casefold()))
    return {
        "parent": {"name": parent.name, "link": urls.link(source, parent.source) if parent.name in by_topic else ""}
        if parent
        else None,
        "children": [{"name": r.name, "link": urls.link(source, r.source), "count": len(by_topic[r.name])} for r in children],
        "theme": any(r.learned for r in children),  # the corpus's theme: it lists only papers with no other topic
    }


def _hierarchy(used: list[TopicRef]) -> list[TopicRef]:
    """Return the topics in the order of the Topics page: by name, each subtopic right after its parent."""
    return sorted(used, key=lambda ref: ((ref.parent or ref.name).casefold(), bool(ref.parent), ref.name.casefold()))


def _topics_index(
    used: list[TopicRef], by_topic: dict[str, list[Paper]], years: list[int], paper_count: int
) -> PageSpec:
    source = urls.topics_index_source()
    rows = [
        {
            "name": ref.name,
            "parent": ref.parent,
            "description": ref.description,
            "link": urls.link(source, ref.source),
            "count": len(by_topic[ref.name]),
            "per_year": Counter(p.year for p in by_topic[ref.name]),
            # The corpus's theme: split into the subtopics after it, it counts only the papers in none of them.
            "subtopics": sum(r.learned and r.parent == ref.name for r in used),
        }
        for ref in _hierarchy(used)
    ]
    front = {"title": "Topics", "description": "Every topic with its papers per year.", **listings.INDEX_PAGE}
    context = {"topics": rows, "years": years, "paper_count": paper_count}
    return PageSpec(source, "topics_index.md.j2", context, front)


def _years_index(years: list[int], by_year: dict[int, list[Paper]]) -> PageSpec:
    source = urls.years_index_source()
    rows = [
        {
            "year": year,
            "link": urls.link(source, urls.year_source(year)),
            "venues": sorted({p.venue for p in by_year[year]}),
            "count": len(by_year[year]),
            "with_code": sum(1 for p in by_year[year] if p.github),
        }
        for year in years
    ]
    front = {"title": "Years", "description": "Papers per year.", **listings.INDEX_PAGE}
    return PageSpec(source, "years_index.md.j2", {"years": rows}, front)


def _map(papers: Sequence[Paper]) -> PageSpec:
    source = urls.MAP_PAGE
    topics, years = paper_map.filter_lists(papers)
    front = {
        "title": "Map",
        "description": "Every paper placed by what it is about: nearby papers are about similar things.",
        "hide": ["toc"],
        **listings.INDEX_PAGE,
    }
    context = {
        "count": len(papers),
        "topics": topics,
        "years": years,
        "all_papers": urls.link(source, urls.ALL_PAPERS),
        "papers_json": urls.link(source, urls.PAPERS_JSON),
    }
    return PageSpec(source, "map.md.j2", context, front)


def _trends(papers: Sequence[Paper], years: list[int], refs: dict[str, TopicRef]) -> PageSpec:
    source = urls.TRENDS_PAGE
    counts = trends.count_topics(papers)
    ordered = sorted(years)
    rows = [
        {"name": row.name, "link": urls.link(source, refs[row.name].source), "counts": row.counts, "total": row.total}
        for row in trends.trend_rows(counts, ordered)
    ]
    front = {
        "title": "Trends",
        "description": "Papers per topic and year.",
        "hide": ["toc"],
        **listings.INDEX_PAGE,
    }
    context = {
        "chart": trends.trend_chart(counts, ordered, "Papers per topic and year"),
        "rows": rows,
        "years": ordered,
    }
    return PageSpec(source, "trends.md.j2", context, front)


def _home(
    papers: Sequence[Paper], used: list[TopicRef], by_topic: dict[str, list[Paper]], years: list[int], site: Identity
) -> PageSpec:
    # A snippet that the site's index.md includes: links are relative to index.md.
    home = "index.md"
    with_code = sum(1 for p in papers if p.github)
    largest = sorted(used, key=lambda ref: (-len(by_topic[ref.name]), ref.name.casefold()))[:5]
    context = {
        "name": site.name,
        "holds": site.holds,
        "papers": f"{len(papers):,}",
        "years": years,
        "topics": len(used),
        "code_share": f"{with_code / len(papers):.0%}" if papers else "0%",
        "topics_link": urls.link(home, urls.topics_index_source()),
        "years_link": urls.link(home, urls.years_index_source()),
        "all_papers_link": urls.link(home, urls.ALL_PAPERS),
        "subtopics": sum(1 for ref in used if ref.parent),
        "top_topics": [
            {"name": ref.name, "count": len(by_topic[ref.name]), "link": urls.link(home, ref.source)}
            for ref in largest
        ],
        "example_name": _example_name(papers),
        "example_topic": largest[0].name.lower() if largest else "",
        "inferred": any(p.title_source == "inferred" for p in papers),
    }
    return PageSpec(urls.HOME_SNIPPET, "home.md.j2", context, None)


def _example_name(papers: Sequence[Paper]) -> str:
    """Return a name a paper gives its method (the newest such paper's, by address), or ""."""
    names = sorted((-p.year, p.slug, name) for p in papers if (name := _coined_name(p.title)))
    return names[0][2] if names else ""


def _coined_name(title: str) -> str:
    """Return the name before a title's colon ("URLOST" of "URLOST: ..."), when it is one word of two letters or more."""
    head, colon, _ = title.partition(":")
    letters = sum(char.isalpha() for char in head)
    return head if colon and letters >= 2 and " " not in head and len(head) <= 24 else ""


def _titles_sentence(papers: int, inferred: int) -> str:
    """Return what the About page says of where the titles came from."""
    how = "papersite wrote {} from the abstract, leading with the name the paper gives its method, and marks {} inferred."
    if not inferred:
        return "Every title was part of the input."
    if inferred == papers:
        return "No title was part of the input: " + how.format("each", "it")
    return f"{inferred:,} of the {papers:,} titles were not part of the input: " + how.format("them", "them")


def _about(papers: Sequence[Paper], used: list[TopicRef], site: Identity) -> PageSpec:
    # A snippet that the site's about.md includes: links are relative to about.md.
    about = "about.md"
    context = {
        "holds": site.holds,
        "titles": _titles_sentence(len(papers), sum(1 for p in papers if p.title_source == "inferred")),
        "topics": len(used),
        "by_corpus": any(p.corpus_topics for p in papers),
        "subtopics": sum(1 for ref in used if ref.parent),
        "papers_json": urls.link(about, urls.PAPERS_JSON),
        "papers_bib": urls.link(about, urls.PAPERS_BIB),
        "feed": urls.link(about, urls.FEED),
        "report": urls.link(about, urls.REPORT_PAGE),
    }
    return PageSpec(urls.ABOUT_SNIPPET, "about.md.j2", context, None)


#: Notices of each kind the report page lists (about 150 bytes each): at 100,000 papers a corpus
#: can have 15,000 near-duplicate pairs, 2.4 MB on one page. `papersite report` lists every one.
REPORT_NOTICES = 300


def report_page(report: Report) -> PageSpec:
    """Return the quality report page (out of the nav and the search index)."""
    source = urls.REPORT_PAGE
    topics = sorted(report.topics, key=lambda t: (t.fallback, -t.count, t.name.casefold()))
    rows = [
        {"name": t.name, "count": t.count, "by_terms": t.by_terms, "by_corpus": t.by_corpus, "fallback": t.fallback, "source": t.source, "link": urls.link(source, urls.topic_source(urls.slug(t.name) or "topic"))}
        for t in topics
    ]
    front = {
        "title": "Quality report",
        "description": "What papersite inferred and what deserves a look.",
        "search": {"exclude": True},
    }
    groups = [
        {"kind": kind, "count": len(items), "shown": items[:REPORT_NOTICES]} for kind, items in report.by_kind().items()
    ]
    context = {"report": report, "topics": rows, "groups": groups}
    return PageSpec(source, "report.md.j2", context, front)


def retired_pages(retired: Sequence[Entry], papers: Sequence[Paper], taxonomy: Taxonomy) -> list[PageSpec]:
    """Return a short page at the address of each retired paper: what it was, and where to look now.

    It links its year and its topics when the site still has their pages, and the list of all papers.
    """
    refs = topic_refs(taxonomy)
    years = {p.year for p in papers}
    topics = {name for p in papers for name in p.topics}
    specs = []
    for entry in retired:
        source = entry.source
        front = {
            "title": html_text(entry.title or "A paper no longer on this site"),
            "description": html_text(f"This {entry.venue} {entry.year} paper is no longer on this site."),
            "search": {"exclude": True},
            "retired": True,  # theme/main.html: not for search engines to index
        }
        context = {
            "entry": entry,
            "year_link": urls.link(source, urls.year_source(entry.year)) if entry.year in years else "",
            "topics": [Chip(name, urls.link(source, refs[name].source)) for name in entry.topics if name in topics and name in refs],
            "all_papers": urls.link(source, urls.ALL_PAPERS),
        }
        specs.append(PageSpec(source, "retired.md.j2", context, front))
    return specs
