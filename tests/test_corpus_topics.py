"""Corpus evidence: a paper gains a topic most of its nearest papers carry, if its own text mentions it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.enrich.topics import corpus_topics, load_taxonomy, topic_evidence
from generator.enrich.topics.assign import MAX_BROAD, MAX_TOPICS
from generator.enrich.topics.corpus import NEIGHBOURS, VOTES_NEEDED
from generator.model import Paper, Source

TAXONOMY = """
- name: Graphs
  description: Graph learning.
  terms: [graph neural network]
- name: Theory
  description: Learning theory.
  terms: [generalization bound]
  weak_terms: [bound, bounds]
- name: Vision
  description: Images.
  terms: [image classification]
  weak_terms: [image, images]
  broad: true
- name: Science
  description: Science.
  terms: [protein]
  broad: true
- name: Audio
  description: Sound.
  terms: [speech recognition]
  broad: true
- name: Other
  description: The rest.
  fallback: true
"""


@pytest.fixture()
def taxonomy(tmp_path: Path):
    path = tmp_path / "topics.yml"
    path.write_text(TAXONOMY, encoding="utf-8")
    return load_taxonomy(path)


def paper(key: str, topics: tuple[str, ...], mentioned: tuple[str, ...] = ()) -> Paper:
    return Paper(abstract=key, venue="V", year=2024, source=Source(Path("f.txt"), 1), id=key, topics=topics,
                 mentioned=mentioned)  # fmt: skip


def corpus(target: Paper, carriers: int, topic: str = "Theory") -> tuple[list[Paper], dict[str, tuple[str, ...]]]:
    """``target`` and NEIGHBOURS papers, ``carriers`` of them carrying ``topic`` by their terms."""
    others = [paper(f"n{i}", (topic,) if i < carriers else ("Graphs",)) for i in range(NEIGHBOURS)]
    neighbours = {target.id: tuple(p.id for p in others), **{p.id: (target.id,) for p in others}}
    return [target, *others], neighbours


def test_a_topic_most_neighbours_carry_and_the_paper_mentions_is_gained(taxonomy) -> None:
    papers, neighbours = corpus(paper("p", ("Graphs",), mentioned=("Theory",)), VOTES_NEEDED)
    gained = corpus_topics(papers, neighbours, taxonomy)[0]
    assert gained.topics == ("Graphs", "Theory")
    assert gained.corpus_topics == ("Theory",)


def test_too_few_votes_or_no_mention_gain_nothing(taxonomy) -> None:
    papers, neighbours = corpus(paper("p", ("Graphs",), mentioned=("Theory",)), VOTES_NEEDED - 1)
    assert corpus_topics(papers, neighbours, taxonomy)[0] == papers[0]
    papers, neighbours = corpus(paper("p", ("Graphs",)), NEIGHBOURS)  # every neighbour, but never mentioned
    assert corpus_topics(papers, neighbours, taxonomy)[0] == papers[0]


def test_only_the_nearest_neighbours_vote(taxonomy) -> None:
    target = paper("p", ("Graphs",), mentioned=("Theory",))
    papers, neighbours = corpus(target, 0)
    far = [paper(f"f{i}", ("Theory",)) for i in range(NEIGHBOURS)]
    neighbours[target.id] += tuple(p.id for p in far)  # after the nearest ones: no vote
    assert corpus_topics([*papers, *far], neighbours, taxonomy)[0] == target


def test_corpus_topics_do_not_vote_and_order_does_not_matter(taxonomy) -> None:
    # Two papers, each the other's only carrier: a topic one gains cannot give it to the next.
    papers, neighbours = corpus(paper("p", ("Graphs",), mentioned=("Theory",)), VOTES_NEEDED)
    chained = paper("q", ("Graphs",), mentioned=("Theory",))
    neighbours[chained.id] = ("p",) * VOTES_NEEDED + ("n9",)
    forward = corpus_topics([*papers, chained], neighbours, taxonomy)
    backward = corpus_topics([chained, *reversed(papers)], neighbours, taxonomy)
    assert forward[-1] == chained and backward[0] == chained
    assert {p.id: p.topics for p in forward} == {p.id: p.topics for p in backward}


def test_the_fallback_makes_way_and_the_limits_hold(taxonomy) -> None:
    papers, neighbours = corpus(paper("p", ("Other",), mentioned=("Theory",)), NEIGHBOURS)
    assert corpus_topics(papers, neighbours, taxonomy)[0].topics == ("Theory",)

    assert MAX_TOPICS == 4 and MAX_BROAD == 2
    full = paper("p", ("Graphs", "Vision", "Science", "Audio"), mentioned=("Theory",))
    papers, neighbours = corpus(full, NEIGHBOURS)
    assert corpus_topics(papers, neighbours, taxonomy)[0] == full

    areas = paper("p", ("Graphs", "Vision", "Science"), mentioned=("Audio",))  # two areas: the most there are
    papers, neighbours = corpus(areas, NEIGHBOURS, topic="Audio")
    assert corpus_topics(papers, neighbours, taxonomy)[0] == areas


def test_mentioned_topics_are_the_ones_with_too_little_evidence(taxonomy) -> None:
    text = "We train a graph neural network. The graph neural network has a bound on its error."
    topics, mentioned = topic_evidence("", text, (), taxonomy)
    assert topics == ("Graphs",) and mentioned == ("Theory",)
