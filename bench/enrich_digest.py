"""Enrich corpora and print one digest of every field enrichment derives: a change that only
makes papersite faster must leave it as it was.

    python bench/enrich_digest.py CORPUS [CORPUS ...] [--out FILE] [--jobs N]

CORPUS files are read as ``papersite generate`` reads them (plain layout, JSON Lines or CSV);
in the plain layout every title is inferred. ``--out`` also writes every enriched paper as a
JSON line, to find what differs (``diff`` two of them). Nothing is cached: every paper is
enriched afresh. Each paper's source (file and line) is among its fields: compare runs given
the same paths.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator import enrich, read  # noqa: E402
from generator.enrich.topics import load_taxonomy  # noqa: E402
from generator.pipeline.background import default_jobs  # noqa: E402
from generator.pipeline.run import paper_map  # noqa: E402


def enriched_lines(paths: list[Path], jobs: int | None) -> list[str]:
    """Return every paper of the corpora, enriched, as one JSON line each (keys sorted)."""
    papers = enrich.enrich(read.read_inputs(paths), load_taxonomy(None), map_papers=paper_map(jobs or default_jobs()))
    return [json.dumps(dataclasses.asdict(p), ensure_ascii=False, sort_keys=True, default=str) for p in papers]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="+", type=Path, help="input files, as papersite generate takes them")
    parser.add_argument("--out", type=Path, help="also write the enriched papers here, a JSON line each")
    parser.add_argument("--jobs", type=int, help="processes to enrich with (default: one per CPU)")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)  # per-paper warnings (unknown macros) are not the point here
    started = time.perf_counter()
    lines = enriched_lines(args.corpus, args.jobs)
    body = "".join(line + "\n" for line in lines).encode("utf-8")
    if args.out:
        args.out.write_bytes(body)
    print(f"{hashlib.sha256(body).hexdigest()}  {len(lines):,} papers ({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
