"""Authors' keywords merge across case and plural, shown the way most papers write them."""

from pathlib import Path

import pytest

from generator.enrich.keywords import keyword_key, merge_keywords
from generator.model import Paper, Source


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Large Language Models", "large language model"),
        ("graph neural networks", "Graph Neural Network"),
        ("  diffusion models ", "Diffusion model"),
        ("strategies", "strategy"),
    ],
)
def test_spellings_of_one_keyword_share_a_key(a: str, b: str) -> None:
    assert keyword_key(a) == keyword_key(b)


@pytest.mark.parametrize(("a", "b"), [("loss", "los"), ("transformers", "transformer models"), ("GAN", "GNN")])
def test_different_keywords_keep_different_keys(a: str, b: str) -> None:
    assert keyword_key(a) != keyword_key(b)


def _paper(*keywords: str) -> Paper:
    return Paper(abstract="x", venue="V", year=2024, source=Source(Path("f"), 1), keywords=keywords)


def test_merge_uses_the_most_common_spelling_and_drops_duplicates() -> None:
    papers = [
        _paper("large language models", "LLM"),
        _paper("Large Language Model", "large language models"),
        _paper("large language models", ""),
    ]
    merged = merge_keywords(papers)
    assert [p.keywords for p in merged] == [
        ("large language models", "LLM"),
        ("large language models",),
        ("large language models",),
    ]
