"""Gold!'s steps explained for the inspector, and the final scoring with its tie-break.

Most steps are one page: what happened, in the players' names.  A step that
completes a set shows the set, the bonus choices and, for every other card in
the opponents' tableaux, why it may not be taken.  The step that ends the game
is carried out in parts, as the rulebook does: one page per colour of the colour
scoring (rulebook order: totals per player, who banks which card, the tie rule
when it applies, donkey-only colours discarded), then the final totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from goldlab.core.presentation import Breakdown, Page
from goldlab.core.state import Step
from goldlab.core.values import Event
from goldlab.games.gold.actions import Steal
from goldlab.games.gold.cards import Card
from goldlab.games.gold.events import (
    COLOUR_SCORING,
    FINAL,
    SET,
    BonusDeclined,
    BonusTaken,
    CardExchanged,
    CardRevealed,
    CardsRemovedUnseen,
    CardTaken,
    ColourScored,
    DonkeyDealt,
    DonkeysReturned,
    GameOver,
    GrandFinalBegins,
    NoBonusAvailable,
    OfferRefilled,
    SetCompleted,
    SetScored,
)
from goldlab.games.gold.picture import Lit, chip_html, chips_html
from goldlab.games.gold.rulebook import (
    BONUS_NOT_PRESENT,
    BONUS_NOT_SET,
    COLOUR_NOT_SCORED,
    COLOUR_TIE,
    QUOTES,
    SHARED,
    TIE,
)
from goldlab.games.gold.rules import BONUS, points
from goldlab.games.gold.words import card_name, cards_name, seat_names

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState


Tableaux = tuple[tuple[Card, ...], ...]


def say(event: Event, label: Sequence[str]) -> str:
    """One event as a sentence with the players' names."""
    match event:
        case CardTaken(seat=seat, card=c):
            return f"{label[seat]} takes the {card_name(c)}."
        case CardExchanged(seat=seat, give=give, take=take, option=option):
            return (f"{label[seat]} gives the {card_name(give)} to the offer and takes the "
                    f"{card_name(take)} (exchange, option {option}).")
        case SetCompleted(seat=seat, colour=colour):
            return f"{label[seat]} has three {colour} cards: a set, which must be scored."
        case BonusTaken(seat=seat, victim=victim, card=c):
            return f"{label[seat]} takes the {card_name(c)} from {label[victim]} as the bonus."
        case BonusDeclined(seat=seat):
            return f"{label[seat]} takes no bonus card."
        case NoBonusAvailable(seat=seat):
            return f"No opponent holds a card {label[seat]} may take: no bonus."
        case SetScored(seat=seat, cards=cs):
            return (f"{label[seat]} puts {cards_name(cs)} face down on the scoring pile "
                    f"({points(cs):+d}).")
        case CardRevealed(card=c, draw_pile=left):
            return f"The {card_name(c)} is revealed ({left} left in the draw pile)."
        case OfferRefilled(count=count):
            return f"The offer is empty: {count} new cards are revealed."
        case GrandFinalBegins():
            return "The draw pile is empty: the Grand Final begins."
        case DonkeyDealt(seat=seat, card=c):
            return f"{label[seat]} starts with the {card_name(c)}."
        case DonkeysReturned(cards=cs):
            return f"{cards_name(cs)} go back to the box (2 players)."
        case CardsRemovedUnseen(count=count):
            return f"{count} cards leave the game face down, unseen."
        case ColourScored(colour=colour, banked=banked, discarded=discarded):
            if not banked:
                return f"{colour.capitalize()} is not scored; discarded: {cards_name(discarded)}."
            who = ", ".join(f"{label[s]} banks the {card_name(c)}" for s, c in banked)
            return f"{colour.capitalize()}: {who}."
        case GameOver(winners=winners):
            return f"Game over: {' and '.join(label[w] for w in winners)} "\
                f"{'share the victory' if len(winners) > 1 else 'wins'}."
    return event.describe()


