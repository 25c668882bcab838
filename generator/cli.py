"""The ``papersite`` command line: the one module that prints and picks exit statuses."""

from __future__ import annotations

import argparse
import logging
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from . import __version__, pipeline, scaffold, urls
from .config import Settings, load_settings
from .errors import BuildError, PapersiteError, plural, show_by_default
from .plan.report import Report
from .engine import compose, site
from .engine.engines import DEFAULT, ENGINES, Engine
from .pipeline.background import default_jobs
from .write.lock import project_lock

log = logging.getLogger("generator")

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2

DEFAULT_BUNDLE = "dist/papersite-offline.zip"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="papersite", description="Turn collections of paper abstracts into a searchable static site."
    )
    parser.add_argument("--version", action="version", version=f"papersite {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    console = argparse.ArgumentParser(add_help=False)
    console.add_argument("-q", "--quiet", action="store_true", help="print errors and the summary only")
    console.add_argument("-v", "--verbose", action="store_true", help="print every page written, and every notice")
    console.add_argument("--debug", action="store_true", help="show a traceback on errors")

    common = argparse.ArgumentParser(add_help=False, parents=[console])
    common.add_argument(
        "inputs", nargs="*", metavar="INPUT",
        help="abstract files (.txt plain layout, .jsonl, .csv) or folders; default: those mkdocs.yml lists",
    )
    common.add_argument("-f", "--config-file", default="mkdocs.yml", help="the site's configuration (default: mkdocs.yml)")
    common.add_argument("--taxonomy", help="a topic taxonomy file (default: the shipped generator/enrich/topics/topics.yml)")
    common.add_argument(
        "--no-cache", action="store_true", help="enrich every paper afresh (ignore .papersite-cache/)"
    )
    common.add_argument(
        "-j", "--jobs", type=int,
        help="processes to enrich papers and render the site with, this one included (default: one per CPU)",
    )
    common.add_argument(
        "--retire-missing", action="store_true",
        help="let this build retire more than half of the ledger's pages (you removed those papers)",
    )

    new = commands.add_parser("new", parents=[console], help="make a site folder of your own")
    new.add_argument("folder", metavar="DIR", help="the folder to make (new, or empty)")
    new.add_argument("inputs", nargs="*", metavar="INPUT", help="abstract files or folders for its mkdocs.yml to list")
    commands.add_parser("generate", parents=[common], help="write the Markdown pages into docs_dir")
    commands.add_parser("report", parents=[common], help="print the quality report of the input; write nothing")
    engine = argparse.ArgumentParser(add_help=False)
    engine.add_argument(
        "--engine", choices=sorted(ENGINES), default=DEFAULT,
        help=f"what renders the site (default: {DEFAULT}; see README, Engines)",
    )
    build = commands.add_parser("build", parents=[common, engine], help="generate, then render the site (strict)")
    build.add_argument("-d", "--site-dir", help="where the site goes (default: site_dir of mkdocs.yml, or site/)")
    bundle = commands.add_parser("bundle", parents=[common, engine], help="generate, then write the offline site as a zip")
    bundle.add_argument(
        "-o", "--output", help=f"the zip to write (default: {DEFAULT_BUNDLE} in the project folder)"
    )
    serve = commands.add_parser("serve", parents=[common, engine], help="preview with live reload; regenerates when inputs change")
    serve.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="address to serve on (default 127.0.0.1:8000)")
    serve.add_argument(
        "--full", action="store_true",
        help="after an edit, rebuild every page, as build does (default: only the pages papersite "
        "rewrote, seconds instead of minutes on large corpora)",
    )
    return parser


@contextmanager
def _console(args: argparse.Namespace) -> Iterator[None]:
    """Log to the console at the level the options ask for, for the length of one command.

    main() may run many times in one process (tests, embedding): the handler and the
    logger's level are put back afterwards, so none of them outlives its sys.stderr.
    """
    level = logging.DEBUG if args.verbose or args.debug else logging.WARNING if args.quiet else logging.INFO
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    handler.setLevel(level)
    if level > logging.DEBUG:
        handler.addFilter(show_by_default)
    previous = log.level
    log.addHandler(handler)
    log.setLevel(level)
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(previous)


