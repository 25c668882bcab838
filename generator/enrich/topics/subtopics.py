"""A corpus's theme, and the subtopics its papers are divided into, learned from their own words.

On a venue papersite was not built around, one topic can be on nearly every paper ("Computer
vision" on a 3D vision conference): it is the corpus's theme, and as a tag it tells a reader
nothing. A topic on more than ``THEME_SHARE`` of the papers is taken for the theme. Its papers
are split into subtopics named with phrases the papers write ("Gaussian Splatting", "Pose
Estimation"), chosen so that together they cover the theme's papers:

- candidates are runs of one to three words that neither start nor end with a stop word or a
  word every abstract uses ("method", "results"), folded to singular and lower case;
- a paper *holds* a phrase when its title or abstract writes it, or an abbreviation the corpus
  defines it by ("NeRF" holds "neural radiance fields"); the theme's papers that hold a
  phrase must be neither a handful nor a theme of their own;
- a word alone names an activity ("segmentation", "decoding") or is a name ("SLAM"); a word the papers
  write in the plural one time in three or more names things ("documents", "environments"), not a subject;
  a hyphenated compound alone likewise ("fine-tuning"; not "multi-agent", an adjective), unless a function
  word inside makes it a noun phrase ("structure-from-motion");
- no phrase says a theme again: its words, or their initials ("LM", "IR");
- a phrase the papers nearly always write before another content word modifies a longer name
  ("feed forward" network, "RGB" images, reproducing "kernel Hilbert" space) and names nothing alone;
- a phrase must be what a cluster of papers is about, not a turn of phrase: the papers that hold
  it have it among their nearest papers (TF-IDF, as for related papers) ``LIFT_NEEDED`` times
  more often than papers at random do ("experimental results" is everywhere alike);
- greedily, the phrase that gives most papers not covered yet a subtopic is taken, unless most
  of its papers already have one taken or carry one of the taxonomy's other topics;
- a theme paper gets, in place of the theme, up to ``PER_PAPER`` of the subtopics whose phrases it
  writes more than in passing (in its title, or twice in its abstract), those it holds most first: a
  phrase written once ("unlike segmentation methods, ...") was a wrong subtopic more often than not on
  the dev venues. The site says the theme once, for every paper (``plan.identity``), so a paper
  with none keeps the theme only where it has no other topic.

The taxonomy's own topics are never changed: a paper keeps the others it has, and a corpus with
no theme (an ordinary ML venue: ICLR) is left as it was. The subtopics become topics of a
taxonomy extended with them (``Topic.parent`` names their theme), so that they have pages like
any other; a user who wants to edit one copies its name and terms into ``topics.yml``, with
``parent:`` naming the theme. Subtopics written there come first: a theme paper with one carries
it in place of the theme, and no phrase whose papers are mostly theirs is learned beside them.

The candidate phrases, and how the papers write each one, come from ``phrases``; this module judges
them and chooses. Deterministic: phrases are counted in sets of paper indices, and every choice breaks ties by the
phrase itself.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ...model import Paper
from ..words import STOP_WORDS
from .assign import MAX_TOPICS
from .corpus import NEIGHBOURS
from .phrases import Key, _definitions, _phrases, _Writing
from .taxonomy import Taxonomy, Topic, normalize

log = logging.getLogger(__name__)

#: A topic on more than this share of the papers is the corpus's theme. The issue says "about a third";
#: ICLR 2025's dev papers have "Large language models" on 33%, and an ordinary ML venue keeps its topics.
THEME_SHARE = 0.4
#: Corpora smaller than this are not split: a handful of papers shows no subtopics.
MIN_PAPERS = 40
#: A subtopic's phrase is held by at least this share of the theme's papers (and at least MIN_HELD)...
MIN_SHARE = 0.015
MIN_HELD = 3
#: ... and by at most this share of the corpus: more would be a theme again.
MAX_SHARE = 0.3
#: How many more often the papers nearest to one holding a phrase hold it than papers at random.
LIFT_NEEDED = 2.0
#: How many subtopics a theme is split into at most, and how many a paper gets at most.
MAX_SUBTOPICS = 24
PER_PAPER = 3
#: A phrase whose papers are this much in another topic adds nothing; nor one held by nearly the papers of
#: a subtopic taken already: this share of their union, or this share of its own papers.
OVERLAP = 0.5
CONTAINED = 0.8
#: What a phrase in the title weighs beside its mentions in the abstract (counted up to as many).
TITLE_STRENGTH = 3
#: A paper gets a subtopic only when it writes its phrase this often (the title counts 3).
STRENGTH_NEEDED = 2

#: A word held by papers this share of which hold one two-word phrase with it is left to that phrase.
PART = 0.6
#: A phrase followed by a content word this share of the times it is written modifies what follows ("feed
#: forward" network, "heavy tailed" noise, reproducing "kernel Hilbert" space): it names nothing alone.
MODIFIER = 0.75
#: A one-word "...ing" phrase written as a verb more than this share of the time does not name a subtopic.
VERBAL = 0.6
#: A one-word phrase written in the plural this share of the time or more names things ("documents",
#: "environments", "directions"), not an activity ("segmentation", "decoding"): it names no subtopic alone.
COUNTED = 1 / 3
_SMALL = frozenset("a an and as at by for from in into of on or the to via vs with".split())



@dataclass(frozen=True)
class Split:
    """What splitting a corpus's themes gave: the papers, the taxonomy with the subtopics, the themes."""

    papers: list[Paper]
    taxonomy: Taxonomy
    themes: tuple[str, ...]  #: the themes, largest first (most corpora: none)


