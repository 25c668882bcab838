"""Assign each paper one to four topics of a person-editable taxonomy by phrase matching.

The taxonomy is a ``taxonomy.Taxonomy`` of ``Topic``s, compiled for matching when it is
made; ``load`` reads and validates the taxonomy file (topics.yml, or the user's) into one.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from itertools import compress

from .taxonomy import (
    _BREAK,
    _NO_START,
    _SPELL_GREEK,
    _STRONG,
    _SUBJECT_ONLY,
    _WEAK,
    Taxonomy,
    _Entry,
    _Matcher,
    _merged,
    _Start,
)

log = logging.getLogger(__name__)

MAX_TOPICS = 4
# Broad areas ("Computer vision", "AI for science") describe where a paper sits, specific topics what it
# is about. At most this many areas are kept, and an area never takes the place of a specific topic.
MAX_BROAD = 2
# A broad area with the same evidence as a specific topic is listed after it.
BROAD_FACTOR = 0.8

# Where a phrase occurs says how much it tells about the paper's subject. The title and the keywords
# name it; so do the abstract's opening sentence and the sentences that say what the paper does
# ("we propose ...", "in this paper ..."): the subject sentences. The rest is background and results.
# The opening sentence is a subject sentence for terms only: it is as often background ("Transformers
# are popular, but ...") as subject, so the words that also name parts of other work (subject terms)
# count as weak there.
TITLE_WEIGHT = 3.0
KEYWORD_WEIGHT = 2.0
SUBJECT_WEIGHT = 1.5
WEAK_WEIGHT = 0.5  # weak terms ("image", "robust", "training") count half wherever they occur
# Caps keep one much-repeated word ("images" ten times) from outranking a topic named in the title.
TITLE_CAP = 2.0
KEYWORD_CAP = 2.0
ABSTRACT_CAP = 6.0
# A topic applies when a listed term is in the title or keywords, or the abstract names it in a subject
# sentence and once more (a weak term will do), or mentions it BODY_NEEDED times. A single passing
# mention ("unlike reinforcement learning, ...") is deliberately not enough; neither are weak terms,
# except for a broad area when the abstract is full of them (WEAK_NEEDED, counted at WEAK_WEIGHT each):
# many "images" make a vision paper, many "features" do not make one about representation learning.
SUPPORT_NEEDED = 2.0
BODY_NEEDED = 3.0
# An abstract steeped in a topic's vocabulary is about it once it names the topic anywhere: a strong term
# in a background or result sentence ("guiding RL policies ...") and this much in mentions (weak terms at
# WEAK_WEIGHT) suffice, where a single term with a few weak words around it does not.
STEEPED_NEEDED = 5.0
# Two different strong terms ("SGD" and "weight decay") are better evidence than one term repeated: they
# suffice when a subject sentence touches the topic too (a weak term will do).
DISTINCT_NEEDED = 2
WEAK_NEEDED = 4.0
# A subject term ("robustness", "policy") is weak outside the sentences that say what the paper does, but
# an abstract that keeps coming back to it this many times there is about it ("... robustness ...
# optimal robustness ... both accuracy and robustness decline ...").
REPEATED_NEEDED = 4
# With no topic qualifying, the broad area with at least this score is used rather than the fallback.
RESCUE_NEEDED = 1.0
# Secondary topics must carry a good share of the leading topic's evidence, or they are noise.
RELATIVE_CUTOFF = 0.2

# A sentence ends at . ! or ? followed by space and a capital, digit or quote ("e.g. the" does not end one).
# The pattern starts with the punctuation, not a look-behind, so the regex engine can skip to it; most
# abstracts have neither ! nor ?, and a literal full stop it finds faster still.
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z0-9\"'(])")
_PERIOD_END = re.compile(r"\.\s+(?=[A-Z0-9\"'(])")
_VERBS = (
    r"(?:propose|introduce|present|develop|study|investigate|design|explore|address|show|demonstrate|focus"
    r"|leverage|adapt|extend|recast|formulate|tackle|describe|endeavor|aim|seek|analy[sz]e|examine|reveal"
    r"|revisit|characterize|identify|uncover|explain|discover)"
)
_THEN = r"\s+(?:\w+\s+){0,2}?"  # up to two words between who and the verb ("we first propose")
# "In this paper, we" and "here, we" say what the paper does whatever verb follows. By first word:
_CONTRIBUTION_WAYS = {
    "we": rf"{_THEN}{_VERBS}",
    "this": rf" (?:paper|work|study)(?:,? we\b|{_THEN}{_VERBS})",
    "our": rf" (?:work|paper|method|approach|framework|model|analysis){_THEN}{_VERBS}",
    "here": r",? we\b",
}
_CONTRIBUTION = re.compile(
    rf"\b(?:{'|'.join(first + rest for first, rest in _CONTRIBUTION_WAYS.items())})", re.IGNORECASE
)
# The same, faster, for lower-cased text: one pattern per first word, as written, the word boundary before
# it checked after it ("we(?<!\wwe)"), so that the regex engine finds the word as fast as str.find
# before trying the rest; a search ignoring case tries the leading \b at every position. Lower-casing
# turns every character that matches a letter ignoring case into that letter, and keeps what is a word
# character or a space, bar three characters (İ, ı, ſ; İ also becomes two): a text with one is searched
# with _CONTRIBUTION. tests/test_topics.py checks that both ways agree.
_CONTRIBUTION_LOWER = tuple(re.compile(rf"{first}(?<!\w{first}){rest}") for first, rest in _CONTRIBUTION_WAYS.items())
_UNFOLDED = ("\u0130", "\u0131", "\u017f")
# A title that opens with a coined name ("DSPy: ...", "LRM: ...") names the paper's own method: a sentence
# of the abstract that mentions it says what the paper does, like a "we propose" sentence.
_COINED = re.compile(r"\s*([A-Z][\w-]*[A-Z0-9][\w-]*|[A-Z][a-z]+[A-Z][\w-]*)\s*:")
# "diffusion models (DMs)", "contrastive learning (CL)": an abbreviation defined in the abstract stands
# for its term wherever it is used afterwards. Its letters must be the initials of the defining words.
_DEFINITION = re.compile(r"\(([A-Za-z][A-Za-z0-9]{1,7}?)s?\)")
_MARK = f" {_BREAK} "
# _NON_WORD as a table for bytes.translate, breaks kept: text encoded as ASCII with "?" for the rest (Greek
# letters spelled out in _tokens), translated, is the words _NON_WORD leaves (lower-cased with _FOLDED), several
# times faster than the regex.
_SPACES = bytes(c if chr(c).isalnum() or chr(c) == _BREAK else ord(" ") for c in range(128)) + b" " * 128
_FOLDED = _SPACES.lower()

# Words by which a sentence says what a method is built with ("utilizes", "using"), and how many words
# before a subject term they are looked for: see _scan.
_TOOLS = frozenset(
    "use uses using utilize utilizes utilizing utilise utilises utilising employ employs employing adopt adopts "
    "adopting".split()
)
TOOL_REACH = 5

# Evidence slots per topic: strong and weak counts in the title, the subject sentences, the rest; then
# how many different strong terms the abstract (not the title) names, how often it names a subject
# term where it counts as weak, and whether it names a strong term as the paper's novelty (see _NOVELTY).
_TITLE, _SUBJECT, _BODY, _DISTINCT, _DEMOTED, _NAMED = 0, 2, 4, 6, 7, 8
_SLOTS = 9
# "This is enabled by a novel contrastive loss": a strong term right after "a novel" or "our novel" names
# what the paper contributes, wherever the sentence is, and decides alone like a title. Only strong terms:
# "a novel transformer-based planner" is built on a transformer, not about one; and only after "a" or
# "our": "generalize to novel, out-of-distribution compositions" describes the data.
_NOVELTY = frozenset(("a", "our"))


def _clean(text: str) -> str:
    """Return text in NFKC form (ASCII text, most of it, is already), with no break character in it."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    # Any other character that is neither a letter nor a space is read the same way by every pattern here.
    return text.replace(_BREAK, "\x01") if _BREAK in text else text


