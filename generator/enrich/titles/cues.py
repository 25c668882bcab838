"""Words just before a name that tell how an abstract meets it: introduced ("we propose X") or compared ("than X")."""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import _TAKE_VERBS, _VERBS

_VERB_WORD = re.compile(r"(?:.*\W)?(?:" + _VERBS + r"|presenting|introducing|proposing|developing)", re.IGNORECASE)
_COMPARE_ENDS = (
    "than", "such as", "e.g.", "e.g.,", "i.e.", "i.e.,", "like", "including", "over", "versus", "vs", "vs.", "compared to",
    "compared with", "outperform", "outperforms", "outperforming", "surpass", "surpasses", "surpassing",
    "beat", "beats", "beating", "baseline", "baselines", "existing", "prior", "previous", "popular",
    "state-of-the-art", "sota",
)


@lru_cache(maxsize=1 << 14)
def _cue_verb(word: str) -> bool:
    """Tell whether a whitespace-separated word is a contribution verb ("propose", "(introduces")."""
    return _VERB_WORD.fullmatch(word) is not None


def _verb_before(before: str) -> bool:
    """Tell whether ``before`` ends with a contribution verb and an optional article ("we propose the ")."""
    if not before[-1:].isspace():
        return False
    words = before.split()
    if len(words) >= 2 and words[-1].lower() in ("the", "a", "an", "our"):
        words.pop()
    if not words:
        return False
    if words[-1].lower() == "forward" and len(words) >= 2:
        return _cue_verb(words[-2] + " forward")
    return _cue_verb(words[-1])


def _compared_before(before: str) -> bool:
    """Tell whether ``before`` ends the way a mention of someone else's method starts ("than", "e.g.,")."""
    tail = before.rstrip()
    if tail[-1:] in (",", "("):
        tail = tail[:-1].rstrip()
    return tail.lower().endswith(_COMPARE_ENDS)


# "we propose ...", "This paper introduces ...": the sentence announces something the paper makes.
_WE_MAKE = re.compile(r"\b(?:[Ww]e|[Tt]his (?:paper|work))\b[^.]*?\b(?:" + _VERBS + r")\b")
# The last word before a name, or before an acronym's spelled-out words, when the name is the
# object of a preposition: what the paper applies, tests or measures with ("a test for IRG
# models", "applied to the Least Square Support Vector Machine (LSSVM)"), not what it makes.
_USE_PREPS = frozenset("to of on using via with from under over between against into across than".split())
_USE_PREPS_NAME = _USE_PREPS | frozenset("for in by and or".split())


_WE = re.compile(r"\b[Ww]e\b")


def _before_in_sentence(pattern: re.Pattern[str], prose: str, s: int) -> bool:
    """Tell whether ``pattern`` matches in the sentence holding ``prose[s]``, before ``s``."""
    return pattern.search(prose, prose.rfind(". ", 0, s) + 1, s) is not None


def _made_in_sentence(prose: str, s: int) -> bool:
    """Tell whether the sentence holding ``prose[s]`` announces, before it, what the paper makes ("we propose ...")."""
    return _before_in_sentence(_WE_MAKE, prose, s)


def _we_in_sentence(prose: str, s: int) -> bool:
    """Tell whether the sentence holding ``prose[s]`` has "we" before it: the paper acting, not background."""
    return _before_in_sentence(_WE, prose, s)


def _object_of_use(before: str, spelled: bool = False) -> bool:
    """Tell whether ``before`` ends with a preposition (and an article) that makes what follows a thing used.

    Before an acronym's spelled-out words "for" is left out: "an approach for the synthesis of
    tailored architectures (STAR)" spells out the paper's own approach.
    """
    words = before.split()
    if not spelled and len(words) > 2 and words[-1].islower() and words[-2].lower() in ("the", "a", "an"):
        words.pop()  # "the microscopic cameras of the robotic FME": one word describes the thing used
    if words and words[-1].lower() in ("the", "a", "an"):
        words.pop()
    last = words[-1].lower() if words else ""
    return last in (_USE_PREPS if spelled else _USE_PREPS_NAME) or last in _TAKE_VERBS
