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
    make_game,
    names,
    parse_action,
)


def __getattr__(name: str) -> object:
    # goldlab.simulate (the function; pandas, NumPy) loads only when first used: the engine
    # stays light (and it stays out of __all__, so `from goldlab import *` does not load it).
    if name == "simulate":
        from goldlab.simulation import simulate

        return simulate
    raise AttributeError(f"module 'goldlab' has no attribute {name!r}")


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
    "make_game",
    "names",
    "parse_action",
]