def _quote_html(sentence: str) -> str:
    return f'<blockquote class="gl-quote">&ldquo;{escape(sentence)}&rdquo;</blockquote>'


def _sentences(events: Iterable[Event], label: Sequence[str]) -> str:
    return "".join(f"<p>{escape(say(e, label))}</p>" for e in events)


def _play(tableaux: Tableaux, events: Iterable[Event],
          until: type[Event] | None = None) -> Tableaux:
    """The tableaux after ``events`` (up to the first event of kind ``until``)."""
    held = [list(t) for t in tableaux]
    for e in events:
        if until is not None and type(e) is until:
            break
        match e:
            case CardTaken(seat=seat, card=c):
                held[seat].append(c)
            case CardExchanged(seat=seat, give=give, take=take):
                held[seat].remove(give)
                held[seat].append(take)
            case BonusTaken(seat=seat, victim=victim, card=c):
                held[victim].remove(c)
                held[seat].append(c)
            case SetScored(seat=seat, cards=cs):
                for c in cs:
                    held[seat].remove(c)
    return tuple(tuple(sorted(t, key=lambda c: c.index)) for t in held)


def pages(before: GoldState, step: Step, after: GoldState,
          names: Sequence[str] = ()) -> list[Page]:
    """The inspector pages of one step (see the module docstring)."""
    label = seat_names(before.players, names)
    events = step.events
    out: list[Page] = []
    completed = next((e for e in events if type(e) is SetCompleted), None)
    if completed is not None:
        out.append(_set_page(before, events, after, completed, label))
    elif isinstance(step.action, Steal) or before.phase == BONUS:
        out.append(_bonus_page(before, events, label))
    colours = [e for e in events if type(e) is ColourScored]
    if colours:
        at_scoring = _play(before.tableaux, events, until=ColourScored)
        intro = "" if out else _sentences(
            (e for e in events if type(e) not in (ColourScored, GameOver)), label)
        for n, result in enumerate(colours):
            out.append(_colour_page(result, at_scoring, label, intro if n == 0 else ""))
        final = breakdown(after, names)
        if final is not None:
            out.append(_final_page(final))
    if not out:
        rule = events[0].rule if events else ""
        title = say(events[0], label) if events else str(step.action)
        out.append(Page(title, rule, _sentences(events, label)))
    return out


def _eligibility(tableaux: Tableaux, seat: int, colour: str, label: Sequence[str]) -> str:
    """A table of every opponent card: may it be taken as the bonus, and if not, why not."""
    own = {c.colour for c in tableaux[seat]}
    rows = []
    for victim, tableau in enumerate(tableaux):
        if victim == seat:
            continue
        for c in tableau:
            if c.colour == colour:
                why = f"no: {colour} is the colour of the set"
            elif c.colour in own:
                why = f"no: {label[seat]} already has {c.colour} cards"
            else:
                why = "yes"
            rows.append(f"<tr><td>{escape(label[victim])}</td><td>{chip_html(c)}</td>"
                        f"<td>{escape(why)}</td></tr>")
    if not rows:
        return "<p>The opponents' tableaux are empty.</p>"
    return ('<table class="gl-table"><tr><th>whose</th><th>card</th><th>may be taken?</th></tr>'
            + "".join(rows) + "</table>" + _quote_html(BONUS_NOT_PRESENT)
            + _quote_html(BONUS_NOT_SET))


def _set_page(before: GoldState, events: Sequence[Event], after: GoldState,
              completed: SetCompleted, label: Sequence[str]) -> Page:
    seat, colour = completed.seat, completed.colour
    at_set = _play(before.tableaux, events, until=NoBonusAvailable)
    the_set = [c for c in at_set[seat] if c.colour == colour]
    said = _sentences((e for e in events if type(e) not in (ColourScored, GameOver)), label)
    html = [said, f"<p>The set: {chips_html(the_set)}</p>"]
    if after.phase == BONUS and after.turn == seat:
        choices = [a for a in after.legal_actions() if isinstance(a, Steal)]
        listed = ", ".join(f"the {card_name(a.card)} from {label[a.victim]}" for a in choices)
        html.append(f"<p>Bonus choices: {escape(listed)}"
                    f"{' (or no bonus)' if len(choices) < len(after.legal_actions()) else ''}."
                    "</p>")
    html.append(_eligibility(at_set, seat, colour, label))
    return Page(f"{label[seat]} completes a {colour} set", SET, "".join(html))


