"""goldlab's engine in Pyodide beside CPython on this machine: random 2-player games per second.

Issue 44 §1 runs the lessons in the browser, on Pyodide.  This measures how much slower the
engine plays there: the same Python code (:data:`PLAYOUT`: ``goldlab.make``, then a uniformly
random legal action until the end, as ``bench_gold.py`` plays) is timed in this CPython and in
Pyodide under Node.js, in alternating rounds of the same seeds; each side keeps its best round
after a warm-up round (a shared machine only slows runs down; Node's WebAssembly compiler
tiers up while the warm-up plays).  Prints games/s of each, the ratio CPython / Pyodide, and
whether both played the same games (the final scores agree: the engine is deterministic
across interpreters).  Games use ``mode="study"``, as ``goldlab.bots.play.play_game`` (the
lessons' games) does; Goldland's random games use ``turn_cap=30`` (see ``bench_goldland.py``).

Pyodide is the npm package :data:`PYODIDE` (the one the static lesson pages use, Python
3.12), fetched with ``npm pack`` into ``build/bench-pyodide/`` and reused by later runs; a
small driver written beside it loads it from there (no CDN).  goldlab goes in as its own
wheel (``pip wheel --no-deps .``) unpacked into Pyodide's site-packages: the engine needs
neither its extras nor micropip.  Needs ``node`` (and ``npm`` on the first run).

    python3 benchmarks/bench_pyodide.py                 # Gold! 300 games a round, 5 rounds
    python3 benchmarks/bench_pyodide.py --games 1000 --rounds 3

Mount Goldrush and Goldland play a third of ``--games`` a round (at least one).  Exit status
3: ``node`` or Pyodide is missing (the message says which).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "bench-pyodide"
PYODIDE = "pyodide@0.27.6"
"""The npm package of the Pyodide the static lesson pages use (``lite/lessons.py``)."""
MISSING = 3
"""Exit status when ``node`` or Pyodide is missing."""

GAMES: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("gold", "Gold!", {}, 1),
    ("goldrush", "Mount Goldrush", {}, 3),
    ("goldland", "Goldland", {"turn_cap": 30}, 3),
)
"""(game, name, options, divisor of --games) of each timed game, all with 2 players."""

PLAYOUT = '''
import hashlib, random, time
import goldlab

def playouts(game, games, options):
    """Random 2-player games with seeds 0 .. games-1: seconds, decisions, a digest of the scores."""
    scores = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = goldlab.make(game, players=2, seed=seed, mode="study", **options)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        scores.append(state.scores())
    seconds = time.perf_counter() - start
    return seconds, decisions, hashlib.sha256(repr(scores).encode()).hexdigest()[:12]
'''
"""The timed code, run as it is by both interpreters."""

DRIVER = r"""// Written by benchmarks/bench_pyodide.py: runs its playouts in Pyodide, one per stdin line.
// node driver.mjs <pyodide folder> <goldlab wheel>; then each line in is a JSON list of
// playouts' arguments and each line out is "result <JSON>".
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [folder, wheel] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: folder + path.sep });
pyodide.FS.writeFile("/tmp/goldlab.whl", readFileSync(wheel));
const version = pyodide.runPython(`
import importlib, json, sys, sysconfig, zipfile
zipfile.ZipFile("/tmp/goldlab.whl").extractall(sysconfig.get_paths()["purelib"])
importlib.invalidate_caches()
json.dumps([sys.version.split()[0], sys.platform])
`);
pyodide.runPython(readFileSync(path.join(path.dirname(process.argv[1]), "playout.py"), "utf8"));
const say = (value) => process.stdout.write("result " + JSON.stringify(value) + "\n");
say({ ready: JSON.parse(version), pyodide: pyodide.version,
      seconds: (performance.now() - started) / 1000 });
for await (const line of createInterface({ input: process.stdin })) {
  try {
    pyodide.globals.set("request", line);
    say(JSON.parse(pyodide.runPython("import json; json.dumps(playouts(*json.loads(request)))")));
  } catch (error) {
    say({ error: String(error) });
  }
}
"""
"""The Node.js side: loads Pyodide from the local folder, then times what it is asked."""


def say(text: str) -> None:
    """A progress line (stderr, so the figures on stdout stay clean)."""
    print(f"bench_pyodide: {text}", file=sys.stderr, flush=True)


def die(text: str, status: int = 1) -> NoReturn:
    """Stop with a message."""
    print(f"bench_pyodide: {text}", file=sys.stderr)
    raise SystemExit(status)


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def build_wheel(folder: Path) -> Path:
    """goldlab's pure-Python wheel, built from this tree into ``folder``."""
    say("building goldlab's wheel (pip wheel --no-deps .)")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                    "--disable-pip-version-check", str(ROOT), "-w", str(folder)],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    (wheel,) = folder.glob("goldlab-*.whl")
    return wheel


def fetch_pyodide() -> Path:
    """Pyodide's runtime (the npm package :data:`PYODIDE`) unpacked in :data:`CACHE`."""
    name, version = PYODIDE.split("@")
    unpacked = CACHE / f"{name}-{version}"
    if (unpacked / "pyodide.mjs").is_file():
        return unpacked
    if not shutil.which("npm"):
        die(f"npm is needed to fetch {PYODIDE} (apt-get install -y npm)", MISSING)
    CACHE.mkdir(parents=True, exist_ok=True)
    say(f"fetching {PYODIDE} from npm into {CACHE.relative_to(ROOT)}")
    done = subprocess.run(["npm", "pack", PYODIDE, "--silent", "--pack-destination", str(CACHE)],
                          capture_output=True, text=True, check=False)
    tarball = CACHE / f"{name}-{version}.tgz"
    if done.returncode or not tarball.is_file():
        die(f"npm pack {PYODIDE} failed:\n{done.stderr.strip()}", MISSING)
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:  # another run may unpack too
        with tarfile.open(tarball) as tar:
            tar.extractall(scratch, filter="data")
        try:
            (Path(scratch) / "package").rename(unpacked)
        except OSError:
            if not (unpacked / "pyodide.mjs").is_file():
                raise
    return unpacked


