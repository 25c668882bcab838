"""Infer a title, a coined name and a one-line summary from a plain-text abstract.

Everything here is heuristics over the abstract's sentences: find the *contribution
sentence* ("we propose ...", "this paper presents ..."), find the name the paper coins
for its method, model or dataset, and build the title from the abstract's topic words:
runs of words that are neither function words nor the stock vocabulary of academic
prose, scored by how many sentences use them (with a bonus in the first and the
contribution sentence). The title is "Name: <best run> for <best other run>". Titles
use title case consistently. Input is plain text (TeX has already been converted by
another module); output never carries TeX or Markdown.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from bisect import bisect_left, bisect_right
from collections import Counter
from functools import lru_cache

log = logging.getLogger(__name__)

MAX_TITLE = 100
MAX_SUMMARY = 220
FALLBACK_TITLE = "Untitled Abstract"

# Acronyms and names of well-known methods, models and benchmarks. An abstract
# mentions them all the time but never *coins* them, so they are never its name.
COMMON_NAMES = frozenset(
    """ai ml dl nlp cv rl llm llms lm lms vlm vlms mllm mllms lvlm lvlms gnn gnns cnn cnns rnn rnns
    dnn dnns mlp mlps mae vae vaes gan gans gpu gpus cpu tpu sota iid ood ode odes pde pdes sde sdes
    sgd kl mdp mdps pomdp api apis qa vqa ssl fl nerf nerfs rgb rgbd lidar mri ct ecg eeg fmri
    3d 2d 4d 1d id ids url urls faq llama llama2 llama-2 llama-3 llama3 gpt gpt-2 gpt-3 gpt-3.5 gpt-4
    gpt-4o gpt-4v chatgpt bert roberta t5 palm claude gemini mistral vicuna alpaca clip dino dinov2
    simclr moco byol resnet resnets vit vits transformer transformers imagenet cifar cifar-10
    cifar-100 mnist coco glue superglue mmlu gsm8k humaneval mujoco d4rl atari adam adamw ppo dqn
    sac td3 maml ddpm ddim lora qlora rlhf dpo cot icl rag sam unet u-net svm pca mcmc em elbo
    nas mpc snn snns hmm crf bleu rouge fid auc roc mse mae rmse f1 ai2 openai hf pytorch jax
    github arxiv i.e e.g etc vs nlg nlu asr tts ocr seq2seq mlm sgld hmc gp gps bo rkhs ntk
    relu gelu sgd llava blip stable sdxl midjourney dall-e whisper wikipedia reddit twitter
    iclr neurips icml cvpr acl emnlp usa uk eu rna dna mrna pinn pinns svd peft xai mtl ope nvs ide esg
    mln mlns ner inr inrs moe vq vq-vae ssm ssms ctr cot ppi gcl ot sdf sdfs pii""".split()
)

# Words that begin a sentence or a title in capitals but are ordinary English.
_ORDINARY = frozenset(
    """we our this the a an in on to for of and or but however moreover furthermore finally
    first second third then thus these those it its they their here there while when where
    although despite recent existing specifically notably overall importantly additionally
    to with by from as at experiments extensive results code our""".split()
)

_STRONG_INTRO = r"(?:called|dubbed|named|termed|coined|nicknamed|abbreviated as|denoted(?: as| by)?|referred to as|namely|which we call|we call it|we name it|we term)"
_VERBS = (
    r"propos(?:e|es|ed)|introduc(?:e|es|ed)|present(?:s|ed)?|develop(?:s|ed)?|design(?:s|ed)?|"
    r"devis(?:e|es|ed)|buil(?:d|ds|t)|construct(?:s|ed)?|creat(?:e|es|ed)|offer(?:s|ed)?|"
    r"contribut(?:e|es|ed)|unveil(?:s|ed)?|releas(?:e|es|ed)|curat(?:e|es|ed)|establish(?:es|ed)?|"
    r"formulat(?:e|es|ed)|put(?:s)? forward|describ(?:e|es|ed)|provid(?:e|es|ed)"
)
_STUDY = (
    r"stud(?:y|ies|ied)|investigat(?:e|es|ed)|analy[sz](?:e|es|ed)|explor(?:e|es|ed)|examin(?:e|es|ed)|"
    r"consider(?:s|ed)?|address(?:es|ed)?|tackl(?:e|es|ed)|revisit(?:s|ed)?|focus(?:es|ed)? on|"
    r"aim(?:s)? to|seek(?:s)? to|characteri[sz](?:e|es|ed)|prov(?:e|es|ed)|show(?:s|ed)?|"
    r"demonstrat(?:e|es|ed)|identif(?:y|ies|ied)|find(?:s)?|argu(?:e|es|ed)|derive(?:s|d)?"
)
# Case-sensitive with explicit capitals: IGNORECASE makes these scans several times slower.
_PAPER = r"(?:paper|work|study|article|note|manuscript)\b"
# The scan starts on a plain character class and checks the word boundary right after:
# a pattern that opens with \b (or an alternation of classes) is tried at every position.
_SUBJECT = (
    r"[WwTtOo](?<!\w.)(?:(?<=[Ww])e\b|(?<=[Tt])h(?:is " + _PAPER + r"|e present " + _PAPER
    + r"|is\b(?= (?:" + _VERBS + r")\b))|(?<=[Oo])ur " + _PAPER + r")"
)
_ADVERBS = r"(?:(?:also|further|first|then|therefore|thus|hence|now|instead|here|additionally|furthermore|finally|formally|empirically|theoretically|systematically|carefully|comprehensively|newly|next|subsequently),?\s+)*"
# "We bridge this gap and present X": allow a short clause between subject and verb.
_CUE_STRONG = re.compile(_SUBJECT + r",?\s+(?:[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r")\b")
_CUE_STUDY = re.compile(_SUBJECT + r",?\s+" + _ADVERBS + r"(?:" + _STUDY + r")\b")
_CUE_PASSIVE = re.compile(
    r"\b(?:is|are) (?:proposed|presented|introduced|developed|described) in this (?:paper|work)\b"
)
_CUE_OUR = re.compile(r"\b(?:[Oo]ur|[Tt]he proposed) (?:method|approach|framework|model|algorithm|system|technique|benchmark|dataset)\b")

_TOKEN = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w\-+&*%.'\u0370-\u03ff]*[\w+*%\u0370-\u03ff]|[A-Z0-9]")
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\b[\w.-]+\.github\.io\S*")
_MARKUP = re.compile(r"\*\*|__|`|\\[A-Za-z]+|[\\$#{}<>~^|]|\[(?=[^\]]*\]\()|\]\([^)]*\)")
_HTML_SCRIPT = re.compile(r"<\s*(script|style)\b[^>]*>.*?(?:<\s*/\s*\1\s*>|$)", re.IGNORECASE | re.DOTALL)
_HTML_TAG = re.compile(r"</?[A-Za-z!][^<>]{0,200}>")
_MARKUP_HINT = re.compile(r"[*_`\\$#{}<>~^|\]]")
_PAREN = re.compile(r"\s*[(\[][^()\[\]]*[)\]]")
_SPACES = re.compile(r"\s+")
_ABBREVS = ("e.g.", "i.e.", "et al.", "vs.", "etc.", "cf.", "resp.", "approx.", "Fig.", "Eq.", "Sec.", "No.", "al.")
_SENT_END = re.compile(r"[.!?]\s+(?=[\"'(\[]?[A-Z0-9\u0370-\u03ff])")

_TAIL_DROP = frozenset(
    """a an the of for in on to with by from at as and or via into over under than that this these
    our its their which whose both each either novel new using based such is are be can
    within between across toward towards through without while when whether how not""".split()
)
_SMALL = frozenset("a an the and or nor but of for in on to with via by at as from into onto vs per".split())


@dataclass(frozen=True)
class _Analysis:
    """What the heuristics found in one abstract."""

    sentences: tuple[str, ...]
    contribution: int  # index of the contribution sentence, -1 if none
    name: str | None
    spelled: str  # the words the name abbreviates ("Metric-Aware Abstraction"), or ""


def _clean(text: str) -> str:
    """Strip URLs, leftover markup and odd whitespace so only prose remains."""
    text = text.replace("\u200b", "").replace("\ufb01", "fi").replace("\ufb02", "fl")
    if "http" in text or "www." in text or ".io" in text:  # the URL scan is the slowest regex here
        text = _URL.sub("", text)
    if "<" in text:  # HTML-looking text: a tag (and a script's body) is not prose
        text = _HTML_TAG.sub(" ", _HTML_SCRIPT.sub(" ", text))
    if _MARKUP_HINT.search(text):
        text = _MARKUP.sub("", text)
    return " ".join(text.split())


def _sentences(text: str) -> tuple[str, ...]:
    """Split prose into sentences, gluing back splits after abbreviations."""
    out: list[str] = []
    prev = 0
    for m in _SENT_END.finditer(text):
        piece = text[prev : m.start() + 1]
        prev = m.end()
        if out and _ends_abbrev(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    piece = text[prev:]
    if out and _ends_abbrev(out[-1]):
        out[-1] += " " + piece
    else:
        out.append(piece)
    return tuple(s for s in out if s)


def _ends_abbrev(piece: str) -> bool:
    """Tell whether a piece ends on an abbreviation ("e.g.", "et al.", "U.S.") rather than a sentence."""
    if not piece.endswith("."):
        return False
    if piece.endswith(_ABBREVS):
        for abbrev in _ABBREVS:
            if piece.endswith(abbrev):
                k = len(piece) - len(abbrev)
                if k == 0 or not _is_word_char(piece[k - 1]):
                    return True
    return len(piece) >= 2 and "A" <= piece[-2] <= "Z" and (len(piece) == 2 or not _is_word_char(piece[-3]))


def _is_word_char(c: str) -> bool:
    """Tell whether a character is a regex word character (\\w)."""
    return c.isalnum() or c == "_"


def _contribution(prose: str, starts: Sequence[int]) -> tuple[int, list[int]]:
    """Return the contribution sentence's index (-1 if none) and where each strong cue ends."""
    cue_ends = [m.end() for m in _CUE_STRONG.finditer(prose)]
    if "this paper" in prose or "this work" in prose:  # "X, called Y, is proposed in this paper."
        m = _CUE_PASSIVE.search(prose)
        if m and (not cue_ends or m.start() < cue_ends[0]):
            return bisect_right(starts, m.start()) - 1, cue_ends
    if cue_ends:
        return bisect_right(starts, cue_ends[0] - 1) - 1, cue_ends
    for cue in (_CUE_STUDY, _CUE_OUR):
        m = cue.search(prose)
        if m:
            return bisect_right(starts, m.start()) - 1, []
    return -1, []


