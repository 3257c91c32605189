"""HTML pictures of a Gold! position for Jupyter (no imports beyond the stdlib).

The root element has the CSS classes ``gl-state gl-gold`` so views and browser
tests can find it.  Cards are drawn as small coloured tiles, tableaux sorted
by colour; face-down scoring piles show only their size.
"""

from __future__ import annotations

from html import escape

from goldlab.core.state import CHANCE, TERMINAL
from goldlab.games.gold.cards import Card
from goldlab.games.gold.observation import GoldView

PALETTE = {
    "green": "#2e8b57",
    "blue": "#2a6fdb",
    "violet": "#8a4fd6",
    "red": "#d64545",
    "orange": "#e8892b",
    "pink": "#e05aa8",
}

STYLE = """
<style>
.gl-gold { font-family: system-ui, sans-serif; font-size: 13px; color: #222;
  border: 1px solid #d9c27a; border-radius: 8px; padding: 8px 10px; background: #fffbea;
  max-width: 760px; }
.gl-gold h4 { margin: 2px 0 6px 0; font-size: 14px; }
.gl-gold .gl-row { display: flex; align-items: center; gap: 6px; margin: 4px 0; flex-wrap: wrap; }
.gl-gold .gl-label { min-width: 92px; font-weight: 600; }
.gl-gold .gl-card { display: inline-flex; flex-direction: column; align-items: center;
  justify-content: center; width: 34px; height: 46px; border-radius: 5px; color: white;
  font-weight: 700; font-size: 15px; box-shadow: 0 1px 2px rgba(0,0,0,.35); }
.gl-gold .gl-card small { font-size: 8px; font-weight: 400; opacity: .9; }
.gl-gold .gl-back {
  background: repeating-linear-gradient(45deg,#8b6d2a,#8b6d2a 4px,#a5843a 4px,#a5843a 8px); }
.gl-gold .gl-turn { background: #fff1b8; border-radius: 6px; }
.gl-gold .gl-muted { color: #777; }
.gl-gold .gl-log { font-family: ui-monospace, monospace; font-size: 11px; color: #444;
  white-space: pre-wrap; margin-top: 6px; }
</style>
"""


def card_html(c: Card) -> str:
    """One card as a coloured tile: value (or a donkey) on the colour."""
    face = "&minus;2" if c.is_donkey else str(c.value)
    label = "donkey" if c.is_donkey else c.colour
    return (
        f'<span class="gl-card" title="{escape(str(c))}" style="background:{PALETTE[c.colour]}">'
        f"{face}<small>{escape(label)}</small></span>"
    )


def cards_html(cs: tuple[Card, ...]) -> str:
    """A row of cards, or a dash when there are none."""
    return "".join(card_html(c) for c in cs) or '<span class="gl-muted">-</span>'


def _backs(n: int) -> str:
    if not n:
        return '<span class="gl-muted">empty</span>'
    shown = "".join('<span class="gl-card gl-back"></span>' for _ in range(min(n, 3)))
    return f"{shown} <span>{n} card{'s' if n != 1 else ''}</span>"


def view_html(view: GoldView) -> str:
    """The whole position: status, offer, tableaux, scoring piles, last step."""
    who = "omniscient view" if view.player is None else f"seat {view.player}'s view"
    if view.to_move == TERMINAL:
        status = "Game over"
    elif view.to_move == CHANCE:
        status = "chance to move"
    else:
        status = f"seat {view.to_move} to move" + (
            f" (choose a bonus card for the {view.set_colour} set)" if view.phase == "bonus" else ""
        )
    if view.grand_final and view.to_move != TERMINAL:
        status += " - Grand Final!"
    parts = [STYLE, '<div class="gl-state gl-gold">']
    parts.append(f"<h4>Gold! &middot; {escape(status)} <span class='gl-muted'>({who})</span></h4>")
    parts.append(
        f'<div class="gl-row"><span class="gl-label">Offer</span>{cards_html(view.offer)}'
        f'<span class="gl-muted">&nbsp; draw pile {view.draw_pile}, '
        f"{view.removed_unseen} removed face down</span></div>"
    )
    for seat in range(view.players):
        turn = " gl-turn" if seat == view.to_move else ""
        pile = view.scoring_piles[seat]
        pile_html = cards_html(pile) if pile is not None else _backs(view.pile_sizes[seat])
        score = view.scores[seat]
        score_text = f"{score} points" if score is not None else "points hidden"
        parts.append(
            f'<div class="gl-row gl-seat{turn}"><span class="gl-label">Seat {seat}</span>'
            f"{cards_html(view.tableaux[seat])}</div>"
            f'<div class="gl-row"><span class="gl-label gl-muted">scoring pile</span>'
            f'{pile_html}<span class="gl-muted">&nbsp;{score_text}</span></div>'
        )
    if view.outcome is not None:
        winners = " and ".join(f"seat {w}" for w in view.outcome.winners)
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(view.outcome.scores))
        shared = " (shared victory)" if view.outcome.shared else ""
        parts.append(
            f'<div class="gl-row gl-final"><b>Final scores</b>&nbsp;{escape(scores)} '
            f"&mdash; winner {escape(winners)}{shared}</div>"
        )
    if view.unseen is not None:
        unseen = " ".join(f"{c}x{n}" if n > 1 else str(c) for c, n in view.unseen)
        what = "the 2 removed face down" if not view.draw_pile else "draw pile + 2 removed"
        parts.append(f'<div class="gl-row gl-muted">unseen ({what}): {escape(unseen)}</div>')
    if view.last:
        parts.append(f'<div class="gl-log">{escape(chr(10).join(view.last))}</div>')
    parts.append("</div>")
    return "".join(parts)


def view_text(view: GoldView) -> str:
    """A plain-text picture of the position, for terminals."""
    lines = [f"offer: {' '.join(map(str, view.offer)) or '-'}   draw pile: {view.draw_pile}"]
    for seat in range(view.players):
        pile = view.scoring_piles[seat]
        hidden = f"{view.pile_sizes[seat]} hidden"
        pile_text = " ".join(map(str, pile)) if pile is not None else hidden
        lines.append(
            f"seat {seat}{' *' if seat == view.to_move else '  '} "
            f"tableau: {' '.join(map(str, view.tableaux[seat])) or '-'} | pile: {pile_text or '-'}"
        )
    return "\n".join(lines)
