"""Feeds and exports: the Atom feed read by a real feed parser, per-topic JSON, the papers.json schema."""

from __future__ import annotations

import copy
import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path

import feedparser
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import urls
from generator.enrich.topics import load_taxonomy
from generator.errors import PapersiteError
from generator.model import Paper, Source
from generator.plan import pages as index
from generator.plan import paper_map
from generator.render import export, feeds

from .conftest import ROOT, enriched_records

SITE = "https://example.org/papers-site/"

HOSTILE_RECORDS = [
    {
        "title": "<script>alert(1)</script> & ]]> \"quotes\" 'apostrophes' <![CDATA[x]]>",
        "abstract": "We propose <b>BoldNet</b> & friends, see https://github.com/example-org/bold. It wins.",
        "authors": ["O'Brien & <Sons>", "Zoë ]]> Control"],
        "keywords": ["a&b", "<tag>"],
        "url": "https://example.org/?a=1&b=<2>",
        "venue": "ICLR",
        "year": 2024,
    },
    {
        "abstract": "A benchmark with \ufffe non-characters &amp; entities &lt;x&gt; and <![CDATA[ sections ]]>.",
        "venue": "NeurIPS Workshop",
        "year": 2023,
    },
]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Paper, ...]:
    papers = enriched_records(tmp_path_factory.mktemp("hostile"), HOSTILE_RECORDS)
    # The readers refuse control characters; a paper made another way may still have them.
    return (*papers, replace(papers[0], id="f" * 12, title="Bell\x07 and\x00 nul\ud800", slug="bell"))


@pytest.fixture(autouse=True)
def _no_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)


def _paper(title: str, year: int, id: str, **fields: object) -> Paper:
    values: dict[str, object] = {
        "abstract": title, "venue": "ICLR", "year": year, "source": Source(Path("a.txt"), 1),
        "title": title, "id": id, "slug": urls.slug(title) or "paper", "title_source": "given",
        "summary": f"Summary of {title}.", "topics": ("Optimization",), **fields,
    }
    return Paper(**values)  # type: ignore[arg-type]


def _xml_text(text: str) -> str:
    """Return text as the feed can carry it: no characters XML forbids, one line."""
    allowed = (
        c if c in "\t\n\r" or " " <= c <= "\ud7ff" or "\ue000" <= c <= "\ufffd" or c >= "\U00010000" else " "
        for c in text
    )
    return " ".join("".join(allowed).split())


def _parse(feed: str, base: str | None = None) -> feedparser.FeedParserDict:
    headers = {"content-location": base, "content-type": "application/atom+xml"} if base else None
    parsed = feedparser.parse(feed.encode("utf-8"), response_headers=headers)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    return parsed


# --- the Atom feed ---------------------------------------------------------------------

@pytest.mark.parametrize("corpus", ["real", "hostile"])
def test_the_feed_parses_cleanly_and_has_every_paper(corpus: str, request: pytest.FixtureRequest) -> None:
    papers = request.getfixturevalue(corpus)
    feed = _parse(feeds.atom_feed(papers, SITE, "Papers & <co>", self_path="feed.xml"))
    assert feed.feed.title == "Papers & <co>"
    assert feed.feed.updated == f"{max(p.year for p in papers)}-01-01T00:00:00Z"
    assert {link.rel: link.href for link in feed.feed.links} == {"alternate": SITE, "self": SITE + "feed.xml"}
    assert len(feed.entries) == len(papers)
    assert len({e.id for e in feed.entries}) == len(papers)

    by_id = {feeds.entry_id(p): p for p in papers}
    for entry in feed.entries:
        paper = by_id[entry.id]
        assert entry.id.startswith("urn:uuid:")
        assert entry.title == _xml_text(paper.title)
        assert entry.link == SITE + urls.url_of(urls.paper_page(paper))
        assert entry.updated == f"{paper.year}-01-01T00:00:00Z"
        assert [t.term for t in entry.get("tags", [])] == list(paper.topics)
        assert entry.get("summary", "") == _xml_text(paper.summary)
        assert [a.name for a in entry.get("authors", [])] == [_xml_text(a) for a in paper.authors]
        related = [link.href for link in entry.links if link.rel == "related"]
        assert related == ([paper.url] if paper.url else [])


