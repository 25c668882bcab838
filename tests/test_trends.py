"""The trends chart and sparklines: valid, accessible, escaped, proportional and deterministic SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Paper, Source
from generator.plan import trends

NS = {"svg": trends.SVG_NS}
COUNTS = {
    "Reinforcement learning": {2024: 57, 2025: 61},
    "Large language models": {2024: 100, 2025: 150},
    "Fairness": {2024: 3},
    "Unused": {2023: 9},  # only in a year that is not shown
}
YEARS = [2024, 2025]
EVIL = "<script>alert(\"x\")</script>&'q']]>--8<--\"f\""


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in root.iter(f"{{{trends.SVG_NS}}}text") if cls in t.get("class", "").split()]


def rects(root: ET.Element, cls: str) -> list[ET.Element]:
    return [r for r in root.iter(f"{{{trends.SVG_NS}}}rect") if cls in r.get("class", "").split()]


def check_accessible(root: ET.Element) -> tuple[str, str]:
    """Check role, title, desc and the aria attributes naming them; return the title and desc text."""
    assert root.tag == f"{{{trends.SVG_NS}}}svg"
    assert root.get("role") == "img"
    title, desc = root[0], root[1]  # first children, where assistive technology looks
    assert title.tag == f"{{{trends.SVG_NS}}}title" and desc.tag == f"{{{trends.SVG_NS}}}desc"
    assert root.get("aria-labelledby") == title.get("id")
    assert root.get("aria-describedby") == desc.get("id")
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) == 2
    assert all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)
    assert title.text and desc.text
    return title.text, desc.text


# --- trend_rows and count_topics ------------------------------------------------------------------


def test_rows_sorted_by_total_then_name_without_empty_topics() -> None:
    rows = trends.trend_rows(COUNTS, YEARS)
    assert rows == [
        trends.TrendRow("Large language models", (100, 150), 250),
        trends.TrendRow("Reinforcement learning", (57, 61), 118),
        trends.TrendRow("Fairness", (3, 0), 3),
    ]
    tied = trends.trend_rows({"b": {2024: 1}, "A": {2024: 1}, "a": {2024: 1}}, [2024])
    assert [r.name for r in tied] == ["A", "a", "b"]


def test_years_are_sorted_and_deduplicated() -> None:
    assert trends.trend_rows(COUNTS, [2025, 2024, 2025]) == trends.trend_rows(COUNTS, YEARS)


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_counts_must_be_non_negative_ints(bad: object) -> None:
    with pytest.raises(ValueError, match=r"papers of 'T' in 2024: expected a count"):
        trends.trend_rows({"T": {2024: bad}}, [2024])  # type: ignore[dict-item]


def test_count_topics() -> None:
    def paper(year: int, *topics: str) -> Paper:
        return Paper(abstract="a", venue="V", year=year, source=Source(Path("x"), 1), topics=topics)

    papers = [paper(2025, "B", "A"), paper(2024, "A"), paper(2024, "A")]
    assert trends.count_topics(papers) == {"A": {2024: 2, 2025: 1}, "B": {2025: 1}}
    assert list(trends.count_topics(reversed(papers))) == ["A", "B"]


# --- trend_chart ----------------------------------------------------------------------------------


def test_chart_is_accessible_and_describes_the_data() -> None:
    root = parse(trends.trend_chart(COUNTS, YEARS, "Papers per topic"))
    title, desc = check_accessible(root)
    assert title == "Papers per topic"
    assert root[0].get("id") == "ps-trend-papers-per-topic-title"
    assert [(e.tag, e.get("aria-hidden")) for e in root[2:]] == [(f"{{{trends.SVG_NS}}}g", "true")]
    assert "3 topics" in desc and "2024 to 2025" in desc
    assert "Most papers: Large language models (250), Reinforcement learning (118), Fairness (3)." in desc
    assert "Largest rise from 2024 to 2025: Large language models (+50)." in desc
    assert "Largest fall: Fairness (−3)." in desc


def test_chart_shows_the_same_numbers_as_the_rows() -> None:
    root = parse(trends.trend_chart(COUNTS, YEARS, "T"))
    rows = trends.trend_rows(COUNTS, YEARS)
    assert texts(root, "ps-trend-head") == ["Topic", "2024", "2025", "Total"]
    assert texts(root, "ps-trend-label") == [r.name for r in rows]
    assert texts(root, "ps-trend-num") == [str(n) for r in rows for n in r.counts]
    assert texts(root, "ps-trend-total") == [str(r.total) for r in rows]
    assert texts(root, "ps-trend-zero") == ["0"]  # Fairness in 2025


def test_bar_lengths_are_proportional_on_one_scale() -> None:
    root = parse(trends.trend_chart(COUNTS, YEARS, "T"))
    bars = rects(root, "ps-trend-bar")
    counts = [n for r in trends.trend_rows(COUNTS, YEARS) for n in r.counts if n]
    assert len(bars) == len(counts)  # no bar for a zero
    widths = [float(b.get("width", "")) for b in bars]
    scale = max(widths) / max(counts)
    for width, count in zip(widths, counts):
        assert width == pytest.approx(count * scale, abs=0.01)
    # Bars of a column start at the column's edge and fit inside the chart.
    xs = sorted({float(b.get("x", "")) for b in bars})
    assert len(xs) == 2
    assert max(float(b.get("x", "")) + float(b.get("width", "")) for b in bars) < float(root.get("width", ""))


def test_chart_uses_classes_and_current_color_only() -> None:
    svg = trends.trend_chart(COUNTS, YEARS, "T")
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb\(|hsl\(", svg)
    root = parse(svg)
    assert root.get("fill") == "currentColor"
    css = (Path(__file__).resolve().parent.parent / "theme/assets/trends.css").read_text(encoding="utf-8")
    used = {c for e in root.iter() for c in e.get("class", "").split()}
    assert used and all(f".{c}" in css for c in used)


@pytest.mark.parametrize("years", [[2024], [2025]])
def test_one_year(years: list[int]) -> None:
    root = parse(trends.trend_chart(COUNTS, years, "One year"))
    _, desc = check_accessible(root)
    assert f"{years[0]}:" in desc and "rise" not in desc
    assert texts(root, "ps-trend-head") == ["Topic", str(years[0]), "Total"]
    assert len(rects(root, "ps-trend-bar")) == len(trends.trend_rows(COUNTS, years))


@pytest.mark.parametrize("counts, years", [({}, YEARS), (COUNTS, []), ({"T": {2024: 0}}, YEARS)])
def test_nothing_to_show(counts: dict[str, dict[int, int]], years: list[int]) -> None:
    root = parse(trends.trend_chart(counts, years, "Empty"))
    _, desc = check_accessible(root)
    assert desc == "No papers to show."
    assert rects(root, "ps-trend-bar") == []
    assert "No papers." in texts(root, "ps-trend-num")


def test_names_are_escaped() -> None:
    svg = trends.trend_chart({EVIL: {2024: 1}}, YEARS, EVIL)
    assert "<script" not in svg and "--8<--" not in svg
    root = parse(svg)
    title, desc = check_accessible(root)
    assert title == EVIL
    assert texts(root, "ps-trend-label") == [EVIL]
    assert root[0].get("id") == "ps-trend-script-alert-x-script-q-8-f-title"


def test_long_names_are_shortened_with_the_full_name_as_tooltip() -> None:
    name = "A topic whose name is far too long to fit the label column of the chart"
    root = parse(trends.trend_chart({name: {2024: 1}}, YEARS, "T"))
    [label] = [t for t in root.iter(f"{{{trends.SVG_NS}}}text") if t.get("class") == "ps-trend-label"]
    assert label.text is not None and label.text.endswith("…") and len(label.text) == trends.LABEL_CHARS
    assert label[0].text == name


def test_whitespace_and_control_characters_cannot_break_the_block() -> None:
    name = "Line one\n\n\nline two\x00\x0b\ufffe\ttab"
    svg = trends.trend_chart({name: {2024: 2}}, YEARS, "Title\n\nwith gap")
    assert "\n\n" not in svg and "\n \n" not in svg
    root = parse(svg)
    assert texts(root, "ps-trend-label") == ["Line one line two tab"]
    assert root[0].text == "Title with gap"


def test_chart_is_deterministic() -> None:
    shuffled = {name: dict(reversed(list(per_year.items()))) for name, per_year in reversed(list(COUNTS.items()))}
    first = trends.trend_chart(COUNTS, YEARS, "T")
    assert trends.trend_chart(shuffled, list(reversed(YEARS)), "T") == first
    assert trends.trend_chart(COUNTS, YEARS, "T") == first


def test_many_topics_and_years_stay_in_bounds() -> None:
    years = list(range(2016, 2026))
    counts = {f"Topic {i:02}": {y: (i * y) % 97 + 1 for y in years} for i in range(35)}
    root = parse(trends.trend_chart(counts, years, "Ten years"))
    width, height = float(root.get("width", "")), float(root.get("height", ""))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert width <= 1100
    for element in root.iter():
        for attribute in ("x", "y"):
            if element.get(attribute) is not None:
                assert 0 <= float(element.get(attribute, "")) <= max(width, height)
    assert len(texts(root, "ps-trend-label")) == 35


@pytest.mark.parametrize(
    "make",
    [lambda: trends.trend_chart(COUNTS, YEARS, "T"), lambda: trends.sparkline(COUNTS["Fairness"], YEARS, EVIL)],
)
def test_python_markdown_passes_the_block_through(make: Callable[[], str]) -> None:
    """Inside a <div> raw HTML block (as the trends and topic pages use it), the SVG comes out unchanged."""
    svg = make()
    source = f"Before *text*.\n\n<div class=\"ps-trends\">\n{svg}\n</div>\n\nAfter.\n"
    html = markdown.markdown(source, extensions=["attr_list", "md_in_html", "tables", "toc"])
    assert svg in html


@settings(max_examples=60, deadline=None)
@given(name=st.text(max_size=40), title=st.text(max_size=40), count=st.integers(0, 10_000))
def test_any_name_gives_valid_svg(name: str, title: str, count: int) -> None:
    chart = trends.trend_chart({name: {2024: count}}, YEARS, title)
    spark = trends.sparkline({2024: count}, YEARS, name)
    for svg in (chart, spark):
        root = parse(svg)
        check_accessible(root)
        assert "\n\n" not in svg
    cleaned = re.sub("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]", "", title)
    assert parse(chart)[0].text == (" ".join(cleaned.split()) or "Papers per topic and year")


# --- sparkline ------------------------------------------------------------------------------------


def test_sparkline_title_and_bars() -> None:
    root = parse(trends.sparkline(COUNTS["Reinforcement learning"], YEARS, "Reinforcement learning"))
    title, desc = check_accessible(root)
    assert title == "Reinforcement learning: 57 papers in 2024, 61 in 2025"
    assert desc == "Column chart of papers per year, 2024 to 2025."
    assert root[0].get("id") == "ps-spark-reinforcement-learning-title"
    bars = rects(root, "ps-spark-bar")
    assert [b.get("class") for b in bars] == ["ps-spark-bar", "ps-spark-bar ps-spark-bar--last"]
    heights = [float(b.get("height", "")) for b in bars]
    assert heights[0] / heights[1] == pytest.approx(57 / 61, abs=0.002)
    # Bars stand on one baseline, inside the box.
    assert {float(b.get("y", "")) + float(b.get("height", "")) for b in bars} == {trends.SPARK_HEIGHT - 1}
    assert float(root.get("width", "")) <= trends.SPARK_WIDTH
    assert float(root.get("height", "")) == trends.SPARK_HEIGHT


def test_sparkline_wording_and_zeros() -> None:
    root = parse(trends.sparkline({2025: 1}, [2023, 2024, 2025], "Fairness"))
    assert root[0].text == "Fairness: 0 papers in 2023, 0 in 2024, 1 in 2025"
    assert len(rects(root, "ps-spark-bar")) == 1
    root = parse(trends.sparkline({2024: 1}, [2024], "Fairness"))
    assert root[0].text == "Fairness: 1 paper in 2024"
    assert root[1].text == "Column chart of papers in 2024."
    assert rects(root, "ps-spark-bar")[0].get("class") == "ps-spark-bar"  # one year: nothing to accent
    root = parse(trends.sparkline({}, [], "Fairness"))
    assert root[0].text == "Fairness: no papers"
    root = parse(trends.sparkline({2024: 2}, [2024], " \n"))
    assert root[0].text == "Papers: 2 papers in 2024"


def test_sparkline_fits_ten_years() -> None:
    years = list(range(2016, 2026))
    root = parse(trends.sparkline({y: y - 2015 for y in years}, years, "T"))
    bars = rects(root, "ps-spark-bar")
    assert len(bars) == 10
    assert max(float(b.get("x", "")) + float(b.get("width", "")) for b in bars) <= trends.SPARK_WIDTH + 0.01


def test_sparkline_is_deterministic() -> None:
    a = trends.sparkline({2025: 4, 2024: 2}, [2025, 2024], "T")
    assert a == trends.sparkline({2024: 2, 2025: 4}, [2024, 2025], "T")
    assert "\n" not in a
