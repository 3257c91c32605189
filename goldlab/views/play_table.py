"""``play_table()``: choose a game, the players and the bots, then play it in a :class:`GameView`.

The page a teacher projects (``notebooks/06-play-table.ipynb``, also run as a Voila app
with no code showing).  It holds no game knowledge: the menus list what the registry and
the bots offer, and the view does the rest.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

import goldlab
from goldlab.bots import bot_names
from goldlab.core.errors import GoldlabError
from goldlab.core.registry import game_class
from goldlab.views.game_view import EVERYTHING, GameView
from goldlab.views.table import PERSON

DEFAULT_BOTS = {"gold": "greedy", "goldrush": "perfect", "goldland": "heuristic"}
"""The opponent each game offers first: its best built-in bot."""


class PlayTable(widgets.VBox):  # type: ignore[misc]
    """Menus for the game, the players and who plays each seat, and the game's view below."""

    def __init__(self, game: str = "gold", players: int = 2, seed: int | None = None) -> None:
        self.game = widgets.Dropdown(
            options=[(game_class(n).title, n) for n in goldlab.names()], value=game,
            description="Game", tooltip="which game to play")
        self.players = widgets.BoundedIntText(
            value=players, min=1, max=9, description="Players", tooltip="how many seats")
        self.seed = widgets.Text(
            value="" if seed is None else str(seed), description="Shuffle",
            placeholder="any number, or empty", tooltip="the same number deals the same game")
        self.seats = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.deal = widgets.Button(description="Deal", button_style="primary",
                                   tooltip="set up the table with these choices")
        self.message = widgets.HTML()
        self.view: GameView | None = None
        self.area = widgets.Box()
        for control in (self.game, self.players, self.seed, self.deal):
            control.add_class("gl-play-table-control")
        menus = widgets.HBox([self.game, self.players, self.seed, self.deal],
                             layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([menus, self.seats, self.message, self.area])
        self.add_class("gl-play-table")
        self.game.observe(self._game_changed, "value")
        self.players.observe(self._seats_changed, "value")
        self.deal.on_click(lambda _button: self.start())
        self._game_changed()
        self.start()

    def _game_changed(self, _change: Any = None) -> None:
        cls = game_class(self.game.value)
        self.players.min, self.players.max = cls.min_players, cls.max_players
        self.players.value = min(max(self.players.value, cls.min_players), cls.max_players)
        self._seats_changed()

    def _seats_changed(self, _change: Any = None) -> None:
        name = self.game.value
        choices = [PERSON, *bot_names(name)]
        opponent = DEFAULT_BOTS.get(name, "random")
        self.seats.children = [
            widgets.Dropdown(options=choices, value=PERSON if seat == 0 else opponent,
                             description=f"seat {seat}", tooltip=f"who plays seat {seat}",
                             layout=widgets.Layout(width="210px"))
            for seat in range(self.players.value)
        ]

    def start(self) -> GameView | None:
        """Deal a game with the chosen settings and show its view (a bad choice says why)."""
        text = self.seed.value.strip()
        if text and not text.isdigit():
            self.message.value = "<b>Cannot deal:</b> the shuffle must be a whole number, or empty"
            return None
        try:
            seed = int(text) if text else None
            state = goldlab.make(self.game.value, players=self.players.value, seed=seed)
            bots = {seat: menu.value for seat, menu in enumerate(self.seats.children)
                    if menu.value != PERSON}
            people = [seat for seat in range(state.players) if seat not in bots]
            view = GameView(state, seat=people[0] if len(people) == 1 else EVERYTHING, bots=bots)
        except (GoldlabError, ValueError) as exc:
            self.message.value = f"<b>Cannot deal:</b> {escape(str(exc))}"
            return None
        self.message.value = ""
        self.view = view
        self.area.children = [view]
        return view


def play_table(game: str = "gold", players: int = 2, seed: int | None = None) -> PlayTable:
    """A play table: menus for the game, the players and the bots, and the game below."""
    return PlayTable(game, players, seed)
