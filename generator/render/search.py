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
  the stem is, most common first, and, for a word some paper writes like a name, in how many
  papers it is one: a query word's stem, whether to look it up as a name, and what a word
  being typed (a prefix) may become;
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

import functools
import json
import math
import re
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterable

from lunr.stemmer import porter_stemmer
from lunr.stop_word_filter import WORDS as LUNR_STOP_WORDS

from .. import urls
from ..model import Paper
from .postings import postings

#: The folder of the index under ``docs_dir`` (see ``urls.GENERATED_ROOTS``).
ROOT = urls.SEARCH_DIR
#: Bump when the files' layout changes: the engine refuses an index of another version.
VERSION = 2

#: How much a term weighs by where it is: the title (with the name the paper coins) most,
#: then the paper's topics, its authors' keywords and names, then the abstract's text. Two
#: words in a row weigh a part of their field's weight; a word written like a name weighs
#: as a title word wherever it is.
FIELD_WEIGHTS = {
    "title": 2.0, "topics": 1.5, "keywords": 1.5, "authors": 1.5, "text": 1.0,
    "title_pairs": 1.0, "text_pairs": 1.0, "names": 4.0,
}  # fmt: skip
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
#: Runs of letters and digits as written with one that is not a-z: the candidates for names.
_NAME_CANDIDATE = re.compile(r"(?<![^\W_])(?=[^\W_]*[^\W_a-z])[^\W_]+")


@functools.lru_cache(maxsize=1 << 17)
def stem(word: str) -> str:
    """Return the stem of a lower-case word (lunr.py's Porter stemmer; see the module's docstring)."""
    return porter_stemmer.stem(word)


#: Every combining mark (Unicode category M), for ``str.translate`` to drop.
_MARKS = dict.fromkeys(c for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)).startswith("M"))


def fold(text: str) -> str:
    """Return ``text`` lower-cased, accents and other combining marks dropped (NFKD)."""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text).translate(_MARKS)
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
    for token in _NAME_CANDIDATE.findall(text):
        inner_capital = token[1:] != token[1:].lower()
        mixed = not token.isalpha() and not token.isnumeric()  # letters and digits
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


def _fields(paper: Paper, vocabulary: set[str]) -> dict[str, list[str]]:
    """Return the terms of each field of a paper (see ``FIELD_WEIGHTS``); add its words to ``vocabulary``."""
    found = {
        "title": words(paper.title),
        "topics": words(" ".join(paper.topics)),
        "keywords": words(" ".join(paper.keywords)),
        "authors": words(" ".join(paper.authors)),
        "text": words(paper.text),
    }
    for field in found.values():
        vocabulary.update(field)
    stems = {field: list(map(stem, found)) for field, found in found.items()}
    stems["title_pairs"] = _pairs(stems["title"])
    stems["text_pairs"] = _pairs(stems["text"])
    stems["names"] = name_terms(f"{paper.title} {paper.text}")
    return stems


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


def index_files(papers: Iterable[Paper]) -> dict[str, bytes]:
    """Return every file of the search index, by path under ``docs_dir``."""
    ordered = sorted(papers, key=lambda p: urls.url_of(urls.paper_page(p)))
    vocabulary: set[str] = set()
    encoded = postings((_fields(p, vocabulary) for p in ordered), FIELD_WEIGHTS)
    total = sum(len(t) + len(e[1]) + 16 for t, (_, e) in encoded.items())  # type: ignore[arg-type]
    shards = max(MIN_SHARDS, 1 << max(0, math.ceil(math.log2(max(1, total / SHARD_BYTES)))))
    by_shard: dict[int, dict[str, object]] = defaultdict(dict)
    for term, (_, entry) in encoded.items():
        by_shard[shard_of(term, shards)][term] = entry
    by_start: dict[str, list[list[object]]] = defaultdict(list)
    for word in vocabulary:
        s = stem(word)
        entry: list[object] = [word, s, encoded[s][0] if s in encoded else 0]
        if f"={word}" in encoded:
            entry.append(encoded[f"={word}"][0])
        by_start[word[:2]].append(entry)
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
