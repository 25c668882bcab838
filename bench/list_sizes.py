"""Measure the list pages of a large site: HTML sizes, and what opening a list or a first search fetches.

Usage: python bench/list_sizes.py N [--work DIR] [--years 2016,...,2025] [--runs 3] [--source ../shared/data]

Issue 34 asks, at 100,000 papers: no HTML file over 1 MB; opening All papers, the largest topic
page or the largest year page fetches at most 1.5 MB before the page is idle; filtering All papers
by the title of the last paper finds it; a first search fetches at most 1.5 MB. Building every
page of a 100,000-paper site takes most of an hour, so this script:

1. makes an N-paper corpus over ten years with bench/make_corpus.py (kept in --work for a rerun);
2. runs ``papersite generate`` on it (timed), and prints the largest Markdown file of each kind
   of page (paper, topic, year, All papers, the indexes, trends, report, home);
3. renders with MkDocs, through papersite's engine layer, a site of the pages that could be the
   largest of their kind: every page but the papers' and the topic, year and All papers pages
   after the first, plus the five largest paper pages, the last page of All papers and the first
   page of the largest topic and year (the others of a list differ only in their rows), with the
   search index and the list's parts. Not strict: links to the pages left out stay unresolved,
   which changes no size. It prints the largest HTML file of each kind;
4. serves that site over HTTP (connections kept open, as hosts do) and opens, in a fresh
   chromium each time (--runs times, medians printed): All papers, the largest topic page and the
   largest year page, summing the bodies of every response until the network is idle; the home
   page with a first search (a topic query and the last paper's title), summing what the page
   and the query fetched until the first result shows; and All papers filtered by the last
   paper's title, until the filter says it found it (the time, and what it fetched).
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_corpus  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from generator import urls  # noqa: E402
from generator.config import load_settings  # noqa: E402
from generator.engine.engines import ENGINES  # noqa: E402
from generator.engine.site import run_engine  # noqa: E402
from generator.plan.identity import Identity  # noqa: E402
from tests.browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402

log = logging.getLogger("bench.list_sizes")

TEN_YEARS = ",".join(str(year) for year in range(2016, 2026))
#: The issue's targets.
MAX_HTML = 1_000_000
MAX_FETCH = 1_500_000
#: A first search: a topic's words (the last paper's title is the other query).
TOPIC_QUERY = "diffusion language model"
#: Paper pages rendered: the largest Markdown files.
PAPER_PAGES = 5


def kind(source: str) -> str:
    """Return the kind of page a Markdown source is."""
    parts = source.split("/")
    if parts[0] == urls.PAPERS_DIR:
        return "all papers" if source == urls.ALL_PAPERS or parts[1] == "page" else "paper"
    if parts[0] in (urls.TOPICS_DIR, urls.YEARS_DIR):
        return f"{parts[0]} index" if parts[-1] == "index.md" else parts[0].removesuffix("s")
    return parts[0].removesuffix(".md")


def make_project(work: Path, count: int, years: str, source: Path) -> tuple[Path, list[Path]]:
    """Make (or reuse) the corpus and a project folder to generate it in."""
    corpus = work / f"c{count}"
    inputs = sorted(corpus.glob("papers-*.txt"))
    if not inputs:
        make_corpus.write_corpus(count, corpus / "papers.txt", 0, source, [int(y) for y in years.split(",")])
        inputs = sorted(corpus.glob("papers-*.txt"))
    project = work / f"p{count}"
    if project.exists():
        shutil.rmtree(project)
    (project / "site_src").mkdir(parents=True)
    shutil.copy2(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    for name in ("index.md", "about.md"):
        shutil.copy2(ROOT / "site_src" / name, project / "site_src" / name)
    return project, inputs


def markdown_sizes(docs: Path) -> dict[str, tuple[int, str]]:
    """Return the largest Markdown file of each kind of page: its size and source."""
    largest: dict[str, tuple[int, str]] = {}
    for path in docs.rglob("*.md"):
        source = path.relative_to(docs).as_posix()
        if source.startswith(urls.SNIPPETS_DIR):
            continue
        size = path.stat().st_size
        largest[kind(source)] = max(largest.get(kind(source), (0, "")), (size, source))
    return largest


def choose_pages(docs: Path) -> tuple[list[str], dict[str, str]]:
    """Return the sources to render, and the list pages to open: All papers, the largest topic and year."""
    lists: dict[str, list[str]] = defaultdict(list)
    papers = []
    for path in docs.rglob("*.md"):
        source = path.relative_to(docs).as_posix()
        if source.startswith(urls.SNIPPETS_DIR):
            continue  # included by the home and About pages: copied whole
        if kind(source) == "paper":
            papers.append((path.stat().st_size, source))
        else:
            lists[kind(source)].append(source)

    def pages_of(first: str) -> int:  # a list's page count: its first page and the folder beside it
        folder = docs / first.removesuffix(".md")
        return 1 + (len(list(folder.glob("*.md"))) if folder.is_dir() else 0)

    def first_pages(name: str) -> list[str]:  # the first page of each topic or year
        return [s for s in lists[name] if s.count("/") == 1]

    topic = max(first_pages("topic"), key=lambda s: (pages_of(s), (docs / s).stat().st_size, s))
    year = max(first_pages("year"), key=lambda s: (pages_of(s), (docs / s).stat().st_size, s))
    last = urls.all_papers_source(len(lists["all papers"]))
    chosen = {urls.ALL_PAPERS, last, topic, year}
    chosen |= {s for k, sources in lists.items() if k not in ("topic", "year", "all papers") for s in sources}
    chosen |= {source for _, source in sorted(papers, reverse=True)[:PAPER_PAGES]}
    return sorted(chosen), {"All papers": urls.ALL_PAPERS, f"largest topic ({topic})": topic, f"largest year ({year})": year}


def render(project: Path, chosen: list[str], site_dir: Path) -> None:
    """Render the chosen pages, with the data files they load, through papersite's engine layer."""
    docs = project / "site_src"
    reduced = project / "reduced_src"
    if reduced.exists():
        shutil.rmtree(reduced)
    for source in chosen:
        (reduced / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(docs / source, reduced / source)
    for folder in (urls.SNIPPETS_DIR, urls.SEARCH_DIR, urls.LIST_DIR):
        shutil.copytree(docs / folder, reduced / folder, dirs_exist_ok=True)
    settings = dataclasses.replace(load_settings(project / "mkdocs.yml"), docs_dir=reduced)
    if site_dir.exists():
        shutil.rmtree(site_dir)
    run_engine(settings, Identity("Bench", "Papers.", "papers"), site_dir, ENGINES["mkdocs"], strict=False)


def html_sizes(site: Path) -> dict[str, tuple[int, str]]:
    """Return the largest HTML file of each kind of page of the rendered site."""
    largest: dict[str, tuple[int, str]] = {}
    for path in site.rglob("*.html"):
        rel = path.relative_to(site).as_posix()
        stem = rel.removesuffix("index.html").rstrip("/").removesuffix(".html")
        top = (urls.PAPERS_DIR, urls.TOPICS_DIR, urls.YEARS_DIR, urls.TRENDS_DIR, urls.REPORT_DIR)
        source = f"{stem}/index.md" if stem in top else f"{stem or 'index'}.md"
        name = kind(source)
        largest[name] = max(largest.get(name, (0, "")), (path.stat().st_size, rel))
    return largest


def fetched(page: Page, until: Callable[[], None]) -> tuple[int, dict[str, int]]:
    """Return the bytes of every response body the page received until ``until`` returns, and by folder."""
    sizes: list[tuple[str, int]] = []
    page.on("requestfinished", lambda request: sizes.append((request.url, request.sizes()["responseBodySize"])))
    until()
    by_folder: dict[str, int] = defaultdict(int)
    for url, size in sizes:
        for folder in (urls.SEARCH_DIR, urls.LIST_DIR):
            if f"/{folder}/" in url:
                by_folder[folder] += size
    return sum(size for _, size in sizes), dict(by_folder)


def measure(site: Path, lists: dict[str, str], last_title: str, count: int, runs: int) -> dict[str, list[float]]:
    """Open each list page, a first search and the filter in fresh browsers; return each figure's runs."""
    figures: dict[str, list[float]] = defaultdict(list)
    with serve(site.parent, keep_alive=True) as base, sync_playwright() as playwright:
        home = f"{base}/{site.name}/"
        for _ in range(runs):
            for name, source in lists.items():
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                total, _ = fetched(page, lambda: page.goto(home + urls.url_of(source), wait_until="networkidle"))
                figures[f"open {name}: bytes until idle"].append(total)
                browser.close()
            for label, query in (("topic query", TOPIC_QUERY), ("last paper's title", last_title)):
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()

                def first_search() -> None:
                    page.goto(home, wait_until="networkidle")
                    page.locator("label.md-search__icon, .md-search__input").first.click()
                    page.locator("input.md-search__input").fill(query)
                    page.locator(".md-search-result__item").first.wait_for(timeout=60_000)

                total, folders = fetched(page, first_search)
                figures[f"first search, {label}: bytes with the home page"].append(total)
                figures[f"first search, {label}: bytes of the index"].append(folders.get(urls.SEARCH_DIR, 0))
                browser.close()
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            started: list[float] = []

            def filter_last() -> None:
                page.goto(home + urls.url_of(urls.ALL_PAPERS), wait_until="networkidle")
                started.append(time.perf_counter())
                page.locator("input[name=words]").fill(last_title.lower())
                page.locator(".ps-filter-count", has_text=re.compile(rf"^\d+ of {count} papers$")).wait_for(timeout=600_000)

            total, folders = fetched(page, filter_last)
            found = page.locator(".ps-filterable li[data-year]:visible a.ps-row-title", has_text=last_title).count()
            figures["filter by the last title: seconds"].append(time.perf_counter() - started[0])
            figures["filter by the last title: bytes of the parts"].append(folders.get(urls.LIST_DIR, 0))
            figures["filter by the last title: found it (1 = yes)"].append(1 if found else 0)
            browser.close()
    return figures


def last_paper_title(docs: Path) -> str:
    """Return the title of the last paper of All papers (its last part's last row)."""
    import json

    parts = sorted(docs.joinpath(urls.LIST_DIR).glob("*.js"), key=lambda p: int(p.stem))
    text = parts[-1].read_text(encoding="utf-8")
    rows = json.loads(text[text.index(",") + 1 : text.rindex(")")])
    return rows[-1][0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, metavar="N")
    parser.add_argument("--work", type=Path, default=Path("/tmp/papersite-list-sizes"))
    parser.add_argument("--years", default=TEN_YEARS)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--source", type=Path, default=make_corpus.DEFAULT_SOURCE)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    project, inputs = make_project(args.work, args.count, args.years, args.source)
    start = time.perf_counter()
    command = [sys.executable, "-m", "generator", "generate", "-q", "-f", str(project / "mkdocs.yml"), *map(str, inputs)]
    subprocess.run(command, check=True, cwd=ROOT, stderr=subprocess.DEVNULL)  # near-duplicate notices
    print(f"{args.count:,} papers: generate {time.perf_counter() - start:.0f} s")
    docs = project / "site_src"
    print("\nLargest Markdown file of each kind of page:")
    for name, (size, source) in sorted(markdown_sizes(docs).items()):
        print(f"  {name:14} {size:>11,} B  {source}")

    chosen, lists = choose_pages(docs)
    site = args.work / "site"
    start = time.perf_counter()
    render(project, chosen, site)
    print(f"\nRendered {len(chosen)} pages in {time.perf_counter() - start:.0f} s. Largest HTML file of each kind:")
    largest = html_sizes(site)
    for name, (size, rel) in sorted(largest.items()):
        print(f"  {name:14} {size:>11,} B  {rel}")
    top = max(largest.values())
    print(f"  largest of all {top[0]:,} B ({top[1]}): {'under' if top[0] < MAX_HTML else 'OVER'} {MAX_HTML:,} B")

    figures = measure(site, lists, last_paper_title(docs), args.count, args.runs)
    print(f"\nIn chromium over HTTP, medians of {args.runs} fresh browsers (target: at most {MAX_FETCH:,} B fetched):")
    for name, values in figures.items():
        median = statistics.median(values)
        shown = f"{median:,.1f}" if "seconds" in name else f"{median:,.0f}"
        print(f"  {name:60} {shown:>12}   runs: {', '.join(f'{v:,.0f}' for v in values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
