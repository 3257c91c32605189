"""Lesson 4, *Risk and expected value*: the next refill of Gold!'s offer, exactly and by
simulation.

Everything ``notebooks/lessons/4-risk-and-expected-value.ipynb`` computes lives here, so
the notebook stays short and the logic is tested:

* :func:`start_unseen` -- the 52 cards a player of a two-player game has not seen at the
  start (the engine's card list: 54 cards for two players, less the two donkeys dealt);
* :func:`unseen_after` -- the same after some cards are out (revealed, taken);
* :func:`refill_exact` -- the hypergeometric chances of 0..5 donkeys (or cards of my colour)
  in the next refill of 5 cards, as Fractions; :func:`refill_simulated` -- many refills
  drawn from the unseen cards with a seed;
* :func:`value_exact` -- the next card's value: its distribution, expected value and
  variance as Fractions; :func:`value_simulated` -- many next cards drawn;
* ``*_table`` -- the exact chances beside the simulated shares, one row (a dict) per value;
  :func:`show_table` draws them as a small HTML table;
* ``*_chart`` -- the charts: what the simulation found, and the exact values beside it
  once the question they would answer is settled; ``*_explorer`` -- the same charts with
  ipywidgets controls that redraw them live (:class:`~goldlab.lessons.live.LiveChart`);
* :data:`quiz` -- the lesson's questions, answers computed from the card list;
  :func:`after` -- what the notebook shows only once a question is answered (or shown).

>>> len(start_unseen()), sum(c.is_donkey for c in start_unseen())
(52, 10)
>>> value_exact(start_unseen())["mean"]
Fraction(49, 13)
>>> print(check("next_donkey", "10/52"))
Right: 5/26 ≈ 0.192 (19.2 %).

The lesson runs in a student's browser (Pyodide) as well as in Jupyter: it needs only the
standard library, the engine's card list, ipywidgets and Altair.  The draws come from
:class:`random.Random` with the lesson's seed, tables are lists of dicts, and 10,000
simulated refills take about 0.03 s (a few times that in a browser).

>>> [row["count"] for row in refill_table(0, 0, refills=100)]
[28, 47, 21, 4, 0, 0]

An exact answer waits for its question: :func:`after` shows it once the question is
answered (or its answer shown with **Show me**).

>>> line = after("expected_value", lambda: "expected value 49/13")
>>> line.is_open
False
>>> print(check("expected_value", 3.77))
Right: 49/13 ≈ 3.77.
>>> line.is_open
True
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from html import escape
from math import comb
from typing import Any, cast

import altair as alt

from goldlab.games.gold.cards import ALL_CARDS, COLOURS, DONKEY, Card, card_of, full_deck
from goldlab.lessons import answer
from goldlab.lessons.answer import After, AnswerBox, Prediction, answer_box
from goldlab.lessons.check import Feedback, Question, Quiz, near, read_guess
from goldlab.lessons.live import LiveChart
from goldlab.lessons.together import Trials

SEED = 2024
"""The lesson's seed: every student sees the same draws."""
REFILL = 5
"""Cards in a refill of the offer."""
MINE, THEIRS = "green", "blue"
"""The lesson's two players: my starting donkey is green, my opponent's blue."""
COUNTS = {"donkeys": "donkey", f"{MINE} cards": MINE}
"""What the refill explorer can count: label -> kind (``"donkey"`` or a colour)."""
GOLD_OUT: dict[str, tuple[int, ...]] = {
    "none": (),
    "all the 3s": (3,),
    "all the 7s and 8s": (7, 8),
}
"""Gold cards already out for the value explorer: label -> the values all gone."""
LATER_OUT, LATER_DONKEYS = 20, 6
"""Question ``any_donkey_later``: this many more cards are out, this many of them donkeys."""
VALUE_PARTS = {"chances": "next_donkey", "mean": "expected_value", "spread": "variance"}
"""What :func:`value_chart` can show exactly -> the question that settles it (the chance
of -2 is ``next_donkey``'s answer; the spread is the square root of the variance)."""
Row = dict[str, Any]
"""One row of a table: column name -> value (exact chances are Fractions)."""


# --------------------------------------------------------------------------- the cards


