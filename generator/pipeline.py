"""The generate stage end to end: read, enrich, plan, render, then write."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from . import enrich, export, index, readers, related, render, report, topics, writer
from .cache import EnrichCache, PageCache, enrichment_fingerprint, related_lists, templates_fingerprint
from .config import Settings
from .model import Paper
from .report import Report
from .writer import WriteStats

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Prepared:
    """Everything a run derives from its input, before anything is written."""

    papers: list[Paper]
    files: dict[str, str]  #: Markdown and data files by path under docs_dir
    report: Report


@dataclass(frozen=True)
class Generated:
    """The outcome of one generate run."""

    papers: list[Paper]
    topic_count: int
    years: list[int]
    stats: WriteStats
    seconds: float
    report: Report

    def summary(self) -> str:
        """Return the one-line summary printed at the end of a run."""
        s = self.stats
        return (
            f"{len(self.papers):,} papers, {self.topic_count} topics, {len(self.years)} years; "
            f"{s.written} pages written, {s.unchanged} unchanged, {s.removed} removed "
            f"in {self.seconds:.2f} s"
        )


def prepare(settings: Settings, progress: Callable[[int, int], None] | None = None) -> Prepared:
    """Read, enrich, plan and render every page in memory; write nothing."""
    taxonomy = topics.load_taxonomy(settings.taxonomy)
    taxonomy_file = settings.taxonomy or topics.SHIPPED_TAXONOMY
    cache = EnrichCache(settings.cache_dir, enrichment_fingerprint(taxonomy_file.read_bytes()))
    with report.collecting() as notices:
        papers = readers.read_inputs(settings.inputs)
        papers = enrich.enrich(papers, taxonomy, progress, cache, settings.jobs)
    cache.store.save()
    if cache.store.hits:
        log.info("enriched %d papers, %d from the cache", len(papers), cache.store.hits)
    neighbours = related_lists(settings.cache_dir, papers, lambda: related.related_ids(papers))
    papers = [replace(p, related=neighbours.get(p.id, ())) for p in papers]
    quality = report.build_report(papers, taxonomy, notices, report.input_bases(settings.inputs))
    specs = index.plan(papers, taxonomy, settings.site_url)
    specs.append(index.report_page(quality))
    pages = PageCache(settings.cache_dir, templates_fingerprint())
    files = render.render_pages(specs, pages)
    pages.store.save()
    files.update(export.data_files(papers, index.topic_refs(taxonomy), settings.site_url, settings.site_name))
    return Prepared(papers, files, quality)


def generate(settings: Settings, progress: Callable[[int, int], None] | None = None) -> Generated:
    """Generate the site's Markdown into ``docs_dir``; write nothing if any input is bad."""
    start = time.perf_counter()
    prepared = prepare(settings, progress)
    stats = writer.write_files(settings.docs_dir, prepared.files)
    papers = prepared.papers
    years = sorted({p.year for p in papers}, reverse=True)
    topic_count = len({name for p in papers for name in p.topics})
    return Generated(papers, topic_count, years, stats, time.perf_counter() - start, prepared.report)
