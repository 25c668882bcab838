"""Authors' keywords: merged across the corpus so one concept reads one way everywhere.

Authors write "Large Language Models", "large language model" and "LLMs " for the same
thing; papersite folds case and plurals, then shows each keyword in the form most
papers use, so keyword chips group and search alike.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace

from ..model import Paper

_WORD = re.compile(r"\w+")


def singular(word: str) -> str:
    """Return a crude singular of an English word (enough to fold keyword plurals)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def keyword_key(keyword: str) -> str:
    """Return the key under which spellings of one keyword merge (case and plural folded)."""
    return " ".join(singular(word) for word in _WORD.findall(keyword.casefold()))


def _tidy(keyword: str) -> str:
    return " ".join(keyword.split()).strip(" ,;.")


def merge_keywords(papers: Sequence[Paper]) -> list[Paper]:
    """Return the papers with keywords de-duplicated and spelled the corpus's usual way."""
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    for paper in papers:
        for keyword in paper.keywords:
            shown = _tidy(keyword)
            if keyword_key(shown):
                spellings[keyword_key(shown)][shown] += 1
    # The most used spelling wins; on a tie, the lower-case one, then the alphabetically
    # first, so the output never depends on input order.
    canonical = {
        key: min(counts, key=lambda shown: (-counts[shown], shown != shown.lower(), shown))
        for key, counts in spellings.items()
    }
    merged = []
    for paper in papers:
        keys = dict.fromkeys(keyword_key(_tidy(k)) for k in paper.keywords)
        keywords = tuple(canonical[key] for key in keys if key)
        merged.append(paper if keywords == paper.keywords else replace(paper, keywords=keywords))
    return merged
