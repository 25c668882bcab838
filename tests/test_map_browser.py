"""The Map tab in chromium: every point drawn, a title on hover and on focus, a click and Enter open
the paper, the filters narrow the points; hosted (under a sub-path) and from the offline bundle's
files, over several fresh page loads. At 2,000 papers the page and all it loads stay under 600 KB.
The page is photographed light and dark, at desktop and phone width (artifacts/map-*.png)."""

from __future__ import annotations

import json
import random
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from generator import cli, urls
from generator.model import Paper, Source
from generator.render import map_files

from .browser import ARTIFACTS, serve
from .conftest import copy_project
from .test_map import read_points

pytestmark = pytest.mark.browser

LOADS = 3
#: The page's budget: the page and everything it loads, at 2,000 papers (issue 33).
BUDGET_PAPERS = 2_000
BUDGET_BYTES = 600_000
#: Mirrors theme/assets/javascripts/map.js: the margin around the map, in CSS pixels.
MARGIN = 16


@dataclass(frozen=True)
class Site:
    name: str
    folder: Path  #: the built site on disk
    url_of: Callable[[str], str]  #: a page's URL from its address under the site (``map/``)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("map") / "project")
    config = str(project / "mkdocs.yml")
    assert cli.main(["build", "-q", "-f", config, "-d", str(project / "www" / "repo")]) == 0
    assert cli.main(["bundle", "-q", "-f", config, "-o", str(project / "offline.zip")]) == 0
    with zipfile.ZipFile(project / "offline.zip") as archive:
        archive.extractall(project / "unzipped")
    return project


@pytest.fixture(scope="module", params=["hosted", "offline"])
def site(request: pytest.FixtureRequest, project: Path) -> Iterator[Site]:
    if request.param == "hosted":
        with serve(project / "www") as base:
            yield Site("hosted", project / "www" / "repo", lambda address: f"{base}/repo/{address}")
    else:
        root = project / "unzipped" / "offline"
        yield Site("offline", root, lambda address: (root / address.rstrip("/")).as_uri() + ".html")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors


def _data(script: Path) -> object:
    """Return the data of a map file, ``__psMap(kind,key,{...});`` (of points.js: its numbers read)."""
    text = script.read_text(encoding="utf-8")
    return read_points(text) if script.name == "points.js" else json.loads(text.split(",", 2)[2].rstrip(");\n"))


def _open_map(page: Page, site: Site) -> None:
    page.goto(site.url_of("map/index") if site.name == "offline" else site.url_of("map/"))
    page.wait_for_selector("[data-ps-map][data-ready]")
    page.locator("canvas").scroll_into_view_if_needed()


def _screen(page: Page, points: dict, i: int) -> tuple[float, float]:
    """Return where point ``i`` is drawn in the viewport, the whole map in view (as map.js draws it)."""
    box = page.locator("canvas").bounding_box()
    assert box
    k = min(box["width"], box["height"]) - 2 * MARGIN
    return (
        box["x"] + box["width"] / 2 + (points["x"][i] / 1000 - 0.5) * k,
        box["y"] + box["height"] / 2 + (points["y"][i] / 1000 - 0.5) * k,
    )


def _loneliest(points: dict) -> int:
    """Return the point farthest from any other: the pointer over it picks it alone."""
    xy = list(zip(points["x"], points["y"]))
    def gap(i: int) -> float:
        return min((xy[i][0] - x) ** 2 + (xy[i][1] - y) ** 2 for j, (x, y) in enumerate(xy) if j != i)
    return max(range(len(xy)), key=gap)


def _paper_address(site: Site, url: str) -> str:
    return site.url_of(url) if site.name == "hosted" else site.url_of(url)


def test_every_paper_is_drawn(site: Site, page: Page) -> None:
    points = _data(site.folder / "map" / "points.js")
    records = json.loads((site.folder / "papers.json").read_text(encoding="utf-8"))
    assert len(points["x"]) == len(records)
    for _ in range(LOADS):
        _open_map(page, site)
        expect(page.locator("canvas")).to_have_attribute("data-drawn", str(len(records)))
        expect(page.locator(".ps-map-count")).to_have_text(f"{len(records)} papers")
        # Pixels of the points' colours, not only a count: the canvas is not blank.
        painted = page.evaluate(
            """() => { const c = document.querySelector("canvas");
                       const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
                       let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; }"""
        )
        assert painted > 20 * len(records)
        # The legend names each topic that colours a point (a paper's first topic).
        firsts = sorted({points["topics"][ts[0]] for ts in points["topic"] if ts}, key=points["topics"].index)
        assert page.locator(".ps-map-legend li").all_inner_texts() == firsts


