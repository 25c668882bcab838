"""Build and score the noun phrase a title is made of.

A title is a contiguous noun phrase the abstract itself writes: the object of the
contribution verb ("we propose <X>"), the apposition after the coined name ("Name,
a <X> that ..."), the spelled-out name, or an "<X> for <Y>" span. A phrase is walked
word by word from where it starts until a clause boundary (punctuation, a relative
pronoun, a finite verb, a reduced relative clause), then every cut before one of its
prepositions is a candidate, scored by topic-word density and length.

A word's weight counts the uses of an acronym that abbreviates it ("graph fraud
detection (GFD)", then "GFD" four times). The terms an abstract defines that way up to
its contribution sentence, and the well-known ones ("large language models (LLMs)"),
name the field a "<contribution> for <field>" title is for; a well-known term is never
a title by itself.

A title of few topic words then takes the term the abstract keeps using, after the
preposition it writes before it ("Unsupervised Order Learning" + "in embedding space"):
real titles are longer than the phrases, and say what the paper works on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Container, Sequence, Set as AbstractSet
from itertools import islice

from .titles_lexicon import (
    COMMON_NAMES,
    FIELD_HEADS,
    PART_HEADS,
    TECHNIQUE_NAMES,
    _ADJ_ENDS,
    _ADVERBS,
    _BAD_OPENERS,
    _BARE_HEADS,
    _CUT_AT,
    _EMPTY_HEADS,
    _FUNCTION,
    _GENERIC,
    _ING_NOUNS,
    _LEAD_DROP,
    _MAX_SPAN,
    _MID_ADVERBS,
    _MODALS,
    _NOT_ADVERB,
    _NOUNISH,
    _OPENING_VERBS,
    _PLURAL_NOUNS,
    _PREPS,
    _SMALL,
    _STOP,
    _SUBJECT,
    _TAIL_DROP,
    _TO_NOUNS,
    _VERBS,
    _VERBS_BASE,
    _VERBS_BASE_MID,
    _VERBS_S,
    _VERBS_S_MID,
    _VERBS_S_THAT,
    _VERBS_S_TO,
    _VERB_AFTER_AND,
    _VERB_OBJECT_START,
    _WRAPPERS,
    _key,
    _word,
)
from .titles_names import _spelled_out
from .titles_analysis import (
    _Analysis,
    _drop_asides,
    _releases_code,
)

# --- Title spans ------------------------------------------------------------------
# A title is a contiguous noun phrase the abstract itself writes: the object of the
# contribution verb ("we propose <X>"), the apposition after the coined name ("Name,
# a <X> that ..."), the spelled-out name, or an "<X> for <Y>" span. A phrase is walked
# word by word from where it starts until a clause boundary (punctuation, a relative
# pronoun, a finite verb, a reduced relative clause), then every cut before one of its
# prepositions is a candidate, scored by topic-word density and length.

_SPAN_TOKEN = re.compile(
    # A word, with the short argument it may carry ("E(3)", "SO(3)", "O(n log n)").
    r"(?:[A-Za-z0-9\u0370-\u03ff][\w\-'\u2019+/.\u0370-\u03ff]*[\w+\u0370-\u03ff]|[A-Za-z0-9\u0370-\u03ff])"
    r"(?:\([\w ^+\-]{1,10}\)(?![\w(]))?"
    r"|[,;:\"!?\u201c\u201d]|\s[-\u2013\u2014]+\s|\u2014"
)
_OBJ_CUE = re.compile(
    _SUBJECT + r",?\s+(?:[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r"|stud(?:y|ies|ied)|"
    r"investigat(?:e|es|ed)|explor(?:e|es|ed)|examin(?:e|es|ed)|address(?:es|ed)?|tackl(?:e|es|ed)|"
    r"revisit(?:s|ed)?|focus(?:es|ed)? on|consider(?:s|ed)?|analy[sz](?:e|es|ed))\s+"
)
_STUDY_START = ("stud", "inves", "explo", "exami", "addre", "tackl", "revis", "focus", "consi", "analy", "on")


#: Verbs of more than one syllable stressed on the last: they double its consonant too.
_STRESSED_LAST = frozenset(
    "infer refer prefer transfer confer occur recur incur deter control compel propel expel patrol "
    "submit admit omit emit permit commit transmit regret forget begin embed underpin forbid".split()
)
#: One syllable ending in one vowel and one consonant: "map", "plan", "drop" double it.
_SHORT_CLOSED = re.compile(r"[^aeiou]*[aeiou][^aeiouwxy]")


def _gerund(verb: str) -> str:
    """Turn a verb ("learns", "detect", "leverages") into its -ing form ("learning", ...)."""
    v = verb.casefold()
    if v.endswith("ies") and len(v) > 4:
        return v[:-3] + "ying"
    if v.endswith(("sses", "shes", "ches", "xes", "zes")):
        v = v[:-2]
    elif v.endswith("s") and not v.endswith("ss"):
        v = v[:-1]
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    if v in _STRESSED_LAST or _SHORT_CLOSED.fullmatch(v):
        return v + v[-1] + "ing"  # map -> mapping, plan -> planning, infer -> inferring
    return v + "ing"


def _is_verbish(word: str) -> bool:
    """Tell whether a lower-case word after "that"/"to" reads as a verb we can turn into -ing."""
    return word.isalpha() and word.islower() and len(word) > 2 and word not in _FUNCTION


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
            if not (nxt.endswith("ing") or prev in _TO_NOUNS or seen_from):
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


_ARTICLES = frozenset(("the", "a", "an"))
_AFTER_PARTICIPLE = frozenset("by as the a an at".split())


def _object(tokens: Sequence[str], lows: Sequence[str], i: int, name: str) -> list[list[str]]:
    """Return the noun phrases a cue introduces at ``tokens[i]``, longest reading first."""
    n = len(tokens)
    # "we propose ConMix, a ..." / "we propose the ConMix framework": step over the name.
    while i < n and (lows[i] in _LEAD_DROP or tokens[i] == name):
        i += 1
    if i + 2 < n and lows[i] in _WRAPPERS and lows[i + 1] == "of":
        i += 2  # "the problem of X" -> "X", "a formulation of X" -> "X"
        while i < n and lows[i] in _LEAD_DROP:
            i += 1
    if i + 1 < n and lows[i] == "to" and _is_verbish(lows[i + 1]):
        return _verb_phrase(tokens, lows, i + 1)  # "we propose to learn X" -> "Learning X"
    words, j = _walk(tokens, lows, i)
    if not words:
        return []
    out = [words]
    head_empty = all(low in _EMPTY_HEADS or low in _LEAD_DROP for low in lows[i:j])
    # "X that learns Y" / "X to detect Y" -> "X for Learning Y" ("Learning Y" if X says nothing).
    if j < n - 1 and words[-1] and lows[j] in ("that", "which", "to"):
        k = j + 1
        while k < n and (lows[k] in _MODALS or (lows[k].endswith("ly") and tokens[k].islower())):
            k += 1
        verb = lows[k] if k < n else ""
        finite = lows[j] == "to" or k > j + 1 or verb.endswith("s")
        if finite and _is_verbish(verb) and verb not in _STOP and not verb.endswith(("ed", "ing")):
            for vp in _verb_phrase(tokens, lows, k):
                out.insert(0, vp if head_empty else words + ["for"] + vp)
    elif head_empty:
        return []
    return out


def _plain_verb(word: str, finite: bool) -> bool:
    """Tell whether a word after "to" (or, ``finite``, after "that") reads as a verb to turn into -ing."""
    if not _is_verbish(word) or word in _STOP or word.endswith(("ing", "ly", "ed", "ous", "ss", "us", "is")) or _modifier(word):
        return False  # "that various", "that efficiently", "to adversarial": no verb to turn
    return word.endswith("s") if finite else not word.endswith("s")


def _verb_phrase(tokens: Sequence[str], lows: Sequence[str], k: int) -> list[list[str]]:
    """Turn "learns from data ..." at ``tokens[k]`` into ["learning", "from", "data", ...]."""
    i = k + 1
    while i < len(tokens) and lows[i] in ("the", "a", "an"):
        i += 1
    rest, _ = _walk(tokens, lows, i)
    return [[_gerund(lows[k])] + rest] if rest else []


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


def _weights(a: "_Analysis") -> "_Weights":
    """Weigh each topic word by how often the abstract uses it (the first and contribution sentences count extra)."""
    # Lower-casing and tokenising the first sentence apart gives the same words as doing
    # the whole text at once (a space parts them), and its words come for free.
    first = _WORD_LOW.findall(a.sentences[0].lower())
    counts = Counter(first)
    c = a.contribution
    if c > 0:  # the contribution sentence apart, the rest in two runs
        contrib = _WORD_LOW.findall(a.sentences[c].lower())
        counts.update(contrib)
        rest = " ".join(a.sentences[1:c] + a.sentences[c + 1 :])
    else:
        contrib = first if c == 0 else []
        rest = " ".join(a.sentences[1:])
    rest_words = _WORD_LOW.findall(rest.lower()) if rest else []
    counts.update(rest_words)
    weights = _Weights(counts, set(first), set(contrib))
    weights.words = first + contrib + rest_words if c > 0 else first + rest_words
    _count_acronym_uses(a.sentences, counts, weights, a.contribution)
    return weights


def _count_acronym_uses(sentences: Sequence[str], counts: Counter[str], terms: _Weights, contribution: int) -> None:
    """Count each use of a defined acronym as a use of the words it abbreviates.

    "Graph Fraud Detection (GFD)" then "GFD" four times: the abstract speaks of graph
    fraud detection five times, though it writes the words once. The expansions of
    well-known acronyms ("large language models") go into ``terms.known``, the others defined
    up to the contribution sentence into ``terms.defined``, keyed by their lower-cased words;
    the known ones that name a technique ("stochastic gradient descent") also into
    ``terms.techniques``.
    """
    prose = " ".join(sentences)
    if "(" not in prose:
        return
    end = -1  # where the contribution sentence ends, found when first needed
    for m in _BRACKETED.finditer(prose):
        acronym = m.group(1)
        uses = prose.count(acronym) - 1
        if uses <= 0:
            continue
        at = m.start()
        spelled = _spelled_out(prose[max(0, at - 99) : at], acronym)  # as _find_name asks: cached
        if not spelled:
            continue
        # A well-known acronym (LLMs, RLHF) is the field's vocabulary, not the paper's own term.
        low_acronym = acronym.casefold()
        common = low_acronym in COMMON_NAMES or low_acronym[:-1] in COMMON_NAMES
        lows = _WORD_LOW.findall(spelled.lower())
        for low in lows:
            counts[low] += uses * (_COMMON_USE if common else _ACRONYM_USE)
        if not any(c in spelled for c in ".,;:"):  # an expansion within one clause, fit to write out
            terms.acronyms[acronym] = [w for w in spelled.split() if w.lower() not in _ARTICLES]
        if end < 0:
            end = sum(len(s) + 1 for s in sentences[: contribution + 1]) if contribution >= 0 else len(prose)
        if common or at < end:  # terms defined later are parts of the paper's method, not its field
            words = spelled.split()
            key = tuple(map(str.lower, words))
            (terms.known if common else terms.defined)[key] = words
            if low_acronym in TECHNIQUE_NAMES or low_acronym[:-1] in TECHNIQUE_NAMES:
                terms.techniques.add(key)  # a technique the paper uses is never the field it is for


_Terms = dict[tuple[str, ...], list[str]]  # a term's lower-cased words -> its words as written
_BRACKETED = re.compile(r"\(([A-Z][\w\-]*[A-Z][\w\-]*)\)")
_ACRONYM_USE, _COMMON_USE = 1.0, 0.5


class _Weights(dict):  # type: ignore[type-arg]
    """Weights of topic-word keys, each computed on first use.

    The phrases scored hold a few dozen distinct words while the abstract holds hundreds,
    so weighing only the words asked for is most of the saving. A key absent from the
    abstract weighs 1.0.
    """

    def __init__(self, counts: Counter[str], first: set[str], contrib: set[str]) -> None:
        super().__init__()
        self.counts = counts
        self.first = first
        self.contrib = contrib
        self.known: _Terms = {}  # expansions of well-known acronyms: a field, not a title
        self.defined: _Terms = {}  # expansions of the abstract's other acronyms: a field too
        self.techniques: set[tuple[str, ...]] = set()  # known terms that name a technique: never a field
        self.acronyms: dict[str, list[str]] = {}  # every acronym the abstract defines -> the words it abbreviates
        self.words: list[str] = []  # the abstract's lower-case words: first sentence, contribution sentence, the rest

    def __missing__(self, key: str) -> float:
        total = 0.0
        forms = (key, key + "s", key[:-1] + "ies") if key.endswith("y") else (key, key + "s")
        for low in forms:  # every lower-case word whose key is ``key`` (see ``_key``)
            n = self.counts.get(low)
            if n and (_KEYS.get(low) or _fold_key(low)) == key:
                total += min(n, _COUNT_CAP) + (_FIRST_BONUS if low in self.first else 0.0)
                total += _CONTRIB_BONUS if low in self.contrib else 0.0
        self[key] = value = total or 1.0
        return value


_COUNT_CAP = 6
# On the dev corpora a word of the opening or the contribution sentence is about as likely
# to be in the real title as one used once more elsewhere.
_FIRST_BONUS = 0.5
_CONTRIB_BONUS = 0.5
_WORD_LOW = re.compile(r"[a-z0-9\u0370-\u03ff][\w\-\u0370-\u03ff]*[a-z0-9\u0370-\u03ff]")
_KEYS: dict[str, str] = {}  # lower-case word -> its key, or "-" for a word no title is built on


def _fold_key(low: str) -> str:
    """Return the comparison key of a lower-case word, or "-" if it is not a topic word."""
    _, key, topic = _word(low)
    _KEYS[low] = key if topic else "-"
    return _KEYS[low]


def _trim(words: list[str]) -> list[str]:
    """Drop the words a title never ends on (prepositions, determiners, a gerund cut from its object)."""
    while words:
        last = words[-1].lower()
        if last in _NEVER_LAST:
            words = words[:-1]
        elif len(words) > 1 and last.endswith("ing") and words[-2].lower() in _PREPS:
            words = words[:-2]  # "framework for understanding" lost what is understood
        elif len(words) > 1 and _adjective_end(last):
            words = words[:-1]  # "Adversarial Attack on Sequential" lost its noun
        elif len(words) > 1 and (last in _LAST_ADVERBS or len(last) > 4 and last.endswith("ly") and not last.endswith(_NOT_ADVERB)):
            words = words[:-1]  # "Recognition Models with Parametrically": an adverb cut from its verb
        elif last.endswith(("'s", "\u2019s")) and len(last) > 3:
            words = words[:-1] + [words[-1][:-2]]  # "Exemplars for Large Language Model's" lost what it owns
        else:
            break
    while words and words[0].lower() in _NEVER_FIRST:
        words = words[1:]  # "Recent Advances in ...": a title is not dated by the abstract's "recent"
    if len(words) > 2 and words[0].lower() in _WRAPPERS and words[1].lower() == "of":
        words = words[2:]  # "Problem of Explicit NeRF Compression" -> "Explicit NeRF Compression"
    if not _REPORTS_AS_WRITTEN.isdisjoint(words):  # a set test first: most phrases report nothing
        for k in range(1, len(words) - 1):  # at the phrase's first preposition:
            if words[k] in _CUT_AT or words[k] == "about":
                if words[k] in _REPORT_PREPS and words[k - 1].lower() in _REPORTS:
                    words = words[k + 1 :]  # "Preliminary Evidence for the Reversal Curse" -> "Reversal Curse"
                    while words and words[0].lower() in _NEVER_FIRST:
                        words = words[1:]
                break  # not "Agent for Designing New Experiments on X": there the report is not the head
    if len(words) > 2 and words[0].lower() in _EMPTY_HEADS and words[1].lower() in ("for", "of"):
        words = words[2:]  # "Method for Graph Anomaly Detection" -> "Graph Anomaly Detection"
    elif len(words) > 2 and words[1] == "to" and words[0].lower() in _EMPTY_HEADS:
        verb = words[2]  # "Approach to Debiasing Transformers" -> "Debiasing Transformers"
        words = [_gerund(verb)] + words[3:] if verb.islower() and _plain_verb(verb, finite=False) else words[2:]
    if "for" in words:  # only a lower-case "for" can follow a word inside the phrase
        for i in range(1, len(words) - 1):
            if words[i + 1] == "for" and words[i].lower() in _BARE_HEADS and not _modifier(words[i - 1].lower()):
                return words[:i] + words[i + 1 :]  # "contrastive mixup method for X" -> "contrastive mixup for X"
    return words


# What a paper reports rather than what it is about: "Extensive Numerical Experiments" is no title,
# and "Preliminary Evidence for X" is titled X.
_REPORTS = frozenset("experiments evidence insights suggestions findings results observations".split())
_REPORT_PREPS = frozenset("for of on into about".split())
_REPORTS_AS_WRITTEN = _REPORTS | {w.capitalize() for w in _REPORTS} | {w.upper() for w in _REPORTS}


def _report(words: Sequence[str]) -> bool:
    """Tell whether a phrase names only what the paper reports ("Extensive Numerical Experiments")."""
    return words[-1].lower() in _REPORTS and not any(w in _CUT_AT and w != "and" for w in words)


# Adverbs without "-ly" that a phrase cut from its clause may end on ("Safety Even").
_LAST_ADVERBS = frozenset("even still only already".split())

# The word sets _trim tests at each end of a phrase, each merged into one.
_NEVER_LAST = _TAIL_DROP | _STOP | _LEAD_DROP


def _modifier(low: str) -> bool:
    """Tell whether a lower-case word only modifies the noun after it ("scalable", "graph-based").

    Without its noun it would be left as a predicate: "Scalable for Building X".
    """
    return _adjective_end(low) or low.endswith(_ADJ_ENDS) or low.endswith("-based")


def _adjective_end(low: str) -> bool:
    """Tell whether a lower-case word is an adjective or participle a title cannot end on."""
    if low in _NOUN_ENDINGS or "-" in low and low.rsplit("-", 1)[1] in _NOUN_ENDINGS:
        return False
    if low in _PLAIN_ADJECTIVES:
        return True
    if low.endswith(("al", "ous", "ive", "ic")) and len(low) > 4:
        return not low.endswith(("eal", "oal"))
    return len(low) > 5 and low.endswith("ed") and not low.endswith("eed")


# Adjectives without a telltale ending, met at the end of a phrase cut before its noun.
_PLAIN_ADJECTIVES = frozenset(
    """discrete complex robust large small deep high low multiple sparse dense linear nonlinear non-linear
    convex non-convex nonconvex scalable efficient accurate diverse different other various unseen
    pretrained pre-trained fine-grained open-source real-world long-range high-dimensional
    low-dimensional rich poor fast slow strong weak hard easy good bad wide narrow broad""".split()
)
# Words with an adjective's ending that are nouns at the end of a title.
_NOUN_ENDINGS = frozenset(
    """signal signals potential proposal interval retrieval removal survival rehearsal tutorial trial material
    terminal journal manual arrival approval reversal animal capital principal individual polynomial
    binomial differential essential objective derivative primitive negative positive incentive directive
    alternative representative initiative detective metric topic logic music traffic heuristic critic
    clinic graphic mechanic arithmetic characteristic statistic magic fabric rubric tactic mimic epidemic
    pandemic dynamic classic archive collective relative explosive""".split()
)


def _clause_like(words: Sequence[str]) -> bool:
    """Tell whether a phrase reads as a piece of a clause rather than a noun phrase.

    "Now Produce Photorealistic Data" (an adverb opens it), "Learned from Observed Views"
    (a participle opens it), "Long-Tailed Data Affect Feature Distributions" and "Models
    Neural Information Flow" (a finite verb inside) are not titles.
    """
    first = words[0].lower()
    second = words[1].lower() if len(words) > 1 else ""
    third = words[2].lower() if len(words) > 2 else ""
    if first in _BAD_OPENERS or first in _VERBS_BASE or first in _OPENING_VERBS:
        return True
    if first.endswith("ly") and not first.endswith(_NOT_ADVERB) and not _adjective_like(second, third):
        return True  # "Effectively Exploits ...", but "Provably Efficient ..." is fine
    if first.endswith("ed") and len(first) > 4 and "-" not in first and (second in _CUT_AT and second != "and" or not second):
        return True  # "Learned from ...", "Trained on ..."
    if second in _PREDICATE_PREPS and (_adjective_end(first) or first.endswith(("ble", "ful"))):
        return True  # "Robust Against Adversarial Attacks", "Centered Around ...", "Desirable for an Agent"
    if first in _VERBS_S and second and second not in _PREPS and second not in _SMALL:
        return True  # "Models Neural Information Flow"
    for k in range(1, len(words)):
        low = words[k].lower()
        prev = words[k - 1].lower()
        if low in _MID_ADVERBS:
            return True  # "Modern Frameworks Often Train ..."
        if (low in _VERBS_BASE or low in _VERBS_BASE_MID) and low not in _NOUNISH and prev not in _PREPS:
            if prev.endswith("s") and not prev.endswith(("ss", "us", "is")) or prev in _PLURAL_NOUNS:
                return True  # "Long-Tailed Data Affect ...", "Frameworks Often Train ..."
        elif low in _VERBS_S_MID and (prev not in _PREPS or prev == "and") and k + 1 < len(words):
            if words[k + 1].lower() not in _PREPS and words[k + 1].lower() not in _SMALL:
                return True  # "Accurate Nutrition Estimation Helps People"
    return False


# Prepositions an adjective takes as a predicate ("robust against", "crucial for").
_PREDICATE_PREPS = frozenset("for to against around at in on with from by about across under over than".split())


def _adjective_like(word: str, after: str) -> bool:
    """Tell whether a word after an adverb reads as an adjective ("efficient", "pre-trained LM")."""
    if word.endswith(_ADJ_ENDS + ("al", "ate", "ient", "ous", "ble")):
        return True
    return word.endswith("ed") and bool(after) and after not in _CUT_AT


def _score(words: Sequence[str], values: "_WordValues", bonus: float) -> float:
    """Score a phrase: topic words that recur in the abstract, at a title's length.

    A topic word said again ("Dropout Bilevel for Solving Dropout Bilevel Optimization")
    adds nothing the second time: the title tells no more for repeating it.
    """
    value = bonus
    keys: set[str] = set()
    for w in words:
        key, delta = values[w]
        if key:
            if key in keys:
                continue
            keys.add(key)
        value += delta
    if not keys:
        return float("-inf")
    return value - _length_cost(len(words))


def _most_gained(n: int) -> float:
    """Return the most ``n`` words can add to a phrase's score: each the most a word adds, less the length's cost."""
    return _MOST_GAINED[n] if n < len(_MOST_GAINED) else _MAX_GAIN * n - _length_cost(n)


def _length_cost(n: int) -> float:
    """Return what a phrase of ``n`` words loses for being shorter or longer than a title."""
    if n < _SHORT:
        return (_SHORT - n) * _SHORT_COST
    if n > _LONG:
        return (n - _LONG) * _LONG_COST
    return 0.0


class _WordValues(dict):  # type: ignore[type-arg]
    """What each word adds to a phrase's score, computed once per word and abstract.

    A word's entry is its topic-word key ("" for a word no title is built on) and its value.
    """

    def __init__(self, weight: _Weights, name: str) -> None:
        super().__init__()
        self.weight = weight
        self.name = name

    def __missing__(self, w: str) -> tuple[str, float]:
        low = w.lower()
        key = _KEYS.get(low) or _fold_key(low)
        if key != "-":
            value = (key, min(self.weight[key], _CAP) - _WORD_COST)
        else:
            value = ("", -1.0 if w == self.name else -_FILL_COST)
        self[w] = value
        return value


# Tuned by coordinate search for content-word recall on the 2024 dev corpus, checked on 2025.
_BONUS_CUE, _BONUS_LATER_CUE, _STUDY_COST = 3.5, 1.0, 0.7
_BONUS_APPOSITION, _BONUS_SPELLED, _BONUS_FOR = 1.0, 7.0, 0.3
_BONUS_NP = 0.0
_CAP = 4.0
_WORD_COST = 1.2
_FILL_COST = 0.5
_SHORT, _SHORT_COST = 4, 1.0
_LONG, _LONG_COST = 11, 0.5
_MAX_GAIN = _CAP - _WORD_COST  # the most one word adds to a score
_MOST_GAINED = [_MAX_GAIN * n - _length_cost(n) for n in range(32)]


def _span_title(a: "_Analysis") -> str:
    """Return the best phrase of the abstract as a title phrase (not yet title-cased)."""
    weight = _weights(a)
    values = _WordValues(weight, a.name or "")
    seen: set[tuple[str, ...]] = set()
    trimmed: dict[tuple[str, ...], tuple[list[str], tuple[str, ...]]] = {}  # the same cut trims to the same phrase
    heads: list[tuple[list[str], float]] = []
    fields: list[list[str]] = []
    pool: list[tuple[list[str], float]] = []  # every distinct phrase with the bonus of its first source
    spelled = a.spelled.lower()  # the paper's own name spelled out is its contribution, not a field
    for words, bonus, role in _candidates(a):
        n = len(words)
        for k in range(n, 0, -1):
            if (k < n and words[k].lower() not in _CUT_AT) or words[k - 1] == "":
                continue
            cut = tuple(words[:k])
            hit = trimmed.get(cut)
            if hit is None:
                phrase = _trim(list(cut))
                hit = trimmed[cut] = (phrase, tuple(phrase))
            phrase, key = hit
            if not phrase:
                continue
            if role == _HEAD and (k == n or words[k].lower() in _HEAD_CUTS):
                heads.append((phrase, bonus))  # not "Approach" cut from "approach to X": it has its object
            elif role == _FIELD and k == n:
                fields.append(phrase)
            if key in seen:
                continue
            seen.add(key)
            if not (weight.known and _known_term(phrase, weight.known)):  # "Large Language Models" names
                pool.append((phrase, bonus))  # the field: "<contribution> for" it
    tails = _tails(a, values) if a.contribution >= 0 else []
    if tails:
        _add_tailed_heads(pool, heads, tails, a.name)
    best, best_score = _best_phrase(pool, values, a.name)
    # The terms the abstract defines with an acronym name what the paper works on
    # ("Graph Fraud Detection (GFD)"), except the paper's own name spelled out.
    fields.extend(words for key, words in weight.defined.items() if " ".join(key) != spelled)
    fields.extend(words for key, words in weight.known.items() if key not in weight.techniques)
    terms = weight.defined.keys() | weight.known.keys()
    for phrase, s in _compositions(heads, fields, values, a.name or "", terms, best_score):
        if s > best_score:
            best, best_score = phrase, s
    if not best:
        return _fallback_run(a, weight)
    if len(best) <= _EXTEND_UPTO and tails:
        best = _with_tail(best, tails, a.name)
    if weight.acronyms:
        best = _spelled_acronyms(best, weight.acronyms, a.name)
    return " ".join(_with_term(best, a, weight))


def _add_tailed_heads(
    pool: list[tuple[list[str], float]], heads: Sequence[tuple[list[str], float]], tails: Sequence["_Tail"],
    name: str | None,
) -> None:
    """Offer each contribution phrase with its tail as a phrase of its own ("X" -> "X for Y").

    The tail was added only to the phrase that won without one, so a short contribution phrase
    ("In-Distribution Interventions") lost to a longer noun phrase of the opening sentence that
    says less about the paper. A head that says nothing by itself ("Approach", "Framework for
    ...") takes no tail: "Model via Synthetic Memory Tasks" is not a title.
    """
    done: set[tuple[str, ...]] = set()
    for head, bonus in heads:
        key = tuple(head)
        if bonus < _BONUS_TAILED_MIN or key in done or not 2 <= len(head) <= _EXTEND_UPTO:
            continue
        done.add(key)
        if head[0].lower() in _EMPTY_HEADS:
            continue
        tailed = _with_tail(head, tails, name)
        if len(tailed) > len(head):
            pool.append((tailed, bonus + _TAILED_COST))


# Heads from a cue, the name's apposition or its spelling-out take a tail, scored a little lower.
_BONUS_TAILED_MIN, _TAILED_COST = 1.0, -1.0


def _spelled_acronyms(words: list[str], acronyms: dict[str, list[str]], name: str | None) -> list[str]:
    """Write out the acronyms the abstract defines ("GNNs" -> "Graph Neural Networks"), except the name.

    A title is read without the abstract that defined them. An acronym half of whose words the
    phrase already has stays as it is ("LoRA for Low-Rank Adaptation" would say it twice), and
    so does every acronym if writing them out would make the title too long.
    """
    out: list[str] = []
    for i, w in enumerate(words):
        spelled = acronyms.get(w) if w != name else None
        keys = {_topic_key(v) for v in spelled} - {"-"} if spelled else set()
        if keys and 2 * len(keys & {_topic_key(v) for v in words[:i] + words[i + 1 :]}) < len(keys):
            out.extend(spelled)
        else:
            out.append(w)
    return words if _too_long(out, name) else out


def _with_tail(best: list[str], tails: Sequence["_Tail"], name: str | None) -> list[str]:
    """Add what the contribution sentence says the paper's phrase is for, or how it works.

    "Motion Coherent Augmentation" + "for video understanding", "Reinforcing Large Language
    Agents" + "via policy gradient": the tail (see ``_tails``) is the best-scoring one sharing
    no topic word with the phrase (or the name). A phrase that already says what it is for
    ("X for Y") may only take how it works ("via Z"); one that says how it works takes nothing.
    """
    preps = {w for w in best if w in _CUT_AT} - {"of", "and"}
    if not tails or preps & _MECHANISMS:
        return best
    have = _title_keys(best, name)
    tail: list[str] = []
    tail_score = float("-inf")
    for prep, words, keys, s in tails:
        if s > tail_score and not (preps and prep not in _MECHANISMS) and not keys & have:
            tail, tail_score = [_TAIL_PREPS[prep]] + words, s
    if not tail or _too_long(best + tail, name):
        return best
    return best + tail


def _title_keys(words: Sequence[str], name: str | None) -> set[str]:
    """Return the topic keys of a title's words and of the name it will carry."""
    return {_topic_key(w) for w in [*words, *(name or "").split()]} - {"-"}


def _with_term(best: list[str], a: "_Analysis", weight: _Weights) -> list[str]:
    """Add the term the abstract keeps using to a title of few topic words ("Routing Network" + "for Protein Design").

    A phrase that only spells out the name ("MMI: Maximum Mutual Information"), or one of a
    few words, leaves out what the paper works on; real titles say it. The term is the
    abstract's most used run of topic words that shares no topic word with the title, nor
    an acronym with what it abbreviates, after the preposition the abstract writes before
    it, else "for" (see ``_salient_term``).
    """
    have = _title_keys(best, a.name)
    if len(have) > _TERM_UPTO:
        return best
    for acronym, spelled in weight.acronyms.items():  # "LLMs" says "Large Language Models", and back
        keys = {_topic_key(w) for w in spelled} - {"-"}
        if keys and keys <= have:
            have.add(_topic_key(acronym))
        elif _topic_key(acronym) in have:
            have |= keys
    found = _salient_term(a, weight.words, have, weight.acronyms, set(best))
    if found is None:
        return best
    prep, term = found
    if _too_long(best + [prep] + term, a.name):
        return best
    return best + [prep] + term


def _salient_term(
    a: "_Analysis", words: Sequence[str], have: AbstractSet[str], acronyms: dict[str, list[str]],
    title: AbstractSet[str],
) -> tuple[str, list[str]] | None:
    """Return the abstract's most used term sharing no topic key with ``have``, with its preposition.

    Terms are the runs of two to four topic words ("brain region", "time series
    forecasting") the abstract writes at least twice, word for word, and the two to four
    words an acronym abbreviates, each use of the acronym a use of them (as in
    ``_count_acronym_uses``). A term scores its uses times the square root of its length;
    of equals, the first met wins (``words`` are the first sentence's, the contribution
    sentence's, then the rest's). The preposition is the one the abstract writes most
    often right before the term ("in (the) function space"), else "for". A term whose
    preposition the ``title`` words have already goes "in" when it is a setting: the
    abstract writes it after "for" ("X for RL" + "for LLMs" -> "X for RL in LLMs"), or it
    ends on a field's head word (``FIELD_HEADS``: "... Learning", "... Models"). Any other
    such term names a part of the method, which "in" would misplace ("... for Pruning in
    Objective Function"), and gives way to the next term, as does a term the abstract never
    puts after a preposition that ends on a part's head word (``PART_HEADS``: "for Loss
    Function", "for Neural Network").
    """
    n = len(words)
    scored = _repeated_terms(words) + _acronym_terms(a, words, acronyms)
    scored.sort(key=lambda item: (-item[0], item[2][0] if item[2] else n))  # of equals, the first met
    low_prose = a.prose.lower()
    for _, term, at in scored:
        written = _as_written(a.prose, low_prose, term) if have.isdisjoint(map(_topic_key, term)) else []
        if not written:
            continue
        last = term[-1]
        if a.name in written or _adjective_end(last) or _participle(last) or _clause_like(written):
            continue  # "for Deep Learning Based", "for Solving Tasks", "for Models Generate Text"
        if written[0][0].isdigit():
            continue  # "for 7B Parameters"
        preps = Counter(_preposition_before(words, i) for i in at)
        del preps[""]
        if not preps and last in PART_HEADS:
            continue  # "for Loss Function", "for Neural Network": a part of the method, not what it is for
        prep = _TERM_PREPS[preps.most_common(1)[0][0]] if preps else "for"
        if prep in title:  # "X for Y for Z" reads badly
            if prep != "for" or "in" in title or not (preps or last in FIELD_HEADS):
                continue  # a part of the method, not a setting ("in Objective Function")
            prep = "in"  # "... for Reinforcement Learning in Large Language Models"
        return prep, written
    return None


_Scored = tuple[float, tuple[str, ...], list[int]]  # (score, lower-case words, where they start in the words)


def _is_topic(low: str) -> bool:
    """Tell whether a lower-case word is a topic word (``_topic_key`` without its lower())."""
    return (_KEYS.get(low) or _fold_key(low)) != "-"


def _repeated_terms(words: Sequence[str]) -> list[_Scored]:
    """Score the runs of two to ``_TERM_MAX`` topic words written at least twice, by uses times the root of their length.

    Pairs of words are counted in C (folding each word to its key first would cost as much
    again); only the few topic pairs used twice are grown, a word at a time, into longer terms.
    """
    n = len(words)
    scored: list[_Scored] = []
    for pair, uses in Counter(zip(words, islice(words, 1, None))).items():
        if uses < 2 or not _is_topic(pair[0]) or not _is_topic(pair[1]):
            continue
        term, at = pair, [i for i in _indices(words, pair[0], 0, n - 1) if words[i + 1] == pair[1]]
        while True:
            scored.append((len(at) * len(term) ** 0.5, term, at))
            end = len(term)
            after = [words[i + end] for i in at if i + end < n]
            word = max(after, key=after.count) if after else ""  # the first of the most used
            if end == _TERM_MAX or after.count(word) < 2 or not _is_topic(word):
                break
            term, at = term + (word,), [i for i in at if i + end < n and words[i + end] == word]
    return scored


def _acronym_terms(a: "_Analysis", words: Sequence[str], acronyms: dict[str, list[str]]) -> list[_Scored]:
    """Score the words each acronym abbreviates, each use of the acronym a use of them (as ``_count_acronym_uses``)."""
    n = len(words)
    scored: list[_Scored] = []
    for acronym, spelled in acronyms.items():
        lows = tuple(w.lower() for w in spelled)
        low_acronym = acronym.casefold()
        if low_acronym in TECHNIQUE_NAMES or low_acronym[:-1] in TECHNIQUE_NAMES:
            continue  # what the paper uses ("neural tangent kernel"), not what it is for
        if 2 <= len(lows) <= _TERM_MAX and acronym != a.name:
            at = [i for i in _indices(words, lows[0], 0, n) if tuple(words[i : i + len(lows)]) == lows]
            uses = a.prose.count(acronym) - 1 + len(at)  # its uses, bar the "(GFD)" that defines it
            scored.append((uses * len(lows) ** 0.5, lows, at))
    return scored


def _preposition_before(words: Sequence[str], i: int) -> str:
    """Return the preposition of ``_TERM_PREPS`` written before ``words[i]`` ("in the embedding space"), or ""."""
    before = words[i - 1] if i else ""
    if before in _ARTICLES and i > 1:
        before = words[i - 2]
    return before if before in _TERM_PREPS else ""


def _as_written(prose: str, low_prose: str, lows: Sequence[str]) -> list[str]:
    """Return the words ``lows`` as the prose writes them in a row, or [] if it never does.

    The lower-case words of an abstract run over punctuation ("... for graphs. Learning ...");
    a term is only a term where the prose (``low_prose`` lower-cased) writes its words apart
    by single spaces.
    """
    if len(low_prose) != len(prose):
        return []  # a letter whose lower case is longer ("İ"): offsets would not match
    want = " ".join(lows)
    at = low_prose.find(want)
    while at >= 0:
        end = at + len(want)
        if (not at or not low_prose[at - 1].isalnum()) and (end == len(prose) or not low_prose[end].isalnum()):
            return prose[at:end].split()
        at = low_prose.find(want, at + 1)
    return []


# Titles with up to this many topic words (the name's included) take the abstract's term.
_TERM_UPTO = 7
_TERM_MAX = 4  # words in a term at most
# The prepositions a term keeps as the abstract writes them ("in function space", "from point clouds");
# "using" and "through" say how, which a title says with "via" (as ``_TAIL_PREPS`` does).
_TERM_PREPS = {**{p: p for p in "for in on with via from under across".split()}, "using": "via", "through": "via"}


_Tail = tuple[str, list[str], set[str], float]  # (preposition or verb as written, words, topic keys, score)


def _tails(a: "_Analysis", values: "_WordValues") -> list[_Tail]:
    """Collect, in order, the tails the contribution sentence offers a title phrase.

    A tail is a short noun phrase after a preposition (or a verb of use: "which leverages Y"
    -> "via Y"; or of purpose: "which learns Y" -> "for learning Y", kept under "to"/"that"/
    "which") ending on a topic word and scoring at least ``_TAIL_MIN``. Computed once per
    abstract: every candidate phrase may be offered one.
    """
    text = _drop_asides(a.sentences[a.contribution])
    tokens = _SPAN_TOKEN.findall(text)
    lows = _lower_all(tokens, text)
    out: list[_Tail] = []
    for i in range(len(lows) - 1):
        low = lows[i]
        if low in _PURPOSE_CLAUSE and _plain_verb(lows[i + 1], finite=low != "to"):
            phrases = _verb_phrase(tokens, lows, i + 1)  # "that learns X", "to learn X" -> "for learning X"
            if not phrases:
                continue
            words = _trim([w for w in phrases[0] if w])
        elif low in _TAIL_PREPS and low not in _PURPOSE_CLAUSE:
            j = i + 1
            while j < len(lows) and lows[j] in _LEAD_DROP:
                j += 1  # "for the X" -> "for X"
            words = _trim([w for w in _walk(tokens, lows, j)[0] if w])
        else:
            continue
        if not _FIELD_MIN <= len(words) <= _FIELD_MAX or any(w.lower() in _CUT_AT for w in words):
            continue
        last = words[-1].lower()
        if not values[words[-1]][0] or _adjective_end(last) or last.endswith(("ble", "ful")):
            continue  # "for the same goal", "with X-based": no tail to add
        s = _score(words, values, 0.0)
        if s >= _TAIL_MIN and not _clause_like(words):  # its last word is a topic word: it has a key
            out.append((low, words, {_topic_key(w) for w in words} - {"-"}, s))
    return out


# Titles of up to this many words may take a tail; a tail must score at least _TAIL_MIN.
_EXTEND_UPTO, _TAIL_MIN = 8, 1.5
_TAIL_PREPS = {
    "for": "for", "on": "on", "in": "in", "with": "with", "using": "using", "via": "via", "through": "via",
    # Verbs saying what a method works by: "which leverages X" -> "via X".
    **dict.fromkeys("""leverage leverages leveraging exploit exploits exploiting employ employs employing utilize
    utilizes utilizing uses""".split(), "via"),
}
_MECHANISMS = frozenset(word for word, prep in _TAIL_PREPS.items() if prep in ("via", "using", "with"))
_PURPOSE_CLAUSE = frozenset(("to", "that", "which"))
_TAIL_PREPS.update(dict.fromkeys(_PURPOSE_CLAUSE, "for"))  # a purpose clause's tail is "for <doing> X"


def _best_phrase(
    pool: Sequence[tuple[list[str], float]], values: "_WordValues", name: str | None
) -> tuple[list[str], float]:
    """Return the best-scoring phrase that reads as a title (the first of equals) and its score.

    Phrases are scored in order of the most they could score (their bonus, the most a
    word can add, their length's cost), so scoring stops once no phrase left can win.
    """
    bounds = [bonus + _most_gained(len(phrase)) for phrase, bonus in pool]
    best_i, best_score = -1, float("-inf")
    for i in sorted(range(len(pool)), key=bounds.__getitem__, reverse=True):
        if bounds[i] < best_score:
            break
        phrase, bonus = pool[i]
        s = _score(phrase, values, bonus)
        if (s > best_score or s == best_score and i < best_i) and (name or len(phrase) > 1) \
                and not _clause_like(phrase) and not _too_long(phrase, name) and not _report(phrase):
            best_i, best_score = i, s  # the checks run only for a would-be winner; one word is a title only after a name
    return (pool[best_i][0], best_score) if best_i >= 0 else ([], best_score)


def _too_long(phrase: Sequence[str], name: str | None) -> bool:
    """Tell whether "Name: phrase" would be cut to fit a title, losing the phrase's end."""
    return (len(name) + 2 if name else 0) + len(" ".join(phrase)) > _MAX_CHARS


def _known_term(phrase: Sequence[str], known: _Terms) -> bool:
    """Tell whether a phrase is only a well-known term of its field ("Large Language Models")."""
    return tuple(map(str.lower, phrase)) in known


def _compositions(
    heads: Sequence[tuple[list[str], float]], fields: Sequence[list[str]], values: "_WordValues", name: str,
    terms: Container[tuple[str, ...]] = (), floor: float = float("-inf"),
) -> list[tuple[list[str], float]]:
    """Score "<contribution> for <field>" phrases: what the paper makes, and the area it is for.

    Both halves are spans the abstract writes: the contribution's noun phrase (with no
    prepositional tail of its own) and a short noun phrase of the opening sentence
    ("Offline reinforcement learning") that shares no topic word with it. Phrases that
    cannot score above ``floor`` are left out unscored.
    """
    areas = []
    met: set[tuple[str, ...]] = set()
    for f in fields:
        lows = [w.lower() for w in f]
        if tuple(lows) in met:
            continue  # a field met again (the opening subject defined with an acronym)
        met.add(tuple(lows))
        while len(f) > _FIELD_MIN and lows[0] in _DATED:
            f, lows = f[1:], lows[1:]  # "Current vision-language models" -> "vision-language models"
        if not (_FIELD_MIN <= len(f) <= _FIELD_MAX) or name in f or any(w in _CUT_AT for w in lows):
            continue
        if lows[-1].endswith(_ADJ_ENDS) or lows[-1] in _TAIL_DROP or _participle(lows[0]) or _clause_like(f):
            continue
        if lows[0] in _GENERIC:
            continue  # "Recent GPT-4", "Existing methods": a comment on the field, not its name
        keys = {_topic_key(w) for w in f} - {"-"}
        if keys and (values[f[-1]][0] or tuple(lows) in terms):  # a defined term may end on "evaluation"
            areas.append((f, keys))
    if not areas:
        return []
    out = []
    done: set[tuple[str, ...]] = set()
    for head, bonus in heads:
        key = tuple(head)
        if key in done:
            continue
        done.add(key)
        lows = [w.lower() for w in head]
        if len(head) < 2 or not any(values[w][0] for w in head) or _participle(lows[-1]) and bonus != _BONUS_SPELLED:
            continue  # "Capturing for ...", "Framework for ...": no contribution to compose ("Message Passing" is a name)
        if any(w in _CUT_AT and w not in ("of", "and") for w in lows) or _clause_like(head):
            continue
        head_keys = {_topic_key(w) for w in head}
        for f, keys in areas:
            if keys & head_keys or _abbreviates(head, f):
                continue
            phrase = head + ["for"] + f
            if bonus + _BONUS_COMPOSE + _most_gained(len(phrase)) <= floor or _too_long(phrase, name):
                continue
            out.append((phrase, _score(phrase, values, bonus + _BONUS_COMPOSE)))
    return out


def _abbreviates(head: Sequence[str], field: Sequence[str]) -> bool:
    """Tell whether a word of ``head`` is the field's acronym ("LLMs" for "Large Language Models")."""
    initials = "".join(w[0] for w in field if w[:1].isalpha()).casefold()
    for w in head:
        letters = "".join(c for c in w if c.isupper()).casefold()
        if len(letters) >= 2 and letters in initials:
            return True
    return False


def _participle(low: str) -> bool:
    """Tell whether a lower-case word is an -ing verb form rather than a noun ("learning" is a noun)."""
    return low.endswith("ing") and len(low) > 5 and low not in _ING_NOUNS and "-" not in low


def _topic_key(w: str) -> str:
    """Return the topic-word key of a word ("-" for a word no title is built on)."""
    low = w.lower()
    return _KEYS.get(low) or _fold_key(low)


_FIELD_MIN, _FIELD_MAX = 2, 5
_MAX_CHARS = 100  # titles.MAX_TITLE
# Words that date a field's name rather than name it ("Current", "Recent", "Existing").
_DATED = frozenset(
    "current recent existing modern contemporary latest prevailing prevalent conventional today's state-of-the-art well-known".split()
)
# Counts and quantifiers that open a phrase ("two algorithms", "most successful models", "both audio
# perception and ...") number or rank what the abstract lists: no title starts on one (nor on "as").
_COUNTS = frozenset("two three four five six seven eight nine ten all both many most each every some as".split())
_NEVER_FIRST = _LEAD_DROP | _PREPS | _DATED | _COUNTS
# A head cut before one of these keeps its meaning; cut before "of", "to", "and" it would not.
_HEAD_CUTS = frozenset("for in on with via under across through over into from without".split())
_BONUS_COMPOSE = 1.0


def _fallback_run(a: "_Analysis", weight: _Weights) -> str:
    """Without a usable phrase, return the abstract's most central run of topic words."""
    best, best_score = "", float("-inf")
    for sentence in a.sentences[:3]:
        for piece in _TOPIC_SPLIT.split(_drop_asides(sentence)):
            run: list[str] = []
            for raw in _WORD.findall(piece) + [""]:
                word, key, topic = _word(raw) if raw else ("", "", False)
                if topic and word != a.name:
                    run.append(word)
                    continue
                if run and not _clause_like(run):
                    run = run[:_RUN_MAX]
                    s = sum(min(weight[_word(w)[1]], _CAP) - 1.0 for w in run)
                    if s > best_score:
                        best, best_score = " ".join(run), s
                run = []
    return best


_RUN_MAX = 5
_TOPIC_SPLIT = re.compile(r"[,;:()\[\]\"!?\u201c\u201d]|\s[-\u2013\u2014]+\s|\u2014")
_WORD = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w\-'\u2019\u0370-\u03ff]*")
