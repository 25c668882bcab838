"""Files made by a run, kept on disk until they are written: a run's memory does not grow with its output.

At 100,000 papers a run makes gigabytes of Markdown and data (paper pages, topic and year pages,
``papers.json``, the search index); held in memory until the writer compares and stages them,
they took a process past 4 GB. A ``Spool`` is a mapping from a path under docs_dir to the file's
bytes that keeps only where each file's bytes are in one temporary file: set a path and its bytes
are appended there; get it and they are read back.

The temporary file has no name (``tempfile.TemporaryFile``): it is gone when the spool is closed
or collected, or the process ends, killed or not. It is made in the folder given (the project's),
not in the system's temporary folder, which may be memory (tmpfs).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator, MutableMapping
from pathlib import Path


class Spool(MutableMapping[str, bytes]):
    """A mapping of path to bytes whose values live in one unnamed temporary file."""

    def __init__(self, folder: Path | None = None) -> None:
        try:
            self._file = tempfile.TemporaryFile(dir=folder)  # noqa: SIM115 - closed by close() or collection
        except OSError:  # a folder that is not writable (a report on a read-only project)
            self._file = tempfile.TemporaryFile()  # noqa: SIM115
        self._fd = self._file.fileno()
        self._end = 0
        self._where: dict[str, tuple[int, int]] = {}

    def __setitem__(self, path: str, data: bytes) -> None:
        view, offset, written = memoryview(data), self._end, 0
        while written < len(view):
            written += os.pwrite(self._fd, view[written:], offset + written)
        self._end = offset + written
        self._where[path] = (offset, written)

    def __getitem__(self, path: str) -> bytes:
        offset, size = self._where[path]
        data = os.pread(self._fd, size, offset)
        while len(data) < size:  # a short read: rare, but allowed
            data += os.pread(self._fd, size - len(data), offset + len(data))
        return data

    def __delitem__(self, path: str) -> None:
        del self._where[path]  # its bytes stay in the file, unreachable, until it is closed

    def __contains__(self, path: object) -> bool:
        return path in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)

    def close(self) -> None:
        """Delete the temporary file; the spool is empty after."""
        self._where.clear()
        self._file.close()
