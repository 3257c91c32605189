"""The documentation works: docs/goldrush.md's examples run, rulings exist, doctests pass."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import re
from pathlib import Path

import pytest

from goldlab.games.goldrush import GoldrushOptions

ROOT = Path(__file__).resolve().parents[3]


def test_the_examples_in_docs_goldrush_md_run(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "docs" / "goldrush.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 3
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, "docs/goldrush.md", "exec"), namespace)
    out = capsys.readouterr().out
    assert "CardFlipped turn 1: seat 0 flips #17" in out and "149/504" in out


def test_every_ruling_option_has_its_entry_in_docs_rulings_md() -> None:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r"\{#(goldrush-[a-z-]+)\}", text))
    used = {f.metadata["ruling"] for f in dataclasses.fields(GoldrushOptions)
            if "ruling" in f.metadata}
    assert used <= anchors
    assert {"goldrush-game-length", "goldrush-series", "goldrush-layout"} <= anchors
    section = text.split("## Mount Goldrush", 1)[1].split("\n## ", 1)[0]
    assert all(f"{{#{a}}}" in section for a in anchors)


@pytest.mark.parametrize("module", [
    "goldlab.games.goldrush", "goldlab.games.goldrush.odds", "goldlab.games.goldrush.series",
    "goldlab.games.goldrush.scenarios",
])
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def test_the_engine_imports_only_the_standard_library_and_goldlab() -> None:
    import sys

    package = ROOT / "goldlab" / "games" / "goldrush"
    allowed = set(sys.stdlib_module_names) | {"goldlab"}
    for path in package.glob("*.py"):
        for name in re.findall(r"^\s*(?:from|import) ([a-zA-Z_]+)", path.read_text(), flags=re.M):
            assert name in allowed, f"{path.name} imports {name}"
