"""Binder, tested: the environment built from `binder/` alone serves the notebooks.

repo2docker (Binder) installs `binder/requirements.txt` (the pinned lock, refreshed by
`python3 dev.py lock`) and then runs `binder/postBuild` from the repository root. No Docker
daemon runs here, so this test does the same into a fresh virtual environment: the pinned
requirements (installed by uv, which puts the same pinned versions in place in seconds where
pip takes minutes), then postBuild over a copy of the repository; then JupyterLab and Voila
from that environment open the lessons' index and the play table in Chromium. postBuild
also compiles the fast kernels into the image, and a session started through
``binder/start`` must find them there.

Binder compiles every game's kernels (about four minutes here). This test asks postBuild
for Mount Goldrush's and Gold!'s only (``GOLDLAB_COMPILE_GAMES``), the ones the session
below loads, and Goldland's two minutes are spent once, in the suite's own cache. Mount
Goldrush goes first, into an empty cache: its kernel, compiled without numba's reference
counting, must compile with nothing another kernel left there
(tests/fast/test_fast_cold_start.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    ROOT,
    JupyterServer,
    open_and_run,
    open_voila,
    start_jupyter_lab,
    start_voila,
)
from playwright.sync_api import Page, expect

COPIED = ("binder", "goldlab", "widgets", "notebooks", "share", "jupyter-config", "pyproject.toml",
          "setup.py", "README.md")


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if result.returncode:
        raise AssertionError(f"{' '.join(cmd)} failed:\n{result.stdout[-3000:]}\n"
                             f"{result.stderr[-3000:]}")
    return result.stdout


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(the environment's python, the repository copy it was built from)."""
    base = tmp_path_factory.mktemp("binder")
    repo = base / "repo"
    repo.mkdir()
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns(
                "__pycache__", ".ipynb_checkpoints", "*.egg-info"))
        else:
            shutil.copy2(source, repo / name)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = dict(os.environ, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
               VIRTUAL_ENV=str(venv))
    for name in ("PYTHONPATH", "NUMBA_CACHE_DIR", "NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES"):
        env.pop(name, None)  # as on Binder: numba's cache beside the installed package
    uv = Path(sys.executable).with_name("uv")
    _run([str(uv), "pip", "install", "--quiet", "--python", str(python),
          "-r", "binder/requirements.txt"], repo, env)
    built = _run(["bash", "binder/postBuild"], repo,
                 dict(env, GOLDLAB_COMPILE_GAMES="goldrush gold"))
    (base / "postBuild.log").write_text(built)
    yield python, repo


@pytest.mark.browser
@pytest.mark.slow
def test_the_binder_environment_installs_goldlab_as_a_user_would(
        binder_env: tuple[Path, Path]) -> None:
    python, repo = binder_env
    probe = ("import goldlab, goldlab.views, importlib.metadata as m; "
             "print(goldlab.__file__); print(m.version('voila')); print(m.version('open_spiel'))")
    out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True,
                         check=True, cwd=repo.parent).stdout.split()
    assert str(python.parents[1]) in out[0], "goldlab must come from the Binder environment"
    assert "/repo/" not in out[0], "goldlab must be installed, not imported from the checkout"
    # goldlab's Voila template (nothing from the internet) and the configuration choosing it
    prefix = python.parents[1]
    assert (prefix / "share/jupyter/voila/templates/goldlab/index.html.j2").is_file()
    assert '"goldlab"' in (prefix / "etc/jupyter/voila.json").read_text()
    # the kernels, Mount Goldrush's first, into the image's empty cache
    log = (repo.parent / "postBuild.log").read_text()
    compiled = re.findall(r"^ +(\w+: the [a-z ]+): [\d.]+ s$", log, re.MULTILINE)
    assert compiled == ["goldrush: the simulation fast path", "goldrush: the search playouts",
                        "gold: the simulation fast path"], log[-2000:]


KERNELS_LOADED = """
import goldlab
from goldlab.bots.play import play_game
from goldlab.games.gold.twin import kernel as gold
from goldlab.games.goldrush.twin import kernel as goldrush
from goldlab.games.goldrush.twin import playouts as goldrush_playouts
goldlab.simulate("gold", ["greedy", "random"], 3, 1, fast=True, backend="serial", quiet=True)
goldlab.simulate("goldrush", ["perfect", "random"], 3, 1, fast=True, backend="serial", quiet=True)
play_game("goldrush", ["ismcts:20", "random"], seed=1)
for kernel in (gold._play_all, goldrush._play_all, goldrush_playouts.flip_values):
    stats = kernel.stats
    print(kernel.__name__, sum(stats.cache_hits.values()), sum(stats.cache_misses.values()),
          stats.cache_path)
"""


@pytest.mark.browser
@pytest.mark.slow
def test_a_binder_session_finds_the_kernels_compiled_in_the_image(
        binder_env: tuple[Path, Path]) -> None:
    python, repo = binder_env
    env = dict(os.environ, PATH=f"{python.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    for name in ("PYTHONPATH", "NUMBA_CACHE_DIR", "NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES"):
        env.pop(name, None)
    done = subprocess.run(["bash", str(repo / "binder" / "start"), str(python), "-c",
                           KERNELS_LOADED], cwd=repo.parent, env=env, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line.split() for line in done.stdout.splitlines()]
    assert [line[0] for line in lines] == ["_play_all", "_play_all", "flip_values"]
    for name, hits, misses, path in lines:
        assert (int(hits), int(misses)) == (1, 0), f"{name} was compiled again, not loaded"
        assert str(python.parents[1]) in path, f"{name}'s cache is not in the image: {path}"


@pytest.mark.browser
@pytest.mark.slow
def test_jupyterlab_and_voila_from_the_binder_environment_open_the_index(
        binder_env: tuple[Path, Path], page: Page, tmp_path: Path, artifacts_dir: Path) -> None:
    python, repo = binder_env
    lab: JupyterServer = start_jupyter_lab(tmp_path / "lab", source=repo / "notebooks",
                                           python=str(python))
    try:
        open_and_run(page, lab, "lessons/0-lessons.ipynb")
        expect(page.locator(".jp-Notebook")).to_contain_text("Flip the odds")
        open_and_run(page, lab, "00-index.ipynb")
        expect(page.locator(".gl-game-view .gl-view-board").first).to_be_visible()
        page.locator(".gl-game-view").first.screenshot(
            path=artifacts_dir / "binder-lab-index.png")
    finally:
        page.goto("about:blank")  # the page would keep calling a stopped server
        lab.stop()
    voila: JupyterServer = start_voila(tmp_path / "voila", repo / "notebooks",
                                       python=str(python), repo_voila=False)
    try:
        open_voila(page, voila, "lessons/0-lessons.ipynb")
        expect(page.locator("body")).to_contain_text("Flip the odds")
        expect(page.locator("body")).not_to_contain_text("Traceback")
        open_voila(page, voila, "06-play-table.ipynb")
        expect(page.locator(".gl-game-view .gl-view-board").first).to_be_visible()
        page.screenshot(path=artifacts_dir / "binder-voila-play-table.png", full_page=True)
    finally:
        page.goto("about:blank")
        voila.stop()
