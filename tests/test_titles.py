"""Tests for generator.titles on real abstracts (fixtures) and edge cases."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.enrich.papers import convert_abstract
from generator.enrich.titles import coined_name, infer_title, make_distinct, summarize

FIXTURES = Path(__file__).parent / "fixtures" / "titles" / "records.jsonl"
RECORDS = [json.loads(line) for line in FIXTURES.read_text(encoding="utf-8").splitlines() if line.strip()]
NAMED = [r for r in RECORDS if r["name"]]
MARKUP = re.compile(r"\\[A-Za-z]+|\$|[{}]|\*\*|`|\]\(")


def _id(record: dict) -> str:
    return record["name"] or record["text"][:20]


@pytest.mark.parametrize("record", NAMED, ids=_id)
def test_coined_name_found_and_in_title(record: dict) -> None:
    assert coined_name(record["text"]) == record["name"]
    assert infer_title(record["text"]).startswith(record["name"] + ": ")


@pytest.mark.parametrize("record", RECORDS, ids=_id)
def test_title_and_summary_shape(record: dict) -> None:
    title = infer_title(record["text"])
    assert 0 < len(title) <= 100
    assert not title.endswith(".")
    assert not MARKUP.search(title)
    summary = summarize(record["text"])
    assert len(summary) <= 220 and summary.endswith(".")


@pytest.mark.parametrize(
    ("abstract", "want", "unwanted"),
    [
        (r"We propose $\text{Fid}_\Delta$, a metric for generative models. It is better than FID.", "FidΔ", "_"),
        (r"We propose $K_{\mathcal{F}}$, a kernel for comparing graphs. It is fast.", "Kℱ: Kernel", "_"),
        (r"We propose learning with only $F_t$ features for online regression. It is fast.", "Only Fₜ Features", "_"),
        (r"We show that computing each entry of the $n \times n$ matrix $QK^T$ is hard under SETH. This matters.",
         "n×n Matrix QKᵀ", "N N"),
        (r"We propose a method to predict gene expression from H\&E stained images. It works on many slides.",
         "from H&E Stained Images", "H E"),
    ],
)  # fmt: skip
def test_titles_write_math_as_the_abstract_shows_it(abstract: str, want: str, unwanted: str) -> None:
    title = infer_title(convert_abstract(abstract).text)
    assert want in title and unwanted not in title
    assert not set(title) & set("_^\\"), title


def test_simclr_is_not_the_name() -> None:
    text = (
        "We propose FooNet, a contrastive method for sensor data. "
        "FooNet outperforms SimCLR and SimCLR variants. FooNet is simple."
    )
    assert coined_name(text) == "FooNet"


@pytest.mark.parametrize("acronym", ["LLM", "GNN", "MAE", "CNN", "SOTA", "RL", "AI", "GPU", "NLP"])
def test_common_acronyms_are_never_names(acronym: str) -> None:
    text = f"We propose a {acronym} method. The {acronym} works. Our {acronym} is fast with {acronym}."
    assert coined_name(text) is None


def test_real_titles_distinct_after_make_distinct() -> None:
    titles = make_distinct([infer_title(r["text"]) for r in RECORDS])
    assert len({t.casefold() for t in titles}) == len(titles)


def test_make_distinct_suffixes_and_limits() -> None:
    long = "A" * 100
    out = make_distinct(["Graph Learning", "graph learning", "Graph Learning (2)", long, long])
    assert out[0] == "Graph Learning"
    assert out[1].casefold() not in {o.casefold() for o in (out[0], out[2])}
    assert len({o.casefold() for o in out}) == 5
    assert all(len(o) <= 100 for o in out)


def test_make_distinct_with_keys_ignores_input_order() -> None:
    a = make_distinct(["T", "T"], keys=["b", "a"])
    b = make_distinct(["T", "T"], keys=["a", "b"])
    assert a == list(reversed(b))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        ".",
        "$$",
        "Deep learning.",
        "Neural networks are widely used in many applications across science and engineering",
        "Graph neural networks " + "and very long sentences " * 80 + "never end.",
        "Wir schlagen ein Verfahren vor: Übersetzung mit ℓ1-Regularisierung und α-β Suche.",
        "We propose 学習 方法 for 日本語 text. 学習 is good.",
        "We propose\u200b a zero\u2011width ﬁlter.",
        "In this work, we study the problem of explicit NeRF compression.",
    ],
)
def test_edge_cases(text: str) -> None:
    title = infer_title(text)
    assert 0 < len(title) <= 100 and not title.endswith(".")
    summary = summarize(text)
    assert 0 < len(summary) <= 220 and summary.endswith(".")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (  # named late, with "abbreviated as"; the bracketed background acronym (NER) is not the name
            "Named entity recognition (NER) is a core task. Prior NER systems need labels. We propose a "
            "label-free tagger for noisy text. Our tagger, abbreviated as LIFT, combines weak rules with "
            "self-training. LIFT outperforms baselines.",
            "LIFT",
        ),
        (  # "(X for short)"; the plural acronym INRs is never a name
            "Implicit neural representations (INRs) compress signals. We present a Bayesian codec for INRs "
            "(BayesCodec for short). BayesCodec achieves strong rates.",
            "BayesCodec",
        ),
    ],
)
def test_late_names_beat_background_acronyms(text: str, name: str) -> None:
    assert coined_name(text) == name
    assert infer_title(text).startswith(name + ": ")


def test_name_kept_when_a_title_word_contains_it() -> None:
    text = "Symbolic regression is hard. We propose SYMBOL, a symbolic equation learner. SYMBOL outperforms baselines."
    assert infer_title(text).startswith("SYMBOL: ")


def test_title_is_topic_words_without_fillers() -> None:
    text = (
        "Graph anomaly detection matters. We propose a novel, simple and effective method for graph "
        "anomaly detection. Graph anomaly detection is hard."
    )
    title = infer_title(text)
    assert "Graph Anomaly Detection" in title
    assert not {"Novel", "Simple", "Effective", "Method"} & set(title.split())


def test_no_propose_uses_study_clause() -> None:
    title = infer_title("In this work, we study the problem of explicit NeRF compression. It matters.")
    assert "NeRF Compression" in title


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=600))
def test_never_raises_and_bounded(text: str) -> None:
    title = infer_title(text)
    assert 0 < len(title) <= 100
    assert 0 < len(summarize(text)) <= 220
    coined_name(text)


# Round 3: titles are spans the abstract writes, not words glued in score order.
CONMIX = (
    "Deep clustering has been widely studied, yet long-tailed data remain hard. To tackle this problem, "
    "we propose a novel contrastive mixup method for long-tailed deep clustering, named ConMix. ConMix "
    "mixes representations of samples. ConMix outperforms existing deep clustering methods."
)
URLOST = (
    "Unsupervised representation learning has seen tremendous progress. We introduce a novel framework "
    "that learns from high-dimensional data without prior knowledge of stationarity and topology. Our "
    "model, abbreviated as URLOST, combines a learnable self-organizing layer and spectral clustering."
)
GRANGER = (
    "Granger causality is an effective approach to detect interdependencies. This paper develops a "
    "federated approach to learning Granger causality. Granger causality of clients is learned by a server."
)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (CONMIX, "ConMix: Contrastive Mixup for Long-Tailed Deep Clustering"),  # not backwards
        (URLOST, "URLOST: Learning from High-Dimensional Data"),  # "a framework that learns X" -> "Learning X"
        (GRANGER, "Federated Approach to Learning Granger Causality"),
    ],
)
def test_title_is_a_span_of_the_abstract(text: str, title: str) -> None:
    assert infer_title(text).startswith(title)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("We study the problem of explicit NeRF compression. NeRF compression matters.", "Problem"),
        ("A method is needed. We propose a method for graph anomaly detection. Graph anomaly detection is hard.", "Method for"),
        ("Reasoning is hard. We propose a new model that learns codes for reasoning tasks. Codes help.", "Learns"),
    ],
)
def test_title_drops_wrappers_and_verbs(text: str, bad: str) -> None:
    assert bad not in infer_title(text)


def test_in_word_capitals_are_not_a_name() -> None:
    text = "We detect geneRative AI text via rewriting. Our detector, called Raidar, rewrites text. Raidar works."
    assert coined_name(text) == "Raidar"


# Round 4: plain capitalised names, background acronyms, clause fragments, hostile markup.
@pytest.mark.parametrize(
    ("text", "name"),
    [
        (  # a plain capitalised word after "presenting", then the subject of a sentence
            "Neural vocoders are slow. This study seeks to close this gap by presenting Vocos, a new model that "
            "directly generates Fourier spectral coefficients. Vocos not only matches the state of the art but "
            "also improves speed.",
            "Vocos",
        ),
        (  # an apposition after "Our model,"
            "Code editing is common. Our model, Coeditor, is a fine-tuned language model specialized for code "
            "editing tasks. Coeditor significantly outperforms GPT-3.5.",
            "Coeditor",
        ),
        (  # no cue at all: the subject of several sentences, capitalised mid-sentence
            "Neural activity is rich. Neuroformer is a multimodal, multitask generative pretrained transformer for "
            "neural data. We first trained Neuroformer on simulated datasets. These findings show that Neuroformer "
            "can analyze neural datasets.",
            "Neuroformer",
        ),
        (  # "called *Name*" with leftover emphasis
            "Crystals are periodic. We propose a transformer encoder for crystal structures called *Crystalformer*. "
            "It uses fewer parameters.",
            "Crystalformer",
        ),
        (  # a background acronym in the task clause is not the paper's name
            "Language models may leak personally identifiable information (PII) from their training data. We "
            "propose a new attack, called Janus, that recovers PII from fine-tuned models. Janus extracts more "
            "PII than baselines.",
            "Janus",
        ),
        (  # the name compared against is not the paper's
            "Neural networks are powerful. Prior work such as SirenNets uses sinusoids. We propose SphereNet, a "
            "location encoder for global data. SphereNet outperforms SirenNets.",
            "SphereNet",
        ),
        (  # "ACRF-F" is a variant of ACRF, not the name
            "NeRF compression matters. We introduce Attributed Compression of Radiance Field (ACRF) for explicit "
            "NeRF compression. ACRF-F is a fast variant. ACRF reduces storage.",
            "ACRF",
        ),
    ],
)
def test_names_round4(text: str, name: str) -> None:
    assert coined_name(text) == name
    assert infer_title(text).startswith(name + ": ")


@pytest.mark.parametrize(
    "text",
    [
        "Graph neural networks are popular. We train the Gaussian process on graphs. The Gaussian kernel is "
        "smooth, and Gaussian priors help.",
        "Safe RLHF is studied here. We propose a constrained method for alignment. Safe RLHF is hard.",
        "Training data contain personally identifiable information (PII). We propose a method for auditing "
        "memorization in language models. PII leakage is common and PII is hard to detect.",
    ],
)
def test_proper_nouns_and_background_acronyms_are_not_names(text: str) -> None:
    assert coined_name(text) is None


def test_lower_case_spelled_out_name_is_the_title() -> None:
    text = (
        "Ordering images by age is hard. We propose a novel clustering algorithm for orderable images, called "
        "unsupervised order learning (UOL). UOL outperforms prior clustering methods on facial age data."
    )
    assert infer_title(text) == "UOL: Unsupervised Order Learning"


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        (  # the first sentence's subject and its finite verb
            "Modern learning frameworks often train deep neural networks with massive amounts of unlabeled data. "
            "In this work, we provide an instantiation of the white-box design paradigm.",
            "Often",
        ),
        (
            "Generative models now produce photorealistic synthetic data. We introduce a novel approach that "
            "leverages representation learning to address all of the aforementioned issues.",
            "Now Produce",
        ),
        (
            "We present a unified framework for studying the identifiability of representations learned from "
            "simultaneously observed views, such as different data modalities.",
            "Learned from",
        ),
        (
            "In this study, we provide a comprehensive theoretical analysis to elucidate how long-tailed data "
            "affect feature distributions.",
            "Affect",
        ),
        (
            "Graph networks are widely used. PH-DGN models neural information flow in graphs. We propose "
            "port-Hamiltonian deep graph networks for long-range propagation.",
            "Models Neural",
        ),
        (  # a participle that only links its clause to what follows (www2025)
            "Recommender systems relying on contextual multi-armed bandits continuously improve relevant item "
            "recommendations by taking into account the contextual information. The objective of bandit algorithms "
            "is to learn the best arm for each user. Here, we present a framework that allows contextual "
            "multi-armed bandits to account for such heterogeneous spillovers when choosing the best arm.",
            "Relying on",
        ),
    ],
)
def test_title_is_not_a_clause_fragment(text: str, bad: str) -> None:
    assert bad not in infer_title(text)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        (  # a preposition whose object was cut away (3DV 2026, SocialGen)
            "Human interactions in everyday life are inherently social. In this paper, we introduce SocialGen, the "
            "first unified motion-language model capable of modeling interaction behaviors among varying numbers of "
            "individuals, to address this crucial yet challenging problem.",
            re.compile(r"\bAmong$"),
        ),
        (  # "both" cut from its "and" (3DV 2026, Hyper Diffusion Avatars)
            "Creating human avatars is a highly desirable yet challenging task. Recent advancements in radiance field "
            "rendering have achieved unprecedented photorealism and real-time performance for personalized dynamic "
            "human avatars. However, these approaches are typically limited to person-specific rendering, models "
            "trained on multi-view video data for a single individual. In this paper, we propose a novel "
            "approach that unites the strengths of person-specific rendering and diffusion-based generative modeling "
            "to enable dynamic human avatar generation with both high photorealism and realistic pose-dependent "
            "deformations.",
            re.compile(r"\bBoth\b(?!.*\band\b)"),
        ),
    ],
)
def test_title_keeps_no_word_whose_other_half_was_cut(text: str, bad: re.Pattern) -> None:
    assert not bad.search(infer_title(text))


@pytest.mark.parametrize(
    "text",
    [
        "We propose {\\mname}, a <script>alert(1)</script> robust template engine benchmark for testing "
        "renderers. It is robust.",
        "We propose Foo, a <b>bold</b> method for parsing of <img src=x onerror=alert(1)> images.",
        "We study universal_ data poisoning attacks </div> for image classifiers.",
    ],
)
def test_html_looking_text_never_reaches_the_title(text: str) -> None:
    title = infer_title(text)
    assert not re.search(r"[<>]|script|alert|/|(?<!\w)_|_(?!\w)", title, re.IGNORECASE)
    assert "<" not in summarize(text) and ">" not in summarize(text)


def test_sentences_do_not_split_after_abbreviations() -> None:
    text = "Baselines (e.g. SimCLR) are strong. We propose FooNet, a contrastive method. FooNet is fast."
    assert summarize(text) == "We propose FooNet, a contrastive method."


# The scans below were rewritten to open on a character class (much faster in ``re``);
# they must still match exactly what their plain formulations match.
_SCAN_ALPHABET = st.text(alphabet="ab hw.:/-_*`\\$#{}<>~^|[]()xttpsw\u00e9\u03b1Z9", max_size=80)


@settings(max_examples=400, deadline=None)
@given(_SCAN_ALPHABET)
def test_fast_markup_and_url_scans_match_their_plain_forms(text: str) -> None:
    from generator.enrich.titles import analysis as analysis

    markup = re.compile(r"\*\*|__|`|\\[A-Za-z]+|[\\$#{}<>~^|]|\[(?=[^\]]*\]\()|\]\([^)]*\)")
    web = re.compile(r"\b(?:https?://|www\.)\S+")
    assert analysis._MARKUP.sub("", text) == markup.sub("", text)
    assert analysis._URL_WEB.sub("", text) == web.sub("", text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="aB cD-_+&*%.'(),\u00e9\u03a3Z9", max_size=80))
def test_capitalised_word_spans_match_a_per_capital_scan(text: str) -> None:
    from generator.enrich.titles import coined

    spans, last = [], 0
    for m in re.finditer(r"[A-Z]", text):  # the plain form: one step per capital letter
        c = m.start()
        if c < last:
            continue
        s = c
        while s > last and (text[s - 1].isalnum() or text[s - 1] in "_-+&*%."):
            s -= 1
        while not (text[s].isalnum() or text[s] == "_"):
            s += 1
        last = re.compile(r"[\w\-+&*%]*").match(text, c + 1).end()
        spans.append((s, last))
    assert coined._cand_spans(text) == spans


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["our", "Our", "the proposed", "The proposed", " ", "method", "dataset", "s", "_",
                                  "(", ")", "[", "]", "\t", "\u00a0", "a", "\u00e9", "9", "E", "SO", "x"]), max_size=30).map("".join))
def test_fast_aside_and_cue_scans_match_their_plain_forms(text: str) -> None:
    from generator.enrich.titles import analysis as analysis

    aside = re.compile(r"\s*(?:\[|(?<!\b[A-Z])(?<!\b[A-Z]{2})(?<!\b[a-z])\()[^()\[\]]*[)\]]")  # "E(3)" is no aside
    our = re.compile(r"\b(?:[Oo]ur|[Tt]he proposed) (?:method|approach|framework|model|algorithm|system|technique"
                     r"|benchmark|dataset)\b")
    assert analysis._drop_asides(text) == aside.sub("", analysis._drop_markers(text))
    plain = our.search(text)
    fast = analysis._CUE_OUR.search(text)
    assert (fast and fast.span()) == (plain and plain.span())


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["we", "We", "this", "This", "the present", "The", "our", "Our", "four", " ", ",", ".",
                                  "paper", "work", "propose", "presents", "and", "also", "a", "_", "(", "\u00e9"]),
                max_size=16).map("".join))
def test_fast_subject_and_strong_cue_scans_match_their_plain_forms(text: str) -> None:
    from generator.enrich.titles import analysis as analysis
    from generator.enrich.titles.lexicon import _ADVERBS, _PAPER, _VERBS

    subject = (r"\b(?:[Ww]e\b|[Tt]his " + _PAPER + r"|[Tt]he present " + _PAPER + r"|[Tt]his\b(?= (?:" + _VERBS
               + r")\b)|[Oo]ur " + _PAPER + r")")
    cue = re.compile(subject + r",?\s+(?:[^.;]{0,60}?\band\s+)?" + _ADVERBS + r"(?:" + _VERBS + r")\b")
    assert [m.span() for m in analysis._CUE_STRONG.finditer(text)] == [m.span() for m in cue.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab AZ9.!?\"'(e.g.)U.S al", max_size=80))
def test_sentences_cover_the_prose_and_start_where_they_say(text: str) -> None:
    from generator.enrich.titles import analysis as analysis

    prose = analysis._clean(text)
    sentences, starts = analysis._sentences(prose)
    assert " ".join(sentences) == prose
    assert [prose[start : start + len(s)] for start, s in zip(starts, sentences)] == list(sentences)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (  # only the code link bears the name
            "Graphs have hierarchy. We propose a hierarchical graph generative network that captures communities. "
            "It improves graph quality. Code available at https://github.com/someone/HiGen_main",
            "HiGen",
        ),
        (  # "called <several words> (ACRONYM)": the bracket, not the first spelled-out word
            "Training RL at scale is slow. We develop a distributed RL system called ReaLly Scalable RL (SRL), "
            "which allows massively parallel training. SRL outperforms existing libraries.",
            "SRL",
        ),
        (  # "our ... approach (NAME)" far from the contribution sentence
            "We propose to decompose each pretrained matrix into a low-rank and a quantized part. Experiments "
            "show that our low-rank plus quantized matrix decomposition approach (LQ-LoRA) beats QLoRA.",
            "LQ-LoRA",
        ),
        (  # "Our novel resource, NAME, is"
            "Multilingual LLMs are evaluated mostly in English. We construct an evaluation suite from local exam "
            "sources in 44 languages. Our novel resource, INCLUDE, is a knowledge- and reasoning-centric benchmark.",
            "INCLUDE",
        ),
        (  # the X-of-Y compound the acronym abbreviates is the name
            "Decoding is slow. We propose Skeleton-of-Thought (SoT), which first guides LLMs to write a skeleton. "
            "SoT offers speed-ups across many models. SoT is data-centric, and SoT improves answer quality.",
            "Skeleton-of-Thought",
        ),
        (  # "we propose the NAME framework"
            "Tables are hard for LLMs. We propose the Chain-of-Table framework, where tabular data is used in the "
            "reasoning chain. Chain-of-Table achieves new state-of-the-art results.",
            "Chain-of-Table",
        ),
        (  # apposition to the object of the cue, beating a dataset named later
            "Malware detectors are brittle. In this work, we develop a certified defense, DRSM (De-Randomized "
            "Smoothed MalConv), by redesigning smoothing. DRSM is robust. We also release a dataset called PACE.",
            "DRSM",
        ),
        (  # a word set apart after "Moreover," is still a name ("Moreover, Monet allows")
            "Interpretability needs monosemantic experts. To address this, we introduce Mixture of Monosemantic "
            "Experts for Transformers (Monet) architecture. Moreover, Monet allows knowledge manipulation.",
            "Monet",
        ),
        (  # "3D" after a name is part of it: LoRA3D is not LoRA
            "3D foundation models struggle in low light. To address this, we propose LoRA3D, an efficient "
            "self-calibration pipeline for 3D foundation models.",
            "LoRA3D",
        ),
        (  # "We dubbed our <...> method NAME"
            "LLMs rewrite human text more than AI text. We dubbed our generative AI detection via rewriting "
            "method Raidar. Raidar improves detection scores.",
            "Raidar",
        ),
    ],
)
def test_names_round5(text: str, name: str) -> None:
    assert coined_name(text) == name
    assert name in infer_title(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sparse models are fast. We propose a new ReLU-based activation for LLM inference that skips zeros. "
        "ReLU-based models are efficient and ReLU-based designs scale.",
        "Diffusion models (DMs) are strong. We propose a bridge for generative modeling in phase space. DMs "
        "are slow and DMs need many steps.",
    ],
)
def test_modifiers_and_plural_acronyms_are_not_names(text: str) -> None:
    assert coined_name(text) is None


def test_repo_names_strip_branch_suffixes() -> None:
    from generator.enrich.titles.repos import repo_names

    text = "See https://github.com/a/HiGen_main and https://kmcode1.github.io/Projects/EmerDiff/ or github.com/b/x_y_z"
    assert repo_names(text) == ("HiGen", "EmerDiff")


# Round 6: "<contribution> for <field>" compositions; titles never end on an adjective.
CDE = (
    "Offline reinforcement learning is hard because datasets are small. We propose conservative density "
    "estimation, which trains on sparse rewards. Conservative density estimation works well in offline "
    "reinforcement learning benchmarks."
)


def test_contribution_takes_the_field_named_by_the_opening_subject() -> None:
    assert infer_title(CDE) == "Conservative Density Estimation for Offline Reinforcement Learning"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # the head already names the field by its acronym: "GNN for Graph Neural Networks" says it twice
            "Graph neural networks are popular for molecules. We propose a scalable implicit GNN, which trains "
            "with mini-batches. The scalable implicit GNN beats graph neural network baselines.",
            "Scalable Implicit GNN",
        ),
        (  # the opening noun phrase is not the sentence's subject: no field to compose with "for" (the term
            # the abstract keeps using follows, after the preposition it writes: see the tests of _with_term)
            "In many settings offline reinforcement learning is hard. We propose conservative density estimation, "
            "which trains on sparse rewards. Conservative density estimation works in offline reinforcement learning.",
            "Conservative Density Estimation in Offline Reinforcement Learning",
        ),
    ],
)
def test_no_field_when_it_repeats_the_head_or_is_not_the_subject(text: str, title: str) -> None:
    assert infer_title(text) == title


@pytest.mark.parametrize(
    ("words", "trimmed"),
    [
        (["adversarial", "attack", "on", "sequential"], ["adversarial", "attack"]),
        (["generative", "model", "of", "discrete"], ["generative", "model"]),
        (["brain", "simulator", "developed"], ["brain", "simulator"]),
        (["perceptual", "similarity", "metric"], ["perceptual", "similarity", "metric"]),  # nouns kept
        (["graph", "signal"], ["graph", "signal"]),
        (["value", "potential"], ["value", "potential"]),
        (["transitioning", "from", "lazy", "dynamics", "to", "a", "rich"], ["transitioning", "from", "lazy", "dynamics"]),
        # Nor on an adverb cut from its verb, nor on a possessive cut from what it owns.
        (["recognition", "models", "with", "parametrically"], ["recognition", "models"]),
        (["safe", "transfer", "even"], ["safe", "transfer"]),
        (["exemplars", "for", "language", "model's"], ["exemplars", "for", "language", "model"]),
        (["graph", "anomaly"], ["graph", "anomaly"]),  # a noun in -ly
        # Nor on the particle of a phrasal verb cut from what follows ("nodes up to k hops").
        (["indirect", "connections", "between", "nodes", "up"], ["indirect", "connections", "between", "nodes"]),
    ],
)
def test_title_phrase_never_ends_on_an_adjective(words: list[str], trimmed: list[str]) -> None:
    from generator.enrich.titles.grammar import _trim

    assert _trim(words) == trimmed


@pytest.mark.parametrize(
    "text",
    ["We propose FooNet , a model (see [1]) \u2014 for data.", "Ein \u00dcberblick \u0391\u03a3 \u2014 \u0130stanbul, x", ""],
)
def test_token_helpers_match_their_plain_definitions(text: str) -> None:
    from generator.enrich.titles.spans import _SPAN_TOKEN, _lower_all, _token_index

    tokens = _SPAN_TOKEN.findall(text)
    assert _lower_all(tokens, text) == [t.lower() for t in tokens]
    starts, pos = [], 0
    for tok in tokens:
        pos = text.find(tok, pos)
        starts.append(pos)
        pos += len(tok)
    for at in range(len(text) + 2):
        assert _token_index(text, tokens, at) == sum(s < at for s in starts)


@pytest.mark.parametrize(
    ("sentence", "summary"),
    [
        ("Finally, we propose an integrated approach.", "We propose an integrated approach."),
        ("Motivated by this, we introduce FooNet, a novel framework.", "We introduce FooNet, a novel framework."),
        ("To address this issue, we present BarNet.", "We present BarNet."),
        ("In this paper, our method learns faster.", "Our method learns faster."),
        # A condition is part of what the sentence says: it stays.
        ("For graphs with n nodes, we prove a tight bound.", "For graphs with n nodes, we prove a tight bound."),
    ],
)
def test_a_summary_drops_a_lead_in_that_needs_the_sentence_before(sentence: str, summary: str) -> None:
    assert summarize(f"Large models are costly to train. {sentence}") == summary


# Round 7: a spelled-out name is taken whole; acronym uses count for the words they abbreviate;
# a well-known term names the field, not the paper; a title is never cut to fit.
@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # "Passing" reads like a participle and "Geometrically" like an adverb: neither stops the name
            "Label imbalance hurts graph models. We introduce Partitioning Message Passing (PMP), an intuitive "
            "paradigm for fraud graphs. PMP separates neighbours by class. PMP is fast.",
            "PMP: Partitioning Message Passing",
        ),
        (
            "Transfer learning in regression is hard. We propose a novel transfer technique, namely the "
            "Geometrically Aligned Transfer Encoder (GATE). GATE maps latent vectors onto a manifold. GATE is stable.",
            "GATE: Geometrically Aligned Transfer Encoder",
        ),
    ],
)
def test_spelled_out_name_is_taken_whole(text: str, title: str) -> None:
    assert infer_title(text) == title


def test_acronym_uses_count_for_the_words_they_abbreviate() -> None:
    # "sparse autoencoders" is written once but used five times as "SAEs"; "neuron activation
    # patterns" is written twice, so without the acronym's uses the title would be about it.
    text = (
        "Neuron activation patterns are hard to read. We study neuron activation patterns with sparse "
        "autoencoders (SAEs). SAEs find features. SAEs scale to large models. We train SAEs on many layers, "
        "and SAEs recover known circuits."
    )
    assert "Sparse Autoencoders" in infer_title(text)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # "Large Language Models" alone says only what field the paper is in
            "Large language models (LLMs) are fluent writers. LLMs often hallucinate, and LLMs are costly. We "
            "propose a retrieval cache, which stores verified facts. LLMs with the cache hallucinate less.",
            "Retrieval Cache for Large Language Models",
        ),
    ],
)
def test_well_known_term_is_a_field_not_a_title(text: str, title: str) -> None:
    assert infer_title(text) == title


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # the NTK is how the paper analyses its schedule, not what the schedule is for
            "Wide networks are often studied through the neural tangent kernel (NTK). The NTK is fixed in "
            "training, and the NTK predicts speed. We propose a layer-wise warm-up schedule, which trains each "
            "layer in turn. The NTK of the schedule stays close.",
            "Layer-Wise Warm-Up Schedule",
        ),
        (  # a field, by contrast, is what the contribution is for
            "Large language models (LLMs) are fluent writers. LLMs often hallucinate, and LLMs are costly. We "
            "propose a retrieval cache, which stores verified facts. LLMs with the cache hallucinate less.",
            "Retrieval Cache for Large Language Models",
        ),
    ],
)
def test_a_well_known_technique_is_never_the_field(text: str, title: str) -> None:
    assert infer_title(text) == title


def test_title_is_not_cut_to_fit() -> None:
    text = (
        "Video models are costly. We propose FastVid, a hierarchical spatio-temporal token merging scheme for "
        "accelerating transformer-based text-conditioned video generation models on commodity accelerators "
        "with bounded memory. FastVid is fast."
    )
    from generator.enrich.titles.phrases import _too_long

    title = infer_title(text)
    assert len(title) <= 100
    assert title.split()[-1].lower() not in ("on", "with", "transformer-based", "text-conditioned", "commodity")
    phrase = "hierarchical spatio-temporal token merging scheme for accelerating transformer-based text-conditioned video generation models on commodity accelerators".split()
    assert _too_long(phrase, "FastVid") and not _too_long(phrase[:5], "FastVid")


@pytest.mark.parametrize(
    ("before", "acronym", "spelled"),
    [
        ("answer generation problems through Rule AbstractIon and SElection", "RAISE", "Rule AbstractIon and SElection"),
        ("In this study, we investigate the DIstribution Correction Estimation", "DICE", "DIstribution Correction Estimation"),
        ("a novel method called theoREm-from-prooF extrACTOR", "REFACTOR", "theoREm-from-prooF extrACTOR"),
        ("an MLP-based architecture with Past-Decomposable-Mixing", "PDM", "Past-Decomposable-Mixing"),
        ("we propose the HyperCombinator", "HC", ""),  # one word: a name, not an expansion
        ("we present Rephrase, Augment and Reason", "RepARe", ""),  # a list, not one phrase
    ],
)
def test_acronym_spelled_by_the_capitals_it_marks(before: str, acronym: str, spelled: str) -> None:
    from generator.enrich.titles.names import _spelled_out

    assert _spelled_out(before, acronym) == spelled


def test_capitals_spelled_name_is_the_title() -> None:
    text = (
        "Abstract visual reasoning needs rules. We propose a latent variable model for answer generation through "
        "Rule AbstractIon and SElection (RAISE). RAISE encodes attributes as concepts. RAISE beats solvers."
    )
    assert infer_title(text) == "RAISE: Rule AbstractIon and SElection"


def test_a_term_the_abstract_defines_is_a_field_for_the_contribution() -> None:
    text = (
        "Label imbalance hurts graph neural networks in graph fraud detection (GFD). GFD datasets are skewed. "
        "We introduce Partitioning Message Passing (PMP), an intuitive paradigm crafted for GFD. PMP separates "
        "neighbours by class, and PMP is fast on GFD benchmarks."
    )
    assert infer_title(text) == "PMP: Partitioning Message Passing for Graph Fraud Detection"


def test_opening_subject_before_a_verb_in_s_is_a_field() -> None:
    text = (
        "Episodic memory plays a crucial role in cognition. We propose the spatially-aware transformer, which "
        "stores events with their places. The spatially-aware transformer improves memory use."
    )
    assert infer_title(text) == "Spatially-Aware Transformer for Episodic Memory"


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Recent advances in tabular data generation are large. We propose TabSyn, which learns a latent space. "
         "TabSyn is fast.", "Recent"),
        ("We propose a state-of-the-art data filtering approach for web-crawled multimodal datasets. It is fast.",
         "State-Of-The-Art"),
    ],
)
def test_title_does_not_open_on_a_word_that_dates_it(text: str, bad: str) -> None:
    assert bad not in infer_title(text)


def test_defined_term_ending_on_a_generic_word_is_still_a_field() -> None:
    text = (
        "Automated model evaluation (AutoEval) predicts accuracy without labels. AutoEval protocols are slow. "
        "We propose a novel measure, Meta-Distribution Energy (MDE), that makes AutoEval efficient. MDE is "
        "simple, and MDE correlates with accuracy on AutoEval benchmarks."
    )
    assert infer_title(text) == "MDE: Meta-Distribution Energy for Automated Model Evaluation"


@pytest.mark.parametrize(
    ("words", "trimmed"),
    [
        ("contrastive mixup method for tabular data", "contrastive mixup for tabular data"),
        ("scalable method for building instruction data", "scalable method for building instruction data"),
        ("graph-based method for molecule generation", "graph-based method for molecule generation"),
    ],
)
def test_bare_head_stays_after_a_word_that_only_modifies_it(words: str, trimmed: str) -> None:
    from generator.enrich.titles.grammar import _trim

    assert " ".join(_trim(words.split())) == trimmed


def test_title_does_not_open_on_an_adjective_left_without_its_noun() -> None:
    text = (
        "We present a scalable method for building high quality instruction following language models. The method "
        "labels web text with instructions and selects the best instructions."
    )
    assert infer_title(text).startswith("Scalable Method for Building")


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # What it is for, from the contribution sentence.
        ("Current training pipelines neglect hue changes in videos. We propose a data augmentation method for video "
         "understanding, named Motion Coherent Augmentation (MCA). MCA swaps hue in videos, and MCA helps video "
         "understanding models attend to motion.", "MCA: Motion Coherent Augmentation for Video Understanding"),
        # "X for Y" takes only how it works.
        ("Serving long-context models is slow. We propose PageServe, a serving system for long-context language "
         "models, which stores attention states with paged key-value caches. PageServe cuts memory use of key-value "
         "caches by half for long-context language models.",
         "PageServe: Serving System for Long-Context Language Models with Paged Key-Value Caches"),
        ("Graph learning is hard to scale. In this paper, we present a sampler for graph neural networks, built with "
         "random walk kernels. The sampler makes graph neural networks fast, and random walk kernels are cheap.",
         "Sampler for Graph Neural Networks with Random Walk Kernels"),
        # "which leverages Y" says how it works, as "via Y" does.
        ("Tabular data is hard to generate. We present TabDiff, a generator for tabular data, which leverages a "
         "latent diffusion model. The latent diffusion model is trained on tabular data and TabDiff samples it fast.",
         "TabDiff: Generator for Tabular Data via Latent Diffusion Model"),
        # "which learns Y" (or "to learn Y") says what it is for: "for Learning Y".
        ("It is hard to read what a network sees. We propose ShapeLayer, an interpretable convolution layer, which "
         "learns shapelet detectors. Its shapelet detectors match parts of each series, and shapelet detectors are "
         "easy to read.", "ShapeLayer: Interpretable Convolution Layer for Learning Shapelet Detectors"),
    ],
)
def test_short_title_takes_the_purpose_or_mechanism_its_sentence_states(text: str, title: str) -> None:
    assert infer_title(text) == title


def test_title_takes_no_tail_the_abstract_barely_uses() -> None:
    text = (
        "Graph learning is hard to scale. In this paper, we present a sampler for graph neural networks, tested with "
        "two datasets. The sampler makes graph neural networks fast."
    )
    assert infer_title(text) == "Sampler for Graph Neural Networks"


def test_subject_of_an_opening_while_clause_is_a_field() -> None:
    text = (
        "While diffusion models have shown strong results, their samples lack detail. We introduce Soft Mixture "
        "Denoising, which replaces the Gaussian denoising step with a mixture. Soft Mixture Denoising improves "
        "diffusion models."
    )
    assert infer_title(text) == "Soft Mixture Denoising for Diffusion Models"


@pytest.mark.parametrize(
    ("word", "finite", "verb"),
    [("learns", True, True), ("learn", False, True), ("various", True, False), ("efficiently", True, False),
     ("adversarial", False, False), ("learning", False, False), ("learns", False, False)],
)
def test_plain_verb_after_to_or_that(word: str, finite: bool, verb: bool) -> None:
    from generator.enrich.titles.grammar import _plain_verb

    assert _plain_verb(word, finite) is verb


@pytest.mark.parametrize(
    ("phrase", "clause"),
    [
        ("Robust Against Adversarial Attacks on Sensory Inputs", True),
        ("Centered Around Various Concept Axes", True),
        ("Desirable for an Agent", True),
        ("Crucial for Training Machine Learning Models", True),
        ("Robust Training Against Adversarial Attacks", False),
        ("Metric for Learning Mesh Deformation", False),  # "metric" is a noun
        ("Potential of Large Language Models", False),
    ],
)
def test_adjective_before_a_preposition_is_a_predicate_not_a_title(phrase: str, clause: bool) -> None:
    from generator.enrich.titles.grammar import _clause_like

    assert _clause_like(phrase.split()) is clause


def test_title_is_a_noun_phrase_not_an_adjective_predicate() -> None:
    text = (
        "Visual concepts can be centered around various concept axes. We learn concept encoders for each of the "
        "concept axes from language-informed image features."
    )
    assert infer_title(text) == "Visual Concepts"


def test_name_set_off_by_a_colon_takes_its_apposition() -> None:
    text = (
        "Metal-organic frameworks are porous materials. We present MOFGen: a coarse-grained diffusion model that "
        "generates porous frameworks. MOFGen denoises coarse-grained building blocks, and MOFGen designs porous "
        "frameworks for carbon capture."
    )
    assert infer_title(text) == "MOFGen: Coarse-Grained Diffusion Model for Generating Porous Frameworks"


def test_one_word_is_a_title_only_after_a_name() -> None:
    text = (
        "Autonomous agents need a realistic environment with fully functional websites. In this paper, we build an "
        "environment. The environment hosts websites, and agents act in the environment through a browser."
    )
    assert infer_title(text) == "Realistic Environment with Fully Functional Websites"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Graph neural networks (GNNs) are widely used. We study the generalization capacity of GNNs on large graphs. "
         "GNNs generalize when graphs are large, and we bound the gap for GNNs.",
         "Generalization Capacity of Graph Neural Networks on Large Graphs"),
        # Written out, the acronym would say again what the phrase says.
        ("Low-rank adaptation (LoRA) is popular for fine-tuning. We propose FedLo, a federated variant of LoRA for "
         "low-rank adaptation across clients. FedLo freezes half of LoRA and FedLo is stable.",
         "FedLo: Federated Variant of LoRA for Low-Rank Adaptation"),
    ],
)
def test_acronyms_the_abstract_defines_are_written_out(text: str, title: str) -> None:
    assert infer_title(text) == title


def test_acronym_spelled_across_a_sentence_is_not_written_out() -> None:
    from generator.enrich.titles.analysis import _analyse
    from generator.enrich.titles.weights import _weights

    text = (
        "We attribute an LLM's generations. Leave-one-out (LOO) error is costly, so we approximate LOO error with a "
        "proxy. LOO error drives attribution."
    )
    assert "LOO" not in _weights(_analyse(text)).acronyms


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("We introduce a framework to plan motions for legged robots under contact uncertainty.", "Planning Motions"),
        ("We introduce a framework to infer causal graphs from interventional data with latent confounders.",
         "Inferring Causal Graphs"),
        ("We introduce a framework to transfer policies across robot morphologies with few demonstrations.",
         "Transferring Policies"),
        ("We introduce a method to map road networks from satellite images.", "Mapping Road Networks"),
        ("We introduce a framework to edit facts stored in language models without retraining.", "Editing Facts"),
    ],
)
def test_a_verb_turned_into_a_title_is_spelled_as_english_spells_its_ing_form(abstract: str, expected: str) -> None:
    # One-syllable verbs closed by one consonant, and verbs stressed on their last
    # syllable, double it ("planning", "inferring"); others do not ("editing").
    assert infer_title(abstract).startswith(expected)


def test_contribution_phrase_with_its_tail_beats_a_longer_opening_phrase() -> None:
    # "contrastive routing" alone scores below the opening sentence's long noun phrase; with
    # the tail its sentence gives it, it says more about the paper than the opening does.
    text = (
        "Token routing of sparse expert layers in large mixture-of-experts language models wastes expert capacity. "
        "We introduce contrastive routing, trained with synthetic labels, for mixture-of-experts language models. "
        "Contrastive routing balances expert capacity, and sparse expert layers train faster with contrastive routing."
    )
    # (The term the abstract keeps using, "sparse expert layers", may follow.)
    assert infer_title(text).startswith("Contrastive Routing for Mixture-Of-Experts Language Models")


def test_a_head_that_says_nothing_takes_no_tail_of_its_own() -> None:
    from generator.enrich.titles.phrases import _add_tailed_heads

    tails = [("for", ["synthetic", "memory", "tasks"], {"synthetic", "memory", "task"}, 3.0)]
    pool: list = []
    _add_tailed_heads(pool, [(["Model"], 3.5), (["framework", "design"], 3.5), (["wave", "network"], 3.5)], tails, None)
    assert pool == [(["wave", "network", "for", "synthetic", "memory", "tasks"], 2.5)]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        # (with the term the abstract keeps using, after its "using", which says how: "via")
        ("Language model agency is hard to measure. We propose an approach to evaluate language model agency using "
         "negotiation games. Negotiation games test language model agency.",
         "Evaluating Language Model Agency via Negotiation Games"),
        ("Attention in transformers encodes demographic bias. We present an approach to debiasing transformers "
         "without demographics. Debiasing transformers keeps accuracy.", "Debiasing Transformers Without Demographics"),
        ("Conformal prediction gives coverage guarantees. We propose an approach to conformal prediction for language "
         "models. Conformal prediction for language models is calibrated.", "Conformal Prediction for Language Models"),
    ],
)
def test_an_approach_to_x_is_titled_x(text: str, title: str) -> None:
    # "Approach to" says nothing the title needs; "to <verb>" becomes "<Verb>ing".
    assert infer_title(text) == title


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # A plural before "to" is a noun: "to" ends the phrase, not the plural.
        ("large language models to perform spoken question answering", "large language models"),
        ("graph neural networks to detect fraud", "graph neural networks"),
        # A verb that takes "to" is a finite verb: the phrase ends before it.
        ("unsupervised video object learning aims to find objects", "unsupervised video object learning"),
        ("the encoder learns to compress images", "the encoder"),
        # So for "that": "models that generalize" ends on its noun, "the theory shows that" before its verb.
        ("attention-free language models that fail at recall", "attention-free language models"),
        ("the theory shows that models fail", "the theory"),
    ],
)
def test_a_plural_before_to_or_that_ends_the_phrase_a_verb_before_them_does_not_join_it(text: str, words: str) -> None:
    from generator.enrich.titles.spans import _walk

    tokens = text.split()
    assert " ".join(_walk(tokens, [t.lower() for t in tokens], 0)[0]) == words


def test_pretrained_language_models_keep_their_noun_before_to() -> None:
    text = (
        "Speech models are hard to adapt. We present a method for adapting pre-trained large language models to "
        "perform spoken question answering. Spoken question answering needs large language models."
    )
    assert infer_title(text) == "Adapting Pre-Trained Large Language Models for Performing Spoken Question Answering"


def test_no_noun_phrase_starts_on_the_verb_after_that_and_an_adverb() -> None:
    from generator.enrich.titles.analysis import _analyse
    from generator.enrich.titles.spans import _candidates

    text = (
        "Attention heads that typically move entity attributes to the final token drive hallucinations. "
        "We study hallucinations in language models."
    )
    starts = {words[0].lower() for words, _, _ in _candidates(_analyse(text))}
    assert "move" not in starts and "entity" in starts  # the verb's object is a noun phrase


@pytest.mark.parametrize(
    ("words", "trimmed"),
    [
        ("two new trigger generation methods for dataset distillation", "trigger generation for dataset distillation"),
        ("three forms of composition", "forms of composition"),
        ("two-stage training of diffusion models", "two-stage training of diffusion models"),
        ("most successful models of human vision", "successful models of human vision"),
        ("both audio perception and reasoning ability", "audio perception and reasoning ability"),
        ("as group-class balanced sampling", "group-class balanced sampling"),
    ],
)
def test_a_count_or_quantifier_never_opens_a_title(words: str, trimmed: str) -> None:
    from generator.enrich.titles.grammar import _trim

    assert " ".join(_trim(words.split())) == trimmed


@pytest.mark.parametrize(
    ("phrase", "clause"),
    [
        ("Large Language Models Excel", True),
        ("Biological and Artificial Neural Systems Form High-Dimensional Representations", True),
        ("Pretraining Allocates Some Model Dimensions", True),
        ("Knowledge Distillation Compresses Deep Neural Networks", True),
        ("Voice Conversion Modifies Speech from Linguistic Content", True),
        ("Flow Matching Underpins Many State-Of-The-Art Generative Models", True),
        ("Discrete Representation and Facilitates Speech Language Modeling", True),
        ("Face Recognition Algorithms", False),  # a verb that is a noun too opens a noun phrase
        ("Modify 3D Garments from a Single-View Image", False),  # what the tool does, as its users say it
        ("Camera Poses for Multi-View 3D Modeling", False),
    ],
)
def test_a_subject_and_its_verb_are_a_clause_not_a_title(phrase: str, clause: bool) -> None:
    from generator.enrich.titles.grammar import _clause_like

    assert _clause_like(phrase.split()) is clause


@pytest.mark.parametrize(
    ("words", "trimmed"),
    [
        ("preliminary evidence for the reversal curse", "reversal curse"),
        ("insights into the generalization capacity of graph networks", "generalization capacity of graph networks"),
        ("agent for designing new experiments on cells", "agent for designing new experiments on cells"),
    ],
)
def test_what_a_paper_reports_on_x_is_titled_x(words: str, trimmed: str) -> None:
    from generator.enrich.titles.grammar import _trim

    assert " ".join(_trim(words.split())) == trimmed


def test_what_a_paper_reports_is_not_a_title() -> None:
    text = (
        "Scaling laws describe associative memories. We present extensive numerical experiments on associative "
        "memories. Associative memories scale with data."
    )
    assert infer_title(text) == "Associative Memories"


def test_a_sentence_that_releases_code_gives_no_title_phrase() -> None:
    text = (
        "Temporal graphs are hard to model. Prior work fails on them. We aim to bridge this gap by "
        "introducing a principled framework, named FooNet. FooNet beats all baselines on ten benchmarks. "
        "We provide the implementation of FooNet at https://github.com/x/FooNet"
    )
    title = infer_title(text)
    assert title.startswith("FooNet") and "Implementation" not in title


def test_a_word_said_twice_in_a_phrase_counts_once() -> None:
    from generator.enrich.titles.analysis import _analyse
    from generator.enrich.titles.weights import _score, _weights, _WordValues

    text = (
        "Kernel ridge models for solving kernel ridge regression are popular. "
        "We study a ridge model of kernel features. Kernel features shape the ridge model and its training. "
        "Experiments show the kernel features matter."
    )
    a = _analyse(text)
    values = _WordValues(_weights(a), "")
    once = "kernel ridge regression models".split()
    assert _score(once + once, values, 0.0) == _score(once, values, 0.0)  # both of a title's length: no cost
    # The opening phrase says "kernel ridge" twice; the phrase the paper studies says more.
    assert infer_title(text) == "Ridge Model of Kernel Features"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # the term the abstract keeps using, after "for" when it writes no preposition of its own before it
            "Designing proteins remains slow. We propose RouteNet, a routing network. RouteNet designs binders "
            "for protein design tasks, and protein design tasks benefit from it.",
            "RouteNet: Routing Network for Protein Design Tasks",
        ),
        (  # the preposition the abstract writes before the term
            "Designing proteins remains slow. We propose RouteNet, a routing network. Routing networks help in "
            "protein design, and we test RouteNet in protein design benchmarks.",
            "RouteNet: Routing Network in Protein Design",
        ),
        (  # the title has its "for": a setting the abstract writes "for Z" comes "in", not "for ... for ..."
            "Large language models (LLMs) are costly to serve. We propose a cache scheduler for large language "
            "models. It is built for edge devices, and edge devices save energy.",
            "Cache Scheduler for Large Language Models in Edge Devices",
        ),
        (  # ... but a term the abstract never puts after a preposition is a part of the method: none
            "Large language models (LLMs) are costly to serve. We propose a cache scheduler for large language "
            "models. The scheduler raises the cache hit ratio, and the cache hit ratio stays high.",
            "Cache Scheduler for Large Language Models",
        ),
        (  # a term never written after a preposition that names a part of the method: no "for Loss Function"
            "Optimisers are slow. We propose RouteNet, a routing network. RouteNet lowers the loss function, "
            "and the loss function stays smooth.",
            "RouteNet: Routing Network",
        ),
        (  # ... unless it names a field, a setting all the same
            "Large language models (LLMs) are costly to serve. We propose a cache scheduler for large language "
            "models. The scheduler speeds up federated learning, and federated learning saves energy.",
            "Cache Scheduler for Large Language Models in Federated Learning",
        ),
        (  # each use of an acronym is a use of the words it abbreviates
            "Current tools are slow. We propose RouteNet, a routing network. It reads protein interaction "
            "footprints (PIF). RouteNet finds PIF quickly, and PIF shape binding.",
            "RouteNet: Routing Network for Protein Interaction Footprints",
        ),
        (  # a verb of use before the term: the method works by it ("via"), it is not for it
            "Planning videos is hard. We propose PlanNet, a planning network for video generation. PlanNet "
            "leverages large language models, and PlanNet uses large language models to plan scenes.",
            "PlanNet: Planning Network for Video Generation via Large Language Models",
        ),
    ],
)
def test_a_title_of_few_words_takes_the_term_the_abstract_keeps_using(text: str, title: str) -> None:
    assert infer_title(text) == title


@pytest.mark.parametrize(
    "text",
    [
        # "GPU-hosted LLMs" says "large language models" again
        "Large language models (LLMs) are costly to serve. We propose a cache scheduler for large language models. "
        "The scheduler keeps GPU-hosted LLMs busy, and GPU-hosted LLMs answer faster.",
        # a count is no term
        "Training is slow. We propose SparseMix, a mixing layer. SparseMix trains 7B parameters with ease, and "
        "7B parameters fit one device.",
    ],
)
def test_a_term_that_repeats_the_title_or_counts_is_not_added(text: str) -> None:
    title = infer_title(text)
    assert "LLMs" not in title and "Parameters" not in title


def test_a_term_is_written_in_a_row_not_across_a_sentence_end() -> None:
    from generator.enrich.titles.phrases import _as_written

    prose = "We mix graph. Tokens are cheap, and Graph Tokens are short."
    assert _as_written(prose, prose.lower(), ["graph", "tokens"]) == ["Graph", "Tokens"]
    assert _as_written(prose[:28], prose[:28].lower(), ["graph", "tokens"]) == []


def test_a_name_with_a_participle_after_its_hyphen_is_a_modifier_not_a_name() -> None:
    text = (
        "Stance detection helps moderation. We show how LLM-generated synthetic data improves stance detection "
        "for online political discussions. LLM-generated data is cheap, and we release LLM-generated examples."
    )
    assert coined_name(text) is None


def test_a_repository_name_made_of_the_abstracts_words_is_no_coined_name() -> None:
    text = (
        "Knowledge editing changes what a model knows. We study the pitfalls of knowledge editing in "
        "language models and propose new metrics. Code: https://github.com/x/PitfallsKnowledgeEditing"
    )
    assert coined_name(text) is None
    coined = text.replace("PitfallsKnowledgeEditing", "KnowPit")
    assert coined_name(coined) == "KnowPit"


@pytest.mark.parametrize(
    ("abstract", "kept"),
    [
        ("We present Symphony, an $E(3)$ equivariant autoregressive generative model for 3D molecular geometries. "
         "Symphony builds molecules from fragments.", "E(3) Equivariant"),
        ("Matrix multiplication is slow. We give an algorithm for sparse attention in O(n log n) time. It is exact.",
         "Sparse Attention in O(n log n) Time"),
    ],
)
def test_a_symbol_keeps_its_argument_in_the_title(abstract: str, kept: str) -> None:
    # "E(3) equivariant" is not "E equivariant": the bracket of a short symbol is not an aside.
    from generator.enrich import papers as enrich

    assert kept in infer_title(enrich.convert_abstract(abstract).text)


ADAM = (  # iclr2025-dev.txt line 1187, shortened: titled "... of Adam and B Adalayer" before
    "Our results suggest to practitioners that the choice of optimizer can be guided by practical considerations "
    "like memory constraints and ease of implementation, as no single algorithm emerged as a clear winner in terms "
    "of performance or stability to hyperparameter misspecification. Given our findings, we further dissect these "
    "approaches, examining two simplified versions of Adam: a) signed momentum (Signum) which we see recovers both "
    "the performance and hyperparameter stability of Adam and b) Adalayer, a layerwise variant of Adam which we "
    "introduce to study the impact on Adam's preconditioning for different layers of the network. Examining "
    "Adalayer leads us to the conclusion that, perhaps surprisingly, adaptivity on both the last layer and "
    "LayerNorm parameters in particular are necessary for retaining performance and stability to learning rate"
)


def test_a_list_marker_never_reaches_the_title() -> None:
    # "b)" numbers an item of a list: not a word of any phrase ("Adam and B Adalayer").
    title = infer_title(ADAM)
    assert title == "Performance and Hyperparameter Stability of Adam"
    assert " B " not in infer_title(ADAM.replace("a) ", "i) ").replace("b) ", "ii) ").replace("Adam and", "Adam and B"))


@pytest.mark.parametrize(
    ("sentence", "phrase_text"),
    [
        ("two versions of Adam: a) signed momentum (Signum) and b) Adalayer, a variant",
         "two versions of Adam: signed momentum and, Adalayer, a variant"),
        ("we find that 1) many-shot gains and 2) influential examples matter.",
         "we find that, many-shot gains and, influential examples matter."),
        ("leads to: i) an NP-hard problem; and ii) a search space", "leads to: an NP-hard problem; and, a search space"),
        # Not markers: a symbol's argument, the end of a parenthetical, a marker with nothing after it.
        ("f(x, y) and O(n log n) and E(3) equivariance", "f(x, y) and O(n log n) and E(3) equivariance"),
        ("a reward function (represented as a function R) of behaviour", "a reward function of behaviour"),
        ("models (Mistral and Llama 3) and sizes", "models and sizes"),
        ("the last item b)", "the last item b)"),
    ],
)
def test_list_markers_leave_the_phrase_text_and_math_stays(sentence: str, phrase_text: str) -> None:
    from generator.enrich.titles import analysis as analysis

    assert analysis._drop_asides(sentence) == phrase_text


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("Molecules rotate freely in space. We present an equivariant network for groups such as SO(3), which learns "
         "rotation-invariant features of point clouds. Our network is equivariant to SO(3) by design.",
         "Equivariant Network for Groups"),
        ("Rotations matter in protein design. There is a need for guided flow methods on complex geometries such as "
         "SO(3), which prevails in scientific applications like protein design. We develop practical algorithms for "
         "solving optimal control in guided ODE-based generation and analyse their convergence in both Euclidean "
         "space and SO(3).", "Practical Algorithms for Solving Optimal Control in Guided ODE-Based Generation"),
        ("Clustering is hard. We give a framework that returns a (1+O(ε))-approximation for fair k-means clustering "
         "in near-linear time.", "1+O(ε) Approximation for Fair K-Means Clustering"),
    ],
)
def test_a_symbol_with_its_argument_is_no_name(abstract: str, title: str) -> None:
    # "such as SO(3)" names a group, "O(ε)" an order: not the paper's method ("SO: ...", "1+O: ...").
    assert coined_name(abstract) is None
    assert infer_title(abstract) == title


def test_a_name_with_a_bracketed_spelling_is_still_a_name() -> None:
    text = ("Decoding is slow on trees of prompts. To address these challenges, we propose DeFT(Decoding with Flash "
            "Tree-Attention), a hardware-efficient attention algorithm with prefix-aware KV cache partitions.")
    assert coined_name(text) == "DeFT"


def test_an_acronym_spelled_out_before_a_possessive_leaves_no_apostrophe_in_the_title() -> None:
    # "Language models' (LMs) proficiency": "LMs" abbreviates "Language models", not their possessive.
    text = ("Language models' (LMs) proficiency in handling deterministic symbolic reasoning and rule-based tasks "
            "remains limited due to their dependency implicit learning on textual data. To enable fully rule "
            "comprehension ability, we explore how to incorporate compiled neural networks (CoNNs) which weight is "
            "specially designed into the architecture of LMs, to achieve high accuracy and robust performance.")
    assert infer_title(text) == "CoNNs: Compiled Neural Networks for Language Models"


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("Domain-specific corpora help language models. We propose a simple method for transforming raw corpora into "
         "reading comprehension texts. Notably, our 7B language model achieves competitive performance with "
         "domain-specific models of much larger scales.", "Transforming Raw Corpora into Reading Comprehension Texts"),
        ("Long context matters. We scale our model to 1.3B parameters and train it on 300B tokens, and show that our "
         "method for sparse attention scales.", "Sparse Attention Scales"),
        ("Selecting queries is hard. We study query selection using both model score and uncertainty, prove that it "
         "is NP-hard, and present approximation algorithms.", "Query Selection"),
    ],
)
def test_a_size_or_a_complexity_class_is_no_name(abstract: str, title: str) -> None:
    # "our 7B language model", "1.3B parameters", "NP-hard": a size and a modifier, not the paper's name.
    assert coined_name(abstract) is None
    assert infer_title(abstract) == title


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("Online regression is well studied. We show a regret bound for online regression with Lipschitz losses, and "
         "prove that Ω(logT) bits of space are necessary for any algorithm.",
         "Regret Bound for Online Regression with Lipschitz Losses"),
        ("Depth helps. We show that the expressive power of ReLU networks grows with depth: such functions can only be "
         "represented by networks with at least Ω(lnn/lnlnN) layers.", "Expressive Power of ReLU Networks Grows with Depth"),
        ("Dueling bandits compare arms. We propose a SupLinUCB-type algorithm that enjoys computational efficiency and "
         "a variance-aware regret bound Õ(d√(∑_(t=1)^Tσ_t²)+d), where σ_t is the variance.",
         "SupLinUCB-Type Algorithm for Enjoying Computational Efficiency"),
    ],
)
def test_a_piece_of_a_formula_is_no_name(abstract: str, title: str) -> None:
    # "Ω(logT)", "Ω(lnn/lnlnN)", "^Tσ_t²": the words of a formula, once converted, are no coined name.
    from generator.enrich import papers as enrich

    text = enrich.convert_abstract(abstract).text
    assert coined_name(text) is None
    assert infer_title(text) == title


def test_a_name_written_only_in_a_code_link_path_is_still_a_name() -> None:
    text = ("Code matters. We propose LiNeS, a post-training editing technique for models. Our source code is "
            "available at github.com/wang-kee/LiNeS")
    assert infer_title(text) == "LiNeS: Post-Training Editing for Models"


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("Grokking is sudden generalization. We show that without regularization, the gradients strongly align with "
         "what we call the naïve loss minimization (NLM) direction, and that floating point errors in the softmax "
         "cause softmax collapse.", "NLM"),
        ("Language models answer inconsistently. We propose a framework for measuring the consistency between "
         "generation and validation. To improve the consistency of LMs, we propose to finetune on the filtered "
         "generator and validator responses that are GV-consistent, and call this approach consistency fine-tuning.",
         None),
    ],
)
def test_a_lower_case_word_after_call_the_role_noun_is_no_name(abstract: str, name: str | None) -> None:
    # "what we call the naive loss minimization", "call this approach consistency fine-tuning": "loss" and
    # "approach" are role nouns, but the word after them is an English word ("minimization: ..." before).
    assert coined_name(abstract) == name
    assert not infer_title(abstract)[:1].islower()


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("We initiate the study of one-pass streaming algorithms for underdetermined $\\ell_p$ linear regression "
         "problems. We show bounds.", "One-Pass Streaming Algorithms for Underdetermined ℓₚ Linear Regression Problems"),
        ("Robustness matters. We propose a sparse $\\ell_0$-norm attack for adversarial robustness of image "
         "classifiers.", "Sparse ℓ₀-Norm Attack for Adversarial Robustness of Image Classifiers"),
        ("Certification is hard. We derive a tight $\\ell_2$ certified robustness radius for randomized smoothing.",
         "Tight ℓ₂ Certified Robustness Radius for Randomized Smoothing"),
    ],
)
def test_a_norm_stays_whole_in_a_title(abstract: str, title: str) -> None:
    # "ℓ_p linear regression" once became "P Linear Regression": the "ℓ" was no word character of a phrase.
    from generator.enrich import papers as enrich

    assert infer_title(enrich.convert_abstract(abstract).text) == title


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("Class-incremental learning is becoming more popular as it helps models widen their applicability while "
         "not forgetting what they already know. However, the experts are usually trained all at once using whole "
         "task data. To address this limitation, we introduce a novel approach named SEED. SEED selects only one, "
         "the most optimal expert for a considered task.", "SEED: Class-Incremental Learning"),
        ("Cross-encoder (CE) models perform better than dual-encoders at estimating query-item relevance. In this "
         "paper, we address these shortcomings with our proposed sparse-matrix factorization based method that "
         "efficiently computes latent query and item representations to approximate CE scores and performs k-NN "
         "search with the approximate CE similarity. Our method produces a high-quality approximation of item "
         "embeddings.", "K-NN Search with the Approximate CE Similarity"),
    ],
)
def test_no_title_starts_on_a_finite_verb(abstract: str, title: str) -> None:
    # "as it helps models widen ...", "... and performs k-NN search": the phrase after "it" or "and" once
    # began on its verb ("SEED: Helps Models Widen", "Performs K-NN Search ...").
    assert infer_title(abstract) == title


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("Multi-sensor fusion is widely used for 3D object detection with camera and LiDAR sensors. We propose an "
         "attack framework that targets fusion models through the camera. Our attack can decrease the mean average "
         "precision (mAP) of detection performance from 0.824 to 0.353.", None),
        ("Alignment is hard. We propose MAP, a model-agnostic preference method for aligning language models with "
         "human values.", "MAP"),
    ],
)
def test_a_metric_in_mixed_case_is_no_name(abstract: str, name: str | None) -> None:
    # "mean average precision (mAP)" once named the paper "mAP: Average Precision of ..."; "MAP" stays a name.
    assert coined_name(abstract) == name
    assert infer_title(abstract).startswith(f"{name}: ") if name else ":" not in infer_title(abstract)


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        ("Motivated by the problem of fast processing of attention matrices, we study fast algorithms for computing "
         "matrix-vector products for asymmetric Gaussian Kernel matrices $K\\in \\mathbb{R}^{n\\times n}$. Our "
         "algorithms rely on the kernel density estimation.",
         "Fast Algorithms for Computing Matrix-Vector Products for Asymmetric Gaussian Kernel Matrices"),
        ("In this paper, we consider a multi-agent setting where a well-trained victim agent $\\nu$ is exploited by "
         "an attacker controlling another agent $\\alpha$ with an adversarial policy.", "Well-Trained Victim Agent"),
    ],
)
def test_a_title_does_not_end_on_a_formula_variable(abstract: str, title: str) -> None:
    # "... Kernel Matrices K", "Victim Agent Ν": the letter a formula names is no word of a title.
    from generator.enrich import papers as enrich

    assert infer_title(enrich.convert_abstract(abstract).text) == title


def test_a_variable_after_a_size_stays() -> None:
    # "a sample of size N": the letter completes the noun before it.
    from generator.enrich.titles.grammar import _trim

    assert _trim(["Sample", "of", "Size", "N"]) == ["Sample", "of", "Size", "N"]
    assert _trim(["Kernel", "Matrices", "K"]) == ["Kernel", "Matrices"]


@pytest.mark.parametrize(
    ("phrase", "title"),
    [
        ("meticulously tuned α parameter for recommendations", "Meticulously Tuned α Parameter for Recommendations"),
        ("enumerative geometry for ψ-class intersection", "Enumerative Geometry for ψ-Class Intersection"),
        ("disentangling with β-VAE models", "Disentangling with β-VAE Models"),
    ],
)
def test_title_case_leaves_a_greek_symbol_as_written(phrase: str, title: str) -> None:
    # σ and Σ are different symbols: capitalising "α" gave "Tuned Α Parameter" (iclr2024-dev, line 699).
    from generator.enrich.titles.infer import _title_case

    assert _title_case(phrase) == title


# --- issue 32: words a reader accepts -------------------------------------------------------------


@pytest.mark.parametrize(
    ("verb", "finite", "form"),
    [
        ("learns", True, "learning"),
        ("detect", False, "detecting"),
        ("debias", False, "debiasing"),  # a field's verb no general list knows: trusted
        ("debiases", True, "debiasing"),
        ("multiple", False, None),  # an adjective after "to": "Multipling" is no word
        ("lms", True, None),  # an acronym's plural: "Lming" is no word
    ],
)
def test_a_verb_turns_into_an_ing_form_only_if_english_writes_it(verb: str, finite: bool, form: str | None) -> None:
    from generator.enrich.titles.grammar import _real_gerund

    assert _real_gerund(verb, finite) == form


def test_no_title_coins_an_ing_form_from_a_word_that_is_no_verb() -> None:
    text = (
        "Instruction tuning helps models to multiple tasks. We propose a method to multiple tasks at once with "
        "shared adapters, which reduces the cost of tuning language models across many tasks."
    )
    assert "multipling" not in infer_title(text).lower()


@pytest.mark.parametrize("phrase", ["General Capabilities via Small Tuned", "Graph Clustering Based"])
def test_a_phrase_cut_before_its_noun_loses_the_participle_it_ends_on(phrase: str) -> None:
    from generator.enrich.titles.grammar import _trim

    assert _trim(phrase.split())[-1] not in ("Tuned", "Based")


_OPENS_ON_LLMS = "Large language models (LLMs) have shown strong abilities in many tasks, and LLMs are now used widely. "


def test_a_paper_that_only_uses_llms_is_not_titled_for_them() -> None:
    text = _OPENS_ON_LLMS + (
        "We propose a cooperative multi-agent system for zero-shot entity recognition. Our system uses LLMs as "
        "agents. Experiments on six benchmarks show gains with LLMs."
    )
    assert "language model" not in infer_title(text).lower()


def test_a_paper_for_llms_keeps_them_in_its_title() -> None:
    text = _OPENS_ON_LLMS + (
        "We propose a position-aware attention re-weighting method for LLMs. Experiments on six benchmarks "
        "show gains with LLMs."
    )
    assert infer_title(text).endswith("for Large Language Models")


@pytest.mark.parametrize(
    ("phrase", "clause"),
    [
        ("Success of Models in Multicultural Environments Hinges", True),  # cut from "hinges on ..."
        ("Expressive Power of Networks Grows", True),
        ("Time Series Models", False),
        ("Networked Public Goods Games", False),
        ("Sparse Mixture-of-Experts Models", False),
        ("Expressive Power of Networks Grows with Depth", False),  # a claim is a title; a cut claim is not
        # A verb that takes its preposition: with it or cut before it, a piece of a clause.
        ("Unsupervised Graph Domain Adaptation Focuses on Transferring Knowledge", True),
        ("Web Experience Differs", True),
        ("Preference Learning Depends on Incomplete Data", True),
        ("Theoretical Results on Graph Networks", False),
        ("Test-Time Evolution of Agent Memory Serves for Benign Task", True),
        ("Decomposition of Mutual Information Emerges for Diffusion Models", True),
        ("Multimodal Large Language Models Understand for Video Temporal Grounding", True),
        ("Language Models for Video Temporal Grounding", False),
    ],
)
def test_a_phrase_ending_on_a_verb_after_its_subject_is_a_clause(phrase: str, clause: bool) -> None:
    from generator.enrich.titles.grammar import _clause_like

    words = phrase.split()
    assert _clause_like(words[:1] + [w.lower() if w[0].isupper() else w for w in words[1:]]) == clause


# 3DV 2025's Spurfies paper: "a method for X that ... to utilize Y" works by Y.
SPURFIES = (
    "We introduce Spurfies, a novel method for sparse-view surface reconstruction that disentangles appearance and "
    "geometry information to utilize local geometry priors trained on synthetic data. Recent research heavily focuses "
    "on 3D reconstruction using dense multi-view setups, typically requiring hundreds of images. However, these methods "
    "often struggle with few-view scenarios. Existing sparse-view reconstruction techniques often rely on multi-view "
    "stereo networks that need to learn joint priors for geometry and appearance from a large amount of data. In "
    "contrast, we introduce a neural point representation that disentangles geometry and appearance to train a local "
    "geometry prior using a subset of the synthetic ShapeNet dataset only. During inference, we utilize this surface "
    "prior as additional constraint for surface and appearance reconstruction from sparse input views via "
    "differentiable volume rendering, restricting the space of possible solutions."
)


def test_what_a_method_works_by_is_via_it_not_for_using_it() -> None:
    """ "to utilize X", "for leveraging X": the paper works by X; a title says "via X", never "for Utilizing X"."""
    title = infer_title(SPURFIES)
    assert not re.search(r"\bfor (?:Utiliz|Leverag|Using|Exploit|Employ)", title), title
    assert title.endswith(" via Local Geometry Priors"), title


def test_a_number_in_a_title_is_whole_as_the_abstract_writes_it() -> None:
    """ "9,262 volumes" is one number: no title keeps "262" of it (nor "000" of "163,000")."""
    checked = 0
    for path in sorted((Path(__file__).parent / "fixtures").glob("*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            abstract = json.loads(line).get("abstract", "")
            if not re.search(r"\d,\d{3}", abstract):
                continue
            title = infer_title(abstract)
            for number in re.findall(r"(?<![\w,.])\d[\d,.]*\d(?![\w,])|(?<![\w,.])\d(?![\w,.])", title):
                checked += 1
                assert re.search(rf"(?<![\d,.]){re.escape(number)}(?![\d]|,\d)", abstract), (number, title)
    assert checked  # the fixtures hold such a title (ICLR 2024's AbdomenAtlas: "9,262 ... Volumes")


# WWW 2025's LLM4Rerank paper: the contribution phrase is "a comprehensive LLM-based reranking framework".
LLM4RERANK = (
    "Reranking is significant for recommender systems due to its pivotal role in refining recommendation results. "
    "To meet diverse reranking requirements in practical applications, numerous reranking models have emerged, "
    "which not only prioritize accuracy but also consider additional aspects such as diversity and fairness, etc. "
    "However, most of the existing models struggle to strike a harmonious balance between these diverse aspects at "
    "the model level. To address these issues, we propose LLM4Rerank, a comprehensive LLM-based reranking framework "
    "designed to bridge the gap between various reranking aspects while ensuring scalability and personalized "
    "performance. Specifically, we abstract different aspects into distinct nodes and construct a fully connected "
    "graph for LLM to automatically consider aspects like accuracy, diversity, fairness, and more, all in a coherent "
    "Chain-of-Thought (CoT) process. Experimental results on three widely used public datasets demonstrate that "
    "LLM4Rerank outperforms existing state-of-the-art reranking models across multiple aspects."
)


def test_no_title_phrase_is_an_adjective_alone() -> None:
    """ "LLM4Rerank: Comprehensive for Reranking Models": an adjective cut from its noun names nothing."""
    title = infer_title(LLM4RERANK)
    assert not re.search(r": Comprehensive\b", title), title


# ICLR 2018's Word Mover's Embedding paper: the distance it builds on is "called" by name first.
WME = (
    "Learning effective text representations is a key foundation for numerous machine learning and NLP "
    "applications. While the celebrated Word2Vec technique yields semantically rich word representations, it is "
    "less clear whether sentence or document representations should be built upon word representations or from "
    "scratch. Recent work has demonstrated that a distance measure between documents called \\emph{Word Mover's "
    "Distance} (WMD) that aligns semantically similar words, yields unprecedented KNN classification accuracy. "
    "However, WMD is very expensive to compute, and is harder to apply beyond simple KNN than feature embeddings. "
    "In this paper, we propose the \\emph{Word Mover's Embedding } (WME), a novel approach to building an "
    "unsupervised document (sentence) embedding from pre-trained word embeddings. Our technique extends the theory "
    "of \\emph{Random Features} to show convergence of the inner product between WMEs to a positive-definite kernel "
    "that can be interpreted as a soft version of (inverse) WMD. The proposed embedding is more efficient and "
    "flexible than WMD in many situations. As an example, WME with a simple linear classifier reduces the "
    "computational cost of WMD-based KNN \\emph{from cubic to linear} in document length and \\emph{from quadratic to"
    " linear} in number of samples, while simultaneously improving accuracy. In experiments on 9 benchmark text "
    "classification datasets and 22 textual similarity tasks the proposed technique consistently matches or "
    "outperforms state-of-the-art techniques, with significantly higher accuracy on problems of short length."
)


def test_a_name_called_before_the_contribution_is_other_peoples() -> None:
    """ "a distance called Word Mover's Distance (WMD)" is background; "we propose the ... (WME)" is the paper's."""
    assert coined_name(WME) == "WME"
    assert infer_title(WME).startswith("WME: ")


