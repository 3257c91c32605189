"""How long a student waits for each lesson page in Voila, with the internet blocked.

Voila serves the lessons' student versions (as ``python3 dev.py voila`` does, with goldlab's
Voila template); headless Chromium opens each lesson and times two moments: the page has
run (Voila's spinner is gone) and every widget is drawn (no "Loading widget..." left).
Any request to another machine, console error or version-mismatch warning is printed.

Two set-ups: ``plain`` (a kernel starts and runs the lesson when the page is asked for)
and ``preheated`` (``dev.py voila``: each lesson has run once in a kernel kept ready; the
page is asked for once every pool kernel has finished running its lesson). The machine's load average is printed beside
every figure: on a shared machine, compare figures measured at a similar load.

    python benchmarks/bench_voila_pages.py [--setup plain|preheated|both] [lesson ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import psutil  # noqa: E402
from browser_harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    JupyterServer,
    open_voila,
    start_voila,
    watch_console,
)
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from goldlab.lessons.student import write_student_versions  # noqa: E402

LESSONS = ["0-lessons.ipynb", "1-flip-the-odds.ipynb", "2-is-the-first-player-lucky.ipynb",
           "3-what-is-memory-worth.ipynb", "4-risk-and-expected-value.ipynb"]
WIDGETS_DRAWN = "() => !document.body.innerText.includes('Loading widget')"


def time_page(browser: Browser, server: JupyterServer, lesson: str) -> str:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = watch_console(page)
    load = os.getloadavg()[0]
    start = time.monotonic()
    open_voila(page, server, lesson, timeout=600_000)
    ran = time.monotonic() - start
    page.wait_for_function(WIDGETS_DRAWN, timeout=300_000, polling=100)
    drawn = time.monotonic() - start
    page.goto("about:blank")
    context.close()
    return (f"{lesson:36} {ran:6.1f} s {drawn:8.1f} s   load {load:5.2f}"
            + (f"   PROBLEMS: {problems}" if problems else ""))


def wait_for_pools(server: JupyterServer, lessons: list[str], timeout: float = 900) -> None:
    """Until every lesson's pool kernel has run its notebook.

    Voila logs "Kernel pool of ... is filled" when the kernel has started, before the
    notebook has run in it: a page asked for then waits for the rest of that run (lesson 1
    took 17 s that way, 2.7 s once its kernel had finished).  So after the log line, wait
    until the kernels have used no CPU time for three seconds.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = server.log_path.read_text(errors="replace")
        if all(f"Kernel pool of {lesson} is filled" in log for lesson in lessons):
            break
        time.sleep(1)
    else:
        raise SystemExit("the kernel pools were not filled in time")
    kernels = psutil.Process(server.process.pid).children(recursive=True)
    quiet_since, last = time.monotonic(), -1.0
    while time.monotonic() < deadline:
        used = sum(_cpu_seconds(kernel) for kernel in kernels)
        if used != last:
            quiet_since, last = time.monotonic(), used
        elif time.monotonic() - quiet_since >= 3:
            return
        time.sleep(0.5)
    raise SystemExit("the pool kernels did not finish running their lessons in time")


def _cpu_seconds(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
    except psutil.NoSuchProcess:
        return 0.0
    return float(times.user + times.system)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", default=LESSONS)
    parser.add_argument("--setup", choices=["plain", "preheated", "both"], default="both")
    args = parser.parse_args(argv)
    setups = ["plain", "preheated"] if args.setup == "both" else [args.setup]
    print(f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="voila-pages-") as tmp, sync_playwright() as pw:
        source = Path(tmp) / "student-lessons"
        write_student_versions(source, ROOT / "notebooks" / "lessons")
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=CHROMIUM_ARGS)
        for setup in setups:
            extra = ["--VoilaConfiguration.preheat_kernel=True"] if setup == "preheated" else []
            server = start_voila(Path(tmp) / setup, source, extra=extra)
            try:
                if setup == "preheated":
                    wait_for_pools(server, args.lessons)
                print(f"\n{setup}: {'lesson':29} page ran  widgets drawn")
                for lesson in args.lessons:
                    print(time_page(browser, server, lesson), flush=True)
            finally:
                server.stop()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
