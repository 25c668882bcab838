"""Summaries (the one line under a title in lists, and the page description) that say something."""

from __future__ import annotations

import pytest

from generator.enrich.titles import summarize

BACKGROUND = "Diffusion samplers are slow. Fast samplers produce divergence artifacts at few steps."


@pytest.mark.parametrize(
    ("announcement", "following", "summary"),
    [
        (
            "To address this issue, we propose two novel techniques.",
            "The first technique adds heavy-ball momentum to the numerical solver.",
            "The first technique adds heavy-ball momentum to the numerical solver.",
        ),
        (
            "To address these challenges, we present the following contributions.",
            "First, we develop a pose estimator that needs no mesh of the object.",
            "We develop a pose estimator that needs no mesh of the object.",
        ),
        (
            "We propose to fill the above gap in this paper.",
            "Specifically, we unify tail-entity scoring networks in one framework.",
            "We unify tail-entity scoring networks in one framework.",
        ),
        (
            "We contribute the following results.",
            "(1) Despite their variance on test sets, trainings vary little on the test distributions.",
            "Despite their variance on test sets, trainings vary little on the test distributions.",
        ),
    ],
)
def test_a_sentence_that_only_announces_contributions_gives_way_to_the_next(
    announcement: str, following: str, summary: str
) -> None:
    assert summarize(f"{BACKGROUND} {announcement} {following} Experiments confirm it.") == summary


@pytest.mark.parametrize(
    "sentence",
    [
        "We propose two novel techniques that add momentum to the solver.",  # says what they are
        "This work aims to demystify Lion.",  # short, but about something
        "We introduce a novel approach named SEED.",
        "We introduce two solutions: a static temperature schedule and a dynamic one.",  # the colon says
    ],
)
def test_a_contribution_sentence_that_says_something_stays_the_summary(sentence: str) -> None:
    assert summarize(f"{BACKGROUND} {sentence} First, we test it on images.") == sentence


def test_an_announcement_stays_when_nothing_better_follows() -> None:
    assert summarize(f"{BACKGROUND} We propose two novel techniques.") == "We propose two novel techniques."
    text = f"{BACKGROUND} We propose two novel techniques. We also present a new method."
    assert summarize(text) == "We propose two novel techniques."


@pytest.mark.parametrize(
    "release",
    [
        "We provide the implementation of FooNet at https://github.com/x/FooNet",
        "We release our code and data.",
        "Our code is available at https://github.com/x/FooNet.",
    ],
)
def test_a_sentence_that_releases_code_is_not_the_contribution(release: str) -> None:
    contribution = "We aim to bridge this gap by introducing a principled framework, named FooNet."
    text = f"Temporal graphs are hard to model. {contribution} FooNet beats all baselines. {release}"
    assert summarize(text) == contribution


def test_releasing_a_dataset_is_a_contribution() -> None:
    text = "Prompt injection is a threat. We release a dataset of over 500,000 prompt injection attacks."
    assert summarize(text) == "We release a dataset of over 500,000 prompt injection attacks."
