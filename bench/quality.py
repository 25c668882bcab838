"""Measure what papersite infers on a real corpus, end to end, against the truth.

    python bench/quality.py CORPUS.jsonl [CORPUS.jsonl ...] [--sample 50] [--keep DIR]

Feeds the abstracts of JSON Lines records to papersite in the plain layout (titles,
keywords and links hidden), builds the site strictly, then compares what papersite
inferred with the records' real titles, keywords and GitHub links, and scans every
built page for TeX left as text. Prints each figure; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from title_eval import hygiene, name_hits, title_scores  # noqa: E402
from topic_eval import CONCEPTS, concept_recall, coverage, macro_recall, unlisted_sample  # noqa: E402

from generator.enrich.links import find_links  # noqa: E402
from generator.enrich.papers import paper_id  # noqa: E402
from generator.enrich.topics import load_taxonomy  # noqa: E402
from generator.model import Paper, Source  # noqa: E402
from generator.read.mend import Mender  # noqa: E402

PROJECT_FILES = ("mkdocs.yml", "theme", "hooks")
PAGES = ("index.md", "about.md", "tags.md", "assets")
RAW_TEX = re.compile(r"\\[A-Za-z]+|\$[^$\s][^$]*\$|\{\\|\\%")
ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff]")


def load(paths: list[Path]) -> list[dict]:
    """Read every record of the given JSON Lines files."""
    records = []
    for path in paths:
        with path.open(encoding="utf-8") as handle:
            records += [json.loads(line) for line in handle if line.strip()]
    return records


def write_plain(records: list[dict], folder: Path) -> list[Path]:
    """Write the abstracts in the plain layout, one file per year: no titles, no keywords."""
    by_year: dict[int, list[str]] = defaultdict(list)
    for record in records:
        by_year[int(record["year"])].append(" ".join(record["abstract"].split()))
    files = []
    for year, abstracts in sorted(by_year.items()):
        path = folder / f"iclr{year}.txt"
        path.write_text(f"ICLR {year} Papers\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
        files.append(path)
    return files


def make_project(work: Path) -> Path:
    """Copy the project's configuration, theme and hand-written pages into ``work``."""
    project = work / "project"
    (project / "site_src").mkdir(parents=True)
    for name in PROJECT_FILES:
        source = ROOT / name
        if not source.exists():
            continue
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, project / name)
    for name in PAGES:
        source = ROOT / "site_src" / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, project / "site_src" / name)
    return project