# ICLR 2018's Spherical CNNs paper: it computes with a "Fast Fourier Transform (FFT)", once.
SPHERICAL_CNNS = (
    "Convolutional Neural Networks (CNNs) have become the method of choice for learning problems involving 2D "
    "planar images. However, a number of problems of recent interest have created a demand for models that can "
    "analyze spherical images. Examples include omnidirectional vision for drones, robots, and autonomous cars, "
    "molecular regression problems, and global weather and climate modelling. A naive application of convolutional "
    "networks to a planar projection of the spherical signal is destined to fail, because the space-varying "
    "distortions introduced by such a projection will make translational weight sharing ineffective. In this paper "
    "we introduce the building blocks for constructing spherical CNNs. We propose a definition for the spherical "
    "cross-correlation that is both expressive and rotation-equivariant. The spherical correlation satisfies a "
    "generalized Fourier theorem, which allows us to compute it efficiently using a generalized (non-commutative) "
    "Fast Fourier Transform (FFT) algorithm. We demonstrate the computational efficiency, numerical accuracy, and "
    "effectiveness of spherical CNNs applied to 3D model recognition and atomization energy regression."
)


def test_an_acronym_met_once_by_no_cue_is_no_name() -> None:
    """ "using a generalized Fast Fourier Transform (FFT) algorithm" names a tool, not the paper."""
    assert coined_name(SPHERICAL_CNNS) is None
    assert not infer_title(SPHERICAL_CNNS).startswith("FFT")


