"""Search: the index papersite builds, and the engine behind Material's search box.

The ranking rules a reader relies on are checked on a small corpus written for them, through
the engine the search box runs (``window.papersiteSearch``), hosted and from ``file://``.
Fresh page loads check that a query typed, pasted with the mouse or set by a script the
moment the box gets focus is always answered.
"""

from __future__ import annotations

import base64
import json
import math
import zipfile
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from generator import cli
from generator.model import Paper, Source
from generator.render import postings, search

from .browser import serve
from .conftest import copy_project, index_part


def _paper(abstract: str, title: str = "", **fields: object) -> Paper:
    return Paper(abstract, "ICLR", 2024, Source(Path("x.jsonl"), 1), title=title, text=abstract, slug=title.lower()[:20] or "p",
                 **fields)  # type: ignore[arg-type]  # fmt: skip


# --- the index, in Python --------------------------------------------------------------


@pytest.mark.parametrize("text", ["self-supervised", "self supervised", "Self-Supervised", "SELF–SUPERVISED"])
def test_hyphens_spaces_and_case_give_the_same_words(text: str) -> None:
    assert search.words(text) == ["self", "supervised"]


def test_words_drop_accents_and_stop_words() -> None:
    assert search.words("Schrödinger's équation, and the réseaux towards it") == ["schrodinger", "s", "equation", "reseaux"]


def test_plurals_and_forms_share_a_stem() -> None:
    assert search.terms("transformers") == search.terms("transformer")
    assert search.terms("learning") == search.terms("learned")


def test_words_written_like_names_are_terms_of_their_own() -> None:
    assert search.name_terms("We present URLOST and TiC-CLIP (GPT4) on pre-trained PRES models") == [
        "=urlost", "=tic", "=clip", "=gpt4", "=pres",
    ]  # fmt: skip


def _decode(entry: list) -> dict[int, float]:
    top, data = entry[0], base64.b64decode(entry[1])
    out, doc, i = {}, -1, 0
    while i < len(data):
        gap = shift = 0
        while True:
            byte = data[i]
            i += 1
            gap |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        doc += gap + 1
        out[doc] = top * data[i] / 255
        i += 1
    return out


def _bm25f(docs: list[dict[str, list[str]]], weights: dict[str, float]) -> dict[str, dict[int, float]]:
    """BM25F as postings.py's docstring states it, term by term: what the arrays must give."""
    n = len(docs)
    average = {f: (sum(len(d[f]) for d in docs) / n) or 1.0 for f in weights}
    df = Counter(t for d in docs for t in {t for f in weights for t in d[f]})
    out: dict[str, dict[int, float]] = defaultdict(dict)
    for i, d in enumerate(docs):
        for t in {t for f in weights for t in d[f]}:
            weighted = sum(
                weight * d[f].count(t) * (postings.K1 + 1)
                / (d[f].count(t) + postings.K1 * (1 - postings.B + postings.B * len(d[f]) / average[f]))
                for f, weight in weights.items()
            )  # fmt: skip
            out[t][i] = math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) * weighted
    return out


def test_postings_hold_every_paper_of_a_term_and_its_bm25f_weight_to_a_byte() -> None:
    # 20,000 papers: gaps of one, two and three varint bytes between the papers of "rare".
    docs = [{"title": ["common"], "text": []} for _ in range(20_000)]
    for doc in (0, 5, 200, 19_999):
        docs[doc] = {"title": ["rare", "common"], "text": ["rare"] * (doc % 3 + 1) + ["filler"] * (doc % 7)}
    weights = {"title": 2.0, "text": 1.0}
    found = postings.postings(docs, weights)
    expected = _bm25f(docs, weights)
    assert sorted(found) == sorted(expected) == ["common", "filler", "rare"]
    for term, (df, entry) in found.items():
        decoded = _decode(entry)
        assert df == len(decoded) and sorted(decoded) == sorted(expected[term])
        top = max(expected[term].values())
        assert all(abs(decoded[doc] - weight) <= top / 255 * 1.001 for doc, weight in expected[term].items())
    assert sorted(_decode(found["rare"][1])) == [0, 5, 200, 19_999]


