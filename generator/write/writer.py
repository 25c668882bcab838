"""The only module that writes into ``docs_dir``: all or nothing, accounted for, never clobbering.

papersite owns a few folders (and files) under ``docs_dir``; a manifest records each
file it wrote with the hash of what it wrote. A file papersite did not write, or one
changed by hand since, belongs to the user: it is never overwritten or deleted.

A write is a small transaction. New contents are first staged as hidden files beside
their targets (MkDocs ignores dot files); then a journal listing every rename and
removal is written in one atomic step; then the renames and removals are applied and
the manifest replaced. Killed before the journal lands, the run changed nothing (its
staged files are swept away next time); killed after, the next run rolls the journal
forward. Either way the pages end up all old or all new, never a mix.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import OutputError

log = logging.getLogger(__name__)

MANIFEST = ".papersite-manifest.json"
JOURNAL = ".papersite-journal.json"
STAGED_SUFFIX = ".papersite-new"


@dataclass(frozen=True)
class WriteStats:
    """What one write did."""

    written: int
    unchanged: int
    removed: int


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read_json(path: Path, what: str) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except ValueError as error:
        raise OutputError(f"{path}: unreadable {what} ({error}); delete it to start afresh") from error
    if not isinstance(data, dict):
        raise OutputError(f"{path}: unreadable {what}; delete it to start afresh")
    return data


def read_manifest(docs_dir: Path) -> dict[str, str]:
    """Return the files papersite last wrote (path → sha256); empty when there is none."""
    data = _read_json(docs_dir / MANIFEST, "manifest")
    if data is None:
        return {}
    files = data.get("files")
    if not isinstance(files, dict):
        raise OutputError(f"{docs_dir / MANIFEST}: unreadable manifest; delete it to start afresh")
    return {str(k): str(v) for k, v in files.items()}


def default_mode(directory: bool = False) -> int:
    """Return the permissions a new file (or folder) gets under the process's umask.

    ``mkstemp`` and ``mkdtemp`` create private 0600/0700 entries; renamed into place
    they would hide the site from a web server running as another user.
    """
    umask = os.umask(0)
    os.umask(umask)
    return (0o777 if directory else 0o666) & ~umask


def atomic_write(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write ``data`` (or its pieces, in order) to ``path`` through a temporary file beside it and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if isinstance(data, bytes):
                handle.write(data)
            else:
                handle.writelines(data)
        os.chmod(tmp, default_mode())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def manifest_digest(docs_dir: Path) -> str | None:
    """Return the hash of the manifest file as it is on disk (None if there is none)."""
    try:
        return _digest((docs_dir / MANIFEST).read_bytes())
    except OSError:
        return None


def outputs_intact(docs_dir: Path, digest: str) -> bool:
    """Return whether ``docs_dir`` holds exactly what the run whose manifest hashed to ``digest`` wrote.

    The manifest must be that one, no write may be half done, and every file it lists
    must have the content it records (compared by hash, never by file times).
    """
    if (docs_dir / JOURNAL).exists():
        return False
    try:
        data = (docs_dir / MANIFEST).read_bytes()
        if _digest(data) != digest:
            return False
        files = json.loads(data)["files"]
        for rel, recorded in files.items():
            with open(docs_dir / rel, "rb") as handle:
                if _digest(handle.read()) != recorded:
                    return False
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
    return True


def _staged(target: str) -> str:
    """Return where ``target`` (a path string) is staged: a hidden file beside it."""
    folder, name = os.path.split(target)
    return os.path.join(folder, f".{name}{STAGED_SUFFIX}")


def _owned_by_user(path: Path, rel: str, manifest: Mapping[str, str]) -> bool:
    """Return whether an existing file at ``path`` is the user's (not ours, or edited)."""
    recorded = manifest.get(rel)
    return recorded is None or _digest(path.read_bytes()) != recorded


def owned_by_user(docs_dir: Path, rels: Iterable[str]) -> list[str]:
    """Return those of ``rels`` (paths under docs_dir) that exist and are the user's: never to be written."""
    manifest = read_manifest(docs_dir)
    return [rel for rel in rels if (docs_dir / rel).is_file() and _owned_by_user(docs_dir / rel, rel, manifest)]


