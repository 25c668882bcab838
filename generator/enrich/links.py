"""Find code and project links in an abstract; home of papersite's one URL grammar.

``tex.markup`` imports ``URL_PATTERN``, ``split_url`` and ``normalise_url`` from here so that the links
made clickable in the abstract are exactly the links counted as badges and project pages.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass

log = logging.getLogger(__name__)

# Characters a URL in running text may contain. Whitespace, quotes, the brackets TeX and Markdown put
# around a URL, `$` (TeX math) and full-width CJK punctuation end it: one real abstract ends
# ".../RobustDecisionTransformer。".
_URL_CHAR = r"[^\s<>\"'`{}\[\]\\|^$\u3000-\u303f\uff01-\uff0f\uff1a-\uff20]"

# A URL in running text: with an http(s) scheme, or scheme-less when it starts with `www.` or names a
# github.com / *.github.io host (both seen bare in real abstracts: "available at github.com/a-r-j/x").
# The look-behind keeps "x.github.io" from matching in the middle of "mathvista.github.io/x".
URL_PATTERN = (
    r"(?:(?i:https?://)[^\W_]"
    r"|(?<![\w.@/:-])(?i:www\.[a-z0-9-]+\.|(?:[a-z0-9-]+\.)*github\.(?:com|io)(?![\w-])))"
    + _URL_CHAR
    + "*"
)
URL_RE = re.compile(URL_PATTERN)
# Every bare URL holds one of these, in any case: a cheap test lets most abstracts skip URL matching.
URL_HINT_RE = re.compile(r"(?i)://|www\.|github\.")

# Punctuation that ends the sentence rather than the URL ("see https://x.org/a.").
_TRAILING = frozenset(".,;:!?'\"*")

# Explicit link forms: their argument is a URL even when it has no scheme.
_LINK_RE = re.compile(
    r"\\url\{(?P<url>[^{}\s]+)\}"
    r"|\\href\{(?P<href>[^{}\s]+)\}"
    r"|\]\((?P<md>[^()\s]+(?:\([^()\s]*\)[^()\s]*)*)\)"
    r"|<(?P<angle>(?i:https?://)[^<>\s\\\\]+)>"
    r"|(?P<bare>" + URL_PATTERN + ")"
)
_TEX_ESCAPE_RE = re.compile(r"\\([_%#&~$])")
_SCHEME_RE = re.compile(r"(?i)^https?://")
# A scheme-less argument of \url{} or [](...) counts only if it starts with a host name.
_HOST_RE = re.compile(r"(?i)^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/:?#]|$)")
# "github.com/orgs/OWNER/REPO" is how some authors write OWNER/REPO (orgs/ is GitHub's page of an
# organisation, and of its repositories, people, projects, ... which are no repository).
_GITHUB_RE = re.compile(
    r"(?i)^https?://(?:www\.)?github\.com/(?P<orgs>orgs/(?=[^/]+/[A-Za-z0-9._-]))?"
    r"(?P<owner>[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))(?:/(?P<repo>[A-Za-z0-9._-]+))?"
)
_GITHUB_ORG_PAGES = frozenset(
    "dashboard discussions followers members outside-collaborators packages people projects repositories "
    "security settings sponsoring teams".split()
)
# First path segments of github.com that are GitHub's own pages, not owners.
_GITHUB_RESERVED = frozenset(
    "about apps collections enterprise events explore features issues login marketplace "
    "notifications orgs organizations pricing pulls search settings site sponsors topics trending".split()
)


@dataclass(frozen=True)
class Links:
    """The links of one abstract: repository badges and other project pages."""

    github: tuple[str, ...] = ()  # canonical https://github.com/owner/repo
    project_pages: tuple[str, ...] = ()  # every other http(s) URL


def split_url(candidate: str) -> tuple[str, str]:
    """Split a URL found in running text into the URL and the sentence punctuation after it."""
    end = len(candidate)
    while end:
        char = candidate[end - 1]
        if char in _TRAILING:
            end -= 1
        elif char == ")" and candidate.count("(", 0, end) < candidate.count(")", 0, end):
            end -= 1
        else:
            break
    return candidate[:end], candidate[end:]


def may_hold_url(source: str) -> bool:
    """Tell whether URL_HINT_RE matches `source`, with fast substring tests for most text."""
    if "://" in source:
        return True
    lower = source.lower()
    if "www." in lower or "github." in lower:
        return True
    # The regex's case-insensitive i also matches dotted İ and dotless ı, which lower() does not give.
    return ("\u0130" in source or "\u0131" in source) and URL_HINT_RE.search(source) is not None


_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


def bare_url_starts(source: str) -> set[int]:
    """Return where a URL_PATTERN match may start in ASCII `source`: around each "://", "www." and "github."."""
    # In ASCII text lower() keeps positions and the pattern's case-insensitive letters are ASCII.
    lower = source.lower()
    starts: set[int] = set()
    at = lower.find("://")
    while at >= 0:
        starts.update((at - 5, at - 4))  # https:// and http://
        at = lower.find("://", at + 1)
    at = lower.find("www.")
    while at >= 0:
        starts.add(at)
        at = lower.find("www.", at + 1)
    at = lower.find("github.")
    last = first = -1
    while at >= 0:
        # The host's first label follows a character outside [\w.@/:-], so it starts where the
        # run of host characters before "github." does. A run reaching back to the previous
        # "github." starts where that one's did: each character is looked at once.
        start = at
        while start > last and start and lower[start - 1] in _HOST_CHARS:
            start -= 1
        first = first if start == last else start
        starts.add(first)
        last = at
        at = lower.find("github.", at + 1)
    return {start for start in starts if start >= 0}


def normalise_url(url: str) -> str | None:
    """Return `url` as an absolute http(s) URL, or None when it is not a web link."""
    url = _TEX_ESCAPE_RE.sub(r"\1", url.strip())
    if _SCHEME_RE.match(url):
        return url if len(url) > url.index("//") + 2 and "\\" not in url else None
    if _HOST_RE.match(url) and "\\" not in url:
        return "https://" + url
    return None  # javascript:, data:, mailto:, relative paths: never a link


def github_repo(url: str) -> str | None:
    """Return the canonical https://github.com/owner/repo of `url`, or None if it names no repository."""
    match = _GITHUB_RE.match(url)
    if not match or not match["repo"] or match["owner"].lower() in _GITHUB_RESERVED:
        return None
    repo = match["repo"]
    if match["orgs"] and repo.lower() in _GITHUB_ORG_PAGES:
        return None
    if repo.lower().endswith(".git"):
        repo = repo[:-4]
    if not repo.strip("."):
        return None
    return f"https://github.com/{match['owner']}/{repo}"


