"""Goldland's steps in the players' words: "Bernd lays the Lighthouse Point tile west of the
start", "Ann steps north onto the Outlaw Camp", "Bob takes 2 timbers from the tile's
equipment line".

The notation (``place 6,5 rot 90``) stays the actions' and events' ``str``; these sentences
are what the view's log, move list and inspector say.  Goldland hides nothing a player has
seen, so every step is said in full.  A tile is named by its name, a space by where it
lies from the start tile ("2 north and 1 west of the start").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from goldlab.core.presentation import Told
from goldlab.core.state import Step
from goldlab.core.values import Action, Event
from goldlab.games.goldland.actions import (
    STEP_ORDEAL,
    STEP_SURVIVE,
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
from goldlab.games.goldland.articles import article_name
from goldlab.games.goldland.board import GOAL, SIZE, START, row_col
from goldlab.games.goldland.events import (
    Acquired,
    AdventureSurvived,
    AmuletIncome,
    AmuletMissed,
    AmuletTaken,
    BonusRemoved,
    CampPassage,
    CampPlaced,
    CoastLaid,
    Discarded,
    Exchanged,
    GameEndTriggered,
    GameOver,
    HandUsed,
    MarkerTaken,
    MovementEnded,
    MovementStarted,
    OrdealCompleted,
    Passed,
    Stepped,
    TableSet,
    TempleFound,
    TileDrawn,
    TilePlaced,
    TokenGained,
    TreasureDug,
    TreasurePlaced,
    TurnCapReached,
    TurnStarted,
)
from goldlab.games.goldland.tiles import ADVENTURE_NAMES

DIRECTIONS = ("north", "east", "south", "west")
"""A direction of notation (0-3 = N, E, S, W) as players say it."""

TileName = Callable[[str], str]
"""A tile's id (``C02``) -> its name (``Lighthouse Point``)."""


def space(at: int) -> str:
    """Where a space lies, as players point at it: from the start tile.

    >>> from goldlab.games.goldland.board import cell
    >>> space(cell(6, 5)), space(cell(4, 5)), space(cell(6, 6)), space(cell(0, 0))
    ('west of the start', '2 north and 1 west of the start', 'on the start', 'on the goal space')
    """
    if at == START:
        return "on the start"
    if at == GOAL:
        return "on the goal space"
    (r, c), (r0, c0) = row_col(at), row_col(START)
    parts = []
    for n, word in ((r0 - r, "north"), (r - r0, "south"), (c - c0, "east"), (c0 - c, "west")):
        if n > 0:
            parts.append(word if n == 1 and (r == r0 or c == c0) else f"{n} {word}")
    return f"{' and '.join(parts)} of the start"


def said(step: Step, label: Callable[[int], str], tile: TileName, notation: Told) -> Told:
    """``step`` in the players' words (``label``: a seat's name; ``tile``: a tile's name;
    ``notation``: the step as told, in notation)."""
    main = _main(step.action)
    events = step.events
    lead = next((e for e in events if main is not None and isinstance(e, main)), None)
    who = label(step.actor) if step.actor >= 0 else "chance"
    line = _action(step.action, lead, who, label, tile)
    lines = tuple(_sentence(_event(e, label, tile)) for e in events if e is not lead)
    return Told(_sentence(line), lines, notation.rules, notation.concealed, notation.action)


def said_events(events: Sequence[Event], label: Callable[[int], str],
                tile: TileName) -> list[str]:
    """Events outside a step (the set-up's) in the players' words."""
    return [_sentence(_event(e, label, tile)) for e in events]


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _kit(kit: object) -> str:
    """Articles as players say them: "a spade", "2 ropes and a pearl"."""
    parts = [p if p[:1].isdigit() or p == "nothing" else f"a {p}" for p in str(kit).split(" + ")]
    return " and ".join(parts)


def _adv(key: str) -> str:
    return ADVENTURE_NAMES.get(key, key.capitalize())


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _main(action: Action) -> type[Event] | None:
    """The event that says again what ``action`` did (said once, in the action's line)."""
    kinds: dict[type[Action], type[Event]] = {
        Discard: Discarded, Move: Stepped, EndMove: MovementEnded, Camp: CampPlaced,
        Dig: TreasureDug, Acquire: Acquired, Exchange: Exchanged, Explore: TileDrawn,
        Place: TilePlaced, Pass: Passed, DrawTile: TileDrawn, LayCoast: CoastLaid,
    }
    return kinds.get(type(action))


