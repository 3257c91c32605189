"""docs/interop.md runs: its ```python blocks (no extras) and its ```py blocks (the extras)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

DOC = Path(__file__).parents[2] / "docs" / "interop.md"


def test_every_example_in_the_interop_docs_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """Printed output goes to ``capsys`` so the run stays quiet."""
    blocks = re.findall(r"```py(?:thon)?\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, start=1):
        try:
            exec(compile(block, f"interop.md[block {number}]", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"interop.md block {number} failed: {exc!r}\n{block}")
    assert "[" in capsys.readouterr().out
