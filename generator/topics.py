"""Assign each paper one to three topics of a person-editable taxonomy by weighted phrase matching."""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.errors import InputError

log = logging.getLogger(__name__)

SHIPPED_TAXONOMY = Path(__file__).with_name("topics.yml")

MAX_TOPICS = 3
# A topic needs strong evidence: a listed term (not a weak one) in the title or keywords, or strong
# abstract mentions worth STRONG_NEEDED. A single passing mention ("unlike reinforcement learning, ...")
# is deliberately not enough, and weak terms ("image", "robust", "training") only rank topics that
# already qualify, unless very many: one alone is too common to decide anything.
STRONG_NEEDED = 2.0
WEAK_NEEDED = 4.0  # weak terms alone qualify a topic only when the abstract is full of them
TITLE_WEIGHT = 3.0
KEYWORD_WEIGHT = 2.0
WEAK_WEIGHT = 0.5
# The sentences that say what the paper does ("we propose ...", "in this work ...") and the opening one
# name its subject; a mention there counts this much more than one in the background or results.
KEY_SENTENCE_WEIGHT = 1.5
# Caps keep one much-repeated word ("images" ten times) from outranking a topic named in the title.
TITLE_CAP = 2.0
KEYWORD_CAP = 2.0
ABSTRACT_CAP = 6.0
# Secondary topics must carry a good share of the leading topic's evidence, or they are noise.
RELATIVE_CUTOFF = 0.3

_KEYS = {"name", "description", "terms", "weak_terms", "exclude", "weight", "fallback"}
_NON_WORD = re.compile(r"[^0-9A-Za-z]+")
# A sentence ends at . ! or ? followed by space and a capital, digit or quote ("e.g. the" does not end one).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_CONTRIBUTION = re.compile(
    r"\b(?:we|this (?:paper|work|study)|our (?:work|paper|method|approach))\s+(?:\w+\s+){0,2}?"
    r"(?:propose|introduce|present|develop|study|investigate|design|explore|address|show|demonstrate|focus)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Topic:
    """One browsable topic and the phrases that are evidence for it."""

    name: str
    description: str
    terms: tuple[str, ...] = ()
    weak_terms: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    weight: float = 1.0  # below 1 for broad areas, so a specific topic with equal evidence ranks first


@dataclass(frozen=True)
class _Matcher:
    """The taxonomy compiled for matching: phrase lookup tables and what each phrase is worth."""

    # Phrases are found by word n-gram lookup rather than one big regex alternation: Python's regex
    # engine tries every alternative at every position, which is several times slower here.
    folded: dict[str, tuple[tuple[int, float], ...]]  # lower-case phrases, matched on lower-cased words
    exact: dict[str, tuple[tuple[int, float], ...]]  # phrases with capitals (acronyms), matched as written
    folded_span: dict[str, int]  # first word of a folded phrase -> longest phrase length in words
    exact_span: dict[str, int]


@dataclass(frozen=True)
class Taxonomy:
    """The ordered topics, the fallback used when none matches, and their compiled matcher."""

    topics: tuple[Topic, ...]
    fallback: Topic
    path: Path | None = None
    _matcher: _Matcher = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_matcher", _compile(self.topics))

    @property
    def names(self) -> tuple[str, ...]:
        """Return every topic name in site order, the fallback last."""
        return tuple(t.name for t in self.topics) + (self.fallback.name,)


def normalize(text: str) -> str:
    """Return text as space-separated ASCII words, case kept: the form phrases are matched on."""
    # NFKC folds ligatures ("ﬁ") and full-width forms; punctuation and hyphens become spaces, so
    # "self-supervised", "self supervised" and "(self-)supervised" all meet the same term.
    text = unicodedata.normalize("NFKC", text)
    return " ".join(_NON_WORD.sub(" ", text).split())


def _sub_phrases(words: tuple[str, ...]) -> Iterable[str]:
    """Yield every contiguous word span of a phrase, the phrase itself included."""
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            yield " ".join(words[i:j])


