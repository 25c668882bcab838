"""Turn field mappings (a JSON object, a CSV row) into Papers, checking every field.

List fields (``authors``, ``keywords``) take a list of strings, or one string split on
``;`` — and, in JSON Lines only and only when the string has no ``;``, on ``,``. CSV cells
split on ``;`` only, since a CSV author cell like "Lovelace, Ada" is one name. ``code``
takes a list, or one string split on whitespace and ``;`` (links hold neither).
A missing field, ``null`` or an empty cell all mean "not given".
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, notice
from ..model import Paper, Source
from .mend import Mender
from .text import (
    FIRST_YEAR,
    LAST_YEAR,
    SURROGATE,
    check_year,
    shorten,
    squash,
)

log = logging.getLogger(__name__)

KNOWN_FIELDS = ("abstract", "title", "year", "venue", "authors", "keywords", "url", "code")

# "iclr2024-dev.jsonl", "neurips_2023.csv": letters, an optional separator, four digits.
_NAME = re.compile(r"(?P<venue>[A-Za-z]+)[-_ ]?(?P<year>[0-9]{4})(?![0-9])")


def describe(value: object) -> str:
    """Name the JSON type and value of ``value`` for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {shorten(value, 40)}" if value else "an empty string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def defaults_from_name(path: Path) -> tuple[str, int] | None:
    """Return (venue, year) from a name like ``iclr2024-dev.jsonl``, or None."""
    match = _NAME.match(path.name)
    if match is None or not FIRST_YEAR <= int(match["year"]) <= LAST_YEAR:
        return None
    return match["venue"].upper(), int(match["year"])


@dataclass
class RecordReader:
    """Build Papers from records of one run, warning once per unknown field name."""

    warned: set[str] = field(default_factory=set)

    def note_fields(self, names: list[str], where: Source) -> None:
        """Warn about field names papersite does not know, once per name per run."""
        for name in names:
            if name not in KNOWN_FIELDS and name not in self.warned:
                self.warned.add(name)
                log.warning(
                    "%s: ignoring unknown field %r (known fields: %s)",
                    where,
                    name,
                    ", ".join(KNOWN_FIELDS),
                    extra=notice("unknown field", where),
                )

    def paper(
        self, source: Source, record: Mapping[str, object], *, csv: bool, mender: Mender | None = None
    ) -> Paper:
        """Return the Paper a record describes, or raise an InputError naming its line.

        Broken words and control characters are mended by ``mender`` (one per file: it takes
        the file's own words as evidence).
        """
        mender = mender or Mender()
        self.note_fields(list(record), source)
        path, line = source.path, source.line

        def fail(message: str) -> InputError:
            return InputError(path, message, line=line)

        given = {k: v for k, v in record.items() if v is not None and v != ""}

        def clean(name: str, value: str) -> str:
            bad = SURROGATE.search(value)
            if bad:
                raise fail(
                    f"expected text in the {name!r} field, found the character"
                    f" U+{ord(bad.group()):04X} (a lone surrogate)"
                )
            return squash(mender.note(value, source))

        abstract = record.get("abstract")
        if abstract is None or abstract == "":
            found = "no such field" if "abstract" not in record else describe(abstract)
            raise fail(f"expected an 'abstract' field with the abstract's text, found {found}")
        if not isinstance(abstract, str):
            raise fail(f"expected the 'abstract' field to be a string, found {describe(abstract)}")
        abstract = clean("abstract", abstract)
        if not abstract:
            raise fail("expected a non-empty 'abstract', found only whitespace")

        def text(name: str) -> str:
            value = given.get(name, "")
            if not isinstance(value, str):
                raise fail(f"expected the {name!r} field to be a string, found {describe(value)}")
            return clean(name, value)

        def items(name: str, pattern: str) -> tuple[str, ...]:
            value = given.get(name, [])
            if isinstance(value, str):
                parts = re.split(pattern, value)
            elif isinstance(value, list) and all(isinstance(v, str) for v in value):
                parts = value
            else:
                raise fail(
                    f"expected the {name!r} field to be a list of strings or a string,"
                    f" found {describe(value)}"
                )
            return tuple(s for s in (clean(name, p) for p in parts) if s)

        def names(name: str) -> tuple[str, ...]:
            value = given.get(name)
            if csv or not isinstance(value, str) or ";" in value:
                return items(name, ";")
            return items(name, ",")

        venue = text("venue")
        year = self._year(source, given.get("year"))
        if not venue or year is None:
            fallback = defaults_from_name(path)
            if fallback is None:
                missing = "venue" if not venue else "year"
                raise fail(
                    f"expected a {missing!r} field (or a file name starting with the venue"
                    f" and year, like 'iclr2024.jsonl'), found none"
                )
            venue = venue or fallback[0]
            year = fallback[1] if year is None else year

        paper = Paper(
            abstract=abstract,
            venue=venue,
            year=year,
            source=source,
            title=text("title"),
            authors=names("authors"),
            keywords=names("keywords"),
            url=text("url"),
            code=items("code", r"[\s;]+"),
        )
        log.debug("%s: record %r", source, paper.title or paper.abstract[:40])
        return paper

    @staticmethod
    def _year(source: Source, value: object) -> int | None:
        """Return a record's year (an int or a numeric string), None when not given."""
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            found = str(value)
        elif isinstance(value, str) and value.strip():
            found = value.strip()
        else:
            raise InputError(
                source.path,
                f"expected the 'year' field to be a four-digit year, found {describe(value)}",
                line=source.line,
            )
        return check_year(source.path, source.line, found, "in the 'year' field")
