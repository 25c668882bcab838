"""Placing the papers of a run in the ledger: which entry each one is, and what is new.

A paper of the input is the paper of a ledger entry when, tried in this order:

1. its abstract is the one the entry was last seen with (the same content id);
2. it has the entry's landing page (``url``), when both have one;
3. its given title is the entry's given title, in the same venue and year;
4. its abstract is a near copy of the entry's: at least ``NEAR_COPY`` of their three-word
   shingles in common, as their sketches estimate it (``sketch``). On the 2,168 dev papers
   (``bench/near_copy.py``, both halves of the split alike), an abstract with three words
   changed keeps at least 0.66 of its shingles; two different papers whose first two sentences
   are the same share at most 0.47 (one pair of 2,165 reached 0.69: two long opening sentences
   were most of a short abstract); distinct papers share at most 0.09.

Each entry is taken once; near copies are paired most similar first. Retired entries take
part, so a paper that comes back gets its old address back. A matched paper takes the entry's
id, address, BibTeX key and feed id, whatever its title now. A paper no entry matches gets a
new entry: its address from its title, made distinct from every address the ledger has ever
given; its key distinct from every key. An entry no paper matches is retired.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...errors import InputError, plural
from ...model import Paper
from ...read.shingles import NEAR_COPY
from . import sketch as sketches
from .ledger import Entry, Ledger, address_of, feed_entry_id, renamed, source_of

log = logging.getLogger(__name__)

#: Hashes two sketches must share to be compared at all (a share of 0.6 of 32 is 19).
_CANDIDATE_SHARED = 8


@dataclass(frozen=True)
class Previous:
    """What the previous build's output says of each paper, by id: its title, address, topics."""

    titles: Mapping[str, str] = field(default_factory=dict)
    addresses: Mapping[str, str] = field(default_factory=dict)
    topics: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def read(cls, records: Path) -> Previous:
        """Return what ``papers.json`` at ``records`` holds; nothing when it is missing or unreadable."""
        try:
            data = json.loads(records.read_text(encoding="utf-8"))
            rows = [r for r in data if isinstance(r, dict) and isinstance(r.get("id"), str)]
            return cls(
                {r["id"]: str(r.get("title", "")) for r in rows},
                {r["id"]: str(r.get("url", "")) for r in rows},
                {r["id"]: tuple(str(t) for t in r.get("topics", ())) for r in rows},
            )
        except (OSError, ValueError, TypeError):
            return cls()


@dataclass(frozen=True)
class Placed:
    """The papers with their permanent id, address, key and feed id; the ledger's entries after the run."""

    papers: list[Paper]
    entries: tuple[Entry, ...]
    new: int = 0  #: papers that got a new entry
    retitled: int = 0  #: papers that kept their address under a title other than the last one
    redirects_added: int = 0  #: addresses that became redirects in this run
    retired_added: int = 0  #: papers retired in this run
    edited: int = 0  #: papers found by rules 2 to 4: their abstract changed

    @property
    def redirects(self) -> dict[str, str]:
        """Return every redirect, old page source to new: former addresses of every entry."""
        return {source_of(former): entry.source for entry in self.entries for former in entry.former}

    @property
    def retired(self) -> list[Entry]:
        """Return the retired entries, by address."""
        return sorted((e for e in self.entries if e.retired), key=lambda e: e.address)


#: The share of a ledger's pages a build may retire unasked: more stops it (``check_retirement``).
RETIRE_AT_MOST = 0.5


def check_retirement(ledger: Ledger, placed: Placed, allowed: bool = False) -> None:
    """Stop a build that would retire more than half of the ledger's pages, unless ``allowed``; warn of any retired.

    A ledger keeps the addresses of one site's papers. Building another corpus against it
    would retire them all and add the new ones beside them, for good: raise an InputError
    that says how to go on, before anything is written.
    """
    retiring = placed.retired_added
    live = sum(1 for e in ledger.entries if not e.retired)
    if not retiring:
        return
    if allowed or retiring <= RETIRE_AT_MOST * live:
        gone = "its page is" if retiring == 1 else "their pages are"
        # A log line, not a notice of the report: the report page must depend on the ledger's
        # state only, never on what this run did (a killed run may have saved the ledger).
        log.warning(
            "%s: %s left the input: %s retired (a paper that returns gets its address back)",
            ledger.path, plural(retiring, "paper"), gone,
        )
        return
    assert ledger.path is not None
    raise InputError(
        ledger.path,
        f"this build would retire {placed.retired_added:,} of the {plural(live, 'page')} of this ledger of "
        "addresses: their papers are not in the input. Nothing was written.\n"
        "  A new corpus wants a site of its own: papersite new DIR [INPUT ...], then papersite build there.\n"
        "  If you did remove those papers, run again with --retire-missing: each of their addresses "
        "keeps a page saying the paper is no longer on the site.",
    )


