"""Draw papers per topic per year as inline SVG: a chart for the trends page, sparklines for topics.

The chart is a table of bars: one row per topic (most papers first), one column per year, and in
each cell a horizontal bar on one scale shared by the whole chart, with its number beside it.
With about 35 topics and 2 to 10 years this stays readable where a grouped bar chart (350 bars,
ten colours to tell apart) or a line chart of shares (35 tangled lines) would not: a row reads as
a topic's trend, a column compares topics within a year, no colour legend is needed, and the
layout is the same as the fallback table (``trend_rows``), so the two are easy to check together.

Everything is drawn with ``xml.etree.ElementTree``, so any topic name is escaped; colours come
from classes styled in ``assets/trends.css`` with Material's palette variables (``currentColor``
when that file is missing). The output has no blank lines, so Python-Markdown passes it through
as one raw HTML block, and depends only on its arguments: ids are slugs of the title or label.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .. import urls
from ..model import Paper

SVG_NS = "http://www.w3.org/2000/svg"

# --- chart geometry, in SVG user units (CSS pixels at natural size) ---
FONT_SIZE = 12
CHAR_WIDTH = 6.6  # a generous average advance of a sans-serif letter at FONT_SIZE
HEADER_HEIGHT = 26
ROW_HEIGHT = 22
BAR_HEIGHT = 12
PAD = 6
LABEL_CHARS = 46  # longer topic names are shortened with "…" (the full name is in a tooltip)
PLOT_WIDTH = 640  # room for the year columns, shared out between them ...
MIN_CELL, MAX_CELL = 72, 220  # ... within these limits per column
GAP = 6  # between a bar and its number

# --- sparkline geometry ---
SPARK_WIDTH, SPARK_HEIGHT = 120, 24
SPARK_BAR, SPARK_GAP = 16, 3

# Characters XML 1.0 forbids; ElementTree would write them and produce a broken document.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


@dataclass(frozen=True)
class TrendRow:
    """One topic's papers in each shown year (in the order of the years), and their sum."""

    name: str
    counts: tuple[int, ...]
    total: int


def count_topics(papers: Iterable[Paper]) -> dict[str, dict[int, int]]:
    """Return, for every topic, the number of papers carrying it in each year."""
    counts: dict[str, Counter[int]] = defaultdict(Counter)
    for paper in papers:
        for name in paper.topics:
            counts[name][paper.year] += 1
    return {name: dict(sorted(per_year.items())) for name, per_year in sorted(counts.items())}


def trend_rows(counts: Mapping[str, Mapping[int, int]], years: Sequence[int]) -> list[TrendRow]:
    """Return the chart's numbers as table rows: most papers first, topics without any left out."""
    shown = _years(years)
    rows = []
    for name, per_year in counts.items():
        row = tuple(_count(name, year, per_year.get(year, 0)) for year in shown)
        if sum(row):
            rows.append(TrendRow(name, row, sum(row)))
    return sorted(rows, key=lambda r: (-r.total, r.name.casefold(), r.name))


