"""Measure related papers: topic and keyword agreement against random, speed and memory at scale.

Usage: python bench/related_eval.py DATA.jsonl [MORE.jsonl ...] [--sizes 1000,2000,10000] [--runs 3]
                                    [--examples 5] [--variants] [--seed 2024]

Papers are built as the product enriches them: title from the record (TeX to text), abstract as plain
text (generator.latex), topics from generator.topics (with the authors' keywords, as the product uses
them). Quality, over every related link (paper -> one of its k neighbours):

- topic: the two papers share at least one topic (the fallback "other" topic does not count);
  specific: they share a topic that is not a broad area;
- keyword: they share an author keyword, case and plurals folded (only links between two papers that
  both have keywords, i.e. 2024 records).

Each against a random baseline: k random other papers per paper (seeded). Timing is wall and CPU
time of ``related_ids`` (medians of --runs; on a loaded machine trust CPU time), on the first N real papers (in id order) and on a synthetic corpus
made by bench/make_corpus.py for sizes beyond the real corpus; peak memory is traced allocation
(tracemalloc, a separate run) during the call, next to what a dense N x N float32 matrix would take.
Runs single-threaded (BLAS threads limited to 1) to keep the machine free for others.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import tracemalloc  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator.enrich.keywords import keyword_key  # noqa: E402
from generator.enrich.papers import paper_id  # noqa: E402
from generator.enrich.tex import markup as latex  # noqa: E402
from generator.enrich.topics import (  # noqa: E402
    Taxonomy,
    assign_topics,
    load_taxonomy,  # noqa: E402
)
from generator.model import Paper, Source  # noqa: E402
from generator.plan import related  # noqa: E402


def load_papers(paths: Sequence[Path], taxonomy: Taxonomy) -> list[Paper]:
    """Return enriched-enough papers (id, title, text, topics, keywords) from JSONL records."""
    papers = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            record = json.loads(line)
            abstract = " ".join(record["abstract"].split())
            keywords = tuple(record.get("keywords") or ())
            paper = Paper(abstract, "ICLR", int(record["year"]), Source(path, number), keywords=keywords)
            title = latex.tex_to_text(record.get("title") or "")
            text = latex.convert(abstract).text
            topics = assign_topics(title, text, keywords, taxonomy)
            papers.append(replace(paper, id=paper_id(paper), title=title, text=text, topics=topics))
    return papers


def synthetic_papers(count: int, seed: int = 0) -> list[Paper]:
    """Return ``count`` synthetic papers (recombined real abstracts); title: the first words."""
    import make_corpus

    pool = make_corpus.load_abstracts(make_corpus.DEFAULT_SOURCE)
    papers = []
    for i, abstract in enumerate(make_corpus.make_corpus(pool, count, seed)):
        # Plain text without the LaTeX converter: 10k conversions would take longer than the
        # measurement; only speed and memory are measured on this corpus.
        paper = Paper(abstract, "ICLR", 2025, Source(Path("synthetic"), i + 1))
        words = abstract.split()
        papers.append(replace(paper, id=paper_id(paper), title=" ".join(words[:10]), text=abstract))
    return papers


def link_shares(
    papers: Sequence[Paper], lists: dict[str, tuple[str, ...]], taxonomy: Taxonomy
) -> dict[str, tuple[float, int]]:
    """Return (share, links counted) for each agreement measure over every related link."""
    by_id = {p.id: p for p in papers}
    broad = {t.name for t in taxonomy.topics if t.broad}
    fallback = taxonomy.fallback.name
    keys = {p.id: {keyword_key(k) for k in p.keywords} - {""} for p in papers}
    topic = specific = kw = links = kw_links = 0
    for pid, others in lists.items():
        mine = set(by_id[pid].topics) - {fallback}
        for oid in others:
            shared = mine & set(by_id[oid].topics)
            links += 1
            topic += bool(shared)
            specific += bool(shared - broad)
            if keys[pid] and keys[oid]:
                kw_links += 1
                kw += bool(keys[pid] & keys[oid])
    return {
        "topic": (topic / max(links, 1), links),
        "specific topic": (specific / max(links, 1), links),
        "keyword": (kw / max(kw_links, 1), kw_links),
    }


def random_lists(papers: Sequence[Paper], k: int, seed: int) -> dict[str, tuple[str, ...]]:
    """Return k random other papers for each paper (the baseline)."""
    rng = random.Random(seed)
    ids = sorted(p.id for p in papers)
    out = {}
    for pid in ids:
        picks: list[str] = []
        while len(picks) < min(k, len(ids) - 1):
            other = ids[rng.randrange(len(ids))]
            if other != pid and other not in picks:
                picks.append(other)
        out[pid] = tuple(picks)
    return out


def timed(call: Callable[[], object], runs: int, clock: Callable[[], float]) -> float:
    """Return the median time of ``runs`` calls by ``clock`` (wall or process CPU time)."""
    times = []
    for _ in range(runs):
        start = clock()
        call()
        times.append(clock() - start)
    return statistics.median(times)


def peak_bytes(call: Callable[[], object]) -> int:
    """Return the peak traced allocation during one call."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def stage_times(papers: Sequence[Paper], k: int) -> str:
    """Return how one call splits between vectorising and the two-stage blocked top-k (CPU time)."""
    ordered = sorted(papers, key=lambda p: p.id)
    n = len(ordered)
    start = time.process_time()
    matrix, df = related.tfidf_matrix(ordered)
    rare = np.flatnonzero(df <= max(related.CANDIDATE_MAX_DF * n, related.CANDIDATE_MIN_DF))
    mid = time.process_time()
    related.top_k(matrix, rare, k, related.default_block_size(n))
    end = time.process_time()
    return (
        f"tf-idf {mid - start:.2f} s ({matrix.shape[1]:,} terms, {len(rare):,} for candidates), "
        f"top-k {end - mid:.2f} s"
    )


