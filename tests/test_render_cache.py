"""The fragment_cache hook: pieces rendered once per folder change no byte of the site."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator import cli
from generator.config import load_settings
from generator import yamlfile
from generator.engine import compose

from .conftest import copy_project

HOOK = str(compose.HOOKS / "fragment_cache.py")


def mkdocs_build(project: Path, config: dict, site: Path) -> None:
    path = project.parent / f"{site.name}.yml"
    path.write_text(yamlfile.dump(config), encoding="utf-8")
    env = dict(os.environ, SOURCE_DATE_EPOCH="0", NO_MKDOCS_2_WARNING="1")
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(path), "-d", str(site)],
        cwd=project, env=env, check=True,
    )  # fmt: skip


def html_files(site: Path) -> dict[str, str]:
    return {str(p.relative_to(site)): p.read_text(encoding="utf-8") for p in sorted(site.rglob("*.html"))}


@pytest.mark.parametrize("offline", [False, True], ids=["hosted", "offline-bundle"])
def test_pages_are_the_same_with_and_without_the_hook(tmp_path: Path, offline: bool) -> None:
    project = copy_project(tmp_path / "project")
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml")]) == 0
    config = compose.compose(load_settings(project / "mkdocs.yml"), "Papers", "Abstracts", offline)
    assert HOOK in config["hooks"]
    without = {**config, "hooks": [hook for hook in config["hooks"] if hook != HOOK]}

    mkdocs_build(project, config, tmp_path / "cached")
    mkdocs_build(project, without, tmp_path / "full")

    cached, full = html_files(tmp_path / "cached"), html_files(tmp_path / "full")
    assert cached.keys() == full.keys()
    assert [name for name in full if cached[name] != full[name]] == []
    papers = [text for name, text in cached.items() if name.startswith("papers/2")]
    assert len(papers) > 30
    for text in papers:
        assert "@@papersite" not in text  # the title placeholder never shows
    # Each paper page's header shows its own title (the piece filled in per page).
    titles = {text.split('data-md-component="header-topic"', 1)[1].split("</span>", 1)[0] for text in papers}
    assert len(titles) == len(papers)
