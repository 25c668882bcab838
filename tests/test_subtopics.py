"""A corpus's theme: a topic on most papers is split into subtopics the papers' own phrases name."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from generator.enrich.topics import corpus_topics, load_taxonomy, topic_evidence
from generator.enrich.topics.corpus import NEIGHBOURS
from generator.enrich.words import STOP_WORDS
from generator.enrich.topics.subtopics import THEME_SHARE, split_themes, themes
from generator.model import Paper, Source
from generator.plan.identity import identity
from generator.plan.related import related_ids
from generator.plan.report import build_report

FIXTURES = Path(__file__).parent / "fixtures" / "subtopics"


def corpus(name: str) -> tuple[list[Paper], dict[str, tuple[str, ...]]]:
    """Return a fixture's papers with their topics by terms and corpus evidence, and their neighbours."""
    taxonomy = load_taxonomy()
    papers = []
    for i, line in enumerate((FIXTURES / name).read_text(encoding="utf-8").splitlines()):
        record = json.loads(line)
        topics, mentioned = topic_evidence("", record["abstract"], (), taxonomy)
        papers.append(Paper(abstract=record["abstract"], venue=record["venue"], year=record["year"],
                            source=Source(Path(name), i + 1), id=f"p{i:03d}", text=record["abstract"],
                            topics=topics, mentioned=mentioned))  # fmt: skip
    neighbours = related_ids(papers, NEIGHBOURS)
    return corpus_topics(papers, neighbours, taxonomy), neighbours


@pytest.fixture(scope="module")
def vision():
    papers, neighbours = corpus("3dv2025.jsonl")
    return papers, split_themes(papers, neighbours, load_taxonomy())


def test_a_topic_on_most_papers_of_a_venue_is_its_theme(vision) -> None:
    before, split = vision
    assert split.themes == ("Computer vision",)
    share = sum("Computer vision" in p.topics for p in before) / len(before)
    assert share > THEME_SHARE


def test_the_theme_is_split_into_subtopics_named_as_the_papers_write_them(vision) -> None:
    _, split = vision
    learned = [t for t in split.taxonomy.topics if t.parent]
    assert len(learned) >= 3  # 60 papers: each subtopic needs 3 that write of it more than in passing
    assert all(t.parent == "Computer vision" for t in learned)
    names = {t.name for t in learned}
    assert {"Gaussian Splatting", "Point Clouds"} <= names
    for topic in learned:  # each named with a phrase its papers write, in title case, more than once
        assert topic.name[0].isupper()
        holders = [p for p in split.papers if topic.name in p.topics]
        assert len(holders) >= 3, topic.name
        for paper in holders:
            assert _mentions(paper.text, topic.terms) >= 2, (topic.name, paper.id)


def _mentions(text: str, terms: tuple[str, ...]) -> int:
    """Count how often a text writes any of the terms, or an abbreviation it defines for one ("Gaussian
    Splatting (3DGS)" then "3DGS")."""
    low = " ".join(text.lower().replace("-", " ").split())
    count = sum(low.count(term) for term in terms)
    for term in terms:
        for abbreviation in re.findall(rf"{re.escape(term)} \((\w+)\)", low):
            count += len(re.findall(rf"(?<!\()\b{abbreviation}\b(?!\))", low))
    return count


def test_a_theme_paper_keeps_only_subtopics_it_writes_of_more_than_in_passing(vision) -> None:
    """A phrase written once ("... unlike segmentation methods, ...") says little of what a paper is
    about; read on the dev venues, most such subtopics were wrong. The paper keeps its other topics, and
    the theme only where it has none: the site says the theme once, for every paper."""
    before, split = vision
    theme = "Computer vision"
    for old, new in zip(before, split.papers):
        if theme not in old.topics:
            assert new.topics == old.topics
        elif theme in new.topics:
            assert new.topics == (theme,) and old.topics == (theme,)
        else:
            assert set(old.topics) - {theme} <= set(new.topics)