# ALT 2026's contextual pricing paper: "PTAS" names a kind of algorithm, not the paper's.
STRATEGY_ROBUST_PRICING = (
    "Learning effective pricing strategies is crucial in digital marketplaces, especially when buyers' valuations "
    "are unknown and must be inferred through interaction. We study the online contextual pricing problem, where a "
    "seller observes a stream of context-valuation pairs and dynamically sets prices. Moreover, departing from "
    "traditional online learning frameworks, we consider a strategic setting in which buyers may misreport "
    "valuations to influence future prices - a challenge known as strategic overfitting (Amin et al., 2013). We "
    "introduce a strategy-robust notion of regret for multi-buyer online environments, capturing worst-case "
    "strategic behavior in the spirit of the Price of Anarchy. Our first contribution is a polynomial-time "
    "approximation scheme (PTAS) for learning linear pricing policies in adversarial, adaptive environments, "
    "enabled by a novel online sketching technique."
)

# ALT 2026's orderly hypertrees paper: the queries it learns with are the setting, not its name.
ORDERLY_HYPERTREES = (
    "In the context of learning hypergraphs with shortest-path queries (SP-queries), we present the first provably "
    "optimal online algorithm for learning a broad and natural class of hypertrees which we call orderly "
    "hypertrees. Our online algorithm can be transformed into a provably optimal offline algorithm. Orderly "
    "hypertrees can be positioned within the Fagin hierarchy of hypergraph acyclicity (studied in database "
    "theory), and strictly encompass the broadest class in this hierarchy that is learnable with subquadratic "
    "SP-query complexity. Our results also motivate the study of a new type of query, called dependency query "
    "(D-query), which is weaker than an SP-query. Positive and negative results on D-queries shed light on the "
    "structural properties of classes of hypertrees for which efficient learning requires the full information "
    "provided by SP-queries."
)


