"""The phrases a paper writes that may name a subtopic of its corpus's theme (see ``subtopics``).

A phrase is a run of one to ``LONGEST`` whole words as written ("Gaussian splatting", "retrieval-augmented
generation"), keyed in lower case and the singular, that neither starts nor ends on a stop word or a
word every abstract uses. How the theme's papers write each phrase (as a verb, before another noun,
in the plural) is gathered beside it, for ``subtopics`` to judge whether it names a subject.
"""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...model import Paper
from ..keywords import singular
from ..words import STOP_WORDS
from .taxonomy import normalize

#: How many words a phrase has at most.
LONGEST = 3

# Words too vague to start or end a subtopic's name, beyond those of related papers.
_VAGUE = frozenset(
    """
    ability able accuracy accurate across adaptive advanced advantage aim algorithm algorithms allowing
    arbitrary art available baseline baselines best capability capture captures challenge challenging
    complex comprehensive contrast core critical crucial current dataset datasets demonstrating different
    diverse during effect effectiveness efficiency end enhance enhanced enhancing essential existing
    explicit extensive fast few final first fine form full further general generalization generate
    generated generating high higher important improving information input inputs instead issue
    large level limited low lower main make making matter model modeling models module modules multiple
    network networks noisy output outputs overall pipeline possible potential practical problem process
    propose quality range rate real recent reduce require requires research robust robustness scale
    second set setting settings shows single small solution source space stage standard strong
    superior system systems target time top training true two type types unified unique unlike way
    world yield ground truth page project pre trained qualitative quantitative sota shot code available
    remain remains advancement advancements
    """.split()
)
_EDGE_STOP = STOP_WORDS | _VAGUE
# A one-word subtopic must name a subject: an acronym or a name written with capitals ("SLAM", "NeRF"), or a
# noun of an activity ("segmentation", "tracking", "synthesis"). "Head", "driven" or "implicit" alone say
# too little: they are named by a longer phrase or not at all.
_NAMING = ("tion", "sion", "ing", "ment", "sis", "ysis")
# Nouns of activities that every field does: a subtopic only with what they act on ("pose estimation").
_TOO_WIDE = frozenset(
    """
    alignment analysis attention computation estimation extraction formulation function integration interaction
    learning modeling modelling optimization prediction processing representation resolution supervision
    understanding evaluation application solution development deployment implementation detection recognition
    relation simulation adaptation fitting sampling ablation mitigation engineering fusion augmentation
    """.split()
)
# A word ending in "ing" that is followed by one of these is a verb there ("resulting in", "enabling the"), and
# so is one after a function word ("by creating"): a noun in "ing" is mostly named after what it acts on.
_OBJECTS = frozenset("a an the in on to from into our their its it them this these that both such more each".split())
# Words, then an abbreviation in parentheses with a capital or a digit in it: "neural radiance fields (NeRFs)".
_DEFINED = re.compile(r"\(((?=[^)]*[A-Z0-9])[A-Za-z0-9][\w\-]{1,9}?)s?\)")
_CHUNK = re.compile(r"[^\w\s\-'/]+")

Key = tuple[str, ...]


@dataclass
class _Writing:
    """How the theme's papers write each phrase, over all of them."""

    spelled: dict[Key, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))  #: its forms as written
    verbal: Counter[Key] = field(default_factory=Counter)  #: one-word phrases in "ing" written as verbs (_OBJECTS)
    modifies: Counter[Key] = field(default_factory=Counter)  #: times followed by a content word
    plural: Counter[Key] = field(default_factory=Counter)  #: times a one-word phrase is written in the plural

    def uses(self, key: Key) -> int:
        return sum(self.spelled.get(key, {}).values())