@lru_cache(maxsize=1 << 14)
def _strip_token(tok: str) -> str:
    """Drop possessives and trailing dots from a candidate token."""
    for suffix in ("'s", "\u2019s", "'"):
        if tok.endswith(suffix):
            tok = tok[: -len(suffix)]
    return tok.rstrip(".-*_").lstrip("_")


@lru_cache(maxsize=1 << 14)
def _namelike(tok: str) -> bool:
    """Tell whether a token looks like a coined name (mixed case, inner capitals, digits...)."""
    if len(tok) < 2 or not any(c.isalpha() for c in tok):
        return False
    if tok.casefold() in COMMON_NAMES or _base(tok) in COMMON_NAMES:
        return False
    if tok[0].islower() and _INNER_CAP.search(tok):
        return False  # "geneRative", "emboDied": a word spelled to hint at an acronym
    upper = sum(c.isupper() for c in tok)
    if upper == 0:
        return False
    parts = [p for p in re.split(r"[-\u2013]", tok) if p]
    if len(parts) > 1 and all(p[1:].islower() for p in parts):
        return False  # Title-Case hyphenation ("Metric-Aware"), not a name
    if upper >= 2 and not (tok.isupper() and len(tok) <= 2):
        return True
    if tok[0].isupper() and tok[-1].isdigit() and len(tok) >= 4 and tok[1:2].islower():
        return True  # Magic123, MathCoder2
    return upper >= 1 and not tok[0].isupper()  # f-FERM, iTransformer, lpNTK


_INNER_CAP = re.compile(r"^[a-z]{3,}[A-Z][a-z]")


def _base(tok: str) -> str:
    """Return a token without version digits or a plural s, lower-cased (GPT-4 -> gpt)."""
    low = tok.casefold()
    low = re.sub(r"[-_.]?v?\d+(?:\.\d+)*[a-z]?$", "", low)
    return low[:-1] if low.endswith("s") and low[:-1].upper() != low[:-1] and len(low) > 3 else low


_CAND_CAP = re.compile(r"[A-Z]")
_CAND_TAIL = re.compile(r"[\w\-+&*%]*")
_CAND_INNER = frozenset("_-+&*%.")
_INTRO_SHORT = ("called ", "named ", "dubbed ", "termed ", "coined ", "namely ")
_INTRO_WORDS = ("called", "dubbed", "named", "termed", "coined", "namely", "denoted", "refer", " call ", " name it",
                "abbreviated", "we term")


def _cand_spans(prose: str) -> list[tuple[int, int]]:
    """Return the spans of the words that hold a capital letter ("FooNet", "iTransformer", "f-FERM").

    A word is found from its first capital (a cheap scan) and widened to where it starts:
    one regex for whole words was tried at every position and was the slowest scan here.
    """
    spans: list[tuple[int, int]] = []
    last = 0
    for m in _CAND_CAP.finditer(prose):
        c = m.start()
        if c < last:
            continue
        s = c
        while s > last and (prose[s - 1].isalnum() or prose[s - 1] in _CAND_INNER):
            s -= 1
        while not _is_word_char(prose[s]):
            s += 1
        last = _CAND_TAIL.match(prose, c + 1).end()
        spans.append((s, last))
    return spans


def _windowed(pattern: re.Pattern[str], prose: str, anchors: Sequence[str], back: int, ahead: int) -> list[re.Match[str]]:
    """Run ``pattern`` only in windows around the anchor strings; return the matches in text order."""
    found: dict[int, re.Match[str]] = {}
    for anchor in anchors:
        i = prose.find(anchor)
        while i >= 0:
            for m in pattern.finditer(prose, max(0, i - back), i + ahead):
                found.setdefault(m.start(), m)
            i = prose.find(anchor, i + 1)
    return [found[k] for k in sorted(found)]
_INTRO_NAME = re.compile(_STRONG_INTRO + r"\s*[\"'*_\u201c]*(" + _TOKEN.pattern + r")")
_INTRO_BEFORE = re.compile(_STRONG_INTRO + r"\s*[\"']?$")
_AFTER_CUE = re.compile(
    r"\s*(?:the\s+|a\s+|an\s+|our\s+)?[\"'\u201c]?(" + _TOKEN.pattern + r")"
    r"(?=\s*(?:,|\(|:|\s[-\u2013\u2014]|\sas\s|\sthat\s|\swhich\s|\sto\s|\sfor\s|\s(?:a|an)\s))"
)
_VERB_WORD = re.compile(r"(?:.*\W)?(?:" + _VERBS + r"|presenting|introducing|proposing|developing)", re.IGNORECASE)
_COMPARE_ENDS = (
    "than", "such as", "e.g.", "e.g.,", "i.e.", "i.e.,", "like", "including", "over", "versus", "vs", "vs.", "compared to",
    "compared with", "outperform", "outperforms", "outperforming", "surpass", "surpasses", "surpassing",
    "beat", "beats", "beating", "baseline", "baselines", "existing", "prior", "previous", "popular",
    "state-of-the-art", "sota",
)


@lru_cache(maxsize=1 << 14)
def _cue_verb(word: str) -> bool:
    """Tell whether a whitespace-separated word is a contribution verb ("propose", "(introduces")."""
    return _VERB_WORD.fullmatch(word) is not None


def _verb_before(before: str) -> bool:
    """Tell whether ``before`` ends with a contribution verb and an optional article ("we propose the ")."""
    if not before[-1:].isspace():
        return False
    words = before.split()
    if len(words) >= 2 and words[-1].lower() in ("the", "a", "an", "our"):
        words.pop()
    if not words:
        return False
    if words[-1].lower() == "forward" and len(words) >= 2:
        return _cue_verb(words[-2] + " forward")
    return _cue_verb(words[-1])


