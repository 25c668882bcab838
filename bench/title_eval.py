"""Measure inferred titles against the real titles of a JSONL corpus.

Usage::

    python bench/title_eval.py ../shared/data/iclr2024-dev.jsonl [--seeds DIR --matches FILE] [--show N]
        [--sample N --seed S] [--compare-ref HEAD]

Every figure is given for the whole file and for each half of the fixed split (``bench/split.py``):
tune on the ``tune`` half, judge on ``held-out``. The word overlap is given folded (plurals
folded) and plain (lower-cased runs of letters and digits minus stop words, nothing folded).

``--sample`` prints N random (fixed seed) inferred titles beside the real ones, to be read
by a person: the overlap figures cannot tell a readable title from word salad.
``--compare-ref`` times the title inference (``generator/enrich/titles/``) of a git revision (read with
``git show``) against the working tree on the same texts, alternating rounds and reporting medians of
process CPU time, because the machine is noisy and shared.

The metric functions (``content_words``, ``overlap``, ``title_scores``, ``name_hits``,
``hygiene``) are importable so a corpus-wide quality script can reuse them.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from split import halves  # noqa: E402

from generator.enrich.papers import convert_abstract, shared_words  # noqa: E402
from generator.enrich.tex import tex_to_text  # noqa: E402
from generator.read.mend import Mender  # noqa: E402
from generator.enrich.titles import coined_name, infer_title, make_distinct, summarize  # noqa: E402

STOP_WORDS = frozenset(
    """a an the and or of for in on to with without via by from at as into onto over under
    is are be being been was were its it this that these those their our we us your
    toward towards through beyond between across within about against than not no can do does
    how what when why which who whose all any more most less via vs versus using use""".split()
)

_WORD = re.compile(r"[a-z0-9]+")
_TEX_LEFT = re.compile(r"\\[A-Za-z]+|\$|[{}]|\\\\")
_MD_LEFT = re.compile(r"\*\*|__|`|\]\(|^#|\[[^\]]*\]\(")


def fold(word: str) -> str:
    """Fold simple plurals so 'models' and 'model' compare equal."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(title: str, folded: bool = True) -> set[str]:
    """Return the lower-cased content words of a title, plurals folded unless ``folded`` is false."""
    words = (w for w in _WORD.findall(title.lower()) if w not in STOP_WORDS)
    return {fold(w) for w in words} if folded else set(words)


def overlap(inferred: str, real: str, folded: bool = True) -> tuple[float, float]:
    """Return (recall, precision) of the content words of ``inferred`` against ``real``."""
    got, want = content_words(inferred, folded), content_words(real, folded)
    common = len(got & want)
    return (common / len(want) if want else 0.0, common / len(got) if got else 0.0)


def title_scores(pairs: Iterable[tuple[str, str]], folded: bool = True) -> dict[str, float]:
    """Average content-word recall and precision over (inferred, real) pairs.

    ``folded=False`` is the plain measure: lower-cased runs of letters and digits minus stop
    words, plurals not folded.
    """
    recalls, precisions = [], []
    for inferred, real in pairs:
        r, p = overlap(inferred, real, folded)
        recalls.append(r)
        precisions.append(p)
    n = len(recalls) or 1
    return {"n": len(recalls), "recall": sum(recalls) / n, "precision": sum(precisions) / n}


def real_name(title: str, abstract: str) -> str | None:
    """Return the coined name a real title starts with, if it is one token found in the abstract."""
    if ":" not in title:
        return None
    head = title.split(":", 1)[0].strip()
    if not head or " " in head or head not in abstract:
        return None
    return head


def name_hits(rows: Iterable[tuple[str, str, str]]) -> dict[str, float]:
    """Share of (inferred, real title, abstract) rows whose real leading name is in the inferred title.

    The name is compared as a reader sees it: its TeX turned into text ("C$^3$AI" is "C³AI"),
    case aside ("PM-MOE" in the real title, "PM-MoE" as the abstract writes it).
    """
    total = hit = 0
    for inferred, real, abstract in rows:
        name = real_name(real, abstract)
        if name is None:
            continue
        total += 1
        hit += tex_to_text(name).casefold() in inferred.casefold()
    return {"n": total, "rate": hit / total if total else 1.0}


def hygiene(titles: Sequence[str]) -> dict[str, int]:
    """Count titles that are too long, duplicated (case-insensitively), or carry TeX/Markdown."""
    return {
        "too_long": sum(len(t) > 100 for t in titles),
        "duplicates": len(titles) - len({t.casefold() for t in titles}),
        "markup": sum(bool(_TEX_LEFT.search(t) or _MD_LEFT.search(t)) for t in titles),
        "empty": sum(not t.strip() for t in titles),
        "trailing_period": sum(t.endswith(".") for t in titles),
    }