def two_player_deck() -> list[Card]:
    """The 54 cards of a two-player game: the 60, less one donkey of each colour."""
    deck = full_deck()
    deck.subtract(card_of(c, DONKEY) for c in COLOURS)
    return [c for c in ALL_CARDS for _ in range(deck[c])]


def start_unseen(mine: str = MINE, theirs: str = THEIRS) -> list[Card]:
    """The 52 cards I have not seen at the start: the deck less the two donkeys dealt.

    (The two cards removed face down are among them: nobody sees them, so for me they
    are as unknown as the draw pile.)
    """
    cards = two_player_deck()
    for colour in (mine, theirs):
        cards.remove(card_of(colour, DONKEY))
    return cards


def is_kind(c: Card, kind: str) -> bool:
    """``kind`` is ``"donkey"`` or a colour."""
    return c.is_donkey if kind == "donkey" else c.colour == kind


def unseen_after(out: int, of_kind: int, kind: str = "donkey",
                 gold_out: Sequence[int] = ()) -> list[Card]:
    """The unseen cards after ``out`` more cards are out, ``of_kind`` of them of ``kind``.

    Which cards went out does not matter for counting ``kind``; the lesson takes the
    others in deck order.  ``gold_out``: gold values all out (every colour's), counted in
    ``out`` too.
    """
    cards = [c for c in start_unseen() if not (c.is_gold and c.value in gold_out)]
    gone = len(start_unseen()) - len(cards)
    matching = [c for c in cards if is_kind(c, kind)]
    others = [c for c in cards if not is_kind(c, kind)]
    if of_kind > len(matching) or out - gone - of_kind > len(others) or out - gone < of_kind:
        raise ValueError(f"cannot have {of_kind} of {out} cards out be {kind}")
    return sorted(matching[of_kind:] + others[out - gone - of_kind:], key=lambda c: c.index)


def most_of_kind(kind: str) -> int:
    """How many cards of ``kind`` are unseen at the start (10 donkeys, 8 green cards)."""
    return sum(is_kind(c, kind) for c in start_unseen())


# --------------------------------------------------------------------------- exact


def refill_exact(unseen: int, of_kind: int, size: int = REFILL) -> dict[int, Fraction]:
    """Chance of exactly k cards of a kind in a refill (hypergeometric), k = 0..size.

    ``unseen`` cards are left, ``of_kind`` of them of the kind; a refill of ``size`` is
    any ``size`` of them with the same chance: C(K, k) C(N-K, size-k) / C(N, size).
    """
    total = comb(unseen, size)
    return {k: Fraction(comb(of_kind, k) * comb(unseen - of_kind, size - k), total)
            for k in range(size + 1)}


def at_least_one(unseen: int, of_kind: int, size: int = REFILL) -> Fraction:
    """Chance a refill shows at least one card of the kind: 1 - C(N-K, size) / C(N, size)."""
    return 1 - Fraction(comb(unseen - of_kind, size), comb(unseen, size))


def value_exact(cards: Sequence[Card]) -> dict[str, Any]:
    """The next card's value, drawn from ``cards``: ``chances`` {value: Fraction},
    ``mean`` E[X], ``variance`` E[(X - E[X])^2] and ``sd`` (a float)."""
    counts = Counter(c.value for c in cards)
    n = len(cards)
    chances = {v: Fraction(counts[v], n) for v in sorted(counts)}
    mean, variance = moments(chances)
    return {"chances": chances, "mean": mean, "variance": variance,
            "sd": float(variance) ** 0.5}


def moments(chances: Mapping[int, Fraction]) -> tuple[Fraction, Fraction]:
    """Mean E[X] and variance E[(X - E[X])^2] of a value with these chances (exact ones, or
    the shares of simulated draws)."""
    mean = sum((v * p for v, p in chances.items()), Fraction(0))
    return mean, sum(((v - mean) ** 2 * p for v, p in chances.items()), Fraction(0))


# --------------------------------------------------------------------------- simulated


def draw_refills(cards: Sequence[Card], refills: int, seed: int = SEED,
                 size: int = REFILL) -> list[list[int]]:
    """``refills`` refills of ``size`` cards from ``cards``, each a fresh shuffle: for each,
    the positions in ``cards`` of the cards it shows (no card twice).  The same seed, the
    same refills."""
    rng = random.Random(seed)
    positions = range(len(cards))
    return [rng.sample(positions, size) for _ in range(refills)]


