"""Tell what a word is and whether a phrase reads as a title: the grammar of title phrases.

Title phrases are cut from running text, so a cut may end on an adjective that lost its
noun, on a preposition or on a gerund that lost its object, and a phrase may be a piece of
a clause ("Long-Tailed Data Affect Feature Distributions"). The word-form tests here
(adjective, participle, a verb to turn into its -ing form) go by spelling and the word
lists of ``lexicon`` alone; ``_trim`` drops the words a title never starts or ends
on, and ``_clause_like`` and ``_report`` reject what is no title. ``spans`` uses
them to walk phrases, ``phrases`` to pick and assemble one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from .lexicon import (
    _ADJ_ENDS,
    _BAD_OPENERS,
    _BARE_HEADS,
    _CUT_AT,
    _EMPTY_HEADS,
    _FUNCTION,
    _ING_NOUNS,
    _LEAD_DROP,
    _MID_ADVERBS,
    _NOT_ADVERB,
    _NOUNISH,
    _OPENING_VERBS,
    _PLURAL_NOUNS,
    _PREPS,
    _SMALL,
    _STOP,
    _TAIL_DROP,
    _VERBS_BASE,
    _VERBS_BASE_MID,
    _VERBS_S,
    _VERBS_S_MID,
    _WRAPPERS,
)

#: Verbs of more than one syllable stressed on the last: they double its consonant too.
_STRESSED_LAST = frozenset(
    "infer refer prefer transfer confer occur recur incur deter control compel propel expel patrol "
    "submit admit omit emit permit commit transmit regret forget begin embed underpin forbid".split()
)
#: One syllable ending in one vowel and one consonant: "map", "plan", "drop" double it.
_SHORT_CLOSED = re.compile(r"[^aeiou]*[aeiou][^aeiouwxy]")


def _gerund(verb: str, finite: bool = True) -> str:
    """Turn a verb ("learns", "detect", "leverages") into its -ing form ("learning", ...).

    A verb that is not ``finite`` (after "to") is the plain form: its "s" is its own ("debias").
    """
    v = verb.casefold()
    if not finite:
        pass
    elif v.endswith("ies") and len(v) > 4:
        return v[:-3] + "ying"
    elif v.endswith(("sses", "shes", "ches", "xes", "zes")):
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


def _real_gerund(verb: str, finite: bool = True) -> str | None:
    """Return the -ing form of ``verb`` if English writes it, else None ("multiple" -> "multipling" is none).

    A title must not coin a word. The -ing form is taken when wordfreq's English list has it,
    or when the list has neither it nor the verb (a field's own verb, "debias" -> "debiasing",
    that no general list knows): what the list knows as a word but not as a verb ("multiple",
    "LMs") is not turned.
    """
    return _checked_gerund(verb.casefold(), finite)


@lru_cache(maxsize=4096)
def _checked_gerund(verb: str, finite: bool) -> str | None:
    from wordfreq import zipf_frequency  # loads its list on first use: only abstracts with a verb to turn pay

    form = _gerund(verb, finite)
    if zipf_frequency(form, "en") > 0:
        return form
    base = verb[:-1] if finite and verb.endswith("s") and not verb.endswith("ss") else verb
    return form if zipf_frequency(base, "en") == 0 and zipf_frequency(verb, "en") == 0 else None


def _is_verbish(word: str) -> bool:
    """Tell whether a lower-case word after "that"/"to" reads as a verb we can turn into -ing."""
    return word.isalpha() and word.islower() and len(word) > 2 and word not in _FUNCTION


_ARTICLES = frozenset(("the", "a", "an"))
# A bare number or amount ("0.6B", "10", "5%"), not a dimension ("3D"): what it counts follows it.
_AMOUNT = re.compile(r"\d+(?:[.,]\d+)*[kmbt]?%?")
# Nouns a variable completes ("Sample of Size N", "Rank r"): a title keeps the letter after them.
_SIZES = frozenset("size sizes rank dimension dimensions degree order length width depth".split())


def _plain_verb(word: str, finite: bool) -> bool:
    """Tell whether a word after "to" (or, ``finite``, after "that") reads as a verb to turn into -ing."""
    if not _is_verbish(word) or word in _STOP or word.endswith(("ing", "ly", "ed", "ous", "ss", "us", "is")) or _modifier(word):
        return False  # "that various", "that efficiently", "to adversarial": no verb to turn
    return word.endswith("s") if finite else not word.endswith("s")


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
        elif len(last) == 1 and len(words) > 1 and last.isalpha() and words[-2].lower() not in _SIZES:
            words = words[:-1]  # "Gaussian Kernel Matrices K", "Victim Agent ν": a formula's variable, not a word
        elif len(words) > 2 and _AMOUNT.fullmatch(last) and words[-2].lower() in _PREPS:
            words = words[:-2]  # "Mobile-Side MLLMs with 0.6B" (to 4B parameters): an amount cut from its unit
        elif last.endswith(("'s", "\u2019s")) and len(last) > 3:
            words = words[:-1] + [words[-1][:-2]]  # "Exemplars for Large Language Model's" lost what it owns
        else:
            break
    while words:
        first = words[0].lower()
        if first in _NEVER_FIRST:
            words = words[1:]  # "Recent Advances in ...": a title is not dated by the abstract's "recent"
        elif len(words) > 2 and first in _CLAUSE_PARTICIPLES and words[1].lower() in _PREPS:
            words = words[2:]  # "Occurring in Geometric Computer Vision": the verb of a clause about what follows
        else:
            break
    for k, word in enumerate(words):
        second = _PAIRED.get(word)
        if second and second not in words[k + 1 :]:
            words = words[:k] + words[k + 1 :]
            break
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
        form = _real_gerund(verb, finite=False) if verb.islower() and _plain_verb(verb, finite=False) else None
        words = [form] + words[3:] if form else words[2:]
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
# Particles of a phrasal verb: at a phrase's end, its verb's object or extent was cut ("Nodes Up" of
# "connections between nodes up to k hops apart").
_PARTICLES = frozenset("up down out off away back".split())
# Prepositions beyond _TAIL_DROP's: at a phrase's end, what they govern was cut ("Interaction Behaviors Among").
_LAST_PREPS = frozenset(
    "among amongst against beyond upon per along alongside despite onto about after before during until above below amid versus vs".split()
)
_NEVER_LAST = _TAIL_DROP | _STOP | _LEAD_DROP | _PARTICLES | _LAST_PREPS
# "Both" and "either" announce a pair; cut before its second half, the phrase keeps a word that pairs nothing
# ("Avatar Generation with Both High Photorealism").
_PAIRED = {"both": "and", "either": "or", "neither": "nor"}
# Participles that, with their preposition, only link a clause to what follows: no title opens on them.
_CLAUSE_PARTICIPLES = frozenset(
    "occurring resulting relying starting contributing depending consisting pertaining arising stemming "
    "amounting belonging referring corresponding ranging lying residing".split()
)


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
    return len(low) > 4 and low.endswith("ed") and not low.endswith("eed")  # "Small Tuned", "Graph-Based"


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
        elif low in _PREP_VERBS_S and (k + 1 == len(words) or words[k + 1].lower() in _PREPS):
            return True  # "Graph Domain Adaptation Focuses on Transferring Knowledge", "Web Experience Differs"
        elif low in _VERBS_S_MID and (prev not in _PREPS or prev == "and") and k + 1 < len(words):
            if words[k + 1].lower() not in _PREPS and words[k + 1].lower() not in _SMALL:
                return True  # "Accurate Nutrition Estimation Helps People"
        if k == len(words) - 1 and words[k].islower() and _plural(low) and _plural(prev) and "-" not in prev:
            return True  # "... in Multicultural Environments Hinges": a verb cut from what it hinges on
        if prev in _SINGULAR_SUBJECTS and k + 1 < len(words) and _plural(low) and words[k + 1].lower() not in _PREPS:
            return True  # "Dueling Bandit Problem Models Adaptive Recommender Systems": "problem" does, "models" is its verb
    return False


# Singular heads a sentence's subject ends on: a word in -s after one, before its object, is the verb
# ("the problem models X", "this task requires Y"); noun compounds on them ("problem instances") are rare.
_SINGULAR_SUBJECTS = frozenset("problem task setting question challenge".split())

# Verbs in -s that take a preposition ("focuses on", "relies on", "consists of") and are never nouns:
# inside a phrase, before their preposition, they make it a clause.
_PREP_VERBS_S = frozenset(
    """focuses relies depends consists differs belongs operates suffers struggles hinges aims refers serves
    contributes corresponds responds pertains relates arises stems derives emerges persists succeeds""".split()
)


def _plural(low: str) -> bool:
    """Tell whether a lower-case word is written as a plural or a verb's -s form ("models", "LLMs", "hinges")."""
    return (
        len(low) > 3 and low.endswith("s") and not low.endswith(("ss", "us", "is", "ics", "'s"))
        and low not in _INVARIANT
    )  # fmt: skip


