"""The class server when things go wrong (issue 45 §3): a crash, a taken port, a bad disk.

Each case starts the real server (``python -m goldlab classroom``, see
``bench_class_harness.py``) in a folder of its own and checks what a student and the teacher
see:

``kill``
    students send rows as fast as they are acknowledged; the server is killed with SIGKILL
    (its whole process group) while submissions are in flight, and started again on the same
    class file and port.  Every student retries an unanswered row with the same nonce.  Every
    acknowledged row must be in the file exactly once, and no row may be there that nobody
    was told was saved.
``port``
    the port is already taken (a socket listens on it): the server must stop with a nonzero
    status and a message naming the port, never serve on another one.
``locked``
    another process holds the class file in an exclusive SQLite transaction: a submission must
    get 503 "Not saved: tell your teacher." within 2 s, the teacher's terminal or log the real
    cause (the file is locked); once the lock is gone, the same row (same nonce) is saved.
``readonly``
    the class folder is a read-only file system (a tmpfs remounted read-only) when the server
    starts: the server refuses with a message naming the cause, or it serves and a submission
    gets the 503 within 2 s, with the cause in the terminal.
``full``
    the class file sits on a small tmpfs that is then filled: submissions get the 503 within
    2 s, the terminal the cause (no space left); once space is freed, rows are saved again and
    every acknowledged row is in the file.  Without permission to mount (not root), the server
    runs under a file-size limit (RLIMIT_FSIZE) instead, and the table says so.

Prints one line per case (what was expected, what happened, how long a refused submission
took) and exits 1 when a case failed, 3 when the static site is not built.

    python benchmarks/bench_class_faults.py                   # every case
    python benchmarks/bench_class_faults.py --cases kill,port # some
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bench_class_harness import (
    FLIPS,
    LESSON_PAGE,
    NOT_SAVED,
    SITE,
    ClassServer,
    Ledger,
    Said,
    ServerGone,
    Student,
    audit,
    free_port,
    recount,
)

CASES = ("kill", "port", "locked", "readonly", "full")
NOT_BUILT = 3
PROMPT = 2.0
"""s: the longest a student may wait for "Not saved" (issue 45 §2)."""
SITE_DIR = [SITE]
"""The static site the servers serve (``--site``)."""


def _server(class_file: Path, port: int, **more: object) -> ClassServer:
    return ClassServer(class_file, port, SITE_DIR[0], **more)  # type: ignore[arg-type]


@dataclass
class Outcome:
    case: str
    held: bool
    detail: str


def _row(n: int = 10, won: int = 4) -> dict[str, int]:
    return {"successes": won, "trials": n}


# --------------------------------------------------------------------------- kill -9


async def _kill_case(folder: Path, students: int, rows_each: int) -> Outcome:
    server = _server(folder / "class.sqlite", free_port()).start()
    ledger = Ledger()
    class_ = [Student(server.url, i, f"Student {i:02d}") for i in range(students)]
    for me in class_:
        said = await me.set_name()
        if not said.ok:
            return Outcome("kill", False, f"a name was refused: {said.status} {said.message}")
    in_flight = 0
    at_kill = [0]
    failed: list[str] = []

    async def send(me: Student) -> None:
        nonlocal in_flight
        for _ in range(rows_each):
            in_flight += 1
            said = await me.submit(FLIPS, _row(), ledger, retry_for=60.0)
            in_flight -= 1
            if not said.ok:
                failed.append(f"{said.status or said.error} {said.message}")

    async def killer() -> float:
        while len(ledger.acks) < students * rows_each // 3:
            await asyncio.sleep(0.01)
        at_kill[0] = in_flight
        server.kill9()
        await asyncio.sleep(0.5)  # the class waits a moment; the teacher starts it again
        began = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(None, server.start)
        return time.monotonic() - began

    try:
        results = await asyncio.gather(killer(), *(send(me) for me in class_))
        counted = recount(server.class_file)
        checked = audit(ledger, counted)
        retried = sum(not a.counted for a in ledger.acks)
        renamed = sum(me.renamed for me in class_)
        held = checked.clean and not checked.unacknowledged and not failed and \
            len(ledger.rows()) == students * rows_each
        detail = (f"{len(failed)} refused {failed[:2]}; " if failed else "") + (
                  f"{at_kill[0]} submissions in flight at the kill; restart answered in "
                  f"{results[0]:.1f} s; {checked}; {retried} retries found their row saved "
                  f"(counted: false)" + (f"; the server forgot {renamed} names" if renamed
                                         else "; every student still known by its cookie"))
        return Outcome("kill", held, detail)
    finally:
        for me in class_:
            await me.close()
        server.stop()


# --------------------------------------------------------------------------- the port


def _port_case(folder: Path) -> Outcome:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = _server(folder / "class.sqlite", port)
        began = time.monotonic()
        try:
            server.start(wait=0)
            assert server.process is not None
            code = server.process.wait(30)
        except subprocess.TimeoutExpired:
            server.kill9()
            return Outcome("port", False, f"still running 30 s after starting on taken port {port}")
        finally:
            server.stop()
        said = server.output().split("$ ", 1)[-1].split("\n", 1)[-1].strip()
        others = {int(p) for p in re.findall(r"127\.0\.0\.1:(\d+)|localhost:(\d+)", said)
                  for p in p if p} - {port}
        held = code != 0 and str(port) in said and not others and "Traceback" not in said
        return Outcome("port", held, f"exit status {code} after {time.monotonic() - began:.1f} s"
                       f"; said: {said.splitlines()[-1] if said else '(nothing)'}"
                       + (f"; named other ports {sorted(others)}" if others else ""))


# --------------------------------------------------------------------------- locked


LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
"""


