"""Shared fixtures: a throwaway copy of the project to build in, and golden-file updates."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

# Property tests check behaviour, not speed: on a loaded 2-core machine, generation
# and examples can be slow, which must not fail a run.
settings.register_profile("papersite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("papersite")

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from generator.model import Paper

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: What a project folder holds besides generated output: copied for each end-to-end test.
PROJECT_FILES = ("mkdocs.yml", "data")
HAND_WRITTEN_PAGES = ("index.md", "about.md")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens", action="store_true",
        help="rewrite the golden files from the current output (review the diff before committing)",
    )


@pytest.fixture
def update_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-goldens"))


def copy_project(target: Path) -> Path:
    """Copy the project's configuration, theme, corpus and hand-written pages to ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for name in PROJECT_FILES:
        source = ROOT / name
        if not source.exists():
            continue
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            shutil.copy2(source, target / name)
    for name in HAND_WRITTEN_PAGES:
        source = ROOT / "site_src" / name
        if source.is_dir():
            shutil.copytree(source, target / "site_src" / name)
        else:
            (target / "site_src").mkdir(exist_ok=True)
            shutil.copy2(source, target / "site_src" / name)
    return target


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """Return a fresh copy of the project, with no generated pages and no site."""
    return copy_project(tmp_path / "project")


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's chromium through Playwright, one for the whole run (never a downloaded one)."""
    from playwright.sync_api import sync_playwright

    from .browser import CHROMIUM, CHROMIUM_ARGS, require_chromium

    require_chromium()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def enriched_records(folder: Path, records: list[dict]) -> tuple[Paper, ...]:
    """Return ``records`` written as a JSON Lines file in ``folder``, read and enriched."""
    lines = [json.dumps(record, ensure_ascii=False) for record in records]
    (folder / "records.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return enriched_papers(folder)


def enriched_papers(*folders: Path) -> tuple[Paper, ...]:
    """Return the papers of ``folders``, read and enriched with the shipped taxonomy."""
    from generator import read as readers
    from generator.enrich import papers as enrich
    from generator.enrich.topics import load_taxonomy

    return tuple(enrich.enrich(readers.read_inputs(list(folders)), load_taxonomy()))


@pytest.fixture(scope="session")
def real() -> tuple[Paper, ...]:
    """The golden fixture corpus and the bundled one, enriched: real abstracts of every shape."""
    return enriched_papers(FIXTURES / "golden" / "corpus", ROOT / "data")


def index_part(script: str) -> object:
    """Return the data of one search index file, ``__psIndex(kind,key,{...});`` (its key has no comma)."""
    return json.loads(script.split(",", 2)[2].rstrip(");\n"))
