"""A class of thirty against the real class server, over HTTP, for five minutes (issue 45 §3).

The server is started as a teacher starts it (``python -m goldlab classroom --port P
--class-file F --site build/lite``, its terminal output in a file); then, in one asyncio
process, thirty simulated students (``--students``) each:

* open lesson 1 like a browser: the page's HTML, then the files a real Chromium fetched for it
  (``build/class-bench/lesson-1-urls.json``, written by ``bench_class_browsers.py``; without
  it, the page and the big Pyodide files and wheels), six at a time, gzip accepted;
* ask ``/api/class``, type a name, send a prediction, then a batch of trials every ~25 s (a
  classroom's pace), polling the pooled figure every 3 s as the page does;
* reload once (the HTML again, every file revalidated with its ETag, the same cookie: the
  server must still know the name) and change their guess once;

while the teacher's dashboard asks for the summary every 2 s (``since`` the last row) and
reveals the trials half-way, and hostile clients try what a student could: oversize bodies,
malformed JSON, a flood beyond the rate limit, a cookie thrown away before every request,
hundreds of half-open connections, look-alike names.  At 60 % of the run an honest probe's
latency is measured for a quiet window, then again while one client (another process, one
address) sends ``--bad-requests`` (10,000) bad requests as fast as the server answers.

At the end it checks, from the class file itself (SQLite, read-only), that every acknowledged
row is there exactly once and no other row is (:func:`bench_class_harness.audit`), that the
dashboard's figures equal the recount, that a reload kept every student, and prints a table:
submit latency p50/p95, the server's peak RSS and CPU seconds per student, bytes per student
(first visit, reload, API), and the honest latency under the flood as a ratio to the quiet
window of the same run.  Exit status 0 when every check held, 1 when one failed (printed), 3
when the static site is not built (``python3 dev.py lite``).

    python benchmarks/bench_class_load.py                       # 30 students, 5 minutes
    python benchmarks/bench_class_load.py --students 5 --minutes 0.2 --bad-requests 500
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_class_harness import (
    FLIPS,
    GUESS,
    LESSON,
    LESSON_PAGE,
    ROOT,
    SITE,
    Ack,
    ClassServer,
    Ledger,
    Said,
    Student,
    audit,
    free_port,
    mean,
    ms,
    percentile,
    recount,
    summary_totals,
    table,
)

URLS = ROOT / "build" / "class-bench" / "lesson-1-urls.json"
NOT_BUILT = 3
LOOK_ALIKES = ("ANN", "\u0410nn", "\uff21nn", " ann", "A\u200bnn")
""""Ann" again: upper case, a Cyrillic A, a full-width A, a leading space, a zero-width space."""


def lesson_paths(site: Path) -> tuple[list[str], str]:
    """The files a browser fetches for lesson 1 (page first), and where the list came from."""
    if URLS.is_file():
        recorded = [p for p in json.loads(URLS.read_text()) if (site / p).is_file()]
        if recorded and recorded[0] == LESSON_PAGE:
            return list(dict.fromkeys(recorded)), f"{len(recorded)} files a browser fetched"
    pyodide = site / "lessons" / "static" / "pyodide"
    core = [pyodide / n for n in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm",
                                  "python_stdlib.zip", "pyodide-lock.json")]
    files = [p for p in [*core, *sorted(pyodide.glob("*.whl"))] if p.is_file()]
    paths = [LESSON_PAGE, *(p.relative_to(site).as_posix() for p in files)]
    return paths, f"{len(paths)} files (the page, Pyodide and its wheels; no browser list yet)"


@dataclass
class Tally:
    """What the run saw, for the table and the checks."""

    ledger: Ledger = field(default_factory=Ledger)
    submit: list[float] = field(default_factory=list)
    submit_at: list[tuple[float, float]] = field(default_factory=list)
    poll: list[float] = field(default_factory=list)
    page: list[float] = field(default_factory=list)  # seconds to fetch the whole page
    first_bytes: list[int] = field(default_factory=list)
    reload_bytes: list[int] = field(default_factory=list)
    total_bytes: list[int] = field(default_factory=list)
    honest_failures: Counter[str] = field(default_factory=Counter)
    reload_lost_name: int = 0
    reveal_seen: list[float] = field(default_factory=list)
    revealed_at: float | None = None
    probe: list[tuple[float, float]] = field(default_factory=list)  # (time, seconds)
    probe_failures: int = 0
    summary: list[float] = field(default_factory=list)
    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    gzipped: set[str] = field(default_factory=set)
    usage: list[tuple[float, int, float]] = field(default_factory=list)

    def check(self, what: str, held: bool, detail: str = "") -> None:
        self.checks.append((what, held, detail))


# --------------------------------------------------------------------------- honest students


async def honest(url: str, index: int, paths: list[str], tally: Tally, start: float,
                 length: float, seed: int) -> None:
    rng = random.Random(seed * 1000 + index)
    name = "Ann" if index == 0 else f"Student {index:02d}"
    me = Student(url, index, name)
    pace = min(25.0, max(1.0, length / 12))
    try:
        await asyncio.sleep(rng.uniform(0, min(20.0, length * 0.1)))
        opened = time.perf_counter()
        got = await me.visit(paths)
        tally.page.append(time.perf_counter() - opened)
        tally.first_bytes.append(me.received)
        for said in got:
            if said.status != 200:
                tally.honest_failures[f"page file {said.status or said.error}"] += 1
        tally.gzipped |= me.gzipped
        said = await me.api("GET", "/api/class")
        if not said.ok:
            tally.honest_failures[f"/api/class {said.status}"] += 1
        said = await me.set_name()
        if not said.ok:
            tally.honest_failures[f"name {said.status} {said.message}"] += 1
            return
        await asyncio.sleep(rng.uniform(1, min(15.0, length * 0.05)))
        await _submit(me, GUESS, round(rng.random(), 3), tally)
        reload_at = start + length * rng.uniform(0.3, 0.8)
        change_at = start + length * rng.uniform(0.2, 0.9)
        reloaded = changed = saw_reveal = False
        while time.monotonic() - start < length:
            wake = time.monotonic() + pace * rng.uniform(0.5, 1.5)
            while time.monotonic() < min(wake, start + length):
                await asyncio.sleep(min(3.0, max(0.0, wake - time.monotonic())))
                said = await me.api("GET", f"/api/pooled?lesson={LESSON}&key={FLIPS}")
                tally.poll.append(said.seconds)
                if not said.ok:
                    tally.honest_failures[f"pooled {said.status}"] += 1
                elif (said.body and said.body.get("revealed") and tally.revealed_at
                      and not saw_reveal):
                    saw_reveal = True
                    tally.reveal_seen.append(time.monotonic() - tally.revealed_at)
            if time.monotonic() - start >= length:
                break
            n = rng.choice((5, 10, 20))
            won = sum(rng.random() < 3 / 8 for _ in range(n))
            await _submit(me, FLIPS, {"successes": won, "trials": n}, tally)
            if not changed and time.monotonic() > change_at:
                changed = True
                await _submit(me, GUESS, round(rng.random(), 3), tally)
            if not reloaded and time.monotonic() > reload_at:
                reloaded = True
                before = me.received
                got = await me.visit(paths, revalidate=True)
                tally.reload_bytes.append(me.received - before)
                for said in got:
                    if said.status not in (200, 304):
                        tally.honest_failures[f"reload file {said.status or said.error}"] += 1
                said = await me.api("GET", "/api/class")
                you = (said.body or {}).get("you") or {}
                if you.get("name") != me.name:
                    tally.reload_lost_name += 1
    finally:
        tally.total_bytes.append(me.received)
        await me.close()


async def _submit(me: Student, key: str, value: Any, tally: Tally) -> None:
    said = await me.submit(key, value, tally.ledger, retry_for=10.0)
    tally.submit.append(said.seconds)
    tally.submit_at.append((time.monotonic(), said.seconds))
    if not said.ok:
        tally.honest_failures[f"submit {said.status} {said.message}"] += 1


async def teacher(url: str, token: str, tally: Tally, start: float, length: float) -> None:
    """The dashboard: the summary every 2 s since the last row seen; reveals the trials
    half-way."""
    me = Student(url, 0, "teacher", address="127.0.0.2", connections=2)
    headers = {"X-Goldlab-Token": token}
    last = 0
    try:
        while time.monotonic() - start < length:
            said = await me.api("GET", f"/api/teacher/summary?lesson={LESSON}&since={last}",
                                headers=headers)
            tally.summary.append(said.seconds)
            if said.ok and said.body:
                last = int(said.body.get("last", last))
            else:
                tally.honest_failures[f"summary {said.status}"] += 1
            if tally.revealed_at is None and time.monotonic() - start > length / 2:
                said = await me.api("POST", "/api/teacher/reveal",
                                    {"lesson": LESSON, "key": FLIPS}, headers=headers)
                tally.check("the teacher reveals the trials", said.ok, said.message)
                tally.revealed_at = time.monotonic()
            await asyncio.sleep(2.0)
    finally:
        await me.close()


async def probe(url: str, tally: Tally, start: float, length: float) -> None:
    """An honest page asking the cheap questions every 0.2 s: the latency a class feels."""
    me = Student(url, 0, "probe", address="127.0.0.3", connections=1)
    try:
        while time.monotonic() - start < length:
            said = await me.api("GET", f"/api/pooled?lesson={LESSON}&key={FLIPS}")
            if said.ok:
                tally.probe.append((time.monotonic(), said.seconds))
            else:
                tally.probe_failures += 1
            await asyncio.sleep(0.2)
    finally:
        await me.close()


async def sampler(server: ClassServer, tally: Tally, start: float, length: float) -> None:
    while time.monotonic() - start < length + 2:
        rss, cpu = server.usage()
        tally.usage.append((time.monotonic(), rss, cpu))
        await asyncio.sleep(1.0)


# --------------------------------------------------------------------------- hostile clients


async def hostile(url: str, tally: Tally, start: float, length: float) -> None:
    """A few clients that try what a student's browser (or a script) could send."""
    await asyncio.sleep(min(25.0, length * 0.15))  # Ann has her name by now
    bad = Student(url, 0, "Mallory", address="127.0.0.240")
    try:
        await bad.set_name()
        said = await bad.api("POST", "/api/submit", raw=b"x" * 5000)
        tally.check("a 5,000-byte body is refused: 413", said.status == 413, _got(said))
        said = await bad.api("POST", "/api/submit", raw=b"{" * 2_000_000)
        tally.check("a 2 MB body is refused: 413 (or the connection closed)",
                    said.status in (413, 0), _got(said))
        said = await bad.api("POST", "/api/submit", raw=b'{"lesson": "1-flip-the-odds", "key"')
        tally.check("malformed JSON is refused: 400", said.status == 400, _got(said))
        said = await bad.api("POST", "/api/submit", [1, 2, 3])
        tally.check("JSON that is not an object is refused: 400", said.status == 400, _got(said))
        said = await bad.api("POST", "/api/submit", {"lesson": LESSON, "key": FLIPS, "nonce": "n1",
                                                     "value": {"successes": 9, "trials": 5}})
        tally.check("more successes than trials is refused: 400", said.status == 400, _got(said))
        statuses = []
        for _ in range(60):
            said = await bad.submit(FLIPS, {"successes": 1, "trials": 2}, tally.ledger)
            statuses.append(said.status)
        tally.check("a flood of 60 rows at once: at most 30 counted, the rest 429",
                    statuses.count(200) <= 30 and set(statuses) <= {200, 429},
                    str(dict(Counter(statuses))))
        for name in LOOK_ALIKES:
            other = Student(url, 0, name, address="127.0.0.241")
            said = await other.set_name()
            tally.check(f"the look-alike name {name!r} is refused: 409", said.status in (409, 400),
                        _got(said))
            await other.close()
        await _cookie_thrower(url, tally)
        await _open_connections(url, tally, hold=min(10.0, max(2.0, length / 4)))
    finally:
        await bad.close()


