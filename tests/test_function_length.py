"""No function of goldlab outside the compiled twins is longer than 80 lines.

A long function hides its steps; one that reads as named steps can be tested a step at a
time.  The twins (``games/<game>/twin/`` and the toolkit ``fast/``) are numba code that
mirrors the rules loop for loop, where one long kernel is the point: they are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "goldlab"
LONGEST = 80


def _outside_the_twins(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] != "fast" and "twin" not in parts[:-1]


def long_functions(root: Path = PACKAGE, longest: int = LONGEST) -> list[str]:
    """``file:function (n lines)`` for every function longer than ``longest`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if not _outside_the_twins(path):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                if length > longest:
                    found.append(f"{path.relative_to(root.parent)}:{node.name} ({length} lines)")
    return found


def test_no_function_outside_the_twins_is_over_80_lines() -> None:
    found = long_functions()
    assert not found, "functions over 80 lines (split them into named steps):\n" + "\n".join(found)


def test_the_check_sees_a_long_function_and_skips_the_twins() -> None:
    assert any("twin" in p.parts for p in PACKAGE.rglob("*.py"))
    assert _outside_the_twins(PACKAGE / "games" / "gold" / "rules.py")
    assert not _outside_the_twins(PACKAGE / "games" / "gold" / "twin" / "kernel.py")
    assert not _outside_the_twins(PACKAGE / "fast" / "mt.py")
    assert long_functions(longest=20), "a 20-line limit must find some function"
