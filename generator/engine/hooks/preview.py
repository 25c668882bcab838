"""MkDocs hook: make the dirty rebuilds of ``papersite serve`` exact.

``papersite serve`` runs ``mkdocs serve --dirty``: an edited abstract rebuilds its own page and
the pages that list it, not the thousands of others. Two things need mending for that
(search needs nothing: papersite's own index is files papersite writes, and Material's holds
only the few hand-written pages):

- A page that includes a generated snippet (``index.md`` includes ``_generated/home.md``) is
  not newer than its HTML when only the snippet changed, so MkDocs would not rebuild it: the
  hook rebuilds the pages outside papersite's own folders whose source includes a snippet
  newer than their HTML. (A site's own Tags page, if it keeps one, is Material's to build: it
  waits for a full rebuild.)
- MkDocs warns on every dirty build that navigation may go stale, which strict mode turns into
  an abort. papersite's navigation holds fixed entries only (Home, Topics, Years, ...; no paper,
  topic or year page), so an edit cannot change it: the hook drops that one warning, and the
  preview stays strict, as ``build`` is.

It does nothing unless MkDocs runs a dirty build (``on_startup``'s ``dirty``), so ``build``,
``bundle`` and ``serve --full`` are untouched.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from generator import urls  # papersite's URL scheme: where it writes pages and snippets

#: Whether MkDocs rebuilds only changed pages (set once, at start-up).
_dirty = False


#: How MkDocs' warning on every dirty build begins (mkdocs/commands/build.py).
DIRTY_WARNING = "A 'dirty' build is being performed"


def on_startup(command: str, dirty: bool) -> None:
    global _dirty
    _dirty = dirty
    if dirty:
        logging.getLogger("mkdocs.commands.build").addFilter(_not_the_dirty_warning)


def _not_the_dirty_warning(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(DIRTY_WARNING)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if not _dirty:
        return files
    _rebuild_includers_of_new_snippets(files, config)
    return files


#: The folders of papersite's own pages, which include no snippet: no need to read thousands
#: of them on every rebuild.
GENERATED_FOLDERS = tuple(f"{root}/" for root in urls.GENERATED_ROOTS)

#: How a page includes a snippet (pymdownx.snippets).
SNIPPET_MARK = "--8<--"


def _rebuild_includers_of_new_snippets(files: Files, config: MkDocsConfig) -> None:
    """Mark as modified the hand-written pages that include a snippet newer than their HTML."""
    folder = os.path.join(config.docs_dir, urls.SNIPPETS_DIR)
    try:
        newest = max(entry.stat().st_mtime for entry in os.scandir(folder) if entry.is_file())
    except (OSError, ValueError):  # no snippets folder, or an empty one
        return
    for file in files.documentation_pages():
        if file.src_uri.startswith(GENERATED_FOLDERS) or file.is_modified():
            continue
        try:
            stale = os.path.getmtime(file.abs_dest_path) < newest
            includes = stale and SNIPPET_MARK in Path(file.abs_src_path).read_text(encoding="utf-8")
        except OSError:
            continue
        if includes:
            file.is_modified = lambda: True  # type: ignore[method-assign]  # MkDocs' dirty test, per file
