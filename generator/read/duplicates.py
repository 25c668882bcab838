"""Duplicate abstracts: the same paper read twice.

Two abstracts that are the same once spacing, ``~``, quote styles and case are folded
(``fold``) are one paper read twice: the first read is kept and the other dropped
(``merge``), with a notice naming both places as file:line.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from ..errors import notice
from ..model import Paper

__all__ = ["DUPLICATES_LISTED", "fold", "merge"]

log = logging.getLogger(__name__)

# Duplicate abstracts named one by one before the rest are folded into a count.
DUPLICATES_LISTED = 20

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
        # Reading a JSONL file and its plain twin repeats every abstract: the console lists
        # the first few, then one line for the rest, so real warnings stay visible.
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
