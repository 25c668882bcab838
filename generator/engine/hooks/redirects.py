"""MkDocs hook: hand papersite's redirects to the mkdocs-redirects plugin.

papersite keeps every address a paper page ever had (``permalinks.json``); when one changes,
it writes the old page source and the new one into ``_generated/redirects.json`` under
docs_dir. The plugin writes a page at each old address that sends the reader on (a meta
refresh, a canonical link, and a script that keeps the ``#fragment``), relative to the old
page, so it works under a sub-path and from ``file://`` alike. This hook only fills the
plugin's ``redirect_maps`` from that file: map and pages stay papersite's, the plugin is
swappable.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from generator.errors import plural  # how papersite counts in messages

#: papersite writes it (generator/urls.py: REDIRECTS).
REDIRECTS = Path("_generated") / "redirects.json"

log = logging.getLogger("mkdocs.hooks.redirects")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    path = Path(config.docs_dir) / REDIRECTS
    try:
        redirects = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return config
    if not redirects:
        return config
    plugin = config.plugins.get("redirects")
    if plugin is None:
        log.warning(
            "%s: %s to redirect, but the 'redirects' plugin is not in mkdocs.yml",
            path, plural(len(redirects), "old address", "old addresses"),
        )  # fmt: skip
        return config
    plugin.config["redirect_maps"] = {**redirects, **plugin.config["redirect_maps"]}
    return config
