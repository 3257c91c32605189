"""Mount Goldrush's compiled twin: :mod:`.kernel` (the simulation's games) and
:mod:`.playouts` (the search bot's playouts), in numba.

The contract they mirror (``docs/architecture.md``, "A game's compiled twin"), stated in
full in each module's docstring:

* the legal flips: every position still on the table, in index order, less the card
  already turned up this turn;
* chance from the state's generator ``random.Random(game_seed)``: a position flipped for
  the first time gets its card by one ``randrange(sum(unseen))`` walked over
  ``cards.ALL_CARDS``;
* each bot's generator ``random.Random(bot_seed(game_seed, seat))``: the random flipper
  draws one ``randrange`` a flip; a memory player draws ``rng.random()`` per memory when it
  forgets and ``randrange`` for its tie-breaks, as ``MemoryBot`` does; a playout's deal is
  one generator ``random.Random(seed)`` for chance and the policy alike.

A change to the rules (``rules.py``, ``state.py``), the deck or the memory players changes
the twin too; ``tests/games/goldrush/test_goldrush_twin.py`` and
``test_goldrush_twin_playouts.py`` compare them with the engine.  Only
``games/goldrush/fastpath.py`` opens this package, lazily.
"""