def _tokens(title: str, text: str) -> tuple[str, list[int], list[int]]:
    """Return the words of title and abstract, a break before each sentence, and each part's slot and floor.

    Title and abstract are as _clean returns them; the words are one string, apart by one or more spaces.
    """
    # One string of words for one scan: the title, then each sentence of the abstract after a break.
    # slots[k] is the slot of part k (the title, a subject sentence or body) and floors[k] the weakest
    # kind of phrase that counts as strong there. The abstract is searched whole, not sentence by
    # sentence: no pattern that marks a subject sentence matches across a sentence end.
    ends = _SENTENCE_END if "!" in text or "?" in text else _PERIOD_END
    marked = ends.sub(_MARK, text)
    sentences = marked.count(_BREAK) + 1
    # The opening sentence is background as often as subject: see the top of the module.
    slots = [_TITLE, _SUBJECT] + [_BODY] * (sentences - 1)
    floors = [_SUBJECT_ONLY] + [_STRONG] * sentences
    coined = _COINED.match(title)
    subject = _contributions(marked)
    if coined:
        subject += _mentions(marked, coined.group(1))
    for position in subject:
        part = marked.count(_BREAK, 0, position) + 1
        slots[part], floors[part] = _SUBJECT, _SUBJECT_ONLY
    words = f"{title}{_MARK}{marked}".encode("ascii", _SPELL_GREEK).translate(_SPACES).decode("ascii")
    return words, slots, floors


