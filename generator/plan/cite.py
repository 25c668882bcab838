"""Citations: BibTeX keys and entries, and Google Scholar ``citation_*`` meta tags.

Keys depend only on the papers, never on input order, so a key someone put in a
paper of theirs keeps working after the next build. Every text that goes into an
entry is escaped, so no title or author name can break the BibTeX or the LaTeX.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from urllib.parse import quote, urlsplit

from text_unidecode import unidecode

from .. import urls
from ..model import Paper

#: Full names of the venues papersite knows, shown as the ``booktitle``; others as given.
VENUE_NAMES = {
    "iclr": "International Conference on Learning Representations (ICLR)",
    "icml": "International Conference on Machine Learning (ICML)",
    "neurips": "Advances in Neural Information Processing Systems (NeurIPS)",
}

INFERRED_NOTE = "Title inferred from the abstract"

#: Title words too common to tell papers apart in a key.
_STOPWORDS = frozenset(
    """a an and are as at be beyond by can do does for from how in into is it its
    not of on or our than that the their this to toward towards via we what when
    where which why with without you your""".split()
)
#: Name parts that are not the family name ("Martin Luther King Jr.").
_NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})

# One pass over the text, so an escape is never escaped again.
_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\textbraceleft{}",  # not \{ : BibTeX counts that brace when it matches braces
    "}": r"\textbraceright{}",
    "%": r"\%",
    "&": r"\&",
    "#": r"\#",
    "_": r"\_",
    "$": r"\$",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
_SPECIAL = re.compile("[" + re.escape("".join(_SPECIALS)) + "]")
_AND = re.compile(r"\sand\s", re.IGNORECASE)


#: Every character of the Unicode categories Cc, Zl and Zp (unicodedata.category), as a class.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _clean(text: str) -> str:
    """Return the text on one line, without control characters."""
    return " ".join(_CONTROL.sub(" ", text).split())


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_LETTER = re.compile("[a-z]")


def _ascii_words(text: str) -> list[str]:
    # unidecode leaves ASCII as it is, one Python step per character: skip it for ASCII.
    # "Model's" is one word, not "model" and "s".
    text = (text if text.isascii() else unidecode(text)).lower().replace("'", "")
    return [w for w in _NOT_ALNUM.split(text) if _LETTER.search(w)]


def _family_name(author: str) -> str:
    """Return the ASCII family name of an author, "Lovelace, Ada" or "Ada Lovelace"."""
    if "," in author:
        words = _ascii_words(author.split(",", 1)[0])
    else:
        words = [w for w in _ascii_words(author) if w not in _NAME_SUFFIXES]
    return words[-1] if words else ""


def base_key(paper: Paper) -> str:
    """Return the key a paper wants before collisions: family name, year, title word."""
    words = _ascii_words(paper.title)
    significant = [w for w in words if w not in _STOPWORDS] or words
    name = _family_name(paper.authors[0]) if paper.authors else ""
    if name:
        word = significant[0] if significant else ""
    else:
        # No author: the first significant title word leads, the second follows the year.
        name = significant[0] if significant else "paper"
        word = significant[1] if len(significant) > 1 else ""
    return f"{name}{paper.year}{word}"


def _suffixes() -> Iterator[str]:
    """Yield a, b, …, z, aa, ab, … without end."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    width = 1
    while True:
        for n in range(len(letters) ** width):
            chars = []
            for _ in range(width):
                n, r = divmod(n, len(letters))
                chars.append(letters[r])
            yield "".join(reversed(chars))
        width += 1


def bibtex_key(paper: Paper, taken: Collection[str]) -> str:
    """Return the paper's base key, or, if taken, the base with the first free suffix a, b, …."""
    return _free_key(base_key(paper), taken)


def _free_key(base: str, taken: Collection[str]) -> str:
    if base not in taken:
        return base
    return next(base + s for s in _suffixes() if base + s not in taken)


def bibtex_keys(papers: Sequence[Paper], reserved: Collection[str] = ()) -> dict[str, str]:
    """Return a distinct BibTeX key for every paper, by paper id, whatever the input order.

    A paper the ledger of addresses placed keeps its key (``cite_key``). The others want
    their ``base_key``: papers that want the same key all get a suffix (a, b, … in id order),
    so no paper keeps the bare key a reader could confuse with the other's. Every bare key
    is reserved first, so a suffixed key never takes the key another paper wants; nor does
    any key take one of ``reserved`` (keys the ledger gave papers before) or a kept one.
    """
    keys = {p.id: p.cite_key for p in papers if p.cite_key}
    blocked = set(reserved) | set(keys.values())
    bases = {p.id: base_key(p) for p in papers if not p.cite_key}
    counts = Counter(bases.values())
    taken = set(bases.values()) | blocked
    for paper_id in sorted(bases, key=lambda i: (bases[i], i)):
        base = bases[paper_id]
        # The bare key of a collision is in ``taken``, so _free_key gives a suffix.
        key = base if counts[base] == 1 and base not in blocked else _free_key(base, taken)
        taken.add(key)
        keys[paper_id] = key
    return keys