def _compared_before(before: str) -> bool:
    """Tell whether ``before`` ends the way a mention of someone else's method starts ("than", "e.g.,")."""
    tail = before.rstrip()
    if tail[-1:] in (",", "("):
        tail = tail[:-1].rstrip()
    return tail.lower().endswith(_COMPARE_ENDS)
_OUR_BEFORE = re.compile(
    r"\b(?:[Oo]ur|proposed)\s+(?:[\w-]+\s+){0,3}?(?:(?:model|method|approach|framework|algorithm|system|benchmark|"
    r"dataset|technique|architecture|agent|tool|pipeline|library),?\s+)?$"
)
_APPOSITIVE_AFTER = re.compile(r",?\s+(?:a|an|the|our|is|which)\b")


_SUBJECT_AFTER = re.compile(
    r"\s+(?:is|achieves|outperforms|surpasses|improves|enables|allows|consistently|significantly|can|also|"
    r"demonstrates|shows|yields|reduces|attains|sets|learns|uses|leverages|combines|consists|employs)\b"
)
# Split in two because one alternation tried at every position was the slowest scan here.
_LATE_NAME = re.compile(r"[acdnt](?<!\w.)(?:(?<=a)s|(?<=c)alled|(?<=d)ubbed|(?<=n)amed|(?<=t)ermed)\s+[\"'\u201c]?([A-Z][\w\-]*[\w])[\"'\u201d]?\s*\(")
_FOR_SHORT = re.compile(r"\(([A-Z][\w\-]*[\w]) for short\)|\b([A-Z][\w\-]*[\w]) for short\b")


def _find_name(prose: str, pivot: int, cue_ends: Sequence[int], contrib_end: int = -1) -> tuple[str | None, str]:
    """Score candidate names; return the best (or None) and its spelled-out form, if any.

    ``pivot`` is where the contribution sentence starts: names met before it are
    usually other people's (background, baselines), so they count for less.
    """
    scores: dict[str, float] = {}
    expansions: dict[str, str] = {}

    def add(tok: str, points: float) -> None:
        tok = _strip_token(tok)
        low = tok.casefold()
        if len(tok) < 2 or low in COMMON_NAMES or low in _ORDINARY or _base(tok) in COMMON_NAMES:
            return
        scores[tok] = scores.get(tok, 0.0) + points

    def weight(pos: int) -> float:
        return 1.0 if pos >= pivot else 0.4

    # Plain capitalised words ("Nemesis", "Mayfly") count only right after a cue or "called".
    for end in cue_ends:
        m = _AFTER_CUE.match(prose, end)
        if m and _lone_capital(prose, m) and m.group(1).casefold() not in _ORDINARY:
            add(m.group(1), 8 * weight(end))
    if contrib_end < 0:
        contrib_end = len(prose)
    for m in _windowed(_LATE_NAME, prose, ("(",), 80, 1):
        add(m.group(1), 8)  # "abbreviated as URLOST ("
    if "for short" in prose:
        for m in _FOR_SHORT.finditer(prose):
            add(m.group(1) or m.group(2), 8)  # "(X for short)"
    for m in _windowed(_INTRO_NAME, prose, _INTRO_WORDS, 15, 120):
        tok = m.group(1)
        if _namelike(tok) or _lone_capital(prose, m):
            add(tok, 10 * weight(m.start()))
    counts: dict[str, int] = {}
    compared: set[str] = set()
    proper: dict[str, list[int]] = {}  # plain capitalised words ("Vocos") and where they stand
    for s, e in _cand_spans(prose):
        tok = _strip_token(prose[s:e])
        if not _namelike(tok):
            if _proper_word(tok):  # weighed below, once we know it is capitalised mid-sentence
                proper.setdefault(tok, []).append(s)
            continue
        counts[tok] = counts.get(tok, 0) + 1
        before = prose[max(0, s - 40) : s]
        w = weight(s)
        if _compared_before(before):
            compared.add(tok)
        if _verb_before(before) and _AFTER_CUE.match(prose, s - 1 if s else 0):
            add(tok, 8 * w)
        elif ("ur " in before or "proposed " in before) and _OUR_BEFORE.search(before):
            add(tok, 3)
        if s and prose[s - 1] == "(" and prose[e : e + 1] == ")":
            spelled = _spelled_out(prose[max(0, s - 100) : s - 1], tok)
            if spelled:
                expansions.setdefault(tok, spelled)
                # A bracketed acronym is the paper's own only in or after its contribution
                # sentence; before it, it is background vocabulary (NER, INR, MLaaS).
                plural = tok[-1] == "s" and tok[:-1].isupper()
                at = prose.rfind(spelled, 0, s)
                if at >= 0 and prose[max(0, at - 12) : at].endswith(_INTRO_SHORT):
                    add(tok, 8)  # "called unsupervised order learning (UOL)"
                elif not plural:
                    add(tok, 5 if pivot <= s < contrib_end else 2.5 if s >= pivot else 0.5)
            elif pivot <= s < contrib_end:
                add(tok, 3)  # "our ... approach (LQ-LoRA)": bracketed, no initials to match
        elif (s == 0 or prose[s - 2 : s] in (". ", "! ", "? ")) and _APPOSITIVE_AFTER.match(prose, e):
            add(tok, 3 * w)
        if before.endswith(("In ", "With ")) and prose[e : e + 5] == ", we ":
            add(tok, 3 * w)  # "In MagicDec, we show"
        if pivot <= s < contrib_end:
            add(tok, 2)  # a name written in the contribution sentence itself
        if _SUBJECT_AFTER.match(prose, e) and (s == 0 or prose[s - 2 : s] in (". ", "! ", "? ")):
            add(tok, 1.5 * w)  # "X achieves ...", "X is a ...": the paper's own subject
    # A plain capitalised word is a name only if it is capitalised mid-sentence (a proper
    # noun, not a sentence opener) and never written in lower case.
    for tok, where in proper.items():
        points = _proper_score(prose, tok, where, pivot, contrib_end)
        if points:
            add(tok, points)
            counts[tok] = len(where)
    # Repetition: a coined name is used over and over; a baseline is compared against.
    for tok, n in counts.items():
        if tok in scores:
            scores[tok] += min(n, 5) * 0.5
        elif n >= 2:
            add(tok, min(n, 5) * 0.8)
    for tok in compared:
        if tok in scores:
            scores[tok] -= 4
    if not scores:
        return None, ""
    best = max(sorted(scores), key=lambda t: (scores[t], counts.get(t, 0)))
    if scores[best] < 2.4:
        return None, ""
    # "EQA" written as part of "EQA-MX": the paper's name is the longer token.
    longer = [t for t in counts if t.startswith(best + "-") and t not in compared and _suffix_ok(t[len(best) + 1 :])]
    if longer:
        best = max(longer, key=lambda t: (counts[t], t))
    return best, expansions.get(best, "")


@lru_cache(maxsize=1 << 14)
def _proper_word(tok: str) -> bool:
    """Tell whether a capitalised word may be a coined name ("Vocos", "Tree-Planner"), not English."""
    parts = tok.split("-")
    if len(tok) < 4 or not all(p.isalpha() for p in parts) or not tok[0].isupper():
        return False
    if not all(p[1:].islower() for p in parts) or any(len(p) > 3 and p.islower() for p in parts):
        return False  # "Lion-related": a hyphenated modifier
    low = tok.lower()
    key = _key(low)
    if any(p.lower() in _PROPER_COMMON for p in parts[1:]):
        return False  # "Gauss-Newton"
    return not (
        low in _FUNCTION or low in _GENERIC or key in _GENERIC or low in _ORDINARY or low in _STOP
        or low in _LEAD_DROP or low in _ING_NOUNS or low in _EMPTY_HEADS or low in COMMON_NAMES
        or key in COMMON_NAMES or low in _PROPER_COMMON or key in _PROPER_COMMON or low.endswith("ly")
    )


