"""Measure search on a freshly opened site in Debian's chromium: time, bytes, memory.

Usage:
    python bench/search_speed.py SITE [--baseline SMALL_SITE] [--query Q ...] [--runs N]
                                 [--mode http,file] [--profile FILE]

SITE is a built site folder (``papersite build -d DIR``) or an offline bundle (its zip, or
the folder it unzips to). Each measurement starts a fresh browser, opens the site's home
page, and enters the query into Material's search box as soon as the page is parsed (from a
script in the page, as a paste would: the value is set and ``input`` fired; the test driver
adds no delay). Reported, as medians over ``--runs``, per query and mode:

- ``first results``: from the start of navigation to the first answer shown (Material's
  count of matches, and the results), and from the query entered to the answer;
- ``fetched``: the bytes of every file the page loaded until then (the page with its styles
  and scripts, and the search index's parts the query needed), as they are on disk: a host
  that compresses sends fewer. Split into ``page`` and ``index`` (``searchindex/``);
- ``memory``: the proportional set size (PSS) of all the browser's processes one second
  after the answer, and, with ``--baseline``, how much more that is than the same page and
  query on the baseline site (the bundled 35-paper site), measured in the same run,
  alternating;
- ``longest task``: the longest stretch the page's main thread was blocked.

``--mode http`` serves the folder on 127.0.0.1 (a hosted site: the default for a built site
folder), over HTTP/1.1 connections kept open as real hosts keep them; ``--mode http-close``
serves it as ``python -m http.server`` does, one connection per file; ``--mode file`` opens it from ``file://``, as a person opens an offline bundle (the
default for a bundle; a hosted build does not search from ``file://``). ``--profile FILE`` writes a Chrome
DevTools CPU profile of the last run and prints the functions that took the most time.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Playwright, sync_playwright  # noqa: E402

from tests.browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402

#: A coined name, a short topic query, and a long title pasted whole.
DEFAULT_QUERIES = (
    "LongLoRA",
    "diffusion language model",
    "graph neural networks for molecular property prediction with self supervised pretraining",
)

# Runs before any script of the page: timestamps from performance.now() (0 = navigation start).
MARKS = """
((query) => {
  const marks = (window.__marks = {});
  document.addEventListener("DOMContentLoaded", () => setTimeout(() => {
    const input = document.querySelector(".md-search__input");
    input.focus();  // Material opens search on focus
    input.value = query;
    input.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
    marks.typed = performance.now();
  }));
  const longest = (window.__longest = { value: 0 });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest.value = Math.max(longest.value, entry.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) {}
  // Answered: Material's result count says how many matched ("No matching documents" too).
  new MutationObserver(() => {
    const meta = document.querySelector(".md-search-result__meta");
    if (!("results" in marks) && "typed" in marks && meta && /match/i.test(meta.textContent)) marks.results = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
})(QUERY);
"""

# The shown results: how many, and the first three addresses.
HITS = """() => {
  const items = [...document.querySelectorAll(".md-search-result__item > a")];
  return { count: items.length, top: items.slice(0, 3).map((a) => new URL(a.href).pathname.split("/").filter(Boolean).pop()) };
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


def paper_count(root: Path) -> int:
    """Return the number of papers the site's search index holds."""
    text = (root / "searchindex" / "meta.js").read_text(encoding="utf-8")
    return int(json.loads(text[text.index("{") : text.rindex("}") + 1])["docs"])


def is_bundle(root: Path) -> bool:
    """Return whether the site is an offline bundle (its page index is a script, for file://)."""
    return (root / "search" / "search_index.js").is_file()


def local_file(root: Path, base: str, url: str) -> Path | None:
    """Return the file of the site that ``url`` loaded (None for anything else)."""
    if url.startswith(base):
        relative = unquote(urlsplit(url).path)[len(urlsplit(base).path) :].lstrip("/")
    else:
        return None
    path = root / relative
    return path / "index.html" if path.is_dir() else path


def browser_pss(pid: int) -> int:
    """Return the summed PSS in bytes of the processes below ``pid`` that are chromium."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    names: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        parent = int(stat[stat.rindex(")") + 2 :].split()[1])
        children[parent].append(int(entry))
        names[int(entry)] = name
    total = 0
    stack = list(children[pid])
    while stack:
        process = stack.pop()
        stack += children[process]
        if "chrom" not in names.get(process, ""):
            continue
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{process}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
    return total


def run_once(playwright: Playwright, root: Path, base: str, query: str, profile: Path | None = None) -> dict:
    """Open the site's home page in a fresh browser, search for ``query``; return the figures."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.add_init_script(MARKS.replace("QUERY", json.dumps(query)))
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        loaded: list[tuple[float, str]] = []
        page.on("request", lambda request: loaded.append((time.monotonic(), request.url)))
        cdp = None
        if profile is not None:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
        page.goto(base + "index.html" if base.endswith("/") else base + "/index.html", wait_until="domcontentloaded")
        page.wait_for_function("'results' in window.__marks", timeout=60_000, polling=50)
        answered = time.monotonic()
        page.wait_for_timeout(1000)  # Material renders; the page settles
        figures = page.evaluate(
            """() => ({
              results: window.__marks.results,
              typed: window.__marks.typed,
              load: performance.getEntriesByType("navigation")[0].loadEventEnd,
              longest: window.__longest.value,
              dom: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
              marks: Object.fromEntries(performance.getEntriesByType("mark")
                .filter((m) => m.name.startsWith("papersite:")).map((m) => [m.name.slice(10), Math.round(m.startTime)])),
            })"""
        )
        figures["shown"] = page.evaluate(HITS)
        figures["pss"] = browser_pss(os.getpid())
        page_bytes = index_bytes = 0
        for at, url in loaded:
            path = local_file(root, base, url)
            if at > answered or path is None or not path.is_file():
                continue
            if "searchindex" in path.relative_to(root).parts[:1]:
                index_bytes += path.stat().st_size
            else:
                page_bytes += path.stat().st_size
        figures["page_bytes"], figures["index_bytes"] = page_bytes, index_bytes
        figures["index_files"] = sum(1 for at, url in loaded if at <= answered and "/searchindex/" in url)
        if cdp is not None:
            data = cdp.send("Profiler.stop")["profile"]
            profile.write_text(json.dumps(data), encoding="utf-8")
            summarize_profile(data)
        if errors:
            print("  page errors:", *errors, sep="\n    ", file=sys.stderr)
        return figures
    finally:
        browser.close()


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
    print("Page main thread CPU by script (ms):")
    for where, micros in by_file.most_common(8):
        print(f"  {micros / 1000:8.1f}  {where}")
    print("Page main thread CPU by function (ms):")
    for (name, _), micros in self_time.most_common(15):
        print(f"  {micros / 1000:8.1f}  {name}")


@contextlib.contextmanager
def opened(root: Path, mode: str) -> Iterator[str]:
    """Yield the base URL of the site in ``mode`` (served on loopback, or file://)."""
    if mode in ("http", "http-close"):
        with serve(root, keep_alive=mode == "http") as base:
            yield base + "/"
    else:
        yield root.as_uri() + "/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path, help="a built site folder, or an offline bundle (zip or unzipped)")
    parser.add_argument("--baseline", type=Path, help="the small site memory is compared with (the bundled site)")
    parser.add_argument("--query", action="append", help="a query (repeatable; default: three kinds)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mode", help="http, http-close, file, or several with commas (default: file for an offline bundle, else http)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each run's steps (ms from navigation)")
    parser.add_argument("--profile", type=Path, help="write a CPU profile of the last run to this file")
    args = parser.parse_args(argv)
    queries = args.query or list(DEFAULT_QUERIES)

    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        roots = {"site": stack.enter_context(site_root(args.site))}
        if args.baseline:
            roots["baseline"] = stack.enter_context(site_root(args.baseline))
        modes = (args.mode or ("file" if is_bundle(roots["site"]) else "http")).split(",")
        if "file" in modes and not all(is_bundle(root) for root in roots.values()):
            raise SystemExit("--mode file needs offline bundles (papersite bundle): a hosted build cannot search from file://")
        print(", ".join(f"{name}: {root} ({paper_count(root):,} papers)" for name, root in roots.items()))
        table: dict[tuple[str, str, str], list[dict]] = collections.defaultdict(list)
        for mode in modes:
            bases = {name: stack.enter_context(opened(root, mode)) for name, root in roots.items()}
            for query in queries:
                for number in range(args.runs):
                    for name, root in roots.items():
                        last = number == args.runs - 1 and name == "site" and query == queries[-1]
                        figures = run_once(playwright, root, bases[name], query, args.profile if last else None)
                        table[(mode, query, name)].append(figures)
                        print(
                            f"{mode:4} {name:8} run {number + 1}: first results {figures['results']:5.0f} ms  "
                            f"fetched {(figures['page_bytes'] + figures['index_bytes']) / 1e3:6.0f} kB "
                            f"(index {figures['index_bytes'] / 1e3:4.0f} kB in {figures['index_files']} files)  "
                            f"PSS {figures['pss'] / 2**20:5.0f} MiB  longest task {figures['longest']:4.0f} ms  "
                            f"{query[:30]!r} -> {figures['shown']['count']} shown, {figures['shown']['top'][:1]}"
                        )
                        if args.verbose:
                            steps = {"DOMContentLoaded": figures["dom"], "typed": figures["typed"], **figures["marks"]}
                            print("      ", "  ".join(f"{k} {v:.0f}" for k, v in sorted(steps.items(), key=lambda kv: kv[1])))

    def median(rows: list[dict], key: str) -> float:
        return statistics.median(row[key] for row in rows)

    print(f"\nmedians of {args.runs} runs, each in a fresh browser")
    print("| mode | query | first results, s (baseline) | query to results, s | fetched, kB (page + index) "
          "| PSS, MiB | more than baseline, MiB | longest task, ms |")  # fmt: skip
    print("| --- | --- | --: | --: | --: | --: | --: | --: |")
    for mode in modes:
        for query in queries:
            rows = table[(mode, query, "site")]
            more = then = "-"
            if args.baseline:
                base = table[(mode, query, "baseline")]
                more = f"{(median(rows, 'pss') - median(base, 'pss')) / 2**20:.0f}"
                then = f"{median(base, 'results') / 1000:.2f}"
            page_kb, index_kb = median(rows, "page_bytes") / 1e3, median(rows, "index_bytes") / 1e3
            after = statistics.median(row["results"] - row["typed"] for row in rows) / 1000
            print(
                f"| {mode} | {query[:40]} | {median(rows, 'results') / 1000:.2f} ({then}) | {after:.2f} | {page_kb + index_kb:.0f} "
                f"({page_kb:.0f} + {index_kb:.0f}) | {median(rows, 'pss') / 2**20:.0f} | {more} | {median(rows, 'longest'):.0f} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
