"""Tokens that are math, not names: "SO(3)", "Ω(logT)", "lnlnK".

The TeX conversion leaves formulas as text, and a formula's symbols look coined (capitals,
digits, mixed case); ``names`` asks here before it takes one for the paper's name.
"""

from __future__ import annotations

import re

from .lexicon import _is_word_char


# Math operators run together with their variable by the TeX conversion ("$\ln\ln K$" -> "lnlnK", "logN"): a formula.
_MATH_WORD = re.compile(r"(?:ln|log|exp|sup|inf|min|max|lim|det)+[A-Z][\w]*")

# A short argument in brackets right after a symbol: "SO(3)", "E(n)", "O(ε)", "SL(2,ℝ)".
_ARGUMENT = re.compile(r"\([^()]{1,10}\)")


def _in_math(prose: str, tok: str) -> bool:
    """Tell whether ``tok`` is written only as math: a symbol, not a name.

    That is with a bracketed argument ("SO(3)", "(1+O(α))"), glued inside a formula after "_",
    ")" or "/" ("∑_(t=1)Tσ_t²" once "^" is gone, "Ω(lnn/lnlnN)"), or as the argument of a
    one-letter symbol ("Ω(logT)").
    "we propose DeFT(Decoding with Flash Tree-Attention)" brackets a spelling-out, not an
    argument, and a name the prose also writes as a word is a name.
    """
    seen = False
    at = prose.find(tok)
    while at >= 0:
        end = at + len(tok)
        before = prose[at - 1] if at else " "
        after = prose[end] if end < len(prose) else " "
        if before == " " and after in " ,.;:":
            return False  # most names: a word among words
        if not (_is_word_char(before) or before in "+-" or _is_word_char(after) or after == "-"):  # the whole word
            if not (_ARGUMENT.match(prose, end) or before in "_)" or _argument_of_letter(prose, at) or (
                    before == "/" and "." not in prose[prose.rfind(" ", 0, at) + 1 : at])):  # not github.com/x/Name
                return False
            seen = True
        at = prose.find(tok, end)
    return seen


def _argument_of_letter(prose: str, at: int) -> bool:
    """Tell whether ``prose[at:]`` opens the argument of a one-letter symbol: "Ω(logT)", "O(logT)", not "Learning(DeMul)"."""
    return at > 1 and prose[at - 1] == "(" and prose[at - 2].isalpha() and (at == 2 or not _is_word_char(prose[at - 3]))
