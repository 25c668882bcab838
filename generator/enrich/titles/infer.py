"""Infer a title, a coined name and a one-line summary from a plain-text abstract.

This is the public entry point; the heuristics live in sibling modules, one job each:
``analysis`` splits the abstract into sentences and finds the *contribution
sentence* ("we propose ...", "this paper presents ..."), ``names`` finds the name
the paper coins for its method, model or dataset, ``phrases`` picks the title's
noun phrase from the abstract's topic words (the candidates walked by ``spans``,
trimmed and judged by ``grammar``, scored by ``weights``), and
``lexicon`` holds the word lists they share. The title is "Name: <phrase>" in
title case; the summary is the contribution sentence. Input is plain text (TeX has
already been converted by another module); output never carries TeX or Markdown.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from ..tex.mathml import unicode_script
from .analysis import _analyse
from .lexicon import _KINDS, _SMALL, _TAIL_DROP
from .phrases import _span_title

__all__ = ["coined_name", "infer_title", "summarize", "make_distinct", "MAX_TITLE", "MAX_SUMMARY", "FALLBACK_TITLE"]

log = logging.getLogger(__name__)

MAX_TITLE = 100
MAX_SUMMARY = 220
FALLBACK_TITLE = "Untitled Abstract"


def coined_name(text: str, shared: frozenset[str] = frozenset()) -> str | None:
    """Return the name the abstract coins for its method, model or dataset, if any (never one of ``shared``)."""
    return _analyse(text).without(shared).name


def _kind_of_thing(word: str) -> bool:
    return word.casefold() in _KINDS


def _title_case(phrase: str) -> str:
    """Capitalise a phrase as a title, keeping acronyms and mixed-case tokens as written."""
    out = []
    inside = False  # within a symbol's argument ("O(n log n)"): as written
    for i, word in enumerate(phrase.split()):
        if inside or ("(" in word and ")" not in word):
            inside = ")" not in word
            out.append(word)
        elif i > 0 and word.casefold() in _SMALL:
            out.append(word.casefold())
        elif "-" not in word:  # most words: no parts to case one by one
            out.append(_capitalised(word))
        else:
            out.append("-".join(_capitalised(part) for part in word.split("-")))
    return " ".join(out)


def _capitalised(word: str) -> str:
    """Return a lower-case word capitalised, any other as written.

    A word that opens on a Greek letter is a symbol ("α parameter", "ψ-class", "β-VAE"):
    its capital is another symbol (Σ is not σ), so it stays as the abstract writes it; so
    does a product of symbols ("n×n").
    """
    if (
        word[:1].islower() and word[1:] == word[1:].lower()
        and not "\u0370" <= word[0] <= "\u03ff" and "\u00d7" not in word
    ):  # fmt: skip
        return word[:1].upper() + word[1:]
    return word


def _fit(text: str, limit: int) -> str:
    """Shorten text to at most ``limit`` characters at a word boundary."""
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(" ", 1)[0] if " " in text[:limit] else text[:limit]
    words = cut[:limit].split()
    while len(words) > 1 and words[-1].casefold().strip(",.;:") in _TAIL_DROP:
        words.pop()
    return " ".join(words).rstrip(" ,;:-")


# Never in a title: angle brackets, stray underscores at word edges ("Universal_"), lone slashes.
_UNSAFE = re.compile(r"[<>]|(?<!\w)_+|_+(?!\w)|(?<!\w)/|/(?!\w)")

# A sub- or superscript the abstract's math had no Unicode form for ("Fid_Δ", "K_(ij)", "W^⊤"),
# and backslashes left by macros.
_SCRIPT = re.compile(r"([_^])(?:\(([^()]*)\)|([^\s_^]))")


# A word (or hyphenated word) of four letters or more written twice in a row, ignoring case.
_REPEATED = re.compile(r"\b([\w-]{4,})(?: \1\b)+", re.IGNORECASE)


def _plain_scripts(title: str) -> str:
    """Return the title with no ``_``, ``^`` or backslash: scripts in Unicode where it has them, else plain."""

    def plain(match: re.Match[str]) -> str:
        script = match[2] if match[2] is not None else match[3]
        return unicode_script(script, match[1]) or script

    return _SCRIPT.sub(plain, title).replace("\\", "").replace("_", " ").replace("^", "")


def infer_title(text: str, shared: frozenset[str] = frozenset()) -> str:
    """Return a readable title (at most 100 characters) inferred from an abstract.

    ``shared`` are the words several papers of the corpus write (``shared_names``): none of them
    is taken for the paper's own name.
    """
    a = _analyse(text).without(shared)
    if not a.sentences:
        return FALLBACK_TITLE
    phrase = _title_case(_span_title(a))
    words = phrase.split()
    if a.name and len(words) > 2 and words[-1].casefold() == a.name.casefold() and _kind_of_thing(words[-2]):
        # "Multi-Aspect Driven LLM Agent MADRec": the phrase is a kind of thing, then the name it goes by.
        phrase = _fit(" ".join(words[:-1]), MAX_TITLE)
    if a.name and a.name.casefold() not in phrase.casefold().split():
        title = f"{a.name}: {phrase}" if phrase else a.name
    else:
        title = phrase
    if "<" in title or ">" in title or "_" in title or "/" in title:  # what _UNSAFE can match at all
        title = _UNSAFE.sub("", title)
    if "_" in title or "^" in title or "\\" in title:
        title = " ".join(_plain_scripts(title).split())
    title = _REPEATED.sub(r"\1", title)  # "Risk-Sensitive Risk-Sensitive Reinforcement Learning"
    title = _fit(title.strip(" .,;:"), MAX_TITLE).rstrip(".")
    if not title:
        return FALLBACK_TITLE
    log.debug("inferred title %r (name %r)", title, a.name)
    return title


_SPACE_PUNCT = re.compile(r"\s+([,;:.])")  # "we propose , a ..." once a macro is gone

# A lead-in that ties the sentence to the one before it ("Finally, we propose ..."): out of
# context, as a summary, the sentence reads better without it ("We propose ...").
_LEAD_IN = re.compile(
    r"(?:finally|moreover|furthermore|additionally|in addition|specifically|concretely|in particular"
    r"|here|therefore|thus|hence|instead|consequently|as a result|in response|in this (?:paper|work)"
    r"|to this end|to (?:address|tackle|overcome|bridge|fill|solve|resolve|mitigate) (?:this|these|the above)"
    r"(?: \w+){0,2}|(?:motivated|inspired|guided) by (?:this|these|the above)(?: \w+){0,2}"
    r"|building (?:on|upon) (?:this|these)(?: \w+){0,2}|based on (?:this|these)(?: \w+){0,2}),\s+"
    r"(?=(?:we|our|this paper|this work)\b)",
    re.IGNORECASE,
)


# A contribution sentence that only announces what comes next ("we present the following
# contributions", "to address this issue, we propose two novel techniques"): made of these
# words alone, or pointing ahead, it leaves the summary empty; the sentence after it says more.
_ANNOUNCING = frozenset(
    """we our this these the a an to in of on for and also paper work study propose proposes present presents
    introduce introduces make makes contribute contributes offer offers provide provides address fill
    tackle overcome solve bridge above two three four several novel new key main simple contribution
    contributions technique techniques method methods approach approaches solution solutions limitation
    limitations gap gaps issue issues problem problems challenge challenges""".split()
)
_POINTS_AHEAD = re.compile(r"\b(?:the following|as follows)\b|:$", re.IGNORECASE)
# "First, we develop ...", "(1) Despite ...": how the sentence after an announcement opens.
_ENUMERATION = re.compile(r"(?:\(?(?:\d|[ivx]{1,3}|[a-d])\)|first(?:ly)?,|specifically,|concretely,|namely,)\s+", re.IGNORECASE)


def _announces_only(sentence: str) -> bool:
    """Tell whether a sentence only says that contributions follow, not what they are."""
    if ": " in sentence.rstrip(" ."):
        return False  # "We introduce two solutions: a static ... and a dynamic ...": it goes on to say
    if _POINTS_AHEAD.search(sentence.rstrip(" .")):
        return True
    return all(word in _ANNOUNCING for word in re.findall(r"[a-z]+", sentence.lower()))


def _unnumbered(sentence: str) -> str:
    """Return a sentence without the numbering or "First," it opens with."""
    m = _ENUMERATION.match(sentence)
    return sentence[m.end():] if m else sentence


def summarize(text: str) -> str:
    """Return the contribution sentence as a one-line summary of at most 220 characters.

    When that sentence only announces what follows, the next sentence, which says it,
    is the summary.
    """
    a = _analyse(text)
    if not a.sentences:
        return FALLBACK_TITLE + "."
    at = max(a.contribution, 0)
    sentence = a.sentences[at].strip()
    if at + 1 < len(a.sentences) and _announces_only(sentence):
        following = a.sentences[at + 1].strip()
        if not _announces_only(following):
            sentence = _unnumbered(following)
    # Analysed sentences part their words with single spaces only, so the space before a
    # mark is " ": look for one before running the regex over every space.
    if " ," in sentence or " ;" in sentence or " :" in sentence or " ." in sentence:
        sentence = _SPACE_PUNCT.sub(r"\1", sentence)
    sentence = sentence.rstrip(".!?;:, ")
    lead_in = _LEAD_IN.match(sentence)
    sentence = sentence[lead_in.end():] if lead_in else sentence
    if len(sentence) > MAX_SUMMARY - 1:
        head = sentence[: MAX_SUMMARY - 2]
        # Prefer ending at a clause boundary; fall back to a word boundary with an ellipsis.
        cut = max(head.rfind(", "), head.rfind("; "))
        sentence = head[:cut] if cut > MAX_SUMMARY // 2 else _fit(head, MAX_SUMMARY - 3) + "\u2026"
    sentence = sentence[:1].upper() + sentence[1:]
    return sentence.rstrip(" ,;:") + "."


def make_distinct(titles: Sequence[str], keys: Sequence[str] | None = None) -> list[str]:
    """Suffix colliding titles (case-insensitively) so that every title is distinct.

    The first occurrence keeps its title; later ones get " (2)", " (3)", ... in input
    order, or in ``keys`` order when keys are given, so the result does not depend on
    how the caller happened to order its records.
    """
    order = sorted(range(len(titles)), key=lambda i: (keys[i], i)) if keys is not None else range(len(titles))
    taken = {t.casefold() for t in titles}
    seen: set[str] = set()
    out = list(titles)
    for i in order:
        title = titles[i]
        if title.casefold() not in seen:
            seen.add(title.casefold())
            continue
        n = 2
        while True:
            suffix = f" ({n})"
            candidate = _fit(title, MAX_TITLE - len(suffix)) + suffix
            if candidate.casefold() not in taken and candidate.casefold() not in seen:
                break
            n += 1
        seen.add(candidate.casefold())
        taken.add(candidate.casefold())
        out[i] = candidate
    return out
