"""Citations: BibTeX keys, entries that a real BibTeX parser reads back, Scholar meta tags."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

import bibtexparser
import pytest
from bibtexparser.bparser import BibTexParser
from bibtexparser.customization import splitname
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model import Paper, Source
from generator.plan import cite

from .conftest import enriched_records

#: Titles, names, venues and URLs that would break an entry written without escaping.
HOSTILE_RECORDS = [
    {
        "title": "50% of {unbalanced braces}} & a back\\slash #1 $x^2$ ~ _under_ @inproceedings{evil,",
        "abstract": "We propose EvilNet, a method whose title tries to close the entry early.",
        "authors": ["O'Brien, Zoë", "Smith and Wesson", "Acme, Inc., Research", "}{", "%comment", "Ünïcödé 张三"],
        "venue": "Work{shop} & Co_2024 %",
        "year": 2024,
        "url": "https://example.org/a{b}%7d?x=1&y=2#frag",
    },
    {
        "title": "<script>alert(1)</script> & \"quotes\" AND More",
        "abstract": "A benchmark of template engines with <b>markup</b> in it and a $k$-shot task.",
        "authors": ["Ada  AND  Lovelace", "Jean-Luc Picard, Jr."],
        "venue": "ICLR",
        "year": 2024,
    },
    {
        "abstract": "We introduce \\textbf{T^2-Net}, which solves 100% of the {hard} cases via \\emph{tricks} & hacks.",
        "venue": "NeurIPS Workshop",
        "year": 2023,
    },
]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> tuple[Paper, ...]:
    papers = enriched_records(tmp_path_factory.mktemp("hostile"), HOSTILE_RECORDS)
    # Enrichment reads a given title as TeX and drops its braces and backslashes; the
    # raw titles go in too, as a reader of another kind might pass them on.
    raw = [
        replace(p, id=f"{n:012x}", title=r["title"])
        for n, (p, r) in enumerate(zip(papers, HOSTILE_RECORDS))
        if "title" in r
    ]
    assert any("{" in p.title and "\\" in p.title for p in raw)
    return (*papers, *raw)


def _paper(title: str = "A Title", authors: tuple[str, ...] = (), **fields: object) -> Paper:
    values: dict[str, object] = {
        "abstract": "x", "venue": "ICLR", "year": 2024, "source": Source(Path("a.txt"), 1),
        "title": title, "authors": authors, "id": "0" * 12, "title_source": "given", **fields,
    }
    return Paper(**values)  # type: ignore[arg-type]


# --- reading entries back -------------------------------------------------------------

_UNESCAPE = {
    r"\textbackslash{}": "\\", r"\textbraceleft{}": "{", r"\textbraceright{}": "}",
    r"\textasciitilde{}": "~", r"\textasciicircum{}": "^", "{": "", "}": "",
}
_ESCAPED = re.compile(r"\\text(?:backslash|braceleft|braceright|asciitilde|asciicircum)\{\}|\\[%&#_$]|[{}]")


def _unescape(value: str) -> str:
    """Undo the escapes and drop the protecting braces: the text a reader sees."""
    return _ESCAPED.sub(lambda m: _UNESCAPE.get(m.group(), m.group()[1:]), value)


def _split_names(value: str) -> list[str]:
    """Split an author field on " and " outside braces, as BibTeX does."""
    names, depth, start = [], 0, 0
    for i, char in enumerate(value):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0 and re.match(r"\s+and\s+", value[i:], re.IGNORECASE) and value[i].isspace():
            if i >= start:
                names.append(value[start:i])
            start = i + len(re.match(r"\s+and\s+", value[i:], re.IGNORECASE).group())  # type: ignore[union-attr]
    names.append(value[start:])
    return [n for n in names if n]


def _parse(bib: str) -> list[dict[str, str]]:
    parser = BibTexParser(common_strings=False, ignore_nonstandard_types=False, interpolate_strings=False)
    parser.homogenize_fields = False
    return bibtexparser.loads(bib, parser).entries


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _check_round_trip(paper: Paper, entry: dict[str, str], page: str | None) -> None:
    assert entry["ENTRYTYPE"] == "inproceedings"
    assert _unescape(entry["title"]) == _one_line(paper.title)
    if paper.authors:
        names = _split_names(entry["author"])
        assert [_unescape(n) for n in names] == [_one_line(a) for a in paper.authors]
        for name, given_name in zip(names, paper.authors):
            if " and " in f" {given_name.lower()} " or given_name.count(",") > 1:
                assert len(splitname(name)["last"]) == 1  # one braced unit, never split
    else:
        assert "author" not in entry
    assert _unescape(entry["booktitle"]) == cite.booktitle(paper.venue)
    assert entry["year"] == str(paper.year)
    # Braces in a URL are percent-encoded; the URL still means the same.
    assert unquote(entry.get("url", "")) == unquote(paper.url or page or "")
    assert ("note" in entry) == (paper.title_source == "inferred")


@pytest.mark.parametrize("corpus", ["hostile", "real"])
def test_every_entry_parses_with_a_real_bibtex_parser_and_round_trips(
    corpus: str, request: pytest.FixtureRequest
) -> None:
    papers = request.getfixturevalue(corpus)
    bib = cite.bibliography(papers, "https://example.org/site/")
    entries = {e["ID"]: e for e in _parse(bib)}
    keys = cite.bibtex_keys(papers)
    assert sorted(entries) == sorted(keys.values())
    for paper in papers:
        _check_round_trip(paper, entries[keys[paper.id]], cite.page_url(paper, "https://example.org/site/"))


def test_hostile_text_is_escaped_not_interpreted(hostile: tuple[Paper, ...]) -> None:
    bib = cite.bibliography(hostile, None)
    assert len(_parse(bib)) == len(hostile)
    # No raw special is left for LaTeX: every %, &, #, _, $ outside a URL is escaped.
    for line in bib.splitlines():
        if " = " in line and not line.lstrip().startswith("url"):
            assert not re.search(r"(?<!\\)[%&#_$]", line.split(" = ", 1)[1]), line
    # Braces balance within every field, and none is escaped: BibTeX counts \{ as a brace.
    for line in bib.splitlines():
        if " = " in line:
            depth = 0
            for char in line:
                depth += {"{": 1, "}": -1}.get(char, 0)
                assert depth >= 0, line
            assert depth == 0, line
    assert r"\{" not in bib and r"\}" not in bib


_CHARS = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))
#: Pieces that mean something to BibTeX or LaTeX, mixed into random text.
_PIECES = [" and ", " AND ", ",", "{", "}", "\\", "\\{", "%", "&", "#", "_", "$", "~", "^", "@", '"', "URLOST", " "]
_TEXT = st.lists(st.one_of(st.sampled_from(_PIECES), st.text(_CHARS, max_size=6)), max_size=8).map("".join)


# The parser builds its grammar for each call, so each example is a batch of entries.
@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            _TEXT,
            st.lists(_TEXT.filter(str.strip), max_size=3),
        ),
        min_size=1,
        max_size=10,
    )
)
def test_any_title_and_authors_round_trip(cases: list[tuple[str, list[str]]]) -> None:
    papers = [_paper(title, tuple(authors)) for title, authors in cases]
    bib = "\n".join(cite.bibtex_entry(p, f"key{n}", None) for n, p in enumerate(papers))
    entries = {e["ID"]: e for e in _parse(bib)}
    assert len(entries) == len(papers)
    for n, paper in enumerate(papers):
        _check_round_trip(paper, entries[f"key{n}"], None)


def test_control_characters_never_reach_the_entry() -> None:
    entry = cite.bibtex_entry(_paper("Line\nbreak\x00 and\x1b[31m colour", ("A\tB",)), "k", None)
    assert not any(ord(c) < 32 and c != "\n" for c in entry)
    assert "title = {Line break and [31m colour}" in entry


# --- the entry -----------------------------------------------------------------------

def test_an_entry_has_the_fields_in_order_and_the_venue_named_in_full() -> None:
    paper = _paper("URLOST: Learning with PixArt-α and 3D GANs", ("Ada Lovelace", "Alan Turing"),
                   url="https://openreview.net/forum?id=x_1")
    assert cite.bibtex_entry(paper, "lovelace2024urlost", "https://e.org/papers/2024/u/") == (
        "@inproceedings{lovelace2024urlost,\n"
        "  title = {{URLOST}: Learning with {PixArt-α} and {3D} {GANs}},\n"
        "  author = {Ada Lovelace and Alan Turing},\n"
        "  booktitle = {International Conference on Learning Representations ({ICLR})},\n"
        "  year = {2024},\n"
        "  url = {https://openreview.net/forum?id=x_1}\n"
        "}\n"
    )


def test_an_inferred_title_is_noted_and_the_page_url_stands_in_for_a_missing_url() -> None:
    entry = cite.bibtex_entry(_paper(title_source="inferred", venue="TMLR"), "k", "https://e.org/p/")
    assert "  url = {https://e.org/p/},\n" in entry
    assert "  note = {Title inferred from the abstract}\n" in entry
    assert "  booktitle = {{TMLR}},\n" in entry
    assert "author" not in entry


def test_without_any_url_the_field_is_left_out() -> None:
    assert "url" not in cite.bibtex_entry(_paper(), "k", None)


# --- keys ----------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("authors", "title", "year", "key"),
    [
        (("Ada Lovelace",), "Adaptive Federated Learning with Auto-Tuned Clients", 2024, "lovelace2024adaptive"),
        (("Lovelace, Ada",), "The Art of Counting", 2024, "lovelace2024art"),
        (("Zoë Müller-Lüdenscheidt",), "On Über-Models", 2023, "ludenscheidt2023uber"),
        (("Martin Luther King Jr.",), "A Model's Dream", 2022, "king2022models"),
        (("张三",), "Graphs", 2025, "san2025graphs"),
        ((), "URLOST: Mutual Information for Unknown Topology", 2025, "urlost2025mutual"),
        ((), "Graphs", 2025, "graphs2025"),
        ((), "", 2025, "paper2025"),
        (("!!!",), "The Of And", 2025, "the2025of"),
    ],
)
def test_base_key(authors: tuple[str, ...], title: str, year: int, key: str) -> None:
    assert cite.base_key(_paper(title, authors, year=year)) == key


def test_colliding_keys_get_suffixes_in_id_order_whatever_the_input_order() -> None:
    papers = [
        _paper("Learning Things", ("Ada Lovelace",), id=i, abstract=i) for i in ("c" * 12, "a" * 12, "b" * 12)
    ]
    expected = {"a" * 12: "lovelace2024learninga", "b" * 12: "lovelace2024learningb", "c" * 12: "lovelace2024learningc"}
    for order in itertools.permutations(papers):
        assert cite.bibtex_keys(list(order)) == expected


def test_a_suffix_never_takes_a_key_another_paper_wants() -> None:
    twins = [_paper("X", ("Ada Lovelace",), id=f"{i}" * 12) for i in (1, 2)]
    # This paper's bare key is what the first twin's suffix would be.
    other = _paper("Xa", ("Ada Lovelace",), id="9" * 12)
    keys = cite.bibtex_keys([*twins, other])
    assert keys == {"1" * 12: "lovelace2024xb", "2" * 12: "lovelace2024xc", "9" * 12: "lovelace2024xa"}


def test_bibtex_key_takes_the_first_free_suffix() -> None:
    paper = _paper("Learning", ("Ada Lovelace",))
    assert cite.bibtex_key(paper, set()) == "lovelace2024learning"
    assert cite.bibtex_key(paper, {"lovelace2024learning", "lovelace2024learninga"}) == "lovelace2024learningb"


def test_keys_of_the_real_corpus_are_distinct_ascii_and_order_independent(real: tuple[Paper, ...]) -> None:
    keys = cite.bibtex_keys(real)
    assert len(set(keys.values())) == len(real)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*", k) for k in keys.values())
    assert cite.bibtex_keys(list(reversed(real))) == keys
    assert keys[next(p.id for p in real if p.authors[:1] == ("Ada Lovelace",))] == "lovelace2024adaptive"


# --- Google Scholar ------------------------------------------------------------------

def test_citation_meta() -> None:
    paper = _paper("Sparse Attention", ("Ada Lovelace", " Alan  Turing "), venue="ICLR", year=2023)
    assert cite.citation_meta(paper, "https://e.org/papers/2023/sparse-attention/") == [
        ("citation_title", "Sparse Attention"),
        ("citation_author", "Ada Lovelace"),
        ("citation_author", "Alan Turing"),
        ("citation_publication_date", "2023"),
        ("citation_conference_title", "International Conference on Learning Representations (ICLR)"),
        ("citation_abstract_html_url", "https://e.org/papers/2023/sparse-attention/"),
    ]


@pytest.mark.parametrize("page", [None, "", "papers/2023/sparse-attention/", "/papers/x/"])
def test_citation_meta_leaves_out_a_page_url_that_is_not_absolute(page: str | None) -> None:
    names = [name for name, _ in cite.citation_meta(_paper(), page)]
    assert "citation_abstract_html_url" not in names


@pytest.mark.parametrize(
    ("site_url", "expected"),
    [
        (None, None),
        ("", None),
        ("https://e.org", "https://e.org/papers/2024/a-title/"),
        ("https://e.org/sub/", "https://e.org/sub/papers/2024/a-title/"),
        ("https://e.org/sub", "https://e.org/sub/papers/2024/a-title/"),
    ],
)
def test_page_url(site_url: str | None, expected: str | None) -> None:
    assert cite.page_url(_paper(slug="a-title"), site_url) == expected
