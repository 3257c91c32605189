"""Run a lesson notebook headless, as the teacher wrote it or as students get it.

The student version is the teacher notebook with every cell tagged ``solution`` or
``teacher`` removed by nbconvert's ``TagRemovePreprocessor`` (the tool a course uses to
publish it); both versions must run top to bottom without an error.
"""

from __future__ import annotations

import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import TagRemovePreprocessor

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks" / "lessons"
HIDDEN_TAGS = frozenset({"solution", "teacher"})


def load(name: str) -> nbformat.NotebookNode:
    """The teacher notebook ``notebooks/lessons/<name>``."""
    return nbformat.read(LESSONS / name, as_version=4)


def student_version(teacher: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook without its ``solution`` and ``teacher`` cells."""
    remover = TagRemovePreprocessor(remove_cell_tags=set(HIDDEN_TAGS), enabled=True)
    student, _ = remover.preprocess(nbformat.from_dict(teacher), {})
    return student


def run(notebook: nbformat.NotebookNode, timeout: int = 120) -> tuple[
        nbformat.NotebookNode, float]:
    """Execute ``notebook`` in a fresh kernel started in notebooks/lessons/; returns the
    executed notebook and the seconds it took (kernel start included).  A cell error
    raises ``nbclient.exceptions.CellExecutionError``."""
    executed = nbformat.from_dict(notebook)
    client = NotebookClient(executed, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(LESSONS)}})
    start = time.perf_counter()
    client.execute()
    return executed, time.perf_counter() - start


def errors(notebook: nbformat.NotebookNode) -> list[str]:
    """Error outputs of an executed notebook (empty when every cell ran)."""
    return [f"{out.get('ename')}: {out.get('evalue')}"
            for cell in notebook.cells if cell.cell_type == "code"
            for out in cell.get("outputs", []) if out.get("output_type") == "error"]


def text_of(notebook: nbformat.NotebookNode) -> str:
    """Everything the executed notebook printed or showed as text/plain or text/html."""
    parts = []
    for cell in notebook.cells:
        for out in cell.get("outputs", []):
            if "text" in out:
                parts.append(out["text"])
            data = out.get("data", {})
            parts.extend(str(data[k]) for k in ("text/plain", "text/html") if k in data)
    return "\n".join(parts)