def refill_simulated(cards: Sequence[Card], kind: str, refills: int,
                     seed: int = SEED) -> list[int]:
    """How many cards of ``kind`` each of ``refills`` simulated refills shows."""
    hit = [is_kind(c, kind) for c in cards]
    return [sum(hit[i] for i in refill) for refill in draw_refills(cards, refills, seed)]


def value_simulated(cards: Sequence[Card], draws: int, seed: int = SEED) -> list[int]:
    """The values of ``draws`` simulated next cards (each drawn from all of ``cards``)."""
    return random.Random(seed).choices([c.value for c in cards], k=draws)


def your_guess(guess: Any, unseen: int = 52, of_kind: int = 10) -> str:
    """A student's guess of the chance of at least one donkey, against the exact answer."""
    exact = at_least_one(unseen, of_kind)
    value = read_guess(guess, "0.4")
    if isinstance(value, str):
        return value
    gap = value - float(exact)
    verdict = ("spot on" if abs(gap) < 0.03 else
               f"{abs(gap):.0%} too {'high' if gap > 0 else 'low'}")
    return (f"You guessed {value:.0%}; the exact chance is {exact} = {float(exact):.1%}: "
            f"{verdict}.")


# --------------------------------------------------------------------------- tables, charts


def refill_table(out: int, of_kind: int, kind: str = "donkey", refills: int = 1_000,
                 seed: int = SEED) -> list[Row]:
    """k = 0..5 cards of ``kind`` in the next refill, a row each: the ``exact`` chance (a
    Fraction) beside the ``count`` of ``refills`` simulated refills that showed k and their
    share (``simulated``)."""
    cards = unseen_after(out, of_kind, kind)
    exact = refill_exact(len(cards), sum(is_kind(c, kind) for c in cards))
    counts = Counter(refill_simulated(cards, kind, refills, seed))
    return [{"k": k, "exact": p, "count": counts[k], "simulated": counts[k] / refills}
            for k, p in exact.items()]


def show_table(rows: Sequence[Row]) -> Any:
    """The rows of :func:`refill_table` or :func:`value_table` as a small HTML table (a
    widget): an exact chance as its fraction and its decimal, a share to 4 places."""
    import ipywidgets as widgets

    return widgets.HTML(_html_table(rows, list(rows[0]) if rows else []))


