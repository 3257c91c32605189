"""The engine must not pull in pandas, Altair, NumPy or Jupyter (checked in a fresh interpreter)."""

import json
import subprocess
import sys

HEAVY = ["pandas", "altair", "IPython", "ipywidgets", "anywidget", "numpy", "jupyterlab", "tqdm"]


def test_engine_imports_only_the_standard_library() -> None:
    code = (
        "import sys, json\n"
        "import goldlab, goldlab.games.gold, goldlab.testing, goldlab.scenarios, goldlab.bots.play\n"
        "s = goldlab.make('gold', players=2, seed=1)\n"
        "s.apply(s.legal_actions()[0]); s._repr_html_()\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
