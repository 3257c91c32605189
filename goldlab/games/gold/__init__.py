"""Gold! by Michael Schacht: offer, tableau, sets and colour scoring, 2-3 players.

>>> import goldlab
>>> state = goldlab.make("gold", players=2, seed=1)
>>> len(state.offer) + state.pile_count  # the draw pile after set-up
50
"""

from goldlab.core.description import GameDescription
from goldlab.core.registry import register
from goldlab.games.gold.actions import DealDonkey, Exchange, NoBonus, Reveal, Steal, Take
from goldlab.games.gold.cards import ALL_CARDS, COLOURS, Card, card, cards
from goldlab.games.gold.game import GoldGame
from goldlab.games.gold.observation import GoldView
from goldlab.games.gold.options import GoldOptions
from goldlab.games.gold.state import GoldState

register(GameDescription(
    "gold",
    GoldGame,
    bots="goldlab.games.gold.bots",
    scenarios="goldlab.games.gold.scenarios",
    encoding="goldlab.games.gold.encoding:GoldEncoding",
    picture="goldlab.games.gold.raster:picture",
    results="goldlab.games.gold.results",
    fast="goldlab.games.gold.fastpath:engine",
    presenter="goldlab.games.gold.presenter:GoldPresenter",
    rulebook="goldlab.games.gold.rulebook",
    search="goldlab.games.gold.search:HOOKS",
))

__all__ = [
    "ALL_CARDS",
    "COLOURS",
    "Card",
    "DealDonkey",
    "Exchange",
    "GoldGame",
    "GoldOptions",
    "GoldState",
    "GoldView",
    "NoBonus",
    "Reveal",
    "Steal",
    "Take",
    "card",
    "cards",
]