@pytest.mark.parametrize(
    ("text", "acronym"), [(STRATEGY_ROBUST_PRICING, "PTAS"), (ORDERLY_HYPERTREES, "SP-queries")]
)
def test_an_acronym_of_a_problem_or_setting_is_no_name(text: str, acronym: str) -> None:
    """ "a polynomial-time approximation scheme (PTAS)", "with shortest-path queries (SP-queries)": the paper's
    setting, which a reader would take for the name of its method."""
    assert coined_name(text) != acronym
    assert not infer_title(text).startswith(acronym + ":")


# ALT 2026's reward selection paper: "small tail" is written in quotes before the noun it modifies.
REWARD_SELECTION = (
    "We study a fundamental problem in optimization under uncertainty. There are $n$ boxes; each box $i$ contains a "
    "hidden reward $x_i$. In this work, we prove that both the naive policy and the linear policy are arbitrarily "
    "bad compared to the optimal policy, even when $\\mathcal{D}$ is well-behaved, e.g. has monotone hazard rate "
    "(MHR), and even under a \"small tail'' condition, which requires that not too many boxes have arbitrarily "
    "large noise. On the flip side, we propose a simple threshold policy that gives a constant approximation to the "
    "reward of a prophet (who knows the realized values $x_1, \\dots, x_n$) under the same \"small tail'' condition. "
    "We prove that when this condition is not satisfied, even an optimal clairvoyant policy cannot get a constant "
    "approximation to the prophet, even for MHR distributions."
)


