"""Caches of costly work, keyed by content and configuration, never by mtimes.

Enrichment (TeX and math conversion, titles, topics) depends only on a paper's input
fields, the taxonomy and the code that enriches; a rendered page depends only on its
spec and the templates. Each cache key hashes exactly those, so an edited abstract,
taxonomy, template or papersite version misses, and anything else hits, whatever the
files' timestamps say. Each cache is one JSON file under ``.papersite-cache/``.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from .model import Paper

log = logging.getLogger(__name__)

#: Bump when a cached record's shape changes.
FORMAT = 1

PACKAGE = Path(__file__).resolve().parent

#: The modules whose code decides what enrichment produces.
ENRICHING_MODULES = ("enrich.py", "latex.py", "links.py", "titles.py", "topics.py", "keywords.py", "model.py")

#: Paper fields enrichment derives or rewrites (the cached value).
DERIVED = (
    "id", "title", "title_source", "summary", "text", "html", "github",
    "project_pages", "url", "topics", "warnings",
)  # fmt: skip
#: Input fields (the key): everything a reader fills in but where it was read.
INPUT = ("abstract", "venue", "year", "title", "authors", "keywords", "url", "code")


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


def enrichment_fingerprint(taxonomy_source: bytes) -> str:
    """Return the hash of everything besides the paper that enrichment depends on."""
    return fingerprint((PACKAGE / name for name in ENRICHING_MODULES), taxonomy_source)


def templates_fingerprint() -> str:
    """Return the hash of the templates and the code that renders them."""
    return fingerprint((PACKAGE / "templates").glob("*.j2"), (PACKAGE / "render.py").read_bytes())


@dataclass
class Store:
    """Values by key, loaded from and saved to one JSON file; unused entries are dropped."""

    path: Path | None
    config: str
    entries: dict[str, Any] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    hits: int = 0
    misses: int = 0

    @classmethod
    def load(cls, folder: Path | None, name: str, config: str) -> Store:
        """Return the store ``name`` in ``folder`` (empty if missing, stale or unreadable)."""
        store = cls(folder / name if folder else None, config)
        if store.path is None:
            return store
        try:
            data = json.loads(store.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return store
        except ValueError:
            log.warning("ignoring an unreadable cache: %s", store.path)
            return store
        if isinstance(data, dict) and data.get("config") == config and isinstance(data.get("entries"), dict):
            store.entries = data["entries"]
        return store

    def get(self, key: str) -> Any:
        """Return the value of ``key``, or None on a miss."""
        value = self.entries.get(key)
        if value is None:
            self.misses += 1
        else:
            self.hits += 1
            self.used.add(key)
        return value

    def put(self, key: str, value: Any) -> None:
        """Remember ``value`` under ``key``."""
        self.entries[key] = value
        self.used.add(key)

    def save(self) -> None:
        """Write the entries this run used, if anything changed."""
        if self.path is None or (not self.misses and len(self.used) == len(self.entries)):
            return
        from .writer import atomic_write  # the writer owns file writing

        kept = {key: self.entries[key] for key in sorted(self.used)}
        body = json.dumps({"config": self.config, "entries": kept}, ensure_ascii=False, sort_keys=True)
        atomic_write(self.path, body.encode("utf-8"))


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


class EnrichCache:
    """What enrichment derived for each paper, by the hash of its input fields."""

    def __init__(self, folder: Path | None, config: str) -> None:
        self.store = Store.load(folder, "enrich.json", config)

    def key(self, paper: Paper) -> str:
        """Return the key of a paper's input fields."""
        return _hash(json.dumps([getattr(paper, name) for name in INPUT], ensure_ascii=False))

    def get(self, paper: Paper) -> Paper | None:
        """Return the paper enriched from the cache, or None on a miss."""
        entry = self.store.get(self.key(paper))
        if entry is None:
            return None
        return replace(paper, **{name: tuple(v) if isinstance(v, list) else v for name, v in entry.items()})

    def put(self, paper: Paper, enriched: Paper) -> None:
        """Remember what enrichment derived for ``paper``."""
        derived = asdict(enriched)
        self.store.put(self.key(paper), {name: derived[name] for name in DERIVED})


class PageCache:
    """Rendered pages, by the hash of their spec (``repr`` is complete and stable)."""

    def __init__(self, folder: Path | None, config: str) -> None:
        self.store = Store.load(folder, "pages.json", config)

    def key(self, spec: object) -> str:
        """Return the key of a page spec."""
        return _hash(repr(spec))

    def get(self, spec: object) -> str | None:
        """Return the rendered text of ``spec``, or None on a miss."""
        return self.store.get(self.key(spec))

    def put(self, spec: object, text: str) -> None:
        """Remember the rendered text of ``spec``."""
        self.store.put(self.key(spec), text)


def related_lists(folder: Path | None, papers: Sequence[Paper], compute: Callable[[], dict]) -> dict:
    """Return the related-paper lists of a corpus, computed only when the corpus changed.

    The lists depend on every paper's id, title and text together (and on the code that
    computes them), so one entry keyed by all of those is kept.
    """
    store = Store.load(folder, "related.json", fingerprint([PACKAGE / "related.py"]))
    corpus = sorted((p.id, p.title, p.text) for p in papers)
    key = _hash(json.dumps(corpus, ensure_ascii=False))
    lists = store.get(key)
    if lists is None:
        lists = compute()
        store.put(key, lists)
        store.save()
    return {paper_id: tuple(ids) for paper_id, ids in lists.items()}
