"""Measure how papersite scales: generate, full build, bare MkDocs and a raw floor, per corpus size.

Usage: python bench/scale.py [--sizes 1000,4000,10000] [--runs 3] [--source ../shared/data]
                             [--work DIR] [--seed S] [--naive N] [--steps generate,rerun,...]

For each size N it makes an N-paper corpus with bench/make_corpus.py (two plain-layout files,
ICLR 2024 and 2025), then, in a throwaway copy of the project (the repository's site_src/ is
never touched), runs each step as a child process and records its wall time and peak RSS:

- generate:    ``papersite generate`` from an empty docs_dir (abstracts -> Markdown)
- build:       ``papersite build`` from an empty docs_dir (generate + MkDocs render, strict)
- mkdocs:      a bare ``mkdocs build --strict`` of the Markdown the build generated
- raw floor:   python-markdown renders each generated page into a trivial HTML template
               and writes it (``--raw-floor``, below): what rendering costs with no theme

It prints the medians of --runs runs side by side, the site's sizes, and the ratios the project
targets. ``--naive N`` also builds N papers with every paper page in Material's navigation (the
setup a user writes first), against the same pages kept out of it. ``--steps`` runs only some
steps (``--steps generate,rerun`` measures the generator alone, in minutes rather than a quarter of
an hour); the table and the ratios then show only what those steps measure.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_corpus  # noqa: E402

log = logging.getLogger("bench.scale")

#: What a project folder needs besides generated output (as tests/conftest.py copies it);
#: those missing from the tree (an older checkout without hooks/) are skipped.
PROJECT_FILES = ("mkdocs.yml", "theme", "hooks")
HAND_WRITTEN_PAGES = ("index.md", "about.md", "tags.md", "assets")

#: Years of the synthetic corpus: papers are dealt round-robin into one file per year.
YEARS = (2024, 2025)

#: Targets of the project's acceptance requirements.
TARGET_SCALING = 11.0  # build(10k) / build(1k), for a 10x corpus
TARGET_PAPERS_PER_S = 1_500
TARGET_GENERATE_SHARE = 0.20
TARGET_FLOOR_RATIO = 3.0
TARGET_PAGE_SPREAD = 0.05
TARGET_PEAK_MB = 600
TARGET_RERUN_SHARE = 0.15  # a rerun with unchanged input, of a cold generate

RAW_TEMPLATE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main>
{body}
</main></body></html>
"""


# --------------------------------------------------------------------------- running steps


@dataclass
class Step:
    """One timed child process."""

    seconds: float  #: wall time
    peak_mb: float  #: peak RSS
    cpu: float = 0.0  #: user + system CPU seconds (steadier than wall time on a shared machine)


#: Where the snapshot of the project is taken from, and (once taken) where runs copy it from.
SNAPSHOT: dict[str, Path] = {"root": ROOT}


def copy_project_files(root: Path, target: Path) -> None:
    """Copy the project's configuration, theme, hooks and hand-written pages from ``root`` to ``target``."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in PROJECT_FILES:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, target / name)
    (target / "site_src").mkdir(parents=True, exist_ok=True)
    for name in HAND_WRITTEN_PAGES:
        source = root / "site_src" / name
        if source.is_dir():
            shutil.copytree(source, target / "site_src" / name)
        elif source.exists():  # assets/ moved into the package's theme (issue 31)
            shutil.copy2(source, target / "site_src" / name)


def take_snapshot(work: Path) -> Path:
    """Copy the generator package and the project files once, so every run measures the same code.

    Others may edit the working tree while the benchmark runs; a run must not see a half edit.
    """
    target = work / "snapshot"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "generator", target / "generator", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    if (ROOT / "theme" / "__init__.py").exists():  # installed as generator.theme (pyproject.toml)
        shutil.copytree(ROOT / "theme", target / "generator" / "theme", ignore=shutil.ignore_patterns("__pycache__"))
    copy_project_files(ROOT, target)
    SNAPSHOT["root"] = target
    return target


def source_state() -> str:
    """Return the commit the snapshot was taken from, and whether the tree had local changes."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", "--no-optional-locks", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    changed = git("status", "--porcelain", "--", "generator", "mkdocs.yml", "theme", "hooks", "site_src")
    return f"{git('rev-parse', '--short', 'HEAD') or 'unknown'}{' + local changes' if changed else ''}"


