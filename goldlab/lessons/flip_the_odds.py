"""Lesson 1, *Flip the odds*: blind flips, conditional chances and the law of large numbers.

Everything the notebook ``notebooks/lessons/1-flip-the-odds.ipynb`` computes lives here, so
the notebook stays short and the logic is tested:

* :func:`chances` -- the exact chance that a blind flip shows gold, a digger or dynamite,
  from the cards already seen (the engine's own odds, :mod:`goldlab.games.goldrush.odds`);
* :func:`blind_flips` -- first flips played by the engine, many times, with a fixed seed
  (:func:`play_flips`: the same with a progress bar);
* :func:`running_estimate` and :func:`experiments` -- the estimate of P(gold) and its 95 %
  interval (:func:`goldlab.lessons.inference.wilson_interval`) as flips add up, and many
  repeated experiments with one interval each;
* ``*_chart`` -- the Altair charts, and ``*_explorer`` -- the same charts with ipywidgets
  controls that redraw them live (:class:`~goldlab.lessons.live.LiveChart`);
* :data:`quiz` -- the lesson's questions, answers computed from the engine; :func:`ask`
  gives a question's answer box, and :func:`after` what the page shows only once that
  question is settled (answered right, or its answer shown with **Show me**): the exact
  chances, and the charts' dashed exact line, stay locked until then.

It runs where the lesson runs, in the student's browser too (Pyodide): only the standard
library, the pure-Python engine, ipywidgets and Altair.  Tables are rows (lists of dicts)
and charts are drawn from rows; exact chances stay Fractions.  It declares what a class
pools (:data:`TRIALS`, a student's own first flips; the prediction ``both_gold``); sending
and the class's figure are :mod:`goldlab.lessons.together`'s.

>>> chances()["gold"]
Fraction(3, 8)
>>> print(check("first_gold", "3/8"))
Right: 3/8 = 0.375 (37.5 %). 24 of the 64 cards are gold: 24/64 = 3/8.
>>> quiz.settled("first_gold")  # answered: what waited for it (:func:`after`) opens
'answered'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from html import escape
from itertools import accumulate
from time import perf_counter
from typing import Any, cast

import altair as alt

import goldlab
from goldlab.games.goldrush import odds
from goldlab.games.goldrush.actions import FLIPS
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, Card, cards
from goldlab.games.goldrush.events import CardFlipped
from goldlab.games.goldrush.rules import TWO_GOLD
from goldlab.games.goldrush.state import GoldrushState
from goldlab.lessons.answer import EXAMPLES, After, AnswerBox, Prediction, answer_box
from goldlab.lessons.answer import after as answer_after
from goldlab.lessons.board import CardCall, lesson_table
from goldlab.lessons.check import Feedback, Question, Quiz, show
from goldlab.lessons.inference import wilson_interval
from goldlab.lessons.live import LiveChart
from goldlab.lessons.together import Trials

Row = dict[str, Any]
"""One row of a table: column name to value."""
KINDS = ("gold", "digger", "dynamite")
"""The three kinds of card, in the order charts show them."""
COLOURS = {"gold": "#d4a017", "digger": "#5b7fa6", "dynamite": "#c0392b"}
FLIPS_PLAYED = 10_000
"""How many blind first flips the lesson plays once (about a second in CPython, a few in
a browser: :func:`play_flips` shows a progress bar)."""
SEED = 2024
"""The lesson's seed: every student sees the same flips."""
SEEN_EXAMPLE: tuple[Card, ...] = cards("gold:1 gold:2 gold:3 gold:3 red:2 green:4 blue:5 "
                                       "orange:3 violet:2 dynamite")
"""Ten cards a player has seen: 4 gold, 5 diggers, 1 dynamite (question ``gold_after``)."""


def new_game() -> GoldrushState:
    """A fresh two-player game of Mount Goldrush (edition A): all 64 cards unseen."""
    state = goldlab.make("goldrush", players=2, seed=SEED)
    assert isinstance(state, GoldrushState)
    return state


def table_cards() -> list[Card]:
    """The 64 cards on the table, one entry per card (so gold 3 appears 7 times)."""
    return [c for c, n in zip(ALL_CARDS, DECK, strict=True) for _ in range(n)]


# --------------------------------------------------------------------------- exact chances