def test_entries_are_newest_year_first_then_by_title() -> None:
    papers = [
        _paper("beta", 2024, "1" * 12), _paper("Alpha", 2024, "2" * 12),
        _paper("Zeta", 2025, "3" * 12), _paper("Gamma", 2023, "4" * 12),
    ]
    feed = _parse(feeds.atom_feed(papers, SITE, "Papers"))
    assert [e.title for e in feed.entries] == ["Zeta", "Alpha", "beta", "Gamma"]


def test_the_feed_is_the_same_bytes_whatever_the_input_order(real: tuple[Paper, ...]) -> None:
    shuffled = list(real)
    random.Random(4).shuffle(shuffled)
    assert feeds.atom_feed(shuffled, SITE, "Papers") == feeds.atom_feed(real, SITE, "Papers")


def test_without_a_site_url_links_stay_relative_to_the_site_root(real: tuple[Paper, ...]) -> None:
    text = feeds.atom_feed(real, None, "Papers", self_path="feed.xml")
    paper = max(real, key=lambda p: (p.year, p.title))
    page = urls.url_of(urls.paper_page(paper))
    assert f'href="{page}"' in text
    # A reader resolves them against where it fetched the feed: the site root.
    feed = _parse(text, base="https://mirror.example.net/site/feed.xml")
    links = {e.link for e in feed.entries}
    assert "https://mirror.example.net/site/" + page in links
    assert feed.feed.link == "https://mirror.example.net/site/"


def test_ids_do_not_depend_on_site_url_title_or_slug() -> None:
    paper = _paper("A Title", 2024, "a" * 12)
    moved = replace(paper, title="Another Title", slug="another-title")
    assert feeds.entry_id(paper) == feeds.entry_id(moved)
    ids = [_parse(feeds.atom_feed([p], site, "P")).entries[0].id for p, site in ((paper, SITE), (moved, None))]
    assert ids[0] == ids[1]
    assert feeds.feed_id("Papers", SITE) != feeds.feed_id("Papers", None) != feeds.feed_id("Other", None)


def test_a_feed_keeps_its_id_when_a_site_with_an_address_is_renamed() -> None:
    # A site named after its corpus is renamed when a year joins it ("ICLR 2024 Papers" -> "ICLR 2024–2025 Papers").
    assert feeds.feed_id("ICLR 2024 Papers", SITE) == feeds.feed_id("ICLR 2024–2025 Papers", SITE)
    assert feeds.feed_id("Papers", SITE) != feeds.feed_id("Papers", "https://example.org/other/")


@pytest.mark.parametrize(("epoch", "updated"), [("0", "1970-01-01T00:00:00Z"), ("1700000000", "2023-11-14T22:13:20Z")])
def test_source_date_epoch_sets_updated(monkeypatch: pytest.MonkeyPatch, epoch: str, updated: str) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    feed = _parse(feeds.atom_feed([_paper("A", 2024, "a" * 12)], SITE, "P"))
    assert feed.feed.updated == updated


def test_a_bad_source_date_epoch_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(PapersiteError, match="SOURCE_DATE_EPOCH"):
        feeds.atom_feed([], SITE, "P")


def test_an_empty_feed_is_still_valid() -> None:
    feed = _parse(feeds.atom_feed([], None, "Nothing yet"))
    assert feed.entries == [] and feed.feed.updated == "1970-01-01T00:00:00Z"


def test_markup_in_text_is_escaped_not_parsed(hostile: tuple[Paper, ...]) -> None:
    text = feeds.atom_feed(hostile, SITE, "P")
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert "\x00" not in text and "\x07" not in text and "\ud800" not in text


# --- per-topic JSON --------------------------------------------------------------------

