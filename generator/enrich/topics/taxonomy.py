"""The taxonomy compiled for matching: ``Topic``, ``Taxonomy`` and its phrase tables.

A ``Taxonomy`` is the ordered topics and a fallback; making one compiles its phrases into
lookup tables (``_Matcher``) that say how strong evidence each phrase is for which topics.
``load`` reads a taxonomy file into one; ``assign`` matches abstracts against it.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

_NON_WORD = re.compile(r"[^0-9A-Za-z]+")
# Character put between the title and the sentences of the abstract, and a word of its own there: no
# phrase contains it, so no match spans two sentences, and the scan counts it to know which sentence it
# is in. It is neither a letter nor a space, so the patterns above read it as they read the spaces and
# punctuation it stands beside; one already in the text is replaced first (see _clean).
_BREAK = "\x00"
# How much a phrase tells about a topic: a weak term counts half; a subject term is a term in the title and
# the subject sentences (bar the opening one) but weak elsewhere (see Topic); a term is strong everywhere.
# Larger is stronger.
_WEAK, _SUBJECT_ONLY, _STRONG = 0, 1, 2

@dataclass(frozen=True)
class Topic:
    """One browsable topic and the phrases that are evidence for it."""

    name: str
    description: str
    terms: tuple[str, ...] = ()
    # Words that also name the parts and qualities of other work ("transformer", "policy", "robustness"):
    # strong where the paper says what it does, weak where it describes how.
    subject_terms: tuple[str, ...] = ()
    weak_terms: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    broad: bool = False  # a broad area rather than a specific topic: see MAX_BROAD
    # The topic this one is a part of: written in topics.yml (``parent:``), or the theme a subtopic learned
    # from the corpus splits (see subtopics); "" for a topic of the first level.
    parent: str = ""
    learned: bool = False  # learned from the corpus (see subtopics), not written in the taxonomy


_Entry = tuple[tuple[int, int], ...]
# For the first word of some phrase: its entry if it is a phrase itself (else None), and the phrases of two
# words or more it starts, by their second word, as their lengths in words, longest first. None for the
# break (see _BREAK).
_Start = tuple[_Entry | None, dict[str, tuple[int, ...]]] | None
_NO_START: _Start = (None, {})


@dataclass(frozen=True)
class _Matcher:
    """The taxonomy compiled for matching: phrase lookup tables and what each phrase is worth."""

    # Phrases are found by word n-gram lookup rather than one big regex alternation: Python's regex
    # engine tries every alternative at every position, which is several times slower here.
    # Each entry is a tuple of (topic index, strength) pairs, the strength one of _WEAK, _SUBJECT_ONLY, _STRONG.
    folded: dict[str, _Entry]  # lower-case phrases, matched on lower-cased words
    exact: dict[str, _Entry]  # phrases with capitals (acronyms), matched as written
    folded_span: dict[str, _Start]  # first word of a folded phrase -> what it starts
    exact_span: dict[str, _Start]
    acronyms: tuple[str, ...]  # first words of the exact phrases: a text with none needs no exact scan
    # Folded one-word phrases that some longer phrase spelling out their letters ("self supervised learning"
    # for "ssl") is strong evidence for another topic: the abbreviations that can gain topics (see
    # _abbreviations). Any other one already a phrase needs no look at its definition.
    expandable: frozenset[str]


@dataclass(frozen=True)
class Taxonomy:
    """The ordered topics, the fallback used when none matches, and their compiled matcher."""

    topics: tuple[Topic, ...]
    fallback: Topic
    path: Path | None = None
    _matcher: _Matcher = field(init=False, repr=False, compare=False)
    _order: dict[str, int] = field(init=False, repr=False, compare=False)  # site position, to break ties
    _broad: frozenset[str] = field(init=False, repr=False, compare=False)
    _labels: tuple[tuple[str, bool], ...] = field(init=False, repr=False, compare=False)  # name, broad by index

    def __post_init__(self) -> None:
        object.__setattr__(self, "_matcher", _compile(self.topics))
        object.__setattr__(self, "_order", {name: i for i, name in enumerate(self.names)})
        object.__setattr__(self, "_broad", frozenset(topic.name for topic in self.topics if topic.broad))
        object.__setattr__(self, "_labels", tuple((topic.name, topic.broad) for topic in self.topics))

    @property
    def names(self) -> tuple[str, ...]:
        """Return every topic name in site order, the fallback last."""
        return tuple(t.name for t in self.topics) + (self.fallback.name,)


def _greek_names() -> dict[str, str]:
    """Return the Latin name of each Greek letter ("μ" -> "mu", "Σ" -> "Sigma")."""
    table = {}
    for code in range(0x391, 0x3CA):
        name = unicodedata.name(chr(code), "")  # U+03A2 is unassigned
        if not name.startswith("GREEK"):
            continue
        # "GREEK SMALL LETTER FINAL SIGMA", "GREEK CAPITAL LETTER IOTA WITH DIALYTIKA": the letter is the last
        # word before any "WITH". Unicode spells lambda "LAMDA".
        letter = name.split(" WITH")[0].split()[-1].replace("LAMDA", "LAMBDA")
        table[chr(code)] = letter.lower() if " SMALL " in name else letter.title()
    return table


# Greek letters are spelled out ("μP" -> "muP", "β-VAE" -> "beta-VAE"), so that a name written with one can be
# listed in ASCII ("mup"): left alone, the letter would read as a space. Taxonomy phrases (normalize) and
# abstracts (_tokens) are spelled out as they are encoded to ASCII, by an error handler that only sees what
# is not ASCII already.
_GREEK = _greek_names()
_SPELL_GREEK = "papersite.topics.spell-greek"


def _spelled_or_unknown(error: UnicodeError) -> tuple[str, int]:
    """Encode the Greek letters among characters ASCII lacks as their names, any other as "?"."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(_GREEK.get(char, "?") for char in error.object[error.start : error.end]), error.end


