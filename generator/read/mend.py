"""Mend what PDF text extraction leaves in abstracts: words broken at a line end, stray controls.

Abstracts copied out of PDFs (OpenReview's among them) carry two kinds of debris:

- a word broken at a line end: ``dissemina\\u0002tors`` (U+0002 where the hyphen was), or
  ``discrep- ancy`` (the hyphen kept, the line break turned into a space);
- other control characters, which mean nothing in text and are invalid in HTML and XML;
- a sentence end whose space was lost with a line break: ``reconstruction.However``.

A break is mended into one word (``disseminators``) or into a hyphenated one
(``self-consumption``, ``state-of-the-art``): whichever of the two the file itself writes, or else
what the English word list of ``wordfreq`` supports (see ``Mender.join``). A hyphen followed by a
space and ``and``, ``or`` or ``to`` is an author's own suspended hyphen (``low- and
high-dimensional``) and is left alone. Other control characters are dropped. A lower-case word of
three letters or more, a full stop and a capital (``images.BSGS``) get their space back: no name,
address or code is written so (``Autoware.Universe``, ``e.g.``, ``github.com/X``, ``nn.Module``). Each
mend is described, so that the reader can say what it changed.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from itertools import pairwise

from ..errors import notice
from .text import CONTROL

#: U+0002, STX: what several PDF extractors put where a line-end hyphen was.
LINE_END = "\x02"

# A word broken at a line end: letters, then U+0002, or a hyphen and a space, then letters. The
# hyphen-space form needs a lower-case second part: "GPT- 4" and "Transformer- Based" are rarer
# as breaks than as typos of another kind, and are left as written.
# The hyphenated words before the broken one are matched too, to show it whole in a notice.
_BREAK = re.compile(r"(?P<lead>(?:[^\W\d_]+-)*)(?P<first>[^\W\d_]+)(?:\x02\s*(?P<cut>[^\W\d_]+)|-\s(?P<spaced>[a-z]+)\b)")

# Where a hyphen-and-space break may be: looked for before _BREAK, which is costly to try everywhere.
_SPACED_BREAK = re.compile(r"[^\W\d_]-\s[a-z]")

# A sentence end without its space: a whole lower-case word of three letters or more ("nn.Module" is code), a
# full stop, a capital ("reconstruction.However").
# Where one may be is looked for first, with a scan that opens on the full stop.
_LOST_SPACE = re.compile(r"(?<![\w.\-/@'])([a-z]{3,})\.(?=[A-Z])")
_DOT_CAPITAL = re.compile(r"\.[A-Z]")

# Words after which a hyphen and a space are the author's ("low- and high-dimensional",
# "one- to four-dimensional", "task- or domain-specific").
_SUSPENDED = frozenset(["and", "or", "to", "nor", "as", "than", "versus", "vs", "via", "but"])

#: How much rarer than its second part the joined word may be and still be chosen, in zipf (log10
#: of uses per billion words): joined "outperforms", "framework", "prototypical" are 1.5 to 2.0
#: rarer than "performs", "work", "typical"; "finetuning", "timeconsuming", "largescale" 2.4 to 3.2
#: rarer than "tuning", "consuming", "scale" (set on the 65 breaks of the ICLR 2024 and 2025 files).
JOIN_MARGIN = 2.2

log = logging.getLogger(__name__)


@lru_cache(maxsize=4096)
def _zipf(word: str) -> float:
    # wordfreq loads its word list on first use (0.1 s): only texts with a break pay for it.
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")


# What is stripped from a word written in the file: punctuation around it.
_PUNCTUATION = ".,;:!?()[]{}<>\"'`*"


class Mender:
    """Mends the texts of one input file, using the file's own words as evidence.

    A broken word is joined when the file writes the joined word elsewhere and not the hyphenated
    one ("frame- work" and "framework"), hyphenated in the opposite case ("of- the" and
    "state-of-the-art"); when it writes both or neither, the word list decides (``join``).
    """

    def __init__(self, corpus: str = "") -> None:
        self._corpus = corpus
        self._words: frozenset[str] | None = None

    def note(self, text: str, where: object) -> str:
        """Return the text mended, each change logged as a notice for the report, naming ``where``."""
        text, notes = self.mend(text)
        for message in notes:
            # Quiet: a mend is papersite's own repair, for the report and -v, not the user's to make.
            log.warning("%s: %s", where, message, extra=notice("mended text", where, quiet=True))
        return text

    def _uses(self, word: str) -> bool:
        """Tell whether the file writes ``word`` (a hyphenated pair inside a longer word counts)."""
        if self._words is None:  # on the first break: most files never need it
            # Split on white space, then strip punctuation from each distinct token: a tenth of the
            # time of a regex over a file of 10,000 abstracts.
            tokens = {token.strip(_PUNCTUATION) for token in set(self._corpus.lower().split())}
            pairs = {f"{a}-{b}" for t in tokens if t.count("-") > 1 for a, b in pairwise(t.strip("-").split("-"))}
            self._words = frozenset(tokens | pairs)
        return word.lower() in self._words

    def join(self, first: str, second: str) -> str:
        """Return the two parts of a word broken at a line end as one word or with a hyphen.

        Evidence first, from the file itself: whichever of the joined and the hyphenated word it
        writes and the other not. Without it (both or neither), joined when the word list knows
        the joined word and it is not much rarer than the second part on its own
        (``JOIN_MARGIN``); hyphenated otherwise (``self`` + ``consumption``).
        """
        joined, hyphenated = first + second, f"{first}-{second}"
        together, apart = self._uses(joined), self._uses(hyphenated)
        if together != apart:
            return joined if together else hyphenated
        frequency = _zipf(joined.lower())
        return joined if frequency > 0 and frequency + JOIN_MARGIN >= _zipf(second.lower()) else hyphenated

    def mend(self, text: str) -> tuple[str, list[str]]:
        """Return the text with broken words and lost spaces mended and control characters dropped, and what was done.

        Text without a break, a lost space or a control character (nearly every abstract) is returned as it is.
        """
        notes: list[str] = []
        # The break pattern tried at every letter costs 0.4 ms an abstract: most have no break, and
        # str.find, then a pattern that opens on the hyphen's letter, tell so 50 times faster.
        if LINE_END in text or ("- " in text and _SPACED_BREAK.search(text)):

            def mended(match: re.Match[str]) -> str:
                second = match["cut"] or match["spaced"]
                if match["spaced"] and second in _SUSPENDED:
                    return match[0]
                word = match["lead"] + self.join(match["first"], second)
                shown = match[0].replace(LINE_END, "\\u0002")  # as a reader can see it
                notes.append(f"mended '{shown}', a word broken at a line end, into '{word}'")
                return word

            text = _BREAK.sub(mended, text)
        if _DOT_CAPITAL.search(text):

            def spaced(match: re.Match[str]) -> str:
                after = text[match.end() : match.end() + 12].split(" ", 1)[0]
                notes.append(f"mended '{match[0]}{after}', a sentence end without its space, into '{match[0]} {after}'")
                return match[0] + " "

            text = _LOST_SPACE.sub(spaced, text)
        stray = sorted(set(CONTROL.findall(text)))
        if stray:
            names = ", ".join(f"U+{ord(c):04X}" for c in stray)
            notes.append(f"dropped control character{'s' if len(stray) > 1 else ''} {names}")
            text = CONTROL.sub("", text)
        return text, notes
