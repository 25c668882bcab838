"""MkDocs hook: make the dirty rebuilds of ``papersite serve`` exact.

``papersite serve`` runs ``mkdocs serve --dirty``: an edited abstract rebuilds its own page and
the pages that list it, not the thousands of others. Three things need mending for that:

- Material's search plugin indexes the rebuilt pages only, and merges in its previous index on
  the assumption that one page was rebuilt: with more than one, the old entries of the others
  stay beside their new ones, and search shows each such paper twice. This hook does the merge
  instead, exactly: before the pages are built it seeds the index with the last build's entries
  of every page that will not be rebuilt (and still exists), so the rebuilt pages add theirs once.
- A page that includes a generated snippet (``index.md`` includes ``_generated/home.md``) is
  not newer than its HTML when only the snippet changed, so MkDocs would not rebuild it: the
  hook rebuilds the pages outside papersite's own folders whose source includes a snippet
  newer than their HTML. (The Tags page is Material's to build; it waits for a full rebuild.)
- MkDocs warns on every dirty build that navigation may go stale, which strict mode turns into
  an abort. papersite's navigation holds fixed entries only (Home, Topics, Years, ...; no paper,
  topic or year page), so an edit cannot change it: the hook drops that one warning, and the
  preview stays strict, as ``build`` is.

It does nothing unless MkDocs runs a dirty build (``on_startup``'s ``dirty``), so ``build``,
``bundle`` and ``serve --full`` are untouched. MkDocs loads a hook module once per process,
so the entries of the last build are kept here between rebuilds.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

from generator import urls  # papersite's URL scheme: where it writes pages and snippets

#: Whether MkDocs rebuilds only changed pages (set once, at start-up).
_dirty = False

#: The search entries of the last build, whole; None before the first build.
_previous: list[dict[str, Any]] | None = None


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
    search = _search_plugin(config)
    if search is None or _previous is None:
        return files
    # MkDocs rebuilds exactly the pages whose source is newer than their HTML (its dirty
    # test, and no page has been built yet): the others keep their entries.
    kept = {file.url for file in files.documentation_pages() if not file.is_modified()}
    search.search_index.entries = [entry for entry in _previous if _page_of(entry) in kept]
    search.search_index_prev = None  # the plugin's own merge would add back stale entries
    return files


def on_post_build(config: MkDocsConfig) -> None:
    global _previous
    search = _search_plugin(config)
    if _dirty and search is not None:
        _previous = list(search.search_index.entries)


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


def _page_of(entry: dict[str, Any]) -> str:
    """Return the URL of the page a search entry belongs to (its location less any #anchor)."""
    return str(entry.get("location", "")).split("#", 1)[0]


def _search_plugin(config: MkDocsConfig) -> Any:
    """Return Material's search plugin, if the site uses it."""
    return next((plugin for name, plugin in config.plugins.items() if name.split("/")[-1] == "search"), None)