@pytest.mark.parametrize(
    ("text", "alias", "phrase"),
    [
        ("We fit neural radiance fields (NeRFs) to few views.", "NeRF", "neural radiance fields"),
        ("Priors from Gaussian processes (GPs) are smooth.", "GP", "Gaussian processes"),
        ("We speed up 3D Gaussian Splatting (3DGS) training.", "3DGS", "3D Gaussian Splatting"),
        ("Large-scale structure from motion (SfM) is slow.", "SfM", "structure from motion"),
    ],
)
def test_an_abbreviation_is_one_subtopic_with_the_phrase_it_stands_for(text, alias, phrase) -> None:
    """ "NeRF" and "Neural Radiance Fields" are one subtopic, holding the papers that write either."""
    from generator.enrich.topics.phrases import _definitions, _key
    from generator.enrich.topics.subtopics import _merge_abbreviations

    alias, phrase = (_key(alias),), tuple(_key(word) for word in phrase.split())  # as the papers' phrases are keyed
    assert _definitions(text) == [(alias, phrase)]
    held = {alias: {1, 2}, phrase: {0, 1}}
    strength = {(alias, 1): 2, (alias, 2): 3, (phrase, 0): 1, (phrase, 1): 1}
    _merge_abbreviations(held, strength, Counter({(alias, phrase): 1}))
    assert held == {phrase: {0, 1, 2}}  # the abbreviation is no candidate of its own
    assert strength[phrase, 2] == 3 and strength[phrase, 1] == 2


def test_an_abbreviation_of_more_words_than_a_phrase_has_is_left_alone() -> None:
    """ "Light Detection and Ranging (LiDAR)" is no "Detection and Ranging" subtopic."""
    from generator.enrich.topics.phrases import _definitions

    assert _definitions("Scans from Light Detection and Ranging (LiDAR) sensors are sparse.") == []


def test_no_subtopic_is_named_by_words_that_only_modify_a_longer_name(vision) -> None:
    """ "RGB" (images), "Feed Forward" (network), "Neural Radiance" (fields) name nothing alone."""
    _, split = vision
    for topic in (t for t in split.taxonomy.topics if t.parent):
        text = " ".join(" ".join(p.text.lower().replace("-", " ").split()) for p in split.papers if topic.name in p.topics)
        name = topic.name.lower().replace("-", " ")  # "Structure-from-Motion" as the text is searched
        uses = re.findall(rf"\b{re.escape(name)}\b( [a-z0-9]+)?", text)  # "feed forward 3d" too
        followed = sum(bool(word) and not word.strip().isdigit() and word.strip() not in STOP_WORDS for word in uses)
        assert followed <= 0.75 * len(uses), topic.name


def _phrases_of(text: str) -> dict[tuple[str, ...], list[str]]:
    """Return the candidate phrases of one abstract, each with how it is written."""
    from generator.enrich.topics.phrases import _phrases, _Writing

    writing = _Writing()
    _phrases(Paper(abstract=text, venue="X", year=2025, source=Source(Path("x.txt"), 1), text=text), writing)
    return {key: sorted(forms) for key, forms in writing.spelled.items()}


def test_a_hyphenated_compound_is_never_cut_to_name_a_subtopic() -> None:
    """ "Retrieval-augmented generation" offers no "Augmented Generation", "low-resource languages" no
    "Resource Languages"; the compounds start or end phrases, shown with their hyphens."""
    from generator.enrich.topics.subtopics import _name

    phrases = _phrases_of(
        "Retrieval-augmented generation helps low-resource languages answer multiple-choice questions "
        "with fine-grained evidence, after structure-from-motion."
    )
    assert ("augmented", "generation") not in phrases and ("resource", "language") not in phrases
    assert ("choice", "question") not in phrases
    assert phrases[("retrieval", "augmented", "generation")] == ["Retrieval-augmented generation"]
    assert phrases[("low", "resource", "language")] == ["low-resource languages"]
    assert _name(Counter({"Retrieval-augmented generation": 2, "retrieval augmented generation": 1})) == (
        "Retrieval-Augmented Generation"
    )
    assert _name(Counter({"multiple-choice questions": 1})) == "Multiple-Choice Questions"
    assert _name(Counter({"structure-from-motion": 1})) == "Structure-from-Motion"
    # An adjective ends no name: "Fine-Grained" alone is no subtopic.
    assert not any(key[-1] == "grained" for key in phrases) and ("fine", "grained", "evidence") in phrases
    # Written with a hyphen or without, structure from motion is one phrase.
    assert phrases[("structure", "", "motion")] == ["structure-from-motion"]
    assert ("structure", "", "motion") in _phrases_of("A structure from motion pipeline.")


