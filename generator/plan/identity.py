"""A site's name and description, from its settings or else from its corpus.

A site named in its ``mkdocs.yml`` keeps that name. Otherwise it is named after what it
holds: "COLM 2024 Papers", "ICLR 2024–2025 Papers", "ICLR and COLM 2024 Papers".
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import plural
from ..model import Paper

#: More venues than this are counted in the name, not listed.
VENUES_NAMED = 3


@dataclass(frozen=True)
class Identity:
    """What a site is called, and the sentence that says what it holds."""

    name: str
    description: str
    holds: str  #: what the corpus is: "the 299 papers of COLM 2024", "the 142 papers of 3DV 2025, on computer vision"


def years_span(years: Sequence[int]) -> str:
    """Return years as a name writes them: "2024", "2024–2025", "2018 and 2024"."""
    ordered = sorted(set(years))
    if len(ordered) > 1 and ordered[-1] - ordered[0] == len(ordered) - 1:
        return f"{ordered[0]}–{ordered[-1]}"
    return _and([str(year) for year in ordered])


def _and(items: Sequence[str]) -> str:
    """Return "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _venues(papers: Sequence[Paper]) -> list[tuple[str, list[int]]]:
    """Return each venue with its years, the venue with most papers first."""
    counts = Counter(paper.venue for paper in papers)
    years: dict[str, set[int]] = defaultdict(set)
    for paper in papers:
        years[paper.venue].add(paper.year)
    return [(venue, sorted(years[venue])) for venue in sorted(counts, key=lambda v: (-counts[v], v.casefold()))]


def corpus_name(papers: Sequence[Paper]) -> str:
    """Return the name of a site that holds ``papers``, after its venues and years."""
    venues = _venues(papers)
    if not venues:
        return "Papers"
    if len(venues) > VENUES_NAMED:
        return f"Papers of {len(venues)} Venues, {years_span([p.year for p in papers])}"
    spans = {years_span(years) for _, years in venues}
    if len(spans) == 1:  # "ICLR and COLM 2024 Papers"
        return f"{_and([venue for venue, _ in venues])} {spans.pop()} Papers"
    return f"{_and([f'{venue} {years_span(years)}' for venue, years in venues])} Papers"


def _holds(papers: Sequence[Paper]) -> str:
    """Return what the corpus is, as a phrase: "the 299 papers of COLM 2024"."""
    venues = _venues(papers)
    count = plural(len(papers), "paper")
    if len(venues) > VENUES_NAMED:
        return f"{count} of {len(venues)} venues, {years_span([p.year for p in papers])}"
    where = _and([f"{venue} {years_span(years)}" for venue, years in venues])
    return f"the {count} of {where}" if len(papers) > 1 else f"{count} of {where}"


def theme_phrase(themes: Sequence[str]) -> str:
    """Return the corpus's themes as the site's description says them: "computer vision", "" for none."""
    # A topic name is capitalised as a heading ("Computer vision"); an acronym keeps its capitals ("NLP").
    return _and([t[0].lower() + t[1:] if t[1:2].islower() else t for t in themes]) if themes else ""


def identity(
    papers: Sequence[Paper], name: str | None = None, description: str | None = None, themes: Sequence[str] = ()
) -> Identity:
    """Return the site's identity: ``name`` and ``description`` where given, else the corpus's.

    ``themes`` are the topics on most of its papers (``enrich.topics.subtopics``): what the corpus is on.
    """
    holds = _holds(papers)
    if themes:
        holds = f"{holds}, on {theme_phrase(themes)}"
    written = f"Abstracts of {holds}, by topic and year, with full-text search."
    return Identity(name or corpus_name(papers), description or written, holds)