def _bonus_page(before: GoldState, events: Sequence[Event], label: Sequence[str]) -> Page:
    seat = before.turn
    colour = before.set_colour or ""
    the_set = [c for c in before.tableaux[seat] if c.colour == colour]
    taken = next((e for e in events if type(e) is BonusTaken), None)
    title = (f"{label[seat]} takes the {card_name(taken.card)} from {label[taken.victim]}"
             if taken is not None else f"{label[seat]} takes no bonus card")
    html = (_sentences((e for e in events if type(e) not in (ColourScored, GameOver)), label)
            + f"<p>The {colour} set: {chips_html(the_set)}</p>"
            + _eligibility(before.tableaux, seat, colour, label))
    return Page(title, SET, html)


def _colour_page(result: ColourScored, tableaux: Tableaux, label: Sequence[str],
                 intro: str) -> Page:
    colour = result.colour
    banked = dict(result.banked)
    rows = []
    for s, total in enumerate(result.totals):
        held = [c for c in tableaux[s] if c.colour == colour] if s < len(tableaux) else []
        if total is None:
            outcome = "&ndash;"
        elif s in banked:
            outcome = f"banks {chip_html(banked[s])}"
            rest = [c for c in held if c is not banked[s]]
            if rest:
                outcome += f"; discards {chips_html(rest)}"
        else:
            outcome = f"discards {chips_html(held)}"
        rows.append(f"<tr><td>{escape(label[s])}</td><td>{chips_html(held)}</td>"
                    f"<td>{'' if total is None else total}</td><td>{outcome}</td></tr>")
    table = ('<table class="gl-table"><tr><th>player</th><th>' + escape(colour)
             + " cards</th><th>total</th><th>result</th></tr>" + "".join(rows) + "</table>")
    if all(t is None for t in result.totals):
        verdict = f"<p>Nobody has a {colour} card: there is nothing to score.</p>"
    elif not result.banked:
        verdict = (f"<p>Nobody has a {colour} gold card: {colour} is not scored and the "
                   f"donkeys are discarded.</p>" + _quote_html(COLOUR_NOT_SCORED))
    else:
        best = max(t for t in result.totals if t is not None)
        winners = " and ".join(label[s] for s, _ in result.banked)
        if len(result.banked) > 1:
            verdict = (f"<p>{escape(winners)} tie with {best}: each banks the highest gold "
                       f"card of {colour}.</p>" + _quote_html(COLOUR_TIE))
        else:
            verdict = (f"<p>{escape(winners)} has the highest total, {best}, and banks the "
                       f"highest gold card of {colour}; every other {colour} card is "
                       "discarded.</p>" + _quote_html(QUOTES[COLOUR_SCORING].sentence))
    return Page(f"Colour scoring: {colour}", COLOUR_SCORING, intro + table + verdict)


def _final_page(final: Breakdown) -> Page:
    html = final.html() + f"<p>{escape(final.verdict)}.</p>"
    if final.tiebreak:
        html += f"<p>{escape(final.tiebreak)}</p>"
    return Page("Final scoring", final.rule, html)


