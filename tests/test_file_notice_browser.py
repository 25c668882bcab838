"""A hosted site opened from files says, on the page, how to view it; served, or bundled, it says nothing.

Over many fresh page loads each (the notice is shown by a script as the page loads).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from generator import cli

from .browser import ARTIFACTS, serve
from .conftest import copy_project

pytestmark = pytest.mark.browser

LOADS = 10
#: A page of each kind: home, a folder's index, a paper (its address found in the built site).
PAGES = ("index.html", "topics/index.html")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("notice") / "project")
    config = str(project / "mkdocs.yml")
    assert cli.main(["build", "-q", "-f", config]) == 0
    assert cli.main(["bundle", "-q", "-f", config, "-o", str(project / "offline.zip")]) == 0
    with zipfile.ZipFile(project / "offline.zip") as archive:
        archive.extractall(project / "unzipped")
    return project


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context.new_page()
    context.close()


def _pages(site: Path) -> list[str]:
    paper = next((site / "papers" / "2024").glob("*/index.html")).relative_to(site).as_posix()
    return [*PAGES, paper]


def _notice(page: Page) -> tuple[bool, str]:
    """Return whether the notice shows (the element and Material's banner around it), and its text."""
    return page.evaluate(
        """() => {
            const notice = document.getElementById("ps-file-notice");
            if (!notice) return [false, ""];
            const banner = notice.closest(".md-banner");
            const shown = !notice.hidden && getComputedStyle(banner).display !== "none" && notice.offsetHeight > 0;
            return [shown, notice.textContent];
        }"""
    )


def test_a_hosted_site_opened_from_files_names_serve_and_bundle(built: Path, page: Page) -> None:
    site = built / "site"
    for path in _pages(site):
        for _ in range(LOADS):
            page.goto((site / path).as_uri())
            shown, text = _notice(page)
            assert shown, path
            assert "papersite serve" in text and "papersite bundle" in text
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto((site / "index.html").as_uri())
    page.screenshot(path=str(ARTIFACTS / "file-notice.png"))


def test_served_the_notice_stays_hidden(built: Path, page: Page) -> None:
    site = built / "site"
    with serve(site) as base:
        for path in _pages(site):
            for _ in range(LOADS):
                page.goto(f"{base}/{path.removesuffix('index.html')}")
                assert _notice(page)[0] is False, path
                assert page.evaluate("() => document.querySelector('.md-banner')?.offsetHeight || 0") == 0


def test_the_offline_bundle_has_no_notice(built: Path, page: Page) -> None:
    root = built / "unzipped" / "offline"
    for _ in range(LOADS):
        page.goto((root / "index.html").as_uri())
        assert page.locator("#ps-file-notice").count() == 0
        assert page.locator("h1").first.inner_text()  # the page itself is there