def test_no_title_ends_on_words_that_modify_a_noun_it_lost() -> None:
    """ "under a "small tail" condition": "... Under Small Tail" ends mid-phrase, without the condition."""
    title = infer_title(convert_abstract(REWARD_SELECTION).text)
    assert not title.endswith("Small Tail"), title


# ALT 2026's soft maxima paper: its last sentence only illustrates the methods on a model.
SOFT_MAXIMA = (
    "Analysis of extremal behavior of stochastic processes is a key ingredient in a wide variety of applications, "
    "including probability, statistical physics, theoretical computer science, and learning theory. In this paper, "
    "we consider centered Gaussian processes on finite index sets and investigate expected values of their "
    "smoothed, or ``soft,'' maxima. We obtain upper and lower bounds for these expected values using a combination "
    "of ideas from statistical physics and from probability theory (Sudakov minoration). These bounds are "
    "parametrized by an inverse temperature $\\beta > 0$. We provide an illustration of our methods in the context "
    "of the Random Energy Model, one of the simplest models of physical systems with random disorder."
)


def test_a_sentence_that_only_illustrates_is_not_the_contribution() -> None:
    """ "We provide an illustration of our methods ..." hands out an example: neither summary nor title comes from it."""
    text = convert_abstract(SOFT_MAXIMA).text
    assert not summarize(text).startswith("We provide an illustration"), summarize(text)
    assert "Simplest Models" not in infer_title(text), infer_title(text)