def test_a_compound_alone_names_a_subtopic_only_as_a_noun() -> None:
    """ "Multi-Agent", "Long-Term", "Next-Item" were subtopics of recommender and language-model venues: compounds
    of content words modify what follows them. One on an activity or with a function word inside is a noun."""
    phrases = _phrases_of(
        "We build multi-agent debate with long-term memory for next-item prediction, after fine-tuning with "
        "mixture-of-experts layers."
    )
    assert not {("multi", "agent"), ("long", "term"), ("next", "item")} & phrases.keys()
    assert ("multi", "agent", "debate") in phrases and ("long", "term", "memory") in phrases
    assert ("fine", "tuning") in phrases and ("mixture", "", "expert") in phrases


def test_no_subtopic_says_any_of_the_corpus_themes_again() -> None:
    """A recommender venue with two themes got "IR" under "Large language models": it says the other theme."""
    from generator.enrich.topics.subtopics import _said

    said = _said(["Recommender systems and information retrieval", "Large language models"])
    assert {"ir", "llm", "lm", "retrieval", "recommender"} <= said
    assert "ai" not in said  # "systems and information": no initials across a stop word's place


def test_a_noun_made_an_adjective_by_a_suffix_still_ends_a_phrase() -> None:
    """ "Gaussian splatting-based avatars" write of Gaussian splatting; "context-aware" ends nothing."""
    phrases = _phrases_of("We build Gaussian splatting-based avatars with context-aware lighting.")
    assert ("gaussian", "splatting") in phrases
    assert not any(key[-1] in ("aware", "based") for key in phrases)


def _theme_corpus(groups: dict[str, str]) -> list[Paper]:
    """Return ten papers per group, all on one theme, each template filled with its own word."""
    words = "amber basil cedar delta ember fennel garnet hazel indigo jasper".split()
    papers = []
    for group, template in groups.items():
        for k, word in enumerate(words):
            text = template.format(w=word)
            papers.append(Paper(abstract=text, venue="X", year=2025, source=Source(Path("x.txt"), len(papers) + 1),
                                id=f"{group}{k}", text=text, topics=("Large language models",)))  # fmt: skip
    return papers


def test_a_subtopic_is_named_by_the_longer_name_its_phrase_is_written_in() -> None:
    """A language-model venue: "Named Entity Recognition", not "Entity Recognition"; "Retrieval-Augmented
    Generation", not "Generation"; and "LMs" says the theme again, so it names no subtopic."""
    papers = _theme_corpus({
        "rag": "We study retrieval-augmented generation over {w} documents. A retrieval-augmented generation "
               "pipeline retrieves passages on {w} before it answers.",
        "ner": "Named entity recognition of {w} notes is hard. We apply named entity recognition tools to "
               "{w} records and their summaries.",
        "lrl": "Low-resource languages lack {w} corpora. We collect {w} text for six low-resource languages.",
        "lm": "Small LMs follow {w} instructions poorly. LMs imitate {w} teachers through curricula.",
        "cot": "Chain-of-thought prompting explains {w} puzzles. We audit chain-of-thought traces of {w} riddles.",
    })  # fmt: skip
    split = split_themes(papers, related_ids(papers, NEIGHBOURS), load_taxonomy())
    names = {t.name for t in split.taxonomy.topics if t.parent}
    assert {"Retrieval-Augmented Generation", "Named Entity Recognition", "Low-Resource Languages"} <= names
    assert not names & {"Generation", "Augmented Generation", "Entity Recognition", "Resource Languages"}
    assert not any(name.lower() in ("lm", "lms") for name in names)
    rag = [p for p in split.papers if p.id.startswith("rag")]
    assert all("Retrieval-Augmented Generation" in p.topics for p in rag)