def _compile(topics: Sequence[Topic]) -> _Matcher:
    """Build the phrase lookup tables and the per-phrase topic weights."""
    # Matching is leftmost-longest without overlaps, so a long phrase ("multimodal large language models")
    # would hide the shorter terms inside it from other topics. Each phrase therefore carries the
    # weight of every term of every topic that it contains, unless that topic excludes the phrase.
    own: dict[str, dict[int, float]] = {}
    for index, topic in enumerate(topics):
        for weight, phrases in ((1.0, topic.terms), (WEAK_WEIGHT, topic.weak_terms)):
            for phrase in phrases:
                slot = own.setdefault(normalize(phrase), {})
                slot[index] = max(slot.get(index, 0.0), weight)
    excluded: dict[str, set[int]] = {}
    for index, topic in enumerate(topics):
        for phrase in topic.exclude:
            excluded.setdefault(normalize(phrase), set()).add(index)
    folded_own = {p.lower(): w for p, w in own.items() if p == p.lower()}
    weights: dict[str, dict[int, float]] = {}
    for phrase in set(own) | set(excluded):
        total: dict[int, float] = {}
        for part in _sub_phrases(tuple(phrase.lower().split())):
            for index, weight in folded_own.get(part, {}).items():
                total[index] = max(total.get(index, 0.0), weight)
        for index, weight in own.get(phrase, {}).items():
            total[index] = max(total.get(index, 0.0), weight)
        for index in excluded.get(phrase, ()):
            total.pop(index, None)
        weights[phrase] = total

    def frozen(items: Iterable[tuple[str, dict[int, float]]]) -> dict[str, tuple[tuple[int, float], ...]]:
        return {p: tuple(sorted(w.items())) for p, w in items}

    folded = frozen((p, w) for p, w in weights.items() if p == p.lower())
    exact = frozen((p, w) for p, w in weights.items() if p != p.lower())
    return _Matcher(folded, exact, _spans(folded), _spans(exact))


def _spans(phrases: Iterable[str]) -> dict[str, int]:
    """Map each phrase's first word to the length in words of the longest phrase starting with it."""
    spans: dict[str, int] = {}
    for phrase in phrases:
        words = phrase.split(" ")
        spans[words[0]] = max(spans.get(words[0], 0), len(words))
    return spans


def _evidence(text: str, matcher: _Matcher) -> tuple[dict[int, float], dict[int, float]]:
    """Return the strong and the weak phrase mentions found in normalized text, per topic index."""
    strong: dict[int, float] = {}
    weak: dict[int, float] = {}
    if not text:
        return strong, weak
    words = text.split(" ")
    _scan(text.lower().split(" "), matcher.folded, matcher.folded_span, strong, weak)
    if matcher.exact_span.keys() & set(words):  # most texts hold no acronym: skip the second pass
        _scan(words, matcher.exact, matcher.exact_span, strong, weak)
    return strong, weak


def _abstract_evidence(text: str, matcher: _Matcher) -> tuple[dict[int, float], dict[int, float]]:
    """Return strong and weak mentions in an abstract, those in its key sentences weighted up."""
    strong: dict[int, float] = {}
    weak: dict[int, float] = {}
    for number, sentence in enumerate(_SENTENCE_END.split(text)):
        factor = KEY_SENTENCE_WEIGHT if number == 0 or _CONTRIBUTION.search(sentence) else 1.0
        found_strong, found_weak = _evidence(normalize(sentence), matcher)
        for found, total in ((found_strong, strong), (found_weak, weak)):
            for index, count in found.items():
                total[index] = total.get(index, 0.0) + factor * count
    return strong, weak


def _scan(
    tokens: list[str],
    table: dict[str, tuple[tuple[int, float], ...]],
    spans: dict[str, int],
    strong: dict[int, float],
    weak: dict[int, float],
) -> None:
    """Count the leftmost-longest, non-overlapping phrases in tokens: strong ones and weak ones."""
    count = len(tokens)
    last_end: dict[int, int] = {}
    resume = 0
    # Only words that start some phrase are worth a look; finding them is one fast comprehension.
    for i in [i for i, token in enumerate(tokens) if token in spans]:
        if i < resume:
            continue  # inside the previous match
        for n in range(min(spans[tokens[i]], count - i), 0, -1):
            entry = table.get(" ".join(tokens[i : i + n]) if n > 1 else tokens[i])
            if entry is not None:
                break
        else:
            continue
        for index, weight in entry:
            # "reinforcement learning (RL)" names one thing twice: adjacent matches count once.
            if last_end.get(index) != i:
                found = strong if weight == 1.0 else weak
                found[index] = found.get(index, 0.0) + 1.0
            last_end[index] = i + n
        resume = i + n


