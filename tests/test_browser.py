"""The built site in a real browser, hosted (under a sub-path) and offline (file://).

Both variants are browsed like a person would: navigation, search, math, badges and
the dark palette. Every request is recorded; none may leave the machine. Screenshots
go to artifacts/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Error, Page, expect

from generator import cli, urls

from .browser import ARTIFACTS, serve
from .conftest import copy_project

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Site:
    """A site to browse: its home page URL and the prefix every request must have."""

    name: str
    home: str
    local: str

    def url(self, source: str) -> str:
        """Return the URL of the page made from a Markdown source (``topics/index.md``)."""
        path = source.removesuffix(".md") + ".html" if self.name == "offline" else urls.url_of(source)
        return self.home.removesuffix("index.html") + path


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(tmp_path_factory.mktemp("browse") / "project")


@pytest.fixture(scope="module", params=["hosted", "offline"])
def site(request: pytest.FixtureRequest, project: Path) -> Iterator[Site]:
    config = str(project / "mkdocs.yml")
    if request.param == "hosted":
        # Served under /repo/, as GitHub Pages serves a project site.
        www = project.parent / "www"
        assert cli.main(["build", "-q", "-f", config, "-d", str(www / "repo")]) == 0
        with serve(www) as base:
            yield Site("hosted", f"{base}/repo/", base + "/")
    else:
        bundle = project.parent / "bundle.zip"
        assert cli.main(["bundle", "-q", "-f", config, "-o", str(bundle)]) == 0
        with zipfile.ZipFile(bundle) as archive:
            archive.extractall(project.parent / "unzipped")
        home = project.parent / "unzipped" / "bundle" / "index.html"
        yield Site("offline", home.as_uri(), "file://")


@pytest.fixture
def page(browser: Browser, site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    yield page
    context.close()
    assert requests, "no request was recorded"
    # blob: URLs would be in-memory objects the page made itself: never a request out.
    assert [url for url in requests if not url.startswith((site.local, "blob:"))] == []
    assert dialogs == []


def shot(page: Page, site: Site, name: str) -> None:
    """Save a screenshot for people to look at (an artifact, not an assertion)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = str(ARTIFACTS / f"{site.name}-{name}.png")
    try:
        page.screenshot(path=path)
    except Error as error:  # Chromium now and then fails a capture mid-repaint: once more, a frame later
        if "Unable to capture screenshot" not in error.message:
            raise
        settle(page)
        page.screenshot(path=path)


