"""Publishing: the GitHub Pages workflow, a gh-pages branch, a site under a sub-path."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
import yaml

from generator import cli

from .browser import serve
from .conftest import ROOT, copy_project

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def _steps(job: dict) -> list[dict]:
    return job["steps"]


def _uses(job: dict) -> list[str]:
    return [step["uses"].split("@")[0] for step in _steps(job) if "uses" in step]


def _runs(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in _steps(job))


def test_pages_workflow_builds_strictly_and_deploys_with_the_artifact_flow() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert triggers["push"]["branches"] == ["main"]
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}

    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    uses = _uses(build)
    assert uses.index("actions/checkout") < uses.index("actions/upload-pages-artifact")
    assert "actions/configure-pages" in uses and "actions/upload-artifact" in uses
    runs = _runs(build)
    assert "pip install" in runs and "papersite build" in runs and "papersite bundle" in runs
    pages_upload = next(s for s in _steps(build) if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert pages_upload["with"]["path"] == "site"
    bundle_upload = next(s for s in _steps(build) if s.get("uses", "").startswith("actions/upload-artifact"))
    assert bundle_upload["with"]["path"].endswith(".zip")

    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert _uses(deploy) == ["actions/deploy-pages"]
    # The site URL (a sub-path for project sites) comes from Pages itself.
    build_step = next(s for s in _steps(build) if "papersite build" in s.get("run", ""))
    assert "steps.pages.outputs.base_url" in build_step["env"]["PAPERSITE_SITE_URL"]


def _git(*args: str, cwd: Path) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
    }
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def _ledger_check(workflow_dir: Path) -> tuple[subprocess.CompletedProcess, str, str]:
    """Run the workflow's ledger step in ``workflow_dir``: its result, job summary and outputs."""
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    step = next(s for s in _steps(workflow["jobs"]["build"]) if s.get("id") == "ledger")
    summary, outputs = workflow_dir / "summary.md", workflow_dir / "outputs.txt"
    summary.write_text("", encoding="utf-8")
    outputs.write_text("", encoding="utf-8")
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_OUTPUT": str(outputs)}
    run = subprocess.run(
        ["bash", "-e", "-c", step["run"]], cwd=workflow_dir / "project", env=env, capture_output=True, text=True
    )
    return run, summary.read_text(encoding="utf-8"), outputs.read_text(encoding="utf-8")


def test_the_pages_workflow_says_when_the_build_changed_an_uncommitted_ledger(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    _git("init", "-q", "-b", "main", cwd=project)
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml")]) == 0
    _git("add", "-A", cwd=project)
    _git("commit", "-q", "-m", "site with its ledger", cwd=project)

    run, summary, outputs = _ledger_check(tmp_path)  # committed: nothing to say
    assert (run.returncode, run.stdout, summary, outputs) == (0, "", "", "")

    # A user adds papers and pushes without the ledger the build updated.
    extra = project / "data" / "extra.txt"
    extra.write_text(
        "ICLR 2025 Papers\n\nWe propose FooNet, a network that learns foo from bar with graphs.\n", encoding="utf-8"
    )
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml")]) == 0
    run, summary, outputs = _ledger_check(tmp_path)
    assert run.returncode == 0  # a warning, not a failed deployment
    assert run.stdout.startswith("::warning file=permalinks.json,")
    assert "commit permalinks.json" in run.stdout
    assert "Ledger of addresses not committed" in summary and "permalinks.json | " in summary
    assert outputs.strip() == "changed=true"

    # A project that never committed one: the new file counts as a change too.
    _git("rm", "-q", "--cached", "permalinks.json", cwd=project)
    _git("commit", "-q", "-m", "no ledger", cwd=project)
    assert _ledger_check(tmp_path)[2] != ""


def test_a_built_site_pushed_to_a_gh_pages_branch_with_ghp_import(tmp_path: Path) -> None:
    # The README's way to a gh-pages branch: papersite build, then ghp-import (which MkDocs brings).
    remote = tmp_path / "remote.git"
    _git("init", "--bare", "-q", str(remote), cwd=tmp_path)
    project = copy_project(tmp_path / "project")
    _git("init", "-q", "-b", "main", cwd=project)
    _git("remote", "add", "origin", str(remote), cwd=project)
    assert cli.main(["build", "-q", "-f", str(project / "mkdocs.yml")]) == 0
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
        "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
    }
    subprocess.run(
        [sys.executable, "-c", "from ghp_import import main; main()", "--no-jekyll", "--push", "--force", "site"],
        cwd=project, env=env, check=True, capture_output=True, text=True,
    )
    files = set(_git("ls-tree", "-r", "--name-only", "gh-pages", cwd=remote).split())
    assert {".nojekyll", "index.html", "papers.json", "searchindex/meta.js"} <= files
    assert sum(1 for f in files if re.fullmatch(r"papers/\d{4}/[^/]+/index.html", f)) == 35


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and name in {"href", "src"}:
                self.urls.append(value)


def test_a_site_under_a_sub_path_has_no_broken_link_or_asset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Serve the site at /repo/ as GitHub Pages does and follow every link of every page."""
    project = copy_project(tmp_path / "project")
    www = tmp_path / "www"
    with serve(www) as base:
        monkeypatch.setenv("PAPERSITE_SITE_URL", f"{base}/repo/")
        assert cli.main(["build", "-q", "-f", str(project / "mkdocs.yml"), "-d", str(www / "repo")]) == 0
        start = f"{base}/repo/"
        seen: set[str] = set()
        queue = [start]
        broken: list[str] = []
        pages = 0
        while queue:
            url = queue.pop()
            if url in seen:
                continue
            seen.add(url)
            try:
                with urllib.request.urlopen(url) as response:  # noqa: S310 - loopback only
                    body = response.read()
                    kind = response.headers.get_content_type()
            except urllib.error.HTTPError as error:
                broken.append(f"{url}: {error.code}")
                continue
            if kind != "text/html":
                continue
            pages += 1
            parser = _Links()
            parser.feed(body.decode("utf-8"))
            for link in parser.urls:
                target = urldefrag(urljoin(url, link))[0]
                if urlparse(target).netloc == urlparse(base).netloc and target not in seen:
                    assert target.startswith(start), f"{url} links outside the sub-path: {link}"
                    queue.append(target)
    assert broken == []
    assert pages > 35


def test_the_clone_publishes_with_the_workflow_papersite_new_writes() -> None:
    # One workflow for the clone and every site folder: the clone's requirements.txt names papersite itself.
    from generator import scaffold

    assert WORKFLOW.read_bytes() == (scaffold.FILES / ".github" / "workflows" / "pages.yml").read_bytes()
    assert "pip install -r requirements.txt" in WORKFLOW.read_text(encoding="utf-8")
    assert [line for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines() if not line.startswith("#")] == ["."]
