"""The game protocol shared by every goldlab game: game, state, actions, events, records."""

from goldlab.core.errors import (
    GoldlabError,
    IllegalActionError,
    InvalidActionError,
    OptionsError,
    RecordError,
    UndoError,
)
from goldlab.core.game import Game
from goldlab.core.options import GameOptions, plain_option, ruling_option
from goldlab.core.record import Record, load_record
from goldlab.core.registry import (
    game,
    game_class,
    make,
    make_game,
    names,
    parse_action,
    register,
)
from goldlab.core.state import CHANCE, TERMINAL, Outcome, State, Step
from goldlab.core.values import Action, ChanceOutcome, Event

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ChanceOutcome",
    "Event",
    "Game",
    "GameOptions",
    "GoldlabError",
    "IllegalActionError",
    "InvalidActionError",
    "OptionsError",
    "Outcome",
    "Record",
    "RecordError",
    "State",
    "Step",
    "UndoError",
    "game",
    "game_class",
    "load_record",
    "make",
    "make_game",
    "names",
    "parse_action",
    "plain_option",
    "register",
    "ruling_option",
]
