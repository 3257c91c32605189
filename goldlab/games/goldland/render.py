"""Pictures of a Goldland position for Jupyter: the grid as SVG, backpacks, stock, markers.

Standard library only.  The root element has the CSS classes
``gl-state gl-goldland``.  The grid shows each tile's paths (partial routes as
short stubs), its adventure and red cost, its equipment line, treasure fields
and treasures, villages, camps (small flags in the players' colours),
adventurers, the temple beside the goal space, and the current turn's route.
:func:`tileset_svg` draws a whole tile set (``docs/goldland-tiles.svg``).
"""

from __future__ import annotations

from html import escape

from goldlab.core.state import CHANCE, TERMINAL
from goldlab.games.goldland.articles import BACKPACK_SPACES, OBJECTS, PLURALS, Kit
from goldlab.games.goldland.backpack import spaces
from goldlab.games.goldland.board import GOAL, INNER, SIZE, row_col
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.tiles import ADVENTURE_NAMES, Tile, TileSet, rotate

SEAT_COLOURS = ("#d64545", "#2a6fdb", "#2e8b57", "#e8a32b", "#8a4fd6")
ADVENTURE_COLOURS = {
    "bandits": "#9c6b4a",
    "puma": "#d98c1f",
    "desert": "#e9c46a",
    "mountains": "#9aa0a6",
    "canyon": "#c0654b",
    "lake": "#5fa8d3",
    "natives": "#7aa35a",
}
ARTICLE_STYLE = {
    "provision": ("Pv", "#c9a66b", "#222"),
    "pearl": ("Pe", "#eef0f7", "#333"),
    "rope": ("Ro", "#b08850", "#fff"),
    "gun": ("Gu", "#55595e", "#fff"),
    "spade": ("Sp", "#8d9297", "#fff"),
    "timber": ("Ti", "#7b4f2c", "#fff"),
    "fishing rod": ("Fr", "#3a7ca5", "#fff"),
    "treasure": ("T$", "#e0b020", "#222"),
    "amulet": ("Am", "#b983ff", "#fff"),
}
SHORT = {name: style[0] for name, style in ARTICLE_STYLE.items()}
CELL = 72
MARGIN = 26

STYLE = """
<style>
.gl-goldland { font-family: system-ui, sans-serif; font-size: 13px; color: #222;
  border: 1px solid #d9c27a; border-radius: 8px; padding: 8px 10px; background: #fffbea;
  max-width: 980px; }
.gl-goldland h4 { margin: 2px 0 6px 0; font-size: 14px; }
.gl-goldland .gl-cols { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
.gl-goldland table { border-collapse: collapse; font-size: 12px; }
.gl-goldland td, .gl-goldland th { padding: 2px 5px; border-bottom: 1px solid #eadfb8;
  text-align: left; }
.gl-goldland .gl-pack { display: inline-flex; gap: 1px; }
.gl-goldland .gl-space { display: inline-flex; align-items: center; justify-content: center;
  width: 20px; height: 20px; border: 1px solid #b89c55; border-radius: 3px; font-size: 9px;
  background: #fff; position: relative; }
.gl-goldland .gl-space small { position: absolute; top: -1px; left: 1px; font-size: 6px;
  color: #998; }
.gl-goldland .gl-free { background: #fffdf4; }
.gl-goldland .gl-limit { outline: 2px solid #2e8b57; }
.gl-goldland .gl-art { display: inline-block; min-width: 16px; padding: 0 2px; border-radius: 3px;
  font-size: 9px; text-align: center; }
.gl-goldland .gl-turn { background: #fff1b8; }
.gl-goldland .gl-muted { color: #777; }
.gl-goldland .gl-log { font-family: ui-monospace, monospace; font-size: 11px; color: #444;
  white-space: pre-wrap; margin-top: 6px; }
</style>
"""


# ------------------------------------------------------------------ tiles
def _xy(c: int) -> tuple[int, int]:
    r, k = row_col(c)
    return MARGIN + k * CELL, MARGIN + r * CELL


