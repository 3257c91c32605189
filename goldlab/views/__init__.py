"""Interactive Jupyter views of goldlab games (needs the ``notebook`` extra).

The engine never imports this package.  Views are thin: they render a player's
observation (or the omniscient one) as HTML and send the notation of the chosen
action back to the engine; no rule is decided here or in JavaScript.
"""

from goldlab.views.game_view import GameView

__all__ = ["GameView"]
