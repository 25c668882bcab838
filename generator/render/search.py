"""The site's search index: built here from the papers, loaded by the browser in parts.

A reader's query needs only a few of the index's parts, so the index is many small script
files (``file://`` pages cannot fetch, but can add ``<script>`` elements; rustdoc's search
works the same way offline). ``theme/assets/javascripts/iframe-worker.js`` is the engine
that loads and reads them.

Words are cut as ``words`` cuts them (the engine does the same) and stemmed by lunr.py's
Porter stemmer, stop words left out (lunr's English list, and ``MORE_STOP_WORDS``). The engine reads each word's stem from
the index itself (``w/``), so a query word stems exactly as the papers' words did; only a
word no paper has is stemmed in the browser, by lunr.js (which differs from lunr.py on a
vowel before a final y, 94 of the 15,226 words of the dev corpora: "deploy" and "deploi").

Each file calls ``__psIndex(kind, key, data)``:

- ``meta.js``: what every query needs first (the numbers of papers, postings shards and
  cards per folder, the stop words lunr lacks);
- ``w/<xx>.js``: the words that start with ``xx``, each with its stem and in how many papers
  the stem is, most common first: a query word's stem, and what a word being typed (a
  prefix) may become;
- ``p/<k>.js``: the postings of every term whose hash (``shard_of``) is ``k``: the papers
  that have the term and what it weighs in each (BM25F over the fields of ``FIELD_WEIGHTS``,
  quantized to a byte). Terms are stems; two stems in a row (``"graph neural"``, from the
  title or the abstract) so that a query's words in their order rank higher; and ``=`` and a
  word written like a name (``=urlost`` from "URLOST", ``=pres`` from "PRES", which stems to
  "pre" like "pre-trained"), so that a coined name finds its paper first;
- ``d/<n>/<id>.js``: one paper's card: what a result shows (title, year, topics, address)
  and the abstract its snippet is cut from.

Papers are numbered in the order of their addresses, so the same input gives the same
bytes.
"""

from __future__ import annotations

import base64
import functools
import json
import math
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence

from lunr.stemmer import porter_stemmer
from lunr.stop_word_filter import WORDS as LUNR_STOP_WORDS

from .. import urls
from ..model import Paper

#: The folder of the index under ``docs_dir`` (see ``urls.GENERATED_ROOTS``).
ROOT = urls.SEARCH_DIR
#: Bump when the files' layout changes: the engine refuses an index of another version.
VERSION = 1

#: How much a term weighs by where it is: the title (with the name the paper coins) most,
#: then the paper's topics, its authors' keywords and names, then the abstract's text. Two
#: words in a row weigh a part of their field's weight; a word written like a name weighs
#: as a title word wherever it is.
FIELD_WEIGHTS = {
    "title": 2.0, "topics": 1.5, "keywords": 1.5, "authors": 1.5, "text": 1.0,
    "title_pairs": 1.0, "text_pairs": 1.0, "names": 4.0,
}  # fmt: skip
#: BM25's saturation and length normalisation.
K1, B = 2.0, 0.75
#: Postings shards are made about this large (bytes of their script), at least ``MIN_SHARDS``.
SHARD_BYTES = 24_000
MIN_SHARDS = 16
#: Cards per folder of ``d/``: no folder holds thousands of files.
CARDS_PER_FOLDER = 1000
#: Longest abstract text a card keeps for its snippet.
CARD_TEXT = 2400

#: Function words lunr's English list lacks, that titles use and abstracts need not
#: ("Towards ...", "... via ...", "Beyond ..."): a query is not required to match them. The
#: engine reads them from ``meta.js``.
MORE_STOP_WORDS = frozenset({"towards", "toward", "via", "through", "without", "within", "beyond", "upon", "onto", "versus", "vs"})
STOP_WORDS = frozenset(LUNR_STOP_WORDS) | MORE_STOP_WORDS

_NON_WORD = re.compile(r"[^a-z0-9]+")
#: Runs of letters and digits as written: the candidates for names.
_TOKEN = re.compile(r"[^\W_]+")


@functools.lru_cache(maxsize=1 << 17)
def stem(word: str) -> str:
    """Return the stem of a lower-case word (lunr.py's Porter stemmer; see the module's docstring)."""
    return porter_stemmer.stem(word)


def fold(text: str) -> str:
    """Return ``text`` lower-cased, accents and other combining marks dropped (NFKD)."""
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.category(c).startswith("M"))
    return text.lower()


def words(text: str) -> list[str]:
    """Return the words of ``text``: runs of a-z and 0-9 once folded, stop words left out.

    ``self-supervised``, ``self supervised`` and ``Self-Supervised`` give the same words.
    The engine does the same: NFKD, drop combining marks, lower-case, split on anything
    that is not a-z or 0-9.
    """
    return [w for w in _NON_WORD.split(fold(text)) if w and w not in STOP_WORDS]


def terms(text: str) -> list[str]:
    """Return the stems of the words of ``text`` (see ``words``)."""
    return [stem(w) for w in words(text)]


def name_terms(text: str) -> list[str]:
    """Return ``=`` and the folded form of each word of ``text`` written like a name.

    Like a name: capitals after the first letter ("URLOST", "TiC", "LoRA"), or letters
    and digits together ("GPT4", "R2I").
    """
    found = []
    for token in _TOKEN.findall(text):
        inner_capital = any(c.isupper() for c in token[1:])
        mixed = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
        if inner_capital or mixed:
            found += [f"={w}" for w in _NON_WORD.split(fold(token)) if w]
    return found


