"""The ledger of paper addresses: ``permalinks.json`` beside ``mkdocs.yml``.

A published page is linked from everywhere, so its address must not follow its title
(which papersite may infer better next time) or its abstract (which a user may correct).
The ledger records, for every paper the site ever published, the address it was given
first and what must stay stable with it: its id, its BibTeX key, its feed entry id. The
build reads it, places each paper of the input in it (``place``), and writes it back.
Entries are never dropped: a paper that leaves the input is *retired* (its address shows a
short page that says so), and an address that changes keeps working as a redirect.

The file is meant to be committed with the input, and read in diffs: one entry a line,
sorted by address, with its fields in a fixed order. Editing ``address`` renames a page:
each entry also keeps, last, the address the site was last built with (``published``), so
the next build, on any machine, sees the change and adds the old address to ``former``; every
``former`` address redirects to the paper.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from ... import urls
from ...errors import InputError
from . import sketch

FORMAT = 1

_ABOUT = (
    "papersite's ledger of paper addresses: commit it with the input. A paper keeps its address "
    "for ever; edit 'address' to rename a page (the old one redirects: leave 'published', the address "
    "last built, as it is). See README.md, Permalinks."
)

#: Namespace of feed entry ids (``urn:uuid``): an entry's id depends on the paper's permanent id
#: only, so it survives a change of title, slug or site URL, as Atom asks of ids.
FEED_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/papersite/papersite#atom")


def feed_entry_id(paper_id: str) -> str:
    """Return the Atom entry id a paper is given when it enters the ledger."""
    return f"urn:uuid:{uuid.uuid5(FEED_NAMESPACE, 'paper:' + paper_id)}"


@dataclass(frozen=True)
class Entry:
    """One paper the site has published, and where."""

    address: str  #: its page's URL relative to the site root: ``papers/<year>/<slug>/``
    id: str  #: its permanent id: the id of the abstract it first had
    title: str  #: its given title, or the one its address was made from
    venue: str
    year: int
    bibtex: str  #: its BibTeX key
    feed_id: str  #: its Atom entry id
    content: str  #: the id of the abstract it was last seen with (``enrich.papers.paper_id``)
    sketch: tuple[int, ...]  #: that abstract's ``sketch.sketch``, to know it once edited
    title_given: bool = False  #: whether ``title`` came from the input
    url: str = ""  #: its landing page, when the input gives one
    former: tuple[str, ...] = ()  #: addresses it had before: each redirects to ``address``
    retired: bool = False  #: no longer in the input: its address shows a retired page
    topics: tuple[str, ...] = ()  #: a retired paper's topics, for its retired page to link
    published: str = ""  #: the address the last build gave it: unlike ``address``, not for users to edit
    line: int = field(default=0, compare=False)  #: where the ledger file has it (0: not from a file)

    @property
    def slug(self) -> str:
        """Return the slug part of the address."""
        return self.address.rstrip("/").rsplit("/", 1)[-1]

    @property
    def source(self) -> str:
        """Return the Markdown path of the page at the address."""
        return source_of(self.address)

    def as_json(self) -> dict[str, object]:
        """Return the entry as the ledger file writes it: fields in a fixed order, empty ones left out."""
        record: dict[str, object] = {
            "address": self.address, "id": self.id, "title": self.title, "venue": self.venue,
            "year": self.year, "bibtex": self.bibtex, "feed_id": self.feed_id,
        }  # fmt: skip
        if self.title_given:
            record["title_given"] = True
        if self.url:
            record["url"] = self.url
        if self.former:
            record["former"] = list(self.former)
        if self.retired:
            record["retired"] = True
        if self.topics:
            record["topics"] = list(self.topics)
        record["content"] = self.content
        record["sketch"] = sketch.encode(self.sketch)
        record["published"] = self.published or self.address
        return record


def address_of(year: int, slug: str) -> str:
    """Return the address of a paper page (as ``urls.url_of`` gives it)."""
    return urls.url_of(urls.paper_source(year, slug))


_ADDRESS = re.compile(rf"{urls.PAPERS_DIR}/(?P<year>[0-9]{{1,4}})/(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)/")


def source_of(address: str) -> str:
    """Return the Markdown path of the page at a ledger address (checked by ``load``)."""
    match = _ADDRESS.fullmatch(address)
    assert match, address
    return urls.paper_source(int(match["year"]), match["slug"])


@dataclass(frozen=True)
class Ledger:
    """Every entry of the ledger, and the file it came from (None: there was none)."""

    entries: tuple[Entry, ...] = ()
    path: Path | None = None


def dumps(entries: Iterable[Entry]) -> str:
    """Return the text of a ledger file holding ``entries``."""
    lines = [
        json.dumps(entry.as_json(), ensure_ascii=False, separators=(", ", ": "))
        for entry in sorted(entries, key=lambda e: e.address)
    ]
    body = ",\n".join(lines)
    about = json.dumps(_ABOUT)
    return f'{{"about": {about},\n"format": {FORMAT},\n"papers": [\n{body}\n]}}\n'


def load(path: Path) -> Ledger:
    """Return the ledger at ``path``: an empty one if there is no file (InputError if it is not a ledger)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Ledger((), path)
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(path, f"cannot read the ledger of addresses: {error}") from error
    return Ledger(parse(text, path), path)


