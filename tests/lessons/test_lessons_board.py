"""The game board in the lessons: a locked, seated table and the class's call of each card."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest
from notebook_runner import load

import goldlab
from goldlab.games.goldrush import odds
from goldlab.games.goldrush.events import CardFlipped
from goldlab.lessons import first_player, flip_the_odds, memory
from goldlab.lessons.board import CardCall, lesson_table
from goldlab.lessons.student import answer_forms, student_version
from goldlab.views import GameView

BOARDS = {"1-flip-the-odds.ipynb": (flip_the_odds, "lesson.table"),
          "3-what-is-memory-worth.ipynb": (memory, "lesson.memory_table(")}
"""The lessons with a game board, and the call that makes it."""


def test_a_lesson_table_is_the_class_seat_locked_against_a_bot() -> None:
    view = lesson_table(seed=5, opponent="forgetful:0.2")
    assert (view.seat, view.locked, view.memory) == (0, True, False)
    assert view.table.bots == {1: "forgetful:0.2"} and view.table.names[0] == "Your class"
    for change in (lambda: view.set_seat("all"), lambda: view.set_memory(True),
                   lambda: view.set_bot(1, "random"), view.rematch):
        change()
        assert "the teacher locked this view" in view.error
    assert (view.seat, view.memory, view.table.bots) == (0, False, {1: "forgetful:0.2"})
    assert view.payload["odds"][0]["fraction"] == "3/8"  # the class's exact odds, seat 0


def test_calls_record_the_card_and_the_exact_chance_the_class_had_then() -> None:
    view = lesson_table(seed=7)
    call = CardCall(view)
    view.click(view.payload["legal"][0])  # no call made yet: not counted
    assert call.calls == [] and "Call the next card" in call.output.value
    call.buttons.value = "gold"  # the toggle button
    view.click(view.payload["legal"][0])  # the class's second flip; then the bot's turn
    assert len(call.calls) == 1 and call.call == "gold"
    _, steps = view.table.frames()
    first = next(e.card for e in steps[0].events if isinstance(e, CardFlipped))
    unseen_gold = 24 - first.is_gold
    assert call.calls[0].chance == Fraction(unseen_gold, 63)  # one card seen before it
    bot_cards = [e for s in steps if s.actor == 1 for e in s.events
                 if isinstance(e, CardFlipped)]
    assert len(bot_cards) == 2  # the computer's cards are not the class's calls
    seen = {e.position for s in steps for e in s.events if isinstance(e, CardFlipped)}
    before = odds.first_flip(view.table.state.observation(0))
    blind = next(t for t in view.payload["legal"] if int(t.split(":")[1]) not in seen)
    view.click(blind)
    assert len(call.calls) == 2 and call.calls[1].chance == before["gold"]
    right, made = call.tally()
    assert made == 2 and right == sum(c.card.is_gold for c in call.calls)
    assert f"{right} of 2 calls right" in call.output.value
    assert str(call.calls[1]).startswith(f"you called gold (chance {before['gold']} ")


def test_a_card_seen_before_is_called_with_certainty() -> None:
    view = lesson_table(seed=7)
    call = CardCall(view)
    call.choose("digger")
    for _ in range(20):  # turn cards until one seen before lies face down again
        _, steps = view.table.frames()
        seen = [e for s in steps for e in s.events if isinstance(e, CardFlipped)]
        again = next((e for e in seen if f"grid:{e.position}" in view.payload["legal"]), None)
        if again is not None:
            break
        view.click(view.payload["legal"][0])
    assert again is not None
    view.click(f"grid:{again.position}")
    assert call.calls[-1].card == again.card
    assert call.calls[-1].chance == (1 if again.card.kind == "digger" else 0)


def test_a_call_is_one_of_the_three_kinds_and_needs_a_seat() -> None:
    call = CardCall(lesson_table(seed=1))
    with pytest.raises(ValueError, match="gold, digger, dynamite"):
        call.choose("joker")
    with pytest.raises(ValueError, match="seat"):
        CardCall(GameView(lesson_table(seed=1).table.state, seat="all"))


def test_lesson_3s_table_plays_against_a_memory_bot_in_memory_mode() -> None:
    view = memory.memory_table("perfect")
    assert (view.seat, view.locked, view.memory) == (0, True, True)
    assert view.table.bots == {1: "perfect"} and view.payload["memory_toggle"]
    for _ in range(2):
        view.click(view.payload["legal"][0])
    assert view.table.state.current_player == 0  # the bot played its turn
    labels = [o["label"] for o in view.payload["odds"]]
    assert not any("I remember" in label for label in labels)  # memory is the player's job


def test_lesson_1s_table_calls_cards() -> None:
    board = flip_the_odds.table()
    assert isinstance(board, CardCall) and board.view.locked and not board.view.memory


def replayed(steps: Sequence[str], seed: int) -> Any:
    """The two-player Mount Goldrush of ``seed`` played as ``steps`` (a saved record's flips
    and reveals) say, or None when the seed turns up other cards."""
    state = goldlab.make("goldrush", players=2, seed=seed)
    history = state._history  # read in place: the reveals chance made from the seed
    for number, text in enumerate(steps):
        if number < len(history):
            if str(history[number].action) != text:
                return None
        else:
            state.apply(text)
    return state


def seeds_that_replay(steps: Sequence[str], tried: range) -> list[int]:
    """The seeds among ``tried`` that turn up the cards of ``steps``: how a student would
    find a table's seed from a saved record, and with it the next card."""
    return [seed for seed in tried if replayed(steps, seed) is not None]


