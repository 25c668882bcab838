"""The engines that can render a site, each a few lines: how it is run, and what it can do.

MkDocs 1.x is frozen and Material for MkDocs reaches its end of life on 2027-05-05. ProperDocs
is a drop-in fork of MkDocs; Zensical is the successor Material's maintainers build, and reads
``mkdocs.yml``. papersite writes the same configuration for each (``compose``) and adds what no
engine gives alike itself (``finish``); what differs is here.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

DEFAULT = "mkdocs"


@dataclass(frozen=True)
class Engine:
    """One site engine: its command, and what papersite may ask of it."""

    name: str  #: as ``--engine`` names it
    title: str  #: as messages name it
    module: str  #: run as ``python -m MODULE``
    hooks: bool  #: runs MkDocs hooks and plugins
    serves: bool  #: papersite can preview the site with it (``serve``)
    bundles: bool  #: it can make the offline bundle (Material's offline plugin)
    dirty: bool  #: rebuilds only the pages whose Markdown changed (``serve``)
    #: takes the site folder on its command line; else from the configuration, inside the
    #: site's folder, as the configuration file itself must be
    site_dir_option: bool
    #: its search box lists the items of search.json that its worker names (finish.search_items)
    search_json: bool = False
    #: its build can render in slices in several processes (engine/parallel.py, hooks/slices.py)
    slices: bool = False

    def build(self, config: Path, site_dir: Path, strict: bool) -> list[str]:
        """Return the command that renders the site into ``site_dir``."""
        command = [sys.executable, "-m", self.module, "build", "--config-file", str(config)]
        if self.site_dir_option:
            command += ["--clean", "--site-dir", str(site_dir)]
        return command + (["--strict"] if strict else [])

    def serve(self, config: Path, dev_addr: str, dirty: bool) -> list[str]:
        """Return the command that previews the site with live reload."""
        command = [sys.executable, "-m", self.module, "serve", "--config-file", str(config), "--dev-addr", dev_addr]
        return command + (["--dirty"] if dirty and self.dirty else [])


ENGINES = {
    "mkdocs": Engine("mkdocs", "MkDocs", "mkdocs", hooks=True, serves=True, bundles=True, dirty=True, site_dir_option=True,
                     slices=True),
    "properdocs": Engine("properdocs", "ProperDocs", "properdocs", hooks=True, serves=True, bundles=True, dirty=True,
                         site_dir_option=True, slices=True),
    "zensical": Engine(
        "zensical", "Zensical", "zensical", hooks=False, serves=False, bundles=False, dirty=False,
        site_dir_option=False, search_json=True,
    ),
}
