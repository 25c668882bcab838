"""Split an abstract into sentences and find its contribution sentence and coined name.

``_analyse`` is the shared, cached first step of both ``infer_title`` and ``summarize``:
it cleans the text (URLs, leftover markup), splits it into sentences (gluing splits after
abbreviations), locates the contribution sentence ("we propose ...") and, when the name is
first asked for, asks ``names`` for the coined name.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from .lexicon import (
    _ADVERBS,
    _STUDY,
    _SUBJECT,
    _VERBS,
    _is_word_char,
)
from .names import (
    _NameScores,
    _name_scores,
    _pick_name,
)
from .repos import repo_names

# "We bridge this gap and present X": allow a short clause between subject and verb. The
# lazy clause takes a step per character; a greedy look ahead for "and" rules it out first.
_CUE_STRONG = re.compile(
    _SUBJECT + r",?\s+(?:(?=[^.;]{0,60}and)[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r")\b"
)
_CUE_STUDY = re.compile(_SUBJECT + r",?\s+" + _ADVERBS + r"(?:" + _STUDY + r")\b")
_CUE_PASSIVE = re.compile(
    r"\b(?:is|are) (?:proposed|presented|introduced|developed|described) in this (?:paper|work)\b"
)
# ``\b(?:[Oo]ur|[Tt]he proposed) ...`` opening on a class: a pattern that opens with \b is tried at every position.
_CUE_OUR = re.compile(
    r"[OoTt](?<!\w.)(?:(?<=[Oo])ur|(?<=[Tt])he proposed) "
    r"(?:method|approach|framework|model|algorithm|system|technique|benchmark|dataset)\b"
)

_URL = re.compile(r"\b(?:https?://|www\.)\S+|\b[\w.-]+\.github\.io\S*")
# Each alternative is checked after its first character (a cheap class scan), in the
# order ``\*\*|__|`|\\[A-Za-z]+|[\\$#{}<>~^|]|\[(?=[^\]]*\]\()|\]\([^)]*\)`` would try them.
_MARKUP = re.compile(
    r"[*_`\\$#{}<>~^|\[\]](?:(?<=\*)\*|(?<=_)_|(?<=`)|(?<=\\)[A-Za-z]+|(?<=[\\$#{}<>~^|])"
    r"|(?<=\[)(?=[^\]]*\]\()|(?<=\])\([^)]*\))"
)
# The web-address half of ``_URL`` (``\b(?:https?://|www\.)\S+``) on its own, opening on a class.
_URL_WEB = re.compile(r"[hw](?<!\w[hw])(?:(?<=h)ttps?://|(?<=w)ww\.)\S+")
_HTML_SCRIPT = re.compile(r"<\s*(script|style)\b[^>]*>.*?(?:<\s*/\s*\1\s*>|$)", re.IGNORECASE | re.DOTALL)
_HTML_TAG = re.compile(r"</?[A-Za-z!][^<>]{0,200}>")
# The characters ``_MARKUP`` opens on, bar "[" (a link needs its "]" as well): one search each
# costs far less than a scan for the class.
_MARKUP_CHARS = "*_`\\$#{}<>~^|]"
# A bracketed aside with no brackets inside; not the argument in parentheses of a short symbol
# ("E(3)", "SO(3)", "O(n log n)"), which is part of the name (and a phrase token, _SPAN_TOKEN).
# (The look-behinds follow the bracket: a pattern that opens on one is scanned for fast.)
_ASIDE = re.compile(r"[(\[](?<!\b[A-Z]\()(?<!\b[A-Z]{2}\()(?<!\b[a-z]\()[^()\[\]]*[)\]]")
_SPACES = re.compile(r"\s+")
_ABBREVS = ("e.g.", "i.e.", "et al.", "vs.", "etc.", "cf.", "resp.", "approx.", "Fig.", "Eq.", "Sec.", "No.", "al.")
_SENT_END = re.compile(r"[.!?]\s+(?=[\"'(\[]?[A-Z0-9\u0370-\u03ff])")
# The same after "." alone, for prose with no "!" or "?": a scan that opens on one character
# is several times cheaper than one that opens on a class.
_PERIOD_END = re.compile(r"\.\s+(?=[\"'(\[]?[A-Z0-9\u0370-\u03ff])")


@dataclass(frozen=True)
class _Analysis:
    """What the heuristics found in one abstract; the coined name is looked for on first use.

    Finding the name is most of the analysis and ``summarize`` does not need it, so an
    abstract that is only summarised (its paper came with a title) never pays for it.
    """

    sentences: tuple[str, ...]
    contribution: int  # index of the contribution sentence, -1 if none
    prose: str  # the sentences joined by single spaces
    naming: tuple[int, tuple[int, ...], int, tuple[str, ...]]  # _name_scores's pivot, cue ends, contribution end, repos

    @cached_property
    def _scores(self) -> _NameScores:
        return _name_scores(self.prose, *self.naming)

    @cached_property
    def _name_and_spelled(self) -> tuple[str | None, str]:
        return _pick_name(self.prose, self._scores)

    @property
    def name(self) -> str | None:
        """The name the abstract coins for its method, model or dataset, if any."""
        return self._name_and_spelled[0]

    @property
    def spelled(self) -> str:
        """The words the name abbreviates ("Metric-Aware Abstraction"), or ""."""
        return self._name_and_spelled[1]

    def without(self, shared: frozenset[str]) -> _Analysis:
        """Return the analysis with a name that is none of ``shared`` (words other papers write too).

        The name is chosen again, from the same scores, only when the one found is one of them:
        taking away words that scored less than the name cannot change it.
        """
        if self.name not in shared:
            return self
        other = replace(self)
        other.__dict__["_name_and_spelled"] = _pick_name(self.prose, self._scores, shared)  # the cached_property's slot
        return other


def _clean(text: str) -> str:
    """Strip URLs, leftover markup and odd whitespace so only prose remains."""
    text = text.replace("\u200b", "").replace("\ufb01", "fi").replace("\ufb02", "fl")
    if "http" in text or "www." in text or ".io" in text:  # the URL scan is the slowest regex here
        text = (_URL if ".github.io" in text else _URL_WEB).sub("", text)
    if "<" in text:  # HTML-looking text: a tag (and a script's body) is not prose
        text = _HTML_TAG.sub(" ", _HTML_SCRIPT.sub(" ", text))
    if any(c in text for c in _MARKUP_CHARS):
        text = _MARKUP.sub("", text)
    if text.isprintable() and "  " not in text:  # its only whitespace is single spaces: nothing to fold
        return text.strip(" ")
    return " ".join(text.split())


def _drop_asides(text: str) -> str:
    r"""Remove bracketed asides ("(GFD)", "[12]") with the spaces before them, and list markers ("a)", "ii)").

    The asides go as ``re.sub(r"\s*" + _ASIDE.pattern, "", text)`` would take them, but the
    scan opens on the bracket: a pattern that opens with ``\s*`` is tried at every position.
    """
    if ")" not in text and "]" not in text:
        return text  # most sentences: no scan at all (an aside or a marker closes with one)
    if ") " in text and _MARKER_END.search(text):
        text = _drop_markers(text)
    parts = _ASIDE.split(text)
    if len(parts) == 1:
        return text
    return "".join([part.rstrip() for part in parts[:-1]]) + parts[-1]


# A ")" and a space closing a word of one to four characters, as a list marker's does ("b) ",
# "iii) "): the cheap test before _drop_markers looks closer. (It opens on the bracket.)
_MARKER_END = re.compile(r"\) (?:(?<=(?<!\S)\w\) )|(?<=(?<!\S)\w\w\) )|(?<=(?<!\S)\w{3}\) )|(?<=(?<!\S)\w{4}\) ))")


def _is_marker(token: str) -> bool:
    """Tell whether the word before a ")" numbers an item of a list: "a", "b", "ii", "3"."""
    if len(token) == 1:
        return token.isascii() and token.isalnum()
    if len(token) == 2 and token.isdecimal():
        return True
    return 1 < len(token) <= 4 and (token.strip("ivx") == "" or token.strip("IVX") == "")


def _drop_markers(text: str) -> str:
    """Take out the markers that number the items of a list ("a) signed momentum ... and b) Adalayer").

    A marker is a short word closed by a ")" that no "(" opens, then a space: not the argument
    of "f(x, y)" or "O(n log n)", nor the end of "(with p = 2)"; "(a)" and "(ii)" are asides and
    go with them. After a word a comma takes its place, so no phrase runs from one item into
    the next: "Adam and b) Adalayer" is "Adam and, Adalayer", never "Adam and B Adalayer".
    """
    out: list[str] = []
    start = 0
    lone = 0  # markers taken out so far: their ")" close no "("
    at = text.find(") ")
    while at >= 0:
        begin = text.rfind(" ", 0, at) + 1
        if (
            at - begin <= 4  # most brackets close a longer word: no call
            and _is_marker(text[begin:at])
            and text.count("(", 0, begin) <= text.count(")", 0, begin) - lone
        ):
            head = text[start:begin]
            out.append(head[:-1] + ", " if begin > 1 and text[begin - 2] not in ",;:" else head)
            start = at + 2
            lone += 1
        at = text.find(") ", at + 1)
    if not out:
        return text
    out.append(text[start:])
    return "".join(out)


def _sentences(prose: str) -> tuple[tuple[str, ...], list[int]]:
    """Split single-spaced prose into sentences, not after abbreviations; return them and where each starts."""
    sentences: list[str] = []
    starts: list[int] = []
    start = 0
    ends = _SENT_END if "!" in prose or "?" in prose else _PERIOD_END
    for m in ends.finditer(prose):
        end = m.start() + 1
        if not _ends_abbrev(prose, start, end):
            sentences.append(prose[start:end])
            starts.append(start)
            start = m.end()
    if prose:
        sentences.append(prose[start:])
        starts.append(start)
    return tuple(sentences), starts


def _ends_abbrev(prose: str, start: int, end: int) -> bool:
    """Tell whether ``prose[start:end]`` ends on an abbreviation ("e.g.", "et al.", "U.S.") rather than a sentence."""
    if prose[end - 1] != ".":
        return False
    if prose.endswith(_ABBREVS, start, end):
        for abbrev in _ABBREVS:
            k = end - len(abbrev)
            if prose.endswith(abbrev, start, end) and (k == start or not _is_word_char(prose[k - 1])):
                return True
    return end - start >= 2 and "A" <= prose[end - 2] <= "Z" and (end - start == 2 or not _is_word_char(prose[end - 3]))


# "We release our code and data.", "We provide the implementation of X at <url>": a
# contribution verb, but the sentence hands out what the paper made; it does not say what that is.
_RELEASE = re.compile(
    r"\b(?:our|the|its|all|source)\s+(?:source\s+|full\s+)?(?:code|codes|implementation|implementations|checkpoints)\b"
    r"|\b(?:data|datasets|models)\s+and\s+(?:code|codes)\b|\bat\s*\.?\s*$"
)


def _releases_code(sentence: str) -> bool:
    """Tell whether a short sentence only releases code or data ("We release our code at ...")."""
    return sentence.count(" ") < 20 and _RELEASE.search(sentence) is not None


# "We provide an illustration of our methods in the context of ...": the cue hands out an example of
# the contribution, which a sentence before or after says.
_ILLUSTRATES = re.compile(r"\s+(?:an?\s+|the\s+|some\s+)?(?:brief\s+|short\s+)?(?:illustrations?|examples?|discussion)\b")


def _contribution(prose: str, sentences: Sequence[str], starts: Sequence[int]) -> tuple[int, list[int]]:
    """Return the contribution sentence's index (-1 if none) and where each strong cue ends."""
    cue_ends = [m.end() for m in _CUE_STRONG.finditer(prose)]
    if "in this paper" in prose or "in this work" in prose:  # "X, called Y, is proposed in this paper."
        m = _CUE_PASSIVE.search(prose)
        if m and (not cue_ends or m.start() < cue_ends[0]):
            return bisect_right(starts, m.start()) - 1, cue_ends
    for end in cue_ends:
        at = bisect_right(starts, end - 1) - 1
        if not _releases_code(sentences[at]) and not _ILLUSTRATES.match(prose, end):
            return at, cue_ends
    for cue in (_CUE_STUDY, _CUE_OUR):
        m = cue.search(prose)
        if m:
            return bisect_right(starts, m.start()) - 1, []
    return -1, []


@lru_cache(maxsize=2048)
def _analyse(text: str) -> _Analysis:
    """Run the shared analysis once per text (infer_title and summarize both need it)."""
    repos = repo_names(text) if "github" in text else ()
    prose = _clean(text)
    sentences, starts = _sentences(prose)
    contribution, cue_ends = _contribution(prose, sentences, starts)
    pivot = starts[contribution] if contribution >= 0 else 0
    contrib_end = starts[contribution + 1] if 0 <= contribution < len(starts) - 1 else len(prose)
    return _Analysis(sentences, contribution, prose, (pivot, tuple(cue_ends), contrib_end, repos))