# Capitalised words of mathematics, places and tools: proper nouns, but never a paper's name.
_PROPER_COMMON = frozenset(
    """bayesian gaussian fourier markov markovian wasserstein euclidean riemannian hessian lipschitz shapley
    langevin hamiltonian lagrangian laplacian boltzmann bernoulli poisson dirichlet hilbert banach sobolev
    newton jacobian kalman monte carlo english chinese french german spanish japanese korean arabic hindi
    python java rust transformer transformers minecraft wikipedia internet shannon turing hopfield hebbian
    kolmogorov stein nash pareto bellman brownian ising lyapunov koopman gumbel softmax huber jensen fisher
    gram kullback leibler stiefel grassmann schrodinger navier stokes darcy burgers lebesgue cauchy taylor
    chebyshev legendre hermite laguerre bregman mahalanobis frobenius kronecker tucker gibbs metropolis
    hastings thompson hoeffding bernstein chernoff rademacher vapnik chervonenkis europe africa asia america
    american european african asian google meta microsoft amazon nvidia apple android linux windows excel
    lean coq isabelle openreview kaggle youtube instagram facebook tiktok amazon mamba hyena llama mistral
    qwen gemma phi falcon diffusion adam unet resnet gauss poincare poincaré boolean procrustes granger gromov
    monge western eastern rawlsian signum rashomon goodhart occam zipf hebb bayes euler lagrange laplace cramer
    rao wiener volterra sinkhorn""".split()
)
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
    if (" " + tok.lower()) in prose:
        return 0.0
    total, strong, mid = 0.0, False, False
    for s in where:
        e = s + len(tok)
        opener = not s or prose[s - 2 : s] in (". ", "! ", "? ")
        if not _lone_word(prose, s, e, opener) or prose[e : e + 1] in ("'", "\u2019"):
            return 0.0
        mid = mid or not opener
        points, role = _proper_points(prose, s, e, pivot, contrib_end)
        total += points * (1.0 if s >= pivot else 0.4)
        strong = strong or role
    return total if mid and (strong or total >= 3) else 0.0


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
        elif prose[s - 1 : s] == "(" and pivot <= s < contrib_end:
            points += 5  # "Mixture of Monosemantic Experts (Monet)"
    if before.endswith(("In ", "With ")) and prose[e : e + 5] == ", we ":
        points += 3  # "In MagicDec, we show"
    strong = points > 0
    if _SUBJECT_AFTER.match(prose, e):
        points += 1.5  # "Neuroformer is a ...", "that Neuroformer can ..."
    return points, strong


def _lone_word(prose: str, s: int, e: int, opener: bool) -> bool:
    """Tell whether no capitalised word stands right before or after ``prose[s:e]``."""
    if prose[e : e + 1] == " " and prose[e + 1 : e + 2].isupper():
        return False
    if opener or s < 2 or prose[s - 1] != " ":
        return True
    k = prose.rfind(" ", 0, s - 1)
    return not prose[k + 1 : k + 2].isupper()


def _suffix_ok(suffix: str) -> bool:
    """Tell whether "-MX" in "EQA-MX" extends a name; "-F" (a variant) and "-family" do not."""
    return len(suffix) >= 2 and any(c.isupper() or c.isdigit() for c in suffix)


def _lone_capital(prose: str, m: re.Match[str]) -> bool:
    """Tell whether group 1 is a capitalised word standing alone, not the head of "Two Word Name"."""
    tok, end = m.group(1), m.end(1)
    if not tok[0].isupper():
        return _namelike(tok)
    return not (prose[end : end + 1] == " " and prose[end + 1 : end + 2].isupper()) and "-" not in tok


def _spelled_out(before: str, acronym: str) -> str:
    """Return the words just before "(ACRONYM)" that it abbreviates, or ""."""
    letters = [c.casefold() for c in acronym if c.isupper()]
    if len(letters) < 2:
        return ""
    words = before.split()[-(len(letters) + 3) :]
    # Start at the last word whose initial is the acronym's first letter and leaves room for the rest.
    for i in range(len(words)):
        if words[i][:1].casefold() == letters[0] and _initials_match(" ".join(words[i:]), acronym):
            phrase = " ".join(words[i:]).strip(" ,;:")
            return phrase if len(phrase.split()) >= 2 else ""
    return ""


def _initials_match(phrase: str, acronym: str) -> bool:
    """Tell whether an acronym plausibly abbreviates the words just before it."""
    letters = [c.casefold() for c in acronym if c.isalpha() and c.isupper()]
    if len(letters) < 2:
        return any(c.isupper() for c in acronym[1:])
    words = [w for w in re.split(r"[\s-]+", phrase) if w]
    initials = "".join(w[0].casefold() for w in words[-(len(letters) + 3) :])
    it = iter(initials)
    matched = sum(1 for c in letters if c in it)  # subsequence match, tolerant of small words
    return matched >= max(2, len(letters) - 1) or phrase[-1:].isupper()


@lru_cache(maxsize=2048)
def _analyse(text: str) -> _Analysis:
    """Run the shared analysis once per text (infer_title and summarize both need it)."""
    sentences = _sentences(_clean(text))
    prose = " ".join(sentences)
    starts, pos = [], 0
    for s in sentences:
        starts.append(pos)
        pos += len(s) + 1
    contribution, cue_ends = _contribution(prose, starts)
    pivot = starts[contribution] if contribution >= 0 else 0
    contrib_end = starts[contribution + 1] if 0 <= contribution < len(starts) - 1 else len(prose)
    name, spelled = _find_name(prose, pivot, cue_ends, contrib_end)
    return _Analysis(sentences, contribution, name, spelled)


def coined_name(text: str) -> str | None:
    """Return the name the abstract coins for its method, model or dataset, if any."""
    return _analyse(text).name



# Words an abstract uses all the time but a title rarely does: the verbs, hedges and
# evaluative adjectives of academic prose. They never enter a topic phrase.
_FUNCTION = frozenset(
    """a an the and or nor but of for in on to with without via by from at as into onto over under is are be
    being been was were its it this that these those their our we us your his her toward towards through
    beyond between across within about against than not no can do does did how what when why which who
    whose all any more most less vs versus use using used also such both each either other another many
    much some several only very even well just so thus hence therefore then there here where while whereas
    if whether though although however moreover furthermore finally first second third one two three four
    five six may might must could would should will shall has have had having upon per e g i ie eg etc al
    et via often always still yet further way ways up down out off like unlike make makes made making
    drawn known shown given taken seen done written grown chosen built brought held kept left run
    reduce reduces synthesize synthesizes allow allows help helps lets let uses aims seeks fails tends
    remains becomes gets yields achieves""".split()
)
_GENERIC = frozenset(
    """ability able above absence accelerate access according account accuracy  accurately achieve
    achieved achieves achieving adapt adaptively addition additional additionally address addresses adjust
    adopt advance advanced advancement advancements affect aim aims align alleviate allow allowing allows
    almost along alternative among amount analyse analyze analyzed applicability applicable application
    applications applied apply applying approach approaches appropriate approximately area areas argue arise
    around art aspect aspects assess associated assume assumption assumptions attempt automatically available
    average avoid balance baseline baselines become becomes behavior behaviors benefit benefits best better
    broad budget build called capability capabilities capable capture capturing carefully central certain
    challenge challenges challenging change changes characteristic characteristics characterize choice
    classical close closely collected collection com combine combined come commonly community comparable
    compare compared comparison comparisons competitive complete component components comprising computation
    computational computationally compute concern concerns conduct conducted consequently consider
    considerable considered considering consist consistently constant construct constructing contain
    contrast contribute contribution contributions conventional converge core corresponding cost costly
    costs counterpart counterparts create criteria critical crucial current currently decrease define
    defined degradation degree demand demands demonstrate demonstrated demonstrates demonstrating depend
    dependent deployment derive derived designed desired despite detailed determine develop developed
    developing development different difficult difficulty direction directions directly distinct due
    during easily easy  effective effectively effectiveness efficacy   effort
    efforts element elements emerge emerged empirical empirically employ employed employing enable enables
    enabling encourage end enhance enhanced enhances  ensure ensuring entire especially essential
    establish established evaluate evaluated evaluation evaluations every evidence example examples excel
    exhibit exist existing expected expensive experience experiment experimental experimentally experiments
    explain explicitly exploit explore explored extend extended extensive extensively extent facilitate
    facilitating fact factor factors fail fails fall family far findings find finding form formal formulate
    found frame framework frameworks full fully future gain gains gained generalize generally generate
    generates github give given great greatly growing guide handle handling hard hold hope highlight
    highlighting highly http https idea identified identify identifying illustrate impact implement
    implementation importance important importantly impressive improve improved improvement improvements
    improves  include includes including incorporate incorporating increase increasing
    increasingly indicate individual infer informative inherent initial insight insights instead integrate
    integrating integration intensive interact interest intricate introduce introduced introduces
    introducing investigate investigation involve involving io issue issues iteratively key known lack
    largely lead leading leads led leverage leverages leveraging lie light like limitation limitations
    limited limiting line literature little lower magnitude main mainly maintain maintaining major manner
    match matches maximize meaningful measure method methods methodology minimal minimize mitigate
    modification modifications moreover motivated named namely naturally nature nearly necessary need
    needed needs new newly notable notably novel number numerous observe observed obtain obtained offer
    offering offers operate optimize optimized original outcome outcomes outperform outperforming
    outperforms overall overcome overhead overlook paper papers paradigm particular particularly perform
    performance performing performs phenomenon poor popular possible potential potentially powerful
    practical practice precise present presents preserve prevalent previous previously primarily primary
    procedure produce producing progress promise promising promote property propose proposed proposes
    prove provide provided provides providing public publicly purpose quantify quantitative raise range
    rapid rather recent recently refer refine reflect regarding related release released relevant reliance
    rely relying remain remains remarkable represent representative represented require required
    requirement requirements requires requiring research resource resources respect respectively
    response result resulting results reveal reveals same scalability scenario scenarios scheme
    seamlessly seek seen select selecting serve set setting settings setup show showcase showing shown
    shows significant significantly similar simple simply simultaneously since solely solution solutions
    special specific specifically speed speedup stage standard state step steps strategies strategy
    strong strongly struggle studied studies study sub suboptimal subsequently substantial substantially
    success successful successfully suffer suggest suitable superior superiority support surpass
    surpasses surprisingly systematically tackle tailored take target technique techniques tend term
    termed theoretical theoretically throughout together top total traditional true type types typically
    uncover underlying understood unify unique unlike upper useful usually utilize utilizing validate
    valuable vanilla variant variants variation variety various verify version versions website wide
    widely widespread work works year years yield yields""".split()
)