def _link_matches(source: str) -> Iterator[re.Match[str]]:
    """Yield the matches of _LINK_RE.finditer(source), trying in ASCII text only where one may start.

    The regex would try each of its forms at every character; a few str.find calls find the places
    worth a try, and a match there is the one the scan would find.
    """
    if not source.isascii():  # case-insensitive letters beyond ASCII ("ı" matches i): scan it all
        yield from _LINK_RE.finditer(source)
        return
    # The explicit forms start with their opening text ("<" before an http(s) URL); a bare URL where
    # bare_url_starts says.
    starts = bare_url_starts(source)
    for opening in ("\\url{", "\\href{", "](", "<"):
        at = source.find(opening)
        while at >= 0:
            starts.add(at)
            at = source.find(opening, at + 1)
    end = 0  # where the last match ended: finditer goes on from there
    for start in sorted(starts):
        if start >= end:
            match = _LINK_RE.match(source, start)
            if match is not None:
                yield match
                end = match.end()


def find_links(source: str) -> Links:
    """Find the repository and project-page links of an abstract, in order of first appearance."""
    github: list[str] = []
    pages: list[str] = []
    seen: set[str] = set()
    # Each form of _LINK_RE holds one of these; most abstracts hold none and need no regex scan. A
    # single character is found much faster than a string: most abstracts have no backslash or "]".
    scan = (
        may_hold_url(source)
        or ("\\" in source and ("\\url{" in source or "\\href{" in source))
        or ("]" in source and "](" in source)
    )
    for match in _link_matches(source) if scan else ():
        kind = match.lastgroup
        raw = match.group(kind or 0)
        if kind == "bare":
            raw = split_url(raw)[0]
        url = normalise_url(raw)
        if url is None:
            continue
        repo = github_repo(url)
        key = (repo or url).lower().rstrip("/")
        if key in seen:
            continue
        seen.add(key)
        (github if repo else pages).append(repo or url)
    log.debug("found %d repositories and %d pages", len(github), len(pages))
    return Links(github=tuple(github), project_pages=tuple(pages))
