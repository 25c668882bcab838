"""Measure the readers' duplicate pass (``generator/read/duplicates.py``), or list what it finds.

Usage::

    python bench/near_duplicates.py time [--count 10000] [--runs 5] [--source ../shared/data]
    python bench/near_duplicates.py find FILE_OR_FOLDER...

``time`` makes two corpora of ``--count`` abstracts from the real ones of ``--source`` and prints,
for each, the wall and CPU time of finding near-duplicate pairs (``near_pairs``) and of merging
abstracts that are the same once folded (``merge``), median of ``--runs`` runs, and the pairs found:

- distinct papers: ``make_corpus.py``'s corpus (real sentences recombined: papers made from one
  real abstract share many sentences, so a shingle is often held by ten papers);
- edited copies: the real abstracts over and over, each copy with 3 words replaced (every
  abstract has 4 or 5 near copies: the most pairs to count and to name).

``find`` reads the files as a build does and prints every duplicate and near-duplicate notice.
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_corpus import DEFAULT_SOURCE, load_abstracts, make_corpus  # noqa: E402
from near_copy import edited  # noqa: E402

from generator.errors import collecting  # noqa: E402
from generator.model import Paper, Source  # noqa: E402
from generator.read import duplicates, read_inputs  # noqa: E402

EDITED_WORDS = 3

Result = TypeVar("Result")


def edited_copies(abstracts: Sequence[str], count: int, seed: int = 0) -> list[str]:
    """Return ``count`` abstracts: the given ones over and over, each copy with a few words replaced."""
    rng = random.Random(seed)
    return [edited(abstracts[i % len(abstracts)], EDITED_WORDS, rng) for i in range(count)]


def quiet() -> None:
    """Keep notices off the console: there are thousands, and printing them is not what is measured."""
    logger = logging.getLogger("generator")
    logger.addHandler(logging.NullHandler())
    logger.propagate = False


def timed(work: Callable[[], Result], runs: int) -> tuple[float, float, Result]:
    """Return the median wall and CPU seconds of ``work`` over ``runs`` runs, and what it returned."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def measure(count: int, runs: int, source: Path) -> None:
    """Print the times of the duplicate pass on the two corpora."""
    import numpy  # noqa: F401  (imported by a build long before reading ends: not the pass's cost)

    pool = load_abstracts(source)
    corpora = {
        "distinct papers": make_corpus(pool, count, seed=0),
        f"edited copies ({EDITED_WORDS} words)": edited_copies([" ".join(sentences) for sentences in pool], count),
    }
    quiet()
    print(f"{count:,} abstracts, median of {runs} runs (wall / CPU seconds)")
    for name, abstracts in corpora.items():
        papers = [Paper(text, "ICLR", 2025, Source(Path("corpus.txt"), 2 * i + 3)) for i, text in enumerate(abstracts)]
        wall, cpu, pairs = timed(lambda: duplicates.near_pairs(abstracts), runs)
        merge_wall, merge_cpu, _ = timed(lambda: duplicates.merge(papers), runs)
        print(
            f"  {name:26} near_pairs {wall:.3f} / {cpu:.3f}  ({len(pairs):,} pairs)"
            f"   merge {merge_wall:.3f} / {merge_cpu:.3f}"
        )


def find(paths: Sequence[Path]) -> None:
    """Print the duplicate and near-duplicate notices reading ``paths`` gives."""
    quiet()
    with collecting() as notices:
        papers = read_inputs(paths)
    found = [n for n in notices if n.kind in {"duplicate abstract", "near-duplicate abstract"}]
    print(f"{len(papers):,} papers kept; {len(found)} notices")
    for item in found:
        print(f"  {item.kind}: {item.where}: {item.message}")


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``time`` or ``find``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    timing = commands.add_parser("time", help="time the pass on two synthetic corpora")
    timing.add_argument("--count", type=int, default=10_000, help="abstracts per corpus (default 10,000)")
    timing.add_argument("--runs", type=int, default=5, help="runs to take the median of (default 5)")
    timing.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="folder of real .jsonl abstracts")
    finding = commands.add_parser("find", help="list the duplicates of real files")
    finding.add_argument("paths", type=Path, nargs="+", metavar="FILE_OR_FOLDER")
    args = parser.parse_args(argv)
    if args.command == "time":
        measure(args.count, args.runs, args.source)
    else:
        find(args.paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
