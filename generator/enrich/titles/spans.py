"""Walk the noun phrases an abstract offers as its title: the candidates of ``phrases``.

``_candidates`` reads the sentences that may say what the paper is (the contribution
sentence, those that write "we", "paper", the coined name or its spelling-out) and walks a
noun phrase from each cue ("we propose <X>"), apposition ("Name, a <X>") and spelled-out
name; from the sentences that frame the paper (the opening one, and the contribution
sentence or else the second) it takes every noun phrase and every "<X> for <Y>" span.
Each phrase comes with the bonus of its source (tuned with the scores of
``weights``) and its role: what the paper contributes, the field the opening
sentence names, or neither. ``phrases`` cuts, trims, scores and composes them,
and walks the contribution sentence's tails with the same ``_walk`` and ``_verb_phrase``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .analysis import _Analysis, _drop_asides, _releases_code
from .grammar import _ARTICLES, _is_verbish, _real_gerund
from .lexicon import (
    _ADJ_ENDS,
    _ADVERBS,
    _EMPTY_HEADS,
    _FUNCTION,
    _GENERIC,
    _ING_NOUNS,
    _LEAD_DROP,
    _MAX_SPAN,
    _MEDIA,
    _MODALS,
    _NOT_ADVERB,
    _PREPS,
    _STOP,
    _SUBJECT,
    _TO_NOUNS,
    _VERB_AFTER_AND,
    _VERB_OBJECT_START,
    _VERBS,
    _VERBS_S_MID,
    _VERBS_S_THAT,
    _VERBS_S_TO,
    _WRAPPERS,
    _key,
)
from .weights import (
    _BONUS_APPOSITION,
    _BONUS_CUE,
    _BONUS_FOR,
    _BONUS_LATER_CUE,
    _BONUS_NP,
    _BONUS_SPELLED,
    _STUDY_COST,
)

# --- Title spans ------------------------------------------------------------------
# A title is a contiguous noun phrase the abstract itself writes: the object of the
# contribution verb ("we propose <X>"), the apposition after the coined name ("Name,
# a <X> that ..."), the spelled-out name, or an "<X> for <Y>" span. A phrase is walked
# word by word from where it starts until a clause boundary (punctuation, a relative
# pronoun, a finite verb, a reduced relative clause), then every cut before one of its
# prepositions is a candidate, scored by topic-word density and length.

_SPAN_TOKEN = re.compile(
    # A word, with the short argument it may carry ("E(3)", "SO(3)", "O(n log n)"); a norm
    # ("ℓ_p", "ℓ₂", "ℓ_∞-ball") is one word, not a stray "p" nor dropped; so are "H&E" and "n×n".
    # A number with thousands separators is one word ("163,000"), not "163" and a stray "000".
    r"(?:\d{1,3}(?:,\d{3})+(?![\d,]\d)|[A-Za-z0-9\u0370-\u03ff\u2113][\w\-'\u2019+/.&\u00d7\u0370-\u03ff\u221e]*[\w+\u0370-\u03ff\u221e]|[A-Za-z0-9\u0370-\u03ff\u2113])"
    r"(?:\([\w ^+\-]{1,10}\)(?![\w(]))?"
    r"|[,;:\"!?\u201c\u201d]|\s[-\u2013\u2014]+\s|\u2014"
)
_OBJ_CUE = re.compile(
    _SUBJECT + r",?\s+(?:[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r"|stud(?:y|ies|ied)|"
    r"investigat(?:e|es|ed)|explor(?:e|es|ed)|examin(?:e|es|ed)|address(?:es|ed)?|tackl(?:e|es|ed)|"
    r"revisit(?:s|ed)?|focus(?:es|ed)? on|consider(?:s|ed)?|analy[sz](?:e|es|ed)|"
    r"(?:show(?:s|ed)?|prov(?:e|es|ed))(?= that))\s+"
)
_STUDY_START = ("stud", "inves", "explo", "exami", "addre", "tackl", "revis", "focus", "consi", "analy", "on", "show", "prov")


def _walk(tokens: Sequence[str], lows: Sequence[str], i: int) -> tuple[list[str], int]:
    """Walk a noun phrase from ``tokens[i]``; return its words and where it stopped.

    ``lows`` is ``tokens`` lower-cased. A phrase cut by the length limit ends with ``""``
    so callers cut it at a preposition instead.
    """
    words: list[str] = []
    seen_from = False
    n = len(tokens)
    end = min(n, i + _MAX_SPAN)  # the length limit as an index: one test per word
    prev = ""
    stop, preps = _STOP, _PREPS  # locals: this loop runs for every word of the framing sentences
    while i < end:
        low = lows[i]
        if low in stop or not low[0].isalnum():
            break
        nxt = lows[i + 1] if i + 1 < n else ""
        if nxt in _ARTICLES and low not in preps:
            break  # "consider the problem", "enhances the reasoning": a verb, not a noun
        if low == "to":
            if not (nxt.endswith("ing") or prev in _TO_NOUNS or seen_from or prev in _MEDIA and nxt in _MEDIA):
                break
        elif low == "and":
            if nxt in _VERB_AFTER_AND or nxt in stop or not nxt[:1].isalnum():
                break
        elif low == "from":
            seen_from = True
        elif words and prev not in preps:
            if low[-1] == "s" and nxt in _VERB_OBJECT_START and not low.endswith(("ss", "us", "is")) \
                    and (nxt != "to" or low in _VERBS_S_TO) and (nxt != "that" or low in _VERBS_S_THAT):
                break  # "forecasting plays a role": a finite verb ("models to perform X": a plural, "to" ends it)
            if low.endswith("ing") and len(low) > 5 and low not in _ING_NOUNS and "-" not in low:
                break  # "networks exploiting optimal transport": a participle clause
            if (low.endswith("ed") and len(low) > 4 and "-" not in low and not low.endswith("eed")
                    and (nxt in preps or nxt in _AFTER_PARTICIPLE)):
                break  # "a model trained on ...": a reduced relative clause
            if low.endswith("ly") and len(low) > 4 and not low.endswith(_NOT_ADVERB):
                break  # an adverb opens a verb phrase
        words.append(tokens[i])
        prev = low
        i += 1
    if len(words) == _MAX_SPAN:
        words.append("")
    return words, i


_AFTER_PARTICIPLE = frozenset("by as the a an at".split())
# Heads that only say what kind of thing follows: an apposition after one ("a natural alternative, the
# lexicographic min-max objective") names the contribution.
_VAGUE_HEADS = _EMPTY_HEADS | {"alternative", "alternatives", "variant", "variants"}
# Words that name what comes before them in plain words ("a technique called spectral normalization"); a
# coined name after them is ``names``' to find.
_CALLED = frozenset("called named termed dubbed coined".split())


def _object(tokens: Sequence[str], lows: Sequence[str], i: int, name: str) -> list[list[str]]:
    """Return the noun phrases a cue introduces at ``tokens[i]``, longest reading first.

    After "that" it is the subject of the paper's claim (``_that_subject``); after a vague head
    ("a natural alternative, the X", "a technique called X") it is X first.
    """
    n = len(tokens)
    if i + 1 < n and lows[i] == "that":
        return _that_subject(tokens, lows, i + 1)
    # "we propose ConMix, a ..." / "we propose the ConMix framework": step over the name.
    while i < n and (lows[i] in _LEAD_DROP or tokens[i] == name):
        i += 1
    if i + 2 < n and lows[i] in _WRAPPERS and lows[i + 1] == "of":
        i += 2  # "the problem of X" -> "X", "a formulation of X" -> "X"
        while i < n and lows[i] in _LEAD_DROP:
            i += 1
    if i + 1 < n and lows[i] == "to" and _is_verbish(lows[i + 1]):
        return _verb_phrase(tokens, lows, i + 1, finite=False)  # "we propose to learn X" -> "Learning X"
    words, j = _walk(tokens, lows, i)
    if not words:
        return []
    out = [words]
    if j + 2 < n and lows[j] == "," and lows[j + 1] == "the" and lows[j - 1] in _VAGUE_HEADS:
        named, _ = _walk(tokens, lows, j + 2)  # "a natural alternative, the lexicographic min-max objective"
        if named:
            out.insert(0, named)
    elif j + 1 < n and lows[j] in _CALLED and tokens[j + 1] != name and tokens[j + 1].islower():
        named, _ = _walk(tokens, lows, j + 1)  # "a novel weight normalization technique called spectral normalization"
        if len(named) > 1:
            out.insert(0, named)
    head_empty = all(low in _EMPTY_HEADS or low in _LEAD_DROP for low in lows[i:j])
    # "X that learns Y" / "X to detect Y" -> "X for Learning Y" ("Learning Y" if X says nothing).
    if j < n - 1 and words[-1] and lows[j] in ("that", "which", "to"):
        k = j + 1
        while k < n and (lows[k] in _MODALS or (lows[k].endswith("ly") and tokens[k].islower())):
            k += 1
        verb = lows[k] if k < n else ""
        finite = lows[j] == "to" or k > j + 1 or verb.endswith("s")
        if finite and _is_verbish(verb) and verb not in _STOP and not verb.endswith(("ed", "ing")):
            for vp in _verb_phrase(tokens, lows, k, finite=lows[j] != "to" and k == j + 1):
                out.insert(0, vp if head_empty else words + ["for"] + vp)
    elif head_empty:
        return []
    return out


def _that_subject(tokens: Sequence[str], lows: Sequence[str], i: int) -> list[list[str]]:
    """Return the subject of what a paper shows ("we show that the sample complexity of X is ..."), if it has one.

    A theory paper's contribution is often a claim; its subject is what the paper is about. The
    walk must stop right at an auxiliary verb ("is", "can", "has"): a walk that stops anywhere
    else may have run on through the claim's own verb ("Elliptical Distributions Satisfy ...").
    """
    n = len(tokens)
    if lows[i] in _POINTING:
        return []  # "we show that this open problem ...": the subject is named before, not here
    while i < n and lows[i] in _LEAD_DROP:
        i += 1
    words, j = _walk(tokens, lows, i)
    if len(words) < 2 or not words[-1] or j >= n or lows[j] not in _AUXILIARIES:
        return []
    return [words]


_POINTING = frozenset("this these those such".split())
_AUXILIARIES = frozenset("is are was were can cannot could may might must will would has have does do".split())


def _verb_phrase(tokens: Sequence[str], lows: Sequence[str], k: int, finite: bool = True) -> list[list[str]]:
    """Turn "learns from data ..." at ``tokens[k]`` into ["learning", "from", "data", ...] (``finite``: "learns", not "learn")."""
    i = k + 1
    while i < len(tokens) and lows[i] in ("the", "a", "an"):
        i += 1
    rest, _ = _walk(tokens, lows, i)
    form = _real_gerund(lows[k], finite) if rest else None
    return [[form] + rest] if form else []


def _back_walk(tokens: Sequence[str], lows: Sequence[str], i: int) -> list[str]:
    """Walk back from ``tokens[i-1]`` over the modifiers and nouns of a noun phrase."""
    words: list[str] = []
    while i > 0 and len(words) < 6:
        low = lows[i - 1]
        if not low[0].isalnum() or low in _STOP or low in _FUNCTION or low in _LEAD_DROP:
            break
        if low.endswith("ly") and not low.endswith(_NOT_ADVERB):
            break
        if (low in _GENERIC or _key(low) in _GENERIC) and not (not words and low in _EMPTY_HEADS):
            break  # "available for ...": a predicate, not a noun phrase
        if not words and low.endswith(_ADJ_ENDS):
            break  # "responsible for": an adjective, not a noun, takes the "for"
        if words and low.endswith(("ed", "s")) and not low.endswith(("ss", "us", "is", "series")) and "-" not in low:
            break  # "learns codes for ..." / "captured": a verb, not a modifier
        words.insert(0, tokens[i - 1])
        i -= 1
    return words


def _candidates(a: "_Analysis") -> list[tuple[list[str], float, int]]:
    """Collect (words, source bonus, role) for every phrase the abstract offers as a title.

    The role marks what a phrase may be composed with: a ``_HEAD`` (what the paper
    contributes) may take a ``_FIELD`` (a noun phrase of the opening sentence) after "for".
    """
    name = a.name or ""
    out: list[tuple[list[str], float, int]] = []
    contrib = a.contribution
    framing = (0, contrib if contrib >= 0 else 1)
    for idx, sentence in enumerate(a.sentences):
        near = idx == contrib
        cue_hint = near or "we " in sentence or "We " in sentence or "paper" in sentence
        has_name = bool(name) and name in sentence
        has_spelled = bool(a.spelled) and a.spelled in sentence
        if not (cue_hint or has_name or has_spelled or idx in framing):
            continue
        if cue_hint and idx not in framing and _releases_code(sentence):
            continue  # "We provide the implementation of X at <url>": not what the paper is
        text = _drop_asides(sentence)
        cues = list(_OBJ_CUE.finditer(text)) if cue_hint else []
        has_spelled = has_spelled and a.spelled in text
        # "Name, a <X>" (or "Name: a <X>") needs a comma after the name: skip tokenising sentences without one.
        has_name = has_name and 0 <= text.find(name) < max(text.rfind(","), text.rfind(":"))
        if not (cues or has_name or has_spelled or idx in framing):
            continue
        tokens = _SPAN_TOKEN.findall(text)
        lows = _lower_all(tokens, text)
        for m in cues:
            i = _token_index(text, tokens, m.end())
            study = m.group(0).rstrip().rsplit(None, 1)[-1].startswith(_STUDY_START)
            bonus = (_BONUS_CUE if near else _BONUS_LATER_CUE) - (_STUDY_COST if study else 0.0)
            for words in _object(tokens, lows, i, name):
                out.append((words, bonus, _HEAD))
        if has_name and name in tokens:  # "Name, a <X> that ...", "Name: a <X> for ..."
            i = tokens.index(name) + 1
            if i + 1 < len(tokens) and tokens[i] in (",", ":") and lows[i + 1] in ("a", "an", "the"):
                for words in _object(tokens, lows, i + 1, name):
                    out.append((words, _BONUS_APPOSITION, _HEAD))
        if has_spelled:
            words = _spelled_phrase(text, tokens, lows, a.spelled)
            if words:
                out.append((words, _BONUS_SPELLED, _HEAD))
        if idx in framing:
            i, n = 0, len(tokens)
            subject = idx == 0  # the opening sentence's subject names the paper's field
            while i < n:  # every noun phrase of the sentences that frame the paper
                if lows[i] in _LEAD_DROP or not lows[i][0].isalnum() or (i and lows[i - 1] in _VERB_NEXT) or (
                        i > 1 and lows[i - 2] in _VERB_NEXT and lows[i - 1].endswith("ly")):
                    i += 1  # after "that", "can", "to" (and an adverb: "that typically") comes a verb, not a noun phrase
                    continue
                if lows[i] in _FINITE_S and i and lows[i - 1] in _BEFORE_FINITE:
                    i += 1  # "as it helps models widen", "and performs k-NN search": a finite verb, then its object
                    continue
                if lows[i] in _STOP:  # no noun phrase starts on a clause word (_walk would say so, slower)
                    subject = subject and i == 0 and lows[i] in _OPENING_CLAUSE  # "While LLMs excel, ..."
                    i += 1
                    continue
                words, j = _walk(tokens, lows, i)
                if len(words) > 1:
                    out.append((words, _BONUS_NP, _FIELD if subject and lows[i] not in _PREPS and _ends_subject(lows, j) else 0))
                subject = False
                i = max(j, i + 1)
            for i in _indices(lows, "for", 1, n - 1):
                back = _back_walk(tokens, lows, i)
                if back:
                    fwd, _ = _walk(tokens, lows, i + 1)
                    if fwd:
                        out.append((back + ["for"] + fwd, _BONUS_FOR if near else 0.0, 0))
    return out


def _indices(items: Sequence[str], value: str, start: int, stop: int) -> list[int]:
    """Return where ``value`` stands in ``items[start:stop]``, in order (``list.index`` does the scanning)."""
    out: list[int] = []
    try:
        i = items.index(value, start, stop)
        while True:
            out.append(i)
            i = items.index(value, i + 1, stop)
    except ValueError:
        return out


def _spelled_phrase(text: str, tokens: Sequence[str], lows: Sequence[str], spelled: str) -> list[str]:
    """Return the spelled-out name whole, then the noun phrase that goes on after it.

    The expansion is known word for word, so it is not walked: walking would stop inside
    it at a word that looks like a participle or an adverb ("Message Passing",
    "Geometrically Aligned Transfer Encoder").
    """
    i = _token_index(text, tokens, text.index(spelled))
    j = i + len(_SPAN_TOKEN.findall(spelled))
    while i < j and lows[i] in _LEAD_DROP:
        i += 1  # "the Geometrically Aligned ..."
    rest, _ = _walk(tokens, lows, j) if j < len(tokens) and lows[j] in _PREPS else ([], j)
    return list(tokens[i:j]) + rest


_HEAD, _FIELD = 1, 2
# What follows a sentence's subject noun phrase: its verb (or a clause opener).
_SUBJECT_END = frozenset(
    """is are have has can could may might will would often remain remains show shows achieve achieve
    achieved enable enables offer offers allow allows provide provides hold holds face faces rely relies
    suffer suffers struggle struggles require requires typically usually commonly increasingly also""".split()
)
# Words opening a subordinate clause whose subject still names the field ("While LLMs excel ...").
_OPENING_CLAUSE = frozenset("while although though as since because when whereas".split())
# Words after which a known verb in -s is finite, not a plural noun ("it helps", "and performs").
_BEFORE_FINITE = frozenset("it and but".split())
_FINITE_S = frozenset(
    w for w in _VERBS_S_MID | _VERB_AFTER_AND | _VERBS_S_TO | _VERBS_S_THAT | {"gives"} if w.endswith("s")
)
_VERB_NEXT = frozenset("that which who to can could will would may might must should often now".split())


def _ends_subject(lows: Sequence[str], j: int) -> bool:
    """Tell whether the noun phrase walked up to ``lows[j]`` is a subject: a verb follows it."""
    if j >= len(lows):
        return False
    if lows[j] in _SUBJECT_END:
        return True
    # "Episodic memory plays a role": a word in -s before a determiner is a finite verb
    # (before "to" or "that" it may be a plural noun: "models to acquire skills").
    return lows[j].endswith("s") and j + 1 < len(lows) and lows[j + 1] in _DETERMINERS


_DETERMINERS = frozenset("a an the its their our this these".split())


def _token_index(text: str, tokens: Sequence[str], at: int) -> int:
    """Return the index of the first token (found in order by ``_SPAN_TOKEN``) starting at or after ``at``."""
    pos = 0
    for i, tok in enumerate(tokens):  # cues come early in a sentence: stop there, not at its end
        pos = text.find(tok, pos)
        if pos >= at:
            return i
        pos += len(tok)
    return len(tokens)


def _lower_all(tokens: Sequence[str], text: str) -> list[str]:
    """Return the tokens lower-cased (one ``str.lower`` call on ASCII text instead of one per token)."""
    if tokens and text.isascii():  # no token holds a NUL, and ASCII lower-casing maps each character alone
        return "\0".join(tokens).lower().split("\0")
    return [t.lower() for t in tokens]
