"""goldlab games in other frameworks: OpenSpiel games and PettingZoo environments.

* :mod:`goldlab.interop.encoding` (standard library only): the stable integer
  encoding of every game's actions and chance outcomes, and observation and
  information-state strings and tensors built from goldlab observations.
* :mod:`goldlab.interop.openspiel` (extra ``goldlab[openspiel]``): each game
  registered with ``pyspiel`` as ``goldlab_<name>``.
* :mod:`goldlab.interop.pettingzoo` (extra ``goldlab[pettingzoo]``): an AEC
  environment per game.

Importing this package imports neither OpenSpiel nor PettingZoo; the engine
never imports this package.  See ``docs/interop.md``.
"""
