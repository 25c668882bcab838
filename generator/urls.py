"""The site's URL scheme, decided in this one module.

Every generated page has a source path (relative to the MkDocs ``docs_dir``) and a
URL (relative to the site root, as MkDocs makes it with ``use_directory_urls``).
Everything else asks here; nothing else builds a path by hand.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING
from urllib.parse import urljoin

from slugify import slugify

if TYPE_CHECKING:
    from .model import Paper

#: Folders under ``docs_dir`` that papersite owns; everything else belongs to the user.
PAPERS_DIR = "papers"
TOPICS_DIR = "topics"
YEARS_DIR = "years"
SNIPPETS_DIR = "_generated"
REPORT_DIR = "report"
SEARCH_DIR = "searchindex"  # the search index, in parts (render.search)
LIST_DIR = "listindex"  # every paper's row of All papers, in parts (render.lists)

PAPERS_JSON = "papers.json"
PAPERS_SCHEMA = "papers.schema.json"
PAPERS_BIB = "papers.bib"
FEED = "feed.xml"
HOME_SNIPPET = f"{SNIPPETS_DIR}/home.md"
ABOUT_SNIPPET = f"{SNIPPETS_DIR}/about.md"
#: The pages of a site's own (its home and About pages): papersite writes a starter
#: (generator/scaffold) where the site has none, and never touches one the site has.
STARTER_PAGES = ("index.md", "about.md")
#: Pages of a site's own that papersite no longer starts, and where their old address leads
#: where the site has none: the Tags page listed each topic's papers again, as Topics does.
FORMER_PAGES = {"tags.md": f"{TOPICS_DIR}/index.md"}
#: Old page sources and the sources they redirect to (engine/finish.py writes their pages).
REDIRECTS = f"{SNIPPETS_DIR}/redirects.json"
ALL_PAPERS = f"{PAPERS_DIR}/index.md"
TRENDS_DIR = "trends"
TRENDS_PAGE = f"{TRENDS_DIR}/index.md"
MAP_DIR = "map"  # the Map page and its data (render.map_files)
MAP_PAGE = f"{MAP_DIR}/index.md"

#: Everything papersite generates lives under these (first path parts under docs_dir).
GENERATED_ROOTS = (
    PAPERS_DIR, TOPICS_DIR, YEARS_DIR, TRENDS_DIR, MAP_DIR, REPORT_DIR, SNIPPETS_DIR, SEARCH_DIR, LIST_DIR,
    PAPERS_JSON, PAPERS_SCHEMA, PAPERS_BIB, FEED,
)  # fmt: skip
REPORT_PAGE = f"{REPORT_DIR}/index.md"

#: Longest slug kept for a paper page; long titles are cut at a word boundary.
MAX_SLUG_LENGTH = 60


def slug(text: str, max_length: int = MAX_SLUG_LENGTH) -> str:
    """Return the URL slug of a title or name (empty when nothing is left)."""
    return slugify(text, max_length=max_length, word_boundary=True, save_order=True)


def paper_source(year: int, paper_slug: str) -> str:
    """Return the Markdown path of a paper page."""
    return f"{PAPERS_DIR}/{year}/{paper_slug}.md"


def paper_page(paper: Paper) -> str:
    """Return the Markdown path of an enriched paper's page."""
    return paper_source(paper.year, paper.slug)


def topic_source(topic_slug: str, page: int = 1) -> str:
    """Return the Markdown path of a topic's page (pages after the first: in a folder beside it)."""
    return f"{TOPICS_DIR}/{topic_slug}.md" if page == 1 else f"{TOPICS_DIR}/{topic_slug}/{page}.md"


def year_source(year: int, page: int = 1) -> str:
    """Return the Markdown path of a year's page (pages after the first: in a folder beside it)."""
    return f"{YEARS_DIR}/{year}.md" if page == 1 else f"{YEARS_DIR}/{year}/{page}.md"


def all_papers_source(page: int = 1) -> str:
    """Return the Markdown path of a page of All papers (pages after the first: ``papers/page/<n>.md``).

    Paper pages are ``papers/<year>/<slug>.md``: a year is digits, so ``page`` is never one.
    """
    return ALL_PAPERS if page == 1 else f"{PAPERS_DIR}/page/{page}.md"


def list_part(part: int) -> str:
    """Return the path of one part of All papers' rows (render.lists; theme's filter.js reads it)."""
    return f"{LIST_DIR}/{part}.js"


def topic_json(topic_slug: str) -> str:
    """Return the path of a topic's papers as JSON (beside the topic page)."""
    return f"{TOPICS_DIR}/{topic_slug}.json"


def topics_index_source() -> str:
    """Return the Markdown path of the topic index."""
    return f"{TOPICS_DIR}/index.md"


def years_index_source() -> str:
    """Return the Markdown path of the year index."""
    return f"{YEARS_DIR}/index.md"


def url_of(source: str) -> str:
    """Return the site URL (relative to the root) that MkDocs gives a Markdown path."""
    stem = source.removesuffix(".md")
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def absolute(site_url: str | None, source: str) -> str | None:
    """Return the absolute URL of a page, or None when the site's URL is unknown."""
    if not site_url:
        return None
    return resolve(site_url, url_of(source))


#: A relative path of plain segments: no scheme, query or fragment, no "." or ".." to resolve.
_PLAIN_PATH = re.compile(r"[A-Za-z0-9_~-]+(?:/[A-Za-z0-9_~-]+)*/?")


def resolve(site_url: str, url: str) -> str:
    """Return a URL relative to the site root as an absolute URL under ``site_url``."""
    if _PLAIN_PATH.fullmatch(url):
        # Every page's URL is such a path: urljoin would parse the site's URL again for
        # each (7 µs), and put the same thing before it (tests compare the two).
        return _plain_prefix(site_url) + url
    return urljoin(site_url.rstrip("/") + "/", url)


@functools.lru_cache(maxsize=8)
def _plain_prefix(site_url: str) -> str:
    """Return what urljoin puts before a plain relative path under ``site_url``."""
    return urljoin(site_url.rstrip("/") + "/", "x").removesuffix("x")


def link(from_source: str, to_source: str) -> str:
    """Return a relative Markdown link from one page's source to another's.

    MkDocs resolves links between ``.md`` sources and validates them in strict mode,
    so pages link source to source and never hard-code the URL layout.
    """
    from_parts = from_source.split("/")[:-1]
    to_parts = to_source.split("/")
    common = 0
    while (
        common < len(from_parts)
        and common < len(to_parts) - 1
        and from_parts[common] == to_parts[common]
    ):
        common += 1
    return "/".join([".."] * (len(from_parts) - common) + to_parts[common:])
