"""Duplicates: one paper read twice is kept once, named at both places."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import Notice, collecting
from generator.model import Source
from generator.read import read_inputs
from generator.read.duplicates import fold

FIXTURES = Path(__file__).parent / "fixtures" / "duplicates"


def read_noting(paths: list[Path]) -> tuple[list[Source], list[Notice]]:
    """Read the paths; return where each paper kept was read, and the notices logged."""
    with collecting() as notices:
        papers = read_inputs(paths)
    return [paper.source for paper in papers], notices


def of_kind(notices: list[Notice], kind: str) -> list[Notice]:
    return [n for n in notices if n.kind == kind]


# --- the same abstract, written differently ---------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("as data~grows", "as data grows"),
        ("the model’s loss", "the model's loss"),
        ("call this ``scaling''", 'call this "scaling"'),
        ("call this “scaling”", 'call this "scaling"'),
        ("call this ‘scaling’", "call this `scaling'"),
        ("  two  spaces ", "two spaces"),
        ("We Show", "we show"),
    ],
)
def test_fold_makes_spelling_variants_equal(one: str, other: str) -> None:
    assert fold(one) == fold(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("data grows", "data grew"), ("shifts, enabling", "shifts—enabling"), ("a-b", "a b"), ("x'", 'x"')],
)
def test_fold_keeps_words_and_punctuation(one: str, other: str) -> None:
    assert fold(one) != fold(other)


def test_tilde_apostrophe_and_space_variants_are_one_paper_named_at_both_places() -> None:
    plain, jsonl = FIXTURES / "variants.txt", FIXTURES / "variants.jsonl"
    kept, notices = read_noting([plain, jsonl])
    assert kept == [Source(plain, 3), Source(plain, 5)]
    dropped = of_kind(notices, "duplicate abstract")
    assert [n.where for n in dropped] == [f"{plain}:7", f"{jsonl}:1"]
    for item in dropped:
        assert f"already read at {plain}:3" in item.message
        assert "differs only in spacing, quotes or case" in item.message