async def _refused_in_time(me: Student, ledger: Ledger, nonce: str) -> tuple[Said, str]:
    """A submission that should come back "Not saved" within :data:`PROMPT`."""
    said = await me.submit(FLIPS, _row(), ledger, nonce=nonce)
    fine = said.status == 503 and said.message == NOT_SAVED and said.seconds <= PROMPT
    return said, ("" if fine else f"expected 503 {NOT_SAVED!r} within {PROMPT:.0f} s, got "
                  f"{said.status or said.error} {said.message!r} after {said.seconds:.2f} s")


async def _locked_case(folder: Path) -> Outcome:
    server = _server(folder / "class.sqlite", free_port()).start()
    me = Student(server.url, 0, "Ann")
    ledger = Ledger()
    locker = None
    try:
        await me.set_name()
        first = await me.submit(FLIPS, _row(), ledger)
        if not first.ok:
            return Outcome("locked", False, f"the first row was refused: {first.status}")
        before = len(server.output() + server.log())
        locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(server.class_file)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert locker.stdout is not None and locker.stdin is not None
        locker.stdout.readline()
        said, wrong = await _refused_in_time(me, ledger, "while-locked")
        await asyncio.sleep(0.5)
        cause = _said_to_teacher((server.output() + server.log())[before:])
        named = re.search(r"locked|busy", cause, re.IGNORECASE)
        locker.stdin.write("\n")
        locker.stdin.flush()
        locker.wait(10)
        again = await me.submit(FLIPS, _row(), ledger, nonce="while-locked")
        checked = audit(ledger, recount(server.class_file))
        held = not wrong and bool(named) and again.ok and checked.clean
        detail = (wrong or f"503 {said.message!r} in {said.seconds:.2f} s") + \
            f"; the teacher reads: {_line(cause, named)}; after the lock: " \
            f"{'saved' if again.ok else f'{again.status} {again.message}'}; {checked}"
        return Outcome("locked", held, detail)
    finally:
        if locker is not None and locker.poll() is None:
            locker.kill()
            locker.wait()
        await me.close()
        server.stop()


def _said_to_teacher(text: str) -> str:
    """The lines of the terminal and log that report a problem (warnings, errors, the
    command's own one-line refusals), not the ordinary ones."""
    return "\n".join(line for line in text.splitlines()
                     if re.search(r"ERROR|WARNING|^goldlab", line))


def _line(text: str, found: re.Match[str] | None) -> str:
    if not found:
        return "(nothing about it)"
    start = text.rfind("\n", 0, found.start()) + 1
    end = text.find("\n", found.end())
    return repr(text[start:end if end >= 0 else None].strip()[:160])


# --------------------------------------------------------------------------- disks


def can_mount() -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    with tempfile.TemporaryDirectory() as probe:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe],
                              capture_output=True, check=False)
        if done.returncode != 0:
            return False
        subprocess.run(["umount", probe], check=False)
        return True


@contextlib.contextmanager
def tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                   check=True)
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


async def _readonly_case(folder: Path) -> Outcome:
    if not can_mount():
        return Outcome("readonly", True, "skipped: mounting a tmpfs needs root (a read-only "
                       "file is still writable by root: chmod cannot show it)")
    with tmpfs(folder / "disk", "8m") as disk:
        server = _server(disk / "class.sqlite", free_port(), terminal=folder / "t.txt")
        server.start()
        me = Student(server.url, 0, "Ann")
        ledger = Ledger()
        try:
            await me.set_name()
            await me.submit(FLIPS, _row(), ledger)
            server.stop()
            subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
            before = len(server.output())
            try:
                server.start(wait=20)
            except ServerGone:
                printed = _said_to_teacher(server.output()[before:]).strip()
                last = printed.splitlines()[-1] if printed else "(nothing)"
                held = bool(re.search(r"read-only|readonly|read only", printed,
                                      re.IGNORECASE)) and "Traceback" not in printed
                return Outcome("readonly", held, f"the server refused to start: {last!r}")
            said, wrong = await _refused_in_time(me, ledger, "read-only")
            await asyncio.sleep(0.5)
            cause = _said_to_teacher(server.output()[before:])
            named = re.search(r"read-only|readonly|read only", cause, re.IGNORECASE)
            checked = audit(ledger, recount(server.class_file))
            held = not wrong and bool(named) and checked.clean
            return Outcome("readonly", held, (wrong or f"served; a submission: 503 "
                                              f"{said.message!r} in {said.seconds:.2f} s")
                           + f"; the teacher reads: {_line(cause, named)}; {checked}")
        finally:
            await me.close()
            server.stop()


