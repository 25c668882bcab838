"""The one record type that flows through the pipeline."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Source:
    """Where a record came from: the file and the line its abstract starts on."""

    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Paper:
    """A paper: what the readers give, and what enrichment adds.

    Readers fill the input fields; enrichment returns copies (``dataclasses.replace``)
    with the derived fields filled in.
    """

    # --- input (readers) ---
    abstract: str  # the abstract as given, whitespace-normalised, TeX and Markdown intact
    venue: str
    year: int
    source: Source
    title: str = ""  # as given; empty when the input has none
    authors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    url: str = ""  # a landing page for the paper (e.g. OpenReview), if given
    code: tuple[str, ...] = ()  # code links given as a field
    # --- from the corpus, before enrichment ---
    shared_names: tuple[str, ...] = ()  # words of the abstract several abstracts write: never its own name

    # --- derived (enrichment) ---
    id: str = ""  # a hash of venue, year and abstract; once placed in the ledger, the permanent id it gives
    title_source: str = ""  # "given" or "inferred"
    slug: str = ""
    summary: str = ""  # one-line contribution sentence, plain text
    text: str = ""  # the abstract as plain readable text (no TeX, no markup)
    html: str = ""  # the abstract as a safe HTML fragment (math as MathML)
    github: tuple[str, ...] = ()  # canonical https://github.com/owner/repo URLs
    project_pages: tuple[str, ...] = ()  # other project URLs (e.g. *.github.io)
    topics: tuple[str, ...] = ()  # topic names, most relevant first
    mentioned: tuple[str, ...] = ()  # other topics its text has some evidence for, too little to carry them
    corpus_topics: tuple[str, ...] = ()  # those of ``topics`` its nearest papers gave it (enrich.topics.corpus)
    related: tuple[str, ...] = ()  # ids of the most similar papers of the corpus, closest first
    place: tuple[float, ...] = ()  # (x, y) in [0, 1] on the Map page (plan.paper_map); empty before
    # --- from the ledger of addresses (permalinks.place), which also sets ``id`` and ``slug`` ---
    cite_key: str = ""  # its BibTeX key; empty before the ledger places it
    feed_id: str = ""  # its Atom entry id; empty before the ledger places it
    warnings: tuple[str, ...] = field(default=(), compare=False)