def score_topics(title: str, text: str, keywords: Sequence[str], taxonomy: Taxonomy) -> dict[str, float]:
    """Return the ranking score of every topic with any evidence (0 if it does not qualify), by name."""
    matcher = taxonomy._matcher
    title_strong, title_weak = _evidence(normalize(title), matcher)
    keyword_strong: dict[int, float] = {}
    keyword_weak: dict[int, float] = {}
    for keyword in keywords:
        found_strong, found_weak = _evidence(normalize(keyword), matcher)
        for found, total in ((found_strong, keyword_strong), (found_weak, keyword_weak)):
            for index, count in found.items():
                total[index] = total.get(index, 0.0) + count
    text_strong, text_weak = _abstract_evidence(text, matcher)
    scores: dict[str, float] = {}
    for index in set(title_strong) | set(title_weak) | set(keyword_strong) | set(keyword_weak) | set(text_strong) | set(text_weak):
        topic = taxonomy.topics[index]
        strong = text_strong.get(index, 0.0)
        qualifies = (
            index in title_strong
            or index in keyword_strong
            or (strong >= 1.0 and strong + WEAK_WEIGHT * text_weak.get(index, 0.0) >= STRONG_NEEDED)
            or WEAK_WEIGHT * text_weak.get(index, 0.0) >= WEAK_NEEDED
        )
        evidence = (
            TITLE_WEIGHT * min(title_strong.get(index, 0.0) + WEAK_WEIGHT * title_weak.get(index, 0.0), TITLE_CAP)
            + KEYWORD_WEIGHT
            * min(keyword_strong.get(index, 0.0) + WEAK_WEIGHT * keyword_weak.get(index, 0.0), KEYWORD_CAP)
            + min(text_strong.get(index, 0.0) + WEAK_WEIGHT * text_weak.get(index, 0.0), ABSTRACT_CAP)
        )
        # Qualifying is judged on strong evidence alone; the topic weight only orders topics that qualify.
        scores[topic.name] = evidence * topic.weight if qualifies else 0.0
    return scores


def assign_topics(title: str, text: str, keywords: Sequence[str], taxonomy: Taxonomy) -> tuple[str, ...]:
    """Return one to three topic names for a paper, most relevant first; the fallback if none fits."""
    scores = score_topics(title, text, keywords, taxonomy)
    order = {name: i for i, name in enumerate(taxonomy.names)}
    # Ties are broken by taxonomy order, so the result never depends on dict or set order.
    ranked = sorted((name for name, s in scores.items() if s > 0.0), key=lambda n: (-scores[n], order[n]))
    if not ranked:
        log.debug("no topic for %r; using %r", title[:60], taxonomy.fallback.name)
        return (taxonomy.fallback.name,)
    best = scores[ranked[0]]
    chosen = [name for name in ranked if scores[name] >= RELATIVE_CUTOFF * best][:MAX_TOPICS]
    log.debug("topics for %r: %s", title[:60], chosen)
    return tuple(chosen)


# --- loading -------------------------------------------------------------------------------------


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    """Read and validate a taxonomy file; None reads the one shipped with papersite."""
    path = SHIPPED_TAXONOMY if path is None else Path(path)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, f"cannot read the taxonomy file: {exc}") from exc
    try:
        root = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark is not None else None
        raise InputError(path, f"not valid YAML: {exc.problem}", line=line) from exc
    except yaml.YAMLError as exc:
        raise InputError(path, f"not valid YAML: {exc}") from exc
    if not isinstance(root, yaml.SequenceNode) or not root.value:
        line = root.start_mark.line + 1 if root is not None else None
        raise InputError(path, "expected a non-empty list of topics", line=line)
    topics: list[Topic] = []
    fallbacks: list[Topic] = []
    seen: dict[str, int] = {}
    for node in root.value:
        topic, is_fallback = _read_topic(path, node)
        line = node.start_mark.line + 1
        key = topic.name.casefold()
        if key in seen:
            raise InputError(path, f"topic {topic.name!r} is already defined on line {seen[key]}", line=line)
        seen[key] = line
        (fallbacks if is_fallback else topics).append(topic)
    if len(fallbacks) != 1:
        raise InputError(path, f"expected exactly one topic with 'fallback: true', found {len(fallbacks)}")
    if not topics:
        raise InputError(path, "expected at least one topic besides the fallback")
    taxonomy = Taxonomy(tuple(topics), fallbacks[0], path)
    log.debug("loaded %d topics from %s", len(topics), path)
    return taxonomy


