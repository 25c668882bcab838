"""What a coined name looks like, one token at a time ("FooNet", "iTransformer", "Vocos").

A token looks coined when it mixes case, has inner capitals or a version ("Magic123"); a plain
capitalised word ("Vocos") may be one when it is no English word, term or proper noun of the
field. ``names`` scores the candidates these find by the roles they play in the abstract.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import (
    _EMPTY_HEADS,
    _FUNCTION,
    _GENERIC,
    _ING_NOUNS,
    _LEAD_DROP,
    _ORDINARY,
    _PROPER_COMMON,
    _STOP,
    COMMON_NAMES,
    _is_word_char,
    _key,
    _strip_token,
)


@lru_cache(maxsize=1 << 14)
def _namelike(tok: str) -> bool:
    """Tell whether a token looks like a coined name (mixed case, inner capitals, digits...)."""
    if "_" in tok or _SCRIPTED.search(tok):
        return False  # "Seg_mIoU", "xᵀAx": a subscript is mathematics (or code), not a name
    if tok[:1].isupper() and tok[1:].islower() and not tok[-1].isdigit():
        return False  # "Transformer", "Self-attention": one opening capital and no version
    if len(tok) < 2 or not any(c.isalpha() for c in tok):
        return False
    if tok.casefold() in COMMON_NAMES or _base(tok) in COMMON_NAMES or tok in _METRICS:
        return False
    if tok[0].islower() and _INNER_CAP.search(tok):
        return False  # "geneRative", "emboDied": a word spelled to hint at an acronym
    upper = sum(c.isupper() for c in tok)
    if upper == 0:
        return False
    parts = [p for p in re.split(r"[-\u2013]", tok) if p]
    if len(parts) > 1 and (parts[-1].casefold() in _MODIFIER_ENDS or _participle_end(parts[-1])):
        return False  # "ReLU-based", "DICE-type", "LLM-generated": a modifier built on a name, not a name
    if len(parts) > 2 and parts[0][:1].isupper() and parts[-1][:1].isupper() and any(p in _LINKS for p in parts[1:-1]):
        return True  # "Chain-of-Table", "Skeleton-of-Thought": a coined compound
    if len(parts) > 1 and all(p[1:].islower() for p in parts):
        return False  # Title-Case hyphenation ("Metric-Aware"), not a name
    if upper >= 2 and not (tok.isupper() and len(tok) <= 2):
        return True
    if tok[0].isupper() and tok[-1].isdigit() and len(tok) >= 4 and tok[1:2].islower():
        return True  # Magic123, MathCoder2
    return upper >= 1 and not tok[0].isupper()  # f-FERM, iTransformer, lpNTK


# Subscripts and superscript letters ("Segₘ", "xᵀ"); a superscript digit may be part of a name ("S²AC").
_SCRIPTED = re.compile("[\u1d2c-\u1dbf\u2071-\u207f\u2080-\u209f]")
# Metrics written in mixed case: an abstract reports them, never coins them. Matched as written,
# not on the case-insensitive COMMON_NAMES, since "MAP" is also a name ("MAP estimation").
_METRICS = frozenset("mAP mIoU mAcc mAR".split())
_INNER_CAP = re.compile(r"^[a-z]{3,}[A-Z][a-z]")
_LINKS = frozenset("of to for and in on the by with as".split())
_MODIFIER_ENDS = frozenset(
    """based type like style learned aware free guided driven specific level wise only related
    dependent agnostic inspired enhanced augmented conditioned induced friendly hard complete parameter consistent
    learnable compatible""".split()
)
# A size or a count, not a name: "our 7B language model", "1.3B", "127M-355M-7B", "4.9K problems", "6D pose".
_QUANTITY = re.compile(r"\d+(?:\.\d+)?[KMBT]\+?(?:-\d+(?:\.\d+)?[KMBT])*|\d+D")


def _participle_end(part: str) -> bool:
    """Tell whether the last part of a hyphenated token is a lower-case participle ("generated", "tuned")."""
    return part.islower() and len(part) > 4 and part.endswith("ed")


_VERSION = re.compile(r"[-_.]?v?\d+(?:\.\d+)*[a-ce-z]?$")  # "-4", "v2", "2.5", "3b" at a token's end


@lru_cache(maxsize=1 << 14)  # asked for every name scored, and a name is scored again and again
def _base(tok: str) -> str:
    """Return a token without version digits or a plural s, lower-cased (GPT-4 -> gpt)."""
    low = tok.casefold()
    low = _VERSION.sub("", low)  # but "LoRA3D" is not LoRA
    return low[:-1] if low.endswith("s") and low[:-1].upper() != low[:-1] and len(low) > 3 else low


_CAND_INNER = frozenset("_-+&*%.")


def _cand_spans(prose: str) -> list[tuple[int, int]]:
    """Return the spans of the words that hold a capital letter ("FooNet", "iTransformer", "f-FERM").

    A word is matched from its first capital to its end (a scan that opens on a class, so
    cheap) and widened back to where it starts: one regex for whole words was tried at
    every position and was the slowest scan here.
    """
    spans: list[tuple[int, int]] = []
    last = 0
    for m in _CAND_FROM_CAP.finditer(prose):
        s, e = m.span()
        if s and prose[s - 1] != " ":  # most words open on their capital, after a space
            while s > last and (prose[s - 1].isalnum() or prose[s - 1] in _CAND_INNER):
                s -= 1
            while not _is_word_char(prose[s]):
                s += 1
        spans.append((s, e))
        last = e
    return spans


_CAND_FROM_CAP = re.compile(r"[A-Z][\w\-+&*%]*")
_CAND_KINDS: dict[str, tuple[str, int]] = {}  # raw word -> (stripped, _NAMELIKE / _PROPER / 0)
_NAMELIKE, _PROPER = 1, 2


def _cand_kind(raw: str) -> tuple[str, int]:
    """Return a capitalised word stripped, and whether it looks coined or is a plain proper word."""
    hit = _CAND_KINDS.get(raw)
    if hit is None:
        tok = _strip_token(raw)
        hit = (tok, _NAMELIKE if _namelike(tok) else _PROPER if _proper_word(tok) else 0)
        if len(_CAND_KINDS) > 1 << 16:
            _CAND_KINDS.clear()
        _CAND_KINDS[raw] = hit
    return hit


@lru_cache(maxsize=1 << 14)
def _proper_word(tok: str) -> bool:
    """Tell whether a capitalised word may be a coined name ("Vocos", "Tree-Planner"), not English."""
    parts = tok.split("-")
    if len(tok) < 4 or not all(p.isalpha() for p in parts) or not tok[0].isupper() or _SCRIPTED.search(tok):
        return False
    if not all(p[1:].islower() for p in parts) or any(len(p) > 3 and p.islower() for p in parts):
        return False  # "Lion-related": a hyphenated modifier
    low = tok.lower()
    key = _key(low)
    if any(p.lower() in _PROPER_COMMON for p in parts[1:]):
        return False  # "Gauss-Newton"
    return not (
        low in _FUNCTION or low in _GENERIC or key in _GENERIC or low in _ORDINARY or low in _STOP
        or low in _LEAD_DROP or low in _ING_NOUNS or low in _EMPTY_HEADS or low in COMMON_NAMES
        or key in COMMON_NAMES or low in _PROPER_COMMON or key in _PROPER_COMMON or low.endswith("ly")
    )


def _suffix_ok(suffix: str) -> bool:
    """Tell whether "-MX" in "EQA-MX" extends a name; "-F" (a variant) and "-family" do not."""
    return len(suffix) >= 2 and any(c.isupper() or c.isdigit() for c in suffix)
