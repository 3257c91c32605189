"""Lesson 3, What is memory worth?: exact values against independent counts, notebooks."""

from __future__ import annotations

import inspect
import itertools
import json
import re
import time
from collections.abc import Callable
from fractions import Fraction

import nbformat
import pytest
from notebook_runner import load, run_version, text_of

import goldlab
from goldlab.bots.play import make_bots, play_out
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, DIGGERS, GOLD, Card
from goldlab.lessons import memory as lesson
from goldlab.lessons.board import NAMES
from goldlab.lessons.inference import wilson_interval

NOTEBOOK = "3-what-is-memory-worth.ipynb"
MINE = {"green", "blue", "red", "violet"}  # seat 0's colour and nobody's colours (2 players)


def table() -> list[tuple[str, str | None, int]]:
    """The 64 cards as (kind, colour, value), from the card counts."""
    return [(c.kind, c.colour, c.value) for c, n in zip(ALL_CARDS, DECK, strict=True)
            for _ in range(n)]


def my_gold(a: tuple[str, str | None, int], b: tuple[str, str | None, int]) -> int:
    """Gold the flipper (seat 0) gets from a pair, by the rulebook, written out again."""
    kinds = {a[0], b[0]}
    if kinds != {"gold", "digger"}:
        return 0
    gold, dig = (a, b) if a[0] == "gold" else (b, a)
    return gold[2] if dig[2] >= gold[2] and dig[1] in MINE else 0


def test_expected_gold_equals_independent_counts() -> None:
    cards = table()
    pairs = list(itertools.permutations(range(64), 2))
    blind = Fraction(sum(my_gold(cards[a], cards[b]) for a, b in pairs), len(pairs))
    assert lesson.expected_gold() == blind == lesson.quiz.question("blind_gold").answer
    for name, value in (("gold:3", 3), ("gold:1", 1), ("violet:5", None)):
        first = next(i for i, c in enumerate(cards)
                     if f"{c[1] or c[0]}:{c[2]}" == name)
        rest = [c for i, c in enumerate(cards) if i != first]
        exact = Fraction(sum(my_gold(cards[first], c) for c in rest), 63)
        assert lesson.expected_gold(name) == exact
        if value == 3:
            assert lesson.quiz.question("remembered_gold3").answer == exact == Fraction(20, 21)
            assert lesson.quiz.question("worth_gold3").answer == exact - blind
    assert lesson.expected_gold(("gold:4", "violet:5")) == 4
    assert lesson.expected_gold(("gold:4", "orange:5")) == 0  # the opponent's digger


@pytest.mark.parametrize(("key", "answer", "right", "words"), [
    ("blind_gold", "149/252", True, "Right"),
    ("blind_gold", 0.59, True, "Right"),
    ("blind_gold", 0.8, False, "too high"),
    ("remembered_gold3", 3, False, "20 of the other 63"),
    ("remembered_gold3", "25/21", False, "orange"),
    ("remembered_gold3", "20/21", True, "Right"),
    ("worth_gold3", "20/21", False, "subtract"),
    ("worth_gold3", "13/36", True, "Right"),
    ("fair_p0", 50, False, "percentage"),
    ("fair_p0", 0.5, True, "symmetry"),
    ("swap_seats", True, True, "cancels"),
    ("swap_seats", "perhaps", False, "True or False"),
    ("swap_seats", ..., False, "Replace ..."),
])
def test_check_gives_helpful_feedback(key: str, answer: object, right: bool,
                                      words: str) -> None:
    feedback = lesson.check(key, answer)
    assert bool(feedback) is right
    assert words in str(feedback)


