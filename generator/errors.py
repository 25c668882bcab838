"""What papersite tells a user is wrong: errors that stop a run, notices that do not.

Errors are the exceptions below, each turned into a clear message (and exit status 2) by
the command line. Notices are warnings the stages log with ``extra=notice(KIND, where)``;
``collecting`` gathers them during a run for the quality report (``plan.report``), which
groups them by kind. A notice marked quiet (a word papersite mended, a macro it left as
written) or folded (the 21st duplicate abstract) is a warning all the same: the report
lists it, and only the command line's console leaves it out unless asked (-v), so that a
WARNING line is always something the user has to act on.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
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


#: The logger every stage's logger descends from.
ROOT_LOGGER = "generator"


@dataclass(frozen=True)
class Notice:
    """One thing worth a look: its kind, where it is, and what was found."""

    kind: str
    where: str
    message: str


def notice(kind: str, where: object = "", folded: bool = False, quiet: bool = False) -> dict[str, object]:
    """Return the ``extra`` that marks a log record as a notice for the report.

    ``quiet`` notices tell of papersite's own repairs and guesses, which leave the user
    nothing to do; ``folded`` ones are one of many of their kind. Consoles show either
    only when verbose (see ``show_by_default``).
    """
    return {"notice": kind, "where": str(where), "folded": folded, "quiet": quiet}


def show_by_default(record: logging.LogRecord) -> bool:
    """A console filter: drop quiet and folded notices (a verbose console keeps them by not adding it)."""
    # The record keeps its level: the collector, a handler of the same logger, must still see it.
    return not (getattr(record, "folded", False) or getattr(record, "quiet", False))


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.notices: list[Notice] = []

    def emit(self, record: logging.LogRecord) -> None:
        kind = getattr(record, "notice", None)
        if kind:
            where = getattr(record, "where", "")
            message = record.getMessage().removeprefix(f"{where}: ")
            self.notices.append(Notice(kind, where, message))


@contextmanager
def collecting() -> Iterator[list[Notice]]:
    """Collect the notices logged inside the block into the yielded list.

    Notices are warnings, so the loggers' levels stay as they are: lowering them would
    make every stage's per-paper DEBUG lines cost a log record each, for nothing.
    """
    logger = logging.getLogger(ROOT_LOGGER)
    collector = _Collector()
    logger.addHandler(collector)
    try:
        yield collector.notices
    finally:
        logger.removeHandler(collector)


def plural(count: int, noun: str, nouns: str = "") -> str:
    """Return ``"1 paper"`` / ``"3 papers"``: how messages, the summary line and pages count things.

    ``nouns`` is the plural where it is not the noun and an s ("address", "addresses").
    """
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {nouns or noun + 's'}"
