"""Tests for generator.latex: abstracts to safe HTML and plain text, titles to unicode."""

from __future__ import annotations

import json
import re
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.enrich.tex import Converted, convert, tex_to_text
from generator.enrich.tex import markup as latex

FIXTURES = Path(__file__).parent / "fixtures" / "text"
REAL = [json.loads(line) for line in (FIXTURES / "real_abstracts.jsonl").read_text("utf-8").splitlines()]

# Every tag convert() may emit; anything else starting with < would be a hole.
_OUR_TAGS = re.compile(
    r'</?(?:strong|em|code)>|<a href="https?://[^"<>]*" rel="nofollow">|</a>'
    r'|<math xmlns="http://www.w3.org/1998/Math/MathML"[^<>]*>|</?m[a-z]*(?: [a-z]+="[^"<>]*")*>'
    r"|</?(?:none|semantics|annotation)>"
)
_COMMAND = re.compile(r"\\[A-Za-z]")


def assert_safe(result: Converted) -> None:
    leftover = _OUR_TAGS.sub("", result.html)
    assert "<" not in leftover and ">" not in leftover, leftover
    assert not _COMMAND.search(result.html) and not _COMMAND.search(result.text)
    assert "\n" not in result.html
    assert not re.search(r'href="(?!https?://)', result.html)  # only http(s) links


@pytest.mark.parametrize(
    ("source", "html", "text"),
    [
        (r"\textbf{a}", "<strong>a</strong>", "a"),
        (r"\textit{a}", "<em>a</em>", "a"),
        (r"\emph{a b}", "<em>a b</em>", "a b"),
        (r"\texttt{a}", "<code>a</code>", "a"),
        (r"\textsc{Ours}", "Ours", "Ours"),
        (r"\underline{a}", "<em>a</em>", "a"),
        (r"{\bf x} {\it y}", "<strong>x</strong> <em>y</em>", "x y"),
        (r"{\em{constant}} step", "<em>constant</em> step", "constant step"),
        ("``soft prompt''", "“soft prompt”", "“soft prompt”"),
        ("`generalized' version", "‘generalized’ version", "‘generalized’ version"),
        ("doctor's", "doctor&#x27;s", "doctor's"),
        (r"50\% \& a\_b \#1 \$5", "50% &amp; a_b #1 $5", "50% & a_b #1 $5"),
        ("Figure~1", "Figure\u00a01", "Figure\u00a01"),
        ("only ~30% of", "only ~30% of", "only ~30% of"),
        ("a--b a---b", "a–b a—b", "a–b a—b"),
        (r"Schr\"odinger R\'{e}nyi Polyak-\L ojasiewicz", "Schrödinger Rényi Polyak-Łojasiewicz",
         "Schrödinger Rényi Polyak-Łojasiewicz"),
        (r"prior work~\citep{a,b}. And \cite{c}, see \ref{x}", "prior work. And, see", "prior work. And, see"),
        (r"stray {braces} and a\\b", "stray braces and a b", "stray braces and a b"),
        (r"\eg, \ie, \textasciitilde10", "e.g., i.e., ~10", "e.g., i.e., ~10"),
        ("**bold** and *em* and _em_", "<strong>bold</strong> and <em>em</em> and <em>em</em>", "bold and em and em"),
        ("__Google__ **S**orting", "<strong>Google</strong> <strong>S</strong>orting", "Google Sorting"),
        ("snake_case_name and a*b*c and 2 * 3", "snake_case_name and a*b*c and 2 * 3",
         "snake_case_name and a*b*c and 2 * 3"),
        ("**unclosed bold", "**unclosed bold", "**unclosed bold"),
        ("`code_x` here", "<code>code_x</code> here", "code_x here"),
        ("[CoIC](https://github.com/S/CoIC), an",
         '<a href="https://github.com/S/CoIC" rel="nofollow">CoIC</a>, an', "CoIC (https://github.com/S/CoIC), an"),
        ("at https://github.com/a/b.",
         'at <a href="https://github.com/a/b" rel="nofollow">https://github.com/a/b</a>.', "at https://github.com/a/b."),
        ("(https://x.io/a_(b)) ok", '(<a href="https://x.io/a_(b)" rel="nofollow">https://x.io/a_(b)</a>) ok',
         "(https://x.io/a_(b)) ok"),
        ("at github.com/x/y", 'at <a href="https://github.com/x/y" rel="nofollow">github.com/x/y</a>', "at github.com/x/y"),
        (r"\url{https://a.org/~u/x\_y}", '<a href="https://a.org/~u/x_y" rel="nofollow">https://a.org/~u/x_y</a>',
         "https://a.org/~u/x_y"),
        (r"\href{https://a.org}{our \textbf{site}}", '<a href="https://a.org" rel="nofollow">our <strong>site</strong></a>',
         "our site (https://a.org)"),
        ("<https://a.org/x>", '<a href="https://a.org/x" rel="nofollow">https://a.org/x</a>', "https://a.org/x"),
        ("&#151; &mdash; &amp; &lt;b&gt;", "— — &amp; &lt;b&gt;", "— — & <b>"),
        ("zero\u200bwidth\u2060 \ufeffﬁne ﬂow", "zerowidth fine flow", "zerowidth fine flow"),
        ("{{ x }} and {% y %}", "{{ x }} and {% y %}", "{{ x }} and {% y %}"),
        ("use $5 only", "use $5 only", "use $5 only"),
        # Math that marks letters inside a word is the word's own letters, in the style it asks for.
        (r"$\textbf{V}$isual", "<strong>V</strong>isual", "Visual"),
        (r"th$\textbf{e}$ soft", "th<strong>e</strong> soft", "the soft"),
        (r"$\textbf{Di}$rectional $\textbf{Gra}$dient", "<strong>Di</strong>rectional <strong>Gra</strong>dient", "Directional Gradient"),
        (r"$\textbf{I}$n$\textbf{T}$egrating", "<strong>I</strong>n<strong>T</strong>egrating", "InTegrating"),
        (r"$\mathbf{V}$isual", "<strong>V</strong>isual", "Visual"),  # not the math letter 𝐕
        (r"$D$istributed", "<em>D</em>istributed", "Distributed"),  # a letter in math is italic
        (r"$\underline{Fa}$ct", "<em>Fa</em>ct", "Fact"),
        (r"$\text{GRA}$die", "GRAdie", "GRAdie"),
        (r"\(\textbf{V}\)isual", "<strong>V</strong>isual", "Visual"),
    ],
)
def test_text_mode(source: str, html: str, text: str) -> None:
    result = convert(source)
    assert (result.html, result.text) == (html, text)
    assert_safe(result)


