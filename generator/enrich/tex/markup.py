"""Turn an abstract's TeX and Markdown into a safe HTML fragment and plain text.

One regex-driven pass over the source emits both outputs side by side. Every character of the input
is data: it is HTML-escaped unless it is part of a construct we recognise, and the only tags in the
result are the ones built here (``strong``, ``em``, ``code``, ``a`` and MathML from latex2mathml,
re-serialised through an allow-list). Math spans go to ``mathml``, which makes their MathML and
text.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from ..links import URL_PATTERN, bare_url_starts, may_hold_url, normalise_url, split_url

# Relative, as cache.package_imports follows only such imports: its code is enrichment's code too.
from .mathml import (
    LETTERS_IN_MATH_RE,
    _convert_math,
    _MACRO_MARK_RE,
    _math_fallback,
    _SPACES_RE,
    _symbol,
    in_a_word,
    letters_in_a_word,
)


@dataclass(frozen=True)
class Converted:
    """An abstract as a safe HTML fragment, as plain text, and what went wrong on the way."""

    html: str
    text: str
    warnings: tuple[str, ...] = field(default=(), compare=False)


# --- input clean-up ----------------------------------------------------------------------------

# Zero-width characters and C0 controls go; ligatures and line breaks become what they stand for.
# NUL must go too: it marks unknown macros inside cached MathML (see mathml._MACRO_MARK_RE).
_CLEAN = {c: None for c in (*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F)}
_CLEAN.update({0x200B: None, 0x2060: None, 0xFEFF: None})
_CLEAN.update({0x09: " ", 0x0A: " ", 0x0D: " ", 0xFB01: "fi", 0xFB02: "fl", 0xFB00: "ff"})
_CLEAN.update({0xFB03: "ffi", 0xFB04: "ffl"})

_CLEAN_RE = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(_CLEAN)) + "]")

# The zero-width joiner and non-joiner are letters' business between non-ASCII characters
# (emoji sequences, Persian, Indic scripts) and are kept there; beside ASCII, or at an
# edge, they only hide inside words ("Trans\u200dformer") and go.
_STRAY_JOINER_RE = re.compile(r"(?<![^\x00-\x7f])[\u200c\u200d]|[\u200c\u200d](?![^\x00-\x7f])")

# \x01 marks a removed citation: the spaces before it go with it ("prior work~\cite{x}." -> "work.").
_CITE_MARK = "\x01"
_CITE_MARK_RE = re.compile(r"[ \u00a0]*\x01")

# --- the tokenizer ---------------------------------------------------------------------------------

_STYLE_TAGS = {
    "textbf": "strong", "bf": "strong", "bfseries": "strong",
    "textit": "em", "emph": "em", "em": "em", "it": "em", "itshape": "em", "textsl": "em",
    "sl": "em", "underline": "em", "uline": "em",
    "texttt": "code", "tt": "code", "ttfamily": "code",
}  # fmt: skip
_STYLE_CMDS = (
    r"textbf|textit|emph|texttt|textsc|underline|uline|textsl|textrm|textsf|textup|textmd|"
    r"textnormal|mbox|hbox|text|textcolor\{[^{}]*\}|colorbox\{[^{}]*\}"
)
_SWITCHES = (
    r"bfseries|bf|itshape|it|em|sl|scshape|sc|ttfamily|tt|rm|sf|normalfont|mdseries|upshape|"
    r"tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge"
)
_TOKENS = (
    r"(?P<dmath>\$\$(?P<dmath_b>(?:[^$\\]|\\.)+)\$\$)"
    r"|(?P<imath>\$(?P<imath_b>(?:[^$\\]|\\.)+)\$)"
    r"|(?P<pmath>\\\((?P<pmath_b>.+?)\\\))"
    r"|(?P<bmath>\\\[(?P<bmath_b>.+?)\\\])"
    r"|(?P<url>\\url\{(?P<url_u>[^{}]*)\})"
    r"|(?P<href>\\href\{(?P<href_u>[^{}]*)\}\{(?P<href_t>(?:[^{}]|\{[^{}]*\})*)\})"
    r"|(?P<mdlink>\[(?P<mdlink_t>[^\[\]]*)\]\((?P<mdlink_u>[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\))"
    r"|(?P<angle><(?P<angle_u>(?i:https?://)[^<>\s\\\\]+)>)"
    r"|{bare}"
    r"|(?P<cite>\\(?:cite[a-zA-Z]*|[cC]?ref|eqref|autoref|nocite)\*?(?:\[[^\]]*\])*\{[^{}]*\})"
    r"|(?P<drop>\\(?:color|label|begin|end|vspace|hspace|index|bibliographystyle)\*?\{[^{}]*\})"
    r"|(?P<footnote>\\footnote(?:\[[^\]]*\])?\s*\{)"
    r"|(?P<style>\\(?P<style_n>" + _STYLE_CMDS + r")\s*\{)"
    r"|(?P<switch>\{\s*\\(?P<switch_n>" + _SWITCHES + r")(?![A-Za-z])\s*)"
    r"|(?P<accent>\\(?P<accent_c>['\"`^~=.])\s*"
    r"(?:\{\s*(?P<accent_a>\\[ij](?![A-Za-z])|[A-Za-z])\s*\}|(?P<accent_b>\\[ij](?![A-Za-z])|[A-Za-z])))"
    r"|(?P<laccent>\\(?P<laccent_c>[uvHckrdb])"
    r"(?:\{\s*(?P<laccent_a>\\[ij](?![A-Za-z])|[A-Za-z])\s*\}|\s+(?P<laccent_b>[A-Za-z])))"
    r"|(?P<letter>\\(?P<letter_n>ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])(?:\{\}|\s(?=[A-Za-z]))?)"
    r"|(?P<escape>\\(?P<escape_c>[%&_#$\{\}]))"
    r"|(?P<space>\\(?:\\(?:\[[^\]]*\])?|[ ,;:!>]))"
    r"|(?P<nothing>\\[/@\-])"
    r"|(?P<word>\\(?P<word_n>[A-Za-z]+)\*?(?:\{\})?)"
    r"|(?P<bslash>\\(?P<bslash_c>.)?)"
    r"|(?P<oquote>``)"
    r"|(?P<cquote>'')"
    r"|(?P<code>`(?P<code_b>[^`'\\\s][^`'\\]*)`)"
    r"|(?P<squote>`)"
    r"|(?P<apos>')"
    r"|(?P<emdash>---)"
    r"|(?P<endash>--)"
    r"|(?P<tilde>~)"
    r"|(?P<md2>\*\*|__)"
    r"|(?P<md1>[*_])"
    r"|(?P<jinja>\{\{(?=\s)|(?<=\s)\}\}|\{%|%\})"
    r"|(?P<lbrace>\{)"
    r"|(?P<rbrace>\})"
    r"|(?P<entity>&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)"
    r"|(?P<dollar>\$)"
)
# Plain text runs: a single - or % is plain ("state-of-the-art", "5%"); "--" and "%}" are not.
_PLAIN = r"(?:[^\\$`'~\-*_{}&%\[<]|-(?!-)|%(?!\}))"
# The regexes define the tokens; _tokens() only applies them where a token other than plain text may
# start, and copies the runs between in bulk. _TOKEN_RE, for abstracts that may hold a bare URL, tries
# the URL alternative at every word start (its text runs stop at word boundaries); _FAST_TOKEN_RE does not.
_TOKEN_RE = re.compile(
    _TOKENS.replace("{bare}", "(?P<bare>" + URL_PATTERN + ")")
    + r"|(?P<text>[A-Za-z0-9]+|(?:(?![A-Za-z0-9])" + _PLAIN + r")+|.)",
    re.DOTALL,
)
_FAST_TOKEN_RE = re.compile(
    _TOKENS.replace("|{bare}", "") + r"|(?P<text>" + _PLAIN + r"+|.)",
    re.DOTALL,
)
# Where a construct may start: every other character is plain text and is copied in bulk. A single
# - or % is plain too; only "--" and "%}" start a token (the first characters of every _TOKENS branch).
_SPECIAL_RE = re.compile(r"[\\$`'~*_{}&\[<]")
# A Latin abbreviation an author wrote in math mode ("$e.g.$", "$i.e.$"): text, as meant.
_ABBREVIATION_IN_MATH_RE = re.compile(
    r"\s*((?:e\s*\.\s*g|i\s*\.\s*e|w\s*\.\s*r\s*\.\s*t|a\s*\.\s*k\s*\.\s*a)\s*\.?|(?:cf|etc|vs|resp)\s*\.)\s*(,?)\s*"
)
# A bare URL at the start of a plain run, or inside one where a word starts (after a character that is
# not an ASCII letter or digit, as the word-by-word text tokens of _TOKEN_RE would try it).
_BARE_RE = re.compile("(?P<bare>" + URL_PATTERN + ")")
_BARE_IN_RUN_RE = re.compile(r"(?<![A-Za-z0-9])(?=[A-Za-z0-9])(?P<bare>" + URL_PATTERN + ")")

# Words TeX authors type as commands; everything else unknown is a macro of the paper.
_TEXT_WORDS = {
    "eg": "e.g.", "ie": "i.e.", "etal": "et al.", "etc": "etc.", "vs": "vs.", "wrt": "w.r.t.",
    "LaTeX": "LaTeX", "TeX": "TeX", "ldots": "…", "dots": "…", "textellipsis": "…",
    "textasciitilde": "~", "textasciicircum": "^", "textbackslash": "⧵", "textbar": "|",
    "textless": "<", "textgreater": ">", "textendash": "–", "textemdash": "—", "textbullet": "•",
    "textquoteleft": "‘", "textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”",
    "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "copyright": "©", "textregistered": "®",
    "texttrademark": "™", "textdegree": "°", "textperthousand": "‰", "checkmark": "✓",
    "quad": " ", "qquad": " ", "newline": " ", "linebreak": " ", "par": " ", "item": " ",
    "noindent": "", "xspace": "", "relax": "", "protect": "", "centering": "", "maketitle": "",
    "sc": "", "scshape": "", "rm": "", "sf": "", "normalfont": "", "upshape": "", "mdseries": "",
    "textsc": "", "textrm": "", "textsf": "", "textup": "", "textmd": "", "textnormal": "",
    "mbox": "", "hbox": "", "text": "", "tiny": "", "small": "", "normalsize": "", "large": "",
    "Large": "", "huge": "", "Huge": "", "footnotesize": "", "scriptsize": "",
    # Layout commands print nothing: an unknown macro is shown as its name, and these are not names.
    "smallskip": "", "medskip": "", "bigskip": "", "hfill": "", "vfill": "", "clearpage": "",
    "newpage": "", "pagebreak": "", "nobreak": "", "allowbreak": "", "ignorespaces": "", "unskip": "",
    "leavevmode": "", "strut": "", "null": "", "selectfont": "", "raggedright": "", "sloppy": "",
    "hline": "", "footnotemark": "", "displaystyle": "", "textstyle": "", "phantom": "",
}  # fmt: skip
for _name, _tag in _STYLE_TAGS.items():
    _TEXT_WORDS.setdefault(_name, "")

_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
_LETTERS = {
    "ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "o": "ø",
    "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ",
}  # fmt: skip


@dataclass
class _Frame:
    """An open group: a TeX brace group or command argument, or a Markdown emphasis run."""

    kind: str  # "brace" (closed by }) or "md" (closed by the same delimiter)
    delim: str  # the Markdown delimiter, or "" for brace groups
    at: int  # index in the output lists of the opening part, to undo an unmatched Markdown opener
    close_html: str = ""
    close_text: str = ""


class _Renderer:
    """Render one abstract; holds the caller's macros and the warnings raised so far."""

    def __init__(self, macros: Mapping[str, str]) -> None:
        self.macros = macros
        self.warnings: list[str] = []

    def warn(self, message: str) -> None:
        """Record a warning once."""
        if message not in self.warnings:
            self.warnings.append(message)

    def render(self, source: str, links: bool = True) -> tuple[str, str]:
        """Return (html, text) for `source`; `links` is False inside link text (no nested links)."""
        out_h: list[str] = []
        out_t: list[str] = []
        stack: list[_Frame] = []
        squote = False  # a ` opened a single quote, so the next closing ' is ’

        def emit(h: str, t: str) -> None:
            out_h.append(h)
            out_t.append(t)

        def plain(s: str) -> None:
            emit(html.escape(s), s)

        def revert(frame: _Frame) -> None:
            out_h[frame.at] = html.escape(frame.delim)
            out_t[frame.at] = frame.delim

        bare_links = links and may_hold_url(source)
        tokens = _TOKEN_RE if bare_links else _FAST_TOKEN_RE
        for m in _tokens(source, tokens, bare_links):
            if m.__class__ is str:
                plain(m)  # a run of plain text
                continue
            kind = m.lastgroup
            if kind == "text":
                plain(m.group())
            elif kind in ("imath", "dmath", "pmath", "bmath"):
                body = m.group(kind + "_b")
                inline = kind in ("imath", "pmath")
                letters = inline and in_a_word(source, m.start(), m.end()) and LETTERS_IN_MATH_RE.fullmatch(body)
                abbreviation = inline and _ABBREVIATION_IN_MATH_RE.fullmatch(body)
                if letters:
                    emit(*letters_in_a_word(letters))
                elif abbreviation:
                    plain("".join(abbreviation.group(1, 2)).replace(" ", ""))  # "$e.g.$": text "e.g.", not "e . g ."
                else:
                    emit(*self.math(body, kind in ("dmath", "bmath")))
            elif kind == "bare":
                url_text, trailing = split_url(m.group())
                url = normalise_url(url_text)
                if links and url:
                    emit(_anchor(url, html.escape(url_text)), url_text)
                else:
                    plain(url_text)
                if trailing:
                    # Sentence punctuation after the URL still goes through the tokenizer ('' -> ”).
                    h, t = self.render(trailing, links)
                    emit(h, t)
            elif kind == "url":
                raw = m.group("url_u")
                url = normalise_url(raw)
                shown = _unescape_url(raw)
                if links and url:
                    emit(_anchor(url, html.escape(shown)), shown)
                else:
                    plain(shown)
            elif kind in ("href", "mdlink"):
                emit(*self.link(m.group(kind + "_u"), m.group(kind + "_t"), links))
            elif kind == "angle":
                url = m.group("angle_u")
                emit(_anchor(url, html.escape(url)) if links else html.escape(url), url)
            elif kind == "cite":
                emit(_CITE_MARK, _CITE_MARK)
            elif kind in ("drop", "nothing"):
                pass
            elif kind == "footnote":
                emit(" (", " (")
                stack.append(_Frame("brace", "", len(out_h) - 1, ")", ")"))
            elif kind in ("style", "switch"):
                name = m.group(kind + "_n")
                tag = _STYLE_TAGS.get(name, "")
                emit(f"<{tag}>" if tag else "", "")
                stack.append(_Frame("brace", "", len(out_h) - 1, f"</{tag}>" if tag else ""))
            elif kind in ("accent", "laccent"):
                base = m.group(kind + "_a") or m.group(kind + "_b")
                base = _LETTERS.get(base[1:], base) if base.startswith("\\") else base
                plain(unicodedata.normalize("NFC", base + _ACCENTS[m.group(kind + "_c")]))
            elif kind == "letter":
                plain(_LETTERS[m.group("letter_n")])
            elif kind == "escape":
                plain(m.group("escape_c"))
            elif kind == "space":
                emit(" ", " ")
            elif kind == "word":
                plain(self.word(m.group("word_n")))
            elif kind == "bslash":
                char = m.group("bslash_c") or ""
                plain(char if not char.isspace() else " ")
            elif kind == "oquote":
                emit("“", "“")
            elif kind == "cquote":
                emit("”", "”")
            elif kind == "code":
                body = m.group("code_b")
                emit(f"<code>{html.escape(body)}</code>", body)
            elif kind == "squote":
                squote = True
                emit("‘", "‘")
            elif kind == "apos":
                after = source[m.end() : m.end() + 1]
                if squote and not after.isalnum():
                    squote = False
                    emit("’", "’")
                else:
                    emit("&#x27;", "'")
            elif kind == "emdash":
                emit("—", "—")
            elif kind == "endash":
                emit("–", "–")
            elif kind == "tilde":
                before = source[m.start() - 1 : m.start()]
                after = source[m.end() : m.end() + 1]
                # TeX's tie sits between two words ("Figure~1"); a free-standing ~ means "about".
                tie = before and not before.isspace() and after and not after.isspace()
                emit("\u00a0" if tie else "~", "\u00a0" if tie else "~")
            elif kind in ("md2", "md1"):
                delim = m.group()
                before = source[m.start() - 1 : m.start()]
                after = source[m.end() : m.end() + 1]
                top = stack[-1] if stack else None
                if top and top.kind == "md" and top.delim == delim and _can_close(delim, before, after):
                    stack.pop()
                    emit(top.close_html, "")
                elif _can_open(delim, before, after):
                    tag = "strong" if len(delim) == 2 else "em"
                    emit(f"<{tag}>", "")
                    stack.append(_Frame("md", delim, len(out_h) - 1, f"</{tag}>"))
                else:
                    plain(delim)
            elif kind == "jinja":
                plain(m.group())  # template-looking text ("{{ x }}") is data, not a TeX group
            elif kind == "lbrace":
                emit("", "")
                stack.append(_Frame("brace", "", len(out_h) - 1))
            elif kind == "rbrace":
                if any(f.kind == "brace" for f in stack):
                    while stack[-1].kind == "md":
                        revert(stack.pop())
                    frame = stack.pop()
                    emit(frame.close_html, frame.close_text)
                # else: a stray }, dropped like TeX would complain and carry on
            elif kind == "entity":
                plain(_entity(m.group()))
            elif kind == "dollar":
                self.warn("unmatched $")
                plain("$")
        while stack:
            frame = stack.pop()
            if frame.kind == "md":
                revert(frame)
            else:
                emit(frame.close_html, frame.close_text)
        return "".join(out_h), "".join(out_t)

    def word(self, name: str) -> str:
        """Return the text of the text-mode command `\\name`; an unknown macro is shown as its name.

        A paper's private macro names the thing it stands for (``\\ourbench``, ``\\ReSocratic``):
        dropping it would leave a hole in the sentence ("We release and"), and its name is the
        nearest to the word the author meant that papersite can know.
        """
        if name in self.macros:
            return self.macros[name]
        if name in _TEXT_WORDS:
            return _TEXT_WORDS[name]
        symbol = _symbol(name)
        if symbol:
            return symbol
        self.warn(f"unknown macro \\{name}, shown as its name")
        return name

    def link(self, raw_url: str, label: str, links: bool) -> tuple[str, str]:
        """Render \\href{url}{label} or [label](url): an anchor for http(s) URLs, else the label."""
        inner_h, inner_t = self.render(label, links=False)
        url = normalise_url(raw_url)
        if not (links and url):
            return inner_h, inner_t
        shown = inner_t.strip()
        bare = url.split("://", 1)[1].rstrip("/")
        same = shown.rstrip("/") in (url.rstrip("/"), bare)
        text = shown if same or not shown else f"{shown} ({url})"
        return _anchor(url, inner_h or html.escape(url)), text

    def math(self, body: str, display: bool) -> tuple[str, str]:
        """Render a math span as MathML and its plain-text approximation."""
        converted = _convert_math(body, display)
        if converted is None:
            self.warn(f"math could not be rendered: {_shorten(body)}")
            text = _math_fallback(body)
            return html.escape(text), text
        mathml, text, unknown = converted
        if not unknown:
            return mathml, text
        for name in unknown:
            if name not in self.macros:
                self.warn(f"unknown macro \\{name}, shown as its name")

        def value(m: re.Match[str]) -> str:
            return self.macros.get(m.group(1), m.group(1))

        return (
            _MACRO_MARK_RE.sub(lambda m: html.escape(value(m)), mathml),
            _MACRO_MARK_RE.sub(value, text),
        )


