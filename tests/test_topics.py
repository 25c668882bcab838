"""Tests of the topic taxonomy loader and of topic assignment on real abstracts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.enrich.topics import Taxonomy, assign_topics, load_taxonomy, normalize
from generator.enrich.topics.assign import MAX_BROAD, MAX_TOPICS
from generator.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures" / "topics"
PAPERS = [json.loads(line) for line in (FIXTURES / "papers.jsonl").read_text(encoding="utf-8").splitlines()]

VALID = """\
- name: Federated learning
  description: Training across clients.
  terms: [federated learning, fl, clients]
- name: Computer vision
  description: Images.
  terms: [image classification, CLIP]
  weak_terms: [image, images]
  exclude: [image text]
  broad: true
- name: Other topics
  description: Nothing else matched.
  fallback: true
"""


@pytest.fixture(scope="module")
def shipped() -> Taxonomy:
    return load_taxonomy()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "topics.yml"
    path.write_text(text, encoding="utf-8")
    return path


# --- loading --------------------------------------------------------------------------------------


def test_shipped_taxonomy_is_valid(shipped: Taxonomy) -> None:
    assert 25 <= len(shipped.topics) <= 45  # a list a reader scans in one look on the Topics page
    assert shipped.fallback.name == "Other topics"
    assert len(set(shipped.names)) == len(shipped.names)
    assert all(topic.terms and topic.description for topic in shipped.topics)


def test_small_file_loads(tmp_path: Path) -> None:
    taxonomy = load_taxonomy(write(tmp_path, VALID))
    assert taxonomy.names == ("Federated learning", "Computer vision", "Other topics")
    vision = taxonomy.topics[1]
    assert vision.weak_terms == ("image", "images") and vision.exclude == ("image text",) and vision.broad
    assert not taxonomy.topics[0].broad


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("- name: A\n  description: x\n  terms: [a]\n- name: a\n  description: y\n  terms: [b]\n", 4, "already"),
        ("- name: A\n  description: x\n  terms: []\n", 1, "non-empty list of terms"),
        ("- name: A\n  description: x\n", 1, "non-empty list of terms"),
        ("- name: A\n  description: x\n  terms: [a]\n  colour: red\n", 4, "unknown key"),
        ("- name: A\n  description: x: y\n  terms: [a]\n", 2, "not valid YAML"),
        ("- name: A\n  terms: [a]\n", 1, "missing 'description'"),
        ("- name: A\n  description: x\n  terms: [a, '--']\n", 3, "no letters"),
        ("- name: A\n  description: x\n  terms: [a, b, a]\n", 3, "twice"),
        ("- name: A\n  description: x\n  terms: a\n", 3, "list of phrases"),
        ("- name: A\n  description: x\n  terms: [a]\n  broad: lots\n", 4, "'broad' must be true or false"),
        ("- name: A\n  description: x\n  terms: [a]\n  weight: 0.7\n", 4, "unknown key 'weight'"),
        ("- name: A\n  description: x\n  terms: [a]\n  exclude: [a]\n", 1, "both lists and excludes"),
        ("- name: O\n  description: x\n  terms: [a]\n  fallback: true\n", 1, "must not have terms"),
        ("name: A\n", 1, "list of topics"),
    ],
)
def test_malformed_file_names_file_and_line(tmp_path: Path, text: str, line: int, fragment: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as caught:
        load_taxonomy(path)
    assert caught.value.path == path
    assert caught.value.line == line
    assert fragment in caught.value.message
    assert str(caught.value).startswith(f"{path}:{line}: ")


@pytest.mark.parametrize("fallbacks", ["", "- name: O\n  description: x\n  fallback: true\n" * 2])
def test_exactly_one_fallback_required(tmp_path: Path, fallbacks: str) -> None:
    text = "- name: A\n  description: x\n  terms: [a]\n" + fallbacks.replace("O\n", "O\n", 1)
    if fallbacks:  # two fallbacks with distinct names, so the uniqueness check does not fire first
        text = text.replace("name: O", "name: O1", 1).replace("name: O\n", "name: O2\n", 1)
    with pytest.raises(InputError, match="exactly one"):
        load_taxonomy(write(tmp_path, text))


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read"):
        load_taxonomy(tmp_path / "absent.yml")


# --- matching rules, on the small taxonomy ----------------------------------------------------------


@pytest.fixture()
def small(tmp_path: Path) -> Taxonomy:
    return load_taxonomy(write(tmp_path, VALID))


def test_title_match_decides_alone(small: Taxonomy) -> None:
    assert assign_topics("Federated Learning at scale", "We study a method.", (), small) == ("Federated learning",)


def test_single_passing_mention_does_not_tag(small: Taxonomy) -> None:
    text = "Unlike federated learning, our method trains one model on pooled data."
    assert assign_topics("", text, (), small) == ("Other topics",)


def test_abbreviation_after_its_expansion_counts_once(small: Taxonomy) -> None:
    assert assign_topics("", "We study federated learning (FL) here.", (), small) == ("Other topics",)
    assert assign_topics("", "Federated learning (FL) trains clients jointly.", (), small) == ("Federated learning",)


def test_adjacent_weak_term_does_not_hide_a_strong_one(tmp_path: Path) -> None:
    # "Self-supervised representation learning": the weak "self supervised" right before the strong
    # "representation learning" is one mention, counted as strong.
    text = (
        "- name: Representation learning\n  description: x\n  terms: [representation learning]\n"
        "  weak_terms: [self supervised]\n- name: O\n  description: x\n  fallback: true\n"
    )
    taxonomy = load_taxonomy(write(tmp_path, text))
    assert assign_topics("Self-supervised representation learning", "", (), taxonomy) == ("Representation learning",)
    assert assign_topics("Self-supervised training", "", (), taxonomy) == ("O",)


def test_keywords_weigh_like_a_title(small: Taxonomy) -> None:
    assert assign_topics("", "A method.", ["Federated Learning"], small) == ("Federated learning",)


def test_word_boundaries_hyphens_and_case(small: Taxonomy) -> None:
    assert assign_topics("", "flexible influence of flat flowers", (), small) == ("Other topics",)
    assert assign_topics("", "Image-classification and image classification.", (), small) == ("Computer vision",)
    # A term with capitals is an acronym and matches only as written.
    assert assign_topics("", "We clip gradients and clip them again.", (), small) == ("Other topics",)
    assert assign_topics("", "We fine-tune CLIP; its features help CLIP.", (), small) == ("Computer vision",)


def test_subject_sentence_and_support(small: Taxonomy) -> None:
    # Named where the paper says what it does, and once more: it is the subject.
    text = "Background first. We propose a method for federated learning. It runs on many clients."
    assert assign_topics("", text, (), small) == ("Federated learning",)
    # Named twice, but only in the background and results: a passing mention.
    text = "Background first. Federated learning is popular. We propose a sorter. Unlike federated learning, it is fast."
    assert assign_topics("", text, (), small) == ("Other topics",)
    # Named three times anywhere: the abstract is about it whatever its sentences say.
    text = "Background first. Federated learning is popular. Clients vary. Clients drop out. We propose a sorter."
    assert assign_topics("", text, (), small) == ("Federated learning",)


def test_broad_areas_never_push_out_specific_topics(tmp_path: Path) -> None:
    areas = "".join(f"- name: Area {i}\n  description: x\n  broad: true\n  terms: [area{i}]\n" for i in range(4))
    specific = "".join(f"- name: Topic {i}\n  description: x\n  terms: [topic{i}]\n" for i in range(3))
    taxonomy = load_taxonomy(write(tmp_path, areas + specific + "- name: O\n  description: x\n  fallback: true\n"))
    title = " ".join(f"area{i} topic{j}" for i in range(4) for j in range(3))
    topics = assign_topics(title, "", (), taxonomy)
    assert len(topics) == MAX_TOPICS
    assert {"Topic 0", "Topic 1", "Topic 2"} <= set(topics)
    assert sum(name.startswith("Area") for name in topics) <= MAX_BROAD


def test_weak_terms_and_exclusions(small: Taxonomy) -> None:
    assert assign_topics("", "Counting sheep.", (), small) == ("Other topics",)
    # Weak terms only support a topic that has strong evidence, unless the topic is a broad area and the
    # abstract is full of them; with no topic qualifying, the area with some evidence beats the fallback.
    four = "images of cats, images of dogs, images of cows, images of hens"
    assert assign_topics("", f"Image classification of {four}.", (), small) == ("Computer vision",)
    assert assign_topics("", f"{four}, {four}", (), small) == ("Computer vision",)
    assert assign_topics("", "Clients here. Clients there. Clients everywhere.", (), small) == ("Federated learning",)
    assert assign_topics("", "An image and an image.", (), small) == ("Computer vision",)
    assert assign_topics("", "image text pairs, image text retrieval, image text data", (), small) == ("Other topics",)


def test_abbreviation_defined_in_the_abstract_stands_for_its_term(tmp_path: Path) -> None:
    text = "- name: Diffusion\n  description: x\n  terms: [diffusion models]\n- name: O\n  description: x\n  fallback: true\n"
    taxonomy = load_taxonomy(write(tmp_path, text))
    # Defined once, then used twice, once where the paper says what it does.
    defined = "Sampling is slow. Diffusion models (DMs) are popular. We propose faster DMs. Our DMs are fast."
    assert assign_topics("", defined, (), taxonomy) == ("Diffusion",)
    # Letters that are not the initials of the words before them define nothing, nor does lower case.
    assert assign_topics("", defined.replace("(DMs)", "(MDs)").replace(" DMs", " MDs"), (), taxonomy) == ("O",)
    assert assign_topics("", defined.replace("(DMs)", "(dms)").replace(" DMs", " dms"), (), taxonomy) == ("O",)


def test_sentences_naming_the_coined_title_name_are_subject_sentences(tmp_path: Path) -> None:
    text = "- name: Transformers\n  description: x\n  terms: [transformer]\n- name: O\n  description: x\n  fallback: true\n"
    taxonomy = load_taxonomy(write(tmp_path, text))
    abstract = "Sequence data is common. Many systems exist. FooNet swaps each layer for a transformer, one transformer."
    assert assign_topics("FooNet: fast sequence layers", abstract, (), taxonomy) == ("Transformers",)
    # The same sentence is background when the title coins no name, or another one.
    assert assign_topics("Fast sequence layers: a study", abstract, (), taxonomy) == ("O",)
    assert assign_topics("BarNet: fast sequence layers", abstract, (), taxonomy) == ("O",)
    assert assign_topics("Foo: fast sequence layers", abstract.replace("FooNet", "Foo"), (), taxonomy) == ("O",)


def test_two_different_strong_terms_beat_one_repeated(tmp_path: Path) -> None:
    text = (
        "- name: Optimization\n  description: x\n  terms: [sgd, weight decay]\n  weak_terms: [optimization]\n"
        "- name: O\n  description: x\n  fallback: true\n"
    )
    taxonomy = load_taxonomy(write(tmp_path, text))
    assert assign_topics("", "We study optimization. Background. SGD with weight decay works.", (), taxonomy) == (
        "Optimization",
    )
    assert assign_topics("", "We study optimization. Background. SGD works; SGD is fast.", (), taxonomy) == ("O",)
    # Two terms but no subject sentence about the topic: a passing mention.
    assert assign_topics("", "We study sorting. Background. SGD with weight decay works.", (), taxonomy) == ("O",)


def test_subject_terms_count_only_where_the_paper_says_what_it_does(tmp_path: Path) -> None:
    text = (
        "- name: Transformers\n  description: x\n  terms: [self attention]\n  subject_terms: [transformer]\n"
        "- name: O\n  description: x\n  fallback: true\n"
    )
    taxonomy = load_taxonomy(write(tmp_path, text))
    assert taxonomy.topics[0].subject_terms == ("transformer",)
    about = "Tables are common. We propose a transformer for tables. The transformer is fast; a transformer."
    assert assign_topics("", about, (), taxonomy) == ("Transformers",)
    # Built from a transformer, about something else: the background mentions count as weak.
    built = "We propose a method for tables. Its encoder is a transformer. The transformer is fast; a transformer."
    assert assign_topics("", built, (), taxonomy) == ("O",)
    # A term proper counts wherever it is.
    assert assign_topics("", built.replace("transformer", "self attention"), (), taxonomy) == ("Transformers",)
    assert assign_topics("A transformer for tables", "Background.", (), taxonomy) == ("Transformers",)


def test_a_term_inside_another_topics_phrase_is_only_a_hint(tmp_path: Path) -> None:
    text = (
        "- name: Graphs\n  description: x\n  terms: [graph transformer, graph neural network]\n"
        "- name: Transformers\n  description: x\n  terms: [transformer, self attention]\n"
        "- name: O\n  description: x\n  fallback: true\n"
    )
    taxonomy = load_taxonomy(write(tmp_path, text))
    graph = "We propose a graph transformer. The graph transformer is fast."
    assert assign_topics("", graph, (), taxonomy) == ("Graphs",)
    # A weak hint still supports the topic when its own terms name it.
    both = "We propose a graph transformer with self attention. The graph transformer is fast."
    assert set(assign_topics("", both, (), taxonomy)) == {"Graphs", "Transformers"}


def test_shipped_optimization_needs_more_than_the_word(shipped: Taxonomy) -> None:
    # Most abstracts that say "optimization" use it as a tool; the topic needs its own vocabulary.
    tool = "We propose a backdoor attack. Its trigger is found by optimization. The optimization is fast; optimization is cheap."
    assert "Optimization" not in assign_topics("", tool, (), shipped)
    study = "We study the convergence rate of SGD. Stochastic gradient descent with momentum reaches stationary points."
    assert "Optimization" in assign_topics("", study, (), shipped)


def test_shipped_transformer_as_a_component_is_not_the_topic(shipped: Taxonomy) -> None:
    # Round 2: architecture words describing a part of another method are not its subject.
    part = "We propose a pre-trained model of single cells built on a transformer. Transformers are used widely."
    assert "Transformers and attention" not in assign_topics("", part, (), shipped)
    subject = "We study how transformers learn to add. Transformers trained on digits learn carries in their attention heads."
    assert "Transformers and attention" in assign_topics("", subject, (), shipped)


def test_shipped_reward_model_is_not_reinforcement_learning(shipped: Taxonomy) -> None:
    rlhf = "We propose a reward model ensemble for language models. Reward models are trained on preferences."
    assert "Reinforcement learning" not in assign_topics("", rlhf, (), shipped)
    rl = "We propose an offline reinforcement learning method. The policy maximizes reward on D4RL."
    assert "Reinforcement learning" in assign_topics("", rl, (), shipped)


def test_shipped_score_based_attack_is_not_diffusion(shipped: Taxonomy) -> None:
    attack = "We propose a score-based black-box attack. Score-based attacks only see the model's scores."
    assert "Diffusion models" not in assign_topics("", attack, (), shipped)
    model = "We propose a score-based generative model. Score-based models denoise data step by step."
    assert "Diffusion models" in assign_topics("", model, (), shipped)


# --- the shipped taxonomy on real abstracts ---------------------------------------------------------


@pytest.mark.parametrize("paper", [p for p in PAPERS if p["expect"]], ids=lambda p: p["openreview_id"])
def test_real_abstract_gets_its_authors_topic(shipped: Taxonomy, paper: dict) -> None:
    topics = assign_topics(paper["title"], paper["abstract"], (), shipped)
    assert paper["expect"] in topics


def test_federated_learning_abstract(shipped: Taxonomy) -> None:
    paper = next(p for p in PAPERS if p["expect"] == "Federated learning")
    assert assign_topics("", paper["abstract"], (), shipped)[0] == "Federated learning"


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p["openreview_id"])
def test_one_to_four_known_topics_and_deterministic(shipped: Taxonomy, paper: dict) -> None:
    first = assign_topics(paper["title"], paper["abstract"], paper["keywords"], shipped)
    assert 1 <= len(first) <= MAX_TOPICS
    assert len(set(first)) == len(first)
    assert set(first) <= set(shipped.names)
    assert (shipped.fallback.name in first) == (first == (shipped.fallback.name,))
    assert assign_topics(paper["title"], paper["abstract"], paper["keywords"], shipped) == first
    assert assign_topics(paper["title"], paper["abstract"], paper["keywords"], load_taxonomy()) == first


def test_nothing_to_match_gives_the_fallback(shipped: Taxonomy) -> None:
    assert assign_topics("", "", (), shipped) == ("Other topics",)
    assert assign_topics("Zebra", "The quick brown fox jumps over the lazy dog", (), shipped) == ("Other topics",)


@settings(max_examples=200, deadline=None)
@given(title=st.text(max_size=80), text=st.text(max_size=600), keywords=st.lists(st.text(max_size=30), max_size=5))
def test_never_raises_on_arbitrary_text(shipped: Taxonomy, title: str, text: str, keywords: list[str]) -> None:
    topics = assign_topics(title, text, keywords, shipped)
    assert 1 <= len(topics) <= MAX_TOPICS


@pytest.mark.parametrize(
    ("title", "abstract", "topic"),
    [
        # Recurrent networks are sequence models, but not transformers.
        ("", "We prove an approximation theorem for recurrent neural networks (RNNs). Nonlinear RNNs have "
         "an exponentially decaying memory. This limits the RNN architecture.", "Transformers and attention"),
        # A named model in the results is a baseline, not the subject.
        ("", "We propose a codebook method to compress deep networks. It needs no retraining. A Llama 7B "
         "fits in 2 GB. It beats GPT-3.5 baselines and GPT-4 tools.", "Large language models"),
        # CLIP is a vision-language model: papers that use it are not about contrastive learning.
        ("", "We propose a training-free adaptation of CLIP. Contrastive language-image pretraining (CLIP) "
         "is popular. We adapt CLIP to new classes.", "Contrastive learning"),
        # Editing what a model knows is not explaining it.
        ("", "We propose a knowledge editing method for language models. Model editing changes facts. "
         "Knowledge editing is cheap.", "Interpretability and explainability"),
    ],
)
def test_shipped_passing_or_neighbouring_terms_are_not_the_topic(
    shipped: Taxonomy, title: str, abstract: str, topic: str
) -> None:
    assert topic not in assign_topics(title, abstract, (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        ("We propose a method to fine-tune GPT-3 on code. We show that GPT-3 learns to fix bugs.", "Large language models"),
        ("We propose a contrastive loss for time series. Positive pairs come from augmentations.", "Contrastive learning"),
    ],
)
def test_shipped_the_same_terms_where_the_paper_says_what_it_does(shipped: Taxonomy, abstract: str, topic: str) -> None:
    assert topic in assign_topics("", abstract, (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic", "expected"),
    [
        # The opening sentence is often background: a subject term there counts as weak.
        ("Transformers are popular for forecasting. We propose a decomposition of series into trends. "
         "The trends are smooth; a transformer is used; its transformer layers are cheap.", "Transformers and attention", False),
        # ... while a term proper there still makes the subject.
        ("Self-attention is costly for long inputs. We propose a faster self-attention kernel.",
         "Transformers and attention", True),
        # "In this paper, we <any verb>" says what the paper does.
        ("Drawings are hard to model. In this paper, we define generative models over strokes. "
         "The generative model is fast.", "Generative models", True),
        # Graphs alone are data, not graph neural networks.
        ("We study private algorithms for recovering clusters in well-clustered graphs. We provide an "
         "algorithm for such graphs. The graphs have small conductance.", "Graph neural networks", False),
        ("We propose robust reinforcement learning against coupled perturbations. Robust RL helps.",
         "Robustness", True),
    ],
)
def test_shipped_where_a_term_stands(shipped: Taxonomy, abstract: str, topic: str, expected: bool) -> None:
    assert (topic in assign_topics("", abstract, (), shipped)) == expected


@pytest.mark.parametrize(
    ("title", "abstract", "topic"),
    [
        # Denoising is also what speech enhancement does.
        ("", "We propose a language-space denoising process for speech recognition. The denoising process "
         "removes noise. Noise is common.", "Diffusion models"),
        # Which architectures a method applies to is not what it studies.
        ("", "We propose demonstration distillation for decoder-only and encoder-decoder models. "
         "Our method is fast.", "Transformers and attention"),
        # Domain language models (cells, molecules) are not large language models.
        ("Pre-training of a cell language model", "We propose a cell language model for single cells.",
         "Large language models"),
        # Knowledge graphs are queried by language models; that is not a graph neural network.
        ("Reasoning of large language models on knowledge graphs", "We propose a method where an LLM "
         "explores a knowledge graph.", "Graph neural networks"),
        # Genomes and images are tokenized too.
        ("", "We propose to replace k-mer tokenization of genomes with byte pair encoding. The tokenization "
         "is efficient; tokenization matters.", "Large language models"),
        # Question answering is a task many kinds of models are evaluated on.
        ("Embodied question answering using multimodal expression", "We introduce question answering "
         "tasks with gestures.", "Large language models"),
        # Alignment of representations, images or network parts is not aligning models with people.
        ("Learning-theoretic perspective to representation alignment", "We propose a learning-theoretic "
         "perspective on the alignment of different representations. We review notions of alignment and "
         "relate stitching to kernel alignment.", "Alignment and safety"),
        ("Fusing transformer-based networks", "We propose to fuse networks with optimal transport to "
         "soft-align their components. Soft alignment matters for transformers.", "Alignment and safety"),
    ],
)
def test_shipped_neighbouring_vocabulary_is_not_the_topic(shipped: Taxonomy, title: str, abstract: str, topic: str) -> None:
    assert topic not in assign_topics(title, abstract, (), shipped)


@pytest.mark.parametrize(
    "abstract",
    [
        "We propose a method for the alignment of large language models with human preferences.",
        "We study AI alignment. Our method reduces the alignment tax of fine-tuning.",
        "We introduce a red teaming benchmark that makes aligned models produce harmful outputs.",
    ],
)
def test_shipped_aligning_models_with_people_is_alignment(shipped: Taxonomy, abstract: str) -> None:
    assert "Alignment and safety" in assign_topics("", abstract, (), shipped)


def test_shipped_graph_representations_are_graph_learning(shipped: Taxonomy) -> None:
    abstract = "We present a method for learning transferable graph representations. Graph representations transfer."
    assert "Graph neural networks" in assign_topics("", abstract, (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        ("We study data balancing for mitigating biases in image-text models. Models absorb stereotypes.", "Fairness"),
        ("We propose an adversarial search method to find failure cases and vulnerabilities of image generators.", "Robustness"),
    ],
)
def test_shipped_phrases_that_name_the_subject(shipped: Taxonomy, abstract: str, topic: str) -> None:
    assert topic in assign_topics("", abstract, (), shipped)


def test_shipped_optimization_methods_of_other_fields_are_a_hint(shipped: Taxonomy) -> None:
    # "Two optimization methods, best-of-n sampling and PPO" names tools, not a study of optimization.
    text = "We propose reward model ensembles. We study two optimization methods for them. Both optimization methods overfit."
    assert "Optimization" not in assign_topics("", text, (), shipped)


@pytest.mark.parametrize(
    ("title", "topic", "expected"),
    [
        # A method that calls itself interpretable is not about interpretability ...
        ("Learning Interpretable Libraries by Compressing Code", "Interpretability and explainability", False),
        # ... while a title naming interpretability is.
        ("Interpretability of Attention Heads", "Interpretability and explainability", True),
    ],
)
def test_shipped_titles_that_name_a_quality(shipped: Taxonomy, title: str, topic: str, expected: bool) -> None:
    assert (topic in assign_topics(title, "We propose a method.", (), shipped)) == expected


def test_shipped_black_box_optimization_is_not_interpretability(shipped: Taxonomy) -> None:
    text = "We propose SYMBOL for black-box optimization. We show that SYMBOL offers interpretability of black-box optimizers."
    assert "Interpretability and explainability" not in assign_topics("SYMBOL: Black-Box Optimizers", text, (), shipped)


@pytest.mark.parametrize(
    "abstract",
    [
        # Trained by gradient descent: a tool of the method, not its subject.
        "We propose tree ensembles learned end to end with gradient descent. Gradient descent on soft splits "
        "with gradients of a smooth loss beats boosting.",
        # Solving combinatorial problems is not the training of models.
        "We propose a symbolic branching rule for combinatorial optimization solvers. Combinatorial "
        "optimization problems are NP-hard; the solver is fast.",
    ],
)
def test_shipped_tools_of_optimization_are_not_the_topic(shipped: Taxonomy, abstract: str) -> None:
    assert "Optimization" not in assign_topics("", abstract, (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        # Plural forms are listed next to the singular ones.
        ("We propose a method that withstands domain shifts. Domain shifts hurt detectors.", "Robustness"),
        ("We propose to learn value functions offline. The value functions are pessimistic.", "Reinforcement learning"),
    ],
)
def test_shipped_plural_terms(shipped: Taxonomy, abstract: str, topic: str) -> None:
    assert topic in assign_topics("", abstract, (), shipped)


def test_shipped_decision_transformers_are_reinforcement_learning_not_architecture(shipped: Taxonomy) -> None:
    text = "We propose to initialize Decision Transformers with language models. We show that Decision Transformers adapt."
    topics = assign_topics("", text, (), shipped)
    assert "Transformers and attention" not in topics


def test_shipped_per_sample_clipping_is_privacy_not_optimization(shipped: Taxonomy) -> None:
    text = "We propose private training without per-sample gradient clipping. Per-sample gradient clipping is costly."
    assert "Optimization" not in assign_topics("", text, (), shipped)


# --- fast paths -----------------------------------------------------------------------------------
# The tokenizer reaches subject sentences and words by faster routes than the plain patterns it started
# from (a search per sentence, a regex for the words): it must still find exactly what they find.

_PIECES = st.sampled_from(
    [
        "we", "We", "WE", "this paper", "This work,", "our method", "Our approach", "here, we", "Here we",
        "propose", "first", "analyse", "show", "study", "between", "four", "there", "were", "a", "X",
        "DSPy", "İ", "ı", "ſ", "\u212a", "é", "_", "(", ")", "\"", "1", ".", ". ", "! ", "? ", "e.g. ", ",",
        " ", "  ", "\n", "\u2028", "\x00", "-",
    ]
)


def _plain_parts(title: str, text: str) -> tuple[list[str], list[int], list[int]]:
    """Return words, slots and floors the plain way: each sentence split off and searched on its own."""
    from generator.enrich.topics import assign as topics
    from generator.enrich.topics.taxonomy import _NON_WORD

    sentence_end = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
    title, text = topics._clean(title), topics._clean(text)
    words = _NON_WORD.sub(" ", title).split()
    coined = topics._COINED.match(title)
    name = coined.group(1) if coined else ""

    def names(sentence: str) -> bool:
        padded = f" {sentence} "  # a whole word: no letter or digit either side
        return any(
            not padded[s].isalnum() and not padded[s + len(name) + 1].isalnum()
            for s in range(len(sentence))
            if sentence.startswith(name, s)
        )

    slots, floors = [topics._TITLE], [topics._SUBJECT_ONLY]
    for n, sentence in enumerate(sentence_end.split(text)):
        words.append(topics._BREAK)
        if (name and names(sentence)) or topics._CONTRIBUTION.search(sentence):
            slots.append(topics._SUBJECT), floors.append(topics._SUBJECT_ONLY)
        else:
            slots.append(topics._SUBJECT if n == 0 else topics._BODY), floors.append(topics._STRONG)
        words.extend(_NON_WORD.sub(" ", sentence).split())
    return words, slots, floors


@settings(max_examples=500, deadline=None)
@given(
    title=st.lists(_PIECES, max_size=6).map(lambda pieces: "DSPy: " + " ".join(pieces)),
    text=st.lists(_PIECES, max_size=40).map("".join),
)
def test_tokens_match_a_search_per_sentence(title: str, text: str) -> None:
    from generator.enrich.topics import assign as topics

    words, slots, floors = topics._tokens(topics._clean(title), topics._clean(text))
    assert (words.split(), slots, floors) == _plain_parts(title, text)


@pytest.mark.parametrize(
    "text",
    [
        "Transformers are popular. We propose a new method.",
        "Prior work fails.  In this paper, we study it! Between us, there were four.",
        "THIS STUDY EXAMINES X. Here we go.",
        "Models vary. We first carefully ANALYZE errors. Our framework, however, helps.",
        "Models vary. Thıs paper shows it.",  # dotless i, which matches i ignoring case
        "Models vary. THİS PAPER SHOWS IT.",  # dotted capital I, two characters lower-cased
        "Models vary. We ſhow it. We \u212aeep \u2028 showing it.",  # long s (NFKC makes it s), Kelvin sign
        "A (B) method\x00. We present C.",
    ],
)
def test_subject_sentences_match_a_search_per_sentence(text: str) -> None:
    from generator.enrich.topics import assign as topics

    _, slots, floors = topics._tokens("A title", topics._clean(text))
    assert (slots, floors) == _plain_parts("A title", text)[1:]


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        # A pre-trained ViT as the backbone of a method does not make it a paper about transformers.
        ("Deep metric learning adapts pre-trained models. We propose a framework based on learning visual "
         "prompts in the pre-trained Vision Transformers (ViT). We update the ViT prompts per class.",
         "Transformers and attention"),
        # Nor does "the attention of the community", nor searching for an architecture.
        ("Metric learning has attracted the attention of the community. We propose a neural architecture "
         "search for fine-tuning and apply it to vision transformers.", "Transformers and attention"),
        # Minimax in the statistical sense is about estimation, not optimization.
        ("We study estimation with dilated networks. We show they beat linear estimators in a minimax error "
         "sense, and minimax risk bounds follow.", "Optimization"),
        # A policy that is an energy-based model is reinforcement learning, not generative modelling.
        ("In maximum entropy reinforcement learning the policy is an energy-based model (EBM). Estimating the "
         "entropy of an EBM is hard. Our EBM policies learn fast.", "Generative models"),
    ],
)
def test_shipped_tools_and_idioms_are_not_the_topic(shipped: Taxonomy, abstract: str, topic: str) -> None:
    assert topic not in assign_topics("", abstract, (), shipped)


@pytest.mark.parametrize(
    ("title", "abstract", "topic"),
    [
        ("Scaling vision transformers to a billion parameters", "We train a large model on images.",
         "Transformers and attention"),
        ("", "We propose an energy-based model for images. The energy-based model generates samples.",
         "Generative models"),
        ("", "We propose a minimax optimization method. It converges for nonconvex minimax problems.",
         "Optimization"),
    ],
)
def test_shipped_the_same_words_where_they_are_the_subject(shipped: Taxonomy, title: str, abstract: str, topic: str) -> None:
    assert topic in assign_topics(title, abstract, (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        # A generator that names diffusion where the paper says what it does is built on it.
        ("Street views are costly to collect. We propose street view generation with a diffusion model "
         "conditioned on 3D geometry. The generation is controllable.", "Diffusion models"),
        # A study of how sensitive models are to something is about their robustness.
        ("Prompt design matters. In this work, we focus on the sensitivity to prompt formatting of language "
         "models. Models are sensitive to formatting; the sensitivity remains at scale.", "Robustness"),
        # Understanding model behaviour is what interpretability research does.
        ("Most interpretability research studies fully trained models. Insights into model behavior may need "
         "the training trajectory. We present a study of syntax acquisition that explains emergent behavior.",
         "Interpretability and explainability"),
        ("Knowledge is stored somewhere. We adapt causal mediation analysis to trace knowledge and understand "
         "how it is stored. We then propose a model editing method.", "Interpretability and explainability"),
        # What makes a representation shared or general is what representation learning is about.
        ("Tasks share structure. We propose to learn a shared representation across tasks. The shared "
         "representation transfers, and the representations stay general.", "Representation learning"),
    ],
)
def test_shipped_what_a_paper_studies_names_the_topic(shipped: Taxonomy, abstract: str, topic: str) -> None:
    assert topic in assign_topics("", abstract, (), shipped)


def test_shipped_a_diffusion_baseline_alone_is_not_the_topic(shipped: Taxonomy) -> None:
    abstract = "We propose an autoregressive molecule generator. Molecules are sampled atom by atom."
    assert "Diffusion models" not in assign_topics("", abstract + " Diffusion models are slower.", (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        # Flow models are generative models, whichever kind of flow.
        ("Normalizing flows maximize a likelihood on the data. Injective flows learn a manifold as well. We lift "
         "their architectural constraints.", "Generative models"),
        ("Distribution matching trains diffusion or flow models. We propose a Schrödinger bridge matching "
         "algorithm for general costs.", "Generative models"),
        # Tuning the parameters of a model by an optimizer is optimization; so is hyperparameter transfer.
        ("Variational quantum algorithms fix a circuit and tune its gates. We study parameter optimization "
         "under hardware noise. Parameter optimization then stalls.", "Optimization"),
        ("Tuning large networks is costly. We study hyperparameter transfer from shallow to deep residual "
         "networks. Hyperparameter transfer saves tuning.", "Optimization"),
    ],
)
def test_shipped_kinds_and_tasks_of_the_topic(shipped: Taxonomy, abstract: str, topic: str) -> None:
    assert topic in assign_topics("", abstract, (), shipped)


def test_shipped_one_term_in_an_abstract_steeped_in_its_vocabulary(shipped: Taxonomy) -> None:
    # The contribution is phrased as a question; the abstract is full of the topic's weaker words.
    text = (
        "Robots need low-level control. Can language models guide reinforcement learning for robot control? "
        "In this paper, we propose a modular approach to robot skills. The agent acts in its environment, "
        "plans trajectories and takes actions; exploration of the environment is costly for agents."
    )
    assert "Reinforcement learning" in assign_topics("", text, (), shipped)
    # One term and a few weak words are still a passing mention.
    passing = "We propose a segmentation method. Unlike reinforcement learning agents, it needs no environment."
    assert "Reinforcement learning" not in assign_topics("", passing, (), shipped)


def test_shipped_the_causal_role_of_a_component_is_interpretability(shipped: Taxonomy) -> None:
    text = (
        "We study where knowledge is stored in text-to-image models. We show that the text encoder holds only "
        "one causal state, and we examine the causal role of each layer. The causal state is the first layer."
    )
    topics = assign_topics("", text, (), shipped)
    assert "Causal inference" not in topics


def test_shipped_noise_injection_is_not_a_diffusion_process(shipped: Taxonomy) -> None:
    text = (
        "GANs translate images. We analyze Gaussian noise injection in image-to-image translation. Noise "
        "injection adds noise to the features; the noise level and the noise distribution matter. Unlike "
        "diffusion models, the injected noise is small. Noise injection improves robustness to noise."
    )
    assert "Diffusion models" not in assign_topics("", text, (), shipped)


def test_shipped_a_part_the_method_uses_is_not_its_subject(shipped: Taxonomy) -> None:
    # The contribution sentence names the transformer as something the GAN utilizes.
    text = (
        "Text generation models repeat themselves. We propose an adversarial training method for text "
        "generation that utilizes the parallelism of transformer models. The generator and the discriminator "
        "are trained together, and the attention cost and the attention memory stay low."
    )
    assert "Transformers and attention" not in assign_topics("", text, (), shipped)
    # Named as what the paper proposes, the same word still decides.
    about = (
        "Text generation models repeat themselves. We propose a transformer for text generation that needs "
        "no positional information. Its attention cost and attention memory stay low."
    )
    assert "Transformers and attention" in assign_topics("", about, (), shipped)


def test_shipped_what_the_authors_discover_is_their_subject(shipped: Taxonomy) -> None:
    text = (
        "Do language models know where things are? We probe three spatial datasets with simple tools. "
        "We discover that the models learn linear representations of places, and we locate single neurons "
        "that encode longitude and latitude."
    )
    assert "Interpretability and explainability" in assign_topics("", text, (), shipped)


def test_shipped_a_subject_term_the_abstract_keeps_returning_to(shipped: Taxonomy) -> None:
    # "Robustness" is never in a sentence that says what the paper does, but the abstract is about it.
    text = (
        "Sparse codes may cost robustness. Here we train object recognition models with varying dropout. "
        "Robustness to lesioning peaks at 70% dropout. Beyond it, accuracy and robustness decline. "
        "Brain responses show the same balance between efficiency and robustness."
    )
    assert "Robustness" in assign_topics("", text, (), shipped)
    # Named once in passing, it is still not the subject.
    passing = "Here we train object recognition models with varying dropout. Accuracy and robustness are reported."
    assert "Robustness" not in assign_topics("", passing, (), shipped)


def test_shipped_a_weak_mention_merged_into_a_strong_one_is_not_returned_to_twice(shipped: Taxonomy) -> None:
    # "transformer self attention" is one mention, counted as the strong term: the weak
    # "transformer" before it must not also count among the returns to a subject term.
    text = (
        "Benchmarks of sequence models keep growing. A transformer self attention block is slow on phones. "
        "A transformer self attention block is large in memory. The transformer is also hard to tune. "
        "A transformer remains popular in industry."
    )
    assert "Transformers and attention" not in assign_topics("", text, (), shipped)


def test_shipped_an_rl_benchmark_alone_is_not_reinforcement_learning(shipped: Taxonomy) -> None:
    text = (
        "Manifold encodings can make representations compact. We propose a self-supervised method that "
        "encodes image frames on an atlas of charts. We evaluate it on annotated Atari frames, where it "
        "beats contrastive baselines on probing accuracy."
    )
    assert "Reinforcement learning" not in assign_topics("Annotated Atari Frames for Atlas Encoding", text, (), shipped)
    # An agent that learns to act on Atari is reinforcement learning.
    acting = "We propose an agent that learns to act from reward. It reaches human scores on Atari games."
    assert "Reinforcement learning" in assign_topics("", acting, (), shipped)


def test_shipped_a_term_named_as_the_novelty_decides(shipped: Taxonomy) -> None:
    # The contribution sentence names no topic; the novelty is named in a sentence about how it works.
    text = (
        "Fact verification checks a claim against a knowledge base. We propose a pretraining framework that "
        "distils self-supervised features from language models into claim-fact alignments without labels. "
        "This is enabled by a novel contrastive loss that keeps semantic relations. Results on FEVER improve "
        "by 8% with linear evaluation, and self-supervised baselines are beaten."
    )
    assert "Contrastive learning" in assign_topics("", text, (), shipped)
    # The same words as a part of other work are a passing mention.
    passing = text.replace("a novel contrastive loss", "the usual contrastive loss")
    assert "Contrastive learning" not in assign_topics("", passing, (), shipped)
    # A novel input is not a contribution, nor is a term a novel method is built on.
    inputs = "Diffusion models generalize to novel, out-of-distribution compositions. We study how."
    assert "Robustness" not in assign_topics("", inputs, (), shipped)
    built = "Planning needs guidance. We propose a novel transformer-based planner for driving scenes."
    assert "Transformers and attention" not in assign_topics("", built, (), shipped)


def test_shipped_a_client_server_deployment_is_not_federated_learning(shipped: Taxonomy) -> None:
    text = (
        "Speculative decoding speeds up language models. We propose a mixture of attentions for draft models. "
        "Our architecture also serves a novel client-server deployment, where the small model runs on a phone "
        "and the large one on a server."
    )
    assert "Federated learning" not in assign_topics("", text, (), shipped)


@pytest.mark.parametrize(
    "abstract",
    [
        # A deep latent variable model generates; a plain latent variable model may only infer.
        "Raven's matrices test abstract reasoning. We propose a deep latent variable model for answer "
        "generation that encodes image attributes into latent concepts. When generating answers, it selects "
        "one rule per concept.",
        # "score-based diffusion models" is a diffusion model, and so a generative one.
        "Planning in raw action spaces is slow. This paper presents a framework for planning by leveraging "
        "latent, score-based diffusion models. We sample plans with a pretrained diffusion model.",
    ],
)
def test_shipped_kinds_of_generative_model(shipped: Taxonomy, abstract: str) -> None:
    assert "Generative models" in assign_topics("", abstract, (), shipped)


def test_shipped_learning_from_paired_views_is_self_supervised(shipped: Taxonomy) -> None:
    text = (
        "Brain imaging modalities give distinct views of brain dynamics. For multi-view, self-supervised "
        "learning where both views are covariance matrices, we propose a geometric deep learning framework."
    )
    assert "Self-supervised learning" in assign_topics("", text, (), shipped)


def test_shipped_learning_a_compact_representation(shipped: Taxonomy) -> None:
    text = (
        "Offline RL stitches trajectories. The state representation is unknown when the state is partially "
        "observed. We then identify conditions under which the agent must learn a compact representation "
        "of the history, keeping only the features relevant for action selection."
    )
    assert "Representation learning" in assign_topics("", text, (), shipped)


def test_greek_letters_are_spelled_out() -> None:
    assert normalize("u-µP, β-VAE and λ-returns") == "u muP beta VAE and lambda returns"
    assert normalize("ΣΔ") == "SigmaDelta"


def test_shipped_a_name_written_with_a_greek_letter(shipped: Taxonomy) -> None:
    # Depth-μP is a parametrization for training: the name is listed as "mup".
    text = (
        "Deep networks are hard to scale. In this paper, we introduce Depth-μP, a principled approach for "
        "depth scaling that keeps hyperparameters transferable."
    )
    assert "Optimization" in assign_topics("Depth-μP: Depth Scaling", text, (), shipped)


def test_shipped_an_abbreviation_that_is_a_term_gains_the_topics_of_its_definition(shipped: Taxonomy) -> None:
    # "SSL" is listed for self-supervised learning; defined by "self-supervised learning", which is also
    # listed for representation learning, it names both wherever it is used.
    text = (
        "Labelled ECG data are scarce. Achieving general representations through self-supervised learning "
        "(SSL) is a well-known remedy, but a naive application of SSL ignores the leads. In this paper, we "
        "introduce ST-MEM, which learns spatio-temporal features by reconstructing masked ECG. ST-MEM beats "
        "other SSL baselines."
    )
    assert "Representation learning" in assign_topics("", text, (), shipped)
    # What the taxonomy says of the abbreviation itself stands: "ODE" stays weak for AI for science.
    flows = (
        "Generative models map noise to images. A rectified flow samples by integrating ordinary "
        "differential equations (ODEs). We propose a hierarchical rectified flow. Each ODE is integrated with a "
        "few steps, and the ODE solver is cheap."
    )
    assert "AI for science" not in assign_topics("", flows, (), shipped)


def test_shipped_a_topic_named_as_the_novelty_is_kept_past_the_cap(shipped: Taxonomy) -> None:
    # Five specific topics qualify; the one named as the novelty has the least evidence, but is kept.
    title = "Private Federated Fine-Tuning of Large Language Models with Pruning"
    text = (
        "Federated learning of large language models across clients must keep data private. We propose a "
        "pruning scheme with differential privacy for the federated training of LLMs. The clients share "
        "pruned updates under differential privacy. Training is stabilized by a novel contrastive loss."
    )
    topics = assign_topics(title, text, (), shipped)
    assert "Contrastive learning" in topics and len(topics) == MAX_TOPICS
    assert topics[-1] == "Contrastive learning"  # still ranked by evidence



# --- subjects beyond machine learning (issue 32: a web venue's security, social media and markets papers) -----


@pytest.mark.parametrize(
    ("title", "text", "topic"),
    [
        (
            "7 Days Later: Analyzing Phishing-Site Lifespan After Detected",
            "Phishing attacks continue to be a major threat to internet users, causing data breaches and identity "
            "theft. This study provides an in-depth analysis of the lifespan and evolution of phishing websites. We "
            "analyze 286,237 unique phishing URLs over five months using a custom web crawler.",
            "Security",
        ),
        (
            "",
            "Affective polarization, the emotional divide between ideological groups, has intensified. In this paper, "
            "we introduce a discrete choice model of affectively polarized social networks and estimate its "
            "parameters from social media data. Through online discussions about the pandemic, we capture "
            "polarization dynamics.",
            "Social media and online communities",
        ),
        (
            "Covering K-Cliques in Billion-Scale Graphs",
            "Finding cliques in graphs is a fundamental problem. In this paper, we propose an algorithm that covers "
            "every k-clique of a graph with few vertices, and scales to billion-scale graphs on one machine.",
            "Graph algorithms and network analysis",
        ),
        (
            "Procurement Auctions with Best and Final Offers",
            "We study sequential procurement auctions where the sellers are provided with a best and final offer "
            "strategy. The auctions that we consider induce extensive form games, and we study their subgame "
            "perfect equilibria with multiple sellers and a single buyer.",
            "Economics and mechanism design",
        ),
    ],
)
def test_a_web_venues_papers_beyond_machine_learning_have_their_topic(
    title: str, text: str, topic: str, shipped: Taxonomy
) -> None:
    assert topic in assign_topics(title, text, (), shipped)


@pytest.mark.parametrize(
    ("title", "text", "topic"),
    [
        (  # adversarial examples are Robustness, not Security
            "Certified defences against adversarial attacks",
            "Deep networks are vulnerable to adversarial attacks. We propose a certified defence that bounds the "
            "effect of any perturbation of an image, and an attacker cannot change the prediction.",
            "Security",
        ),
        (  # cliques of a causal graph are a tool of causal discovery, not graph mining
            "On the number of conditional independence tests in constraint-based causal discovery",
            "We study constraint-based causal discovery. We propose an algorithm whose number of conditional "
            "independence tests is bounded by the size of the largest clique of the skeleton: the tests it runs "
            "are those within cliques, and we prove it recovers the causal graph.",
            "Graph algorithms and network analysis",
        ),
        (  # the information a graph network passes between nodes (the bundled paper PH-DGN)
            "Port-Hamiltonian Deep Graph Networks",
            "The dynamics of information diffusion within graphs is a critical open issue that heavily influences "
            "graph representation learning, especially when considering long-range propagation. We propose "
            "port-Hamiltonian deep graph networks, which model neural information flow in graphs, and reconcile "
            "non-dissipative long-range propagation with non-conservative behaviors.",
            "Graph algorithms and network analysis",
        ),
        (  # polarization of light
            "GNeRP: Gaussian-guided Neural Reconstruction of Reflective Objects with Noisy Polarization Priors",
            "Learning surfaces from neural radiance fields became a rising topic in multi-view stereo. We propose a "
            "Gaussian-based representation of normals supervised by polarization priors, and a reweighting strategy "
            "for the noise of polarization priors.",
            "Social media and online communities",
        ),
        (  # a corpus drawn from YouTube is not about social media
            "YouTube-SL-25: A Large-Scale, Open-Domain Multilingual Sign Language Parallel Corpus",
            "In this paper, we present YouTube-SL-25, a large-scale multilingual corpus of sign language videos with "
            "captions drawn from YouTube, and baselines for sign-to-text tasks.",
            "Social media and online communities",
        ),
    ],
)
def test_a_word_another_field_uses_too_does_not_give_those_topics(
    title: str, text: str, topic: str, shipped: Taxonomy
) -> None:
    assert topic not in assign_topics(title, text, (), shipped)


@pytest.mark.parametrize(
    ("abstract", "topic"),
    [
        ("We propose a method that trains a neural machine translation system from monolingual corpora alone. "
         "Our model learns to translate by denoising and back-translation, and reaches 15 BLEU without any "
         "parallel data, showing that machine translation can be learned without supervision.",
         "Natural language processing"),
        ("Reading comprehension asks a model to answer a question about a passage. We propose a reader that "
         "aggregates evidence across passages before it answers, and improves question answering on three "
         "open-domain benchmarks.", "Natural language processing"),
        ("Recurrent neural networks are slow on long sequences because they update their state at every step. "
         "We propose a recurrent network that learns to skip state updates, which shortens the computational "
         "graph; our skipping LSTM and GRU models need fewer updates at the same accuracy.",
         "Recurrent neural networks"),
    ],
)
def test_shipped_language_tasks_and_recurrent_networks_have_topics_of_their_own(
    shipped: Taxonomy, abstract: str, topic: str
) -> None:
    """Papers of an older ML venue (ICLR 2018) on translation, reading comprehension or LSTMs fell into
    "Other topics": no topic named what they are."""
    topics = assign_topics("", abstract, (), shipped)
    assert topic in topics and shipped.fallback.name not in topics


def test_shipped_summarizing_data_is_not_language_processing(shipped: Taxonomy) -> None:
    abstract = (
        "Data summarization selects a small set of points that represents a large data set. We give a fair "
        "clustering algorithm for data summarization with an improved approximation ratio, and show that "
        "summarization under fairness constraints is hard to approximate beyond it."
    )
    assert "Natural language processing" not in assign_topics("", abstract, (), shipped)