def _action(action: Action, lead: Event | None, who: str, label: Callable[[int], str],
            tile: TileName) -> str:
    """The action as a sentence, with what its main event adds (``lead``)."""
    if lead is not None and not isinstance(action, Move | Explore):
        return _event(lead, label, tile)
    match action:
        case Move(direction=d, mode=mode, payment=payment):
            onto = f" onto the {tile(lead.tile)}" if isinstance(lead, Stepped) else ""
            text = f"{who} steps {DIRECTIONS[d]}{onto}"
            if mode == STEP_SURVIVE:
                return f"{text}, surviving the adventure again through the own camp"
            if mode == STEP_ORDEAL:
                return f"{text} by an ordeal, using {_kit(payment)}"
            return text
        case Explore(at=at):
            drawn = f" and draws the {tile(lead.tile)} tile" if isinstance(lead, TileDrawn) \
                else ""
            if at >= 0:
                return f"{who} explores: turns up the tile {space(at)}{drawn}"
            return f"{who} explores: takes a tile from the face-down stack{drawn}"
        case Exchange(article=article, tokens=tokens, use=use):
            held = " to use at once" if use else ""
            return f"{who} gives {tokens} discovery tokens for a {article_name(article)}{held}"
        case Discard(article=article):
            return f"{who} puts a {article_name(article)} back in the stock"
        case EndMove():
            return f"{who} ends the move"
        case Camp(source=source):
            moved = "" if source < 0 else f", moving it from {space(source)}"
            return f"{who} pitches a camp{moved}"
        case Dig():
            return f"{who} digs up the treasure"
        case Acquire(articles=kit):
            return f"{who} takes {_kit(kit)} from the tile's equipment line"
        case Place(at=at):
            return f"{who} lays the tile {space(at)}"
        case Pass():
            return f"{who} passes"
        case EndTurn():
            return f"{who} ends the turn"
        case DrawTile(tile=t):
            return f"the stack gives the {tile(t)} tile"
        case LayCoast(tile=t, at=at):
            return f"the {tile(t)} tile is laid {space(at)}"
    return str(action)  # pragma: no cover - Goldland has no other actions


def _event(event: Event, label: Callable[[int], str], tile: TileName) -> str:
    """One event as a sentence with the players' names."""
    for say in (_table_event, _movement_event, _action_event):
        said = say(event, label, tile)
        if said is not None:
            return said
    return _plain(event, label)  # pragma: no cover - every event of Goldland is said above


def _table_event(event: Event, label: Callable[[int], str], tile: TileName) -> str | None:
    """The set-up, the turns and rounds, the end of the game."""
    match event:
        case CoastLaid(tile=t, at=at):
            return f"the {tile(t)} tile is laid {space(at)}"
        case TableSet(players=n, amulets=amulets, bonus=bonus, reserve=reserve):
            return (f"the table is set for {n} players: {amulets} amulets, {bonus} gold on the "
                    f"bonus field and {reserve} on the reserve field; everyone starts on the "
                    "start tile with 3 provisions and 2 pearls")
        case TurnStarted(seat=seat, round=rnd, allowance=allowance):
            return f"round {rnd}: {label(seat)}'s turn (may move {_n(allowance, 'space')})"
        case BonusRemoved(gold=gold):
            return f"the {gold} gold left on the bonus field go back to the box"
        case AmuletIncome(seat=seat, source=source):
            return f"{label(seat)}'s amulet brings 1 gold from the {source}"
        case GameEndTriggered(reason=reason):
            return f"{reason}: the round is played to the end, then the game ends"
        case TurnCapReached(rounds=rounds):
            return f"the game is stopped after {rounds} rounds (a simulation's cap) and scored"
        case GameOver(scores=scores, winners=winners):
            held = ", ".join(f"{label(s)} {p}" for s, p in enumerate(scores))
            who = " and ".join(label(w) for w in winners)
            verb = "share the victory" if len(winners) > 1 else "wins"
            return f"game over ({held} gold): {who} {verb}"
    return None