def test_grid_is_deterministic_and_fair_at_zero() -> None:
    a = lesson.play_grid((0.0, 0.3), games=4, seed=11)
    assert a == lesson.play_grid((0.0, 0.3), games=4, seed=11)
    assert len(a) == 2 * 2 * 4 and {row["seat"] for row in a} == {0, 1}
    curve = {row["p"]: row for row in lesson.win_curve(a)}
    # forgetful:0 plays like perfect, and each deal is played with both seatings.
    assert curve[0.0]["win_rate"] == lesson.win_rate(a, 0.0) == 0.5
    assert all(row["low"] <= row["win_rate"] <= row["high"] for row in curve.values())
    assert [row["games"] for row in lesson.win_curve(a, 0)] == [4, 4]
    with pytest.raises(KeyError, match=r"p = 0\.2"):
        lesson.win_rate(a, 0.2)


def test_each_deal_is_played_twice_with_the_seats_swapped_by_the_engine() -> None:
    rows = lesson.play_deals("forgetful:0.5", games=3, seed=5)
    seeds = lesson.deal_seeds(3, 5)
    assert [(r["deal"], r["seat"]) for r in rows] == [(d, s) for d in range(3) for s in (0, 1)]
    for row in rows:
        bots = ["forgetful:0.5", "perfect"] if row["seat"] == 0 else ["perfect", "forgetful:0.5"]
        state = goldlab.make("goldrush", players=2, seed=seeds[row["deal"]], mode="study")
        for _ in play_out(state, make_bots("goldrush", bots, seeds[row["deal"]])):
            pass
        outcome = state.outcome()
        assert outcome is not None
        mine = outcome.scores[row["seat"]]
        assert (row["score"], row["margin"]) == (mine, mine - outcome.scores[1 - row["seat"]])
        share = 1 / len(outcome.winners) if row["seat"] in outcome.winners else 0
        assert row["win"] == share


def test_a_shared_win_counts_half_and_its_interval_covers_both_whole_counts() -> None:
    assert lesson.win_interval(7, 20) == wilson_interval(7, 20)
    low, high = lesson.win_interval(7.5, 20)
    assert (low, high) == (wilson_interval(7, 20)[0], wilson_interval(8, 20)[1])
    grid = [{"p": 0.1, "seat": s, "win": w, "margin": 0} for s, w in ((0, 0.5), (1, 1.0))]
    assert lesson.win_curve(grid)[0]["wins"] == 1.5 and lesson.win_rate(grid, 0.1) == 0.75


def test_the_class_experiment_counts_the_first_seats_outright_wins() -> None:
    rows = lesson.play_deals("forgetful:0.2", games=6, seed=8)
    outright = sum(r["seat"] == 0 and r["win"] == 1 for r in rows)
    assert lesson.forgetful_wins(6, 8) == outright == lesson.forgetful_wins(6, 8)


def test_the_lessons_grid_is_sized_for_a_browser() -> None:
    # About 1.2 s of CPU in CPython (a browser is 2-4 times slower): it must stay small.
    start = time.process_time()
    grid = lesson.play_grid()
    seconds = time.process_time() - start
    print(f"play_grid: {len(grid)} games in {seconds:.2f} s of CPU")
    assert len(grid) == 2 * lesson.GAMES * len(lesson.FORGETTING) == 96
    assert seconds < 2.5


def test_tables_are_html_with_every_cell_escaped() -> None:
    table = lesson.curve_table(lesson.play_grid((0.0,), games=1))._repr_html_()
    assert table.startswith("<table") and "<td>0.50</td>" in table
    info = lesson.information_table()._repr_html_()
    assert "<td>20/21</td>" in info and "<td>+0.361</td>" in info
    assert [row["expected gold"] for row in lesson.information_rows()][3] == Fraction(20, 21)


def test_simulated_turns_agree_with_exact() -> None:
    for memory in ((), ("gold:3",), ("gold:4", "violet:5")):
        result = lesson.simulate_turns(memory, trials=1500, seed=2)
        assert result == lesson.simulate_turns(memory, trials=1500, seed=2)
        _mean, low, high = result
        assert low - 1e-9 <= lesson.expected_gold(memory) <= high + 1e-9


