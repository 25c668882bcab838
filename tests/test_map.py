"""The Map tab's layout and data: papers of a topic sit together, the same on every run, and
every paper's place is in papers.json and in the map's own compact files."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from generator import cli
from generator.enrich.topics import load_taxonomy
from generator.model import Paper, Source
from generator.plan import paper_map
from generator.render import map_files

from .conftest import FIXTURES, ROOT, copy_project, enriched_papers


def read_points(script: str) -> dict:
    """Return the data of ``map/points.js`` with its numbers read: x, y, year and topic lists."""
    data = json.loads(script.split(",", 2)[2].rstrip(");\n"))

    def numbers(text: str, width: int) -> list[int]:
        digits = map_files.DIGITS
        return [
            sum(digits.index(text[at + k]) * 64 ** (width - 1 - k) for k in range(width))
            for at in range(0, len(text), width)
        ]

    xy = numbers(data["xy"], 2)
    year_width, topic_width = data["widths"]
    data.update(
        x=xy[0::2], y=xy[1::2], year=numbers(data["year"], year_width),
        topic=[numbers(codes, topic_width) for codes in data["topic"].split(",")] if xy else [],
    )  # fmt: skip
    return data


@pytest.fixture(scope="module")
def corpus() -> tuple[Paper, ...]:
    """About 200 real abstracts of two venues (ICLR and 3DV), enriched: enough for t-SNE."""
    return enriched_papers(FIXTURES / "subtopics", ROOT / "data", FIXTURES / "golden" / "corpus")


def test_papers_sharing_a_topic_sit_closer_than_random_pairs(corpus: tuple[Paper, ...]) -> None:
    places = paper_map.layout(corpus)
    assert len(corpus) > 4 * paper_map.MIN_TSNE
    ratio = paper_map.topic_ratio(corpus, places, ignore=load_taxonomy().fallback.name)
    assert ratio <= 0.8, ratio


def test_the_same_input_gives_the_same_map_in_any_order(corpus: tuple[Paper, ...]) -> None:
    places = paper_map.layout(corpus)
    assert paper_map.layout(list(reversed(corpus))) == places
    assert set(places) == {p.id for p in corpus}
    for x, y in places.values():
        assert 0 <= x <= 1 and 0 <= y <= 1
        assert round(x, paper_map.DECIMALS) == x and round(y, paper_map.DECIMALS) == y


def test_the_map_fills_the_square_along_its_longer_side(corpus: tuple[Paper, ...]) -> None:
    xy = list(paper_map.layout(corpus).values())
    spans = [max(v[k] for v in xy) - min(v[k] for v in xy) for k in (0, 1)]
    assert max(spans) == 1.0


def test_papers_beyond_the_laid_out_sample_land_beside_their_nearest(
    corpus: tuple[Paper, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    full = paper_map.layout(corpus)
    monkeypatch.setattr(paper_map, "OPTIMISED", len(corpus) // 2)
    sampled = paper_map.layout(corpus)
    assert set(sampled) == set(full)
    ratio = paper_map.topic_ratio(corpus, sampled, ignore=load_taxonomy().fallback.name)
    # Random places give 1.0; the whole fixture laid out gives 0.76; half of it, the rest placed beside
    # their nearest, 0.86 (81 papers are few for t-SNE: at 100,000 the sample is 20,000).
    assert ratio <= 0.9, ratio


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_tiny_corpora_get_distinct_places(n: int) -> None:
    papers = [
        Paper(f"abstract {i}", "ICLR", 2024, Source(Path("t.txt"), i), title=f"title {i}", id=f"{i:012x}", text=f"words {i}")
        for i in range(n)
    ]
    places = paper_map.layout(papers)
    assert len(places) == n and len(set(places.values())) == n


def test_points_file_names_each_papers_place_topics_and_year(corpus: tuple[Paper, ...]) -> None:
    places = paper_map.layout(corpus)
    papers = [replace(p, place=places[p.id]) for p in corpus]
    files = map_files.map_files(papers)
    text = files["map/points.js"].decode()
    assert text.startswith('__psMap("points",0,')
    points = read_points(text)
    assert len(text) < 40 + 12 * len(papers) + sum(len(t) + 3 for t in points["topics"])  # compact: ~9 bytes a paper
    assert len(points["x"]) == len(points["y"]) == len(points["year"]) == len(points["topic"]) == len(papers)
    parts = sorted(k for k in files if k.startswith("map/t/"))
    assert len(parts) == -(-len(papers) // map_files.CHUNK)
    titles = json.loads(files["map/t/0.js"].decode().split(",", 2)[2].rstrip(");\n"))
    by_title = {p.title: p for p in papers}
    for i, (title, _url) in enumerate(titles[:20]):
        paper = by_title[title]
        assert (points["x"][i], points["y"][i]) == (round(paper.place[0] * 1000), round(paper.place[1] * 1000))
        assert points["years"][points["year"][i]] == paper.year
        assert [points["topics"][t] for t in points["topic"][i]] == list(paper.topics)


def test_papers_json_gives_each_paper_its_map_place_and_two_builds_agree(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    config = str(project / "mkdocs.yml")
    assert cli.main(["generate", "-q", "-f", config]) == 0
    docs = project / "site_src"
    first = {p: p.read_bytes() for p in sorted((docs / "map").rglob("*")) if p.is_file()}
    records = json.loads((docs / "papers.json").read_text(encoding="utf-8"))
    assert records and all(len(r["map"]) == 2 and all(0 <= v <= 1 for v in r["map"]) for r in records)
    assert len({tuple(r["map"]) for r in records}) == len(records)
    papers_json = (docs / "papers.json").read_bytes()
    for path in first:
        path.unlink()
    (docs / "papers.json").unlink()
    assert cli.main(["generate", "-q", "-f", config]) == 0
    assert {p: p.read_bytes() for p in sorted((docs / "map").rglob("*")) if p.is_file()} == first
    assert (docs / "papers.json").read_bytes() == papers_json


def test_papers_alike_but_for_a_number_get_a_map() -> None:
    """Abstracts whose words are all common to every paper have empty vectors: still a map, no crash."""
    papers = [
        Paper(abstract=f"We study tiny case {i} of sparse graphs.", venue="V", year=2024, source=Source(Path("t"), i + 1),
              id=f"{i:012x}", title=f"Tiny case {i}", text=f"We study tiny case {i} of sparse graphs.")  # fmt: skip
        for i in range(300)
    ]
    places = paper_map.layout(papers)
    assert len(places) == 300 and len(set(places.values())) > 150  # spread out, not all on one point
    assert paper_map.layout(papers) == places