def breakdown(state: GoldState, names: Sequence[str] = ()) -> Breakdown | None:
    """The final scores, each pile's cards and size, and the tie rule if it decided."""
    outcome = state.outcome()
    if outcome is None:
        return None
    label = seat_names(state.players, names)
    piles = state.piles
    rows = tuple(
        (label[s], cards_name(piles[s]), str(len(piles[s])), str(score), str(outcome.ranks[s]))
        for s, score in enumerate(outcome.scores)
    )
    winners = " and ".join(label[w] for w in outcome.winners)
    verdict = f"{winners} {'share the victory' if outcome.shared else 'wins'}"
    best = max(outcome.scores)
    tied = [s for s, score in enumerate(outcome.scores) if score == best]
    tiebreak = ""
    rule = FINAL
    if len(tied) > 1:
        rule = TIE
        counts = ", ".join(f"{label[s]} {len(piles[s])}" for s in tied)
        who = " and ".join(label[s] for s in tied)
        if outcome.shared:
            tiebreak = (f"{who} tie on {best} points and the most cards in the scoring pile "
                        f"({counts}) do not separate {winners}: {SHARED}")
        else:
            tiebreak = (f"{who} tie on {best} points; the tied player with the most cards in "
                        f"the scoring pile wins ({counts}).")
    return Breakdown(("player", "scoring pile", "cards", "points", "rank"), rows, verdict,
                     tiebreak, rule)

# -------------------------------------------------------------------- (parts)
# Gold!'s steps that the rules carry out in parts, as positions on the table.
#
# A set is scored in play in two parts: the bonus (a card taken from an opponent,
# declined, or none to take) with the set still in the tableau, lit; then the set goes
# onto the scoring pile (the position after the step).  The step that ends the game is
# scored as the rulebook scores it, and as the inspector pages it (``inspector.pages``):
# the set that step completed, if any, then colour scoring colour by colour, then final
# points.  Part ``k`` of a step is the table as after part ``k``: the tableaux without the
# colours scored so far, the scoring piles with what they banked, the discard with what
# they threw away, and the cards of part ``k`` lit where they went.  Every position is
# derived from the engine's events (``SetScored``, ``ColourScored``): nothing here scores
# anything.
#
# >>> from goldlab import scenarios
# >>> example = scenarios.load("gold/colour-scoring")
# >>> before = example.before(); after = example.run().after
# >>> [p.status.split(":")[1].strip() for p in scoring_parts(before, after.history[-1], after,
# ...                                                          example.names)]
# ['green', 'blue', 'violet', 'red', 'orange', 'pink']


Cards = tuple[Card, ...]


class Part:
    """One part of a step: the position after it (tableaux, piles, discard) and what is lit."""

    __slots__ = ("discard", "lit", "piles", "status", "tableaux")

    def __init__(self, tableaux: tuple[Cards, ...], piles: tuple[Cards, ...], discard: Cards,
                 lit: Lit) -> None:
        self.tableaux, self.piles, self.discard, self.lit = tableaux, piles, discard, lit
        self.status = lit.status

    def position(self, after: GoldState) -> GoldState:
        """``after`` (the step's end) with this part's tableaux, piles and discard."""
        state = after.clone()
        assert isinstance(state, type(after))
        state._restore(after.position()._replace(tableaux=self.tableaux, piles=self.piles,
                                                 discard=self.discard))
        return state


def scoring_parts(before: GoldState, step: Step, after: GoldState,
                  names: Sequence[str] = ()) -> list[Part]:
    """Every part of ``step`` but the last (final points: the position ``after`` it), one per
    inspector page; [] for a step done in one part."""
    events = step.events
    colours = [e for e in events if type(e) is ColourScored]
    label = seat_names(before.players, names)
    if not colours:
        return _set_parts(before, step, after, label)
    seats = before.players
    tableaux = _play(before.tableaux, events, until=ColourScored)
    piles = list(before.piles)
    scored: dict[int, Cards] = {}
    for e in events:
        if type(e) is SetScored:
            piles[e.seat] += e.cards
            scored[e.seat] = e.cards
    discard = before.discard
    out: list[Part] = []
    shows_set = (any(type(e) is SetCompleted for e in events) or isinstance(step.action, Steal)
                 or before.phase == BONUS)
    if shows_set:  # the inspector's first page: the set (and its bonus)
        lit = Lit(_set_status(scored, label), tuple(len(scored.get(s, ())) for s in range(seats)))
        out.append(Part(tableaux, tuple(piles), discard, lit))
    for result in colours:
        colour = result.colour
        tableaux = tuple(tuple(c for c in t if c.colour != colour) for t in tableaux)
        banked = dict(result.banked)
        for s, c in result.banked:
            piles[s] += (c,)
        discard += result.discarded
        lit = Lit(_colour_status(result, label), tuple(int(s in banked) for s in range(seats)),
                  len(result.discarded))
        out.append(Part(tableaux, tuple(piles), discard, lit))
    return out