def _tokens(source: str, tokens: re.Pattern[str], bare_links: bool) -> Iterator[str | re.Match[str]]:
    """Yield the tokens of `source` as `tokens.finditer` would, with runs of plain text as strings.

    Plain text is everything up to the next character _SPECIAL_RE finds, "--" or "%}", so it is copied
    in one slice instead of being matched token by token against every alternative. With `bare_links`,
    a bare URL is looked for where _TOKEN_RE would try one: at the start of a run and where a word
    starts inside it.
    """
    pos = 0
    end = len(source)
    special = _SPECIAL_RE.search
    find = source.find
    # The next special character, "--" and "%}" at or after `pos`: each is searched again only once
    # `pos` has passed it.
    char_at = dash_at = brace_at = -1
    in_run = _BareInRun(source) if bare_links else None
    while pos < end:
        if char_at < pos:
            m = special(source, pos)
            char_at = m.start() if m else end
        if dash_at < pos:
            dash_at = find("--", pos)
            dash_at = end if dash_at < 0 else dash_at
        if brace_at < pos:
            brace_at = find("%}", pos)
            brace_at = end if brace_at < 0 else brace_at
        stop = min(char_at, dash_at, brace_at)
        if in_run is not None and stop > pos:
            bare = _BARE_RE.match(source, pos) or in_run.find(pos + 1, stop)
            if bare is not None:
                if bare.start() > pos:
                    yield source[pos : bare.start()]
                yield bare
                pos = bare.end()
                continue
        if stop > pos:
            yield source[pos:stop]
        if stop == end:
            return
        m = tokens.match(source, stop)
        yield m
        pos = m.end()


