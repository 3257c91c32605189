"""The picture of a Goldland table for the view: tiles with their paths, pawns, panels.

An HTML fragment, standard library only: a CSS grid of 7 x 7 tiles (paths to the
exits, adventures with their red articles, equipment lines, treasures, camps,
adventurers, the temple), an action bar, the equipment line of the adventurer's tile,
the backpacks, the stock and the temple.  Every control carries the ``data-target`` id
of :mod:`goldlab.games.goldland.clicks`.  Colours come from JupyterLab's theme
variables (with light fallbacks) except on tiles and chips, whose fixed colours are
chosen so that their text reads at 4.5:1 or better.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from types import SimpleNamespace

from goldlab.core.state import TERMINAL, Outcome
from goldlab.games.goldland import adventure, exploration
from goldlab.games.goldland.actions import (
    STEP_SURVIVE,
)
from goldlab.games.goldland.articles import (
    BACKPACK_SPACES,
    N_ARTICLES,
    OBJECTS,
    Kit,
    article_name,
    sub_kits,
)
from goldlab.games.goldland.backpack import spaces
from goldlab.games.goldland.board import (
    CELLS,
    GOAL,
    NEIGHBOUR,
    cell_name,
    opposite,
)
from goldlab.games.goldland.clicks import (
    DIRECTION_WORDS,
    DIRECTIONS,
    NOTHING,
    Pick,
    acquire_target,
    cell_target,
    direction_of,
    direction_targets,
    labeller,
    ordeal_hint,
    parse_selection,
    place_hint,
    variant_target,
    variants,
)
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.phases import MOVE_WORDS, PLACE, TURN
from goldlab.games.goldland.state import GoldlandState
from goldlab.games.goldland.tiles import ADVENTURE_NAMES, ADVENTURES, Tile, TileSet, rotate

ARROWS = ("\u25b2", "\u25b6", "\u25bc", "\u25c0")
SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#8d6e00", "#6a1b9a")
"""The adventurers' colours (white letters on them read at 4.5:1 or better)."""
TILE_COLOURS: dict[str, tuple[str, str, str]] = {
    # kind or adventure: (background, ink for text, path colour)
    "inner": ("#f1dfae", "#3e2a0a", "#7a4b1c"),
    "coastal": ("#e6d9a8", "#3e2a0a", "#7a4b1c"),
    "start": ("#f5d35f", "#3e2a0a", "#7a4b1c"),
    "bandits": ("#6d4c41", "#ffffff", "#f3d9a4"),
    "puma": ("#a84300", "#ffffff", "#f3d9a4"),
    "desert": ("#8a6100", "#ffffff", "#f8e7b0"),
    "mountains": ("#4f5b66", "#ffffff", "#e8dcc0"),
    "canyon": ("#9a3412", "#ffffff", "#f3d9a4"),
    "lake": ("#1f5fa8", "#ffffff", "#f3d9a4"),
    "natives": ("#2e6b30", "#ffffff", "#f3d9a4"),
}
ARTICLE_STYLE: dict[str, tuple[str, str, str]] = {
    # object: (short label, background, ink)
    "provision": ("Pv", "#f3d9a4", "#3b2a00"),
    "pearl": ("Pe", "#e8eaf6", "#1a237e"),
    "rope": ("Ro", "#8d6e63", "#ffffff"),
    "gun": ("Gu", "#424242", "#ffffff"),
    "spade": ("Sp", "#546e7a", "#ffffff"),
    "timber": ("Ti", "#6d4c41", "#ffffff"),
    "fishing rod": ("Fr", "#01579b", "#ffffff"),
    "treasure": ("T$", "#ffd54f", "#3e2723"),
    "amulet": ("Am", "#6a1b9a", "#ffffff"),
}
FACE_DOWN = ("#5d4037", "#ffffff")
TEMPLE_COLOURS = ("#b8860b", "#000000")

