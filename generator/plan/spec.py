"""What the plan gives the renderer: one ``PageSpec`` per page to write.

A spec names its source path under ``docs_dir`` (from ``urls``), its template and the
values the template and the front matter show. Values a theme prints as HTML are
escaped here, where the front matter is made (``html_text``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PageSpec:
    """One page to write: its source path, template, context and front matter."""

    source: str
    template: str
    context: dict[str, Any] = field(default_factory=dict)
    front_matter: dict[str, Any] | None = None
    #: Write the body's characters beyond ASCII as character references (``&#945;``), which
    #: browsers show as the characters. For long listings without code blocks (topics,
    #: years, all papers): MkDocs then holds them as compact ASCII strings, where one
    #: character beyond Latin-1 would make every character of the page take 2 or 4 bytes.
    ascii: bool = False


def html_text(value: object) -> str:
    """Escape text for a front matter value that themes print as HTML (title, description).

    MkDocs themes treat a page's title and description as trusted HTML: Material puts
    them unescaped in <title>, the header, <meta content="..."> and the Tags page.
    """
    return html.escape(str(value), quote=True)
