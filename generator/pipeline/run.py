"""The generate stage end to end: read, enrich, plan, render, then write.

Modules a run with unchanged input does not need (enrichment, numpy, Jinja2) are
imported inside the functions that use them: such a run checks one hash and the
output, and stops.
"""

from __future__ import annotations

import gc
import importlib
import logging
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from .. import read, urls
from ..config import Settings
from ..errors import Notice, collecting, plural
from ..model import Paper
from ..plan import report
from ..plan import permalinks
from ..plan.permalinks import Ledger, Placed
from ..plan.identity import Identity, identity
from ..plan.report import Addresses, Report, TopicCount
from ..write import cache, writer
from ..write.spool import Spool
from ..write.writer import WriteStats

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Prepared:
    """Everything a run derives from its input, before anything is written."""

    papers: list[Paper]
    files: Mapping[str, bytes]  #: Markdown and data files (UTF-8) by path under docs_dir, on disk until written
    report: Report
    site: Identity  #: the site's name and description, given or from the corpus
    ledger: Ledger  #: the ledger of addresses as the run read it
    placed: Placed  #: the papers placed in it, and its entries after the run (saved before the pages are written)
    #: Returns once what enrichment derived is in the cache: it is written in another process
    #: while the caller writes the pages (when there is a CPU for it); call it once they are.
    save_cache: Callable[[], object]


@dataclass(frozen=True)
class Generated:
    """The outcome of one generate run."""

    paper_count: int
    topic_count: int
    years: list[int]
    stats: WriteStats
    seconds: float
    report: Report
    site: Identity

    def summary(self, seconds: float | None = None) -> str:
        """Return the one-line summary printed at the end of a run (``seconds``: the run's, if not generate's)."""
        s = self.stats
        return (
            f"{plural(self.paper_count, 'paper')}, {plural(self.topic_count, 'topic')}, "
            f"{plural(len(self.years), 'year')}; {plural(s.written, 'page')} written, {s.unchanged} unchanged, "
            f"{s.removed} removed in {self.seconds if seconds is None else seconds:.2f} s"
            + (f"; {changes}" if (changes := self.report.addresses.changes()) else "")
        )


def find_inputs(settings: Settings) -> tuple[list[Path], list[Notice]]:
    """Return the input files the settings name (folders expanded), and what was noticed on the way."""
    with collecting() as notices:
        files = read.input_files(settings.inputs)
    return files, notices


