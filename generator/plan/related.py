"""Find each paper's most similar papers of the corpus: TF-IDF cosine over title and abstract.

Two stages keep the cost near-linear: candidates first, from the rarer terms only (terms in at
most ``CANDIDATE_MAX_DF`` of the papers: a sparse product that stays sparse), then the exact
cosine over every term for the ``CANDIDATES`` best candidates of each paper. Up to
``CANDIDATES + 1`` papers this is exactly the TF-IDF top k. Both stages run in blocks of rows,
keeping only the best of each row, so memory grows with the corpus and never with its square.

Papers are put in id order before anything else, so the lists depend on the corpus and never on
input order, and equal scores go to the smaller id.
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from collections.abc import Sequence
from itertools import chain, count

import numpy as np
from scipy import sparse

from ..enrich.keywords import singular
from ..enrich.words import ENGLISH_STOP_WORDS, STOP_WORDS
from ..model import Paper

log = logging.getLogger(__name__)

#: How many related papers a page lists.
DEFAULT_K = 5


#: A word: a letter, then letters or digits ("l2" and "gpt4" are words, "2024" not). ASCII only,
#: which is half the time of a Unicode class; accented letters split a word the same way everywhere.
#: Found in bytes (text encoded as ASCII, "?" for the rest): a fifth less time than in a str.
_WORD = re.compile(rb"[a-z][a-z0-9]+")

#: Terms must occur in this many papers to count, once the corpus has MIN_DF_FROM papers:
#: a word of one paper links it to nothing, and such words are a third of the vocabulary.
MIN_DF = 2
MIN_DF_FROM = 50

#: Terms in more than this share of papers are dropped: their weight is near zero anyway.
MAX_DF = 0.5

#: The title is counted this many times: it names the subject in few words.
TITLE_REPEAT = 2

#: Candidates per paper, scored exactly in the second stage.
CANDIDATES = 50

#: Candidates come from terms in at most this share of the papers (and at least
#: CANDIDATE_MIN_DF papers, so small corpora use every term): common terms are what makes the
#: product of a corpus with itself dense and slow, and they rarely decide who the neighbours are.
CANDIDATE_MAX_DF = 0.02
CANDIDATE_MIN_DF = 100

#: Score cells per block (rows x corpus): 2**21 float32 cells are 8 MB.
BLOCK_CELLS = 2**21

#: Candidate pairs per block, each a sparse row product: 2**14 pairs are a few MB.
BLOCK_PAIRS = 2**14

#: Columns sampled per row to find a threshold that keeps at least the best CANDIDATES.
SAMPLE = 256


def related_ids(papers: Sequence[Paper], k: int = DEFAULT_K, block_size: int | None = None) -> dict[str, tuple[str, ...]]:
    """Return, for each paper id, the ids of its ``k`` most similar papers, most similar first.

    Every paper gets ``min(k, number of other papers)`` neighbours, never itself; equal
    scores (including papers sharing no term at all) go to the smaller id. ``block_size``
    is the number of rows scored at once (default: as many as fit ``BLOCK_CELLS``).
    """
    if k < 0:
        raise ValueError(f"k must be at least 0, got {k}")
    if block_size is not None and block_size < 1:
        raise ValueError(f"block_size must be at least 1, got {block_size}")
    ordered = _by_id(papers)
    ids = [p.id for p in ordered]
    n = len(ids)
    take = min(k, n - 1)
    if take <= 0:
        return {i: () for i in ids}
    matrix, df = tfidf_matrix(ordered)
    rare = np.flatnonzero(df <= max(CANDIDATE_MAX_DF * n, CANDIDATE_MIN_DF))
    neighbours = top_k(matrix, rare, take, block_size or default_block_size(n))
    return {ids[row]: tuple(ids[j] for j in cols) for row, cols in enumerate(neighbours.tolist())}


def default_block_size(n: int) -> int:
    """Return how many rows to score at once: BLOCK_CELLS scores, BLOCK_PAIRS candidate pairs."""
    return max(1, min(BLOCK_CELLS // n, BLOCK_PAIRS // CANDIDATES))


def shared_topics(paper: Paper, other: Paper) -> tuple[str, ...]:
    """Return the topics two papers share, in the first paper's order."""
    theirs = set(other.topics)
    return tuple(t for t in paper.topics if t in theirs)


