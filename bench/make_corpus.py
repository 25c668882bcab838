"""Make a synthetic corpus of N distinct abstracts in the plain layout, from real ones.

Usage: python bench/make_corpus.py N OUT.txt [--seed S] [--source ../shared/data] [--years 2025]

Every synthetic abstract starts from a real one (its first sentence, so it opens like a
paper) and swaps about half of its other sentences for sentences at the same relative
position in other real abstracts. Length, LaTeX, links, odd characters and their
frequencies stay those of the real corpus; no two abstracts are the same. The output is
deterministic for a seed, and the corpus of N papers is a prefix of the corpus of
M > N papers made with the same seed (so sizes of a scaling run are comparable).

With ``--years 2024,2025`` the papers are dealt round-robin into one file per year,
``OUT-2024.txt`` and ``OUT-2025.txt``, each with its own ``ICLR <year> Papers`` header.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

log = logging.getLogger("bench.make_corpus")

#: The shared data folder beside the project (``../shared/data``).
DEFAULT_SOURCE = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
DEFAULT_VENUE = "ICLR"

#: A sentence ends at . ! or ? followed by a space and something that can start one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\\$(\[\"'`])")
#: A dollar sign that opens or closes math (``\$`` is a literal dollar).
_MATH_DOLLAR = re.compile(r"(?<!\\)\$")

#: Share of a base abstract's sentences (after the first) replaced by a donor's.
SWAP_SHARE = 0.5


def _balanced(text: str) -> bool:
    """Return whether math dollars and braces are balanced, so a split cannot cut TeX."""
    return len(_MATH_DOLLAR.findall(text)) % 2 == 0 and text.count("{") == text.count("}")


def split_sentences(abstract: str) -> list[str]:
    """Split an abstract into sentences, never inside ``$...$`` or ``{...}``."""
    sentences: list[str] = []
    pending = ""
    for piece in _SENTENCE_END.split(abstract.strip()):
        pending = f"{pending} {piece}" if pending else piece
        if _balanced(pending):
            sentences.append(pending)
            pending = ""
    if pending:
        sentences.append(pending)
    return sentences


def load_abstracts(source: Path) -> list[list[str]]:
    """Return the sentences of every abstract in the JSON Lines files of ``source``, sorted."""
    files = sorted(p for p in source.iterdir() if p.suffix in {".jsonl", ".ndjson"})
    if not files:
        raise SystemExit(f"{source}: no .jsonl files to take abstracts from")
    abstracts: set[str] = set()
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                abstract = json.loads(line)["abstract"]
            except (ValueError, KeyError, TypeError) as error:
                raise SystemExit(f"{path}:{number}: expected a JSON object with 'abstract' ({error})") from error
            if isinstance(abstract, str) and abstract.strip():
                abstracts.add(" ".join(abstract.split()))  # one paragraph, as the plain layout needs
    log.info("read %d abstracts from %d files in %s", len(abstracts), len(files), source)
    return [split_sentences(a) for a in sorted(abstracts)]


def _with_stop(sentence: str) -> str:
    # The source dropped each abstract's final period; a sentence moved to the middle needs it back.
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."


def recombine(pool: Sequence[list[str]], base: list[str], rng: random.Random) -> str:
    """Return an abstract: ``base``'s first sentence, then its others, about half swapped."""
    out = [base[0]]
    positions = range(1, len(base))
    swap = {j for j in positions if rng.random() < SWAP_SHARE}
    if positions and not swap:
        swap = {rng.choice(positions)}
    for j in positions:
        sentence = base[j]
        if j in swap:
            donor = pool[rng.randrange(len(pool))]
            # Same relative place: openers stay openers, result sentences stay results.
            k = min(len(donor) - 1, max(1, round(j * len(donor) / len(base))))
            sentence = donor[k]
        out.append(sentence)
    if len(base) == 1:  # a one-sentence abstract: add a sentence so the paper is new
        donor = pool[rng.randrange(len(pool))]
        out.append(donor[-1])
    text = " ".join(_with_stop(s) for s in out[:-1])
    return f"{text} {out[-1]}"


def make_corpus(pool: Sequence[list[str]], count: int, seed: int) -> list[str]:
    """Return ``count`` distinct abstracts; paper ``i`` depends only on the seed and ``i``."""
    order = list(range(len(pool)))
    random.Random(f"{seed}:order").shuffle(order)
    seen: set[str] = set()
    papers = []
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        base = pool[order[i % len(order)]]
        for _attempt in range(100):
            text = recombine(pool, base, rng)
            if text not in seen:
                break
        else:  # pragma: no cover - needs a pool of a handful of abstracts
            raise SystemExit(f"could not make paper {i} distinct; give a larger source")
        seen.add(text)
        papers.append(text)
    return papers


def write_plain(path: Path, venue: str, year: int, abstracts: Sequence[str]) -> None:
    """Write abstracts in the plain layout: header, blank line, one paragraph each."""
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "\n\n".join([f"{venue} {year} Papers", *abstracts]) + "\n"
    path.write_text(body, encoding="utf-8", newline="\n")


def write_corpus(
    count: int, out: Path, seed: int = 0, source: Path = DEFAULT_SOURCE, years: Sequence[int] = (2025,)
) -> list[Path]:
    """Make and write the corpus; return the files written (one per year)."""
    papers = make_corpus(load_abstracts(source), count, seed)
    if len(years) == 1:
        write_plain(out, DEFAULT_VENUE, years[0], papers)
        return [out]
    written = []
    for index, year in enumerate(years):
        path = out.with_name(f"{out.stem}-{year}{out.suffix}")
        write_plain(path, DEFAULT_VENUE, year, papers[index :: len(years)])
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: make an N-paper corpus."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, metavar="N", help="number of papers")
    parser.add_argument("out", type=Path, metavar="OUT.txt", help="the plain-layout file to write")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="folder of real .jsonl abstracts")
    parser.add_argument(
        "--years", default="2025",
        help="comma-separated years; several write one file per year, OUT-<year>.txt (default 2025)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.count < 1:
        parser.error("N must be at least 1")
    years = [int(y) for y in args.years.split(",") if y.strip()]
    for path in write_corpus(args.count, args.out, args.seed, args.source, years):
        log.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
