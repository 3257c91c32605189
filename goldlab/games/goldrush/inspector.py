"""Mount Goldrush's inspector: one page per step (the flip, what it turned up, what the
rules did and why, quoting the edition's rulebook), the Gold Rush as a page of its own,
and the final breakdown with the tie-break that decided."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from goldlab.core.presentation import Breakdown, Page, Quote, Told
from goldlab.core.state import State, Step
from goldlab.games.goldrush.actions import Flip, Reveal
from goldlab.games.goldrush.clicks import goldrush_state
from goldlab.games.goldrush.events import (
    GAME_END,
    HOW_TO_PLAY,
    CardFlipped,
    GameOver,
    GoldRushBegins,
)
from goldlab.games.goldrush.layout import label
from goldlab.games.goldrush.picture import inline_card
from goldlab.games.goldrush.rulebook import CHANCE, TIES
from goldlab.games.goldrush.words import describe, digger_word, said, seat_names, unnamed

QuoteOf = Callable[[str], Quote | None]
"""The presenter's quote of a rule section (its edition's rulebook)."""


def _rush_page(step: Step, who: Sequence[str], quote: QuoteOf,
               edition: str) -> Page | None:
    """The Gold Rush as the second part of the step after which it begins."""
    rush = next((e for e in step.events if isinstance(e, GoldRushBegins)), None)
    if rush is None or any(isinstance(e, GameOver) for e in step.events):
        return None
    return Page("Gold Rush!", rush.rule,
                _rule_table([(describe(rush, who, edition), rush.rule)], quote))


def pages(before: State[Any], step: Step, after: State[Any], names: Sequence[str],
          quote: QuoteOf, edition: str) -> list[Page]:
    """One page per step: the flip, what it turned up, what the rules did and why."""
    b = goldrush_state(before)
    who = seat_names(b.players, names)
    layout = b.game.options.layout
    action = step.action
    title = f"Turn {b.turn_no}: " + said(
        step, Told(str(action)), who, lambda p: label(p, layout),
        lambda e: describe(e, who, edition), lambda e: unnamed(e, who), digger_word(edition)).action
    flipped = [e for e in step.events if isinstance(e, CardFlipped)]
    rules = [e.rule for e in step.events if not isinstance(e, CardFlipped)]
    rule = rules[0] if rules else (CHANCE if isinstance(action, Reveal) and not flipped
                                   else HOW_TO_PLAY)
    rows = [(describe(e, who, edition), e.rule) for e in step.events]
    if not rows and isinstance(action, Flip):
        rows = [(f"{who[step.actor]} turns up {label(action.position, layout)}, a card "
                 "nobody has seen yet", CHANCE)]
    body = ""
    shown = [c for e in flipped for c in [e.card]]
    if shown:
        body += "<p>" + " ".join(inline_card(c) for c in shown) + "</p>"
    body += _rule_table(rows, quote)
    pages = [Page(title, rule, body)]
    rush = _rush_page(step, who, quote, edition)
    if rush is not None:
        pages.append(rush)
    if any(isinstance(e, GameOver) for e in step.events):
        final = breakdown(after, names, edition)
        if final is not None:
            extra = f"<p>{escape(final.tiebreak)}</p>" if final.tiebreak else ""
            pages.append(Page("Final scores", GAME_END,
                              f"{final.html()}<p><b>{escape(final.verdict)}</b></p>{extra}"))
    return pages


def _rule_table(rows: Sequence[tuple[str, str]], quote: QuoteOf) -> str:
    if not rows:
        return ""
    out = ["<table><tr><th>what happened</th><th>rule</th></tr>"]
    for text, rule in rows:
        q = quote(rule)
        cite = f"<b>{escape(rule)}</b>" + (f": “{escape(q.sentence)}”" if q else "")
        out.append(f"<tr><td>{escape(text)}</td><td>{cite}</td></tr>")
    out.append("</table>")
    return "".join(out)


def breakdown(state: State[Any], names: Sequence[str], edition: str) -> Breakdown | None:
    """Each player's gold cards and points, the ranks, and the tie-break that decided."""
    s = goldrush_state(state)
    outcome = s.outcome()
    if outcome is None:
        return None
    who = seat_names(s.players, names)
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
    more, shared = TIES[edition]
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
