"""Lesson 1, *Flip the odds*: blind flips, conditional chances and the law of large numbers.

Everything the notebook ``notebooks/lessons/1-flip-the-odds.ipynb`` computes lives here, so
the notebook stays short and the logic is tested:

* :func:`chances` -- the exact chance that a blind flip shows gold, a digger or dynamite,
  from the cards already seen (the engine's own odds, :mod:`goldlab.games.goldrush.odds`);
* :func:`blind_flips` -- first flips played by the engine, many times, with a fixed seed;
* :func:`running_estimate` and :func:`experiments` -- the estimate of P(gold) and its 95 %
  interval as flips add up, and many repeated experiments with one interval each;
* ``*_chart`` -- the Altair charts, and ``*_explorer`` -- the same charts with ipywidgets
  controls that redraw them live (:class:`~goldlab.lessons.live.LiveChart`);
* :data:`quiz` -- the lesson's questions, answers computed from the engine; :func:`ask`
  gives a question's answer box, and :func:`after` what the page shows only once that
  question is settled (answered right, or its answer shown with **Show me**): the exact
  chances, and the charts' dashed exact line, stay locked until then.

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
from typing import Any, cast

import altair as alt
import numpy as np
import pandas as pd

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
from goldlab.lessons.live import LiveChart

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile: an estimate +- 1.96 standard errors."""
KINDS = ("gold", "digger", "dynamite")
"""The three kinds of card, in the order charts show them."""
COLOURS = {"gold": "#d4a017", "digger": "#5b7fa6", "dynamite": "#c0392b"}
FLIPS_PLAYED = 10_000
"""How many blind first flips the lesson plays once (about a second on 2 cores)."""
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


def kind_of(card: Card) -> str:
    """``"gold"``, ``"digger"`` or ``"dynamite"``."""
    return card.kind


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


def reveal_table(order: Sequence[Card], revealed: int) -> pd.DataFrame:
    """After each of the first ``revealed`` cards: the exact chances of the next blind flip.

    One row per (step, kind): ``seen`` cards seen so far, ``kind``, ``chance`` (a float) and
    ``fraction`` (the exact Fraction as text).
    """
    rows = []
    for step in range(revealed + 1):
        for kind, p in chances(order[:step]).items():
            rows.append({"seen": step, "kind": kind, "chance": float(p), "fraction": str(p),
                         "last": str(order[step - 1]) if step else ""})
    return pd.DataFrame(rows)


def reveal_chart(table: pd.DataFrame, revealed: int) -> alt.HConcatChart:
    """Left: the chances after ``revealed`` cards, with a tick at the start; right: how
    P(gold) moved.  ``table``: :func:`reveal_table` of at least ``revealed`` cards."""
    table = table[table["seen"] <= revealed]
    now = table[table["seen"] == revealed].copy()
    start = table[table["seen"] == 0][["kind", "chance"]].rename(columns={"chance": "start"})
    now = now.merge(start, on="kind")
    now["label"] = now["fraction"] + " ≈ " + now["chance"].map("{:.3f}".format)
    colour = alt.Color("kind:N", scale=alt.Scale(domain=list(KINDS),
                                                range=[COLOURS[k] for k in KINDS]), legend=None)
    x = alt.X("chance:Q", title="chance the next blind flip shows it",
              scale=alt.Scale(domain=[0, 0.7]))
    y = alt.Y("kind:N", sort=list(KINDS), title=None)
    bars = alt.Chart(now).mark_bar().encode(x=x, y=y, color=colour)
    ticks = alt.Chart(now).mark_tick(color="black", thickness=2, size=30).encode(
        x="start:Q", y=alt.Y("kind:N", sort=list(KINDS)))
    labels = alt.Chart(now).mark_text(align="left", dx=4).encode(
        x=x, y=alt.Y("kind:N", sort=list(KINDS)), text="label:N")
    last = f", the last one: {now['last'].iloc[0]}" if revealed else ""
    left = alt.layer(bars, ticks, labels).properties(
        width=300, height=150, title=f"{revealed} cards seen{last} (tick: before any)")
    gold = table[table["kind"] == "gold"]
    line = alt.Chart(gold).mark_line(point=True, color=COLOURS["gold"]).encode(
        x=alt.X("seen:Q", title="cards seen", scale=alt.Scale(domain=[0, max(revealed, 10)])),
        y=alt.Y("chance:Q", title="P(next blind flip is gold)", scale=alt.Scale(domain=[0, 0.7])),
        tooltip=["seen:Q", "last:N", "fraction:N"])
    start_rule = alt.Chart(pd.DataFrame({"p": [3 / 8]})).mark_rule(
        strokeDash=[4, 4], color="gray").encode(y="p:Q")
    right = alt.layer(line, start_rule).properties(width=260, height=150,
                                                   title="P(gold) after each card")
    return alt.hconcat(left, right)