def _fold(title: str) -> str:
    return " ".join(title.casefold().split())


def match(papers: Sequence[Paper], entries: Sequence[Entry]) -> dict[int, Entry]:
    """Return the entry of each paper that has one, by the paper's index (rules 1 to 4 above)."""
    order = sorted(range(len(papers)), key=lambda i: papers[i].id)
    found: dict[int, Entry] = {}
    taken: set[str] = set()

    def unique(pairs: list[tuple[object, Entry]]) -> dict[object, Entry]:
        counts = Counter(key for key, _ in pairs)
        return {key: entry for key, entry in pairs if counts[key] == 1}

    by_content = unique([(e.content, e) for e in entries])
    by_url = unique([(e.url, e) for e in entries if e.url])
    by_title = unique([((e.venue, e.year, _fold(e.title)), e) for e in entries if e.title_given and e.title.strip()])
    rules = (
        lambda p: by_content.get(p.id),
        lambda p: by_url.get(p.url) if p.url else None,
        lambda p: by_title.get((p.venue, p.year, _fold(p.title))) if p.title_source == "given" else None,
    )
    for rule in rules:
        for i in order:
            if i in found:
                continue
            entry = rule(papers[i])
            if entry is not None and entry.id not in taken:
                found[i] = entry
                taken.add(entry.id)
    found.update(_near_copies([i for i in order if i not in found], papers, [e for e in entries if e.id not in taken]))
    return found


def _near_copies(waiting: list[int], papers: Sequence[Paper], entries: list[Entry]) -> dict[int, Entry]:
    """Pair papers and entries whose abstracts are near copies, most similar first."""
    if not waiting or not entries:
        return {}
    holders: dict[int, list[int]] = defaultdict(list)
    for k, entry in enumerate(entries):
        for value in entry.sketch:
            holders[value].append(k)
    pairs = []
    for i in waiting:
        ours = sketches.sketch(papers[i].abstract)
        shared = Counter(k for value in ours for k in holders.get(value, ()))
        for k, count in shared.items():
            if count >= _CANDIDATE_SHARED:
                share = sketches.similarity(ours, entries[k].sketch)
                if share >= NEAR_COPY:
                    pairs.append((-share, papers[i].id, entries[k].id, i, k))
    found: dict[int, Entry] = {}
    used: set[int] = set()
    for _, _, _, i, k in sorted(pairs):
        if i not in found and k not in used:
            found[i] = entries[k]
            used.add(k)
    return found


def place(papers: Sequence[Paper], ledger: Ledger, previous: Previous = Previous()) -> Placed:
    """Return the papers placed in the ledger, and the ledger's entries after this run.

    Retiring loses nothing: a retired entry keeps its address, and its paper gets it back
    when it returns. So even an input that has none of the ledger's papers (the wrong input,
    or another site's ledger) retires them, with a warning that says how to start afresh.
    """
    entries = [_renamed_by_hand(e, previous) for e in ledger.entries]
    found = match(papers, entries)
    matched_ids = {e.id for e in found.values()}
    taken_addresses = {a for e in entries for a in (e.address, *e.former)}
    taken_ids = {e.id for e in entries}
    out_papers: list[Paper] = list(papers)
    out_entries: dict[str, Entry] = {e.id: e for e in entries}
    counts: Counter[str] = Counter()
    redirects_before = sum(len(e.former) for e in ledger.entries)

    for i, entry in sorted(found.items(), key=lambda item: item[1].id):
        paper = papers[i]
        updated, paper = _keep(entry, paper, taken_addresses)
        out_entries[entry.id] = updated
        out_papers[i] = paper
        last_title = previous.titles.get(entry.id, entry.title)
        counts["retitled"] += paper.title != last_title
        counts["edited"] += entry.content != papers[i].id

    new = sorted((i for i in range(len(papers)) if i not in found), key=lambda i: papers[i].id)
    fresh = _new_entries([papers[i] for i in new], taken_addresses, taken_ids, {e.bibtex for e in entries})
    for i, (entry, paper) in zip(new, fresh):
        out_entries[entry.id] = entry
        out_papers[i] = paper

    retiring = [e for e in entries if not e.retired and e.id not in matched_ids]
    for entry in retiring:
        out_entries[entry.id] = replace(
            entry, retired=True,
            title=previous.titles.get(entry.id) or entry.title,
            topics=previous.topics.get(entry.id, entry.topics),
        )  # fmt: skip
    # Each entry records the address this run gives it: a later edit of ``address`` shows.
    final = tuple(sorted((replace(e, published=e.address) for e in out_entries.values()), key=lambda e: e.address))
    redirects_after = sum(len(e.former) for e in final)
    return Placed(
        out_papers, final, new=len(new), retitled=counts["retitled"],
        redirects_added=max(0, redirects_after - redirects_before), retired_added=len(retiring),
        edited=counts["edited"],
    )  # fmt: skip