def _key(word: str) -> str:
    """Fold a word for comparison: lower case, possessive and simple plural removed."""
    w = word.casefold()
    if w.endswith(("'s", "\u2019s")):
        w = w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


@lru_cache(maxsize=1 << 16)
def _word(raw: str) -> tuple[str, str, bool]:
    """Return a raw token stripped, its comparison key, and whether it may stand in a topic phrase."""
    word = _strip_token(raw)
    key = _key(word)
    low = word.casefold()
    topic = (
        len(word) > 1
        and low not in _FUNCTION
        and key not in _GENERIC
        and low not in _GENERIC
        and not (low.endswith("ly") and not low.endswith(_NOT_ADVERB))  # adverbs, but not "anomaly"
        and any(c.isalpha() for c in word)
    )
    return word, key, topic


_NOT_ADVERB = ("aly", "oly", "ply", "mbly", "mily")


# --- Title spans ------------------------------------------------------------------
# A title is a contiguous noun phrase the abstract itself writes: the object of the
# contribution verb ("we propose <X>"), the apposition after the coined name ("Name,
# a <X> that ..."), the spelled-out name, or an "<X> for <Y>" span. A phrase is walked
# word by word from where it starts until a clause boundary (punctuation, a relative
# pronoun, a finite verb, a reduced relative clause), then every cut before one of its
# prepositions is a candidate, scored by topic-word density and length.

_SPAN_TOKEN = re.compile(
    r"[A-Za-z0-9\u0370-\u03ff][\w\-'\u2019+/.\u0370-\u03ff]*[\w+\u0370-\u03ff]|[A-Za-z0-9\u0370-\u03ff]"
    r"|[,;:\"!?\u201c\u201d]|\s[-\u2013\u2014]+\s|\u2014"
)
_OBJ_CUE = re.compile(
    _SUBJECT + r",?\s+(?:[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r"|stud(?:y|ies|ied)|"
    r"investigat(?:e|es|ed)|explor(?:e|es|ed)|examin(?:e|es|ed)|address(?:es|ed)?|tackl(?:e|es|ed)|"
    r"revisit(?:s|ed)?|focus(?:es|ed)? on|consider(?:s|ed)?|analy[sz](?:e|es|ed))\s+"
)
_STUDY_START = ("stud", "inves", "explo", "exami", "addre", "tackl", "revis", "focus", "consi", "analy", "on")
# Leading words a title drops: determiners and the evaluative fillers of abstracts.
_LEAD_DROP = frozenset(
    """a an the our this these its their novel new simple effective first straightforward innovative
    powerful elegant versatile generic principled yet and highly very more fundamentally entirely
    conceptually remarkably surprisingly simple, , own several various""".split()
) | {","}
# Vague "problem of" wrappers after a study verb: "we study the problem of X" -> "X".
_WRAPPERS = frozenset(
    """problem task question issue use setting challenge case notion instantiation formulation family class
    set suite collection series combination kind form generalization extension""".split()
)
# Heads that say nothing by themselves: "a framework that learns X" -> "Learning X".
_EMPTY_HEADS = frozenset(
    """framework frameworks method methods approach approaches algorithm algorithms technique techniques
    strategy strategies system pipeline paradigm procedure scheme tool way solution mechanism module
    recipe family class""".split()
)
# Words that end a noun phrase: clause openers, finite verbs, anaphora, hedges.
_STOP = frozenset(
    """that which who whom whose where whereby wherein when while whereas because since so thus hence as
    than if although though but by using based leveraging exploiting utilizing utilising through is are
    was were be been being can could will would may might should must has have had does do did not also
    then e.g i.e eg ie namely called dubbed named termed coined such including like especially it its
    their them they this these those here there we our us achieves outperforms enables allows improves
    yields provides shows demonstrates requires reduces leads consists combines uses employs relies
    remains makes offers achieve outperform enable allow improve yield provide show demonstrate require
    reduce lead consist combine use employ rely remain make offer significantly consistently respectively
    whilst via-a-vis without-any same whether how what why one""".split()
)
_VERB_AFTER_AND = frozenset(
    """show shows demonstrate demonstrates prove proves find finds evaluate evaluates apply applies use
    uses achieve achieves provide provides propose proposes introduce introduces analyze analyse analyzes
    validate validates conduct conducts develop develops derive derives establish establishes release
    releases extend extends theoretically empirically experimentally further then also study studies
    investigate investigates compare compares obtain obtains train trains test tests perform performs
    present presents design designs verify verifies instantiate instantiates implement implements
    discuss discusses highlight highlights reveal reveals leverage leverages a an the its their our""".split()
)
# Nouns after which "to" keeps the phrase going ("an approach to learning X", "a perspective to X").
_TO_NOUNS = frozenset(
    """approach approaches perspective solution solutions introduction extension extensions application
    applications answer path road alternative connection connections reduction transition generalization
    response attention adaptation""".split()
)
# Nouns ending in -ing that head a noun phrase rather than open a participle clause.
_ING_NOUNS = frozenset(
    """learning clustering forecasting training tuning fine-tuning finetuning editing modeling modelling
    reasoning planning understanding processing answering encoding embedding embeddings merging pruning
    sampling rendering matching tracking captioning prompting scaling unlearning poisoning watermarking
    ranking labeling labelling pretraining pre-training smoothing hashing grounding coding decoding
    computing mining filtering routing scheduling solving forgetting denoising inpainting programming
    thinking reading writing hearing listening speaking spelling engineering testing monitoring
    pooling mapping setting settings meaning understanding warping morphing steering tokenizing
    tokenization parsing indexing retraining distilling distillation masking mixing shaping landing
    manufacturing imaging sensing driving trading teaming lending recommending bootstrapping boosting
    bagging scoring""".split()
)
_PREPS = frozenset("for of with in on via from to under without across through over into towards toward beyond and".split())
_CUT_AT = frozenset("for of with in on via from to under without across through over into towards toward and".split())
_MODALS = frozenset("can could will would may might should must also jointly simultaneously effectively".split())
_MAX_SPAN = 16
_VERB_OBJECT_START = frozenset("a an the its their our this these that to how whether".split())
_ADJ_ENDS = ("ble", "ive", "ful", "ous", "ent", "ant", "ary", "ic", "ical")


