"""Serve a built static site (``build/lite/``) the way a class's browsers download it fastest.

:class:`PrecompressedStaticFileHandler` is Tornado's :class:`~tornado.web.StaticFileHandler`
with three things added for a classroom of students who each download Pyodide (10 MB of
WebAssembly) and the pages' JavaScript:

- **Precompressed files.**  The site's build writes ``<file>.gz`` beside each large text or
  WebAssembly file (``lite/compress.py``).  A browser that accepts gzip is sent that copy with
  ``Content-Encoding: gzip`` and the original's ``Content-Type``: a third of the bytes, and
  nothing compressed while the class waits.  Any other client gets the original.  A copy older
  or newer than its original (the original changed since the build) is not used.
- **The browser's cache on a second visit.**  Every response has an ``ETag`` (a hash of the
  bytes sent, kept while the file's size and time are unchanged) and ``Last-Modified``, and
  ``Vary: Accept-Encoding``.  Files whose names carry a hash of their content
  (``jlab_core.8f86ffc.js``) may be kept a year without asking (``immutable``); every other
  file is ``no-cache``: kept, but checked with the server on each visit, which answers
  ``304 Not Modified`` with no body when the file is unchanged.  A site rebuilt while the
  server runs is therefore seen at once, and an unchanged one costs no download.
- Tornado's own checks stay: nothing outside the site is served (``/../``, ``%2e%2e``, a
  symlink leading out are refused with 403), directories give their ``index.html``.

Use it as any Tornado handler, for a site in folder ``site``::

    from tornado.web import Application
    from goldlab.classroom.static import PrecompressedStaticFileHandler

    app = Application([
        (r"/(.*)", PrecompressedStaticFileHandler,
         {"path": str(site), "default_filename": "index.html"}),
    ])

``{"precompressed": False}`` serves every file as it is (benchmarks/bench_lite_pages.py's
reference).  docs/lite.md says how to have nginx or Apache do the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import mimetypes
import os
import re
import stat
import threading
from collections.abc import Callable, Iterator
from typing import ClassVar

from tornado.web import HTTPError, StaticFileHandler

GZIP_SUFFIX = ".gz"
HASHED_NAME = re.compile(r"[.-][0-9a-f]{7,}\.(?:js|mjs|css)$")
"""A file name with a hash of its content (webpack/rspack bundles): its bytes never change."""
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
"""Keep it, but ask the server (``If-None-Match``) before using it again."""
CONTENT_TYPES = {
    ".wasm": "application/wasm",  # WebAssembly.instantiateStreaming needs exactly this
    ".js": "text/javascript", ".mjs": "text/javascript",
    ".json": "application/json", ".ipynb": "application/json",
    ".webmanifest": "application/manifest+json", ".whl": "application/zip",
}
"""Types of the site's files that Python's :mod:`mimetypes` may not know or may name
differently (it reads the system's tables)."""
MAX_ACCEPT_ENCODING = 1024
"""Longer ``Accept-Encoding`` headers are not read (the original file is sent)."""


def accepts_gzip(accept_encoding: str | None) -> bool:
    """True if an ``Accept-Encoding`` header accepts gzip (``gzip``, ``x-gzip`` or ``*``,
    with no ``q=0``).  Absent, too long or unreadable: False."""
    if not accept_encoding or len(accept_encoding) > MAX_ACCEPT_ENCODING:
        return False
    weights: dict[str, float] = {}
    for item in accept_encoding.lower().split(","):
        coding, _, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[coding.strip()] = weight
    if "gzip" in weights or "x-gzip" in weights:
        return max(weights.get("gzip", 0.0), weights.get("x-gzip", 0.0)) > 0
    return weights.get("*", 0.0) > 0


class PrecompressedStaticFileHandler(StaticFileHandler):
    """Tornado's static file handler that sends ``<file>.gz`` to browsers that accept gzip,
    with ETag, ``Vary: Accept-Encoding`` and a ``Cache-Control`` a second visit can reuse.

    Options (the handler's dict in the route): ``path`` (the site's folder),
    ``default_filename`` (``"index.html"``), ``precompressed`` (default True: False sends
    every file as it is).  See the module's docstring.
    """

    _etags: ClassVar[dict[str, tuple[tuple[int, int, int], str]]] = {}
    _etags_lock: ClassVar[threading.Lock] = threading.Lock()

    def initialize(self, path: str, default_filename: str | None = None,  # type: ignore[override]
                   precompressed: bool = True) -> None:
        super().initialize(path, default_filename)
        self.precompressed = precompressed
        self.original_path: str | None = None  # the file asked for (absolute_path may be its .gz)

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        """Tornado's checks (inside the site, a regular file, a directory's index), then the
        ``.gz`` copy in place of the file if the browser accepts gzip and the copy is as new
        as the file."""
        checked = super().validate_absolute_path(root, absolute_path)
        if checked is None:  # redirected (a directory without its trailing slash)
            return None
        self.original_path = checked
        if not self.precompressed or not accepts_gzip(self.request.headers.get("Accept-Encoding")):
            return checked
        copy = checked + GZIP_SUFFIX
        original = os.stat(checked)
        try:
            found = os.stat(copy)
        except OSError:
            return checked
        if not stat.S_ISREG(found.st_mode) or found.st_mtime_ns != original.st_mtime_ns:
            return checked  # not a file, or a stale copy: the original changed after the build
        try:  # the same checks for the copy (inside the site, a regular file)
            return super().validate_absolute_path(root, copy)
        except HTTPError:
            self._stat_result = original
            return checked

    @property
    def sends_gzip(self) -> bool:
        return self.absolute_path is not None and self.absolute_path != self.original_path

    def get_content_type(self) -> str:
        """The type of the file asked for, not of its ``.gz`` copy."""
        path = self.original_path or self.absolute_path or ""
        suffix = os.path.splitext(path)[1].lower()
        if suffix in CONTENT_TYPES:
            return CONTENT_TYPES[suffix]
        mime_type, encoding = mimetypes.guess_type(path)
        if encoding is not None:  # a .gz or .bz2 file of the site itself, asked for as such
            return super().get_content_type()
        return mime_type or "application/octet-stream"

    def compute_etag(self) -> str | None:
        """A hash of the bytes sent (the copy's or the original's), computed once per version of
        the file: kept while its size, time and inode stay, so a rebuilt site gets new ETags
        and an unchanged file keeps its own across restarts."""
        assert self.absolute_path is not None
        sent = self._stat()
        key = (sent.st_size, sent.st_mtime_ns, sent.st_ino)
        with self._etags_lock:
            known = self._etags.get(self.absolute_path)
        if known is not None and known[0] == key:
            return known[1]
        digest = hashlib.sha256()
        with open(self.absolute_path, "rb") as file:
            for block in iter(lambda: file.read(1 << 20), b""):
                digest.update(block)
        etag = f'"{digest.hexdigest()[:32]}"'
        with self._etags_lock:
            self._etags[self.absolute_path] = (key, etag)
        return etag

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Vary", "Accept-Encoding")
        if self.sends_gzip:
            self.set_header("Content-Encoding", "gzip")
        if "v" in self.request.arguments:
            return  # Tornado's static_url(): its max-age of ten years stands
        name = os.path.basename(self.original_path or path)
        self.set_header("Cache-Control", IMMUTABLE if HASHED_NAME.search(name) else REVALIDATE)


@contextlib.contextmanager
def serve_site(site: str | os.PathLike[str], precompressed: bool = True,
               host: str = "127.0.0.1", port: int = 0,
               handler: type[PrecompressedStaticFileHandler] = PrecompressedStaticFileHandler,
               ) -> Iterator[str]:
    """Serve folder `site` with `handler` (:class:`PrecompressedStaticFileHandler` or a
    subclass) from a thread of this process, on `host` (loopback) and `port` (0: a free one);
    yields the site's URL (``http://127.0.0.1:<port>``) and stops the server when the block
    ends.  For tests and benchmarks; a class server runs its own Tornado application."""
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application

    app = Application([(r"/(.*)", handler,
                        {"path": os.fspath(site), "default_filename": "index.html",
                         "precompressed": precompressed})])
    sockets = bind_sockets(port, host)
    bound = sockets[0].getsockname()[1]
    started = threading.Event()
    stopping: dict[str, Callable[[], object]] = {}

    async def run() -> None:
        server = HTTPServer(app)
        server.add_sockets(sockets)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        stopping["stop"] = lambda: loop.call_soon_threadsafe(stop.set)
        started.set()
        await stop.wait()
        server.stop()
        await server.close_all_connections()

    thread = threading.Thread(target=asyncio.run, args=(run(),), name="goldlab-static",
                              daemon=True)
    thread.start()
    started.wait(10)
    try:
        yield f"http://{host}:{bound}"
    finally:
        stopping["stop"]()
        thread.join(10)