def run_measured(command: Sequence[str], cwd: Path, log_file: Path) -> Step:
    """Run ``command``; return its wall time and peak RSS (its own and its children's).

    ``os.wait4`` returns the rusage of that one child, and Linux folds the peak RSS of
    the child's own waited-for children into it, so ``papersite build`` counts MkDocs.
    """
    env = dict(os.environ)
    env.update(SOURCE_DATE_EPOCH="0", NO_MKDOCS_2_WARNING="1", PAPERSITE_OFFLINE="false")
    # Python keeps compiled modules by default (and pip compiles the packages it installs); an
    # environment that turns this off would charge every run for compiling papersite again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SNAPSHOT["root"]), env.get("PYTHONPATH")]))
    with log_file.open("wb") as output:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT)
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        tail = log_file.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise SystemExit(f"{' '.join(command)} failed with status {process.returncode}:\n{tail}")
    return Step(seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime)  # maxrss: KiB


def fresh_project(target: Path) -> Path:
    """Copy the project's configuration, theme and hand-written pages to an empty ``target``."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    copy_project_files(SNAPSHOT["root"], target)
    return target


def papersite(command: str, project: Path, corpus: Sequence[Path], *extra: str) -> list[str]:
    """Return the command line of one papersite command on ``corpus``."""
    return [sys.executable, "-m", "generator", command, "-q", "-f", str(project / "mkdocs.yml"), *extra,
            *map(str, corpus)]  # fmt: skip


def mkdocs(project: Path, site_dir: Path, config: str = "mkdocs.yml") -> list[str]:
    """Return the command line of a bare strict MkDocs build, as papersite runs it."""
    return [sys.executable, "-m", "mkdocs", "build", "--clean", "--quiet", "--strict",
            "--config-file", str(project / config), "--site-dir", str(site_dir)]  # fmt: skip


def raw_floor(project: Path, site_dir: Path) -> list[str]:
    """Return the command line of the raw floor on ``project``'s generated Markdown."""
    return [sys.executable, str(Path(__file__).resolve()), "--raw-floor", str(project / "site_src"), str(site_dir)]


# --------------------------------------------------------------------------- the raw floor


def render_raw(docs_dir: Path, out_dir: Path) -> int:
    """Render every Markdown page of ``docs_dir`` with python-markdown into a bare template.

    The floor of any renderer: parse, convert, wrap, write; no theme, nav or search.
    Returns the number of pages written.
    """
    import markdown  # only this mode needs it

    converter = markdown.Markdown(extensions=["attr_list", "md_in_html", "tables", "toc"])
    front = re.compile(r"\A---\n.*?\n---\n", re.DOTALL)
    count = 0
    for source in sorted(docs_dir.rglob("*.md")):
        rel = source.relative_to(docs_dir)
        if rel.parts[0].startswith("_"):
            continue  # snippets, not pages
        text = front.sub("", source.read_text(encoding="utf-8"), count=1)
        body = converter.reset().convert(text)
        stem = rel.with_suffix("")
        target = out_dir / ("index.html" if stem.name == "index" and len(stem.parts) == 1 else
                            stem.parent / "index.html" if stem.name == "index" else stem / "index.html")  # fmt: skip
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(RAW_TEMPLATE.format(title=stem.as_posix(), body=body), encoding="utf-8")
        count += 1
    return count


# --------------------------------------------------------------------------- site sizes


@dataclass
class Sizes:
    """What a built site weighs."""

    site_mb: float
    html_pages: int
    paper_pages: int
    paper_median_kb: float
    paper_max_kb: float
    search_index_mb: float
    list_max_kb: float = 0.0  #: the largest topic or year list page
    all_papers_kb: float = 0.0
    tags_kb: float = 0.0


