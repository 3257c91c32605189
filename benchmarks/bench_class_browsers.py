"""Five real browsers take lesson 1 against the class server, one after another (issue 45 §3).

The server is the real one (``python -m goldlab classroom``, see ``bench_class_harness.py``)
on loopback.  Each student is a headless Chromium (Debian's ``/usr/bin/chromium`` through
Playwright) with a profile of its own on disk, so its cache is a real browser's disk cache,
and no way out: host names other than localhost do not resolve and every other address goes
to a proxy that does not exist, so nothing but loopback is reached (any such attempt is
listed and fails the run).  The browser talks to the server through a small relay of this
process that counts the bytes the server sends (headers included), so the figures are what
a class's network carries.

Each student opens lesson 1 (cold: an empty profile), waits for a usable page (every cell
run), types a name in the class's name box when the page shows one ("You are sending as ..."
once it is set), saves a guess, runs its trials; then opens the page again (from its cache)
and waits for it to be usable again.  Prints per student: bytes and seconds to a usable page
for the first visit and from the cache, the rows of that student in the class file, and the
server's RSS after it; then the means.  Also writes the list of files the first visit
fetched to ``build/class-bench/lesson-1-urls.json`` (``bench_class_load.py`` fetches the
same files).

    python benchmarks/bench_class_browsers.py                 # five students
    python benchmarks/bench_class_browsers.py --students 1

Exit status 0 when every student's page was usable and nothing left loopback, 1 otherwise,
3 when Chromium, Playwright or the built site is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from bench_class_harness import (
    LESSON,
    LESSON_PAGE,
    ROOT,
    SITE,
    ClassServer,
    free_port,
    recount,
    table,
)

CHROMIUM = Path("/usr/bin/chromium")
MISSING = 3
USABLE = 300_000
"""ms: the longest a page may take to run every cell (Pyodide starts in the page)."""
URLS = ROOT / "build" / "class-bench" / "lesson-1-urls.json"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-quic", "--no-first-run",
    # no way out: names other than localhost do not resolve, other addresses go to a proxy
    # that is not there (loopback bypasses proxies).  A Playwright route would block too, but
    # it switches the browser's cache off, and the cache is what is measured.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
SENDING_AS = re.compile(r"You are sending as", re.IGNORECASE)


# --------------------------------------------------------------------------- the relay


class Relay:
    """A TCP relay on a loopback port in front of the server, counting what the server sends."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.down = 0
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="relay", daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream)
        except OSError:
            writer.close()
            return

        async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter,
                       counted: bool) -> None:
            try:
                while data := await source.read(65536):
                    if counted:
                        self.down += len(data)
                    sink.write(data)
                    await sink.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                sink.close()

        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


# --------------------------------------------------------------------------- a student


@dataclass
class Visit:
    mib: float
    usable: float  # s from opening the page to every cell run
    requests: int


@dataclass
class Taken:
    student: str
    first: Visit
    cached: Visit
    named: str  # what the page said about the name
    guess: str
    trials: str
    api_calls: int
    rss_mib: float


def _visit(page: object, url: str, relay: Relay, requested: list[str]) -> Visit:
    before, count = relay.down, len(requested)
    opened = time.monotonic()
    page.goto(url, timeout=60_000)  # type: ignore[attr-defined]
    page.locator("#loading").wait_for(state="detached", timeout=USABLE)  # type: ignore[attr-defined]
    return Visit((relay.down - before) / 2**20, time.monotonic() - opened,
                 len(requested) - count)


def _name(page: object, name: str) -> str:
    """Type the name in the class's name box (``.gl-class-name``) and press Use this name."""
    from playwright.sync_api import Error as PlaywrightError

    body = page.locator("body")  # type: ignore[attr-defined]
    box = page.locator(".gl-class-name").first  # type: ignore[attr-defined]
    try:
        box.wait_for(timeout=15_000)
    except PlaywrightError:
        if "Not in a class" in body.inner_text():
            return "the page says it is not in a class"
        return "no name box in the page"
    box.scroll_into_view_if_needed()
    box.locator("input").first.fill(name)
    button = box.get_by_role("button", name=re.compile("Use this name", re.IGNORECASE))
    if button.count():
        button.first.click()
    else:
        box.locator("input").first.press("Enter")
    try:
        page.wait_for_function(  # type: ignore[attr-defined]
            "el => /You are sending as/i.test(el.innerText)", arg=box.element_handle(),
            timeout=20_000)
    except PlaywrightError:
        return f"no 'You are sending as' after typing the name: {box.inner_text()[:80]!r}"
    lines = str(box.inner_text()).splitlines()
    return next(line for line in lines if SENDING_AS.search(line))[:80]


SENT = "/Sent to the class|Not sent|already had|Type your name/i"
"""What a class widget says once it has sent (or could not send) to the class."""


def _guess_and_trials(page: object) -> tuple[str, str]:
    """Save a guess of 0.3 and run the student's trials; what each widget then says about
    sending to the class."""
    from playwright.sync_api import Error as PlaywrightError

    said = []
    for widget, act, done in (
            (".gl-prediction", lambda box: (box.locator("input:not(.gl-class-name input)").first.fill("0.3"),
                                            box.get_by_role("button", name="Save my guess")
                                            .click()), "/Stored/"),
            (".gl-class-experiment", lambda box: box.get_by_role(
                "button", name="Run my trials").click(), "/yours so far/i")):
        try:
            box = page.locator(widget).first  # type: ignore[attr-defined]
            box.scroll_into_view_if_needed()
            act(box)
            for wanted in (done, SENT):
                page.wait_for_function(  # type: ignore[attr-defined]
                    f"el => {wanted}.test(el.innerText)", arg=box.element_handle(),
                    timeout=60_000)
            sent = re.search(r"(Sent to the class|Not sent|The class already had|Type your)"
                             r"[^.]*\.", box.inner_text())
            said.append(sent[0][:80] if sent else "(nothing about the class)")
        except PlaywrightError as error:
            said.append(f"{widget} failed: {str(error).splitlines()[0][:80]}")
    return said[0], said[1]


