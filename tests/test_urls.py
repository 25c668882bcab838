"""The URL scheme: slugs and relative links between generated pages."""

from urllib.parse import urljoin

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

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


_SITE = st.one_of(
    st.sampled_from([
        "https://example.org", "https://example.org/", "https://example.org/docs", "HTTPS://Example.org/a/",
        "https://example.org/a//b/", "https://example.org/a/../b/", "https://example.org/./", "https://x.org/a?q=1",
        "https://x.org/a#f", "https://x.org/a;p", "http://x.org:8080/~me/", "//x.org/a", "x.org/a", "file:///srv/site",
        "mailto:a@b.org", "https://", "/", "a",
    ]),
    st.text(alphabet="hts:/.?#;%~-_abAB09", min_size=1, max_size=16),
)
_PATH = st.one_of(
    st.sampled_from(["papers/2024/a-b/", "papers/", "x", "", ".", "..", "./a/", "../a/", "a/../b/", "a//b/", "/a/", "a:b/"]),
    st.text(alphabet="ab0-_~./:?#;%", max_size=10),
)


@given(_SITE, _PATH)
@example("https://example.org/a/../", "papers/2024/")
def test_resolve_is_what_urljoin_gives(site_url: str, url: str) -> None:
    assert urls.resolve(site_url, url) == urljoin(site_url.rstrip("/") + "/", url)
