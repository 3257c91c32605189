#!/usr/bin/env python3
"""Build the static demo, a JupyterLite site on Pyodide, into build/lite/ (`python3 dev.py lite`).

Everything comes from the repository and the package registries (PyPI, npm): nothing is
loaded from a CDN when the site runs.  The steps:

1. a build environment of its own, build/lite-env (jupyterlite-core and the Pyodide kernel,
   pinned in :data:`BUILD_TOOLS`; the main .venv and its pins stay untouched);
2. Pyodide's core runtime from the npm package ``pyodide`` (no wheels in it);
3. the pure-Python wheels the kernel and the demo load, pinned in lite/requirements.txt, from
   PyPI (markupsafe built from its sdist without its C speed-ups), and goldlab's own wheel;
4. Pyodide's lock rewritten to list exactly those wheels (their own sha256, what each
   imports and depends on), every entry without a file dropped, so the kernel starts
   offline and ``import goldlab`` in a cell loads goldlab and the widgets by itself;
5. ``jupyter lite build`` from scratch (an incremental build once lost the local Pyodide)
   over notebooks/demo/, with the fallback to PyPI switched off;
6. the start page, lite/start.html, in place of JupyterLite's own root index.html (a
   redirect to the lab): the games, the rulebook examples and the lessons, one click away;
7. the student lessons as app pages in build/lite/lessons/ (lite/lessons.py: Voici, on an
   older Pyodide of its own).

A build is reused while its inputs are unchanged (:func:`inputs_digest`: goldlab's sources,
the demo notebooks, this folder and the pins; the lesson pages have a digest of their own,
so a change to a lesson rebuilds only them); downloads are kept in build/lite-cache.
Run with ``--force`` to rebuild anyway.  See docs/lite.md.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any

import compress  # this folder's lite/compress.py
import visitors  # this folder's lite/visitors.py

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
OUT = BUILD / "lite"
ENV = BUILD / "lite-env"
ENV_PY = ENV / "bin" / "python"
CACHE = BUILD / "lite-cache"
STAGE = BUILD / "lite-stage"
DEMO = ROOT / "notebooks" / "demo"
HERE = Path(__file__).resolve().parent
START_PAGE = HERE / "start.html"
"""The site's root page: static HTML, what a teacher sends (docs/lite.md)."""
ALTAIR_BUNDLE = ".altair-offline.js"
"""Beside the demo notebooks, hidden from the file browser by its leading dot (the build
lists hidden files in the contents, so the kernel can read it)."""
REQUIREMENTS = HERE / "requirements.txt"
STAMP_NAME = ".goldlab-lite-inputs"
LESSONS_ONLY = ("lessons.py", "bytecode.py", "requirements-py312.txt",
                "check-this-browser.ipynb")
"""The files of this folder only the lesson pages are built from (not in the demo's digest)."""

BUILD_TOOLS = (
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    # their lab extensions go into the site: the same versions as in the kernel's wheels
    "anywidget==0.11.0",
    "ipywidgets==8.1.5",
    "jupyterlab_widgets==3.0.13",
    # Altair's JavaScript bundled offline for the win-rate chart (the kernel's Altair version)
    "altair==6.3.0",
    "vl-convert-python==1.9.0.post1",
    "jupyter_server>=2.14,<3",  # lists the demo notebooks into the site's contents
    "packaging>=24",  # reads the wheels' requirements
)
PYODIDE = "pyodide@314.0.7"
"""The npm package of Pyodide's core runtime (Python 3.14)."""
MARKUPSAFE = "markupsafe==3.0.3"
"""No pure wheel on PyPI: built from the sdist, its C speed-ups switched off."""
SKIP_FROM_PYODIDE = ("console.html", "console-v2.html", "README.md", "package.json")
"""Files of the npm package the site does not need (with the .map and .d.ts files)."""
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
GOLDLAB_NEEDS = ("anywidget", "ipywidgets")
"""What ``import goldlab`` loads with it in the site: the views' widgets (the wheel itself
declares no dependencies: the engine is standard library only)."""
SITE_SETTINGS = {
    # every cell drawn, also off screen (as in tests/browser: cells are found and clicked)
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    # a visitor's run is not saved by itself: a reload shows the published notebook again
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
}
ENVIRONMENT = {  # the browser's Python, for the wheels' environment markers
    "python_version": "3.14", "python_full_version": "3.14.2", "sys_platform": "emscripten",
    "platform_system": "Emscripten", "os_name": "posix", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "platform_machine": "wasm32",
}


def say(msg: str) -> None:
    print(f"[lite] {msg}", flush=True)