FRESH = 0x2F3A_91C4_5D7E_0B68
"""A fresh 63-bit seed, as the lesson table draws one (fixed here, so the test plays the same
game each run: with a seed drawn anew, a short record of common cards, a dynamite or a gold 2,
is turned up by one small seed in 100,000 now and then, by chance, not by finding the seed)."""


def test_a_students_save_of_a_lesson_table_cannot_predict_the_next_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import goldlab.core.state

    class Fresh:  # what the table asks for a seed: one 63-bit number
        def randrange(self, stop: int) -> int:
            assert stop == 2**63
            return FRESH

    monkeypatch.setattr(goldlab.core.state.random, "SystemRandom", Fresh)
    view = flip_the_odds.table().view  # lesson 1: no memory mode, so the class may save
    assert view.table.state.seed == FRESH
    for _ in range(4):  # two turns of the class, two of the computer
        view.click(view.payload["legal"][0])
    record = json.loads(view.save())
    assert record["seed"] is None and len(record["steps"]) >= 12
    assert seeds_that_replay(record["steps"], range(100_001)) == []

    fixed = lesson_table(seed=2024)  # the seed lesson 1 dealt from before: found at once
    for _ in range(4):
        fixed.click(fixed.payload["legal"][0])
    steps = json.loads(fixed.save())["steps"]
    assert seeds_that_replay(steps, range(2100)) == [2024]
    guess = replayed(steps, 2024)
    blind = guess.observation(0).never_flipped()[0]
    guess.apply(f"flip {blind}")  # the seed says which card lies there
    fixed.click(f"grid:{blind}")
    real = fixed.table.state.history
    assert [str(s.action) for s in real[len(steps):len(steps) + 2]] == [
        str(s.action) for s in guess.history[len(steps):]]


def test_lesson_tables_deal_from_fresh_63_bit_seeds_unless_the_teacher_gives_one() -> None:
    seeds = {flip_the_odds.table().view.table.state.seed, memory.memory_table().table.state.seed,
             lesson_table().table.state.seed}
    assert len(seeds) == 3 and all(2**20 < s < 2**63 for s in seeds)
    assert memory.memory_table(seed=7).table.state.seed == 7


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_lesson_shows_its_game_board_to_students(name: str) -> None:
    student = student_version(load(name))
    assert any(c.cell_type == "code" and BOARDS[name][1] in c.source for c in student.cells)


def test_lesson_2_animates_one_more_game_from_a_button() -> None:
    student = student_version(load("2-is-the-first-player-lucky.ipynb"))
    assert any(c.cell_type == "code" and "lesson.one_more_game(runs)" in c.source
               for c in student.cells)
    assert first_player.one_more_game.__defaults__ is not None


def board_payload(module: ModuleType, source: str) -> str:
    """Everything the board of a cell shows (its view's payload), as text.  A board that
    waits for its questions (``lesson.after(keys, lesson.table, ...)``) is made as the
    lesson makes it once they are answered."""
    call = "\n".join(line.split("  #")[0] for line in source.splitlines()
                     if not line.lstrip().startswith("#")).strip()  # the cell's one call
    waits = re.fullmatch(r"lesson\.after\((.+?), (lesson\.\w+)\b.*\)", call, re.DOTALL)
    shown = eval(f"{waits.group(2)}()" if waits else call, {"lesson": module})
    view = shown.view if isinstance(shown, CardCall) else shown
    assert isinstance(view, GameView)
    return str(view.payload)


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_board_shows_no_answer_to_a_question_asked_after_it(name: str) -> None:
    module, call = BOARDS[name]
    cells = [c for c in student_version(load(name)).cells if c.cell_type == "code"]
    at = next(i for i, c in enumerate(cells) if call in c.source)
    shown = board_payload(module, cells[at].source)
    later = {m.group(1) for c in cells[at + 1:]
             for m in re.finditer(r"""(?:ask|check)\(["'](\w+)["']""", c.source)}
    leaks = {key: [f for f in answer_forms(module.quiz.question(key).answer)
                   if re.search(rf"(?<![\d./]){re.escape(f)}(?![\d/])", shown)]
             for key in later}
    assert {k: v for k, v in leaks.items() if v} == {}
    earlier = {m.group(1) for c in cells[:at]
               for m in re.finditer(r"""ask\(["'](\w+)["']""", c.source)}
    assert earlier  # the board comes after questions its odds would answer