def _escape(text: str) -> str:
    return _SPECIAL.sub(lambda m: _SPECIALS[m.group()], text)


def escape(text: str) -> str:
    """Return text with every BibTeX/LaTeX special character escaped, on one line."""
    return _escape(_clean(text))


_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


def _protect_word(match: re.Match[str]) -> str:
    word = match.group()
    if word[1:].islower():
        return word  # no capital after the first letter, as in most words: a fifth of the time
    # A capital after the first letter marks an acronym or a name styled on purpose
    # (URLOST, PixArt, GANs, 3D); sentence-case styles would lower-case it otherwise.
    # "Auto-Tuned" is only title case, part by part, and is left to the style.
    styled = any(_has_capital(part[1:]) for part in word.split("-"))
    return "{" + word + "}" if styled else word


def _has_capital(text: str) -> bool:
    # islower() (no capital, and some lower-case letter) settles most words, in C.
    return not text.islower() and any(ch.isupper() for ch in text)


def protect(text: str) -> str:
    """Return text escaped, with acronyms and mixed-case words in braces, e.g. ``{URLOST}``."""
    # Braces go round words only; the specials between them are escaped on their own.
    text = _clean(text)
    out, end = [], 0
    for match in _WORD.finditer(text):
        out += [_escape(text[end : match.start()]), _protect_word(match)]
        end = match.end()
    out.append(_escape(text[end:]))
    return "".join(out)


def _name(author: str) -> str:
    name = escape(author)
    # " and " would split one name into two; more than one comma would be read as
    # "von Last, Jr, First". Braces make such a name one unit, shown as given.
    if _AND.search(f" {_clean(author)} ") or author.count(",") > 1:
        return "{" + name + "}"
    return name


def _url(url: str) -> str:
    # URLs go in as they are (biblatex reads the field verbatim); only characters
    # that would break the entry are percent-encoded.
    return re.sub(r"[{}\\\s\"]", lambda m: quote(m.group(), safe=""), url)


def booktitle(venue: str) -> str:
    """Return the full name of a venue, e.g. ICLR's, or the venue as given."""
    return VENUE_NAMES.get(_clean(venue).casefold(), _clean(venue))


@functools.lru_cache(maxsize=64)
def _protected_booktitle(venue: str) -> str:
    # One venue for thousands of papers: protect it once.
    return protect(booktitle(venue))


def page_url(paper: Paper, site_url: str | None) -> str | None:
    """Return the absolute URL of a paper's page, or None when the site URL is unknown."""
    return urls.absolute(site_url, urls.paper_page(paper))


def bibtex_entry(paper: Paper, key: str, site_url_of_page: str | None) -> str:
    """Return the ``@inproceedings`` entry of a paper; its url is the paper's own, else its page."""
    fields = [("title", protect(paper.title))]
    authors = [a for a in (_clean(a) for a in paper.authors) if a]
    if authors:
        fields.append(("author", " and ".join(_name(a) for a in authors)))
    fields.append(("booktitle", _protected_booktitle(paper.venue)))
    fields.append(("year", str(paper.year)))
    url = paper.url or site_url_of_page
    if url:
        fields.append(("url", _url(url)))
    if paper.title_source == "inferred":
        fields.append(("note", INFERRED_NOTE))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@inproceedings{{{key},\n{body}\n}}\n"


def bibtex_entries(papers: Sequence[Paper], site_url: str | None) -> dict[str, str]:
    """Return every paper's entry by paper id, in the order of their keys (the ``.bib`` order)."""
    keys = bibtex_keys(papers)
    by_key = sorted(papers, key=lambda p: keys[p.id])
    return {p.id: bibtex_entry(p, keys[p.id], page_url(p, site_url)) for p in by_key}


def bibliography(papers: Sequence[Paper], site_url: str | None, entries: Mapping[str, str] | None = None) -> str:
    """Return a ``.bib`` file of every paper, sorted by key.

    ``entries`` are ``bibtex_entries`` of the same papers, when the caller has them already:
    the pages show the same entries, and computing them is the costly part.
    """
    if entries is None:
        entries = bibtex_entries(papers, site_url)
    return "\n".join(entries.values())


def citation_meta(paper: Paper, page_url: str | None) -> list[tuple[str, str]]:
    """Return Google Scholar's ``citation_*`` (name, content) pairs, in the order they go in the page.

    ``citation_abstract_html_url`` is only given for an absolute page URL: Scholar
    needs one, and a relative URL is better left out than guessed.
    """
    meta = [("citation_title", _clean(paper.title))]
    meta += [("citation_author", a) for a in (_clean(a) for a in paper.authors) if a]
    meta.append(("citation_publication_date", str(paper.year)))
    meta.append(("citation_conference_title", booktitle(paper.venue)))
    if page_url and urlsplit(page_url).scheme in {"http", "https"}:
        meta.append(("citation_abstract_html_url", page_url))
    return meta
