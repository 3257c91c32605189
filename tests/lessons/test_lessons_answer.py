"""Answer boxes and prediction boxes: the questions answered in the page, as in Voila."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import goldlab.lessons
from goldlab.lessons import Quiz
from goldlab.lessons.answer import EXAMPLE, EXAMPLES, LIMIT, Prediction, after, answer_box

MODULES = [m for m in (importlib.import_module(f"goldlab.lessons.{i.name}")
                       for i in pkgutil.iter_modules(goldlab.lessons.__path__))
           if isinstance(getattr(m, "quiz", None), Quiz)]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_question_has_a_box_that_says_what_check_says(module: object) -> None:
    quiz = module.quiz  # type: ignore[attr-defined]
    for key in quiz.keys():  # noqa: SIM118 (a Quiz)
        box = module.ask(key)  # type: ignore[attr-defined]
        answer = quiz.question(key).answer
        for typed in (str(answer), "0.5", "abc"):
            box.text.value = typed
            box.button.click()
            expected = module.check(key, typed)  # type: ignore[attr-defined]
            assert box.feedback is not None and str(box.feedback) == str(expected)
            assert box.output.value == expected._repr_html_()
        box.text.value = str(answer)
        box.submit()
        assert box.feedback and "Right" in box.output.value


def test_the_box_refuses_nothing_and_too_much_with_a_message() -> None:
    from goldlab.lessons import flip_the_odds

    box = flip_the_odds.ask("first_gold")
    box.text.value = ""
    box.submit()
    assert box.feedback is None and "Type your answer" in box.output.value
    box.text.value = "1" * (LIMIT + 1)
    box.submit()
    assert box.feedback is None and "characters" in box.output.value
    box.text.value = "3/0"
    box.submit()
    assert box.feedback is not None and not box.feedback and "give a number" in box.output.value


def test_a_hint_that_raises_shows_a_message_not_a_traceback() -> None:
    from goldlab.lessons import Question

    def broken(_: object) -> bool:
        raise RuntimeError("bug in a hint")

    quiz = Quiz("t", [Question("q", "?", 0.5, hints=((broken, "never"),))])
    box = answer_box(quiz, "q", lambda key, given: (_ for _ in ()).throw(RuntimeError()))
    box.text.value = "0.3"
    box.submit()
    assert "could not read" in box.output.value


def test_a_prediction_is_stored_locked_and_shown_beside_the_result() -> None:
    guess = Prediction("0.2")
    beside = guess.beside(lambda g: f"you guessed {g:.0%}, the games say 55 %")
    assert guess.value is None and "Save your guess" in beside.value
    for bad in ("", "lots", "150", "-1"):
        guess.text.value = bad
        guess.save()
        assert guess.value is None and "b3261e" in guess.output.value  # a message in red
    guess.text.value = "20 %"
    guess.button.click()
    assert guess.value == 0.2 and guess.text.disabled and guess.button.disabled
    assert beside.value == "you guessed 20%, the games say 55 %"
    assert guess.beside(lambda g: f"{g}").value == "0.2"  # a result shown later sees it too


def test_the_answer_box_shows_the_prediction_with_the_feedback() -> None:
    from goldlab.lessons import flip_the_odds

    guess = Prediction()
    guess.text.value = "0.2"
    guess.save()
    box = flip_the_odds.ask("both_gold", guess=guess)
    box.text.value = "23/168"
    box.submit()
    assert "Right" in box.output.value and "Your prediction was 20 %" in box.output.value


# --------------------------------------------------------------------------- no answer given away


def fresh_quiz() -> Quiz:
    from fractions import Fraction

    from goldlab.lessons import Question

    return Quiz("t", [Question("gold", "Chance of gold?", Fraction(3, 8)),
                      Question("count", "How many?", 4, tolerance=0.0, probability=False)])


def test_show_me_waits_for_a_try_then_shows_the_answer_and_says_it_was_shown() -> None:
    quiz = fresh_quiz()
    box = answer_box(quiz, "gold")
    assert box.show_me.disabled  # nothing tried yet
    box.give_up()
    assert box.feedback is None and quiz.settled("gold") is None
    box.text.value = ""
    box.submit()  # an empty box is no try
    assert box.show_me.disabled
    box.text.value = "0.5"
    assert not box.show_me.disabled and quiz.settled("gold") is None
    box.show_me.click()
    assert box.feedback is not None and not box.feedback.correct
    assert "3/8" in box.output.value and "Shown, not answered" in box.output.value
    assert quiz.settled("gold") == "shown" and box.show_me.disabled


def test_what_waits_for_a_question_shows_once_it_is_answered_right() -> None:
    quiz = fresh_quiz()
    made: list[str] = []

    def content() -> str:
        made.append("made")
        return "the engine's exact odds: 3/8"

    waiting = after(quiz, "gold", content, what="the engine's exact odds")
    assert not waiting.is_open and made == []  # not even computed yet
    (lock,) = waiting.widget.children
    assert "3/8" not in lock.value and "gold" in lock.value
    assert not quiz.check("gold", "0.5") and not waiting.is_open
    assert quiz.check("gold", "3/8") and quiz.settled("gold") == "answered"
    assert waiting.is_open and "3/8" in waiting.widget.children[0].value
    later = after(quiz, "gold", lambda: "again")  # a teacher's run: answered before
    assert later.is_open and made == ["made"]
    other = after(quiz, "count", lambda: "4")
    assert not other.is_open  # each question opens only its own


def test_a_settled_question_opens_widgets_and_charts_too() -> None:
    import ipywidgets as widgets

    quiz = fresh_quiz()
    slider = widgets.IntSlider()
    as_widget = after(quiz, "gold", lambda: slider)
    as_display = after(quiz, "gold", lambda: {"exact": "3/8"})
    quiz.show_answer("gold")
    assert as_widget.widget.children == (slider,)
    (output,) = as_display.widget.children
    assert isinstance(output, widgets.Output) and "3/8" in str(output.outputs)


def lesson_examples() -> list[str]:
    """Every example a lesson offers for an answer: the boxes' placeholders, each
    prediction's example, and each number in backticks or quotes that the lessons' pages
    offer as a form to type ("a fraction such as `2/9`", `check("key", "2/9")`)."""
    import re

    import nbformat

    from goldlab.lessons.student import LESSONS

    examples = list(EXAMPLES)
    for path in sorted(LESSONS.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if {"solution", "teacher"} & set(cell.metadata.get("tags", [])):
                continue
            examples += re.findall(r"(?:such as|e\.g\.|like) `([\d./ %]+)`", cell.source)
            examples += re.findall(r"`\(?([\d.]+/?[\d.]* ?%?)\)?`", cell.source)
            examples += re.findall(r'check\("\w+", "([^"]+)"\)', cell.source)
            examples += re.findall(r'Prediction\("([^"]+)"', cell.source)
    return sorted(set(examples))


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_no_example_a_lesson_offers_answers_any_question(module: object) -> None:
    examples = lesson_examples()
    assert {"2/9", "0.22", "22 %"} <= set(examples) and len(examples) > 5
    quiz = module.quiz  # type: ignore[attr-defined]
    right = {(key, example) for key in quiz.keys() for example in examples  # noqa: SIM118
             if quiz.question(key).answer is not True and module.check(  # type: ignore[attr-defined]
                 key, example).correct}
    assert right == set()


def test_the_boxes_show_the_examples_and_nothing_else() -> None:
    from goldlab.lessons import flip_the_odds

    box = flip_the_odds.ask("first_gold")
    assert box.text.placeholder == f"your answer, e.g. {EXAMPLE}"
    box.text.value = "what?"
    assert EXAMPLE in str(box.feedback) or "not 'what?'" in str(box.feedback)