_LANGUAGE_MODEL = re.compile(r"\blanguage[- ]models?\b", re.IGNORECASE)


def language_model_titles(titles: Iterable[str]) -> int:
    """Count the titles that say "language model(s)" (issue 32: inferred titles said it too often)."""
    return sum(bool(_LANGUAGE_MODEL.search(t)) for t in titles)


def baseline_title(text: str) -> str:
    """Return the first 14 words of the 'we propose ...' clause (or of the first sentence)."""
    m = re.search(r"\bwe (?:propose|introduce|present|develop)s?\b(.*)", text, re.IGNORECASE)
    rest = m.group(1) if m else text
    return " ".join(rest.split()[:14])


def plain(abstract: str, mender: Mender | None = None) -> str:
    """Return an abstract as the titles module sees it in a build: words broken at line ends mended (as
    the readers do, with ``mender``'s file as evidence), TeX converted, private macros resolved."""
    text = (mender or Mender()).mend(" ".join(abstract.split()))[0]
    return convert_abstract(text).text


def load(path: Path) -> list[dict]:
    """Read a JSONL file of records with 'title' and 'abstract'."""
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def evaluate(path: Path, show: int = 0, records: Sequence[dict] | None = None, label: str = "") -> dict[str, object]:
    """Print and return every figure for one corpus (or the given records of it, named ``label``)."""
    records = load(path) if records is None else records
    mender = Mender("\n".join(r["abstract"] for r in records))
    texts = [plain(r["abstract"], mender) for r in records]
    shared = [frozenset(words) for words in shared_words([r["abstract"] for r in load(path)])]
    if len(records) != len(shared):  # a half: the names the whole file shares, as a build of it has them
        by_abstract = dict(zip((r["abstract"] for r in load(path)), shared))
        shared = [by_abstract[r["abstract"]] for r in records]
    reals = [r["title"] for r in records]

    start = time.perf_counter()
    inferred = [infer_title(t, s) for t, s in zip(texts, shared)]
    summaries = [summarize(t) for t in texts]
    elapsed = time.perf_counter() - start
    distinct = make_distinct(inferred)

    scores = title_scores(zip(inferred, reals))
    unfolded = title_scores(zip(inferred, reals), folded=False)
    base = title_scores((baseline_title(t), r) for t, r in zip(texts, reals))
    names = name_hits(zip(inferred, reals, texts))
    hyg = hygiene(distinct)
    long_summaries = sum(len(s) > 220 or not s.endswith(".") for s in summaries)
    lm_ours, lm_real = language_model_titles(inferred), language_model_titles(reals)
    rate = len(texts) / elapsed if elapsed else float("inf")

    print(f"== {path.name}{label}: {len(records)} papers")
    print(f"names     : {names['rate']:.3f} of {names['n']} real leading names kept (target >= 0.95)")
    print(f"overlap   : recall {scores['recall']:.3f}  precision {scores['precision']:.3f}  (targets 0.45 / 0.40)")
    print(f"plain     : recall {unfolded['recall']:.3f}  precision {unfolded['precision']:.3f}  (plurals not folded)")
    print(f"baseline  : recall {base['recall']:.3f}  precision {base['precision']:.3f}  (first 14 words of 'we propose')")
    print(f"hygiene   : {hyg}  summaries bad: {long_summaries}")
    lm_ratio = lm_ours / lm_real if lm_real else float("inf") if lm_ours else 1.0
    print(f"'lm'      : {lm_ours} inferred titles say 'language model', {lm_real} real ones ({lm_ratio:.2f}x; target <= 1.15)")
    print(f"speed     : {rate:,.0f} abstracts/s ({1000 * elapsed / len(texts):.3f} ms each, title + summary)")
    if show:
        for t, r, txt in list(zip(inferred, reals, texts))[:show]:
            rn = real_name(r, txt)
            flag = "" if rn is None or rn in t else f"   [MISSED {rn}]"
            print(f"  real: {r}\n  ours: {t}{flag}\n")
    return {"lm": (lm_ours, lm_real), "scores": scores, "plain": unfolded, "baseline": base, "names": names, "hygiene": hyg, "per_second": rate}


