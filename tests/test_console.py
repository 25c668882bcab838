"""What the console shows: WARNING for what the user must act on; papersite's repairs and guesses with -v."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli

from .test_serve import _free_port, _wait

#: Words of the banners MkDocs' plugins print about MkDocs 2.0: ProperDocs' (by way of
#: an engine of its own) and Material's, each naming the variable that turns it off.
BANNER = ("MKDOCS_2", "ProperDocs", "Zensical")


def _warnings(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("WARNING")]


def _notices(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Notices:"))


def test_a_first_build_of_the_bundled_corpus_prints_no_warning(project: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build"], cwd=project, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert _warnings(result.stdout + result.stderr) == []
    assert "unknown macro" in _notices(result.stdout)  # \mname of the bundled corpus: still reported
    assert "every notice with its file and line: `papersite report`" in result.stdout
    assert not any(word in result.stdout + result.stderr for word in BANNER)


@pytest.mark.parametrize("verbose", [False, True], ids=["default", "verbose"])
def test_repairs_and_guesses_show_with_verbose_and_in_the_report(
    project: Path, capsys: pytest.CaptureFixture[str], verbose: bool
) -> None:
    # A word broken at a line end (mended) and an unknown macro (left as written): papersite's
    # own; a file it cannot read (skipped): the user's to act on.
    (project / "data" / "colm2024.txt").write_text(
        "COLM 2024 Papers\n\nWe train dissemina\x02tors of news with \\foo graph networks.\n", encoding="utf-8"
    )
    (project / "data" / "notes.md").write_text("Notes to self.\n", encoding="utf-8")
    args = ["generate", "-f", str(project / "mkdocs.yml")]
    assert cli.main([*args, "-v"] if verbose else args) == 0
    out, err = capsys.readouterr()
    shown = _warnings(err)
    assert any("notes.md: skipping a file" in line for line in shown)
    assert any("colm2024.txt:3: mended 'dissemina\\u0002tors'" in line for line in shown) == verbose
    assert any("colm2024.txt:3: unknown macro \\foo" in line for line in shown) == verbose
    if not verbose:
        assert len(shown) == 1
    notices = _notices(out)
    assert all(kind in notices for kind in ("mended text", "unknown macro", "skipped file"))


def test_a_failed_build_shows_the_engine_error_without_a_banner(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with (project / "site_src" / "about.md").open("a", encoding="utf-8") as page:
        page.write('\n--8<-- "missing-snippet.md"\n')  # pymdownx.snippets with check_paths: an error
    assert cli.main(["build", "-q", "-f", str(project / "mkdocs.yml")]) == 2
    err = capsys.readouterr().err
    assert "MkDocs failed" in err and "missing-snippet.md" in err
    assert not any(word in err for word in BANNER)


def test_serve_starts_without_a_banner(project: Path) -> None:
    log = project.parent / "serve.log"
    command = [sys.executable, "-m", "generator", "serve", "-a", f"127.0.0.1:{_free_port()}"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, cwd=project, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait(lambda: "Serving on" in log.read_text(encoding="utf-8"), "MkDocs to serve")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    text = log.read_text(encoding="utf-8")
    assert not any(word in text for word in BANNER), text