class _BareInRun:
    """Find the bare URLs of _BARE_IN_RUN_RE in one source, for start positions that only grow."""

    def __init__(self, source: str) -> None:
        self.source = source
        # In ASCII text, the positions where a match may start, each tried once; else a regex search.
        self.starts = sorted(bare_url_starts(source)) if source.isascii() else None
        self.next = 0  # index in `starts` of the first candidate not tried yet
        self.found: re.Match[str] | None = None  # the last search's result, made from `found_from`
        self.found_from = len(source) + 1

    def find(self, start: int, stop: int) -> re.Match[str] | None:
        """Return the first match starting in [start, stop); a later `start` lies past it, or past `stop`."""
        if self.starts is not None:
            starts = self.starts
            while self.next < len(starts) and starts[self.next] < stop:
                at = starts[self.next]
                self.next += 1
                if at >= start:
                    match = _BARE_IN_RUN_RE.match(self.source, at)
                    if match is not None:
                        return match
            return None
        if self.found_from > start or (self.found is not None and self.found.start() < start):
            self.found = _BARE_IN_RUN_RE.search(self.source, start)
            self.found_from = start
        return self.found if self.found is not None and self.found.start() < stop else None


def _can_open(delim: str, before: str, after: str) -> bool:
    """Tell whether a Markdown delimiter can open emphasis here (not in snake_case or a*b)."""
    if not after or after.isspace():
        return False
    return len(delim) == 2 and delim == "**" or not before.isalnum()


