"""Interactive Jupyter views of goldlab games (needs the ``notebook`` extra).

The engine never imports this package.  Views are thin: each game's presenter (in the
game's folder) draws the table with click targets and says what a click means; the
engine decides; no rule is decided here or in JavaScript.  See ``docs/views.md``.
"""

from goldlab.views.game_view import GameView
from goldlab.views.play_table import PlayTable, play_table
from goldlab.views.table import Table

__all__ = ["GameView", "PlayTable", "Table", "play_table"]