def prepare(
    settings: Settings,
    progress: Callable[[int, int], None] | None = None,
    inputs: tuple[list[Path], list[Notice]] | None = None,
) -> Prepared:
    """Read, enrich, plan and render every page in memory; write nothing.

    ``inputs`` is what ``find_inputs`` returned, when the caller has it.
    """
    from .. import enrich, urls
    from ..enrich.topics import SHIPPED_TAXONOMY, load_taxonomy
    from ..enrich.topics import corpus as corpus_topics
    from ..enrich.topics import subtopics
    from ..write.cache import EnrichCache, RelatedCache, enrichment_fingerprint
    from .background import Background, default_jobs, shared_map

    taxonomy = load_taxonomy(settings.taxonomy)
    taxonomy_file = settings.taxonomy or SHIPPED_TAXONOMY
    # Hashed only to check a cache file or to write one: not without a cache folder, and
    # on a first run in the process that writes the cache.
    enrich_cache = EnrichCache(settings.cache_dir, lambda: enrichment_fingerprint(taxonomy_file.read_bytes()))
    files, found = find_inputs(settings) if inputs is None else inputs
    ledger = permalinks.load(settings.ledger_file)  # a broken ledger stops the run before the long part
    with collecting() as notices:
        papers = read.read_inputs(files)
        jobs = default_jobs() if settings.jobs is None else settings.jobs
        papers = enrich.enrich(papers, taxonomy, progress, enrich_cache, paper_map(jobs, _import_later_stages))
        # Each paper's permanent id, address, BibTeX key and feed id: everything after shows them.
        placed = permalinks.place(papers, ledger, permalinks.Previous.read(settings.docs_dir / urls.PAPERS_JSON))
        papers = placed.papers
    if enrich_cache.store.hits:
        log.info("enriched %s, %d from the cache", plural(len(papers), "paper"), enrich_cache.store.hits)
    from .. import render
    from ..plan import cite, listings, pages, related
    from ..plan import paper_map as map_layout
    from ..render import export, lists, map_files, search


    parallel = jobs > 1 and len(papers) >= SECOND_PROCESS_FROM
    # Each paper's nearest papers (numpy) give its related papers and the corpus evidence for its
    # topics, which every page and file shows: they come first, from a second process when there is
    # a CPU for it, while this one makes the BibTeX entries (shown by the pages and papers.bib:
    # made once), which show no topic.
    related_cache = RelatedCache(settings.cache_dir, papers)
    neighbours = related_cache.get()
    pending = None
    if neighbours is None:
        enriched = papers
        pending = Background(lambda: related.related_ids(enriched, corpus_topics.NEIGHBOURS), parallel)
    # Each paper's place on the map (its own text vectors, t-SNE) in a third process: openTSNE
    # and scikit-learn take 70 MB to import, which this process, whose memory peaks later, never holds.
    for_map = papers
    placing = Background(lambda: map_layout.layout(for_map), parallel)
    bibtex = cite.bibtex_entries(papers, settings.site_url)
    if pending is not None:
        if related_cache.store.kept:
            related_cache.key()  # for put(): this process is done first, and waits anyway
        neighbours = pending.result()
        related_cache.put(neighbours)
    assert neighbours is not None
    # A topic on most papers is the corpus's theme: its papers are split into subtopics the corpus
    # shows, which the extended taxonomy holds (their pages, the report).
    split = subtopics.split_themes(corpus_topics.corpus_topics(papers, neighbours, taxonomy), neighbours, taxonomy)
    taxonomy = split.taxonomy
    papers = [replace(p, related=neighbours.get(p.id, ())[: related.DEFAULT_K]) for p in split.papers]
    site = identity(papers, settings.site_name, settings.site_description, split.themes)
    # The search index (a third of what is left) in a second process, while this one makes the rest;
    # the map's layout may still be running: only the records and the map's files show places,
    # and they come last.
    final = papers
    index = Background(lambda: search.index_files(final), parallel)
    quality = replace(
        report.build_report(
            papers, taxonomy, [*found, *notices], report.input_bases(settings.inputs), split.themes
        ),
        addresses=_addresses(placed),
    )
    # Every file goes to disk as it is made (a spool): a run's memory does not grow with its output.
    files = Spool(settings.project_dir)
    render.render_pages(
        [
            *pages.plan_indexes(papers, taxonomy, site),
            pages.report_page(quality),
            *pages.retired_pages(_retired_to_write(settings, placed), papers, taxonomy),
        ],
        files,
    )
    files.update(export.corpus_files(papers, settings.site_url, site.name, bibtex))
    files.update(lists.list_files(papers, listings.filter_topics(papers)))
    files.update(_starter_pages(settings))
    redirects = {**_former_pages(settings), **placed.redirects}
    if redirects:  # engine/finish.py writes a page at each old address
        files[urls.REDIRECTS] = export.redirect_map(redirects)

    # What is left all shows related papers: the paper pages, and the records of the JSON
    # files. The processes share the paper pages; this one makes the records first. The
    # records and the map's files show each paper's place.
    places = placing.result()
    papers = [replace(p, place=places[p.id]) for p in papers]
    files.update(map_files.map_files(papers))
    plan = pages.paper_planner(papers, taxonomy, settings.site_url, bibtex)
    renderer = render.Renderer()

    def paper_page(paper: Paper) -> tuple[str, bytes]:
        spec = plan(paper)
        return spec.source, renderer.page(spec)

    def records() -> None:
        files.update(export.record_files(papers, pages.topic_refs(taxonomy)))

    ordered = pages.paper_order(papers)
    for start in range(0, len(ordered), PAPER_PAGES_AT_ONCE):  # in memory before they are spooled
        render.merge_pages(files, shared_map(
            paper_page, ordered[start : start + PAPER_PAGES_AT_ONCE], jobs if parallel else 1,
            meanwhile=records if start == 0 else None,
        ))  # fmt: skip
    if not ordered:
        records()
    files.update(index.result())
    # Half a second at 10,000 papers, while the caller writes the pages: then this process
    # has the only other work.
    saving = Background(enrich_cache.save, parallel and enrich_cache.changed)
    return Prepared(papers, files, quality, site, ledger, placed, saving.result)


