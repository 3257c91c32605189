"""The lessons' index, lesson 4 and the play table run as Voila apps: no code showing,
controls and charts drawn.

Issue 15, part 3: "every lesson and a 'play table' page run as apps with no code showing,
so a teacher can project them."  Students open the lessons' student versions in Voila (the
README's Voila command, Binder's badge), so these are the pages tested; lessons 1-3 are
run as apps, with the same checks (browser_harness.assert_runs_as_app) and their clicks, in
test_browser_voila_student_lessons.py.  The teacher versions run in JupyterLab
(test_browser_notebooks.py).

Issue 31, part 5: a class may have no internet. Every page here fails its test on a request
to another machine and on a version-mismatch warning in the console (browser_harness.
watch_console): goldlab's Voila template (share/jupyter/voila/templates/goldlab) links
nothing outside, and pyproject.toml pins a Voila and widgets pairing built for one core.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    JupyterServer,
    assert_no_answer_shown,
    assert_runs_as_app,
    notebooks_source,
    open_voila,
    start_voila,
)
from playwright.sync_api import Page, expect

from goldlab.lessons.student import write_student_versions

pytestmark = pytest.mark.browser

SOURCE = notebooks_source()
PLAY_TABLE = "06-play-table.ipynb"
# Lessons 1-3: test_browser_voila_student_lessons.py; later lessons here.
LESSON_MODULES = {"1": "flip_the_odds", "2": "first_player", "3": "memory", "4": "risk"}
"""Each lesson's module, by the number its notebook's name starts with."""
LESSONS = sorted(f"student-lessons/{p.name}" for p in (SOURCE / "lessons").glob("[4-9]*.ipynb"))


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """Voila over the play table and the lessons' student versions (student-lessons/)."""
    source = tmp_path_factory.mktemp("voila-apps-source")
    write_student_versions(source / "student-lessons", SOURCE / "lessons")
    shutil.copy(SOURCE / PLAY_TABLE, source / PLAY_TABLE)
    server = start_voila(tmp_path_factory.mktemp("voila-apps"), source)
    yield server
    server.stop()


# A Font Awesome icon, as an ipywidgets Button(icon=...) draws one; its font must come from
# Voila's own bundle on this machine.
_ICON_FONT_JS = """
async () => {
  const icon = document.createElement('i');
  icon.className = 'fa fa-check';
  document.body.prepend(icon);
  await document.fonts.ready;
  const family = getComputedStyle(icon, '::before').fontFamily;
  await document.fonts.load(`900 16px ${family}`);
  icon.remove();
  return [family, document.fonts.check(`900 16px ${family}`)];
}
"""


def test_the_lessons_index_loads_nothing_from_the_internet_and_draws_its_icons(
        page: Page, voila: JupyterServer, console_errors: list[str]) -> None:
    """The page Binder's Voila badge opens."""
    open_voila(page, voila, "student-lessons/0-lessons.ipynb", timeout=180_000)
    expect(page.locator("body")).to_contain_text("Flip the odds")
    assert_runs_as_app(page, lesson=False)
    family, loaded = page.evaluate(_ICON_FONT_JS)
    assert "Font Awesome" in family and loaded, (family, loaded)
    assert page.locator("link[href*='://'], script[src*='://']").count() == 0
    assert console_errors == []  # no request to another machine, no version-mismatch warning
    page.goto("about:blank")


@pytest.mark.parametrize("notebook", [PLAY_TABLE, *LESSONS])
def test_the_notebook_runs_as_an_app_with_no_code_showing(
        notebook: str, page: Page, voila: JupyterServer, artifacts_dir: Path,
        console_errors: list[str]) -> None:
    open_voila(page, voila, notebook, timeout=180_000)
    assert_runs_as_app(page, lesson=notebook != PLAY_TABLE)
    name = notebook.replace("/", "-").removesuffix(".ipynb")
    page.screenshot(path=artifacts_dir / f"voila-app-{name}.png")
    if notebook == PLAY_TABLE:
        expect(page.locator(".gl-game-view .gl-view-board").first).to_be_visible()
    else:  # a student's first look: no exact answer anywhere before its question is answered
        assert_no_answer_shown(page, LESSON_MODULES[Path(notebook).name[0]])
    if notebook.endswith("4-risk-and-expected-value.ipynb"):  # its explorers, as drawn
        explorers = page.locator(".gl-live")
        expect(explorers.first).to_be_visible()
        for index in range(explorers.count()):
            explorers.nth(index).scroll_into_view_if_needed()
            explorers.nth(index).screenshot(
                path=artifacts_dir / f"voila-app-lesson-4-explorer-{index}.png")
    assert console_errors == []  # no request to another machine, no version-mismatch warning
    page.goto("about:blank")  # the page would keep calling the server after the test
