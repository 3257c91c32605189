"""Gold!'s one picture: the offer, the draw pile and each player's tableau and scoring
pile, as cards big enough for a projector, every card a click target.

The view's board (:func:`table_html`, through the presenter), an observation's own
picture in a notebook (:func:`view_html`, its ``_repr_html_``) and the raster image
(:mod:`goldlab.games.gold.raster`) all draw from here, in :data:`CARD_COLOURS`.

An HTML fragment with one scoped ``<style>`` (root classes ``gl-board gl-gold``), no
script and nothing from the net.  Text and backgrounds use JupyterLab's theme
variables (with light fallbacks), so the table reads in the light and the dark theme;
cards are saturated colours with white bold text (contrast 5:1 or more).  The ids of
the targets are those of :mod:`goldlab.games.gold.clicks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from goldlab.core.state import CHANCE, TERMINAL
from goldlab.games.gold.cards import Card
from goldlab.games.gold.clicks import (
    NO_BONUS,
    card_ids,
    offer_prefix,
    selected_card,
    tableau_prefix,
)
from goldlab.games.gold.observation import scored_in_public
from goldlab.games.gold.rules import BONUS, OVER, points
from goldlab.games.gold.words import card_name, seat_names

if TYPE_CHECKING:
    from goldlab.games.gold.observation import GoldView
    from goldlab.games.gold.state import GoldState

CARD_COLOURS = {
    "green": "#1e7b45",
    "blue": "#1f5fc4",
    "violet": "#7140c4",
    "red": "#c0392b",
    "orange": "#b45309",
    "pink": "#b83280",
}
"""Card faces: each colour dark enough for white bold text (contrast 5:1 or more)."""
CARD_BACK = "#6b4a1b"
"""The back of a card (face-down piles, the draw pile)."""

_COLOUR_RULES = "".join(
    f".gl-board.gl-gold .gl-c-{name} {{ background-color: {hexa}; }}\n"
    for name, hexa in CARD_COLOURS.items()
)

STYLE = (
    """<style>
