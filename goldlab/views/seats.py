"""Who plays each seat of a game at a :class:`~goldlab.views.table.Table`: a person, or a bot.

>>> from goldlab.views.seats import Seating, menu_specs
>>> seating = Seating("gold", players=2, seed=1, bots={1: "greedy"})
>>> seating.specs, seating.is_person(0), seating.is_person(1)
({1: 'greedy'}, True, False)
>>> "ismcts:50" in menu_specs("gold")   # what a browser's seat menu may ask for
True

The seat menus' entries (:func:`seat_choices`) and what a browser may pick from them
(:func:`menu_specs`) are worked out here too, from the bots' registry: the views draw
them and never decide which bot exists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from goldlab.bots import Bot, bot_names, describe_bots, make_bot, strength
from goldlab.bots.play import bot_seed
from goldlab.core.state import CHANCE, TERMINAL, State

PERSON = "person"
"""The seat setting for a seat played by a person through a view."""

PERSON_TITLE = "a person plays this seat by clicking in a view"
"""The tooltip of the person entry of a seat menu."""


def seat_choices(game: str) -> list[dict[str, Any]]:
    """Who can play a seat of ``game``: a person and every bot, each with a one-sentence
    description (a tooltip) and, for a bot that takes a number, its strength levels."""
    choices: list[dict[str, Any]] = [{"value": PERSON, "label": PERSON, "title": PERSON_TITLE,
                                      "default": PERSON, "strength": ""}]
    for info in describe_bots(game):
        control = strength(game, info.name)
        choices.append({
            "value": info.name, "label": info.name, "title": info.description.replace("``", ""),
            "default": control.default if control else info.name,
            "strength": control.meaning if control else "",
        })
    return choices


def menu_specs(game: str) -> list[str]:
    """Every spec the seat menus of ``game`` offer: a person, each bot as the menu sends it
    (its default) and each strength level, e.g. ``["person", "random", "ismcts:50", …]``.

    What a browser may ask for: its choices are bounded in cost by construction (no
    ``ismcts:3600s`` from a page).  Python callers may set any spec.
    """
    specs = [PERSON]
    for choice in seat_choices(game):
        specs.append(choice["default"])
        control = strength(game, choice["value"])
        if control is not None:
            specs.extend(control.spec(argument) for _, argument in control.levels)
    return list(dict.fromkeys(specs))


class Seating:
    """The seats of one game: which are played by bots (each bot and the spec it was made
    from, e.g. ``"ismcts:200"``) and which by people (the others)."""

    def __init__(self, game: str, players: int, seed: int,
                 bots: Mapping[int, str | Bot] | None = None) -> None:
        self.game, self.players = game, players
        self._bots: dict[int, Bot] = {}
        self._specs: dict[int, str] = {}
        self._menus: list[dict[str, Any]] | None = None
        self.revision = 0
        """Counts the changes of who sits where: a view redraws its seat menus only then."""
        for seat, bot in (bots or {}).items():
            self.set(seat, bot, seed)

    @property
    def specs(self) -> dict[int, str]:
        """The bot spec of every seat a bot plays (the other seats are people)."""
        return dict(self._specs)

    @property
    def bots(self) -> dict[int, Bot]:
        """The bot of every seat a bot plays (the bots' one game loop takes them so)."""
        return self._bots

    def bot(self, seat: int) -> Bot | None:
        """The bot playing ``seat``, or None for a person."""
        return self._bots.get(seat)

    def spec(self, seat: int) -> str:
        """Who plays ``seat``: the bot's spec, or :data:`PERSON`."""
        return self._specs.get(seat, PERSON)

    def is_person(self, seat: int) -> bool:
        """True if a person (not a bot) plays ``seat``."""
        return seat not in self._bots

    def check(self, seat: object) -> int:
        """``seat`` if it is a seat of the game, else ValueError naming the seats."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0-{self.players - 1}, got {seat!r}")
        return seat

    def set(self, seat: int, who: str | Bot, seed: int) -> None:
        """Let a bot (a spec or a :class:`Bot`) or a person (:data:`PERSON`) play ``seat``;
        a bad spec raises the bots' OptionsError and changes nothing."""
        self.check(seat)
        if who == PERSON:
            self._bots.pop(seat, None)
            self._specs.pop(seat, None)
        elif isinstance(who, str):
            spec = who.strip()
            self._bots[seat] = make_bot(self.game, spec, seat, bot_seed(seed, seat))
            self._specs[seat] = spec
        else:
            self._bots[seat], self._specs[seat] = who, who.name
        self._changed()

    def check_menu_choice(self, seat: int, who: object) -> str:
        """``who`` if a browser's seat menu offers it (:func:`menu_specs`) or it is the
        seat's current spec; anything else raises ValueError naming the choices."""
        self.check(seat)
        allowed = menu_specs(self.game)
        if not isinstance(who, str) or (who not in allowed and who != self.spec(seat)):
            shown = repr(who)[:40] if isinstance(who, str) else type(who).__name__
            raise ValueError(f"{shown} is not on this game's seat menu; choose one of "
                             f"{', '.join(allowed)}")
        return who

    def new_game(self, game: str, players: int, seed: int) -> None:
        """The same bots for a new game (fresh ones from their specs, seeded by ``seed``);
        for another game or number of players, people in every seat."""
        if (game, players) != (self.game, self.players):
            self._bots.clear()
            self._specs.clear()
            self.game, self.players = game, players
        names = bot_names(game)
        for seat, spec in list(self._specs.items()):
            if spec.partition(":")[0] in names:  # else a Bot object of its own kind plays on
                self._bots[seat] = make_bot(game, spec, seat, bot_seed(seed, seat))
        self._changed()

    def menus(self) -> list[dict[str, Any]]:
        """The seat menus' entries (:func:`seat_choices`), read from the bots' registry once
        per game."""
        if self._menus is None:
            self._menus = seat_choices(self.game)
        return self._menus

    def listing(self, names: tuple[str, ...]) -> list[dict[str, Any]]:
        """Each seat: its number, the player's name, who plays it (``value``: the spec, or
        ``"person"``), the bot's name (``bot``) and, for a bot with a strength control, the
        strength menu's entries (``strengths``); what the views' seat menus draw."""
        found = []
        for seat in range(self.players):
            spec = self.spec(seat)
            control = strength(self.game, spec) if spec != PERSON else None
            found.append({"seat": seat, "name": names[seat], "value": spec,
                          "bot": spec.partition(":")[0],
                          "strengths": control.options(spec) if control else []})
        return found

    def status(self, state: State[Any], names: Sequence[str]) -> str:
        """Whose move it is in ``state`` (or who won), with the players' names and, for a
        bot, its spec: "Ann to move", "Bob to move (greedy)", "Game over: Ann wins"."""
        seat = state.current_player
        if seat == TERMINAL:
            outcome = state.outcome()
            if outcome is None:  # pragma: no cover - a finished game has an outcome
                return "Game over"
            winners = " and ".join(names[w] for w in outcome.winners)
            verb = "share the victory" if len(outcome.winners) > 1 else "wins"
            return f"Game over: {winners} {verb}"
        if seat == CHANCE:
            return "Chance is to move: a card or tile is turned up"
        spec = self.spec(seat)
        return f"{names[seat]} to move" + ("" if spec == PERSON else f" ({spec})")

    def _changed(self) -> None:
        self.revision += 1
        self._menus = None