#: Corpora larger than this show progress lines while they are enriched.
PROGRESS_ABOVE = 300


def _progress(done: int, total: int) -> None:
    if total > PROGRESS_ABOVE:
        log.info("enriched %d of %d papers", done, total)


def _generate(settings: Settings) -> pipeline.Generated:
    with project_lock(settings.project_dir):
        result = pipeline.generate(settings, _progress)
    log.info("generated %s", result.summary())
    return result


#: Seconds between looks at the input files under ``serve`` (a look is a few stat calls).
WATCH_EVERY = 0.2


def _serve(settings: Settings, engine: Engine, dev_addr: str, full: bool = False) -> int:
    """Run the engine's ``serve`` and regenerate whenever an input file changes."""
    if not engine.serves:
        raise BuildError(f"papersite serve cannot run {engine.title} yet: preview with --engine mkdocs")
    site_identity = _generate(settings).site

    def snapshot() -> dict[Path, float]:
        files = [p for root in settings.inputs for p in ([root] if root.is_file() else sorted(root.rglob("*")))]
        return {p: p.stat().st_mtime for p in files if p.is_file()}

    stop = threading.Event()

    def watch() -> None:
        seen = snapshot()
        while not stop.wait(WATCH_EVERY):
            now = snapshot()
            if now != seen:
                seen = now
                try:
                    _generate(settings)  # MkDocs sees the changed pages and reloads them
                except PapersiteError as error:
                    log.error("%s", error)

    threading.Thread(target=watch, daemon=True).start()
    # Under serve, the engine builds into a folder of its own: settings.site_dir is not touched.
    with compose.config_file(settings, site_identity.name, site_identity.description, engine, settings.site_dir) as config:
        # The writer leaves unchanged pages' mtimes alone, so a dirty build (source newer than its
        # page) rebuilds exactly the pages an edit changed; hooks/preview.py keeps the search index
        # whole and the rebuild strict.
        command = engine.serve(config, dev_addr, dirty=not full)
        try:
            return _until_stopped(subprocess.Popen(command, cwd=settings.project_dir, env=site.engine_env()))
        finally:
            stop.set()