def _phrases(paper: Paper, writing: _Writing) -> tuple[Counter[Key], set[Key]]:
    """Return the candidate phrases of a paper's abstract (counted) and those of its title.

    A phrase is a run of whole words as written: a hyphenated compound is one ("retrieval-augmented
    generation" holds no "augmented generation", "low-resource languages" no "resource languages"), and
    may start or end a phrase when its last part could ("multiple-choice", not "state-of-the-art").
    Adds to ``writing`` how the paper writes them.
    """
    in_text: Counter[Key] = Counter()
    in_title: set[Key] = set()
    for part, counted in ((paper.title, None), (paper.text, in_text)):
        for chunk in _CHUNK.split(part):
            units = [unit for word in chunk.split() for unit in _units(word)]
            count = len(units)
            for a, unit in enumerate(units):
                if not unit.start:
                    continue
                key: Key = ()
                text = ""
                for b in range(a, min(a + LONGEST, count)):
                    other = units[b]
                    key += other.keys
                    text = f"{text} {other.text}" if text else other.text
                    if len(key) > LONGEST + 1:
                        break
                    if not other.end:  # a stop word, an adjective
                        continue
                    if b == a and len(key) == 1:
                        if _describes(unit.parts[0]):
                            if unit.head != unit.parts[0].lower() and not _describes(singular(unit.parts[0])):
                                writing.plural[key] += 1  # "documents" (see COUNTED)
                            continue
                        # "by creating", "creating a": a verb; "neural rendering", "point tracking": a noun.
                        if unit.head.endswith("ing") and (
                            (a + 1 < count and units[a + 1].parts[0].lower() in _OBJECTS)
                            or a == 0
                            or not units[a - 1].head
                        ):
                            writing.verbal[key] += 1
                    elif b == a and not _compound_names(unit.parts):
                        continue
                    writing.spelled[key][text] += 1
                    if b + 1 < count and units[b + 1].names_more:
                        writing.modifies[key] += 1
                    if counted is None:
                        in_title.add(key)
                    else:
                        counted[key] += 1
    _aliases(paper.text, in_text)
    return in_text, in_title


@dataclass(frozen=True)
class _Unit:
    """A word as written between spaces ("multiple-choice" is one): its parts, how it is shown, their keys."""

    parts: tuple[str, ...]
    text: str
    keys: tuple[str, ...]
    head: str  #: the key of its last part (see _key)
    start: bool  #: whether a phrase may start on it
    end: bool  #: whether a phrase may end on it
    names_more: bool  #: whether, after a phrase, it makes the phrase part of a longer name (see _names_more)


@functools.lru_cache(maxsize=65536)
def _units(written: str) -> tuple[_Unit, ...]:
    """Return a word written between spaces as units: one, a compound shown with its hyphens, or none.

    A compound starts or ends a phrase where its last part could ("low-resource", "multiple-choice"; not
    "state-of-the-art"), and never ends one as an adjective ("fine-grained"). Its parts keep their own
    keys, function words aside: "low-resource" is not "high-resource", and "structure-from-motion" is
    "structure from motion". A suffix that makes an adjective of a noun ("splatting-based",
    "context-aware") is a unit of its own: the noun before it may end a phrase ("Gaussian splatting").
    """
    parts = tuple(written.split()) if written.isascii() and written.isalnum() else tuple(normalize(written).split())
    if not parts:
        return ()
    if len(parts) > 1 and parts[-1].lower() in _ADJECTIVE_ENDS and written.rstrip("-'/").count("-"):
        stem = written.rstrip("-'/").rsplit("-", 1)[0]
        return (*_units(stem), _Unit(parts[-1:], parts[-1], (_key(parts[-1]),), "", False, False, False))
    head = _key(parts[-1])
    starts = bool(head) and parts[0][0].isalpha()
    if len(parts) == 1:  # a participle names nothing ("remains underexplored", "pre-trained")
        ends = len(head) > 1 and not _participle(parts[0])
        return (_Unit(parts, parts[0], (head,), head, starts, ends, _names_more(parts[0])),)
    inner = written.strip("-'/")
    text = "-".join(parts) if inner.count("-") == len(parts) - 1 and "--" not in inner else " ".join(parts)
    keys = tuple("" if p.lower() in STOP_WORDS else singular(p.lower()) for p in parts)
    ends = len(head) > 1 and not _participle(parts[-1])
    return (_Unit(parts, text, keys, head, starts, ends, _names_more(parts[0])),)


def _participle(word: str) -> bool:
    """Tell whether a word is a participle in "-ed" ("grained", "underexplored"), not a noun ("speed")."""
    return len(word) > 4 and word.endswith("ed") and not word.endswith("eed")


# Last parts that make a compound an adjective: "task-specific", "training-free", "context-aware".
_ADJECTIVE_ENDS = frozenset(
    "agnostic aware based centric conditioned driven efficient free friendly guided like oriented specific wise".split()
)


