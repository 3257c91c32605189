"""HTML and text pictures of a Mount Goldrush table (stdlib only).

The root element has the CSS classes ``gl-state gl-goldrush``; the style is scoped to
both, so it never touches the presenter's board (``gl-board gl-goldrush``).  The table is
drawn as round cards (the real ones are round): face down, face down but seen
(or, given a player's memory, *remembered by that player*), face up this turn,
and empty places whose card left the game.  Below it, each player's mine
entrance with the gold under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from goldlab.core.state import CHANCE, TERMINAL
from goldlab.games.goldrush.cards import Card
from goldlab.games.goldrush.layout import GRID, ROWS, SIDE, place
from goldlab.games.goldrush.observation import GONE, UP, GoldrushView

PALETTE = {
    "green": "#2e8b57",
    "orange": "#e8892b",
    "blue": "#2a6fdb",
    "red": "#d64545",
    "violet": "#8a4fd6",
}
GOLD_COLOUR = "#d4a017"
DYNAMITE_COLOUR = "#3b3b3b"
CELL = 40
"""Pixels per card place in the grid."""
FREE_CELL = 46
"""Pixels per card place in the free layout (room for the scatter)."""

STYLE = """
<style>
.gl-state.gl-goldrush { font-family: system-ui, sans-serif; font-size: 13px; color: #222;
  border: 1px solid #d9c27a; border-radius: 8px; padding: 8px 10px; background: #fffbea;
  max-width: 760px; }
.gl-state.gl-goldrush h4 { margin: 2px 0 6px 0; font-size: 14px; }
.gl-state.gl-goldrush .gl-table { position: relative; background: #6b4f2a; border-radius: 10px;
  margin: 4px 0 8px 0; }
