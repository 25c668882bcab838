"""All papers' rows as data, in parts: what its filter looks through, and what a scroll brings.

All papers is paged (``plan.listings``), so no page grows with the corpus; its filter still
looks through every paper. The rows of the whole list, in the list's order, are cut into parts
of ``listings.LIST_PART_ROWS`` papers, each a script file (``file://`` pages cannot fetch, but can add
``<script>`` elements: the search index is loaded the same way, ``render.search``). A page
loads none of them until the reader filters, or scrolls to the end of its rows
(``theme/assets/javascripts/filter.js``).

Each file calls ``__psList(part, rows)``; a row is ``[title, address, year, topics, code,
summary]``: the address relative to the site root (``papers/2024/slug/``), the topics as
their places in the filter's list of topics, ``code`` 1 when the paper links a repository.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .. import urls
from ..model import Paper
from ..plan import listings


def _row(paper: Paper, topic_index: dict[str, int]) -> list[object]:
    return [
        paper.title,
        urls.url_of(urls.paper_page(paper)),
        paper.year,
        [topic_index[name] for name in paper.topics],
        1 if paper.github else 0,
        paper.summary,
    ]


def list_files(papers: Sequence[Paper], topics: Sequence[str]) -> dict[str, bytes]:
    """Return every part of All papers' rows, by path under ``docs_dir``; ``topics``: the filter's, in its order."""
    topic_index = {name: i for i, name in enumerate(topics)}
    ordered = listings.all_papers_order(papers)
    size = listings.LIST_PART_ROWS
    files = {}
    for part, start in enumerate(range(0, len(ordered), size)):
        rows = [_row(p, topic_index) for p in ordered[start : start + size]]
        body = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
        files[urls.list_part(part)] = f"__psList({part},{body});\n".encode()
    return files