def test_a_word_mostly_written_in_the_plural_names_no_subtopic_alone() -> None:
    """ "Documents", "environments", "directions" are things, not subjects, though they end like activities
    ("segmentation"): a language-model venue got "Document" and "Environment" subtopics of papers that merely
    read documents or act in environments. An activity ("summarization") or a named thing still names one."""
    papers = _theme_corpus({
        "doc": "Long {w} documents are hard to read. We split each document on {w} into passages, rank the {w} "
               "documents by relevance and keep the best document.",
        "sum": "Summarization of {w} threads is hard. Our summarization model writes {w} digests.",
        "env": "Agents act in {w} environments. We build {w} environments with rooms, and one environment where "
               "the agent cooks: each environment is made for {w} skills.",
        "mt": "Machine translation of {w} idioms fails. We pair translation with {w} glossaries.",
        "cot": "Chain-of-thought prompting explains {w} puzzles. We audit chain-of-thought traces of {w} riddles.",
    })  # fmt: skip
    split = split_themes(papers, related_ids(papers, NEIGHBOURS), load_taxonomy())
    names = {t.name for t in split.taxonomy.topics if t.parent}
    assert "Summarization" in names
    assert not names & {"Document", "Documents", "Environment", "Environments"}


def test_an_activity_every_field_does_names_no_subtopic_alone() -> None:
    """ "Engineering" held software engineering, prompt engineering and social engineering attacks on a cs.AI
    venue: alone it says nothing of which, as "learning" or "processing" would not."""
    from generator.enrich.topics.phrases import _describes

    assert _describes("Engineering") and _describes("learning") and _describes("processing")
    # "Fusion" held rank fusion, multimodal fusion and feature fusion on a recommender venue and a vision one.
    assert _describes("Fusion") and _describes("augmentation")
    assert not _describes("segmentation") and not _describes("Summarization") and not _describes("SLAM")


def test_an_abbreviation_in_the_plural_is_the_same_phrase_as_in_the_singular() -> None:
    """ "Semantic IDs" and "Semantic ID" were two subtopics of one recommender venue."""
    from generator.enrich.topics.phrases import _key

    assert _key("IDs") == _key("ID") == "id"
    assert _key("LLMs") == _key("LLM") and _key("NeRFs") == _key("NeRF")
    assert _key("GPS") == "gps" and _key("gas") == "gas"  # an abbreviation ending in S, a short word


def test_no_topic_holds_everything_once_the_theme_is_split(vision) -> None:
    _, split = vision
    counts = Counter(name for p in split.papers for name in p.topics)
    assert max(counts.values()) <= 0.35 * len(split.papers)
    assert all(p.topics for p in split.papers)


def test_the_split_is_the_same_whatever_the_order_of_the_papers(vision) -> None:
    before, split = vision
    _, neighbours = corpus("3dv2025.jsonl")
    again = split_themes(list(reversed(before)), neighbours, load_taxonomy())
    assert [t.name for t in again.taxonomy.topics] == [t.name for t in split.taxonomy.topics]
    assert {p.id: p.topics for p in again.papers} == {p.id: p.topics for p in split.papers}


def test_an_ordinary_ml_corpus_keeps_its_topics() -> None:
    papers, neighbours = corpus("iclr2024.jsonl")
    taxonomy = load_taxonomy()
    split = split_themes(papers, neighbours, taxonomy)
    assert themes(papers, taxonomy) == []
    assert split.themes == ()
    assert split.taxonomy is taxonomy
    assert [p.topics for p in split.papers] == [p.topics for p in papers]


