"""Suite-wide pytest setup: Hypothesis profile, Jupyter dirs kept out of $HOME, artifacts dir."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("GOLDLAB_ARTIFACTS", ROOT / "test-artifacts")).resolve()

# Two busy cores make wall-clock deadlines flaky; print_blob lets a failure be replayed.
settings.register_profile("goldlab", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "goldlab"))

_started = time.time()
_jupyter_tmp: str | None = None


FIRST = (
    "tests/browser/test_binder.py",
    "tests/browser/test_browser_voila_student_lessons.py",
    "tests/games/gold/test_conformance_3p.py",
    "tests/games/goldland/test_goldland_twin_play.py",
    "tests/games/gold/test_conformance_2p.py",
    "tests/browser/test_browser_keyboard.py",
    "tests/fast/test_fast_cold_start.py",
    "tests/browser/test_browser_lite.py",
    "tests/browser/test_browser_lite_lessons.py",
    "tests/browser/test_browser_class_lesson.py",
    "tests/browser/test_browser_axe.py",
)
"""The files that take minutes each (Binder's environment, the student lessons in Voila,
Gold!'s 2,000-game conformance runs, the Goldland twin's first compile, the static
demo's build and its Pyodide kernels, the lesson pages on Pyodide, a class taking lesson 1 in
the browser, a whole game of each game by keyboard, axe-core over every view and lesson page:
40-130 s each), longest first.  `python3 dev.py test` gives each
of its two workers whole files in the order collected (``--dist loadfile
--no-loadscope-reorder``), so these start first and neither worker waits alone for one of
them at the end.  A file missing from here only runs later; measure with ``--durations``."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the files of :data:`FIRST` first, in that order; the rest keep theirs."""
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::", 1)[0]
        return FIRST.index(path) if path in FIRST else len(FIRST)

    items.sort(key=rank)  # stable: each file's own tests keep their order


def pytest_configure(config: pytest.Config) -> None:
    """Point kernels started by nbval at a temp runtime dir instead of the home folder."""
    global _jupyter_tmp
    os.environ.setdefault("JUPYTER_PLATFORM_DIRS", "1")
    if "JUPYTER_RUNTIME_DIR" not in os.environ:
        _jupyter_tmp = tempfile.mkdtemp(prefix="goldlab-jupyter-")
        os.environ["JUPYTER_RUNTIME_DIR"] = os.path.join(_jupyter_tmp, "runtime")
        os.environ["IPYTHONDIR"] = os.path.join(_jupyter_tmp, "ipython")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _jupyter_tmp:
        shutil.rmtree(_jupyter_tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Where tests leave files for a person to look at (screenshots); gitignored."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """List the screenshots this run wrote (works under xdist: runs in the controller)."""
    if not ARTIFACTS.is_dir():
        return
    new = sorted(p for p in ARTIFACTS.rglob("*.png") if p.stat().st_mtime >= _started)
    if new:
        terminalreporter.section("screenshots")
        for path in new:
            terminalreporter.write_line(str(path))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Test modules live in plain folders, so their file names must be unique across tests/."""
    seen: dict[str, Path] = {}
    for path in sorted(Path(__file__).parent.rglob("test_*.py")):
        if path.name in seen:
            raise pytest.UsageError(
                f"two test files are both named {path.name}: {seen[path.name]} and {path}; "
                "give one a unique name (e.g. prefix it with its folder)"
            )
        seen[path.name] = path
    missing = [name for name in FIRST if not (ROOT / name).is_file()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py's FIRST names files that do not exist: "
                                f"{', '.join(missing)}; rename them there too")
