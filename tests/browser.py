"""Helpers for browser tests: Debian's chromium through Playwright, and a local server."""

from __future__ import annotations

import contextlib
import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"

# Flags that keep chromium from reaching out on its own (updates, sync, field trials).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
]


def require_chromium() -> None:
    """Fail (not skip) with the fix when Debian's chromium is missing."""
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        raise RuntimeError("browser tests need Debian's chromium: apt-get install chromium")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class _KeepAliveHandler(_QuietHandler):
    protocol_version = "HTTP/1.1"  # connections stay open between requests, as on any real host


class _KeepAliveServer(http.server.ThreadingHTTPServer):
    block_on_close = False  # a browser may hold a connection open past the server's end


@contextlib.contextmanager
def serve(root: Path, keep_alive: bool = False) -> Iterator[str]:
    """Serve ``root`` over HTTP on a free loopback port; yield the base URL.

    Plainly, one connection per file (``python -m http.server``), or with ``keep_alive``
    as HTTP/1.1 hosts do: a browser reuses up to six connections.
    """
    handler = functools.partial(_KeepAliveHandler if keep_alive else _QuietHandler, directory=str(root))
    server = (_KeepAliveServer if keep_alive else http.server.ThreadingHTTPServer)(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
