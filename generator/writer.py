"""The only module that writes into ``docs_dir``: atomic, accounted for, never clobbering.

papersite owns a few folders (and files) under ``docs_dir``; a manifest records each
file it wrote with the hash of what it wrote. A file papersite did not write, or one
changed by hand since, belongs to the user: it is never overwritten or deleted.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import OutputError

log = logging.getLogger(__name__)

MANIFEST = ".papersite-manifest.json"


@dataclass(frozen=True)
class WriteStats:
    """What one write did."""

    written: int
    unchanged: int
    removed: int


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(docs_dir: Path) -> dict[str, str]:
    """Return the files papersite last wrote (path → sha256); empty when there is none."""
    path = docs_dir / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"]
    except FileNotFoundError:
        return {}
    except (ValueError, KeyError, TypeError) as error:
        raise OutputError(f"{path}: unreadable manifest ({error}); delete it to start afresh") from error
    return {str(k): str(v) for k, v in files.items()}


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _owned_by_user(path: Path, rel: str, manifest: Mapping[str, str]) -> bool:
    """Return whether an existing file at ``path`` is the user's (not ours, or edited)."""
    recorded = manifest.get(rel)
    return recorded is None or _digest(path.read_bytes()) != recorded


def write_files(docs_dir: Path, files: Mapping[str, str]) -> WriteStats:
    """Make ``docs_dir`` hold exactly ``files`` among papersite's files; return what changed.

    Checks every target first and writes nothing if any is a user's file.
    """
    manifest = read_manifest(docs_dir)
    encoded = {rel: text.encode("utf-8") for rel, text in sorted(files.items())}

    clashes = []
    for rel, data in encoded.items():
        path = docs_dir / rel
        if path.is_dir():
            clashes.append(f"{path} is a folder")
        elif path.exists() and _owned_by_user(path, rel, manifest):
            clashes.append(f"{path} (not written by papersite, or changed by hand since)")
    if clashes:
        raise OutputError(
            "papersite would overwrite files it does not own; move them elsewhere and run again:\n  "
            + "\n  ".join(clashes)
        )

    written = unchanged = removed = 0
    new_manifest: dict[str, str] = {}
    for rel, data in encoded.items():
        path = docs_dir / rel
        new_manifest[rel] = _digest(data)
        if path.is_file() and path.read_bytes() == data:
            unchanged += 1
            continue
        atomic_write(path, data)
        log.debug("wrote %s", rel)
        written += 1

    for rel in sorted(set(manifest) - set(encoded)):
        path = docs_dir / rel
        if not path.is_file():
            continue
        if _owned_by_user(path, rel, manifest):
            log.warning("kept %s: changed by hand since papersite wrote it", path)
            continue
        path.unlink()
        removed += 1
        _remove_empty_parents(path.parent, docs_dir)

    if new_manifest != manifest:
        body = json.dumps({"version": 1, "files": new_manifest}, indent=1, sort_keys=True) + "\n"
        atomic_write(docs_dir / MANIFEST, body.encode("utf-8"))
    return WriteStats(written, unchanged, removed)


def _remove_empty_parents(folder: Path, docs_dir: Path) -> None:
    """Remove folders left empty by pruning, up to (not including) ``docs_dir``."""
    while folder != docs_dir and folder.is_relative_to(docs_dir):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent
