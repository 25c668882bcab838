"""Run the engine's build in several processes at once, each rendering a slice of the pages.

MkDocs has no parallel build, and rendering pages is most of a build's time. So papersite
starts the engine's own ``build`` command once per process with the ``slices.py`` hook told
which slice is its own (see the hook for how the slices stay exact). Process 0 builds into the
site folder; the others into folders of their own beside it, from which process 0 takes their
pages once the parent has seen every one of them succeed. Each process's output goes to a file,
not a pipe, so one that says much never waits on a parent that waits on another.

The result is byte for byte that of one process (``tests/test_parallel_render.py``).
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

#: Tells the ``slices.py`` hook which slice its process renders: ``K/N/FOLDER``.
SLICE_ENV = "PAPERSITE_RENDER_SLICE"

#: What the parent writes to process 0 once the other slices are all rendered.
GO = "go"

#: Pages below which a build renders in one process: starting another costs more than it saves.
PARALLEL_FROM_PAGES = 400

#: The prefix of the folder the other processes render into, beside the site folder.
SLICES_WORK = ".papersite-slices-"


def part_dir(folder: Path, index: int) -> Path:
    """Return where slice ``index`` (not 0) renders its pages."""
    return folder / f"slice-{index}"


def part_file(folder: Path, index: int) -> Path:
    """Return the file in which slice ``index`` lists its pages and their search entries."""
    return folder / f"slice-{index}.json"


def render(
    command: Callable[[Path], list[str]], site_dir: Path, processes: int, cwd: Path, env: dict[str, str]
) -> tuple[int, str]:
    """Render with ``processes`` processes; return the exit status and what the failing ones said.

    ``command`` gives the engine's build command for a site folder.
    """
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    for leftover in sorted(site_dir.parent.glob(f"{SLICES_WORK}*")):  # from a killed build
        shutil.rmtree(leftover, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix=SLICES_WORK, dir=site_dir.parent) as work:
        folder = Path(work)
        logs = [open(folder / f"slice-{index}.log", "w+", encoding="utf-8") for index in range(processes)]  # noqa: SIM115
        workers: list[subprocess.Popen] = []
        try:
            for index in range(processes):
                workers.append(subprocess.Popen(
                    command(site_dir if index == 0 else part_dir(folder, index)), cwd=cwd,
                    env={**env, SLICE_ENV: f"{index}/{processes}/{folder}"},
                    stdin=subprocess.PIPE if index == 0 else subprocess.DEVNULL,
                    stdout=logs[index], stderr=subprocess.STDOUT, text=True,
                ))  # fmt: skip
            failed = [index for index in range(1, processes) if workers[index].wait() != 0]
            first = workers[0]
            if failed:
                first.kill()  # it only waits, or renders a site that will not be used
                first.wait()
            else:
                try:
                    first.communicate(f"{GO}\n")
                except BrokenPipeError:  # it failed before it waited for the others
                    first.wait()
                if first.returncode != 0:
                    failed = [0]
            if not failed:
                rendered = [len(json.loads(part_file(folder, index).read_text(encoding="utf-8"))) for index in range(1, processes)]
                log.debug("rendered in %d processes; pages the others rendered: %s", processes, rendered)
            return (1 if failed else 0), _said(logs, failed)
        finally:
            for worker in workers:
                if worker.poll() is None:
                    worker.kill()
                    worker.wait()
            for output in logs:
                output.close()


def _said(logs: list, failed: list[int]) -> str:
    """Return what the failed processes printed, each line once (a page of the navigation is in every slice)."""
    seen: set[str] = set()
    lines = []
    for index in failed:
        logs[index].seek(0)
        for line in logs[index].read().splitlines():
            if line not in seen:
                seen.add(line)
                lines.append(line)
    return "\n".join(lines)
