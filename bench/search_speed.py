"""Measure how soon search answers on a freshly opened site, in Debian's chromium.

Usage:
    python bench/search_speed.py BUNDLE_DIR_OR_ZIP [--query Q] [--runs N] [--http] [--profile FILE]

Opens the site's ``index.html`` N times, each in a fresh browser context, enters the query
into the search box as soon as the page is parsed (from a script in the page, so the test
driver adds no delay), and reports the median of:

- ``first results``: from the start of navigation to the first search result shown;
- ``full index``: to when the full index is built (with our file:// worker, which answers
  first from a quick index of titles and tags);
- ``first paint``, ``page load``: to the first contentful paint, to the load event;
- ``longest task``: the longest stretch the page's main thread was blocked;

and the search index size per 1,000 papers. The site is opened from ``file://`` (an offline
bundle, as a person would), or with ``--http`` served from 127.0.0.1 (a hosted build,
``papersite build -d DIR``). ``--profile FILE`` writes a Chrome DevTools CPU profile of
the last run (open it in DevTools' Performance panel) and prints the functions that took
the most time.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import statistics
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from tests.browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402

# Runs before any script of the page: timestamps from performance.now() (0 = navigation start).
# Enters the query as soon as the page is parsed, from inside the page (a person is slower;
# driving the keyboard from here would add the test driver's own delays on a busy machine).
MARKS = """
((query) => {
  document.addEventListener("DOMContentLoaded", () => setTimeout(() => {
    const input = document.querySelector(".md-search__input");
    input.focus();  // Material opens search on focus
    input.value = query;
    input.dispatchEvent(new KeyboardEvent("keyup", { key: "End", bubbles: true }));  // Material reads it on keyup
    marks.typed = performance.now();
  }));
  const marks = (window.__marks = {});
  const longest = { value: 0 };
  window.__longest = longest;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest.value = Math.max(longest.value, entry.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {}
  new MutationObserver(() => {
    const now = performance.now();
    if (!("results" in marks) && document.querySelector(".md-search-result__item")) {
      marks.results = now;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})(QUERY);
"""

# The shown results: how many, and the first three paths.
HITS = """() => {
  const items = [...document.querySelectorAll(".md-search-result__item > a")];
  return { count: items.length, top: items.slice(0, 3).map((a) => new URL(a.href).pathname.split("/").pop()) };
}"""


@contextlib.contextmanager
def site_root(path: Path) -> Iterator[Path]:
    """Yield the folder holding the site's index.html (a zip is unpacked to a temp folder)."""
    with contextlib.ExitStack() as stack:
        if path.suffix == ".zip":
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="search-speed-")))
            with zipfile.ZipFile(path) as archive:
                archive.extractall(folder)
            path = folder
        if not (path / "index.html").is_file():
            children = [child for child in path.iterdir() if (child / "index.html").is_file()]
            if len(children) != 1:
                raise SystemExit(f"{path}: no index.html in it or in a single folder below it")
            path = children[0]
        yield path


def index_figures(root: Path) -> tuple[int, int]:
    """Return the search index size in bytes and the number of papers of the site."""
    index = root / "search" / "search_index.js"
    if not index.is_file():
        index = root / "search" / "search_index.json"
    papers_json = root / "papers.json"
    if papers_json.is_file():
        papers = len(json.loads(papers_json.read_text(encoding="utf-8")))
    else:
        text = index.read_text(encoding="utf-8")
        papers = len(json.loads(text[text.index("{"):])["docs"])
    return index.stat().st_size, papers


def run_once(browser: Browser, url: str, query: str, profile: Path | None = None) -> dict:
    """Open ``url`` in a fresh context, search for ``query``; return the timings in ms."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.add_init_script(MARKS.replace("QUERY", json.dumps(query)))
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        cdp = None
        if profile is not None:
            cdp = context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_function("'results' in window.__marks", timeout=60_000, polling=50)
        page.wait_for_load_state("load")
        first = page.evaluate(HITS)
        # With our file:// worker, the full index answers again after the quick one: wait for it.
        if page.evaluate("performance.getEntriesByName('papersite:setup').length > 0"):
            page.wait_for_function(
                "performance.getEntriesByName('papersite:full-answer').length > 0", timeout=60_000, polling=100
            )
            page.wait_for_timeout(200)  # Material renders the answer
        if cdp is not None:
            data = cdp.send("Profiler.stop")["profile"]
            profile.write_text(json.dumps(data), encoding="utf-8")
            summarize_profile(data)
        figures = page.evaluate(
            """() => ({
              results: window.__marks.results,
              typed: window.__marks.typed,
              load: performance.getEntriesByType("navigation")[0].loadEventEnd,
              paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
              longest: window.__longest.value,
              marks: Object.fromEntries(performance.getEntriesByType("mark")
                .filter((m) => m.name.startsWith("papersite:")).map((m) => [m.name.slice(10), m.startTime])),
            })"""
        )
        figures["first"] = first
        figures["final"] = page.evaluate(HITS)
        if errors:
            print("  page errors:", *errors, sep="\n    ", file=sys.stderr)
        return figures
    finally:
        context.close()


def summarize_profile(profile: dict) -> None:
    """Print the functions with the most self time in a DevTools CPU profile."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    self_time: collections.Counter[tuple[str, str]] = collections.Counter()
    deltas = profile.get("timeDeltas", [])
    for sample, delta in zip(profile.get("samples", []), deltas[1:] + [0]):
        frame = nodes[sample]["callFrame"]
        where = frame["url"].rsplit("/", 1)[-1] or "(native)"
        self_time[(f"{frame['functionName'] or '(anonymous)'} {where}:{frame['lineNumber']}", where)] += delta
    by_file: collections.Counter[str] = collections.Counter()
    for (_, where), micros in self_time.items():
        by_file[where] += micros
    print("Page main thread CPU by script (ms; workers not included):")
    for where, micros in by_file.most_common(8):
        print(f"  {micros / 1000:8.1f}  {where}")
    print("Page main thread CPU by function (ms):")
    for (name, _), micros in self_time.most_common(15):
        print(f"  {micros / 1000:8.1f}  {name}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="an offline bundle (zip or unzipped folder) or a built site folder")
    parser.add_argument("--query", default="LongLoRA")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--http", action="store_true", help="serve the folder on 127.0.0.1 instead of file://")
    parser.add_argument("--profile", type=Path, help="write a CPU profile of the last run to this file")
    args = parser.parse_args(argv)

    with site_root(args.site) as root, contextlib.ExitStack() as stack:
        size, papers = index_figures(root)
        if args.http:
            url = stack.enter_context(serve(root)) + "/index.html"
        else:
            url = (root / "index.html").as_uri()
        runs = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for number in range(args.runs):
                last = number == args.runs - 1
                figures = run_once(browser, url, args.query, args.profile if last else None)
                runs.append(figures)
                marks = "  ".join(f"{name} {ms:.0f}" for name, ms in figures["marks"].items())
                print(
                    f"run {number + 1}: first results {figures['results']:5.0f} ms  query entered {figures['typed']:4.0f} ms  "
                    f"first paint {figures['paint']:4.0f} ms  page load {figures['load']:5.0f} ms  "
                    f"longest task {figures['longest']:5.0f} ms  marks: {marks or '-'}\n"
                    f"       first shown {figures['first']}\n       final shown {figures['final']}"
                )
            browser.close()

    def median(key: str) -> float:
        return statistics.median(run[key] for run in runs)

    print(f"site: {url} ({'http' if args.http else 'file'}), query {args.query!r}, {args.runs} runs")
    print(f"median first results: {median('results') / 1000:.2f} s")
    full = [run["marks"]["full-ready"] for run in runs if "full-ready" in run["marks"]]
    if full:
        print(f"median full index:    {statistics.median(full) / 1000:.2f} s")
    print(f"median first paint:   {median('paint') / 1000:.2f} s")
    print(f"median page load:     {median('load') / 1000:.2f} s")
    print(f"median longest task:  {median('longest') / 1000:.2f} s")
    print(
        f"search index: {size / 1e6:.2f} MB for {papers} papers = {size / 1e6 / papers * 1000:.2f} MB "
        f"({size / 2**20 / papers * 1000:.2f} MiB) per 1,000 papers"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