@pytest.fixture(scope="module")
def placed_real(real: tuple[Paper, ...]) -> tuple[Paper, ...]:
    return _placed(real)


def _placed(papers: Sequence[Paper]) -> tuple[Paper, ...]:
    """Return the papers with their places on the map, as every paper of a build has them."""
    places = paper_map.layout(papers)
    return tuple(replace(p, place=places[p.id]) for p in papers)


def _data_files(papers: Sequence[Paper]) -> dict[str, list]:
    """Return the JSON data files the site writes for ``papers``, parsed, by path."""
    files = dict(export.record_files(papers, index.topic_refs(load_taxonomy())))
    return {path: json.loads(data) for path, data in files.items()}


def _elementtree_feed(papers: Sequence[Paper], site_url: str | None, title: str, self_path: str | None) -> str:
    """The feed as papersite built it with ElementTree before it had a template: the bytes to match."""

    def el(parent: ET.Element, name: str, text: str | None = None, **attrs: str) -> ET.Element:
        element = ET.SubElement(parent, name, {k: feeds._text(v) for k, v in attrs.items()})
        if text is not None:
            element.text = feeds._text(text)
        return element

    feed = ET.Element("feed", xmlns=feeds.ATOM)
    el(feed, "id", feeds.feed_id(title, site_url))
    el(feed, "title", title)
    el(feed, "updated", feeds.feed_updated(papers))
    el(el(feed, "author"), "name", title)
    el(feed, "link", rel="alternate", type="text/html", href=feeds._resolve("", site_url))
    if self_path is not None:
        el(feed, "link", rel="self", type="application/atom+xml", href=feeds._resolve(self_path, site_url))
    el(feed, "generator", "papersite")
    for paper in sorted(papers, key=feeds._order):
        entry = el(feed, "entry")
        el(entry, "id", feeds.entry_id(paper))
        el(entry, "title", paper.title)
        el(entry, "updated", feeds._year_start(paper.year))
        for name in paper.authors:
            el(el(entry, "author"), "name", name)
        href = feeds._resolve(urls.url_of(urls.paper_page(paper)), site_url)
        el(entry, "link", rel="alternate", type="text/html", href=href)
        if paper.url:
            el(entry, "link", rel="related", href=paper.url)
        if paper.summary:
            el(entry, "summary", paper.summary, type="text")
        for topic in paper.topics:
            el(entry, "category", term=topic)
    ET.indent(feed, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


# Markup, entities, whitespace of every kind, characters XML forbids, and empty texts.
_FEED_TEXT = st.text(alphabet="aZ &<>\"'] \t\n\r\x00\x07\x85\xa0\u2028\ud800\ufffe\U0001F600", max_size=8)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries({
            "title": _FEED_TEXT, "summary": _FEED_TEXT, "url": _FEED_TEXT,
            "authors": st.lists(_FEED_TEXT, max_size=2).map(tuple), "topics": st.lists(_FEED_TEXT, max_size=2).map(tuple),
        }),
        max_size=3,
    ),
    _FEED_TEXT.filter(lambda text: "\ud800" not in text),  # the feed's id hashes its title as UTF-8
    st.sampled_from([None, SITE, "https://example.org"]),
    st.sampled_from([None, "feed.xml", "a b&.xml"]),
)
def test_the_feed_is_what_elementtree_writes(
    fields: list[dict], title: str, site_url: str | None, self_path: str | None
) -> None:
    papers = [replace(_paper(f"p{i}", 2024 - i % 2, f"{i:012d}"), **f) for i, f in enumerate(fields)]
    expected = _elementtree_feed(papers, site_url, title, self_path)
    assert feeds.atom_feed(papers, site_url, title, self_path=self_path) == expected


def test_the_hostile_feed_is_what_elementtree_writes(hostile: tuple[Paper, ...]) -> None:
    assert feeds.atom_feed(hostile, SITE, "T & <T>", self_path="feed.xml") == _elementtree_feed(
        hostile, SITE, "T & <T>", "feed.xml"
    )


