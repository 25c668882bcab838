"""Topic and year pages: every paper once, in pages of bounded size, linked by a pager."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator import cli
from generator.model import Paper, Source
from generator.plan import listings
from generator.render import markdown as render

from .conftest import copy_project


def paper(i: int, year: int, topics: tuple[str, ...] = ("Graphs",)) -> Paper:
    return Paper(
        f"abstract {i}", "ICLR", year, Source(Path("t.txt"), i),
        title=f"Paper {i:02d}", id=f"id{i:02d}", slug=f"paper-{i:02d}", text=f"Text {i}", summary=f"Summary {i}.", topics=topics,
    )


def listed(spec: render.PageSpec) -> list[str]:
    return [row.paper.id for group in spec.context["groups"] for row in group["rows"]]


@pytest.fixture
def small_pages(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(listings, "PAGE_ROWS", 3)
    return 3


def test_a_short_list_is_one_page_with_no_pager(small_pages: int) -> None:
    (spec,) = listings.topic_pages("Graphs", "graphs", "About graphs.", [paper(1, 2024), paper(2, 2025)], [2024, 2025])
    assert spec.source == "topics/graphs.md" and spec.context["pager"] is None
    assert spec.front_matter["title"] == "Graphs"
    assert listed(spec) == ["id02", "id01"]  # newest year first


def test_a_long_topic_is_cut_into_pages_in_list_order(small_pages: int) -> None:
    papers = [paper(i, 2024 + i % 2) for i in range(8)]
    specs = listings.topic_pages("Graphs", "graphs", "About graphs.", papers, [2024, 2025])
    assert [s.source for s in specs] == ["topics/graphs.md", "topics/graphs/2.md", "topics/graphs/3.md"]
    assert [len(listed(s)) for s in specs] == [3, 3, 2]
    # Every paper once, in the order one long page would show them: 2025 first, then by title.
    assert sum((listed(s) for s in specs), []) == ["id01", "id03", "id05", "id07", "id00", "id02", "id04", "id06"]
    # 2025 runs on into page 2: its heading is carried over.
    assert [g["year"] for g in specs[1].context["groups"]] == [2025, 2024]
    assert specs[1].front_matter["title"] == "Graphs (page 2 of 3)"
    # Every page counts the whole topic.
    assert all(s.context["count"] == 8 for s in specs)


def test_pager_links_every_page_relative_to_its_own(small_pages: int) -> None:
    specs = listings.topic_pages("Graphs", "graphs", "", [paper(i, 2024) for i in range(7)], [2024])
    first, second, third = (s.context["pager"] for s in specs)
    assert (first["previous"], first["next"]) == (None, "graphs/2.md")
    assert (second["previous"], second["next"]) == ("../graphs.md", "3.md")
    assert [p["link"] for p in second["pages"]] == ["../graphs.md", None, "3.md"]
    assert (third["previous"], third["next"]) == ("2.md", None)
    # Rows link to paper pages from where their page is.
    assert specs[1].context["groups"][0]["rows"][0].link == "../../papers/2024/paper-03.md"


def test_a_topic_shows_its_papers_per_year_as_a_sparkline_only_when_there_are_years_to_compare() -> None:
    two_years = [paper(1, 2023), paper(2, 2025)]
    (page,) = listings.topic_pages("Graphs", "graphs", "About graphs.", two_years, [2023, 2024, 2025])
    assert page.context["spark"].startswith("<svg") and 'class="ps-spark-base"' in page.context["spark"]
    (page,) = listings.topic_pages("Graphs", "graphs", "About graphs.", [paper(1, 2024)], [2024])
    assert page.context["spark"] == ""
    assert b"ps-sparkline" not in render.Renderer().page(page)


def test_year_pages_group_by_main_topic_across_page_breaks(small_pages: int) -> None:
    papers = [paper(i, 2024, ("Graphs",) if i < 4 else ("Agents", "Graphs")) for i in range(6)]
    specs = listings.year_pages(2024, papers)
    assert [s.source for s in specs] == ["years/2024.md", "years/2024/2.md"]
    assert [[g["name"] for g in s.context["groups"]] for s in specs] == [["Agents", "Graphs"], ["Graphs"]]
    assert sum((listed(s) for s in specs), []) == ["id04", "id05", "id00", "id01", "id02", "id03"]


def test_paged_lists_build_strictly_and_link_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listings, "PAGE_ROWS", 4)
    project = copy_project(tmp_path / "project")
    assert cli.main(["build", "-q", "-f", str(project / "mkdocs.yml")]) == 0  # strict: every pager link resolves
    site = project / "site"
    later = sorted(site.glob("years/*/[0-9]*/index.html"))
    assert later, "the bundled corpus should need more than one page per year at 4 rows a page"
    html = later[0].read_text(encoding="utf-8")
    assert re.search(r'<nav class="ps-pager">\s*<p>Page 2 of \d+: <a href="../">Previous</a>', html)
    first = (later[0].parent.parent / "index.html").read_text(encoding="utf-8")
    assert '<a href="2/">2</a>' in first
