"""The Atom feed of the papers.

It is deterministic: no clock is read. The feed's ``updated`` comes from
``SOURCE_DATE_EPOCH`` when it is set, else from the newest year of the papers.
The feed is built as an ElementTree, so any text in it is escaped by the serializer.
"""

from __future__ import annotations

import os
import re
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from datetime import datetime, timezone

from . import urls
from .errors import PapersiteError
from .model import Paper

ATOM = "http://www.w3.org/2005/Atom"

#: Namespace of the ``urn:uuid`` ids: an entry's id depends on the paper id only, so it
#: survives a change of title, slug or site URL, as Atom asks of ids.
ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/papersite/papersite#atom")

# Characters XML 1.0 forbids; ElementTree would write them and produce a broken file.
_NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: str) -> str:
    return " ".join(_NOT_XML.sub(" ", value).split())


def _el(parent: ET.Element, name: str, text: str | None = None, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, name, {k: _text(v) for k, v in attrs.items()})
    if text is not None:
        element.text = _text(text)
    return element


def _timestamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _year_start(year: int) -> str:
    return f"{year:04d}-01-01T00:00:00Z"


def feed_updated(papers: Sequence[Paper]) -> str:
    """Return the feed's ``updated``: ``SOURCE_DATE_EPOCH`` if set, else 1 January of the newest year."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        if not epoch.isdigit():
            raise PapersiteError(f"SOURCE_DATE_EPOCH: expected a whole number of seconds, found {epoch!r}")
        return _timestamp(datetime.fromtimestamp(int(epoch), timezone.utc))
    return _year_start(max((p.year for p in papers), default=1970))


def entry_id(paper: Paper) -> str:
    """Return the permanent Atom id of a paper: a ``urn:uuid`` derived from its id."""
    return f"urn:uuid:{uuid.uuid5(ID_NAMESPACE, 'paper:' + paper.id)}"


def feed_id(title: str, site_url: str | None) -> str:
    """Return the Atom id of a feed: a ``urn:uuid`` derived from its site and title."""
    name = "\n".join(("feed", site_url or "", title))
    return f"urn:uuid:{uuid.uuid5(ID_NAMESPACE, name)}"


def _resolve(relative: str, site_url: str | None) -> str:
    # Without a site URL the link stays relative to the site root; a reader resolves it
    # against the feed's own URL, so the feed must be served from the site root.
    if not site_url:
        return relative or "./"
    return urls.resolve(site_url, relative)


def _order(paper: Paper) -> tuple[int, str, str]:
    return (-paper.year, paper.title.casefold(), paper.id)


def atom_feed(
    papers: Sequence[Paper], site_url: str | None, title: str, *, self_path: str | None = None
) -> str:
    """Return an Atom 1.0 feed of the papers, newest year first, then by title.

    Links are absolute when ``site_url`` is given. Without it they are relative to the
    site root, which is right only for a feed file at the root (e.g. ``feed.xml``).
    ``self_path`` is the feed's own path under the site root, for its ``rel="self"`` link.
    """
    # Unqualified names under a literal xmlns: ElementTree's default_namespace option
    # refuses the unqualified attributes (rel, href, term) that Atom uses.
    feed = ET.Element("feed", xmlns=ATOM)
    _el(feed, "id", feed_id(title, site_url))
    _el(feed, "title", title)
    _el(feed, "updated", feed_updated(papers))
    # Atom wants an author for every entry; papers without authors inherit this one.
    author = _el(feed, "author")
    _el(author, "name", title)
    _el(feed, "link", rel="alternate", type="text/html", href=_resolve("", site_url))
    if self_path is not None:
        _el(feed, "link", rel="self", type="application/atom+xml", href=_resolve(self_path, site_url))
    _el(feed, "generator", "papersite")

    for paper in sorted(papers, key=_order):
        entry = _el(feed, "entry")
        _el(entry, "id", entry_id(paper))
        _el(entry, "title", paper.title)
        _el(entry, "updated", _year_start(paper.year))
        for name in paper.authors:
            _el(_el(entry, "author"), "name", name)
        href = _resolve(urls.url_of(urls.paper_page(paper)), site_url)
        _el(entry, "link", rel="alternate", type="text/html", href=href)
        if paper.url:
            _el(entry, "link", rel="related", href=paper.url)
        if paper.summary:
            _el(entry, "summary", paper.summary, type="text")
        for topic in paper.topics:
            _el(entry, "category", term=topic)

    ET.indent(feed, space=" ")
    body = ET.tostring(feed, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n"
