"""Weigh an abstract's topic words and score the phrases a title may be made of.

A topic word weighs how often the abstract uses it, a little more in the opening and the
contribution sentences. A word's weight also counts the uses of an acronym that
abbreviates it ("graph fraud detection (GFD)", then "GFD" four times);
``_count_acronym_uses`` keeps the terms so defined up to the contribution sentence, and the
well-known ones ("large language models (LLMs)"), for ``phrases`` to name the field a
"<contribution> for <field>" title is for. ``_score`` adds up what each word of a phrase
adds (``_WordValues``) and takes off a cost for a length unlike a title's. The constants at
the end, among them the bonus ``spans`` gives each source of a phrase, were tuned
together.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .acronyms import _spelled_out
from .analysis import _Analysis
from .grammar import _ARTICLES
from .lexicon import COMMON_NAMES, TECHNIQUE_NAMES, _word


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
        spelled = _spelled_out(prose[max(0, at - 99) : at], acronym)  # as _name_scores asks: cached
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
