"""The command line with bad input: exit status 2, file and line named, nothing touched."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli

from .test_build import build, tree_digest

GOOD = "ICLR 2025 Papers\n\nWe propose FooNet, a network that learns foo from bar with large language models.\n"

# name, file name, bytes, the line the message must name
BAD_INPUTS = [
    ("missing header", "a.txt", b"We propose FooNet.\n\nAnother abstract.\n", 1),
    ("malformed header", "a.txt", b"\n\nICLR Papers 2025\n\nWe propose FooNet.\n", 3),
    ("implausible year", "a.txt", b"ICLR 20245 Papers\n\nWe propose FooNet.\n", 1),
    ("too old a year", "a.txt", b"ICLR 1850 Papers\n\nWe propose FooNet.\n", 1),
    ("header without abstracts", "a.txt", b"ICLR 2025 Papers\n\n\n", 1),
    ("not UTF-8", "a.txt", "ICLR 2025 Papers\n\nWe propose caf\u00e9.\n".encode("latin-1"), 3),
    ("invalid JSON", "a.jsonl", b'{"abstract": "ok", "year": 2024, "venue": "X"}\n{"abstract": \n', 2),
    ("record without abstract", "a.jsonl", b'{"abstract": "ok", "year": 2024, "venue": "X"}\n\n{"title": "T", "year": 2024}\n', 3),
    ("CSV record without abstract", "a.csv", b"title,abstract,year,venue\nT,ok,2024,X\nU,,2024,X\n", 3),
]


@pytest.fixture(scope="module")
def built_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from .conftest import copy_project

    project = copy_project(tmp_path_factory.mktemp("cli") / "project")
    (project / "good.txt").write_text(GOOD, encoding="utf-8")
    assert build(project, str(project / "good.txt")) == 0
    return project


@pytest.mark.parametrize(("case", "name", "data", "line"), BAD_INPUTS, ids=[c[0] for c in BAD_INPUTS])
def test_bad_input_exits_2_naming_file_and_line_and_touches_nothing(
    built_once: Path, capsys: pytest.CaptureFixture[str], case: str, name: str, data: bytes, line: int
) -> None:
    bad = built_once / "bad" / name
    bad.parent.mkdir(exist_ok=True)
    bad.write_bytes(data)
    before = tree_digest(built_once / "site"), tree_digest(built_once / "site_src")
    status = build(built_once, str(built_once / "good.txt"), str(bad))
    err = capsys.readouterr().err
    assert status == 2, err
    assert f"{bad}:{line}" in err, err
    assert "Traceback" not in err
    assert (tree_digest(built_once / "site"), tree_digest(built_once / "site_src")) == before


@pytest.mark.parametrize(
    ("case", "args", "expected"),
    [
        ("path that does not exist", ["nowhere.txt"], "nowhere.txt"),
        ("unsupported file type", ["mkdocs.yml"], "mkdocs.yml"),
    ],
)
def test_bad_paths_exit_2(built_once: Path, capsys: pytest.CaptureFixture[str], case: str, args: list[str], expected: str) -> None:
    status = build(built_once, *(str(built_once / a) for a in args))
    err = capsys.readouterr().err
    assert status == 2 and expected in err and "Traceback" not in err


def test_the_same_abstract_twice_is_kept_once_with_a_warning(built_once: Path, capsys: pytest.CaptureFixture[str]) -> None:
    twice = built_once / "twice.txt"
    twice.write_text(GOOD + "\n" + GOOD.split("\n\n", 1)[1].replace(" ", "  "), encoding="utf-8")
    status = cli.main(["generate", "-f", str(built_once / "mkdocs.yml"), str(twice)])
    assert status == 0
    assert "twice.txt" in capsys.readouterr().err
    assert len(list((built_once / "site_src/papers/2025").glob("*.md"))) == 1


def test_a_run_leaves_logging_as_it_found_it(built_once: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # main() runs many times in one process (tests, embedding): a console handler left
    # behind would write to a stream closed since, for every later log line.
    logger = logging.getLogger("generator")
    before = (logger.level, list(logger.handlers))
    assert cli.main(["generate", "-v", "-f", str(built_once / "mkdocs.yml"), str(built_once / "good.txt")]) == 0
    assert "DEBUG" in capsys.readouterr().err  # -v logged through its own handler meanwhile
    assert (logger.level, list(logger.handlers)) == before


def test_python_dash_m_and_the_console_script_agree(built_once: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", "generate", "-f", str(built_once / "mkdocs.yml"), "missing.txt"],
        capture_output=True, text=True, cwd=built_once, check=False,
    )
    assert result.returncode == 2 and "missing.txt" in result.stderr


def test_a_second_run_on_a_locked_project_stops_with_a_clear_message(
    built_once: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from generator.write.lock import project_lock

    before = tree_digest(built_once / "site_src")
    with project_lock(built_once):
        status = build(built_once, str(built_once / "good.txt"))
    err = capsys.readouterr().err
    assert status == 2 and "another papersite run" in err
    assert tree_digest(built_once / "site_src") == before
    assert build(built_once, str(built_once / "good.txt")) == 0  # released afterwards
