"""Measure generator.latex and generator.links on a JSONL file of abstracts.

Usage: python bench/text_eval.py ../shared/data/iclr2024-dev.jsonl [more.jsonl ...]
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.enrich.links import find_links, github_repo  # noqa: E402
from generator.enrich.tex import convert  # noqa: E402
from generator.enrich.tex import markup as latex  # noqa: E402
from generator.enrich.tex import mathml as latex_math

log = logging.getLogger("bench.text_eval")

_MATH_RE = re.compile(r"\$|\\\(|\\\[")
_TAG_RE = re.compile(r"<math\b.*?</math>", re.DOTALL)
_LEFTOVERS = {"\\cmd": re.compile(r"\\[A-Za-z]"), "$": re.compile(r"\$"), "{": re.compile(r"\{"),
              "}": re.compile(r"\}")}  # fmt: skip


def evaluate(path: Path) -> None:
    """Convert every abstract of `path` and log speed, math and leftover figures."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    abstracts = [r["abstract"] for r in records]
    # CPU time, not wall time: the machine is shared, and other processes should not count.
    latex_math._convert_math.cache_clear()
    latex_math._symbol.cache_clear()
    start = time.process_time()
    results = [convert(a) for a in abstracts]
    cold = time.process_time() - start
    start = time.process_time()
    for a in abstracts:
        convert(a)
    warm = time.process_time() - start
    start = time.process_time()
    links = [find_links(a) for a in abstracts]
    link_time = time.process_time() - start
    start = time.process_time()
    for r in records:
        latex.tex_to_text(r.get("title") or "")
    title_time = time.process_time() - start

    with_math = sum(1 for a in abstracts if _MATH_RE.search(a))
    spans = sum(r.html.count("<math ") for r in results)
    failed = sum(1 for r in results for w in r.warnings if w.startswith("math could not"))
    warnings = Counter(w.split(" ", 2)[0] + " " + w.split(" ", 2)[1] for r in results for w in r.warnings)
    leftovers = Counter()
    examples: dict[str, str] = {}
    for a, r in zip(abstracts, results):
        for field, value in (("text", r.text), ("html", _TAG_RE.sub("", r.html))):
            for name, pattern in _LEFTOVERS.items():
                for m in pattern.finditer(value):
                    leftovers[f"{field} {name}"] += 1
                    examples.setdefault(f"{field} {name}", value[max(0, m.start() - 40) : m.end() + 40])

    expected = found = 0
    false_badges: list[str] = []
    for record, found_links in zip(records, links):
        want = {u.lower() for u in (github_repo(x) for x in record.get("github_urls") or []) if u}
        got = {u.lower() for u in found_links.github}
        expected += len(want)
        found += len(want & got)
        false_badges += sorted(got - want)

    n = len(abstracts)
    print(f"{path.name}: {n} abstracts")
    print(
        f"  convert: {n / cold:,.0f} abstracts/s cold cache ({cold / n * 1e3:.3f} ms each), "
        f"{n / warm:,.0f}/s warm ({warm / n * 1e3:.3f} ms); find_links {n / link_time:,.0f}/s; "
        f"tex_to_text(title) {title_time / n * 1e3:.3f} ms"
    )
    print(f"  math: {with_math} abstracts with math, {spans} spans converted, {failed} failed")
    print(f"  warnings: {dict(warnings.most_common())}")
    print(f"  leftovers: {dict(leftovers) or 'none'}")
    for key, example in examples.items():
        print(f"    {key}: ...{example!r}...")
    print(f"  links: recall {found}/{expected}, badges not in github_urls: {false_badges or 'none'}")
    print(f"  project pages: {sum(len(x.project_pages) for x in links)}")


if __name__ == "__main__":
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "iclr2024-dev.jsonl"
    for arg in sys.argv[1:] or [str(default)]:
        evaluate(Path(arg))
