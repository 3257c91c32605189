"""Mount Goldrush in a view: the table as round cards to click, memory mode, odds, scoring.

Target ids: ``grid:<position>`` (0-63) for every place on the table, whatever
lies there; a click always means ``flip <position>`` and the state decides (an
empty place or a card already face up is refused with the rule).  At a chance
step (``auto_chance=False``) the teacher's seat also gets ``reveal:<card>``
(e.g. ``reveal:gold:3``): chance's answer to "what is the card just flipped?".

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
from typing import TYPE_CHECKING, Any

from goldlab.core.parts import as_part
from goldlab.core.presentation import (
    Breakdown,
    Click,
    Expectation,
    Glimpse,
    Odds,
    Page,
    Play,
    Presenter,
    Refuse,
    Told,
    Viewer,
)
from goldlab.core.state import CHANCE as CHANCE_SEAT
from goldlab.core.state import TERMINAL, State, Step
from goldlab.core.values import Action, Event
from goldlab.games.goldrush import odds as exact
from goldlab.games.goldrush.actions import FLIPS, Flip, Reveal
from goldlab.games.goldrush.cards import ALL_CARDS, TABLE_SIZE, Card, card
from goldlab.games.goldrush.events import (
    GAME_END,
    HOW_TO_PLAY,
    Blasted,
    CardFlipped,
    CardsLaidOut,
    DeadPosition,
    DiggerKicked,
    GameOver,
    GoldFound,
    GoldRushBegins,
    MinesChosen,
    NothingHappens,
    RushGold,
    RushRemoved,
    TableStalled,
)
from goldlab.games.goldrush.layout import GRID, ROWS, SIDE, label, place
from goldlab.games.goldrush.observation import GONE, UP, GoldrushView
from goldlab.games.goldrush.rulebook import CHANCE, TIES, quotes
from goldlab.games.goldrush.rules import FOUND_FLIPPER, FOUND_OTHER, resolve_pair
from goldlab.games.goldrush.state import GoldrushState
from goldlab.games.goldrush.words import a_card, refusal, said, where
from goldlab.games.goldrush.words import sentence as _sentence

if TYPE_CHECKING:
    from goldlab.games.goldrush.game import GoldrushGame

GRID_TARGET = "grid:"
REVEAL_TARGET = "reveal:"
TARGETS: tuple[str, ...] = tuple(f"{GRID_TARGET}{p}" for p in range(TABLE_SIZE))
"""The target id of each place on the table, by position."""

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
{r} .gr-muted{{color:var(--jp-content-font-color2,#555)}}
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


def _inline_card(c: Card) -> str:
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


class GoldrushPresenter(Presenter):
    """How Mount Goldrush shows itself: round cards to flip, memory mode, odds, scoring."""

    @classmethod
    def of(cls, game: GoldrushGame) -> GoldrushPresenter:
        """The presenter of a game, quoting the rulebook of its edition."""
        return cls(game, quotes(game.options.edition))

    # ---------------------------------------------------------------- words
    @property
    def edition(self) -> str:
        """The rulebook edition the game follows ("A" or "B")."""
        return str(getattr(self.game.options, "edition", "A"))

    def card_name(self, c: Card) -> str:
        """A card as players say it: "gold 3", "red gold digger 4", "dynamite"."""
        if c.is_gold:
            return f"gold {c.value}"
        if c.is_dynamite:
            return "dynamite"
        word = "gold miner" if self.edition == "B" else "gold digger"
        return f"{c.colour} {word} {c.value}"

    def _word(self) -> str:
        return "gold miner" if self.edition == "B" else "gold digger"

    @staticmethod
    def _names(players: int, names: Sequence[str]) -> tuple[str, ...]:
        return tuple(
            names[s] if s < len(names) and names[s] else f"seat {s}" for s in range(players)
        )

    # ---------------------------------------------------------------- clicks
    def targets(self, state: State[Any], seat: int | None,
                selection: str = "") -> dict[str, Action | None]:
        """``grid:<p>`` for every card the seat to move may flip (chance: ``reveal:<card>``)."""
        s = _goldrush(state)
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

    def click(self, state: State[Any], seat: int | None, target: str,
              selection: str = "") -> Click:
        """A place on the table means "flip it" (the state refuses what the rules forbid)."""
        s = _goldrush(state)
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

    def target_of(self, action: Action) -> str | None:
        """Where a flip (or chance's reveal) happened: its place on the table."""
        if isinstance(action, Flip | Reveal) and 0 <= action.position < TABLE_SIZE:
            return TARGETS[action.position]
        return None

    # ---------------------------------------------------------------- the table
    def board_html(self, state: State[Any], seat: int | None, *, selection: str = "",
                   legal: frozenset[str] = frozenset(), memory: bool = False,
                   names: Sequence[str] = (), now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> str:
        """The table as round cards to click, each player's mine entrance and gold below.

        In memory mode the cards of the turn just played lie face down (the rules turn
        them down at the end of the turn), unless ``keep_last_turn``: then they stay up
        until the next flip.  An earlier position in memory mode (``now`` given) shows a
        card face up only if it lies open now (:func:`_open_turn`); chance's choices are
        not drawn on it (they would count the cards seen since)."""
        s = _goldrush(state)
        view = s.omniscient() if seat is None else s.observation(seat)
        shown: frozenset[int] | None = None  # None: every card up then is shown
        if memory and now is not None and not now.is_terminal():
            shown = _open_turn(_goldrush(now), keep_last_turn)[1]
        pending = s.pending if view.to_move == CHANCE_SEAT else -1
        chance = (self._chance_row(s, view, legal)
                  if view.to_move == CHANCE_SEAT and pending >= 0 and shown is None else "")
        just = _just_turned(view, s) if keep_last_turn or not memory else {}
        return self.picture(view, seat, names, legal=legal, memory=memory, just=just,
                            shown=shown, pending=pending, chance=chance)

    def picture(self, view: GoldrushView, seat: int | None, names: Sequence[str] = (), *,
                legal: frozenset[str] = frozenset(), memory: bool = False,
                just: Mapping[int, Card] | None = None, shown: frozenset[int] | None = None,
                pending: int = -1, chance: str = "",
                cards: Sequence[Card | None] | None = None,
                root: str = "gl-board gl-goldrush", glimpse: bool = False) -> str:
        """The game's one picture of ``view``: the view's board (:meth:`board_html` works
        out from the state ``just``, the cards of the turn just played, ``shown``, the
        places an earlier position may show face up, ``pending`` and ``chance``, chance's
        choices), an observation's own picture (:func:`view_html`), and the colours of the
        raster image (:data:`FACES`).  ``cards``: what to draw for each place instead of
        ``view.cards`` (a player's memory).  ``glimpse``: the cards of ``just`` are being
        turned up (a moment of :meth:`glimpse`), not the turn just played."""
        who = self._names(view.players, names)
        just = just or {}
        context = _why_not_now(view, seat, who)
        grid = view.layout == GRID
        parts = [STYLE, f'<div class="{root} gr-{view.layout}">',
                 f'<div class="gr-status">{self._status(view, who)}</div>',
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
            parts.append(self._place(view, p, status[p], card_now, just_now, p == pending,
                                     memory, TARGETS[p] in legal, context, glimpse))
        parts.append("</div></div>")
        parts.append(chance)
        parts.append(self._mines(view, seat, memory, who))
        parts.append(self._key(view, memory))
        parts.append("</div>")
        return "".join(parts)

    def _status(self, view: GoldrushView, who: Sequence[str]) -> str:
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

    def _place(self, view: GoldrushView, p: int, status: str, c: Card | None,
               just: Card | None, pending: bool, memory: bool, is_legal: bool,
               context: str, glimpse: bool = False) -> str:
        where = view.place(p)
        badge = ""
        if status == GONE:
            classes, inner, what = "gr-empty", "", "empty place, its card left the game"
        elif status == UP and c is not None:
            classes, inner = f"gr-up gr-f-{_face_key(c)}", _face_text(c)
            what = f"{self.card_name(c)}, face up this turn"
            badge = "now"
        elif status == UP:  # an earlier position in memory mode: the card lies face down now
            classes, inner = "gr-back gr-up", ""
            what = "turned up then, face down now: remember what it was"
        elif just is not None and glimpse:
            classes, inner = f"gr-up gr-f-{_face_key(just)}", _face_text(just)
            what = f"{self.card_name(just)}, being turned up"
            badge = "turned up"
        elif just is not None:
            classes, inner = f"gr-up gr-f-{_face_key(just)}", _face_text(just)
            what = f"{self.card_name(just)}, turned up last turn and going back face down"
            badge = "last turn"
        elif pending:
            classes, inner = "gr-back gr-pending", ""
            what = "face-down card being turned up: chance decides what it is"
        elif c is not None and not memory:
            classes, inner = f"gr-seen gr-s-{_face_key(c)}", _face_text(c)
            what = f"face-down card, seen before: {self.card_name(c)}"
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

    def _chance_row(self, s: GoldrushState, view: GoldrushView, legal: frozenset[str]) -> str:
        parts = ['<div class="gr-chance"><span>Chance: what is the card at '
                 f"<b>{escape(view.place(s.pending))}</b>?</span>"]
        for outcome, p in s.chance_outcomes():
            assert isinstance(outcome, Reveal)
            c = outcome.card
            tid = f"{REVEAL_TARGET}{c}"
            classes = "gl-target gr-reveal" + (" gl-legal" if tid in legal else "")
            text = escape(f"chance: the card is {self.card_name(c)} "
                          f"(probability {p.numerator}/{p.denominator}). Click to reveal it.")
            parts.append(
                f'<div class="{classes}" data-target="{tid}" tabindex="0" role="button" '
                f'title="{text}" aria-label="{text}"><span class="gr-card gr-up '
                f'gr-f-{_face_key(c)}">{_face_text(c)}</span>'
                f"<span>{p.numerator}/{p.denominator}</span></div>"
            )
        parts.append("</div>")
        return "".join(parts)

    def _mines(self, view: GoldrushView, seat: int | None, memory: bool,
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
            word = "gold miners" if self.edition == "B" else "gold diggers"
            notes.append(f"{word} of {', '.join(unowned)} belong to nobody: their gold goes "
                         "to the player who flips them")
        if view.box:
            notes.append(f"back in the box: the {', '.join(view.box)} mine entrance")
        if view.removed:
            if memory:
                notes.append(f"{len(view.removed)} cards are out of the game")
            else:
                notes.append("out of the game: "
                             + " ".join(self.card_name(c) for c in view.removed))
        parts.extend(f'<div class="gr-note gr-muted">{escape(n)}</div>' for n in notes)
        return "".join(parts)

    @staticmethod
    def _key(view: GoldrushView, memory: bool) -> str:
        if memory:
            text = ("Memory mode: cards seen earlier lie face down again, so remember where "
                    "they are. Striped: face down. Bright with a glow: face up now.")
        else:
            text = ("Striped: face down, never seen. Pale with a 'seen' badge: face down, "
                    "seen before. Bright with a glow: face up now. Dashed ring: empty place.")
        return f'<div class="gr-key gr-muted">{escape(text)}</div>'

    # ---------------------------------------------------------------- odds
    def odds(self, state: State[Any], seat: int, *,
             memory: bool = False) -> list[Odds | Expectation]:
        """The chances of a flip of an unseen card, and of this turn, from ``seat``'s view."""
        s = _goldrush(state)
        if s.is_terminal():
            return []
        view = s.observation(seat)
        counts = view.unseen_counts()
        total = sum(counts)
        if not total:
            return []
        by_card = exact.first_flip(view)
        colours = view.seat_colours[seat]
        mine = sum((by_card[f"digger:{c}"] for c in colours), Fraction(0))
        word = "gold miner" if self.edition == "B" else "gold digger"
        out: list[Odds | Expectation] = [
            Odds("an unseen card is gold", by_card["gold"], _of(counts, total, "gold")),
            Odds(f"an unseen card is a {word} of mine ({'+'.join(colours)})", mine,
                 _of(counts, total, "mine", colours)),
            Odds("an unseen card is dynamite", by_card["dynamite"],
                 _of(counts, total, "dynamite")),
        ]
        owners = dict(view.owners)
        up = view.face_up()
        if view.gold_rush:
            out.append(Odds("my flip of an unseen card finds gold", by_card["gold"],
                            "Gold Rush: a flipped gold card goes to the flipper"))
        elif up and seat == view.to_move:
            (first,) = up.values()
            cards = exact.first_flip_cards(view)
            chance, points = Fraction(0), Fraction(0)
            for c, p in cards.items():
                result = resolve_pair(first, c, seat, owners, ("", ""))
                if result.receiver == seat:
                    chance += p
                    points += p * (c.value if c.is_gold else first.value)
            out.append(Odds(f"my second flip (an unseen card) with the {self.card_name(first)} "
                            "brings me gold", chance))
            out.append(Expectation("gold points my second flip brings me", points))
        elif total >= 2:
            pairs = exact.pair_outcomes(view)
            out.append(Odds("my two flips of unseen cards find gold for me",
                            pairs[FOUND_FLIPPER]))
            if pairs[FOUND_OTHER]:
                out.append(Odds("my two flips of unseen cards find gold for another player",
                                pairs[FOUND_OTHER]))
            out.append(Expectation("gold points my two flips of unseen cards bring me",
                                   exact.expected_gold(view, seat)))
            best = None if memory else _best_remembered_digger(view, seat)
            if best is not None:
                at, digger = best
                carried = sum((n for c, n in zip(ALL_CARDS, counts, strict=True)
                               if c.is_gold and c.value <= digger.value), 0)
                out.append(Odds(
                    f"I flip the {self.card_name(digger)} I remember at {view.place(at)}, "
                    "then an unseen card: gold for me", Fraction(carried, total),
                    f"{carried} of the {total} unseen cards are gold it can carry",
                ))
        return out

    # ---------------------------------------------------------------- what a viewer may know
    def told(self, now: State[Any], step: Step, viewer: Viewer,
             names: Sequence[str] = ()) -> Told:
        """A step as ``viewer`` may know it now.  In memory mode (and on the open table) a
        step's cards are named only while they lie open: in the turn under way, or in the
        turn just played until the next flip; any other step's card is "the card at 18",
        not what it was (a card of the same kind may lie open elsewhere).  The turn just
        played lies face down once it is over, unless the viewer keeps it (a teacher's
        choice, :attr:`Viewer.keeps_last_turn`)."""
        if not viewer.forgets or viewer.knows_all(now):
            return super().told(now, step, viewer, names)
        turn = _open_turn(_goldrush(now), viewer.keeps_last_turn)[0]
        return self._told(step, turn, self._names(now.players, names))

    def told_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told` of many steps, working out once what lies open."""
        if not viewer.forgets or viewer.knows_all(now):
            return super().told_steps(now, steps, viewer, names)
        turn = _open_turn(_goldrush(now), viewer.keeps_last_turn)[0]
        who = self._names(now.players, names)
        return [self._told(step, turn, who) for step in steps]

    def said_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told_steps` in the players' words ("Ann turns up card 18: an orange gold
        digger (5)"); a step told without its cards is said without them ("Ann flips card
        18")."""
        who = self._names(now.players, names)
        layout = now.game.options.layout

        def place(position: int) -> str:
            return label(position, layout)

        def describe(event: Event) -> str:
            return self.describe(event, who)

        def unnamed(event: Event) -> str:
            return _unnamed(event, who) if _named_cards(event) else self.describe(event, who)

        return [said(step, told, who, place, describe, unnamed, self._word())
                for step, told in zip(steps, self.told_steps(now, steps, viewer, names),
                                      strict=True)]

    def said_events(self, now: State[Any], events: Sequence[Event], viewer: Viewer,
                    names: Sequence[str] = ()) -> list[str]:
        """The set-up's events in the players' words (they name no card)."""
        who = self._names(now.players, names)
        return [_sentence(self.describe(e, who)) for e in events]

    def glimpse(self, now: State[Any], frames: Sequence[State[Any]], steps: Sequence[Step],
                viewer: Viewer, names: Sequence[str] = ()) -> tuple[Glimpse, ...]:
        """Between two turns in memory mode, the flips since the viewer's seat last flipped
        (its own last card included; the open table: the turn just played), at most a
        round of turns: one moment per flip, the table as it lay when the card was turned
        up, that card and the turn's first card face up, the step told in full (it names
        only the cards of that turn).  None while a turn is under way (its cards lie open),
        when the teacher keeps the turn just played face up, or when everything is shown."""
        s = _goldrush(now)
        if (not viewer.forgets or viewer.knows_all(now) or viewer.keeps_last_turn
                or s.up or s.pending >= 0):
            return ()
        last = s.turn_no - 1
        picked: list[int] = []
        for i in range(len(steps) - 1, -1, -1):
            flips = [e for e in steps[i].events if isinstance(e, CardFlipped)]
            if not flips:
                continue
            turn = flips[0].turn
            if turn <= last - s.players or (viewer.seat is None and turn < last):
                break
            picked.append(i)
            if flips[0].seat == viewer.seat:
                break  # the seat's own last flip: the cards before it were seen turned up
        everything = Viewer()
        moments = []
        for i in reversed(picked):
            step = steps[i]
            turned = {e.position: e.card for e in step.events if isinstance(e, CardFlipped)}
            before = _goldrush(frames[i])  # frames[i]: the position before steps[i]
            view = before.omniscient() if viewer.seat is None else before.observation(
                viewer.seat)
            told = self.said_steps(now, [step], everything, names)[0]
            moments.append(Glimpse(
                self.picture(view, viewer.seat, names, memory=True, just=turned, glimpse=True),
                ". ".join((told.action, *told.events))))
        return tuple(moments)

    def said_refusal(self, reason: str, names: Sequence[str] = ()) -> str:
        """A refusal with the players' names and places as players point at them."""
        return refusal(reason, names)

    def odds_method(self, state: State[Any], seat: int, *, memory: bool = False) -> str:
        """How the odds are counted, for the panel."""
        s = _goldrush(state)
        if s.is_terminal():
            return ""
        total = sum(s.observation(seat).unseen_counts())
        return (f"Counted, not guessed: a card nobody has seen is any of the {total} cards "
                "nobody has seen yet, each as likely as the others; a chance is how many of "
                f"them fit, divided by {total}.  Two flips: every pair of those cards is "
                "counted, the first card and then one of the others.  Cards you have seen "
                "are not counted: you remember them.")

    @staticmethod
    def _told(step: Step, turn: int | None, who: Sequence[str]) -> Told:
        """``step`` told in full if its flips are of the turn ``turn`` (open now; None:
        no turn is open), else without naming a card."""
        action = step.action
        turns = [e.turn for e in step.events if isinstance(e, CardFlipped)]
        names_cards = isinstance(action, Reveal) or any(map(_named_cards, step.events))
        if not names_cards or (turns and all(t == turn for t in turns)):
            return Told(str(action), tuple(str(e) for e in step.events),
                        tuple(e.rule for e in step.events))
        said = (f"chance: turns up the card at {action.position}"
                if isinstance(action, Reveal) else str(action))
        lines = tuple(f"{_unnamed(e, who)} [{e.rule}]" if _named_cards(e) else str(e)
                      for e in step.events)
        return Told(said, lines, tuple(e.rule for e in step.events), True)

    # ---------------------------------------------------------------- parts
    def part_board(self, before: State[Any], step: Step, after: State[Any], part: int,
                   seat: int | None, *, memory: bool = False, names: Sequence[str] = (),
                   now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> tuple[str, str] | None:
        """The flip that ends the game, before the final scores; the flip after which the
        Gold Rush begins, before it begins.  The table is the position after the flip (the
        parts change no card), its status says the part, the place flipped is lit."""
        if part != 0:
            return None
        s = _goldrush(after)
        rush = next((e for e in step.events if isinstance(e, GoldRushBegins)), None)
        if s.over:
            status = f"The game ends ({s.end_reason}); next, the final scores"
        elif rush is not None:
            status = f"Turn {_goldrush(before).turn_no} is over; next: gold rush!"
        else:
            return None
        html = self.board_html(after, seat, memory=memory, names=names, now=now,
                               keep_last_turn=keep_last_turn)
        where = self.target_of(step.action)
        return as_part(html, "gr-status", status, () if where is None else (where,)), status

    def _rush_page(self, step: Step, who: Sequence[str]) -> Page | None:
        """The Gold Rush as the second part of the step after which it begins."""
        rush = next((e for e in step.events if isinstance(e, GoldRushBegins)), None)
        if rush is None or any(isinstance(e, GameOver) for e in step.events):
            return None
        return Page("Gold Rush!", rush.rule, self._rule_table([(self.describe(rush, who),
                                                                rush.rule)]))

    # ---------------------------------------------------------------- inspection
    def pages(self, before: State[Any], step: Step, after: State[Any],
              names: Sequence[str] = ()) -> list[Page]:
        """One page per step: the flip, what it turned up, what the rules did and why."""
        b = _goldrush(before)
        who = self._names(b.players, names)
        layout = b.game.options.layout
        action = step.action
        title = f"Turn {b.turn_no}: " + said(
            step, Told(str(action)), who, lambda p: label(p, layout),
            lambda e: self.describe(e, who), lambda e: _unnamed(e, who), self._word()).action
        flipped = [e for e in step.events if isinstance(e, CardFlipped)]
        rules = [e.rule for e in step.events if not isinstance(e, CardFlipped)]
        rule = rules[0] if rules else (CHANCE if isinstance(action, Reveal) and not flipped
                                       else HOW_TO_PLAY)
        rows = [(self.describe(e, who), e.rule) for e in step.events]
        if not rows and isinstance(action, Flip):
            rows = [(f"{who[step.actor]} turns up {label(action.position, layout)}, a card "
                     "nobody has seen yet", CHANCE)]
        body = ""
        shown = [c for e in flipped for c in [e.card]]
        if shown:
            body += "<p>" + " ".join(_inline_card(c) for c in shown) + "</p>"
        body += self._rule_table(rows)
        pages = [Page(title, rule, body)]
        rush = self._rush_page(step, who)
        if rush is not None:
            pages.append(rush)
        if any(isinstance(e, GameOver) for e in step.events):
            final = self.breakdown(after, names)
            if final is not None:
                extra = f"<p>{escape(final.tiebreak)}</p>" if final.tiebreak else ""
                pages.append(Page("Final scores", GAME_END,
                                  f"{final.html()}<p><b>{escape(final.verdict)}</b></p>{extra}"))
        return pages

    def _rule_table(self, rows: Sequence[tuple[str, str]]) -> str:
        if not rows:
            return ""
        out = ["<table><tr><th>what happened</th><th>rule</th></tr>"]
        for text, rule in rows:
            q = self.quote(rule)
            cite = f"<b>{escape(rule)}</b>" + (f": “{escape(q.sentence)}”" if q else "")
            out.append(f"<tr><td>{escape(text)}</td><td>{cite}</td></tr>")
        out.append("</table>")
        return "".join(out)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """An event in players' words, with their names."""
        if isinstance(event, CardFlipped):
            again = "" if event.first_time else " (seen before)"
            name = a_card(event.card, self._word())
            return f"{names[event.seat]} turns up {where(event.place)}: {name}{again}"
        if isinstance(event, GoldFound):
            if event.owner is None:
                why = f"{event.digger.colour} belongs to nobody, so the flipper gets it"
            else:
                why = f"{names[event.owner]} owns {event.digger.colour}"
            return (f"the {self.card_name(event.digger)} carries the {self.card_name(event.gold)}"
                    f" to {names[event.receiver]} ({why}); the {self._word()} leaves the game")
        if isinstance(event, DiggerKicked):
            return (f"the {self.card_name(event.stronger)} kicks the "
                    f"{self.card_name(event.weaker)} out of the game and goes back face down "
                    f"as {where(event.place)}")
        if isinstance(event, Blasted):
            a, b = event.cards
            lost = " (the gold is lost)" if a.is_gold or b.is_gold else ""
            return (f"dynamite: {self.card_name(a)} and {self.card_name(b)} both leave "
                    f"the game{lost}")
        if isinstance(event, NothingHappens):
            a, b = event.cards
            return (f"{self.card_name(a)} and {self.card_name(b)}: {event.reason}; both go back "
                    "face down (remember them!)")
        if isinstance(event, GoldRushBegins):
            return (f"gold rush! {event.face_down} cards face down ({event.reason}): one flip "
                    "per turn from now on")
        if isinstance(event, DeadPosition | TableStalled):
            return event.describe()
        if isinstance(event, RushGold):
            return f"{names[event.seat]} takes the {self.card_name(event.gold)}"
        if isinstance(event, RushRemoved):
            return f"the {self.card_name(event.card)} leaves the game"
        if isinstance(event, GameOver):
            scores = ", ".join(f"{names[s]} {p} points" for s, p in enumerate(event.scores))
            return f"the game is over: {scores}"
        if isinstance(event, MinesChosen):
            owned = ", ".join(f"{names[s]} {'+'.join(cs)}" for s, cs in enumerate(event.owned))
            return f"mine entrances: {owned}"
        if isinstance(event, CardsLaidOut):
            return event.describe().removeprefix("CardsLaidOut ")
        return event.describe()

    def breakdown(self, state: State[Any], names: Sequence[str] = ()) -> Breakdown | None:
        """Each player's gold cards and points, the ranks, and the tie-break that decided."""
        s = _goldrush(state)
        outcome = s.outcome()
        if outcome is None:
            return None
        who = self._names(s.players, names)
        scores, counts = s.scores(), s.gold_cards()
        rows = tuple(
            (who[seat], "+".join(s.game.seat_colours[seat]),
             " ".join(str(c.value) for c in sorted(s.taken_cards(seat), reverse=True)) or "-",
             str(scores[seat]), str(counts[seat]), str(outcome.ranks[seat]))
            for seat in range(s.players)
        )
        winners = outcome.winners
        top = max(scores)
        tied = [seat for seat in range(s.players) if scores[seat] == top]
        more, shared = TIES[self.edition]
        names_of = " and ".join(who[w] for w in winners)
        if len(winners) > 1:
            verdict = f"{names_of} share the victory with {top} points"
        else:
            verdict = f"{names_of} wins with {top} points"
        if s.on_table:
            verdict += f" ({s.on_table} cards stay face down for nobody: {s.end_reason})"
        tiebreak = ""
        if len(tied) > 1:
            level = " and ".join(who[t] for t in tied)
            cards_of = ", ".join(f"{who[t]} {counts[t]}" for t in tied)
            if len(winners) == 1:
                tiebreak = (f"“{more}” {level} have {top} points each; gold cards: {cards_of}, "
                            f"so {who[winners[0]]} wins.")
            else:
                tiebreak = (f"“{more}” “{shared}” {level} have {top} points each and the "
                            f"same number of gold cards ({counts[winners[0]]}).")
        return Breakdown(("player", "colours", "gold cards", "points", "number of gold cards",
                          "rank"), rows, verdict, tiebreak, GAME_END)


# -------------------------------------------------------------------- helpers
def _open_turn(state: GoldrushState,
               keep_last_turn: bool = False) -> tuple[int | None, frozenset[int]]:
    """The turn whose cards a player in memory mode sees now, and where they lie: the turn
    under way once a card is up.  Between two turns none (None): the turn just played lies
    face down, as the rules say; with ``keep_last_turn`` (a teacher's choice) the turn just
    played, until the next flip (whether its cards went back face down or left the table)."""
    under_way = bool(state.up) or state.pending >= 0
    if not under_way and not keep_last_turn:
        return None, frozenset()
    view = state.observation(0)
    turn = view.turn_no if under_way else view.turn_no - 1
    return turn, frozenset(f.position for f in view.flips if f.turn == turn and f.seat >= 0)


def _named_cards(event: Event) -> tuple[Card, ...]:
    """The cards an event of Mount Goldrush names."""
    if isinstance(event, CardFlipped | RushRemoved):
        return (event.card,)
    if isinstance(event, GoldFound):
        return (event.digger, event.gold)
    if isinstance(event, DiggerKicked):
        return (event.stronger, event.weaker)
    if isinstance(event, Blasted | NothingHappens):
        return event.cards
    if isinstance(event, RushGold):
        return (event.gold,)
    return ()


def _unnamed(event: Event, who: Sequence[str]) -> str:
    """What an event did, without naming the cards (they lie face down now, or are gone)."""
    if isinstance(event, CardFlipped):
        return f"{who[event.seat]} flips {where(event.place)}"
    if isinstance(event, GoldFound):
        return (f"gold found: a gold card goes under {who[event.receiver]}'s mine entrance "
                "and both cards leave the table")
    if isinstance(event, DiggerKicked):
        return f"one card leaves the game, the other goes back face down as {where(event.place)}"
    if isinstance(event, Blasted):
        return "both cards leave the game"
    if isinstance(event, NothingHappens):
        return "both cards go back face down (remember them!)"
    if isinstance(event, RushGold):
        return f"{who[event.seat]} takes a gold card"
    if isinstance(event, RushRemoved):
        return "a card leaves the game"
    return event.describe()  # pragma: no cover - no other event names a card


def _goldrush(state: State[Any]) -> GoldrushState:
    if not isinstance(state, GoldrushState):
        raise TypeError(f"a Mount Goldrush presenter needs a Mount Goldrush state, not {state!r}")
    return state


def _just_turned(view: GoldrushView, state: GoldrushState) -> dict[int, Card]:
    """The cards of the turn just played, still on the table, until the next flip."""
    if state.up or state.pending >= 0 or view.face_up():
        return {}
    last = view.turn_no - 1
    out: dict[int, Card] = {}
    for f in reversed(view.flips):
        if f.turn < last or f.seat < 0:
            break
        if f.turn == last and view.status[f.position] != GONE:
            out[f.position] = f.card
    return out


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


def _of(counts: Sequence[int], total: int, what: str, colours: Sequence[str] = ()) -> str:
    """``"n of the N cards nobody has seen"`` for a kind of card."""
    def wanted(c: Card) -> bool:
        if what == "gold":
            return c.is_gold
        if what == "dynamite":
            return c.is_dynamite
        return c.is_digger and c.colour in colours

    n = sum(k for c, k in zip(ALL_CARDS, counts, strict=True) if wanted(c))
    return f"{n} of the {total} cards nobody has seen"


def _best_remembered_digger(view: GoldrushView, seat: int) -> tuple[int, Card] | None:
    """The strongest face-down digger the seat has seen whose gold would go to the seat."""
    owners = dict(view.owners)
    best: tuple[int, Card] | None = None
    for p, c in view.known().items():
        if not c.is_digger or c.colour is None or owners[c.colour] not in (None, seat):
            continue
        if best is None or c.value > best[1].value:
            best = (p, c)
    return best


def view_html(view: GoldrushView, memory: Mapping[int, Card] | None = None,
              memory_of: int | None = None) -> str:
    """The table as an observation shows it (its ``_repr_html_`` in a notebook): the view's
    picture (root classes ``gl-board gl-state gl-goldrush``).  ``memory``: the face-down
    cards a player remembers (a memory bot's), drawn as seen, with ``memory_of`` named."""
    from goldlab.core.registry import make_game

    game = make_game("goldrush", view.players, edition=view.edition, layout=view.layout)
    presenter = GoldrushPresenter.of(game)  # type: ignore[arg-type]
    cards = None
    if memory is not None:
        cards = [c if status == UP else memory.get(p)
                 for p, (status, c) in enumerate(zip(view.status, view.cards, strict=True))]
    drawn = presenter.picture(view, view.player, cards=cards,
                              root="gl-board gl-state gl-goldrush")
    if memory is None:
        return drawn
    whose = f"seat {memory_of}'s memory" if memory_of is not None else "a player's memory"
    note = (f'<div class="gr-note gr-memory">Seen through {escape(whose)}: the cards with a '
            f"'seen' badge are the ones remembered, the striped ones forgotten or never seen."
            "</div>")
    return drawn[:-len("</div>")] + note + "</div>"