@pytest.mark.parametrize(
    ("source", "text", "display"),
    [
        (r"$\alpha$", "α", "inline"),
        (r"$O(n^2)$", "O(n²)", "inline"),
        (r"$x_i$", "xᵢ", "inline"),  # Unicode's script letters where it has them
        (r"$QK^T$", "QKᵀ", "inline"),
        (r"$\text{Fid}_\Delta$", "Fid_Δ", "inline"),  # no subscript Δ: marked
        (r"$x_{ij}^{2}$", "xᵢⱼ²", "inline"),
        (r"$\frac{a}{b}$", "a/b", "inline"),
        (r"\(\sqrt{T}\)", "√T", "inline"),
        (r"$$\sum_i x_i$$", "∑ᵢxᵢ", "block"),
        (r"\[a \leq b\]", "a ≤ b", "block"),
        (r"$\\alpha$", "α", "inline"),
        (r"$\textbf{\textit{M}}^3$", "𝑀³", "inline"),
        (r"$j<i$", "j < i", "inline"),
        (r"$\underline{S}$", "S", "inline"),  # a marked letter, not "S_―"
        (r"$\overline{x}$", "x\u0305", "inline"),
        (r"$x'$", "x′", "inline"),
        (r"$U^*$", "U*", "inline"),
    ],
)
def test_math(source: str, text: str, display: str) -> None:
    result = convert(source)
    assert result.html.startswith("<math ") and f'display="{display}"' in result.html
    assert result.text == text
    assert result.warnings == ()
    assert_safe(result)


