"""Measure topic assignment against the authors' own keywords: recall, a precision sample, coverage.

Usage: python bench/topic_eval.py DATA.jsonl [MORE.jsonl ...] [--sample 50] [--seed 2024] [--sample-title inferred]
    [--sample-half held-out] [--taxonomy FILE]

Topics are assigned as a build does: by the taxonomy's terms, then by corpus evidence, the papers
of all the given files making the corpus (``corpus_assign``); the macro recall of terms alone is
printed beside. Recall is reported on all papers with keywords and on each half of the fixed split (``bench/split.py``):
tune on the ``tune`` half, judge on ``held-out``; the precision sample is drawn from ``held-out``.

Keywords are always hidden from the assigner (as for plain-layout input). Abstracts are converted to plain
text with generator.latex as the product does (raw text if that module is missing or fails). Recall is
given with the real title shown and with a title inferred from the abstract by generator.titles, as the
product does for plain-layout input. The functions are importable for corpus-wide quality scripts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from split import HALVES, HELD_OUT, half  # noqa: E402

from generator.enrich.topics.corpus import NEIGHBOURS  # noqa: E402

from generator.enrich.topics import (  # noqa: E402
    Taxonomy,
    assign_topics,
    load_taxonomy,  # noqa: E402
)


def plain_text(abstract: str) -> str:
    """Return the abstract as the product passes it: TeX converted to plain text when possible."""
    try:
        from generator.enrich.tex import convert
    except ImportError:
        return abstract
    try:
        return convert(abstract).text
    except Exception:  # the bench measures topics; a converter bug must not stop it
        return abstract


def inferred_title(text: str, shared: frozenset[str] = frozenset()) -> str:
    """Return the title the product infers from plain text, or "" without generator.titles."""
    try:
        from generator.enrich.titles import infer_title
    except ImportError:
        return ""
    return infer_title(text, shared)


@dataclass(frozen=True)
class Concept:
    """A keyword concept the authors list, its accepted spellings, and the topic that should carry it."""

    name: str
    topic: str
    forms: frozenset[str]


def normalize_keyword(keyword: str) -> str:
    """Return a keyword lower-cased, hyphens and punctuation as spaces, a trailing "(ABBR)" dropped."""
    keyword = re.sub(r"\s*\([^)]*\)\s*$", "", keyword.strip().lower())
    return " ".join(re.sub(r"[^0-9a-z]+", " ", keyword).split())


def _forms(*spellings: str) -> frozenset[str]:
    return frozenset(normalize_keyword(s) for s in spellings)


# The 15 concepts 2024 authors list most often, singular, plural and abbreviated forms merged.
CONCEPTS: tuple[Concept, ...] = (
    Concept("large language models", "Large language models",
            _forms("large language model", "large language models", "llm", "llms")),
    Concept("reinforcement learning", "Reinforcement learning", _forms("reinforcement learning", "rl")),
    Concept("diffusion models", "Diffusion models", _forms("diffusion model", "diffusion models")),
    Concept("representation learning", "Representation learning", _forms("representation learning")),
    Concept("graph neural networks", "Graph neural networks",
            _forms("graph neural network", "graph neural networks", "gnn", "gnns")),
    Concept("self-supervised learning", "Self-supervised learning",
            _forms("self-supervised learning", "self supervised learning", "ssl")),
    Concept("generative models", "Generative models", _forms("generative model", "generative models")),
    Concept("federated learning", "Federated learning", _forms("federated learning", "fl")),
    Concept("transformers", "Transformers and attention", _forms("transformer", "transformers")),
    Concept("robustness", "Robustness", _forms("robustness")),
    Concept("in-context learning", "In-context learning",
            _forms("in-context learning", "in context learning", "icl")),
    Concept("interpretability", "Interpretability and explainability", _forms("interpretability")),
    Concept("contrastive learning", "Contrastive learning", _forms("contrastive learning")),
    Concept("optimization", "Optimization", _forms("optimization", "optimisation")),
    Concept("fairness", "Fairness", _forms("fairness")),
)


def listed_concepts(keywords: Iterable[str], concepts: Sequence[Concept] = CONCEPTS) -> set[str]:
    """Return the names of the concepts the authors' keywords list."""
    normalized = {normalize_keyword(k) for k in keywords}
    return {c.name for c in concepts if normalized & c.forms}