.gl-state.gl-goldrush .gl-c { position: absolute; width: 34px; height: 34px; border-radius: 50%;
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  font-weight: 700; font-size: 13px; line-height: 1; color: white; box-sizing: border-box; }
.gl-state.gl-goldrush .gl-c small { font-size: 7px; font-weight: 400; }
.gl-state.gl-goldrush .gl-down { background: repeating-linear-gradient(45deg,#8b6d2a,#8b6d2a 4px,
  #a5843a 4px,#a5843a 8px); box-shadow: 0 1px 2px rgba(0,0,0,.5); }
.gl-state.gl-goldrush .gl-seen { opacity: .55; border: 2px dashed #fff; }
.gl-state.gl-goldrush .gl-mem { opacity: .8; border: 3px solid #ffe066; }
.gl-state.gl-goldrush .gl-up { border: 3px solid #fff; box-shadow: 0 0 8px 2px #ffe066; }
.gl-state.gl-goldrush .gl-gone { border: 1px dashed rgba(255,255,255,.35); background: transparent;
  color: rgba(255,255,255,.35); font-weight: 400; }
.gl-state.gl-goldrush .gl-axis { position: absolute; color: #f3e3b5; font-size: 11px; }
.gl-state.gl-goldrush .gl-row { display: flex; align-items: center; gap: 6px; margin: 3px 0;
  flex-wrap: wrap; }
.gl-state.gl-goldrush .gl-label { min-width: 130px; font-weight: 600; }
.gl-state.gl-goldrush .gl-coin { display: inline-flex; width: 20px; height: 20px;
  border-radius: 50%; align-items: center; justify-content: center; background: #d4a017;
  color: white; font-weight: 700; font-size: 11px; }
.gl-state.gl-goldrush .gl-swatch { display: inline-block; width: 14px; height: 14px;
  border-radius: 3px; }
.gl-state.gl-goldrush .gl-turn { background: #fff1b8; border-radius: 6px; }
.gl-state.gl-goldrush .gl-muted { color: #777; }
.gl-state.gl-goldrush .gl-log { font-family: ui-monospace, monospace; font-size: 11px; color: #444;
  white-space: pre-wrap; margin-top: 6px; }
</style>
"""


def face(c: Card) -> tuple[str, str]:
    """(background colour, HTML text) of a card's face: value over a word."""
    if c.is_gold:
        return GOLD_COLOUR, f"{c.value}<small>gold</small>"
    if c.is_dynamite:
        return DYNAMITE_COLOUR, "TNT"
    assert c.colour is not None
    return PALETTE[c.colour], f"{c.value}<small>dig</small>"


def short(c: Card) -> str:
    """A 2-letter code for text tables: ``G3`` gold, ``r4`` red digger, ``XX`` dynamite."""
    if c.is_gold:
        return f"G{c.value}"
    if c.is_dynamite:
        return "XX"
    assert c.colour is not None
    return f"{c.colour[0]}{c.value}"


def _card_div(view: GoldrushView, p: int, x: float, y: float,
              memory: Mapping[int, Card] | None) -> str:
    status, c = view.status[p], view.cards[p]
    where = view.place(p)
    style = f"left:{x:.0f}px;top:{y:.0f}px"
    if status == GONE:
        text = escape(short(c)) if c is not None else ""
        return (f'<div class="gl-c gl-gone" style="{style}" '
                f'title="{where}: left the game">{text}</div>')
    if status == UP and c is not None:
        bg, label_ = face(c)
        return (f'<div class="gl-c gl-up" style="{style};background:{bg}" '
                f'title="{where}: {c} (face up)">{label_}</div>')
    shown = memory.get(p) if memory is not None else c
    if shown is not None:
        bg, label_ = face(shown)
        kind = "gl-mem" if memory is not None else "gl-seen"
        note = "remembered" if memory is not None else "face down, seen before"
        return (f'<div class="gl-c {kind}" style="{style};background:{bg}" '
                f'title="{where}: {shown} ({note})">{label_}</div>')
    return f'<div class="gl-c gl-down" style="{style}" title="{where}: face down"></div>'


def table_html(view: GoldrushView, memory: Mapping[int, Card] | None = None) -> str:
    """The 64 places as round cards: a labelled 8x8 grid, or a scatter (free layout)."""
    grid = view.layout == GRID
    cell = CELL if grid else FREE_CELL
    margin = 18 if grid else 8
    width = margin + SIDE * cell + (14 if grid else 20)
    height = margin + SIDE * cell + 6
    parts = [f'<div class="gl-table" style="width:{width}px;height:{height}px">']
    if grid:
        for i in range(SIDE):
            parts.append(f'<span class="gl-axis" style="left:{margin + i * cell + 13}px;top:2px">'
                         f"{i + 1}</span>")
            parts.append(f'<span class="gl-axis" style="left:5px;top:{margin + i * cell + 10}px">'
                         f"{ROWS[i]}</span>")
    for p in range(len(view.status)):
        gx, gy = place(p, view.layout)
        parts.append(_card_div(view, p, margin + gx * cell, margin + gy * cell, memory))
    parts.append("</div>")
    return "".join(parts)


def mines_html(view: GoldrushView) -> str:
    """Each player's mine entrance(s) with the gold under it, and the unowned colours."""
    parts = []
    for seat, colours in enumerate(view.seat_colours):
        turn = " gl-turn" if seat == view.turn and view.to_move != TERMINAL else ""
        swatches = "".join(
            f'<span class="gl-swatch" title="{c}" style="background:{PALETTE[c]}"></span>'
            for c in colours
        )
        coins = "".join(f'<span class="gl-coin">{g.value}</span>' for g in view.taken[seat])
        parts.append(
            f'<div class="gl-row gl-seat{turn}"><span class="gl-label">{swatches} Seat {seat} '
            f"({'+'.join(colours)})</span>{coins or '<span class=gl-muted>no gold yet</span>'}"
            f'<span class="gl-muted">&nbsp;{view.scores[seat]} points, '
            f"{len(view.taken[seat])} cards</span></div>"
        )
    unowned = [c for c, s in view.owners if s is None and c not in view.box]
    if unowned:
        parts.append(
            f'<div class="gl-row gl-muted">diggers of {", ".join(unowned)} belong to nobody: '
            "their gold goes to the flipper</div>"
        )
    if view.box:
        parts.append(f'<div class="gl-row gl-muted">back in the box: {", ".join(view.box)} '
                     "mine entrance (its diggers belong to nobody)</div>")
    if view.removed:
        parts.append(
            f'<div class="gl-row gl-muted">out of the game: '
            f"{escape(' '.join(str(c) for c in view.removed))}</div>"
        )
    return "".join(parts)


def status_text(view: GoldrushView) -> str:
    """One line: whose turn, how many cards are face down, Gold Rush or the result."""
    if view.to_move == TERMINAL:
        text = "Game over"
        if view.end_reason:
            text += f" ({view.end_reason})"
        return text
    who = "chance reveals a card" if view.to_move == CHANCE else f"seat {view.to_move} to flip"
    phase = "Gold Rush! one flip per turn" if view.gold_rush else "two flips per turn"
    return f"turn {view.turn_no}: {who}, {view.face_down} cards face down, {phase}"


def view_html(view: GoldrushView, memory: Mapping[int, Card] | None = None,
              memory_of: int | None = None) -> str:
    """The whole position: status, the table, the mines, the final result, the last step."""
    if memory is not None:
        who = f"seen through seat {memory_of}'s memory" if memory_of is not None else "a memory"
    else:
        who = "public record" if view.player is None else f"seat {view.player}'s view"
    parts = [STYLE, '<div class="gl-state gl-goldrush">']
    parts.append(f"<h4>Mount Goldrush &middot; {escape(status_text(view))} "
                 f"<span class='gl-muted'>({escape(who)})</span></h4>")
    parts.append(table_html(view, memory))
    seen = "remembered (yellow ring)" if memory is not None else "seen before (faded, dashed)"
    parts.append('<div class="gl-row gl-muted">striped: face down &middot; '
                 f"{seen} &middot; glowing: face up this turn &middot; dashed outline: "
                 "empty, its card left the game</div>")
    parts.append(mines_html(view))
    if view.outcome is not None:
        winners = " and ".join(f"seat {w}" for w in view.outcome.winners)
        shared = " (shared victory)" if view.outcome.shared else ""
        parts.append(f'<div class="gl-row gl-final"><b>Winner: {escape(winners)}{shared}</b></div>')
    if view.last:
        parts.append(f'<div class="gl-log">{escape(chr(10).join(view.last))}</div>')
    parts.append("</div>")
    return "".join(parts)


def view_text(view: GoldrushView, memory: Mapping[int, Card] | None = None) -> str:
    """The table as text: ``##`` face down, ``(G3)`` seen, ``[G3]`` face up, ``.`` empty."""
    lines = [status_text(view)]
    header = "    " + "".join(f"{i + 1:^5}" for i in range(SIDE))
    lines.append(header if view.layout == GRID else "")
    for row in range(SIDE):
        cells = []
        for col in range(SIDE):
            p = row * SIDE + col
            status, c = view.status[p], view.cards[p]
            if status == GONE:
                cells.append("  .  ")
            elif status == UP and c is not None:
                cells.append(f"[{short(c)}] ")
            else:
                shown = memory.get(p) if memory is not None else c
                cells.append(f"({short(shown)}) " if shown is not None else " ##  ")
        prefix = f" {ROWS[row]}  " if view.layout == GRID else f"{row * SIDE:>3} "
        lines.append(prefix + "".join(cells).rstrip())
    if lines[1] == "":
        del lines[1]
    for seat, colours in enumerate(view.seat_colours):
        gold = " ".join(str(g.value) for g in view.taken[seat]) or "-"
        lines.append(f"seat {seat} ({'+'.join(colours)}): {view.scores[seat]} points [{gold}]")
    return "\n".join(lines)


__all__ = ["face", "mines_html", "short", "table_html", "view_html", "view_text"]