def sample(paths: Sequence[Path], n: int, seed: int) -> None:
    """Print n randomly chosen (fixed seed) inferred titles beside the real ones, as a build of each file infers them.

    As in a build, the text is mended with its file as evidence, and a word several papers of the
    file write is never taken for a paper's own name ("LSTM" in a corpus of 2018 papers).
    """
    rows = []
    for path in paths:
        records = load(path)
        mender = Mender("\n".join(r["abstract"] for r in records))
        shared = shared_words([r["abstract"] for r in records])
        rows += [(plain(r["abstract"], mender), frozenset(words), r["title"]) for r, words in zip(records, shared)]
    print(f"== random sample of {n} (seed {seed})")
    for k, i in enumerate(sorted(random.Random(seed).sample(range(len(rows)), n)), 1):
        text, shared_names, real = rows[i]
        print(f"{k:3}. ours: {infer_title(text, shared_names)}\n     real: {real}")


def _module_at(ref: str):
    """Load the title inference of git revision ``ref``: its entry module, with its siblings.

    The titles are the package ``generator/enrich/titles/`` (entry ``infer.py``) or, before
    that layout, ``generator/titles.py``. Read-only git: the revision's whole ``generator/``
    is extracted as a package of another name, so that its relative imports (``..tex``,
    ``..words``) resolve to its own modules, not to the working tree's.
    """
    root = Path(__file__).resolve().parents[1]

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, text=True).stdout

    entry = "enrich.titles.infer" if git("ls-tree", "--name-only", ref, "generator/enrich/titles/") else "titles"
    work = Path(tempfile.mkdtemp())
    archive = subprocess.run(["git", "-C", str(root), "archive", ref, "generator"], check=True, capture_output=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(work, filter="data")
    (work / "generator").rename(work / "generator_at_ref")
    sys.path.insert(0, str(work))
    try:
        return importlib.import_module(f"generator_at_ref.{entry}")
    finally:
        sys.path.remove(str(work))


def compare_speed(paths: Sequence[Path], ref: str, rounds: int = 7) -> None:
    """Time title + summary per abstract for ``ref`` and the working tree; print medians."""
    from generator.enrich.titles import infer as new

    old = _module_at(ref)
    texts = [plain(r["abstract"]) for path in paths for r in load(path)]
    times: dict[str, list[float]] = {ref: [], "working tree": []}
    for _ in range(rounds):
        for label, mod in ((ref, old), ("working tree", new)):
            mod._analyse.cache_clear()  # both cache the analysis per text; time it cold
            start = time.process_time()  # CPU time: other jobs on a busy machine do not count
            for t in texts:
                mod.infer_title(t)
                mod.summarize(t)
            times[label].append(1000 * (time.process_time() - start) / len(texts))
    print(f"== speed, {len(texts)} abstracts, median of {rounds} alternating rounds (title + summary)")
    for label, ms in times.items():
        print(f"  {label:13}: {statistics.median(ms):.3f} ms each (min {min(ms):.3f})")


def seeds(seed_dir: Path, matches: Path) -> None:
    """Print the inferred titles of the seed abstracts next to their real titles where known."""
    # seed_matches.json names its files by hash; the seed files are iclr<year>.txt
    known = {(m["seed_year"], m["seed_index"]): m.get("title") for m in json.loads(matches.read_text())}
    print("== seeds")
    for f in sorted(seed_dir.glob("*.txt")):
        paragraphs = [p.strip() for p in f.read_text(encoding="utf-8").split("\n\n") if p.strip()]
        year = int(re.sub(r"\D", "", paragraphs[0]) or 0)  # heading "ICLR <year> Papers"
        for i, para in enumerate(paragraphs[1:]):
            text = plain(" ".join(para.split()))
            print(f"  ours: {infer_title(text)}")
            print(f"  real: {known.get((year, i)) or '?'}")
            print(f"  name: {coined_name(text)}  | summary: {summarize(text)}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the evaluation from the command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jsonl", nargs="+", type=Path)
    ap.add_argument("--seeds", type=Path, default=Path(__file__).resolve().parent.parent.parent / "shared" / "seeds")
    ap.add_argument("--matches", type=Path, default=Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "seed_matches.json")
    ap.add_argument("--no-seeds", action="store_true")
    ap.add_argument("--show", type=int, default=0, help="print the first N title pairs")
    ap.add_argument("--sample", type=int, default=30, help="print N random title pairs (0: none)")
    ap.add_argument("--seed", type=int, default=2024, help="seed of the random sample")
    ap.add_argument("--compare-ref", default="HEAD", help="git revision to time against ('' to skip)")
    args = ap.parse_args(argv)
    for path in args.jsonl:
        records = load(path)
        evaluate(path, args.show, records)
        for name, part in halves(records).items():  # the fixed split: tune on one half, judge on the other
            evaluate(path, 0, part, f" ({name} half)")
    if args.sample:
        sample(args.jsonl, args.sample, args.seed)
    if args.compare_ref:
        compare_speed(args.jsonl, args.compare_ref)
    if not args.no_seeds and args.seeds.is_dir():
        seeds(args.seeds, args.matches)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
