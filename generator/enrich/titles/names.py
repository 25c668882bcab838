"""Find the name an abstract coins for its method, model or dataset ("FooNet", "Vocos").

Candidates are tokens that look coined (inner capitals, digits, mixed case) and plain
capitalised words used as proper nouns; each earns points for the role it plays (object
of "we propose", "called X", a bracketed acronym spelled out before it, the subject of a
sentence) and for repetition, and loses points when compared against ("outperforms X").
Names met before the contribution sentence count for less: they are usually background.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .acronyms import _initials_match, _spelled_out
from .coined import (
    _CAND_KINDS,
    _NAMELIKE,
    _PROPER,
    _QUANTITY,
    _base,
    _cand_kind,
    _cand_spans,
    _namelike,
    _suffix_ok,
)
from .lexicon import (
    _LEAD_DROP,
    _ORDINARY,
    _STRONG_INTRO,
    _TOKEN,
    COMMON_NAMES,
    FIELD_HEADS,
    _strip_token,
)
from .cues import _compared_before, _made_in_sentence, _object_of_use, _verb_before, _we_in_sentence
from .repos import _describes
from .symbols import _MATH_WORD, _in_math


_INTRO_SHORT = ("called ", "named ", "dubbed ", "termed ", "coined ", "namely ")
_INTRO_WORDS = ("called", "dubbed", "named", "termed", "coined", "namely", "denoted", "refer", " call ", " name it",
                "abbreviated", "we term")


def _occurrences(prose: str, anchors: Sequence[str]) -> list[int]:
    """Return where each anchor string occurs, anchor by anchor, each in text order."""
    out = []
    for anchor in anchors:
        i = prose.find(anchor)
        while i >= 0:
            out.append(i)
            i = prose.find(anchor, i + 1)
    return out


def _windowed(pattern: re.Pattern[str], prose: str, anchors: Sequence[int], back: int, ahead: int) -> list[re.Match[str]]:
    """Run ``pattern`` only in windows around the anchors (from ``_occurrences``); return the matches in text order."""
    found: dict[int, re.Match[str]] = {}
    for i in anchors:
        for m in pattern.finditer(prose, max(0, i - back), i + ahead):
            found.setdefault(m.start(), m)
    return [found[k] for k in sorted(found)]


_INTRO_NAME = re.compile(_STRONG_INTRO + r"\s*[\"'*_\u201c]*(" + _TOKEN.pattern + r")")
_INTRO_BEFORE = re.compile(_STRONG_INTRO + r"\s*[\"']?$")
_ROLE_NOUNS = (
    r"(?:model|method|framework|approach|system|agent|algorithm|benchmark|dataset|architecture|tool|library|"
    r"pipeline|technique|network|suite|toolkit|platform|environment|simulator|metric|solver|attack|defense|"
    r"strategy|paradigm|module|family|corpus|objective|loss|optimizer|policy|protocol|scheme|recipe|estimator)s?"
)
_AFTER_CUE = re.compile(
    r"\s*(?:the\s+|a\s+|an\s+|our\s+)?[\"'\u201c]?(" + _TOKEN.pattern + r")[\"'\u201d]?"
    r"(?=\s*(?:,|\(|:|\s[-\u2013\u2014]|\u2014|\sas\s|\sthat\s|\swhich\s|\sto\s|\sfor\s|\s(?:a|an)\s|\s"
    + _ROLE_NOUNS + r"\b))"
)
# "we develop a certified defense, DRSM (...)": a name set beside the object of the cue.
_CUE_APPOSITION = re.compile(
    r"\s*(?:the|a|an|our)\s+(?:[\w-]+\s+){0,4}?[\w-]+,\s+[\"'\u201c]?(" + _TOKEN.pattern + r")[\"'\u201d]?(?=\s*[,(:]|\s[-\u2013\u2014])"
)
# "called ReaLly Scalable RL (SRL)": the bracketed token, not the first spelled-out word, is the name.
_INTRO_LONG = re.compile(_STRONG_INTRO + r"\s+[\"'\u201c]?([A-Za-z][^.,;:()\"]{2,90}?)[\"'\u201d]?\s*\(([A-Za-z][\w\-]*[\w])\)")
# "our low-rank plus quantized matrix decomposition approach (" just before a bracketed name.
_OUR_CLAUSE = re.compile(r"\b(?:[Oo]ur|proposed|resulting|novel)\s+(?:[\w-]+\s+){0,9}[\w-]+\s*\($")
# "we propose a ... framework, PTaRL," / "we present Learnable Spherical Patch Fields (DeepSPF)".
_VERB_CLAUSE = re.compile(
    r"\b(?:propos|introduc|present|develop|design)\w*\s+(?:the\s+|a\s+|an\s+|our\s+)?"
    r"(?:(?!(?:to|with|of|by|on|in|that|which|and)\s)[\w-]+\s+){0,7}?[\w-]+(?:,\s+|\s*\()$"
)
_SECONDARY = ("Moreover", "Additionally", "Furthermore", "In addition", "Besides", "We also", "We further", "Finally", "Lastly")


def _primary(prose: str, pos: int) -> float:
    """Weigh a role by its sentence: "Moreover, we propose X" introduces a part, not the paper's name."""
    start = prose.rfind(". ", 0, pos) + 2 if pos else 0
    if prose.startswith(_SECONDARY, start) or " also " in prose[start:pos]:
        return 0.5
    return 1.0


