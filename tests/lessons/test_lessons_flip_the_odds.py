"""Lesson 1, Flip the odds: exact answers against independent counts, feedback, notebooks."""

from __future__ import annotations

import itertools
import json
import math
import re
import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest
from notebook_runner import load, run_version, text_of
from test_lessons_student import leaks, readable
from test_without_numpy import BLOCKER

from goldlab.games.goldrush.cards import ALL_CARDS, DECK
from goldlab.lessons import flip_the_odds as lesson

NOTEBOOK = "1-flip-the-odds.ipynb"


def deck() -> list[str]:
    """The 64 cards written out by hand from the rulebook's counts."""
    gold = ["gold"] * (5 + 7 + 7 + 5)
    diggers = ["digger"] * (5 * (2 + 2 + 2 + 1))
    return gold + diggers + ["dynamite"] * 5


def test_quiz_answers_equal_independent_counts() -> None:
    cards = deck()
    assert len(cards) == 64
    q = lesson.quiz.question
    assert q("first_gold").answer == Fraction(cards.count("gold"), 64)
    assert q("first_dynamite").answer == Fraction(cards.count("dynamite"), 64)
    pairs = list(itertools.permutations(range(64), 2))
    both = sum(cards[a] == cards[b] == "gold" for a, b in pairs)
    assert q("both_gold").answer == Fraction(both, len(pairs)) == Fraction(23, 168)
    seen = [c.kind for c in lesson.SEEN_EXAMPLE]
    left = list(cards)
    for kind in seen:
        left.remove(kind)
    assert q("gold_after").answer == Fraction(left.count("gold"), len(left))
    assert q("misses").answer == 1 and q("four_times").answer == 4


def test_chances_follow_the_seen_cards() -> None:
    order = lesson.reveal_order(seed=5)
    assert sorted(map(str, order)) == sorted(map(str, lesson.table_cards()))
    for k in (0, 1, 7, 30):
        seen = [c.kind for c in order[:k]]
        left = deck()
        for kind in seen:
            left.remove(kind)
        assert lesson.chances(order[:k]) == {
            kind: Fraction(left.count(kind), len(left)) for kind in lesson.KINDS}


@pytest.mark.parametrize(("key", "answer", "right", "words"), [
    ("first_gold", "3/8", True, "Right: 3/8"),
    ("first_gold", Fraction(24, 64), True, "Right"),
    ("first_gold", 0.375, True, "Right"),
    ("first_gold", 37.5, False, "percentage"),
    ("first_gold", "8/3", False, "upside down"),
    ("first_gold", 0.625, False, "opposite event"),
    ("first_gold", ..., False, "replace ..."),
    ("both_gold", "9/64", False, "23 gold cards are left among 63"),
    ("both_gold", 0.75, False, "multiply"),
    ("gold_after", "3/8", False, "before any card was seen"),
    ("gold_after", "20/64", False, "only 54"),
    ("gold_after", "10/27", True, "Right"),
    ("misses", 0.05, False, "how many of twenty"),
    ("misses", 1, True, "one interval in twenty"),
    ("four_times", 2, False, "1/sqrt(n)"),
    ("four_times", 4, True, "Right"),
])
def test_check_gives_helpful_feedback(key: str, answer: object, right: bool,
                                      words: str) -> None:
    feedback = lesson.check(key, answer)
    assert bool(feedback) is right
    assert words in str(feedback)


def test_simulation_is_deterministic_and_agrees_with_exact() -> None:
    a = lesson.blind_flips(2000, seed=7)
    assert a == lesson.blind_flips(2000, seed=7)
    assert a != lesson.blind_flips(2000, seed=8)
    assert [row["flip"] for row in a] == list(range(1, 2001))
    assert all(row["gold"] == (row["kind"] == "gold") == row["card"].startswith("gold")
               for row in a)
    assert sum(row["inside"] for row in lesson.exact_vs_simulated(a)) >= 2  # a miss can happen
    # The teacher notes say the lesson's own 10,000 flips have 3/8 inside their interval.
    assert all(row["inside"] for row in lesson.exact_vs_simulated(lesson.blind_flips()))
    running = lesson.running_estimate(a, 2000)
    counts = [row["flips"] for row in running]
    assert counts[-1] == 2000 and counts == sorted(set(counts))
    first, last = running[0], running[-1]
    assert last["high"] - last["low"] < first["high"] - first["low"]
    assert last["estimate"] == sum(row["gold"] for row in a) / 2000
    runs = lesson.experiments(a, size=100, count=20)
    assert len(runs) == 20 and sum(row["hit"] for row in runs) >= 15
    assert [row["golds"] for row in runs[:2]] == [
        sum(row["gold"] for row in a[:100]), sum(row["gold"] for row in a[100:200])]
    with pytest.raises(ValueError):
        lesson.experiments(a, size=100, count=21)


