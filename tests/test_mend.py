"""Debris of PDF text extraction is mended, said in the report, and never stops a build."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator import cli
from generator.errors import InputError
from generator.read import read_inputs
from generator.read.mend import Mender

from .conftest import copy_project


def mended(text: str, corpus: str = "") -> str:
    return Mender(corpus).mend(text)[0]


@pytest.mark.parametrize(
    ("broken", "word"),
    [
        ("dissemina\x02tors", "disseminators"),  # COLM 2024: U+0002 where the line-end hyphen was
        ("self\x02consumption", "self-consumption"),
        ("state-of-the\x02art", "state-of-the-art"),
        ("discrep- ancy", "discrepancy"),  # ICLR 2024: the hyphen kept, the line break a space
        ("guaran- tees", "guarantees"),
        ("Bene- fiting", "Benefiting"),
        ("out- performs", "outperforms"),
        ("fine- tuning", "fine-tuning"),  # "finetuning" is far rarer than "tuning": a compound
    ],
)
def test_a_word_broken_at_a_line_end_is_joined_or_hyphenated_by_the_word_list(broken: str, word: str) -> None:
    text, notes = Mender().mend(f"We study {broken} here.")
    assert text == f"We study {word} here."
    shown = broken.replace("\x02", "\\u0002")  # as a reader can see it
    assert notes == [f"mended '{shown}', a word broken at a line end, into '{word}'"]


@pytest.mark.parametrize(
    "text",
    [
        "for low- and high-dimensional data",
        "one- to four-dimensional systems",
        "task- or domain-agnostic",
        "GPT- 4 and Transformer- Based",  # not lower-case after the break: left as written
        "the model - which is small - works",
        "LoRA-based fine-tuning",
    ],
)
def test_an_authors_own_hyphens_are_left_alone(text: str) -> None:
    assert Mender().mend(text) == (text, [])


def test_the_files_own_words_decide_before_the_word_list() -> None:
    assert mended("eigendecom- position") == "eigendecom-position"  # unknown to the word list
    assert mended("eigendecom- position", "by eigendecomposition of") == "eigendecomposition"
    assert mended("fine- tuning", "we use finetuning.") == "finetuning"
    assert mended("fine- tuning", "finetuning, or fine-tuning") == "fine-tuning"  # both: the word list decides
    assert mended("of- the", "a state-of-the-art model") == "of-the"  # a pair inside a longer word counts


def test_a_sentence_end_that_lost_its_space_gets_it_back() -> None:
    """ "reconstruction.However" (a line break lost with its space) read as one word: the title of a cs.CV
    paper led with "images.BSGS", and its summary ran two sentences together."""
    text, notes = Mender().mend("Scenes blur in motion-blurred images.BSGS restores them.However, it is slow.")
    assert text == "Scenes blur in motion-blurred images. BSGS restores them. However, it is slow."
    assert notes == [
        "mended 'images.BSGS', a sentence end without its space, into 'images. BSGS'",
        "mended 'them.However,', a sentence end without its space, into 'them. However,'",
    ]


@pytest.mark.parametrize(
    "text",
    ["built on Autoware.Universe today", "see github.com/Owner/Repo", "subclass nn.Module here", "e.g.The model", "U.S.A. is"],
)
def test_names_addresses_and_code_with_a_full_stop_are_left_alone(text: str) -> None:
    assert Mender().mend(text) == (text, [])


def test_other_control_characters_are_dropped() -> None:
    text, notes = Mender().mend("A bell \x07 rings\x1b[31m.")
    assert text == "A bell  rings[31m."
    assert notes == ["dropped control characters U+0007, U+001B"]


def test_every_reader_mends_and_says_where(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    plain = tmp_path / "colm2024.txt"
    plain.write_text("COLM 2024 Papers\n\nWe train dissemina\x02tors of\nnews.\n\nA bell \x07 rings.\n", encoding="utf-8")
    jsonl = tmp_path / "corl2024.jsonl"
    jsonl.write_text(
        json.dumps({"abstract": "Avoiding self\u0002consumption.", "title": "Bell\u0007 Title"}) + "\n"
        + '{"abstract": "A raw \u0002 in a JSON string."}\n',  # not escaped: invalid JSON, read anyway
        encoding="utf-8",
    )  # fmt: skip
    csv = tmp_path / "iclr2024.csv"
    csv.write_text("abstract\nWe discrep- ancy\n", encoding="utf-8")
    papers = read_inputs([plain, jsonl, csv])
    assert [p.abstract for p in papers] == [
        "We train disseminators of news.",
        "A bell rings.",
        "Avoiding self-consumption.",
        "A raw in a JSON string.",
        "We discrepancy",
    ]
    assert papers[2].title == "Bell Title"
    where = {r.where for r in caplog.records if getattr(r, "notice", None) == "mended text"}
    assert where == {f"{plain}:3", f"{plain}:6", f"{jsonl}:1", f"{jsonl}:2", f"{csv}:2"}


def test_a_file_mostly_of_control_characters_still_stops(tmp_path: Path) -> None:
    path = tmp_path / "iclr2024.txt"
    path.write_bytes(b"ICLR 2024 Papers\n\n" + b"\x01\x02\x03 abc" * 40)
    with pytest.raises(InputError) as info:
        read_inputs([path])
    assert info.value.line == 3 and "control characters" in info.value.message
    assert "byte offset 18" in info.value.message


@pytest.mark.parametrize("verbose", [False, True], ids=["default", "verbose"])
def test_the_report_lists_every_mend_and_the_console_only_with_verbose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verbose: bool
) -> None:
    project = copy_project(tmp_path / "project")
    corpus = tmp_path / "colm2024.txt"
    many = 7
    corpus.write_text(
        "COLM 2024 Papers\n\n" + "".join(f"Paper {i} uses self\x02consumption.\n\n" for i in range(many)), encoding="utf-8"
    )
    args = ["report", "-f", str(project / "mkdocs.yml"), str(corpus)]
    assert cli.main([*args, "-v"] if verbose else args) == 0
    out, err = capsys.readouterr()
    assert f"mended text ({many}):" in out
    assert out.count("'self\\u0002consumption', a word broken at a line end, into 'self-consumption'") == many
    assert err.count("a word broken at a line end") == (many if verbose else 0)