def test_the_report_says_where_each_topic_came_from(vision) -> None:
    _, split = vision
    report = build_report(split.papers, split.taxonomy, [], themes=split.themes)
    by_name = {t.name: t for t in report.topics}
    assert by_name["Gaussian Splatting"].source == "learned from the corpus: a subtopic of Computer vision"
    assert by_name["Gaussian Splatting"].count > 0
    assert by_name["Computer vision"].source.endswith("the corpus's theme, split into subtopics")
    assert by_name["Other topics"].source == "catch-all"
    assert any(t.source.startswith("taxonomy terms") and not t.parent for t in report.topics)
    assert "the theme Computer vision is split into" in report.summary()
    assert not any(n.kind == "empty topic" and "Computer vision" in n.message for n in report.notices)


def test_the_site_says_its_theme_once() -> None:
    papers = [Paper(abstract="a", venue="3DV", year=2025, source=Source(Path("f"), 1))] * 2
    site = identity(papers, themes=("Computer vision",))
    assert site.holds == "the 2 papers of 3DV 2025, on computer vision"
    assert "on computer vision" in site.description
    assert identity(papers).holds == "the 2 papers of 3DV 2025"
    assert identity(papers, themes=("NLP",)).holds.endswith("on NLP")


def test_home_and_report_pages_say_the_theme_and_where_topics_came_from(vision) -> None:
    from generator import urls
    from generator.plan import pages
    from generator.render import render_pages

    _, split = vision
    site = identity(split.papers, themes=split.themes)
    report = build_report(split.papers, split.taxonomy, [], themes=split.themes)
    rendered = render_pages([*pages.plan_indexes(split.papers, split.taxonomy, site), pages.report_page(report)])
    home = rendered[urls.HOME_SNIPPET].decode()
    assert "papers of 3DV 2025, on computer vision:" in home
    assert "subtopics learned from the abstracts" in home
    page = rendered[urls.REPORT_PAGE].decode()
    assert "| learned from the corpus: a subtopic of Computer vision |" in page
    assert "\n\n| Topic | Papers |" in page  # a table, not a paragraph's last line
    assert urls.topic_source("gaussian-splatting") in rendered  # a learned subtopic has its page


def test_a_learned_subtopic_page_shows_its_theme_and_the_topics_page_lists_it_under_its_theme(vision) -> None:
    from generator import urls
    from generator.plan import pages
    from generator.render import render_pages

    _, split = vision
    rendered = render_pages(pages.plan_indexes(split.papers, split.taxonomy, identity(split.papers, themes=split.themes)))
    theme = rendered[urls.topic_source("computer-vision")].decode()
    assert "Subtopics: [" in theme and "[Gaussian Splatting](gaussian-splatting.md)" in theme
    # The theme page lists only the papers that no subtopic or other topic holds, and says why.
    assert "\n\nComputer vision is this site's theme: every paper is on it." in theme  # a paragraph of its own
    subtopic = rendered[urls.topic_source("gaussian-splatting")].decode()
    assert "A subtopic of [Computer vision](computer-vision.md)." in subtopic
    assert "this site's theme" not in subtopic
    index = rendered[urls.topics_index_source()].decode()
    rows = [line for line in index.splitlines() if line.startswith("| ") and "](" in line]
    names = [re.search(r"\[([^\]]+)\]\(", row)[1] for row in rows]
    learned = [t.name for t in split.taxonomy.topics if t.parent and t.name in names]
    assert len(learned) >= 3
    first = names.index("Computer vision")
    under = rows[first + 1 : first + 1 + len(learned)]
    assert sorted(names[first + 1 : first + 1 + len(learned)]) == sorted(learned)  # right after their theme
    assert all("Computer vision papers that write of" in row for row in under)
    # Set in under the theme, which says what its count is of; no other row is set in.
    assert all(row.startswith('| <span class="ps-subtopic">') for row in under)
    assert sum("ps-subtopic" in row for row in rows) == len(learned)
    assert f"its papers are divided into the {len(learned)} subtopics below" in rows[first]


