"""The quality report: what a user should know about their corpus after a build.

The stages log what deserves attention as notices (``errors.notice``), collected during
a run; the report groups them by kind beside the corpus figures (inferred titles, papers
per topic, fallbacks, code links).
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Notice, plural
from ..model import Paper

if TYPE_CHECKING:  # topics compiles its patterns on import: a rerun with nothing to do needs none
    from ..enrich.topics.assign import Taxonomy


@dataclass(frozen=True)
class TopicCount:
    """A topic with how many papers carry it, how many of them by corpus evidence, and where it came from."""

    name: str
    count: int
    fallback: bool
    by_corpus: int = 0
    parent: str = ""  #: the topic a subtopic is a part of ("" for a topic of the first level)
    theme: bool = False  #: the corpus's theme, split into learned subtopics (what is left keeps it)
    learned: bool = False  #: a subtopic learned from the corpus, not written in the taxonomy

    @property
    def by_terms(self) -> int:
        """How many papers carry the topic by their own words (the taxonomy's terms, or a subtopic's phrase)."""
        return self.count - self.by_corpus

    @property
    def source(self) -> str:
        """Return where the topic came from, as the report says it."""
        if self.fallback:
            return "catch-all"
        if self.learned:
            return f"learned from the corpus: a subtopic of {self.parent}"
        if self.theme:
            return "taxonomy terms; the corpus's theme, split into subtopics"
        terms = "taxonomy terms" + (", corpus neighbours" if self.by_corpus else "")
        return f"{terms}: a subtopic of {self.parent}" if self.parent else terms


@dataclass(frozen=True)
class Addresses:
    """What the ledger of addresses did in a run (``permalinks.place``)."""

    kept: int = 0  #: papers at an address the ledger gave them in an earlier run
    retitled: int = 0  #: of those, papers whose title changed since the last run
    edited: int = 0  #: of those, papers found by a changed abstract (near copy, landing page, title)
    new: int = 0  #: papers given an address in this run
    redirects: int = 0  #: old addresses that redirect, in all
    redirects_added: int = 0
    retired: int = 0  #: pages of papers no longer in the input, in all
    retired_added: int = 0

    def unchanged(self) -> Addresses:
        """Return these figures as a run that changed nothing has them: every paper kept its address."""
        return Addresses(kept=self.kept + self.new, redirects=self.redirects, retired=self.retired)

    def changes(self) -> str:
        """Return what changed in this run, for the build's summary line ("" when nothing did)."""
        if not (self.retitled or self.redirects_added or self.retired_added):
            return ""
        return (
            f"{plural(self.retitled, 'address', 'addresses')} kept under a new title, "
            f"{plural(self.redirects_added, 'redirect')} added, {plural(self.retired_added, 'page')} retired"
        )

    def summary(self) -> str:
        """Return the report's line on addresses."""
        return (
            f"Addresses: {plural(self.kept, 'paper')} kept theirs ({self.retitled:,} under a new title, "
            f"{self.edited:,} with an edited abstract), {self.new:,} new; "
            f"{plural(self.redirects_added, 'redirect')} added ({self.redirects:,} in all); "
            f"{plural(self.retired_added, 'page')} retired ({self.retired:,} in all)."
        )


