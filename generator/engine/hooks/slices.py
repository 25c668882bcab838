"""MkDocs hook: render one slice of the pages, so that a build renders on every core.

MkDocs renders page after page in one process. ``engine/parallel.py`` runs the engine's own
``build`` command in N processes at once, each with ``PAPERSITE_RENDER_SLICE=K/N/FOLDER`` set;
this hook makes process K render only its slice, the pages whose position in the site's list of
pages is K modulo N, and leaves everything else as MkDocs does it:

- Every process reads every page's front matter and runs the plugins' Markdown event on it
  (Material's tags plugin collects its tags there), so a page's title, metadata and tags are
  known everywhere; only the costly part, Markdown to HTML and the theme's template, is sliced.
  Once read (and rendered, if it is this process's), a page whose title is in its front matter
  gives up its Markdown: nothing needs it after, and at 100,000 pages it would be gigabytes.
  Every page's header shows the navigation's titles: a page of the navigation whose front
  matter has no ``title`` (its first heading, as rendered, is its title) is rendered in full in
  every process; one that has (all of papersite's: the All papers page alone is 5 MB of
  Markdown at 10,000 papers) only in its own.
- Process 0 renders into the site folder and does what is done once (static files, theme
  templates, the tags plugin's export, the plugins' ``on_post_build``). The others render into
  their own folders under FOLDER and, once done, write there which pages they wrote and the
  search entries Material's search plugin took from each.
- Before any plugin's ``on_post_build``, process 0 waits for a line on its standard input: the
  parent sends it when every other process has succeeded. It then moves their pages into the
  site and puts every page's search entries in page order, so the search index (and the
  offline plugin's copy of it) is that of a one-process build, byte for byte.

A page's warnings fail the build in strict mode in whichever process renders it. Anchors: a
page whose link to another page's anchor is checked (``validation: anchors``) sees only the
anchors of pages its process rendered. Without the variable (``papersite build -j1``,
``serve``, ``mkdocs build`` by hand) the hook does nothing.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from generator.engine.parallel import GO, SLICE_ENV, part_dir, part_file  # papersite's side of the slices

#: The engines' build modules, whose page functions the hook wraps (ProperDocs is a fork).
BUILD_MODULES = ("mkdocs.commands.build", "properdocs.commands.build")


@dataclass
class Slice:
    """The pages this process renders, and what it rendered."""

    index: int
    count: int
    folder: Path
    order: dict[str, int] = field(default_factory=dict)  #: a page's position in the site's pages
    in_nav: set[str] = field(default_factory=set)
    #: (position, path in the site, number of search entries) of each page rendered, in order
    rendered: list[tuple[int, str, int]] = field(default_factory=list)

    def position(self, uri: str) -> int:
        return self.order.get(uri, 0)  # a page MkDocs added later (none known): the first slice's

    def renders(self, uri: str) -> bool:
        return self.position(uri) % self.count == self.index


_slice: Slice | None = None
_entries_before = 0


def on_startup(command: str, dirty: bool) -> None:
    global _slice
    value = os.environ.get(SLICE_ENV)
    if not value or command != "build" or dirty:
        _slice = None
        return
    index, count, folder = value.split("/", 2)
    _slice = Slice(int(index), int(count), Path(folder))
    for name in BUILD_MODULES:
        module = sys.modules.get(name)
        if module is not None and not hasattr(module._populate_page, "papersite_slices"):
            module._populate_page = _sliced_populate(module._populate_page)
            module._build_page = _sliced_build(module._build_page)


@event_priority(-100)  # after every plugin that might change the files or the navigation
def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    if _slice is not None:
        pages = files.documentation_pages(inclusion=InclusionLevel.is_included)
        _slice.order = {file.src_uri: position for position, file in enumerate(pages)}
        _slice.in_nav = {page.file.src_uri for page in nav.pages}
        _slice.rendered.clear()
    return nav


def _sliced_populate(populate: Callable[..., None]) -> Callable[..., None]:
    """Wrap MkDocs' ``_populate_page``: a page of another slice is read, not rendered."""

    def populate_slice(page: Page, config: MkDocsConfig, files: Files, dirty: bool = False) -> None:
        uri = page.file.src_uri
        if _slice is None or _slice.renders(uri) or (uri in _slice.in_nav and _title_from_render(page)):
            populate(page, config, files, dirty)
        else:
            config._current_page = page
            try:
                page = config.plugins.on_pre_page(page, config=config, files=files)
                page.read_source(config)
                config.plugins.on_page_markdown(page.markdown, page=page, config=config, files=files)
            finally:
                config._current_page = None
        if _slice is not None and "title" in page.meta:
            page.markdown = ""  # read and rendered: at 100,000 pages their sources would be gigabytes

    populate_slice.papersite_slices = True  # type: ignore[attr-defined]
    return populate_slice


