"""Pig, a tiny dice game that lives only under ``tests/``: goldlab's fourth game.

It proves that a game folder is the unit of change: this ``__init__`` registers one
description, and goldlab's layers (simulation, the conformance kit, OpenSpiel,
PettingZoo, the command line, views) find every part of it through that, with no
edit anywhere in ``goldlab/``.

Each turn the player to move rolls a die (a chance step) or holds: a 1 ends the turn
with nothing, any other roll adds to the turn's total, holding banks it.  A turn ends
after three rolls at most (the total is banked), and the game after three turns each
or when someone reaches the target.
"""

from fourth_game.game import PigGame
from goldlab.core import register
from goldlab.core.description import GameDescription

register(GameDescription(
    "pig",
    PigGame,
    bots="fourth_game.bots",
    scenarios="fourth_game.scenarios",
    encoding="fourth_game.encoding:PigEncoding",
    picture="fourth_game.raster:picture",
    results="fourth_game.results",
    rulebook="fourth_game.rulebook",
))

__all__ = ["PigGame"]
