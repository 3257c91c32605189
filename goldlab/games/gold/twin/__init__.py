"""Gold!'s compiled twin: :mod:`.kernel` plays the games the engine plays, in numba.

The contract it mirrors (``docs/architecture.md``, "A game's compiled twin"), stated in
full in :mod:`.kernel`'s docstring:

* the legal actions in ``rules.legal_actions`` order (takes in offer order, then
  exchanges, then steals, then "no bonus");
* chance from the state's generator ``random.Random(game_seed)``: the starting donkeys,
  then one ``randrange(sum(unseen))`` per reveal, walked over ``cards.ALL_CARDS``;
* each bot's generator ``random.Random(bot_seed(game_seed, seat))``: ``random`` draws one
  ``randrange`` a decision, ``greedy`` one among its best actions.

A change to Gold!'s rules, deck or built-in bots changes the twin too;
``tests/games/gold/test_gold_twin.py`` compares the two on thousands of games.  Only
``games/gold/fastpath.py`` opens this package, lazily, so the rules never load numba.
"""