def test_letters_underlined_in_math_to_spell_a_name_read_as_words() -> None:
    result = convert(r"the $\underline{S}$ynchronized $\underline{M}$ulti-$\underline{T}$rack ABC Notation")
    assert result.text == "the Synchronized Multi-Track ABC Notation"


@pytest.mark.parametrize(
    "source",
    [r"$\textbf{V}$ isual", r"$k$-means", r"$\epsilon$-bounded", r"$\varepsilon$is", r"a $\mathbf{x}y$z", r"$$V$$isual"],
)
def test_math_beside_a_word_or_with_more_than_letters_stays_math(source: str) -> None:
    assert "<math " in convert(source).html


@pytest.mark.parametrize(
    ("source", "text"),
    [
        (r"tools ($e.g.$, parsers)", "tools (e.g., parsers)"),
        (r"tools ($e.g.,$ parsers)", "tools (e.g., parsers)"),
        (r"the mean, $i.e. $ the centre", "the mean, i.e. the centre"),
        (r"smooth $w.r.t.$ the input", "smooth w.r.t. the input"),
        (r"losses ($cf.$ Table 1)", "losses (cf. Table 1)"),
    ],
)
def test_a_latin_abbreviation_written_as_math_reads_as_text(source: str, text: str) -> None:
    """ "$e.g.$" is an author's slip: shown as math it reads "e . g ."."""
    result = convert(source)
    assert result.text == text and result.html == text and result.warnings == ()


@pytest.mark.parametrize("source", [r"$eg$ holds", r"$cf$ holds", r"$e.g. x$ holds"])
def test_math_that_only_looks_like_an_abbreviation_stays_math(source: str) -> None:
    assert "<math" in convert(source).html


def test_math_then_percent() -> None:
    result = convert(r"by $9.93$\%")
    assert result.html.endswith("</math>%") and result.text == "by 9.93%"


def test_unterminated_dollar_is_literal_with_warning() -> None:
    result = convert("costs under $600. Vanilla")
    assert result.text == "costs under $600. Vanilla"
    assert "unmatched $" in result.warnings


@pytest.mark.parametrize("source", [r"{\mname} is fast", r"\mname{} is fast", r"\mname is fast"])
def test_macro_given(source: str) -> None:
    result = convert(source, {"mname": "FastNet"})
    assert result.text == "FastNet is fast" and result.warnings == ()


@pytest.mark.parametrize("source", [r"We propose \eattacks{}, a novel attack", r"We propose {\eattacks}, a novel attack",
                                    r"We propose \eattacks, a novel attack"])
def test_macro_unknown_keeps_its_place_as_its_name(source: str) -> None:
    result = convert(source)
    assert result.text == "We propose eattacks, a novel attack"
    assert result.html == "We propose eattacks, a novel attack"
    assert result.warnings == (r"unknown macro \eattacks, shown as its name",)


@pytest.mark.parametrize(
    "source",
    [
        r"We release \ourbench and \leaderboard.",
        r"We release {\ourbench} and {\leaderboard}.",
        r"We release \ourbench{} and \leaderboard{}.",
        r"We release \ourbench~and \leaderboard{}.",
        r"We release (\ourbench) and \leaderboard.",
    ],
)
def test_unknown_macros_leave_no_hole_in_the_sentence(source: str) -> None:
    text = convert(source).text
    words = text.replace("(", " ").replace(")", " ").split()
    assert [w.strip(".") for w in words] == ["We", "release", "ourbench", "and", "leaderboard"]
    assert "  " not in text and " ." not in text and "()" not in text


def test_layout_commands_print_nothing_and_are_not_names() -> None:
    result = convert(r"A method.\smallskip\hfill It works.")
    assert result.text == "A method. It works." and result.warnings == ()


def test_macro_in_math_uses_value_or_name() -> None:
    assert convert(r"$\KSD(x)$", {"KSD": "D"}).text == "D(x)"
    result = convert(r"$\KSD(x)$")
    assert result.text == "KSD(x)" and result.warnings == (r"unknown macro \KSD, shown as its name",)
    assert_safe(result)


