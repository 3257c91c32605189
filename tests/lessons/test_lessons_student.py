"""Student versions: the teacher notebooks without their answers, one command for all."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from notebook_runner import load, tags

from goldlab.lessons.student import HIDDEN_TAGS, LESSONS, main, student_version


def test_student_version_drops_solution_and_teacher_cells_only() -> None:
    teacher = load("1-flip-the-odds.ipynb")
    before = len(teacher.cells)
    student = student_version(teacher)
    assert len(teacher.cells) == before  # the teacher notebook is not changed
    hidden = sum(bool(HIDDEN_TAGS & set(c.metadata.get("tags", []))) for c in teacher.cells)
    assert hidden and len(student.cells) == before - hidden
    assert not HIDDEN_TAGS & tags(student)


def test_the_command_writes_every_lesson(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "students")]) == 0
    names = sorted(p.name for p in LESSONS.glob("*.ipynb"))
    written = sorted(p.name for p in (tmp_path / "students").iterdir())
    assert written == names and "0-lessons.ipynb" in names
    assert capsys.readouterr().out.count("wrote ") == len(names)
    for name in written:
        notebook = nbformat.read(tmp_path / "students" / name, as_version=4)
        nbformat.validate(notebook)
        assert not HIDDEN_TAGS & tags(notebook)


def test_the_command_needs_a_folder_and_lessons(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main([])
    with pytest.raises(SystemExit):
        main([str(tmp_path / "out"), "--lessons", str(tmp_path)])