_CALLED_BEFORE = re.compile(r"\b(?:we call|we name|we term|called|named|dubbed|termed|coined)\s+(?:the\s+|an?\s+)?$")
# "We dubbed our <...> method Raidar", "we call our framework X".
_DUB_OUR = re.compile(
    r"\b(?:dubbed|called|named|termed|call|name|term)\s+(?:our|the|this)\s+(?:[\w-]+\s+){0,8}?" + _ROLE_NOUNS
    + r"\s+[\"'\u201c]?([A-Za-z][\w\-]*[\w])"
)
_OUR_BEFORE = re.compile(
    r"\b(?:[Oo]ur|proposed|resulting)\s+(?:[\w-]+\s+){0,3}?(?:(?:model|method|approach|framework|algorithm|system|benchmark|"
    r"dataset|technique|architecture|agent|tool|pipeline|library),?\s+|[\w-]+,\s+)?$"
)
_ROLE_AFTER = re.compile(r"\s+" + _ROLE_NOUNS + r"\b")
_APPOSITIVE_AFTER = re.compile(r",?\s+(?:a|an|the|our|is|which)\b")


_DASH_APPOSITION = re.compile(r"\s*[\u2013\u2014]\s*(?:a|an)\s")
_MAKES = (" introduces ", " presents ", " proposes ", " is a new ", " is a novel ")
_SUBJECT_AFTER = re.compile(
    r"\s+(?:is|achieves|outperforms|surpasses|improves|enables|allows|consistently|significantly|can|also|"
    r"demonstrates|shows|yields|reduces|attains|sets|learns|uses|leverages|combines|consists|employs)\b"
)
# Split in two because one alternation tried at every position was the slowest scan here.
_LATE_NAME = re.compile(r"[acdnt](?<!\w.)(?:(?<=a)s|(?<=c)alled|(?<=d)ubbed|(?<=n)amed|(?<=t)ermed)\s+[\"'\u201c]?([A-Z][\w\-]*[\w])[\"'\u201d]?\s*\(")


def _naming_word_before(prose: str, i: int) -> bool:
    """Tell whether a word ``_LATE_NAME`` opens on stands in the 80 characters before the bracket at ``i``.

    A match holds one bracket, its last character, so a match ending at this bracket is
    found in this bracket's window or in none: a window without such a word need not be scanned.
    """
    head = prose[max(0, i - 80) : i]
    return "as" in head or "called" in head or "dubbed" in head or "named" in head or "termed" in head


_FOR_SHORT = re.compile(r"\(([A-Z][\w\-]*[\w]) for short\)|\b([A-Z][\w\-]*[\w]) for short\b")


#: What ``_name_scores`` found: each candidate's score, how often it is written, those compared
#: against, the spelled-out forms of acronyms, and the names the abstract shows are its own.
_NameScores = tuple[dict[str, float], dict[str, int], frozenset[str], dict[str, str], frozenset[str]]