# ALT 2026's lexicographic min-max paper: it proposes "a natural alternative, the lexicographic min-max ... objective".
LEX_MIN_MAX = (
    "We study multi-distribution learning (MDL), where the goal is to train a model that performs well across a set "
    "of underlying groups or distributions. The predominant performance metric in MDL is min-max optimality, which "
    "guarantees minimum error on the ``hardest'' distribution presented. Optimizing this metric has the unfortunate "
    "side effect of producing models that potentially sacrifice performance gains on non-worst-case groups. In the "
    "present work we propose a natural alternative, the lexicographic min-max (lex-min-max) objective, which "
    "promotes balanced performance by sequentially minimizing the worst, second-worst, and subsequent group losses. "
    "Despite its non-convex nature, we show that obtaining an (approximate) lex-min-max solution can be as easy as "
    "achieving (approximate) min-max optimality."
)


def test_a_vague_contribution_is_named_by_its_apposition() -> None:
    """ "a natural alternative, the lexicographic min-max objective": the title names the objective, not "Alternative"."""
    title = infer_title(convert_abstract(LEX_MIN_MAX).text)
    assert "Lexicographic Min-Max" in title, title
    assert "Alternative" not in title, title


# ALT 2026's dueling bandits paper opens on "The contextual dueling bandit problem models adaptive recommender systems".
DUELING_HISTORY = (
    "The contextual dueling bandit problem models adaptive recommender systems, where at each step the algorithm "
    "presents a set of items to the user, and the user's choice reveals their preference. This setup is well suited "
    "for implicit choices users make when navigating a content platform, but does not capture other possible "
    "comparison queries. Motivated by the fact that users provide more reliable feedback after consuming items, we "
    "propose a new bandit model that can be described as follows. The algorithm recommends one item per time step; "
    "after consuming that item, the user is asked to compare it with another item chosen from the user's "
    "consumption history."
)


