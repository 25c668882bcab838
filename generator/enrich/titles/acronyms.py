"""Tell the words an acronym abbreviates: "graph fraud detection (GFD)", "DIstribution Correction Estimation".

``names`` asks when it weighs a bracketed acronym as the paper's name, ``weights`` when
it counts an acronym's uses as uses of the words it spells out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .lexicon import _FUNCTION


@lru_cache(maxsize=64)  # asked twice per bracketed acronym: by _name_scores, then for word weights
def _spelled_out(before: str, acronym: str) -> str:
    """Return the words just before "(ACRONYM)" that it abbreviates, or ""."""
    letters = [c.casefold() for c in acronym if c.isupper()]
    if len(letters) < 2:
        return ""
    words = before.split()[-(len(letters) + 3) :]
    capitalised = any(w[:1].isupper() for w in words[1:])
    # Start at the first word whose initial is the acronym's first letter and leaves room for
    # the rest, within one clause, never on a verb or function word ("we introduce X Y Z").
    for i in range(len(words)):
        first = words[i]
        if first[:1].casefold() != letters[0] or any(w[-1] in ",;:" for w in words[i:-1]):
            continue
        if first.casefold() in _FUNCTION or first.casefold() in _SPELL_SKIP or (capitalised and first[:1].islower()
                                                                                   and any(w[:1].isupper() for w in words[i + 1 :])):
            continue
        if _initials_match(" ".join(words[i:]), acronym):
            # "large language models' (LLMs) ability": the acronym abbreviates the words, not their possessive
            phrase = " ".join(words[i:]).strip(" ,;:")
            if phrase.endswith(("'s", "\u2019s", "'", "\u2019")):
                phrase = phrase.removesuffix("'s").removesuffix("\u2019s").rstrip("'\u2019")
            if len(phrase.split()) >= 2:
                return phrase
            break
    return _spelled_in_capitals(words, acronym)


def _spelled_in_capitals(words: Sequence[str], acronym: str) -> str:
    """Return the last words whose capitals spell the acronym ("Rule AbstractIon and SElection"), or "".

    Authors who coin a word-play acronym mark its letters in capitals, inside words too
    ("DIstribution Correction Estimation", "theoREm-from-prooF extrACTOR"); a hyphenated
    compound counts as several words ("Past-Decomposable-Mixing").
    """
    letters = "".join(filter(str.isupper, acronym))
    if not "".join(filter(str.isupper, "".join(words))).endswith(letters):
        return ""  # the capitals before the bracket do not end with the acronym's
    caps = ""
    for i in range(len(words) - 1, -1, -1):
        word = words[i]
        if word[-1] in ",;:" and i < len(words) - 1:
            return ""  # the spelled-out words stay within one clause
        caps = "".join(filter(str.isupper, word)) + caps
        if caps == letters and word[:1].isalpha() and any(c.isupper() for c in word):
            phrase = " ".join(words[i:])
            return phrase if len(phrase.replace("-", " ").split()) >= 2 else ""
        if not letters.endswith(caps):
            return ""
    return ""


_SPELL_SKIP = frozenset("study provide dubbed introduce propose present by is are".split())


def _initials_match(phrase: str, acronym: str) -> bool:
    """Tell whether an acronym plausibly abbreviates the words just before it."""
    letters = [c.casefold() for c in acronym if c.isalpha() and c.isupper()]
    if len(letters) < 2:
        return any(c.isupper() for c in acronym[1:])
    words = phrase.replace("-", " ").split()  # hyphenated words count one by one
    initials = "".join(w[0].casefold() for w in words[-(len(letters) + 3) :])
    it = iter(initials)
    matched = sum(1 for c in letters if c in it)  # subsequence match, tolerant of small words
    return matched >= max(2, len(letters) - 1) or phrase[-1:].isupper()