def _contributions(marked: str) -> list[int]:
    """Return where the text says what the paper does ("we propose ..."): a position in each such sentence."""
    if not marked.isascii() and any(letter in marked for letter in _UNFOLDED):
        return [match.start() for match in _CONTRIBUTION.finditer(marked)]
    lowered = marked.lower()
    return [match.start() for pattern in _CONTRIBUTION_LOWER for match in pattern.finditer(lowered)]


def _mentions(text: str, name: str) -> list[int]:
    """Return where the text mentions name as a whole word (a plain search: titles are too varied for
    compiled patterns to be cached)."""
    found = []
    start = text.find(name)
    while start >= 0:
        end = start + len(name)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            found.append(start)
        start = text.find(name, start + 1)
    return found


def _abbreviations(text: str, table: dict[str, _Entry], expandable: frozenset[str]) -> dict[str, _Entry]:
    """Return the abbreviations the text defines for (subject) terms, lower-cased, plural too, with their entries.

    An abbreviation that is a term itself keeps its own topics and gains the others of a defining term that
    spells out all its letters: "SSL" is listed for self-supervised learning only, but "self-supervised
    learning (SSL)" also names representation learning, and so does every "SSL" after it. One that gains
    nothing is left out.
    """
    found: dict[str, _Entry] = {}
    if "(" not in text:
        return found
    for match in _DEFINITION.finditer(text):
        short = match.group(1)
        letters = short.lower()
        # "in-context learning (ICL)" but not "the model (M)" nor "a fast method (which)"
        if len(letters) < 2 or short == letters or (letters in table and letters not in expandable):
            continue
        # The words before the parenthesis, as many as the abbreviation has letters.
        before = text[max(0, match.start() - 12 * len(letters)) : match.start()]
        words = before.encode("ascii", "replace").translate(_FOLDED).decode("ascii").split()
        if len(letters) > len(words):
            continue
        defining = words[-len(letters) :]
        if "".join(word[0] for word in defining) != letters:
            continue
        for n in range(len(defining), 0, -1):  # the longest term the defining words end with
            entry = table.get(" ".join(defining[-n:]))
            if entry is not None:
                own = table.get(letters)
                if own is not None and n < len(defining):
                    break  # the term spells out only some of the letters
                if any(kind > _WEAK for _, kind in entry):
                    if own is None or (entry := _merged(own, entry)) != own:
                        plural = table.get(letters + "s")
                        found[letters] = entry
                        found[letters + "s"] = entry if plural is None else _merged(plural, entry)
                break
    return found


