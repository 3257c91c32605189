"""A lesson inside a class sends the student's guess and trials to the class store; outside
a class it sends nothing and writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from goldlab.classroom import ClassStore, new_session
from goldlab.classroom.store import PER_MINUTE
from goldlab.lessons import together
from goldlab.lessons.answer import Prediction
from goldlab.lessons.together import CLASS_ENV, TRIALS, ClassExperiment, member

GUESS = ("1-flip-the-odds", "both_gold")


@pytest.fixture
def in_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    store = ClassStore.create(tmp_path / "class.sqlite")
    monkeypatch.setenv(CLASS_ENV, str(store.path))
    together._MEMBER.clear()
    yield store
    together._MEMBER.clear()


def test_outside_a_class_nothing_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CLASS_ENV, raising=False)
    together._MEMBER.clear()
    assert member() is None
    guess = Prediction("0.2", pool=GUESS)
    guess.text.value = "1/5"
    guess.save()
    assert guess.value == 0.2 and "class" not in guess.output.value
    experiment = ClassExperiment("1-flip-the-odds", "first_flip", batch=5)
    experiment.run()
    assert experiment.trials == 5 and "class" not in experiment.output.value


def test_a_wrong_class_file_leaves_the_lesson_working(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_ENV, str(tmp_path / "nowhere.sqlite"))
    together._MEMBER.clear()
    assert member() is None
    together._MEMBER.clear()


def test_a_saved_guess_goes_to_the_class_under_the_students_name(in_class: ClassStore) -> None:
    guess = Prediction("0.2", pool=GUESS)
    guess.text.value = "0.3"
    guess.save()  # no name yet: nothing stored, nothing sent
    assert guess.value is None and "name" in guess.output.value
    assert in_class.rows(token=in_class.token) == []
    name = guess.widget.children[0].children[0]
    name.value = "  Ann   Lee "
    guess.save()
    assert guess.value == 0.3 and "Sent to the class" in guess.output.value
    (row,) = in_class.rows(token=in_class.token)
    assert (row["name"], row["lesson"], row["key"], row["value"]) == ("Ann Lee", *GUESS, 0.3)


def test_each_batch_of_trials_goes_to_the_class(in_class: ClassStore) -> None:
    experiment = ClassExperiment("1-flip-the-odds", "first_flip", batch=10)
    experiment.run()
    assert experiment.trials == 0 and "name" in experiment.output.value
    assert experiment.member is not None
    experiment.member.name = "Bob"
    experiment.run()
    experiment.run()
    pooled = in_class.pooled("1-flip-the-odds", "first_flip", token=in_class.token)
    assert (pooled.successes, pooled.trials) == (experiment.successes, 20)
    assert pooled.students == (("Bob", experiment.successes, 20),)


def test_a_refusal_from_the_class_is_a_sentence_not_a_traceback(in_class: ClassStore) -> None:
    experiment = ClassExperiment("1-flip-the-odds", "first_flip", batch=5)
    assert experiment.member is not None
    experiment.member.name = "Bob"
    for _ in range(PER_MINUTE):
        experiment.run()
    experiment.run()
    assert "Not sent to the class" in experiment.output.value
    assert experiment.trials == 5 * (PER_MINUTE + 1)  # the student's own count goes on


def test_a_forged_batch_size_runs_a_bounded_batch() -> None:
    experiment = ClassExperiment("4-risk-and-expected-value", "refills", batch=5, who=None)
    experiment.batch.value = 5
    experiment.batch.options = [5, 10**9]
    experiment.batch.value = 10**9
    experiment.run()
    assert experiment.trials == 5


@pytest.mark.parametrize("experiment", sorted(TRIALS))
def test_every_experiment_counts_successes_among_its_trials(experiment: tuple[str, str]) -> None:
    trial = TRIALS[experiment]
    won = trial(6, 12345)
    assert 0 <= won <= 6
    assert trial(6, 12345) == won  # a seed is a batch: the same seed, the same trials


def test_unknown_experiments_and_batches_are_refused() -> None:
    with pytest.raises(KeyError):
        ClassExperiment("1-flip-the-odds", "both_gold", who=None)  # a prediction, no trials
    with pytest.raises(ValueError, match="batch"):
        ClassExperiment("1-flip-the-odds", "first_flip", batch=7, who=None)


def test_the_class_result_reaches_a_students_page_only_once_revealed(
        in_class: ClassStore) -> None:
    experiment = ClassExperiment("1-flip-the-odds", "first_flip", batch=5)
    assert experiment.member is not None
    experiment.member.name = "Bob"
    in_class.submit(new_session(), "Ann", "1-flip-the-odds", "first_flip",
                    {"successes": 2, "trials": 5}, nonce="a")
    experiment.run()
    assert "whole class" not in experiment.output.value  # the teacher has not revealed it
    in_class.reveal(in_class.token, "1-flip-the-odds", "first_flip")
    experiment.run()
    assert "The whole class so far:</b> " in experiment.output.value
    assert "of 15 (" in experiment.output.value and "from 2 students" in experiment.output.value
