"""The code in docs/*.md runs: every ```python block, in order, in one namespace per file."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[1] / "docs"
FILES = sorted(p for p in DOCS.glob("*.md") if "```python" in p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_doc_examples_run(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    assert blocks
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, start=1):
        try:
            exec(compile(block, f"{path.name}[block {number}]", "exec"), namespace)
        except Exception as exc:  # pragma: no cover - the message is the point
            pytest.fail(f"{path.name} block {number} failed: {exc!r}\n{block}")


def test_readme_examples_run() -> None:
    readme = DOCS.parent / "README.md"
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, start=1):
        if "simulate(" in block:
            block = block.replace("20_000", "200").replace(", 100, seed", ", 4, seed")
        exec(compile(block, f"README.md[block {number}]", "exec"), namespace)
