"""Mount Goldrush (Gold) by Reiner Knizia: the memory card game, both editions, 2-5 players.

64 cards lie face down; each turn a player flips two, one after the other, and
gold diggers carry gold to their owners, kick weaker diggers out, or dynamite
blows both cards away.  Exact odds live in :mod:`goldlab.games.goldrush.odds`,
memory-model players in :mod:`goldlab.games.goldrush.bots` and match series in
:mod:`goldlab.games.goldrush.series`.

>>> import goldlab
>>> state = goldlab.make("goldrush", players=3, seed=1)
>>> state.face_down, len(state.legal_actions())
(64, 64)
>>> events = state.apply("flip 0")
>>> str(events[0]).startswith("CardFlipped turn 1: seat 0 flips #0:")
True
"""

from goldlab.core.description import GameDescription
from goldlab.core.registry import register
from goldlab.games.goldrush.actions import Flip, Reveal
from goldlab.games.goldrush.cards import ALL_CARDS, COLOURS, DECK, Card, card, cards
from goldlab.games.goldrush.game import GoldrushGame
from goldlab.games.goldrush.observation import FlipSeen, GoldrushView
from goldlab.games.goldrush.options import GoldrushOptions
from goldlab.games.goldrush.state import GoldrushState

register(GameDescription(
    "goldrush",
    GoldrushGame,
    bots="goldlab.games.goldrush.bots",
    scenarios="goldlab.games.goldrush.scenarios",
    encoding="goldlab.games.goldrush.encoding:GoldrushEncoding",
    picture="goldlab.games.goldrush.raster:picture",
    results="goldlab.games.goldrush.results",
    fast="goldlab.games.goldrush.fastpath:engine",
    presenter="goldlab.games.goldrush.presenter:GoldrushPresenter.of",  # its edition's quotes
    rulebook="goldlab.games.goldrush.rulebook",
    search="goldlab.games.goldrush.search:HOOKS",
))

__all__ = [
    "ALL_CARDS",
    "COLOURS",
    "DECK",
    "Card",
    "Flip",
    "FlipSeen",
    "GoldrushGame",
    "GoldrushOptions",
    "GoldrushState",
    "GoldrushView",
    "Reveal",
    "card",
    "cards",
]