@dataclass(frozen=True)
class Report:
    """The figures and notices of one corpus."""

    papers: int
    inferred_titles: int
    with_code: int
    with_project_page: int
    topics: tuple[TopicCount, ...]
    fallback: int
    notices: tuple[Notice, ...]
    addresses: Addresses = Addresses()
    themes: tuple[str, ...] = ()  #: topics on more than a third of the papers, split into subtopics

    def by_kind(self) -> dict[str, list[Notice]]:
        """Return the notices grouped by kind, kinds in alphabetical order."""
        groups: dict[str, list[Notice]] = defaultdict(list)
        for item in self.notices:
            groups[item.kind].append(item)
        return {kind: groups[kind] for kind in sorted(groups)}

    def summary(self) -> str:
        """Return the few lines printed at the end of a build."""
        share = f"{self.with_code / self.papers:.0%}" if self.papers else "0%"
        # "kind (count)", as the full report heads each kind: a kind is no noun to put in the plural.
        kinds = ", ".join(f"{kind} ({len(items):,})" for kind, items in self.by_kind().items())
        return "\n".join(
            [
                f"Titles: {self.inferred_titles:,} of {self.papers:,} inferred from the abstract.",
                f"Topics: {sum(1 for t in self.topics if t.count):,} used; "
                f"{plural(self.fallback, 'paper')} fell back to the catch-all topic; "
                f"{plural(sum(t.by_corpus for t in self.topics), 'topic')} came from the corpus "
                "(the papers nearest to a paper)"
                + (
                    f"; the theme {' and '.join(self.themes)} is split into "
                    f"{plural(sum(1 for t in self.topics if t.learned and t.count), 'subtopic')} learned from the corpus."
                    if self.themes
                    else "."
                ),
                f"Code: {plural(self.with_code, 'paper')} ({share}) with a link to a GitHub repository; "
                f"{self.with_project_page:,} with a link to a project page.",
                self.addresses.summary(),
                f"Notices: {kinds}." if kinds else "Notices: none.",
            ]
        )


def _shortener(bases: Sequence[Path]) -> Callable[[str], str]:
    """Return a function that writes paths under ``bases`` relative to them.

    The report is published as a page: it must not show the folders of the machine
    that built it, and must read the same wherever the project is checked out.
    """
    prefixes = sorted({f"{base}{os.sep}" for base in bases}, key=len, reverse=True)

    def shorten(text: str) -> str:
        for prefix in prefixes:
            text = text.replace(prefix, "")
        return text

    return shorten


# A notice's place: a file and, mostly, a line ("data/iclr2024.txt:17").
_PLACE = re.compile(r"(?P<file>.*):(?P<line>[0-9]+)")


def place_key(where: str) -> tuple[str, int]:
    """Return where a notice is as (file, line), so that ``x.txt:9`` sorts before ``x.txt:10``."""
    match = _PLACE.fullmatch(where)
    return (match["file"], int(match["line"])) if match else (where, 0)


def input_bases(inputs: Sequence[Path]) -> list[Path]:
    """Return the folders that input paths are shown relative to: each input's parent."""
    return [path.parent for path in inputs]


def build_report(
    papers: Sequence[Paper],
    taxonomy: Taxonomy,
    notices: Sequence[Notice],
    bases: Sequence[Path] = (),
    themes: Sequence[str] = (),
) -> Report:
    """Return the report of an enriched corpus, with empty topics added as notices.

    ``themes`` are the topics split into subtopics (``enrich.topics.subtopics``): none of their papers
    may be left to them, which is no notice.
    """
    shorten = _shortener(bases)
    notices = [Notice(n.kind, shorten(n.where), shorten(n.message)) for n in notices]
    counts = Counter(name for paper in papers for name in paper.topics)
    by_corpus = Counter(name for paper in papers for name in paper.corpus_topics)
    topics = tuple(
        TopicCount(
            topic.name, counts.get(topic.name, 0), topic is taxonomy.fallback, by_corpus.get(topic.name, 0),
            topic.parent, topic.name in themes, topic.learned,
        )  # fmt: skip
        for topic in [*taxonomy.topics, taxonomy.fallback]
    )
    empty = [
        Notice("empty topic", "taxonomy", f"no paper carries the topic {t.name!r}")
        for t in topics
        if not t.count and not t.fallback and not t.theme
    ]
    ordered = sorted([*notices, *empty], key=lambda n: (n.kind, *place_key(n.where), n.message))
    return Report(
        papers=len(papers),
        inferred_titles=sum(1 for p in papers if p.title_source == "inferred"),
        with_code=sum(1 for p in papers if p.github),
        with_project_page=sum(1 for p in papers if p.project_pages),
        topics=topics,
        fallback=counts.get(taxonomy.fallback.name, 0),
        notices=tuple(ordered),
        themes=tuple(themes),
    )
