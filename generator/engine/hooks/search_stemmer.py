"""MkDocs hook: put the lunr.js that MkDocs ships into the site, for papersite's search engine.

``theme/assets/javascripts/iframe-worker.js`` stems a query with ``lunr.stemmer`` exactly as
the generator stems the index with lunr.py (``generator/render/search.py``). lunr.js comes
with MkDocs itself (its built-in search theme), so the site takes it from the installed
package at build time: nothing is fetched, and no copy is kept in this repository.
"""

from __future__ import annotations

from pathlib import Path

import mkdocs.contrib.search
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

#: lunr.js as MkDocs installs it, and where the engine loads it from.
LUNR = Path(mkdocs.contrib.search.__file__).parent / "templates" / "search" / "lunr.js"
TARGET = "assets/javascripts/lunr.js"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if files.get_file_from_path(TARGET) is None:
        files.append(File.generated(config, TARGET, abs_src_path=str(LUNR)))
    return files