def measure_site(site_dir: Path) -> Sizes:
    """Return the sizes of a built site."""
    total = 0
    html = 0
    for path in site_dir.rglob("*"):
        if path.is_file():
            total += path.stat().st_size
            html += path.name == "index.html"
    # All papers (papers/index.html and its pages, papers/page/N/): a listing, not a paper page.
    listings = {site_dir / "papers" / "index.html", *(site_dir / "papers" / "page").rglob("index.html")}
    listing_sizes = [p.stat().st_size for p in listings if p.exists()]
    papers = [p.stat().st_size for p in (site_dir / "papers").rglob("index.html") if p not in listings]
    lists = [p.stat().st_size for folder in ("topics", "years") for p in (site_dir / folder).rglob("index.html")]
    search = sum(p.stat().st_size for p in (site_dir / "searchindex").rglob("*") if p.is_file())
    tags = site_dir / "tags" / "index.html"
    return Sizes(
        site_mb=total / 1e6,
        html_pages=html,
        paper_pages=len(papers),
        paper_median_kb=statistics.median(papers) / 1e3 if papers else 0.0,
        paper_max_kb=max(papers, default=0) / 1e3,
        list_max_kb=max(lists, default=0) / 1e3,
        all_papers_kb=max(listing_sizes, default=0) / 1e3,
        tags_kb=tags.stat().st_size / 1e3 if tags.exists() else 0.0,
        search_index_mb=search / 1e6,
    )


# --------------------------------------------------------------------------- one size


@dataclass
class Result:
    """The runs of one corpus size."""

    papers: int
    steps: dict[str, list[Step]] = field(default_factory=dict)
    sizes: Sizes | None = None

    def median(self, step: str) -> float:
        """Return the median wall time of a step."""
        return statistics.median(s.seconds for s in self.steps[step])

    def cpu(self, step: str) -> float:
        """Return the median CPU time of a step."""
        return statistics.median(s.cpu for s in self.steps[step])

    def peak(self, step: str) -> float:
        """Return the highest peak RSS of a step over its runs, in MB."""
        return max(s.peak_mb for s in self.steps[step])


STEPS = ("generate", "rerun", "build", "mkdocs", "raw floor")
#: The step whose output a step works on: a rerun goes over what generate wrote, the bare
#: MkDocs build and the raw floor over the Markdown the full build wrote.
NEEDS = {"rerun": "generate", "mkdocs": "build", "raw floor": "build"}


def measure_size(
    count: int, runs: int, work: Path, seed: int, source: Path, steps: Sequence[str] = STEPS,
    years: Sequence[int] = YEARS,
) -> Result:
    """Make an N-paper corpus and time each of ``steps`` ``runs`` times (the site's sizes need "build")."""
    folder = work / f"n{count}"
    folder.mkdir(parents=True, exist_ok=True)
    corpus = make_corpus.write_corpus(count, folder / "corpus" / "papers.txt", seed, source, years)
    result = Result(count, {name: [] for name in STEPS if name in steps})
    project = folder / "project"
    logs = folder / "logs"
    logs.mkdir(exist_ok=True)
    site = project / "site"
    for run in range(1, runs + 1):
        # Every run starts from an empty docs_dir: the first build a user runs, not a no-op rebuild.
        commands = {
            "generate": (True, papersite("generate", project, corpus)),
            # The same again over what it wrote: unchanged input, nothing to do (incremental).
            "rerun": (False, papersite("generate", project, corpus)),
            "build": (True, papersite("build", project, corpus, "-d", str(site))),
            "mkdocs": (False, mkdocs(project, project / "site-bare")),  # the Markdown the build wrote
            "raw floor": (False, raw_floor(project, project / "site-raw")),
        }
        for name, (fresh, command) in commands.items():
            if name not in steps:
                continue
            if fresh:
                fresh_project(project)
            step = run_measured(command, project, logs / f"{name.replace(' ', '-')}-{run}.log")
            result.steps[name].append(step)
            log.info("N=%d run %d: %-9s %6.1f s wall, %6.1f s CPU, %4.0f MB",
                     count, run, name, step.seconds, step.cpu, step.peak_mb)  # fmt: skip
    if "build" in steps:
        result.sizes = measure_site(project / "site")
    return result


