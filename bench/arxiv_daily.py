"""Make a venue nobody here has read from a public archive of arXiv's daily listings.

Usage: python bench/arxiv_daily.py ARCHIVE CATEGORY YEAR N OUT [--seed S] [--month MM] [--exclude VENUE.jsonl ...]

``ARCHIVE`` is a clone of one of two archives:

- https://github.com/CSQianDong/Awesome-arXiv-Daily-Reporter keeps each day's new arXiv papers of a few
  categories as ``<day>-<Mon>-<year>/<CATEGORY>/papers.jsonl`` (one Python dict per line: arXiv id,
  title, authors, abstract). ``CATEGORY`` is its folder name (``NLP`` is cs.CL, ``AI`` cs.AI, ``IR`` cs.IR).
- https://github.com/a1henu/arxiv-daily-scroll keeps one day's cs.CV and cs.RO papers as
  ``data/<year>-<mm>-<dd>/arxiv.json`` (``{"papers": [{arxiv_id, title, authors, summary}]}``). It has
  one listing, so ``CATEGORY`` only names the venue (``CV``). Its forks keep the same layout, some a
  month to a file (``data/<year>-<mm>/arxiv.json``); ``--month MM`` keeps one month's files.

The papers of the year's days, each arXiv id once and abstracts of at least 300 characters, are
shuffled with the seed; those whose titles the ``--exclude`` venues have are left out (a paper read in
one venue is not unread in another), and N of them are written as ``OUT.jsonl`` (the
records of ``../shared/data/venues``: title, abstract, no keywords) and ``OUT.txt`` (the plain layout,
"arXiv-<CATEGORY> <YEAR> Papers", which is what a user gives papersite). The titles are for judging
only: ``title_eval.py`` and ``venue_topics.py`` take the ``.jsonl``.

The archive is third-party data: it stays outside this repository.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

MIN_ABSTRACT = 300
_VERSION = re.compile(r"v\d+$")  # "2510.09608v1": a paper is listed again when revised


def read_day(path: Path) -> list[dict]:
    """Return the records of one day's ``papers.jsonl`` (lines it cannot read are skipped)."""
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            record = ast.literal_eval(line)
        except (ValueError, SyntaxError):
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def read_scroll_day(path: Path) -> list[dict]:
    """Return the records of one day's ``arxiv.json``, each with its summary as ``abstract``."""
    papers = json.loads(path.read_text(encoding="utf-8")).get("papers", [])
    return [{**raw, "abstract": raw.get("summary", "")} for raw in papers if isinstance(raw, dict)]


def listings(archive: Path, category: str, year: int, month: str = "") -> list[dict]:
    """Return the raw records of a category's days of a year (or of one month), in day order, from either layout."""
    days = sorted(archive.glob(f"*-{year}/{category}/papers.jsonl")) if not month else []
    if days:
        return [raw for day in days for raw in read_day(day)]
    files = sorted(archive.glob(f"data/{year}-{month}*/arxiv.json" if month else f"data/{year}-*/arxiv.json"))
    return [raw for day in files for raw in read_scroll_day(day)]


def _title_key(title: str) -> str:
    return " ".join(title.casefold().split())


def _authors(authors: object) -> str:
    """Return authors as the venue records write them: one string, names apart by commas."""
    return ", ".join(map(str, authors)) if isinstance(authors, list) else str(authors)


def venue(archive: Path, category: str, year: int, seed: int, month: str = "") -> list[dict]:
    """Return a category's papers of a year, as venue records, in a seeded random order."""
    seen: set[str] = set()
    records = []
    for raw in listings(archive, category, year, month):
        abstract = " ".join(str(raw.get("abstract", "")).split())
        key = _VERSION.sub("", str(raw.get("arxiv_id") or "")) or abstract
        if key in seen or len(abstract) < MIN_ABSTRACT:
            continue
        seen.add(key)
        title = " ".join(str(raw["title"]).split())
        records.append({"year": year, "venue": f"arXiv-{category}", "title": title, "abstract": abstract,
                        "keywords": [], "github_urls": [], "authors": _authors(raw.get("authors", ""))})  # fmt: skip
    random.Random(seed).shuffle(records)
    return records


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("archive", type=Path)
    ap.add_argument("category")
    ap.add_argument("year", type=int)
    ap.add_argument("n", type=int)
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--month", default="", help="one month's files only (MM), in the second layout")
    ap.add_argument("--exclude", type=Path, nargs="*", default=[], help="venue .jsonl files whose papers to leave out")
    args = ap.parse_args(argv)
    # A paper two archives list is read once it is read in either.
    known = {_title_key(json.loads(line)["title"]) for path in args.exclude for line in path.open(encoding="utf-8")}
    records = venue(args.archive, args.category, args.year, args.seed, args.month)
    records = [record for record in records if _title_key(record["title"]) not in known][: args.n]
    if not records:
        print(f"no papers of {args.category} in {args.year} under {args.archive}", file=sys.stderr)
        return 2
    with args.out.with_suffix(".jsonl").open("w", encoding="utf-8") as fh:
        for record in records:
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    header = f"arXiv-{args.category} {args.year} Papers"
    text = header + "\n\n" + "\n\n".join(r["abstract"] for r in records) + "\n"
    args.out.with_suffix(".txt").write_text(text, encoding="utf-8")
    print(f"{len(records)} papers of {args.category} {args.year}: {args.out.with_suffix('')}.jsonl and .txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