def take_lesson(browser_type: object, profile: Path, index: int, relay: Relay,
                server: ClassServer, outside: list[str], shots: Path | None) -> Taken:
    url = f"http://127.0.0.1:{relay.port}/{LESSON_PAGE}"
    context = browser_type.launch_persistent_context(  # type: ignore[attr-defined]
        str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 1600})
    requested: list[str] = []

    def on_request(request: object) -> None:
        address = request.url  # type: ignore[attr-defined]
        parts = urlsplit(address)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOOPBACK:
            outside.append(address)
        requested.append(address)

    context.on("request", on_request)
    try:
        page = context.new_page()
        first = _visit(page, url, relay, requested)
        if index == 0:
            _record(requested, relay.port, server.site)
        named = _name(page, f"Student {index + 1}")
        guess, trials = _guess_and_trials(page)
        if shots is not None:
            page.screenshot(path=shots / f"class-browser-{index + 1}.png")
        api = [r for r in requested if urlsplit(r).path.startswith("/api/")]
        page.close()
        again = context.new_page()
        cached = _visit(again, url, relay, requested)
        again.close()
    finally:
        context.close()
    rss, _ = server.usage()
    return Taken(f"Student {index + 1}", first, cached, named, guess, trials, len(api),
                 rss / 2**20)


def _record(requested: list[str], port: int, site: Path) -> None:
    """The files the first visit fetched, page first (for bench_class_load.py)."""
    paths = []
    for address in requested:
        parts = urlsplit(address)
        if parts.port == port and not parts.path.startswith("/api/"):
            paths.append(parts.path.lstrip("/"))
    paths = [p for p in dict.fromkeys(paths) if (site / p).is_file()]
    if paths and paths[0] == LESSON_PAGE:
        URLS.parent.mkdir(parents=True, exist_ok=True)
        URLS.write_text(json.dumps(paths, indent=0) + "\n")


# --------------------------------------------------------------------------- the run


def run(students: int, folder: Path, site: Path, shots: Path | None) -> int:
    from playwright.sync_api import sync_playwright

    server = ClassServer(folder / "class.sqlite", free_port(), site).start()
    relay = Relay(server.port)
    outside: list[str] = []
    taken: list[Taken] = []
    rss0, _ = server.usage()
    try:
        with sync_playwright() as pw:
            for index in range(students):
                one = take_lesson(pw.chromium, folder / f"profile-{index + 1}", index, relay,
                                  server, outside, shots)
                print(f"{one.student}: first visit {one.first.mib:.1f} MiB, usable in "
                      f"{one.first.usable:.1f} s; from the cache {one.cached.mib:.2f} MiB, "
                      f"{one.cached.usable:.1f} s; name: {one.named}; guess: {one.guess}; "
                      f"trials: {one.trials}", flush=True)
                taken.append(one)
        counted = recount(server.class_file)
    finally:
        relay.stop()
        server.stop()
    by_student: dict[str, int] = {}
    for row in counted.rows.values():
        by_student[row["student"]] = by_student.get(row["student"], 0) + 1
    first = [t.first for t in taken]
    cached = [t.cached for t in taken]
    rows = [(t.student, f"{t.first.mib:5.1f} MiB {t.first.usable:5.1f} s | "
                        f"{t.cached.mib:5.2f} MiB {t.cached.usable:5.1f} s | "
                        f"{t.api_calls} API calls | RSS {t.rss_mib:.0f} MiB") for t in taken]
    rows += [
        ("mean first visit", f"{sum(v.mib for v in first) / len(first):.1f} MiB, usable in "
                             f"{sum(v.usable for v in first) / len(first):.1f} s"),
        ("mean from the cache", f"{sum(v.mib for v in cached) / len(cached):.2f} MiB, usable in "
                                f"{sum(v.usable for v in cached) / len(cached):.1f} s"),
        ("rows in the class file", f"{len(counted.rows)} from {len(by_student)} students"),
        ("server RSS before / after", f"{rss0 / 2**20:.0f} / {taken[-1].rss_mib:.0f} MiB"),
        ("requests that left loopback", str(len(outside))),
        ("machine", f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end"),
    ]
    print()
    print(table(rows, f"{students} Chromium students take {LESSON} "
                      "(first visit | from the cache)"))
    if outside:
        print("left loopback:", *sorted(set(outside))[:10], sep="\n  ")
    return 1 if outside else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=5, help="one after another (5)")
    parser.add_argument("--site", default=str(SITE))
    parser.add_argument("--screenshots", type=Path, default=None,
                        help="a folder for a screenshot of each student's page")
    parser.add_argument("--keep", type=Path, default=None, help="keep the class folder here")
    args = parser.parse_args(argv)
    if not 1 <= args.students <= 30:
        parser.error("--students 1-30")
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("Playwright is not installed", file=sys.stderr)
        return MISSING
    if not CHROMIUM.exists() or not (Path(args.site) / LESSON_PAGE).is_file():
        print(f"needs {CHROMIUM} and the built site (`python3 dev.py lite`)", file=sys.stderr)
        return MISSING
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="goldlab-class-browsers-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        return run(args.students, folder, Path(args.site), args.screenshots)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
