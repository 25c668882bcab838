"""MkDocs hook: let the theme render once what comes out the same on many pages.

Material renders the header, the tabs, the navigation sidebar, the footer and the script and
style tags into every page. Paper, topic and year pages are kept out of the navigation, so on
all such pages of one folder these pieces are the same bytes: the same navigation entry is
active, their folder's section (``section_tab.py``), and a relative link to anything outside the
folder is the same from every page in it. Only the header differs, by the page title.

This hook gives ``theme/main.html`` what it needs to reuse them:

- ``papersite_fragments``: a dict, new for every build, of rendered pieces;
- ``fragment_key``: set on pages outside the navigation: their folder and ``hide`` list;
- ``sidebar_key``: the same, on such pages whose table of contents is empty (a lone ``h1``),
  so the sidebars are the same too;
- ``title_stub``: what the header reads of a page, with a placeholder for its title: the
  template renders the header once per folder around it and fills each page's title in (and
  renders in full, for good, a folder whose first page comes out otherwise).

Pages in the navigation are rendered in full. Without this hook the keys are undefined and
``theme/main.html`` renders every piece on every page: the built site is byte for byte the
same either way (``tests/test_render_cache.py`` checks it, hosted and offline). Each rendered
piece costs a page about 1 ms less (half of Material's template time on a paper page).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

#: Stands for the page title in the header rendered once per folder (never in the output).
TITLE_SLOT = "@@papersite-page-title@@"


@dataclass(frozen=True)
class TitleSlot:
    """What Material's header reads of a page (its URL, for relative links; its title)."""

    url: str
    title: str = TITLE_SLOT
    meta: dict[str, str] = field(default_factory=lambda: {"title": TITLE_SLOT})


_in_nav: set[str] = set()


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """Start every build (``serve`` rebuilds too) with no rendered pieces."""
    env.globals["papersite_fragments"] = {}
    return env


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    """Remember which pages the navigation holds: those are rendered in full."""
    _in_nav.clear()
    _in_nav.update(page.file.src_uri for page in nav.pages)
    return nav


def on_page_context(context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Navigation) -> dict[str, Any]:
    """Key the pieces of a page outside the navigation by its folder."""
    if page.file.src_uri in _in_nav:
        return context
    folder = posixpath.dirname(page.url.rstrip("/"))
    hide = ",".join(sorted(str(name) for name in page.meta.get("hide") or ()))
    context["fragment_key"] = f"{folder}|{hide}"
    context["title_stub"] = TitleSlot(page.url)
    toc = list(page.toc)
    if not toc or (len(toc) == 1 and toc[0].level == 1 and not toc[0].children):
        context["sidebar_key"] = context["fragment_key"]
    return context
