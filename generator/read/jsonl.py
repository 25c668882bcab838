"""Read JSON Lines: one JSON object per line, blank lines skipped."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from ..errors import InputError
from ..model import Paper, Source
from .mend import Mender
from .records import RecordReader, describe
from .text import split_lines

log = logging.getLogger(__name__)


def read(path: Path, text: str, records: RecordReader) -> list[Paper]:
    """Read the papers of one JSON Lines file from its decoded text."""
    papers: list[Paper] = []
    mender = Mender(text)
    for number, line in enumerate(split_lines(text), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line, strict=False)  # a control character in a string is mended, not fatal
        except json.JSONDecodeError as exc:
            # Some of json's messages end in "at" ("Unterminated string starting at"): one "at" is enough.
            raise InputError(
                path,
                f"expected one JSON object per line, found invalid JSON: {exc.msg.removesuffix(' at')}"
                f" at column {exc.colno}",
                line=number,
            ) from None
        except (ValueError, RecursionError) as exc:
            # Numbers of thousands of digits and very deep nesting fail outside the decoder.
            raise InputError(
                path, f"expected one JSON object per line, found JSON that cannot be read: {exc}",
                line=number,
            ) from None
        if not isinstance(value, dict):
            raise InputError(
                path, f"expected one JSON object per line, found {describe(value)}", line=number
            )
        papers.append(records.paper(Source(path, number), value, csv=False, mender=mender))
    if not papers:
        raise InputError(path, "expected JSON objects, one per line, found only blank lines")
    return papers