def _gerund(verb: str) -> str:
    """Turn a verb ("learns", "detect", "leverages") into its -ing form ("learning", ...)."""
    v = verb.casefold()
    if v.endswith("ies") and len(v) > 4:
        return v[:-3] + "ying"
    if v.endswith(("sses", "shes", "ches", "xes", "zes")):
        v = v[:-2]
    elif v.endswith("s") and not v.endswith("ss"):
        v = v[:-1]
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    if len(v) == 3 and v[0] not in "aeiou" and v[1] in "aeiou" and v[2] not in "aeiouwxy":
        return v + v[-1] + "ing"  # map -> mapping, fit -> fitting
    return v + "ing"


def _is_verbish(word: str) -> bool:
    """Tell whether a lower-case word after "that"/"to" reads as a verb we can turn into -ing."""
    return word.isalpha() and word.islower() and len(word) > 2 and word not in _FUNCTION


def _walk(tokens: Sequence[str], lows: Sequence[str], i: int) -> tuple[list[str], int]:
    """Walk a noun phrase from ``tokens[i]``; return its words and where it stopped.

    ``lows`` is ``tokens`` lower-cased. A phrase cut by the length limit ends with ``""``
    so callers cut it at a preposition instead.
    """
    words: list[str] = []
    seen_from = False
    n = len(tokens)
    prev = ""
    while i < n and len(words) < _MAX_SPAN:
        low = lows[i]
        if low in _STOP or not low[0].isalnum():
            break
        nxt = lows[i + 1] if i + 1 < n else ""
        if nxt in _ARTICLES and low not in _PREPS:
            break  # "consider the problem", "enhances the reasoning": a verb, not a noun
        if low == "to":
            if not (nxt.endswith("ing") or prev in _TO_NOUNS or seen_from):
                break
        elif low == "and":
            if nxt in _VERB_AFTER_AND or nxt in _STOP or not nxt[:1].isalnum():
                break
        elif low == "from":
            seen_from = True
        elif words and prev not in _PREPS:
            if low[-1] == "s" and nxt in _VERB_OBJECT_START and not low.endswith(("ss", "us", "is")):
                break  # "forecasting plays a role": a finite verb
            if low.endswith("ing") and len(low) > 5 and low not in _ING_NOUNS and "-" not in low:
                break  # "networks exploiting optimal transport": a participle clause
            if (low.endswith("ed") and len(low) > 4 and "-" not in low and not low.endswith("eed")
                    and (nxt in _PREPS or nxt in _AFTER_PARTICIPLE)):
                break  # "a model trained on ...": a reduced relative clause
            if low.endswith("ly") and len(low) > 4 and not low.endswith(_NOT_ADVERB):
                break  # an adverb opens a verb phrase
        words.append(tokens[i])
        prev = low
        i += 1
    if len(words) == _MAX_SPAN:
        words.append("")
    return words, i


_ARTICLES = frozenset(("the", "a", "an"))
_AFTER_PARTICIPLE = frozenset("by as the a an at".split())


def _object(tokens: Sequence[str], lows: Sequence[str], i: int, name: str) -> list[list[str]]:
    """Return the noun phrases a cue introduces at ``tokens[i]``, longest reading first."""
    n = len(tokens)
    # "we propose ConMix, a ..." / "we propose the ConMix framework": step over the name.
    while i < n and (lows[i] in _LEAD_DROP or tokens[i] == name):
        i += 1
    if i + 2 < n and lows[i] in _WRAPPERS and lows[i + 1] == "of":
        i += 2  # "the problem of X" -> "X", "a formulation of X" -> "X"
        while i < n and lows[i] in _LEAD_DROP:
            i += 1
    if i + 1 < n and lows[i] == "to" and _is_verbish(lows[i + 1]):
        return _verb_phrase(tokens, lows, i + 1)  # "we propose to learn X" -> "Learning X"
    words, j = _walk(tokens, lows, i)
    if not words:
        return []
    out = [words]
    head_empty = all(low in _EMPTY_HEADS or low in _LEAD_DROP for low in lows[i:j])
    # "X that learns Y" / "X to detect Y" -> "X for Learning Y" ("Learning Y" if X says nothing).
    if j < n - 1 and words[-1] and lows[j] in ("that", "which", "to"):
        k = j + 1
        while k < n and (lows[k] in _MODALS or (lows[k].endswith("ly") and tokens[k].islower())):
            k += 1
        verb = lows[k] if k < n else ""
        finite = lows[j] == "to" or k > j + 1 or verb.endswith("s")
        if finite and _is_verbish(verb) and verb not in _STOP and not verb.endswith(("ed", "ing")):
            for vp in _verb_phrase(tokens, lows, k):
                out.insert(0, vp if head_empty else words + ["for"] + vp)
    elif head_empty:
        return []
    return out


def _verb_phrase(tokens: Sequence[str], lows: Sequence[str], k: int) -> list[list[str]]:
    """Turn "learns from data ..." at ``tokens[k]`` into ["learning", "from", "data", ...]."""
    i = k + 1
    while i < len(tokens) and lows[i] in ("the", "a", "an"):
        i += 1
    rest, _ = _walk(tokens, lows, i)
    return [[_gerund(lows[k])] + rest] if rest else []


def _back_walk(tokens: Sequence[str], lows: Sequence[str], i: int) -> list[str]:
    """Walk back from ``tokens[i-1]`` over the modifiers and nouns of a noun phrase."""
    words: list[str] = []
    while i > 0 and len(words) < 6:
        low = lows[i - 1]
        if not low[0].isalnum() or low in _STOP or low in _FUNCTION or low in _LEAD_DROP:
            break
        if low.endswith("ly") and not low.endswith(_NOT_ADVERB):
            break
        if (low in _GENERIC or _key(low) in _GENERIC) and not (not words and low in _EMPTY_HEADS):
            break  # "available for ...": a predicate, not a noun phrase
        if not words and low.endswith(_ADJ_ENDS):
            break  # "responsible for": an adjective, not a noun, takes the "for"
        if words and low.endswith(("ed", "s")) and not low.endswith(("ss", "us", "is", "series")) and "-" not in low:
            break  # "learns codes for ..." / "captured": a verb, not a modifier
        words.insert(0, tokens[i - 1])
        i -= 1
    return words


def _candidates(a: "_Analysis") -> list[tuple[list[str], float]]:
    """Collect (words, source bonus) for every phrase the abstract offers as a title."""
    name = a.name or ""
    out: list[tuple[list[str], float]] = []
    contrib = a.contribution
    framing = (0, contrib if contrib >= 0 else 1)
    for idx, sentence in enumerate(a.sentences):
        near = idx == contrib
        cue_hint = near or "we " in sentence or "We " in sentence or "paper" in sentence
        has_name = bool(name) and name in sentence
        has_spelled = bool(a.spelled) and a.spelled in sentence
        if not (cue_hint or has_name or has_spelled or idx in framing):
            continue
        text = _PAREN.sub("", sentence) if "(" in sentence or "[" in sentence else sentence
        cues = list(_OBJ_CUE.finditer(text)) if cue_hint else []
        has_spelled = has_spelled and a.spelled in text
        if not (cues or has_name or has_spelled or idx in framing):
            continue
        tokens = _SPAN_TOKEN.findall(text)
        lows = [t.lower() for t in tokens]
        starts = _token_starts(text, tokens) if cues or has_spelled else []
        for m in cues:
            i = bisect_left(starts, m.end())
            study = m.group(0).rstrip().rsplit(None, 1)[-1].startswith(_STUDY_START)
            bonus = (_BONUS_CUE if near else _BONUS_LATER_CUE) - (_STUDY_COST if study else 0.0)
            for words in _object(tokens, lows, i, name):
                out.append((words, bonus))
        if has_name and name in tokens:  # "Name, a <X> that ..."
            i = tokens.index(name) + 1
            if i + 1 < len(tokens) and tokens[i] == "," and lows[i + 1] in ("a", "an", "the"):
                for words in _object(tokens, lows, i + 1, name):
                    out.append((words, _BONUS_APPOSITION))
        if has_spelled:
            words, _ = _walk(tokens, lows, bisect_left(starts, text.index(a.spelled)))
            if words:
                out.append((words, _BONUS_SPELLED))
        if idx in framing:
            i, n = 0, len(tokens)
            while i < n:  # every noun phrase of the sentences that frame the paper
                if lows[i] in _LEAD_DROP or not lows[i][0].isalnum() or (i and lows[i - 1] in _VERB_NEXT):
                    i += 1  # after "that", "can", "to" comes a verb, not a noun phrase
                    continue
                words, j = _walk(tokens, lows, i)
                if len(words) > 1:
                    out.append((words, _BONUS_NP))
                i = max(j, i + 1)
            for i in (k for k in range(1, n - 1) if lows[k] == "for") if "for" in lows else ():
                back = _back_walk(tokens, lows, i)
                if back:
                    fwd, _ = _walk(tokens, lows, i + 1)
                    if fwd:
                        out.append((back + ["for"] + fwd, _BONUS_FOR if near else 0.0))
    return out


