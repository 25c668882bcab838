"""Measure the render on every core: a full build at -j1 and -j2 against an older checkout, in one run.

Usage: python bench/render_speed.py --base ../wt-base [--count 10000] [--runs 3] [--jobs 1,2]
                                    [--work DIR] [--seed S] [--source ../shared/data]

It makes one N-paper corpus (bench/make_corpus.py, ICLR 2024 and 2025) and builds it with
``papersite build`` from a fresh project each time (an empty docs_dir and no cache: the first
build a user runs), once per variant in turn, ``--runs`` times: the checkout at ``--base`` (its
own default ``-j``) and this tree at each ``-j`` of ``--jobs``. Runs alternate, so a machine
that others load at times weighs on every variant alike. It prints each variant's median wall
time, CPU time (the build and every process it started) and peak RSS (of the largest single
process), the ratio of each to the base, and checks that this tree's sites are byte for byte
the same at every ``-j``.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import shutil
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_corpus  # noqa: E402
import scale  # noqa: E402

log = logging.getLogger("bench.render_speed")

#: The issue's target: the build at one process per core takes at most this share of the base's.
TARGET_RATIO = 0.6


def site_digest(site: Path) -> str:
    """Return one digest of every file of ``site``, its path and bytes."""
    digest = hashlib.sha256()
    for path in sorted(site.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(site)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def take_snapshot(work: Path) -> Path:
    """Copy this tree's package and project files once (as ``scale.take_snapshot``, whose theme
    copy stops where ``generator/theme`` is a link to ``theme/``, as in a worktree)."""
    target = work / "snapshot"
    if target.exists():
        shutil.rmtree(target)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(scale.ROOT / "generator", target / "generator", ignore=ignore)  # the link's target too
    scale.copy_project_files(scale.ROOT, target)
    return target


def build_once(name: str, root: Path, jobs: str | None, corpus: Sequence[Path], work: Path, run: int) -> scale.Step:
    """Build ``corpus`` with the papersite at ``root`` in a fresh project; return the step's figures."""
    project = work / name / "project"
    if project.exists():
        shutil.rmtree(project)
    project.mkdir(parents=True)
    scale.copy_project_files(root, project)
    scale.SNAPSHOT["root"] = root  # what run_measured puts on PYTHONPATH
    extra = ["-d", str(project / "site")] + (["-j", jobs] if jobs else [])
    step = scale.run_measured(scale.papersite("build", project, corpus, *extra), project, work / name / f"build-{run}.log")
    log.info("run %d: %-10s %6.1f s wall, %6.1f s CPU, %4.0f MB", run, name, step.seconds, step.cpu, step.peak_mb)
    return step


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="a checkout to compare with (e.g. of c662709)")
    parser.add_argument("--count", type=int, default=10_000, help="papers in the corpus (default 10000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per variant; medians are reported (default 3)")
    parser.add_argument("--jobs", default="1,2", help="this tree's -j values, comma-separated (default 1,2)")
    parser.add_argument("--work", type=Path, help="work folder (default: a new temporary folder, kept)")
    parser.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    parser.add_argument("--source", type=Path, default=make_corpus.DEFAULT_SOURCE, help="folder of real .jsonl abstracts")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    work = (args.work or Path(tempfile.mkdtemp(prefix="papersite-render-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    base = args.base.resolve()
    snapshot = take_snapshot(work)  # this tree, copied once: others may edit it meanwhile
    state = scale.source_state()
    corpus = make_corpus.write_corpus(args.count, work / "corpus" / "papers.txt", args.seed, args.source, scale.YEARS)
    variants: list[tuple[str, Path, str | None]] = [("base", base, None)]
    variants += [(f"-j{jobs}", snapshot, jobs) for jobs in args.jobs.split(",")]
    steps: dict[str, list[scale.Step]] = {name: [] for name, _root, _jobs in variants}
    digests: dict[str, set[str]] = {name: set() for name, _root, _jobs in variants}
    for run in range(1, args.runs + 1):
        for name, root, jobs in variants:
            steps[name].append(build_once(name, root, jobs, corpus, work, run))
            digests[name].add(site_digest(work / name / "project" / "site"))

    def median(name: str, figure: str) -> float:
        return statistics.median(getattr(step, figure) for step in steps[name])

    print(f"\n{args.count:,} papers, papersite build from an empty project, median of {args.runs} alternating runs")
    print(f"this tree: {state}; base: {base}")
    print(f"{'variant':<8} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'wall/base':>10} {'CPU/base':>9}")
    for name, _root, _jobs in variants:
        wall, cpu, peak = median(name, "seconds"), median(name, "cpu"), median(name, "peak_mb")
        print(f"{name:<8} {wall:8.1f} {cpu:8.1f} {peak:8.0f} {wall / median('base', 'seconds'):10.2f} "
              f"{cpu / median('base', 'cpu'):9.2f}")  # fmt: skip
    ours = set().union(*(digests[name] for name, root, _jobs in variants if root == snapshot))
    print(f"this tree's sites at every -j and run: {'byte-identical' if len(ours) == 1 else 'DIFFERENT'}")
    best = min(median(name, "seconds") for name, root, _jobs in variants if root == snapshot)
    print(f"target: fastest -j / base <= {TARGET_RATIO}: {best / median('base', 'seconds'):.2f}")
    return 0 if len(ours) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
