"""Mount Goldrush's one picture: the table as round cards, a pure function of what a seat sees.

:func:`picture` draws a :class:`~goldlab.games.goldrush.observation.GoldrushView` (a
seat's observation, or the omniscient view): the view's board
(``GoldrushPresenter.board_html``),
an observation's ``_repr_html_`` in a notebook (:func:`view_html`) and, for its colours
(:data:`FACES`), the raster image all draw it.  One style block (:data:`STYLE`), one palette.

Memory mode is the heart of the game: the board then draws face up only what
lies face up right now (this turn's cards), and everything else face down, so
the player must remember what was seen.  The cards turned since the player last
flipped are shown as a *glimpse* (:meth:`GoldrushPresenter.glimpse`: the table
as it lay when each was turned), and lie face down when the player's turn
begins, as the rules say; a teacher may keep the turn just played face up until
the next flip instead (``keep_last_turn``).  Without memory mode, cards seen
before are drawn with a pale face and a "seen" badge.  Everything here reads the
player's observation: every flip is public, and cards never flipped have no
identity yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape

from goldlab.core.state import CHANCE as CHANCE_SEAT
from goldlab.core.state import TERMINAL
from goldlab.games.goldrush.actions import Reveal
from goldlab.games.goldrush.cards import TABLE_SIZE, Card
from goldlab.games.goldrush.clicks import REVEAL_TARGET, TARGETS
from goldlab.games.goldrush.layout import GRID, ROWS, SIDE, place
from goldlab.games.goldrush.observation import GONE, UP, GoldrushView
from goldlab.games.goldrush.words import card_name, seat_names

FACES: Mapping[str, tuple[str, str]] = {
    "gold": ("#f2c230", "#2b1d00"),
    "green": ("#2e7d32", "#ffffff"),
    "orange": ("#b4530a", "#ffffff"),
    "blue": ("#1e5bc6", "#ffffff"),
    "red": ("#c62828", "#ffffff"),
    "violet": ("#7b3fc4", "#ffffff"),
    "dynamite": ("#2b2b2b", "#ffffff"),
}
"""(background, text) of each card face: bold text at 4.5:1 contrast or more."""
SEEN_FACES: Mapping[str, tuple[str, str]] = {
    "gold": ("#fbefc4", "#5c4400"),
    "green": ("#dcefdc", "#1b5e20"),
    "orange": ("#fde5cc", "#8a3c00"),
    "blue": ("#dbe6fb", "#163f8c"),
    "red": ("#fbdcdc", "#8e1b1b"),
    "violet": ("#eadcfb", "#5a2a96"),
    "dynamite": ("#e4e4e4", "#2b2b2b"),
}
"""(background, text) of the pale face a card seen before is drawn with."""
TABLE_COLOURS = ("#5b3f22", "#f3e3b5")
"""(background, text) of the wooden table the cards lie on."""
BADGE_COLOURS = ("#ffffff", "#222222")
"""(background, text) of the small badges on cards ("seen", "now")."""


def _css() -> str:
    r = ".gl-board.gl-goldrush"
    cards = "".join(
        f"{r} .gr-f-{k}{{background:{bg};color:{fg}}}" for k, (bg, fg) in FACES.items()
    ) + "".join(
        f"{r} .gr-s-{k}{{background:{bg};color:{fg}}}" for k, (bg, fg) in SEEN_FACES.items()
    )
    table_bg, table_fg = TABLE_COLOURS
    badge_bg, badge_fg = BADGE_COLOURS
    return f"""<style>
{r}{{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.35;
 color:var(--jp-ui-font-color1,#222);background:var(--jp-layout-color1,#fff);
 border:1px solid var(--jp-border-color1,#ccc);border-radius:10px;padding:10px;
 max-width:100%;box-sizing:border-box}}
{r} *{{box-sizing:border-box}}
{r} .gr-status{{font-size:1.15em;font-weight:700;margin:0 0 8px 0}}
{r} .gr-phase{{display:inline-block;padding:1px 8px;border-radius:999px;font-size:.85em;
 background:var(--jp-brand-color0,#1565c0);color:#fff}}
{r} .gr-muted{{color:var(--jp-content-font-color1,#333)}}
{r} .gr-scroll{{max-width:100%;overflow-x:auto}}
{r} .gr-table{{display:grid;gap:4px;width:100%;min-width:300px;max-width:680px;
 padding:8px;border-radius:12px;background:{table_bg};color:{table_fg};
 container-type:inline-size}}
{r} .gr-layout-free{{grid-template-columns:repeat(8,minmax(30px,1fr));padding-right:6%}}
{r} .gr-layout-free .gr-card{{scale:.8}}
{r} .gr-layout-grid{{grid-template-columns:1.2em repeat(8,minmax(30px,1fr))}}
{r} .gr-axis{{display:flex;align-items:center;justify-content:center;font-weight:700;
 font-size:.85em;color:{table_fg}}}
{r} .gr-card{{position:relative;aspect-ratio:1;border-radius:50%;display:flex;
 flex-direction:column;align-items:center;justify-content:center;font-weight:800;
 font-size:14px;font-size:clamp(11px,3.3cqw,24px);line-height:1;user-select:none;
 border:2px solid transparent}}
{r} .gr-card .gr-v{{font-size:1.35em}}
{r} .gr-card .gr-w{{font-size:.62em;font-weight:700;margin-top:1px}}
@container (max-width:440px){{{r} .gr-table .gr-w{{display:none}}
 {r} .gr-table .gr-badge{{font-size:8px}}}}
{r} .gr-back{{background:repeating-linear-gradient(45deg,#8b6d2a 0 4px,#a5843a 4px 8px);
 border-color:#d9b45a;box-shadow:0 1px 3px rgba(0,0,0,.6)}}
{r} .gr-seen{{border:3px dashed #8b6d2a}}
{r} .gr-up{{border:3px solid #fff;box-shadow:0 0 10px 3px #ffd54f}}
{r} .gr-empty{{border:2px dashed rgba(243,227,181,.45);background:transparent}}
{r} .gr-pending{{border:3px solid #ffd54f;animation:none}}
{r} .gr-badge{{position:absolute;bottom:-4px;left:50%;transform:translateX(-50%);
 padding:0 4px;border-radius:6px;font-size:9px;font-weight:700;line-height:1.4;
 background:{badge_bg};color:{badge_fg};white-space:nowrap}}
{r} .gl-target{{cursor:help}}
{r} .gl-target.gl-legal{{cursor:pointer}}
{r} .gr-card.gl-legal{{box-shadow:0 0 0 3px #ffd54f}}
{r} .gr-card.gl-legal:hover{{scale:1.07}}
{r} .gr-layout-free .gr-card.gl-legal:hover{{scale:.86}}
{r} .gl-target:focus-visible{{outline:3px solid var(--jp-brand-color1,#1976d2);
 outline-offset:2px}}
{r} .gl-selected{{outline:3px solid var(--jp-brand-color1,#1976d2)}}
{r} .gr-chance{{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:8px 0}}
{r} .gr-reveal{{display:inline-flex;flex-direction:column;align-items:center;gap:2px;
 padding:4px;border-radius:8px;border:1px solid var(--jp-border-color1,#ccc);
 background:var(--jp-layout-color2,#eee);color:var(--jp-ui-font-color1,#222);font-size:.8em}}
{r} .gr-reveal .gr-card{{width:44px;font-size:15px}}
{r} .gr-reveal.gl-legal{{border:2px solid var(--jp-brand-color1,#1976d2)}}
{r} .gr-mines{{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}}
{r} .gr-mine{{flex:1 1 160px;max-width:100%;padding:6px 8px;border-radius:8px;
 background:var(--jp-layout-color2,#eee);color:var(--jp-ui-font-color1,#222);
 border:1px solid var(--jp-border-color1,#ccc);border-left:6px solid var(--jp-border-color1,#ccc)}}
{r} .gr-mine.gr-to-move{{border-left-color:var(--jp-brand-color1,#1976d2)}}
{r} .gr-who{{font-weight:700;display:flex;flex-wrap:wrap;gap:4px;align-items:center}}
{r} .gr-chip{{display:inline-block;padding:0 6px;border-radius:6px;font-size:.8em;
 font-weight:700}}
{r} .gr-pile{{display:flex;flex-wrap:wrap;gap:3px;margin:4px 0}}
{r} .gr-coin{{display:inline-flex;width:28px;height:28px;border-radius:50%;align-items:center;
 justify-content:center;font-weight:800;font-size:14px}}
{r} .gr-coin.gr-back{{border-width:1px}}
{r} .gr-key{{font-size:.85em;margin-top:8px}}
{r} .gr-note{{font-size:.9em;margin-top:6px}}
{cards}
</style>"""


STYLE = _css()
"""The board's one style block, every rule scoped under ``.gl-board.gl-goldrush``."""


def _face_key(c: Card) -> str:
    if c.is_gold:
        return "gold"
    if c.is_dynamite:
        return "dynamite"
    assert c.colour is not None
    return c.colour


def _face_text(c: Card) -> str:
    if c.is_gold:
        return f'<span class="gr-v">{c.value}</span><span class="gr-w">gold</span>'
    if c.is_dynamite:
        return '<span class="gr-v">TNT</span><span class="gr-w">dynamite</span>'
    return f'<span class="gr-v">{c.value}</span><span class="gr-w">{c.colour}</span>'


def inline_card(c: Card) -> str:
    """A small card face with inline colours (for inspector pages, outside the board)."""
    bg, fg = FACES[_face_key(c)]
    return (f'<span style="display:inline-block;min-width:2.6em;padding:2px 6px;'
            f'border-radius:999px;background:{bg};color:{fg};font-weight:700;'
            f'text-align:center">{escape(_face_words(c))}</span>')


def _face_words(c: Card) -> str:
    """A card's face in words, short: "gold 3", "violet 2", "dynamite"."""
    if c.is_gold:
        return f"gold {c.value}"
    return "dynamite" if c.is_dynamite else f"{c.colour} {c.value}"


def picture(view: GoldrushView, seat: int | None, names: Sequence[str] = (), *,
            legal: frozenset[str] = frozenset(), memory: bool = False,
            just: Mapping[int, Card] | None = None, shown: frozenset[int] | None = None,
            pending: int = -1, chance: str = "",
            cards: Sequence[Card | None] | None = None,
            root: str = "gl-board gl-goldrush", glimpse: bool = False) -> str:
    """The game's one picture of ``view``: the view's board (whose ``board_html``
    works out from the state ``just``, the cards of the turn just played, ``shown``, the
    places an earlier position may show face up, ``pending`` and ``chance``, chance's
    choices), an observation's own picture (:func:`view_html`), and the colours of the
    raster image (:data:`FACES`).  ``cards``: what to draw for each place instead of
    ``view.cards`` (a player's memory).  ``glimpse``: the cards of ``just`` are being
    turned up (a moment of :meth:`GoldrushPresenter.glimpse`), not the turn just played."""
    who = seat_names(view.players, names)
    just = just or {}
    context = _why_not_now(view, seat, who)
    grid = view.layout == GRID
    parts = [STYLE, f'<div class="{root} gr-{view.layout}">',
             f'<div class="gr-status">{_status(view, who)}</div>',
             '<div class="gr-scroll">',
             f'<div class="gr-table gr-layout-{view.layout}" role="group" '
             f'aria-label="the table: {view.face_down} cards face down">']
    if grid:
        parts.append('<span class="gr-axis"></span>')
        parts.extend(f'<span class="gr-axis">{i + 1}</span>' for i in range(SIDE))
    status = view.status
    cards = view.cards if cards is None else cards
    for p in range(TABLE_SIZE):
        if grid and p % SIDE == 0:
            parts.append(f'<span class="gr-axis">{ROWS[p // SIDE]}</span>')
        card_now, just_now = cards[p], just.get(p)
        if shown is not None and p not in shown:
            card_now = just_now = None  # up then, face down now: remember it
        parts.append(_place(view, p, status[p], card_now, just_now, p == pending, memory,
                             TARGETS[p] in legal, context, glimpse))
    parts.append("</div></div>")
    parts.append(chance)
    parts.append(_mines(view, seat, memory, who))
    parts.append(_key(view, memory))
    parts.append("</div>")
    return "".join(parts)


def _status(view: GoldrushView, who: Sequence[str]) -> str:
    if view.to_move == TERMINAL:
        outcome = view.outcome
        if outcome is None:  # pragma: no cover - a finished game has an outcome
            return "Game over"
        winners = " and ".join(escape(who[w]) for w in outcome.winners)
        verb = "share the victory" if outcome.shared else "wins"
        return f"Game over: {winners} {verb}"
    phase = ("Gold Rush! one flip per turn" if view.gold_rush else "two flips per turn")
    if view.to_move == CHANCE_SEAT:
        doing = "a card nobody has seen is being turned up"
    else:
        which = "second card" if view.face_up() and not view.gold_rush else "card"
        doing = f"{escape(who[view.to_move])} flips a {which}"
    return (f"Turn {view.turn_no}: {doing} "
            f'<span class="gr-phase">{phase}</span> '
            f'<span class="gr-muted">{view.face_down} face down</span>')


def _place(view: GoldrushView, p: int, status: str, c: Card | None,
           just: Card | None, pending: bool, memory: bool, is_legal: bool,
           context: str, glimpse: bool = False) -> str:
    where = view.place(p)
    badge = ""
    if status == GONE:
        classes, inner, what = "gr-empty", "", "empty place, its card left the game"
    elif status == UP and c is not None:
        classes, inner = f"gr-up gr-f-{_face_key(c)}", _face_text(c)
        what = f"{card_name(c, view.edition)}, face up this turn"
        badge = "now"
    elif status == UP:  # an earlier position in memory mode: the card lies face down now
        classes, inner = "gr-back gr-up", ""
        what = "turned up then, face down now: remember what it was"
    elif just is not None and glimpse:
        classes, inner = f"gr-up gr-f-{_face_key(just)}", _face_text(just)
        what = f"{card_name(just, view.edition)}, being turned up"
        badge = "turned up"
    elif just is not None:
        classes, inner = f"gr-up gr-f-{_face_key(just)}", _face_text(just)
        what = f"{card_name(just, view.edition)}, turned up last turn and going back face down"
        badge = "last turn"
    elif pending:
        classes, inner = "gr-back gr-pending", ""
        what = "face-down card being turned up: chance decides what it is"
    elif c is not None and not memory:
        classes, inner = f"gr-seen gr-s-{_face_key(c)}", _face_text(c)
        what = f"face-down card, seen before: {card_name(c, view.edition)}"
        badge = "seen"
    else:
        classes, inner, what = "gr-back", "", "face-down card"
    if is_legal:
        classes += " gl-legal"
        action = "Click to flip it."
    elif status == GONE:
        action = "Nothing to flip here: click to see the rule."
    elif status == UP:
        action = "Already face up: click to see the rule."
    else:
        action = context
    text = escape(f"{where}: {what}. {action}")
    style = ""
    if view.layout != GRID:
        x, y = place(p, view.layout)
        dx, dy = (x - p % SIDE) * 100, (y - p // SIDE) * 100
        style = f' style="transform:translate({dx:.0f}%,{dy:.0f}%)"'
    if badge:
        inner += f'<span class="gr-badge">{badge}</span>'
    return (f'<div class="gl-target gr-card {classes}" data-target="{TARGETS[p]}" '
            f'tabindex="0" role="button" title="{text}" aria-label="{text}"{style}>'
            f"{inner}</div>")


def chance_row(view: GoldrushView, pending: int,
               outcomes: Sequence[tuple[Reveal, Fraction]], legal: frozenset[str]) -> str:
    """Chance's choices for the card being turned up at ``pending``, each with its odds."""
    parts = ['<div class="gr-chance"><span>Chance: what is the card at '
             f"<b>{escape(view.place(pending))}</b>?</span>"]
    for outcome, p in outcomes:
        c = outcome.card
        tid = f"{REVEAL_TARGET}{c}"
        classes = "gl-target gr-reveal" + (" gl-legal" if tid in legal else "")
        text = escape(f"chance: the card is {card_name(c, view.edition)} "
                      f"(probability {p.numerator}/{p.denominator}). Click to reveal it.")
        parts.append(
            f'<div class="{classes}" data-target="{tid}" tabindex="0" role="button" '
            f'title="{text}" aria-label="{text}"><span class="gr-card gr-up '
            f'gr-f-{_face_key(c)}">{_face_text(c)}</span>'
            f"<span>{p.numerator}/{p.denominator}</span></div>"
        )
    parts.append("</div>")
    return "".join(parts)


def _mines(view: GoldrushView, seat: int | None, memory: bool,
           who: Sequence[str]) -> str:
    parts = ['<div class="gr-mines">']
    for s, colours in enumerate(view.seat_colours):
        now = " gr-to-move" if s == view.to_move else ""
        chips = "".join(f'<span class="gr-chip gr-f-{c}">{c}</span>' for c in colours)
        gold = view.taken[s]
        hidden = memory and s != seat
        if hidden:
            pile = "".join('<span class="gr-coin gr-back"></span>' for _ in gold)
            total = f"{_cards(len(gold))} face down under the mine entrance"
        else:
            pile = "".join(f'<span class="gr-coin gr-f-gold">{g.value}</span>'
                           for g in sorted(gold, reverse=True))
            total = f"{_points(view.scores[s])} from {_cards(len(gold))}"
        if not gold:
            pile = '<span class="gr-muted">no gold yet</span>'
        parts.append(
            f'<div class="gr-mine{now}"><div class="gr-who">{escape(who[s])} {chips}</div>'
            f'<div class="gr-pile">{pile}</div><div class="gr-muted">{total}</div></div>'
        )
    parts.append("</div>")
    unowned = [c for c, owner in view.owners if owner is None and c not in view.box]
    notes = []
    if unowned:
        word = "gold miners" if view.edition == "B" else "gold diggers"
        notes.append(f"{word} of {', '.join(unowned)} belong to nobody: their gold goes "
                     "to the player who flips them")
    if view.box:
        notes.append(f"back in the box: the {', '.join(view.box)} mine entrance")
    if view.removed:
        if memory:
            notes.append(f"{len(view.removed)} cards are out of the game")
        else:
            notes.append("out of the game: "
                         + " ".join(card_name(c, view.edition) for c in view.removed))
    parts.extend(f'<div class="gr-note gr-muted">{escape(n)}</div>' for n in notes)
    return "".join(parts)


def _key(view: GoldrushView, memory: bool) -> str:
    if memory:
        text = ("Memory mode: cards seen earlier lie face down again, so remember where "
                "they are. Striped: face down. Bright with a glow: face up now.")
    else:
        text = ("Striped: face down, never seen. Pale with a 'seen' badge: face down, "
                "seen before. Bright with a glow: face up now. Dashed ring: empty place.")
    return f'<div class="gr-key gr-muted">{escape(text)}</div>'


def _why_not_now(view: GoldrushView, seat: int | None, who: Sequence[str]) -> str:
    """What a click on a face-down card that is not legal will explain."""
    if view.to_move == TERMINAL:
        return "The game is over: click to see the rule."
    if view.to_move == CHANCE_SEAT:
        return "Chance is turning up a card first: click to see the rule."
    if seat is not None and seat != view.to_move:
        return f"It is {who[view.to_move]}'s turn, not yours."
    return "Click to see why it cannot be flipped now."


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _cards(n: int) -> str:
    return f"{n} gold card" if n == 1 else f"{n} gold cards"


def view_html(view: GoldrushView, memory: Mapping[int, Card] | None = None,
              memory_of: int | None = None) -> str:
    """The table as an observation shows it (its ``_repr_html_`` in a notebook): the view's
    picture (root classes ``gl-board gl-state gl-goldrush``).  ``memory``: the face-down
    cards a player remembers (a memory bot's), drawn as seen, with ``memory_of`` named."""
    cards = None
    if memory is not None:
        cards = [c if status == UP else memory.get(p)
                 for p, (status, c) in enumerate(zip(view.status, view.cards, strict=True))]
    drawn = picture(view, view.player, cards=cards,
                              root="gl-board gl-state gl-goldrush")
    if memory is None:
        return drawn
    whose = f"seat {memory_of}'s memory" if memory_of is not None else "a player's memory"
    note = (f'<div class="gr-note gr-memory">Seen through {escape(whose)}: the cards with a '
            f"'seen' badge are the ones remembered, the striped ones forgotten or never seen."
            "</div>")
    return drawn[:-len("</div>")] + note + "</div>"