def _name_scores(
    prose: str, pivot: int, cue_ends: Sequence[int], contrib_end: int = -1, repos: Sequence[str] = ()
) -> _NameScores:
    """Score the candidate names of an abstract (``_pick_name`` chooses among them).

    ``pivot`` is where the contribution sentence starts: names met before it are
    usually other people's (background, baselines), so they count for less. ``repos``
    are the names the abstract's code links bear: a word that names the repository is
    the paper's own, and a coined repository name counts even if the prose never writes it.
    """
    scores: dict[str, float] = {}
    expansions: dict[str, str] = {}

    strong: set[str] = set()  # names some cue introduces ("we propose X", "called X", "our X")
    owned: set[str] = set()  # names the abstract shows are its own (see ``_pick_name``)

    def add(tok: str, points: float, cue: bool = True, own: bool = False) -> None:
        tok = _strip_token(tok)
        if cue:
            strong.add(tok)
        if own:
            owned.add(tok)
        low = tok.casefold()
        if len(tok) < 2 or low in COMMON_NAMES or low in _ORDINARY or _base(tok) in COMMON_NAMES:
            return
        if tok[0].isdigit() and _QUANTITY.fullmatch(tok):
            return
        scores[tok] = scores.get(tok, 0.0) + points

    def weight(pos: int) -> float:
        return (1.0 if pos >= pivot else 0.4) * _primary(prose, pos)

    # Plain capitalised words ("Nemesis", "Mayfly") count only right after a cue or "called".
    for end in cue_ends:
        m = _AFTER_CUE.match(prose, end)
        if m and _lone_capital(prose, m) and m.group(1).casefold() not in _ORDINARY:
            add(m.group(1), 8 * weight(end), own=True)
        m = _CUE_APPOSITION.match(prose, end)
        if m and _namelike(_strip_token(m.group(1))):
            add(m.group(1), 8 * weight(end), own=True)
    intros = _occurrences(prose, _INTRO_WORDS)  # shared by the three "called X" scans below
    for m in _windowed(_DUB_OUR, prose, intros, 15, 140):
        if m.group(1)[0].isupper() or _namelike(m.group(1)):  # not "call the naive loss minimization"
            add(m.group(1), 12 * _primary(prose, m.start()), own=True)  # "We dubbed our ... method Raidar"
    if "(" in prose:
        for m in _windowed(_INTRO_LONG, prose, intros, 15, 140):
            spelled, tok = m.group(1).strip(), m.group(2)
            if " " in spelled and (_namelike(tok) or _initials_match(spelled, tok) or tok[0] == spelled[0].upper()):
                # Beats the first spelled-out word, which _INTRO_NAME gives 10; before the contribution
                # sentence, "a distance called Word Mover's Distance (WMD)" is other people's work.
                add(tok, 11 * weight(m.start()), own=m.start() >= pivot or _made_in_sentence(prose, m.start()))
                expansions.setdefault(_strip_token(tok), spelled)
    if contrib_end < 0:
        contrib_end = len(prose)
    brackets = [i for i in _occurrences(prose, ("(",)) if _naming_word_before(prose, i)]
    for m in _windowed(_LATE_NAME, prose, brackets, 80, 1):
        add(m.group(1), 8, own=m.start() >= pivot)  # "abbreviated as URLOST ("
    if "for short" in prose:
        for m in _FOR_SHORT.finditer(prose):
            add(m.group(1) or m.group(2), 8, own=True)  # "(X for short)"
    for m in _windowed(_INTRO_NAME, prose, intros, 15, 120):
        tok = m.group(1)
        if _namelike(tok) or _lone_capital(prose, m):
            own = m.start() >= pivot or "dubbed" in m.group(0) or _made_in_sentence(prose, m.start())
            # A plain word named once ("an approximation, termed Hellinger") names a part: the model
            # the paper then proposes ("to propose HELVAE, a multimodal VAE") is its name.
            once = not _namelike(tok) and prose.count(tok) == 1
            add(tok, (6 if once else 10) * weight(m.start()), own=own)  # before the contribution: "a distance called X" is not
    counts: dict[str, int] = {}
    before_head: dict[str, int] = {}  # how often a name is written before a kind of thing ("GCRL method")
    compared: set[str] = set()
    listed: set[str] = set()  # written in a list of names ("MiMo-VL-7B, Qwen3-VL-8B, and TimeLens-8B")
    proper: dict[str, list[int]] = {}  # plain capitalised words ("Vocos") and where they stand
    subjects: dict[str, int] = {}  # how many sentences a name opens as their subject
    kinds = _CAND_KINDS
    for s, e in _cand_spans(prose):
        raw = prose[s:e]
        tok, kind = kinds.get(raw) or _cand_kind(raw)
        if kind != _NAMELIKE:
            if kind == _PROPER:  # weighed below, once we know it is capitalised mid-sentence
                proper.setdefault(tok, []).append(s)
            continue
        counts[tok] = counts.get(tok, 0) + 1
        if _ROLE_AFTER.match(prose, e):
            before_head[tok] = before_head.get(tok, 0) + 1  # "existing GCRL methods"
        before = prose[max(0, s - 40) : s]
        if _compared_before(before):
            compared.add(tok)
        elif _listed(prose, s, e):
            listed.add(tok)
        if _verb_before(before) and _AFTER_CUE.match(prose, s - 1 if s else 0):
            add(tok, 8 * weight(s), own=True)
        elif before[-2:] in (", ", " (") and _VERB_CLAUSE.search(prose, max(0, s - 90), s):
            add(tok, 6 * weight(s), own=True)  # set beside (or bracketed after) the object of a contribution verb
        elif ("ur " in before or "proposed " in before or "resulting " in before) and _OUR_BEFORE.search(before):
            add(tok, 3, own=True)
        if s and prose[s - 1] == "(" and prose[e : e + 1] == ")":
            if _OUR_CLAUSE.search(prose, max(0, s - 120), s):
                add(tok, 4 * weight(s), own=True)  # "our ... approach (LQ-LoRA)"
            spelled = _spelled_out(prose[max(0, s - 100) : s - 1], tok)
            prev = prose[max(0, s - 60) : s - 1].rstrip().rsplit(" ", 1)[-1]
            if "-" in prev and prev[:1].isupper() and _initials_match(prev, tok):
                add(prev, 5 * weight(s), own=s >= pivot)  # "Skeleton-of-Thought (SoT)": the compound is the name
                continue
            if spelled:
                expansions.setdefault(tok, spelled)
                # A bracketed acronym is the paper's own only in or after its contribution
                # sentence; before it, it is background vocabulary (NER, INR, MLaaS).
                plural = tok[-1] == "s" and tok[:-1].isupper()
                at = prose.rfind(spelled, 0, s)
                if at >= 0 and prose[max(0, at - 12) : at].endswith(_INTRO_SHORT):
                    add(tok, 8 * (1.0 if s >= pivot else 0.4), own=s >= pivot)  # "called unsupervised order learning (UOL)"
                elif not plural:
                    # Made by the paper only if a contribution verb takes the spelled-out words as its
                    # object: "we introduce Variational Continual Learning (VCL)", not "applied to the
                    # Least Square Support Vector Machine (LSSVM)".
                    # "we explore how to incorporate compiled neural networks (CoNNs)": a mixed-case acronym
                    # spelled out in the contribution sentence is coined there.
                    coined = pivot <= s < contrib_end and not tok.rstrip("s").isupper()
                    made = at >= 0 and (
                        _verb_before(prose[max(0, at - 40) : at])
                        or _OUR_BEFORE.search(prose, max(0, at - 60), at) is not None  # "Our framework, Compose and Conquer"
                        or _CALLED_BEFORE.search(prose, max(0, at - 30), at) is not None  # "what we call the naive loss ..."
                        or (_made_in_sentence(prose, at) or coined and _we_in_sentence(prose, at))
                        and not _object_of_use(prose[max(0, at - 30) : at], spelled=True)
                    )
                    points = (5 if pivot <= s < contrib_end else 2.5 if s >= pivot else 0.5) * _primary(prose, s)
                    add(tok, points, cue=False, own=made)
            elif pivot <= s < contrib_end:
                add(tok, 3, own=_made_in_sentence(prose, s))  # "our ... approach (LQ-LoRA)": bracketed, no initials to match
            elif _made_in_sentence(prose, s):
                owned.add(tok)  # "We introduce Context-Aware Distillation with Experience-gated Transfer (CADENT)"
        elif (s == 0 or prose[s - 2 : s] in (". ", "! ", "? ")) and _APPOSITIVE_AFTER.match(prose, e):
            add(tok, 3 * weight(s), cue=False, own=s >= pivot)  # "X, a new ...", "X is ..."
        if before.endswith(("In ", "With ")) and prose[e : e + 5] == ", we ":
            add(tok, 3, own=True)  # "In MagicDec, we show"
        elif before.endswith("the ") and _ROLE_AFTER.match(prose, e):
            add(tok, 2 * weight(s), own=s >= pivot)  # "the MathCoder2 family of models"
        if pivot <= s < contrib_end:
            add(tok, 2)  # a name written in the contribution sentence itself
        opener = s == 0 or prose[s - 2 : s] in (". ", "! ", "? ")
        if opener and _SUBJECT_AFTER.match(prose, e):
            # "X achieves ...", "X is a ...": the paper's own subject, after its contribution or in two sentences
            subjects[tok] = subjects.get(tok, 0) + 1
            add(tok, 1.5 * weight(s), cue=False, own=s >= pivot or subjects[tok] > 1)
        spelled = _set_off_spelled(prose, pivot, contrib_end, tok) if opener and s >= contrib_end and tok.isupper() else ""
        if spelled:
            add(tok, 8, own=True)  # "we introduce a framework, Bi-Stage 3D Gaussian Splatting, to ... BSGS contains"
            expansions.setdefault(tok, spelled)
        if tok in owned or prose[s - 1 : s] == "(" or tok in compared:
            continue
        if (
            opener and prose.startswith(_MAKES, e)
            or _made_in_sentence(prose, s) and not _object_of_use(before)
            or _DASH_APPOSITION.match(prose, e) and _we_in_sentence(prose, s)
        ):
            owned.add(tok)  # "We propose a simple but effective method AuG-KD", "We start by describing TabM – a simple model"

    # A plain capitalised word is a name only if it is capitalised mid-sentence (a proper
    # noun, not a sentence opener) and never written in lower case.
    for tok, where in proper.items():
        points = _proper_score(prose, tok, where, pivot, contrib_end)
        if points:
            add(tok, points, own=True)  # a plain word is a name only by a role or as a subject
            counts[tok] = len(where)
    # Repetition: a coined name is used over and over; a baseline is compared against.
    for tok, n in counts.items():
        if tok in scores:
            scores[tok] += min(n, 5) * 0.5
        elif n >= 2:
            add(tok, min(n, 5) * 0.8, cue=False)
    for tok in compared:
        if tok in scores:
            scores[tok] -= 4
    for tok in listed - compared:
        if tok in scores and counts[tok] == 1:
            scores[tok] -= 4  # a model tested, named once; a paper's own variants ("TR-DPO, TR-IPO") recur
    for tok in scores:
        if counts.get(tok, 0) == 1 and tok not in strong and tok.isupper():
            # "computed with a Fast Fourier Transform (FFT) algorithm": an acronym met once, by no cue, is a
            # field's term or a tool. A coined name in mixed case ("RaE", "CnC") is the paper's all the same.
            scores[tok] -= 3
    for raw in repos:
        low = raw.casefold()
        hits = [t for t in scores if t.casefold() == low or _base(t) == low]
        if _describes(raw, prose):
            for tok in hits:
                del scores[tok]  # met in the link alone: the repository's description, not a name
            continue
        if hits:
            for tok in hits:
                scores[tok] += 4  # the code link bears the name
                owned.add(tok)
        elif _namelike(raw) and raw.casefold() not in _ORDINARY:
            add(raw, 3, own=True)  # written only in the link (github.com/x/HiGen)
    for tok in scores:
        if tok[-1] == "s" and tok[:-1].isupper() and len(tok) > 2:
            scores[tok] -= 3  # "DMs", "RMs": a plural acronym is background vocabulary
        elif (tok + "s" in counts or tok[-1] == "s" and tok[:-1] in counts) and tok.upper() != tok:
            scores[tok] -= 4  # "the ControlNet" beside "ControlNets": a family of models, not one the paper coins
    for tok, n in before_head.items():
        if n == counts[tok] and n > 1 and tok.isupper() and tok not in expansions and tok in scores:
            # "a practical GCRL method ... existing GCRL methods": an acronym only ever before a kind of thing,
            # never spelled out, is a class of methods (a coined name in mixed case may be "the HumanCLIP model")
            scores[tok] -= 4
    for tok, spelled in expansions.items():
        if tok in scores and _names_setting(prose, spelled):
            del scores[tok]
    return scores, counts, frozenset(compared), expansions, frozenset(owned)


