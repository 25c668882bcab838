"""Place every paper on a 2-D map by content: nearby papers are about similar things.

The text vectors are those of related papers (``related.tfidf_matrix``: TF-IDF over title and
abstract), cut to ``DIMENSIONS`` by scikit-learn's TruncatedSVD (which smooths synonyms into
shared directions); each paper's ``NEIGHBOURS`` nearest papers by cosine are found exactly, in
blocks; openTSNE lays that graph out in 2-D (t-SNE, with its FFT gradient), starting from the
first two principal components of those vectors.

Why openTSNE: it is the well-kept t-SNE of the scientific Python world (BSD, wheels for every
platform, releases in 2025), takes neighbours found elsewhere as they are
(``PrecomputedNeighbors``), and its FFT gradient (FIt-SNE) costs time linear in the papers and
gives the same result for a seed on one thread. scikit-learn comes with it. What was measured
(bench/map_eval.py, dev corpus of 2,168 papers: mean distance of pairs of papers sharing a topic
over that of random pairs, at most 0.8 asked; time at 10,000 papers on one core):

- TruncatedSVD straight to two dimensions: 0.80, a blob;
- openTSNE with its own neighbours (Annoy) and its default 750 iterations: 0.75, but 20 s;
- openTSNE on the graph of related papers (10 neighbours of raw TF-IDF): 0.79 to 0.81;
- this module (SVD, exact neighbours, ``EARLY_ITERATIONS`` + ``ITERATIONS``): 0.76 in about 3 s
  (0.75 on 1,881 papers of six other venues; 0.78 on the ~160 fixture papers tests/test_map.py uses).

More iterations barely move that figure, so the run is short. Above ``OPTIMISED`` papers only a
sample spread over the id order is laid out; every other paper is placed at the mean of its
nearest sampled papers, nudged a little, so the cost grows with the corpus times the sample.
Coordinates are scaled into [0, 1] (the aspect kept) and rounded to ``DECIMALS`` places: the
same input gives the same bytes.
"""

from __future__ import annotations

import logging
import math
import warnings
from collections.abc import Mapping, Sequence

import numpy as np

from ..model import Paper
from . import listings, related

log = logging.getLogger(__name__)

#: Decimal places of a coordinate: a thousandth of the map is finer than a point is drawn.
DECIMALS = 3

#: Dimensions the TF-IDF vectors are cut to before neighbours are found.
DIMENSIONS = 50

#: Nearest papers each paper is attracted to, and the perplexity of t-SNE's affinities over
#: them (about a third of the neighbours, as openTSNE's own defaults have it).
NEIGHBOURS = 30
PERPLEXITY = 10

#: Papers laid out by t-SNE at most; the others are placed beside their nearest of them.
OPTIMISED = 20_000

#: Nearest laid-out papers whose mean place is the place of a paper that was not laid out.
PLACED_BESIDE = 5

#: Below this many papers t-SNE has too little to work with: they are set on a circle.
MIN_TSNE = 3 * PERPLEXITY + 2

#: t-SNE's iterations: with the early exaggeration (clusters form), then without (they spread).
EARLY_ITERATIONS = 100
ITERATIONS = 50

#: The seed of every random choice (SVD, t-SNE, nudges): the same map on every build.
SEED = 0

#: How far a paper placed beside its neighbours is moved at random, as a share of the map's
#: size: papers with the same neighbours would otherwise be drawn as one point.
JITTER = 0.004

#: Rows of similarities computed at once: 1,024 rows of 20,000 float32 are 80 MB.
BLOCK_ROWS = 1024


def layout(papers: Sequence[Paper]) -> dict[str, tuple[float, float]]:
    """Return each paper's place on the map, ``(x, y)`` in [0, 1], by paper id."""
    ordered = sorted(papers, key=lambda p: p.id)
    ids = [p.id for p in ordered]
    n = len(ids)
    if n < MIN_TSNE:
        angles = [2 * math.pi * i / max(n, 1) for i in range(n)]
        return _scaled(ids, np.array([[math.cos(a), math.sin(a)] for a in angles]).reshape(n, 2))
    vectors = _vectors(ordered)
    sample = np.arange(n) if n <= OPTIMISED else np.unique(np.linspace(0, n - 1, OPTIMISED).round().astype(np.int64))
    near, distance = _nearest(vectors, sample)
    xy = np.zeros((n, 2))
    xy[sample] = _tsne(vectors[sample], near[sample], distance[sample])
    rest = np.setdiff1d(np.arange(n), sample)
    if len(rest):
        mean = xy[sample[near[rest, :PLACED_BESIDE]]].mean(axis=1)
        span = float(np.ptp(xy[sample], axis=0).max()) or 1.0
        xy[rest] = mean + np.random.default_rng(SEED).normal(scale=JITTER * span, size=(len(rest), 2))
    log.debug("map: %d papers, %d laid out by t-SNE", n, len(sample))
    return _scaled(ids, xy)


