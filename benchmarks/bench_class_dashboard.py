"""The teacher's dashboard at 40,000 rows: one redraw's answer from the class server (issue 45 §1).

A class of 30 students sends 40,000 rows to lesson 1 (a prediction now and then, trials
mostly), written through the store as the server writes them (the rows-per-minute limit set
aside: this is a whole morning of rows at once).  Then, over HTTP from a real class server on
loopback, it times:

- **redraw**: ``GET /api/teacher/summary`` after a change (the full answer: every ask's pooled
  figures and one point per student), what the dashboard fetches to redraw;
- **no change**: the same with ``since=`` the last counter (``changed: false``), what the
  dashboard fetches every second;
- **reference**: the old dashboard's way, measured in the same run on the same file: read
  every row of the class and pool them in Python (what it did once a second, 10 s at 40,000
  rows with its charts).

Each is the median of repeated requests, with the answer's bytes and the ratio to the
reference.  The goal: a redraw under 1 s at 40,000 rows.

    python benchmarks/bench_class_dashboard.py [--rows 40000] [--students 30]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import goldlab.classroom.store as store_module
from goldlab.classroom import ClassStore, new_session
from goldlab.classroom.server import http_server, make_app

LESSON = "1-flip-the-odds"


def fill(store: ClassStore, rows: int, students: int) -> None:
    """``rows`` rows from ``students`` students, through :meth:`ClassStore.submit`."""
    store_module.PER_MINUTE = rows + 1  # a morning's rows at once: no per-minute limit here
    ids = [new_session() for _ in range(students)]
    for i, me in enumerate(ids):
        store.set_name(me, f"student {i + 1}")
    for n in range(rows):
        me = ids[n % students]
        if n % 20 == 0:
            store.submit(me, None, LESSON, "both_gold", (n % 17) / 17, nonce=f"g{n}")
        else:
            store.submit(me, None, LESSON, "first_flip", {"successes": n % 7, "trials": 10},
                         nonce=f"t{n}")


def timed(url: str, token: str, repeat: int) -> tuple[float, int, dict[str, object]]:
    """Median seconds of ``repeat`` GETs of ``url``, the answer's bytes, the last answer."""
    times, size, answer = [], 0, {}
    for _ in range(repeat):
        request = urllib.request.Request(url, headers={"X-Goldlab-Token": token})
        start = time.perf_counter()
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        times.append(time.perf_counter() - start)
        size, answer = len(body), json.loads(body)
    return statistics.median(times), size, answer


def reference(store: ClassStore, repeat: int) -> float:
    """The old way: every row read and pooled in Python, per redraw (median seconds)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        rows = store.rows(token=store.token)
        pooled: dict[tuple[str, str], list[int]] = {}
        latest: dict[str, float] = {}
        for row in rows:
            if row["kind"] == "trials":
                s = pooled.setdefault((row["session"], row["key"]), [0, 0])
                s[0] += row["successes"]
                s[1] += row["trials"]
            else:
                latest[row["session"]] = row["value"]
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=40_000)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="goldlab-bench-dashboard-"))
    (folder / "site").mkdir()
    (folder / "site" / "index.html").write_text("site")
    store = ClassStore.create(folder / "class.sqlite")
    start = time.perf_counter()
    fill(store, args.rows, args.students)
    print(f"{args.rows:,} rows from {args.students} students written in "
          f"{time.perf_counter() - start:.1f} s ({folder / 'class.sqlite'})")

    import asyncio

    from tornado.testing import bind_unused_port

    sock, port = bind_unused_port()
    ready = threading.Event()
    loop_box: list[asyncio.AbstractEventLoop] = []

    def run() -> None:
        async def serve() -> None:
            server = http_server(make_app(store, folder / "site"))
            server.add_sockets([sock])
            loop_box.append(asyncio.get_running_loop())
            ready.set()
            await asyncio.Event().wait()
        with contextlib.suppress(RuntimeError):  # the loop stopped at the end
            asyncio.run(serve())

    threading.Thread(target=run, daemon=True).start()
    ready.wait(10)
    base = f"http://127.0.0.1:{port}/api/teacher/summary?lesson={LESSON}"
    redraw, size, answer = timed(base, store.token, args.repeat)
    last = answer["last"]
    same, same_size, unchanged = timed(f"{base}&since={last}", store.token, args.repeat * 4)
    assert unchanged["changed"] is False and answer["rows"] == args.rows
    old = reference(store, max(3, args.repeat // 3))
    print(f"redraw (full summary): {redraw * 1000:8.1f} ms  {size:>7,} bytes  "
          f"goal < 1000 ms  {'met' if redraw < 1 else 'MISSED'}")
    print(f"no change (since=last): {same * 1000:7.1f} ms  {same_size:>7,} bytes")
    print(f"reference (every row pooled in Python): {old * 1000:.1f} ms: the redraw takes "
          f"{redraw / old:.3f}x of it")
    loop_box[0].call_soon_threadsafe(loop_box[0].stop)


if __name__ == "__main__":
    main()
