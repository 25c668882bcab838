"""``papersite new``: a site folder that belongs to its user.

Takes a folder to make and the inputs to list; gives the folder its configuration
(``mkdocs.yml``, with the inputs), its own home and About pages (``files/site_src/``:
each includes what papersite writes from the corpus), an empty ledger of addresses, the GitHub
Pages workflow, what that workflow installs, a ``.gitignore`` and a short README. The theme,
templates and defaults stay in the installed package (``generator.engine``).

The starter pages are also what a build writes where a site has none of its own
(``starter_page``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

import jinja2

from .. import __version__, urls
from ..config import DEFAULT_INPUT, LEDGER_FILE
from ..errors import OutputError
from ..plan.permalinks.ledger import dumps

FILES = Path(__file__).resolve().parent / "files"

#: Files copied as they are, by their path in the new folder.
COPIED = (
    "site_src/index.md", "site_src/about.md", ".github/workflows/pages.yml",
)  # fmt: skip
#: Files written from a template of ``files/`` (``NAME.j2``).
TEMPLATED = ("mkdocs.yml", "README.md", ".gitignore", "requirements.txt")


def starter_page(name: str) -> bytes:
    """Return the starter of a page of the site's own (``index.md``, ``about.md``)."""
    return (FILES / "site_src" / name).read_bytes()


def requirement() -> tuple[str, str]:
    """Return how a Pages workflow can install this papersite, and a comment on it.

    pip records where a package came from (``direct_url.json``, PEP 610): a Git repository
    is named with its commit; an index with the version. A folder on this machine is of no
    use to GitHub's runner: the comment says what to write instead.
    """
    try:
        origin = json.loads(metadata.distribution("papersite").read_text("direct_url.json") or "null")
    except metadata.PackageNotFoundError:
        origin = None
    if not origin:
        return f"papersite=={__version__}", "papersite as published on the package index."
    vcs = origin.get("vcs_info")
    if vcs:
        return f"papersite @ {vcs['vcs']}+{origin['url']}@{vcs['commit_id']}", "papersite from its repository, at the commit installed here."
    return (
        "papersite @ git+https://github.com/OWNER/papersite",
        "papersite was installed here from a folder, which GitHub's runner cannot reach: name its\n"
        "# repository instead (OWNER/papersite, or your fork), or a wheel's URL.",
    )


def _listed(inputs: Sequence[Path], folder: Path) -> list[str]:
    """Return the inputs as ``mkdocs.yml`` lists them: relative to the site folder when inside it."""
    listed = []
    for path in inputs:
        absolute = path.resolve()
        listed.append(absolute.relative_to(folder).as_posix() if absolute.is_relative_to(folder) else str(absolute))
    return listed


def new_site(folder: Path, inputs: Sequence[Path] = ()) -> list[Path]:
    """Make the site folder ``folder`` (new, or empty) listing ``inputs``; return the files written.

    With no inputs, the site reads its own ``data/`` folder, made empty for the user's files.
    """
    folder = folder.resolve()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise OutputError(f"{folder} already exists and is not an empty folder; papersite new makes a new site folder")
    for path in inputs:
        if not path.exists():
            raise OutputError(f"{path}: no such file or folder to list as an input")
    listed = _listed(inputs, folder) or [DEFAULT_INPUT]
    pip_line, pip_comment = requirement()
    context = {
        "name": folder.name,
        "inputs": [json.dumps(item, ensure_ascii=False) for item in listed],
        "generated": sorted(urls.GENERATED_ROOTS),
        "requirement": pip_line,
        "requirement_comment": pip_comment,
        "version": __version__,
    }
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(FILES), undefined=jinja2.StrictUndefined, keep_trailing_newline=True
    )
    files = {rel: (FILES / rel).read_bytes() for rel in COPIED}
    files.update({rel: env.get_template(f"{rel.lstrip('.')}.j2").render(context).encode() for rel in TEMPLATED})
    files[LEDGER_FILE] = dumps(()).encode()
    if not inputs:
        files[f"{DEFAULT_INPUT}/.gitkeep"] = b""
    written = []
    for rel, data in sorted(files.items()):
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as handle:  # never over a file that appeared meanwhile
            handle.write(data)
        written.append(path)
    return written