def test_hover_shows_the_title_and_a_click_opens_the_paper(site: Site, page: Page) -> None:
    points = _data(site.folder / "map" / "points.js")
    titles = _data(site.folder / "map" / "t" / "0.js")
    i = _loneliest(points)
    title, url = titles[i]
    for _ in range(LOADS):
        _open_map(page, site)
        page.mouse.move(*_screen(page, points, i))
        tip = page.locator(".ps-map-tip")
        tip.wait_for(state="visible")
        assert tip.inner_text() == title
        assert title in page.locator(".ps-map-status").inner_text()
        page.mouse.click(*_screen(page, points, i))
        page.wait_for_url(_paper_address(site, url))
        assert page.locator("h1").first.inner_text().strip() == title


def test_a_finger_taps_once_for_the_title_and_again_to_open_the_paper(site: Site, browser: Browser) -> None:
    points = _data(site.folder / "map" / "points.js")
    title, url = _data(site.folder / "map" / "t" / "0.js")[_loneliest(points)]
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    page = context.new_page()
    for _ in range(LOADS):
        _open_map(page, site)
        spot = _screen(page, points, _loneliest(points))
        page.touchscreen.tap(*spot)
        expect(page.locator(".ps-map-tip")).to_have_text(title)
        assert page.url.endswith(("map/", "map/index.html"))
        page.touchscreen.tap(*spot)
        page.wait_for_url(_paper_address(site, url))
    context.close()


def _status_after(page: Page, before: str) -> str:
    """Return the live region's text once it is no longer ``before`` (a title may load first)."""
    page.wait_for_function("before => document.querySelector('.ps-map-status').textContent !== before", arg=before)
    return page.locator(".ps-map-status").inner_text()


def test_the_keyboard_steps_through_papers_and_enter_opens_one(site: Site, page: Page) -> None:
    titles = _data(site.folder / "map" / "t" / "0.js")
    url_of = {title: url for title, url in titles}
    for _ in range(LOADS):
        _open_map(page, site)
        page.locator("canvas").focus()
        page.keyboard.press("ArrowRight")
        first = _status_after(page, "")
        page.keyboard.press("ArrowDown")
        status = _status_after(page, first)
        title = status.rsplit(" (", 1)[0]
        assert title in url_of
        page.keyboard.press("+")
        page.keyboard.press("Shift+ArrowLeft")
        page.keyboard.press("-")
        page.keyboard.press("Enter")
        page.wait_for_url(_paper_address(site, url_of[title]))


