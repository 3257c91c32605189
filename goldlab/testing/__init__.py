"""Tools for testing goldlab games, including your own: the conformance kit, and the
view fuzz (:func:`fuzz_view`: random and hostile browser messages against a view).

>>> from goldlab.testing import check_game
>>> report = check_game("gold", players=2, games=3, seed=1)
>>> report.ok, report.games
(True, 3)
"""

from goldlab.testing.conformance import ConformanceError, ConformanceReport, check_game
from goldlab.testing.view_fuzz import ViewFuzzReport, fuzz_view, intents

__all__ = ["ConformanceError", "ConformanceReport", "ViewFuzzReport", "check_game", "fuzz_view",
           "intents"]
