"""Helpers shared by the readers: decoding bytes, splitting lines, normalising space."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from ..errors import InputError, plural

# Editors count LF, CRLF and a lone CR each as one line break; str.splitlines() would also
# split on form feeds and U+2028, which would make our line numbers disagree with theirs.
LINE_BREAK = re.compile(r"\r\n|\r|\n")

# Control characters other than tab, LF, CR, VT and FF: a NUL or many of them mean a binary
# file; a few are debris of PDF extraction, which ``mend`` repairs (they are invalid in the
# HTML and XML the site is made of).
CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")

#: A text with more than one control character in this many characters is not text.
BINARY_SHARE = 20

#: The characters of CONTROL, as the bytes UTF-8 spells them with (see decode).
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F])

# JSON can spell a lone half of a surrogate pair (\ud800); such a string cannot be
# written back out as UTF-8.
SURROGATE = re.compile(r"[\ud800-\udfff]")

FIRST_YEAR = 1950
LAST_YEAR = 2100


def split_lines(text: str) -> list[str]:
    """Split text on LF, CRLF or lone CR, keeping a final empty line out."""
    # With no CR in the text str.split does the same, a tenth of the time of the regex.
    lines = text.split("\n") if "\r" not in text else LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def squash(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends."""
    return " ".join(text.split())


def shorten(text: str, limit: int = 80) -> str:
    """Quote text for a message, cut to ``limit`` characters."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return repr(text)


def _line_of(prefix: str) -> int:
    """Return the 1-based line number of the character after ``prefix``."""
    return len(LINE_BREAK.findall(prefix)) + 1


def decode(path: Path, data: bytes) -> str:
    """Decode UTF-8 bytes (BOM optional), rejecting other encodings and binary data."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise InputError(
            path,
            "expected UTF-8 text, found a UTF-16/UTF-32 byte order mark at byte offset 0;"
            " save the file as UTF-8",
            line=1,
        )
    skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    body = data[skip:]
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        # A NUL before the first undecodable byte says "binary" more truly than "Latin-1".
        nul = body.find(b"\x00", 0, exc.start)
        if nul < 0:
            line = _line_of(body[: exc.start].decode("utf-8"))
            raise InputError(
                path,
                f"expected UTF-8 text, found byte 0x{body[exc.start]:02X} that is not valid"
                f" UTF-8 at byte offset {exc.start + skip} (a Latin-1, Windows-1252 or"
                " UTF-16 file?); save the file as UTF-8",
                line=line,
            ) from None
        text = body[:nul].decode("utf-8") + "\x00"
    # Control characters are ASCII, and no byte of a UTF-8 sequence for another character
    # is: a text with none of them (nearly every one) is told by the bytes, five times
    # faster than by the regex.
    controls = len(body) - len(body.translate(None, _CONTROL_BYTES))
    if controls and ("\x00" in text or controls * BINARY_SHARE > len(text)):
        nul = text.find("\x00")
        first = nul if nul >= 0 else CONTROL.search(text).start()  # type: ignore[union-attr]
        prefix = text[:first]
        offset = len(prefix.encode("utf-8")) + skip
        if nul >= 0:
            what = f"a NUL byte at byte offset {offset}"
        else:
            what = (
                f"{plural(controls, 'control character')} in {plural(len(text), 'character')}"
                f" ({'the first, ' if controls > 1 else ''}U+{ord(text[first]):04X}, at byte offset {offset})"
            )
        raise InputError(
            path, f"expected text, found {what} (a binary or UTF-16 file?)", line=_line_of(prefix)
        )
    return text


def check_year(path: Path, line: int | None, found: str, where: str) -> int:
    """Return ``found`` as a year if it is four ASCII digits from 1950 to 2100."""
    if re.fullmatch(r"[0-9]{4}", found) and FIRST_YEAR <= int(found) <= LAST_YEAR:
        return int(found)
    raise InputError(
        path,
        f"expected a four-digit year from {FIRST_YEAR} to {LAST_YEAR} {where},"
        f" found {shorten(found, 40)}",
        line=line,
    )