def seen_position(seen: Sequence[Card]) -> GoldrushState:
    """The engine's position after ``seen`` cards were flipped at places 0, 1, ... and lie
    face down again: the odds of a blind flip then use only the cards nobody has seen."""
    return GoldrushState.from_position(new_game().game, known=dict(enumerate(seen)))


def chances(seen: Sequence[Card] = ()) -> dict[str, Fraction]:
    """Exact chance that the next blind flip shows gold, a digger or dynamite.

    A blind flip turns a card nobody has seen, so it is a draw from the unseen cards:
    P(gold) = (gold cards not yet seen) / (cards not yet seen).
    """
    exact = odds.first_flip(seen_position(seen))
    return {k: exact[k] for k in KINDS}


def chances_text(seen: Sequence[Card] = ()) -> str:
    """:func:`chances` as lines of text, one per kind: ``gold      3/8 = 0.375 (37.5 %)``."""
    return "\n".join(f"{kind:9} {show(p, percent=True)}" for kind, p in chances(seen).items())


def reveal_order(seed: int = SEED) -> list[Card]:
    """The 64 cards in a random order (fixed by ``seed``), to reveal one by one."""
    return random.Random(seed).sample(table_cards(), 64)


def reveal_table(order: Sequence[Card], revealed: int) -> list[Row]:
    """After each of the first ``revealed`` cards: the exact chances of the next blind flip.

    One row per (step, kind): ``seen`` cards seen so far, ``kind``, ``chance`` (a float),
    ``fraction`` (the exact Fraction as text) and ``last``, the card seen last.
    """
    rows = []
    for step in range(revealed + 1):
        for kind, p in chances(order[:step]).items():
            rows.append({"seen": step, "kind": kind, "chance": float(p), "fraction": str(p),
                         "last": str(order[step - 1]) if step else ""})
    return rows


def reveal_chart(table: Sequence[Row], revealed: int) -> alt.HConcatChart:
    """Left: the chances after ``revealed`` cards, with a tick at the start; right: how
    P(gold) moved.  ``table``: :func:`reveal_table` of at least ``revealed`` cards."""
    shown = [row for row in table if row["seen"] <= revealed]
    start = {row["kind"]: row["chance"] for row in shown if row["seen"] == 0}
    now = [{**row, "start": start[row["kind"]],
            "label": f"{row['fraction']} ≈ {row['chance']:.3f}"}
           for row in shown if row["seen"] == revealed]
    colour = alt.Color("kind:N", scale=alt.Scale(domain=list(KINDS),
                                                range=[COLOURS[k] for k in KINDS]), legend=None)
    x = alt.X("chance:Q", title="chance the next blind flip shows it",
              scale=alt.Scale(domain=[0, 0.7]))
    y = alt.Y("kind:N", sort=list(KINDS), title=None)
    data = alt.InlineData(values=now)
    bars = alt.Chart(data).mark_bar().encode(x=x, y=y, color=colour)
    ticks = alt.Chart(data).mark_tick(color="black", thickness=2, size=30).encode(
        x="start:Q", y=y)
    labels = alt.Chart(data).mark_text(align="left", dx=4).encode(x=x, y=y, text="label:N")
    last = f", the last one: {now[0]['last']}" if revealed else ""
    left = alt.layer(bars, ticks, labels).properties(
        width=300, height=150, title=f"{revealed} cards seen{last} (tick: before any)")
    gold = [row for row in shown if row["kind"] == "gold"]
    line = alt.Chart(alt.InlineData(values=gold)).mark_line(
        point=True, color=COLOURS["gold"]).encode(
        x=alt.X("seen:Q", title="cards seen", scale=alt.Scale(domain=[0, max(revealed, 10)])),
        y=alt.Y("chance:Q", title="P(next blind flip is gold)", scale=alt.Scale(domain=[0, 0.7])),
        tooltip=["seen:Q", "last:N", "fraction:N"])
    start_rule = alt.Chart(alt.InlineData(values=[{"p": start["gold"]}])).mark_rule(
        strokeDash=[4, 4], color="gray").encode(y="p:Q")
    right = alt.layer(line, start_rule).properties(width=260, height=150,
                                                   title="P(gold) after each card")
    return alt.hconcat(left, right)


# --------------------------------------------------------------------------- simulation