STYLE = """<style>
.gl-board.gl-goldland{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;
 line-height:1.3;color:var(--jp-ui-font-color1,#222);background:var(--jp-layout-color1,#fff);
 border:1px solid var(--jp-border-color1,#ccc);border-radius:8px;padding:8px;max-width:100%;
 box-sizing:border-box}
.gl-board.gl-goldland *{box-sizing:border-box}
.gl-goldland .glg-status{font-weight:600;margin:0 0 4px}
.gl-goldland .glg-hint{margin:0 0 6px;color:var(--jp-ui-font-color1,#222)}
.gl-goldland .glg-main{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.gl-goldland .glg-scroll{max-width:100%;overflow-x:auto}
.gl-goldland .glg-grid{display:grid;grid-template-columns:repeat(7,100px);
 grid-auto-rows:100px;gap:2px;padding:6px;background:#0b4f8a;border-radius:8px;width:max-content}
.gl-goldland .glg-cell{position:relative}
.gl-goldland .glg-face{position:absolute;inset:0;border-radius:6px;overflow:hidden;
 cursor:pointer;border:2px solid transparent}
.gl-goldland .glg-empty{background:var(--jp-layout-color2,#eee);
 border:2px dashed var(--jp-border-color1,#ccc);color:var(--jp-ui-font-color1,#222);
 display:flex;align-items:center;justify-content:center;font-size:13px}
.gl-goldland .glg-down{background:#5d4037;color:#fff;font-weight:700}
.gl-goldland .glg-route{box-shadow:inset 0 0 0 3px #ffffff,inset 0 0 0 6px #000000}
.gl-goldland .glg-path{position:absolute}
.gl-goldland .glg-pN{left:calc(50% - 6px);width:12px;top:0;height:50%}
.gl-goldland .glg-pS{left:calc(50% - 6px);width:12px;top:50%;bottom:0}
.gl-goldland .glg-pE{top:calc(50% - 6px);height:12px;left:50%;right:0}
.gl-goldland .glg-pW{top:calc(50% - 6px);height:12px;left:0;width:50%}
.gl-goldland .glg-sN{left:calc(50% - 6px);width:12px;top:0;height:22%;opacity:.6}
.gl-goldland .glg-sS{left:calc(50% - 6px);width:12px;bottom:0;height:22%;opacity:.6}
.gl-goldland .glg-sE{top:calc(50% - 6px);height:12px;right:0;width:22%;opacity:.6}
.gl-goldland .glg-sW{top:calc(50% - 6px);height:12px;left:0;width:22%;opacity:.6}
.gl-goldland .glg-hub{position:absolute;left:calc(50% - 9px);top:calc(50% - 9px);width:18px;
 height:18px;border-radius:50%}
.gl-goldland .glg-over{position:absolute;inset:5px;display:flex;flex-direction:column;
 pointer-events:none;border-radius:3px;overflow:visible}
.gl-goldland .glg-name{align-self:center;max-width:100%;padding:0 2px;border-radius:3px;
 font-size:10.5px;font-weight:700;line-height:1.15;text-align:center;overflow-wrap:anywhere}
.gl-goldland .glg-adv{display:block;font-size:10px;font-weight:600;font-style:italic}
.gl-goldland .glg-mid{flex:1 1 auto;min-height:28px;display:flex;align-items:flex-start;
 justify-content:space-between;gap:2px}
.gl-goldland .glg-line{align-self:center;max-width:100%;display:flex;flex-wrap:wrap;
 justify-content:center;align-items:center;gap:1px;padding:1px 2px;border-radius:3px;
 font-size:10px;font-weight:700;line-height:1}
.gl-goldland .glg-art{display:inline-flex;align-items:center;justify-content:center;
 min-width:15px;height:14px;padding:0 1px;border-radius:3px;font-size:8.5px;font-weight:700;
 border:2px solid #000}
.gl-goldland .glg-art.glg-red{border-color:#d50000}
.gl-goldland .glg-art.glg-white{border-color:#ffffff;box-shadow:0 0 0 1px #000}
.gl-goldland .glg-art.glg-black{border-color:#000000}
.gl-goldland .glg-art.glg-yellow{border-color:#ffd600;box-shadow:0 0 0 1px #000}
.gl-goldland .glg-or{padding:0 1px}
.gl-goldland .glg-treasure{flex:none;width:20px;height:20px;margin-left:auto;
 clip-path:polygon(30% 0,70% 0,100% 30%,100% 70%,70% 100%,30% 100%,0 70%,0 30%)}
.gl-goldland .glg-camps{flex:none;display:flex;flex-wrap:wrap;width:28px;gap:2px;
 filter:drop-shadow(0 0 1px #fff) drop-shadow(0 0 1px #000)}
.gl-goldland .glg-camp{width:12px;height:12px;clip-path:polygon(50% 0,100% 100%,0 100%)}
.gl-goldland .glg-temple{flex:none;align-self:flex-start;padding:1px 4px;border-radius:4px;
 font-size:10.5px;font-weight:700}
.gl-goldland .glg-goal{position:absolute;inset:0;display:flex;align-items:center;
 justify-content:center;pointer-events:none}
.gl-goldland .glg-pawns{flex:1 1 auto;align-self:flex-end;display:flex;gap:2px;
 flex-wrap:wrap-reverse;justify-content:center;align-items:center;min-width:0;padding:1px 0}
.gl-goldland .glg-pawn{width:18px;height:18px;border-radius:50%;color:#fff;font-weight:700;
 font-size:10px;display:flex;align-items:center;justify-content:center;border:2px solid #fff}
.gl-goldland .glg-pawn.glg-turn{width:26px;height:26px;font-size:13px;border:3px solid #000;
 outline:2px solid #fff}
.gl-goldland .glg-compass{display:grid;grid-template-columns:repeat(3,auto);gap:4px;
 justify-content:start;align-items:center}
.gl-goldland .glg-legend dl{display:grid;grid-template-columns:auto 1fr;gap:3px 8px;margin:0;
 align-items:center}
.gl-goldland .glg-legend dd{margin:0}
.gl-goldland .glg-sign{white-space:nowrap;margin-right:6px}
.gl-goldland .glg-preview{outline:3px dashed #000;outline-offset:-3px;opacity:.95}
.gl-goldland .glg-side{flex:1 1 300px;min-width:0;max-width:100%;display:flex;
 flex-direction:column;gap:8px}
.gl-goldland .glg-panel{background:var(--jp-layout-color2,#eee);
 border:1px solid var(--jp-border-color1,#ccc);border-radius:6px;padding:6px 8px}
.gl-goldland .glg-panel h5{margin:0 0 4px;font-size:14px}
.gl-goldland .glg-bar{display:flex;flex-wrap:wrap;gap:6px}
.gl-goldland .glg-btn{font:inherit;font-size:14px;min-height:34px;padding:4px 10px;
 border-radius:6px;cursor:pointer;color:var(--jp-ui-font-color1,#222);
 background:var(--jp-layout-color1,#fff);border:2px solid var(--jp-border-color1,#ccc)}
.gl-goldland .glg-row{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:3px 0}
.gl-goldland .glg-seat{padding:4px 0;border-top:1px solid var(--jp-border-color1,#ccc)}
.gl-goldland .glg-seat:first-of-type{border-top:0}
.gl-goldland .glg-dot{display:inline-block;width:14px;height:14px;border-radius:50%;
 vertical-align:middle}
.gl-goldland .glg-pack{display:inline-flex;flex-wrap:wrap;gap:2px}
.gl-goldland .glg-group{display:inline-flex;gap:2px;border-radius:5px;padding:0;
 border:2px solid transparent;background:none;cursor:pointer}
.gl-goldland .glg-space{position:relative;display:inline-flex;align-items:center;
 justify-content:center;width:28px;height:28px;border-radius:4px;font-size:12px;font-weight:700;
 border:1px solid var(--jp-border-color1,#ccc)}
.gl-goldland .glg-space small{position:absolute;left:2px;top:0;font-size:8px;font-weight:400}
.gl-goldland .glg-free{background:var(--jp-layout-color1,#fff);color:var(--jp-ui-font-color1,#222)}
.gl-goldland .glg-limit{box-shadow:0 0 0 2px var(--jp-brand-color1,#1976d2)}
.gl-goldland .glg-chip{display:inline-block;padding:2px 6px;border-radius:4px;font-size:13px;
 font-weight:700}
.gl-goldland .glg-rule{opacity:.85}
.gl-goldland .gl-target:focus-visible{outline:3px solid var(--jp-brand-color1,#1976d2);
 outline-offset:1px}
.gl-goldland .gl-legal.glg-btn,.gl-goldland .gl-legal.glg-group{
 border-color:var(--jp-brand-color1,#1976d2);box-shadow:0 0 0 2px var(--jp-brand-color1,#1976d2)}
.gl-goldland .gl-legal.glg-face{border:3px solid #ffffff;box-shadow:inset 0 0 0 3px #1976d2}
.gl-goldland .gl-legal.glg-exit{background:#1565c0;color:#fff}
.gl-goldland .gl-selected{outline:4px solid var(--jp-brand-color1,#1976d2);outline-offset:-2px}
.gl-goldland .gl-highlight{outline:4px solid #ff6f00;outline-offset:-2px}
</style>"""


