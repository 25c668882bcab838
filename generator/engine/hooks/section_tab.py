"""MkDocs hook: the header tab of its section is active on a page outside the navigation.

Paper, topic and year pages are kept out of the navigation (``not_in_nav`` in base.yml), so
Material marks no tab on them and a reader cannot see where they are. Each belongs to the
section whose page is the index of its first folder: ``topics/x.md`` to ``topics/index.md``
(Topics), ``years/2024.md`` to ``years/index.md`` (Years), ``papers/2024/x.md`` to
``papers/index.md`` (All papers). While such a page renders, the hook marks that navigation
page active, which is what Material's tabs and its navigation drawer read, and unmarks it
afterwards. A folder without an index in the navigation (``report/``) marks nothing.

The folder alone decides, so every page of a folder shows the same tabs: the pieces
``fragment_cache.py`` renders once per folder stay byte for byte what a full render gives.
"""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

#: The navigation's pages that are the index of a top folder, by that folder.
_sections: dict[str, Page] = {}
_in_nav: set[str] = set()
#: The page marked active for the page being rendered, if any.
_marked: list[Page] = []


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    """Find the section pages: the navigation's ``FOLDER/index.md`` pages."""
    _sections.clear()
    _in_nav.clear()
    for page in nav.pages:
        uri = page.file.src_uri
        _in_nav.add(uri)
        folder, _, name = uri.partition("/")
        if name == "index.md":
            _sections[folder] = page
    return nav


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation) -> dict[str, Any]:
    """Mark active the section page of a page outside the navigation."""
    uri = page.file.src_uri
    if uri in _in_nav or "/" not in uri:
        return context
    section = _sections.get(uri.partition("/")[0])
    if section is not None:
        section.active = True
        _marked.append(section)
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Unmark it once the page is rendered."""
    while _marked:
        _marked.pop().active = False
    return output
