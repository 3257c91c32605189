"""A lesson's first cell imports Altair: two seconds of a Voila page were one optional module.

Altair imports jsonschema, and jsonschema, on import, also loads ``rfc3987_syntax`` when it
is installed (Jupyter's server installs it, for jsonschema's "iri" formats): that module
builds an Earley parser of RFC 3987 as it is imported, 1-2 s on these machines, a fifth of
a lesson's load in Voila. Nothing a goldlab chart or lesson validates uses those formats
(Vega-Lite's schema asks for "uri", "uri-reference" and "color-hex" only), so
this module, imported first by ``goldlab.analysis`` and ``goldlab.lessons`` (before
they import Altair), marks the module as absent in this process: jsonschema then
checks every other format as before and the "iri" formats not at all, as where the module
is not installed. A process that imported jsonschema or the module already keeps them.
"""

from __future__ import annotations

import sys

SLOW_OPTIONAL = "rfc3987_syntax"


def skip_slow_optional_imports() -> None:
    """Mark ``rfc3987_syntax`` absent, unless jsonschema or it is imported already."""
    if "jsonschema" not in sys.modules and SLOW_OPTIONAL not in sys.modules:
        sys.modules[SLOW_OPTIONAL] = None  # type: ignore[assignment]  # its import fails


skip_slow_optional_imports()

__all__ = ["skip_slow_optional_imports"]
