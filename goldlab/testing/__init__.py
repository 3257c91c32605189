"""Tools for testing goldlab games, including your own: the conformance kit.

>>> from goldlab.testing import check_game
>>> report = check_game("gold", players=2, games=3, seed=1)
>>> report.ok, report.games
(True, 3)
"""

from goldlab.testing.conformance import ConformanceError, ConformanceReport, check_game

__all__ = ["ConformanceError", "ConformanceReport", "check_game"]