.gl-board.gl-gold { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 16px; line-height: 1.3; color: var(--jp-ui-font-color1, #222);
  background: var(--jp-layout-color1, #fff); border: 1px solid var(--jp-border-color1, #ccc);
  border-radius: 10px; padding: 10px; max-width: 100%; box-sizing: border-box; }
.gl-board.gl-gold * { box-sizing: border-box; }
.gl-board.gl-gold .gl-status { font-size: 18px; font-weight: 600; margin: 0 0 8px 0; }
.gl-board.gl-gold .gl-middle { display: flex; flex-wrap: wrap; gap: 10px;
  align-items: stretch; }
.gl-board.gl-gold .gl-zone, .gl-board.gl-gold .gl-player {
  background: var(--jp-layout-color2, #eee); color: var(--jp-ui-font-color1, #222);
  border-radius: 8px; padding: 6px 8px; max-width: 100%; }
.gl-board.gl-gold .gl-player { margin-top: 10px; border-left: 6px solid transparent; }
.gl-board.gl-gold .gl-to-move { border-left-color: var(--jp-brand-color1, #1976d2); }
.gl-board.gl-gold .gl-title { font-size: 13px; font-weight: 700; text-transform: uppercase;
  letter-spacing: .04em; margin: 2px 0 4px 0; }
.gl-board.gl-gold .gl-name { font-size: 20px; font-weight: 700; }
.gl-board.gl-gold .gl-badge { display: inline-block; margin-left: 6px; padding: 1px 8px;
  border-radius: 10px; font-size: 13px; font-weight: 700; color: #fff; background: #1565c0; }
.gl-board.gl-gold .gl-rows { display: flex; flex-wrap: wrap; gap: 6px 18px; }
.gl-board.gl-gold .gl-cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  min-height: 88px; padding: 2px; }
.gl-board.gl-gold .gl-none { font-style: italic; padding: 0 4px; }
.gl-board.gl-gold .gl-card { display: inline-flex; flex-direction: column; align-items: center;
  justify-content: space-between; width: 60px; height: 84px; padding: 5px 2px;
  border-radius: 7px; color: #fff; font-weight: 700; border: 2px solid rgba(255,255,255,.55);
  box-shadow: 0 1px 3px rgba(0,0,0,.45); user-select: none; flex: 0 0 auto; }
.gl-board.gl-gold .gl-value { font-size: 30px; line-height: 1; }
.gl-board.gl-gold .gl-tag { font-size: 11px; line-height: 1; letter-spacing: .02em; }
.gl-board.gl-gold .gl-donkey { background-image: repeating-linear-gradient(135deg,
  rgba(0,0,0,.22) 0 5px, rgba(0,0,0,0) 5px 10px); }
.gl-board.gl-gold .gl-back { background: repeating-linear-gradient(45deg, #6b4a1b 0 6px,
  #5a3d14 6px 12px); }
.gl-board.gl-gold .gl-target { cursor: pointer; }
.gl-board.gl-gold .gl-target:hover { filter: brightness(1.08); }
.gl-board.gl-gold .gl-target:focus-visible { outline: 3px solid var(--jp-brand-color1, #1976d2);
  outline-offset: 2px; }
.gl-board.gl-gold .gl-legal { box-shadow: 0 0 0 4px var(--jp-brand-color1, #1976d2),
  0 2px 6px rgba(0,0,0,.45); }
.gl-board.gl-gold .gl-selected { transform: translateY(-8px);
  box-shadow: 0 0 0 5px var(--jp-warn-color0, #ef6c00), 0 4px 8px rgba(0,0,0,.5); }
.gl-board.gl-gold .gl-button { display: inline-block; margin: 8px 0 0 0; padding: 10px 18px;
  border-radius: 8px; font-size: 18px; font-weight: 700; color: var(--jp-ui-font-color1, #222);
  background: var(--jp-layout-color1, #fff); border: 2px solid var(--jp-border-color1, #ccc); }
.gl-board.gl-gold .gl-chip { display: inline-block; padding: 1px 6px; margin: 1px;
  border-radius: 4px; color: #fff; font-weight: 700; font-size: 14px; }
.gl-board.gl-gold .gl-note { font-size: 14px; }
.gl-board.gl-gold table { border-collapse: collapse; margin-top: 6px; }
.gl-board.gl-gold th, .gl-board.gl-gold td { border: 1px solid var(--jp-border-color1, #ccc);
  padding: 3px 8px; text-align: left; }
"""
    + _COLOUR_RULES
    + "</style>"
)


def chip_html(c: Card) -> str:
    """A small inline card (for tables and sentences); styled inline, so it needs no sheet."""
    return (
        f'<span class="gl-chip" style="background:{CARD_COLOURS[c.colour]};color:#fff;'
        f'font-weight:700;padding:1px 6px;border-radius:4px;display:inline-block">'
        f"{escape(card_name(c))}</span>"
    )


def chips_html(cs: Sequence[Card]) -> str:
    """Small inline cards, or a dash."""
    return " ".join(chip_html(c) for c in cs) or "&ndash;"


def _face(c: Card) -> str:
    value = "&minus;2" if c.is_donkey else str(c.value)
    return (
        f'<span class="gl-tag">{c.colour}</span><span class="gl-value">{value}</span>'
        f'<span class="gl-tag">{"donkey" if c.is_donkey else "gold"}</span>'
    )


def _card(c: Card) -> str:
    donkey = " gl-donkey" if c.is_donkey else ""
    return (
        f'<div class="gl-card gl-c-{c.colour}{donkey}" title="{card_name(c)}">{_face(c)}</div>'
    )


def _target_card(c: Card, target: str, says: str, legal: frozenset[str], selection: str) -> str:
    classes = f"gl-card gl-target gl-c-{c.colour}"
    if c.is_donkey:
        classes += " gl-donkey"
    if target in legal:
        classes += " gl-legal"
    if target == selection:
        classes += " gl-selected"
    said = escape(says)
    return (
        f'<div class="{classes}" data-target="{escape(target)}" tabindex="0" role="button" '
        f'title="{said}" aria-label="{said}">{_face(c)}</div>'
    )


def _backs(count: int, what: str) -> str:
    """A face-down pile as one card back with its size on it."""
    if not count:
        return ""
    return (
        f'<div class="gl-card gl-back" title="{count} {what}">'
        f'<span class="gl-tag">&nbsp;</span><span class="gl-value">{count}</span>'
        f'<span class="gl-tag">{"card" if count == 1 else "cards"}</span></div>'
    )


def _row(cards_html: str, empty: str = "none") -> str:
    inside = cards_html or (f'<span class="gl-none">{empty}</span>' if empty else "")
    return f'<div class="gl-cards">{inside}</div>'


FACE_DOWN_NOW = "card to remember: a card like it lies face down in a scoring pile now"
"""What an earlier position in memory mode says of a card of which a copy lies in a
scoring pile now."""


@dataclass(frozen=True)
class Lit:
    """A part of scoring on the table (``parts.py``): what the status line says, and the
    cards being scored, drawn lit (class ``gl-scoring``) where they lie after the part."""

    status: str
    piles: tuple[int, ...] = ()
    """Per seat, how many cards on top of the scoring pile are being scored."""
    discard: int = 0
    """How many of the last cards discarded are being scored."""
    tableau: tuple[str | None, ...] = ()
    """Per seat, the colour of the tableau's cards being scored (None: none)."""


@dataclass(frozen=True)
class _Drawing:
    """How one picture is drawn: whose eyes, who may click what, what is lit.

    ``clickable``: cards are click targets (the view's board) or plain (an observation's
    own picture in a notebook); ``root``: the board's classes."""

    seat: int | None
    label: Sequence[str]
    clickable: bool
    acting: int | None = None
    give: Card | None = None
    public: Sequence[Sequence[Card]] = ()
    declinable: bool = False
    selection: str = ""
    legal: frozenset[str] = frozenset()
    memory: bool = False
    masked: frozenset[Card] = frozenset()
    root: str = "gl-board gl-gold"
    lit: Lit | None = None

    def card(self, c: Card, target: str, says: str) -> str:
        """A card of the table: face down if masked, a click target if clickable."""
        if c in self.masked:
            return _backs(1, FACE_DOWN_NOW)
        if self.clickable:
            return _target_card(c, target, says, self.legal, self.selection)
        return _card(c)


def table_html(state: GoldState, seat: int | None, *, selection: str = "",
               legal: frozenset[str] = frozenset(), memory: bool = False,
               names: Sequence[str] = (), masked: frozenset[Card] = frozenset(),
               lit: Lit | None = None) -> str:
    """The whole table as ``seat`` sees it (None: everything); see the module docstring.

    ``masked``: cards drawn face down (no face, no target) wherever they lie: in memory
    mode, on an earlier position, the cards that lie in a scoring pile now.  ``lit``: a
    part of scoring, its status line and its cards lit."""
    view = state.omniscient() if seat is None else state.observation(seat)
    mover = view.to_move if lit is None else TERMINAL  # a part of scoring: nobody moves
    acting = mover if mover >= 0 and (seat is None or seat == mover) else None
    return _draw(view, _Drawing(
        seat, seat_names(view.players, names), clickable=True, acting=acting,
        give=selected_card(state, acting, selection), public=scored_in_public(state),
        declinable=state.options.bonus_may_be_declined, selection=selection, legal=legal,
        memory=memory, masked=masked, lit=lit))


def view_html(view: GoldView, names: Sequence[str] = ()) -> str:
    """The table as an observation shows it (its ``_repr_html_`` in a notebook): the view's
    picture, without click targets (root classes ``gl-board gl-state gl-gold``)."""
    return _draw(view, _Drawing(
        view.player, seat_names(view.players, names), clickable=False,
        public=tuple(() for _ in range(view.players)), root="gl-board gl-state gl-gold"))


def _draw(view: GoldView, d: _Drawing) -> str:
    """The picture of ``view`` as ``d`` says: the status line, the offer and the draw pile,
    each player's tableau and scoring pile, and what lies outside the game."""
    lit = d.lit
    status = (lit.status if lit is not None
              else _status(view, d.seat, d.label, d.give, d.declinable, d.clickable))
    return "".join((
        STYLE, f'<div class="{d.root}" data-seat="{"" if d.seat is None else d.seat}">',
        f'<div class="gl-status" role="status">{escape(status)}</div>',
        _middle(view, d),
        *(_player(view, d, s) for s in range(view.players)),
        _outside(view, d),
        "</div>",
    ))


def _middle(view: GoldView, d: _Drawing) -> str:
    """The middle of the table: the offer, the draw pile and, at a set, "No bonus"."""
    mover = view.to_move if d.lit is None else TERMINAL
    offer_cards = "".join(
        d.card(c, target, _offer_says(c, view.phase, d.acting, d.give))
        for c, target in zip(view.offer, card_ids(offer_prefix(), view.offer), strict=True))
    draw = _backs(view.draw_pile, "cards in the draw pile")
    removed = view.removed_unseen
    draw_note = (f"{view.draw_pile} left, {removed} removed face down" if view.draw_pile
                 else "empty: Grand Final!" if view.grand_final and mover != TERMINAL else "empty")
    html = (
        '<div class="gl-middle">'
        f'<div class="gl-zone gl-offer"><div class="gl-title">Offer</div>'
        f'{_row(offer_cards, "no cards on offer")}</div>'
        f'<div class="gl-zone gl-draw"><div class="gl-title">Draw pile</div>'
        f'{_row(draw, "")}<div class="gl-note">{escape(draw_note)}</div></div>'
        "</div>"
    )
    if view.phase == BONUS and d.clickable:
        says = "No bonus: score the set without taking a card"
        classes = "gl-button gl-target" + (" gl-legal" if NO_BONUS in d.legal else "")
        html += (f'<div class="{classes}" data-target="{NO_BONUS}" tabindex="0" role="button" '
                 f'title="{says}" aria-label="{says}">No bonus</div>')
    return html


def _player(view: GoldView, d: _Drawing, s: int) -> str:
    """Seat ``s``'s place at the table: its name, its tableau and its scoring pile."""
    lit = d.lit
    mover = view.to_move if lit is None else TERMINAL
    tableau = view.tableaux[s]
    cards_html = []
    for c, target in zip(tableau, card_ids(tableau_prefix(s), tableau), strict=True):
        card = d.card(c, target, _tableau_says(c, s, d.label, view.phase, d.acting, d.give))
        lit_here = c not in d.masked and lit is not None and c.colour in lit.tableau[s:s + 1]
        cards_html.append(_lighted(card, lit_here))
    pile_html, pile_note = _scoring_pile(view, d, s)
    badges = ""
    if s == d.seat:
        badges += '<span class="gl-badge gl-you">you</span>'
    if s == mover:
        badges += '<span class="gl-badge">to move</span>'
    return (
        f'<div class="gl-player{" gl-to-move" if s == mover else ""}" data-seat="{s}">'
        f'<div><span class="gl-name">{escape(d.label[s])}</span>{badges}</div>'
        '<div class="gl-rows">'
        f'<div class="gl-tableau"><div class="gl-title">Tableau</div>'
        f'{_row("".join(cards_html))}</div>'
        f'<div class="gl-pile"><div class="gl-title">Scoring pile</div>{_row(pile_html, "empty")}'
        f'<div class="gl-note">{escape(pile_note)}</div></div>'
        "</div></div>"
    )


def _scoring_pile(view: GoldView, d: _Drawing, s: int) -> tuple[str, str]:
    """Seat ``s``'s scoring pile (the cards the viewer may know face up) and its note."""
    pile = view.scoring_piles[s]
    size = view.pile_sizes[s]
    if d.memory:
        shown: tuple[Card, ...] = ()
    elif pile is not None:
        shown = pile
    else:
        shown = tuple(d.public[s][:size])
    hidden = size - len(shown)
    lit = d.lit
    scored = len(shown) - (lit.piles[s] if lit is not None and s < len(lit.piles) else 0)
    pile_html = "".join(_lighted(_card(c), i >= scored) for i, c in enumerate(shown)) \
        + _backs(hidden, "cards face down")
    if size == 0:
        pile_note = ""
    elif hidden == 0:
        pile_note = f"{points(shown)} points"
    elif shown:
        pile_note = f"{points(shown)} points seen, {hidden} face down"
    else:
        pile_note = f"{hidden} face down" if not d.memory else f"{hidden} face down: remember!"
    return pile_html, pile_note


def _outside(view: GoldView, d: _Drawing) -> str:
    """Below the players: the final scores (an observation's own picture), the cards
    discarded in colour scoring, the box (2 players) and the unseen cards."""
    parts = []
    if view.outcome is not None and not d.clickable:  # the view shows its own banner
        scores = ", ".join(f"{d.label[s]} {p}" for s, p in enumerate(view.outcome.scores))
        parts.append(f'<div class="gl-zone gl-final"><div class="gl-title">Final scores</div>'
                     f"{escape(scores)}</div>")
    if view.discard:
        fresh = len(view.discard) - (d.lit.discard if d.lit is not None else 0)
        chips = " ".join(_lighted(chip_html(c), i >= fresh) for i, c in enumerate(view.discard))
        parts.append(f'<div class="gl-zone gl-discard"><div class="gl-title">Discarded in colour '
                     f"scoring</div>{chips}</div>")
    if view.box:
        parts.append(f'<div class="gl-note">In the box (2 players): {chips_html(view.box)}</div>')
    if view.unseen is not None and not d.memory:
        unseen = [c for c, n in view.unseen for _ in range(n)]
        parts.append(
            f"<details class=\"gl-note\"><summary>Unseen cards ({len(unseen)}): "
            f"{view.draw_pile} in the draw pile, {view.removed_unseen} out of the game face "
            f"down</summary>{chips_html(unseen)}</details>"
        )
    return "".join(parts)


def _lighted(html: str, on: bool) -> str:
    """A card's (or chip's) HTML, lit as being scored if ``on``: class ``gl-scoring``."""
    return html.replace('class="', 'class="gl-scoring ', 1) if on else html


def _status(view: GoldView, seat: int | None, label: Sequence[str], give: Card | None,
            declinable: bool, clickable: bool = True) -> str:
    mover = view.to_move
    if mover == TERMINAL:
        outcome = view.outcome
        assert outcome is not None
        who = " and ".join(label[w] for w in outcome.winners)
        return f"Game over: {who} {'share the victory' if outcome.shared else 'wins'}."
    if mover == CHANCE:
        return "Cards are being revealed from the draw pile."
    name = label[mover]
    final = " Grand Final: the draw pile is empty." if view.grand_final else ""
    if seat is not None and seat != mover:
        return f"{name} to move; you are {label[seat]}.{final}"
    if not clickable:
        bonus = (f" ({name} completed a {view.set_colour} set and takes a bonus card)"
                 if view.phase == BONUS else "")
        return f"{name} to move{bonus}.{final}"
    if view.phase == BONUS:
        return (f"{name} completed a {view.set_colour} set: click an opponent's card to take "
                f"it as the bonus{', or No bonus' if declinable else ''}."
                f"{final}")
    if give is not None:
        return (f"{name} exchanges the {card_name(give)}: click a card on offer to take for it, "
                f"or the {card_name(give)} again to cancel.{final}")
    return (f"{name} to move: click a lowest card on offer to take it, or one of your cards "
            f"and then a card on offer to exchange.{final}")


def _offer_says(c: Card, phase: str, acting: int | None, give: Card | None) -> str:
    what = f"{card_name(c)} on offer"
    if acting is None or phase == OVER:
        return what
    if phase == BONUS:
        return f"{what}: the set bonus comes first"
    if give is not None:
        return f"{what}: click to take it in exchange for your {card_name(give)}"
    return f"{what}: click to take it"


def _tableau_says(c: Card, owner: int, label: Sequence[str], phase: str, acting: int | None,
                  give: Card | None) -> str:
    what = f"{label[owner]}'s {card_name(c)}"
    if acting is None:
        return what
    if phase == BONUS:
        if owner == acting:
            return f"{what} (the bonus card comes from an opponent)"
        return f"{what}: click to take it as the set bonus"
    if owner != acting:
        return f"{what} (taken only as a set bonus)"
    if give is c:
        return f"{what}: click again to cancel the exchange"
    return f"{what}: click, then a card on offer, to exchange it"