def document(paper: Paper) -> str:
    """Return the text a paper is compared on: its title (repeated for weight) and abstract."""
    return " . ".join([paper.title] * TITLE_REPEAT + [paper.text])


def tfidf_matrix(papers: Sequence[Paper]) -> tuple[sparse.csr_matrix, np.ndarray]:
    """Return the L2-normalised TF-IDF rows (float32 CSR) of the papers, and each term's paper count.

    Weights as scikit-learn's ``TfidfVectorizer(sublinear_tf=True)``: tf ``1 + log(count)``,
    idf ``1 + log((1 + n) / (1 + df))``; stop words dropped, plurals folded into singulars.
    """
    n = len(papers)
    lengths: list[int] = []

    def paper_words(paper: Paper) -> list[bytes]:
        found = _WORD.findall(document(paper).lower().encode("ascii", "replace"))
        lengths.append(len(found))
        return found

    # C-level findall, dict and chain calls, no per-word Python statement: a per-word loop
    # would cost more than everything else here. Columns are numbered in order of first
    # occurrence, in one pass: the defaultdict numbers a word the first time it is looked up.
    # Each paper's words are numbered as soon as they are found, so only one paper's words are
    # kept at a time: all of them at once (150 MB at 10,000 papers) took half as long again,
    # most of it in page faults.
    vocab: defaultdict[bytes, int] = defaultdict(count().__next__)
    ids = np.fromiter(map(vocab.__getitem__, chain.from_iterable(map(paper_words, papers))), dtype=np.int64)
    indptr = np.concatenate(([0], np.cumsum(lengths)))
    counts = sparse.csr_matrix((np.ones(len(ids), dtype=np.float32), ids, indptr), shape=(n, len(vocab)))
    counts.sum_duplicates()
    # Map each word to its term (its singular), or to nothing if it is a stop word.
    words = [word.decode("ascii") for word in vocab]  # in column order: dicts keep insertion order
    keys = [singular(w) for w in words]
    terms = sorted({key for word, key in zip(words, keys) if word not in STOP_WORDS and key not in STOP_WORDS})
    position = {term: i for i, term in enumerate(terms)}
    rows = [i for i, (word, key) in enumerate(zip(words, keys)) if key in position and word not in STOP_WORDS]
    merge = sparse.csr_matrix(
        (np.ones(len(rows), dtype=np.float32), (rows, [position[keys[i]] for i in rows])),
        shape=(len(words), len(terms)),
    )
    counts = (counts @ merge).tocsr()
    df = np.bincount(counts.indices, minlength=len(terms))
    keep = df <= MAX_DF * n if n >= MIN_DF_FROM else np.ones(len(terms), dtype=bool)
    if n >= MIN_DF_FROM:
        keep &= df >= MIN_DF
    kept = np.flatnonzero(keep)
    counts, df = counts[:, kept].tocsr(), df[kept]
    counts.data = 1.0 + np.log(counts.data)
    idf = (1.0 + np.log((1.0 + n) / (1.0 + df))).astype(np.float32)
    weighted = counts @ sparse.diags(idf)
    norms = np.sqrt(np.asarray(weighted.multiply(weighted).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    matrix = sparse.csr_matrix(sparse.diags((1.0 / norms).astype(np.float32)) @ weighted, dtype=np.float32)
    matrix.sort_indices()
    return matrix, df


def top_k(matrix: sparse.csr_matrix, rare: np.ndarray, k: int, block_size: int) -> np.ndarray:
    """Return the ``k`` rows most similar to each row of ``matrix``, best first, ties to the lower index.

    Candidates are each row's best by the product over the ``rare`` columns alone; they are
    then ranked by the full cosine, adding the product over the other columns.
    """
    n = matrix.shape[0]
    m = min(max(CANDIDATES, k), n - 1)
    common = np.setdiff1d(np.arange(matrix.shape[1]), rare)
    first = matrix[:, rare].tocsr()
    # As CSR: a product converts its right operand to CSR, every block if it is not.
    first_t = first.T.tocsr()
    second = matrix[:, common].tocsr()
    out = np.empty((n, k), dtype=np.int64)
    for start in range(0, n, block_size):
        stop = min(start + block_size, n)
        rows = np.arange(start, stop)
        scores = (first[start:stop] @ first_t).toarray()
        scores[rows - start, rows] = -np.inf  # a paper is never its own neighbour
        candidates = _best(scores, m)
        exact = np.take_along_axis(scores, candidates, axis=1)
        if len(common):
            exact += _products(second, start, candidates)
        # Best first, then the lower index: np.lexsort sorts by its last key first.
        order = np.lexsort((candidates, -exact), axis=1)[:, :k]
        out[start:stop] = np.take_along_axis(candidates, order, axis=1)
    return out


def _best(scores: np.ndarray, m: int) -> np.ndarray:
    """Return the column indices of each row's ``m`` highest scores, best first, ties to the lower index.

    ``m`` must be less than the row length, and scores at least zero but for a paper's own
    cell (-inf). Only cells at or above a threshold are sorted: a high score of a sample of the
    columns, chosen to keep about three times ``m`` cells; a row that keeps fewer than ``m``
    tries a lower one, then takes its exact ``m``-th score.
    """
    height, width = scores.shape
    sample = scores[:, :: max(1, width // SAMPLE)]
    size = sample.shape[1]
    rank = min(size, max(1, -(-3 * m * size // width)))  # the rank-th best of the sample
    # Sorted rather than partitioned: np.partition is slow on the many equal scores (zeros).
    ranked = np.sort(sample, axis=1)
    threshold = ranked[:, size - rank]
    keep = scores >= threshold[:, None]
    # Counted in int32: half the time of the default int64 sum of booleans.
    short = np.flatnonzero(keep.sum(axis=1, dtype=np.int32) < m)
    if len(short):  # a lower threshold, four times as many cells
        threshold[short] = ranked[short, size - min(size, 4 * rank)]
        keep[short] = scores[short] >= threshold[short, None]
        short = short[keep[short].sum(axis=1, dtype=np.int32) < m]
    if len(short):
        threshold[short] = np.partition(scores[short], width - m, axis=1)[:, width - m]
        keep[short] = scores[short] >= threshold[short, None]
    # By row, columns ascending: the positions of the flattened array (a quarter of the
    # time of np.nonzero on two dimensions).
    cells = np.flatnonzero(keep)
    rows = cells // width
    # By row, then score descending, in one stable sort of an integer key (a quarter of the time
    # of np.lexsort on the two keys), so equal scores keep their columns ascending. The bits of a
    # float32 of at least zero order as its value does; -inf, a paper's own cell, has negative
    # bits, so its key is the largest of its row.
    order = np.argsort((rows << 32) - scores.ravel()[cells].view(np.int32), kind="stable")
    cols = (cells - rows * width)[order]
    starts = np.concatenate(([0], np.cumsum(np.bincount(rows, minlength=height))[:-1]))
    return cols[starts[:, None] + np.arange(m)]


def _products(second: sparse.csr_matrix, start: int, candidates: np.ndarray) -> np.ndarray:
    """Return the product of row ``start + i`` of ``second`` with each of its ``candidates[i]`` rows.

    The sums are those of ``second[rows].multiply(second[candidates]).sum(axis=1)`` to the last
    bit: the same products (of the terms both rows have, in term order) in the same rows of a
    CSR matrix, added by the same sum(). A candidate's terms are looked up in a dense copy of
    the paper's row, which finds the shared terms (the others give zero) in half the time of
    merging a copy of the row per candidate.
    """
    height, m = candidates.shape
    others = second[candidates.ravel()]
    own = second[start : start + height].toarray()
    # Where each candidate's terms are in the flattened dense rows: its paper's row, the term's column.
    at = np.repeat(np.arange(height) * own.shape[1], np.diff(others.indptr[::m])) + others.indices
    products = sparse.csr_matrix((own.ravel()[at] * others.data, others.indices, others.indptr), shape=others.shape)
    products.eliminate_zeros()  # terms the row does not have, as multiply() leaves them out
    return np.asarray(products.sum(axis=1), dtype=np.float32).reshape(height, m)


def _by_id(papers: Sequence[Paper]) -> list[Paper]:
    """Return the papers sorted by id, one per id; refuse papers that were not enriched."""
    unique: dict[str, Paper] = {}
    for paper in papers:
        if not paper.id:
            raise ValueError(f"{paper.source}: paper has no id; enrich papers before relating them")
        unique.setdefault(paper.id, paper)
    if len(unique) < len(papers):
        log.debug("related: %d papers share an id with another; each id is related once", len(papers) - len(unique))
    return [unique[i] for i in sorted(unique)]
