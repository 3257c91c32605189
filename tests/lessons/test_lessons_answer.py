"""Answer boxes and prediction boxes: the questions answered in the page, as in Voila."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import goldlab.lessons
from goldlab.lessons import Quiz
from goldlab.lessons.answer import LIMIT, Prediction, answer_box

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