def test_failed_math_is_readable_text(monkeypatch: pytest.MonkeyPatch) -> None:
    result = convert(r"$\begin{foo} \alpha$")
    assert "math could not be rendered" in result.warnings[0]
    assert "α" in result.text and "<math" not in result.html
    assert_safe(result)


def test_a_failed_conversion_is_plain_text_and_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # enrich logs the paper's warnings as notices: a log line from convert would say it twice.
    monkeypatch.setattr(latex._Renderer, "render", mock.Mock(side_effect=RuntimeError("boom")))
    result = convert("We show <b>x</b>.")
    assert result.warnings == ("conversion failed (boom); shown as plain text",)
    assert result.text == "We show <b>x</b>." and result.html == "We show &lt;b&gt;x&lt;/b&gt;."
    assert caplog.records == []


HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '<iframe src="https://evil.example"></iframe>',
    "[x](javascript:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    r"\href{javascript:alert(1)}{click}",
    r"\url{javascript:alert(1)}",
    "javascript:alert(1)",
    r"$\text{<script>alert(1)</script>}$",
    r"$\href{javascript:alert(1)}{x}$",
    r"$\style{background:url(x)}{x}$",
    '<a href="https://x.org" onclick="alert(1)">x</a>',
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    '"quoted" & <b>bold</b>',
    "unterminated $x and \\(y",
]


@pytest.mark.parametrize("source", HOSTILE)
def test_hostile_input_is_shown_as_text(source: str) -> None:
    result = convert(source)
    assert_safe(result)
    assert "<script" not in result.html and "<img" not in result.html and "<iframe" not in result.html
    assert "onerror=" not in result.html.replace("onerror=alert", "") or "&lt;" in result.html


def test_javascript_links_keep_only_their_label() -> None:
    assert convert("[x](javascript:alert(1))").html == "x"
    assert convert(r"\href{javascript:alert(1)}{click}").html == "click"


def test_long_abstract() -> None:
    source = (r"We \textbf{show} $x^2$ at https://github.com/a/b. " * 400)[:20_000]
    result = convert(source)
    assert_safe(result)
    assert result.html.count("<math ") >= 390


@pytest.mark.parametrize("record", REAL, ids=lambda r: r["title"][:30])
def test_real_abstracts(record: dict[str, str]) -> None:
    result = convert(record["abstract"])
    assert_safe(result)
    assert convert(record["abstract"]) == result  # deterministic
    assert not any(w.startswith("math could not") for w in result.warnings)
    leftover = re.sub(r"\{1,2,⋯T\}", "", result.text)  # a set in math is a real brace
    assert "{" not in leftover and "}" not in leftover


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_never_raises_and_always_safe(source: str) -> None:
    assert_safe(convert(source))


_TEXISH = st.lists(st.sampled_from(list("\\{}$*_`'~-[]()<>&#%^ ax1:/.") + [
    r"\textbf{", r"\emph", r"\url{", r"\href{", "https://", "github.com/", "javascript:", "$$", r"\(",
    r"\)", "``", "''", "**", "&#151;", "&lt;", r"\alpha", r"\mname", "<script>", "](", r"\\"]), max_size=60).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.lists(_TEXISH, max_size=8).map("".join))
def test_texish_input_is_safe(source: str) -> None:
    result = convert(source)
    assert_safe(result)
    assert convert(source) == result


def _token_by_token(source: str) -> Converted:
    """Convert `source` matching every token with the tokenizer regex: the reference for the fast path."""
    with mock.patch.object(latex, "_tokens", lambda text, tokens, bare_links: tokens.finditer(text)):
        return convert(source)


def assert_same_as_token_by_token(source: str) -> None:
    result, reference = convert(source), _token_by_token(source)
    assert (result.html, result.text, result.warnings) == (reference.html, reference.text, reference.warnings)