async def _cookie_thrower(url: str, tally: Tally) -> None:
    """One address asking for a new student id 200 times (a cookie thrown away each time)."""
    statuses = []
    for attempt in range(200):
        fresh = Student(url, 0, f"Thrower {attempt}", address="127.0.0.242", connections=1)
        said = await fresh.set_name()
        statuses.append(said.status)
        await fresh.close()
    ids = statuses.count(200)
    tally.check("200 new ids asked from one address: the address is limited (429)",
                429 in statuses and ids < 200, f"{ids} names given, {dict(Counter(statuses))}")


async def _open_connections(url: str, tally: Tally, count: int = 300, hold: float = 10.0) -> None:
    """``count`` connections from one address, each sending half a request and waiting."""
    host, port = url.rsplit("/", 1)[1].split(":")
    loop = asyncio.get_running_loop()
    held: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.bind(("127.0.0.243", 0))
            await asyncio.wait_for(loop.sock_connect(sock, (host, int(port))), 2.0)
            await loop.sock_sendall(sock, b"POST /api/submit HTTP/1.1\r\nHost: x\r\n")
            held.append(sock)
        except (TimeoutError, OSError):
            refused += 1
            sock.close()
    await asyncio.sleep(hold)
    open_now = 0
    for sock in held:
        try:
            sock.recv(1, socket.MSG_PEEK)  # an answer (or b"": closed): not held any more
        except BlockingIOError:
            open_now += 1  # nothing to read and not closed: still held open by the server
        except OSError:
            pass
        sock.close()
    tally.check(f"{count} half-open connections from one address: the server drops or refuses "
                "most of them", open_now < count, f"{open_now} still open after {hold:.0f} s, "
                f"{refused} refused at once")


