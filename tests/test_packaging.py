"""A wheel of goldlab carries the views' front end, and a non-editable install runs the views.

The front end's source folder is widgets/ at the top of the repository; setup.py maps it to
``goldlab.views.frontend``.  An editable install finds it either way, so only a real wheel
installed into a fresh virtual environment shows that users get it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FRONTEND = ("goldlab/views/frontend/game_view.js", "goldlab/views/frontend/game_view.css")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built (with build isolation: setuptools comes from PyPI) from a clean copy of
    the sources, so the build never writes build/ or *.egg-info into the repository."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".ipynb_checkpoints")
    for name in ("goldlab", "widgets", "share", "jupyter-config"):
        shutil.copytree(ROOT / name, src / name, ignore=skip)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    out = base / "dist"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, f"pip wheel failed:\n{done.stdout}\n{done.stderr}"
    (found,) = out.glob("goldlab-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_carries_the_front_end(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in FRONTEND:
        assert path in names, f"{path} is missing from {wheel.name}"
    assert "goldlab/views/game_view.py" in names and "goldlab/py.typed" in names
    assert not any(name.startswith("widgets/") for name in names)


@pytest.mark.slow
def test_the_wheel_carries_the_voila_template_and_the_configuration_choosing_it(
        wheel: Path) -> None:
    """Installed, Voila finds goldlab's template (nothing from the internet) and uses it."""
    data = f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.data/data"
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("conf.json", "index.html.j2", "page.html"):
        assert f"{data}/share/jupyter/voila/templates/goldlab/{name}" in names
    config = json.loads(zipfile.ZipFile(wheel).read(f"{data}/etc/jupyter/voila.json"))
    assert config["VoilaConfiguration"]["template"] == "goldlab"


@pytest.mark.slow
def test_a_non_editable_install_shows_a_game(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip())  # fmt: skip
    # The test environment's dependencies (anywidget, traitlets, ...), but not its editable
    # goldlab: a .pth line that is a plain path only adds that folder to sys.path, so the
    # editable install's own .pth hooks there never run.
    (site / "goldlab-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, f"pip install failed:\n{done.stdout}\n{done.stderr}"
    check = textwrap.dedent(f"""
        from pathlib import Path
        import goldlab, goldlab.views
        from goldlab.views import GameView
        here = Path(goldlab.__file__).resolve()
        assert here.is_relative_to({str(env_dir.resolve())!r}), here
        assert not here.is_relative_to({str(ROOT)!r}), here
        view = GameView(goldlab.make("gold", players=2, seed=1))
        assert "export default" in view._esm and "gl-view-board" in view._esm, view._esm[:200]
        assert ".gl-view" in view._css
        assert 'data-target="' in view.payload["board"], view.payload["board"][:300]
        print("ok", here)
    """)
    ran = subprocess.run(
        [str(python), "-c", check], capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0 and ran.stdout.startswith("ok"), f"{ran.stdout}\n{ran.stderr}"
