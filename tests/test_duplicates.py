"""Duplicates: one paper read twice is kept once, near-duplicates are kept and named."""

from __future__ import annotations

import html
import logging
import math
import re
from itertools import combinations
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator import cli, urls
from generator.errors import Notice, collecting
from generator.model import Paper, Source
from generator.read.shingles import NEAR_COPY, words
from generator.read import DUPLICATES_LISTED, read_inputs
from generator.read import duplicates
from generator.read.duplicates import fold, near_pairs

FIXTURES = Path(__file__).parent / "fixtures" / "duplicates"
NEAR = "near-duplicate abstract"


def shingles(text: str) -> set[tuple[str, ...]]:
    """Return the three-word shingles of a text, the plain way."""
    found = re.findall(r"\w+", text.casefold())
    return set(zip(found, found[1:], found[2:]))


def jaccard(a: str, b: str) -> float:
    """Return the share of shingles two texts have in common (0 when either has none)."""
    ours, theirs = shingles(a), shingles(b)
    return len(ours & theirs) / len(ours | theirs) if ours and theirs else 0.0


def read_noting(paths: list[Path]) -> tuple[list[Paper], list[Notice]]:
    """Read the paths; return the papers kept, and the notices logged."""
    with collecting() as notices:
        papers = read_inputs(paths)
    return papers, notices


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
    assert [paper.source for paper in kept] == [Source(plain, 3), Source(plain, 5)]
    dropped = of_kind(notices, "duplicate abstract")
    assert [n.where for n in dropped] == [f"{plain}:7", f"{jsonl}:1"]
    for item in dropped:
        assert f"already read at {plain}:3" in item.message
        assert "differs only in spacing, quotes or case" in item.message
    assert not of_kind(notices, NEAR)


# --- near-duplicates --------------------------------------------------------------------


def test_near_duplicate_with_one_phrase_more_is_kept_and_named() -> None:
    path = FIXTURES / "near.txt"
    papers, notices = read_noting([path])
    assert [p.source.line for p in papers] == [3, 5, 7]
    share = jaccard(papers[0].abstract, papers[2].abstract)
    assert NEAR_COPY <= share < 1
    (pair,) = of_kind(notices, NEAR)
    assert pair.where == f"{path}:7"
    assert f"{path}:3" in pair.message
    assert f"{math.floor(share * 100) / 100:.2f}" in pair.message
    assert not of_kind(notices, "duplicate abstract")


def test_distinct_abstracts_opening_with_the_same_sentence_are_not_near_duplicates() -> None:
    papers, notices = read_noting([FIXTURES / "opening.txt"])
    assert len(papers) == 2
    assert 0 < jaccard(papers[0].abstract, papers[1].abstract) < NEAR_COPY  # they do share shingles
    assert not [n for n in notices if "duplicate" in n.kind]


def test_near_duplicate_notices_come_by_file_and_line(tmp_path: Path) -> None:
    near = tmp_path / "b-near.txt"
    near.write_bytes((FIXTURES / "near.txt").read_bytes())
    header, first, _, _ = near.read_text(encoding="utf-8").split("\n\n")
    other = tmp_path / "a-other.txt"  # read last, its path sorts first
    assert other.parts < near.parts
    other.write_text(f"{header}\n\n{first.replace('gate,', 'gate with a temperature schedule,')}\n", encoding="utf-8")
    _, notices = read_noting([near, other])
    assert [(n.where, n.message.split(" (")[0]) for n in of_kind(notices, NEAR)] == [
        (f"{other}:3", f"nearly the same abstract as {near}:3"),
        (f"{other}:3", f"nearly the same abstract as {near}:7"),
        (f"{near}:7", f"nearly the same abstract as {near}:3"),
    ]


def test_many_near_duplicates_fold_on_the_console_after_the_first_few(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    base = (FIXTURES / "near.txt").read_text(encoding="utf-8").split("\n\n")[1]
    copies = [f"{base} Variant {k} of the results." for k in range(8)]
    pairs = sum(1 for a, b in combinations(copies, 2) if jaccard(a, b) >= NEAR_COPY)
    assert pairs > DUPLICATES_LISTED
    corpus = tmp_path / "copies.txt"
    corpus.write_text("ICLR 2024 Papers\n\n" + "\n\n".join(copies) + "\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        read_inputs([corpus])
    near = [r for r in caplog.records if getattr(r, "notice", "") == NEAR]
    assert len(near) == pairs
    assert sum(r.folded for r in near) == pairs - DUPLICATES_LISTED
    assert any(f"found {pairs} pairs of near-duplicate abstracts in all" in r.getMessage() for r in caplog.records)


@given(
    st.lists(st.lists(st.sampled_from("abcd"), max_size=12).map(" ".join), max_size=20),
    st.sampled_from([2, 3, 50]),
    st.sampled_from([1, 3, 1024]),
)
def test_near_pairs_are_the_pairs_all_pairs_would_find(abstracts: list[str], max_holders: int, block: int) -> None:
    """Whatever the blocks the words are read and the pairs found in (a block of one paper included)."""
    sets = [shingles(text) for text in abstracts]
    holders = {s: sum(s in other for other in sets) for ours in sets for s in ours}
    expected = [
        (i, j)
        for i, j in combinations(range(len(abstracts)), 2)
        if jaccard(abstracts[i], abstracts[j]) >= NEAR_COPY
        # the documented limit: a pair that shares only common shingles is not found
        and any(holders[s] <= max_holders for s in sets[i] & sets[j])
    ]
    with patch.object(duplicates, "READING_BLOCK", block), patch.object(duplicates, "PAIRING_BLOCK", block):
        found = near_pairs(abstracts, max_holders=max_holders)
    assert sorted((i, j) for i, j, _ in found) == expected
    for i, j, share in found:
        assert share == pytest.approx(jaccard(abstracts[i], abstracts[j]))


@given(st.text())
def test_shingle_words_are_the_word_characters_of_the_folded_text(text: str) -> None:
    assert words(text) == [word.encode() for word in re.findall(r"\w+", text.casefold())]


# --- the quality report -----------------------------------------------------------------


def test_report_command_lists_the_near_duplicate_pair(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["report", "-q", "-f", str(project / "mkdocs.yml"), str(FIXTURES / "near.txt")]) == 0
    out = capsys.readouterr().out
    assert f"{NEAR} (1):" in out
    (line,) = [line for line in out.splitlines() if "nearly the same abstract" in line]
    assert line.strip().startswith("near.txt:7: ") and "near.txt:3" in line


def test_report_page_lists_the_near_duplicate_pair(project: Path) -> None:
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml"), str(FIXTURES / "near.txt")]) == 0
    page = (project / "site_src" / urls.REPORT_PAGE).read_text(encoding="utf-8")
    assert f"### {NEAR} (1)" in page
    (line,) = [line for line in page.splitlines() if "nearly the same abstract" in line]
    assert "<code>near.txt:7</code>" in line and "near.txt:3" in html.unescape(line)  # the page escapes ':'