def _got(said: Said) -> str:
    return f"{said.status or said.error} {said.message}"[:80]


# --------------------------------------------------------------------------- the flood


def flood(url: str, count: int) -> int:
    """The flood's own process (``--flood URL``): prints its statuses, acknowledged rows and
    seconds as one JSON line."""
    statuses, acks, seconds = asyncio.run(_flood(url, count))
    print(json.dumps({"statuses": statuses, "seconds": seconds,
                      "acks": [[a.student, a.nonce, a.row, a.key, a.value, a.counted]
                               for a in acks]}))
    return 0


async def _flood(url: str, count: int) -> tuple[dict[int, int], list[Ack], float]:
    me = Student(url, 0, "Flood", address="127.0.0.250", connections=8, timeout=30)
    ledger = Ledger()
    statuses: Counter[int] = Counter()
    await me.set_name()
    kinds = (
        lambda: me.api("POST", "/api/submit", raw=b"{not json"),
        lambda: me.api("POST", "/api/submit", raw=b"y" * 6000),
        lambda: me.api("POST", "/api/submit", {"lesson": "no-such-lesson", "key": "k",
                                               "value": 1, "nonce": "a"}),
        lambda: me.api("GET", "/api/pooled?lesson=1-flip-the-odds&key=nothing"),
        lambda: me.api("POST", "/api/name", {"name": "\u0000" * 30}),
        lambda: me.api("GET", "/api/teacher/summary?lesson=1-flip-the-odds",
                       headers={"X-Goldlab-Token": "guess"}),
        lambda: me.submit(FLIPS, {"successes": 1, "trials": 1}, ledger),
    )
    next_one = iter(range(count))
    started = time.perf_counter()

    async def worker() -> None:
        for i in next_one:
            said = await kinds[i % len(kinds)]()
            statuses[said.status] += 1

    await asyncio.gather(*(worker() for _ in range(8)))
    seconds = time.perf_counter() - started
    await me.close()
    return dict(statuses), ledger.acks, seconds