async def _full_case(folder: Path) -> Outcome:
    mounted = can_mount()
    how = "a 2 MiB tmpfs, filled" if mounted else "RLIMIT_FSIZE 256 KiB on the server"
    with (tmpfs(folder / "disk", "2m") if mounted else contextlib.nullcontext(folder)) as disk:
        limit = None if mounted else (lambda: resource.setrlimit(resource.RLIMIT_FSIZE,
                                                                 (256 * 1024, 256 * 1024)))
        server = _server(disk / "class.sqlite", free_port(), terminal=folder / "t.txt")
        server.start(preexec=limit)
        class_ = [Student(server.url, i, f"Student {i:02d}") for i in range(4)]
        ledger = Ledger()
        filler = disk / "filler"
        try:
            for me in class_:
                await me.set_name()
            await class_[0].submit(FLIPS, _row(), ledger)
            before = len(server.output() + server.log())
            if mounted:
                with filler.open("wb", buffering=0) as out, contextlib.suppress(OSError):
                    while True:
                        out.write(b"\0" * 4096)
            refused: Said | None = None
            slow = []
            for attempt in range(100):  # until the file cannot grow (a WAL frame per row)
                said = await class_[attempt % 4].submit(FLIPS, _row(), ledger,
                                                        nonce=f"full-{attempt}")
                if said.status != 200:
                    refused = said
                    break
            if refused is None:
                return Outcome("full", False, f"{how}: 100 rows still saved")
            if not (refused.status == 503 and refused.message == NOT_SAVED
                    and refused.seconds <= PROMPT):
                slow.append(f"{refused.status} {refused.message!r} in {refused.seconds:.2f} s")
            await asyncio.sleep(0.5)
            cause = _said_to_teacher((server.output() + server.log())[before:])
            named = re.search(r"full|no space|too large", cause, re.IGNORECASE)
            if mounted:
                filler.unlink()
            again = await class_[1].submit(FLIPS, _row(), ledger, nonce="after-full")
            checked = audit(ledger, recount(server.class_file))
            held = not slow and bool(named) and (again.ok or not mounted) and checked.clean
            return Outcome("full", held, f"{how}: " + (slow[0] if slow else
                           f"503 {refused.message!r} in {refused.seconds:.2f} s")
                           + f"; the teacher reads: {_line(cause, named)}; space freed: "
                           + ("saved again" if again.ok else f"{again.status} {again.message}")
                           + f"; {checked}")
        finally:
            for me in class_:
                await me.close()
            server.stop()


# --------------------------------------------------------------------------- the run


def run(cases: list[str], folder: Path, students: int, rows_each: int) -> list[Outcome]:
    outcomes = []
    for number, case in enumerate(cases, 1):
        where = folder / f"class-{number}"  # no case's name in a path the server prints
        where.mkdir()
        began = time.monotonic()
        try:
            if case == "kill":
                outcome = asyncio.run(_kill_case(where, students, rows_each))
            elif case == "port":
                outcome = _port_case(where)
            elif case == "locked":
                outcome = asyncio.run(_locked_case(where))
            elif case == "readonly":
                outcome = asyncio.run(_readonly_case(where))
            else:
                outcome = asyncio.run(_full_case(where))
        except (ServerGone, OSError, AssertionError) as error:
            outcome = Outcome(case, False, f"{type(error).__name__}: {error}"[:600])
        print(f"{'ok ' if outcome.held else 'FAILED'}  {case:<8} ({time.monotonic() - began:4.1f} s)"
              f"  {outcome.detail}", flush=True)
        outcomes.append(outcome)
    return outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default=",".join(CASES),
                        help=f"which, comma-separated (default: {','.join(CASES)})")
    parser.add_argument("--students", type=int, default=10, help="students in the kill case")
    parser.add_argument("--rows", type=int, default=20, help="rows each sends in the kill case")
    parser.add_argument("--site", default=str(SITE))
    parser.add_argument("--keep", type=Path, default=None, help="keep the class folders here")
    args = parser.parse_args(argv)
    cases = [c.strip() for c in args.cases.split(",") if c.strip()]
    unknown = [c for c in cases if c not in CASES]
    if unknown or not cases:
        parser.error(f"unknown case {unknown[0] if unknown else ''!r}: the cases are "
                     f"{', '.join(CASES)}")
    if not 1 <= args.students <= 100 or not 1 <= args.rows <= 30:
        parser.error("--students 1-100, --rows 1-30 (the rate limit is 30 rows a minute)")
    if not (Path(args.site) / LESSON_PAGE).is_file():
        print(f"no lesson pages in {args.site}: build the site with `python3 dev.py lite`",
              file=sys.stderr)
        return NOT_BUILT
    SITE_DIR[0] = Path(args.site)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="goldlab-class-faults-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        outcomes = run(cases, folder, args.students, args.rows)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    failed = [o.case for o in outcomes if not o.held]
    print(f"\n{len(outcomes) - len(failed)} of {len(outcomes)} cases held"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