def _former_pages(settings: Settings) -> dict[str, str]:
    """Return where the old address of each page papersite no longer starts leads, unless the site has that page."""
    mine = set(writer.owned_by_user(settings.docs_dir, urls.FORMER_PAGES))
    return {old: new for old, new in urls.FORMER_PAGES.items() if old not in mine}


def _starter_pages(settings: Settings) -> dict[str, bytes]:
    """Return the starter of each page of the site's own (home, About) that the site lacks."""
    from .. import scaffold

    mine = set(writer.owned_by_user(settings.docs_dir, urls.STARTER_PAGES))
    return {name: scaffold.starter_page(name) for name in urls.STARTER_PAGES if name not in mine}


def _retired_to_write(settings: Settings, placed: Placed) -> list[permalinks.Entry]:
    """Return the retired entries whose page may be written: not where the user edited the paper's page."""
    kept = set(writer.owned_by_user(settings.docs_dir, [e.source for e in placed.retired]))
    for rel in sorted(kept):
        log.warning("%s: kept as you edited it; it would have become the page of a retired paper", settings.docs_dir / rel)
    return [e for e in placed.retired if e.source not in kept]


def _addresses(placed: Placed) -> Addresses:
    """Return the report's figures of what the ledger did."""
    return Addresses(
        kept=len(placed.papers) - placed.new, retitled=placed.retitled, edited=placed.edited, new=placed.new,
        redirects=len(placed.redirects), redirects_added=placed.redirects_added,
        retired=len(placed.retired), retired_added=placed.retired_added,
    )  # fmt: skip


#: Enrich in forked processes when at least this many papers miss the cache.
PARALLEL_ABOVE = 400


def paper_map(jobs: int, meanwhile: Callable[[], object] | None = None) -> Callable:
    """Return the ``enrich.PaperMap`` that spreads enrichment over ``jobs`` processes.

    Large batches only: below ``PARALLEL_ABOVE`` papers, starting a process costs more
    than it saves. ``meanwhile`` is work for this process while the others enrich (with
    a single process: before it enriches).
    """
    from .background import shared_map

    def map_papers(function: Callable, papers: Sequence[Paper]) -> list[Paper]:
        return shared_map(function, papers, jobs if len(papers) >= PARALLEL_ABOVE else 1, meanwhile)

    return map_papers


#: Modules only the stages after enrichment use: numpy and scipy (related papers) and
#: Jinja2 among their imports take about a quarter of a second.
LATER_STAGES = (
    "plan.cite", "plan.pages", "plan.related", "render.export", "render.map_files", "render.markdown", "render.search",
)  # fmt: skip


def _import_later_stages() -> None:
    """Import ``LATER_STAGES``: while worker processes enrich, this one has time for it."""
    for name in LATER_STAGES:
        importlib.import_module(f"..{name}", __package__)


#: Paper pages made at once, before they go to the spool: the memory they take at 100,000 papers.
PAPER_PAGES_AT_ONCE = 10_000

#: Compute related papers, and render paper pages, in more processes from this many
#: papers on (with jobs > 1): below it, starting a process costs more than it saves.
SECOND_PROCESS_FROM = 400


