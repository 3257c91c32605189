"""The lessons import each other in one direction (issue 46): the shared tools (checks,
answer boxes, live charts, the class experiment) sit below the four lessons, each lesson
declares what its class pools, and the class experiment imports no lesson.

Every import is read, those inside functions too (they close a circle as surely, only
later), except those for type checking only."""

from __future__ import annotations

import ast
from pathlib import Path

LESSONS = Path(__file__).resolve().parents[2] / "goldlab" / "lessons"
THE_FOUR = {"flip_the_odds", "first_player", "memory", "risk"}


def imports_of(source: str, modules: set[str]) -> set[str]:
    """The modules of ``goldlab.lessons`` (by short name, among ``modules``) that
    ``source`` imports anywhere, type-checking imports left out."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            names: list[str] = []
            if isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                names = [child.module] + [f"{child.module}.{a.name}" for a in child.names]
            elif isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["goldlab", "lessons"] and len(parts) == 3 and parts[2] in modules:
                    found.add(parts[2])
            visit(child)

    visit(ast.parse(source))
    return found


def graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the lesson modules it imports (itself and the package left out)."""
    modules = set(sources)
    return {name: imports_of(text, modules) - {name} for name, text in sources.items()}


def a_circle(edges: dict[str, set[str]]) -> list[str]:
    """One import circle (its modules in order, the first again at the end), or []."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == "open":
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = "done"
        path.pop()
        return []

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return []


def the_lessons() -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in LESSONS.glob("*.py")
            if p.stem != "__init__"}


def test_the_lessons_form_no_import_circle() -> None:
    assert a_circle(graph(the_lessons())) == []


def test_the_class_experiment_and_the_shared_tools_import_no_lesson() -> None:
    edges = graph(the_lessons())
    tools = set(edges) - THE_FOUR - {"class_server", "dashboard", "student"}
    assert {"together", "answer", "check", "live"} <= tools
    assert {tool: edges[tool] & THE_FOUR for tool in tools if edges[tool] & THE_FOUR} == {}


def test_the_check_finds_a_circle_through_a_lazy_import() -> None:
    """The circle issue 46 found (``answer`` -> ``together`` -> a lesson -> ``answer``, two of
    its imports inside functions) is found."""
    sources = {
        "answer": "def box():\n    from goldlab.lessons.together import member\n",
        "together": "def trials():\n    from goldlab.lessons.flip_the_odds import flips\n",
        "flip_the_odds": "from goldlab.lessons.answer import Prediction\n",
        "check": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                 "    from goldlab.lessons import answer\n",
    }
    assert a_circle(graph(sources)) == ["answer", "together", "flip_the_odds", "answer"]
    del sources["flip_the_odds"]
    assert a_circle(graph(sources)) == []  # a type-checking import closes no circle