_VERB_NEXT = frozenset("that which who to can could will would may might must should often now".split())


def _token_starts(text: str, tokens: Sequence[str]) -> list[int]:
    """Return where each token (found in order by ``_SPAN_TOKEN``) starts in ``text``."""
    starts: list[int] = []
    pos = 0
    for tok in tokens:
        pos = text.find(tok, pos)
        starts.append(pos)
        pos += len(tok)
    return starts


def _weights(a: "_Analysis") -> "_Weights":
    """Weigh each topic word by how often the abstract uses it (the first sentence counts extra)."""
    counts = Counter(_WORD_LOW.findall(" ".join(a.sentences).lower()))
    return _Weights(counts, set(_WORD_LOW.findall(a.sentences[0].lower())))


class _Weights(dict):  # type: ignore[type-arg]
    """Weights of topic-word keys, each computed on first use.

    The phrases scored hold a few dozen distinct words while the abstract holds hundreds,
    so weighing only the words asked for is most of the saving. A key absent from the
    abstract weighs 1.0.
    """

    def __init__(self, counts: Counter[str], first: set[str]) -> None:
        super().__init__()
        self.counts = counts
        self.first = first

    def __missing__(self, key: str) -> float:
        total = 0.0
        forms = (key, key + "s", key[:-1] + "ies") if key.endswith("y") else (key, key + "s")
        for low in forms:  # every lower-case word whose key is ``key`` (see ``_key``)
            n = self.counts.get(low)
            if n and (_KEYS.get(low) or _fold_key(low)) == key:
                total += min(n, _COUNT_CAP) + (_FIRST_BONUS if low in self.first else 0.0)
        self[key] = value = total or 1.0
        return value


_COUNT_CAP = 6
_FIRST_BONUS = 0.5
_WORD_LOW = re.compile(r"[a-z0-9\u0370-\u03ff][\w\-\u0370-\u03ff]*[a-z0-9\u0370-\u03ff]")
_KEYS: dict[str, str] = {}  # lower-case word -> its key, or "-" for a word no title is built on


def _fold_key(low: str) -> str:
    """Return the comparison key of a lower-case word, or "-" if it is not a topic word."""
    _, key, topic = _word(low)
    _KEYS[low] = key if topic else "-"
    return _KEYS[low]


def _trim(words: list[str]) -> list[str]:
    """Drop the words a title never ends on (prepositions, determiners, a gerund cut from its object)."""
    while words:
        last = words[-1].lower()
        if last in _TAIL_DROP or last in _STOP or last in _LEAD_DROP:
            words = words[:-1]
        elif len(words) > 1 and last.endswith("ing") and words[-2].lower() in _PREPS:
            words = words[:-2]  # "framework for understanding" lost what is understood
        else:
            break
    while words and (words[0].lower() in _LEAD_DROP or words[0].lower() in _PREPS):
        words = words[1:]
    if len(words) > 2 and words[0].lower() in _WRAPPERS and words[1].lower() == "of":
        words = words[2:]  # "Problem of Explicit NeRF Compression" -> "Explicit NeRF Compression"
    if len(words) > 2 and words[0].lower() in _EMPTY_HEADS and words[1].lower() in ("for", "of"):
        words = words[2:]  # "Method for Graph Anomaly Detection" -> "Graph Anomaly Detection"
    for i in range(1, len(words) - 1):
        if words[i].lower() in _BARE_HEADS and words[i + 1].lower() == "for":
            return words[:i] + words[i + 1 :]  # "contrastive mixup method for X" -> "contrastive mixup for X"
    return words


def _clause_like(words: Sequence[str]) -> bool:
    """Tell whether a phrase reads as a piece of a clause rather than a noun phrase.

    "Now Produce Photorealistic Data" (an adverb opens it), "Learned from Observed Views"
    (a participle opens it), "Long-Tailed Data Affect Feature Distributions" and "Models
    Neural Information Flow" (a finite verb inside) are not titles.
    """
    first = words[0].lower()
    second = words[1].lower() if len(words) > 1 else ""
    third = words[2].lower() if len(words) > 2 else ""
    if first in _BAD_OPENERS or first in _VERBS_BASE or first in _OPENING_VERBS:
        return True
    if first.endswith("ly") and not first.endswith(_NOT_ADVERB) and not _adjective_like(second, third):
        return True  # "Effectively Exploits ...", but "Provably Efficient ..." is fine
    if first.endswith("ed") and len(first) > 4 and "-" not in first and (second in _CUT_AT and second != "and" or not second):
        return True  # "Learned from ...", "Trained on ..."
    if first in _VERBS_S and second and second not in _PREPS and second not in _SMALL:
        return True  # "Models Neural Information Flow"
    for k in range(1, len(words)):
        low = words[k].lower()
        prev = words[k - 1].lower()
        if low in _MID_ADVERBS:
            return True  # "Modern Frameworks Often Train ..."
        if low in _VERBS_BASE and low not in _NOUNISH and prev not in _PREPS:
            if prev.endswith("s") and not prev.endswith(("ss", "us", "is")) or prev in _PLURAL_NOUNS:
                return True  # "Long-Tailed Data Affect ...", "Frameworks Often Train ..."
        elif low in _VERBS_S_MID and (prev not in _PREPS or prev == "and") and k + 1 < len(words):
            if words[k + 1].lower() not in _PREPS and words[k + 1].lower() not in _SMALL:
                return True  # "Accurate Nutrition Estimation Helps People"
    return False


def _adjective_like(word: str, after: str) -> bool:
    """Tell whether a word after an adverb reads as an adjective ("efficient", "pre-trained LM")."""
    if word.endswith(_ADJ_ENDS + ("al", "ate", "ient", "ous", "ble")):
        return True
    return word.endswith("ed") and bool(after) and after not in _CUT_AT


_BAD_OPENERS = frozenset(
    "now often then also still already again thus hence therefore here there yet even just only never".split()
)
# Verbs that follow a plural subject ("networks train", "data affect"): never inside a noun phrase.
_VERBS_BASE = frozenset(
    """affect train produce generate learn capture exhibit suffer fail perform struggle rely require
    depend tend lack remain suggest indicate reveal play become emerge encode predict outperform achieve
    improve enable allow provide yield make use leverage exploit rely assume ignore neglect overlook
    obtain reach exceed match solve address handle degrade collapse converge diverge memorize forget
    generalize exist extend""".split()
)
_MID_ADVERBS = frozenset("often now usually always never sometimes still also already".split())
_OPENING_VERBS = frozenset(
    """develop learn study design propose build identify investigate explore analyze analyse examine introduce
    present serve apply estimate detect find show prove assess evaluate measure compare quantify extends""".split()
)
_VERBS_S_MID = frozenset(
    """learns trains produces affects captures generates encodes predicts reveals exhibits requires relies
    depends suffers fails achieves improves enables allows provides makes leverages exploits helps
    outperforms solve solves handles struggle struggles extends exist preserves disentangles enhances stacks
    orchestrates boosts reduces increases extracts""".split()
)
_NOUNISH = frozenset("train match use lack play yield".split())
_PLURAL_NOUNS = frozenset("data people criteria phenomena media".split())
_VERBS_S = frozenset(
    """models learns trains produces affects captures generates encodes predicts maps links reveals
    exhibits requires relies depends suffers fails achieves improves enables allows provides yields
    makes uses leverages exploits""".split()
)