#: Signals that stop ``papersite serve`` besides Ctrl-C: passed on to MkDocs (not on Windows).
PASSED_ON = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _until_stopped(server: subprocess.Popen[bytes]) -> int:
    """Wait for MkDocs' server to end; when papersite is stopped, let it stop cleanly.

    Stopping, ``mkdocs serve`` deletes the temporary folder it built the site into, which takes
    a moment for a large site: ``subprocess.run`` would kill it after a quarter of a second and
    leave the folder behind. So SIGTERM and SIGHUP are passed on, and Ctrl-C (which reaches
    MkDocs as well, in the same process group) is waited out; hooks/clean_stop.py has MkDocs
    take any of them as Ctrl-C, and ignore the ones after the first. A second Ctrl-C stops
    MkDocs at once.
    """

    def pass_on(number: int, frame: object) -> None:
        server.send_signal(number)

    previous = {}
    if threading.current_thread() is threading.main_thread():  # the only thread that may set handlers
        previous = {number: signal.signal(number, pass_on) for number in PASSED_ON}
    try:
        try:
            return server.wait()
        except KeyboardInterrupt:
            server.send_signal(signal.SIGINT)  # for a SIGINT sent to papersite alone
            try:
                server.wait()
            except KeyboardInterrupt:
                server.kill()
                server.wait()
            return EXIT_OK
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _new(folder: str, inputs: Sequence[str]) -> int:
    """Make a site folder; say what is in it and what to do next."""
    target = Path(folder)
    written = scaffold.new_site(target, [Path(p) for p in inputs])
    print(f"Made the site folder {target} ({plural(len(written), 'file')}):")
    for path in written:
        print(f"  {path.relative_to(target.resolve())}")
    build = "papersite build" if inputs else "papersite build   (after you put your abstract files in data/)"
    print(f"Next: cd {target} && {build}")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Run one command; return its exit status."""
    if args.command == "new":
        return _new(args.folder, args.inputs)
    settings = load_settings(
        args.config_file, args.inputs, getattr(args, "site_dir", None), args.taxonomy, not args.no_cache,
        args.jobs, args.retire_missing,
    )
    if args.command == "serve":
        return _serve(settings, ENGINES[args.engine], args.dev_addr, args.full)
    if args.command == "report":
        prepared = pipeline.prepare(settings, _progress)
        prepared.save_cache()
        print(format_report(prepared.report))
        return EXIT_OK
    output = None
    if args.command == "bundle":
        output = Path(args.output).resolve() if args.output else settings.project_dir / DEFAULT_BUNDLE
        site.check_bundle_target(output)  # before anything is written
        site.check_bundles(ENGINES[args.engine])
    started = time.perf_counter()
    with project_lock(settings.project_dir):
        result = pipeline.generate(settings, _progress)
        log.info("generated %s", result.summary())
        if args.command == "build":
            site_dir = site.build_site(settings, result.site, ENGINES[args.engine], jobs=_jobs(settings))
            print(f"Site built in {site_dir}, for a web server. To view it: papersite serve (a live preview on "
                  "http://127.0.0.1:8000), or papersite bundle (a zip whose index.html opens from your files).")
        elif output is not None:
            site.build_bundle(settings, result.site, output, ENGINES[args.engine], jobs=_jobs(settings))
            root = output.name.removesuffix(".zip")
            print(f"Offline bundle written to {output} (unzip it and open {root}/index.html)")
    print(f"papersite: {result.summary(time.perf_counter() - started)}")
    if not args.quiet:
        from .plan.pages import REPORT_NOTICES  # imported by the run already

        print(result.report.summary())
        print(
            "Full report, every notice with its file and line: `papersite report`, "
            f"or the page {urls.url_of(urls.REPORT_PAGE)} of the site (the first {REPORT_NOTICES} of each kind)."
        )
    return EXIT_OK


def _jobs(settings: Settings) -> int:
    """Return the processes to render with: ``-j``, or one per CPU."""
    return default_jobs() if settings.jobs is None else settings.jobs


def format_report(report: Report) -> str:
    """Return the full quality report as text for the terminal."""
    width = max((len(t.name) for t in report.topics), default=0)
    lines = [
        report.summary(), "", "Papers per topic:",
        f"  {'':<{width}}  {'all':>6}  {'terms':>6}  {'corpus':>6}  where the topic came from",
    ]  # fmt: skip
    for topic in sorted(report.topics, key=lambda t: (t.fallback, -t.count, t.name.casefold())):
        counts = f"{topic.count:>6,}  {topic.by_terms:>6,}  {topic.by_corpus:>6,}"
        lines.append(f"  {topic.name:<{width}}  {counts}  {topic.source}")
    for kind, items in report.by_kind().items():
        lines += ["", f"{kind} ({len(items)}):"]
        lines += [f"  {item.where}: {item.message}" if item.where else f"  {item.message}" for item in items]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``papersite`` command."""
    args = _parser().parse_args(argv)
    with _console(args):
        try:
            return run(args)
        except PapersiteError as error:
            if args.debug:
                log.exception("papersite stopped")
            print(f"Error: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except KeyboardInterrupt:
            print("Interrupted; the previous site is untouched.", file=sys.stderr)
            return 130
        except Exception:  # noqa: BLE001 - the last line of defence: a hint instead of a bare traceback
            log.exception("internal error")
            print("papersite hit an internal error: please report it with the traceback above.", file=sys.stderr)
            return EXIT_INTERNAL
