"""Student versions: the teacher notebooks without their answers, one command for all."""

from __future__ import annotations

import importlib
import re
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from notebook_runner import load, run_version, tags, text_of

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


# --------------------------------------------------------------------------- no answer shown early


def answer_forms(answer: object) -> list[str]:
    """The ways an exact answer would show in an output: its fraction, its decimal to three
    places (and to three significant digits below 0.1) and its percentage at one decimal.
    True/False, whole numbers and halves are not searched for: they show everywhere (a fair
    share of 1/2 is given, not an answer)."""
    if isinstance(answer, bool):
        return []
    exact = Fraction(answer) if isinstance(answer, Fraction | int) else Fraction(str(answer))
    if exact.denominator <= 2:
        return []
    value = float(exact)
    forms = {f"{value:.3f}", f"{100 * value:.1f} %", f"{100 * value:.1f}%"}
    if abs(value) < 0.1:
        forms.add(f"{value:.3g}")
    if exact.denominator <= 100_000:
        forms |= {f"{exact.numerator}/{exact.denominator}",
                  f"Fraction({exact.numerator}, {exact.denominator})"}
    return sorted(forms)


def shown_before(executed: nbformat.NotebookNode, key: str) -> list[str]:
    """Each answer form of question ``key`` found in an output above the cell that asks it."""
    forms = answer_forms(lesson_of(executed).quiz.question(key).answer)
    pattern = re.compile("|".join(rf"(?<![\d./]){re.escape(f)}(?![\d/])" for f in forms))
    found: list[str] = []
    for cell in executed.cells:
        if cell.cell_type == "code" and re.search(rf"""(ask|check)\(["']{key}["']""",
                                                  cell.source):
            return found
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            texts = [out.get("text", "")] + [str(v) for v in out.get("data", {}).values()]
            texts += widget_texts(executed, out)
            found += [m.group(0) for text in texts for m in pattern.finditer(text) if forms]
    raise AssertionError(f"no cell asks {key!r}")


def widget_texts(executed: nbformat.NotebookNode, out: dict[str, Any]) -> list[str]:
    """What a widget output shows as text (its values and labels, its children's too), from
    the widget state the run saved: an explorer's HTML line is no text output of its own."""
    view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
    models = executed.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    texts: list[str] = []
    todo, seen = [view["model_id"]] if view else [], set()
    while todo:
        model_id = todo.pop()
        if model_id in seen or model_id not in models:
            continue
        seen.add(model_id)
        state = models[model_id].get("state", {})
        texts += [str(state[k]) for k in ("value", "description", "placeholder") if k in state]
        todo += [c.removeprefix("IPY_MODEL_") for c in state.get("children", [])]
    return texts


def lesson_of(notebook: nbformat.NotebookNode) -> ModuleType:
    source = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    name = re.search(r"from goldlab\.lessons import (\w+) as lesson", source)
    assert name, "the lesson imports its module as `lesson`"
    return importlib.import_module(f"goldlab.lessons.{name.group(1)}")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in LESSONS.glob("[1-9]-*.ipynb")))
def test_a_student_version_runs_asks_in_the_app_and_shows_no_answer_before_its_question(
        name: str) -> None:
    executed = run_version(name, "student")  # (each lesson's own file runs the teacher's)
    module = lesson_of(executed)
    text = text_of(executed)
    assert text.count("Your answer") >= len(module.quiz.keys())  # an answer box each
    assert "placeholder='your guess, e.g." in text  # the Predict first box
    read = getattr(module, "READ_FROM_TABLE", frozenset())  # answers read from a table shown
    leaks = {key: shown_before(executed, key) for key in module.quiz.keys()  # noqa: SIM118
             if key not in read}
    assert {k: v for k, v in leaks.items() if v} == {}
    assert "teacher version" not in text


def test_the_student_index_does_not_call_itself_the_teacher_version(tmp_path: Path) -> None:
    main([str(tmp_path)])
    index = nbformat.read(tmp_path / "0-lessons.ipynb", as_version=4)
    text = "\n".join(c.source for c in index.cells)
    assert "teacher version" not in text and "student version" in text
