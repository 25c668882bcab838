"""Measure the near-copy rule of the ledger of addresses on real abstracts, both halves of the split.

Usage::

    python bench/near_copy.py ../shared/data/iclr2024-dev.jsonl [../shared/data/iclr2025-dev.jsonl ...]

``generator/plan/permalinks/place.py`` takes an abstract for an edit of a ledger entry's when the
sketches estimate at least ``NEAR_COPY`` of shared word 3-shingles. This prints, for each half of
the fixed split (``bench/split.py``), the estimated share of:

- an abstract and itself with a few words changed (a typo fix, a figure updated): must stay above;
- an abstract and another paper's that opens with the same two sentences: must stay below;
- distinct papers of the corpus (each one's nearest other paper): must stay far below.

The edits and the pairings are drawn with a fixed seed, so two runs print the same figures.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from split import halves  # noqa: E402

from generator.plan.permalinks import sketch  # noqa: E402
from generator.plan.permalinks.place import NEAR_COPY  # noqa: E402

EDITED_WORDS = (1, 3, 5)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def edited(text: str, words: int, rng: random.Random) -> str:
    """Return ``text`` with ``words`` of its words replaced by others."""
    tokens = text.split()
    for i in rng.sample(range(len(tokens)), min(words, len(tokens))):
        tokens[i] = f"edit{rng.randrange(10_000)}"
    return " ".join(tokens)


def same_opening(a: str, b: str) -> str:
    """Return paper ``b`` with the first two sentences of paper ``a`` in front of its own text."""
    opening = _SENTENCE_END.split(a)[:2]
    return " ".join([*opening, *_SENTENCE_END.split(b)[2:]])


def figures(abstracts: Sequence[str], rng: random.Random) -> dict[str, list[float]]:
    sketches = [sketch.sketch(text) for text in abstracts]
    out: dict[str, list[float]] = defaultdict(list)
    for i, text in enumerate(abstracts):
        for words in EDITED_WORDS:
            out[f"{words} words edited"].append(sketch.similarity(sketches[i], sketch.sketch(edited(text, words, rng))))
        other = abstracts[(i + 1 + rng.randrange(len(abstracts) - 1)) % len(abstracts)]
        if len(_SENTENCE_END.split(other)) > 3:
            out["same two opening sentences"].append(sketch.similarity(sketches[i], sketch.sketch(same_opening(text, other))))
    # Each paper's nearest other paper (by estimated share): what a wrong match would need.
    holders: dict[str, list[int]] = defaultdict(list)
    for k, values in enumerate(sketches):
        for value in values:
            holders[value].append(k)
    for i, values in enumerate(sketches):
        near = {k for value in values for k in holders[value] if k != i and abstracts[k] != abstracts[i]}
        out["nearest distinct paper"].append(max((sketch.similarity(values, sketches[k]) for k in near), default=0.0))
    return out


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__)
        return 2
    print(f"NEAR_COPY = {NEAR_COPY}: an abstract takes over an entry at or above it")
    for name in paths:
        records = [json.loads(line) for line in Path(name).read_text(encoding="utf-8").splitlines() if line.strip()]
        for part, rows in halves(records).items():
            abstracts = [" ".join(str(r["abstract"]).split()) for r in rows]
            print(f"\n{Path(name).name}, {part} ({len(abstracts)} papers): estimated share of word 3-shingles")
            print(f"  {'case':28} {'min':>5} {'median':>6} {'max':>5}  on the wrong side of {NEAR_COPY}")
            for case, values in figures(abstracts, random.Random(f"{name}:{part}")).items():
                must_match = "edited" in case
                wrong = sum((v < NEAR_COPY) if must_match else (v >= NEAR_COPY) for v in values)
                print(
                    f"  {case:28} {min(values):5.2f} {statistics.median(values):6.2f} {max(values):5.2f}"
                    f"  {wrong} of {len(values)}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