# --------------------------------------------------------------------------- simulation


def blind_flips(n: int = FLIPS_PLAYED, seed: int = SEED) -> pd.DataFrame:
    """``n`` first flips of a fresh game, each played by the engine with its own chance draw.

    One row per flip: ``flip`` (1, 2, ...), ``card`` and ``kind``, and ``gold`` (bool).
    The same ``seed`` gives the same flips.
    """
    state = new_game()
    rng = random.Random(seed)
    drawn = []
    for _ in range(n):
        events = state.resample_hidden(0, rng).apply(FLIPS[0])
        flipped = next(e for e in events if isinstance(e, CardFlipped))
        drawn.append(flipped.card)
    return pd.DataFrame({"flip": np.arange(1, n + 1), "card": [str(c) for c in drawn],
                         "kind": [c.kind for c in drawn],
                         "gold": [c.is_gold for c in drawn]})


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion (see :func:`odds.wilson`)."""
    return odds.wilson(int(successes), trials, z)


def checkpoints(upto: int, per_decade: int = 40) -> np.ndarray:
    """About ``per_decade`` flip counts per factor of ten, from 1 to ``upto`` (log-spaced)."""
    points = np.unique(np.round(np.logspace(0, math.log10(upto), max(2, int(
        per_decade * math.log10(max(upto, 10)))))).astype(int))
    return points[(points >= 1) & (points <= upto)]


def running_estimate(flips: pd.DataFrame, upto: int, z: float = Z95) -> pd.DataFrame:
    """The estimate of P(gold) after 1, 2, ..., ``upto`` flips (log-spaced), with intervals."""
    if not 1 <= upto <= len(flips):
        raise ValueError(f"upto must be between 1 and {len(flips)} flips, not {upto}")
    golds = np.cumsum(flips["gold"].to_numpy())
    ns = checkpoints(upto)
    if ns[-1] != upto:
        ns = np.append(ns, upto)
    rows = []
    for n in ns:
        low, high = wilson(golds[n - 1], int(n), z)
        rows.append({"flips": int(n), "estimate": golds[n - 1] / n, "low": low, "high": high})
    return pd.DataFrame(rows)


def lln_chart(flips: pd.DataFrame, upto: int, exact_line: bool = True) -> alt.LayerChart:
    """The running estimate of P(gold) and its 95 % band; with ``exact_line``, the exact
    chance as a dashed line.  The title gives only what the simulation found."""
    exact = chances()["gold"]
    table = running_estimate(flips, upto)
    end = table.iloc[[-1]]
    x = alt.X("flips:Q", title="flips played (log scale)",
              scale=alt.Scale(type="log", domain=[1, len(flips)]))
    y = alt.Y("estimate:Q", title="share of gold so far", scale=alt.Scale(domain=[0, 1]))
    band = alt.Chart(table).mark_area(opacity=0.25, color=COLOURS["gold"]).encode(
        x=x, y=alt.Y("low:Q", title="share of gold so far"), y2="high:Q")
    line = alt.Chart(table).mark_line(color="#8a6500").encode(x=x, y=y)
    bar = alt.Chart(end).mark_rule(strokeWidth=3, color="black").encode(x=x, y="low:Q",
                                                                        y2="high:Q")
    point = alt.Chart(end).mark_point(filled=True, size=70, color="black").encode(x=x, y=y)
    rule = alt.Chart(pd.DataFrame({"exact": [float(exact)]})).mark_rule(
        strokeDash=[5, 4], color="gray").encode(y="exact:Q")
    row = end.iloc[0]
    title = (f"{upto} flips: share of gold {row['estimate']:.3f}, 95% interval "
             f"{row['low']:.3f} to {row['high']:.3f}"
             + ("; dashed: the exact chance" if exact_line else ""))
    layers = [band, line, rule, bar, point] if exact_line else [band, line, bar, point]
    chart = alt.layer(*layers).properties(width=480, height=240, title=title)
    return cast(alt.LayerChart, chart)


def experiments(flips: pd.DataFrame, size: int, count: int, z: float = Z95) -> pd.DataFrame:
    """``count`` experiments of ``size`` flips each (consecutive, non-overlapping flips).

    One row per experiment: its estimate of P(gold), the 95 % interval, and ``hit``
    (whether the interval contains the exact P(gold)).
    """
    if size * count > len(flips):
        raise ValueError(f"{count} experiments of {size} flips need {size * count} flips; "
                         f"there are {len(flips)}")
    exact = chances()["gold"]
    gold = flips["gold"].to_numpy()[: size * count].reshape(count, size).sum(axis=1)
    rows = []
    for i, g in enumerate(gold, start=1):
        low, high = wilson(g, size, z)
        rows.append({"experiment": i, "golds": int(g), "estimate": g / size, "low": low,
                     "high": high, "hit": bool(low <= exact <= high)})
    return pd.DataFrame(rows)


def intervals_chart(table: pd.DataFrame, exact_line: bool = True) -> alt.LayerChart:
    """One horizontal 95 % interval per experiment, the ones missing the exact P(gold) in
    red; with ``exact_line``, the exact chance as a dashed line."""
    exact = chances()["gold"]
    misses = int((~table["hit"]).sum())
    covers = "covers the exact chance"
    colour = alt.Color(f"{covers}:N", scale=alt.Scale(domain=["yes", "no"],
                                                     range=["#5b7fa6", "#c0392b"]))
    table = table.assign(**{covers: np.where(table["hit"], "yes", "no")})
    y = alt.Y("experiment:O", title="experiment", axis=None)
    rules = alt.Chart(table).mark_rule(strokeWidth=2).encode(
        x=alt.X("low:Q", title="P(gold): 95% interval of each experiment",
                scale=alt.Scale(domain=[0, 1])), x2="high:Q", y=y, color=colour)
    dots = alt.Chart(table).mark_point(filled=True, size=18).encode(
        x="estimate:Q", y=y, color=colour)
    exact_rule = alt.Chart(pd.DataFrame({"exact": [float(exact)]})).mark_rule(
        color="black", strokeDash=[5, 4]).encode(x="exact:Q")
    title = f"{len(table)} experiments: {misses} intervals miss the exact chance"
    layers = [rules, dots, exact_rule] if exact_line else [rules, dots]
    chart = alt.layer(*layers).properties(
        width=420, height=min(6 * len(table) + 40, 500), title=title)
    return cast(alt.LayerChart, chart)


def exact_vs_simulated(flips: pd.DataFrame) -> pd.DataFrame:
    """For each kind: the exact chance (a Fraction), its decimal, and the simulated share."""
    exact = chances()
    share = flips["kind"].value_counts(normalize=True)
    rows = []
    for kind in KINDS:
        hits = int((flips["kind"] == kind).sum())
        low, high = wilson(hits, len(flips))
        rows.append({"kind": kind, "exact": exact[kind], "exact ≈": round(float(exact[kind]), 4),
                     "simulated": round(float(share.get(kind, 0.0)), 4),
                     "95% interval": f"{low:.3f} to {high:.3f}",
                     "inside": bool(low <= exact[kind] <= high)})
    return pd.DataFrame(rows)


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


def lln_explorer(flips: pd.DataFrame, start: int = 100) -> LiveChart:
    """A slider for the number of flips: the estimate and its interval, and the exact
    P(gold) as a dashed line once ``first_gold`` is settled."""
    import ipywidgets as widgets

    slider = widgets.SelectionSlider(
        options=[int(n) for n in (10, 25, 100, 400, 1000, 1600, 2500, 10_000)
                 if n <= len(flips)],
        value=start, description="flips played", style=_style())
    return _redrawn_when_known(LiveChart(
        lambda n: lln_chart(flips, n, exact_line=_exact_known()), {"n": slider}))


def intervals_explorer(flips: pd.DataFrame, count: int = 20, size: int = 100) -> LiveChart:
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
