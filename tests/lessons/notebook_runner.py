"""Run a lesson notebook headless, as the teacher wrote it or as students get it.

The student version is made by :func:`goldlab.lessons.student.student_version` (the teacher
notebook without its ``solution`` and ``teacher`` cells); both versions must run top to
bottom without an error.  :func:`run_version` does what every lesson's notebook test does.
"""

from __future__ import annotations

import time

import nbformat
from nbclient import NotebookClient
from test_without_numpy import BLOCKER

from goldlab.lessons.student import HIDDEN_TAGS, LESSONS, student_version


def load(name: str) -> nbformat.NotebookNode:
    """The teacher notebook ``notebooks/lessons/<name>``, as committed."""
    return nbformat.read(LESSONS / name, as_version=4)


def tags(notebook: nbformat.NotebookNode) -> set[str]:
    """Every cell tag the notebook uses."""
    return {t for cell in notebook.cells for t in cell.metadata.get("tags", [])}


def run(notebook: nbformat.NotebookNode, timeout: int = 120) -> tuple[
        nbformat.NotebookNode, float]:
    """Execute a copy of ``notebook`` in a fresh kernel started in notebooks/lessons/;
    returns the executed notebook and the seconds it took (kernel start included).  A cell
    error raises ``nbclient.exceptions.CellExecutionError``."""
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


def run_version(name: str, version: str) -> nbformat.NotebookNode:
    """Run the ``"teacher"`` or ``"student"`` version of lesson ``name`` and check what
    every lesson promises: committed without outputs, the student version without the
    hidden cells, no cell error.  The student version runs as in a browser on Pyodide:
    NumPy, pandas, SciPy, statsmodels and numba cannot be imported (a first cell blocks
    them, as tests/test_without_numpy.py does; it shows nothing).  Prints the time;
    returns the executed notebook."""
    teacher = load(name)
    assert all(c.get("execution_count") is None and not c.get("outputs")
               for c in teacher.cells if c.cell_type == "code")  # committed without outputs
    notebook = teacher if version == "teacher" else student_version(teacher)
    if version == "student":
        assert not HIDDEN_TAGS & tags(notebook)
        assert len(notebook.cells) < len(teacher.cells)
        notebook.cells.insert(0, nbformat.v4.new_code_cell(BLOCKER + BLOCKED_CHECK))
    executed, seconds = run(notebook)
    print(f"\n{name} ({version}): {seconds:.1f} s")
    assert errors(executed) == []
    if version == "student":
        assert executed.cells.pop(0).outputs == []  # the blocker blocked, and said nothing
    return executed


BLOCKED_CHECK = """
try:
    import numpy
except ModuleNotFoundError:
    pass
else:
    raise AssertionError("the blocker let NumPy in")
"""
"""The blocker cell's own check that it works (an error output fails the run)."""


def run_lesson(name: str, version: str = "teacher") -> str:
    """:func:`text_of` :func:`run_version`: what a lesson's own notebook test reads.  Each
    lesson's file runs its teacher version; tests/lessons/test_lessons_student.py runs
    every student version (once: it makes all the student checks on that run)."""
    return text_of(run_version(name, version))
