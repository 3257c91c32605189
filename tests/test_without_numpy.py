"""goldlab without NumPy, pandas or numba, as in a browser on Pyodide (docs/lite.md).

The static demo (``python3 dev.py lite``) runs goldlab where none of them can be installed:
the engines, the bots, the scenarios and the views must import and play without them, and
``goldlab.simulate`` must say what it needs instead of failing deep inside.  A fresh
interpreter refuses to import them (an import hook) and goes through what the demo does.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

BLOCKED = ("numpy", "pandas", "numba", "scipy", "pyarrow", "statsmodels", "dask", "llvmlite")

BLOCKER = f"""
import importlib.abc, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (blocked)", name=name)
        return None

sys.meta_path.insert(0, Blocked())
"""


def _run(code: str) -> dict[str, object]:
    """Run ``code`` after the blocker in a fresh interpreter; its last line, as JSON."""
    script = BLOCKER + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, f"exit {done.returncode}:\n{done.stdout}\n{done.stderr}"
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_blocker_blocks() -> None:
    out = _run("""
        import json
        try:
            import numpy
        except ModuleNotFoundError as exc:
            print(json.dumps({"error": str(exc)}))
    """)
    assert "blocked" in str(out["error"])


def test_games_bots_scenarios_and_views_work_without_numpy_or_pandas() -> None:
    out = _run("""
        import json, sys
        import goldlab
        from goldlab import scenarios
        from goldlab.bots import bot_names
        from goldlab.views import GameView, play_table

        played = {}
        for game, bot in [("gold", "greedy"), ("goldrush", "perfect"), ("goldland", "heuristic")]:
            view = GameView(goldlab.make(game, players=2, seed=3), seat=0, bots={1: bot})
            moves = 0
            while view.legal and moves < 6:  # the person's moves, each answered by the bot
                view.request(view.legal[0])
                assert not view.error, view.error
                moves += 1
            played[game] = [moves, len(view.table.state.history), bot_names(game)]

        example = GameView.replay(scenarios.load("gold/colour-scoring"))
        example.home()
        start = (example.position, example.page, example.html)
        example.step(1)
        steps = [start[:2], [example.position, example.page], start[2] != example.html]
        table = play_table("goldrush", players=3)
        names = [name for name in scenarios.names() if not scenarios.load(name).run().ok]
        heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "pandas", "numba"))
        print(json.dumps({"played": played, "steps": steps, "failed": names, "heavy": heavy,
                          "table": table.view is not None}))
    """)
    assert out["heavy"] == [] and out["failed"] == [] and out["table"] is True
    for game, (moves, history, _) in out["played"].items():  # type: ignore[union-attr]
        assert moves > 0 and history > moves, f"{game}: the bot did not reply"
    start, stepped, redrawn = out["steps"]  # type: ignore[misc]
    assert start == [0, 0] and stepped != start and redrawn, out["steps"]


def test_mount_goldrushs_ismcts_says_what_it_needs_in_the_view() -> None:
    out = _run("""
        import json
        import goldlab
        import goldlab.views.table
        from goldlab.views import GameView

        goldlab.views.table.THREADS = False  # as in the browser
        view = GameView(goldlab.make("goldrush", players=2, seed=1), seat=0,
                        bots={1: "ismcts:500"})
        for _ in range(20):  # the person flips until the bot's search needs its playouts
            if view.error or not view.legal:
                break
            view._on_message(view, {"type": "notation", "value": view.legal[0]}, [])
        print(json.dumps({"error": view.error, "turn": view.table.state.current_player}))
    """)
    assert "numba" in str(out["error"]) and "goldlab[analysis]" in str(out["error"])
    assert out["turn"] == 1


def test_simulate_says_what_it_needs() -> None:
    out = _run("""
        import json
        import goldlab
        try:
            goldlab.simulate("gold", ["random", "random"], 10, seed=1)
        except ImportError as exc:
            print(json.dumps({"type": type(exc).__name__, "error": str(exc)}))
    """)
    assert "pandas" in str(out["error"]) and "goldlab[analysis]" in str(out["error"])


TEACHER_SIDE = ("class_server", "dashboard", "student")
"""The modules of goldlab.lessons that run on the teacher's computer, never in a student's
page: the class server and its dashboard (issue 45 moves them), and the command that writes
the student versions (nbconvert)."""


def test_every_lesson_module_a_student_page_imports_needs_no_numpy() -> None:
    """Issue 44 §1: a lesson's runtime path (its module, the answer boxes, the checks, the
    prediction, the class experiment, the live charts, the boards, the statistics) imports
    only the standard library, goldlab's engine and views, the widgets and Altair; and not
    sqlite3 either, which the lesson pages' Pyodide (0.27, docs/lite.md) cannot load
    offline: a student's page sends to the class server, it opens no class file."""
    out = _run(f"""
        import importlib, json, pkgutil, sys

        class NoSqlite(importlib.abc.MetaPathFinder):  # the lessons' Pyodide has none offline
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("sqlite3", "_sqlite3"):
                    raise ModuleNotFoundError(f"No module named {{name!r}} (blocked)")
                return None

        sys.meta_path.insert(0, NoSqlite())
        import goldlab.lessons
        from goldlab.analysis import display

        names = sorted(i.name for i in pkgutil.iter_modules(goldlab.lessons.__path__)
                       if i.name not in {TEACHER_SIDE!r})
        failed = {{}}
        for name in names:
            try:
                importlib.import_module(f"goldlab.lessons.{{name}}")
            except ImportError as exc:
                failed[name] = str(exc)
        heavy = sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r})
        print(json.dumps({{"names": names, "failed": failed, "heavy": heavy}}))
    """)
    assert {"flip_the_odds", "first_player", "memory", "risk", "check", "answer",
            "together", "inference"} <= set(out["names"])  # type: ignore[arg-type]
    assert out["failed"] == {} and out["heavy"] == []