def themes(papers: Sequence[Paper], taxonomy: Taxonomy) -> list[str]:
    """Return the topics on more than ``THEME_SHARE`` of the papers, most papers first."""
    if len(papers) < MIN_PAPERS:
        return []
    counts = Counter(name for paper in papers for name in paper.topics)
    order = taxonomy._order
    return sorted(
        (name for name, n in counts.items() if n > THEME_SHARE * len(papers) and name != taxonomy.fallback.name),
        key=lambda name: (-counts[name], order.get(name, len(order))),
    )


def split_themes(papers: Sequence[Paper], neighbours: Mapping[str, Sequence[str]], taxonomy: Taxonomy) -> Split:
    """Return the papers with each theme split into learned subtopics, and the taxonomy extended with them."""
    found = themes(papers, taxonomy)
    if not found:
        return Split(list(papers), taxonomy, ())
    papers = list(papers)
    learned: list[Topic] = []
    taken = {name.casefold() for name in taxonomy.names}
    said = _said(found)
    for theme in found:
        written = {topic.name for topic in taxonomy.topics if topic.parent == theme}
        papers, topics = _split(papers, neighbours, theme, taken, written, said)
        learned.extend(topics)
        taken |= {topic.name.casefold() for topic in topics}
    extended = Taxonomy((*taxonomy.topics, *learned), taxonomy.fallback, taxonomy.path)
    log.debug("theme %s split into %d subtopics learned from the corpus", " and ".join(found), len(learned))
    return Split(papers, extended, tuple(found))


def _said(found: Sequence[str]) -> set[str]:
    """Return the words of the corpus's themes and their initials: no subtopic says a theme again.

    "LM" says "language model" again; on a venue with two themes, "IR" under "Large language models"
    says the other, "Recommender systems and information retrieval".
    """
    said: set[str] = set()
    for theme in found:
        words = [word for word in normalize(theme).lower().split() if word not in STOP_WORDS]
        said |= set(words) | _initialisms(words)
    return said


