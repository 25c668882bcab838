"""Well-known fields in a title: whether a term is one, and whether the paper is for it or only uses it.

A title may end on the field a contribution serves ("... for Large Language Models"), but only
where that field is the paper's subject: an abstract that opens on what LLMs can do and then
builds a recogniser with them is not for LLMs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .analysis import _Analysis
from .weights import _Terms, _Weights


def _singular(lows: Sequence[str]) -> tuple[str, ...]:
    """Return lower-case words with a plural "s" off the last ("language models" -> "language model")."""
    last = lows[-1] if lows else ""
    return (*lows[:-1], last[:-1] if last.endswith("s") and not last.endswith("ss") else last)


def _known_field(term: Sequence[str], known: _Terms) -> bool:
    """Tell whether a term is a well-known field or its last words ("language models" of "large language models")."""
    want = _singular([w.lower() for w in term])
    return any(_singular(key)[-len(want) :] == want for key in known if len(key) >= len(want))


def _paper_is_for(a: "_Analysis", term: Sequence[str], weight: _Weights) -> bool:
    """Tell whether a well-known field is what the paper is for, not only a tool it uses.

    It is, where the contribution sentence names it ("a re-weighting method for LLMs"), or
    where most sentences name it and none as a tool ("uses LLMs as agents", "LLM-based"): an
    abstract that opens on what LLMs can do and then builds a recogniser with them is not
    "... for Large Language Models".
    """
    want = _singular([w.lower() for w in term])
    names = [" ".join(want)] + [
        acronym.rstrip("s")
        for acronym, spelled in weight.acronyms.items()
        if _singular([w.lower() for w in spelled])[-len(want) :] == want
    ]
    if a.contribution >= 0:
        sentence = a.sentences[a.contribution]
        if names[0] in sentence.lower() or any(name in sentence for name in names[1:]):
            return True
    low_names = [names[0]] + [name.lower() for name in names[1:]]
    naming = sum(any(name in sentence.lower() for name in low_names) for sentence in a.sentences)
    if naming * _SUBJECT_SHARE < len(a.sentences):
        return False
    prose = a.prose
    for name in names:
        at = prose.find(name) if name != names[0] else prose.lower().find(name)
        while at >= 0:
            before = prose[max(0, at - 30) : at].lower().split()[-3:]
            after = prose[at + len(name) : at + len(name) + 12].lower()
            if any(w.startswith(_TOOL_VERBS) for w in before) or _TOOL_SUFFIX.match(after):
                return False
            at = (prose.find if name != names[0] else prose.lower().find)(name, at + 1)
    return True


# A field named in at least this share of the sentences (1 / _SUBJECT_SHARE) is the abstract's subject.
_SUBJECT_SHARE = 1.5
# How an abstract writes a field it works with, not for: "uses LLMs", "LLM-based", "LLM-generated".
_TOOL_VERBS = ("use", "using", "utiliz", "utilis", "leverag", "employ", "harness", "exploit", "prompt")
_TOOL_SUFFIX = re.compile(r"s?-(?:based|powered|driven|assisted|guided|generated|enhanced|augmented|aided)")


def _known_term(phrase: Sequence[str], known: _Terms) -> bool:
    """Tell whether a phrase is only a well-known term of its field ("Large Language Models")."""
    return tuple(map(str.lower, phrase)) in known