def die(msg: str) -> None:
    print(f"[lite] ERROR: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def run(cmd: list[str], cwd: Path = ROOT, **kwargs: Any) -> None:
    done = subprocess.run(cmd, cwd=cwd, check=False, **kwargs)
    if done.returncode:
        die(f"{' '.join(cmd[:6])}... failed (exit {done.returncode})")


# --------------------------------------------------------------------------- inputs


def input_files(*folders: Path, lite: tuple[str, ...] = ()) -> list[Path]:
    """goldlab's sources, the files in `folders`, and this folder's files less those
    of :data:`LESSONS_ONLY` not named in `lite`."""
    files = [ROOT / "setup.py", ROOT / "pyproject.toml",
             *(p for p in HERE.glob("*") if p.name not in LESSONS_ONLY or p.name in lite)]
    for folder in (ROOT / "goldlab", ROOT / "widgets", ROOT / "share", ROOT / "jupyter-config",
                   *folders):  # what goldlab's wheel is made of, then the notebooks
        files += folder.rglob("*")
    skip = {"__pycache__", ".ipynb_checkpoints", ".mypy_cache"}
    return sorted(p for p in files
                  if p.is_file() and not skip & set(p.parts) and p.suffix != ".pyc")


def digest_of(pins: tuple[str, ...], files: list[Path]) -> str:
    """sha256 of the pins and of the files' paths and contents."""
    digest = hashlib.sha256("\n".join(pins).encode())
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def inputs_digest() -> str:
    """sha256 of everything the site is built from: the sources, notebooks and pins."""
    return digest_of((*BUILD_TOOLS, PYODIDE, MARKUPSAFE), input_files(DEMO))


def up_to_date(out: Path = OUT) -> bool:
    """True if `out` holds a finished build of the current inputs."""
    stamp = out / STAMP_NAME
    return (stamp.is_file() and stamp.read_text().strip() == inputs_digest()
            and (out / "index.html").is_file())


# --------------------------------------------------------------------------- environment


def ensure_env(env: Path = ENV, tools: tuple[str, ...] = BUILD_TOOLS) -> None:
    """Create the build environment `env` with the pinned `tools`, unless it has them."""
    stamp = env / ".goldlab-lite-tools"
    wanted = "\n".join(tools) + "\n"
    python = env / "bin" / "python"
    if stamp.is_file() and stamp.read_text() == wanted and python.exists():
        return
    say(f"creating {env.relative_to(ROOT)} with {', '.join(tools[:3])}")
    shutil.rmtree(env, ignore_errors=True)
    base = getattr(sys, "_base_executable", sys.executable)
    run([base, "-m", "venv", str(env)])
    run([str(python), "-m", "pip", "install", "--quiet", "--progress-bar", "off",
         "--disable-pip-version-check", *tools])
    stamp.write_text(wanted)


def pip(*args: str) -> None:
    """This environment's pip (a build environment's: build/lite-env or build/voici-env)."""
    run([sys.executable, "-m", "pip", *args, "--quiet", "--progress-bar", "off",
         "--disable-pip-version-check"], env=dict(os.environ, SOURCE_DATE_EPOCH="315532800"))


# --------------------------------------------------------------------------- parts


def fetch_pyodide(package: str = PYODIDE) -> Path:
    """Pyodide's core runtime (`package` on npm), unpacked into the cache."""
    name, version = package.split("@")
    unpacked = CACHE / f"{name}-{version}"
    if (unpacked / "pyodide-lock.json").is_file():
        return unpacked
    if not shutil.which("npm"):
        die("npm is needed to fetch Pyodide's runtime (apt-get install -y npm)")
    CACHE.mkdir(parents=True, exist_ok=True)
    say(f"fetching {package} from npm")
    run(["npm", "pack", package, "--silent", "--pack-destination", str(CACHE)],
        stdout=subprocess.DEVNULL)
    tarball = CACHE / f"{name}-{version}.tgz"
    scratch = CACHE / "pyodide-unpack"
    shutil.rmtree(scratch, ignore_errors=True)
    with tarfile.open(tarball) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4+: nothing outside `scratch`
            tar.extractall(scratch, filter="data")
        else:
            tar.extractall(scratch)  # npm's own tarball of a pinned version
    shutil.rmtree(unpacked, ignore_errors=True)
    (scratch / "package").rename(unpacked)
    shutil.rmtree(scratch)
    return unpacked


def fetch_wheels(requirements: Path = REQUIREMENTS, python: str = "3.14") -> list[Path]:
    """The pure wheels pinned in `requirements` for Python `python` (and markupsafe, built
    pure) in the cache."""
    key = hashlib.sha256(requirements.read_bytes()).hexdigest()[:12]
    wheels = CACHE / "wheels" / (key if python == "3.14" else f"{key}-py{python}")
    done = wheels / ".complete"
    if not done.is_file():
        say(f"downloading the pinned pure wheels for Python {python} from PyPI")
        shutil.rmtree(wheels, ignore_errors=True)
        wheels.mkdir(parents=True)
        pip("download", "--no-deps", "--only-binary=:all:", "--python-version", python,
            "--platform", "any", "--implementation", "py", "--abi", "none",
            "-d", str(wheels), "-r", str(requirements))
        # CC=false: the C speed-ups fail to compile, and markupsafe's setup.py then builds
        # its pure-Python wheel (py3-none-any), whatever compilers the machine has.
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-binary=:all:",
             "--disable-pip-version-check", "-w", str(wheels), MARKUPSAFE],
            env=dict(os.environ, CC="false", SOURCE_DATE_EPOCH="315532800"))
        done.write_text("")
    found = sorted(wheels.glob("*.whl"))
    impure = [w.name for w in found if not w.name.endswith("-none-any.whl")]
    if impure:
        die(f"not pure-Python wheels: {impure}")
    return found