# A capitalised phrase set off by commas: "a novel framework, Bi-Stage 3D Gaussian Splatting, to reconstruct".
_SET_OFF = re.compile(r", ((?:[A-Z0-9][\w\-]* ){1,6}[A-Z][\w\-]*),")


def _set_off_spelled(prose: str, pivot: int, contrib_end: int, tok: str) -> str:
    """Return the capitalised phrase set off in the contribution sentence that an acronym abbreviates, or "".

    A paper may name its method in words there and use only the acronym after ("BSGS contains two stages").
    """
    for m in _SET_OFF.finditer(prose, pivot, contrib_end):
        parts = m.group(1).replace("-", " ").split()
        initials = "".join(part[0] for part in parts if part[0].isupper())  # "Bi-Stage 3D Gaussian Splatting": "BSGS"
        if tok in (initials, "".join(c for part in parts for c in part if c.isupper())):
            return m.group(1)
    return ""


def _names_setting(prose: str, spelled: str) -> bool:
    """Tell whether an acronym's words name the problem or field the paper works in, not what it makes.

    "a polynomial-time approximation scheme (PTAS)", "learning hypergraphs with shortest-path
    queries (SP-queries)", "exhibits multi Overlap Gap Property (m-OGP)": the last word names a
    problem, a property or a kind of query. "a conversion from general d-dimensional Stochastic
    Convex Optimization (SCO)": a field the abstract puts after a preposition, as a setting. On the
    dev files 1 of 21 such acronyms was in the paper's real title; a coined name is written as the
    object of its verb ("we propose Variational Continual Learning (VCL)").
    """
    at = prose.find(spelled)
    if at > 0 and _verb_before(prose[max(0, at - 40) : at]):
        return False  # "we introduce a Geometry-guided Cross-view Condition (GCC)": what the paper makes
    last = spelled.rsplit(None, 1)[-1].casefold()
    if last in _SETTING_HEADS:
        return True
    if last not in FIELD_HEADS:
        return False
    before = prose[max(0, at - 40) : at].split()[-3:] if at > 0 else []
    for word in reversed(before):  # the preposition, over up to two modifiers ("from general d-dimensional")
        low = word.casefold()
        if low in _SETTING_PREPS:
            return True
        if low in _LEAD_DROP or not low.isalpha() and "-" not in low:
            return False
    return False


