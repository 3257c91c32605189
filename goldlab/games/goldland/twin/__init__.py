"""Goldland's compiled twin, in numba: the position and its steps (:mod:`.kernel`), the
legal steps (:mod:`.legal`), the ``heuristic`` bot (:mod:`.heuristic`) and the game loop of
the simulation's fast path (:mod:`.play`).

The contract they mirror (``docs/architecture.md``, "A game's compiled twin"), stated in
full in each module's docstring:

* the legal steps in ``rules.legal_actions`` order (:mod:`.legal`: tile placements by
  place and turn, the adventurer's steps direction by direction with each payment in
  ``kits_of_size`` order, then camps, digging, acquisitions, exploring, exchanges,
  discards, the end of the turn);
* chance from the state's generator ``random.Random(seed)``: one ``randrange`` for each
  tile drawn for an exploration (``unseen[randrange(len(unseen))]``, removed with
  ``list.remove``) and for each coastal tile dealt at set-up;
* each bot's generator ``random.Random(bot_seed(game_seed, seat))``: ``random`` draws one
  ``randrange`` a decision; ``heuristic`` draws nothing.

The twin reads the game's own data (tile set, board, heuristic weights, action classes)
from this folder rather than a copy.  A change to Goldland's rules (``movement.py``,
``exploration.py``, ``acquisition.py``, ...), its tiles or its heuristic changes the twin
too; ``tests/games/goldland/test_goldland_twin*.py`` compare each part with the engine.
Only ``games/goldland/fastpath.py`` opens this package, lazily.
"""
