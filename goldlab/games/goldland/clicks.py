"""What a click on Goldland's table means: target ids, selections, and the action meant.

A player moves by clicking a neighbouring tile (or an exit arrow of the adventurer's
tile), explores by clicking a free space beside the adventurer, turns the drawn tile
with the rotate button and lays it with the place button, acquires by clicking an
alternative of the equipment line, discards by clicking a group of articles in the
backpack before moving, and exchanges discovery tokens by clicking an article of the
stock (or its "use" button, to keep the article out of the backpack for the next
payment).  The small steps of a turn (end move, dig, camp, explore, pass, end turn)
are buttons of an action bar inside the board.

Target ids (every one carried by a ``data-target`` in :meth:`GoldlandPresenter.board_html`):

=====================  ==========================================================
``cell:r,c``           a space of the grid: move there (a neighbour), explore there
                       (a free space beside the adventurer), end the movement (the
                       adventurer's own tile), or lay/turn the drawn tile
``exit:N`` (E, S, W)   the exit arrows of the adventurer's tile: move that way
``pawn``               the adventurer of the player to move: end the movement here
``move:N:plain``       the variants of a step into one's own camp's adventure tile:
``move:N:survive``     walk in through the camp, or survive the adventure again
``pack:3``             the backpack's guns (article index): discard one, or during an
                       ordeal add one to the payment
``unpay:3``            take a gun back out of the ordeal's payment
``stock:3``            exchange discovery tokens for a gun from the stock (into the
                       backpack; held for immediate use when it is full)
``stock-use:3``        exchange discovery tokens for a gun to use at once: held outside
                       the backpack for the next payment (``exchange 2 tokens for gun to use``)
``acquire:<kit>``      take that part of the equipment line (``acquire:2 timbers``)
``rotate`` ``place``   turn the drawn tile a quarter clockwise / lay it
``endmove`` ``dig`` ``camp`` ``camp:r,c`` ``explore`` ``pass`` ``endturn``
=====================  ==========================================================

Selections (opaque to the view): ``move:N`` (choosing between walking in through one's
camp and surviving again), ``ordeal:N:<kit>`` (the articles chosen so far for an ordeal
to the north, articles held from an exchange already in it) and ``place:r,c:90`` (where
the drawn tile lies in preview and how it is turned).  Clicking the selected tile again
clears a move or ordeal selection; clicking the previewed tile turns it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from goldlab.core.presentation import (
    Click,
    Play,
    Refuse,
    Select,
)
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.goldland import exploration
from goldlab.games.goldland.actions import (
    STEP_ORDEAL,
    STEP_SURVIVE,
    Acquire,
    Camp,
    Dig,
    Discard,
    EndMove,
    EndTurn,
    Exchange,
    Explore,
    LayCoast,
    Move,
    Pass,
    Place,
)
from goldlab.games.goldland.articles import (
    N_ARTICLES,
    OBJECTS,
    ORDEAL_COST,
    Kit,
    article_name,
    parse_kit,
)
from goldlab.games.goldland.board import (
    NEIGHBOUR,
    cell_name,
    opposite,
    parse_cell,
)
from goldlab.games.goldland.events import (
    EXPLORE,
    MOVE,
    ORDEAL,
    PLAY,
    TOKENS,
)
from goldlab.games.goldland.phases import PLACE, TURN
from goldlab.games.goldland.rulebook import CHANCE, FINAL_SCORING
from goldlab.games.goldland.state import GoldlandState
from goldlab.games.goldland.tiles import ADVENTURE_NAMES, Tile

DIRECTIONS = "NESW"
DIRECTION_WORDS = ("north", "east", "south", "west")


def cell_target(c: int) -> str:
    """The target id of a space of the grid."""
    return f"cell:{cell_name(c)}"


def acquire_target(articles: Kit) -> str:
    """The target id of one choice of the equipment line."""
    return f"acquire:{articles}"


@dataclass(frozen=True, slots=True)
class Pick:
    """A parsed selection: nothing, a step's variants, an ordeal's payment, a preview."""

    kind: str = ""
    direction: int = -1
    payment: tuple[int, ...] = (0,) * N_ARTICLES
    at: int = -1
    rotation: int = 0

    def text(self) -> str:
        """The selection string of this pick."""
        if self.kind == "move":
            return f"move:{DIRECTIONS[self.direction]}"
        if self.kind == "ordeal":
            return f"ordeal:{DIRECTIONS[self.direction]}:{Kit.from_counts(self.payment)}"
        if self.kind == "place":
            return f"place:{cell_name(self.at)}:{self.rotation}"
        return ""


NOTHING = Pick()
"""No selection."""


def targets(state: State[Any], seat: int | None,
            selection: str = "") -> dict[str, Action | None]:
    """Every target the player to move may click now, with the legal action it plays."""
    gl = goldland_state(state)
    mover = mover_of(gl, seat)
    if mover is None:
        return {}
    pick = parse_selection(gl, mover, selection)
    if gl.phase == PLACE:
        return _place_targets(gl, pick)
    out = _top_targets(gl, mover)
    if pick.kind == "move":
        for m in variants(gl, pick.direction):
            out[variant_target(m)] = m
    elif pick.kind == "ordeal":
        out = {k: v for k, v in out.items() if not k.startswith("pack:")}
        out.update(_payment_targets(gl, mover, pick))
    return out


def click(state: State[Any], seat: int | None, target: str,
          selection: str = "") -> Click:
    """What a click on ``target`` means now: the action meant, a selection or a refusal."""
    gl = goldland_state(state)
    if gl.is_terminal():
        return Refuse(FINAL_SCORING, "the game is over")
    to_move = gl.current_player
    if to_move < 0:
        return Refuse(CHANCE, "chance moves next: a tile is being dealt")
    if seat is not None and seat != to_move:
        return Refuse(PLAY, f"it is seat {to_move}'s turn: play continues in clockwise order")
    pick = parse_selection(gl, to_move, selection)
    kind, _, arg = target.partition(":")
    if gl.phase == PLACE:
        return _click_place(gl, to_move, pick, kind, arg)
    if pick.kind == "ordeal" and kind in ("pack", "unpay"):
        return _click_payment(gl, to_move, pick, kind, arg)
    if pick.kind in ("move", "ordeal") and target in direction_targets(gl, to_move,
                                                                        pick.direction):
        return Select("", "")
    if kind == "cell":
        at = _cell_arg(arg)
        if at < 0:
            return _unknown(target)
        return _click_cell(gl, to_move, at)
    if kind == "exit" and arg in tuple(DIRECTIONS):
        return _click_direction(gl, to_move, DIRECTIONS.index(arg))
    if kind in ("rotate", "place") and not arg:
        return Refuse(EXPLORE, "there is no drawn tile to place: explore first")
    if kind == "unpay":
        return Refuse(ORDEAL, "no ordeal is being paid: click a tile beyond an unconnected "
                              "edge first")
    action = _simple_action(gl, kind, arg)
    if action is None:
        return _unknown(target)
    return Play(action)


def target_of(action: Action) -> str | None:
    """Where a replayed action is drawn: the tile laid, the button pressed, the way the
    adventurer went."""
    if isinstance(action, Move):
        return f"exit:{DIRECTIONS[action.direction]}"
    if isinstance(action, Place):
        return cell_target(action.at)
    if isinstance(action, Explore):
        return "explore" if action.at < 0 else cell_target(action.at)
    if isinstance(action, LayCoast):
        return cell_target(action.at)
    if isinstance(action, EndMove):
        return "endmove"
    return _button_target(action)



# ==================================================================== helpers: reading
def goldland_state(state: State[Any]) -> GoldlandState:
    """``state`` as a Goldland position (TypeError for another game's)."""
    if not isinstance(state, GoldlandState):
        raise TypeError(f"a Goldland presenter shows Goldland positions, not {state!r}")
    return state


def mover_of(state: GoldlandState, seat: int | None) -> int | None:
    """The seat that may click now (``seat`` None: whoever is to move), or None."""
    to_move = state.current_player
    if to_move < 0 or (seat is not None and seat != to_move):
        return None
    return to_move


def labeller(players: int, names: Sequence[str]) -> Callable[[int], str]:
    """Seat -> its name (``names`` when given, else "seat N")."""

    def label(seat: int) -> str:
        return names[seat] if seat < len(names) and names[seat] else f"seat {seat}"

    return label


def _cell_arg(text: str) -> int:
    try:
        return parse_cell(text)
    except ValueError:
        return -1


def _unknown(target: str) -> Refuse:
    return Refuse(PLAY, f"{target!r} is not something to click in Goldland")


def direction_of(origin: int, to: int) -> int:
    """The direction (0-3 = N, E, S, W) from ``origin`` to its neighbour ``to``, or -1."""
    for d in range(4):
        if NEIGHBOUR[origin][d] == to:
            return d
    return -1


def parse_selection(state: GoldlandState, mover: int, selection: str) -> Pick:
    """The selection, if it still makes sense in this position; else nothing (or a preview)."""
    parts = selection.split(":")
    if state.phase == PLACE:
        places = exploration.placements(state, mover)
        if len(parts) == 3 and parts[0] == "place":
            at = _cell_arg(parts[1])
            if at in places and parts[2] in ("0", "90", "180", "270"):
                return Pick("place", at=at, rotation=int(parts[2]))
        return Pick("place", at=places[0] if places else -1)
    if state.phase != TURN or len(parts) < 2 or parts[1] not in tuple(DIRECTIONS):
        return NOTHING
    d = DIRECTIONS.index(parts[1])
    steps = variants(state, d)
    if parts[0] == "move" and len(parts) == 2:
        if len(steps) > 1 and all(m.mode != STEP_ORDEAL for m in steps):
            return Pick("move", d)
        return NOTHING
    if parts[0] == "ordeal" and len(parts) == 3:
        try:
            paid = parse_kit(parts[2]).counts[:N_ARTICLES]
        except ValueError:
            return NOTHING
        hand, pack = state.hand, state.packs[mover]
        fits = all(hand[a] <= paid[a] <= hand[a] + pack[a] for a in range(N_ARTICLES))
        if fits and sum(paid) < ORDEAL_COST and any(m.mode == STEP_ORDEAL for m in steps):
            return Pick("ordeal", d, tuple(paid))
    return NOTHING


def variants(state: GoldlandState, direction: int) -> list[Move]:
    """The legal steps in ``direction`` (plain, survive, or one per ordeal payment)."""
    return [a for a in state.legal_actions() if isinstance(a, Move) and a.direction == direction]


def variant_target(move: Move) -> str:
    """The target id of a step's variant button (``move:N:plain``, ``move:N:survive``)."""
    return f"move:{DIRECTIONS[move.direction]}:{move.mode or 'plain'}"


def direction_targets(state: GoldlandState, mover: int, direction: int) -> tuple[str, ...]:
    """The targets that mean a step in ``direction``: the exit arrow and the neighbour."""
    to = NEIGHBOUR[state.pos[mover]][direction]
    if to < 0:
        return (f"exit:{DIRECTIONS[direction]}",)
    return (f"exit:{DIRECTIONS[direction]}", cell_target(to))


def _simple_action(state: GoldlandState, kind: str, arg: str) -> Action | None:
    """The action of a button or panel target (the same in every phase)."""
    if not arg:
        plain: dict[str, Action] = {
            "endmove": EndMove(), "pawn": EndMove(), "dig": Dig(), "camp": Camp(),
            "explore": Explore(), "pass": Pass(), "endturn": EndTurn(),
        }
        return plain.get(kind)
    try:
        if kind == "camp":
            return Camp(parse_cell(arg))
        if kind == "acquire":
            return Acquire(parse_kit(arg))
        if kind in ("pack", "stock", "stock-use") and arg.isdigit() and int(arg) < len(OBJECTS):
            a = int(arg)
            if kind == "pack":
                return Discard(a)
            return Exchange(a, state.rate, use=kind == "stock-use")
        if kind == "move":
            letter, _, mode = arg.partition(":")
            if letter in tuple(DIRECTIONS) and mode in ("plain", STEP_SURVIVE):
                d = DIRECTIONS.index(letter)
                return Move(d, STEP_SURVIVE) if mode == STEP_SURVIVE else Move(d)
    except ValueError:
        return None
    return None


# ==================================================================== helpers: clicks
def _top_targets(state: GoldlandState, mover: int) -> dict[str, Action | None]:
    """The targets of a turn with nothing selected, from the legal actions."""
    out: dict[str, Action | None] = {}
    pos = state.pos[mover]
    moves: dict[int, list[Move]] = {}
    for action in state.legal_actions():
        if isinstance(action, Move):
            moves.setdefault(action.direction, []).append(action)
        elif isinstance(action, Explore):
            if action.at >= 0:
                out[cell_target(action.at)] = action
            else:
                out["explore"] = action
                for c in exploration.spaces(state, mover):
                    out[cell_target(c)] = action
        elif isinstance(action, EndMove):
            out["endmove"] = out[cell_target(pos)] = action  # ("pawn" is read as it too)
        else:
            target = _button_target(action)
            if target is not None:
                out[target] = action
    for d, steps in moves.items():
        value: Action | None = steps[0] if len(steps) == 1 else None
        for target in direction_targets(state, mover, d):
            out[target] = value
    return out


def _button_target(action: Action) -> str | None:
    if isinstance(action, Camp):
        return "camp" if action.source < 0 else f"camp:{cell_name(action.source)}"
    if isinstance(action, Acquire):
        return acquire_target(action.articles)
    if isinstance(action, Discard):
        return f"pack:{action.article}"
    if isinstance(action, Exchange):
        return f"stock-use:{action.article}" if action.use else f"stock:{action.article}"
    simple = {Dig: "dig", Pass: "pass", EndTurn: "endturn"}
    return simple.get(type(action))


def _click_cell(state: GoldlandState, mover: int, at: int) -> Click:
    pos = state.pos[mover]
    if at == pos:
        return Play(EndMove())
    d = direction_of(pos, at)
    if state.board[at] >= 0:
        if d >= 0:
            return _click_direction(state, mover, d)
        return Refuse(MOVE, "each terrain tile equals one space of movement: click a tile next "
                            "to your adventurer, one step at a time")
    if state.options.beginners_grid:
        return Play(Explore(at))
    if d >= 0:
        return Play(Explore())
    return Refuse(EXPLORE, "a new tile can only be positioned next to the adventurer's tile")


def _click_direction(state: GoldlandState, mover: int, d: int) -> Click:
    steps = variants(state, d)
    if len(steps) == 1:
        return Play(steps[0])
    if not steps:
        return Play(Move(d))
    word = DIRECTION_WORDS[d]
    if any(m.mode == STEP_ORDEAL for m in steps):
        tile = state.tile_at(NEIGHBOUR[state.pos[mover]][d])
        pick = Pick("ordeal", d, tuple(state.hand))
        return Select(pick.text(), ordeal_hint(state, pick, tile))
    return Select(f"move:{DIRECTIONS[d]}",
                  f"Into your camp's tile to the {word}: walk in through your camp, or survive "
                  "the adventure again (and put another camp)")


def ordeal_hint(state: GoldlandState, pick: Pick, tile: Tile | None) -> str:
    """What to click next while paying an ordeal."""
    chosen = sum(pick.payment)
    text = (f"Ordeal to the {DIRECTION_WORDS[pick.direction]}: click {ORDEAL_COST} articles of "
            f"equipment in the backpack ({chosen} of {ORDEAL_COST} chosen")
    if chosen:
        text += f": {Kit.from_counts(pick.payment)}"
    text += ")"
    if tile is not None and tile.adventure is not None:
        text += f"; the {ADVENTURE_NAMES[tile.adventure]} asks for its red {tile.cost}"
    return text


def _ordeal_kits(state: GoldlandState, direction: int) -> list[tuple[int, ...]]:
    return [m.payment.counts[:N_ARTICLES] for m in variants(state, direction)
            if m.mode == STEP_ORDEAL]


def _payment_targets(state: GoldlandState, mover: int,
                     pick: Pick) -> dict[str, Action | None]:
    out: dict[str, Action | None] = {}
    kits = _ordeal_kits(state, pick.direction)
    paid = pick.payment
    for a in range(N_ARTICLES):
        more = tuple(n + (1 if i == a else 0) for i, n in enumerate(paid))
        if any(all(x <= y for x, y in zip(more, k, strict=True)) for k in kits):
            done = sum(more) == ORDEAL_COST
            out[f"pack:{a}"] = (Move(pick.direction, STEP_ORDEAL, Kit.from_counts(more))
                                if done else None)
        if paid[a] > state.hand[a]:
            out[f"unpay:{a}"] = None
    return out


def _click_payment(state: GoldlandState, mover: int, pick: Pick, kind: str,
                   arg: str) -> Click:
    if not arg.isdigit() or int(arg) >= len(OBJECTS):
        return _unknown(f"{kind}:{arg}")
    a = int(arg)
    paid = list(pick.payment)
    tile = state.tile_at(NEIGHBOUR[state.pos[mover]][pick.direction])
    if kind == "unpay":
        if a >= N_ARTICLES or paid[a] == 0:
            return Refuse(ORDEAL, f"there is no {article_name(a)} in the payment")
        if paid[a] <= state.hand[a]:
            return Refuse(TOKENS, "the articles held from an exchange must be used at "
                                  "once, in this payment")
        paid[a] -= 1
        back = Pick("ordeal", pick.direction, tuple(paid))
        return Select(back.text(), ordeal_hint(state, back, tile))
    if a >= N_ARTICLES:
        return Refuse(ORDEAL, "The 4 objects that you're required to use for a ordeal must be "
                              "articles of equipment. Amulets and treasure are not equipment.")
    paid[a] += 1
    if paid[a] > state.hand[a] + state.packs[mover][a]:
        return Refuse(ORDEAL, f"you have no more {article_name(a, 2)} to use")
    payment = Kit.from_counts(paid)
    if sum(paid) == ORDEAL_COST:
        return Play(Move(pick.direction, STEP_ORDEAL, payment))
    kits = _ordeal_kits(state, pick.direction)
    if not any(all(x <= y for x, y in zip(paid, k, strict=True)) for k in kits):
        cost = tile.cost if tile is not None else payment
        return Refuse(ORDEAL, "to enter a tile with an adventure through an ordeal, you must use "
                              f"the same type of articles required to survive it ({cost}); "
                              f"{payment} leaves no room for them")
    more = Pick("ordeal", pick.direction, tuple(paid))
    return Select(more.text(), ordeal_hint(state, more, tile))


def _place_targets(state: GoldlandState, pick: Pick) -> dict[str, Action | None]:
    out: dict[str, Action | None] = {}
    for c in exploration.placements(state, state.turn):
        out[cell_target(c)] = None
    if pick.at >= 0:
        out["rotate"] = None
        out["place"] = Place(pick.at, pick.rotation)
    return out


def place_hint(state: GoldlandState, pick: Pick) -> str:
    """Where the drawn tile lies in preview, turned how, and whether its path meets."""
    tile = state.tiles[state.drawn]
    exits = tile.exits_at(pick.rotation // 90)
    pos = state.pos[state.turn]
    d = direction_of(pick.at, pos)
    joined = d >= 0 and bool(exits >> d & 1 and state.exits_at(pos) >> opposite(d) & 1)
    link = "its path meets your tile" if joined else "its path does not meet your tile"
    beside = (f" to the {DIRECTION_WORDS[opposite(d)]} of your adventurer" if d >= 0
              else "")
    return (f"{tile.name}{beside}, turned {pick.rotation}\u00b0 "
            f"({link}): \u201c\u21bb Turn it\u201d (or a click on it) turns it, "
            "\u201c\u2713 Lay it here\u201d lays it, another free space moves it")


def _click_place(state: GoldlandState, mover: int, pick: Pick, kind: str, arg: str) -> Click:
    places = exploration.placements(state, mover)
    if kind == "rotate" and not arg:
        turned = Pick("place", at=pick.at, rotation=(pick.rotation + 90) % 360)
        return Select(turned.text(), place_hint(state, turned))
    if kind == "place" and not arg:
        return Play(Place(pick.at, pick.rotation))
    if kind == "cell":
        at = _cell_arg(arg)
        if at < 0:
            return _unknown(f"cell:{arg}")
        if at not in places:
            return Play(Place(at, pick.rotation))
        rotation = (pick.rotation + 90) % 360 if at == pick.at else pick.rotation
        moved = Pick("place", at=at, rotation=rotation)
        return Select(moved.text(), place_hint(state, moved))
    if kind == "exit" and arg in tuple(DIRECTIONS):
        return Play(Move(DIRECTIONS.index(arg)))
    action = _simple_action(state, kind, arg)
    if action is None:
        return _unknown(f"{kind}:{arg}" if arg else kind)
    return Play(action)