def test_a_subject_and_its_verb_are_no_title() -> None:
    """ "Dueling Bandit Problem Models Adaptive Recommender Systems" is a clause: "models" is the problem's verb."""
    title = infer_title(convert_abstract(DUELING_HISTORY).text)
    assert "Problem Models" not in title, title


# ICLR 2018's meta-learning and universality paper compares "the aforementioned recurrent models".
META_UNIVERSALITY = (
    "Learning to learn is a powerful paradigm for enabling models to learn from data more effectively and "
    "efficiently. A popular approach to meta-learning is to train a recurrent model to read in a training dataset as "
    "input and output the parameters of a learned model, or output predictions for new test inputs. In this paper, "
    "we consider the meta-learning problem from the perspective of universality, formalizing the notion of learning "
    "algorithm approximation and comparing the expressive power of the aforementioned recurrent models to the more "
    "recent approaches that embed gradient descent into the meta-learner."
)


def test_no_title_points_back_into_the_abstract() -> None:
    """ "... of the Aforementioned Recurrent Models": out of the abstract, a reader cannot tell which."""
    title = infer_title(convert_abstract(META_UNIVERSALITY).text)
    assert not re.search(r"\b(?:Aforementioned|This|These|Such)\b", title), title


# ALT 2026's heavy-tailed online convex optimization paper: its opening term is the field, not the paper.
HEAVY_TAILED_OCO = (
    "In Online Convex Optimization (OCO), when the stochastic gradient has a finite variance, many algorithms "
    "provably work and guarantee a sublinear regret. However, limited results are known if the gradient estimate "
    "has a heavy tail, i.e., the stochastic gradient only admits a finite $\\mathsf{p}$-th central moment for some "
    "$\\mathsf{p}\\in\\left(1,2\\right]$. Motivated by it, this work examines different old algorithms for OCO "
    "(e.g., Online Gradient Descent) in the more challenging heavy-tailed setting. Under the standard bounded domain "
    "assumption, we establish new regrets for these classical methods without any algorithmic modification. "
    "Remarkably, these regret bounds are fully optimal in all parameters (can be achieved even without knowing "
    "$\\mathsf{p}$), suggesting that OCO with heavy tails can be solved effectively without any extra operation "
    "(e.g., gradient clipping)."
)


def test_no_title_is_a_field_name_alone() -> None:
    """ "Online Convex Optimization" names the area the paper works in; the title says what it gives there."""
    title = infer_title(convert_abstract(HEAVY_TAILED_OCO).text)
    assert title != "Online Convex Optimization", title
    assert "Online Convex Optimization" in title, title


# ICLR 2024's two-timescale extragradient paper states its contribution as a claim: "we present that X can be ...".
TWO_TIMESCALE_EXTRAGRADIENT = (
    "Minimax problems are notoriously challenging to optimize. However, we present that the two-timescale "
    "extragradient method can be a viable solution. By utilizing dynamical systems theory, we show that it converges "
    "to points that satisfy the second-order necessary condition of local minimax points, under mild conditions that "
    "the two-timescale gradient descent ascent fails to work. This work provably improves upon all previous results on "
    "finding local minimax points, by eliminating a crucial assumption that the Hessian with respect to the "
    "maximization variable is nondegenerate"
)


def test_a_claim_is_titled_by_its_subject() -> None:
    """ "we present that the two-timescale extragradient method can be ...": the title names the method, not the field."""
    title = infer_title(TWO_TIMESCALE_EXTRAGRADIENT)
    assert "Two-Timescale Extragradient" in title, title
    assert title != "Minimax Problems", title


def test_a_claim_about_what_came_before_gives_no_subject() -> None:
    """ "we show that this open problem ...": "this" points back, so the claim names no subject of its own."""
    from generator.enrich.titles.spans import _SPAN_TOKEN, _lower_all, _that_subject

    tokens = _SPAN_TOKEN.findall("that this open problem is hard")
    assert _that_subject(tokens, _lower_all(tokens, "that this open problem is hard"), 1) == []
    tokens = _SPAN_TOKEN.findall("that the sample complexity of multi-distribution learning is small")
    lows = _lower_all(tokens, " ".join(tokens))
    assert _that_subject(tokens, lows, 1) == [["sample", "complexity", "of", "multi-distribution", "learning"]]


# ICLR 2018's adversarial dropout regularization paper: "transferring neural representations from X to Y".
ADVERSARIAL_DROPOUT = (
    "We present a domain adaptation method for transferring neural representations from label-rich source domains "
    "to unlabeled target domains. Recent adversarial methods proposed for this task learn to align features across "
    "domains by fooling a special domain classifier network. However, a drawback of this approach is that the domain "
    "classifier simply labels the generated features as in-domain or not, without considering the boundaries "
    "between classes. This can lead to ambiguous target features being generated near class boundaries, reducing "
    "target classification accuracy. We propose a novel approach, Adversarial Dropout Regularization (ADR), to "
    "encourage the generator to output more discriminative features for the target domain."
)


def test_no_title_stops_between_from_and_to() -> None:
    """ "transferring ... from label-rich source domains to unlabeled target domains": cut before "to", it says half."""
    title = infer_title(ADVERSARIAL_DROPOUT)
    assert not title.endswith("from Label-Rich Source Domains"), title


# ALT 2026's distribution estimation paper: "$\\ln\\ln K$" in its text becomes "lnlnK", a formula.
LN_LN_K = (
    "We study discrete distribution estimation in Kullback-Leibler divergence. We give upper and lower bounds on the "
    "minimax estimation rate with high probability. Our bounds hold up to a factor of $\\ln\\ln K$, and the "
    "$\\ln\\ln K$ factor is shown to be necessary for the estimator we propose."
)


def test_a_formula_is_no_name() -> None:
    """ "lnlnK: ...": a reader would take it for the name of the paper's method."""
    text = convert_abstract(LN_LN_K).text
    assert coined_name(text) != "lnlnK"
    assert not infer_title(text).startswith("lnlnK")


# ICLR 2018's spectral normalization paper: "a novel weight normalization technique called spectral normalization".
SPECTRAL_NORMALIZATION = (
    "One of the challenges in the study of generative adversarial networks is the instability of its training. In "
    "this paper, we propose a novel weight normalization technique called spectral normalization to stabilize the "
    "training of the discriminator. Our new normalization technique is computationally light and easy to incorporate "
    "into existing implementations. We tested the efficacy of spectral normalization on CIFAR10, STL-10, and "
    "ILSVRC2012 dataset, and we experimentally confirmed that spectrally normalized GANs (SN-GANs) is capable of "
    "generating images of better or equal quality relative to the previous training stabilization techniques."
)


def test_what_a_contribution_is_called_names_it() -> None:
    """ "a novel weight normalization technique called spectral normalization": the title says "Spectral Normalization"."""
    title = infer_title(SPECTRAL_NORMALIZATION)
    assert "Spectral Normalization" in title, title


# ICLR 2018's VoiceLoop paper: "a new neural text to speech (TTS) method".
VOICELOOP = (
    "We present a new neural text to speech (TTS) method that is able to transform text to speech in voices that are "
    "sampled in the wild. Unlike other systems, our solution is able to deal with unconstrained voice samples and "
    "without requiring aligned phonemes or linguistic features. The network architecture is simpler than those in the "
    "existing literature and is based on a novel shifting buffer working memory."
)


def test_text_to_speech_is_one_noun() -> None:
    """ "neural text to speech method": cut at "to", "Neural Text" says nothing of speech."""
    title = infer_title(VOICELOOP)
    assert title != "Neural Text" and "Speech" in title, title


def test_a_setting_keeps_the_preposition_the_abstract_gives_it() -> None:
    """ "learning hypergraphs with shortest-path queries": an algorithm "for" the queries would answer them."""
    title = infer_title(ORDERLY_HYPERTREES)
    assert "for Shortest-Path Queries" not in title, title


# ALT 2026's private online learning paper: it answers "an open problem" that its first sentence poses.
OPEN_PROBLEM = (
    "Hu and M ehta [2024] posed an open problem: what is the optimal instance-dependent rate for the stochastic "
    "decision-theoretic online learning (with $K$ actions and $T$ rounds) under $\\varepsilon$-differential privacy? "
    "Before, the best known upper bound and lower bound are $O\\left(\\frac{\\log K}{\\Delta_{\\min}} + \\frac{\\log "
    "K\\log T}{\\varepsilon}\\right)$ and $\\Omega\\left(\\frac{\\log K}{\\Delta_{\\min}} + \\frac{\\log "
    "K}{\\varepsilon}\\right)$ (where $\\Delta_{\\min}$ is the gap between the optimal and the second actions). In this "
    "paper, we partially address this open problem by having two new results. First, we provide an improved upper "
    "bound for this problem $O\\left(\\frac{\\log K}{\\Delta_{\\min}} + \\frac{\\log^2K}{\\varepsilon}\\right)$, which "
    "is $T$-independent and only has a log dependency in $K$. Second, to further understand the gap, we introduce the "
    "deterministic setting, a weaker setting of this open problem, where the received loss vector is deterministic. "
    "At this weaker setting, a direct application of the analysis and algorithms from the original setting still "
    "leads to an extra log factor. We conduct a novel analysis which proves upper and lower bounds that match at "
    "$\\Theta(\\frac{\\log K}{\\varepsilon})$."
)


def test_no_title_is_a_kind_of_thing_alone() -> None:
    """ "Open Problem" says what kind of thing the paper answers, not which: no title is that alone."""
    title = infer_title(convert_abstract(OPEN_PROBLEM).text)
    assert title != "Open Problem", title


# WWW 2025's CRAG paper opens on "Conversational recommender systems (CRS) aim to provide ...".
CRAG = (
    "Conversational recommender systems (CRS) aim to provide personalized recommendations via interactive dialogues "
    "with users. While large language models (LLMs) enhance CRS with their superior understanding of context-based "
    "user preferences, they typically struggle to leverage behavioral data, which has proven to be the key for "
    "classical collaborative filtering approaches. For this reason, we propose CRAG\u2014Collaborative Retrieval "
    "Augmented Generation for LLM-based CRS. To the best of our knowledge, CRAG is the first approach that combines "
    "state-of-the-art LLMs with collaborative filtering for conversational recommendations. Our experiments on two "
    "publicly available conversational datasets in the movie domain, i.e., a refined Reddit dataset as well as the "
    "Redial dataset, demonstrate the superior item coverage and recommendation performance of CRAG, compared to "
    "several CRS baselines."
)


def test_a_subject_that_aims_is_a_clause() -> None:
    """ "Conversational Recommender Systems Aim for ...": "aim" is the subject's verb, and the title a clause."""
    assert " Aim " not in infer_title(CRAG), infer_title(CRAG)


