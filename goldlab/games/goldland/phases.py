"""Where a game of Goldland stands: the phase of play and the progress of action A.

"The start-player begins, after which play continues in clockwise order. The
active player can execute each of the following three actions once per turn:
A. Move adventurer, B. Acquire articles of equipment, C. Exploration.  These
actions may be executed in any sequence.  Once initiated, each action must be
completed before the next can begin."

The phase says who is to act: chance while the random coast is dealt
(``COAST``) and while an explored tile is drawn (``DRAW``), the active player
in the rest of the turn (``TURN``) and while laying the drawn tile (``PLACE``,
the end of action C), nobody once the game is ``OVER``.  The movement
progress says where action A stands in the current turn.

This module imports nothing from the game, so every module of it (the state,
the rules, the concept modules, the position checks, the views) can share these
names without an import circle.  The values are written into saved positions
and records: they must not change.
"""

from __future__ import annotations

COAST = "coast"
"""Set-up with a random coast: chance deals the free coastal tiles."""
TURN = "turn"
"""The active player's turn: the three actions, exchanges, passing, ending the turn."""
DRAW = "draw"
"""Action C begun: chance draws a terrain tile from the stack."""
PLACE = "place"
"""Action C: the active player lays the drawn tile."""
OVER = "over"
"""The game has ended and been scored."""

PHASES = (COAST, TURN, DRAW, PLACE, OVER)
"""Every phase, in the order a game meets them."""

NOT_MOVED, MOVING, MOVED = 0, 1, 2
"""Progress of action A in the current turn: not begun, under way, completed."""

MOVE_WORDS = ("not begun", "moving", "over")
"""How observations and views name each movement progress (indexed by it)."""
