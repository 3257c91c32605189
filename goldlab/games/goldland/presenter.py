"""How Goldland shows itself in a view: its presenter, with the rulebook's words and odds.

The clicks (target ids, selections, the action a click means) are in
:mod:`goldlab.games.goldland.clicks`, the picture of the table in
:mod:`goldlab.games.goldland.picture`; the rulebook's sentences in
:mod:`goldlab.games.goldland.rulebook`.  This module adds what the inspector shows:
exact odds of the next tile, a page per step and the final scoring by source.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from goldlab.core.errors import GoldlabError
from goldlab.core.parts import as_part
from goldlab.core.presentation import (
    Breakdown,
    Click,
    Expectation,
    Odds,
    Page,
    Presenter,
    Quote,
    SaidCache,
    Told,
    Viewer,
)
from goldlab.core.state import State, Step
from goldlab.core.values import Action, Event
from goldlab.games.goldland import clicks, picture
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
from goldlab.games.goldland.articles import (
    AMULET,
    AMULET_GOLD,
    BACKPACK_SPACES,
    TREASURE,
    TREASURE_GOLD,
    Kit,
)
from goldlab.games.goldland.board import (
    cell_name,
)
from goldlab.games.goldland.clicks import goldland_state, labeller
from goldlab.games.goldland.events import (
    ACQUIRE,
    CAMPS,
    END,
    EXPLORE,
    MOVE,
    ORDEAL,
    PLAY,
    SETUP,
    TOKENS,
)
from goldlab.games.goldland.events import (
    TREASURE as TREASURE_RULE,
)
from goldlab.games.goldland.rulebook import QUOTES
from goldlab.games.goldland.state import GoldlandState
from goldlab.games.goldland.tiles import ADVENTURE_NAMES, ADVENTURES
from goldlab.games.goldland.words import refusal, said, said_events

_SAID = SaidCache()
"""The words of steps already said (Goldland hides nothing: they never change)."""


@dataclass(frozen=True)
class GoldlandPresenter(Presenter):
    """Goldland's tiles, backpacks and stock as click targets, with the rulebook's words.

    Goldland hides nothing a player has seen (backpacks, tokens, camps and tiles lie
    open; the face-down stack was never seen), so ``memory`` changes nothing.
    """

    quotes: Mapping[str, Quote] = field(default_factory=lambda: QUOTES)

    # ---------------------------------------------------------------- targets
    def targets(self, state: State[Any], seat: int | None,
                selection: str = "") -> dict[str, Action | None]:
        """Every target the player to move may click now, with the legal action it plays."""
        return clicks.targets(state, seat, selection)

    def click(self, state: State[Any], seat: int | None, target: str,
              selection: str = "") -> Click:
        """What a click on ``target`` means now: the action meant, a selection or a refusal."""
        return clicks.click(state, seat, target, selection)

    def target_of(self, action: Action) -> str | None:
        """Where a replayed action is drawn: the tile laid, the button pressed, the pawn moved."""
        return clicks.target_of(action)

    # ---------------------------------------------------------------- the table
    def board_html(self, state: State[Any], seat: int | None, *, selection: str = "",
                   legal: frozenset[str] = frozenset(), memory: bool = False,
                   names: Sequence[str] = (), now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> str:
        """The grid as tiles with their exits, and the panels, every control a target.

        ``memory`` (and ``now``, ``keep_last_turn``) have no effect: nothing in Goldland
        that a player once saw is hidden later (the backpacks and tiles stay open, the
        face-down stack was never seen).
        """
        gl = goldland_state(state)
        return picture.board_html(gl, seat, selection, legal, names)

    # ---------------------------------------------------------------- odds
    def odds(self, state: State[Any], seat: int, *,
             memory: bool = False) -> list[Odds | Expectation]:
        """What the next tile from the face-down stack brings, from ``seat``'s view alone."""
        view = goldland_state(state).observation(seat)
        face_down = [view.tileset.by_id(t) for t in view.face_down]
        n = len(face_down)
        if n == 0:
            return []
        of_n = f"of the {n} face-down tiles"
        adventures = sum(1 for t in face_down if t.adventure is not None)
        fields = sum(1 for t in face_down if t.treasure_field)
        either = sum(1 for t in face_down if t.adventure is not None or t.treasure_field)
        treasure_note = f"{fields} {of_n} show a treasure field"
        if view.treasure_stock == 0:
            treasure_note += " (but no treasure is left in the stock to put on it)"
        out: list[Odds | Expectation] = [
            Odds("next tile has an adventure or a treasure", Fraction(either, n),
                 f"{either} {of_n}"),
            Odds("next tile has an adventure", Fraction(adventures, n), f"{adventures} {of_n}"
                 + (": every face-down tile with a treasure field has an adventure too"
                    if adventures == either and fields else "")),
            Odds("next tile has a treasure field", Fraction(fields, n), treasure_note),
        ]
        for key in ADVENTURES:
            k = sum(1 for t in face_down if t.adventure == key)
            if k:
                out.append(Odds(f"next tile is a {ADVENTURE_NAMES[key]}", Fraction(k, n),
                                f"{k} {of_n}"))
        return out

    # ---------------------------------------------------------------- parts
    def part_board(self, before: State[Any], step: Step, after: State[Any], part: int,
                   seat: int | None, *, memory: bool = False, names: Sequence[str] = (),
                   now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> tuple[str, str] | None:
        """The end of the game in two parts: the last step, its gold not yet counted (this
        part: the table after it, the step's place lit), then the final scoring (None)."""
        if part != 0 or not after.is_terminal():
            return None
        status = "The game is over; next, each player's gold is counted (final scoring)"
        html = self.board_html(after, seat, memory=memory, names=names, now=now)
        where = self.target_of(step.action)
        return as_part(html, "glg-status", status, () if where is None else (where,)), status

    def odds_method(self, state: State[Any], seat: int, *, memory: bool = False) -> str:
        """How the odds of the next tile are counted, for the panel."""
        n = len(goldland_state(state).observation(seat).face_down)
        if n == 0:
            return ""
        return (f"Counted, not guessed: the {n} face-down tiles are shuffled, so each is as "
                f"likely as any other to come next; a chance is how many of the {n} fit, "
                f"divided by {n}.")

    # ---------------------------------------------------------------- words
    def said_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told_steps` in the players' words ("Bernd lays the Lighthouse Point tile
        west of the start"): tiles by name, spaces from the start, seats by name."""
        gl = goldland_state(now)
        label, tile = labeller(gl.players, names), _tile_names(gl)
        key = (tuple(names), gl.tileset)
        out = []
        for step in steps:
            known = _SAID.get(step, key)
            if known is None:
                known = _SAID.put(step, key, said(step, label, tile,
                                                  Presenter.told(self, now, step, viewer, names)))
            out.append(known)
        return out

    def said_refusal(self, reason: str, names: Sequence[str] = ()) -> str:
        """A refusal with the players' names and spaces said from the start."""
        players = max(len(names), 6)
        return refusal(reason, labeller(players, names))

    def said_events(self, now: State[Any], events: Sequence[Event], viewer: Viewer,
                    names: Sequence[str] = ()) -> list[str]:
        """The set-up's events in the players' words (Goldland hides nothing seen)."""
        gl = goldland_state(now)
        return said_events(events, labeller(gl.players, names), _tile_names(gl))

    # ---------------------------------------------------------------- inspection
    def pages(self, before: State[Any], step: Step, after: State[Any],
              names: Sequence[str] = ()) -> list[Page]:
        """What one step did, event by event with each event's rule, and the final scoring."""
        label = labeller(before.players, names)
        action = step.action
        title = said(step, label, _tile_names(goldland_state(before)), Told(str(action))).action
        rule = _rule_of(action) or (step.events[0].rule if step.events else "")
        items = []
        tile = _tile_names(goldland_state(before))
        for event in step.events:
            (text,) = said_events([event], label, tile)
            items.append(f'<li>{escape(text)} <small class="glg-rule">'
                         f"{escape(event.rule)}</small></li>")
        body = f"<ul>{''.join(items)}</ul>" if items else ""
        if step.actor >= 0:
            body += _changes_table(goldland_state(before), goldland_state(after), step.actor, label)
        pages = [Page(title, rule, body)]
        result = self.breakdown(after, names) if after.is_terminal() else None
        if result is not None:
            html = result.html() + f"<p>{escape(result.verdict)}</p>"
            if result.tiebreak:
                html += f"<p>{escape(result.tiebreak)}</p>"
            pages.append(Page("Final scoring", END, html))
        return pages

    def breakdown(self, state: State[Any], names: Sequence[str] = ()) -> Breakdown | None:
        """Each player's gold by source (pieces, treasures, amulet, markers) and the verdict."""
        gl = goldland_state(state)
        outcome = gl.outcome()
        if outcome is None:
            return None
        label = labeller(gl.players, names)
        rows = []
        for s in range(gl.players):
            pack = gl.packs[s]
            held = [(key, gl.tileset.marker(key))
                    for key, holder in zip(ADVENTURES, gl.markers, strict=True) if holder == s]
            markers = " + ".join(f"{ADVENTURE_NAMES[k]} {v}" for k, v in held)
            if len(held) > 1:
                markers += f" = {sum(v for _, v in held)}"
            rows.append((
                label(s), str(gl.gold[s]),
                f"{pack[TREASURE]} \u00d7 {TREASURE_GOLD} = {pack[TREASURE] * TREASURE_GOLD}",
                str(AMULET_GOLD) if pack[AMULET] else "-",
                markers or "-", str(outcome.scores[s]), str(outcome.ranks[s]),
            ))
        best = max(outcome.scores)
        winners = " and ".join(label(w) for w in outcome.winners)
        if outcome.shared:
            verdict = f"{winners} share the victory with {best} gold"
            tiebreak = ("The rulebook names no tie-break (\u201cThe player with the most gold "
                        "wins.\u201d): tied players share the victory (ruling goldland-ties).")
        else:
            verdict = f"{winners} wins with {best} gold"
            tiebreak = ""
        if gl.capped:
            verdict += f" (the game was stopped by the turn cap after {gl.round} rounds)"
        headers = ("player", "gold pieces", "treasures", "amulet", "adventure markers",
                   "gold", "rank")
        return Breakdown(headers, tuple(rows), verdict, tiebreak, END)


# ==================================================================== helpers: pages
def _tile_names(state: GoldlandState) -> Callable[[str], str]:
    """A tile's id -> its name in the game's tile set (the id, for an id it does not hold)."""
    tileset = state.tileset

    def tile(tile_id: str) -> str:
        try:
            return tileset.by_id(tile_id).name
        except GoldlabError:
            return tile_id

    return tile


def _rule_of(action: Action) -> str:
    if isinstance(action, Move):
        if action.mode == STEP_ORDEAL:
            return ORDEAL
        return CAMPS if action.mode == STEP_SURVIVE else MOVE
    rules: dict[type, str] = {
        EndMove: MOVE, Discard: MOVE, Camp: CAMPS, Dig: TREASURE_RULE, Acquire: ACQUIRE,
        Exchange: TOKENS, Explore: EXPLORE, Place: EXPLORE, DrawTile: EXPLORE, Pass: PLAY,
        EndTurn: PLAY, LayCoast: SETUP,
    }
    return rules.get(type(action), "")


def _where(state: GoldlandState, seat: int) -> str:
    """The name of the tile an adventurer stands on (the space's notation on none)."""
    tile = state.tile_at(state.pos[seat])
    return tile.name if tile is not None else cell_name(state.pos[seat])


def _changes_table(before: GoldlandState, after: GoldlandState, seat: int,
                   label: Callable[[int], str]) -> str:
    rows = [
        ("backpack", str(Kit.from_counts(before.packs[seat])),
         str(Kit.from_counts(after.packs[seat]))),
        ("free spaces (moves)", str(BACKPACK_SPACES - sum(before.packs[seat])),
         str(BACKPACK_SPACES - sum(after.packs[seat]))),
        ("held to use at once", str(Kit.from_counts(before.hand)),
         str(Kit.from_counts(after.hand))),
        ("tile", _where(before, seat), _where(after, seat)),
        ("discovery tokens", str(before.tokens[seat]), str(after.tokens[seat])),
        ("gold so far", str(before.scores()[seat]), str(after.scores()[seat])),
    ]
    body = "".join(
        f"<tr><th>{escape(k)}</th><td>{escape(b)}</td><td>{escape(a)}</td></tr>"
        for k, b, a in rows if b != a or k == "backpack"
    )
    return (f'<table class="gl-table"><tr><th>{escape(label(seat))}</th><th>before</th>'
            f"<th>after</th></tr>{body}</table>")


