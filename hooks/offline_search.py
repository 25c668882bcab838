"""MkDocs hook: shape the offline bundle's search files for a fast start on ``file://``.

Material's offline plugin inlines the search index as a script, ``var __index = {...}``,
which the page parses whole and hands to the search worker. This hook rewrites that script
after the offline plugin has written it, so the page never builds the documents itself:

- ``search/search_index.js`` keeps ``__index`` with its ``config`` but no ``docs``, and adds
  ``__searchDocsGzip``: the documents as JSON text, packed (rows instead of objects, each tag
  list as indices into one list of tags), gzip-compressed and base64-encoded. Every page
  loads this script, so it is kept small: about 40% of the JSON. The page inflates it with
  the browser's own ``DecompressionStream``; the worker parses and unpacks it, off the page.
- ``search/search_worker.js`` holds the source of Material's search worker as a string, so
  that ``theme/assets/javascripts/iframe-worker.js`` can start it as a real Web Worker from a
  Blob (browsers refuse ``new Worker(url)`` on ``file://`` but accept Blob URLs).

A hosted build (no ``search_index.js``) is left exactly as Material writes it.
"""

from __future__ import annotations

import base64
import gzip
import json
import logging
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority

log = logging.getLogger(f"mkdocs.hooks.{__name__}")

_FIELDS = ("location", "title", "text", "tags")


def compress(text: str) -> str:
    """Return ``text`` gzip-compressed and base64-encoded (the same bytes on every build)."""
    return base64.b64encode(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)).decode("ascii")


def pack_docs(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the documents as rows of fields, tag lists as indices into ``tags``."""
    fields = list(_FIELDS) + sorted({key for doc in docs for key in doc} - set(_FIELDS))
    tags = sorted({tag for doc in docs for tag in doc.get("tags") or ()})
    number = {tag: n for n, tag in enumerate(tags)}
    rows = []
    for doc in docs:
        row = [doc.get(field) for field in fields]
        if doc.get("tags") is not None:
            row[fields.index("tags")] = [number[tag] for tag in doc["tags"]]
        while row and row[-1] is None:
            row.pop()
        rows.append(row)
    return {"fields": fields, "tags": tags, "docs": rows}


@event_priority(-200)  # after Material's offline plugin (-100) has written search_index.js
def on_post_build(config: MkDocsConfig) -> None:
    """Rewrite the offline search index script and write the worker source beside it."""
    search = Path(config.site_dir) / "search"
    script = search / "search_index.js"
    workers = sorted(Path(config.site_dir, "assets/javascripts/workers").glob("search.*.js"))
    if not script.is_file() or len(workers) != 1:
        return  # a hosted build, or a Material we do not know: leave Material's files alone
    index = json.loads((search / "search_index.json").read_text(encoding="utf-8"))
    packed = json.dumps(pack_docs(index["docs"]), ensure_ascii=False, separators=(",", ":"))
    head = json.dumps({"config": index["config"], "docs": []}, separators=(",", ":"))
    script.write_text(f"var __index = {head};\nvar __searchDocsGzip = '{compress(packed)}';\n", encoding="utf-8")
    source = workers[0].read_text(encoding="utf-8")
    worker = {"name": workers[0].name, "source": source}
    (search / "search_worker.js").write_text(
        f"var __searchWorker = {json.dumps(worker, ensure_ascii=False)};\n", encoding="utf-8"
    )
    log.debug("Packed %d search documents for file://", len(index["docs"]))
