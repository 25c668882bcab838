"""Read CSV: a header row naming the fields, then one record per row.

Column names are matched without regard to case or surrounding space ("Abstract" is
``abstract``); an empty cell means the field is not given.
"""

from __future__ import annotations

import csv
import io
import logging
from pathlib import Path

from ..errors import InputError, plural
from ..model import Paper, Source
from .mend import Mender
from .records import RecordReader
from .text import shorten

log = logging.getLogger(__name__)


def read(path: Path, text: str, records: RecordReader) -> list[Paper]:
    """Read the papers of one CSV file from its decoded text."""
    # newline="" hands each physical line to csv untouched, so quoted fields keep their
    # line breaks and reader.line_num counts the lines an editor shows.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    header: list[str] | None = None
    header_line = 0
    papers: list[Paper] = []
    mender = Mender(text)
    end = 0  # the last physical line consumed so far
    while True:
        start = end + 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise InputError(
                path, f"expected well-formed CSV, found a row that cannot be parsed: {exc}",
                line=start,
            ) from None
        end = reader.line_num
        if not any(cell.strip() for cell in row):
            continue  # blank lines and rows of empty cells, as spreadsheets leave them
        if header is None:
            header, header_line = [cell.strip().lower() for cell in row], start
            _check_header(path, header, row, start)
            # Unnamed columns (a trailing comma) are reported as the unknown field ''.
            records.note_fields(header, Source(path, start))
            continue
        if len(row) != len(header):
            raise InputError(
                path,
                f"expected {plural(len(header), 'field')} as in the header on line {header_line},"
                f" found {len(row)}",
                line=start,
            )
        record = {name: cell for name, cell in zip(header, row) if name}
        papers.append(records.paper(Source(path, start), record, csv=True, mender=mender))
    if header is None:
        raise InputError(path, "expected a CSV header row naming the fields, found an empty file")
    if not papers:
        raise InputError(
            path, "expected records after the header, found none", line=header_line
        )
    return papers


def _check_header(path: Path, header: list[str], row: list[str], line: int) -> None:
    """Raise unless the header names an abstract column and no column twice."""
    found = shorten(",".join(row))
    if "abstract" not in header:
        raise InputError(
            path, f"expected a header row with an 'abstract' column, found {found}", line=line
        )
    twice = sorted({name for name in header if name and header.count(name) > 1})
    if twice:
        raise InputError(
            path,
            f"expected each column once in the header, found {', '.join(map(repr, twice))}"
            f" more than once in {found}",
            line=line,
        )