def _split(
    papers: list[Paper],
    neighbours: Mapping[str, Sequence[str]],
    theme: str,
    taken: set[str],
    written: set[str],
    named: set[str],
) -> tuple[list[Paper], list[Topic]]:
    """Split one theme's papers into subtopics: return the papers and the subtopics' topics.

    ``written`` are the theme's subtopics of the taxonomy (``parent:`` in topics.yml); ``named`` the
    words and initials of the corpus's themes (see _said).
    """
    members = [i for i, paper in enumerate(papers) if theme in paper.topics]
    index = {paper.id: i for i, paper in enumerate(papers)}
    near = {i: [index[o] for o in neighbours.get(papers[i].id, ())[:NEIGHBOURS] if o in index] for i in members}
    held: dict[Key, set[int]] = defaultdict(set)  # phrase -> theme papers that hold it
    strength: dict[tuple[Key, int], int] = {}  # how much a paper holds a phrase: see _assign
    writing = _Writing()
    defined: Counter[tuple[Key, Key]] = Counter()  # (abbreviation, phrase): how many papers define it so
    for i in members:
        in_text, in_title = _phrases(papers[i], writing)
        for key in in_text.keys() | in_title:
            held[key].add(i)
            strength[key, i] = TITLE_STRENGTH * (key in in_title) + min(in_text[key], TITLE_STRENGTH)
        defined.update(set(_definitions(papers[i].text)))
    _merge_abbreviations(held, strength, defined)
    low = max(MIN_HELD, MIN_SHARE * len(members))
    high = MAX_SHARE * len(papers)
    others: dict[str, set[int]] = defaultdict(set)
    for i in members:
        for name in papers[i].topics:
            if name != theme:
                others[name].add(i)
    # A word mostly written inside one longer phrase is named by it: "instruction" by "instruction following".
    part_of: dict[Key, int] = {}
    for key, holders in held.items():
        if len(key) == 2 and len(holders) >= MIN_HELD:
            for word in key:
                part_of[(word,)] = max(part_of.get((word,), 0), len(holders))
    # A phrase mostly written at the end of one longer phrase is named by it: "language processing" by
    # "natural language processing", "radiance field" by "neural radiance field". Not by a number: "Gaussian
    # Splatting" is named without its "3D".
    longer: dict[Key, tuple[int, Key]] = {}
    for key, forms in writing.spelled.items():
        if len(key) > 1 and key[0][:1].isalpha():
            uses = sum(forms.values())
            for end in (key[j:] for j in range(1, len(key)) if key[j:] in held):
                if uses > longer.get(end, (0, key))[0]:
                    longer[end] = (uses, key)
    named_by = {
        key: by for key, (uses, by) in longer.items() if uses > PART * writing.uses(key)
    }  # fmt: skip
    candidates: dict[Key, float] = {}
    for key, holders in held.items():
        if not low <= len(holders) <= high or set(key) <= named or len(key) == 1 and key[0].rstrip("s") in named:
            continue
        uses = writing.uses(key)
        if writing.verbal[key] > VERBAL * uses or part_of.get(key, 0) > PART * len(holders):
            continue
        if writing.modifies[key] > MODIFIER * uses or writing.plural[key] >= COUNTED * (uses + writing.plural[key]):
            continue
        lift = _lift(holders, near, len(members))
        if lift < LIFT_NEEDED:
            continue
        if any(len(holders & group) > OVERLAP * len(holders) for group in others.values()):
            continue  # the taxonomy has that topic already ("Diffusion" beside "Diffusion models")
        candidates[key] = lift
    chosen: list[tuple[Key, set[int], str]] = []
    covered: Counter[int] = Counter()  # how many subtopics taken so far each paper holds
    names: set[str] = set()
    while len(chosen) < MAX_SUBTOPICS:
        best = None
        for key, weight in candidates.items():
            holders = held[key]
            # A paper has room for PER_PAPER subtopics: "Rendering" does not make "Gaussian Splatting" useless.
            gain = sum(covered[i] < PER_PAPER for i in holders)
            score = gain * weight
            if gain < low or (best is not None and (score, best[0][1]) <= (best[0][0], key)):
                continue
            if any(_same(holders, group) for _, group, _ in chosen):
                continue
            best = ((score, key), key)
        if best is None:
            break
        key = best[1]
        del candidates[key]
        name = _name(writing.spelled[named_by.get(key, key)])
        if name.casefold() in taken or name.casefold() in names:
            continue
        names.add(name.casefold())
        chosen.append((key, held[key], name))
        covered.update(held[key])
    # A subtopic whose papers all have stronger ones ("PSNR") is left with too few to be a page of its own.
    while True:
        out, topics = _assign(papers, members, theme, chosen, strength, writing.spelled)
        counts = Counter(name for i in members for name in out[i].topics)
        kept = [chosen_one for chosen_one, topic in zip(chosen, topics) if counts[topic.name] >= MIN_HELD]
        if len(kept) == len(chosen):
            return out, topics
        chosen = kept


def _merge_abbreviations(
    held: dict[Key, set[int]], strength: dict[tuple[Key, int], int], defined: Counter[tuple[Key, Key]]
) -> None:
    """Count the papers that write an abbreviation as holding the phrase the corpus defines it as.

    "NeRF" and "Neural Radiance Field", "GP" and "Gaussian Processes" are one subtopic, named by the
    phrase: a paper that writes only "NeRF" holds it too. An abbreviation goes to the phrase most
    papers define it as.
    """
    merged: set[Key] = set()
    for (alias, phrase), _ in sorted(defined.items(), key=lambda item: (-item[1], item[0])):
        if alias in merged or alias not in held or phrase not in held:
            continue
        merged.add(alias)
        for i in held.pop(alias):
            held[phrase].add(i)
            strength[phrase, i] = max(strength.get((phrase, i), 0), strength[alias, i])


