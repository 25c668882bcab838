"""The machine-readable exports: papers.json (with its schema), per-topic JSON, BibTeX, a feed."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .. import urls
from ..model import Paper

if TYPE_CHECKING:
    from ..plan.pages import TopicRef


def paper_record(paper: Paper) -> dict[str, object]:
    """Return the exported fields of one paper (documented in the README)."""
    return {
        "id": paper.id,
        "title": paper.title,
        "title_source": paper.title_source,
        "venue": paper.venue,
        "year": paper.year,
        "topics": list(paper.topics),
        "topics_by_corpus": list(paper.corpus_topics),
        "related": list(paper.related),
        "map": list(paper.place),
        "keywords": list(paper.keywords),
        "authors": list(paper.authors),
        "github": list(paper.github),
        "url": urls.url_of(urls.paper_page(paper)),
        "summary": paper.summary,
        "abstract": paper.text,
    }


def records(papers: Sequence[Paper]) -> list[tuple[Paper, bytes]]:
    """Return each paper with its ``papers.json`` record (UTF-8), in the file's order (newest year, then URL).

    A record is made and encoded once, and serves ``papers.json`` and every topic's file.
    """
    ordered = sorted(papers, key=lambda p: (-p.year, urls.url_of(urls.paper_page(p))))
    return [(paper, _record_text(paper_record(paper)).encode("utf-8")) for paper in ordered]


def _record_text(record: dict[str, object]) -> str:
    """Return a record as ``json.dumps(records, ensure_ascii=False, indent=1)`` writes it in a list."""
    return json.dumps(record, ensure_ascii=False, indent=1).replace("\n", "\n ")


def json_list(items: Sequence[bytes]) -> bytes:
    """Return a JSON list of encoded records (from ``records``) as a file: stable bytes."""
    # Joined as bytes: joined as str, one record with a character beyond Latin-1 would
    # make the whole file take four bytes a character, then need encoding.
    return b"[\n " + b",\n ".join(items) + b"\n]\n" if items else b"[]\n"


SCHEMA = Path(__file__).with_name("schema") / "papers.schema.json"


def redirect_map(redirects: Mapping[str, str]) -> bytes:
    """Return the redirects file: each old page source with the source it now redirects to, sorted."""
    return (json.dumps(dict(sorted(redirects.items())), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def corpus_files(
    papers: Sequence[Paper], site_url: str | None, site_name: str, bibtex: Mapping[str, str] | None = None
) -> dict[str, bytes]:
    """Return the data files that show no related papers: the schema, BibTeX and the feed.

    They can be made before related papers are known. Each file is encoded as soon as
    it is made: as text, all of them together would take two to four times the memory
    (see render.render_pages).
    """
    from ..plan import cite  # they build on this module's records
    from . import feeds  # they build on this module's records

    return {
        urls.PAPERS_SCHEMA: SCHEMA.read_bytes(),
        urls.PAPERS_BIB: cite.bibliography(papers, site_url, bibtex).encode("utf-8"),
        urls.FEED: feeds.atom_feed(papers, site_url, site_name, self_path=urls.FEED).encode("utf-8"),
    }


def record_files(papers: Sequence[Paper], topics: Mapping[str, TopicRef]) -> Iterator[tuple[str, bytes]]:
    """Yield ``papers.json`` and every topic's JSON file, one at a time: the records, related papers included.

    One at a time, so that a caller who stores each as it comes holds one file's bytes, not
    all of them (about 8 KB a paper).
    """
    ordered = records(papers)
    yield urls.PAPERS_JSON, json_list([text for _, text in ordered])
    # The records of papers.json, each encoded once, dealt to their topics in the same order.
    by_topic: dict[str, list[bytes]] = {}
    for paper, text in ordered:
        for name in dict.fromkeys(paper.topics):
            by_topic.setdefault(name, []).append(text)
    for name in sorted(by_topic):
        yield urls.topic_json(topics[name].slug), json_list(by_topic[name])
