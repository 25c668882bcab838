"""Duplicate abstracts: the same paper read twice, and two papers nearly the same.

Two abstracts that are the same once spacing, ``~``, quote styles and case are folded
(``fold``) are one paper read twice: the first read is kept and the other dropped
(``merge``). Two abstracts that share at least ``NEAR_COPY`` of their three-word shingles,
the share at which the ledger of addresses takes an abstract for an edit of another
(``shingles``, as the ledger of addresses does), are named as near-duplicates and both kept (``flag_near``):
a phrase added or a sentence reworded may be a revised version, or two papers of one
group. Each is a notice naming both places as file:line.

Finding near-duplicates compares no more than the pairs that share a shingle few
abstracts have (``near_pairs``), so it grows with the corpus, not with its square.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING

from ..errors import notice
from ..model import Paper
from .shingles import NEAR_COPY, SHINGLE, words

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DUPLICATES_LISTED", "flag_near", "fold", "merge", "near_pairs"]

log = logging.getLogger(__name__)

# Duplicate abstracts (and near-duplicate pairs) named one by one before the rest are
# folded into a count.
DUPLICATES_LISTED = 20
#: Abstracts a shingle may occur in and still pair them: one more common is boilerplate
#: ("in this paper we"), which would pair thousands of papers that share nothing else.
MAX_HOLDERS = 50
#: Abstracts whose words are numbered at once (``_shingles``), and papers whose pairs are found
#: at once (``_shared``): the memory either takes grows with its block, not with the corpus.
READING_BLOCK = 1000
PAIRING_BLOCK = 1024

# Curly quotes and TeX's `` and '' as straight ones, ~ (TeX's unbreakable space) as a space: in
# this order, so `` and ’’ become '' and then ". A chain of replace() takes half the time of
# str.translate, which is slow on text with non-ASCII characters.
_STRAIGHT = (
    ("\u2018", "'"), ("\u2019", "'"), ("\u201a", "'"), ("\u201b", "'"), ("`", "'"),
    ("\u201c", '"'), ("\u201d", '"'), ("\u201e", '"'), ("\u201f", '"'), ("''", '"'),
    ("~", " "),
)  # fmt: skip


def fold(abstract: str) -> str:
    """Return the abstract as duplicates are told apart: spacing, ``~``, quote styles and case folded."""
    for variant, plain in _STRAIGHT:
        abstract = abstract.replace(variant, plain)
    return " ".join(abstract.casefold().split())


def _warn_each(kind: str, found: Sequence[tuple[Paper, str]], summary: str) -> None:
    """Log each of ``found`` (a paper, what to say of it) as a notice, the console's share folded."""
    for count, (paper, message) in enumerate(found, 1):
        # Reading a JSONL file and its plain twin repeats every abstract, and templated abstracts
        # pair each with all the others: the console lists the first few, then one line for the
        # rest, so real warnings stay visible.
        log.warning(
            "%s: %s", paper.source, message, extra=notice(kind, paper.source, folded=count > DUPLICATES_LISTED)
        )
    if len(found) > DUPLICATES_LISTED:
        log.warning("%s; -v and the report list every one", summary % len(found))


def merge(papers: Sequence[Paper]) -> list[Paper]:
    """Return the papers without those whose folded abstract was read before; log each one dropped."""
    kept: list[Paper] = []
    first: dict[str, Paper] = {}
    dropped: list[tuple[Paper, str]] = []
    for paper in papers:
        earlier = first.setdefault(fold(paper.abstract), paper)
        if earlier is paper:
            kept.append(paper)
            continue
        how = "" if earlier.abstract == paper.abstract else " (it differs only in spacing, quotes or case)"
        dropped.append((paper, f"skipping an abstract already read at {earlier.source}{how}"))
    _warn_each("duplicate abstract", dropped, "skipped %d duplicate abstracts in all")
    return kept


def flag_near(papers: Sequence[Paper], threshold: float = NEAR_COPY) -> None:
    """Log a notice for each pair of papers whose abstracts are near-duplicates, by file and line."""

    def place(paper: Paper) -> tuple[tuple[str, ...], int]:
        return paper.source.path.parts, paper.source.line

    pairs = sorted(
        near_pairs([paper.abstract for paper in papers], threshold),
        key=lambda pair: (place(papers[pair[1]]), place(papers[pair[0]])),
    )
    found = [
        (
            papers[j],
            # Floored, so 1.00 is only shown for the same words (the punctuation differs).
            f"nearly the same abstract as {papers[i].source} ({math.floor(share * 100 + 1e-9) / 100:.2f} of "
            "their three-word phrases in common); both are kept",
        )
        for i, j, share in pairs
    ]
    _warn_each("near-duplicate abstract", found, "found %d pairs of near-duplicate abstracts in all")