# Issue 32, fourth pass: a name leads the title only when the abstract shows it is the paper's own.
_USED_NOT_MADE = [
    (  # a metric the paper reports (AISTATS 2026)
        "Vision-language models (VLMs) are increasingly deployed in dermatology, yet their calibration across patient "
        "demographics remains understudied. We evaluate GPT-4o on binary skin lesion classification using the Diverse "
        "Dermatology Images dataset, finding that standard accuracy (70.1\\%) substantially overstates diagnostic capability "
        "relative to balanced accuracy (60.5\\%). Across three confidence extraction methods, we identify a calibration--equity "
        "tradeoff: verbalized confidence achieves the best aggregate calibration (ECE = 0.073) but the worst demographic "
        "disparity (dark skin 2.6$\\times$ worse than light); self-consistency at high temperature is most equitable (max ECE "
        "gap = 0.009) but sacrifices discrimination; token-level probabilities offer the strongest discrimination (AUROC = "
        "0.655) but severe overconfidence (21.5\\% error rate at $>$99\\% confidence). Post-hoc temperature scaling "
        "substantially improves token-level calibration (ECE reduced 80--96\\%), yet the equity ranking across signals is "
        "preserved after recalibration.",
        ("AUROC", "ECE"),
    ),
    (  # the classical method the paper analyses
        "Bootstrap methods have long been the cornerstone of ensemble learning in machine learning. This paper presents a "
        "theoretical analysis of bootstrap techniques applied to the Least Square Support Vector Machine (LSSVM) ensemble in "
        "the context of large and growing sample sizes and feature dimensionalities. Using tools from Random Matrix Theory, "
        "we investigate the performance of this classifier that aggregates decision functions from multiple weak "
        "classifiers, each trained on different subsets of the data. Based on these findings, we propose strategies to "
        "select the number of subsets and the regularization parameter that maximize the performance of the LSSVM.",
        ("LSSVM",),
    ),
    (  # the model the paper tests
        "Complex data are often represented as a graph, which in turn can often be viewed as a realisation of a random "
        "graph, such as an inhomogeneous random graph model (IRG). For general fast goodness-of-fit tests in high "
        "dimensions, kernelised Stein discrepancy (KSD) tests are a powerful tool. Here, we develop a KSD-type test for "
        "IRG models that can be carried out with a single observation of the network. The test applies to networks of "
        "any size, but is particularly relevant for small networks for which asymptotic tests are not warranted. We also "
        "provide theoretical guarantees.",
        ("IRG",),
    ),
    (  # a family of models, written in the plural too (cs.CV 2025: "ControlNet: ...")
        "Controlled diffusion models like the ControlNet create labeled images. However, ControlNets tend to "
        "reproduce their training distribution. This work introduces a method to train ControlNets on data from "
        "unlabeled domains by adding an uncertainty control. The resulting ControlNet creates annotated data for "
        "segmentation in new domains.",
        ("ControlNet",),
    ),
    (  # the field's vocabulary, as NeRF and SLAM are (cs.CV 2025: "3DGS: Integrating Signed Distance Functions ...")
        "Urban scene rendering matters for driving. Recent methods based on 3D Gaussian Splatting (3DGS) need LiDAR "
        "data. We present a novel approach that integrates Signed Distance Functions (SDFs) with 3D Gaussian Splatting "
        "(3DGS) to create a more robust object representation. Our framework renders moving cars well.",
        ("3DGS",),
    ),
    (  # the device the paper inspects, after "of the robotic" (cs.CV 2025)
        "Flexible microelectrode (FME) implantation into the brain is delicate. This paper develops an image-based "
        "anomaly detection framework based on the microscopic cameras of the robotic FME implantation system. The "
        "framework checks the needle, the FME probe and the implantation point.",
        ("FME",),
    ),
    (  # a class of methods: an acronym only ever before "method(s)", never spelled out (cs.CV+RO 2025)
        "Learning long-horizon goals needs stitching. Quasimetric methods and multistep returns each help. We show how "
        "these approaches can be integrated into a practical GCRL method that fits a quasimetric distance using a "
        "multistep Monte-Carlo return. We show our method outperforms existing GCRL methods on long-horizon simulated "
        "tasks. Our approach is the first end-to-end GCRL method that enables multistep stitching in the real world.",
        ("GCRL",),
    ),
]


@pytest.mark.parametrize(
    ("text", "used"),
    _USED_NOT_MADE,
    ids=["metric", "classical-method", "tested-model", "model-family", "field-acronym", "device-used", "class-of-methods"],
)
def test_a_name_the_abstract_only_uses_does_not_lead_the_title(text: str, used: tuple[str, ...]) -> None:
    title = infer_title(text)
    assert coined_name(text) is None
    assert not title.startswith(tuple(n + ":" for n in used))
    assert len(title.split()) >= 3  # the descriptive phrase stays


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Image classifiers are brittle. We propose FooNet, a convolutional network that is robust to shifts. "
         "FooNet outperforms ResNet on ImageNet-C.", "FooNet"),
        ("Training large models is costly. In this paper, we introduce a sparse training recipe, which we call SpaRT. "
         "SpaRT halves the training cost.", "SpaRT"),
        ("Retrieval is slow. Our method, named QuickRet, indexes passages with learned codes and is ten times faster "
         "than dense retrieval.", "QuickRet"),
    ],
)
def test_a_name_the_paper_introduces_leads_the_title(text: str, name: str) -> None:
    assert coined_name(text) == name
    assert infer_title(text).startswith(name + ": ")


def test_a_part_named_once_gives_way_to_the_model_the_paper_proposes() -> None:
    # AISTATS 2026: "termed Hellinger" names an approximation; HELVAE is the model (was "Hellinger: Multimodal Inference").
    text = ("In this work, we revisit multimodal inference through the lens of probabilistic opinion pooling, an "
            "optimization-based approach. We start from H\u00f6lder pooling with $\\alpha=0.5$, which corresponds to the unique "
            "symmetric member of the $\\alpha$-divergence family, and derive a moment-matching approximation, termed "
            "Hellinger. We then leverage such an approximation to propose HELVAE, a multimodal VAE that avoids sub-sampling, "
            "yielding an efficient yet effective model.")
    assert coined_name(text) == "HELVAE"


@pytest.mark.parametrize(
    "text",
    [
        "Generated time series are hard to judge. We propose a quality metric that combines Dynamic Time Warping "
        "(DTW) and a dissimilarity measure to monitor training. The metric, computed with DTW on each series, tells "
        "when to stop.",
        "Robots must plan under uncertainty. We propose a planner that employs Monte Carlo Tree Search (MCTS) over "
        "learned beliefs. Each rollout of MCTS samples a belief, and the planner stops once the plan is safe.",
    ],
)
def test_a_name_the_paper_combines_or_employs_is_other_peoples(text: str) -> None:
    """What the paper's method combines, leverages or employs is a thing it uses, not its name: a cs.AI title
    read "DTW: Dynamic Time Warping for Time-Series Forecasting" for a paper on augmenting financial series."""
    assert coined_name(text) is None


def test_a_phrase_ending_on_the_name_it_describes_is_set_after_the_name() -> None:
    """ "Dual-Track ... Reasoning Framework DTKG" reads as a sentence cut short; the name leads a title."""
    text = (
        "Multi-hop questions need facts that a knowledge graph may lack. We propose a dual-track knowledge graph "
        "verification and reasoning framework DTKG. DTKG checks each retrieved fact against the graph, and DTKG "
        "reasons over the verified facts. On three benchmarks DTKG answers more questions than retrieval alone."
    )
    assert infer_title(text) == "DTKG: Dual-Track Knowledge Graph Verification and Reasoning Framework"
    # Not a name the phrase is for: "... for Solving FJSP" keeps its shape.
    assert not infer_title(
        "Scheduling is hard. We propose a dual operation aggregation graph neural network for solving FJSP. "
        "It schedules jobs on machines and beats dispatching rules on FJSP benchmarks."
    ).startswith("FJSP:")


def test_a_title_takes_no_term_of_its_results() -> None:
    """ "... for Ground Truth", "... for Percentage Points": what results are measured against or in is
    no subject, however often the abstract writes it."""
    text = (
        "Agents for geographic information systems are hard to judge. We introduce GeoBench, a benchmark of 349 "
        "multi-step geographic information system tasks. Each task comes with ground truth written by practitioners, "
        "and the ground truth is checked twice. Agents trail the ground truth by 20 percentage points, and tool use "
        "adds 5 percentage points."
    )
    title = infer_title(text)
    assert title.startswith("GeoBench: Benchmark of 349 Multi-Step Geographic Information System Tasks")
    assert "Truth" not in title and "Points" not in title


def test_a_name_met_once_in_a_list_of_names_is_a_model_tested() -> None:
    """ "our framework consistently improves MiMo-VL-7B, Qwen3-VL-8B, and TimeLens-8B": the models the
    method was tried on, none of them its name."""
    text = (
        "Multimodal models ground events in videos poorly. In this work, we probe the cross-modal attention of these "
        "models and find a gap between perception and generation. We restrict the visual context to the interval the "
        "attention highlights and ask again. Without any training, our framework consistently improves MiMo-VL-7B, "
        "Qwen3-VL-8B, and TimeLens-8B on three grounding benchmarks."
    )
    assert coined_name(text) is None
    families = (
        "Similarity measures compare networks. We introduce a framework that rates similarity measures by how well "
        "they separate model families (CNNs, Vision Transformers, Swin Transformers, ConvNeXt). Measures that "
        "align representations separate families best."
    )
    assert coined_name(families) is None
    # Its own variants, written again, stay names: "TR-DPO, TR-IPO" is not a list of other people's models.
    own = (
        "Offline alignment drifts from its reference. We propose TR-DPO, TR-IPO and TR-KTO, which update the "
        "reference policy during training. TR-DPO beats DPO on two benchmarks, and TR-DPO is as fast."
    )
    assert coined_name(own) == "TR-DPO"


# arXiv 2025, "OpenNav: Open-World Navigation with Multimodal Large Language Models" (its abstract).
OPENNAV = (
    "Pre-trained large language models (LLMs) have demonstrated strong common-sense reasoning abilities, making "
    "them promising for robotic navigation and planning tasks. However, despite recent progress, bridging the gap"
    " between language descriptions and actual robot actions in the open-world, beyond merely invoking limited "
    "predefined motion primitives, remains an open challenge. In this work, we aim to enable robots to interpret "
    "and decompose complex language instructions, ultimately synthesizing a sequence of trajectory points to "
    "complete diverse navigation tasks given open-set instructions and open-set objects. We observe that multi-"
    "modal large language models (MLLMs) exhibit strong cross-modal understanding when processing free-form "
    "language instructions, demonstrating robust scene comprehension. More importantly, leveraging their code-"
    "generation capability, MLLMs can interact with vision-language perception models to generate compositional "
    "2D bird-eye-view value maps, effectively integrating semantic knowledge from MLLMs with spatial information "
    "from maps to reinforce the robot's spatial understanding. To further validate our approach, we effectively "
    "leverage large-scale autonomous vehicle datasets (AVDs) to validate our proposed zero-shot vision-language "
    "navigation framework in outdoor navigation tasks, demonstrating its capability to execute a diverse range of"
    " free-form natural language navigation instructions while maintaining robustness against object detection "
    "errors and linguistic ambiguities. Furthermore, we validate our system on a Husky robot in both indoor and "
    "outdoor scenes, demonstrating its real-world robustness and applicability."
)


def test_a_well_known_term_cut_before_its_head_is_no_tail() -> None:
    """ "... for Large Language" lost "Models": a term tail never ends a well-known term short."""
    title = infer_title(OPENNAV)
    assert not title.endswith(("Large Language", "Multi-Modal Large Language"))
    assert "Navigation Tasks" in title


def test_a_title_does_not_end_on_an_amount_cut_from_its_unit() -> None:
    """ "AndesVL: Mobile-Side MLLMs with 0.6B" lost "to 4B parameters": a bare amount ends no title.

    The opening of a real cs.CV abstract (arXiv 2510.11496).
    """
    text = (
        "In recent years, while cloud-based MLLMs such as QwenVL, InternVL, GPT-4o, Gemini, and Claude Sonnet have "
        "demonstrated outstanding performance with enormous model sizes reaching hundreds of billions of parameters, "
        "they significantly surpass the limitations in memory, power consumption, and computing capacity of edge "
        "devices such as mobile phones. This paper introduces AndesVL, a suite of mobile-side MLLMs with 0.6B to 4B "
        "parameters based on Qwen3's LLM and various visual encoders."
    )
    title = infer_title(text)
    assert title.startswith("AndesVL: Mobile-Side MLLMs")
    assert not title.endswith("0.6B")


def test_a_subscripted_symbol_is_no_name() -> None:
    """ "Seg_mIoU" (a title showed "SegₘIoU"), "xᵀAx": mathematics; a superscript digit stays in a name ("S²AC")."""
    from generator.enrich.titles.coined import _namelike

    assert not _namelike("Seg\u2098IoU") and not _namelike("x\u1d40Ax")
    assert not _namelike("Seg_mIoU") and not _namelike("kappa_LL")  # as the abstract writes them, before rendering
    assert _namelike("S\u00b2AC") and _namelike("PT\u00b2-LLM")


def test_a_bracketed_place_is_no_name() -> None:
    """ "the Garonne River (France)" says where; "Mixture of Monosemantic Experts (Monet)" names the model."""
    text = (
        "Floods are mapped from radar images. We evaluate flood mapping and water depth estimation from synthetic "
        "aperture radar imagery for two flood events on the Garonne River (France), with simulations as reference."
    )
    assert coined_name(text) is None
    monet = (
        "Sparse dictionaries explain features poorly. We introduce Mixture of Monosemantic Experts (Monet), which "
        "puts sparse dictionary learning into a mixture of experts. Monet scales to many experts."
    )
    assert coined_name(monet) == "Monet"


def test_an_acronym_after_the_contribution_names_the_phrase_it_abbreviates() -> None:
    """ "we introduce a novel framework, Bi-Stage 3D Gaussian Splatting, to ... BSGS contains two stages": the
    acronym, used only after, is the method's name."""
    text = (
        "Motion blur breaks scene reconstruction. To solve this, we introduce a novel framework, Bi-Stage 3D Gaussian "
        "Splatting, to reconstruct scenes from blurred images. BSGS contains two stages. First, camera poses are "
        "refined; second, blur is corrected."
    )
    assert coined_name(text) == "BSGS"
    assert infer_title(text).startswith("BSGS: Bi-Stage 3D Gaussian Splatting")


def test_a_noun_in_ing_of_vision_and_robotics_is_not_cut_as_a_verb() -> None:
    """ "3D Gaussian for Scene Reconstruction" lost "Splatting", read as a verb; so were "deblurring", "grasping"."""
    text = (
        "Dynamic scenes are hard to reconstruct from one video. We propose USplat, an uncertainty-aware dynamic "
        "Gaussian Splatting framework that propagates reliable motion cues. USplat weighs each Gaussian by its "
        "uncertainty and improves Gaussian Splatting on real videos."
    )
    title = infer_title(text)
    assert title.startswith("USplat:") and "Gaussian Splatting" in title
    assert "Gaussian for" not in title