def _title_from_render(page: Page) -> bool:
    """Return whether the page's title is its first heading as rendered (its front matter has none)."""
    _markdown, front_matter = get_data(page.file.content_string)
    return "title" not in front_matter


def _sliced_build(build: Callable[..., None]) -> Callable[..., None]:
    """Wrap MkDocs' ``_build_page``: only this slice's pages are written."""

    def build_slice(page: Page, config: MkDocsConfig, *args: Any, **kwargs: Any) -> None:
        if _slice is None or _slice.renders(page.file.src_uri):
            build(page, config, *args, **kwargs)

    return build_slice


def _search_entries(config: MkDocsConfig) -> list[dict[str, Any]] | None:
    """Return the entries of Material's search index, or None without the search plugin."""
    for plugin in config.plugins.values():
        index = getattr(plugin, "search_index", None)
        if index is not None and isinstance(getattr(index, "entries", None), list):
            return index.entries
        if index is not None:
            raise PluginError("papersite renders in slices with Material's search plugin only: build with -j1")
    return None


@event_priority(100)  # before the search plugin takes the page's entries
def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation) -> dict[str, Any]:
    global _entries_before
    if _slice is not None:
        entries = _search_entries(config)
        _entries_before = len(entries) if entries is not None else 0
    return context


@event_priority(-100)  # after the search plugin took the page's entries (in its on_page_context)
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    if _slice is not None:
        entries = _search_entries(config)
        added = len(entries) - _entries_before if entries is not None else 0
        _slice.rendered.append((_slice.position(page.file.src_uri), page.file.dest_uri, added))
    return output


def _pages_rendered(entries: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Return each page this process rendered: its position, its path in the site, its search entries."""
    pages, taken = [], 0
    for position, dest, added in _slice.rendered if _slice else ():
        pages.append({"position": position, "path": dest, "search": (entries or [])[taken : taken + added]})
        taken += added
    return pages


@event_priority(100)  # before every other plugin's: they see the whole site, as in one process
def on_post_build(config: MkDocsConfig) -> None:
    if _slice is None:
        return
    entries = _search_entries(config)
    if _slice.index != 0:
        pages = _pages_rendered(entries)
        part_file(_slice.folder, _slice.index).write_text(json.dumps(pages, default=str), encoding="utf-8")
        return
    if sys.stdin.readline().strip() != GO:
        raise PluginError("another slice of the render failed")
    by_position = {page["position"]: page["search"] for page in _pages_rendered(entries)}
    site = Path(config.site_dir)
    for index in range(1, _slice.count):
        part = part_dir(_slice.folder, index)
        for page in json.loads(part_file(_slice.folder, index).read_text(encoding="utf-8")):
            if (part / page["path"]).exists():  # MkDocs writes no page whose output is blank
                target = site / page["path"]
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(part / page["path"], target)
            by_position[page["position"]] = page["search"]
    if entries is not None:  # every page's entries in page order, as one process adds them
        entries[:] = [entry for position in sorted(by_position) for entry in by_position[position]]
