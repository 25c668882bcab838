"""The machine-readable export: ``papers.json``, one object per paper."""

from __future__ import annotations

import json
from collections.abc import Sequence

from . import urls
from .index import paper_source
from .model import Paper


def paper_record(paper: Paper) -> dict[str, object]:
    """Return the exported fields of one paper (documented in the README)."""
    return {
        "id": paper.id,
        "title": paper.title,
        "title_source": paper.title_source,
        "venue": paper.venue,
        "year": paper.year,
        "topics": list(paper.topics),
        "keywords": list(paper.keywords),
        "authors": list(paper.authors),
        "github": list(paper.github),
        "url": urls.url_of(paper_source(paper)),
        "summary": paper.summary,
        "abstract": paper.text,
    }


def papers_json(papers: Sequence[Paper]) -> str:
    """Return ``papers.json``: sorted by year (newest first), then URL; stable bytes."""
    records = sorted(
        (paper_record(p) for p in papers), key=lambda r: (-int(r["year"]), str(r["url"]))  # type: ignore[call-overload]
    )
    return json.dumps(records, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
