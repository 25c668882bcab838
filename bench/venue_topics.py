"""Topics on venues papersite was not built around (issue 32): shares, coverage and how often the authors back them.

Usage: python bench/venue_topics.py VENUE.jsonl [MORE.jsonl ...] [--taxonomy FILE] [--show N] [--read N --seed S]

Each file is one corpus (one site). Topics are built as a build does from the abstracts alone, as a
user's plain file gives them: the title inferred from the abstract, no keywords; then corpus evidence
(nearest papers) and the split of a theme into learned subtopics (``generator.enrich.topics.subtopics``).
The real titles and the authors' keywords are used only to judge. Per venue it prints:

- the largest topic's share of papers (target: at most 35%) and the theme, if one was split;
- how many topics are each on at least 3% of papers (target: at least 8);
- the share of papers with a topic other than the fallback (target: at least 95%);
- the share of (paper, topic) pairs whose topic name shares a content word with the paper's real title
  or keywords (target: at least 55%). Content words: lower-cased runs of letters and digits, stop words
  out, a plural "s" folded (``keywords.singular``: "Gaussians" backs "Gaussian Splatting").
- beside it, a kinder figure of our own, "by terms": a pair also counts when the real title or keywords
  write one of the topic's strong terms ("Differentially Private ..." backs "Privacy", "Phishing" backs
  "Security"): how often the authors' words confirm the topic, whatever its name.

``--show N`` lists each venue's topics with their sizes and sources; ``--read N`` prints N subtopic
assignments (paper, learned subtopic) ranked by a seeded hash, with the real title, to read and judge.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from topic_eval import load_records, prepare  # noqa: E402

from generator.enrich.keywords import singular  # noqa: E402
from generator.enrich.topics import (  # noqa: E402
    Taxonomy, Topic, corpus_topics, load_taxonomy, normalize, topic_evidence,
)
from generator.enrich.topics.corpus import NEIGHBOURS  # noqa: E402
from generator.enrich.topics.subtopics import Split, split_themes  # noqa: E402
from generator.model import Paper, Source  # noqa: E402
from generator.plan.related import ENGLISH_STOP_WORDS, related_ids  # noqa: E402

_WORD = re.compile(r"[a-z0-9]+")


def content_words(text: str) -> set[str]:
    """Return the content words of a text: lower-cased letter and digit runs, stop words out, plurals folded."""
    return {singular(w) for w in _WORD.findall(text.lower()) if w not in ENGLISH_STOP_WORDS and len(w) > 1}


def build(records: Sequence[dict], taxonomy: Taxonomy) -> Split:
    """Return the topics a build gives records of one venue from their abstracts alone."""
    papers = []
    for i, record in enumerate(records):
        title, text = record["inferred_title"], record["text"]
        topics, mentioned = topic_evidence(title, text, (), taxonomy)
        papers.append(Paper(abstract=record["abstract"], venue="V", year=2024, source=Source(Path("eval"), i + 1),
                            id=f"{i:012d}", title=title, text=text, topics=topics, mentioned=mentioned))  # fmt: skip
    neighbours = related_ids(papers, NEIGHBOURS)
    return split_themes(corpus_topics(papers, neighbours, taxonomy), neighbours, taxonomy)


def _term_words(topic: Topic) -> tuple[str, ...]:
    """Return a topic's strong terms as matched: normalised, lower case (a learned subtopic's are its spellings)."""
    return tuple(normalize(term).lower() for term in (*topic.terms, *topic.subject_terms))


def figures(records: Sequence[dict], split: Split) -> dict[str, float]:
    """Return the venue's figures: largest share, topics on 3% or more, coverage, name-backed pairs."""
    n = len(records)
    fallback = split.taxonomy.fallback.name
    counts = Counter(name for paper in split.papers for name in paper.topics)
    specific = {name: c for name, c in counts.items() if name != fallback}
    terms = {topic.name: _term_words(topic) for topic in split.taxonomy.topics}
    pairs = backed = by_terms = 0
    for record, paper in zip(records, split.papers):
        authors = " ".join([record.get("title") or "", *(record.get("keywords") or ())])
        real = content_words(authors)
        said = f" {normalize(authors).lower()} "
        for name in paper.topics:
            if name == fallback:
                continue
            pairs += 1
            named = bool(content_words(name) & real)
            backed += named
            by_terms += named or any(f" {term} " in said for term in terms[name])
    return {
        "largest": max(specific.values(), default=0) / n,
        "topics_3pc": sum(c >= 0.03 * n for c in specific.values()),
        "covered": sum(any(t != fallback for t in p.topics) for p in split.papers) / n,
        "backed": backed / pairs if pairs else 0.0,
        "by_terms": by_terms / pairs if pairs else 0.0,
        "pairs": pairs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures of every venue file given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--taxonomy", type=Path, default=None)
    parser.add_argument("--show", type=int, default=0, help="list this many topics of each venue, largest first")
    parser.add_argument("--read", type=int, default=0, help="print this many subtopic assignments to judge")
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args(argv)
    taxonomy = load_taxonomy(args.taxonomy)
    print(f"{'venue':<20} {'papers':>6} {'largest':>8} {'>=3%':>5} {'covered':>8} {'backed':>7} {'by terms':>8}  theme")
    for path in args.paths:
        records = load_records(path)
        for record in records:  # the abstract alone, as a plain file gives it
            record.pop("text", None)
        prepare(records)
        split = build(records, taxonomy)
        f = figures(records, split)
        theme = ", ".join(split.themes) or "-"
        print(f"{path.stem:<20} {len(records):>6} {f['largest']:>8.1%} {f['topics_3pc']:>5} {f['covered']:>8.1%} "
              f"{f['backed']:>7.1%} {f['by_terms']:>8.1%}  {theme}")  # fmt: skip
        if args.show:
            counts = Counter(name for paper in split.papers for name in paper.topics)
            parents = {t.name: t.parent for t in split.taxonomy.topics}
            for name, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: args.show]:
                source = f"learned, {parents[name]}" if parents.get(name) else "taxonomy"
                print(f"    {c:>4} {c / len(records):6.1%}  {name}  ({source})")
        if args.read:
            learned = {t.name for t in split.taxonomy.topics if t.parent}
            pairs = [(r, name) for r, p in zip(records, split.papers) for name in p.topics if name in learned]
            pairs.sort(key=lambda rp: hashlib.sha256(f"{args.seed}\n{rp[0]['abstract']}\n{rp[1]}".encode()).hexdigest())
            for k, (record, name) in enumerate(pairs[: args.read], 1):
                print(f"\n{k:>2}. [{name}] {record.get('title')}")
                print(f"    keywords: {'; '.join(record.get('keywords') or ())}")
                print(f"    {record['abstract'][:400]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
