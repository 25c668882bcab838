"""Render page specs to Markdown text through the Jinja2 templates in ``templates/``."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import quote

import jinja2
import yaml

# Characters Python-Markdown treats as markup inside inline text and can backslash-escape
# (no ~ ^ =: no extension that uses them is on, and their escapes would show).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}()#+!|])")
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


def md_text(value: object) -> str:
    """Escape text so Markdown shows it literally (HTML, emphasis, links, emoji)."""
    text = html.escape(str(value), quote=False)
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return _EMOJI_COLON.sub("&#58;", text)


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


def dump_front_matter(data: dict[str, Any]) -> str:
    """Return a YAML front matter block; data, never string-built, so any title is safe."""
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
    )
    env.filters.update(md=md_text, attr=attr_value, url=safe_url, repo_name=repo_name, plural=plural, fence=fence)
    return env


class PageMemo(Protocol):
    """Somewhere to keep rendered pages between runs (see cache.PageCache)."""

    def get(self, spec: PageSpec) -> str | None: ...

    def put(self, spec: PageSpec, text: str) -> None: ...


def render_pages(specs: Iterable[PageSpec], memo: PageMemo | None = None) -> dict[str, str]:
    """Render every spec (or take it from ``memo``); return Markdown text by source path."""
    env = environment()
    pages: dict[str, str] = {}
    for spec in specs:
        if spec.source in pages:
            raise ValueError(f"two pages want the same path: {spec.source}")
        text = memo.get(spec) if memo else None
        if text is None:
            front = dump_front_matter(spec.front_matter) if spec.front_matter is not None else ""
            text = env.get_template(spec.template).render(front_matter=front, **spec.context)
            text = text.rstrip("\n") + "\n"
            if memo:
                memo.put(spec, text)
        pages[spec.source] = text
    return pages
