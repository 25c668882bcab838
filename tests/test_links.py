"""Tests for generator.links: repository badges and project pages found in abstracts."""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.enrich import links as links_module
from generator.enrich.links import (
    URL_HINT_RE,
    Links,
    find_links,
    github_repo,
    may_hold_url,
    split_url,
)

FIXTURES = Path(__file__).parent / "fixtures" / "text"


@pytest.mark.parametrize(
    ("source", "github", "pages"),
    [
        ("Code: https://github.com/a/b.", ("https://github.com/a/b",), ()),
        ("Code: http://www.github.com/a/b-c_d.git, and more", ("https://github.com/a/b-c_d",), ()),
        ("at github.com/a-r-j/ProteinWorkshop", ("https://github.com/a-r-j/ProteinWorkshop",), ()),
        (r"at \url{https://github.com/x/y}", ("https://github.com/x/y",), ()),
        (r"\href{https://github.com/x/y}{GitHub}", ("https://github.com/x/y",), ()),
        ("[CoIC](https://github.com/S/CoIC), an", ("https://github.com/S/CoIC",), ()),
        ("[https://github.com/M/L](https://github.com/M/L)", ("https://github.com/M/L",), ()),
        ("(https://github.com/z/Mol)", ("https://github.com/z/Mol",), ()),
        ("https://github.com/m/LMOps/tree/main/minillm", ("https://github.com/m/LMOps",), ()),
        ("https://github.com/a/b/blob/main/x.py", ("https://github.com/a/b",), ()),
        ("https://github.com/a/b and https://github.com/A/B/", ("https://github.com/a/b",), ()),
        ("https://github.com/j/RobustDT。", ("https://github.com/j/RobustDT",), ()),
        ("“https://github.com/a/b”", ("https://github.com/a/b",), ()),
        ("'https://github.com/a/b'", ("https://github.com/a/b",), ()),
        ("https://github.com/owner", (), ("https://github.com/owner",)),
        ("https://github.com/spatially_aware_transformer", (), ("https://github.com/spatially_aware_transformer",)),
        ("https://github.com/orgs/foo", (), ("https://github.com/orgs/foo",)),
        ("Website: https://x.github.io/glide/.", (), ("https://x.github.io/glide/",)),
        ("see mathvista.github.io/x, now", (), ("https://mathvista.github.io/x",)),
        ("<https://ccvl.jhu.edu/3D-DST/>", (), ("https://ccvl.jhu.edu/3D-DST/",)),
        ("[site](tensortrust.ai/paper)", (), ("https://tensortrust.ai/paper",)),
        ("www.forecastbench.org", (), ("https://www.forecastbench.org",)),
        ("https://en.wikipedia.org/wiki/A_(b))", (), ("https://en.wikipedia.org/wiki/A_(b)",)),
        ("[x](javascript:alert(1)) javascript:alert(1) <EOS>", (), ()),
        ("no links at all; e.g. github is nice", (), ()),
    ],
)
def test_find_links(source: str, github: tuple[str, ...], pages: tuple[str, ...]) -> None:
    assert find_links(source) == Links(github=github, project_pages=pages)


@pytest.mark.parametrize(
    ("candidate", "url", "trailing"),
    [
        ("https://a.b/c.", "https://a.b/c", "."),
        ("https://a.b/c).", "https://a.b/c", ")."),
        ("https://a.b/c_(d)", "https://a.b/c_(d)", ""),
        ("https://a.b/c**", "https://a.b/c", "**"),
        ("https://a.b/c:", "https://a.b/c", ":"),
    ],
)
def test_split_url(candidate: str, url: str, trailing: str) -> None:
    assert split_url(candidate) == (url, trailing)


def test_github_repo_rejects_non_repositories() -> None:
    assert github_repo("https://github.com/a/..") is None
    assert github_repo("https://gist.github.com/a/b") is None
    assert github_repo("https://github.com/a/b.git") == "https://github.com/a/b"
    assert github_repo("https://github.com/orgs/a") is None
    assert github_repo("https://github.com/orgs/a/repositories") is None  # the organisation's page


def test_an_orgs_link_to_a_repository_is_its_badge() -> None:
    found = find_links("Code: https://github.com/orgs/acme-lab/repo-x. Org: https://github.com/orgs/acme-lab/people")
    assert found.github == ("https://github.com/acme-lab/repo-x",)
    assert found.project_pages == ("https://github.com/orgs/acme-lab/people",)


def test_real_abstracts_recall() -> None:
    for line in (FIXTURES / "real_abstracts.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        want = {u.lower() for u in map(github_repo, record["github_urls"]) if u}
        got = {u.lower() for u in find_links(record["abstract"]).github}
        assert got == want


@given(st.text(max_size=300))
def test_badges_are_canonical(source: str) -> None:
    links = find_links(source)
    for url in links.github:
        assert github_repo(url) == url
    assert all(u.startswith(("http://", "https://")) for u in links.project_pages)


_URLISH = st.lists(st.sampled_from(list(" .,-_/:@()[]<>{}\\") + [
    "https://", "HTTP://", "x.org", "www.", "WWW.", "github.com/a/b", "GitHub.io", "gİthub.com", "gıthub.io",
    "url{", "href{", "](", "a", "ı", "İ"]), max_size=30).map("".join)


@settings(max_examples=300)
@given(_URLISH)
def test_url_hint_is_the_regex(source: str) -> None:
    assert may_hold_url(source) == bool(URL_HINT_RE.search(source))


@settings(max_examples=300)
@given(st.one_of(_URLISH, st.text(max_size=100)))
def test_skipping_the_scan_loses_no_link(source: str) -> None:
    with mock.patch.object(links_module, "may_hold_url", lambda text: True):
        scanned = find_links(source)
    assert find_links(source) == scanned


_ASCII_URLISH = st.lists(st.sampled_from(list(" .,-_/:@()[]<>{}\\\"'`~$|") + [
    "https://", "http://", "HTTPS://", "://", "x.org", "a-b.", "www.", "WWW.", "github.", "github.com/a/b",
    "GitHub.io", "x.github.io", ".github.com", "\\url{", "\\href{", "](", "<http://", "<https://", "a", "Z0", "é"]),
    max_size=30).map("".join)


@settings(max_examples=500)
@given(_ASCII_URLISH)
def test_link_matches_are_the_regex_scan(source: str) -> None:
    # _link_matches tries the regex only where a link may start: it must find what a scan of every
    # character finds, form by form.
    def spans(matches):
        return [(m.span(), m.lastgroup) for m in matches]

    assert spans(links_module._link_matches(source)) == spans(links_module._LINK_RE.finditer(source))
