"""Engines: MkDocs, ProperDocs and Zensical render the same site (``papersite build --engine``)."""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from playwright.sync_api import Browser, expect

from generator import cli

from .browser import serve

#: The one line engines may differ by: the generator each names.
GENERATOR_TAG = re.compile(rb'<meta name="generator" content="[^"]*">')


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _build(project: Path, engine: str, site: Path) -> int:
    return cli.main(["build", "-q", "-f", str(project / "mkdocs.yml"), "--engine", engine, "-d", str(site)])


def test_mkdocs_and_properdocs_build_the_same_site_but_for_the_generator_tag(project: Path) -> None:
    assert _build(project, "mkdocs", project / "site-mkdocs") == 0
    assert _build(project, "properdocs", project / "site-properdocs") == 0
    mkdocs, properdocs = _files(project / "site-mkdocs"), _files(project / "site-properdocs")
    assert sorted(mkdocs) == sorted(properdocs)
    assert sum(1 for rel in mkdocs if re.fullmatch(r"papers/\d{4}/[^/]+/index\.html", rel)) == 35
    differ = [rel for rel in mkdocs if mkdocs[rel] != properdocs[rel]]
    assert differ  # each page names its generator
    for rel in differ:
        assert GENERATOR_TAG.sub(b"", mkdocs[rel]) == GENERATOR_TAG.sub(b"", properdocs[rel]), rel
    assert b"ProperDocs" in properdocs["index.html"]


def test_papersite_writes_redirects_lunr_and_a_sitemap_itself(project: Path) -> None:
    """What no engine gives alike: the same from each (finish.py), checked on MkDocs' site."""
    assert _build(project, "mkdocs", project / "site") == 0
    site = project / "site"
    assert (site / "assets" / "javascripts" / "lunr.js").read_bytes().startswith(b"/**")
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "<lastmod>" not in sitemap
    assert sitemap.count("<loc>/papers/20") == 35
    assert "<loc>/404" not in sitemap


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "link" or ("rel", "canonical") not in attrs:  # a canonical link is an address, not a file
            self.links += [value for name, value in attrs if name in ("href", "src") and value]


def _broken_links(site: Path) -> list[str]:
    """Return every link between the site's own pages and files that leads nowhere."""
    broken = []
    for page in sorted(site.rglob("*.html")):
        if page.name == "404.html":  # served for any address: its links are from the root
            continue
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.links:
            target = urlparse(urljoin(page.as_uri(), link))
            if target.scheme != "file":
                continue
            path = Path(unquote(target.path))
            if not (path / "index.html" if path.is_dir() else path).is_file():
                broken.append(f"{page.relative_to(site)} -> {link}")
    return broken


@pytest.mark.browser
@pytest.mark.skipif(importlib.util.find_spec("zensical") is None, reason="Zensical is not installed (pip install zensical)")
def test_zensical_builds_a_working_site(project: Path, browser: Browser) -> None:
    site = project / "site"
    assert _build(project, "zensical", site) == 0
    assert not list(project.glob(".papersite-engine-*"))  # its configuration is gone with the run
    assert sum(1 for p in site.glob("papers/*/*/index.html")) == 35
    assert not (site / "__init__.py").exists()
    assert _broken_links(site) == []
    with serve(project) as base:
        context = browser.new_context()
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        for path in ("topics/", next(site.glob("papers/2024/*/")).relative_to(site).as_posix() + "/", ""):
            page.goto(f"{base}/site/{path}")
            expect(page.locator("h1").first).to_be_visible()
        # Zensical's search box, answered by papersite's engine: the paper that coins the name first.
        page.locator(".md-search__button").first.click()
        page.keyboard.type("URLOST", delay=20)
        first = page.get_by_role("listbox", name="Search results").get_by_role("option").first
        expect(first).to_contain_text("URLOST", timeout=15_000)
        first.click()
        expect(page.locator("h1").first).to_contain_text("URLOST")
        context.close()
    assert [url for url in requests if not url.startswith(base)] == []


def test_an_engine_that_cannot_bundle_says_so_before_writing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bundle", "-q", "-f", str(project / "mkdocs.yml"), "--engine", "zensical"]) == 2
    assert "--engine mkdocs" in capsys.readouterr().err
    assert not (project / "site_src" / "papers").exists()