def _pairs(stems: list[str]) -> list[str]:
    return [f"{a} {b}" for a, b in zip(stems, stems[1:])]


def shard_of(term: str, shards: int) -> int:
    """Return the postings shard of a term: FNV-1a (32 bits) of its UTF-8 bytes, modulo ``shards``."""
    h = 0x811C9DC5
    for byte in term.encode("utf-8"):
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return h % shards


def card_path(doc: int) -> str:
    """Return the path of a paper's card under ``docs_dir`` (the engine reads the folder size from meta.js)."""
    return f"{ROOT}/d/{doc // CARDS_PER_FOLDER}/{doc}.js"


def _fields(paper: Paper) -> dict[str, list[str]]:
    """Return the terms of each field of a paper (see ``FIELD_WEIGHTS``)."""
    title = terms(paper.title)
    text = terms(paper.text)
    return {
        "title": title,
        "topics": terms(" ".join(paper.topics)),
        "keywords": terms(" ".join(paper.keywords)),
        "authors": terms(" ".join(paper.authors)),
        "text": text,
        "title_pairs": _pairs(title),
        "text_pairs": _pairs(text),
        "names": name_terms(f"{paper.title} {paper.text}"),
    }


def _scores(docs: Sequence[dict[str, list[str]]]) -> dict[str, dict[int, float]]:
    """Return each term's BM25F weight in each paper that has it."""
    n = len(docs)
    average = {f: (sum(len(d[f]) for d in docs) / n) or 1.0 for f in FIELD_WEIGHTS}
    df: Counter[str] = Counter()
    for d in docs:
        df.update({t for f in FIELD_WEIGHTS for t in d[f]})
    out: dict[str, dict[int, float]] = defaultdict(dict)
    for i, d in enumerate(docs):
        weighted: dict[str, float] = defaultdict(float)
        for f, weight in FIELD_WEIGHTS.items():
            norm = K1 * (1 - B + B * len(d[f]) / average[f])
            for t, tf in Counter(d[f]).items():
                weighted[t] += weight * tf * (K1 + 1) / (tf + norm)
        for t, w in weighted.items():
            idf = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5))
            out[t][i] = idf * w
    return out


def _varint(value: int, out: bytearray) -> None:
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)


def encode_postings(postings: dict[int, float]) -> list[object]:
    """Return ``[top weight, base64]``: per paper, the gap from the last paper and its weight in 1..255."""
    top = max(postings.values())
    data = bytearray()
    last = -1
    for doc in sorted(postings):
        _varint(doc - last - 1, data)
        data.append(max(1, round(255 * postings[doc] / top)))
        last = doc
    return [round(top, 4), base64.b64encode(bytes(data)).decode("ascii")]


def _script(kind: str, key: object, data: object) -> bytes:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return f"__psIndex({json.dumps(kind)},{json.dumps(key)},{body});\n".encode()


def _card(paper: Paper) -> dict[str, object]:
    return {
        "u": urls.url_of(urls.paper_page(paper)),
        "t": paper.title,
        "y": paper.year,
        "v": paper.venue,
        "g": list(paper.topics),
        "a": paper.text[:CARD_TEXT],
    }


def _vocabulary(papers: Iterable[Paper]) -> set[str]:
    """Return every word of the papers' fields (see ``words``)."""
    found: set[str] = set()
    for p in papers:
        for text in (p.title, p.text, *p.topics, *p.keywords, *p.authors):
            found.update(words(text))
    return found


def index_files(papers: Iterable[Paper]) -> dict[str, bytes]:
    """Return every file of the search index, by path under ``docs_dir``."""
    ordered = sorted(papers, key=lambda p: urls.url_of(urls.paper_page(p)))
    scores = _scores([_fields(p) for p in ordered]) if ordered else {}
    encoded = {t: encode_postings(p) for t, p in scores.items()}
    total = sum(len(t) + len(e[1]) + 16 for t, e in encoded.items())  # type: ignore[arg-type]
    shards = max(MIN_SHARDS, 1 << max(0, math.ceil(math.log2(max(1, total / SHARD_BYTES)))))
    by_shard: dict[int, dict[str, object]] = defaultdict(dict)
    for term, entry in encoded.items():
        by_shard[shard_of(term, shards)][term] = entry
    by_start: dict[str, list[list[object]]] = defaultdict(list)
    for word in _vocabulary(ordered):
        s = stem(word)
        by_start[word[:2]].append([word, s, len(scores.get(s, ()))])
    head = {"version": VERSION, "docs": len(ordered), "shards": shards, "cards": CARDS_PER_FOLDER,
            "stop": sorted(MORE_STOP_WORDS)}  # fmt: skip
    files = {f"{ROOT}/meta.js": _script("meta", 0, head)}
    for k in range(shards):
        files[f"{ROOT}/p/{k}.js"] = _script("p", k, by_shard.get(k, {}))
    for start, entries in sorted(by_start.items()):
        entries.sort(key=lambda e: (-int(e[2]), str(e[0])))  # type: ignore[call-overload]
        files[f"{ROOT}/w/{start}.js"] = _script("w", start, entries)
    for doc, paper in enumerate(ordered):
        files[card_path(doc)] = _script("d", doc, _card(paper))
    return files