def test_the_index_is_the_same_bytes_whatever_the_input_order() -> None:
    papers = [_paper(f"We study topic number {i} with graphs and FooNet{i}.", f"Paper {i}") for i in range(40)]
    first = search.index_files(papers)
    assert first == search.index_files(list(reversed(papers)))
    assert f"{search.ROOT}/meta.js" in first
    meta = first[f"{search.ROOT}/meta.js"].decode()
    assert meta.startswith('__psIndex("meta",0,') and '"docs":40' in meta


def test_word_lists_say_which_words_a_paper_writes_like_a_name() -> None:
    # The engine looks a query word up as a name only when its word list says some paper
    # has it as one: most words are not, and each lookup would cost a postings shard.
    files = search.index_files([_paper("We present URLOST, an unsupervised learner.", "URLOST"), _paper("Unsupervised urban maps.")])
    listed = {entry[0]: entry for entry in index_part(files[f"{search.ROOT}/w/ur.js"].decode())}
    assert listed["urlost"][3] == 1 and len(listed["urban"]) == 3
    listed = {entry[0]: entry for entry in index_part(files[f"{search.ROOT}/w/un.js"].decode())}
    assert listed["unsupervised"][2] == 2 and len(listed["unsupervised"]) == 3


def test_a_term_is_in_the_shard_its_hash_names() -> None:
    files = search.index_files([_paper("Graph neural networks for molecules.", "Graphs")])
    shards = index_part(files[f"{search.ROOT}/meta.js"].decode())["shards"]
    for term in ("graph", "neural", "molecul", "graph neural"):
        body = files[f"{search.ROOT}/p/{search.shard_of(term, shards)}.js"].decode()
        assert f'"{term}":' in body


# --- the engine, in chromium ----------------------------------------------------------