def _line_text(tile: Tile) -> str:
    trade = tile.trade
    if trade is None:
        return ""
    left = {"nothing": "", "red": "red"}.get(trade.needs, _short_kit(trade.white))
    gives = "|".join(_short_kit(g) for g in trade.gives)
    return f"{left}\u2192{gives}"


def _short_kit(kit: Kit) -> str:
    parts = []
    for name, n in kit.items():
        parts.append(f"{n if n > 1 else ''}{SHORT[name]}")
    return "+".join(parts)


def tile_svg(tile: Tile, x: float, y: float, quarter_turns: int, size: int = CELL,
             label: bool = True) -> str:
    """One tile at (x, y), turned clockwise by ``quarter_turns``."""
    fill = "#f3e2b3"
    if tile.kind == "start":
        fill = "#f7d774"
    elif tile.kind == "coastal":
        fill = "#e8dcae"
    if tile.adventure is not None:
        fill = ADVENTURE_COLOURS[tile.adventure]
    s = size
    cx, cy = x + s / 2, y + s / 2
    out = [
        f'<g class="gl-tile" data-tile="{escape(tile.id)}">'
        f"<title>{escape(tile.id)} {escape(tile.name)}: {escape(tile.line())}</title>",
        f'<rect x="{x + 1}" y="{y + 1}" width="{s - 2}" height="{s - 2}" rx="4" '
        f'fill="{fill}" stroke="#7a6333" stroke-width="1"/>',
    ]
    ends = ((cx, y + 1), (x + s - 1, cy), (cx, y + s - 1), (x + 1, cy))
    exits = tile.exits_at(quarter_turns)
    for d in range(4):
        ex, ey = ends[d]
        if exits >> d & 1:
            out.append(f'<line x1="{cx}" y1="{cy}" x2="{ex}" y2="{ey}" stroke="#6b4a22" '
                       'stroke-width="6" stroke-linecap="round"/>')
        elif rotate(tile.stubs, quarter_turns) >> d & 1:
            mx, my = cx + (ex - cx) * 0.55, cy + (ey - cy) * 0.55
            out.append(f'<line x1="{cx}" y1="{cy}" x2="{mx}" y2="{my}" stroke="#6b4a22" '
                       'stroke-width="6" stroke-linecap="butt" stroke-dasharray="4 2"/>')
    if tile.kind == "coastal" or tile.kind == "start":
        out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="#6b4a22"/>')
    if tile.adventure is not None:
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{s * 0.17}" fill="#fff8" stroke="#b22" '
            f'stroke-width="2"/><text x="{cx}" y="{cy + 4}" text-anchor="middle" '
            f'font-size="{s * 0.17:.0f}" font-weight="700" fill="#b22">'
            f"{ADVENTURE_NAMES[tile.adventure][0]}</text>"
        )
        out.append(f'<text x="{x + 4}" y="{y + 11}" font-size="8" fill="#b00" '
                   f'font-weight="700">{escape(_short_kit(tile.cost))}</text>')
    if tile.treasure_field:
        ox, oy = x + s - 13, y + 13
        out.append(_octagon(ox, oy, 8, "none", "#8a6d00"))
    if tile.village:
        vx, vy = x + s - 16, y + s - 24
        out.append(f'<path d="M{vx} {vy + 8} L{vx + 6} {vy + 2} L{vx + 12} {vy + 8} V{vy + 14} '
                   f'H{vx} Z" fill="#fff" stroke="#7a6333"/>')
    if label:
        out.append(f'<text x="{x + s - 4}" y="{y + s - 4}" text-anchor="end" font-size="8" '
                   f'fill="#333">{escape(tile.id)}</text>')
        out.append(f'<text x="{x + 4}" y="{y + s - 4}" font-size="8" fill="#222">'
                   f"{escape(_line_text(tile))}</text>")
    out.append("</g>")
    return "".join(out)


