"""Goldland by Wolfgang Kramer: explore, equip, survive adventures, reach the temple. 2-5 players.

>>> import goldlab
>>> state = goldlab.make("goldland", players=3, seed=1)
>>> state.observation(0).allowances[0]  # 3 provisions + 2 pearls on spaces 8-12
7
>>> events = state.apply("acquire 3 provisions + 2 pearls")  # the start tile's line
>>> state.observation(0).allowances[0]
2
"""

from goldlab.core.description import GameDescription
from goldlab.core.registry import register
from goldlab.games.goldland.actions import (
    Acquire,
    Camp,
    Dig,
    Discard,
    DrawTile,
    EndMove,
    EndTurn,
    Exchange,
    Explore,
    LayCoast,
    Move,
    Pass,
    Place,
)
from goldlab.games.goldland.articles import ARTICLES, Kit, kit
from goldlab.games.goldland.game import GoldlandGame
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.options import GoldlandOptions
from goldlab.games.goldland.state import GoldlandState
from goldlab.games.goldland.tiles import Tile, TileDataError, TileSet, default_tiles, load_tiles

register(GameDescription(
    "goldland",
    GoldlandGame,
    bots="goldlab.games.goldland.bots",
    scenarios="goldlab.games.goldland.scenarios",
    encoding="goldlab.games.goldland.encoding:GoldlandEncoding",
    picture="goldlab.games.goldland.raster:picture",
    results="goldlab.games.goldland.results",
    presenter="goldlab.games.goldland.presenter:GoldlandPresenter",
    rulebook="goldlab.games.goldland.rulebook",
    search="goldlab.games.goldland.search:HOOKS",
    fast="goldlab.games.goldland.fastpath:engine",
))

__all__ = [
    "ARTICLES",
    "Acquire",
    "Camp",
    "Dig",
    "Discard",
    "DrawTile",
    "EndMove",
    "EndTurn",
    "Exchange",
    "Explore",
    "GoldlandGame",
    "GoldlandOptions",
    "GoldlandState",
    "GoldlandView",
    "Kit",
    "LayCoast",
    "Move",
    "Pass",
    "Place",
    "Tile",
    "TileDataError",
    "TileSet",
    "default_tiles",
    "kit",
    "load_tiles",
]
