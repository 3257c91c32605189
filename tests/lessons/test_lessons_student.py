"""Student versions: the teacher notebooks without their answers, one command for all."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from notebook_runner import load, run_version, tags, text_of

from goldlab.lessons.student import (
    HIDDEN_TAGS,
    LESSONS,
    answer_forms,
    main,
    student_version,
)


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


def readable(executed: nbformat.NotebookNode) -> list[tuple[int, str]]:
    """Everything a student can read on the page, with the index of the cell it is in:
    the prose, the text outputs, every widget's value, description, placeholder, tooltip
    and options (its children's and an Output's outputs too), and the text inside charts
    (a Vega-Lite spec's titles, labels and strings, an SVG's text)."""
    models = executed.metadata.get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    found: list[tuple[int, str]] = []
    for index, cell in enumerate(executed.cells):
        if cell.cell_type == "markdown":
            found.append((index, cell.source))
            continue
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            found += [(index, text) for text in output_texts(out, models)]
    return found


def output_texts(out: dict[str, Any], models: dict[str, Any]) -> list[str]:
    """The readable texts of one output (see :func:`readable`)."""
    texts = [str(out.get("text", ""))]
    for mime, data in out.get("data", {}).items():
        if mime == "application/vnd.jupyter.widget-view+json":
            texts += widget_texts(data["model_id"], models)
        elif "vegalite" in mime:
            texts += spec_texts(data)
        else:
            texts.append(str(data))
    return texts


def state_texts(state: dict[str, Any]) -> list[str]:
    """Every text a widget syncs to the page: its value, description, placeholder, tooltip
    and options, and every string inside a view's own traits (a board's picture, its odds
    panel, its log), but not its code (``_esm``, ``_css``) nor other private keys."""
    texts: list[str] = []
    todo = [v for k, v in state.items() if not k.startswith("_") or k == "_options_labels"]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo += item.values()
        elif isinstance(item, list):
            todo += item
        elif isinstance(item, str) and not item.startswith("IPY_MODEL_"):
            texts.append(item)
    return texts


def widget_texts(model_id: str, models: dict[str, Any]) -> list[str]:
    """What a widget shows as text: its values, labels and options, its children's, an
    Output's outputs and a chart's spec, from the widget state the run saved."""
    texts: list[str] = []
    todo, seen = [model_id], set()
    while todo:
        model = todo.pop()
        if model in seen or model not in models:
            continue
        seen.add(model)
        state = models[model].get("state", {})
        texts += state_texts({k: v for k, v in state.items() if k not in ("spec", "outputs")})
        todo += [c.removeprefix("IPY_MODEL_") for c in state.get("children", [])
                 if isinstance(c, str)]
        for out in state.get("outputs", []):
            texts += output_texts(out, models)
        if isinstance(state.get("spec"), dict):
            texts += spec_texts(state["spec"])
    return texts


def spec_texts(spec: Any) -> list[str]:
    """The text a Vega-Lite chart shows: every string in its spec (titles, axis titles,
    labels, text marks), and the data a text mark or a tooltip shows (numbers as
    :func:`shown_number` marks them)."""
    texts: list[str] = []
    fields: set[str] = set()
    todo = [spec]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in ("text", "tooltip"):
                    for channel in value if isinstance(value, list) else [value]:
                        if isinstance(channel, dict) and isinstance(channel.get("field"), str):
                            fields.add(channel["field"])
                if key not in ("datasets", "values"):
                    todo.append(value)
        elif isinstance(item, list):
            todo += item
        elif isinstance(item, str):
            texts.append(item)
    rows = [row for rows in (spec.get("datasets") or {}).values() for row in rows]
    texts += [shown_number(row[f]) if isinstance(row[f], float) else str(row[f])
              for row in rows if isinstance(row, dict) for f in fields if f in row]
    return texts


NUMBER_MARK = "chart-number:"
"""How a number a chart shows is written among the texts, for :func:`leaks` to compare."""


def shown_number(value: float) -> str:
    """A number a chart shows (its own format may round it), kept whole for :func:`leaks`
    to compare with each exact answer: a simulated 0.3748 is no answer, an exact 0.375 is."""
    return f"{NUMBER_MARK}{value!r}"


def leaks(executed: nbformat.NotebookNode, key: str) -> list[str]:
    """Each form of question ``key``'s exact answer found anywhere a student reads it, and
    each number a chart shows that equals it."""
    answer = lesson_of(executed).quiz.question(key).answer
    forms = answer_forms(answer)
    if not forms:
        return []
    pattern = re.compile("|".join(rf"(?<![\d./]){re.escape(f)}(?![\d/])" for f in forms))
    found = []
    for index, text in readable(executed):
        if text.startswith(NUMBER_MARK):
            if abs(float(text.removeprefix(NUMBER_MARK)) - float(answer)) < 1e-9:
                found.append(f"cell {index}: a chart shows the exact {text}")
            continue
        found += [f"cell {index}: {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 20]!r}"
                  for m in pattern.finditer(text)]
    return found


def lesson_of(notebook: nbformat.NotebookNode) -> ModuleType:
    source = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    name = re.search(r"from goldlab\.lessons import (\w+) as lesson", source)
    assert name, "the lesson imports its module as `lesson`"
    return importlib.import_module(f"goldlab.lessons.{name.group(1)}")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in LESSONS.glob("[1-9]-*.ipynb")))
def test_a_student_version_runs_asks_in_the_app_and_shows_no_answer_anywhere(
        name: str) -> None:
    """In an app every cell has run: an exact answer may show only once its question is
    settled (answered, or Show me pressed), so in a fresh student page it shows nowhere."""
    executed = run_version(name, "student")  # (each lesson's own file runs the teacher's)
    module = lesson_of(executed)
    text = text_of(executed)
    assert text.count("Your answer") >= len(module.quiz.keys())  # an answer box each
    shown = [t for _, t in readable(executed)]  # every widget's texts, placeholders too
    assert any(t.startswith("your guess, e.g.") for t in shown)  # the Predict first box
    assert sum(t == "<i>Not in a class: your results stay in this page.</i>"
               for t in shown) == 1  # no class server here: said once
    read = getattr(module, "READ_FROM_TABLE", frozenset())  # answers read from a table shown
    found = {key: leaks(executed, key) for key in module.quiz.keys()  # noqa: SIM118
             if key not in read}
    assert {k: v for k, v in found.items() if v} == {}
    assert "teacher version" not in text


def test_the_student_index_does_not_call_itself_the_teacher_version(tmp_path: Path) -> None:
    main([str(tmp_path)])
    index = nbformat.read(tmp_path / "0-lessons.ipynb", as_version=4)
    text = "\n".join(c.source for c in index.cells)
    assert "teacher version" not in text and "student version" in text
