"""What a class needs: the memory one student's kernel uses for each lesson.

Runs each lesson's student version in its own kernel (as Voila does for each student page)
and prints the kernel's resident memory (RSS), the memory only it uses (USS: what one more
student adds) and its peak, with the estimate for a class of ``--students``.

    python benchmarks/classroom_memory.py [--students 30] [LESSON.ipynb ...]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient

from goldlab.lessons.student import LESSONS, student_version


def kernel_memory(notebook: Path) -> dict[str, float]:
    """Run ``notebook``'s student version in a fresh kernel; its memory in MiB."""
    nb = student_version(nbformat.read(notebook, as_version=4))  # type: ignore[no-untyped-call]
    client = NotebookClient(nb, timeout=900, kernel_name="python3", allow_errors=True)
    with client.setup_kernel():
        pid = client.km.provisioner.process.pid
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        info = psutil.Process(pid).memory_full_info()
        status = Path(f"/proc/{pid}/status").read_text()
        peak_kib = int(status.split("VmHWM:")[1].split()[0])
    return {"rss": info.rss / 2**20, "uss": info.uss / 2**20, "peak": peak_kib / 1024}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("lessons", nargs="*", help="notebooks in notebooks/lessons (default all)")
    args = parser.parse_args(argv)
    names = args.lessons or sorted(p.name for p in LESSONS.glob("[1-9]*.ipynb"))
    for name in names:
        used = kernel_memory(LESSONS / name)
        shared = used["rss"] - used["uss"]
        need = (shared + args.students * used["uss"]) / 1024
        print(f"{name}: one kernel RSS {used['rss']:.0f} MiB (USS {used['uss']:.0f} MiB, "
              f"peak {used['peak']:.0f} MiB); {args.students} students need about "
              f"{need:.1f} GiB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