async def flood_while_probing(url: str, tally: Tally, start: float, length: float,
                              count: int, window: float) -> dict[str, Any]:
    """Wait until 60 % of the run (less the quiet window), then flood from another process."""
    await asyncio.sleep(max(0.0, start + length * 0.6 - time.monotonic()))
    quiet_from = time.monotonic() - window
    began = time.monotonic()
    worker = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--flood", url, "--bad-requests", str(count),
        stdout=asyncio.subprocess.PIPE)
    out, _ = await worker.communicate()
    ended = time.monotonic()
    said = json.loads(out.decode().strip().splitlines()[-1])
    statuses = {int(k): v for k, v in said["statuses"].items()}
    seconds = said["seconds"]
    acks = [Ack(*a) for a in said["acks"]]
    tally.ledger.acks.extend(acks)
    quiet = [s for t, s in tally.probe if quiet_from <= t < began]
    loud = [s for t, s in tally.probe if began <= t <= ended]
    return {"statuses": statuses, "seconds": seconds, "quiet": quiet, "loud": loud,
            "acks": len(acks)}


# --------------------------------------------------------------------------- the run


async def run(args: argparse.Namespace, folder: Path) -> Tally:
    site = Path(args.site)
    paths, origin = lesson_paths(site)
    print(f"lesson 1 as a browser opens it: {origin}, "
          f"{sum((site / p).stat().st_size for p in paths) / 2**20:.1f} MiB uncompressed")
    server = ClassServer(folder / "class.sqlite", free_port(), site).start()
    tally = Tally()
    length = args.minutes * 60
    print(f"server on {server.url} (pid {server.process.pid}); {args.students} students for "  # type: ignore[union-attr]
          f"{length:.0f} s; the class folder: {folder}")
    try:
        token = server.token()
        rss0, cpu0 = server.usage()
        start = time.monotonic()
        tasks = [honest(server.url, i, paths, tally, start, length, args.seed)
                 for i in range(args.students)]
        tasks += [teacher(server.url, token, tally, start, length),
                  probe(server.url, tally, start, length), sampler(server, tally, start, length)]
        if args.hostile:
            tasks.append(hostile(server.url, tally, start, length))
        flooding = flood_while_probing(server.url, tally, start, length, args.bad_requests,
                                       window=min(15.0, length * 0.2))
        results = await asyncio.gather(flooding, *tasks, return_exceptions=True)
        for result in results[1:]:
            if isinstance(result, BaseException):
                tally.check("every client ran to its end", False, repr(result)[:200])
        flood_result = results[0]
        rss1, cpu1 = server.usage()
        # the teacher's final look, the whole summary
        look = Student(server.url, 0, "teacher", address="127.0.0.2")
        said = await look.api("GET", f"/api/teacher/summary?lesson={LESSON}&since=0",
                              headers={"X-Goldlab-Token": token})
        await look.close()
        counted = recount(server.class_file)
        report(args, tally, flood_result, said, counted, (rss0, cpu0, rss1, cpu1), length)
    finally:
        code = server.stop()
        output = server.output() + server.log()
        tally.check("Ctrl-C ends the server", code is not None and code in (0, 130, -2),
                    f"exit status {code}")
        tally.check("no traceback in the server's terminal or log", "Traceback" not in output,
                    next((line for line in output.splitlines() if "Error" in line), ""))
    return tally


