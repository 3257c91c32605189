"""goldlab: three gold-themed board games to study in Jupyter.

>>> import goldlab
>>> state = goldlab.make("gold", players=2, seed=7)
>>> state.current_player
0
>>> len(state.observation(0).offer)
5
"""

__version__ = "0.1.0"

from goldlab.core import (
    CHANCE,
    TERMINAL,
    GoldlabError,
    IllegalActionError,
    InvalidActionError,
    OptionsError,
    Record,
    RecordError,
    UndoError,
    game,
    load_record,
    make,
    names,
    parse_action,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "GoldlabError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionsError",
    "Record",
    "RecordError",
    "UndoError",
    "__version__",
    "game",
    "load_record",
    "make",
    "names",
    "parse_action",
]
