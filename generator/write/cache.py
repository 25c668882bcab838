"""Caches of costly work, keyed by content and configuration, never by mtimes.

Enrichment (TeX and math conversion, titles, topics) depends only on a paper's input
fields, the taxonomy and the code that enriches; the related-paper lists depend on the
whole corpus's texts; and a whole run's output depends only on its input files, its
settings, the taxonomy and papersite's code. Each cache key hashes exactly those, so an
edited abstract, taxonomy, template or papersite version misses, and anything else hits,
whatever the files' timestamps say. Each cache is one file under ``.papersite-cache/``: the
enrichment and related-paper caches in ``marshal``'s format (see ``Store``), the run state
in JSON.

Rendering has no cache of its own: a page renders in less time than hashing its inputs
would take. A rerun with nothing changed skips every stage instead (``RunState``), and
an edit re-renders every page in memory, the writer then touching only changed files.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import logging
import marshal
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..model import Paper

log = logging.getLogger(__name__)

#: Bump when a cached record's shape, its key or the file format changes.
FORMAT = 3

PACKAGE = Path(__file__).resolve().parents[1]  #: the generator package

#: The modules whose code decides what enrichment produces, with every module of the
#: package they import, directly or not: the one that enriches papers, and the one that
#: turns the taxonomy file into the taxonomy it is given.
ENRICHING_MODULES = ("enrich.papers", "enrich.topics.load")

#: Paper fields enrichment derives or rewrites (the cached value).
DERIVED = (
    "id", "title", "title_source", "summary", "text", "html", "github",
    "project_pages", "url", "topics", "mentioned", "warnings", "slug",
)  # fmt: skip
#: Input fields (the key): everything a reader fills in but where it was read, and the names the corpus shares.
INPUT = ("abstract", "venue", "year", "title", "authors", "keywords", "url", "code", "shared_names")


def fingerprint(*parts: bytes | Iterable[Path]) -> str:
    """Return a hash of byte strings and of the contents of files."""
    digest = hashlib.sha256(f"papersite-cache-{FORMAT}".encode())
    for part in parts:
        if isinstance(part, bytes):
            digest.update(part)
        else:
            for path in sorted(part):
                digest.update(path.name.encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def package_imports(module: str) -> list[Path]:
    """Return the files of ``module`` and of the package's modules it imports, directly or not.

    ``module`` is a dotted name inside the package (``"enrich.papers"``). Read from the
    source, so the answer does not depend on what happens to be imported already; the
    ``__init__.py`` of every package on the way counts, as Python runs it on import.
    """
    files: set[Path] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        parts = name.split(".") if name else []
        # Importing a.b.c runs a/__init__.py and a/b/__init__.py first.
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        path = PACKAGE.joinpath(*parts).with_suffix(".py") if parts else PACKAGE / "__init__.py"
        if not path.is_file():
            path = PACKAGE.joinpath(*parts, "__init__.py")
        if path in files or not path.is_file():
            continue
        files.add(path)
        package = parts if path.name == "__init__.py" else parts[:-1]
        for node in ast.walk(ast.parse(path.read_bytes())):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                base = package[: len(package) - (node.level - 1)]
            elif node.module == PACKAGE.name or (node.module or "").startswith(PACKAGE.name + "."):
                base = []
            else:
                continue
            module_parts = (node.module or "").split(".") if node.module else []
            if not node.level:
                module_parts = module_parts[1:]  # the package's own name
            prefix = ".".join([*base, *module_parts])
            todo.append(prefix)
            todo.extend(f"{prefix}.{alias.name}".lstrip(".") for alias in node.names)
    return sorted(files)


def code_digest(paths: Iterable[Path]) -> bytes:
    """Return a hash of the package files ``paths``: their names in the package and contents."""
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.digest()


def enrichment_fingerprint(taxonomy_source: bytes) -> str:
    """Return the hash of everything besides the paper that enrichment depends on.

    That is the taxonomy, the code of every module enrichment runs and the versions of
    the libraries it calls (TeX and math conversion, slugs).
    """
    code = code_digest({path for module in ENRICHING_MODULES for path in package_imports(module)})
    return fingerprint(library_versions().encode(), code, taxonomy_source)


@dataclass
class Store:
    """Values by key, loaded from and saved to one file; unused entries are dropped.

    The file is in ``marshal``'s format: written in a quarter of the time of JSON (0.05 s
    for the 30 MB of enrichment at 10,000 papers, against 0.2) and read in a third.
    marshal only builds values (strings, tuples, dicts here), never runs code, but it is
    not meant for files made to harm: a crafted one can make a run fail or crash. The
    file lives in the project folder, whose writers can run code anyway (MkDocs runs its
    ``hooks:``); and a planted cache, in any format, could put any text in the pages.

    ``config`` gives the hash of what every entry also depends on (code, taxonomy): a file
    made under another is stale. It is called only when there is a file to check or one
    to write, since hashing the code takes a while.
    """

    path: Path | None
    config: Callable[[], str]
    entries: dict[str, Any] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    hits: int = 0
    added: int = 0

    @classmethod
    def load(cls, folder: Path | None, name: str, config: Callable[[], str]) -> Store:
        """Return the store ``name`` in ``folder`` (empty if missing, stale or unreadable)."""
        store = cls(folder / name if folder else None, functools.cache(config))
        if store.path is None:
            return store
        try:
            data = marshal.loads(store.path.read_bytes())
        except FileNotFoundError:
            return store
        except (EOFError, ValueError, TypeError):
            # Not a warning: this run rebuilds the cache, and the user has nothing to do.
            log.info("ignoring an unreadable cache (this run rebuilds it): %s", store.path)
            return store
        if isinstance(data, dict) and isinstance(data.get("entries"), dict) and data.get("config") == store.config():
            store.entries = data["entries"]
        return store

    @property
    def kept(self) -> bool:
        """Whether the store has a file: without one it never holds an entry, and keys are not worth hashing."""
        return self.path is not None

    def get(self, key: str) -> Any:
        """Return the value of ``key``, or None on a miss."""
        value = self.entries.get(key)
        if value is not None:
            self.hits += 1
            self.used.add(key)
        return value

    def put(self, key: str, value: Any) -> None:
        """Remember ``value`` under ``key``."""
        self.entries[key] = value
        self.used.add(key)
        self.added += 1

    @property
    def changed(self) -> bool:
        """Whether ``save`` has anything to write: an entry was added, or one is no longer used."""
        return self.path is not None and (self.added > 0 or len(self.used) != len(self.entries))

    def save(self) -> None:
        """Write the entries this run used, if anything changed."""
        if not self.changed:
            return
        from .writer import atomic_write  # the writer owns file writing

        entries = {key: self.entries[key] for key in sorted(self.used)}  # sorted: the same bytes
        atomic_write(self.path, marshal.dumps({"config": self.config(), "entries": entries}))
        # What earlier versions kept, in JSON (35 MB at 10,000 papers), is of no use now.
        self.path.with_suffix(".json").unlink(missing_ok=True)


def _hash_rows(rows: Iterable[Sequence[str]]) -> str:
    """Return the hash of rows of strings: each row and each string prefixed with its length,
    so different rows never give the same bytes ("ab", "c" is not "a", "bc").

    A quarter of the time of hashing their JSON, and no corpus-sized string is built.
    """
    digest = hashlib.sha256()
    for row in rows:
        digest.update(len(row).to_bytes(8, "little"))
        for value in row:
            data = value.encode("utf-8")
            digest.update(len(data).to_bytes(8, "little"))
            digest.update(data)
    return digest.hexdigest()


class EnrichCache:
    """What enrichment derived for each paper, by the hash of its input fields."""

    def __init__(self, folder: Path | None, config: Callable[[], str]) -> None:
        self.store = Store.load(folder, "enrich.marshal", config)
        self._fresh: list[tuple[Paper, Paper]] = []

    @property
    def kept(self) -> bool:
        """Whether the cache has a file (see ``Store.kept``)."""
        return self.store.kept

    def key(self, paper: Paper) -> str:
        """Return the key of a paper's input fields: each a row of strings (see ``_hash_rows``)."""
        # A third of the time of hashing their JSON: no string escaped, none built.
        rows = [getattr(paper, name) for name in INPUT]
        return _hash_rows(value if isinstance(value, tuple) else (str(value),) for value in rows)

    def get(self, paper: Paper) -> Paper | None:
        """Return the paper enriched from the cache, or None on a miss."""
        if not self.store.entries:
            return None  # a first run: a miss whatever the key, so none is hashed
        entry = self.store.get(self.key(paper))
        if entry is None:
            return None
        return replace(paper, **{name: tuple(v) if isinstance(v, list) else v for name, v in entry.items()})

    def put(self, paper: Paper, enriched: Paper) -> None:
        """Remember what enrichment derived for ``paper``; its key is hashed when the cache is saved."""
        self._fresh.append((paper, enriched))

    @property
    def changed(self) -> bool:
        """Whether ``save`` has anything to write."""
        return (self.store.kept and bool(self._fresh)) or self.store.changed

    def save(self) -> None:
        """Write the entries this run used, if anything changed (see ``Store.save``)."""
        for paper, enriched in self._fresh:
            # Every derived field is a string or a tuple of strings: no deep copy (asdict) needed.
            self.store.put(self.key(paper), {name: getattr(enriched, name) for name in DERIVED})
        self._fresh = []
        self.store.save()