codecs.register_error(_SPELL_GREEK, _spelled_or_unknown)


def normalize(text: str) -> str:
    """Return text as space-separated ASCII words, case kept: the form phrases are matched on."""
    # NFKC folds ligatures ("ﬁ") and full-width forms; punctuation and hyphens become spaces, so
    # "self-supervised", "self supervised" and "(self-)supervised" all meet the same term.
    # As ASCII, Greek letters spelled out: any other character beyond ASCII is not a word character
    # anyway, and the "?" it becomes is a space below, as it was.
    text = unicodedata.normalize("NFKC", text).encode("ascii", _SPELL_GREEK).decode("ascii")
    return " ".join(_NON_WORD.sub(" ", text).split())


def _sub_phrases(words: tuple[str, ...]) -> Iterable[str]:
    """Yield every contiguous word span of a phrase, the phrase itself included."""
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            yield " ".join(words[i:j])


def _compile(topics: Sequence[Topic]) -> _Matcher:
    """Build the phrase lookup tables: how strong evidence each phrase is for which topics."""
    # Matching is leftmost-longest without overlaps, so a long phrase ("multimodal large language models")
    # would hide the shorter terms inside it from other topics. Each phrase therefore counts for every
    # topic with a term inside it, unless that topic excludes the phrase; the strongest reading wins.
    own: dict[str, dict[int, int]] = {}
    for index, topic in enumerate(topics):
        for kind, phrases in ((_STRONG, topic.terms), (_SUBJECT_ONLY, topic.subject_terms), (_WEAK, topic.weak_terms)):
            for phrase in phrases:
                slot = own.setdefault(phrase, {})
                slot[index] = max(slot.get(index, _WEAK), kind)
    excluded: dict[str, set[int]] = {}
    for index, topic in enumerate(topics):
        for phrase in topic.exclude:
            excluded.setdefault(phrase, set()).add(index)
    folded_own = {p: w for p, w in own.items() if p == p.lower()}
    table: dict[str, dict[int, int]] = {}
    for phrase in set(own) | set(excluded):
        total: dict[int, int] = {}
        # A listed phrase names its own topics: a term of another topic inside it is only a hint, so it
        # counts as weak ("graph transformer" is a graph network, "dp sgd" private training).
        hint = phrase in own
        for part in _sub_phrases(tuple(phrase.lower().split())):
            for index, kind in folded_own.get(part, {}).items():
                total[index] = max(total.get(index, _WEAK), _WEAK if hint else kind)
        for index, kind in own.get(phrase, {}).items():
            total[index] = max(total.get(index, _WEAK), kind)
        for index in excluded.get(phrase, ()):
            total.pop(index, None)
        table[phrase] = total

    def frozen(items: Iterable[tuple[str, dict[int, int]]]) -> dict[str, _Entry]:
        return {p: tuple(sorted(w.items())) for p, w in items}

    folded = frozen((p, w) for p, w in table.items() if p == p.lower())
    exact = frozen((p, w) for p, w in table.items() if p != p.lower())
    folded_span, exact_span = _spans(folded), _spans(exact)
    acronyms = tuple(sorted(exact_span))
    folded_span[_BREAK] = exact_span[_BREAK] = None
    expandable = frozenset(
        letters
        for phrase, entry in folded.items()
        if " " in phrase
        and (own := folded.get(letters := "".join(word[0] for word in phrase.split(" ")))) is not None
        and _merged(own, entry) != own
    )
    return _Matcher(folded, exact, folded_span, exact_span, acronyms, expandable)


def _spans(phrases: dict[str, _Entry]) -> dict[str, _Start]:
    """Map each phrase's first word to what it starts (see _Start)."""
    # Most words that start a phrase ("a", "in", "we") start only a few, and the next word is rarely
    # one they continue with: a look-up of that word spares joining words to try every length.
    lengths: dict[str, dict[str, set[int]]] = {}
    for phrase in phrases:
        words = phrase.split(" ")
        longer = lengths.setdefault(words[0], {})
        if len(words) > 1:
            longer.setdefault(words[1], set()).add(len(words))
    return {
        first: (phrases.get(first), {second: tuple(sorted(found, reverse=True)) for second, found in longer.items()})
        for first, longer in lengths.items()
    }


def _merged(own: _Entry, defining: _Entry) -> _Entry:
    """Return an abbreviation's own entry with the topics its defining term is (subject) evidence for added."""
    # What the taxonomy says of the abbreviation itself stands: "ODE" is weak for AI for science even after
    # "ordinary differential equation (ODE)". A weak hint inside the defining term ("vision" in
    # "vision-language models (VLMs)") is not carried over: the abbreviation names the term, not its words.
    strength = dict(own)
    for index, kind in defining:
        if kind > _WEAK and index not in strength:
            strength[index] = kind
    return tuple(sorted(strength.items()))
