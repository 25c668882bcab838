"""Render page specs (``plan.spec.PageSpec``) to Markdown text through the Jinja2 templates in ``templates/``."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable, MutableMapping
from typing import Any
from urllib.parse import quote

import jinja2
import markupsafe
import yaml

from ..errors import plural
from ..plan.spec import PageSpec

# Characters Python-Markdown treats as markup inside inline text and can backslash-escape
# (no ~ ^ =: no extension that uses them is on, and their escapes would show). The backslash
# itself is escaped first, in md_text, so the escapes added after it are not doubled.
_MD_SPECIAL = "`*_[]{}()#+!|"
# ":name:" is an emoji shortcode to pymdownx.emoji: break it with an entity.
_EMOJI_COLON = re.compile(r":(?=[\w+-])")
_URL_UNSAFE = re.compile(r"[^A-Za-z0-9\-._~:/?#\[\]@!$&'*+,;=%]")


def md_text(value: object) -> str:
    """Escape text so Markdown shows it literally (HTML, emphasis, links, emoji)."""
    return _md_text(str(value))


@functools.lru_cache(maxsize=1 << 16)  # a title is on its page, its lists and five papers' related lists
def _md_text(text: str) -> str:
    # str.replace scans in C: six times faster than html.escape and a regex substitution.
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\\", "\\\\")
    for char in _MD_SPECIAL:
        if char in text:
            text = text.replace(char, "\\" + char)
    return _EMOJI_COLON.sub("&#58;", text) if ":" in text else text


@functools.lru_cache(maxsize=1 << 14)  # about 16 MB at most: abstracts of 1 KB, escaped
def abstract_html(text: str) -> str:
    """Escape an abstract for raw HTML, as Jinja2's ``e`` filter does.

    Cached: an abstract is in its year's list and in each of its topics' (four times on
    average), and escaping it was half the time of rendering those lists.
    """
    return str(markupsafe.escape(text))


def attr_value(value: object) -> str:
    """Escape a value for a quoted attr_list attribute."""
    return html.escape(str(value), quote=True).replace("}", "&#125;").replace("{", "&#123;")


def safe_url(value: object) -> str:
    """Percent-encode what would break a Markdown link destination; keep only http(s)."""
    url = str(value)
    if not url.lower().startswith(("http://", "https://")):
        raise ValueError(f"refusing to link a non-http(s) URL: {url!r}")
    return _URL_UNSAFE.sub(lambda m: quote(m.group(0), safe=""), url).replace("(", "%28").replace(")", "%29")


def repo_name(url: str) -> str:
    """Return ``owner/repo`` of a canonical GitHub URL."""
    return url.removeprefix("https://github.com/")


def fence(code: str, language: str = "") -> str:
    """Return ``code`` as a fenced block whose fence no run of backticks inside can close."""
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    marks = "`" * max(3, longest + 1)
    return f"{marks}{language}\n{code.rstrip()}\n{marks}"


# libyaml's emitter is about ten times faster than PyYAML's own; same output, same safety.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump_front_matter(data: dict[str, Any]) -> str:
    """Return a YAML front matter block; data, never string-built, so any title is safe."""
    body = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=10_000)
    return f"---\n{body}---\n"


def environment() -> jinja2.Environment:
    """Return the one Jinja2 environment that renders every page."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader(__package__, "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        autoescape=False,  # Markdown output: escaping is explicit, via the md/attr filters
        auto_reload=False,  # one run, templates do not change: no stat per page (or include)
    )
    env.filters.update(md=md_text, abstract=abstract_html, attr=attr_value, url=safe_url, repo_name=repo_name, plural=plural, fence=fence)
    return env


class Renderer:
    """Renders page specs to Markdown; the Jinja2 environment and each template are loaded once."""

    def __init__(self) -> None:
        self._env = environment()
        self._templates: dict[str, jinja2.Template] = {}

    def page(self, spec: PageSpec) -> bytes:
        """Return the page's Markdown, UTF-8 encoded.

        Pages are kept encoded: a str holding one character beyond Latin-1 takes two or
        four bytes for every character, and topic and year pages repeat every abstract,
        so a corpus's pages as str take about three times the memory of their bytes.
        """
        template = self._templates.get(spec.template)
        if template is None:
            template = self._templates[spec.template] = self._env.get_template(spec.template)
        front = dump_front_matter(spec.front_matter) if spec.front_matter is not None else ""
        text = template.render(front_matter=front, **spec.context)
        # Trimmed as bytes: a long page's str may take four bytes a character, and each
        # step on it copies the whole page.
        if spec.ascii and text.startswith(front):
            page = front.encode("utf-8") + text[len(front) :].encode("ascii", "xmlcharrefreplace")
        else:
            page = text.encode("utf-8")
        return page.rstrip(b"\n") + b"\n"


def render_pages(
    specs: Iterable[PageSpec], pages: MutableMapping[str, bytes] | None = None
) -> MutableMapping[str, bytes]:
    """Render every spec; return its Markdown, UTF-8 encoded, by source path (added to ``pages``)."""
    renderer = Renderer()
    pages = {} if pages is None else pages
    for spec in specs:
        _check_free(pages, spec.source)
        pages[spec.source] = renderer.page(spec)
    return pages


def merge_pages(pages: MutableMapping[str, bytes], more: Iterable[tuple[str, bytes]]) -> None:
    """Add pages rendered elsewhere (in another process), as (source, Markdown) pairs, to ``pages``."""
    for source, page in more:
        _check_free(pages, source)
        pages[source] = page


def _check_free(pages: MutableMapping[str, bytes], source: str) -> None:
    if source in pages:
        raise ValueError(f"two pages want the same path: {source}")