def test_topic_json_holds_the_topic_papers_as_papers_json_does(real: tuple[Paper, ...]) -> None:
    files = _data_files(real)
    everything = files.pop(urls.PAPERS_JSON)
    ordered = sorted((export.paper_record(p) for p in real), key=lambda r: (-r["year"], r["url"]))
    assert everything == ordered  # newest year first, then by URL
    names = sorted({t for p in real for t in p.topics})
    assert sorted(files) == sorted(urls.topic_json(index.topic_refs(load_taxonomy())[n].slug) for n in names)
    for name in names:
        records = files[urls.topic_json(index.topic_refs(load_taxonomy())[name].slug)]
        assert records and records == [r for r in everything if name in r["topics"]]


def test_data_files_are_the_same_bytes_whatever_the_input_order(real: tuple[Paper, ...]) -> None:
    refs = index.topic_refs(load_taxonomy())

    def data_files(papers: Sequence[Paper]) -> dict[str, bytes]:
        return {**export.corpus_files(papers, SITE, "P"), **dict(export.record_files(papers, refs))}

    assert data_files(list(reversed(real))) == data_files(real)


# --- the papers.json schema ------------------------------------------------------------

@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((resources.files("generator.render") / "schema" / "papers.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


@pytest.mark.parametrize("corpus", ["real", "hostile"])
def test_papers_json_matches_its_schema(
    corpus: str, request: pytest.FixtureRequest, validator: jsonschema.Draft202012Validator
) -> None:
    papers = _placed(request.getfixturevalue(corpus))
    validator.validate([export.paper_record(p) for p in papers])
    # The files as written (a lone surrogate, made by hand above, cannot be written at all).
    writable = [p for p in papers if "\ud800" not in p.title]
    for path, records in _data_files(writable).items():
        assert records, path
        validator.validate(records)


def test_the_golden_papers_json_matches_its_schema(validator: jsonschema.Draft202012Validator) -> None:
    validator.validate(json.loads((ROOT / "tests" / "golden" / "papers.json").read_text("utf-8")))


def _drop(field: str):  # type: ignore[no-untyped-def]
    return lambda r: r.pop(field)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (_drop("title"), "'title' is a required property"),
        (_drop("github"), "'github' is a required property"),
        (lambda r: r.update(extra=1), "Additional properties"),
        (lambda r: r.update(title_source="guessed"), "is not one of"),
        (lambda r: r.update(year="2024"), "is not of type 'integer'"),
        (lambda r: r.update(year=1850), "is less than the minimum"),
        (lambda r: r.update(id="not-a-hash"), "does not match"),
        (lambda r: r.update(github=["http://github.com/a/b"]), "does not match"),
        (lambda r: r.update(github=["https://github.com/owner"]), "does not match"),
        (lambda r: r.update(github=["https://gitlab.com/a/b"]), "does not match"),
        (lambda r: r.update(url="https://example.org/papers/2024/x/"), "does not match"),
        (lambda r: r.update(topics=[]), "should be non-empty"),
        (lambda r: r.update(keywords=["a", "a"]), "non-unique"),
        (lambda r: r.update(authors="Ada Lovelace"), "is not of type 'array'"),
        (lambda r: r.update(abstract=""), "should be non-empty"),
    ],
)
def test_a_broken_record_fails(
    placed_real: tuple[Paper, ...], validator: jsonschema.Draft202012Validator, change, why: str  # type: ignore[no-untyped-def]
) -> None:
    records = [export.paper_record(p) for p in placed_real]
    broken = copy.deepcopy(records)
    change(broken[1])
    errors = list(validator.iter_errors(broken))
    assert errors, "the broken record passed"
    assert any(why in e.message for e in errors), [e.message for e in errors]
    assert all(list(e.absolute_path)[:1] == [1] for e in errors)


def test_a_record_that_is_not_an_object_fails(validator: jsonschema.Draft202012Validator) -> None:
    assert not validator.is_valid([["not", "an", "object"]])
    assert not validator.is_valid({"papers": []})
