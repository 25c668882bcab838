"""Measure live preview: the time from saving an input file to the new text being served.

    python bench/preview_speed.py                       # the bundled corpus, 5 edits
    python bench/preview_speed.py ../shared/data/iclr2025-dev.txt --runs 7 --port 8765

It copies the project (mkdocs.yml, theme/, hooks/, the hand-written pages) and the corpus
into a temporary folder, starts ``papersite serve`` there, waits for the first build, then
edits one abstract again and again (appending a new marker word to its last sentence,
so its title and page path stay the same) and polls that paper's Markdown page until
papersite has written the marker, and its page over HTTP until MkDocs serves it. MkDocs' live reload tells the browser at the moment the rebuilt
page is on disk, so this is the time from save to reload, less the browser's own fetch.
It prints each run and the median. Nothing in the repository is written.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT_FILES = ("mkdocs.yml", "theme", "hooks")
HAND_WRITTEN_PAGES = ("index.md", "about.md", "tags.md", "assets")


def copy_project(target: Path, corpus: list[Path]) -> list[Path]:
    """Copy the project and the corpus files into ``target``; return the copied corpus files."""
    for name in PROJECT_FILES:
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, target / name)
    (target / "site_src").mkdir()
    for name in HAND_WRITTEN_PAGES:
        source = ROOT / "site_src" / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, target / "site_src" / name)
    (target / "data").mkdir()
    copies = []
    for path in corpus:
        shutil.copy2(path, target / "data" / path.name)
        copies.append(target / "data" / path.name)
    return copies


def fetch(url: str) -> str | None:
    """Return the page at ``url``, or None while the server is not answering it."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_for(url: str, text: str, timeout: float, poll: float, server: subprocess.Popen | None = None) -> float:
    """Poll ``url`` until it holds ``text``; return when it first did (perf_counter)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if server is not None and server.poll() is not None:
            log = Path(server.args[-1]).parent.parent / "serve.log"  # type: ignore[index]
            raise SystemExit(f"papersite serve stopped (status {server.returncode}):\n{log.read_text()[-3000:]}")
        page = fetch(url)
        if page is not None and text in page:
            return time.perf_counter()
        time.sleep(poll)
    raise SystemExit(f"timed out after {timeout:.0f} s waiting for {text!r} at {url}")


def wait_for_file(path: Path, text: str, timeout: float, poll: float) -> float:
    """Poll a file until it holds ``text``; return when it first did (perf_counter)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        try:
            if text in path.read_text(encoding="utf-8"):
                return time.perf_counter()
        except OSError:
            pass
        time.sleep(poll)
    raise SystemExit(f"timed out after {timeout:.0f} s waiting for {text!r} in {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="*", type=Path, help="plain-layout .txt files (default: data/*.txt)")
    parser.add_argument("--runs", type=int, default=5, help="edits to time (default 5)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--poll", type=float, default=0.05, help="seconds between polls (default 0.05)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds to wait for a build")
    parser.add_argument("--full", action="store_true", help="run papersite serve --full (MkDocs rebuilds every page)")
    args = parser.parse_args()
    corpus = [p.resolve() for p in args.corpus] or sorted((ROOT / "data").glob("*.txt"))
    if not corpus or any(p.suffix != ".txt" for p in corpus):
        parser.error("give plain-layout .txt files")

    work = Path(tempfile.mkdtemp(prefix="papersite-preview-"))
    server = None
    try:
        inputs = copy_project(work, corpus)
        target = inputs[-1]
        base = f"http://127.0.0.1:{args.port}/"
        command = [sys.executable, "-m", "generator", "serve", "-q", "-a", f"127.0.0.1:{args.port}"]
        command += ["--full"] if args.full else []
        started = time.perf_counter()
        # Its own session, so the MkDocs process it starts is stopped with it.
        log_file = open(work / "serve.log", "wb")  # noqa: SIM115 - closed with the server
        server = subprocess.Popen(
            command + [str(p) for p in inputs], cwd=work, start_new_session=True,
            stdout=log_file, stderr=subprocess.STDOUT,
        )
        wait_for(base, "</html>", args.timeout, 0.2, server)
        print(f"first build served after {time.perf_counter() - started:.1f} s")

        # The paper to edit: the last abstract of the last file, found by its text in papers.json.
        header, *abstracts = target.read_text(encoding="utf-8").rstrip("\n").split("\n\n")
        records = json.loads((work / "site_src" / "papers.json").read_text(encoding="utf-8"))
        head = " ".join(abstracts[-1].split())[:60]
        url = next(base + r["url"] for r in records if r["abstract"].startswith(head[:40]))

        record = next(r for r in records if base + r["url"] == url)
        markdown = work / "site_src" / (record["url"].rstrip("/") + ".md")

        times, generated = [], []
        for run in range(1, args.runs + 1):
            marker = f"previewmarker{run}x{os.getpid()}"
            edited = abstracts[-1].rstrip(".") + f" {marker}."
            target.write_text("\n\n".join([header, *abstracts[:-1], edited]) + "\n", encoding="utf-8")
            saved = time.perf_counter()
            written = wait_for_file(markdown, marker, args.timeout, args.poll / 5)
            served = wait_for(url, marker, args.timeout, args.poll)
            times.append(served - saved)
            generated.append(written - saved)
            print(f"run {run}: {times[-1]:.2f} s from save to the new text served "
                  f"(Markdown written after {generated[-1]:.2f} s)", flush=True)
            time.sleep(2.0)  # let the server settle before the next edit
        print(f"median {statistics.median(times):.2f} s from save to reload over {len(times)} edits; "
              f"Markdown written after {statistics.median(generated):.2f} s "
              f"({len(records):,} papers; load {os.getloadavg()[0]:.1f})")
    finally:
        if server is not None and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
