"""The index notebook, run in JupyterLab, shows a finished game of Gold! with its scores."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_harness import JupyterServer, open_and_run
from playwright.sync_api import Page, expect

NOTEBOOK = "00-index.ipynb"


@pytest.mark.browser
def test_index_notebook_shows_final_scores(
    page: Page, lab: JupyterServer, artifacts_dir: Path
) -> None:
    if not (lab.root_dir / NOTEBOOK).is_file() and not os.environ.get("CI"):
        pytest.skip(f"notebooks/{NOTEBOOK} does not exist yet")
    open_and_run(page, lab, NOTEBOOK)

    state = page.locator(".jp-OutputArea-output .gl-state").first
    expect(state).to_be_visible(timeout=30_000)
    expect(state).to_contain_text("Final scores")

    shot = artifacts_dir / "browser" / "index-notebook-gold-state.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    state.screenshot(path=shot)
    print(f"screenshot: {shot}")