class RelatedCache:
    """The related-paper lists of a corpus, kept while the corpus stays the same.

    The lists depend on every paper's id, title and text together (and on the code that
    computes them), so one entry keyed by all of those is kept.
    """

    def __init__(self, folder: Path | None, papers: Sequence[Paper]) -> None:
        self.store = Store.load(folder, "related.marshal", lambda: fingerprint(code_digest(package_imports("plan.related"))))
        self._papers = papers
        self._key: str | None = None

    def key(self) -> str:
        """Return the key of this corpus (hashing every abstract takes a while: done once)."""
        if self._key is None:
            self._key = _hash_rows(sorted((p.id, p.title, p.text) for p in self._papers))
        return self._key

    def get(self) -> dict[str, tuple[str, ...]] | None:
        """Return the lists by paper id, or None when this corpus has none yet."""
        if not self.store.entries:
            # A miss whatever the key (a first run): the caller can hash the corpus later,
            # while it computes the lists.
            return None
        lists = self.store.get(self.key())
        return None if lists is None else {paper_id: tuple(ids) for paper_id, ids in lists.items()}

    def put(self, lists: dict[str, tuple[str, ...]]) -> None:
        """Remember the lists of this corpus (the only entry kept); without a folder, nothing to do."""
        if not self.store.kept:
            return  # not worth hashing the corpus for
        self.store.put(self.key(), lists)
        self.store.save()


