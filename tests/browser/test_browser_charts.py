"""Charts draw in Voila with non-loopback requests blocked (JupyterLab: test_browser_notebooks).

This is the offline promise of goldlab.analysis.display: no "Error loading script", no console
error, no request that leaves the machine, and each chart on the page has marks.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_harness import JupyterServer
from playwright.sync_api import Page

pytestmark = pytest.mark.browser


# Voila 0.5's templates (lab/index.html.j2) load these from cdn.jsdelivr.net / cdnjs.
VOILA_TEMPLATE_CDN = ("fontawesome", "mathjax")

# Per chart output: "widget" (vega-embed drew a canvas or svg), "svg" (an <img> of a vl-convert
# SVG), with whether it has visible marks.
_CHARTS_JS = """
() => {
  const charts = [];
  for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
    const embed = out.querySelector('.vega-embed');
    if (embed) {
      const canvas = embed.querySelector('canvas');
      let drawn = false;
      if (canvas && canvas.width > 0 && canvas.height > 0) {
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let inked = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
        drawn = inked > 500;
      }
      const svgMarks = embed.querySelectorAll('svg .mark-symbol path, svg .mark-rect path, ' +
                                              'svg .mark-line path, svg .mark-area path').length;
      charts.push({kind: 'widget', drawn: drawn || svgMarks > 0});
      continue;
    }
    const img = out.querySelector('img[src^="data:image/svg+xml"]');
    if (img && decodeURIComponent(img.src).includes('class="marks"')) {
      const source = decodeURIComponent(img.src);
      charts.push({kind: 'svg', drawn: img.complete && img.naturalWidth > 0
                   && (source.match(/<path/g) || []).length > 5});
    }
  }
  return charts;
}
"""


def test_interactive_charts_draw_offline_in_voila(
    page: Page, lab: JupyterServer, blocked: list[str], console_errors: list[str],
    artifacts_dir: Path,
) -> None:
    """Voila, served by the same JupyterLab server, runs 04 and shows its five widget charts."""
    started = time.monotonic()
    response = page.goto(f"{lab.url}/voila/render/04-strategy-lab.ipynb", timeout=180_000)
    if response is None or response.status == 404:
        pytest.skip("Voila is not enabled as a server extension")
    page.wait_for_selector("#loading", state="detached", timeout=180_000)
    page.wait_for_function(
        f"() => ({_CHARTS_JS})().filter(c => c.drawn).length >= 5", timeout=60_000, polling=500
    )
    charts = page.evaluate(_CHARTS_JS)
    print(f"\nVoila 04-strategy-lab.ipynb: rendered in {time.monotonic() - started:.1f} s; "
          f"charts {charts}")

    assert [c["kind"] for c in charts] == ["widget"] * 5
    assert all(c["drawn"] for c in charts)
    assert page.get_by_text("Error loading script").count() == 0
    # Voila's own page template (not the charts) links Font Awesome and MathJax from CDNs.
    # The charts must not miss them: drop their load errors, then expect no other error.
    template = [url for url in blocked if any(w in url for w in VOILA_TEMPLATE_CDN)]
    print(f"blocked requests of Voila's template: {template}")
    assert [url for url in blocked if url not in template] == []
    console_errors[:] = [e for e in console_errors if not any(url in e for url in template)]
    assert console_errors == []
    _screenshot_first_chart(page, artifacts_dir / "browser" / "chart-04-strategy-lab-voila.png")


def _screenshot_first_chart(page: Page, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    chart = page.locator(".jp-OutputArea-output:has(.vega-embed), "
                         ".jp-OutputArea-output:has(img[src^='data:image/svg+xml'])").first
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=path)
