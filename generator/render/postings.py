"""The search index's postings: each term's BM25F weight in each paper, encoded for the engine.

``postings`` takes every paper's terms by field and returns, for each term, the papers that
have it and what it weighs in each, in the form the engine decodes
(``theme/assets/javascripts/iframe-worker.js``, ``decode``): ``[top weight, base64]``, where
the bytes are, per paper in order, the gap from the previous paper (a varint: 7 bits a byte,
the high bit set when more follow) and the weight as a byte, 1 to 255 parts of the top.

BM25F: a term's weight in a paper is its IDF times the sum over fields of the field's
weight times ``tf (K1 + 1) / (tf + K1 (1 - B + B len / average len))``. The arithmetic is
done over arrays (numpy), a few operations for the whole corpus instead of a few per
posting: at 10,000 papers about two and a half million postings. Sums run in the same
order, and the logarithm is Python's, so the same input gives the same bytes on any machine.
"""

from __future__ import annotations

import base64
import itertools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

#: BM25's saturation and length normalisation.
K1, B = 2.0, 0.75


#: Papers whose weights are computed together: a chunk's arrays stay small (at 10,000
#: papers the whole corpus at once took 700 MB).
CHUNK = 1024


def postings(docs: Iterable[Mapping[str, Sequence[str]]], weights: Mapping[str, float]) -> dict[str, tuple[int, list[object]]]:
    """Return, for each term, how many papers have it and its encoded postings.

    ``docs`` gives each paper's terms by field, one paper at a time (none is kept: each
    becomes an array of term numbers); ``weights`` each field's weight (a field not in it
    is not read).
    """
    fields = list(weights)
    width = len(fields)
    ids: defaultdict[str, int] = defaultdict()
    ids.default_factory = ids.__len__  # a term seen first gets the next number
    tokens: list[np.ndarray] = []
    lengths: list[int] = []
    for doc in docs:
        lengths += [len(doc[field]) for field in fields]
        occurrences = itertools.chain.from_iterable(doc[field] for field in fields)
        tokens.append(np.fromiter(map(ids.__getitem__, occurrences), dtype=np.int32))
    n, count = len(tokens), len(ids)
    if not count:
        return {}
    length = np.array(lengths, dtype=np.int64)
    average = length.reshape(n, width).sum(axis=0) / n
    average[average == 0] = 1.0
    field_weights = np.array([weights[f] for f in fields])

    df = np.zeros(count, dtype=np.int64)
    chunks = []
    for first in range(0, n, CHUNK):
        last = min(n, first + CHUNK)
        # Term frequency per (paper, field, term); entries come out sorted by paper, field, term.
        slots = np.repeat(np.arange(first * width, last * width, dtype=np.int64), length[first * width : last * width])
        keys, tf = np.unique(slots * count + np.concatenate(tokens[first:last]), return_counts=True)
        slot, term = np.divmod(keys, count)
        doc, field = np.divmod(slot, width)
        norm = K1 * (1 - B + B * length[slot] / average[field])
        weighted = field_weights[field] * tf * (K1 + 1) / (tf + norm)
        # Summed over the fields of each (paper, term), in field order.
        pair_keys, where = np.unique(doc * count + term, return_inverse=True)
        pair_doc, pair_term = np.divmod(pair_keys, count)
        df += np.bincount(pair_term, minlength=count)
        chunks.append((pair_doc.astype(np.int32), pair_term.astype(np.int32), np.bincount(where, weights=weighted)))
    del tokens
    pair_doc, pair_term, summed = (np.concatenate(parts) for parts in zip(*chunks))
    del chunks
    idf = np.array([math.log(1 + (n - d + 0.5) / (d + 0.5)) for d in df.tolist()])
    score = idf[pair_term] * summed

    # Term by term, papers in order.
    order = np.lexsort((pair_doc, pair_term))
    score, pair_doc, pair_term = score[order], pair_doc[order], pair_term[order]
    starts = np.flatnonzero(np.r_[True, pair_term[1:] != pair_term[:-1]])
    top = np.maximum.reduceat(score, starts)
    level = np.maximum(1, np.rint(255 * score / np.repeat(top, np.diff(np.r_[starts, len(score)])))).astype(np.uint8)
    previous = np.r_[-1, pair_doc[:-1]].astype(np.int64)
    previous[starts] = -1
    data, offsets = _encode(pair_doc - previous - 1, level)

    terms = list(ids)  # by number
    out: dict[str, tuple[int, list[object]]] = {}
    bounds = offsets[np.r_[starts, len(score)]].tolist()
    tops = top.tolist()
    for number, term_id in enumerate(pair_term[starts].tolist()):
        chunk = data[bounds[number] : bounds[number + 1]]
        out[terms[term_id]] = (int(df[term_id]), [float(f"{tops[number]:.5g}"), base64.b64encode(chunk).decode("ascii")])
    return out


def _encode(gaps: np.ndarray, levels: np.ndarray) -> tuple[bytes, np.ndarray]:
    """Return the bytes of every (gap varint, level byte) entry, and each entry's start (one more at the end)."""
    size = np.ones(len(gaps), dtype=np.int64)
    for bits in (7, 14, 21, 28, 35):
        size += gaps >= (1 << bits)
    offsets = np.r_[0, np.cumsum(size + 1)]
    out = np.zeros(int(offsets[-1]), dtype=np.uint8)
    for byte in range(int(size.max(initial=1))):
        has = size > byte
        more = (size > byte + 1).astype(np.int64) << 7
        out[offsets[:-1][has] + byte] = (((gaps[has] >> (7 * byte)) & 0x7F) | more[has]).astype(np.uint8)
    out[offsets[:-1] + size] = levels
    return out.tobytes(), offsets
