"""Related papers: determinism, no self, k and small corpora, obvious neighbours, blocks."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.model import Paper, Source
from generator.plan import related

WORDS = (
    "graph neural network diffusion image language model token policy reward agent robot protein "
    "molecule attention transformer sparse kernel gradient optimizer federated privacy attack "
    "defense video audio speech retrieval memory cache quantization pruning distillation"
).split()


def paper(pid: str, title: str, text: str, topics: tuple[str, ...] = ()) -> Paper:
    return Paper(text, "ICLR", 2024, Source(Path("t.txt"), 1), title=title, id=pid, text=text, topics=topics)


def corpus(n: int, seed: int = 0) -> list[Paper]:
    rng = random.Random(seed)
    return [
        paper(f"p{i:04d}", " ".join(rng.sample(WORDS, 3)), " ".join(rng.choices(WORDS, k=40)))
        for i in range(n)
    ]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, 7])
def test_small_corpora_get_every_other_paper_up_to_k(n: int) -> None:
    papers = corpus(n)
    found = related.related_ids(papers, k=5)
    assert sorted(found) == sorted(p.id for p in papers)
    for pid, others in found.items():
        assert len(others) == min(5, n - 1)
        assert pid not in others
        assert len(set(others)) == len(others)


@pytest.mark.parametrize("k", [0, 1, 5, 12])
def test_k_neighbours_never_self(k: int) -> None:
    papers = corpus(80)
    for pid, others in related.related_ids(papers, k=k).items():
        assert len(others) == k and pid not in others and len(set(others)) == k


def test_same_input_same_lists_whatever_the_order() -> None:
    papers = corpus(120, seed=3)
    shuffled = papers[:]
    random.Random(9).shuffle(shuffled)
    assert related.related_ids(papers) == related.related_ids(shuffled) == related.related_ids(papers)


def test_near_duplicates_are_each_others_first_neighbour() -> None:
    papers = corpus(100, seed=5)
    base = "Protein folding with equivariant diffusion over residue graphs and side chain torsions"
    papers.append(paper("zz1", "Equivariant protein diffusion", base + " for enzyme design."))
    papers.append(paper("aa2", "Equivariant protein diffusion models", base + " for antibody design."))
    found = related.related_ids(papers)
    assert found["zz1"][0] == "aa2"
    assert found["aa2"][0] == "zz1"


def test_ties_go_to_the_smaller_id() -> None:
    # Identical texts score the same with every paper; papers sharing no word score 0 with all.
    papers = [paper(pid, "", "alpha beta gamma") for pid in ("c", "a", "d", "b")]
    papers.append(paper("e", "", "unrelated words entirely"))
    found = related.related_ids(papers, k=3)
    assert found["c"] == ("a", "b", "d")
    assert found["a"] == ("b", "c", "d")
    assert found["e"] == ("a", "b", "c")


@pytest.mark.parametrize("block_size", [1, 7, 64])
def test_blocks_give_the_same_lists_as_one_block(block_size: int) -> None:
    papers = corpus(150, seed=11)
    whole = related.related_ids(papers, block_size=len(papers))
    assert related.related_ids(papers, block_size=block_size) == whole


def test_candidate_stage_and_sampled_threshold_match_exact_ranking(monkeypatch: pytest.MonkeyPatch) -> None:
    # A corpus wider than the sample and than the candidates, with rare terms only for candidates:
    # the two-stage ranking must still hand every paper k distinct others, in the same order
    # whatever the block size; with all terms for candidates it is the exact top k.
    papers = corpus(400, seed=2)
    monkeypatch.setattr(related, "SAMPLE", 32)
    monkeypatch.setattr(related, "CANDIDATES", 8)
    monkeypatch.setattr(related, "CANDIDATE_MIN_DF", 0)
    assert related.related_ids(papers, block_size=13) == related.related_ids(papers, block_size=400)
    monkeypatch.setattr(related, "CANDIDATE_MAX_DF", 1.0)
    exact = related.related_ids(papers, block_size=400)
    matrix, _ = related.tfidf_matrix(sorted(papers, key=lambda p: p.id))
    dense = (matrix @ matrix.T).toarray()
    ids = sorted(p.id for p in papers)
    for row, pid in enumerate(ids):
        dense[row, row] = -1.0
        best = sorted(range(len(ids)), key=lambda j: (-dense[row, j], j))[:5]
        assert [dense[row, j] for j in best] == pytest.approx([dense[row, ids.index(o)] for o in exact[pid]], abs=1e-6)


@given(st.text(alphabet=st.sampled_from("aZz09 -.\u00e9\u0130\u212a\u03a3\ud800\U0001d400")))
def test_words_in_bytes_are_the_words_in_the_str(text: str) -> None:
    # Words are found in the lower-cased text encoded as ASCII ("?" for the rest): the same
    # words as in the str, whatever its non-ASCII characters (the Kelvin sign lowers to "k").
    found = [w.decode() for w in related._WORD.findall(text.lower().encode("ascii", "replace"))]
    assert found == re.findall(r"[a-z][a-z0-9]+", text.lower())


def test_unenriched_papers_are_refused() -> None:
    with pytest.raises(ValueError, match="no id"):
        related.related_ids([replace(corpus(1)[0], id="")])


def test_shared_topics_keep_the_papers_order() -> None:
    a = paper("a", "", "x", ("Diffusion models", "Robotics", "Generative models"))
    b = paper("b", "", "x", ("Generative models", "Diffusion models"))
    assert related.shared_topics(a, b) == ("Diffusion models", "Generative models")
