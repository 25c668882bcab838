"""Render page specs to Markdown text through the Jinja2 templates in ``templates/``."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import jinja2
import markupsafe
import yaml

# Characters Python-Markdown treats as markup inside inline text and can backslash-escape
# (no ~ ^ =: no extension that uses them is on, and their escapes would show). The backslash
# itself is escaped first, in md_text, so the escapes added after it are not doubled.
_MD_SPECIAL = "`*_[]{}()#+!|"
# ":name:" is an emoji shortcode to pymdownx.emoji: break it with an entity.
_EMOJI_COLON = re.compile(r":(?=[\w+-])")
_URL_UNSAFE = re.compile(r"[^A-Za-z0-9\-._~:/?#\[\]@!$&'*+,;=%]")


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


def html_text(value: object) -> str:
    """Escape text for a front matter value that themes print as HTML (title, description).

    MkDocs themes treat a page's title and description as trusted HTML: Material puts
    them unescaped in <title>, the header, <meta content="..."> and the Tags page.
    """
    return html.escape(str(value), quote=True)


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


def plural(count: int, noun: str) -> str:
    """Return ``"1 paper"`` / ``"3 papers"``."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


# libyaml's emitter is about ten times faster than PyYAML's own; same output, same safety.
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_STR_TAG = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
#: One line of characters libyaml prints as they are (IS_PRINTABLE, with allow_unicode) and
#: treats as neither space nor break: printable ASCII, and the Basic Multilingual Plane less
#: controls, surrogates, the line and paragraph separators and the byte order mark. The
#: fast path below decides the YAML style of such strings; the rest go to PyYAML.
_PRINTABLE_LINE = re.compile(r"[\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]+")
#: Longer strings go to PyYAML, which folds lines past its width.
_SCALAR_MAX = 4000
# libyaml's indicators (emitter.c, yaml_emitter_analyze_scalar) that rule out a plain scalar
# in block context: at the start; a ": " or " #" (or ":" at the end) anywhere.
_FIRST_INDICATORS = frozenset("#,[]{}&*!|>'\"%@`")
_ALONE = ("-", "?", ":")  # a whole line
_OPENING = ("- ", "? ", ": ", "---", "...")


def _block_indicator(line: str) -> bool:
    """Return whether a line (not empty, no break in it) has one of those indicators.

    Substring tests in C: a fifth of the time of one regex with anchored alternatives,
    which tries each of them at every position.
    """
    return line in _ALONE or line.startswith(_OPENING) or line[-1] == ":" or ": " in line or " #" in line


def _scalar(value: object) -> str | None:
    """Return a scalar as libyaml writes it in a block, or None when that takes PyYAML to know.

    Known here: whole numbers, booleans and one-line printable strings, plain when
    libyaml allows it and the string reads back as a string (not "yes", "2024", "null"),
    else single-quoted. This is what nearly every front matter holds, and writing it
    directly costs a tenth of building and emitting YAML nodes. Tests compare the two.
    """
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else None


@functools.lru_cache(maxsize=4096)  # tags, venues, the citation_* names repeat on every page
def _string(value: str) -> str | None:
    if not (len(value) <= _SCALAR_MAX and _PRINTABLE_LINE.fullmatch(value)):
        return None
    plain = (
        value[0] != " "
        and value[-1] != " "
        and value[0] not in _FIRST_INDICATORS
        and not _block_indicator(value)
        and _RESOLVER.resolve(yaml.ScalarNode, value, (True, False)) == _STR_TAG
    )
    return value if plain else "'" + value.replace("'", "''") + "'"


def _block(data: dict[str, Any], indent: str = "") -> list[str] | None:
    """Return the lines libyaml writes for a mapping, or None if a value is beyond ``_scalar``."""
    lines = []
    for key, value in data.items():
        if not isinstance(key, str) or _string(key) != key:
            return None  # a key PyYAML would quote (or an odd one): left to it
        text = _scalar(value)
        if text is not None:
            lines.append(f"{indent}{key}: {text}")
        elif isinstance(value, dict) and value:
            inner = _block(value, indent + "  ")
            if inner is None:
                return None
            lines += [f"{indent}{key}:", *inner]
        elif isinstance(value, list):
            if not value:
                lines.append(f"{indent}{key}: []")
                continue
            # A sequence in a mapping is not indented ("indentless"), its mappings are.
            lines.append(f"{indent}{key}:")
            for item in value:
                text = _scalar(item)
                if text is not None:
                    lines.append(f"{indent}- {text}")
                    continue
                inner = _block(item, indent + "  ") if isinstance(item, dict) and item else None
                if inner is None:
                    return None
                lines.append(f"{indent}- {inner[0][len(indent) + 2:]}")
                lines += inner[1:]
        else:
            return None
    return lines


def dump_front_matter(data: dict[str, Any]) -> str:
    """Return a YAML front matter block; data, never string-built, so any title is safe."""
    lines = _block(data) if data else None
    if lines is not None:
        return "---\n" + "\n".join(lines) + "\n---\n"
    body = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=10_000)
    return f"---\n{body}---\n"


def environment() -> jinja2.Environment:
    """Return the one Jinja2 environment that renders every page."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("generator", "templates"),
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


def render_pages(specs: Iterable[PageSpec], pages: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """Render every spec; return its Markdown, UTF-8 encoded, by source path (added to ``pages``)."""
    renderer = Renderer()
    pages = {} if pages is None else pages
    for spec in specs:
        _check_free(pages, spec.source)
        pages[spec.source] = renderer.page(spec)
    return pages


def merge_pages(pages: dict[str, bytes], more: Iterable[tuple[str, bytes]]) -> None:
    """Add pages rendered elsewhere (in another process), as (source, Markdown) pairs, to ``pages``."""
    for source, page in more:
        _check_free(pages, source)
        pages[source] = page


def _check_free(pages: dict[str, bytes], source: str) -> None:
    if source in pages:
        raise ValueError(f"two pages want the same path: {source}")
