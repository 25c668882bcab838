"""The offline bundle's fast search start: same answers as the hosted site, and a fallback.

hooks/offline_search.py packs the offline search index; theme/assets/javascripts/iframe-worker.js
runs Material's worker from a Blob, answering first from a quick index of titles and tags, then
from the full one. bench/search_speed.py measures how soon; these tests check that nothing is lost.
"""

from __future__ import annotations

import importlib.util
import re
import zipfile
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from generator import cli

from .browser import serve
from .conftest import ROOT, copy_project

_spec = importlib.util.spec_from_file_location("offline_search", ROOT / "hooks" / "offline_search.py")
assert _spec is not None and _spec.loader is not None
offline_search = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(offline_search)


def test_pack_docs_keeps_every_field_and_numbers_the_tags() -> None:
    docs = [
        {"location": "a.html", "title": "A", "text": "<p>x</p>", "tags": ["T2", "T1"]},
        {"location": "b.html", "title": "B", "text": "", "boost": 2},
        {"location": "c.html", "title": "C", "text": "it's \\ \u2028", "tags": []},
    ]
    packed = offline_search.pack_docs(docs)
    assert packed["tags"] == ["T1", "T2"]
    assert packed["fields"] == ["location", "title", "text", "tags", "boost"]
    assert packed["docs"] == [["a.html", "A", "<p>x</p>", [1, 0]], ["b.html", "B", "", None, 2], ["c.html", "C", "it's \\ \u2028", []]]


@pytest.mark.browser
def test_compressed_docs_inflate_to_the_same_text_in_the_browser(browser: Browser) -> None:
    text = "it's a \"quote\", a \\ backslash,\na newline\r, \u2028 \u2029, ü and 数学" * 50
    packed = offline_search.compress(text)
    assert packed == offline_search.compress(text)  # the same bytes on every build
    assert len(packed) < len(text.encode("utf-8")) / 2
    page = browser.new_page()
    try:
        inflated = page.evaluate(
            """async (packed) => {
                const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
                const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
                return await new Response(stream).text();
            }""",
            packed,
        )
        assert inflated == text
    finally:
        page.close()


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """Yield the home page URLs of the hosted site (served) and of the offline bundle."""
    folder = tmp_path_factory.mktemp("search")
    project = copy_project(folder / "project")
    config = str(project / "mkdocs.yml")
    assert cli.main(["build", "-q", "-f", config, "-d", str(folder / "www")]) == 0
    assert cli.main(["bundle", "-q", "-f", config, "-o", str(folder / "bundle.zip")]) == 0
    with zipfile.ZipFile(folder / "bundle.zip") as archive:
        archive.extractall(folder / "unzipped")
    with serve(folder / "www") as base:
        yield f"{base}/index.html", (folder / "unzipped" / "bundle" / "index.html").as_uri()


def results(browser: Browser, home: str, query: str, init_script: str = "") -> list[str]:
    """Search ``query`` on a freshly opened ``home``; return the paths of the final results."""
    context = browser.new_context()
    try:
        page: Page = context.new_page()
        if init_script:
            page.add_init_script(init_script)
        page.goto(home)
        page.locator("label.md-search__icon, .md-search__input").first.click()
        page.locator("input.md-search__input").fill(query)
        page.locator("input.md-search__input").press("End")  # Material reads the query on keyup
        page.wait_for_function(
            "/matching/i.test(document.querySelector('.md-search-result__meta').textContent)", timeout=15_000
        )
        if home.startswith("file:") and not init_script:
            # The quick index may answer first; the full one answers again.
            page.wait_for_function("performance.getEntriesByName('papersite:full-answer').length > 0")
        page.wait_for_timeout(300)
        hrefs = page.locator(".md-search-result__item > a").evaluate_all("links => links.map(a => a.href)")
        # Hosted pages are papers/2025/slug/, offline ones papers/2025/slug.html.
        return [re.sub(r"(/index)?\.html$|/$", "", href.split("?")[0].split("/papers/", 1)[-1]) for href in hrefs]
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.parametrize("query", ["URLOST", "sinusoidal", "learning representations"])
def test_offline_search_answers_like_the_hosted_site(browser: Browser, sites: tuple[str, str], query: str) -> None:
    hosted, offline = sites
    expected = results(browser, hosted, query)
    assert expected, f"no hosted result for {query!r}"
    assert results(browser, offline, query) == expected


# Blob workers refused when made, or failing once started: search runs in an iframe instead.
REFUSALS = {
    "when made": "URL.createObjectURL = () => { throw new Error('refused'); };",
    "once started": """
        const NativeWorker = window.Worker;
        window.Worker = function () {
          return new NativeWorker(URL.createObjectURL(new Blob(["throw new Error('refused')"])));
        };""",
}


@pytest.mark.browser
@pytest.mark.parametrize("refusal", sorted(REFUSALS))
def test_offline_search_runs_in_a_frame_where_blob_workers_fail(
    browser: Browser, sites: tuple[str, str], refusal: str
) -> None:
    hosted, offline = sites
    found = results(browser, offline, "URLOST", init_script=REFUSALS[refusal])
    assert found and found == results(browser, hosted, "URLOST")
    assert found[0].startswith("2025/urlost")