#: Candidates from every term are the exact top k already.
EXACT = {"CANDIDATE_MAX_DF": 1.0, "CANDIDATES": related.DEFAULT_K}

VARIANTS: dict[str, dict[str, object]] = {
    "chosen": {},
    "exact top-k": EXACT,
    "no generic stop words": {"STOP_WORDS": related.ENGLISH_STOP_WORDS},
    "title once": {"TITLE_REPEAT": 1},
    "title 3x": {"TITLE_REPEAT": 3},
    "max_df 0.1": {"MAX_DF": 0.1},
    "no max_df": {"MAX_DF": 1.0},
    "20 candidates": {"CANDIDATES": 20},
    "candidate df <= 1%": {"CANDIDATE_MAX_DF": 0.01, "CANDIDATE_MIN_DF": 0},
    "candidate df <= 5%": {"CANDIDATE_MAX_DF": 0.05, "CANDIDATE_MIN_DF": 0},
}


def with_settings(settings: dict[str, object], call: Callable[[], object]) -> object:
    """Run ``call`` with module constants of generator.related temporarily replaced."""
    saved = {name: getattr(related, name) for name in settings}
    try:
        for name, value in settings.items():
            setattr(related, name, value)
        return call()
    finally:
        for name, value in saved.items():
            setattr(related, name, value)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print quality, examples, and timing of related papers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", type=Path, help="JSON Lines files of real abstracts")
    parser.add_argument("--k", type=int, default=related.DEFAULT_K)
    parser.add_argument("--sizes", default="1000,2000,10000", help="corpus sizes to time (default 1000,2000,10000)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per size (median; default 3)")
    parser.add_argument("--examples", type=int, default=5, help="example lists to print (default 5)")
    parser.add_argument("--variants", action="store_true", help="also compare settings on quality and time")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    k = args.k

    taxonomy = load_taxonomy()
    start = time.perf_counter()
    papers = load_papers(args.data, taxonomy)
    print(f"{len(papers):,} papers from {len(args.data)} files, prepared in {time.perf_counter() - start:.1f} s")

    lists = related.related_ids(papers, k)
    baseline = link_shares(papers, random_lists(papers, k, args.seed), taxonomy)
    print(f"\n## Agreement of related links (k={k}), share of links")
    print(f"{'measure':<16} {'related':>8} {'random':>8} {'links':>7}")
    for name, (share, count) in link_shares(papers, lists, taxonomy).items():
        print(f"{name:<16} {share:>8.1%} {baseline[name][0]:>8.1%} {count:>7,}")

    if args.variants:
        print("\n## Variants (same measures; time on the real corpus, one run)")
        print(f"{'variant':<22} {'topic':>7} {'specific':>9} {'keyword':>8} {'=exact':>7} {'CPU':>7}")
        exact = with_settings(EXACT, lambda: related.related_ids(papers, k))
        for name, settings in VARIANTS.items():
            t0 = time.process_time()
            found = with_settings(settings, lambda: related.related_ids(papers, k))
            seconds = time.process_time() - t0
            shares = link_shares(papers, found, taxonomy)  # type: ignore[arg-type]
            same = sum(found[i] == exact[i] for i in found) / len(found)  # type: ignore[index]
            print(
                f"{name:<22} {shares['topic'][0]:>7.1%} {shares['specific topic'][0]:>9.1%} "
                f"{shares['keyword'][0]:>8.1%} {same:>7.1%} {seconds:>6.2f}s"
            )
        print("(=exact: lists identical to the exact TF-IDF top k with the same weights; CPU: one run)")

    print(f"\n## {args.examples} example lists")
    by_id = {p.id: p for p in papers}
    rng = random.Random(args.seed)
    for paper in rng.sample(sorted(papers, key=lambda p: p.id), min(args.examples, len(papers))):
        print(f"\n{paper.title} ({paper.year}) [{', '.join(paper.topics)}]")
        for oid in lists[paper.id]:
            other = by_id[oid]
            shared = ", ".join(related.shared_topics(paper, other)) or "-"
            print(f"  -> {other.title} ({other.year}) [shared: {shared}]")

    print("\n## Speed and memory of related_ids")
    print(f"{'papers':>7} {'corpus':<10} {'wall, s':>8} {'CPU, s':>7} {'peak traced, MB':>16} {'dense NxN f32, MB':>18}  split (CPU)")
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    synthetic: list[Paper] = []
    ordered = sorted(papers, key=lambda p: p.id)
    for size in sizes:
        if size <= len(ordered):
            corpus, kind = ordered[:size], "real"
        else:
            if len(synthetic) < size:
                synthetic = synthetic_papers(size)
            corpus, kind = synthetic[:size], "synthetic"
        seconds = timed(lambda: related.related_ids(corpus, k), args.runs, time.perf_counter)
        cpu = timed(lambda: related.related_ids(corpus, k), args.runs, time.process_time)
        peak = peak_bytes(lambda: related.related_ids(corpus, k))
        dense = size * size * 4
        print(
            f"{size:>7,} {kind:<10} {seconds:>8.2f} {cpu:>7.2f} {peak / 2**20:>16.1f} {dense / 2**20:>18.0f}  "
            f"{stage_times(corpus, k)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
