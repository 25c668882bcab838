"""Render the generated Markdown into a site by running MkDocs in its own process.

The generator never imports MkDocs; this module only runs its command line on the
configuration ``engine.compose`` writes, so a successor that reads the same
``mkdocs.yml`` can take its place here alone.
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from ..config import Settings
from ..errors import BuildError, OutputError
from ..plan.identity import Identity
from ..write.writer import default_mode
from . import compose, finish, parallel
from .engines import DEFAULT, ENGINES, Engine

#: Written into every site papersite builds, so it only ever replaces its own output.
SITE_MARKER = ".papersite-site"

#: MkDocs stamps sitemap.xml.gz with the build time; a fixed default keeps bytes stable.
DEFAULT_SOURCE_DATE_EPOCH = "0"


#: Files of a hosted site that an offline bundle does not need (source maps are skipped too).
NOT_IN_BUNDLE = {"sitemap.xml", "sitemap.xml.gz", "search/search_index.json", SITE_MARKER}

#: The prefix of the work folder a bundle is made in, beside the zip.
BUNDLE_WORK = ".papersite-bundle-"

#: A fixed timestamp for every zip entry (the zip format's earliest), for stable bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def engine_env() -> dict[str, str]:
    """Return the environment for the engine: reproducible unless the user set a date, and without banners."""
    env = dict(os.environ)
    env.setdefault("SOURCE_DATE_EPOCH", DEFAULT_SOURCE_DATE_EPOCH)
    # The engines' banners about MkDocs 2.0 (Material's, ProperDocs') would head every serve and
    # every failed build's message: papersite keeps the engine swappable (README, Engines).
    # Defaults only: a user who sets either keeps their choice.
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    env.setdefault("DISABLE_MKDOCS_2_WARNING", "true")
    return env


def run_engine(
    settings: Settings, site: Identity, site_dir: Path, engine: Engine, strict: bool = True, offline: bool = False,
    jobs: int = 1,
) -> None:
    """Render ``docs_dir`` into ``site_dir`` with the engine, then add what papersite adds itself.

    ``jobs``: processes to render with (``render_processes``). Raises BuildError if the engine fails.
    """
    if offline:
        check_bundles(engine)
    processes = render_processes(settings, engine, jobs)
    with compose.config_file(settings, site.name, site.description, engine, site_dir, offline) as config:
        if processes > 1:
            returncode, output = parallel.render(
                lambda folder: engine.build(config, folder, strict), site_dir, processes, settings.project_dir,
                engine_env(),
            )  # fmt: skip
        else:
            result = subprocess.run(
                engine.build(config, site_dir, strict), cwd=settings.project_dir, env=engine_env(),
                capture_output=True, text=True, check=False,
            )  # fmt: skip
            returncode, output = result.returncode, result.stderr + result.stdout
    if returncode != 0:
        raise BuildError(f"{engine.title} failed; the previous output is untouched:\n{output.strip()}")
    # Zensical copies the theme's files whole, the package's __init__.py among them.
    (site_dir / "__init__.py").unlink(missing_ok=True)
    finish.finish(site_dir, settings.docs_dir, settings.site_url, directory_urls=not offline)
    if engine.search_json:
        finish.search_items(site_dir)


def render_processes(settings: Settings, engine: Engine, jobs: int) -> int:
    """Return how many processes render the site: ``jobs``, or one for a small site or an engine that cannot split."""
    if jobs < 2 or not engine.slices:
        return 1
    pages = sum(1 for _ in settings.docs_dir.rglob("*.md"))
    return jobs if pages >= parallel.PARALLEL_FROM_PAGES else 1


def _check_replaceable(site_dir: Path) -> None:
    if site_dir.exists() and not site_dir.is_dir():
        raise OutputError(f"{site_dir} is a file, not a site folder; move it and run again")
    if site_dir.is_dir() and any(site_dir.iterdir()) and not (site_dir / SITE_MARKER).exists():
        raise OutputError(
            f"{site_dir} holds files papersite did not build; refusing to replace it "
            "(choose another --site-dir, or empty it yourself)"
        )


def recover_site(site_dir: Path) -> None:
    """Clean up after a build that was killed: restore a site caught mid-swap, drop staging.

    A build stages the new site in ``.<name>.new-*`` and retires the old one to
    ``.<name>.old-*`` only for the instant of the swap; both are papersite's own.
    """
    if not site_dir.parent.is_dir():
        return
    retired = sorted(site_dir.parent.glob(f".{site_dir.name}.old-*/{site_dir.name}"))
    if not site_dir.exists() and retired:
        os.replace(retired[-1], site_dir)  # killed between the two renames of a swap
    for leftover in sorted(site_dir.parent.glob(f".{site_dir.name}.new-*")) + sorted(
        site_dir.parent.glob(f".{site_dir.name}.old-*")
    ):
        shutil.rmtree(leftover, ignore_errors=True)


def build_site(
    settings: Settings, site: Identity, engine: Engine = ENGINES[DEFAULT], strict: bool = True, jobs: int = 1
) -> Path:
    """Build the site into a temporary folder, then swap it in; return the site folder.

    If MkDocs fails, the previous site stays exactly as it was.
    """
    site_dir = settings.site_dir
    recover_site(site_dir)
    _check_replaceable(site_dir)
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{site_dir.name}.new-", dir=site_dir.parent))
    os.chmod(staging, default_mode(directory=True))
    try:
        run_engine(settings, site, staging, engine, strict, jobs=jobs)
        (staging / SITE_MARKER).write_text("built by papersite\n", encoding="utf-8")
        _swap(staging, site_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return site_dir


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one atomic step (Linux ``renameat2``); False where unsupported."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EPERM):
        return False  # an old kernel or a file system without exchange: fall back
    raise OSError(code, os.strerror(code), str(b))


def _swap(staging: Path, site_dir: Path) -> None:
    """Put ``staging`` at ``site_dir``; at no instant is there no site.

    Where the system can exchange two folders atomically, it does; elsewhere the old
    site is renamed away and the new one in, and a build killed between the two is
    put right by ``recover_site`` at the start of the next.
    """
    if not site_dir.exists():
        os.replace(staging, site_dir)
        return
    if _exchange(staging, site_dir):
        shutil.rmtree(staging, ignore_errors=True)  # it now holds the old site
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


def check_bundles(engine: Engine) -> None:
    """Refuse an engine that cannot make the offline bundle (it takes Material's offline plugin)."""
    if not engine.bundles:
        raise BuildError(f"{engine.title} cannot make the offline bundle yet: run papersite bundle --engine mkdocs")


def check_bundle_target(output: Path) -> None:
    """Refuse to overwrite anything but a zip papersite made (a user's file is never lost)."""
    if output.suffix != ".zip":
        raise OutputError(f"{output}: the offline bundle is a zip file; give a path ending in .zip")
    if output.is_dir():
        raise OutputError(f"{output} is a folder; give the path of the zip file to write")
    if output.exists():
        root = output.name.removesuffix(".zip")
        try:
            with zipfile.ZipFile(output) as existing:
                ours = {f"{root}/index.html", f"{root}/papers.json"} <= set(existing.namelist())
        except zipfile.BadZipFile:
            ours = False
        if not ours:
            raise OutputError(f"{output} exists and is not a papersite bundle; refusing to replace it")


def build_bundle(
    settings: Settings, site: Identity, output: Path, engine: Engine = ENGINES[DEFAULT], strict: bool = True,
    jobs: int = 1,
) -> Path:
    """Build the offline site and zip it to ``output`` (written atomically); return it.

    The zip holds one folder named after the file; its ``index.html`` works from
    ``file://``, search included. Entries are sorted and dated alike, so the same
    input gives the same bytes.
    """
    check_bundle_target(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    for leftover in sorted(output.parent.glob(f"{BUNDLE_WORK}*")):  # from a killed run
        shutil.rmtree(leftover, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix=BUNDLE_WORK, dir=output.parent) as work:
        site_dir = Path(work) / "site"
        run_engine(settings, site, site_dir, engine, strict, offline=True, jobs=jobs)
        partial = Path(work) / "bundle.zip"
        root = output.name.removesuffix(".zip") or "site"
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bundle:
            for path in sorted(site_dir.rglob("*")):
                rel = path.relative_to(site_dir).as_posix()
                if path.is_dir() or rel in NOT_IN_BUNDLE or rel.endswith(".map"):
                    continue
                info = zipfile.ZipInfo(f"{root}/{rel}", date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                bundle.writestr(info, path.read_bytes())
        os.chmod(partial, default_mode())
        os.replace(partial, output)
    return output