@pytest.mark.parametrize(
    "source",
    [
        "foohttps://x.org and x_https://y.org",
        "see (www.Foo.org) or X.github.io/p, not a.b.github.io",
        "a -b.github.io/x and {}-c.github.io/y, @github.com/a _github.com/b",
        "é at https://x.org/é and ıgithub.com/a/b and gİthub.io",
        "5% of {%x%} -- a - b --- c",
        r"\'ehttps://x.org and 1github.com/z",
        "data: https://x.org/a--b, then `code' it's",
        r"\url{https://a.b/c} https://a.b/c [t](https://a.b/c) <https://a.b/c>",
    ],
)
def test_plain_runs_tokenize_like_the_regex(source: str) -> None:
    assert_same_as_token_by_token(source)


_URLISH = st.lists(st.sampled_from(list(" .,-_%/:@()'`éı") + [
    "https://", "HTTP://", "x.org", "www.", "WWW.", "github.com/a", "GitHub.io", "gİthub.com", "a.b.", "--",
    "%}", "{%", "foo", "{", "}", r"\'e", r"\url{", "$x$", "[t](", "<", ">", "**"]), max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(st.one_of(_TEXISH, _URLISH))
def test_fast_path_matches_token_by_token(source: str) -> None:
    assert_same_as_token_by_token(source)


@pytest.mark.parametrize(
    ("title", "text"),
    [
        ("PixArt- α : Fast Training", "PixArt-α: Fast Training"),
        ("PILOT: An O ( 1 / K ) -Convergent Approach", "PILOT: An O(1/K)-Convergent Approach"),
        ("∞ -Diff: Infinite Resolution", "∞-Diff: Infinite Resolution"),
        ("α TC-VAE: On the relationship", "αTC-VAE: On the relationship"),
        ("u- μ P: The Unit-Scaled", "u-μP: The Unit-Scaled"),
        ("Streaming Algorithms For ℓ p Flows", "Streaming Algorithms For ℓp Flows"),
        ("G 2 N 2 : Weisfeiler and Lehman", "G2N2: Weisfeiler and Lehman"),
        ("SEBRA : Debiasing", "SEBRA: Debiasing"),
        (r"Bridging \emph{De Novo} Peptide", "Bridging De Novo Peptide"),
        (r"$\alpha$-Divergence", "α-Divergence"),
        ("A Poincaré Inequality", "A Poincaré Inequality"),
    ],
)
def test_tex_to_text(title: str, text: str) -> None:
    assert tex_to_text(title) == text


def test_a_dropped_citation_leaves_no_empty_parentheses() -> None:
    converted = convert(r"we propose a Continuous Query (\citep{cq}), enabling f() calls.")
    assert converted.text == "we propose a Continuous Query, enabling f() calls."
    assert "()" not in converted.html.replace("f()", "")


@given(st.text(alphabet=st.characters(max_codepoint=0x200), max_size=40))
def test_printable_ascii_is_isprintable_on_ascii(source: str) -> None:
    assert latex._printable_ascii(source) == (source.isascii() and source.isprintable())


@pytest.mark.parametrize("text", ["a () b", "a ( ) b", "a (  ) b", "f() and (x)", "( )", "(\t)", "no parens"])
def test_empty_parentheses_cue_is_the_substring_tests(text: str) -> None:
    assert bool(latex._EMPTY_PARENS_CUE_RE.search(text)) == ("()" in text or "( )" in text)


_MACRO_NAME = st.from_regex(r"[a-z][a-zA-Z]{3,11}", fullmatch=True).filter(
    lambda name: convert("\\" + name).warnings != ()  # only a name TeX and papersite do not know
)


@given(names=st.lists(_MACRO_NAME, min_size=1, max_size=4), form=st.sampled_from(["\\{}", "{{\\{}}}", "\\{}{{}}"]))
def test_no_unknown_macro_leaves_a_hole_in_its_sentence(names: list[str], form: str) -> None:
    words = ["We", "release"] + [w for name in names for w in (form.format(name), "and")][:-1] + ["today."]
    result = convert(" ".join(words))
    assert result.text.split() == ["We", "release"] + [w for name in names for w in (name, "and")][:-1] + ["today."]