def _read_topic(path: Path, node: yaml.Node) -> tuple[Topic, bool]:
    """Build one Topic from its YAML node, reporting the offending line on any problem."""
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.MappingNode):
        raise InputError(path, "expected a topic (a mapping with name, description, terms)", line=line)
    fields: dict[str, yaml.Node] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if key not in _KEYS:
            expected = ", ".join(sorted(_KEYS))
            raise InputError(path, f"unknown key {key!r} (expected one of {expected})", line=key_node.start_mark.line + 1)
        if key in fields:
            raise InputError(path, f"key {key!r} given twice", line=key_node.start_mark.line + 1)
        fields[key] = value_node
    name = _text(path, fields, "name", line)
    description = _text(path, fields, "description", line)
    is_fallback = _flag(path, fields.get("fallback"))
    terms = _phrases(path, fields.get("terms"), "terms")
    weak_terms = _phrases(path, fields.get("weak_terms"), "weak_terms")
    exclude = _phrases(path, fields.get("exclude"), "exclude")
    weight = _weight(path, fields.get("weight"))
    if is_fallback and (terms or weak_terms or exclude):
        raise InputError(path, f"the fallback topic {name!r} must not have terms", line=line)
    if not is_fallback and not terms:
        raise InputError(path, f"topic {name!r} needs a non-empty list of terms", line=line)
    clash = {normalize(t).lower() for t in terms + weak_terms} & {normalize(t).lower() for t in exclude}
    if clash:
        raise InputError(path, f"topic {name!r} both lists and excludes {sorted(clash)[0]!r}", line=line)
    return Topic(name, description, terms, weak_terms, exclude, weight), is_fallback


def _text(path: Path, fields: dict[str, yaml.Node], key: str, line: int) -> str:
    """Return a required one-line string field."""
    node = fields.get(key)
    if node is None:
        raise InputError(path, f"topic is missing {key!r}", line=line)
    value = node.value if isinstance(node, yaml.ScalarNode) else None
    if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
        raise InputError(path, f"{key!r} must be a non-empty one-line string", line=node.start_mark.line + 1)
    return value.strip()


def _flag(path: Path, node: yaml.Node | None) -> bool:
    """Return the boolean value of the optional fallback field."""
    if node is None:
        return False
    if not isinstance(node, yaml.ScalarNode) or node.value.lower() not in {"true", "false"}:
        raise InputError(path, "'fallback' must be true or false", line=node.start_mark.line + 1)
    return node.value.lower() == "true"


def _weight(path: Path, node: yaml.Node | None) -> float:
    """Return the optional ranking weight, a number in (0, 2]."""
    if node is None:
        return 1.0
    try:
        value = float(node.value) if isinstance(node, yaml.ScalarNode) else float("nan")
    except ValueError:
        value = float("nan")
    if not 0.0 < value <= 2.0:  # also rejects nan
        raise InputError(path, "'weight' must be a number above 0 and at most 2", line=node.start_mark.line + 1)
    return value


def _phrases(path: Path, node: yaml.Node | None, key: str) -> tuple[str, ...]:
    """Return an optional list of match phrases, each normalized, duplicates rejected."""
    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode):
        raise InputError(path, f"{key!r} must be a list of phrases", line=node.start_mark.line + 1)
    phrases: list[str] = []
    for item in node.value:
        line = item.start_mark.line + 1
        if not isinstance(item, yaml.ScalarNode) or not item.value.strip():
            raise InputError(path, f"each entry of {key!r} must be a non-empty phrase", line=line)
        phrase = normalize(item.value)
        if not phrase:
            raise InputError(path, f"phrase {item.value!r} in {key!r} has no letters or digits", line=line)
        if phrase in phrases:
            raise InputError(path, f"phrase {item.value!r} appears twice in {key!r}", line=line)
        phrases.append(phrase)
    return tuple(phrases)