def _key(word: str) -> str:
    """Return a word's key in a phrase: lower case and singular, "" for a word no phrase starts or ends with."""
    lower = word.lower()
    # "IDs", "LLMs": an abbreviation's plural, however short.
    key = lower[:-1] if len(word) > 2 and word[-1] == "s" and word[-2].isupper() else singular(lower)
    return "" if lower in _EDGE_STOP or key in _EDGE_STOP else key


def _definitions(text: str) -> list[tuple[Key, Key]]:
    """Return the abbreviations a text defines, each with the phrase it stands for, as phrase keys.

    "neural radiance fields (NeRFs)" gives ("nerf",) for ("neural", "radiance", "field"): the fewest
    words before the parenthesis (at most ``LONGEST``) whose initials spell the abbreviation's capitals
    and digits; none where no such words are ("Light Detection and Ranging (LiDAR)" is four).
    """
    found = []
    for match in _DEFINED.finditer(text) if "(" in text else ():
        alias = _key(match.group(1))
        before = _CHUNK.split(text[max(0, match.start() - 80) : match.start()])[-1]
        words = normalize(before).split()[-LONGEST:]
        if not alias or not words:
            continue
        letters = _capitals(match.group(1))
        # The fewest words whose initials spell it, stop words aside: "structure from motion (SfM)".
        n = next((n for n in range(1, len(words) + 1) if _initials(words[-n:]) == letters), 0)
        keys = tuple(_key(word) for word in words[-n:])
        if n and keys[0] and keys[-1] and keys != (alias,):  # a phrase neither starts nor ends on a stop word
            found.append(((alias,), keys))
    return found


def _capitals(word: str) -> str:
    """Return a word's capitals and digits, lower-cased: what an abbreviation spells ("NeRF": "nrf", "3D": "3d")."""
    return "".join(c.lower() for c in word if c.isupper() or c.isdigit())


def _initials(words: Sequence[str]) -> str:
    """Return what the words an abbreviation stands for spell: each one's first letter and inner capitals."""
    return "".join(word[0].lower() + _capitals(word[1:]) for word in words if _key(word))


def _aliases(text: str, in_text: Counter[Key]) -> None:
    """Count each later use of an abbreviation the text defines ("Gaussian Splatting (3DGS)") as its phrase."""
    if "(" not in text:
        return
    for match in _DEFINED.finditer(text):
        alias = match.group(1)
        rest = text[match.end() :]
        if alias not in rest:
            continue
        uses = len(re.findall(rf"(?<![\w-]){re.escape(alias)}s?(?![\w-])", rest))
        if not uses:
            continue
        before = _CHUNK.split(text[max(0, match.start() - 80) : match.start()])[-1]
        keys = [singular(word.lower()) for word in normalize(before).split()]
        for n in range(1, min(LONGEST, len(keys)) + 1):
            key = tuple(keys[-n:])
            if key in in_text:
                in_text[key] += uses


@functools.lru_cache(maxsize=65536)
def _names_more(word: str) -> bool:
    """Return whether a word after a phrase makes it part of a longer name: a content word ("3D" too), not "methods"."""
    return word.isalnum() and not word.isdigit() and word.lower() not in STOP_WORDS


@functools.lru_cache(maxsize=65536)
def _describes(word: str) -> bool:
    """Return whether a word alone says too little to name a subtopic (see _NAMING)."""
    return not _names_by_form(word) or singular(word.lower()) in _TOO_WIDE


def _names_by_form(word: str) -> bool:
    """Return whether a word is written like a subtopic's name: a name ("SLAM", "NeRF") or an activity ("tracking")."""
    rest = word[1:]
    if rest and not rest.islower() and any(c.isalpha() for c in rest):
        return True  # "SLAM", "NeRF", "LiDAR"
    return word.lower().endswith(_NAMING) and len(word) >= 6


def _compound_names(parts: Sequence[str]) -> bool:
    """Return whether a hyphenated compound alone can name a subtopic.

    Compounds of content words are mostly adjectives before a noun ("multi-agent" systems, "long-term"
    memory, "question-answer" pairs) unless they end on an activity or a name ("fine-tuning", "text-to-SQL");
    one with a function word inside is a noun phrase ("structure-from-motion", "mixture-of-experts").
    """
    return len(parts) == 1 or _names_by_form(parts[-1]) or any(p.lower() in STOP_WORDS for p in parts[1:-1])