def _can_close(delim: str, before: str, after: str) -> bool:
    """Tell whether a Markdown delimiter can close emphasis here."""
    if not before or before.isspace():
        return False
    return len(delim) == 2 and delim == "**" or not after.isalnum()


def _anchor(url: str, inner_html: str) -> str:
    """Build a link; `url` is an http(s) URL from normalise_url, `inner_html` already safe."""
    return f'<a href="{html.escape(url, quote=True)}" rel="nofollow">{inner_html}</a>'


def _unescape_url(raw: str) -> str:
    """Undo TeX escapes in a \\url argument and drop any other backslash."""
    return re.sub(r"\\([_%#&~$])", r"\1", raw).replace("\\", "")


def _entity(ref: str) -> str:
    """Decode an HTML entity; numeric 128-159 follow windows-1252 as browsers do (&#151; is —)."""
    char = html.unescape(ref)
    if char == ref or not char or "\x00" in char:
        return ref if char == ref else ""
    return char.translate(_CLEAN)


def _shorten(s: str, limit: int = 60) -> str:
    """Shorten `s` for a warning message."""
    s = s.strip()
    return s if len(s) <= limit else s[: limit - 1] + "…"


# The characters of ASCII that are not printable: C0 controls and DEL.
_ASCII_CONTROLS = bytes([*range(0x20), 0x7F])


