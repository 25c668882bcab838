"""Settings, declared once and validated up front."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import PapersiteError

#: The bundled corpus, relative to the project folder: used when no input is given.
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
    jobs: int | None = None  #: processes for enrichment; None for one per available CPU
    site_url: str | None = None  #: where the site is published (mkdocs.yml site_url), if known
    site_name: str = "Papers"  #: the site's name (mkdocs.yml site_name), for feeds

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


class _LenientLoader(yaml.SafeLoader):
    """A safe loader that reads past MkDocs' ``!!python/name:`` tags and resolves ``!ENV``."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> object:
    """Resolve ``!ENV NAME`` or ``!ENV [NAME, ..., default]`` as MkDocs does."""
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        items = loader.construct_sequence(node)  # type: ignore[arg-type]
        names, default = items[:-1], items[-1] if items else None
    for name in names:
        if str(name) in os.environ:
            return os.environ[str(name)]
    return default


_LenientLoader.add_constructor("!ENV", _env)
_LenientLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def _mkdocs_options(config_file: Path) -> dict[str, str]:
    """Return the top-level scalar options of ``mkdocs.yml``, without importing MkDocs."""
    try:
        data = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_LenientLoader)  # noqa: S506
    except (OSError, yaml.YAMLError) as error:
        raise PapersiteError(f"{config_file}: cannot read the MkDocs configuration: {error}") from error
    if not isinstance(data, dict):
        return {}
    return {str(key): str(value) for key, value in data.items() if isinstance(value, (str, int, float))}


def load_settings(
    config_file: str | Path = "mkdocs.yml",
    inputs: list[str] | None = None,
    site_dir: str | None = None,
    taxonomy: str | None = None,
    use_cache: bool = True,
    jobs: int | None = None,
) -> Settings:
    """Resolve and validate the settings of one run; report every problem at once."""
    config = Path(config_file).resolve()
    if not config.is_file():
        raise PapersiteError(
            f"Config value 'config_file': {config} does not exist "
            "(run papersite in the project folder, or pass --config-file)"
        )
    project = config.parent
    options = _mkdocs_options(config)
    docs = project / (options.get("docs_dir") or DEFAULT_DOCS_DIR)
    site = Path(site_dir).resolve() if site_dir else project / (options.get("site_dir") or DEFAULT_SITE_DIR)
    paths = tuple(Path(p).resolve() for p in inputs) if inputs else (project / DEFAULT_INPUT,)

    problems = []
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
        site_name=options.get("site_name") or "Papers",
    )
