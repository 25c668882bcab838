"""End to end, as a user: build the bundled corpus strictly and check the site."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from generator import cli

from .conftest import copy_project, index_part

PAPERS_IN_BUNDLE = {2024: 19, 2025: 16}


def build(project: Path, *args: str) -> int:
    return cli.main(["build", "-q", "-f", str(project / "mkdocs.yml"), *args])


def tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("built") / "project")
    assert build(project) == 0
    return project


@pytest.fixture(scope="module")
def papers(built: Path) -> list[dict]:
    return json.loads((built / "site" / "papers.json").read_text(encoding="utf-8"))


def test_every_bundled_paper_gets_a_page(built: Path, papers: list[dict]) -> None:
    for year, count in PAPERS_IN_BUNDLE.items():
        pages = list((built / "site" / "papers" / str(year)).glob("*/index.html"))
        assert len(pages) == count
    assert len(papers) == sum(PAPERS_IN_BUNDLE.values())
    for record in papers:
        assert (built / "site" / record["url"] / "index.html").is_file(), record["url"]


def test_papers_json_fields(papers: list[dict]) -> None:
    fields = {
        "id", "title", "title_source", "venue", "year", "topics", "topics_by_corpus", "related", "map", "keywords",
        "authors", "github", "url", "summary", "abstract",
    }
    for record in papers:
        assert set(record) == fields
        assert record["title_source"] == "inferred"  # the plain layout gives no titles
        assert record["venue"] == "ICLR" and record["year"] in PAPERS_IN_BUNDLE
        assert 1 <= len(record["topics"]) <= 4
        assert set(record["topics_by_corpus"]) <= set(record["topics"])
        assert record["url"] == f"papers/{record['year']}/{record['url'].split('/')[2]}/"
        assert "\\" not in record["abstract"] and "\\" not in record["title"]
    assert len({r["title"].casefold() for r in papers}) == len(papers)
    assert len({r["id"] for r in papers}) == len(papers)
    keys = [(-r["year"], r["url"]) for r in papers]
    assert keys == sorted(keys)


def test_github_links_are_canonical_badges(built: Path, papers: list[dict]) -> None:
    repos = sorted(url for r in papers for url in r["github"])
    assert "https://github.com/czlwang/PopulationTransformer" in repos
    assert "https://github.com/marccoru/locationencoder" in repos  # trailing "." dropped
    assert len(repos) == 8
    record = next(r for r in papers if "https://github.com/czlwang/PopulationTransformer" in r["github"])
    html = (built / "site" / record["url"] / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a[^>]*class="ps-badge"[^>]*href="https://github.com/czlwang/PopulationTransformer"', html) or re.search(
        r'<a[^>]*href="https://github.com/czlwang/PopulationTransformer"[^>]*class="ps-badge"', html
    )
    assert "czlwang/PopulationTransformer</a>" in html
    assert "<svg" in html  # the GitHub mark, inline


def test_coined_names_lead_inferred_titles(papers: list[dict]) -> None:
    titles = [r["title"] for r in papers]
    for name in ("URLOST", "CRATE-MAE", "PopT", "MAESTRO"):
        assert any(name in t for t in titles), name
    assert all(len(t) <= 100 for t in titles)


def test_paper_page_shows_everything(built: Path, papers: list[dict]) -> None:
    record = next(r for r in papers if "URLOST" in r["abstract"])
    html = (built / "site" / record["url"] / "index.html").read_text(encoding="utf-8")
    assert "Title inferred from the abstract" in html
    assert "ICLR 2025" in html
    chips = dict(re.findall(r'href="../../../topics/([^"/]+)/"[^>]*>([^<]+)<', html))
    for topic in record["topics"]:
        assert topic in chips.values()  # each topic is a chip linking to its topic page
    assert "ps-topic" in html


def test_math_is_rendered_offline_and_no_tex_is_left(built: Path) -> None:
    pages = list((built / "site" / "papers").glob("*/*/index.html"))
    math_pages = 0
    for page in pages:
        html = page.read_text(encoding="utf-8")
        body = html.split('class="ps-abstract"', 1)[1].split("</div>", 1)[0]
        text = re.sub(r"<math.*?</math>", "", body, flags=re.S)
        assert not re.search(r"\\[A-Za-z]+", text), page
        assert "$" not in text, page
        math_pages += "<math" in body
    assert math_pages >= 3


def test_site_loads_nothing_from_the_network(built: Path) -> None:
    remote = re.compile(r'<(?:script|link|img|iframe|source)\b[^>]*(?:src|href)="(?:https?:)?//', re.I)
    for page in (built / "site").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not remote.search(html), page
        assert "fonts.googleapis" not in html and "fonts.gstatic" not in html


def test_list_rows_draw_the_code_mark_from_one_stylesheet(built: Path, papers: list[dict]) -> None:
    # A row's GitHub mark is a CSS mask, not an inline copy of the icon per row (1.6 KB each:
    # a third of the All papers page at 10,000 papers, when rows carried it).
    site = built / "site"
    repos = sum(len(r["github"]) for r in papers)
    assert repos
    for kind in ("papers/index.html", "topics/*/index.html", "years/*/index.html"):
        rows = [row for page in site.glob(kind) for row in re.findall(r"<li\b.*?</li>", page.read_text("utf-8"), re.S)]
        marks = [row for row in rows if "ps-icon-github" in row]
        assert len(marks) >= (len([r for r in papers if r["github"]]) if kind == "papers/index.html" else repos), kind
        assert not any("<svg" in row for row in marks), kind
    css = (site / "assets/stylesheets/icons.css").read_text(encoding="utf-8")
    assert re.search(r'--ps-icon-github: url\("data:image/svg\+xml;charset=utf-8,%3Csvg[^"]*%3C/svg%3E"\)', css)
    assert 'href="../assets/stylesheets/icons.css"' in (site / "papers/index.html").read_text(encoding="utf-8")


def test_index_pages_exist_and_stay_out_of_search(built: Path, papers: list[dict]) -> None:
    site = built / "site"
    for path in (
        "topics/index.html", "years/index.html", "years/2024/index.html", "years/2025/index.html",
        "report/index.html",
    ):
        assert (site / path).is_file(), path
    for topic in {t for r in papers for t in r["topics"]}:
        assert topic in (site / "topics/index.html").read_text(encoding="utf-8")
    # Material's index holds the few hand-written pages; papersite's own finds the papers
    # (a card each), and no index page.
    index = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert not any(loc.startswith(("papers/", "topics/", "years/", "report/")) for loc in locations)
    cards = [index_part(p.read_text(encoding="utf-8")) for p in site.glob("searchindex/d/*/*.js")]
    assert sorted(c["u"] for c in cards) == sorted(r["url"] for r in papers)


def test_navigation_lists_index_pages_only(built: Path) -> None:
    html = (built / "site/index.html").read_text(encoding="utf-8")
    navs = re.findall(r"<nav\b.*?</nav>", html, flags=re.S)
    assert navs and not any(re.search(r'href="[^"]*papers/\d{4}/', nav) for nav in navs)
    tabs = html.split('class="md-tabs__list"', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r'md-tabs__link">\s*([^<]+?)\s*<', tabs) == ["Home", "Topics", "Years", "All papers", "Map", "Trends", "About"]
    # Topics lists the topics: the Tags page sites once had leads there.
    assert 'content="0; url=../topics/"' in (built / "site/tags/index.html").read_text(encoding="utf-8")


def test_home_page_says_what_the_site_holds(built: Path) -> None:
    html = (built / "site/index.html").read_text(encoding="utf-8")
    assert "<strong>35</strong> papers" in html
    assert "2025, 2024" in html


def test_rebuilding_the_same_input_rewrites_nothing(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert build(built) == 0
    assert "0 pages written" in capsys.readouterr().out


def test_build_ends_with_the_quality_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = copy_project(tmp_path / "project")
    assert cli.main(["build", "-f", str(project / "mkdocs.yml")]) == 0
    out = capsys.readouterr().out
    assert "Site built in" in out
    assert "Titles: 35 of 35 inferred from the abstract." in out
    assert "Code: 8 papers (23%) with a link to a GitHub repository" in out


def test_builds_are_byte_identical(tmp_path: Path, built: Path) -> None:
    other = copy_project(tmp_path / "elsewhere")
    assert build(other) == 0
    for folder in ("site", "site_src"):
        assert tree_digest(other / folder) == tree_digest(built / folder), folder


def test_data_files_validate_and_parse(built: Path, papers: list[dict]) -> None:
    import bibtexparser
    import feedparser
    import jsonschema

    site = built / "site"
    schema = json.loads((site / "papers.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(papers, schema)
    ids = {r["id"] for r in papers}
    assert all(len(r["related"]) == 5 and set(r["related"]) <= ids - {r["id"]} for r in papers)

    feed = feedparser.parse((site / "feed.xml").read_text(encoding="utf-8"))
    assert not feed.bozo and len(feed.entries) == len(papers)
    assert [int(e.updated[:4]) for e in feed.entries] == sorted((r["year"] for r in papers), reverse=True)

    bib = bibtexparser.loads((site / "papers.bib").read_text(encoding="utf-8"))
    assert len(bib.entries) == len(papers) == len({e["ID"] for e in bib.entries})
    assert {e["year"] for e in bib.entries} == {"2024", "2025"}

    for topic in {t for r in papers for t in r["topics"]}:
        slug = next(p for p in (site / "topics").glob("*.json") if topic in p.read_text(encoding="utf-8"))
        assert slug.is_file()


def test_paper_pages_cite_and_relate(built: Path, papers: list[dict]) -> None:
    record = next(r for r in papers if "URLOST" in r["abstract"])
    html = (built / "site" / record["url"] / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="citation_title" content="{record["title"]}">' in html
    assert '<meta name="citation_publication_date" content="2025">' in html
    assert "@inproceedings{" in html and "Title inferred from the abstract" in html
    related = html.split('class="ps-related"', 1)[1].split("</div>", 1)[0]
    titles = {r["id"]: r["title"] for r in papers}
    for other in record["related"]:
        assert titles[other].split(":")[0] in related