def _scan(
    tokens: list[str],
    slots: list[int],
    floors: list[int],
    table: dict[str, _Entry],
    spans: dict[str, _Start],
    evidence: defaultdict[int, list[float]],
) -> None:
    """Count the leftmost-longest, non-overlapping phrases in tokens, per topic, slot and strength."""
    count = len(tokens)
    # The topics the last match counted, with the slot each went to and whether it was demoted: a match
    # that starts right where it ended may name the same thing again (see below).
    counted: dict[int, tuple[int, bool]] = {}
    named: set[tuple[int, str]] = set()  # (topic, strong term) pairs met in the abstract
    resume = 0  # where the last match ended
    part = 0  # the part (title or sentence) the current word is in: one more at each break
    slot, floor = slots[0], floors[0]
    # Only words that start some phrase, and the breaks, are worth a look; finding them runs in C.
    for i in compress(range(count), map(spans.__contains__, tokens)):
        if i < resume:
            continue  # inside the previous match
        token = tokens[i]
        start = spans[token]
        if start is None:  # a break: the next sentence starts
            part += 1
            slot, floor = slots[part], floors[part]
            continue
        entry, longer = start
        n = 1
        if longer and i + 1 < count:
            for length in longer.get(tokens[i + 1], ()):
                if i + length <= count:
                    longest = table.get(" ".join(tokens[i : i + length]))
                    if longest is not None:
                        entry, n = longest, length
                        break
        if entry is None:
            continue
        # Matches do not overlap, so only the last one can have ended right here.
        adjacent = counted if i == resume else None
        counted = {}
        for index, kind in entry:
            found = evidence[index]
            # A subject term a subject sentence says the method uses ("a GAN that utilizes the parallelism
            # of Transformer models") names a part of it, not what it is about: weak there. Only such a
            # term (a few per text) needs the look back.
            where = slot + (kind < floor or (kind == _SUBJECT_ONLY and slot == _SUBJECT and _used(tokens, i)))
            demoted = kind == _SUBJECT_ONLY and where != slot  # a subject term counted as weak
            if adjacent and index in adjacent:
                # "reinforcement learning (RL)" names one thing twice: adjacent matches count once, as
                # the stronger of the two, so the weak "self supervised" in "self-supervised
                # representation learning" does not hide the strong term after it.
                was, was_demoted = adjacent[index]
                if was <= where:
                    counted[index] = (was, was_demoted)
                    continue
                found[was] -= 1.0
                found[_DEMOTED] -= was_demoted
            found[where] += 1.0
            if demoted:
                found[_DEMOTED] += 1.0
            counted[index] = (where, demoted)
            if kind == _STRONG and slot != _TITLE:  # "federated learning (FL)" is one term: its second half is skipped above
                phrase = token if n == 1 else " ".join(tokens[i : i + n])
                if (index, phrase) not in named:
                    named.add((index, phrase))
                    found[_DISTINCT] += 1.0
        resume = i + n


def _mark_novelty(
    tokens: list[str], table: dict[str, _Entry], spans: dict[str, _Start], evidence: defaultdict[int, list[float]]
) -> None:
    """Mark the topics of each strong term right after "a novel" or "our novel" as named (see _NOVELTY)."""
    i = 0
    while (i := _find(tokens, "novel", i + 1)) > 0:
        if i + 1 >= len(tokens) or tokens[i - 1].lower() not in _NOVELTY:
            continue
        start = spans.get(tokens[i + 1])
        if start is None:
            continue
        entry, longer = start
        for length in longer.get(tokens[i + 2], ()) if i + 2 < len(tokens) else ():
            longest = table.get(" ".join(tokens[i + 1 : i + 1 + length])) if i + 1 + length <= len(tokens) else None
            if longest is not None:
                entry = longest
                break
        for index, kind in entry or ():
            if kind == _STRONG:
                evidence[index][_NAMED] = 1.0