def warm_up(work: Path, seed: int, source: Path, build: bool = True) -> None:
    """Build a tiny corpus once, untimed, so the first timed run finds disk caches warm (generate only: no MkDocs)."""
    folder = work / "warm-up"
    corpus = make_corpus.write_corpus(50, folder / "corpus" / "papers.txt", seed, source, YEARS)
    project = fresh_project(folder / "project")
    command = papersite("build", project, corpus, "-d", str(project / "site")) if build else papersite("generate", project, corpus)
    run_measured(command, project, folder / "build.log")


# --------------------------------------------------------------------------- the naive setup


def naive_config(project: Path) -> str:
    """Write ``mkdocs-naive.yml``: every paper page in the nav, by year; return its name."""
    docs = project / "site_src"
    lines = (project / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    start = lines.index("nav:")
    end = start + 1
    while end < len(lines) and lines[end].startswith("  - "):
        end += 1
    papers = ["  - Papers:"]
    for year in sorted((p for p in (docs / "papers").iterdir() if p.is_dir()), reverse=True):
        pages = [p for p in sorted(year.glob("*.md")) if p.name != "index.md"]  # index pages stay where they are
        if pages:
            papers.append(f'    - "{year.name}":')
            papers += [f"      - {p.relative_to(docs).as_posix()}" for p in pages]
    lines[end:end] = papers
    lines = [line for line in lines if line.strip() != "/papers/"]  # no longer kept out of the nav
    name = "mkdocs-naive.yml"
    (project / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return name


def measure_naive(count: int, work: Path, seed: int, source: Path) -> dict[str, object]:
    """Build ``count`` papers once with an index-only nav and once with every paper in the nav."""
    folder = work / f"naive{count}"
    folder.mkdir(parents=True, exist_ok=True)
    corpus = make_corpus.write_corpus(count, folder / "corpus" / "papers.txt", seed, source, YEARS)
    project = fresh_project(folder / "project")
    run_measured(papersite("generate", project, corpus), project, folder / "generate.log")
    config = naive_config(project)
    index_only = run_measured(mkdocs(project, project / "site"), project, folder / "mkdocs.log")
    log.info("naive N=%d: index-only nav %.1f s", count, index_only.seconds)
    naive = run_measured(mkdocs(project, project / "site-naive", config), project, folder / "mkdocs-naive.log")
    log.info("naive N=%d: every paper in the nav %.1f s", count, naive.seconds)
    return {
        "papers": count,
        "index_only": index_only,
        "naive": naive,
        "index_only_sizes": measure_site(project / "site"),
        "naive_sizes": measure_site(project / "site-naive"),
    }


# --------------------------------------------------------------------------- the report


def _table(rows: list[tuple[str, list[str]]], header: list[str]) -> str:
    width = max(len(label) for label, _ in rows + [("", [])])
    cols = [max(len(h), *(len(v[i]) for _, v in rows if v)) for i, h in enumerate(header)]
    out = [f"{'':<{width}}  " + "  ".join(f"{h:>{w}}" for h, w in zip(header, cols))]
    for label, values in rows:
        out.append(f"{label:<{width}}  " + "  ".join(f"{v:>{w}}" for v, w in zip(values, cols)))
    return "\n".join(out)


def format_results(results: list[Result], runs: int) -> str:
    """Return the table of medians, one column per corpus size."""
    def row(label: str, value: Callable[[Result], str]) -> tuple[str, list[str]]:
        return label, [value(r) for r in results]

    def measured(*steps: str) -> bool:
        return _measured(results, steps)

    def timed(step: str, label: str) -> list[tuple[str, list[str]]]:
        return [row(label, lambda r: f"{r.median(step):.2f}"), row("  CPU, s", lambda r: f"{r.cpu(step):.2f}")]

    def peak(step: str) -> tuple[str, list[str]]:
        return row("  peak RSS, MB", lambda r: f"{r.peak(step):.0f}")

    rows = []
    if measured("generate"):
        rows += timed("generate", f"generate, s (median of {runs})")
        rows += [row("  papers/s", lambda r: f"{r.papers / r.median('generate'):,.0f}"), peak("generate")]
    if measured("generate", "rerun"):
        rows += [
            row("rerun, unchanged input, s", lambda r: f"{r.median('rerun'):.2f}"),
            row("  of a cold generate", lambda r: f"{r.median('rerun') / r.median('generate'):.0%}"),
        ]
    if measured("build"):
        rows += [*timed("build", "full build, s"), peak("build")]
        if measured("generate"):
            rows.append(row("  generate share", lambda r: f"{r.median('generate') / r.median('build'):.0%}"))
    if measured("mkdocs"):
        rows += [*timed("mkdocs", "bare mkdocs build, s"), peak("mkdocs")]
    if measured("raw floor"):
        rows += timed("raw floor", "raw floor (python-markdown), s")
        rows.append(row("  full build / raw floor", lambda r: f"{r.median('build') / r.median('raw floor'):.1f}"))
        if measured("mkdocs"):
            rows.append(row("  bare mkdocs / raw floor", lambda r: f"{r.median('mkdocs') / r.median('raw floor'):.1f}"))
    if measured("build", "sizes"):
        rows += [
            row("build ms per paper", lambda r: f"{1000 * r.median('build') / r.papers:.1f}"),
            row("site size, MB", lambda r: f"{r.sizes.site_mb:.1f}"),
            row("HTML pages", lambda r: f"{r.sizes.html_pages:,}"),
            row("paper page HTML, median KB", lambda r: f"{r.sizes.paper_median_kb:.1f}"),
            row("largest paper page HTML, KB", lambda r: f"{r.sizes.paper_max_kb:.1f}"),
            row("largest topic or year list HTML, KB", lambda r: f"{r.sizes.list_max_kb:.1f}"),
            row("largest All papers page HTML, KB", lambda r: f"{r.sizes.all_papers_kb:,.0f}"),
            row("Tags page HTML, KB", lambda r: f"{r.sizes.tags_kb:,.0f}"),
            row("search index (searchindex/), MB", lambda r: f"{r.sizes.search_index_mb:.1f}"),
        ]
    return _table(rows, [f"N={r.papers:,}" for r in results])


def _measured(results: list[Result], steps: Sequence[str]) -> bool:
    """Tell whether every result has runs of the ``steps`` ("sizes": the built site's sizes).

    A run with ``--steps`` has only some, and so may an older results.json.
    """
    return all(r.sizes if step == "sizes" else r.steps.get(step) for r in results for step in steps)


def _pick(results: list[Result], wanted: int) -> Result:
    """Return the result at ``wanted`` papers, or the nearest size measured."""
    return min(results, key=lambda r: (abs(r.papers - wanted), r.papers))


def format_ratios(results: list[Result]) -> str:
    """Return the ratios the project targets, computed within this run (wall time, and CPU time).

    Only the ratios whose steps were measured (see ``--steps``).
    """
    small, large = results[0], results[-1]
    mid = _pick(results, 4000)
    scale = large.papers / small.papers
    scaling_target = TARGET_SCALING * scale / 10

    def both(value: Callable[[Callable[[Result, str], float]], float]) -> Callable[[], tuple[float, float]]:
        return lambda: (value(Result.median), value(Result.cpu))

    def spread() -> tuple[float, float]:
        medians = [r.sizes.paper_median_kb for r in results]  # type: ignore[union-attr]
        return ((max(medians) - min(medians)) / min(medians),) * 2

    def peak() -> tuple[float, float]:
        return (max(large.peak(step) for step in ("generate", "build") if large.steps.get(step)),) * 2

    # (steps it needs, label, its values, target, test, format): computed only if measured.
    candidates = [
        (("build",), f"build({large.papers:,}) / build({small.papers:,})",
         both(lambda t: t(large, "build") / t(small, "build")),
         f"<= {scaling_target:.1f}", lambda v: v <= scaling_target, "{:.2f}"),
        (("generate",), f"generate papers/s at {large.papers:,}",
         both(lambda t: large.papers / t(large, "generate")),
         f">= {TARGET_PAPERS_PER_S:,}", lambda v: v >= TARGET_PAPERS_PER_S, "{:,.0f}"),
        (("generate", "build"), f"generate share of full build at {mid.papers:,}",
         both(lambda t: t(mid, "generate") / t(mid, "build")),
         f"<= {TARGET_GENERATE_SHARE:.0%}", lambda v: v <= TARGET_GENERATE_SHARE, "{:.1%}"),
        (("build", "raw floor"), f"full build / raw floor at {mid.papers:,}",
         both(lambda t: t(mid, "build") / t(mid, "raw floor")),
         f"<= {TARGET_FLOOR_RATIO:g}", lambda v: v <= TARGET_FLOOR_RATIO, "{:.2f}"),
        (("sizes",), "paper page HTML (median) spread across N", spread,
         f"<= {TARGET_PAGE_SPREAD:.0%}", lambda v: v <= TARGET_PAGE_SPREAD, "{:.1%}"),
        ((), f"peak RSS at {large.papers:,}, MB", peak,
         f"<= {TARGET_PEAK_MB}", lambda v: v <= TARGET_PEAK_MB, "{:.0f}"),
        (("generate", "rerun"), "rerun / cold generate, at worst over N",
         both(lambda t: max(t(r, "rerun") / t(r, "generate") for r in results)),
         f"<= {TARGET_RERUN_SHARE:.0%}", lambda v: v <= TARGET_RERUN_SHARE, "{:.1%}"),
    ]  # fmt: skip
    checks = [
        (label, values(), target, ok, fmt)
        for needs, label, values, target, ok, fmt in candidates
        if _measured(results, needs)
    ]
    width = max(len(c[0]) for c in checks)
    lines = [f"Ratios (this run)  {'':<{width - 18}}      wall       CPU   target    wall / CPU"]
    for label, (wall, cpu), target, ok, fmt in checks:
        verdict = f"{'ok' if ok(wall) else 'MISSED'} / {'ok' if ok(cpu) else 'MISSED'}"
        lines.append(f"  {label:<{width}}  {fmt.format(wall):>8}  {fmt.format(cpu):>8}   {target:<9} {verdict}")
    return "\n".join(lines)


def format_naive(naive: dict[str, object]) -> str:
    """Return the naive-nav comparison."""
    a, b = naive["index_only"], naive["naive"]
    sa, sb = naive["index_only_sizes"], naive["naive_sizes"]

    def line(label: str, step: Step, sizes: Sizes) -> str:
        return (f"  {label:<27} {step.seconds:7.1f} s wall {step.cpu:7.1f} s CPU {step.peak_mb:5.0f} MB"
                f"  site {sizes.site_mb:6.1f} MB  paper page {sizes.paper_median_kb:6.1f} KB")

    return "\n".join([
        f"Naive nav at N={naive['papers']:,} (one run each, bare mkdocs build):",
        line("index-only nav (papersite)", a, sa),
        line("every paper in the nav", b, sb),
        f"  naive / papersite           {b.seconds / a.seconds:7.1f} x wall {b.cpu / a.cpu:5.1f} x CPU",
    ])  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run the scaling benchmark, or the raw floor alone."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,4000,10000", help="comma-separated corpus sizes")
    parser.add_argument("--runs", type=int, default=3, help="runs per size; medians are reported (default 3)")
    parser.add_argument("--source", type=Path, default=make_corpus.DEFAULT_SOURCE, help="folder of real .jsonl abstracts")
    parser.add_argument("--work", type=Path, help="work folder (default: a new temporary folder, kept)")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    parser.add_argument("--years", default=",".join(map(str, YEARS)),
                        help="comma-separated years the papers are dealt into (default %(default)s)")
    parser.add_argument("--naive", type=int, metavar="N", help="also build N papers with every paper page in the nav")
    parser.add_argument("--steps", default=",".join(STEPS),
                        help=f"comma-separated steps to run (default: all of {', '.join(STEPS)})")
    parser.add_argument("--report", type=Path, metavar="WORK", help="print the table of an earlier run from WORK/results.json")
    parser.add_argument("--raw-floor", nargs=2, type=Path, metavar=("DOCS", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", datefmt="%H:%M:%S")
    years = tuple(int(year) for year in args.years.split(","))

    if args.raw_floor:
        render_raw(*args.raw_floor)
        return 0

    if args.report:
        data = json.loads((args.report / "results.json").read_text(encoding="utf-8"))
        results = [load_result(r) for r in data["results"]]
        naive = load_naive(data["naive"]) if data.get("naive") else None
        print_report(results, naive, data.get("runs", args.runs))
        return 0

    sizes = sorted({int(s) for s in args.sizes.split(",") if s.strip()})
    steps = [step.strip() for step in args.steps.split(",") if step.strip()]
    for step in steps:
        if step not in STEPS:
            parser.error(f"--steps: unknown step {step!r} (steps: {', '.join(STEPS)})")
        if NEEDS.get(step, step) not in steps:
            parser.error(f"--steps: {step!r} works on what {NEEDS[step]!r} writes; add it")
    work = (args.work or Path(tempfile.mkdtemp(prefix="papersite-scale-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    log.info("working in %s", work)
    started = time.perf_counter()
    load = os.getloadavg()[0]
    state = source_state()
    take_snapshot(work)
    warm_up(work, args.seed, args.source, "build" in steps)
    results: list[Result] = []
    naive = None

    def save() -> None:
        # After every size, so a long run that is stopped still leaves its figures (--report).
        body = {"runs": args.runs, "code": state, "results": [asdict(r) for r in results],
                "naive": {k: asdict(v) if hasattr(v, "__dataclass_fields__") else v
                          for k, v in naive.items()} if naive else None}  # fmt: skip
        (work / "results.json").write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")

    for n in sizes:
        results.append(measure_size(n, args.runs, work, args.seed, args.source, steps, years))
        save()
    if args.naive:
        naive = measure_naive(args.naive, work, args.seed, args.source)
        save()

    print_report(results, naive, args.runs)
    print(f"\n(code: {state}, snapshot in {work / 'snapshot'})")
    print(f"(benchmark took {time.perf_counter() - started:.0f} s on {os.cpu_count()} CPUs; load average"
          f" {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end; work folder {work})")
    return 0


def print_report(results: list[Result], naive: dict[str, object] | None, runs: int) -> None:
    """Print the table, the ratios and the naive comparison."""
    print(format_results(results, runs))
    print()
    print(format_ratios(results))
    if naive:
        print()
        print(format_naive(naive))


def load_result(data: dict) -> Result:
    """Return a Result from its results.json form."""
    steps = {name: [Step(**step) for step in runs] for name, runs in data["steps"].items()}
    return Result(data["papers"], steps, Sizes(**data["sizes"]) if data.get("sizes") else None)


def load_naive(data: dict) -> dict[str, object]:
    """Return the naive comparison from its results.json form."""
    return {"papers": data["papers"], "index_only": Step(**data["index_only"]), "naive": Step(**data["naive"]),
            "index_only_sizes": Sizes(**data["index_only_sizes"]), "naive_sizes": Sizes(**data["naive_sizes"])}


if __name__ == "__main__":
    sys.exit(main())