def _set_parts(before: GoldState, step: Step, after: GoldState,
               label: Sequence[str]) -> list[Part]:
    """A set scored in play: its first part, the bonus with the set still in the tableau."""
    events = step.events
    done = next((e for e in events if type(e) is SetScored), None)
    if done is None:
        return []
    tableaux = _play(before.tableaux, events, until=SetScored)
    colour = done.cards[0].colour
    lit = Lit(_bonus_status(events, done, label),
              tableau=tuple(colour if s == done.seat else None for s in range(before.players)))
    return [Part(tableaux, before.piles, before.discard, lit)]


def _bonus_status(events: Sequence[Event], done: SetScored, label: Sequence[str]) -> str:
    who, colour = label[done.seat], done.cards[0].colour
    taken = next((e for e in events if type(e) is BonusTaken), None)
    if taken is not None:
        bonus = f"{who} takes the {card_name(taken.card)} from {label[taken.victim]} as the bonus"
    elif any(type(e) is BonusDeclined for e in events):
        bonus = f"{who} takes no bonus card"
    else:
        bonus = f"No opponent holds a card {who} may take: no bonus"
    return f"{bonus}; next, the {colour} set goes onto the scoring pile"


def set_scored_page(step: Step, names: Sequence[str] = ()) -> Page | None:
    """The last part of a set scored in play, as an inspector page: the set goes face down
    onto the scoring pile (None for a step that scores no set in play).  ``names``: one
    per seat."""
    events = step.events
    done = next((e for e in events if type(e) is SetScored), None)
    if done is None or any(type(e) is ColourScored for e in events):
        return None
    who = names[done.seat] if done.seat < len(names) else f"seat {done.seat}"
    html = (f"<p>{escape(who)} puts {escape(cards_name(done.cards))} face down on the scoring "
            f"pile ({points(done.cards):+d}).</p><p>The set: {chips_html(done.cards)}</p>")
    return Page(f"{who} scores the {done.cards[0].colour} set", SET, html)


def _set_status(scored: dict[int, Cards], label: Sequence[str]) -> str:
    if not scored:  # pragma: no cover - a step with a set scores it
        return "A set is scored"
    seat, cards = next(iter(scored.items()))
    return (f"{label[seat]} puts the {cards[0].colour} set on the scoring pile "
            f"({points(cards):+d}); then colour scoring")


def _colour_status(result: ColourScored, label: Sequence[str]) -> str:
    """Colour scoring of one colour in a line: who banks what, or why nothing is banked."""
    colour = result.colour
    head = f"Colour scoring: {colour}"
    if all(t is None for t in result.totals):
        return f"{head}: nobody holds {colour} cards"
    if not result.banked:
        return (f"{head}: no {colour} gold card, so {colour} is not scored; discarded: "
                f"{cards_name(result.discarded)}")
    best = max(t for t in result.totals if t is not None)
    if len(result.banked) > 1:
        banks = " and ".join(f"{label[s]} the {card_name(c)}" for s, c in result.banked)
        who = " and ".join(label[s] for s, _ in result.banked)
        each = "both bank" if len(result.banked) == 2 else "each banks"
        return f"{head}: {who} tie with {best}, so {each}: {banks}"
    seat, c = result.banked[0]
    return f"{head}: {label[seat]} has the highest total, {best}, and banks the {card_name(c)}"
