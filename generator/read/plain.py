"""Read the plain layout: a ``<Venue> <Year> Papers`` header, then one abstract per paragraph."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError
from ..model import Paper, Source
from .mend import Mender
from .text import check_year, shorten, split_lines, squash

log = logging.getLogger(__name__)

# The year is captured as any run of digits so that "20245" gets a message about the
# year rather than "malformed header"; check_year decides what is plausible.
_HEADER = re.compile(r"(?P<venue>\S.*?) (?P<year>[0-9]+) papers", re.IGNORECASE | re.ASCII)

EXAMPLE = "'ICLR 2025 Papers' (<venue> <year> Papers)"


def _paragraphs(lines: list[str], start: int) -> Iterator[tuple[int, str]]:
    """Yield (1-based first line, joined text) for each paragraph from index ``start``."""
    first: int | None = None
    parts: list[str] = []
    for index in range(start, len(lines)):
        line = lines[index]
        if line.strip():
            if first is None:
                first = index + 1
            parts.append(line)
        elif first is not None:
            yield first, squash(" ".join(parts))
            first, parts = None, []
    if first is not None:
        yield first, squash(" ".join(parts))


def parse_header(path: Path, line: int, text: str) -> tuple[str, int]:
    """Return (venue, year) from a header line, or raise naming what was found."""
    match = _HEADER.fullmatch(squash(text))
    if match is None:
        raise InputError(
            path, f"expected a header like {EXAMPLE}, found {shorten(text.strip())}", line=line
        )
    year = check_year(path, line, match["year"], f"in the header {shorten(text.strip())}")
    return match["venue"], year


def read(path: Path, text: str) -> list[Paper]:
    """Read the papers of one plain-layout file from its decoded text."""
    lines = split_lines(text)
    header_index = next((i for i, line in enumerate(lines) if line.strip()), None)
    if header_index is None:
        raise InputError(path, f"expected a header like {EXAMPLE}, found an empty file")
    header_line = header_index + 1
    venue, year = parse_header(path, header_line, lines[header_index])

    papers: list[Paper] = []
    mender = Mender(text)
    for first, abstract in _paragraphs(lines, header_index + 1):
        # A second header means two files were pasted together; guessing which venue the
        # rest belongs to would silently mislabel papers.
        if len(abstract) < 200 and _HEADER.fullmatch(abstract):
            raise InputError(
                path,
                f"expected one header per file, found a second header {shorten(abstract)}"
                f" (the first is on line {header_line}); split the file in two",
                line=first,
            )
        source = Source(path, first)
        abstract = squash(mender.note(abstract, source))
        log.debug("%s: abstract of %d characters", source, len(abstract))
        papers.append(Paper(abstract=abstract, venue=venue, year=year, source=source))
    if not papers:
        raise InputError(
            path,
            f"expected abstracts after the header {shorten(lines[header_index].strip())},"
            " found none",
            line=header_line,
        )
    return papers
