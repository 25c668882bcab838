"""Enrich papers: text and math, links, titles, summaries, topics, ids and slugs."""

from __future__ import annotations

import hashlib
import logging
import re
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Protocol

from .. import urls
from ..errors import notice
from ..model import Paper
from . import keywords, links, tex, titles, topics

log = logging.getLogger(__name__)

#: Log a progress line every this many papers (only for corpora larger than it).
PROGRESS_EVERY = 500


class _MacroNames(Mapping[str, str]):
    """Resolve a paper's private macros (``{\\mname}``, ``\\lora``, ``\\ours``) to names.

    Abstracts written from a paper's LaTeX source keep its private macros. A macro
    named like a capitalised word of the abstract stands for that word (``\\lora`` for
    "LoRA"); a placeholder name (``\\mname``, ``\\ours``, ``\\method``) or a piece of
    the method's name (``\\carb`` in "LLMCarbon") stands for the method the paper
    introduces. Anything else (``\\products``, a dataset) is left unresolved and shown
    as its own name (``tex.convert``): a wrong name would be worse than that.
    """

    def __init__(self, text: str, method: str | None) -> None:
        self._words = {w.casefold(): w for w in _NAME_WORD.findall(text) if not w.islower()}
        self._method = method

    def _resolve(self, key: str) -> str | None:
        folded = key.casefold()
        if folded in self._words:
            return self._words[folded]
        method = self._method
        if not method:
            return None
        if _PLACEHOLDER.fullmatch(folded):
            kind = _OUR_KIND.fullmatch(folded)
            # "\ourbench" is the method only where the method is one ("FooBench"), not beside it ("FooNet").
            return method if kind is None or kind.group(1)[:4] in method.casefold() else None
        return method if len(folded) >= 3 and folded in method.casefold() else None

    def __getitem__(self, key: str) -> str:
        value = self._resolve(key)
        if value is None:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._resolve(key) is not None


_NAME_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
#: A placeholder that names what kind of thing the paper releases: a benchmark or a dataset, not always its method.
_OUR_KIND = re.compile(r"our(bench(?:mark)?|data(?:set)?|corpus|suite|leaderboard|task)s?")
_PLACEHOLDER = re.compile(r"m?name|method\w*|model(?:name)?|ours?|our\w+|sys(?:name|tem)?\w*|algo\w*|approach|framework|short")


#: A word at least this many abstracts of the corpus write ("MARL", "MT-Bench", "CALVIN") is a field's
#: term, a benchmark or a baseline: no paper's own name. On the tuning half of the dev papers, 15 of
#: the 17 inferred titles led by such a word were wrong (bench/title_eval.py).
SHARED_BY = 3


def shared_names(papers: Sequence[Paper]) -> list[Paper]:
    """Return the papers, each with the words of its abstract that several abstracts write (``SHARED_BY``).

    Only papers whose title is inferred get them (``Paper.shared_names``, sorted: part of the
    enrichment cache's key): a given title needs no name.
    """
    out = []
    for paper, shared in zip(papers, shared_words([p.abstract for p in papers])):
        shared = shared if not paper.title.strip() else ()
        out.append(replace(paper, shared_names=shared) if shared != paper.shared_names else paper)
    return out


def shared_words(abstracts: Sequence[str]) -> list[tuple[str, ...]]:
    """Return, for each abstract, its words written like names that ``SHARED_BY`` abstracts write, sorted."""
    # Only the tokens with a capital can hold such a word: a tenth of them, looked into one by one,
    # at half the time of a regex over every abstract.
    words = [
        {w for token in abstract.split() if not token.islower() for w in _NAME_WORD.findall(token) if _namelike(w)}
        for abstract in abstracts
    ]
    counts: defaultdict[str, int] = defaultdict(int)
    for found in words:
        for word in found:
            counts[word] += 1
    return [tuple(sorted(w for w in found if counts[w] >= SHARED_BY)) for found in words]


def _namelike(word: str) -> bool:
    """Tell whether a word is written like a name: a capital past its first letter, or a digit ("MARL", "GPT-4").

    (``shared_words`` looks only at tokens with a capital: "o1" and "v2" are not among them.)
    """
    return not word[1:].islower() and any(c.isupper() or c.isdigit() for c in word[1:])


#: Kinds of per-paper warnings, by how their messages start (tex.markup words them).
WARNING_KINDS = ("unknown macro", "unmatched $", "math could not be rendered", "conversion failed", "ignored a url")

#: The kinds that tell of papersite's own guesses (a macro or a ``$`` shown as written, math shown as
#: TeX): quiet notices, for the report and -v. A failed conversion is papersite's bug to report, and a
#: url field dropped is the user's to correct: those stay warnings.
QUIET_KINDS = frozenset({"unknown macro", "unmatched $", "math could not be rendered"})


def warning_kind(message: str) -> str:
    """Return the kind of a per-paper warning, for grouping in the report."""
    return next((kind for kind in WARNING_KINDS if message.startswith(kind)), "other")


def paper_id(paper: Paper) -> str:
    """Return a stable id from what identifies the paper: venue, year and abstract."""
    key = f"{paper.venue}\n{paper.year}\n{paper.abstract}".encode()
    return hashlib.sha256(key).hexdigest()[:12]


