"""Turn TeX math into safe MathML and a plain-text approximation, for ``markup``.

``markup`` renders an abstract's text and hands each math span here: ``_convert_math`` converts it
with latex2mathml and re-serialises the tree through an allow-list of MathML elements and
attributes, and reads it as text ("O(n²)", "x_i"); ``_math_fallback`` makes text of math it cannot
convert. ``_symbol`` looks up the unicode character of a TeX symbol, in math and in text. This module
imports nothing of ``markup``, which imports it.
"""

from __future__ import annotations

import functools
import html
import logging
import re
import unicodedata
from xml.etree.ElementTree import Element

from latex2mathml.converter import convert_to_element
from latex2mathml.symbols_parser import convert_symbol

log = logging.getLogger(__name__)

# Runs of spaces, collapsed here in math text and by ``markup`` in its output.
_SPACES_RE = re.compile(r"  +")
# Unknown macros inside cached MathML are marked NUL-name-NUL and resolved per paper afterwards,
# so the cache does not depend on the caller's macros. Input NULs are removed by latex._CLEAN.
_MACRO_MARK_RE = re.compile("\x00([A-Za-z]+)\x00")
_CHARREF_RE = re.compile(r"&#(?:x([0-9A-Fa-f]+)|([0-9]+));")
_MATH_CMD_RE = re.compile(r"\\([A-Za-z]+)|\\(.)")
_NESTED_TEXT_RE = re.compile(r"\\text[a-z]*\{[^{}]*\\")
_TEXT_FONT_RE = re.compile(r"\\text(bf|it|tt|rm|sf|up|)\{")
_MATH_FONT = {"bf": r"\mathbf{", "it": r"\mathit{", "tt": r"\mathtt{", "rm": r"\mathrm{",
              "sf": r"\mathsf{", "up": r"\mathrm{", "": r"\mathrm{"}  # fmt: skip
