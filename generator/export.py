"""The machine-readable exports: papers.json (with its schema), per-topic JSON, BibTeX, a feed."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import urls
from .model import Paper

if TYPE_CHECKING:
    from .index import TopicRef


def paper_record(paper: Paper) -> dict[str, object]:
    """Return the exported fields of one paper (documented in the README)."""
    return {
        "id": paper.id,
        "title": paper.title,
        "title_source": paper.title_source,
        "venue": paper.venue,
        "year": paper.year,
        "topics": list(paper.topics),
        "related": list(paper.related),
        "keywords": list(paper.keywords),
        "authors": list(paper.authors),
        "github": list(paper.github),
        "url": urls.url_of(urls.paper_page(paper)),
        "summary": paper.summary,
        "abstract": paper.text,
    }


def papers_json(papers: Sequence[Paper]) -> str:
    """Return ``papers.json``: sorted by year (newest first), then URL; stable bytes."""
    records = sorted(
        (paper_record(p) for p in papers), key=lambda r: (-int(r["year"]), str(r["url"]))  # type: ignore[call-overload]
    )
    return json.dumps(records, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


SCHEMA = Path(__file__).with_name("schema") / "papers.schema.json"


def data_files(
    papers: Sequence[Paper], topics: Mapping[str, TopicRef], site_url: str | None, site_name: str
) -> dict[str, str]:
    """Return every data file of the site by path: JSON, its schema, BibTeX, the Atom feed."""
    from . import cite, feeds  # they build on this module's records

    files = {
        urls.PAPERS_JSON: papers_json(papers),
        urls.PAPERS_SCHEMA: SCHEMA.read_text(encoding="utf-8"),
        urls.PAPERS_BIB: cite.bibliography(papers, site_url),
        urls.FEED: feeds.atom_feed(papers, site_url, site_name, self_path=urls.FEED),
    }
    for name in sorted({name for p in papers for name in p.topics}):
        files[urls.topic_json(topics[name].slug)] = feeds.topic_json(papers, name)
    return files
