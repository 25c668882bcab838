"""A render in several processes gives the site one process gives, byte for byte, and fails as it does."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from generator import cli
from generator.engine import parallel

from .conftest import copy_project

#: Hand-written pages outside the navigation, searchable (papersite's own pages are not): so
#: the search index has entries from every slice, which the merge must put in page order.
GUIDE_PAGES = 7


def write_guide(project: Path) -> None:
    for number in range(GUIDE_PAGES):
        text = f"# Guide {number}\n\nAbout part {number}.\n\n## Details of {number}\n\nMore words on {number}.\n"
        page = project / "site_src" / "guide" / f"part-{number}.md"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def sliced(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """Render in slices however small the site; return the log that says what the other slices rendered."""
    monkeypatch.setattr(parallel, "PARALLEL_FROM_PAGES", 0)
    caplog.set_level(logging.DEBUG, logger=parallel.__name__)
    return caplog


def other_slices(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == parallel.__name__ and "processes" in r.getMessage()]


@pytest.mark.parametrize(
    "command, engine",
    [("build", "mkdocs"), ("bundle", "mkdocs"), ("build", "properdocs")],
    ids=["hosted", "offline-bundle", "properdocs"],
)
def test_a_render_on_three_processes_is_byte_identical_to_one(
    tmp_path: Path, sliced, command: str, engine: str
) -> None:
    project = copy_project(tmp_path / "project")
    write_guide(project)
    output = tmp_path / "site.zip"

    def build(jobs: str) -> dict[str, bytes]:
        extra = ["-o", str(output)] if command == "bundle" else []
        assert cli.main([command, "-q", "-j", jobs, "--engine", engine, "-f", str(project / "mkdocs.yml"), *extra]) == 0
        return {"site.zip": output.read_bytes()} if command == "bundle" else files(project / "site")

    one = build("1")
    assert other_slices(sliced) == []
    three = build("3")
    (said,) = other_slices(sliced)
    others = json.loads(said.rsplit(": ", 1)[1])
    assert said.startswith("rendered in 3 processes") and len(others) == 2 and min(others) > 10

    assert one.keys() == three.keys()
    assert [name for name in one if one[name] != three[name]] == []
    if command == "build":
        search = json.loads(three["search/search_index.json"])
        guides = [doc["location"] for doc in search["docs"] if doc["location"].startswith("guide/")]
        assert len(guides) == 2 * GUIDE_PAGES  # each page's title and its section, in page order
        assert guides == sorted(guides, key=lambda location: location.split("#")[0])


@pytest.mark.parametrize(
    "page, says",
    [
        ("[broken](missing.md)\n", "contains a link 'missing.md'"),  # a warning: strict mode fails
        ('--8<-- "no-such-snippet.md"\n', "no-such-snippet.md"),  # an error while rendering
    ],
    ids=["strict-warning", "error"],
)
def test_a_failing_slice_fails_the_build_and_leaves_the_site(
    tmp_path: Path, sliced, capsys: pytest.CaptureFixture[str], page: str, says: str
) -> None:
    project = copy_project(tmp_path / "project")
    write_guide(project)
    arguments = ["build", "-q", "-j", "3", "-f", str(project / "mkdocs.yml")]
    assert cli.main(arguments) == 0
    before = files(project / "site")
    capsys.readouterr()
    # In one page of each slice, so a slice other than the first fails (and the first too).
    for number in range(3):
        (project / "site_src" / "guide" / f"part-{number}.md").write_text(f"# Bad {number}\n\n{page}", encoding="utf-8")

    assert cli.main(arguments) == cli.EXIT_BAD_INPUT
    message = capsys.readouterr().err
    assert "MkDocs failed; the previous output is untouched" in message
    assert says in message and "guide/part-" in message
    assert files(project / "site") == before
    assert cli.main([*arguments[:3], "1", *arguments[4:]]) == cli.EXIT_BAD_INPUT  # as one process fails
    assert not list(tmp_path.glob("project/.papersite-slices-*")) and not list(tmp_path.glob("project/.site.*"))