def near_pairs(
    abstracts: Sequence[str], threshold: float = NEAR_COPY, max_holders: int = MAX_HOLDERS
) -> list[tuple[int, int, float]]:
    """Return each pair ``(i, j, share)``, ``i < j``, of abstracts sharing at least ``threshold`` of their shingles.

    ``share`` is the Jaccard index of the two sets of shingles (exact, not estimated). Only
    pairs that share a shingle at most ``max_holders`` abstracts have are found: a text that
    more abstracts than that are near copies of is not (each pair of them would be named).
    """
    import numpy as np  # 10,000 abstracts hold two million shingles

    shingle, paper = _held(abstracts)
    if not len(shingle):
        return []
    sizes = np.bincount(paper, minlength=len(abstracts))
    _starts, holders = _runs(shingle)
    common = np.repeat(holders > max_holders, holders)
    # Common shingles pair no papers: two papers share at most as many of them as the one
    # with fewer has, beyond those counted. A share of t needs t / (1 + t) of both sizes.
    uncounted = np.bincount(paper[common], minlength=len(abstracts))
    kept: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for first, second, counted in _shared(shingle, paper, holders, len(abstracts), max_holders):
        most = counted + np.minimum(uncounted[first], uncounted[second])
        maybe = most >= threshold / (1 + threshold) * (sizes[first] + sizes[second]) - 1e-9
        kept.append((first[maybe], second[maybe], counted[maybe]))
    first, second, counted = (np.concatenate(column).tolist() for column in zip(*kept))
    commons = _by_paper(shingle[common], paper[common], [*first, *second])
    found = []
    for i, j, shared in zip(first, second, counted):
        shared += len(commons.get(i, set()) & commons.get(j, set()))
        share = shared / (int(sizes[i]) + int(sizes[j]) - shared)
        if share >= threshold:
            found.append((i, j, share))
    return found


def _held(abstracts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Return which abstract holds which shingle, once each: shingles numbered 0, 1, ..., sorted by shingle, then abstract."""
    import numpy as np

    code, paper = _shingles(abstracts)
    order = np.argsort(code)
    # Shingles renumbered 0, 1, ... in sorted order: small enough to share one number with their abstract.
    starts, lengths = _runs(code[order])
    shingle = np.repeat(np.arange(len(starts)), lengths)
    key = np.sort(shingle * len(abstracts) + paper[order])
    key = key[_runs(key)[0]]
    return key // len(abstracts), key % len(abstracts)


def _shingles(abstracts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Return each shingle of the abstracts as a number, and the index of its abstract (ascending)."""
    import numpy as np

    # Words numbered by first appearance: exact (no hash can collide) and the same on every run.
    # A block of abstracts at a time: the words of every abstract at once would be a gigabyte
    # at 100,000 papers.
    vocabulary: dict[bytes, int] = {}
    numbered, sized = [np.zeros(0, dtype=np.int64)], [np.zeros(0, dtype=np.int64)]
    for start in range(0, len(abstracts), READING_BLOCK):
        texts = [words(abstract) for abstract in abstracts[start : start + READING_BLOCK]]
        flat = list(chain.from_iterable(texts))
        for word in dict.fromkeys(flat):
            if word not in vocabulary:
                vocabulary[word] = len(vocabulary)
        numbered.append(np.fromiter(map(vocabulary.__getitem__, flat), dtype=np.int64, count=len(flat)))
        sized.append(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)))
    ids, lengths = np.concatenate(numbered), np.concatenate(sized)
    counts = np.maximum(lengths - (SHINGLE - 1), 0)  # an abstract of fewer words has no shingle
    # The first word of each shingle: its abstract's first word, plus its place among the abstract's shingles.
    first = np.arange(counts.sum()) + np.repeat((np.cumsum(lengths) - lengths) - (np.cumsum(counts) - counts), counts)
    code = ids[first]
    for k in range(1, SHINGLE):
        if len(code) and (int(code.max()) + 1) * len(vocabulary) >= 2**63:  # millions of distinct words
            code = np.unique(code, return_inverse=True)[1].astype(np.int64)
        code = code * len(vocabulary) + ids[first + k]
    return code, np.repeat(np.arange(len(abstracts)), counts)


def _shared(
    shingle: np.ndarray, paper: np.ndarray, holders: np.ndarray, size: int, max_holders: int
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Yield, a block of papers at a time, the pairs of papers (first, second, first < second) sharing shingles, and how many.

    ``shingle`` and ``paper`` say which paper holds which shingle, shingle by shingle, in
    ascending order; each shingle has ``holders`` papers. Shingles of one paper or of more than
    ``max_holders`` pair none. The pairs come from the product of the papers-by-shingles matrix
    with its transpose, a block of rows at a time: memory grows with the pairs of one block,
    never with the pairs of the corpus (papers that are variants of each other, dozens of
    them, share most of their shingles).
    """
    import numpy as np
    from scipy import sparse

    pairing = np.repeat((holders > 1) & (holders <= max_holders), holders)
    held = sparse.csr_matrix(
        (np.ones(int(pairing.sum()), dtype=np.int32), (paper[pairing], shingle[pairing])),
        shape=(size, int(shingle[-1]) + 1),
    )
    holding = held.T.tocsr()
    for start in range(0, size, PAIRING_BLOCK):
        product = (held[start : start + PAIRING_BLOCK] @ holding).tocoo()
        first = product.row.astype(np.int64) + start
        second = product.col.astype(np.int64)
        later = second > first
        first, second, counted = first[later], second[later], product.data[later].astype(np.int64)
        order = np.lexsort((second, first))
        yield first[order], second[order], counted[order]


def _runs(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return where each run of equal values of a sorted array starts, and its length."""
    import numpy as np

    first = np.ones(len(values), dtype=bool)
    first[1:] = values[1:] != values[:-1]
    starts = np.flatnonzero(first)
    return starts, np.diff(starts, append=len(values))


def _by_paper(shingle: np.ndarray, paper: np.ndarray, wanted: list[int]) -> dict[int, set[int]]:
    """Return the shingles of each wanted paper, as sets (none for a paper without any)."""
    import numpy as np

    mine = np.isin(paper, wanted)
    sets: dict[int, set[int]] = {}
    for value, owner in zip(shingle[mine].tolist(), paper[mine].tolist()):
        sets.setdefault(owner, set()).add(value)
    return sets
