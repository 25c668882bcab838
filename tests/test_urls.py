"""The URL scheme: slugs and relative links between generated pages."""

import pytest

from generator import urls


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("URLOST: Unsupervised Representation Learning", "urlost-unsupervised-representation-learning"),
        ("PixArt-α: Fast Training", "pixart-a-fast-training"),
        ("f-FERM: A Scalable Framework", "f-ferm-a-scalable-framework"),
        ("..", ""),
        ("!!!", ""),
    ],
)
def test_slug(title: str, expected: str) -> None:
    assert urls.slug(title) == expected


def test_slug_is_cut_at_a_word_boundary() -> None:
    slug = urls.slug("A " + "verylongword " * 20)
    assert len(slug) <= urls.MAX_SLUG_LENGTH
    assert not slug.endswith("-")
    assert all(part in {"a", "verylongword"} for part in slug.split("-"))


@pytest.mark.parametrize(
    ("source", "target", "expected"),
    [
        ("papers/2024/x.md", "topics/llm.md", "../../topics/llm.md"),
        ("papers/2024/x.md", "papers/2024/y.md", "y.md"),
        ("topics/index.md", "topics/llm.md", "llm.md"),
        ("index.md", "years/index.md", "years/index.md"),
        ("years/2024.md", "papers/2024/x.md", "../papers/2024/x.md"),
    ],
)
def test_link_is_relative_between_sources(source: str, target: str, expected: str) -> None:
    assert urls.link(source, target) == expected


@pytest.mark.parametrize(
    ("source", "url"),
    [("index.md", ""), ("topics/index.md", "topics/"), ("papers/2024/x.md", "papers/2024/x/")],
)
def test_url_of_matches_mkdocs_directory_urls(source: str, url: str) -> None:
    assert urls.url_of(source) == url