def code_fingerprint() -> str:
    """Return the hash of every file of the package: code, templates, schema, shipped taxonomy."""
    files = [
        path for path in PACKAGE.rglob("*")
        if path.suffix in {".py", ".j2", ".json", ".yml"} and "__pycache__" not in path.parts
    ]  # fmt: skip
    return hashlib.sha256(f"papersite-code-{FORMAT}".encode() + code_digest(files)).hexdigest()


#: The libraries whose output generate writes (TeX, math, slugs, YAML, templates, numbers).
GENERATE_LIBRARIES = ("jinja2", "markupsafe", "pyyaml", "pylatexenc", "latex2mathml", "python-slugify", "numpy", "scipy", "lunr")


def library_versions() -> str:
    """Return the installed versions of ``GENERATE_LIBRARIES`` (empty for one not installed)."""
    from importlib import metadata

    versions = []
    for distribution in GENERATE_LIBRARIES:
        try:
            versions.append(f"{distribution}={metadata.version(distribution)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{distribution}=")
    return "\0".join(versions)


def run_key(
    inputs: Sequence[Path], taxonomy: Path | None, options: Sequence[str], optional: Sequence[Path] = ()
) -> str:
    """Return the hash of everything a generate run's output depends on.

    That is the input files (their paths, in reading order, and bytes), the taxonomy,
    ``options`` (the settings that shape pages, e.g. the site URL), files the run reads when
    they exist (``optional``: the ledger of addresses), papersite's code, the Python running it
    and the versions of the libraries generate uses.
    """
    head = f"papersite-run-{FORMAT}\0{sys.version}\0{library_versions()}\0{code_fingerprint()}"
    digest = hashlib.sha256(head.encode())
    for option in options:
        digest.update(option.encode("utf-8", "surrogateescape") + b"\0")
    for path in [*inputs, *([taxonomy] if taxonomy else [])]:
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for path in optional:
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest() if path.is_file() else b"absent")
    return digest.hexdigest()


@dataclass(frozen=True)
class RunState:
    """What the last complete generate run was made from and what it wrote."""

    key: str  #: its run_key
    manifest: str  #: the hash of the manifest it left in docs_dir
    summary: dict[str, Any]  #: figures for the summary line (papers, topics, years, files)
    report: dict[str, Any]  #: its quality report (report.Report as a dict)


RUN_STATE = "run.json"


def load_run_state(folder: Path | None) -> RunState | None:
    """Return the state of the last complete run, or None (no cache, none yet, unreadable)."""
    if folder is None:
        return None
    try:
        data = json.loads((folder / RUN_STATE).read_text(encoding="utf-8"))
        return RunState(str(data["key"]), str(data["manifest"]), dict(data["summary"]), dict(data["report"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save_run_state(folder: Path | None, state: RunState) -> None:
    """Remember the state of a run that completed."""
    if folder is None:
        return
    from .writer import atomic_write

    body = json.dumps(asdict(state), ensure_ascii=False, sort_keys=True)
    atomic_write(folder / RUN_STATE, body.encode("utf-8"))