def settle(page: Page) -> None:
    """Wait until the filter has run: it applies changes on the next animation frame."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def search(page: Page, query: str) -> None:
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)


def test_browse_home_topics_topic_paper_back_and_years(page: Page, site: Site) -> None:
    page.goto(site.home)
    expect(page.locator("h1").first).to_contain_text("ICLR 2024–2025 Papers")
    shot(page, site, "home-light")
    page.locator(".md-tabs").get_by_role("link", name="Topics", exact=True).click()
    expect(page.locator("h1").first).to_have_text("Topics")
    page.locator("article table a").first.click()
    topic = page.locator("h1").first.inner_text()
    shot(page, site, "topic-light")
    more = page.locator("details.ps-more").first
    more.locator("summary").click()  # each row folds its abstract away
    expect(more).to_have_attribute("open", "")
    assert len(more.inner_text()) > 300
    page.locator("article li a.ps-row-title").first.click()
    expect(page.locator(".ps-abstract")).to_be_visible()
    expect(page.locator("a.ps-topic", has_text=topic)).to_be_visible()
    page.go_back()
    expect(page.locator("h1").first).to_have_text(topic)
    page.locator(".md-tabs").get_by_role("link", name="Years", exact=True).click()
    expect(page.locator("h1").first).to_have_text("Years")
    page.locator("article table a").first.click()
    expect(page.locator("h1").first).to_have_text(re.compile(r"^\d{4}$"))
    # Folded abstracts are shown as written: no Markdown escape (``\(``, ``\_``) shows as a backslash.
    folded = page.locator("details.ps-more").all_text_contents()
    assert folded and not [text for text in folded if re.search(r"\\[`*_\[\]{}()#+!|]", text)]
    # Written as character references (render.PageSpec.ascii), shown as the characters.
    assert any(re.search(r"[^\x00-\x7f]", text) for text in folded)
    assert not [text for text in folded if re.search(r"&#?\w+;", text)]


def test_search_finds_a_coined_name_first_and_opens_it(page: Page, site: Site) -> None:
    page.goto(site.home)
    search(page, "URLOST")
    first = page.locator(".md-search-result__item").first
    expect(first.locator("h1, h2").first).to_contain_text("URLOST")
    shot(page, site, "search-light")
    first.locator("a").first.click()
    expect(page.locator("article h1").first).to_contain_text("URLOST")
    assert "/papers/2025/" in page.url


def test_badge_links_to_the_repository_with_an_inline_mark(page: Page, site: Site) -> None:
    page.goto(site.home)
    search(page, "PopT")
    page.locator(".md-search-result__item a").first.click()
    badge = page.locator("a.ps-badge").first
    expect(badge).to_have_attribute("href", "https://github.com/czlwang/PopulationTransformer")
    expect(badge).to_have_text(re.compile(r"czlwang/PopulationTransformer"))
    expect(badge.locator("svg")).to_be_visible()
    shot(page, site, "paper-light")


def test_math_is_laid_out_and_no_tex_shows(page: Page, site: Site, project: Path) -> None:
    import json

    papers = json.loads((project / "site_src" / "papers.json").read_text(encoding="utf-8"))
    for record in papers:
        page.goto(site.url(record["url"].rstrip("/") + ".md"))
        if page.locator(".ps-abstract math").count():
            break
    else:
        pytest.fail("no paper page has mathematics")
    box = page.locator(".ps-abstract math").first.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0
    assert not re.search(r"\\[A-Za-z]+|\$", page.locator(".ps-abstract").inner_text())
    shot(page, site, "math-light")


def test_dark_palette_on_every_kind_of_page_and_back(page: Page, site: Site) -> None:
    toggle = page.locator("form[data-md-component='palette'] label:visible").first
    body = page.locator("body")
    page.goto(site.home)
    toggle.click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    shot(page, site, "home-dark")
    page.goto(site.url("topics/index.md"))  # the choice is remembered from page to page
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.locator("article table a").first.click()
    shot(page, site, "topic-dark")
    page.locator("article li a.ps-row-title").first.click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    shot(page, site, "paper-dark")
    search(page, "federated")
    shot(page, site, "search-dark")
    page.keyboard.press("Escape")
    page.locator("form[data-md-component='palette'] label:visible").first.click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")


def test_all_papers_filter_narrows_rows_by_words_topic_year_and_code(page: Page, site: Site) -> None:
    page.goto(site.url("papers/index.md"))
    count = page.locator(".ps-filter-count")
    rows = page.locator(".ps-filterable li[data-year]")
    expect(count).to_have_text("35 papers")
    page.locator("input[name=words]").fill("graph")
    expect(count).to_have_text(re.compile(r"^\d+ of 35 papers$"))
    visible = rows.locator("visible=true")
    for text in visible.all_inner_texts():
        assert "graph" in text.lower()
    page.locator("select[name=year]").select_option("2024")
    page.locator("input[name=code]").check()
    settle(page)
    for row in visible.all():
        assert row.get_attribute("data-year") == "2024" and row.get_attribute("data-code") == "1"
        # The code mark is drawn by a CSS mask from icons.css, which works from file:// too.
        mark = row.locator(".ps-icon-github")
        expect(mark).to_be_visible()
        assert mark.evaluate("e => getComputedStyle(e).webkitMaskImage").startswith('url("data:image/svg+xml')
    page.locator("input[name=words]").fill("")
    page.locator("input[name=code]").uncheck()
    page.locator("select[name=year]").select_option("")
    page.locator("select[name=topic]").select_option("federated-learning")
    settle(page)
    expect(count).to_have_text(re.compile(r"^\d+ of 35 papers$"))
    assert all("federated-learning" in (r.get_attribute("data-topics") or "").split("|") for r in visible.all())
    shot(page, site, "all-papers-light")


def test_bibtex_copy_button_copies_the_entry(browser: Browser, site: Site, project: Path) -> None:
    import json

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if site.name == "hosted":
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.local.rstrip("/"))
    page = context.new_page()
    record = json.loads((project / "site_src" / "papers.json").read_text(encoding="utf-8"))[0]
    page.goto(site.url(record["url"].rstrip("/") + ".md"))
    page.locator("details.ps-cite summary").click()
    code = page.locator("details.ps-cite pre code")
    expect(code).to_contain_text("@inproceedings{")
    page.locator("details.ps-cite pre").hover()
    page.locator("details.ps-cite button[data-md-type=copy]").click()
    expect(page.locator(".md-dialog")).to_contain_text("Copied")
    if site.name == "hosted":
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.strip() == code.inner_text().strip()
    shot(page, site, "cite-light")
    context.close()


def test_trends_chart_is_drawn_with_its_table(page: Page, site: Site) -> None:
    page.goto(site.url("trends/index.md"))
    chart = page.locator(".ps-trends svg[role=img]")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 100
    assert page.locator(".ps-trends svg title").first.text_content()
    assert page.locator("article table tr").count() > 5
    shot(page, site, "trends-light")