def _cell(value: Any) -> str:
    if isinstance(value, Fraction):
        return f"{value} ≈ {float(value):.4f}"
    if isinstance(value, float):
        return f"{value:.4f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _html_table(rows: Sequence[Row], columns: Sequence[str]) -> str:
    """``rows`` as an HTML table of ``columns``, every cell escaped."""
    cell = "style='padding:2px 12px;text-align:right'"
    head = "".join(f"<th {cell}>{escape(str(c))}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td {cell}>{escape(_cell(row[c]))}</td>"
                                    for c in columns) + "</tr>" for row in rows)
    return (f"<table style='border-collapse:collapse'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _chart_rows(table: Sequence[Row], key: str, exact: bool) -> list[Row]:
    """A table's rows as a chart's data (numbers and text): ``exact`` (a float) and
    ``fraction`` only with ``exact``, so a chart holds no exact chance before its question
    is settled."""
    rows = []
    for row in table:
        shown = {key: row[key], "count": row["count"], "simulated": row["simulated"]}
        if exact:
            shown |= {"exact": float(row["exact"]), "fraction": str(row["exact"])}
        rows.append(shown)
    return rows


def _kind_label(kind: str) -> str:
    return "donkeys" if kind == "donkey" else f"{kind} cards"


def refill_chart(table: Sequence[Row], kind: str = "donkey",
                 exact: bool = False) -> alt.LayerChart:
    """Bars: share of simulated refills with k cards of ``kind``; with ``exact``, black
    ticks and labels: the exact chances (1 minus the chance of none answers a question, so
    the explorer shows them only once it is settled: :func:`refill_question`)."""
    x = alt.X("k:O", title=f"{_kind_label(kind)} in the next refill of {REFILL} cards",
              axis=alt.Axis(labelAngle=0))
    y_scale = alt.Scale(domain=[0, 1])
    shown = alt.InlineData(values=_chart_rows(table, "k", exact))
    tooltip: list[Any] = ["k:O", alt.Tooltip("simulated:Q", format=".3f")]
    if exact:
        tooltip += ["fraction:N", alt.Tooltip("exact:Q", format=".4f")]
    bars = alt.Chart(shown).mark_bar(color="#9db4d0").encode(
        x=x, y=alt.Y("simulated:Q", title="chance", scale=y_scale), tooltip=tooltip)
    if not exact:
        return cast(alt.LayerChart, alt.layer(bars).properties(
            width=360, height=220, title="bars: simulated refills"))
    ticks = alt.Chart(shown).mark_tick(color="black", thickness=3, size=40).encode(
        x=x, y=alt.Y("exact:Q", scale=y_scale))
    labels = alt.Chart(shown).mark_text(dy=-10, fontSize=11).encode(
        x=x, y=alt.Y("exact:Q", scale=y_scale), text=alt.Text("exact:Q", format=".3f"))
    chart = alt.layer(bars, ticks, labels).properties(
        width=360, height=220, title="bars: simulated refills; black ticks: exact chance")
    return cast(alt.LayerChart, chart)


def refill_question(out: int, of_kind: int, kind: str = "donkey") -> str:
    """The question the exact chances of this refill would answer (1 minus the chance of
    none): ``any_donkey``, ``any_green`` or ``any_donkey_later``; for any other refill
    ``any_donkey``, whose section works out how to compute them."""
    return {("donkey", 0, 0): "any_donkey", (MINE, 0, 0): "any_green",
            ("donkey", LATER_OUT, LATER_DONKEYS): "any_donkey_later"}.get(
                (kind, out, of_kind), "any_donkey")


def refill_summary(table: Sequence[Row], out: int, of_kind: int, kind: str) -> str:
    """What the simulated refills of ``table`` (:func:`refill_table`) showed (HTML). The
    exact chance and the expected number are questions of the lesson (``any_donkey``,
    ``expected_donkeys``): the explorer shows them nowhere, so a student meets them first as
    questions (section 2 works them out)."""
    cards = unseen_after(out, of_kind, kind)
    n, k = len(cards), sum(is_kind(c, kind) for c in cards)
    refills = sum(row["count"] for row in table)
    simulated = sum(row["count"] for row in table if row["k"] > 0) / refills
    name = "donkey" if kind == "donkey" else f"{kind} card"
    return (f"<b>{n} cards unseen, {k} of them {_kind_label(kind)}.</b> "
            f"In {refills:,} simulated refills of {REFILL}, {simulated:.1%} showed at least one "
            f"{name}. The exact chance is worked out in section 2.")


def value_table(cards: Sequence[Card], draws: int = 1_000, seed: int = SEED) -> list[Row]:
    """Each value the next card can have, a row each: the ``exact`` chance (a Fraction)
    beside the ``count`` of ``draws`` simulated next cards with that value and their share
    (``simulated``)."""
    exact = value_exact(cards)["chances"]
    counts = Counter(value_simulated(cards, draws, seed))
    return [{"value": v, "exact": p, "count": counts[v], "simulated": counts[v] / draws}
            for v, p in exact.items()]


def simulated_moments(table: Sequence[Row]) -> tuple[float, float]:
    """Mean and variance of the simulated draws of ``table`` (:func:`value_table`)."""
    draws = sum(row["count"] for row in table)
    mean, variance = moments({row["value"]: Fraction(row["count"], draws) for row in table})
    return float(mean), float(variance)


def value_chart(table: Sequence[Row], exact: Collection[str] = ()) -> alt.LayerChart:
    """The next card's value (``table``: :func:`value_table`): simulated shares (bars),
    their average (red line) and one standard deviation either side (grey band).  ``exact``
    names the parts shown exactly instead (keys of :data:`VALUE_PARTS`): ``"chances"`` adds
    black ticks at the exact chances, ``"mean"`` moves the red line to the expected value,
    ``"spread"`` the band to the exact standard deviation."""
    draws = sum(row["count"] for row in table)
    exact_mean, exact_variance = moments({row["value"]: row["exact"] for row in table})
    simulated_mean, simulated_variance = simulated_moments(table)
    mean = float(exact_mean) if "mean" in exact else simulated_mean
    sd = float(exact_variance if "spread" in exact else simulated_variance) ** 0.5
    said_mean = (f"expected value {mean:.2f}" if "mean" in exact else
                 f"simulated mean {mean:.2f}")
    said_sd = f"spread ±{sd:.2f}" if "spread" in exact else f"simulated spread ±{sd:.1f}"
    said_ticks = "ticks exact, " if "chances" in exact else ""
    x = alt.X("value:Q", title="value of the next card (a donkey is -2)",
              scale=alt.Scale(domain=[-3, 9]), axis=alt.Axis(values=list(range(-2, 9))))
    y_scale = alt.Scale(domain=[0, 0.5])
    band = alt.Chart(alt.InlineData(values=[{"low": mean - sd, "high": mean + sd}])).mark_rect(
        color="lightgray", opacity=0.5).encode(x="low:Q", x2="high:Q")
    shown = alt.InlineData(values=_chart_rows(table, "value", "chances" in exact))
    tooltip: list[Any] = ["value:Q", alt.Tooltip("simulated:Q", format=".3f")]
    if "chances" in exact:
        tooltip.append("fraction:N")
    bars = alt.Chart(shown).mark_bar(color="#e8a33d", size=18).encode(
        x=x, y=alt.Y("simulated:Q", title="chance", scale=y_scale), tooltip=tooltip)
    rule = alt.Chart(alt.InlineData(values=[{"mean": mean}])).mark_rule(
        color="#c0392b", strokeWidth=2).encode(x="mean:Q")
    layers = [band, bars, rule]
    if "chances" in exact:
        layers.insert(2, alt.Chart(shown).mark_tick(
            color="black", thickness=3, size=22, orient="horizontal").encode(
                x=x, y=alt.Y("exact:Q", scale=y_scale)))
    chart = alt.layer(*layers).properties(
        width=380, height=220,
        title=f"{said_mean} (red), {said_sd} (grey); {said_ticks}bars {draws:,} draws")
    return cast(alt.LayerChart, chart)


def value_summary(cards: Sequence[Card], table: Sequence[Row]) -> str:
    """What the simulated draws of ``table`` (:func:`value_table`) showed (HTML): their
    average and spread. The exact expected value and variance are questions of the lesson
    (``expected_value``, ``variance``), worked out after them, so the explorer does not show
    them."""
    draws = sum(row["count"] for row in table)
    mean, variance = simulated_moments(table)
    return (f"<b>{len(cards)} cards unseen.</b> In {draws:,} simulated draws the next card was "
            f"worth {mean:.2f} on average; the draws' variance {variance:.1f}, "
            f"standard deviation {variance ** 0.5:.1f}. The exact values are worked out below.")


# --------------------------------------------------------------------------- live controls


def _draws_slider(description: str, value: int) -> Any:
    import ipywidgets as widgets

    return widgets.SelectionSlider(options=[10, 30, 100, 300, 1_000, 3_000, 10_000],
                                   value=value, description=description,
                                   continuous_update=False)


def refill_explorer(count: str = "donkeys", out: int = 0, of_kind: int = 0,
                    refills: int = 1_000) -> LiveChart:
    """Controls: what to count, cards already out, how many of them were of that kind,
    and how many refills to simulate; they redraw :func:`refill_chart`, with the exact
    chances once the question they would answer (:func:`refill_question`) is settled."""
    import ipywidgets as widgets

    wide = {"description_width": "initial"}
    what = widgets.Dropdown(options=list(COUNTS), value=count, description="count", style=wide)
    cards_out = widgets.IntSlider(value=out, min=0, max=40, description="cards out",
                                  continuous_update=False, style=wide)
    of_them = widgets.IntSlider(value=of_kind, min=0, max=min(out, most_of_kind(COUNTS[count])),
                                description="of them counted", continuous_update=False,
                                style=wide)
    draws = _draws_slider("refills", refills)

    def limit(change: Any) -> None:
        # Only as many counted cards can be out as there are, and as cards are out.
        of_them.max = min(cards_out.value, most_of_kind(COUNTS[what.value]))

    def draw(count: str, out: int, of_kind: int, refills: int) -> tuple[alt.TopLevelMixin, str]:
        kind = COUNTS[count]
        table = refill_table(out, of_kind, kind, refills)
        exact = quiz.settled(refill_question(out, of_kind, kind)) is not None
        return refill_chart(table, kind, exact), refill_summary(table, out, of_kind, kind)

    live = LiveChart(draw, {"count": what, "out": cards_out, "of_kind": of_them,
                            "refills": draws}, before=limit)
    _redraw_when_settled(live, ["any_donkey", "any_green", "any_donkey_later"])
    return live


def value_explorer(donkeys_out: int = 0, gold_out: str = "none",
                   draws: int = 1_000) -> LiveChart:
    """Controls: donkeys already out, gold cards already out, how many next cards to
    simulate; they redraw :func:`value_chart`, each part exact once its question
    (:data:`VALUE_PARTS`) is settled."""
    import ipywidgets as widgets

    wide = {"description_width": "initial"}
    donkeys = widgets.IntSlider(value=donkeys_out, min=0, max=most_of_kind("donkey"),
                                description="donkeys out", continuous_update=False,
                                style=wide)
    gold = widgets.Dropdown(options=list(GOLD_OUT), value=gold_out, description="gold out",
                            style=wide)
    many = _draws_slider("draws", draws)

    def draw(donkeys_out: int, gold_out: str, draws: int) -> tuple[alt.TopLevelMixin, str]:
        cards = pool(donkeys_out, gold_out)
        table = value_table(cards, draws)
        exact = [part for part, key in VALUE_PARTS.items() if quiz.settled(key)]
        return value_chart(table, exact), value_summary(cards, table)

    live = LiveChart(draw, {"donkeys_out": donkeys, "gold_out": gold, "draws": many})
    _redraw_when_settled(live, list(VALUE_PARTS.values()))
    return live


def _redraw_when_settled(live: LiveChart, keys: Sequence[str]) -> None:
    """Redraw ``live`` when one of the questions ``keys`` is settled (its exact part then
    shows); one already settled was drawn so at once."""
    def redraw() -> None:
        live.redraw()

    for key in keys:
        if quiz.settled(key) is None:
            quiz.when_settled(key, redraw)


def pool(donkeys_out: int = 0, gold_out: str = "none") -> list[Card]:
    """The unseen cards once ``donkeys_out`` donkeys and the gold cards ``gold_out`` names
    (a key of :data:`GOLD_OUT`) are out."""
    values = GOLD_OUT[gold_out]
    gone = sum(c.is_gold and c.value in values for c in start_unseen())
    return unseen_after(donkeys_out + gone, donkeys_out, "donkey", values)


# --------------------------------------------------------------------------- the quiz


def _far(wrong: float, right: Fraction, tolerance: float = 0.005) -> bool:
    """A hint only makes sense when the wrong answer is not also counted right."""
    return abs(wrong - float(right)) > 2 * tolerance


def make_quiz() -> Quiz:
    """The lesson's questions; every answer is computed from the card list."""
    cards = start_unseen()
    n = len(cards)
    donkeys = sum(c.is_donkey for c in cards)
    green = sum(c.colour == MINE for c in cards)
    any_donkey = at_least_one(n, donkeys)
    added = REFILL * donkeys / n
    replaced = 1 - (1 - donkeys / n) ** REFILL
    any_green = at_least_one(n, green)
    green_replaced = 1 - (1 - green / n) ** REFILL
    later = at_least_one(n - LATER_OUT, donkeys - LATER_DONKEYS)
    value = value_exact(cards)
    kinds_mean = sum(set(c.value for c in cards)) / len(set(c.value for c in cards))
    gold_mean = statistics.fmean(c.value for c in cards if c.is_gold)
    donkey_hints = [(near(added), f"{added:.3f} adds the five chances {donkeys}/{n}, but "
                     "those events overlap (two donkeys can come together). Work out the "
                     "chance of no donkey, then take the opposite.")]
    if _far(replaced, any_donkey):
        donkey_hints.append((near(replaced), "that treats the five cards as drawn with "
                             "replacement. A card revealed is not put back: "
                             f"{n - donkeys}/{n} x {n - donkeys - 1}/{n - 1} x ..."))
    green_hints = []
    if _far(green_replaced, any_green):
        green_hints.append((near(green_replaced), "that treats the five cards as drawn "
                            "with replacement; a card revealed is not put back."))
    return Quiz("Risk and expected value", [
        Question("next_donkey", f"At the start, {donkeys} of the {n} cards you have not "
                 "seen are donkeys. What is the chance the next card revealed is a donkey?",
                 Fraction(donkeys, n)),
        Question("any_donkey", f"What is the chance the next refill ({REFILL} cards) shows "
                 "at least one donkey?", any_donkey, hints=tuple(donkey_hints)),
        Question("expected_donkeys", f"How many donkeys does a refill of {REFILL} show on "
                 "average (the expected number)?", Fraction(REFILL * donkeys, n),
                 probability=False,
                 hints=((near(float(any_donkey)), "that is the chance of at least one "
                         "donkey; the expected number counts two donkeys as two: "
                         f"{REFILL} cards x {donkeys}/{n} each."),)),
        Question("any_green", f"Your colour is {MINE}: {green} of the {n} unseen cards are "
                 f"{MINE}. What is the chance the next refill shows at least one?",
                 any_green, hints=tuple(green_hints)),
        Question("any_donkey_later", f"Later, {LATER_OUT} more cards are out and "
                 f"{LATER_DONKEYS} of them were donkeys. What is the chance now that the "
                 "next refill shows at least one donkey?", later,
                 hints=((near(float(any_donkey)), "that is the chance at the start; "
                         f"now {n - LATER_OUT} cards are unseen and "
                         f"{donkeys - LATER_DONKEYS} of them are donkeys."),)),
        Question("expected_value", "What is the expected value of the next card revealed "
                 "at the start (a donkey counts -2)?", value["mean"], approximate=True,
                 tolerance=0.01, probability=False,
                 hints=((near(kinds_mean, 0.01), "that averages the kinds of card (-2, 3, "
                         "..., 8) as if each were equally likely; weight each value by how "
                         "many cards have it."),
                        (near(gold_mean, 0.01), "that is the average gold card; the "
                         "donkeys count too, at -2."))),
        Question("variance", "What is the variance of the value of that next card?",
                 value["variance"], approximate=True, tolerance=0.05, probability=False,
                 hints=((near(value["sd"], 0.05), "that is the standard deviation; the "
                         "variance is its square."),)),
        Question("sure_four", "Is the next card worth more on average than a sure 4? "
                 "(True or False)", value["mean"] > 4, probability=False,
                 explanation="Its expected value (question expected_value) is a little "
                             f"less than 4, and it could be anything from {min(value['chances'])} "
                             f"to {max(value['chances'])}."),
    ])


quiz = make_quiz()
"""The questions of lesson 4."""


def donkey_refills(count: int, seed: int) -> int:
    """How many of ``count`` refills of five (from the unseen cards, seeded ``seed``) show a
    donkey: a student's own trials of the class experiment.

    >>> 0 <= donkey_refills(10, 1) <= 10
    True
    """
    return sum(k > 0 for k in refill_simulated(start_unseen(), "donkey", count, seed))


TRIALS = Trials("4-risk-and-expected-value", "refills", donkey_refills)
"""What this lesson pools from each student's own refills (its ClassExperiment cell)."""


def check(key: str, answer: Any) -> Feedback:
    """Check an answer to question ``key`` of this lesson (``...`` says what is asked)."""
    return quiz.check(key, answer)


def ask(key: str, guess: Prediction | None = None) -> AnswerBox:
    """The answer box of question ``key`` (type, press Check, read what ``check`` says);
    with the ``guess`` of "Predict first", the feedback shows it too."""
    return answer_box(quiz, key, check, guess)


def after(key: str, content: Callable[[], Any], what: str = "the exact answer") -> After:
    """``content()`` once question ``key`` is answered (or shown with Show me)."""
    return answer.after(quiz, key, content, what)


def exact_values(cards: Sequence[Card]) -> Any:
    """The next card's exact chances, expected value and variance, each line shown once
    its question (:data:`VALUE_PARTS`) is settled."""
    import ipywidgets as widgets

    facts = value_exact(cards)
    lines = [
        after("next_donkey", lambda: "chances: " + ", ".join(
            f"{v}: {p}" for v, p in facts["chances"].items()),
            what="the exact chance of each value"),
        after("expected_value", lambda: f"expected value {facts['mean']} = "
              f"{float(facts['mean']):.3f}", what="the exact expected value"),
        after("variance", lambda: f"variance {facts['variance']} = "
              f"{float(facts['variance']):.2f}; standard deviation {facts['sd']:.2f}",
              what="the exact variance and standard deviation")]
    return widgets.VBox([line.widget for line in lines])
