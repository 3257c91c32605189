"""The lesson pages' wheels with their Python bytecode compiled in: a page starts seconds sooner.

A pure-Python wheel holds source files only.  Each time a student opens a page, Pyodide
compiles every module the page imports from source, in WebAssembly, and keeps nothing for the
next visit: IPython, the widgets and Altair (whose Vega-Lite schema is megabytes of Python)
take most of a lesson page's start.  Measured in Pyodide 0.27.6 under Node on this machine
(docs/lite.md): ``import IPython`` 8.2 s from source, 1.8 s from bytecode; ``import altair``
3.4 s, 1.1 s.

So the build compiles each wheel's modules once, in the page's own Python (Pyodide under
Node.js: the same interpreter and version as the page, so the bytecode is what the page would
make itself), and puts ``__pycache__/<module>.cpython-312.pyc`` beside each source in the
wheel (its RECORD lists them).  The bytecode is *unchecked-hash* (PEP 552): Python uses it
without comparing it with the source's time, which a wheel does not keep.  Tracebacks name
the modules' paths in the page's site-packages, as they would without it.  The sources stay
in the wheel (tracebacks show their lines; nothing else changes).

Compiled wheels are kept in build/lite-cache/bytecode/ by the wheel's hash, so a rebuild
compiles only the wheels that changed (goldlab's).  Needs ``node`` (npm, which the build
already needs, brings it).  Called by lite/lessons.py before the lock is written.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

DRIVER = r"""// Written by goldlab's lite/bytecode.py: compile Python sources in Pyodide under Node.
import { pathToFileURL } from "node:url";
import path from "node:path";
const [folder, work] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: folder + path.sep });
pyodide.FS.mkdir("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: work }, "/work");
pyodide.runPython(pyodide.FS.readFile("/work/compile.py", { encoding: "utf8" }));
"""

START_IMPORTS = (
    # the Pyodide kernel's own start (pyodide_kernel imports these)
    "IPython", "IPython.core.application", "IPython.core.history",
    "IPython.core.interactiveshell", "IPython.core.shellapp", "IPython.core.displayhook",
    "IPython.core.displaypub", "IPython.display", "IPython.core.completer", "comm",
    # what the lessons' first cells import
    "ipywidgets", "anywidget", "altair", "goldlab", "goldlab.analysis.display",
    "goldlab.lessons.*",
)
"""What a lesson page imports as it opens: their modules (and whatever they import from the
wheels) get bytecode.  ``pkg.*``: every module of the package ``pkg``."""

COMPILE = r'''
"""Import what a page imports on opening, then compile every module so loaded from the
unpacked wheels under /work/trees, as the page's Python would (and only those: the rest of a
wheel is rarely imported and would only make it bigger)."""
import importlib, importlib.util, json, pkgutil, py_compile, site, sys

site_packages = site.getsitepackages()[0]
trees = {f"/work/trees/{name}": name for name in json.load(open("/work/trees.json"))}
sys.path[:0] = list(trees)
sys.dont_write_bytecode = True
failed = []
for name in json.load(open("/work/imports.json")):
    names = [name]
    if name.endswith(".*"):
        package = importlib.import_module(name[:-2])
        names = [f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
    for module in names:
        try:
            importlib.import_module(module)
        except Exception as error:  # e.g. a teacher's tool that needs nbconvert
            failed.append(f"{module}: {type(error).__name__}: {error}"[:200])
compiled = {name: 0 for name in trees.values()}
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    root = next((r for r in trees if path.startswith(r + "/")), None)
    if root is None or not path.endswith(".py"):
        continue
    py_compile.compile(path, cfile=importlib.util.cache_from_source(path),
                       dfile=f"{site_packages}/{path[len(root) + 1:]}", doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    compiled[trees[root]] += 1
json.dump({"cache_tag": sys.implementation.cache_tag, "compiled": compiled, "failed": failed},
          open("/work/results.json", "w"))
'''


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _repack(wheel: Path, tree: Path, target: Path) -> int:
    """`wheel` again as `target`, with the ``.pyc`` files compiled into `tree` added and
    listed in its RECORD; returns how many were added."""
    with zipfile.ZipFile(wheel) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    names = {info.filename for info, _ in entries}
    compiled = sorted(p for p in tree.rglob("*.pyc")
                      if p.relative_to(tree).as_posix() not in names)
    added = [(p.relative_to(tree).as_posix(), p.read_bytes()) for p in compiled]
    partial = target.with_name(target.name + ".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().rstrip("\n").split("\n")
                last = lines.pop() if lines and lines[-1].startswith(info.filename) else None
                lines += [_record_line(name, pyc) for name, pyc in added]
                data = ("\n".join([*lines, *([last] if last else [])]) + "\n").encode()
                info = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
        for name, pyc in added:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, pyc)
    partial.replace(target)
    return len(added)


def precompiled(wheels: list[Path], pyodide: Path, cache: Path,
                imports: tuple[str, ...] = START_IMPORTS,
                say: Callable[[str], None] = print) -> list[Path]:
    """`wheels` with bytecode for the modules that `imports` loads from them, compiled by the
    Pyodide in folder `pyodide` (same names, in `cache`/<hash>/); a wheel none of whose
    modules is imported comes back as it is."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("[lite] ERROR: node (Node.js) is needed to compile the lesson pages' "
                         "wheels (apt-get install -y nodejs npm)")
    version = json.loads((pyodide / "package.json").read_text())["version"] \
        if (pyodide / "package.json").is_file() else pyodide.name
    out: dict[Path, Path] = {}
    trees: dict[str, Path] = {}  # every wheel with modules: the imports need them all
    todo: dict[str, tuple[Path, Path]] = {}  # those not compiled yet
    for number, wheel in enumerate(wheels):
        key = hashlib.sha256(wheel.read_bytes() + version.encode()
                             + json.dumps(imports).encode()).hexdigest()[:16]
        target = cache / key / wheel.name
        out[wheel] = target
        with zipfile.ZipFile(wheel) as zf:
            has_modules = any(n.endswith(".py") for n in zf.namelist())
        name = f"{number}-{wheel.stem}"
        if has_modules:
            trees[name] = wheel
        if target.is_file():
            continue
        if has_modules:
            todo[name] = (wheel, target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(wheel, target)
    if todo:
        work = cache / "work"
        shutil.rmtree(work, ignore_errors=True)
        (work / "trees").mkdir(parents=True)
        for name, wheel in trees.items():
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(work / "trees" / name)
        (work / "trees.json").write_text(json.dumps(sorted(trees)))
        (work / "imports.json").write_text(json.dumps(list(imports)))
        (work / "compile.py").write_text(COMPILE)
        (work / "driver.mjs").write_text(DRIVER)
        say(f"compiling the Python of {len(todo)} wheels to bytecode in Pyodide {version}")
        done = subprocess.run([node, str(work / "driver.mjs"), str(pyodide), str(work)],
                              check=False, capture_output=True, text=True)
        results = work / "results.json"
        if done.returncode or not results.is_file():
            print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
            raise SystemExit("[lite] ERROR: compiling the wheels in Pyodide failed")
        report = json.loads(results.read_text())
        added = 0
        for name, (wheel, target) in todo.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            added += _repack(wheel, work / "trees" / name, target)
        say(f"bytecode for {added} modules in {len(todo)} wheels"
            + (f"; not imported: {'; '.join(report['failed'])}" if report["failed"] else ""))
        shutil.rmtree(work)
    keep = {t.parent.name for t in out.values()}
    for stale in cache.iterdir():  # entries of wheels no longer built (goldlab's old ones)
        if stale.is_dir() and stale.name not in keep:
            shutil.rmtree(stale)
    return [out[w] for w in wheels]
