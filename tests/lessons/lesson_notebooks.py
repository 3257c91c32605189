"""Run a lesson notebook headless, as the teacher wrote it and as students get it.

The student version is the teacher notebook without the cells tagged ``solution`` or
``teacher``, made with nbconvert's TagRemovePreprocessor (the tool a course uses to publish).
"""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import TagRemovePreprocessor

LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
HIDDEN = {"solution", "teacher"}


def teacher(name: str) -> nbformat.NotebookNode:
    """The teacher notebook ``notebooks/lessons/<name>``, as committed."""
    return nbformat.read(LESSONS / name, as_version=4)


def student(name: str) -> nbformat.NotebookNode:
    """The student version: every cell tagged ``solution`` or ``teacher`` removed."""
    nb = teacher(name)
    remove = TagRemovePreprocessor(remove_cell_tags=HIDDEN, enabled=True)
    nb, _ = remove.preprocess(nb, {})
    return nb


def run(nb: nbformat.NotebookNode, timeout: int = 120) -> float:
    """Execute every cell top to bottom (errors raise); returns the seconds it took."""
    start = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(LESSONS)}}).execute()
    return time.perf_counter() - start


def errors(nb: nbformat.NotebookNode) -> list[str]:
    """The error outputs of an executed notebook (none expected)."""
    return [f"{o.get('ename')}: {o.get('evalue')}" for c in nb.cells if c.cell_type == "code"
            for o in c.get("outputs", []) if o.get("output_type") == "error"]