def _vectors(papers: Sequence[Paper]) -> np.ndarray:
    """Return the papers' TF-IDF vectors cut to ``DIMENSIONS`` by TruncatedSVD, each of length 1."""
    from sklearn.decomposition import TruncatedSVD

    matrix, _ = related.tfidf_matrix(papers)
    if min(matrix.shape) < 3:  # a vocabulary of a word or two (abstracts alike but for a number): nothing to cut
        vectors = np.zeros((matrix.shape[0], 2), dtype=np.float32)
        vectors[:, : matrix.shape[1]] = matrix.toarray()[:, :2]
    else:
        dims = max(2, min(DIMENSIONS, min(matrix.shape) - 1))
        vectors = TruncatedSVD(dims, random_state=SEED).fit_transform(matrix).astype(np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1)


def _nearest(vectors: np.ndarray, sample: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return each paper's ``NEIGHBOURS`` nearest papers of ``sample`` (positions in it, nearest
    first; never itself) and their cosine distances."""
    n, k = len(vectors), min(NEIGHBOURS, len(sample) - 1)
    position = np.full(n, -1, dtype=np.int64)
    position[sample] = np.arange(len(sample))
    near = np.zeros((n, k), dtype=np.int64)
    distance = np.zeros((n, k), dtype=np.float64)
    targets = vectors[sample].T
    for start in range(0, n, BLOCK_ROWS):
        rows = np.arange(start, min(n, start + BLOCK_ROWS))
        similar = vectors[rows] @ targets
        mine = position[rows] >= 0
        similar[mine.nonzero()[0], position[rows][mine]] = -np.inf  # never itself
        part = np.argpartition(-similar, k - 1, axis=1)[:, :k]
        scores = np.take_along_axis(similar, part, axis=1)
        # Nearest first, equal scores to the lower position: the same order on every run.
        order = np.lexsort((part, -scores), axis=1)
        near[rows] = np.take_along_axis(part, order, axis=1)
        distance[rows] = np.clip(1.0 - np.take_along_axis(scores, order, axis=1), 0.0, 2.0)
    return near, distance


def _tsne(vectors: np.ndarray, near: np.ndarray, distance: np.ndarray) -> np.ndarray:
    """Return the t-SNE embedding of papers given their vectors and nearest papers among them."""
    from openTSNE import TSNEEmbedding, affinity, initialization
    from openTSNE.nearest_neighbors import PrecomputedNeighbors

    affinities = affinity.PerplexityBasedNN(
        knn_index=PrecomputedNeighbors(near, distance), perplexity=PERPLEXITY, n_jobs=1
    )
    # Papers whose vectors barely differ ("We study tiny case 1 of sparse graphs.", "... case 2 ...")
    # would start on one point, where t-SNE's grid has no size (openTSNE crashes): they start apart.
    start = None
    if float(np.ptp(vectors, axis=0).max()) > 1e-6:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            start = initialization.pca(vectors, random_state=SEED)
    if start is None or not np.isfinite(start).all() or float(np.ptp(start, axis=0).min()) < 1e-9:
        start = np.random.default_rng(SEED).normal(scale=1e-4, size=(len(vectors), 2))
    embedding = TSNEEmbedding(start, affinities, negative_gradient_method="fft", random_state=SEED, n_jobs=1)
    embedding = embedding.optimize(EARLY_ITERATIONS, exaggeration=12, momentum=0.5)
    embedding = embedding.optimize(ITERATIONS, exaggeration=1, momentum=0.8)
    return np.asarray(embedding, dtype=np.float64)


def _scaled(ids: list[str], xy: np.ndarray) -> dict[str, tuple[float, float]]:
    """Return the coordinates scaled into [0, 1] (both axes by the larger span, centred), rounded."""
    if len(xy) == 0:
        return {}
    low, high = xy.min(axis=0), xy.max(axis=0)
    span = float((high - low).max()) or 1.0
    scaled = (xy - low) / span + (1 - (high - low) / span) / 2
    rounded = np.round(np.clip(scaled, 0.0, 1.0), DECIMALS) + 0.0  # + 0.0: no -0.0
    return {pid: (float(x), float(y)) for pid, (x, y) in zip(ids, rounded.tolist())}


def filter_lists(papers: Sequence[Paper]) -> tuple[list[str], list[int]]:
    """Return the topics (in All papers' filter order) and years (newest first) the page's filters offer."""
    return listings.filter_topics(papers), sorted({p.year for p in papers}, reverse=True)


def topic_ratio(papers: Sequence[Paper], places: Mapping[str, tuple[float, float]], ignore: str = "", pairs: int = 100_000) -> float:
    """Return the mean distance of pairs of papers sharing a topic over that of all pairs (bench, tests).

    Pairs are drawn at random (seeded); ``ignore`` names a topic that does not count as shared
    (the fallback topic). Below 1, papers of a topic sit closer together than random papers.
    """
    ordered = sorted(papers, key=lambda p: p.id)
    xy = np.array([places[p.id] for p in ordered])
    topics = [set(p.topics) - {ignore} for p in ordered]
    rng = np.random.default_rng(SEED)
    a, b = rng.integers(0, len(ordered), pairs), rng.integers(0, len(ordered), pairs)
    keep = a != b
    a, b = a[keep], b[keep]
    distance = np.linalg.norm(xy[a] - xy[b], axis=1)
    shared = np.array([bool(topics[i] & topics[j]) for i, j in zip(a.tolist(), b.tolist())])
    return float(distance[shared].mean() / distance.mean())
