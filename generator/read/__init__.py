"""Stage 1, read: abstract collections (plain layout, JSON Lines, CSV) into Paper records.

Takes the input paths (files, or folders of them); gives ``model.Paper`` records with
their input fields filled in and where each was read (``input_files``, ``read_inputs``).
Bad input is an ``errors.InputError`` naming the file and line, before anything is
written. ``plain``, ``jsonl`` and ``csvfile`` read one format each; ``records`` checks the
fields of the structured ones; ``text`` decodes and splits; ``duplicates`` drops an abstract
read twice and names near-duplicates.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from ..errors import InputError, notice, plural
from ..model import Paper
from . import csvfile, duplicates, jsonl, plain
from .duplicates import DUPLICATES_LISTED
from .records import RecordReader
from .text import decode

__all__ = ["DUPLICATES_LISTED", "SUFFIXES", "input_files", "read_inputs"]

log = logging.getLogger(__name__)

Reader = Callable[[Path, str], list[Paper]]

SUFFIXES = {
    ".txt": "plain layout",
    ".jsonl": "JSON Lines",
    ".ndjson": "JSON Lines",
    ".csv": "CSV",
}


def _readers(records: RecordReader) -> dict[str, Reader]:
    """Return the reader for each supported suffix, sharing one run's field warnings."""
    return {
        ".txt": plain.read,
        ".jsonl": partial(jsonl.read, records=records),
        ".ndjson": partial(jsonl.read, records=records),
        ".csv": partial(csvfile.read, records=records),
    }


def _supported() -> str:
    """Describe the supported suffixes for a message."""
    return ", ".join(f"{suffix} ({kind})" for suffix, kind in SUFFIXES.items())


def _folder_files(folder: Path) -> list[Path]:
    """List the supported files under ``folder``, sorted, skipping hidden entries."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        # Hidden folders hold editor state and version control, never input.
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if name.startswith("."):
                continue
            path = Path(root, name)
            if path.suffix.lower() in SUFFIXES:
                found.append(path)
            else:
                log.warning(
                    "%s: skipping a file that is not %s", path, _supported(),
                    extra=notice("skipped file", path),
                )
    # Sort on path parts, not strings, so "a/z.txt" comes before "a-b.txt" on every system.
    return sorted(found, key=lambda p: p.relative_to(folder).parts)


def _expand(paths: Sequence[Path]) -> list[Path]:
    """Turn the given files and folders into the list of files to read, in order."""
    files: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            inside = _folder_files(path)
            if not inside:
                log.warning("%s: the folder holds no %s files", path, _supported())
            files.extend(inside)
        elif path.is_file():
            if path.suffix.lower() not in SUFFIXES:
                found = repr(path.suffix) if path.suffix else "no suffix"
                raise InputError(path, f"expected a file ending in {_supported()}, found {found}")
            files.append(path)
        elif path.exists():
            raise InputError(path, "expected a file or a folder, found something else")
        else:
            raise InputError(path, "expected a file or a folder, found nothing at this path")
    return files


def input_files(paths: Sequence[Path]) -> list[Path]:
    """Return the files that the given files and folders stand for, in reading order."""
    return _expand(paths)


def _read_file(path: Path, reader: Reader) -> list[Paper]:
    """Read one file's bytes, decode them and hand them to its reader."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(path, f"expected a readable file, found: {exc.strerror}") from None
    if not data.strip():
        found = "an empty file" if not data else "only blank lines (an empty file)"
        raise InputError(path, f"expected abstracts, found {found}")
    return reader(path, decode(path, data))


def read_inputs(paths: Sequence[Path]) -> list[Paper]:
    """Read every paper from the given files and folders, in input order, without duplicates."""
    readers = _readers(RecordReader())
    papers: list[Paper] = []
    read: set[Path] = set()
    for path in _expand(paths):
        key = path.resolve()
        if key in read:
            log.warning("%s: already read (given twice?); skipping it", path)
            continue
        read.add(key)
        papers.extend(_read_file(path, readers[path.suffix.lower()]))
    kept = duplicates.merge(papers)
    duplicates.flag_near(kept)
    log.info(
        "Read %s from %s (%s skipped)",
        plural(len(kept), "paper"), plural(len(read), "file"), plural(len(papers) - len(kept), "duplicate abstract"),
    )
    return kept