def convert_abstract(abstract: str) -> tex.Converted:
    """Return an abstract's text and HTML, its private macros resolved where they can be (``_MacroNames``)."""
    converted = tex.convert(abstract)
    if any(w.startswith("unknown macro") for w in converted.warnings):
        names = _MacroNames(converted.text, titles.coined_name(converted.text))
        converted = tex.convert(abstract, names)
    return converted


def enrich_one(paper: Paper, taxonomy: topics.Taxonomy) -> Paper:
    """Return the paper with every per-paper field derived."""
    converted = convert_abstract(paper.abstract)

    if paper.title.strip():
        title, source = tex.tex_to_text(paper.title), "given"
    else:
        title, source = titles.infer_title(converted.text, frozenset(paper.shared_names)), "inferred"

    found = links.find_links(" ".join((paper.abstract, *paper.code)))
    url = paper.url if paper.url.lower().startswith(("http://", "https://")) else ""
    warnings = list(converted.warnings)
    if paper.url and not url:
        warnings.append(f"ignored a url that is not http(s): {paper.url!r}")

    chosen, mentioned = topics.topic_evidence(title, converted.text, paper.keywords, taxonomy)
    return replace(
        paper,
        id=paper_id(paper),
        title=title,
        title_source=source,
        summary=titles.summarize(converted.text),
        text=converted.text,
        html=converted.html,
        github=found.github,
        project_pages=found.project_pages,
        url=url,
        topics=chosen,
        mentioned=mentioned,
        warnings=tuple(warnings),
        slug=title_slug(title),
    )


class PaperCache(Protocol):
    """What enrichment derived before, by paper (``write.cache.EnrichCache`` is one)."""

    @property
    def kept(self) -> bool:
        """Whether anything is kept: without it, nothing is worth looking up."""

    def get(self, paper: Paper) -> Paper | None:
        """Return the paper enriched as before, or None."""

    def put(self, paper: Paper, enriched: Paper) -> None:
        """Remember what enrichment derived for ``paper``."""


#: How ``enrich`` maps a function over the papers that miss the cache: the caller may
#: spread it over processes (the pipeline does, with ``background.shared_map``); enrichment
#: is pure and per paper, so that changes nothing but the time taken.
PaperMap = Callable[[Callable[[Paper], Paper], Sequence[Paper]], list[Paper]]


def _one_by_one(function: Callable[[Paper], Paper], papers: Sequence[Paper]) -> list[Paper]:
    return [function(paper) for paper in papers]


def enrich(
    papers: Sequence[Paper],
    taxonomy: topics.Taxonomy,
    progress: Callable[[int, int], None] | None = None,
    cache: PaperCache | None = None,
    map_papers: PaperMap = _one_by_one,
) -> list[Paper]:
    """Enrich every paper (from the cache when it has it), then make titles and slugs distinct.

    The papers the cache misses are enriched by ``map_papers`` (see ``PaperMap``).
    """
    if cache is not None and not cache.kept:
        cache = None  # no folder (--no-cache): nothing to look up or keep, no key worth hashing
    papers = shared_names(papers)
    cached = [cache.get(paper) for paper in papers] if cache else [None] * len(papers)
    missing = [paper for paper, done in zip(papers, cached) if done is None]
    fresh = iter(map_papers(lambda paper: enrich_one(paper, taxonomy), missing))
    enriched = []
    for count, (paper, done) in enumerate(zip(papers, cached), 1):
        if done is None:
            done = next(fresh)
            if cache:
                cache.put(paper, done)
        enriched.append(done)
        if progress and (count % PROGRESS_EVERY == 0 or count == len(papers)):
            progress(count, len(papers))
        for warning in done.warnings:
            kind = warning_kind(warning)
            log.warning("%s: %s", paper.source, warning, extra=notice(kind, paper.source, quiet=kind in QUIET_KINDS))
    return assign_slugs(keywords.merge_keywords(_distinct_titles(enriched)))


def _distinct_titles(papers: list[Paper]) -> list[Paper]:
    # Order by id, not input order, so a paper's title never depends on where it was read.
    order = sorted(range(len(papers)), key=lambda i: papers[i].id)
    distinct = titles.make_distinct([papers[i].title for i in order])
    out = list(papers)
    for i, title in zip(order, distinct):
        if title != out[i].title:
            out[i] = replace(out[i], title=title, slug=title_slug(title))
    return out


#: Slugs a paper page may not have.
RESERVED_SLUGS = frozenset({"index"})


def title_slug(title: str) -> str:
    """Return the slug a title asks for (``assign_slugs`` makes them distinct)."""
    slug = urls.slug(title) or "paper"
    # "index" would make the page the year's folder page (papers/2024/), not its own.
    return f"{slug}-paper" if slug in RESERVED_SLUGS else slug


def assign_slugs(papers: list[Paper]) -> list[Paper]:
    """Give each paper a slug from its title, unique within its year.

    A paper keeps the slug enrichment gave it from its title (``title_slug``) unless
    another paper of its year wants the same. Slugs depend only on the paper itself:
    a collision is resolved with a suffix from the paper's id, never from input order,
    so permalinks stay stable.
    """
    wanted = {p.id: p.slug or title_slug(p.title) for p in papers}
    groups: dict[tuple[int, str], list[str]] = defaultdict(list)
    for p in papers:
        groups[(p.year, wanted[p.id])].append(p.id)
    out = []
    for p in papers:
        slug = wanted[p.id]
        if len(groups[(p.year, slug)]) > 1:
            slug = f"{slug}-{p.id[:6]}"
        out.append(p if slug == p.slug else replace(p, slug=slug))
    return out
