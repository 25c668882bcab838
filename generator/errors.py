"""The exceptions papersite raises, each turned into a clear message by the CLI."""

from __future__ import annotations

from pathlib import Path


class PapersiteError(Exception):
    """Base class of every error papersite reports to the user (exit status 2)."""


class InputError(PapersiteError):
    """Input that cannot be read: names the file and, where it applies, the line."""

    def __init__(self, path: Path | str, message: str, line: int | None = None) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else f"{self.path}"
        super().__init__(f"{where}: {message}")


class OutputError(PapersiteError):
    """The output folders cannot be written as asked (e.g. a user's file is in the way)."""


class BuildError(PapersiteError):
    """The site renderer (MkDocs) failed; the previous site is left in place."""
