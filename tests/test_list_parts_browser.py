"""All papers in a real browser when it is paged and its rows come in parts (issue 34).

The bundled corpus (35 papers) is built with pages of ``PAGE`` rows and parts of ``PART``
rows, so the list has several pages and parts as a large corpus has, hosted (under a
sub-path) and offline (file://). Without scripts, the pager reaches every paper; with them,
a filter finds papers on other pages than the first, and scrolling brings the rest of the
list. Each check runs on fresh page loads; no request leaves the machine.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from generator import cli, urls
from generator.plan import listings

from .browser import serve
from .conftest import copy_project

pytestmark = pytest.mark.browser

#: Rows a page shows and rows a part holds: the 35 papers make 4 pages and 5 parts.
PAGE = 10
PART = 8
#: Fresh page loads each check is made on.
LOADS = 3


@dataclass(frozen=True)
class Site:
    """A built site to browse, and the papers it holds in the order of All papers."""

    name: str
    home: str
    local: str
    papers: list[dict]

    def url(self, source: str) -> str:
        """Return the URL of the page made from a Markdown source."""
        path = source.removesuffix(".md") + ".html" if self.name == "offline" else urls.url_of(source)
        return self.home.removesuffix("index.html") + path

    def paper_url(self, record: dict) -> str:
        """Return the URL of a paper's page."""
        return self.url(record["url"].rstrip("/") + ".md")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    project = copy_project(tmp_path_factory.mktemp("parts") / "project")
    config = str(project / "mkdocs.yml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(listings, "PAGE_ROWS", PAGE)
        patch.setattr(listings, "LIST_PART_ROWS", PART)
        assert cli.main(["build", "-q", "-f", config, "-d", str(project.parent / "www" / "repo")]) == 0
        assert cli.main(["bundle", "-q", "-f", config, "-o", str(project.parent / "bundle.zip")]) == 0
    yield project


@pytest.fixture(scope="module", params=["hosted", "offline"])
def site(request: pytest.FixtureRequest, built: Path) -> Iterator[Site]:
    records = json.loads((built / "site_src" / urls.PAPERS_JSON).read_text(encoding="utf-8"))
    ordered = sorted(records, key=lambda r: (-r["year"], r["title"].casefold(), r["id"]))
    if request.param == "hosted":
        with serve(built.parent / "www") as base:
            yield Site("hosted", f"{base}/repo/", base + "/", ordered)
    else:
        with zipfile.ZipFile(built.parent / "bundle.zip") as archive:
            archive.extractall(built.parent / "unzipped")
        home = built.parent / "unzipped" / "bundle" / "index.html"
        yield Site("offline", home.as_uri(), "file://", ordered)


@pytest.fixture
def open_page(browser: Browser, site: Site) -> Iterator:
    """Return what opens a page in a fresh context (scripts on or off), recording its requests."""
    contexts = []
    requests: list[str] = []

    def open_(source: str, scripts: bool = True) -> Page:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=scripts)
        contexts.append(context)
        page = context.new_page()
        page.on("request", lambda request: requests.append(request.url))
        page.goto(site.url(source))
        return page

    yield open_
    for context in contexts:
        context.close()
    assert requests and [url for url in requests if not url.startswith(site.local)] == []


