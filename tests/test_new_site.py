"""A newcomer's own corpus: ``papersite new``, a site named after its corpus, a ledger that is never scarred.

Built as a user would: the command line in a folder outside the clone, with abstracts of a
venue papersite was not built around (tests/fixtures/venues/).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from generator.model import Paper, Source
from generator.plan.identity import corpus_name, identity

from .conftest import FIXTURES, ROOT, copy_project

VENUES = FIXTURES / "venues"
THREE_DV = VENUES / "3dv2026.txt"  # 12 papers
ALT = VENUES / "alt2026.txt"  # 6 papers


def papersite(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the command line as a user does, in ``cwd`` (this checkout's papersite, wherever it runs)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def paper_pages(site: Path) -> list[Path]:
    return sorted(p for p in (site / "papers").glob("*/*/index.html"))


def test_new_then_build_a_venue_kept_elsewhere_outside_the_clone(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(THREE_DV, elsewhere / "venue.txt")
    made = papersite("new", "mysite", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "mysite"
    for name in ("mkdocs.yml", "permalinks.json", "README.md", ".gitignore", "requirements.txt",
                 ".github/workflows/pages.yml", "site_src/index.md", "site_src/about.md"):  # fmt: skip
        assert (folder / name).is_file(), name
    assert not (folder / "site_src" / "tags.md").exists()  # Topics lists the topics: no Tags page
    assert json.loads((folder / "permalinks.json").read_text(encoding="utf-8"))["papers"] == []
    assert not (folder / "theme").exists()  # the theme comes from the package

    built = papersite("build", "-q", str(elsewhere / "venue.txt"), cwd=folder)
    assert built.returncode == 0, built.stderr
    site = folder / "site"
    assert "<title>Home - 3DV 2026 Papers</title>" in (site / "index.html").read_text(encoding="utf-8")
    assert len(paper_pages(site)) == 12  # one page a paper: no retired page of another corpus
    for page in ("index.html", "about/index.html", "topics/index.html"):
        text = (site / page).read_text(encoding="utf-8")
        assert "3DV 2026" in text, page
        assert not re.search(r"iclr|urlost", text, re.IGNORECASE), page
    # The address of the Tags page sites had leads to Topics.
    assert 'content="0; url=../topics/"' in (site / "tags" / "index.html").read_text(encoding="utf-8")
    # The ledger now holds the site's own papers, and nothing else.
    assert len(json.loads((folder / "permalinks.json").read_text(encoding="utf-8"))["papers"]) == 12


def test_new_lists_its_inputs_so_a_bare_build_reads_them(tmp_path: Path) -> None:
    assert papersite("new", "site", str(ALT), cwd=tmp_path).returncode == 0
    folder = tmp_path / "site"
    assert str(ALT) in (folder / "mkdocs.yml").read_text(encoding="utf-8")
    built = papersite("build", "-q", cwd=folder)
    assert built.returncode == 0, built.stderr
    assert "<title>Home - ALT 2026 Papers</title>" in (folder / "site" / "index.html").read_text(encoding="utf-8")
    assert len(paper_pages(folder / "site")) == 6


def test_new_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("my notes\n", encoding="utf-8")
    made = papersite("new", "mine", cwd=tmp_path)
    assert made.returncode == 2
    assert "not an empty folder" in made.stderr
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]


def test_a_build_outside_a_site_folder_says_how_to_make_one(tmp_path: Path) -> None:
    built = papersite("build", str(ALT), cwd=tmp_path)
    assert built.returncode == 2
    assert "papersite new" in built.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_site_name_and_pages_of_a_site_are_its_own(tmp_path: Path) -> None:
    assert papersite("new", "site", str(ALT), cwd=tmp_path).returncode == 0
    folder = tmp_path / "site"
    config = folder / "mkdocs.yml"
    config.write_text("site_name: Learning Theory Reading Group\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    about = folder / "site_src" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nWe meet on Thursdays.\n", encoding="utf-8")
    (folder / "site_src" / "index.md").unlink()  # papersite writes its starter where the site has none
    # A Tags page of the site's own (sites made before had one) stays the site's, outside the tabs.
    (folder / "site_src" / "tags.md").write_text("# Tags\n\nOurs.\n\n<!-- material/tags -->\n", encoding="utf-8")
    assert papersite("build", "-q", cwd=folder).returncode == 0
    site = folder / "site"
    assert "<title>Home - Learning Theory Reading Group</title>" in (site / "index.html").read_text(encoding="utf-8")
    text = (site / "about" / "index.html").read_text(encoding="utf-8")
    assert "We meet on Thursdays." in text
    assert "the 6 papers of ALT 2026" in text
    assert "We meet on Thursdays." in about.read_text(encoding="utf-8")  # never rewritten
    assert (folder / "site_src" / "index.md").is_file()
    tags = (site / "tags" / "index.html").read_text(encoding="utf-8")
    assert "Ours." in tags and "http-equiv" not in tags
    assert 'href="../papers/2026/' in tags  # Material's tags plugin still lists the papers there


def _paper(venue: str, year: int) -> Paper:
    return Paper(abstract="We study things.", venue=venue, year=year, source=Source(Path("x.txt"), 1))


@pytest.mark.parametrize(
    ("corpus", "name"),
    [
        ([("COLM", 2024)], "COLM 2024 Papers"),
        ([("ICLR", 2024), ("ICLR", 2025)], "ICLR 2024–2025 Papers"),
        ([("ICLR", 2018), ("ICLR", 2024)], "ICLR 2018 and 2024 Papers"),
        ([("ICLR", 2024), ("ICLR", 2024), ("COLM", 2024)], "ICLR and COLM 2024 Papers"),
        ([("ICLR", 2024), ("ICLR", 2025), ("COLM", 2024)], "ICLR 2024–2025 and COLM 2024 Papers"),
        ([("A", 2020), ("B", 2021), ("C", 2022), ("D", 2023)], "Papers of 4 Venues, 2020–2023"),
    ],
)
def test_a_site_is_named_after_its_venues_and_years(corpus: list[tuple[str, int]], name: str) -> None:
    assert corpus_name([_paper(venue, year) for venue, year in corpus]) == name


def test_a_name_and_description_given_win_over_the_corpus() -> None:
    papers = [_paper("COLM", 2024)] * 3
    assert identity(papers).description == "Abstracts of the 3 papers of COLM 2024, by topic and year, with full-text search."
    given = identity(papers, "My Site", "Mine.")
    assert (given.name, given.description) == ("My Site", "Mine.")


def _build(project: Path, *args: str) -> int:
    return cli.main(["build", "-q", "-f", str(project / "mkdocs.yml"), *args])


def _state(project: Path) -> dict[str, bytes]:
    """Return every file of the project but the cache and lock, by path."""
    return {
        str(p.relative_to(project)): p.read_bytes() for p in sorted(project.rglob("*"))
        if p.is_file() and not p.relative_to(project).parts[0].startswith(".papersite")
    }  # fmt: skip


def test_a_build_that_would_retire_most_of_its_ledger_stops_and_changes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _build(project, str(THREE_DV)) == 0
    before = _state(project)
    capsys.readouterr()
    assert _build(project, str(ALT)) == 2
    error = capsys.readouterr().err
    assert str(project / "permalinks.json") in error
    assert "retire 12 of the 12 pages" in error
    assert "papersite new" in error and "--retire-missing" in error
    assert _state(project) == before
    # Asked for, the removal happens: every address keeps a page.
    assert _build(project, str(ALT), "--retire-missing") == 0
    ledger = json.loads((project / "permalinks.json").read_text(encoding="utf-8"))["papers"]
    assert sum(1 for entry in ledger if entry.get("retired")) == 12


def test_a_build_that_retires_a_few_papers_goes_on(project: Path, tmp_path: Path) -> None:
    assert _build(project, str(THREE_DV)) == 0
    header, *abstracts = THREE_DV.read_text(encoding="utf-8").split("\n\n")
    fewer = tmp_path / "3dv2026.txt"
    fewer.write_text("\n\n".join([header, *abstracts[:-3]]), encoding="utf-8")
    assert _build(project, str(fewer)) == 0
    ledger = json.loads((project / "permalinks.json").read_text(encoding="utf-8"))["papers"]
    assert sum(1 for entry in ledger if entry.get("retired")) == 3


def _git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True, text=True).stdout


def test_in_the_clone_building_another_corpus_leaves_every_tracked_file_as_it_was(tmp_path: Path) -> None:
    clone = copy_project(tmp_path / "clone")
    for name in ("permalinks.json", ".gitignore"):
        shutil.copy2(ROOT / name, clone / name)
    _git(clone, "init", "-q")
    _git(clone, "add", "-A")
    _git(clone, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "clone")
    assert papersite("build", "-q", str(THREE_DV), cwd=clone).returncode == 2
    assert _git(clone, "status", "--porcelain") == ""
    # The README's first command builds the bundled corpus: its ledger is already the committed one.
    built = papersite("build", "-q", cwd=clone)
    assert built.returncode == 0, built.stderr
    assert _git(clone, "status", "--porcelain") == ""


def test_the_home_page_suggests_a_name_a_paper_coined() -> None:
    from generator.plan.pages import _example_name

    def titled(title: str, slug: str) -> Paper:
        return Paper(abstract="x", venue="V", year=2026, source=Source(Path("x.txt"), 1), title=title, slug=slug)

    # "3-D" leads a title as a name would, but is no name a reader searches for.
    assert _example_name([titled("3-D: Lifting Images", "a"), titled("GSFix3D: Fixing Splats", "b")]) == "GSFix3D"
    assert _example_name([titled("3-D: Lifting Images", "a")]) == ""