def _initialisms(words: Sequence[str]) -> set[str]:
    """Return the initials of each run of two or more words ("large language models": "ll", "lm", "llm")."""
    return {"".join(w[0] for w in words[i:j]) for i in range(len(words)) for j in range(i + 2, len(words) + 1)}


def _same(one: set[int], other: set[int]) -> bool:
    """Return whether two phrases are held by nearly the same papers ("radiance field" and "NeRF")."""
    shared = len(one & other)
    return shared > OVERLAP * len(one | other) or shared > CONTAINED * len(one)


def _lift(holders: set[int], near: Mapping[int, list[int]], members: int) -> float:
    """Return how much more often the nearest papers of a phrase's papers hold it than papers at random."""
    votes = total = 0
    for i in holders:
        others = near[i]
        total += len(others)
        votes += sum(o in holders for o in others)
    if not total:
        return 0.0
    return (votes / total) / (len(holders) / members)


def _name(forms: Counter[str]) -> str:
    """Return a subtopic's name: the phrase as the papers most often write it, in title case ("Chain-of-Thought")."""
    folded: Counter[str] = Counter()
    for form, n in forms.items():
        folded[form.lower()] += n
    spelling = min(folded, key=lambda form: (-folded[form], form))
    written = min((form for form in forms if form.lower() == spelling), key=lambda form: (-forms[form], form))
    return " ".join(
        "-".join(
            part if not part.islower() or (k or j) and part in _SMALL else part[0].upper() + part[1:]
            for j, part in enumerate(word.split("-"))
        )
        for k, word in enumerate(written.split())
    )


def _in_prose(name: str, forms: Counter[str]) -> str:
    """Return a subtopic's name as a sentence writes it: each word in lower case unless the papers keep it capitalised.

    Titles capitalise every word, so a word stays capitalised only where the papers write it so more than twice
    as often as in lower case: "Gaussian splatting", "LiDAR", "retrieval-augmented generation", "depth estimation".
    """
    words = name.split()
    upper, lower = Counter[int](), Counter[int]()
    for form, n in forms.items():
        parts = form.split()
        if len(parts) == len(words):
            for k, part in enumerate(parts):
                (upper if part[:1].isupper() else lower)[k] += n
    return " ".join(word if upper[k] > 2 * lower[k] else word.lower() for k, word in enumerate(words))


def _assign(
    papers: list[Paper],
    members: list[int],
    theme: str,
    chosen: list[tuple[Key, set[int], str]],
    strength: Mapping[tuple[Key, int], int],
    spelled: Mapping[Key, Counter[str]],
) -> tuple[list[Paper], list[Topic]]:
    """Give each theme paper the subtopics it holds most, in place of the theme; return the papers and topics.

    A paper with none of those keeps the theme only where it has no other topic.
    """
    topics = []
    given: dict[int, list[tuple[int, int, int, str]]] = defaultdict(list)
    for rank, (key, holders, name) in enumerate(chosen):
        spellings = tuple(sorted({normalize(form).lower() for form in spelled[key]}))
        description = f"{theme} papers that write of {_in_prose(name, spelled[key])}."
        topics.append(Topic(name, description, spellings, parent=theme, learned=True))
        for i in holders:  # at equal strength, the narrower subtopic says more
            given[i].append((-strength[key, i], len(holders), rank, name))
    out = list(papers)
    for i in members:
        # Only those the paper names more than in passing, the strongest first.
        ranked = sorted(given.get(i, []))[:PER_PAPER]
        names = [name for weight, _, _, name in ranked if -weight >= STRENGTH_NEEDED]
        paper = papers[i]
        if not names:
            if len(paper.topics) > 1:
                out[i] = replace(paper, topics=tuple(t for t in paper.topics if t != theme))
            continue
        at = paper.topics.index(theme)
        topics_now = [*paper.topics[:at], *names, *(t for t in paper.topics[at + 1 :] if t not in names)]
        out[i] = replace(paper, topics=tuple(topics_now[:MAX_TOPICS]))
    return out, topics
