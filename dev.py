#!/usr/bin/env python3
"""goldlab developer entry point: one command to start JupyterLab, one to run every test.

Standard library only, so it runs with a bare Python 3.11. It keeps a virtual environment in
`.venv/` (created and `pip install -e ".[dev]"`-ed on first use, refreshed only when
`pyproject.toml` or `setup.py` changes). It does not activate anything in your shell.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
STAMP = VENV / ".goldlab-install-stamp"
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
EXTRAS = "dev"

USAGE = """\
usage: python3 dev.py <command> [args...]

commands:
  lab    [jupyter args]  install into .venv if needed, then start JupyterLab on notebooks/
                         (e.g. python3 dev.py lab --port 8899 --no-browser)
  voila  [path] [voila args]
                         install into .venv if needed, then serve the lessons' student
                         versions (notebooks/student-lessons/, or the folder or notebook
                         given) as apps with Voila, offline (e.g. python3 dev.py voila
                         --port 8866 --no-browser)
  test   [pytest args]   install into .venv if needed, then run every check in order:
                         ruff, mypy --strict (the whole package), and one pytest run over
                         tests/ and notebooks/ (nbval, browser tests) with 2 workers
                         (e.g. python3 dev.py test -k gold)
  setup                  only create/refresh .venv
                         (lab and setup also write the lessons' student versions into
                         notebooks/student-lessons/, the folder students are sent to,
                         and start compiling the fast kernels into numba's cache in the
                         background: `goldlab compile`, log in .venv/goldlab-compile.log)
  lite   [--force]       build the static demo into build/lite/: the demo notebooks
                         (notebooks/demo/) in JupyterLite on Pyodide, with goldlab's wheel,
                         all from the package registries (its own build env, build/lite-env);
                         and the student lessons as app pages in build/lite/lessons/
                         (Voici, build env build/voici-env); each part reused while its
                         inputs are unchanged; see docs/lite.md
  lock                   refresh binder/requirements.txt, the pinned environment Binder
                         installs, from pyproject.toml (pip-compile, from pip-tools)

The environment is re-installed only when pyproject.toml or setup.py changes (their sha256 is in
.venv/.goldlab-install-stamp); delete .venv to start from scratch.
"""


def say(msg: str) -> None:
    print(f"[dev.py] {msg}", flush=True)


def die(msg: str, code: int = 1) -> None:
    print(f"[dev.py] ERROR: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(code)


def run(cmd: list[str], **kwargs: Any) -> int:
    """Run ``cmd`` (in the repository unless ``cwd`` says otherwise); its exit code."""
    kwargs.setdefault("cwd", ROOT)
    return subprocess.run(cmd, check=False, **kwargs).returncode


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


# --------------------------------------------------------------------------- environment


def wanted_stamp() -> str:
    digest = hashlib.sha256()
    for name in ("pyproject.toml", "setup.py"):  # setup.py lists the packages a wheel carries
        path = ROOT / name
        digest.update(path.read_bytes() if path.exists() else b"")
    return f"build-sha256={digest.hexdigest()} extras={EXTRAS}\n"


def venv_works() -> bool:
    """The venv's interpreter starts, and goldlab plus pytest are installed in it."""
    if not VENV_PY.exists():
        return False
    probe = (
        "import importlib.metadata as m, sys; "
        "assert sys.version_info >= (3, 11); m.version('goldlab'); m.version('pytest')"
    )
    result = subprocess.run([str(VENV_PY), "-c", probe], cwd=ROOT, capture_output=True, check=False)
    return result.returncode == 0


def ensure_env() -> None:
    """Create .venv and install goldlab[dev] into it, unless that is already done; then
    link goldlab's Voila template and configuration into it."""
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py may be started by an older python3)
        die(f"Python 3.11+ is needed, this is {sys.version.split()[0]} ({sys.executable}).")
    stamp = wanted_stamp()
    if not (STAMP.exists() and STAMP.read_text() == stamp and venv_works()):
        install_env(stamp)
    link_voila_files()