# Last words of a phrase that names a problem, a property or a kind of query, not a method.
_SETTING_HEADS = frozenset("problem problems scheme schemes query queries property condition conditions setting settings assumption".split())
_SETTING_PREPS = frozenset("from in of for with under on into".split())


# A comma, or "and"/"or" after one, and then a name: "improves MiMo-VL-7B, Qwen3-VL-8B, and TimeLens-8B".
_LIST_NEXT = re.compile(r",\s+(?:(?:and|or)\s+)?([^\s,;:()]+)")
_LIST_BEFORE = re.compile(r"([^\s,;:()]+),\s+(?:(?:and|or)\s+)?$")


def _listed(prose: str, s: int, e: int) -> bool:
    """Tell whether the name at ``prose[s:e]`` stands in a list of names: the models a paper tests, not its own."""
    after = _LIST_NEXT.match(prose, e)
    if after and _namelike(_strip_token(after.group(1))):
        return True
    before = _LIST_BEFORE.search(prose, max(0, s - 40), s)
    if before is None:
        return False
    item = _strip_token(before.group(1))
    return _namelike(item) or item[:1].isupper()  # "(CNNs, Vision Transformers, Swin Transformers, ConvNeXt)"


def _pick_name(prose: str, found: _NameScores, shared: frozenset[str] = frozenset()) -> tuple[str | None, str]:
    """Return the best of the scored names, and its spelled-out form, if any.

    ``shared`` are words several papers of the corpus write ("MARL", "MT-Bench", "CALVIN"): a
    field's term, a benchmark or a baseline, never the paper's own name.
    """
    scores, counts, compared, expansions, owned = found
    # The best scored, then the most used, then the first in order; one written only as math
    # ("such as SO(3)": a group) is not the paper's name, and the next one is tried. Only a name
    # the abstract shows is its own may lead: one it merely uses, however often (a metric, a
    # distance, the classical model it analyses or tests), would mislead; the title keeps its phrase.
    ranked = sorted((t for t in scores if t in owned and t not in shared), key=lambda t: (-scores[t], -counts.get(t, 0), t))
    best = next((t for t in ranked if not _in_math(prose, t) and not _MATH_WORD.fullmatch(t)), None)
    if best is None or scores[best] < 2.4:
        return None, ""
    # "EQA" written as part of "EQA-MX": the paper's name is the longer token.
    longer = [
        t for t in counts
        if t.startswith(best + "-") and t not in compared and t not in shared and _suffix_ok(t[len(best) + 1 :])
    ]  # fmt: skip
    if longer:
        best = max(longer, key=lambda t: (counts[t], t))
    return best, expansions.get(best, "")