def build_goldlab_wheel(into: Path) -> Path:
    """goldlab's wheel, built from a clean copy of the sources (nothing written here)."""
    src = into / "goldlab-src"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".ipynb_checkpoints")
    for name in ("goldlab", "widgets", "share", "jupyter-config"):
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    pip("wheel", "--no-deps", "-w", str(into), str(src))
    shutil.rmtree(src)
    (wheel,) = into.glob("goldlab-*.whl")
    return wheel


# --------------------------------------------------------------------------- the lock


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _metadata(wheel: Path, browser: dict[str, str] = ENVIRONMENT,
              ) -> tuple[str, str, list[str], list[str]]:
    """(name, version, requirements that apply in the browser, top-level imports)."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    environment = {**default_environment(), **browser, "extra": ""}
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        text = zf.read(meta).decode()
    fields = [line.split(": ", 1) for line in text.split("\n\n", 1)[0].splitlines()
              if ": " in line]
    name = next(v for k, v in fields if k == "Name")
    version = next(v for k, v in fields if k == "Version")
    needs = []
    for key, value in fields:
        if key == "Requires-Dist":
            req = Requirement(value)
            if req.marker is None or req.marker.evaluate(environment):
                needs.append(_normal(req.name))
    imports = sorted({n.split("/", 1)[0].removesuffix(".py") for n in names
                      if not n.split("/", 1)[0].endswith((".dist-info", ".data"))
                      and (n.endswith(".py") or "/" in n)})
    return name, version, needs, [i for i in imports if i.isidentifier()]


def write_lock(pyodide: Path, wheels: list[Path], target: Path,
               browser: dict[str, str] = ENVIRONMENT,
               goldlab_needs: tuple[str, ...] = GOLDLAB_NEEDS) -> dict[str, Any]:
    """Copy `wheels` beside Pyodide's lock in `target` and write a lock that lists exactly
    them: Pyodide's own entries rewritten (its repacked wheels have other hashes), new
    entries for the rest, every entry without a file dropped.  `browser`: the environment
    markers of the page's Python; `goldlab_needs`: what ``import goldlab`` loads with it."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    known: dict[str, dict[str, Any]] = lock["packages"]
    packages: dict[str, dict[str, Any]] = {}
    for wheel in wheels:
        name, version, needs, imports = _metadata(wheel, browser)
        key = _normal(name)
        entry = dict(known.get(key, {}))
        entry.update({
            "name": entry.get("name", key), "version": version, "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": entry.get("imports") or imports,
            "depends": needs, "unvendored_tests": False, "shared_library": False,
        })
        if key == "goldlab":
            entry["depends"] = [*needs, *goldlab_needs]
        packages[key] = entry
        shutil.copy2(wheel, target / wheel.name)
    provided_by_kernel = {"widgetsnbextension"}  # the kernel's own stand-in (its pypi/)
    for key, entry in packages.items():
        missing = [d for d in entry["depends"] if d not in packages]
        if set(missing) - provided_by_kernel:
            die(f"{key} needs {missing}: add them to {REQUIREMENTS.relative_to(ROOT)}")
        entry["depends"] = [d for d in entry["depends"] if d in packages]
    lock["packages"] = dict(sorted(packages.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return lock


# --------------------------------------------------------------------------- the site


def stage(pyodide: Path, wheels: list[Path], digest: str) -> None:
    """The lite dir jupyter lite builds from: static/pyodide, the settings, the config (the
    browser storage named after `digest`, the build's inputs)."""
    static = STAGE / "static" / "pyodide"
    static.mkdir(parents=True)
    for path in pyodide.iterdir():
        if path.name in SKIP_FROM_PYODIDE or path.suffix in (".map", ".ts"):
            continue
        shutil.copy2(path, static / path.name)
    write_lock(pyodide, wheels, static)
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "goldlab demo",
        **visitors.storage_names("demo", digest),  # a republished site: new ones
        "exposeAppInBrowser": "true",  # window.jupyterapp: tests/browser drive the page by it
        "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}},
    }}
    (STAGE / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    (STAGE / "overrides.json").write_text(json.dumps(SITE_SETTINGS, indent=1))
    # list hidden files (ALTAIR_BUNDLE) in the contents: JupyterLab's file browser hides them
    lite_config = {"ContentsManager": {"allow_hidden": True}}
    (STAGE / "jupyter_lite_config.json").write_text(json.dumps(lite_config, indent=1))


def write_altair_bundle(into: Path) -> None:
    """Altair's chart widget with Vega bundled in (vl-convert), as :data:`ALTAIR_BUNDLE`
    beside the demo notebooks: the browser has no vl-convert, and no CDN may be asked."""
    import altair as alt

    alt.JupyterChart.enable_offline()
    into.mkdir(parents=True, exist_ok=True)
    (into / ALTAIR_BUNDLE).write_text(alt.JupyterChart._esm)


def build(force: bool = False) -> Path:
    """Build build/lite/ unless a build of the same inputs is there; return it."""
    if not force and up_to_date():
        say(f"{OUT.relative_to(ROOT)}/ is up to date (same inputs): reusing it")
        return OUT
    if not DEMO.is_dir():
        die(f"{DEMO} is missing")
    started = time.monotonic()
    digest = inputs_digest()
    ensure_env()
    if Path(sys.prefix).resolve() != ENV.resolve():  # the rest runs in the build env
        run([str(ENV_PY), str(Path(__file__).resolve()), "--in-env"])
        say(f"built {OUT.relative_to(ROOT)}/ in {time.monotonic() - started:.0f} s "
            f"({site_size(OUT, skip='lessons') / 2**20:.0f} MiB)")
        return OUT
    pyodide = fetch_pyodide()
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    wheels = [*fetch_wheels(), build_goldlab_wheel(STAGE.parent / "lite-goldlab-wheel")]
    try:
        stage(pyodide, wheels, digest)
    finally:
        shutil.rmtree(wheels[-1].parent)
    extra = STAGE / "contents-extra"
    write_altair_bundle(extra)
    partial = BUILD / "lite.partial"
    shutil.rmtree(partial, ignore_errors=True)
    log = BUILD / "lite-build.log"
    say(f"jupyter lite build, from scratch (log: {log.relative_to(ROOT)})")
    with log.open("wb") as out:
        run([str(ENV / "bin" / "jupyter"), "lite", "build", "--lite-dir", str(STAGE),
             "--contents", str(DEMO), "--contents", str(extra), "--output-dir", str(partial),
             "--no-sourcemaps", "--apps", "lab", "--apps", "notebooks"],
            stdout=out, stderr=subprocess.STDOUT, cwd=STAGE,  # its doit database goes there
            env=dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYTHONWARNINGS="ignore"))
    shutil.copy2(START_PAGE, partial / "index.html")  # JupyterLite's redirects to lab/
    # A browser asks every site for /favicon.ico; once JupyterLite's service worker controls
    # a page it fetches that too, and a 404 there is an error in the page's console.
    shutil.copy2(partial / "lab" / "favicon.ico", partial / "favicon.ico")
    say(f"{compress.precompress(partial, skip=('lessons',))}")  # <file>.gz for servers
    (partial / STAMP_NAME).write_text(digest + "\n")
    if (OUT / "lessons").is_dir():  # the lesson pages: lite/lessons.py decides on them
        (OUT / "lessons").rename(partial / "lessons")
    shutil.rmtree(OUT, ignore_errors=True)
    partial.rename(OUT)
    shutil.rmtree(STAGE)
    return OUT


def site_size(out: Path, skip: str = "") -> int:
    """The bytes of the files in `out`, less those in its sub-folder `skip`."""
    return sum(p.stat().st_size for p in out.rglob("*")
               if p.is_file() and not (skip and p.relative_to(out).parts[0] == skip))


def main(argv: list[str]) -> None:
    if "--in-env" in argv:
        build(force=True)
        return
    # One build at a time: `dev.py test` starts one in the background while ruff and mypy
    # run, and the browser test's own `dev.py lite` waits here for it, then reuses it.
    BUILD.mkdir(exist_ok=True)
    with (BUILD / "lite.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build(force="--force" in argv)
        import lessons  # this folder's lite/lessons.py

        lessons.build_pages(force="--force" in argv)


if __name__ == "__main__":
    main(sys.argv[1:])
