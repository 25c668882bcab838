"""MkDocs hook: ``mkdocs serve`` stopped by SIGTERM or SIGHUP cleans up as it does on Ctrl-C.

``mkdocs serve`` builds the site into a temporary folder and deletes it when it stops, but only
when Ctrl-C (KeyboardInterrupt) stops it: SIGTERM (``kill``, a process manager, an editor ending
its task) or SIGHUP (the terminal closed) end the process at once and leave the folder behind,
hundreds of megabytes for a site of 10,000 papers, at every stop. Under ``serve`` this hook
makes those signals a KeyboardInterrupt too. Once one has arrived, the next are ignored, so they
cannot cut the cleanup short: ``papersite serve`` passes on what it receives, and a terminal's
Ctrl-C or a ``kill`` of the process group reaches MkDocs as well.

``build`` and ``gh-deploy`` are untouched (``on_startup``'s ``command``).
"""

from __future__ import annotations

import signal
from types import FrameType

#: The signals that stop ``mkdocs serve``: Ctrl-C, a polite kill, the terminal gone (not on Windows).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def on_startup(command: str, dirty: bool) -> None:
    if command == "serve":
        for number in STOP_SIGNALS:
            signal.signal(number, _stop)


def _stop(number: int, frame: FrameType | None) -> None:
    for other in STOP_SIGNALS:
        signal.signal(other, signal.SIG_IGN)
    raise KeyboardInterrupt
