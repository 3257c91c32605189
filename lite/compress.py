"""Precompressed copies of a built site's large files: ``<file>.gz`` beside ``<file>``.

A student's browser downloads the site once (Pyodide's WebAssembly, JupyterLab's and Voici's
JavaScript, the notebooks' pages, Python's standard library); text and WebAssembly shrink to
a quarter or a third with gzip.  A web server that finds ``pyodide.asm.wasm.gz`` beside
``pyodide.asm.wasm`` sends it, with ``Content-Encoding: gzip``, to every browser that accepts
gzip, without compressing anything while a class waits: nginx's ``gzip_static on;``, Apache's
rewrite rules in docs/lite.md, and goldlab's own :mod:`goldlab.classroom.static`.

Which files: those of :data:`COMPRESSIBLE` (by their suffix) of at least :data:`MIN_BYTES`
whose gzip copy saves at least :data:`MIN_SAVING` of their size.  Wheels (``.whl``), images and
web fonts are zip-compressed already and left as they are; ``python_stdlib.zip`` is tried
(Pyodide stores some of it uncompressed) and kept only if it pays.  Each copy is gzip level 9
(Python's :mod:`gzip`), with no time or name in its header, so a build gives the same bytes
every time, and the copy takes its original's modification time: a server that compares the
two (goldlab's does) sends the original once the original has changed and its copy has not.

Run at the end of each build (lite/build.py for the demo, lite/lessons.py for the lesson
pages), or by hand over a folder::

    python3 lite/compress.py build/lite
"""

from __future__ import annotations

import gzip
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

COMPRESSIBLE = frozenset({
    ".wasm", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".txt", ".map", ".ipynb",
    ".ttf", ".eot", ".ico", ".webmanifest", ".zip", ".tar", ".py", ".md", ".xml",
})
"""Suffixes worth trying.  Not ``.whl``, ``.png``, ``.woff``/``.woff2`` or ``.gz``: they are
compressed already."""
MIN_BYTES = 1024
"""Smaller files are sent as they are: a few hundred bytes saved are less than a request's
headers."""
MIN_SAVING = 0.10
"""A copy must be at least this share smaller than its original, or it is not kept."""
SUFFIX = ".gz"


@dataclass
class Compressed:
    """What :func:`precompress` did to a site: files and their bytes, before and after."""

    files: int = 0  # originals that have a .gz copy now
    original_bytes: int = 0  # their size
    gzip_bytes: int = 0  # the size of their copies
    written: int = 0  # copies written this time (the rest were up to date)
    seconds: float = 0.0

    def __str__(self) -> str:
        ratio = self.original_bytes / self.gzip_bytes if self.gzip_bytes else 1.0
        return (f"{self.files} files precompressed: {self.original_bytes / 2**20:.1f} MiB "
                f"-> {self.gzip_bytes / 2**20:.1f} MiB as .gz ({ratio:.1f}x smaller; "
                f"{self.written} written in {self.seconds:.1f} s)")


def gzipped(data: bytes) -> bytes:
    """`data` as gzip at level 9, with no file name and a zero time in its header (the same
    input always gives the same bytes)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def worth_trying(path: Path) -> bool:
    return (path.suffix.lower() in COMPRESSIBLE and not path.is_symlink()
            and path.stat().st_size >= MIN_BYTES)


def precompress(site: Path, skip: tuple[str, ...] = ()) -> Compressed:
    """Write ``<file>.gz`` beside each large compressible file of `site` (less its top-level
    folders named in `skip`); drop the ``.gz`` copies of files that are no longer worth it
    (a ``.gz`` file with no original beside it is the site's own, and stays).  A copy with
    its original's modification time is kept as it is (a rebuild of an unchanged file
    costs nothing).  Returns what was done."""
    started = time.monotonic()
    done = Compressed()
    for path in sorted(site.rglob("*")):
        parts = path.relative_to(site).parts
        if parts[0] in skip or not path.is_file():
            continue
        copy = path.with_name(path.name + SUFFIX)
        if path.suffix == SUFFIX:
            original = path.with_name(path.name.removesuffix(SUFFIX))
            if original.is_file() and not worth_trying(original):
                path.unlink()  # a copy of a file no longer compressed
            continue
        if not worth_trying(path):
            continue
        source = path.stat()
        if copy.is_file() and copy.stat().st_mtime_ns == source.st_mtime_ns:
            done.files += 1
            done.original_bytes += source.st_size
            done.gzip_bytes += copy.stat().st_size
            continue
        data = gzipped(path.read_bytes())
        if len(data) > source.st_size * (1 - MIN_SAVING):
            copy.unlink(missing_ok=True)
            continue
        partial = copy.with_name(copy.name + ".partial")
        partial.write_bytes(data)
        os.utime(partial, ns=(source.st_atime_ns, source.st_mtime_ns))
        partial.replace(copy)
        done.files += 1
        done.written += 1
        done.original_bytes += source.st_size
        done.gzip_bytes += len(data)
    done.seconds = time.monotonic() - started
    return done


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python3 lite/compress.py <site folder>", file=sys.stderr)
        return 2
    print(f"[lite] {argv[0]}: {precompress(Path(argv[0]))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
