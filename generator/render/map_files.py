"""The Map page's data: every paper's point in one compact file, titles in parts loaded on demand.

A map draws every point at once but shows one title at a time, so the points come first in one
compact file (``points.js``, about 9 bytes a paper: ``xy`` holds each paper's coordinates as
thousandths of the map, two base-64 digits each; ``year`` each paper's year and ``topic`` its
topics, comma-separated, as positions in the lists ``years`` and ``topics`` given once, in digits
of the widths ``widths`` gives) and the titles and addresses in parts of ``CHUNK`` papers
(``t/<k>.js``), each loaded when a point of it is first hovered, focused or clicked: the page
stays light at 100,000 papers. Like the search index (render.search), each file is a script
calling ``__psMap(kind, key, data)``: ``file://`` pages cannot fetch, but can add ``<script>``
elements. ``theme/assets/javascripts/map.js`` loads and draws them.

Papers are numbered in the order of their addresses, so the same input gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from .. import urls
from ..model import Paper
from ..plan import paper_map

#: Bump when the files' layout changes: the page refuses data of another version.
VERSION = 2
#: Papers per file of titles: 250 titles and addresses are about 30 KB, what a hover waits for.
CHUNK = 250
#: A coordinate in [0, 1] is written as an integer of this many steps: as many as plan.paper_map rounds to.
STEPS = 10**paper_map.DECIMALS
#: The digits of the numbers of points.js, 0 to 63 (those of URL-safe base 64), most significant first.
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#: Digits of a coordinate: 64 ** 2 = 4,096 > STEPS.
COORDINATE_WIDTH = 2


def _width(count: int) -> int:
    """Return how many digits write every number below ``count``."""
    width = 1
    while len(DIGITS) ** width < count:
        width += 1
    return width


def _number(n: int, width: int) -> str:
    return "".join(DIGITS[(n // len(DIGITS) ** k) % len(DIGITS)] for k in reversed(range(width)))


def _script(kind: str, key: int, data: object) -> bytes:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return f"__psMap({json.dumps(kind)},{key},{body});\n".encode()


def map_files(papers: Sequence[Paper]) -> dict[str, bytes]:
    """Return the map's data files by path under ``docs_dir``.

    A point names its topics and year by position in the lists of ``paper_map.filter_lists``.
    """
    topics, years = paper_map.filter_lists(papers)
    ordered = sorted(papers, key=lambda p: urls.url_of(urls.paper_page(p)))
    topic_at = {name: i for i, name in enumerate(topics)}
    year_at = {year: i for i, year in enumerate(years)}
    year_width, topic_width = _width(len(years)), _width(len(topics))
    points = {
        "version": VERSION,
        "chunk": CHUNK,
        "topics": list(topics),
        "years": list(years),
        "widths": [year_width, topic_width],
        "xy": "".join(
            _number(round(v * STEPS), COORDINATE_WIDTH) for p in ordered for v in (p.place or (0.0, 0.0))
        ),
        "year": "".join(_number(year_at[p.year], year_width) for p in ordered),
        # Most relevant first: the first colours the point.
        "topic": ",".join(
            "".join(_number(topic_at[name], topic_width) for name in p.topics if name in topic_at) for p in ordered
        ),
    }
    files = {f"{urls.MAP_DIR}/points.js": _script("points", 0, points)}
    for k in range(0, len(ordered), CHUNK):
        titles = [[p.title, urls.url_of(urls.paper_page(p))] for p in ordered[k : k + CHUNK]]
        files[f"{urls.MAP_DIR}/t/{k // CHUNK}.js"] = _script("titles", k // CHUNK, titles)
    return files