#: Papers written for the ranking rules: (title, abstract, keywords).
CORPUS = [
    ("Diffusion Language Models Are Fast Decoders",
     "We train a diffusion language model that decodes many tokens at once and rivals autoregressive models.", []),
    ("Diffusion Everywhere",
     "Diffusion of diffusion processes: diffusion on graphs, diffusion on manifolds, diffusion in time.", []),
    ("Language Models Count",
     "A language model learns to count objects in text, and model size matters less than data.", []),
    ("ZorbNet: A Network for Sorting",
     "We propose ZorbNet, a sorting network. Unlike Zorb-style heuristics it learns comparisons end to end.", []),
    ("Sorting With Heuristics",
     "Classical sorting heuristics revisited, among them the Zorb heuristic and its variants for sorting.", []),
    ("Self-Supervised Learning of Sounds",
     "Self-supervised learning of audio representations from unlabeled recordings of birds.", ["self-supervised learning"]),
    ("Vision Transformers at Scale",
     "We scale a vision transformer to billions of parameters and study how it generalizes.", []),
    ("Graph Kernels Revisited",
     "Kernels on graphs measure similarity; we revisit them for molecules and compare with neural models.", []),
    ("Molecules and Kernels",
     "A study of molecules, with a note on a graph kernel in the appendix and nothing else about graphs.", []),
    ("Conformer Ensembles", "We present MolecuLAR, which learns ensembles of conformers.", []),
    ("Simulating Dynamics", "We simulate molecular dynamics of molecular crystals.", []),
    ("Crystals in Motion", "Molecular crystals and their molecular dynamics, observed.", []),
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("search-corpus")
    lines = [json.dumps({"title": t, "abstract": a, "keywords": k, "year": 2024, "venue": "ICLR"}) for t, a, k in CORPUS]
    (folder / "papers.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder / "papers.jsonl"


@pytest.fixture(scope="module", params=["hosted", "offline"])
def home(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> Iterator[str]:
    """The home page of the corpus's site, served under a sub-path or unzipped from the bundle."""
    project = copy_project(tmp_path_factory.mktemp(f"search-{request.param}") / "project")
    config = str(project / "mkdocs.yml")
    if request.param == "hosted":
        www = project.parent / "www"
        assert cli.main(["build", "-q", "-f", config, "-d", str(www / "repo"), str(corpus)]) == 0
        with serve(www) as base:
            yield f"{base}/repo/"
    else:
        bundle = project.parent / "bundle.zip"
        assert cli.main(["bundle", "-q", "-f", config, "-o", str(bundle), str(corpus)]) == 0
        with zipfile.ZipFile(bundle) as archive:
            archive.extractall(project.parent / "unzipped")
        yield (project.parent / "unzipped" / "bundle" / "index.html").as_uri()


@pytest.fixture
def page(browser: Browser, home: str) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(home)
    page.wait_for_function("window.papersiteSearch !== undefined")
    yield page
    context.close()


def titles(page: Page, query: str) -> list[str]:
    """Return the titles the engine ranks for ``query``, best first, as plain text."""
    return page.evaluate(
        """async (q) => (await window.papersiteSearch.search(q)).items.map(
             (item) => item[0].title.replace(/<[^>]+>/g, ""))""",
        query,
    )


browser_test = pytest.mark.browser


@browser_test
def test_papers_with_all_the_words_come_before_those_with_some(page: Page) -> None:
    found = titles(page, "diffusion language model ")
    assert found[0] == "Diffusion Language Models Are Fast Decoders"
    # The paper that says "diffusion" six times matches one word of three: after both others.
    assert found.index("Diffusion Everywhere") > found.index("Language Models Count")


@browser_test
def test_the_last_word_matches_as_a_prefix_while_it_is_typed(page: Page) -> None:
    assert titles(page, "diffusion langu")[0] == "Diffusion Language Models Are Fast Decoders"
    assert titles(page, "vision transf")[0] == "Vision Transformers at Scale"
    assert titles(page, "transf ") == []  # a finished word is no prefix


@browser_test
def test_hyphens_case_plurals_and_stems_do_not_matter(page: Page) -> None:
    expected = titles(page, "self-supervised learning")
    assert expected[0] == "Self-Supervised Learning of Sounds"
    for query in ("self supervised learning", "Self-Supervised Learning", "SELF–SUPERVISED  learning"):
        assert titles(page, query) == expected
    assert titles(page, "self supervised learned")[0] == expected[0]
    assert titles(page, "vision transformers")[0] == titles(page, "vision transformer")[0] == "Vision Transformers at Scale"


@browser_test
def test_a_coined_name_finds_its_paper_first(page: Page) -> None:
    assert titles(page, "ZorbNet")[0] == "ZorbNet: A Network for Sorting"
    assert titles(page, "zorbnet")[0] == "ZorbNet: A Network for Sorting"


@browser_test
def test_a_query_loads_only_the_index_parts_its_words_need(page: Page) -> None:
    assert titles(page, "sorting network ")[0] == "ZorbNet: A Network for Sorting"
    loaded = page.evaluate("""() => [...document.querySelectorAll('script[src*="/searchindex/"]')]
                                  .map((s) => s.src.split("/searchindex/")[1])""")
    # Two stems and their pair; no name lookups (no paper writes "sorting" or "network" as one).
    assert 1 <= len([p for p in loaded if p.startswith("p/")]) <= 3
    assert sorted(p for p in loaded if p.startswith("w/")) == ["w/ne.js", "w/so.js"]
    assert len([p for p in loaded if p.startswith("d/")]) == len(titles(page, "sorting network "))
    assert "meta.js" in loaded and all(p.startswith(("meta.js", "p/", "w/", "d/")) for p in loaded)


@browser_test
def test_a_query_typed_further_loads_no_more_parts(page: Page) -> None:
    # While a reader types, each key press is a query; one overtaken by the next must not
    # load its cards (they would queue before the parts the latest query needs).
    stale = page.evaluate("""async () => (await window.papersiteSearch.search("sorting network ", () => true)).items.length""")
    loaded = page.evaluate("""() => [...document.querySelectorAll('script[src*="/searchindex/d/"]')].length""")
    assert stale == 0 and loaded == 0
    assert titles(page, "sorting network ")[0] == "ZorbNet: A Network for Sorting"


@browser_test
def test_a_plain_word_one_paper_writes_like_a_name_is_no_name(page: Page) -> None:
    # "MolecuLAR" is one paper's name for its method; "molecular" is a plain word to the
    # others, and a reader who types it plainly means the word.
    assert titles(page, "molecular")[-1] == "Conformer Ensembles"  # it says the word once, the others twice
    assert titles(page, "MolecuLAR")[0] == "Conformer Ensembles"


@browser_test
def test_the_title_weighs_more_than_the_abstract(page: Page) -> None:
    found = titles(page, "graph kernel ")
    assert found[:2] == ["Graph Kernels Revisited", "Molecules and Kernels"]


@browser_test
def test_a_result_shows_title_year_topics_and_a_snippet_with_the_words_marked(page: Page) -> None:
    item = page.evaluate("async () => (await window.papersiteSearch.search('sorting network')).items[0][0]")
    assert item["title"] == "ZorbNet: A Network for <mark>Sorting</mark>" or "<mark>" in item["title"]
    assert "<mark>sorting</mark>" in item["text"].lower() and "<mark>network</mark>" in item["text"].lower()
    assert item["tags"][0] == "ICLR 2024" and len(item["tags"]) >= 2
    # Through Material's own box, as a reader types it.
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially("sorting network", delay=15)
    first = page.locator(".md-search-result__item").first
    first.wait_for(timeout=10_000)
    assert "ZorbNet" in first.inner_text() and first.locator("mark").count() >= 2
    assert "ICLR 2024" in first.inner_text()
    first.locator("a").first.click()  # x/ hosted, x.html in the bundle: either way the paper's page
    page.locator("article h1").first.wait_for(timeout=10_000)
    assert "ZorbNet" in page.locator("article h1").first.inner_text()


@browser_test
def test_markup_in_a_query_or_a_title_is_shown_as_text(page: Page) -> None:
    item = page.evaluate("async () => (await window.papersiteSearch.search('<b>zorbnet</b>')).items[0][0]")
    assert "<b>" not in item["title"] and "ZorbNet" in item["title"]


# --- every fresh load answers -----------------------------------------------------------

LOADS = 50

#: How a query arrives: typed key by key; pasted with the mouse (an input event, no key);
#: set by a script the moment the box gets focus (what autofill or an extension does).
ARRIVALS = {
    "typed": lambda page: page.locator("input.md-search__input").press_sequentially("ZorbNet", delay=5),
    "pasted": lambda page: page.keyboard.insert_text("ZorbNet"),
    "scripted": lambda page: None,
}

SET_ON_FOCUS = """
document.addEventListener("focusin", (event) => {
  if (!event.target.matches("input.md-search__input")) return;
  event.target.value = "ZorbNet";
  event.target.dispatchEvent(new Event("input", { bubbles: true }));
}, { once: true });
"""


@browser_test
@pytest.mark.parametrize("arrival", sorted(ARRIVALS))
def test_every_fresh_load_answers_however_the_query_arrives(browser: Browser, home: str, arrival: str) -> None:
    answered = 0
    for _ in range(LOADS):
        context = browser.new_context()
        page = context.new_page()
        if arrival == "scripted":
            page.add_init_script(SET_ON_FOCUS)
        page.goto(home)
        page.locator("label.md-search__icon, .md-search__input").first.click()
        ARRIVALS[arrival](page)
        # While keys are typed, a shorter query ("Zorb") may be answered first: wait for the
        # answer to the whole query, not the first list shown.
        first = page.locator(".md-search-result__item").first
        try:
            expect(first).to_contain_text("ZorbNet", timeout=5_000)
            answered += 1
        except AssertionError:  # counted below, with the others
            pass
        context.close()
    assert answered == LOADS
