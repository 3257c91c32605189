"""What a click on Mount Goldrush's table means: target ids and the action meant.

Target ids: ``grid:<position>`` (0-63) for every place on the table, whatever
lies there; a click always means ``flip <position>`` and the state decides (an
empty place or a card already face up is refused with the rule).  At a chance
step (``auto_chance=False``) the teacher's seat also gets ``reveal:<card>``
(e.g. ``reveal:gold:3``): chance's answer to "what is the card just flipped?".
"""

from __future__ import annotations

from typing import Any

from goldlab.core.presentation import Click, Play, Refuse
from goldlab.core.state import CHANCE as CHANCE_SEAT
from goldlab.core.state import TERMINAL, State
from goldlab.core.values import Action
from goldlab.games.goldrush.actions import FLIPS, Flip, Reveal
from goldlab.games.goldrush.cards import TABLE_SIZE, card
from goldlab.games.goldrush.events import HOW_TO_PLAY
from goldlab.games.goldrush.rulebook import CHANCE
from goldlab.games.goldrush.state import GoldrushState

GRID_TARGET = "grid:"
REVEAL_TARGET = "reveal:"
TARGETS: tuple[str, ...] = tuple(f"{GRID_TARGET}{p}" for p in range(TABLE_SIZE))
"""The target id of each place on the table, by position."""


def goldrush_state(state: State[Any]) -> GoldrushState:
    """``state`` as a Mount Goldrush state (a presenter is given no other game's)."""
    if not isinstance(state, GoldrushState):
        raise TypeError(f"a Mount Goldrush presenter needs a Mount Goldrush state, not {state!r}")
    return state


def targets(state: State[Any], seat: int | None,
            selection: str = "") -> dict[str, Action | None]:
    """``grid:<p>`` for every card the seat to move may flip (chance: ``reveal:<card>``)."""
    s = goldrush_state(state)
    to_move = s.current_player
    if to_move == TERMINAL:
        return {}
    if to_move == CHANCE_SEAT:
        if seat is not None:
            return {}
        return {f"{REVEAL_TARGET}{o.card}": o
                for o, _ in s.chance_outcomes() if isinstance(o, Reveal)}
    if seat is not None and seat != to_move:
        return {}
    return {TARGETS[a.position]: a for a in s.legal_actions() if isinstance(a, Flip)}


def click(state: State[Any], seat: int | None, target: str,
          selection: str = "") -> Click:
    """A place on the table means "flip it" (the state refuses what the rules forbid)."""
    s = goldrush_state(state)
    to_move = s.current_player
    if target.startswith(GRID_TARGET):
        number = target[len(GRID_TARGET):]
        if not number.isdigit() or not 0 <= int(number) < TABLE_SIZE:
            return Refuse(HOW_TO_PLAY, f"there is no place {target!r} on the table")
        if seat is not None and to_move >= 0 and seat != to_move:
            return Refuse(HOW_TO_PLAY, f"it is seat {to_move}'s turn to flip, not seat "
                                       f"{seat}'s: each player takes one turn in clockwise "
                                       "order")
        return Play(FLIPS[int(number)])
    if target.startswith(REVEAL_TARGET):
        try:
            revealed = card(target[len(REVEAL_TARGET):])
        except ValueError:
            return Refuse(CHANCE, f"{target!r} names no card of Mount Goldrush")
        if to_move != CHANCE_SEAT:
            return Refuse(CHANCE, "no card is being turned up now: chance decides a card "
                                  "only when someone flips a card nobody has seen")
        if seat is not None:
            return Refuse(CHANCE, "chance decides which card lies there, not a player")
        return Play(Reveal(s.pending, revealed))
    return Refuse("", f"{target!r} is not something to click in Mount Goldrush")


def target_of(action: Action) -> str | None:
    """Where a flip (or chance's reveal) happened: its place on the table."""
    if isinstance(action, Flip | Reveal) and 0 <= action.position < TABLE_SIZE:
        return TARGETS[action.position]
    return None
