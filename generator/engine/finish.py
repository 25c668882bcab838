"""What papersite adds to a rendered site itself, whatever engine rendered it.

The site needs three things no engine gives alike: a page at each old address of a paper that
sends the reader on (``redirects``), the lunr.js that search stems queries with (``stemmer``),
and a sitemap of its pages with no build date in it (``sitemap``). Done here, after the engine
and before the site is swapped in, they are the same bytes from MkDocs, ProperDocs and
Zensical, and an engine's own layer stays its configuration.
"""

from __future__ import annotations

import gzip
import html
import json
import os
import posixpath
import re
import shutil
from pathlib import Path

from .. import urls

#: Where search's engine loads lunr.js from (theme/assets/javascripts/iframe-worker.js).
LUNR_TARGET = "assets/javascripts/lunr.js"

#: A page that asks search engines to leave it out (retired papers' pages, redirects).
_NOINDEX = re.compile(rb'<meta name="robots" content="noindex"')

REDIRECT_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>This page has moved</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="{href}">
<meta http-equiv="refresh" content="0; url={href}">
<script>location.replace({script} + location.hash)</script>
</head>
<body>
<main>
<p>This page has moved to <a href="{href}">its new address</a>.</p>
</main>
</body>
</html>
"""


def finish(site_dir: Path, docs_dir: Path, site_url: str | None, directory_urls: bool) -> None:
    """Add the redirect pages, lunr.js and the sitemap to a site an engine rendered."""
    redirects(site_dir, docs_dir, directory_urls)
    stemmer(site_dir)
    sitemap(site_dir, site_url, directory_urls)


def search_items(site_dir: Path) -> None:
    """Write ``search.json`` as Zensical's search box reads it: one item a paper, in papersite's order.

    Zensical's search box shows the items of ``search.json`` that its worker names by position;
    papersite's engine (theme/assets/javascripts/iframe-worker.js) answers in its place, naming
    papers by their number in papersite's own index (``searchindex/``): the items are the papers'
    cards in that order. The site's own settings of the file are kept.
    """
    index = site_dir / urls.SEARCH_DIR
    meta = _index_part(index / "meta.js")
    items = []
    for doc in range(meta["docs"]):
        card = _index_part(index / "d" / str(doc // meta["cards"]) / f"{doc}.js")
        items.append({"location": card["u"], "level": 1, "title": card["t"], "text": "",
                      "path": [f"{card['v']} {card['y']}"], "tags": []})  # fmt: skip
    path = site_dir / "search.json"
    try:
        config = json.loads(path.read_text(encoding="utf-8")).get("config", {})
    except (FileNotFoundError, ValueError):
        config = {}
    path.write_text(json.dumps({"config": config, "items": items}, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def _index_part(path: Path) -> dict:
    """Return the data of one file of papersite's search index, ``__psIndex(kind,key,{...});``."""
    return json.loads(path.read_text(encoding="utf-8").split(",", 2)[2].rstrip(");\n"))


def page_file(source: str, directory_urls: bool) -> str:
    """Return the file of the page made from a Markdown source, under the site folder."""
    if directory_urls:
        return urls.url_of(source) + "index.html"
    return source.removesuffix(".md") + ".html"


def redirects(site_dir: Path, docs_dir: Path, directory_urls: bool) -> None:
    """Write a page at every old address papersite keeps (``urls.REDIRECTS``) that leads to the new one.

    The link is relative to the old page, so it works under a sub-path and from ``file://``; the
    script keeps the ``#fragment`` a link to the old address had.
    """
    try:
        moved = json.loads((docs_dir / urls.REDIRECTS).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return
    for old, new in sorted(moved.items()):
        old_file, new_file = page_file(old, directory_urls), page_file(new, directory_urls)
        href = posixpath.relpath(new_file, posixpath.dirname(old_file) or ".")
        if directory_urls:
            href = href.removesuffix("index.html") or "./"
        target = site_dir / old_file
        target.parent.mkdir(parents=True, exist_ok=True)
        text = REDIRECT_PAGE.format(href=html.escape(href, quote=True), script=json.dumps(href).replace("<", "\\u003c"))
        target.write_text(text, encoding="utf-8")


def stemmer(site_dir: Path) -> None:
    """Put the lunr.js that MkDocs ships into the site: search stems queries with it as the index was stemmed.

    It comes from the installed MkDocs package (its built-in search theme): nothing is fetched,
    and no copy is kept in papersite.
    """
    import mkdocs.contrib.search

    lunr = Path(mkdocs.contrib.search.__file__).parent / "templates" / "search" / "lunr.js"
    target = site_dir / LUNR_TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(lunr, target)


def sitemap(site_dir: Path, site_url: str | None, directory_urls: bool) -> None:
    """Write ``sitemap.xml`` (and its gzip) listing every page meant for search engines.

    Pages that ask not to be indexed (retired papers, redirects) and the 404 page are left out;
    there is no ``<lastmod>``: a build date says nothing of a paper, and would make two builds
    of the same input differ. Without ``site_url`` the addresses are from the site's root.
    """
    base = site_url.rstrip("/") + "/" if site_url else "/"
    pages = []
    for root, folders, files in os.walk(site_dir):
        folders.sort()
        for name in sorted(files):
            if not name.endswith(".html") or name == "404.html":
                continue
            path = Path(root, name)
            rel = path.relative_to(site_dir).as_posix()
            if rel.startswith(("assets/", "search/")) or _NOINDEX.search(path.read_bytes()):
                continue
            if directory_urls:
                if name != "index.html":
                    continue
                rel = rel.removesuffix("index.html")
            pages.append(base + rel)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
    lines += [f"    <url>\n         <loc>{html.escape(page)}</loc>\n    </url>" for page in sorted(pages)]
    lines.append("</urlset>")
    data = ("\n".join(lines) + "\n").encode("utf-8")
    (site_dir / "sitemap.xml").write_bytes(data)
    # mtime 0 and no file name: the same sitemap gives the same bytes.
    (site_dir / "sitemap.xml.gz").write_bytes(gzip.compress(data, mtime=0))
