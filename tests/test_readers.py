"""Tests of the readers: good layouts, every input error, and arbitrary input."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.model import Paper, Source
from generator.read import read_inputs
from generator.read.records import KNOWN_FIELDS

INPUTS = Path(__file__).parent / "fixtures" / "inputs"
GOOD = INPUTS / "good"
BAD = INPUTS / "bad"

A = "We study sparse attention for long documents and show a 2x speedup."
B = "A benchmark of $k$-shot reasoning with {{braces}} and <tags> intact."
C = "Diffusion models as planners: we propose a guided sampler for driving."


def read_one(path: Path) -> list[Paper]:
    """Read a single file."""
    return read_inputs([path])


def error_of(path: Path) -> InputError:
    """Return the InputError reading ``path`` raises."""
    with pytest.raises(InputError) as info:
        read_inputs([path])
    return info.value


# --- the plain layout -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["iclr2025-lf.txt", "iclr2025-crlf.txt", "iclr2025-cr.txt", "iclr2025-bom.txt"]
)
def test_plain_line_endings_and_bom(name: str) -> None:
    papers = read_one(GOOD / name)
    assert [p.abstract for p in papers] == [A, B, C]
    assert {(p.venue, p.year) for p in papers} == {("ICLR", 2025)}
    # The wrapped first paragraph starts on line 3; a whitespace-only line and a run of
    # blank lines separate the others.
    assert [p.source for p in papers] == [
        Source(GOOD / name, 3),
        Source(GOOD / name, 8),
        Source(GOOD / name, 11),
    ]


def test_plain_wrapped_paragraph_is_joined_and_squashed() -> None:
    (first, *_) = read_one(GOOD / "iclr2025-lf.txt")
    assert first.abstract == A
    assert first.title == "" and first.authors == () and first.code == ()


def test_plain_multiword_venue_after_leading_blank_lines() -> None:
    (paper,) = read_one(GOOD / "neurips-db.txt")
    assert (paper.venue, paper.year, paper.source.line) == (
        "NeurIPS Datasets and Benchmarks",
        2024,
        5,
    )


def test_plain_real_seed_file() -> None:
    seeds = Path(__file__).resolve().parent.parent / "data" / "iclr2024.txt"  # the bundled corpus
    papers = read_one(seeds)
    assert papers and all(p.venue == "ICLR" and p.year == 2024 for p in papers)
    assert all("\n" not in p.abstract and p.abstract == p.abstract.strip() for p in papers)


# --- records ----------------------------------------------------------------------------


def test_jsonl_with_all_fields() -> None:
    path = GOOD / "full.jsonl"
    first, second = read_one(path)
    assert first == Paper(
        abstract=A,
        venue="ACL",
        year=2023,
        source=Source(path, 1),
        title="Sparse Attention: Fast",
        authors=("Ada Lovelace", "Alan Turing"),
        keywords=("attention", "long context"),
        url="https://openreview.net/forum?id=x",
        code=("https://github.com/a/b", "https://a.github.io/b"),
    )
    # A blank line is skipped but still counted; a string without ";" splits on ",".
    assert second.source == Source(path, 3)
    assert second.authors == ("Grace Hopper", "Edsger Dijkstra")
    assert second.code == ("https://github.com/c/d",)
    assert (second.venue, second.year) == ("ICML", 2022)


def test_jsonl_venue_and_year_from_file_name() -> None:
    first, second = read_one(GOOD / "iclr2024-defaults.jsonl")
    assert (first.venue, first.year) == ("ICLR", 2024)
    assert (second.venue, second.year) == ("TMLR", 2024)


def test_unknown_fields_warned_once_per_name(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        read_inputs([GOOD / "iclr2024-defaults.jsonl", GOOD / "iclr2024-multiline.csv"])
    unknown = [r.getMessage() for r in caplog.records if "unknown field" in r.getMessage()]
    assert len(unknown) == 3
    for name in ("status", "github_urls", "openreview_id"):
        assert sum(f"'{name}'" in message for message in unknown) == 1
    assert "iclr2024-defaults.jsonl:1" in unknown[0]


def test_csv_quoted_multiline_field() -> None:
    path = GOOD / "iclr2024-multiline.csv"
    first, second = read_one(path)
    assert first.abstract == (
        'We study sparse attention for long documents, and show a "2x" speedup.'
    )
    assert first.source == Source(path, 2)
    # CSV lists split on ";" only, so "Lovelace, Ada" stays one name.
    assert first.authors == ("Lovelace, Ada", "Turing, Alan")
    assert first.keywords == ("attention", "long context")
    assert first.code == ("https://github.com/a/b", "https://a.github.io/b")
    assert (first.venue, first.year, first.title) == ("ICLR", 2024, "Sparse")
    # The record after the two-line one and a blank line starts on physical line 5.
    assert second.source == Source(path, 5)
    assert second.abstract == B and second.authors == ()


# --- folders and duplicates -------------------------------------------------------------


def test_folder_reads_supported_files_in_sorted_order(caplog: pytest.LogCaptureFixture) -> None:
    folder = GOOD / "folder"
    with caplog.at_level(logging.WARNING):
        papers = read_one(folder)
    assert [p.abstract for p in papers] == [C, B, A]
    assert [p.source.path for p in papers] == [
        folder / "a" / "z.csv",
        folder / "a-first.jsonl",
        folder / "b.txt",
    ]
    skipped = [r.getMessage() for r in caplog.records if "skipping a file" in r.getMessage()]
    assert sorted(Path(m.split(":")[0]).name for m in skipped) == ["data.json", "notes.md"]


def test_inputs_keep_their_order() -> None:
    papers = read_inputs([GOOD / "neurips-db.txt", GOOD / "folder" / "a-first.jsonl"])
    assert [p.abstract for p in papers] == [A, B]


def test_duplicate_abstract_kept_once_with_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        papers = read_inputs([GOOD / "dup-a.txt", GOOD / "dup-b.jsonl"])
    assert [p.abstract for p in papers] == [A, B]
    assert papers[0].source == Source(GOOD / "dup-a.txt", 3)
    (warning,) = [r.getMessage() for r in caplog.records if "already read" in r.getMessage()]
    assert "dup-b.jsonl:1" in warning and "dup-a.txt:3" in warning


def test_same_file_twice_is_read_once(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        papers = read_inputs([GOOD / "dup-a.txt", GOOD / "dup-a.txt"])
    assert len(papers) == 2
    assert not any("abstract already read" in r.getMessage() for r in caplog.records)


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "line", "words"),
    [
        ("no-header.txt", 1, ["expected a header like", "found 'We study"]),
        ("blank-then-bad-header.txt", 3, ["found 'ICLR Papers 2025'"]),
        ("year-5-digits.txt", 2, ["four-digit year", "'20245'"]),
        ("year-1850.txt", 1, ["1950", "'1850'"]),
        ("header-only.txt", 3, ["expected abstracts after the header", "found none"]),
        ("utf16.txt", 1, ["UTF-16", "byte offset 0"]),
        ("blank.jsonl", None, ["only blank lines"]),
        ("invalid.jsonl", 3, ["invalid JSON", "column"]),
        ("not-object.jsonl", 2, ["JSON object", "found a list"]),
        ("no-abstract.jsonl", 2, ["'abstract'", "found no such field"]),
        ("number-abstract.jsonl", 2, ["'abstract'", "to be a string", "42"]),
        ("record-year.jsonl", 2, ["four-digit year", "'20245'"]),
        ("no-venue.jsonl", 1, ["'venue'", "file name"]),
        ("no-abstract-column.csv", 1, ["'abstract' column", "found 'title,summary'"]),
        ("no-records.csv", 1, ["records after the header"]),
        ("ragged.csv", 3, ["expected 3 fields", "found 2"]),
        ("empty.txt", None, ["empty file"]),
        ("paper.md", None, ["expected a file ending in", "'.md'"]),
    ],
)
def test_input_errors_name_file_and_line(name: str, line: int | None, words: list[str]) -> None:
    error = error_of(BAD / name)
    assert error.path == BAD / name
    assert error.line == line
    text = str(error)
    assert text.startswith(f"{BAD / name}:{line}:" if line else f"{BAD / name}:")
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('{"abstract": "ok', "found invalid JSON: Unterminated string starting at column 14"),
        ('{"abstract": }', "found invalid JSON: Expecting value at column 14"),
    ],
)
def test_invalid_json_says_where_once(tmp_path: Path, line: str, expected: str) -> None:
    path = tmp_path / "iclr2024.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    assert error_of(path).message.endswith(expected)


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("iclr2024.csv", b"abstract\nWe study foo, and bar.\n", "expected 1 field as in the header on line 1, found 2"),
        ("iclr2024.txt", b"ICLR 2024 Papers\n\x01", "found 1 control character in 18 characters (U+0001, at byte offset 17)"),
    ],
    ids=["csv fields", "control characters"],
)
def test_errors_count_one_in_the_singular(tmp_path: Path, name: str, data: bytes, expected: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert expected in error_of(path).message


def test_missing_path() -> None:
    error = error_of(BAD / "nowhere.txt")
    assert error.path == BAD / "nowhere.txt" and "found nothing" in error.message


def test_latin1_reports_line_and_byte_offset() -> None:
    path = BAD / "latin1.txt"
    offset = path.read_bytes().index(b"\xe9")
    error = error_of(path)
    assert error.line == 5
    assert f"byte offset {offset}" in error.message and "0xE9" in error.message
    assert "UTF-8" in error.message


@pytest.mark.parametrize("name", ["nul.txt", "utf16-nobom.txt"])
def test_binary_reports_nul_byte(name: str) -> None:
    path = BAD / name
    error = error_of(path)
    assert "NUL byte" in error.message
    assert f"byte offset {path.read_bytes().index(0)}" in error.message
    assert error.line == (4 if name == "nul.txt" else 1)


def test_bad_file_in_folder_names_that_file() -> None:
    with pytest.raises(InputError) as info:
        read_inputs([GOOD / "neurips-db.txt", BAD])
    assert info.value.path.parent == BAD


# --- arbitrary input --------------------------------------------------------------------

SUFFIX = st.sampled_from(
    ["iclr2024.txt", "x.txt", "iclr2024.jsonl", "x.ndjson", "iclr2024.csv", "x.csv"]
)

# Text built from the characters that matter to the formats, so the properties reach past
# the first check more often than uniformly random text would.
FORMAT_TEXT = st.text(
    alphabet=st.sampled_from(list(' \t\r\n,;"{}[]:0123456789abcPpers\\é\x00\ufeff'))
    | st.characters(exclude_categories=("Cs",)),  # a UTF-8 file cannot hold lone surrogates
    max_size=200,
)


def _check(path: Path) -> None:
    """Reading ``path`` gives papers or an InputError naming it, nothing else."""
    try:
        papers = read_inputs([path])
    except InputError as error:
        assert error.path == path
        assert str(error).startswith(str(path))
    else:
        assert all(isinstance(p, Paper) and p.abstract for p in papers)
        assert all(p.source.path == path and p.source.line >= 1 for p in papers)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=SUFFIX, text=FORMAT_TEXT)
def test_arbitrary_text_reads_or_raises_input_error(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", newline="")
    _check(path)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=SUFFIX, data=st.binary(max_size=200))
def test_arbitrary_bytes_read_or_raise_input_error(tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    _check(path)


SCALAR = (
    st.none()
    | st.booleans()
    | st.integers(1900, 2200)
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["2024", " 2024 ", "", "a; b, c", "https://x.y/z w"])
)
JSON_VALUE = SCALAR | st.lists(SCALAR, max_size=3)
RECORD = st.dictionaries(
    st.sampled_from([*KNOWN_FIELDS, "x"]),
    JSON_VALUE,
    max_size=6,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    name=st.sampled_from(["iclr2024.jsonl", "x.jsonl"]), records=st.lists(RECORD, max_size=4)
)
def test_arbitrary_records_read_or_raise_input_error(
    tmp_path: Path, name: str, records: list[dict[str, object]]
) -> None:
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    _check(path)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    venue=st.from_regex(r"[A-Z][A-Za-z]{1,8}( [A-Z][a-z]{1,8}){0,2}", fullmatch=True),
    year=st.integers(1950, 2100),
    paragraphs=st.lists(
        st.lists(st.from_regex(r"[a-z$\\{}<>]{1,12}", fullmatch=True), min_size=1, max_size=12),
        min_size=1,
        max_size=5,
        unique_by=tuple,
    ),
    newline=st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_plain_round_trip(
    tmp_path: Path, venue: str, year: int, paragraphs: list[list[str]], newline: str
) -> None:
    # Words go one per line, so every paragraph is also wrapped.
    body = (newline * 2).join(newline.join(words) for words in paragraphs)
    path = tmp_path / "any.txt"
    path.write_text(f"{venue} {year} Papers{newline}{newline}{body}{newline}", newline="")
    papers = read_one(path)
    assert [p.abstract for p in papers] == [" ".join(words) for words in paragraphs]
    assert {(p.venue, p.year) for p in papers} == {(venue, year)}