_ROLE_HEADS = (
    "model, ", "method, ", "framework, ", "approach, ", "system, ", "agent, ", "algorithm, ", "benchmark, ",
    "dataset, ", "architecture, ", "tool, ", "library, ", "pipeline, ", "technique, ", "network, ", "suite, ",
    "toolkit, ", "platform, ", "language, ", "environment, ", "simulator, ", "metric, ", "solver, ",
)


def _proper_score(prose: str, tok: str, where: Sequence[int], pivot: int, contrib_end: int) -> float:
    """Score a plain capitalised word from the roles it plays; 0 unless it is a name.

    It must be capitalised somewhere mid-sentence (a proper noun, not a sentence opener),
    never written in lower case, never part of a longer capitalised name ("Safe RLHF")
    or possessive ("Goodhart's"), and play a role (apposition, object of "we propose",
    bracketed in the contribution sentence) or be the subject of two sentences.
    """
    openers = [not s or prose[s - 2 : s] in (". ", "! ", "? ") for s in where]
    if all(openers) or (" " + tok.lower()) in prose:
        return 0.0  # never capitalised mid-sentence, or written in lower case too: an English word
    total, strong = 0.0, False
    for s, opener in zip(where, openers):
        e = s + len(tok)
        if not _lone_word(prose, s, e, opener) or prose[e : e + 1] in ("'", "\u2019"):
            return 0.0
        points, role = _proper_points(prose, s, e, pivot, contrib_end)
        total += points * (1.0 if s >= pivot else 0.4)
        strong = strong or role
    return total if strong or total >= 3 else 0.0


