"""WCAG 2.1 AA in a real browser: axe-core over every kind of page, the keyboard, and a phone.

axe-core (shipped inside the axe-playwright-python package: nothing is downloaded) runs its
WCAG 2.0 and 2.1 A and AA rules on each kind of page of the bundled site, in the light and the
dark palette, at desktop and at phone width, hosted under a sub-path and from the offline
bundle. Any violation fails, with the page, the rule and the elements it names.

What axe does not measure is measured here: at 360 x 740 no page scrolls sideways and nothing
outside a scroll region reaches past the screen (reflow, 1.4.10); every control is a target of
24 px or more, or spaced as WCAG 2.2's target size (2.5.8) allows; and a page outside the
navigation marks the tab of its section and leads back to its year and topics (location). Each
page is loaded fresh several times, as layout may settle differently from one load to the next,
and photographed at both widths in both palettes (artifacts/, for a person to look at).
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from generator import cli, urls

from .browser import ARTIFACTS, serve
from .conftest import copy_project

pytestmark = pytest.mark.browser

#: The rules a site under WCAG 2.1 AA must pass (axe-core's tags for them).
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
WIDTHS = {"desktop": 1280, "phone": 360}
PALETTES = {"light": ("light", "default"), "dark": ("dark", "slate")}

#: A paper of the bundled corpus with math and a GitHub badge on its page.
MATH_AND_BADGE = "papers/2024/biased-temporal-convolution-graph-network-for-multivariate.md"


@dataclass(frozen=True)
class Built:
    """The bundled site with a retired page and a redirect, and where to find each kind of page."""

    project: Path
    sources: dict[str, str]  #: kind of page -> its Markdown source
    redirect: str  #: the source of an old address that redirects


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    project = copy_project(tmp_path_factory.mktemp("a11y") / "project")
    config = str(project / "mkdocs.yml")
    assert cli.main(["generate", "-q", "-f", config]) == 0
    # A paper leaves the input (its retired page), and a page is renamed in the ledger (a redirect).
    corpus = project / "data" / "iclr2024.txt"
    paragraphs = corpus.read_text(encoding="utf-8").split("\n\n")
    corpus.write_text("\n\n".join(paragraphs[:2] + paragraphs[3:]), encoding="utf-8")
    ledger = project / "permalinks.json"
    text = ledger.read_text(encoding="utf-8")
    records = json.loads((project / "site_src" / "papers.json").read_text(encoding="utf-8"))
    renamed = next(r for r in records if r["year"] == 2025)
    address = renamed["url"]
    ledger.write_text(text.replace(f'"address": "{address}"', '"address": "papers/2025/renamed-by-hand/"'), encoding="utf-8")
    assert cli.main(["generate", "-q", "-f", config]) == 0

    docs = project / "site_src"
    retired = next(
        p for p in sorted((docs / "papers").rglob("*.md")) if "\nretired: true\n" in p.read_text(encoding="utf-8")
    )
    topic = sorted(p for p in (docs / "topics").glob("*.md") if p.name != "index.md")[0]
    sources = {
        "home": "index.md", "topics": "topics/index.md", "a topic": f"topics/{topic.name}",
        "years": "years/index.md", "a year": "years/2024.md", "all papers": urls.ALL_PAPERS,
        "map": urls.MAP_PAGE, "trends": "trends/index.md", "about": "about.md", "report": "report/index.md",
        "a paper with math and a badge": MATH_AND_BADGE,
        "a retired paper": retired.relative_to(docs).as_posix(),
    }  # fmt: skip
    for source in sources.values():
        assert (docs / source).is_file(), source
    return Built(project, sources, address.rstrip("/") + ".md")


@dataclass(frozen=True)
class Site:
    name: str
    url_of: Callable[[str], str]  #: a page's URL from its Markdown source
    folder: Path  #: the built site on disk


@pytest.fixture(scope="module", params=["hosted", "offline"])
def site(request: pytest.FixtureRequest, built: Built) -> Iterator[Site]:
    config = str(built.project / "mkdocs.yml")
    work = built.project.parent
    if request.param == "hosted":
        www = work / "www"
        assert cli.main(["build", "-q", "-f", config, "-d", str(www / "repo")]) == 0
        with serve(www) as base:
            yield Site("hosted", lambda source: f"{base}/repo/{urls.url_of(source)}", www / "repo")
    else:
        bundle = work / "bundle.zip"
        assert cli.main(["bundle", "-q", "-f", config, "-o", str(bundle)]) == 0
        with zipfile.ZipFile(bundle) as archive:
            archive.extractall(work / "unzipped")
        root = work / "unzipped" / "bundle"
        yield Site("offline", lambda source: (root / source.removesuffix(".md")).as_uri() + ".html", root)


#: Material fades colours in over a fraction of a second: axe judges the colours a page settles on.
SETTLED = "*, *::before, *::after { transition: none !important; animation: none !important; }"


def _violations(page: Page, where: str) -> list[str]:
    page.add_style_tag(content=SETTLED)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_AA}, "resultTypes": ["violations"]})
    found = []
    for violation in results.response["violations"]:
        targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        summary = violation["nodes"][0].get("failureSummary", "").replace("\n", " ")[:240]
        found.append(f"{where}: {violation['id']} on {len(targets)} ({', '.join(targets[:3])}): {summary}")
    return found


def _held_redirect(site: Site, redirect: str) -> str:
    """Return the URL of a copy of a redirect page that stays: what a reader sees before it moves on."""
    page = site.folder / (urls.url_of(redirect) + "index.html" if site.name == "hosted" else redirect.removesuffix(".md") + ".html")
    html = page.read_text(encoding="utf-8")
    assert 'http-equiv="refresh"' in html
    held = re.sub(r'content="0; url=', 'content="86400; url=', re.sub(r"<script>.*?</script>", "", html))
    copy = page.with_name(page.stem + "-held.html")
    copy.write_text(held, encoding="utf-8")
    return copy.as_uri() if site.name == "offline" else site.url_of(redirect).rstrip("/") + "/" + copy.name


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_kind_of_page_passes_wcag_aa(browser: Browser, built: Built, site: Site, palette: str, width: str) -> None:
    media, scheme = PALETTES[palette]
    context = browser.new_context(viewport={"width": WIDTHS[width], "height": 900}, color_scheme=media)
    page = context.new_page()
    found: list[str] = []
    try:
        for kind, source in built.sources.items():
            page.goto(site.url_of(source))
            expect(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)
            found += _violations(page, kind)
        # The search dialog open, with results.
        page.goto(site.url_of("index.md"))
        page.keyboard.press("/")  # Material's key for search, at any width
        page.locator("input.md-search__input").press_sequentially("graph", delay=10)
        expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)
        found += _violations(page, "search with results")
        page.goto(_held_redirect(site, built.redirect))
        found += _violations(page, "a redirect")
    finally:
        context.close()
    assert found == [], "\n".join(found)


_FOCUSED = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
  return {name: el.getAttribute("name") || el.tagName.toLowerCase(), type: el.type || "",
          visible: outline || style.boxShadow !== "none"};
}"""


