"""MkDocs hook: the site's name and description are HTML already, so no template escapes them twice.

``engine.compose`` writes both HTML-escaped, because Material prints them as they are in the page
title, the header and the description's ``<meta>``: a name written from the corpus carries its
venues' names, "R&D" or "<Lab>" among them. But its logo's tooltip and papersite's feed link
escape the name again (``| e``), which showed "R&amp;D". Marked as markup, the escaped text is
printed as it is everywhere: Jinja2's ``e`` leaves markup alone.
"""

from __future__ import annotations

from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Mark the escaped name and description as HTML."""
    config.site_name = Markup(config.site_name)
    if config.site_description:
        config.site_description = Markup(config.site_description)
    return config
