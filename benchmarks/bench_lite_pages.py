"""What a student downloads and waits for, for each lesson page of the static site (issue 44 §3).

The built site (``python3 dev.py lite``: build/lite/, with the ``.gz`` copies written by
lite/compress.py) is served on loopback by :mod:`goldlab.classroom.static`, twice: with its
precompressed copies (what a class server or nginx's ``gzip_static`` sends) and as plain files
(the reference: the same server sending every file as it is).  Each page is opened in
headless Chromium (/usr/bin/chromium) with a profile on disk, so its HTTP cache survives,
and no host name but the loopback resolves (nothing reaches another machine; any request
that tries is counted and printed):

- **first visit**: an empty profile;
- **second visit**: the browser closed and started again on the same profile (the disk cache
  is all that is left: the files come back from it after a ``304 Not Modified``).

For each visit: the bytes of the response bodies the server sent (compressed as sent) and
what they are uncompressed, the requests and how many were answered 304, the seconds from
opening the page to a usable page (Voici has run every cell: its "Executing" box is gone)
and where those seconds went: Pyodide and the kernel starting (until Voici starts the first
cell), then the cells (the slowest named).  The machine's load average is printed beside
each figure; compare figures measured at a similar load.

    .venv/bin/python benchmarks/bench_lite_pages.py                    # every lesson, check page
    .venv/bin/python benchmarks/bench_lite_pages.py 1-flip-the-odds check-this-browser
    .venv/bin/python benchmarks/bench_lite_pages.py --server gzip --visits 3
    .venv/bin/python benchmarks/bench_lite_pages.py --startup --rounds 3   # before/after
    .venv/bin/python benchmarks/bench_lite_pages.py --imports --rounds 3   # the same, in Node

``--startup`` measures what lite/bytecode.py and the kernel's packages loaded in one go
(lite/lessons.py's ``KERNEL_PACKAGES``) save, from the browser's cache: the built site
against a copy of it made as it was before them (the wheels without their bytecode, the
pages without ``loadPyodideOptions``), each page warmed once, then opened ``--rounds`` times
from the cache in alternation; prints the best and the median of each and their ratio.
``--imports`` times the same two sites' start step by step without a browser (Pyodide
under Node: Pyodide up, the wheels loaded, each import), which a busy machine blurs less.

Exit status 3 if the site or Chromium is missing.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from goldlab.classroom.static import PrecompressedStaticFileHandler, serve_site  # noqa: E402

SITE = ROOT / "build" / "lite"
PAGES = "lessons/voici/render"
LESSONS = ("1-flip-the-odds", "2-is-the-first-player-lucky", "3-what-is-memory-worth",
           "4-risk-and-expected-value", "check-this-browser")
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"
"""No host name but the loopback resolves (a Playwright route would switch the cache off)."""
BOOT = 240_000
MISSING = 3

WATCH_CELLS = """
(() => {
  // Voici calls window.update_loading_text(i, n) as it starts cell i of n: keep the times.
  window.__goldlabCells = [];
  let wrapped;
  Object.defineProperty(window, 'update_loading_text', {
    configurable: true,
    get() { return wrapped; },
    set(f) {
      wrapped = (...args) => {
        window.__goldlabCells.push([performance.now(), args[0], args[1]]);
        return f(...args);
      };
    },
  });
})();
"""


@dataclass
class Sent:
    """What the server answered, one row per request: (status, body bytes, original bytes)."""

    rows: list[tuple[int, int, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mark(self) -> int:
        with self.lock:
            return len(self.rows)

    def since(self, mark: int) -> list[tuple[int, int, int]]:
        with self.lock:
            return self.rows[mark:]


SENT = Sent()


class CountingHandler(PrecompressedStaticFileHandler):
    """The site's handler, noting each response's status, body size and original size."""

    def on_finish(self) -> None:
        body = int(self._headers.get("Content-Length", 0) or 0) if self.get_status() == 200 else 0
        original = 0
        if self.original_path and self.get_status() in (200, 304):
            original = os.stat(self.original_path).st_size
        with SENT.lock:
            SENT.rows.append((self.get_status(), body, original))


@dataclass(frozen=True)
class Visit:
    server: str
    page: str
    visit: int
    usable: float  # s from opening the page to every cell run
    kernel: float  # s until Voici started cell 1 (Pyodide, the kernel and IPython up)
    cells: list[tuple[int, float]]  # (cell number, s) of the slowest cells
    sent: int  # body bytes the server sent
    uncompressed: int  # those files' own sizes
    requests: int
    not_modified: int
    outside: int  # requests to another host (none expected)
    load: float

    def row(self) -> str:
        slow = ", ".join(f"#{n} {s:.1f}" for n, s in self.cells[:3])
        return (f"| {self.page} | {self.server} | {'first' if self.visit == 1 else 'again'} "
                f"| {self.usable:.1f} s | {self.kernel:.1f} s | {slow} "
                f"| {self.sent / 2**20:.2f} MiB | {self.uncompressed / 2**20:.2f} MiB "
                f"| {self.requests} ({self.not_modified} x 304) | {self.load:.1f} |")


def open_page(url: str, profile: Path, server: str, page_name: str, visit: int) -> Visit:
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True,
            args=[*CHROMIUM_ARGS, OFFLINE], viewport=VIEWPORT)
        outside: list[str] = []
        context.on("request", lambda r: outside.append(r.url)
                   if not r.url.startswith((url, "data:", "blob:", "about:")) else None)
        context.add_init_script(WATCH_CELLS)
        page = context.new_page()
        mark = SENT.mark()
        opened = time.monotonic()
        page.goto(f"{url}/{PAGES}/{page_name}.html", timeout=60_000)
        page.locator("#loading").wait_for(state="detached", timeout=BOOT)
        page.locator(".jp-OutputArea-output").first.wait_for(timeout=BOOT)
        usable = time.monotonic() - opened
        marks: list[list[float]] = page.evaluate("window.__goldlabCells")
        ended = page.evaluate("performance.now()") / 1000
        context.close()
    rows = SENT.since(mark)
    marks = [m for m in marks if m[1] >= 1]  # Voici's 0: the kernel is being asked for
    kernel = marks[0][0] / 1000 if marks else usable
    times = [m[0] / 1000 for m in marks] + [ended]
    cells = sorted(((int(m[1]), times[i + 1] - times[i]) for i, m in enumerate(marks)),
                   key=lambda c: -c[1])
    if outside:
        print(f"  requests to other hosts: {outside[:5]}", file=sys.stderr)
    return Visit(server, page_name, visit, usable, kernel, cells,
                 sum(r[1] for r in rows), sum(r[2] for r in rows if r[0] == 200),
                 len(rows), sum(1 for r in rows if r[0] == 304), len(outside),
                 os.getloadavg()[0])


PRELOAD = re.compile(r',\s*"loadPyodideOptions":\s*\{"packages":\s*\[[^\]]*\]\}')


def as_before(site: Path, into: Path) -> Path:
    """A copy of `site` as the lesson pages were before their start was cut: every wheel
    without the bytecode lite/bytecode.py added (the lock's hashes made to match), and the
    pages without the kernel's packages loaded in one go."""
    shutil.copytree(site / "lessons", into / "lessons", symlinks=True)
    static = into / "lessons" / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())
    by_file = {entry["file_name"]: entry for entry in lock["packages"].values()}
    for wheel in static.glob("*.whl"):
        with zipfile.ZipFile(wheel) as zf:
            entries = [(i, zf.read(i)) for i in zf.infolist() if not i.filename.endswith(".pyc")]
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
            for info, data in entries:
                if info.filename.endswith(".dist-info/RECORD"):
                    data = b"".join(line for line in data.splitlines(keepends=True)
                                    if b".pyc," not in line)
                zf.writestr(info, data)
        if wheel.name in by_file:
            by_file[wheel.name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
        Path(f"{wheel}.gz").unlink(missing_ok=True)
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    Path(f"{static / 'pyodide-lock.json'}.gz").unlink(missing_ok=True)
    for page in (into / "lessons" / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if PRELOAD.search(text):
            page.write_text(PRELOAD.sub("", text), encoding="utf-8")
            Path(f"{page}.gz").unlink(missing_ok=True)
    return into


def startup(site: Path, pages: list[str], rounds: int) -> None:
    """Each page from the browser's cache: `site` as built against :func:`as_before`."""
    print("| page | site | from the cache: best | median | kernel up (best) | load |")
    print("| --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory(prefix="bench-lite-before-") as scratch:
        sites = {"as built": site, "before": as_before(site, Path(scratch) / "site")}
        with contextlib.ExitStack() as stack:
            urls = {name: stack.enter_context(serve_site(site, handler=CountingHandler))
                    for name, site in sites.items()}
            for page_name in pages:
                profiles = {name: Path(scratch) / f"profile-{name}-{page_name}" for name in sites}
                for name, url in urls.items():  # warm each profile's cache
                    open_page(url, profiles[name], name, page_name, 1)
                times: dict[str, list[Visit]] = {name: [] for name in sites}
                for n in range(rounds):
                    for name, url in urls.items():
                        times[name].append(open_page(url, profiles[name], name, page_name, n + 2))
                for name, visits in times.items():
                    usable = sorted(v.usable for v in visits)
                    print(f"| {page_name} | {name} | {usable[0]:.1f} s "
                          f"| {statistics.median(usable):.1f} s "
                          f"| {min(v.kernel for v in visits):.1f} s "
                          f"| {statistics.mean(v.load for v in visits):.1f} |", flush=True)
                best = {name: min(v.usable for v in visits) for name, visits in times.items()}
                print(f"| {page_name} | before / as built | {best['before'] / best['as built']:.2f}x "
                      "| | | |", flush=True)


IMPORTS_DRIVER = r"""// Written by benchmarks/bench_lite_pages.py --imports: a lesson page's start, in Node.
import { pathToFileURL } from "node:url";
import path from "node:path";
const folder = process.argv[2];
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
let t = performance.now();
const pyodide = await loadPyodide({ indexURL: folder + path.sep });
const up = (performance.now() - t) / 1000;
t = performance.now();
await pyodide.loadPackage([...JSON.parse(process.argv[3]), "goldlab"], { messageCallback: () => {} });
const load = (performance.now() - t) / 1000;
pyodide.runPython(`
import json, time
times = {"Pyodide up": ${up}, "wheels loaded": ${load}}
for name in ${process.argv[4]}:
    t = time.perf_counter()
    __import__(name)
    times[f"import {name}"] = time.perf_counter() - t
print(json.dumps(times))
`);
"""
START_IMPORTS = ("IPython", "ipywidgets", "altair", "goldlab.analysis.display",
                 "goldlab.lessons.flip_the_odds", "goldlab.lessons.first_player",
                 "goldlab.lessons.memory", "goldlab.lessons.risk")
"""What the kernel and the lessons' first cells import (in this order)."""


def imports(site: Path, rounds: int) -> None:
    """A lesson page's start without the browser: Pyodide under Node loads the kernel's
    packages and goldlab's from the site's own lock and wheels, then imports what a page
    imports, as built and :func:`as_before`, in alternation; the best of each step."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit(MISSING)
    sys.path.insert(0, str(ROOT / "lite"))
    from lessons import KERNEL_PACKAGES  # lite/lessons.py (lite/ is a folder of scripts)

    with tempfile.TemporaryDirectory(prefix="bench-lite-imports-") as scratch:
        driver = Path(scratch) / "driver.mjs"
        driver.write_text(IMPORTS_DRIVER)
        sites = {"as built": site, "before": as_before(site, Path(scratch) / "site")}
        best: dict[str, dict[str, float]] = {name: {} for name in sites}
        for _ in range(rounds):
            for name, root in sites.items():
                done = subprocess.run(
                    [node, str(driver), str(root / "lessons" / "static" / "pyodide"),
                     json.dumps(list(KERNEL_PACKAGES)), json.dumps(list(START_IMPORTS))],
                    capture_output=True, text=True, check=True)
                times = json.loads(done.stdout.strip().splitlines()[-1])
                for step, seconds in times.items():
                    best[name][step] = min(seconds, best[name].get(step, seconds))
        print(f"| step (best of {rounds}, Pyodide under Node) | as built | before | load |")
        print("| --- | --- | --- | --- |")
        load = os.getloadavg()[0]
        for step in best["as built"]:
            print(f"| {step} | {best['as built'][step]:.2f} s | {best['before'][step]:.2f} s "
                  f"| {load:.1f} |")
        totals = {name: sum(steps.values()) for name, steps in best.items()}
        print(f"| all | {totals['as built']:.2f} s | {totals['before']:.2f} s "
              f"| {totals['before'] / totals['as built']:.2f}x |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", default=list(LESSONS),
                        help=f"pages under {PAGES}/ (default: {' '.join(LESSONS)})")
    parser.add_argument("--server", choices=("gzip", "plain", "both"), default="both")
    parser.add_argument("--visits", type=int, default=2, help="visits per page (1 = first only)")
    parser.add_argument("--startup", action="store_true",
                        help="from the cache: the site as built against it as before (see above)")
    parser.add_argument("--imports", action="store_true",
                        help="the start's steps in Pyodide under Node: as built against before")
    parser.add_argument("--rounds", type=int, default=3,
                        help="--startup: visits from the cache; --imports: runs of each")
    parser.add_argument("--site", type=Path, default=SITE,
                        help="the built site (default build/lite; a copy stays the same while "
                             "someone rebuilds build/lite)")
    args = parser.parse_args(argv)
    logging.getLogger("tornado.access").setLevel(logging.ERROR)  # the pages' /api/class: 404
    missing = [p for p in args.pages if not (args.site / PAGES / f"{p}.html").is_file()]
    if not CHROMIUM.exists() or missing or not args.pages:
        print(f"needs {CHROMIUM} and the built site (python3 dev.py lite); missing: {missing}",
              file=sys.stderr)
        return MISSING
    if args.startup:
        startup(args.site, args.pages, max(1, args.rounds))
        return 0
    if args.imports:
        imports(args.site, max(1, args.rounds))
        return 0
    servers = ("gzip", "plain") if args.server == "both" else (args.server,)
    visits: list[Visit] = []
    print("| page | server | visit | usable | kernel up | slowest cells (s) | sent | "
          "uncompressed | requests | load |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for server in servers:
        with serve_site(args.site, precompressed=server == "gzip",
                        handler=CountingHandler) as url:
            for name in args.pages:
                with tempfile.TemporaryDirectory(prefix="bench-lite-") as scratch:
                    for n in range(1, args.visits + 1):
                        visit = open_page(url, Path(scratch) / "profile", server, name, n)
                        visits.append(visit)
                        print(visit.row(), flush=True)
    summarise(visits)
    return 1 if any(v.outside for v in visits) else 0


def summarise(visits: list[Visit]) -> None:
    """Compressed against plain first visits: the bytes and the time, per page."""
    by: dict[tuple[str, str, int], Visit] = {(v.server, v.page, v.visit): v for v in visits}
    pages = sorted({v.page for v in visits})
    print()
    for name in pages:
        first, plain = by.get(("gzip", name, 1)), by.get(("plain", name, 1))
        again = by.get(("gzip", name, 2))
        parts: list[Any] = [name + ":"]
        if first and plain and first.sent:
            parts.append(f"first visit {first.sent / 2**20:.1f} MiB gzip against "
                         f"{plain.sent / 2**20:.1f} MiB plain ({plain.sent / first.sent:.1f}x "
                         f"fewer bytes), usable {first.usable:.1f} s against {plain.usable:.1f} s;")
        if again:
            parts.append(f"second visit {again.sent / 2**10:.0f} KiB, usable {again.usable:.1f} s "
                         f"(kernel up at {again.kernel:.1f} s)")
        print(" ".join(parts))


if __name__ == "__main__":
    raise SystemExit(main())