def _view(page: Page) -> tuple[float, float, float]:
    """Return the map's zoom and the map point at the canvas centre, once drawn (map.js's data-view)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    zoom, x, y = map(float, (page.locator("canvas").get_attribute("data-view") or "").split())
    return zoom, x, y


def test_mouse_touch_and_keys_pan_and_zoom(site: Site, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True)
    page = context.new_page()
    _open_map(page, site)
    box = page.locator("canvas").bounding_box()
    assert box
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert _view(page) == (1.0, 0.5, 0.5)
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)  # the wheel zooms in around the pointer
    zoom, x, y = _view(page)
    assert zoom > 1.5 and (x, y) == pytest.approx((0.5, 0.5), abs=0.01)
    page.mouse.down()
    page.mouse.move(cx - 100, cy - 50, steps=5)  # a drag moves the map with the pointer
    page.mouse.up()
    _, x2, y2 = _view(page)
    assert x2 > x + 0.02 and y2 > y + 0.01
    assert page.url.endswith(("map/", "map/index.html"))  # a drag is no click: no paper opened
    # Two fingers apart zoom in (a pinch, as chromium's touch events give it).
    cdp = context.new_cdp_session(page)
    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": px, "y": py, "id": n} for n, (px, py) in enumerate(points)]})
    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for spread in (40, 80, 120):
        touch("touchMove", [(cx - spread, cy), (cx + spread, cy)])
    touch("touchEnd", [])
    zoom3, _, _ = _view(page)
    assert zoom3 > zoom * 2
    page.locator("canvas").focus()
    page.keyboard.press("0")  # the whole map again
    assert _view(page) == (1.0, 0.5, 0.5)
    page.keyboard.press("+")
    assert _view(page)[0] == pytest.approx(1.5)
    page.keyboard.press("Shift+ArrowRight")
    assert _view(page)[1] > 0.5
    page.keyboard.press("-")
    assert _view(page)[0] == 1.0
    context.close()


def test_the_filters_narrow_the_points_by_topic_and_year(site: Site, page: Page) -> None:
    points = _data(site.folder / "map" / "points.js")
    _open_map(page, site)
    canvas = page.locator("canvas")
    year = 1
    page.select_option("select[name=year]", str(year))
    expected = sum(1 for y in points["year"] if y == year)
    assert 0 < expected < len(points["x"])
    expect(canvas).to_have_attribute("data-drawn", str(expected))
    page.select_option("select[name=year]", "")
    topic = max(range(len(points["topics"])), key=lambda t: sum(t in ts for ts in points["topic"]))
    page.select_option("select[name=topic]", str(topic))
    expected = sum(1 for ts in points["topic"] if topic in ts)
    expect(canvas).to_have_attribute("data-drawn", str(expected))
    expect(page.locator(".ps-map-count")).to_have_text(f"{expected} papers")


def test_the_page_names_the_list_for_readers_without_a_pointer(site: Site, page: Page) -> None:
    _open_map(page, site)
    link = page.locator(".ps-map-alternative a", has_text="All papers")
    link.click()
    page.wait_for_selector("[data-ps-filter]", state="attached")
    assert page.locator("h1").first.inner_text() == "All papers"


def _synthetic_map(site_folder: Path, n: int) -> None:
    """Replace the map's data with that of ``n`` papers made from the site's own records."""
    records = json.loads((site_folder / "papers.json").read_text(encoding="utf-8"))
    rng = random.Random(0)
    papers = []
    for i in range(n):
        r = records[i % len(records)]
        slug = r["url"].rstrip("/").rsplit("/", 1)[1] + f"-{i}"
        papers.append(
            Paper(r["abstract"], r["venue"], r["year"], Source(Path("x"), i), title=f'{r["title"]} ({i})',
                  id=f"{i:012x}", slug=slug, topics=tuple(r["topics"]), place=(rng.random(), rng.random()))
        )  # fmt: skip
    shutil.rmtree(site_folder / "map" / "t")
    for path, data in map_files.map_files(papers).items():
        (site_folder / path).parent.mkdir(parents=True, exist_ok=True)
        (site_folder / path).write_bytes(data)
    assert urls.MAP_DIR == "map"


def test_at_2000_papers_the_page_and_all_it_loads_stay_under_600_kb(
    project: Path, browser: Browser, tmp_path: Path
) -> None:
    www = tmp_path / "www"
    shutil.copytree(project / "www", www)
    _synthetic_map(www / "repo", BUDGET_PAPERS)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    responses = []
    page.on("response", lambda response: responses.append(response))
    with serve(www) as base:
        page.goto(f"{base}/repo/map/")
        page.wait_for_selector("[data-ps-map][data-ready]")
        expect(page.locator("canvas")).to_have_attribute("data-drawn", str(BUDGET_PAPERS))
        page.locator("canvas").focus()
        page.keyboard.press("ArrowRight")  # loads a part of the titles
        page.wait_for_function("document.querySelector('.ps-map-status').textContent !== ''")
        page.wait_for_load_state("networkidle")
        sizes = {r.url.removeprefix(base): len(r.body()) for r in responses if r.status == 200}
    context.close()
    total = sum(sizes.values())
    print(f"map page at {BUDGET_PAPERS:,} papers: {total:,} bytes in {len(sizes)} files", sorted(sizes.items(), key=lambda kv: -kv[1]))
    assert any(path.startswith("/repo/map/t/") for path in sizes)
    assert total <= BUDGET_BYTES, sorted(sizes.items(), key=lambda kv: -kv[1])[:8]


@pytest.mark.parametrize("palette", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 360])
def test_light_and_dark_at_desktop_and_phone_width(project: Path, browser: Browser, palette: str, width: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": 740 if width == 360 else 900}, color_scheme=palette)
    page = context.new_page()
    with serve(project / "www") as base:
        for _ in range(LOADS):
            page.goto(f"{base}/repo/map/")
            page.wait_for_selector("[data-ps-map][data-ready]")
            scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
            assert scheme == ("slate" if palette == "dark" else "default")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            expect(page.locator("canvas")).to_have_attribute("data-drawn", re.compile(r"^[1-9]"))
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"map-{palette}-{width}.png"), full_page=True)
    context.close()
