"""Measure the Map tab's layout: how close papers of a topic sit, and what the layout costs.

Usage: python bench/map_eval.py DATA.jsonl [MORE.jsonl ...] [--runs 3] [--sizes 2000,10000]

Papers are built as bench/related_eval.py builds them (topics from the shipped taxonomy), then
placed by ``paper_map.layout``. Quality: the mean distance of random pairs of papers sharing a topic (the
fallback topic does not count) over that of all random pairs (``paper_map.topic_ratio``; the
issue asks at most 0.8). Speed: the median wall and CPU time of ``layout`` (TF-IDF, SVD, neighbours, t-SNE) on the real papers and on synthetic corpora of --sizes
(bench/make_corpus.py). Runs single-threaded (BLAS threads limited to 1), as a build does.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from related_eval import load_papers, synthetic_papers, timed  # noqa: E402

from generator.enrich.topics import load_taxonomy  # noqa: E402
from generator.plan import paper_map  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="2000,10000")
    args = parser.parse_args()
    taxonomy = load_taxonomy(None)
    papers = load_papers(args.data, taxonomy)
    places = paper_map.layout(papers)
    again = paper_map.layout(papers)
    ratio = paper_map.topic_ratio(papers, places, ignore=taxonomy.fallback.name)
    print(f"{len(papers):,} real papers: topic distance ratio {ratio:.3f} (target <= 0.8); same map twice: {places == again}")
    corpora = [("real", papers)] + [(f"synthetic {n:,}", synthetic_papers(n)) for n in map(int, args.sizes.split(","))]
    print(f"{'corpus':>18} {'papers':>8} {'wall s':>8} {'cpu s':>8}   (medians of {args.runs})")
    for name, corpus in corpora:
        wall = timed(lambda: paper_map.layout(corpus), args.runs, time.perf_counter)
        cpu = timed(lambda: paper_map.layout(corpus), args.runs, time.process_time)
        print(f"{name:>18} {len(corpus):>8,} {wall:>8.2f} {cpu:>8.2f}")


if __name__ == "__main__":
    main()
