"""The engine's configuration: papersite's defaults, the site's own ``mkdocs.yml`` over them.

A site folder's ``mkdocs.yml`` holds only what is the site's own (its name, where it is
published, its inputs, what it customises). Everything else comes from the installed
package: ``base.yml`` beside this module, the theme (``generator.theme``) and the hooks. This
module merges the two and writes the result, every path absolute, to a file the engine reads
for one run: so a site builds from any folder, with no copy of the theme in it.
"""

from __future__ import annotations

import html
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .. import theme, yamlfile
from ..config import PAPERSITE_KEY, Settings
from ..errors import BuildError
from .engines import Engine

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
BASE = HERE / "base.yml"
HOOKS = HERE / "hooks"
THEME = Path(theme.__file__).resolve().parent

#: Hooks papersite had, whose work it now does itself (finish.py): an old mkdocs.yml may name them.
FORMER_HOOKS = {"redirects.py", "search_stemmer.py"}

#: Lists of files or of options: a site's entries are added to the defaults'.
LISTS_OF_FILES = ("extra_css", "extra_javascript", "hooks")
#: Lists of named entries (``name`` or ``{name: options}``): a site's entry replaces the default of its name.
LISTS_OF_NAMES = ("plugins", "markdown_extensions")


def _name(entry: object) -> str:
    """Return the name of a plugin or extension entry."""
    return next(iter(entry)) if isinstance(entry, dict) and len(entry) == 1 else str(entry)


def _merge_names(defaults: list, own: list) -> list:
    """Return ``defaults`` with ``own`` entries replacing those of their name, new ones after."""
    mine = {_name(entry): entry for entry in own}
    merged = [mine.pop(_name(entry), entry) for entry in defaults]
    return merged + [entry for entry in own if _name(entry) in mine]


def merge(defaults: dict[str, Any], own: dict[str, Any], top: bool = True) -> dict[str, Any]:
    """Return ``own`` merged over ``defaults`` (see base.yml for the rules)."""
    merged = dict(defaults)
    for key, value in own.items():
        default = merged.get(key)
        if isinstance(default, dict) and isinstance(value, dict):
            merged[key] = merge(default, value, top=False)
        elif top and key in LISTS_OF_FILES and isinstance(default, list) and isinstance(value, list):
            merged[key] = default + [item for item in value if item not in default]
        elif top and key in LISTS_OF_NAMES and isinstance(default, list) and isinstance(value, list):
            merged[key] = _merge_names(default, value)
        else:
            merged[key] = value
    return merged


def compose(settings: Settings, site_name: str, site_description: str, offline: bool = False) -> dict[str, Any]:
    """Return the engine's whole configuration for ``settings``, every path absolute.

    ``site_name`` and ``site_description`` are the site's own when its ``mkdocs.yml`` sets
    them, or what papersite wrote from the corpus. ``offline``: for the bundle that works
    from ``file://``.
    """
    own = yamlfile.load(settings.config_file)
    own.pop(PAPERSITE_KEY, None)
    project = settings.project_dir
    # The site's own hooks and theme are relative to its folder; the defaults' are the package's.
    own_hooks = [str(project / hook) for hook in own.pop("hooks", None) or () if not _papersites(str(hook), settings)]
    own_theme = own.get("theme") if isinstance(own.get("theme"), dict) else {}
    custom_dir = own_theme.get("custom_dir")
    config = merge(yamlfile.load(BASE), own)
    config["hooks"] = [str(HOOKS / hook) for hook in config.get("hooks") or ()] + own_hooks
    config["theme"]["custom_dir"] = str(project / custom_dir) if custom_dir else str(THEME)
    config["site_url"] = settings.site_url or ""
    # Material prints both as HTML (in <title>, the header, <meta content>): they are text,
    # and a name written from the corpus carries the input's venue names.
    config["site_name"] = html.escape(site_name, quote=True)
    config["site_description"] = html.escape(site_description, quote=True)
    config["docs_dir"] = str(settings.docs_dir)
    config["site_dir"] = str(settings.site_dir)
    config["markdown_extensions"] = [_snippets_base(entry, settings.docs_dir) for entry in config["markdown_extensions"]]
    config["plugins"] = [{"offline": {"enabled": offline}} if _name(p) == "offline" else p for p in config["plugins"]]
    return config


def _papersites(hook: str, settings: Settings) -> bool:
    """Return whether a site's hook is one of papersite's own (a mkdocs.yml written before they moved)."""
    if Path(hook).name in {path.name for path in HOOKS.glob("*.py")} | FORMER_HOOKS and Path(hook).parent.name == "hooks":
        log.warning("%s: hooks: %s is papersite's own, which it adds itself: leave it out", settings.config_file, hook)
        return True
    return False


def _snippets_base(entry: object, docs_dir: Path) -> object:
    """Return a Markdown extension entry; the snippets extension reads from ``docs_dir``."""
    if _name(entry) != "pymdownx.snippets":
        return entry
    options = dict(entry["pymdownx.snippets"] or {}) if isinstance(entry, dict) else {}
    options.setdefault("base_path", [str(docs_dir)])
    return {"pymdownx.snippets": options}


@contextmanager
def config_file(
    settings: Settings, site_name: str, site_description: str, engine: Engine, site_dir: Path, offline: bool = False
) -> Iterator[Path]:
    """Write the engine's configuration to a file of its own for the length of a run; yield it.

    It lives in a temporary folder, not in the site folder: it holds this machine's paths, and
    nothing of the site's should depend on it. An engine that wants its configuration inside the
    site folder, with the folders it reads and writes below it (Zensical), gets a hidden file
    there and paths relative to it.
    """
    config = compose(settings, site_name, site_description, offline)
    if not engine.hooks:
        del config["hooks"]
    project = settings.project_dir
    if engine.site_dir_option:
        folder = Path(tempfile.mkdtemp(prefix="papersite-engine-"))
        path = folder / "mkdocs.yml"
    else:
        if not site_dir.resolve().is_relative_to(project):
            raise BuildError(f"{site_dir}: {engine.title} writes a site only inside the site folder {project}")
        config["docs_dir"] = os.path.relpath(settings.docs_dir, project)
        config["site_dir"] = os.path.relpath(site_dir, project)
        handle, name = tempfile.mkstemp(prefix=".papersite-engine-", suffix=".yml", dir=project)
        os.close(handle)
        folder, path = None, Path(name)
    try:
        path.write_text(yamlfile.dump(config), encoding="utf-8")
        yield path
    finally:
        if folder is None:
            path.unlink(missing_ok=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)