def trend_chart(counts: Mapping[str, Mapping[int, int]], years: Sequence[int], title: str) -> str:
    """Return an SVG bar table of papers per topic (rows) and year (columns)."""
    shown = _years(years)
    rows = trend_rows(counts, shown)
    title = _clean(title) or "Papers per topic and year"
    ident = f"ps-trend-{urls.slug(title) or 'chart'}"
    peak = max((n for row in rows for n in row.counts), default=0)

    names = [_shorten(_clean(row.name)) for row in rows]
    label_width = round(max((len(n) for n, _ in names), default=5) * CHAR_WIDTH) + 2 * PAD
    number_width = round(len(f"{max(peak, 1):,}") * CHAR_WIDTH)
    total_width = max(round(len(f"{max((r.total for r in rows), default=1):,}") * CHAR_WIDTH), 36) + 2 * PAD
    cell = min(MAX_CELL, max(MIN_CELL, PLOT_WIDTH // max(len(shown), 1)))
    bar_max = cell - number_width - GAP - PAD
    width = label_width + cell * len(shown) + total_width
    height = HEADER_HEIGHT + ROW_HEIGHT * max(len(rows), 1) + PAD

    root = _svg(ident, "ps-trend-chart", width, height, title, _chart_desc(rows, shown))
    root.set("font-size", str(FONT_SIZE))
    # Browsers expose the labels inside role="img" (Chromium does); hide them so a screen reader
    # hears the title and summary here, and the numbers once, in the table.
    svg = _el(root, "g", {"aria-hidden": "true"})
    middle = HEADER_HEIGHT / 2
    _text(svg, PAD, middle, "Topic", "ps-trend-head")
    for i, year in enumerate(shown):
        _text(svg, label_width + i * cell, middle, str(year), "ps-trend-head")
    _text(svg, width - PAD, middle, "Total", "ps-trend-head", anchor="end")
    if not rows:
        _text(svg, PAD, HEADER_HEIGHT + ROW_HEIGHT / 2, "No papers.", "ps-trend-num")

    for r, (row, (name, shortened)) in enumerate(zip(rows, names)):
        top = HEADER_HEIGHT + r * ROW_HEIGHT
        middle = top + ROW_HEIGHT / 2
        if r % 2 == 0:  # banding guides the eye along a row across the columns
            _el(svg, "rect", {"class": "ps-trend-band", "x": "0", "y": _num(top), "width": str(width),
                              "height": str(ROW_HEIGHT), "fill-opacity": "0.06"})
        label = _text(svg, PAD, middle, name, "ps-trend-label")
        if shortened:
            _el(label, "title").text = _clean(row.name)
        for i, n in enumerate(row.counts):
            x = label_width + i * cell
            length = bar_max * n / peak if peak else 0.0
            if n:
                _el(svg, "rect", {"class": "ps-trend-bar", "x": str(x), "y": _num(middle - BAR_HEIGHT / 2),
                                  "width": _num(length), "height": str(BAR_HEIGHT)})
            _text(svg, x + length + (GAP if n else 0), middle, f"{n:,}",
                  "ps-trend-num" if n else "ps-trend-num ps-trend-zero")
        _text(svg, width - PAD, middle, f"{row.total:,}", "ps-trend-total", anchor="end")
    ET.indent(root, space="")  # one element a line: readable diffs, and never a blank line
    return ET.tostring(root, encoding="unicode")


def sparkline(per_year: Mapping[int, int], years: Sequence[int], label: str) -> str:
    """Return a tiny SVG column chart of one topic's papers per year (the latest year accented)."""
    shown = _years(years)
    label = _clean(label) or "Papers"
    counts = [_count(label, year, per_year.get(year, 0)) for year in shown]
    ident = f"ps-spark-{urls.slug(label) or 'topic'}"
    peak = max(counts, default=0)
    n = max(len(shown), 1)
    bar = min(SPARK_BAR, (SPARK_WIDTH - SPARK_GAP * (n - 1)) / n)
    width = bar * n + SPARK_GAP * (n - 1)
    base = SPARK_HEIGHT - 1  # bars stand on this line; the baseline is drawn half a unit below
    if len(shown) > 1:
        desc = f"Column chart of papers per year, {shown[0]} to {shown[-1]}."
    else:
        desc = f"Column chart of papers in {shown[0]}." if shown else "No years to show."
    svg = _svg(ident, "ps-spark", width, SPARK_HEIGHT, f"{label}: {_per_year_phrase(counts, shown)}", desc)
    for i, count in enumerate(counts):
        if not count:
            continue
        height = (base - 1) * count / peak
        last = " ps-spark-bar--last" if i == len(counts) - 1 and len(counts) > 1 else ""
        _el(svg, "rect", {"class": f"ps-spark-bar{last}", "x": _num(i * (bar + SPARK_GAP)),
                          "y": _num(base - height), "width": _num(bar), "height": _num(height)})
    _el(svg, "line", {"class": "ps-spark-base", "x1": "0", "y1": _num(base + 0.5), "x2": _num(width),
                      "y2": _num(base + 0.5), "stroke": "currentColor", "stroke-opacity": "0.6"})
    return ET.tostring(svg, encoding="unicode")


# --- helpers ---------------------------------------------------------------------------------------


def _years(years: Sequence[int]) -> list[int]:
    return sorted({int(year) for year in years})


def _count(name: str, year: int, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"papers of {name!r} in {year}: expected a count (an int >= 0), found {value!r}")
    return value


def _clean(text: str) -> str:
    """Drop what XML cannot hold and fold whitespace, so no name can end a Markdown HTML block."""
    return " ".join(_NOT_XML.sub("", str(text)).split())


def _shorten(name: str) -> tuple[str, bool]:
    if len(name) <= LABEL_CHARS:
        return name, False
    return name[: LABEL_CHARS - 1].rstrip() + "…", True


def _num(value: float) -> str:
    """Format a coordinate with at most two decimals, the same way on every machine."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _el(parent: ET.Element, tag: str, attrib: dict[str, str] | None = None) -> ET.Element:
    return ET.SubElement(parent, tag, attrib or {})


def _text(parent: ET.Element, x: float, y: float, text: str, cls: str, anchor: str = "start") -> ET.Element:
    attrib = {"class": cls, "x": _num(x), "y": _num(y), "dy": "0.35em"}
    if anchor != "start":
        attrib["text-anchor"] = anchor
    element = _el(parent, "text", attrib)
    element.text = text
    return element


def _svg(ident: str, cls: str, width: float, height: float, title: str, desc: str) -> ET.Element:
    svg = ET.Element("svg", {
        "xmlns": SVG_NS,
        "class": cls,
        "role": "img",
        # The title is the short name; the desc, a summary of the numbers, is read after it.
        "aria-labelledby": f"{ident}-title",
        "aria-describedby": f"{ident}-desc",
        "width": _num(width),
        "height": _num(height),
        "viewBox": f"0 0 {_num(width)} {_num(height)}",
        "fill": "currentColor",  # readable in either palette even without trends.css
    })
    _el(svg, "title", {"id": f"{ident}-title"}).text = title
    _el(svg, "desc", {"id": f"{ident}-desc"}).text = _clean(desc)
    return svg


def _per_year_phrase(counts: Sequence[int], years: Sequence[int]) -> str:
    """Return "57 papers in 2024, 61 in 2025" (the noun once, as a person would say it)."""
    if not years:
        return "no papers"
    first = f"{counts[0]:,} {'paper' if counts[0] == 1 else 'papers'} in {years[0]}"
    return ", ".join([first, *(f"{n:,} in {year}" for n, year in zip(counts[1:], years[1:]))])


def _chart_desc(rows: Sequence[TrendRow], years: Sequence[int]) -> str:
    if not rows or not years:
        return "No papers to show."
    span = f"{years[0]}" if len(years) == 1 else f"{years[0]} to {years[-1]}"
    topics = "1 topic" if len(rows) == 1 else f"{len(rows)} topics"
    parts = [
        f"Bars of papers per topic and year, {span}: {topics}, one row each, most papers first, "
        f"one column per year, all bars on one scale.",
        "Most papers: " + ", ".join(f"{r.name} ({r.total:,})" for r in rows[:3]) + ".",
    ]
    if len(years) > 1:
        changes = [(r.counts[-1] - r.counts[0], r.name) for r in rows]
        rise = min(changes, key=lambda c: (-c[0], c[1].casefold(), c[1]))
        fall = min(changes, key=lambda c: (c[0], c[1].casefold(), c[1]))
        if rise[0] > 0:
            parts.append(f"Largest rise from {years[0]} to {years[-1]}: {rise[1]} (+{rise[0]:,}).")
        if fall[0] < 0:
            parts.append(f"Largest fall: {fall[1]} (−{-fall[0]:,}).")
    parts.append("The same numbers are in the table.")
    return " ".join(parts)
