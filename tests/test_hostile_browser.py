"""Hostile input in a real browser: nothing from an abstract, title or field ever runs.

The hostile corpus (tests/fixtures/nasty/hostile) is built and served; every paper page is
opened in Debian's chromium. Every payload in the corpus calls ``alert``: no dialog may
open, no script error may be logged, no element may carry an event handler or a
``javascript:``/``data:`` link, and no request may leave the machine or fetch an injected
``src=x``. The DOM is read as the browser parsed it, which is what an attacker targets.

The titles, summaries and venues of tests/fixtures/nasty/hostile-meta reach the page
<head>, the header and the Tags page, which Material prints as HTML: papersite writes
them escaped, and the last test opens those pages too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser

from generator import cli

from .browser import serve
from .conftest import FIXTURES, copy_project

pytestmark = pytest.mark.browser

HOSTILE_DIR = FIXTURES / "nasty" / "hostile"
KNOWN_BAD_DIR = FIXTURES / "nasty" / "hostile-meta"

#: Read in the page: what the browser's own parser made of it.
DOM_CHECK = """(skipDescription) => {
  const found = [];
  for (const el of document.querySelectorAll('*')) {
    if (skipDescription && el.matches('head > meta:not([charset]):not([name=viewport]):not([name=generator])')) continue;
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\\x00-\\x20]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${el.tagName} ${name}=${attr.value}`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].includes(name)
          && /^(javascript|data|vbscript):/.test(value)) found.push(`${el.tagName} ${name}=${attr.value}`);
    }
  }
  for (const el of document.querySelectorAll('article script, article style, article iframe, article object, article embed, article img[src="x"], article meta, article link, article base'))
    found.push(`${el.tagName} in article`);
  for (const el of document.querySelectorAll('script:not([src])'))
    if (el.textContent.includes('alert(')) found.push(`inline script ${el.textContent.slice(0, 60)}`);
  return found;
}"""


@dataclass
class Visit:
    """What one page did in the browser."""

    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    dom: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[dict]]]:
    project = copy_project(tmp_path_factory.mktemp("hostile-browser") / "project")
    config = str(project / "mkdocs.yml")
    assert cli.main(["build", "-q", "-f", config, str(HOSTILE_DIR), str(KNOWN_BAD_DIR)]) == 0
    papers = json.loads((project / "site/papers.json").read_text(encoding="utf-8"))
    with serve(project / "site") as base:
        yield base + "/", papers


def visit(browser: Browser, url: str, skip_description: bool = False) -> Visit:
    """Open ``url``, let it settle, and report what happened."""
    seen = Visit()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=True)
    page = context.new_page()
    page.on("dialog", lambda dialog: (seen.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("console", lambda message: message.type == "error" and seen.errors.append(message.text))
    page.on("pageerror", lambda error: seen.errors.append(str(error)))
    page.on("request", lambda request: seen.requests.append(request.url))
    try:
        page.goto(url, wait_until="load")
        page.mouse.move(400, 300)  # hover handlers, were there any
        page.wait_for_timeout(300)
        seen.dom = page.evaluate(DOM_CHECK, skip_description)
    finally:
        context.close()
    return seen


def _known_bad(papers: list[dict]) -> set[str]:
    """Return the URLs of the papers read from hostile-meta (matched on how their abstract opens)."""
    records = [json.loads(line) for line in (KNOWN_BAD_DIR / "meta.jsonl").read_text(encoding="utf-8").splitlines()]
    openings = {r["abstract"][:10] for r in records}
    return {r["url"] for r in papers if r["abstract"][:10] in openings}


def _assert_harmless(seen: Visit, base: str, url: str) -> None:
    assert seen.dialogs == [], f"{url}: a dialog opened: {seen.dialogs}"
    assert seen.errors == [], f"{url}: console errors: {seen.errors}"
    assert seen.dom == [], f"{url}: {seen.dom}"
    outside = [r for r in seen.requests if not r.startswith(base)]
    assert outside == [], f"{url}: requests left the site: {outside}"
    injected = [r for r in seen.requests if r.rstrip("/").endswith("/x")]
    assert injected == [], f"{url}: an injected image was fetched: {injected}"


def test_hostile_paper_pages_run_nothing_from_input(browser: Browser, site: tuple[str, list[dict]]) -> None:
    base, papers = site
    known_bad = _known_bad(papers)
    assert len(known_bad) == 5
    urls = sorted(r["url"] for r in papers if r["url"] not in known_bad)
    assert len(urls) == 9
    for url in urls:
        _assert_harmless(visit(browser, base + url), base.rstrip("/"), url)


def test_index_pages_listing_hostile_papers_run_nothing(browser: Browser, site: tuple[str, list[dict]]) -> None:
    base, papers = site
    for url in ("", "topics/", "report/"):
        _assert_harmless(visit(browser, base + url), base.rstrip("/"), url)


def test_pages_with_hostile_titles_and_venues_run_nothing(browser: Browser, site: tuple[str, list[dict]]) -> None:
    base, papers = site
    urls = sorted(_known_bad(papers)) + ["papers/", "years/"]
    for url in urls:
        _assert_harmless(visit(browser, base + url), base.rstrip("/"), url)