def load_records(path: Path) -> list[dict]:
    """Read one JSON record per line."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


Assigner = Callable[[dict], tuple[str, ...]]


def prepare(records: Sequence[dict]) -> None:
    """Add to each record its plain text and inferred title (the conversion is not what is timed).

    The records are one corpus: the names several of them write are no paper's own (as in a build).
    """
    from generator.enrich.papers import shared_words

    for record, shared in zip(records, shared_words([r["abstract"] for r in records])):
        record.setdefault("text", plain_text(record["abstract"]))
        record.setdefault("inferred_title", inferred_title(record["text"], frozenset(shared)))


def assigner(taxonomy: Taxonomy, show_title: bool = True) -> Assigner:
    """Return a function giving a record's topics from plain text and the real or inferred title."""

    def assign(record: dict) -> tuple[str, ...]:
        title = (record.get("title") or "") if show_title else record.get("inferred_title", "")
        return assign_topics(title, record.get("text", record["abstract"]), (), taxonomy)

    return assign


def corpus_assign(records: Sequence[dict], taxonomy: Taxonomy, show_title: bool = True) -> list[tuple[str, ...]]:
    """Return every record's topics as a build gives them: by terms, corpus evidence, a theme's subtopics.

    The records are the corpus (a site of them all): each paper's nearest papers among them vote
    (``generator.enrich.topics.corpus``); a topic on more than a third of them is split
    (``generator.enrich.topics.subtopics``: ICLR has no such topic).
    """
    from generator.enrich.topics import corpus_topics, topic_evidence
    from generator.enrich.topics.subtopics import split_themes
    from generator.model import Paper, Source
    from generator.plan.related import related_ids

    papers = []
    for i, record in enumerate(records):
        title = (record.get("title") or "") if show_title else record.get("inferred_title", "")
        text = record.get("text", record["abstract"])
        topics, mentioned = topic_evidence(title, text, (), taxonomy)
        papers.append(Paper(abstract=record["abstract"], venue="V", year=2024, source=Source(Path("eval"), i + 1),
                            id=f"{i:012d}", title=title, text=text, topics=topics, mentioned=mentioned))  # fmt: skip
    neighbours = related_ids(papers, NEIGHBOURS)
    return [p.topics for p in split_themes(corpus_topics(papers, neighbours, taxonomy), neighbours, taxonomy).papers]


def concept_recall(
    records: Sequence[dict], assigned: Sequence[tuple[str, ...]], concepts: Sequence[Concept] = CONCEPTS
) -> dict[str, tuple[int, int]]:
    """Return, per concept, (papers carrying its topic, papers whose authors list the concept)."""
    result: dict[str, tuple[int, int]] = {}
    for concept in concepts:
        hits = total = 0
        for record, topics in zip(records, assigned):
            if concept.name in listed_concepts(record.get("keywords") or (), concepts):
                total += 1
                hits += concept.topic in topics
        result[concept.name] = (hits, total)
    return result


def macro_recall(recall: dict[str, tuple[int, int]]) -> float:
    """Return the mean over concepts of the per-concept recall (concepts nobody lists are skipped)."""
    rates = [hits / total for hits, total in recall.values() if total]
    return sum(rates) / len(rates) if rates else 0.0


def unlisted_sample(
    records: Sequence[dict],
    assigned: Sequence[tuple[str, ...]],
    n: int = 50,
    seed: int = 2024,
    concepts: Sequence[Concept] = CONCEPTS,
) -> list[tuple[dict, str]]:
    """Return n (record, topic) pairs, fixed seed, where a concept topic was given but not listed.

    Pairs are ranked by a hash of the seed, the paper and the topic, not drawn at random, so
    a change that adds or removes a few tags leaves the rest of the sample as it was, and
    reads of two versions at one seed compare.
    """
    pairs: list[tuple[dict, str]] = []
    for record, topics in zip(records, assigned):
        if not record.get("keywords"):
            continue  # without keywords "not listed" means nothing
        listed = listed_concepts(record["keywords"], concepts)
        for concept in concepts:
            if concept.topic in topics and concept.name not in listed:
                pairs.append((record, concept.topic))
    def rank(pair: tuple[dict, str]) -> str:
        record, topic = pair
        return hashlib.sha256(f"{seed}\n{record['abstract']}\n{topic}".encode()).hexdigest()

    return sorted(pairs, key=rank)[:n]


def coverage(assigned: Sequence[tuple[str, ...]], fallback: str) -> float:
    """Return the share of papers that get a topic other than the fallback."""
    return sum(topics != (fallback,) for topics in assigned) / len(assigned) if assigned else 0.0


def distribution(assigned: Iterable[tuple[str, ...]]) -> Counter[str]:
    """Return how many papers carry each topic (a paper counts once per topic it carries)."""
    return Counter(name for topics in assigned for name in topics)


