"""Student versions of the lesson notebooks: the teacher notebook without its answers.

Each lesson in ``notebooks/lessons/`` is one teacher notebook.  Cells tagged ``solution``
(worked answers) or ``teacher`` (timing, answers, common mistakes) are removed by
nbconvert's ``TagRemovePreprocessor``; what is left is what students get.  There is never a
second copy to keep in step.  From a shell, in the repository::

    python -m goldlab.lessons.student OUT_DIR

writes ``OUT_DIR/<lesson>.ipynb`` for every ``notebooks/lessons/*.ipynb`` and prints what
it wrote.  nbconvert (part of ``goldlab[notebook]``) is imported only when a version is made.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

HIDDEN_TAGS = frozenset({"solution", "teacher"})
"""Cells with one of these tags are left out of the student version."""
LESSONS = Path(__file__).resolve().parents[2] / "notebooks" / "lessons"
"""The teacher notebooks, in a checkout of the repository."""


def student_version(notebook: Any) -> Any:
    """A copy of ``notebook`` (an ``nbformat`` notebook) without its ``solution`` and
    ``teacher`` cells; ``notebook`` itself is not changed."""
    from nbconvert.preprocessors import TagRemovePreprocessor

    remover = TagRemovePreprocessor(  # type: ignore[no-untyped-call]
        remove_cell_tags=set(HIDDEN_TAGS), enabled=True)
    student, _ = remover.preprocess(copy.deepcopy(notebook), {})  # type: ignore[no-untyped-call]
    return student


def write_student_versions(out_dir: Path, lessons: Path = LESSONS) -> list[Path]:
    """Write the student version of every ``lessons/*.ipynb`` into ``out_dir`` (made if
    missing; a file of the same name is replaced); returns the paths written."""
    import nbformat

    teachers = sorted(lessons.glob("*.ipynb"))
    if not teachers:
        raise FileNotFoundError(f"no lesson notebooks in {lessons}")
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for teacher in teachers:
        target = out_dir / teacher.name
        notebook = nbformat.read(teacher, as_version=4)  # type: ignore[no-untyped-call]
        nbformat.write(student_version(notebook), target)  # type: ignore[no-untyped-call]
        written.append(target)
    return written


def answer_forms(answer: object) -> list[str]:
    """The ways an exact answer would show in what a student reads: its fraction, its
    decimal to two and to three places (and to three significant digits below 0.1), its
    percentage to one decimal.  True/False, whole numbers and halves are not searched for:
    they show everywhere (a fair share of 1/2 is given, not an answer), and neither is a
    whole percentage ("95 %" of a 95 % interval is no answer of 20/21).

    The student versions' tests look for these in everything a student reads.

    >>> answer_forms(Fraction(3, 8))
    ['0.375', '0.38', '3/8', '37.5 %', '37.5%', 'Fraction(3, 8)']
    """
    if isinstance(answer, bool):
        return []
    exact = Fraction(answer) if isinstance(answer, Fraction | int) else Fraction(str(answer))
    if exact.denominator <= 2:
        return []
    value = float(exact)
    forms = {f"{value:.3f}", f"{value:.2f}"}
    forms |= {f"{100 * value:.1f}%", f"{100 * value:.1f} %"}
    if abs(value) < 0.1:
        forms.add(f"{value:.3g}")
    if exact.denominator <= 100_000:
        forms |= {f"{exact.numerator}/{exact.denominator}",
                  f"Fraction({exact.numerator}, {exact.denominator})"}
    return sorted(forms)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m goldlab.lessons.student OUT_DIR``: write every student version."""
    parser = argparse.ArgumentParser(
        prog="python -m goldlab.lessons.student",
        description="Write the student version of every lesson notebook (the cells tagged "
                    "'solution' or 'teacher' removed) into OUT_DIR.")
    parser.add_argument("out_dir", metavar="OUT_DIR", type=Path,
                        help="the folder to write into (made if missing)")
    parser.add_argument("--lessons", type=Path, default=LESSONS,
                        help="the folder of teacher notebooks (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        written = write_student_versions(args.out_dir, args.lessons)
    except FileNotFoundError as error:
        parser.error(str(error))
    for path in written:
        print(f"wrote {path}")
    return 0


__all__ = ["HIDDEN_TAGS", "LESSONS", "answer_forms", "main", "student_version",
           "write_student_versions"]

if __name__ == "__main__":
    sys.exit(main())
