"""One papersite run at a time per project: a lock held while a run writes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import PapersiteError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks; runs are not guarded
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = ".papersite.lock"


class BusyError(PapersiteError):
    """Another papersite run holds this project's lock."""


@contextmanager
def project_lock(project_dir: Path) -> Iterator[None]:
    """Hold the project's lock for the block; fail at once, clearly, if another run holds it.

    The operating system releases the lock when the process ends, however it ends
    (even SIGKILL), so a crashed run never leaves the project locked.
    """
    if fcntl is None:
        yield
        return
    with open(project_dir / LOCK_FILE, "a+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            raise BusyError(
                f"another papersite run (process {holder}) is writing {project_dir}; "
                "wait for it to finish, then run again"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