def test_controls_redraw_fast() -> None:
    grid = lesson.play_grid(games=4)
    curve = lesson.curve_explorer(grid)
    for p in sorted({row["p"] for row in grid}):
        curve.controls["p"].value = p
    for seats in lesson.SEATS:
        curve.controls["seats"].value = seats
    info = lesson.information_explorer()
    for memory in lesson.MEMORIES:
        info.controls["memory"].value = memory
    for name, explorer in (("forgetting/seats", curve), ("memory", info)):
        times = explorer.times
        print(f"redraw {name}: max {max(times):.3f} s, mean {sum(times) / len(times):.3f} s "
              f"over {len(times)} changes")
        assert max(times) < 1.0  # a browser is 2-4 times slower: a redraw stays under ~3 s


@pytest.mark.slow
def test_the_teacher_notebook_runs_and_every_answer_is_right() -> None:
    # (its student version: tests/lessons/test_lessons_student.py)
    executed = run_version(NOTEBOOK, "teacher")
    assert text_of(executed).count("Right") >= len(lesson.quiz.keys())
    # The worked solution answers remembered_gold3 first, so what waits for it is open:
    # the exact table, chart and simulated turns show, and no lock line is left.
    waiting = [shown(executed, cell) for cell in executed.cells
               if cell.cell_type == "code" and "lesson.after(" in cell.source]
    assert len(waiting) == 3
    assert not any("It appears once you have answered" in text for text in waiting)
    assert all("20/21" in text for text in waiting)
    assert "exact 149/252" in waiting[2]


