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
from bisect import bisect_right
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
    iclr neurips icml cvpr acl emnlp usa uk eu""".split()
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
_SUBJECT = (
    r"(?:\b[Ww]e\b|\b(?:[Tt]his|[Tt]he present|[Oo]ur) (?:paper|work|study|article|note|manuscript)\b|"
    r"\b[Tt]his\b(?= (?:" + _VERBS + r")\b))"
)
_ADVERBS = r"(?:(?:also|further|first|then|therefore|thus|hence|now|instead|here|additionally|furthermore|finally|formally|empirically|theoretically|systematically|carefully|comprehensively|newly|next|subsequently),?\s+)*"
# "We bridge this gap and present X": allow a short clause between subject and verb.
_CUE_STRONG = re.compile(_SUBJECT + r",?\s+(?:[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r")\b")
_CUE_STUDY = re.compile(_SUBJECT + r",?\s+" + _ADVERBS + r"(?:" + _STUDY + r")\b")
_CUE_OUR = re.compile(r"\b(?:[Oo]ur|[Tt]he proposed) (?:method|approach|framework|model|algorithm|system|technique|benchmark|dataset)\b")

_TOKEN = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w\-+&*%.'\u0370-\u03ff]*[\w+*%\u0370-\u03ff]|[A-Z0-9]")
_URL = re.compile(r"\b(?:https?://|www\.)\S+|\b[\w.-]+\.github\.io\S*")
_MARKUP = re.compile(r"\*\*|__|`|\\[A-Za-z]+|[\\$#{}<>~^|]|\[(?=[^\]]*\]\()|\]\([^)]*\)")
_PAREN = re.compile(r"\s*[(\[][^()\[\]]*[)\]]")
_SPACES = re.compile(r"\s+")
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|et al|vs|etc|cf|resp|approx|Fig|Eq|Sec|No|al)\.|\b[A-Z]\.)$")
_SENT_END = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Z0-9\u0370-\u03ff])")

_TAIL_DROP = frozenset(
    """a an the of for in on to with by from at as and or via into over under than that this these
    our its their which whose both each either novel new using based such is are be can
    within between across toward towards through without while when whether how not""".split()
)
_SMALL = frozenset("a an the and or nor but of for in on to with via by at as from into onto vs per".split())
_COMPARE = re.compile(
    r"(?:than|such as|e\.g\.,?|i\.e\.,?|like|including|over|versus|vs\.?|compared (?:to|with)|outperform(?:s|ing)?|"
    r"surpass(?:es|ing)?|beat(?:s|ing)?|baselines?|existing|prior|previous|popular|state-of-the-art|SOTA|e\.g\.)\s*[,(]?\s*$",
    re.IGNORECASE,
)


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
    text = _MARKUP.sub("", text)
    return _SPACES.sub(" ", text).strip()


def _sentences(text: str) -> tuple[str, ...]:
    """Split prose into sentences, gluing back splits after abbreviations."""
    out: list[str] = []
    for piece in _SENT_END.split(text):
        if out and _ABBREV.search(out[-1]):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return tuple(s for s in out if s)


def _contribution(prose: str, starts: Sequence[int]) -> tuple[int, list[int]]:
    """Return the contribution sentence's index (-1 if none) and where each strong cue ends."""
    cue_ends = [m.end() for m in _CUE_STRONG.finditer(prose)]
    if cue_ends:
        return bisect_right(starts, cue_ends[0] - 1) - 1, cue_ends
    for cue in (_CUE_STUDY, _CUE_OUR):
        m = cue.search(prose)
        if m:
            return bisect_right(starts, m.start()) - 1, []
    return -1, []


def _strip_token(tok: str) -> str:
    """Drop possessives and trailing dots from a candidate token."""
    for suffix in ("'s", "\u2019s", "'"):
        if tok.endswith(suffix):
            tok = tok[: -len(suffix)]
    return tok.rstrip(".-")


def _namelike(tok: str) -> bool:
    """Tell whether a token looks like a coined name (mixed case, inner capitals, digits...)."""
    if len(tok) < 2 or not any(c.isalpha() for c in tok):
        return False
    if tok.casefold() in COMMON_NAMES or _base(tok) in COMMON_NAMES:
        return False
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


