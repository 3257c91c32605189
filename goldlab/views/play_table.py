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
from goldlab.bots import default_opponent, strength
from goldlab.core.errors import GoldlabError
from goldlab.core.registry import game_class
from goldlab.views.game_view import EVERYTHING, GameView
from goldlab.views.table import PERSON, Table, seat_choices


class SeatMenu(widgets.VBox):  # type: ignore[misc]
    """Who plays one seat: a person or any bot of the game (described in the tooltip and
    under the menu), and for a bot that takes a number (``ismcts``) a strength menu."""

    def __init__(self, game: str, seat: int, value: str) -> None:
        self.game, self.seat = game, seat
        self.choices = {c["value"]: c for c in seat_choices(game)}
        self.who = widgets.Dropdown(
            options=list(self.choices), value=value.partition(":")[0],
            description=f"seat {seat}", layout=widgets.Layout(width="210px"))
        self.strength = widgets.Dropdown(description="strength",
                                         layout=widgets.Layout(width="250px"))
        self.about = widgets.HTML(layout=widgets.Layout(width="250px"))
        self.who.add_class("gl-seat-who")
        self.strength.add_class("gl-seat-strength-menu")
        self.about.add_class("gl-seat-about")
        super().__init__([self.who, self.strength, self.about],
                         layout=widgets.Layout(margin="0 12px 6px 0"))
        self.add_class("gl-play-seat")
        self.who.observe(self.show_choice, "value")
        self.show_choice(spec=value)

    def show_choice(self, _change: Any = None, spec: str = "") -> None:
        """Show the bot chosen (its description, its strength menu set to ``spec``'s)."""
        name = self.who.value
        choice = self.choices[name]
        self.who.tooltip = f"who plays seat {self.seat}: {choice['title']}"
        self.about.value = (f'<div class="gl-seat-about-text" style="line-height:1.3;'
                            f'font-size:12px">{escape(choice["title"])}</div>')
        control = strength(self.game, name)
        if control is None:
            self.strength.layout.display = "none"
            self.strength.options = []
            return
        options = control.options(spec if spec.partition(":")[0] == name else "")
        self.strength.options = [(o["label"], o["value"]) for o in options]
        self.strength.value = spec if spec.partition(":")[0] == name else control.default
        self.strength.tooltip = f"{name}: {control.meaning}"
        self.strength.layout.display = ""

    @property
    def spec(self) -> str:
        """The chosen spec: ``"person"``, ``"greedy"``, ``"ismcts:200"``…"""
        if self.strength.layout.display != "none" and self.strength.value:
            return str(self.strength.value)
        return str(self.who.value)


class PlayTable(widgets.VBox):  # type: ignore[misc]
    """Menus for the game, the players and who plays each seat, and the game's view below.

    The menus set up the next **Deal**; during a game the view's own seat menus change a
    seat from its next decision on.
    """

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
        opponent = default_opponent(name)  # the game's bots module says which
        old = {menu.seat: menu.spec for menu in self.seats.children if menu.game == name}
        self.seats.children = [
            SeatMenu(name, seat, old.get(seat, PERSON if seat == 0 else opponent))
            for seat in range(self.players.value)
        ]

    def set_seat(self, seat: int, spec: str) -> None:
        """Choose who plays ``seat`` at the next deal, as the menus would (``"ismcts:1000"``)."""
        menu: SeatMenu = self.seats.children[seat]
        name = spec.partition(":")[0]
        if name not in menu.choices:
            raise ValueError(f"no {name!r} for {self.game.value}; choose one of "
                             f"{', '.join(menu.choices)}")
        menu.who.value = name
        menu.show_choice(spec=spec)

    def start(self) -> GameView | None:
        """Deal a game with the chosen settings and show its view (a bad choice says why)."""
        text = self.seed.value.strip()
        if text and not text.isdigit():
            self.message.value = "<b>Cannot deal:</b> the shuffle must be a whole number, or empty"
            return None
        try:
            seed = int(text) if text else None
            state = goldlab.make(self.game.value, players=self.players.value, seed=seed)
            bots = {seat: menu.spec for seat, menu in enumerate(self.seats.children)
                    if menu.spec != PERSON}
            table = Table(state, bots=bots)  # a bad spec is refused here, before anything shows
            people = [seat for seat in range(state.players) if seat not in bots]
            view = GameView(table, seat=people[0] if len(people) == 1 else EVERYTHING,
                            play_bots=False)
        except (GoldlabError, ValueError) as exc:
            self.message.value = f"<b>Cannot deal:</b> {escape(str(exc))}"
            return None
        self.message.value = ""
        self.view = view
        self.area.children = [view]
        view.observe(self._hold_deal, "thinking")
        view.let_bots_move()  # the view is on the page: a thinking bot says so in it
        return view

    def _hold_deal(self, change: dict[str, Any]) -> None:
        """While a bot of the game on the table thinks, Deal waits (greyed out): a click
        would only be queued behind the search."""
        self.deal.disabled = bool(change["new"])


def play_table(game: str = "gold", players: int = 2, seed: int | None = None) -> PlayTable:
    """A play table: menus for the game, the players and the bots, and the game below."""
    return PlayTable(game, players, seed)
