"""Golden files: the Markdown papersite generates for a small, varied fixture corpus.

The corpus (tests/fixtures/golden/corpus) mixes the plain layout, JSON Lines and CSV,
given and inferred titles, math, TeX, GitHub links with trailing punctuation and
hostile text. After a deliberate change, regenerate with

    pytest tests/test_golden.py --update-goldens

and review the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator import cli, urls

from .conftest import FIXTURES, copy_project

CORPUS = FIXTURES / "golden" / "corpus"
GOLDEN = Path(__file__).resolve().parent / "golden"


def _generated(docs_dir: Path) -> dict[str, str]:
    return {
        str(p.relative_to(docs_dir)): p.read_text(encoding="utf-8")
        for p in sorted(docs_dir.rglob("*"))
        # The search index is hundreds of small files of numbers: tests/test_search.py checks it.
        if p.is_file() and p.relative_to(docs_dir).parts[0] in set(urls.GENERATED_ROOTS) - {urls.SEARCH_DIR}
    }


def test_generated_markdown_matches_the_golden_files(tmp_path: Path, update_goldens: bool) -> None:
    project = copy_project(tmp_path / "project")
    assert cli.main(["generate", "-q", "-f", str(project / "mkdocs.yml"), str(CORPUS)]) == 0
    actual = _generated(project / "site_src")
    if update_goldens:
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for rel, text in actual.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / rel).write_text(text, encoding="utf-8")
    expected = {
        str(p.relative_to(GOLDEN)): p.read_text(encoding="utf-8") for p in sorted(GOLDEN.rglob("*")) if p.is_file()
    }
    assert sorted(actual) == sorted(expected)
    for rel in expected:
        assert actual[rel] == expected[rel], f"{rel} differs from tests/golden/{rel}"


def test_the_fixture_corpus_builds_strictly_and_safely(tmp_path: Path) -> None:
    """Hostile text in an abstract is shown as text: nothing from input runs or links out."""
    from html.parser import HTMLParser

    project = copy_project(tmp_path / "project")
    assert cli.main(["build", "-q", "-f", str(project / "mkdocs.yml"), str(CORPUS)]) == 0

    class Article(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.depth = 0
            self.tags: list[tuple[str, dict[str, str | None]]] = []
            self.text: list[str] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "article" or self.depth:
                self.depth += 1
                self.tags.append((tag, dict(attrs)))

        def handle_endtag(self, tag: str) -> None:
            if self.depth:
                self.depth -= 1

        def handle_data(self, data: str) -> None:
            if self.depth:
                self.text.append(data)

    pages = sorted((project / "site" / "papers").glob("*/*/index.html"))
    assert len(pages) == 7
    hostile = None
    for page in pages:
        article = Article()
        article.feed(page.read_text(encoding="utf-8"))
        for tag, attrs in article.tags:
            assert tag not in {"script", "iframe", "img", "object", "embed", "style"}, page
            assert not any(name.startswith("on") for name in attrs), page
            href = attrs.get("href") or ""
            assert not href.lower().startswith(("javascript:", "data:")), page
        text = "".join(article.text)
        if "template engine" in text:
            hostile = text
    assert hostile is not None
    for shown in ("<script>alert(1)</script>", "{{ user.name }}", "{% raw %}", "<img src=x onerror=alert(1)>"):
        assert shown in hostile
    assert "\\mname" not in hostile and "\\alpha" not in hostile