def _base(tok: str) -> str:
    """Return a token without version digits or a plural s, lower-cased (GPT-4 -> gpt)."""
    low = tok.casefold()
    low = re.sub(r"[-_.]?v?\d+(?:\.\d+)*[a-z]?$", "", low)
    return low[:-1] if low.endswith("s") and low[:-1].upper() != low[:-1] and len(low) > 3 else low


_CAND = re.compile(r"\b\w[\w\-+&*%.]*?[A-Z][\w\-+&*%]*")
_INTRO_WORDS = ("called", "dubbed", "named", "termed", "coined", "namely", "denoted", "refer", " call ", " name it", "abbreviated")
_INTRO_NAME = re.compile(_STRONG_INTRO + r"\s*[\"']?(" + _TOKEN.pattern + r")")
_INTRO_BEFORE = re.compile(_STRONG_INTRO + r"\s*[\"']?$")
_AFTER_CUE = re.compile(
    r"\s*(?:the\s+|a\s+|an\s+|our\s+)?[\"'\u201c]?(" + _TOKEN.pattern + r")"
    r"(?=\s*(?:,|\(|:|\s[-\u2013\u2014]|\sas\s|\sthat\s|\swhich\s|\sto\s|\sfor\s|\s(?:a|an)\s))"
)
_VERB_BEFORE = re.compile(r"\b(?:" + _VERBS + r")\s+(?:the\s+|a\s+|an\s+|our\s+)?$", re.IGNORECASE)
_OUR_BEFORE = re.compile(
    r"\b(?:[Oo]ur|proposed)\s+(?:[\w-]+\s+){0,3}?(?:(?:model|method|approach|framework|algorithm|system|benchmark|"
    r"dataset|technique|architecture|agent|tool|pipeline|library),?\s+)?$"
)
_APPOSITIVE_AFTER = re.compile(r",?\s+(?:a|an|the|our|is|which)\b")


_SUBJECT_AFTER = re.compile(
    r"\s+(?:is|achieves|outperforms|surpasses|improves|enables|allows|consistently|significantly|can|also|"
    r"demonstrates|shows|yields|reduces|attains|sets|learns|uses|leverages|combines|consists|employs)\b"
)
_LATE_NAME = re.compile(
    r"(?:abbreviated as|\bas|\bcalled|\bdubbed|\bnamed|\btermed)\s+[\"'\u201c]?([A-Z][\w\-]*[\w])[\"'\u201d]?\s*\("
    r"|\(([A-Z][\w\-]*[\w]) for short\)|\b([A-Z][\w\-]*[\w]) for short\b"
)


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
    for m in _LATE_NAME.finditer(prose):
        add(m.group(1) or m.group(2) or m.group(3), 8)  # "abbreviated as URLOST (", "(X for short)"
    if any(w in prose for w in _INTRO_WORDS):
        for m in _INTRO_NAME.finditer(prose):
            tok = m.group(1)
            if _namelike(tok) or _lone_capital(prose, m):
                add(tok, 10 * weight(m.start()))
    counts: dict[str, int] = {}
    compared: set[str] = set()
    for m in _CAND.finditer(prose):
        tok = _strip_token(m.group(0))
        if not _namelike(tok):
            continue
        counts[tok] = counts.get(tok, 0) + 1
        s, e = m.start(), m.end()
        before = prose[max(0, s - 40) : s]
        w = weight(s)
        if _COMPARE.search(before):
            compared.add(tok)
        if _VERB_BEFORE.search(before) and _AFTER_CUE.match(prose, s - 1 if s else 0):
            add(tok, 8 * w)
        elif _OUR_BEFORE.search(before):
            add(tok, 3)
        if s and prose[s - 1] == "(" and prose[e : e + 1] == ")":
            spelled = _spelled_out(prose[max(0, s - 100) : s - 1], tok)
            if spelled:
                expansions.setdefault(tok, spelled)
                # A bracketed acronym is the paper's own only in or after its contribution
                # sentence; before it, it is background vocabulary (NER, INR, MLaaS).
                plural = tok[-1] == "s" and tok[:-1].isupper()
                if not plural:
                    add(tok, 5 if pivot <= s < contrib_end else 2.5 if s >= pivot else 0.5)
        elif (s == 0 or prose[s - 2 : s] in (". ", "! ", "? ")) and _APPOSITIVE_AFTER.match(prose, e):
            add(tok, 3 * w)
        if pivot <= s < contrib_end:
            add(tok, 2)  # a name written in the contribution sentence itself
        if _SUBJECT_AFTER.match(prose, e) and (s == 0 or prose[s - 2 : s] in (". ", "! ", "? ")):
            add(tok, 1.5 * w)  # "X achieves ...", "X is a ...": the paper's own subject
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
    return best, expansions.get(best, "")


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
_TOPIC_SPLIT = re.compile(r"[,;:()\[\]\"!?\u201c\u201d]|\s[-\u2013\u2014]+\s|\u2014")
_WORD = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w\-'\u2019\u0370-\u03ff]*")


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
_Run = tuple[tuple[str, ...], tuple[str, ...]]  # words as written, their keys


