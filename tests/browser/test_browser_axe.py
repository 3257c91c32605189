"""axe-core, the accessibility checker, on every game view and every lesson page (issue 47 §3).

axe-core comes from npm (tests/browser/package.json and its lock; ``dev.py test`` runs
``npm ci`` there when node_modules is missing) and is injected into each page by Playwright
(``page.add_script_tag``): nothing is fetched from outside.  Every notebook of
tests/browser/views/ is checked in JupyterLab and in Voila, and every student lesson as the
Voila app students are sent.  A page passes with 0 critical and 0 serious violations; the
rule ids found at any level are printed.

What is checked where:

- JupyterLab: goldlab's own nodes only (each ``.gl-game-view``).  JupyterLab's chrome
  around them (its menus, tabs, the notebook's cells) is JupyterLab's, not ours, and is
  reported by axe on a bare notebook too.
- Voila: the whole page (Voila's page is hardly more than the notebook's outputs).
- The Voila student lessons: the whole page, once its controls and charts are drawn, less
  ipywidgets' slider handles (:data:`NOT_OURS_IN_LESSONS` says why).
- The in-browser lesson pages of the static site: test_browser_lite_lessons.py calls
  :func:`check` on each page it opens (its fixture builds the site; none is built here).

Colour contrast is left to test_browser_views.py, which measures every text of the views
in both themes (axe cannot see through the translucent variation bar and reports it as
"incomplete", not as a violation).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import (
    JupyterServer,
    assert_runs_as_app,
    close_notebooks,
    notebooks_source,
    open_and_run,
    open_lab,
    open_voila,
    start_voila,
)
from playwright.sync_api import Page, expect

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
VIEWS = Path(__file__).resolve().parent / "views"
NOTEBOOKS = sorted(p.name for p in VIEWS.glob("*.ipynb"))
BLOCKING = ("critical", "serious")
NOT_OURS_IN_LESSONS = (".noUi-handle",)
"""Left out of the lesson pages' check: ipywidgets' slider handle (noUiSlider's), which
ipywidgets draws with the slider role and no name (aria-input-field-name, serious) and which
no widget option names; the slider's description is drawn beside it as a plain label."""

pytestmark = pytest.mark.browser

_RUN_AXE_JS = """
async ([scope, exclude]) => {
  const context = {include: scope ? [[scope]] : [['html']], exclude: exclude.map((s) => [s])};
  const result = await window.axe.run(context, {resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.html.slice(0, 160)),
  }));
}
"""


def axe_violations(page: Page, scope: str | None = None,
                   exclude: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's violations on the page (or within every node matching ``scope``), less
    the nodes matching ``exclude``."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` in tests/browser (dev.py test does)")
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(_RUN_AXE_JS, [scope, list(exclude)])
    return violations


def check(page: Page, where: str, scope: str | None = None,
          exclude: tuple[str, ...] = ()) -> list[str]:
    """Print the rule ids axe finds; the critical and serious ones, as failures to report."""
    violations = axe_violations(page, scope, exclude)
    found = ", ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in violations)
    print(f"\naxe {where}: {found or 'no violation'}")
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:6])
            for v in violations if v["impact"] in BLOCKING]


def _drawn(page: Page) -> None:
    """Every game view on the page has drawn its title."""
    views = page.locator(".gl-game-view")
    expect(views.first).to_be_visible(timeout=60_000)
    for i in range(views.count()):
        expect(views.nth(i).locator(".gl-view-title")).not_to_have_text("", timeout=30_000)


def test_every_view_in_jupyterlab_has_no_serious_violation(page: Page, views_lab: JupyterServer) -> None:
    views_lab.delete_sessions()
    open_lab(page, views_lab)
    problems = []
    for notebook in NOTEBOOKS:
        open_and_run(page, views_lab, notebook, in_open_lab=True)
        _drawn(page)
        problems += check(page, f"lab {notebook}", scope=".gl-game-view")
        close_notebooks(page)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_view_in_voila_has_no_serious_violation(
    page: Page, views_voila: JupyterServer, notebook: str,
) -> None:
    """A page each (leaving a Voila page for the next in the same tab asks Voila to shut
    its kernel down, which Voila refuses to a script: a console error)."""
    open_voila(page, views_voila, notebook)
    _drawn(page)
    problems = check(page, f"voila {notebook}")
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="module")
def student_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """Voila over the student versions of the lessons, as students are sent them."""
    from goldlab.lessons.student import write_student_versions

    source = tmp_path_factory.mktemp("axe-student-source")
    write_student_versions(source / "student-lessons", notebooks_source() / "lessons")
    server = start_voila(tmp_path_factory.mktemp("axe-voila-students"), source / "student-lessons")
    yield server
    server.stop()


def _lessons() -> list[str]:
    return sorted(p.name for p in (notebooks_source() / "lessons").glob("[0-9]*.ipynb"))


@pytest.mark.parametrize("lesson", _lessons())
def test_every_student_lesson_in_voila_has_no_serious_violation(
    page: Page, student_voila: JupyterServer, lesson: str,
) -> None:
    open_voila(page, student_voila, lesson, timeout=180_000)
    assert_runs_as_app(page, lesson=not lesson.startswith("0-"))  # 0-: the lessons' index
    problems = check(page, f"voila lesson {lesson}", exclude=NOT_OURS_IN_LESSONS)
    assert not problems, "\n".join(problems)
