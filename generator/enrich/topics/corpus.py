"""Corpus evidence for topics: a paper gets a topic most of its nearest papers carry by their terms.

The taxonomy's terms decide each paper's topics on its own words (``assign``); they were written
by someone who read other papers than the user's. The corpus knows more: papers on the same
subject are each other's nearest neighbours (TF-IDF cosine, as for related papers), and when
most of a paper's nearest papers carry a topic by their terms while the paper itself mentions
it too weakly to carry it, the paper is about it too ("Streaming algorithms for lp regression",
whose neighbours are learning theory, and which speaks of bounds).

Only term topics vote, so what the corpus adds never feeds on itself, and the result does not
depend on the order papers are seen in. A paper never gets a topic its own text does not
mention at all: neighbours share vocabulary, not always subjects, and without that condition
about half of what they suggest is wrong (read on the dev papers, ``bench/topic_eval.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ...model import Paper
from .assign import MAX_BROAD, MAX_TOPICS
from .taxonomy import Taxonomy

#: How many nearest papers vote, and how many of them must carry a topic by its terms.
NEIGHBOURS = 10
VOTES_NEEDED = 6


def corpus_topics(papers: Sequence[Paper], neighbours: Mapping[str, Sequence[str]], taxonomy: Taxonomy) -> list[Paper]:
    """Return the papers with the topics their nearest papers give them added (``Paper.corpus_topics``).

    ``neighbours`` gives each paper id its nearest papers' ids, closest first (the first
    ``NEIGHBOURS`` vote). A paper keeps every topic its terms gave it and gains, after them,
    the mentioned topics (``Paper.mentioned``) at least ``VOTES_NEEDED`` neighbours carry by
    their terms, most votes first, as long as it has fewer than ``MAX_TOPICS`` (and fewer than
    ``MAX_BROAD`` broad areas). A paper in the fallback topic leaves it for what it gains.
    """
    fallback, broad, order = taxonomy.fallback.name, taxonomy._broad, taxonomy._order
    by_terms = {paper.id: paper.topics for paper in papers}
    out = []
    for paper in papers:
        votes = Counter(name for other in neighbours.get(paper.id, ())[:NEIGHBOURS] for name in by_terms.get(other, ()))
        gained = sorted(
            (name for name in paper.mentioned if votes[name] >= VOTES_NEEDED), key=lambda name: (-votes[name], order[name])
        )
        if not gained:
            out.append(paper)
            continue
        topics = [name for name in paper.topics if name != fallback]
        added = []
        for name in gained:
            if len(topics) >= MAX_TOPICS:
                break
            if name in broad and sum(t in broad for t in topics) >= MAX_BROAD:
                continue
            topics.append(name)
            added.append(name)
        out.append(replace(paper, topics=tuple(topics), corpus_topics=tuple(added)) if added else paper)
    return out
