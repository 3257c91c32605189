"""Package hygiene: stdlib-only engine, ruling options documented, registration."""

import json
import re
import subprocess
import sys
from pathlib import Path

import goldlab
from goldlab import scenarios
from goldlab.bots import bot_names

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ["pandas", "altair", "IPython", "ipywidgets", "anywidget", "numpy", "jupyterlab", "tqdm"]


def test_engine_imports_only_the_standard_library() -> None:
    code = (
        "import sys, json\n"
        "import goldlab, goldlab.games.goldland, goldlab.games.goldland.bots\n"
        "import goldlab.games.goldland.scenarios\n"
        "s = goldlab.make('goldland', players=3, seed=1)\n"
        "s.apply(s.legal_actions()[0]); s._repr_html_()\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_every_ruling_option_has_an_entry_in_rulings_md() -> None:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#([a-z0-9-]+)\}", text))
    rows = goldlab.game("goldland", 3).options.describe()
    rulings = [row["ruling"].split("#")[1] for row in rows if row["ruling"]]
    assert len(rulings) >= 4
    for anchor in rulings:
        assert anchor in anchors, anchor
    package = ROOT / "goldlab" / "games" / "goldland"
    for path in package.glob("*.py"):
        for anchor in re.findall(r"rulings\.md#(goldland-[a-z-]+)", path.read_text("utf-8")):
            assert anchor in anchors, (path.name, anchor)


def test_registered_everywhere() -> None:
    assert "goldland" in goldlab.names()
    assert "heuristic" in bot_names("goldland")
    assert len(scenarios.names("goldland")) >= 19


def test_tile_documentation_and_picture_are_present() -> None:
    doc = (ROOT / "docs" / "goldland-tiles.md").read_text(encoding="utf-8")
    svg = (ROOT / "docs" / "goldland-tiles.svg").read_text(encoding="utf-8")
    assert "goldland-tiles.svg" in doc and svg.count('class="gl-tile"') == 49
    for tile_id in ("| S |", "| C01 |", "| T36 |"):
        assert tile_id in doc


def test_doctests() -> None:
    import doctest
    import importlib

    for name in ("goldlab.games.goldland", "goldlab.games.goldland.position"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.attempted and not result.failed, name
