"""goldlab/analysis/_quick_imports.py: a lesson's imports skip jsonschema's slow optional parser.

Issue 31 §5: a Voila lesson page spent 1-2 s building rfc3987_syntax's parser when Altair
imported jsonschema. goldlab.analysis and goldlab.lessons mark it absent first; Altair's
charts validate as before, and a process that imported jsonschema first keeps it.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("altair")


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize("first", ["goldlab.lessons", "goldlab.analysis"])
def test_a_lesson_import_leaves_the_iri_parser_out_and_altair_validates(first: str) -> None:
    out = _run(f"""
import sys, {first}, altair as alt, jsonschema
assert sys.modules.get("rfc3987_syntax", "missing") is None, sys.modules.get("rfc3987_syntax")
checker = jsonschema.FormatChecker()
assert "uri" in checker.checkers and "iri" not in checker.checkers
chart = alt.Chart(alt.Data(values=[{{"a": 1}}])).mark_bar().encode(x="a:Q")
chart.to_dict()  # validated against Vega-Lite's schema
try:
    alt.Chart(alt.Data(values=[])).mark_bar().encode(x=alt.X("a:Q", bin="lots")).to_dict()
except alt.utils.schemapi.SchemaValidationError:
    print("refused")
""")
    assert out == "refused"


def test_a_process_that_imported_jsonschema_first_keeps_its_formats() -> None:
    out = _run("""
import sys, jsonschema, goldlab.lessons
print(sys.modules.get("rfc3987_syntax") is not None, "iri" in jsonschema.FormatChecker().checkers)
""")
    assert out == "True True"