class _Visible(HTMLParser):
    """Collect the text a reader sees in <article>, with <math> elements counted, not read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.in_article = self.in_math = 0
        self.math = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article += 1
        elif tag in ("pre", "code"):
            self.in_math += 1  # code (the BibTeX entry) is shown as code, TeX escapes and all
        elif tag == "math":
            self.in_math += 1
            self.math += self.in_article > 0

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        elif tag in ("pre", "code", "math"):
            self.in_math -= 1

    def handle_data(self, data: str) -> None:
        if self.in_article and not self.in_math:
            self.text.append(data)


def scan_site(site: Path) -> dict[str, object]:
    """Scan every built page for TeX shown as text, and count the rendered math."""
    pages = math = 0
    leftovers: list[tuple[str, str]] = []
    zero_width = 0
    for page in sorted(site.rglob("*.html")):
        if page.relative_to(site).parts[0] == "report":
            continue  # the quality report quotes macro names on purpose
        parser = _Visible()
        parser.feed(page.read_text(encoding="utf-8"))
        text = "".join(parser.text)
        pages += 1
        math += parser.math
        for match in RAW_TEX.finditer(text):
            leftovers.append((str(page.relative_to(site)), text[max(0, match.start() - 30) : match.end() + 30]))
        zero_width += len(ZERO_WIDTH.findall(text))
    return {"pages": pages, "math": math, "leftovers": leftovers, "zero_width": zero_width}


def _pct(x: float) -> str:
    return f"{x:.1%}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="+", type=Path, help="JSON Lines files with title, abstract, keywords, github_urls")
    parser.add_argument("--sample", type=int, default=50, help="papers to print for the topic precision read")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it (default: a temporary one)")
    args = parser.parse_args(argv)

    records = load(args.corpora)
    work = args.keep or Path(tempfile.mkdtemp(prefix="papersite-quality-"))
    work.mkdir(parents=True, exist_ok=True)
    project = make_project(work) if not (work / "project").exists() else work / "project"
    inputs = write_plain(records, work)
    command = [sys.executable, "-m", "generator", "build", "-q", "-f", str(project / "mkdocs.yml"), *map(str, inputs)]
    # This tree's generator, installed or not (the build runs in the project copy).
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    subprocess.run(command, check=True, cwd=project, env=env)
    site = project / "site"
    built = {p["id"]: p for p in json.loads((site / "papers.json").read_text(encoding="utf-8"))}

    # The readers mend words broken at line ends (the plain file's words as evidence): so must the key.
    menders = {int(path.stem[-4:]): Mender(path.read_text(encoding="utf-8")) for path in inputs}
    rows = []
    for record in records:
        abstract = menders[int(record["year"])].mend(" ".join(record["abstract"].split()))[0]
        key = Paper(" ".join(abstract.split()), "ICLR", int(record["year"]), Source(Path("-"), 1))
        rows.append((record, built[paper_id(key)]))
    print(f"{len(rows):,} papers from {', '.join(p.name for p in args.corpora)} (built in {work})\n")

    # 1. Titles
    pairs = [(page["title"], record["title"]) for record, page in rows]
    scores = title_scores(pairs)
    names = name_hits((page["title"], record["title"], record["abstract"]) for record, page in rows)
    print("1. Titles")
    print(f"   coined name kept: {names}")
    print(f"   content-word overlap: {scores}")
    print(f"   hygiene: {hygiene([page['title'] for _, page in rows])}")

    # 2. Topics
    taxonomy = load_taxonomy()
    assigned = [tuple(page["topics"]) for _, page in rows]
    plain_records = [record for record, _ in rows]
    recall = concept_recall(plain_records, assigned)
    print("\n2. Topics (keywords hidden)")
    for concept in CONCEPTS:
        hits, total = recall[concept.name]
        if total:
            print(f"   {concept.name:<26} {hits:>4}/{total:<4} {_pct(hits / total)}")
    if any(total for _, total in recall.values()):
        print(f"   macro recall: {_pct(macro_recall(recall))} (target 85%)")
    else:
        print("   macro recall: n/a (no record lists keywords)")
    print(f"   non-fallback coverage: {_pct(coverage(assigned, taxonomy.fallback.name))} (target 97%)")
    sample = unlisted_sample(plain_records, assigned, n=args.sample, seed=args.seed)
    print(f"   {len(sample)} papers carrying a topic their authors did not list (read them):")
    for record, topic in sample:
        print(f"   - [{topic}] {record['title']} :: {record['abstract'][:160]}")

    # 3. Code links
    truth = expected = found = false = 0
    project_pages = 0
    for record, page in rows:
        real = {u.lower() for u in (record.get("github_urls") or []) for u in find_links(u).github}
        got = {u.lower() for u in page["github"]}
        expected += len(real)
        truth += len(real & got)
        false += len(got - real)
        found += len(got)
    for record, _ in rows:
        project_pages += bool(find_links(record["abstract"]).project_pages)
    print("\n3. Code links")
    print(f"   GitHub recall: {truth}/{expected} ({_pct(truth / expected if expected else 1)}); badges not in the record: {false}")
    print(f"   papers with a project page link: {project_pages}")

    # 4. Text and math
    scan = scan_site(site)
    print("\n4. Text and math (every built page)")
    print(f"   pages scanned: {scan['pages']:,}; math elements rendered: {scan['math']:,}")
    print(f"   TeX left visible: {len(scan['leftovers'])}; zero-width characters: {scan['zero_width']}")
    for where, context in scan["leftovers"][:20]:
        print(f"   - {where}: ...{context}...")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