def _printable_ascii(source: str) -> bool:
    """Tell whether `source` is ASCII and printable (as str.isprintable says), several times faster."""
    # str.isprintable looks every character up in the Unicode database; as bytes, the controls are
    # deleted in one table-driven pass and the length tells whether there were any.
    if not source.isascii():
        return False
    raw = source.encode("ascii")
    return len(raw.translate(None, _ASCII_CONTROLS)) == len(raw)


# --- public interface --------------------------------------------------------------------------


def convert(source: str, macros: Mapping[str, str] | None = None) -> Converted:
    """Convert an abstract's TeX and Markdown to a safe HTML fragment and plain text."""
    renderer = _Renderer(macros if macros is not None else {})
    try:
        # Printable ASCII holds nothing to clean or normalise: skip both passes for most abstracts.
        cleaned = source
        if not _printable_ascii(source):
            if _CLEAN_RE.search(source):  # a str.translate with a dict is slow on non-ASCII text
                cleaned = source.translate(_CLEAN)
            if "\u200c" in cleaned or "\u200d" in cleaned:
                cleaned = _STRAY_JOINER_RE.sub("", cleaned)
            cleaned = unicodedata.normalize("NFC", cleaned)
        out_html, out_text = renderer.render(cleaned)
    except Exception as exc:  # never raise on input: fall back to escaped text
        # A warning of the paper, logged by enrich as a notice: a log line here too would say it twice.
        renderer.warn(f"conversion failed ({exc}); shown as plain text")
        out_text = _STRAY_JOINER_RE.sub("", source.translate(_CLEAN)).replace("\\", "")
        out_html = html.escape(out_text)
    return Converted(html=_tidy(out_html), text=_tidy(out_text), warnings=tuple(renderer.warnings))


