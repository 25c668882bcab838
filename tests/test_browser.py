"""The built site in a real browser: navigation, search, math, badges, no network."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from .browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, require_chromium, serve
from .conftest import copy_project
from .test_build import build

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Build the bundled corpus and serve it under a sub-path, as GitHub Pages does."""
    root = tmp_path_factory.mktemp("hosted")
    project = copy_project(root / "project")
    assert build(project, "-d", str(root / "www" / "repo")) == 0
    with serve(root / "www") as base:
        yield f"{base}/repo/"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    require_chromium()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, hosted: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.requests = requests  # type: ignore[attr-defined]
    yield page
    local = [url for url in requests if not url.startswith(hosted.split("/repo/")[0])]
    context.close()
    assert local == [], f"requests left the machine: {local}"


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


def test_browse_home_topics_topic_paper_and_back(page: Page, hosted: str) -> None:
    page.goto(hosted)
    expect(page.locator("h1").first).to_contain_text("ICLR papers")
    shot(page, "home-light")
    page.get_by_role("link", name="Topics", exact=True).first.click()
    expect(page.locator("h1").first).to_have_text("Topics")
    page.locator("article table a").first.click()
    topic = page.locator("h1").first.inner_text()
    shot(page, "topic-light")
    page.locator("article li a.ps-row-title").first.click()
    expect(page.locator(".ps-abstract")).to_be_visible()
    expect(page.locator(f".ps-topics a.ps-topic:text-is('{topic}')")).to_be_visible()
    page.go_back()
    expect(page.locator("h1").first).to_have_text(topic)
    page.get_by_role("link", name="Years", exact=True).first.click()
    expect(page.locator("h1").first).to_have_text("Years")


def _search(page: Page, query: str) -> None:
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)


def test_search_finds_a_coined_name_first(page: Page, hosted: str) -> None:
    page.goto(hosted)
    _search(page, "URLOST")
    first = page.locator(".md-search-result__item").first
    expect(first).to_contain_text("URLOST")
    shot(page, "search-light")
    first.locator("a").first.click()
    expect(page.locator("h1").first).to_contain_text("URLOST")
    assert "/papers/2025/" in page.url


def test_math_renders_and_badges_link_to_github(page: Page, hosted: str) -> None:
    page.goto(hosted)
    _search(page, "PopT")
    page.locator(".md-search-result__item a").first.click()
    badge = page.locator("a.ps-badge").first
    expect(badge).to_have_attribute("href", re.compile(r"^https://github\.com/czlwang/PopulationTransformer$"))
    expect(badge.locator("svg")).to_be_visible()
    shot(page, "paper-light")
    # A page with mathematics: MathML laid out by the browser, no TeX left as text.
    for record in page.request.get(hosted + "papers.json").json():
        page.goto(hosted + record["url"])
        if page.locator(".ps-abstract math").count():
            break
    else:
        pytest.fail("no paper page has mathematics")
    box = page.locator(".ps-abstract math").first.bounding_box()
    assert box and box["width"] > 0 and box["height"] > 0
    text = page.locator(".ps-abstract").inner_text()
    assert not re.search(r"\\[A-Za-z]+|\$", text)


def test_palette_switches_to_dark_and_back(page: Page, hosted: str) -> None:
    page.goto(hosted)
    body = page.locator("body")
    scheme = body.get_attribute("data-md-color-scheme")
    page.locator("label.md-header__button[for^='__palette']:visible").first.click()
    expect(body).not_to_have_attribute("data-md-color-scheme", scheme or "")
    shot(page, "home-dark")
    page.locator("label.md-header__button[for^='__palette']:visible").first.click()
    expect(body).to_have_attribute("data-md-color-scheme", scheme or "default")
