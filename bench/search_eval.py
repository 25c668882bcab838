"""Measure how well search finds a paper by its title, in Debian's chromium.

Usage:
    python bench/search_eval.py [--source ../shared/data] [--work DIR] [--files iclr2024-dev,iclr2025-dev]

Builds a site from the plain-layout files of ``--source`` (so every title is inferred: the
real titles stay hidden from papersite), opens it in chromium, and asks the site's own
search engine (``window.papersiteSearch``, what the search box runs) for every paper:

- ``full title``: the real title's content words (lower-cased runs of letters and digits,
  lunr's English stop words left out), as a reader who remembers the title types them;
- ``first four``: the first four of those words;
- ``coined name``: for each paper whose real title opens with a name (``URLOST: ...``) that
  its abstract uses and no other abstract does, the name alone.

Each query is typed at once (no trailing space), so its last word counts as a prefix, as it
does while a reader types. Reported per file: how often the paper comes first and how often
it is among the first five, with the misses of the coined names listed. The ranking's
weights were set on iclr2024-dev; iclr2025-dev was not looked at while setting them.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from lunr.stop_word_filter import WORDS as STOP_WORDS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from scale import copy_project_files  # noqa: E402

from generator.enrich import paper_id  # noqa: E402
from generator.read import read_inputs  # noqa: E402
from generator.read.mend import Mender  # noqa: E402
from generator.render.search import words  # noqa: E402
from tests.browser import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402

_WORD = re.compile(r"[^\W_]+")
_NAME = re.compile(r"^\s*([^\s:]+)\s*:")

# Runs every query through the page's engine; returns the first five addresses of each.
RUN = """
async (queries) => {
  const out = [];
  for (const q of queries) {
    const result = await window.papersiteSearch.search(q);
    out.push(result.items.slice(0, 5).map((item) => item[0].location));
  }
  return out;
}
"""


def content_words(title: str) -> list[str]:
    """Return a title's content words: lower-cased runs of letters and digits, stop words left out."""
    return [w for w in _WORD.findall(title.lower()) if w not in STOP_WORDS]


def coined_name(title: str) -> str | None:
    """Return the name a real title opens with ("URLOST" of "URLOST: ..."), if any."""
    match = _NAME.match(title)
    name = match.group(1) if match else ""
    return name if any(c.isupper() for c in name[1:]) else None  # "URLOST", "TiC-CLIP"; not "Towards"


def build(source: Path, names: list[str], work: Path) -> Path:
    """Build a site of the plain-layout files in ``work``; return the project folder."""
    project = work / "project"
    if project.exists():
        shutil.rmtree(project)
    project.mkdir(parents=True)
    copy_project_files(ROOT, project)
    inputs = [str(source / f"{name}.txt") for name in names]
    subprocess.run([sys.executable, "-m", "generator", "build", "-q", "--no-cache", "-f", str(project / "mkdocs.yml"),
                    *inputs], cwd=project, check=True)  # fmt: skip
    return project


def cases(
    source: Path, name: str, urls: dict[str, str], names: list[str]
) -> tuple[list[tuple[str, str]], list[tuple[str, str, str]]]:
    """Return (real title, address) of each paper of one file, and (name, title, address) of coined names.

    A name counts when no other paper of the site (every file of ``names``) uses it.
    """
    titles = {}
    texts = []
    # The readers mend words broken at line ends, with the plain file's words as evidence: so must the key.
    mender = Mender((source / f"{name}.txt").read_text(encoding="utf-8"))
    for other in names:
        for line in (source / f"{other}.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if other == name:
                titles[" ".join(mender.mend(" ".join(record["abstract"].split()))[0].split())] = record["title"]
            texts.append((record["title"], record["abstract"]))
    pairs = []
    for paper in read_inputs([source / f"{name}.txt"]):
        title = titles.get(" ".join(paper.abstract.split()))
        if title is not None:
            pairs.append((title, urls[paper_id(paper)]))
    # A name "only one paper uses": its words, in a row, in that paper's abstract and no other
    # (words as the index cuts them: "PF-LRM" uses "LRM"; titles are hidden from papersite).
    abstracts = {title: " " + " ".join(words(text)) + " " for title, text in texts}
    names = []
    for title, url in pairs:
        coined = coined_name(title)
        needle = " " + " ".join(words(coined)) + " " if coined else ""
        if needle.strip() and needle in abstracts[title] and sum(needle in text for text in abstracts.values()) == 1:
            names.append((coined, title, url))
    return pairs, names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--work", type=Path, help="where to build the site (default: a temporary folder)")
    parser.add_argument("--files", default="iclr2024-dev,iclr2025-dev")
    parser.add_argument("--no-build", action="store_true", help="reuse the site in --work, with this tree's search engine")
    parser.add_argument("--misses", type=Path, help="write every query whose paper is not first, as JSON lines")
    args = parser.parse_args()
    names = args.files.split(",")
    work = args.work or Path(tempfile.mkdtemp(prefix="search-eval-"))
    if args.no_build:
        project = work / "project"
        shutil.copy2(ROOT / "theme" / "assets" / "javascripts" / "iframe-worker.js",
                     project / "site" / "assets" / "javascripts" / "iframe-worker.js")  # fmt: skip
    else:
        project = build(args.source.resolve(), names, work)
    site = project / "site"
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    urls = {r["id"]: r["url"] for r in records}
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(base + "/")
        page.wait_for_function("window.papersiteSearch !== undefined")
        print(f"{'file':<14} {'queries':>7} {'full title: 1st':>16} {'top 5':>6} {'first four: 1st':>16} {'top 5':>6} "
              f"{'names: 1st':>11}")  # fmt: skip
        for name in names:
            pairs, coined = cases(args.source, name, urls, names)
            full = [" ".join(content_words(t)) for t, _ in pairs]
            four = [" ".join(content_words(t)[:4]) for t, _ in pairs]
            found_full = page.evaluate(RUN, full)
            found_four = page.evaluate(RUN, four)
            found_names = page.evaluate(RUN, [n for n, _, _ in coined])
            want = [u for _, u in pairs]

            def share(found: list[list[str]], within: int, expected: list[str] = want) -> str:
                hits = sum(1 for f, u in zip(found, expected) if u in f[:within])
                return f"{hits / max(1, len(expected)):.1%}"

            name_want = [u for _, _, u in coined]
            print(f"{name:<14} {len(pairs):>7} {share(found_full, 1):>16} {share(found_full, 5):>6} "
                  f"{share(found_four, 1):>16} {share(found_four, 5):>6} "
                  f"{share(found_names, 1, name_want):>7} of {len(coined)}")  # fmt: skip
            if args.misses:
                with args.misses.open("a", encoding="utf-8") as out:
                    for kind, queries, found in (("full", full, found_full), ("four", four, found_four)):
                        for q, f, (title, url) in zip(queries, found, pairs):
                            if f[:1] != [url]:
                                out.write(json.dumps({"file": name, "kind": kind, "query": q, "title": title,
                                                      "want": url, "got": f}) + "\n")  # fmt: skip
            for (n, title, url), found in zip(coined, found_names):
                if found[:1] != [url]:
                    print(f"    name {n!r} ({title}) -> {found[:1]}")
        browser.close()
    print(f"site: {site}")


if __name__ == "__main__":
    main()