def blind_flips(n: int = FLIPS_PLAYED, seed: int = SEED,
                progress: Callable[[int], None] | None = None) -> list[Row]:
    """``n`` first flips of a fresh game, each played by the engine with its own chance draw.

    One row per flip: ``flip`` (1, 2, ...), ``card`` and ``kind``, and ``gold`` (bool).
    The same ``seed`` gives the same flips.  ``progress(done)``, if given, is told how many
    flips are played about twenty times along the way, and at the end.

    >>> [row["card"] for row in blind_flips(3)]
    ['orange:3', 'violet:4', 'violet:2']
    """
    state = new_game()
    rng = random.Random(seed)
    every = max(1, n // 20)
    rows = []
    for i in range(1, n + 1):
        sample = state.determinise(0, rng)
        sample.keeps_undo = False  # played once and thrown away: no undo frame to keep
        events = sample.apply(FLIPS[0])
        card = next(e for e in events if isinstance(e, CardFlipped)).card
        rows.append({"flip": i, "card": str(card), "kind": card.kind, "gold": card.is_gold})
        if progress is not None and (i % every == 0 or i == n):
            progress(i)
    return rows


def play_flips(n: int = FLIPS_PLAYED, seed: int = SEED) -> list[Row]:
    """:func:`blind_flips` with a progress bar shown under the cell while they are played;
    at the end it says how many flips took how long."""
    import ipywidgets as widgets
    from IPython.display import display

    bar = widgets.IntProgress(value=0, min=0, max=n, description="playing flips",
                              style=_style())
    said = widgets.Label(f"0 of {n:,}")
    display(widgets.HBox([bar, said]))  # type: ignore[no-untyped-call]
    start = perf_counter()

    def done(count: int) -> None:
        bar.value = count
        said.value = f"{count:,} of {n:,}"

    flips = blind_flips(n, seed, progress=done)
    bar.description = "flips played"
    said.value = f"{n:,} flips played in {perf_counter() - start:.1f} s"
    return flips


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion
    (:func:`goldlab.lessons.inference.wilson_interval`).

    >>> [round(x, 3) for x in wilson(375, 1000)]
    [0.346, 0.405]
    """
    return wilson_interval(successes, trials, confidence)


def checkpoints(upto: int, per_decade: int = 40) -> list[int]:
    """About ``per_decade`` flip counts per factor of ten, from 1 to ``upto`` (log-spaced).

    >>> checkpoints(10, per_decade=5)
    [1, 2, 3, 6, 10]
    """
    top = math.log10(upto)
    steps = max(2, int(per_decade * math.log10(max(upto, 10))))
    points = {round(10 ** (top * i / (steps - 1))) for i in range(steps)}
    return sorted(n for n in points if 1 <= n <= upto)


def running_estimate(flips: Sequence[Row], upto: int,
                     confidence: float = 0.95) -> list[Row]:
    """The estimate of P(gold) after 1, 2, ..., ``upto`` flips (log-spaced), with intervals:
    one row per count, ``flips``, ``estimate``, ``low`` and ``high``."""
    if not 1 <= upto <= len(flips):
        raise ValueError(f"upto must be between 1 and {len(flips)} flips, not {upto}")
    golds = list(accumulate(int(row["gold"]) for row in flips[:upto]))
    ns = checkpoints(upto)
    if ns[-1] != upto:
        ns.append(upto)
    rows = []
    for n in ns:
        low, high = wilson(golds[n - 1], n, confidence)
        rows.append({"flips": n, "estimate": golds[n - 1] / n, "low": low, "high": high})
    return rows


def lln_chart(flips: Sequence[Row], upto: int, exact_line: bool = True) -> alt.LayerChart:
    """The running estimate of P(gold) and its 95 % band; with ``exact_line``, the exact
    chance as a dashed line.  The title gives only what the simulation found."""
    exact = chances()["gold"]
    table = running_estimate(flips, upto)
    row = table[-1]
    data, end = alt.InlineData(values=table), alt.InlineData(values=[row])
    x = alt.X("flips:Q", title="flips played (log scale)",
              scale=alt.Scale(type="log", domain=[1, len(flips)]))
    y = alt.Y("estimate:Q", title="share of gold so far", scale=alt.Scale(domain=[0, 1]))
    band = alt.Chart(data).mark_area(opacity=0.25, color=COLOURS["gold"]).encode(
        x=x, y=alt.Y("low:Q", title="share of gold so far"), y2="high:Q")
    line = alt.Chart(data).mark_line(color="#8a6500").encode(x=x, y=y)
    bar = alt.Chart(end).mark_rule(strokeWidth=3, color="black").encode(x=x, y="low:Q",
                                                                        y2="high:Q")
    point = alt.Chart(end).mark_point(filled=True, size=70, color="black").encode(x=x, y=y)
    rule = alt.Chart(alt.InlineData(values=[{"exact": float(exact)}])).mark_rule(
        strokeDash=[5, 4], color="gray").encode(y="exact:Q")
    title = (f"{upto} flips: share of gold {row['estimate']:.3f}, 95% interval "
             f"{row['low']:.3f} to {row['high']:.3f}"
             + ("; dashed: the exact chance" if exact_line else ""))
    layers = [band, line, rule, bar, point] if exact_line else [band, line, bar, point]
    chart = alt.layer(*layers).properties(width=480, height=240, title=title)
    return cast(alt.LayerChart, chart)


def experiments(flips: Sequence[Row], size: int, count: int,
                confidence: float = 0.95) -> list[Row]:
    """``count`` experiments of ``size`` flips each (consecutive, non-overlapping flips).

    One row per experiment: ``experiment`` (1, 2, ...), ``golds``, its ``estimate`` of
    P(gold), the 95 % interval ``low`` to ``high``, and ``hit`` (whether the interval
    contains the exact P(gold)).
    """
    if size * count > len(flips):
        raise ValueError(f"{count} experiments of {size} flips need {size * count} flips; "
                         f"there are {len(flips)}")
    exact = chances()["gold"]
    rows = []
    for i in range(count):
        golds = sum(row["gold"] for row in flips[i * size:(i + 1) * size])
        low, high = wilson(golds, size, confidence)
        rows.append({"experiment": i + 1, "golds": golds, "estimate": golds / size,
                     "low": low, "high": high, "hit": low <= exact <= high})
    return rows


def intervals_chart(table: Sequence[Row], exact_line: bool = True) -> alt.LayerChart:
    """One horizontal 95 % interval per experiment, the ones missing the exact P(gold) in
    red; with ``exact_line``, the exact chance as a dashed line."""
    exact = chances()["gold"]
    misses = sum(not row["hit"] for row in table)
    covers = "covers the exact chance"
    colour = alt.Color(f"{covers}:N", scale=alt.Scale(domain=["yes", "no"],
                                                     range=["#5b7fa6", "#c0392b"]))
    data = alt.InlineData(values=[{**row, covers: "yes" if row["hit"] else "no"} for row in table])
    y = alt.Y("experiment:O", title="experiment", axis=None)
    rules = alt.Chart(data).mark_rule(strokeWidth=2).encode(
        x=alt.X("low:Q", title="P(gold): 95% interval of each experiment",
                scale=alt.Scale(domain=[0, 1])), x2="high:Q", y=y, color=colour)
    dots = alt.Chart(data).mark_point(filled=True, size=18).encode(
        x="estimate:Q", y=y, color=colour)
    exact_rule = alt.Chart(alt.InlineData(values=[{"exact": float(exact)}])).mark_rule(
        color="black", strokeDash=[5, 4]).encode(x="exact:Q")
    title = f"{len(table)} experiments: {misses} intervals miss the exact chance"
    layers = [rules, dots, exact_rule] if exact_line else [rules, dots]
    chart = alt.layer(*layers).properties(
        width=420, height=min(6 * len(table) + 40, 500), title=title)
    return cast(alt.LayerChart, chart)


def exact_vs_simulated(flips: Sequence[Row]) -> list[Row]:
    """For each kind: the ``exact`` chance (a Fraction), its decimal ``exact ≈``, the
    ``simulated`` share, its ``95% interval`` and whether the exact chance is ``inside``."""
    exact = chances()
    rows = []
    for kind in KINDS:
        hits = sum(row["kind"] == kind for row in flips)
        low, high = wilson(hits, len(flips))
        rows.append({"kind": kind, "exact": exact[kind], "exact ≈": round(float(exact[kind]), 4),
                     "simulated": round(hits / len(flips), 4),
                     "95% interval": f"{low:.3f} to {high:.3f}",
                     "inside": low <= exact[kind] <= high})
    return rows


def exact_vs_simulated_table(flips: Sequence[Row]) -> Any:
    """:func:`exact_vs_simulated` as a small HTML table (an ``ipywidgets.HTML``)."""
    import ipywidgets as widgets

    rows = exact_vs_simulated(flips)
    return widgets.HTML(_html_table(rows, list(rows[0])))


def _html_table(rows: Sequence[Row], columns: Sequence[str]) -> str:
    """``rows`` as an HTML table of ``columns``, every cell escaped; True/False read yes/no.

    >>> _html_table([{"a": "<b>", "b": True}], ["a", "b"]).split("<tbody>")[1]
    '<tr><td>&lt;b&gt;</td><td>yes</td></tr></tbody></table>'
    """

    def cell(value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(cell(row[c]))}</td>" for c in columns)
                   + "</tr>" for row in rows)
    return (f'<table class="gl-table"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


# --------------------------------------------------------------------------- live charts


def _style() -> dict[str, str]:
    return {"description_width": "initial"}


def reveal_explorer(order: Sequence[Card] | None = None, start: int = 0) -> LiveChart:
    """A slider "cards seen" and a button "reveal the next card": the chances update."""
    import ipywidgets as widgets

    order = list(order) if order is not None else reveal_order()
    table = reveal_table(order, 40)  # once: the slider then only filters it
    slider = widgets.IntSlider(value=start, min=0, max=40, description="cards seen",
                               style=_style(), continuous_update=True)
    button = widgets.Button(description="reveal the next card", icon="eye")
    reset = widgets.Button(description="start over")

    def more(_: Any) -> None:
        slider.value = min(slider.value + 1, slider.max)

    def again(_: Any) -> None:
        slider.value = 0

    button.on_click(more)
    reset.on_click(again)
    return LiveChart(lambda seen: reveal_chart(table, seen), {"seen": slider},
                     extra=[button, reset])


def _exact_known() -> bool:
    """True once ``first_gold`` is settled: the charts may then draw the exact P(gold)."""
    return quiz.settled("first_gold") is not None


def _redrawn_when_known(live: LiveChart) -> LiveChart:
    """``live``, redrawn (with its exact line) once ``first_gold`` is settled."""

    def redraw() -> None:
        live.redraw()

    quiz.when_settled("first_gold", redraw)
    return live


def lln_explorer(flips: Sequence[Row], start: int = 100) -> LiveChart:
    """A slider for the number of flips: the estimate and its interval, and the exact
    P(gold) as a dashed line once ``first_gold`` is settled."""
    import ipywidgets as widgets

    slider = widgets.SelectionSlider(
        options=[int(n) for n in (10, 25, 100, 400, 1000, 1600, 2500, 10_000)
                 if n <= len(flips)],
        value=start, description="flips played", style=_style())
    return _redrawn_when_known(LiveChart(
        lambda n: lln_chart(flips, n, exact_line=_exact_known()), {"n": slider}))


def intervals_explorer(flips: Sequence[Row], count: int = 20, size: int = 100) -> LiveChart:
    """A slider for how many experiments, a dropdown for flips per experiment."""
    import ipywidgets as widgets

    counter = widgets.IntSlider(value=count, min=20, max=100, step=20,
                                description="experiments", style=_style())
    sizes = widgets.Dropdown(options=[25, 50, 100], value=size,
                             description="flips per experiment", style=_style())
    return _redrawn_when_known(LiveChart(
        lambda count, size: intervals_chart(experiments(flips, size, count),
                                            exact_line=_exact_known()),
        {"count": counter, "size": sizes}))


def table(seed: int | None = None, opponent: str = "perfect") -> CardCall:
    """The game itself: a locked Mount Goldrush table for the class (seat 0) against
    ``opponent``, the cards seen left face up to count, and the class's call of each card
    it turns (:class:`~goldlab.lessons.board.CardCall`).  The odds beside the board are
    the exact chances of a blind flip, redrawn as cards are turned."""
    return CardCall(lesson_table(seed, opponent, memory=False))


# --------------------------------------------------------------------------- the quiz


def _is(value: Fraction) -> Callable[[Any], bool]:
    def test(given: Any) -> bool:
        return abs(float(Fraction(str(given)) if isinstance(given, str) else given)
                   - float(value)) < 1e-3

    return test


def make_quiz() -> Quiz:
    """The lesson's questions; every answer is computed from the engine's odds."""
    start = chances()
    both = odds.pair_outcomes(new_game())[TWO_GOLD]
    after = chances(SEEN_EXAMPLE)["gold"]
    return Quiz("Flip the odds", [
        Question("first_gold", "Chance that the very first flip of a game shows gold?",
                 start["gold"],
                 explanation="24 of the 64 cards are gold: 24/64 = 3/8."),
        Question("first_dynamite", "Chance that the very first flip shows dynamite?",
                 start["dynamite"], explanation="5 of the 64 cards are dynamite."),
        Question("both_gold", "Chance that both cards of the first turn are gold?", both,
                 hints=((_is(start["gold"] ** 2),
                         "you multiplied 24/64 by 24/64, but after a gold card is turned "
                         "only 23 gold cards are left among 63 cards."),
                        (_is(start["gold"] * 2),
                         "adding gives more than either flip alone; for 'this AND that' "
                         "multiply: P(first gold) x P(second gold | first gold).")),
                 explanation="24/64 x 23/63: the second flip is conditional on the first."),
        Question("gold_after", "After seeing the ten cards of SEEN_EXAMPLE (4 gold, 5 "
                 "diggers, 1 dynamite), chance the next blind flip shows gold?", after,
                 hints=((_is(start["gold"]),
                         "3/8 is the chance before any card was seen; count what is left: "
                         "gold not seen / cards not seen."),
                        (_is(Fraction(20, 64)),
                         "20 gold cards are unseen, but so are fewer cards: only 54."),),
                 explanation="20 gold cards among the 54 cards nobody has seen."),
        Question("misses", "Twenty experiments, each with its own 95% interval: how many "
                 "intervals do you expect to miss the exact value?",
                 Fraction(20) * Fraction(5, 100),
                 tolerance=0.0, probability=False,
                 hints=((lambda g: g == 0.05 or g == "5%",
                         "5% is the chance for one experiment; how many of twenty is that?"),
                        (lambda g: g == 0,
                         "a 95% interval misses 5% of the time, so some do miss.")),
                 explanation="5% of 20 is 1: about one interval in twenty misses."),
        Question("four_times", "How many times more flips do you need to make the 95% "
                 "interval half as wide?", 4, tolerance=0.0, probability=False,
                 hints=((lambda g: g == 2,
                         "twice the flips makes the interval only about 1/sqrt(2) = 0.71 as "
                         "wide: its width shrinks like 1/sqrt(n)."),),
                 explanation="The width shrinks like 1/sqrt(n): 4 times the flips, half "
                             "the width."),
    ])


quiz = make_quiz()
"""The questions of the lesson."""


def gold_first_flips(count: int, seed: int) -> int:
    """How many of ``count`` first flips of fresh games (seeded ``seed``) show gold: a
    student's own trials of the class experiment.

    >>> gold_first_flips(8, 3) == sum(row["gold"] for row in blind_flips(8, 3))
    True
    """
    return sum(flip["gold"] for flip in blind_flips(count, seed))


TRIALS = Trials("1-flip-the-odds", "first_flip", gold_first_flips)
"""What this lesson pools from each student's own trials (its ClassExperiment cell)."""


def check(key: str, answer: Any) -> Feedback:
    """Check your answer to question ``key``: ``check("first_gold", "2/9")``."""
    return checker(quiz)(key, answer)


def checker(lesson_quiz: Quiz) -> Callable[[str, Any], Feedback]:
    """``check(key, answer)`` for a quiz; the placeholder ``...`` asks for an answer."""

    def check(key: str, answer: Any) -> Feedback:
        if answer is Ellipsis:
            question = lesson_quiz.question(key)
            return Feedback(question, answer, False,
                            f"Not yet answered: replace ... with your answer to: "
                            f"{question.prompt} (a fraction such as \"{EXAMPLES[0]}\", "
                            f"or a decimal)."
                            if question.probability else
                            f"Not yet answered: replace ... with your answer to: "
                            f"{question.prompt}")
        return lesson_quiz.check(key, answer)

    return check


def ask(key: str, guess: Prediction | None = None) -> AnswerBox:
    """The answer box of question ``key`` (type, press Check, read what ``check`` says);
    with the ``guess`` of "Predict first", the feedback shows it too."""
    return answer_box(quiz, key, check, guess)


def after(key: str | tuple[str, ...], content: Callable[[], Any],
          what: str = "the exact answer") -> After:
    """``content()`` once question ``key`` is answered (or shown with Show me); with a
    tuple of keys, once every one of them is (the lock line names the next one)."""
    keys = (key,) if isinstance(key, str) else key
    if len(keys) > 1:
        rest = keys[1:]
        return answer_after(quiz, keys[0], lambda: after(rest, content, what).widget, what)
    return answer_after(quiz, keys[0], content, what)