def _chunks(sentence: str, banned: str) -> list[_Run]:
    """Split a sentence into runs of topic words (rough noun phrases)."""
    out: list[_Run] = []
    for piece in _TOPIC_SPLIT.split(_PAREN.sub("", sentence)):
        words: list[str] = []
        keys: list[str] = []
        for raw in _WORD.findall(piece):
            word, key, topic = _word(raw)
            topic = topic and word != banned
            # A participle inside a run is a verb ("the model trained on"): it ends the run.
            if not topic or (words and key.endswith("ed")):
                if words:
                    out.append((tuple(words), tuple(keys)))
                words, keys = ([word], [key]) if topic else ([], [])
                continue
            words.append(word)
            keys.append(key)
        if words:
            out.append((tuple(words), tuple(keys)))
    return out


def _topic_phrases(a: "_Analysis") -> list[tuple[float, _Run, int]]:
    """Score every topic-word run of the abstract by how central its words are."""
    per_sentence = [_chunks(s, a.name or "") for s in a.sentences]
    weight: dict[str, float] = {}
    for runs in per_sentence:  # in how many sentences each word occurs
        for key in {k for _, keys in runs for k in keys}:
            weight[key] = weight.get(key, 0.0) + 1.0
    for idx, points in ((0, _FIRST_BONUS), (a.contribution, _CONTRIB_BONUS)):
        if 0 <= idx < len(per_sentence):
            for key in {k for _, keys in per_sentence[idx] for k in keys}:
                weight[key] += points
    scored = []
    for idx, runs in enumerate(per_sentence):
        for words, keys in runs:
            n = len(words)
            while n > 1 and keys[n - 1].endswith("ed"):
                n -= 1  # "the training instability described" -> "training instability"
            n = min(n, _RUN_MAX)
            value = sum(weight[k] for k in keys[:n]) - _RUN_COST * n
            scored.append((value, (words[:n], keys[:n]), idx))
    scored.sort(key=lambda t: (-t[0], t[2]))
    return scored


_RUN_MAX = 5
_RUN_COST = 1.0
_TAIL_MIN = 1
_FIRST_BONUS = 1.0
_CONTRIB_BONUS = 2.0


def _topic_title(a: "_Analysis") -> str:
    """Compose "<central phrase> for <second phrase>" from the abstract's topic words."""
    scored = _topic_phrases(a)
    if not scored:
        return ""
    head, used = scored[0][1]
    for _, (words, keys), _ in scored[1:]:
        if len(words) >= _TAIL_MIN and not set(used) & set(keys):
            return " ".join(head) + " for " + " ".join(words)
    return " ".join(head)


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


def infer_title(text: str) -> str:
    """Return a readable title (at most 100 characters) inferred from an abstract."""
    a = _analyse(text)
    if not a.sentences:
        return FALLBACK_TITLE
    phrase = _title_case(_topic_title(a))
    if a.name and a.name.casefold() not in phrase.casefold().split():
        title = f"{a.name}: {phrase}" if phrase else a.name
    else:
        title = phrase
    title = _fit(title.strip(" .,;:"), MAX_TITLE).rstrip(".")
    if not title:
        return FALLBACK_TITLE
    log.debug("inferred title %r (name %r)", title, a.name)
    return title


def summarize(text: str) -> str:
    """Return the contribution sentence as a one-line summary of at most 220 characters."""
    a = _analyse(text)
    if not a.sentences:
        return FALLBACK_TITLE + "."
    sentence = a.sentences[a.contribution] if a.contribution >= 0 else a.sentences[0]
    sentence = sentence.strip().rstrip(".!?;:, ")
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
