"""Build the noun phrase a title is made of, from the phrases the abstract writes.

``infer.infer_title`` analyses the abstract (``analysis``: its sentences, its
contribution sentence, the name it coins) and asks ``_span_title`` here for the phrase
that follows the name. It takes the candidate phrases ``spans`` walks, cuts each
before its prepositions, trims the cuts (``grammar``), scores them by the
abstract's topic words (``weights``) and assembles the title from the best.

A title is a contiguous noun phrase the abstract itself writes: the object of the
contribution verb ("we propose <X>"), the apposition after the coined name ("Name,
a <X> that ..."), the spelled-out name, or an "<X> for <Y>" span. The terms an abstract
defines with an acronym up to its contribution sentence, and the well-known ones ("large
language models (LLMs)"), name the field a "<contribution> for <field>" title is for; a
well-known term is never a title by itself.

The winner may take a tail from the contribution sentence ("for video understanding",
"via policy gradient"). A title of few topic words then takes the term the abstract keeps
using, after the preposition it writes before it ("Unsupervised Order Learning" + "in
embedding space"): real titles are longer than the phrases, and say what the paper works on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from itertools import islice

from .analysis import _Analysis, _drop_asides
from .compose import (
    _compositions,
    _field_alone,
    _FIELD_ALONE_COST,
    _FIELD_MAX,
    _FIELD_MIN,
    _too_long,
    _topic_key,
)
from .fields import _known_field, _known_term, _paper_is_for
from .grammar import (
    _ARTICLES,
    _adjective_end,
    _clause_like,
    _participle,
    _plain_verb,
    _report,
    _trim,
)
from .lexicon import (
    _CUT_AT,
    _EMPTY_HEADS,
    _FUNCTION,
    _LEAD_DROP,
    _USE_VERBS,
    _WRAPPERS,
    FIELD_HEADS,
    PART_HEADS,
    TECHNIQUE_NAMES,
    _word,
)
from .spans import (
    _FIELD,
    _HEAD,
    _SPAN_TOKEN,
    _candidates,
    _indices,
    _lower_all,
    _verb_phrase,
    _walk,
)
from .weights import (
    _CAP,
    _KEYS,
    _fold_key,
    _most_gained,
    _score,
    _Weights,
    _weights,
    _WordValues,
)


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
            if k < n and words[k] == "to" and _from_before(words, k):
                continue  # "Conversion from SCO" lost what it converts to
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
            elif role == _FIELD and k == n and not (
                weight.known and _known_field(phrase, weight.known) and not _paper_is_for(a, phrase, weight)
            ):
                fields.append(phrase)  # not the well-known field the abstract opens on, unless the paper is for it
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
    fields.extend(
        words for key, words in weight.known.items() if key not in weight.techniques and _paper_is_for(a, key, weight)
    )
    terms = weight.defined.keys() | weight.known.keys()
    if best and _field_alone(best, fields, terms, spelled):
        best_score -= _FIELD_ALONE_COST  # what the paper works on, not what it does there
    for phrase, s in _compositions(heads, fields, values, a.name or "", terms, best_score, a.prose.lower()):
        if s > best_score and not _misread(phrase):
            best, best_score = phrase, s
    if not best:
        return _fallback_run(a, weight)
    if len(best) <= _EXTEND_UPTO and tails:
        best = _with_tail(best, tails, a.name)
    if weight.acronyms:
        best = _spelled_acronyms(best, weight.acronyms, a.name)
    return " ".join(_with_term(best, a, weight))


def _from_before(words: Sequence[str], k: int) -> bool:
    """Tell whether a "from" before ``words[k]`` opens a "from X to Y" of things, not of numbers ("from 36 hours")."""
    head = list(words[:k])
    at = len(head) - 1 - head[::-1].index("from") if "from" in head else -1
    return 0 <= at < k - 1 and not words[at + 1][:1].isdigit()


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
    found = _salient_term(a, weight, have, set(best))
    if found is None:
        return best
    prep, term = found
    if _too_long(best + [prep] + term, a.name):
        return best
    return best + [prep] + term


def _salient_term(
    a: "_Analysis", weight: _Weights, have: AbstractSet[str], title: AbstractSet[str]
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
    Function", "for Neural Network"). A well-known field ("large language models") is the
    term only where the contribution sentence names it: an abstract that opens on what
    LLMs can do and then builds a tool with them is not "... for Large Language Models".
    """
    words, acronyms = weight.words, weight.acronyms
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
        if _quoted_modifier(low_prose, term):
            continue  # "under the same \"small tail\u201d condition": not "Under Small Tail"
        if weight.known and _known_field(term, weight.known) and not _paper_is_for(a, term, weight):
            continue  # the field the abstract opens on, not what the paper is for
        if any(_cut_before_head(term, known) for known in weight.known):
            continue  # "for Large Language": a well-known term cut before its head word ("models")
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