class _Drawing:
    """Builds the board HTML of one position (a throwaway helper, one per call)."""

    def __init__(self, state: GoldlandState, seat: int | None, selection: str,
                 legal: frozenset[str], names: Sequence[str], static: bool = False) -> None:
        self.state = state
        self.seat = seat
        self.legal = legal
        self.static = static
        """An observation's own picture: no click targets, no action bar, no hints."""
        self.label = labeller(state.players, names)
        to_move = state.current_player
        self.to_move = to_move
        self.mover = to_move if to_move >= 0 else -1
        self.pick = (parse_selection(state, to_move, selection) if to_move >= 0 and not static
                     else NOTHING)
        self.selection = self.pick.text()
        self.out: list[str] = []

    # ---------------------------------------------------------------- atoms
    def target(self, target: str, label: str, classes: str = "",
               tag: str = "div", style: str = "", inner: str = "") -> str:
        """One clickable element: data-target, role, tabindex, title and aria-label."""
        if self.static:  # drawn, not clicked
            style_attr = f' style="{style}"' if style else ""
            tag = "span" if tag == "button" else tag
            return (f'<{tag} class="{classes}" title="{escape(label)}"{style_attr}>'
                    f"{inner}</{tag}>")
        cls = f"gl-target {classes}".strip()
        if target in self.legal:
            cls += " gl-legal"
        if self.selection and _selected(self.pick, target, self.state, self.mover):
            cls += " gl-selected"
        extra = ' type="button"' if tag == "button" else ""
        text = escape(label)
        style_attr = f' style="{style}"' if style else ""
        return (f'<{tag} class="{cls}" data-target="{escape(target)}" tabindex="0" '
                f'role="button"{extra} title="{text}" aria-label="{text}"{style_attr}>'
                f"{inner}</{tag}>")

    def button(self, target: str, text: str, label: str) -> str:
        """A button of the action bar."""
        return self.target(target, label, "glg-btn", "button", inner=escape(text))

    # ---------------------------------------------------------------- whole
    def html(self) -> str:
        """The fragment: style, status, grid and side panels."""
        s = self.state
        root = "gl-board gl-state gl-goldland" if self.static else "gl-board gl-goldland"
        out = [STYLE, f'<div class="{root}">']
        out.append(f'<div class="glg-status">{escape(self.status())}</div>')
        hint = self.hint() if not self.static else ""
        if hint:
            out.append(f'<div class="glg-hint">{escape(hint)}</div>')
        out.append('<div class="glg-main"><div class="glg-scroll"><div class="glg-grid" '
                   'role="group" aria-label="the 7 by 7 grid of Goldland">')  # no rows: a group
        out.extend(self.cell(c) for c in range(CELLS))
        out.append("</div></div><div class=\"glg-side\">")
        if self.mover >= 0:
            if not self.static:
                out.append(self.action_bar())
            if s.phase == TURN:
                out.append(self.equipment_line())
        out.append(self.players())
        out.append(self.stock())
        out.append(self.temple())
        out.append(legend())
        out.append("</div></div></div>")
        return "".join(out)

    def status(self) -> str:
        """One line: round, who is to move, the progress of the turn."""
        s = self.state
        if s.is_terminal():
            outcome = s.outcome()
            assert outcome is not None
            who = " and ".join(self.label(w) for w in outcome.winners)
            capped = " (turn cap reached)" if s.capped else ""
            return f"Game over{capped}: {who} {'share' if outcome.shared else 'wins'}"
        if self.mover < 0:
            return f"Round {s.round}: chance deals a tile"
        parts = [f"Round {s.round}: {self.label(self.mover)} to move"]
        if s.phase == PLACE:
            parts.append(f"lay the drawn tile, {s.tiles[s.drawn].name}")
        else:
            moves = BACKPACK_SPACES - sum(s.packs[self.mover]) if s.steps == 0 else \
                s.allowance - s.steps
            state_word = MOVE_WORDS[s.move]
            parts.append(f"movement {state_word}, {moves} space{'s' if moves != 1 else ''} left")
            done = [w for w, flag in (("acquired", s.acquired), ("explored", s.explored)) if flag]
            parts.extend(done)
            if any(s.hand):
                parts.append(f"held from an exchange: {Kit.from_counts(s.hand)}")
        if s.end_reason:
            parts.append("last round")
        return "; ".join(parts)

    def hint(self) -> str:
        """What to click next."""
        s, pick = self.state, self.pick
        if self.mover < 0:
            return ""
        if s.phase == PLACE and pick.at >= 0:
            return place_hint(s, pick)
        if pick.kind == "ordeal":
            tile = s.tile_at(NEIGHBOUR[s.pos[self.mover]][pick.direction])
            return ordeal_hint(s, pick, tile)
        if pick.kind == "move":
            return (f"Into your camp's tile to the {DIRECTION_WORDS[pick.direction]}: walk in "
                    "through your camp, or survive the adventure again")
        if any(s.hand):
            return (f"Held from an exchange: {Kit.from_counts(s.hand)}. Use it at once: click "
                    "the adventure or ordeal it pays for, or dig; exchange more for that "
                    "payment if it needs them.")
        return ("Click a neighbouring tile (or a way to go) to move, a free space beside your "
                "adventurer to explore, an article to acquire, discard or exchange (\u2192 use: "
                "kept out of the backpack for the next payment).")

    # ---------------------------------------------------------------- the grid
    def cell(self, c: int) -> str:
        """One space: the tile (or the free space), and over it, in its own layer that
        clicks fall through, the tile's name, its camps, treasure, pawns and equipment line.

        The layer flows top to bottom (name, middle, equipment line), so nothing is drawn
        over a tile's name or its equipment line: the pawns sit in the middle."""
        s = self.state
        name = cell_name(c)
        parts = ['<div class="glg-cell">']
        preview = s.phase == PLACE and c == self.pick.at and s.drawn >= 0
        v = s.board[c]
        tile: Tile | None = None
        if preview:
            tile = s.tiles[s.drawn]
            label = (f"{name}: the drawn tile {tile.id} {tile.name} turned "
                     f"{self.pick.rotation} degrees; click to turn it")
            parts.append(self.target(cell_target(c), label, "glg-face glg-preview",
                                     style=self.tile_style(tile),
                                     inner=self.tile_paths(tile, self.pick.rotation // 90)))
        elif v >= 0:
            tile = s.tiles[v >> 2]
            route = " glg-route" if self.mover >= 0 and c in s.path else ""
            parts.append(self.target(cell_target(c), self.tile_label(tile, c),
                                     "glg-face" + route, style=self.tile_style(tile),
                                     inner=self.tile_paths(tile, v & 3)))
        else:
            parts.append(self.empty(c))
        if tile is not None:
            parts.append(self.overlay(tile, c, preview))
        else:
            if c == GOAL:
                parts.append('<div class="glg-goal">' + _temple_badge("goal space") + "</div>")
            pawns = self.pawns(c)
            if pawns:  # (a free space never holds a pawn; drawn all the same)
                parts.append(f'<div class="glg-over"><span class="glg-mid">{pawns}</span>'
                             "</div>")
        parts.append("</div>")
        return "".join(parts)

    def empty(self, c: int) -> str:
        """A free space: blank (its place in the grid says where it is), or "?" for a
        face-down tile of the beginners' grid."""
        s = self.state
        name = cell_name(c)
        beginners = s.options.beginners_grid
        if s.phase == PLACE:
            where = exploration.placements(s, s.turn) if not self.static else ()
            label = f"free space {name}" + (": show the drawn tile here" if c in where else "")
        elif beginners:
            label = f"face-down tile at {name}: turn it up (explore)"
        else:
            label = f"free space {name}: explore, laying a new tile here"
        down = beginners and s.phase != PLACE
        cls = "glg-face glg-empty" + (" glg-down" if down else "")
        return self.target(cell_target(c), label, cls, inner="?" if down else "")

    def tile_style(self, tile: Tile) -> str:
        back, ink, _ = tile_colours(tile)
        return f"background:{back};color:{ink}"

    def tile_label(self, tile: Tile, c: int) -> str:
        """The tile's tooltip (and screen readers' name): where, which tile, its line."""
        s = self.state
        parts = [f"{cell_name(c)}: {tile.id} {tile.name}", tile.line()]
        exits = s.exits_at(c)
        parts.append("paths " + ("".join(d for i, d in enumerate(DIRECTIONS) if exits >> i & 1)
                                 or "none"))
        if s.treasure_at[c]:
            parts.append("a treasure lies here")
        camps = [self.label(seat) for at, seat in s.camps if at == c]
        if camps:
            parts.append("camps of " + ", ".join(camps))
        if self.mover >= 0 and s.phase == TURN:
            pos = s.pos[self.mover]
            if c == pos:
                parts.append("your adventurer stands here: click to end the movement")
            elif direction_of(pos, c) >= 0:
                parts.append("click to move here")
        return "; ".join(parts)

    def tile_paths(self, tile: Tile, quarter_turns: int) -> str:
        """The tile's paths to its exits (and the stubs of interrupted ones)."""
        _, _, path = tile_colours(tile)
        exits = tile.exits_at(quarter_turns)
        stubs = rotate(tile.stubs, quarter_turns)
        out = []
        for i, d in enumerate(DIRECTIONS):
            if exits >> i & 1:
                out.append(f'<span class="glg-path glg-p{d}" style="background:{path}"></span>')
            elif stubs >> i & 1:
                out.append(f'<span class="glg-path glg-s{d}" style="background:{path}"></span>')
        if exits:
            out.append(f'<span class="glg-hub" style="background:{path}"></span>')
        return "".join(out)

    def overlay(self, tile: Tile, c: int, preview: bool) -> str:
        """What a player reads on a tile, top to bottom: its name (and its adventure), the
        camps, pawns, treasure field and temple, and its equipment line in the game's
        colours (see the legend)."""
        s = self.state
        back, ink, _ = tile_colours(tile)
        out = [f'<div class="glg-over" style="color:{ink}">'
               f'<span class="glg-name" style="background:{back}">{escape(tile.name)}']
        if tile.adventure is not None:
            out.append(f'<span class="glg-adv">{escape(ADVENTURE_NAMES[tile.adventure])}'
                       "</span>")
        out.append('</span><span class="glg-mid">')
        camps = [seat for at, seat in s.camps if at == c]
        if camps:
            flags = "".join(f'<span class="glg-camp" style="background:{SEAT_COLOURS[seat]}">'
                            "</span>" for seat in camps)
            out.append(f'<span class="glg-camps">{flags}</span>')
        if not preview:
            out.append(self.pawns(c))
        if c == GOAL:
            out.append(_temple_badge("temple"))
        if tile.treasure_field:
            gold = "#ffd54f" if s.treasure_at[c] else "transparent"
            out.append(f'<span class="glg-treasure" style="background:{gold};'
                       'box-shadow:inset 0 0 0 3px #ffd54f"></span>')
        out.append("</span>")
        line = _line_chips(tile)
        if line:
            out.append(f'<span class="glg-line" style="background:{back}">{line}</span>')
        out.append("</div>")
        return "".join(out)

    def pawns(self, c: int) -> str:
        """The adventurers on a space, the one to move larger.  Drawn, not clicked: a click
        on the adventurer's tile (or "End move") ends the movement there, a target as large
        as the tile on a phone's zoomed-out board."""
        s = self.state
        here = [seat for seat, at in enumerate(s.pos) if at == c]
        if not here:
            return ""
        out = ['<span class="glg-pawns">']
        for seat in here:
            name = self.label(seat)
            letter = escape(name[:1].upper() if not name.startswith("seat ") else name[5:6])
            style = f"background:{SEAT_COLOURS[seat]}"
            if seat == self.mover and s.phase == TURN:
                out.append(f'<span class="glg-pawn glg-turn" style="{style}" title="'
                           f'{escape(name)}\'s adventurer (to move): click the tile to end the '
                           f'movement here">{letter}</span>')
            else:
                out.append(f'<span class="glg-pawn" style="{style}" title="{escape(name)}\'s '
                           f'adventurer">{letter}</span>')
        out.append("</span>")
        return "".join(out)

    def exits(self) -> str:
        """The ways out of the adventurer's tile, as buttons of the action bar (a click on
        the neighbouring tile does the same): along a path, or by an ordeal."""
        s = self.state
        c = s.pos[self.mover]
        out = []
        for d, letter in enumerate(DIRECTIONS):
            to = NEIGHBOUR[c][d]
            if to < 0 or s.board[to] < 0:
                continue
            connected = bool(s.exits_at(c) >> d & 1 and s.exits_at(to) >> opposite(d) & 1)
            how = "along the path" if connected else "by an ordeal (4 articles)"
            text = f"{ARROWS[d]} {DIRECTION_WORDS[d]}" + ("" if connected else " (ordeal)")
            out.append(self.target(f"exit:{letter}", f"move {DIRECTION_WORDS[d]} {how}",
                                   "glg-btn glg-exit", "button", inner=escape(text)))
        if not out:
            return ""
        return f'<div class="glg-bar glg-compass-row"><span>Go:</span>{"".join(out)}</div>'

    # ---------------------------------------------------------------- panels
    def action_bar(self) -> str:
        s = self.state
        out = ['<section class="glg-panel"><h5>Actions</h5><div class="glg-bar">']
        if s.phase == PLACE:
            tile = s.tiles[s.drawn]
            line = _line_chips(tile)
            out.append(f"<span>Drawn: <b>{escape(tile.name)}</b>"
                       + (f" ({escape(ADVENTURE_NAMES[tile.adventure])})"
                          if tile.adventure is not None else "") + "</span>")
            if line:
                back, ink, _ = tile_colours(tile)
                out.append(f'<span class="glg-line" style="background:{back};color:{ink}">'
                           f"{line}</span>")
            if self.pick.at >= 0:  # shown on the board: turn it, lay it
                out.append('</div><div class="glg-bar">')
                out.append(self.button("rotate", "\u21bb Turn it",
                                       "turn the drawn tile a quarter clockwise"))
                out.append(self.button("place", "\u2713 Lay it here",
                                       f"lay the drawn tile where it is shown ("
                                       f"{cell_name(self.pick.at)}, turned "
                                       f"{self.pick.rotation} degrees)"))
            out.append("</div></section>")
            return "".join(out)
        pick = self.pick
        out.append(self.exits())
        if pick.kind == "move":
            d = pick.direction
            for m in variants(s, d):
                if m.mode == STEP_SURVIVE:
                    into = s.tile_at(NEIGHBOUR[s.pos[self.mover]][d])
                    cost = into.cost if into is not None else ""
                    text = f"survive again ({cost})"
                else:
                    text = "walk in by your camp"
                out.append(self.button(variant_target(m), text,
                                       f"move {DIRECTION_WORDS[d]}: {text}"))
        if pick.kind == "ordeal":
            for a in range(N_ARTICLES):
                n = pick.payment[a]
                if n > s.hand[a]:
                    text = f"\u2715 {n} {article_name(a, n)}"
                    out.append(self.button(f"unpay:{a}", text,
                                           f"take a {article_name(a)} back out of the payment"))
        out.append(self.button("endmove", "End move", "end the movement here"))
        out.append(self.button("dig", "Dig (2 provisions)",
                               "dig up the treasure with 2 provisions"))
        out.append(self.button("camp", "Camp", "put a camp on the adventure just survived"))
        mover = self.mover
        if s.camps_left[mover] == 0:
            here = s.pos[mover]
            for c in adventure.camp_spaces(s, mover):
                if c != here:
                    there = s.tile_at(c)
                    where = there.name if there is not None else cell_name(c)
                    out.append(self.button(f"camp:{cell_name(c)}", f"Camp from {where}",
                                           f"move your camp from {where} ({cell_name(c)}) "
                                           "to this tile"))
        if not s.options.beginners_grid:
            out.append(self.button("explore", "Explore", "take a tile from the stack"))
        out.append(self.button("pass", "Pass (+1 token)",
                               "pass: execute no action and take 1 discovery token"))
        out.append(self.button("endturn", "End turn", "finish the turn"))
        out.append("</div></section>")
        return "".join(out)

    def equipment_line(self) -> str:
        s = self.state
        tile = s.tile_at(s.pos[self.mover])
        if tile is None:
            return ""
        out = [f'<section class="glg-panel"><h5>Here: {escape(tile.name)}</h5>']
        if tile.adventure is not None:
            out.append(f'<div class="glg-row">{escape(ADVENTURE_NAMES[tile.adventure])}: red '
                       f"{_chips(tile.cost)}</div>")
        trade = tile.trade
        if trade is None:
            out.append("<div>No equipment to acquire here.</div></section>")
            return "".join(out)
        need = {"nothing": "nothing needed", "red": "for the red articles, ending here"}.get(
            trade.needs, "")
        left = escape(need) if need else f"having {_chips(trade.white)}"
        out.append(f'<div class="glg-row">{left} \u2192</div><div class="glg-row">')
        seen: set[Kit] = set()
        for alternative in trade.gives:
            kits = sorted(sub_kits(alternative), key=lambda k: (-k.size, k.counts))
            for k in kits:
                if not k or k in seen:
                    continue
                seen.add(k)
                out.append(self.target(acquire_target(k), f"acquire {k}", "glg-btn", "button",
                                       inner=_chips(k)))
        out.append("</div></section>")
        return "".join(out)

    def players(self) -> str:
        s = self.state
        out = ['<section class="glg-panel"><h5>Adventurers</h5>']
        for seat in range(s.players):
            name = self.label(seat)
            turn = " (to move)" if seat == self.mover else ""
            markers = [ADVENTURE_NAMES[k] for k, h in zip(ADVENTURES, s.markers, strict=True)
                       if h == seat]
            out.append(f'<div class="glg-seat"><div class="glg-row"><span class="glg-dot" '
                       f'style="background:{SEAT_COLOURS[seat]}"></span><b>{escape(name)}</b>'
                       f"{escape(turn)}</div><div>moves {BACKPACK_SPACES - sum(s.packs[seat])}"
                       f" &middot; tokens {s.tokens[seat]} &middot; gold {s.gold[seat]}"
                       f" &middot; camps left {s.camps_left[seat]} &middot; score "
                       f"<b>{s.scores()[seat]}</b></div>")
            out.append(f'<div class="glg-row">{self.backpack(seat)}</div>')
            if markers:
                out.append(f'<div class="glg-row">markers: {escape(", ".join(markers))}</div>')
            if seat == self.mover and any(s.hand):
                out.append(f'<div class="glg-row">held from an exchange, outside the backpack '
                           f"(use at once): "
                           f"{_chips(Kit.from_counts(s.hand))}</div>")
            out.append("</div>")
        out.append("</section>")
        return "".join(out)

    def backpack(self, seat: int) -> str:
        """The 12 spaces, each article's spaces one target for the player to move."""
        s = self.state
        pack = s.packs[seat]
        contents = spaces(pack)
        free = BACKPACK_SPACES - sum(pack)
        out = ['<span class="glg-pack">']
        for number in range(1, free + 1):
            limit = " glg-limit" if number == free else ""
            out.append(f'<span class="glg-space glg-free{limit}"><small>{number}</small>'
                       "</span>")
        number = free
        index = 0
        objects = [o for o in contents if o is not None]
        while index < len(objects):
            item = objects[index]
            run = objects.count(item)
            a = OBJECTS.index(item)
            short, back, ink = ARTICLE_STYLE[item]
            boxes = "".join(
                f'<span class="glg-space" style="background:{back};color:{ink}">'
                f"<small>{number + k + 1}</small>{short}</span>" for k in range(run))
            if seat == self.mover and s.phase == TURN:
                if self.pick.kind == "ordeal":
                    label = f"use a {article_name(a)} for the ordeal"
                else:
                    label = f"discard a {article_name(a)} before moving ({run} in the backpack)"
                out.append(self.target(f"pack:{a}", label, "glg-group", "button", inner=boxes))
            else:
                out.append(f'<span class="glg-group" title="{run} '
                           f'{escape(article_name(a, run))}">{boxes}</span>')
            number += run
            index += run
        out.append("</span>")
        return "".join(out)

    def stock(self) -> str:
        s = self.state
        out = ['<section class="glg-panel"><h5>Stock</h5><div class="glg-row">']
        for a in range(N_ARTICLES):
            name = OBJECTS[a]
            _, back, ink = ARTICLE_STYLE[name]
            chip = (f'<span class="glg-chip" style="background:{back};color:{ink}">'
                    f"{escape(name)} {s.stock[a]}</span>")
            if self.mover >= 0:
                room = BACKPACK_SPACES - sum(s.packs[self.mover]) > 0
                where = "into the backpack" if room else "held for immediate use (the " \
                                                         "backpack is full)"
                out.append(self.target(f"stock:{a}", f"exchange {s.rate} discovery tokens for "
                                                     f"a {name} {where} ({s.stock[a]} in stock)",
                                       "glg-btn", "button", inner=chip))
                if room:
                    # "Exchanged articles which you immediately use (discard) … need not be
                    # put into your backpack."
                    out.append(self.target(
                        f"stock-use:{a}", f"exchange {s.rate} discovery tokens for a {name} to "
                        "use at once: held outside the backpack for the next payment (an "
                        "adventure, an ordeal or digging)", "glg-btn glg-use", "button",
                        inner="\u2192 use"))
            else:
                out.append(chip)
        out.append(f'</div><div>{s.rate} discovery tokens buy 1 article (\u2192 use: kept out '
                   f"of the backpack for the next payment) &middot; tokens in "
                   f"stock {s.token_stock} &middot; treasures {s.treasure_stock} &middot; "
                   f"face-down tiles {len(s.unseen)}</div></section>")
        return "".join(out)

    def temple(self) -> str:
        s = self.state
        out = ['<section class="glg-panel"><h5>Temple and adventure markers</h5>',
               f"<div>amulets {s.amulets_left} &middot; bonus field {s.bonus} gold &middot; "
               f"reserve field {s.reserve} gold</div><div class=\"glg-row\">"]
        values = s.tileset.marker_values()
        for key, holder, value in zip(ADVENTURES, s.markers, values, strict=True):
            back, ink, _ = TILE_COLOURS[key]
            who = f": {self.label(holder)}" if holder >= 0 else ""
            out.append(f'<span class="glg-chip" style="background:{back};color:{ink}">'
                       f"{escape(ADVENTURE_NAMES[key])} {value}{escape(who)}</span>")
        out.append("</div></section>")
        return "".join(out)


def _temple_badge(text: str) -> str:
    back, ink = TEMPLE_COLOURS
    return f'<span class="glg-temple" style="background:{back};color:{ink}">{escape(text)}</span>'


def _article(name: str, border: str) -> str:
    """One article of an equipment line: its sign (see the legend) in its colours, with
    the border that says what it does (red, white, black or yellow, as on the tiles)."""
    short, back, ink = ARTICLE_STYLE[name]
    return (f'<span class="glg-art glg-{border}" style="background:{back};color:{ink}" '
            f'title="{escape(name)}, {border}-bordered">{short}</span>')


def _kit_chips(kit: Kit, border: str) -> str:
    return "".join(_article(name, border) * n for name, n in kit.items())


def _line_chips(tile: Tile) -> str:
    """A tile's equipment line as the tile shows it: the red-bordered articles of its
    adventure, the white-bordered ones needed, the arrow, the black-bordered ones acquired
    (``/`` between alternatives), and the yellow-bordered provisions of a treasure field."""
    out = []
    if tile.adventure is not None:
        out.append(_kit_chips(tile.cost, "red"))
    trade = tile.trade
    if trade is not None:
        if trade.needs not in ("nothing", "red"):
            out.append(_kit_chips(trade.white, "white"))
        gives = '<span class="glg-or">/</span>'.join(_kit_chips(g, "black") for g in trade.gives)
        out.append(f"\u2192{gives}")
    if tile.treasure_field:
        out.append(_kit_chips(Kit.from_counts(_TWO_PROVISIONS), "yellow"))
    return "".join(out)


_TWO_PROVISIONS = tuple(2 if name == "provision" else 0 for name in OBJECTS)

LEGEND_ROLES = (
    ("red", "red border: use (discard) them to survive the tile's adventure"),
    ("white", "white border: have it in your backpack (you keep it) to acquire what the "
              "arrow points to"),
    ("black", "black border: what you acquire (/ between them: choose one)"),
    ("yellow", "yellow border, by the octagonal treasure field: use 2 provisions to dig up "
               "the treasure"),
)


def legend() -> str:
    """How to read a tile: the signs of the articles and what their borders mean (the
    rulebook's "The equipment line")."""
    signs = "".join(
        f'<span class="glg-sign">{_article(name, "black")} {escape(name)}</span>'
        for name in OBJECTS if name in ARTICLE_STYLE)
    roles = "".join(
        f"<dt>{_article('provision', border)}</dt><dd>{escape(text)}</dd>"
        for border, text in LEGEND_ROLES)
    return ('<section class="glg-panel glg-legend"><h5>Reading a tile: the equipment line'
            f'</h5><div class="glg-row">{signs}</div><dl>{roles}</dl></section>')


def _selected(pick: Pick, target: str, state: GoldlandState, mover: int) -> bool:
    if pick.kind in ("move", "ordeal"):
        return target in direction_targets(state, mover, pick.direction)
    if pick.kind == "place":
        return target == cell_target(pick.at)
    return False


def _chips(kit: Kit) -> str:
    out = []
    for name, n in kit.items():
        _, back, ink = ARTICLE_STYLE[name]
        text = f"{n} \u00d7 {name}" if n > 1 else name
        out.append(f'<span class="glg-chip" style="background:{back};color:{ink}">'
                   f"{escape(text)}</span>")
    return " ".join(out) or "nothing"


__all__ = ["SEAT_COLOURS", "TILE_COLOURS", "board_html", "tile_colours", "tile_svg",
           "tileset_svg", "view_html"]


def tile_colours(tile: Tile) -> tuple[str, str, str]:
    """(background, ink, path) of a tile: by its adventure, else by its kind."""
    return TILE_COLOURS[tile.adventure or tile.kind]


def board_html(state: GoldlandState, seat: int | None, selection: str,
               legal: frozenset[str], names: Sequence[str]) -> str:
    """The board fragment of ``state`` as ``seat`` sees it (Goldland hides nothing)."""
    return _Drawing(state, seat, selection, legal, names).html()


def view_html(view: GoldlandView, names: Sequence[str] = ()) -> str:
    """The table as an observation shows it (its ``_repr_html_`` in a notebook): the view's
    picture, without click targets, action bar or hints (root classes ``gl-board gl-state
    gl-goldland``).  Goldland hides nothing but the order of the face-down tiles, so the
    observation holds all the picture draws."""
    return _Drawing(_Position(view), view.player, "", frozenset(), names,  # type: ignore[arg-type]
                    static=True).html()


class _Position:
    """The position an observation holds, read as the picture reads a state."""

    def __init__(self, view: GoldlandView) -> None:
        held = view._held
        self.players, self.current_player, self.round = held.players, held.to_move, held.round
        self.phase, self.tileset, self.tiles = held.phase, held.tileset, held.tileset.tiles
        self.pos, self.tokens, self.gold = held.pawns, held.tokens, held.gold
        self.camps_left, self.camps = held.camps_left, held.camps
        self.token_stock, self.treasure_stock = held.token_stock, held.treasure_stock
        self.amulets_left, self.bonus, self.reserve = held.amulets_left, held.bonus, held.reserve
        self.first_arrival, self.rate = held.first_arrival, held.exchange_rate
        self.end_reason, self.capped = held.end_reason, held.capped
        self.board, self.treasure_at = held.codes, held.treasure_at
        self.packs, self.markers = held.pack_counts, held.marker_holders
        self.stock, self.unseen = held.stock_counts, held.unseen
        (self.turn, self.move, self.allowance, self.steps, self.path, self.acquired,
         self.explored, self.acted, self.camp_right, self.red_here, self.hand, self.drawn,
         self.explore_at) = held.progress
        self.options = SimpleNamespace(beginners_grid=held.beginners_grid)
        self._view = view

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def outcome(self) -> Outcome | None:
        return self._view.outcome

    def scores(self) -> tuple[int, ...]:
        return self._view.scores

    def tile_at(self, c: int) -> Tile | None:
        return self._view.tile(c)

    def exits_at(self, c: int) -> int:
        return self._view.exits(c)


# ---------------------------------------------------------------- the tile sheet (SVG)
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
        parts.append(f"{n if n > 1 else ''}{ARTICLE_STYLE[name][0]}")
    return "+".join(parts)


def tile_svg(tile: Tile, x: float, y: float, quarter_turns: int, size: int = 72,
             label: bool = True) -> str:
    """One tile at (x, y), turned clockwise by ``quarter_turns``, as an SVG group in the
    colours of the board (:func:`tile_colours`)."""
    fill, ink, road = tile_colours(tile)
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
            out.append(f'<line x1="{cx}" y1="{cy}" x2="{ex}" y2="{ey}" stroke="{road}" '
                       'stroke-width="6" stroke-linecap="round"/>')
        elif rotate(tile.stubs, quarter_turns) >> d & 1:
            mx, my = cx + (ex - cx) * 0.55, cy + (ey - cy) * 0.55
            out.append(f'<line x1="{cx}" y1="{cy}" x2="{mx}" y2="{my}" stroke="{road}" '
                       'stroke-width="6" stroke-linecap="butt" stroke-dasharray="4 2"/>')
    if tile.kind == "coastal" or tile.kind == "start":
        out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="{road}"/>')
    if tile.adventure is not None:
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{s * 0.17}" fill="#fff8" stroke="#b22" '
            f'stroke-width="2"/><text x="{cx}" y="{cy + 4}" text-anchor="middle" '
            f'font-size="{s * 0.17:.0f}" font-weight="700" fill="#b22">'
            f"{ADVENTURE_NAMES[tile.adventure][0]}</text>"
        )
        out.append(f'<text x="{x + 4}" y="{y + 11}" font-size="8" fill="{ink}" '
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
                   f'fill="{ink}">{escape(tile.id)}</text>')
        out.append(f'<text x="{x + 4}" y="{y + s - 4}" font-size="8" fill="{ink}">'
                   f"{escape(_line_text(tile))}</text>")
    out.append("</g>")
    return "".join(out)


def _octagon(cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    k = r * 0.414
    pts = [(cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k),
           (cx + k, cy + r), (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k)]
    text = " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
    return f'<polygon points="{text}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>'


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
