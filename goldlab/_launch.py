"""The ``goldlab`` command's entry point: a Ctrl-C while goldlab is loading is one line too.

The command line module imports the engines, bots and registry; an interrupt
that arrives during those imports would otherwise print Python's traceback.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def main() -> int:
    """Load the command line and run it (``goldlab ...`` and ``python -m goldlab ...``)."""
    try:
        from goldlab.cli import main as run
    except KeyboardInterrupt:
        print("goldlab: interrupted", file=sys.stderr)
        return INTERRUPTED
    return run()