def _parts_loaded(page: Page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('script[src*="/listindex/"]')]
                                  .map((s) => s.src.split("/listindex/")[1])""")


def test_without_scripts_the_pager_reaches_every_paper(open_page, site: Site) -> None:
    page = open_page(urls.ALL_PAPERS, scripts=False)
    seen: list[str] = []
    pages = 0
    while True:
        pages += 1
        links = page.locator(".ps-filterable li[data-year] a.ps-row-title")
        seen += [link.evaluate("a => a.href") for link in links.all()]
        assert links.count() <= PAGE
        following = page.locator(".ps-pager a", has_text="Next")
        if not following.count():
            break
        following.first.click()
        expect(page.locator("h1").first).to_have_text(f"All papers (page {pages + 1} of 4)")
    assert pages == 4
    assert seen == [site.paper_url(record) for record in site.papers]  # every paper once, in order


def test_a_page_loads_no_part_until_the_reader_filters_or_scrolls(open_page, site: Site) -> None:
    for _ in range(LOADS):
        page = open_page(urls.ALL_PAPERS)
        expect(page.locator(".ps-filter-count")).to_have_text(f"{len(site.papers)} papers")
        page.wait_for_load_state("networkidle")
        assert _parts_loaded(page) == []
        assert page.locator(".ps-filterable li[data-year]:visible").count() == PAGE


def test_filtering_by_the_last_papers_title_finds_it_and_opens_it(open_page, site: Site) -> None:
    last = site.papers[-1]
    for _ in range(LOADS):
        page = open_page(urls.ALL_PAPERS)
        page.locator("input[name=words]").fill(last["title"].lower())
        count = page.locator(".ps-filter-count")
        expect(count).to_have_text(f"1 of {len(site.papers)} papers")
        found = page.locator(".ps-filterable li[data-year]:visible")
        expect(found).to_have_count(1)
        expect(found.locator("a.ps-row-title")).to_have_text(last["title"])
        assert len(_parts_loaded(page)) == -(-len(site.papers) // PART)  # it looked through every part
        found.locator("a.ps-row-title").click()
        expect(page.locator("article h1").first).to_have_text(last["title"])


def test_a_readers_click_on_a_found_paper_opens_it(open_page, site: Site) -> None:
    """A person's click is a press and, a moment later, a release; the words box loses focus
    at the press and fires "change". The list must still hold the same row at the release."""
    last = site.papers[-1]
    for _ in range(LOADS * 2):
        page = open_page(urls.ALL_PAPERS)
        page.locator("input[name=words]").fill(last["title"].lower())
        expect(page.locator(".ps-filter-count")).to_have_text(f"1 of {len(site.papers)} papers")
        box = page.locator(".ps-filterable li[data-year]:visible a.ps-row-title").bounding_box()
        page.mouse.move(box["x"] + 4, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_timeout(120)
        page.mouse.up()
        expect(page.locator("article h1").first).to_have_text(last["title"])


@pytest.mark.parametrize("facet", ["topic", "year", "code"])
def test_a_filter_finds_papers_beyond_the_first_page(open_page, site: Site, facet: str) -> None:
    beyond = site.papers[PAGE:]
    if facet == "topic":  # the topic of the last paper, whose papers are on several pages
        value = urls.slug(beyond[-1]["topics"][0])
        wanted = [r for r in site.papers if value in {urls.slug(t) for t in r["topics"]}]
    elif facet == "year":  # the oldest year: all of it after the first page
        value = str(site.papers[-1]["year"])
        wanted = [r for r in site.papers if str(r["year"]) == value]
    else:
        value = "1"
        wanted = [r for r in site.papers if r["github"]]
    assert any(r in beyond for r in wanted)
    for _ in range(LOADS):
        page = open_page(f"{urls.ALL_PAPERS}")
        if facet == "code":
            page.locator("input[name=code]").check()
        else:
            page.locator(f"select[name={facet}]").select_option(value)
        expect(page.locator(".ps-filter-count")).to_have_text(f"{len(wanted)} of {len(site.papers)} papers")
        found = page.locator(".ps-filterable li[data-year]:visible a.ps-row-title")
        assert [a.evaluate("a => a.href") for a in found.all()] == [site.paper_url(r) for r in wanted]
        if facet == "year":  # the parts of newer years only are not loaded
            assert "0.js" not in _parts_loaded(page)
        # Cleared, the filter gives the page's own rows back.
        if facet == "code":
            page.locator("input[name=code]").uncheck()
        else:
            page.locator(f"select[name={facet}]").select_option("")
        expect(page.locator(".ps-filter-count")).to_have_text(f"{len(site.papers)} papers")
        expect(page.locator(".ps-filterable li[data-year]:visible")).to_have_count(PAGE)


def test_a_filter_in_the_address_applies_on_a_later_page(open_page, site: Site) -> None:
    year = site.papers[0]["year"]
    wanted = [r for r in site.papers if r["year"] == year and r["github"]]
    page = open_page(urls.all_papers_source(3))
    page.goto(page.url + f"?year={year}&code=1")
    expect(page.locator(".ps-filter-count")).to_have_text(f"{len(wanted)} of {len(site.papers)} papers")
    expect(page.locator(".ps-filterable li[data-year]:visible")).to_have_count(len(wanted))


def test_scrolling_brings_the_rest_of_the_list(open_page, site: Site) -> None:
    for _ in range(LOADS):
        page = open_page(urls.ALL_PAPERS)
        rows = page.locator(".ps-filterable li[data-year]")
        expect(rows).to_have_count(PAGE)
        for _ in range(10):
            page.mouse.wheel(0, 20_000)
            page.wait_for_timeout(100)
            if rows.count() == len(site.papers):
                break
        expect(rows).to_have_count(len(site.papers))
        links = [a.evaluate("a => a.href") for a in rows.locator("a.ps-row-title").all()]
        assert links == [site.paper_url(r) for r in site.papers]
        marks = rows.locator(".ps-icon-github")
        assert marks.count() == sum(1 for r in site.papers if r["github"])
        expect(marks.last).to_be_visible()


def test_a_long_year_page_leads_to_all_papers_filtered_by_its_year(open_page, site: Site) -> None:
    year = site.papers[0]["year"]
    wanted = [r for r in site.papers if r["year"] == year]
    assert len(wanted) > PAGE  # the year's page is paged: it offers the filter
    for _ in range(LOADS):
        page = open_page(urls.year_source(year))
        page.get_by_role("link", name="filter them in All papers").click()
        expect(page.locator("select[name=year]")).to_have_value(str(year))
        expect(page.locator(".ps-filter-count")).to_have_text(f"{len(wanted)} of {len(site.papers)} papers")
        found = page.locator(".ps-filterable li[data-year]:visible a.ps-row-title")
        assert [a.evaluate("a => a.href") for a in found.all()] == [site.paper_url(r) for r in wanted]