def test_every_student_sees_the_same_10000_flips() -> None:
    """The lesson's seed gives these counts (the same as before the lesson left pandas)."""
    flips = lesson.blind_flips()
    assert len(flips) == lesson.FLIPS_PLAYED == 10_000
    counts = {kind: sum(row["kind"] == kind for row in flips) for kind in lesson.KINDS}
    assert counts == {"gold": 3781, "digger": 5464, "dynamite": 755}
    assert sum(not row["hit"] for row in lesson.experiments(flips, size=100, count=100)) == 8


def test_the_progress_is_told_along_the_way_and_at_the_end() -> None:
    told: list[int] = []
    lesson.blind_flips(1000, progress=told.append)
    assert told == list(range(50, 1001, 50))
    told.clear()
    lesson.blind_flips(7, progress=told.append)
    assert told == list(range(1, 8))
    assert lesson.play_flips(300, seed=7) == lesson.blind_flips(300, seed=7)


def test_the_exact_against_simulated_table_is_escaped_html_with_the_fractions() -> None:
    html = lesson.exact_vs_simulated_table(lesson.blind_flips(500)).value
    assert html.startswith("<table") and html.count("<tr>") == 4  # a head and three kinds
    assert "<td>3/8</td>" in html and "<td>5/64</td>" in html and "<td>yes</td>" in html
    assert "&lt;i&gt;" in lesson._html_table([{"kind": "<i>"}], ["kind"])