def _find(tokens: list[str], token: str, start: int) -> int:
    """Return the index of token in tokens from start on, or -1."""
    try:
        return tokens.index(token, start)
    except ValueError:
        return -1


def _used(tokens: list[str], i: int) -> bool:
    """Return whether a word saying a method uses something comes shortly before tokens[i], in its sentence."""
    for token in reversed(tokens[max(0, i - TOOL_REACH) : i]):
        if token == _BREAK:
            return False
        if token.lower() in _TOOLS:
            return True
    return False


_NOTHING = (0.0,) * _SLOTS
_NO_KEYWORDS = (0.0, 0.0)  # strong and weak mentions of a topic in keywords that name none


# The evidence slots of a topic not met yet: copies of it, made by a method (not a function of ours) for speed.
_NO_EVIDENCE = [0.0] * _SLOTS


def _evidence(title: str, text: str, matcher: _Matcher) -> dict[int, list[float]]:
    """Return per topic index the strong and weak mentions in title, subject sentences and the rest."""
    evidence: defaultdict[int, list[float]] = defaultdict(_NO_EVIDENCE.copy)
    title, text = _clean(title), _clean(text)
    words, slots, floors = _tokens(title, text)
    table, spans = matcher.folded, matcher.folded_span
    defined = _abbreviations(text, table, matcher.expandable)
    # The abbreviations are single words, which the scans find through spans alone: table serves phrases of
    # two words or more.
    if defined:  # rare enough that copying spans beats a second lookup on every word
        spans = {**spans, **{short: (entry, spans.get(short, _NO_START)[1]) for short, entry in defined.items()}}
    folded = words.lower().split()
    _scan(folded, slots, floors, table, spans, evidence)
    if "novel" in words:  # a pass of its own: most texts have none, and _scan's loop is the hot path
        _mark_novelty(folded, table, spans, evidence)
    if any(acronym in words for acronym in matcher.acronyms):  # most texts hold none: skip that pass
        _scan(words.split(), slots, floors, matcher.exact, matcher.exact_span, evidence)
    return evidence


def _keyword_evidence(keywords: Sequence[str], matcher: _Matcher) -> dict[int, list[float]]:
    """Return per topic index the strong and weak mentions in the keywords (in the title slots)."""
    evidence: dict[int, list[float]] = {}
    for keyword in keywords:
        for index, slots in _evidence(keyword, "", matcher).items():
            total = evidence.setdefault(index, [0.0] * _SLOTS)
            for k, value in enumerate(slots):
                total[k] += value
    return evidence


def _rank(title: str, text: str, keywords: Sequence[str], taxonomy: Taxonomy) -> dict[str, tuple[bool, float, bool]]:
    """Return, for every topic with any evidence, whether it qualifies, its ranking score and whether the
    abstract names it as the paper's novelty, by name.

    A specific topic that does not qualify scores 0: only an area's score counts then (see assign_topics).
    """
    matcher = taxonomy._matcher
    evidence = _evidence(title, text, matcher)
    by_keyword = _keyword_evidence(keywords, matcher) if keywords else {}
    ranked: dict[str, tuple[bool, float, bool]] = {}
    # Most papers come without keywords: no union of topic sets for them.
    indices = evidence.keys() | by_keyword.keys() if by_keyword else evidence.keys()
    labels = taxonomy._labels
    for index in indices:
        name, broad = labels[index]
        title_s, title_w, subject_s, subject_w, body_s, body_w, distinct, demoted, named = evidence.get(index, _NOTHING)
        keyword_s, keyword_w = by_keyword[index][:2] if index in by_keyword else _NO_KEYWORDS
        mentions = subject_s + body_s + WEAK_WEIGHT * (subject_w + body_w)
        qualifies = (
            title_s > 0
            or keyword_s > 0
            or named > 0
            or (subject_s > 0 and mentions >= SUPPORT_NEEDED)
            or subject_s + body_s >= BODY_NEEDED
            or (subject_s + body_s > 0 and mentions >= STEEPED_NEEDED)
            or (distinct >= DISTINCT_NEEDED and subject_s + subject_w > 0)
            or demoted >= REPEATED_NEEDED
            or (broad and WEAK_WEIGHT * (title_w + subject_w + body_w) >= WEAK_NEEDED)
        )
        if not qualifies and not broad:
            ranked[name] = (False, 0.0, False)
            continue
        score = (
            TITLE_WEIGHT * min(title_s + WEAK_WEIGHT * title_w, TITLE_CAP)
            + KEYWORD_WEIGHT * min(keyword_s + WEAK_WEIGHT * keyword_w, KEYWORD_CAP)
            + min(mentions + (SUBJECT_WEIGHT - 1.0) * (subject_s + WEAK_WEIGHT * subject_w), ABSTRACT_CAP)
        )
        ranked[name] = (qualifies, score * (BROAD_FACTOR if broad else 1.0), named > 0)
    return ranked


