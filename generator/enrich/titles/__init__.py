"""Titles, coined names and one-line summaries inferred from a plain-text abstract.

Takes an abstract's plain text (``enrich.tex`` made it); gives its title
(``infer_title``), the name it coins for its method (``coined_name``), its one-line
summary (``summarize``), and titles made distinct across a corpus (``make_distinct``).
``infer`` is the entry point; the heuristics live beside it, one job a module:

- ``analysis``: sentences, the contribution sentence, the cached first step of both;
- ``names`` (with ``acronyms``): the name a paper coins for its method;
- ``spans``: the noun phrases an abstract offers as its title;
- ``grammar``: whether a phrase reads as a title, and the trimming of its ends;
- ``weights``: the weight of each topic word, and the score of a phrase;
- ``phrases``: the title phrase, the best candidate with its tail and term;
- ``lexicon``: the word lists they share.
"""

from .infer import (
    FALLBACK_TITLE,
    MAX_SUMMARY,
    MAX_TITLE,
    coined_name,
    infer_title,
    make_distinct,
    summarize,
)

__all__ = ["FALLBACK_TITLE", "MAX_SUMMARY", "MAX_TITLE", "coined_name", "infer_title", "make_distinct", "summarize"]