def recover(docs_dir: Path) -> None:
    """Finish a write that was interrupted after its journal landed; sweep staged leftovers."""
    journal = _read_json(docs_dir / JOURNAL, "journal")
    if journal is not None:
        log.info("completing an interrupted write in %s", docs_dir)
        _apply(docs_dir, journal)
    # os.walk, not Path.rglob: a twentieth of the time on a tree of 10,000 pages.
    for root, _dirs, names in os.walk(docs_dir):
        for name in sorted(names):
            if name.endswith(STAGED_SUFFIX):
                os.unlink(os.path.join(root, name))


def _apply(docs_dir: Path, journal: dict) -> None:
    """Apply a journal: idempotent, so an interrupted apply can simply run again."""
    # Path strings, not Path objects, in the loops over every page: a third of the time.
    root = os.fspath(docs_dir)
    for rel in journal["replace"]:
        target = os.path.join(root, rel)
        try:
            os.replace(_staged(target), target)
        except FileNotFoundError:
            pass  # renamed by the run that was interrupted
    for rel in journal["remove"]:
        path = docs_dir / rel
        path.unlink(missing_ok=True)
        _remove_empty_parents(path.parent, docs_dir)
    body = json.dumps({"version": 1, "files": journal["manifest"]}, indent=1, sort_keys=True) + "\n"
    atomic_write(docs_dir / MANIFEST, body.encode("utf-8"))
    (docs_dir / JOURNAL).unlink(missing_ok=True)


def write_files(docs_dir: Path, files: Mapping[str, str | bytes]) -> WriteStats:
    """Make ``docs_dir`` hold exactly ``files`` (text, or UTF-8 bytes) among papersite's files.

    Returns what changed. Checks every target first and changes nothing if any is a user's file.
    """
    recover(docs_dir)
    manifest = read_manifest(docs_dir)

    def encoded(rel: str) -> bytes:  # one file at a time: all of them at once may be gigabytes
        data = files[rel]
        return data if isinstance(data, bytes) else data.encode("utf-8")

    root = os.fspath(docs_dir)
    new_manifest = {}
    clashes = []
    changed = []
    for rel in sorted(files):
        data = encoded(rel)
        new_manifest[rel] = _digest(data)
        path = os.path.join(root, rel)
        # One read per file, and no hashing of what is on disk when it is what we would
        # write: a rerun reads each page once, a first run only fails to open them.
        try:
            with open(path, "rb") as handle:
                old = handle.read()
        except (FileNotFoundError, NotADirectoryError):
            changed.append(rel)
            continue
        except IsADirectoryError:
            clashes.append(f"{path} is a folder")
            continue
        recorded = manifest.get(rel)
        ours = recorded == new_manifest[rel] if old == data else recorded == _digest(old)
        if not ours:
            clashes.append(f"{path} (not written by papersite, or changed by hand since)")
        elif old != data:
            changed.append(rel)
    if clashes:
        raise OutputError(
            "papersite would overwrite files it does not own; move them elsewhere and run again:\n  "
            + "\n  ".join(clashes)
        )

    removed = []
    for rel in sorted(set(manifest) - set(new_manifest)):
        path = docs_dir / rel
        if not path.is_file():
            continue
        if _owned_by_user(path, rel, manifest):
            log.warning("kept %s: changed by hand since papersite wrote it", path)
            continue
        removed.append(rel)

    if not changed and not removed and new_manifest == manifest:
        return WriteStats(0, len(new_manifest), 0)

    # Staged files need no temporary name of their own: until the journal lands they
    # are not part of the site, and a killed run's are swept by the next (recover).
    made: set[str] = set()
    for rel in changed:
        staged = _staged(os.path.join(root, rel))
        folder = os.path.dirname(staged)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        _write_new(staged, encoded(rel))
        log.debug("staged %s", rel)
    journal = {"manifest": new_manifest, "replace": changed, "remove": removed}
    atomic_write(docs_dir / JOURNAL, json.dumps(journal, sort_keys=True).encode("utf-8"))
    _apply(docs_dir, journal)
    return WriteStats(len(changed), len(new_manifest) - len(changed), len(removed))


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)


def _write_new(path: str, data: bytes) -> None:
    """Write ``data`` to ``path``, mode 0666 less the umask (as open() gives), with bare system calls."""
    fd = os.open(path, _NEW_FILE, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _remove_empty_parents(folder: Path, docs_dir: Path) -> None:
    """Remove folders left empty by pruning, up to (not including) ``docs_dir``."""
    while folder != docs_dir and folder.is_relative_to(docs_dir):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent
