"""Enrichment of one paper: private macros, ids, slugs."""

from dataclasses import replace
from pathlib import Path

import pytest

from generator.enrich.papers import assign_slugs, enrich_one, paper_id
from generator.enrich.topics import load_taxonomy
from generator.model import Paper, Source


def _paper(abstract: str, year: int = 2024) -> Paper:
    return Paper(abstract=abstract, venue="ICLR", year=year, source=Source(Path("a.txt"), 3))


@pytest.mark.parametrize(
    ("abstract", "shown", "hidden"),
    [
        # A placeholder macro stands for the method the paper introduces.
        ("We propose FooNet, a network for graphs. Experiments show that \\method beats GCN on ten graphs.",
         "show that FooNet beats", "\\method"),
        # A macro named like a word of the abstract stands for that word.
        ("Low-rank adaptation (LoRA) is popular. While \\lora offers advantages, it is slow to batch.",
         "While LoRA offers", "\\lora"),
    ],
)
def test_private_macros_resolve_to_names(abstract: str, shown: str, hidden: str) -> None:
    paper = enrich_one(_paper(abstract), load_taxonomy())
    assert shown in paper.text and shown in paper.html
    assert hidden not in paper.text
    assert not any("unknown macro" in w for w in paper.warnings)


def test_an_unknown_macro_that_names_nothing_is_shown_as_its_name_with_a_notice() -> None:
    paper = enrich_one(_paper("We propose FooNet. It reaches 75% on the dataset \\products at low cost."), load_taxonomy())
    assert "dataset products at low cost" in paper.text and "FooNet at" not in paper.text
    assert "dataset products at low cost" in paper.html
    assert "unknown macro \\products, shown as its name" in paper.warnings


def test_a_placeholder_macro_takes_the_name_the_abstract_gives() -> None:
    paper = enrich_one(_paper("We propose FOO, a planner for robots. In tests, \\mname{} achieves 80%."), load_taxonomy())
    assert "In tests, FOO achieves 80%." in paper.text
    assert not any("unknown macro" in w for w in paper.warnings)


def test_a_placeholder_for_a_benchmark_is_the_method_only_when_the_method_is_a_benchmark() -> None:
    """ "We release \\ourbench": the benchmark is not FooNet, the planner the paper proposes."""
    taxonomy = load_taxonomy()
    paper = enrich_one(_paper("We propose FooNet, a planner. We release \\ourbench and show that \\mname wins."), taxonomy)
    assert "We release ourbench and show that FooNet wins." in paper.text
    assert "unknown macro \\ourbench, shown as its name" in paper.warnings
    paper = enrich_one(_paper("We introduce MathBench, a benchmark of proofs. \\ourbench holds 1,000 problems."), taxonomy)
    assert "MathBench holds 1,000 problems." in paper.text and not paper.warnings


def test_ids_depend_on_venue_year_and_abstract_only() -> None:
    a, b = _paper("Same abstract."), _paper("Same abstract.")
    assert paper_id(a) == paper_id(b)
    assert paper_id(a) != paper_id(_paper("Same abstract.", year=2025))


def test_colliding_slugs_get_a_suffix_from_the_id_not_from_input_order() -> None:
    from dataclasses import replace

    papers = [replace(_paper(f"Abstract {i}."), title="Same Title") for i in range(3)]
    papers = [replace(p, id=paper_id(p)) for p in papers]
    forward = {p.id: p.slug for p in assign_slugs(papers)}
    backward = {p.id: p.slug for p in assign_slugs(list(reversed(papers)))}
    assert forward == backward
    assert len(set(forward.values())) == 3
    assert all(slug.startswith("same-title-") for slug in forward.values())


def test_enriching_in_processes_gives_the_same_papers(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator import enrich
    from generator.pipeline import run as pipeline

    monkeypatch.setattr(pipeline, "PARALLEL_ABOVE", 2)
    papers = [_paper(f"We propose Net{i}, a graph neural network for task {i}. It beats GCN.") for i in range(12)]
    taxonomy = load_taxonomy()
    assert enrich.enrich(papers, taxonomy, map_papers=pipeline.paper_map(2)) == enrich.enrich(papers, taxonomy)


@pytest.mark.parametrize("jobs", [1, 2])
def test_work_meanwhile_changes_nothing(monkeypatch: pytest.MonkeyPatch, jobs: int) -> None:
    from generator import enrich
    from generator.pipeline import run as pipeline

    monkeypatch.setattr(pipeline, "PARALLEL_ABOVE", 2)
    papers = [_paper(f"We propose Net{i}, a graph neural network for task {i}. It beats GCN.") for i in range(12)]
    taxonomy = load_taxonomy()
    calls = []
    work = pipeline.paper_map(jobs, meanwhile=lambda: calls.append(1))
    assert enrich.enrich(papers, taxonomy, map_papers=work) == enrich.enrich(papers, taxonomy)
    assert calls == [1]


def test_a_title_made_distinct_gets_the_slug_of_its_new_title() -> None:
    from generator.enrich import papers as enrich

    twins = [_paper("We propose TwinNet, a network for graphs."), _paper("We propose TwinNet, a network for graphs!")]
    first, second = sorted(enrich.enrich(twins, load_taxonomy()), key=lambda p: p.id)
    assert first.title == "TwinNet: Network for Graphs" and second.title == f"{first.title} (2)"
    assert (first.slug, second.slug) == ("twinnet-network-for-graphs", "twinnet-network-for-graphs-2")


def test_a_title_slug_is_never_a_reserved_page_name() -> None:
    from generator.enrich import papers as enrich

    assert enrich.title_slug("Index") == "index-paper"
    assert enrich.title_slug("???") == "paper"


def test_a_name_several_abstracts_write_is_no_papers_own_name() -> None:
    from generator.enrich.papers import SHARED_BY, enrich, shared_words

    lead = ("InvestESG is a novel multi-agent reinforcement learning (MARL) benchmark for climate investment. "
            "InvestESG models companies and investors. We find that MARL agents cooperate.")  # fmt: skip
    others = [f"We study multi-agent reinforcement learning (MARL) in setting {i}. MARL agents learn." for i in range(SHARED_BY - 1)]
    assert shared_words([lead, *others])[0] == ("MARL",)
    assert shared_words([lead, *others[:-1]])[0] == ()  # one abstract fewer: MARL may be the paper's
    papers = [Paper(abstract=a, venue="V", year=2024, source=Source(Path("f.txt"), i)) for i, a in enumerate([lead, *others])]
    alone = enrich(papers[:1], load_taxonomy())[0]
    assert alone.title.startswith("MARL:")  # in a corpus of one, nothing says MARL is not its name
    shared = enrich(papers, load_taxonomy())[0]
    assert shared.title.startswith("InvestESG:") and "MARL:" not in shared.title
    given = enrich([replace(p, title="Given") for p in papers], load_taxonomy())
    assert all(p.shared_names == () for p in given)  # a given title needs no name: no key to grow
