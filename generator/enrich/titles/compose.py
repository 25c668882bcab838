"""Compose a title of two spans the abstract writes: "<contribution> for <field>".

A contribution's noun phrase alone ("Online Algorithm") says too little, and the field
alone ("Online Convex Optimization") says what the paper works in, not what it gives.
``_compositions`` scores "<contribution> for <field>" from the phrases ``phrases`` collects
and the fields (terms the abstract defines, the subject its opening sentence names), and
``_field_alone`` tells ``phrases`` when a phrase is only the field.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from .grammar import _ARTICLES, _DATED, _clause_like, _participle
from .lexicon import _ADJ_ENDS, _CUT_AT, _GENERIC, _TAIL_DROP
from .weights import _BONUS_SPELLED, _KEYS, _fold_key, _most_gained, _score, _WordValues


def _too_long(phrase: Sequence[str], name: str | None) -> bool:
    """Tell whether "Name: phrase" would be cut to fit a title, losing the phrase's end."""
    return (len(name) + 2 if name else 0) + len(" ".join(phrase)) > _MAX_CHARS


def _compositions(
    heads: Sequence[tuple[list[str], float]], fields: Sequence[list[str]], values: "_WordValues", name: str,
    terms: Container[tuple[str, ...]] = (), floor: float = float("-inf"), low_prose: str = "",
) -> list[tuple[list[str], float]]:
    """Score "<contribution> for <field>" phrases: what the paper makes, and the area it is for.

    Both halves are spans the abstract writes: the contribution's noun phrase (with no
    prepositional tail of its own) and a short noun phrase of the opening sentence
    ("Offline reinforcement learning") that shares no topic word with it. Phrases that
    cannot score above ``floor`` are left out unscored.

    A field the abstract (``low_prose``, lower-cased) first writes after "with" or "under" keeps
    that preposition: "Online Algorithm with Shortest-Path Queries", not "for" them.
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
            areas.append((f, keys, _setting_preposition(low_prose, lows)))
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
        if len(head) < 2 and lows[0] not in _RESULTS or not any(values[w][0] for w in head) \
                or _participle(lows[-1]) and bonus != _BONUS_SPELLED:
            continue  # "Capturing for ...", "Framework for ...": no contribution to compose ("Message Passing" is a name)
        if any(w in _CUT_AT and w not in ("of", "and") for w in lows) or _clause_like(head):
            continue
        head_keys = {_topic_key(w) for w in head}
        for f, keys, prep in areas:
            if keys & head_keys or _abbreviates(head, f):
                continue
            phrase = head + [prep] + f
            if bonus + _BONUS_COMPOSE + _most_gained(len(phrase)) <= floor or _too_long(phrase, name):
                continue
            out.append((phrase, _score(phrase, values, bonus + _BONUS_COMPOSE)))
    return out


def _field_alone(
    phrase: Sequence[str], fields: Sequence[list[str]], terms: Container[tuple[str, ...]], spelled: str
) -> bool:
    """Tell whether a phrase is only the field the abstract works in ("Online Convex Optimization (OCO)").

    It is a term the abstract defines, or the subject its opening sentence names, word for
    word; the paper's own name spelled out is not a field but what the paper makes.
    """
    lows = [w.lower() for w in phrase]
    if " ".join(lows) == spelled:
        return False
    return tuple(lows) in terms or any(len(f) == len(lows) and [w.lower() for w in f] == lows for f in fields)


# A field alone loses this much to a "<contribution> for <field>" composition of it.
_FIELD_ALONE_COST = 3.0


def _setting_preposition(low_prose: str, lows: Sequence[str]) -> str:
    """Return "with" or "under" if the abstract first writes a term after it ("learning with shortest-path queries"), else "for"."""
    at = low_prose.find(" ".join(lows)) if low_prose else -1
    if at <= 0:
        return "for"
    before = low_prose[max(0, at - 12) : at].split()
    if before and before[-1] in _ARTICLES:
        before.pop()
    return before[-1] if before and before[-1] in ("with", "under") else "for"


def _abbreviates(head: Sequence[str], field: Sequence[str]) -> bool:
    """Tell whether a word of ``head`` is the field's acronym ("LLMs" for "Large Language Models")."""
    initials = "".join(w[0] for w in field if w[:1].isalpha()).casefold()
    for w in head:
        letters = "".join(c for c in w if c.isupper()).casefold()
        if len(letters) >= 2 and letters in initials:
            return True
    return False


def _topic_key(w: str) -> str:
    """Return the topic-word key of a word ("-" for a word no title is built on)."""
    low = w.lower()
    return _KEYS.get(low) or _fold_key(low)


_FIELD_MIN, _FIELD_MAX = 2, 5
# Results a contribution phrase may be of one word: "(new) regrets" + "for Online Convex Optimization".
_RESULTS = frozenset("regrets bounds rates guarantees".split())
_MAX_CHARS = 100  # titles.MAX_TITLE
_BONUS_COMPOSE = 1.0