def score_topics(title: str, text: str, keywords: Sequence[str], taxonomy: Taxonomy) -> dict[str, float]:
    """Return the ranking score of every topic with any evidence (0 if it does not qualify), by name."""
    return {name: score if ok else 0.0 for name, (ok, score, _) in _rank(title, text, keywords, taxonomy).items()}


def assign_topics(title: str, text: str, keywords: Sequence[str], taxonomy: Taxonomy) -> tuple[str, ...]:
    """Return one to four topic names for a paper, most relevant first; the fallback if none fits."""
    return _choose(_rank(title, text, keywords, taxonomy), title, taxonomy)


def topic_evidence(
    title: str, text: str, keywords: Sequence[str], taxonomy: Taxonomy
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the paper's topics (as ``assign_topics``) and the other topics it mentions, in taxonomy order.

    A mentioned topic has some evidence in the paper's own words, too little to carry it: what
    corpus evidence (``corpus.corpus_topics``) may add to.
    """
    ranking = _rank(title, text, keywords, taxonomy)
    chosen = _choose(ranking, title, taxonomy)
    order = taxonomy._order
    return chosen, tuple(sorted((name for name in ranking if name not in chosen), key=order.__getitem__))


def _choose(ranking: dict[str, tuple[bool, float, bool]], title: str, taxonomy: Taxonomy) -> tuple[str, ...]:
    """Return the topics a ranking gives a paper (see ``assign_topics``)."""
    order, broad = taxonomy._order, taxonomy._broad
    # Ties are broken by taxonomy order, so the result never depends on dict or set order.
    ranked = sorted((n for n, (ok, _, _) in ranking.items() if ok), key=lambda n: (-ranking[n][1], order[n]))
    if not ranked:
        # No topic has enough evidence. A broad area with some is still a better shelf than
        # "Other topics"; a specific topic is never given on so little.
        areas = sorted((n for n in ranking if n in broad), key=lambda n: (-ranking[n][1], order[n]))
        if areas and ranking[areas[0]][1] >= RESCUE_NEEDED:
            log.debug("weak evidence for %r; using the area %r", title[:60], areas[0])
            return (areas[0],)
        log.debug("no topic for %r; using %r", title[:60], taxonomy.fallback.name)
        return (taxonomy.fallback.name,)
    floor = RELATIVE_CUTOFF * ranking[ranked[0]][1]
    # A topic the abstract names as the paper's novelty is what the paper is about, however briefly it says so.
    kept = [name for name in ranked if ranking[name][1] >= floor or ranking[name][2]]
    # Past MAX_TOPICS, a topic named as the paper's novelty is kept over ones with more evidence.
    specific = [name for name in kept if name not in broad]
    if len(specific) > MAX_TOPICS:
        named = {name for name in specific if ranking[name][2]}
        keep = sorted(specific, key=lambda name: name not in named)[:MAX_TOPICS]  # a stable sort keeps the order
        specific = [name for name in specific if name in keep]
    areas = [name for name in kept if name in broad][: min(MAX_BROAD, MAX_TOPICS - len(specific))]
    chosen = [name for name in kept if name in specific or name in areas]
    log.debug("topics for %r: %s", title[:60], chosen)
    return tuple(chosen)
