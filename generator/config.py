"""Settings, declared once and validated up front."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import yamlfile
from .errors import PapersiteError

#: The input of a site whose mkdocs.yml lists none, relative to its folder (the clone's bundled corpus).
DEFAULT_INPUT = "data"
DEFAULT_DOCS_DIR = "site_src"
DEFAULT_SITE_DIR = "site"
CACHE_DIR = ".papersite-cache"
#: The ledger of paper addresses, beside mkdocs.yml: committed with the input (generator.plan.permalinks).
LEDGER_FILE = "permalinks.json"


@dataclass(frozen=True)
class Settings:
    """Where papersite reads and writes, all resolved to absolute paths."""

    config_file: Path  #: the MkDocs configuration (``mkdocs.yml``)
    inputs: tuple[Path, ...]  #: files or folders of abstracts
    docs_dir: Path  #: MkDocs' docs_dir, where Markdown is generated
    site_dir: Path  #: where the rendered site goes
    taxonomy: Path | None = None  #: a topic taxonomy file; None for the shipped one
    use_cache: bool = True  #: reuse enrichment of unchanged papers from earlier runs
    jobs: int | None = None  #: processes to enrich and render with; None for one per available CPU
    site_url: str | None = None  #: where the site is published (mkdocs.yml site_url), if known
    site_name: str | None = None  #: the site's name (mkdocs.yml site_name); None: named after its corpus
    site_description: str | None = None  #: mkdocs.yml site_description; None: written from the corpus
    retire_missing: bool = False  #: let a build retire most of the ledger's pages (papers removed for real)

    @property
    def project_dir(self) -> Path:
        """Return the folder of ``mkdocs.yml``: relative paths in it are relative to this."""
        return self.config_file.parent

    @property
    def ledger_file(self) -> Path:
        """Return the ledger of paper addresses (``permalinks.json`` beside ``mkdocs.yml``)."""
        return self.project_dir / LEDGER_FILE

    @property
    def cache_dir(self) -> Path | None:
        """Return where enrichment is cached (None when caching is off)."""
        return self.project_dir / CACHE_DIR if self.use_cache else None


#: Where the site is published when its mkdocs.yml does not say (the Pages workflow sets it).
SITE_URL_ENV = "PAPERSITE_SITE_URL"

#: The section of ``mkdocs.yml`` that is papersite's own (the engine never sees it).
PAPERSITE_KEY = "papersite"


def _site_options(config_file: Path) -> tuple[dict[str, str], dict[str, Any]]:
    """Return the site's top-level scalar options and papersite's section of its settings."""
    own = yamlfile.load(config_file)
    section = own.get(PAPERSITE_KEY) or {}
    if not isinstance(section, dict):
        raise PapersiteError(f"{config_file}: expected the '{PAPERSITE_KEY}' section to be a mapping of settings")
    options = {str(k): str(v) for k, v in own.items() if isinstance(v, (str, int, float))}
    options.setdefault("site_url", os.environ.get(SITE_URL_ENV, ""))
    return options, section


def load_settings(
    config_file: str | Path = "mkdocs.yml",
    inputs: list[str] | None = None,
    site_dir: str | None = None,
    taxonomy: str | None = None,
    use_cache: bool = True,
    jobs: int | None = None,
    retire_missing: bool = False,
) -> Settings:
    """Resolve and validate the settings of one run; report every problem at once.

    Inputs and a taxonomy given on the command line are relative to the working folder;
    those listed in ``mkdocs.yml`` (its ``papersite:`` section) to the site folder.
    """
    config = Path(config_file).resolve()
    if not config.is_file():
        raise PapersiteError(
            f"Config value 'config_file': {config} does not exist. Make a site folder with "
            "'papersite new DIR' and run papersite there, or pass --config-file"
        )
    project = config.parent
    options, section = _site_options(config)
    docs = project / (options.get("docs_dir") or DEFAULT_DOCS_DIR)
    site = Path(site_dir).resolve() if site_dir else project / (options.get("site_dir") or DEFAULT_SITE_DIR)

    problems = []
    listed = section.get("inputs", [DEFAULT_INPUT])
    if isinstance(listed, str):
        listed = [listed]
    if not isinstance(listed, list) or not all(isinstance(item, str) for item in listed):
        problems.append(f"Config value '{PAPERSITE_KEY}.inputs': expected a list of files or folders, found {listed!r}")
        listed = []
    paths = tuple(Path(p).resolve() for p in inputs) if inputs else tuple((project / p).resolve() for p in listed)
    if not paths:
        problems.append(f"Config value '{PAPERSITE_KEY}.inputs': no input listed in {config}, and none given")
    if taxonomy is None and section.get("taxonomy") is not None:
        taxonomy = str(project / str(section["taxonomy"]))
    unknown = sorted(set(section) - {"inputs", "taxonomy"})
    if unknown:
        problems.append(f"Config value '{PAPERSITE_KEY}': unknown settings {', '.join(map(repr, unknown))} in {config}")
    if site == project or project.is_relative_to(site):
        problems.append(f"Config value 'site_dir': {site} would replace the project itself")
    if site.is_relative_to(docs) or docs.is_relative_to(site):
        problems.append(f"Config value 'site_dir': {site} must not overlap docs_dir {docs}")
    if jobs is not None and jobs < 1:
        problems.append(f"Config value 'jobs': {jobs} is not a positive number of processes")
    if taxonomy and not Path(taxonomy).is_file():
        problems.append(f"Config value 'taxonomy': {taxonomy} does not exist")
    if problems:
        raise PapersiteError("\n".join(problems))
    return Settings(
        config, paths, docs, site, Path(taxonomy).resolve() if taxonomy else None, use_cache, jobs,
        site_url=options.get("site_url") or None,
        site_name=options.get("site_name") or None,
        site_description=options.get("site_description") or None,
        retire_missing=retire_missing,
    )
