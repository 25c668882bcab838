"""Writers and readers that take a shortcut give exactly what the plain way gives; front matter reads back."""

from __future__ import annotations

import html
import json
import re
import string
from pathlib import Path

import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from generator.errors import InputError
from generator.read import text as text_helpers
from generator.render import export
from generator.render import markdown as render

# YAML's indicators, and characters at the edges of what libyaml prints as is (no-break space, line
# and paragraph separators, byte order mark, NEL, astral), in titles, tags and Scholar tags.
_EDGES = "é–’α\xa0\x85\u2028\u2029\ufeff\ufffd\ud7ff\ue000\U0001f600"
_TEXT = st.one_of(
    st.text(alphabet=string.printable, max_size=12),
    st.text(alphabet=string.printable + _EDGES, max_size=12),
    st.text(max_size=8),
    st.sampled_from(["yes", "No", "null", "~", "2024", "1.5", "0x1F", "1e3", ".inf", "2024-01-01", "-", "---",
                     "...", "=", "<<", "12:30", "a: b", "a:b", "a:", ":", "?", "- ", "a #b", "a#b", "- a", "? a", "?a", ":a",
                     "'q'", ""]),
)
_SCALAR = st.one_of(_TEXT, st.integers(-10, 3000), st.booleans())
_LEAF = st.one_of(_SCALAR, st.lists(_SCALAR, max_size=3), st.dictionaries(_TEXT, _SCALAR, max_size=2))
_FRONT = st.dictionaries(_TEXT, st.one_of(_LEAF, st.lists(st.dictionaries(_TEXT, _SCALAR, max_size=2), max_size=2)), max_size=5)


@given(_FRONT)
@example({"title": "A &amp; B", "citation": [{"name": "citation_publication_date", "content": "2024"}]})
@example({"tags": [], "search": {"exclude": True}, "hide": ["tags"]})
def test_front_matter_reads_back_as_the_data(data: dict) -> None:
    block = render.dump_front_matter(data)
    assert block.startswith("---\n") and block.endswith("\n---\n")
    assert (yaml.safe_load(block[4:-4]) or {}) == data


_JSON = st.recursive(
    st.one_of(st.text(max_size=6), st.integers(), st.booleans(), st.none()),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=12,
)


@given(st.lists(st.dictionaries(st.text(max_size=5), _JSON, max_size=4), max_size=3))
def test_json_records_are_what_json_dumps_writes(records: list[dict]) -> None:
    texts = [export._record_text(record).encode("utf-8") for record in records]
    assert export.json_list(texts).decode("utf-8") == json.dumps(records, ensure_ascii=False, indent=1) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}()#+!|])")


@given(st.text(alphabet=string.printable + "é€\u2028", max_size=40))
def test_md_text_escapes_as_html_escape_then_backslashes(text: str) -> None:
    expected = _MD_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))
    expected = re.sub(r":(?=[\w+-])", "&#58;", expected)
    assert render.md_text(text) == expected


# Line breaks of every kind, control characters at the edges of the class, and text beyond ASCII.
_LINES = st.text(alphabet="ab \t\r\n\x00\x08\x09\x0b\x0c\x0e\x1f\x7f\x80é\u2028", max_size=30)


@given(_LINES)
def test_split_lines_is_the_line_break_regex(text: str) -> None:
    expected = text_helpers.LINE_BREAK.split(text)
    assert text_helpers.split_lines(text) == (expected[:-1] if expected[-1] == "" else expected)


@given(_LINES)
@example("ok\x00")
@example("a" * 19 + "\x07")
@example("a" * 18 + "\x07")
def test_decode_stops_at_a_nul_or_mostly_control_characters(text: str) -> None:
    data = text.encode("utf-8")
    controls = text_helpers.CONTROL.findall(text)
    binary = "\x00" in text or len(controls) * text_helpers.BINARY_SHARE > len(text)
    try:
        assert text_helpers.decode(Path("f.txt"), data) == text
        assert not binary
    except InputError as error:
        first = text.index("\x00") if "\x00" in text else text_helpers.CONTROL.search(text).start()
        assert binary and f"at byte offset {len(text[:first].encode())}" in str(error)