# "a method (\\cite{x})" whose citation was dropped leaves "()"; "f()" (no space) is kept.
_EMPTY_PARENS_RE = re.compile(r" \(\s*\)")
# Whether the text holds "()" or "( )", the cue to remove empty parentheses: one search for the rare "("
# runs several times faster than the two substring tests.
_EMPTY_PARENS_CUE_RE = re.compile(r"\( ?\)")


def _tidy(s: str) -> str:
    """Remove citation marks and emptied parentheses; collapse runs of spaces."""
    if _CITE_MARK in s:
        s = _CITE_MARK_RE.sub("", s)
    if _EMPTY_PARENS_CUE_RE.search(s):
        s = _EMPTY_PARENS_RE.sub("", s)
    return (_SPACES_RE.sub(" ", s) if "  " in s else s).strip()


# Title tidying: TeX turned into unicode by the source leaves stray spaces ("PixArt- α :").
_MATHY = r"[\u0370-\u03ff\u2100-\u214f\u2190-\u22ff\u221e]"
_TITLE_RULES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"(?<=\w) \( ((?:[^\s()]{1,3} )+)\)"), lambda m: "(" + m.group(1).replace(" ", "") + ")"),
    (re.compile(r"(?<![\w-])((?:[A-Za-z0-9] )+[A-Za-z0-9])(?= ?[(:]|$)"), lambda m: m.group(1).replace(" ", "")),
    (re.compile(r"(?<=-) (?=" + _MATHY + ")"), ""),
    # "α β" from TeX, a symbol standing alone; a Greek word ("Τίτλος στα") keeps its spaces.
    (re.compile(r"(?<!\w)(" + _MATHY + r") (?=\d\w*|[A-Za-z]{1,3}(?![A-Za-z])|" + _MATHY + r"(?!\w))"), r"\1"),
    (re.compile(r"(?<=\S) (?=-\w)"), ""),
    (re.compile(r" (?=[:,;?!)])"), ""),
)  # fmt: skip


def tex_to_text(s: str) -> str:
    """Turn a title's TeX or Markdown into unicode text and tidy stray spaces around symbols."""
    text = convert(s).text
    for pattern, repl in _TITLE_RULES:
        text = pattern.sub(repl, text)
    return text
