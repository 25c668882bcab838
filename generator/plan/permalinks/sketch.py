"""A small fingerprint of an abstract's wording, to tell an edited abstract from another one.

An abstract is read as its overlapping runs of three words (its shingles). Two abstracts
share most of their shingles when one is an edit of the other (a typo fixed, a number
updated, a sentence reworded) and few when they are different papers, even papers that
open alike. The sketch keeps the ``SIZE`` smallest hashes of an abstract's shingles (a
bottom-k sketch): from two sketches alone, ``similarity`` estimates the share of shingles
the two abstracts have in common (their Jaccard index), so the ledger need not keep the
abstracts.
"""

from __future__ import annotations

import zlib

from ...read.shingles import SHINGLE, words

#: Hashes kept in a sketch: the estimate's error is about 0.5 / sqrt(SIZE) at worst.
SIZE = 32


def sketch(text: str) -> tuple[int, ...]:
    """Return the sketch of a text: the smallest hashes of its shingles, ascending."""
    import numpy as np  # a first build of 10,000 papers sketches two million shingles

    # Each word's CRC-32; a shingle's hash mixes its words' (odd multipliers tell their order
    # apart), and MurmurHash3's finaliser spreads the bits.
    h = np.array([zlib.crc32(word) for word in words(text) or [b""]], dtype=np.uint64)
    if len(h) >= SHINGLE:
        h = sum(h[i : len(h) - SHINGLE + 1 + i] * _ORDER[i] for i in range(SHINGLE))
    h &= _MASK
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & _MASK
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & _MASK
    h ^= h >> 16
    return tuple(int(v) for v in np.unique(h)[:SIZE])


_ORDER = (0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D)
_MASK = 0xFFFFFFFF


def similarity(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Return the estimated share of shingles two texts have in common (0 to 1), from their sketches."""
    if not a or not b:
        return 0.0
    ours, theirs = set(a), set(b)
    if len(a) < SIZE and len(b) < SIZE:  # both sketches hold every shingle: the exact figure
        return len(ours & theirs) / len(ours | theirs)
    size = min(len(a), len(b))
    smallest = sorted(ours | theirs)[:size]
    return sum(1 for h in smallest if h in ours and h in theirs) / size


def encode(values: tuple[int, ...]) -> str:
    """Return a sketch as the ledger writes it: hexadecimal hashes, space-separated."""
    return " ".join(f"{v:08x}" for v in values)


def decode(text: str) -> tuple[int, ...]:
    """Return the sketch ``encode`` wrote (ValueError if it is not one)."""
    values = tuple(int(part, 16) for part in text.split())
    if any(len(part) != 8 for part in text.split()) or list(values) != sorted(set(values)):
        raise ValueError("not a sketch: expected ascending 8-digit hexadecimal hashes")
    return values