# Nouns that end in "s" in the singular, or are plural only and modify the noun after them:
# "Time Series Models", "Public Goods Games", "Sports Videos" are noun phrases.
_INVARIANT = frozenset("series species means news lens bias gas goods sales sports savings earnings arms".split())


# Prepositions an adjective takes as a predicate ("robust against", "crucial for").
_PREDICATE_PREPS = frozenset("for to against around at in on with from by about across under over than".split())


def _adjective_like(word: str, after: str) -> bool:
    """Tell whether a word after an adverb reads as an adjective ("efficient", "pre-trained LM")."""
    if word.endswith(_ADJ_ENDS + ("al", "ate", "ient", "ous", "ble")):
        return True
    return word.endswith("ed") and bool(after) and after not in _CUT_AT


def _participle(low: str) -> bool:
    """Tell whether a lower-case word is an -ing verb form rather than a noun ("learning" is a noun)."""
    return low.endswith("ing") and len(low) > 5 and low not in _ING_NOUNS and "-" not in low


# Words that date a field's name rather than name it ("Current", "Recent", "Existing").
_DATED = frozenset(
    "current recent existing modern contemporary latest prevailing prevalent conventional today's state-of-the-art well-known".split()
)
# Counts and quantifiers that open a phrase ("two algorithms", "most successful models", "both audio
# perception and ...") number or rank what the abstract lists: no title starts on one (nor on "as").
_COUNTS = frozenset("two three four five six seven eight nine ten all both many most each every some as".split())
_NEVER_FIRST = _LEAD_DROP | _PREPS | _DATED | _COUNTS