def _renamed_by_hand(entry: Entry, previous: Previous) -> Entry:
    """Return the entry with the address the previous build gave it as a former one, if the user changed it.

    That address is the entry's ``published`` one; for a ledger written before entries had it,
    the one the previous build's output (``papers.json``) shows, when it is at hand.
    """
    last = entry.published or previous.addresses.get(entry.id)
    if not last or last == entry.address or last in entry.former:
        return entry
    try:
        ledger_form = address_of(entry.year, last.rstrip("/").rsplit("/", 1)[-1])
    except (ValueError, IndexError):
        return entry
    if ledger_form != last:
        return entry  # not a paper address of this scheme: nothing to redirect
    return replace(entry, former=(*entry.former, last))


def _keep(entry: Entry, paper: Paper, taken: set[str]) -> tuple[Entry, Paper]:
    """Return the entry as this run sees its paper, and the paper with the entry's permanent fields."""
    updated = entry
    if paper.year != entry.year:
        # The address is in its year's folder: a paper whose year was corrected moves, and redirects.
        address = _free_address(paper.year, entry.slug, entry.id, taken)
        taken.add(address)
        updated = renamed(updated, address)
    given = paper.title_source == "given"
    updated = replace(
        updated,
        title=paper.title if given else updated.title,
        title_given=given or updated.title_given,
        venue=paper.venue, year=paper.year, url=paper.url or updated.url,
        content=paper.id,
        sketch=updated.sketch if paper.id == entry.content else sketches.sketch(paper.abstract),
        retired=False, topics=(),
    )  # fmt: skip
    return updated, _with(paper, updated)


def _with(paper: Paper, entry: Entry) -> Paper:
    return replace(paper, id=entry.id, slug=entry.slug, cite_key=entry.bibtex, feed_id=entry.feed_id)


def _free_address(year: int, slug: str, paper_id: str, taken: set[str]) -> str:
    """Return the address of ``slug`` in ``year``, or of the slug with a suffix from the id if taken."""
    for candidate in (slug, f"{slug}-{paper_id[:6]}", f"{slug}-{paper_id}"):
        address = address_of(year, candidate)
        if address not in taken:
            return address
    n = 2
    while address_of(year, f"{slug}-{paper_id}-{n}") in taken:
        n += 1
    return address_of(year, f"{slug}-{paper_id}-{n}")


def _free_id(content: str, taken: set[str]) -> str:
    """Return the content id, or, if an entry has it already, another id derived from it."""
    candidate, n = content, 0
    while candidate in taken:
        n += 1
        candidate = hashlib.sha256(f"{content}\n{n}".encode()).hexdigest()[:12]
    return candidate


def _new_entries(
    papers: Sequence[Paper], addresses: set[str], ids: set[str], keys: set[str]
) -> list[tuple[Entry, Paper]]:
    """Return a new entry for each paper, and the paper with its fields, in the papers' order."""
    from ..cite import bibtex_keys

    placed = []
    for paper in papers:
        paper_id = _free_id(paper.id, ids)
        ids.add(paper_id)
        address = _free_address(paper.year, paper.slug, paper_id, addresses)
        addresses.add(address)
        placed.append(replace(paper, id=paper_id, slug=address.rstrip("/").rsplit("/", 1)[-1]))
    cite_keys = bibtex_keys(placed, reserved=keys)
    out = []
    for before, paper in zip(papers, placed):
        entry = Entry(
            address_of(paper.year, paper.slug), paper.id, paper.title, paper.venue, paper.year,
            cite_keys[paper.id], feed_entry_id(paper.id), before.id, sketches.sketch(paper.abstract),
            title_given=paper.title_source == "given", url=paper.url,
        )  # fmt: skip
        out.append((entry, _with(paper, entry)))
    return out