def shown(executed: nbformat.NotebookNode, cell: nbformat.NotebookNode) -> str:
    """What a cell's widgets show now (their children and outputs, from the saved widget
    state), as one JSON text."""
    models = executed.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    todo = [out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
            for out in cell.outputs if "application/vnd.jupyter.widget-view+json"
            in out.get("data", {})]
    parts = []
    while todo:
        state = models[todo.pop()]["state"]
        parts.append(json.dumps({k: v for k, v in state.items() if k != "children"},
                                ensure_ascii=False))
        todo += [c.removeprefix("IPY_MODEL_") for c in state.get("children", [])]
        todo += [out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
                 for out in state.get("outputs", [])
                 if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
    return "\n".join(parts)


def test_what_waits_for_a_question_opens_once_it_is_answered_or_shown() -> None:
    quiz = lesson.make_quiz()
    lesson.quiz, saved = quiz, lesson.quiz
    try:
        table = lesson.after("remembered_gold3", lesson.information_table)
        shown = lesson.after("worth_gold3", lambda: "13/36")
        assert not table.is_open and not shown.is_open
        assert "remembered_gold3" in table.widget.children[0].value  # the lock line says which
        assert not quiz.check("remembered_gold3", "1").correct and not table.is_open
        quiz.check("remembered_gold3", "20/21")
        assert table.is_open and not shown.is_open
        quiz.show_answer("worth_gold3")
        assert shown.is_open and "13/36" in shown.widget.children[0].value
    finally:
        lesson.quiz = saved


def test_the_memory_table_names_the_seats_as_lesson_1_does() -> None:
    view = lesson.memory_table("perfect")
    assert view.table.names == NAMES == ("Your class", "Computer")
    assert view.table.status() == "Your class to move"
    for _ in range(2):  # the class's turn; the bot replies
        view.click(view.payload["legal"][0])
    said = [view.table.status(f) for f in view.table.frames()[0]]
    assert "Computer to move (perfect)" in said  # the bot's spec once, added by the view
    moves = view.payload["moves"]
    assert moves[:2] == ["1. Your class flips card 0", "2. Your class flips card 1"]
    assert moves[2].startswith("3. Computer flips card ")  # the log names it as lesson 1's


# ------------------------------------------------------------------ the game's numbers

OWNERS = lesson.new_game().game.owners
"""Who owns each colour in the lesson's 2-player game (seat, or None: nobody)."""
MINE_NOW = {c for c, seat in OWNERS.items() if seat != 1}
"""The colours whose digger gives the gold to seat 0: its own and nobody's."""


def count(test: Callable[[Card], bool]) -> int:
    """How many of the 64 cards pass ``test``."""
    return sum(n for c, n in zip(ALL_CARDS, DECK, strict=True) if test(c))


def colour_values(colour: str) -> list[int]:
    """The values of one colour's diggers, each as often as the deck has it."""
    return sorted(c.value for c in DIGGERS if c.colour == colour
                  for _ in range(DECK[c.index]))


def clicks_per_game(class_bot: str, seed: int) -> int:
    """Seat 0's flips (one click each) in one 2-player game against ``perfect``."""
    state = goldlab.make("goldrush", players=2, seed=seed)
    state.auto_chance = True
    return sum(m.seat == 0 for m in play_out(state, make_bots("goldrush",
                                                              [class_bot, "perfect"], seed)))


def said(text: str) -> str:
    """``text`` with its line breaks and runs of spaces made single spaces."""
    return " ".join(text.split())


def test_every_number_the_lesson_states_about_the_game_is_the_engines() -> None:
    notebook = said("\n".join(c.source for c in load(NOTEBOOK).cells))
    strings = [q.prompt for q in lesson.quiz.questions] + [
        q.explanation for q in lesson.quiz.questions] + [
        message for q in lesson.quiz.questions for _test, message in q.hints]
    module = said("\n".join(strings) + inspect.getsource(lesson))
    deck = sum(DECK)
    mine_3_up = count(lambda c: c.is_digger and c.value >= 3 and c.colour in MINE_NOW)
    any_3_up = count(lambda c: c.is_digger and c.value >= 3)
    mine_any = count(lambda c: c.is_digger and c.colour in MINE_NOW)
    gold_points = sum(g.value * DECK[g.index] for g in GOLD)
    per_colour = {colour: colour_values(colour) for colour in OWNERS}
    # Each statement, where it is made, and the number the engine's card lists give.
    facts = [
        (notebook, "Each colour has seven gold diggers, of value 2, 2, 3, 3, 4, 4 and 5",
         all(v == [2, 2, 3, 3, 4, 4, 5] for v in per_colour.values())),
        (notebook, "among the other 63 cards", deck - 1 == 63),
        (notebook, "(nobody's): 4 x 5 = 20", len(MINE_NOW) == 4 and mine_3_up == 20
         and all(sum(v >= 3 for v in values) == 5 for values in per_colour.values())),
        (notebook, "all 64 x 63 ordered pairs", deck == 64),
        (notebook, "3 x 25/63 (counting the opponent's orange diggers", any_3_up == 25),
        (notebook, "60 points of gold among 63 cards, 60/63 = 20/21", gold_points == 60),
        (notebook, "1 x 28/63 = 4/9", mine_any == 28),
        (notebook, "The violet 5 catches any gold",
         OWNERS["violet"] is None and max(g.value for g in GOLD) <= 5),
        (notebook, "(seat 0, green diggers)", OWNERS["green"] == 0),
        (notebook, "(orange: the gold would go to her)", OWNERS["orange"] == 1),
        (module, "20 of the other 63 cards", mine_3_up == 20 and deck - 1 == 63),
        (module, "count only green, blue, red and violet",
         sorted(MINE_NOW) == ["blue", "green", "red", "violet"]),
        (module, "3 x 20/63: 20 diggers of value 3-5 in the four colours",
         mine_3_up == 20 and max(c.value for c in DIGGERS) == 5 and len(MINE_NOW) == 4),
        (module, "a blind card from the other 63", deck - 1 == 63),
        (module, "seat 0 green, seat 1 orange, the rest nobody's",
         OWNERS["green"] == 0 and OWNERS["orange"] == 1
         and {c for c, s in OWNERS.items() if s is None} == {"blue", "red", "violet"}),
        (module, "violet diggers belong to nobody", OWNERS["violet"] is None),
    ]
    for text, phrase, true in facts:
        assert phrase in text, phrase
        assert true, phrase
    # The exact values the prose gives for the teacher, from the engine's counts.
    assert lesson.expected_gold("violet:5") == Fraction(gold_points, deck - 1)
    assert lesson.expected_gold("gold:1") == Fraction(mine_any, deck - 1) == Fraction(4, 9)
    assert lesson.expected_gold("gold:3") == 3 * Fraction(mine_3_up, deck - 1)


def test_the_minutes_of_the_lesson_add_up_and_the_game_fits_its_time() -> None:
    notebook = load(NOTEBOOK)
    plan = next(c.source for c in notebook.cells if "timing of the 45 minutes" in c.source)
    rows = re.findall(r"^\| (\d+)-(\d+) \|", plan, flags=re.MULTILINE)
    spans = [(int(a), int(b)) for a, b in rows]
    assert spans[0][0] == 0 and spans[-1][1] == 45
    assert all(b == c for (_, b), (c, _) in itertools.pairwise(spans))  # no gap, no overlap
    assert "| 31-39 | section 3: the class plays a perfect memory for 8 minutes" in plan
    # The game's length, as said to the teacher and the students, from games the engine
    # plays: the class (a perfect or a forgetful memory) against perfect, a click a flip.
    text = said("\n".join(c.source for c in notebook.cells))
    assert "a whole game is about 40 to 50 of the class's clicks (20 to 25 turns" in text
    assert "A whole game is about 40 to 50 of your clicks (20 to 25 turns" in text
    assert "Play for 8 minutes" in text
    clicks = [clicks_per_game(bot, seed) for bot in ("perfect", "forgetful:0.5")
              for seed in range(4)]
    assert all(36 <= n <= 52 for n in clicks) and 40 <= sum(clicks) / len(clicks) <= 50
    assert 5 * sum(clicks) / len(clicks) <= 8 * 60  # 8 minutes hold a game at 5 s a click


def test_the_numbers_of_games_the_lesson_states_are_the_ones_it_plays() -> None:
    text = said("\n".join(c.source for c in load(NOTEBOOK).cells))
    assert "lesson.play_grid(forgetting=(0.0, 0.1, 0.2, 0.4), games=12, progress=True)" in text
    assert lesson.FORGETTING == (0.0, 0.1, 0.2, 0.4) and lesson.GAMES == 12
    assert "for each of four values of `p`, **12 deals, each twice**" in text
    assert text.count("96 games") == 2 and "far more than the 96 above" in text
    assert 4 * 12 * 2 == 96
    assert "With only 24 games per point" in text and "24 games a point" in text
    assert "partly by chance (12 games each)" in text
    assert "`lesson.play_grid(games=100)` (800 games" in text and 4 * 100 * 2 == 800


def test_the_intervals_the_lesson_states_are_the_lessons_runs() -> None:
    text = said("\n".join(c.source for c in load(NOTEBOOK).cells))
    curve = lesson.win_curve(lesson.play_grid())
    widest = max((row["high"] - row["low"]) / 2 for row in curve)
    assert "about ±0.19 around a win rate of one half" in text
    assert "up to about ±0.19 wide" in text and round(widest, 2) == 0.19
    assert curve[0]["win_rate"] == 0.5 and curve[0]["games"] == 24  # the widest, at p = 0
    low, high = wilson_interval(8, 12)
    assert "won 8 of 12" in text and "the interval is about ±0.24" in text
    assert round((high - low) / 2, 2) == 0.24
    # the trend the notes describe: about half at p = 0, most games lost by p = 0.1-0.2
    rates = [row["win_rate"] for row in curve]
    assert rates == sorted(rates, reverse=True) and rates[2] < 0.25