def throughput(records: Sequence[dict], assign: Assigner, rounds: int = 3) -> float:
    """Return papers assigned per second, best of a few rounds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for record in records:
            assign(record)
        best = min(best, time.perf_counter() - start)
    return len(records) / best


def _report_recall(label: str, recalls: dict[str, dict[str, tuple[int, int]]]) -> None:
    """Print each concept's recall in every group of papers (all, and each half of the split)."""
    print(f"\n## Recall of the authors' concepts ({label}); targets, held-out half: macro >= 85%, each >= 65%")
    print(f"  {'concept':<26}" + "".join(f" {group:>17}" for group in recalls))
    first = next(iter(recalls.values()))
    for name in first:
        cells = []
        for recall in recalls.values():
            hits, total = recall[name]
            cells.append(f"{hits:>4}/{total:<4} {hits / total if total else float('nan'):6.1%}")
        print(f"  {name:<26}" + "".join(f" {cell:>17}" for cell in cells))
    print(f"  {'macro average':<26}" + "".join(f" {macro_recall(r):>17.1%}" for r in recalls.values()))


def main(argv: Sequence[str] | None = None) -> int:
    """Print every figure for the given JSONL files (the first with keywords for recall)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--sample", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--taxonomy", type=Path, default=None)
    parser.add_argument(
        "--sample-title",
        choices=("real", "inferred"),
        default="real",
        help="draw the precision sample from topics assigned with the real title or, as for plain-layout input, "
        "with the title inferred from the abstract",
    )
    parser.add_argument(
        "--sample-half", choices=("all", *HALVES), default=HELD_OUT,
        help="draw the precision sample from this half of the fixed split (bench/split.py)",
    )  # fmt: skip
    args = parser.parse_args(argv)

    taxonomy = load_taxonomy(args.taxonomy)
    fallback = taxonomy.fallback.name
    corpora = {path: load_records(path) for path in args.paths}
    for records in corpora.values():
        prepare(records)
    keyed = [r for records in corpora.values() for r in records if r.get("keywords")]

    everything = [r for records in corpora.values() for r in records]
    has_keywords = [bool(r.get("keywords")) for r in everything]
    by_corpus = {show: corpus_assign(everything, taxonomy, show) for show in (True, False)}
    with_title = [t for t, k in zip(by_corpus[True], has_keywords) if k]
    without_title = [t for t, k in zip(by_corpus[False], has_keywords) if k]
    for label, show in (("title + abstract", True), ("inferred title + abstract", False)):
        terms = [assigner(taxonomy, show)(r) for r in keyed]
        alone = {
            name: macro_recall(concept_recall([r for r in keyed if half(r) == name],
                                              [t for r, t in zip(keyed, terms) if half(r) == name]))
            for name in HALVES
        }  # fmt: skip
        print(f"terms alone ({label}): macro recall " + ", ".join(f"{v:.1%} {k}" for k, v in alone.items()))
    groups = {"all": [True] * len(keyed), **{name: [half(r) == name for r in keyed] for name in HALVES}}
    for label, assigned in (("title + abstract", with_title), ("title inferred from the abstract", without_title)):
        recalls = {
            group: concept_recall([r for r, k in zip(keyed, keep) if k], [a for a, k in zip(assigned, keep) if k])
            for group, keep in groups.items()
        }
        _report_recall(label, recalls)
    if args.sample_half != "all":
        keep = [half(r) == args.sample_half for r in keyed]
        keyed = [r for r, k in zip(keyed, keep) if k]
        with_title = [a for a, k in zip(with_title, keep) if k]
        without_title = [a for a, k in zip(without_title, keep) if k]

    sampled = with_title if args.sample_title == "real" else without_title
    print(
        f"\n## {args.sample} papers given a concept topic their authors did not list "
        f"(seed {args.seed}, {args.sample_title} title, {args.sample_half} papers)"
    )
    for i, (record, topic) in enumerate(unlisted_sample(keyed, sampled, args.sample, args.seed), 1):
        print(f"\n{i:>2}. [{topic}] {record['title']}")
        print(f"    {record.get('text', record['abstract'])[:300]}")

    for label, show in (("title + abstract", True), ("inferred title + abstract", False)):
        print(f"\n## Coverage ({label}); target >= 97% not '{fallback}'")
        start = 0
        for path, records in corpora.items():
            assigned = by_corpus[show][start : start + len(records)]
            start += len(records)
            print(f"  {path.name:<24} {coverage(assigned, fallback):6.1%} of {len(records)}")
    assigned = by_corpus[True]
    counts = distribution(assigned)
    sizes = Counter(len(t) for t in assigned)
    print(f"\n## Papers per topic (title + abstract, {len(everything)} papers)")
    for name in taxonomy.names:
        print(f"  {counts[name]:>5} {counts[name] / len(everything):6.1%}  {name}")
    print("  topics per paper: " + ", ".join(f"{k}: {sizes[k]}" for k in sorted(sizes)))
    print(f"\n## Speed: {throughput(everything, assigner(taxonomy, True)):,.0f} papers/s (terms alone)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