def _proper_points(prose: str, s: int, e: int, pivot: int, contrib_end: int) -> tuple[float, bool]:
    """Score the role a plain capitalised word plays at ``prose[s:e]``; say whether it is a strong one."""
    before = prose[max(0, s - 40) : s]
    after = prose[e : e + 2]
    points = 0.0
    if after[:1] in (",", ")") or after == " (":
        if before.endswith(_ROLE_HEADS):
            points += 5  # "Our model, Coeditor, is", "a GPT based model, Duolando, which"
        elif _verb_before(before):
            points += 8  # "presenting Vocos, a new model"
        elif prose[s - 1 : s] == "(" and pivot <= s < contrib_end and _may_shorten(prose[max(0, s - 80) : s], prose[s]):
            points += 5  # "Mixture of Monosemantic Experts (Monet)"
    if before.endswith(("In ", "With ")) and prose[e : e + 5] == ", we ":
        points += 3  # "In MagicDec, we show"
    strong = points > 0
    if _SUBJECT_AFTER.match(prose, e):
        points += 1.5  # "Neuroformer is a ...", "that Neuroformer can ..."
    return points, strong


def _may_shorten(before: str, initial: str) -> bool:
    """Tell whether a bracketed word opening on ``initial`` may shorten the words before it: one opens so too.

    "Mixture of Monosemantic Experts (Monet)" names the model; "the Garonne River (France)" says where.
    """
    return any(word[:1] == initial for word in before.split())


def _lone_word(prose: str, s: int, e: int, opener: bool) -> bool:
    """Tell whether no capitalised word stands right before or after ``prose[s:e]``."""
    if prose[e : e + 1] == " " and prose[e + 1 : e + 2].isupper():
        return False
    if opener or s < 2 or prose[s - 1] != " ":
        return True
    k = prose.rfind(" ", 0, s - 1)
    return not prose[k + 1 : k + 2].isupper() or prose[s - 2] in ",;:"  # "Moreover, Monet allows"


def _lone_capital(prose: str, m: re.Match[str]) -> bool:
    """Tell whether group 1 is a capitalised word standing alone, not the head of "Two Word Name"."""
    tok, end = m.group(1), m.end(1)
    if not tok[0].isupper():
        return _namelike(tok)
    return not (prose[end : end + 1] == " " and prose[end + 1 : end + 2].isupper()) and "-" not in tok