VOILA_FILES = (
    # Voila's "lab" page with nothing loaded from the internet (no Font Awesome from a CDN)
    ("share/jupyter/voila/templates/goldlab", "share/jupyter/voila/templates/goldlab"),
    # the configuration that makes it Voila's default template, standalone and in JupyterLab
    ("jupyter-config/voila.json", "etc/jupyter/voila.json"),
)
"""(in the repository, in .venv): the files a wheel installs as data files (setup.py)."""


def link_voila_files(venv: Path = VENV) -> None:
    """Link goldlab's Voila template and configuration into `venv`, where Voila looks.

    An editable install leaves setup.py's data files out; a link (a copy where links are
    not allowed) puts them in, and a link keeps them current when they change.
    """
    for source_name, target_name in VOILA_FILES:
        source, target = ROOT / source_name, venv / target_name
        if target.is_symlink() and target.resolve() == source.resolve():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir():
            shutil.rmtree(target)
        try:
            target.symlink_to(source, target_is_directory=source.is_dir())
        except OSError:
            if source.is_dir():
                shutil.copytree(source, target)
            else:
                shutil.copy2(source, target)


def install_env(stamp: str) -> None:
    """Create .venv if needed and (re-)install goldlab[dev] into it in editable mode."""
    start = time.monotonic()
    if (
        not VENV_PY.exists()
        or subprocess.run([str(VENV_PY), "-c", "pass"], capture_output=True, check=False).returncode
    ):
        if VENV.exists():
            say(f"{VENV} is broken: recreating it")
            shutil.rmtree(VENV)
        say(f"creating {VENV} with {sys.executable}")
        if run([sys.executable, "-m", "venv", str(VENV)]):
            die("python3 -m venv failed (on Debian: apt-get install python3-venv)")
        if run([str(VENV_PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"]):
            die("upgrading pip in .venv failed")
    STAMP.unlink(missing_ok=True)
    say(f"installing goldlab[{EXTRAS}] in editable mode (about a minute the first time)")
    cmd = [str(VENV_PY), "-m", "pip", "install", "--quiet", "--progress-bar", "off"]
    if run([*cmd, "-e", f".[{EXTRAS}]"]):
        die(f'pip install -e ".[{EXTRAS}]" failed; fix pyproject.toml or delete .venv and retry')
    STAMP.write_text(stamp)
    say(f"environment ready in {time.monotonic() - start:.0f} s")


def venv_env() -> dict[str, str]:
    """Environment for tools run from .venv: its bin/ first on PATH, as if activated."""
    env = dict(os.environ)
    env["VIRTUAL_ENV"] = str(VENV)
    env["PATH"] = f"{VENV / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env.pop("PYTHONHOME", None)
    return env


# --------------------------------------------------------------------------- commands


def write_student_lessons() -> None:
    """The lessons' student versions (no solutions, no teacher notes) into
    notebooks/student-lessons/, the folder students are sent to (git ignores it)."""
    out = NOTEBOOKS / "student-lessons"
    if run([str(VENV_PY), "-m", "goldlab.lessons.student", str(out)],
           stdout=subprocess.DEVNULL) == 0:
        say(f"student versions of the lessons: {out.relative_to(ROOT)}/")


COMPILE_LOG = VENV / "goldlab-compile.log"
COMPILE_PID = VENV / "goldlab-compile.pid"


def compile_in_background() -> None:
    """Start `goldlab compile` in the background, unless one is running already.

    It fills numba's cache with the fast kernels (about three minutes on 2 cores the first
    time, a few seconds once they are there), so that a teacher's first Run All of
    03-goldland or 04-strategy-lab waits for no compiler. It runs at a low priority, in a
    session of its own (it outlives `dev.py lab`, which becomes JupyterLab), and writes to
    .venv/goldlab-compile.log.
    """
    if COMPILE_PID.exists():
        try:
            os.kill(int(COMPILE_PID.read_text().strip()), 0)
            say(f"the fast kernels are compiling already (log: {COMPILE_LOG.relative_to(ROOT)})")
            return
        except (ValueError, OSError):
            pass  # no such process any more: start another
    goldlab = VENV / "bin" / "goldlab"
    with COMPILE_LOG.open("wb") as log:
        process = subprocess.Popen(
            [str(goldlab), "compile"], cwd=ROOT, env=venv_env(), stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            preexec_fn=(lambda: os.nice(10)) if hasattr(os, "nice") else None,
        )  # fmt: skip
    COMPILE_PID.write_text(f"{process.pid}\n")
    say(f"compiling the fast kernels in the background (log: {COMPILE_LOG.relative_to(ROOT)})")


def cmd_lab(args: list[str]) -> None:
    ensure_env()
    write_student_lessons()
    compile_in_background()
    root = NOTEBOOKS if NOTEBOOKS.is_dir() else ROOT
    if root is ROOT:
        say("notebooks/ does not exist yet: serving the repository root instead")
    cmd = [str(VENV / "bin" / "jupyter"), "lab", str(root), f"--ServerApp.root_dir={root}"]
    if is_root() and "--allow-root" not in args:
        cmd.append("--allow-root")
    cmd += args
    say(" ".join(cmd))
    os.chdir(ROOT)
    os.execve(cmd[0], cmd, venv_env())


def cmd_voila(args: list[str]) -> None:
    """Serve the lessons' student versions (or the folder or notebook given) as apps."""
    ensure_env()
    write_student_lessons()
    compile_in_background()
    given, options = (args[0], args[1:]) if args and not args[0].startswith("-") else (None, args)
    # An absolute path: Voila 0.5.8 refuses pages of a folder given as a relative path.
    target = (Path(given) if given else NOTEBOOKS / "student-lessons").resolve()
    if not target.exists():
        die(f"{target} does not exist")
    # Preheated: each notebook of the folder runs once in a kernel kept ready, so the first
    # student who opens a lesson gets it at once (Voila then readies the next kernel).
    preheat = [] if any("preheat" in o for o in options) else [
        "--VoilaConfiguration.preheat_kernel=True"]
    cmd = [str(VENV / "bin" / "voila"), str(target), *preheat, *options]
    say(" ".join(cmd))
    os.chdir(ROOT)
    os.execve(cmd[0], cmd, venv_env())


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if is_root() and shutil.which("apt-get"):
        say("installing Debian's chromium for the browser tests (about 30 s)")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        ok = (
            run(["apt-get", "update", "-qq"], env=env) == 0
            and run(
                ["apt-get", "install", "-y", "-qq", "chromium"], env=env, stdout=subprocess.DEVNULL
            )
            == 0
        )
        if ok and CHROMIUM.exists():
            return
        say("WARNING: apt-get install chromium failed")
    say(
        f"WARNING: {CHROMIUM} is missing, so the browser tests will be SKIPPED "
        "(under CI=true they FAIL). Install it with: sudo apt-get install -y chromium"
    )


BROWSER_TESTS = ROOT / "tests" / "browser"


def ensure_axe() -> None:
    """axe-core for the accessibility browser test, from tests/browser/package-lock.json."""
    if (BROWSER_TESTS / "node_modules" / "axe-core" / "axe.min.js").exists():
        return
    if not shutil.which("npm") or run(["npm", "ci", "--no-audit", "--no-fund"],
                                      cwd=BROWSER_TESTS) != 0:
        say("WARNING: npm ci in tests/browser failed, so the axe-core test will FAIL")


def step(name: str, cmd: list[str]) -> None:
    say(f"{name}: {' '.join(cmd)}")
    start = time.monotonic()
    code = run(cmd, env=venv_env())
    if code:
        die(f"{name} failed (exit {code})", code)
    say(f"{name} passed in {time.monotonic() - start:.1f} s")


def has_notebooks() -> bool:
    return NOTEBOOKS.is_dir() and any(
        ".ipynb_checkpoints" not in p.parts for p in NOTEBOOKS.rglob("*.ipynb")
    )


def cmd_test(args: list[str]) -> None:
    ensure_env()
    ensure_chromium()
    ensure_axe()
    bin_ = VENV / "bin"

    if not args:
        start_lite_build()

    lint_paths = [p for p in ("goldlab", "tests", "examples", "benchmarks", "dev.py", "lite")
                  if (ROOT / p).exists()]
    step("ruff", [str(bin_ / "ruff"), "check", *lint_paths])

    step("mypy", [str(bin_ / "mypy"), "goldlab"])

    targets = ["tests"]
    if has_notebooks():
        targets.append("notebooks")
    else:
        say("notebooks/ has no .ipynb yet: nbval has nothing to run")
    cmd = [
        str(VENV_PY),
        "-m",
        "pytest",
        "-n",
        "2",
        "--dist",
        "loadfile",
        "--no-loadscope-reorder",  # the slowest files first (tests/conftest.py, FIRST)
        *targets,
        "--ignore=notebooks/student-lessons",  # written from notebooks/lessons by setup/lab
        "--nbval-lax",
        "--nbval-current-env",
        "--durations=25",  # the slowest tests, printed: where the suite's 20 minutes go
        "-p",
        "no:cacheprovider",
        *args,
    ]
    say(f"pytest: {' '.join(cmd[1:])}")
    code = run(cmd, env=venv_env())
    if code == 5:
        die("pytest collected no tests (exit 5): that counts as a failure", 5)
    if code:
        raise SystemExit(code)


def cmd_setup(args: list[str]) -> None:
    if args:
        die(f"setup takes no arguments, got {args}")
    ensure_env()
    write_student_lessons()
    compile_in_background()
    say(f"ready: {VENV_PY}")


BINDER_EXTRAS = ("notebook", "openspiel", "pettingzoo")
"""The extras the notebooks use: Binder installs them all, pinned."""


def cmd_lock(args: list[str]) -> None:
    if args:
        die(f"lock takes no arguments, got {args}")
    ensure_env()
    if run([str(VENV_PY), "-m", "pip", "install", "--quiet", "pip-tools>=7.4"]):
        die("installing pip-tools into .venv failed")
    cmd = [
        str(VENV / "bin" / "pip-compile"), "--quiet", "--strip-extras", "--no-emit-index-url",
        "--no-emit-find-links", "--unsafe-package", "goldlab", "--upgrade",
        *(f"--extra={extra}" for extra in BINDER_EXTRAS),
        "--output-file", "binder/requirements.txt", "pyproject.toml",
    ]  # fmt: skip
    env = dict(venv_env(), CUSTOM_COMPILE_COMMAND="python3 dev.py lock")
    if run(cmd, env=env):
        die("pip-compile failed")
    say("binder/requirements.txt is refreshed: commit it with the pyproject.toml change")


def start_lite_build() -> None:
    """Build the static demo and the lesson pages in the background while ruff and mypy run
    (a rebuild takes 30-60 s, a first build with its downloads about two minutes); their
    browser tests wait for it (lite/build.py's file lock) and reuse it."""
    log = ROOT / "build" / "lite-background.log"
    log.parent.mkdir(exist_ok=True)
    say(f"building the static demo in the background (log: {log.relative_to(ROOT)})")
    with log.open("wb") as out:
        subprocess.Popen([sys.executable, str(ROOT / "lite" / "build.py")], cwd=ROOT,
                         stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)


def cmd_lite(args: list[str]) -> None:
    """Build the static demo and the lesson pages (lite/build.py; it needs no .venv, only
    Python and npm)."""
    if any(a != "--force" for a in args):
        die(f"lite takes only --force, got {args}")
    code = run([sys.executable, str(ROOT / "lite" / "build.py"), *args])
    if code:
        raise SystemExit(code)


COMMANDS = {"lab": cmd_lab, "voila": cmd_voila, "test": cmd_test, "setup": cmd_setup,
            "lock": cmd_lock, "lite": cmd_lite}


def main(argv: list[str]) -> None:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(USAGE, end="")
        raise SystemExit(0 if argv else 2)
    command, rest = argv[0], argv[1:]
    if command not in COMMANDS:
        print(USAGE, end="", file=sys.stderr)
        die(f"unknown command {command!r}", 2)
    COMMANDS[command](rest)


if __name__ == "__main__":
    main(sys.argv[1:])