_MAX_MATH = 2000  # longer "math" is almost surely two stray $ signs: show it as text
_MATH_TAGS = frozenset(
    "math mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot mover munder munderover "
    "mtable mtr mtd mstyle mpadded mphantom menclose merror mfenced mmultiscripts mprescripts none "
    "semantics annotation mlabeledtr maligngroup malignmark".split()
)
_MATH_ATTRS = frozenset(
    "display mathvariant stretchy fence separator lspace rspace width height depth linethickness "
    "columnalign rowalign columnspacing rowspacing columnlines rowlines frame framespacing "
    "displaystyle scriptlevel accent accentunder movablelimits symmetric largeop minsize maxsize "
    "form notation linebreak mathsize mathcolor mathbackground open close separators voffset "
    "columnspan rowspan align equalrows equalcolumns bevelled numalign denomalign".split()
)
_ATTR_VALUE_RE = re.compile(r"^[\w#.%+\- ]*$")
_RELATIONS = frozenset("=<>≤≥≠≈∼∈∉⊂⊆⊃⊇→←↦⇒⇔≪≫∝≡")
# Every character Unicode has a superscript or subscript form of (no q, C, F, Q, S, X, Y, Z above;
# only some letters below).
_SUPERSCRIPT = str.maketrans(
    "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
    "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ",
)
_SUBSCRIPT = str.maketrans("0123456789+-=()aehijklmnoprstuvxβγρφχ", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ")
#: Superscripts that text writes right after the letter, with no ^: primes and stars.
_MARKS_AS_WRITTEN = frozenset("′″‴*∗⋆")
_COMBINING = {"~": "\u0303", "˜": "\u0303", "^": "\u0302", "ˆ": "\u0302", "¯": "\u0304",
              "‾": "\u0305", "―": "\u0305", "˙": "\u0307", "¨": "\u0308", "→": "\u20d7", "ˇ": "\u030c"}  # fmt: skip


_MATH_OPEN = '<math xmlns="http://www.w3.org/1998/Math/MathML"'


@functools.lru_cache(maxsize=8192)
def _convert_math(body: str, display: bool) -> tuple[str, str, tuple[str, ...]] | None:
    """Convert TeX math to (safe MathML, plain text, unknown macro names); None if it fails."""
    # Some sources double every backslash ("$\\alpha$", "$86.5\\%$").
    body = re.sub(r"\\\\(?=[A-Za-z%])", r"\\", body).strip()
    if _NESTED_TEXT_RE.search(body):
        # latex2mathml takes \textbf{...} as verbatim text, so "\textbf{\textit{M}}" would show
        # "textit{M": switch such spans to the math-mode fonts, which nest.
        body = _TEXT_FONT_RE.sub(lambda m: _MATH_FONT[m.group(1)], body)
    if not body or len(body) > _MAX_MATH:
        return None
    try:
        root = convert_to_element(body, display="block" if display else "inline")
    except Exception as exc:  # latex2mathml raises many types on malformed input
        log.debug("latex2mathml failed on %r: %s", body, exc)
        return None
    unknown: list[str] = []
    try:
        parts: list[str] = []
        _serialise(root, unknown, parts)
        mathml = "".join(parts)
        text = _math_text(root).strip()
    except RecursionError:
        return None
    text = _SPACES_RE.sub(" ", text)
    # The plain text is the alternative a reader without MathML support hears.
    mathml = mathml.replace(_MATH_OPEN, f'{_MATH_OPEN} alttext="{html.escape(text, quote=True)}"', 1)
    return mathml, text, tuple(dict.fromkeys(unknown))


def _node_text(raw: str | None, unknown: list[str]) -> str:
    """Decode latex2mathml's character references and mark unknown macros in a node's text."""
    if not raw:
        return ""
    raw = _CHARREF_RE.sub(lambda m: chr(int(m.group(1), 16) if m.group(1) else int(m.group(2))), raw)

    def command(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return m.group(2)  # \% in \text{37.5\%}
        unknown.append(m.group(1))
        return f"\x00{m.group(1)}\x00"

    # A lone trailing backslash is all that can remain: drop it, a raw \ must never show.
    return _MATH_CMD_RE.sub(command, raw).replace("\\", "") if "\\" in raw else raw


def _serialise(node: Element, unknown: list[str], out: list[str]) -> None:
    """Serialise a MathML tree to `out`, keeping only allowed elements and attributes, escaping all text."""
    tag = node.tag if isinstance(node.tag, str) else ""
    keep = tag in _MATH_TAGS
    if keep:
        attrs = "".join(
            f' {k}="{html.escape(v, quote=True)}"'
            for k, v in node.attrib.items()
            if k in _MATH_ATTRS and _ATTR_VALUE_RE.match(v)
        ) if node.attrib else ""
        out.append(f"{_MATH_OPEN}{attrs}>" if tag == "math" else f"<{tag}{attrs}>")
    if node.text:
        out.append(html.escape(_node_text(node.text, unknown), quote=False))
    for child in node:
        _serialise(child, unknown, out)
        if child.tail:
            out.append(html.escape(_node_text(child.tail, unknown), quote=False))
    if keep:
        out.append(f"</{tag}>")


def _math_text(node: Element) -> str:
    """Approximate a MathML tree as readable text: O(n²), x_i, a/b, √x."""
    tag = node.tag
    kids = list(node)
    own = _node_text(node.text, [])
    if tag in ("msup", "msub", "msubsup") and len(kids) >= 2:
        base = _math_text(kids[0])
        if tag == "msup":
            return base + _script(_math_text(kids[1]), "^", _SUPERSCRIPT)
        sub = _script(_math_text(kids[1]), "_", _SUBSCRIPT)
        sup = _script(_math_text(kids[2]), "^", _SUPERSCRIPT) if len(kids) > 2 else ""
        return base + sub + sup
    if tag == "mfrac" and len(kids) == 2:
        return f"{_group(_math_text(kids[0]))}/{_group(_math_text(kids[1]))}"
    if tag == "msqrt":
        return "√" + _group("".join(_math_text(k) for k in kids))
    if tag == "mroot" and len(kids) == 2:
        return f"√[{_math_text(kids[1])}]" + _group(_math_text(kids[0]))
    if tag in ("mover", "munder", "munderover") and len(kids) >= 2:
        base = _math_text(kids[0])
        mark = _math_text(kids[1]).strip()
        if tag == "munder" and kids[1].get("accent") == "true":
            return base  # "$\underline{S}$ynchronized": a letter marked, not a subscript
        if tag == "mover" and mark in _COMBINING and len(base) == 1:
            return unicodedata.normalize("NFC", base + _COMBINING[mark])
        if tag == "mover" and node.get("accent") == "true" or mark in _COMBINING:
            return base
        under = _script(mark, "_", _SUBSCRIPT) if tag != "mover" else _script(mark, "^", _SUPERSCRIPT)
        over = _script(_math_text(kids[2]), "^", _SUPERSCRIPT) if len(kids) > 2 else ""
        return base + under + over
    if tag == "mspace":
        return " "
    if tag == "mtr":
        return ", ".join(_math_text(k) for k in kids)
    if tag == "mtable":
        return "; ".join(_math_text(k) for k in kids)
    if tag == "mo" and own.strip() in _RELATIONS:
        own = f" {own.strip()} "
    parts = [own]
    for kid in kids:
        parts.append(_math_text(kid))
        parts.append(_node_text(kid.tail, []))
    return "".join(parts)


def _script(s: str, mark: str, table: dict[int, str]) -> str:
    """Write a sub- or superscript in Unicode's script characters where possible, else with ^ or _."""
    s = s.replace(" ", "")
    if mark == "^" and s and all(c in _MARKS_AS_WRITTEN for c in s):
        return s  # x′, U*, s⋆: written as a mark beside the letter, as in print
    return unicode_script(s, mark) or mark + _group(s)


def unicode_script(s: str, mark: str) -> str | None:
    """Return ``s`` in superscript (``mark`` "^") or subscript ("_") characters, or None if one has none."""
    table = _SUPERSCRIPT if mark == "^" else _SUBSCRIPT
    return s.translate(table) if s and all(ord(c) in table for c in s) else None


def _group(s: str) -> str:
    """Parenthesise `s` when it is more than one symbol."""
    s = s.strip()
    return s if len(s) <= 1 or s.isalnum() else f"({s})"


def _math_fallback(body: str) -> str:
    """Turn math that latex2mathml cannot convert into readable text without backslashes."""

    def command(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return m.group(2) if m.group(2) not in "\\," else " "
        return _symbol(m.group(1)) or ("" if m.group(1) in _MATH_LAYOUT else m.group(1))

    text = _MATH_CMD_RE.sub(command, body).replace("\\", "")
    return _SPACES_RE.sub(" ", text.replace("{", "").replace("}", "")).strip()


_MATH_LAYOUT = frozenset(
    "left right big Big bigg Bigg mathrm mathbf mathit mathcal mathbb mathsf mathtt boldsymbol "
    "text textbf textit operatorname displaystyle begin end frac sqrt hat tilde bar vec".split()
)


@functools.lru_cache(maxsize=4096)
def _symbol(name: str) -> str:
    """Return the unicode character of the TeX symbol `\\name`, or ''."""
    try:
        code = convert_symbol("\\" + name)
    except Exception:  # latex2mathml's table lookup should not fail, but never let it raise
        return ""
    return chr(int(code, 16)) if code else ""


# Math used to mark letters inside a word: "$\textbf{V}$isual", "th$\textbf{e}$", "$D$istributed". Set as
# math, the letters leave the word (another font, spaces around them); they are the word's own letters,
# in the style the command asks for: bold, italic (plain letters are italic in math), or upright.
LETTERS_IN_MATH_RE = re.compile(
    r"\s*(?:\\(?P<cmd>textbf|mathbf|boldsymbol|bm|textit|mathit|emph|underline|text|textrm|mathrm|mbox)"
    r"\s*\{\s*(?P<inner>[A-Za-z]+)\s*\}|(?P<bare>[A-Za-z]+))\s*"
)
_LETTER_STYLES = {
    "textbf": "strong", "mathbf": "strong", "boldsymbol": "strong", "bm": "strong",
    "textit": "em", "mathit": "em", "emph": "em", "underline": "em",
}  # fmt: skip


def in_a_word(source: str, start: int, end: int) -> bool:
    """Tell whether the span source[start:end] touches a letter on either side."""
    return source[end : end + 1].isalpha() or source[max(start - 1, 0) : start].isalpha()


def letters_in_a_word(m: re.Match[str]) -> tuple[str, str]:
    """Return (html, text) of letters that math marked inside a word, as text in the word."""
    letters = m.group("inner") or m.group("bare")
    tag = _LETTER_STYLES.get(m.group("cmd") or "", "em" if m.group("bare") else "")
    return (f"<{tag}>{letters}</{tag}>" if tag else letters), letters