def _tab_to(page: Page, selector: str, limit: int = 300) -> int:
    """Press Tab from where the focus is until ``selector`` has it; return the presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"{limit} presses of Tab never reached {selector}")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_keyboard_works_the_all_papers_filter_in_order_with_a_visible_focus(
    browser: Browser, built: Built, site: Site, width: str
) -> None:
    context = browser.new_context(viewport={"width": WIDTHS[width], "height": 900})
    page = context.new_page()
    try:
        page.goto(site.url_of(urls.ALL_PAPERS))
        count = page.locator(".ps-filter-count")
        expect(count).to_have_text(re.compile(r"^\d+ papers$"))
        total = int(count.inner_text().split()[0])
        assert count.get_attribute("aria-live") == "polite"  # a screen reader hears each change

        _tab_to(page, ".ps-filter [name=words]")
        stops = [page.evaluate(_FOCUSED)]
        for _ in range(3):
            page.keyboard.press("Tab")
            stops.append(page.evaluate(_FOCUSED))
        assert [stop["name"] for stop in stops] == ["words", "topic", "year", "code"]  # the order on screen
        assert all(stop["visible"] for stop in stops), stops

        # Each control, worked from the keyboard alone, narrows the list and says so.
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        page.keyboard.type("graph")
        expect(count).to_have_text(re.compile(rf"^\d+ of {total} papers$"))
        by_words = int(count.inner_text().split()[0])
        assert 0 < by_words < total
        page.keyboard.press("Control+A")
        page.keyboard.press("Backspace")
        expect(count).to_have_text(f"{total} papers")
        page.keyboard.press("Tab")
        page.keyboard.press("ArrowDown")  # the first topic
        expect(count).to_have_text(re.compile(rf"^\d+ of {total} papers$"))
        page.keyboard.press("ArrowUp")  # back to every topic
        expect(count).to_have_text(f"{total} papers")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Space")  # has code
        expect(count).to_have_text(re.compile(rf"^\d+ of {total} papers$"))
        shown = page.locator(".ps-filterable li[data-year]:visible")
        assert shown.count() == int(count.inner_text().split()[0])
        assert shown.count() == page.locator(".ps-filterable li[data-code='1']:visible").count()
    finally:
        context.close()


def test_the_keyboard_opens_search_folds_and_the_cite_block(browser: Browser, built: Built, site: Site) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        # A paper page: its abstract folds and its cite block's copy button take the focus.
        page.goto(site.url_of(MATH_AND_BADGE))
        _tab_to(page, "details.ps-cite > summary")
        assert page.evaluate(_FOCUSED)["visible"]
        page.keyboard.press("Enter")
        expect(page.locator("details.ps-cite")).to_have_attribute("open", "")
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.matches('details.ps-cite button[data-md-type=copy]')")
        assert page.evaluate(_FOCUSED)["visible"]
        badge = page.locator("a.ps-badge").first
        repository = badge.get_attribute("href").removeprefix("https://github.com/")
        expect(badge).to_have_accessible_name(re.compile(re.escape(repository)))  # heard as its repository
        # Math is MathML, with its plain text as the alternative for readers that have no MathML.
        math = page.locator("article math").first
        assert math.get_attribute("alttext") == "9.93"

        # A topic page: each abstract is a fold the keyboard opens.
        page.goto(site.url_of(built.sources["a topic"]))
        _tab_to(page, ".md-typeset details > summary")
        assert page.evaluate(_FOCUSED)["visible"]
        fold = page.locator("details:has(> summary:focus)")
        assert fold.get_attribute("open") is None
        page.keyboard.press("Enter")
        expect(fold).to_have_attribute("open", "")

        # Search: its key, a query, the arrow keys to a result, Enter to open it.
        page.goto(site.url_of("index.md"))
        page.keyboard.press("/")
        page.keyboard.type("graph")
        first = page.locator(".md-search-result__item").first
        expect(first).to_be_visible(timeout=15_000)
        href = first.locator("a").first.get_attribute("href")
        expected = urljoin(page.url, href).split("?")[0].split("#")[0]
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(re.escape(expected)))
    finally:
        context.close()


#: Fresh loads of each page, each in a new browser context (no cache, no stored palette).
LOADS = 3

#: Every element whose right edge passes the viewport and that no scroll region holds; and the
#: scroll width of the document. (An element of no area, or hidden, reaches nowhere.)
_SPILLS = """() => {
  const width = document.documentElement.clientWidth;
  const scrolled = el => {
    for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) {
      if (/^(auto|scroll)$/.test(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const spills = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.right <= width + 0.5 || !box.width || !box.height) continue;
    if (getComputedStyle(el).visibility === "hidden" || scrolled(el)) continue;
    spills.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${el.textContent.trim().slice(0, 40)}" to ${Math.round(box.right)} px`);
  }
  return {width, scrollWidth: document.documentElement.scrollWidth, spills};
}"""

#: The scroll regions that do scroll sideways, and whether each is one a person can find and use:
#: a labelled region that takes the focus.
_SCROLLERS = """() => [...document.querySelectorAll("article *")]
  .filter(el => /^(auto|scroll)$/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1)
  .filter(el => !el.closest("pre, details:not([open])"))
  .map(el => {
    const region = el.closest("[role=region]");
    return {what: el.className, labelled: !!(region && region.getAttribute("aria-label") && region.tabIndex === 0)};
  })"""

#: WCAG 2.2's target size (2.5.8): each target shown is 24 x 24 px or more, or a 24 px circle on its
#: centre meets no other target and no other such circle; a link in a line of text is exempt. A
#: control inside its label has the label as its target too. A target under another (the page
#: behind the open search) is none; one that holds another (a code block and its copy button, a
#: scroll region and its links, the backdrop of the search) is not its neighbour. papersite's own
#: controls (chips, badges, the filter, the pager, the copy button it enlarges) are 24 px or more
#: whatever their spacing; Material's tabs and sidebar links pass by their spacing.
_SMALL_TARGETS = """() => {
  const shown = el => {
    for (let up = el; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.opacity === "0" || style.visibility === "hidden") return false;
    }
    return getComputedStyle(el).pointerEvents !== "none";
  };
  const onTop = (el, box) => {
    const x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;  // off screen: not covered
    const top = document.elementFromPoint(x, y);
    return !top || el.contains(top) || top.contains(el) || !!(el.closest("label") && el.closest("label").contains(top));
  };
  const targets = [];
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, label[for], [tabindex]:not([tabindex='-1'])";
  for (const el of document.querySelectorAll(selector)) {
    let box = el.getBoundingClientRect();
    if (!box.width || !box.height || box.right <= 0 || box.left >= innerWidth || !shown(el) || !onTop(el, box)) continue;
    const inText = getComputedStyle(el).display === "inline" && !!el.textContent.trim();  // exempt, yet a neighbour
    const label = el.closest("label");
    if (label && label !== el) {
      const around = label.getBoundingClientRect();
      box = {left: Math.min(box.left, around.left), right: Math.max(box.right, around.right),
             top: Math.min(box.top, around.top), bottom: Math.max(box.bottom, around.bottom)};
    }
    const name = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
    const own = el.matches("[class*='ps-'], .ps-filter *, .ps-pager a, .md-code__button");
    targets.push({el, label, name, box, own, small: !inText && (box.right - box.left < 23.5 || box.bottom - box.top < 23.5)});
  }
  const centre = t => [(t.box.left + t.box.right) / 2, (t.box.top + t.box.bottom) / 2];
  const holds = (outer, inner) => outer.left <= inner.left && outer.right >= inner.right && outer.top <= inner.top && outer.bottom >= inner.bottom;
  const reach = (point, box) => Math.hypot(Math.max(box.left - point[0], 0, point[0] - box.right), Math.max(box.top - point[1], 0, point[1] - box.bottom));
  const failing = [];
  for (const t of targets.filter(t => t.small)) {
    const c = centre(t);
    const near = targets.find(u => u !== t && u.el !== t.label && u.label !== t.el && !holds(u.box, t.box) &&
      (u.small ? Math.hypot(c[0] - centre(u)[0], c[1] - centre(u)[1]) < 24 : reach(c, u.box) < 12));
    if (t.own) failing.push(`${t.name} ${Math.round(t.box.right - t.box.left)}x${Math.round(t.box.bottom - t.box.top)}: papersite's own`);
    else if (near) failing.push(`${t.name} ${Math.round(t.box.right - t.box.left)}x${Math.round(t.box.bottom - t.box.top)} beside ${near.name}`);
  }
  return failing;
}"""


def _fresh(browser: Browser, width: int, palette: str) -> Page:
    context = browser.new_context(viewport={"width": width, "height": 740 if width < 600 else 900}, color_scheme=PALETTES[palette][0])
    return context.new_page()


def _settled(page: Page, url: str, palette: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", PALETTES[palette][1])
    page.wait_for_load_state("load")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_kind_of_page_fits_the_screen_and_its_targets_are_24_px(
    browser: Browser, built: Built, site: Site, palette: str, width: str
) -> None:
    found: list[str] = []
    for load in range(LOADS):
        page = _fresh(browser, WIDTHS[width], palette)
        try:
            for kind, source in built.sources.items():
                _settled(page, site.url_of(source), palette)
                where = f"{kind}, {width} {palette}, load {load + 1}"
                measured = page.evaluate(_SPILLS)
                if measured["scrollWidth"] > measured["width"]:
                    found.append(f"{where}: the page scrolls sideways ({measured['scrollWidth']} px in {measured['width']})")
                found += [f"{where}: {spill}" for spill in measured["spills"]]
                found += [f"{where}: scrolls without a labelled region that takes the focus: {s['what']}" for s in page.evaluate(_SCROLLERS) if not s["labelled"]]
                found += [f"{where}: target under 24 px: {small}" for small in page.evaluate(_SMALL_TARGETS)]
                if load == 0:
                    ARTIFACTS.mkdir(exist_ok=True)
                    name = re.sub(r"\W+", "-", kind)
                    page.screenshot(path=str(ARTIFACTS / f"{site.name}-{name}-{width}-{palette}.png"), full_page=True)
            # The search dialog open, with results: its controls are targets too.
            _settled(page, site.url_of("index.md"), palette)
            page.keyboard.press("/")
            page.locator("input.md-search__input").press_sequentially("graph", delay=10)
            expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)
            found += [f"search, {width} {palette}, load {load + 1}: target under 24 px: {small}" for small in page.evaluate(_SMALL_TARGETS)]
        finally:
            page.context.close()
    assert found == [], "\n".join(found)


def test_the_wide_chart_and_tables_scroll_inside_labelled_regions_on_a_phone(browser: Browser, built: Built, site: Site) -> None:
    page = _fresh(browser, WIDTHS["phone"], "light")
    try:
        _settled(page, site.url_of(built.sources["trends"]), "light")
        chart = page.locator(".ps-trends")
        assert chart.evaluate("el => el.scrollWidth > el.clientWidth")  # the chart keeps a legible size
        expect(chart).to_have_attribute("role", "region")
        expect(page.locator(".ps-scroll-hint")).to_be_visible()  # and says that it scrolls
        # The keyboard scrolls it: the region takes the focus, and the arrow keys move it.
        chart.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.querySelector('.ps-trends').scrollLeft > 0")
        for source in (built.sources["trends"], built.sources["topics"]):
            _settled(page, site.url_of(source), "light")
            region = page.locator(".ps-table[role=region]")
            expect(region).to_have_count(1)
            assert region.get_attribute("aria-label") and region.get_attribute("tabindex") == "0"
            expect(region.locator("table")).to_be_visible()
    finally:
        page.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_topic_year_or_paper_page_marks_its_section_and_leads_back(browser: Browser, built: Built, site: Site, width: str) -> None:
    sections = {"a topic": "Topics", "a year": "Years", "a paper with math and a badge": "All papers", "a retired paper": "All papers"}
    for load in range(LOADS):
        page = _fresh(browser, WIDTHS[width], "light")
        try:
            for kind, section in sections.items():
                _settled(page, site.url_of(built.sources[kind]), "light")
                # The header's tabs (on a wide screen) and the navigation drawer (on a phone) say so.
                active = page.locator(".md-tabs__item--active")
                expect(active).to_have_count(1)
                expect(active).to_have_text(section)
                if width == "desktop":
                    expect(active).to_be_visible()
                entry = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item--active > a.md-nav__link")
                expect(entry).to_have_text(section)
            # No section is marked on a page that belongs to none.
            _settled(page, site.url_of(built.sources["report"]), "light")
            expect(page.locator(".md-tabs__item--active")).to_have_count(0)
        finally:
            page.context.close()

    page = _fresh(browser, WIDTHS[width], "light")
    try:
        # A paper page says where it is listed, and leads there: its year, and each of its topics.
        _settled(page, site.url_of(built.sources["a paper with math and a badge"]), "light")
        title = page.locator("article h1").first.inner_text()
        where = page.get_by_role("navigation", name="The year and topics of this paper")
        expect(where).to_contain_text(re.compile(r"^\s*In\s+ICLR 2024"))
        topics = where.locator("a.ps-topic").all_inner_texts()
        assert topics
        where.get_by_role("link", name="ICLR 2024").click()
        expect(page.locator("article h1").first).to_have_text("2024")
        expect(page.locator("article").get_by_role("link", name=title, exact=True)).to_have_count(1)
        page.go_back()
        where.get_by_role("link", name=topics[0], exact=True).click()
        expect(page.locator("article h1").first).to_have_text(topics[0])
        expect(page.locator(".md-tabs__item--active")).to_have_text("Topics")
        # The section's entry is a link back to it (Material makes an active entry unclickable).
        _settled(page, site.url_of(built.sources["a paper with math and a badge"]), "light")
        if width == "phone":
            page.locator("label.md-header__button[for=__drawer]").click()
        page.locator(".md-nav--primary .md-nav__item--active > a.md-nav__link").click()
        expect(page.locator("article h1").first).to_have_text("All papers")
    finally:
        page.context.close()