def _movement_event(event: Event, label: Callable[[int], str], tile: TileName) -> str | None:
    """The movement phase: discarding, steps, adventures, camps and markers."""
    match event:
        case Discarded(seat=seat, article=article, allowance=allowance):
            return (f"{label(seat)} puts a {article_name(article)} back in the stock "
                    f"(may now move {_n(allowance, 'space')})")
        case MovementStarted(seat=seat, allowance=allowance):
            return f"{label(seat)} may move up to {_n(allowance, 'space')}"
        case Stepped(seat=seat, direction=d, tile=t, step=n, allowance=allowance):
            return (f"{label(seat)} steps {DIRECTIONS[d]} onto the {tile(t)} "
                    f"(space {n} of {allowance})")
        case CampPassage(seat=seat, adventure=adventure):
            return f"{label(seat)} passes the {_adv(adventure)} for free through the own camp"
        case AdventureSurvived(seat=seat, adventure=adventure, paid=paid):
            return f"{label(seat)} survives the {_adv(adventure)}, using {_kit(paid)}"
        case OrdealCompleted(seat=seat, paid=paid, survived=survived):
            extra = f", surviving the {_adv(survived)}" if survived else ""
            return f"{label(seat)} crosses by an ordeal, using {_kit(paid)}{extra}"
        case HandUsed(seat=seat, articles=kit):
            return f"{label(seat)} uses {_kit(kit)} straight from the exchange"
        case MarkerTaken(seat=seat, adventure=adventure, previous=previous, value=value):
            how = "the first to survive it" if previous < 0 else \
                f"more camps there than {label(previous)}"
            return f"{label(seat)} takes the {_adv(adventure)} marker ({value} gold: {how})"
        case CampPlaced(seat=seat, at=at, adventure=adventure, moved_from=moved, left=left):
            if moved >= 0:
                return (f"{label(seat)} moves a camp from {space(moved)} to the {_adv(adventure)} "
                        f"{space(at)}")
            return (f"{label(seat)} pitches a camp on the {_adv(adventure)} {space(at)} "
                    f"({_n(left, 'camp')} left)")
        case MovementEnded(seat=seat, at=at, steps=steps):
            if steps == 0:
                return f"{label(seat)} ends the move without stepping, {space(at)}"
            return f"{label(seat)} ends the move {space(at)} after {_n(steps, 'space')}"
    return None


def _action_event(event: Event, label: Callable[[int], str], tile: TileName) -> str | None:
    """The action phase: equipment, exchanges, exploring, treasures, the temple."""
    match event:
        case Acquired(seat=seat, articles=kit, tile=t):
            return f"{label(seat)} takes {_kit(kit)} from the {tile(t)}'s equipment line"
        case Exchanged(seat=seat, tokens=tokens, article=article, into_hand=hand, to_use=use):
            where = "into the backpack"
            if use:
                where = "to use at once (outside the backpack)"
            elif hand:
                where = "to use at once (the backpack is full)"
            return (f"{label(seat)} gives {tokens} discovery tokens for a "
                    f"{article_name(article)}, {where}")
        case TileDrawn(tile=t, left=left):
            return f"the stack gives the {tile(t)} tile ({left} left face down)"
        case TilePlaced(seat=seat, tile=t, at=at):
            return f"{label(seat)} lays the {tile(t)} tile {space(at)}"
        case TokenGained(seat=seat, why=why, tokens=tokens, got=got):
            if not got:
                return f"no discovery token for {label(seat)} ({why}): the stock is empty"
            return f"{label(seat)} takes a discovery token for {why} (now {tokens})"
        case TreasurePlaced(at=at, got=got):
            if not got:
                return f"no treasure is left in the stock for the field {space(at)}"
            return f"a treasure is put on the treasure field {space(at)}"
        case TempleFound(tile=t):
            return f"the {tile(t)} tile lies on the goal space: the temple is placed beside it"
        case TreasureDug(seat=seat, at=at):
            return f"{label(seat)} digs up the treasure {space(at)} (2 provisions)"
        case AmuletTaken(seat=seat, gold=gold, first=first):
            extra = f" and {gold} gold from the bonus field" if gold else ""
            who = " (the first to reach the temple)" if first else ""
            return f"{label(seat)} takes an amulet{extra}{who}"
        case AmuletMissed(seat=seat):
            return f"{label(seat)} has no free backpack space for the amulet"
        case Passed(seat=seat):
            return f"{label(seat)} passes: no action this turn"
    return None


_SEAT = re.compile(r"\bseat (\d)\b")


def _plain(event: Event, label: Callable[[int], str]) -> str:
    """An event's own text without its kind, the seats named."""
    text = event.describe().split(" ", 1)[-1]
    return _SEAT.sub(lambda m: label(int(m.group(1))), text)


_CELL = re.compile(r"\b(\d),(\d)\b")


def refusal(reason: str, label: Callable[[int], str]) -> str:
    """A refusal in the players' words: seats named, spaces from the start.

    >>> refusal("seat 1 cannot explore 5,6 now", lambda s: ["Bernd", "Claus"][s])
    'Claus cannot explore north of the start now'
    """
    def cell(m: re.Match[str]) -> str:
        r, c = int(m.group(1)), int(m.group(2))
        return space(r * SIZE + c) if r < SIZE and c < SIZE else m.group(0)

    named = _SEAT.sub(lambda m: label(int(m.group(1))), reason)
    return _CELL.sub(cell, named)
