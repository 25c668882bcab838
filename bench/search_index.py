"""Build only the search index of a corpus, and say how long it took and how large it is.

    python bench/search_index.py CORPUS [CORPUS ...] [--out SITE] [--jobs N] [--runs N]

CORPUS files are read and enriched as ``papersite generate`` does (nothing cached), then
``generator/render/search.py`` builds the index (``--runs`` times; the median is printed).
With ``--out``, the index replaces ``SITE/searchindex/``: a site built from a smaller corpus
then searches the larger one, for ``bench/search_speed.py`` at sizes where building every
page would take an hour (the search box reads only its index; results link to pages the
site does not have).
"""

from __future__ import annotations

import argparse
import collections
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator import enrich, read  # noqa: E402
from generator.enrich.topics import load_taxonomy  # noqa: E402
from generator.pipeline.background import default_jobs  # noqa: E402
from generator.pipeline.run import paper_map  # noqa: E402
from generator.render import search  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="+", type=Path, help="input files, as papersite generate takes them")
    parser.add_argument("--out", type=Path, help="a built site whose searchindex/ is replaced")
    parser.add_argument("--jobs", type=int, help="processes to enrich with (default: one per CPU)")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args(argv)

    started = time.perf_counter()
    papers = enrich.enrich(read.read_inputs(args.corpus), load_taxonomy(None), map_papers=paper_map(args.jobs or default_jobs()))
    print(f"{len(papers):,} papers read and enriched in {time.perf_counter() - started:.1f} s")
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        files = search.index_files(papers)
        times.append(time.perf_counter() - started)
    print(f"search index built in {statistics.median(times):.2f} s (median of {len(times)}; runs {', '.join(f'{t:.2f}' for t in times)})")
    sizes: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    for path, data in files.items():
        relative = path[len(search.ROOT) + 1 :]
        part = relative.split("/")[0] if "/" in relative else relative
        sizes[part] += len(data)
        counts[part] += 1
    print("size: " + ", ".join(f"{part} {sizes[part] / 1e6:.1f} MB in {counts[part]:,} files" for part in sorted(sizes)))
    if args.out:
        target = args.out / search.ROOT
        if not (args.out / "index.html").is_file():
            raise SystemExit(f"{args.out}: not a built site (no index.html)")
        shutil.rmtree(target, ignore_errors=True)
        for path, data in files.items():
            (args.out / path).parent.mkdir(parents=True, exist_ok=True)
            (args.out / path).write_bytes(data)
        print(f"wrote {len(files):,} files into {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