def run_key(settings: Settings, files: Sequence[Path]) -> str:
    """Return the hash of everything this run's output depends on (see cache.run_key)."""
    import os

    options = [
        f"docs_dir={settings.docs_dir}",
        f"site_url={settings.site_url}",
        f"site_name={settings.site_name}",
        f"site_description={settings.site_description}",
        # The feed's date (feeds.feed_updated).
        f"SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH', '')}",
        *(f"input={path}" for path in settings.inputs),
    ]
    # Addresses, keys, feed ids and retired pages come from the ledger of addresses.
    return cache.run_key(files, settings.taxonomy, options, optional=[settings.ledger_file])


def generate(settings: Settings, progress: Callable[[int, int], None] | None = None) -> Generated:
    """Generate the site's Markdown into ``docs_dir``; write nothing if any input is bad.

    When the input, settings and code are those of the last complete run, and the files
    it wrote are all as it left them, there is nothing to do and nothing is read further.
    """
    start = time.perf_counter()
    inputs = find_inputs(settings)
    files = inputs[0]
    key = run_key(settings, files) if settings.cache_dir else None
    last = cache.load_run_state(settings.cache_dir)
    if key and last and last.key == key and writer.outputs_intact(settings.docs_dir, last.manifest):
        log.info("input, settings and code unchanged since the last run: nothing to do")
        summary = last.summary
        stats = WriteStats(0, int(summary["files"]), 0)
        last_report = _report_from_dict(last.report)
        return Generated(
            int(summary["papers"]), int(summary["topics"]), list(summary["years"]), stats,
            time.perf_counter() - start, replace(last_report, addresses=last_report.addresses.unchanged()),
            Identity(**summary["site"]),
        )

    with _few_collections():
        prepared = prepare(settings, progress, inputs)
        permalinks.check_retirement(prepared.ledger, prepared.placed, settings.retire_missing)
        # The ledger before the pages: killed between the two, a run must not have published pages
        # the ledger does not know of (their addresses would be lost). The other way round, it
        # knows of papers a next run writes, or retires: no address is lost.
        ledger_changed = permalinks.save(prepared.ledger, prepared.placed.entries)
        try:
            stats = writer.write_files(settings.docs_dir, prepared.files)
        finally:
            prepared.save_cache()  # even if the pages could not be written
        if ledger_changed and key:
            key = run_key(settings, files)
    papers = prepared.papers
    years = sorted({p.year for p in papers}, reverse=True)
    topic_count = len({name for p in papers for name in p.topics})
    manifest = writer.manifest_digest(settings.docs_dir)
    if key and manifest:
        summary = {
            "papers": len(papers), "topics": topic_count, "years": years, "files": len(prepared.files),
            "site": asdict(prepared.site),
        }  # fmt: skip
        cache.save_run_state(settings.cache_dir, cache.RunState(key, manifest, summary, asdict(prepared.report)))
    return Generated(
        len(papers), topic_count, years, stats, time.perf_counter() - start, prepared.report, prepared.site
    )


#: The garbage collector's first threshold during a run (Python's default: 700).
GC_THRESHOLD = 50_000


@contextmanager
def _few_collections() -> Iterator[None]:
    """Let the cycle collector run less often for the length of a run.

    A run allocates hundreds of thousands of objects that live to its end (papers,
    pages) and makes few cycles; at the default thresholds the collector scans them
    about a thousand times at 10,000 papers (6% of the run's CPU time), at this one a
    few dozen times. Memory hardly changes: what waits longer for a collection is a few
    thousand small objects at most, beside hundreds of megabytes of papers and pages.
    """
    previous = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *previous[1:])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def _report_from_dict(data: dict) -> Report:
    """Return the report ``dataclasses.asdict`` turned into ``data``."""
    return Report(
        **{
            **data,
            "topics": tuple(TopicCount(**t) for t in data["topics"]),
            "notices": tuple(Notice(**n) for n in data["notices"]),
            "themes": tuple(data.get("themes", ())),
            "addresses": Addresses(**data.get("addresses", {})),
        }
    )