def _octagon(cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    k = r * 0.414
    pts = [(cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k),
           (cx + k, cy + r), (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k)]
    text = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
    return f'<polygon points="{text}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'


# ------------------------------------------------------------------ the grid
def board_svg(view: GoldlandView) -> str:
    """The 7 × 7 grid with everything on it."""
    width = MARGIN * 2 + SIZE * CELL
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="gl-board" width="{width}" '
        f'height="{width}" viewBox="0 0 {width} {width}">',
        f'<rect width="{width}" height="{width}" fill="#bfe3f2"/>',
    ]
    for k in range(SIZE):
        x = MARGIN + k * CELL + CELL / 2
        out.append(f'<text x="{x}" y="{MARGIN - 8}" text-anchor="middle" font-size="10" '
                   f'fill="#335">{k}</text>')
        out.append(f'<text x="{MARGIN - 9}" y="{MARGIN + k * CELL + CELL / 2 + 3}" '
                   f'text-anchor="middle" font-size="10" fill="#335">{k}</text>')
    for c in range(SIZE * SIZE):
        x, y = _xy(c)
        entry = view.board[c]
        if entry is None:
            if c in INNER:
                pattern = "#c9b37a" if view.beginners_grid else "#efe3bf"
                out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                           f'rx="4" fill="{pattern}" stroke="#b9a46b" stroke-dasharray="4 3"/>')
            continue
        tile = view.tileset.by_id(entry[0])
        out.append(tile_svg(tile, x, y, entry[1] // 90))
    out.append(_temple(view))
    for c in view.treasures:
        x, y = _xy(c)
        out.append(_octagon(x + CELL - 13, y + 13, 7, "#f2c200", "#8a6d00"))
    out.append(_camps(view))
    out.append(_route(view))
    out.append(_pawns(view))
    out.append("</svg>")
    return "".join(out)


def _temple(view: GoldlandView) -> str:
    x, y = _xy(GOAL)
    found = view.board[GOAL] is not None
    colour = "#c9a227" if found else "none"
    dash = "" if found else ' stroke-dasharray="3 2"'
    tx, ty = x - MARGIN + 2, y - MARGIN + 2
    return (
        f'<g class="gl-temple"><title>temple: {view.amulets_left} amulets, bonus {view.bonus} '
        f"gold, reserve {view.reserve} gold</title>"
        f'<path d="M{tx} {ty + 20} L{tx + 11} {ty + 6} L{tx + 22} {ty + 20} Z" fill="{colour}" '
        f'stroke="#6b5200"{dash}/>'
        f'<rect x="{tx + 3}" y="{ty + 20}" width="16" height="4" fill="{colour}" '
        f'stroke="#6b5200"{dash}/></g>'
    )


def _camps(view: GoldlandView) -> str:
    out = []
    placed: dict[int, int] = {}
    for c, seat in view.camps:
        i = placed.get(c, 0)
        placed[c] = i + 1
        x, y = _xy(c)
        fx, fy = x + 4 + 7 * (i % 6), y + 15 + 9 * (i // 6)
        out.append(
            f'<path class="gl-camp" d="M{fx} {fy + 8} L{fx + 3} {fy} L{fx + 6} {fy + 8} Z" '
            f'fill="{SEAT_COLOURS[seat]}" stroke="#222" stroke-width=".6">'
            f"<title>camp of seat {seat}</title></path>"
        )
    return "".join(out)


def _route(view: GoldlandView) -> str:
    path = view.turn.path
    if len(path) < 2 or view.to_move in (TERMINAL, CHANCE):
        return ""
    pts = []
    for c in path:
        x, y = _xy(c)
        pts.append(f"{x + CELL / 2},{y + CELL / 2}")
    colour = SEAT_COLOURS[view.turn.seat]
    return (f'<polyline points="{" ".join(pts)}" fill="none" stroke="{colour}" '
            'stroke-width="2.5" stroke-dasharray="5 4" opacity=".8"/>')


def _pawns(view: GoldlandView) -> str:
    out = []
    for seat, c in enumerate(view.pawns):
        x, y = _xy(c)
        px = x + 14 + (seat % 3) * 14
        py = y + CELL / 2 + 8 + (seat // 3) * 13
        ring = ' stroke="#000" stroke-width="2.5"' if seat == view.to_move else \
            ' stroke="#fff" stroke-width="1.5"'
        out.append(
            f'<circle class="gl-pawn" cx="{px}" cy="{py}" r="6.5" fill="{SEAT_COLOURS[seat]}"'
            f"{ring}><title>adventurer of seat {seat}</title></circle>"
        )
    return "".join(out)


_ABBREV = {
    "exits": "paths", "trade": "line", "treasure_field": "treasure", "first_game_slot": "slot",
    "village": "village", "cost": "cost", "stubs": "stubs", "name": "name",
}


def tileset_svg(tileset: TileSet, columns: int = 7, size: int = 96) -> str:
    """Every tile of a set in its printed orientation, with id and name."""
    rows = (len(tileset.tiles) + columns - 1) // columns
    pad = 8
    height_each = size + 30
    width = columns * (size + pad) + pad
    height = rows * height_each + pad
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="#fffbea"/>']
    for i, tile in enumerate(tileset.tiles):
        x = pad + (i % columns) * (size + pad)
        y = pad + (i // columns) * height_each
        out.append(tile_svg(tile, x, y, 0, size))
        if tile.kind == "coastal":
            # the sea side (printed orientation: south; corners also west)
            out.append(f'<rect x="{x}" y="{y + size}" width="{size}" height="4" fill="#7cc4e4"/>')
            if tile.corner:
                out.append(f'<rect x="{x - 4}" y="{y}" width="4" height="{size + 4}" '
                           'fill="#7cc4e4"/>')
        name = tile.name if len(tile.name) < 20 else tile.name[:19] + "\u2026"
        out.append(f'<text x="{x + size / 2}" y="{y + size + 14}" text-anchor="middle" '
                   f'font-size="9" fill="#222">{escape(tile.id)} {escape(name)}</text>')
        if tile.reconstructed:
            fields = ", ".join(_ABBREV.get(f, f) for f in tile.reconstructed)
            out.append(f'<text x="{x + size / 2}" y="{y + size + 24}" text-anchor="middle" '
                       f'font-size="7" fill="#996">\u2248 {escape(fields)}</text>')
    out.append("</svg>")
    return "\n".join(out)


# ------------------------------------------------------------------ panels
def article_chip(name: str, count: int = 1) -> str:
    """A small coloured label for an article (with a count above 1)."""
    short, bg, fg = ARTICLE_STYLE[name]
    plural = PLURALS[OBJECTS.index(name)] if count != 1 else name
    text = f"{count}\u00d7{short}" if count > 1 else short
    return (f'<span class="gl-art" title="{escape(str(count))} {escape(plural)}" '
            f'style="background:{bg};color:{fg}">{text}</span>')


def kit_html(kit: Kit) -> str:
    """A kit as a row of article chips."""
    return " ".join(article_chip(name, n) for name, n in kit.items()) or \
        '<span class="gl-muted">-</span>'


def backpack_html(kit: Kit) -> str:
    """The 12 numbered spaces, highest covered first; the allowance space is outlined."""
    contents = spaces(list(kit.counts))
    allowance = BACKPACK_SPACES - kit.size
    cells = []
    for number, item in enumerate(contents, start=1):
        limit = " gl-limit" if number == allowance else ""
        if item is None:
            cells.append(f'<span class="gl-space gl-free{limit}"><small>{number}</small></span>')
        else:
            short, bg, fg = ARTICLE_STYLE[item]
            cells.append(
                f'<span class="gl-space" title="{escape(item)}" style="background:{bg};'
                f'color:{fg}"><small>{number}</small>{short}</span>'
            )
    return f'<span class="gl-pack">{"".join(cells)}</span>'


def _status(view: GoldlandView) -> str:
    if view.to_move == TERMINAL:
        extra = " (turn cap reached)" if view.capped else ""
        return f"game over{extra}"
    if view.to_move == CHANCE:
        return "chance to move"
    turn = view.turn
    parts = [f"round {view.round}, seat {view.to_move} to move"]
    parts.append(f"movement {turn.moved}" + (
        f" ({turn.steps}/{turn.allowance})" if turn.moved != "not begun" and turn.allowance >= 0
        else ""))
    if turn.acquired:
        parts.append("acquired")
    if turn.explored:
        parts.append("explored")
    if turn.drawn is not None:
        parts.append(f"place tile {turn.drawn}")
    if turn.hand:
        parts.append(f"held from exchange: {turn.hand}")
    if view.end_reason:
        parts.append("last round: " + view.end_reason)
    return "; ".join(parts)


def view_html(view: GoldlandView) -> str:
    """The whole position: grid, players with backpacks, stock, markers, temple, last step."""
    who = "omniscient view" if view.player is None else f"seat {view.player}'s view"
    out = [STYLE, '<div class="gl-state gl-goldland">']
    out.append(f"<h4>Goldland &middot; {escape(_status(view))} "
               f'<span class="gl-muted">({who})</span></h4>')
    out.append('<div class="gl-cols">')
    out.append(board_svg(view))
    out.append("<div>")
    out.append("<table><tr><th>seat</th><th>backpack</th><th>moves</th><th>tokens</th>"
               "<th>gold</th><th>camps</th><th>score</th></tr>")
    for seat in range(view.players):
        turn = " gl-turn" if seat == view.to_move else ""
        colour = SEAT_COLOURS[seat]
        out.append(
            f'<tr class="gl-seat{turn}"><td><span style="color:{colour}">&#9679;</span> '
            f"Seat {seat}</td><td>{backpack_html(view.packs[seat])}</td>"
            f"<td>{view.allowances[seat]}</td><td>{view.tokens[seat]}</td>"
            f"<td>{view.gold[seat]}</td><td>{view.camps_left[seat]} left</td>"
            f"<td><b>{view.scores[seat]}</b></td></tr>"
        )
    out.append("</table>")
    out.append(f'<div style="margin-top:6px"><b>Stock</b> {kit_html(view.stock)}'
               f'<br><span class="gl-muted">discovery tokens {view.token_stock}, treasures '
               f"{view.treasure_stock}, face-down tiles {len(view.face_down)}; "
               f"{view.exchange_rate} tokens buy 1 article</span></div>")
    out.append('<div style="margin-top:6px"><b>Temple</b> '
               f"amulets {view.amulets_left}, bonus field {view.bonus} gold, reserve field "
               f"{view.reserve} gold</div>")
    out.append('<table style="margin-top:6px"><tr><th>marker</th><th>value</th>'
               "<th>holder</th></tr>")
    for key, holder, value in view.markers:
        holder_text = "-" if holder < 0 else (
            f'<span style="color:{SEAT_COLOURS[holder]}">&#9679;</span> seat {holder}')
        out.append(f"<tr><td>{ADVENTURE_NAMES[key]}</td><td>{value}</td>"
                   f"<td>{holder_text}</td></tr>")
    out.append("</table>")
    if view.outcome is not None:
        winners = " and ".join(f"seat {w}" for w in view.outcome.winners)
        out.append(f"<div><b>Final scores</b> {', '.join(map(str, view.outcome.scores))} "
                   f"&mdash; winner {escape(winners)}</div>")
    out.append("</div></div>")
    if view.last:
        out.append(f'<div class="gl-log">{escape(chr(10).join(view.last))}</div>')
    out.append("</div>")
    return "".join(out)


def view_text(view: GoldlandView) -> str:
    """A plain-text picture of the grid and backpacks, for terminals."""
    lines = []
    for r in range(SIZE):
        row = []
        for k in range(SIZE):
            c = r * SIZE + k
            entry = view.board[c]
            mark = "".join(str(s) for s, p in enumerate(view.pawns) if p == c)
            cell = f"{entry[0]}/{entry[1]}" if entry else "."
            row.append(f"{cell}{'@' + mark if mark else ''}".ljust(10))
        lines.append(" ".join(row))
    for seat in range(view.players):
        lines.append(f"seat {seat}: {view.packs[seat]} (move {view.allowances[seat]}), "
                     f"{view.tokens[seat]} tokens, {view.gold[seat]} gold")
    return "\n".join(lines)