def report(args: argparse.Namespace, tally: Tally, flood_result: Any, final: Said,
           counted: Any, usage: tuple[int, float, int, float], length: float) -> None:
    rss0, cpu0, rss1, cpu1 = usage
    students = args.students
    checked = audit(tally.ledger, counted)
    tally.check("every acknowledged row is in the file exactly once", checked.clean, str(checked))
    tally.check("no row in the file that nobody was told was saved",
                not checked.unacknowledged, f"{len(checked.unacknowledged)} such rows")
    shown = summary_totals(final.body or {}) if final.ok else {}
    recounted = {FLIPS: counted.totals(FLIPS),
                 GUESS: sorted(round(v, 9) for v in counted.guesses(GUESS).values())}
    tally.check("the dashboard's figures equal a recount of the file",
                final.ok and shown == recounted,
                f"dashboard {_short(shown)} / file {_short(recounted)}")
    tally.check("a reload keeps every student (same cookie, same name)",
                tally.reload_lost_name == 0, f"{tally.reload_lost_name} lost their name")
    tally.check("honest students were never refused", not tally.honest_failures,
                str(dict(tally.honest_failures))[:300])
    tally.check("the probe was always answered", tally.probe_failures == 0,
                f"{tally.probe_failures} failures")
    peak = max((rss for _, rss, _ in tally.usage), default=rss1)
    rows: list[tuple[str, str]] = [
        ("students, run length", f"{students}, {length:.0f} s (load average at the end "
                                 f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"),
        ("rows acknowledged / in the file", f"{checked.acknowledged} / {checked.in_file}"),
        ("lost / doubled / changed", f"{len(checked.lost)} / {len(checked.doubled)} / "
                                     f"{len(checked.wrong)}"),
        ("submit latency p50 / p95 / max",
         f"{ms(percentile(tally.submit, .5))} / {ms(percentile(tally.submit, .95))} / "
         f"{ms(max(tally.submit, default=float('nan')))} ({len(tally.submit)} submits)"),
        ("pooled poll p50 / p95", f"{ms(percentile(tally.poll, .5))} / "
                                  f"{ms(percentile(tally.poll, .95))} ({len(tally.poll)} polls)"),
        ("dashboard summary p50 / p95", f"{ms(percentile(tally.summary, .5))} / "
                                        f"{ms(percentile(tally.summary, .95))}"),
        ("the whole page fetched, p50 / max", f"{percentile(tally.page, .5):.2f} s / "
                                              f"{max(tally.page, default=float('nan')):.2f} s"),
        ("reveal seen by every student in", f"{max(tally.reveal_seen, default=float('nan')):.1f} s"
                                            f" ({len(tally.reveal_seen)} students saw it)"),
        ("server RSS at start / peak / end", f"{rss0 / 2**20:.0f} / {peak / 2**20:.0f} / "
                                             f"{rss1 / 2**20:.0f} MiB"),
        ("server CPU: seconds per student", f"{(cpu1 - cpu0) / students:.2f} s "
                                            f"({(cpu1 - cpu0) / length * 100:.0f} % of one core "
                                            "over the run)"),
        ("bytes per student: first visit", f"{mean(tally.first_bytes) / 2**20:.2f} MiB "
                                           f"({len(tally.gzipped)} files came gzipped)"),
        ("bytes per student: reload", f"{mean(tally.reload_bytes) / 2**10:.1f} KiB"),
        ("bytes per student: whole class", f"{mean(tally.total_bytes) / 2**20:.2f} MiB"),
    ]
    if isinstance(flood_result, dict):
        quiet, loud = flood_result["quiet"], flood_result["loud"]
        q50, l50 = percentile(quiet, .5), percentile(loud, .5)
        q95, l95 = percentile(quiet, .95), percentile(loud, .95)
        statuses = flood_result["statuses"]
        rows += [
            ("bad requests from one client", f"{sum(statuses.values())} in "
                                             f"{flood_result['seconds']:.1f} s: {statuses}"),
            ("honest latency quiet p50 / p95", f"{ms(q50)} / {ms(q95)} ({len(quiet)} requests)"),
            ("honest latency under flood p50 / p95", f"{ms(l50)} / {ms(l95)} ({len(loud)})"),
            ("ratio under flood / quiet (p50, p95)", f"{l50 / q50:.2f}x, {l95 / q95:.2f}x"),
        ]
        tally.check("the flood got no 5xx (0: the server closed the connection)",
                    not any(s >= 500 for s in statuses), str(statuses))
    else:
        tally.check("the flood ran", False, repr(flood_result)[:200])
    print()
    print(table(rows, "A class against goldlab classroom"))
    print()
    for what, held, detail in tally.checks:
        print(f"  {'ok ' if held else 'FAILED'}  {what}" + (f": {detail}" if detail else ""))


def _short(shown: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v if isinstance(v, tuple) else f'{len(v)} guesses'}"
                     for k, v in sorted(shown.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30, help="honest students (default 30)")
    parser.add_argument("--minutes", type=float, default=5.0, help="the class's length (5)")
    parser.add_argument("--bad-requests", type=int, default=10_000,
                        help="the flood from one client (default 10,000)")
    parser.add_argument("--site", default=str(SITE), help="the built static site (build/lite)")
    parser.add_argument("--no-hostile", dest="hostile", action="store_false",
                        help="leave the hostile clients out (the flood still runs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the class folder here (default: a temporary one, removed)")
    parser.add_argument("--flood", metavar="URL", help=argparse.SUPPRESS)  # the flood's process
    args = parser.parse_args(argv)
    if args.flood:
        return flood(args.flood, args.bad_requests)
    if not 1 <= args.students <= 150 or args.minutes <= 0 or args.bad_requests < 1:
        parser.error("--students 1-150, --minutes and --bad-requests above 0")
    if not (Path(args.site) / LESSON_PAGE).is_file():
        print(f"no lesson pages in {args.site}: build the site with `python3 dev.py lite`",
              file=sys.stderr)
        return NOT_BUILT
    folder = args.keep or Path(tempfile.mkdtemp(prefix="goldlab-class-load-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        tally = asyncio.run(run(args, folder))
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    failed = [what for what, held, _ in tally.checks if not held]
    print(f"\n{len(tally.checks) - len(failed)} of {len(tally.checks)} checks held")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
