"""Render the generated Markdown into a site by running MkDocs in its own process.

The generator never imports MkDocs; this module only runs its command line, so a
successor that reads the same ``mkdocs.yml`` can take its place here alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .config import Settings
from .errors import BuildError, OutputError

#: Written into every site papersite builds, so it only ever replaces its own output.
SITE_MARKER = ".papersite-site"

#: MkDocs stamps sitemap.xml.gz with the build time; a fixed default keeps bytes stable.
DEFAULT_SOURCE_DATE_EPOCH = "0"


def mkdocs_env() -> dict[str, str]:
    """Return the environment for MkDocs: reproducible unless the user set a date."""
    env = dict(os.environ)
    env.setdefault("SOURCE_DATE_EPOCH", DEFAULT_SOURCE_DATE_EPOCH)
    return env


def _check_replaceable(site_dir: Path) -> None:
    if site_dir.exists() and not site_dir.is_dir():
        raise OutputError(f"{site_dir} is a file, not a site folder; move it and run again")
    if site_dir.is_dir() and any(site_dir.iterdir()) and not (site_dir / SITE_MARKER).exists():
        raise OutputError(
            f"{site_dir} holds files papersite did not build; refusing to replace it "
            "(choose another --site-dir, or empty it yourself)"
        )


def build_site(settings: Settings, strict: bool = True) -> Path:
    """Build the site into a temporary folder, then swap it in; return the site folder.

    If MkDocs fails, the previous site stays exactly as it was.
    """
    site_dir = settings.site_dir
    _check_replaceable(site_dir)
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.new-", dir=site_dir.parent))
    try:
        command = [sys.executable, "-m", "mkdocs", "build", "--clean", "--quiet"]
        command += ["--config-file", str(settings.config_file), "--site-dir", str(staging)]
        if strict:
            command.append("--strict")
        result = subprocess.run(
            command, cwd=settings.project_dir, env=mkdocs_env(),
            capture_output=True, text=True, check=False,
        )
        if result.returncode != 0:
            output = (result.stderr + result.stdout).strip()
            raise BuildError(f"MkDocs failed; the previous site is untouched:\n{output}")
        (staging / SITE_MARKER).write_text("built by papersite\n", encoding="utf-8")
        _swap(staging, site_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return site_dir


def _swap(staging: Path, site_dir: Path) -> None:
    """Put ``staging`` at ``site_dir``; the old site is removed only once the new is in place."""
    if not site_dir.exists():
        os.replace(staging, site_dir)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.old-", dir=site_dir.parent))
    os.replace(site_dir, retired / site_dir.name)
    try:
        os.replace(staging, site_dir)
    except BaseException:
        os.replace(retired / site_dir.name, site_dir)
        raise
    finally:
        shutil.rmtree(retired, ignore_errors=True)