def _cut_before_head(term: Sequence[str], known: Sequence[str]) -> bool:
    """Tell whether a term is a well-known one cut before its head word ("large language" of "large language
    models"); "reinforcement learning" of "reinforcement learning from human feedback" is whole."""
    n = len(term)
    return len(known) > n and tuple(known[:n]) == tuple(term) and known[n] not in _FUNCTION


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
    """Return the preposition of ``_TERM_PREPS`` written before ``words[i]`` ("in the embedding space"), or "".

    A verb of use counts as "using" ("leverages large language models"): the method works by
    the term, it is not for it.
    """
    before = words[i - 1] if i else ""
    if before in _ARTICLES and i > 1:
        before = words[i - 2]
    if before in _USE_VERBS:
        return "using"
    return before if before in _TERM_PREPS else ""


def _quoted_modifier(low_prose: str, lows: Sequence[str]) -> bool:
    """Tell whether the abstract writes a term in quotes before the noun it modifies ("small tail\u201d condition").

    Without that noun the term is a fragment: the paper works under a condition, not under a tail.
    """
    want = " ".join(lows)
    for quote in _CLOSING_QUOTES:
        at = low_prose.find(want + quote + " ")
        if at >= 0 and low_prose[at + len(want) + 2 : at + len(want) + 3].isalpha():
            return True
    return False


_CLOSING_QUOTES = ('"', "\u201d")  # not "'": "agents' feedback" is a possessive


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
        if low in _PURPOSE_CLAUSE and lows[i + 1] in _USE_VERBS:
            continue  # "to utilize X" is how, not what for: the verb's own tail says "via X"
        if low in _PURPOSE_CLAUSE and _plain_verb(lows[i + 1], finite=low != "to"):
            phrases = _verb_phrase(tokens, lows, i + 1, finite=low != "to")  # "that learns X", "to learn X" -> "for learning X"
            if not phrases:
                continue
            words = _trim([w for w in phrases[0] if w])
        elif low in _TAIL_PREPS and low not in _PURPOSE_CLAUSE:
            j = i + 1
            while j < len(lows) and lows[j] in _LEAD_DROP:
                j += 1  # "for the X" -> "for X"
            if j < len(lows) and lows[j] in _USE_VERBS:
                low, j = "through", j + 1  # "for utilizing local priors", "by leveraging X": "via" them
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
                and not _clause_like(phrase) and not _too_long(phrase, name) and not _report(phrase) \
                and not _misread(phrase):
            best_i, best_score = i, s  # the checks run only for a would-be winner; one word is a title only after a name
    return (pool[best_i][0], best_score) if best_i >= 0 else ([], best_score)


_VERSION = re.compile(r"v?\d+(?:\.\d+)+")


def _misread(phrase: Sequence[str]) -> bool:
    """Tell whether a phrase reads wrong as a title whatever it scores.

    It ends on an adjective ("LLM4Rerank: Comprehensive", of "a comprehensive LLM-based reranking
    framework"), opens on a version number, the end of a name ("AbdomenAtlas 1.1") it lost,
    points back into the abstract ("Improved Upper Bound for This Problem"), or names only a
    kind of thing ("Open Problem").
    """
    if _adjective_end(phrase[-1].lower()) or _VERSION.fullmatch(phrase[0]) is not None:
        return True
    return any(w in _ANAPHORA for w in phrase[1:]) or _kind_alone(phrase)


def _kind_alone(phrase: Sequence[str]) -> bool:
    """Tell whether a phrase is a kind of thing with a word of praise or novelty, naming nothing ("Open Problem")."""
    return (
        len(phrase) == 2 and phrase[0].lower() in _VAGUE_ADJECTIVES
        and (phrase[1].lower() in _EMPTY_HEADS or phrase[1].lower() in _WRAPPERS)
    )  # fmt: skip


_VAGUE_ADJECTIVES = frozenset("open new novel general natural central key main important fundamental simple".split())


# Words that point back into the abstract ("an improved upper bound for this problem", "new regrets for
# these classical methods"): out of it, a title cannot say what they point to.
_ANAPHORA = frozenset("this these those such said aforementioned".split())


# A head cut before one of these keeps its meaning; cut before "of", "to", "and" it would not.
_HEAD_CUTS = frozenset("for in on with via under across through over into from without".split())


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
