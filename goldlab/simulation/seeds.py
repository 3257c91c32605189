"""Per-game seeds from one root seed, through NumPy's ``SeedSequence``.

Game ``i`` of a run always gets the same seed, however the run is split
between workers, and a longer run extends a shorter one (the first 1,000
seeds of a 10,000-game run are those of the 1,000-game run).  Seeds are
63-bit, so they fit a signed 64-bit column.

>>> game_seeds(2024, 3).tolist() == game_seeds(2024, 5)[:3].tolist()
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from goldlab.core.options import check_seed


def check_root_seed(seed: object) -> int:
    """``seed`` as a root seed (a whole number from 0 to 2**64 - 1), or :class:`OptionsError`.

    The bound keeps every seed storable in a record or a results file.
    """
    return check_seed(seed)


def fresh_root_seed() -> int:
    """A new random root seed (recorded in the results so the run can be repeated)."""
    entropy: Any = np.random.SeedSequence().entropy
    return int(entropy) % (2**63)


def game_seeds(seed: int, n_games: int) -> np.ndarray:
    """The seeds of games ``0 .. n_games - 1`` of a run with root ``seed`` (uint64 < 2**63)."""
    seed = check_root_seed(seed)
    if n_games == 0:
        return np.zeros(0, dtype=np.uint64)
    words = np.random.SeedSequence(seed).generate_state(n_games, dtype=np.uint64)
    return words >> np.uint64(1)