HAND_WRITTEN = """
- name: Splatting
  parent: computer vision
  description: Scenes as 3D Gaussians, rendered by splatting.
  terms: [gaussian splatting, 3dgs, gaussians]
"""


def with_subtopic(tmp_path: Path) -> Path:
    """Return a taxonomy file: the shipped one with a subtopic of Computer vision written in."""
    from generator.enrich.topics.load import SHIPPED_TAXONOMY

    path = tmp_path / "topics.yml"
    path.write_text(SHIPPED_TAXONOMY.read_text(encoding="utf-8") + HAND_WRITTEN, encoding="utf-8")
    return path


def test_a_subtopic_written_in_the_taxonomy_comes_before_those_learned(tmp_path) -> None:
    taxonomy = load_taxonomy(with_subtopic(tmp_path))
    assert taxonomy.topics[-1].parent == "Computer vision"  # spelled as its topic is
    papers = []
    for i, line in enumerate((FIXTURES / "3dv2025.jsonl").read_text(encoding="utf-8").splitlines()):
        record = json.loads(line)
        topics, mentioned = topic_evidence("", record["abstract"], (), taxonomy)
        papers.append(Paper(abstract=record["abstract"], venue="3DV", year=2025, source=Source(Path("f"), i + 1),
                            id=f"p{i:03d}", text=record["abstract"], topics=topics, mentioned=mentioned))  # fmt: skip
    neighbours = related_ids(papers, NEIGHBOURS)
    split = split_themes(corpus_topics(papers, neighbours, taxonomy), neighbours, taxonomy)
    assert split.themes == ("Computer vision",)
    holders = [p for p in split.papers if "Splatting" in p.topics]
    assert len(holders) >= 5
    assert not any("Computer vision" in p.topics for p in holders)  # the subtopic in the theme's place
    learned = {t.name for t in split.taxonomy.topics if t.learned}
    assert learned and "Gaussian Splatting" not in learned  # nothing learned beside it for the same papers
    report = build_report(split.papers, split.taxonomy, [], themes=split.themes)
    sources = {t.name: t.source for t in report.topics}
    assert sources["Splatting"].startswith("taxonomy terms") and sources["Splatting"].endswith(": a subtopic of Computer vision")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("- name: A\n  parent: Nothing here\n  description: d\n  terms: [a]\n", "names a parent 'Nothing here' that is not a topic here"),
        ("- name: A\n  parent: A\n  description: d\n  terms: [a]\n", "names itself as its parent"),
        ("- name: A\n  parent: Splatting\n  description: d\n  terms: [a]\n", "subtopics have one level"),
        ("- name: A\n  parent: Other topics\n  description: d\n  terms: [a]\n", "cannot be a part of the fallback topic"),
    ],
)
def test_a_parent_that_is_not_a_topic_of_the_first_level_is_an_error_naming_the_line(tmp_path, entry, message) -> None:
    from generator.errors import InputError

    path = with_subtopic(tmp_path)
    text = path.read_text(encoding="utf-8") + entry
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message) as caught:
        load_taxonomy(path)
    assert caught.value.line == text.count("\n") - 3  # the line of "- name: A"


def test_a_subtopics_description_writes_its_name_as_the_papers_do() -> None:
    """ "Computer vision papers that write of gaussian splatting." lower-cased a name; titles capitalise every word."""
    from generator.enrich.topics.subtopics import _in_prose

    forms = Counter({"Gaussian splatting": 5, "Gaussian Splatting": 3, "gaussian splatting": 1})
    assert _in_prose("Gaussian Splatting", forms) == "Gaussian splatting"
    assert _in_prose("LiDAR", Counter({"LiDAR": 4})) == "LiDAR"
    rag = Counter({"retrieval-augmented generation": 5, "Retrieval-Augmented Generation": 6})
    assert _in_prose("Retrieval-Augmented Generation", rag) == "retrieval-augmented generation"
