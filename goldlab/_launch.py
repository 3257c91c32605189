"""The ``goldlab`` command's entry point.

The command line module imports the engines, bots and registry; an interrupt
that arrives during those imports would otherwise print Python's traceback.
Once the command runs, :class:`goldlab.ctrl_c.CtrlC` holds the interrupt.
"""

from __future__ import annotations

import sys

from goldlab.ctrl_c import INTERRUPTED


def main() -> int:
    """Load the command line and run it (``goldlab ...`` and ``python -m goldlab ...``)."""
    try:
        from goldlab.cli import main as run
    except KeyboardInterrupt:
        print("goldlab: interrupted", file=sys.stderr)
        return INTERRUPTED
    return run()