def test_the_lessons_path_runs_without_numpy_or_pandas() -> None:
    """In a browser (Pyodide) none of them can be imported: the module, its flips, tables,
    charts and explorers work without them."""
    script = BLOCKER + textwrap.dedent("""
        import json
        from goldlab.lessons import flip_the_odds as lesson
        flips = lesson.blind_flips(500)
        lesson.exact_vs_simulated_table(flips)
        specs = [lesson.lln_chart(flips, 400).to_dict(),
                 lesson.intervals_chart(lesson.experiments(flips, 25, 16)).to_dict(),
                 lesson.reveal_chart(lesson.reveal_table(lesson.reveal_order(), 5), 5).to_dict()]
        live = [lesson.lln_explorer(flips), lesson.intervals_explorer(flips, size=25),
                lesson.reveal_explorer()]
        print(json.dumps({"charts": len(specs), "live": len(live)}))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"charts": 3, "live": 3}


def test_controls_redraw_fast() -> None:
    flips = lesson.blind_flips(10_000)
    for explorer in (lesson.reveal_explorer(), lesson.lln_explorer(flips),
                     lesson.intervals_explorer(flips)):
        name = next(iter(explorer.controls))
        control = explorer.controls[name]
        values = list(getattr(control, "options", None) or range(control.min, control.max + 1,
                                                                  control.step))
        for value in values[-4:]:
            control.value = value
        times = explorer.times
        print(f"redraw {name}: max {max(times):.3f} s, mean {sum(times) / len(times):.3f} s "
              f"over {len(times)} changes")
        assert times


@pytest.mark.slow
def test_the_teacher_notebook_runs_and_every_answer_is_right() -> None:
    # (its student version: tests/lessons/test_lessons_student.py)
    executed = run_version(NOTEBOOK, "teacher")
    assert text_of(executed).count("Right") >= len(lesson.quiz.keys())
    # The solution cells answer first: what waits for an answer is open in the teacher's run.
    shown = "\n".join(text for _, text in readable(executed))
    assert lesson.chances_text() in shown  # the engine's exact odds
    assert "It appears once you have answered" not in shown  # no lock line left
    assert leaks(executed, "first_gold") and leaks(executed, "first_dynamite")


# --------------------------------------------------------------------------- answers wait


@pytest.fixture
def fresh_quiz(monkeypatch: pytest.MonkeyPatch) -> lesson.Quiz:
    """The lesson with no question answered yet (other tests answer the module's quiz)."""
    quiz = lesson.make_quiz()
    monkeypatch.setattr(lesson, "quiz", quiz)
    return quiz


def test_the_exact_odds_wait_until_both_first_questions_are_settled(
        fresh_quiz: lesson.Quiz) -> None:
    shown = lesson.after(("first_gold", "first_dynamite"), lesson.chances_text,
                         what="the engine's exact odds")
    assert not shown.is_open and "first_gold" in shown.widget.children[0].value
    assert lesson.check("first_gold", "3/8")
    inner = shown.widget.children[0]  # the second lock, for first_dynamite
    assert "first_dynamite" in inner.children[0].value and "3/8" not in inner.children[0].value
    fresh_quiz.show_answer("first_dynamite")  # Show me opens it too
    assert "3/8 = 0.375 (37.5 %)" in inner.children[0].value


def test_the_charts_draw_the_exact_line_only_once_first_gold_is_settled(
        fresh_quiz: lesson.Quiz) -> None:
    flips = lesson.blind_flips(2000, seed=7)
    live = [lesson.lln_explorer(flips), lesson.intervals_explorer(flips)]
    for chart in live:
        spec = chart.draw(**chart.values()).to_dict()
        assert "3/8" not in str(spec) and "dashed" not in str(spec["title"])
        assert len(spec["layer"]) == (4 if chart is live[0] else 2)
    lesson.check("first_gold", "3/8")
    for chart in live:
        assert len(chart.times) == 1  # redrawn when first_gold was answered
        spec = chart.draw(**chart.values()).to_dict()
        assert len(spec["layer"]) == (5 if chart is live[0] else 3)
        assert "3/8" not in str(spec)  # the title still gives only what was simulated


# --------------------------------------------------------------------------- facts


def test_the_95_percent_wilson_interval_covers_3_8_as_the_teacher_note_says() -> None:
    """The true coverage at p = 3/8: the binomial chances of the gold counts whose 95 %
    interval contains 3/8.  Counts are whole numbers, so it is not exactly 95 %."""
    p = lesson.chances()["gold"]
    notes = "\n".join(c.source for c in load(NOTEBOOK).cells)

    def coverage(n: int) -> float:
        return float(sum(Fraction(math.comb(n, k)) * p ** k * (1 - p) ** (n - k)
                         for k in range(n + 1)
                         if lesson.wilson(k, n)[0] <= p <= lesson.wilson(k, n)[1]))

    for n, said in ((25, "96.4 % with 25 flips"), (50, "94.3 % with 50"),
                    (100, "93.8 % with 100")):
        assert said in notes
        assert f"{100 * coverage(n):.1f} %" == said.split(" with")[0]
    assert "about 6 intervals in 100 miss" in notes and round(100 * (1 - coverage(100))) == 6
    assert "miss about\n  1.2 times" in notes and f"{20 * (1 - coverage(100)):.1f}" == "1.2"


def test_the_minute_plan_fills_45_minutes_with_the_table_and_your_own_flips() -> None:
    plan = next(c.source for c in load(NOTEBOOK).cells
                if c.source.startswith("**Teacher notes: timing"))
    rows = re.findall(r"^\| (\d+)-(\d+) \| (.+) \|$", plan, flags=re.MULTILINE)
    assert rows[0][0] == "0" and rows[-1][1] == "45"
    assert all(a[1] == b[0] for a, b in itertools.pairwise(rows))  # no gap, no overlap
    assert sum(int(end) - int(start) for start, end, _ in rows) == 45
    parts = " ".join(part for _, _, part in rows)
    assert "lesson.table()" in parts and "your own flips" in parts


def engine_numbers() -> dict[str, int]:
    """The numbers the lesson states, worked out from the engine's card lists."""
    table = [c for c, n in zip(ALL_CARDS, DECK, strict=True) for _ in range(n)]
    count = {kind: sum(c.kind == kind for c in table) for kind in lesson.KINDS}
    seen = {kind: sum(c.kind == kind for c in lesson.SEEN_EXAMPLE) for kind in lesson.KINDS}
    return {"table": len(table), "gold": count["gold"], "digger": count["digger"],
            "dynamite": count["dynamite"],
            "gold3": sum(c.is_gold and c.value == 3 for c in table),
            "gold_less": count["gold"] - 1, "table_less": len(table) - 1,
            "seen_gold": seen["gold"], "seen_digger": seen["digger"],
            "seen_dynamite": seen["dynamite"], "seen": len(lesson.SEEN_EXAMPLE),
            "gold_unseen": count["gold"] - seen["gold"],
            "unseen": len(table) - len(lesson.SEEN_EXAMPLE)}


IN_THE_NOTEBOOK = (
    "{table} round cards\nlie face down: {gold} gold, {digger} gold diggers, {dynamite} dynamite",
    "{table} paper cards ({gold} marked G, {digger} D, {dynamite} X)",
    "The deck: {gold} gold cards, {digger} diggers, {dynamite} dynamite.",
    "# Worked solution: {gold} of the {table} cards are gold.",
    'check("first_gold", Fraction({gold}, {table}))',
    "# Worked solution: {dynamite} of the {table} cards are dynamite.",
    'check("first_dynamite", Fraction({dynamite}, {table}))',
    "gold_unseen = {gold} - gold_seen",
    "cards_unseen = {table} - len(lesson.SEEN_EXAMPLE)",
    "both = Fraction({gold}, {table}) * Fraction({gold_less}, {table_less})",
    "checks every one of the\n{table} x {table_less} ordered pairs of cards",
    "`first_gold` = {gold}/{table} = 3/8",
    "`first_dynamite` = {dynamite}/{table}",
    "`gold_after` = {gold_unseen}/{unseen} = 10/27",
    "{gold_unseen}/{table}\n  (subtracting from the gold but not from the cards)",
    "`both_gold` = {gold}/{table} x {gold_less}/{table_less} = 23/168",
    "A player has seen these ten cards",
)
"""Statements of the notebook (prose, comments, code, teacher notes) about the cards."""
IN_THE_MODULE = (
    "all {table} cards unseen",
    "The {table} cards on the table, one entry per card (so gold 3 appears {gold3} times)",
    "The {table} cards in a random order",
    "Ten cards a player has seen: {seen_gold} gold, {seen_digger} diggers, "
    "{seen_dynamite} dynamite",
    "({seen_gold} gold, {seen_digger} diggers, {seen_dynamite} dynamite)",
    "{gold} of the {table} cards are gold: {gold}/{table} = 3/8.",
    "{dynamite} of the {table} cards are dynamite.",
    "you multiplied {gold}/{table} by {gold}/{table}",
    "only {gold_less} gold cards are left among {table_less} cards.",
    "{gold}/{table} x {gold_less}/{table_less}: the second flip",
    "{gold_unseen} gold cards are unseen, but so are fewer cards: only {unseen}.",
    "{gold_unseen} gold cards among the {unseen} cards nobody has seen.",
)
"""Statements of the module (docstrings, prompts, hints, explanations) about the cards."""


def test_every_number_the_lesson_states_about_the_game_is_the_engines() -> None:
    numbers = engine_numbers()
    assert numbers["seen"] == 10  # "ten cards", in words
    assert Fraction(numbers["gold"], numbers["table"]) == Fraction(3, 8)
    assert Fraction(numbers["gold_unseen"], numbers["unseen"]) == Fraction(10, 27)
    assert Fraction(numbers["gold"] * numbers["gold_less"],
                    numbers["table"] * numbers["table_less"]) == Fraction(23, 168)
    notebook = "\n".join(c.source for c in load(NOTEBOOK).cells)
    for phrase in IN_THE_NOTEBOOK:
        assert phrase.format(**numbers) in notebook, phrase
    with open(lesson.__file__, encoding="utf-8") as source:
        module = source.read()
    quiz = lesson.make_quiz()
    questions = [quiz.question(key) for key in quiz.keys()]  # noqa: SIM118 (a list)
    module += "\n".join([q.prompt for q in questions] + [q.explanation for q in questions]
                        + [message for q in questions for _, message in q.hints])
    for phrase in IN_THE_MODULE:
        assert phrase.format(**numbers) in module, phrase