_BARE_HEADS = frozenset("method methods technique techniques scheme strategy".split())


def _score(words: Sequence[str], values: "_WordValues", bonus: float) -> float:
    """Score a phrase: topic words that recur in the abstract, at a title's length."""
    value = bonus
    content = 0
    for w in words:
        is_topic, delta = values[w]
        content += is_topic
        value += delta
    if content == 0:
        return float("-inf")
    n = len(words)
    if n < _SHORT:
        value -= (_SHORT - n) * _SHORT_COST
    elif n > _LONG:
        value -= (n - _LONG) * _LONG_COST
    return value


class _WordValues(dict):  # type: ignore[type-arg]
    """What each word adds to a phrase's score, computed once per word and abstract."""

    def __init__(self, weight: _Weights, name: str) -> None:
        super().__init__()
        self.weight = weight
        self.name = name

    def __missing__(self, w: str) -> tuple[int, float]:
        low = w.lower()
        key = _KEYS.get(low) or _fold_key(low)
        if key != "-":
            value = (1, min(self.weight[key], _CAP) - _WORD_COST)
        else:
            value = (0, -1.0 if w == self.name else -_FILL_COST)
        self[w] = value
        return value


_BONUS_CUE, _BONUS_LATER_CUE, _STUDY_COST = 3.0, 1.5, 1.0
_BONUS_APPOSITION, _BONUS_SPELLED, _BONUS_FOR = 2.5, 7.0, 0.5
_BONUS_NP = 0.0
_CAP = 4.0
_WORD_COST = 1.2
_FILL_COST = 0.3
_SHORT, _SHORT_COST = 4, 1.0
_LONG, _LONG_COST = 11, 1.5


def _span_title(a: "_Analysis") -> str:
    """Return the best phrase of the abstract as a title phrase (not yet title-cased)."""
    weight = _weights(a)
    values = _WordValues(weight, a.name or "")
    best: list[str] = []
    best_score = float("-inf")
    seen: set[tuple[str, ...]] = set()
    cut_seen: set[tuple[str, ...]] = set()  # the same cut trims to the same phrase: skip the trim
    for words, bonus in _candidates(a):
        n = len(words)
        for k in range(n, 0, -1):
            if (k < n and words[k].lower() not in _CUT_AT) or words[k - 1] == "":
                continue
            cut = tuple(words[:k])
            if cut in cut_seen:
                continue
            cut_seen.add(cut)
            phrase = _trim(list(cut))
            key = tuple(phrase)
            if not phrase or key in seen:
                continue
            seen.add(key)
            s = _score(phrase, values, bonus)
            if s > best_score and not _clause_like(phrase):  # checked only for a would-be winner
                best, best_score = phrase, s
    if not best:
        return _fallback_run(a, weight)
    return " ".join(best)


def _fallback_run(a: "_Analysis", weight: _Weights) -> str:
    """Without a usable phrase, return the abstract's most central run of topic words."""
    best, best_score = "", float("-inf")
    for sentence in a.sentences[:3]:
        for piece in _TOPIC_SPLIT.split(_PAREN.sub("", sentence)):
            run: list[str] = []
            for raw in _WORD.findall(piece) + [""]:
                word, key, topic = _word(raw) if raw else ("", "", False)
                if topic and word != a.name:
                    run.append(word)
                    continue
                if run and not _clause_like(run):
                    run = run[:_RUN_MAX]
                    s = sum(min(weight[_word(w)[1]], _CAP) - 1.0 for w in run)
                    if s > best_score:
                        best, best_score = " ".join(run), s
                run = []
    return best


_RUN_MAX = 5
_TOPIC_SPLIT = re.compile(r"[,;:()\[\]\"!?\u201c\u201d]|\s[-\u2013\u2014]+\s|\u2014")
_WORD = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w\-'\u2019\u0370-\u03ff]*")


def _title_case(phrase: str) -> str:
    """Capitalise a phrase as a title, keeping acronyms and mixed-case tokens as written."""
    out = []
    for i, word in enumerate(phrase.split()):
        parts = word.split("-")
        if i > 0 and word.casefold() in _SMALL:
            out.append(word.casefold())
            continue
        out.append("-".join(p[:1].upper() + p[1:] if p[:1].islower() and p[1:] == p[1:].lower() else p for p in parts))
    return " ".join(out)


def _fit(text: str, limit: int) -> str:
    """Shorten text to at most ``limit`` characters at a word boundary."""
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(" ", 1)[0] if " " in text[:limit] else text[:limit]
    words = cut[:limit].split()
    while len(words) > 1 and words[-1].casefold().strip(",.;:") in _TAIL_DROP:
        words.pop()
    return " ".join(words).rstrip(" ,;:-")


# Never in a title: angle brackets, stray underscores at word edges ("Universal_"), lone slashes.
_UNSAFE = re.compile(r"[<>]|(?<!\w)_+|_+(?!\w)|(?<!\w)/|/(?!\w)")


def infer_title(text: str) -> str:
    """Return a readable title (at most 100 characters) inferred from an abstract."""
    a = _analyse(text)
    if not a.sentences:
        return FALLBACK_TITLE
    phrase = _title_case(_span_title(a))
    if a.name and a.name.casefold() not in phrase.casefold().split():
        title = f"{a.name}: {phrase}" if phrase else a.name
    else:
        title = phrase
    title = _fit(_UNSAFE.sub("", title).strip(" .,;:"), MAX_TITLE).rstrip(".")
    if not title:
        return FALLBACK_TITLE
    log.debug("inferred title %r (name %r)", title, a.name)
    return title


_SPACE_PUNCT = re.compile(r"\s+([,;:.])")  # "we propose , a ..." once a macro is gone


def summarize(text: str) -> str:
    """Return the contribution sentence as a one-line summary of at most 220 characters."""
    a = _analyse(text)
    if not a.sentences:
        return FALLBACK_TITLE + "."
    sentence = a.sentences[a.contribution] if a.contribution >= 0 else a.sentences[0]
    sentence = _SPACE_PUNCT.sub(r"\1", sentence.strip()).rstrip(".!?;:, ")
    if len(sentence) > MAX_SUMMARY - 1:
        head = sentence[: MAX_SUMMARY - 2]
        # Prefer ending at a clause boundary; fall back to a word boundary with an ellipsis.
        cut = max(head.rfind(", "), head.rfind("; "))
        sentence = head[:cut] if cut > MAX_SUMMARY // 2 else _fit(head, MAX_SUMMARY - 3) + "\u2026"
    sentence = sentence[:1].upper() + sentence[1:]
    return sentence.rstrip(" ,;:") + "."


def make_distinct(titles: Sequence[str], keys: Sequence[str] | None = None) -> list[str]:
    """Suffix colliding titles (case-insensitively) so that every title is distinct.

    The first occurrence keeps its title; later ones get " (2)", " (3)", ... in input
    order, or in ``keys`` order when keys are given, so the result does not depend on
    how the caller happened to order its records.
    """
    order = sorted(range(len(titles)), key=lambda i: (keys[i], i)) if keys is not None else range(len(titles))
    taken = {t.casefold() for t in titles}
    seen: set[str] = set()
    out = list(titles)
    for i in order:
        title = titles[i]
        if title.casefold() not in seen:
            seen.add(title.casefold())
            continue
        n = 2
        while True:
            suffix = f" ({n})"
            candidate = _fit(title, MAX_TITLE - len(suffix)) + suffix
            if candidate.casefold() not in taken and candidate.casefold() not in seen:
                break
            n += 1
        seen.add(candidate.casefold())
        taken.add(candidate.casefold())
        out[i] = candidate
    return out