def parse(text: str, path: Path) -> tuple[Entry, ...]:
    """Return the entries of a ledger file's text; InputError names the line of what is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(path, f"not valid JSON: {error.msg}", error.lineno) from error
    if not isinstance(data, dict) or not isinstance(data.get("papers"), list):
        raise InputError(path, 'not a ledger of addresses: expected an object with a "papers" list', 1)
    if data.get("format") != FORMAT:
        raise InputError(path, f"format {data.get('format')!r}: this papersite reads format {FORMAT}", 1)
    lines = _entry_lines(text, len(data["papers"]))
    entries = tuple(_entry(record, path, line) for record, line in zip(data["papers"], lines))
    check(entries, path)
    return entries


def _entry_lines(text: str, count: int) -> list[int]:
    """Return the line each entry of the papers list starts on (as ``dumps`` writes them, or by their ids)."""
    starts = [number for number, line in enumerate(text.splitlines(), 1) if line.lstrip().startswith('{"address"')]
    if len(starts) == count:
        return starts
    return [0] * count  # written some other way: errors name the id instead


_STRINGS = ("address", "id", "title", "venue", "bibtex", "feed_id", "content", "sketch")


def _entry(record: object, path: Path, line: int) -> Entry:
    where = line or None
    if not isinstance(record, dict):
        raise InputError(path, "an entry of the ledger is not an object", where)
    label = f"entry {record.get('id')!r}" if not line else "this entry"
    for name in _STRINGS:
        if not isinstance(record.get(name), str) or (name != "title" and not record[name]):
            raise InputError(path, f"{label}: {name!r} is missing or not a string", where)
    year = record.get("year")
    if not isinstance(year, int) or isinstance(year, bool):
        raise InputError(path, f"{label}: 'year' is missing or not a whole number", where)
    former = record.get("former", [])
    topics = record.get("topics", [])
    for name, value in (("former", former), ("topics", topics)):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise InputError(path, f"{label}: {name!r} must be a list of strings", where)
    published = record.get("published", "")
    if not isinstance(published, str):
        raise InputError(path, f"{label}: 'published' must be a string", where)
    for address in (record["address"], *former, *([published] if published else [])):
        match = _ADDRESS.fullmatch(address)
        if not match:
            raise InputError(
                path, f"{label}: {address!r} is not a paper address (papers/YEAR/lower-case-slug/)", where
            )
    if int(_ADDRESS.fullmatch(record["address"])["year"]) != year:  # type: ignore[index]
        raise InputError(path, f"{label}: the address {record['address']!r} is not in the folder of its year {year}", where)
    try:
        values = sketch.decode(record["sketch"])
    except ValueError as error:
        raise InputError(path, f"{label}: 'sketch': {error}", where) from error
    return Entry(
        record["address"], record["id"], record["title"], record["venue"], year, record["bibtex"],
        record["feed_id"], record["content"], values, bool(record.get("title_given")),
        str(record.get("url") or ""), tuple(former), bool(record.get("retired")), tuple(topics), published, line,
    )  # fmt: skip


def check(entries: Sequence[Entry], path: Path) -> None:
    """Raise InputError if two entries share an id, an address (former ones too), a key or a feed id."""
    for name, values in (
        ("id", lambda e: [e.id]),
        ("address", lambda e: [e.address, *e.former]),
        ("BibTeX key", lambda e: [e.bibtex]),
        ("feed id", lambda e: [e.feed_id]),
    ):
        seen: dict[str, Entry] = {}
        for entry in entries:
            for value in values(entry):
                if value in seen:
                    first = seen[value]
                    at = f"line {first.line}" if first.line else f"entry {first.id!r}"
                    raise InputError(path, f"{name} {value!r} is also the {name} of {at}", entry.line or None)
                seen[value] = entry


def save(ledger: Ledger, entries: Sequence[Entry]) -> bool:
    """Write ``entries`` as the ledger file, if they differ from what it holds; return whether it was written.

    The file is replaced whole (written beside it, then renamed), so a reader never sees half of it.
    """
    assert ledger.path is not None
    text = dumps(entries)
    try:
        if ledger.path.read_text(encoding="utf-8") == text:
            return False
    except FileNotFoundError:
        pass
    partial = ledger.path.with_name(f".{ledger.path.name}.partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(ledger.path)
    return True


def renamed(entry: Entry, address: str) -> Entry:
    """Return the entry moved to ``address``, its old address kept as a former one."""
    if address == entry.address:
        return entry
    former = tuple(a for a in (*entry.former, entry.address) if a != address)
    return replace(entry, address=address, former=former)