class Pyodide:
    """Pyodide under Node.js, with goldlab and :data:`PLAYOUT` loaded, timing on request."""

    def __init__(self, folder: Path, wheel: Path) -> None:
        node = shutil.which("node")
        if node is None:
            die("node (Node.js) is needed to run Pyodide", MISSING)
        for file, text in (("driver.mjs", DRIVER), ("playout.py", PLAYOUT)):
            written = CACHE / f"{file}.{os.getpid()}"  # whole, also when another run writes
            written.write_text(text)
            written.replace(CACHE / file)
        self.node = subprocess.run([node, "--version"], capture_output=True, text=True,
                                   check=True).stdout.strip()
        self.process = subprocess.Popen([node, str(CACHE / "driver.mjs"), str(folder), str(wheel)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        ready = self._answer()
        self.python, self.platform = ready["ready"]
        self.version: str = ready["pyodide"]
        self.load_seconds: float = ready["seconds"]

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("result "):
                answer: dict[str, Any] | list[Any] = json.loads(line[len("result "):])
                if isinstance(answer, dict) and "error" in answer:
                    die(f"in Pyodide: {answer['error']}")
                return answer if isinstance(answer, dict) else {"result": answer}
            print(line, end="", file=sys.stderr)  # anything else Pyodide printed
        die(f"the Node.js driver stopped (exit status {self.process.wait()})")

    def playouts(self, game: str, games: int, options: dict[str, Any]) -> tuple[float, int, str]:
        """:data:`PLAYOUT`'s ``playouts`` run in Pyodide."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps([game, games, options]) + "\n")
        self.process.stdin.flush()
        seconds, decisions, digest = self._answer()["result"]
        return seconds, decisions, digest

    def close(self) -> None:
        """Stop the Node.js process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def main() -> None:
    """Measure both interpreters and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive, default=300, metavar="N",
                        help="Gold! games a round (Mount Goldrush and Goldland: N/3); default 300")
    parser.add_argument("--rounds", type=positive, default=5,
                        help="timed rounds of each interpreter after the warm-up; default 5")
    args = parser.parse_args()
    if shutil.which("node") is None:
        die("node (Node.js) is needed to run Pyodide", MISSING)
    here: dict[str, Any] = {}
    exec(compile(PLAYOUT, "<playout>", "exec"), here)  # CPython: this interpreter
    counts = {game: max(1, args.games // share) for game, _, _, share in GAMES}
    with tempfile.TemporaryDirectory() as scratch:
        wheel = build_wheel(Path(scratch))
        folder = fetch_pyodide()
        say(f"loading {PYODIDE} under Node.js")
        pyodide = Pyodide(folder, wheel)
        say(f"Pyodide {pyodide.version} (Python {pyodide.python}) loaded with goldlab in "
            f"{pyodide.load_seconds:.1f} s")
        try:
            best: dict[tuple[str, str], float] = {}
            digests: dict[tuple[str, str], set[str]] = {}
            decisions: dict[str, int] = {}
            sides = {"CPython": here["playouts"], "Pyodide": pyodide.playouts}
            for game, name, options, _ in GAMES:
                started = time.perf_counter()
                for round_ in range(args.rounds + 1):  # round 0 warms up
                    line = []
                    for side, playouts in sides.items():
                        seconds, decisions[game], digest = playouts(game, counts[game], options)
                        digests.setdefault((game, side), set()).add(digest)
                        rate = counts[game] / seconds
                        line.append(f"{side} {rate:7.1f}")
                        if round_:
                            best[game, side] = max(best.get((game, side), 0.0), rate)
                    label = "warm-up" if round_ == 0 else f"round {round_}/{args.rounds}"
                    say(f"{name} {label}: {', '.join(line)} games/s")
                say(f"{name}: {time.perf_counter() - started:.1f} s")
        finally:
            pyodide.close()

    print(f"Random 2-player games per second: CPython {platform.python_version()} "
          f"({sys.executable}) beside Pyodide {pyodide.version} (Python {pyodide.python}, "
          f"Node.js {pyodide.node}), on this machine")
    print(f"  best of {args.rounds} alternating rounds after a warm-up; mode='study'; "
          f"seeds 0 .. N-1 every round; Pyodide loaded in {pyodide.load_seconds:.1f} s")
    print(f"  {'game':24s} {'N':>5s} {'CPython':>9s} {'Pyodide':>9s} {'CPython / Pyodide':>18s}")
    for game, name, options, _ in GAMES:
        title = name + "".join(f", {key}={value}" for key, value in options.items())
        cpython, pyo = best[game, "CPython"], best[game, "Pyodide"]
        print(f"  {title:24s} {counts[game]:5d} {cpython:9.1f} {pyo:9.1f} {cpython / pyo:17.2f}x"
              f"   ({decisions[game] / counts[game]:.1f} decisions a game)")
    differ = [name for game, name, _, _ in GAMES
              if len(digests[game, "CPython"] | digests[game, "Pyodide"]) != 1]
    print(f"  the same games in both (final scores agree): "
          f"{'NO, ' + ', '.join(differ) + ' differ' if differ else 'yes, in every game'}")
    if differ:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
